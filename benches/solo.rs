//! Strange World solo speed (issue 6): a greedy game in < 50 µs, 10,000
//! search-player games in < 60 s on 2 cores.
//!
//! `cargo bench --bench solo` times one game per player, scoring and move
//! generation with criterion. `SOLO_RUNS=10000 cargo bench --bench solo`
//! instead plays that many seeded games per player on all cores and prints
//! each player's score distribution and wall time (the figures in the report);
//! `SOLO_PLAYERS=greedy,search` limits it to some players.
//!
//! `SOLO_TUNE=1000 SOLO_CFG="op=2,nt=0.5;beam=16" cargo bench --bench solo`
//! compares search-player settings on the same 1,000 seeded games: the
//! default, then each `;`-separated variant (keys: `beam`, `samples`, `nt`
//! next_turn, `rr` rerank, and the weights `li` lake_inside, `lo`
//! lake_outside, `wb` watcher_below, `op` open_portal, `ff` free_fumarole,
//! `tp` traveller_progress). This is how the defaults were chosen.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a test or bench fails loudly on what it does not expect"
)]

use std::hint::black_box;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use criterion::Criterion;
use deckwright::catalog;
use deckwright::engine::solo::{
    Components, PlayerKind, RunConfig, Solo, for_each_move, play_score, run_many, score,
};

fn sample() -> Components {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("resources/catalogs/strange-world.toml");
    let cat = catalog::load(&path).expect("sample catalog").catalog;
    Components::with_defaults(&cat).expect("components")
}

fn bench(cr: &mut Criterion) {
    let c = sample();
    let mut seed = 0u64;
    cr.bench_function("solo: one greedy game", |b| {
        b.iter(|| {
            seed += 1;
            play_score(&c, PlayerKind::Greedy, black_box(seed)).expect("game")
        })
    });
    cr.bench_function("solo: one random game", |b| {
        b.iter(|| {
            seed += 1;
            play_score(&c, PlayerKind::Random, black_box(seed)).expect("game")
        })
    });
    let mut g = cr.benchmark_group("solo search");
    g.sample_size(20);
    g.bench_function("solo: one search game", |b| {
        b.iter(|| {
            seed += 1;
            play_score(&c, PlayerKind::Search, black_box(seed)).expect("game")
        })
    });
    g.finish();
    let end = {
        let mut s = Solo::deal(&c, 9).expect("deal");
        let mut p = PlayerKind::Greedy.make(9);
        while let Some(a) = p.choose(&s, &c) {
            s.apply(&c, a, &mut ()).expect("legal");
        }
        s
    };
    cr.bench_function("solo: score a finished World", |b| {
        b.iter(|| score(black_box(end.world()), &c))
    });
    let mid = {
        let mut s = Solo::deal(&c, 11).expect("deal");
        let mut p = PlayerKind::Greedy.make(11);
        // into turn 3, with the two revealed cards of the stack in hand
        while s.turn() < 3 || !s.hand_revealed() || s.hand().count() < 2 {
            let a = p.choose(&s, &c).expect("action");
            s.apply(&c, a, &mut ()).expect("legal");
        }
        s
    };
    cr.bench_function("solo: every move of a mid-game hand, scored", |b| {
        b.iter(|| {
            let mut n = 0u32;
            for_each_move(black_box(&mid), &c, &mut |_, after| {
                n += score(after.world(), &c).total
            });
            n
        })
    });
}

/// Plays `n` games per player on all cores; prints distributions and times.
fn runs(n: usize) {
    let c = sample();
    println!(
        "{n} seeded games per player (seed 2024), {} threads",
        rayon::current_num_threads()
    );
    let only = std::env::var("SOLO_PLAYERS").unwrap_or_default();
    for &player in <PlayerKind as strum::VariantArray>::VARIANTS {
        if !only.is_empty() && !only.split(',').any(|p| p == player.as_str()) {
            continue;
        }
        let t = Instant::now();
        let s = run_many(
            &c,
            RunConfig {
                games: n,
                seed: 2024,
                player,
            },
            &|_, _| {},
            &AtomicBool::new(false),
        )
        .expect("run");
        let secs = t.elapsed().as_secs_f64();
        println!(
            "{:>7}: mean {:.2} median {} sd {:.2} min {} max {} | {:.2} s ({:.1} µs/game)",
            player.as_str(),
            s.mean,
            s.median,
            s.std_dev,
            s.min,
            s.max,
            secs,
            secs * 1e6 / n as f64
        );
        let p = &s.parts;
        println!(
            "         parts: mountains {:.2} lakes {:.2} animals {:.2} swamps {:.2} dark cities {:.2} watchers {:.2} travellers {:.2}",
            p.mountains, p.lakes, p.animals, p.swamps, p.dark_cities, p.watchers, p.travellers
        );
        let bands: Vec<String> = s
            .ratings
            .iter()
            .map(|r| format!("{} {}", r.band, r.games))
            .collect();
        println!("         ratings: {}", bands.join(", "));
    }
}

/// Compares search settings on shared seeds (`SOLO_TUNE`, `SOLO_CFG`).
fn tune() {
    use deckwright::engine::solo::{Player, SearchConfig, SearchPlayer};
    use rayon::prelude::*;
    let c = sample();
    let n: u64 = std::env::var("SOLO_TUNE")
        .ok()
        .and_then(|v| v.parse().ok())
        .expect("SOLO_TUNE=<games>");
    let base = SearchConfig::default();
    let mut configs: Vec<(String, SearchConfig)> = vec![("default".into(), base)];
    let spec = std::env::var("SOLO_CFG").unwrap_or_default();
    for item in spec.split(';').filter(|x| !x.is_empty()) {
        let mut cfg = base;
        for kv in item.split(',') {
            let (k, v) = kv.split_once('=').expect("key=value");
            let f: f32 = v.parse().expect("a number");
            match k {
                "beam" => cfg.beam = f as usize,
                "samples" => cfg.samples = f as usize,
                "li" => cfg.weights.lake_inside = f,
                "lo" => cfg.weights.lake_outside = f,
                "wb" => cfg.weights.watcher_below = f,
                "op" => cfg.weights.open_portal = f,
                "ff" => cfg.weights.free_fumarole = f,
                "tp" => cfg.weights.traveller_progress = f,
                "nt" => cfg.next_turn = f,
                "rr" => cfg.rerank = f as usize,
                _ => panic!("unknown SOLO_CFG key {k}"),
            }
        }
        configs.push((item.to_string(), cfg));
    }
    for (name, cfg) in configs {
        let t = Instant::now();
        let total: u64 = (0..n)
            .into_par_iter()
            .map(|i| {
                let seed = deckwright::engine::game_seed(77, i);
                let mut s = Solo::deal(&c, seed).unwrap();
                let mut p = SearchPlayer::with_config(seed ^ 1, cfg);
                while let Some(a) = p.choose(&s, &c) {
                    s.apply(&c, a, &mut ()).unwrap();
                }
                u64::from(score(s.world(), &c).total)
            })
            .sum();
        println!(
            "{name:<40} mean {:.3}  {:.2}s",
            total as f64 / n as f64,
            t.elapsed().as_secs_f64()
        );
    }
}

fn main() {
    if std::env::var("SOLO_TUNE").is_ok() {
        tune();
        return;
    }
    if let Some(n) = std::env::var("SOLO_RUNS")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
    {
        runs(n);
        return;
    }
    let mut cr = Criterion::default().configure_from_args();
    bench(&mut cr);
    cr.final_summary();
}
