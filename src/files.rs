//! Writing a whole file so that a failure never costs the old one: the bytes
//! go to `<file>.partial` beside it, are synced to disk, and only then
//! renamed over the file. On a full disk, a cancelled run or a crash, the
//! file is either the old one or the new one, never a truncated mix (the
//! way `pdf` and `backup` already write).

use std::io::Write;
use std::path::{Path, PathBuf};

/// Replaces (or creates) `path` with `bytes` (see the module docs).
pub fn write_replacing(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let partial = partial_of(path);
    let written = std::fs::File::create(&partial).and_then(|mut f| {
        f.write_all(bytes)?;
        f.sync_all()
    });
    let renamed = written.and_then(|()| std::fs::rename(&partial, path));
    if renamed.is_err() {
        let _ = std::fs::remove_file(&partial);
    }
    renamed
}

/// `<path>.partial`.
fn partial_of(path: &Path) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(".partial");
    PathBuf::from(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_write_keeps_the_old_file_and_leaves_nothing_beside_it() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("deck.txt");
        write_replacing(&file, b"old").unwrap();
        write_replacing(&file, b"new").unwrap();
        assert_eq!(std::fs::read(&file).unwrap(), b"new");
        // a folder where the partial file would go: the write fails
        std::fs::create_dir(partial_of(&file)).unwrap();
        assert!(write_replacing(&file, b"newer").is_err());
        assert_eq!(std::fs::read(&file).unwrap(), b"new");
        std::fs::remove_dir(partial_of(&file)).unwrap();
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }
}
