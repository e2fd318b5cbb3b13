//! The World screen (issue 6): Strange World's solo mode on a board.
//!
//! The screen drives [`SoloGame`], the engine's step-by-step game: take one
//! of the seven stacks, click a cell to place a card (the cells the card may
//! go to are highlighted), choose where a welcomed Traveller sits, which card
//! a Fumarole covers and which Fumarole a Dark City joins. Every click goes
//! to the engine, so a refused move comes back with the rule it breaks,
//! quoted from the rulebook. Flips, Fumaroles, Dark Cities and Travellers show
//! on the board; the score breakdown and rating follow every move; Undo steps
//! back one decision; a hint from the search player is computed on a worker
//! thread. The seed of every game is shown and can be typed in to replay it.
//!
//! The game in progress survives a restart of the app: its seed and moves
//! are written to the store after every change and replayed when the screen
//! opens ([`saved`]).
//!
//! Cells are named by the board's own coordinates — columns A to G, rows 1
//! to 7, the starting Land on D4 — because they do not shift as the World
//! grows (the engine's World file labels cells by the finished World).

pub mod position;
mod saved;
mod table;
mod table_view;
mod view;

pub use saved::{KEY as SAVED_KEY, Saved, remap_ids as remap_saved_ids};
use table::Why;
pub use table::{STILL_THINKING, Table, YOU, seat_name};

pub use crate::engine::solo::words::{cell_name, describe, event_line, rows_name};
pub use view::THINKING;

use std::sync::Arc;

use iced::Task;

use crate::engine::solo::{
    Action as Move, Components, GRID, MatchAction, Phase, Pos, SeatLevel, Side, SoloGame,
    SunDirection,
};
use crate::gui::db::{Db, blocking};
use crate::gui::job::Runs;
use crate::gui::widget::Pick;
use crate::store::{CatalogId, CatalogInfo};

use super::{Action, Shortcut};

/// The id of the seed box.
pub const SEED_ID: &str = "world-seed";

/// The World screen.
#[derive(Debug)]
pub struct World {
    db: Db,
    catalogs: Vec<CatalogInfo>,
    current: Option<Game>,
    seed_text: String,
    /// The hand card a cell click places.
    selected: Option<u8>,
    /// Why the last move was refused.
    refusal: Option<String>,
    hint: Hint,
    hints: Runs,
    /// 1: the solo game; 2 to 4: the user against computer players.
    players: u8,
    /// The computer players' level.
    level: SeatLevel,
    /// The game for 2 to 4, when `players` > 1.
    table: Option<Box<Table>>,
    /// The computer players are working out the table off the UI thread
    /// (and why); `thinks` tells their answer from a stale one.
    thinking: Option<Why>,
    thinks: Runs,
    /// Draft cards the user marked to pass.
    passing: Vec<u8>,
    /// The stored game in progress, waiting for its catalog to load.
    restoring: Option<Saved>,
    /// The newest record of the game handed to the store (or read from it).
    saved: Option<String>,
    writes: crate::gui::db::OrderedWrites,
    /// A write failed and was reported: the next failures are not, until
    /// one succeeds (a read-only database would otherwise bring a banner
    /// per move).
    write_failed: bool,
    /// A position set up from a scenario file, on the table instead of a
    /// dealt game (not stored as the game in progress).
    position: Option<Box<position::Opened>>,
    /// Another player count or level was asked for while a game is in
    /// progress: it waits for the user's yes (issue 25: switching dealt a
    /// new game without a word, and the moves were gone).
    asking: Option<Switch>,
}

/// A change that deals a new game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Switch {
    Players(u8),
    Level(SeatLevel),
}

/// A game on a catalog.
#[derive(Debug, Clone)]
pub struct Game {
    pub info: CatalogInfo,
    pub components: Arc<Components>,
    pub game: SoloGame,
}

/// The search player's advice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hint {
    None,
    Thinking,
    Ready(Option<Move>),
    /// A strong computer player's advice for your seat in a game for 2 to 4.
    Table(Option<MatchAction>),
}

/// A catalog read and checked for the solo game.
#[derive(Debug, Clone)]
pub struct Loaded {
    pub info: CatalogInfo,
    pub components: Arc<Components>,
}

#[derive(Debug, Clone)]
pub enum Message {
    /// The Strange World catalogs, and the stored game in progress.
    Opened(Result<(Vec<CatalogInfo>, Option<String>), String>),
    Catalog(Pick<CatalogId>),
    Loaded(Result<Loaded, String>),
    SeedTyped(String),
    /// A new game dealt from the typed seed.
    Replay,
    /// A new game from a fresh seed.
    NewGame,
    /// Take stack `n`.
    Stack(u8),
    /// Choose the hand card the next cell click places.
    Select(u8),
    /// A click on the board cell at column `x`, row `y`.
    Cell(u8, u8),
    Welcome {
        traveller: u8,
        side: Side,
        upper: i8,
    },
    Decline,
    Undo,
    Hint,
    /// The hint for the position after this many moves.
    Hinted(u64, Result<Option<Move>, String>),
    /// The hint of run `.0` for your seat in a game for 2 to 4.
    TableHinted(u64, Result<Option<MatchAction>, String>),
    /// The table of run `.0` once the computer players acted.
    Thought(u64, Result<Box<Table>, String>),
    /// Play solo (1) or against 1 to 3 computer players (2 to 4).
    Players(u8),
    /// The computer players' level.
    Level(SeatLevel),
    /// Turn the Sun (you hold it, 3 or 4 players).
    Sun(SunDirection),
    /// Mark or unmark a draft card to pass.
    DraftCard(u8),
    /// Pass the marked cards.
    Pass,
    /// The game's record was written (or not).
    Written(Result<(), String>),
    /// "Set up a position…": ask for a scenario file.
    AskPosition,
    /// Set up the position of this Strange World scenario file.
    OpenPosition(std::path::PathBuf),
    /// The position read and set up (or why not).
    PositionOpened(Result<Box<position::Setup>, String>),
    /// "Save position…": ask where.
    AskSavePosition,
    /// Save the game on the table as a scenario file here.
    SavePosition(std::path::PathBuf),
    PositionSaved(Result<std::path::PathBuf, String>),
    /// A file dialog was closed without a choice.
    DialogClosed,
    /// The answer to "Start a new game?": yes (switch), or keep playing.
    SwitchAnswered(bool),
}

impl World {
    pub fn new(db: Db) -> (World, Task<Message>) {
        let w = World {
            db,
            catalogs: Vec::new(),
            current: None,
            seed_text: String::new(),
            selected: None,
            refusal: None,
            hint: Hint::None,
            hints: Runs::default(),
            players: 1,
            level: SeatLevel::Quick,
            table: None,
            thinking: None,
            thinks: Runs::default(),
            passing: Vec::new(),
            restoring: None,
            saved: None,
            writes: Default::default(),
            write_failed: false,
            position: None,
            asking: None,
        };
        let task = Task::perform(
            w.db.run(|s| {
                let catalogs = s
                    .catalogs()?
                    .into_iter()
                    .filter(|c| crate::games::game(c.game).builds_worlds())
                    .collect();
                Ok((catalogs, s.setting(saved::KEY)?))
            }),
            Message::Opened,
        );
        (w, task)
    }

    pub fn game(&self) -> Option<&Game> {
        self.current.as_ref()
    }

    pub fn refusal(&self) -> Option<&str> {
        self.refusal.as_deref()
    }

    pub fn hint(&self) -> Hint {
        self.hint
    }

    /// The cell the hint's move places on (or erupts on, or joins), which
    /// the board outlines: in solo and in a game for 2 to 4 alike.
    pub fn hinted_cell(&self) -> Option<Pos> {
        let m = match self.hint {
            Hint::Ready(m) => m,
            Hint::Table(Some(MatchAction::Seat { action, .. })) => Some(action),
            _ => None,
        }?;
        match m {
            Move::Place { at, .. } | Move::Erupt { at } | Move::Join { with: at } => Some(at),
            _ => None,
        }
    }

    pub fn selected(&self) -> Option<u8> {
        self.selected
    }

    pub fn is_ready(&self) -> bool {
        self.current.is_some()
    }

    /// Handles a message, then stores the game if it changed.
    pub fn update(&mut self, message: Message) -> Action<Message> {
        let action = self.handle(message);
        action.and(self.persist())
    }

    fn handle(&mut self, message: Message) -> Action<Message> {
        match message {
            Message::Opened(r) => self.opened(r),
            Message::Written(r) => self.written(r),
            Message::AskPosition => self.ask_position_file(),
            Message::OpenPosition(p) => self.open_position(p),
            Message::PositionOpened(r) => self.position_opened(r),
            Message::AskSavePosition => self.ask_save_position(),
            Message::SavePosition(p) => self.save_position(p),
            Message::PositionSaved(r) => self.position_saved(r),
            Message::DialogClosed => Action::None,
            Message::Catalog(p) => self.pick_catalog(p.value),
            Message::Loaded(r) => self.loaded(r),
            Message::SeedTyped(t) => self.seed_typed(t),
            Message::Replay => self.replay(),
            Message::NewGame => self.start(crate::engine::fresh_seed()),
            Message::Players(n) => self.switch(Switch::Players(n)),
            Message::Level(l) => self.switch(Switch::Level(l)),
            Message::SwitchAnswered(yes) => match self.asking.take() {
                Some(s) if yes => self.apply_switch(s),
                _ => Action::None,
            },
            Message::Sun(d) => self.sun(d),
            Message::DraftCard(card) => self.toggle_pass(card),
            Message::Pass => self.pass(),
            Message::Select(card) if self.table.is_some() => self.table_select(card),
            Message::Cell(x, y) if self.table.is_some() => match Pos::new(x, y) {
                Some(at) => self.table_cell(at),
                None => Action::None,
            },
            Message::Welcome {
                traveller,
                side,
                upper,
            } if self.table.is_some() => self.table_play(crate::engine::solo::MatchAction::Seat {
                seat: YOU,
                action: Move::Welcome {
                    traveller,
                    side,
                    upper,
                },
            }),
            Message::Decline if self.table.is_some() => {
                self.table_play(crate::engine::solo::MatchAction::Seat {
                    seat: YOU,
                    action: Move::Decline,
                })
            }
            Message::Undo if self.table.is_some() => self.table_undo(),
            Message::Hint if self.table.is_some() => self.ask_table_hint(),
            Message::TableHinted(run, r) => self.table_hinted(run, r),
            Message::Thought(run, r) => self.thought(run, r),
            Message::Stack(s) => self.play(Move::TakeStack { stack: s }),
            Message::Select(card) => self.select(card),
            Message::Cell(x, y) => self.cell(x, y),
            Message::Welcome {
                traveller,
                side,
                upper,
            } => self.play(Move::Welcome {
                traveller,
                side,
                upper,
            }),
            Message::Decline => self.play(Move::Decline),
            Message::Undo => self.undo(),
            Message::Hint => self.ask_hint(),
            Message::Hinted(key, r) => self.hinted(key, r),
        }
    }

    /// 1 for the solo game, 2 to 4 for a game against the computer.
    pub fn players(&self) -> u8 {
        self.players
    }

    pub fn level(&self) -> SeatLevel {
        self.level
    }

    /// The question waiting for an answer, if one is.
    pub fn asking(&self) -> Option<Switch> {
        self.asking
    }

    /// Whether a game has moves on it and is not over: what another player
    /// count or level would throw away.
    pub fn in_progress(&self) -> bool {
        let Some(g) = &self.current else {
            return false;
        };
        match &self.table {
            Some(t) => {
                !t.moves().is_empty()
                    && !matches!(t.m.phase(), crate::engine::solo::MatchPhase::Finished)
            }
            None => g.game.actions().next().is_some() && g.game.state().phase() != Phase::Finished,
        }
    }

    /// Another player count or level: at once when nothing would be lost,
    /// after a yes when a game is in progress.
    fn switch(&mut self, s: Switch) -> Action<Message> {
        let same = match s {
            Switch::Players(n) => !(1..=4).contains(&n) || n == self.players,
            Switch::Level(l) => l == self.level,
        };
        if same {
            return Action::None;
        }
        if self.in_progress() {
            self.asking = Some(s);
            return Action::None;
        }
        self.apply_switch(s)
    }

    fn apply_switch(&mut self, s: Switch) -> Action<Message> {
        match s {
            Switch::Players(n) => self.players = n,
            Switch::Level(l) => self.level = l,
        }
        self.restart()
    }

    /// A new game on the same seed, after the player count or level changed.
    fn restart(&mut self) -> Action<Message> {
        match &self.current {
            Some(g) => {
                let seed = g.game.seed();
                self.start(seed)
            }
            None => Action::None,
        }
    }

    pub fn shortcut(&mut self, s: Shortcut) -> Action<Message> {
        match s {
            Shortcut::Escape if self.asking.is_some() => {
                self.asking = None;
                Action::None
            }
            Shortcut::Undo if self.table.is_some() => self.table_undo(),
            Shortcut::Undo => self.undo(),
            _ => Action::None,
        }
    }

    // ---- catalog and seed ----

    /// The catalogs are listed and the stored game read: play the stored
    /// game's catalog (to replay it when it loads), or the first.
    fn opened(&mut self, r: Result<(Vec<CatalogInfo>, Option<String>), String>) -> Action<Message> {
        let (list, stored) = match r {
            Ok(v) => v,
            Err(e) => return Action::Error(e),
        };
        self.catalogs = list;
        let mut notice = Action::None;
        if self.current.is_none()
            && let Some(text) = stored
        {
            match Saved::parse(&text) {
                Ok(rec) if self.catalogs.iter().any(|c| c.id == rec.catalog) => {
                    self.saved = Some(text);
                    self.restoring = Some(rec);
                }
                Ok(_) => {
                    notice = Action::Notice(
                        "The catalog of the World game in progress is gone: a new game is dealt."
                            .into(),
                    );
                }
                Err(e) => {
                    notice = Action::Notice(format!(
                        "The World game in progress could not be read ({e}): a new game is dealt."
                    ));
                }
            }
        }
        let pick = match &self.restoring {
            Some(rec) => Some(rec.catalog),
            None => self.catalogs.first().map(|c| c.id),
        };
        let load = match pick {
            Some(id) if self.current.is_none() => self.pick_catalog(Some(id)),
            Some(_) => Action::None,
            None => Action::Notice(
                "There is no Strange World catalog: import one in the Library to play the solo mode."
                    .into(),
            ),
        };
        load.and(notice)
    }

    pub fn catalogs(&self) -> &[CatalogInfo] {
        &self.catalogs
    }

    fn pick_catalog(&mut self, id: Option<CatalogId>) -> Action<Message> {
        let Some(id) = id else {
            return Action::None;
        };
        Action::Run(Task::perform(
            self.db.run_with(move |s| {
                let info = s.catalog_info(id).map_err(|e| e.to_string())?;
                let catalog = s.load_catalog(id).map_err(|e| e.to_string())?;
                let components = Components::with_defaults(&catalog)
                    .and_then(|c| c.check_solo().map(|()| c))
                    .map_err(|e| format!("catalog \"{}\": {e}", info.name))?;
                Ok(Loaded {
                    info,
                    components: Arc::new(components),
                })
            }),
            Message::Loaded,
        ))
    }

    #[allow(
        clippy::expect_used,
        reason = "the match guard checked the record is there"
    )]
    fn loaded(&mut self, r: Result<Loaded, String>) -> Action<Message> {
        // the stored game is replayed on its own catalog only
        let restoring = self.restoring.take();
        match r {
            Ok(l)
                if restoring
                    .as_ref()
                    .is_some_and(|rec| rec.catalog == l.info.id) =>
            {
                self.restore(l, restoring.expect("checked"))
            }
            Ok(l) => {
                let seed = self
                    .current
                    .as_ref()
                    .map_or_else(crate::engine::fresh_seed, |g| g.game.seed());
                self.current = None;
                self.deal(l.info, l.components, seed)
            }
            Err(e) => Action::Error(e),
        }
    }

    fn seed_typed(&mut self, t: String) -> Action<Message> {
        self.seed_text = t;
        Action::None
    }

    /// The typed seed, when it is one.
    pub fn typed_seed(&self) -> Result<u64, String> {
        self.seed_text.trim().parse::<u64>().map_err(|_| {
            format!(
                "\"{}\" is not a seed (a whole number)",
                self.seed_text.trim()
            )
        })
    }

    fn replay(&mut self) -> Action<Message> {
        match self.typed_seed() {
            Ok(seed) => self.start(seed),
            Err(e) => {
                self.refusal = Some(e);
                Action::None
            }
        }
    }

    fn start(&mut self, seed: u64) -> Action<Message> {
        match &self.current {
            Some(g) => {
                let (info, c) = (g.info.clone(), Arc::clone(&g.components));
                self.deal(info, c, seed)
            }
            None => Action::None,
        }
    }

    fn deal(&mut self, info: CatalogInfo, c: Arc<Components>, seed: u64) -> Action<Message> {
        match SoloGame::new(&c, seed) {
            Ok(game) => {
                // a new deal leaves a position set up from a file
                self.position = None;
                self.seed_text = seed.to_string();
                self.current = Some(Game {
                    info,
                    components: Arc::clone(&c),
                    game,
                });
                self.after_move();
                self.set_table(&c, seed)
            }
            Err(e) => Action::Error(format!("catalog \"{}\": {e}", info.name)),
        }
    }

    // ---- the game in progress, kept in the store ----

    /// Brings back the stored game: dealt from its seed, its moves played
    /// again. When one no longer applies (the catalog changed), the same
    /// seed is dealt again, and the user is told.
    fn restore(&mut self, l: Loaded, rec: Saved) -> Action<Message> {
        self.players = rec.players;
        self.level = rec.level;
        let c = &l.components;
        let solo = SoloGame::replay(c, rec.seed, &rec.moves).map_err(|e| e.to_string());
        // the table is played again off the UI thread ([`Why::Restore`])
        let table = match rec.players {
            1 => Ok(None),
            n => Table::set_up(c, n, rec.level, rec.seed).map(|t| Some(t.with_moves(rec.table))),
        };
        match (solo, table) {
            (Ok(game), Ok(table)) => {
                self.seed_text = rec.seed.to_string();
                self.current = Some(Game {
                    info: l.info,
                    components: l.components,
                    game,
                });
                self.after_move();
                self.passing.clear();
                self.thinking = None;
                self.thinks.forget();
                match table {
                    Some(t) => self.think_on(t, Why::Restore),
                    None => {
                        self.table = None;
                        Action::None
                    }
                }
            }
            _ => {
                let seed = rec.seed;
                let dealt = self.deal(l.info, l.components, seed);
                if self.current.is_none() {
                    // the catalog no longer deals at all: the error says why
                    return dealt;
                }
                dealt.and(Action::Notice(format!(
                    "The catalog changed since this game began: dealt again with seed {seed}"
                )))
            }
        }
    }

    /// The record of the game on the board, if one is.
    pub fn record(&self) -> Option<Saved> {
        let g = self.current.as_ref()?;
        let mut rec = Saved::new(g.info.id, g.game.seed(), self.players, self.level);
        rec.moves = g.game.actions().collect();
        if let Some(t) = &self.table {
            rec.table = t.moves().to_vec();
        }
        Some(rec)
    }

    /// Writes the game's record when it changed (a move, an undo, a new
    /// deal, another player count or level), in the background.
    fn persist(&mut self) -> Action<Message> {
        // the stored game is not overwritten before it is brought back
        if self.restoring.is_some() {
            return Action::None;
        }
        // a position from a file is the file's to keep: the stored game
        // stays what it was
        if self.position.is_some() {
            return Action::None;
        }
        // nor is a game on a catalog read from a scenario's folder (not a
        // stored one: it could not be brought back)
        if self
            .current
            .as_ref()
            .is_some_and(|g| g.info.id == position::FILE_CATALOG)
        {
            return Action::None;
        }
        let Some(text) = self.record().map(|r| r.to_json()) else {
            return Action::None;
        };
        if self.saved.as_ref() == Some(&text) {
            return Action::None;
        }
        self.saved = Some(text.clone());
        Action::Run(Task::perform(
            self.writes.write(&self.db, saved::KEY, text),
            Message::Written,
        ))
    }

    fn written(&mut self, r: Result<(), String>) -> Action<Message> {
        match r {
            Ok(()) => {
                self.write_failed = false;
                Action::None
            }
            Err(_) if self.write_failed => Action::None,
            Err(e) => {
                self.write_failed = true;
                Action::Error(format!(
                    "cannot save the World game in progress (it will not survive a restart): {e}"
                ))
            }
        }
    }

    // ---- moves ----

    /// Plays a move through the engine; a refused one is shown with its rule.
    fn play(&mut self, m: Move) -> Action<Message> {
        let Some(g) = &mut self.current else {
            return Action::None;
        };
        let what = describe(&g.components, g.game.state().world(), m);
        match g.game.apply(&g.components, m) {
            Ok(_) => {
                self.after_move();
            }
            Err(e) => self.refusal = Some(format!("{what}: refused, {e}")),
        }
        Action::None
    }

    /// After the position changed: no refusal, no hint, and the first card
    /// of the hand selected.
    fn after_move(&mut self) {
        self.refusal = None;
        self.hint = Hint::None;
        self.hints.forget();
        self.selected = self
            .current
            .as_ref()
            .and_then(|g| g.game.state().hand().next());
    }

    fn select(&mut self, card: u8) -> Action<Message> {
        let in_hand = self
            .current
            .as_ref()
            .is_some_and(|g| g.game.state().hand().any(|h| h == card));
        if in_hand {
            self.selected = Some(card);
            self.refusal = None;
        }
        Action::None
    }

    /// A board click means what the game waits for: place the selected card,
    /// cover a card with a Fumarole, or join a Fumarole for a Dark City.
    /// Otherwise the engine names the decision it waits for.
    fn cell(&mut self, x: u8, y: u8) -> Action<Message> {
        let (Some(g), Some(at)) = (&self.current, Pos::new(x, y)) else {
            return Action::None;
        };
        let m = match g.game.state().phase() {
            Phase::Erupt { .. } => Move::Erupt { at },
            Phase::JoinCity { .. } => Move::Join { with: at },
            Phase::Finished => return Action::None,
            // in any other phase the engine refuses it, naming what it waits for
            _ => Move::Place {
                card: self
                    .selected
                    .or_else(|| g.game.state().hand().next())
                    .unwrap_or(u8::MAX),
                at,
            },
        };
        self.play(m)
    }

    fn undo(&mut self) -> Action<Message> {
        if let Some(g) = &mut self.current
            && g.game.undo()
        {
            self.after_move();
        }
        Action::None
    }

    /// The cells a click may act on now in whichever game is on (solo, or
    /// your World in a game for 2 to 4).
    pub fn targets_here(&self) -> Vec<Pos> {
        match (&self.table, &self.current) {
            (Some(t), Some(g)) => t.targets(&g.components, self.selected),
            (Some(_), None) => Vec::new(),
            (None, _) => self.targets(),
        }
    }

    /// The cells a click may act on now: where the selected card may go, the
    /// cards a Fumarole may cover, the Fumaroles a Dark City may join.
    pub fn targets(&self) -> Vec<Pos> {
        let Some(g) = &self.current else {
            return Vec::new();
        };
        g.game
            .legal_actions(&g.components)
            .into_iter()
            .filter_map(|a| match a {
                Move::Place { card, at } if Some(card) == self.selected => Some(at),
                Move::Erupt { at } => Some(at),
                Move::Join { with } => Some(with),
                _ => None,
            })
            .collect()
    }

    // ---- hint ----

    fn ask_hint(&mut self) -> Action<Message> {
        let Some(g) = &self.current else {
            return Action::None;
        };
        if g.game.state().is_finished() {
            return Action::None;
        }
        let run = self.hints.start();
        self.hint = Hint::Thinking;
        let (game, c) = (g.game.clone(), Arc::clone(&g.components));
        Action::Run(Task::perform(
            blocking(move || Ok(game.hint(&c))),
            move |r| Message::Hinted(run, r),
        ))
    }

    fn hinted(&mut self, run: u64, r: Result<Option<Move>, String>) -> Action<Message> {
        if !self.hints.is_current(run) {
            return Action::None;
        }
        match r {
            Ok(m) => {
                self.hint = Hint::Ready(m);
                // a placement hint selects its card, so the cell lights up
                if let Some(Move::Place { card, .. }) = m {
                    self.selected = Some(card);
                }
                Action::None
            }
            Err(e) => {
                self.hint = Hint::None;
                Action::Error(e)
            }
        }
    }

    /// The game's events so far, newest first, in words.
    pub fn log_lines(&self, limit: usize) -> Vec<String> {
        let Some(g) = &self.current else {
            return Vec::new();
        };
        let steps: Vec<_> = g.game.log().collect();
        let mut out = Vec::new();
        for step in steps.iter().rev() {
            for e in step.events.iter().rev() {
                if let Some(line) = event_line(&g.components, e) {
                    out.push(line);
                    if out.len() == limit {
                        return out;
                    }
                }
            }
        }
        out
    }
}

/// The board cells, row by row (`GRID` × `GRID`).
pub fn board_cells() -> impl Iterator<Item = Pos> {
    (0..GRID).flat_map(|y| (0..GRID).filter_map(move |x| Pos::new(x, y)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_named_by_the_board() {
        assert_eq!(cell_name(Pos::START), "D4");
        assert_eq!(cell_name(Pos::new(0, 6).unwrap()), "A7");
        assert_eq!(rows_name(2), "rows 3-4");
        assert_eq!(board_cells().count(), 49);
    }
}
