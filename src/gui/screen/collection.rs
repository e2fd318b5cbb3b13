//! The collection: owned counts per card of a catalog, edited in place; the
//! cards a chosen deck still needs; and collection CSV import and export.
//!
//! Every count change is written to the store at once; the missing list is
//! worked out in memory from the catalog, the counts and the deck, so it
//! follows each change without a round trip.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

use iced::widget::{button, column, container, pick_list, row, rule, scrollable, text, text_input};
use iced::{Element, Fill, FillPortion, Task};

use crate::collection as csv;
use crate::gui::db::Db;
use crate::gui::dialog;
use crate::gui::search::{CardIndex, Filter};
use crate::gui::widget::{Pick, SCROLLBAR_GAP, heading, muted, picked};
use crate::model::{Card, Catalog, Collection as Owned, Deck, MissingCard, Owned as Counts};
use crate::store::{CatalogId, CatalogInfo, DeckId, DeckInfo};

use super::library::extension;
use super::{Action, Remember, Shortcut};

/// The most card rows shown at once.
pub const MAX_ROWS: usize = 250;

/// The id of the search box.
pub const SEARCH_ID: &str = "collection-search";

/// The collection screen.
#[derive(Debug)]
pub struct Collection {
    db: Db,
    catalogs: Vec<CatalogInfo>,
    current: Option<Current>,
    query: String,
    matches: Vec<u32>,
    /// Text typed into an owned-count box that is not a number yet.
    typing: BTreeMap<String, String>,
    decks: Vec<DeckInfo>,
    deck: Option<(DeckId, Deck)>,
    missing: Vec<MissingCard>,
}

#[derive(Debug)]
struct Current {
    info: CatalogInfo,
    index: CardIndex,
    owned: Owned,
}

/// A catalog with its counts and decks, as loaded.
#[derive(Debug, Clone)]
pub struct Loaded {
    pub info: CatalogInfo,
    pub catalog: Arc<Catalog>,
    pub owned: Owned,
    pub decks: Vec<DeckInfo>,
}

#[derive(Debug, Clone)]
pub enum Message {
    CatalogsLoaded(Result<Vec<CatalogInfo>, String>),
    Catalog(Pick<CatalogId>),
    Loaded(Result<Loaded, String>),
    Query(String),
    /// The owned-count box of a card (by id) changed.
    Typed(String, String),
    /// One more / one less owned copy of a card.
    More(String),
    Less(String),
    Stored(Result<(), String>),
    Deck(Pick<DeckId>),
    DeckLoaded(Result<(DeckId, Deck), String>),
    ImportCsv,
    ImportCsvFile(PathBuf),
    CsvImported(Result<(usize, Vec<String>), String>),
    ExportCsv,
    ExportCsvFile(PathBuf),
    CsvExported(Result<PathBuf, String>),
    DialogClosed,
}

impl Collection {
    pub fn new(db: Db, catalog: Option<CatalogId>) -> (Collection, Task<Message>) {
        let c = Collection {
            db,
            catalogs: Vec::new(),
            current: None,
            query: String::new(),
            matches: Vec::new(),
            typing: BTreeMap::new(),
            decks: Vec::new(),
            deck: None,
            missing: Vec::new(),
        };
        let mut task = Task::perform(c.db.run(|s| s.catalogs()), Message::CatalogsLoaded);
        if let Some(id) = catalog {
            task = task.chain(c.load(id));
        }
        (c, task)
    }

    fn load(&self, id: CatalogId) -> Task<Message> {
        Task::perform(
            self.db.run(move |s| {
                let info = s.catalog_info(id)?;
                let decks = s
                    .decks(Some(info.game))?
                    .into_iter()
                    .filter(|d| d.catalog_id == id)
                    .collect();
                Ok(Loaded {
                    catalog: Arc::new(s.load_catalog(id)?),
                    owned: s.collection(id)?,
                    decks,
                    info,
                })
            }),
            Message::Loaded,
        )
    }

    pub fn missing(&self) -> &[MissingCard] {
        &self.missing
    }

    /// Whether a catalog is loaded.
    pub fn has_catalog(&self) -> bool {
        self.current.is_some()
    }

    /// Owned copies of a card of the current catalog.
    pub fn owned(&self, id: &str) -> u32 {
        self.current.as_ref().map_or(0, |c| c.owned.owned(id))
    }

    pub fn update(&mut self, message: Message) -> Action<Message> {
        match message {
            Message::CatalogsLoaded(r) => self.catalogs_loaded(r),
            Message::Catalog(p) => self.pick_catalog(p.value),
            Message::Loaded(r) => self.loaded(r),
            Message::Query(q) => self.search(q),
            Message::Typed(id, t) => self.typed(id, t),
            Message::More(id) => self.step(id, 1),
            Message::Less(id) => self.step(id, -1),
            Message::Stored(r) => Action::from_result(r),
            Message::Deck(p) => self.pick_deck(p.value),
            Message::DeckLoaded(r) => self.deck_loaded(r),
            Message::ImportCsv => self.pick_import(),
            Message::ImportCsvFile(p) => self.import(p),
            Message::CsvImported(r) => self.imported(r),
            Message::ExportCsv => self.pick_export(),
            Message::ExportCsvFile(p) => self.export(p),
            Message::CsvExported(r) => self.exported(r),
            Message::DialogClosed => Action::None,
        }
    }

    pub fn shortcut(&mut self, s: Shortcut) -> Action<Message> {
        match s {
            Shortcut::Find => Action::Run(iced::widget::operation::focus(SEARCH_ID)),
            Shortcut::Import => self.pick_import(),
            Shortcut::Export => self.pick_export(),
            _ => Action::None,
        }
    }

    pub fn dropped(&mut self, path: PathBuf) -> Action<Message> {
        if extension(&path) == "csv" {
            self.import(path)
        } else {
            Action::Notice(format!(
                "{}: drop a collection .csv file here to import it",
                path.display()
            ))
        }
    }

    fn catalogs_loaded(&mut self, r: Result<Vec<CatalogInfo>, String>) -> Action<Message> {
        match r {
            Ok(list) => {
                self.catalogs = list;
                match (&self.current, self.catalogs.first()) {
                    (None, Some(first)) => Action::Run(self.load(first.id)),
                    _ => Action::None,
                }
            }
            Err(e) => Action::Error(e),
        }
    }

    fn pick_catalog(&mut self, id: Option<CatalogId>) -> Action<Message> {
        match id {
            Some(id) => Action::Run(self.load(id)),
            None => Action::None,
        }
    }

    fn loaded(&mut self, r: Result<Loaded, String>) -> Action<Message> {
        let l = match r {
            Ok(l) => l,
            Err(e) => return Action::Error(e),
        };
        let id = l.info.id;
        let same = self.current.as_ref().is_some_and(|c| c.info.id == id);
        if !same {
            self.query.clear();
            self.deck = None;
        }
        self.typing.clear();
        self.current = Some(Current {
            info: l.info,
            index: CardIndex::new(l.catalog),
            owned: l.owned,
        });
        self.decks = l.decks;
        if let Some((d, _)) = &self.deck
            && !self.decks.iter().any(|x| x.id == *d)
        {
            self.deck = None;
        }
        self.research();
        self.recount();
        // With no deck chosen yet, the one changed last shows what it lacks.
        let deck = match (
            &self.deck,
            self.decks.iter().max_by(|a, b| a.updated.cmp(&b.updated)),
        ) {
            (None, Some(latest)) => self.pick_deck(Some(latest.id)),
            _ => Action::None,
        };
        Action::Remember(Remember::CollectionCatalog(id)).and(deck)
    }

    fn search(&mut self, q: String) -> Action<Message> {
        self.query = q;
        self.research();
        Action::None
    }

    fn research(&mut self) {
        self.matches = match &self.current {
            Some(c) => c.index.search(&Filter {
                query: self.query.clone(),
                ..Filter::default()
            }),
            None => Vec::new(),
        };
    }

    fn typed(&mut self, id: String, t: String) -> Action<Message> {
        let trimmed = t.trim();
        if trimmed.is_empty() {
            self.typing.insert(id, t);
            return Action::None;
        }
        match trimmed.parse::<u32>() {
            Ok(n) => {
                self.typing.remove(&id);
                self.set(id, n)
            }
            Err(_) => {
                // Not a count: keep what was typed visible, store nothing.
                self.typing.insert(id, t);
                Action::None
            }
        }
    }

    fn step(&mut self, id: String, delta: i64) -> Action<Message> {
        let now = i64::from(self.owned(&id));
        self.typing.remove(&id);
        self.set(id, (now + delta).clamp(0, i64::from(u32::MAX)) as u32)
    }

    /// Sets the owned count of a card, here and in the store.
    fn set(&mut self, id: String, n: u32) -> Action<Message> {
        let Some(c) = &mut self.current else {
            return Action::None;
        };
        let mut counts = c.owned.cards.get(&id).copied().unwrap_or_default();
        if counts.owned == n {
            return Action::None;
        }
        counts.owned = n;
        if counts == Counts::default() {
            c.owned.cards.remove(&id);
        } else {
            c.owned.cards.insert(id.clone(), counts);
        }
        let catalog = c.info.id;
        self.recount();
        Action::Run(Task::perform(
            self.db.run(move |s| s.set_owned(catalog, &id, counts)),
            Message::Stored,
        ))
    }

    fn pick_deck(&mut self, id: Option<DeckId>) -> Action<Message> {
        match id {
            None => {
                self.deck = None;
                self.recount();
                Action::None
            }
            Some(id) => Action::Run(Task::perform(
                self.db.run(move |s| Ok((id, s.load_deck(id)?))),
                Message::DeckLoaded,
            )),
        }
    }

    fn deck_loaded(&mut self, r: Result<(DeckId, Deck), String>) -> Action<Message> {
        match r {
            Ok(d) => {
                self.deck = Some(d);
                self.recount();
                Action::None
            }
            Err(e) => Action::Error(e),
        }
    }

    /// The missing list for the chosen deck.
    fn recount(&mut self) {
        self.missing = match (&self.current, &self.deck) {
            (Some(c), Some((_, deck))) => c.owned.missing_for(deck, c.index.catalog()),
            _ => Vec::new(),
        };
    }

    fn pick_import(&mut self) -> Action<Message> {
        if self.current.is_none() {
            return Action::Notice("choose a catalog to import counts into".into());
        }
        Action::Run(dialog::open(
            "Import a collection CSV",
            &[("CSV", &["csv"])],
            Message::ImportCsvFile,
            Message::DialogClosed,
        ))
    }

    fn import(&mut self, path: PathBuf) -> Action<Message> {
        let Some(c) = &self.current else {
            return Action::Notice("choose a catalog to import counts into".into());
        };
        let catalog = c.info.id;
        Action::Run(Task::perform(
            self.db.run_with(move |s| {
                let rows = csv::read_file(&path).map_err(|d| d.to_string())?;
                let done = s
                    .import_collection_csv(catalog, &rows)
                    .map_err(|e| format!("{}: {e}", path.display()))?;
                Ok((
                    done.cards,
                    done.unresolved.iter().map(ToString::to_string).collect(),
                ))
            }),
            Message::CsvImported,
        ))
    }

    fn imported(&mut self, r: Result<(usize, Vec<String>), String>) -> Action<Message> {
        let (cards, unresolved) = match r {
            Ok(x) => x,
            Err(e) => return Action::Error(e),
        };
        let reload = match &self.current {
            Some(c) => Action::Run(self.load(c.info.id)),
            None => Action::None,
        };
        let notice = format!("Imported counts for {cards} cards.");
        let skipped = if unresolved.is_empty() {
            Action::None
        } else {
            Action::Error(format!(
                "{} rows name no card of this catalog and were skipped: {}",
                unresolved.len(),
                unresolved.join("; ")
            ))
        };
        reload.and(Action::Notice(notice)).and(skipped)
    }

    fn pick_export(&mut self) -> Action<Message> {
        let Some(c) = &self.current else {
            return Action::Notice("choose a catalog to export".into());
        };
        Action::Run(dialog::save(
            "Export the collection",
            format!("{}-collection.csv", crate::model::slug(&c.info.name)),
            &[("CSV", &["csv"])],
            Message::ExportCsvFile,
            Message::DialogClosed,
        ))
    }

    fn export(&mut self, path: PathBuf) -> Action<Message> {
        let Some(c) = &self.current else {
            return Action::None;
        };
        let catalog = c.info.id;
        Action::Run(Task::perform(
            self.db.run_with(move |s| {
                let text = s
                    .export_collection_csv(catalog)
                    .map_err(|e| e.to_string())?;
                std::fs::write(&path, text)
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
                Ok(path)
            }),
            Message::CsvExported,
        ))
    }

    fn exported(&mut self, r: Result<PathBuf, String>) -> Action<Message> {
        match r {
            Ok(p) => Action::Notice(format!("Exported the collection to {}", p.display())),
            Err(e) => Action::Error(e),
        }
    }

    pub fn view(&self) -> Element<'_, Message> {
        let catalogs: Vec<Pick<CatalogId>> = self
            .catalogs
            .iter()
            .map(|c| {
                Pick::some(
                    c.id,
                    format!("{} — {}", crate::games::game(c.game).def().name, c.name),
                )
            })
            .collect();
        let current = self.current.as_ref().map(|c| c.info.id);
        let top = row![
            pick_list(
                catalogs.clone(),
                picked(&catalogs, current.as_ref()),
                Message::Catalog
            )
            .placeholder("Choose a catalog")
            .width(Fill),
            button("Import CSV...")
                .on_press(Message::ImportCsv)
                .style(button::secondary),
            button("Export CSV...")
                .on_press_maybe(self.current.is_some().then_some(Message::ExportCsv))
                .style(button::secondary),
        ]
        .spacing(8)
        .align_y(iced::Center);
        let Some(c) = &self.current else {
            return column![top, text("No catalog yet.").style(muted)]
                .spacing(10)
                .padding(12)
                .into();
        };
        let owned_total: u32 = c.owned.cards.values().map(|o| o.owned).sum();
        let distinct = c.owned.cards.values().filter(|o| o.owned > 0).count();
        let mut rows = column![].spacing(2);
        for &i in self.matches.iter().take(MAX_ROWS) {
            rows = rows.push(self.view_card(c, c.index.card(i)));
        }
        if self.matches.len() > MAX_ROWS {
            rows = rows.push(
                text(format!(
                    "... and {} more: narrow the search",
                    self.matches.len() - MAX_ROWS
                ))
                .style(muted),
            );
        }
        let left = column![
            row![
                text_input("Search cards (Ctrl+F)", &self.query)
                    .id(SEARCH_ID)
                    .on_input(Message::Query)
                    .width(280),
                text(format!(
                    "{owned_total} cards owned, {distinct} of {} different",
                    c.index.catalog().cards.len()
                ))
                .size(13)
                .style(muted),
            ]
            .spacing(10)
            .align_y(iced::Center),
            scrollable(rows.padding(SCROLLBAR_GAP)).height(Fill),
        ]
        .spacing(8)
        .width(FillPortion(3));
        column![
            top,
            row![
                left,
                rule::vertical(1),
                self.view_missing().width(FillPortion(2))
            ]
            .spacing(12)
        ]
        .spacing(10)
        .padding(12)
        .into()
    }

    fn view_card<'a>(&'a self, c: &'a Current, card: &'a Card) -> Element<'a, Message> {
        let owned = c.owned.owned(&card.id);
        let shown = self
            .typing
            .get(&card.id)
            .cloned()
            .unwrap_or_else(|| match owned {
                // an empty box (placeholder "0") takes a typed count as is
                0 => String::new(),
                n => n.to_string(),
            });
        let id = card.id.clone();
        row![
            text(card.name.as_str()).width(Fill),
            text(card.card_type.as_str())
                .size(12)
                .style(muted)
                .width(90),
            container(
                button(text("-").size(13))
                    .padding([1, 8])
                    .on_press_maybe((owned > 0).then(|| Message::Less(card.id.clone())))
            )
            .id(format!("less-{}", card.id)),
            text_input("0", &shown)
                .id(format!("owned-{}", card.id))
                .on_input(move |t| Message::Typed(id.clone(), t))
                .width(56),
            container(
                button(text("+").size(13))
                    .padding([1, 7])
                    .on_press(Message::More(card.id.clone()))
            )
            .id(format!("more-{}", card.id)),
        ]
        .spacing(4)
        .align_y(iced::Center)
        .into()
    }

    fn view_missing(&self) -> iced::widget::Column<'_, Message> {
        let picks: Vec<Pick<DeckId>> = std::iter::once(Pick::none("(no deck)"))
            .chain(self.decks.iter().map(|d| Pick::some(d.id, d.name.clone())))
            .collect();
        let chosen = self.deck.as_ref().map(|(id, _)| *id);
        let mut c = column![
            heading("What a deck still needs"),
            pick_list(
                picks.clone(),
                picked(&picks, chosen.as_ref()),
                Message::Deck
            )
            .width(Fill),
        ]
        .spacing(8);
        let Some((_, deck)) = &self.deck else {
            return c.push(
                text("Choose a deck built from this catalog to see the cards you lack.")
                    .size(13)
                    .style(muted),
            );
        };
        if self.missing.is_empty() {
            return c.push(
                text(format!("You own every card \"{}\" needs.", deck.name)).style(text::success),
            );
        }
        let total: u32 = self.missing.iter().map(|m| m.missing).sum();
        c = c.push(text(format!("Missing {total} cards:")).size(14));
        let mut list = column![row![
            text("Card").width(Fill).size(12).style(muted),
            text("need").width(44).size(12).style(muted),
            text("own").width(44).size(12).style(muted),
            text("missing").width(56).size(12).style(muted),
        ]]
        .spacing(2);
        for m in &self.missing {
            list = list.push(row![
                text(m.name.as_str()).width(Fill),
                text(m.needed.to_string()).width(44),
                text(m.owned.to_string()).width(44),
                text(m.missing.to_string()).width(56).style(text::danger),
            ]);
        }
        c.push(scrollable(list).height(Fill))
    }
}
