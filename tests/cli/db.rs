//! The database subcommands on a real SQLite file: first start seeds the sample
//! catalogs; catalogs, decks (with versions) and the collection go in and out.

use crate::support::Db;

/// A database in a folder that does not exist yet: the first start makes it.
fn new_db() -> Db {
    Db::named("data/deckwright.db")
}

fn repo(p: &str) -> String {
    crate::support::repo(p).to_string_lossy().into_owned()
}

const FZ: &str = "Genesis Wave (sample content)";

#[test]
fn first_start_seeds_the_sample_catalogs() {
    let db = new_db();
    let list = db.json(&["catalog", "list", "--json"]);
    let games: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["game"].as_str().unwrap())
        .collect();
    for g in [
        "fuzzycards",
        "bizarre-world",
        "rizontical",
        "strange-world",
        "dice-of-destiny",
    ] {
        assert!(games.contains(&g), "{g} missing from {games:?}");
    }
    assert!(db.path().exists());
    // a second start does not seed again
    assert_eq!(
        db.json(&["catalog", "list", "--json"])
            .as_array()
            .unwrap()
            .len(),
        list.as_array().unwrap().len()
    );
}

#[test]
fn validate_against_a_stored_catalog_by_name() {
    let db = new_db();
    let out = db.run(&[
        "validate",
        "--catalog",
        FZ,
        &repo("resources/decks/fuzzycards-beatdown.txt"),
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = db.run(&[
        "validate",
        "--catalog",
        "No Such Catalog",
        &repo("resources/decks/fuzzycards-beatdown.txt"),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("No Such Catalog"));
}

#[test]
fn catalog_export_import_round_trip() {
    let db = new_db();
    let out = db.dir.path().join("export").join("fz.toml");
    std::fs::create_dir_all(out.parent().unwrap()).unwrap();
    db.ok(&["catalog", "export", FZ, "-o", out.to_str().unwrap()]);
    let check = db.ok(&["catalog", "check", out.to_str().unwrap()]);
    assert!(check.contains("43 cards, 0 warnings"), "{check}");
    // importing under the same name is refused, replace works
    let again = db.run(&["catalog", "import", out.to_str().unwrap()]);
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("already exists"));
    db.ok(&["catalog", "import", "--replace", out.to_str().unwrap()]);
    let shown = db.json(&["catalog", "show", FZ, "--json"]);
    assert_eq!(shown["cards"].as_array().unwrap().len(), 43);
}

#[test]
fn broken_catalog_import_changes_nothing() {
    let db = new_db();
    let before = db.json(&["catalog", "list", "--json"]);
    let bad = db.dir.path().join("bad.toml");
    std::fs::write(
        &bad,
        "game = \"fuzzycards\"\nname = \"Bad\"\n[[card]]\nname = \"X\"\ntype = \"hero\"\n",
    )
    .unwrap();
    let out = db.run(&["catalog", "import", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("bad.toml:3:1"));
    assert_eq!(db.json(&["catalog", "list", "--json"]), before);
}

#[test]
fn decks_with_versions_diff_and_restore() {
    let db = new_db();
    db.ok(&[
        "deck",
        "import",
        &repo("resources/decks/fuzzycards-beatdown.txt"),
        "--catalog",
        FZ,
        "--name",
        "Beat",
    ]);
    let exported = db.ok(&["deck", "export", "Beat"]);
    assert!(exported.contains("Heroes:"), "{exported}");
    // edit: one card fewer, saved as version 2
    let edited = exported.replacen("3 Flipping Boar", "2 Flipping Boar", 1);
    assert_ne!(edited, exported);
    let file = db.dir.path().join("beat.txt");
    std::fs::write(&file, &edited).unwrap();
    db.ok(&[
        "deck",
        "save",
        "Beat",
        file.to_str().unwrap(),
        "--note",
        "cut a boar",
    ]);
    let versions = db.json(&["deck", "versions", "Beat", "--json"]);
    assert_eq!(versions.as_array().unwrap().len(), 2);
    let diff = db.json(&["deck", "diff", "Beat", "1", "2", "--json"]);
    assert_eq!(diff[0]["name"], "Flipping Boar");
    assert_eq!(
        (diff[0]["before"].as_u64(), diff[0]["after"].as_u64()),
        (Some(3), Some(2))
    );
    db.ok(&["deck", "restore", "Beat", "1"]);
    assert_eq!(db.ok(&["deck", "export", "Beat"]), exported);
    assert_eq!(
        db.json(&["deck", "versions", "Beat", "--json"])
            .as_array()
            .unwrap()
            .len(),
        3
    );
    // other formats
    let cod = db.ok(&["deck", "export", "Beat", "--format", "cod"]);
    assert!(cod.contains("<zone name=\"main\">"));
    db.ok(&["deck", "duplicate", "Beat", "Beat 2"]);
    db.ok(&["deck", "rename", "Beat 2", "Beat Copy"]);
    db.ok(&["deck", "delete", "Beat Copy"]);
    // the sample decks a new database gets, and "Beat"
    let list = db.json(&["deck", "list", "--json"]);
    let names: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|d| d["name"].as_str())
        .collect();
    assert!(
        names.contains(&"Beat") && !names.contains(&"Beat Copy"),
        "{names:?}"
    );
    assert!(
        names.iter().filter(|n| n.ends_with("(sample)")).count() + 1 == names.len(),
        "{names:?}"
    );
}

#[test]
fn collection_counts_missing_and_csv() {
    let db = new_db();
    db.ok(&[
        "deck",
        "import",
        &repo("resources/decks/fuzzycards-beatdown.txt"),
        "--catalog",
        FZ,
        "--name",
        "Beat",
    ]);
    let missing = db.json(&["collection", "missing", "Beat", "--json"]);
    let total: u64 = missing
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["missing"].as_u64().unwrap())
        .sum();
    assert_eq!(total, 30);
    let first = missing[0]["name"].as_str().unwrap().to_string();
    let need = missing[0]["needed"].as_u64().unwrap();
    db.ok(&[
        "collection",
        "set",
        "--catalog",
        FZ,
        &first,
        &need.to_string(),
        "--trade",
        "0",
    ]);
    let missing = db.json(&["collection", "missing", "Beat", "--json"]);
    let total2: u64 = missing
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["missing"].as_u64().unwrap())
        .sum();
    assert_eq!(total2, 30 - need);
    // CSV out and back in
    let csv = db.dir.path().join("col.csv");
    db.ok(&[
        "collection",
        "export",
        "--catalog",
        FZ,
        "-o",
        csv.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&csv).unwrap();
    assert!(
        text.starts_with("Count,Tradelist Count,Name,Edition"),
        "{text}"
    );
    db.ok(&["collection", "set", "--catalog", FZ, &first, "0"]);
    db.ok(&[
        "collection",
        "import",
        "--catalog",
        FZ,
        csv.to_str().unwrap(),
    ]);
    let shown = db.json(&["collection", "show", "--catalog", FZ, "--json"]);
    assert_eq!(shown[0]["name"], first.as_str());
    assert_eq!(shown[0]["owned"].as_u64(), Some(need));
    // a bad CSV row names its line
    std::fs::write(
        &csv,
        "Count,Tradelist Count,Name,Edition\n2,0,Ember Cub,x\nlots,0,Ember Cub,x\n",
    )
    .unwrap();
    let out = db.run(&[
        "collection",
        "import",
        "--catalog",
        FZ,
        csv.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("col.csv:3"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
