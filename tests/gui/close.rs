//! Closing the app without losing work (issue 15): the window's close button
//! and Ctrl+Q save what autosaves and close at once, but an edit in progress
//! in the Library's card editor is asked about first — "Save and quit"
//! stores the card through the editor's own checked save and then closes,
//! "Quit without saving" closes without storing, "Keep editing" keeps the
//! app and the edit — and a card that cannot be saved keeps the app open
//! with the reason in the form's words.
//!
//! The harness drops window actions (there is no window); here they are
//! answered as a one-window runtime would, and a `window::close` is what
//! "the app closed" means.

use crate::harness::{Harness, catalog_of};
use deckwright::gui::Message;
use deckwright::gui::app::{Screen, shortcut};
use deckwright::gui::prefs::ScreenId;
use deckwright::gui::screen::library::{self, EditorMessage as E, Library};
use deckwright::gui::widget::Pick;
use deckwright::model::GameId;
use deckwright::store::CatalogId;
use iced::futures::StreamExt;
use iced::futures::executor::block_on;
use iced::{Task, keyboard, window};
use iced_test::runtime::{Action, task};

/// Runs `task` as the runtime would, feeding its messages back into the app
/// and answering "which window?" with the app's one window. True when the
/// app closed that window.
fn run(h: &mut Harness, task: Task<Message>, window: window::Id) -> bool {
    let Some(mut stream) = task::into_stream(task) else {
        return false;
    };
    let mut closed = false;
    while let Some(action) = block_on(stream.next()) {
        match action {
            Action::Output(message) => {
                let next = h.app.update(message);
                closed |= run(h, next, window);
            }
            Action::Window(window::Action::GetLatest(reply)) => {
                let _ = reply.send(Some(window));
            }
            Action::Window(window::Action::Close(id)) => {
                assert_eq!(id, window, "another window was closed");
                closed = true;
            }
            _ => {}
        }
    }
    closed
}

/// Sends one message; true when the app closed its window.
fn send_closes(h: &mut Harness, message: Message) -> bool {
    let window = window::Id::unique();
    let task = h.app.update(message);
    run(h, task, window)
}

/// Clicks the button labelled `label`; true when the app closed its window.
fn click_closes(h: &mut Harness, label: &str) -> bool {
    let messages: Vec<Message> = {
        let mut ui = h.ui();
        ui.click(label)
            .unwrap_or_else(|e| panic!("no {label:?} to click: {e:?}"));
        ui.into_messages().collect()
    };
    let mut closed = false;
    for m in messages {
        closed |= send_closes(h, m);
    }
    closed
}

/// Ctrl+Q, as the keyboard sends it.
fn ctrl_q() -> Message {
    shortcut(keyboard::Event::KeyPressed {
        key: keyboard::Key::Character("q".into()),
        modified_key: keyboard::Key::Character("q".into()),
        physical_key: keyboard::key::Physical::Code(keyboard::key::Code::KeyQ),
        location: keyboard::Location::Standard,
        modifiers: keyboard::Modifiers::CTRL,
        text: None,
        repeat: false,
    })
    .expect("Ctrl+Q is a shortcut")
}

fn library(h: &Harness) -> &Library {
    match h.app.shell().unwrap().screen() {
        Screen::Library(l) => l,
        other => panic!("not on the library: {:?}", other.id()),
    }
}

fn lib(m: library::Message) -> Message {
    Message::Library(m)
}

fn edit(m: E) -> Message {
    lib(library::Message::Editor(m))
}

/// The Library on the Fuzzycards catalog, the editor open on its first card:
/// the catalog and the card's id.
fn editing_a_stored_card() -> (Harness, CatalogId, String) {
    let mut h = Harness::new();
    let catalog = catalog_of(&h.store(), GameId::Fuzzycards);
    h.send(lib(library::Message::Catalog(Pick::some(catalog, "x"))));
    let id = library(&h).matches().next().unwrap().id.clone();
    h.send(lib(library::Message::Select(id.clone())));
    h.click_text("Edit");
    assert_eq!(library(&h).editor().unwrap().editing(), Some(id.as_str()));
    (h, catalog, id)
}

/// The stored rules text of a card.
fn stored_text(h: &Harness, catalog: CatalogId, id: &str) -> String {
    h.store()
        .card(catalog, id)
        .unwrap()
        .text
        .unwrap_or_default()
}

const NEW_TEXT: &str = "When this enters play, draw a card. (Edited before closing.)";

#[test]
fn with_nothing_unsaved_the_app_closes_at_once() {
    let mut h = Harness::new();
    assert!(send_closes(&mut h, Message::CloseRequested));
    // an editor open without changes asks nothing either
    let (mut h, _, _) = editing_a_stored_card();
    assert!(!library(&h).has_unsaved_edit());
    assert!(send_closes(&mut h, ctrl_q()));
    assert!(library(&h).question().is_none());
}

#[test]
fn an_unsaved_card_edit_is_asked_about_and_keep_editing_keeps_it() {
    let (mut h, catalog, id) = editing_a_stored_card();
    let before = stored_text(&h, catalog, &id);
    h.send(edit(E::Text(NEW_TEXT.into())));
    let name = library(&h).editor().unwrap().name().to_string();

    // the window's close button: asked, not closed
    assert!(!send_closes(&mut h, Message::CloseRequested));
    let question = format!(
        "Save your changes to \"{name}\" before Deckwright closes? They are not saved yet."
    );
    assert_eq!(library(&h).question().as_deref(), Some(question.as_str()));
    assert!(h.shows(&question), "{:?}", h.dump());
    for button in ["Save and quit", "Quit without saving", "Keep editing"] {
        assert!(h.shows(button), "{button}: {:?}", h.dump());
    }

    // "Keep editing": the question goes, the edit and the app stay
    assert!(!click_closes(&mut h, "Keep editing"));
    assert!(library(&h).question().is_none());
    assert!(library(&h).has_unsaved_edit());
    assert_eq!(h.app.shell().unwrap().screen().id(), ScreenId::Library);
    assert_eq!(stored_text(&h, catalog, &id), before);

    // Ctrl+Q asks the same; Escape is "Keep editing" too
    assert!(!send_closes(&mut h, ctrl_q()));
    assert_eq!(library(&h).question().as_deref(), Some(question.as_str()));
    h.send(Message::Shortcut(deckwright::gui::screen::Shortcut::Escape));
    assert!(library(&h).question().is_none());
    assert!(library(&h).has_unsaved_edit());
}

#[test]
fn save_and_quit_stores_the_card_then_closes() {
    let (mut h, catalog, id) = editing_a_stored_card();
    h.send(edit(E::Text(NEW_TEXT.into())));
    assert!(!send_closes(&mut h, Message::CloseRequested));
    assert!(click_closes(&mut h, "Save and quit"));
    // read back from the database, as the next start will
    assert_eq!(stored_text(&h, catalog, &id), NEW_TEXT);
}

#[test]
fn a_new_card_is_saved_and_quit_too() {
    let mut h = Harness::new();
    let catalog = catalog_of(&h.store(), GameId::Fuzzycards);
    h.send(lib(library::Message::Catalog(Pick::some(catalog, "x"))));
    h.click_text("New card");
    h.type_into("editor-name", "Mossy Kit");
    // a hero needs its numbers; an event is whole with its name and cost
    h.send(edit(E::Type("event".into())));
    h.send(edit(E::Cost("1".into())));
    assert!(
        library(&h).editor().unwrap().problems().is_empty(),
        "{:?}",
        { library(&h).editor().unwrap().messages() }
    );
    assert!(!send_closes(&mut h, Message::CloseRequested));
    assert!(click_closes(&mut h, "Save and quit"));
    let stored = h.store().card(catalog, "mossy-kit").unwrap();
    assert_eq!(stored.name, "Mossy Kit");
    assert_eq!(stored.card_type, "event");
}

#[test]
fn quit_without_saving_closes_and_stores_nothing() {
    let (mut h, catalog, id) = editing_a_stored_card();
    let before = stored_text(&h, catalog, &id);
    h.send(edit(E::Text(NEW_TEXT.into())));
    assert!(!send_closes(&mut h, Message::CloseRequested));
    assert!(click_closes(&mut h, "Quit without saving"));
    assert_eq!(stored_text(&h, catalog, &id), before);
    assert_ne!(before, NEW_TEXT);
}

#[test]
fn a_card_that_cannot_be_saved_keeps_the_app_open_and_says_why() {
    let (mut h, catalog, id) = editing_a_stored_card();
    let before = h.store().card(catalog, &id).unwrap();
    h.send(edit(E::Text(NEW_TEXT.into())));
    h.send(edit(E::Cost("three".into())));
    assert!(!send_closes(&mut h, Message::CloseRequested));
    assert!(!click_closes(&mut h, "Save and quit"), "closed anyway");

    // still open, still editing, the reason in the form's words
    assert!(h.app.shell().is_some());
    assert!(library(&h).has_unsaved_edit());
    assert!(library(&h).question().is_none());
    let banners = h.app.shell().unwrap().banners();
    let said = banners
        .iter()
        .find(|b| b.text.contains("stays open"))
        .unwrap_or_else(|| panic!("no banner says so: {banners:?}"));
    assert!(
        said.text.contains("Cost must be a whole number"),
        "{}",
        said.text
    );
    assert!(!said.text.contains("key `"), "{}", said.text);
    assert!(h.shows("Cost must be a whole number"), "{:?}", h.dump());
    // nothing was stored
    assert_eq!(h.store().card(catalog, &id).unwrap(), before);

    // fixed, the same question saves and closes
    h.send(edit(E::Cost("2".into())));
    assert!(!send_closes(&mut h, Message::CloseRequested));
    assert!(click_closes(&mut h, "Save and quit"));
    let after = h.store().card(catalog, &id).unwrap();
    assert_eq!(after.text.as_deref(), Some(NEW_TEXT));
    assert_eq!(after.cost, Some(2));
}

#[test]
fn an_unsaved_deck_edit_is_saved_by_the_close() {
    use deckwright::gui::screen::decks::{self, editor::Message as D};
    let mut h = Harness::new();
    h.send(Message::Navigate(ScreenId::Decks));
    let (deck, entry, count) = match h.app.shell().unwrap().screen() {
        Screen::Decks(d) => {
            let e = d.open().expect("a deck is open");
            let first = &e.deck().entries[0];
            (e.info().id, first.name.clone(), first.count)
        }
        other => panic!("not on Decks: {:?}", other.id()),
    };
    h.send(Message::Decks(decks::Message::Editor(D::Plus(0))));
    // closed before the autosave clock ticks: the close saves it
    assert!(send_closes(&mut h, Message::CloseRequested));
    let stored = h.store().load_deck(deck).unwrap();
    let now: u32 = stored
        .entries
        .iter()
        .filter(|e| e.name == entry)
        .map(|e| e.count)
        .sum();
    assert_eq!(now, count + 1);
}
