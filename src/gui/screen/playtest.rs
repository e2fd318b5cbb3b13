//! The Playtest screen (issue 5): test hands, games played by hand, and
//! goldfish runs.
//!
//! - **By hand.** Deal the game's own opening (the seed is shown and can be
//!   typed in to replay it), take the mulligan the game allows, then step
//!   through turns by choosing among the actions the engine lists as legal
//!   ([`Session::choices`]): costs and zones are the engine's to enforce, and
//!   an action it refuses comes back with the rule. The goldfish policy can
//!   suggest a move or finish the turn; Undo steps back.
//! - **Goldfish.** N games against a passive opponent on the worker pool,
//!   with a progress bar and Cancel; the report's kill-turn histogram and
//!   per-turn curves are drawn as charts.
//! - **Quick estimate.** Whenever the screen loads a deck (its latest saved
//!   version, so after every edit made in the deck builder) it re-runs a
//!   10,000-game estimate on fixed seeds ([`estimate`]); the deck builder's
//!   Odds tab shows the same estimate, re-run after every edit.
//!
//! - **Against the computer.** Pick an opponent deck of the same game and a
//!   level: a full two-player game by hand, every rule enforced by the
//!   engine, the computer's moves made as soon as it is to act and written
//!   in the log; Undo takes back your last move and the computer's answers.
//!
//! Strange World has no goldfish (its solo mode is the World screen), so its
//! decks are not offered here.

pub use crate::gui::widget::estimate;
mod goldfish;
mod view;

pub use goldfish::charts;

use std::collections::BTreeSet;
use std::sync::Arc;

use iced::Task;

use crate::engine::core::Seat;
use crate::engine::game::{Level, Mulligan};
use crate::engine::run::Summary;
use crate::engine::session::{ActionKey, Engine, Session};
use crate::gui::db::Db;
use crate::gui::job::{Cancel, Runs, Update};
use crate::gui::widget::Pick;
use crate::gui::widget::chart::{BarChart, LineChart};
use crate::model::Catalog;
use crate::store::{DeckId, DeckInfo};

use super::{Action, Shortcut};

use estimate::Stopped;

/// The id of the seed box.
pub const SEED_ID: &str = "playtest-seed";
/// The id of the box for the number of goldfish games.
pub const GAMES_ID: &str = "playtest-games";
/// Goldfish games per run unless the user asks for another number.
pub const DEFAULT_GAMES: u64 = 10_000;
/// The most games the screen runs at once.
pub const MAX_GAMES: u64 = 10_000_000;
/// Per-turn curves are drawn up to this turn.
const CURVE_TURNS: u16 = 20;

/// The Playtest screen.
#[derive(Debug)]
pub struct Playtest {
    db: Db,
    decks: Vec<DeckInfo>,
    recent: Vec<DeckId>,
    current: Option<Current>,
    seat: Seat,
    seed_text: String,
    session: Option<Session>,
    /// Hand positions chosen for a mulligan that returns cards (Rizontical).
    returns: BTreeSet<usize>,
    refusal: Option<String>,
    games_text: String,
    run: RunState,
    runs: Runs,
    charts: Option<Charts>,
    estimate: Estimate,
    estimates: Runs,
    estimate_cancel: Option<Cancel>,
    /// The computer's deck, when playing against it.
    opponent: Option<DeckId>,
    /// How the computer plays.
    level: Level,
    /// Both decks compiled for a game against the computer, or why not.
    versus: Option<Result<Engine, String>>,
}

/// The loaded deck.
#[derive(Debug, Clone)]
pub struct Current {
    pub info: DeckInfo,
    pub catalog: Arc<Catalog>,
    /// The compiled deck, or why it cannot be played.
    pub engine: Result<Engine, String>,
}

/// A goldfish run.
#[derive(Clone, Debug)]
pub enum RunState {
    Idle,
    Running {
        done: u64,
        total: u64,
        cancel: Cancel,
    },
    Done(Box<Summary>),
    Cancelled {
        done: u64,
        total: u64,
    },
    Failed(String),
}

pub use crate::gui::widget::estimate::Estimate;

/// The charts of a finished run.
#[derive(Clone, Debug, PartialEq)]
pub struct Charts {
    pub histogram: BarChart,
    pub resources: LineChart,
    pub damage: LineChart,
}

/// A run's progress (games done, games in all) and result.
pub type RunUpdate = Update<(u64, u64), Result<Summary, Stopped>>;

#[derive(Debug, Clone)]
pub enum Message {
    Listed(Result<Vec<DeckInfo>, String>),
    Deck(Pick<DeckId>),
    Loaded(Result<Current, String>),
    Seat(Seat),
    SeedTyped(String),
    /// Deal from the typed seed.
    Deal,
    /// Deal from a fresh seed.
    NewSeed,
    /// Play an action the engine listed.
    Act(ActionKey),
    /// Choose or unchoose a hand card (by position) for the mulligan.
    ToggleReturn(usize),
    /// Take the mulligan with the chosen cards.
    ReturnChosen,
    PlayHint,
    FinishTurn,
    Undo,
    GamesTyped(String),
    Run,
    Running(u64, RunUpdate),
    Cancel,
    Estimated(u64, Result<Summary, Stopped>),
    /// Play against the computer with this deck (`None`: alone, goldfish).
    Opponent(Pick<DeckId>),
    /// The computer's level.
    Level(Level),
    /// The two decks compiled (the opponent's id, the engine or why not).
    VersusLoaded(DeckId, Result<Engine, String>),
}

impl Playtest {
    pub fn new(db: Db, recent: Vec<DeckId>) -> (Playtest, Task<Message>) {
        let p = Playtest {
            db,
            decks: Vec::new(),
            recent,
            current: None,
            seat: Seat::First,
            seed_text: String::new(),
            session: None,
            returns: BTreeSet::new(),
            refusal: None,
            games_text: DEFAULT_GAMES.to_string(),
            run: RunState::Idle,
            runs: Runs::default(),
            charts: None,
            estimate: Estimate::None,
            estimates: Runs::default(),
            estimate_cancel: None,
            opponent: None,
            level: Level::Quick,
            versus: None,
        };
        let task = Task::perform(
            p.db.run(|s| {
                Ok(s.decks(None)?
                    .into_iter()
                    .filter(|d| crate::engine::deals(d.game))
                    .collect())
            }),
            Message::Listed,
        );
        (p, task)
    }

    pub fn current(&self) -> Option<&Current> {
        self.current.as_ref()
    }

    pub fn session(&self) -> Option<&Session> {
        self.session.as_ref()
    }

    pub fn seat(&self) -> Seat {
        self.seat
    }

    pub fn refusal(&self) -> Option<&str> {
        self.refusal.as_deref()
    }

    pub fn run(&self) -> &RunState {
        &self.run
    }

    pub fn charts(&self) -> Option<&Charts> {
        self.charts.as_ref()
    }

    pub fn estimate(&self) -> &Estimate {
        &self.estimate
    }

    pub fn decks(&self) -> &[DeckInfo] {
        &self.decks
    }

    pub fn is_ready(&self) -> bool {
        self.current.is_some()
    }

    pub fn update(&mut self, message: Message) -> Action<Message> {
        match message {
            Message::Listed(r) => self.listed(r),
            Message::Deck(p) => self.pick_deck(p.value),
            Message::Loaded(r) => self.loaded(r),
            Message::Seat(s) => self.set_seat(s),
            Message::SeedTyped(t) => self.seed_typed(t),
            Message::Deal => self.deal_typed(),
            Message::NewSeed => self.deal(crate::engine::fresh_seed()),
            Message::Act(a) => self.act(a),
            Message::ToggleReturn(n) => self.toggle_return(n),
            Message::ReturnChosen => self.return_chosen(),
            Message::PlayHint => self.play_hint(),
            Message::FinishTurn => self.finish_turn(),
            Message::Undo => self.undo(),
            Message::GamesTyped(t) => self.games_typed(t),
            Message::Run => self.start_run(),
            Message::Running(run, u) => self.running(run, u),
            Message::Cancel => self.cancel(),
            Message::Estimated(run, r) => self.estimated(run, r),
            Message::Opponent(p) => self.pick_opponent(p.value),
            Message::Level(l) => {
                self.level = l;
                self.redeal()
            }
            Message::VersusLoaded(id, r) => {
                if self.opponent != Some(id) {
                    return Action::None;
                }
                self.versus = Some(r);
                self.redeal()
            }
        }
    }

    pub fn shortcut(&mut self, s: Shortcut) -> Action<Message> {
        match s {
            Shortcut::Undo => self.undo(),
            Shortcut::Escape => self.cancel(),
            _ => Action::None,
        }
    }

    /// What leaving the screen stops: a run and the estimate.
    /// Comes back after another screen was on show: reads the deck list
    /// again; a game in progress is kept unless its deck was edited meanwhile
    /// (then it is dealt again with the same seed, and the banner says so).
    pub fn resume(&mut self) -> Task<Message> {
        // work stopped when the screen was left reports nothing any more
        if let RunState::Running { done, total, .. } = &self.run {
            self.run = RunState::Cancelled {
                done: *done,
                total: *total,
            };
        }
        if matches!(self.estimate, Estimate::Running) {
            self.estimate = Estimate::None;
        }
        self.estimate_cancel = None;
        Task::perform(
            self.db.run(|s| {
                Ok(s.decks(None)?
                    .into_iter()
                    .filter(|d| crate::engine::deals(d.game))
                    .collect())
            }),
            Message::Listed,
        )
    }

    pub fn stop(&mut self) {
        if let RunState::Running { cancel, .. } = &self.run {
            cancel.cancel();
        }
        if let Some(c) = &self.estimate_cancel {
            c.cancel();
        }
    }

    // ---- the deck ----

    fn listed(&mut self, r: Result<Vec<DeckInfo>, String>) -> Action<Message> {
        let decks = match r {
            Ok(d) => d,
            Err(e) => return Action::Error(e),
        };
        self.decks = decks;
        if let Some(c) = &self.current
            && self.decks.iter().any(|d| d.id == c.info.id)
        {
            return self.pick_deck(Some(c.info.id));
        }
        let latest = self.decks.iter().max_by(|a, b| a.updated.cmp(&b.updated));
        let first = self
            .recent
            .iter()
            .find(|id| self.decks.iter().any(|d| d.id == **id))
            .copied()
            .or(latest.map(|d| d.id));
        match first {
            Some(id) => self.pick_deck(Some(id)),
            None => Action::Notice(
                "There is no deck to playtest yet: build one in Decks (Strange World plays on the World screen)."
                    .into(),
            ),
        }
    }

    fn pick_deck(&mut self, id: Option<DeckId>) -> Action<Message> {
        let Some(id) = id else {
            return Action::None;
        };
        Action::Run(Task::perform(
            self.db.run(move |s| {
                let info = s.deck_info(id)?;
                let deck = s.load_deck(id)?;
                let catalog = Arc::new(s.load_catalog(info.catalog_id)?);
                Ok(Current {
                    engine: estimate::engine(&catalog, &deck),
                    catalog,
                    info,
                })
            }),
            Message::Loaded,
        ))
    }

    fn loaded(&mut self, r: Result<Current, String>) -> Action<Message> {
        match r {
            Ok(c) => {
                if let Some(old) = &self.current
                    && self.session.is_some()
                    && old.info.id == c.info.id
                    && old.info.updated == c.info.updated
                {
                    // the same version of the deck: the game goes on
                    self.current = Some(c);
                    return match self.estimate {
                        Estimate::None => self.start_estimate(),
                        _ => Action::None,
                    };
                }
                let replaced = self.session.is_some()
                    && self
                        .current
                        .as_ref()
                        .is_some_and(|o| o.info.id == c.info.id);
                self.stop();
                self.runs.forget();
                self.run = RunState::Idle;
                self.charts = None;
                self.current = Some(c);
                if let Some(o) = self.opponent {
                    if self.opponents().iter().any(|d| d.id == o) {
                        // the deck changed: compile the game against the
                        // computer again
                        return self.pick_opponent(Some(o)).and(self.start_estimate());
                    }
                    self.opponent = None;
                    self.versus = None;
                }
                let seed = self
                    .session
                    .as_ref()
                    .map_or_else(crate::engine::fresh_seed, |s| s.snapshot().seed);
                let deal = self.deal(seed);
                let notice = if replaced {
                    Action::Notice(format!(
                        "The deck was edited since this game began: dealt again with seed {seed}."
                    ))
                } else {
                    Action::None
                };
                deal.and(self.start_estimate()).and(notice)
            }
            Err(e) => Action::Error(e),
        }
    }

    fn set_seat(&mut self, s: Seat) -> Action<Message> {
        if self.seat == s {
            return Action::None;
        }
        self.seat = s;
        let seed = self.session.as_ref().map(|s| s.snapshot().seed);
        let deal = match seed {
            Some(seed) => self.deal(seed),
            None => Action::None,
        };
        deal.and(self.start_estimate())
    }

    // ---- by hand ----

    fn seed_typed(&mut self, t: String) -> Action<Message> {
        self.seed_text = t;
        Action::None
    }

    fn deal_typed(&mut self) -> Action<Message> {
        match self.seed_text.trim().parse::<u64>() {
            Ok(seed) => self.deal(seed),
            Err(_) => {
                self.refusal = Some(format!(
                    "\"{}\" is not a seed (a whole number)",
                    self.seed_text.trim()
                ));
                Action::None
            }
        }
    }

    /// A new game from `seed`, dealt and started: the first decision (a
    /// mulligan, or the first main phase) is the player's.
    fn deal(&mut self, seed: u64) -> Action<Message> {
        let Some(Current { engine: Ok(e), .. }) = &self.current else {
            self.session = None;
            return Action::None;
        };
        self.session = Some(match (&self.opponent, &self.versus) {
            (Some(_), Some(Ok(v))) => v.session_against_computer(seed, self.seat, self.level),
            (Some(_), Some(Err(e))) => {
                self.refusal = Some(e.clone());
                self.session = None;
                return Action::None;
            }
            // the opponent's deck is still loading
            (Some(_), None) => return Action::None,
            (None, _) => e.session(seed, self.seat),
        });
        self.seed_text = seed.to_string();
        self.returns.clear();
        self.refusal = None;
        Action::None
    }

    /// The decks the computer can play against the current one: the same
    /// game, with an engine.
    pub fn opponents(&self) -> Vec<DeckInfo> {
        let Some(c) = &self.current else {
            return Vec::new();
        };
        self.decks
            .iter()
            .filter(|d| d.game == c.info.game && crate::engine::plugin(d.game).is_some())
            .cloned()
            .collect()
    }

    pub fn opponent(&self) -> Option<DeckId> {
        self.opponent
    }

    pub fn level(&self) -> Level {
        self.level
    }

    /// Deals again from the same seed (a new opponent, level or seat).
    fn redeal(&mut self) -> Action<Message> {
        let seed = self
            .session
            .as_ref()
            .map_or_else(crate::engine::fresh_seed, |s| s.snapshot().seed);
        self.deal(seed)
    }

    fn pick_opponent(&mut self, id: Option<DeckId>) -> Action<Message> {
        self.opponent = id;
        self.versus = None;
        let (Some(them), Some(c)) = (id, &self.current) else {
            return self.redeal();
        };
        let me = c.info.id;
        Action::Run(Task::perform(
            self.db.run(move |s| {
                let load = |id| -> Result<(Catalog, crate::model::Deck), String> {
                    let info = s.deck_info(id).map_err(|e| e.to_string())?;
                    let deck = s.load_deck(id).map_err(|e| e.to_string())?;
                    let cat = s.load_catalog(info.catalog_id).map_err(|e| e.to_string())?;
                    Ok((cat, deck))
                };
                let ((cat_a, a), (cat_b, b)) = match (load(me), load(them)) {
                    (Ok(x), Ok(y)) => (x, y),
                    (Err(e), _) | (_, Err(e)) => return Ok(Err(e)),
                };
                let compiled = || -> Result<Engine, String> {
                    let ca = crate::engine::compile(&cat_a, &a).map_err(|e| e.to_string())?;
                    let cb = crate::engine::compile(&cat_b, &b).map_err(|e| e.to_string())?;
                    Engine::versus(
                        crate::engine::session::DeckSide {
                            catalog: &cat_a,
                            cards: &ca,
                        },
                        Some(crate::engine::session::DeckSide {
                            catalog: &cat_b,
                            cards: &cb,
                        }),
                        &crate::engine::session::EngineOptions::default(),
                    )
                    .map_err(|e| e.to_string())
                };
                Ok(compiled())
            }),
            move |r: Result<Result<Engine, String>, String>| {
                Message::VersusLoaded(them, r.and_then(|x| x))
            },
        ))
    }

    fn act(&mut self, a: ActionKey) -> Action<Message> {
        let Some(s) = &mut self.session else {
            return Action::None;
        };
        match s.apply(&a) {
            Ok(()) => {
                self.refusal = None;
                self.returns.clear();
            }
            Err(e) => self.refusal = Some(format!("Refused: {e}")),
        }
        Action::None
    }

    /// The mulligan that returns chosen cards, when the game has one now
    /// (Rizontical: up to 5 Powers to the bottom).
    pub fn return_mulligan(&self) -> bool {
        self.session
            .as_ref()
            .is_some_and(|s| matches!(s.mulligan(), Some(Mulligan::Choose { .. })))
    }

    pub fn returns(&self) -> &BTreeSet<usize> {
        &self.returns
    }

    fn toggle_return(&mut self, n: usize) -> Action<Message> {
        if !self.returns.remove(&n) {
            self.returns.insert(n);
        }
        Action::None
    }

    fn return_chosen(&mut self) -> Action<Message> {
        let Some(s) = &mut self.session else {
            return Action::None;
        };
        let snap = s.snapshot();
        let hand: Vec<u16> = snap
            .zones
            .iter()
            .find(|z| z.player == 0 && z.zone == "Hand")
            .map(|z| z.cards.iter().map(|c| c.copy).collect())
            .unwrap_or_default();
        let Some(back) = self
            .returns
            .iter()
            .map(|&n| hand.get(n).copied())
            .collect::<Option<Vec<u16>>>()
        else {
            self.refusal = Some("Refused: a hand position out of range".into());
            return Action::None;
        };
        match s.take_mulligan(&back) {
            Ok(()) => {
                self.refusal = None;
                self.returns.clear();
            }
            Err(e) => self.refusal = Some(format!("Refused: {e}")),
        }
        Action::None
    }

    fn play_hint(&mut self) -> Action<Message> {
        match self.session.as_ref().and_then(Session::hint) {
            Some(h) => self.act(h.action),
            None => Action::None,
        }
    }

    fn finish_turn(&mut self) -> Action<Message> {
        if let Some(s) = &mut self.session {
            match s.finish_turn() {
                Ok(()) => self.refusal = None,
                Err(e) => self.refusal = Some(format!("Refused: {e}")),
            }
            self.returns.clear();
        }
        Action::None
    }

    fn undo(&mut self) -> Action<Message> {
        if let Some(s) = &mut self.session
            && s.undo()
        {
            self.refusal = None;
            self.returns.clear();
        }
        Action::None
    }
}
