//! Issue 49, users teach the grammar: `deckwright lexicon add|list|remove|
//! suggest --game G`. A phrase taught is stored in the database, shown with
//! the cards it changes before it is saved (`--dry-run` saves nothing),
//! read at once by every command that reads a catalog of the game — file or
//! stored (`catalog coverage` on a catalog written in its owner's words) —
//! exported by `export-all` and brought back by `import-all`, and refused
//! under `--read-only`.

use crate::support::{Db, fixture, s};

fn coverage(db: &Db) -> serde_json::Value {
    let catalog = fixture("taught/fuzzycards.toml");
    db.json(&["catalog", "coverage", s(&catalog), "--all", "--json"])
}

fn badger(c: &serde_json::Value) -> &serde_json::Value {
    c["detail"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["name"] == "Grumpy Badger")
        .unwrap()
}

#[test]
fn a_taught_phrase_is_read_by_catalog_coverage() {
    let db = Db::new();
    let before = coverage(&db);
    assert_eq!(before["modelled"], 1, "{before}");
    assert_ne!(badger(&before)["status"], "modelled");
    assert!(
        badger(&before)["not_understood"]
            .to_string()
            .contains("big bad"),
        "{before}"
    );

    // the nearest wordings the grammar knows, from the stored sample cards
    let near = db.json(&[
        "lexicon",
        "suggest",
        "--game",
        "fuzzycards",
        "On Deploy: deal 2 damage to the big bad's Life.",
        "--json",
    ]);
    let first = near["nearest"][0]["wording"].as_str().unwrap();
    assert!(first.contains("damage"), "{near}");

    // shown, not saved
    let dry = db.ok(&[
        "lexicon",
        "add",
        "--game",
        "fuzzycards",
        "the big bad",
        "your opponent",
        "--dry-run",
    ]);
    assert!(dry.contains("nothing saved"), "{dry}");
    assert_eq!(coverage(&db)["modelled"], 1);

    // taught: the preview is of the stored catalogs' cards (none uses it)
    let added = db.json(&[
        "lexicon",
        "add",
        "--game",
        "fuzzycards",
        "The  big bad",
        "your opponent",
        "--json",
    ]);
    assert_eq!(added["saved"], true);
    assert_eq!(added["phrase"], "The big bad");
    let after = coverage(&db);
    assert_eq!(after["modelled"], 2, "{after}");
    let b = badger(&after);
    assert_eq!(b["status"], "modelled");
    assert!(
        b["taught"].to_string().contains("The big bad"),
        "the reading says it was read with the phrase: {b}"
    );

    let list = db.json(&["lexicon", "list", "--game", "fuzzycards", "--json"]);
    assert_eq!(list["phrases"].as_array().unwrap().len(), 1, "{list}");
    // another game does not read it
    let other = db.json(&["lexicon", "list", "--game", "rizontical", "--json"]);
    assert!(other["phrases"].as_array().unwrap().is_empty());

    // a stored catalog of the game reads it too, and its preview shows it
    db.ok(&["catalog", "import", s(&fixture("taught/fuzzycards.toml"))]);
    let again = db.json(&[
        "lexicon",
        "add",
        "--game",
        "fuzzycards",
        "the big bad",
        "target enemy hero",
        "--dry-run",
        "--json",
    ]);
    let changed: Vec<&str> = again["changes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(changed, ["Grumpy Badger"], "{again}");

    // exported and imported with everything else
    let out = db.folder().join("export");
    db.ok(&["export-all", s(&out)]);
    assert!(
        std::fs::read_to_string(out.join("lexicon.toml"))
            .unwrap()
            .contains("big bad")
    );
    let fresh = Db::new();
    fresh.ok(&["import-all", s(&out)]);
    let listed = fresh.json(&["lexicon", "list", "--json"]);
    assert_eq!(listed["phrases"][0]["means"], "your opponent", "{listed}");

    // refused under --read-only, naming the flag
    let e = db.refused(&[
        "--read-only",
        "lexicon",
        "remove",
        "--game",
        "fuzzycards",
        "the big bad",
    ]);
    assert!(e.contains("--read-only"), "{e}");

    let removed = db.ok(&["lexicon", "remove", "--game", "fuzzycards", "the big bad"]);
    assert!(removed.contains("forgotten"), "{removed}");
    assert_eq!(coverage(&db)["modelled"], 1);
}

#[test]
fn bad_lexicon_input_is_refused_with_a_message() {
    let db = Db::new();
    let e = db.refused(&["lexicon", "add", "--game", "nope", "a", "b"]);
    assert!(e.contains("unknown game"), "{e}");
    let e = db.refused(&["lexicon", "add", "--game", "fuzzycards", "foe", "FOE"]);
    assert!(e.contains("same words"), "{e}");
    let e = db.refused(&["lexicon", "remove", "--game", "fuzzycards", "never taught"]);
    assert!(e.contains("never taught"), "{e}");
}
