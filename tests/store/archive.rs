//! Everything out, everything back: `export-all` / `import-all` round trips
//! (the two export trees byte for byte, and the stored data field by field),
//! conflicts, all-or-nothing imports and exports, and `backup` / `restore`
//! through SQLite's online backup API while other connections read and write.

use std::collections::BTreeMap;
use std::path::Path;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Barrier};

use deckwright::gui::prefs::{self, Prefs};
use deckwright::model::{Board, Catalog, Deck, DeckEntry};
use deckwright::store::{
    self, CatalogId, DeckId, ExportOptions, ImportOptions, SCHEMA_VERSION, Store, StoreError,
};

use crate::support::{ok_on as ok, repo, run_on};

/// A PNG of one colour.
fn png(w: u32, h: u32, shade: u8) -> Vec<u8> {
    let mut out = std::io::Cursor::new(Vec::new());
    image::RgbaImage::from_pixel(w, h, image::Rgba([shade, 40, 40, 255]))
        .write_to(&mut out, image::ImageFormat::Png)
        .unwrap();
    out.into_inner()
}

const ART: &str = "Art Test";

/// A Bizarre World catalog whose pictures sit under awkward paths (spaces,
/// a folder above the file, one picture under two names).
fn art_catalog(dir: &Path, extra_frog: bool) -> Catalog {
    let cat = dir.join("cat");
    std::fs::create_dir_all(cat.join("art work")).unwrap();
    std::fs::create_dir_all(cat.join("dup")).unwrap();
    std::fs::create_dir_all(dir.join("backs")).unwrap();
    std::fs::write(cat.join("art work/Ember Cub.png"), png(4, 6, 10)).unwrap();
    std::fs::write(cat.join("dup/same.png"), png(4, 6, 10)).unwrap();
    std::fs::write(cat.join("art work/frog.png"), png(4, 6, 90)).unwrap();
    std::fs::write(dir.join("backs/back.png"), png(4, 6, 200)).unwrap();
    let mut text = format!(
        "game = \"bizarre-world\"\nname = \"{ART}\"\nback = \"../backs/back.png\"\ncard_size = [63.5, 88.0]\n\n\
         [[card]]\nname = \"Ember Cub\"\ncost = 1\npoints = 1\nimage = \"art work/Ember Cub.png\"\ntext = \"Quotes \\\"and\\\" a, comma.\"\n\n\
         [[card]]\nname = \"Same Picture\"\ncost = 2\npoints = 0\nimage = \"dup/same.png\"\n\n\
         [[card]]\nname = \"Frog\"\nid = \"frog\"\ncost = 1\npoints = 2\nimage = \"art work/frog.png\"\n"
    );
    if extra_frog {
        text.push_str("\n[[card]]\nname = \"Frog\"\nid = \"frog-3\"\ncost = 3\npoints = 3\n");
    }
    let file = cat.join("art.toml");
    std::fs::write(&file, text).unwrap();
    deckwright::catalog::load(&file).unwrap().catalog
}

fn catalog_id(s: &Store, name: &str) -> CatalogId {
    s.find_catalog(name).unwrap().id
}

fn deck_file(name: &str) -> Deck {
    deckwright::decklist::load(&repo(&format!("resources/decks/{name}"))).unwrap()
}

fn entry(count: u32, name: &str, board: Board, section: Option<&str>) -> DeckEntry {
    let mut e = DeckEntry::new(count, name);
    e.board = board;
    e.section = section.map(str::to_string);
    e
}

/// The decks the round trip seeds.
struct Seeded {
    chickens: DeckId,
    art: DeckId,
}

/// Sample catalogs, a catalog with awkward pictures, decks with several
/// versions (notes, a restore, entries deck text cannot say, a link the
/// catalog no longer gives by name, two decks of one name), collection
/// counts in two catalogs, and the app's settings.
/// How many sample decks a new database gets (they are exported with the
/// test's own four decks, one version each).
fn sample_decks() -> usize {
    let mut s = Store::open_in_memory().unwrap();
    s.seed_samples().unwrap();
    s.decks(None).unwrap().len()
}

fn seed(s: &mut Store, work: &Path) -> Seeded {
    s.seed_samples().unwrap();
    s.import_catalog(&art_catalog(work, false)).unwrap();
    let dice = catalog_id(s, "Chaos Tower Starter (sample content)");
    let bw = catalog_id(s, "Generator Finds (sample content)");
    let art = catalog_id(s, ART);

    let mut chickens = deck_file("dice-of-destiny-chicken-rush.txt");
    chickens.name = "Chicken Rush".into();
    let chickens = s.create_deck(dice, &chickens).unwrap();
    let mut v2 = deck_file("dice-of-destiny-illegal-copies.txt");
    v2.name = String::new();
    assert_eq!(
        s.save_deck(chickens, &v2, Some("more copies, \"on purpose\""))
            .unwrap(),
        2
    );
    assert_eq!(s.restore_version(chickens, 1).unwrap(), 3);
    s.duplicate_deck(chickens, "Chicken Rush").unwrap();

    let mut rocks = deck_file("bizarre-world-crafted-rocks.txt");
    rocks.name = "Rocks".into();
    let rocks_id = s.create_deck(bw, &rocks).unwrap();
    let mut odd = rocks.clone();
    odd.entries.push(entry(0, "Ghost Card", Board::Main, None));
    odd.entries.push(entry(
        1,
        "Lazy Rock of Charity",
        Board::Sideboard,
        Some("Answers"),
    ));
    odd.entries
        .push(entry(2, "Not [really] an id", Board::Maybeboard, None));
    s.save_deck(rocks_id, &odd, None).unwrap();

    let art_deck = s
        .create_deck(
            art,
            &Deck {
                name: "Frogs".into(),
                game: None,
                entries: vec![
                    entry(2, "Frog", Board::Main, None),
                    entry(1, "Ember Cub", Board::Main, None),
                ],
                ..Deck::default()
            },
        )
        .unwrap();
    // A second "Frog": the deck keeps its link, the name alone no longer says which.
    s.replace_catalog(&art_catalog(work, true)).unwrap();

    s.set_owned(
        bw,
        "boring-rock-of-minimum-wage",
        deckwright::model::Owned {
            owned: 3,
            trade: 1,
            wish: 2,
        },
    )
    .unwrap();
    s.set_owned(
        art,
        "frog-3",
        deckwright::model::Owned {
            owned: 1,
            trade: 0,
            wish: 0,
        },
    )
    .unwrap();

    let mut p = Prefs {
        library_catalog: Some(art),
        collection_catalog: Some(bw),
        ..Prefs::default()
    };
    p.opened_deck(chickens);
    p.opened_deck(art_deck);
    p.save(s).unwrap();
    s.set_setting("print", r#"{"paper":"letter","backs":true}"#)
        .unwrap();
    Seeded {
        chickens,
        art: art_deck,
    }
}

/// Every file under `dir` (relative path → bytes), the manifest's export
/// time left out.
fn tree(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<String, Vec<u8>>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(root, &p, out);
            } else {
                let rel = p
                    .strip_prefix(root)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/");
                let mut bytes = std::fs::read(&p).unwrap();
                if rel == "manifest.toml" {
                    let text = String::from_utf8(bytes).unwrap();
                    bytes = text
                        .lines()
                        .filter(|l| !l.starts_with("exported_at = "))
                        .collect::<Vec<_>>()
                        .join("\n")
                        .into_bytes();
                }
                out.insert(rel, bytes);
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

/// One stored catalog: its list entry, contents, picture bytes (the back,
/// then each card's) and collection.
type CatalogShot = (
    store::CatalogInfo,
    Catalog,
    Vec<Option<Vec<u8>>>,
    deckwright::model::Collection,
);

/// One stored deck: its list entry, versions, each version's contents, and
/// the diffs between consecutive versions.
type DeckShot = (
    store::DeckInfo,
    Vec<store::DeckVersion>,
    Vec<Deck>,
    Vec<Vec<store::DeckDiffLine>>,
);

/// Everything a store holds, field by field.
#[derive(Debug, PartialEq)]
struct Snapshot {
    catalogs: Vec<CatalogShot>,
    decks: Vec<DeckShot>,
    settings: Vec<(String, String)>,
}

fn snapshot(s: &Store) -> Snapshot {
    let catalogs = s
        .catalogs()
        .unwrap()
        .into_iter()
        .map(|info| {
            let c = s.load_catalog(info.id).unwrap();
            let mut pictures = vec![
                c.back
                    .as_ref()
                    .and_then(|b| s.catalog_image(info.id, b).unwrap().map(|i| i.bytes)),
            ];
            for card in &c.cards {
                pictures.push(
                    card.image
                        .as_ref()
                        .and_then(|p| s.catalog_image(info.id, p).unwrap().map(|i| i.bytes)),
                );
            }
            let owned = s.collection(info.id).unwrap();
            (info, c, pictures, owned)
        })
        .collect();
    let decks = s
        .decks(None)
        .unwrap()
        .into_iter()
        .map(|info| {
            let versions = s.deck_versions(info.id).unwrap();
            let contents = versions
                .iter()
                .map(|v| s.load_deck_version(info.id, v.version).unwrap())
                .collect();
            // diffs show which card each entry is linked to
            let diffs = versions
                .windows(2)
                .map(|w| {
                    s.diff_versions(info.id, w[0].version, w[1].version)
                        .unwrap()
                })
                .collect();
            (info, versions, contents, diffs)
        })
        .collect();
    Snapshot {
        catalogs,
        decks,
        settings: s.settings().unwrap(),
    }
}

fn import_opts() -> ImportOptions {
    ImportOptions {
        replace: false,
        remap_setting: Some(prefs::remap_ids),
    }
}

#[test]
fn export_import_export_gives_the_same_tree_and_the_same_data() {
    let work = tempfile::tempdir().unwrap();
    let mut a = Store::open(work.path().join("a.db")).unwrap();
    let seeded = seed(&mut a, work.path());
    let out1 = work.path().join("out1");
    let n = a.export_all(&out1, ExportOptions::default()).unwrap();
    let samples = sample_decks();
    assert_eq!(
        (n.catalogs, n.decks, n.versions),
        (6, 4 + samples, 7 + samples)
    );
    assert_eq!((n.collections, n.settings), (2, 2));

    // the layout schema/export.md documents
    for f in [
        "manifest.toml",
        "settings.toml",
        "catalogs/art-test.toml",
        "collection/art-test.csv",
        "decks/chicken-rush/deck.toml",
        "decks/chicken-rush/v3.txt",
        "decks/chicken-rush-2/v1.txt",
        "decks/rocks/v2.txt",
    ] {
        assert!(out1.join(f).is_file(), "{f} missing");
    }
    // lines deck text cannot hold are comments, so the file still reads
    let rocks_v2 = deckwright::decklist::load(&out1.join("decks/rocks/v2.txt")).unwrap();
    assert_eq!(rocks_v2.entries.len(), 13);
    let text = std::fs::read_to_string(out1.join("decks/rocks/v2.txt")).unwrap();
    assert!(
        text.contains("\n# 0 Ghost Card (kept exactly in deck.toml)\n"),
        "{text}"
    );
    let v2 = std::fs::read_to_string(out1.join("decks/chicken-rush/v2.txt")).unwrap();
    assert!(
        v2.starts_with("# name: Chicken Rush\n# version: 2\n# game: dice-of-destiny\n"),
        "{v2}"
    );
    // each version is deck text a user can read back
    let back = deckwright::decklist::load(&out1.join("decks/chicken-rush/v2.txt")).unwrap();
    assert_eq!(back.name, "Chicken Rush");
    assert_eq!(
        back.main_count(),
        a.load_deck_version(seeded.chickens, 2)
            .unwrap()
            .main_count()
    );
    let deck_toml = std::fs::read_to_string(out1.join("decks/chicken-rush/deck.toml")).unwrap();
    assert!(
        deck_toml.contains("note = 'more copies, \"on purpose\"'")
            || deck_toml.contains("more copies, \\\"on purpose\\\""),
        "{deck_toml}"
    );
    assert!(
        deck_toml.contains("note = \"restored version 1\""),
        "{deck_toml}"
    );
    // what deck text cannot say is kept exactly in the manifest
    let rocks = std::fs::read_to_string(out1.join("decks/rocks/deck.toml")).unwrap();
    assert!(
        rocks.contains("[[version.entry]]") && rocks.contains("Ghost Card"),
        "{rocks}"
    );
    // the Frog entry keeps its card though its name became ambiguous
    let frogs = std::fs::read_to_string(out1.join("decks/frogs/deck.toml")).unwrap();
    assert!(
        frogs.contains("[[version.link]]\nentry = 0\ncard = \"frog\""),
        "{frogs}"
    );
    // pictures keep the paths the catalog was written with
    let manifest = std::fs::read_to_string(out1.join("manifest.toml")).unwrap();
    assert!(
        manifest.contains("back_image = \"../backs/back.png\""),
        "{manifest}"
    );
    assert!(
        manifest.contains("ember-cub = \"art work/Ember Cub.png\""),
        "{manifest}"
    );
    // the exported catalog loads as a catalog file, with its pictures
    let cat = deckwright::catalog::load(&out1.join("catalogs/art-test.toml")).unwrap();
    assert_eq!(cat.catalog.cards.len(), 4);

    let mut b = Store::open(work.path().join("b.db")).unwrap();
    let r = b.import_all(&out1, import_opts()).unwrap();
    assert_eq!(
        (r.catalogs, r.decks, r.versions, r.settings),
        (6, 4 + samples, 7 + samples, 2)
    );
    assert!(
        r.ids.is_identity(),
        "a new database keeps the ids: {:?}",
        r.ids
    );
    assert!(r.kept.is_empty() && r.replaced.is_empty());

    let out2 = work.path().join("out2");
    b.export_all(&out2, ExportOptions::default()).unwrap();
    let (t1, t2) = (tree(&out1), tree(&out2));
    assert_eq!(t1.keys().collect::<Vec<_>>(), t2.keys().collect::<Vec<_>>());
    for (path, bytes) in &t1 {
        assert!(t2[path] == *bytes, "{path} differs between the two exports");
    }
    assert_eq!(snapshot(&a), snapshot(&b));
    // the app's remembered deck opens the same deck
    assert_eq!(
        Prefs::load(&b).unwrap().recent_decks,
        [seeded.art, seeded.chickens]
    );
}

#[test]
fn a_new_install_with_its_sample_catalogs_takes_the_export_cleanly() {
    let work = tempfile::tempdir().unwrap();
    let mut a = Store::open(work.path().join("a.db")).unwrap();
    seed(&mut a, work.path());
    let out = work.path().join("out");
    a.export_all(&out, ExportOptions::default()).unwrap();

    // the app seeds the samples at its first start, then the user imports
    let mut b = Store::open(work.path().join("b.db")).unwrap();
    b.seed_samples().unwrap();
    let r = b.import_all(&out, import_opts()).unwrap();
    assert_eq!(r.kept.len(), 5, "{r:?}");
    assert_eq!(r.catalogs, 1);
    assert_eq!(snapshot(&a), snapshot(&b));

    // importing again clashes on the first deck, and changes nothing
    let before = snapshot(&b);
    let e = b.import_all(&out, import_opts()).unwrap_err();
    assert!(
        e.to_string().contains(
            "a deck named \"Chicken Rush\" on catalog \"Chaos Tower Starter (sample content)\""
        ),
        "{e}"
    );
    assert_eq!(snapshot(&b), before);
    // with replace, the decks are replaced, not doubled
    let r = b
        .import_all(
            &out,
            ImportOptions {
                replace: true,
                ..import_opts()
            },
        )
        .unwrap();
    // "Frogs" (one version, as exported) and the sample decks are taken
    // over without a word: nothing of theirs is lost
    assert_eq!(r.replaced, ["deck \"Chicken Rush\"", "deck \"Rocks\""]);
    assert_eq!(b.decks(None).unwrap().len(), 4 + sample_decks());
}

#[test]
fn a_clashing_catalog_is_named_or_replaced_in_place() {
    let work = tempfile::tempdir().unwrap();
    let mut a = Store::open(work.path().join("a.db")).unwrap();
    seed(&mut a, work.path());
    let out = work.path().join("out");
    a.export_all(&out, ExportOptions::default()).unwrap();

    let mut b = Store::open(work.path().join("b.db")).unwrap();
    let other = work.path().join("other");
    let mut mine = art_catalog(&other, false);
    mine.cards.truncate(1);
    let mine_id = b.import_catalog(&mine).unwrap();
    let before = snapshot(&b);
    let e = b.import_all(&out, import_opts()).unwrap_err();
    assert!(matches!(e, StoreError::ImportConflict { .. }));
    assert!(
        e.to_string()
            .contains("a catalog named \"Art Test\" that differs from the export's"),
        "{e}"
    );
    assert_eq!(snapshot(&b), before, "a failed import changes nothing");

    let r = b
        .import_all(
            &out,
            ImportOptions {
                replace: true,
                ..import_opts()
            },
        )
        .unwrap();
    assert_eq!(r.replaced, ["catalog \"Art Test\""]);
    // replaced in place: same row, the export's cards
    let art = catalog_id(&b, ART);
    assert_eq!(art, mine_id);
    assert_eq!(
        b.load_catalog(art).unwrap(),
        a.load_catalog(catalog_id(&a, ART)).unwrap()
    );
    // ids that were taken moved, and the app's settings followed them
    assert!(!r.ids.is_identity());
    let p = Prefs::load(&b).unwrap();
    assert_eq!(p.library_catalog, Some(art));
    let frogs = b.find_deck("Frogs").unwrap().id;
    assert_eq!(p.recent_decks[0], frogs);
}

#[test]
fn a_failing_import_leaves_the_database_as_it_was() {
    let work = tempfile::tempdir().unwrap();
    let mut a = Store::open(work.path().join("a.db")).unwrap();
    seed(&mut a, work.path());
    let out = work.path().join("out");
    a.export_all(&out, ExportOptions::default()).unwrap();

    // the last deck names a catalog the export does not have: every catalog
    // and the decks before it were written when this is found
    let frogs = out.join("decks/frogs/deck.toml");
    let text = std::fs::read_to_string(&frogs).unwrap();
    std::fs::write(
        &frogs,
        text.replace("catalog = \"Art Test\"", "catalog = \"Nowhere\""),
    )
    .unwrap();
    let mut b = Store::open(work.path().join("b.db")).unwrap();
    let e = b.import_all(&out, import_opts()).unwrap_err().to_string();
    assert!(e.contains("deck.toml") && e.contains("\"Nowhere\""), "{e}");
    assert!(b.catalogs().unwrap().is_empty());
    assert!(b.decks(None).unwrap().is_empty());
    assert!(b.settings().unwrap().is_empty());

    // a bad line in a version's text: named with its line, before any write
    std::fs::write(&frogs, text).unwrap();
    let v1 = out.join("decks/chicken-rush/v1.txt");
    let mut body = std::fs::read_to_string(&v1).unwrap();
    body.push_str("three Frogs\n");
    std::fs::write(&v1, &body).unwrap();
    let e = b.import_all(&out, import_opts()).unwrap_err().to_string();
    let line = body.lines().count();
    assert!(e.contains(&format!("v1.txt:{line}:")), "{e}");
    assert!(b.catalogs().unwrap().is_empty());

    // an unknown key in a manifest, with its line
    std::fs::write(&v1, body.replace("three Frogs\n", "")).unwrap();
    let manifest = out.join("manifest.toml");
    let m = std::fs::read_to_string(&manifest).unwrap();
    std::fs::write(
        &manifest,
        m.replace("schema_version", "colour = 1\nschema_version"),
    )
    .unwrap();
    let e = b.import_all(&out, import_opts()).unwrap_err().to_string();
    assert!(
        e.contains("manifest.toml:5:1") && e.contains("colour"),
        "{e}"
    );

    // a newer export format is refused by version
    std::fs::write(
        &manifest,
        m.replace("format_version = 1", "format_version = 99"),
    )
    .unwrap();
    let e = b.import_all(&out, import_opts()).unwrap_err().to_string();
    assert!(e.contains("newer Deckwright"), "{e}");

    // no manifest: not an export (or an unfinished one)
    std::fs::remove_file(&manifest).unwrap();
    let e = b.import_all(&out, import_opts()).unwrap_err().to_string();
    assert!(e.contains("has no manifest.toml"), "{e}");
}

#[test]
fn a_failing_export_leaves_no_manifest_and_keeps_an_earlier_export() {
    let work = tempfile::tempdir().unwrap();
    let db = work.path().join("a.db");
    let mut a = Store::open(&db).unwrap();
    seed(&mut a, work.path());
    let out = work.path().join("out");
    a.export_all(&out, ExportOptions::default()).unwrap();
    let earlier = tree(&out);
    drop(a);

    // a picture goes missing from the database behind the store's back
    let raw = rusqlite::Connection::open(&db).unwrap();
    raw.execute_batch(
        "PRAGMA foreign_keys = OFF;
         DELETE FROM images WHERE id = (SELECT image_id FROM cards WHERE image_id IS NOT NULL
                                        ORDER BY id DESC LIMIT 1);",
    )
    .unwrap();
    drop(raw);
    let a = Store::open(&db).unwrap();
    let fresh = work.path().join("fresh");
    assert!(a.export_all(&fresh, ExportOptions::default()).is_err());
    assert!(!fresh.join("manifest.toml").exists());
    assert!(
        std::fs::read_dir(&fresh).unwrap().next().is_none(),
        "nothing left behind"
    );
    assert!(a.export_all(&out, ExportOptions { force: true }).is_err());
    assert_eq!(tree(&out), earlier, "the earlier export is untouched");
}

/// A database with content, at `path`.
fn filled(path: &Path, work: &Path) -> Store {
    let mut s = Store::open(path).unwrap();
    seed(&mut s, work);
    s
}

#[test]
fn backup_while_others_read_and_write_is_consistent() {
    let work = tempfile::tempdir().unwrap();
    let db = work.path().join("live.db");
    drop(filled(&db, work.path()));

    // one connection holds a read transaction open for the whole backup ...
    let reader = rusqlite::Connection::open(&db).unwrap();
    reader.execute_batch("BEGIN").unwrap();
    let seen: i64 = reader
        .query_row("SELECT count(*) FROM decks", [], |r| r.get(0))
        .unwrap();
    let own_and_samples = 4 + i64::try_from(sample_decks()).unwrap();
    assert_eq!(seen, own_and_samples);
    // ... and another writes all the while, each write one deck
    let stop = Arc::new(AtomicBool::new(false));
    let started = Arc::new(Barrier::new(2));
    let writer = {
        let (db, stop, started) = (db.clone(), stop.clone(), started.clone());
        std::thread::spawn(move || {
            let mut s = Store::open(&db).unwrap();
            let catalog = s.find_catalog(ART).unwrap().id;
            let mut n = 0;
            started.wait();
            while !stop.load(Ordering::Relaxed) || n < 5 {
                let deck = Deck {
                    name: format!("Busy {n}"),
                    game: None,
                    entries: vec![DeckEntry::new(1, "Ember Cub"); 3],
                    ..Deck::default()
                };
                s.create_deck(catalog, &deck).unwrap();
                n += 1;
            }
            n
        })
    };
    started.wait();
    let mut sizes = Vec::new();
    for i in 0..3 {
        let dest = work.path().join(format!("backup-{i}.db"));
        sizes.push(store::backup_file(&db, &dest).unwrap());
        // the copy passes its integrity check and opens as a Deckwright database
        assert_eq!(store::check_database(&dest).unwrap(), SCHEMA_VERSION);
        let conn = rusqlite::Connection::open(&dest).unwrap();
        let ok: String = conn
            .query_row("PRAGMA integrity_check", [], |r| r.get(0))
            .unwrap();
        assert_eq!(ok, "ok");
        let mode: String = conn
            .query_row("PRAGMA journal_mode", [], |r| r.get(0))
            .unwrap();
        assert_eq!(mode, "delete", "a backup is one file");
        // every deck in it is whole: versions and entries came with it
        let copy = Store::open(&dest).unwrap();
        for d in copy.decks(None).unwrap() {
            assert!(d.version >= 1, "{d:?}");
            if d.name.starts_with("Busy") {
                assert_eq!(d.main_count, 3, "{d:?}");
            }
        }
        assert!(!work.path().join(format!("backup-{i}.db.partial")).exists());
    }
    stop.store(true, Ordering::Relaxed);
    let written = writer.join().unwrap();
    assert!(written >= 5);
    // the reader's snapshot never moved
    let still: i64 = reader
        .query_row("SELECT count(*) FROM decks", [], |r| r.get(0))
        .unwrap();
    assert_eq!(still, own_and_samples);
    reader.execute_batch("COMMIT").unwrap();
    assert!(sizes.iter().all(|&b| b > 0));
    // the store's own connection backs up too
    let s = Store::open(&db).unwrap();
    let dest = work.path().join("from-store.db");
    s.backup_to(&dest).unwrap();
    assert_eq!(
        Store::open(&dest).unwrap().decks(None).unwrap().len(),
        4 + sample_decks() + written
    );
}

#[test]
fn restore_replaces_the_live_database_and_keeps_the_old_one() {
    let work = tempfile::tempdir().unwrap();
    let db = work.path().join("live.db");
    let s = filled(&db, work.path());
    let before = snapshot(&s);
    let backup = work.path().join("backup.db");
    s.backup_to(&backup).unwrap();
    drop(s);

    // later changes ...
    let mut s = Store::open(&db).unwrap();
    let art = catalog_id(&s, ART);
    s.create_deck(
        art,
        &Deck {
            name: "After the backup".into(),
            ..Deck::default()
        },
    )
    .unwrap();
    let after = snapshot(&s);
    // ... while another connection reads
    let reader = rusqlite::Connection::open(&db).unwrap();
    reader.execute_batch("BEGIN").unwrap();
    let _: i64 = reader
        .query_row("SELECT count(*) FROM decks", [], |r| r.get(0))
        .unwrap();

    let r = store::restore(&db, &backup).unwrap();
    reader.execute_batch("COMMIT").unwrap();
    assert_eq!(r.schema_version, SCHEMA_VERSION);
    let kept = r.previous.unwrap();
    assert_eq!(kept, work.path().join("live.db.before-restore"));
    // the store that was open sees the restored data
    assert_eq!(snapshot(&s), before);
    assert_eq!(snapshot(&Store::open(&db).unwrap()), before);
    assert_eq!(snapshot(&Store::open(&kept).unwrap()), after);
    assert!(!work.path().join("live.db.restoring").exists());
    // the backup file itself is untouched
    assert_eq!(store::check_database(&backup).unwrap(), SCHEMA_VERSION);
}

#[test]
fn restore_refuses_what_is_not_a_deckwright_database_and_changes_nothing() {
    let work = tempfile::tempdir().unwrap();
    let db = work.path().join("live.db");
    let s = filled(&db, work.path());
    let before = snapshot(&s);
    drop(s);

    let text = work.path().join("notes.txt");
    std::fs::write(&text, "not a database ".repeat(100)).unwrap();
    let other = work.path().join("other.db");
    rusqlite::Connection::open(&other)
        .unwrap()
        .execute_batch("CREATE TABLE t (x); INSERT INTO t VALUES (1);")
        .unwrap();
    let newer = work.path().join("newer.db");
    drop(Store::open(&newer).unwrap());
    rusqlite::Connection::open(&newer)
        .unwrap()
        .pragma_update(None, "user_version", SCHEMA_VERSION + 1)
        .unwrap();
    for (file, says) in [
        (&text, "is not a SQLite database"),
        (&other, "is not a Deckwright database"),
        (&newer, "newer Deckwright"),
        (&work.path().join("missing.db"), "no such file"),
    ] {
        let e = store::restore(&db, file).unwrap_err().to_string();
        assert!(
            e.contains(&file.display().to_string()) && e.contains(says),
            "{e}"
        );
    }
    assert_eq!(snapshot(&Store::open(&db).unwrap()), before);
    assert!(!work.path().join("live.db.before-restore").exists());
}

#[test]
fn restoring_a_version_1_backup_migrates_it() {
    let work = tempfile::tempdir().unwrap();
    let db = work.path().join("live.db");
    drop(filled(&db, work.path()));
    let old = repo("tests/fixtures/db/v1.db");
    assert_eq!(store::check_database(&old).unwrap(), 1);
    let r = store::restore(&db, &old).unwrap();
    assert_eq!(r.schema_version, 1);
    let s = Store::open(&db).unwrap();
    assert_eq!(s.schema_version().unwrap(), SCHEMA_VERSION);
    assert!(!s.catalogs().unwrap().is_empty());
    assert!(
        s.settings().unwrap().is_empty(),
        "the settings table came with the migration"
    );
}

// ------------------------------------------------------------------ CLI

/// Refused with exit 2, naming the problem on stderr and printing nothing.
fn fails(db: &Path, args: &[&str]) -> String {
    let out = run_on(db, args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    assert!(out.stdout.is_empty());
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn the_commands_round_trip_and_name_bad_input() {
    let work = tempfile::tempdir().unwrap();
    let a = work.path().join("a.db");
    drop(filled(&a, work.path()));
    let out1 = work.path().join("out1");
    let said = ok(&a, &["export-all", out1.to_str().unwrap()]);
    let samples = sample_decks();
    assert!(
        said.starts_with(&format!(
            "exported 6 catalogs, {} decks ({} versions)",
            4 + samples,
            7 + samples
        )),
        "{said}"
    );
    let e = fails(&a, &["export-all", out1.to_str().unwrap()]);
    assert!(e.contains("is not empty") && e.contains("--force"), "{e}");
    ok(&a, &["export-all", "--force", out1.to_str().unwrap()]);

    let b = work.path().join("b.db");
    let said = ok(&b, &["import-all", out1.to_str().unwrap()]);
    assert!(
        said.starts_with(&format!(
            "imported 6 catalogs, {} decks ({} versions)",
            4 + samples,
            7 + samples
        )),
        "{said}"
    );
    let out2 = work.path().join("out2");
    ok(&b, &["export-all", out2.to_str().unwrap()]);
    assert_eq!(tree(&out1), tree(&out2));
    let e = fails(&b, &["import-all", out1.to_str().unwrap()]);
    assert!(
        e.contains("already has a deck named \"Chicken Rush\""),
        "{e}"
    );
    ok(&b, &["import-all", "--replace", out1.to_str().unwrap()]);
    let e = fails(
        &b,
        &["import-all", work.path().join("nowhere").to_str().unwrap()],
    );
    assert!(e.contains("nowhere: no such folder"), "{e}");

    let backup = work.path().join("b-backup.db");
    let said = ok(&b, &["backup", backup.to_str().unwrap()]);
    assert!(said.starts_with("backed up"), "{said}");
    let e = fails(&b, &["backup", backup.to_str().unwrap()]);
    assert!(e.contains("b-backup.db: the file exists"), "{e}");
    ok(&b, &["backup", "--force", backup.to_str().unwrap()]);

    let c = work.path().join("new folder/c.db");
    let said = ok(&c, &["restore", backup.to_str().unwrap()]);
    assert!(said.contains("restored"), "{said}");
    let out3 = work.path().join("out3");
    ok(&c, &["export-all", out3.to_str().unwrap()]);
    assert_eq!(tree(&out1), tree(&out3));

    let junk = work.path().join("junk.db");
    std::fs::write(&junk, "junk ".repeat(200)).unwrap();
    let e = fails(&c, &["restore", junk.to_str().unwrap()]);
    assert!(e.contains("junk.db: is not a SQLite database"), "{e}");
    let e = fails(
        &work.path().join("none.db"),
        &["backup", work.path().join("new.db").to_str().unwrap()],
    );
    assert!(e.contains("none.db: no such file"), "{e}");
}

/// Every key an export writes is documented in schema/export.md.
#[test]
fn every_key_of_the_export_is_documented() {
    fn keys(value: &toml::Value, out: &mut std::collections::BTreeSet<String>) {
        match value {
            toml::Value::Table(t) => {
                for (k, v) in t {
                    out.insert(k.clone());
                    // card ids under card_images are data, not keys
                    if k != "card_images" {
                        keys(v, out);
                    }
                }
            }
            toml::Value::Array(a) => a.iter().for_each(|v| keys(v, out)),
            _ => {}
        }
    }
    let work = tempfile::tempdir().unwrap();
    let mut a = Store::open(work.path().join("a.db")).unwrap();
    seed(&mut a, work.path());
    let out = work.path().join("out");
    a.export_all(&out, ExportOptions::default()).unwrap();
    let mut found = std::collections::BTreeSet::new();
    for (path, bytes) in tree(&out) {
        let is_manifest = path == "manifest.toml" || path.ends_with("/deck.toml");
        if is_manifest {
            let v: toml::Value = toml::from_str(std::str::from_utf8(&bytes).unwrap()).unwrap();
            keys(&v, &mut found);
        }
    }
    found.insert("settings".into());
    for k in [
        "entry",
        "link",
        "card_images",
        "back_image",
        "note",
        "collection",
    ] {
        assert!(
            found.contains(k),
            "the seed should make the export write `{k}`"
        );
    }
    let doc = std::fs::read_to_string(repo("schema/export.md")).unwrap();
    for k in &found {
        assert!(
            doc.contains(&format!("`{k}`")),
            "schema/export.md does not document `{k}`"
        );
    }
}
