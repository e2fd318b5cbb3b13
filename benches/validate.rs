//! Validation speed: a 40-card deck (the goal: < 1 ms).

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

criterion_group!(benches, bench);
criterion_main!(benches);
