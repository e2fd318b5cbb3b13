//! Engine invariants (issue 5), as property tests:
//! - no card is lost or duplicated across zones in any game, checked after
//!   every action of random legal play;
//! - every action the engine lists is accepted, and the policy's choice is
//!   always one of them;
//! - the same seed gives the same game;
//! - decks of identical vanilla cards give the kill turn computed by hand;
//! - a run's result does not depend on the number of threads; progress and
//!   cancel work.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use deckwright::catalog;
use deckwright::decklist;
use deckwright::engine::core::{Outcome, Seat};
use deckwright::engine::run::{Progress, RunConfig, RunError};
use deckwright::engine::session::{Engine, EngineOptions, Session};
use deckwright::model::{Card, Catalog, Deck, DeckEntry, Effect, FieldValue, GameId, Trigger};
use proptest::prelude::*;

const SAMPLES: [(&str, &str); 6] = [
    ("fuzzycards", "fuzzycards-beatdown.txt"),
    ("fuzzycards", "fuzzycards-wisdom-wall.txt"),
    ("dice-of-destiny", "dice-of-destiny-yellow-spells.txt"),
    ("bizarre-world", "bizarre-world-crafted-rocks.txt"),
    ("bizarre-world", "bizarre-world-random-pile.txt"),
    ("rizontical", "rizontical-akasha-guard.txt"),
];

fn sample(i: usize) -> Engine {
    let (game, deck) = SAMPLES[i];
    let root = crate::support::root().join("resources");
    let cat = catalog::load(&root.join("catalogs").join(format!("{game}.toml")))
        .unwrap()
        .catalog;
    let deck = decklist::load(&root.join("decks").join(deck)).unwrap();
    Engine::new(&cat, &deck, &EngineOptions::default()).unwrap()
}

pub(crate) fn seat(second: bool) -> Seat {
    if second { Seat::Second } else { Seat::First }
}

/// Plays `steps` actions: a random legal one, or (when `policy` picks it) the
/// policy's; checks conservation and the listed-iff-accepted property after
/// every action.
pub(crate) fn random_play(s: &mut Session, picks: &[(bool, u16)]) -> Result<(), TestCaseError> {
    s.invariants().map_err(TestCaseError::fail)?;
    for &(use_policy, pick) in picks {
        if s.outcome().is_some() {
            break;
        }
        let choices = s.choices();
        prop_assert!(!choices.is_empty(), "a running game always has an action");
        let hint = s.hint().expect("running");
        prop_assert!(
            choices.iter().any(|c| c.action == hint.action),
            "the policy's {:?} is not listed",
            hint.action
        );
        let action = if use_policy {
            hint.action
        } else {
            choices[usize::from(pick) % choices.len()].action.clone()
        };
        s.apply(&action)
            .map_err(|e| TestCaseError::fail(format!("listed action {action:?} refused: {e}")))?;
        s.invariants().map_err(TestCaseError::fail)?;
    }
    Ok(())
}

/// Two-player games: (game, deck A, deck B), both seats played.
pub(crate) const VERSUS: [(&str, &str, &str); 6] = [
    (
        "dice-of-destiny",
        "dice-of-destiny-chicken-rush.txt",
        "dice-of-destiny-yellow-spells.txt",
    ),
    (
        "bizarre-world",
        "bizarre-world-crafted-rocks.txt",
        "bizarre-world-crafted-rocks.txt",
    ),
    (
        "bizarre-world",
        "bizarre-world-random-pile.txt",
        "bizarre-world-random-pile.txt",
    ),
    (
        "rizontical",
        "rizontical-akasha-guard.txt",
        "rizontical-ember-push.txt",
    ),
    (
        "fuzzycards",
        "fuzzycards-beatdown.txt",
        "fuzzycards-wisdom-wall.txt",
    ),
    (
        "fuzzycards",
        "fuzzycards-wisdom-wall.txt",
        "fuzzycards-beatdown.txt",
    ),
];

pub(crate) fn versus(i: usize) -> Engine {
    let (game, a, b) = VERSUS[i];
    let root = crate::support::root().join("resources");
    let cat = catalog::load(&root.join("catalogs").join(format!("{game}.toml")))
        .unwrap()
        .catalog;
    let cards = |d: &str| {
        deckwright::engine::compile(&cat, &decklist::load(&root.join("decks").join(d)).unwrap())
            .unwrap()
    };
    let (ca, cb) = (cards(a), cards(b));
    Engine::versus(
        deckwright::engine::session::DeckSide {
            catalog: &cat,
            cards: &ca,
        },
        Some(deckwright::engine::session::DeckSide {
            catalog: &cat,
            cards: &cb,
        }),
        &EngineOptions::default(),
    )
    .unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Both seats act: every card of both decks stays in exactly one zone of
    /// its owner, whoever acts.
    #[test]
    fn two_player_games_conserve_both_decks(
        pair in 0..VERSUS.len(),
        seed in any::<u64>(),
        second in any::<bool>(),
        picks in prop::collection::vec((prop::bool::weighted(0.4), any::<u16>()), 1..300),
    ) {
        let engine = versus(pair);
        let mut s = engine.session(seed, seat(second));
        random_play(&mut s, &picks)?;
        while s.undo() {}
        s.invariants().map_err(TestCaseError::fail)?;
    }

    #[test]
    fn cards_are_conserved_under_random_play(
        deck in 0..SAMPLES.len(),
        seed in any::<u64>(),
        second in any::<bool>(),
        picks in prop::collection::vec((prop::bool::weighted(0.4), any::<u16>()), 1..250),
    ) {
        let engine = sample(deck);
        let mut s = engine.session(seed, seat(second));
        random_play(&mut s, &picks)?;
        // an undo restores a state that still conserves every card
        while s.undo() {}
        s.invariants().map_err(TestCaseError::fail)?;
    }

    #[test]
    fn the_same_seed_gives_the_same_game(deck in 0..SAMPLES.len(), seed in any::<u64>(), second in any::<bool>()) {
        let engine = sample(deck);
        let play = || {
            let mut s = engine.session(seed, seat(second));
            for _ in 0..2000 {
                if s.outcome().is_some() {
                    break;
                }
                s.apply(&s.hint().unwrap().action).unwrap();
            }
            (s.outcome(), s.log(), s.snapshot())
        };
        prop_assert_eq!(play(), play());
    }
}

// ---------------------------------------------------------------- vanilla decks

fn deck_of(cat: &Catalog, cards: &[(&str, u32)]) -> Deck {
    let _ = cat;
    Deck {
        name: "test".into(),
        game: None,
        entries: cards.iter().map(|(n, c)| DeckEntry::new(*c, *n)).collect(),
        ..Deck::default()
    }
}

fn fuzzy_hero(atk: i64, cost: i64, rush: bool) -> Engine {
    let mut cat = Catalog::new(GameId::Fuzzycards, "vanilla");
    let mut c = Card::new("Plain Hero", "hero");
    c.cost = Some(cost);
    for (k, v) in [("atk", atk), ("def", 3), ("hp", 5)] {
        c.fields.insert(k.into(), FieldValue::Int(v));
    }
    if rush {
        c.fields.insert(
            "keywords".into(),
            FieldValue::List(vec![FieldValue::Text("rush".into())]),
        );
    }
    cat.cards.push(c);
    let deck = deck_of(&cat, &[("Plain Hero", 30)]);
    Engine::new(&cat, &deck, &EngineOptions::default()).unwrap()
}

/// By hand: Energy +1 a turn, carried over (max 5); a vanilla Hero of cost c
/// is played whenever the Energy reaches c and the Vault has room; it
/// attacks from the next turn (Rush: the same turn) from the Altar, which
/// holds 3 attackers; each attack deals its full ATK to 33 Life.
fn fuzzy_by_hand(atk: u32, cost: u32, rush: bool) -> u16 {
    let (mut energy, mut heroes, mut life) = (0u32, Vec::<u32>::new(), 33i64);
    for turn in 1..=40u32 {
        energy = (energy + 1).min(5);
        // play as many as the Energy allows (at most 6 on the field)
        while energy >= cost && heroes.len() < 6 {
            energy -= cost;
            heroes.push(turn);
        }
        let ready = heroes.iter().filter(|&&t| t < turn || rush).count().min(3);
        life -= i64::from(atk) * ready as i64;
        if life <= 0 {
            return turn as u16;
        }
    }
    unreachable!("a vanilla beatdown always kills")
}

#[test]
fn fuzzy_by_hand_examples() {
    // the formula itself, against the sums written out
    assert_eq!(fuzzy_by_hand(5, 1, false), 5); // 5, 10 (15), 15 (30), 15 (45)
    assert_eq!(fuzzy_by_hand(5, 1, true), 4); // 5, 10 (15), 15 (30), 15 (45)
    assert_eq!(fuzzy_by_hand(5, 2, false), 7); // t3 5, t4 5, t5 10, t6 10, t7 15: 45
    assert_eq!(fuzzy_by_hand(11, 1, false), 3); // 11, 22 (33)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn fuzzycards_vanilla_heroes_kill_on_the_hand_computed_turn(
        atk in 3i64..=13,
        cost in 1i64..=2,
        rush in any::<bool>(),
        seed in any::<u64>(),
        second in any::<bool>(),
    ) {
        let engine = fuzzy_hero(atk, cost, rush);
        let want = fuzzy_by_hand(atk as u32, cost as u32, rush);
        let cfg = RunConfig { games: 3, seed, seat: seat(second), threads: Some(1) };
        let t = engine.tally(&cfg, &Progress::none(), true).unwrap();
        prop_assert_eq!(t.per_game, vec![want; 3]);
    }

    /// 36 Lazy Rocks (cost 2; exhaust 2: 2 attack): see the by-hand count in
    /// `bizarre_rocks_by_hand`.
    #[test]
    fn bizarre_world_identical_rocks_kill_on_the_hand_computed_turn(seed in any::<u64>(), second in any::<bool>()) {
        let engine = bizarre_rocks();
        let cfg = RunConfig { games: 2, seed, seat: seat(second), threads: Some(1) };
        let t = engine.tally(&cfg, &Progress::none(), true).unwrap();
        prop_assert_eq!(t.per_game, vec![bizarre_rocks_by_hand(second); 2]);
    }

    /// Dice: a kill needs 20 hits, so at least 20 dice; attackers on turn t
    /// are the 2(t-1) creatures played before it, t(t-1) dice by turn t.
    #[test]
    fn dice_vanilla_kills_need_twenty_dice(seed in any::<u64>(), second in any::<bool>()) {
        let engine = dice_vanilla();
        let cfg = RunConfig { games: 20, seed, seat: seat(second), threads: Some(1) };
        let t = engine.tally(&cfg, &Progress::none(), true).unwrap();
        for k in t.per_game {
            prop_assert!(k >= 5 && u32::from(k) * u32::from(k - 1) >= 20, "kill turn {}", k);
        }
    }
}

fn bizarre_rocks() -> Engine {
    let mut cat = Catalog::new(GameId::BizarreWorld, "rocks");
    let mut c = Card::new("Lazy Rock", "creature");
    c.cost = Some(2);
    c.fields
        .insert("resource".into(), FieldValue::Text("none".into()));
    c.effects = vec![
        Effect {
            on: Trigger::Activate,
            exhaust: 2,
            attack: 2,
            ..Effect::default()
        }
        .into(),
    ];
    cat.cards.push(c);
    let deck = deck_of(&cat, &[("Lazy Rock", 36)]);
    Engine::new(&cat, &deck, &EngineOptions::default()).unwrap()
}

/// By hand: 36 cards is a Long Duel (20 life). Turn 1 holds 6 cards (5 + the
/// draw): one Rock is kept and played (cost 2), five become resources. From
/// then on every drawn card is a resource: resources r_t = 5 + (t - 1), and
/// the Rock turns each 2 of them into 2 attack, minus the 2 spent on it on
/// turn 1. The starting player cannot attack on turn 1.
fn bizarre_rocks_by_hand(second: bool) -> u16 {
    let mut life = 20i64;
    for turn in 1..=40i64 {
        let resources = 5 + (turn - 1);
        let spare = if turn == 1 { resources - 2 } else { resources };
        let attack = (spare / 2) * 2;
        if turn == 1 && !second {
            continue;
        }
        life -= attack;
        if life <= 0 {
            return turn as u16;
        }
    }
    unreachable!()
}

fn dice_vanilla() -> Engine {
    let mut cat = Catalog::new(GameId::DiceOfDestiny, "plain");
    let mut c = Card::new("Plain Creature", "creature");
    c.fields
        .insert("colour".into(), FieldValue::Text("red".into()));
    cat.cards.push(c);
    let deck = deck_of(&cat, &[("Plain Creature", 30)]);
    Engine::new(&cat, &deck, &EngineOptions::default()).unwrap()
}

/// C(n, k) as f64.
fn c(n: u64, k: u64) -> f64 {
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

/// The exact kill-turn distribution of 30 vanilla creatures, by hand: two
/// creatures a turn (the hand never runs out: 6, then -2 +2), each attacking
/// from the next turn with one d6, even = 1 damage; hits by turn t are
/// Binomial(t(t-1), 1/2) (sums of binomials with the same p), and the
/// opponent falls at 20: P(kill <= t) = P(Bin(t(t-1), 1/2) >= 20).
#[test]
fn dice_vanilla_kill_turns_follow_the_binomial() {
    let p_by = |t: u64| -> f64 {
        let n = t * t.saturating_sub(1);
        (20..=n).map(|k| c(n, k)).sum::<f64>() / 2f64.powi(n as i32)
    };
    let games = 40_000u64;
    let engine = dice_vanilla();
    let cfg = RunConfig {
        games,
        seed: 2024,
        seat: Seat::First,
        threads: None,
    };
    let t = engine.tally(&cfg, &Progress::none(), false).unwrap();
    assert_eq!(t.wins, games);
    let mut cumulative = 0u64;
    let mut exact_mean = 0.0;
    for turn in 1..=12u64 {
        cumulative += t.kills.get(turn as usize).copied().unwrap_or(0);
        let observed = cumulative as f64 / games as f64;
        let exact = p_by(turn);
        exact_mean += turn as f64 * (exact - p_by(turn - 1));
        let se = (exact * (1.0 - exact) / games as f64).sqrt();
        assert!(
            (observed - exact).abs() <= 4.0 * se + 1e-9,
            "turn {turn}: {observed} vs {exact}"
        );
    }
    let mean = t
        .kills
        .iter()
        .enumerate()
        .map(|(k, n)| k as f64 * *n as f64)
        .sum::<f64>()
        / games as f64;
    assert!((mean - exact_mean).abs() < 0.02, "{mean} vs {exact_mean}");
}

#[test]
fn rizontical_identical_fighters_defeat_the_dummies_in_round_2() {
    let mut cat = Catalog::new(GameId::Rizontical, "riz");
    let mut entries = vec![("Numen", 1)];
    cat.cards.push(Card::new("Numen", "numen"));
    let names: Vec<String> = (0..8).map(|i| format!("Fighter {i}")).collect();
    for n in &names {
        let mut f = Card::new(n.clone(), "fighter");
        for (k, v) in [
            ("hp", 5),
            ("atk", 9),
            ("def", 0),
            ("mp", 2),
            ("range", 1),
            ("speed", 5),
        ] {
            f.fields.insert(k.into(), FieldValue::Int(v));
        }
        cat.cards.push(f);
    }
    let powers: Vec<String> = (0..30).map(|i| format!("Power {i}")).collect();
    for p in &powers {
        let mut c = Card::new(p.clone(), "power");
        c.cost = Some(1);
        c.fields
            .insert("category".into(), FieldValue::Text("normal".into()));
        cat.cards.push(c);
    }
    entries.extend(names.iter().map(|n| (n.as_str(), 1)));
    entries.extend(powers.iter().map(|n| (n.as_str(), 1)));
    let deck = deck_of(&cat, &entries);
    let engine = Engine::new(&cat, &deck, &EngineOptions::default()).unwrap();
    let cfg = RunConfig {
        games: 200,
        seed: 9,
        seat: Seat::First,
        threads: Some(2),
    };
    let t = engine.tally(&cfg, &Progress::none(), true).unwrap();
    // by hand (see the engine's unit test): 5 rows apart, MP 2, 8 damage a
    // hit against 8 HP: both dummies fall on round 2
    assert_eq!(t.per_game, vec![2; 200]);
}

// ---------------------------------------------------------------- runs

#[test]
fn results_do_not_depend_on_the_thread_count() {
    for (deck, (_, name)) in SAMPLES.iter().enumerate() {
        let engine = sample(deck);
        let run = |threads| {
            let cfg = RunConfig {
                games: 2500,
                seed: 31,
                seat: Seat::Second,
                threads: Some(threads),
            };
            engine.tally(&cfg, &Progress::none(), true).unwrap()
        };
        let one = run(1);
        assert_eq!(one, run(2), "{name}");
        assert_eq!(one, run(5), "{name}");
        assert_eq!(one.per_game.len(), 2500);
        assert_eq!(one.errors, 0);
    }
}

#[test]
fn progress_reaches_the_total_and_cancel_stops() {
    let engine = sample(0);
    let seen = AtomicU64::new(0);
    let cancel = AtomicBool::new(false);
    let report = |done: u64, total: u64| {
        assert_eq!(total, 5000);
        seen.fetch_max(done, Ordering::Relaxed);
    };
    let progress = Progress {
        on_progress: &report,
        cancel: &cancel,
    };
    let cfg = RunConfig {
        games: 5000,
        seed: 1,
        seat: Seat::First,
        threads: Some(2),
    };
    let s = engine.goldfish(&cfg, &progress).unwrap();
    assert_eq!(s.games, 5000);
    assert_eq!(seen.load(Ordering::Relaxed), 5000);
    cancel.store(true, Ordering::Relaxed);
    match engine.goldfish(&cfg, &progress) {
        Err(RunError::Cancelled { done, total }) => assert_eq!((done, total), (0, 5000)),
        other => panic!("{other:?}"),
    }
}

#[test]
fn every_outcome_is_reported() {
    // a deck that cannot deal damage: every game runs into the turn limit
    let mut cat = Catalog::new(GameId::DiceOfDestiny, "duds");
    let mut c = Card::new("Dud", "spell");
    c.fields
        .insert("colour".into(), FieldValue::Text("grey".into()));
    cat.cards.push(c);
    let deck = deck_of(&cat, &[("Dud", 30)]);
    let engine = Engine::new(
        &cat,
        &deck,
        &EngineOptions {
            max_turns: 12,
            ..EngineOptions::default()
        },
    )
    .unwrap();
    let cfg = RunConfig {
        games: 50,
        seed: 1,
        seat: Seat::First,
        threads: Some(1),
    };
    let s = engine.goldfish(&cfg, &Progress::none()).unwrap();
    assert_eq!((s.wins, s.unfinished), (0, 50));
    assert_eq!(s.kill_turn.mean, None);
    assert_eq!(s.curves.turns.len(), 12);
    let mut session = engine.session(1, Seat::First);
    while session.outcome().is_none() {
        session.finish_turn().unwrap();
    }
    assert_eq!(session.outcome(), Some(Outcome::Unfinished { turn: 12 }));
}
