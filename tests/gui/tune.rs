//! "Tune" in the deck builder (issue 28): the tab lists the game's saved
//! decks as opponents; a search with a budget in games (reproducible) finds
//! the swaps that make the weakened Yellow Spells deck kill sooner, proven on
//! fresh games, and "Save as a new version" makes the tuned list the deck,
//! saved at once with a note; Cancel stops a search and answers nothing; an
//! empty collection as the pool is an error banner, not a panic.

use crate::harness::{Harness, catalog_of};
use crate::support::{fixture, repo};
use deckwright::engine::tune::Objective;
use deckwright::gui::Message;
use deckwright::gui::prefs::ScreenId;
use deckwright::gui::screen::decks;
use deckwright::gui::tune::{self, PoolChoice, State};
use deckwright::model::{Board, GameId};
use deckwright::store::DeckId;

/// The app with only two Dice of Destiny decks: the sample ("Dice Sample")
/// and Yellow Spells with four of its cards swapped for weak ones ("Weak
/// Spells").
fn with_decks() -> (Harness, DeckId, DeckId) {
    let mut ids = None;
    let h = Harness::with(|s| {
        for d in s.decks(None).unwrap() {
            s.delete_deck(d.id).unwrap();
        }
        let catalog = catalog_of(s, GameId::DiceOfDestiny);
        let mut sample =
            deckwright::decklist::load(&repo("resources/decks/dice-of-destiny-sample.cod"))
                .unwrap();
        sample.name = "Dice Sample".into();
        let sample = s.create_deck(catalog, &sample).unwrap();
        let mut weak =
            deckwright::decklist::load(&fixture("tune/yellow-spells-weakened.txt")).unwrap();
        weak.name = "Weak Spells".into();
        let weak = s.create_deck(catalog, &weak).unwrap();
        ids = Some((weak, sample));
    });
    let (weak, sample) = ids.unwrap();
    (h, weak, sample)
}

fn dt(m: tune::Message) -> Message {
    Message::Decks(decks::Message::Editor(decks::editor::Message::Tune(m)))
}

/// The deck builder on the open deck's Tune tab.
fn on_tune_tab(h: &mut Harness, weak: DeckId) {
    h.send(Message::Navigate(ScreenId::Decks));
    h.send(Message::Decks(decks::Message::Open(weak)));
    assert_eq!(h.deck_editor().info().id, weak);
    h.click_text("Tune");
    assert!(h.shows("Against:"), "{:?}", h.dump());
    assert!(h.shows("Dice Sample"), "{:?}", h.dump());
    assert!(
        h.shows("Weak Spells (this deck, as saved)"),
        "{:?}",
        h.dump()
    );
}

#[test]
fn tune_finds_a_faster_deck_and_saves_it_as_a_new_version() {
    let (mut h, weak, _) = with_decks();
    on_tune_tab(&mut h, weak);
    // no opponent ticked: the goldfish kill turn
    assert!(h.shows("No opponent ticked: the goldfish (mean kill turn)."));
    h.send(dt(tune::Message::Games {
        search: 30_000,
        proof: 2_000,
        seed: 5,
    }));
    h.click_text(tune::RUN_LABEL);
    let State::Done(r) = h.deck_editor().tune().state() else {
        panic!("no answer: {:?}", h.deck_editor().tune().state());
    };
    let r = r.clone();
    assert_eq!(r.objective, Objective::KillTurn);
    assert_eq!(r.seed, 5);
    assert!(r.search_games <= 30_000);
    assert!(r.suggested, "{r:?}");
    assert!(
        r.gain.ci95[0] > 0.0 && r.after.value < r.before.value,
        "{r:?}"
    );
    assert!(!r.changes.is_empty());
    // the answer on show: before, after, the gain, each swap, the list
    for part in ["Before: kill turn", "After: kill turn", "Gain: +"] {
        assert!(h.text_containing(part).is_some(), "{part}: {:?}", h.dump());
    }
    let first = &r.changes[0];
    assert!(
        h.text_containing(&format!(
            "-{} {} → +{} {}",
            first.copies, first.out, first.copies, first.into
        ))
        .is_some(),
        "{:?}",
        h.dump()
    );
    assert!(h.banner_texts().iter().any(|b| b.starts_with("Tune: ")));
    let versions_before = h.store().deck_versions(weak).unwrap().len();
    h.click_text(tune::SAVE_LABEL);
    // the tuned list is the deck, saved at once as a noted version
    assert!(h.shows("Saved as a new version (History lists it)."));
    let s = h.store();
    let saved = s.load_deck(weak).unwrap();
    let main = |d: &deckwright::model::Deck| {
        let mut v: Vec<(String, u32)> = d
            .board(Board::Main)
            .map(|e| (e.name.clone(), e.count))
            .collect();
        v.sort();
        v
    };
    assert_eq!(main(&saved), main(&r.tuned));
    let versions = s.deck_versions(weak).unwrap();
    assert_eq!(versions.len(), versions_before + 1);
    let note = versions.last().unwrap().note.clone().unwrap_or_default();
    assert!(note.starts_with("Tuned: -"), "{note}");
    assert!(note.contains(&first.into), "{note}");
    // the History tab shows the note
    h.click_text("History");
    assert!(h.text_containing("Tuned: -").is_some(), "{:?}", h.dump());
}

#[test]
fn cancel_stops_a_tuning_search_and_answers_nothing() {
    let (mut h, weak, _) = with_decks();
    on_tune_tab(&mut h, weak);
    h.send(dt(tune::Message::Games {
        search: 50_000_000,
        proof: 1_000,
        seed: 1,
    }));
    let task = h.app.update(dt(tune::Message::Run));
    assert!(h.deck_editor().tune().is_running());
    assert!(h.shows("Reading the decks…"), "{:?}", h.dump());
    h.click_text("Cancel");
    h.settle(task);
    assert!(
        matches!(h.deck_editor().tune().state(), State::Cancelled),
        "{:?}",
        h.deck_editor().tune().state()
    );
    assert!(h.shows("Cancelled: no answer (the search was not proven)."));
    // nothing was saved
    assert_eq!(h.store().deck_versions(weak).unwrap().len(), 1);
}

#[test]
fn tune_against_a_saved_deck_never_reports_below_the_start() {
    let (mut h, weak, sample) = with_decks();
    on_tune_tab(&mut h, weak);
    h.click_id(&tune::opponent_box_id(sample));
    assert!(h.deck_editor().tune().chosen().contains(&sample));
    assert!(!h.shows("No opponent ticked: the goldfish (mean kill turn)."));
    h.send(dt(tune::Message::Games {
        search: 2_000,
        proof: 600,
        seed: 2,
    }));
    h.click_text(tune::RUN_LABEL);
    let State::Done(r) = h.deck_editor().tune().state() else {
        panic!("no answer: {:?}", h.deck_editor().tune().state());
    };
    assert_eq!(r.objective, Objective::WinRate);
    assert_eq!(r.opponents, vec!["Dice Sample".to_string()]);
    if r.suggested {
        assert!(
            r.gain.ci95[0] > 0.0 && r.after.value > r.before.value,
            "{r:?}"
        );
        assert!(h.shows(tune::SAVE_LABEL));
    } else {
        assert_eq!(r.before, r.after);
        assert!(
            h.shows("No change found that wins more: the deck stays as it is."),
            "{:?}",
            h.dump()
        );
        assert!(!h.shows(tune::SAVE_LABEL));
    }
}

#[test]
fn an_empty_collection_as_the_pool_is_an_error_banner() {
    let (mut h, weak, _) = with_decks();
    on_tune_tab(&mut h, weak);
    h.click_text("only cards I own");
    assert_eq!(h.deck_editor().tune().pool(), PoolChoice::Collection);
    h.send(dt(tune::Message::Games {
        search: 500,
        proof: 100,
        seed: 3,
    }));
    h.click_text(tune::RUN_LABEL);
    let State::Failed(e) = h.deck_editor().tune().state() else {
        panic!("not refused: {:?}", h.deck_editor().tune().state());
    };
    assert!(e.contains("the pool is empty"), "{e}");
    assert!(
        h.banner_texts()
            .iter()
            .any(|b| b.contains("the pool is empty"))
    );
    assert!(h.text_containing("the pool is empty").is_some());
}
