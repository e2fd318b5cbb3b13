//! A game added as data, end to end through the `deckwright` binary: the
//! Lantern Keepers game file (tests/fixtures/games, no Rust) checked with
//! `game check`, listed, added by `--game-file` or the `games/` folder beside
//! the database, its catalog loaded and linted, its decks validated with the
//! file's rule ids and messages, and printed.

use std::path::Path;
use std::process::Output;

use crate::pnp_support;
use crate::support::{deckwright, repo, s, stderr, stdout};

const GAME: &str = "tests/fixtures/games/lantern-keepers.toml";
const CATALOG: &str = "tests/fixtures/games/lantern-catalog.toml";
const LEGAL: &str = "tests/fixtures/games/lantern-legal.txt";
const BROKEN: &str = "tests/fixtures/games/lantern-broken.txt";

/// The binary on a database in `dir` (which may hold a `games/` folder).
fn run(dir: &Path, args: &[&str]) -> Output {
    deckwright()
        .env("DECKWRIGHT_DB", dir.join("deckwright.db"))
        .args(args)
        .output()
        .expect("run deckwright")
}

#[test]
fn game_check_accepts_the_file_and_names_each_problem_s_line() {
    let dir = tempfile::tempdir().unwrap();
    let o = run(dir.path(), &["game", "check", s(&repo(GAME))]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains(
            "game `lantern-keepers` (Lantern Keepers) is valid: 4 card types, 6 construction rules, an opening hand of 6"
        ),
        "{}",
        stdout(&o)
    );

    // a rule naming a field the schema lacks, an unknown setup key, a bad colour
    let text = std::fs::read_to_string(repo(GAME))
        .unwrap()
        .replace(
            "field = \"order\"\nmax = 2\nnoun",
            "field = \"faction\"\nmax = 2\nnoun",
        )
        .replace("frame = \"#8a5a2b\"", "frame = \"brown\"")
        .replace("life = 25", "lives = 25");
    let bad = dir.path().join("bad.toml");
    std::fs::write(&bad, &text).unwrap();
    std::fs::copy(
        repo("tests/fixtures/games/lantern-back.png"),
        dir.path().join("lantern-back.png"),
    )
    .unwrap();
    let o = run(dir.path(), &["game", "check", s(&bad)]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    let line_of = |needle: &str| text.lines().position(|l| l.contains(needle)).unwrap() + 1;
    for (line, message) in [
        (
            line_of("frame = \"brown\""),
            "`print.frame`: `brown` is not a colour",
        ),
        (
            line_of("field = \"faction\""),
            "`field`: no card field `faction`",
        ),
        (line_of("lives = 25"), "unknown key `lives` in [setup]"),
    ] {
        let at = format!("{}:{line}:", bad.display());
        assert!(
            err.lines().any(|l| l.contains(&at) && l.contains(message)),
            "no `{at} ... {message}` in:\n{err}"
        );
    }

    // a TOML syntax error
    std::fs::write(&bad, "id = \"x\"\nname = [\n").unwrap();
    let o = run(dir.path(), &["game", "check", s(&bad)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains(&format!("{}:", bad.display())),
        "{}",
        stderr(&o)
    );
}

#[test]
fn game_list_shows_the_builtin_games_and_added_ones_with_their_source() {
    let dir = tempfile::tempdir().unwrap();
    let o = run(dir.path(), &["game", "list", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let ids: Vec<&str> = v["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        ids,
        [
            "fuzzycards",
            "bizarre-world",
            "rizontical",
            "strange-world",
            "dice-of-destiny"
        ]
    );
    assert_eq!(v["games"][0]["source"], "built-in");
    assert_eq!(v["games"][0]["name"], "Fuzzycards");

    let o = run(
        dir.path(),
        &["game", "list", "--json", "--game-file", s(&repo(GAME))],
    );
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let added = &v["games"][5];
    assert_eq!(added["id"], "lantern-keepers");
    assert_eq!(added["name"], "Lantern Keepers");
    assert_eq!(added["source"], s(&repo(GAME)));

    // a broken --game-file is an input error naming its file
    let bad = dir.path().join("bad.toml");
    std::fs::write(&bad, "id = \"x\"\n").unwrap();
    let o = run(dir.path(), &["game", "list", "--game-file", s(&bad)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("bad.toml"), "{}", stderr(&o));
}

#[test]
fn the_catalog_loads_and_decks_validate_with_the_files_rules() {
    let dir = tempfile::tempdir().unwrap();
    let game = repo(GAME);
    let catalog = repo(CATALOG);
    // without the game, the catalog names a game nobody defined
    let o = run(dir.path(), &["catalog", "check", s(&catalog)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("lantern-catalog.toml:3:8: key `game`: unknown game `lantern-keepers`")
            && stderr(&o).contains("--game-file"),
        "{}",
        stderr(&o)
    );

    let o = run(
        dir.path(),
        &["catalog", "check", s(&catalog), "--game-file", s(&game)],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("23 cards, 0 warnings"),
        "{}",
        stdout(&o)
    );

    let o = run(
        dir.path(),
        &[
            "validate",
            "--game-file",
            s(&game),
            "--catalog",
            s(&catalog),
            s(&repo(LEGAL)),
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    assert!(stdout(&o).contains("Lantern Keepers deck of 40 cards — legal"));

    let o = run(
        dir.path(),
        &[
            "validate",
            "--game-file",
            s(&game),
            "--catalog",
            s(&catalog),
            s(&repo(BROKEN)),
            "--json",
        ],
    );
    assert_eq!(o.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["game"], "lantern-keepers");
    assert_eq!(v["total"], 41);
    let got: Vec<(String, String, String)> = v["violations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| {
            (
                x["rule"].as_str().unwrap().to_string(),
                x["ref"].as_str().unwrap().to_string(),
                x["message"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let want = [
        (
            "deck-size",
            "LK-D1",
            "deck has 41 cards; Lantern Keepers needs exactly 40",
        ),
        (
            "keeper-count",
            "LK-D2",
            "deck has 2 Keepers; Lantern Keepers needs exactly 1 Keeper (the Keeper starts in play)",
        ),
        (
            "copy-limit",
            "LK-D4",
            "3 copies of \"Dawn Lamplighter\"; Lantern Keepers allows at most 2",
        ),
        (
            "order-limit",
            "LK-D5",
            "deck uses 3 orders: dawn (22), dusk (18), tide (1); Lantern Keepers allows at most 2",
        ),
    ];
    let want: Vec<(String, String, String)> = want
        .iter()
        .map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string()))
        .collect();
    assert_eq!(got, want);
    let sections: Vec<(String, u64)> = v["sections"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| {
            (
                x["name"].as_str().unwrap().to_string(),
                x["count"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        sections,
        [
            ("Keeper".to_string(), 2),
            ("Wardens".to_string(), 21),
            ("Rites and Relics".to_string(), 18)
        ]
    );

    // the game's option: relics carried by every order do not count
    let o = run(
        dir.path(),
        &[
            "validate",
            "--game-file",
            s(&game),
            "--catalog",
            s(&catalog),
            s(&repo(LEGAL)),
            "--option",
            "relics_have_no_order=maybe",
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("relics_have_no_order"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn the_games_folder_beside_the_database_adds_its_games() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games");
    std::fs::create_dir_all(&games).unwrap();
    std::fs::copy(repo(GAME), games.join("lantern-keepers.toml")).unwrap();
    std::fs::copy(
        repo("tests/fixtures/games/lantern-back.png"),
        games.join("lantern-back.png"),
    )
    .unwrap();
    // a broken file there is a warning; the others still load
    std::fs::write(games.join("broken.toml"), "id = \"broken\"\nname = 3\n").unwrap();
    let o = run(
        dir.path(),
        &["validate", "--catalog", s(&repo(CATALOG)), s(&repo(LEGAL))],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("warning:") && stderr(&o).contains("broken.toml:2:"),
        "{}",
        stderr(&o)
    );
    let o = run(dir.path(), &["game", "list"]);
    assert!(stdout(&o).contains("lantern-keepers"), "{}", stdout(&o));
    assert!(
        stdout(&o).contains(&games.join("lantern-keepers.toml").display().to_string()),
        "{}",
        stdout(&o)
    );
}

#[test]
/// Tarot-size cards nine-up need A3 paper (3 × 120 mm is more than A4).
fn the_decks_cards_print_at_the_games_size() {
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("lantern.pdf");
    let o = run(
        dir.path(),
        &[
            "pdf",
            "--game-file",
            s(&repo(GAME)),
            "--catalog",
            s(&repo(CATALOG)),
            s(&repo(LEGAL)),
            "--layout",
            "nine-up",
            "--paper",
            "a3",
            "-o",
            s(&pdf),
            "--json",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let report: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(report["cards"], 40);
    pnp_support::qpdf_check(&pdf);
    let doc = lopdf::Document::load(&pdf).unwrap();
    let pages = pnp_support::pages(&doc);
    let scan = pnp_support::scan(&doc, pages[0]);
    let first = scan.cards[0].rect();
    assert!(
        (first.w - 70.0).abs() < 0.01 && (first.h - 120.0).abs() < 0.01,
        "a tarot-size card: {first:?}"
    );
    // every card is drawn from data: its name is on the page
    let text = pnp_support::text(&pdf, 1);
    assert!(text.contains("Ilsa of the First Flame"), "{text}");
}

#[test]
fn hands_and_odds_come_from_the_games_setup() {
    let dir = tempfile::tempdir().unwrap();
    let game = repo(GAME);
    let catalog = repo(CATALOG);
    let hand = || {
        run(
            dir.path(),
            &[
                "hand",
                "--game-file",
                s(&game),
                "--catalog",
                s(&catalog),
                s(&repo(LEGAL)),
                "--seed",
                "7",
                "--json",
            ],
        )
    };
    let o = hand();
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    // six cards, none of them the Keeper (hand_types leaves it out)
    let cards = v["hand"].as_array().unwrap();
    assert_eq!(cards.len(), 6);
    assert!(cards.iter().all(|c| c != "Ilsa of the First Flame"));
    let again = hand();
    assert_eq!(
        stdout(&o),
        stdout(&again),
        "the same seed deals the same hand"
    );

    // 39 cards drawn from, 2 Brass Lanterns: P(at least one in 6) = 1 - C(37,6)/C(39,6)
    let o = run(
        dir.path(),
        &[
            "odds",
            "--game-file",
            s(&game),
            "--catalog",
            s(&catalog),
            s(&repo(LEGAL)),
            "--card",
            "Brass Lantern",
            "--json",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let c = |n: f64, k: f64| {
        (0..k as u32).fold(1.0, |acc, i| {
            acc * (n - f64::from(i)) / (f64::from(i) + 1.0)
        })
    };
    let want = 1.0 - c(37.0, 6.0) / c(39.0, 6.0);
    let got = v["probability"].as_f64().unwrap();
    assert!((got - want).abs() < 1e-3, "{got} vs {want}");
}

#[test]
fn goldfish_and_match_say_the_game_needs_an_engine() {
    let dir = tempfile::tempdir().unwrap();
    let (game, catalog, legal) = (repo(GAME), repo(CATALOG), repo(LEGAL));
    let base = ["--game-file", s(&game), "--catalog", s(&catalog)];
    let mut goldfish = vec!["goldfish"];
    goldfish.extend_from_slice(&base);
    goldfish.extend_from_slice(&[s(&legal), "--games", "10"]);
    let o = run(dir.path(), &goldfish);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("no game engine"), "{}", stderr(&o));
    let mut m = vec!["match"];
    m.extend_from_slice(&base);
    m.extend_from_slice(&[s(&legal), s(&legal), "--games", "10"]);
    let o = run(dir.path(), &m);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("no game engine"), "{}", stderr(&o));
}
