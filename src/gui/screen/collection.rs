//! The collection: owned counts per card of a catalog, edited in place; the
//! cards a chosen deck still needs; and collection CSV import and export.
//!
//! Every count change is written to the store at once; the missing list is
//! worked out in memory from the catalog, the counts and the deck, so it
//! follows each change without a round trip.

mod view;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

use iced::Task;

use crate::collection as csv;
use crate::gui::db::Db;
use crate::gui::dialog;
use crate::gui::search::{CardIndex, Filter};
use crate::gui::widget::Pick;
use crate::model::{Catalog, Collection as Owned, Deck, MissingCard, Owned as Counts};
use crate::store::{CatalogId, CatalogInfo, DeckId, DeckInfo};

use super::{Action, Remember, Shortcut};
use crate::gui::dialog::extension;

/// Why `typed` is not an owned count, in the user's words; `None` when it is
/// one (or empty, which is on its way to being one).
pub fn count_problem(typed: &str) -> Option<&'static str> {
    let t = typed.trim();
    if t.is_empty() || t.parse::<u32>().is_ok() {
        return None;
    }
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    Some(if t.strip_prefix('-').is_some_and(digits) {
        "Counts cannot be negative"
    } else if digits(t) {
        "Too many: at most 4,294,967,295"
    } else {
        "Whole numbers only"
    })
}

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
    /// Such text from before the screen was left, for its catalog when it
    /// loads again.
    kept: Option<Kept>,
    decks: Vec<DeckInfo>,
    deck: Option<(DeckId, Deck)>,
    missing: Vec<MissingCard>,
}

/// What the screen keeps while another one is on show (issue 25): the text
/// typed into owned-count boxes that is not a count (yet), by card id, with
/// its catalog. Counts that are numbers are in the store already.
#[derive(Debug, Clone, PartialEq)]
pub struct Kept {
    catalog: CatalogId,
    typing: BTreeMap<String, String>,
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
    /// Cards with counts, rows read, and the skipped rows with why.
    CsvImported(Result<(usize, usize, Vec<String>), String>),
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
            kept: None,
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

    /// What the screen keeps while another one is on show, if anything.
    pub fn kept(&self) -> Option<Kept> {
        let c = self.current.as_ref()?;
        (!self.typing.is_empty()).then(|| Kept {
            catalog: c.info.id,
            typing: self.typing.clone(),
        })
    }

    /// Gives back the text typed before the screen was left, on show again
    /// (with why it is not a count) once its catalog is loaded.
    pub fn restore(&mut self, k: Kept) {
        match &self.current {
            Some(c) if c.info.id == k.catalog => self.typing = k.typing,
            _ => self.kept = Some(k),
        }
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
        // (another catalog may load first: the kept text waits for its own)
        self.typing = match self.kept.take_if(|k| k.catalog == id) {
            Some(k) => k.typing,
            None => BTreeMap::new(),
        };
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
                // Not a count: keep what was typed visible (with why, beside
                // it), store nothing.
                self.typing.insert(id, t);
                Action::None
            }
        }
    }

    /// Why what is typed in a card's owned-count box is not a count.
    pub fn count_error(&self, id: &str) -> Option<&'static str> {
        self.typing.get(id).and_then(|t| count_problem(t))
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
        Action::Ask(dialog::open(
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
                    done.rows,
                    done.unresolved.iter().map(ToString::to_string).collect(),
                ))
            }),
            Message::CsvImported,
        ))
    }

    fn imported(&mut self, r: Result<(usize, usize, Vec<String>), String>) -> Action<Message> {
        let (cards, rows, unresolved) = match r {
            Ok(x) => x,
            Err(e) => return Action::Error(e),
        };
        let reload = match &self.current {
            Some(c) => Action::Run(self.load(c.info.id)),
            None => Action::None,
        };
        let notice = format!(
            "Imported counts for {}.",
            crate::gui::words::count(cards, "card")
        );
        let skipped = if unresolved.is_empty() {
            Action::None
        } else {
            Action::Error(format!(
                "Skipped {} of {}, which name no card of this catalog: {}",
                crate::gui::words::grouped(unresolved.len()),
                crate::gui::words::count(rows, "row"),
                csv::first_reasons(&unresolved).join("; ")
            ))
        };
        reload.and(Action::Notice(notice)).and(skipped)
    }

    fn pick_export(&mut self) -> Action<Message> {
        let Some(c) = &self.current else {
            return Action::Notice("choose a catalog to export".into());
        };
        Action::Ask(dialog::save(
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
                crate::files::write_replacing(&path, text.as_bytes())
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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn count_boxes_say_why_a_text_is_not_a_count() {
        assert_eq!(count_problem(""), None);
        assert_eq!(count_problem(" 12 "), None);
        assert_eq!(count_problem("abc"), Some("Whole numbers only"));
        assert_eq!(count_problem("1.5"), Some("Whole numbers only"));
        assert_eq!(count_problem("-2"), Some("Counts cannot be negative"));
        assert_eq!(
            count_problem("99999999999"),
            Some("Too many: at most 4,294,967,295")
        );
    }
}
