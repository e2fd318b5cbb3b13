//! The SQLite store: catalogs with their images, decks with every saved
//! version, and the collection.
//!
//! The schema lives in `schema/NNNN_*.sql` (documented in `schema/README.md`)
//! and is applied by `store::migrate` through `PRAGMA user_version`.
//! Each concern has its own module, one function per query; the [`Store`]
//! methods wrap them, and every write of more than one row runs in one
//! transaction, so a failed import or save leaves the database as it was.
//!
//! Choices worth knowing:
//! - **Catalog names are unique** across games (case-insensitive).
//!   [`Store::import_catalog`] refuses a name that exists
//!   ([`StoreError::CatalogExists`]); [`Store::replace_catalog`] updates the
//!   stored catalog *in place*: cards keep their row when their id is unchanged,
//!   so decks and the collection stay attached; cards no longer in the file are
//!   removed (deck entries keep their name and id text, their collection counts go).
//! - **Deleting a card** that the current version of a deck uses is refused
//!   ([`StoreError::CardInUse`]); older versions keep such entries by name.
//!   Renaming a card (name or id) carries through to deck entries that resolved
//!   to it.
//! - **Deleting a catalog** that decks use is refused ([`StoreError::CatalogInUse`]).
//! - A deck entry is stored as written (name, `[id]`) plus the catalog card it
//!   resolved to, if any, so unknown cards are kept.
//! - **Readers never wait for a writer**: the file is in WAL mode, and opening
//!   it writes nothing unless it needs a migration or its first seeding.
//! - **A database this process cannot write is opened read-only** (`open`):
//!   reads work, writes fail with [`StoreError::ReadOnly`] naming the file.

mod api;
mod archive;
mod backup;
mod cards;
mod catalogs;
mod collection;
mod decks;
mod error;
mod images;
mod migrate;
mod open;
mod seed;
mod settings;
mod taught;

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::config::DbConfig;
use rusqlite::types::{FromSql, FromSqlResult, ToSql, ToSqlOutput, ValueRef};
use rusqlite::{Connection, Transaction, TransactionBehavior};
use serde::{Deserialize, Serialize};

use crate::model::{Board, GameId};

pub use archive::{
    ExportOptions, ExportSummary, FORMAT as EXPORT_FORMAT, FORMAT_VERSION as EXPORT_FORMAT_VERSION,
    IdMap, ImportOptions, ImportSummary, SettingRemap,
};
pub use backup::{RestoreSummary, backup_file, check_database, restore};
pub use collection::CsvImport;
pub use error::StoreError;
pub use images::StoredImage;
pub use migrate::SCHEMA_VERSION;
pub use taught::{TaughtChange, TaughtPhrase};

/// Results of the store.
pub type Result<T, E = StoreError> = std::result::Result<T, E>;

/// How long a write waits for another connection (the CLI while the app is
/// open) before giving up with [`StoreError::Locked`].
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// The database file under the user's data folder.
const DB_FILE: &str = "deckwright.db";

/// Overrides [`Store::default_path`] (tests, portable installs).
pub const DB_ENV: &str = "DECKWRIGHT_DB";

/// An open database.
#[derive(Debug)]
pub struct Store {
    conn: Connection,
    path: Option<PathBuf>,
    /// Why the database is read-only; `None` when it is writable.
    read_only: Option<String>,
}

macro_rules! row_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        pub struct $name(pub i64);

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}", self.0)
            }
        }

        impl ToSql for $name {
            fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
                self.0.to_sql()
            }
        }

        impl FromSql for $name {
            fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
                i64::column_result(value).map($name)
            }
        }
    };
}

row_id!(
    /// A stored catalog.
    CatalogId
);
row_id!(
    /// A stored deck.
    DeckId
);

/// A catalog in the list of catalogs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CatalogInfo {
    pub id: CatalogId,
    pub game: GameId,
    pub name: String,
    pub card_count: u32,
}

/// A deck in the list of decks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeckInfo {
    pub id: DeckId,
    pub name: String,
    pub game: GameId,
    pub catalog_id: CatalogId,
    pub catalog_name: String,
    /// The current version.
    pub version: u32,
    /// When the deck last changed (UTC, ISO 8601).
    pub updated: String,
    /// Cards in the main board of the current version.
    pub main_count: u32,
}

/// One saved version of a deck.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeckVersion {
    pub version: u32,
    /// UTC, ISO 8601.
    pub saved_at: String,
    pub note: Option<String>,
    /// Cards in the main board.
    pub main_count: u32,
}

/// One card whose count differs between two versions of a deck.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeckDiffLine {
    /// The name as the newer version writes it (the older one's if removed).
    pub name: String,
    /// The catalog id of the card, when known.
    pub id: Option<String>,
    pub board: Board,
    pub before: u32,
    pub after: u32,
}

impl Store {
    /// Opens (creating the file and its folders if needed) and migrates the
    /// database at `path`. A database this process cannot write (the file, its
    /// folder, or its `-wal`/`-shm` files are not writable) is opened
    /// read-only: see [`Store::read_only`].
    pub fn open(path: impl AsRef<Path>) -> Result<Store> {
        Store::open_with(path.as_ref(), SCHEMA_VERSION, false)
    }

    /// Opens an existing database read-only, whatever its permissions: reads
    /// work, writes fail with [`StoreError::ReadOnly`], and no file is created
    /// or changed. The database must be at the current schema version.
    pub fn open_read_only(path: impl AsRef<Path>) -> Result<Store> {
        Store::open_with(path.as_ref(), SCHEMA_VERSION, true)
    }

    /// Opens the database, migrating it only up to schema `version`. For
    /// writing fixtures of old versions; use [`Store::open`].
    #[doc(hidden)]
    pub fn open_at_version(path: impl AsRef<Path>, version: u32) -> Result<Store> {
        Store::open_with(path.as_ref(), version, false)
    }

    fn open_with(path: &Path, version: u32, read_only: bool) -> Result<Store> {
        let mut access = match open::access(path, read_only)? {
            Some(a) => a,
            None if read_only => {
                return Err(StoreError::NoDatabase {
                    path: path.to_path_buf(),
                });
            }
            None => {
                if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                    std::fs::create_dir_all(dir).map_err(|source| StoreError::CreateDir {
                        path: dir.to_path_buf(),
                        source,
                    })?;
                }
                open::Access::ReadWrite
            }
        };
        let open_err = |source| StoreError::Open {
            path: path.to_path_buf(),
            source,
        };
        let mut conn = open::connect(path, &access)?;
        if access == open::Access::ReadWrite && conn.is_readonly(rusqlite::MAIN_DB).unwrap_or(false)
        {
            // SQLite could not open the file for writing after all (a
            // read-only mount, a race with chmod): start again read-only,
            // before anything has created the -wal/-shm files.
            drop(conn);
            access = open::Access::ReadOnly("the file cannot be opened for writing".into());
            conn = open::connect(path, &access)?;
        }
        configure(&conn).map_err(open_err)?;
        let read_only = match access {
            open::Access::ReadWrite => {
                // WAL lets the app read while the CLI writes, and readers
                // never wait for a writer.
                let _mode: String = conn
                    .pragma_update_and_check(None, "journal_mode", "wal", |r| r.get(0))
                    .map_err(open_err)?;
                conn.pragma_update(None, "synchronous", "normal")
                    .map_err(open_err)?;
                migrate::migrate(&mut conn, version, path)?;
                backup::clean_stopped_restore(path);
                None
            }
            open::Access::ReadOnly(reason) => {
                let found = migrate::version(&conn).map_err(|e| match e {
                    StoreError::Sqlite(source) => open_err(source),
                    other => other,
                })?;
                migrate::check_readable(found, version, path, &reason)?;
                Some(reason)
            }
        };
        if version >= 5 {
            taught::publish(&conn, None, false)?;
        }
        Ok(Store {
            conn,
            path: Some(path.to_path_buf()),
            read_only,
        })
    }

    /// A fresh database in memory (tests, previews).
    pub fn open_in_memory() -> Result<Store> {
        let open_err = |source| StoreError::Open {
            path: PathBuf::from(":memory:"),
            source,
        };
        let mut conn = Connection::open_in_memory().map_err(open_err)?;
        configure(&conn).map_err(open_err)?;
        migrate::migrate(&mut conn, SCHEMA_VERSION, Path::new(":memory:"))?;
        Ok(Store {
            conn,
            path: None,
            read_only: None,
        })
    }

    /// Where the app keeps its database: `$DECKWRIGHT_DB` when set, else
    /// `deckwright.db` in the user's data folder (e.g.
    /// `~/.local/share/deckwright/` on Linux). `None` when there is no home folder.
    pub fn default_path() -> Option<PathBuf> {
        if let Some(p) = std::env::var_os(DB_ENV).filter(|p| !p.is_empty()) {
            return Some(PathBuf::from(p));
        }
        directories::ProjectDirs::from("", "", "Deckwright").map(|d| d.data_dir().join(DB_FILE))
    }

    /// The file this store was opened from (`None` in memory).
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// Why the database is open read-only (the file or its folder is not
    /// writable, or it was opened with [`Store::open_read_only`]); `None`
    /// when it can be written.
    pub fn read_only(&self) -> Option<&str> {
        self.read_only.as_deref()
    }

    /// The database's schema version.
    pub fn schema_version(&self) -> Result<u32> {
        migrate::version(&self.conn)
    }

    /// A write transaction. It takes the write lock at once (waiting up to
    /// the busy timeout for another writer), so it cannot fail half-way for
    /// lack of it, as a read transaction upgraded to a write can under WAL.
    /// A read-only database refuses here, naming the file, so every write
    /// says why it cannot happen.
    fn write_tx(&mut self) -> Result<Transaction<'_>> {
        let path = || {
            self.path
                .clone()
                .unwrap_or_else(|| PathBuf::from(":memory:"))
        };
        if let Some(reason) = &self.read_only {
            return Err(StoreError::ReadOnly {
                path: path(),
                reason: reason.clone(),
            });
        }
        let refused = match self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
        {
            Ok(tx) => return Ok(tx),
            Err(e) if e.sqlite_error_code() == Some(rusqlite::ErrorCode::ReadOnly) => e,
            Err(e) => {
                return Err(match StoreError::from(e) {
                    StoreError::Busy => StoreError::Locked { path: path() },
                    other => other,
                });
            }
        };
        Err(StoreError::ReadOnly {
            path: path(),
            reason: refused.to_string(),
        })
    }

    /// A read transaction: the queries of one read see one state of the
    /// database, even while another connection writes.
    fn read_tx(&self) -> Result<Transaction<'_>> {
        Ok(self.conn.unchecked_transaction()?)
    }
}

fn configure(conn: &Connection) -> rusqlite::Result<()> {
    conn.busy_timeout(BUSY_TIMEOUT)?;
    conn.pragma_update(None, "foreign_keys", true)?;
    // Defence in depth beside the restore's schema check: no connection of
    // ours can edit the schema table by hand (`PRAGMA writable_schema`), and
    // the schema's own SQL (defaults, indexes) may call only innocuous
    // functions.
    conn.set_db_config(DbConfig::SQLITE_DBCONFIG_DEFENSIVE, true)?;
    conn.set_db_config(DbConfig::SQLITE_DBCONFIG_TRUSTED_SCHEMA, false)?;
    Ok(())
}

/// The current time as the schema stores it.
pub(crate) const NOW: &str = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/// Reads a count column as `u32`.
pub(crate) fn count(v: i64, what: impl FnOnce() -> String) -> Result<u32> {
    u32::try_from(v).map_err(|_| StoreError::corrupt(format!("{}: count {v}", what())))
}

/// A stored game id, which must be a known game: one of the built-in
/// games, or one whose game file this run added ([`crate::games`]).
pub(crate) fn parse_game(s: &str) -> Result<GameId> {
    s.parse().map_err(|_| StoreError::GameNotLoaded {
        game: s.to_string(),
    })
}

/// Keeps the list entries whose game is known: a catalog or deck of a game
/// whose file is gone is left out of lists (opening it says why) rather than
/// making every list fail.
pub(crate) fn known_games<T>(entries: Vec<Result<T>>) -> Result<Vec<T>> {
    entries
        .into_iter()
        .filter(|e| !matches!(e, Err(StoreError::GameNotLoaded { .. })))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opens_in_memory_with_foreign_keys_on() {
        let s = Store::open_in_memory().unwrap();
        let fk: bool = s
            .conn
            .pragma_query_value(None, "foreign_keys", |r| r.get(0))
            .unwrap();
        assert!(fk);
        assert_eq!(s.schema_version().unwrap(), SCHEMA_VERSION);
        assert!(s.path().is_none());
    }

    #[test]
    fn catalogs_of_a_game_not_loaded_are_left_out_of_lists_and_say_why() {
        let mut s = Store::open_in_memory().unwrap();
        let fz = crate::model::Catalog::new("fuzzycards".parse().unwrap(), "Genesis");
        s.import_catalog(&fz).unwrap();
        s.conn
            .execute(
                "INSERT INTO catalogs (id, game, name) VALUES (77, 'gone-game', 'Gone')",
                [],
            )
            .unwrap();
        let names: Vec<String> = s.catalogs().unwrap().into_iter().map(|c| c.name).collect();
        assert_eq!(names, ["Genesis"]);
        let e = s.load_catalog(CatalogId(77)).unwrap_err().to_string();
        assert!(e.starts_with("game `gone-game` is not loaded"), "{e}");
        assert!(e.contains("games/ folder"), "{e}");
    }

    #[test]
    fn opens_a_file_in_wal_mode_creating_folders() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a/b/deck.db");
        let s = Store::open(&path).unwrap();
        let mode: String = s
            .conn
            .pragma_query_value(None, "journal_mode", |r| r.get(0))
            .unwrap();
        assert_eq!(mode, "wal");
        assert!(path.is_file());
        drop(s);
        // reopening an up-to-date database changes nothing
        let s = Store::open(&path).unwrap();
        assert_eq!(s.schema_version().unwrap(), SCHEMA_VERSION);
    }

    #[test]
    fn default_path_is_in_the_data_folder() {
        // Only inspects the path; never opens it.
        if std::env::var_os(DB_ENV).is_none()
            && let Some(p) = Store::default_path()
        {
            assert!(p.ends_with(DB_FILE), "{}", p.display());
        }
    }
}
