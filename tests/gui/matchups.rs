//! The Matchups screen (issue 11): `iced_test` flows that tick saved decks,
//! run a round robin off the UI thread and read the win-rate matrix — whose
//! numbers must be the engine's own for the same seed — cancel a run, and
//! refuse games without a two-player engine; and the engine hooks it relies on
//! (a cancel seen between games, deck B's seat split kept out of the JSON).

use crate::harness::{Harness, catalog_of};
use crate::support::repo;
use deckwright::engine::game::{FIXED_THINK, Level};
use deckwright::engine::matchup::{MatchConfig, MatchReport, Seats};
use deckwright::engine::run::Progress;
use deckwright::engine::session::{DeckSide, Engine, EngineOptions};
use deckwright::gui::Message;
use deckwright::gui::app::Screen;
use deckwright::gui::prefs::ScreenId;
use deckwright::gui::screen::matchups::{self, Matchups, RunState, deck_box_id};
use deckwright::gui::widget::Pick;
use deckwright::model::GameId;
use deckwright::store::{DeckId, Store};

fn mu(h: &Harness) -> &Matchups {
    match h.app.shell().unwrap().screen() {
        Screen::Matchups(m) => m,
        other => panic!("not on the Matchups screen: {:?}", other.id()),
    }
}

fn mm(m: matchups::Message) -> Message {
    Message::Matchups(m)
}

/// Stores the sample deck `file` of `game` as `name`.
fn store_deck(s: &mut Store, game: GameId, file: &str, name: &str) -> DeckId {
    let catalog = catalog_of(s, game);
    let mut deck = deckwright::decklist::load(&repo(file)).unwrap();
    deck.name = name.into();
    s.create_deck(catalog, &deck).unwrap()
}

/// The app with two Dice of Destiny decks and one Fuzzycards deck saved,
/// on the Matchups screen.
fn app() -> (Harness, [DeckId; 3]) {
    let mut ids = None;
    let mut h = Harness::with(|s| {
        // the sample decks of a new database out of the way: the lists
        // below are the test's own decks
        for d in s.decks(None).unwrap() {
            s.delete_deck(d.id).unwrap();
        }
        let chicken = store_deck(
            s,
            GameId::DiceOfDestiny,
            "resources/decks/dice-of-destiny-chicken-rush.txt",
            "Chicken Rush",
        );
        let spells = store_deck(
            s,
            GameId::DiceOfDestiny,
            "resources/decks/dice-of-destiny-yellow-spells.txt",
            "Yellow Spells",
        );
        let fuzzy = store_deck(
            s,
            GameId::Fuzzycards,
            "resources/decks/fuzzycards-beatdown.txt",
            "Beatdown",
        );
        ids = Some([chicken, spells, fuzzy]);
    });
    h.click_text("Matchups");
    (h, ids.unwrap())
}

fn pick_game(h: &mut Harness, game: GameId) {
    let name = deckwright::games::game(game).def().name.clone();
    h.send(mm(matchups::Message::Game(Pick::some(game, name))));
    assert_eq!(mu(h).game(), Some(game));
}

/// What the engine itself reports for deck `a` against deck `b`.
fn engine_report(h: &Harness, a: DeckId, b: DeckId, cfg: &MatchConfig) -> MatchReport {
    let s = h.store();
    let load = |id| {
        let info = s.deck_info(id).unwrap();
        let catalog = s.load_catalog(info.catalog_id).unwrap();
        let deck = s.load_deck(id).unwrap();
        let cards = deckwright::engine::compile(&catalog, &deck).unwrap();
        (catalog, cards)
    };
    let ((ca, da), (cb, db)) = (load(a), load(b));
    let engine = Engine::versus(
        DeckSide {
            catalog: &ca,
            cards: &da,
        },
        Some(DeckSide {
            catalog: &cb,
            cards: &db,
        }),
        &EngineOptions::default(),
    )
    .unwrap();
    engine.play_match(cfg, &Progress::none()).unwrap()
}

#[test]
fn a_round_robin_shows_the_engines_numbers() {
    let (mut h, [chicken, spells, _]) = app();
    // a game with an engine is chosen from the start
    assert!(mu(&h).playable());
    pick_game(&mut h, GameId::DiceOfDestiny);
    let listed: Vec<DeckId> = mu(&h).game_decks().iter().map(|d| d.id).collect();
    assert_eq!(
        listed,
        [chicken, spells],
        "only the game's decks are listed"
    );
    assert!(!h.shows("Beatdown"), "another game's deck is not offered");
    // one deck is not a matchup
    h.click_id(&deck_box_id(chicken));
    h.send(mm(matchups::Message::Run));
    assert!(matches!(mu(&h).run(), RunState::Failed(e) if e.contains("two decks")));
    h.click_id(&deck_box_id(spells));
    assert_eq!(mu(&h).chosen().len(), 2);
    h.send(mm(matchups::Message::GamesTyped(String::new())));
    h.type_into(matchups::GAMES_ID, "120");
    h.send(mm(matchups::Message::SeedTyped(String::new())));
    h.type_into(matchups::SEED_ID, "4242");
    assert_eq!(mu(&h).games(), Ok(120));
    assert_eq!(mu(&h).seed(), Ok(4242));
    h.click_text("Quick");
    assert!(h.shows("Strong"), "Dice of Destiny has a strong level");
    h.click_text("Run");
    let RunState::Done(m) = mu(&h).run() else {
        panic!("no result: {:?}", mu(&h).run());
    };
    let cfg = MatchConfig {
        games: 120,
        seed: 4242,
        levels: [Level::Quick; 2],
        think: [FIXED_THINK; 2],
        seats: Seats::Alternate,
        threads: Some(1),
    };
    let want = engine_report(&h, chicken, spells, &cfg);
    assert_eq!(m.reports.len(), 1);
    assert_eq!(m.reports[0].0, (0, 1));
    assert_eq!(m.reports[0].1, want, "the app's run is the engine's");
    let (ab, ba) = (
        m.cells[0][1].as_ref().unwrap(),
        m.cells[1][0].as_ref().unwrap(),
    );
    assert_eq!(
        (ab.games, ab.wins, ab.losses),
        (120, want.a.wins, want.b.wins)
    );
    assert_eq!((ba.wins, ba.losses), (want.b.wins, want.a.wins));
    assert_eq!(ab.draws, want.draws);
    assert_eq!(ab.win_rate, want.a.win_rate);
    assert_eq!(ab.ci95, want.a.ci95);
    // the split: the row deck's seats, and the other deck's the mirror
    let (c, s) = (&m.decks[0], &m.decks[1]);
    assert_eq!(c.first, want.a.first);
    assert_eq!(c.second, want.a.second);
    assert_eq!(s.first.games, want.a.second.games);
    assert_eq!(s.first.wins + s.second.wins, want.b.wins);
    assert_eq!(s.first.games + s.second.games, 120);
    // shown on screen: the cell's numbers and the split
    let pct = |x: f64| format!("{:.1}%", x * 100.0);
    assert!(h.shows(&pct(want.a.win_rate)), "{:?}", h.dump());
    assert!(h.shows(&format!("{}–{}", pct(want.a.ci95[0]), pct(want.a.ci95[1]))));
    assert!(h.shows(&format!("{}–{}–{}", want.a.wins, want.b.wins, want.draws)));
    assert!(h.shows(&format!(
        "{} ({} of {})",
        pct(want.a.first.win_rate),
        want.a.first.wins,
        want.a.first.games
    )));
    assert!(
        h.text_containing("Seed 4242 · 120 games per pairing")
            .is_some()
    );
    // the same seed replays; another seed plays other games
    h.click_text("Run");
    let RunState::Done(again) = mu(&h).run() else {
        panic!("no result");
    };
    assert_eq!(again.reports[0].1, want);
    h.send(mm(matchups::Message::SeedTyped("4243".into())));
    h.click_text("Run");
    let RunState::Done(other) = mu(&h).run() else {
        panic!("no result");
    };
    assert_ne!(other.reports[0].1.a, want.a);
}

#[test]
fn three_decks_play_every_pair_on_one_seed() {
    let mut ids = None;
    let mut h = Harness::with(|s| {
        // the sample decks of a new database out of the way: the lists
        // below are the test's own decks
        for d in s.decks(None).unwrap() {
            s.delete_deck(d.id).unwrap();
        }
        let decks = [
            (
                "resources/decks/dice-of-destiny-chicken-rush.txt",
                "A chicken",
            ),
            (
                "resources/decks/dice-of-destiny-chicken-rush.txt",
                "B chicken again",
            ),
            (
                "resources/decks/dice-of-destiny-yellow-spells.txt",
                "C spells",
            ),
        ];
        ids = Some(decks.map(|(f, name)| store_deck(s, GameId::DiceOfDestiny, f, name)));
    });
    let ids = ids.unwrap();
    h.send(Message::Navigate(ScreenId::Matchups));
    pick_game(&mut h, GameId::DiceOfDestiny);
    let listed: Vec<DeckId> = mu(&h).game_decks().iter().map(|d| d.id).collect();
    assert_eq!(listed, ids, "listed by name");
    h.click_text("All");
    assert_eq!(mu(&h).chosen().len(), 3);
    h.send(mm(matchups::Message::GamesTyped("40".into())));
    h.send(mm(matchups::Message::SeedTyped("11".into())));
    h.click_text("Run");
    let RunState::Done(m) = mu(&h).run() else {
        panic!("no result: {:?}", mu(&h).run());
    };
    let cfg = MatchConfig {
        games: 40,
        seed: 11,
        levels: [Level::Quick; 2],
        think: [FIXED_THINK; 2],
        seats: Seats::Alternate,
        threads: None,
    };
    let pairs: Vec<(usize, usize)> = m.reports.iter().map(|(p, _)| *p).collect();
    assert_eq!(pairs, [(0, 1), (0, 2), (1, 2)]);
    for ((i, j), r) in &m.reports {
        assert_eq!(*r, engine_report(&h, ids[*i], ids[*j], &cfg), "{i} vs {j}");
    }
    // the same deck twice on common random numbers: deck 0 and its copy,
    // deck 1, meet deck 2 in the same games
    assert_eq!(m.cells[0][2], m.cells[1][2]);
    assert_eq!(m.cells[2][0], m.cells[2][1]);
    // each deck's split adds up to its games
    for d in &m.decks {
        assert_eq!(d.total.games, 80);
        assert_eq!(d.first.games + d.second.games, 80);
        assert_eq!(d.first.wins + d.second.wins, d.total.wins);
    }
}

#[test]
fn cancel_stops_a_run() {
    let (mut h, [chicken, spells, _]) = app();
    pick_game(&mut h, GameId::DiceOfDestiny);
    h.send(mm(matchups::Message::Toggle(chicken, true)));
    h.send(mm(matchups::Message::Toggle(spells, true)));
    h.send(mm(matchups::Message::GamesTyped("5000000".into())));
    let task = h.app.update(mm(matchups::Message::Run));
    assert!(matches!(mu(&h).run(), RunState::Running { .. }));
    assert!(h.shows("0 of 5000000 games"));
    assert!(h.shows("Loading the decks…"));
    h.click_text("Cancel");
    h.settle(task);
    assert!(
        matches!(
            mu(&h).run(),
            RunState::Cancelled {
                total: 5_000_000,
                ..
            }
        ),
        "{:?}",
        mu(&h).run()
    );
    assert!(h.text_containing("Cancelled after").is_some());
    // the screen takes a new run
    h.send(mm(matchups::Message::GamesTyped("10".into())));
    h.click_text("Run");
    assert!(matches!(mu(&h).run(), RunState::Done(_)));
}

#[test]
fn leaving_the_screen_stops_a_run_and_keeps_a_result() {
    let (mut h, [chicken, spells, _]) = app();
    pick_game(&mut h, GameId::DiceOfDestiny);
    h.send(mm(matchups::Message::Toggle(chicken, true)));
    h.send(mm(matchups::Message::Toggle(spells, true)));
    h.send(mm(matchups::Message::GamesTyped("20".into())));
    h.click_text("Run");
    let RunState::Done(before) = mu(&h).run().clone() else {
        panic!("no result");
    };
    h.send(Message::Navigate(ScreenId::Library));
    h.send(Message::Navigate(ScreenId::Matchups));
    assert!(matches!(mu(&h).run(), RunState::Done(m) if *m == before));
    assert_eq!(mu(&h).chosen().len(), 2);
    // a run under way is cancelled by leaving
    h.send(mm(matchups::Message::GamesTyped("5000000".into())));
    let task = h.app.update(mm(matchups::Message::Run));
    h.send(Message::Navigate(ScreenId::Library));
    h.settle(task);
    h.send(Message::Navigate(ScreenId::Matchups));
    assert!(
        matches!(mu(&h).run(), RunState::Cancelled { .. }),
        "{:?}",
        mu(&h).run()
    );
}

#[test]
fn games_without_a_two_player_engine_say_so() {
    let (mut h, _) = app();
    pick_game(&mut h, GameId::StrangeWorld);
    assert!(!mu(&h).playable());
    assert!(
        h.text_containing("Strange World has no two-player engine")
            .is_some()
    );
    assert!(!h.shows("Run"), "no Run for a game without an engine");
    h.send(mm(matchups::Message::Run));
    assert!(matches!(mu(&h).run(), RunState::Failed(e) if e.contains("no two-player engine")));
    // Rizontical plays, at both levels
    pick_game(&mut h, GameId::Rizontical);
    assert!(mu(&h).playable());
    assert!(h.shows("Quick") && h.shows("Strong"));
}

#[test]
fn ctrl_7_opens_the_screen_and_bad_numbers_are_refused() {
    let (mut h, [chicken, spells, _]) = app();
    h.send(Message::Navigate(ScreenId::Library));
    let key = iced::keyboard::Key::Character("7".into());
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
    h.send(deckwright::gui::app::shortcut(press).expect("a shortcut"));
    assert_eq!(h.app.shell().unwrap().screen().id(), ScreenId::Matchups);
    pick_game(&mut h, GameId::DiceOfDestiny);
    h.send(mm(matchups::Message::Toggle(chicken, true)));
    h.send(mm(matchups::Message::Toggle(spells, true)));
    h.send(mm(matchups::Message::GamesTyped("0".into())));
    h.send(mm(matchups::Message::Run));
    assert!(matches!(mu(&h).run(), RunState::Failed(e) if e.contains("from 1 to")));
    h.send(mm(matchups::Message::GamesTyped("10".into())));
    h.send(mm(matchups::Message::SeedTyped("-3".into())));
    h.send(mm(matchups::Message::Run));
    assert!(matches!(mu(&h).run(), RunState::Failed(e) if e.contains("not a seed")));
}

// ---- the engine hooks the screen relies on ----

/// The two Dice of Destiny sample decks compiled against each other.
fn dice_engine() -> Engine {
    let catalog = deckwright::catalog::load(&repo("resources/catalogs/dice-of-destiny.toml"))
        .unwrap()
        .catalog;
    let load = |f: &str| {
        let deck = deckwright::decklist::load(&repo(f)).unwrap();
        deckwright::engine::compile(&catalog, &deck).unwrap()
    };
    let a = load("resources/decks/dice-of-destiny-chicken-rush.txt");
    let b = load("resources/decks/dice-of-destiny-yellow-spells.txt");
    Engine::versus(
        DeckSide {
            catalog: &catalog,
            cards: &a,
        },
        Some(DeckSide {
            catalog: &catalog,
            cards: &b,
        }),
        &EngineOptions::default(),
    )
    .unwrap()
}

#[test]
fn a_cancel_stops_a_match_between_two_games_not_chunks() {
    use std::sync::atomic::{AtomicBool, Ordering};
    let engine = dice_engine();
    let cancel = AtomicBool::new(false);
    let seen = std::sync::Mutex::new(Vec::new());
    let on_progress = |done: u64, total: u64| {
        seen.lock().unwrap().push((done, total));
        cancel.store(true, Ordering::Relaxed);
    };
    let cfg = MatchConfig {
        games: 5_000,
        seed: 1,
        levels: [Level::Quick; 2],
        think: [FIXED_THINK; 2],
        seats: Seats::Alternate,
        threads: Some(1),
    };
    let progress = Progress {
        on_progress: &on_progress,
        cancel: &cancel,
    };
    let err = engine.play_match(&cfg, &progress).unwrap_err();
    // one thread: the first report comes after 16 games, and the cancel it
    // sets is seen before the 17th (a chunk is 1,024 games)
    assert_eq!(
        err,
        deckwright::engine::run::RunError::Cancelled {
            done: 16,
            total: 5_000
        }
    );
    assert_eq!(*seen.lock().unwrap(), [(16, 5_000)]);
}

#[test]
fn deck_bs_seat_split_adds_up_and_stays_out_of_the_json() {
    let engine = dice_engine();
    let cfg = MatchConfig {
        games: 301,
        seed: 5,
        levels: [Level::Quick; 2],
        think: [FIXED_THINK; 2],
        seats: Seats::Alternate,
        threads: None,
    };
    let r = engine.play_match(&cfg, &Progress::none()).unwrap();
    // B goes first when A goes second
    assert_eq!(r.b.first.games, r.a.second.games);
    assert_eq!(r.b.second.games, r.a.first.games);
    assert_eq!(r.b.first.wins + r.b.second.wins, r.b.wins);
    // per seat, A's wins, B's wins and the draws share the games
    assert!(r.a.first.wins + r.b.second.wins <= r.a.first.games);
    assert!(r.a.second.wins + r.b.first.wins <= r.a.second.games);
    assert!(r.b.first.wins > 0 && r.b.second.wins > 0, "{r:?}");
    // formats.md §3: B's record is its wins and win rate only
    let json = serde_json::to_value(&r).unwrap();
    let mut keys: Vec<&String> = json["b"].as_object().unwrap().keys().collect();
    keys.sort();
    assert_eq!(keys, ["win_rate", "wins"]);
}
