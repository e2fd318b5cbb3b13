//! Opening a database file: read-write when this process may write it,
//! read-only otherwise, so that a read-only database can always be read and a
//! run never leaves files behind that break the next one.
//!
//! Why this needs care: a WAL database is read through two files beside it,
//! `-wal` and `-shm`. SQLite creates them on the first read — even on a
//! read-only connection — copying the permissions of the database file, so a
//! read-only database used to gain read-only `-wal`/`-shm` files that made
//! every later write fail ("attempt to write a readonly database"), even after
//! the database was made writable again. In a read-only folder they cannot be
//! created at all, and reading fails.
//!
//! So, before connecting, [`access`] asks the system (`access(2)`, which is
//! what the kernel will allow this process, root included) whether the file,
//! its folder and any existing `-wal`/`-shm` are writable. When one is not,
//! [`connect`] opens the file read-only, and as *immutable* when no `-wal` file
//! holds changes: SQLite then reads the database file alone and creates
//! nothing (sqlite.org/uri.html#uriimmutable). When a non-empty `-wal` exists
//! (another Deckwright has the database open, or one stopped without closing
//! it), its changes must be read, so the connection is an ordinary read-only
//! one, which needs the `-shm` file to exist or be creatable
//! (sqlite.org/wal.html#readonly). The price of *immutable*: a process that
//! can write the file and does so while we read is not seen; a database this
//! process cannot write is not expected to change under it.

use std::path::{Path, PathBuf};

use rusqlite::{Connection, OpenFlags};

use super::StoreError;

/// How a database file is opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Access {
    ReadWrite,
    /// Read-only, with the reason for the message when a write is refused.
    ReadOnly(String),
}

/// The file SQLite keeps beside the database with this suffix (`-wal`, `-shm`).
pub(crate) fn sidecar(path: &Path, suffix: &str) -> PathBuf {
    let mut s = path.as_os_str().to_os_string();
    s.push(suffix);
    PathBuf::from(s)
}

/// The folder holding the database file (`.` for a bare file name).
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// Whether this process may write the file at `path`.
#[cfg(unix)]
fn writable(path: &Path) -> bool {
    rustix::fs::access(path, rustix::fs::Access::WRITE_OK).is_ok()
}

#[cfg(not(unix))]
fn writable(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| !m.permissions().readonly())
}

/// Whether this process may create files in the folder.
#[cfg(unix)]
fn folder_writable(dir: &Path) -> bool {
    writable(dir)
}

/// Windows ignores the read-only attribute of folders.
#[cfg(not(unix))]
fn folder_writable(_dir: &Path) -> bool {
    true
}

/// The size of a file, `None` when there is none.
fn size(path: &Path) -> Option<u64> {
    std::fs::metadata(path).ok().map(|m| m.len())
}

/// What kind of thing is at `path`, for a path that is not a regular file.
fn kind(meta: &std::fs::Metadata) -> &'static str {
    if meta.is_dir() {
        "a folder"
    } else {
        "a device or other special file"
    }
}

/// How the database at `path` can be opened: `Ok(None)` when there is no file
/// yet (it will be created), else read-write or read-only with the reason.
/// With `read_only` it is read-only whatever the permissions.
pub(crate) fn access(path: &Path, read_only: bool) -> Result<Option<Access>, StoreError> {
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        // no file (or a file where a folder should be: creating the
        // folders then says so)
        Err(e)
            if matches!(
                e.kind(),
                std::io::ErrorKind::NotFound | std::io::ErrorKind::NotADirectory
            ) =>
        {
            return Ok(None);
        }
        Err(source) => {
            return Err(StoreError::Inspect {
                path: path.to_path_buf(),
                source,
            });
        }
    };
    if !meta.is_file() {
        return Err(StoreError::NotAFile {
            path: path.to_path_buf(),
            what: kind(&meta),
        });
    }
    if read_only {
        return Ok(Some(Access::ReadOnly("opened with --read-only".into())));
    }
    if !writable(path) {
        return Ok(Some(Access::ReadOnly("the file is not writable".into())));
    }
    let folder = folder_of(path);
    if !folder_writable(folder) {
        return Ok(Some(Access::ReadOnly(format!(
            "its folder {} is not writable",
            folder.display()
        ))));
    }
    for suffix in ["-wal", "-shm"] {
        let side = sidecar(path, suffix);
        if side.exists() && !writable(&side) {
            return Ok(Some(Access::ReadOnly(format!(
                "{} is not writable",
                side.display()
            ))));
        }
    }
    if disk_full(folder) {
        return Ok(Some(Access::ReadOnly(
            "the disk holding it is full: free some space to change it".into(),
        )));
    }
    Ok(Some(Access::ReadWrite))
}

/// Below this much free space, the disk holding a database counts as full:
/// opened for writing, SQLite creates its `-wal` and `-shm` files even to
/// read, and on a full disk that fails ("disk I/O error"), so reads would
/// fail too. Read-only (and immutable), the database reads on a full disk.
const FULL_BELOW: u64 = 1 << 20;

/// Whether the file system holding `dir` has less than [`FULL_BELOW`] free
/// for this user.
#[cfg(unix)]
fn disk_full(dir: &Path) -> bool {
    rustix::fs::statvfs(dir).is_ok_and(|s| s.f_bavail.saturating_mul(s.f_frsize) < FULL_BELOW)
}

#[cfg(not(unix))]
fn disk_full(_dir: &Path) -> bool {
    false
}

/// Connects to the database at `path` the way `access` says (read-write
/// creates a missing file).
pub(crate) fn connect(path: &Path, access: &Access) -> Result<Connection, StoreError> {
    let open_err = |source| StoreError::Open {
        path: path.to_path_buf(),
        source,
    };
    match access {
        Access::ReadWrite => Connection::open(path).map_err(open_err),
        Access::ReadOnly(_) => {
            let wal = sidecar(path, "-wal");
            let wal_has_changes = size(&wal).is_some_and(|n| n > 0);
            let shm = sidecar(path, "-shm");
            if wal_has_changes && !shm.exists() && !folder_writable(folder_of(path)) {
                return Err(StoreError::UnreadableWal {
                    path: path.to_path_buf(),
                    wal,
                    shm,
                });
            }
            let flags = OpenFlags::SQLITE_OPEN_READ_ONLY
                | OpenFlags::SQLITE_OPEN_URI
                | OpenFlags::SQLITE_OPEN_NO_MUTEX;
            Connection::open_with_flags(read_only_uri(path, !wal_has_changes), flags)
                .map_err(open_err)
        }
    }
}

/// A `file:` URI opening `path` read-only (and immutable), its bytes
/// percent-encoded so that `?`, `#` and `%` in a path stay part of it.
#[cfg(unix)]
fn read_only_uri(path: &Path, immutable: bool) -> String {
    use std::os::unix::ffi::OsStrExt;
    let mut uri = String::from("file:");
    for &b in path.as_os_str().as_bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            uri.push(char::from(b));
        } else {
            uri.push_str(&format!("%{b:02X}"));
        }
    }
    uri.push_str("?mode=ro");
    if immutable {
        uri.push_str("&immutable=1");
    }
    uri
}

/// Elsewhere the plain path, opened read-only by the flags (folders there are
/// always writable, so the `-shm` file can be created).
#[cfg(not(unix))]
fn read_only_uri(path: &Path, _immutable: bool) -> PathBuf {
    path.to_path_buf()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sidecars_sit_beside_the_file() {
        assert_eq!(
            sidecar(Path::new("/a/b.db"), "-wal"),
            PathBuf::from("/a/b.db-wal")
        );
        assert_eq!(folder_of(Path::new("b.db")), Path::new("."));
        assert_eq!(folder_of(Path::new("/a/b.db")), Path::new("/a"));
    }

    #[cfg(unix)]
    #[test]
    fn uris_escape_what_sqlite_would_read_as_syntax() {
        assert_eq!(
            read_only_uri(Path::new("/tmp/my db?#%.db"), true),
            "file:/tmp/my%20db%3F%23%25.db?mode=ro&immutable=1"
        );
        assert_eq!(
            read_only_uri(Path::new("rel/ü.db"), false),
            "file:rel/%C3%BC.db?mode=ro"
        );
    }

    #[test]
    fn a_missing_file_is_created_and_a_folder_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(access(&dir.path().join("new.db"), false).unwrap(), None);
        let err = access(dir.path(), false).unwrap_err();
        assert!(err.to_string().contains("it is a folder"), "{err}");
        let file = dir.path().join("x.db");
        std::fs::write(&file, b"").unwrap();
        assert_eq!(access(&file, false).unwrap(), Some(Access::ReadWrite));
        assert!(matches!(
            access(&file, true).unwrap(),
            Some(Access::ReadOnly(_))
        ));
    }
}
