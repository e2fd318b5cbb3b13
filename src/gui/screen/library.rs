//! The Library: pick a game and a catalog, search and filter its cards as you
//! type, look at a card (its image, or a face drawn from its data), and
//! create, edit and delete cards with the card editor. Images attach through
//! a file dialog or by dropping a file on the window; catalogs are imported
//! and exported as TOML.
//!
//! The current catalog is kept in memory ([`CardIndex`]) so that searching
//! never waits on the database; every write goes through the store in a task
//! and the catalog is read back afterwards, so what is shown is what is
//! stored.

mod editor;
mod files;
mod view;

use std::path::PathBuf;
use std::sync::Arc;

use iced::Task;
use iced::widget::image;

use crate::gui::db::Db;
use crate::gui::dialog::extension;
use crate::gui::search::{CardIndex, Facets, Filter};
use crate::gui::widget::Pick;
use crate::model::{Card, Catalog, GameId};
use crate::store::{CatalogId, CatalogInfo};

use super::{Action, Remember, Shortcut};
use crate::gui::prefs::ScreenId;

pub use editor::{Editor, Message as EditorMessage, TEACH_MEANS_ID, TEACH_PHRASE_ID};

/// The most result rows shown at once; the rest are counted.
pub const MAX_ROWS: usize = 250;

/// The id of the search box (Ctrl+F focuses it).
pub const SEARCH_ID: &str = "library-search";

/// The Library screen.
#[derive(Debug)]
pub struct Library {
    db: Db,
    catalogs: Vec<CatalogInfo>,
    game: Option<GameId>,
    current: Option<Current>,
    filter: Filter,
    matches: Vec<u32>,
    selected: Option<String>,
    image: Option<(String, image::Handle)>,
    editor: Option<Editor>,
    confirm: Option<Confirm>,
    /// "Save and quit" was pressed: the app closes once the card is stored.
    quitting: bool,
}

/// The catalog on screen.
#[derive(Debug)]
struct Current {
    info: CatalogInfo,
    index: CardIndex,
    facets: Facets,
}

/// A question before a destructive step.
#[derive(Debug, Clone, PartialEq)]
enum Confirm {
    DeleteCard {
        id: String,
        name: String,
    },
    ReplaceCatalog {
        path: PathBuf,
        name: String,
    },
    /// The card editor holds changes: drop them, then do `then`?
    Discard {
        name: String,
        then: Then,
    },
    /// The window is closing while the card editor holds changes: save
    /// them, drop them, or keep editing?
    Quit {
        name: String,
    },
}

/// What waits for an edit in progress to be discarded.
#[derive(Debug, Clone, PartialEq)]
enum Then {
    Select(String),
    NewCard,
    Catalog(CatalogId),
    Game(Option<GameId>),
    /// Just close the editor (Cancel, Escape).
    Close,
    /// Go to another screen.
    Leave(ScreenId),
}

/// A catalog file read for import.
#[derive(Debug, Clone)]
pub enum Imported {
    Added {
        id: CatalogId,
        name: String,
        cards: usize,
        warnings: usize,
    },
    /// A catalog of that name is stored already: ask before replacing it.
    Exists { path: PathBuf, name: String },
}

#[derive(Debug, Clone)]
pub enum Message {
    CatalogsLoaded(Result<Vec<CatalogInfo>, String>),
    Game(Pick<GameId>),
    Catalog(Pick<CatalogId>),
    CatalogLoaded(Result<(CatalogInfo, Arc<Catalog>), String>),
    Query(String),
    Type(Pick<String>),
    Cost(Pick<i64>),
    Field(String, Pick<String>),
    ClearFilters,
    Select(String),
    ImageLoaded(String, Result<Option<image::Handle>, String>),
    NewCard,
    EditCard,
    Editor(editor::Message),
    CardSaved(Result<String, String>),
    DeleteCard,
    Confirmed,
    Cancelled,
    CardDeleted(Result<(), String>),
    /// Opens a file dialog for an image for the selected card.
    AttachImage,
    /// The dialog-free twin of [`Message::AttachImage`].
    AttachImageFile(PathBuf),
    ImageAttached(Result<String, String>),
    ImportCatalog,
    ImportCatalogFile(PathBuf),
    ReplaceCatalogFile(PathBuf),
    CatalogImported(Result<Imported, String>),
    ExportCatalog,
    ExportCatalogFile(PathBuf),
    CatalogExported(Result<PathBuf, String>),
    /// A dialog was closed without choosing a file.
    DialogClosed,
    /// The closing question's "Save and quit": the editor's own Save, then
    /// the app closes (it stays open when the card cannot be saved).
    SaveAndQuit,
    /// The closing question's "Quit without saving".
    QuitWithoutSaving,
}

impl Library {
    /// The screen, loading the catalog list and then `catalog` (or the first
    /// catalog).
    pub fn new(db: Db, catalog: Option<CatalogId>) -> (Library, Task<Message>) {
        let lib = Library {
            db,
            catalogs: Vec::new(),
            game: None,
            current: None,
            filter: Filter::default(),
            matches: Vec::new(),
            selected: None,
            image: None,
            editor: None,
            confirm: None,
            quitting: false,
        };
        let task = lib.load_catalogs(catalog);
        (lib, task)
    }

    fn load_catalogs(&self, then: Option<CatalogId>) -> Task<Message> {
        let db = self.db.clone();
        Task::perform(self.db.run(|s| s.catalogs()), Message::CatalogsLoaded).chain(match then {
            Some(id) => Task::perform(load_catalog(db, id), Message::CatalogLoaded),
            None => Task::none(),
        })
    }

    pub fn update(&mut self, message: Message) -> Action<Message> {
        match message {
            Message::CatalogsLoaded(r) => self.catalogs_loaded(r),
            Message::Game(p) => self.pick_game(p.value),
            Message::Catalog(p) => self.pick_catalog(p.value),
            Message::CatalogLoaded(r) => self.catalog_loaded(r),
            Message::Query(q) => self.refilter(|f| f.query = q),
            Message::Type(p) => self.refilter(|f| f.card_type = p.value),
            Message::Cost(p) => self.refilter(|f| f.cost = p.value),
            Message::Field(key, p) => self.refilter(|f| match p.value {
                Some(v) => {
                    f.fields.insert(key, v);
                }
                None => {
                    f.fields.remove(&key);
                }
            }),
            Message::ClearFilters => self.refilter(|f| *f = Filter::default()),
            Message::Select(id) => self.select(id),
            Message::ImageLoaded(id, r) => self.image_loaded(id, r),
            Message::NewCard => self.new_card(),
            Message::EditCard => self.edit_card(),
            Message::Editor(m) => self.editor_message(m),
            Message::CardSaved(r) => self.card_saved(r),
            Message::DeleteCard => self.ask_delete(),
            Message::Confirmed => self.confirmed(),
            Message::Cancelled => self.cancelled(),
            Message::CardDeleted(r) => self.card_deleted(r),
            Message::AttachImage => self.pick_image(),
            Message::AttachImageFile(path) => self.attach_image(path),
            Message::ImageAttached(r) => self.image_attached(r),
            Message::ImportCatalog => self.pick_catalog_file(),
            Message::ImportCatalogFile(path) => self.import_catalog(path, false),
            Message::ReplaceCatalogFile(path) => self.import_catalog(path, true),
            Message::CatalogImported(r) => self.catalog_imported(r),
            Message::ExportCatalog => self.pick_export_file(),
            Message::ExportCatalogFile(path) => self.export_catalog(path),
            Message::CatalogExported(r) => self.catalog_exported(r),
            Message::DialogClosed => Action::None,
            Message::SaveAndQuit => self.save_and_quit(),
            Message::QuitWithoutSaving => {
                self.confirm = None;
                Action::Quit
            }
        }
    }

    /// The cards matching the search, best first.
    pub fn matches(&self) -> impl Iterator<Item = &Card> {
        self.current
            .iter()
            .flat_map(|c| self.matches.iter().map(|&i| c.index.card(i)))
    }

    /// The catalog on screen.
    pub fn catalog(&self) -> Option<&Arc<Catalog>> {
        self.current.as_ref().map(|c| c.index.catalog())
    }

    pub fn selected(&self) -> Option<&Card> {
        let id = self.selected.as_deref()?;
        self.catalog()?.card(id)
    }

    pub fn editor(&self) -> Option<&Editor> {
        self.editor.as_ref()
    }

    /// Whether the card editor holds changes not saved.
    pub fn has_unsaved_edit(&self) -> bool {
        self.editor.as_ref().is_some_and(Editor::is_dirty)
    }

    /// The question on show, if any (its wording, for the tests).
    pub fn question(&self) -> Option<String> {
        self.confirm.as_ref().map(|c| view::question(c).0)
    }

    /// Whether the shell may switch to `to` now; when an edit is in
    /// progress the user is asked first, and "Discard changes" goes there.
    pub fn may_leave(&mut self, to: ScreenId) -> bool {
        self.ask_discard(Then::Leave(to)).is_none()
    }

    /// Whether the app may close now; when an edit is in progress the user
    /// is asked first — "Save and quit", "Quit without saving" or "Keep
    /// editing" — and the first two close the app ([`Action::Quit`]).
    pub fn may_close(&mut self) -> bool {
        let Some(editor) = self.editor.as_ref().filter(|e| e.is_dirty()) else {
            return true;
        };
        self.confirm = Some(Confirm::Quit {
            name: editor.name().to_string(),
        });
        false
    }

    /// Saves the edit in progress exactly as the editor's Save button does
    /// (checked, then stored in one transaction) and closes the app once it
    /// is stored. A card that does not pass the checks is not saved: the
    /// editor shows its problems, a banner says why the app stays open.
    fn save_and_quit(&mut self) -> Action<Message> {
        self.confirm = None;
        let Some(editor) = &mut self.editor else {
            return Action::Quit;
        };
        match editor.update(editor::Message::Save) {
            editor::Action::Save { card, editing } => {
                self.quitting = true;
                self.save_card(*card, editing)
            }
            _ => {
                let problems: Vec<String> = editor.messages().into_iter().map(|(_, m)| m).collect();
                Action::Error(format!(
                    "The card is not saved, so Deckwright stays open: {}",
                    problems.join("; ")
                ))
            }
        }
    }

    /// Asks before an edit in progress is dropped for `then`; `None` when
    /// there is nothing to lose.
    fn ask_discard(&mut self, then: Then) -> Option<Action<Message>> {
        let editor = self.editor.as_ref().filter(|e| e.is_dirty())?;
        self.confirm = Some(Confirm::Discard {
            name: editor.name().to_string(),
            then,
        });
        Some(Action::None)
    }

    pub fn shortcut(&mut self, s: Shortcut) -> Action<Message> {
        match s {
            Shortcut::Find => Action::Run(iced::widget::operation::focus(SEARCH_ID)),
            Shortcut::Import => self.pick_catalog_file(),
            Shortcut::Export => self.pick_export_file(),
            Shortcut::Escape => self.cancelled(),
            // Ctrl+S saves the card being edited (issue 25)
            Shortcut::Save if self.editor.is_some() => self.editor_message(editor::Message::Save),
            Shortcut::Up => self.step_selection(-1),
            Shortcut::Down => self.step_selection(1),
            _ => Action::None,
        }
    }

    /// Selects the card before or after the selected one in the results
    /// (the first one when none is selected).
    fn step_selection(&mut self, delta: i64) -> Action<Message> {
        let Some(c) = &self.current else {
            return Action::None;
        };
        let shown = self.matches.len().min(MAX_ROWS);
        if shown == 0 || self.editor.is_some() {
            return Action::None;
        }
        let at = self.selected.as_deref().and_then(|id| {
            self.matches[..shown]
                .iter()
                .position(|&i| c.index.card(i).id == id)
        });
        let next = match at {
            Some(p) => (p as i64 + delta).clamp(0, shown as i64 - 1) as usize,
            None => 0,
        };
        let id = c.index.card(self.matches[next]).id.clone();
        self.select(id)
    }

    /// A file dropped on the window: an image for the selected card, or a
    /// catalog to import.
    pub fn dropped(&mut self, path: PathBuf) -> Action<Message> {
        match extension(&path).as_str() {
            "png" | "jpg" | "jpeg" => self.attach_image(path),
            "toml" => self.import_catalog(path, false),
            _ => Action::Notice(format!(
                "{}: drop a PNG or JPEG image on a card, or a catalog .toml file",
                path.display()
            )),
        }
    }

    fn catalogs_loaded(&mut self, r: Result<Vec<CatalogInfo>, String>) -> Action<Message> {
        match r {
            Ok(list) => {
                self.catalogs = list;
                let first = self.visible_catalogs().next().map(|c| c.id);
                match first {
                    Some(id) if self.current.is_none() => self.pick_catalog(Some(id)),
                    _ => Action::None,
                }
            }
            Err(e) => Action::Error(e),
        }
    }

    fn visible_catalogs(&self) -> impl Iterator<Item = &CatalogInfo> {
        self.catalogs
            .iter()
            .filter(|c| self.game.is_none_or(|g| c.game == g))
    }

    fn pick_game(&mut self, game: Option<GameId>) -> Action<Message> {
        if let Some(asked) = self.ask_discard(Then::Game(game)) {
            return asked;
        }
        self.game = game;
        let keep = self
            .current
            .as_ref()
            .is_some_and(|c| game.is_none_or(|g| c.info.game == g));
        if keep {
            return Action::None;
        }
        let first = self.visible_catalogs().next().map(|c| c.id);
        match first {
            Some(id) => self.pick_catalog(Some(id)),
            None => {
                self.clear_catalog();
                Action::None
            }
        }
    }

    fn clear_catalog(&mut self) {
        self.current = None;
        self.matches.clear();
        self.selected = None;
        self.image = None;
        self.editor = None;
    }

    fn pick_catalog(&mut self, id: Option<CatalogId>) -> Action<Message> {
        let Some(id) = id else {
            return Action::None;
        };
        let other = self.current.as_ref().is_none_or(|c| c.info.id != id);
        if other && let Some(asked) = self.ask_discard(Then::Catalog(id)) {
            return asked;
        }
        Action::Run(Task::perform(
            load_catalog(self.db.clone(), id),
            Message::CatalogLoaded,
        ))
    }

    fn catalog_loaded(
        &mut self,
        r: Result<(CatalogInfo, Arc<Catalog>), String>,
    ) -> Action<Message> {
        let (info, catalog) = match r {
            Ok(x) => x,
            Err(e) => return Action::Error(e),
        };
        let same = self.current.as_ref().is_some_and(|c| c.info.id == info.id);
        if !same {
            self.filter = Filter::default();
            self.selected = None;
            self.editor = None;
        }
        if let Some(c) = self.catalogs.iter_mut().find(|c| c.id == info.id) {
            *c = info.clone();
        }
        let id = info.id;
        let index = CardIndex::new(catalog);
        let facets = index.facets();
        // filters the catalog no longer offers are dropped
        self.filter
            .fields
            .retain(|k, _| facets.fields.iter().any(|f| f.key == *k));
        self.current = Some(Current {
            info,
            index,
            facets,
        });
        self.rerun_search();
        if self.selected().is_none() {
            self.selected = None;
        }
        let image = self.load_image();
        Action::Remember(Remember::LibraryCatalog(id)).and(image)
    }

    fn refilter(&mut self, f: impl FnOnce(&mut Filter)) -> Action<Message> {
        f(&mut self.filter);
        self.rerun_search();
        Action::None
    }

    fn rerun_search(&mut self) {
        self.matches = match &self.current {
            Some(c) => c.index.search(&self.filter),
            None => Vec::new(),
        };
    }

    fn select(&mut self, id: String) -> Action<Message> {
        if let Some(asked) = self.ask_discard(Then::Select(id.clone())) {
            return asked;
        }
        self.selected = Some(id);
        self.editor = None;
        self.load_image()
    }

    /// Loads the selected card's stored image, if it has one.
    fn load_image(&mut self) -> Action<Message> {
        let (Some(current), Some(card)) = (&self.current, self.selected()) else {
            self.image = None;
            return Action::None;
        };
        if card.image.is_none() {
            self.image = None;
            return Action::None;
        }
        if self.image.as_ref().is_some_and(|(id, _)| *id == card.id) {
            return Action::None;
        }
        let (catalog, id) = (current.info.id, card.id.clone());
        let key = id.clone();
        Action::Run(Task::perform(
            self.db.run(move |s| {
                Ok(s.card_image(catalog, &id)?
                    .map(|img| image::Handle::from_bytes(img.bytes)))
            }),
            move |r| Message::ImageLoaded(key.clone(), r),
        ))
    }

    fn image_loaded(
        &mut self,
        id: String,
        r: Result<Option<image::Handle>, String>,
    ) -> Action<Message> {
        match r {
            Ok(Some(handle)) if self.selected.as_deref() == Some(id.as_str()) => {
                self.image = Some((id, handle));
                Action::None
            }
            Ok(_) => Action::None,
            Err(e) => Action::Error(e),
        }
    }

    fn new_card(&mut self) -> Action<Message> {
        if let Some(asked) = self.ask_discard(Then::NewCard) {
            return asked;
        }
        if let Some(c) = &self.current {
            self.editor = Some(Editor::new(Arc::clone(c.index.catalog()), None));
            return Action::Run(Editor::opened());
        }
        Action::Notice("pick a catalog first".into())
    }

    fn edit_card(&mut self) -> Action<Message> {
        if let (Some(c), Some(card)) = (&self.current, self.selected()) {
            self.editor = Some(Editor::new(Arc::clone(c.index.catalog()), Some(card)));
            return Action::Run(Editor::opened());
        }
        Action::None
    }

    fn editor_message(&mut self, m: editor::Message) -> Action<Message> {
        let Some(editor) = &mut self.editor else {
            return Action::None;
        };
        match editor.update(m) {
            editor::Action::None => Action::None,
            editor::Action::Cancel => {
                if let Some(asked) = self.ask_discard(Then::Close) {
                    return asked;
                }
                self.editor = None;
                Action::None
            }
            editor::Action::Save { card, editing } => self.save_card(*card, editing),
            editor::Action::Teach {
                game,
                phrase,
                means,
            } => Action::Run(Task::perform(
                self.db.run(move |s| s.teach_phrase(&game, &phrase, &means)),
                |r| Message::Editor(editor::Message::Taught(r)),
            )),
            editor::Action::Untaught(change) => Action::Run(Task::perform(
                self.db.run(move |s| s.undo_taught(&change)),
                |r| Message::Editor(editor::Message::Untaught(r)),
            )),
        }
    }

    fn save_card(&mut self, card: Card, editing: Option<String>) -> Action<Message> {
        let Some(c) = &self.current else {
            return Action::None;
        };
        let catalog = c.info.id;
        let id = card.id.clone();
        Action::Run(Task::perform(
            self.db.run(move |s| {
                match &editing {
                    Some(old) => s.update_card(catalog, old, &card, None)?,
                    None => s.insert_card(catalog, &card, None)?,
                }
                Ok(id)
            }),
            Message::CardSaved,
        ))
    }

    fn card_saved(&mut self, r: Result<String, String>) -> Action<Message> {
        let quitting = std::mem::take(&mut self.quitting);
        match r {
            Ok(id) => {
                self.editor = None;
                self.selected = Some(id);
                self.image = None;
                if quitting {
                    return Action::Quit;
                }
                self.reload()
            }
            Err(e) if quitting => Action::Error(format!(
                "The card is not saved, so Deckwright stays open: {e}"
            )),
            Err(e) => Action::Error(e),
        }
    }

    /// Reads the current catalog back from the store.
    fn reload(&self) -> Action<Message> {
        match &self.current {
            Some(c) => Action::Run(Task::perform(
                load_catalog(self.db.clone(), c.info.id),
                Message::CatalogLoaded,
            )),
            None => Action::None,
        }
    }

    fn ask_delete(&mut self) -> Action<Message> {
        if let Some(card) = self.selected() {
            self.confirm = Some(Confirm::DeleteCard {
                id: card.id.clone(),
                name: card.name.clone(),
            });
        }
        Action::None
    }

    fn confirmed(&mut self) -> Action<Message> {
        match self.confirm.take() {
            Some(Confirm::DeleteCard { id, .. }) => {
                let Some(c) = &self.current else {
                    return Action::None;
                };
                let catalog = c.info.id;
                Action::Run(Task::perform(
                    self.db.run(move |s| s.delete_card(catalog, &id)),
                    Message::CardDeleted,
                ))
            }
            Some(Confirm::ReplaceCatalog { path, .. }) => self.import_catalog(path, true),
            Some(Confirm::Discard { then, .. }) => {
                self.editor = None;
                match then {
                    Then::Select(id) => self.select(id),
                    Then::NewCard => self.new_card(),
                    Then::Catalog(id) => self.pick_catalog(Some(id)),
                    Then::Game(g) => self.pick_game(g),
                    Then::Close => Action::None,
                    Then::Leave(to) => Action::Navigate(to),
                }
            }
            // answered by its own buttons
            Some(Confirm::Quit { .. }) | None => Action::None,
        }
    }

    /// Cancel or Escape: the question goes (the edit stays), or else the
    /// editor closes — after asking, when it holds changes.
    fn cancelled(&mut self) -> Action<Message> {
        if self.confirm.take().is_some() {
            return Action::None;
        }
        if let Some(asked) = self.ask_discard(Then::Close) {
            return asked;
        }
        self.editor = None;
        Action::None
    }

    fn card_deleted(&mut self, r: Result<(), String>) -> Action<Message> {
        match r {
            Ok(()) => {
                self.selected = None;
                self.image = None;
                self.reload()
            }
            Err(e) => Action::Error(e),
        }
    }
}

/// Loads a stored catalog with its list entry.
async fn load_catalog(db: Db, id: CatalogId) -> Result<(CatalogInfo, Arc<Catalog>), String> {
    db.run(move |s| Ok((s.catalog_info(id)?, Arc::new(s.load_catalog(id)?))))
        .await
}
