//! Collection CSV files (Moxfield-style columns) in and out of the store, on
//! real files in temporary folders.

use std::path::{Path, PathBuf};

use deckwright::catalog;
use deckwright::collection::{self, CsvRow};
use deckwright::model::{Catalog, Collection, Owned};
use deckwright::store::{CatalogId, Store, StoreError};

fn fixture(name: &str) -> Catalog {
    let path = crate::support::root()
        .join("tests/fixtures/db/catalogs")
        .join(name);
    catalog::load(&path)
        .unwrap_or_else(|e| panic!("{e}"))
        .catalog
}

fn store_with(name: &str) -> (tempfile::TempDir, Store, CatalogId) {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path().join("deckwright.db")).unwrap();
    let id = store.import_catalog(&fixture(name)).unwrap();
    (dir, store, id)
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn owned(owned: u32, trade: u32, wish: u32) -> Owned {
    Owned { owned, trade, wish }
}

#[test]
fn export_then_import_gives_the_same_collection() {
    let (dir, mut store, id) = store_with("base-set.toml");
    store
        .set_owned(id, "boring-rock-of-minimum-wage", owned(4, 1, 0))
        .unwrap();
    // two cost variants that share a name: only the Id column tells them apart
    store.set_owned(id, "lazy-rock-2", owned(2, 0, 1)).unwrap();
    store.set_owned(id, "lazy-rock-3", owned(0, 0, 3)).unwrap();
    let before = store.collection(id).unwrap();

    let csv = store.export_collection_csv(id).unwrap();
    assert_eq!(
        csv,
        "Count,Tradelist Count,Name,Edition,Wishlist Count,Id\r\n\
         4,1,Boring Rock of Minimum Wage,Base Set Fixture,0,boring-rock-of-minimum-wage\r\n\
         2,0,Lazy Rock of Charity,Base Set Fixture,1,lazy-rock-2\r\n\
         0,0,Lazy Rock of Charity,Base Set Fixture,3,lazy-rock-3\r\n"
    );
    let path = write(dir.path(), "collection.csv", &csv);

    // into a fresh database
    let (_dir2, mut other, id2) = store_with("base-set.toml");
    let rows = collection::read_file(&path).unwrap();
    let report = other.import_collection_csv(id2, &rows).unwrap();
    assert!(report.unresolved.is_empty(), "{:?}", report.unresolved);
    assert_eq!(report.cards, 3);
    assert_eq!(other.collection(id2).unwrap(), before);

    // and back over a changed collection: the file's counts replace it
    store.set_owned(id, "lazy-rock-2", owned(9, 9, 9)).unwrap();
    store
        .import_collection_csv(id, &collection::read_file(&path).unwrap())
        .unwrap();
    assert_eq!(store.collection(id).unwrap(), before);
}

#[test]
fn a_moxfield_export_imports_and_reports_what_it_could_not_place() {
    let (dir, mut store, id) = store_with("genesis.toml");
    let text = "\u{feff}\"Count\",\"Tradelist Count\",\"Name\",\"Edition\",\"Condition\",\"Language\",\"Foil\",\"Tags\",\"Last Modified\",\"Collector Number\",\"Alter\",\"Proxy\",\"Purchase Price\"\n\
        \"3\",\"1\",\"Ember Cub\",\"genesis fixture\",\"Near Mint\",\"English\",\"\",\"\",\"2025-01-01 10:00:00\",\"1\",\"False\",\"False\",\"\"\n\
        \"1\",\"0\",\"Ember Cub\",\"Genesis Fixture\",\"Near Mint\",\"English\",\"foil\",\"\",\"2025-01-01 10:00:00\",\"1\",\"False\",\"False\",\"\"\n\
        \"2\",\"0\",\"tide   pup\",\"Genesis Fixture\",\"Played\",\"English\",\"\",\"\",\"2025-01-01 10:00:00\",\"2\",\"False\",\"False\",\"\"\n\
        \"1\",\"0\",\"Black Lotus\",\"Alpha\",\"Near Mint\",\"English\",\"\",\"\",\"2025-01-01 10:00:00\",\"3\",\"False\",\"False\",\"\"\n\
        \"5\",\"0\",\"Emberr Cub\",\"Genesis Fixture\",\"Near Mint\",\"English\",\"\",\"\",\"2025-01-01 10:00:00\",\"4\",\"False\",\"False\",\"\"\n";
    let path = write(dir.path(), "moxfield.csv", text);
    let rows = collection::read_file(&path).unwrap();
    assert_eq!(rows.len(), 5);
    let report = store.import_collection_csv(id, &rows).unwrap();
    assert_eq!(report.cards, 2);
    let lines: Vec<String> = report.unresolved.iter().map(ToString::to_string).collect();
    assert_eq!(
        lines,
        [
            "line 5: \"Black Lotus\": edition \"Alpha\" is not this catalog (\"Genesis Fixture\")",
            "line 6: \"Emberr Cub\": no card of this name in the catalog",
        ]
    );
    let col = store.collection(id).unwrap();
    assert_eq!(col.cards.get("ember-cub"), Some(&owned(4, 1, 0)));
    assert_eq!(col.cards.get("tide-pup-alt"), Some(&owned(2, 0, 0)));
}

#[test]
fn a_bad_row_names_the_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "bad.csv",
        "Count,Name,Edition\r\n2,Ember Cub,Genesis Fixture\r\n\r\nlots,Tide Pup,Genesis Fixture\r\n\"1\",\"Spark\r\nwith a line break\",x\r\n1.5,Spark,\r\n",
    );
    let err = collection::read_file(&path).unwrap_err();
    let shown = err.to_string();
    let file = path.display().to_string();
    assert_eq!(
        shown,
        format!(
            "{file}:4: column `Count`: `lots` is not a whole number of cards (0 or more)\n\
             {file}:7: column `Count`: `1.5` is not a whole number of cards (0 or more)"
        )
    );
    let err = collection::read_file(&dir.path().join("missing.csv")).unwrap_err();
    assert!(err.to_string().contains("cannot read file"), "{err}");
    let path = write(dir.path(), "noheader.csv", "2,Ember Cub\n");
    let err = collection::read_file(&path).unwrap_err();
    assert_eq!(err.first().unwrap().line, 1);
}

#[test]
fn shared_names_need_an_id_column() {
    let (dir, mut store, id) = store_with("base-set.toml");
    let path = write(
        dir.path(),
        "c.csv",
        "Count,Name\n2,Lazy Rock of Charity\n1,Boring Rock of Minimum Wage\n",
    );
    let report = store
        .import_collection_csv(id, &collection::read_file(&path).unwrap())
        .unwrap();
    assert_eq!(report.unresolved.len(), 1);
    assert_eq!(report.unresolved[0].line, 2);
    assert!(
        report.unresolved[0]
            .reason
            .contains("add an `Id` column to say which"),
        "{}",
        report.unresolved[0].reason
    );
    assert_eq!(
        store
            .collection(id)
            .unwrap()
            .owned("boring-rock-of-minimum-wage"),
        1
    );
}

#[test]
fn a_failed_import_keeps_the_collection() {
    let (_dir, mut store, id) = store_with("base-set.toml");
    store
        .set_owned(id, "boring-rock-of-minimum-wage", owned(1, 0, 0))
        .unwrap();
    let before = store.collection(id).unwrap();
    let row = |line, count| CsvRow {
        line,
        count,
        trade: 0,
        wish: 0,
        name: "Lazy Rock of Charity".into(),
        edition: None,
        id: Some("lazy-rock-3".into()),
    };
    let err = store
        .import_collection_csv(id, &[row(2, u32::MAX), row(3, 1)])
        .unwrap_err();
    assert!(matches!(err, StoreError::Csv(_)), "{err}");
    assert_eq!(
        err.to_string(),
        "collection CSV: line 3: too many copies of \"Lazy Rock of Charity\" in total"
    );
    assert_eq!(store.collection(id).unwrap(), before);
    assert_ne!(before, Collection::default());
}
