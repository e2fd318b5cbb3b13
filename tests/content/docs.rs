//! The documentation stays true to the data: every card field of every game is
//! documented in schema/catalog.md, and every game option is named in its file.

use deckwright::games::GAMES;

#[test]
fn every_card_field_is_documented() {
    let doc =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/schema/catalog.md")).unwrap();
    for game in GAMES {
        let def = game.def();
        let heading = format!("(`{}`)", def.id);
        let start = doc
            .find(&heading)
            .unwrap_or_else(|| panic!("no section for {}", def.id));
        let section = &doc[start..];
        let section = &section[..section[1..].find("\n### ").map_or(section.len(), |i| i + 1)];
        for f in def.card.fields.iter().chain(def.card.cost.iter()) {
            assert!(
                section.contains(&format!("`{}`", f.key)),
                "{}: field `{}` is not documented",
                def.id,
                f.key
            );
        }
        for t in &def.card.types {
            assert!(
                section.contains(&format!("`{t}`")),
                "{}: type `{t}` is not documented",
                def.id
            );
        }
    }
}

#[test]
fn every_option_has_a_reference_and_a_reason() {
    for game in GAMES {
        for o in &game.def().options {
            assert!(
                !o.reference.is_empty() && o.doc.len() > 30,
                "{}: option {}",
                game.def().id,
                o.key
            );
        }
    }
}

/// The core modules import neither the GUI toolkit nor the database (style.md).
#[test]
fn core_modules_import_neither_iced_nor_rusqlite() {
    let src = crate::support::root().join("src");
    let core = [
        "model",
        "games",
        "rules",
        "decklist",
        "catalog",
        "engine",
        "pnp",
        "collection.rs",
        "stats.rs",
        "diag.rs",
    ];
    let mut files = Vec::new();
    for c in core {
        let p = src.join(c);
        if p.is_dir() {
            let mut stack = vec![p];
            while let Some(d) = stack.pop() {
                for e in std::fs::read_dir(d).unwrap() {
                    let p = e.unwrap().path();
                    if p.is_dir() {
                        stack.push(p);
                    } else if p.extension().is_some_and(|x| x == "rs") {
                        files.push(p);
                    }
                }
            }
        } else if p.exists() {
            files.push(p);
        }
    }
    assert!(files.len() > 10);
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for dep in ["iced", "rusqlite", "crate::store", "crate::gui"] {
                let used =
                    code.contains(&format!("{dep}::")) || code.contains(&format!("use {dep}"));
                assert!(!used, "{}:{}: core module uses {dep}", f.display(), n + 1);
            }
        }
    }
}

/// Every counter and zone a two-player game's positions show is named in
/// its section of schema/scenario.md (read from the first scenario of each
/// game's folder, as everyone sees it).
#[test]
fn every_position_counter_and_zone_is_documented() {
    use deckwright::engine::core::Viewer;
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join("schema/scenario.md")).unwrap();
    for (dir, heading) in [
        ("fuzzycards", "## Fuzzycards"),
        ("bizarre-world", "## Bizarre World"),
        ("dice-of-destiny", "## Dice of Destiny"),
        ("rizontical", "## Rizontical"),
    ] {
        let start = doc
            .find(heading)
            .unwrap_or_else(|| panic!("schema/scenario.md has no {heading}"));
        let section = &doc[start..];
        let section = &section[..section[3..].find("\n## ").map_or(section.len(), |i| i + 3)];
        let folder = root.join("tests/scenarios").join(dir);
        let mut files: Vec<_> = std::fs::read_dir(&folder)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| {
                p.extension().is_some_and(|e| e == "toml")
                    && !p
                        .file_name()
                        .unwrap()
                        .to_string_lossy()
                        .starts_with("cards")
            })
            .collect();
        files.sort();
        let sc = deckwright::scenario::load(&files[0]).unwrap();
        let cat = deckwright::catalog::load(&sc.catalog).unwrap().catalog;
        let view = deckwright::scenario::session(&sc, &cat)
            .unwrap()
            .view(Viewer::All);
        let seat = view["seats"]["a"].as_object().unwrap();
        let mut names: Vec<&String> = seat.keys().filter(|k| *k != "zones").collect();
        names.extend(seat["zones"].as_object().unwrap().keys());
        for n in names {
            assert!(
                section.contains(&format!("`{n}`")),
                "schema/scenario.md {heading}: `{n}` is not documented"
            );
        }
    }
}
