//! A game against the computer, split as the Playtest screen plays it: the
//! player's action alone (`Session::play`), then the computer's answer
//! (`Session::answer`) worked out elsewhere. Between the two the player has
//! no choices and every action is refused; the same moves give the same
//! game as `Session::apply`, and `Session::replay` of the saved moves sets
//! the game up again.

use deckwright::engine::core::Seat;
use deckwright::engine::game::Level;
use deckwright::engine::session::{DeckSide, Engine, EngineOptions, Session};

use crate::support::repo;

fn engine() -> Engine {
    let cat = deckwright::catalog::load(&repo("resources/catalogs/dice-of-destiny.toml"))
        .unwrap()
        .catalog;
    let a = deckwright::decklist::load(&repo("resources/decks/dice-of-destiny-chicken-rush.txt"))
        .unwrap();
    let b = deckwright::decklist::load(&repo("resources/decks/dice-of-destiny-yellow-spells.txt"))
        .unwrap();
    let (ca, cb) = (
        deckwright::engine::compile(&cat, &a).unwrap(),
        deckwright::engine::compile(&cat, &b).unwrap(),
    );
    Engine::versus(
        DeckSide {
            catalog: &cat,
            cards: &ca,
        },
        Some(DeckSide {
            catalog: &cat,
            cards: &cb,
        }),
        &EngineOptions::default(),
    )
    .unwrap()
}

/// Plays the goldfish suggestion until the game ends or `n` actions, by
/// `play` then `answer`.
fn split(s: &mut Session, n: usize) {
    for _ in 0..n {
        if s.outcome().is_some() {
            return;
        }
        let a = s.hint().expect("the player has a move").action;
        s.play(&a).unwrap();
        if s.to_answer() {
            assert!(s.choices().is_empty(), "nothing is the player's to choose");
            assert!(s.hint().is_none());
            let err = s.play(&a).unwrap_err();
            assert!(err.to_string().contains("other side"), "{err}");
            s.answer();
            assert!(!s.to_answer());
        }
    }
}

#[test]
fn play_then_answer_is_apply_and_the_moves_replay() {
    let e = engine();
    let mut by_parts = e.session_against_computer(77, Seat::First, Level::Quick);
    split(&mut by_parts, 120);
    let mut whole = e.session_against_computer(77, Seat::First, Level::Quick);
    whole.replay(&by_parts.moves()).unwrap();
    assert_eq!(whole.snapshot(), by_parts.snapshot());
    assert_eq!(whole.log(), by_parts.log());
    assert!(
        by_parts.log().iter().any(|l| l.contains("Opponent: ")),
        "the computer played"
    );
    // undo takes back the player's last move with the answers after it
    let n = by_parts.move_count();
    assert!(by_parts.undo());
    assert_eq!(by_parts.move_count(), n - 1);
    let mut again = e.session_against_computer(77, Seat::First, Level::Quick);
    again.replay(&by_parts.moves()).unwrap();
    assert_eq!(again.snapshot(), by_parts.snapshot());
}

#[test]
fn a_move_that_does_not_replay_is_named() {
    let e = engine();
    let mut s = e.session_against_computer(5, Seat::Second, Level::Quick);
    let mut moves = {
        let mut t = e.session_against_computer(5, Seat::Second, Level::Quick);
        split(&mut t, 6);
        t.moves()
    };
    // a card the game does not have
    let mut bad = moves[0].clone();
    bad.action = serde_json::json!({"action": "play", "card": 9999, "target": null});
    moves.insert(2, bad);
    let (n, _) = s.replay(&moves).unwrap_err();
    assert_eq!(n, 2);
}
