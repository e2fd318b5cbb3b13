//! Validation speed: a 40-card deck (the goal: < 1 ms); and checking
//! a game-definition file of 100,000 card types (issue 22: it took 13 s when
//! the checks compared every type with every other; the goal is linear).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a test or bench fails loudly on what it does not expect"
)]

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use deckwright::catalog;
use deckwright::decklist::parse_text;
use deckwright::games::validate;
use deckwright::rules::CheckOptions;

fn fixture(name: &str) -> deckwright::model::Catalog {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/catalogs")
        .join(name);
    catalog::load(&path).expect("fixture catalog").catalog
}

fn bench(c: &mut Criterion) {
    // Rizontical: 1 Numen + 8 Fighters + 30 Powers + 1 extra Power = 40 cards.
    let rz = fixture("rizontical.toml");
    let mut text = String::from("1 Humlae\n");
    for f in [
        "Zill",
        "Mya",
        "Aaro",
        "Fuq Yew",
        "Kain",
        "Defecator",
        "Poe",
        "Lumo",
    ] {
        text.push_str(&format!("1 {f}\n"));
    }
    for i in 1..=31 {
        text.push_str(&format!("1 Power {i}\n"));
    }
    let deck = parse_text(&text, Path::new("d")).expect("deck");
    assert_eq!(deck.main_count(), 40);
    c.bench_function("validate 40-card Rizontical deck", |b| {
        b.iter(|| {
            validate(black_box(&rz), black_box(&deck), &CheckOptions::default()).expect("report")
        })
    });

    // Bizarre World crafting deck of 40 with cost variants and a duel lookup.
    let bw = fixture("bizarre-world.toml");
    let text = "4 Boring Rock of Minimum Wage\n3 Boring Alien of Sacrifice\n3 Lazy Rock of Charity [lazy-rock-2]\n\
                3 Happy Penny Printer of Emptiness\n3 Sad Gift of Minimum Wage\n24 Odd Spoon of Fate\n";
    let deck = parse_text(text, Path::new("d")).expect("deck");
    assert_eq!(deck.main_count(), 40);
    c.bench_function("validate 40-card Bizarre World deck", |b| {
        b.iter(|| {
            validate(black_box(&bw), black_box(&deck), &CheckOptions::default()).expect("report")
        })
    });

    // Parse + validate from text, as the CLI does per deck.
    c.bench_function("parse and validate 40-card deck text", |b| {
        b.iter(|| {
            let d = parse_text(black_box(text), Path::new("d")).expect("deck");
            validate(&bw, &d, &CheckOptions::default()).expect("report")
        })
    });
}

/// The Lantern Keepers game file with `n` more card types.
fn game_file(n: usize) -> String {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/games/lantern-keepers.toml");
    let text = std::fs::read_to_string(path).expect("fixture game file");
    let more: String = (0..n).map(|i| format!(", \"t{i}\"")).collect();
    text.replacen(
        "types = [\"keeper\", \"warden\", \"rite\", \"relic\"",
        &format!("types = [\"keeper\", \"warden\", \"rite\", \"relic\"{more}"),
        1,
    )
}

fn bench_game_file(c: &mut Criterion) {
    let text = game_file(100_000);
    let file = Path::new("big-game.toml");
    let mut group = c.benchmark_group("game file");
    group.sample_size(10);
    group.bench_function("check a game file of 100,000 card types", |b| {
        b.iter(|| {
            let def = deckwright::games::check_text(black_box(&text), file).expect("valid");
            assert_eq!(def.card.types.len(), 100_004);
        })
    });
    group.finish();
}

criterion_group!(benches, bench, bench_game_file);
criterion_main!(benches);
