//! Issue 13 item 3: a deck bigger than the engine can number is refused with a
//! clear error (exit 2) by every command that plays or deals it, never wrapped
//! around into a different deck; the largest deck it can hold still plays.

use std::path::Path;

use crate::support::deckwright as bin;

/// A deck list of `n` copies of one card, in lines of at most 9,999.
fn deck_of(dir: &Path, n: u32) -> std::path::PathBuf {
    let mut text = String::new();
    let mut left = n;
    while left > 0 {
        let k = left.min(9999);
        text.push_str(&format!("{k} Ember Cub\n"));
        left -= k;
    }
    let p = dir.join(format!("deck-{n}.txt"));
    std::fs::write(&p, text).unwrap();
    p
}

fn catalog() -> String {
    crate::support::root()
        .join("resources/catalogs/fuzzycards.toml")
        .to_string_lossy()
        .into_owned()
}

#[test]
fn a_deck_of_65536_cards_is_refused_by_every_engine_command() {
    let dir = tempfile::tempdir().unwrap();
    let deck = deck_of(dir.path(), 65_536);
    let deck = deck.to_str().unwrap();
    let cat = catalog();
    for args in [
        vec![
            "goldfish",
            "--catalog",
            &cat,
            deck,
            "--games",
            "10",
            "--seed",
            "1",
        ],
        vec!["hand", "--catalog", &cat, deck, "--seed", "1"],
        vec!["odds", "--catalog", &cat, deck, "--card", "Ember Cub"],
    ] {
        let out = bin().args(&args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("65536 cards") && err.contains("at most 65535"),
            "{args:?}: {err}"
        );
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn the_largest_deck_the_engine_holds_still_plays() {
    let dir = tempfile::tempdir().unwrap();
    let deck = deck_of(dir.path(), 65_535);
    let out = bin()
        .args([
            "goldfish",
            "--catalog",
            &catalog(),
            deck.to_str().unwrap(),
            "--games",
            "20",
            "--seed",
            "1",
            "--json",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // Ember Cub decks win (a 30-card one does by turn 5): the deck that
    // plays is the one listed, not a wrapped-around empty one
    assert_eq!(v["wins"], 20);
}
