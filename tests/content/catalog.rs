//! Catalog loading: every kind of bad input names the file, the line and the
//! key; good files round-trip through the TOML writer; lints warn.

use std::path::{Path, PathBuf};

use deckwright::catalog::{self, lint, parse, to_toml};

fn err(text: &str) -> String {
    match parse(text, Path::new("cat.toml"), None) {
        Ok(_) => panic!("expected an error for:\n{text}"),
        Err(e) => e.to_string(),
    }
}

const HEAD: &str = "game = \"fuzzycards\"\nname = \"T\"\n";

#[test]
fn unknown_key_names_file_line_and_key() {
    let e = err(&format!(
        "{HEAD}[[card]]\nname = \"A\"\ntype = \"hero\"\ncost = 1\natk = 1\ndef = 1\nhp = 1\nattak = 3\n"
    ));
    assert!(
        e.starts_with("cat.toml:10:1: unknown key `attak` in card \"A\""),
        "{e}"
    );
    let e = err("game = \"fuzzycards\"\nname = \"T\"\ncolour = 1\n");
    assert!(e.starts_with("cat.toml:3:1: unknown key `colour`"), "{e}");
}

#[test]
fn wrong_type_and_enumeration_errors() {
    let e = err(&format!(
        "{HEAD}[[card]]\nname = \"A\"\ntype = \"hero\"\ncost = \"one\"\natk = 1\ndef = 1\nhp = 1\n"
    ));
    assert!(
        e.contains("cat.toml:6:8: key `cost` must be an integer, not a string"),
        "{e}"
    );
    let e = err(&format!(
        "{HEAD}[[card]]\nname = \"A\"\ntype = \"hero\"\ncost = 1\natk = 1\ndef = 1\nhp = 1\nrarity = \"Mythic\"\n"
    ));
    assert!(e.contains("cat.toml:10:10: key `rarity`: `Mythic` is not one of: legendary, epic, rare, uncommon, common"), "{e}");
    let e = err(&format!(
        "{HEAD}[[card]]\nname = \"A\"\ntype = \"wizard\"\n"
    ));
    assert!(
        e.contains("key `type`: `wizard` is not a Fuzzycards card type"),
        "{e}"
    );
    let e = err(&format!(
        "{HEAD}[[card]]\nname = \"A\"\ntype = \"hero\"\ncost = 9\natk = 1\ndef = 1\nhp = 1\n"
    ));
    assert!(e.contains("key `cost` = 9 is out of range (0 to 5)"), "{e}");
    let e = err(&format!(
        "{HEAD}[[card]]\nname = \"A\"\ntype = \"hero\"\ncost = 1\natk = 1\ndef = 1\nhp = 1\nkeywords = [\"rush\", \"burn\", \"burn 2\"]\n"
    ));
    assert!(e.contains("`burn` is not one of"), "{e}");
    let e = err(&format!(
        "{HEAD}[[card]]\nname = \"A\"\ntype = \"event\"\ncost = 1\natk = 3\n"
    ));
    assert!(
        e.contains("key `atk` does not apply to event cards (only to: hero)"),
        "{e}"
    );
}

#[test]
fn per_type_enumeration() {
    let e = err(
        "game = \"dice-of-destiny\"\nname = \"T\"\n[[card]]\nname = \"A\"\ntype = \"spell\"\ncolour = \"red\"\n",
    );
    assert!(
        e.contains("key `colour`: `red` is not one of: grey for spell cards"),
        "{e}"
    );
}

#[test]
fn missing_required_keys() {
    let e = err(&format!("{HEAD}[[card]]\ntype = \"hero\"\ncost = 1\n"));
    assert!(
        e.contains("cat.toml:3:1: card is missing key `name`"),
        "{e}"
    );
    assert!(e.contains("hero card is missing key `atk`"), "{e}");
    let e = err("name = \"T\"\n");
    assert!(e.contains("missing key `game`"), "{e}");
    let e = err("game = \"chess\"\nname = \"T\"\n");
    assert!(
        e.contains("cat.toml:1:8: key `game`: unknown game `chess`"),
        "{e}"
    );
}

#[test]
fn duplicate_ids_and_names() {
    let two = |a: &str, b: &str| {
        format!(
            "{HEAD}[[card]]\nname = \"{a}\"\ntype = \"event\"\ncost = 1\n[[card]]\nname = \"{b}\"\ntype = \"event\"\ncost = 1\n"
        )
    };
    let e = err(&two("Spark", "Spark"));
    assert!(
        e.contains("duplicate card id `spark` (first used on line 3)"),
        "{e}"
    );
    assert!(e.contains("duplicate card name \"Spark\""), "{e}");
    // Bizarre World allows shared names but still needs distinct ids
    let bw = "game = \"bizarre-world\"\nname = \"T\"\n[[card]]\nname = \"Lazy Rock\"\ncost = 2\n[[card]]\nname = \"Lazy Rock\"\ncost = 3\n";
    let e = err(bw);
    assert!(e.contains("cat.toml:6:1: duplicate card id `lazy-rock` (first used on line 3); cards that share a name need distinct `id`s"), "{e}");
    let ok = bw.replace("cost = 3", "cost = 3\nid = \"lazy-rock-3\"");
    assert_eq!(
        parse(&ok, Path::new("c.toml"), None)
            .unwrap()
            .catalog
            .cards
            .len(),
        2
    );
}

#[test]
fn missing_image_is_an_error_relative_to_the_catalog() {
    let dir = tempfile::tempdir().unwrap();
    let text = format!(
        "{HEAD}[[card]]\nname = \"A\"\ntype = \"event\"\ncost = 1\nimage = \"img/a.png\"\n"
    );
    let path = dir.path().join("cat.toml");
    std::fs::write(&path, &text).unwrap();
    let e = catalog::load(&path).unwrap_err().to_string();
    assert!(
        e.contains(":7:9: key `image`: image `img/a.png` not found"),
        "{e}"
    );
    std::fs::create_dir(dir.path().join("img")).unwrap();
    std::fs::write(dir.path().join("img/a.png"), b"png").unwrap();
    let loaded = catalog::load(&path).unwrap();
    assert_eq!(
        loaded.catalog.resolve_path("img/a.png"),
        dir.path().join("img/a.png")
    );
    let e = err(&text.replace("img/a.png", "a.gif"));
    assert!(e.contains("is not a PNG or JPEG file name"), "{e}");
}

#[test]
fn syntax_errors_bad_bytes_and_missing_files() {
    let e = err("game = \"fuzzycards\"\nname = \n");
    assert!(e.starts_with("cat.toml:2:"), "{e}");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bin.toml");
    std::fs::write(&path, b"game = \"fuzzycards\"\n\xff\xfe\n").unwrap();
    let e = catalog::load(&path).unwrap_err().to_string();
    assert!(
        e.ends_with("bin.toml:2:1: the file is not UTF-8 text (save it as UTF-8)"),
        "{e}"
    );
    let e = catalog::load(&dir.path().join("nope.toml"))
        .unwrap_err()
        .to_string();
    assert!(
        e.ends_with("nope.toml: cannot read file: no such file"),
        "{e}"
    );
}

#[test]
fn every_error_of_a_file_is_reported() {
    let e = err(&format!(
        "{HEAD}[[card]]\nname = \"A\"\ntype = \"hero\"\ncost = 7\natk = 1\ndef = 1\nhp = 1\n[[card]]\nname = \"B\"\ntype = \"event\"\ncost = 1\nwat = 1\n"
    ));
    assert_eq!(e.lines().count(), 2, "{e}");
}

#[test]
fn effects_are_checked() {
    let base = format!("{HEAD}[[card]]\nname = \"A\"\ntype = \"event\"\ncost = 1\n");
    let ok = parse(
        &format!("{base}effects = [{{ on = \"deploy\", draw = 2 }}]\n"),
        Path::new("c"),
        None,
    )
    .unwrap();
    assert_eq!(ok.catalog.cards[0].effects[0].flat().unwrap().draw, 2);
    let e = err(&format!(
        "{base}effects = [{{ on = \"deploy\", drawz = 2 }}]\n"
    ));
    assert!(e.contains("unknown effect key `drawz`"), "{e}");
    let e = err(&format!("{base}effects = [{{ draw = 2 }}]\n"));
    assert!(e.contains("an effect needs `on`"), "{e}");
    let e = err(&format!("{base}effects = [{{ on = \"sometimes\" }}]\n"));
    assert!(e.contains("effect:"), "{e}");
    let e = err(&format!(
        "{base}effects = [{{ on = \"deploy\", draw = 300 }}]\n"
    ));
    assert!(e.contains("effect:"), "{e}");
}

fn fixtures() -> Vec<PathBuf> {
    let dir = crate::support::root().join("tests/fixtures/catalogs");
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    v.sort();
    v
}

#[test]
fn toml_round_trip_of_every_fixture() {
    for path in fixtures() {
        let a = catalog::load(&path).unwrap().catalog;
        let text = to_toml(&a).unwrap();
        let b = parse(&text, &path, None)
            .unwrap_or_else(|e| panic!("{e}\n{text}"))
            .catalog;
        assert_eq!(a.cards, b.cards, "{}", path.display());
        assert_eq!((a.game, &a.name, &a.back), (b.game, &b.name, &b.back));
    }
}

#[test]
fn lint_warns_outside_published_ranges() {
    let text = format!(
        "{HEAD}[[card]]\nname = \"Big\"\ntype = \"hero\"\nrarity = \"common\"\ncost = 3\natk = 9\ndef = 3\nhp = 5\n"
    );
    let loaded = parse(&text, Path::new("c"), None).unwrap();
    let w = lint(&loaded.catalog, &loaded.card_lines);
    let msgs: Vec<&str> = w.iter().map(|w| w.message.as_str()).collect();
    assert_eq!(
        msgs,
        vec![
            "atk = 9, outside the rulebook's 3-6: Common heroes have ATK 03-06 (STAT RANGES BY RARITY)",
            "cost = 3, outside the rulebook's 1: Common heroes cost 1 (STAT RANGES BY RARITY)",
        ]
    );
    assert_eq!(w[0].line, Some(3));
    let rz = "game = \"rizontical\"\nname = \"T\"\n[[card]]\nname = \"Huge\"\ntype = \"fighter\"\nhp = 11\natk = 1\ndef = 1\nmp = 1\nspeed = 21\nrange = 1\nskills = [{ kind = \"spell\", use = 7 }]\n[[card]]\nname = \"P\"\ntype = \"power\"\ncategory = \"normal\"\ntime = 9\n";
    let loaded = parse(rz, Path::new("c"), None).unwrap();
    let w: Vec<String> = lint(&loaded.catalog, &loaded.card_lines)
        .into_iter()
        .map(|w| w.message)
        .collect();
    assert_eq!(w.len(), 4, "{w:?}");
    assert!(w[0].starts_with("hp = 11, outside the rulebook's at most 10"));
    assert!(w[1].starts_with("speed = 21"));
    assert!(w[2].starts_with("skills[1].use = 7"));
    assert!(w[3].starts_with("time = 9"));
}

#[test]
fn fixture_catalogs_lint_clean() {
    for path in fixtures() {
        let loaded = catalog::load(&path).unwrap();
        let w = lint(&loaded.catalog, &loaded.card_lines);
        assert!(w.is_empty(), "{}: {w:?}", path.display());
    }
}
