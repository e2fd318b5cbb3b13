//! "Tune" in the deck builder (issue 28): the changes to the open deck that
//! win more against the saved decks picked as opponents (or, with none, kill
//! a goldfish sooner), searched over every catalog card or only the cards
//! owned, and proven on games the search never played — the same library
//! call as `deckwright tune` ([`crate::engine::tune::tune`]).
//!
//! The user ticks opponents (the game's saved decks), picks the pool and a
//! time budget, and presses Start tuning. The search runs on a worker
//! ([`crate::gui::job`]) with a progress bar and Cancel (a cancelled search
//! proves nothing and answers nothing). The answer: before and after with
//! their 95% confidence intervals, each swap with its own effect, the tuned
//! list with what it changes, and "Save as a new version", which makes the
//! tuned list the deck (one undoable edit) and saves it at once as a version
//! noted "Tuned: ...". "No change found that wins more" is an answer too,
//! with the search's unproven best shown.
//!
//! The panel holds no copy of the deck: the editor hands it the deck on show
//! with every message ([`Source`]), so what is tuned is what the editor shows
//! (unsaved edits included).

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use iced::Task;
use iced::widget::{button, checkbox, column, container, progress_bar, row, text};
use iced::{Element, Fill};

use crate::engine::fresh_seed;
use crate::engine::game::Level;
use crate::engine::run::{Progress, RunError};
use crate::engine::session::EngineOptions;
use crate::engine::tune::{
    Budget, Change, Confirm, Estimate, Objective, Opponent, Pool, TuneConfig, TuneError,
    TuneReport, tune,
};
use crate::gui::job::{self, Cancel, Runs, Update};
use crate::gui::screen::Action;
use crate::gui::widget::{choice, muted, readable};
use crate::model::{Board, Catalog, Deck, DeckEntry, GameId};
use crate::rules::CheckOptions;
use crate::store::{CatalogId, DeckId, DeckInfo, Store};

/// The button that starts a search.
pub const RUN_LABEL: &str = "Start tuning";
/// The button that makes the tuned list the deck.
pub const SAVE_LABEL: &str = "Save as a new version";
/// The time budgets offered, in seconds.
pub const BUDGETS: [u64; 4] = [30, 60, 120, 300];
/// The budget unless the user picks another (the CLI's default too).
pub const DEFAULT_BUDGET: u64 = 60;
/// Games of the proof for each deck measured (the CLI's default).
pub const PROOF_GAMES: u64 = 10_000;

/// The id of an opponent's checkbox.
pub fn opponent_box_id(deck: DeckId) -> String {
    format!("tune-opponent-{}", deck.0)
}

/// What the panel tunes: the deck on show with its catalog, and the
/// database that keeps the opponents and the collection.
#[derive(Clone, Debug)]
pub struct Source {
    pub db: PathBuf,
    pub catalog_id: CatalogId,
    pub catalog: Arc<Catalog>,
    pub deck: Deck,
    /// The construction rules' options the editor checks with (its mode).
    pub check: CheckOptions,
}

/// Which cards may come in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PoolChoice {
    /// Every card of the catalog.
    #[default]
    Catalog,
    /// Only the cards owned (the collection).
    Collection,
}

/// Where the search is.
#[derive(Clone, Debug)]
pub enum State {
    Idle,
    Running {
        /// (spent, budget): milliseconds, or games with a games budget.
        progress: Option<(u64, u64)>,
        cancel: Cancel,
    },
    Done(Box<TuneReport>),
    Cancelled,
    Failed(String),
}

/// A search's progress and answer.
pub type TuneUpdate = Update<(u64, u64), Result<Box<TuneReport>, String>>;

#[derive(Debug, Clone)]
pub enum Message {
    /// The game's saved decks, to pick opponents from.
    Listed(Result<Vec<DeckInfo>, String>),
    /// Tick or untick an opponent.
    Toggle(DeckId, bool),
    Pool(PoolChoice),
    /// The time budget, in seconds.
    Budget(u64),
    /// A budget in games and the proof's games instead (reproducible: what
    /// the tests send).
    Games {
        search: u64,
        proof: u64,
        seed: u64,
    },
    Run,
    Running(u64, TuneUpdate),
    Cancel,
    /// Make the tuned list the deck and save it (the editor does it).
    Save,
}

/// The Tune panel's state (see the module docs). Not `Clone`: dropping it
/// cancels its search.
#[derive(Debug)]
pub struct TunePanel {
    /// The game's saved decks; `None` until they are read.
    decks: Option<Vec<DeckInfo>>,
    chosen: BTreeSet<DeckId>,
    pool: PoolChoice,
    budget: Budget,
    proof_games: u64,
    /// The seed of the next run; `None`: a fresh one.
    seed: Option<u64>,
    state: State,
    runs: Runs,
    /// The answer on show was saved as a version.
    saved: bool,
}

impl Default for TunePanel {
    fn default() -> TunePanel {
        TunePanel {
            decks: None,
            chosen: BTreeSet::new(),
            pool: PoolChoice::default(),
            budget: Budget::Time(Duration::from_secs(DEFAULT_BUDGET)),
            proof_games: PROOF_GAMES,
            seed: None,
            state: State::Idle,
            runs: Runs::default(),
            saved: false,
        }
    }
}

impl Drop for TunePanel {
    /// The deck closed or another opened: its search stops.
    fn drop(&mut self) {
        if let State::Running { cancel, .. } = &self.state {
            cancel.cancel();
        }
    }
}

impl TunePanel {
    pub fn state(&self) -> &State {
        &self.state
    }

    pub fn chosen(&self) -> &BTreeSet<DeckId> {
        &self.chosen
    }

    pub fn pool(&self) -> PoolChoice {
        self.pool
    }

    pub fn budget(&self) -> Budget {
        self.budget
    }

    pub fn is_running(&self) -> bool {
        matches!(self.state, State::Running { .. })
    }

    /// Whether the answer on show was saved as a version.
    pub fn saved(&self) -> bool {
        self.saved
    }

    /// The tuned deck, when a change is suggested and not saved yet.
    pub fn tuned(&self) -> Option<&Deck> {
        match &self.state {
            State::Done(r) if r.suggested && !self.saved => Some(&r.tuned),
            _ => None,
        }
    }

    /// The note the saved version carries: "Tuned: -1 A +1 B, ...".
    pub fn version_note(&self) -> Option<String> {
        let State::Done(r) = &self.state else {
            return None;
        };
        let swaps: Vec<String> = r.changes.iter().map(swap).collect();
        Some(format!("Tuned: {}", swaps.join(", ")))
    }

    /// Marks the answer on show as saved.
    pub fn mark_saved(&mut self) {
        self.saved = true;
    }

    /// Reads the game's saved decks (when the tab opens).
    pub fn list(&self, db: &crate::gui::db::Db, game: GameId) -> Action<Message> {
        Action::Run(Task::perform(
            db.run(move |s| s.decks(Some(game))),
            Message::Listed,
        ))
    }

    /// Handles a message (but [`Message::Save`], which the editor handles);
    /// `source` is the deck on show.
    pub fn update(&mut self, message: Message, source: Source) -> Action<Message> {
        match message {
            Message::Listed(Ok(decks)) => {
                // a ticked deck that is gone is no opponent any more
                self.chosen.retain(|id| decks.iter().any(|d| d.id == *id));
                self.decks = Some(decks);
                Action::None
            }
            Message::Listed(Err(e)) => Action::Error(format!("cannot list the decks: {e}")),
            Message::Toggle(id, on) => {
                if on {
                    self.chosen.insert(id);
                } else {
                    self.chosen.remove(&id);
                }
                Action::None
            }
            Message::Pool(p) => {
                self.pool = p;
                Action::None
            }
            Message::Budget(s) => {
                self.budget = Budget::Time(Duration::from_secs(s.max(1)));
                Action::None
            }
            Message::Games {
                search,
                proof,
                seed,
            } => {
                self.budget = Budget::Games(search.max(1));
                self.proof_games = proof.max(1);
                self.seed = Some(seed);
                Action::None
            }
            Message::Run => self.start(source),
            Message::Running(run, u) => self.running(run, u),
            Message::Cancel => {
                if let State::Running { cancel, .. } = &self.state {
                    cancel.cancel();
                }
                Action::None
            }
            Message::Save => Action::None,
        }
    }

    fn start(&mut self, source: Source) -> Action<Message> {
        if self.is_running() {
            return Action::Notice("a tuning search is already running".into());
        }
        let opponents: Vec<DeckInfo> = self
            .decks
            .iter()
            .flatten()
            .filter(|d| self.chosen.contains(&d.id))
            .cloned()
            .collect();
        let cfg = TuneConfig {
            level: Level::Quick,
            think: Level::Quick.fixed_think(),
            budget: self.budget,
            seed: self.seed.unwrap_or_else(fresh_seed),
            threads: None,
            proof_games: self.proof_games,
            // the strong level looks at a suggestion for a quarter of a time
            // budget more
            confirm: match self.budget {
                Budget::Time(d) => Confirm::Time(d / 4),
                Budget::Games(_) => Confirm::Off,
            },
            check: source.check.clone(),
            engine: EngineOptions::default(),
        };
        let pool = self.pool;
        let run = self.runs.start();
        let cancel = Cancel::new();
        self.saved = false;
        self.state = State::Running {
            progress: None,
            cancel: cancel.clone(),
        };
        let work = job::spawn(move |report: &(dyn Fn((u64, u64)) + Sync)| {
            search(&source, &opponents, pool, &cfg, report, &cancel).map(Box::new)
        });
        Action::Run(Task::run(work, move |u| Message::Running(run, u)))
    }

    fn running(&mut self, run: u64, u: TuneUpdate) -> Action<Message> {
        if !self.runs.is_current(run) {
            return Action::None;
        }
        let State::Running { progress, cancel } = &mut self.state else {
            return Action::None;
        };
        let cancelled = cancel.is_cancelled();
        match u {
            Update::Progress(p) => {
                *progress = Some(p);
                Action::None
            }
            Update::Done(_) if cancelled => {
                self.state = State::Cancelled;
                Action::None
            }
            Update::Done(Ok(report)) => {
                let notice = if report.suggested {
                    format!(
                        "Tune: {} ({})",
                        count_changes(report.changes.len()),
                        report.objective.gain_text(&report.gain)
                    )
                } else {
                    "Tune: no change found that wins more; the deck stays as it is.".into()
                };
                self.state = State::Done(report);
                Action::Notice(notice)
            }
            Update::Done(Err(e)) => {
                let e = format!("Tune: {e}");
                self.state = State::Failed(e.clone());
                Action::Error(e)
            }
        }
    }

    /// The panel: opponents, pool and budget, Tune; progress, or the answer.
    /// `this`: the open deck; `game`: its game.
    pub fn view<'a>(&'a self, this: DeckId, game: GameId) -> Element<'a, Message> {
        let mut c = column![text("Tune: the changes that win more").size(15)].spacing(6);
        if game == GameId::StrangeWorld || crate::engine::plugin(game).is_none() {
            let why = if game == GameId::StrangeWorld {
                "Strange World has no deck to tune: its land deck is fixed by the player count and the solo mode plays it as dealt."
            } else {
                "This game has no engine to play its games, so nothing to tune against."
            };
            return c.push(text(why).size(12).style(muted)).into();
        }
        c = c.push(
            text("Search the cards you could play for the swaps that win more against the decks ticked below (none: kill a goldfish sooner), proven on games the search never played.")
                .size(12)
                .style(muted),
        );
        let idle = !self.is_running();
        match &self.decks {
            None => c = c.push(text("Reading the decks…").size(12).style(muted)),
            Some(decks) => {
                let mut list = column![text("Against:").size(13)].spacing(2);
                for d in decks {
                    let label = if d.id == this {
                        format!("{} (this deck, as saved)", d.name)
                    } else {
                        d.name.clone()
                    };
                    let id = d.id;
                    let b = checkbox(self.chosen.contains(&id))
                        .label(label)
                        .text_size(13)
                        .on_toggle_maybe(idle.then_some(move |on| Message::Toggle(id, on)));
                    list = list.push(container(b).id(opponent_box_id(id)));
                }
                if self.chosen.is_empty() {
                    list = list.push(
                        text("No opponent ticked: the goldfish (mean kill turn).")
                            .size(12)
                            .style(muted),
                    );
                }
                c = c.push(list);
            }
        }
        c = c.push(
            row![
                text("Cards:").size(13),
                choice(
                    "every catalog card",
                    self.pool == PoolChoice::Catalog,
                    Message::Pool(PoolChoice::Catalog)
                ),
                choice(
                    "only cards I own",
                    self.pool == PoolChoice::Collection,
                    Message::Pool(PoolChoice::Collection)
                ),
            ]
            .spacing(6)
            .align_y(iced::Center)
            .wrap()
            .vertical_spacing(6),
        );
        let mut budgets = row![text("Budget:").size(13)]
            .spacing(6)
            .align_y(iced::Center);
        for s in BUDGETS {
            budgets = budgets.push(choice(
                budget_label(s),
                self.budget == Budget::Time(Duration::from_secs(s)),
                Message::Budget(s),
            ));
        }
        if let Budget::Games(n) = self.budget {
            budgets = budgets.push(text(format!("{n} games")).size(12).style(muted));
        }
        c = c.push(budgets.wrap().vertical_spacing(6));
        c = c.push(
            button(text(RUN_LABEL).size(13))
                .style(button::primary)
                .on_press_maybe(idle.then_some(Message::Run)),
        );
        match &self.state {
            State::Idle => {}
            State::Running { progress, .. } => {
                let (fraction, what) = match progress {
                    None => (0.0, "Reading the decks…".to_string()),
                    Some((done, total)) if done >= total => {
                        (1.0, "Proving on fresh games…".to_string())
                    }
                    Some((done, total)) => (
                        *done as f32 / (*total).max(1) as f32,
                        match self.budget {
                            Budget::Games(_) => format!("Searching: {done} of {total} games"),
                            Budget::Time(_) => {
                                format!("Searching: {} s of {} s", done / 1000, total / 1000)
                            }
                        },
                    ),
                };
                c = c.push(progress_bar(0.0..=1.0, fraction).girth(8));
                c = c.push(
                    row![
                        text(what).size(12).style(muted).width(Fill),
                        button(text("Cancel").size(12))
                            .on_press(Message::Cancel)
                            .style(button::danger),
                    ]
                    .align_y(iced::Center),
                );
            }
            State::Done(r) => c = c.push(self.view_answer(r)),
            State::Cancelled => {
                c = c.push(
                    text("Cancelled: no answer (the search was not proven).")
                        .size(12)
                        .style(muted),
                );
            }
            State::Failed(e) => c = c.push(text(e.as_str()).size(12).style(readable::danger)),
        }
        c.into()
    }

    fn view_answer<'a>(&'a self, r: &'a TuneReport) -> Element<'a, Message> {
        let mut c = column![].spacing(4);
        c = c.push(
            text(format!(
                "{} search games, {} fresh games a deck for the proof, seed {}",
                r.search_games, r.proof_games, r.seed
            ))
            .size(12)
            .style(muted),
        );
        c = c.push(text(format!("Before: {}", value_text(r.objective, &r.before))).size(13));
        if !r.suggested {
            c = c.push(
                text("No change found that wins more: the deck stays as it is.")
                    .size(13)
                    .style(readable::success),
            );
            if let Some(u) = &r.unproven {
                let swaps: Vec<String> = u.changes.iter().map(swap).collect();
                c = c.push(
                    text(format!(
                        "The search's best ({}) was not proven: {}.",
                        swaps.join(", "),
                        r.objective.gain_text(&u.gain)
                    ))
                    .size(12)
                    .style(muted),
                );
            }
            return c.into();
        }
        c = c.push(text(format!("After: {}", value_text(r.objective, &r.after))).size(13));
        c = c.push(
            text(format!("Gain: {}", r.objective.gain_text(&r.gain)))
                .size(13)
                .style(readable::success),
        );
        c = c.push(if self.saved {
            Element::from(
                text("Saved as a new version (History lists it).")
                    .size(12)
                    .style(readable::success),
            )
        } else {
            button(text(SAVE_LABEL).size(13))
                .style(button::primary)
                .on_press(Message::Save)
                .into()
        });
        if let Some(check) = &r.strong {
            c = c.push(
                text(format!("Strong: {}", check.summary(r.objective)))
                    .size(12)
                    .style(muted),
            );
        }
        c = c.push(text("Swaps (each measured alone):").size(13));
        for ch in &r.changes {
            let effect = ch.effect.map_or_else(
                || "only with the other swaps (not legal alone)".to_string(),
                |e| r.objective.gain_text(&e),
            );
            c = c.push(text(format!("{}   {effect}", swap(ch))).size(12));
        }
        c = c.push(text("Tuned list:").size(13));
        for line in &r.deck {
            c = c.push(text(line.as_str()).size(12));
        }
        c.into()
    }
}

/// The search itself, on the worker: the opponents' saved versions and the
/// collection read from the database, then the library's tuner.
pub fn search(
    source: &Source,
    opponents: &[DeckInfo],
    pool: PoolChoice,
    cfg: &TuneConfig,
    report: &(dyn Fn((u64, u64)) + Sync),
    cancel: &Cancel,
) -> Result<TuneReport, String> {
    let store = Store::open(&source.db).map_err(|e| e.to_string())?;
    let mut opps = Vec::with_capacity(opponents.len());
    for info in opponents {
        let deck = store
            .load_deck(info.id)
            .map_err(|e| format!("{}: {e}", info.name))?;
        opps.push(Opponent {
            name: info.name.clone(),
            deck,
        });
    }
    let pool = match pool {
        PoolChoice::Catalog => Pool::Catalog,
        PoolChoice::Collection => Pool::Collection(
            store
                .collection(source.catalog_id)
                .map_err(|e| e.to_string())?,
        ),
    };
    drop(store);
    let on_progress = |done: u64, total: u64| report((done, total));
    let progress = Progress {
        on_progress: &on_progress,
        cancel: cancel.flag(),
    };
    tune(&source.catalog, &source.deck, &opps, &pool, cfg, &progress).map_err(|e| match e {
        TuneError::Run(RunError::Cancelled { .. }) => "cancelled".to_string(),
        e => format!("{}: {e}", source.deck.name),
    })
}

/// The deck the editor shows after "Save as a new version": the tuned main
/// board with the deck's own sideboard lines.
pub fn tuned_entries(tuned: &Deck) -> Vec<DeckEntry> {
    let mut entries: Vec<DeckEntry> = tuned.board(Board::Main).cloned().collect();
    entries.extend(tuned.board(Board::Sideboard).cloned());
    entries
}

fn budget_label(s: u64) -> String {
    if s < 60 {
        format!("{s} s")
    } else {
        format!("{} min", s / 60)
    }
}

fn count_changes(n: usize) -> String {
    crate::gui::words::count(n, "swap")
}

/// "-1 Zombie Slapper → +1 Fireball".
fn swap(c: &Change) -> String {
    format!("-{} {} → +{} {}", c.copies, c.out, c.copies, c.into)
}

/// A win rate or a kill turn with its interval.
pub fn value_text(objective: Objective, e: &Estimate) -> String {
    match objective {
        Objective::WinRate => format!(
            "{:.1}% won (95% CI {:.1}–{:.1}%)",
            100.0 * e.value,
            100.0 * e.ci95[0],
            100.0 * e.ci95[1]
        ),
        Objective::KillTurn => format!(
            "kill turn {:.2} (95% CI {:.2}–{:.2})",
            e.value, e.ci95[0], e.ci95[1]
        ),
    }
}
