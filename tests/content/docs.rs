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
