//! The World screen (issue 6): `update(Message)` tests of the solo board
//! (seeds, refused moves with their rule, undo, hints) and an `iced_test`
//! flow that plays a whole seeded game by clicking and finds the engine's
//! score of the same moves on screen. A game in progress, solo or for 2 to
//! 4, survives a restart of the app (issue 15).

use crate::harness::{Harness, catalog_of};
use deckwright::engine::solo::{
    Action as Move, Components, Phase, PlayerKind, Pos, Solo, SoloGame, play,
};
use deckwright::gui::Message;
use deckwright::gui::app::{App, Screen};
use deckwright::gui::prefs::ScreenId;
use deckwright::gui::screen::world::{self, Hint, SAVED_KEY, Saved};
use deckwright::gui::widget::Tone;
use deckwright::model::GameId;

fn world(h: &Harness) -> &world::World {
    match h.app.shell().unwrap().screen() {
        Screen::World(w) => w,
        other => panic!("not on the World screen: {:?}", other.id()),
    }
}

fn wm(m: world::Message) -> Message {
    Message::World(m)
}

/// The engine's components of the stored sample catalog.
fn components(h: &Harness) -> Components {
    let s = h.store();
    let cat = s
        .load_catalog(catalog_of(&s, GameId::StrangeWorld))
        .unwrap();
    Components::with_defaults(&cat).unwrap()
}

/// The World screen on a game dealt from `seed`.
fn at_seed(seed: u64) -> Harness {
    let mut h = Harness::new();
    h.send(Message::Navigate(ScreenId::World));
    assert!(world(&h).game().is_some(), "a game is dealt on arrival");
    h.send(wm(world::Message::SeedTyped(seed.to_string())));
    h.send(wm(world::Message::Replay));
    assert_eq!(world(&h).game().unwrap().game.seed(), seed);
    h
}

fn state(h: &Harness) -> Solo {
    *world(h).game().unwrap().game.state()
}

/// Clicks what a move needs on screen.
fn click_move(h: &mut Harness, m: Move) {
    let cell = |at: Pos| format!("cell-{}-{}", at.x(), at.y());
    match m {
        Move::TakeStack { stack } => h.click_id(&format!("stack-{stack}")),
        Move::Place { card, at } => {
            h.click_id(&format!("hand-{card}"));
            assert_eq!(world(h).selected(), Some(card));
            assert!(
                world(h).targets_here().contains(&at),
                "the cell of a legal move is lit"
            );
            h.click_id(&cell(at));
        }
        Move::Welcome {
            traveller,
            side,
            upper,
        } => h.click_id(&format!("welcome-{traveller}-{}-{upper}", side.as_str())),
        Move::Decline => h.click_id("welcome-decline"),
        Move::Erupt { at } | Move::Join { with: at } => {
            assert!(world(h).targets_here().contains(&at));
            h.click_id(&cell(at));
        }
    }
}

#[test]
fn a_whole_seeded_game_played_by_clicking_scores_as_the_engine() {
    let mut h = Harness::new();
    h.click_text("World");
    // seed 5: the greedy player welcomes two Travellers, a Volcano erupts
    // next to another Fumarole (a Dark City) and a card is flipped
    h.send(wm(world::Message::SeedTyped("5".into())));
    h.click_text("Replay seed");
    assert!(h.shows("Seed") && h.shows("5"), "the seed, shown once");
    assert_eq!(world(&h).game().unwrap().game.seed(), 5);
    let c = components(&h);
    // the greedy player's game of the same seed, move by move
    let record = play(&c, PlayerKind::Greedy, 5).unwrap();
    let mut kinds = std::collections::HashSet::new();
    for (n, step) in record.steps.iter().enumerate() {
        let before = world(&h).game().unwrap().game.log().count();
        click_move(&mut h, step.action);
        assert_eq!(
            world(&h).game().unwrap().game.log().count(),
            before + 1,
            "move {n} ({:?}) was not played: {:?}",
            step.action,
            world(&h).refusal()
        );
        kinds.insert(std::mem::discriminant(&step.action));
    }
    for m in [
        Move::TakeStack { stack: 0 },
        Move::Welcome {
            traveller: 0,
            side: deckwright::engine::solo::Side::Left,
            upper: 0,
        },
        Move::Erupt { at: Pos::START },
    ] {
        assert!(
            kinds.contains(&std::mem::discriminant(&m)),
            "the game clicks a {m:?}"
        );
    }
    let s = state(&h);
    assert_eq!(s.phase(), Phase::Finished);
    assert_eq!(s.world().len(), 16);
    let shown = world(&h).game().unwrap().game.score(&c);
    assert_eq!(shown, record.score, "the same moves, the same breakdown");
    assert!(h.shows(&format!("Score {}", record.score.total)));
    assert!(h.shows("The World is complete."));
    // a finished World is its 4×4 square: only its columns are named
    let texts = h.dump();
    for x in 0..deckwright::engine::solo::GRID {
        let letter = ((b'A' + x) as char).to_string();
        let used = (0..deckwright::engine::solo::GRID)
            .any(|y| Pos::new(x, y).is_some_and(|at| s.world().cell(at).is_some()));
        assert_eq!(
            texts.contains(&letter),
            used,
            "column {letter} is named only if the World has cells there"
        );
    }
    // what happened is on the board and in the log
    assert!(h.shows("Fumarole"), "a covered card shows its Fumarole");
    let covered = h.text_containing(": no icons");
    assert!(
        covered.as_deref().is_some_and(|t| t.starts_with("over ")),
        "the Fumarole says what it covers and what that does: {covered:?}"
    );
    assert!(h.shows("Tzimime"), "a flipped card shows its Tzimime side");
    let city = s.world().dark_cities()[0].stars;
    assert!(h.shows(&format!("City {city}")));
    for t in s.world().travellers() {
        let trav = &c.travellers[usize::from(t.traveller)];
        assert!(
            h.shows(&format!("{} +{}", trav.name, trav.bonus)),
            "{} beside the board",
            trav.name
        );
    }
    let rating = c.rules.rating(i64::from(record.score.total));
    assert!(
        h.text_containing(rating).is_some(),
        "the rating \"{rating}\" is shown"
    );
}

#[test]
fn a_seed_replays_the_same_deal() {
    let h = at_seed(42);
    let c = components(&h);
    let engine = Solo::deal(&c, 42).unwrap();
    let tops = |s: &Solo| s.stacks().map(|v| v.top).collect::<Vec<_>>();
    assert_eq!(tops(&state(&h)), tops(&engine));
    assert_eq!(
        state(&h).world().cell(Pos::START).unwrap().card,
        engine.world().cell(Pos::START).unwrap().card
    );
    let offer: Vec<u8> = state(&h).offer().collect();
    assert_eq!(offer, engine.offer().collect::<Vec<u8>>());
    for t in &offer {
        assert!(
            h.text_containing(&c.travellers[usize::from(*t)].name)
                .is_some()
        );
    }
    // the starting Land is on the centre of the board
    let start = c.land(engine.world().cell(Pos::START).unwrap().card);
    assert!(h.shows(&start.name));
}

#[test]
fn refused_moves_name_the_rule_and_change_nothing() {
    let mut h = at_seed(7);
    // a click on the board before a stack is taken
    h.send(wm(world::Message::Cell(3, 2)));
    let r = world(&h).refusal().unwrap().to_string();
    assert!(
        r.contains("the game waits for you to choose a stack"),
        "{r}"
    );
    assert!(
        r.contains("\"Each turn, pick 1 of the available stacks"),
        "{r}"
    );
    assert_eq!(state(&h).world().len(), 1);

    h.click_id("stack-0");
    assert_eq!(state(&h).phase(), Phase::Place);
    let before = state(&h);
    // far from the starting Land: not adjacent
    h.click_id("cell-0-0");
    let r = world(&h).refusal().unwrap().to_string();
    assert!(r.starts_with("Place "), "{r}");
    assert!(
        r.contains("A1: refused, the card must touch a card of the World"),
        "{r}"
    );
    assert!(r.contains("orthogonally adjacent"), "{r}");
    assert!(h.text_containing("the card must touch a card").is_some());
    assert_eq!(state(&h), before, "a refused move changes nothing");
    // the starting Land's own cell is taken
    h.send(wm(world::Message::Cell(3, 3)));
    assert!(
        world(&h)
            .refusal()
            .unwrap()
            .contains("that cell already holds a card")
    );
    // the lit cells are exactly those the engine accepts for the card
    let c = components(&h);
    let card = world(&h).selected().unwrap();
    for at in world::board_cells() {
        let legal = before.check(&c, Move::Place { card, at }).is_ok();
        assert_eq!(world(&h).targets().contains(&at), legal, "{at:?}");
    }
    assert_eq!(world(&h).targets().len(), 4);
    // a legal click plays, and clears the refusal
    h.click_id("cell-3-2");
    assert!(world(&h).refusal().is_none());
    assert_eq!(state(&h).world().len(), 2);
    assert_eq!(
        state(&h)
            .world()
            .cell(Pos::new(3, 2).unwrap())
            .unwrap()
            .card,
        card
    );
    assert!(
        h.text_containing(&format!("Placed {} on D3", c.land(card).name))
            .is_some()
    );
}

#[test]
fn undo_steps_back_one_decision() {
    let mut h = at_seed(11);
    let start = state(&h);
    h.click_id("stack-2");
    let card = world(&h).selected().unwrap();
    h.send(Message::Shortcut(deckwright::gui::screen::Shortcut::Undo));
    assert_eq!(state(&h), start, "taking a stack reveals nothing: undone");
    // nothing more to undo
    h.send(wm(world::Message::Undo));
    assert_eq!(state(&h), start);
    h.click_id("stack-2");
    assert_eq!(world(&h).selected(), Some(card));
    h.click_id("cell-4-3");
    assert_eq!(state(&h).world().len(), 2);
    assert!(state(&h).hand_revealed());
    let revealed = state(&h);
    // the next card placed is taken back, to the reveal
    let c = components(&h);
    let place = world(&h)
        .game()
        .unwrap()
        .game
        .legal_actions(&c)
        .into_iter()
        .find(|a| matches!(a, Move::Place { .. }))
        .unwrap();
    click_move(&mut h, place);
    assert_eq!(state(&h).world().len(), 3);
    h.click_text("Undo");
    assert_eq!(state(&h), revealed);
}

/// p.11 "Put the face up card in your play area, then reveal the 2 other
/// cards" (issue 29): once the rest of the stack is revealed, Undo cannot
/// step back before it, or the first card could be placed again knowing them.
#[test]
fn p11_undo_stops_at_the_reveal() {
    let mut h = at_seed(11);
    h.click_id("stack-2");
    h.click_id("cell-4-3");
    let revealed = state(&h);
    assert!(revealed.hand_revealed());
    assert!(!world(&h).game().unwrap().game.can_undo());
    h.click_text("Undo");
    assert_eq!(state(&h), revealed, "the disabled button does nothing");
    h.send(wm(world::Message::Undo));
    h.send(Message::Shortcut(deckwright::gui::screen::Shortcut::Undo));
    assert_eq!(state(&h), revealed, "nor the message or the shortcut");
}

#[test]
fn the_hint_is_the_search_players_move_computed_off_the_ui_thread() {
    let mut h = at_seed(5);
    let c = components(&h);
    h.click_id("stack-1");
    // the same position in an engine game
    let mut engine = SoloGame::new(&c, 5).unwrap();
    engine.apply(&c, Move::TakeStack { stack: 1 }).unwrap();
    let want = engine.hint(&c);
    assert!(want.is_some());

    // asked, the screen waits; the answer arrives as a message
    let task = h.app.update(wm(world::Message::Hint));
    assert_eq!(world(&h).hint(), Hint::Thinking);
    assert!(h.shows("Thinking..."));
    h.settle(task);
    assert_eq!(world(&h).hint(), Hint::Ready(want));
    assert!(
        h.text_containing("Hint (search player): Place ").is_some(),
        "{:?}",
        h.dump()
    );
    // a placement hint selects its card so its cell is lit
    if let Some(Move::Place { card, at }) = want {
        assert_eq!(world(&h).selected(), Some(card));
        assert!(world(&h).targets().contains(&at));
    }

    // an answer for a position that is gone is dropped
    let task = h.app.update(wm(world::Message::Hint));
    h.send(wm(world::Message::Undo));
    h.settle(task);
    assert_eq!(world(&h).hint(), Hint::None);
}

#[test]
fn a_seed_that_is_not_a_number_is_refused() {
    let mut h = at_seed(3);
    h.send(wm(world::Message::SeedTyped("abc".into())));
    h.send(wm(world::Message::Replay));
    assert_eq!(
        world(&h).refusal(),
        Some("\"abc\" is not a seed (a whole number)")
    );
    assert_eq!(world(&h).game().unwrap().game.seed(), 3);
    // a new game gets a fresh seed, shown
    h.click_text("New game");
    let seed = world(&h).game().unwrap().game.seed();
    assert!(
        h.shows("Seed") && h.shows(&seed.to_string()),
        "{:?}",
        h.dump()
    );
}

/// The World screen's game for 2 (issue 11): you against a computer player.
fn table(h: &Harness) -> &world::Table {
    world(h).table().expect("a game for 2 to 4 is on")
}

/// Takes the user's move `a` of a game for 2 to 4 on screen: drafts by
/// clicking the cards and Pass, the Sun's direction, or a seat's move by
/// clicking what it needs; the screen refuses nothing.
fn click_match_action(h: &mut Harness, a: deckwright::engine::solo::MatchAction) {
    use deckwright::engine::solo::MatchAction;
    match a {
        MatchAction::PassTwo { cards, .. } => {
            for card in cards {
                h.send(wm(world::Message::DraftCard(card)));
            }
            h.send(wm(world::Message::Pass));
        }
        MatchAction::PassOne { card, .. } => {
            h.send(wm(world::Message::DraftCard(card)));
            h.send(wm(world::Message::Pass));
        }
        MatchAction::Sun { direction, .. } => h.send(wm(world::Message::Sun(direction))),
        MatchAction::Seat { action, .. } => click_move(h, action),
    }
    assert!(world(h).refusal().is_none(), "{:?}", world(h).refusal());
}

#[test]
fn a_two_player_game_drafts_and_places_by_clicking() {
    use deckwright::engine::solo::{MatchPhase, Phase as SeatPhase};
    let mut h = at_seed(21);
    h.click_id("players-2");
    assert_eq!(world(&h).players(), 2);
    let t = table(&h);
    assert_eq!(t.m.players(), 2);
    assert_eq!(t.seed, 21, "the game for 2 uses the screen's seed");
    assert_eq!(t.m.phase(), MatchPhase::Draft { pass: 2 });
    assert!(t.m.waits_for(world::YOU));
    assert!(t.m.has_passed(1), "the computer chose its pass at once");
    assert!(h.shows("Computer 1: 0 stars") || h.text_containing("Computer 1:").is_some());
    assert!(h.text_containing("Draft: mark 2 cards to pass").is_some());
    // passing without marking is refused in words
    h.click_id("draft-pass");
    assert_eq!(
        world(&h).refusal(),
        Some("Choose 2 cards to pass, then Pass.")
    );
    // the first pass: two cards
    let hand: Vec<u8> = table(&h).m.draft_hand(world::YOU).collect();
    assert_eq!(hand.len(), 3);
    h.click_id(&format!("draft-{}", hand[0]));
    h.click_id(&format!("draft-{}", hand[1]));
    assert_eq!(world(&h).passing(), &hand[..2]);
    h.click_id("draft-pass");
    assert!(world(&h).refusal().is_none(), "{:?}", world(&h).refusal());
    let t = table(&h);
    assert_eq!(t.m.phase(), MatchPhase::Draft { pass: 1 });
    let now: Vec<u8> = t.m.draft_hand(world::YOU).collect();
    assert_eq!(now.len(), 3);
    assert!(now.contains(&hand[2]), "the kept card stays");
    assert!(!now.contains(&hand[0]) && !now.contains(&hand[1]));
    let c = components(&h);
    let got = &now[1..];
    assert!(
        h.text_containing(&format!(
            "Computer 1 passed {}, {} to You",
            c.land(got[0]).name,
            c.land(got[1]).name
        ))
        .is_some(),
        "the cards passed to you are named in the log: {:?}",
        h.dump()
    );
    // the second pass: one card
    h.click_id(&format!("draft-{}", now[0]));
    h.click_id("draft-pass");
    let t = table(&h);
    assert_eq!(t.m.phase(), MatchPhase::Play { seat: world::YOU });
    let you = t.m.seat(world::YOU);
    assert_eq!(you.phase(), SeatPhase::Place);
    let in_hand: Vec<u8> = you.hand().collect();
    assert_eq!(in_hand.len(), 3);
    assert_eq!(&in_hand[..2], &now[1..], "kept cards and the one received");
    // a placement by clicking: pick a card, click a lit cell
    let card = in_hand[2];
    h.click_id(&format!("hand-{card}"));
    let targets = world(&h).targets_here();
    assert!(!targets.is_empty());
    let at = targets[0];
    let before = table(&h).m.seat(world::YOU).world().len();
    // a cell that is not lit is refused with the rule
    h.click_id("cell-0-0");
    let r = world(&h).refusal().unwrap().to_string();
    assert!(r.contains("refused"), "{r}");
    assert!(r.contains("orthogonally adjacent"), "{r}");
    h.click_id(&format!("cell-{}-{}", at.x(), at.y()));
    assert!(world(&h).refusal().is_none(), "{:?}", world(&h).refusal());
    let t = table(&h);
    let you = t.m.seat(world::YOU);
    let w = you.world();
    assert!(w.len() > before);
    assert_eq!(w.cell(at).unwrap().card, card);
    assert!(
        h.text_containing(&format!("You: Placed {}", c.land(card).name))
            .is_some()
    );
    // the computer answered: the match waits for you again (or the World
    // waits for a choice of your placement)
    assert!(t.m.waits_for(world::YOU));
}

#[test]
fn a_game_for_two_plays_to_the_end_with_a_scores_table() {
    use deckwright::engine::solo::{ComputerSeat, MatchPhase, SeatLevel};
    let mut h = at_seed(4);
    h.click_id("players-2");
    let c = components(&h);
    // you play as a quick computer would, through the screen's messages
    let mut me = ComputerSeat::new(SeatLevel::Quick, &c, 2, 99);
    for _ in 0..500 {
        let t = table(&h);
        if t.m.is_finished() {
            break;
        }
        let a = me
            .choose(&t.m, world::YOU)
            .expect("a move while waited for");
        click_match_action(&mut h, a);
    }
    let t = table(&h);
    assert_eq!(t.m.phase(), MatchPhase::Finished);
    assert!(h.shows("Final scores"));
    let scores = t.m.scores(&c);
    for s in &scores {
        assert_eq!(s.total, score_of(s));
    }
    let winners = t.m.winners(&c);
    let line = match winners.as_slice() {
        [w] if *w == world::YOU => "You win!".to_string(),
        [w] => format!("{} wins.", world::seat_name(*w)),
        _ => "A shared win".to_string(),
    };
    assert!(h.text_containing(&line).is_some(), "{line}: {:?}", h.dump());
}

fn score_of(b: &deckwright::engine::solo::Breakdown) -> u32 {
    b.mountains + b.lakes + b.animals + b.swamps + b.dark_cities + b.watchers + b.travellers
}

// ---- a game in progress survives a restart (issue 15) ----

/// The app started again on the same database (as after closing it, or a
/// kill: the record is written after every move), then on the World screen.
fn restart(h: Harness) -> Harness {
    let Harness { app, dir } = h;
    drop(app);
    let (app, task) = App::new(dir.path().join("app.db"));
    let mut again = Harness { app, dir };
    again.settle(task);
    if again.app.shell().unwrap().screen().id() != ScreenId::World {
        again.send(Message::Navigate(ScreenId::World));
    }
    again
}

fn banners(h: &Harness, tone: Tone) -> Vec<String> {
    h.app
        .shell()
        .unwrap()
        .banners()
        .iter()
        .filter(|b| b.tone == tone)
        .map(|b| b.text.clone())
        .collect()
}

/// The record the screen stored.
fn stored(h: &Harness) -> Saved {
    let text = h
        .store()
        .setting(SAVED_KEY)
        .unwrap()
        .expect("a stored game");
    Saved::parse(&text).unwrap()
}

#[test]
fn a_solo_game_in_progress_survives_a_restart() {
    let mut h = at_seed(5);
    let c = components(&h);
    let record = play(&c, PlayerKind::Greedy, 5).unwrap();
    let moves: Vec<Move> = record.steps.iter().map(|s| s.action).take(14).collect();
    for &m in &moves {
        click_move(&mut h, m);
    }
    assert!(world(&h).refusal().is_none(), "{:?}", world(&h).refusal());
    // every move was written as it was played
    let rec = stored(&h);
    assert_eq!(
        (rec.seed, rec.players, rec.moves.clone()),
        (5, 1, moves.clone())
    );
    let before = state(&h);
    let lines = world(&h).log_lines(usize::MAX);
    assert!(lines.len() >= moves.len());

    let mut h = restart(h);
    let g = world(&h).game().expect("the game is back");
    assert_eq!(g.game.seed(), 5);
    assert_eq!(g.game.log().count(), moves.len());
    assert_eq!(state(&h), before, "the same board, hand, stacks and phase");
    assert_eq!(world(&h).log_lines(usize::MAX), lines, "the same log");
    assert!(h.shows("5"), "the seed is shown: {:?}", h.dump());
    assert!(
        banners(&h, Tone::Notice).is_empty(),
        "{:?}",
        banners(&h, Tone::Notice)
    );
    assert!(
        banners(&h, Tone::Error).is_empty(),
        "{:?}",
        banners(&h, Tone::Error)
    );

    // undo steps back through the replayed moves, and is stored too
    h.click_text("Undo");
    let one_back = SoloGame::replay(&c, 5, &moves[..moves.len() - 1]).unwrap();
    assert_eq!(state(&h), *one_back.state());
    assert_eq!(stored(&h).moves, moves[..moves.len() - 1]);
    // and the game goes on from there, to the engine's score of the moves
    for step in &record.steps[moves.len() - 1..] {
        click_move(&mut h, step.action);
    }
    assert_eq!(state(&h).phase(), Phase::Finished);
    assert_eq!(world(&h).game().unwrap().game.score(&c), record.score);

    // a finished game comes back finished, with its score
    let h = restart(h);
    assert_eq!(state(&h).phase(), Phase::Finished);
    assert!(h.shows(&format!("Score {}", record.score.total)));
}

#[test]
fn a_game_for_three_in_progress_survives_a_restart() {
    use deckwright::engine::solo::{ComputerSeat, MatchAction, MatchPhase, SeatLevel};
    let mut h = at_seed(8);
    h.click_id("players-3");
    // the random computer players draw from their own generators in the
    // draft: they must draw the same again when the game is replayed
    h.send(wm(world::Message::Level(SeatLevel::Random)));
    assert_eq!(table(&h).m.players(), 3);
    let c = components(&h);
    let mut me = ComputerSeat::new(SeatLevel::Quick, &c, 3, 77);
    let mut played = 0;
    let mut suns = 0;
    // past the first turn's draft and placements, into the second turn
    while played < 20 {
        let a = me
            .choose(&table(&h).m, world::YOU)
            .expect("a move while waited for");
        if matches!(a, MatchAction::Sun { .. }) {
            suns += 1;
        }
        click_match_action(&mut h, a);
        played += 1;
    }
    let before_match = table(&h).m.clone();
    let before_log = table(&h).log.clone();
    let before_moves = table(&h).moves().to_vec();
    assert_eq!(before_moves.len(), played);
    assert!(
        before_match.turn() > 1 || suns > 0,
        "the game went past its first decisions"
    );
    let rec = stored(&h);
    assert_eq!(
        (rec.seed, rec.players, rec.level),
        (8, 3, SeatLevel::Random)
    );
    assert_eq!(rec.table, before_moves);

    let mut h = restart(h);
    assert_eq!(world(&h).players(), 3);
    assert_eq!(world(&h).level(), SeatLevel::Random);
    let t = table(&h);
    assert_eq!(t.seed, 8);
    assert_eq!(t.m, before_match, "every World, hand and draft as it was");
    assert_eq!(t.log, before_log, "the computers played the same again");
    assert!(
        banners(&h, Tone::Notice).is_empty(),
        "{:?}",
        banners(&h, Tone::Notice)
    );
    // the game goes on to its end
    for _ in 0..500 {
        let t = table(&h);
        if t.m.is_finished() {
            break;
        }
        let a = me.choose(&t.m, world::YOU).expect("a move");
        click_match_action(&mut h, a);
    }
    assert_eq!(table(&h).m.phase(), MatchPhase::Finished);
    assert!(h.shows("Final scores"));
}

#[test]
fn a_stored_game_that_no_longer_replays_is_dealt_again_with_a_notice() {
    let mut h = Harness::with(|s| {
        let id = catalog_of(s, GameId::StrangeWorld);
        let mut rec = Saved::new(id, 31, 1, deckwright::engine::solo::SeatLevel::Quick);
        // stack 6 twice: the second take is refused, as after a catalog change
        rec.moves = vec![Move::TakeStack { stack: 6 }, Move::TakeStack { stack: 6 }];
        s.set_setting(SAVED_KEY, &rec.to_json()).unwrap();
    });
    h.send(Message::Navigate(ScreenId::World));
    let g = world(&h).game().expect("a game is dealt");
    assert_eq!(g.game.seed(), 31, "the same seed");
    assert_eq!(g.game.log().count(), 0, "dealt again");
    let c = components(&h);
    assert_eq!(state(&h), Solo::deal(&c, 31).unwrap());
    let notices = banners(&h, Tone::Notice);
    assert!(
        notices.contains(
            &"The catalog changed since this game began: dealt again with seed 31".to_string()
        ),
        "{notices:?}"
    );
    assert!(banners(&h, Tone::Error).is_empty());
    // the new deal replaces the record
    let rec = stored(&h);
    assert_eq!((rec.seed, rec.moves.len()), (31, 0));
}

/// The same for a game for 2 to 4, whose moves are played again off the UI
/// thread: the table shows the deal until they are, then the game dealt
/// again, with the notice.
#[test]
fn a_stored_game_for_two_that_no_longer_replays_is_dealt_again_with_a_notice() {
    use deckwright::engine::solo::{MatchAction, SeatLevel};
    let mut h = Harness::with(|s| {
        let id = catalog_of(s, GameId::StrangeWorld);
        let mut rec = Saved::new(id, 31, 2, SeatLevel::Quick);
        // a card no hand holds: refused, as after a catalog change
        rec.table = vec![MatchAction::PassOne {
            seat: world::YOU,
            card: 200,
        }];
        s.set_setting(SAVED_KEY, &rec.to_json()).unwrap();
    });
    h.send(Message::Navigate(ScreenId::World));
    assert_eq!(world(&h).players(), 2);
    let t = table(&h);
    assert_eq!((t.seed, t.moves().len()), (31, 0), "dealt again");
    assert!(t.m.waits_for(world::YOU), "the computer passed");
    assert!(
        banners(&h, Tone::Notice).contains(
            &"The catalog changed since this game began: dealt again with seed 31".to_string()
        ),
        "{:?}",
        banners(&h, Tone::Notice)
    );
    assert!(banners(&h, Tone::Error).is_empty());
    let rec = stored(&h);
    assert_eq!((rec.seed, rec.players, rec.table.len()), (31, 2, 0));
}

#[test]
fn an_unreadable_or_orphaned_record_gives_a_new_game_with_a_notice() {
    for (text, says) in [
        ("{\"version\":1,\"seed\":", "could not be read"),
        (
            "{\"version\":1,\"catalog\":9999,\"seed\":4,\"players\":1,\"level\":\"quick\"}",
            "is gone",
        ),
    ] {
        let mut h = Harness::with(|s| s.set_setting(SAVED_KEY, text).unwrap());
        h.send(Message::Navigate(ScreenId::World));
        assert!(world(&h).game().is_some(), "a game is dealt");
        let notices = banners(&h, Tone::Notice);
        assert!(
            notices.iter().any(|n| n.contains(says)),
            "{says}: {notices:?}"
        );
        assert!(banners(&h, Tone::Error).is_empty());
        let rec = stored(&h);
        assert_eq!(rec.seed, world(&h).game().unwrap().game.seed());
    }
}

/// A file of the Strange World scenarios.
fn scenario(name: &str) -> std::path::PathBuf {
    crate::support::repo(&format!("tests/scenarios/strange-world/{name}"))
}

/// The file read back and set up as the CLI does: its state as all see it.
fn reread(file: &std::path::Path) -> serde_json::Value {
    use deckwright::engine::core::Viewer;
    let sc = deckwright::scenario::load(file).unwrap();
    let cat = deckwright::catalog::load(&sc.catalog).unwrap().catalog;
    deckwright::scenario::start(&sc, &cat)
        .unwrap()
        .view(Viewer::All)
}

/// The game on the World table as a scene, as all see it.
fn table_view(h: &Harness) -> serde_json::Value {
    use deckwright::engine::core::Viewer;
    use deckwright::scenario::Scene;
    use deckwright::scenario::world::WorldScene;
    let w = world(h);
    let g = w.game().unwrap();
    let c = (*g.components).clone();
    let scene = match w.table() {
        Some(t) => WorldScene::from_match(c, t.m.clone()).unwrap(),
        None => WorldScene::from_solo(c, *g.game.state()).unwrap(),
    };
    scene.view(Viewer::All)
}

#[test]
fn a_solo_position_opened_from_a_file_is_played_and_saved() {
    let mut h = Harness::new();
    h.send(Message::Navigate(ScreenId::World));
    let dealt = world(&h).game().unwrap().game.seed();
    let file = scenario("p11-solo-turn.toml");
    h.send(wm(world::Message::OpenPosition(file.clone())));
    assert!(world(&h).position().is_some(), "{:?}", h.dump());
    assert!(
        h.shows("Position from p11-solo-turn.toml"),
        "{:?}",
        h.dump()
    );
    assert!(
        banners(&h, Tone::Error).is_empty(),
        "{:?}",
        banners(&h, Tone::Error)
    );
    assert_eq!(world(&h).players(), 1);
    assert_eq!(world(&h).game().unwrap().game.seed(), 34, "the file's seed");
    assert_ne!(dealt, 34);
    assert_eq!(state(&h).world().len(), 4, "the file's World");
    assert_eq!(state(&h).phase(), Phase::ChooseStack);
    // the file's position is not the stored game in progress
    let before = h.store().setting(SAVED_KEY).unwrap();
    // play on by clicking: take a stack, place its revealed card
    let take = world(&h)
        .game()
        .unwrap()
        .game
        .legal_actions(&components(&h))
        .into_iter()
        .find(|a| matches!(a, Move::TakeStack { .. }))
        .unwrap();
    click_move(&mut h, take);
    let place = world(&h)
        .game()
        .unwrap()
        .game
        .legal_actions(&components(&h))
        .into_iter()
        .find(|a| matches!(a, Move::Place { .. }))
        .unwrap();
    click_move(&mut h, place);
    assert_eq!(world(&h).game().unwrap().game.log().count(), 2);
    assert_eq!(state(&h).world().len(), 5);
    assert_eq!(h.store().setting(SAVED_KEY).unwrap(), before);
    // saved into another folder: the catalog's path is made absolute
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("after-a-placement.toml");
    h.send(wm(world::Message::SavePosition(out.clone())));
    assert!(
        banners(&h, Tone::Error).is_empty(),
        "{:?}",
        banners(&h, Tone::Error)
    );
    let text = std::fs::read_to_string(&out).unwrap();
    let cards = scenario("cards.toml")
        .display()
        .to_string()
        .replace('\\', "/");
    assert!(text.contains(&format!("catalog = \"{cards}\"")), "{text}");
    let view = table_view(&h);
    let again = reread(&out);
    assert_eq!(again["seats"], view["seats"], "{text}");
    assert_eq!(again["phase"], view["phase"], "{text}");
    assert_eq!(again["turn"], view["turn"], "{text}");
    // saved beside the file it came from: the catalog stays "cards.toml"
    let beside = tempfile::tempdir().unwrap();
    std::fs::copy(scenario("cards.toml"), beside.path().join("cards.toml")).unwrap();
    let from = beside.path().join("p11.toml");
    std::fs::copy(&file, &from).unwrap();
    h.send(wm(world::Message::OpenPosition(from)));
    click_move(&mut h, take);
    let out2 = beside.path().join("taken.toml");
    h.send(wm(world::Message::SavePosition(out2.clone())));
    let text = std::fs::read_to_string(&out2).unwrap();
    assert!(text.contains("catalog = \"cards.toml\""), "{text}");
    assert_eq!(reread(&out2)["seats"], table_view(&h)["seats"], "{text}");
    // a new game leaves the position
    h.click_text("New game");
    assert!(world(&h).position().is_none());
    assert!(!h.shows("Position from"));
    // on the catalog file of the scenario's folder, not a stored one: the
    // stored game in progress is left as it was
    assert_eq!(h.store().setting(SAVED_KEY).unwrap(), before);
}

#[test]
fn a_position_for_three_is_played_on_against_the_computer() {
    let mut h = Harness::new();
    h.send(Message::Navigate(ScreenId::World));
    let file = scenario("p01-sun-passes-left.toml");
    h.send(wm(world::Message::OpenPosition(file.clone())));
    assert!(
        banners(&h, Tone::Error).is_empty(),
        "{:?}",
        banners(&h, Tone::Error)
    );
    assert!(world(&h).position().is_some());
    assert_eq!(world(&h).players(), 3, "as the file says");
    let t = table(&h);
    assert_eq!(t.m.players(), 3);
    // the computer players acted (c placed, b turned the Sun): the table
    // waits for the user, seat a
    assert!(t.m.waits_for(world::YOU), "{:?}", t.m.phase());
    assert_eq!(t.m.world(2).len(), 4, "c placed its last card");
    // saved and read back: the same seats
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(scenario("cards.toml"), dir.path().join("cards.toml")).unwrap();
    let out = dir.path().join("three.toml");
    h.send(wm(world::Message::SavePosition(out.clone())));
    let text = std::fs::read_to_string(&out).unwrap();
    let view = table_view(&h);
    let again = reread(&out);
    assert_eq!(again["seats"], view["seats"], "{text}");
    assert_eq!(again["players"], 3);
}

#[test]
fn a_bad_position_file_is_an_error_naming_the_file_and_line() {
    let mut h = Harness::new();
    h.send(Message::Navigate(ScreenId::World));
    let seed = world(&h).game().unwrap().game.seed();
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(scenario("cards.toml"), dir.path().join("cards.toml")).unwrap();
    let bad = dir.path().join("bad.toml");
    std::fs::write(
        &bad,
        "game = \"strange-world\"\ncatalog = \"cards.toml\"\nturn = 2\nphase = \"choose_stack\"\n\n[world.a]\nrows = [[\"Start of Dawn\", \"Nowhere Land\"]]\n",
    )
    .unwrap();
    h.send(wm(world::Message::OpenPosition(bad.clone())));
    let errors = banners(&h, Tone::Error);
    assert!(
        errors
            .iter()
            .any(|e| e.contains(&format!("{}:7:", bad.display())) && e.contains("Nowhere Land")),
        "{errors:?}"
    );
    // another game's scenario
    let fuzzy = crate::support::repo("tests/scenarios/fuzzycards/combat-example.toml");
    h.send(wm(world::Message::OpenPosition(fuzzy.clone())));
    let errors = banners(&h, Tone::Error);
    assert!(
        errors
            .iter()
            .any(|e| e.contains(&fuzzy.display().to_string()) && e.contains("not of Strange World")),
        "{errors:?}"
    );
    // the game on the table is untouched
    assert!(world(&h).position().is_none());
    assert_eq!(world(&h).game().unwrap().game.seed(), seed);
}

/// p.7 "overlapping the row above or below" (issue 29): over a portal in
/// the World's top row the screen offers the row above, outside the 4×4
/// square, and draws the Traveller beside it; a saved position keeps it as
/// row -1 and opens again.
#[test]
fn p07_a_traveller_over_the_row_above_the_world() {
    use deckwright::engine::solo::Side;
    let mut h = Harness::new();
    h.send(Message::Navigate(ScreenId::World));
    let file = scenario("p07-traveller-rows-leave-the-square.toml");
    h.send(wm(world::Message::OpenPosition(file)));
    assert!(world(&h).position().is_some(), "{:?}", h.dump());
    let c = components(&h);
    let land = |name: &str| c.find_land(name).unwrap();
    let at = |x: u8| Pos::new(x, 3).unwrap();
    click_move(
        &mut h,
        Move::Place {
            card: land("Hollow Peak"),
            at: at(2),
        },
    );
    click_move(
        &mut h,
        Move::Place {
            card: land("Foxglove Meadow"),
            at: at(4),
        },
    );
    click_move(
        &mut h,
        Move::Place {
            card: land("Split Summit"),
            at: at(5),
        },
    );
    assert!(
        matches!(state(&h).phase(), Phase::Welcome { .. }),
        "{:?}",
        world(&h).refusal()
    );
    // the row above (board row 3) and the row below (5), each with row 4
    assert!(h.shows("Kark on the left, rows 3-4"), "{:?}", h.dump());
    assert!(h.shows("Kark on the left, rows 4-5"), "{:?}", h.dump());
    let kark = c.find_traveller("Kark").unwrap();
    click_move(
        &mut h,
        Move::Welcome {
            traveller: kark,
            side: Side::Left,
            upper: 2,
        },
    );
    assert_eq!(state(&h).world().travellers()[0].upper, 2);
    assert!(
        h.shows("Kark +6"),
        "named beside the row above: {:?}",
        h.dump()
    );
    assert!(h.shows("(Kark)"), "and beside row 4: {:?}", h.dump());
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("row-above.toml");
    h.send(wm(world::Message::SavePosition(out.clone())));
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(
        text.contains("{ name = \"Kark\", rows = [-1, 0], side = \"left\" }"),
        "{text}"
    );
    h.send(wm(world::Message::OpenPosition(out)));
    assert!(
        banners(&h, Tone::Error).is_empty(),
        "{:?}",
        banners(&h, Tone::Error)
    );
    assert_eq!(state(&h).world().travellers()[0].upper, 2);
}

/// Switching between Solo and 2 players (or the computer's level) deals a
/// new game: with moves on the board it asks first, and "Keep playing"
/// keeps every move (issue 25 item 6).
#[test]
fn switching_players_mid_game_asks_before_the_moves_are_lost() {
    let mut h = at_seed(21);
    // nothing played yet: the switch is at once
    h.click_id("players-2");
    assert_eq!(world(&h).players(), 2);
    assert!(world(&h).asking().is_none());
    h.click_id("players-1");
    assert_eq!(world(&h).players(), 1);

    click_move(&mut h, Move::TakeStack { stack: 0 });
    let moves = world(&h).game().unwrap().game.actions().count();
    assert_eq!(moves, 1);
    h.click_id("players-2");
    assert_eq!(world(&h).players(), 1, "switched without asking");
    assert!(world(&h).asking().is_some());
    assert!(
        h.text_containing("the moves of the game in progress are lost")
            .is_some(),
        "{:?}",
        h.dump()
    );
    // keep playing: the game is as it was
    h.click_text("Keep playing");
    assert!(world(&h).asking().is_none());
    assert_eq!(world(&h).players(), 1);
    assert_eq!(world(&h).game().unwrap().game.actions().count(), moves);
    // asked again and answered yes: a new game for two
    h.click_id("players-2");
    h.click_text("Play with 2");
    assert_eq!(world(&h).players(), 2);
    assert!(world(&h).table().is_some());
    assert_eq!(world(&h).game().unwrap().game.actions().count(), 0);
}

/// The log's Sun line agrees with its seat: "You take the Sun",
/// "Computer 2 takes the Sun" (issue 25 item 10: "take(s)").
#[test]
fn the_sun_line_agrees_with_its_seat() {
    for seed in [8, 9, 10] {
        let mut h = at_seed(seed);
        h.click_id("players-3");
        let dump = h.dump();
        assert!(dump.iter().all(|l| !l.contains("take(s)")), "{dump:?}");
        assert!(
            dump.iter().any(|l| l.contains("You take the Sun")
                || (l.contains("Computer ") && l.contains(" takes the Sun"))),
            "{dump:?}"
        );
    }
}

/// Issue 25 item 11: a World save that fails after the user went on to
/// another screen is still said in a banner (the answer of the write
/// reached no screen and was dropped), and it is said once.
#[test]
fn a_failed_world_save_is_said_on_another_screen() {
    let mut h = at_seed(5);
    // a move: its record goes to the store; the answer comes back later
    let write = h.app.update(wm(world::Message::Stack(1)));
    h.click_text("Library");
    drop(write);
    h.send(wm(world::Message::Written(Err("disk I/O error".into()))));
    let said = |h: &Harness| {
        banners(h, Tone::Error)
            .into_iter()
            .filter(|b| b.starts_with("cannot save the World game in progress"))
            .collect::<Vec<_>>()
    };
    let errors = said(&h);
    assert!(
        errors.len() == 1 && errors[0].ends_with("disk I/O error"),
        "{errors:?}"
    );
    assert!(
        h.text_containing("cannot save the World game in progress")
            .is_some(),
        "on show with the Library: {:?}",
        h.dump()
    );
    // the next failure is not said again until a write succeeds
    h.send(wm(world::Message::Written(Err("disk I/O error".into()))));
    assert_eq!(
        h.app.shell().unwrap().banners().last().unwrap().count,
        1,
        "not counted up"
    );
}

/// Plays the user's moves of a game for 2 to 4 as a quick computer would
/// (seeded `seed`) until `stop` says so; the moves played.
fn play_table_until(
    h: &mut Harness,
    seed: u64,
    stop: impl Fn(&world::Table) -> bool,
) -> Vec<deckwright::engine::solo::MatchAction> {
    use deckwright::engine::solo::{ComputerSeat, SeatLevel};
    let c = components(h);
    let players = table(h).m.players();
    let mut me = ComputerSeat::new(SeatLevel::Quick, &c, players, seed);
    let mut played = Vec::new();
    for _ in 0..500 {
        if stop(table(h)) {
            return played;
        }
        let a = me
            .choose(&table(h).m, world::YOU)
            .expect("a move while waited for");
        click_match_action(h, a);
        played.push(a);
    }
    panic!("never stopped");
}

/// Issue 25 item 11: strong computer players think off the UI thread. Your
/// move is on the table at once; the table says the computer players are
/// thinking and takes no other move until their answer comes, which is the
/// game the engine plays from the same moves. An answer that comes while
/// another screen is on show is not lost.
#[test]
fn computer_players_think_off_the_ui_thread() {
    use deckwright::engine::solo::{ComputerSeat, MatchAction, SeatLevel};
    let mut h = at_seed(21);
    h.click_id("players-3");
    h.click_id("level-strong");
    assert_eq!(world(&h).level(), SeatLevel::Strong);
    let c = components(&h);
    // (you may hold the Sun first)
    let pre = play_table_until(&mut h, 4, |t| {
        t.m.phase() == deckwright::engine::solo::MatchPhase::Draft { pass: 2 }
    });
    let t = table(&h);
    assert!(t.m.waits_for(world::YOU) && t.m.has_passed(1) && t.m.has_passed(2));
    // your first pass: the computers then choose their second one
    let mut me = ComputerSeat::new(SeatLevel::Quick, &c, 3, 4);
    let a = me.choose(&t.m, world::YOU).unwrap();
    let MatchAction::PassTwo { cards, .. } = a else {
        panic!("{a:?}")
    };
    let mut yours = t.m.clone();
    yours.apply(&c, a, &mut Vec::new()).unwrap();
    h.send(wm(world::Message::DraftCard(cards[0])));
    h.send(wm(world::Message::DraftCard(cards[1])));
    let answer = h.app.update(wm(world::Message::Pass));
    assert!(
        table(&h).m == yours,
        "your pass is on the table, the computers' answer is not yet"
    );
    assert!(table(&h).m.waits_for(1) && table(&h).m.waits_for(2));
    assert!(
        h.shows("The computer players are thinking…"),
        "{:?}",
        h.dump()
    );
    // meanwhile the table takes no move (marking a card is fine)
    let hand: Vec<u8> = table(&h).m.draft_hand(world::YOU).collect();
    h.send(wm(world::Message::DraftCard(hand[0])));
    h.send(wm(world::Message::Pass));
    assert_eq!(
        world(&h).refusal(),
        Some("The computer players are still thinking: wait for their move.")
    );
    assert_eq!(table(&h).m, yours);
    h.send(wm(world::Message::Undo));
    assert_eq!(table(&h).m, yours, "nor an Undo");
    h.settle(answer);
    let moves: Vec<MatchAction> = pre.iter().copied().chain([a]).collect();
    let want = world::Table::replay(&c, 3, SeatLevel::Strong, 21, &moves).unwrap();
    assert_eq!(
        table(&h).m,
        want.m,
        "the computers answered as the engine does"
    );
    assert_eq!(table(&h).log, want.log);
    assert!(!h.shows("The computer players are thinking…"));
    assert_eq!(world(&h).passing(), &hand[..1], "the card marked meanwhile");

    // an answer that comes after the user went to another screen
    let card = hand[0];
    let answer = h.app.update(wm(world::Message::Pass));
    h.click_text("Library");
    h.settle(answer);
    h.click_text("World");
    let second = MatchAction::PassOne {
        seat: world::YOU,
        card,
    };
    let moves: Vec<MatchAction> = moves.into_iter().chain([second]).collect();
    let want = world::Table::replay(&c, 3, SeatLevel::Strong, 21, &moves).unwrap();
    assert_eq!(table(&h).m, want.m);
    assert!(!h.shows("The computer players are thinking…"));
    assert_eq!(stored(&h).table, moves);
}

/// Issue 25 item 11: Undo takes back your last move in a game for 2 to 4
/// with the computer players' answers to it — not a move after which you
/// saw cards you did not know (cards passed to you, the next deal: p.11's
/// reading for solo) — and the stored game follows.
#[test]
fn undo_takes_back_your_move_and_the_computers_answers() {
    use deckwright::engine::solo::{MatchPhase, Phase as SeatPhase};
    let mut h = at_seed(21);
    h.click_id("players-2");
    // your first pass showed you the cards passed to you: not undone
    let played = play_table_until(&mut h, 4, |t| t.moves().len() == 1);
    let after_pass = table(&h).m.clone();
    h.click_text("Undo");
    h.send(wm(world::Message::Undo));
    assert_eq!(table(&h).m, after_pass, "a pass is not taken back");
    assert_eq!(table(&h).moves(), &played[..]);
    // on to your placements
    play_table_until(&mut h, 4, |t| {
        t.m.phase() == MatchPhase::Play { seat: world::YOU }
            && t.m.seat(world::YOU).phase() == SeatPhase::Place
            && t.m.seat(world::YOU).hand().count() == 2
    });
    let before = (
        table(&h).m.clone(),
        table(&h).log.clone(),
        table(&h).moves().to_vec(),
    );
    assert_eq!(stored(&h).table, before.2);
    let n = before.2.len();
    let more = play_table_until(&mut h, 9, |t| t.moves().len() > n);
    assert_eq!(more.len(), 1);
    assert_ne!(table(&h).m, before.0);
    h.click_text("Undo");
    assert_eq!(table(&h).m, before.0, "the placement is taken back");
    assert_eq!(table(&h).log, before.1, "with what followed it");
    assert_eq!(table(&h).moves(), &before.2[..]);
    assert_eq!(stored(&h).table, before.2, "the stored game follows");
    // and played again, the same
    play_table_until(&mut h, 9, |t| t.moves().len() > n);
    h.send(Message::Shortcut(deckwright::gui::screen::Shortcut::Undo));
    assert_eq!(table(&h).m, before.0, "Ctrl+Z does the same");
}

/// Issue 25 item 11: Hint in a game for 2 to 4 is a strong computer
/// player's choice for your seat, worked out off the UI thread, and picks
/// what it names (the cards to pass, the card to place).
#[test]
fn the_hint_for_your_seat_in_a_game_for_two() {
    use deckwright::engine::solo::{ComputerSeat, MatchAction, MatchPhase, SeatLevel, seat_seed};
    let mut h = at_seed(21);
    h.click_id("players-2");
    let c = components(&h);
    let m = table(&h).m.clone();
    let want = ComputerSeat::new(SeatLevel::Strong, &c, 2, seat_seed(21, world::YOU))
        .choose(&m, world::YOU)
        .unwrap();
    let MatchAction::PassTwo { cards, .. } = want else {
        panic!("{want:?}")
    };
    let task = h.app.update(wm(world::Message::Hint));
    assert!(h.shows("Thinking..."), "{:?}", h.dump());
    h.settle(task);
    let line = format!(
        "Hint (strong player): Pass {} and {}",
        c.land(cards[0]).name,
        c.land(cards[1]).name
    );
    assert!(h.shows(&line), "{line}: {:?}", h.dump());
    assert_eq!(world(&h).passing(), &cards[..], "the cards are marked");
    h.click_id("draft-pass");
    assert_eq!(table(&h).moves(), &[want], "Pass passes them");
    assert!(!h.shows(&line), "the hint goes with the move");
    // at a placement the hint's card is picked and its cell lit
    play_table_until(&mut h, 4, |t| {
        t.m.phase() == MatchPhase::Play { seat: world::YOU }
            && t.m.seat(world::YOU).phase() == deckwright::engine::solo::Phase::Place
    });
    let m = table(&h).m.clone();
    let want = ComputerSeat::new(SeatLevel::Strong, &c, 2, seat_seed(21, world::YOU))
        .choose(&m, world::YOU)
        .unwrap();
    h.click_text("Hint");
    let MatchAction::Seat {
        action: Move::Place { card, at },
        ..
    } = want
    else {
        panic!("{want:?}")
    };
    assert_eq!(world(&h).selected(), Some(card));
    assert!(world(&h).targets_here().contains(&at));
    assert_eq!(world(&h).hinted_cell(), Some(at), "its cell is outlined");
    assert!(
        h.text_containing("Hint (strong player): Place ").is_some(),
        "{:?}",
        h.dump()
    );
}
