//! The SQLite store on real files in temporary folders: catalog round trips,
//! transactions, deck versions, the collection, and opening old databases.
//!
//! Nothing here touches the user's data folder: every database lives in a
//! `tempfile` folder.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use deckwright::catalog;
use deckwright::model::{Board, Card, Catalog, Deck, DeckEntry, Effect, GameId, Owned, Trigger};
use deckwright::store::{CatalogId, DeckId, SCHEMA_VERSION, Store, StoreError};

fn fixtures() -> PathBuf {
    crate::support::root().join("tests/fixtures/db")
}

fn load(name: &str) -> Catalog {
    let path = fixtures().join("catalogs").join(name);
    match catalog::load(&path) {
        Ok(l) => l.catalog,
        Err(e) => panic!("fixture {name}: {e}"),
    }
}

/// What the store keeps of a catalog: everything but the folder it came from.
fn stored_form(mut c: Catalog) -> Catalog {
    c.base_dir = None;
    c
}

fn temp_store() -> (tempfile::TempDir, PathBuf, Store) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("data/deckwright.db");
    let store = Store::open(&path).unwrap();
    (dir, path, store)
}

fn entry(n: u32, name: &str) -> DeckEntry {
    DeckEntry::new(n, name)
}

fn entry_id(n: u32, name: &str, id: &str) -> DeckEntry {
    let mut e = DeckEntry::new(n, name);
    e.id = Some(id.into());
    e
}

fn on(board: Board, mut e: DeckEntry) -> DeckEntry {
    e.board = board;
    e
}

fn deck(name: &str, entries: Vec<DeckEntry>) -> Deck {
    Deck {
        name: name.into(),
        game: None,
        entries,
        ..Deck::default()
    }
}

/// Every row of every table, as text: equal dumps mean an unchanged database.
fn dump(path: &Path) -> Vec<String> {
    let conn = rusqlite::Connection::open(path).unwrap();
    let tables: Vec<String> = conn
        .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let mut out = Vec::new();
    for t in tables {
        let mut stmt = conn.prepare(&format!("SELECT * FROM \"{t}\"")).unwrap();
        let n = stmt.column_count();
        let rows = stmt
            .query_map([], |r| {
                let mut cells = Vec::new();
                for i in 0..n {
                    let v: rusqlite::types::Value = r.get(i)?;
                    cells.push(format!("{v:?}"));
                }
                Ok(cells.join("|"))
            })
            .unwrap();
        for row in rows {
            out.push(format!("{t}: {}", row.unwrap()));
        }
    }
    out
}

fn count_rows(path: &Path, table: &str) -> i64 {
    let conn = rusqlite::Connection::open(path).unwrap();
    conn.query_row(&format!("SELECT count(*) FROM {table}"), [], |r| r.get(0))
        .unwrap()
}

#[test]
fn catalog_round_trips_toml_to_sqlite_to_toml() {
    let (dir, path, mut store) = temp_store();
    for name in ["genesis.toml", "base-set.toml", "heroes.toml"] {
        let original = load(name);
        let id = store.import_catalog(&original).unwrap();
        // equal to what was imported, also after reopening the file
        assert_eq!(
            store.load_catalog(id).unwrap(),
            stored_form(original.clone())
        );
        drop(store);
        store = Store::open(&path).unwrap();
        let stored = store.load_catalog(id).unwrap();
        assert_eq!(stored, stored_form(original.clone()), "{name}");

        // export: TOML + images beside it, loading gives the same catalog
        let out = dir.path().join("export").join(name);
        store.export_catalog(id, &out).unwrap();
        let exported = catalog::load(&out)
            .unwrap_or_else(|e| panic!("{e}"))
            .catalog;
        assert_eq!(exported.game, original.game);
        assert_eq!(exported.name, original.name);
        assert_eq!(exported.card_size, original.card_size);
        assert_eq!(exported.cards.len(), original.cards.len());
        for (a, b) in original.cards.iter().zip(&exported.cards) {
            let without_image = |c: &Card| Card {
                image: None,
                ..c.clone()
            };
            assert_eq!(without_image(a), without_image(b));
            assert_eq!(a.image.is_some(), b.image.is_some(), "{}", a.name);
            if let (Some(ia), Some(ib)) = (&a.image, &b.image) {
                assert!(ib.starts_with(&format!("{}-images/", name.trim_end_matches(".toml"))));
                let bytes_a = std::fs::read(original.resolve_path(ia)).unwrap();
                let bytes_b = std::fs::read(exported.resolve_path(ib)).unwrap();
                assert!(bytes_a == bytes_b, "{}: image bytes differ", a.name);
            }
        }
        assert_eq!(original.back.is_some(), exported.back.is_some());
        if let (Some(a), Some(b)) = (&original.back, &exported.back) {
            assert_eq!(
                std::fs::read(original.resolve_path(a)).unwrap(),
                std::fs::read(exported.resolve_path(b)).unwrap()
            );
        }
        // and the exported file imports as an equal catalog under a new name
        let mut again = exported.clone();
        again.name.push_str(" (copy)");
        let id2 = store.import_catalog(&again).unwrap();
        let mut back = store.load_catalog(id2).unwrap();
        back.name = original.name.clone();
        assert_eq!(
            back,
            stored_form(Catalog {
                name: original.name.clone(),
                ..exported
            })
        );
    }
}

#[test]
fn each_distinct_image_is_stored_once() {
    let (_dir, path, mut store) = temp_store();
    let genesis = load("genesis.toml");
    let id = store.import_catalog(&genesis).unwrap();
    // ember, tide (jpeg), relic shared by two cards, back
    assert_eq!(count_rows(&path, "images"), 4);
    let old = store.card_image(id, "old-relic").unwrap().unwrap();
    let new = store.card_image(id, "NEW-RELIC").unwrap().unwrap();
    assert_eq!(old.sha256, new.sha256);
    let tide = store.card_image(id, "tide-pup-alt").unwrap().unwrap();
    assert_eq!(tide.mime, "image/jpeg");
    assert_eq!((tide.width, tide.height), (Some(36), Some(50)));
    assert_eq!(tide.file_name, "tide-pup.jpg");
    assert!(store.card_image(id, "spark").unwrap().is_none());
    let back = store.catalog_image(id, "backs/fuzzy.png").unwrap().unwrap();
    assert_eq!(
        back.bytes,
        std::fs::read(fixtures().join("catalogs/backs/fuzzy.png")).unwrap()
    );
    // a second catalog using the same files adds no image
    let mut copy = genesis.clone();
    copy.name = "Genesis Copy".into();
    store.import_catalog(&copy).unwrap();
    assert_eq!(count_rows(&path, "images"), 4);
    // deleting one catalog keeps the images the other uses
    let copy_id = store.find_catalog("genesis copy").unwrap().id;
    store.delete_catalog(copy_id).unwrap();
    assert_eq!(count_rows(&path, "images"), 4);
    store.delete_catalog(id).unwrap();
    assert_eq!(count_rows(&path, "images"), 0);
}

#[test]
fn failed_import_leaves_the_database_unchanged() {
    let (_dir, path, mut store) = temp_store();
    store.import_catalog(&load("base-set.toml")).unwrap();
    let before = dump(&path);

    // the second card's image is missing: the first card's image and row,
    // and the catalog row, must not stay behind
    let mut bad = load("genesis.toml");
    bad.cards[1].image = Some("img/missing.png".into());
    let err = store.import_catalog(&bad).unwrap_err();
    assert!(matches!(err, StoreError::Image { .. }), "{err}");
    let msg = err.to_string();
    assert!(
        msg.starts_with("catalog \"Genesis Fixture\", card \"Tide Pup\": cannot read image `img/missing.png`: no such file"),
        "{msg}"
    );
    assert_eq!(dump(&path), before);

    // the second card repeats the first one's id
    let mut bad = load("genesis.toml");
    bad.cards[1].id = "ember-cub".into();
    let err = store.import_catalog(&bad).unwrap_err();
    assert_eq!(
        err.to_string(),
        "catalog \"Genesis Fixture\" already has a card with id `ember-cub`"
    );
    assert_eq!(dump(&path), before);

    // images supplied by the caller: the second one is not there
    let good = load("genesis.toml");
    let err = store
        .import_catalog_with_images(&good, &|p: &str| {
            (p != "img/tide-pup.jpg").then(|| std::fs::read(good.resolve_path(p)).unwrap())
        })
        .unwrap_err();
    assert!(err.to_string().contains("card \"Tide Pup\""), "{err}");
    assert_eq!(dump(&path), before);

    // a replace that fails half-way (the first card already updated) leaves
    // the stored catalog as it was
    let mut bad = load("base-set.toml");
    change_text(&mut bad.cards[0]);
    bad.cards[1].image = Some("img/nope.png".into());
    let err = store.replace_catalog(&bad).unwrap_err();
    assert!(
        err.to_string().contains("card \"Lazy Rock of Charity\""),
        "{err}"
    );
    assert_eq!(dump(&path), before);

    // a card the game cannot have
    let mut bad = load("base-set.toml");
    bad.cards.push(Card::new("Wrong Type", "hero"));
    let err = store.replace_catalog(&bad).unwrap_err();
    assert!(
        err.to_string()
            .contains("`hero` is not a Bizarre World card type"),
        "{err}"
    );
    assert_eq!(dump(&path), before);
}

#[test]
fn import_refuses_an_existing_name_and_replace_updates_in_place() {
    let (_dir, path, mut store) = temp_store();
    let genesis = load("genesis.toml");
    let id = store.import_catalog(&genesis).unwrap();
    let mut same_name = load("base-set.toml");
    same_name.name = "GENESIS fixture".into();
    let err = store.import_catalog(&same_name).unwrap_err();
    assert!(matches!(err, StoreError::CatalogExists { .. }), "{err}");
    // a different game under the same name is not a replacement
    let err = store.replace_catalog(&same_name).unwrap_err();
    assert_eq!(
        err.to_string(),
        "catalog \"Genesis Fixture\" is for fuzzycards, not bizarre-world"
    );

    let d = store
        .create_deck(
            id,
            &deck(
                "Aggro",
                vec![
                    entry(3, "Ember Cub"),
                    entry(2, "Spark"),
                    entry(1, "Brand New"),
                ],
            ),
        )
        .unwrap();
    store
        .set_owned(
            id,
            "ember-cub",
            Owned {
                owned: 2,
                trade: 0,
                wish: 1,
            },
        )
        .unwrap();
    store
        .set_owned(
            id,
            "spark",
            Owned {
                owned: 4,
                trade: 1,
                wish: 0,
            },
        )
        .unwrap();

    // the new file: Spark gone, Ember Cub changed, a new card added
    let mut next = genesis.clone();
    next.cards.retain(|c| c.id != "spark");
    change_text(&mut next.cards[0]);
    let mut fresh = Card::new("Brand New", "event");
    fresh.cost = Some(1);
    next.cards.insert(0, fresh);
    let id2 = store.replace_catalog(&next).unwrap();
    assert_eq!(id2, id);
    assert_eq!(store.load_catalog(id).unwrap(), stored_form(next.clone()));
    let col = store.collection(id).unwrap();
    assert_eq!(col.owned("ember-cub"), 2);
    assert_eq!(col.cards.get("spark"), None);
    // the deck keeps every entry as written
    let loaded = store.load_deck(d).unwrap();
    let names: Vec<&str> = loaded.entries.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names, ["Ember Cub", "Spark", "Brand New"]);
    // Brand New now resolves, so it can be missing from the collection
    let missing = store.missing_for_deck(d).unwrap();
    let got: Vec<(&str, u32)> = missing.iter().map(|m| (m.id.as_str(), m.missing)).collect();
    assert_eq!(got, [("ember-cub", 1), ("brand-new", 1)]);
    // rows: one catalog, the new card count
    assert_eq!(count_rows(&path, "catalogs"), 1);
    assert_eq!(count_rows(&path, "cards"), next.cards.len() as i64);
}

/// Changes a card's text and effects, so a replace has something to update.
fn change_text(card: &mut Card) {
    card.text = Some("On Deploy: draw 2.".into());
    card.effects = vec![
        Effect {
            on: Trigger::Deploy,
            draw: 2,
            ..Effect::default()
        }
        .into(),
    ];
}

#[test]
fn deck_versions_save_restore_and_diff() {
    let (_dir, path, mut store) = temp_store();
    let id = store.import_catalog(&load("base-set.toml")).unwrap();
    let v1 = deck(
        "Rocks",
        vec![
            entry(3, "Boring Rock of Minimum Wage"),
            entry_id(2, "Lazy Rock of Charity", "lazy-rock-2"),
            on(
                Board::Sideboard,
                entry_id(1, "Lazy Rock of Charity", "lazy-rock-3"),
            ),
        ],
    );
    let d = store.create_deck(id, &v1).unwrap();
    assert_eq!(store.deck_info(d).unwrap().version, 1);
    let mut loaded = store.load_deck(d).unwrap();
    assert_eq!(loaded.game, Some(GameId::BizarreWorld));
    assert_eq!(loaded.entries, v1.entries);

    // an unchanged save adds no version (source lines do not count)
    loaded.entries[0].line = Some(7);
    assert_eq!(store.save_deck(d, &loaded, Some("nothing")).unwrap(), 1);

    let v2 = deck(
        "Rocks",
        vec![
            entry(2, "Boring Rock of Minimum Wage"),
            entry_id(3, "Lazy Rock of Charity", "lazy-rock-3"),
            entry(1, "Card From The Future"),
        ],
    );
    assert_eq!(store.save_deck(d, &v2, Some("more lazy rocks")).unwrap(), 2);
    assert_eq!(store.load_deck(d).unwrap().entries, v2.entries);
    assert_eq!(store.load_deck_version(d, 1).unwrap().entries, v1.entries);

    let diff = store.diff_versions(d, 1, 2).unwrap();
    let got: Vec<(&str, Option<&str>, Board, u32, u32)> = diff
        .iter()
        .map(|l| (l.name.as_str(), l.id.as_deref(), l.board, l.before, l.after))
        .collect();
    assert_eq!(
        got,
        [
            (
                "Boring Rock of Minimum Wage",
                Some("boring-rock-of-minimum-wage"),
                Board::Main,
                3,
                2
            ),
            (
                "Lazy Rock of Charity",
                Some("lazy-rock-3"),
                Board::Main,
                0,
                3
            ),
            ("Card From The Future", None, Board::Main, 0, 1),
            (
                "Lazy Rock of Charity",
                Some("lazy-rock-2"),
                Board::Main,
                2,
                0
            ),
            (
                "Lazy Rock of Charity",
                Some("lazy-rock-3"),
                Board::Sideboard,
                1,
                0
            ),
        ]
    );
    assert!(store.diff_versions(d, 2, 2).unwrap().is_empty());

    // restoring makes a new version equal to the old one; nothing is lost
    assert_eq!(store.restore_version(d, 1).unwrap(), 3);
    assert_eq!(store.load_deck(d).unwrap().entries, v1.entries);
    assert_eq!(store.load_deck_version(d, 2).unwrap().entries, v2.entries);
    let versions = store.deck_versions(d).unwrap();
    let summary: Vec<(u32, Option<&str>, u32)> = versions
        .iter()
        .map(|v| (v.version, v.note.as_deref(), v.main_count))
        .collect();
    assert_eq!(
        summary,
        [
            (1, None, 5),
            (2, Some("more lazy rocks"), 6),
            (3, Some("restored version 1"), 5)
        ]
    );
    // restoring the current contents again adds nothing
    assert_eq!(store.restore_version(d, 3).unwrap(), 3);

    let err = store.load_deck_version(d, 9).unwrap_err();
    assert_eq!(
        err.to_string(),
        "deck \"Rocks\" has no version 9 (it has versions 1 to 3)"
    );
    assert!(matches!(
        store.diff_versions(d, 0, 1),
        Err(StoreError::VersionNotFound { .. })
    ));

    // a save under a new name renames the deck
    let mut renamed = v2.clone();
    renamed.name = "Lazy Rocks".into();
    assert_eq!(store.save_deck(d, &renamed, None).unwrap(), 4);
    assert_eq!(store.deck_info(d).unwrap().name, "Lazy Rocks");
    // everything survives reopening
    drop(store);
    let store = Store::open(&path).unwrap();
    assert_eq!(store.deck_versions(d).unwrap().len(), 4);
    assert_eq!(store.load_deck(d).unwrap().entries, v2.entries);
}

#[test]
fn decks_are_listed_renamed_duplicated_and_deleted() {
    let (_dir, _path, mut store) = temp_store();
    let base = store.import_catalog(&load("base-set.toml")).unwrap();
    let gen_id = store.import_catalog(&load("genesis.toml")).unwrap();
    let a = store
        .create_deck(
            base,
            &deck("Rocks", vec![entry(3, "Boring Rock of Minimum Wage")]),
        )
        .unwrap();
    let b = store
        .create_deck(gen_id, &deck("Cubs", vec![entry(3, "Ember Cub")]))
        .unwrap();
    let mut wrong_game = deck("X", vec![]);
    wrong_game.game = Some(GameId::Fuzzycards);
    assert!(matches!(
        store.create_deck(base, &wrong_game),
        Err(StoreError::GameMismatch { .. })
    ));
    assert!(matches!(
        store.create_deck(base, &deck("  ", vec![])),
        Err(StoreError::Invalid { .. })
    ));

    let all = store.decks(None).unwrap();
    let names: Vec<(&str, GameId, &str, u32)> = all
        .iter()
        .map(|d| {
            (
                d.name.as_str(),
                d.game,
                d.catalog_name.as_str(),
                d.main_count,
            )
        })
        .collect();
    assert_eq!(
        names,
        [
            ("Cubs", GameId::Fuzzycards, "Genesis Fixture", 3),
            ("Rocks", GameId::BizarreWorld, "Base Set Fixture", 3)
        ]
    );
    let fuzzy = store.decks(Some(GameId::Fuzzycards)).unwrap();
    assert_eq!(fuzzy.len(), 1);
    assert_eq!(fuzzy[0].id, b);
    assert_eq!(fuzzy[0].catalog_id, gen_id);

    store.rename_deck(a, "Rock Pile").unwrap();
    assert_eq!(store.find_deck("rock pile").unwrap().id, a);
    assert_eq!(store.find_deck(&a.to_string()).unwrap().id, a);
    let c = store.duplicate_deck(a, "Rock Pile").unwrap();
    assert_eq!(
        store.load_deck(c).unwrap().entries,
        store.load_deck(a).unwrap().entries
    );
    let v = store.deck_versions(c).unwrap();
    assert_eq!(v.len(), 1);
    assert_eq!(
        v[0].note.as_deref(),
        Some("copy of \"Rock Pile\" version 1")
    );
    assert!(matches!(
        store.find_deck("Rock Pile"),
        Err(StoreError::AmbiguousDeck { .. })
    ));

    store.delete_deck(a).unwrap();
    assert!(matches!(
        store.load_deck(a),
        Err(StoreError::DeckNotFound { .. })
    ));
    assert_eq!(store.find_deck("Rock Pile").unwrap().id, c);
    assert_eq!(
        store.find_deck("nope").unwrap_err().to_string(),
        "no deck named \"nope\""
    );
    assert!(matches!(
        store.delete_deck(DeckId(999)),
        Err(StoreError::DeckNotFound { .. })
    ));
}

#[test]
fn unknown_and_ambiguous_cards_are_kept_in_decks() {
    let (_dir, _path, mut store) = temp_store();
    let id = store.import_catalog(&load("base-set.toml")).unwrap();
    let entries = vec![
        entry(2, "Lazy Rock of Charity"),
        entry(1, "Not A Card"),
        entry_id(1, "Lazy Rock of Charity", "lazy-rock-99"),
    ];
    let d = store
        .create_deck(id, &deck("Odd", entries.clone()))
        .unwrap();
    assert_eq!(store.load_deck(d).unwrap().entries, entries);
    // none of them resolve, so none can be missing
    assert!(store.missing_for_deck(d).unwrap().is_empty());
}

#[test]
fn foreign_keys_are_enforced() {
    let (_dir, path, mut store) = temp_store();
    let id = store.import_catalog(&load("genesis.toml")).unwrap();
    let d = store
        .create_deck(id, &deck("Cubs", vec![entry(3, "Ember Cub")]))
        .unwrap();
    store
        .set_owned(
            id,
            "spark",
            Owned {
                owned: 1,
                trade: 0,
                wish: 0,
            },
        )
        .unwrap();

    // a catalog with decks cannot go
    let err = store.delete_catalog(id).unwrap_err();
    assert_eq!(
        err.to_string(),
        "catalog \"Genesis Fixture\" is used by 1 deck(s): \"Cubs\"; delete those decks first"
    );

    // the schema itself refuses dangling rows, on any connection with
    // foreign keys on
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.pragma_update(None, "foreign_keys", true).unwrap();
        let orphan = conn.execute(
            "INSERT INTO cards (catalog_id, card_key, name, name_key, type, position)
             VALUES (999, 'x', 'X', 'x', 'hero', 0)",
            [],
        );
        assert!(orphan.is_err());
        let orphan = conn.execute(
            "INSERT INTO collection (card_id, owned) VALUES (99999, 1)",
            [],
        );
        assert!(orphan.is_err());
        let negative = conn.execute("UPDATE collection SET owned = -1", []);
        assert!(negative.is_err());
        let catalog_delete = conn.execute("DELETE FROM catalogs", []);
        assert!(catalog_delete.is_err(), "decks still refer to the catalog");
    }

    // deleting the deck and then the catalog cascades to cards and collection
    store.delete_deck(d).unwrap();
    assert_eq!(count_rows(&path, "deck_versions"), 0);
    assert_eq!(count_rows(&path, "deck_entries"), 0);
    store.delete_catalog(id).unwrap();
    assert_eq!(count_rows(&path, "cards"), 0);
    assert_eq!(count_rows(&path, "collection"), 0);
    assert!(matches!(
        store.load_catalog(id),
        Err(StoreError::CatalogNotFound { .. })
    ));
}

#[test]
fn cards_are_inserted_updated_searched_and_deleted() {
    let (_dir, path, mut store) = temp_store();
    let id = store.import_catalog(&load("genesis.toml")).unwrap();
    let d = store
        .create_deck(
            id,
            &deck("Cubs", vec![entry(3, "ember cub"), entry(1, "Spark")]),
        )
        .unwrap();

    // insert: appended, image given as bytes or reused by path
    let mut owl = Card::new("Verdict Owl", "hero");
    owl.cost = Some(2);
    owl.text = Some("Guard. When this hits, draw a card.".into());
    let png = std::fs::read(fixtures().join("catalogs/img/zill.png")).unwrap();
    store.insert_card(id, &owl, Some(&png)).unwrap();
    let stored = store.card(id, "verdict-owl").unwrap();
    assert_eq!(stored.image.as_deref(), Some("verdict-owl.png"));
    assert_eq!(
        store.card_image(id, "verdict-owl").unwrap().unwrap().bytes,
        png
    );
    let mut twin = Card::new("Relic Twin", "relic");
    twin.image = Some("img/shared-relic.png".into());
    store.insert_card(id, &twin, None).unwrap();
    assert_eq!(
        store.card_image(id, "relic-twin").unwrap().unwrap().sha256,
        store.card_image(id, "old-relic").unwrap().unwrap().sha256
    );
    let mut lost = Card::new("Lost", "event");
    lost.image = Some("nowhere/lost.png".into());
    assert!(matches!(
        store.insert_card(id, &lost, None),
        Err(StoreError::Image { .. })
    ));
    let cat = store.load_catalog(id).unwrap();
    assert_eq!(cat.cards.last().unwrap().name, "Relic Twin");
    assert!(matches!(
        store.insert_card(id, &Card::new("Ember  CUB", "hero"), None),
        Err(StoreError::DuplicateCard { .. })
    ));
    let mut same_name = Card::new("Ember Cub", "hero");
    same_name.id = "ember-cub-2".into();
    assert!(
        store
            .insert_card(id, &same_name, None)
            .unwrap_err()
            .to_string()
            .contains("Fuzzycards cards need unique names")
    );

    // search: by name first, then by text, case-insensitive, limited
    let hits: Vec<String> = store
        .search_cards(id, "GUARD", 10)
        .unwrap()
        .into_iter()
        .map(|c| c.name)
        .collect();
    assert_eq!(hits, ["Tide Pup", "Verdict Owl"]);
    let hits: Vec<String> = store
        .search_cards(id, "relic", 10)
        .unwrap()
        .into_iter()
        .map(|c| c.name)
        .collect();
    assert_eq!(hits, ["Relic Twin", "Old Relic", "New Relic"]);
    assert_eq!(store.search_cards(id, "relic", 1).unwrap().len(), 1);
    assert_eq!(store.search_cards(id, "", 100).unwrap().len(), 7);
    assert!(store.search_cards(id, "100%", 10).unwrap().is_empty());

    // update: a renamed card carries its new name into deck entries
    let mut cub = store.card(id, "ember-cub").unwrap();
    cub.name = "Ember Cub Prime".into();
    store.update_card(id, "ember-cub", &cub, None).unwrap();
    assert_eq!(
        store.load_deck(d).unwrap().entries[0].name,
        "Ember Cub Prime"
    );
    assert_eq!(
        store.load_deck_version(d, 1).unwrap().entries[0].name,
        "Ember Cub Prime"
    );
    assert!(matches!(
        store.update_card(id, "nope", &cub, None),
        Err(StoreError::CardNotFound { .. })
    ));

    // delete: refused while the current version of a deck uses the card
    let err = store.delete_card(id, "spark").unwrap_err();
    assert_eq!(
        err.to_string(),
        "card \"Spark\" of catalog \"Genesis Fixture\" is in the current version of deck: \"Cubs\"; take it out of those decks first"
    );
    store
        .save_deck(d, &deck("Cubs", vec![entry(3, "Ember Cub Prime")]), None)
        .unwrap();
    store.delete_card(id, "spark").unwrap();
    // the old version keeps the entry by name
    assert_eq!(
        store.load_deck_version(d, 1).unwrap().entries[1].name,
        "Spark"
    );
    store.delete_card(id, "verdict-owl").unwrap();
    // its image is not used by anything else any more
    assert_eq!(count_rows(&path, "images"), 4);
}

#[test]
fn collection_counts_and_missing_cards() {
    let (_dir, _path, mut store) = temp_store();
    let id = store.import_catalog(&load("base-set.toml")).unwrap();
    let d = store
        .create_deck(
            id,
            &deck(
                "Rocks",
                vec![
                    entry(3, "Boring Rock of Minimum Wage"),
                    entry_id(2, "Lazy Rock of Charity", "lazy-rock-3"),
                    on(Board::Sideboard, entry(1, "boring rock of minimum wage")),
                    on(
                        Board::Maybeboard,
                        entry_id(4, "Lazy Rock of Charity", "lazy-rock-2"),
                    ),
                ],
            ),
        )
        .unwrap();
    store
        .set_owned(
            id,
            "boring-rock-of-minimum-wage",
            Owned {
                owned: 1,
                trade: 1,
                wish: 3,
            },
        )
        .unwrap();
    store
        .set_owned(
            id,
            "LAZY-ROCK-3",
            Owned {
                owned: 5,
                trade: 0,
                wish: 0,
            },
        )
        .unwrap();
    let col = store.collection(id).unwrap();
    assert_eq!(col.cards.len(), 2);
    assert_eq!(col.owned("lazy-rock-3"), 5);
    let missing = store.missing_for_deck(d).unwrap();
    assert_eq!(missing.len(), 1);
    assert_eq!(
        (
            missing[0].id.as_str(),
            missing[0].needed,
            missing[0].owned,
            missing[0].missing
        ),
        ("boring-rock-of-minimum-wage", 4, 1, 3)
    );
    // all zero removes the row
    store
        .set_owned(id, "lazy-rock-3", Owned::default())
        .unwrap();
    assert_eq!(store.collection(id).unwrap().cards.len(), 1);
    assert!(matches!(
        store.set_owned(id, "nope", Owned::default()),
        Err(StoreError::CardNotFound { .. })
    ));
    assert!(matches!(
        store.collection(CatalogId(77)),
        Err(StoreError::CatalogNotFound { .. })
    ));
}

#[test]
fn catalogs_are_listed_and_found() {
    let (_dir, _path, mut store) = temp_store();
    assert_eq!(
        store.find_catalog("Genesis").unwrap_err().to_string(),
        "no catalog named \"Genesis\" (the database has no catalogs yet)"
    );
    let g = store.import_catalog(&load("genesis.toml")).unwrap();
    let b = store.import_catalog(&load("base-set.toml")).unwrap();
    let list = store.catalogs().unwrap();
    let got: Vec<(CatalogId, GameId, &str, u32)> = list
        .iter()
        .map(|c| (c.id, c.game, c.name.as_str(), c.card_count))
        .collect();
    assert_eq!(
        got,
        [
            (g, GameId::Fuzzycards, "Genesis Fixture", 5),
            (b, GameId::BizarreWorld, "Base Set Fixture", 3)
        ]
    );
    assert_eq!(store.find_catalog(" genesis FIXTURE ").unwrap().id, g);
    assert_eq!(store.find_catalog(&b.to_string()).unwrap().id, b);
    assert_eq!(
        store.find_catalog("Nope").unwrap_err().to_string(),
        "no catalog named \"Nope\" (known catalogs: \"Base Set Fixture\", \"Genesis Fixture\")"
    );
}

#[test]
fn seeding_imports_a_folder_of_catalogs_once() {
    let (_dir, _path, mut store) = temp_store();
    let n = store
        .seed_samples_from(&fixtures().join("catalogs"))
        .unwrap();
    assert_eq!(n, 3);
    let names: BTreeSet<String> = store
        .catalogs()
        .unwrap()
        .into_iter()
        .map(|c| c.name)
        .collect();
    assert_eq!(
        names,
        BTreeSet::from([
            "Base Set Fixture".to_string(),
            "Genesis Fixture".to_string(),
            "Heroes Fixture".to_string()
        ])
    );
    let g = store.find_catalog("Genesis Fixture").unwrap().id;
    assert!(store.card_image(g, "ember-cub").unwrap().is_some());
    // not again once there are catalogs
    assert_eq!(
        store
            .seed_samples_from(&fixtures().join("catalogs"))
            .unwrap(),
        0
    );
    assert_eq!(store.seed_samples().unwrap(), 0);
}

#[test]
fn the_built_in_samples_seed_an_empty_database() {
    let (_dir, _path, mut store) = temp_store();
    let n = store.seed_samples().unwrap();
    // every sample catalog file of the source tree, with its images
    let folder = crate::support::root().join("resources/catalogs");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&folder)
        .map(|d| d.filter_map(|e| Some(e.ok()?.path())).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "toml"));
    assert_eq!(
        n,
        files.len(),
        "a new sample may need `touch src/store/seed.rs`"
    );
    for file in files {
        let original = catalog::load(&file)
            .unwrap_or_else(|e| panic!("{e}"))
            .catalog;
        let id = store.find_catalog(&original.name).unwrap().id;
        assert_eq!(
            store.load_catalog(id).unwrap(),
            stored_form(original.clone())
        );
        for path in original
            .back
            .iter()
            .chain(original.cards.iter().filter_map(|c| c.image.as_ref()))
        {
            let stored = store.catalog_image(id, path).unwrap();
            let bytes = std::fs::read(original.resolve_path(path)).unwrap();
            assert!(
                stored.is_some_and(|s| s.bytes == bytes),
                "{}: {path}",
                file.display()
            );
        }
    }
}

#[test]
fn a_database_from_a_newer_deckwright_is_refused() {
    let (_dir, path, store) = temp_store();
    drop(store);
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.pragma_update(None, "user_version", SCHEMA_VERSION + 1)
        .unwrap();
    drop(conn);
    let err = Store::open(&path).unwrap_err();
    assert!(matches!(err, StoreError::TooNew { .. }), "{err}");
    assert!(err.to_string().contains("update Deckwright"), "{err}");
}

#[test]
fn a_file_that_is_not_a_database_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("not.db");
    std::fs::write(
        &path,
        "hello, this is not SQLite, not at all, not even close",
    )
    .unwrap();
    let err = Store::open(&path).unwrap_err();
    assert!(err.to_string().contains("not.db"), "{err}");
}

const V1_FIXTURE: &str = "v1.db";

/// Writes `tests/fixtures/db/v1.db` with schema version 1. Run once, by hand,
/// when the fixture must be rebuilt (never for later versions: the point is
/// that old files keep opening):
/// `cargo test --test store write_v1_fixture -- --ignored`
#[test]
#[ignore]
fn write_v1_fixture() {
    let path = fixtures().join(V1_FIXTURE);
    let _ = std::fs::remove_file(&path);
    let mut store = Store::open_at_version(&path, 1).unwrap();
    assert_eq!(store.schema_version().unwrap(), 1);
    let id = store.import_catalog(&load("genesis.toml")).unwrap();
    let d = store
        .create_deck(
            id,
            &deck(
                "Fixture Deck",
                vec![
                    entry(3, "Ember Cub"),
                    entry_id(2, "Tide Pup", "tide-pup-alt"),
                    on(Board::Sideboard, entry(1, "Spark")),
                    entry(1, "Unknown Card"),
                ],
            ),
        )
        .unwrap();
    store
        .save_deck(
            d,
            &deck(
                "Fixture Deck",
                vec![
                    entry(2, "Ember Cub"),
                    entry_id(3, "Tide Pup", "tide-pup-alt"),
                    on(Board::Maybeboard, entry(2, "Old Relic")),
                ],
            ),
            Some("second version"),
        )
        .unwrap();
    store
        .set_owned(
            id,
            "ember-cub",
            Owned {
                owned: 2,
                trade: 1,
                wish: 0,
            },
        )
        .unwrap();
    store
        .set_owned(
            id,
            "tide-pup-alt",
            Owned {
                owned: 0,
                trade: 0,
                wish: 3,
            },
        )
        .unwrap();
    drop(store);
    // one self-contained, compact file
    let conn = rusqlite::Connection::open(&path).unwrap();
    let _: String = conn
        .pragma_update_and_check(None, "journal_mode", "delete", |r| r.get(0))
        .unwrap();
    conn.execute_batch("PRAGMA page_size = 1024; VACUUM;")
        .unwrap();
}

#[test]
fn a_version_1_database_opens_with_all_its_data() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(V1_FIXTURE);
    // never open the committed file itself: opening migrates it
    std::fs::copy(fixtures().join(V1_FIXTURE), &path).unwrap();
    let size = std::fs::metadata(&path).unwrap().len();
    assert!(
        size < 100 * 1024,
        "the fixture should stay small ({size} bytes)"
    );
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        let v: u32 = conn
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap();
        assert_eq!(v, 1, "the fixture is a version 1 database");
    }

    let mut store = Store::open(&path).unwrap();
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);

    let cats = store.catalogs().unwrap();
    assert_eq!(cats.len(), 1);
    assert_eq!(cats[0].name, "Genesis Fixture");
    assert_eq!(cats[0].card_count, 5);
    let cat = store.load_catalog(cats[0].id).unwrap();
    assert_eq!(cat.back.as_deref(), Some("backs/fuzzy.png"));
    assert_eq!(cat.card_size, Some((63.5, 88.9)));
    let names: Vec<&str> = cat.cards.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(
        names,
        ["Ember Cub", "Tide Pup", "Old Relic", "New Relic", "Spark"]
    );
    let cub = &cat.cards[0];
    assert_eq!(cub.int("atk"), Some(4));
    assert!(cub.has_in_list("keywords", "burn 2"));
    assert_eq!(cub.effects.len(), 1);
    assert_eq!(cub.effects[0].flat().unwrap().draw, 1);
    assert_eq!(cat.cards[1].copy_limit, Some(5));
    assert!(cat.cards[1].flag("holo"));
    let image = store.card_image(cats[0].id, "ember-cub").unwrap().unwrap();
    assert_eq!(image.mime, "image/png");
    assert_eq!((image.width, image.height), (Some(36), Some(50)));
    assert!(image.bytes.starts_with(b"\x89PNG"));
    assert!(
        store
            .catalog_image(cats[0].id, "backs/fuzzy.png")
            .unwrap()
            .is_some()
    );

    let decks = store.decks(None).unwrap();
    assert_eq!(decks.len(), 1);
    assert_eq!(decks[0].name, "Fixture Deck");
    assert_eq!(decks[0].version, 2);
    let d = decks[0].id;
    let versions = store.deck_versions(d).unwrap();
    assert_eq!(versions.len(), 2);
    assert_eq!(versions[1].note.as_deref(), Some("second version"));
    let v1 = store.load_deck_version(d, 1).unwrap();
    assert_eq!(v1.entries.len(), 4);
    assert_eq!(v1.entries[3].name, "Unknown Card");
    assert_eq!(v1.entries[2].board, Board::Sideboard);
    let current = store.load_deck(d).unwrap();
    assert_eq!(current.entries[1].id.as_deref(), Some("tide-pup-alt"));
    assert_eq!(current.entries[2].board, Board::Maybeboard);
    assert_eq!(store.diff_versions(d, 1, 2).unwrap().len(), 5);

    let col = store.collection(cats[0].id).unwrap();
    assert_eq!(col.cards.len(), 2);
    assert_eq!(
        col.cards.get("ember-cub"),
        Some(&Owned {
            owned: 2,
            trade: 1,
            wish: 0
        })
    );
    assert_eq!(col.cards.get("tide-pup-alt").map(|o| o.wish), Some(3));
    let missing = store.missing_for_deck(d).unwrap();
    assert_eq!(missing.len(), 1);
    assert_eq!(
        (missing[0].id.as_str(), missing[0].missing),
        ("tide-pup-alt", 3)
    );

    // and the migrated file takes new writes
    store.set_setting("last-deck", &d.to_string()).unwrap();
    let v3 = store
        .save_deck(d, &deck("Fixture Deck", vec![entry(1, "Spark")]), None)
        .unwrap();
    assert_eq!(v3, 3);
}

#[test]
fn two_connections_share_one_file() {
    fn is_send<T: Send>(_: &T) {}
    let (_dir, path, mut app) = temp_store();
    is_send(&app);
    let mut cli = Store::open(&path).unwrap();
    let id = cli.import_catalog(&load("base-set.toml")).unwrap();
    // the app sees what the CLI wrote, and can write too
    assert_eq!(app.catalogs().unwrap().len(), 1);
    let d = app
        .create_deck(
            id,
            &deck("Shared", vec![entry(1, "Boring Rock of Minimum Wage")]),
        )
        .unwrap();
    assert_eq!(cli.load_deck(d).unwrap().entries.len(), 1);
    // a writer thread while the other connection reads
    let writer = std::thread::spawn(move || {
        for i in 0..20 {
            cli.save_deck(
                d,
                &deck("Shared", vec![entry(i + 2, "Boring Rock of Minimum Wage")]),
                None,
            )
            .unwrap();
        }
    });
    for _ in 0..20 {
        assert!(app.load_deck(d).is_ok());
    }
    writer.join().unwrap();
    assert_eq!(app.deck_info(d).unwrap().version, 21);
}

#[test]
fn export_keeps_images_apart_that_share_a_file_name() {
    let (dir, _path, mut store) = temp_store();
    let mut cat = Catalog::new(GameId::DiceOfDestiny, "Same Names");
    let mut images = Vec::new();
    for (i, path) in ["a/x.png", "b/x.png", "../odd name?.png", "a/x.png"]
        .into_iter()
        .enumerate()
    {
        let mut c = Card::new(format!("Card {i}"), "creature");
        c.fields.insert(
            "colour".into(),
            deckwright::model::FieldValue::Text("red".into()),
        );
        c.image = Some(path.into());
        cat.cards.push(c);
        images.push((path, format!("bytes of {path}").into_bytes()));
    }
    let id = store
        .import_catalog_with_images(&cat, &|p: &str| {
            images.iter().find(|(q, _)| *q == p).map(|(_, b)| b.clone())
        })
        .unwrap();
    let out = dir.path().join("same.toml");
    store.export_catalog(id, &out).unwrap();
    let exported = catalog::load(&out)
        .unwrap_or_else(|e| panic!("{e}"))
        .catalog;
    let paths: Vec<&str> = exported
        .cards
        .iter()
        .map(|c| c.image.as_deref().unwrap())
        .collect();
    assert_eq!(
        paths,
        [
            "same-images/x.png",
            "same-images/2-x.png",
            "same-images/odd_name_.png",
            "same-images/x.png"
        ]
    );
    for (card, (_, bytes)) in exported.cards.iter().zip(&images) {
        let got = std::fs::read(exported.resolve_path(card.image.as_ref().unwrap())).unwrap();
        assert_eq!(&got, bytes, "{}", card.name);
    }
}
