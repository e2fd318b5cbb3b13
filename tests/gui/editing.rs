//! Editing without losing or misreading anything (issue 15): the
//! Collection's count boxes refuse what is not a count with a message beside
//! the box, and the Library's card editor asks before an edit in progress is
//! dropped (another card, a new card, Cancel, another screen) and speaks of
//! its fields as the form names them.

use crate::harness::{Harness, catalog_of};
use deckwright::gui::Message;
use deckwright::gui::app::Screen;
use deckwright::gui::prefs::ScreenId;
use deckwright::gui::screen::library::{self, EditorMessage as E, Library};
use deckwright::gui::widget::Pick;
use deckwright::model::GameId;

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

#[test]
fn count_boxes_refuse_what_is_not_a_count_with_a_message() {
    use deckwright::gui::screen::collection::Message as C;
    let mut h = Harness::new();
    h.click_text("Collection");
    let dod = catalog_of(&h.store(), GameId::DiceOfDestiny);
    h.send(Message::Collection(C::Catalog(Pick::some(dod, "dod"))));
    let collection = |h: &Harness| -> String {
        match h.app.shell().unwrap().screen() {
            Screen::Collection(c) => format!("{:?}", c.count_error("fireball")),
            _ => panic!("not on the collection"),
        }
    };

    // typed into the box, as a user would
    h.type_into("owned-fireball", "x3");
    assert_eq!(collection(&h), "Some(\"Whole numbers only\")");
    assert!(h.shows("Whole numbers only"), "{:?}", h.dump());
    // what was typed stays visible, nothing is stored
    assert!(h.shows("x3"));
    assert_eq!(h.store().collection(dod).unwrap().owned("fireball"), 0);

    h.send(Message::Collection(C::Typed(
        "fireball".into(),
        "-2".into(),
    )));
    assert!(h.shows("Counts cannot be negative"));
    assert_eq!(h.store().collection(dod).unwrap().owned("fireball"), 0);

    // a count clears the message and is stored; one card is "1 card"
    h.send(Message::Collection(C::Typed("fireball".into(), "1".into())));
    assert_eq!(collection(&h), "None");
    assert!(!h.shows("Counts cannot be negative"));
    assert_eq!(h.store().collection(dod).unwrap().owned("fireball"), 1);
    assert!(
        h.text_containing("1 card owned, 1 of ").is_some(),
        "{:?}",
        h.dump()
    );
    // large counts are grouped by thousands
    h.send(Message::Collection(C::Typed(
        "fireball".into(),
        "12000".into(),
    )));
    assert!(
        h.text_containing("12,000 cards owned").is_some(),
        "{:?}",
        h.dump()
    );
}

/// The Library on the Fuzzycards catalog with the editor open on a new card
/// that has a name typed in.
fn editing_new_card() -> Harness {
    let mut h = Harness::new();
    let id = catalog_of(&h.store(), GameId::Fuzzycards);
    h.send(lib(library::Message::Catalog(Pick::some(id, "x"))));
    h.click_text("New card");
    assert!(library(&h).editor().is_some());
    h.type_into("editor-name", "Mossy Kit");
    assert!(library(&h).has_unsaved_edit());
    h
}

#[test]
fn the_card_editor_says_problems_in_the_forms_words() {
    let mut h = editing_new_card();
    h.send(edit(E::Type("hero".into())));
    h.send(edit(E::Cost("three".into())));
    h.send(edit(E::Field("hp".into(), "lots".into())));
    assert!(h.shows("Cost must be a whole number"), "{:?}", h.dump());
    let messages: Vec<(Option<String>, String)> = library(&h)
        .editor()
        .unwrap()
        .messages()
        .into_iter()
        .map(|(k, m)| (k.map(String::from), m))
        .collect();
    assert!(
        messages
            .iter()
            .any(|(k, m)| k.as_deref() == Some("hp") && m.ends_with("must be a whole number")),
        "{messages:?}"
    );
    // nothing on screen speaks of keys, integers or strings
    let screen = h.dump().join("\n");
    for jargon in ["key `", "an integer", "a string"] {
        assert!(!screen.contains(jargon), "{jargon} in:\n{screen}");
    }
    h.send(edit(E::Cost("9".into())));
    assert!(
        h.text_containing("must be from 0 to 5").is_some(),
        "{:?}",
        h.dump()
    );
}

#[test]
fn an_edit_in_progress_is_not_dropped_without_asking() {
    let mut h = editing_new_card();
    let other = library(&h).matches().next().unwrap().clone();

    // another card: asked; "Keep editing" keeps the draft
    h.send(lib(library::Message::Select(other.id.clone())));
    assert_eq!(
        library(&h).question().as_deref(),
        Some("Discard your changes to \"Mossy Kit\"? They are not saved.")
    );
    assert!(h.shows("Discard your changes to \"Mossy Kit\"? They are not saved."));
    h.click_text("Keep editing");
    assert!(library(&h).question().is_none());
    assert_eq!(library(&h).editor().unwrap().name(), "Mossy Kit");

    // another screen: asked; Escape keeps the edit and the screen
    h.click_text("Decks");
    assert!(library(&h).question().is_some(), "still on the Library");
    h.send(Message::Shortcut(deckwright::gui::screen::Shortcut::Escape));
    assert!(library(&h).question().is_none());
    assert!(library(&h).has_unsaved_edit());
    // ... and "Discard changes" goes there
    h.click_text("Decks");
    h.click_text("Discard changes");
    assert_eq!(h.app.shell().unwrap().screen().id(), ScreenId::Decks);

    // back on the Library: Cancel with changes asks too, then closes
    h.click_text("Library");
    h.click_text("New card");
    h.type_into("editor-name", "Tide Pup");
    // (the editor's Cancel button is below the fold of the test window)
    h.send(edit(E::Cancel));
    assert!(library(&h).question().is_some());
    h.click_text("Discard changes");
    assert!(library(&h).editor().is_none());

    // an editor without changes closes and switches without a question
    h.click_text("New card");
    h.send(lib(library::Message::Select(other.id.clone())));
    assert!(library(&h).question().is_none());
    assert!(library(&h).editor().is_none());
    assert_eq!(library(&h).selected().unwrap().id, other.id);

    // after discarding for another card, that card is selected
    h.click_text("New card");
    h.type_into("editor-name", "Gone Soon");
    let third = library(&h).matches().nth(1).unwrap().id.clone();
    h.send(lib(library::Message::Select(third.clone())));
    h.click_text("Discard changes");
    assert!(library(&h).editor().is_none());
    assert_eq!(library(&h).selected().unwrap().id, third);
}

/// Issue 25 item 11: a count typed that is not a count yet is still in its
/// box, with why, after a visit to another screen (it was dropped with the
/// screen); one typed on another catalog is not shown on this one.
#[test]
fn a_count_being_typed_survives_switching_screens() {
    use deckwright::gui::screen::collection::Message as C;
    let mut h = Harness::new();
    h.click_text("Collection");
    let dod = catalog_of(&h.store(), GameId::DiceOfDestiny);
    h.send(Message::Collection(C::Catalog(Pick::some(dod, "dod"))));
    h.type_into("owned-fireball", "x3");
    assert!(h.shows("Whole numbers only"));
    h.click_text("Decks");
    h.click_text("Collection");
    let error = |h: &Harness| match h.app.shell().unwrap().screen() {
        Screen::Collection(c) => c.count_error("fireball"),
        _ => panic!("not on the collection"),
    };
    assert_eq!(error(&h), Some("Whole numbers only"));
    assert!(h.shows("x3"), "{:?}", h.dump());
    assert!(h.shows("Whole numbers only"));
    // made a count, it is stored, and nothing is kept any more
    h.send(Message::Collection(C::Typed("fireball".into(), "2".into())));
    h.click_text("Library");
    h.click_text("Collection");
    assert_eq!(error(&h), None);
    assert!(h.shows("2"));
    assert_eq!(h.store().collection(dod).unwrap().owned("fireball"), 2);
}
