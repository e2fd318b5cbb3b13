//! Big imports through the CLI: a generated 20,000-card catalog and a
//! 20,000-row collection CSV (written at test time into a temp folder) import,
//! and errors at their far end still name the right card and line. Imports
//! used to be quadratic (a 20,000-card catalog took 6.5 s, 40,000 took 35 s);
//! the timings are in the `import` bench, not asserted here.

use crate::big_support::{CATALOG, card_name, catalog_toml, collection_csv};
use crate::support::Db;

const CARDS: usize = 20_000;

#[test]
fn a_20k_card_catalog_and_a_20k_row_csv_import() {
    let db = Db::named("big.db");
    let dir = db.folder();
    let toml = dir.join("big.toml");
    let csv = dir.join("big.csv");
    std::fs::write(&toml, catalog_toml(CARDS)).unwrap();
    std::fs::write(&csv, collection_csv(CARDS)).unwrap();

    let out = db.ok(&["catalog", "import", toml.to_str().unwrap()]);
    assert!(out.contains(&format!("({CARDS} cards)")), "{out}");
    let out = db.ok(&[
        "collection",
        "import",
        "--catalog",
        CATALOG,
        csv.to_str().unwrap(),
    ]);
    assert!(out.contains(&format!("counts for {CARDS} cards")), "{out}");
    let shown: serde_json::Value =
        serde_json::from_str(&db.ok(&["collection", "show", "--catalog", CATALOG, "--json"]))
            .unwrap();
    let rows = shown.as_array().unwrap();
    assert_eq!(rows.len(), CARDS);
    let last = &rows[CARDS - 1];
    assert_eq!(last["name"], card_name(CARDS - 1).as_str());
    assert_eq!(last["owned"], 1 + (CARDS - 1) % 4);
}

#[test]
fn errors_at_the_end_of_big_files_name_the_card_and_the_line() {
    let db = Db::named("big.db");
    let dir = db.folder();
    // the last card repeats the first one's name
    let toml = dir.join("twice.toml");
    let mut text = catalog_toml(CARDS);
    let line = text.lines().count() + 2;
    text.push_str(&format!(
        "\n[[card]]\nname = \"{}\"\ntype = \"hero\"\nrarity = \"common\"\nforce = \"power\"\ncost = 1\natk = 3\ndef = 3\nhp = 4\n",
        card_name(0)
    ));
    std::fs::write(&toml, text).unwrap();
    let err = db.refused(&["catalog", "import", toml.to_str().unwrap()]);
    assert!(
        err.contains(&format!(
            "twice.toml:{line}:1: duplicate card name \"{}\" (first on line 4)",
            card_name(0)
        )),
        "{err}"
    );

    db.ok(&[
        "catalog",
        "import",
        {
            let good = dir.join("good.toml");
            std::fs::write(&good, catalog_toml(CARDS)).unwrap();
            good
        }
        .to_str()
        .unwrap(),
    ]);
    // a bad count on the last row: line CARDS + 3 (after the header, the
    // rows, and a blank line the csv crate folds into the next record)
    let csv = dir.join("bad.csv");
    let mut text = collection_csv(CARDS);
    text.push_str("\r\n\"lots\",\"0\",\"Generated Hero 000001\",\"Generated Catalog\"\r\n");
    std::fs::write(&csv, text).unwrap();
    let err = db.refused(&[
        "collection",
        "import",
        "--catalog",
        CATALOG,
        csv.to_str().unwrap(),
    ]);
    assert!(
        err.contains(&format!("bad.csv:{}: column `Count`", CARDS + 3)),
        "{err}"
    );
}

/// Issue 22, item 13: a big catalog is read a card at a time. 100,000 cards
/// (21 MB of TOML) are checked under an address-space limit that reading
/// the whole file into TOML trees (about 8 KB a card, 820 MB) overran; a card
/// at a time they need about 1.8 KB each.
#[test]
fn a_100k_card_catalog_is_read_in_bounded_memory() {
    let db = Db::named("big.db");
    let toml = db.folder().join("big.toml");
    std::fs::write(&toml, catalog_toml(100_000)).unwrap();
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 819200 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_deckwright"))
        .args(["--db", db.path().to_str().unwrap(), "catalog", "check"])
        .arg(&toml)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(said.contains("100000 cards"), "{said}");
}
