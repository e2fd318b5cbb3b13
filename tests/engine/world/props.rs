//! Properties of the Strange World solo engine over many seeded games of the
//! sample box (`resources/catalogs/strange-world.toml`): every game ends with
//! a full 4×4 World and every card accounted for, the same seed replays the
//! same game, refused actions change nothing, the players never use hidden
//! cards, and runs do not depend on the number of threads.

use std::path::Path;
use std::sync::atomic::AtomicBool;

use proptest::prelude::*;

use deckwright::catalog;
use deckwright::engine::solo::{
    Action, Components, GRID, Player, PlayerKind, Pos, RandomPlayer, RunConfig, SearchPlayer, Side,
    Solo, SoloGame, WorldShape, parse_world, play, play_score, run_many, score,
};
use deckwright::model::Catalog;

fn sample() -> (Catalog, Components) {
    let path = crate::support::root().join("resources/catalogs/strange-world.toml");
    let cat = catalog::load(&path).unwrap().catalog;
    let c = Components::with_defaults(&cat).unwrap();
    (cat, c)
}

/// Plays a game with random legal actions; checks conservation after every step.
fn random_game(c: &Components, seed: u64) -> Solo {
    let mut s = Solo::deal(c, seed).unwrap();
    let mut p = RandomPlayer::new(seed ^ 0x55);
    let mut dealt = s.all_cards();
    dealt.sort_unstable();
    let mut steps = 0;
    while !s.is_finished() {
        let a = p.choose(&s, c).expect("a legal action until the end");
        s.apply(c, a, &mut ())
            .expect("random legal actions are legal");
        let mut now = s.all_cards();
        now.sort_unstable();
        assert_eq!(now, dealt, "seed {seed}: a card appeared or vanished");
        steps += 1;
        assert!(steps < 200, "seed {seed}: the game does not end");
    }
    s
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_legal_play_ends_with_a_full_world_and_every_card(seed in any::<u64>()) {
        let (_, c) = sample();
        let s = random_game(&c, seed);
        let w = s.world();
        prop_assert!(w.is_complete());
        prop_assert_eq!(w.len(), 16);
        // 21 tier-1 Lands: 15 in the World, 6 in the two stacks left over
        let tier1: Vec<u8> = s
            .all_cards()
            .into_iter()
            .filter(|&l| c.land(l).tier == Some(1))
            .collect();
        prop_assert_eq!(tier1.len(), 21);
        let mut sorted = tier1.clone();
        sorted.sort_unstable();
        sorted.dedup();
        prop_assert_eq!(sorted.len(), 21);
        let starting = w.cells().filter(|(_, cell)| c.land(cell.card).starting).count();
        prop_assert_eq!(starting, 1);
        prop_assert_eq!(s.stacks().filter(|v| !v.taken).count(), 2);
        prop_assert!(w.travellers().len() <= 3);
        let fumaroles = w.cells().filter(|(_, cell)| cell.fumarole).count();
        prop_assert_eq!(fumaroles + usize::from(s.fumaroles_left()), usize::from(c.fumaroles));
        // every Dark City joins two adjacent Fumaroles
        for d in w.dark_cities() {
            let (a, b) = d.junction.unwrap();
            prop_assert!(a.neighbours().any(|n| n == b));
            prop_assert!(w.cell(a).unwrap().fumarole && w.cell(b).unwrap().fumarole);
        }
    }

    #[test]
    fn a_finished_world_scores_the_same_after_writing_and_reading(seed in any::<u64>()) {
        let (cat, c) = sample();
        let s = random_game(&c, seed);
        let text = WorldShape::of(s.world(), &c).to_toml();
        let back = parse_world(&text, Path::new("w.toml"), &cat, &c)
            .unwrap_or_else(|e| panic!("{text}\n{e}"));
        prop_assert_eq!(score(&back.world, &c), score(s.world(), &c));
        // a World that came out of a game breaks no placement rule
        prop_assert!(back.warnings.is_empty(), "{:?}\n{}", back.warnings, text);
    }

    #[test]
    fn any_action_is_legal_exactly_when_listed_and_refusals_change_nothing(
        seed in any::<u64>(),
        moves in 0usize..30,
        picks in proptest::collection::vec((0u8..9, 0u8..7, 0u8..7, 0u8..30, any::<bool>()), 40),
    ) {
        let (_, c) = sample();
        let mut s = Solo::deal(&c, seed).unwrap();
        let mut p = RandomPlayer::new(seed);
        for _ in 0..moves {
            if s.is_finished() { break; }
            let a = p.choose(&s, &c).unwrap();
            s.apply(&c, a, &mut ()).unwrap();
        }
        let mut legal = Vec::new();
        s.legal_actions(&c, &mut legal);
        for (kind, x, y, card, flag) in picks {
            let pos = Pos::new(x, y).unwrap();
            let a = match kind {
                0 => Action::TakeStack { stack: x },
                1..=3 => Action::Place { card, at: pos },
                4 => Action::Welcome {
                    traveller: card % 8,
                    side: if flag { Side::Left } else { Side::Right },
                    upper: y.min(GRID) as i8 - 1,
                },
                5 => Action::Decline,
                6 | 7 => Action::Erupt { at: pos },
                _ => Action::Join { with: pos },
            };
            let mut t = s;
            let r = t.apply(&c, a, &mut ());
            prop_assert_eq!(r.is_ok(), legal.contains(&a), "{:?} in {:?}", a, s.phase());
            if r.is_err() {
                prop_assert_eq!(t, s);
            }
        }
        for a in legal {
            let mut t = s;
            prop_assert!(t.apply(&c, a, &mut ()).is_ok());
        }
    }
}

#[test]
fn same_seed_same_game_for_every_player() {
    let (_, c) = sample();
    for &kind in <PlayerKind as strum::VariantArray>::VARIANTS {
        for seed in [1u64, 99, 123_456_789] {
            let a = play(&c, kind, seed).unwrap();
            let b = play(&c, kind, seed).unwrap();
            assert_eq!(a.steps, b.steps, "{kind:?} seed {seed}");
            assert_eq!(a.score, b.score);
            assert_eq!(a.deal, b.deal);
            assert_eq!(play_score(&c, kind, seed).unwrap(), a.score);
        }
    }
    assert_ne!(
        play(&c, PlayerKind::Greedy, 1).unwrap().deal,
        play(&c, PlayerKind::Greedy, 2).unwrap().deal
    );
}

#[test]
fn players_never_use_hidden_cards() {
    // Redealing the face-down cards gives a position the player cannot tell
    // from the real one: it must choose the same action.
    let (_, c) = sample();
    for seed in 0..12u64 {
        let mut s = Solo::deal(&c, seed).unwrap();
        let mut driver = RandomPlayer::new(seed);
        for step in 0..(seed as usize * 3 % 40) {
            if s.is_finished() {
                break;
            }
            let a = driver.choose(&s, &c).unwrap();
            s.apply(&c, a, &mut ()).unwrap();
            let _ = step;
        }
        if s.is_finished() {
            continue;
        }
        let mut other = s;
        other.redeal_hidden(&c, &mut deckwright::engine::rng(seed + 1000));
        for kind in [PlayerKind::Greedy, PlayerKind::Search] {
            let mut p1 = kind.make(7);
            let mut p2 = kind.make(7);
            assert_eq!(
                p1.choose(&s, &c),
                p2.choose(&other, &c),
                "{kind:?} seed {seed} in {:?}",
                s.phase()
            );
        }
    }
}

#[test]
fn runs_do_not_depend_on_the_number_of_threads() {
    let (_, c) = sample();
    let cfg = RunConfig {
        games: 40,
        seed: 2024,
        player: PlayerKind::Greedy,
    };
    let cancel = AtomicBool::new(false);
    let run = |threads: usize| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| run_many(&c, cfg, &|_, _| {}, &cancel).unwrap())
    };
    let one = run(1);
    let two = run(2);
    assert_eq!(one, two);
    assert_eq!(one.games, 40);
    assert_eq!(one.histogram.values().sum::<usize>(), 40);
    assert_eq!(one.ratings.iter().map(|r| r.games).sum::<usize>(), 40);
    // the best game replays alone from its seed
    assert_eq!(
        play_score(&c, PlayerKind::Greedy, one.max_seed)
            .unwrap()
            .total,
        one.max
    );
}

#[test]
fn a_cancelled_run_stops_and_says_so() {
    let (_, c) = sample();
    let cancel = AtomicBool::new(true);
    let cfg = RunConfig {
        games: 1000,
        seed: 1,
        player: PlayerKind::Random,
    };
    let s = run_many(&c, cfg, &|_, _| {}, &cancel).unwrap();
    assert!(s.cancelled);
    assert!(s.games < 1000);
}

#[test]
fn progress_reaches_the_total() {
    let (_, c) = sample();
    let seen = std::sync::Mutex::new(Vec::new());
    let cfg = RunConfig {
        games: 25,
        seed: 5,
        player: PlayerKind::Random,
    };
    run_many(
        &c,
        cfg,
        &|done, total| seen.lock().unwrap().push((done, total)),
        &AtomicBool::new(false),
    )
    .unwrap();
    let mut seen = seen.into_inner().unwrap();
    seen.sort_unstable();
    assert_eq!(seen.len(), 25);
    assert_eq!(seen.last(), Some(&(25, 25)));
}

#[test]
fn search_beats_greedy_beats_random_on_the_same_deals() {
    // The full 10,000-game comparison is in benches/solo.rs and the report;
    // this checks the order on 60 shared deals.
    let (_, c) = sample();
    let mean = |kind| {
        (0..60u64)
            .map(|s| f64::from(play_score(&c, kind, s).unwrap().total))
            .sum::<f64>()
            / 60.0
    };
    let (r, g, s) = (
        mean(PlayerKind::Random),
        mean(PlayerKind::Greedy),
        mean(PlayerKind::Search),
    );
    assert!(r < g && g < s, "random {r}, greedy {g}, search {s}");
}

#[test]
fn solo_game_undo_and_hint() {
    let (_, c) = sample();
    let mut g = SoloGame::new(&c, 77).unwrap();
    let start = *g.state();
    let hint = g.hint(&c).expect("a hint at the start");
    assert!(g.legal_actions(&c).contains(&hint));
    assert_eq!(g.hint(&c), Some(hint), "hints are reproducible");
    let events = g.apply(&c, hint).unwrap().to_vec();
    assert!(!events.is_empty());
    assert_ne!(*g.state(), start);
    assert!(g.undo());
    assert_eq!(*g.state(), start);
    assert!(!g.undo());
    // play the whole game on hints: it ends, and the log has every step
    let mut n = 0;
    while let Some(a) = g.hint(&c) {
        g.apply(&c, a).unwrap();
        n += 1;
    }
    assert!(g.state().is_finished());
    assert_eq!(g.log().count(), n);
    assert!(g.score(&c).total > 0);
    let mut search = SearchPlayer::new(1);
    assert_eq!(search.choose(g.state(), &c), None);
}
