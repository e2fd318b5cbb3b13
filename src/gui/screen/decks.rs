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
    /// Paste box text typed before the screen was left, for its deck's
    /// editor when it opens again.
    paste: Option<(DeckId, String)>,
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
            paste: None,
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

    /// The save of the open deck's unsaved edits, if any.
    /// The open deck's paste box text not imported yet (kept by the app
    /// while another screen is on show).
    pub fn unsaved_paste(&self) -> Option<(DeckId, String)> {
        let e = self.open.as_ref()?;
        Some((e.info().id, e.unsaved_paste()?))
    }

    /// Gives the paste box of deck `deck` its unsaved text back when that
    /// deck opens.
    pub fn restore_paste(&mut self, deck: DeckId, text: String) {
        match &mut self.open {
            Some(e) if e.info().id == deck => e.restore_paste(&text),
            _ => self.paste = Some((deck, text)),
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
            Message::Editor(m) => self.editor(m),
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

    /// A deck list dropped on the window is imported into the open deck.
    pub fn dropped(&mut self, path: PathBuf) -> Action<Message> {
        match &mut self.open {
            Some(e) => e
                .update(editor::Message::ImportFilePath(path))
                .map(Message::Editor),
            None => Action::Notice("open a deck to import a deck list into it".into()),
        }
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
                if let Some((_, text)) = self.paste.take_if(|(d, _)| *d == id) {
                    editor.restore_paste(&text);
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
