//! Issue 24: the Library's card editor says what the engine will do with
//! the rules text as it is typed — in the one renderer's words, never the
//! text typed — and which parts it cannot read.

use crate::harness::{Harness, catalog_of};
use deckwright::gui::Message;
use deckwright::gui::app::Screen;
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

#[test]
fn typing_rules_text_shows_what_the_engine_will_do_and_what_it_cannot_read() {
    let mut h = Harness::new();
    let id = catalog_of(&h.store(), GameId::DiceOfDestiny);
    h.send(lib(library::Message::Catalog(Pick::some(id, "x"))));
    h.send(lib(library::Message::NewCard));
    h.send(lib(library::Message::Editor(E::Name("Ember Newt".into()))));
    h.send(lib(library::Message::Editor(E::Type("creature".into()))));
    h.send(lib(library::Message::Editor(E::Field(
        "colour".into(),
        "red".into(),
    ))));
    // typed into the rules-text box, key by key, as a user does
    h.type_into(
        "editor-text",
        "When this creature arrives, deal 2 damage to your opponent.",
    );
    assert!(
        h.shows("• When this card is played, deal 2 damage to your opponent."),
        "{:#?}",
        h.dump()
    );
    assert!(h.shows("Modelled: the engine plays all of it."));
    // more text: what is read is said, what is not is listed as written
    h.send(lib(library::Message::Editor(E::Text(
        "When this creature arrives, deal 2 damage to your opponent. Swap hands with your opponent."
            .into(),
    ))));
    assert!(h.shows("• When this card is played, deal 2 damage to your opponent."));
    assert!(
        h.text_containing("not understood")
            .is_some_and(|t| t.contains("swap hands")),
        "{:#?}",
        h.dump()
    );
    assert!(h.shows("Partly modelled: some of it is not played."));
    let r = library(&h).editor().unwrap().reading().unwrap().clone();
    assert_eq!(
        r.says(),
        ["When this card is played, deal 2 damage to your opponent."]
    );
    // effects in the structured form replace the text's reading, said the same way
    h.type_into(
        "editor-effects",
        "[{ trigger = \"activated\", steps = [{ verb = \"draw\", n = 1, target = \"you\" }], limit = \"once-per-turn\" }]",
    );
    assert!(
        h.shows("• Activate: draw 1 card (once per turn)."),
        "{:#?}",
        h.dump()
    );
}

/// Issue 49, users teach the grammar: where the reading says a sentence is
/// not understood, the editor offers the nearest wordings the grammar reads
/// and a "this phrase means that one" form; the preview lists the cards
/// that would read differently before anything is saved; teaching reads the
/// card at once (and says it was read with the phrase), the phrase is in
/// the database for the whole game, and Undo takes it back.
#[test]
fn a_phrase_taught_in_the_editor_is_read_at_once_and_can_be_undone() {
    let mut h = Harness::new();
    let id = catalog_of(&h.store(), GameId::Fuzzycards);
    h.send(lib(library::Message::Catalog(Pick::some(id, "x"))));
    h.send(lib(library::Message::Select("grand-fluffmonarch".into())));
    h.send(lib(library::Message::EditCard));
    h.send(lib(library::Message::Editor(E::Text(
        "Rush. On Deploy: deal 3 damage to the grumpy old foe's Life.".into(),
    ))));
    assert!(
        h.shows("Partly modelled: some of it is not played.")
            || h.shows("Not modelled: it plays by its numbers only."),
        "{:#?}",
        h.dump()
    );
    assert!(h.shows("Teach Fuzzycards a phrase"), "{:#?}", h.dump());
    assert!(h.shows("Nearest wordings it reads:"), "{:#?}", h.dump());
    assert!(
        h.text_containing("your opponent").is_some(),
        "a nearest wording is the sample cards' own: {:#?}",
        h.dump()
    );
    h.scroll_type_into(library::TEACH_PHRASE_ID, "the grumpy old foe");
    h.scroll_type_into(library::TEACH_MEANS_ID, "your opponent");
    assert!(!h.shows("Teach Fuzzycards"), "no saving before a preview");
    h.scroll_click_text("Preview");
    assert!(
        h.text_containing("1 card would read differently").is_some(),
        "{:#?}",
        h.dump()
    );
    assert!(
        h.shows("• Grand Fluffmonarch — modelled"),
        "{:#?}",
        h.dump()
    );
    assert!(
        h.store().taught_phrases(None).unwrap().is_empty(),
        "nothing saved yet"
    );
    h.scroll_click_text("Teach Fuzzycards");
    assert!(
        h.shows("Modelled: the engine plays all of it."),
        "{:#?}",
        h.dump()
    );
    assert!(
        h.text_containing("read with a taught phrase")
            .is_some_and(|t| t.contains("the grumpy old foe")),
        "{:#?}",
        h.dump()
    );
    let stored = h.store().taught_phrases(Some("fuzzycards")).unwrap();
    assert_eq!(stored.len(), 1);
    assert_eq!(stored[0].means, "your opponent");
    h.scroll_click_text("Undo");
    assert!(h.store().taught_phrases(None).unwrap().is_empty(), "undone");
    assert!(
        !h.shows("Modelled: the engine plays all of it."),
        "{:#?}",
        h.dump()
    );
}
