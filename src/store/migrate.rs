//! Schema migrations: the numbered SQL files of `schema/`, applied in order,
//! each in its own transaction, with `PRAGMA user_version` recording the last
//! one applied.
//!
//! A migration is never edited once released: old databases were built by the
//! text as it was. Change the schema by adding the next file here.

use rusqlite::Connection;

use super::StoreError;

/// Every migration, by the version it brings the database to. Versions are
/// consecutive from 1 (a unit test checks this against the files in `schema/`).
pub(crate) const MIGRATIONS: &[(u32, &str)] = &[
    (1, include_str!("../../schema/0001_init.sql")),
    (2, include_str!("../../schema/0002_settings.sql")),
];

/// The schema version this build writes.
pub const SCHEMA_VERSION: u32 = MIGRATIONS.len() as u32;

/// The database's schema version (`PRAGMA user_version`).
pub(crate) fn version(conn: &Connection) -> Result<u32, StoreError> {
    let v: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
    u32::try_from(v).map_err(|_| StoreError::corrupt(format!("schema version {v}")))
}

/// Brings the database up to `target` (at most [`SCHEMA_VERSION`]). A database
/// newer than this build is refused rather than guessed at.
pub(crate) fn migrate(conn: &mut Connection, target: u32) -> Result<(), StoreError> {
    let found = version(conn)?;
    if found > SCHEMA_VERSION {
        return Err(StoreError::TooNew {
            found,
            supported: SCHEMA_VERSION,
        });
    }
    for &(v, sql) in MIGRATIONS {
        if v <= found || v > target {
            continue;
        }
        let step = |conn: &mut Connection| -> rusqlite::Result<()> {
            let tx = conn.transaction()?;
            tx.execute_batch(sql)?;
            tx.pragma_update(None, "user_version", v)?;
            tx.commit()
        };
        step(conn).map_err(|source| StoreError::Migration { version: v, source })?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

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
        migrate(&mut conn, 1).unwrap();
        assert_eq!(version(&conn).unwrap(), 1);
        migrate(&mut conn, SCHEMA_VERSION).unwrap();
        assert_eq!(version(&conn).unwrap(), SCHEMA_VERSION);
        // running again is a no-op
        migrate(&mut conn, SCHEMA_VERSION).unwrap();
        conn.pragma_update(None, "user_version", SCHEMA_VERSION + 1)
            .unwrap();
        assert!(matches!(
            migrate(&mut conn, SCHEMA_VERSION),
            Err(StoreError::TooNew { .. })
        ));
    }

    #[test]
    fn a_failing_migration_leaves_the_version() {
        let mut conn = Connection::open_in_memory().unwrap();
        migrate(&mut conn, SCHEMA_VERSION).unwrap();
        // re-running migration 1 on a migrated database fails (tables exist)
        conn.pragma_update(None, "user_version", 0).unwrap();
        let err = migrate(&mut conn, 1).unwrap_err();
        assert!(matches!(err, StoreError::Migration { version: 1, .. }));
        assert_eq!(version(&conn).unwrap(), 0);
    }
}
