//! The computer players (issue 11), all in one place: their win rates
//! measured through `deckwright match` on the sample decks (here), and per
//! game their choices on hand-made positions and in whole games
//! ([`dice`], [`fuzzycards`], [`rizontical`], [`world`]). The floors sit well
//! below the measured rates (docs/performance.md, "The computer players") so a seed does not
//! decide a test, and well above what a policy that did not play to win
//! reaches.

mod bizarre;
mod dice;
mod fuzzycards;
mod rizontical;
mod world;

use crate::support::{Db, json, s, sample_catalog, sample_deck};

/// A's win rate over `games` games of `a` against `b` (Dice of Destiny deck
/// files under resources/decks), A at `level`, B at `level_b`.
fn win_rate(a: &str, b: &str, level: &str, level_b: &str, games: u32, seed: u32) -> f64 {
    win_rate_in("dice-of-destiny", a, b, level, level_b, games, seed)
}

fn win_rate_in(
    catalog: &str,
    a: &str,
    b: &str,
    level: &str,
    level_b: &str,
    games: u32,
    seed: u32,
) -> f64 {
    let (games, seed) = (games.to_string(), seed.to_string());
    let v = json(&Db::new().run(&[
        "match",
        "--catalog",
        s(&sample_catalog(catalog)),
        s(&sample_deck(a)),
        s(&sample_deck(b)),
        "--games",
        &games,
        "--seed",
        &seed,
        "--level",
        level,
        "--level-b",
        level_b,
        // searching levels think a fixed number of iterations: the same
        // games on any machine and load
        "--think-iterations",
        "240",
        "--json",
    ]));
    v["a"]["win_rate"].as_f64().unwrap()
}

const SAMPLE: &str = "dice-of-destiny-sample.cod";
const YELLOW: &str = "dice-of-destiny-yellow-spells.txt";

#[test]
fn quick_beats_a_random_player_on_the_sample_deck() {
    // measured 95.4% over 1,000 games
    let r = win_rate(SAMPLE, SAMPLE, "quick", "random", 400, 7);
    assert!(r >= 0.90, "quick won {r:.3} against random");
}

#[test]
fn quick_beats_the_goldfish_policy_with_spells() {
    // measured 73.0% over these 1,000 games of the spell deck's mirror (the
    // quick player before issue 27: 57.6% over 2,000): it plays the
    // creature worth most, keeps reroll spells for its own attack and
    // spends spare spells on life
    let r = win_rate(YELLOW, YELLOW, "quick", "goldfish", 1000, 5);
    assert!(r > 0.66, "quick won {r:.3} against goldfish");
}

#[test]
fn quick_beats_the_goldfish_racer_in_the_sample_mirror() {
    // issue 27's goal is 60%: measured 87.9% over these 2,000 games (84-88%
    // on other seeds; the quick player before issue 27: 53.8%) — it plays
    // its defenders and its rerolls before more cards, keeps its counters
    // and a play to cast one
    let r = win_rate(SAMPLE, SAMPLE, "quick", "goldfish", 2000, 17);
    assert!(r > 0.82, "quick won {r:.3} against goldfish");
}

#[test]
fn strong_beats_quick_and_random() {
    // measured 86% (100 games) against quick and 98.5% (200) against random
    let r = win_rate(YELLOW, YELLOW, "strong", "quick", 40, 11);
    assert!(r >= 0.6, "strong won {r:.3} against quick");
    let r = win_rate(SAMPLE, SAMPLE, "strong", "random", 30, 13);
    assert!(r >= 0.85, "strong won {r:.3} against random");
}

#[test]
fn strong_replays_from_its_seed() {
    let db = Db::new();
    let run = || {
        db.command()
            .arg("match")
            .arg("--catalog")
            .arg(sample_catalog("dice-of-destiny"))
            .arg(sample_deck(SAMPLE))
            .arg(sample_deck(YELLOW))
            .args(["--games", "8", "--seed", "21", "--level", "strong"])
            .args(["--think-iterations", "240"])
            .args(["--json"])
            .output()
            .unwrap()
            .stdout
    };
    let (a, b) = (run(), run());
    assert!(!a.is_empty());
    assert_eq!(a, b);
}

#[test]
fn bizarre_world_strong_beats_quick_and_goldfish() {
    // measured over 60 games each: 90% against quick, 86.7% against the
    // goldfish policy, 96.7% against random (quick alone: 95% against random,
    // about even with goldfish)
    let rocks = "bizarre-world-crafted-rocks.txt";
    let r = win_rate_in("bizarre-world", rocks, rocks, "strong", "goldfish", 24, 3);
    assert!(r >= 0.6, "strong won {r:.3} against goldfish");
    let r = win_rate_in("bizarre-world", rocks, rocks, "quick", "random", 300, 3);
    assert!(r >= 0.88, "quick won {r:.3} against random");
}

#[test]
fn fuzzycards_strong_beats_the_goldfish_policy() {
    // measured over 100 games of the sample mirror: 98% against goldfish,
    // 97% against quick, 100% against random (quick alone: 51% against
    // goldfish, 99% against random over 400)
    let deck = "fuzzycards-sample.dck";
    let r = win_rate_in("fuzzycards", deck, deck, "strong", "goldfish", 16, 5);
    assert!(r >= 0.75, "strong won {r:.3} against goldfish");
}

#[test]
fn the_computer_beats_a_random_player_in_a_mirror() {
    let c = sample_catalog("dice-of-destiny");
    let a = sample_deck("dice-of-destiny-yellow-spells.txt");
    let v = json(&Db::new().run(&[
        "match",
        "--catalog",
        c.to_str().unwrap(),
        a.to_str().unwrap(),
        a.to_str().unwrap(),
        "--games",
        "1000",
        "--seed",
        "1",
        "--level-b",
        "random",
        "--json",
    ]));
    assert!(v["a"]["win_rate"].as_f64().unwrap() > 0.7, "{v}");
}

/// Issue 27: Rizontical's quick player beats the racer in the ember push
/// mirror. Measured 62.8% over these 1,500 games (61.5% over 4,000, seed
/// 101; akasha guard 59.8% and 62.6%); today's quick played it even
/// (51.5%).
#[test]
fn rizontical_quick_beats_the_goldfish_policy() {
    let deck = "rizontical-ember-push.txt";
    let r = win_rate_in("rizontical", deck, deck, "quick", "goldfish", 1500, 17);
    assert!(r >= 0.57, "quick won {r:.3} against goldfish");
}
