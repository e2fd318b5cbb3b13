//! The UI flows, driven through `iced_test` simulators over the real
//! app: create a deck; add cards until it is legal and watch the violations
//! go; switch Bizarre World mode; edit owned counts and watch the missing
//! list change; import deck text with an error and read its line number; a
//! card whose text breaks the size rule (DD-D4).

use crate::harness::{Harness, catalog_of};
use crate::support::repo;
use deckwright::gui::Message;
use deckwright::gui::app::Screen;
use deckwright::gui::prefs::ScreenId;
use deckwright::gui::screen::{collection, decks};
use deckwright::model::{Deck, GameId};
use deckwright::store::DeckId;

/// A new empty deck of `game`, stored before the app starts.
fn with_empty_deck(game: GameId, name: &str) -> (Harness, DeckId) {
    let mut id = None;
    let h = Harness::with(|s| {
        let catalog = catalog_of(s, game);
        id = Some(
            s.create_deck(
                catalog,
                &Deck {
                    name: name.into(),
                    ..Deck::default()
                },
            )
            .unwrap(),
        );
    });
    (h, id.unwrap())
}

#[test]
fn create_a_deck() {
    let mut h = Harness::new();
    h.click_text("Decks");
    assert_eq!(h.app.shell().unwrap().screen().id(), ScreenId::Decks);
    h.click_text("New deck");
    assert!(
        h.shows("Built from the catalog"),
        "the new-deck dialog is open"
    );
    h.type_into(decks::NAME_ID, "Frog Rush");
    h.click_text("Create");

    let deck = h.deck_editor();
    assert_eq!(deck.info().name, "Frog Rush");
    assert!(h.shows("Frog Rush"));
    // it is in the store, as version 1, empty
    let stored = h.store().find_deck("Frog Rush").unwrap();
    assert_eq!((stored.version, stored.main_count), (1, 0));
    // and it is the most recent deck (after the sample deck the screen
    // opened first)
    assert_eq!(
        h.app.shell().unwrap().prefs().recent_decks.first(),
        Some(&stored.id)
    );
}

#[test]
fn add_cards_until_legal_and_watch_the_violations_go() {
    let (mut h, _) = with_empty_deck(GameId::DiceOfDestiny, "Chicken Rush");
    h.click_text("Decks");
    h.click_text("Chicken Rush");
    assert!(
        h.shows("1 violation"),
        "an empty deck breaks deck-size only"
    );
    assert!(h.text_containing("deck has 0 cards").is_some());

    let red_green = [
        "chicken-swarm",
        "furious-chicken",
        "goblin-firestarter",
        "lava-hound",
        "lucky-imp",
        "frog-flinging-princess",
        "mossback-tortoise",
        "thornwood-bear",
        "grove-tender",
        "hedge-wolf",
    ];
    // a blue card too: three colours break colour-limit
    h.click_id("add-library-owl");
    for (n, id) in red_green.iter().enumerate() {
        let id = format!("add-{id}");
        h.interact(|ui| {
            for _ in 0..3 {
                ui.click(iced_test::selector::id(id.clone()))?;
            }
            Ok(())
        });
        let total = h.deck_editor().deck().main_count();
        assert_eq!(total as usize, 1 + 3 * (n + 1));
        if n == 5 {
            assert!(h.text_containing("colour-limit").is_some());
        }
    }
    let report = h.deck_editor().report().unwrap();
    let rules: Vec<String> = report
        .violations
        .iter()
        .map(|v| v.rule.to_string())
        .collect();
    assert_eq!(
        rules,
        ["deck-size", "colour-limit"],
        "31 cards in 3 colours"
    );

    // take the blue card out: exactly 30, two colours, legal
    h.click_id("minus-main-library-owl");
    assert!(h.shows("Legal"));
    assert!(h.text_containing("violation").is_none());
    assert!(h.deck_editor().report().unwrap().legal);

    // a fourth Furious Chicken breaks copy-limit; undo makes it legal again
    h.click_id("plus-main-furious-chicken");
    assert!(h.text_containing("copy-limit").is_some());
    h.send(Message::Shortcut(deckwright::gui::screen::Shortcut::Undo));
    assert!(h.shows("Legal"));

    // the edits are saved as a new version
    h.click_text("Save now");
    let stored = h.store().find_deck("Chicken Rush").unwrap();
    assert_eq!(stored.main_count, 30);
    assert!(stored.version >= 2);
}

/// DD-D4 in the deck builder: a card whose text allows 31 cards makes a
/// 31-card deck legal, and the violation at 32 names it.
#[test]
fn dd_d4_a_cards_text_lets_the_deck_break_the_size_rule() {
    let mut id = None;
    let mut h = Harness::with(|s| {
        for d in s.decks(None).unwrap() {
            s.delete_deck(d.id).unwrap();
        }
        let catalog = catalog_of(s, GameId::DiceOfDestiny);
        let mut card = deckwright::model::Card::new("Roomy Coop", "creature");
        card.fields.insert(
            "colour".into(),
            deckwright::model::FieldValue::Text("red".into()),
        );
        card.text = Some("Hey! Break that rule! Your deck may have 31 cards.".into());
        s.insert_card(catalog, &card, None).unwrap();
        id = Some(
            s.create_deck(
                catalog,
                &Deck {
                    name: "Big Coop".into(),
                    ..Deck::default()
                },
            )
            .unwrap(),
        );
    });
    h.click_text("Decks");
    h.click_text("Big Coop");
    for card in [
        "chicken-swarm",
        "furious-chicken",
        "goblin-firestarter",
        "lava-hound",
        "lucky-imp",
        "frog-flinging-princess",
        "mossback-tortoise",
        "thornwood-bear",
        "grove-tender",
        "hedge-wolf",
    ] {
        let id = format!("add-{card}");
        h.interact(|ui| {
            for _ in 0..3 {
                ui.click(iced_test::selector::id(id.clone()))?;
            }
            Ok(())
        });
    }
    assert!(h.shows("Legal"), "30 red and green cards");
    h.type_into(decks::editor::SEARCH_ID, "Roomy");
    h.click_id("add-roomy-coop");
    assert_eq!(h.deck_editor().deck().main_count(), 31);
    assert!(h.shows("Legal"), "Roomy Coop's text allows 31 cards");
    h.click_id("plus-main-chicken-swarm");
    let shown = h.text_containing("deck has 32 cards");
    assert!(
        shown
            .as_deref()
            .is_some_and(|s| s.contains("as \"Roomy Coop\"'s text allows")),
        "{shown:?}"
    );
    let _ = id;
}

#[test]
fn switch_bizarre_world_mode() {
    let (mut h, _) = with_empty_deck(GameId::BizarreWorld, "Rocks");
    h.click_text("Decks");
    h.click_text("Rocks");
    h.send(Message::Decks(decks::Message::Editor(
        decks::editor::Message::ImportFilePath(repo(
            "resources/decks/bizarre-world-crafted-rocks.txt",
        )),
    )));
    assert_eq!(h.deck_editor().deck().main_count(), 31);
    assert!(h.shows("Legal"));
    assert!(
        h.text_containing("crafting mode · Normal duel · 15 life")
            .is_some()
    );

    h.click_text("Random");
    assert!(h.shows("1 violation"));
    assert!(h.text_containing("random mode").is_some());
    assert!(
        h.text_containing("a random-mode deck holds only random cards")
            .is_some()
    );

    h.click_text("Crafting");
    assert!(h.shows("Legal"));
    h.click_text("Auto");
    assert!(h.shows("Legal"));

    // five cards out: 26 cards is a Speed duel with 10 life
    for _ in 0..3 {
        h.click_id("minus-main-boring-rock-of-minimum-wage");
    }
    for _ in 0..2 {
        h.click_id("minus-main-boring-alien-of-sacrifice");
    }
    assert_eq!(h.deck_editor().deck().main_count(), 26);
    assert!(
        h.text_containing("Speed duel · 10 life").is_some(),
        "{:?}",
        h.text_containing("duel")
    );
}

#[test]
fn edit_owned_counts_and_watch_the_missing_list() {
    let (mut h, deck) = with_empty_deck(GameId::DiceOfDestiny, "Chickens");
    {
        let mut s = h.store();
        let list =
            deckwright::decklist::load(&repo("resources/decks/dice-of-destiny-chicken-rush.txt"))
                .unwrap();
        s.save_deck(deck, &list, None).unwrap();
    }
    h.click_text("Collection");
    let dod = catalog_of(&h.store(), GameId::DiceOfDestiny);
    h.send(Message::Collection(collection::Message::Catalog(
        deckwright::gui::widget::Pick::some(dod, "Dice of Destiny"),
    )));
    h.send(Message::Collection(collection::Message::Deck(
        deckwright::gui::widget::Pick::some(deck, "Chickens"),
    )));
    let missing = |h: &Harness| -> Vec<(String, u32)> {
        match h.app.shell().unwrap().screen() {
            Screen::Collection(c) => c
                .missing()
                .iter()
                .map(|m| (m.id.clone(), m.missing))
                .collect(),
            _ => panic!("not on the collection screen"),
        }
    };
    assert!(h.shows("Missing 30 cards:"));
    assert!(missing(&h).contains(&("chicken-swarm".to_string(), 6)));

    h.click_id("more-chicken-swarm");
    h.click_id("more-chicken-swarm");
    assert!(missing(&h).contains(&("chicken-swarm".to_string(), 4)));
    assert!(h.shows("Missing 28 cards:"));

    // typing a count in an empty box
    h.interact(|ui| {
        ui.click(iced_test::selector::id("owned-furious-chicken"))?;
        let _ = ui.typewrite("3");
        Ok(())
    });
    assert!(missing(&h).iter().all(|(id, _)| id != "furious-chicken"));
    assert!(h.shows("Missing 25 cards:"));
    let owned = h.store().collection(dod).unwrap();
    assert_eq!(owned.owned("chicken-swarm"), 2);
    assert_eq!(owned.owned("furious-chicken"), 3);
}

#[test]
fn import_deck_text_with_an_error_and_see_its_line() {
    let (mut h, _) = with_empty_deck(GameId::Fuzzycards, "Pasted");
    h.click_text("Decks");
    h.click_text("Pasted");
    h.click_text("Deck text");
    h.send(Message::Decks(decks::Message::Editor(
        decks::editor::Message::Paste(iced::widget::text_editor::Action::Edit(
            iced::widget::text_editor::Edit::Paste(std::sync::Arc::new(
                "Heroes:\n3 Ember Cub\nthree Flipping Boar\n2 Spark Fox\n".to_string(),
            )),
        )),
    )));
    h.click_text("Import text");
    let error = h
        .text_containing("pasted deck:")
        .expect("the parse error is shown");
    assert!(
        error.starts_with("pasted deck:3: `three Flipping Boar` is not a card line"),
        "{error}"
    );
    assert_eq!(
        h.deck_editor().deck().main_count(),
        0,
        "nothing was imported"
    );
}

#[test]
fn write_a_cards_text_and_read_what_the_engine_makes_of_it() {
    use deckwright::gui::screen::library::{self, EditorMessage as E};
    let mut h = Harness::new();
    h.click_text("Library");
    let dod = catalog_of(&h.store(), GameId::DiceOfDestiny);
    h.send(Message::Library(library::Message::Catalog(
        deckwright::gui::widget::Pick::some(dod, "Dice of Destiny"),
    )));
    h.send(Message::Library(library::Message::NewCard));
    h.type_into("editor-name", "Ember Newt");
    for m in [
        E::Type("creature".into()),
        E::Field("colour".into(), "red".into()),
    ] {
        h.send(Message::Library(library::Message::Editor(m)));
    }
    assert!(h.shows("What the engine reads"));
    h.type_into("editor-text", "When this creature arrives, draw 1 card.");
    assert!(
        h.shows("Modelled: the engine plays all of it."),
        "{:?}",
        h.text_containing("odelled")
    );
    h.type_into("editor-text", " Then the moon sings.");
    // a sentence with none of the game's words is flavour, shown as such
    let shown = h.text_containing("flavour");
    assert!(
        shown
            .as_deref()
            .is_some_and(|s| s.contains("Then the moon sings.")),
        "{shown:?}"
    );
}
