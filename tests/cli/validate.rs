//! The `deckwright` binary on real files: formats.md §3 output, JSON and exit codes.

use std::path::{Path, PathBuf};

use crate::support::{deckwright as bin, repo, run};

fn fixture(name: &str) -> PathBuf {
    crate::support::fixture("catalogs").join(name)
}

fn deck(dir: &Path, name: &str, text: &[u8]) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

const DD_LEGAL: &str = "7 Swarm of Gnats\n3 Frog Knight\n3 Moss Troll\n3 Bog Hopper\n3 Leaf Sprite\n3 Zap\n3 Fog\n3 Mist\n2 Gust\n";

#[test]
fn validate_legal_deck_exits_0() {
    let dir = tempfile::tempdir().unwrap();
    let d = deck(dir.path(), "dd.txt", DD_LEGAL.as_bytes());
    let cat = fixture("dice-of-destiny.toml");
    let out = run(&[
        "validate",
        "--catalog",
        cat.to_str().unwrap(),
        d.to_str().unwrap(),
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.ends_with("Dice of Destiny deck of 30 cards — legal\n"),
        "{text}"
    );
}

/// DD-D4 from the command line: a 34-card deck is legal with the card whose
/// text allows it, and one card over names that card.
#[test]
fn validate_dd_d4_card_text_overrides_the_deck_size() {
    let dir = tempfile::tempdir().unwrap();
    let cat = fixture("dice-of-destiny.toml");
    let base = DD_LEGAL.replace("2 Gust", "3 Gust") + "2 Stingy Gnat\n1 Giant Deck Beast\n";
    let legal = deck(dir.path(), "dd34.txt", base.as_bytes());
    let out = run(&[
        "validate",
        "--catalog",
        cat.to_str().unwrap(),
        legal.to_str().unwrap(),
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let over = deck(dir.path(), "dd35.txt", (base + "1 Glass Moth\n").as_bytes());
    let out = run(&[
        "validate",
        "--catalog",
        cat.to_str().unwrap(),
        over.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        v["violations"][0]["message"],
        "deck has 35 cards; Dice of Destiny needs exactly 30 (or 34 cards, as \"Giant Deck Beast\"'s text allows)"
    );
}

#[test]
fn validate_json_shape_and_exit_1() {
    let dir = tempfile::tempdir().unwrap();
    let d = deck(
        dir.path(),
        "dd.txt",
        DD_LEGAL.replace("2 Gust", "1 Gust").as_bytes(),
    );
    let cat = fixture("dice-of-destiny.toml");
    let out = run(&[
        "validate",
        "--catalog",
        cat.to_str().unwrap(),
        d.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["game"], "dice-of-destiny");
    assert_eq!(v["legal"], false);
    assert_eq!(v["total"], 29);
    assert_eq!(v["violations"][0]["rule"], "deck-size");
    assert_eq!(
        v["violations"][0]["message"],
        "deck has 29 cards; Dice of Destiny needs exactly 30"
    );
    assert!(v["duel"].is_null());
}

#[test]
fn validate_bizarre_world_duel_and_mode() {
    let dir = tempfile::tempdir().unwrap();
    let d = deck(dir.path(), "bw.txt", b"27 Odd Spoon of Fate\n");
    let cat = fixture("bizarre-world.toml");
    let out = run(&[
        "validate",
        "--catalog",
        cat.to_str().unwrap(),
        d.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["duel"], serde_json::json!({"name": "normal", "life": 15}));
    assert_eq!(v["mode"], "random");
    // checked as crafting: the 3-per-name limit counts all cards of a name,
    // random ones too (rules-notes BW §6.6)
    let out = run(&[
        "validate",
        "--catalog",
        cat.to_str().unwrap(),
        "--mode",
        "crafting",
        d.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("copy-limit (BW-D4): 27 copies of \"Odd Spoon of Fate\""),
        "{text}"
    );
    // a crafted card over the limit
    let d = deck(
        dir.path(),
        "bw2.txt",
        b"23 Odd Spoon of Fate\n4 Boring Rock of Minimum Wage\n",
    );
    let out = run(&[
        "validate",
        "--catalog",
        cat.to_str().unwrap(),
        d.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("copy-limit (BW-D4): 4 copies of \"Boring Rock of Minimum Wage\""),
        "{text}"
    );
}

#[test]
fn validate_strange_world_players() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::new();
    for i in 1..=21 {
        text.push_str(&format!("1 Land {i:02}\n"));
    }
    text.push_str(
        "4 Dawn Field\n1 Dark City 9\n1 Dark City 7\n1 Dark City 5\n2 Dark City 4\n3 Splash\n",
    );
    let d = deck(dir.path(), "sw.txt", text.as_bytes());
    let cat = fixture("strange-world.toml");
    let ok = run(&[
        "validate",
        "--catalog",
        cat.to_str().unwrap(),
        "--players",
        "1",
        d.to_str().unwrap(),
    ]);
    assert_eq!(
        ok.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&ok.stdout)
    );
    let two = run(&[
        "validate",
        "--catalog",
        cat.to_str().unwrap(),
        "--players",
        "2",
        d.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(two.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&two.stdout).unwrap();
    assert_eq!(v["players"], 2);
    assert_eq!(v["violations"][0]["rule"], "deck-size");
    let bad = run(&[
        "validate",
        "--catalog",
        cat.to_str().unwrap(),
        "--players",
        "7",
        d.to_str().unwrap(),
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&bad.stdout).unwrap();
    assert_eq!(v["violations"][0]["rule"], "player-count");
}

/// Bad input: one message on stderr naming the file (and line), exit code 2.
#[test]
fn bad_input_exits_2_with_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let cat = fixture("dice-of-destiny.toml");
    let cat = cat.to_str().unwrap();
    let cases: Vec<(PathBuf, String)> = vec![
        (
            deck(dir.path(), "malformed.txt", b"3 Frog Knight\nthree Zap\n"),
            "malformed.txt:2: ".into(),
        ),
        (
            deck(dir.path(), "binary.txt", b"3 Frog\n\x00\xff\xfe\x80garbage"),
            "binary.txt:2:2: the file is not UTF-8".into(),
        ),
        (
            dir.path().join("missing.txt"),
            "missing.txt: cannot read file: no such file".into(),
        ),
        (
            deck(
                dir.path(),
                "bad.cod",
                b"<cockatrice_deck><zone name=\"main\"><card number=\"x\" name=\"Zap\"/>",
            ),
            "bad.cod:1: ".into(),
        ),
    ];
    for (path, want) in cases {
        let out = run(&["validate", "--catalog", cat, path.to_str().unwrap()]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains(&want), "{want} not in {err}");
        assert!(!err.contains("panicked"), "{err}");
        assert!(out.stdout.is_empty());
    }
    // a broken catalog
    let broken = deck(dir.path(), "broken.toml", b"game = \"dice-of-destiny\"\nname = \"x\"\n[[card]]\nname = \"A\"\ntype = \"creature\"\ncolour = \"purple\"\n");
    let d = deck(dir.path(), "d.txt", b"1 A\n");
    let out = run(&[
        "validate",
        "--catalog",
        broken.to_str().unwrap(),
        d.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("broken.toml:6:10: key `colour`: `purple` is not one of")
    );
    // an unknown flag value and an unknown option
    let out = run(&[
        "validate",
        "--catalog",
        cat,
        "--mode",
        "chaos",
        d.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let out = run(&[
        "validate",
        "--catalog",
        cat,
        "--option",
        "nope=1",
        d.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown option `nope`"));
}

#[test]
fn cockatrice_and_forge_files_validate() {
    let dir = tempfile::tempdir().unwrap();
    let cat = fixture("dice-of-destiny.toml");
    let cod = deck(
        dir.path(),
        "d.cod",
        br#"<?xml version="1.0"?><cockatrice_deck version="1"><deckname>x</deckname><zone name="main"><card number="7" name="Swarm of Gnats"/><card number="3" name="Frog Knight"/><card number="3" name="Moss Troll"/><card number="3" name="Bog Hopper"/><card number="3" name="Leaf Sprite"/><card number="3" name="Zap"/><card number="3" name="Fog"/><card number="3" name="Mist"/><card number="2" name="Gust"/></zone></cockatrice_deck>"#,
    );
    let out = run(&[
        "validate",
        "--catalog",
        cat.to_str().unwrap(),
        cod.to_str().unwrap(),
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let dck = deck(
        dir.path(),
        "d.dck",
        format!(
            "[metadata]\nName=x\n[Main]\n{}",
            DD_LEGAL.replace('\n', "|SET\n")
        )
        .as_bytes(),
    );
    let out = run(&[
        "validate",
        "--catalog",
        cat.to_str().unwrap(),
        dck.to_str().unwrap(),
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

/// Reads a sample deck's documented verdict: `# catalog:`, `# expect:`,
/// `# players:`, `# mode:` lines in the file or its `.expect` sibling.
fn metadata(deck: &Path) -> (PathBuf, bool, Vec<String>, Vec<String>) {
    let sibling = deck.with_extension("expect");
    let text = if sibling.exists() {
        std::fs::read_to_string(sibling).unwrap()
    } else {
        std::fs::read_to_string(deck).unwrap()
    };
    let (mut catalog, mut legal, mut rules, mut extra) = (None, false, Vec::new(), Vec::new());
    for line in text.lines() {
        let Some(rest) = line.strip_prefix('#') else {
            continue;
        };
        let rest = rest.trim();
        if let Some(c) = rest.strip_prefix("catalog:") {
            catalog = Some(deck.parent().unwrap().join(c.trim()));
        } else if let Some(e) = rest.strip_prefix("expect:") {
            let mut words = e.split_whitespace();
            legal = words.next() == Some("legal");
            rules = words.map(str::to_string).collect();
        } else if let Some(p) = rest.strip_prefix("players:") {
            extra.extend(["--players".to_string(), p.trim().to_string()]);
        } else if let Some(m) = rest.strip_prefix("mode:") {
            extra.extend(["--mode".to_string(), m.trim().to_string()]);
        }
    }
    (catalog.expect("# catalog: line"), legal, rules, extra)
}

/// `deckwright validate` on every sample deck in resources/decks gives the
/// verdict its file documents: exit code and the set of rule ids.
#[test]
fn validate_gives_every_sample_deck_its_documented_verdict() {
    let dir = repo("resources/decks");
    let mut decks: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e != "expect"))
        .collect();
    decks.sort();
    assert!(decks.len() >= 20, "{} sample decks", decks.len());
    for deck in decks {
        let (catalog, legal, rules, extra) = metadata(&deck);
        let mut args = vec![
            "validate".to_string(),
            "--catalog".into(),
            catalog.to_string_lossy().into(),
        ];
        args.extend(extra);
        args.extend([deck.to_string_lossy().into_owned(), "--json".into()]);
        let out = bin().args(&args).output().unwrap();
        assert_eq!(
            out.status.code(),
            Some(if legal { 0 } else { 1 }),
            "{}",
            deck.display()
        );
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let mut got: Vec<String> = v["violations"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x["rule"].as_str().unwrap().to_string())
            .collect();
        got.sort();
        got.dedup();
        let mut want = rules.clone();
        want.sort();
        assert_eq!(got, want, "{}", deck.display());
    }
}

/// Issue 12: deck text pasted from other tools is read the way Cockatrice's
/// plain-text loader reads it, and `validate` says what it dropped.
#[test]
fn validate_reads_other_tools_deck_text_and_notes_what_it_dropped() {
    let dir = tempfile::tempdir().unwrap();
    let cat = fixture("dice-of-destiny.toml");
    // Moxfield/Arena: headers without colon, (SET) 123 and *F* marks;
    // Cockatrice/MWS: SB: prefix and [SET] before the name; // Sideboard
    let text = "About\nName Pasted\n\nDeck\n7 Swarm of Gnats (DOD) 12\n3 Frog Knight *F*\n3 [DOD] Moss Troll\n\
                3 Bog Hopper\n3 Leaf Sprite\n3 Zap (DOD) 7 *F*\n3 Fog\n3 Mist\n2 Gust [PROMO]\n\
                SB: 1 Fog\n\nSideboard\n1 Mist\n// Maybeboard\n4 Nothing Known\n";
    let d = deck(dir.path(), "pasted.txt", text.as_bytes());
    let out = run(&[
        "validate",
        "--catalog",
        cat.to_str().unwrap(),
        d.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["legal"], true);
    assert_eq!(v["total"], 30);
    let notes: Vec<String> = v["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap().to_string())
        .collect();
    assert_eq!(notes.len(), 5, "{notes:?}");
    assert!(notes[0].starts_with("line 5: read `Swarm of Gnats`: dropped `(DOD) 12`"));
    assert!(notes.iter().any(|n| n.contains("`[DOD]`")));
    assert!(notes.iter().any(|n| n.contains("`(DOD) 7` and `*F*`")));
    assert!(
        notes
            .iter()
            .any(|n| n.starts_with("line 13: [PROMO] is no card id")),
        "{notes:?}"
    );
    // the text report shows the notes too
    let out = run(&[
        "validate",
        "--catalog",
        cat.to_str().unwrap(),
        d.to_str().unwrap(),
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("  note: line 6: read `Frog Knight`: dropped `*F*`"),
        "{text}"
    );
}
