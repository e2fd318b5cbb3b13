//! `deckwright match` (formats.md §3, issue 11): complete two-player games;
//! the JSON contract, seeds that replay, results independent of the thread
//! count, seats that alternate, gauntlets and round robins, and errors.

use std::path::PathBuf;
use std::process::Output;

use crate::support::{Db, json, root, sample_deck as deck};

fn run(args: &[&str]) -> Output {
    Db::new().run(args)
}

fn dd_match(extra: &[&str]) -> Output {
    let c = root().join("resources/catalogs/dice-of-destiny.toml");
    let a = deck("dice-of-destiny-chicken-rush.txt");
    let b = deck("dice-of-destiny-yellow-spells.txt");
    let mut args = vec![
        "match",
        "--catalog",
        c.to_str().unwrap(),
        a.to_str().unwrap(),
        b.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    run(&args)
}

#[test]
fn the_json_keeps_the_contract_and_adds_up() {
    let v = json(&dd_match(&["--games", "600", "--seed", "3", "--json"]));
    assert_eq!(v["games"], 600);
    assert_eq!(v["seed"], 3);
    let (a, b, d) = (
        v["a"]["wins"].as_u64().unwrap(),
        v["b"]["wins"].as_u64().unwrap(),
        v["draws"].as_u64().unwrap(),
    );
    assert_eq!(a + b + d, 600);
    let rate = v["a"]["win_rate"].as_f64().unwrap();
    let ci: Vec<f64> = v["a"]["ci95"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect();
    assert!(ci[0] <= rate && rate <= ci[1], "{ci:?} {rate}");
    // seats alternate: half the games each way
    assert_eq!(v["a"]["first"]["games"], 300);
    assert_eq!(v["a"]["second"]["games"], 300);
    assert_eq!(
        v["a"]["first"]["wins"].as_u64().unwrap() + v["a"]["second"]["wins"].as_u64().unwrap(),
        a
    );
    assert_eq!(v["errors"], 0);
}

#[test]
fn a_seed_replays_whatever_the_thread_count() {
    let one = json(&dd_match(&[
        "--games",
        "2100",
        "--seed",
        "9",
        "--threads",
        "1",
        "--json",
    ]));
    let two = json(&dd_match(&[
        "--games",
        "2100",
        "--seed",
        "9",
        "--threads",
        "2",
        "--json",
    ]));
    assert_eq!(one, two);
    let other = json(&dd_match(&["--games", "2100", "--seed", "10", "--json"]));
    assert_ne!(one["a"]["wins"], other["a"]["wins"]);
}

/// A short match at the strong level (cut into chunks of a game each, shared
/// among the threads) replays the same on one thread and on two.
#[test]
fn a_short_strong_match_replays_whatever_the_thread_count() {
    let args = |threads: &'static str| {
        [
            "--games",
            "4",
            "--seed",
            "5",
            "--level",
            "strong",
            "--think-iterations",
            "12",
            "--threads",
            threads,
            "--json",
        ]
    };
    let one = json(&dd_match(&args("1")));
    assert_eq!(one, json(&dd_match(&args("2"))));
    assert_eq!(one["games"], 4);
}

#[test]
fn gauntlets_and_round_robins() {
    let c = root().join("resources/catalogs/dice-of-destiny.toml");
    let d: Vec<PathBuf> = [
        "dice-of-destiny-chicken-rush.txt",
        "dice-of-destiny-yellow-spells.txt",
        "dice-of-destiny-sample.cod",
    ]
    .iter()
    .map(|n| deck(n))
    .collect();
    let mut args = vec!["match", "--catalog", c.to_str().unwrap()];
    args.extend(d.iter().map(|p| p.to_str().unwrap()));
    args.extend(["--games", "200", "--seed", "2", "--json"]);
    // three decks need a choice
    let out = run(&args);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--gauntlet"));
    let mut g = args.clone();
    g.push("--gauntlet");
    let v = json(&run(&g));
    assert_eq!(v["matches"].as_array().unwrap().len(), 2);
    let mut r = args.clone();
    r.push("--round-robin");
    let v = json(&run(&r));
    let m = v["win_rate"].as_array().unwrap();
    assert_eq!(m.len(), 3);
    assert!(m[0][0].is_null());
    // i against j and j against i add up to 1 less the draws
    let (x, y) = (m[0][1].as_f64().unwrap(), m[1][0].as_f64().unwrap());
    assert!(x + y <= 1.0 + 1e-9, "{x} {y}");
    assert_eq!(v["matches"].as_array().unwrap().len(), 3);
}

#[test]
fn errors_exit_2() {
    let dd = root().join("resources/catalogs/dice-of-destiny.toml");
    let fz = root().join("resources/catalogs/fuzzycards.toml");
    let out = run(&[
        "match",
        "--catalog",
        dd.to_str().unwrap(),
        deck("dice-of-destiny-chicken-rush.txt").to_str().unwrap(),
        deck("fuzzycards-beatdown.txt").to_str().unwrap(),
        "--games",
        "10",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let out = run(&[
        "match",
        "--catalog",
        dd.to_str().unwrap(),
        deck("dice-of-destiny-chicken-rush.txt").to_str().unwrap(),
        deck("dice-of-destiny-chicken-rush.txt").to_str().unwrap(),
        "--games",
        "10",
        "--level",
        "genius",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown level"));
    let _ = fz;
}

/// `match --games 1 --transcript`: the match's one game move by move; the
/// viewer's own moves labelled, the other seat's told by the log alone,
/// whose draws name no card; the same game the match counted.
#[test]
fn match_transcript_shows_one_game_as_the_viewer_saw_it() {
    let cat = crate::support::sample_catalog("fuzzycards");
    let a = crate::support::sample_deck("fuzzycards-beatdown.txt");
    let b = crate::support::sample_deck("fuzzycards-wisdom-wall.txt");
    let args = |viewer: &str| {
        vec![
            "match".to_string(),
            "--catalog".into(),
            cat.display().to_string(),
            a.display().to_string(),
            b.display().to_string(),
            "--games".into(),
            "1".into(),
            "--seed".into(),
            "3".into(),
            "--transcript".into(),
            "--viewer".into(),
            viewer.into(),
            "--json".into(),
        ]
    };
    let seen_by_a = crate::support::json(&crate::support::run(&args("a")));
    let t = &seen_by_a["transcript"];
    assert_eq!(t["viewer"], "a");
    let moves = t["moves"].as_array().unwrap();
    assert!(moves.len() > 10);
    for m in moves {
        let own = m["seat"] == "a";
        assert_eq!(m["move"].is_string(), own, "{m}");
        for line in m["log"].as_array().unwrap() {
            let line = line.as_str().unwrap();
            if line.contains(" b: draw ") {
                assert!(line.ends_with("draw a card"), "{line}");
            }
        }
    }
    let winner = t["end"]["over"]["winner"].as_str().unwrap();
    let counted = if seen_by_a["a"]["wins"] == 1 {
        "a"
    } else if seen_by_a["b"]["wins"] == 1 {
        "b"
    } else {
        "draw"
    };
    assert_eq!(
        winner, counted,
        "the transcript is the game the match counted"
    );
    let seen_by_all = crate::support::json(&crate::support::run(&args("all")));
    let all_moves = seen_by_all["transcript"]["moves"].as_array().unwrap();
    assert_eq!(all_moves.len(), moves.len());
    assert!(all_moves.iter().all(|m| m["move"].is_string()));
    assert!(
        all_moves
            .iter()
            .flat_map(|m| m["log"].as_array().unwrap())
            .any(|l| l.as_str().unwrap().contains(" b: draw ")
                && !l.as_str().unwrap().ends_with("draw a card")),
        "all sees b's draws"
    );
}

#[test]
fn match_transcript_needs_one_game() {
    let cat = crate::support::sample_catalog("fuzzycards");
    let a = crate::support::sample_deck("fuzzycards-beatdown.txt");
    let o = crate::support::run(&[
        "match",
        "--catalog",
        cat.to_str().unwrap(),
        a.to_str().unwrap(),
        a.to_str().unwrap(),
        "--games",
        "2",
        "--transcript",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(crate::support::stderr(&o).contains("--games 1"));
}
