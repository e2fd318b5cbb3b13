//! `deckwright scenario run|moves` (formats.md §5) on real files: exit codes
//! 0/1/2, the JSON shape, errors at the file and line, and what each viewer
//! is shown.

use std::path::PathBuf;

use crate::support::{json, repo, run, stderr, stdout};

/// A scenario written into a temporary folder, its catalog the Fuzzycards
/// scenario cards.
fn scenario(body: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let cards = repo("tests/scenarios/fuzzycards/cards.toml");
    let text = format!(
        "game = \"fuzzycards\"\ncatalog = {}\n{body}",
        toml::Value::String(cards.display().to_string())
    );
    let path = dir.path().join("position.toml");
    std::fs::write(&path, text).unwrap();
    (dir, path)
}

const DUEL: &str = r#"seed = 1
turn = 3
active = "a"
phase = "validate"

[seat.a]
altar = ["Clarity Judge"]
hand = ["Filler Pup", "Prophecy Seer"]
deck = ["Filler Pup"]

[seat.b]
altar = [{ card = "Prophecy Seer", hp = 5 }]
hand = ["Clarity Judge"]
deck = ["Filler Pup"]
"#;

#[test]
fn scenario_run_holds_and_prints_every_state() {
    let o = run(&[
        "scenario",
        "run",
        repo("tests/scenarios/fuzzycards/combat-example.toml")
            .to_str()
            .unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("== move 1: Attack Prophecy Seer with Clarity Judge (7 damage)"));
    assert!(out.contains("a: pierce Clarity Judge (2)"), "{out}");
    assert!(out.contains("expect seats.b.life = 31: holds"));
}

#[test]
fn scenario_run_json_has_states_and_expects() {
    let (_d, f) = scenario(&format!(
        "{DUEL}\n[[move]]\nmove = \"Attack Prophecy Seer with Clarity Judge\"\n\n[[expect]]\npath = \"seats.b.life\"\nequals = 40\n"
    ));
    let o = run(&["scenario", "run", f.to_str().unwrap(), "--json"]);
    assert_eq!(o.status.code(), Some(1), "a failed expect exits 1");
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let states = v["states"].as_array().unwrap();
    assert_eq!(states.len(), 2, "after setup and after the move");
    assert_eq!(states[0]["phase"], "validate");
    assert_eq!(states[0]["turn"], 3);
    assert_eq!(states[0]["active"], "a");
    assert!(states[0]["over"].is_null());
    assert_eq!(states[1]["seats"]["b"]["life"], 31);
    assert_eq!(
        v["expect"][0],
        serde_json::json!({"path": "seats.b.life", "equals": 40, "found": 31, "holds": false})
    );
}

#[test]
fn scenario_text_lists_a_failed_expect_with_the_value_found() {
    let (_d, f) = scenario(&format!(
        "{DUEL}\n[[expect]]\npath = \"seats.a.zones.hand.len\"\nequals = 3\n"
    ));
    let o = run(&["scenario", "run", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).contains("expect seats.a.zones.hand.len = 3: FAILS, found 2"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn each_viewer_sees_only_what_its_seat_may() {
    let (_d, f) = scenario(DUEL);
    let view = |viewer: &str| {
        let o = run(&[
            "scenario",
            "run",
            f.to_str().unwrap(),
            "--viewer",
            viewer,
            "--json",
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        json(&o)["states"][0]["seats"].clone()
    };
    let a = view("a");
    assert_eq!(
        a["a"]["zones"]["hand"],
        serde_json::json!(["Filler Pup", "Prophecy Seer"])
    );
    assert_eq!(a["b"]["zones"]["hand"], serde_json::json!(["?"]));
    assert_eq!(a["a"]["zones"]["scroll"], serde_json::json!(["?"]));
    assert_eq!(
        a["b"]["zones"]["altar"][0], "Prophecy Seer",
        "the table is open"
    );
    let b = view("b");
    assert_eq!(b["a"]["zones"]["hand"], serde_json::json!(["?", "?"]));
    assert_eq!(
        b["b"]["zones"]["hand"],
        serde_json::json!(["Clarity Judge"])
    );
    let all = view("all");
    assert_eq!(
        all["b"]["zones"]["scroll"],
        serde_json::json!(["Filler Pup"])
    );
}

#[test]
fn scenario_moves_lists_the_legal_labels() {
    let (_d, f) = scenario(DUEL);
    let o = run(&["scenario", "moves", f.to_str().unwrap(), "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let moves: Vec<String> = serde_json::from_value(json(&o)["moves"].clone()).unwrap();
    assert!(moves.contains(&"Attack Prophecy Seer with Clarity Judge (7 damage)".to_string()));
    assert!(moves.contains(&"To Exodus".to_string()));
}

#[test]
fn an_illegal_move_names_its_line_and_the_legal_moves() {
    let (_d, f) = scenario(&format!(
        "{DUEL}\n[[move]]\nmove = \"Attack Life with Clarity Judge\"\n"
    ));
    let o = run(&["scenario", "run", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(e.contains("position.toml:19:"), "{e}");
    assert!(e.contains("is not a legal move here"), "{e}");
    assert!(
        e.contains("Attack Prophecy Seer with Clarity Judge (7 damage)"),
        "{e}"
    );
}

#[test]
fn a_move_by_the_seat_not_to_act_is_refused() {
    let (_d, f) = scenario(&format!(
        "{DUEL}\n[[move]]\nseat = \"b\"\nmove = \"To Exodus\"\n"
    ));
    let o = run(&["scenario", "run", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("seat b is not to act: seat a is"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn bad_positions_are_errors_at_their_line() {
    let cases = [
        // a card the catalog does not have
        (
            "[seat.a]\nhand = [\"Filler Pup\",\n  \"No Such Card\"]\n",
            ":5:",
            "\"No Such Card\" is not in the catalog",
        ),
        // a zone the game does not have
        (
            "[seat.a]\ngraveyard = [\"Filler Pup\"]\n",
            ":4:",
            "has no zone `graveyard`",
        ),
        // a counter the game does not have
        ("[seat.b]\nmana = 3\n", ":4:", "has no counter `mana`"),
        // a state a card does not take
        (
            "[seat.a]\naltar = [{ card = \"Filler Pup\", shiny = true }]\n",
            ":4:",
            "has no state `shiny`",
        ),
        // too many cards on the Altar (3 slots)
        (
            "[seat.a]\naltar = [\"Filler Pup\", \"Filler Pup\", \"Filler Pup\", \"Filler Pup\", \"Filler Pup\", \"Filler Pup\"]\n",
            ":4:",
            "Altar holds 6 cards",
        ),
        // a phase the game does not have
        ("phase = \"combat\"\n", ":3:", "has no phase `combat`"),
        // an unknown key
        ("colour = 3\n", ":3:", "unknown key `colour`"),
        // a bad seat
        ("active = \"c\"\n", ":3:", "must be \"a\" or \"b\""),
    ];
    for (body, line, message) in cases {
        let (_d, f) = scenario(body);
        let o = run(&["scenario", "run", f.to_str().unwrap()]);
        let e = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{body}: {e}");
        assert!(e.contains(&format!("position.toml{line}")), "{body}: {e}");
        assert!(e.contains(message), "{body}: {e}");
        assert!(!e.contains("panicked"), "{e}");
    }
}

#[test]
fn a_missing_file_or_catalog_is_an_input_error() {
    let o = run(&["scenario", "run", "/nonexistent/position.toml"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("/nonexistent/position.toml"));
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("s.toml");
    std::fs::write(&f, "game = \"fuzzycards\"\ncatalog = \"missing.toml\"\n").unwrap();
    let o = run(&["scenario", "run", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("missing.toml"), "{}", stderr(&o));
}

/// `includes`/`excludes` on `moves`: a rule that forbids a move, checked.
#[test]
fn expects_check_which_moves_are_legal() {
    let (_d, f) = scenario(&format!(
        "{DUEL}\n[[expect]]\npath = \"moves\"\nexcludes = \"Attack Life with Clarity Judge\"\n\n[[expect]]\npath = \"moves\"\nincludes = [\"To Exodus\", \"Attack Prophecy Seer with Clarity Judge\"]\n\n[[expect]]\npath = \"moves\"\nincludes = \"Attack Life with Clarity Judge\"\n"
    ));
    let o = run(&["scenario", "run", f.to_str().unwrap(), "--json"]);
    assert_eq!(o.status.code(), Some(1), "the third expect fails");
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let e = v["expect"].as_array().unwrap();
    assert_eq!(e[0]["excludes"], "Attack Life with Clarity Judge");
    assert_eq!(e[0]["holds"], true);
    assert_eq!(e[1]["holds"], true);
    assert_eq!(e[2]["holds"], false);
    assert!(e[2]["found"].as_array().unwrap().len() >= 2);
    let (_d, f) = scenario(&format!(
        "{DUEL}\n[[expect]]\npath = \"moves\"\nequals = 1\nexcludes = \"x\"\n"
    ));
    let o = run(&["scenario", "run", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("one of `equals`, `includes`, `excludes`"),
        "{}",
        stderr(&o)
    );
}
