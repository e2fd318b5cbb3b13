//! `deckwright world-match` on the sample box: the text and JSON of one
//! match, a run of matches, replay by seed, named options and exit codes.

use std::path::PathBuf;
use std::process::Output;

use crate::support::{run, sample_catalog};

fn sample() -> PathBuf {
    sample_catalog("strange-world")
}

fn ok_stdout(out: &Output) -> String {
    crate::support::ok_stdout(&"world-match", out)
}

#[test]
fn one_match_prints_turns_worlds_scores_and_the_winner() {
    let cat = sample();
    let args = [
        "world-match",
        "--catalog",
        cat.to_str().unwrap(),
        "--players",
        "3",
        "--seed",
        "7",
    ];
    let text = ok_stdout(&run(&args));
    assert!(text.starts_with("Strange World for 3, seed 7\n"), "{text}");
    for part in [
        "Turn 1\n",
        "Turn 5\n",
        "turns the Sun",
        "the Sun passes to",
        "P1 (quick)'s World",
        "P3 (quick)'s World",
        "  total ",
    ] {
        assert!(text.contains(part), "{part}: {text}");
    }
    assert!(text.contains("\nWinner: ") || text.contains("\nShared win (tie): "));
    assert_eq!(
        ok_stdout(&run(&args)),
        text,
        "the same seed, the same match"
    );
}

#[test]
fn json_has_a_seat_per_player_with_its_breakdown() {
    let cat = sample();
    let out = run(&[
        "world-match",
        "--catalog",
        cat.to_str().unwrap(),
        "--seats",
        "strong,quick",
        "--seed",
        "3",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&ok_stdout(&out)).unwrap();
    assert_eq!(v["game"], "strange-world");
    assert_eq!(v["players"], 2);
    let seats = v["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 2);
    assert_eq!(seats[0]["level"], "strong");
    for s in seats {
        let parts = s["parts"].as_object().unwrap();
        let sum: u64 = parts.values().map(|p| p.as_u64().unwrap()).sum();
        assert_eq!(s["total"].as_u64().unwrap(), sum);
        assert_eq!(s["world"]["rows"].as_array().unwrap().len(), 4);
    }
    let best = seats.iter().map(|s| s["total"].as_u64().unwrap()).max();
    for w in v["winners"].as_array().unwrap() {
        let w = w.as_u64().unwrap() as usize;
        assert_eq!(seats[w]["total"].as_u64(), best);
    }
    assert!(v["log"].as_array().unwrap().len() > 30);
}

#[test]
fn many_matches_report_wins_per_seat() {
    let cat = sample();
    let out = run(&[
        "world-match",
        "--catalog",
        cat.to_str().unwrap(),
        "--seats",
        "quick,random",
        "--games",
        "12",
        "--seed",
        "1",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&ok_stdout(&out)).unwrap();
    assert_eq!(v["games"], 12);
    let seats = v["seats"].as_array().unwrap();
    let wins = |i: usize| seats[i]["wins"].as_u64().unwrap() + seats[i]["shared"].as_u64().unwrap();
    assert!(wins(0) >= 11, "quick beats random: {v}");
    assert!(seats[0]["mean"].as_f64().unwrap() > seats[1]["mean"].as_f64().unwrap());
}

#[test]
fn bad_input_exits_2_with_a_clear_message() {
    let cat = sample();
    let cat = cat.to_str().unwrap();
    for (args, want) in [
        (vec!["--players", "5"], "a match needs 2 to 4, not 5"),
        (vec!["--players", "1"], "a match needs 2 to 4, not 1"),
        (vec!["--seats", "quick,clever"], "unknown level `clever`"),
        (vec!["--games", "0"], "--games must be at least 1"),
        (
            vec!["--option", "two_player_sun_passes=maybe"],
            "two_player_sun_passes",
        ),
    ] {
        let mut all = vec!["world-match", "--catalog", cat];
        all.extend(args);
        let out = run(&all);
        assert_eq!(out.status.code(), Some(2), "{all:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(want), "{all:?}: {err}");
    }
}
