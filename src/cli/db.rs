//! Opening the user's database for the subcommands that use it, and naming
//! stored catalogs and decks on the command line.

use std::path::{Path, PathBuf};

use crate::store::{CatalogInfo, DeckInfo, Store, StoreError};

use super::CliError;

impl From<StoreError> for CliError {
    fn from(e: StoreError) -> CliError {
        CliError::input(e.to_string())
    }
}

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

/// Opens (creating and seeding with the sample catalogs on first use) the database.
pub fn open(db: Option<&Path>) -> Result<Store, CliError> {
    let path = db_path(db)?;
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
