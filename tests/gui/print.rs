//! The Print screen (issue 4): `update(Message)` tests of its options, plan,
//! preview and remembered settings, and `iced_test` flows that export a
//! sample deck to a PDF (read back with lopdf), open it, and cancel an export.

use std::path::PathBuf;

use crate::harness::{Harness, catalog_of};
use crate::support::repo;
use deckwright::gui::Message;
use deckwright::gui::app::Screen;
use deckwright::gui::prefs::ScreenId;
use deckwright::gui::screen::print::{self, ExportState, Facts, Field, PlanState, Which};
use deckwright::model::{GameId, Owned};
use deckwright::pnp::{Layout, Paper, PrintSettings};
use deckwright::store::DeckId;

fn print(h: &Harness) -> &print::Print {
    match h.app.shell().unwrap().screen() {
        Screen::Print(p) => p,
        other => panic!("not on the Print screen: {:?}", other.id()),
    }
}

fn pm(m: print::Message) -> Message {
    Message::Print(m)
}

/// The app with the sample Fuzzycards "Beatdown" deck (30 cards) stored.
fn with_beatdown() -> (Harness, DeckId) {
    let mut id = None;
    let h = Harness::with(|s| {
        let catalog = catalog_of(s, GameId::Fuzzycards);
        let mut deck =
            deckwright::decklist::load(&repo("resources/decks/fuzzycards-beatdown.txt")).unwrap();
        deck.name = "Fuzzy Beatdown".into();
        id = Some(s.create_deck(catalog, &deck).unwrap());
    });
    (h, id.unwrap())
}

fn facts(h: &Harness) -> Facts {
    match print(h).plan() {
        PlanState::Ready(f) => *f,
        other => panic!("no plan: {other:?}"),
    }
}

fn invalid(h: &Harness) -> String {
    match print(h).plan() {
        PlanState::Invalid(e) => e.clone(),
        other => panic!("expected an invalid plan: {other:?}"),
    }
}

fn stored_settings(h: &Harness) -> PrintSettings {
    let json = h
        .store()
        .setting(PrintSettings::STORE_KEY)
        .unwrap()
        .expect("print settings stored");
    serde_json::from_str(&json).unwrap()
}

/// Pages of a PDF file, read back with lopdf.
fn pdf_pages(path: &std::path::Path) -> usize {
    lopdf::Document::load(path).unwrap().get_pages().len()
}

#[test]
fn print_plans_previews_and_remembers_the_calibration() {
    let (mut h, deck) = with_beatdown();
    h.send(Message::Navigate(ScreenId::Print));
    let p = print(&h);
    assert_eq!(p.source().unwrap().info.id, deck, "the only deck is chosen");
    // nine-up on A4: ceil(30 / 9) = 4 pages, one sheet each
    assert_eq!(
        facts(&h),
        Facts {
            cards: 30,
            pages: 4,
            sheets: 4
        }
    );
    let preview = p.preview().expect("page 1 is painted");
    assert_eq!(preview.page, 0);
    // A4 at 72 dpi: 210 mm and 297 mm in points, rounded up
    assert_eq!((preview.width, preview.height), (596, 842));
    assert!(h.shows("Page 1 of 4"));

    // backs double the pages, not the sheets
    h.send(pm(print::Message::Backs(true)));
    assert_eq!((facts(&h).pages, facts(&h).sheets), (8, 4));
    // eight-fold: 4 cards per sheet, backs on the sheet
    h.send(pm(print::Message::Layout(Layout::EightFold)));
    assert_eq!((facts(&h).pages, facts(&h).sheets), (8, 8));
    let landscape = print(&h).preview().unwrap();
    assert!(
        landscape.width > landscape.height,
        "eight-fold sheets lie landscape"
    );
    h.send(pm(print::Message::Layout(Layout::NineUp)));
    h.send(pm(print::Message::Paper(Paper::Letter)));
    // the next page is painted on request
    h.send(pm(print::Message::Page(1)));
    assert_eq!(print(&h).preview().unwrap().page, 1);
    assert!(h.shows("Page 2 of 8"));

    // the calibration (a comma works as the decimal mark) is stored at once
    h.send(pm(print::Message::Typed(Field::Dx, "0,5".into())));
    h.send(pm(print::Message::Typed(Field::Dy, "-1".into())));
    let stored = stored_settings(&h);
    assert_eq!(
        (stored.calibration.dx_mm, stored.calibration.dy_mm),
        (0.5, -1.0)
    );
    assert_eq!(stored.paper, Paper::Letter);
    assert!(stored.backs);

    // what does not parse is named under its field, and nothing is exported
    h.send(pm(print::Message::Typed(Field::Gap, "2mm".into())));
    assert_eq!(
        print(&h).field_error(Field::Gap).as_deref(),
        Some("\"2mm\" is not a length in millimetres")
    );
    assert!(invalid(&h).starts_with("Gap: "));
    assert!(h.shows("\"2mm\" is not a length in millimetres"));
    // a number out of range is refused with the range
    h.send(pm(print::Message::Typed(Field::Gap, "1".into())));
    h.send(pm(print::Message::Typed(Field::Bleed, "11".into())));
    assert_eq!(
        invalid(&h),
        "the bleed must be between 0 and 10 mm (got 11)"
    );
    // 1 mm gaps and 1 mm bleed no longer fit nine cards on Letter; on A4 they do
    h.send(pm(print::Message::Typed(Field::Bleed, "1".into())));
    assert!(
        invalid(&h).contains("do not fit on LETTER"),
        "{}",
        invalid(&h)
    );
    h.send(pm(print::Message::Paper(Paper::A4)));
    assert_eq!(facts(&h).cards, 30);
    let stored = stored_settings(&h);
    assert_eq!((stored.gap_mm, stored.bleed_mm), (1.0, 1.0));

    // a new start shows what was remembered
    let (app, task) = deckwright::gui::App::new(h.db_path());
    let dir = h.dir;
    let mut again = Harness { app, dir };
    again.settle(task);
    again.send(Message::Navigate(ScreenId::Print));
    let s = print(&again).settings();
    assert_eq!((s.calibration.dx_mm, s.calibration.dy_mm), (0.5, -1.0));
    assert_eq!(
        (s.paper, s.backs, s.gap_mm, s.bleed_mm),
        (Paper::A4, true, 1.0, 1.0)
    );
    assert!(again.shows("0.5"), "the dx box shows the stored offset");
}

#[test]
fn print_what_the_collection_lacks_or_a_selection() {
    let mut deck = None;
    let mut h = Harness::with(|s| {
        let catalog = catalog_of(s, GameId::Fuzzycards);
        let mut d =
            deckwright::decklist::load(&repo("resources/decks/fuzzycards-beatdown.txt")).unwrap();
        d.name = "Fuzzy Beatdown".into();
        deck = Some(s.create_deck(catalog, &d).unwrap());
        // own 2 Ember Cubs and 5 Static Hamsters (more than the deck needs)
        for (card, n) in [("ember-cub", 2), ("static-hamster", 5)] {
            s.set_owned(
                catalog,
                card,
                Owned {
                    owned: n,
                    ..Owned::default()
                },
            )
            .unwrap();
        }
    });
    let deck = deck.unwrap();
    h.send(Message::Navigate(ScreenId::Print));
    let needed = |h: &Harness, id: &str| {
        print(h)
            .deck_cards()
            .into_iter()
            .find(|(c, _, _)| c == id)
            .map_or(0, |(_, _, n)| n)
    };
    let (cub, fox) = (needed(&h, "ember-cub"), needed(&h, "static-hamster"));
    assert!(
        cub >= 2 && fox >= 1,
        "the sample deck plays both: {cub} {fox}"
    );
    let missing = h.store().missing_for_deck(deck).unwrap();
    let lacking: u32 = missing.iter().map(|m| m.needed - m.owned).sum();
    h.click_text("What I lack");
    assert_eq!(print(&h).which(), Which::Missing);
    assert_eq!(facts(&h).cards as u32, lacking);
    assert_eq!(lacking, 30 - 2 - fox, "the owned copies are not printed");

    // a selection: two cards, three copies each
    h.click_text("A selection");
    assert!(
        invalid(&h).starts_with("nothing to print"),
        "{}",
        invalid(&h)
    );
    h.click_id("pick-ember-cub");
    h.click_id("pick-static-hamster");
    h.send(pm(print::Message::Typed(Field::Copies, "3".into())));
    assert!(print(&h).is_chosen("ember-cub"));
    assert_eq!(facts(&h).cards, 6);
    assert_eq!(facts(&h).pages, 1);
    // clicking again takes a card out
    h.click_id("pick-static-hamster");
    assert_eq!(facts(&h).cards, 3);
}

#[test]
fn export_a_sample_deck_and_open_the_pdf() {
    let (mut h, _) = with_beatdown();
    h.click_text("Print");
    assert!(h.shows("30 cards on 4 pages (4 sheets)"), "{:?}", h.dump());
    h.click_text("Backs (duplex)");
    let out = h.dir.path().join("beatdown.pdf");
    // the dialog answers with the path; tests send that answer themselves
    h.send(pm(print::Message::ExportTo(out.clone())));
    let ExportState::Done { path, report } = print(&h).export() else {
        panic!("not exported: {:?}", print(&h).export());
    };
    assert_eq!(path, &out);
    assert_eq!((report.pages, report.sheets, report.cards), (8, 4, 30));
    assert_eq!(pdf_pages(&out), 8);
    assert_eq!(std::fs::metadata(&out).unwrap().len(), report.pdf_bytes);
    assert!(h.shows("Export finished"));

    // "Open" asks for the file (what the viewer would get), checked here
    // without launching a viewer
    let messages: Vec<Message> = {
        let mut ui = h.ui();
        ui.click("Open").unwrap();
        ui.into_messages().collect()
    };
    assert!(
        matches!(&messages[..], [Message::Print(print::Message::Open(p))] if *p == out),
        "{messages:?}"
    );
    // exporting remembered the choices
    assert!(stored_settings(&h).backs);
}

#[test]
fn cancel_stops_the_export_and_leaves_no_file() {
    let (mut h, _) = with_beatdown();
    h.send(Message::Navigate(ScreenId::Print));
    let out: PathBuf = h.dir.path().join("cancelled.pdf");
    // start the export, and press Cancel before its worker gets going
    let task = h.app.update(pm(print::Message::ExportTo(out.clone())));
    assert!(matches!(print(&h).export(), ExportState::Running { .. }));
    assert!(h.shows("Cancel"));
    h.click_text("Cancel");
    h.settle(task);
    assert!(
        matches!(print(&h).export(), ExportState::Cancelled),
        "{:?}",
        print(&h).export()
    );
    assert!(h.shows("Export cancelled: no file was written."));
    assert!(!out.exists());
    let leftovers: Vec<_> = std::fs::read_dir(h.dir.path())
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().contains("cancelled"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");

    // the next export runs to the end
    h.send(pm(print::Message::ExportTo(out.clone())));
    assert!(matches!(print(&h).export(), ExportState::Done { .. }));
    assert_eq!(pdf_pages(&out), 4);
}

#[test]
fn the_calibration_sheet_is_written_for_the_paper() {
    let (mut h, _) = with_beatdown();
    h.send(Message::Navigate(ScreenId::Print));
    h.send(pm(print::Message::Paper(Paper::Letter)));
    let out = h.dir.path().join("calibration.pdf");
    h.send(pm(print::Message::CalibrationTo(out.clone())));
    let doc = lopdf::Document::load(&out).unwrap();
    assert_eq!(doc.get_pages().len(), 2);
    let first = *doc.get_pages().values().next().unwrap();
    let media = doc
        .get_dictionary(first)
        .unwrap()
        .get(b"MediaBox")
        .unwrap()
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_float().unwrap())
        .collect::<Vec<f32>>();
    // US Letter: 612 x 792 pt
    assert!(
        (media[2] - 612.0).abs() < 0.5 && (media[3] - 792.0).abs() < 0.5,
        "{media:?}"
    );
    let banners = h.app.shell().unwrap().banners();
    assert!(
        banners
            .iter()
            .any(|b| b.text.starts_with("Calibration sheet saved to")),
        "{banners:?}"
    );
}

/// At 1024×700 (issue 15) Print's Export button and the plan's summary are
/// on screen without scrolling: they sit below the scrolling options.
#[test]
fn export_is_on_screen_at_1024_by_700() {
    use iced::Settings;
    use iced_test::Simulator;
    let mut h = Harness::new();
    h.send(Message::Navigate(ScreenId::Print));
    assert!(h.shows("Export PDF..."), "{:?}", h.dump());
    let mut ui = Simulator::with_size(Settings::default(), (1024.0, 700.0), h.app.view());
    let label = "Export PDF...";
    let t = ui.find(label).unwrap_or_else(|e| panic!("{label}: {e:?}"));
    let b = t
        .visible_bounds()
        .unwrap_or_else(|| panic!("{label} is not visible"));
    assert!(
        b.x + b.width <= 1024.0 && b.y + b.height <= 700.0,
        "{label}: {b:?}"
    );
}

/// Issue 25 item 11: a value being typed that the settings cannot take (not
/// a number, out of range) is still in its field, with why, after a visit to
/// another screen; so are the copies, which are not stored.
#[test]
fn values_being_typed_survive_switching_screens() {
    let (mut h, _) = with_beatdown();
    h.send(Message::Navigate(ScreenId::Print));
    h.type_into(Field::Gap.id(), "m");
    h.send(pm(print::Message::Typed(Field::Copies, "3".into())));
    assert!(invalid(&h).starts_with("Gap: "));
    h.click_text("Decks");
    h.click_text("Print");
    assert_eq!(
        print(&h).field_error(Field::Gap).as_deref(),
        Some("\"0m\" is not a length in millimetres")
    );
    assert!(h.shows("0m") && h.shows("\"0m\" is not a length in millimetres"));
    assert!(invalid(&h).starts_with("Gap: "), "nothing to export yet");
    assert!(h.shows("3"), "the copies");
    // fixed, the value is stored; one out of range is kept as typed
    h.send(pm(print::Message::Typed(Field::Gap, "2".into())));
    assert_eq!(stored_settings(&h).gap_mm, 2.0);
    assert_eq!(facts(&h).cards, 90, "3 copies of 30 cards");
    h.send(pm(print::Message::Typed(Field::Bleed, "11".into())));
    h.click_text("Library");
    h.click_text("Print");
    assert_eq!(
        invalid(&h),
        "the bleed must be between 0 and 10 mm (got 11)"
    );
    assert!(h.shows("11"));
    assert_eq!(stored_settings(&h).bleed_mm, 0.0);
    // made valid, nothing is kept any more
    h.send(pm(print::Message::Typed(Field::Bleed, "0".into())));
    h.send(pm(print::Message::Typed(Field::Copies, "1".into())));
    h.click_text("Library");
    h.click_text("Print");
    assert_eq!(facts(&h).cards, 30);
}

/// Print and cut (issue 26), as a user clicks it (what lies below the
/// options' scrolled fold is sent as its control sends it): Silhouette marks (the
/// plan has fewer cards a page and says so), a corner radius, the bleed
/// mirrored from the art, the cut files saved one a sheet, and the cutter
/// calibration sheet with its cut line; all remembered.
#[test]
fn print_and_cut_from_the_print_screen() {
    use deckwright::pnp::{BleedFromArt, CutMarks};
    let (mut h, _) = with_beatdown();
    h.send(Message::Navigate(ScreenId::Print));
    assert_eq!(facts(&h).pages, 4, "nine a page");
    h.click_text("Silhouette");
    assert_eq!(print(&h).settings().cut_marks, CutMarks::Silhouette);
    // A4 without backs: 4 × 2 landscape, 30 cards on 4 pages
    assert_eq!(facts(&h).pages, 4);
    let note = h
        .text_containing("cards a page")
        .expect("the summary says why fewer cards");
    assert!(note.contains("8 cards a page (4 × 2, landscape)"), "{note}");
    h.click_text("Backs (duplex)");
    assert_eq!(facts(&h).sheets, 5, "6 a page, portrait, for duplex");
    h.send(pm(print::Message::Typed(Field::Radius, "x".into())));
    assert!(
        invalid(&h).starts_with("Corner radius: "),
        "{}",
        invalid(&h)
    );
    h.send(pm(print::Message::Typed(Field::Radius, "2.5".into())));
    // below the fold of the options' scroll area: sent as its button sends it
    h.send(pm(print::Message::BleedFromArt(BleedFromArt::Mirror)));
    let stored = stored_settings(&h);
    assert_eq!(stored.cut_marks, CutMarks::Silhouette);
    assert_eq!(stored.bleed_from_art, BleedFromArt::Mirror);
    assert_eq!(stored.corner_radius_mm, Some(2.5));
    // the cut lines: one file a sheet
    let out = h.dir.path().join("beatdown-cut.svg");
    h.send(pm(print::Message::CutFileTo(out.clone())));
    for i in 1..=5 {
        let f = h.dir.path().join(format!("beatdown-cut-{i}.svg"));
        let svg = std::fs::read_to_string(&f).unwrap_or_else(|e| panic!("{f:?}: {e}"));
        assert!(svg.contains("corner radius 2.5 mm"), "{svg}");
    }
    let banners = h.app.shell().unwrap().banners();
    assert!(
        banners
            .iter()
            .any(|b| b.text.starts_with("Cut lines saved to")),
        "{banners:?}"
    );
    // the exported PDF has the marks' layout: 10 pages for 5 sheets
    let pdf = h.dir.path().join("beatdown.pdf");
    h.send(pm(print::Message::ExportTo(pdf.clone())));
    assert_eq!(pdf_pages(&pdf), 10);
    // the cutter calibration sheet and its cut line
    assert!(h.shows("Cutter calibration sheet..."));
    let cal = h.dir.path().join("cutter.pdf");
    h.send(pm(print::Message::CutterCalibrationTo(cal.clone())));
    assert_eq!(pdf_pages(&cal), 1);
    assert!(
        std::fs::read_to_string(h.dir.path().join("cutter-cut.svg"))
            .unwrap()
            .contains("<path")
    );
    // eight-fold: no cut file, and the plan says why
    h.click_text("Eight-fold");
    assert!(invalid(&h).contains("nine-up"), "{}", invalid(&h));
    h.send(pm(print::Message::CutMarks(CutMarks::None)));
    assert!(matches!(print(&h).plan(), PlanState::Ready(_)));
}

/// Issue 51 item 10: "Export finished" stayed on screen after the settings
/// changed, as if it were of the new ones. A change of the settings clears
/// what the last export said.
#[test]
fn item_10_a_settings_change_clears_export_finished() {
    let (mut h, _) = with_beatdown();
    h.click_text("Print");
    let out = h.dir.path().join("beatdown.pdf");
    h.send(pm(print::Message::ExportTo(out)));
    assert!(h.shows("Export finished"));
    h.send(pm(print::Message::Paper(Paper::Letter)));
    assert!(matches!(print(&h).export(), ExportState::Idle));
    assert!(!h.shows("Export finished"), "{:?}", h.dump());
}
