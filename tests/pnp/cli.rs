//! `deckwright pdf` on real files: the formats.md §3 command line, its
//! extensions, JSON report, and exit code 2 with a message naming the file
//! and line (or card) for bad input.

use std::path::Path;
use std::process::{Command, Output};

use deckwright::model::Owned;
use deckwright::store::Store;

use crate::pnp_support::*;
use crate::support::{deckwright, s, stderr, stdout};

fn bin(db: &Path) -> Command {
    let mut c = deckwright();
    c.env("DECKWRIGHT_DB", db);
    c
}

fn run(db: &Path, args: &[&str]) -> Output {
    bin(db).args(args).output().expect("run deckwright")
}

#[test]
fn the_contract_command_line_writes_a_pdf() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("unused.db");
    let out_pdf = dir.path().join("OUT.pdf");
    let catalog = fixture("images/catalog.toml");
    let deck = fixture("images/deck.txt");
    // (issue 48 item 6: half a PDF left by a killed run is taken over)
    std::fs::write(dir.path().join("OUT.pdf.part"), b"%PDF-1.7 killed half way").unwrap();
    let o = run(
        &db,
        &[
            "pdf",
            "--catalog",
            s(&catalog),
            s(&deck),
            "--layout",
            "nine-up",
            "--paper",
            "letter",
            "--backs",
            "-o",
            s(&out_pdf),
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o)
            .contains("4 pages on 2 sheets, 11 cards (2 drawn from data), 7 pictures embedded"),
        "{}",
        stdout(&o)
    );
    qpdf_check(&out_pdf);
    let doc = lopdf::Document::load(&out_pdf).unwrap();
    let media = page_box(&doc, pages(&doc)[0], b"MediaBox");
    assert!((media.w - 215.9).abs() < 0.01 && (media.h - 279.4).abs() < 0.01);
    assert!(
        !dir.path().join("OUT.pdf.part").exists(),
        "no temporary file left"
    );
    assert!(
        !db.exists(),
        "the database is not touched without --only-missing"
    );

    // eight-fold, with every extension
    let o = run(
        &db,
        &[
            "pdf",
            "--catalog",
            s(&catalog),
            s(&deck),
            "--layout",
            "eight-fold",
            "--gap",
            "1",
            "--bleed",
            "0.5",
            "--copies",
            "2",
            "--card-size",
            "62x87",
            "-o",
            s(&out_pdf),
            "--json",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let report: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(report["cards"], 22);
    assert_eq!(report["sheets"], 6);
    assert_eq!(report["pages"], 6);
    assert_eq!(report["images"], 7);
    let doc = lopdf::Document::load(&out_pdf).unwrap();
    let first = scan(&doc, pages(&doc)[0]).cards[0].rect();
    assert!((first.w - 62.0).abs() < 0.01 && (first.h - 87.0).abs() < 0.01);
}

#[test]
fn offset_shifts_the_backs() {
    let dir = tempfile::tempdir().unwrap();
    let out_pdf = dir.path().join("o.pdf");
    let o = run(
        &dir.path().join("unused.db"),
        &[
            "pdf",
            "--catalog",
            s(&fixture("images/catalog.toml")),
            s(&fixture("images/deck.txt")),
            "--layout",
            "nine-up",
            "--backs",
            "--offset",
            "-0.5,1.25",
            "-o",
            s(&out_pdf),
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let doc = lopdf::Document::load(&out_pdf).unwrap();
    let p = pages(&doc);
    let front = scan(&doc, p[0]).cards[0].rect();
    let back = scan(&doc, p[1]).cards[0].rect();
    assert!(
        (back.x - (210.0 - front.x - front.w - 0.5)).abs() < 0.01,
        "{back:?}"
    );
    assert!((back.y - (front.y + 1.25)).abs() < 0.01, "{back:?}");
}

#[test]
fn cards_selects_by_name_or_id() {
    let dir = tempfile::tempdir().unwrap();
    let out_pdf = dir.path().join("c.pdf");
    let o = run(
        &dir.path().join("unused.db"),
        &[
            "pdf",
            "--catalog",
            s(&fixture("images/catalog.toml")),
            s(&fixture("images/deck.txt")),
            "--layout",
            "nine-up",
            "-o",
            s(&out_pdf),
            "--json",
            "--cards",
            "blue relic",
            "drawn-hero",
            "Blue Relic",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let report: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(report["cards"], 3);
    let doc = lopdf::Document::load(&out_pdf).unwrap();
    let ids: Vec<String> = scan(&doc, pages(&doc)[0])
        .cards
        .into_iter()
        .map(|c| c.id)
        .collect();
    assert_eq!(ids, ["blue-relic", "drawn-hero", "blue-relic"]);

    let o = run(
        &dir.path().join("unused.db"),
        &[
            "pdf",
            "--catalog",
            s(&fixture("images/catalog.toml")),
            s(&fixture("images/deck.txt")),
            "--layout",
            "nine-up",
            "-o",
            s(&out_pdf),
            "--cards",
            "Nobody",
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("card \"Nobody\" is not in catalog \"PnP picture test\""),
        "{}",
        stderr(&o)
    );
}

/// "Print what you lack": only the copies the collection does not own.
#[test]
fn only_missing_prints_what_the_collection_lacks() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("col.db");
    let catalog_path = fixture("images/catalog.toml");
    let catalog = deckwright::catalog::load(&catalog_path).unwrap().catalog;
    {
        let mut store = Store::open(&db).unwrap();
        let id = store.import_catalog(&catalog).unwrap();
        let own = |n| Owned {
            owned: n,
            trade: 0,
            wish: 0,
        };
        // the deck needs 2 Red Hero, 2 Turned Hero, 2 Drawn Hero and one each of the rest
        store.set_owned(id, "red-hero", own(2)).unwrap();
        store.set_owned(id, "turned-hero", own(1)).unwrap();
        store.set_owned(id, "drawn-hero", own(5)).unwrap();
        store.set_owned(id, "blue-relic", own(1)).unwrap();
        store.set_owned(id, "gradient-event", own(1)).unwrap();
        store.set_owned(id, "alpha-hero", own(1)).unwrap();
    }
    let out_pdf = dir.path().join("m.pdf");
    let o = run(
        &db,
        &[
            "pdf",
            "--catalog",
            s(&catalog_path),
            s(&fixture("images/deck.txt")),
            "--layout",
            "nine-up",
            "--only-missing",
            "--db",
            s(&db),
            "-o",
            s(&out_pdf),
            "--json",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let report: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    // missing: Red Twin 1, Turned Hero 1, Gray Hero 1
    assert_eq!(report["cards"], 3);
    let doc = lopdf::Document::load(&out_pdf).unwrap();
    let mut ids: Vec<String> = scan(&doc, pages(&doc)[0])
        .cards
        .into_iter()
        .map(|c| c.id)
        .collect();
    ids.sort();
    assert_eq!(ids, ["gray-hero", "red-twin", "turned-hero"]);

    // a collection that owns everything: nothing to print, exit 2
    {
        let mut store = Store::open(&db).unwrap();
        let id = store.find_catalog("PnP picture test").unwrap().id;
        for card in ["red-twin", "turned-hero", "gray-hero"] {
            store
                .set_owned(
                    id,
                    card,
                    Owned {
                        owned: 3,
                        trade: 0,
                        wish: 0,
                    },
                )
                .unwrap();
        }
    }
    let o = run(
        &db,
        &[
            "pdf",
            "--catalog",
            s(&catalog_path),
            s(&fixture("images/deck.txt")),
            "--layout",
            "nine-up",
            "--only-missing",
            "-o",
            s(&out_pdf),
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("nothing to print: the collection already owns every card"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn bad_input_exits_2_naming_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("unused.db");
    let out_pdf = dir.path().join("x.pdf");
    let broken = fixture("broken/catalog.toml");
    let cases: Vec<(Vec<String>, String)> = vec![
        // an unknown card: the deck file and its line
        (
            vec![s(&broken).into(), s(&fixture("broken/unknown.txt")).into()],
            format!(
                "{}:3: \"Nobody Hero\" is not in catalog",
                fixture("broken/unknown.txt").display()
            ),
        ),
        // a cut-short picture: the catalog file, the card's line, the card
        (
            vec![s(&broken).into(), s(&fixture("broken/deck.txt")).into()],
            format!(
                "{}:14: card \"Broken Hero\" (broken-hero): {} cannot be decoded",
                broken.display(),
                fixture("broken/truncated.jpg").display()
            ),
        ),
        // a picture over the pixel limit
        (
            vec![
                s(&fixture("huge/catalog.toml")).into(),
                s(&fixture("huge/deck.txt")).into(),
            ],
            format!(
                "{}:6: card \"Giant Frog\" (giant-frog):",
                fixture("huge/catalog.toml").display()
            ),
        ),
    ];
    for (files, want) in cases {
        let o = run(
            &db,
            &[
                "pdf",
                "--catalog",
                &files[0],
                &files[1],
                "--layout",
                "nine-up",
                "-o",
                s(&out_pdf),
            ],
        );
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        assert!(
            stderr(&o).contains(&want),
            "expected {want:?} in:\n{}",
            stderr(&o)
        );
        assert!(
            !out_pdf.exists(),
            "no PDF is left behind by a failed export"
        );
    }

    let images = fixture("images/catalog.toml");
    let deck = fixture("images/deck.txt");
    let bad_flags: [(&[&str], &str); 7] = [
        (&["--layout", "six-up"], "six-up"),
        (&["--layout", "nine-up", "--paper", "a5"], "a5"),
        (
            &["--layout", "nine-up", "--offset", "1"],
            "--offset: `1` is not an offset DX,DY",
        ),
        (
            &["--layout", "nine-up", "--paper", "letter", "--bleed", "3"],
            "do not fit on LETTER",
        ),
        (
            &["--layout", "nine-up", "--gap", "-1"],
            "the gap must be between 0 and 20 mm",
        ),
        (
            &["--layout", "nine-up", "--copies", "0"],
            "copies must be between 1 and 100",
        ),
        (
            &["--layout", "nine-up", "--card-size", "63"],
            "--card-size `63` is not WxH",
        ),
    ];
    for (flags, want) in bad_flags {
        let mut args = vec!["pdf", "--catalog", s(&images), s(&deck), "-o", s(&out_pdf)];
        args.extend_from_slice(flags);
        let o = run(&db, &args);
        assert_eq!(o.status.code(), Some(2), "{flags:?}: {}", stderr(&o));
        assert!(
            stderr(&o).contains(want),
            "{flags:?}: expected {want:?} in\n{}",
            stderr(&o)
        );
    }

    // an output folder that does not exist
    let o = run(
        &db,
        &[
            "pdf",
            "--catalog",
            s(&images),
            s(&deck),
            "--layout",
            "nine-up",
            "-o",
            s(&dir.path().join("no/such/dir/x.pdf")),
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cannot write"), "{}", stderr(&o));
    // a missing catalog file
    let o = run(
        &db,
        &[
            "pdf",
            "--catalog",
            "/nonexistent/c.toml",
            s(&deck),
            "--layout",
            "nine-up",
            "-o",
            s(&out_pdf),
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("/nonexistent/c.toml"), "{}", stderr(&o));
}

#[test]
fn warnings_go_to_stderr() {
    let dir = tempfile::tempdir().unwrap();
    // a square picture on a card: stretched, and the user is told
    image::RgbImage::from_pixel(100, 100, image::Rgb([9, 9, 9]))
        .save(dir.path().join("square.png"))
        .unwrap();
    std::fs::write(
        dir.path().join("c.toml"),
        "game = \"dice-of-destiny\"\nname = \"sq\"\n\n[[card]]\nname = \"Square\"\ntype = \"spell\"\ncolour = \"grey\"\nimage = \"square.png\"\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("d.txt"), "1 Square\n").unwrap();
    let out_pdf = dir.path().join("w.pdf");
    let o = run(
        &dir.path().join("unused.db"),
        &[
            "pdf",
            "--catalog",
            s(&dir.path().join("c.toml")),
            s(&dir.path().join("d.txt")),
            "--layout",
            "nine-up",
            "-o",
            s(&out_pdf),
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("warning: ")
            && stderr(&o)
                .contains("square.png is 100 × 100 pixels, not the shape of a 63 × 88 mm card"),
        "{}",
        stderr(&o)
    );
}

/// A catalog kept in the database prints with its stored pictures.
#[test]
fn a_stored_catalog_prints_with_its_stored_pictures() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("stored.db");
    let catalog = deckwright::catalog::load(&fixture("images/catalog.toml"))
        .unwrap()
        .catalog;
    Store::open(&db).unwrap().import_catalog(&catalog).unwrap();
    let out_pdf = dir.path().join("s.pdf");
    let o = run(
        &db,
        &[
            "pdf",
            "--catalog",
            "PnP picture test",
            s(&fixture("images/deck.txt")),
            "--layout",
            "nine-up",
            "--backs",
            "-o",
            s(&out_pdf),
            "--json",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let report: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(report["images"], 7);
    let doc = lopdf::Document::load(&out_pdf).unwrap();
    let red = std::fs::read(fixture("images/red.jpg")).unwrap();
    assert!(image_objects(&doc).iter().any(|(_, s)| s.content == red));
}
