//! Opening the user's database for the subcommands that use it, and naming
//! stored catalogs and decks on the command line.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};

use crate::store::{CatalogInfo, DeckInfo, Store, StoreError};

use super::CliError;

impl From<StoreError> for CliError {
    fn from(e: StoreError) -> CliError {
        let opened = OPENED.lock().unwrap_or_else(PoisonError::into_inner);
        match opened.as_deref() {
            Some(db) => CliError::input(e.message_for(db)),
            None => CliError::input(e.to_string()),
        }
    }
}

/// The database this run opened, so that an error from it names the file
/// (SQLite's own messages, "database disk image is malformed", do not).
static OPENED: Mutex<Option<PathBuf>> = Mutex::new(None);

/// The database path: `--db`, else `$DECKWRIGHT_DB`, else the user's data folder.
pub fn db_path(db: Option<&Path>) -> Result<PathBuf, CliError> {
    match db {
        Some(p) => Ok(p.to_path_buf()),
        None => Store::default_path().ok_or_else(|| {
            CliError::input(
                "cannot find a data folder for the database (no home folder); pass --db PATH",
            )
        }),
    }
}

/// `--read-only`: set once by [`super::run`] before any subcommand runs (a
/// flag of the whole command line, like `--db`, which every subcommand would
/// otherwise have to pass down).
static READ_ONLY: AtomicBool = AtomicBool::new(false);

pub(super) fn set_read_only(on: bool) {
    READ_ONLY.store(on, Ordering::Relaxed);
}

/// Refuses `command`, which changes the database, under `--read-only`
/// (before anything is read or created); names the flag and the database.
pub fn refuse_if_read_only(db: Option<&Path>, command: &str) -> Result<(), CliError> {
    if !READ_ONLY.load(Ordering::Relaxed) {
        return Ok(());
    }
    let path = db_path(db)?;
    Err(CliError::input(format!(
        "the database {} is read-only (opened with --read-only): `{command}` changes it; nothing was changed",
        path.display()
    )))
}

/// Opens (creating and seeding with the sample catalogs on first use) the
/// database; read-only with `--read-only` or when it cannot be written.
pub fn open(db: Option<&Path>) -> Result<Store, CliError> {
    let path = db_path(db)?;
    *OPENED.lock().unwrap_or_else(PoisonError::into_inner) = Some(path.clone());
    if READ_ONLY.load(Ordering::Relaxed) {
        return Ok(Store::open_read_only(&path)?);
    }
    let mut store = Store::open(&path)?;
    store.seed_samples()?;
    Ok(store)
}

/// A stored catalog by name (case-insensitive) or numeric id.
pub fn catalog(store: &Store, name: &str) -> Result<CatalogInfo, CliError> {
    Ok(store.find_catalog(name)?)
}

/// A stored deck by name (case-insensitive) or numeric id.
pub fn deck(store: &Store, name: &str) -> Result<DeckInfo, CliError> {
    Ok(store.find_deck(name)?)
}
