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
//! - **The table.** Every zone is drawn as the game's table (the Altar and
//!   Vault slots, the 8 × 8 board, the resources and the creatures), the
//!   opponent's side above yours, each card as a card: its picture or its
//!   face drawn from data. Clicking a card selects it and lists the actions
//!   the engine allows for it (`table`); ↑/↓ move the selection, `+` plays
//!   its first action, Escape clears it. The log has every decision taken,
//!   keeps and mulligans included, between the engine's own lines.
//!
//! - **Kept.** The game in progress is stored after every decision
//!   ([`saved`]) and played again from its seed and moves when the app
//!   starts.
//!
//! Strange World has no goldfish (its solo mode is the World screen), so its
//! decks are not offered here.

pub use crate::gui::widget::estimate;
pub mod drag;
mod goldfish;
pub mod position;
pub mod saved;
pub mod table;
mod view;

pub use view::{AUTOPLAY_LABEL, AUTOPLAY_TIP, TABLE_ID};

pub use goldfish::charts;

use std::collections::{BTreeSet, HashMap};
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
/// The id of the selected card's panel (beside the table, never in it).
pub const PANEL_ID: &str = "card-panel";
/// The id of the line that says why a card let go did nothing.
pub const NOTE_ID: &str = "table-note";
/// The id of the box for the number of goldfish games.
pub const GAMES_ID: &str = "playtest-games";
/// Goldfish games per run unless the user asks for another number.
pub const DEFAULT_GAMES: u64 = 10_000;
/// The most games the screen runs at once.
pub const MAX_GAMES: u64 = 10_000_000;
/// Per-turn curves are drawn up to this turn.
const CURVE_TURNS: u16 = 20;
/// The most steps "Finish the turn" takes (a policy that never ends its
/// turn stops here, as the engine's own loop guard does).
const FINISH_GUARD: usize = 10_000;

/// A decision about to be taken in `s`, as the log shows it:
/// "turn 1 · Activate: Play Ember Cub".
fn step_of(s: &Session, label: String) -> Step {
    let snap = s.snapshot();
    let unit = match snap.turn_unit {
        crate::engine::core::TurnUnit::Turn => "turn",
        crate::engine::core::TurnUnit::Round => "round",
    };
    // Rizontical's phase names its round already
    let line = if snap.phase.to_lowercase().starts_with(unit) {
        format!("{}: {label}", snap.phase)
    } else {
        format!("{unit} {} · {}: {label}", snap.turn, snap.phase)
    };
    Step {
        at: s.log().len(),
        line,
    }
}

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
    /// The card (or pile) whose actions are on show.
    selected: Option<table::Selected>,
    /// Whether `selected` was picked with ↑/↓: its large face stays open
    /// (the pointer is elsewhere). Picked by the pointer, the face shows
    /// while the pointer is over the card, and does not lie over the cards
    /// beside it once the pointer moves on.
    selected_by_key: bool,
    /// The card held by the pointer, and where it may be let go.
    drag: Option<drag::Drag>,
    /// Where the pointer is while a card is held (the screen's coordinates).
    pointer: Option<iced::Point>,
    /// The actions a card let go on a place means, when more than one (the
    /// panel offers only these): the place and the actions.
    narrowed: Option<(drag::Drop, Vec<ActionKey>)>,
    /// Every decision taken in this game, one per undo step.
    steps: Vec<Step>,
    /// What the table says about the last thing tried that did nothing
    /// (a card let go where it cannot go): until the next move.
    note: Option<String>,
    /// Whether the goldfish runs and odds are on show beside a game against
    /// the computer (folded away by default: the table takes their width).
    goldfish_open: bool,
    /// Whether the set-up (deck, seat, seed, opponent) is unfolded while a
    /// game is on the table (folded into one line by default: issue 51).
    setup_open: bool,
    /// "Autoplay rest of turn" waiting for the computer's answer to go on.
    autoplay: Option<Autoplay>,
    /// The deck's exact odds for the seat, beside the table.
    odds: Option<Result<crate::engine::odds::OddsTable, String>>,
    /// The game stored when the app last ran, until its deck is loaded and
    /// it is played again.
    /// (Boxed: seldom there, and the screen's state is kept small.)
    pending: Option<Box<saved::SavedGame>>,
    /// What the last write of the game in progress stored, and the
    /// writes, in order.
    saved: Option<saved::Mark>,
    writes: crate::gui::db::OrderedWrites,
    /// Work handed to another thread so far (its numbers), and the one the
    /// table waits for.
    handed_off: u64,
    waiting_for: Option<u64>,
    /// The stored game being played again: its work's number, the log's
    /// decisions and its seed (dealt again if a move no longer plays).
    resuming: Option<(u64, Vec<Step>, u64)>,
    /// A position set up from a scenario file, on the table instead of a
    /// game of the chosen deck.
    position: Option<Box<position::Opened>>,
}

/// The turn "Autoplay rest of turn" plays, and the log's length when it
/// handed the computer its window (its answer's lines follow).
#[derive(Debug, Clone, Copy)]
struct Autoplay {
    turn: u16,
    log_at: usize,
}

/// A decision taken at the table, for the log: where it falls among the
/// engine's own log lines, and what it was in the game's words.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Step {
    /// The engine's log length when it was taken: its lines follow.
    pub at: usize,
    pub line: String,
}

/// The loaded deck.
#[derive(Debug, Clone)]
pub struct Current {
    pub info: DeckInfo,
    pub catalog: Arc<Catalog>,
    /// The compiled deck, or why it cannot be played.
    pub engine: Result<Engine, String>,
    /// The stored pictures of the deck's cards, by card name.
    pub pictures: HashMap<String, iced::widget::image::Handle>,
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
    /// The decks, and the game in progress when the app last ran.
    Started(Result<(Vec<DeckInfo>, Option<saved::SavedGame>), String>),
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
    /// Select a card or pile on the table (again: unselect it).
    Select(table::Selected),
    /// The pointer pressed on a card or pile: it is selected and held.
    Grab(table::Selected),
    /// The pointer let go over a place (the innermost first: a card, then
    /// the zone around it).
    LetGo(drag::Drop),
    /// The pointer let go anywhere: whatever was held is dropped.
    DragEnd,
    /// The pointer moved while a card is held (the card follows it).
    DragMove(iced::Point),
    /// The game in progress was stored (or why not).
    GameSaved(Result<(), String>),
    /// The computer answered (or a stored game was played again) off the
    /// UI thread: the session after it, for the request with this number.
    Answered(u64, Result<Box<Session>, String>),
    /// "Set up a position…": ask for a scenario file.
    AskPosition,
    /// Set up the position of this scenario file.
    OpenPosition(std::path::PathBuf),
    /// The position read and set up (or why not).
    PositionOpened(Result<(position::Opened, Box<Session>), String>),
    /// "Save position…": ask where.
    AskSavePosition,
    /// Save the table as a scenario file here.
    SavePosition(std::path::PathBuf),
    PositionSaved(Result<std::path::PathBuf, String>),
    /// Leave the position: back to the chosen deck.
    ClosePosition,
    /// A file dialog was closed without a choice.
    DialogClosed,
    /// Show or fold away the goldfish runs and odds beside a game against
    /// the computer.
    ToggleGoldfish,
    /// Unfold or fold the set-up above a game on the table.
    ToggleSetup,
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
            selected: None,
            selected_by_key: false,
            drag: None,
            pointer: None,
            narrowed: None,
            steps: Vec::new(),
            note: None,
            goldfish_open: false,
            setup_open: false,
            autoplay: None,
            odds: None,
            pending: None,
            saved: None,
            writes: Default::default(),
            handed_off: 0,
            waiting_for: None,
            resuming: None,
            position: None,
        };
        let task = Task::perform(
            p.db.run(|s| {
                let decks = s
                    .decks(None)?
                    .into_iter()
                    .filter(|d| crate::engine::deals(d.game))
                    .collect();
                Ok((decks, saved::load(s)?))
            }),
            Message::Started,
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

    /// What the table says about the last thing tried that did nothing.
    pub fn note(&self) -> Option<&str> {
        self.note.as_deref()
    }

    /// Whether the goldfish runs and odds are beside the table: always when
    /// playing alone, on request against the computer.
    /// Whether the set-up is folded into one line above the table.
    pub fn setup_folded(&self) -> bool {
        (self.session.is_some() && !self.setup_open) || self.position().is_some()
    }

    pub fn goldfish_shown(&self) -> bool {
        self.opponent.is_none() || self.goldfish_open
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

    /// The card (or pile) whose actions are on show.
    /// Whether the selected card was picked with ↑/↓.
    pub fn selected_by_key(&self) -> bool {
        self.selected_by_key
    }

    pub fn selected(&self) -> Option<table::Selected> {
        self.selected
    }

    /// The deck's exact odds for the seat (as the deck builder's Odds tab
    /// shows them), or why it has none.
    pub fn odds(&self) -> Option<&Result<crate::engine::odds::OddsTable, String>> {
        self.odds.as_ref()
    }

    /// The decisions taken in this game, oldest first.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The log as the screen shows it, oldest first: the engine's lines
    /// with the decisions that led to them.
    pub fn log_lines(&self) -> Vec<(bool, String)> {
        let Some(s) = &self.session else {
            return Vec::new();
        };
        let notes = s.log();
        let mut out = Vec::with_capacity(notes.len() + self.steps.len() + 1);
        if self.opponent.is_some() && self.position.is_none() {
            // whom the game is against (issue 27: the level in the log; a
            // position's seats are both played by hand: issue 51 item 8)
            out.push((
                true,
                format!("The computer plays at level {}", level_label(self.level)),
            ));
        }
        let mut steps = self.steps.iter().peekable();
        for (i, n) in notes.into_iter().enumerate() {
            while let Some(st) = steps.next_if(|st| st.at <= i) {
                out.push((true, st.line.clone()));
            }
            out.push((false, n));
        }
        out.extend(steps.map(|st| (true, st.line.clone())));
        out
    }

    pub fn is_ready(&self) -> bool {
        self.current.is_some()
    }

    pub fn update(&mut self, message: Message) -> Action<Message> {
        // these never change the game in progress (and come often)
        let may_change_game = !matches!(
            message,
            Message::DragMove(_) | Message::Running(..) | Message::Estimated(..)
        );
        let a = self.handle(message);
        if may_change_game {
            a.and(self.save_game())
        } else {
            a
        }
    }

    fn handle(&mut self, message: Message) -> Action<Message> {
        match message {
            Message::Started(Ok((decks, game))) => {
                self.pending = game.map(Box::new);
                self.listed(Ok(decks))
            }
            Message::Started(Err(e)) => self.listed(Err(e)),
            Message::GameSaved(Ok(())) => Action::None,
            Message::Answered(id, r) => self.answered(id, r),
            Message::AskPosition => self.ask_position_file(),
            Message::OpenPosition(p) => self.open_position(p),
            Message::PositionOpened(r) => self.position_opened(r),
            Message::AskSavePosition => self.ask_save_position(),
            Message::SavePosition(p) => self.save_position(p),
            Message::PositionSaved(r) => self.position_saved(r),
            Message::ClosePosition => self.close_position(),
            Message::DialogClosed => Action::None,
            Message::ToggleGoldfish => {
                self.goldfish_open = !self.goldfish_open;
                Action::None
            }
            Message::ToggleSetup => {
                self.setup_open = !self.setup_open;
                Action::None
            }
            Message::GameSaved(Err(e)) => {
                Action::Error(format!("The game in progress could not be kept: {e}"))
            }
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
            Message::Select(p) => self.select(p),
            Message::Grab(p) => self.grab(p),
            Message::LetGo(at) => self.let_go(at),
            Message::DragEnd => self.drag_end(),
            Message::DragMove(p) => {
                if self.drag.is_some() {
                    self.pointer = Some(p);
                }
                Action::None
            }
        }
    }

    pub fn shortcut(&mut self, s: Shortcut) -> Action<Message> {
        let a = self.on_key(s);
        a.and(self.save_game())
    }

    fn on_key(&mut self, s: Shortcut) -> Action<Message> {
        match s {
            Shortcut::Undo => self.undo(),
            // after a drop that meant several actions: all of them again
            Shortcut::Escape if self.narrowed.is_some() => {
                self.narrowed = None;
                Action::None
            }
            Shortcut::Escape if self.selected.is_some() => {
                self.selected = None;
                Action::None
            }
            Shortcut::Escape => self.cancel(),
            Shortcut::Up => self.step_selection(false),
            Shortcut::Down => self.step_selection(true),
            Shortcut::Plus => self.play_selected(),
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
        // the deck of the game in progress when the app last ran comes first
        let first = self
            .pending
            .as_ref()
            .map(|p| p.deck)
            .into_iter()
            .chain(self.recent.iter().copied())
            .find(|id| self.decks.iter().any(|d| d.id == *id))
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
                let mut pictures = HashMap::new();
                for card in &catalog.cards {
                    if card.image.is_some()
                        && deck.entries.iter().any(|e| e.name == card.name)
                        && let Some(img) = s.card_image(info.catalog_id, &card.id)?
                    {
                        pictures.insert(
                            card.name.clone(),
                            iced::widget::image::Handle::from_bytes(img.bytes),
                        );
                    }
                }
                Ok(Current {
                    engine: estimate::engine(&catalog, &deck),
                    catalog,
                    info,
                    pictures,
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
                if self
                    .pending
                    .as_ref()
                    .is_some_and(|p| self.current.as_ref().is_some_and(|c| c.info.id != p.deck))
                {
                    // another deck was picked first: that game is over
                    self.pending = None;
                }
                if let Some(p) = &self.pending
                    && self.current.as_ref().is_some_and(|c| c.info.id == p.deck)
                {
                    // the game in progress when the app last ran: its seat,
                    // its opponent and level (the seed and moves: `deal`)
                    self.seat = p.seat;
                    self.level = p.level;
                    self.opponent = p.opponent;
                    self.versus = None;
                }
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
        self.position = None;
        let resumes = |p: &saved::SavedGame, c: &Current| p.deck == c.info.id;
        let seed = match (&self.pending, &self.current) {
            (Some(p), Some(c)) if resumes(p, c) => p.seed,
            _ => seed,
        };
        let Some(Current {
            engine: Ok(e),
            catalog,
            ..
        }) = &self.current
        else {
            self.session = None;
            self.odds = None;
            return Action::None;
        };
        // exact and quick (well under a millisecond a card): worked out here
        self.odds = Some(
            crate::engine::odds::table(catalog, e, self.seat, 1).map_err(|err| err.to_string()),
        );
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
        self.new_table();
        let current = self.current.as_ref();
        match self
            .pending
            .take_if(|p| current.is_some_and(|c| resumes(p, c)))
        {
            Some(p) => self.resume_game(*p),
            None => Action::None,
        }
    }

    /// Forgets what belonged to the game that was on the table: choices,
    /// the held card, the log's decisions, work awaited.
    fn new_table(&mut self) {
        self.returns.clear();
        self.refusal = None;
        self.note = None;
        self.selected = None;
        self.drag = None;
        self.narrowed = None;
        self.steps.clear();
        self.waiting_for = None;
        self.autoplay = None;
        self.resuming = None;
    }

    /// Plays the stored game's moves on the game just dealt from its seed;
    /// a move the deck no longer allows: dealt again, and the banner says so.
    ///
    /// Off the UI thread: the computer's answers are played again too.
    fn resume_game(&mut self, p: saved::SavedGame) -> Action<Message> {
        let Some(s) = &self.session else {
            return Action::None;
        };
        let (moves, seed) = (p.moves, p.seed);
        let task = self.think(s.clone(), move |s| {
            s.replay(&moves).map_err(|(n, e)| {
                format!(
                    "The game in progress when Deckwright last closed could not be played again (move {}: {e}): dealt again with seed {seed}.",
                    n + 1
                )
            })
        });
        self.resuming = Some((self.handed_off, p.steps, seed));
        task
    }

    /// Stores the game in progress when it changed since the last write.
    fn save_game(&mut self) -> Action<Message> {
        let (Some(s), Some(c)) = (&self.session, &self.current) else {
            return Action::None;
        };
        // a position from a file is the file's to keep
        if self.position.is_some() {
            return Action::None;
        }
        // the stored game stays as it is until it has been played again
        if self.resuming.is_some() {
            return Action::None;
        }
        let mark: saved::Mark = (
            c.info.id,
            s.seed(),
            self.seat,
            self.opponent,
            self.level,
            s.move_count(),
            self.steps.len(),
        );
        if self.saved == Some(mark) {
            return Action::None;
        }
        self.saved = Some(mark);
        let game = saved::SavedGame {
            deck: c.info.id,
            seed: s.seed(),
            seat: self.seat,
            opponent: self.opponent,
            level: self.level,
            moves: s.moves(),
            steps: self.steps.clone(),
        };
        Action::Run(Task::perform(
            self.writes.write(&self.db, saved::KEY, game.to_json()),
            Message::GameSaved,
        ))
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
        if self.thinking() {
            return Action::None;
        }
        let Some(s) = &mut self.session else {
            return Action::None;
        };
        let label = s
            .choices()
            .into_iter()
            .find(|c| c.action == a)
            .map(|c| c.label);
        let step = label.map(|l| step_of(s, l));
        match s.play(&a) {
            Ok(()) => {
                self.refusal = None;
                self.note = None;
                self.narrowed = None;
                self.returns.clear();
                self.steps.extend(step);
                self.keep_selection();
                self.answer()
            }
            Err(e) => {
                self.refusal = Some(format!("Refused: {e}"));
                Action::None
            }
        }
    }

    /// The other side's answer to the player's move: a goldfish's passes at
    /// once; the computer's moves off the UI thread (a strong Rizontical
    /// player thinks for a while), the table showing the move already made
    /// and offering nothing until the answer comes.
    fn answer(&mut self) -> Action<Message> {
        let Some(s) = &mut self.session else {
            return Action::None;
        };
        if !s.to_answer() {
            return Action::None;
        }
        if self.opponent.is_none() {
            s.answer();
            return Action::None;
        }
        let copy = s.clone();
        self.think(copy, |s| {
            s.answer();
            Ok(())
        })
    }

    /// Runs `work` on a copy of `s` off the UI thread; the result replaces
    /// the session unless the game moved on meanwhile (Undo, a new deal).
    fn think(
        &mut self,
        mut s: Session,
        work: impl FnOnce(&mut Session) -> Result<(), String> + Send + 'static,
    ) -> Action<Message> {
        self.handed_off += 1;
        self.waiting_for = Some(self.handed_off);
        let id = self.handed_off;
        Action::Run(Task::perform(
            crate::gui::db::blocking(move || work(&mut s).map(|()| Box::new(s))),
            move |r| Message::Answered(id, r),
        ))
    }

    /// Whether the computer is thinking (or a stored game is being played
    /// again): the table waits.
    pub fn thinking(&self) -> bool {
        self.waiting_for.is_some()
    }

    /// Whether the stored game is being played again.
    pub fn resuming(&self) -> bool {
        self.resuming.is_some()
    }

    fn answered(&mut self, id: u64, r: Result<Box<Session>, String>) -> Action<Message> {
        if self.waiting_for != Some(id) {
            // Undo or a new deal came first
            return Action::None;
        }
        self.waiting_for = None;
        if let Some((_, steps, seed)) = self.resuming.take_if(|(n, ..)| *n == id) {
            return match r {
                Ok(s) => {
                    self.session = Some(*s);
                    self.steps = steps;
                    Action::None
                }
                Err(notice) => self.deal(seed).and(Action::Notice(notice)),
            };
        }
        match r {
            Ok(s) => {
                self.session = Some(*s);
                self.keep_selection();
                self.autoplay_answered()
            }
            Err(e) => {
                self.autoplay = None;
                Action::Error(e)
            }
        }
    }

    fn select(&mut self, p: table::Selected) -> Action<Message> {
        self.selected_by_key = false;
        self.selected = if self.selected == Some(p) {
            None
        } else {
            Some(p)
        };
        self.narrowed = None;
        Action::None
    }

    /// The card (or pile) held by the pointer, if any.
    pub fn drag(&self) -> Option<&drag::Drag> {
        self.drag.as_ref()
    }

    /// The actions the panel is narrowed to after a drop that means more
    /// than one.
    pub fn narrowed(&self) -> Option<&(drag::Drop, Vec<ActionKey>)> {
        self.narrowed.as_ref()
    }

    /// A press on a card: it is selected (its actions on show, as a click
    /// does) and held, and the places it can be let go are lit.
    fn grab(&mut self, p: table::Selected) -> Action<Message> {
        let Some(s) = &self.session else {
            return Action::None;
        };
        let snap = s.snapshot();
        self.drag = Some(drag::Drag {
            from: p,
            was_selected: self.selected == Some(p),
            drops: drag::drops(s, &snap, p),
        });
        self.selected = Some(p);
        self.selected_by_key = false;
        self.narrowed = None;
        self.pointer = None;
        self.note = None;
        Action::None
    }

    /// Where the held card follows the pointer, once it has moved.
    pub fn pointer(&self) -> Option<iced::Point> {
        self.pointer.filter(|_| self.drag.is_some())
    }

    /// The pointer let go over `at`: on the card it was pressed on, a
    /// click (a second click unselects); on a place that takes the card,
    /// its action (several: the panel offers those); on a card that does
    /// not take it, the zone around decides; elsewhere nothing happens.
    fn let_go(&mut self, at: drag::Drop) -> Action<Message> {
        let Some(d) = &self.drag else {
            return Action::None;
        };
        let origin = match d.from {
            table::Selected::Card(c) => drag::Drop::Card(c),
            table::Selected::Pile(name) => drag::Drop::Zone(0, name),
        };
        if at == origin {
            if d.was_selected {
                self.selected = None;
            }
            self.drag = None;
            return Action::None;
        }
        let actions = d.at(at).to_vec();
        match actions.as_slice() {
            // the place around it may take the card; if none does, the
            // release's end says where it can go (`drag_end`)
            [] => Action::None,
            [one] => {
                let one = one.clone();
                self.drag = None;
                self.act(one)
            }
            _ => {
                self.drag = None;
                self.narrowed = Some((at, actions));
                Action::None
            }
        }
    }

    /// The pointer let go with a card still held: no place under it took
    /// the card (a click on it, or a place that did, let go of it first),
    /// so the table says where it can go, or that it goes nowhere now
    /// (issue 25: a creature let go on the Battlefield was ignored in
    /// silence while only the Stack was lit).
    fn drag_end(&mut self) -> Action<Message> {
        self.pointer = None;
        let (Some(d), Some(s)) = (self.drag.take(), &self.session) else {
            return Action::None;
        };
        self.note = Some(drag::missed(s, &s.snapshot(), &d));
        Action::None
    }

    /// After a move the selection stays only on a card that still has
    /// something to do (a Hero that moved to the Altar can attack next).
    fn keep_selection(&mut self) {
        let (Some(s), Some(sel)) = (&self.session, self.selected) else {
            return;
        };
        let left = s.choices().iter().any(|c| c.mover == Some(sel));
        if !left {
            self.selected = None;
        }
    }

    /// ↑/↓: the previous or next card that has an action now.
    fn step_selection(&mut self, forward: bool) -> Action<Message> {
        let Some(s) = &self.session else {
            return Action::None;
        };
        let snap = s.snapshot();
        let order = table::selectable(&snap, &s.choices());
        if order.is_empty() {
            return Action::None;
        }
        let at = self
            .selected
            .and_then(|sel| order.iter().position(|&o| o == sel));
        let n = order.len();
        let next = match (at, forward) {
            (None, true) => 0,
            (None, false) => n - 1,
            (Some(i), true) => (i + 1) % n,
            (Some(i), false) => (i + n - 1) % n,
        };
        self.selected = Some(order[next]);
        self.selected_by_key = true;
        self.narrowed = None;
        Action::None
    }

    /// `+`: the selected card's first action (the suggestion when it is one
    /// of them).
    fn play_selected(&mut self) -> Action<Message> {
        let (Some(s), Some(sel)) = (&self.session, self.selected) else {
            return Action::None;
        };
        let mine: Vec<ActionKey> = s
            .choices()
            .into_iter()
            .filter(|c| !c.chooses_cards && c.mover == Some(sel))
            .map(|c| c.action)
            .collect();
        let hint = s.hint().map(|h| h.action);
        let pick = hint
            .filter(|h| mine.contains(h))
            .or_else(|| mine.first().cloned());
        match pick {
            Some(a) => self.act(a),
            None => Action::None,
        }
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
        let n = back.len();
        let step = step_of(
            s,
            format!(
                "Mulligan: {n} card{} to the bottom, as many drawn",
                if n == 1 { "" } else { "s" }
            ),
        );
        match s.take_mulligan(&back) {
            Ok(()) => {
                self.refusal = None;
                self.returns.clear();
                self.steps.push(step);
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

    /// "Autoplay rest of turn": the goldfish policy plays the rest of the
    /// player's turn, one logged step at a time (what
    /// [`Session::finish_turn`] does, with each decision kept for the log
    /// and for Undo).
    ///
    /// Against the computer every window the rules give it is its own to
    /// answer (DD 9: the stack, the attack before the roll): autoplay hands
    /// it over, and plays on when the computer only let it pass. It stops
    /// where the next decision answers the computer (it played something
    /// in a window; or it is the computer's turn and the player holds a
    /// window on it): that choice is the player's.
    fn finish_turn(&mut self) -> Action<Message> {
        let Some(s) = &self.session else {
            return Action::None;
        };
        if self.thinking() {
            return Action::None;
        }
        if self.opponent.is_some() && s.active() != 0 && s.outcome().is_none() {
            self.note = Some(
                "It is the computer's turn: how to answer its move is yours to choose (Play the suggestion plays the goldfish policy's answer).".into(),
            );
            return Action::None;
        }
        self.autoplay = Some(Autoplay {
            turn: s.snapshot().turn,
            log_at: 0,
        });
        self.refusal = None;
        self.note = None;
        self.autoplay_on()
    }

    /// Plays the policy's moves for the player until the turn ends, the
    /// game ends, or the computer is to answer (then its answer is awaited:
    /// [`Playtest::answered`] calls this again when it only passed).
    fn autoplay_on(&mut self) -> Action<Message> {
        let (Some(s), Some(auto)) = (&mut self.session, &mut self.autoplay) else {
            return Action::None;
        };
        let alone = self.opponent.is_none();
        for _ in 0..FINISH_GUARD {
            // the computer's window or turn: it answers off the UI thread
            // (below); the turn is over once the computer's begins
            if s.outcome().is_some()
                || s.snapshot().turn != auto.turn
                || s.to_answer()
                || (!alone && s.active() != 0)
            {
                break;
            }
            let Some(h) = s.hint() else {
                break;
            };
            let step = step_of(s, h.label);
            if let Err(e) = s.play(&h.action) {
                self.refusal = Some(format!("Refused: {e}"));
                break;
            }
            self.steps.push(step);
            if alone {
                s.answer();
            }
        }
        auto.log_at = s.log().len();
        let waits = !alone && s.to_answer() && self.refusal.is_none();
        if !waits {
            self.autoplay = None;
        }
        self.returns.clear();
        self.selected = None;
        self.drag = None;
        self.narrowed = None;
        self.answer()
    }

    /// The computer answered during autoplay: it plays on when the computer
    /// only let the player's move pass (no move of its own in the log) and
    /// the turn goes on; otherwise it stops and says why.
    fn autoplay_answered(&mut self) -> Action<Message> {
        let (Some(s), Some(auto)) = (&self.session, self.autoplay) else {
            return Action::None;
        };
        let answered = s
            .log()
            .iter()
            .skip(auto.log_at)
            .any(|l| l.contains(crate::engine::game::OPPONENT_NOTE));
        let goes_on = s.outcome().is_none() && s.snapshot().turn == auto.turn && s.active() == 0;
        if goes_on && !answered {
            return self.autoplay_on();
        }
        self.autoplay = None;
        if goes_on {
            self.note = Some(
                "Autoplay stopped: the computer answered your move (see the log); the next choice is yours.".into(),
            );
        }
        Action::None
    }

    fn undo(&mut self) -> Action<Message> {
        if self.resuming.is_some() {
            return Action::None;
        }
        // an answer still being thought about is dropped with the move
        self.waiting_for = None;
        self.autoplay = None;
        if let Some(s) = &mut self.session
            && s.undo()
        {
            self.refusal = None;
            self.returns.clear();
            self.steps.pop();
            self.keep_selection();
        }
        Action::None
    }
}

/// A level as the screen names it: "Strong".
pub fn level_label(l: Level) -> String {
    let name = l.name();
    let mut c = name.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}
