//! `deckwright hand` on the sample decks: each game's own setup, seeded and
//! replayable, its mulligan, and clear exit-2 errors.

use std::process::Output;

use crate::support::{json, on_sample};

fn hand(game: &str, deck_file: &str, extra: &[&str]) -> Output {
    on_sample("hand", game, deck_file, extra)
}

fn names(v: &serde_json::Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn fuzzycards_deals_5_first_and_6_second_and_replays() {
    let a = json(&hand(
        "fuzzycards",
        "fuzzycards-beatdown.txt",
        &["--seed", "42", "--json"],
    ));
    assert_eq!(a["game"], "fuzzycards");
    assert_eq!(a["seed"], 42);
    assert_eq!(names(&a["hand"]).len(), 5);
    assert_eq!(a["deck_remaining"], 25);
    let again = json(&hand(
        "fuzzycards",
        "fuzzycards-beatdown.txt",
        &["--seed", "42", "--json"],
    ));
    assert_eq!(a, again, "the same seed deals the same hand");
    let b = json(&hand(
        "fuzzycards",
        "fuzzycards-beatdown.txt",
        &["--seed", "42", "--second", "--json"],
    ));
    assert_eq!(names(&b["hand"]).len(), 6);
    assert_eq!(b["seat"], "second");
}

#[test]
fn fuzzycards_mulligan_shuffles_back_and_draws_5() {
    let r = json(&hand(
        "fuzzycards",
        "fuzzycards-beatdown.txt",
        &["--seed", "9", "--second", "--mulligan", "--json"],
    ));
    assert_eq!(names(&r["mulligan"]["before"]).len(), 6);
    assert_eq!(r["mulligan"]["before"], r["mulligan"]["returned"]);
    assert_eq!(names(&r["hand"]).len(), 5);
    assert_eq!(r["deck_remaining"], 25);
}

#[test]
fn dice_of_destiny_deals_6_and_has_no_mulligan() {
    let r = json(&hand(
        "dice-of-destiny",
        "dice-of-destiny-chicken-rush.txt",
        &["--seed", "1", "--turns", "2", "--json"],
    ));
    assert_eq!(names(&r["hand"]).len(), 6);
    // going first: no main draw on turn 1, two on turn 2
    assert_eq!(names(&r["draws"][0]["cards"]).len(), 0);
    assert_eq!(names(&r["draws"][1]["cards"]).len(), 2);
    let out = hand(
        "dice-of-destiny",
        "dice-of-destiny-chicken-rush.txt",
        &["--mulligan"],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("Dice of Destiny has no mulligan"));
}

#[test]
fn bizarre_world_draws_to_5() {
    let r = json(&hand(
        "bizarre-world",
        "bizarre-world-crafted-rocks.txt",
        &["--seed", "3", "--json"],
    ));
    assert_eq!(names(&r["hand"]).len(), 5);
    assert_eq!(r["deck_remaining"], 31 - 5);
}

#[test]
fn rizontical_deals_fighters_in_slots_and_powers_with_a_bottom_mulligan() {
    let r = json(&hand(
        "rizontical",
        "rizontical-akasha-guard.txt",
        &["--seed", "7", "--json"],
    ));
    assert_eq!(r["numen"], "Humlae");
    assert_eq!(r["fighters"].as_array().unwrap().len(), 2);
    assert_eq!(r["fighters"][0]["slot"], 1);
    assert_eq!(r["fighters"][1]["slot"], 2);
    let powers = names(&r["hand"]);
    assert_eq!(powers.len(), 5);
    assert_eq!(r["deck_remaining"], 25);
    // return two named Powers: they go to the bottom, two new ones are drawn
    let out = hand(
        "rizontical",
        "rizontical-akasha-guard.txt",
        &[
            "--seed", "7", "--return", &powers[0], "--return", &powers[3], "--json",
        ],
    );
    let m = json(&out);
    assert_eq!(
        names(&m["mulligan"]["returned"]),
        vec![powers[0].clone(), powers[3].clone()]
    );
    let after = names(&m["hand"]);
    assert_eq!(after.len(), 5);
    assert_eq!(
        &after[..3],
        &[powers[1].clone(), powers[2].clone(), powers[4].clone()]
    );
    assert!(!after[3..].contains(&powers[0]) && !after[3..].contains(&powers[3]));
    let bad = hand(
        "rizontical",
        "rizontical-akasha-guard.txt",
        &["--seed", "7", "--return", "No Such Power"],
    );
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn strange_world_and_bad_input_exit_2() {
    let out = hand("strange-world", "strange-world-solo.txt", &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("deckwright solo"));
    let out = hand("fuzzycards", "fuzzycards-illegal-few-heroes.txt", &[]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("fuzzycards-illegal-few-heroes.txt") && err.contains("line 18"),
        "{err}"
    );
    let out = hand("fuzzycards", "no-such-deck.txt", &[]);
    assert_eq!(out.status.code(), Some(2));
    let out = hand(
        "fuzzycards",
        "fuzzycards-beatdown.txt",
        &["--option", "mulligan_hand=maybe"],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("mulligan_hand"));
}

#[test]
fn text_output_shows_the_seed() {
    let out = hand("fuzzycards", "fuzzycards-beatdown.txt", &[]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("Fuzzycards opening hand (seed "), "{text}");
    assert!(text.contains("replay with --seed"), "{text}");
}
