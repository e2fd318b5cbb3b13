//! `update(Message)` tests of each screen and of the shell: the real app on a
//! temporary database, messages sent as the widgets (or the runtime) would
//! send them, and the state and the store checked afterwards.

use std::path::PathBuf;

use crate::harness::{Harness, catalog_of};
use crate::support::repo;
use deckwright::gui::app::{App, Screen};
use deckwright::gui::prefs::{Prefs, ScreenId, ThemeChoice};
use deckwright::gui::screen::library::Library;
use deckwright::gui::screen::{Shortcut, collection, decks, library};
use deckwright::gui::widget::{Pick, Tone};
use deckwright::gui::{Message, search::Filter};
use deckwright::model::{Board, Deck, GameId};
use deckwright::store::{CatalogId, DeckId};

fn library(h: &Harness) -> &Library {
    match h.app.shell().unwrap().screen() {
        Screen::Library(l) => l,
        other => panic!("not on the library: {:?}", other.id()),
    }
}

fn decks(h: &Harness) -> &decks::Decks {
    match h.app.shell().unwrap().screen() {
        Screen::Decks(d) => d,
        other => panic!("not on the deck builder: {:?}", other.id()),
    }
}

fn deck(h: &Harness) -> &decks::Editor {
    decks(h).open().expect("a deck is open")
}

fn lib(m: library::Message) -> Message {
    Message::Library(m)
}

fn ed(m: decks::editor::Message) -> Message {
    Message::Decks(decks::Message::Editor(m))
}

fn errors(h: &Harness) -> Vec<String> {
    h.app
        .shell()
        .unwrap()
        .banners()
        .iter()
        .filter(|b| b.tone == Tone::Error)
        .map(|b| b.text.clone())
        .collect()
}

fn notices(h: &Harness) -> Vec<String> {
    h.app
        .shell()
        .unwrap()
        .banners()
        .iter()
        .filter(|b| b.tone == Tone::Notice)
        .map(|b| b.text.clone())
        .collect()
}

fn names(l: &Library) -> Vec<String> {
    l.matches().map(|c| c.name.clone()).collect()
}

fn pick_catalog(h: &mut Harness, game: GameId) -> CatalogId {
    let id = catalog_of(&h.store(), game);
    h.send(lib(library::Message::Catalog(Pick::some(id, "x"))));
    id
}

/// A stored deck of `game` holding the cards of a sample deck file.
fn stored_deck(h: &Harness, game: GameId, name: &str, file: Option<&str>) -> DeckId {
    let mut s = h.store();
    let catalog = catalog_of(&s, game);
    let mut deck = match file {
        Some(f) => deckwright::decklist::load(&repo(f)).unwrap(),
        None => Deck::default(),
    };
    deck.name = name.into();
    s.create_deck(catalog, &deck).unwrap()
}

fn open(h: &mut Harness, id: DeckId) {
    if h.app.shell().unwrap().screen().id() != ScreenId::Decks {
        h.send(Message::Navigate(ScreenId::Decks));
    }
    h.send(Message::Decks(decks::Message::Open(id)));
    assert_eq!(deck(h).info().id, id);
}

// ---------------------------------------------------------------- shell

#[test]
fn boot_seeds_a_new_database_opens_the_library_and_says_welcome() {
    let h = Harness::new();
    let shell = h.app.shell().unwrap();
    assert_eq!(shell.screen().id(), ScreenId::Library);
    assert!(notices(&h)[0].starts_with("Welcome! 5 sample catalogs"));
    let l = library(&h);
    let catalog = l.catalog().expect("the first catalog is open");
    assert_eq!(catalog.game, GameId::Fuzzycards);
    assert_eq!(l.matches().count(), catalog.cards.len());
    assert_eq!(h.app.title(), "Deckwright — Library");
}

#[test]
fn a_database_that_cannot_open_shows_why_and_retry_works() {
    let dir = tempfile::tempdir().unwrap();
    let blocker = dir.path().join("folder");
    std::fs::write(&blocker, "a file where a folder should be").unwrap();
    let (app, task) = App::new(blocker.join("app.db"));
    let mut h = Harness { app, dir };
    h.settle(task);
    let App::Failed { error, .. } = &h.app else {
        panic!("expected the failure screen: {:?}", h.app);
    };
    assert!(error.contains("cannot create the folder"), "{error}");
    assert!(h.shows("Try again"));
    std::fs::remove_file(&blocker).unwrap();
    h.click_text("Try again");
    assert!(h.app.shell().is_some(), "loaded after the retry");
}

#[test]
fn preferences_survive_a_restart() {
    let mut h = Harness::new();
    h.send(Message::Theme(ThemeChoice::Dark));
    h.send(Message::Navigate(ScreenId::Collection));
    h.send(Message::Resized(iced::Size::new(1100.0, 720.0)));
    h.send(Message::CloseRequested);
    let stored = Prefs::load(&h.store()).unwrap();
    assert_eq!(stored.theme, ThemeChoice::Dark);
    assert_eq!(stored.screen, ScreenId::Collection);
    assert_eq!(stored.window, (1100.0, 720.0));
    assert!(stored.collection_catalog.is_some());

    let (app, task) = App::new(h.db_path());
    let dir = h.dir;
    let mut again = Harness { app, dir };
    again.settle(task);
    assert_eq!(
        again.app.shell().unwrap().screen().id(),
        ScreenId::Collection
    );
    assert_eq!(again.app.theme(), Some(iced::Theme::Dark));
    assert!(notices(&again).is_empty(), "no welcome on a second start");
}

#[test]
fn banners_are_dismissed_by_click_or_escape() {
    let mut h = Harness::new();
    h.send(lib(library::Message::ImportCatalogFile(PathBuf::from(
        "/nowhere/x.toml",
    ))));
    let e = errors(&h);
    assert_eq!(e.len(), 1);
    assert!(
        e[0].starts_with("/nowhere/x.toml: cannot read file"),
        "{e:?}"
    );
    assert_eq!(h.app.shell().unwrap().banners().len(), 2);
    h.send(Message::Shortcut(Shortcut::Escape));
    assert_eq!(h.app.shell().unwrap().banners().len(), 1);
    let id = h.app.shell().unwrap().banners()[0].id;
    h.send(Message::Dismiss(id));
    assert!(h.app.shell().unwrap().banners().is_empty());
}

#[test]
fn ctrl_n_anywhere_opens_the_new_deck_dialog() {
    let mut h = Harness::new();
    h.send(Message::Shortcut(Shortcut::NewDeck));
    assert!(matches!(
        decks(&h).dialog(),
        Some(decks::Dialog::New { .. })
    ));
    h.send(Message::Shortcut(Shortcut::Escape));
    assert!(decks(&h).dialog().is_none());
}

#[test]
fn every_screen_opens_from_the_navigation_and_the_keyboard() {
    let mut h = Harness::new();
    for id in ScreenId::ALL {
        h.click_text(id.label());
        assert_eq!(h.app.shell().unwrap().screen().id(), id, "clicked {id:?}");
        assert_eq!(h.app.title(), format!("Deckwright — {}", id.label()));
    }
    // Ctrl+1 to Ctrl+6, in the navigation's order
    for (n, id) in ScreenId::ALL.into_iter().enumerate() {
        let key = iced::keyboard::Key::Character((n + 1).to_string().into());
        let press = iced::keyboard::Event::KeyPressed {
            key: key.clone(),
            modified_key: key,
            physical_key: iced::keyboard::key::Physical::Unidentified(
                iced::keyboard::key::NativeCode::Unidentified,
            ),
            location: iced::keyboard::Location::Standard,
            modifiers: iced::keyboard::Modifiers::CTRL,
            text: None,
            repeat: false,
        };
        let m = deckwright::gui::app::shortcut(press).expect("a shortcut");
        h.send(m);
        assert_eq!(h.app.shell().unwrap().screen().id(), id, "Ctrl+{}", n + 1);
    }
}

#[test]
fn dropped_files_go_to_the_screen_on_show() {
    let mut h = Harness::new();
    h.send(Message::FileDropped(repo(
        "tests/fixtures/db/catalogs/genesis.toml",
    )));
    assert!(
        notices(&h)
            .iter()
            .any(|n| n.starts_with("Imported \"Genesis Fixture\": 5 cards"))
    );
    assert_eq!(library(&h).catalog().unwrap().name, "Genesis Fixture");
    h.send(Message::Navigate(ScreenId::Collection));
    h.send(Message::FileDropped(repo("README.md")));
    assert!(
        notices(&h)
            .last()
            .unwrap()
            .contains("drop a collection .csv file")
    );
}

// ---------------------------------------------------------------- library

#[test]
fn search_and_filters_narrow_the_card_list() {
    let mut h = Harness::new();
    pick_catalog(&mut h, GameId::Fuzzycards);
    let all = library(&h).matches().count();
    h.send(lib(library::Message::Query("fox".into())));
    let foxes = names(library(&h));
    assert!(!foxes.is_empty() && foxes.len() < all);
    for card in library(&h).matches() {
        let text = format!("{} {}", card.name, card.text.clone().unwrap_or_default());
        assert!(text.to_lowercase().contains("fox"), "{text}");
    }
    h.send(lib(library::Message::Query(String::new())));
    h.send(lib(library::Message::Type(Pick::some(
        "event".into(),
        "event",
    ))));
    let events: Vec<_> = library(&h).matches().map(|c| c.card_type.clone()).collect();
    assert!(!events.is_empty() && events.iter().all(|t| t == "event"));
    h.send(lib(library::Message::Field(
        "rarity".into(),
        Pick::some("legendary".into(), "legendary"),
    )));
    h.send(lib(library::Message::Type(Pick::none("Any type"))));
    let legendary: Vec<_> = library(&h)
        .matches()
        .map(|c| c.str_field("rarity").unwrap().to_string())
        .collect();
    assert!(!legendary.is_empty() && legendary.iter().all(|r| r == "legendary"));
    h.send(lib(library::Message::ClearFilters));
    assert_eq!(library(&h).matches().count(), all);
    // the same filter over the screen's index gives the same answer
    let catalog = library(&h).catalog().unwrap().clone();
    let ix = deckwright::gui::search::CardIndex::new(catalog);
    assert_eq!(ix.search(&Filter::default()).len(), all);
}

#[test]
fn the_card_editor_shows_the_engines_reading_live_and_edits_effects() {
    use deckwright::engine::coverage::Status;
    use deckwright::gui::screen::library::EditorMessage as E;
    use library::Message as L;
    let mut h = Harness::new();
    let catalog = pick_catalog(&mut h, GameId::DiceOfDestiny);
    h.send(lib(L::NewCard));
    let edit = |m| lib(L::Editor(m));
    h.send(edit(E::Name("Ember Newt".into())));
    h.send(edit(E::Type("creature".into())));
    h.send(edit(E::Field("colour".into(), "red".into())));
    h.send(edit(E::Text(
        "When this creature arrives, deal 1 damage to your opponent. It forgot its keys.".into(),
    )));
    let reading = |h: &Harness| library(h).editor().unwrap().reading().cloned();
    let r = reading(&h).expect("a reading");
    assert_eq!(r.status(), Status::Modelled);
    assert_eq!(r.abilities.len(), 1, "{r:?}");
    assert_eq!(r.flavour, ["It forgot its keys."]);
    // a phrase the grammar has no rule for is shown as written
    h.send(edit(E::Text(
        "Whenever the moon is full, draw 9 cards.".into(),
    )));
    let r = reading(&h).unwrap();
    assert_ne!(r.status(), Status::Modelled);
    assert!(
        r.not_understood.iter().any(|n| n.contains("moon is full")),
        "{r:?}"
    );
    // effects, edited as TOML, replace the reading of the text...
    h.send(edit(E::Effects("[{ on = \"deploy\", damage = 2 }]".into())));
    let r = reading(&h).unwrap();
    assert_eq!(r.status(), Status::Modelled, "{r:?}");
    // ...and are checked by the loader: an unknown key is a problem on `effects`
    h.send(edit(E::Effects("[{ on = \"deploy\", dmg = 2 }]".into())));
    let problems = library(&h).editor().unwrap().problems().to_vec();
    assert!(
        problems
            .iter()
            .any(|p| p.key.as_deref() == Some("effects") && p.message.contains("dmg")),
        "{problems:?}"
    );
    assert!(reading(&h).is_none());
    h.send(edit(E::Save));
    assert!(h.store().card(catalog, "ember-newt").is_err());
    h.send(edit(E::Effects("[{ on = \"deploy\", damage = 2 }]".into())));
    h.send(edit(E::Save));
    let card = h.store().card(catalog, "ember-newt").unwrap();
    assert_eq!(card.effects.len(), 1);
    assert_eq!(card.effects[0].flat().unwrap().damage, 2);
    // editing it again shows the stored effects, and clearing them drops them
    h.send(lib(L::EditCard));
    h.send(edit(E::Effects(String::new())));
    h.send(edit(E::Save));
    assert!(
        h.store()
            .card(catalog, "ember-newt")
            .unwrap()
            .effects
            .is_empty()
    );
}

#[test]
fn the_card_editor_creates_edits_and_deletes_cards() {
    use library::Message as L;
    let mut h = Harness::new();
    let catalog = pick_catalog(&mut h, GameId::Fuzzycards);
    h.send(lib(L::NewCard));
    let edit = |m| lib(L::Editor(m));
    use deckwright::gui::screen::library::EditorMessage as E;
    h.send(edit(E::Name("Mossy Kit".into())));
    h.send(edit(E::Type("hero".into())));
    h.send(edit(E::Cost("9".into())));
    for (k, v) in [("atk", "4"), ("def", "3"), ("hp", "five")] {
        h.send(edit(E::Field(k.into(), v.into())));
    }
    let problems: Vec<(Option<String>, String)> = library(&h)
        .editor()
        .unwrap()
        .problems()
        .iter()
        .map(|p| (p.key.clone(), p.message.clone()))
        .collect();
    assert!(
        problems
            .iter()
            .any(|(k, m)| k.as_deref() == Some("cost") && m.contains("out of range (0 to 5)")),
        "{problems:?}"
    );
    assert!(
        problems
            .iter()
            .any(|(k, m)| k.as_deref() == Some("hp") && m.contains("must be an integer"))
    );
    // a save with problems stores nothing
    h.send(edit(E::Save));
    assert!(h.store().card(catalog, "mossy-kit").is_err());
    h.send(edit(E::Cost("1".into())));
    h.send(edit(E::Field("hp".into(), "5".into())));
    h.send(edit(E::Field("keywords".into(), "guard, burn 1".into())));
    h.send(edit(E::Save));
    let card = h.store().card(catalog, "mossy-kit").unwrap();
    assert_eq!((card.cost, card.int("hp")), (Some(1), Some(5)));
    assert!(card.has_in_list("keywords", "burn 1"));
    assert_eq!(library(&h).selected().unwrap().id, "mossy-kit");
    assert!(library(&h).editor().is_none());

    // edit: a new name carries the id along only if the user changes it
    h.send(lib(L::EditCard));
    h.send(edit(E::Name("Mossy Kitten".into())));
    h.send(edit(E::Save));
    let card = h.store().card(catalog, "mossy-kit").unwrap();
    assert_eq!(card.name, "Mossy Kitten");

    // a card a deck uses cannot be deleted
    let mut s = h.store();
    let mut d = Deck {
        name: "Uses it".into(),
        ..Deck::default()
    };
    d.entries
        .push(deckwright::model::DeckEntry::new(1, "Mossy Kitten"));
    let deck = s.create_deck(catalog, &d).unwrap();
    h.send(lib(L::DeleteCard));
    h.send(lib(L::Confirmed));
    assert!(
        errors(&h)
            .last()
            .unwrap()
            .contains("is in the current version of deck: \"Uses it\"")
    );
    s.delete_deck(deck).unwrap();
    h.send(lib(L::DeleteCard));
    h.send(lib(L::Cancelled));
    assert!(
        h.store().card(catalog, "mossy-kit").is_ok(),
        "cancel keeps it"
    );
    h.send(lib(L::DeleteCard));
    h.send(lib(L::Confirmed));
    assert!(h.store().card(catalog, "mossy-kit").is_err());
    assert!(library(&h).selected().is_none());
}

#[test]
fn images_attach_from_a_file_and_show_in_the_detail() {
    use library::Message as L;
    let mut h = Harness::new();
    let catalog = pick_catalog(&mut h, GameId::Fuzzycards);
    let first = library(&h).matches().next().unwrap().id.clone();
    h.send(lib(L::Select(first.clone())));
    assert!(library(&h).selected().unwrap().image.is_none());
    h.send(lib(L::AttachImageFile(repo(
        "tests/fixtures/db/catalogs/img/tide-pup.jpg",
    ))));
    let card = h.store().card(catalog, &first).unwrap();
    assert_eq!(card.image.as_deref(), Some(format!("{first}.jpg").as_str()));
    let stored = h.store().card_image(catalog, &first).unwrap().unwrap();
    assert_eq!(stored.mime, "image/jpeg");
    // a dropped PNG replaces it
    h.send(Message::FileDropped(repo(
        "tests/fixtures/db/catalogs/img/ember-cub.png",
    )));
    let card = h.store().card(catalog, &first).unwrap();
    assert_eq!(card.image.as_deref(), Some(format!("{first}.png").as_str()));
    // not an image: refused, nothing changes
    h.send(lib(L::AttachImageFile(repo("Cargo.toml"))));
    assert!(
        errors(&h)
            .last()
            .unwrap()
            .ends_with("Cargo.toml: not a PNG or JPEG image")
    );
    assert_eq!(
        h.store().card(catalog, &first).unwrap().image.as_deref(),
        Some(format!("{first}.png").as_str())
    );
}

#[test]
fn catalogs_import_replace_and_export_as_toml() {
    use library::Message as L;
    let mut h = Harness::new();
    let file = repo("tests/fixtures/db/catalogs/genesis.toml");
    h.send(lib(L::ImportCatalogFile(file.clone())));
    assert_eq!(library(&h).catalog().unwrap().name, "Genesis Fixture");
    // the same name again: the user is asked, then it is replaced
    h.send(lib(L::ImportCatalogFile(file.clone())));
    assert!(h.shows("Replace catalog"));
    h.send(lib(L::Confirmed));
    // both imports said the same: one banner, counted twice
    let imported: Vec<u32> = h
        .app
        .shell()
        .unwrap()
        .banners()
        .iter()
        .filter(|b| b.text.starts_with("Imported \"Genesis Fixture\""))
        .map(|b| b.count)
        .collect();
    assert_eq!(imported, [2]);
    // export and load the file back
    let out = h.dir.path().join("out/genesis.toml");
    std::fs::create_dir_all(out.parent().unwrap()).unwrap();
    h.send(lib(L::ExportCatalogFile(out.clone())));
    let back = deckwright::catalog::load(&out).unwrap().catalog;
    assert_eq!(back.name, "Genesis Fixture");
    assert_eq!(back.cards.len(), 5);
    // a broken file names its line
    let bad = h.dir.path().join("bad.toml");
    std::fs::write(&bad, "game = \"fuzzycards\"\nname = \"Bad\"\n[[card]]\nname = \"X\"\ntype = \"hero\"\ncost = \"one\"\n").unwrap();
    h.send(lib(L::ImportCatalogFile(bad.clone())));
    let e = errors(&h);
    assert!(
        e.last().unwrap().contains(&format!("{}:6:", bad.display())),
        "{e:?}"
    );
}

// ---------------------------------------------------------------- decks

#[test]
fn decks_are_renamed_duplicated_and_deleted_after_confirmation() {
    use decks::Message as D;
    let mut h = Harness::new();
    let id = stored_deck(
        &h,
        GameId::Fuzzycards,
        "Beatdown",
        Some("resources/decks/fuzzycards-beatdown.txt"),
    );
    open(&mut h, id);
    // the sample decks of the new database, and "Beatdown"
    let before = decks(&h).decks().len();
    h.send(Message::Decks(D::RenameDeck));
    h.send(Message::Decks(D::DialogName("Beatdown II".into())));
    h.send(Message::Decks(D::DialogOk));
    assert_eq!(h.store().deck_info(id).unwrap().name, "Beatdown II");
    assert_eq!(deck(&h).info().name, "Beatdown II");

    h.send(Message::Decks(D::DuplicateDeck));
    h.send(Message::Decks(D::DialogOk));
    let copy = h.store().find_deck("Beatdown II (copy)").unwrap();
    assert_eq!(copy.main_count, 30);
    assert_eq!(deck(&h).info().id, copy.id, "the copy is opened");
    assert_eq!(decks(&h).decks().len(), before + 1);

    h.send(Message::Decks(D::DeleteDeck));
    assert!(matches!(
        decks(&h).dialog(),
        Some(decks::Dialog::Delete { .. })
    ));
    h.send(Message::Decks(D::DialogCancel));
    assert!(h.store().deck_info(copy.id).is_ok());
    h.send(Message::Decks(D::DeleteDeck));
    h.send(Message::Decks(D::DialogOk));
    assert!(h.store().deck_info(copy.id).is_err());
    assert!(decks(&h).open().is_none());
    assert_eq!(decks(&h).decks().len(), before);
    assert!(
        !h.app
            .shell()
            .unwrap()
            .prefs()
            .recent_decks
            .contains(&copy.id)
    );
}

#[test]
fn undo_redo_sideboard_and_the_keyboard() {
    use decks::editor::Message as E;
    let mut h = Harness::new();
    let id = stored_deck(&h, GameId::Fuzzycards, "Keys", None);
    open(&mut h, id);
    h.send(ed(E::Query("ember cub".into())));
    let first = deck(&h).results()[0];
    assert_eq!(deck(&h).catalog().cards[first as usize].name, "Ember Cub");
    h.send(Message::Shortcut(Shortcut::Plus));
    h.send(Message::Shortcut(Shortcut::Plus));
    assert_eq!(deck(&h).deck().main_count(), 2);
    h.send(Message::Shortcut(Shortcut::Minus));
    assert_eq!(deck(&h).deck().main_count(), 1);
    h.send(ed(E::Target(Board::Sideboard)));
    h.send(ed(E::Add(first)));
    let boards: Vec<(Board, u32)> = deck(&h)
        .deck()
        .entries
        .iter()
        .map(|e| (e.board, e.count))
        .collect();
    assert_eq!(boards, [(Board::Main, 1), (Board::Sideboard, 1)]);
    // moving the sideboard copy to the main board merges the entries
    h.send(ed(E::Move(1)));
    let boards: Vec<(Board, u32)> = deck(&h)
        .deck()
        .entries
        .iter()
        .map(|e| (e.board, e.count))
        .collect();
    assert_eq!(boards, [(Board::Main, 2)]);
    h.send(Message::Shortcut(Shortcut::Undo));
    assert_eq!(deck(&h).deck().entries.len(), 2);
    h.send(Message::Shortcut(Shortcut::Undo));
    assert_eq!(deck(&h).deck().entries.len(), 1);
    h.send(Message::Shortcut(Shortcut::Redo));
    h.send(Message::Shortcut(Shortcut::Redo));
    assert_eq!(deck(&h).deck().main_count(), 2);
    assert!(!deck(&h).can_redo());
    // arrows move the highlighted result
    h.send(ed(E::Query("e".into())));
    h.send(Message::Shortcut(Shortcut::Down));
    h.send(Message::Shortcut(Shortcut::Down));
    h.send(Message::Shortcut(Shortcut::Up));
    let second = deck(&h).results()[1];
    h.send(Message::Shortcut(Shortcut::Plus));
    let last = deck(&h).deck().entries.last().unwrap();
    assert_eq!(
        last.id.as_deref(),
        Some(deck(&h).catalog().cards[second as usize].id.as_str())
    );
}

#[test]
fn autosave_keeps_versions_and_an_old_one_can_be_restored() {
    use decks::editor::Message as E;
    let mut h = Harness::new();
    let id = stored_deck(
        &h,
        GameId::DiceOfDestiny,
        "History",
        Some("resources/decks/dice-of-destiny-chicken-rush.txt"),
    );
    open(&mut h, id);
    assert_eq!(deck(&h).versions().len(), 1);
    // two edits, then the autosave clock before the pause is over: nothing
    h.send(ed(E::Minus(0)));
    h.send(ed(E::Minus(0)));
    h.send(ed(E::Tick));
    assert!(deck(&h).is_dirty());
    std::thread::sleep(decks::editor::AUTOSAVE_AFTER);
    h.send(ed(E::Tick));
    assert!(!deck(&h).is_dirty());
    assert_eq!(h.store().deck_info(id).unwrap().main_count, 28);
    assert_eq!(deck(&h).versions().len(), 2);
    assert!(h.shows("Saved · version 2"));

    h.send(ed(E::Tab(decks::editor::Tab::History)));
    h.send(ed(E::ShowVersion(1)));
    assert!(
        h.shows("+2 Chicken Swarm") || h.shows("-2 Chicken Swarm"),
        "{:?}",
        h.dump()
    );
    assert!(h.shows("-2 Chicken Swarm"));
    // an unsaved edit is saved as its own version before the restore
    h.send(ed(E::Minus(0)));
    h.send(ed(E::Restore(1)));
    let info = h.store().deck_info(id).unwrap();
    assert_eq!((info.version, info.main_count), (4, 30));
    assert_eq!(deck(&h).deck().main_count(), 30);
    assert!(!deck(&h).is_dirty());
    let counts: Vec<u32> = deck(&h).versions().iter().map(|v| v.main_count).collect();
    assert_eq!(counts, [30, 28, 27, 30]);
    // leaving the screen saves what is unsaved
    h.send(ed(E::Minus(0)));
    h.send(Message::Navigate(ScreenId::Library));
    assert_eq!(h.store().deck_info(id).unwrap().main_count, 29);
}

#[test]
fn deck_files_go_out_and_come_back_in() {
    use decks::editor::Message as E;
    let mut h = Harness::new();
    let id = stored_deck(
        &h,
        GameId::Rizontical,
        "Akasha",
        Some("resources/decks/rizontical-akasha-guard.txt"),
    );
    open(&mut h, id);
    assert!(deck(&h).report().unwrap().legal);
    for ext in ["txt", "cod", "dck"] {
        let out = h.dir.path().join(format!("akasha.{ext}"));
        h.send(ed(E::ExportFilePath(out.clone())));
        let back = deckwright::decklist::load(&out).unwrap();
        assert_eq!(back.main_count(), deck(&h).deck().main_count(), "{ext}");
    }
    let text = std::fs::read_to_string(h.dir.path().join("akasha.txt")).unwrap();
    assert!(
        text.contains("Numen:\n") && text.contains("Fighters:\n") && text.contains("Powers:\n")
    );
    // a bad file: the error names file and line, the deck is unchanged
    let bad = h.dir.path().join("bad.txt");
    std::fs::write(&bad, "Fighters:\n1 Zill\nZill again\n").unwrap();
    let before = deck(&h).deck().clone();
    h.send(ed(E::ImportFilePath(bad.clone())));
    assert!(
        errors(&h)
            .last()
            .unwrap()
            .starts_with(&format!("{}:3:", bad.display()))
    );
    assert_eq!(deck(&h).text_error().unwrap(), errors(&h).last().unwrap());
    assert_eq!(deck(&h).deck(), &before);
    // the exported text comes back in as the same deck
    h.send(ed(E::ImportFilePath(h.dir.path().join("akasha.txt"))));
    assert!(deck(&h).report().unwrap().legal);
    assert_eq!(deck(&h).deck().main_count(), before.main_count());
}

#[test]
fn strange_world_player_count_changes_the_check() {
    use decks::editor::Message as E;
    let mut h = Harness::new();
    let id = stored_deck(
        &h,
        GameId::StrangeWorld,
        "Two",
        Some("resources/decks/strange-world-2-players.txt"),
    );
    open(&mut h, id);
    let r = deck(&h).report().unwrap();
    assert_eq!((r.players, r.legal), (Some(2), true));
    h.send(ed(E::Players(Some(4))));
    let r = deck(&h).report().unwrap();
    assert_eq!(r.players, Some(4));
    assert!(!r.legal);
    assert!(
        h.shows("Land deck for 4 players")
            || h.text_containing("Land deck for 4 players").is_some()
    );
    h.send(ed(E::Players(None)));
    assert!(deck(&h).report().unwrap().legal);
}

// ---------------------------------------------------------------- collection

#[test]
fn collection_csv_goes_out_and_comes_back_in() {
    use collection::Message as C;
    let mut h = Harness::new();
    h.send(Message::Navigate(ScreenId::Collection));
    let dod = catalog_of(&h.store(), GameId::DiceOfDestiny);
    h.send(Message::Collection(C::Catalog(Pick::some(dod, "dod"))));
    h.send(Message::Collection(C::More("lucky-imp".into())));
    h.send(Message::Collection(C::Typed("fireball".into(), "4".into())));
    h.send(Message::Collection(C::Typed("fireball".into(), "x".into())));
    let csv = h.dir.path().join("mine.csv");
    h.send(Message::Collection(C::ExportCsvFile(csv.clone())));
    let text = std::fs::read_to_string(&csv).unwrap();
    assert!(text.contains("1,0,Lucky Imp,"), "{text}");
    assert!(text.contains("4,0,Fireball,"), "{text}");
    // another file: its counts replace the collection; unknown rows are named
    let other = h.dir.path().join("theirs.csv");
    std::fs::write(&other, "Count,Name\n3,Lava Hound\n2,Nope Card\n").unwrap();
    h.send(Message::Collection(C::ImportCsvFile(other)));
    let owned = h.store().collection(dod).unwrap();
    assert_eq!((owned.owned("lava-hound"), owned.owned("fireball")), (3, 0));
    let e = errors(&h);
    assert!(e.last().unwrap().contains("line 3: \"Nope Card\""), "{e:?}");
    assert!(
        e.last().unwrap().starts_with("Skipped 1 of 2 rows"),
        "{e:?}"
    );
    match h.app.shell().unwrap().screen() {
        Screen::Collection(c) => assert_eq!(c.owned("lava-hound"), 3),
        _ => unreachable!(),
    }
}

#[test]
fn a_collection_csv_naming_no_card_is_refused_and_changes_nothing() {
    use collection::Message as C;
    let mut h = Harness::new();
    h.send(Message::Navigate(ScreenId::Collection));
    let dod = catalog_of(&h.store(), GameId::DiceOfDestiny);
    h.send(Message::Collection(C::Catalog(Pick::some(dod, "dod"))));
    h.send(Message::Collection(C::Typed("fireball".into(), "4".into())));
    let before = h.store().collection(dod).unwrap();
    let other = h.dir.path().join("another-game.csv");
    let rows: String = (1..=8).map(|i| format!("1,Not A Card {i}\n")).collect();
    std::fs::write(&other, format!("Count,Name\n{rows}")).unwrap();
    h.send(Message::Collection(C::ImportCsvFile(other)));
    assert_eq!(h.store().collection(dod).unwrap(), before);
    let e = errors(&h);
    let last = e.last().unwrap();
    assert!(last.contains("another-game.csv"), "{last}");
    assert!(last.contains("none of its 8 rows names a card"), "{last}");
    assert!(last.contains("line 2: \"Not A Card 1\""), "{last}");
    assert!(last.contains("and 3 more"), "{last}");
}

// ---------------------------------------------------------------- defaults

#[test]
fn the_deck_builder_opens_the_deck_changed_last_and_the_library_steps_with_arrows() {
    let mut h = Harness::new();
    let older = stored_deck(&h, GameId::Fuzzycards, "Older", None);
    std::thread::sleep(std::time::Duration::from_millis(20));
    let newer = stored_deck(&h, GameId::DiceOfDestiny, "Newer", None);
    assert_ne!(older, newer);
    h.send(Message::Navigate(ScreenId::Decks));
    assert_eq!(
        deck(&h).info().id,
        newer,
        "nothing recent: the deck changed last"
    );
    h.send(Message::Decks(decks::Message::Open(older)));
    // back in the deck builder later, the most recent deck opens
    h.send(Message::Navigate(ScreenId::Library));
    h.send(Message::Navigate(ScreenId::Decks));
    assert_eq!(deck(&h).info().id, older);

    h.send(Message::Navigate(ScreenId::Library));
    let ids: Vec<String> = library(&h)
        .matches()
        .take(3)
        .map(|c| c.id.clone())
        .collect();
    h.send(Message::Shortcut(Shortcut::Down));
    assert_eq!(library(&h).selected().unwrap().id, ids[0]);
    h.send(Message::Shortcut(Shortcut::Down));
    h.send(Message::Shortcut(Shortcut::Down));
    assert_eq!(library(&h).selected().unwrap().id, ids[2]);
    h.send(Message::Shortcut(Shortcut::Up));
    assert_eq!(library(&h).selected().unwrap().id, ids[1]);
}

#[test]
fn the_collection_shows_what_the_deck_changed_last_lacks() {
    let mut h = Harness::new();
    stored_deck(
        &h,
        GameId::Fuzzycards,
        "Beatdown",
        Some("resources/decks/fuzzycards-beatdown.txt"),
    );
    h.send(Message::Navigate(ScreenId::Collection));
    match h.app.shell().unwrap().screen() {
        Screen::Collection(c) => {
            let total: u32 = c.missing().iter().map(|m| m.missing).sum();
            assert_eq!(total, 30);
        }
        _ => unreachable!(),
    }
    assert!(h.shows("Missing 30 cards:"));
}

#[test]
fn switching_the_card_type_keeps_only_that_types_fields() {
    use deckwright::gui::screen::library::EditorMessage as E;
    use library::Message as L;
    let mut h = Harness::new();
    let catalog = pick_catalog(&mut h, GameId::Fuzzycards);
    h.send(lib(L::NewCard));
    let edit = |m| lib(L::Editor(m));
    h.send(edit(E::Name("Lucky Charm".into())));
    h.send(edit(E::Type("hero".into())));
    h.send(edit(E::Cost("2".into())));
    h.send(edit(E::Field("atk".into(), "5".into())));
    // a relic has no ATK: the typed value stays in the form but not in the card
    h.send(edit(E::Type("relic".into())));
    let problems: Vec<String> = library(&h)
        .editor()
        .unwrap()
        .problems()
        .iter()
        .map(|p| p.message.clone())
        .collect();
    assert_eq!(
        problems,
        ["relic card \"Lucky Charm\" is missing key `relic`"]
    );
    h.send(edit(E::Field("relic".into(), "equip".into())));
    h.send(edit(E::Save));
    let card = h.store().card(catalog, "lucky-charm").unwrap();
    assert_eq!(card.card_type, "relic");
    assert!(card.field("atk").is_none());
}

#[test]
fn the_paste_box_follows_the_deck_until_the_user_types_in_it() {
    use decks::editor::{Message as E, Tab};
    use iced::widget::text_editor::{Action as A, Edit};
    let mut h = Harness::new();
    let id = stored_deck(&h, GameId::DiceOfDestiny, "Box", None);
    open(&mut h, id);
    h.send(ed(E::Query("fireball".into())));
    let first = deck(&h).results()[0];
    h.send(ed(E::Add(first)));
    h.send(ed(E::Tab(Tab::Text)));
    assert!(deck(&h).paste_text().contains("1 Fireball"));
    h.send(ed(E::Tab(Tab::Charts)));
    h.send(ed(E::Add(first)));
    h.send(ed(E::Tab(Tab::Text)));
    assert!(deck(&h).paste_text().contains("2 Fireball"), "refreshed");
    // the user's own text is kept
    h.send(ed(E::Paste(A::Edit(Edit::Paste(std::sync::Arc::new(
        "\n1 Lava Hound".into(),
    ))))));
    h.send(ed(E::Tab(Tab::Charts)));
    h.send(ed(E::Add(first)));
    h.send(ed(E::Tab(Tab::Text)));
    let text = deck(&h).paste_text();
    assert!(
        text.contains("Lava Hound") && text.contains("2 Fireball"),
        "{text}"
    );
    h.send(ed(E::ImportText));
    assert_eq!(deck(&h).deck().main_count(), 3);
}
