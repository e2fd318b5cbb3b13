//! Files in and out, the careful way.
//!
//! In: every file read by a name that came from the command line or from
//! another file (a scenario's catalog, a catalog's pictures, an export
//! folder's files) is opened by [`open_regular`]: it must be a regular file
//! once links are followed — a folder, a device such as `/dev/zero`, a named
//! pipe (which would block the read for ever) or a socket is refused before
//! it is read — and [`read_capped`] reads at most a size cap that fits the
//! kind of file, so no file can flood memory.
//!
//! Out: writing a whole file so that a failure never costs the old one: the
//! bytes go to `<file>.partial` beside it, are synced to disk, and only then
//! renamed over the file. On a full disk, a cancelled run or a crash, the
//! file is either the old one or the new one, never a truncated mix (the
//! way `pdf` and `backup` already write).

use std::fmt;
use std::fs::File;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// The most a text file read whole may hold (a deck list, a scenario, a
/// game file, a collection CSV, an export's TOML): far above any real one.
pub const TEXT_CAP: u64 = 64 << 20;

/// The most a catalog file may hold: a catalog above 4 MB is read a card at
/// a time, so this is about the time spent, not memory (100,000 cards are
/// about 21 MB).
pub const CATALOG_CAP: u64 = 512 << 20;

/// Why a file was not read.
#[derive(Debug)]
pub enum Unreadable {
    /// The system's error (no such file, permission denied, ...).
    Io(std::io::Error),
    /// Not a regular file: what it is ("a folder", "a named pipe (FIFO)", ...).
    NotAFile(&'static str),
    /// Larger than the cap for its kind.
    TooBig { size: u64, cap: u64 },
}

impl fmt::Display for Unreadable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unreadable::Io(e) => match e.kind() {
                std::io::ErrorKind::NotFound => f.write_str("no such file"),
                std::io::ErrorKind::PermissionDenied => f.write_str("permission denied"),
                _ => write!(f, "{e}"),
            },
            Unreadable::NotAFile(what) => {
                write!(f, "it is {what}, not a regular file; nothing was read")
            }
            Unreadable::TooBig { size, cap } => write!(
                f,
                "it is {} MB, more than a file of this kind may be ({} MB); nothing was read",
                size.div_ceil(1 << 20),
                cap >> 20
            ),
        }
    }
}

impl std::error::Error for Unreadable {}

impl Unreadable {
    /// Whether the file is not there.
    pub fn is_missing(&self) -> bool {
        matches!(self, Unreadable::Io(e) if e.kind() == std::io::ErrorKind::NotFound)
    }
}

/// What a path that is not a regular file is, for messages.
fn kind_of(meta: &std::fs::Metadata) -> &'static str {
    let t = meta.file_type();
    if t.is_dir() {
        return "a folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a named pipe (FIFO)";
        }
        if t.is_socket() {
            return "a socket";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
    }
    "a special file"
}

/// Opens `path` for reading only if it is a regular file (after links);
/// returns the file and its size. A named pipe is opened without waiting
/// for a writer (non-blocking) and then refused, so no path can hang a read.
pub fn open_regular(path: &Path) -> Result<(File, u64), Unreadable> {
    let meta = std::fs::metadata(path).map_err(Unreadable::Io)?;
    if !meta.is_file() {
        return Err(Unreadable::NotAFile(kind_of(&meta)));
    }
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // (the path may have been swapped for a pipe since it was looked at)
        options.custom_flags(rustix::fs::OFlags::NONBLOCK.bits() as i32);
    }
    let file = options.open(path).map_err(Unreadable::Io)?;
    let meta = file.metadata().map_err(Unreadable::Io)?;
    if !meta.is_file() {
        return Err(Unreadable::NotAFile(kind_of(&meta)));
    }
    Ok((file, meta.len()))
}

/// Reads the whole regular file at `path` if it holds at most `cap` bytes
/// (see the module docs).
pub fn read_capped(path: &Path, cap: u64) -> Result<Vec<u8>, Unreadable> {
    let (file, size) = open_regular(path)?;
    if size > cap {
        return Err(Unreadable::TooBig { size, cap });
    }
    let mut bytes = Vec::with_capacity(usize::try_from(size).unwrap_or(0));
    // (`take`: a file that grew since it was measured is read no further)
    file.take(cap + 1)
        .read_to_end(&mut bytes)
        .map_err(Unreadable::Io)?;
    if bytes.len() as u64 > cap {
        return Err(Unreadable::TooBig {
            size: bytes.len() as u64,
            cap,
        });
    }
    Ok(bytes)
}

/// Replaces (or creates) `path` with `bytes` (see the module docs).
pub fn write_replacing(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write_replacing_all(&[(path, bytes)])
}

/// Replaces several files that go together (a sheet and its cut file): all
/// are written to `<file>.partial` and synced first, and renamed over their
/// files only once every one is whole — a full disk leaves all the old
/// files as they were, and no `.partial` behind.
pub fn write_replacing_all(files: &[(&Path, &[u8])]) -> std::io::Result<()> {
    let mut written = Vec::with_capacity(files.len());
    let mut result = Ok(());
    for (path, bytes) in files {
        let partial = partial_of(path);
        let w = std::fs::File::create(&partial).and_then(|mut f| {
            f.write_all(bytes)?;
            f.sync_all()
        });
        written.push(partial);
        if let Err(e) = w {
            result = Err(e);
            break;
        }
    }
    if result.is_ok() {
        for ((path, _), partial) in files.iter().zip(&written) {
            if let Err(e) = std::fs::rename(partial, path) {
                result = Err(e);
                break;
            }
        }
    }
    if result.is_err() {
        for partial in &written {
            let _ = std::fs::remove_file(partial);
        }
    }
    result
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

    #[cfg(unix)]
    #[test]
    fn special_files_are_refused_before_they_are_read() {
        let e = read_capped(Path::new("/dev/zero"), TEXT_CAP).unwrap_err();
        assert!(
            e.to_string().contains("a device, not a regular file"),
            "{e}"
        );
        let dir = tempfile::tempdir().unwrap();
        let e = read_capped(dir.path(), TEXT_CAP).unwrap_err();
        assert!(e.to_string().contains("a folder"), "{e}");
        let fifo = dir.path().join("pipe");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            let e = read_capped(&fifo, TEXT_CAP).unwrap_err();
            assert!(e.to_string().contains("named pipe"), "{e}");
            // a link to it is followed and refused too
            let link = dir.path().join("link");
            std::os::unix::fs::symlink(&fifo, &link).unwrap();
            assert!(matches!(
                read_capped(&link, TEXT_CAP),
                Err(Unreadable::NotAFile(_))
            ));
        }
        let big = dir.path().join("big.txt");
        std::fs::write(&big, vec![b'x'; 2048]).unwrap();
        let e = read_capped(&big, 1024).unwrap_err();
        assert!(
            matches!(
                e,
                Unreadable::TooBig {
                    size: 2048,
                    cap: 1024
                }
            ),
            "{e}"
        );
        assert_eq!(read_capped(&big, 2048).unwrap().len(), 2048);
        assert!(
            read_capped(&dir.path().join("none"), 10)
                .unwrap_err()
                .is_missing()
        );
    }

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
