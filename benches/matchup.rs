//! Two-player speed (issue 11): complete computer-against-computer games of
//! the sample decks on one core, the quick player on both sides (goal: at
//! least 10,000 games a second for Dice of Destiny and Fuzzycards), and the
//! strong player's games (it plays every candidate move out in sampled
//! worlds, so it is hundreds of times slower). Throughputs are games per
//! second.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a test or bench fails loudly on what it does not expect"
)]

use std::path::Path;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use deckwright::catalog;
use deckwright::decklist;
use deckwright::engine::game::{FIXED_THINK, Level};
use deckwright::engine::matchup::{MatchConfig, Seats};
use deckwright::engine::run::Progress;
use deckwright::engine::session::{DeckSide, Engine, EngineOptions};
use deckwright::engine::{DeckCards, compile};
use deckwright::model::Catalog;

/// A sample deck of a sample catalog against another of the same catalog.
fn versus(game: &str, a: &str, b: &str) -> Engine {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("resources");
    let cat: Catalog = catalog::load(&root.join("catalogs").join(format!("{game}.toml")))
        .expect("sample catalog")
        .catalog;
    let deck = |name: &str| -> DeckCards {
        let list = decklist::load(&root.join("decks").join(name)).expect("sample deck");
        compile(&cat, &list).expect("deck compiles")
    };
    let (da, db) = (deck(a), deck(b));
    Engine::versus(
        DeckSide {
            catalog: &cat,
            cards: &da,
        },
        Some(DeckSide {
            catalog: &cat,
            cards: &db,
        }),
        &EngineOptions::default(),
    )
    .expect("engine")
}

fn bench(c: &mut Criterion, group: &str, name: &str, engine: &Engine, level: Level, games: u64) {
    let mut g = c.benchmark_group(group);
    g.throughput(Throughput::Elements(games));
    g.sample_size(10);
    let mut seed = 0u64;
    g.bench_function(name, |b| {
        b.iter(|| {
            seed += 1;
            let cfg = MatchConfig {
                games,
                seed,
                levels: [level; 2],
                think: [FIXED_THINK; 2],
                seats: Seats::Alternate,
                threads: Some(1),
            };
            let r = engine.play_match(&cfg, &Progress::none()).expect("match");
            assert_eq!(r.games, games);
        })
    });
    g.finish();
}

fn matchups(c: &mut Criterion) {
    let dd = versus(
        "dice-of-destiny",
        "dice-of-destiny-sample.cod",
        "dice-of-destiny-yellow-spells.txt",
    );
    bench(
        c,
        "match quick vs quick, one core",
        "dice-of-destiny",
        &dd,
        Level::Quick,
        2000,
    );
    bench(
        c,
        "match strong vs strong, one core",
        "dice-of-destiny",
        &dd,
        Level::Strong,
        10,
    );
    let fz = versus(
        "fuzzycards",
        "fuzzycards-beatdown.txt",
        "fuzzycards-wisdom-wall.txt",
    );
    bench(
        c,
        "match quick vs quick, one core",
        "fuzzycards",
        &fz,
        Level::Quick,
        2000,
    );
    let bw = versus(
        "bizarre-world",
        "bizarre-world-crafted-rocks.txt",
        "bizarre-world-crafted-rocks.txt",
    );
    bench(
        c,
        "match quick vs quick, one core",
        "bizarre-world",
        &bw,
        Level::Quick,
        2000,
    );
    // Rizontical's games are longer: a round has up to eight Fighter turns
    let rz = versus(
        "rizontical",
        "rizontical-ember-push.txt",
        "rizontical-ember-push.txt",
    );
    bench(
        c,
        "match quick vs quick, one core",
        "rizontical",
        &rz,
        Level::Quick,
        500,
    );
}

criterion_group!(benches, matchups);
criterion_main!(benches);
