//! Dice of Destiny's computer player on hand-made positions: what the quick
//! level aims its spells at and when it casts them, and the strong level's
//! searches and the worlds it imagines.

use deckwright::engine::core::{Outcome, Seat};
use deckwright::engine::dice::{Action, DiceOfDestiny, Phase, State, Zone, z};
use deckwright::engine::game::{Level, Rules, play_out};
use deckwright::engine::game_seed;

use crate::dice::{FIREBALL, catalog, game, put, start};

const DUCK: (&str, &str, &str) = (
    "Rubber Duck Curse",
    "spell",
    "Choose a target creature. Until your next turn it is a rubber duck: it has no effect and can't attack.",
);
const LOADED_DICE: (&str, &str, &str) = (
    "Loaded Dice",
    "spell",
    "This turn, you may reroll up to 2 of your attack dice.",
);
const BRUTE: (&str, &str, &str) = (
    "Brute",
    "creature",
    "Each hit by this creature knocks off 2 life points instead of 1.",
);

/// Player 0 to act in its main phase with `hand` (names) in hand and
/// nothing else; player 1 with `theirs` in play.
fn position(g: &DiceOfDestiny, hand: &[&str], mine: &[&str], theirs: &[&str]) -> State {
    let mut st = start(g, 4, Seat::First);
    for p in 0..2 {
        let cards: Vec<u16> = st.core.zones.get(z(p, Zone::Hand)).to_vec();
        for c in cards {
            st.core.zones.move_copy(
                z(p, Zone::Hand),
                c,
                z(p, Zone::Deck),
                deckwright::engine::core::At::Bottom,
            );
        }
    }
    for name in hand {
        put(g, &mut st, 0, name, Zone::Deck, Zone::Hand);
    }
    for name in mine {
        put(g, &mut st, 0, name, Zone::Deck, Zone::Battlefield);
    }
    for name in theirs {
        put(g, &mut st, 1, name, Zone::Deck, Zone::Battlefield);
    }
    st
}

/// The quick player keeps its rubber duck on its own turn for the other
/// turn's windows (issue 27: ducks cast on its own turn gained nothing
/// against the racer), where it answers the attacker or the effect.
#[test]
fn dd_ai_quick_keeps_its_rubber_duck_for_the_other_turn() {
    let cat = catalog(&[DUCK, BRUTE, ("Pup", "creature", "")]);
    let g = game(&cat, &[(0, 30)], Some(&[(1, 15), (2, 15)]));
    let st = position(&g, &["Rubber Duck Curse"], &[], &["Pup", "Brute"]);
    let brute = st.core.zones.get(z(1, Zone::Battlefield))[1];
    assert_eq!(g.copy_name(brute), "Brute");
    assert_eq!(g.policy(&st, Level::Quick), Action::Next);
    // the goldfish racer never aims a spell at a creature
    assert!(!matches!(
        g.policy(&st, Level::Goldfish),
        Action::Play { .. }
    ));
}

#[test]
fn dd_ai_quick_casts_reroll_spells_before_its_own_attack_only() {
    let cat = catalog(&[LOADED_DICE, BRUTE]);
    let g = game(&cat, &[(0, 10), (1, 20)], Some(&[(0, 10), (1, 20)]));
    let mut st = position(&g, &["Loaded Dice"], &["Brute"], &[]);
    // a Brute that arrived earlier is ready: Loaded Dice goes first
    st.flags.fill(0);
    match g.policy(&st, Level::Quick) {
        Action::Play { card, .. } => assert_eq!(g.copy_name(card), "Loaded Dice"),
        a => panic!("quick played {a:?}"),
    }
    // in the other player's end-of-turn window with no creature of its own
    // to attack with next turn it would do nothing: kept (DD 10)
    let mut st = position(&g, &[], &[], &[]);
    g.apply(&mut st, Action::Next).unwrap();
    put(&g, &mut st, 1, "Loaded Dice", Zone::Deck, Zone::Hand);
    assert_eq!(st.phase, Phase::Window { by: 1 });
    assert!(!matches!(g.policy(&st, Level::Quick), Action::Play { .. }));
}

#[test]
fn dd_ai_strong_plays_legal_moves_and_wins_a_forced_race() {
    // Strong against a passive opponent with 30 Fireballs: every move it
    // picks is legal and it wins on turn 2, as the racer does
    let cat = catalog(&[FIREBALL]);
    let g = game(&cat, &[(0, 30)], None);
    let mut st = g.new_state();
    let o = play_out(
        &g,
        &mut st,
        game_seed(3, 0),
        Seat::First,
        [Level::Strong; 2],
    )
    .unwrap();
    assert_eq!(o, Outcome::Win { turn: 2 });
}

#[test]
fn dd_ai_strong_worlds_keep_what_the_player_sees_and_redeal_what_it_cannot() {
    let cat = catalog(&[FIREBALL, BRUTE, LOADED_DICE]);
    let g = game(
        &cat,
        &[(0, 10), (1, 10), (2, 10)],
        Some(&[(0, 10), (1, 10), (2, 10)]),
    );
    let st = position(&g, &["Fireball", "Brute"], &["Brute"], &["Brute"]);
    let sorted = |v: &[u16]| {
        let mut v = v.to_vec();
        v.sort_unstable();
        v
    };
    let pool = |s: &State| {
        let mut v = s.core.zones.get(z(1, Zone::Hand)).to_vec();
        v.extend_from_slice(s.core.zones.get(z(1, Zone::Deck)));
        sorted(&v)
    };
    let mut moved = 0;
    for seed in 0..20 {
        let mut w = st.clone();
        assert!(g.sample_world(&mut w, 0, seed));
        // what player 0 sees stays
        assert_eq!(
            w.core.zones.get(z(0, Zone::Hand)),
            st.core.zones.get(z(0, Zone::Hand))
        );
        for p in 0..2 {
            assert_eq!(
                w.core.zones.get(z(p, Zone::Battlefield)),
                st.core.zones.get(z(p, Zone::Battlefield))
            );
        }
        // the other hand keeps its size and the hidden cards their multiset
        assert_eq!(
            w.core.zones.len(z(1, Zone::Hand)),
            st.core.zones.len(z(1, Zone::Hand))
        );
        assert_eq!(pool(&w), pool(&st));
        assert_eq!(
            sorted(w.core.zones.get(z(0, Zone::Deck))),
            sorted(st.core.zones.get(z(0, Zone::Deck)))
        );
        if w.core.zones.get(z(1, Zone::Deck)) != st.core.zones.get(z(1, Zone::Deck)) {
            moved += 1;
        }
        g.invariants(&w).unwrap();
    }
    assert!(
        moved > 15,
        "the hidden cards were dealt again ({moved} of 20)"
    );
}

/// DD 9: before the dice of a declared attack are rolled, the quick
/// defender makes the dangerous attacker a rubber duck; the goldfish racer
/// lets the dice be rolled.
#[test]
fn dd_ai_quick_ducks_a_declared_attacker_before_the_roll() {
    let cat = catalog(&[DUCK, BRUTE]);
    let g = game(&cat, &[(0, 10), (1, 20)], Some(&[(0, 10), (1, 20)]));
    let mut st = position(&g, &[], &["Brute"], &[]);
    st.flags.fill(0);
    put(&g, &mut st, 1, "Rubber Duck Curse", Zone::Deck, Zone::Hand);
    g.apply(&mut st, Action::Attack { rerolls: 0 }).unwrap();
    assert_eq!(st.phase, Phase::Attack { rerolls: 0 });
    assert_eq!(g.to_act(&st), 1);
    let brute = st.core.zones.get(z(0, Zone::Battlefield))[0];
    match g.policy(&st, Level::Quick) {
        Action::Play { card, target } => {
            assert_eq!(g.copy_name(card), "Rubber Duck Curse");
            assert_eq!(target, Some(brute));
        }
        a => panic!("quick played {a:?}"),
    }
    assert_eq!(g.policy(&st, Level::Goldfish), Action::Pass);
}

const PUP: (&str, &str, &str) = ("Pup", "creature", "");
const COUNTER: (&str, &str, &str) = (
    "Oh No You Don't!",
    "spell",
    "Play only in response to a spell: that spell fizzles and goes to the graveyard.",
);

/// Issue 27, a lethal threat it can answer: at 2 life, two pups (hitting
/// for 1, each too small to be worth a rubber duck on its own) attack; the
/// quick defender makes one a rubber duck before the dice are rolled, and
/// lives whatever they roll. The racer lets them roll.
#[test]
fn dd_ai_quick_ducks_an_attacker_when_the_attack_could_be_lethal() {
    let cat = catalog(&[DUCK, PUP]);
    let g = game(&cat, &[(0, 10), (1, 20)], Some(&[(0, 10), (1, 20)]));
    let mut st = position(&g, &[], &["Pup", "Pup"], &[]);
    st.flags.fill(0);
    st.core.life[1] = 2;
    put(&g, &mut st, 1, "Rubber Duck Curse", Zone::Deck, Zone::Hand);
    g.apply(&mut st, Action::Attack { rerolls: 0 }).unwrap();
    assert_eq!(st.phase, Phase::Attack { rerolls: 0 });
    assert_eq!(g.to_act(&st), 1);
    let pups: Vec<u16> = st.core.zones.get(z(0, Zone::Battlefield)).to_vec();
    match g.policy(&st, Level::Quick) {
        Action::Play { card, target } => {
            assert_eq!(g.copy_name(card), "Rubber Duck Curse");
            assert!(target.is_some_and(|t| pups.contains(&t)), "{target:?}");
        }
        a => panic!("quick played {a:?}"),
    }
    assert_eq!(g.policy(&st, Level::Goldfish), Action::Pass);
    // at 3 life the same attack cannot kill: the duck is kept
    st.core.life[1] = 3;
    assert_eq!(g.policy(&st, Level::Quick), Action::Pass);
}

/// Issue 27: with a counter in hand and the other side holding cards, the
/// last play of the turn is kept to counter the burn that side casts when
/// this turn ends, unless the play is worth more (a creature is); the
/// racer plays its spell.
#[test]
fn dd_ai_quick_keeps_its_last_play_for_a_counter() {
    let draw = ("Royal Shuffle", "spell", "Draw 2 cards.");
    let cat = catalog(&[COUNTER, FIREBALL, draw, BRUTE]);
    let g = game(
        &cat,
        &[(0, 5), (1, 5), (2, 10), (3, 10)],
        Some(&[(0, 5), (1, 5), (2, 10), (3, 10)]),
    );
    let mut st = position(&g, &["Oh No You Don't!", "Royal Shuffle"], &[], &[]);
    put(&g, &mut st, 1, "Fireball", Zone::Deck, Zone::Hand);
    st.plays = 1;
    assert_eq!(g.policy(&st, Level::Quick), Action::Next);
    assert!(matches!(
        g.policy(&st, Level::Goldfish),
        Action::Play { card, .. } if g.copy_name(card) == "Royal Shuffle"
    ));
    // with two plays left the Shuffle is played
    st.plays = 0;
    assert!(matches!(
        g.policy(&st, Level::Quick),
        Action::Play { card, .. } if g.copy_name(card) == "Royal Shuffle"
    ));
    // and a creature hitting for 2 is worth the last play
    st.plays = 1;
    put(&g, &mut st, 0, "Brute", Zone::Deck, Zone::Hand);
    assert!(matches!(
        g.policy(&st, Level::Quick),
        Action::Play { card, .. } if g.copy_name(card) == "Brute"
    ));
}

/// Issue 27: the Bonus Draw never trades in a counter (the racer, which
/// has no use for one in a race, does); a rubber duck goes instead.
#[test]
fn dd_ai_quick_keeps_its_counters_on_the_bonus_draw() {
    let cat = catalog(&[COUNTER, DUCK, FIREBALL]);
    let g = game(
        &cat,
        &[(0, 10), (1, 10), (2, 10)],
        Some(&[(0, 10), (1, 10), (2, 10)]),
    );
    let mut st = position(&g, &[], &[], &[]);
    g.apply(&mut st, Action::Next).unwrap();
    assert_eq!(st.phase, Phase::Window { by: 1 });
    put(&g, &mut st, 1, "Oh No You Don't!", Zone::Deck, Zone::Hand);
    assert!(matches!(
        g.policy(&st, Level::Goldfish),
        Action::BonusDraw { card } if g.copy_name(card) == "Oh No You Don't!"
    ));
    assert_eq!(g.policy(&st, Level::Quick), Action::Pass);
    put(&g, &mut st, 1, "Rubber Duck Curse", Zone::Deck, Zone::Hand);
    assert!(matches!(
        g.policy(&st, Level::Quick),
        Action::BonusDraw { card } if g.copy_name(card) == "Rubber Duck Curse"
    ));
}
