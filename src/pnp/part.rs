//! The `.part` file an export is written to before it is renamed over its
//! target, claimed so that what a killed run left is taken over by the next
//! run, and a run still going is never written over.
//!
//! [`claim`] opens `<target>.part` without truncating it and takes an
//! exclusive lock on it (`flock`): a lock that cannot be had means another
//! export is writing that very file now, which is said, and nothing is
//! touched; a lock that can be had means any bytes in the file were left by
//! a run that was killed (a lock dies with its process), and they are
//! dropped. The lock lasts as long as the returned file is open.

use std::fs::{File, OpenOptions, TryLockError};
use std::path::{Path, PathBuf};

use super::PnpError;

/// `<target>.part`.
pub fn part_of(target: &Path) -> PathBuf {
    let mut s = target.as_os_str().to_owned();
    s.push(".part");
    PathBuf::from(s)
}

/// Claims `<target>.part` for writing: the file, empty, locked, and its
/// path.
pub fn claim(target: &Path) -> Result<(File, PathBuf), PnpError> {
    let path = part_of(target);
    let werr = |reason: String| PnpError::Write {
        path: target.to_path_buf(),
        reason,
    };
    let file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)
        .map_err(|e| werr(e.to_string()))?;
    match file.try_lock() {
        Ok(()) => {}
        Err(TryLockError::WouldBlock) => {
            return Err(werr(format!(
                "another export is writing it now ({} is locked); try again when it is done",
                path.display()
            )));
        }
        Err(TryLockError::Error(e)) => return Err(werr(e.to_string())),
    }
    // anything in it was left by a run that was killed
    file.set_len(0).map_err(|e| werr(e.to_string()))?;
    Ok((file, path))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_leftover_is_taken_over_and_a_live_claim_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("deck.pdf");
        std::fs::write(part_of(&target), b"half a PDF from a killed run").unwrap();
        let (file, path) = claim(&target).unwrap();
        assert_eq!(std::fs::metadata(&path).unwrap().len(), 0);
        let e = claim(&target).unwrap_err().to_string();
        assert!(e.contains("another export is writing it now"), "{e}");
        assert!(e.contains("deck.pdf"), "{e}");
        drop(file);
        assert!(claim(&target).is_ok(), "free again once the first is done");
    }
}
