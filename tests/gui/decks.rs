//! The deck builder on a new database and around the open deck: the sample
//! decks every screen starts with; the visual deck view (piles by section or
//! curve, +/− on the card, click to select); the card preview of the hovered
//! or selected card; unknown cards of an import in a warning banner; the key
//! hint that follows the focus.

use crate::harness::Harness;
use deckwright::gui::Message;
use deckwright::gui::app::Screen;
use deckwright::gui::prefs::ScreenId;
use deckwright::gui::screen::decks;
use deckwright::gui::screen::decks::editor::Message as E;
use deckwright::model::GameId;

fn deck_screen(h: &Harness) -> &decks::Decks {
    match h.app.shell().unwrap().screen() {
        Screen::Decks(d) => d,
        other => panic!("not on the deck builder: {:?}", other.id()),
    }
}

fn open_deck(h: &Harness) -> &decks::Editor {
    deck_screen(h).open().expect("a deck is open")
}

fn ed(m: E) -> Message {
    Message::Decks(decks::Message::Editor(m))
}

#[test]
fn a_new_database_starts_with_sample_decks_on_every_screen() {
    let mut h = Harness::new();
    h.send(Message::Navigate(ScreenId::Decks));
    let listed = deck_screen(&h).decks();
    for game in GameId::ALL {
        assert!(
            listed.iter().any(|d| d.game == game),
            "no sample deck of {game:?}"
        );
    }
    assert!(listed.iter().all(|d| d.name.ends_with("(sample)")));
    // the first deck of the list is open, and legal
    let first = listed[0].id;
    let deck = open_deck(&h);
    assert_eq!(deck.info().id, first);
    assert!(deck.report().unwrap().legal, "{:?}", deck.report());
    assert!(h.shows("Legal"));

    h.send(Message::Navigate(ScreenId::Playtest));
    match h.app.shell().unwrap().screen() {
        Screen::Playtest(p) => {
            assert!(!p.decks().is_empty());
            assert!(p.is_ready(), "Playtest has a deck to deal from");
        }
        other => panic!("{:?}", other.id()),
    }
    h.send(Message::Navigate(ScreenId::Print));
    match h.app.shell().unwrap().screen() {
        Screen::Print(p) => {
            assert!(!p.decks().is_empty());
            assert!(p.is_ready(), "Print has a deck to print");
        }
        other => panic!("{:?}", other.id()),
    }
}

/// The count of a card on the main board of the open deck.
fn main_count(h: &Harness, name: &str) -> u32 {
    open_deck(h)
        .deck()
        .entries
        .iter()
        .filter(|e| e.name == name && e.board == deckwright::model::Board::Main)
        .map(|e| e.count)
        .sum()
}

/// The bounds of the widget with this id in a window of `size`.
fn bounds_at(h: &Harness, size: (f32, f32), id: &str) -> Option<iced::Rectangle> {
    let mut ui = iced_test::Simulator::with_size(iced::Settings::default(), size, h.app.view());
    ui.find(iced_test::selector::id(id.to_string()))
        .ok()
        .and_then(|t| t.visible_bounds())
}

#[test]
fn the_visual_view_piles_the_deck_and_its_buttons_change_counts() {
    let mut h = Harness::new();
    h.send(Message::Navigate(ScreenId::Decks));
    assert_eq!(open_deck(&h).info().name, "Beatdown (sample)");
    assert_eq!(open_deck(&h).layout(), decks::editor::Layout::Both);
    // the list and the cards side by side, piles grouped by section
    assert!(h.ui().find(iced_test::selector::id("deck-list")).is_ok());
    assert!(h.ui().find(iced_test::selector::id("deck-visual")).is_ok());
    assert!(h.shows("Heroes (20)"), "{:?}", h.dump());

    // only the cards (room for every pile), + and − on the pile of Static
    // Hamster (3 copies)
    h.click_text("Cards");
    assert_eq!(main_count(&h, "Static Hamster"), 3);
    h.click_id("pile-plus-main-static-hamster");
    assert_eq!(main_count(&h, "Static Hamster"), 4);
    h.click_id("pile-minus-main-static-hamster");
    h.click_id("pile-minus-main-static-hamster");
    assert_eq!(main_count(&h, "Static Hamster"), 2);

    // a click on the pile selects the card: the preview shows it, and the
    // keys change its count
    h.click_id("pile-main-grand-fluffmonarch");
    let sel = open_deck(&h).selection().expect("a card is selected");
    assert_eq!(sel.board, Some(deckwright::model::Board::Main));
    assert_eq!(
        open_deck(&h).previewed().map(|c| c.name.as_str()),
        Some("Grand Fluffmonarch")
    );
    assert!(h.shows("Rush. On Deploy: deal 3 damage to your opponent's Life."));
    h.send(Message::Shortcut(deckwright::gui::screen::Shortcut::Plus));
    assert_eq!(main_count(&h, "Grand Fluffmonarch"), 2);
    // … and validation sees it at once (one Legendary at most)
    assert!(!open_deck(&h).report().unwrap().legal);
    h.send(Message::Shortcut(deckwright::gui::screen::Shortcut::Minus));
    assert_eq!(main_count(&h, "Grand Fluffmonarch"), 1);

    // piles by cost instead of by section
    h.send(ed(E::StackBy(decks::editor::StackBy::Curve)));
    assert!(h.text_containing("Cost 5 (").is_some(), "{:?}", h.dump());

    // only the cards, only the list, both again
    assert!(h.ui().find(iced_test::selector::id("deck-list")).is_err());
    h.click_text("List");
    assert!(h.ui().find(iced_test::selector::id("deck-visual")).is_err());
    assert!(h.ui().find(iced_test::selector::id("deck-list")).is_ok());
    h.click_text("Both");
    assert!(h.ui().find(iced_test::selector::id("deck-visual")).is_ok());
}

#[test]
fn at_1024_by_700_the_cards_and_the_preview_fit() {
    let mut h = Harness::new();
    h.send(Message::Navigate(ScreenId::Decks));
    h.send(ed(E::SelectEntry(0)));
    const SMALL: (f32, f32) = (1024.0, 700.0);
    let window = iced::Rectangle::new(iced::Point::ORIGIN, iced::Size::new(SMALL.0, SMALL.1));
    for id in ["deck-visual", "deck-list", "card-preview", "key-hint"] {
        let b = bounds_at(&h, SMALL, id).unwrap_or_else(|| panic!("{id} is not visible"));
        assert!(
            window.contains(b.position())
                && b.x + b.width <= SMALL.0 + 0.5
                && b.y + b.height <= SMALL.1 + 0.5,
            "{id} at {b:?} leaves the window"
        );
        // the hint is one or two lines of text; the panes need room
        let (w, h) = if id == "key-hint" {
            (100.0, 10.0)
        } else {
            (100.0, 60.0)
        };
        assert!(b.width > w && b.height > h, "{id} is squeezed: {b:?}");
    }
    // the first pile is on screen, whole
    let pile = bounds_at(&h, SMALL, "pile-main-grand-fluffmonarch").expect("first pile");
    assert!(
        pile.x + pile.width <= SMALL.0 && pile.height > 100.0,
        "{pile:?}"
    );
}

#[test]
fn the_preview_follows_the_mouse_and_the_lists_show_what_the_rules_count() {
    let mut h = Harness::new();
    h.send(Message::Navigate(ScreenId::Decks));
    assert!(open_deck(&h).previewed().is_none());
    assert!(
        h.ui()
            .find(iced_test::selector::id("card-preview"))
            .is_err()
    );
    let empty = bounds_at(&h, crate::harness::SIZE, "card-preview-empty").expect("the empty pane");
    // a search result: the Legendary of the rules and the Force of the
    // schema are in its line
    h.send(ed(E::Query("oracle moth".into())));
    let line = h.text_containing("hero · 5").expect("the result's line");
    assert!(
        line.contains("Legendary") && line.contains("prophecy"),
        "{line}"
    );
    // hovering shows it; leaving it hides it again
    let moth = open_deck(&h).results()[0];
    h.send(ed(E::Hover(moth)));
    assert_eq!(
        open_deck(&h).previewed().map(|c| c.name.as_str()),
        Some("The Oracle Moth")
    );
    // in the pane that was there already: the list above it did not move
    let shown = bounds_at(&h, crate::harness::SIZE, "card-preview").expect("the preview");
    assert_eq!(shown.y, empty.y);
    h.send(ed(E::Unhover(moth)));
    assert!(open_deck(&h).previewed().is_none());
    // highlighting (arrows or a click) selects it: the preview stays
    h.send(ed(E::Highlight(0)));
    assert_eq!(
        open_deck(&h).previewed().map(|c| c.name.as_str()),
        Some("The Oracle Moth")
    );
    h.send(ed(E::Unselect));
    assert!(open_deck(&h).previewed().is_none());
}

#[test]
fn dice_of_destiny_lines_show_the_colour_the_rules_limit() {
    let mut h = Harness::new();
    h.send(Message::Navigate(ScreenId::Decks));
    let id = deck_screen(&h)
        .decks()
        .iter()
        .find(|d| d.name == "Chicken Rush (sample)")
        .unwrap()
        .id;
    h.send(Message::Decks(decks::Message::Open(id)));
    h.send(ed(E::Query("furious chicken".into())));
    let line = h.text_containing("creature").expect("the result's line");
    assert!(line.contains("red"), "{line}");
}

#[test]
fn unknown_cards_of_an_import_are_a_warning_banner() {
    let mut h = Harness::new();
    h.send(Message::Navigate(ScreenId::Decks));
    let file = h.dir.path().join("pasted.txt");
    std::fs::write(
        &file,
        "3 Static Hamster\n2 Zap Cat\n1 Nope Dog\n2 Zap Cat\n1 Ember Cub\n",
    )
    .unwrap();
    h.send(ed(E::ImportFilePath(file)));
    let banners = h.app.shell().unwrap().banners();
    let warning = banners
        .iter()
        .find(|b| b.tone == deckwright::gui::widget::Tone::Warning)
        .unwrap_or_else(|| panic!("no warning: {banners:?}"));
    assert!(
        warning
            .text
            .starts_with("2 cards are not in the catalog: Zap Cat, Nope Dog."),
        "{}",
        warning.text
    );
    assert!(h.text_containing("not in the catalog: Zap Cat").is_some());
    // the cards it knows were imported as usual
    assert_eq!(main_count(&h, "Static Hamster"), 3);

    // a list the catalog knows whole: no warning
    let known = h.dir.path().join("known.txt");
    std::fs::write(&known, "3 Static Hamster\n").unwrap();
    let before = h.app.shell().unwrap().banners().len();
    h.send(ed(E::ImportFilePath(known)));
    let after = h.app.shell().unwrap().banners();
    assert!(
        after[before..]
            .iter()
            .all(|b| b.tone != deckwright::gui::widget::Tone::Warning),
        "{after:?}"
    );
}

#[test]
fn the_key_hint_says_what_the_keys_do_where_the_focus_is() {
    let mut h = Harness::new();
    h.send(Message::Navigate(ScreenId::Decks));
    let hint = |h: &Harness| open_deck(h).key_hint();
    // focus elsewhere: + and − change the highlighted result's count
    assert!(
        hint(&h).starts_with("+ / - add or take out a copy of"),
        "{}",
        hint(&h)
    );
    // typing in the search box: − and + are typed, not shortcuts
    h.type_into(decks::editor::SEARCH_ID, "hamster");
    assert!(open_deck(&h).search_focused());
    let typing = hint(&h);
    assert!(typing.contains("+ and - are typed here"), "{typing}");
    assert!(!typing.contains("add or take out"), "{typing}");
    assert!(h.text_containing("+ and - are typed here").is_some());
    // the focus left the box (Escape, a click elsewhere)
    h.send(ed(E::SearchFocus(false)));
    assert!(hint(&h).contains("Static Hamster"), "{}", hint(&h));
    // a deck card selected: the keys act on it, on its board
    h.send(ed(E::SelectEntry(0)));
    assert!(
        hint(&h).ends_with("(main board); \u{2191}/\u{2193} move in the results, Ctrl+F searches."),
        "{}",
        hint(&h)
    );
}

/// Issue 15, "nothing lost between screens": deck text typed into the paste
/// box and not imported yet is still there after a visit to another screen,
/// on show in the Text tab.
#[test]
fn text_in_the_paste_box_survives_switching_screens() {
    use deckwright::gui::screen::decks::editor::Tab;
    use iced::widget::text_editor::{Action as A, Edit};
    let mut h = Harness::new();
    h.send(Message::Navigate(ScreenId::Decks));
    let deck = open_deck(&h).info().id;
    h.send(ed(E::Tab(Tab::Text)));
    h.send(ed(E::Paste(A::Edit(Edit::Paste(std::sync::Arc::new(
        "\n3 Card I am still typing".into(),
    ))))));
    let typed = open_deck(&h).paste_text();
    assert!(typed.contains("Card I am still typing"));
    h.send(Message::Navigate(ScreenId::Library));
    h.send(Message::Navigate(ScreenId::Decks));
    let e = open_deck(&h);
    assert_eq!(e.info().id, deck);
    assert_eq!(e.paste_text(), typed, "the typed text is back");
    assert_eq!(e.unsaved_paste().as_deref(), Some(typed.as_str()));
    assert_eq!(e.tab(), Tab::Text, "on show in the Text tab");
    assert!(h.shows("Import text"));
    // imported, it is the deck's text and nothing is kept any more
    h.send(ed(E::Tab(Tab::Charts)));
    h.send(Message::Navigate(ScreenId::Collection));
    h.send(Message::Navigate(ScreenId::Decks));
    assert_eq!(
        open_deck(&h).unsaved_paste().as_deref(),
        Some(typed.as_str())
    );
    h.send(ed(E::ImportText));
    h.send(Message::Navigate(ScreenId::Library));
    h.send(Message::Navigate(ScreenId::Decks));
    assert_eq!(open_deck(&h).unsaved_paste(), None);
}

/// The warning banners on show.
fn warnings(h: &Harness) -> Vec<String> {
    h.app
        .shell()
        .unwrap()
        .banners()
        .iter()
        .filter(|b| b.tone == deckwright::gui::widget::Tone::Warning)
        .map(|b| b.label())
        .collect()
}

/// A deck file is read as a new deck of the game and catalog its names
/// belong to; the deck that was open stays as it was (issue 25 item 7: a
/// Dice of Destiny `.cod` went into the open Fuzzycards deck, 30 cards "not
/// in the catalog").
#[test]
fn a_deck_file_is_imported_as_a_new_deck_of_its_own_game() {
    use crate::support::repo;
    let mut h = Harness::new();
    h.send(Message::Navigate(ScreenId::Decks));
    let fuzzy = deck_screen(&h)
        .decks()
        .iter()
        .find(|d| d.game == GameId::Fuzzycards)
        .unwrap()
        .id;
    h.send(Message::Decks(decks::Message::Open(fuzzy)));
    assert_eq!(open_deck(&h).info().id, fuzzy);
    let before = h.store().load_deck(fuzzy).unwrap().entries;
    // what "Import file..." and Ctrl+O's dialog answer
    h.send(ed(E::ImportNewFile(repo(
        "resources/decks/dice-of-destiny-sample.cod",
    ))));
    let now = open_deck(&h);
    assert_ne!(now.info().id, fuzzy, "the open deck was replaced");
    assert_eq!(now.info().game, GameId::DiceOfDestiny);
    // the file's own name, made unique (the sample deck has it)
    assert_eq!(now.info().name, "Dice of Destiny Blue Control (sample) (2)");
    assert_eq!(now.deck().main_count(), 30);
    assert!(now.unknown_names().is_empty());
    assert!(warnings(&h).is_empty(), "{:?}", warnings(&h));
    assert_eq!(h.store().load_deck(fuzzy).unwrap().entries, before);
    assert!(
        h.app.shell().unwrap().banners().iter().any(|b| b
            .text
            .starts_with("Imported \"Dice of Destiny Blue Control (sample) (2)\" as a new Dice of Destiny deck")),
        "{:?}",
        h.app.shell().unwrap().banners()
    );
    // a file dropped on the window: the same, into its own game
    h.send(Message::FileDropped(repo(
        "resources/decks/fuzzycards-sample.dck",
    )));
    assert_eq!(open_deck(&h).info().game, GameId::Fuzzycards);
    assert!(open_deck(&h).unknown_names().is_empty());
}

/// The "not in the catalog" banner says what the deck is now: an import
/// of the same list does not count it up ("×2"), a fixed name takes it
/// away; a file import shows the imported deck in the Deck text box, and a
/// printing mark dropped while reading is said (issue 25 item 9).
#[test]
fn banners_and_the_text_box_follow_the_deck() {
    use iced::widget::text_editor::{Action as A, Edit};
    let mut h = Harness::new();
    h.send(Message::Navigate(ScreenId::Decks));
    let file = h.dir.path().join("list.txt");
    std::fs::write(&file, "3 Static Hamster (M20) 338\n2 Zap Cat\n").unwrap();
    // an old paste in the text box, not imported
    h.send(ed(E::Tab(decks::editor::Tab::Text)));
    h.send(ed(E::Paste(A::Edit(Edit::Paste(std::sync::Arc::new(
        "1 Old Paste".to_string(),
    ))))));
    h.send(ed(E::ImportFilePath(file.clone())));
    let said = "1 card is not in the catalog: Zap Cat.";
    let w = warnings(&h);
    assert!(w.len() == 1 && w[0].starts_with(said), "{w:?}");
    // the text box shows the deck as imported
    let text = open_deck(&h).paste_text();
    assert!(!text.contains("Old Paste"), "{text}");
    assert!(
        text.contains("Static Hamster") && text.contains("Zap Cat"),
        "{text}"
    );
    // the dropped printing mark is said
    assert!(
        h.app
            .shell()
            .unwrap()
            .banners()
            .iter()
            .any(|b| b.text.contains("dropped \"(M20) 338\"")),
        "{:?}",
        h.app.shell().unwrap().banners()
    );
    // the same list again: the same one banner, not "×2"
    h.send(ed(E::ImportFilePath(file)));
    let w = warnings(&h);
    assert!(
        w.len() == 1 && w[0].starts_with(said) && !w[0].contains('×'),
        "{w:?}"
    );
    // the unknown name taken out: the banner goes
    let at = open_deck(&h)
        .deck()
        .entries
        .iter()
        .position(|e| e.name == "Zap Cat")
        .unwrap();
    h.send(ed(E::Minus(at)));
    assert_eq!(warnings(&h).len(), 1, "one copy left, still unknown");
    h.send(ed(E::Minus(at)));
    assert!(open_deck(&h).unknown_names().is_empty());
    assert!(warnings(&h).is_empty(), "{:?}", warnings(&h));
}

/// Issue 25 item 11: the deck builder's undo and redo steps, and a name
/// typed in the New or Rename dialog, are still there after a visit to
/// another screen (they were dropped with the screen).
#[test]
fn undo_steps_and_a_typed_deck_name_survive_switching_screens() {
    use deckwright::gui::screen::Shortcut;
    let mut h = Harness::new();
    h.click_text("Decks");
    let deck = open_deck(&h).info().id;
    let before = open_deck(&h).deck().entries.clone();
    h.send(ed(E::Plus(0)));
    h.send(ed(E::Plus(0)));
    let after = open_deck(&h).deck().entries.clone();
    assert_ne!(after, before);
    h.click_text("Library");
    h.click_text("Decks");
    assert_eq!(open_deck(&h).info().id, deck);
    assert_eq!(open_deck(&h).deck().entries, after, "saved when left");
    assert!(open_deck(&h).can_undo(), "the undo steps are kept");
    h.send(Message::Shortcut(Shortcut::Undo));
    h.click_text("Undo");
    assert_eq!(open_deck(&h).deck().entries, before, "both edits undone");
    assert!(!open_deck(&h).can_undo());
    // the redo steps too
    h.click_text("Collection");
    h.click_text("Decks");
    assert!(open_deck(&h).can_redo(), "the redo steps are kept");
    h.send(Message::Shortcut(Shortcut::Redo));
    assert_eq!(open_deck(&h).deck().entries[0].count, before[0].count + 1);

    // a name half typed in the New dialog, on show again with its focus
    h.click_text("New deck");
    h.type_into(decks::NAME_ID, "Frog Ru");
    h.click_text("Print");
    h.click_text("Decks");
    match deck_screen(&h).dialog() {
        Some(decks::Dialog::New { name, catalog }) => {
            assert_eq!(name, "Frog Ru");
            assert!(catalog.is_some());
        }
        other => panic!("the New dialog is gone: {other:?}"),
    }
    assert!(h.shows("Frog Ru"), "{:?}", h.dump());
    h.type_into(decks::NAME_ID, "sh");
    h.click_text("Create");
    assert_eq!(open_deck(&h).info().name, "Frog Rush");
    assert!(h.store().find_deck("Frog Rush").is_ok());

    // the Rename dialog
    h.click_text("Rename");
    h.send(Message::Decks(decks::Message::DialogName("Toad Ru".into())));
    h.click_text("Library");
    h.click_text("Decks");
    assert!(
        matches!(deck_screen(&h).dialog(), Some(decks::Dialog::Rename { name, .. }) if name == "Toad Ru"),
        "{:?}",
        deck_screen(&h).dialog()
    );
    // a dialog closed is not brought back
    h.send(Message::Decks(decks::Message::DialogCancel));
    h.click_text("Library");
    h.click_text("Decks");
    assert_eq!(deck_screen(&h).dialog(), None);
}
