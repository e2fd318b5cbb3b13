//! Migrations: an old database, once upgraded, has exactly the schema of a
//! new one (tables, columns, indexes, foreign keys, the SQL that made them).
//! The hashes of released migration files are pinned in
//! `src/store/migrate.rs` (its unit tests).

use std::path::{Path, PathBuf};

use deckwright::store::{SCHEMA_VERSION, Store};
use rusqlite::Connection;

fn fixture(name: &str) -> PathBuf {
    crate::support::root().join("tests/fixtures/db").join(name)
}

/// Runs a PRAGMA that returns rows and renders each row as text.
fn pragma_rows(conn: &Connection, sql: &str) -> Vec<String> {
    let mut stmt = conn.prepare(sql).unwrap();
    let n = stmt.column_count();
    stmt.query_map([], |r| {
        let cells: Vec<String> = (0..n)
            .map(|i| format!("{:?}", r.get::<_, rusqlite::types::Value>(i).unwrap()))
            .collect();
        Ok(cells.join("|"))
    })
    .unwrap()
    .collect::<rusqlite::Result<Vec<_>>>()
    .unwrap()
}

/// SQL with its runs of white space made one space.
fn squeeze(sql: &str) -> String {
    sql.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Everything a database's schema is, as sorted lines of text.
fn schema(path: &Path) -> Vec<String> {
    let conn = Connection::open(path).unwrap();
    let mut out = vec![format!(
        "user_version {}",
        conn.pragma_query_value(None, "user_version", |r| r.get::<_, u32>(0))
            .unwrap()
    )];
    let mut stmt = conn
        .prepare("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name")
        .unwrap();
    let objects: Vec<(String, String, String, Option<String>)> = stmt
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
        .unwrap()
        .collect::<rusqlite::Result<_>>()
        .unwrap();
    for (kind, name, table, sql) in &objects {
        out.push(format!(
            "{kind} {name} on {table}: {}",
            sql.as_deref().map(squeeze).unwrap_or_default()
        ));
        if kind == "table" {
            for row in pragma_rows(&conn, &format!("PRAGMA table_info(\"{name}\")")) {
                out.push(format!("  column of {name}: {row}"));
            }
            for row in pragma_rows(&conn, &format!("PRAGMA foreign_key_list(\"{name}\")")) {
                out.push(format!("  foreign key of {name}: {row}"));
            }
            for row in pragma_rows(&conn, &format!("PRAGMA index_list(\"{name}\")")) {
                out.push(format!("  index of {name}: {row}"));
            }
        }
        if kind == "index" {
            for row in pragma_rows(&conn, &format!("PRAGMA index_xinfo(\"{name}\")")) {
                out.push(format!("  key of {name}: {row}"));
            }
        }
    }
    out.sort();
    out
}

fn fresh() -> (tempfile::TempDir, Vec<String>) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("fresh.db");
    drop(Store::open(&path).unwrap());
    let s = schema(&path);
    (dir, s)
}

#[test]
fn an_upgraded_version_1_database_has_the_schema_of_a_new_one() {
    let (_fresh_dir, want) = fresh();
    assert!(want.iter().any(|l| l.starts_with("table settings")));
    assert!(want.iter().any(|l| l.starts_with("  key of cards_by_name")));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("v1.db");
    std::fs::copy(fixture("v1.db"), &path).unwrap();
    assert_ne!(schema(&path), want, "the fixture is an old database");
    let store = Store::open(&path).unwrap();
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    drop(store);
    assert_eq!(schema(&path), want);
}

#[test]
fn every_intermediate_version_upgrades_to_the_schema_of_a_new_one() {
    let (_fresh_dir, want) = fresh();
    for version in 1..SCHEMA_VERSION {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(format!("v{version}.db"));
        drop(Store::open_at_version(&path, version).unwrap());
        assert_ne!(schema(&path), want, "version {version}");
        drop(Store::open(&path).unwrap());
        assert_eq!(schema(&path), want, "upgraded from version {version}");
    }
}
