//! Issue 24, readings shown back: every card's abilities in the structured
//! effect language (`reading`) and in the one renderer's words (`says`),
//! from `catalog coverage --all --json` (formats.md §3), and the written
//! form round-trips (schema/effects.md).

use std::process::Command;

use deckwright::catalog;
use deckwright::engine::coverage::coverage_of;
use deckwright::engine::effect::Ability;

const GAMES: [&str; 4] = [
    "fuzzycards",
    "bizarre-world",
    "dice-of-destiny",
    "rizontical",
];

fn sample(game: &str) -> deckwright::model::Catalog {
    catalog::load(&crate::support::root().join(format!("resources/catalogs/{game}.toml")))
        .unwrap_or_else(|e| panic!("{e}"))
        .catalog
}

/// Every ability the grammar reads from the four sample catalogs, written
/// as TOML and as JSON, reads back as the same ability; and each is said in
/// one plain sentence.
#[test]
fn every_sample_reading_round_trips_and_is_said() {
    let mut n = 0;
    for game in GAMES {
        let c = coverage_of(&sample(game), true).unwrap();
        assert_eq!(c.detail.len(), c.cards, "{game}: --all lists every card");
        for d in &c.detail {
            assert_eq!(d.says.len(), d.reading.len(), "{}", d.name);
            for (a, said) in d.reading.iter().zip(&d.says) {
                let t = toml::Value::try_from(a).unwrap_or_else(|e| panic!("{}: {e}", d.name));
                let back: Ability = t.clone().try_into().unwrap();
                assert_eq!(&back, a, "{}: TOML {t}", d.name);
                let j = serde_json::to_value(a).unwrap();
                let back: Ability = serde_json::from_value(j.clone()).unwrap();
                assert_eq!(&back, a, "{}: JSON {j}", d.name);
                assert!(said.ends_with('.'), "{}: {said}", d.name);
                for bad in ["{", "}", "Some(", "None", "_"] {
                    assert!(!said.contains(bad), "{}: {said}", d.name);
                }
                n += 1;
            }
        }
    }
    assert!(n > 150, "{n} abilities");
}

#[test]
fn catalog_coverage_all_json_gives_reading_and_says() {
    let dir = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_deckwright"))
            .env("DECKWRIGHT_DB", dir.path().join("unused.db"))
            .args(args)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        out.stdout
    };
    let file = crate::support::root().join("resources/catalogs/dice-of-destiny.toml");
    let file = file.to_str().unwrap();
    let v: serde_json::Value =
        serde_json::from_slice(&run(&["catalog", "coverage", file, "--all", "--json"])).unwrap();
    let detail = v["detail"].as_array().unwrap();
    assert_eq!(detail.len() as u64, v["cards"].as_u64().unwrap());
    let card = |name: &str| detail.iter().find(|d| d["name"] == name).unwrap().clone();
    let imp = card("Goblin Firestarter");
    assert_eq!(imp["status"], "modelled");
    assert_eq!(
        imp["says"][0],
        "When this card is played, deal 1 damage to your opponent."
    );
    assert_eq!(imp["reading"][0]["trigger"]["on"]["event"], "played");
    assert_eq!(imp["reading"][0]["steps"][0]["verb"], "damage");
    assert_eq!(imp["reading"][0]["steps"][0]["target"], "opponent");
    // the reading loads back as the effect language
    let a: Ability = serde_json::from_value(imp["reading"][0].clone()).unwrap();
    assert_eq!(a.steps.len(), 1);
    // without --all only the cards not fully modelled are listed
    let v: serde_json::Value =
        serde_json::from_slice(&run(&["catalog", "coverage", file, "--json"])).unwrap();
    assert_eq!(v["detail"].as_array().unwrap().len(), 0);
    // the text report says the same
    let text = String::from_utf8(run(&["catalog", "coverage", file, "--all"])).unwrap();
    assert!(
        text.contains("says: When this card is played, deal 1 damage to your opponent."),
        "{text}"
    );
}
