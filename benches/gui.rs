//! The app's performance goals (issue 3): search as you type must answer
//! within a frame (< 16 ms) over 10,000 cards.
//!
//! `search` times the filter itself over a 10,000-card catalog held in
//! memory ([`CardIndex`]); `keystroke` times all the UI work one key press in
//! the Library search box causes in the real app on a database holding that
//! catalog: the update, the new view, its layout and recording the draw
//! (rasterising is the GPU's, or tiny-skia's, and is not included).
//! Cold start and memory are measured on the real window by
//! scripts/measure.sh.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a test or bench fails loudly on what it does not expect"
)]

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use deckwright::gui::screen::library;
use deckwright::gui::search::{CardIndex, Filter};
use deckwright::gui::{FONT, Message};
use deckwright::model::{Card, Catalog, FieldValue, GameId};
use iced::futures::executor::block_on;
use iced::{Pixels, Size, Theme};
use iced_test::core::renderer::{Headless, Style};
use iced_test::runtime::user_interface::{Cache, UserInterface};

#[path = "../tests/gui/harness.rs"]
mod harness;
use harness::Harness;

/// How many cards the goals are stated for.
const CARDS: usize = 10_000;

/// A Fuzzycards catalog of `n` made-up cards with names, rules text and the
/// game's fields, deterministic.
fn catalog(n: usize) -> Catalog {
    const ADJ: [&str; 12] = [
        "Ember", "Tide", "Static", "Riddle", "Verdict", "Moss", "Cinder", "Frost", "Thunder",
        "Velvet", "Gloom", "Sunny",
    ];
    const NOUN: [&str; 10] = [
        "Fox", "Cub", "Hamster", "Badger", "Owl", "Weasel", "Boar", "Lynx", "Heron", "Tortoise",
    ];
    const RARITY: [&str; 5] = ["legendary", "epic", "rare", "uncommon", "common"];
    const FORCE: [&str; 5] = ["power", "clarity", "prophecy", "conviction", "wisdom"];
    // "10,000 ..." sorts before the sample catalog, so the Library opens it.
    let mut c = Catalog::new(GameId::Fuzzycards, "10,000 generated cards");
    for i in 0..n {
        let name = format!("{} {} {i}", ADJ[i % ADJ.len()], NOUN[(i / 12) % NOUN.len()]);
        let t = ["hero", "hero", "hero", "relic", "event"][i % 5];
        let mut card = Card::new(name, t);
        let rarity = i % 5;
        card.cost = Some(5 - rarity as i64);
        card.text = Some(format!(
            "On Deploy: draw {} card and deal {} damage to the {} row.",
            i % 3 + 1,
            i % 4,
            ["front", "back"][i % 2]
        ));
        card.fields
            .insert("rarity".into(), FieldValue::Text(RARITY[rarity].into()));
        card.fields
            .insert("force".into(), FieldValue::Text(FORCE[(i / 5) % 5].into()));
        match t {
            "hero" => {
                for (k, v) in [("atk", 6), ("def", 5), ("hp", 9)] {
                    card.fields.insert(k.into(), FieldValue::Int(v));
                }
            }
            "relic" => {
                card.fields
                    .insert("relic".into(), FieldValue::Text("equip".into()));
            }
            _ => {}
        }
        c.cards.push(card);
    }
    c
}

fn search(c: &mut Criterion) {
    let index = CardIndex::new(Arc::new(catalog(CARDS)));
    let mut g = c.benchmark_group("search 10k cards");
    for (label, filter) in [
        (
            "one letter",
            Filter {
                query: "e".into(),
                ..Filter::default()
            },
        ),
        (
            "name prefix",
            Filter {
                query: "ember f".into(),
                ..Filter::default()
            },
        ),
        (
            "two words in text",
            Filter {
                query: "draw back".into(),
                ..Filter::default()
            },
        ),
        (
            "no match",
            Filter {
                query: "zzzz".into(),
                ..Filter::default()
            },
        ),
        ("query and facets", {
            let mut f = Filter {
                query: "fox".into(),
                card_type: Some("hero".into()),
                cost: Some(3),
                ..Filter::default()
            };
            f.fields.insert("force".into(), "wisdom".into());
            f
        }),
    ] {
        g.bench_function(label, |b| {
            b.iter(|| black_box(index.search(black_box(&filter))))
        });
    }
    g.bench_function("index a catalog", |b| {
        let cat = Arc::new(catalog(CARDS));
        b.iter(|| black_box(CardIndex::new(Arc::clone(&cat))))
    });
    g.finish();
}

fn keystroke(c: &mut Criterion) {
    // The sample catalogs and the big one, which the Library opens first.
    let mut h = Harness::with(|s| {
        s.import_catalog(&catalog(CARDS)).expect("import");
    });
    let mut renderer = block_on(<iced::Renderer as Headless>::new(
        FONT,
        Pixels(16.0),
        Some("tiny-skia"),
    ))
    .expect("headless renderer");
    let theme = Theme::Light;
    let size = Size::new(1400.0, 900.0);
    let mut cache = Cache::default();
    let queries = [
        "e",
        "em",
        "emb",
        "embe",
        "ember",
        "ember f",
        "ember fo",
        "ember fox",
    ];
    let mut n = 0;
    c.bench_function("keystroke in the Library search, 10k cards", |b| {
        b.iter(|| {
            let q = queries[n % queries.len()].to_string();
            n += 1;
            h.send(Message::Library(library::Message::Query(q)));
            let mut ui = UserInterface::build(
                h.app.view(),
                size,
                std::mem::take(&mut cache),
                &mut renderer,
            );
            ui.draw(
                &mut renderer,
                &theme,
                &Style {
                    text_color: theme.palette().text,
                },
                iced::mouse::Cursor::Unavailable,
            );
            cache = ui.into_cache();
        })
    });
    let shown = match h.app.shell().map(|s| s.screen()) {
        Some(deckwright::gui::app::Screen::Library(l)) => {
            (l.catalog().map(|c| c.cards.len()), l.matches().count())
        }
        _ => (None, 0),
    };
    assert_eq!(shown.0, Some(CARDS), "the Library shows the big catalog");
    assert!(shown.1 > 0, "the search found cards");
}

criterion_group!(benches, search, keystroke);
criterion_main!(benches);
