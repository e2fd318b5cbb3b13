//! "Modelled" means played right (issue 24): every verb of the effect
//! language that a game's support table says it plays is shown played, by a
//! scenario file under `tests/scenarios/<game>/` (run and checked by
//! [`super::scenarios`]) in which a card whose text uses the verb is played
//! and the resulting state is checked. Verbs that speak about deck building
//! (Dice of Destiny's DD-D4 overrides) are played by `validate`: their test
//! is named instead.
//!
//! The table below is curated (a file may name a card for another reason),
//! and checked: the test fails when a supported verb of a game has no entry,
//! when an entry's file is missing, or when the file names no card that the
//! engine reads in full and whose reading uses the verb.

use std::path::Path;

use deckwright::engine::coverage::{Status, read};
use deckwright::engine::effect::support::Support;
use deckwright::engine::effect::verb_name;
use deckwright::model::GameId;

use crate::support::repo;

/// Where a verb is shown played.
enum Shown {
    /// A scenario file under `tests/scenarios/<game>/`.
    Scenario(&'static str),
    /// A test in `tests/<file>` (deck building: played by `validate`).
    Test(&'static str, &'static str),
}

use Shown::{Scenario, Test};

/// Every game with an engine, and what it plays.
fn games() -> [(GameId, &'static str, Support); 4] {
    use deckwright::engine::{bizarre, dice, fuzzycards, rizontical};
    [
        (GameId::Fuzzycards, "fuzzycards", fuzzycards::cards::SUPPORT),
        (
            GameId::BizarreWorld,
            "bizarre-world",
            bizarre::cards::SUPPORT,
        ),
        (
            GameId::DiceOfDestiny,
            "dice-of-destiny",
            dice::cards::SUPPORT,
        ),
        (GameId::Rizontical, "rizontical", rizontical::cards::SUPPORT),
    ]
}

/// (game, verb, where it is shown played).
const SHOWN: &[(&str, &str, Shown)] = &[
    // Fuzzycards
    ("fuzzycards", "draw", Scenario("fz-1-timing-on-deploy.toml")),
    ("fuzzycards", "gain", Scenario("fz-1-timing-activate.toml")),
    ("fuzzycards", "damage", Scenario("fz-1-timing-on-hit.toml")),
    ("fuzzycards", "heal", Scenario("verb-heal.toml")),
    ("fuzzycards", "lose", Scenario("verb-lose.toml")),
    (
        "fuzzycards",
        "modify",
        Scenario("fz-1-equip-relic-grants-a-stat-boost.toml"),
    ),
    (
        "fuzzycards",
        "modify",
        Scenario("verb-modify-allied-heroes.toml"),
    ),
    (
        "fuzzycards",
        "modify",
        Scenario("verb-modify-other-heroes-this-turn.toml"),
    ),
    (
        "fuzzycards",
        "keyword",
        Scenario("fz-1-equip-relic-grants-a-keyword.toml"),
    ),
    (
        "fuzzycards",
        "give",
        Scenario("fz-1-keyword-silence-lasts-until-specified.toml"),
    ),
    ("fuzzycards", "defeat", Scenario("verb-defeat.toml")),
    // Bizarre World
    ("bizarre-world", "draw", Scenario("verb-draw.toml")),
    (
        "bizarre-world",
        "gain",
        Scenario("bw-example-steve-1-abilities.toml"),
    ),
    ("bizarre-world", "lose", Scenario("verb-lose.toml")),
    ("bizarre-world", "damage", Scenario("verb-damage.toml")),
    ("bizarre-world", "keyword", Scenario("verb-keyword.toml")),
    (
        "bizarre-world",
        "resource-kind",
        Scenario("bw-6-10-special-resource-pays-a-special-cost.toml"),
    ),
    // Dice of Destiny
    (
        "dice-of-destiny",
        "draw",
        Scenario("dd-4-1-effects-go-off-on-arrival.toml"),
    ),
    ("dice-of-destiny", "gain", Scenario("verb-gain.toml")),
    ("dice-of-destiny", "lose", Scenario("verb-lose.toml")),
    ("dice-of-destiny", "damage", Scenario("verb-damage.toml")),
    (
        "dice-of-destiny",
        "modify",
        Scenario("dd-4-4-a-card-says-otherwise.toml"),
    ),
    (
        "dice-of-destiny",
        "keyword",
        Scenario("dd-4-1-unless-a-card-says-otherwise.toml"),
    ),
    ("dice-of-destiny", "give", Scenario("verb-give.toml")),
    (
        "dice-of-destiny",
        "search",
        Scenario("dd-2-12-search-shows-and-shuffles.toml"),
    ),
    (
        "dice-of-destiny",
        "shuffle",
        Scenario("dd-2-12-search-shows-and-shuffles.toml"),
    ),
    (
        "dice-of-destiny",
        "return-to-hand",
        Scenario("dd-4-2-back-in-play-is-a-new-card.toml"),
    ),
    (
        "dice-of-destiny",
        "rerolls",
        Scenario("dd-4-6-a-reroll-spell.toml"),
    ),
    (
        "dice-of-destiny",
        "force-reroll",
        Scenario("verb-force-reroll.toml"),
    ),
    (
        "dice-of-destiny",
        "negate",
        Scenario("dd-2-7-an-answer-resolves-before-its-card.toml"),
    ),
    (
        "dice-of-destiny",
        "roll-off",
        Scenario("verb-roll-off.toml"),
    ),
    (
        "dice-of-destiny",
        "roll-off",
        Scenario("verb-roll-off-lost.toml"),
    ),
    (
        "dice-of-destiny",
        "copy-limit",
        Test(
            "content/rules.rs",
            "dd_d4_card_text_wins_over_the_copy_limit_field",
        ),
    ),
    (
        "dice-of-destiny",
        "deck-size",
        Test(
            "content/rules.rs",
            "dd_d4_card_text_allows_another_deck_size",
        ),
    ),
    (
        "dice-of-destiny",
        "colour-limit",
        Test("content/rules.rs", "dd_d4_card_text_allows_more_colours"),
    ),
    (
        "dice-of-destiny",
        "colour-free",
        Test(
            "content/rules.rs",
            "dd_d4_card_text_takes_a_card_out_of_the_colours",
        ),
    ),
    // Rizontical
    (
        "rizontical",
        "draw",
        Scenario("rz-power-normal-goes-to-the-void.toml"),
    ),
    ("rizontical", "gain", Scenario("rz-power-use.toml")),
    (
        "rizontical",
        "element-damage",
        Scenario("rz-4-turn-start-effects.toml"),
    ),
    (
        "rizontical",
        "heal",
        Scenario("rz-1-heal-restores-up-to-printed-hp.toml"),
    ),
    (
        "rizontical",
        "modify",
        Scenario("rz-power-aura-applies-to-its-fighter.toml"),
    ),
    (
        "rizontical",
        "give",
        Scenario("rz-power-aura-venom-fang-poisons.toml"),
    ),
    (
        "rizontical",
        "hit",
        Scenario("rz-4-a-mana-hit-does-not-end-the-turn.toml"),
    ),
    (
        "rizontical",
        "hit-around",
        Scenario("rz-skills-ultimate-marker.toml"),
    ),
    (
        "rizontical",
        "per-entity-hit",
        Scenario("rz-6-8-around-is-eight-cells.toml"),
    ),
    ("rizontical", "push", Scenario("rz-numen-conjuration.toml")),
    (
        "rizontical",
        "end-round",
        Scenario("rz-4-a-power-ends-the-round.toml"),
    ),
    ("rizontical", "damage", Scenario("verb-damage.toml")),
    ("rizontical", "heal-full", Scenario("verb-heal-full.toml")),
    ("rizontical", "keyword", Scenario("verb-keyword.toml")),
    ("rizontical", "cleanse", Scenario("verb-cleanse.toml")),
    ("rizontical", "move", Scenario("verb-move.toml")),
    ("rizontical", "look", Scenario("verb-look.toml")),
    ("rizontical", "negate", Scenario("verb-negate.toml")),
    ("rizontical", "banish", Scenario("verb-banish.toml")),
    ("rizontical", "redirect", Scenario("verb-redirect.toml")),
    ("rizontical", "deploy", Scenario("verb-deploy.toml")),
    ("rizontical", "place-tile", Scenario("verb-place-tile.toml")),
    (
        "rizontical",
        "summon",
        Scenario("rz-1-a-summon-goes-on-the-chosen-cell.toml"),
    ),
    ("rizontical", "set-hp", Scenario("verb-set-hp.toml")),
    ("rizontical", "take-buffs", Scenario("verb-take-buffs.toml")),
    (
        "rizontical",
        "all-elements",
        Scenario("verb-all-elements.toml"),
    ),
    (
        "rizontical",
        "hit-element",
        Scenario("verb-hit-element.toml"),
    ),
    (
        "rizontical",
        "free-conjuration",
        Scenario("verb-free-conjuration.toml"),
    ),
    ("rizontical", "immune", Scenario("verb-immune.toml")),
];

/// Supported verbs with no scenario yet, by game: each is named in the
/// report of issue 24 and must leave this list when its scenario lands.
const NOT_YET_SHOWN: &[(&str, &str)] = &[
    // Poe's UNIQUE "Defeat a Summon (∞RA)": Summons are not on the board yet
    // (issue 29), so the skill is never usable
    ("rizontical", "defeat"),
];

/// Whether a modelled card named in `file` uses `verb`.
fn names_a_card_using(game: GameId, file: &Path, verb: &str) -> Result<(), String> {
    let sc = deckwright::scenario::load(file).map_err(|e| e.to_string())?;
    let catalog = deckwright::catalog::load(&sc.catalog)
        .map_err(|e| e.to_string())?
        .catalog;
    let text = std::fs::read_to_string(file).unwrap().to_lowercase();
    let mut seen = Vec::new();
    for card in &catalog.cards {
        let name = card.name.to_lowercase();
        let named = text.contains(&format!("\"{name}\""))
            || text.contains(&format!("card = \"{name}\""))
            || text
                .lines()
                .any(|l| l.trim_start().starts_with("move =") && l.contains(&name));
        if !named {
            continue;
        }
        let r = read(card, game).expect("an engine");
        let uses = r
            .abilities
            .iter()
            .any(|a| a.all_steps().iter().any(|s| verb_name(&s.verb) == verb));
        if uses && r.status() == Status::Modelled {
            return Ok(());
        }
        seen.push(card.name.clone());
    }
    Err(format!(
        "{}: no card it names is read in full with the verb `{verb}` (it names {seen:?})",
        file.display()
    ))
}

#[test]
fn every_supported_verb_of_every_game_is_shown_played() {
    let mut problems = Vec::new();
    let mut shown = 0;
    for (game, dir, support) in games() {
        for verb in support.verbs {
            let entries: Vec<&Shown> = SHOWN
                .iter()
                .filter(|(g, v, _)| *g == dir && v == verb)
                .map(|(_, _, s)| s)
                .collect();
            let waived = NOT_YET_SHOWN.contains(&(dir, verb));
            if entries.is_empty() && !waived {
                problems.push(format!(
                    "{dir}: verb `{verb}` is played but no scenario shows it"
                ));
            }
            if !entries.is_empty() && waived {
                problems.push(format!(
                    "{dir}: verb `{verb}` is shown: take it off NOT_YET_SHOWN"
                ));
            }
            for e in entries {
                match e {
                    Scenario(f) => {
                        let path = repo("tests/scenarios").join(dir).join(f);
                        if let Err(e) = names_a_card_using(game, &path, verb) {
                            problems.push(e);
                        }
                    }
                    Test(file, name) => {
                        let text = std::fs::read_to_string(repo("tests").join(file)).unwrap();
                        if !text.contains(&format!("fn {name}()")) {
                            problems
                                .push(format!("{dir}: `{verb}`: no test {name} in tests/{file}"));
                        }
                    }
                }
                shown += 1;
            }
        }
    }
    // an entry for a verb its game does not play is a stale entry
    for (g, v, _) in SHOWN {
        let plays = games()
            .iter()
            .any(|(_, dir, s)| dir == g && s.verbs.contains(v));
        if !plays {
            problems.push(format!("{g}: `{v}` is not a verb this game plays"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(shown >= SHOWN.len());
}
