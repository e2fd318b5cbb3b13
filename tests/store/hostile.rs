//! Input from outside, treated as hostile (issue 22): a backup that carries
//! more than Deckwright's own schema; an export folder whose paths lead out
//! of it, or whose ids, times and version numbers are out of range; a
//! restore stopped half-way; a deck saved unchanged; errors of a damaged
//! database. Each refusal names the file (and line) and changes nothing.

use std::collections::BTreeSet;
use std::path::Path;

use crate::support::{Db, s, stderr};

/// Every object of the database's schema (`type name sql`).
fn schema(db: &Path) -> BTreeSet<String> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut stmt = conn
        .prepare("SELECT type || ' ' || name || ' ' || coalesce(sql, '') FROM sqlite_master")
        .unwrap();
    stmt.query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

fn remove_database(path: &Path) {
    for suffix in ["", "-wal", "-shm", "-journal"] {
        let mut p = path.as_os_str().to_owned();
        p.push(suffix);
        let _ = std::fs::remove_file(p);
    }
}

#[test]
fn restore_refuses_a_backup_with_a_trigger_a_view_or_a_table_of_its_own() {
    let db = Db::new();
    let before = db.ok(&["catalog", "list", "--json"]);
    let backup = db.folder().join("backup.db");
    db.ok(&["backup", s(&backup)]);
    let ours = schema(db.path());
    assert_eq!(schema(&backup), ours);
    for (sql, says) in [
        (
            "CREATE TRIGGER rename_all AFTER INSERT ON deck_versions \
             BEGIN UPDATE cards SET name = 'renamed'; END;",
            "trigger `rename_all` on `deck_versions`",
        ),
        ("CREATE VIEW peek AS SELECT * FROM cards;", "view `peek`"),
        ("CREATE TABLE extra (x);", "table `extra`"),
        (
            "ALTER TABLE cards ADD COLUMN spy TEXT;",
            "table `cards` has other columns",
        ),
        ("DROP INDEX IF EXISTS cards_by_name;", "is missing"),
    ] {
        let evil = db.folder().join("evil.db");
        remove_database(&evil);
        std::fs::copy(&backup, &evil).unwrap();
        rusqlite::Connection::open(&evil)
            .unwrap()
            .execute_batch(sql)
            .unwrap();
        assert_ne!(schema(&evil), ours, "{sql}");
        let err = db.refused(&["restore", s(&evil)]);
        assert!(err.contains(says), "{sql}: {err}");
        assert!(err.contains("evil.db"), "{err}");
        assert!(err.contains("nothing was changed"), "{err}");
        assert_eq!(schema(db.path()), ours, "{sql}");
        assert!(!db.folder().join("deckwright.db.before-restore").exists());
    }
    assert_eq!(db.ok(&["catalog", "list", "--json"]), before);
    // a backup made by Deckwright still restores
    db.ok(&["restore", s(&backup)]);
    assert_eq!(schema(db.path()), ours);
}

/// Edits `db`'s schema table by hand (`PRAGMA writable_schema`), the way a
/// hostile backup is made: SQLite's own name checks are not run.
fn write_schema(db: &Path, sql: &str) {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.execute_batch(&format!(
        "PRAGMA writable_schema = ON; {sql}; PRAGMA writable_schema = OFF;"
    ))
    .unwrap();
}

/// Issue 48 item 1: the whole schema is compared, SQLite's internal names
/// included. Each bypass class of the outside check is a backup here: a
/// trigger and a view under a statistics table's name, a statistics table
/// with another definition or a trigger on it, a table whose statement was
/// edited (a foreign key made `ON DELETE CASCADE`), a trigger under the name
/// of SQLite's automatic indexes.
/// A backup with SQLite's own statistics tables (after `ANALYZE`) restores.
#[test]
fn restore_compares_the_whole_schema_internal_names_included() {
    let db = Db::new();
    db.ok(&["deck", "rename", "Beatdown (sample)", "Mine"]);
    let dd = "Chaos Tower Starter (sample content)";
    db.ok(&["collection", "set", "--catalog", dd, "Fireball", "2"]);
    let owned = db.ok(&["collection", "show", "--catalog", dd, "--json"]);
    let decks = |db: &Db| -> Vec<String> {
        let list = db.json(&["deck", "list", "--json"]);
        let mut names: Vec<String> = list
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["name"].to_string())
            .collect();
        names.sort();
        names
    };
    let before = decks(&db);
    let cards_before = db.ok(&["catalog", "show", "Genesis Wave (sample content)", "--json"]);
    let backup = db.folder().join("backup.db");
    db.ok(&["backup", s(&backup)]);
    let ours = schema(db.path());
    let planted = "UPDATE cards SET name = ''renamed''; DELETE FROM collection;";
    for (sql, says) in [
        (
            format!(
                "INSERT INTO sqlite_schema (type, name, tbl_name, rootpage, sql) VALUES \
                 ('trigger', 'sqlite_stat9', 'deck_versions', 0, \
                 'CREATE TRIGGER sqlite_stat9 AFTER INSERT ON deck_versions BEGIN {planted} END')"
            ),
            "trigger `sqlite_stat9` on `deck_versions`",
        ),
        (
            "INSERT INTO sqlite_schema (type, name, tbl_name, rootpage, sql) VALUES \
             ('view', 'sqlite_stat_peek', 'sqlite_stat_peek', 0, \
             'CREATE VIEW sqlite_stat_peek AS SELECT * FROM cards')"
                .to_string(),
            "view `sqlite_stat_peek`",
        ),
        (
            "ANALYZE; UPDATE sqlite_schema SET sql = \
             'CREATE TABLE sqlite_stat1(tbl,idx,stat DEFAULT (1))' WHERE name = 'sqlite_stat1'"
                .to_string(),
            "`sqlite_stat1` is not the statistics table SQLite creates",
        ),
        (
            format!(
                "INSERT INTO sqlite_schema (type, name, tbl_name, rootpage, sql) VALUES \
                 ('trigger', 'sqlite_autoindex_cards_9', 'cards', 0, \
                 'CREATE TRIGGER sqlite_autoindex_cards_9 AFTER UPDATE ON cards BEGIN {planted} END')"
            ),
            "trigger `sqlite_autoindex_cards_9` on `cards`",
        ),
        (
            "UPDATE sqlite_schema SET sql = replace(sql, 'REFERENCES images (id)', \
             'REFERENCES images (id) ON DELETE CASCADE') WHERE name = 'cards'"
                .to_string(),
            "table `cards` has other columns or constraints",
        ),
    ] {
        let evil = db.folder().join("evil.db");
        remove_database(&evil);
        std::fs::copy(&backup, &evil).unwrap();
        write_schema(&evil, &sql);
        assert_ne!(schema(&evil), ours, "{sql}");
        let err = db.refused(&["restore", s(&evil)]);
        assert!(err.contains(says), "{sql}: {err}");
        assert!(err.contains("evil.db"), "{err}");
        assert!(err.contains("nothing was changed"), "{err}");
        assert_eq!(schema(db.path()), ours, "{sql}");
        // the next save runs no planted trigger
        db.ok(&["deck", "rename", "Mine", "Mine again"]);
        db.ok(&["deck", "rename", "Mine again", "Mine"]);
        assert_eq!(decks(&db), before, "{sql}");
        assert_eq!(
            db.ok(&["catalog", "show", "Genesis Wave (sample content)", "--json"]),
            cards_before
        );
        assert_eq!(
            db.ok(&["collection", "show", "--catalog", dd, "--json"]),
            owned
        );
    }
    // SQLite's own statistics, as ANALYZE writes them, are no reason to refuse
    let analyzed = db.folder().join("analyzed.db");
    std::fs::copy(&backup, &analyzed).unwrap();
    rusqlite::Connection::open(&analyzed)
        .unwrap()
        .execute_batch("ANALYZE")
        .unwrap();
    assert!(schema(&analyzed).iter().any(|o| o.contains("sqlite_stat1")));
    db.ok(&["restore", s(&analyzed)]);
    assert_eq!(decks(&db), before);
    assert_eq!(
        db.ok(&["collection", "show", "--catalog", dd, "--json"]),
        owned
    );
}

/// An export of a fresh database with one deck of two versions, in `dir`.
fn exported(db: &Db) -> std::path::PathBuf {
    let out = db.folder().join("export");
    db.ok(&["deck", "rename", "Beatdown (sample)", "Mine"]);
    db.ok(&["export-all", s(&out)]);
    out
}

/// Replaces `from` by `to` in the export's file `rel`.
fn edit(dir: &Path, rel: &str, from: &str, to: &str) {
    let file = dir.join(rel);
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains(from), "{rel} has no {from:?}:\n{text}");
    std::fs::write(&file, text.replacen(from, to, 1)).unwrap();
}

/// The first deck's `deck.toml` in an export, relative to the export.
fn a_deck_toml(dir: &Path) -> String {
    let decks = dir.join("decks");
    let first = std::fs::read_dir(&decks)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .min()
        .unwrap();
    format!("decks/{first}/deck.toml")
}

/// The import into a new database is refused naming `file` (at a line), and
/// that database has nothing of the export.
fn import_refused(export: &Path, file: &str, says: &str) {
    let fresh = Db::new();
    let before = fresh.ok(&["deck", "list", "--json"]);
    let err = fresh.refused(&["import-all", s(export)]);
    assert!(err.contains(file), "{says}: {err}");
    assert!(err.contains(says), "{err}");
    assert!(
        !err.contains("root:"),
        "the error quotes a file from outside: {err}"
    );
    assert_eq!(fresh.ok(&["deck", "list", "--json"]), before);
}

#[test]
fn import_all_reads_nothing_outside_the_export_folder() {
    let db = Db::new();
    let export = exported(&db);
    let secret_dir = tempfile::tempdir().unwrap();
    let secret = secret_dir.path().join("secret.txt");
    std::fs::write(&secret, "root:x:0:0:secret\n").unwrap();
    let deck = a_deck_toml(&export);
    let deck_text = std::fs::read_to_string(export.join(&deck)).unwrap();
    let version_file = deck_text
        .lines()
        .find_map(|l| l.strip_prefix("file = \""))
        .unwrap()
        .trim_end_matches('"')
        .to_string();

    // a version's text: absolute, `..`, a symbolic link out
    for bad in [
        secret.display().to_string(),
        "../../../secret.txt".to_string(),
    ] {
        let copy = tempfile::tempdir().unwrap();
        copy_tree(&export, copy.path());
        edit(
            copy.path(),
            &deck,
            &format!("file = \"{version_file}\""),
            &format!("file = \"{bad}\""),
        );
        import_refused(copy.path(), "deck.toml:", "outside");
    }
    let copy = tempfile::tempdir().unwrap();
    copy_tree(&export, copy.path());
    std::os::unix::fs::symlink(&secret, copy.path().join("decks/leak.txt")).unwrap();
    edit(
        copy.path(),
        &deck,
        &format!("file = \"{version_file}\""),
        "file = \"../leak.txt\"",
    );
    import_refused(copy.path(), "deck.toml:", "outside");
    let copy = tempfile::tempdir().unwrap();
    copy_tree(&export, copy.path());
    let dir_link = copy
        .path()
        .join(Path::new(&deck).parent().unwrap())
        .join("out");
    std::os::unix::fs::symlink(secret_dir.path(), &dir_link).unwrap();
    edit(
        copy.path(),
        &deck,
        &format!("file = \"{version_file}\""),
        "file = \"out/secret.txt\"",
    );
    import_refused(copy.path(), "deck.toml:", "symbolic link");

    // the manifest's own paths: a catalog file, a deck file
    let copy = tempfile::tempdir().unwrap();
    copy_tree(&export, copy.path());
    let manifest = std::fs::read_to_string(copy.path().join("manifest.toml")).unwrap();
    let catalog_file = manifest
        .lines()
        .find_map(|l| l.strip_prefix("file = \"catalogs/"))
        .unwrap()
        .trim_end_matches('"')
        .to_string();
    edit(
        copy.path(),
        "manifest.toml",
        &format!("file = \"catalogs/{catalog_file}\""),
        &format!("file = \"{}\"", secret.display()),
    );
    import_refused(copy.path(), "manifest.toml:", "absolute path");
    let copy = tempfile::tempdir().unwrap();
    copy_tree(&export, copy.path());
    edit(
        copy.path(),
        "manifest.toml",
        &format!("file = \"{deck}\""),
        "file = \"../../deck.toml\"",
    );
    import_refused(copy.path(), "manifest.toml:", "it leaves the folder");
}

#[test]
fn import_all_checks_ids_times_and_version_numbers() {
    let db = Db::new();
    let export = exported(&db);
    let deck = a_deck_toml(&export);
    for (from, to, says) in [
        ("version = 1\n", "version = 4294967295\n", "version"),
        ("id = ", "id = -", "row id"),
        ("created_at = \"", "created_at = \"yesterday ", "RFC 3339"),
    ] {
        let copy = tempfile::tempdir().unwrap();
        copy_tree(&export, copy.path());
        edit(copy.path(), &deck, from, to);
        import_refused(copy.path(), "deck.toml:", says);
    }
    let copy = tempfile::tempdir().unwrap();
    copy_tree(&export, copy.path());
    let manifest = std::fs::read_to_string(copy.path().join("manifest.toml")).unwrap();
    let id = manifest.lines().find(|l| l.starts_with("id = ")).unwrap();
    edit(copy.path(), "manifest.toml", id, "id = 99999999999999999");
    import_refused(copy.path(), "manifest.toml:", "row id");
}

fn copy_tree(from: &Path, to: &Path) {
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            std::fs::create_dir_all(&target).unwrap();
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

#[test]
fn a_restore_stopped_half_way_is_cleaned_up_at_the_next_start() {
    let db = Db::new();
    let before = db.ok(&["catalog", "list", "--json"]);
    // what a restore killed between its steps leaves beside the database
    let left = [
        "deckwright.db.restoring",
        "deckwright.db.restoring-wal",
        "deckwright.db.restoring.partial",
        "deckwright.db.keeping",
        "deckwright.db.keeping-journal",
        "deckwright.db.keeping.partial",
        // a lock file nobody holds
        "deckwright.db.restore-lock",
    ];
    for f in left {
        std::fs::write(db.folder().join(f), b"half a copy").unwrap();
    }
    assert_eq!(db.ok(&["catalog", "list", "--json"]), before);
    for f in left {
        assert!(!db.folder().join(f).exists(), "{f} is still there");
    }
    // a restore running in another process holds its lock: nothing goes
    let lock = std::fs::File::create(db.folder().join("deckwright.db.restore-lock")).unwrap();
    lock.lock().unwrap();
    std::fs::write(db.folder().join(left[0]), b"being written").unwrap();
    db.ok(&["deck", "list"]);
    assert!(db.folder().join(left[0]).exists());
    drop(lock);
    // Once the lock is let go the next start cleans up. (Another test's
    // child process forked in this same instant shares the lock's open file
    // until it execs, which under load can outlast the drop: a few starts,
    // never one that removes a file while the lock is held, are allowed.)
    let mut starts = 0;
    while db.folder().join(left[0]).exists() && starts < 20 {
        db.ok(&["deck", "list"]);
        starts += 1;
        if db.folder().join(left[0]).exists() {
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    }
    assert!(!db.folder().join(left[0]).exists(), "{starts} starts");
}

/// Issue 48 item 6: what a killed `backup` leaves (`bk.db.partial` and its
/// journal) is removed by the next `backup` to the same file.
#[test]
fn a_backup_killed_half_way_is_cleaned_up_by_the_next_backup() {
    let db = Db::new();
    db.ok(&["deck", "list"]);
    let bk = db.folder().join("bk.db");
    let left = ["bk.db.partial", "bk.db.partial-journal"];
    for f in left {
        std::fs::write(db.folder().join(f), b"half a copy").unwrap();
    }
    db.ok(&["backup", s(&bk)]);
    for f in left {
        assert!(!db.folder().join(f).exists(), "{f} is still there");
    }
    assert_eq!(schema(&bk), schema(db.path()));
}

#[test]
fn saving_a_deck_unchanged_says_so_and_keeps_the_note_visible() {
    let db = Db::new();
    let file = db.folder().join("beat.txt");
    db.ok(&["deck", "export", "Beatdown (sample)", "-o", s(&file)]);
    let said = db.ok(&[
        "deck",
        "save",
        "Beatdown (sample)",
        s(&file),
        "--note",
        "tried the same list",
    ]);
    assert!(said.starts_with("unchanged"), "{said}");
    assert!(said.contains("still version 1"), "{said}");
    assert!(said.contains("tried the same list"), "{said}");
    let versions = db.ok(&["deck", "versions", "Beatdown (sample)"]);
    assert_eq!(versions.lines().count(), 1, "{versions}");
}

#[test]
fn a_damaged_database_is_named_with_what_to_do() {
    // a schema version no Deckwright writes
    let db = Db::new();
    db.ok(&["catalog", "list"]);
    rusqlite::Connection::open(db.path())
        .unwrap()
        .pragma_update(None, "user_version", -1)
        .unwrap();
    let err = db.refused(&["deck", "list"]);
    assert!(err.contains("schema version -1"), "{err}");
    assert!(err.contains(&db.path().display().to_string()), "{err}");
    assert!(err.contains("restore a backup"), "{err}");

    let db = Db::new();
    db.ok(&["catalog", "list"]);
    // overwrite every page after the first with noise
    let mut bytes = std::fs::read(db.path()).unwrap();
    assert!(bytes.len() > 8192);
    for (i, b) in bytes.iter_mut().enumerate().skip(4096) {
        *b = (i % 251) as u8;
    }
    std::fs::write(db.path(), bytes).unwrap();
    for args in [
        &["catalog", "list"][..],
        &["deck", "list"],
        &["collection", "show", "--catalog", "1"],
    ] {
        let out = db.run(args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains(&db.path().display().to_string()),
            "{args:?}: {err}"
        );
        assert!(err.contains("restore"), "{args:?}: {err}");
    }
}

/// Errors of an export folder name the file and the line they are about.
#[test]
fn import_all_errors_name_the_file_and_the_line() {
    let db = Db::new();
    let export = exported(&db);
    let deck = a_deck_toml(&export);
    let text = std::fs::read_to_string(export.join(&deck)).unwrap();
    let (n, line) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.starts_with("catalog = "))
        .unwrap();
    let copy = tempfile::tempdir().unwrap();
    copy_tree(&export, copy.path());
    edit(copy.path(), &deck, line, "catalog = \"No Such Catalog\"");
    import_refused(
        copy.path(),
        &format!("deck.toml:{}", n + 1),
        "\"No Such Catalog\" is neither in the export nor in the database",
    );
    let copy = tempfile::tempdir().unwrap();
    copy_tree(&export, copy.path());
    edit(
        copy.path(),
        "manifest.toml",
        "format = \"deckwright-export\"",
        "format = \"something-else\"",
    );
    let manifest = std::fs::read_to_string(copy.path().join("manifest.toml")).unwrap();
    let n = manifest
        .lines()
        .position(|l| l.starts_with("format = "))
        .unwrap();
    import_refused(
        copy.path(),
        &format!("manifest.toml:{}", n + 1),
        "format is `something-else`",
    );
}
