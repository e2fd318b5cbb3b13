//! The Library's card form typed into the way a person types (issue 25
//! item 1): one key at a time with a new view after each, the widget state
//! kept between views as the runtime keeps it (see `live.rs`).

use crate::harness::{Harness, catalog_of};
use crate::live::Live;
use deckwright::gui::Message;
use deckwright::gui::app::Screen;
use deckwright::gui::screen::library::{self, Library};
use deckwright::gui::widget::Pick;
use deckwright::model::GameId;
use iced::keyboard::{Modifiers, key::Named};
use iced_test::selector;

fn library(h: &Harness) -> &Library {
    match h.app.shell().unwrap().screen() {
        Screen::Library(l) => l,
        other => panic!("not on the library: {:?}", other.id()),
    }
}

/// The Library on the Fuzzycards catalog, the New card form open.
fn new_card_form() -> (Harness, Live) {
    let mut h = Harness::new();
    let id = catalog_of(&h.store(), GameId::Fuzzycards);
    h.send(Message::Library(library::Message::Catalog(Pick::some(
        id, "x",
    ))));
    let mut live = Live::new();
    live.click(&mut h, "New card");
    assert!(library(&h).editor().is_some());
    (h, live)
}

#[test]
fn typing_a_whole_word_and_a_two_digit_number_into_the_new_card_form_keeps_every_key() {
    let (mut h, mut live) = new_card_form();
    // the form opens with its Name box focused: no click needed
    live.type_text(&mut h, "Walk Tester");
    let draft = library(&h).editor().unwrap().draft().clone();
    assert_eq!(draft.name, "Walk Tester");
    // the first key made the "... is required" messages appear
    assert!(!library(&h).editor().unwrap().problems().is_empty());

    live.click(&mut h, selector::id("editor-cost"));
    live.type_text(&mut h, "25");
    assert_eq!(library(&h).editor().unwrap().draft().cost, "25");
    // and the name is still whole
    assert_eq!(library(&h).editor().unwrap().name(), "Walk Tester");
}

#[test]
fn tab_moves_to_the_next_box_of_the_new_card_form_and_shift_tab_back() {
    let (mut h, mut live) = new_card_form();
    live.type_text(&mut h, "Walk Tester");
    // Name, then Id: Tab goes on, and what is typed lands in the next box
    live.tap(&mut h, Named::Tab, Modifiers::default());
    live.type_text(&mut h, "walker");
    let draft = library(&h).editor().unwrap().draft().clone();
    assert_eq!(
        (draft.name.as_str(), draft.id.as_str()),
        ("Walk Tester", "walker")
    );
    // then Cost (the type is a list, which Tab passes)
    live.tap(&mut h, Named::Tab, Modifiers::default());
    live.type_text(&mut h, "3");
    assert_eq!(library(&h).editor().unwrap().draft().cost, "3");
    // Shift+Tab goes back to the Id
    live.tap(&mut h, Named::Tab, Modifiers::SHIFT);
    live.type_text(&mut h, "x");
    assert_eq!(library(&h).editor().unwrap().draft().id, "walkerx");
}

#[test]
fn ctrl_s_saves_the_card_being_typed() {
    let (mut h, mut live) = new_card_form();
    let catalog = catalog_of(&h.store(), GameId::Fuzzycards);
    live.type_text(&mut h, "Walk Tester");
    live.send(
        &mut h,
        Message::Library(library::Message::Editor(library::EditorMessage::Type(
            "event".into(),
        ))),
    );
    live.click(&mut h, selector::id("editor-cost"));
    live.type_text(&mut h, "2");
    assert!(
        library(&h).editor().unwrap().problems().is_empty(),
        "{:?}",
        library(&h).editor().unwrap().messages()
    );
    live.command(&mut h, 's');
    assert!(library(&h).editor().is_none(), "the form is still open");
    let stored = h.store().card(catalog, "walk-tester").unwrap();
    assert_eq!(
        (stored.name.as_str(), stored.cost),
        ("Walk Tester", Some(2))
    );
}

#[test]
fn the_rules_text_takes_several_lines() {
    let (mut h, mut live) = new_card_form();
    // (below the fold of the test window: focused the way Tab would)
    live.run(&mut h, iced::widget::operation::focus("editor-text"));
    live.type_text(&mut h, "Rush");
    live.tap(&mut h, Named::Enter, Modifiers::default());
    live.type_text(&mut h, "Draw a card.");
    assert_eq!(
        library(&h).editor().unwrap().draft().text,
        "Rush\nDraw a card."
    );
}

#[test]
fn the_card_form_opens_at_its_top() {
    let (mut h, mut live) = new_card_form();
    let visible = |h: &Harness, live: &mut Live, id: &str| {
        live.find(h, selector::id(id.to_string()))
            .and_then(|t| iced_test::selector::Bounded::visible_bounds(&t))
            .is_some()
    };
    assert!(visible(&h, &mut live, "editor-name"));
    // scrolled down to its buttons, as after editing a long card...
    live.run(
        &mut h,
        iced::widget::operation::snap_to(
            "editor-form",
            iced::widget::scrollable::RelativeOffset::END,
        ),
    );
    assert!(
        !visible(&h, &mut live, "editor-name"),
        "the test window shows the whole form"
    );
    // ...a New card starts at the top again, its Name box in sight
    live.click(&mut h, "New card");
    assert!(visible(&h, &mut live, "editor-name"));
}

#[test]
fn keep_editing_leaves_the_form_where_it_was() {
    let (mut h, mut live) = new_card_form();
    let visible = |h: &Harness, live: &mut Live, id: &str| {
        live.find(h, selector::id(id.to_string()))
            .and_then(|t| iced_test::selector::Bounded::visible_bounds(&t))
            .is_some()
    };
    live.type_text(&mut h, "Walk Tester");
    live.run(
        &mut h,
        iced::widget::operation::snap_to(
            "editor-form",
            iced::widget::scrollable::RelativeOffset::END,
        ),
    );
    assert!(!visible(&h, &mut live, "editor-name"));
    // Ctrl+2 (the deck builder) asks about the card being typed...
    live.command(&mut h, '2');
    assert!(library(&h).question().is_some(), "{:?}", h.dump());
    live.click(&mut h, "Keep editing");
    assert!(library(&h).question().is_none());
    // ...and the form is as it was, scrolled where it was
    assert_eq!(library(&h).editor().unwrap().name(), "Walk Tester");
    assert!(
        !visible(&h, &mut live, "editor-name"),
        "the form jumped to its top"
    );
}
