//! Issue 14: how much of each sample catalog the engine plays from the cards'
//! printed text (`deckwright catalog coverage`, formats.md §3), one test per
//! game: at least 95% of the cards fully modelled.

use std::process::Command;

use deckwright::catalog;
use deckwright::engine::coverage::{Status, coverage};

fn sample(game: &str) -> deckwright::model::Catalog {
    catalog::load(&crate::support::root().join(format!("resources/catalogs/{game}.toml")))
        .unwrap_or_else(|e| panic!("{e}"))
        .catalog
}

fn at_least_95(game: &str) {
    let c = coverage(&sample(game)).unwrap();
    assert!(
        c.modelled * 100 >= c.cards * 95,
        "{game}: {} of {} modelled; not: {:#?}",
        c.modelled,
        c.cards,
        c.detail
    );
    assert_eq!(c.modelled + c.partial + c.vanilla, c.cards);
    assert!(c.detail.iter().all(|d| d.status != Status::Modelled));
}

#[test]
fn dice_of_destiny_coverage_at_least_95() {
    at_least_95("dice-of-destiny");
}

#[test]
fn bizarre_world_coverage_at_least_95() {
    at_least_95("bizarre-world");
}

#[test]
fn rizontical_coverage_at_least_95() {
    at_least_95("rizontical");
    // every skill, Numen ability and Power of the sample is read in full
    let c = coverage(&sample("rizontical")).unwrap();
    assert_eq!((c.cards, c.modelled), (50, 50), "{:#?}", c.detail);
}

#[test]
fn fuzzycards_coverage_at_least_95() {
    at_least_95("fuzzycards");
    let c = coverage(&sample("fuzzycards")).unwrap();
    // every sample card is played from its printed text; the parts that only
    // act on an opponent's cards are named as such
    assert_eq!(c.modelled, c.cards, "{:#?}", c.detail);
    let parts = |name: &str| {
        c.against_opponent
            .iter()
            .find(|o| o.name == name)
            .map(|o| o.parts.clone())
            .unwrap_or_default()
    };
    assert!(parts("The Verdict").contains(&"ko".to_string()));
    assert!(parts("Gavel Mouse").contains(&"silence".to_string()));
    assert!(parts("Truth Lantern").contains(&"enemies lose stealth".to_string()));
    assert!(parts("Verdict Lynx").contains(&"on kill".to_string()));
    assert!(parts("Hodl Tortoise").contains(&"guard".to_string()));
    // Commons' text is flavour ("None (flavor)"): nothing to play, nothing missing
    assert!(parts("Ember Cub").is_empty());
}

#[test]
fn strange_world_cards_are_icons_the_solo_engine_plays() {
    let c = coverage(&sample("strange-world")).unwrap();
    assert_eq!(c.modelled, c.cards);
}

#[test]
fn the_cli_reports_coverage_as_formats_md_says() {
    let out = Command::new(env!("CARGO_BIN_EXE_deckwright"))
        .env(
            "DECKWRIGHT_DB",
            std::env::temp_dir().join("deckwright-coverage-unused.db"),
        )
        .args([
            "catalog",
            "coverage",
            crate::support::root()
                .join("resources/catalogs/dice-of-destiny.toml")
                .to_str()
                .unwrap(),
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
    assert_eq!(v["game"], "dice-of-destiny");
    for k in ["cards", "modelled", "partial", "vanilla"] {
        assert!(v[k].is_u64(), "{k}");
    }
    assert!(v["detail"].is_array());
    // a card the grammar cannot read is reported with the words it did not understand
    let dir = tempfile::tempdir().unwrap();
    let cat = dir.path().join("c.toml");
    std::fs::write(
        &cat,
        "game = \"dice-of-destiny\"\nname = \"T\"\n[[card]]\nname = \"Odd Spell\"\ntype = \"spell\"\ncolour = \"grey\"\ntext = \"Deal 2 damage to your opponent. Swap hands with your opponent.\"\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_deckwright"))
        .env("DECKWRIGHT_DB", dir.path().join("unused.db"))
        .args(["catalog", "coverage", cat.to_str().unwrap(), "--json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["partial"], 1);
    assert_eq!(v["detail"][0]["name"], "Odd Spell");
    assert_eq!(v["detail"][0]["status"], "partial");
    assert_eq!(
        v["detail"][0]["not_understood"][0],
        "swap hands with your opponent"
    );
}
