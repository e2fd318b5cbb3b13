//! The Matchups screen (issue 11): saved decks of one game played against
//! each other by the computer, every pair once (a round robin), and the
//! result as a win-rate matrix with 95% confidence intervals and each deck's
//! record going first and going second.
//!
//! It is `deckwright match --round-robin` in the app: the same engine call
//! ([`Engine::play_match`]) per pairing, the same seed for every pairing
//! (common random numbers: every deck meets the same shuffles), seats
//! alternating. The seed is shown and can be typed in, so a run replays
//! exactly; the result does not depend on the number of cores.
//!
//! The run goes off the UI thread as a [`job`](crate::gui::job) with a
//! progress bar and Cancel, the way the Playtest screen's goldfish runs do.
//! Games without a two-player engine (Strange World, games added as data)
//! say so instead of offering Run.

mod matrix;
mod view;

pub use matrix::{Cell, DeckRecord, Matrix, pairings};

use std::collections::BTreeSet;
use std::path::PathBuf;

use iced::Task;

use crate::engine::DeckCards;
use crate::engine::game::Level;
use crate::engine::matchup::{MatchConfig, MatchReport, Seats};
use crate::engine::run::{Progress, RunError};
use crate::engine::session::{DeckSide, Engine, EngineOptions};
use crate::gui::db::Db;
use crate::gui::job::{self, Cancel, Runs, Update};
use crate::gui::widget::Pick;
/// Why a run stopped without a result (the goldfish runs' reasons).
pub use crate::gui::widget::estimate::Stopped;
use crate::model::{Catalog, GameId};
use crate::store::{DeckId, DeckInfo, Store};

use super::{Action, Shortcut};

/// The id of the box for the number of games per pairing.
pub const GAMES_ID: &str = "matchups-games";
/// The id of the seed box.
pub const SEED_ID: &str = "matchups-seed";
/// Games per pairing unless the user asks for another number: enough for an
/// interval about ±3 points wide, a second or two per pairing at the quick
/// level.
pub const DEFAULT_GAMES: u64 = 1_000;
/// The most games per pairing the screen runs.
pub const MAX_GAMES: u64 = 10_000_000;
/// The most decks in one run (66 pairings): the matrix stays readable.
pub const MAX_DECKS: usize = 12;

/// The id of a deck's checkbox.
pub fn deck_box_id(deck: DeckId) -> String {
    format!("matchups-deck-{}", deck.0)
}

/// The Matchups screen.
#[derive(Debug)]
pub struct Matchups {
    db: Db,
    /// Every saved deck (of every game).
    decks: Vec<DeckInfo>,
    game: Option<GameId>,
    /// The decks ticked, of `game`.
    chosen: BTreeSet<DeckId>,
    games_text: String,
    seed_text: String,
    level: Level,
    run: RunState,
    runs: Runs,
}

/// A run of the matchups.
#[derive(Clone, Debug)]
pub enum RunState {
    Idle,
    Running { progress: Step, cancel: Cancel },
    Done(Box<Matrix>),
    Cancelled { done: u64, total: u64 },
    Failed(String),
}

/// How far a run is: games done and in all, over every pairing, and the
/// pairing being played (its decks' names).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Step {
    pub done: u64,
    pub total: u64,
    pub pairing: usize,
    pub pairings: usize,
    pub playing: Option<(String, String)>,
}

/// A run's progress and result.
pub type RunUpdate = Update<Step, Result<Matrix, Stopped>>;

#[derive(Debug, Clone)]
pub enum Message {
    Listed(Result<Vec<DeckInfo>, String>),
    Game(Pick<GameId>),
    /// Tick or untick a deck.
    Toggle(DeckId, bool),
    /// Tick every deck of the game (up to [`MAX_DECKS`]), or none.
    All(bool),
    GamesTyped(String),
    SeedTyped(String),
    NewSeed,
    Level(Level),
    Run,
    Running(u64, RunUpdate),
    Cancel,
}

impl Matchups {
    pub fn new(db: Db) -> (Matchups, Task<Message>) {
        let m = Matchups {
            db,
            decks: Vec::new(),
            game: None,
            chosen: BTreeSet::new(),
            games_text: DEFAULT_GAMES.to_string(),
            seed_text: crate::engine::fresh_seed().to_string(),
            level: Level::Quick,
            run: RunState::Idle,
            runs: Runs::default(),
        };
        let task = m.list();
        (m, task)
    }

    fn list(&self) -> Task<Message> {
        Task::perform(self.db.run(|s| s.decks(None)), Message::Listed)
    }

    pub fn game(&self) -> Option<GameId> {
        self.game
    }

    /// The decks of the chosen game, as listed.
    pub fn game_decks(&self) -> Vec<&DeckInfo> {
        self.decks
            .iter()
            .filter(|d| Some(d.game) == self.game)
            .collect()
    }

    pub fn chosen(&self) -> &BTreeSet<DeckId> {
        &self.chosen
    }

    pub fn level(&self) -> Level {
        self.level
    }

    pub fn run(&self) -> &RunState {
        &self.run
    }

    pub fn is_ready(&self) -> bool {
        self.game.is_some()
    }

    /// Whether the chosen game has a two-player engine.
    pub fn playable(&self) -> bool {
        self.game.is_some_and(playable)
    }

    /// Why the chosen game cannot be played head to head, if it cannot.
    pub fn unplayable_reason(&self) -> Option<String> {
        let game = self.game?;
        if playable(game) {
            return None;
        }
        let name = &crate::games::game(game).def().name;
        Some(
            if crate::games::get(game).is_some_and(|g| g.builds_worlds()) {
                format!(
                    "{name} has no two-player engine: it is a drafting and tile-laying game. Play it against the computer on the World screen."
                )
            } else {
                format!(
                    "{name} has no two-player engine: it was added as data, so it deals test hands from its [setup] but cannot play games."
                )
            },
        )
    }

    /// Whether the chosen game's computer has a strong level distinct from
    /// quick.
    pub fn has_strong(&self) -> bool {
        self.game.is_some_and(has_strong)
    }

    pub fn update(&mut self, message: Message) -> Action<Message> {
        match message {
            Message::Listed(r) => self.listed(r),
            Message::Game(p) => self.pick_game(p.value),
            Message::Toggle(id, on) => self.toggle(id, on),
            Message::All(on) => self.all(on),
            Message::GamesTyped(t) => self.edit(|m| m.games_text = t),
            Message::SeedTyped(t) => self.edit(|m| m.seed_text = t),
            Message::NewSeed => {
                let seed = crate::engine::fresh_seed().to_string();
                self.edit(|m| m.seed_text = seed)
            }
            Message::Level(l) => self.edit(|m| m.level = l),
            Message::Run => self.start(),
            Message::Running(run, u) => self.running(run, u),
            Message::Cancel => self.cancel(),
        }
    }

    pub fn shortcut(&mut self, s: Shortcut) -> Action<Message> {
        match s {
            Shortcut::Escape => self.cancel(),
            _ => Action::None,
        }
    }

    /// Stops a run (the screen is left, or the app closes).
    pub fn stop(&mut self) {
        if let RunState::Running { cancel, .. } = &self.run {
            cancel.cancel();
        }
    }

    /// Comes back after another screen was on show: a run stopped when the
    /// screen was left reports nothing any more; the deck list is read again
    /// (decks may have been added, edited or deleted meanwhile).
    pub fn resume(&mut self) -> Task<Message> {
        if let RunState::Running { progress, .. } = &self.run {
            self.run = RunState::Cancelled {
                done: progress.done,
                total: progress.total,
            };
        }
        self.runs.forget();
        self.list()
    }

    fn listed(&mut self, r: Result<Vec<DeckInfo>, String>) -> Action<Message> {
        let decks = match r {
            Ok(d) => d,
            Err(e) => return Action::Error(e),
        };
        self.decks = decks;
        let known: BTreeSet<DeckId> = self.decks.iter().map(|d| d.id).collect();
        self.chosen.retain(|id| known.contains(id));
        if self.game.is_none() {
            // the game of the latest deck that can play matchups
            self.game = self
                .decks
                .iter()
                .filter(|d| playable(d.game))
                .max_by(|a, b| a.updated.cmp(&b.updated))
                .map(|d| d.game)
                .or_else(|| {
                    crate::games::all()
                        .into_iter()
                        .map(|g| g.id())
                        .find(|g| playable(*g))
                });
        }
        Action::None
    }

    fn pick_game(&mut self, game: Option<GameId>) -> Action<Message> {
        if game.is_none() || game == self.game {
            return Action::None;
        }
        self.stop();
        self.runs.forget();
        self.game = game;
        self.chosen.clear();
        self.run = RunState::Idle;
        if !self.has_strong() && self.level.searches() {
            self.level = Level::Quick;
        }
        Action::None
    }

    fn toggle(&mut self, id: DeckId, on: bool) -> Action<Message> {
        if !self.game_decks().iter().any(|d| d.id == id) {
            return Action::None;
        }
        if on {
            self.chosen.insert(id);
        } else {
            self.chosen.remove(&id);
        }
        Action::None
    }

    fn all(&mut self, on: bool) -> Action<Message> {
        self.chosen = if on {
            self.game_decks()
                .iter()
                .take(MAX_DECKS)
                .map(|d| d.id)
                .collect()
        } else {
            BTreeSet::new()
        };
        Action::None
    }

    /// Changes a setting; a finished result stays on show (it names its own
    /// seed and games) until the next run.
    fn edit(&mut self, f: impl FnOnce(&mut Matchups)) -> Action<Message> {
        f(self);
        if matches!(self.run, RunState::Failed(_)) {
            self.run = RunState::Idle;
        }
        Action::None
    }

    /// The number of games per pairing typed, when it is one the screen runs.
    pub fn games(&self) -> Result<u64, String> {
        match self
            .games_text
            .trim()
            .replace(['_', ','], "")
            .parse::<u64>()
        {
            Ok(n) if (1..=MAX_GAMES).contains(&n) => Ok(n),
            _ => Err(format!(
                "the number of games per pairing must be a whole number from 1 to {MAX_GAMES}"
            )),
        }
    }

    /// The seed typed.
    pub fn seed(&self) -> Result<u64, String> {
        self.seed_text.trim().parse::<u64>().map_err(|_| {
            format!(
                "\"{}\" is not a seed (a whole number from 0 to {})",
                self.seed_text.trim(),
                u64::MAX
            )
        })
    }

    /// The decks a run plays, in the list's order, or why there cannot be
    /// a run.
    fn runnable(&self) -> Result<(Vec<DeckInfo>, MatchConfig), String> {
        if let Some(why) = self.unplayable_reason() {
            return Err(why);
        }
        let decks: Vec<DeckInfo> = self
            .game_decks()
            .into_iter()
            .filter(|d| self.chosen.contains(&d.id))
            .cloned()
            .collect();
        if decks.len() < 2 {
            return Err("Tick two decks or more: every deck plays every other.".into());
        }
        if decks.len() > MAX_DECKS {
            return Err(format!(
                "Tick at most {MAX_DECKS} decks ({} ticked).",
                decks.len()
            ));
        }
        let cfg = MatchConfig {
            games: self.games()?,
            seed: self.seed()?,
            levels: [self.level; 2],
            // a budget in iterations: the same seed gives the same table
            // as `deckwright match --think-iterations 240` (strongest: 1200)
            think: [self.level.fixed_think(); 2],
            seats: Seats::Alternate,
            threads: None,
        };
        Ok((decks, cfg))
    }

    fn start(&mut self) -> Action<Message> {
        if matches!(self.run, RunState::Running { .. }) {
            return Action::None;
        }
        let (decks, cfg) = match self.runnable() {
            Ok(x) => x,
            Err(e) => {
                self.run = RunState::Failed(e);
                return Action::None;
            }
        };
        let run = self.runs.start();
        let cancel = Cancel::new();
        let pairs = pairings(decks.len());
        self.run = RunState::Running {
            progress: Step {
                done: 0,
                total: cfg.games * pairs.len() as u64,
                pairing: 0,
                pairings: pairs.len(),
                playing: None,
            },
            cancel: cancel.clone(),
        };
        let db = self.db.path().to_path_buf();
        let work = job::spawn(move |report: &(dyn Fn(Step) + Sync)| {
            round_robin(&db, &decks, &cfg, report, &cancel)
        });
        Action::Run(Task::run(work, move |u| Message::Running(run, u)))
    }

    fn running(&mut self, run: u64, u: RunUpdate) -> Action<Message> {
        if !self.runs.is_current(run) {
            return Action::None;
        }
        match u {
            Update::Progress(step) => {
                if let RunState::Running { progress, .. } = &mut self.run {
                    *progress = step;
                }
            }
            Update::Done(Ok(m)) => self.run = RunState::Done(Box::new(m)),
            Update::Done(Err(Stopped::Cancelled { done, total })) => {
                self.run = RunState::Cancelled { done, total };
            }
            Update::Done(Err(Stopped::Failed(e))) => {
                self.run = RunState::Failed(e.clone());
                return Action::Error(e);
            }
        }
        Action::None
    }

    fn cancel(&mut self) -> Action<Message> {
        self.stop();
        Action::None
    }
}

/// Whether decks of `game` can play each other.
pub fn playable(game: GameId) -> bool {
    crate::engine::plugin(game).is_some()
}

/// Whether `game`'s computer has a strong level distinct from quick: every
/// game with an engine samples worlds for its strong player
/// ([`crate::engine::search`]).
pub fn has_strong(game: GameId) -> bool {
    playable(game)
}

/// One deck of a run, loaded and compiled.
struct Side {
    name: String,
    catalog: Catalog,
    cards: DeckCards,
}

/// Loads `decks` (their latest saved versions) from the database at `db`
/// and plays every pairing with `cfg`, reporting progress over all of them.
fn round_robin(
    db: &std::path::Path,
    decks: &[DeckInfo],
    cfg: &MatchConfig,
    report: &(dyn Fn(Step) + Sync),
    cancel: &Cancel,
) -> Result<Matrix, Stopped> {
    let sides = load(db, decks).map_err(Stopped::Failed)?;
    let pairs = pairings(sides.len());
    let total = cfg.games * pairs.len() as u64;
    let mut reports: Vec<((usize, usize), MatchReport)> = Vec::with_capacity(pairs.len());
    for (k, &(i, j)) in pairs.iter().enumerate() {
        let (a, b) = (&sides[i], &sides[j]);
        let versus = |e: &dyn std::fmt::Display| {
            Stopped::Failed(format!("{} against {}: {e}", a.name, b.name))
        };
        let engine = Engine::versus(
            DeckSide {
                catalog: &a.catalog,
                cards: &a.cards,
            },
            Some(DeckSide {
                catalog: &b.catalog,
                cards: &b.cards,
            }),
            &EngineOptions::default(),
        )
        .map_err(|e| versus(&e))?;
        let before = cfg.games * k as u64;
        let step = |done: u64| Step {
            done: before + done,
            total,
            pairing: k + 1,
            pairings: pairs.len(),
            playing: Some((a.name.clone(), b.name.clone())),
        };
        report(step(0));
        let on_progress = |done: u64, _: u64| report(step(done));
        let progress = Progress {
            on_progress: &on_progress,
            cancel: cancel.flag(),
        };
        match engine.play_match(cfg, &progress) {
            Ok(r) => reports.push(((i, j), r)),
            Err(RunError::Cancelled { done, .. }) => {
                return Err(Stopped::Cancelled {
                    done: before + done,
                    total,
                });
            }
            Err(e) => return Err(versus(&e)),
        }
    }
    Ok(Matrix::new(
        sides.into_iter().map(|s| s.name).collect(),
        cfg.games,
        cfg.seed,
        cfg.levels[0],
        reports,
    ))
}

/// Reads and compiles every deck; the first problem, naming its deck.
fn load(db: &std::path::Path, decks: &[DeckInfo]) -> Result<Vec<Side>, String> {
    let store = Store::open(PathBuf::from(db)).map_err(|e| e.to_string())?;
    let mut sides = Vec::with_capacity(decks.len());
    for info in decks {
        let named = |e: &dyn std::fmt::Display| format!("{}: {e}", info.name);
        let deck = store.load_deck(info.id).map_err(|e| named(&e))?;
        let catalog = store.load_catalog(info.catalog_id).map_err(|e| named(&e))?;
        let cards = crate::engine::compile(&catalog, &deck).map_err(|e| named(&e))?;
        sides.push(Side {
            name: info.name.clone(),
            catalog,
            cards,
        });
    }
    Ok(sides)
}
