//! The open deck: add and remove cards (by click, +/− and the keyboard),
//! move them between the main board and the sideboard, undo and redo, the
//! validation report re-run on every edit, deck text in and out, and the
//! version history. Edits are saved to the store a moment after the last one
//! (autosave); every save is a new version, so earlier ones are kept.

mod history;
mod odds;
mod pick;
mod text;

pub use text::{reading_notes, unknown_key, unknown_warning};

pub use odds::{OddsPanel, TURNS_ID as ODDS_TURNS_ID, percent as odds_percent};

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use iced::widget::{image, text_editor};
use iced::{Subscription, Task};

use crate::engine::core::Seat;
use crate::engine::run::Summary;
use crate::games;
use crate::gui::db::Db;
use crate::gui::search::{CardIndex, Filter};
use crate::gui::widget::chart::BarChart;
use crate::gui::widget::estimate::Stopped;
use crate::model::{Board, Catalog, Deck, DeckEntry, NameIndex};
use crate::rules::{CheckOptions, Mode, Report};
use crate::store::{DeckDiffLine, DeckInfo, DeckVersion};

use super::super::{Action, Shortcut};

/// How long after the last edit the deck is saved.
pub const AUTOSAVE_AFTER: Duration = Duration::from_millis(1200);

/// Undo steps kept.
const UNDO_DEPTH: usize = 200;

/// The most search results listed.
pub const MAX_RESULTS: usize = 100;

/// The id of the card search box (Ctrl+F focuses it).
pub const SEARCH_ID: &str = "deck-search";

/// The name deck text pasted into the app goes by in error messages.
pub const PASTED: &str = "pasted deck";

/// What the right-hand panel shows below the validation report.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tab {
    #[default]
    Charts,
    Text,
    History,
    /// Exact odds by turn and the goldfish estimate.
    Odds,
    /// Export to Tabletop Simulator (issue 26).
    Tts,
    /// The changes that win more (issue 28).
    Tune,
}

/// How the middle column shows the deck.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Layout {
    /// Lines of text by section.
    List,
    /// Card faces in piles.
    Visual,
    /// Both, side by side where there is room, else one above the other.
    #[default]
    Both,
}

/// How the visual deck view groups its piles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum StackBy {
    /// By the deck's sections (the game's groups of card types).
    #[default]
    Section,
    /// By the value the deck's curve counts (cost, or the game's own field).
    Curve,
}

/// The card picked by a click or the arrow keys: the preview shows it and
/// `+` / `-` change its count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Selection {
    /// Its catalog position.
    pub card: u32,
    /// The board of the deck entry that was clicked; `None` for a search
    /// result (the keys then act on the "Add to" board).
    pub board: Option<Board>,
}

/// An open deck.
#[derive(Debug)]
pub struct Editor {
    db: Db,
    pub(super) info: DeckInfo,
    pub(super) index: CardIndex,
    pub(super) names: NameIndex,
    pub(super) deck: Deck,
    undo: Vec<Vec<DeckEntry>>,
    redo: Vec<Vec<DeckEntry>>,
    pub(super) mode: Option<Mode>,
    pub(super) players: Option<i64>,
    pub(super) report: Result<Report, String>,
    pub(super) stats: Stats,
    pub(super) query: String,
    pub(super) matches: Vec<u32>,
    /// The highlighted search result (keyboard adds it).
    pub(super) cursor: usize,
    /// Where added cards go.
    pub(super) target: Board,
    /// Edits made so far, and how many of them the store has.
    edits: u64,
    saved_edits: u64,
    saving: Option<u64>,
    last_edit: Option<Instant>,
    pub(super) tab: Tab,
    pub(super) paste: text_editor::Content,
    /// The paste box holds the user's own text (not yet imported).
    paste_edited: bool,
    pub(super) text_error: Option<String>,
    /// The "not in the catalog" warning on show for this deck, as last
    /// said: it follows the deck's edits, and goes when every name is
    /// known (issue 25: it stayed after the name was fixed).
    unknown_warned: Option<String>,
    pub(super) versions: Vec<DeckVersion>,
    /// The version whose difference from the current one is shown.
    pub(super) shown: Option<(u32, Vec<DeckDiffLine>)>,
    pub(super) odds: odds::OddsPanel,
    pub(super) layout: Layout,
    pub(super) stack_by: StackBy,
    pub(super) selection: Option<Selection>,
    /// The card under the mouse in a list or the visual view.
    pub(super) hovered: Option<u32>,
    /// Whether the search box has the keyboard focus (then `+` and `-` are
    /// typed, not shortcuts).
    pub(super) search_focused: bool,
    /// Stored pictures of the deck's (and the previewed) cards, by card id.
    pub(super) images: HashMap<String, image::Handle>,
    /// Card ids whose picture is being read, or that have none stored.
    images_asked: HashSet<String>,
    /// Export to Tabletop Simulator (issue 26).
    pub(super) tts: crate::gui::tts::TtsPanel,
    /// Tune the deck (issue 28).
    pub(super) tune: crate::gui::tune::TunePanel,
    /// The note the next saved version carries ("Tuned: ...").
    next_note: Option<String>,
}

/// An open deck's undo and redo steps, kept by the app while another screen
/// is on show (issue 25: Ctrl+Z after a visit to another screen had nothing
/// to take back).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Steps {
    undo: Vec<Vec<DeckEntry>>,
    redo: Vec<Vec<DeckEntry>>,
}

/// A deck read from the store with what the editor needs.
#[derive(Debug, Clone)]
pub struct Opened {
    pub info: DeckInfo,
    pub deck: Deck,
    pub catalog: Arc<Catalog>,
    pub versions: Vec<DeckVersion>,
}

#[derive(Debug, Clone)]
pub enum Message {
    Query(String),
    /// Highlight search result `n`.
    Highlight(usize),
    /// Add one copy of a catalog card (by position) to the target board.
    Add(u32),
    Target(Board),
    /// One more / one less of deck entry `n`.
    Plus(usize),
    Minus(usize),
    /// Move deck entry `n` to the other board.
    Move(usize),
    Undo,
    Redo,
    Mode(Option<Mode>),
    Players(Option<i64>),
    /// Autosave clock.
    Tick,
    SaveNow,
    Saved(Result<(u32, u64), String>),
    Tab(Tab),
    Paste(text_editor::Action),
    ImportText,
    ImportFile,
    /// Read this deck file into the open deck, replacing its cards.
    ImportFilePath(PathBuf),
    /// Read this deck file as a new deck of the game and catalog its names
    /// come from (what "Import file...", Ctrl+O and a dropped file do; the
    /// deck builder handles it, not the open deck).
    ImportNewFile(PathBuf),
    FileImported(Result<Deck, String>),
    CopyText,
    ExportFile,
    ExportFilePath(PathBuf),
    Exported(Result<PathBuf, String>),
    DialogClosed,
    Versions(Result<Vec<DeckVersion>, String>),
    ShowVersion(u32),
    Diffed(Result<(u32, Vec<DeckDiffLine>), String>),
    Restore(u32),
    Restored(Result<(u32, Deck), String>),
    /// The Odds tab's seat.
    OddsSeat(Seat),
    /// The goldfish estimate of the run with this id.
    Estimated(u64, Box<Result<Summary, Stopped>>),
    /// List, visual or both.
    Layout(Layout),
    /// How the visual view groups its piles.
    StackBy(StackBy),
    /// Select the card of deck entry `n`.
    SelectEntry(usize),
    /// Forget the selection (the preview closes).
    Unselect,
    /// The mouse is over a card (catalog position) ...
    Hover(u32),
    /// ... and has left it.
    Unhover(u32),
    /// Something may have moved the keyboard focus: ask where it is.
    CheckFocus,
    /// Whether the search box has the focus.
    SearchFocus(bool),
    /// Stored pictures read (card id, picture; `None`: none stored).
    Images(Result<Vec<(String, Option<image::Handle>)>, String>),
    /// The Tabletop Simulator export (issue 26).
    Tts(crate::gui::tts::Message),
    /// Tune the deck (issue 28).
    Tune(crate::gui::tune::Message),
}

/// The deck's two charts (see [`crate::stats`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Stats {
    pub curve: BarChart,
    pub types: BarChart,
}

/// The catalog card a deck entry names, read as validation reads it.
pub(super) fn entry_card(names: &NameIndex, catalog: &Catalog, e: &DeckEntry) -> Option<usize> {
    crate::rules::resolve_entry(names, catalog, e).card()
}

impl Editor {
    pub fn new(db: Db, opened: Opened) -> Editor {
        let index = CardIndex::new(Arc::clone(&opened.catalog));
        let names = opened.catalog.name_index();
        let version = opened.info.version;
        let mut e = Editor {
            db,
            info: opened.info,
            matches: Vec::new(),
            index,
            names,
            deck: opened.deck,
            undo: Vec::new(),
            redo: Vec::new(),
            mode: None,
            players: None,
            report: Err(String::new()),
            stats: Stats {
                curve: Default::default(),
                types: Default::default(),
            },
            query: String::new(),
            cursor: 0,
            target: Board::Main,
            edits: 0,
            saved_edits: 0,
            saving: None,
            last_edit: None,
            tab: Tab::default(),
            paste: text_editor::Content::new(),
            paste_edited: false,
            text_error: None,
            unknown_warned: None,
            versions: opened.versions,
            shown: None,
            odds: odds::OddsPanel::default(),
            layout: Layout::default(),
            stack_by: StackBy::default(),
            selection: None,
            hovered: None,
            search_focused: false,
            images: HashMap::new(),
            images_asked: HashSet::new(),
            tts: Default::default(),
            tune: Default::default(),
            next_note: None,
        };
        e.info.version = version;
        e.revalidate();
        e.research();
        e
    }

    pub fn info(&self) -> &DeckInfo {
        &self.info
    }

    pub fn deck(&self) -> &Deck {
        &self.deck
    }

    pub fn catalog(&self) -> &Arc<Catalog> {
        self.index.catalog()
    }

    pub fn report(&self) -> Result<&Report, &String> {
        self.report.as_ref()
    }

    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// Edits the store does not have yet.
    pub fn is_dirty(&self) -> bool {
        self.edits != self.saved_edits
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// The undo and redo steps so far.
    pub fn steps(&self) -> Steps {
        Steps {
            undo: self.undo.clone(),
            redo: self.redo.clone(),
        }
    }

    /// Takes back the steps of this deck's editor from before the screen
    /// was left (its entries are what the store has: they were saved when
    /// the screen was left, so the first undo step leads on from them).
    pub fn restore_steps(&mut self, s: Steps) {
        self.undo = s.undo;
        self.redo = s.redo;
    }

    pub fn versions(&self) -> &[DeckVersion] {
        &self.versions
    }

    pub fn text_error(&self) -> Option<&str> {
        self.text_error.as_deref()
    }

    /// The search results, best first (catalog positions).
    pub fn results(&self) -> &[u32] {
        &self.matches
    }

    pub(super) fn set_name(&mut self, name: &str) {
        self.info.name = name.to_string();
        self.deck.name = name.to_string();
    }

    pub fn subscription(&self) -> Subscription<Message> {
        let autosave = if self.is_dirty() {
            iced::time::every(Duration::from_millis(400)).map(|_| Message::Tick)
        } else {
            Subscription::none()
        };
        Subscription::batch([autosave, pick::focus_changes()])
    }

    pub fn update(&mut self, message: Message) -> Action<Message> {
        let action = self.dispatch(message);
        // the Odds tab follows every edit while it is open; the pictures of
        // cards just added or selected are read
        action
            .and(self.refresh_odds())
            .and(self.load_images())
            .and(self.unknown_banner())
    }

    fn dispatch(&mut self, message: Message) -> Action<Message> {
        match message {
            Message::Query(q) => self.search(q),
            Message::Highlight(n) => self.highlight(n),
            Message::Add(i) => self.add(i),
            Message::Target(b) => self.set_target(b),
            Message::Plus(n) => self.plus(n),
            Message::Minus(n) => self.minus(n),
            Message::Move(n) => self.move_entry(n),
            Message::Undo => self.undo(),
            Message::Redo => self.redo(),
            Message::Mode(m) => self.set_mode(m),
            Message::Players(p) => self.set_players(p),
            Message::Tick => self.tick(),
            Message::SaveNow => self.save(),
            Message::Saved(r) => self.saved(r),
            Message::Tab(t) => self.set_tab(t),
            Message::Paste(a) => self.paste(a),
            Message::ImportText => self.import_text(),
            Message::ImportFile => self.pick_import_file(),
            Message::ImportFilePath(p) => self.import_file(p),
            Message::ImportNewFile(_) => Action::None,
            Message::FileImported(r) => self.file_imported(r),
            Message::CopyText => self.copy_text(),
            Message::ExportFile => self.pick_export_file(),
            Message::ExportFilePath(p) => self.export_file(p),
            Message::Exported(r) => self.exported(r),
            Message::DialogClosed => Action::None,
            Message::Versions(r) => self.versions_loaded(r),
            Message::ShowVersion(v) => self.show_version(v),
            Message::Diffed(r) => self.diffed(r),
            Message::Restore(v) => self.restore(v),
            Message::Restored(r) => self.restored(r),
            Message::OddsSeat(seat) => self.set_odds_seat(seat),
            Message::Estimated(run, r) => self.estimated(run, *r),
            Message::Layout(l) => self.set_layout(l),
            Message::StackBy(s) => self.set_stack_by(s),
            Message::SelectEntry(n) => self.select_entry(n),
            Message::Unselect => self.unselect(),
            Message::Hover(i) => self.hover(i),
            Message::Unhover(i) => self.unhover(i),
            Message::CheckFocus => self.check_focus(),
            Message::SearchFocus(f) => self.search_focus(f),
            Message::Images(r) => self.images_loaded(r),
            Message::Tts(m) => self.tts_update(m),
            Message::Tune(m) => self.tune_update(m),
        }
    }

    pub fn shortcut(&mut self, s: Shortcut) -> Action<Message> {
        let action = self.dispatch_shortcut(s);
        action
            .and(self.refresh_odds())
            .and(self.load_images())
            .and(self.unknown_banner())
    }

    fn dispatch_shortcut(&mut self, s: Shortcut) -> Action<Message> {
        match s {
            Shortcut::Undo => self.undo(),
            Shortcut::Redo => self.redo(),
            Shortcut::Save => self.save(),
            Shortcut::Find => {
                self.search_focused = true;
                Action::Run(iced::widget::operation::focus(SEARCH_ID))
            }
            Shortcut::Up => self.highlight(self.cursor.saturating_sub(1)),
            Shortcut::Down => self.highlight(self.cursor + 1),
            Shortcut::Plus => match self.selection {
                Some(Selection {
                    card,
                    board: Some(b),
                }) => self.add_to(card, b),
                _ => match self.matches.get(self.cursor) {
                    Some(&i) => self.add(i),
                    None => Action::None,
                },
            },
            Shortcut::Minus => match self.selection {
                Some(Selection {
                    card,
                    board: Some(b),
                }) => self.remove_one(card, b),
                _ => self.remove_highlighted(),
            },
            Shortcut::Import => self.pick_import_file(),
            Shortcut::Export => self.pick_export_file(),
            _ => Action::None,
        }
    }

    // ---- search ----

    fn search(&mut self, q: String) -> Action<Message> {
        // only a focused box takes typing
        self.search_focused = true;
        self.query = q;
        self.research();
        Action::None
    }

    fn research(&mut self) {
        self.matches = self.index.search(&Filter {
            query: self.query.clone(),
            ..Filter::default()
        });
        self.cursor = 0;
        // a selected search result is gone with the results
        if self.selection.is_some_and(|s| s.board.is_none()) {
            self.selection = None;
        }
    }

    fn highlight(&mut self, n: usize) -> Action<Message> {
        let shown = self.matches.len().min(MAX_RESULTS);
        if shown > 0 {
            self.cursor = n.min(shown - 1);
            self.selection = Some(Selection {
                card: self.matches[self.cursor],
                board: None,
            });
        }
        Action::None
    }

    // ---- edits ----

    /// Applies an edit, keeping the previous entries for undo.
    fn edit(&mut self, f: impl FnOnce(&mut Vec<DeckEntry>)) -> Action<Message> {
        let before = self.deck.entries.clone();
        f(&mut self.deck.entries);
        if self.deck.entries == before {
            return Action::None;
        }
        self.undo.push(before);
        if self.undo.len() > UNDO_DEPTH {
            self.undo.remove(0);
        }
        self.redo.clear();
        self.changed();
        Action::None
    }

    /// After the entries changed: re-check, redraw the charts, and schedule
    /// the save.
    fn changed(&mut self) {
        self.odds.mark_stale();
        self.edits += 1;
        self.last_edit = Some(Instant::now());
        self.revalidate();
    }

    pub(super) fn revalidate(&mut self) {
        let catalog = self.index.catalog();
        let opts = CheckOptions {
            mode: self.mode,
            players: self.players,
            overrides: Vec::new(),
        };
        self.report =
            crate::engine::validate(catalog, &self.deck, &opts).map_err(|e| e.to_string());
        let s = crate::stats::deck_stats(catalog, &self.names, &self.deck);
        self.stats = Stats {
            curve: s.curve.into(),
            types: s.types.into(),
        };
    }

    fn add(&mut self, i: u32) -> Action<Message> {
        self.add_to(i, self.target)
    }

    /// One more copy of a catalog card (by position) on `target`.
    fn add_to(&mut self, i: u32, target: Board) -> Action<Message> {
        let catalog = Arc::clone(self.index.catalog());
        let Some(card) = catalog.cards.get(i as usize) else {
            return Action::None;
        };
        let names = &self.names;
        let existing =
            self.deck.entries.iter().position(|e| {
                e.board == target && entry_card(names, &catalog, e) == Some(i as usize)
            });
        let section = (target == Board::Main).then(|| {
            games::game(catalog.game)
                .def()
                .section_of(&card.card_type)
                .to_string()
        });
        self.edit(|entries| match existing {
            Some(n) => entries[n].count += 1,
            None => entries.push(DeckEntry {
                count: 1,
                name: card.name.clone(),
                id: Some(card.id.clone()),
                board: target,
                section,
                line: None,
            }),
        })
    }

    fn set_target(&mut self, b: Board) -> Action<Message> {
        self.target = b;
        Action::None
    }

    fn plus(&mut self, n: usize) -> Action<Message> {
        if n >= self.deck.entries.len() {
            return Action::None;
        }
        self.edit(|entries| entries[n].count += 1)
    }

    fn minus(&mut self, n: usize) -> Action<Message> {
        if n >= self.deck.entries.len() {
            return Action::None;
        }
        self.edit(|entries| {
            if entries[n].count <= 1 {
                entries.remove(n);
            } else {
                entries[n].count -= 1;
            }
        })
    }

    /// `-` on the keyboard: one copy less of the highlighted search result,
    /// from the target board.
    fn remove_highlighted(&mut self) -> Action<Message> {
        let Some(&i) = self.matches.get(self.cursor) else {
            return Action::None;
        };
        self.remove_one(i, self.target)
    }

    /// One copy less of a catalog card (by position) on `board`.
    fn remove_one(&mut self, i: u32, board: Board) -> Action<Message> {
        let catalog = Arc::clone(self.index.catalog());
        let n = self.deck.entries.iter().position(|e| {
            e.board == board && entry_card(&self.names, &catalog, e) == Some(i as usize)
        });
        match n {
            Some(n) => self.minus(n),
            None => Action::None,
        }
    }

    fn move_entry(&mut self, n: usize) -> Action<Message> {
        let Some(e) = self.deck.entries.get(n) else {
            return Action::None;
        };
        let to = if e.board == Board::Main {
            Board::Sideboard
        } else {
            Board::Main
        };
        let catalog = Arc::clone(self.index.catalog());
        let card = entry_card(&self.names, &catalog, e);
        let section = match (to, card) {
            (Board::Main, Some(i)) => Some(
                games::game(catalog.game)
                    .def()
                    .section_of(&catalog.cards[i].card_type)
                    .to_string(),
            ),
            _ => None,
        };
        // Merge with the same card already on the other board.
        let names = &self.names;
        let twin = self.deck.entries.iter().position(|o| {
            o.board == to
                && match card {
                    Some(i) => entry_card(names, &catalog, o) == Some(i),
                    None => crate::model::name_key(&o.name) == crate::model::name_key(&e.name),
                }
        });
        self.edit(|entries| {
            let mut moved = entries.remove(n);
            match twin {
                Some(t) => {
                    let t = if t > n { t - 1 } else { t };
                    entries[t].count += moved.count;
                }
                None => {
                    moved.board = to;
                    moved.section = section;
                    entries.push(moved);
                }
            }
        })
    }

    fn undo(&mut self) -> Action<Message> {
        if let Some(prev) = self.undo.pop() {
            let now = std::mem::replace(&mut self.deck.entries, prev);
            self.redo.push(now);
            self.changed();
        }
        Action::None
    }

    fn redo(&mut self) -> Action<Message> {
        if let Some(next) = self.redo.pop() {
            let now = std::mem::replace(&mut self.deck.entries, next);
            self.undo.push(now);
            self.changed();
        }
        Action::None
    }

    /// Replaces the whole deck (an import or a restore), as one undoable edit.
    fn replace_entries(&mut self, entries: Vec<DeckEntry>) {
        let _ = self.edit(|e| *e = entries);
    }

    fn set_mode(&mut self, m: Option<Mode>) -> Action<Message> {
        self.mode = m;
        self.revalidate();
        Action::None
    }

    fn set_players(&mut self, p: Option<i64>) -> Action<Message> {
        self.players = p;
        self.revalidate();
        Action::None
    }

    // ---- saving ----

    fn tick(&mut self) -> Action<Message> {
        match self.last_edit {
            Some(t) if t.elapsed() >= AUTOSAVE_AFTER => self.save(),
            _ => Action::None,
        }
    }

    /// Saves the deck as a new version, unless the store has it already or a
    /// save is under way (the next tick saves what came after).
    pub fn save(&mut self) -> Action<Message> {
        if !self.is_dirty() || self.saving.is_some() {
            return Action::None;
        }
        self.saving = Some(self.edits);
        Action::Run(self.save_task())
    }

    fn save_task(&self) -> Task<Message> {
        let (id, deck, edits) = (self.info.id, self.deck.clone(), self.edits);
        let note = self.next_note.clone();
        Task::perform(
            self.db
                .run(move |s| Ok((s.save_deck(id, &deck, note.as_deref())?, edits))),
            Message::Saved,
        )
    }

    /// The save to run before the deck closes (leaving the screen, closing
    /// the window), if anything is unsaved.
    pub fn flush(&mut self) -> Task<Message> {
        if self.is_dirty() {
            self.saving = Some(self.edits);
            self.save_task()
        } else {
            Task::none()
        }
    }

    fn saved(&mut self, r: Result<(u32, u64), String>) -> Action<Message> {
        self.saving = None;
        match r {
            Ok((version, edits)) => {
                self.next_note = None;
                self.saved_edits = self.saved_edits.max(edits);
                let changed = version != self.info.version;
                self.info.version = version;
                self.info.main_count = self.deck.main_count();
                if changed {
                    self.load_versions()
                } else {
                    Action::None
                }
            }
            Err(e) => {
                // Try again after the next edit rather than in a loop.
                self.last_edit = None;
                Action::Error(format!("cannot save deck \"{}\": {e}", self.info.name))
            }
        }
    }

    // ---- text in and out ----

    // ---- versions ----
}
