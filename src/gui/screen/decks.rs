//! The deck builder: the decks of every game (new, rename, duplicate and
//! delete with a confirmation), recent decks, and the open deck
//! ([`editor::Editor`]).

pub mod editor;
mod list;
mod view;
mod visual;

use std::path::PathBuf;
use std::sync::Arc;

use iced::{Subscription, Task};

use crate::gui::db::Db;
use crate::gui::widget::Pick;
use crate::model::{Deck, GameId};
use crate::store::{CatalogId, CatalogInfo, DeckId, DeckInfo};

use super::{Action, Remember, Shortcut};

pub use editor::Editor;
pub use editor::Stats;

/// The id of the name box in the new-deck, rename and duplicate dialogs.
pub const NAME_ID: &str = "deck-name";

/// The deck builder screen.
#[derive(Debug)]
pub struct Decks {
    db: Db,
    catalogs: Vec<CatalogInfo>,
    decks: Vec<DeckInfo>,
    game: Option<GameId>,
    recent: Vec<DeckId>,
    /// The open deck (boxed: an editor is large next to the other screens).
    open: Option<Box<Editor>>,
    dialog: Option<Dialog>,
    /// Open a deck when the list first arrives: the most recent one that
    /// still exists, else the one changed last.
    open_on_list: bool,
    /// What the open deck's editor held when the screen was left (the
    /// paste box text, the undo and redo steps), for it when it opens again.
    kept: Option<(DeckId, KeptEditor)>,
    /// A deck imported as new, waiting to open: its "not in the catalog"
    /// warning, for its editor to keep true.
    imported: Option<(DeckId, String)>,
}

/// What the deck builder keeps while another screen is on show (issue 15,
/// issue 25): the open deck's text not imported yet and its undo and redo
/// steps, and a dialog with the name typed in it. The rest is in the store.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Kept {
    /// The open deck, with what its editor held.
    open: Option<(DeckId, KeptEditor)>,
    dialog: Option<Dialog>,
}

/// What an open deck's editor keeps while another screen is on show.
#[derive(Debug, Clone, Default, PartialEq)]
struct KeptEditor {
    paste: Option<String>,
    steps: editor::Steps,
}

impl Kept {
    /// Whether there is nothing to keep.
    pub fn is_empty(&self) -> bool {
        self.open.is_none() && self.dialog.is_none()
    }
}

/// A deck file read as a new deck.
#[derive(Debug, Clone)]
pub struct ImportedDeck {
    pub id: DeckId,
    pub name: String,
    pub game: GameId,
    pub catalog_name: String,
    pub cards: u32,
    /// The warning about names no card of the catalog has, if any.
    pub unknown: Option<String>,
    /// What reading the file changed or dropped, if anything.
    pub notes: Option<String>,
}

/// A dialog over the deck builder.
#[derive(Debug, Clone, PartialEq)]
pub enum Dialog {
    New {
        name: String,
        catalog: Option<CatalogId>,
    },
    Rename {
        deck: DeckId,
        name: String,
    },
    Duplicate {
        deck: DeckId,
        name: String,
    },
    Delete {
        deck: DeckId,
        name: String,
    },
}

#[derive(Debug, Clone)]
pub enum Message {
    Listed(Result<(Vec<CatalogInfo>, Vec<DeckInfo>), String>),
    Game(Pick<GameId>),
    Open(DeckId),
    Opened(Result<editor::Opened, String>),
    NewDeck,
    RenameDeck,
    DuplicateDeck,
    DeleteDeck,
    DialogName(String),
    DialogCatalog(Pick<CatalogId>),
    DialogOk,
    DialogCancel,
    /// A deck was created, renamed, duplicated (the deck to open) or deleted.
    Done(Result<Option<DeckId>, String>),
    Editor(editor::Message),
    /// A deck file was read as a new deck (or not).
    ImportedNew(Result<ImportedDeck, String>),
}

impl Decks {
    /// The screen, opening the most recent deck.
    pub fn new(db: Db, recent: Vec<DeckId>) -> (Decks, Task<Message>) {
        let d = Decks {
            db,
            catalogs: Vec::new(),
            decks: Vec::new(),
            game: None,
            recent,
            open: None,
            dialog: None,
            kept: None,
            imported: None,
            open_on_list: true,
        };
        let task = d.list();
        (d, task)
    }

    fn list(&self) -> Task<Message> {
        Task::perform(
            self.db.run(|s| Ok((s.catalogs()?, s.decks(None)?))),
            Message::Listed,
        )
    }

    pub fn decks(&self) -> &[DeckInfo] {
        &self.decks
    }

    pub fn open(&self) -> Option<&Editor> {
        self.open.as_deref()
    }

    pub fn open_mut(&mut self) -> Option<&mut Editor> {
        self.open.as_deref_mut()
    }

    pub fn dialog(&self) -> Option<&Dialog> {
        self.dialog.as_ref()
    }

    pub fn has_dialog(&self) -> bool {
        self.dialog.is_some()
    }

    pub fn subscription(&self) -> Subscription<Message> {
        match &self.open {
            Some(e) => e.subscription().map(Message::Editor),
            None => Subscription::none(),
        }
    }

    /// What the screen keeps while another one is on show (`None` when
    /// there is nothing: no unimported text, no undo steps, no dialog).
    pub fn kept(&self) -> Option<Kept> {
        let open = self.open.as_ref().and_then(|e| {
            let k = KeptEditor {
                paste: e.unsaved_paste(),
                steps: e.steps(),
            };
            (k != KeptEditor::default()).then(|| (e.info().id, k))
        });
        let k = Kept {
            open,
            dialog: self.dialog.clone(),
        };
        (!k.is_empty()).then_some(k)
    }

    /// Gives back what was kept when the screen was left: the dialog at
    /// once (its name box focused), the editor's text and steps when its
    /// deck opens.
    pub fn restore(&mut self, k: Kept) -> Task<Message> {
        if let Some((deck, kept)) = k.open {
            match &mut self.open {
                Some(e) if e.info().id == deck => restore_editor(e, kept),
                _ => self.kept = Some((deck, kept)),
            }
        }
        let named = matches!(
            k.dialog,
            Some(Dialog::New { .. } | Dialog::Rename { .. } | Dialog::Duplicate { .. })
        );
        self.dialog = k.dialog;
        if named {
            iced::widget::operation::focus(NAME_ID)
        } else {
            Task::none()
        }
    }

    pub fn flush(&mut self) -> Task<Message> {
        match &mut self.open {
            Some(e) => e.flush().map(Message::Editor),
            None => Task::none(),
        }
    }

    pub fn update(&mut self, message: Message) -> Action<Message> {
        match message {
            Message::Listed(r) => self.listed(r),
            Message::Game(p) => self.pick_game(p.value),
            Message::Open(id) => self.open_deck(id),
            Message::Opened(r) => self.opened(r),
            Message::NewDeck => self.new_deck(),
            Message::RenameDeck => self.rename_deck(),
            Message::DuplicateDeck => self.duplicate_deck(),
            Message::DeleteDeck => self.delete_deck(),
            Message::DialogName(n) => self.dialog_name(n),
            Message::DialogCatalog(p) => self.dialog_catalog(p.value),
            Message::DialogOk => self.dialog_ok(),
            Message::DialogCancel => self.dialog_cancel(),
            Message::Done(r) => self.done(r),
            Message::Editor(editor::Message::ImportNewFile(p)) => self.import_new(p),
            Message::Editor(m) => self.editor(m),
            Message::ImportedNew(r) => self.imported_new(r),
        }
    }

    pub fn shortcut(&mut self, s: Shortcut) -> Action<Message> {
        match s {
            Shortcut::NewDeck => self.new_deck(),
            Shortcut::Escape => self.dialog_cancel(),
            _ if self.dialog.is_some() => Action::None,
            _ => match &mut self.open {
                Some(e) => e.shortcut(s).map(Message::Editor),
                None => Action::None,
            },
        }
    }

    /// A deck list dropped on the window is imported as a new deck.
    pub fn dropped(&mut self, path: PathBuf) -> Action<Message> {
        self.import_new(path)
    }

    /// Reads a deck file as a new deck, of the game and catalog whose cards
    /// its names are (the open deck's catalog wins a tie), and opens it:
    /// the open deck is left as it is (issue 25: a Dice of Destiny file
    /// imported into a Fuzzycards deck gave 30 "not in the catalog").
    fn import_new(&mut self, path: PathBuf) -> Action<Message> {
        let prefer = self.open.as_ref().map(|e| e.info().catalog_id);
        let taken: Vec<String> = self.decks.iter().map(|d| d.name.clone()).collect();
        let flush = self.flush();
        let read = self
            .db
            .run_with(move |s| import_as_new(s, &path, prefer, &taken));
        Action::Run(flush.chain(Task::perform(read, Message::ImportedNew)))
    }

    fn imported_new(&mut self, r: Result<ImportedDeck, String>) -> Action<Message> {
        let d = match r {
            Ok(d) => d,
            Err(e) => return Action::Error(e),
        };
        let mut said = Action::Notice(format!(
            "Imported \"{}\" as a new {} deck ({}, {}): {}.",
            d.name,
            crate::games::game(d.game).def().name,
            d.catalog_name,
            crate::gui::words::count(d.cards as usize, "main-board card"),
            if self.open.is_some() {
                "the deck that was open is unchanged"
            } else {
                "it is open"
            }
        ));
        if let Some(n) = d.notes {
            said = said.and(Action::Notice(n));
        }
        if let Some(w) = d.unknown {
            said = said.and(Action::Standing {
                key: editor::unknown_key(d.id),
                tone: crate::gui::widget::Tone::Warning,
                text: w.clone(),
            });
            self.imported = Some((d.id, w));
        }
        let open = Task::done(Message::Open(d.id));
        Action::Run(self.list().chain(open)).and(said)
    }

    fn listed(&mut self, r: Result<(Vec<CatalogInfo>, Vec<DeckInfo>), String>) -> Action<Message> {
        match r {
            Ok((catalogs, decks)) => {
                self.catalogs = catalogs;
                self.decks = decks;
                self.recent
                    .retain(|id| self.decks.iter().any(|d| d.id == *id));
                if std::mem::take(&mut self.open_on_list) && self.open.is_none() {
                    // the first of the list among decks changed at the same
                    // time (the sample decks of a new database)
                    let latest = self
                        .decks
                        .iter()
                        .rev()
                        .max_by(|a, b| a.updated.cmp(&b.updated));
                    if let Some(id) = self.recent.first().copied().or(latest.map(|d| d.id)) {
                        return self.open_deck(id);
                    }
                }
                Action::None
            }
            Err(e) => Action::Error(e),
        }
    }

    fn pick_game(&mut self, g: Option<GameId>) -> Action<Message> {
        self.game = g;
        Action::None
    }

    fn open_deck(&mut self, id: DeckId) -> Action<Message> {
        if self.open.as_ref().is_some_and(|e| e.info().id == id) {
            return Action::None;
        }
        let flush = self.flush();
        let load = Task::perform(
            self.db.run(move |s| {
                let info = s.deck_info(id)?;
                Ok(editor::Opened {
                    deck: s.load_deck(id)?,
                    catalog: Arc::new(s.load_catalog(info.catalog_id)?),
                    versions: s.deck_versions(id)?,
                    info,
                })
            }),
            Message::Opened,
        );
        Action::Run(flush.chain(load))
    }

    fn opened(&mut self, r: Result<editor::Opened, String>) -> Action<Message> {
        match r {
            Ok(o) => {
                let id = o.info.id;
                self.recent.retain(|d| *d != id);
                self.recent.insert(0, id);
                let mut editor = Box::new(Editor::new(self.db.clone(), o));
                if let Some((_, w)) = self.imported.take_if(|(d, _)| *d == id) {
                    let _ = editor.warn_unknown(w);
                }
                if let Some((_, kept)) = self.kept.take_if(|(d, _)| *d == id) {
                    restore_editor(&mut editor, kept);
                }
                let pictures = editor.load_images().map(Message::Editor);
                self.open = Some(editor);
                Action::Remember(Remember::OpenedDeck(id)).and(pictures)
            }
            Err(e) => Action::Error(e),
        }
    }

    fn new_deck(&mut self) -> Action<Message> {
        let catalog = self.open.as_ref().map(|e| e.info().catalog_id).or_else(|| {
            self.catalogs
                .iter()
                .find(|c| self.game.is_none_or(|g| c.game == g))
                .map(|c| c.id)
        });
        self.dialog = Some(Dialog::New {
            name: String::new(),
            catalog,
        });
        Action::Run(iced::widget::operation::focus(NAME_ID))
    }

    fn rename_deck(&mut self) -> Action<Message> {
        if let Some(e) = &self.open {
            self.dialog = Some(Dialog::Rename {
                deck: e.info().id,
                name: e.info().name.clone(),
            });
            return Action::Run(iced::widget::operation::focus(NAME_ID));
        }
        Action::None
    }

    fn duplicate_deck(&mut self) -> Action<Message> {
        if let Some(e) = &self.open {
            self.dialog = Some(Dialog::Duplicate {
                deck: e.info().id,
                name: format!("{} (copy)", e.info().name),
            });
            return Action::Run(iced::widget::operation::focus(NAME_ID));
        }
        Action::None
    }

    fn delete_deck(&mut self) -> Action<Message> {
        if let Some(e) = &self.open {
            self.dialog = Some(Dialog::Delete {
                deck: e.info().id,
                name: e.info().name.clone(),
            });
        }
        Action::None
    }

    fn dialog_name(&mut self, n: String) -> Action<Message> {
        match &mut self.dialog {
            Some(Dialog::New { name, .. })
            | Some(Dialog::Rename { name, .. })
            | Some(Dialog::Duplicate { name, .. }) => *name = n,
            _ => {}
        }
        Action::None
    }

    fn dialog_catalog(&mut self, c: Option<CatalogId>) -> Action<Message> {
        if let Some(Dialog::New { catalog, .. }) = &mut self.dialog {
            *catalog = c;
        }
        Action::None
    }

    fn dialog_cancel(&mut self) -> Action<Message> {
        self.dialog = None;
        Action::None
    }

    fn dialog_ok(&mut self) -> Action<Message> {
        let Some(d) = self.dialog.clone() else {
            return Action::None;
        };
        if let Dialog::New { name, .. }
        | Dialog::Rename { name, .. }
        | Dialog::Duplicate { name, .. } = &d
            && name.trim().is_empty()
        {
            return Action::None;
        }
        self.dialog = None;
        let task = match d {
            Dialog::New { name, catalog } => {
                let Some(catalog) = catalog else {
                    return Action::Notice("choose the catalog the deck is built from".into());
                };
                let deck = Deck {
                    name: name.trim().to_string(),
                    game: None,
                    entries: Vec::new(),
                    ..Deck::default()
                };
                self.db
                    .run(move |s| Ok(Some(s.create_deck(catalog, &deck)?)))
                    .boxed_task()
            }
            Dialog::Rename { deck, name } => {
                if let Some(e) = &mut self.open
                    && e.info().id == deck
                {
                    e.set_name(name.trim());
                }
                self.db
                    .run(move |s| {
                        s.rename_deck(deck, name.trim())?;
                        Ok(None)
                    })
                    .boxed_task()
            }
            Dialog::Duplicate { deck, name } => {
                let flush = self.flush();
                let dup = self
                    .db
                    .run(move |s| Ok(Some(s.duplicate_deck(deck, name.trim())?)))
                    .boxed_task();
                return Action::Run(flush.chain(dup));
            }
            Dialog::Delete { deck, .. } => {
                self.open = None;
                self.recent.retain(|d| *d != deck);
                let del = self
                    .db
                    .run(move |s| {
                        s.delete_deck(deck)?;
                        Ok(None)
                    })
                    .boxed_task();
                return Action::Run(del).and(Action::Remember(Remember::DeletedDeck(deck)));
            }
        };
        Action::Run(task)
    }

    fn done(&mut self, r: Result<Option<DeckId>, String>) -> Action<Message> {
        match r {
            Ok(open) => {
                let mut task = self.list();
                if let Some(id) = open {
                    task = task.chain(Task::done(Message::Open(id)));
                }
                Action::Run(task)
            }
            Err(e) => Action::Run(self.list()).and(Action::Error(e)),
        }
    }

    fn editor(&mut self, m: editor::Message) -> Action<Message> {
        let Some(e) = &mut self.open else {
            return Action::None;
        };
        let action = e.update(m).map(Message::Editor);
        // Keep the list's card count and version in step with the editor.
        let info = e.info().clone();
        if let Some(d) = self.decks.iter_mut().find(|d| d.id == info.id) {
            d.main_count = e.deck().main_count();
            d.version = info.version;
        }
        action
    }
}

/// Puts back what an editor held when the screen was left.
fn restore_editor(e: &mut Editor, kept: KeptEditor) {
    if let Some(text) = kept.paste {
        e.restore_paste(&text);
    }
    e.restore_steps(kept.steps);
}

/// Reads `path` and stores it as a new deck of the catalog that knows the
/// most of its names: of the file's game when it names one, the preferred
/// catalog on a tie. The deck takes the file's name (or its file name),
/// made unique among `taken`.
fn import_as_new(
    s: &mut crate::store::Store,
    path: &std::path::Path,
    prefer: Option<CatalogId>,
    taken: &[String],
) -> Result<ImportedDeck, String> {
    let mut deck = crate::decklist::load(path).map_err(|d| d.to_string())?;
    let mut best: Option<(usize, bool, CatalogInfo, Arc<crate::model::Catalog>)> = None;
    for info in s.catalogs().map_err(|e| e.to_string())? {
        if deck.game.is_some_and(|g| g != info.game) {
            continue;
        }
        let catalog = Arc::new(s.load_catalog(info.id).map_err(|e| e.to_string())?);
        let names = catalog.name_index();
        let known = deck
            .entries
            .iter()
            .filter(|e| {
                crate::rules::resolve_entry(&names, &catalog, e)
                    .card()
                    .is_some()
            })
            .count();
        let preferred = prefer == Some(info.id);
        if best
            .as_ref()
            .is_none_or(|(k, p, _, _)| (known, preferred) > (*k, *p))
        {
            best = Some((known, preferred, info, catalog));
        }
    }
    let Some((_, _, info, catalog)) = best else {
        return Err(match deck.game {
            Some(g) => format!(
                "{}: no {} catalog to import it into: import one in the Library first",
                path.display(),
                crate::games::game(g).def().name
            ),
            None => format!("{}: no catalog to import it into", path.display()),
        });
    };
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "Imported deck".into());
    let base = if deck.name.trim().is_empty() {
        stem
    } else {
        deck.name.trim().to_string()
    };
    let is_taken = |n: &str| taken.iter().any(|t| t.eq_ignore_ascii_case(n));
    let mut name = base.clone();
    let mut k = 2;
    while is_taken(&name) {
        name = format!("{base} ({k})");
        k += 1;
    }
    deck.name = name.clone();
    deck.game = Some(info.game);
    let id = s.create_deck(info.id, &deck).map_err(|e| e.to_string())?;
    let names = catalog.name_index();
    let mut unknown: Vec<String> = Vec::new();
    for e in &deck.entries {
        if crate::rules::resolve_entry(&names, &catalog, e)
            .card()
            .is_none()
            && !unknown.contains(&e.name)
        {
            unknown.push(e.name.clone());
        }
    }
    Ok(ImportedDeck {
        id,
        name,
        game: info.game,
        catalog_name: info.name,
        cards: deck.main_count(),
        unknown: editor::unknown_warning(&unknown),
        notes: editor::reading_notes(&deck),
    })
}

/// `db.run(..)` as a task of [`Message::Done`].
trait DoneTask {
    fn boxed_task(self) -> Task<Message>;
}

impl<F> DoneTask for F
where
    F: std::future::Future<Output = Result<Option<DeckId>, String>> + Send + 'static,
{
    fn boxed_task(self) -> Task<Message> {
        Task::perform(self, Message::Done)
    }
}
