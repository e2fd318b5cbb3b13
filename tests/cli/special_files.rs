//! Issue 48 items 3, 7, 9 and 10: no file we are given can hang or flood a
//! command. Every file read by a name from the command line or from another
//! file must be a regular file (after links), under a size cap, read with a
//! bounded reader: `/dev/zero` and a named pipe (FIFO) as a scenario's
//! catalog, a deck list, an export's version file or manifest, or a
//! catalog's picture are refused at once (exit 2, naming the file); a
//! manifest that links out of its export folder is refused; `--threads` is
//! capped; a closed or full stdout is an error; a huge name is not echoed
//! back whole.

#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};
use std::time::{Duration, Instant};

use crate::support::{Db, deckwright, root, s, stderr};

/// Runs `deckwright` on `db` with `args`; a run past `limit` is killed and
/// fails the test (it would have hung for ever).
fn run_within(db: &Db, args: &[&str], limit: Duration) -> Output {
    let mut child = db
        .command()
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            return child.wait_with_output().unwrap();
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let out = child.wait_with_output().unwrap();
            panic!(
                "{args:?} still running after {limit:?} (killed): {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Refused: exit code 2, within a generous time, with the message.
fn refused_within(db: &Db, args: &[&str]) -> String {
    let out = run_within(db, args, Duration::from_secs(60));
    assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
    stderr(&out)
}

fn mkfifo(path: &Path) -> bool {
    std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .is_ok_and(|s| s.success())
}

/// A Fuzzycards scenario in `dir` whose catalog is `catalog`.
fn scenario_with_catalog(dir: &Path, catalog: &str) -> PathBuf {
    let file = dir.join("position.toml");
    std::fs::write(
        &file,
        format!(
            "game = \"fuzzycards\"\ncatalog = \"{catalog}\"\nseed = 1\nturn = 3\nactive = \"a\"\n\n\
             [seat.a]\nlife = 33\n\n[seat.b]\nlife = 12\n"
        ),
    )
    .unwrap();
    file
}

#[test]
fn dev_zero_as_any_input_is_refused_at_once() {
    let db = Db::new();
    let deck = root().join("resources/decks/fuzzycards-beatdown.txt");
    let catalog = root().join("resources/catalogs/fuzzycards.toml");
    let scenario = scenario_with_catalog(db.folder(), "/dev/zero");
    let link = db.folder().join("zero.toml");
    std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
    for args in [
        vec!["scenario", "run", s(&scenario)],
        vec!["validate", "--catalog", "/dev/zero", s(&deck)],
        vec!["validate", "--catalog", s(&link), s(&deck)],
        vec!["validate", "--catalog", s(&catalog), "/dev/zero"],
        vec!["catalog", "check", "/dev/zero"],
        vec!["game", "check", "/dev/zero"],
        vec!["import-all", "/dev/zero"],
    ] {
        let err = refused_within(&db, &args);
        assert!(
            err.contains("a device, not a regular file") || err.contains("no such folder"),
            "{args:?}: {err}"
        );
        assert!(
            err.contains("/dev/zero") || err.contains("zero.toml"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn a_named_pipe_as_any_input_is_refused_at_once() {
    let db = Db::new();
    let fifo = db.folder().join("pipe.toml");
    if !mkfifo(&fifo) {
        eprintln!("note: no mkfifo here; named pipes are not tried");
        return;
    }
    let deck = root().join("resources/decks/fuzzycards-beatdown.txt");
    let catalog = root().join("resources/catalogs/fuzzycards.toml");
    let scenario = scenario_with_catalog(db.folder(), "pipe.toml");
    for args in [
        vec!["scenario", "run", s(&scenario)],
        vec!["validate", "--catalog", s(&fifo), s(&deck)],
        vec!["validate", "--catalog", s(&catalog), s(&fifo)],
        vec!["catalog", "import", s(&fifo)],
        vec!["game", "check", s(&fifo)],
        vec!["--game-file", s(&fifo), "deck", "list"],
    ] {
        let err = refused_within(&db, &args);
        assert!(err.contains("named pipe (FIFO)"), "{args:?}: {err}");
        assert!(err.contains("pipe.toml"), "{args:?}: {err}");
    }
}

/// An export folder of a fresh database, with one deck of two versions.
fn export(db: &Db) -> PathBuf {
    let out = db.folder().join("export");
    let deck = root().join("resources/decks/fuzzycards-beatdown.txt");
    db.ok(&[
        "deck",
        "save",
        "Beatdown (sample)",
        s(&deck),
        "--note",
        "again",
    ]);
    db.ok(&["export-all", s(&out)]);
    out
}

/// The first file under `dir` whose name ends with `suffix`.
fn find(dir: &Path, suffix: &str) -> Option<PathBuf> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    entries.into_iter().find_map(|p| {
        if p.is_dir() {
            find(&p, suffix)
        } else {
            p.to_string_lossy().ends_with(suffix).then_some(p)
        }
    })
}

#[test]
fn an_export_with_a_pipe_or_a_link_out_is_refused_and_imports_nothing() {
    let db = Db::new();
    let exported = export(&db);
    // a version's text file that is a named pipe
    let fresh = Db::new();
    let before = fresh.ok(&["deck", "list", "--json"]);
    let version = find(&exported, ".txt").expect("a version's text file");
    std::fs::remove_file(&version).unwrap();
    if mkfifo(&version) {
        let err = refused_within(&fresh, &["import-all", s(&exported)]);
        assert!(err.contains("named pipe (FIFO)"), "{err}");
        assert!(
            err.contains(version.file_name().unwrap().to_str().unwrap()),
            "{err}"
        );
        assert_eq!(fresh.ok(&["deck", "list", "--json"]), before);
    }
    // a manifest that links out of the folder
    let db = Db::new();
    let exported = export(&db);
    let manifest = exported.join("manifest.toml");
    let outside = db.folder().join("elsewhere.toml");
    std::fs::rename(&manifest, &outside).unwrap();
    std::os::unix::fs::symlink(&outside, &manifest).unwrap();
    let fresh = Db::new();
    let before = fresh.ok(&["deck", "list", "--json"]);
    let err = refused_within(&fresh, &["import-all", s(&exported)]);
    assert!(err.contains("manifest.toml"), "{err}");
    assert!(err.contains("a symbolic link leads out"), "{err}");
    assert_eq!(fresh.ok(&["deck", "list", "--json"]), before);
    // a manifest that is a pipe
    std::fs::remove_file(&manifest).unwrap();
    if mkfifo(&manifest) {
        let err = refused_within(&fresh, &["import-all", s(&exported)]);
        assert!(err.contains("named pipe (FIFO)"), "{err}");
    }
}

#[test]
fn a_catalog_picture_that_is_a_pipe_is_named_for_what_it_is() {
    let db = Db::new();
    let dir = db.folder();
    let fifo = dir.join("pup.png");
    if !mkfifo(&fifo) {
        return;
    }
    let catalog = dir.join("pics.toml");
    std::fs::write(
        &catalog,
        "game = \"fuzzycards\"\nname = \"Pics\"\n\n[[card]]\nname = \"Pup\"\ntype = \"hero\"\n\
         rarity = \"common\"\nforce = \"power\"\ncost = 1\natk = 1\ndef = 1\nhp = 1\nimage = \"pup.png\"\n",
    )
    .unwrap();
    let err = refused_within(&db, &["catalog", "check", s(&catalog)]);
    assert!(err.contains("pics.toml:"), "{err}");
    assert!(err.contains("`pup.png` is not a regular file"), "{err}");
}

#[test]
fn threads_are_capped_at_a_few_a_core() {
    let db = Db::new();
    let (catalog, deck) = crate::support::sample("fuzzycards", "fuzzycards-beatdown.txt");
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let most = (cores * 4).to_string();
    let over = (cores * 4 + 1).to_string();
    for command in ["goldfish", "match"] {
        let mut args = vec![command, "--catalog", s(&catalog), s(&deck)];
        if command == "match" {
            args.push(s(&deck));
        }
        let mut too_many = args.clone();
        too_many.extend(["--games", "10", "--threads", "100000"]);
        let err = refused_within(&db, &too_many);
        assert!(err.contains(&format!("at most {most}")), "{err}");
        let mut one_over = args.clone();
        one_over.extend(["--games", "10", "--threads", &over]);
        refused_within(&db, &one_over);
        let mut zero = args.clone();
        zero.extend(["--games", "10", "--threads", "0"]);
        assert!(refused_within(&db, &zero).contains("at least 1"));
        let mut fine = args.clone();
        fine.extend(["--games", "10", "--threads", &most]);
        db.ok(&fine);
    }
}

#[test]
fn help_or_output_that_cannot_be_written_is_an_error() {
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full");
    if let Ok(full) = full {
        let out = deckwright()
            .arg("--help")
            .stdout(full)
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        assert!(stderr(&out).contains("cannot write to standard output"));
    }
    // stdout closed (`>&-`): through a shell, which can close it
    let db = Db::new();
    let out = std::process::Command::new("sh")
        .args(["-c", "\"$0\" --db \"$1\" deck list >&-"])
        .arg(env!("CARGO_BIN_EXE_deckwright"))
        .arg(db.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("it was closed"), "{}", stderr(&out));
    // while > /dev/null is fine
    let out = std::process::Command::new("sh")
        .args(["-c", "\"$0\" --db \"$1\" deck list > /dev/null"])
        .arg(env!("CARGO_BIN_EXE_deckwright"))
        .arg(db.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

#[test]
fn a_huge_name_is_not_echoed_back_whole() {
    let db = Db::new();
    let (catalog, _) = crate::support::sample("fuzzycards", "fuzzycards-beatdown.txt");
    let deck = db.folder().join("huge.txt");
    let name = "N".repeat(2_000_000);
    std::fs::write(&deck, format!("1 {name}\n")).unwrap();
    let out = db.run(&["validate", "--catalog", s(&catalog), s(&deck)]);
    let said = format!("{}{}", stderr(&out), String::from_utf8_lossy(&out.stdout));
    assert!(said.len() < 20_000, "{} bytes said", said.len());
    assert!(
        said.contains("more characters"),
        "{}",
        &said[..said.len().min(2000)]
    );
}
