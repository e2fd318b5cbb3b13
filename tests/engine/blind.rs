//! Issue 49: card text as players write it, measured blind. Each batch in
//! `tests/fixtures/blind/<batch>/<game>.toml` was written by someone who had
//! seen neither the grammar, nor the lexicons, nor any earlier paraphrase
//! set: paraphrases of the sample cards' printed text, from the cards and the
//! rulebook. Each case puts its text in place of the printed text of the
//! sample card it names (Bizarre World: the whole card's text in the `text`
//! box, its three boxes emptied; Rizontical: the skill, Enchantment,
//! Conjuration or Power text it names) and reads the card:
//!
//! - **right**: read completely and played exactly as the printed text is:
//!   the same abilities, costs, conditions, limits and keywords, or — where
//!   the reading is put together differently (steps in another order, a
//!   keyword given by a static ability) — the same goldfish games, game for
//!   game, on the same seeds (1,000 games of a sample deck holding the card);
//! - **reported**: some of it not understood, and said so (never played
//!   partially where the printed card does more);
//! - **misplayed**: read completely ("modelled") but played differently —
//!   the one outcome that must never happen.
//!
//! Each test prints its figures, for the measure, and fails on a
//! misplayed case or when fewer cases play right than when last measured.
//! Batch 1 was written before the grammar learned the kinds of phrasing,
//! batch 2 after it learned them from batch 1, batch 3 after it learned
//! more from batch 2 — each by a writer who had seen no earlier batch. The
//! figure that measures generalisation is each batch's first measure (in
//! docs/guide.md, "Measured blind"); later gains on a batch were tuned on it.
//! `tests/fixtures/kinds/` is not blind: one case per kind of phrasing per
//! game, written from the grammar, each of which must read.

use std::collections::BTreeMap;
use std::sync::atomic::AtomicBool;

use deckwright::catalog;
use deckwright::decklist;
use deckwright::engine::core::Seat;
use deckwright::engine::coverage::{CardReading, Status, read};
use deckwright::engine::run::{Progress, RunConfig};
use deckwright::engine::session::{Engine, EngineOptions};
use deckwright::model::{Card, Catalog, FieldValue};

#[derive(serde::Deserialize)]
struct Batch {
    game: String,
    #[serde(rename = "case")]
    cases: Vec<Case>,
}

#[derive(serde::Deserialize)]
struct Case {
    card: String,
    #[serde(default)]
    ability: Option<usize>,
    #[serde(default)]
    kind: String,
    text: String,
}

/// What a card plays, whatever the order its text gives it in and the
/// labels its boxes carry: each ability (without its label), sorted, and
/// its keywords, sorted.
fn plays(r: &CardReading) -> (Vec<String>, Vec<String>) {
    let mut abilities: Vec<String> = r
        .abilities
        .iter()
        .map(|a| {
            let mut a = a.clone();
            a.label = None;
            format!("{a:?}")
        })
        .collect();
    abilities.sort();
    let mut keywords = r.keywords.clone();
    keywords.sort();
    keywords.dedup();
    (abilities, keywords)
}

/// The sample card with the case's text in place of the printed one.
fn paraphrased(card: &Card, case: &Case, game: &str) -> Card {
    let mut c = card.clone();
    match game {
        "bizarre-world" => {
            for k in ["passive", "active_cost", "active"] {
                c.fields.remove(k);
            }
            c.text = Some(case.text.clone());
        }
        "rizontical" => {
            let i = case.ability.unwrap_or(0);
            if let Some(FieldValue::List(skills)) = c.fields.get_mut("skills") {
                let skill = skills.get_mut(i).expect("a skill of that number");
                let FieldValue::Table(t) = skill else {
                    panic!("{}: skill {i} is not a table", card.name)
                };
                t.insert("text".into(), FieldValue::Text(case.text.clone()));
            } else if c.fields.contains_key("enchantment") || c.fields.contains_key("conjuration") {
                let key = if i == 0 { "enchantment" } else { "conjuration" };
                c.fields
                    .insert(key.into(), FieldValue::Text(case.text.clone()));
            } else {
                c.text = Some(case.text.clone());
            }
        }
        _ => c.text = Some(case.text.clone()),
    }
    c
}

/// A sample deck of `game` holding `card`: the card swapped in for the
/// first card of its section (Rizontical, whose decks hold one of each), or
/// two copies added.
fn deck_with(game: &str, card: &Card) -> String {
    let file = match game {
        "fuzzycards" => "fuzzycards-beatdown.txt",
        "dice-of-destiny" => "dice-of-destiny-chicken-rush.txt",
        "bizarre-world" => "bizarre-world-crafted-rocks.txt",
        _ => "rizontical-ember-push.txt",
    };
    let text =
        std::fs::read_to_string(crate::support::root().join("resources/decks").join(file)).unwrap();
    if text
        .lines()
        .any(|l| l.trim().strip_prefix("1 ").is_some_and(|n| n == card.name))
    {
        return text;
    }
    if game != "rizontical" {
        return format!("{text}\n2 {}\n", card.name);
    }
    let header = match card.card_type.as_str() {
        "numen" => "Numen:",
        "fighter" => "Fighters:",
        _ => "Powers:",
    };
    let mut out = Vec::new();
    let mut swap = false;
    for line in text.lines() {
        if line.trim() == header {
            swap = true;
        } else if swap && line.trim().starts_with("1 ") {
            out.push(format!("1 {}", card.name));
            swap = false;
            continue;
        }
        out.push(line.to_string());
    }
    out.join("\n")
}

/// Whether the card plays the same goldfish games with the printed text as
/// with the paraphrase (1,000 games, the same seed, every figure equal).
fn same_goldfish(cat: &Catalog, card: &Card, typed: &Card, game: &str) -> bool {
    let deck =
        decklist::parse_text(&deck_with(game, card), std::path::Path::new("deck.txt")).unwrap();
    let cancel = AtomicBool::new(false);
    let progress = Progress {
        on_progress: &|_, _| {},
        cancel: &cancel,
    };
    let cfg = RunConfig {
        games: 1000,
        seed: 49,
        seat: Seat::First,
        threads: Some(1),
    };
    let play = |cat: &Catalog| {
        let engine = Engine::new(cat, &deck, &EngineOptions::default()).unwrap();
        serde_json::to_value(engine.goldfish(&cfg, &progress).unwrap()).unwrap()
    };
    let mut other = cat.clone();
    for c in &mut other.cards {
        if c.name == card.name {
            *c = typed.clone();
        }
    }
    play(cat) == play(&other)
}

#[derive(Default)]
struct Tally {
    right: usize,
    reported: Vec<String>,
    misplayed: Vec<String>,
}

fn measure(batch: &str, game: &str) -> Tally {
    let root = crate::support::root();
    let file = if batch == "kinds" {
        root.join(format!("tests/fixtures/kinds/{game}.toml"))
    } else {
        root.join(format!("tests/fixtures/blind/{batch}/{game}.toml"))
    };
    let b: Batch = toml::from_str(&std::fs::read_to_string(&file).unwrap())
        .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    assert_eq!(b.game, game);
    let cat: Catalog = catalog::load(&root.join(format!("resources/catalogs/{game}.toml")))
        .unwrap()
        .catalog;
    let by_name: BTreeMap<&str, &Card> = cat.cards.iter().map(|c| (c.name.as_str(), c)).collect();
    let mut t = Tally::default();
    for case in &b.cases {
        let card = by_name
            .get(case.card.as_str())
            .unwrap_or_else(|| panic!("{game}: no sample card {:?}", case.card));
        let printed = read(card, cat.game).unwrap();
        assert_eq!(printed.status(), Status::Modelled, "{}", card.name);
        let typed_card = paraphrased(card, case, game);
        let typed = read(&typed_card, cat.game).unwrap();
        let line = format!("{} [{}] {:?}", case.card, case.kind, case.text);
        if typed.status() != Status::Modelled || !typed.has_rules_text {
            t.reported.push(format!(
                "{line}\n    {}",
                typed.reason().unwrap_or_default()
            ));
        } else if plays(&typed) != plays(&printed) && !same_goldfish(&cat, card, &typed_card, game)
        {
            t.misplayed.push(format!(
                "{line}\n    reads   {:?}\n    printed {:?}",
                plays(&typed),
                plays(&printed)
            ));
        } else {
            t.right += 1;
        }
    }
    let n = b.cases.len();
    println!(
        "{batch} {game}: {} of {n} right ({}%), {} reported, {} misplayed",
        t.right,
        t.right * 100 / n.max(1),
        t.reported.len(),
        t.misplayed.len()
    );
    if std::env::var_os("BLIND_SHOW").is_some() {
        for r in &t.reported {
            println!("  reported: {r}");
        }
        for m in &t.misplayed {
            println!("  MISPLAYED: {m}");
        }
    }
    t
}

/// Measures `batch` game by game: prints the figures, and fails on any
/// misplayed case (read completely but played differently: the one outcome
/// that must never happen) or when fewer cases than `floor` play right (the
/// figures measured when the grammar last changed, so it never goes back).
fn check(batch: &str, floors: [(&str, usize); 4]) {
    let mut misplayed = Vec::new();
    let mut below = Vec::new();
    let (mut right, mut total) = (0, 0);
    for (game, floor) in floors {
        let t = measure(batch, game);
        right += t.right;
        total += t.right + t.reported.len() + t.misplayed.len();
        misplayed.extend(t.misplayed.iter().map(|m| format!("{game}: {m}")));
        if t.right < floor {
            below.push(format!("{game}: {} right, was {floor}", t.right));
        }
    }
    println!(
        "{batch}: {right} of {total} right ({}%)",
        right * 100 / total.max(1)
    );
    assert!(misplayed.is_empty(), "misplayed:\n{}", misplayed.join("\n"));
    assert!(below.is_empty(), "fewer right than before: {below:?}");
}

/// The first batch, written blind before the grammar learned the kinds of
/// phrasing (20% right then), read since by those kinds.
#[test]
fn blind_batch_1() {
    check(
        "batch1",
        [
            ("fuzzycards", 70),
            ("dice-of-destiny", 50),
            ("bizarre-world", 55),
            ("rizontical", 69),
        ],
    );
}

/// The second batch, written blind after the grammar learned its kinds of
/// phrasing from the first (by another writer, who saw neither batch 1 nor
/// the code): the measure of what was learned, on wordings nobody tuned to
/// (169 of 289 right when first measured; kinds were learned from it since).
#[test]
fn blind_batch_2() {
    check(
        "batch2",
        [
            ("fuzzycards", 56),
            ("dice-of-destiny", 45),
            ("bizarre-world", 53),
            ("rizontical", 86),
        ],
    );
}

/// Each kind of phrasing, in every game's words (`tests/fixtures/kinds/`,
/// written by us from the grammar, each case labelled with its kind): every
/// case plays exactly as the printed card.
#[test]
fn each_kind_of_phrasing_reads_in_every_game() {
    let mut wrong = Vec::new();
    for game in [
        "fuzzycards",
        "dice-of-destiny",
        "bizarre-world",
        "rizontical",
    ] {
        let t = measure("kinds", game);
        wrong.extend(t.reported.iter().map(|r| format!("{game}: {r}")));
        wrong.extend(t.misplayed.iter().map(|m| format!("{game}: MISPLAYED {m}")));
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The third batch, written blind (by a third writer, who saw neither
/// earlier batch nor the code) after the grammar learned kinds from the
/// first two: 172 of 303 right when first measured.
#[test]
fn blind_batch_3() {
    check(
        "batch3",
        [
            ("fuzzycards", 55),
            ("dice-of-destiny", 40),
            ("bizarre-world", 48),
            ("rizontical", 80),
        ],
    );
}

/// The fourth batch, written blind (by a fourth writer, who saw no earlier
/// batch, no code and no lexicon; from the catalogs and rulebooks only)
/// after the grammar learned kinds from the first three: 179 of 285 right
/// (62%) when first measured, 0 misplayed.
#[test]
fn blind_batch_4() {
    check(
        "batch4",
        [
            ("fuzzycards", 61),
            ("dice-of-destiny", 43),
            ("bizarre-world", 55),
            ("rizontical", 64),
        ],
    );
}

/// The fifth batch, written blind (by a fifth writer, who saw no earlier
/// batch, no code and no lexicon) after the grammar learned kinds from
/// batch 4: 169 of 309 right (54%) when first measured, 0 misplayed.
#[test]
fn blind_batch_5() {
    check(
        "batch5",
        [
            ("fuzzycards", 41),
            ("dice-of-destiny", 38),
            ("bizarre-world", 39),
            ("rizontical", 51),
        ],
    );
}
