//! Shared by every test binary (`#[path = "../support/mod.rs"] mod support;`):
//! the `deckwright` binary run on a database of the test's own, never the
//! user's; temporary databases; paths inside the repository (fixtures, the
//! sample catalogs and decks); and reading what a run printed.
#![allow(
    dead_code,
    reason = "shared by several test binaries, each using part of it"
)]

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The repository's root (where `Cargo.toml` is).
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A path inside the repository.
pub fn repo(rel: &str) -> PathBuf {
    root().join(rel)
}

/// A path under `tests/fixtures/`.
pub fn fixture(rel: &str) -> PathBuf {
    root().join("tests/fixtures").join(rel)
}

/// A sample catalog shipped in `resources/catalogs/` (`"dice-of-destiny"`).
pub fn sample_catalog(game: &str) -> PathBuf {
    root().join(format!("resources/catalogs/{game}.toml"))
}

/// A sample deck shipped in `resources/decks/` (its file name).
pub fn sample_deck(file: &str) -> PathBuf {
    root().join("resources/decks").join(file)
}

/// A path as the `&str` a command line takes.
pub fn s(p: &Path) -> &str {
    p.to_str().expect("test paths are UTF-8")
}

/// The `deckwright` binary. Its database is a file no test opens
/// (`DECKWRIGHT_DB`), so a command that reaches for a database never touches
/// the user's; give `--db` or `.env("DECKWRIGHT_DB", ..)` to use another.
pub fn deckwright() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_deckwright"));
    c.env(
        "DECKWRIGHT_DB",
        std::env::temp_dir().join(format!("deckwright-test-unused-{}.db", std::process::id())),
    );
    c
}

/// Runs the binary with these arguments (on the unused database).
pub fn run<S: AsRef<OsStr>>(args: &[S]) -> Output {
    deckwright().args(args).output().expect("run deckwright")
}

/// What a run printed on stdout.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// What a run printed on stderr.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Asserts the run exited 0 (showing both streams if not); its stdout.
pub fn ok_stdout(args: &dyn std::fmt::Debug, o: &Output) -> String {
    assert_eq!(
        o.status.code(),
        Some(0),
        "{args:?}\nstdout: {}\nstderr: {}",
        stdout(o),
        stderr(o)
    );
    stdout(o)
}

/// The JSON a run printed, after asserting it exited 0.
pub fn json(o: &Output) -> serde_json::Value {
    assert_eq!(o.status.code(), Some(0), "{}", stderr(o));
    serde_json::from_slice(&o.stdout).expect("stdout is JSON")
}

/// The binary with `--db DB`.
pub fn on(db: &Path) -> Command {
    let mut c = deckwright();
    c.arg("--db").arg(db);
    c
}

/// Runs the binary on the database `db`.
pub fn run_on<S: AsRef<OsStr>>(db: &Path, args: &[S]) -> Output {
    on(db).args(args).output().expect("run deckwright")
}

/// Runs the binary on `db` and asserts it exited 0; its stdout.
pub fn ok_on<S: AsRef<OsStr> + std::fmt::Debug>(db: &Path, args: &[S]) -> String {
    ok_stdout(&args, &run_on(db, args))
}

/// Runs the binary on `db` and asserts it exited 2 (bad input); its stderr.
pub fn refused_on<S: AsRef<OsStr> + std::fmt::Debug>(db: &Path, args: &[S]) -> String {
    let out = run_on(db, args);
    assert_eq!(
        out.status.code(),
        Some(2),
        "{args:?}\nstdout: {}\nstderr: {}",
        stdout(&out),
        stderr(&out)
    );
    stderr(&out)
}

/// A database of the test's own, in a temporary folder that goes with it.
pub struct Db {
    pub dir: tempfile::TempDir,
    path: PathBuf,
}

impl Db {
    /// `deckwright.db` in a new temporary folder (created by the first run).
    pub fn new() -> Db {
        Db::named("deckwright.db")
    }

    /// A database at `rel` inside a new temporary folder.
    pub fn named(rel: impl AsRef<Path>) -> Db {
        let dir = tempfile::tempdir().expect("temporary folder");
        let path = dir.path().join(rel);
        Db { dir, path }
    }

    /// The database file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The temporary folder the database lives in.
    pub fn folder(&self) -> &Path {
        self.dir.path()
    }

    /// The binary with `--db` pointing at this database.
    pub fn command(&self) -> Command {
        on(&self.path)
    }

    /// Runs the binary on this database.
    pub fn run<S: AsRef<OsStr>>(&self, args: &[S]) -> Output {
        run_on(&self.path, args)
    }

    /// Runs the binary on this database and asserts it exited 0; its stdout.
    pub fn ok<S: AsRef<OsStr> + std::fmt::Debug>(&self, args: &[S]) -> String {
        ok_on(&self.path, args)
    }

    /// Runs the binary on this database and asserts it exited 2 (bad
    /// input); its stderr.
    pub fn refused<S: AsRef<OsStr> + std::fmt::Debug>(&self, args: &[S]) -> String {
        refused_on(&self.path, args)
    }

    /// The JSON of a run that exited 0.
    pub fn json<S: AsRef<OsStr> + std::fmt::Debug>(&self, args: &[S]) -> serde_json::Value {
        serde_json::from_str(&self.ok(args)).expect("stdout is JSON")
    }
}

impl Default for Db {
    fn default() -> Db {
        Db::new()
    }
}

/// A sample game's catalog and one of its sample decks.
pub fn sample(game: &str, deck: &str) -> (PathBuf, PathBuf) {
    (sample_catalog(game), sample_deck(deck))
}

/// `deckwright COMMAND --catalog CATALOG DECK EXTRA…` on a sample catalog
/// and deck, on a database of its own.
pub fn on_sample(command: &str, game: &str, deck: &str, extra: &[&str]) -> Output {
    let (c, d) = sample(game, deck);
    let mut args = vec![command, "--catalog", s(&c), s(&d)];
    args.extend_from_slice(extra);
    Db::new().run(&args)
}
