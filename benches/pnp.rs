//! Print-and-play export speed and size (issue 4's goal): a 60-card deck
//! with 60 distinct 744 × 1039 JPEG pictures exports in under 2 s, and the
//! PDF is at most 1.05 × the sum of the picture files.
//!
//! The pictures are made here, in a temporary folder, with the image crate:
//! photo-like content (gradients, shapes and noise) at JPEG quality 90, so
//! their sizes are those of real card scans. The size goal is checked before
//! measuring; the run fails if it is missed.
//!
//! Long text (issue 48 item 4): a card whose name is 10,000, 30,000 or
//! 100,000 characters and whose rules text is twice as long (as a restored
//! backup can hold) exports to PDF and to Tabletop Simulator in
//! under a second each — text is fitted in time linear in its length.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a test or bench fails loudly on what it does not expect"
)]

use std::hint::black_box;
use std::io::Cursor;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use deckwright::pnp::{self, Layout, PrintOptions};
use image::codecs::jpeg::JpegEncoder;
use image::{Rgb, RgbImage};

const CARDS: usize = 60;
const W: u32 = 744;
const H: u32 = 1039;

/// A deterministic photo-like picture for card `i`.
fn picture(i: usize) -> RgbImage {
    let seed = i as u32 * 2_654_435_761;
    RgbImage::from_fn(W, H, |x, y| {
        let n = (x.wrapping_mul(374_761_393) ^ y.wrapping_mul(668_265_263) ^ seed)
            .wrapping_mul(1_274_126_177);
        let noise = (n >> 27) as i32 - 16;
        let cx = x as i32 - (W / 2) as i32;
        let cy = y as i32 - (H / 3) as i32;
        let ring = ((cx * cx + cy * cy) as f64).sqrt() as i32 / 24 % 2 * 40;
        let r = ((x * 255 / W) as i32 + ring + noise + i as i32 * 3).clamp(0, 255);
        let g = ((y * 255 / H) as i32 - ring + noise).clamp(0, 255);
        let b =
            (((x + y) * 128 / (W + H)) as i32 + 60 + noise + (i as i32 * 17 % 90)).clamp(0, 255);
        Rgb([r as u8, g as u8, b as u8])
    })
}

/// Writes 60 JPEGs, a catalog naming them and a deck of one copy each.
fn setup(dir: &Path) -> u64 {
    let mut catalog = String::from("game = \"dice-of-destiny\"\nname = \"PnP bench\"\n");
    let mut deck = String::new();
    let mut total = 0;
    for i in 0..CARDS {
        let mut bytes = Cursor::new(Vec::new());
        JpegEncoder::new_with_quality(&mut bytes, 90)
            .encode_image(&picture(i))
            .expect("encode JPEG");
        let bytes = bytes.into_inner();
        total += bytes.len() as u64;
        std::fs::write(dir.join(format!("card{i:02}.jpg")), bytes).expect("write JPEG");
        catalog.push_str(&format!(
            "\n[[card]]\nname = \"Card {i:02}\"\ntype = \"creature\"\ncolour = \"red\"\nimage = \"card{i:02}.jpg\"\n"
        ));
        deck.push_str(&format!("1 Card {i:02}\n"));
    }
    std::fs::write(dir.join("catalog.toml"), catalog).expect("write catalog");
    std::fs::write(dir.join("deck.txt"), deck).expect("write deck");
    total
}

fn bench(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("temp dir");
    let image_bytes = setup(dir.path());
    let catalog = deckwright::catalog::load(&dir.path().join("catalog.toml"))
        .expect("catalog")
        .catalog;
    let deck = deckwright::decklist::load(&dir.path().join("deck.txt")).expect("deck");
    let out = dir.path().join("out.pdf");
    let export = |opts: &PrintOptions| {
        let plan = pnp::plan(&catalog, &deck, opts).expect("plan");
        plan.export_to(&out, &|_| {}, &AtomicBool::new(false))
            .expect("export")
    };

    for (name, opts) in [
        ("nine-up", PrintOptions::default()),
        (
            "nine-up with backs",
            PrintOptions {
                backs: true,
                ..Default::default()
            },
        ),
        (
            "eight-fold",
            PrintOptions {
                layout: Layout::EightFold,
                ..Default::default()
            },
        ),
    ] {
        // the goals, checked once before measuring
        let start = Instant::now();
        let report = export(&opts);
        let took = start.elapsed();
        let ratio = report.pdf_bytes as f64 / image_bytes as f64;
        println!(
            "pnp {name}: {CARDS} cards, {} pictures ({image_bytes} bytes of JPEG) -> {} pages, \
             {} bytes of PDF (x{ratio:.4}), first run {took:?}",
            report.images, report.pages, report.pdf_bytes
        );
        assert_eq!(
            report.images,
            CARDS + usize::from(opts.backs || opts.layout == Layout::EightFold)
        );
        assert!(
            ratio <= 1.05,
            "{name}: PDF is {ratio:.4} x the pictures (goal: <= 1.05)"
        );
        assert!(
            took < Duration::from_secs(2),
            "{name}: took {took:?} (goal: < 2 s)"
        );

        let mut group = c.benchmark_group("pnp");
        group.sample_size(10);
        group.bench_function(format!("60 JPEG cards, {name}"), |b| {
            b.iter(|| black_box(export(&opts)))
        });
        group.finish();
    }

    // the Print screen's preview of page 1 (reads and scales its 9 pictures)
    let plan = pnp::plan(&catalog, &deck, &PrintOptions::default()).expect("plan");
    let mut group = c.benchmark_group("pnp");
    group.sample_size(10);
    group.bench_function("preview page 1 at 100 dpi", |b| {
        b.iter(|| black_box(plan.preview(0, 100.0).expect("preview")))
    });
    group.finish();
}

/// A one-card Fuzzycards catalog whose name is `n` characters and whose
/// rules text is `n` characters of words then a word of `n` characters (no
/// space to break it at), and a deck of that card.
fn long_text(dir: &Path, n: usize) -> (deckwright::model::Catalog, deckwright::model::Deck) {
    let name: String = "Fluffmonarch ".repeat(n / 13 + 1)[..n]
        .trim_end()
        .to_string()
        + "X";
    let word = "W".repeat(n);
    let catalog = format!(
        "game = \"fuzzycards\"\nname = \"Long\"\n\n[[card]]\nname = \"{name}\"\ntype = \"hero\"\n\
         rarity = \"common\"\nforce = \"power\"\ncost = 1\natk = 1\ndef = 1\nhp = 1\n\
         text = \"{}{word}\"\n",
        "Draw a card. ".repeat(n / 13 + 1)
    );
    let path = dir.join(format!("long-{n}.toml"));
    std::fs::write(&path, catalog).expect("write catalog");
    let deck = dir.join(format!("long-{n}.txt"));
    std::fs::write(&deck, format!("3 {name}\n")).expect("write deck");
    (
        deckwright::catalog::load(&path).expect("catalog").catalog,
        deckwright::decklist::load(&deck).expect("deck"),
    )
}

fn bench_long_text(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut group = c.benchmark_group("pnp long text");
    group.sample_size(10);
    for n in [10_000, 30_000, 100_000] {
        let (catalog, deck) = long_text(dir.path(), n);
        let pdf = || {
            let plan = pnp::plan(&catalog, &deck, &PrintOptions::default()).expect("plan");
            plan.export(&|_| {}, &AtomicBool::new(false))
                .expect("export")
        };
        let out = dir.path().join(format!("tts-{n}"));
        let tts = || {
            let plan = pnp::tts::tts_plan(&catalog, &deck, &Default::default()).expect("plan");
            plan.write(&out, &|_| {}, &AtomicBool::new(false))
                .expect("tts")
        };
        // the goal, checked once before measuring
        for (what, took) in [("pdf", timed(&pdf)), ("tts", timed(&tts))] {
            println!("pnp long text: {what}, a {n}-character name, first run {took:?}");
            assert!(
                took < Duration::from_secs(1),
                "{what} with a {n}-character name took {took:?} (goal: < 1 s)"
            );
        }
        group.bench_function(format!("pdf, {n}-character name"), |b| {
            b.iter(|| black_box(pdf()))
        });
        group.bench_function(format!("tts, {n}-character name"), |b| {
            b.iter(|| black_box(tts()))
        });
    }
    group.finish();
}

fn timed<T>(f: &dyn Fn() -> T) -> Duration {
    let start = Instant::now();
    black_box(f());
    start.elapsed()
}

criterion_group!(benches, bench, bench_long_text);
criterion_main!(benches);
