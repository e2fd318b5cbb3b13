//! A game added as data, in the app: the Lantern Keepers game file
//! (tests/fixtures/games) in the `games/` folder beside the database is
//! picked up at start; the library lists its game and shows its catalog; a
//! deck of it validates with the game file's rules and messages; a broken
//! game file there is a banner naming its file and line.
//!
//! A binary of its own: a game added from a file is known to the whole
//! process from then on (as in the app, which adds the `games/` folder at
//! start), so these tests would change what the other GUI tests see — the
//! game filter of every screen lists it, and snapshots would differ.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a test or bench fails loudly on what it does not expect"
)]

#[path = "../gui/harness.rs"]
mod harness;
#[path = "../support/mod.rs"]
mod support;

use std::path::Path;

use crate::harness::Harness;
use crate::support::repo;
use deckwright::decklist;
use deckwright::gui::Message;
use deckwright::gui::app::Screen;
use deckwright::gui::screen::{decks, library};
use deckwright::gui::widget::{Tone, game_picks};
use deckwright::model::{Deck, GameId};
use deckwright::store::Store;

const GAME: &str = "tests/fixtures/games/lantern-keepers.toml";
const BACK: &str = "tests/fixtures/games/lantern-back.png";
const CATALOG: &str = "tests/fixtures/games/lantern-catalog.toml";

/// Puts the game file (and its back) in the `games/` folder beside the database.
fn games_folder(dir: &Path) {
    let games = dir.join("games");
    std::fs::create_dir_all(&games).unwrap();
    std::fs::copy(repo(GAME), games.join("lantern-keepers.toml")).unwrap();
    std::fs::copy(repo(BACK), games.join("lantern-back.png")).unwrap();
}

fn lantern() -> GameId {
    "lantern-keepers".parse().unwrap()
}

/// The app with the game folder, the fixture catalog imported and the
/// fixture decks stored.
fn harness() -> Harness {
    Harness::in_folder(games_folder, |s: &mut Store| {
        // the app adds the folder at start; the store needs the game now
        // (the copy in the folder is the same game)
        deckwright::games::add_file(&repo(GAME)).unwrap();
        let catalog = deckwright::catalog::load(&repo(CATALOG)).unwrap().catalog;
        let id = s.import_catalog(&catalog).unwrap();
        for (name, file) in [
            ("Dawn and Dusk", "tests/fixtures/games/lantern-legal.txt"),
            ("Three Orders", "tests/fixtures/games/lantern-broken.txt"),
        ] {
            let deck = Deck {
                name: name.into(),
                ..decklist::load(&repo(file)).unwrap()
            };
            s.create_deck(id, &deck).unwrap();
        }
    })
}

fn open_deck(h: &Harness) -> &decks::Editor {
    match h.app.shell().unwrap().screen() {
        Screen::Decks(d) => d.open().expect("a deck is open"),
        other => panic!("not on the deck builder: {:?}", other.id()),
    }
}

#[test]
fn the_library_lists_the_added_game_and_shows_its_catalog() {
    let mut h = harness();
    assert!(game_picks().iter().any(|p| p.label == "Lantern Keepers"));
    h.send(Message::Library(library::Message::Game(
        deckwright::gui::widget::Pick::some(lantern(), "Lantern Keepers"),
    )));
    let id = h
        .store()
        .catalogs()
        .unwrap()
        .into_iter()
        .find(|c| c.game == lantern())
        .unwrap()
        .id;
    h.send(Message::Library(library::Message::Catalog(
        deckwright::gui::widget::Pick::some(id, "x"),
    )));
    let Screen::Library(l) = h.app.shell().unwrap().screen() else {
        panic!("not on the library");
    };
    assert_eq!(l.matches().count(), 23);
    h.send(Message::Library(library::Message::Select(
        "ilsa-of-the-first-flame".into(),
    )));
    // the card face drawn from the game's schema: its order and wick
    assert!(h.shows("Ilsa of the First Flame"), "{:?}", h.dump());
    assert!(h.text_containing("Wick").is_some(), "{:?}", h.dump());
}

#[test]
fn a_deck_of_the_added_game_validates_with_its_rules() {
    let mut h = harness();
    h.click_text("Decks");
    // the game's decks only: the sample decks fill the list
    let pick = game_picks()
        .into_iter()
        .find(|p| p.value == Some(lantern()))
        .unwrap();
    h.send(Message::Decks(decks::Message::Game(pick)));
    h.click_text("Dawn and Dusk");
    let report = open_deck(&h).report().unwrap();
    assert!(report.legal, "{:?}", report.violations);
    assert_eq!(report.total, 40);
    assert!(h.shows("Legal"), "{:?}", h.dump());
    assert!(
        h.text_containing("Keeper 1, Wardens 20, Rites and Relics 19")
            .is_some(),
        "{:?}",
        h.dump()
    );

    h.click_text("Three Orders");
    let report = open_deck(&h).report().unwrap();
    let rules: Vec<String> = report
        .violations
        .iter()
        .map(|v| v.rule.to_string())
        .collect();
    assert_eq!(
        rules,
        ["deck-size", "keeper-count", "copy-limit", "order-limit"]
    );
    assert!(h.shows("4 violations"));
    assert!(h.shows("keeper-count (LK-D2)"), "{:?}", h.dump());
    assert!(h.shows(
        "deck has 2 Keepers; Lantern Keepers needs exactly 1 Keeper (the Keeper starts in play)"
    ));
}

#[test]
fn a_broken_game_file_in_the_folder_is_a_banner_with_its_line() {
    let h = Harness::in_folder(
        |d| {
            let games = d.join("games");
            std::fs::create_dir_all(&games).unwrap();
            let text = std::fs::read_to_string(repo(GAME))
                .unwrap()
                .replace("id = \"lantern-keepers\"", "id = \"broken-lanterns\"")
                .replace(
                    "ref = \"LK-D4\"\nmax = 2\n",
                    "ref = \"LK-D4\"\nmax = 2\nfield = \"order\"\n",
                );
            std::fs::write(games.join("broken.toml"), text).unwrap();
        },
        |_| {},
    );
    let errors: Vec<&str> = h
        .app
        .shell()
        .unwrap()
        .banners()
        .iter()
        .filter(|b| b.tone == Tone::Error)
        .map(|b| b.text.as_str())
        .collect();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].contains("broken.toml:")
            && errors[0].contains("key `field` does not apply to check = \"copies\""),
        "{errors:?}"
    );
    // the broken game is not added
    assert!("broken-lanterns".parse::<GameId>().is_err());
}

#[test]
fn the_playtest_deals_the_added_games_hands_by_its_setup() {
    use deckwright::gui::screen::playtest;
    let mut h = harness();
    h.click_text("Playtest");
    let deck = |h: &Harness| match h.app.shell().unwrap().screen() {
        Screen::Playtest(p) => p.session().map(|s| s.snapshot()).expect("a hand is dealt"),
        other => panic!("not on the Playtest screen: {:?}", other.id()),
    };
    // the stored decks of the added game are offered; pick the legal one
    let id = h
        .store()
        .decks(None)
        .unwrap()
        .into_iter()
        .find(|d| d.name == "Dawn and Dusk")
        .unwrap()
        .id;
    h.send(Message::Playtest(playtest::Message::Deck(
        deckwright::gui::widget::Pick::some(id, "Dawn and Dusk"),
    )));
    let snap = deck(&h);
    assert_eq!(snap.game, lantern());
    let hand = snap.zones.iter().find(|z| z.zone == "Hand").unwrap();
    assert_eq!(hand.count, 6, "the game file's opening hand");
    assert!(
        hand.cards
            .iter()
            .all(|c| c.name != "Ilsa of the First Flame"),
        "the Keeper is set aside"
    );
    assert!(h.shows("Keep this hand"), "{:?}", h.dump());
}

#[test]
fn the_print_screen_exports_the_added_games_cards_at_its_size() {
    use deckwright::gui::screen::print::{self, ExportState};
    let mut h = harness();
    h.click_text("Print");
    let id = h
        .store()
        .decks(None)
        .unwrap()
        .into_iter()
        .find(|d| d.name == "Dawn and Dusk")
        .unwrap()
        .id;
    let pm = Message::Print;
    h.send(pm(print::Message::Deck(
        deckwright::gui::widget::Pick::some(id, "Dawn and Dusk"),
    )));
    // tarot cards nine-up need A3
    h.send(pm(print::Message::Paper(deckwright::pnp::Paper::A3)));
    let out = h.dir.path().join("lantern.pdf");
    h.send(pm(print::Message::ExportTo(out.clone())));
    let Screen::Print(p) = h.app.shell().unwrap().screen() else {
        panic!("not on the Print screen");
    };
    let ExportState::Done { report, .. } = p.export() else {
        panic!("not exported: {:?}", p.export());
    };
    assert_eq!(report.cards, 40);
    let doc = lopdf::Document::load(&out).unwrap();
    assert_eq!(doc.get_pages().len(), report.pages);
}
