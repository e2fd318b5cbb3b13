//! `deckwright solo` and `deckwright score` on real files: formats.md §3
//! output, JSON shapes, replay by seed and exit codes.

use std::path::PathBuf;

use crate::support::{fixture, json, root, run, sample_catalog};

fn sample() -> PathBuf {
    sample_catalog("strange-world")
}

fn worlds() -> PathBuf {
    fixture("worlds")
}

const PARTS: [&str; 7] = [
    "mountains",
    "lakes",
    "animals",
    "swamps",
    "dark_cities",
    "watchers",
    "travellers",
];

#[test]
fn solo_one_game_json_has_the_score_shape_and_replays() {
    let cat = sample();
    let args = [
        "solo",
        "--catalog",
        cat.to_str().unwrap(),
        "--seed",
        "42",
        "--player",
        "greedy",
        "--json",
    ];
    let v = json(&run(&args));
    assert_eq!(v["seed"], 42);
    assert_eq!(v["player"], "greedy");
    let total = v["total"].as_u64().unwrap();
    let sum: u64 = PARTS.iter().map(|p| v["parts"][p].as_u64().unwrap()).sum();
    assert_eq!(total, sum);
    assert!(v["rating"].as_str().unwrap().contains("Tzimime"));
    assert_eq!(v["world"]["rows"].as_array().unwrap().len(), 4);
    assert!(v["moves"].as_array().unwrap().len() >= 15);
    // the same seed plays the same game
    assert_eq!(json(&run(&args)), v);
}

#[test]
fn solo_text_shows_moves_world_and_rating_and_saves_a_scorable_world() {
    let cat = sample();
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("world.toml");
    let out = run(&[
        "solo",
        "--catalog",
        cat.to_str().unwrap(),
        "--seed",
        "7",
        "--save-world",
        saved.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("Strange World solo — seed 7, search player\n"),
        "{text}"
    );
    assert!(text.contains("Turn 5: stack"), "{text}");
    assert!(text.contains("\nWorld (~ Tzimime side up, * under a Fumarole):\n"));
    assert!(text.contains("\nScore: "), "{text}");
    let total: u64 = text
        .split("\nScore: ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap();
    let scored = json(&run(&[
        "score",
        "--catalog",
        cat.to_str().unwrap(),
        saved.to_str().unwrap(),
        "--json",
    ]));
    assert_eq!(scored["total"].as_u64().unwrap(), total);
    assert_eq!(scored["warnings"].as_array().unwrap().len(), 0);
}

#[test]
fn solo_many_games_prints_the_distribution() {
    let cat = sample();
    let v = json(&run(&[
        "solo",
        "--catalog",
        cat.to_str().unwrap(),
        "--games",
        "30",
        "--seed",
        "3",
        "--player",
        "greedy",
        "--json",
    ]));
    assert_eq!(v["game"], "strange-world");
    assert_eq!(v["games"], 30);
    assert_eq!(v["seed"], 3);
    let hist = v["histogram"].as_object().unwrap();
    assert_eq!(hist.values().map(|n| n.as_u64().unwrap()).sum::<u64>(), 30);
    let ratings = v["ratings"].as_array().unwrap();
    assert_eq!(ratings.len(), 5);
    assert_eq!(ratings[0]["band"], "80+");
    assert_eq!(ratings[4]["band"], "59 or less");
    let (min, max) = (v["min"].as_u64().unwrap(), v["max"].as_u64().unwrap());
    let mean = v["mean"].as_f64().unwrap();
    assert!(min as f64 <= mean && mean <= max as f64);
    // the best game replays alone with its seed
    let seed = v["max_seed"].as_u64().unwrap().to_string();
    let one = json(&run(&[
        "solo",
        "--catalog",
        cat.to_str().unwrap(),
        "--seed",
        &seed,
        "--player",
        "greedy",
        "--json",
    ]));
    assert_eq!(one["total"].as_u64().unwrap(), max);

    let out = run(&[
        "solo",
        "--catalog",
        cat.to_str().unwrap(),
        "--games",
        "30",
        "--seed",
        "3",
        "--player",
        "random",
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("score: mean "), "{text}");
    assert!(text.contains("histogram"), "{text}");
    assert!(
        text.contains("replay the best game: deckwright solo --catalog"),
        "{text}"
    );
    assert!(text.contains("--player random --seed "), "{text}");
}

#[test]
fn score_json_is_exactly_the_formats_shape_plus_extras() {
    let v = json(&run(&[
        "score",
        "--catalog",
        worlds().join("catalog.toml").to_str().unwrap(),
        worlds().join("t-three-travellers.toml").to_str().unwrap(),
        "--json",
    ]));
    assert_eq!(v["total"], 40);
    let parts = v["parts"].as_object().unwrap();
    let keys: Vec<&str> = parts.keys().map(String::as_str).collect();
    assert_eq!(keys.len(), 7);
    for p in PARTS {
        assert!(parts.contains_key(p), "{p}");
    }
    assert_eq!(v["parts"]["travellers"], 21);
    assert_eq!(v["parts"]["mountains"], 5);
    assert!(v["rating"].as_str().unwrap().contains("devours you"));
    assert_eq!(v["traveller_scores"][0]["name"], "Kark");
    assert_eq!(v["traveller_scores"][0]["met"], true);
}

#[test]
fn score_text_names_the_rating() {
    let out = run(&[
        "score",
        "--catalog",
        worlds().join("catalog.toml").to_str().unwrap(),
        worlds().join("s6-watchers.toml").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("Score: 35 stars — Who gave the right"),
        "{text}"
    );
    assert!(text.contains("watchers      22"), "{text}");
}

#[test]
fn score_option_changes_the_reading() {
    let v = json(&run(&[
        "score",
        "--catalog",
        worlds().join("catalog.toml").to_str().unwrap(),
        worlds().join("s2-lakes.toml").to_str().unwrap(),
        "--option",
        "lake_counts_fumaroles=false",
        "--json",
    ]));
    assert_eq!(v["parts"]["lakes"], 7);
}

#[test]
fn bad_world_files_exit_2_with_file_and_line() {
    let cat = worlds().join("catalog.toml");
    for (file, line) in [
        ("unknown-card.toml", 6),
        ("card-twice.toml", 6),
        ("traveller-rows.toml", 9),
        ("three-rows.toml", 2),
        ("syntax.toml", 4),
    ] {
        let path = worlds().join("bad").join(file);
        let out = run(&[
            "score",
            "--catalog",
            cat.to_str().unwrap(),
            path.to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(2), "{file}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.contains(&format!("{}:{line}:", path.display())),
            "{file}: {err}"
        );
        assert!(out.stdout.is_empty());
        assert!(!err.contains("panicked"));
    }
}

#[test]
fn an_impossible_world_is_scored_with_a_warning_on_stderr() {
    let path = worlds().join("warn/watcher-low.toml");
    let out = run(&[
        "score",
        "--catalog",
        worlds().join("catalog.toml").to_str().unwrap(),
        path.to_str().unwrap(),
        "--json",
    ]);
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    let v = json(&out);
    assert!(
        err.contains(&format!("warning: {}:4:", path.display())),
        "{err}"
    );
    assert_eq!(v["warnings"].as_array().unwrap().len(), 1);
}

/// p.7: a Traveller comes through a portal of its own, in one of its rows;
/// `score` warns of one that has none (issue 29), and still scores it.
#[test]
fn score_warns_of_a_traveller_without_a_portal() {
    let path = worlds().join("warn/traveller-no-portal.toml");
    let out = run(&[
        "score",
        "--catalog",
        worlds().join("catalog.toml").to_str().unwrap(),
        path.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(
        err.contains(&format!(
            "warning: {}:14:3: Traveller \"Kark\" (rows [0, 1]) has no completed portal in its rows",
            path.display()
        )),
        "{err}"
    );
    let v = json(&out);
    let warnings = v["warnings"].as_array().unwrap();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].as_str().unwrap().contains("(p.7)"));
    assert_eq!(v["parts"]["travellers"], 11);
    // the text output warns the same way
    let out = run(&[
        "score",
        "--catalog",
        worlds().join("catalog.toml").to_str().unwrap(),
        path.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(err.contains("has no completed portal in its rows"), "{err}");
    // a World whose Travellers each came through a portal of its own: none
    let out = run(&[
        "score",
        "--catalog",
        worlds().join("catalog.toml").to_str().unwrap(),
        worlds().join("t-three-travellers.toml").to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(json(&out)["warnings"].as_array().unwrap().len(), 0);
}

#[test]
fn input_errors_exit_2() {
    let sw = sample();
    let fuzzy = root().join("tests/fixtures/catalogs/fuzzycards.toml");
    let world = worlds().join("s1-mountains.toml");
    let cases: Vec<Vec<&str>> = vec![
        vec!["solo", "--catalog", fuzzy.to_str().unwrap()],
        vec![
            "solo",
            "--catalog",
            sw.to_str().unwrap(),
            "--player",
            "perfect",
        ],
        vec!["solo", "--catalog", sw.to_str().unwrap(), "--games", "0"],
        vec![
            "solo",
            "--catalog",
            sw.to_str().unwrap(),
            "--option",
            "nope=1",
        ],
        vec!["solo", "--catalog", "/nonexistent/catalog.toml"],
        vec![
            "score",
            "--catalog",
            fuzzy.to_str().unwrap(),
            world.to_str().unwrap(),
        ],
        vec![
            "score",
            "--catalog",
            sw.to_str().unwrap(),
            "/nonexistent/world.toml",
        ],
        // the sample box has no "Mount 3": the fixture World is unknown there
        vec![
            "score",
            "--catalog",
            sw.to_str().unwrap(),
            world.to_str().unwrap(),
        ],
    ];
    for args in cases {
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            !err.trim().is_empty() && !err.contains("panicked"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn a_catalog_too_small_for_solo_names_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let small = dir.path().join("small.toml");
    std::fs::write(
        &small,
        "game = \"strange-world\"\nname = \"tiny\"\n[[card]]\nname = \"A\"\ntype = \"land\"\ntier = 1\n",
    )
    .unwrap();
    let out = run(&["solo", "--catalog", small.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains(&format!(
            "{}: a solo game needs 21 tier-1 Lands",
            small.display()
        )),
        "{err}"
    );
}
