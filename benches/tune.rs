//! The tuner's measured outcome (issue 28): on a sample deck of each
//! two-player game, four of its cards (one copy each, drawn with a fixed
//! seed) are replaced by the catalog's weakest legal cards; `tune` then
//! searches with a time budget (default 5 minutes, every core) against the
//! unaltered deck, and the start, the weakened and the tuned decks play the
//! unaltered deck on fresh seeds (common to the three, never used by the
//! search). The figure: the share of the lost win rate the tuned deck wins
//! back (goal: at least half). Then the unaltered deck is tuned with a short
//! budget: the win rate it reports is never below the start's.
//!
//! "Weakest" is measured, not guessed: for each copy taken out, every
//! catalog card that keeps the deck legal takes its place in turn and plays
//! the unaltered deck on the same games; the one with the lowest win rate
//! goes in.
//!
//! `cargo bench --bench tune` (a plain binary: one run is minutes, not a
//! criterion sample). `DECKWRIGHT_TUNE_SECONDS` sets the budget (default
//! 300), `DECKWRIGHT_TUNE_GAMES` the fresh games a deck (default 10,000),
//! `DECKWRIGHT_TUNE_ONLY` one game's id.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a test or bench fails loudly on what it does not expect"
)]

use std::path::Path;
use std::time::{Duration, Instant};

use deckwright::catalog;
use deckwright::decklist;
use deckwright::engine::game::{FIXED_THINK, Level};
use deckwright::engine::matchup::{MatchConfig, Seats};
use deckwright::engine::run::Progress;
use deckwright::engine::session::{DeckSide, Engine, EngineOptions};
use deckwright::engine::tune::{Budget, Confirm, Opponent, Pool, TuneConfig, tune};
use deckwright::engine::{compile, validate};
use deckwright::model::{Board, Catalog, Deck, DeckEntry};
use deckwright::rules::CheckOptions;

/// (game id, sample deck file) for the four two-player games.
const SAMPLES: [(&str, &str); 4] = [
    ("dice-of-destiny", "dice-of-destiny-sample.cod"),
    ("fuzzycards", "fuzzycards-beatdown.txt"),
    ("bizarre-world", "bizarre-world-crafted-rocks.txt"),
    ("rizontical", "rizontical-ember-push.txt"),
];

/// Seeds: the copies removed, the weakness ranking, the search, the
/// fresh games of the measure.
const PICK_SEED: u64 = 28;
const RANK_SEED: u64 = 2_028;
const SEARCH_SEED: u64 = 7;
const MEASURE_SEED: u64 = 91_028;
/// Games a candidate plays when the weakest cards are ranked.
const RANK_GAMES: u64 = 400;

fn env_u64(key: &str, default: u64) -> u64 {
    std::env::var(key)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// `deck` against `opp` (quick on both sides) over `games` games from
/// `seed`: deck's win rate (draws count half).
fn win_rate(cat: &Catalog, deck: &Deck, opp: &Deck, games: u64, seed: u64) -> f64 {
    let (da, db) = (
        compile(cat, deck).expect("deck compiles"),
        compile(cat, opp).expect("opponent compiles"),
    );
    let engine = Engine::versus(
        DeckSide {
            catalog: cat,
            cards: &da,
        },
        Some(DeckSide {
            catalog: cat,
            cards: &db,
        }),
        &EngineOptions::default(),
    )
    .expect("engine");
    let r = engine
        .play_match(
            &MatchConfig {
                games,
                seed,
                levels: [Level::Quick; 2],
                think: [FIXED_THINK; 2],
                seats: Seats::Alternate,
                threads: None,
            },
            &Progress::none(),
        )
        .expect("match");
    (r.a.wins as f64 + 0.5 * r.draws as f64) / r.games as f64
}

fn legal(cat: &Catalog, deck: &Deck) -> bool {
    validate(cat, deck, &CheckOptions::default()).is_ok_and(|r| r.legal)
}

/// `deck` with one copy of `name` more (a new line when it has none).
fn with_card(deck: &Deck, name: &str) -> Deck {
    let mut d = deck.clone();
    match d
        .entries
        .iter_mut()
        .find(|e| e.board == Board::Main && e.name == name)
    {
        Some(e) => e.count += 1,
        None => d.entries.push(DeckEntry::new(1, name.to_string())),
    }
    d
}

/// `deck` with one copy of `name` less.
fn without_card(deck: &Deck, name: &str) -> Deck {
    let mut d = deck.clone();
    if let Some(i) = d
        .entries
        .iter()
        .position(|e| e.board == Board::Main && e.name == name)
    {
        d.entries[i].count -= 1;
        if d.entries[i].count == 0 {
            d.entries.remove(i);
        }
    }
    d
}

/// The sample weakened: four copies out (drawn with [`PICK_SEED`]), one at
/// a time, each replaced by the weakest card that keeps the deck legal.
/// Returns the deck and the swaps made.
fn weaken(cat: &Catalog, start: &Deck) -> (Deck, Vec<(String, String)>) {
    let mut copies: Vec<String> = start
        .entries
        .iter()
        .filter(|e| e.board == Board::Main)
        .flat_map(|e| std::iter::repeat_n(e.name.clone(), e.count as usize))
        .collect();
    // a fixed shuffle (xorshift), so the run can be repeated
    let mut x = PICK_SEED.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    for i in (1..copies.len()).rev() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        copies.swap(i, (x % (i as u64 + 1)) as usize);
    }
    let mut deck = start.clone();
    let mut swaps: Vec<(String, String)> = Vec::new();
    for out in copies {
        if swaps.len() == 4 {
            break;
        }
        // a card swapped in stays
        if swaps.iter().any(|(_, into)| *into == out) {
            continue;
        }
        let hole = without_card(&deck, &out);
        // every card that fills the hole legally, by its win rate there
        let weakest = cat
            .cards
            .iter()
            .filter(|c| c.name != out)
            .map(|c| (c.name.clone(), with_card(&hole, &c.name)))
            .filter(|(_, d)| legal(cat, d) && compile(cat, d).is_ok())
            .map(|(name, d)| (win_rate(cat, &d, start, RANK_GAMES, RANK_SEED), name, d))
            .min_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        if let Some((_, name, d)) = weakest {
            deck = d;
            swaps.push((out, name));
        }
    }
    assert_eq!(swaps.len(), 4, "four copies replaced");
    (deck, swaps)
}

fn main() {
    let seconds = env_u64("DECKWRIGHT_TUNE_SECONDS", 300);
    let games = env_u64("DECKWRIGHT_TUNE_GAMES", 10_000);
    let only = std::env::var("DECKWRIGHT_TUNE_ONLY").ok();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("resources");
    println!(
        "tune bench: {seconds} s budget, {} threads, {games} fresh games a deck",
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    println!(
        "| game | deck | start | weakened | tuned | recovered | search games | swaps in the answer |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    let mut unaltered = Vec::new();
    for (game, file) in SAMPLES {
        if only.as_deref().is_some_and(|o| o != game) {
            continue;
        }
        let cat: Catalog = catalog::load(&root.join("catalogs").join(format!("{game}.toml")))
            .expect("sample catalog")
            .catalog;
        let start = decklist::load(&root.join("decks").join(file)).expect("sample deck");
        let (weak, swaps) = weaken(&cat, &start);
        eprintln!("{game}: weakened by {swaps:?}");
        let cfg = |secs: u64| TuneConfig {
            level: Level::Quick,
            think: Level::Quick.fixed_think(),
            budget: Budget::Time(Duration::from_secs(secs)),
            seed: SEARCH_SEED,
            threads: None,
            proof_games: games,
            confirm: Confirm::Off,
            check: CheckOptions::default(),
            engine: EngineOptions::default(),
        };
        let opp = [Opponent {
            name: file.to_string(),
            deck: start.clone(),
        }];
        let began = Instant::now();
        let report = tune(
            &cat,
            &weak,
            &opp,
            &Pool::Catalog,
            &cfg(seconds),
            &Progress::none(),
        )
        .expect("tune");
        eprintln!("{game}: tuned in {:.0?}", began.elapsed());
        let w0 = win_rate(&cat, &start, &start, games, MEASURE_SEED);
        let ww = win_rate(&cat, &weak, &start, games, MEASURE_SEED);
        let wt = win_rate(&cat, &report.tuned, &start, games, MEASURE_SEED);
        let lost = w0 - ww;
        let recovered = if lost > 0.0 {
            (wt - ww) / lost
        } else {
            f64::NAN
        };
        let answer: Vec<String> = report
            .changes
            .iter()
            .map(|c| format!("-{} {} +{} {}", c.copies, c.out, c.copies, c.into))
            .collect();
        println!(
            "| {game} | {file} | {:.1}% | {:.1}% | {:.1}% | {:.0}% | {} | {} |",
            100.0 * w0,
            100.0 * ww,
            100.0 * wt,
            100.0 * recovered,
            report.search_games,
            if answer.is_empty() {
                "none proven".to_string()
            } else {
                answer.join(", ")
            }
        );
        // the unaltered deck: never reported below the start
        let short = (seconds / 5).max(10);
        let r = tune(
            &cat,
            &start,
            &opp,
            &Pool::Catalog,
            &cfg(short),
            &Progress::none(),
        )
        .expect("tune unaltered");
        assert!(
            r.after.value >= r.before.value,
            "{game}: reported below the start"
        );
        unaltered.push(format!(
            "{game}: unaltered, {short} s: before {:.1}%, after {:.1}% ({})",
            100.0 * r.before.value,
            100.0 * r.after.value,
            if r.suggested {
                "a change proven"
            } else {
                "no change proven"
            }
        ));
    }
    for line in unaltered {
        println!("{line}");
    }
}
