//! Issue 11, Rizontical: the computer opponent plays to win. Measured here:
//! the quick AI against a player choosing uniformly among the legal actions,
//! and against the goldfish racing policy, with seats and decks swapped so
//! neither side keeps an advantage.

use std::path::Path;

use deckwright::engine::core::{Outcome, Seat};
use deckwright::engine::game::{Level, Rules, choose};
use deckwright::engine::rizontical::{Options, Rizontical};
use deckwright::engine::session::DeckSide;
use deckwright::engine::{DeckCards, compile};
use deckwright::model::Catalog;

const DECKS: [&str; 2] = ["rizontical-akasha-guard.txt", "rizontical-ember-push.txt"];

fn load() -> (Catalog, Vec<DeckCards>) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("resources");
    let cat = deckwright::catalog::load(&root.join("catalogs/rizontical.toml"))
        .unwrap()
        .catalog;
    let decks = DECKS
        .iter()
        .map(|d| {
            compile(
                &cat,
                &deckwright::decklist::load(&root.join("decks").join(d)).unwrap(),
            )
            .unwrap()
        })
        .collect();
    (cat, decks)
}

fn engine(cat: &Catalog, a: &DeckCards, b: &DeckCards) -> Rizontical {
    Rizontical::new(
        DeckSide {
            catalog: cat,
            cards: a,
        },
        Some(DeckSide {
            catalog: cat,
            cards: b,
        }),
        Options::read(&[]).unwrap(),
        40,
        &[],
    )
    .unwrap()
}

/// Plays one game: player 0 by `level`, player 1 by `other` (`None`: a
/// uniformly random legal action from a seeded stream).
fn play(r: &Rizontical, seed: u64, seat: Seat, level: Level, other: Option<Level>) -> Outcome {
    let mut st = r.new_state();
    r.start(&mut st, seed, seat);
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut legal = Vec::new();
    for _ in 0..200_000 {
        if let Some(o) = r.outcome(&st) {
            return o;
        }
        let p = r.to_act(&st);
        let a = match (p, other) {
            (0, _) => r.policy(&st, level),
            (_, Some(l)) => r.policy(&st, l),
            (_, None) => {
                r.legal_actions(&st, &mut legal);
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                legal[(x % legal.len() as u64) as usize]
            }
        };
        r.apply(&mut st, a)
            .unwrap_or_else(|e| panic!("seed {seed}: {a:?}: {e}"));
    }
    let _ = choose::<Rizontical>;
    panic!("seed {seed}: the game did not end")
}

/// Quick AI wins when it is player 0; both decks, both seats.
fn wins(level: Level, other: Option<Level>, games: u64) -> (u64, u64) {
    let (cat, decks) = load();
    let mut won = 0;
    for g in 0..games {
        let (a, b) = if g % 2 == 0 { (0, 1) } else { (1, 0) };
        let r = engine(&cat, &decks[a], &decks[b]);
        let seat = if (g / 2) % 2 == 0 {
            Seat::First
        } else {
            Seat::Second
        };
        if play(&r, 1000 + g, seat, level, other).winner() == Some(0) {
            won += 1;
        }
    }
    (won, games)
}

#[test]
fn the_quick_ai_beats_a_random_legal_player() {
    let (won, games) = wins(Level::Quick, None, 20);
    assert!(won * 100 >= games * 95, "{won} of {games}");
}

/// Measured 97 of 200 (48.5%): the quick player does not yet beat the
/// racing policy at Rizontical (issue 11's goal; see the README). This
/// floor catches a player that stopped fighting back.
#[test]
fn the_quick_ai_holds_its_own_against_the_goldfish_policy() {
    let (won, games) = wins(Level::Quick, Some(Level::Goldfish), 200);
    println!("quick vs goldfish: {won} of {games}");
    assert!(won * 100 >= games * 40, "{won} of {games}");
}
