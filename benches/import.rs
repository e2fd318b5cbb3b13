//! Import speed at scale (issue 13): a generated 100,000-card catalog and a
//! 100,000-row collection CSV, each into a database file. Both used to be
//! quadratic (40,000 cards took 35 s; 50,000 CSV rows 24 s); the goal is a
//! few seconds each.
//!
//! The inputs are made here, in memory (`tests/cli/big_support.rs`), never stored.
//! Each part is measured on its own: parsing the catalog file, storing it,
//! and reading + applying the CSV.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a test or bench fails loudly on what it does not expect"
)]

#[path = "../tests/cli/big_support.rs"]
mod big_support;

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use deckwright::store::Store;
use deckwright::{catalog, collection};

use big_support::{CATALOG, catalog_toml, collection_csv};

const CARDS: usize = 100_000;

fn bench(c: &mut Criterion) {
    let toml = catalog_toml(CARDS);
    let csv = collection_csv(CARDS);
    let file = Path::new("generated.toml");
    let parsed = catalog::parse(&toml, file, None)
        .expect("the generated catalog loads")
        .catalog;
    assert_eq!(parsed.cards.len(), CARDS);

    let mut group = c.benchmark_group("import");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(30));

    group.bench_function("parse a 100k-card catalog file", |b| {
        b.iter(|| catalog::parse(black_box(&toml), file, None).expect("loads"))
    });

    group.bench_function("store a 100k-card catalog (new database file)", |b| {
        b.iter_batched(
            || {
                let dir = tempfile::tempdir().expect("temp dir");
                let store = Store::open(dir.path().join("bench.db")).expect("open");
                (dir, store)
            },
            |(dir, mut store)| {
                store.import_catalog(black_box(&parsed)).expect("import");
                (dir, store)
            },
            BatchSize::PerIteration,
        )
    });

    let dir = tempfile::tempdir().expect("temp dir");
    let mut store = Store::open(dir.path().join("bench.db")).expect("open");
    let id = store.import_catalog(&parsed).expect("import");
    assert_eq!(parsed.name, CATALOG);
    group.bench_function("collection CSV of 100k rows: read and import", |b| {
        b.iter(|| {
            let rows = collection::read_csv(black_box(&csv), Path::new("c.csv")).expect("reads");
            let done = store.import_collection_csv(id, &rows).expect("imports");
            assert_eq!(done.cards, CARDS);
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
