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

/// Whether the game plays a card's `effects` (a Rizontical Fighter's
/// abilities are its skills, a Numen's its Enchantment and Conjuration).
fn plays_effects(card: &deckwright::model::Card) -> bool {
    !matches!(card.card_type.as_str(), "fighter" | "numen")
}

/// Every sample card's reading written back as its `effects` in the
/// structured form: the catalog file loads, the engine reads the same
/// abilities and says the same, and the file writes back byte for byte.
#[test]
fn readings_written_as_effects_load_and_round_trip() {
    use deckwright::model::CardEffect;
    let mut n = 0;
    for game in GAMES {
        let cat = sample(game);
        let c = coverage_of(&cat, true).unwrap();
        let mut with = cat.clone();
        for (card, d) in with.cards.iter_mut().zip(&c.detail) {
            if plays_effects(card) && !d.reading.is_empty() {
                card.effects = d.reading.iter().cloned().map(CardEffect::from).collect();
                n += d.reading.len();
            }
        }
        let text = catalog::to_toml(&with).unwrap();
        let file = std::path::Path::new("structured.toml");
        let loaded = catalog::parse(&text, file, None)
            .unwrap_or_else(|e| panic!("{game}: {e}\n{text}"))
            .catalog;
        assert_eq!(loaded.cards, with.cards, "{game}");
        let again = coverage_of(&loaded, true).unwrap();
        for ((card, before), after) in loaded.cards.iter().zip(&c.detail).zip(&again.detail) {
            if plays_effects(card) {
                assert_eq!(after.reading, before.reading, "{game}: {}", card.name);
                assert_eq!(after.says, before.says, "{game}: {}", card.name);
                assert_eq!(after.status, before.status, "{game}: {}", card.name);
            }
        }
        assert_eq!(catalog::to_toml(&loaded).unwrap(), text, "{game}");
    }
    assert!(n > 100, "{n} abilities");
}

fn load_err(effects: &str) -> String {
    let text = format!(
        "game = \"dice-of-destiny\"\nname = \"T\"\n\n[[card]]\nname = \"Imp\"\ntype = \"creature\"\ncolour = \"red\"\n{effects}\n"
    );
    match catalog::parse(&text, std::path::Path::new("bad.toml"), None) {
        Ok(_) => panic!("loaded: {effects}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_bad_structured_effect_names_the_file_line_and_what() {
    // a verb the language does not have, on the step's own line
    let e = load_err(
        "[[card.effects]]\ntrigger = \"activated\"\nsteps = [\n  { verb = \"draw\", n = 1, target = \"you\" },\n  { verb = \"explode\", target = \"you\" },\n]",
    );
    assert!(e.contains("bad.toml:12"), "{e}");
    assert!(e.contains("explode") && e.contains("draw"), "{e}");
    // a key that would be dropped is refused, never ignored
    let e = load_err(
        "effects = [{ trigger = \"activated\", steps = [{ verb = \"draw\", n = 1, target = \"you\", optinal = true }] }]",
    );
    assert!(e.contains("bad.toml:8") && e.contains("optinal"), "{e}");
    let e =
        load_err("effects = [{ trigger = \"activated\", steps = [], limt = \"once-per-turn\" }]");
    assert!(e.contains("limt"), "{e}");
    // a value of the wrong kind, a target the language does not have
    let e = load_err(
        "effects = [{ trigger = { on = { event = \"played\", who = \"this\" } }, steps = [{ verb = \"damage\", n = \"three\", target = \"opponent\" }] }]",
    );
    assert!(e.contains("bad.toml:8"), "{e}");
    let e = load_err(
        "effects = [{ trigger = \"static\", steps = [{ verb = \"damage\", n = 1, target = \"everyone\" }] }]",
    );
    assert!(e.contains("everyone"), "{e}");
    // the two forms do not mix in one table
    let e = load_err("effects = [{ on = \"deploy\", steps = [] }]");
    assert!(e.contains("not both"), "{e}");
    // the CLI: exit code 2, one message with file and line
    let dir = tempfile::tempdir().unwrap();
    let cat = dir.path().join("cards.toml");
    std::fs::write(
        &cat,
        "game = \"dice-of-destiny\"\nname = \"T\"\n[[card]]\nname = \"Imp\"\ntype = \"creature\"\ncolour = \"red\"\neffects = [{ trigger = \"activated\", steps = [{ verb = \"explode\", target = \"you\" }] }]\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_deckwright"))
        .env("DECKWRIGHT_DB", dir.path().join("unused.db"))
        .args(["catalog", "coverage", cat.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("cards.toml:7") && err.contains("explode"),
        "{err}"
    );
}

/// The flat shorthand keeps loading beside the structured form, in one
/// card, in order.
#[test]
fn flat_and_structured_effects_load_side_by_side() {
    let text = "game = \"bizarre-world\"\nname = \"T\"\n[[card]]\nname = \"Rock\"\ncost = 2\neffects = [\n  { on = \"activate\", exhaust = 1, attack = 2 },\n  { trigger = { on = { event = \"turn-start\", who = \"you\" } }, steps = [{ verb = \"gain\", what = \"life\", n = 1, target = \"you\" }] },\n]\n";
    let cat = catalog::parse(text, std::path::Path::new("t.toml"), None)
        .unwrap()
        .catalog;
    let r = deckwright::engine::coverage::read(&cat.cards[0], cat.game).unwrap();
    assert_eq!(
        r.says(),
        [
            "Exhaust 1 resource: gain 2 ⚔.",
            "At the start of your turn, gain 1 life."
        ]
    );
    assert!(cat.cards[0].effects[0].flat().is_some());
    assert!(cat.cards[0].effects[1].flat().is_none());
}

/// The examples of schema/effects.md's structured form load (through the
/// loader's own check) and say what their comments quote.
#[test]
fn the_structured_examples_in_schema_effects_md_load_and_say_what_they_claim() {
    use deckwright::engine::effect::catalog::structured;
    use deckwright::engine::effect::render::says_all;
    let doc = std::fs::read_to_string(crate::support::root().join("schema/effects.md")).unwrap();
    let start = doc
        .find("Examples, one or more per game")
        .expect("the examples");
    let block = &doc[start..];
    let block = &block[block.find("```toml\n").unwrap() + 8..];
    let block = &block[..block.find("```").unwrap()];
    // each example: a comment quoting `says`, then its TOML
    let mut games = std::collections::BTreeSet::new();
    for chunk in block.split("\n# ").filter(|c| !c.trim().is_empty()) {
        let chunk = chunk.trim_start_matches("# ");
        let (comment, toml_text) = chunk.split_once('\n').unwrap();
        games.insert(
            comment
                .split(" — ")
                .next()
                .unwrap()
                .split(" (")
                .next()
                .unwrap(),
        );
        let quoted: Vec<String> = comment
            .split(" — ")
            .nth(1)
            .unwrap()
            .split('"')
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect();
        let doc: toml::Table =
            toml::from_str(toml_text).unwrap_or_else(|e| panic!("{comment}: {e}"));
        let effects = doc
            .get("effects")
            .or_else(|| doc.get("card").and_then(|c| c.get("effects")))
            .and_then(|e| e.as_array())
            .unwrap_or_else(|| panic!("{comment}: no effects"));
        let abilities: Vec<_> = effects
            .iter()
            .map(|e| structured(e).unwrap_or_else(|err| panic!("{comment}: {err}")))
            .collect();
        assert_eq!(says_all(&abilities), quoted, "{comment}");
    }
    assert_eq!(
        games.into_iter().collect::<Vec<_>>(),
        [
            "Bizarre World",
            "Dice of Destiny",
            "Fuzzycards",
            "Rizontical"
        ]
    );
}
