//! The Playtest screen and the deck builder's Odds tab (issue 5):
//! `update(Message)` tests and `iced_test` flows — hands dealt by the games'
//! rules and replayed by seed, mulligans, turns stepped by hand with the
//! engine refusing what the rules do not allow, goldfish runs with progress,
//! charts and Cancel, the quick estimate, and the exact-odds table.

use crate::harness::{Harness, catalog_of};
use crate::support::repo;
use deckwright::engine::core::{Outcome, Seat};
use deckwright::engine::hand::HandRequest;
use deckwright::engine::odds;
use deckwright::engine::run::{Progress, RunConfig};
use deckwright::engine::session::{ActionKey, Engine, EngineOptions, Session};
use deckwright::engine::{fuzzycards, rizontical};
use deckwright::gui::Message;
use deckwright::gui::prefs::ScreenId;
use deckwright::gui::screen::decks;
use deckwright::gui::screen::decks::editor::{self, Tab};
use deckwright::gui::screen::playtest::{self, Estimate, RunState};
use deckwright::model::{Catalog, Deck, GameId};
use deckwright::store::DeckId;

fn pm(m: playtest::Message) -> Message {
    Message::Playtest(m)
}

/// The app with one sample deck of `game` stored from `file`.
fn with_deck(game: GameId, file: &str) -> (Harness, DeckId) {
    let mut id = None;
    let h = Harness::with(|s| {
        let catalog = catalog_of(s, game);
        let mut deck = deckwright::decklist::load(&repo(file)).unwrap();
        deck.name = "Under test".into();
        id = Some(s.create_deck(catalog, &deck).unwrap());
    });
    (h, id.unwrap())
}

/// Stores the sample deck `file` of `game` for the computer to play.
fn store_opponent(h: &Harness, game: GameId, file: &str) -> DeckId {
    let mut s = h.store();
    let catalog = catalog_of(&s, game);
    let mut deck = deckwright::decklist::load(&repo(&format!("resources/decks/{file}"))).unwrap();
    deck.name = "The computer's deck".into();
    s.create_deck(catalog, &deck).unwrap()
}

/// Chicken rush on the Playtest screen against the computer's yellow
/// spells (quick), dealt from `seed`; the computer's deck id.
fn dice_against_the_computer(seed: u64) -> (Harness, DeckId) {
    let (mut h, _) = with_deck(
        GameId::DiceOfDestiny,
        "resources/decks/dice-of-destiny-chicken-rush.txt",
    );
    let opponent = store_opponent(
        &h,
        GameId::DiceOfDestiny,
        "dice-of-destiny-yellow-spells.txt",
    );
    h.send(Message::Navigate(ScreenId::Playtest));
    h.send(pm(playtest::Message::Opponent(
        deckwright::gui::widget::Pick::some(opponent, "x"),
    )));
    deal_seed(&mut h, seed);
    (h, opponent)
}

/// The engine of the stored deck, as the tests check it.
fn engine_of(h: &Harness, deck: DeckId) -> (Catalog, Deck, Engine) {
    let s = h.store();
    let info = s.deck_info(deck).unwrap();
    let catalog = s.load_catalog(info.catalog_id).unwrap();
    let d = s.load_deck(deck).unwrap();
    let e = Engine::new(&catalog, &d, &EngineOptions::default()).unwrap();
    (catalog, d, e)
}

fn session(h: &Harness) -> &Session {
    h.playtest().session().expect("a hand is dealt")
}

fn zone(s: &Session, name: &str) -> Vec<String> {
    s.snapshot()
        .zones
        .into_iter()
        .find(|z| z.zone == name)
        .unwrap_or_else(|| panic!("no zone {name}"))
        .cards
        .into_iter()
        .map(|c| c.name)
        .collect()
}

fn deal_seed(h: &mut Harness, seed: u64) {
    h.send(pm(playtest::Message::SeedTyped(seed.to_string())));
    h.click_text("Deal");
    assert_eq!(session(h).snapshot().seed, seed);
}

/// Rizontical's setup deploys (the player's to place, RZ 14), each on the
/// cell the suggestion picks.
fn rz_set_up(h: &mut Harness) {
    while session(h).snapshot().phase.starts_with("Setup") {
        h.send(pm(playtest::Message::PlayHint));
    }
}

/// A Rizontical game of the Akasha Guard sample on seed 7, set up and its
/// Powers kept: the first turn's decisions on the table.
fn rizontical_kept() -> Harness {
    let (mut h, _) = with_deck(
        GameId::Rizontical,
        "resources/decks/rizontical-akasha-guard.txt",
    );
    h.send(Message::Navigate(ScreenId::Playtest));
    deal_seed(&mut h, 7);
    rz_set_up(&mut h);
    h.click_text("Keep the Powers");
    h
}

/// The same for a session.
fn rz_set_up_session(s: &mut Session) {
    while s.snapshot().phase.starts_with("Setup") {
        let c = s.hint().expect("a suggestion");
        s.apply(&c.action).unwrap();
    }
}

#[test]
fn a_hand_is_dealt_by_the_games_rules_and_replayed_by_its_seed() {
    let (mut h, deck) = with_deck(
        GameId::Fuzzycards,
        "resources/decks/fuzzycards-beatdown.txt",
    );
    h.click_text("Playtest");
    assert_eq!(h.playtest().current().unwrap().info.id, deck);
    let (_, _, e) = engine_of(&h, deck);
    deal_seed(&mut h, 1234);
    let want = e
        .hand(&HandRequest {
            seed: 1234,
            seat: Seat::First,
            ..HandRequest::default()
        })
        .unwrap();
    assert_eq!(zone(session(&h), "Hand"), want.hand, "the CLI's hand");
    assert_eq!(want.hand.len(), 5, "Fuzzycards: 5 cards going first");
    assert!(
        h.text_containing("seed 1234 · going first").is_some() && h.shows("Turn 0 · Mulligan"),
        "{:?}",
        h.dump()
    );
    for card in &want.hand {
        assert!(h.text_containing(card).is_some(), "{card} is shown");
    }
    // going second: 6 cards (the set-up unfolds from its folded line)
    h.click_text("Change the set-up");
    h.click_text("Going second");
    assert_eq!(session(&h).snapshot().seed, 1234, "the seed is kept");
    assert_eq!(zone(session(&h), "Hand").len(), 6);
    // another seed, then the first again: the same hand
    h.click_text("Going first");
    deal_seed(&mut h, 99);
    deal_seed(&mut h, 1234);
    assert_eq!(zone(session(&h), "Hand"), want.hand);
    // a seed that is not a number
    h.send(pm(playtest::Message::SeedTyped("x1".into())));
    h.send(pm(playtest::Message::Deal));
    assert_eq!(
        h.playtest().refusal(),
        Some("\"x1\" is not a seed (a whole number)")
    );
}

#[test]
fn mulligan_draw_and_turns_by_hand_with_the_engine_enforcing_costs() {
    let (mut h, deck) = with_deck(
        GameId::Fuzzycards,
        "resources/decks/fuzzycards-beatdown.txt",
    );
    h.send(Message::Navigate(ScreenId::Playtest));
    let (_, _, e) = engine_of(&h, deck);
    deal_seed(&mut h, 7);
    // the once-per-game mulligan: shuffle back, draw 5
    h.click_text("Mulligan");
    let mut twin = e.session(7, Seat::First);
    twin.apply(&key(fuzzycards::Action::Mulligan)).unwrap();
    assert_eq!(zone(session(&h), "Hand"), zone(&twin, "Hand"));
    assert_eq!(session(&h).snapshot(), twin.snapshot());

    // keep; the first turn's Activate phase with 1 Energy
    let keep = session(&h)
        .choices()
        .into_iter()
        .find(|c| c.action == key(fuzzycards::Action::Keep));
    if let Some(k) = keep {
        h.send(pm(playtest::Message::Act(k.action)));
    }
    let snap = session(&h).snapshot();
    assert_eq!(snap.turn, 1);
    let energy = snap
        .counters
        .iter()
        .find(|(k, _)| k == "energy")
        .map(|(_, v)| *v)
        .unwrap();
    // a card the Energy cannot pay for is refused with the rule, and nothing changes
    let dear = snap
        .zones
        .iter()
        .find(|z| z.zone == "Hand")
        .unwrap()
        .cards
        .iter()
        .find(|c| {
            c.tags
                .iter()
                .any(|t| t.strip_prefix("cost ").and_then(|n| n.parse::<i64>().ok()) > Some(energy))
        })
        .map(|c| c.copy);
    if let Some(copy) = dear {
        h.send(pm(playtest::Message::Act(key(fuzzycards::Action::Play {
            card: copy,
            target: None,
            row: None,
        }))));
        let r = h.playtest().refusal().expect("refused").to_string();
        assert!(r.starts_with("Refused: "), "{r}");
        assert_eq!(session(&h).snapshot(), snap);
        assert!(h.text_containing("Refused: ").is_some());
    }
    // every listed choice is legal: play the suggestion, then finish the turn
    let before = zone(session(&h), "Hand").len();
    h.click_text("Play the suggestion");
    assert!(h.playtest().refusal().is_none());
    h.click_text(playtest::AUTOPLAY_LABEL);
    let snap = session(&h).snapshot();
    assert_eq!(snap.turn, 2, "the policy finished turn 1");
    // turn 2's draw step drew one card
    assert!(zone(session(&h), "Hand").len() >= before - 1);
    assert!(
        h.text_containing("turn 2: draw").is_some(),
        "{:?}",
        h.dump()
    );
    // undo steps back one action at a time
    h.click_text("Undo");
    assert_ne!(session(&h).snapshot(), snap);
    // a wrong game's action
    h.send(pm(playtest::Message::Act(rz_key(
        rizontical::Action::EndTurn,
    ))));
    assert_eq!(
        h.playtest().refusal(),
        Some("Refused: that action belongs to another game (wrong game)")
    );
}

#[test]
fn rizontical_mulligan_returns_the_chosen_powers() {
    let (mut h, deck) = with_deck(
        GameId::Rizontical,
        "resources/decks/rizontical-akasha-guard.txt",
    );
    h.send(Message::Navigate(ScreenId::Playtest));
    let (_, _, e) = engine_of(&h, deck);
    deal_seed(&mut h, 21);
    rz_set_up(&mut h);
    assert!(h.playtest().return_mulligan());
    let hand = zone(session(&h), "Hand");
    assert_eq!(hand.len(), 5, "5 Powers");
    assert_eq!(
        zone(session(&h), "Fighters").len(),
        2,
        "Fighters in slots 1 and 2"
    );
    assert!(h.shows("Board"));
    h.click_id("return-0");
    h.click_id("return-2");
    h.click_id("return-2"); // chosen twice: not chosen
    h.click_id("return-3");
    assert_eq!(
        h.playtest().returns().iter().copied().collect::<Vec<_>>(),
        [0, 3]
    );
    h.click_text("Return 2 chosen Powers and draw as many");
    let mut twin = e.session(21, Seat::First);
    rz_set_up_session(&mut twin);
    twin.apply(&rz_key(rizontical::Action::Mulligan { mask: 0b1001 }))
        .unwrap();
    assert_eq!(session(&h).snapshot(), twin.snapshot());
    let now = zone(session(&h), "Hand");
    assert!(now.contains(&hand[1]) && now.contains(&hand[2]) && now.contains(&hand[4]));
    assert!(!h.playtest().return_mulligan(), "the mulligan is taken");
}

#[test]
fn goldfish_runs_report_with_charts_and_replay_by_seed() {
    let (mut h, deck) = with_deck(
        GameId::DiceOfDestiny,
        "resources/decks/dice-of-destiny-chicken-rush.txt",
    );
    h.click_text("Playtest");
    let (_, _, e) = engine_of(&h, deck);
    deal_seed(&mut h, 77);
    h.send(pm(playtest::Message::GamesTyped("3000".into())));
    h.click_text("Run");
    let RunState::Done(s) = h.playtest().run() else {
        panic!("not run: {:?}", h.playtest().run());
    };
    let want = e
        .goldfish(
            &RunConfig {
                games: 3000,
                seed: 77,
                seat: Seat::First,
                threads: None,
            },
            &Progress::none(),
        )
        .unwrap();
    assert_eq!(**s, want, "the same seed plays the same games");
    assert!(h.shows("3,000 games, seed 77"));
    let charts = h.playtest().charts().unwrap();
    let won: u32 = charts.histogram.bars.iter().map(|(_, n)| *n).sum();
    assert_eq!(u64::from(won), want.wins);
    assert_eq!(charts.resources.lines.len(), 2);
    assert_eq!(
        charts.damage.lines[0].1.len(),
        charts.damage.x.len(),
        "one point per turn"
    );
    // a number of games out of range
    h.send(pm(playtest::Message::GamesTyped("0".into())));
    h.send(pm(playtest::Message::Run));
    assert!(matches!(h.playtest().run(), RunState::Failed(e) if e.contains("from 1 to")));
}

#[test]
fn cancel_stops_a_goldfish_run() {
    let (mut h, _) = with_deck(
        GameId::Fuzzycards,
        "resources/decks/fuzzycards-beatdown.txt",
    );
    h.send(Message::Navigate(ScreenId::Playtest));
    h.send(pm(playtest::Message::GamesTyped("200000".into())));
    let task = h.app.update(pm(playtest::Message::Run));
    assert!(matches!(h.playtest().run(), RunState::Running { .. }));
    assert!(h.shows("0 of 200,000 games"));
    h.click_text("Cancel");
    h.settle(task);
    assert!(
        matches!(
            h.playtest().run(),
            RunState::Cancelled { total: 200000, .. }
        ),
        "{:?}",
        h.playtest().run()
    );
    assert!(h.text_containing("Cancelled after").is_some());
}

#[test]
fn the_quick_estimate_follows_the_saved_deck() {
    let (mut h, deck) = with_deck(
        GameId::DiceOfDestiny,
        "resources/decks/dice-of-destiny-chicken-rush.txt",
    );
    h.send(Message::Navigate(ScreenId::Playtest));
    let quick = |e: &Engine| {
        e.goldfish(
            &RunConfig {
                games: 10_000,
                seed: 1,
                seat: Seat::First,
                threads: None,
            },
            &Progress::none(),
        )
        .unwrap()
    };
    let (catalog, mut d, e) = engine_of(&h, deck);
    let Estimate::Ready(s) = h.playtest().estimate().clone() else {
        panic!("no estimate: {:?}", h.playtest().estimate());
    };
    assert_eq!(*s, quick(&e));
    assert!(
        h.text_containing("Quick estimate (10,000 games, seed 1): kill turn")
            .is_some()
    );

    // an edit saved by the deck builder: the estimate is of the new version
    d.entries
        .retain(|x| !x.name.to_lowercase().contains("chicken"));
    let name = catalog.cards[0].name.clone();
    let removed: u32 = 30 - d.main_count();
    d.entries
        .push(deckwright::model::DeckEntry::new(removed, &name));
    h.store().save_deck(deck, &d, None).unwrap();
    h.send(Message::Navigate(ScreenId::Library));
    h.send(Message::Navigate(ScreenId::Playtest));
    let e2 = Engine::new(&catalog, &d, &EngineOptions::default()).unwrap();
    let Estimate::Ready(s2) = h.playtest().estimate() else {
        panic!("no estimate");
    };
    assert_eq!(**s2, quick(&e2));
    assert_ne!(s2.kill_turn.mean, s.kill_turn.mean);
}

#[test]
fn a_deck_the_engine_cannot_play_says_why() {
    let (mut h, _) = with_deck(
        GameId::BizarreWorld,
        "resources/decks/bizarre-world-illegal-ambiguous.txt",
    );
    h.send(Message::Navigate(ScreenId::Playtest));
    assert!(h.playtest().current().unwrap().engine.is_err());
    assert!(h.shows("This deck cannot be played yet:"));
    assert!(h.playtest().session().is_none());
    assert!(matches!(h.playtest().estimate(), Estimate::Failed(_)));
}

// ---------------------------------------------------------------- odds tab

/// Issue 25 item 10: the Odds tab's seven turns stay on one line at
/// 1024×700 (the side panel was 193 pixels wide and wrapped them), in both
/// the list and the visual layout of the deck.
#[test]
fn the_odds_tables_turns_fit_one_line_at_both_sizes() {
    let (mut h, deck) = with_deck(
        GameId::Fuzzycards,
        "resources/decks/fuzzycards-beatdown.txt",
    );
    h.click_text("Decks");
    h.send(Message::Decks(decks::Message::Open(deck)));
    h.click_text("Odds");
    for layout in [editor::Layout::List, editor::Layout::Both] {
        h.send(Message::Decks(decks::Message::Editor(
            editor::Message::Layout(layout),
        )));
        for size in [(1280.0, 800.0), (1024.0, 700.0)] {
            let mut ui =
                iced_test::Simulator::with_size(iced::Settings::default(), size, h.app.view());
            let turns = ui
                .find(iced_test::selector::id(editor::ODDS_TURNS_ID))
                .ok()
                .and_then(|t| t.visible_bounds())
                .unwrap_or_else(|| panic!("no odds header at {size:?} in {layout:?}"));
            assert!(
                turns.height < 24.0,
                "the turns wrap at {size:?} in {layout:?}: {turns:?}"
            );
        }
    }
}

#[test]
fn the_odds_tab_shows_exact_odds_and_follows_every_edit() {
    let (mut h, deck) = with_deck(
        GameId::Fuzzycards,
        "resources/decks/fuzzycards-beatdown.txt",
    );
    h.click_text("Decks");
    // the deck under test, whatever the sample decks' timestamps (a new
    // database's decks can share its millisecond)
    h.send(Message::Decks(decks::Message::Open(deck)));
    assert_eq!(h.deck_editor().info().id, deck);
    h.click_text("Odds");
    let (catalog, _, e) = engine_of(&h, deck);
    let want = odds::table(&catalog, &e, Seat::First, 1).unwrap();
    let table = h.deck_editor().odds().table.clone().unwrap().unwrap();
    assert_eq!(table, want);
    assert_eq!(
        table.seen,
        [5, 5, 6, 7, 8, 9, 10],
        "no draw on turn 1 going first"
    );
    // the Ember Cub row, as the screen shows it
    let cub = table.rows.iter().find(|r| r.card == "Ember Cub").unwrap();
    assert_eq!(cub.copies, 3);
    assert!(h.shows("3x Ember Cub"));
    assert!(h.shows(&editor::odds_percent(cub.probability[0])));
    // the goldfish estimate of the deck
    let Estimate::Ready(s) = &h.deck_editor().odds().estimate else {
        panic!("no estimate: {:?}", h.deck_editor().odds().estimate);
    };
    assert_eq!(s.games, 10_000);

    // going second sees one more card at every turn
    h.click_text("Going second");
    let second = h.deck_editor().odds().table.clone().unwrap().unwrap();
    assert_eq!(second.seen, [6, 7, 8, 9, 10, 11, 12]);
    assert_eq!(second, odds::table(&catalog, &e, Seat::Second, 1).unwrap());

    // an edit: one Ember Cub less, and the odds and estimate follow
    let n = h
        .deck_editor()
        .deck()
        .entries
        .iter()
        .position(|x| x.name == "Ember Cub")
        .unwrap();
    h.send(Message::Decks(decks::Message::Editor(
        editor::Message::Minus(n),
    )));
    let after = h.deck_editor().odds().table.clone().unwrap().unwrap();
    let cub2 = after.rows.iter().find(|r| r.card == "Ember Cub").unwrap();
    assert_eq!(cub2.copies, 2);
    assert!(
        cub2.probability[3]
            < second
                .rows
                .iter()
                .find(|r| r.card == "Ember Cub")
                .unwrap()
                .probability[3]
    );
    let edited = h.deck_editor().deck().clone();
    let e2 = Engine::new(&catalog, &edited, &EngineOptions::default()).unwrap();
    let Estimate::Ready(s2) = &h.deck_editor().odds().estimate else {
        panic!("no estimate after the edit");
    };
    let want2 = e2
        .goldfish(
            &RunConfig {
                games: 10_000,
                seed: 1,
                seat: Seat::Second,
                threads: None,
            },
            &Progress::none(),
        )
        .unwrap();
    assert_eq!(
        **s2, want2,
        "the estimate is of the edited deck, going second"
    );
    assert_eq!(h.deck_editor().deck().main_count(), 29);
    // the deck builder's other tabs do not run estimates
    h.send(Message::Decks(decks::Message::Editor(
        editor::Message::Tab(Tab::Charts),
    )));
    h.send(Message::Decks(decks::Message::Editor(
        editor::Message::Plus(n),
    )));
    assert_eq!(h.deck_editor().deck().main_count(), 30);
    assert_eq!(
        h.deck_editor()
            .odds()
            .table
            .as_ref()
            .unwrap()
            .as_ref()
            .unwrap(),
        &after,
        "not recomputed while the tab is closed"
    );
    h.send(Message::Decks(decks::Message::Editor(
        editor::Message::Tab(Tab::Odds),
    )));
    let back = h.deck_editor().odds().table.clone().unwrap().unwrap();
    assert_eq!(back, second, "recomputed when the tab opens again");
}

/// The session key of a Fuzzycards action.
fn key(a: fuzzycards::Action) -> ActionKey {
    ActionKey {
        game: deckwright::model::GameId::Fuzzycards,
        action: serde_json::to_value(a).unwrap(),
    }
}

/// The session key of a Rizontical action.
fn rz_key(a: rizontical::Action) -> ActionKey {
    ActionKey {
        game: deckwright::model::GameId::Rizontical,
        action: serde_json::to_value(a).unwrap(),
    }
}

/// Issue 11: a full game by hand against the computer. The computer's moves
/// are made as soon as it is to act and are in the log; Undo takes back the
/// player's move with the computer's answers; the game ends with a winner.
#[test]
fn play_a_whole_game_against_the_computer() {
    let (mut h, _) = with_deck(
        GameId::DiceOfDestiny,
        "resources/decks/dice-of-destiny-chicken-rush.txt",
    );
    let opponent = store_opponent(
        &h,
        GameId::DiceOfDestiny,
        "dice-of-destiny-yellow-spells.txt",
    );
    h.click_text("Playtest");
    h.send(pm(playtest::Message::Deck(
        deckwright::gui::widget::Pick::some(
            h.playtest()
                .decks()
                .iter()
                .find(|d| d.name == "Under test")
                .unwrap()
                .id,
            "Under test",
        ),
    )));
    assert!(
        h.playtest().opponents().iter().any(|d| d.id == opponent),
        "a deck of the same game is offered as the opponent"
    );
    // (the set-up, folded once dealt, unfolds)
    h.send(pm(playtest::Message::ToggleSetup));
    assert!(h.shows("Opponent"), "{:?}", h.dump());
    h.send(pm(playtest::Message::Opponent(
        deckwright::gui::widget::Pick::some(opponent, "x"),
    )));
    assert_eq!(h.playtest().opponent(), Some(opponent));
    deal_seed(&mut h, 77);
    // both sides are on the table: the computer's hand is hidden, counted
    let snap = session(&h).snapshot();
    let theirs = snap
        .zones
        .iter()
        .find(|z| z.player == 1 && z.zone == "Hand")
        .expect("the computer's hand");
    assert!(theirs.hidden && theirs.count == 6, "{theirs:?}");
    // our first move, then undo it: the game is as dealt
    let before = session(&h).snapshot();
    h.send(pm(playtest::Message::PlayHint));
    assert_ne!(session(&h).snapshot(), before);
    h.send(pm(playtest::Message::Undo));
    assert_eq!(session(&h).snapshot(), before);
    // play the game out with the suggestion and the finished turn: the
    // computer answers every turn and the game ends (on the computer's
    // turn, a window of the player's is answered by the player: autoplay
    // leaves it, the suggestion plays it)
    for _ in 0..400 {
        if session(&h).outcome().is_some() {
            break;
        }
        h.send(pm(if session(&h).active() == 0 {
            playtest::Message::FinishTurn
        } else {
            playtest::Message::PlayHint
        }));
        if session(&h).outcome().is_some() {
            break; // the computer's attack ended it
        }
        assert_eq!(
            session(&h).snapshot().to_act,
            0,
            "the computer never leaves a decision to the player"
        );
    }
    let outcome = session(&h).outcome().expect("the game ended");
    assert!(outcome.winner().is_some() || matches!(outcome, Outcome::Draw { .. }));
    let log = session(&h).log();
    assert!(
        log.iter().any(|l| l.contains("Opponent: ")),
        "the computer's moves are logged: {log:?}"
    );
    session(&h).invariants().unwrap();
}

#[test]
fn a_game_in_progress_survives_switching_screens() {
    let (mut h, deck) = with_deck(
        GameId::Fuzzycards,
        "resources/decks/fuzzycards-beatdown.txt",
    );
    h.send(Message::Navigate(ScreenId::Playtest));
    deal_seed(&mut h, 7);
    h.click_text("Mulligan");
    let before = session(&h).snapshot();
    h.send(Message::Navigate(ScreenId::Library));
    h.send(Message::Navigate(ScreenId::Decks));
    h.send(Message::Navigate(ScreenId::Playtest));
    assert_eq!(session(&h).snapshot(), before, "the mulligan is kept");
    assert!(matches!(h.playtest().estimate(), Estimate::Ready(_)));

    // the deck edited elsewhere: dealt again with the same seed, and said so
    let (_, mut d, _) = engine_of(&h, deck);
    d.name = "Edited".into();
    h.store().save_deck(deck, &d, None).unwrap();
    h.send(Message::Navigate(ScreenId::Library));
    h.send(Message::Navigate(ScreenId::Playtest));
    assert_eq!(session(&h).snapshot().seed, 7);
    assert_ne!(session(&h).snapshot(), before, "a fresh deal");
    assert!(
        h.text_containing("dealt again with seed 7").is_some(),
        "{:?}",
        h.dump()
    );
}

// ---------------------------------------------------------------- the table

use deckwright::gui::screen::playtest::table::Selected;
use iced::Settings;
use iced_test::Simulator;

/// A window tall enough to hold the whole table without scrolling (the
/// simulator does not scroll): the flows click what a user scrolls to.
const TALL: (f32, f32) = (1400.0, 1700.0);

/// Clicks the widget with `id` in a tall window and applies the result.
fn tall_click_id(h: &mut Harness, id: &str) {
    let messages: Vec<Message> = {
        let mut ui = Simulator::with_size(Settings::default(), TALL, h.app.view());
        ui.click(iced_test::selector::id(id.to_string()))
            .unwrap_or_else(|e| panic!("cannot click #{id}: {e:?}\n{:?}", h.dump()));
        ui.into_messages().collect()
    };
    for m in messages {
        h.send(m);
    }
}

/// Clicks the text `label` in a tall window and applies the result.
fn tall_click_text(h: &mut Harness, label: &str) {
    let messages: Vec<Message> = {
        let mut ui = Simulator::with_size(Settings::default(), TALL, h.app.view());
        ui.click(label)
            .unwrap_or_else(|e| panic!("cannot click {label:?}: {e:?}"));
        ui.into_messages().collect()
    };
    for m in messages {
        h.send(m);
    }
}

/// Whether the tall window shows a text equal to `s`.
fn tall_shows(h: &Harness, s: &str) -> bool {
    let mut ui = Simulator::with_size(Settings::default(), TALL, h.app.view());
    ui.find(s).is_ok()
}

/// The zone `name` of player 0 holding `copy`.
fn holds(s: &Session, name: &str, copy: u16) -> bool {
    s.snapshot()
        .zones
        .iter()
        .any(|z| z.player == 0 && z.zone == name && z.cards.iter().any(|c| c.copy == copy))
}

/// The choices of the session that belong to `sel`.
fn actions_of(s: &Session, sel: Selected) -> Vec<deckwright::engine::session::Choice> {
    s.choices()
        .into_iter()
        .filter(|c| c.mover == Some(sel))
        .collect()
}

fn log_has(h: &Harness, part: &str) -> bool {
    h.playtest()
        .log_lines()
        .iter()
        .any(|(_, l)| l.contains(part))
}

#[test]
fn fuzzycards_click_a_card_in_hand_then_play_it_and_the_log_has_the_keep() {
    let (mut h, _) = with_deck(
        GameId::Fuzzycards,
        "resources/decks/fuzzycards-beatdown.txt",
    );
    h.send(Message::Navigate(ScreenId::Playtest));
    deal_seed(&mut h, 7);
    // every hand card is a card on the table, drawn from its data
    let hand: Vec<u16> = session(&h)
        .snapshot()
        .zones
        .iter()
        .find(|z| z.zone == "Hand")
        .unwrap()
        .cards
        .iter()
        .map(|c| c.copy)
        .collect();
    {
        let mut ui = Simulator::with_size(Settings::default(), TALL, h.app.view());
        for c in &hand {
            assert!(
                ui.find(iced_test::selector::id(format!("card-{c}")))
                    .is_ok()
            );
        }
    }
    assert!(tall_shows(&h, "Altar (0)") && tall_shows(&h, "Vault (0)"));
    assert!(tall_shows(&h, "Slot 3"), "the Altar and Vault have 3 slots");
    // the phase in the game's words, explained
    assert!(
        h.text_containing("Keep the opening hand, or shuffle it")
            .is_some(),
        "{:?}",
        h.dump()
    );
    // the mulligan is in the log; undone, it leaves the log; the keep is
    // in the log
    h.click_text("Mulligan");
    assert!(
        log_has(&h, "turn 0 · Mulligan: Mulligan"),
        "{:?}",
        h.playtest().log_lines()
    );
    h.click_text("Undo");
    assert!(!log_has(&h, "turn 0 · Mulligan: Mulligan"));
    h.click_text("Keep the hand");
    assert!(log_has(&h, "turn 0 · Mulligan: Keep the hand"));
    assert!(h.text_containing("Mulligan: Keep the hand").is_some());
    assert_eq!(session(&h).snapshot().phase, "Activate");

    // a card the Energy pays for: click it, its actions appear, play it
    let s = session(&h);
    let (copy, play) = s
        .snapshot()
        .zones
        .iter()
        .find(|z| z.zone == "Hand")
        .unwrap()
        .cards
        .iter()
        .find_map(|c| {
            actions_of(s, Selected::Card(c.copy))
                .into_iter()
                .find(|a| a.label.starts_with("Play "))
                .map(|a| (c.copy, a.label))
        })
        .expect("a playable card");
    assert!(
        !tall_shows(&h, &play),
        "no action before the card is selected"
    );
    tall_click_id(&mut h, &format!("card-{copy}"));
    assert_eq!(h.playtest().selected(), Some(Selected::Card(copy)));
    assert!(tall_shows(&h, &play), "the card's action is offered");
    tall_click_text(&mut h, &play);
    let s = session(&h);
    assert!(!holds(s, "Hand", copy), "it left the hand");
    assert!(
        holds(s, "Vault", copy) || holds(s, "Altar", copy) || holds(s, "Discard", copy),
        "it is in play: {:?}",
        s.snapshot().zones
    );
    assert!(log_has(&h, &format!("turn 1 · Activate: {play}")));
    // in the Vault, its card is drawn there and can be selected again
    if holds(s, "Vault", copy) {
        tall_click_id(&mut h, &format!("card-{copy}"));
        assert_eq!(h.playtest().selected(), Some(Selected::Card(copy)));
    }
    // Undo takes the play back, and its log line
    h.click_text("Undo");
    assert!(holds(session(&h), "Hand", copy));
    assert!(!log_has(&h, &format!("turn 1 · Activate: {play}")));
}

#[test]
fn dice_two_copies_are_two_cards_each_with_its_own_play() {
    let (mut h, _) = with_deck(
        GameId::DiceOfDestiny,
        "resources/decks/dice-of-destiny-chicken-rush.txt",
    );
    h.send(Message::Navigate(ScreenId::Playtest));
    deal_seed(&mut h, 7);
    let snap = session(&h).snapshot();
    let hand = &snap.zones.iter().find(|z| z.zone == "Hand").unwrap().cards;
    // a card held twice
    let (a, b) = hand
        .iter()
        .enumerate()
        .find_map(|(i, x)| {
            hand[i + 1..]
                .iter()
                .find(|y| y.name == x.name)
                .map(|y| (x.copy, y.copy))
        })
        .expect("seed 7 deals a card twice");
    assert_ne!(a, b);
    let name = hand.iter().find(|c| c.copy == a).unwrap().name.clone();
    let play = format!("Play {name}");
    // each copy is its own card: selecting one offers its own action
    tall_click_id(&mut h, &format!("card-{a}"));
    assert_eq!(h.playtest().selected(), Some(Selected::Card(a)));
    let mine = actions_of(session(&h), Selected::Card(a));
    assert_eq!(mine.len(), 1, "{mine:?}");
    assert_eq!(mine[0].action.action["card"], a);
    tall_click_id(&mut h, &format!("card-{b}"));
    assert_eq!(h.playtest().selected(), Some(Selected::Card(b)));
    assert_eq!(
        actions_of(session(&h), Selected::Card(b))[0].action.action["card"],
        b
    );
    // play the second copy: it is on the Battlefield, the first still in hand
    tall_click_text(&mut h, &play);
    let s = session(&h);
    assert!(holds(s, "Battlefield", b) && !holds(s, "Hand", b));
    assert!(holds(s, "Hand", a));
    // the other copy, then the attack: the dice are on the table
    tall_click_id(&mut h, &format!("card-{a}"));
    tall_click_text(&mut h, &play);
    assert!(holds(session(&h), "Battlefield", a));
    assert!(log_has(&h, &format!("turn 1 · Main (your turn): {play}")));
}

#[test]
fn dice_the_attack_roll_is_on_the_table() {
    let (mut h, _) = with_deck(
        GameId::DiceOfDestiny,
        "resources/decks/dice-of-destiny-chicken-rush.txt",
    );
    h.send(Message::Navigate(ScreenId::Playtest));
    deal_seed(&mut h, 7);
    // the policy plays its creatures and attacks
    for _ in 0..3 {
        h.send(pm(playtest::Message::PlayHint));
    }
    let snap = session(&h).snapshot();
    assert!(!snap.dice.is_empty(), "{snap:?}");
    assert!(tall_shows(&h, "Attack dice"));
    let hits = snap.dice.iter().filter(|d| d.hit && !d.blocked).count();
    assert!(h.text_containing(&format!("{hits} hit")).is_some());
    for d in &snap.dice {
        assert_eq!(d.hit, d.value % 2 == 0, "even rolls hit");
    }
}

/// Issue 51 item 6: the prompt says to deploy on an empty cell, but a click
/// on a cell did nothing until the Fighter deck was clicked. With nothing
/// selected, the deploy cells are lit and a click on one deploys there.
#[test]
fn rizontical_item_6_a_click_on_a_lit_cell_deploys_with_nothing_selected() {
    let mut h = rizontical_kept();
    let deploys = actions_of(session(&h), Selected::Pile("Fighter deck"));
    assert!(!deploys.is_empty(), "{:?}", session(&h).choices());
    assert_eq!(h.playtest().selected(), None);
    let on_board = session(&h).snapshot().board.len();
    let cell = deploys[0].label.rsplit(' ').next().unwrap().to_string();
    tall_click_id(&mut h, &format!("cell-{cell}"));
    assert_eq!(
        session(&h).snapshot().board.len(),
        on_board + 1,
        "deployed on {cell}"
    );
}

#[test]
fn rizontical_deploy_from_the_fighter_deck_move_on_the_board_and_use_a_power() {
    let mut h = rizontical_kept();
    assert!(
        log_has(&h, "Mulligan (player 1): Keep the Powers"),
        "{:?}",
        h.playtest().log_lines()
    );
    // deploying the top Fighter is the Fighter deck's action
    let deck = Selected::Pile("Fighter deck");
    let deploys = actions_of(session(&h), deck);
    assert!(!deploys.is_empty(), "{:?}", session(&h).choices());
    let on_board = session(&h).snapshot().board.len();
    tall_click_id(&mut h, "pile-fighter-deck");
    assert_eq!(h.playtest().selected(), Some(deck));
    // its cells light on the board: a click on one deploys there
    let cell = deploys[0].label.rsplit(' ').next().unwrap().to_string();
    tall_click_id(&mut h, &format!("cell-{cell}"));
    assert_eq!(session(&h).snapshot().board.len(), on_board + 1);
    // play on until the ally to act can move
    for _ in 0..10 {
        let s = session(&h);
        if s.choices()
            .iter()
            .any(|c| c.action.action["action"] == "move")
        {
            break;
        }
        h.send(pm(playtest::Message::PlayHint));
    }
    let snap = session(&h).snapshot();
    let ally = snap
        .board
        .iter()
        .find(|p| p.acting)
        .expect("an ally to act");
    let (copy, from) = (ally.copy, (ally.row, ally.col));
    let cell = |r: u8, c: u8| format!("cell-{}{}", (b'a' + c) as char, r + 1);
    tall_click_id(&mut h, &cell(from.0, from.1));
    assert_eq!(h.playtest().selected(), Some(Selected::Card(copy)));
    let moves: Vec<u8> = actions_of(session(&h), Selected::Card(copy))
        .iter()
        .filter(|c| c.action.action["action"] == "move")
        .map(|c| c.action.action["cell"].as_u64().unwrap() as u8)
        .collect();
    assert!(!moves.is_empty());
    assert!(
        h.text_containing("highlighted cells on the board")
            .is_some()
            || tall_shows(
                &h,
                &format!(
                    "Click one of the {} highlighted cells on the board to move there.",
                    moves.len()
                )
            )
    );
    let to = moves[0];
    tall_click_id(&mut h, &cell(to / 8, to % 8));
    let moved = session(&h)
        .snapshot()
        .board
        .into_iter()
        .find(|p| p.copy == copy)
        .unwrap();
    assert_eq!(
        (moved.row, moved.col),
        (to / 8, to % 8),
        "moved on the board"
    );
    // a Power from the hand: select it, use it
    let s = session(&h);
    let power = s
        .snapshot()
        .zones
        .iter()
        .find(|z| z.zone == "Hand")
        .unwrap()
        .cards
        .iter()
        .find_map(|c| {
            actions_of(s, Selected::Card(c.copy))
                .into_iter()
                .find(|a| a.label.starts_with("Use "))
                .map(|a| (c.copy, a.label))
        });
    if let Some((copy, label)) = power {
        tall_click_id(&mut h, &format!("card-{copy}"));
        tall_click_text(&mut h, &label);
        assert!(!holds(session(&h), "Hand", copy), "the Power was used");
    }
}

#[test]
fn the_table_fits_1024_by_700_with_the_odds_beside_it() {
    let (mut h, deck) = with_deck(
        GameId::Fuzzycards,
        "resources/decks/fuzzycards-beatdown.txt",
    );
    h.send(Message::Navigate(ScreenId::Playtest));
    deal_seed(&mut h, 7);
    h.click_text("Keep the hand");
    // the deck's odds beside the table, as the Odds tab works them out
    let (catalog, _, e) = engine_of(&h, deck);
    let want = odds::table(&catalog, &e, Seat::First, 1).unwrap();
    assert_eq!(h.playtest().odds(), Some(&Ok(want)));
    assert!(
        h.text_containing("Odds: at least one copy by each turn's draw (going first)")
            .is_some()
    );
    let mut ui = Simulator::with_size(Settings::default(), (1024.0, 700.0), h.app.view());
    for label in [
        "Play the suggestion",
        playtest::AUTOPLAY_LABEL,
        "Undo",
        "Goldfish",
    ] {
        let t = ui.find(label).unwrap_or_else(|e| panic!("{label}: {e:?}"));
        let b = t
            .visible_bounds()
            .unwrap_or_else(|| panic!("{label} is not visible"));
        assert!(
            b.x + b.width <= 1024.0 && b.y + b.height <= 700.0,
            "{label}: {b:?}"
        );
    }
}

#[test]
fn bizarre_world_keyboard_picks_a_card_and_plays_its_action() {
    use deckwright::gui::screen::Shortcut;
    let (mut h, _) = with_deck(
        GameId::BizarreWorld,
        "resources/decks/bizarre-world-crafted-rocks.txt",
    );
    h.send(Message::Navigate(ScreenId::Playtest));
    deal_seed(&mut h, 7);
    assert!(tall_shows(&h, "Neutral Resource Zone (0)") && tall_shows(&h, "Play Area (0)"));
    assert!(
        h.text_containing("Put any cards from your hand face down")
            .is_some()
    );
    // ↓ selects the first card with an action, ↓ again the next
    h.send(Message::Shortcut(Shortcut::Down));
    let Some(Selected::Card(first)) = h.playtest().selected() else {
        panic!("nothing selected: {:?}", h.playtest().selected());
    };
    h.send(Message::Shortcut(Shortcut::Down));
    let Some(Selected::Card(second)) = h.playtest().selected() else {
        panic!("nothing selected");
    };
    assert_ne!(first, second);
    // picked with the keys, its large face stays open (the pointer is
    // elsewhere); picked with the pointer, it shows only while the pointer
    // is over the card, not over the cards beside it after
    assert!(h.playtest().selected_by_key());
    h.send(pm(playtest::Message::Select(Selected::Card(first))));
    assert_eq!(h.playtest().selected(), Some(Selected::Card(first)));
    assert!(!h.playtest().selected_by_key());
    h.send(Message::Shortcut(Shortcut::Down));
    h.send(Message::Shortcut(Shortcut::Up));
    assert_eq!(h.playtest().selected(), Some(Selected::Card(first)));
    assert!(h.playtest().selected_by_key());
    // + plays its first action: sacrificed as a resource
    h.send(Message::Shortcut(Shortcut::Plus));
    assert!(holds(session(&h), "Neutral Resource Zone", first));
    assert!(log_has(&h, "turn 1 · Sacrifice: Sacrifice"));
    // Escape lets go of the selection, then cancels as before
    h.send(Message::Shortcut(Shortcut::Down));
    assert!(h.playtest().selected().is_some());
    h.send(Message::Shortcut(Shortcut::Escape));
    assert_eq!(h.playtest().selected(), None);
}

// ------------------------------------------------------ dragging on the table

use deckwright::gui::screen::playtest::drag::Drop;

/// The centre of the widget with `id` in the tall window.
fn centre_of(h: &Harness, id: &str) -> iced::Point {
    let mut ui = Simulator::with_size(Settings::default(), TALL, h.app.view());
    let t = ui
        .find(iced_test::selector::id(id.to_string()))
        .unwrap_or_else(|e| panic!("no #{id}: {e:?}\n{:?}", h.dump()));
    t.visible_bounds()
        .unwrap_or_else(|| panic!("#{id} is not visible"))
        .center()
}

/// The bounds of the widget with `id` in the tall window.
fn bounds_of(h: &Harness, id: &str) -> iced::Rectangle {
    let mut ui = Simulator::with_size(Settings::default(), TALL, h.app.view());
    ui.find(iced_test::selector::id(id.to_string()))
        .unwrap_or_else(|e| panic!("no #{id}: {e:?}"))
        .bounds()
}

/// Points at the centre of `id` in the tall window, sends `events` there,
/// and applies what the app made of them.
fn pointer_at(h: &mut Harness, id: &str, events: impl Fn(iced::Point) -> Vec<iced::Event>) {
    let at = centre_of(h, id);
    let messages: Vec<Message> = {
        let mut ui = Simulator::with_size(Settings::default(), TALL, h.app.view());
        ui.point_at(at);
        let _ = ui.simulate(events(at));
        ui.into_messages().collect()
    };
    for m in messages {
        h.send(m);
    }
}

/// Presses the pointer on `id` (the app sees the press and draws again).
fn press_on(h: &mut Harness, id: &str) {
    use iced::mouse::{Button, Event};
    pointer_at(h, id, |_| {
        vec![iced::Event::Mouse(Event::ButtonPressed(Button::Left))]
    });
}

/// Moves the pointer (button held) to `id` and lets go there.
fn release_on(h: &mut Harness, id: &str) {
    use iced::mouse::{Button, Event};
    pointer_at(h, id, |at| {
        vec![
            iced::Event::Mouse(Event::CursorMoved { position: at }),
            iced::Event::Mouse(Event::ButtonReleased(Button::Left)),
        ]
    });
}

/// Moves the pointer (button held) over `id`.
fn move_to(h: &mut Harness, id: &str) {
    use iced::mouse::Event;
    pointer_at(h, id, |at| {
        vec![iced::Event::Mouse(Event::CursorMoved { position: at })]
    });
}

/// How many texts equal to `s` the tall window shows.
fn count_texts(h: &Harness, s: &str) -> usize {
    let mut n = 0;
    let mut ui = Simulator::with_size(Settings::default(), TALL, h.app.view());
    let _ = ui.find(|c: iced_test::selector::Candidate<'_>| -> Option<()> {
        if let iced_test::selector::Candidate::Text { content, .. } = c
            && content == s
        {
            n += 1;
        }
        None
    });
    n
}

/// The id of zone `name` of `player` on the table.
fn zone_id(player: u8, name: &str) -> String {
    format!("zone-{player}-{}", name.to_lowercase().replace(' ', "-"))
}

/// The places card (or pile) `sel` can be dragged to now.
fn drops_of(h: &Harness, sel: Selected) -> Vec<(Drop, usize)> {
    let s = session(h);
    playtest::drag::drops(s, &s.snapshot(), sel)
        .into_iter()
        .map(|(d, a)| (d, a.len()))
        .collect()
}

fn hand_of(s: &Session, player: u8) -> Vec<u16> {
    s.snapshot()
        .zones
        .iter()
        .find(|z| z.player == player && z.zone == "Hand")
        .map(|z| z.cards.iter().map(|c| c.copy).collect())
        .unwrap_or_default()
}

#[test]
fn fuzzycards_drag_a_hero_from_the_hand_to_the_field() {
    let (mut h, _) = with_deck(
        GameId::Fuzzycards,
        "resources/decks/fuzzycards-beatdown.txt",
    );
    h.send(Message::Navigate(ScreenId::Playtest));
    deal_seed(&mut h, 7);
    h.click_text("Keep the hand");
    // a hand card that goes to a zone of the field when played
    let (copy, zone) = hand_of(session(&h), 0)
        .into_iter()
        .find_map(|c| {
            drops_of(&h, Selected::Card(c))
                .into_iter()
                .find_map(|(d, n)| match d {
                    Drop::Zone(0, z @ ("Vault" | "Altar")) if n == 1 => Some((c, z)),
                    _ => None,
                })
        })
        .unwrap_or_else(|| {
            let s = session(&h);
            panic!(
                "a Hero the Energy pays for: {:?} {:?}",
                hand_of(s, 0)
                    .into_iter()
                    .map(|c| (
                        c,
                        drops_of(&h, Selected::Card(c)),
                        actions_of(s, Selected::Card(c))
                    ))
                    .collect::<Vec<_>>(),
                s.snapshot().phase
            )
        });
    // pressing on it selects it and lights where it can go
    press_on(&mut h, &format!("card-{copy}"));
    assert_eq!(h.playtest().selected(), Some(Selected::Card(copy)));
    let held = h.playtest().drag().expect("the card is held");
    assert!(held.lights(Drop::Zone(0, zone)));
    assert!(!held.lights(Drop::Zone(0, "Hand")), "not where it is");
    // a release on another hand card plays nothing
    let other = hand_of(session(&h), 0)
        .into_iter()
        .find(|&c| c != copy)
        .unwrap();
    release_on(&mut h, &format!("card-{other}"));
    assert!(h.playtest().drag().is_none(), "let go: nothing held");
    assert!(holds(session(&h), "Hand", copy), "dropped back in the hand");
    // dragged onto the zone: the card follows the pointer on its way, it
    // is played there, and in the log
    let name = session(&h)
        .snapshot()
        .zones
        .iter()
        .flat_map(|z| z.cards.iter())
        .find(|c| c.copy == copy)
        .unwrap()
        .name
        .clone();
    press_on(&mut h, &format!("card-{copy}"));
    let shown = count_texts(&h, &name);
    move_to(&mut h, &zone_id(0, zone));
    assert!(h.playtest().pointer().is_some(), "the pointer is followed");
    assert_eq!(
        count_texts(&h, &name),
        shown + 1,
        "the held card is drawn under the pointer"
    );
    release_on(&mut h, &zone_id(0, zone));
    assert!(h.playtest().pointer().is_none());
    assert!(h.playtest().drag().is_none());
    assert!(
        holds(session(&h), zone, copy),
        "{:?}",
        session(&h).snapshot()
    );
    assert!(
        log_has(&h, "turn 1 · Activate: Play "),
        "{:?}",
        h.playtest().log_lines()
    );
    // a press and release on the same card is a click: a second one unselects
    press_on(&mut h, &format!("card-{copy}"));
    release_on(&mut h, &format!("card-{copy}"));
    assert_eq!(h.playtest().selected(), Some(Selected::Card(copy)));
    tall_click_id(&mut h, &format!("card-{copy}"));
    assert_eq!(h.playtest().selected(), None);
}

#[test]
fn fuzzycards_an_equip_relic_is_dragged_onto_its_hero_and_lies_on_it() {
    let (mut h, _) = with_deck(
        GameId::Fuzzycards,
        "resources/decks/fuzzycards-beatdown.txt",
    );
    h.send(Message::Navigate(ScreenId::Playtest));
    // play the suggested moves until a Fuzzy Gauntlets in hand can go onto
    // a Hero on the field
    let mut found = None;
    'seeds: for seed in 1..40 {
        deal_seed(&mut h, seed);
        for _ in 0..60 {
            let s = session(&h);
            if s.outcome().is_some() {
                break;
            }
            let snap = s.snapshot();
            let hand = snap
                .zones
                .iter()
                .find(|z| z.player == 0 && z.zone == "Hand");
            for c in hand.map(|z| z.cards.clone()).unwrap_or_default() {
                if c.name != "Fuzzy Gauntlets" {
                    continue;
                }
                if let Some((Drop::Card(hero), _)) = drops_of(&h, Selected::Card(c.copy))
                    .into_iter()
                    .find(|(d, n)| matches!(d, Drop::Card(_)) && *n == 1)
                {
                    found = Some((c.copy, hero));
                    break 'seeds;
                }
            }
            h.send(pm(playtest::Message::PlayHint));
        }
    }
    let (relic, hero) = found.expect("a game where the Gauntlets can be equipped");
    press_on(&mut h, &format!("card-{relic}"));
    assert!(h.playtest().drag().unwrap().lights(Drop::Card(hero)));
    release_on(&mut h, &format!("card-{hero}"));
    let snap = session(&h).snapshot();
    let on = snap
        .zones
        .iter()
        .flat_map(|z| z.cards.iter())
        .find(|c| c.copy == relic)
        .expect("the relic is on the table");
    assert_eq!(
        on.attached_to,
        Some(hero),
        "equipped to the Hero it was dropped on"
    );
    // drawn on its Hero: its strip sits right above the Hero's card
    let strip = bounds_of(&h, &format!("card-{relic}"));
    let host = bounds_of(&h, &format!("card-{hero}"));
    assert!(
        strip.y < host.y && host.y - (strip.y + strip.height) < 4.0,
        "the strip {strip:?} lies on the Hero {host:?}"
    );
    assert!(
        strip.height < host.height / 2.0,
        "a strip, not a second card"
    );
    assert!(tall_shows(&h, "on their Heroes"));
}

#[test]
fn dice_a_creature_that_is_summoning_sick_lies_sideways() {
    let (mut h, _) = with_deck(
        GameId::DiceOfDestiny,
        "resources/decks/dice-of-destiny-chicken-rush.txt",
    );
    h.send(Message::Navigate(ScreenId::Playtest));
    deal_seed(&mut h, 7);
    let a = hand_of(session(&h), 0)[0];
    // the hand's cards share its width evenly: the last one is not squeezed
    let widths: Vec<f32> = hand_of(session(&h), 0)
        .iter()
        .map(|c| bounds_of(&h, &format!("card-{c}")).width)
        .collect();
    assert!(
        widths.iter().all(|w| (w - widths[0]).abs() < 0.5),
        "{widths:?}"
    );
    // an empty battlefield is a card-sized place to drop on
    let field = bounds_of(&h, &zone_id(0, "Battlefield"));
    assert!(field.height > 60.0, "{field:?}");
    // dragged onto the battlefield
    let drops = drops_of(&h, Selected::Card(a));
    assert!(
        drops.contains(&(Drop::Zone(0, "Battlefield"), 1)),
        "{drops:?}"
    );
    press_on(&mut h, &format!("card-{a}"));
    release_on(&mut h, &zone_id(0, "Battlefield"));
    assert!(holds(session(&h), "Battlefield", a));
    let snap = session(&h).snapshot();
    let view = snap
        .zones
        .iter()
        .flat_map(|z| z.cards.iter())
        .find(|c| c.copy == a)
        .unwrap();
    let upright = hand_of(session(&h), 0)[0];
    let (lying, standing) = (
        bounds_of(&h, &format!("card-{a}")),
        bounds_of(&h, &format!("card-{upright}")),
    );
    // seed 7's first card has no Haste: it came in summoning sick
    assert!(view.sideways, "{view:?}");
    assert!(view.tags.iter().any(|t| t == "summoning sick"));
    assert!(
        lying.width > lying.height,
        "sideways: wider than tall {lying:?}"
    );
    assert!(
        standing.width < standing.height,
        "a hand card stands {standing:?}"
    );
}

#[test]
fn bizarre_world_drag_a_card_to_the_neutral_resource_zone() {
    let (mut h, _) = with_deck(
        GameId::BizarreWorld,
        "resources/decks/bizarre-world-crafted-rocks.txt",
    );
    h.send(Message::Navigate(ScreenId::Playtest));
    deal_seed(&mut h, 7);
    let a = hand_of(session(&h), 0)[0];
    press_on(&mut h, &format!("card-{a}"));
    assert!(
        h.playtest()
            .drag()
            .unwrap()
            .lights(Drop::Zone(0, "Neutral Resource Zone"))
    );
    release_on(&mut h, &zone_id(0, "Neutral Resource Zone"));
    assert!(holds(session(&h), "Neutral Resource Zone", a));
    assert!(log_has(&h, "turn 1 · Sacrifice: Sacrifice"));
}

#[test]
fn rizontical_drag_the_top_fighter_onto_a_cell_of_the_board() {
    let mut h = rizontical_kept();
    let deck = Selected::Pile("Fighter deck");
    let cells: Vec<(u8, usize)> = drops_of(&h, deck)
        .into_iter()
        .filter_map(|(d, n)| match d {
            Drop::Cell(c) => Some((c, n)),
            _ => None,
        })
        .collect();
    assert!(!cells.is_empty(), "the Fighter can be dropped on the board");
    let on_board = session(&h).snapshot().board.len();
    let cell_id = |c: u8| format!("cell-{}{}", (b'a' + c % 8) as char, c / 8 + 1);
    let (cell, ways) = cells[0];
    press_on(&mut h, "pile-fighter-deck");
    assert!(h.playtest().drag().unwrap().lights(Drop::Cell(cell)));
    release_on(&mut h, &cell_id(cell));
    if ways > 1 {
        // several deploys put it there (its timeline slot): the panel
        // offers only those
        let (at, only) = h.playtest().narrowed().expect("narrowed to the drop");
        assert_eq!((*at, only.len()), (Drop::Cell(cell), ways));
        assert!(
            h.text_containing(&format!("It can go there {ways} ways"))
                .is_some()
        );
        let label = session(&h)
            .choices()
            .into_iter()
            .find(|c| c.action == only[0])
            .unwrap()
            .label;
        tall_click_text(&mut h, &label);
    }
    let snap = session(&h).snapshot();
    assert_eq!(snap.board.len(), on_board + 1);
    assert!(
        snap.board
            .iter()
            .any(|p| p.ally && p.row * 8 + p.col == cell),
        "deployed where it was let go: {:?}",
        snap.board
    );
}

#[test]
fn rizontical_the_computers_set_triggers_are_face_down() {
    let (mut h, _) = with_deck(
        GameId::Rizontical,
        "resources/decks/rizontical-akasha-guard.txt",
    );
    let opponent = store_opponent(&h, GameId::Rizontical, "rizontical-ember-push.txt");
    h.click_text("Playtest");
    h.send(pm(playtest::Message::Opponent(
        deckwright::gui::widget::Pick::some(opponent, "x"),
    )));
    // play on until the computer has set a Power
    let mut set = None;
    'seeds: for seed in 1..20 {
        deal_seed(&mut h, seed);
        for _ in 0..40 {
            let snap = session(&h).snapshot();
            if let Some(c) = snap
                .zones
                .iter()
                .filter(|z| z.player == 1 && z.zone == "Power slots")
                .flat_map(|z| z.cards.iter())
                .find(|c| c.tags.iter().any(|t| t == "set"))
            {
                set = Some(c.clone());
                break 'seeds;
            }
            if session(&h).outcome().is_some() {
                break;
            }
            h.send(pm(playtest::Message::FinishTurn));
        }
    }
    let c = set.expect("the computer sets a Trigger Power");
    assert!(c.face_down, "{c:?}");
    assert_eq!(c.name, "Face-down Power");
    assert_eq!(c.tags, vec!["set".to_string()], "no cost, no name");
    assert!(tall_shows(&h, "Face-down Power"));
    let log = session(&h).log();
    assert!(
        log.iter()
            .any(|l| l.contains("Opponent: set a Power face down")),
        "{log:?}"
    );
    assert!(
        log.iter().all(|l| !l.starts_with("turn ")),
        "Rizontical counts rounds: {log:?}"
    );
}

/// RZ 14 (rules-notes, added 2026-11-26): in Play against the computer the
/// player makes the player's choices. Its setup Fighters go where it puts
/// them (every empty cell of its Deploy Zone is offered); in play a push is
/// offered by each distance up to PSH; and a choice that comes in the middle
/// of the computer's action (Zill's TRIGGER when it is hit, Deploy Upon
/// Defeat) waits for the player's answer, in the phase bar.
#[test]
fn rizontical_the_player_is_offered_its_choices_against_the_computer() {
    let (mut h, _) = with_deck(
        GameId::Rizontical,
        "resources/decks/rizontical-akasha-guard.txt",
    );
    let opponent = store_opponent(&h, GameId::Rizontical, "rizontical-ember-push.txt");
    h.click_text("Playtest");
    h.send(pm(playtest::Message::Opponent(
        deckwright::gui::widget::Pick::some(opponent, "x"),
    )));
    let mut pushes = false;
    let mut asked: Vec<String> = Vec::new();
    for seed in 1..40 {
        deal_seed(&mut h, seed);
        if seed == 1 {
            // the setup: slot 1's Fighter, on a cell the player picks
            let deploys: Vec<String> = session(&h).choices().into_iter().map(|c| c.label).collect();
            assert_eq!(deploys.len(), 16, "{deploys:?}");
            assert!(
                deploys
                    .iter()
                    .all(|l| l.starts_with("Deploy the top Fighter to slot 1 at "))
            );
            tall_click_id(&mut h, "pile-fighter-deck");
            tall_click_id(&mut h, "cell-a1");
            let snap = session(&h).snapshot();
            assert!(
                snap.board
                    .iter()
                    .any(|p| p.ally && p.row == 0 && p.col == 0),
                "{:?}",
                snap.board
            );
        }
        for _ in 0..300 {
            if session(&h).outcome().is_some() {
                break;
            }
            let choices = session(&h).choices();
            assert!(!choices.is_empty(), "the player is to act");
            if let Some(c) = choices
                .iter()
                .find(|c| c.action.action["action"] == "choose")
            {
                let snap = session(&h).snapshot();
                assert!(snap.phase.starts_with("Choice"), "{}", snap.phase);
                assert_eq!(snap.to_act, 0);
                assert!(
                    choices.len() >= 2
                        && choices
                            .iter()
                            .all(|c| c.action.action["action"] == "choose"),
                    "{choices:?}"
                );
                tall_click_text(&mut h, &c.label.clone());
                asked.push(c.label.clone());
            }
            let pushes_here: Vec<&str> = choices
                .iter()
                .filter(|c| c.action.action["action"] == "push")
                .map(|c| c.label.as_str())
                .collect();
            if pushes_here.iter().any(|l| l.ends_with("(1 cell)"))
                && pushes_here.iter().any(|l| l.ends_with("(2 cells)"))
            {
                pushes = true;
            }
            if !asked.is_empty() && pushes {
                break;
            }
            h.send(pm(playtest::Message::PlayHint));
        }
        if !asked.is_empty() && pushes {
            break;
        }
    }
    assert!(pushes, "a push is offered by 1 cell and by 2");
    assert!(
        !asked.is_empty(),
        "the player is asked during the computer's turn"
    );
    session(&h).invariants().unwrap();
}

// ------------------------------------------------- the game survives a restart

/// The app started again on the same database (as after closing it, or a
/// crash: the game is stored after every decision).
fn restart(h: Harness) -> Harness {
    let (app, task) = deckwright::gui::app::App::new(h.db_path());
    let dir = h.dir;
    let mut again = Harness { app, dir };
    again.settle(task);
    again.send(Message::Navigate(ScreenId::Playtest));
    again
}

#[test]
fn a_game_in_progress_survives_a_restart() {
    let (mut h, deck) = with_deck(
        GameId::Fuzzycards,
        "resources/decks/fuzzycards-beatdown.txt",
    );
    h.send(Message::Navigate(ScreenId::Playtest));
    h.send(pm(playtest::Message::Seat(Seat::Second)));
    deal_seed(&mut h, 7);
    h.click_text("Keep the hand");
    for _ in 0..3 {
        h.send(pm(playtest::Message::PlayHint));
    }
    h.send(pm(playtest::Message::FinishTurn));
    h.send(pm(playtest::Message::PlayHint));
    let before = session(&h).snapshot();
    let log = h.playtest().log_lines();
    let moves = session(&h).moves();
    assert!(moves.len() >= 5, "{moves:?}");
    // the game's deck, seat and seed come back with it
    let h = restart(h);
    assert_eq!(h.playtest().current().unwrap().info.id, deck);
    assert_eq!(h.playtest().seat(), Seat::Second);
    assert_eq!(session(&h).snapshot(), before, "the table as it was");
    assert_eq!(h.playtest().log_lines(), log, "the log with every decision");
    assert_eq!(session(&h).moves(), moves);
    assert!(h.text_containing("seed 7 ").is_some(), "the seed is shown");
    // Undo takes back the last move played before the restart
    let mut h = h;
    h.click_text("Undo");
    assert_eq!(session(&h).moves(), moves[..moves.len() - 1].to_vec());
    // and that is kept too
    let h = restart(h);
    assert_eq!(session(&h).moves().len(), moves.len() - 1);
}

#[test]
fn a_game_against_the_computer_survives_a_restart() {
    let (mut h, opponent) = dice_against_the_computer(77);
    for _ in 0..4 {
        h.send(pm(playtest::Message::FinishTurn));
    }
    let before = session(&h).snapshot();
    assert!(
        session(&h).log().iter().any(|l| l.contains("Opponent: ")),
        "the computer played"
    );
    let h = restart(h);
    assert_eq!(h.playtest().opponent(), Some(opponent));
    assert_eq!(
        session(&h).snapshot(),
        before,
        "the computer's answers play again the same"
    );
}

#[test]
fn a_stored_game_the_deck_no_longer_allows_is_dealt_again_with_its_seed() {
    use deckwright::gui::screen::playtest::saved;
    let (h, deck) = with_deck(
        GameId::Fuzzycards,
        "resources/decks/fuzzycards-beatdown.txt",
    );
    {
        let mut s = h.store();
        saved::save(
            &mut s,
            &saved::SavedGame {
                deck,
                seed: 99,
                seat: Seat::First,
                opponent: None,
                level: deckwright::engine::game::Level::Quick,
                // keep, then a card the deck does not have
                moves: vec![
                    key(fuzzycards::Action::Keep),
                    key(fuzzycards::Action::Discard { card: 999 }),
                ],
                steps: Vec::new(),
            },
        )
        .unwrap();
    }
    let h = restart(h);
    let s = session(&h);
    assert_eq!(s.seed(), 99, "the same seed");
    assert!(s.moves().is_empty(), "dealt again");
    let b = h.banner_texts();
    assert!(
        b.iter()
            .any(|t| t.contains("could not be played again (move 2")
                && t.contains("dealt again with seed 99")),
        "{b:?}"
    );
}

/// Against the computer, its answer is worked out off the UI thread: the
/// player's move is on the table at once, nothing is offered until the
/// answer comes, and Undo meanwhile takes the move back and drops the
/// answer.
#[test]
fn the_computer_answers_off_the_ui_thread() {
    let (mut h, _) = dice_against_the_computer(77);
    let before = session(&h).snapshot();
    // the player's whole turn, without running the answer's task yet
    let pending = h.app.update(pm(playtest::Message::FinishTurn));
    assert!(h.playtest().thinking(), "the computer is to answer");
    assert!(
        session(&h).choices().is_empty(),
        "nothing is offered meanwhile"
    );
    assert!(h.text_containing("The computer is thinking").is_some());
    let mid = session(&h).snapshot();
    assert_ne!(mid, before, "the move is on the table");
    // a click meanwhile is refused without a word
    h.send(pm(playtest::Message::PlayHint));
    assert!(h.playtest().thinking());
    // the answer comes: the player is to act again
    h.settle(pending);
    assert!(!h.playtest().thinking());
    let s = session(&h);
    assert!(s.outcome().is_some() || s.snapshot().to_act == 0);
    assert!(!s.to_answer());
    let answered = s.snapshot();
    assert_ne!(answered, mid, "the computer's answer is on the table");
    // Undo while the computer thinks: the move is taken back, the answer
    // dropped when it comes
    h.send(pm(playtest::Message::Undo));
    let pending = h.app.update(pm(playtest::Message::FinishTurn));
    assert!(h.playtest().thinking());
    h.send(pm(playtest::Message::Undo));
    assert!(!h.playtest().thinking());
    let undone = session(&h).snapshot();
    h.settle(pending);
    assert_eq!(session(&h).snapshot(), undone, "the late answer is dropped");
    assert_ne!(undone, answered);
}

/// "Set up a position…" opens a scenario file on the table, both seats
/// played by hand; a move is clicked by its label; "Save position…" writes
/// the table as a scenario file the CLI reads back to the same state.
#[test]
fn a_position_opened_from_a_file_is_played_and_saved() {
    use deckwright::engine::core::Viewer;
    let mut h = Harness::new();
    h.send(Message::Navigate(ScreenId::Playtest));
    let pm = |m| Message::Playtest(m);
    let file = repo("tests/scenarios/fuzzycards/combat-example.toml");
    h.send(pm(playtest::Message::OpenPosition(file.clone())));
    assert!(h.playtest().position().is_some(), "{:?}", h.dump());
    assert!(
        h.shows("Position from combat-example.toml"),
        "{:?}",
        h.dump()
    );
    // the attack is offered beside its card: select Clarity Judge (seat
    // a's first listed card, copy 0); its panel lists the attack
    h.send(pm(playtest::Message::Select(
        playtest::table::Selected::Card(0),
    )));
    assert!(h.shows("Attack Prophecy Seer with Clarity Judge (7 damage)"));
    let attack = h
        .playtest()
        .session()
        .unwrap()
        .choices()
        .into_iter()
        .find(|c| c.label == "Attack Prophecy Seer with Clarity Judge (7 damage)")
        .unwrap();
    h.send(pm(playtest::Message::Act(attack.action)));
    let view = h.playtest().session().unwrap().view(Viewer::All);
    assert_eq!(view["seats"]["b"]["life"], 31, "2 Pierce");
    assert_eq!(view["seats"]["b"]["zones"]["discard"][0], "Prophecy Seer");
    // saved beside the original: the catalog stays relative
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("cards.toml");
    std::fs::copy(repo("tests/scenarios/fuzzycards/cards.toml"), &copy).unwrap();
    let out = dir.path().join("after-the-attack.toml");
    h.send(pm(playtest::Message::SavePosition(out.clone())));
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains("phase = \"validate\""), "{text}");
    let sc = deckwright::scenario::load(&out).unwrap();
    let cat = deckwright::catalog::load(&sc.catalog).unwrap().catalog;
    let again = deckwright::scenario::session(&sc, &cat).unwrap();
    let reread = again.view(Viewer::All);
    assert_eq!(reread["seats"], view["seats"], "{text}");
    assert_eq!(reread["phase"], view["phase"]);
    assert_eq!(reread["turn"], view["turn"]);
    // a bad file is a message, not a panic
    let bad = dir.path().join("bad.toml");
    std::fs::write(
        &bad,
        "game = \"fuzzycards\"\ncatalog = \"cards.toml\"\n[seat.a]\nhand = [\"Nope\"]\n",
    )
    .unwrap();
    h.send(pm(playtest::Message::OpenPosition(bad)));
    assert!(
        h.text_containing("bad.toml:4: \"Nope\" is not in the catalog")
            .is_some(),
        "{:?}",
        h.dump()
    );
    // closing the position leaves the table
    h.click_text("Close the position");
    assert!(h.playtest().position().is_none());
}

/// A game of a deck saved as a position: the stored catalog by name, every
/// card of both seats where it lies; the CLI plays the saved file.
#[test]
fn a_dealt_game_is_saved_as_a_position_the_cli_reads() {
    let mut h = Harness::with(|s| {
        let catalog = catalog_of(s, GameId::Fuzzycards);
        let mut deck =
            deckwright::decklist::load(&repo("resources/decks/fuzzycards-beatdown.txt")).unwrap();
        deck.name = "Beatdown".into();
        s.create_deck(catalog, &deck).unwrap();
    });
    h.send(Message::Navigate(ScreenId::Playtest));
    let pm = |m| Message::Playtest(m);
    h.send(pm(playtest::Message::SeedTyped("7".into())));
    h.send(pm(playtest::Message::Deal));
    h.click_text("Keep the hand");
    let text = h.playtest().position_text().expect("a game on the table");
    assert!(text.contains("game = \"fuzzycards\""), "{text}");
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("p.toml");
    std::fs::write(&f, &text).unwrap();
    let o = crate::support::run_on(
        &h.db_path(),
        &["scenario", "run", f.to_str().unwrap(), "--json"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", crate::support::stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let hand = v["states"][0]["seats"]["a"]["zones"]["hand"]
        .as_array()
        .unwrap();
    assert_eq!(hand.len(), 5, "{text}");
}

/// Issue 29, rules-notes BW 12 and DD 9: the choices the rulebook gives a
/// player are offered to the human seat on the table. Bizarre World: which
/// sources the attacker's ⚔ kills (the suggested distribution first, then
/// each source by its card) and which resources pay (a play "choosing what
/// pays"); Dice of Destiny: the defender's answer before the attack dice
/// are rolled.
#[test]
fn the_rulebooks_choices_are_offered_to_the_human_seat() {
    use deckwright::engine::core::Viewer;
    let mut h = Harness::new();
    h.send(Message::Navigate(ScreenId::Playtest));
    let choice = |h: &Harness, label: &str| {
        h.playtest()
            .session()
            .unwrap()
            .choices()
            .into_iter()
            .find(|c| c.label == label)
            .unwrap_or_else(|| panic!("no move {label:?}"))
    };
    let card_of = |c: &deckwright::engine::session::Choice| {
        c.action.action["card"].as_u64().map(|n| n as u16).unwrap()
    };
    // the distribution: seat b lets the battle be fought, seat a chooses
    let file = repo("tests/scenarios/bizarre-world/bw-12-the-attacker-chooses-whom-to-kill.toml");
    h.send(pm(playtest::Message::OpenPosition(file)));
    assert!(h.playtest().position().is_some(), "{:?}", h.dump());
    let fight = choice(&h, "Let the battle be fought");
    h.send(pm(playtest::Message::Act(fight.action)));
    assert!(
        h.shows("Distribute as suggested: kill Boring Gift of Minimum Wage"),
        "{:?}",
        h.dump()
    );
    let kill = choice(&h, "Kill Boring Rock of Minimum Wage (2 ⚔)");
    h.send(pm(playtest::Message::Select(
        playtest::table::Selected::Card(card_of(&kill)),
    )));
    assert!(
        h.shows("Kill Boring Rock of Minimum Wage (2 ⚔)"),
        "{:?}",
        h.dump()
    );
    h.send(pm(playtest::Message::Act(kill.action)));
    let view = h.playtest().session().unwrap().view(Viewer::All);
    assert_eq!(
        view["seats"]["b"]["zones"]["discard"][0],
        "Boring Rock of Minimum Wage"
    );
    // the payment: the Rock in hand is offered paid either way
    let file = repo("tests/scenarios/bizarre-world/bw-12-the-player-chooses-what-pays.toml");
    h.send(pm(playtest::Message::OpenPosition(file)));
    let pay = choice(
        &h,
        "Play Boring Rock of Minimum Wage, choosing what pays (cost 1)",
    );
    h.send(pm(playtest::Message::Select(
        playtest::table::Selected::Card(card_of(&pay)),
    )));
    assert!(
        h.shows("Play Boring Rock of Minimum Wage (cost 1)"),
        "{:?}",
        h.dump()
    );
    assert!(
        h.shows("Play Boring Rock of Minimum Wage, choosing what pays (cost 1)"),
        "{:?}",
        h.dump()
    );
    h.send(pm(playtest::Message::Act(pay.action)));
    assert!(h.shows("Pay the rest the suggested way"), "{:?}", h.dump());
    // Dice of Destiny: the defender answers the declared attack
    let file = repo("tests/scenarios/dice-of-destiny/dd-9-a-spell-before-the-attack-roll.toml");
    h.send(pm(playtest::Message::OpenPosition(file)));
    let attack = choice(&h, "Attack with every ready creature");
    h.send(pm(playtest::Message::Act(attack.action)));
    assert!(h.shows("Let the dice be rolled"), "{:?}", h.dump());
    choice(&h, "Play Rubber Duck Curse on Furious Chicken");
}

/// "End turn" and the goldfish's "Autoplay rest of turn" sit side by side:
/// each is labelled for what it does and carries a tip saying so (issue 25
/// item 8). (iced_test 0.14 cannot read a tooltip's text: its overlay
/// takes no widget operations, so the tips are checked as the buttons get
/// them.)
#[test]
fn the_two_ways_out_of_a_turn_say_what_they_do() {
    let (mut h, _) = with_deck(
        GameId::Fuzzycards,
        "resources/decks/fuzzycards-beatdown.txt",
    );
    h.send(Message::Navigate(ScreenId::Playtest));
    deal_seed(&mut h, 7);
    h.click_text("Keep the hand");
    // Fuzzycards' phases step on to the one that ends the turn
    for step in ["To Settle", "To Validate", "To Exodus"] {
        if h.shows(step) {
            h.click_text(step);
        }
    }
    assert!(h.shows("End turn"), "{:?}", h.dump());
    assert!(h.shows(playtest::AUTOPLAY_LABEL));
    assert!(!h.shows("Finish the turn"));
    assert!(playtest::AUTOPLAY_TIP.contains("goldfish policy plays the rest of your turn"));
    for end in ["End turn", "End your turn"] {
        let tip = playtest::table::turn_tip(end).unwrap_or_else(|| panic!("no tip for {end}"));
        assert!(
            tip.starts_with("Ends your turn now: nothing more is played"),
            "{tip}"
        );
    }
    assert_eq!(playtest::table::turn_tip("To Settle"), None);
}
