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

use std::path::PathBuf;
use std::sync::Arc;

use iced::widget::{
    button, column, container, image, pick_list, row, rule, scrollable, space, text, text_input,
};
use iced::{Element, Fill, Task};

use crate::catalog;
use crate::gui::db::Db;
use crate::gui::dialog;
use crate::gui::search::{CardIndex, Facets, Filter};
use crate::gui::widget::card_face::card_face;
use crate::gui::widget::{
    Pick, SCROLLBAR_GAP, dialog, heading, modal, muted, picked, selected_row,
};
use crate::model::{Card, Catalog, GameId};
use crate::store::{CatalogId, CatalogInfo, StoreError};

use super::{Action, Remember, Shortcut};

pub use editor::{Editor, Message as EditorMessage};

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
    DeleteCard { id: String, name: String },
    ReplaceCatalog { path: PathBuf, name: String },
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

    pub fn shortcut(&mut self, s: Shortcut) -> Action<Message> {
        match s {
            Shortcut::Find => Action::Run(iced::widget::operation::focus(SEARCH_ID)),
            Shortcut::Import => self.pick_catalog_file(),
            Shortcut::Export => self.pick_export_file(),
            Shortcut::Escape => self.cancelled(),
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
        if let Some(c) = &self.current {
            self.editor = Some(Editor::new(Arc::clone(c.index.catalog()), None));
            return Action::Run(iced::widget::operation::focus("editor-name"));
        }
        Action::Notice("pick a catalog first".into())
    }

    fn edit_card(&mut self) -> Action<Message> {
        if let (Some(c), Some(card)) = (&self.current, self.selected()) {
            self.editor = Some(Editor::new(Arc::clone(c.index.catalog()), Some(card)));
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
                self.editor = None;
                Action::None
            }
            editor::Action::Save { card, editing } => self.save_card(*card, editing),
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
        match r {
            Ok(id) => {
                self.editor = None;
                self.selected = Some(id);
                self.image = None;
                self.reload()
            }
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
            None => Action::None,
        }
    }

    fn cancelled(&mut self) -> Action<Message> {
        if self.confirm.take().is_none() {
            self.editor = None;
        }
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

    fn pick_image(&mut self) -> Action<Message> {
        if self.selected().is_none() {
            return Action::Notice("select a card to attach an image to".into());
        }
        Action::Run(dialog::open(
            "Card image",
            &[("PNG or JPEG image", &["png", "jpg", "jpeg"])],
            Message::AttachImageFile,
            Message::DialogClosed,
        ))
    }

    fn attach_image(&mut self, path: PathBuf) -> Action<Message> {
        let (Some(c), Some(card)) = (&self.current, self.selected()) else {
            return Action::Notice("select a card to attach an image to".into());
        };
        let catalog = c.info.id;
        let mut card = card.clone();
        let id = card.id.clone();
        Action::Run(Task::perform(
            self.db.run_with(move |s| {
                let bytes = std::fs::read(&path)
                    .map_err(|e| format!("{}: cannot read the image: {e}", path.display()))?;
                if !is_png_or_jpeg(&bytes) {
                    return Err(format!("{}: not a PNG or JPEG image", path.display()));
                }
                // The stored name follows the new bytes' format (`<id>.png|jpg`).
                card.image = None;
                s.update_card(catalog, &id, &card, Some(&bytes))
                    .map_err(|e| e.to_string())?;
                Ok(id)
            }),
            Message::ImageAttached,
        ))
    }

    fn image_attached(&mut self, r: Result<String, String>) -> Action<Message> {
        match r {
            Ok(id) => {
                self.image = None;
                self.selected = Some(id);
                self.reload()
            }
            Err(e) => Action::Error(e),
        }
    }

    fn pick_catalog_file(&mut self) -> Action<Message> {
        Action::Run(dialog::open(
            "Import a catalog",
            &[("Catalog (TOML)", &["toml"])],
            Message::ImportCatalogFile,
            Message::DialogClosed,
        ))
    }

    fn import_catalog(&mut self, path: PathBuf, replace: bool) -> Action<Message> {
        Action::Run(Task::perform(
            self.db.run_with(move |s| {
                let loaded = catalog::load(&path).map_err(|d| d.to_string())?;
                let warnings = catalog::lint(&loaded.catalog, &loaded.card_lines).len();
                let name = loaded.catalog.name.clone();
                let cards = loaded.catalog.cards.len();
                let stored = if replace {
                    s.replace_catalog(&loaded.catalog)
                } else {
                    s.import_catalog(&loaded.catalog)
                };
                match stored {
                    Ok(id) => Ok(Imported::Added {
                        id,
                        name,
                        cards,
                        warnings,
                    }),
                    Err(StoreError::CatalogExists { name }) => Ok(Imported::Exists { path, name }),
                    Err(e) => Err(e.to_string()),
                }
            }),
            Message::CatalogImported,
        ))
    }

    fn catalog_imported(&mut self, r: Result<Imported, String>) -> Action<Message> {
        match r {
            Ok(Imported::Added {
                id,
                name,
                cards,
                warnings,
            }) => {
                self.game = None;
                let notice = match warnings {
                    0 => format!("Imported \"{name}\": {cards} cards."),
                    n => format!(
                        "Imported \"{name}\": {cards} cards, {n} outside the rulebook's published ranges (see `deckwright catalog lint`)."
                    ),
                };
                Action::Run(self.load_catalogs(Some(id))).and(Action::Notice(notice))
            }
            Ok(Imported::Exists { path, name }) => {
                self.confirm = Some(Confirm::ReplaceCatalog { path, name });
                Action::None
            }
            Err(e) => Action::Error(e),
        }
    }

    fn pick_export_file(&mut self) -> Action<Message> {
        let Some(c) = &self.current else {
            return Action::Notice("pick a catalog to export".into());
        };
        let file = format!("{}.toml", crate::model::slug(&c.info.name));
        Action::Run(dialog::save(
            "Export the catalog",
            file,
            &[("Catalog (TOML)", &["toml"])],
            Message::ExportCatalogFile,
            Message::DialogClosed,
        ))
    }

    fn export_catalog(&mut self, path: PathBuf) -> Action<Message> {
        let Some(c) = &self.current else {
            return Action::None;
        };
        let id = c.info.id;
        Action::Run(Task::perform(
            self.db.run(move |s| {
                s.export_catalog(id, &path)?;
                Ok(path)
            }),
            Message::CatalogExported,
        ))
    }

    fn catalog_exported(&mut self, r: Result<PathBuf, String>) -> Action<Message> {
        match r {
            Ok(path) => Action::Notice(format!("Exported the catalog to {}", path.display())),
            Err(e) => Action::Error(e),
        }
    }

    pub fn view(&self) -> Element<'_, Message> {
        let body = column![self.view_top(), self.view_filters(), self.view_main()]
            .spacing(10)
            .padding(12);
        match &self.confirm {
            None => body.into(),
            Some(c) => modal(body, view_confirm(c), Message::Cancelled),
        }
    }

    fn view_top(&self) -> Element<'_, Message> {
        let mut games = vec![Pick::none("All games")];
        games.extend(
            GameId::ALL
                .iter()
                .map(|g| Pick::some(*g, crate::games::game(*g).def().name.clone())),
        );
        let game = pick_list(
            games.clone(),
            picked(&games, self.game.as_ref()),
            Message::Game,
        );
        let catalogs: Vec<Pick<CatalogId>> = self
            .visible_catalogs()
            .map(|c| Pick::some(c.id, format!("{} ({} cards)", c.name, c.card_count)))
            .collect();
        let current = self.current.as_ref().map(|c| c.info.id);
        let catalog = pick_list(
            catalogs.clone(),
            picked(&catalogs, current.as_ref()),
            Message::Catalog,
        )
        .placeholder("Choose a catalog")
        .width(Fill);
        row![
            game,
            catalog,
            button("New card").on_press(Message::NewCard),
            button("Import catalog...")
                .on_press(Message::ImportCatalog)
                .style(button::secondary),
            button("Export catalog...")
                .on_press_maybe(self.current.is_some().then_some(Message::ExportCatalog))
                .style(button::secondary),
        ]
        .spacing(8)
        .align_y(iced::Center)
        .into()
    }

    fn view_filters(&self) -> Element<'_, Message> {
        let search = text_input("Search name and text (Ctrl+F)", &self.filter.query)
            .id(SEARCH_ID)
            .on_input(Message::Query)
            .width(280);
        let mut bar = row![search].spacing(8).align_y(iced::Center);
        if let Some(c) = &self.current {
            let facets = &c.facets;
            if !facets.types.is_empty() {
                let mut types = vec![Pick::none("Any type")];
                types.extend(
                    facets
                        .types
                        .iter()
                        .map(|t| Pick::some(t.clone(), t.clone())),
                );
                bar = bar.push(pick_list(
                    types.clone(),
                    picked(&types, self.filter.card_type.as_ref()),
                    Message::Type,
                ));
            }
            if facets.costs.len() > 1 {
                let mut costs = vec![Pick::none("Any cost")];
                costs.extend(
                    facets
                        .costs
                        .iter()
                        .map(|n| Pick::some(*n, format!("cost {n}"))),
                );
                bar = bar.push(pick_list(
                    costs.clone(),
                    picked(&costs, self.filter.cost.as_ref()),
                    Message::Cost,
                ));
            }
            for f in &facets.fields {
                let mut picks = vec![Pick::none(format!("{}: any", f.label))];
                picks.extend(
                    f.values
                        .iter()
                        .map(|v| Pick::some(v.clone(), format!("{}: {v}", f.label))),
                );
                let key = f.key.clone();
                bar = bar.push(pick_list(
                    picks.clone(),
                    picked(&picks, self.filter.fields.get(&f.key)),
                    move |p| Message::Field(key.clone(), p),
                ));
            }
            if self.filter.has_facets() || !self.filter.query.is_empty() {
                bar = bar.push(
                    button("Clear")
                        .on_press(Message::ClearFilters)
                        .style(button::text),
                );
            }
        }
        bar.wrap().vertical_spacing(6).into()
    }

    fn view_main(&self) -> Element<'_, Message> {
        let Some(current) = &self.current else {
            return container(
                text("No catalog yet: import one with \"Import catalog...\".").style(muted),
            )
            .padding(20)
            .into();
        };
        let total = self.matches.len();
        let count = match (total, current.index.catalog().cards.len()) {
            (n, all) if n == all => format!("{all} cards"),
            (n, all) => format!("{n} of {all} cards match"),
        };
        let mut list = column![].spacing(1);
        for &i in self.matches.iter().take(MAX_ROWS) {
            let card = current.index.card(i);
            list = list.push(self.view_row(card));
        }
        if total > MAX_ROWS {
            list = list.push(
                text(format!(
                    "... and {} more: narrow the search to see them",
                    total - MAX_ROWS
                ))
                .style(muted),
            );
        }
        let left = column![
            text(count).size(13).style(muted),
            scrollable(list.padding(SCROLLBAR_GAP)).height(Fill)
        ]
        .spacing(6)
        .width(iced::FillPortion(5));
        let right = container(match &self.editor {
            Some(e) => e.view().map(Message::Editor),
            None => self.view_detail(),
        })
        .width(iced::FillPortion(4))
        .height(Fill);
        row![left, rule::vertical(1), right]
            .spacing(12)
            .height(Fill)
            .into()
    }

    fn view_row<'a>(&'a self, card: &'a Card) -> Element<'a, Message> {
        let mut details = vec![card.card_type.clone()];
        if let Some(c) = card.cost {
            details.push(format!("cost {c}"));
        }
        let line = row![
            text(card.name.as_str()).width(Fill),
            text(details.join(" · ")).size(13).style(muted)
        ]
        .spacing(8);
        let selected = self.selected.as_deref() == Some(card.id.as_str());
        let b = button(line)
            .width(Fill)
            .padding([4, 8])
            .on_press(Message::Select(card.id.clone()))
            .style(button::text);
        if selected {
            container(b).style(selected_row).into()
        } else {
            b.into()
        }
    }

    fn view_detail(&self) -> Element<'_, Message> {
        let (Some(current), Some(card)) = (&self.current, self.selected()) else {
            return container(text("Select a card to see it here.").style(muted))
                .padding(20)
                .into();
        };
        let face: Element<'_, Message> = match &self.image {
            Some((id, handle)) if *id == card.id => image(handle.clone())
                .width(crate::gui::widget::card_face::WIDTH)
                .into(),
            _ => card_face(card, current.info.game),
        };
        let actions = row![
            button("Edit").on_press(Message::EditCard),
            button("Attach image...")
                .on_press(Message::AttachImage)
                .style(button::secondary),
            button("Delete")
                .on_press(Message::DeleteCard)
                .style(button::danger),
        ]
        .spacing(8);
        let schema = &crate::games::game(current.info.game).def().card;
        let mut info = column![heading(card.name.as_str())].spacing(4);
        for (k, v) in &card.fields {
            let label = schema
                .field(k)
                .and_then(|f| f.label.as_deref())
                .unwrap_or(k);
            info = info.push(text(format!("{label}: {}", v.display())).size(13));
        }
        if card.image.is_none() {
            info = info.push(
                text("No image: the face is drawn from the card's data. Drop a PNG or JPEG on the window to attach one.")
                    .size(12)
                    .style(muted),
            );
        }
        scrollable(
            column![face, actions, info, space::vertical().height(10)]
                .spacing(12)
                .padding([0, 12]),
        )
        .height(Fill)
        .into()
    }
}

fn view_confirm(c: &Confirm) -> Element<'_, Message> {
    let (question, yes) = match c {
        Confirm::DeleteCard { name, .. } => (
            format!("Delete the card \"{name}\"? Decks that list it keep its name."),
            "Delete card",
        ),
        Confirm::ReplaceCatalog { name, .. } => (
            format!(
                "A catalog named \"{name}\" is stored already. Replace its cards with the file's? Decks and owned counts stay attached to cards whose id is unchanged."
            ),
            "Replace catalog",
        ),
    };
    dialog(
        column![
            text(question),
            row![
                button(yes)
                    .on_press(Message::Confirmed)
                    .style(button::danger),
                button("Cancel")
                    .on_press(Message::Cancelled)
                    .style(button::secondary),
            ]
            .spacing(10)
        ]
        .spacing(16),
    )
}

/// Loads a stored catalog with its list entry.
async fn load_catalog(db: Db, id: CatalogId) -> Result<(CatalogInfo, Arc<Catalog>), String> {
    db.run(move |s| Ok((s.catalog_info(id)?, Arc::new(s.load_catalog(id)?))))
        .await
}

/// The lower-case extension of a path.
pub(crate) fn extension(path: &std::path::Path) -> String {
    path.extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_lowercase()
}

fn is_png_or_jpeg(bytes: &[u8]) -> bool {
    bytes.starts_with(b"\x89PNG\r\n\x1a\n") || bytes.starts_with(&[0xff, 0xd8, 0xff])
}
