//! `deckwright odds` on the sample decks: exact hypergeometric values computed
//! here by hand, each game's draw schedule, filters, the multivariate case,
//! the cards × turns table, and exit-2 errors.

use std::process::Output;

use crate::support::{json, on_sample, sample as paths};

fn odds(game: &str, deck: &str, extra: &[&str]) -> Output {
    on_sample("odds", game, deck, extra)
}

/// C(n, k) as f64.
fn c(n: u64, k: u64) -> f64 {
    if k > n {
        return 0.0;
    }
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

/// P(at least k of K copies among n cards drawn from N).
fn tail(big_n: u64, big_k: u64, n: u64, k: u64) -> f64 {
    (k..=big_k.min(n))
        .map(|x| c(big_k, x) * c(big_n - big_k, n - x))
        .sum::<f64>()
        / c(big_n, n)
}

fn close(a: &serde_json::Value, b: f64) {
    let a = a.as_f64().unwrap();
    assert!((a - b).abs() < 1e-9, "{a} vs {b}");
}

#[test]
fn fuzzycards_schedule_first_and_second() {
    // 3 Ember Cub in 30. Going first: 5, 5, 6, 7 cards by turns 0-3.
    let r = json(&odds(
        "fuzzycards",
        "fuzzycards-beatdown.txt",
        &["--card", "Ember Cub", "--turn", "3", "--json"],
    ));
    assert_eq!(r["card"], "Ember Cub");
    close(&r["probability"], tail(30, 3, 7, 1));
    assert_eq!(r["seen"], 7);
    close(&r["by_turn"][0]["probability"], tail(30, 3, 5, 1));
    close(&r["by_turn"][1]["probability"], tail(30, 3, 5, 1));
    // Going second: 6, then one more every turn including turn 1.
    let s = json(&odds(
        "fuzzycards",
        "fuzzycards-beatdown.txt",
        &["--card", "ember cub", "--turn", "3", "--second", "--json"],
    ));
    close(&s["probability"], tail(30, 3, 9, 1));
    // the default is the opening hand
    let o = json(&odds(
        "fuzzycards",
        "fuzzycards-beatdown.txt",
        &["--card", "Ember Cub", "--json"],
    ));
    close(&o["probability"], tail(30, 3, 5, 1));
}

#[test]
fn dice_of_destiny_draws_two_a_turn_after_turn_1() {
    // 6 Chicken Swarm in 30; at least 2 by turn 3 going first: 6 + 0 + 2 + 2 = 10 seen.
    let r = json(&odds(
        "dice-of-destiny",
        "dice-of-destiny-chicken-rush.txt",
        &[
            "--card",
            "Chicken Swarm",
            "--copies-in-hand",
            "2",
            "--turn",
            "3",
            "--json",
        ],
    ));
    assert_eq!(r["seen"], 10);
    close(&r["probability"], tail(30, 6, 10, 2));
}

#[test]
fn bizarre_world_draws_from_turn_1_and_counts_cost_variants_together() {
    // 3 Lazy Rock of Charity (2 + 1 cost variants) in 31; turn 2: 5 + 1 + 1 = 7 seen.
    let r = json(&odds(
        "bizarre-world",
        "bizarre-world-crafted-rocks.txt",
        &["--card", "Lazy Rock of Charity", "--turn", "2", "--json"],
    ));
    assert_eq!(r["requirements"][0]["matching"], 3);
    assert_eq!(r["seen"], 7);
    close(&r["probability"], tail(31, 3, 7, 1));
}

#[test]
fn rizontical_powers_per_timeline_turn_and_fighters_in_the_slots() {
    let r = json(&odds(
        "rizontical",
        "rizontical-akasha-guard.txt",
        &["--card", "Quick Draw", "--turn", "4", "--json"],
    ));
    assert_eq!(r["turn_unit"], "timeline turn");
    assert_eq!(r["seen"], 9);
    close(&r["probability"], 9.0 / 30.0);
    // a Fighter is one of the two dealt into the slots; piles multiply
    let f = json(&odds(
        "rizontical",
        "rizontical-akasha-guard.txt",
        &[
            "--card",
            "Zill",
            "--card",
            "Quick Draw",
            "--turn",
            "4",
            "--json",
        ],
    ));
    close(&f["probability"], 2.0 / 8.0 * 9.0 / 30.0);
    let n = json(&odds(
        "rizontical",
        "rizontical-akasha-guard.txt",
        &["--card", "Humlae", "--json"],
    ));
    close(&n["probability"], 1.0);
}

#[test]
fn filters_and_multivariate_questions() {
    // Heroes of cost <= 2 in the beatdown deck: 3 Static Hamster, 3 Sparkfang
    // Weasel, 3 Ember Cub, 3 Clover Rabbit = 12.
    let r = json(&odds(
        "fuzzycards",
        "fuzzycards-beatdown.txt",
        &[
            "--filter",
            "type=hero,cost<=2",
            "--copies-in-hand",
            "2",
            "--json",
        ],
    ));
    assert_eq!(r["requirements"][0]["matching"], 12);
    close(&r["probability"], tail(30, 12, 5, 2));
    // Pounce! (3) and Fated Strike (2), both in the opening 5: inclusion-exclusion.
    let m = json(&odds(
        "fuzzycards",
        "fuzzycards-beatdown.txt",
        &["--card", "Pounce!", "--card", "Fated Strike", "--json"],
    ));
    let want = 1.0 - (c(27, 5) + c(28, 5) - c(25, 5)) / c(30, 5);
    close(&m["probability"], want);
    assert_eq!(m["method"], "multivariate hypergeometric (exact)");
}

#[test]
fn the_table_has_every_card_and_turns_0_to_6() {
    let t = json(&odds(
        "dice-of-destiny",
        "dice-of-destiny-yellow-spells.txt",
        &["--table", "--json"],
    ));
    let rows = t["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 11);
    for row in rows {
        assert_eq!(row["probability"].as_array().unwrap().len(), 7);
    }
    assert_eq!(t["seen"], serde_json::json!([6, 6, 8, 10, 12, 14, 16]));
    let stale = rows.iter().find(|r| r["card"] == "Stale Cake").unwrap();
    close(&stale["probability"][2], tail(30, 2, 8, 1));
    let text = odds(
        "dice-of-destiny",
        "dice-of-destiny-yellow-spells.txt",
        &["--table"],
    );
    assert!(String::from_utf8_lossy(&text.stdout).contains("cards seen"));
}

#[test]
fn errors_exit_2() {
    for (args, needle) in [
        (vec![], "--card NAME"),
        (vec!["--card", "No Such Card"], "No Such Card"),
        (vec!["--filter", "colour=red"], "unknown key `colour`"),
        (
            vec![
                "--card",
                "Ember Cub",
                "--copies-in-hand",
                "1",
                "--copies-in-hand",
                "2",
                "--copies-in-hand",
                "3",
            ],
            "copies-in-hand",
        ),
        (vec!["--card", "Ember Cub", "--turn", "99999"], "--turn"),
    ] {
        let out = odds("fuzzycards", "fuzzycards-beatdown.txt", &args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{args:?}: {err}");
    }
    let out = odds("strange-world", "strange-world-solo.txt", &["--card", "x"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_card_of_the_catalog_not_in_the_deck_has_probability_0() {
    let r = json(&odds(
        "fuzzycards",
        "fuzzycards-beatdown.txt",
        &["--card", "Dust Bunny", "--turn", "6", "--json"],
    ));
    close(&r["probability"], 0.0);
}

/// Issue 14: the engine's own deals in played games agree with `odds` within
/// 4σ for every game: the engine and the odds read the same draw schedule.
#[test]
fn played_games_agree_with_the_exact_odds_for_every_game() {
    use deckwright::engine::core::Seat;
    use deckwright::engine::odds::{Matcher, Query, Requirement, odds as exact};
    use deckwright::engine::session::{Engine, EngineOptions};
    for (game, deck, card, turn) in [
        ("fuzzycards", "fuzzycards-beatdown.txt", "Ember Cub", 3u16),
        (
            "dice-of-destiny",
            "dice-of-destiny-chicken-rush.txt",
            "Chicken Swarm",
            3,
        ),
        // by turn 2: this deck already wins a quarter of its games on turn 2
        (
            "bizarre-world",
            "bizarre-world-crafted-rocks.txt",
            "Boring Rock of Minimum Wage",
            2,
        ),
    ] {
        let (c, d) = paths(game, deck);
        let cat = deckwright::catalog::load(&c).unwrap().catalog;
        let list = deckwright::decklist::load(&d).unwrap();
        let engine = Engine::new(&cat, &list, &EngineOptions::default()).unwrap();
        for seat in [Seat::First, Seat::Second] {
            let p = exact(
                &cat,
                &engine,
                &Query {
                    requirements: vec![Requirement {
                        matcher: Matcher::Card(card.into()),
                        at_least: 1,
                    }],
                    turn: u32::from(turn),
                    seat,
                },
            )
            .unwrap()
            .probability;
            let n = 3000u64;
            let mut hits = 0u64;
            for seed in 0..n {
                let mut s = engine.session(seed, seat);
                let _ = s.keep();
                // play by the policy to the main phase of `turn`
                while s.outcome().is_none() && s.snapshot().turn < turn {
                    s.finish_turn().unwrap();
                }
                // no game may end before the turn asked about (that would
                // bias the count)
                assert!(s.outcome().is_none(), "{game}: seed {seed} ended early");
                let copies = list
                    .entries
                    .iter()
                    .filter(|e| e.name == card && e.board == deckwright::model::Board::Main)
                    .map(|e| e.count as usize)
                    .sum::<usize>();
                let undrawn = s.draw_pile(0).iter().filter(|n| *n == card).count();
                let seen = copies - undrawn;
                hits += u64::from(seen > 0);
            }
            let f = hits as f64 / n as f64;
            let sigma = (p * (1.0 - p) / n as f64).sqrt().max(1e-9);
            assert!(
                (f - p).abs() <= 4.0 * sigma,
                "{game} {seat:?}: played {f:.4} vs exact {p:.4} (4σ = {:.4})",
                4.0 * sigma
            );
        }
    }
}
