//! `deckwright goldfish` on the sample decks: formats.md §3 JSON keys, seeds
//! that replay, results independent of the thread count, and exit-2 errors.

use std::process::Output;

use crate::support::{json, on_sample, sample as paths};

fn goldfish(game: &str, deck: &str, extra: &[&str]) -> Output {
    on_sample("goldfish", game, deck, extra)
}

const SAMPLES: [(&str, &str); 4] = [
    ("fuzzycards", "fuzzycards-beatdown.txt"),
    ("dice-of-destiny", "dice-of-destiny-chicken-rush.txt"),
    ("bizarre-world", "bizarre-world-crafted-rocks.txt"),
    ("rizontical", "rizontical-akasha-guard.txt"),
];

#[test]
fn json_has_the_contract_keys_for_every_game() {
    for (game, deck) in SAMPLES {
        let r = json(&goldfish(
            game,
            deck,
            &["--games", "500", "--seed", "5", "--json"],
        ));
        assert_eq!(r["games"], 500, "{game}");
        assert_eq!(r["seed"], 5);
        let wins = r["wins"].as_u64().unwrap();
        assert!(wins > 0 && wins <= 500, "{game}: {wins}");
        let k = &r["kill_turn"];
        let mean = k["mean"].as_f64().unwrap();
        let median = k["median"].as_u64().unwrap();
        let hist = k["histogram"].as_object().unwrap();
        // string keys; the counts add up to the wins
        let total: u64 = hist.values().map(|v| v.as_u64().unwrap()).sum();
        assert_eq!(total, wins, "{game}");
        let by_hand: f64 = hist
            .iter()
            .map(|(t, n)| t.parse::<f64>().unwrap() * n.as_f64().unwrap())
            .sum::<f64>()
            / wins as f64;
        assert!((mean - by_hand).abs() < 1e-9, "{game}: {mean} vs {by_hand}");
        assert!(hist.contains_key(&median.to_string()));
        let [lo, hi] = [
            k["ci95"][0].as_f64().unwrap(),
            k["ci95"][1].as_f64().unwrap(),
        ];
        assert!(lo <= mean && mean <= hi);
        assert!(!r["curves"]["turns"].as_array().unwrap().is_empty());
        assert!(r["most_played"].as_array().is_some());
        assert_eq!(
            r["errors"], 0,
            "{game}: the policy never played an illegal action"
        );
    }
}

#[test]
fn the_same_seed_replays_and_threads_do_not_matter() {
    for (game, deck) in SAMPLES {
        let one = goldfish(
            game,
            deck,
            &[
                "--games",
                "3000",
                "--seed",
                "77",
                "--threads",
                "1",
                "--json",
            ],
        );
        let three = goldfish(
            game,
            deck,
            &[
                "--games",
                "3000",
                "--seed",
                "77",
                "--threads",
                "3",
                "--json",
            ],
        );
        let again = goldfish(game, deck, &["--games", "3000", "--seed", "77", "--json"]);
        assert_eq!(
            json(&one),
            json(&three),
            "{game}: thread count changed the result"
        );
        assert_eq!(json(&one), json(&again), "{game}");
        let other = goldfish(game, deck, &["--games", "3000", "--seed", "78", "--json"]);
        assert_ne!(
            json(&one)["kill_turn"],
            json(&other)["kill_turn"],
            "{game}: seeds differ"
        );
    }
}

#[test]
fn going_second_and_vanilla_cards() {
    let first = json(&goldfish(
        "fuzzycards",
        "fuzzycards-wisdom-wall.txt",
        &["--games", "300", "--seed", "1", "--json"],
    ));
    let second = json(&goldfish(
        "fuzzycards",
        "fuzzycards-wisdom-wall.txt",
        &["--games", "300", "--seed", "1", "--second", "--json"],
    ));
    assert_eq!(second["seat"], "second");
    assert_ne!(first["kill_turn"], second["kill_turn"]);
    let vanilla: Vec<&str> = first["vanilla"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["card"].as_str().unwrap())
        .collect();
    // issue 14: every card is played from its printed text now — The
    // Verdict's KO and Verdict Owl's Silence included (they only act on an
    // opponent's cards, which a goldfish opponent has none of)
    assert!(vanilla.is_empty(), "{vanilla:?}");
}

#[test]
fn rizontical_reports_rounds_and_takes_catalog_dummies() {
    let training = json(&goldfish(
        "rizontical",
        "rizontical-akasha-guard.txt",
        &["--games", "200", "--seed", "3", "--json"],
    ));
    assert_eq!(training["turn_unit"], "round");
    let tough = json(&goldfish(
        "rizontical",
        "rizontical-akasha-guard.txt",
        &[
            "--games", "200", "--seed", "3", "--dummy", "Grumbo", "--dummy", "Tarq", "--json",
        ],
    ));
    // Grumbo (HP 9, DEF 5) and Tarq (HP 10, DEF 3) take longer than 8-HP dummies
    assert!(
        tough["kill_turn"]["mean"].as_f64().unwrap_or(99.0)
            > training["kill_turn"]["mean"].as_f64().unwrap(),
        "{} vs {}",
        tough["kill_turn"]["mean"],
        training["kill_turn"]["mean"]
    );
    let bad = goldfish(
        "rizontical",
        "rizontical-akasha-guard.txt",
        &["--games", "5", "--dummy", "Humlae"],
    );
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("not a Fighter"));
}

#[test]
fn text_report_and_errors() {
    let out = goldfish(
        "dice-of-destiny",
        "dice-of-destiny-yellow-spells.txt",
        &["--games", "200", "--seed", "4"],
    );
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("Dice of Destiny goldfish: 200 games, seed 4"),
        "{text}"
    );
    assert!(text.contains("kill turn: mean"), "{text}");
    assert!(text.contains("replay with --seed 4"));
    for (extra, needle) in [
        (vec!["--games", "0"], "--games"),
        (vec!["--games", "10", "--threads", "0"], "--threads"),
        (vec!["--games", "10", "--max-turns", "0"], "turn limit"),
        (
            vec!["--games", "10", "--option", "nope=1"],
            "unknown option",
        ),
        (vec!["--games", "10", "--dummy", "Zill"], "Rizontical only"),
    ] {
        let out = goldfish(
            "dice-of-destiny",
            "dice-of-destiny-yellow-spells.txt",
            &extra,
        );
        assert_eq!(out.status.code(), Some(2), "{extra:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(needle),
            "{extra:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let out = goldfish(
        "strange-world",
        "strange-world-solo.txt",
        &["--games", "10"],
    );
    assert_eq!(out.status.code(), Some(2));
    // a Bizarre World deck too small for any duel size has no life total
    let out = goldfish(
        "bizarre-world",
        "bizarre-world-illegal-random.txt",
        &["--games", "10"],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("duel size"));
}

#[test]
fn compare_runs_both_decks_on_the_same_seeds() {
    let (_, other) = paths("dice-of-destiny", "dice-of-destiny-yellow-spells.txt");
    let r = json(&goldfish(
        "dice-of-destiny",
        "dice-of-destiny-chicken-rush.txt",
        &[
            "--games",
            "1500",
            "--seed",
            "8",
            "--compare",
            other.to_str().unwrap(),
            "--json",
        ],
    ));
    // the deck's own report keeps the contract keys at the top level
    assert_eq!(r["games"], 1500);
    assert!(r["kill_turn"]["mean"].is_f64());
    let c = &r["compare"];
    assert_eq!(c["b"]["games"], 1500);
    assert_eq!(c["b"]["seed"], 8);
    let p = &c["paired"];
    let both = p["both_won"].as_u64().unwrap();
    assert_eq!(
        p["b_faster"].as_u64().unwrap()
            + p["same"].as_u64().unwrap()
            + p["b_slower"].as_u64().unwrap(),
        both
    );
    let diff = p["mean_difference"].as_f64().unwrap();
    let (a_mean, b_mean) = (
        r["kill_turn"]["mean"].as_f64().unwrap(),
        c["b"]["kill_turn"]["mean"].as_f64().unwrap(),
    );
    if p["only_a_won"] == 0 && p["only_b_won"] == 0 {
        assert!(
            (diff - (b_mean - a_mean)).abs() < 1e-9,
            "{diff} vs {b_mean} - {a_mean}"
        );
    }
    // a deck compared with itself: identical games
    let (_, same) = paths("dice-of-destiny", "dice-of-destiny-chicken-rush.txt");
    let r = json(&goldfish(
        "dice-of-destiny",
        "dice-of-destiny-chicken-rush.txt",
        &[
            "--games",
            "500",
            "--seed",
            "8",
            "--compare",
            same.to_str().unwrap(),
            "--json",
        ],
    ));
    assert_eq!(r["compare"]["paired"]["same"], 500);
    assert_eq!(r["compare"]["paired"]["mean_difference"], 0.0);
    let text = goldfish(
        "dice-of-destiny",
        "dice-of-destiny-chicken-rush.txt",
        &["--games", "300", "--compare", other.to_str().unwrap()],
    );
    assert!(String::from_utf8_lossy(&text.stdout).contains("A/B on the same seeds"));
    let bad = goldfish(
        "dice-of-destiny",
        "dice-of-destiny-chicken-rush.txt",
        &["--games", "10", "--compare", "/no/such/deck.txt"],
    );
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn importance_ranks_every_distinct_card() {
    let r = json(&goldfish(
        "fuzzycards",
        "fuzzycards-beatdown.txt",
        &["--games", "1000", "--seed", "2", "--importance", "--json"],
    ));
    let cards = r["importance"]["cards"].as_array().unwrap();
    assert_eq!(cards.len(), 13, "one row per distinct card");
    let changes: Vec<f64> = cards
        .iter()
        .map(|c| c["kill_turn_change"].as_f64().unwrap())
        .collect();
    assert!(
        changes.windows(2).all(|w| w[0] >= w[1]),
        "ranked: {changes:?}"
    );
    let base = r["kill_turn"]["mean"].as_f64().unwrap();
    for c in cards {
        let without = c["mean_kill_turn"].as_f64().unwrap();
        assert!((without - base - c["kill_turn_change"].as_f64().unwrap()).abs() < 1e-9);
    }
    // Diamond Hands (0 Energy: +1 Energy) speeds the deck up
    assert!(changes[0] > 0.0);
    let text = goldfish(
        "bizarre-world",
        "bizarre-world-crafted-rocks.txt",
        &["--games", "300", "--importance"],
    );
    assert_eq!(text.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&text.stdout).contains("card importance"));
}

/// Every structured effect in the sample catalogs is one its game plays:
/// cards may be vanilla for lack of effects, never for effects misread.
#[test]
fn sample_catalog_effects_are_all_understood() {
    use deckwright::engine::DeckCards;
    use deckwright::engine::session::{Engine, EngineOptions};
    for game in [
        "fuzzycards",
        "dice-of-destiny",
        "bizarre-world",
        "rizontical",
    ] {
        let (c, _) = paths(game, "unused");
        let cat = deckwright::catalog::load(&c).unwrap().catalog;
        let every = DeckCards {
            cards: (0..cat.cards.len() as u16).collect(),
        };
        let engine = Engine::from_cards(&cat, &every, &EngineOptions::default()).unwrap();
        for v in engine.vanilla() {
            assert!(
                !v.reason.contains("effect `"),
                "{game}: {}: {}",
                v.card,
                v.reason
            );
        }
    }
}
