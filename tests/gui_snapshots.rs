//! Snapshot tests: the Library with a card face drawn from its data, and the
//! deck builder with its report and charts, rendered by tiny-skia and
//! compared with the SHA-256 of the committed baseline frame
//! (tests/snapshots/*-tiny-skia.sha256).
//!
//! Snapshots depend on the renderer, so they are compared only with
//! `ICED_TEST_BACKEND=tiny-skia` (as `.ci/run` sets it); with another
//! renderer the test checks the flow and skips the comparison. After an
//! intended change to these screens, delete the baseline and run the test
//! once to record the new one (`SNAPSHOT_PNG_DIR=folder` also writes the
//! frames as PNG files there, to look at them).

mod gui_support;

use deckwright::gui::Message;
use deckwright::gui::screen::{decks, library};
use deckwright::model::GameId;
use gui_support::{Harness, catalog_of, repo};
use iced::{Settings, Theme};
use iced_test::Simulator;

/// Snapshots are laid out smaller than the other tests' window, so their
/// frames stay cheap to hash.
const SNAPSHOT_SIZE: (f32, f32) = (1100.0, 720.0);

fn matches_baseline(h: &Harness, name: &str) {
    let mut ui = Simulator::with_size(Settings::default(), SNAPSHOT_SIZE, h.app.view());
    let snapshot = ui.snapshot(&Theme::Light).expect("snapshot");
    if std::env::var("ICED_TEST_BACKEND").as_deref() != Ok("tiny-skia") {
        eprintln!("{name}: not compared (set ICED_TEST_BACKEND=tiny-skia)");
        return;
    }
    // To look at the frames: SNAPSHOT_PNG_DIR=/some/folder writes them there.
    if let Some(dir) = std::env::var_os("SNAPSHOT_PNG_DIR") {
        let _ = snapshot.matches_image(std::path::Path::new(&dir).join(name));
    }
    let path = repo("tests/snapshots").join(name);
    assert!(
        snapshot.matches_hash(&path).expect("baseline"),
        "{name}: the frame differs from tests/snapshots/{name}-tiny-skia.sha256"
    );
}

#[test]
fn library_card_face_from_data() {
    let mut h = Harness::new();
    // no welcome banner in the frame
    let ids: Vec<u64> = h
        .app
        .shell()
        .unwrap()
        .banners()
        .iter()
        .map(|b| b.id)
        .collect();
    for id in ids {
        h.send(Message::Dismiss(id));
    }
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
    let ids: Vec<u64> = h
        .app
        .shell()
        .unwrap()
        .banners()
        .iter()
        .map(|b| b.id)
        .collect();
    for id in ids {
        h.send(Message::Dismiss(id));
    }
    h.send(Message::Navigate(deckwright::gui::prefs::ScreenId::Decks));
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
    let ids: Vec<u64> = h
        .app
        .shell()
        .unwrap()
        .banners()
        .iter()
        .map(|b| b.id)
        .collect();
    for id in ids {
        h.send(Message::Dismiss(id));
    }
    h.send(Message::Navigate(
        deckwright::gui::prefs::ScreenId::Playtest,
    ));
    let pm = |m| Message::Playtest(m);
    h.send(pm(playtest::Message::SeedTyped("7".into())));
    h.send(pm(playtest::Message::Deal));
    h.click_text("Keep the hand");
    h.send(pm(playtest::Message::Select(
        playtest::table::Selected::Card(14),
    )));
    assert!(h.shows("Play Ember Cub"), "{:?}", h.dump());
    matches_baseline(&h, "playtest-tabletop");
}
