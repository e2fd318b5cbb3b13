//! "Export to Tabletop Simulator" (issue 26) from the deck builder and the
//! Print screen: `iced_test` clicks on the buttons, the folder the dialog
//! answers with sent as its message, then the saved object and its sheets
//! read back from the folder; the Install path into a stand-in for TTS's
//! Saved Objects folder; an unwritable folder is an error banner, not a
//! panic.

use std::path::{Path, PathBuf};

use crate::harness::{Harness, catalog_of};
use crate::support::repo;
use deckwright::gui::Message;
use deckwright::gui::app::Screen;
use deckwright::gui::prefs::ScreenId;
use deckwright::gui::screen::{decks, print};
use deckwright::gui::tts::{self, State, TtsPanel};
use deckwright::model::{Board, DeckEntry, GameId};
use deckwright::store::DeckId;
use serde_json::Value;

/// The app with the sample Fuzzycards "Beatdown" deck (30 cards) stored
/// last (so both screens open it), with 2 Pounce! in its sideboard.
fn with_beatdown() -> (Harness, DeckId) {
    let mut id = None;
    let h = Harness::with(|s| {
        let catalog = catalog_of(s, GameId::Fuzzycards);
        let mut deck =
            deckwright::decklist::load(&repo("resources/decks/fuzzycards-beatdown.txt")).unwrap();
        deck.name = "Fuzzy Beatdown".into();
        deck.entries.push(DeckEntry {
            count: 2,
            name: "Pounce!".into(),
            id: None,
            board: Board::Sideboard,
            section: None,
            line: None,
        });
        id = Some(s.create_deck(catalog, &deck).unwrap());
    });
    (h, id.unwrap())
}

fn print_screen(h: &Harness) -> &print::Print {
    match h.app.shell().unwrap().screen() {
        Screen::Print(p) => p,
        other => panic!("not on the Print screen: {:?}", other.id()),
    }
}

fn deck_tts(m: tts::Message) -> Message {
    Message::Decks(decks::Message::Editor(decks::editor::Message::Tts(m)))
}

fn print_tts(m: tts::Message) -> Message {
    Message::Print(print::Message::Tts(m))
}

/// The messages a click on `label` produces (not applied: the dialog it
/// asks for is answered by the test itself).
fn click(h: &Harness, label: &str) -> Vec<Message> {
    let mut ui = h.ui();
    ui.click(label).unwrap_or_else(|e| panic!("{label}: {e:?}"));
    ui.into_messages().collect()
}

/// The saved object in `dir`, with its checks: one `DeckCustom` per pile
/// whose `DeckIDs` are `cards` long, every `CardID` of a sheet whose
/// grid is as the `CustomDeck` says, and every picture there. Returns the
/// objects' `DeckIDs` lengths.
fn check_object(dir: &Path, stem: &str) -> Vec<usize> {
    let object = dir.join(format!("{stem}.json"));
    let json: Value = serde_json::from_str(&std::fs::read_to_string(&object).unwrap()).unwrap();
    let mut counts = Vec::new();
    for o in json["ObjectStates"].as_array().unwrap() {
        assert_eq!(o["Name"], "DeckCustom");
        let ids = o["DeckIDs"].as_array().unwrap();
        assert_eq!(ids.len(), o["ContainedObjects"].as_array().unwrap().len());
        for (k, sheet) in o["CustomDeck"].as_object().unwrap() {
            let url = sheet["FaceURL"].as_str().unwrap();
            let file = url
                .strip_prefix("file:///")
                .map_or_else(|| dir.join(url), |abs| PathBuf::from(format!("/{}", abs)));
            let (w, h) = image::image_dimensions(&file)
                .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            let (cols, rows) = (
                sheet["NumWidth"].as_u64().unwrap() as u32,
                sheet["NumHeight"].as_u64().unwrap() as u32,
            );
            assert_eq!((w % cols, h % rows), (0, 0), "{k}: {w}×{h} not a grid");
            let key: u64 = k.parse().unwrap();
            assert!(
                ids.iter().all(|id| id.as_u64().unwrap() / 100 != key
                    || id.as_u64().unwrap() % 100 < u64::from(cols * rows - 1)),
                "a CardID past the sheet's cards"
            );
        }
        counts.push(ids.len());
    }
    counts
}

#[test]
fn export_to_tts_from_the_deck_builder() {
    let (mut h, _) = with_beatdown();
    h.send(Message::Navigate(ScreenId::Decks));
    h.click_text("Tabletop Sim");
    assert!(h.shows(tts::INSTALL_LABEL), "{:?}", h.dump());
    // the button asks for a folder; the dialog's answer is sent here
    let asked = click(&h, tts::FOLDER_LABEL);
    assert!(
        matches!(&asked[..], [m] if matches!(m, Message::Decks(decks::Message::Editor(decks::editor::Message::Tts(tts::Message::PickFolder))))),
        "{asked:?}"
    );
    let out = h.dir.path().join("tts out");
    h.send(deck_tts(tts::Message::Folder(out.clone())));
    let State::Done { report, .. } = h.deck_editor().tts().state() else {
        panic!("not exported: {:?}", h.deck_editor().tts().state());
    };
    assert_eq!(report.cards, 30);
    assert_eq!(report.sheets.len(), 1);
    assert!(report.sheets.iter().all(|s| s.is_file()));
    assert_eq!(report.object, out.join("fuzzy-beatdown.json"));
    // the JSON's DeckIDs are the deck's 30 cards, its sheet as named
    assert_eq!(check_object(&out, "fuzzy-beatdown"), [30]);
    let json = std::fs::read_to_string(&report.object).unwrap();
    assert!(
        json.contains("\"FaceURL\": \"fuzzy-beatdown-sheet-1.jpg\""),
        "relative URLs outside TTS's folder"
    );
    // the result is on show (the files written) and in a banner
    assert!(h.shows("Exported to Tabletop Simulator"), "{:?}", h.dump());
    assert!(h.shows(&report.object.display().to_string()));
    assert!(
        h.shows("Beside it: fuzzy-beatdown-sheet-1.jpg"),
        "{:?}",
        h.dump()
    );
    let facts = h.text_containing("30 cards in 1 object on 1 sheet");
    assert!(
        facts
            .as_deref()
            .is_some_and(|f| f.contains("419 × 585 px a card")),
        "{facts:?}"
    );
    assert!(
        h.banner_texts()
            .iter()
            .any(|b| b.starts_with("Tabletop Simulator: wrote ")),
        "{:?}",
        h.banner_texts()
    );

    // the sideboard as a second object
    h.click_text("+ sideboard");
    assert!(h.deck_editor().tts().sideboard());
    h.send(deck_tts(tts::Message::Folder(out.clone())));
    assert_eq!(check_object(&out, "fuzzy-beatdown"), [30, 2]);
}

#[test]
fn export_to_tts_from_print_and_install() {
    let (mut h, _) = with_beatdown();
    h.click_text("Print");
    assert!(print_screen(&h).is_ready());
    let asked = click(&h, tts::FOLDER_LABEL);
    assert!(
        matches!(
            &asked[..],
            [Message::Print(print::Message::Tts(
                tts::Message::PickFolder
            ))]
        ),
        "{asked:?}"
    );
    let out = h.dir.path().join("print-tts");
    h.send(print_tts(tts::Message::Folder(out.clone())));
    let State::Done { report, .. } = print_screen(&h).tts().state() else {
        panic!("not exported: {:?}", print_screen(&h).tts().state());
    };
    assert_eq!((report.cards, report.sheets.len()), (30, 1));
    assert_eq!(check_object(&out, "fuzzy-beatdown"), [30]);
    // the PDF options (only what the collection lacks) do not shrink the
    // table's deck
    h.send(Message::Print(print::Message::Which(print::Which::Missing)));
    h.send(print_tts(tts::Message::Folder(out.clone())));
    assert_eq!(check_object(&out, "fuzzy-beatdown"), [30]);

    // Install: into (a stand-in for) TTS's Saved Objects folder, with
    // file:/// URLs; a back picture of the user's
    let saved = h.dir.path().join("Saved Objects").join("Deckwright");
    set_install_dir(&mut h, Some(saved.clone()));
    let back = h.dir.path().join("my back.png");
    image::RgbaImage::from_pixel(50, 70, image::Rgba([200, 20, 20, 255]))
        .save(&back)
        .unwrap();
    h.send(print_tts(tts::Message::Back(back.clone())));
    let asked = click(&h, tts::INSTALL_LABEL);
    assert!(
        matches!(
            &asked[..],
            [Message::Print(print::Message::Tts(tts::Message::Install))]
        ),
        "{asked:?}"
    );
    h.send(print_tts(tts::Message::Install));
    assert!(
        matches!(print_screen(&h).tts().state(), State::Done { .. }),
        "{:?}",
        print_screen(&h).tts().state()
    );
    assert_eq!(check_object(&saved, "fuzzy-beatdown"), [30]);
    let json: Value =
        serde_json::from_str(&std::fs::read_to_string(saved.join("fuzzy-beatdown.json")).unwrap())
            .unwrap();
    let deck = &json["ObjectStates"][0]["CustomDeck"]["1"];
    assert!(
        deck["FaceURL"].as_str().unwrap().starts_with("file:///"),
        "{deck}"
    );
    // the back is the user's picture: red
    let back_jpg = image::open(saved.join("fuzzy-beatdown-back.jpg"))
        .unwrap()
        .to_rgb8();
    let px = back_jpg
        .get_pixel(back_jpg.width() / 2, back_jpg.height() / 2)
        .0;
    assert!(px[0] > 150 && px[1] < 80, "{px:?}");
    assert!(h.shows("In Tabletop Simulator: Objects → Saved Objects → Deckwright."));
}

fn set_install_dir(h: &mut Harness, dir: Option<PathBuf>) {
    let panel: &mut TtsPanel = match h.app.shell_mut().unwrap().screen_mut() {
        Screen::Print(p) => p.tts_mut(),
        Screen::Decks(d) => d.open_mut().expect("a deck is open").tts_mut(),
        other => panic!("{:?}", other.id()),
    };
    panel.set_install_dir(dir);
}

#[test]
fn an_unwritable_folder_is_an_error_banner() {
    let (mut h, _) = with_beatdown();
    h.send(Message::Navigate(ScreenId::Decks));
    h.click_text("Tabletop Sim");
    // a folder inside a file cannot be made, whoever runs the test
    let file = h.dir.path().join("a file");
    std::fs::write(&file, "x").unwrap();
    let out = file.join("tts");
    h.send(deck_tts(tts::Message::Folder(out.clone())));
    let State::Failed(e) = h.deck_editor().tts().state() else {
        panic!("{:?}", h.deck_editor().tts().state());
    };
    assert!(
        e.starts_with("Tabletop Simulator export failed: cannot write"),
        "{e}"
    );
    assert!(
        h.banner_texts().iter().any(|b| b == e),
        "{:?}",
        h.banner_texts()
    );
    assert!(h.shows(e), "{:?}", h.dump());
    // a missing back picture is named
    let missing = h.dir.path().join("no-back.png");
    h.send(deck_tts(tts::Message::Back(missing)));
    h.send(deck_tts(tts::Message::Folder(h.dir.path().join("ok"))));
    let State::Failed(e) = h.deck_editor().tts().state() else {
        panic!("{:?}", h.deck_editor().tts().state());
    };
    assert!(e.contains("no-back.png"), "{e}");
    // without a home folder there is nowhere to install: said, not a panic
    set_install_dir(&mut h, None);
    h.send(deck_tts(tts::Message::Install));
    assert!(
        h.banner_texts()
            .iter()
            .any(|b| b.contains("cannot find your home folder")),
        "{:?}",
        h.banner_texts()
    );
    // and the next export into a good folder works
    h.send(deck_tts(tts::Message::ClearBack));
    let good = h.dir.path().join("good");
    h.send(deck_tts(tts::Message::Folder(good.clone())));
    assert_eq!(check_object(&good, "fuzzy-beatdown"), [30]);
}

/// Cancel, pressed before the worker gets going, stops the export: nothing
/// is written, the panel says so, and the next export runs to the end.
#[test]
fn cancel_stops_the_tts_export_and_writes_nothing() {
    let (mut h, _) = with_beatdown();
    h.click_text("Print");
    let out = h.dir.path().join("cancelled");
    let task = h.app.update(print_tts(tts::Message::Folder(out.clone())));
    assert!(print_screen(&h).tts().is_running());
    // the export buttons wait while it runs
    let asked = click(&h, tts::FOLDER_LABEL);
    assert!(asked.is_empty(), "{asked:?}");
    h.interact(|ui| {
        // Print's own Cancel is not on show: this is the panel's
        ui.click("Cancel").map(|_| ())
    });
    h.settle(task);
    assert!(
        matches!(print_screen(&h).tts().state(), State::Cancelled),
        "{:?}",
        print_screen(&h).tts().state()
    );
    assert!(h.shows("Export cancelled: nothing was written."));
    let written: Vec<_> = std::fs::read_dir(&out)
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.file_name()).collect())
        .unwrap_or_default();
    assert!(written.is_empty(), "{written:?}");
    h.send(print_tts(tts::Message::Folder(out.clone())));
    assert_eq!(check_object(&out, "fuzzy-beatdown"), [30]);
}

/// A stored catalog keeps its pictures in the database: the export reads
/// them from there (the same loader as Print's PDF and the CLI), so only the
/// card without a picture is drawn from its data, and the back is the
/// catalog's.
#[test]
fn stored_pictures_are_on_the_sheets() {
    let fixture = crate::support::fixture("pnp/images");
    let mut h = Harness::with(|s| {
        let loaded = deckwright::catalog::load(&fixture.join("catalog.toml")).unwrap();
        let catalog = s.import_catalog(&loaded.catalog).unwrap();
        let mut deck = deckwright::decklist::load(&fixture.join("deck.txt")).unwrap();
        deck.name = "Pictures".into();
        s.create_deck(catalog, &deck).unwrap();
    });
    h.send(Message::Navigate(ScreenId::Decks));
    assert_eq!(h.deck_editor().info().name, "Pictures");
    let out = h.dir.path().join("pictures");
    h.send(deck_tts(tts::Message::Folder(out.clone())));
    let State::Done { report, .. } = h.deck_editor().tts().state() else {
        panic!("not exported: {:?}", h.deck_editor().tts().state());
    };
    assert_eq!((report.cards, report.drawn_faces), (11, 1), "{report:?}");
    assert_eq!(check_object(&out, "pictures"), [11]);
    // the first cell is Red Hero's red picture, the back the catalog's
    // yellow one
    let sheet = image::open(out.join("pictures-sheet-1.jpg"))
        .unwrap()
        .to_rgb8();
    let red = sheet.get_pixel(200, 300).0;
    assert!(red[0] > 180 && red[1] < 80 && red[2] < 80, "{red:?}");
    let back = image::open(out.join("pictures-back.jpg"))
        .unwrap()
        .to_rgb8();
    let yellow = back.get_pixel(back.width() / 2, back.height() * 3 / 4).0;
    assert!(
        yellow[0] > 200 && yellow[1] > 160 && yellow[2] < 90,
        "{yellow:?}"
    );
}

/// Strange World is laid out, not drawn from one deck: the app exports one
/// pile a section, as the CLI does (rulebook p.2, Setup).
#[test]
fn strange_world_exports_a_pile_a_section() {
    let mut h = Harness::new();
    let deck = h
        .store()
        .decks(None)
        .unwrap()
        .into_iter()
        .find(|d| d.game == GameId::StrangeWorld)
        .expect("a Strange World sample deck");
    h.send(Message::Navigate(ScreenId::Decks));
    h.send(Message::Decks(decks::Message::Open(deck.id)));
    assert_eq!(h.deck_editor().info().id, deck.id);
    let out = h.dir.path().join("sw");
    h.send(deck_tts(tts::Message::Folder(out.clone())));
    let State::Done { report, .. } = h.deck_editor().tts().state() else {
        panic!("not exported: {:?}", h.deck_editor().tts().state());
    };
    assert!(report.piles.len() > 1, "{:?}", report.piles);
    assert_eq!(
        report.piles.iter().map(|(_, n)| n).sum::<usize>(),
        report.cards
    );
    let json: Value =
        serde_json::from_str(&std::fs::read_to_string(&report.object).unwrap()).unwrap();
    assert_eq!(
        json["ObjectStates"].as_array().unwrap().len(),
        report.piles.len()
    );
}
