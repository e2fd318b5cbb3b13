//! Snapshot tests: every screen (the Library with a card face drawn from
//! its data, the deck builder with its report and charts, the collection,
//! the Playtest table, Print, the World and Matchups) at 1280×800 and at
//! 1024×700, rendered by tiny-skia and compared with the SHA-256 of the
//! committed baseline frame (tests/snapshots/*-tiny-skia.sha256).
//!
//! A snapshot can fail: it is compared only with the tiny-skia renderer, so
//! without `ICED_TEST_BACKEND=tiny-skia` (as `scripts/test` sets it) the test
//! fails and says so; a missing baseline fails; a frame that differs fails
//! and writes what it saw beside the baseline
//! (tests/snapshots/NAME-tiny-skia.png, ignored by git). After an intended
//! change, record the baselines again with `DECKWRIGHT_UPDATE_SNAPSHOTS=1`
//! (never set in CI) and look at the frames (`SNAPSHOT_PNG_DIR=folder`
//! writes every frame there as PNG). `SCREENSHOTS_DIR=folder` also renders
//! each screen in the light and the dark theme there (`scripts/screenshots.sh`).

use crate::harness::{Harness, catalog_of};
use crate::support::repo;
use deckwright::gui::Message;
use deckwright::gui::prefs::ScreenId;
use deckwright::gui::screen::{decks, library};
use deckwright::model::GameId;
use iced::{Settings, Theme};
use iced_test::Simulator;

/// The window sizes every screen is snapshotted at: the common laptop size
/// and the smallest the app supports.
const SIZES: [(f32, f32); 2] = [(1280.0, 800.0), (1024.0, 700.0)];

/// Compares the frame of the app's current view at both [`SIZES`] with
/// their baselines (`NAME-WxH`).
fn matches_baseline(h: &Harness, name: &str) {
    assert_eq!(
        std::env::var("ICED_TEST_BACKEND").as_deref(),
        Ok("tiny-skia"),
        "snapshots are compared with the tiny-skia renderer: run with \
         ICED_TEST_BACKEND=tiny-skia (scripts/test sets it)"
    );
    let update = std::env::var("DECKWRIGHT_UPDATE_SNAPSHOTS").as_deref() == Ok("1");
    for (w, ht) in SIZES {
        let name = format!("{name}-{w}x{ht}");
        let mut ui = Simulator::with_size(Settings::default(), (w, ht), h.app.view());
        let snapshot = ui.snapshot(&Theme::Light).expect("snapshot");
        // scripts/screenshots.sh: every screen, both sizes, light and dark
        if let Some(dir) = std::env::var_os("SCREENSHOTS_DIR") {
            for (theme, word) in [(Theme::Light, "light"), (Theme::Dark, "dark")] {
                let mut ui = Simulator::with_size(Settings::default(), (w, ht), h.app.view());
                let frame = ui.snapshot(&theme).expect("snapshot");
                let shot = std::path::Path::new(&dir).join(format!("{name}-{word}"));
                let png = std::path::Path::new(&dir).join(format!("{name}-{word}-tiny-skia.png"));
                let _ = std::fs::remove_file(&png);
                frame.matches_image(&shot).expect("write the screenshot");
            }
        }
        if let Some(dir) = std::env::var_os("SNAPSHOT_PNG_DIR") {
            let png = std::path::Path::new(&dir).join(format!("{name}-tiny-skia.png"));
            let _ = std::fs::remove_file(&png);
            let _ = snapshot.matches_image(std::path::Path::new(&dir).join(&name));
        }
        let base = repo("tests/snapshots").join(&name);
        let hash = repo("tests/snapshots").join(format!("{name}-tiny-skia.sha256"));
        if update {
            // matches_hash records a baseline that is missing
            let _ = std::fs::remove_file(&hash);
            snapshot.matches_hash(&base).expect("record the baseline");
            continue;
        }
        assert!(
            hash.exists(),
            "{name}: no baseline tests/snapshots/{name}-tiny-skia.sha256; record it with \
             DECKWRIGHT_UPDATE_SNAPSHOTS=1 and look at the frame"
        );
        if !snapshot.matches_hash(&base).expect("baseline") {
            let actual = repo("tests/snapshots").join(format!("{name}-tiny-skia.png"));
            let _ = std::fs::remove_file(&actual);
            let _ = snapshot.matches_image(&base);
            panic!(
                "{name}: the frame differs from tests/snapshots/{name}-tiny-skia.sha256; \
                 what the test saw is in {}",
                actual.display()
            );
        }
    }
}

#[test]
fn library_card_face_from_data() {
    let mut h = Harness::new();
    h.dismiss_banners();
    h.send(Message::Library(library::Message::Query("riddle".into())));
    h.send(Message::Library(library::Message::Select(
        "riddle-fox".into(),
    )));
    assert!(h.shows("ATK 7   DEF 7   HP 10"));
    matches_baseline(&h, "library-riddle-fox");
}

#[test]
fn deck_builder_report_and_charts() {
    let mut h = Harness::with(|s| {
        let catalog = catalog_of(s, GameId::Rizontical);
        let mut deck =
            deckwright::decklist::load(&repo("resources/decks/rizontical-illegal-counts.txt"))
                .unwrap();
        deck.name = "Counts".into();
        s.create_deck(catalog, &deck).unwrap();
    });
    h.dismiss_banners();
    h.send(Message::Navigate(ScreenId::Decks));
    let open = match h.app.shell().unwrap().screen() {
        deckwright::gui::app::Screen::Decks(d) => d.open().map(decks::Editor::info).cloned(),
        _ => None,
    };
    assert_eq!(open.map(|i| i.name).as_deref(), Some("Counts"));
    assert!(h.text_containing("violations").is_some());
    matches_baseline(&h, "deck-builder-counts");
}

/// The Playtest table: Fuzzycards' Altar and Vault slots, the hand drawn as
/// cards, a selected card with its actions, and the odds beside it.
#[test]
fn playtest_tabletop() {
    use deckwright::gui::screen::playtest;
    let mut h = Harness::with(|s| {
        let catalog = catalog_of(s, GameId::Fuzzycards);
        let mut deck =
            deckwright::decklist::load(&repo("resources/decks/fuzzycards-beatdown.txt")).unwrap();
        deck.name = "Beatdown".into();
        s.create_deck(catalog, &deck).unwrap();
    });
    h.dismiss_banners();
    h.send(Message::Navigate(ScreenId::Playtest));
    let pm = |m| Message::Playtest(m);
    h.send(pm(playtest::Message::SeedTyped("7".into())));
    h.send(pm(playtest::Message::Deal));
    h.click_text("Keep the hand");
    // Ember Cub picked with ↓, as from the keyboard: its large face open
    let picked = |h: &Harness| match h.app.shell().unwrap().screen() {
        deckwright::gui::app::Screen::Playtest(p) => p.selected(),
        _ => None,
    };
    for _ in 0..12 {
        if picked(&h) == Some(playtest::table::Selected::Card(14)) {
            break;
        }
        h.send(Message::Shortcut(deckwright::gui::screen::Shortcut::Down));
    }
    assert_eq!(picked(&h), Some(playtest::table::Selected::Card(14)));
    assert!(h.shows("Play Ember Cub"), "{:?}", h.dump());
    matches_baseline(&h, "playtest-tabletop");
}

/// The collection of the first catalog, as a new user sees it.
#[test]
fn collection_screen() {
    let mut h = Harness::new();
    h.dismiss_banners();
    h.send(Message::Navigate(ScreenId::Collection));
    matches_baseline(&h, "collection");
}

/// Print with the first sample deck.
#[test]
fn print_screen() {
    let mut h = Harness::new();
    h.dismiss_banners();
    h.send(Message::Navigate(ScreenId::Print));
    assert!(h.shows("Export PDF..."), "{:?}", h.dump());
    matches_baseline(&h, "print");
}

/// The World screen on a fixed seed.
#[test]
fn world_screen() {
    use deckwright::gui::screen::world;
    let mut h = Harness::new();
    h.dismiss_banners();
    h.send(Message::Navigate(ScreenId::World));
    h.send(Message::World(world::Message::SeedTyped("7".into())));
    h.send(Message::World(world::Message::Replay));
    matches_baseline(&h, "world");
}

/// Matchups with a fixed seed, before a run.
#[test]
fn matchups_screen() {
    use deckwright::gui::screen::matchups;
    let mut h = Harness::new();
    h.dismiss_banners();
    h.send(Message::Navigate(ScreenId::Matchups));
    h.send(Message::Matchups(matchups::Message::SeedTyped("7".into())));
    matches_baseline(&h, "matchups");
}

/// The deck builder's Odds tab: the cards × turns 0–6 table, every turn
/// column on screen at both sizes.
#[test]
fn deck_builder_odds_tab() {
    use deckwright::gui::screen::decks::editor;
    let mut h = Harness::new();
    h.dismiss_banners();
    h.send(Message::Navigate(ScreenId::Decks));
    h.send(Message::Decks(decks::Message::Editor(
        editor::Message::Tab(editor::Tab::Odds),
    )));
    assert!(h.shows("6"), "{:?}", h.dump());
    matches_baseline(&h, "deck-builder-odds");
}

/// The card editor with the engine's reading of the text typed: what it
/// will do in the renderer's words, and what it cannot read (issue 24).
#[test]
fn library_card_editor_says() {
    use deckwright::gui::screen::library::EditorMessage as E;
    let mut h = Harness::new();
    h.dismiss_banners();
    let id = crate::harness::catalog_of(&h.store(), GameId::DiceOfDestiny);
    let lib = |m| Message::Library(m);
    h.send(lib(library::Message::Catalog(
        deckwright::gui::widget::Pick::some(id, "x"),
    )));
    h.send(lib(library::Message::NewCard));
    let edit = |m| Message::Library(library::Message::Editor(m));
    h.send(edit(E::Name("Ember Newt".into())));
    h.send(edit(E::Type("creature".into())));
    h.send(edit(E::Field("colour".into(), "red".into())));
    h.send(edit(E::Text(
        "When this creature arrives, deal 2 damage to your opponent. Once per turn: gain 1 life. Swap hands with your opponent."
            .into(),
    )));
    assert!(h.shows("• Activate: gain 1 life (once per turn)."));
    matches_baseline(&h, "library-card-editor-says");
}
