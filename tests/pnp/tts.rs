//! `deckwright tts` (formats.md §6, issue 26): the saved object checked
//! against TTS's field rules (CardID = key × 100 + cell, one DeckIDs entry per
//! card, every sheet's pixels = its grid × the card size, the grid's last cell
//! the back), big decks over several sheets, faces drawn from data, one card,
//! piles of Strange World, `--sideboard`, `--install`, and bad input.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Output;

use serde_json::Value;

use crate::pnp_support::fixture;
use crate::support::{deckwright, s, stderr, stdout};

fn run(home: &Path, args: &[&str]) -> Output {
    deckwright()
        .env("DECKWRIGHT_DB", home.join("unused.db"))
        .env("HOME", home)
        .env_remove("XDG_DATA_HOME")
        .args(args)
        .output()
        .expect("run deckwright")
}

fn resources(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("resources")
        .join(rel)
}

/// Runs `tts --json` into `out` and returns the JSON output and the object.
fn export(home: &Path, catalog: &Path, deck: &Path, out: &Path, more: &[&str]) -> (Value, Value) {
    let mut args = vec![
        "tts",
        "--catalog",
        s(catalog),
        s(deck),
        "-o",
        s(out),
        "--json",
    ];
    args.extend_from_slice(more);
    let o = run(home, &args);
    assert!(o.status.success(), "{}", stderr(&o));
    let printed: Value = serde_json::from_str(&stdout(&o)).expect("JSON on stdout");
    let object = read_json(Path::new(printed["object"].as_str().unwrap()));
    (printed, object)
}

fn read_json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The file a URL of the object names: relative names are beside it.
fn file_of(dir: &Path, url: &str) -> PathBuf {
    match url.strip_prefix("file:///") {
        Some(abs) => PathBuf::from(format!("/{abs}")),
        None => dir.join(url),
    }
}

/// Checks one object (a DeckCustom or a Card) against TTS's rules; returns
/// its card count and the card size in pixels.
fn check_object(dir: &Path, o: &Value) -> (usize, (u32, u32)) {
    let cards: Vec<&Value> = match o["Name"].as_str().unwrap() {
        "DeckCustom" => {
            let ids = o["DeckIDs"].as_array().unwrap();
            let contained = o["ContainedObjects"].as_array().unwrap();
            assert_eq!(ids.len(), contained.len(), "one DeckIDs entry per card");
            for (id, c) in ids.iter().zip(contained) {
                assert_eq!(id, &c["CardID"]);
            }
            contained.iter().collect()
        }
        "Card" => vec![o],
        other => panic!("unexpected object {other}"),
    };
    let mut size = None;
    for c in &cards {
        assert_eq!(c["Name"], "Card");
        assert!(!c["Nickname"].as_str().unwrap().is_empty());
        let id = c["CardID"].as_u64().unwrap();
        let (key, cell) = (id / 100, id % 100);
        let deck = &o["CustomDeck"][key.to_string()];
        assert!(deck.is_object(), "CustomDeck {key} for card {id}");
        assert_eq!(&c["CustomDeck"][key.to_string()], deck);
        let (w, h) = (
            deck["NumWidth"].as_u64().unwrap() as u32,
            deck["NumHeight"].as_u64().unwrap() as u32,
        );
        assert!(w <= 10 && h <= 7, "{w} × {h}");
        assert!(
            (cell as u32) < w * h - 1,
            "cell {cell} is not the hidden one"
        );
        assert_eq!(deck["BackIsHidden"], true);
        assert_eq!(deck["UniqueBack"], false);
        let sheet = file_of(dir, deck["FaceURL"].as_str().unwrap());
        let (sw, sh) = image::image_dimensions(&sheet).expect("the sheet exists");
        assert!(sw <= 4096 && sh <= 4096, "{sw} × {sh}");
        assert_eq!((sw % w, sh % h), (0, 0), "{sw} × {sh} for {w} × {h}");
        let card = (sw / w, sh / h);
        assert!(card.0 >= 409 && card.1 >= 585, "{card:?}");
        assert_eq!(*size.get_or_insert(card), card, "one card size");
        let back = file_of(dir, deck["BackURL"].as_str().unwrap());
        assert_eq!(image::image_dimensions(&back).unwrap(), card);
    }
    (cards.len(), size.unwrap())
}

fn check_all(dir: &Path, object: &Value) -> usize {
    for key in [
        "SaveName",
        "Date",
        "VersionNumber",
        "Table",
        "Sky",
        "Note",
        "XmlUI",
        "LuaScript",
    ] {
        assert!(object[key].is_string(), "{key}");
    }
    object["ObjectStates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| check_object(dir, o).0)
        .sum()
}

fn pixel(path: &Path, x: u32, y: u32) -> [u8; 3] {
    image::open(path).unwrap().to_rgb8().get_pixel(x, y).0
}

fn near(a: [u8; 3], b: [u8; 3]) -> bool {
    a.iter().zip(b).all(|(x, y)| x.abs_diff(y) <= 12)
}

#[test]
fn pictures_fill_the_cells_and_the_last_cell_is_the_back() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let (printed, object) = export(
        dir.path(),
        &fixture("images/catalog.toml"),
        &fixture("images/deck.txt"),
        &out,
        &[],
    );
    assert_eq!(printed["cards"], 11);
    assert_eq!(printed["sheets"].as_array().unwrap().len(), 1);
    assert_eq!(check_all(&out, &object), 11);
    let deck = &object["ObjectStates"][0];
    assert_eq!(deck["Name"], "DeckCustom");
    assert_eq!(deck["ContainedObjects"][0]["Nickname"], "Red Hero");
    // 8 distinct cards + the back: 9 cells, one row of 9
    let custom = &deck["CustomDeck"]["1"];
    assert_eq!(
        (custom["NumWidth"].as_u64(), custom["NumHeight"].as_u64()),
        (Some(9), Some(1))
    );
    assert_eq!(custom["FaceURL"], "deck-sheet-1.jpg", "relative file names");
    let sheet = out.join("deck-sheet-1.jpg");
    let (w, h) = image::image_dimensions(&sheet).unwrap();
    let cw = w / 9;
    assert!(
        near(pixel(&sheet, cw / 2, h / 2), [220, 30, 30]),
        "Red Hero first"
    );
    // back.png: 240,200,40 below a dark top quarter
    assert!(
        near(pixel(&sheet, 8 * cw + cw / 2, h * 3 / 4), [240, 200, 40]),
        "the back last"
    );
    assert!(out.join("deck.png").is_file(), "the thumbnail");
    assert_eq!(
        image::image_dimensions(out.join("deck.png")).unwrap(),
        (256, 256)
    );
}

/// A Fuzzycards catalog of `n` distinct cards (no pictures) and a deck of
/// one of each.
fn generated(dir: &Path, n: usize) -> (PathBuf, PathBuf) {
    let mut cat = String::from("game = \"fuzzycards\"\nname = \"Generated\"\n");
    let mut deck = String::new();
    for i in 0..n {
        write!(
            cat,
            "\n[[card]]\nname = \"Card {i:03}\"\ntype = \"hero\"\nforce = \"power\"\ncost = 1\n\
             atk = 3\ndef = 3\nhp = 4\ntext = \"On Deploy: draw 1.\"\n"
        )
        .unwrap();
        writeln!(deck, "1 Card {i:03}").unwrap();
    }
    let (c, d) = (dir.join("big.toml"), dir.join("Big Deck.txt"));
    std::fs::write(&c, cat).unwrap();
    std::fs::write(&d, deck).unwrap();
    (c, d)
}

#[test]
fn a_140_card_deck_takes_3_sheets() {
    let dir = tempfile::tempdir().unwrap();
    let (catalog, deck) = generated(dir.path(), 140);
    let out = dir.path().join("out");
    let started = std::time::Instant::now();
    let (printed, object) = export(dir.path(), &catalog, &deck, &out, &[]);
    eprintln!("140 cards exported in {:?}", started.elapsed());
    assert_eq!(printed["cards"], 140);
    assert_eq!(printed["sheets"].as_array().unwrap().len(), 3);
    assert_eq!(check_all(&out, &object), 140);
    let deck = &object["ObjectStates"][0];
    let keys: Vec<&String> = deck["CustomDeck"].as_object().unwrap().keys().collect();
    assert_eq!(keys, ["1", "2", "3"]);
    let ids = deck["DeckIDs"].as_array().unwrap();
    // 9 × 7 = 63 cells: 62 cards and the back a sheet
    assert_eq!(ids[0], 100);
    assert_eq!(ids[61], 161);
    assert_eq!(ids[62], 200);
    assert_eq!(ids[139], 315);
    assert_eq!(deck["ContainedObjects"][139]["Nickname"], "Card 139");
    assert_eq!(
        deck["ContainedObjects"][139]["Description"],
        "On Deploy: draw 1."
    );
    for (n, (w, h)) in [(1, (9, 7)), (3, (9, 2))] {
        let c = &deck["CustomDeck"][n.to_string()];
        assert_eq!(
            (c["NumWidth"].as_u64(), c["NumHeight"].as_u64()),
            (Some(w), Some(h))
        );
    }
    assert!(out.join("big-deck.json").is_file(), "named after the deck");
}

#[test]
fn a_catalog_without_pictures_exports_drawn_faces() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let (printed, object) = export(
        dir.path(),
        &resources("catalogs/fuzzycards.toml"),
        &resources("decks/fuzzycards-beatdown.txt"),
        &out,
        &[],
    );
    assert_eq!(printed["cards"], 30);
    assert_eq!(check_all(&out, &object), 30);
    // a drawn face is not blank: its centre differs from its corner
    let sheet = PathBuf::from(printed["sheets"][0].as_str().unwrap());
    assert_ne!(pixel(&sheet, 5, 5), pixel(&sheet, 200, 300));
}

#[test]
fn a_one_card_deck_is_a_card() {
    let dir = tempfile::tempdir().unwrap();
    let (catalog, _) = generated(dir.path(), 3);
    let deck = dir.path().join("one.txt");
    std::fs::write(&deck, "1 Card 002\n").unwrap();
    let out = dir.path().join("out");
    let (printed, object) = export(dir.path(), &catalog, &deck, &out, &[]);
    assert_eq!(printed["cards"], 1);
    let card = &object["ObjectStates"][0];
    assert_eq!(card["Name"], "Card");
    assert_eq!(card["Nickname"], "Card 002");
    assert_eq!(card["CardID"], 100);
    assert_eq!(check_all(&out, &object), 1);
}

#[test]
fn the_sideboard_is_a_second_object_when_asked() {
    let dir = tempfile::tempdir().unwrap();
    let (catalog, _) = generated(dir.path(), 5);
    let deck = dir.path().join("sb.txt");
    std::fs::write(&deck, "2 Card 000\n1 Card 001\n\nSideboard:\n3 Card 004\n").unwrap();
    let out = dir.path().join("out");
    let (printed, object) = export(dir.path(), &catalog, &deck, &out, &[]);
    assert_eq!(printed["cards"], 3);
    assert_eq!(object["ObjectStates"].as_array().unwrap().len(), 1);
    let (printed, object) = export(dir.path(), &catalog, &deck, &out, &["--sideboard"]);
    assert_eq!(printed["cards"], 6);
    let objects = object["ObjectStates"].as_array().unwrap();
    assert_eq!(objects.len(), 2);
    assert_eq!(objects[1]["DeckIDs"], serde_json::json!([200, 200, 200]));
    assert_eq!(check_all(&out, &object), 6);
}

#[test]
fn strange_world_lays_out_its_piles() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let (_, object) = export(
        dir.path(),
        &resources("catalogs/strange-world.toml"),
        &resources("decks/strange-world-2-players.txt"),
        &out,
        &[],
    );
    let names: Vec<&str> = object["ObjectStates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["Nickname"].as_str().unwrap())
        .collect();
    for pile in ["Lands", "Dark Cities", "Fumaroles", "Travellers"] {
        assert!(names.contains(&pile), "{names:?}");
    }
    check_all(&out, &object);
}

#[test]
fn install_writes_into_the_saved_objects_folder_with_file_urls() {
    let home = tempfile::tempdir().unwrap();
    let o = run(
        home.path(),
        &[
            "tts",
            "--catalog",
            s(&fixture("images/catalog.toml")),
            s(&fixture("images/deck.txt")),
            "--install",
            "--json",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let printed: Value = serde_json::from_str(&stdout(&o)).unwrap();
    let folder = if cfg!(target_os = "macos") {
        home.path().join("Library")
    } else {
        home.path().join(".local/share")
    }
    .join("Tabletop Simulator/Saves/Saved Objects/Deckwright");
    let object_path = folder.join("deck.json");
    assert_eq!(printed["object"].as_str().unwrap(), s(&object_path));
    let object = read_json(&object_path);
    let url = object["ObjectStates"][0]["CustomDeck"]["1"]["FaceURL"]
        .as_str()
        .unwrap();
    assert!(url.starts_with("file:///"), "{url}");
    assert_eq!(file_of(&folder, url), folder.join("deck-sheet-1.jpg"));
    assert_eq!(check_all(&folder, &object), 11);
}

#[test]
fn bad_input_is_exit_2_naming_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let (catalog, _) = generated(dir.path(), 2);
    let deck = dir.path().join("bad.txt");
    std::fs::write(&deck, "1 Card 000\n1 No Such Card\n").unwrap();
    let out = dir.path().join("out");
    let o = run(
        dir.path(),
        &["tts", "--catalog", s(&catalog), s(&deck), "-o", s(&out)],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains(&format!("{}:2:", deck.display())),
        "{}",
        stderr(&o)
    );
    assert!(!out.join("bad.json").exists());
    // a back that is not a picture
    let good = dir.path().join("good.txt");
    std::fs::write(&good, "1 Card 000\n").unwrap();
    let back = dir.path().join("back.png");
    std::fs::write(&back, "not a picture").unwrap();
    let o = run(
        dir.path(),
        &[
            "tts",
            "--catalog",
            s(&catalog),
            s(&good),
            "-o",
            s(&out),
            "--back",
            s(&back),
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains(s(&back)), "{}", stderr(&o));
    assert!(!out.join("good.json").exists(), "nothing written");
    assert!(
        std::fs::read_dir(&out).map_or(true, |mut d| d.next().is_none()),
        "no temporary files left"
    );
}

/// The same export twice writes the same saved object, byte for byte (no
/// date in it: TTS's own saved objects leave `Date` empty; GUIDs are
/// derived from the deck), and a one-card deck's sheet is the 2 × 1 grid of
/// the card and the hidden-card back.
#[test]
fn the_same_export_writes_the_same_object() {
    let dir = tempfile::tempdir().unwrap();
    let (catalog, deck) = generated(dir.path(), 5);
    let (a, b) = (dir.path().join("a"), dir.path().join("b b"));
    let (_, first) = export(dir.path(), &catalog, &deck, &a, &[]);
    let (_, second) = export(dir.path(), &catalog, &deck, &b, &[]);
    assert_eq!(first["Date"], "");
    assert_eq!(
        std::fs::read(a.join("big-deck.json")).unwrap(),
        std::fs::read(b.join("big-deck.json")).unwrap()
    );
    assert_eq!(first, second);

    let one = dir.path().join("one.txt");
    std::fs::write(&one, "1 Card 003\n").unwrap();
    let (_, object) = export(dir.path(), &catalog, &one, &a, &[]);
    let deck = &object["ObjectStates"][0]["CustomDeck"]["1"];
    assert_eq!(
        (&deck["NumWidth"], &deck["NumHeight"]),
        (&2.into(), &1.into())
    );
    assert_eq!(
        image::image_dimensions(a.join("one-sheet-1.jpg")).unwrap(),
        (2 * 419, 585)
    );
}

/// Issue 48 item 6: what a killed `tts` left (`*-sheet-N.jpg.part`, the
/// back's, the saved object's) is removed by the next run of the same
/// export; a run cut short by a full disk (a file-size limit, SIGXFSZ
/// ignored) leaves no `.part` at all.
#[cfg(unix)]
#[test]
fn a_killed_or_full_disk_tts_leaves_no_part_files() {
    let dir = tempfile::tempdir().unwrap();
    let (catalog, deck) = generated(dir.path(), 20);
    let out = dir.path().join("out");
    std::fs::create_dir_all(&out).unwrap();
    for leftover in [
        "big-deck-sheet-1.jpg.part",
        "big-deck-sheet-7.jpg.part",
        "big-deck-back.jpg.part",
        "big-deck.json.part",
        "big-deck.png.part",
    ] {
        std::fs::write(out.join(leftover), b"left by a killed run").unwrap();
    }
    // someone else's file that merely looks alike is not ours to remove
    std::fs::write(out.join("other-sheet-1.jpg.part"), b"not ours").unwrap();
    export(dir.path(), &catalog, &deck, &out, &[]);
    let parts = |d: &Path| -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(d)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".part"))
            .collect();
        v.sort();
        v
    };
    assert_eq!(parts(&out), ["other-sheet-1.jpg.part"]);

    let full = dir.path().join("full");
    let o = std::process::Command::new("bash")
        .arg("-c")
        .arg("ulimit -f 64; trap '' XFSZ; exec \"$DW_BIN\" \"$@\"")
        .arg("bash")
        .args(["tts", "--catalog", s(&catalog), s(&deck), "-o", s(&full)])
        .env("DW_BIN", env!("CARGO_BIN_EXE_deckwright"))
        .env("DECKWRIGHT_DB", dir.path().join("unused.db"))
        .env("HOME", dir.path())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("cannot write"), "{}", stderr(&o));
    assert_eq!(
        parts(&full),
        Vec::<String>::new(),
        "nothing half-written is left"
    );
}
