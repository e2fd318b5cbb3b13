//! What the commands write, when writing fails (issue 22, items 1 and 5).
//! A reader that goes away (`deckwright catalog show X | head -1`) ends the
//! command quietly with its usual exit code; a stdout that fails otherwise
//! (`> /dev/full`) is an error naming stdout, exit code 2 — never a panic and
//! a backtrace. An export into a file that exists replaces it whole or not
//! at all: a disk that fills up half-way keeps the old file.

use std::io::{BufRead, BufReader};
use std::process::{Command, Output, Stdio};

use crate::big_support::{CATALOG, card_name, catalog_toml};
use crate::support::{Db, s, sample_deck, stderr};

/// A database holding a 3,000-card catalog: `catalog show` of it prints far
/// more than a pipe holds (64 KiB), so the command is still writing when its
/// reader goes.
fn with_a_big_catalog() -> Db {
    let db = Db::new();
    let file = db.folder().join("big.toml");
    std::fs::write(&file, catalog_toml(3000)).unwrap();
    db.ok(&["catalog", "import", s(&file)]);
    db
}

/// `cmd | head -1`: the reader takes one line and closes the pipe.
fn head_1(mut cmd: Command) -> (Output, String) {
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    reader.read_line(&mut first).unwrap();
    drop(reader);
    (child.wait_with_output().unwrap(), first)
}

/// `cmd` with the pipe's reader gone before it writes anything.
fn closed(mut cmd: Command) -> Output {
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    child.wait_with_output().unwrap()
}

fn quiet(out: &Output, code: i32, what: &str) {
    assert_eq!(out.status.code(), Some(code), "{what}: {}", stderr(out));
    assert!(stderr(out).is_empty(), "{what} said: {}", stderr(out));
}

#[test]
fn a_reader_that_goes_away_ends_the_command_quietly() {
    let db = with_a_big_catalog();
    let mut show = db.command();
    show.args(["catalog", "show", CATALOG]);
    let (out, first) = head_1(show);
    assert!(first.contains(CATALOG), "{first}");
    quiet(&out, 0, "catalog show | head -1");

    let deck = sample_deck("fuzzycards-beatdown.txt");
    let fz = "Genesis Wave (sample content)";
    for args in [
        &["catalog", "list"][..],
        &["collection", "show", "--catalog", fz],
        &["deck", "list"],
        &["deck", "export", "Beatdown (sample)"],
        &["validate", "--catalog", fz, s(&deck)],
    ] {
        let mut cmd = db.command();
        cmd.args(args);
        quiet(&closed(cmd), 0, &format!("{args:?} into a closed pipe"));
    }
}

#[test]
fn a_stdout_that_cannot_be_written_is_an_error_naming_it() {
    let db = with_a_big_catalog();
    for args in [
        &["catalog", "list"][..],
        &["catalog", "show", CATALOG],
        &["deck", "list"],
    ] {
        let full = std::fs::File::options()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = db.command().args(args).stdout(full).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(err.contains("stdout"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

/// `catalog export -o`, `deck export -o` and `collection export -o` run out
/// of space half-way (a file-size limit stands in for a full disk): the file
/// they were replacing is still the old one.
#[test]
fn an_export_that_runs_out_of_space_keeps_the_old_file() {
    let db = with_a_big_catalog();
    db.ok(&[
        "collection",
        "set",
        "--catalog",
        CATALOG,
        &card_name(1),
        "2",
    ]);
    let list: String = (0..3000).map(|i| format!("1 {}\n", card_name(i))).collect();
    let deck = db.folder().join("every-card.txt");
    std::fs::write(&deck, list).unwrap();
    db.ok(&[
        "deck",
        "import",
        "--catalog",
        CATALOG,
        "--name",
        "Every Card",
        s(&deck),
    ]);
    for (args, file) in [
        (&["catalog", "export", CATALOG, "-o"][..], "old.toml"),
        (
            &["collection", "export", "--catalog", CATALOG, "-o"],
            "old.csv",
        ),
        (&["deck", "export", "Every Card", "-o"], "old.txt"),
    ] {
        let path = db.folder().join(file);
        std::fs::write(&path, "the export from last week\n").unwrap();
        // 1 block of 512 bytes at most per file (`ulimit -f` in sh)
        let mut cmd = Command::new("sh");
        cmd.arg("-c")
            .arg("ulimit -f 1 && exec \"$0\" \"$@\"")
            .arg(env!("CARGO_BIN_EXE_deckwright"))
            .arg("--db")
            .arg(db.path())
            .args(args)
            .arg(&path);
        let out = cmd.output().unwrap();
        assert_ne!(out.status.code(), Some(0), "{args:?} wrote a whole file");
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "the export from last week\n",
            "{args:?} truncated the old file"
        );
    }
}
