//! Issue 24: cards typed the way players type them, in each rulebook's
//! templating (`tests/fixtures/typed/<game>.toml`), read and play as their
//! canonical wording does (`<game>.canon.toml`, the card of the same name:
//! the same abilities and keywords, so the same play), and the cards the
//! grammar must not pretend to read (`<game>.unread.toml`) are never
//! reported modelled. A second batch (`<game>.blind.toml`) was written
//! before the grammar was tuned to it.
//!
//! Each test prints how many typed cards read, for the measure.

use deckwright::catalog;
use deckwright::engine::coverage::{CardReading, Status, read};
use deckwright::model::{Card, Catalog};

fn load(name: &str) -> Catalog {
    catalog::load(&crate::support::root().join(format!("tests/fixtures/typed/{name}.toml")))
        .unwrap_or_else(|e| panic!("{name}: {e}"))
        .catalog
}

fn reading(card: &Card, cat: &Catalog) -> CardReading {
    read(card, cat.game).expect("a two-player game")
}

/// What a card plays: its abilities and keywords.
fn plays(r: &CardReading) -> (String, Vec<String>) {
    (format!("{:?}", r.abilities), r.keywords.clone())
}

fn typed(game: &str, at_least_percent: usize) {
    let cards = load(game);
    let canon = load(&format!("{game}.canon"));
    let mut ok = 0;
    let mut wrong = Vec::new();
    for card in &cards.cards {
        let r = reading(card, &cards);
        if r.status() != Status::Modelled {
            wrong.push(format!(
                "{} {:?}: {:?}",
                card.name,
                card.text.as_deref().unwrap_or(""),
                r.reason()
            ));
            continue;
        }
        if let Some(c) = canon.cards.iter().find(|c| c.name == card.name) {
            let rc = reading(c, &canon);
            assert_eq!(
                rc.status(),
                Status::Modelled,
                "{}: the canonical wording is not modelled: {:?}",
                c.name,
                rc.reason()
            );
            if plays(&r) != plays(&rc) {
                wrong.push(format!(
                    "{}: reads {:?}\n   canonical {:?}",
                    card.name,
                    plays(&r),
                    plays(&rc)
                ));
                continue;
            }
        }
        ok += 1;
    }
    println!(
        "{game}: {ok} of {} typed cards read and play as their canonical wording",
        cards.cards.len()
    );
    assert!(
        ok * 100 >= cards.cards.len() * at_least_percent,
        "{game}: {ok} of {}:\n{}",
        cards.cards.len(),
        wrong.join("\n")
    );
}

/// The second batch (`<game>.blind.toml`), written before the grammar was
/// tuned to it: the measure is 95% read.
fn second_batch(game: &str) {
    let cards = load(&format!("{game}.blind"));
    let missed: Vec<String> = cards
        .cards
        .iter()
        .filter_map(|card| {
            let r = reading(card, &cards);
            (r.status() != Status::Modelled).then(|| format!("{}: {:?}", card.name, r.reason()))
        })
        .collect();
    let n = cards.cards.len();
    println!(
        "{game}: {} of {n} cards of the second batch read",
        n - missed.len()
    );
    assert!((n - missed.len()) * 100 >= n * 95, "{game}: {:#?}", missed);
}

fn never_guessed(game: &str) {
    let cards = load(&format!("{game}.unread"));
    for card in &cards.cards {
        let r = reading(card, &cards);
        assert_ne!(
            r.status(),
            Status::Modelled,
            "{}: reported modelled: {:?}",
            card.name,
            r.abilities
        );
    }
}

#[test]
fn fuzzycards_typed_cards_read() {
    typed("fuzzycards", 100);
    second_batch("fuzzycards");
    never_guessed("fuzzycards");
}

#[test]
fn dice_of_destiny_typed_cards_read() {
    typed("dice-of-destiny", 100);
    second_batch("dice-of-destiny");
    never_guessed("dice-of-destiny");
}

#[test]
fn bizarre_world_typed_cards_read() {
    typed("bizarre-world", 100);
    second_batch("bizarre-world");
    never_guessed("bizarre-world");
}

#[test]
fn rizontical_typed_cards_read() {
    typed("rizontical", 100);
    second_batch("rizontical");
    never_guessed("rizontical");
}
