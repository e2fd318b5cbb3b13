//! `deckwright tune` (formats.md §7, issue 28): the JSON contract, the proof
//! on fresh seeds, the same answer whatever the thread count, and bad input.

use std::process::Output;

use crate::support::{Db, fixture, json, s, sample_catalog, sample_deck as deck, stderr};

fn run(args: &[&str]) -> Output {
    Db::new().run(args)
}

fn dd_tune(deck_path: &str, extra: &[&str]) -> Output {
    dd_tune_on(&Db::new(), deck_path, extra)
}

/// `tune` on the Dice of Destiny sample catalog, with `db`'s collection.
fn dd_tune_on(db: &Db, deck_path: &str, extra: &[&str]) -> Output {
    let c = sample_catalog("dice-of-destiny");
    let mut args = vec!["tune", "--catalog", s(&c), deck_path];
    args.extend_from_slice(extra);
    db.run(&args)
}

fn num(v: &serde_json::Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("a number: {v}"))
}

/// The goldfish objective on a weakened deck: the search brings racers back
/// and the proof, on seeds the search never used, shows the deck kills
/// sooner; the report adds up.
#[test]
fn tune_finds_a_faster_goldfish_deck_and_proves_it_on_fresh_seeds() {
    let weak = fixture("tune/yellow-spells-weakened.txt");
    let v = json(&dd_tune(
        s(&weak),
        &[
            "--games-budget",
            "30000",
            "--proof-games",
            "2000",
            "--seed",
            "5",
            "--json",
        ],
    ));
    assert_eq!(v["objective"], "kill_turn");
    assert_eq!(v["seed"], 5);
    assert_eq!(v["proof_games"], 2000);
    assert!(v["search_games"].as_u64().unwrap() <= 30_000, "{v}");
    assert_eq!(v["suggested"], true, "{v:#}");
    let (before, after, gain) = (
        num(&v["before"]["value"]),
        num(&v["after"]["value"]),
        &v["gain"],
    );
    assert!(after < before, "{v:#}");
    assert!(
        (num(&gain["value"]) - (before - after)).abs() < 1e-9,
        "{v:#}"
    );
    assert!(num(&gain["ci95"][0]) > 0.0, "{v:#}");
    let changes = v["changes"].as_array().unwrap();
    assert!(!changes.is_empty());
    // the damage spells the weakening took out come back
    let burn: u64 = v["deck"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|l| {
            let l = l.as_str().unwrap();
            let (n, name) = l.split_once(' ').unwrap();
            ["Fireball", "Lightning Toss"]
                .contains(&name)
                .then(|| n.parse::<u64>().unwrap())
        })
        .sum();
    assert!(burn >= 3, "{v:#}");
    assert!(before - after > 0.3, "{v:#}");
    for c in changes {
        assert!(c["copies"].as_u64().unwrap() >= 1);
        assert!(c["in"].is_string());
    }
    // the tuned list is a legal 30-card deck
    let total: u64 = v["deck"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            l.as_str()
                .unwrap()
                .split(' ')
                .next()
                .unwrap()
                .parse::<u64>()
                .unwrap()
        })
        .sum();
    assert_eq!(total, 30);
}

/// With a budget in games the answer depends on the seed alone.
#[test]
fn tune_gives_the_same_answer_whatever_the_thread_count() {
    let weak = fixture("tune/yellow-spells-weakened.txt");
    let one = |threads: &str| {
        json(&dd_tune(
            s(&weak),
            &[
                "--games-budget",
                "4000",
                "--proof-games",
                "400",
                "--seed",
                "9",
                "--threads",
                threads,
                "--json",
            ],
        ))
    };
    assert_eq!(one("1"), one("2"));
}

/// Against an opponent the objective is the win rate, and the reported
/// deck never does worse than the start on the proof games: either the gain's
/// lower bound is above zero or the deck stays as it is.
#[test]
fn tune_against_an_opponent_never_reports_below_the_start() {
    let me = deck("dice-of-destiny-sample.cod");
    let them = deck("dice-of-destiny-yellow-spells.txt");
    let out = dd_tune(
        s(&me),
        &[
            "--against",
            s(&them),
            "--games-budget",
            "3000",
            "--proof-games",
            "1000",
            "--seed",
            "2",
            "--json",
        ],
    );
    let v = json(&out);
    assert_eq!(v["objective"], "win_rate");
    assert_eq!(v["opponents"].as_array().unwrap().len(), 1);
    let (before, after) = (num(&v["before"]["value"]), num(&v["after"]["value"]));
    if v["suggested"] == true {
        assert!(num(&v["gain"]["ci95"][0]) > 0.0, "{v:#}");
        assert!(after > before, "{v:#}");
    } else {
        assert_eq!(before, after);
        assert!(v["changes"].as_array().unwrap().is_empty());
        assert_eq!(num(&v["gain"]["value"]), 0.0);
    }
    // the text report says what it found either way
    let text = dd_tune(
        s(&me),
        &[
            "--against",
            s(&them),
            "--games-budget",
            "1000",
            "--proof-games",
            "300",
            "--seed",
            "2",
        ],
    );
    assert_eq!(text.status.code(), Some(0), "{}", stderr(&text));
    let t = String::from_utf8_lossy(&text.stdout);
    assert!(t.contains("before:") && t.contains("proof:"), "{t}");
}

/// Bad input: exit 2 and a message that names what is wrong.
#[test]
fn tune_refuses_bad_input_with_exit_2() {
    let dd = deck("dice-of-destiny-sample.cod");
    // an opponent of another game
    let out = dd_tune(
        s(&dd),
        &[
            "--against",
            s(&deck("fuzzycards-beatdown.txt")),
            "--games-budget",
            "100",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("fuzzycards-beatdown.txt"),
        "{}",
        stderr(&out)
    );
    // an illegal starting deck: refused with its violations
    let out = dd_tune(
        s(&deck("dice-of-destiny-illegal-copies.txt")),
        &["--games-budget", "100"],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("construction rules"),
        "{}",
        stderr(&out)
    );
    // an empty pool: a database whose collection holds nothing
    let out = dd_tune(s(&dd), &["--pool", "collection", "--games-budget", "100"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("pool is empty"), "{}", stderr(&out));
    // Strange World has no deck to tune in play
    let sw = sample_catalog("strange-world");
    let out = run(&[
        "tune",
        "--catalog",
        s(&sw),
        s(&deck("strange-world-2-players.txt")),
        "--games-budget",
        "100",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("no deck to tune"), "{}", stderr(&out));
}

/// A change suggested against an opponent is played again by the strong
/// level on both sides (`--confirm-games`), on fresh games: its gain and
/// interval are in the JSON and the text; none with `--confirm-games 0`.
#[test]
fn tune_lets_the_strong_level_look_at_a_suggested_change() {
    let weak = fixture("tune/yellow-spells-weakened.txt");
    let them = deck("dice-of-destiny-yellow-spells.txt");
    let args = |confirm: &'static str, json: bool| {
        let mut a = vec![
            "--against",
            s(&them),
            "--games-budget",
            "20000",
            "--proof-games",
            "2000",
            "--seed",
            "5",
            "--think-iterations",
            "8",
            "--confirm-games",
            confirm,
        ];
        if json {
            a.push("--json");
        }
        a
    };
    let v = json(&dd_tune(s(&weak), &args("24", true)));
    assert_eq!(v["suggested"], true, "{v:#}");
    let strong = &v["strong"];
    assert_eq!(strong["games"], 24, "{v:#}");
    let (lo, g, hi) = (
        num(&strong["gain"]["ci95"][0]),
        num(&strong["gain"]["value"]),
        num(&strong["gain"]["ci95"][1]),
    );
    assert!(lo <= g && g <= hi, "{v:#}");
    assert!(
        (0.0..=1.0).contains(&num(&strong["after"]["value"])),
        "{v:#}"
    );
    // the quick answer is the same with or without the look
    let off = json(&dd_tune(s(&weak), &args("0", true)));
    assert!(off.get("strong").is_none(), "{off:#}");
    assert_eq!(off["deck"], v["deck"]);
    assert_eq!(off["gain"], v["gain"]);
    let text = dd_tune(s(&weak), &args("24", false));
    let t = String::from_utf8_lossy(&text.stdout);
    assert!(
        t.contains("  strong: ") && t.contains("both sides strong"),
        "{t}"
    );
}

/// With the collection as the pool the tuned deck holds no more copies of a
/// card than are owned, or than the starting deck already holds: two
/// Fireballs and three Lightning Tosses owned, nothing else, and the weakened
/// deck gets only those back.
#[test]
fn tune_from_the_collection_never_goes_past_the_copies_owned() {
    let db = Db::new();
    let dd = "Chaos Tower Starter (sample content)";
    db.ok(&["collection", "set", "--catalog", dd, "Fireball", "2"]);
    db.ok(&["collection", "set", "--catalog", dd, "Lightning Toss", "3"]);
    let weak = fixture("tune/yellow-spells-weakened.txt");
    let v = json(&dd_tune_on(
        &db,
        s(&weak),
        &[
            "--pool",
            "collection",
            "--games-budget",
            "30000",
            "--proof-games",
            "2000",
            "--seed",
            "5",
            "--json",
        ],
    ));
    assert_eq!(v["suggested"], true, "{v:#}");
    let count = |list: &[(u64, String)], name: &str| {
        list.iter()
            .filter(|(_, n)| n == name)
            .map(|(k, _)| *k)
            .sum::<u64>()
    };
    // "3 Fireball" lines as (count, name)
    let counted = |lines: Vec<&str>| -> Vec<(u64, String)> {
        lines
            .into_iter()
            .map(|l| {
                let (n, name) = l.split_once(' ').unwrap();
                (n.parse().unwrap(), name.to_string())
            })
            .collect()
    };
    let tuned = counted(
        v["deck"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l.as_str().unwrap())
            .collect(),
    );
    let list = std::fs::read_to_string(&weak).unwrap();
    let start = counted(
        list.lines()
            .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
            .collect(),
    );
    for (n, name) in &tuned {
        let owned = match name.as_str() {
            "Fireball" => 2,
            "Lightning Toss" => 3,
            _ => 0,
        };
        let most = owned.max(count(&start, name));
        assert!(*n <= most, "{n} {name}: at most {most}\n{v:#}");
    }
    // the burn it does own comes back
    assert!(
        count(&tuned, "Fireball") + count(&tuned, "Lightning Toss") > 2,
        "{v:#}"
    );
}
