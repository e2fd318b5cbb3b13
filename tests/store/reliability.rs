//! The database under load and bad conditions, through the CLI binary on real
//! files (issue 13): readers never wait for a writer; the sample catalogs are
//! seeded once; a read-only database reads and refuses writes naming the file,
//! and leaves nothing behind; a collection CSV that names no card changes
//! nothing; and the messages name what they are about.

#![cfg(unix)]

use std::collections::BTreeSet;
use std::ffi::OsStr;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::support::{ok_on as ok, repo, run_on as run};

const FZ: &str = "Genesis Wave (sample content)";

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// How the CLI is run: as this process's user, or (when the tests run as
/// root, whom file permissions do not stop) as `nobody` through `setpriv`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum As {
    Me,
    Nobody,
}

/// The `nobody` user and group (Linux).
const NOBODY: u32 = 65534;

fn deckwright(db: &Path, user: As, args: &[&OsStr]) -> Output {
    if user == As::Me {
        return run(db, args);
    }
    Command::new("setpriv")
        .args([
            "--reuid=65534",
            "--regid=65534",
            "--clear-groups",
            env!("CARGO_BIN_EXE_deckwright"),
        ])
        .arg("--db")
        .arg(db)
        .args(args)
        .env_remove("DECKWRIGHT_DB")
        .output()
        .expect("run deckwright")
}

fn json(db: &Path, args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&ok(db, args)).unwrap()
}

/// Exit code 2 and the message on stderr.
fn refused(out: &Output) -> String {
    assert_eq!(
        out.status.code(),
        Some(2),
        "stdout: {}\nstderr: {}",
        text(&out.stdout),
        text(&out.stderr)
    );
    text(&out.stderr)
}

fn catalog_names(db: &Path) -> BTreeSet<String> {
    json(db, &["catalog", "list", "--json"])
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap().to_string())
        .collect()
}

fn files_in(dir: &Path) -> BTreeSet<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect()
}

/// A new database in a temp folder, seeded by a first command, with a deck.
fn seeded() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("deckwright.db");
    let deck = repo("resources/decks/fuzzycards-beatdown.txt");
    ok(
        &db,
        &[
            "deck",
            "import",
            deck.to_str().unwrap(),
            "--catalog",
            FZ,
            "--name",
            "Beat",
        ],
    );
    (dir, db)
}

/// Runs the commands that only read while another connection holds the
/// write lock with an uncommitted insert: every one must succeed (a command
/// waiting for the lock would fail "busy" after the 5 s timeout).
fn reads_while_a_write_is_held(db: &Path, catalog: &str) {
    let writer = rusqlite::Connection::open(db).unwrap();
    writer.execute_batch("BEGIN IMMEDIATE").unwrap();
    writer
        .execute(
            "INSERT INTO settings (key, value) VALUES ('held by the test', 'x')",
            [],
        )
        .unwrap();
    let deck = repo("resources/decks/fuzzycards-beatdown.txt");
    for args in [
        vec!["deck", "list"],
        vec!["catalog", "list"],
        vec!["validate", "--catalog", catalog, deck.to_str().unwrap()],
        vec!["collection", "show", "--catalog", catalog],
    ] {
        let started = std::time::Instant::now();
        let out = run(db, &args);
        // `validate` exits 1 for a deck with violations: it still ran
        let ran = match args[0] {
            "validate" => [Some(0), Some(1)].contains(&out.status.code()),
            _ => out.status.code() == Some(0),
        };
        assert!(
            ran && !out.stdout.is_empty(),
            "{args:?} while a write is held ({:?}): {:?} {}",
            started.elapsed(),
            out.status,
            text(&out.stderr)
        );
    }
    writer.execute_batch("ROLLBACK").unwrap();
}

#[test]
fn readers_never_wait_for_a_writer() {
    let (_dir, db) = seeded();
    reads_while_a_write_is_held(&db, FZ);
}

#[test]
fn a_writer_waits_for_the_lock_then_names_the_busy_database() {
    let (_dir, db) = seeded();
    let writer = rusqlite::Connection::open(&db).unwrap();
    writer.execute_batch("BEGIN IMMEDIATE").unwrap();
    let err = refused(&run(
        &db,
        &["collection", "set", "--catalog", FZ, "Ember Cub", "2"],
    ));
    assert!(
        err.contains(&format!("the database {} is busy", db.display())),
        "{err}"
    );
    writer.execute_batch("ROLLBACK").unwrap();
    ok(
        &db,
        &["collection", "set", "--catalog", FZ, "Ember Cub", "2"],
    );
}

#[test]
fn readers_never_wait_for_a_writer_on_an_upgraded_old_database() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("v1.db");
    std::fs::copy(repo("tests/fixtures/db/v1.db"), &db).unwrap();
    // the first command upgrades it (that one writes)
    ok(&db, &["catalog", "list"]);
    reads_while_a_write_is_held(&db, "Genesis Fixture");
}

#[test]
fn deleted_sample_catalogs_stay_deleted() {
    let (_dir, db) = seeded();
    ok(&db, &["deck", "delete", "Beat"]);
    // the sample decks too: a catalog in use cannot be deleted
    for d in json(&db, &["deck", "list", "--json"]).as_array().unwrap() {
        ok(&db, &["deck", "delete", d["name"].as_str().unwrap()]);
    }
    let names = catalog_names(&db);
    assert!(names.contains(FZ), "{names:?}");
    for name in &names {
        ok(&db, &["catalog", "delete", name]);
    }
    assert!(catalog_names(&db).is_empty());
    ok(&db, &["deck", "list"]);
    assert!(catalog_names(&db).is_empty(), "the samples came back");
    assert_eq!(
        json(&db, &["deck", "list", "--json"]),
        serde_json::json!([])
    );
}

#[test]
fn an_old_database_with_catalogs_is_not_seeded_after_its_upgrade() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("v1.db");
    std::fs::copy(repo("tests/fixtures/db/v1.db"), &db).unwrap();
    assert_eq!(
        catalog_names(&db),
        BTreeSet::from(["Genesis Fixture".to_string()])
    );
    ok(&db, &["deck", "delete", "Fixture Deck"]);
    ok(&db, &["catalog", "delete", "Genesis Fixture"]);
    assert!(catalog_names(&db).is_empty(), "upgraded, then seeded");
}

#[test]
fn an_old_database_without_catalogs_is_seeded_as_before() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("v2.db");
    drop(deckwright::store::Store::open_at_version(&db, 2).unwrap());
    assert!(catalog_names(&db).contains(FZ));
}

// ---------------------------------------------------------------- read-only

/// Whether this process writes files whatever their permissions (root).
fn privileged(dir: &Path) -> bool {
    let probe = dir.join("probe");
    std::fs::write(&probe, b"").unwrap();
    let root = std::fs::metadata(&probe).unwrap().uid() == 0;
    std::fs::remove_file(probe).unwrap();
    root
}

fn setpriv_works() -> bool {
    Command::new("setpriv")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

fn chmod(path: &Path, mode: u32) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

/// A seeded database alone in a folder that `user` can reach, owned by `user`.
fn database_for(user: As) -> (tempfile::TempDir, PathBuf, PathBuf) {
    let base = tempfile::tempdir().unwrap();
    chmod(base.path(), 0o755);
    let folder = base.path().join("data");
    std::fs::create_dir(&folder).unwrap();
    let db = folder.join("deckwright.db");
    ok(&db, &["catalog", "list"]);
    if user == As::Nobody {
        std::os::unix::fs::chown(&folder, Some(NOBODY), Some(NOBODY)).unwrap();
        std::os::unix::fs::chown(&db, Some(NOBODY), Some(NOBODY)).unwrap();
    }
    (base, folder, db)
}

/// Reads work, a write is refused naming the file and saying why, and no
/// file appears beside the database.
fn reads_but_refuses_writes(db: &Path, user: As, extra: &[&str], why: &str) {
    let folder = db.parent().unwrap();
    let before = files_in(folder);
    let with = |args: &[&str]| -> Output {
        let all: Vec<&OsStr> = extra.iter().chain(args.iter()).map(OsStr::new).collect();
        deckwright(db, user, &all)
    };
    for args in [
        &["deck", "list"][..],
        &["catalog", "list"],
        &["collection", "show", "--catalog", FZ],
    ] {
        let out = with(args);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?} on a read-only database: {}",
            text(&out.stderr)
        );
    }
    let shown = with(&["catalog", "list"]);
    assert!(text(&shown.stdout).contains(FZ));
    let err = refused(&with(&["catalog", "delete", FZ]));
    assert!(
        err.contains(&format!("the database {} is read-only", db.display())),
        "{err}"
    );
    assert!(err.contains(why), "{err}");
    let err = refused(&with(&[
        "collection",
        "set",
        "--catalog",
        FZ,
        "Ember Cub",
        "2",
    ]));
    assert!(err.contains("is read-only"), "{err}");
    assert_eq!(files_in(folder), before, "files were left behind");
}

/// What the writing commands need from outside: a backup, an export folder,
/// a deck list, a catalog file and a collection CSV, made from another
/// database in a folder anyone can read.
struct Inputs {
    _dir: tempfile::TempDir,
    backup: PathBuf,
    export: PathBuf,
    deck: PathBuf,
    catalog: PathBuf,
    csv: PathBuf,
}

fn inputs() -> Inputs {
    let dir = tempfile::tempdir().unwrap();
    chmod(dir.path(), 0o755);
    let other = dir.path().join("other.db");
    let backup = dir.path().join("backup.db");
    let export = dir.path().join("export");
    let csv = dir.path().join("owned.csv");
    ok(&other, &["catalog", "list"]);
    ok(&other, &["backup", backup.to_str().unwrap()]);
    ok(&other, &["export-all", export.to_str().unwrap()]);
    ok(
        &other,
        &[
            "collection",
            "export",
            "--catalog",
            FZ,
            "-o",
            csv.to_str().unwrap(),
        ],
    );
    for entry in walk(&export) {
        chmod(&entry, if entry.is_dir() { 0o755 } else { 0o644 });
    }
    chmod(&backup, 0o644);
    chmod(&csv, 0o644);
    let catalog = dir.path().join("mine.toml");
    std::fs::write(
        &catalog,
        "game = \"fuzzycards\"\nname = \"Mine\"\n\n[[card]]\nname = \"Pup\"\ntype = \"hero\"\nrarity = \"common\"\nforce = \"power\"\ncost = 1\natk = 1\ndef = 1\nhp = 1\n",
    )
    .unwrap();
    chmod(&catalog, 0o644);
    Inputs {
        _dir: dir,
        backup,
        export,
        deck: repo("resources/decks/fuzzycards-beatdown.txt"),
        catalog,
        csv,
    }
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut all = vec![dir.to_path_buf()];
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            all.extend(walk(&p));
        } else {
            all.push(p);
        }
    }
    all
}

/// Every command that changes the database, with what it needs.
fn writing_commands(i: &Inputs) -> Vec<Vec<String>> {
    let p = |p: &Path| p.to_str().unwrap().to_string();
    let deck = "Beatdown (sample)";
    [
        vec!["restore".into(), p(&i.backup)],
        vec!["import-all".into(), p(&i.export), "--replace".into()],
        vec!["catalog".into(), "import".into(), p(&i.catalog)],
        vec!["catalog".into(), "delete".into(), "Mine".into()],
        vec![
            "deck".into(),
            "import".into(),
            p(&i.deck),
            "--catalog".into(),
            FZ.into(),
        ],
        vec!["deck".into(), "save".into(), deck.into(), p(&i.deck)],
        vec!["deck".into(), "restore".into(), deck.into(), "1".into()],
        vec![
            "deck".into(),
            "duplicate".into(),
            deck.into(),
            "Copy".into(),
        ],
        vec![
            "deck".into(),
            "rename".into(),
            "Copy".into(),
            "Other".into(),
        ],
        vec!["deck".into(), "delete".into(), "Other".into()],
        vec![
            "collection".into(),
            "set".into(),
            "--catalog".into(),
            FZ.into(),
            "Ember Cub".into(),
            "2".into(),
        ],
        vec![
            "collection".into(),
            "import".into(),
            "--catalog".into(),
            FZ.into(),
            p(&i.csv),
        ],
    ]
    .into()
}

/// The database file's bytes and the files beside it.
fn state_of(db: &Path) -> (Vec<u8>, BTreeSet<String>) {
    (std::fs::read(db).unwrap(), files_in(db.parent().unwrap()))
}

/// Issue 48 item 2: under `--read-only` every command that writes is
/// refused with exit code 2 naming the flag, the database is not touched,
/// and nothing is created beside it — `restore` and `import-all` included.
#[test]
fn read_only_option_is_honoured_by_every_writing_command() {
    let (_base, _folder, db) = database_for(As::Me);
    let i = inputs();
    let before = state_of(&db);
    for args in writing_commands(&i) {
        let mut all = vec!["--read-only".to_string()];
        all.extend(args.iter().cloned());
        let err = refused(&run(&db, &all));
        assert!(err.contains("--read-only"), "{args:?}: {err}");
        assert!(err.contains(db.to_str().unwrap()), "{args:?}: {err}");
        assert!(err.contains("nothing was changed"), "{args:?}: {err}");
        assert_eq!(state_of(&db), before, "{args:?} changed the database");
    }
    // and every one of them writes without the flag (the list is not stale)
    for args in writing_commands(&i) {
        let out = run(&db, &args);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
}

/// Issue 48 item 2: a restore onto a database its user cannot write
/// (0444) is refused, and leaves no `-wal`, `-shm`, `.before-restore` or
/// lock file beside it.
#[test]
fn a_restore_onto_a_read_only_database_leaves_nothing() {
    let Some(user) = permission_user() else {
        return;
    };
    let (_base, folder, db) = database_for(user);
    let i = inputs();
    chmod(&db, 0o444);
    let before = state_of(&db);
    let out = deckwright(&db, user, &[OsStr::new("restore"), i.backup.as_os_str()]);
    let err = refused(&out);
    assert!(
        err.contains("is read-only (the file is not writable)"),
        "{err}"
    );
    assert_eq!(state_of(&db), before, "files were left beside the database");
    chmod(&folder, 0o555);
    chmod(&db, 0o644);
    let out = deckwright(&db, user, &[OsStr::new("restore"), i.backup.as_os_str()]);
    let err = refused(&out);
    assert!(err.contains("is not writable"), "{err}");
    chmod(&folder, 0o755);
    assert_eq!(state_of(&db), before, "files were left beside the database");
}

#[test]
fn read_only_option_reads_refuses_writes_and_leaves_nothing() {
    let (_base, folder, db) = database_for(As::Me);
    reads_but_refuses_writes(&db, As::Me, &["--read-only"], "opened with --read-only");
    assert_eq!(
        files_in(&folder),
        BTreeSet::from(["deckwright.db".to_string()])
    );
    // nothing to trip over afterwards: writing works
    ok(
        &db,
        &["collection", "set", "--catalog", FZ, "Ember Cub", "2"],
    );
    // --read-only never creates a database
    let missing = folder.join("missing.db");
    let err = refused(&run(&missing, &["--read-only", "deck", "list"]));
    assert!(err.contains("missing.db"), "{err}");
    assert!(!missing.exists());
}

#[test]
fn read_only_option_reads_changes_still_in_the_write_ahead_log() {
    let (_base, folder, db) = database_for(As::Me);
    // another connection adds a catalog and stays open, so the change stays
    // in the -wal file (not yet copied into the database file)
    let other = rusqlite::Connection::open(&db).unwrap();
    other
        .execute_batch(
            "PRAGMA wal_autocheckpoint = 0;
             INSERT INTO catalogs (game, name) VALUES ('fuzzycards', 'Only In The Log');",
        )
        .unwrap();
    assert!(folder.join("deckwright.db-wal").metadata().unwrap().len() > 0);
    let out = run(&db, &["--read-only", "catalog", "list"]);
    assert!(
        text(&out.stdout).contains("Only In The Log"),
        "{}",
        text(&out.stderr)
    );
    drop(other);
}

/// Which user the permission tests run the CLI as, or `None` (with a note)
/// when this process is root and cannot drop to `nobody`.
fn permission_user() -> Option<As> {
    let dir = tempfile::tempdir().unwrap();
    if !privileged(dir.path()) {
        return Some(As::Me);
    }
    if setpriv_works() {
        return Some(As::Nobody);
    }
    eprintln!(
        "note: running as root without setpriv: file permissions cannot make a database \
         read-only here; read_only_option_* covers the read-only open"
    );
    None
}

#[test]
fn a_read_only_file_is_read_and_leaves_no_trap() {
    let Some(user) = permission_user() else {
        return;
    };
    let (_base, folder, db) = database_for(user);
    chmod(&db, 0o444);
    reads_but_refuses_writes(&db, user, &[], "the file is not writable");
    reads_but_refuses_writes(&db, user, &[], "the file is not writable");
    // writable again: everything works, nothing was left to break it
    chmod(&db, 0o644);
    // (a write: one of the sample decks goes)
    let out = deckwright(
        &db,
        user,
        &["deck", "delete", "Beatdown (sample)"].map(OsStr::new),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(!files_in(&folder).iter().any(|f| f.ends_with("-shm")));
}

#[test]
fn a_database_in_a_read_only_folder_is_read() {
    let Some(user) = permission_user() else {
        return;
    };
    let (_base, folder, db) = database_for(user);
    chmod(&folder, 0o555);
    reads_but_refuses_writes(&db, user, &[], "is not writable");
    chmod(&folder, 0o755);
    // (a write: one of the sample decks goes)
    let out = deckwright(
        &db,
        user,
        &["deck", "delete", "Beatdown (sample)"].map(OsStr::new),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

/// `backup` reads the database as every read does (issue 22, item 4): a
/// database its user cannot write, in a folder it cannot write, is copied,
/// and no `-wal`/`-shm` file is left beside it to break its owner's writes.
#[test]
fn a_read_only_database_backs_up_and_leaves_no_trap() {
    let Some(user) = permission_user() else {
        return;
    };
    let (_base, folder, db) = database_for(user);
    let dest_dir = tempfile::tempdir().unwrap();
    chmod(dest_dir.path(), 0o777);
    let dest = dest_dir.path().join("copy.db");
    chmod(&db, 0o444);
    chmod(&folder, 0o555);
    let before = files_in(&folder);
    let out = deckwright(&db, user, &[OsStr::new("backup"), dest.as_os_str()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        files_in(&folder),
        before,
        "files were left beside the database"
    );
    chmod(&folder, 0o755);
    chmod(&db, 0o644);
    assert!(catalog_names(&dest).contains(FZ));
    let out = deckwright(
        &db,
        user,
        &["deck", "delete", "Beatdown (sample)"].map(OsStr::new),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

/// Reads on a full disk work, and writes say the disk is full (issue 22,
/// item 10). The disk is a 16 MB tmpfs filled to the last block, mounted in
/// a mount namespace of the test's own (`unshare`); where that cannot be
/// made, the test says so and stops.
#[test]
fn a_database_on_a_full_disk_reads_and_says_why_it_cannot_write() {
    let (_base, _folder, db) = database_for(As::Me);
    let mnt = tempfile::tempdir().unwrap();
    let script = r#"
        set -e
        mount -t tmpfs -o size=16m tmpfs "$1"
        cp "$3" "$1/deckwright.db"
        dd if=/dev/zero of="$1/fill" bs=4096 2>/dev/null || true
        set +e
        "$2" --db "$1/deckwright.db" deck list; echo "list=$?"
        "$2" --db "$1/deckwright.db" deck delete "Beatdown (sample)"; echo "delete=$?"
        echo "files: $(ls "$1" | tr '\n' ' ')"
    "#;
    let out = Command::new("unshare")
        .args(["-rm", "sh", "-c", script, "sh"])
        .arg(mnt.path())
        .arg(env!("CARGO_BIN_EXE_deckwright"))
        .arg(&db)
        .output();
    let Some(out) = out.ok().filter(|o| text(&o.stdout).contains("list=")) else {
        eprintln!("note: no mount namespace here (unshare -rm); a full disk is not tried");
        return;
    };
    let (said, err) = (text(&out.stdout), text(&out.stderr));
    assert!(said.contains("list=0"), "{said}\n{err}");
    assert!(said.contains("Beatdown (sample)"), "{said}");
    assert!(said.contains("delete=2"), "{said}\n{err}");
    assert!(err.contains("the disk holding it is full"), "{err}");
    assert!(said.contains("files: deckwright.db fill \n"), "{said}");
}

// ---------------------------------------------------------------- collection CSV

fn owned_counts(db: &Path) -> serde_json::Value {
    json(db, &["collection", "show", "--catalog", FZ, "--json"])
}

#[test]
fn a_csv_naming_no_card_changes_nothing() {
    let (dir, db) = seeded();
    ok(
        &db,
        &["collection", "set", "--catalog", FZ, "Ember Cub", "3"],
    );
    let before = owned_counts(&db);
    assert_eq!(before.as_array().unwrap().len(), 1);
    let csv = dir.path().join("other.csv");
    std::fs::write(
        &csv,
        "Count,Name\n2,Boring Rock\n\n1,Lazy Rock\n1,Odd Spoon\n1,Sad Gift\n1,A\n1,B\n1,C\n",
    )
    .unwrap();
    let err = refused(&run(
        &db,
        &[
            "collection",
            "import",
            "--catalog",
            FZ,
            csv.to_str().unwrap(),
        ],
    ));
    assert!(err.contains("none of its 7 rows names a card"), "{err}");
    assert!(err.contains("nothing was imported"), "{err}");
    assert!(
        err.contains(&format!("{}:2: \"Boring Rock\"", csv.display())),
        "{err}"
    );
    assert!(
        err.contains(&format!("{}:4: \"Lazy Rock\"", csv.display())),
        "{err}"
    );
    assert!(err.contains("and 2 more"), "{err}");
    assert_eq!(owned_counts(&db), before);
}

#[test]
fn a_partial_csv_import_says_what_it_skipped() {
    let (dir, db) = seeded();
    let csv = dir.path().join("half.csv");
    std::fs::write(&csv, "Count,Name\n2,Ember Cub\n1,Nope Card\n1,Other Nope\n").unwrap();
    let out = run(
        &db,
        &[
            "collection",
            "import",
            "--catalog",
            FZ,
            csv.to_str().unwrap(),
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(err.contains("skipped 2 of 3 rows"), "{err}");
    assert!(
        err.contains(&format!("{}:3: \"Nope Card\"", csv.display())),
        "{err}"
    );
    assert!(
        err.contains(&format!("{}:4: \"Other Nope\"", csv.display())),
        "{err}"
    );
    let owned = owned_counts(&db);
    assert_eq!(owned[0]["name"], "Ember Cub");
    assert_eq!(owned[0]["owned"], 2);
    // a header and no rows is an empty collection (what exporting one writes)
    std::fs::write(&csv, "Count,Name\n").unwrap();
    ok(
        &db,
        &[
            "collection",
            "import",
            "--catalog",
            FZ,
            csv.to_str().unwrap(),
        ],
    );
    assert!(owned_counts(&db).as_array().unwrap().is_empty());
}

// ---------------------------------------------------------------- messages

#[test]
fn a_negative_count_is_called_a_count() {
    let dir = tempfile::tempdir().unwrap();
    let deck = dir.path().join("neg.txt");
    std::fs::write(&deck, "2 Ember Cub\n-3 Ember Cub\n").unwrap();
    let catalog = repo("tests/fixtures/catalogs/fuzzycards.toml");
    let err = refused(&run(
        &dir.path().join("unused.db"),
        &[
            "validate",
            "--catalog",
            catalog.to_str().unwrap(),
            deck.to_str().unwrap(),
        ],
    ));
    assert!(
        err.contains("neg.txt:2: count `-3` must be between 1 and"),
        "{err}"
    );
    assert!(!err.contains("`3 -3"), "{err}");
}

#[test]
fn an_existing_catalog_names_the_replace_option() {
    let (_dir, db) = seeded();
    let file = repo("tests/fixtures/catalogs/fuzzycards.toml");
    ok(&db, &["catalog", "import", file.to_str().unwrap()]);
    let err = refused(&run(&db, &["catalog", "import", file.to_str().unwrap()]));
    assert!(err.contains("already exists"), "{err}");
    assert!(err.contains("--replace"), "{err}");
    assert!(!err.contains("replace_catalog"), "{err}");
    assert!(err.contains("fuzzycards.toml"), "{err}");
}

#[test]
fn a_newer_database_is_named() {
    let (_dir, db) = seeded();
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.pragma_update(None, "user_version", 999).unwrap();
    drop(conn);
    let err = refused(&run(&db, &["deck", "list"]));
    assert!(err.contains(&db.display().to_string()), "{err}");
    assert!(err.contains("newer Deckwright"), "{err}");
}

#[test]
fn a_device_or_folder_is_not_a_database() {
    let before = Path::new("/dev/null-journal").exists();
    let err = refused(&run(Path::new("/dev/null"), &["deck", "list"]));
    assert!(
        err.contains("the database /dev/null: it is a device or other special file"),
        "{err}"
    );
    assert_eq!(
        Path::new("/dev/null-journal").exists(),
        before,
        "a journal was created beside /dev/null"
    );
    let dir = tempfile::tempdir().unwrap();
    let err = refused(&run(dir.path(), &["deck", "list"]));
    assert!(err.contains("it is a folder"), "{err}");
    assert!(err.contains(&dir.path().display().to_string()), "{err}");
}

#[test]
fn pdf_of_an_empty_deck_names_the_deck() {
    let dir = tempfile::tempdir().unwrap();
    let deck = dir.path().join("nothing-here.txt");
    std::fs::write(&deck, "# only a comment\n").unwrap();
    let catalog = repo("tests/fixtures/catalogs/fuzzycards.toml");
    let out = dir.path().join("out.pdf");
    let err = refused(&run(
        &dir.path().join("unused.db"),
        &[
            "pdf",
            "--catalog",
            catalog.to_str().unwrap(),
            deck.to_str().unwrap(),
            "--layout",
            "nine-up",
            "-o",
            out.to_str().unwrap(),
        ],
    ));
    assert!(
        err.contains(&format!("{}: nothing to print", deck.display())),
        "{err}"
    );
    assert!(!out.exists());
}

#[test]
fn an_empty_deckwright_db_means_the_default_database() {
    let home = tempfile::tempdir().unwrap();
    let out = crate::support::deckwright()
        .args(["catalog", "list"])
        .env("DECKWRIGHT_DB", "")
        .env("HOME", home.path())
        .env("XDG_DATA_HOME", home.path().join("data"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains(FZ));
    assert!(home.path().join("data/deckwright/deckwright.db").is_file());
}

#[test]
fn a_deck_from_a_non_utf8_file_name_keeps_its_name() {
    use std::os::unix::ffi::OsStrExt;
    let (dir, db) = seeded();
    let name = OsStr::from_bytes(b"R\xf6ck Deck.txt");
    let deck = dir.path().join(name);
    std::fs::copy(repo("resources/decks/fuzzycards-beatdown.txt"), &deck).unwrap();
    let out = deckwright(
        &db,
        As::Me,
        &[
            OsStr::new("deck"),
            OsStr::new("import"),
            deck.as_os_str(),
            OsStr::new("--catalog"),
            OsStr::new(FZ),
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let list = json(&db, &["deck", "list", "--json"]);
    let names: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["name"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"R\u{fffd}ck Deck"), "{names:?}");
}
