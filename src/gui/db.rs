//! The app's way to the database: every query runs off the UI thread.
//!
//! The app keeps the database *path*, not an open [`Store`]: a `Store` holds a
//! SQLite connection that is not `Sync`, and iced runs tasks on a thread pool.
//! Each task opens a short-lived `Store` on a thread of its own, does its work
//! and closes it; SQLite's WAL mode (set by [`Store::open`]) lets these
//! connections, and the CLI, read while another writes. Opening costs well
//! under a millisecond once the file exists and is migrated.
//!
//! Results come back as `Result<T, String>`: messages must be `Clone`, and
//! the store's errors are already sentences for the user.

use std::future::Future;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use iced::futures::channel::oneshot;

use crate::store::{self, Store};

/// The database the app works on.
#[derive(Clone, Debug)]
pub struct Db {
    path: Arc<PathBuf>,
}

impl Db {
    pub fn new(path: impl Into<PathBuf>) -> Db {
        Db {
            path: Arc::new(path.into()),
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Runs `f` on a store opened for this call, on its own thread.
    pub fn run<T, F>(&self, f: F) -> impl Future<Output = Result<T, String>> + Send + 'static
    where
        T: Send + 'static,
        F: FnOnce(&mut Store) -> store::Result<T> + Send + 'static,
    {
        let path = Arc::clone(&self.path);
        blocking(move || {
            let mut store = Store::open(path.as_path()).map_err(|e| e.to_string())?;
            f(&mut store).map_err(|e| e.to_string())
        })
    }

    /// [`Db::run`] for work whose own errors are already strings (file
    /// parsing with line numbers, then a store call).
    pub fn run_with<T, F>(&self, f: F) -> impl Future<Output = Result<T, String>> + Send + 'static
    where
        T: Send + 'static,
        F: FnOnce(&mut Store) -> Result<T, String> + Send + 'static,
    {
        let path = Arc::clone(&self.path);
        blocking(move || {
            let mut store = Store::open(path.as_path()).map_err(|e| e.to_string())?;
            f(&mut store)
        })
    }
}

/// Writes of one setting in the background that land in the order they
/// were made (a screen's game in progress, written after every move). Each
/// runs on a thread of its own, so an older one could finish after a newer
/// one: each carries its number and writes only if no newer one was written
/// before it, holding the lock while it writes.
#[derive(Debug, Default)]
pub struct OrderedWrites {
    issued: u64,
    written: Arc<Mutex<u64>>,
}

impl OrderedWrites {
    /// Stores `text` under setting `key`, unless a later write got there
    /// first.
    pub fn write(
        &mut self,
        db: &Db,
        key: &'static str,
        text: String,
    ) -> impl Future<Output = Result<(), String>> + Send + 'static {
        self.issued += 1;
        let (number, written) = (self.issued, Arc::clone(&self.written));
        db.run(move |s| {
            let mut newest = written.lock().unwrap_or_else(PoisonError::into_inner);
            if *newest < number {
                s.set_setting(key, &text)?;
                *newest = number;
            }
            Ok(())
        })
    }
}

/// Writes `bytes` to `path` off the UI thread, replacing the file only
/// once the new one is whole ([`crate::files::write_replacing`]); the path
/// written, or why not.
pub fn write_file(
    path: PathBuf,
    bytes: Vec<u8>,
) -> impl Future<Output = Result<PathBuf, String>> + Send + 'static {
    blocking(move || {
        crate::files::write_replacing(&path, &bytes)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        Ok(path)
    })
}

/// Runs blocking work (SQLite, files) on a new thread and awaits its result,
/// so that no executor thread — and never the UI thread — waits on I/O. It
/// needs no particular async runtime, so tests can drive it with
/// `futures::executor::block_on`.
pub fn blocking<T, F>(f: F) -> impl Future<Output = Result<T, String>> + Send + 'static
where
    T: Send + 'static,
    F: FnOnce() -> Result<T, String> + Send + 'static,
{
    let (tx, rx) = oneshot::channel();
    let spawned = std::thread::Builder::new()
        .name("deckwright-io".into())
        .spawn(move || {
            let _ = tx.send(f());
        });
    async move {
        if let Err(e) = spawned {
            return Err(format!("cannot start a worker thread: {e}"));
        }
        rx.await
            .unwrap_or_else(|_| Err("the background task stopped unexpectedly".into()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use iced::futures::executor::block_on;

    #[test]
    fn a_write_that_lands_late_never_replaces_a_newer_one() {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::new(dir.path().join("t.db"));
        let mut writes = OrderedWrites::default();
        let older = writes.write(&db, "k", "old".into());
        let newer = writes.write(&db, "k", "new".into());
        block_on(newer).unwrap();
        block_on(older).unwrap();
        let stored = block_on(db.run(|s| s.setting("k"))).unwrap();
        assert_eq!(stored.as_deref(), Some("new"));
    }

    #[test]
    fn runs_queries_on_a_file_database() {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::new(dir.path().join("t.db"));
        let n = block_on(db.run(|s| s.seed_samples())).unwrap();
        assert!(n >= 5);
        let names = block_on(db.run(|s| s.catalogs())).unwrap();
        assert_eq!(names.len(), n);
    }

    #[test]
    fn errors_come_back_as_sentences() {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::new(dir.path().join("t.db"));
        let e = block_on(db.run(|s| s.find_catalog("nope"))).unwrap_err();
        assert!(e.starts_with("no catalog"), "{e}");
        let e = block_on(blocking::<(), _>(|| Err("bad line 3".into()))).unwrap_err();
        assert_eq!(e, "bad line 3");
    }
}
