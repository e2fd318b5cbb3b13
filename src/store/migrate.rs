//! Schema migrations: the numbered SQL files of `schema/`, applied in order,
//! each in its own transaction, with `PRAGMA user_version` recording the last
//! one applied.
//!
//! A migration is never edited once released: old databases were built by the
//! text as it was. Change the schema by adding the next file here (and its
//! hash to `RELEASED` in the tests below, which fail when a released file
//! changes).

use std::path::Path;

use rusqlite::{Connection, OptionalExtension, TransactionBehavior};

use super::StoreError;

/// Every migration, by the version it brings the database to. Versions are
/// consecutive from 1 (a unit test checks this against the files in `schema/`).
pub(crate) const MIGRATIONS: &[(u32, &str)] = &[
    (1, include_str!("../../schema/0001_init.sql")),
    (2, include_str!("../../schema/0002_settings.sql")),
    (3, include_str!("../../schema/0003_samples_seeded.sql")),
    (4, include_str!("../../schema/0004_open_games.sql")),
    (5, include_str!("../../schema/0005_taught_phrases.sql")),
];

/// Migrations that rebuild a table another table refers to: they run with
/// `PRAGMA foreign_keys` off (it cannot change inside a transaction), and
/// commit only when `PRAGMA foreign_key_check` finds nothing.
const REBUILDS: &[u32] = &[4];

/// The schema version this build writes.
pub const SCHEMA_VERSION: u32 = MIGRATIONS.len() as u32;

/// The database's schema version (`PRAGMA user_version`).
pub(crate) fn version(conn: &Connection) -> Result<u32, StoreError> {
    let v: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
    u32::try_from(v).map_err(|_| StoreError::corrupt(format!("schema version {v}")))
}

/// The error for a database newer than this build, if it is.
fn too_new(found: u32, path: &Path) -> Result<(), StoreError> {
    if found > SCHEMA_VERSION {
        return Err(StoreError::TooNew {
            path: path.to_path_buf(),
            found,
            supported: SCHEMA_VERSION,
        });
    }
    Ok(())
}

/// Brings the database at `path` up to `target` (at most
/// [`SCHEMA_VERSION`]). A database newer than this build is refused rather
/// than guessed at. An up-to-date database is only read: no write lock.
pub(crate) fn migrate(conn: &mut Connection, target: u32, path: &Path) -> Result<(), StoreError> {
    let found = version(conn)?;
    too_new(found, path)?;
    for &(v, sql) in MIGRATIONS {
        if v <= found || v > target {
            continue;
        }
        // The write lock first, then the version again: another Deckwright
        // starting at the same moment may have applied this step already.
        let rebuild = REBUILDS.contains(&v);
        let step = |conn: &mut Connection| -> rusqlite::Result<()> {
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let now: u32 = tx.pragma_query_value(None, "user_version", |r| r.get(0))?;
            if now < v {
                tx.execute_batch(sql)?;
                if rebuild {
                    let broken: Option<String> = tx
                        .query_row("PRAGMA foreign_key_check", [], |r| r.get(0))
                        .optional()?;
                    if let Some(table) = broken {
                        return Err(rusqlite::Error::SqliteFailure(
                            rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_CONSTRAINT_FOREIGNKEY),
                            Some(format!("a row of `{table}` lost its reference")),
                        ));
                    }
                }
                tx.pragma_update(None, "user_version", v)?;
            }
            tx.commit()
        };
        if rebuild {
            conn.pragma_update(None, "foreign_keys", false)?;
        }
        let done = step(conn);
        if rebuild {
            conn.pragma_update(None, "foreign_keys", true)?;
        }
        done.map_err(|source| StoreError::Migration {
            path: path.to_path_buf(),
            version: v,
            source,
        })?;
    }
    Ok(())
}

/// Whether a database opened read-only (for `reason`) at schema version
/// `found` can be used: it cannot be migrated, so it must be at `target`.
pub(crate) fn check_readable(
    found: u32,
    target: u32,
    path: &Path,
    reason: &str,
) -> Result<(), StoreError> {
    too_new(found, path)?;
    if found < target {
        return Err(StoreError::NeedsUpgrade {
            path: path.to_path_buf(),
            found,
            current: target,
            reason: reason.to_string(),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use sha2::{Digest, Sha256};

    const MEM: &str = ":memory:";

    /// The SHA-256 of every released migration, as shipped. Old databases
    /// were built by these exact texts, so a change to one fails here: add a
    /// new migration instead (and its line here).
    const RELEASED: &[(u32, &str)] = &[
        (
            1,
            "579015aabfa14428448b82f46960443fbe99ecaad63aa3fa677d2e469994a090",
        ),
        (
            2,
            "f752c0c79a84fd335119b596ce50c51630c2330e149f333aea626323367fd47d",
        ),
        (
            3,
            "136baad0e3f6fb5046c775ffe5babd6e4f19178eae48503b4a6f9b05e0c37878",
        ),
        (
            4,
            "125fa737db323fb9f8f8fa33ab81f37449b298588b93f3ad51a904c762ac91c3",
        ),
        (
            5,
            "b8ed06a8ec906b573572a666c67e67543a07cb546c76b7f655a4762dfd064a96",
        ),
    ];

    /// The hash of a migration's text, line endings made `\n` so that a
    /// checkout converting them does not count as an edit.
    fn sha256(text: &str) -> String {
        let digest = Sha256::digest(text.replace("\r\n", "\n").as_bytes());
        digest.iter().map(|b| format!("{b:02x}")).collect()
    }

    #[test]
    fn released_migrations_are_never_edited() {
        for (v, sql) in MIGRATIONS {
            let pinned = RELEASED.iter().find(|(r, _)| r == v).unwrap_or_else(|| {
                panic!(
                    "migration {v} has no pinned hash: add ({v}, \"{}\") to RELEASED",
                    sha256(sql)
                )
            });
            assert_eq!(
                sha256(sql),
                pinned.1,
                "schema/{v:04}_*.sql changed after its release; add a new migration instead"
            );
        }
        assert_eq!(
            RELEASED.len(),
            MIGRATIONS.len(),
            "a pinned migration is gone"
        );
    }

    #[test]
    fn migrations_are_consecutive_and_match_the_schema_folder() {
        for (i, (v, _)) in MIGRATIONS.iter().enumerate() {
            assert_eq!(*v as usize, i + 1);
        }
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("schema");
        let mut files: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter(|n| n.ends_with(".sql"))
            .collect();
        files.sort();
        assert_eq!(files.len(), MIGRATIONS.len(), "{files:?}");
        for (i, f) in files.iter().enumerate() {
            assert!(
                f.starts_with(&format!("{:04}_", i + 1)),
                "schema file {f} is out of sequence"
            );
        }
    }

    #[test]
    fn migrates_step_by_step_and_refuses_newer() {
        let mut conn = Connection::open_in_memory().unwrap();
        migrate(&mut conn, 1, MEM.as_ref()).unwrap();
        assert_eq!(version(&conn).unwrap(), 1);
        migrate(&mut conn, SCHEMA_VERSION, MEM.as_ref()).unwrap();
        assert_eq!(version(&conn).unwrap(), SCHEMA_VERSION);
        // running again is a no-op
        migrate(&mut conn, SCHEMA_VERSION, MEM.as_ref()).unwrap();
        conn.pragma_update(None, "user_version", SCHEMA_VERSION + 1)
            .unwrap();
        assert!(matches!(
            migrate(&mut conn, SCHEMA_VERSION, MEM.as_ref()),
            Err(StoreError::TooNew { .. })
        ));
    }

    #[test]
    fn a_failing_migration_leaves_the_version() {
        let mut conn = Connection::open_in_memory().unwrap();
        migrate(&mut conn, SCHEMA_VERSION, MEM.as_ref()).unwrap();
        // re-running migration 1 on a migrated database fails (tables exist)
        conn.pragma_update(None, "user_version", 0).unwrap();
        let err = migrate(&mut conn, 1, MEM.as_ref()).unwrap_err();
        assert!(matches!(err, StoreError::Migration { version: 1, .. }));
        assert_eq!(version(&conn).unwrap(), 0);
    }

    #[test]
    fn version_4_opens_catalogs_to_any_game_and_keeps_every_reference() {
        let mut conn = Connection::open_in_memory().unwrap();
        conn.pragma_update(None, "foreign_keys", true).unwrap();
        migrate(&mut conn, 3, MEM.as_ref()).unwrap();
        conn.execute_batch(
            "INSERT INTO catalogs (id, game, name) VALUES (7, 'fuzzycards', 'Genesis');
             INSERT INTO cards (catalog_id, card_key, name, name_key, type, position)
                 VALUES (7, 'cub', 'Cub', 'cub', 'hero', 0);
             INSERT INTO decks (id, game, catalog_id, name) VALUES (3, 'fuzzycards', 7, 'Beatdown');",
        )
        .unwrap();
        // version 3 refuses a game it does not list
        assert!(
            conn.execute(
                "INSERT INTO catalogs (game, name) VALUES ('lantern-keepers', 'L')",
                []
            )
            .is_err()
        );
        migrate(&mut conn, 4, MEM.as_ref()).unwrap();
        assert_eq!(version(&conn).unwrap(), 4);
        let fk: bool = conn
            .pragma_query_value(None, "foreign_keys", |r| r.get(0))
            .unwrap();
        assert!(fk, "foreign keys are back on");
        conn.execute(
            "INSERT INTO catalogs (game, name) VALUES ('lantern-keepers', 'L')",
            [],
        )
        .unwrap();
        assert!(
            conn.execute("INSERT INTO catalogs (game, name) VALUES (' ', 'M')", [])
                .is_err()
        );
        // the rows and their references survived, and still hold
        let deck_catalog: i64 = conn
            .query_row("SELECT catalog_id FROM decks WHERE id = 3", [], |r| {
                r.get(0)
            })
            .unwrap();
        assert_eq!(deck_catalog, 7);
        assert!(
            conn.execute(
                "INSERT INTO cards (catalog_id, card_key, name, name_key, type, position)
                 VALUES (99, 'x', 'X', 'x', 'hero', 0)",
                [],
            )
            .is_err(),
            "a card of no catalog is refused"
        );
        conn.execute("DELETE FROM decks", []).unwrap();
        conn.execute("DELETE FROM catalogs WHERE id = 7", [])
            .unwrap();
        let cards: i64 = conn
            .query_row("SELECT count(*) FROM cards", [], |r| r.get(0))
            .unwrap();
        assert_eq!(cards, 0, "deleting a catalog still deletes its cards");
    }
}
