//! What can go wrong in the store, each error naming the catalog, card or deck
//! involved.

use std::path::{Path, PathBuf};

use crate::model::GameId;

/// An error from the store. Messages are complete sentences for the user.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("cannot create the folder {}: {source}", path.display())]
    CreateDir {
        path: PathBuf,
        source: std::io::Error,
    },

    #[error("cannot open the database {}: {source}", path.display())]
    Open {
        path: PathBuf,
        source: rusqlite::Error,
    },

    #[error("cannot open the database {}: {source}", path.display())]
    Inspect {
        path: PathBuf,
        source: std::io::Error,
    },

    #[error("cannot open the database {}: it is {what}, not a database file", path.display())]
    NotAFile { path: PathBuf, what: &'static str },

    #[error("cannot open the database {} read-only: there is no such file", path.display())]
    NoDatabase { path: PathBuf },

    #[error(
        "the database {} was written by a newer Deckwright (schema version {found}; this version knows up to {supported}); update Deckwright to open it",
        path.display()
    )]
    TooNew {
        path: PathBuf,
        found: u32,
        supported: u32,
    },

    #[error("cannot upgrade the database {} to schema version {version}: {source}", path.display())]
    Migration {
        path: PathBuf,
        version: u32,
        source: rusqlite::Error,
    },

    #[error(
        "the database {} has schema version {found} and is read-only ({reason}), so it cannot be upgraded to version {current}; open it once with write access",
        path.display()
    )]
    NeedsUpgrade {
        path: PathBuf,
        found: u32,
        current: u32,
        reason: String,
    },

    #[error(
        "the database {} is read-only ({reason}); nothing was changed",
        path.display()
    )]
    ReadOnly { path: PathBuf, reason: String },

    #[error(
        "cannot read the database {}: its write-ahead log {} holds changes, and reading them needs {}, which cannot be created in a read-only folder; open it once with write access",
        path.display(), wal.display(), shm.display()
    )]
    UnreadableWal {
        path: PathBuf,
        wal: PathBuf,
        shm: PathBuf,
    },

    #[error("the database is busy (another Deckwright is writing to it); try again")]
    Busy,

    #[error(
        "the database {} is busy (another Deckwright is writing to it); try again",
        path.display()
    )]
    Locked { path: PathBuf },

    #[error("database error: {0}")]
    Sqlite(rusqlite::Error),

    #[error("a catalog named \"{name}\" already exists; delete it first or replace it in place")]
    CatalogExists { name: String },

    #[error("no catalog {query}{}", known_list(known))]
    CatalogNotFound { query: String, known: Vec<String> },

    #[error("catalog \"{catalog}\" is used by {} deck(s): {}; delete those decks first", decks.len(), quoted(decks))]
    CatalogInUse { catalog: String, decks: Vec<String> },

    #[error("catalog \"{catalog}\" is for {expected}, not {found}")]
    GameMismatch {
        catalog: String,
        expected: GameId,
        found: GameId,
    },

    #[error("catalog \"{catalog}\" has no card with id `{card}`")]
    CardNotFound { catalog: String, card: String },

    #[error("catalog \"{catalog}\" already has a card with id `{card}`")]
    DuplicateCard { catalog: String, card: String },

    #[error(
        "card \"{card}\" of catalog \"{catalog}\" is in the current version of {}: {}; take it out of those decks first",
        if decks.len() == 1 { "deck" } else { "decks" }, quoted(decks)
    )]
    CardInUse {
        catalog: String,
        card: String,
        decks: Vec<String>,
    },

    #[error("catalog \"{catalog}\", card \"{card}\": {reason}")]
    InvalidCard {
        catalog: String,
        card: String,
        reason: String,
    },

    #[error(
        "catalog \"{catalog}\"{}: cannot read image `{path}`: {reason}",
        card_part(card)
    )]
    Image {
        catalog: String,
        /// `None` for the catalog's card back.
        card: Option<String>,
        path: String,
        reason: String,
    },

    #[error("{what}: {reason}")]
    Invalid { what: String, reason: String },

    #[error("no deck {query}")]
    DeckNotFound { query: String },

    #[error("deck \"{deck}\" has no version {version} (it has versions 1 to {latest})")]
    VersionNotFound {
        deck: String,
        version: u32,
        latest: u32,
    },

    #[error("{} decks are named \"{name}\" (ids {}); give the id", ids.len(), ids.iter().map(i64::to_string).collect::<Vec<_>>().join(", "))]
    AmbiguousDeck { name: String, ids: Vec<i64> },

    #[error("the database holds bad data ({what}); it may have been edited by another program")]
    Corrupt { what: String },

    #[error(
        "game `{game}` is not loaded: its game file belongs in the games/ folder beside the database (or pass --game-file FILE.toml)"
    )]
    GameNotLoaded { game: String },

    #[error("cannot write {}: {source}", path.display())]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },

    #[error("cannot write catalog \"{catalog}\" as TOML: {reason}")]
    Toml { catalog: String, reason: String },

    #[error("collection CSV: {0}")]
    Csv(#[from] crate::collection::ApplyError),

    #[error(
        "collection CSV: none of its {} rows names a card of catalog \"{catalog}\", so nothing was imported and the collection is unchanged: {}",
        skipped.len(), skipped_list(skipped)
    )]
    NothingImported {
        catalog: String,
        /// Every row, each with why it names no card.
        skipped: Vec<crate::collection::Unresolved>,
    },

    #[error("sample catalog {file}: {message}")]
    Sample { file: String, message: String },

    #[error("cannot read {}: {source}", path.display())]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },

    /// A file of an export folder that does not read (file and line).
    #[error("{0}")]
    Archive(crate::diag::Diagnostics),

    #[error("{}: {reason}", dir.display())]
    NotAnExport { dir: PathBuf, reason: String },

    #[error(
        "the folder {} is not empty; export into a new or empty folder, or replace the export in it (`export-all --force`)",
        dir.display()
    )]
    NotEmpty { dir: PathBuf },

    #[error(
        "the database already has {what}; delete it first, or import with replace (`import-all --replace`), which overwrites it with the export's"
    )]
    ImportConflict { what: String },

    #[error("{}: {reason}", path.display())]
    NotADatabase { path: PathBuf, reason: String },

    #[error("cannot copy the database to {}: {source}", path.display())]
    Backup {
        path: PathBuf,
        source: rusqlite::Error,
    },
}

fn known_list(known: &[String]) -> String {
    if known.is_empty() {
        " (the database has no catalogs yet)".to_string()
    } else {
        format!(" (known catalogs: {})", quoted(known))
    }
}

/// The first few skipped rows, with their lines.
fn skipped_list(skipped: &[crate::collection::Unresolved]) -> String {
    let reasons: Vec<String> = skipped.iter().map(ToString::to_string).collect();
    crate::collection::first_reasons(&reasons).join("; ")
}

fn quoted(names: &[String]) -> String {
    names
        .iter()
        .map(|n| format!("\"{n}\""))
        .collect::<Vec<_>>()
        .join(", ")
}

fn card_part(card: &Option<String>) -> String {
    match card {
        Some(c) => format!(", card \"{c}\""),
        None => ", card back".to_string(),
    }
}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> StoreError {
        match e.sqlite_error_code() {
            Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked) => {
                StoreError::Busy
            }
            _ => StoreError::Sqlite(e),
        }
    }
}

impl StoreError {
    pub(crate) fn corrupt(what: impl Into<String>) -> StoreError {
        StoreError::Corrupt { what: what.into() }
    }

    /// SQLite's error code behind this error, if SQLite gave one.
    fn sqlite_code(&self) -> Option<rusqlite::ErrorCode> {
        match self {
            StoreError::Sqlite(e)
            | StoreError::Open { source: e, .. }
            | StoreError::Migration { source: e, .. }
            | StoreError::Backup { source: e, .. } => e.sqlite_error_code(),
            _ => None,
        }
    }

    /// Whether the database file itself is damaged (its pages do not read as
    /// SQLite pages, or hold what Deckwright never writes).
    pub fn is_damage(&self) -> bool {
        matches!(self, StoreError::Corrupt { .. })
            || matches!(
                self.sqlite_code(),
                Some(rusqlite::ErrorCode::DatabaseCorrupt | rusqlite::ErrorCode::NotADatabase)
            )
    }

    /// The message for this error of the database at `db`: the file named
    /// (errors that come from SQLite's own words do not name it), and what
    /// to do when the file is damaged or the disk holding it is full.
    pub fn message_for(&self, db: &Path) -> String {
        let text = self.to_string();
        let mut message = match self {
            StoreError::Sqlite(_) | StoreError::Busy | StoreError::Corrupt { .. } => {
                format!("database {}: {text}", db.display())
            }
            _ => text,
        };
        if self.is_damage() {
            message.push_str(
                "; the file is damaged: restore a backup (`deckwright restore BACKUP`, or Data > Restore in the app)",
            );
        } else if self.sqlite_code() == Some(rusqlite::ErrorCode::DiskFull) {
            message.push_str(
                "; the disk is full: free some space and try again (nothing was changed)",
            );
        }
        message
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_what_is_involved() {
        let e = StoreError::CardInUse {
            catalog: "Genesis".into(),
            card: "Ember Cub".into(),
            decks: vec!["Aggro".into()],
        };
        assert_eq!(
            e.to_string(),
            "card \"Ember Cub\" of catalog \"Genesis\" is in the current version of deck: \"Aggro\"; take it out of those decks first"
        );
        let e = StoreError::Image {
            catalog: "G".into(),
            card: Some("Ember Cub".into()),
            path: "img/x.png".into(),
            reason: "no such file".into(),
        };
        assert_eq!(
            e.to_string(),
            "catalog \"G\", card \"Ember Cub\": cannot read image `img/x.png`: no such file"
        );
        let e = StoreError::GameNotLoaded {
            game: "lantern-keepers".into(),
        };
        assert!(
            e.to_string()
                .starts_with("game `lantern-keepers` is not loaded")
        );
        let e = StoreError::CatalogNotFound {
            query: "\"x\"".into(),
            known: vec![],
        };
        assert_eq!(
            e.to_string(),
            "no catalog \"x\" (the database has no catalogs yet)"
        );
    }
}
