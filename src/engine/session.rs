//! One API over every game's engine: [`Engine`] (decks compiled for their
//! game's engine) and [`Session`] (one game a person plays by hand).
//!
//! The CLI and the app call only this module and never match on games: a
//! game's [`super::game::Rules`] is erased behind a trait object here, once,
//! so runs stay monomorphic inside (the hot loop is generic code for that
//! game) while callers hold one type. Actions cross the boundary as
//! [`Choice`]s — a label and the game's typed action as JSON — so a screen
//! can show and take any game's actions without knowing them.

use std::fmt;
use std::sync::Arc;

use serde::Serialize;

use super::core::{
    CurveLabels, DEFAULT_MAX_TURNS, Illegal, MAX_TURNS_LIMIT, Outcome, Seat, Snapshot, TurnUnit,
    Vanilla,
};
use super::core::{Mover, Onto, Viewer, ZoneId};
use super::game::{
    FIXED_THINK, Level, Mulligan, Pile, Rules, Think, choose, choose_with, render_note,
};
use super::hand::{HandError, HandReport, HandRequest};
use super::position::{Misplaced, Position};
use super::run::{Progress, RunConfig, RunError, Summary, Tally};
use super::schedule::Schedule;
use super::{DeckCards, DeckError, compile};
use crate::games::OptionError;
use crate::model::{Catalog, Deck, GameId};

/// What the caller chooses beyond the deck.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOptions {
    /// `--option key=value` overrides of the game's named options.
    pub overrides: Vec<(String, String)>,
    /// Goldfish games stop (unfinished) after this many turns (rounds).
    pub max_turns: u16,
    /// Rizontical: catalog Fighters the dummy opponent fields (by name).
    pub dummies: Vec<String>,
    /// The decks are a position's cards (a scenario file), not decks to
    /// deal: what a game works out from a deck's size or makeup (Bizarre
    /// World's duel size) is left to the position.
    pub position: bool,
}

impl Default for EngineOptions {
    fn default() -> EngineOptions {
        EngineOptions {
            overrides: Vec::new(),
            max_turns: DEFAULT_MAX_TURNS,
            dummies: Vec::new(),
            position: false,
        }
    }
}

/// Why a deck cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    #[error(
        "Strange World has no test hands, odds or goldfish games (it is a drafting and tile-laying game); its solo mode is `deckwright solo`"
    )]
    NotPlayable(GameId),
    #[error(
        "{0} has no game engine yet: test hands and odds come from its [setup]; goldfish games need an engine"
    )]
    NoEngine(GameId),
    #[error(transparent)]
    Deck(#[from] DeckError),
    #[error(transparent)]
    Option(#[from] OptionError),
    #[error("{0}")]
    Setup(String),
}

fn no_engine(game: GameId) -> EngineError {
    // a game whose decks build Worlds is played by the solo engine
    if crate::games::get(game).is_some_and(|g| g.builds_worlds()) {
        EngineError::NotPlayable(game)
    } else {
        EngineError::NoEngine(game)
    }
}

/// One player's deck, for compiling.
#[derive(Clone, Copy, Debug)]
pub struct DeckSide<'a> {
    pub catalog: &'a Catalog,
    pub cards: &'a DeckCards,
}

/// A game's engine plug-in: how to compile decks for it. One per game, listed
/// in [`super::PLUGINS`].
pub trait Plugin: Sync {
    fn game(&self) -> GameId;
    /// Compiles player 0's deck against player 1's (`None`: the passive
    /// goldfish opponent).
    fn compile(
        &self,
        me: DeckSide<'_>,
        opponent: Option<DeckSide<'_>>,
        opts: &EngineOptions,
    ) -> Result<Engine, EngineError>;
    /// What the engine makes of a card (coverage, the Library's reading).
    fn read(&self, card: &crate::model::Card) -> super::coverage::CardReading;
    /// What a card's text says about deck building, for validation: by
    /// default only its `copy_limit` field (a game whose rulebook lets card
    /// text override its construction rules reads the text, DD-D4).
    fn card_rules(&self, card: &crate::model::Card) -> crate::rules::CardRules {
        crate::rules::CardRules::of_fields(card)
    }
}

/// A game engine with its type erased (see the module docs). Implemented
/// once, for every [`Rules`], by [`Compiled`].
trait DynEngine: Send + Sync {
    fn game(&self) -> GameId;
    fn turn_unit(&self) -> TurnUnit;
    fn labels(&self) -> CurveLabels;
    fn schedule(&self, seat: Seat) -> Schedule;
    fn vanilla(&self) -> Vec<Vanilla>;
    fn distinct(&self) -> Vec<(u16, String, usize)>;
    fn copies(&self) -> usize;
    fn without_one(&self, def: u16) -> Engine;
    fn tally(
        &self,
        cfg: &RunConfig,
        progress: &Progress<'_>,
        per_game: bool,
    ) -> Result<Tally, RunError>;
    fn summary(&self, cfg: &RunConfig, tally: &Tally) -> Summary;
    fn session(&self, seed: u64, seat: Seat, computer: Option<Level>) -> Session;
    fn position(&self, pos: &Position) -> Result<Session, Misplaced>;
    fn hand(&self, req: &HandRequest) -> Result<HandReport, HandError>;
    fn piles(&self) -> Vec<(Option<usize>, Pile)>;
    fn seen_in(&self, pile: Pile, sched: &Schedule, t: u32) -> u32;
    fn pile_for_type(&self, card_type: &str) -> Pile;
    fn play_match(
        &self,
        cfg: &super::matchup::MatchConfig,
        progress: &Progress<'_>,
    ) -> Result<super::matchup::MatchTally, RunError>;
    fn transcript(
        &self,
        cfg: &super::matchup::MatchConfig,
        viewer: Viewer,
    ) -> Result<super::matchup::Transcript, Illegal>;
    fn match_scores(
        &self,
        cfg: &super::matchup::MatchConfig,
        range: std::ops::Range<u64>,
    ) -> Vec<u8>;
    fn kill_turns(&self, cfg: &RunConfig, range: std::ops::Range<u64>) -> Vec<u16>;
}

/// A game's rules behind [`DynEngine`].
pub struct Compiled<R: Rules>(pub Arc<R>);

impl<R: Rules> DynEngine for Compiled<R> {
    fn game(&self) -> GameId {
        self.0.game()
    }
    fn turn_unit(&self) -> TurnUnit {
        R::TURN_UNIT
    }
    fn labels(&self) -> CurveLabels {
        R::LABELS
    }
    fn schedule(&self, seat: Seat) -> Schedule {
        self.0.schedule(seat)
    }
    fn vanilla(&self) -> Vec<Vanilla> {
        self.0.vanilla()
    }
    fn distinct(&self) -> Vec<(u16, String, usize)> {
        self.0
            .distinct()
            .into_iter()
            .map(|(d, n)| (d, self.0.names()[usize::from(d)].clone(), n))
            .collect()
    }
    fn copies(&self) -> usize {
        self.0.own_copies()
    }
    fn without_one(&self, def: u16) -> Engine {
        Engine::of(self.0.without_one(def))
    }
    fn tally(
        &self,
        cfg: &RunConfig,
        progress: &Progress<'_>,
        per_game: bool,
    ) -> Result<Tally, RunError> {
        super::run::run(self.0.as_ref(), cfg, progress, per_game)
    }
    fn summary(&self, cfg: &RunConfig, tally: &Tally) -> Summary {
        Summary::new(self.0.as_ref(), cfg, tally)
    }
    fn session(&self, seed: u64, seat: Seat, computer: Option<Level>) -> Session {
        Session(Box::new(Play::new(self.0.clone(), seed, seat, computer)))
    }
    fn position(&self, pos: &Position) -> Result<Session, Misplaced> {
        let mut state = super::position::place(self.0.as_ref(), pos)?;
        by_hand(self.0.as_ref(), &mut state, None);
        Ok(Session(Box::new(Play {
            rules: self.0.clone(),
            state,
            history: Vec::new(),
            moves: Vec::new(),
            computer: None,
            think: FIXED_THINK,
        })))
    }
    fn hand(&self, req: &HandRequest) -> Result<HandReport, HandError> {
        super::hand::deal(self.0.as_ref(), req)
    }
    fn piles(&self) -> Vec<(Option<usize>, Pile)> {
        (0..self.0.own_copies() as u16)
            .map(|c| (self.0.catalog_card(c), self.0.pile_of(c)))
            .collect()
    }
    fn seen_in(&self, pile: Pile, sched: &Schedule, t: u32) -> u32 {
        self.0.seen_in(pile, sched, t)
    }
    fn pile_for_type(&self, card_type: &str) -> Pile {
        self.0.pile_for_type(card_type)
    }
    fn play_match(
        &self,
        cfg: &super::matchup::MatchConfig,
        progress: &Progress<'_>,
    ) -> Result<super::matchup::MatchTally, RunError> {
        super::matchup::run(self.0.as_ref(), cfg, progress)
    }
    fn transcript(
        &self,
        cfg: &super::matchup::MatchConfig,
        viewer: Viewer,
    ) -> Result<super::matchup::Transcript, Illegal> {
        super::matchup::transcript(self.0.as_ref(), cfg, viewer)
    }
    fn match_scores(
        &self,
        cfg: &super::matchup::MatchConfig,
        range: std::ops::Range<u64>,
    ) -> Vec<u8> {
        super::matchup::scores(self.0.as_ref(), cfg, range)
    }
    fn kill_turns(&self, cfg: &RunConfig, range: std::ops::Range<u64>) -> Vec<u16> {
        super::run::kill_turns(self.0.as_ref(), cfg, range)
    }
}

/// Decks compiled for their game's engine (cheap to clone).
#[derive(Clone)]
pub struct Engine(Arc<dyn DynEngine>);

impl fmt::Debug for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Engine({})", self.game())
    }
}

impl Engine {
    /// Wraps a game's rules.
    pub fn of<R: Rules>(rules: R) -> Engine {
        Engine(Arc::new(Compiled(Arc::new(rules))))
    }

    /// Compiles `deck` for `catalog`'s game, against the passive goldfish
    /// opponent.
    pub fn new(
        catalog: &Catalog,
        deck: &Deck,
        opts: &EngineOptions,
    ) -> Result<Engine, EngineError> {
        // a game with neither an engine nor a hand says so before the deck
        // is compiled
        if !super::deals(catalog.game) {
            return Err(no_engine(catalog.game));
        }
        let cards = compile(catalog, deck)?;
        Engine::from_cards(catalog, &cards, opts)
    }

    /// As [`Engine::new`], for an already compiled deck.
    pub fn from_cards(
        catalog: &Catalog,
        cards: &DeckCards,
        opts: &EngineOptions,
    ) -> Result<Engine, EngineError> {
        Engine::versus(DeckSide { catalog, cards }, None, opts)
    }

    /// Compiles player 0's deck against player 1's (`None`: passive).
    pub fn versus(
        me: DeckSide<'_>,
        opponent: Option<DeckSide<'_>>,
        opts: &EngineOptions,
    ) -> Result<Engine, EngineError> {
        if opts.max_turns == 0 || opts.max_turns > MAX_TURNS_LIMIT {
            return Err(EngineError::Setup(format!(
                "the turn limit must be between 1 and {MAX_TURNS_LIMIT} (got {})",
                opts.max_turns
            )));
        }
        let game = me.catalog.game;
        if let Some(o) = &opponent
            && o.catalog.game != game
        {
            return Err(EngineError::Setup(format!(
                "the decks are for different games ({game} and {})",
                o.catalog.game
            )));
        }
        match super::plugin(game) {
            Some(p) => p.compile(me, opponent, opts),
            // a game added as data deals by its [setup]: hands and odds
            None if opponent.is_none() => super::dealt::Dealt::new(me, opts.max_turns)
                .map(Engine::of)
                .ok_or_else(|| no_engine(game)),
            None => Err(no_engine(game)),
        }
    }

    pub fn game(&self) -> GameId {
        self.0.game()
    }
    pub fn turn_unit(&self) -> TurnUnit {
        self.0.turn_unit()
    }
    pub fn labels(&self) -> CurveLabels {
        self.0.labels()
    }
    /// Player 0's draw schedule in `seat`.
    pub fn schedule(&self, seat: Seat) -> Schedule {
        self.0.schedule(seat)
    }
    /// Cards the engine plays (partly) as vanilla.
    pub fn vanilla(&self) -> Vec<Vanilla> {
        self.0.vanilla()
    }
    /// The distinct cards of the deck: (definition index, name, copies).
    pub fn distinct(&self) -> Vec<(u16, String, usize)> {
        self.0.distinct()
    }
    pub fn copies(&self) -> usize {
        self.0.copies()
    }
    /// The deck with one copy of definition `def` replaced by a blank card.
    pub fn without_one(&self, def: u16) -> Engine {
        self.0.without_one(def)
    }
    /// Plays `cfg.games` goldfish games; `per_game` also keeps each game's
    /// kill turn (for paired comparisons).
    pub fn tally(
        &self,
        cfg: &RunConfig,
        progress: &Progress<'_>,
        per_game: bool,
    ) -> Result<Tally, RunError> {
        self.plays()?;
        self.0.tally(cfg, progress, per_game)
    }
    /// Turns a tally of this engine into the report.
    pub fn summary(&self, cfg: &RunConfig, tally: &Tally) -> Summary {
        self.0.summary(cfg, tally)
    }
    /// Whether games can be played out: a game added as data only deals.
    pub fn plays(&self) -> Result<(), RunError> {
        match super::plugin(self.game()) {
            Some(_) => Ok(()),
            None => Err(RunError::NoEngine(no_engine(self.game()).to_string())),
        }
    }
    /// Plays the games and reports them.
    pub fn goldfish(&self, cfg: &RunConfig, progress: &Progress<'_>) -> Result<Summary, RunError> {
        let t = self.tally(cfg, progress, false)?;
        Ok(self.summary(cfg, &t))
    }
    /// A new game dealt and started: the first decision is the player's.
    pub fn session(&self, seed: u64, seat: Seat) -> Session {
        self.0.session(seed, seat, None)
    }
    /// A game against the computer (an engine compiled with an opponent by
    /// [`Engine::versus`]): player 1 is played at `level` — its moves are
    /// made and logged as soon as it is to act; you play player 0.
    pub fn session_against_computer(&self, seed: u64, seat: Seat, level: Level) -> Session {
        self.0.session(seed, seat, Some(level))
    }
    /// A game set up at `pos` (a scenario file), both seats played by hand:
    /// the decks must hold exactly the position's cards, seat by seat in
    /// listing order ([`super::position::Position`]).
    pub fn position(&self, pos: &Position) -> Result<Session, Misplaced> {
        self.0.position(pos)
    }
    /// A test hand (the game's own setup).
    pub fn hand(&self, req: &HandRequest) -> Result<HandReport, HandError> {
        self.0.hand(req)
    }
    /// Each of player 0's copies: its catalog card and pile.
    pub fn piles(&self) -> Vec<(Option<usize>, Pile)> {
        self.0.piles()
    }
    /// How many cards of `pile` player 0 has seen by turn `t`.
    pub fn seen_in(&self, pile: Pile, sched: &Schedule, t: u32) -> u32 {
        self.0.seen_in(pile, sched, t)
    }
    /// The pile a card of type `card_type` would start in.
    pub fn pile_for_type(&self, card_type: &str) -> Pile {
        self.0.pile_for_type(card_type)
    }
    /// Plays complete two-player games (an engine compiled with
    /// [`Engine::versus`] and an opponent) and reports them for deck A.
    pub fn play_match(
        &self,
        cfg: &super::matchup::MatchConfig,
        progress: &Progress<'_>,
    ) -> Result<super::matchup::MatchReport, RunError> {
        self.plays()?;
        let t = self.0.play_match(cfg, progress)?;
        Ok(super::matchup::MatchReport::new(self.game(), cfg, &t))
    }

    /// Deck A's score in each game of `range` of a match, in half points
    /// (see [`super::matchup::scores`]), on this thread.
    pub fn match_scores(
        &self,
        cfg: &super::matchup::MatchConfig,
        range: std::ops::Range<u64>,
    ) -> Result<Vec<u8>, RunError> {
        self.plays()?;
        Ok(self.0.match_scores(cfg, range))
    }

    /// The goldfish kill turn of each game of `range` (0: no win), on this
    /// thread.
    pub fn kill_turns(
        &self,
        cfg: &RunConfig,
        range: std::ops::Range<u64>,
    ) -> Result<Vec<u16>, RunError> {
        self.plays()?;
        Ok(self.0.kill_turns(cfg, range))
    }
}

impl Engine {
    /// The first game of a match (`cfg`'s seed, seats and levels) move by
    /// move, with the log as `viewer` saw it.
    pub fn transcript(
        &self,
        cfg: &super::matchup::MatchConfig,
        viewer: Viewer,
    ) -> Result<super::matchup::Transcript, RunError> {
        self.plays()?;
        self.0
            .transcript(cfg, viewer)
            .map_err(|e| RunError::Engine(e.to_string()))
    }
}

/// A game's typed action, as the session passes it around: the game and the
/// action as JSON (what the game's `Action` serializes to).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct ActionKey {
    pub game: GameId,
    pub action: serde_json::Value,
}

impl ActionKey {
    /// The key of a game's typed action.
    pub fn of<R: Rules>(rules: &R, a: R::Action) -> ActionKey {
        ActionKey {
            game: rules.game(),
            action: serde_json::to_value(a).unwrap_or(serde_json::Value::Null),
        }
    }
}

/// An action and its label, for a button.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Choice {
    pub action: ActionKey,
    pub label: String,
    /// One of the card-choosing mulligan's many actions (Rizontical's
    /// "return these Powers"): a screen offers that choice card by card.
    pub chooses_cards: bool,
    /// The card (or pile) the move belongs to (`None`: the whole turn's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mover: Option<Mover>,
    /// Where the move takes that card: another card, a cell, or the zone it
    /// lands in (`None`: it stays where it is: an ability, a declaration).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub onto: Option<Onto>,
}

/// One game of one engine, with its undo history (see [`Session`]).
trait DynPlay: Send + Sync {
    fn snapshot(&self) -> Snapshot;
    fn choices(&self) -> Vec<Choice>;
    fn apply(&mut self, action: &ActionKey) -> Result<(), Illegal>;
    fn play(&mut self, action: &ActionKey) -> Result<(), Illegal>;
    fn answer(&mut self);
    fn to_answer(&self) -> bool;
    fn active(&self) -> usize;
    fn hint(&self) -> Option<Choice>;
    fn finish_turn(&mut self) -> Result<(), Illegal>;
    fn undo(&mut self) -> bool;
    fn outcome(&self) -> Option<Outcome>;
    fn log(&self) -> Vec<String>;
    fn view(&self, viewer: Viewer) -> serde_json::Value;
    fn hidden_twin(&self, viewer: usize, seed: u64) -> Option<Box<dyn DynPlay>>;
    fn to_act(&self) -> usize;
    fn decide(&self, level: Level, think: Think) -> Option<Choice>;
    fn set_think(&mut self, think: Think);
    fn preview(&self, action: &ActionKey) -> Result<Snapshot, Illegal>;
    fn invariants(&self) -> Result<(), String>;
    fn mulligan(&self) -> Option<Mulligan>;
    fn take_mulligan(&mut self, returned: &[u16]) -> Result<(), Illegal>;
    fn keep(&mut self) -> Result<(), Illegal>;
    fn draw_pile(&self, p: usize) -> Vec<String>;
    fn boxed(&self) -> Box<dyn DynPlay>;
    fn moves(&self) -> Vec<ActionKey>;
    fn move_count(&self) -> usize;
    fn seed(&self) -> u64;
}

/// Marks the seats a person plays in a session: every seat that is
/// neither passive nor the computer's (player 1 with `computer`).
fn by_hand<R: Rules>(rules: &R, state: &mut R::State, computer: Option<Level>) {
    let core = rules.core_mut(state);
    for p in 0..2 {
        let computers = p == 1 && computer.is_some();
        core.by_hand[p] = !core.passive[p] && !computers;
    }
}

/// The refusal of an action taken while the other side is to act.
fn not_yours() -> Illegal {
    Illegal::new("not your turn", "the other side is to act")
}

/// The most undo steps a session keeps.
pub const UNDO_LIMIT: usize = 500;

struct Play<R: Rules> {
    rules: Arc<R>,
    state: R::State,
    history: Vec<R::State>,
    /// Every action the player took, in order, undone ones removed: with
    /// the seed, the whole game (the computer's answers replay from them).
    moves: Vec<R::Action>,
    /// Player 1 played by the computer at this level.
    computer: Option<Level>,
    /// How long the computer thinks a move when its level searches: a
    /// budget in iterations, so a saved game's moves replay the computer's
    /// answers exactly.
    think: Think,
}

impl<R: Rules> Play<R> {
    fn new(rules: Arc<R>, seed: u64, seat: Seat, computer: Option<Level>) -> Play<R> {
        let mut state = rules.new_state();
        rules.log_mut(&mut state).on = true;
        // the person's seats make their own choices, from the deal on
        by_hand(rules.as_ref(), &mut state, computer);
        rules.start(&mut state, seed, seat);
        let mut p = Play {
            rules,
            state,
            history: Vec::new(),
            moves: Vec::new(),
            computer,
            think: computer.map_or(FIXED_THINK, Level::fixed_think),
        };
        // the opponent's passive turns pass by themselves
        p.settle();
        p
    }

    /// Applies `a`, then lets the other side answer; an illegal action
    /// leaves the game exactly as it was.
    fn act(&mut self, a: R::Action) -> Result<(), Illegal> {
        self.act_alone(a)?;
        self.settle();
        Ok(())
    }

    /// Applies the player's `a` and nothing after it (the answers:
    /// [`Play::settle`]). Undo takes both back together.
    fn act_alone(&mut self, a: R::Action) -> Result<(), Illegal> {
        if self.waiting() {
            return Err(not_yours());
        }
        let before = self.state.clone();
        if let Err(e) = self.rules.apply(&mut self.state, a) {
            self.state = before;
            return Err(e);
        }
        if self.history.len() == UNDO_LIMIT {
            self.history.remove(0);
        }
        self.history.push(before);
        self.moves.push(a);
        Ok(())
    }

    /// Whether a passive seat or the computer is to act (what
    /// [`Play::settle`] plays).
    fn waiting(&self) -> bool {
        if self.rules.outcome(&self.state).is_some() {
            return false;
        }
        let p = self.rules.to_act(&self.state);
        self.rules.passive(&self.state, p) || (p == 1 && self.computer.is_some())
    }

    /// Lets passive seats take their decisions (they only ever pass), and
    /// the computer make its moves, until it is the player's turn to act.
    fn settle(&mut self) {
        let mut guard = 0;
        while self.rules.outcome(&self.state).is_none() {
            let p = self.rules.to_act(&self.state);
            if guard > 10_000 {
                break;
            }
            let a = if self.rules.passive(&self.state, p) {
                self.rules.pass(&self.state)
            } else if let (1, Some(level)) = (p, self.computer) {
                choose_with(&*self.rules, &self.state, [level; 2], [self.think; 2])
            } else {
                break;
            };
            if self.rules.apply(&mut self.state, a).is_err() {
                break;
            }
            guard += 1;
        }
    }

    /// The game's typed action of a key.
    fn decode(&self, action: &ActionKey) -> Result<R::Action, Illegal> {
        let wrong = || Illegal::new("wrong game", "that action belongs to another game");
        if action.game != self.rules.game() {
            return Err(wrong());
        }
        serde_json::from_value(action.action.clone()).map_err(|_| wrong())
    }

    fn choice(&self, a: R::Action) -> Choice {
        let mover = self.rules.mover(&self.state, a);
        Choice {
            label: self.rules.describe(&self.state, a),
            action: ActionKey::of(&*self.rules, a),
            chooses_cards: false,
            mover,
            onto: self
                .rules
                .onto(&self.state, a)
                .or_else(|| self.lands(mover?, a)),
        }
    }

    /// The zone `mover`'s card lands in when `a` is played, when that is
    /// another zone than the one it lies in (played on a copy, log off).
    fn lands(&self, mover: Mover, a: R::Action) -> Option<Onto> {
        let Mover::Card(copy) = mover else {
            return None;
        };
        let before = self.rules.core(&self.state).zones.zone_of(copy)?;
        let probe = super::game::played(&*self.rules, &self.state, a)?;
        let after = self.rules.core(&probe).zones.zone_of(copy)?;
        (after != before).then(|| Onto::Zone(ZoneId::player(after) as u8, ZoneId::name(after)))
    }
}

impl<R: Rules> DynPlay for Play<R> {
    fn snapshot(&self) -> Snapshot {
        self.rules.snapshot(&self.state)
    }

    fn choices(&self) -> Vec<Choice> {
        // the computer's moves are never the player's to choose
        if self.waiting() {
            return Vec::new();
        }
        let mut out = Vec::new();
        self.rules.legal_actions(&self.state, &mut out);
        // a mulligan that chooses cards: its actions are marked, so a screen
        // can offer the choice card by card (`take_mulligan`) instead
        let choosing = matches!(
            self.rules.mulligan(&self.state),
            Some(Mulligan::Choose { .. })
        );
        let keep = self.rules.keep_action(&self.state);
        out.into_iter()
            .map(|a| {
                let mut c = self.choice(a);
                c.chooses_cards = choosing && Some(a) != keep;
                c
            })
            .collect()
    }

    fn apply(&mut self, action: &ActionKey) -> Result<(), Illegal> {
        let a = self.decode(action)?;
        self.act(a)
    }

    fn play(&mut self, action: &ActionKey) -> Result<(), Illegal> {
        let a = self.decode(action)?;
        self.act_alone(a)
    }

    fn answer(&mut self) {
        self.settle();
    }

    fn to_answer(&self) -> bool {
        self.waiting()
    }

    fn active(&self) -> usize {
        self.rules.core(&self.state).active
    }

    fn preview(&self, action: &ActionKey) -> Result<Snapshot, Illegal> {
        let a = self.decode(action)?;
        let mut state = self.state.clone();
        self.rules.apply(&mut state, a)?;
        Ok(self.rules.snapshot(&state))
    }

    fn hint(&self) -> Option<Choice> {
        if self.rules.outcome(&self.state).is_some() || self.waiting() {
            return None;
        }
        Some(self.choice(choose(
            self.rules.as_ref(),
            &self.state,
            [Level::Goldfish; 2],
        )))
    }

    fn finish_turn(&mut self) -> Result<(), Illegal> {
        let turn = self.rules.snapshot(&self.state).turn;
        let mut guard = 0;
        while self.rules.outcome(&self.state).is_none()
            && self.rules.snapshot(&self.state).turn == turn
        {
            let a = choose(self.rules.as_ref(), &self.state, [Level::Goldfish; 2]);
            self.act(a)?;
            guard += 1;
            if guard > 10_000 {
                return Err(Illegal::new(
                    "loop guard",
                    "the policy did not end the turn",
                ));
            }
        }
        Ok(())
    }

    fn undo(&mut self) -> bool {
        match self.history.pop() {
            Some(s) => {
                self.state = s;
                self.moves.pop();
                true
            }
            None => false,
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.rules.outcome(&self.state)
    }

    fn log(&self) -> Vec<String> {
        self.rules
            .log(&self.state)
            .notes
            .iter()
            .map(|n| render_note(self.rules.as_ref(), &self.state, n))
            .collect()
    }

    fn view(&self, viewer: Viewer) -> serde_json::Value {
        super::position::state_json(self.rules.as_ref(), &self.state, viewer)
    }

    fn hidden_twin(&self, viewer: usize, seed: u64) -> Option<Box<dyn DynPlay>> {
        let mut state = self.state.clone();
        if !self.rules.sample_world(&mut state, viewer, seed) {
            return None;
        }
        // the same players as the game itself (a sampler readies its world
        // for a look-ahead that plays both seats)
        self.rules.core_mut(&mut state).by_hand = self.rules.core(&self.state).by_hand;
        Some(Box::new(Play {
            rules: self.rules.clone(),
            state,
            history: Vec::new(),
            moves: Vec::new(),
            computer: self.computer,
            think: self.think,
        }))
    }

    fn invariants(&self) -> Result<(), String> {
        self.rules.invariants(&self.state)
    }

    fn to_act(&self) -> usize {
        self.rules.to_act(&self.state)
    }

    fn decide(&self, level: Level, think: Think) -> Option<Choice> {
        if self.rules.outcome(&self.state).is_some() {
            return None;
        }
        let a = choose_with(&*self.rules, &self.state, [level; 2], [think; 2]);
        Some(self.choice(a))
    }

    fn set_think(&mut self, think: Think) {
        self.think = think;
    }

    fn mulligan(&self) -> Option<Mulligan> {
        self.rules.mulligan(&self.state)
    }

    fn take_mulligan(&mut self, returned: &[u16]) -> Result<(), Illegal> {
        let a = self.rules.mulligan_action(&self.state, returned)?;
        self.act(a)
    }

    fn keep(&mut self) -> Result<(), Illegal> {
        match self.rules.keep_action(&self.state) {
            Some(a) => self.act(a),
            None => Err(Illegal::new(
                "mulligan",
                "there is no mulligan to decline now",
            )),
        }
    }

    fn draw_pile(&self, p: usize) -> Vec<String> {
        self.rules
            .draw_pile(&self.state, p)
            .iter()
            .map(|&c| self.rules.copy_name(c).to_string())
            .collect()
    }

    fn boxed(&self) -> Box<dyn DynPlay> {
        Box::new(Play {
            rules: self.rules.clone(),
            state: self.state.clone(),
            history: self.history.clone(),
            moves: self.moves.clone(),
            computer: self.computer,
            think: self.think,
        })
    }

    fn moves(&self) -> Vec<ActionKey> {
        self.moves
            .iter()
            .map(|&a| ActionKey::of(&*self.rules, a))
            .collect()
    }

    fn move_count(&self) -> usize {
        self.moves.len()
    }

    fn seed(&self) -> u64 {
        self.rules.core(&self.state).seed
    }
}

/// One game played by hand (the Playtest screen's state).
pub struct Session(Box<dyn DynPlay>);

impl Clone for Session {
    fn clone(&self) -> Session {
        Session(self.0.boxed())
    }
}

impl fmt::Debug for Session {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.0.snapshot();
        write!(f, "Session({} seed {} turn {})", s.game, s.seed, s.turn)
    }
}

impl Session {
    /// The game as plain data.
    pub fn snapshot(&self) -> Snapshot {
        self.0.snapshot()
    }
    /// Every legal action now, with labels.
    pub fn choices(&self) -> Vec<Choice> {
        self.0.choices()
    }
    /// Validates and performs an action, then lets the other side answer
    /// (the computer's moves, a goldfish's passes); an illegal one changes
    /// nothing.
    pub fn apply(&mut self, action: &ActionKey) -> Result<(), Illegal> {
        self.0.apply(action)
    }
    /// [`Session::apply`] without the answer: the player's action alone, so
    /// a screen can show it at once and let the computer think elsewhere
    /// ([`Session::answer`]). While an answer is due the player has no
    /// choices and every action is refused.
    pub fn play(&mut self, action: &ActionKey) -> Result<(), Illegal> {
        self.0.play(action)
    }
    /// Lets the other side take its decisions until the player is to act
    /// (or the game is over).
    pub fn answer(&mut self) {
        self.0.answer()
    }
    /// Whether the other side is to act ([`Session::answer`] has work).
    pub fn to_answer(&self) -> bool {
        self.0.to_answer()
    }
    /// The seat whose decision it is.
    pub fn to_act(&self) -> usize {
        self.0.to_act()
    }
    /// The move `level` would make for the seat to act, thinking for
    /// `think` when it searches (`None` once the game is over). The session
    /// is untouched: a screen runs this on a copy, away from its thread.
    pub fn decide(&self, level: Level, think: Think) -> Option<Choice> {
        self.0.decide(level, think)
    }
    /// How long the computer seat thinks a move from now on.
    pub fn set_think(&mut self, think: Think) {
        self.0.set_think(think)
    }
    /// Whose turn it is (0: the player's). A decision of the player's on
    /// the other side's turn answers that side's move (a response window).
    pub fn active(&self) -> usize {
        self.0.active()
    }
    /// The table right after `action`, before anyone answers it (the
    /// computer's moves and passive seats are not played): where a card
    /// would go, for a screen that offers dragging it there. The game is
    /// not changed.
    pub fn preview(&self, action: &ActionKey) -> Result<Snapshot, Illegal> {
        self.0.preview(action)
    }
    /// What the goldfish policy would do now.
    pub fn hint(&self) -> Option<Choice> {
        self.0.hint()
    }
    /// Lets the policy play the rest of the current turn.
    pub fn finish_turn(&mut self) -> Result<(), Illegal> {
        self.0.finish_turn()
    }
    /// Takes back the last action; `false` when there is nothing to undo.
    pub fn undo(&mut self) -> bool {
        self.0.undo()
    }
    pub fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }
    /// The game log, one line per event, as player 0 sees it.
    pub fn log(&self) -> Vec<String> {
        self.0.log()
    }
    /// The state JSON of a scenario (formats.md §5) as `viewer` sees it:
    /// every seat's counters and zones, the log; what the viewer may not
    /// see is `"?"` or unnamed.
    pub fn view(&self, viewer: Viewer) -> serde_json::Value {
        self.0.view(viewer)
    }
    /// Card conservation and the game's invariants (for tests and debugging).
    pub fn invariants(&self) -> Result<(), String> {
        self.0.invariants()
    }
    /// The mulligan on offer now, if the game waits for one.
    pub fn mulligan(&self) -> Option<Mulligan> {
        self.0.mulligan()
    }
    /// Takes the mulligan, returning `returned` (copy ids from the hand; a
    /// whole-hand mulligan ignores them).
    pub fn take_mulligan(&mut self, returned: &[u16]) -> Result<(), Illegal> {
        self.0.take_mulligan(returned)
    }
    /// Keeps the hand.
    pub fn keep(&mut self) -> Result<(), Illegal> {
        self.0.keep()
    }
    /// The player's actions so far, in order (undone ones removed): with
    /// the seed, seat and opponent, what [`Session::replay`] needs to set
    /// the game up again.
    pub fn moves(&self) -> Vec<ActionKey> {
        self.0.moves()
    }
    /// How many actions the player has taken (cheap: no encoding).
    pub fn move_count(&self) -> usize {
        self.0.move_count()
    }
    /// The seed the game was dealt from.
    pub fn seed(&self) -> u64 {
        self.0.seed()
    }
    /// Plays `moves` in order (a game saved with [`Session::moves`]). The
    /// first one that is not legal stops the replay: the error says which.
    pub fn replay(&mut self, moves: &[ActionKey]) -> Result<(), (usize, Illegal)> {
        for (n, m) in moves.iter().enumerate() {
            self.apply(m).map_err(|e| (n, e))?;
        }
        Ok(())
    }
    /// The same game with everything hidden from player `viewer` dealt
    /// again from `seed` (the strong player's sampler, [`Rules::sample_world`]):
    /// a game `viewer` cannot tell from this one, so its [`Session::view`]
    /// must not change (the hidden-information property test). `None` when
    /// the game has no sampler.
    pub fn hidden_twin(&self, viewer: usize, seed: u64) -> Option<Session> {
        self.0.hidden_twin(viewer, seed).map(Session)
    }
    /// The cards player `p` has not drawn yet, top last (hidden
    /// information: for tests and replay tools, not for a screen).
    pub fn draw_pile(&self, p: usize) -> Vec<String> {
        self.0.draw_pile(p)
    }
}
