//! Engine speed goals (issue 5): at least 500,000 goldfish games a second on
//! one core for a 30-card vanilla Dice of Destiny or Fuzzycards deck;
//! `goldfish --games 100000` in under 0.3 s (all cores); an exact odds query
//! in under 1 ms. Throughputs are reported in games (elements) per second.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a test or bench fails loudly on what it does not expect"
)]

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use deckwright::catalog;
use deckwright::decklist;
use deckwright::engine::core::Seat;
use deckwright::engine::dice::{self, DiceOfDestiny};
use deckwright::engine::fuzzycards::{self, Fuzzycards};
use deckwright::engine::game::{Level, Rules, play_out};
use deckwright::engine::odds::{self, Matcher, Query, Requirement};
use deckwright::engine::run::{Progress, RunConfig};
use deckwright::engine::session::DeckSide;
use deckwright::engine::session::{Engine, EngineOptions};
use deckwright::engine::{DeckCards, game_seed};
use deckwright::model::{Card, Catalog, FieldValue, GameId};

/// Games per measured iteration of the one-core benches.
const BATCH: u64 = 1000;

fn sample(game: &str, deck: &str) -> (Catalog, Engine) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("resources");
    let cat = catalog::load(&root.join("catalogs").join(format!("{game}.toml")))
        .expect("sample catalog")
        .catalog;
    let deck = decklist::load(&root.join("decks").join(deck)).expect("sample deck");
    let engine = Engine::new(&cat, &deck, &EngineOptions::default()).expect("engine");
    (cat, engine)
}

/// 30 vanilla Dice of Destiny creatures (no text, no effects).
fn vanilla_dice() -> DiceOfDestiny {
    let mut cat = Catalog::new(GameId::DiceOfDestiny, "bench");
    let mut c = Card::new("Plain Creature", "creature");
    c.fields
        .insert("colour".into(), FieldValue::Text("red".into()));
    cat.cards.push(c);
    DiceOfDestiny::new(
        DeckSide {
            catalog: &cat,
            cards: &DeckCards { cards: vec![0; 30] },
        },
        None,
        dice::Options::read(&[]).unwrap(),
        40,
    )
}

/// 30 vanilla Fuzzycards Heroes on a curve: 10 each of cost 1, 2 and 3.
fn vanilla_fuzzy() -> Fuzzycards {
    let mut cat = Catalog::new(GameId::Fuzzycards, "bench");
    for (cost, atk, hp) in [(1, 5, 5), (2, 7, 7), (3, 9, 10)] {
        let mut c = Card::new(format!("Plain Hero {cost}"), "hero");
        c.cost = Some(cost);
        for (k, v) in [("atk", atk), ("def", 4), ("hp", hp)] {
            c.fields.insert(k.into(), FieldValue::Int(v));
        }
        cat.cards.push(c);
    }
    let cards = (0..30).map(|i| (i / 10) as u16).collect();
    Fuzzycards::new(
        DeckSide {
            catalog: &cat,
            cards: &DeckCards { cards },
        },
        None,
        fuzzycards::Options::read(&[]).unwrap(),
        40,
    )
}

/// One core: `BATCH` games on one reused state.
fn one_core<S: Rules>(c: &mut Criterion, name: &str, sim: &S) {
    let mut g = c.benchmark_group("goldfish one core");
    g.throughput(Throughput::Elements(BATCH));
    let mut st = sim.new_state();
    let mut next = 0u64;
    g.bench_function(name, |b| {
        b.iter(|| {
            for _ in 0..BATCH {
                next += 1;
                black_box(
                    play_out(
                        sim,
                        &mut st,
                        game_seed(7, next),
                        Seat::First,
                        [Level::Goldfish; 2],
                    )
                    .expect("policy is legal"),
                );
            }
        })
    });
    g.finish();
}

fn goldfish(c: &mut Criterion) {
    one_core(c, "dice-of-destiny 30 vanilla creatures", &vanilla_dice());
    one_core(c, "fuzzycards 30 vanilla heroes", &vanilla_fuzzy());
    for (game, deck) in [
        ("dice-of-destiny", "dice-of-destiny-chicken-rush.txt"),
        ("fuzzycards", "fuzzycards-beatdown.txt"),
        ("bizarre-world", "bizarre-world-crafted-rocks.txt"),
        ("rizontical", "rizontical-akasha-guard.txt"),
    ] {
        let (_, engine) = sample(game, deck);
        let cfg = RunConfig {
            games: 10_000,
            seed: 1,
            seat: Seat::First,
            threads: Some(1),
        };
        let mut g = c.benchmark_group("goldfish sample deck, 1 thread");
        g.throughput(Throughput::Elements(cfg.games));
        g.sample_size(10);
        g.bench_function(deck, |b| {
            b.iter(|| black_box(engine.goldfish(&cfg, &Progress::none()).unwrap()))
        });
        g.finish();
    }
    // the CLI's `--games 100000` on every core, statistics included
    let (_, engine) = sample("dice-of-destiny", "dice-of-destiny-chicken-rush.txt");
    let cfg = RunConfig {
        games: 100_000,
        seed: 1,
        seat: Seat::First,
        threads: None,
    };
    let mut g = c.benchmark_group("goldfish 100000 games, all cores");
    g.throughput(Throughput::Elements(cfg.games));
    g.sample_size(10);
    g.bench_function("dice-of-destiny-chicken-rush", |b| {
        b.iter(|| black_box(engine.goldfish(&cfg, &Progress::none()).unwrap()))
    });
    let (_, fz) = sample("fuzzycards", "fuzzycards-beatdown.txt");
    g.bench_function("fuzzycards-beatdown", |b| {
        b.iter(|| black_box(fz.goldfish(&cfg, &Progress::none()).unwrap()))
    });
    g.finish();
}

fn exact_odds(c: &mut Criterion) {
    let (cat, engine) = sample("fuzzycards", "fuzzycards-beatdown.txt");
    let one = Query {
        requirements: vec![Requirement {
            matcher: Matcher::Card("Ember Cub".into()),
            at_least: 1,
        }],
        turn: 3,
        seat: Seat::First,
    };
    let filter =
        deckwright::engine::filter::Filter::parse("type=hero,cost<=2", GameId::Fuzzycards).unwrap();
    let multi = Query {
        requirements: vec![
            Requirement {
                matcher: Matcher::Card("Ember Cub".into()),
                at_least: 1,
            },
            Requirement {
                matcher: Matcher::Filter(filter),
                at_least: 3,
            },
            Requirement {
                matcher: Matcher::Card("Pounce!".into()),
                at_least: 2,
            },
        ],
        turn: 6,
        seat: Seat::Second,
    };
    let mut g = c.benchmark_group("odds");
    g.bench_function("one card, turns 0-6", |b| {
        b.iter(|| black_box(odds::odds(&cat, &engine, &one).unwrap()))
    });
    g.bench_function("three overlapping requirements, turns 0-6", |b| {
        b.iter(|| black_box(odds::odds(&cat, &engine, &multi).unwrap()))
    });
    g.bench_function("table: every card x turns 0-6", |b| {
        b.iter(|| black_box(odds::table(&cat, &engine, Seat::First, 1).unwrap()))
    });
    g.finish();
}

criterion_group!(benches, goldfish, exact_odds);
criterion_main!(benches);
