//! Everything out, everything back: the whole database as a folder of
//! documented files ([`Store::export_all`]) and that folder read back into a
//! database ([`Store::import_all`]). `schema/export.md` describes the layout.
//!
//! - **Export** reads inside one read transaction, so the folder is one state
//!   of the database even while the app writes. It writes into a hidden
//!   staging folder inside the target and moves the pieces into place at the
//!   end, `manifest.toml` last: a folder without a manifest is not an export,
//!   and an export that failed half-way leaves none.
//! - **Import** reads and checks every file first (errors name the file and
//!   line), then writes everything in one transaction: a failed import leaves
//!   the database as it was. Row ids, version numbers, notes and times come
//!   back as they were when the ids are free (always, in a new database).
//! - **Conflicts.** A catalog whose name is stored is taken as it is when it
//!   equals the export's (cards, images, and a collection that is empty or
//!   the same) — so a new install, which seeds the sample catalogs, imports
//!   an export of them cleanly. Otherwise the import stops naming it, unless
//!   [`ImportOptions::replace`]: the catalog is then updated in place
//!   (as `Store::replace_catalog` does) and its collection replaced. A deck
//!   with the name of a deck on the same catalog is the same kind of
//!   conflict; replacing deletes the stored deck (all its versions) first.
//!   Settings from the export overwrite stored ones of the same key.

mod check;
mod format;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};

use rusqlite::{Connection, OptionalExtension, params};

use self::format::{
    CATALOGS, COLLECTION, CatalogEntry, DECK_MANIFEST, DECKS, DeckManifest, DeckRef, EntryRecord,
    LEXICON, LexiconFile, LinkRecord, MANIFEST, Manifest, PhraseRecord, SETTINGS, SettingsFile,
    VersionEntry, comment_out_unreadable, read_toml, text_says, to_toml, unique_slug, version_text,
};
pub use self::format::{FORMAT, FORMAT_VERSION};
use super::cards::Resolver;
use super::{
    CatalogId, DeckId, NOW, Result, Store, StoreError, cards, catalogs, collection, decks, images,
    migrate, settings,
};
use crate::diag::{Diagnostic, Diagnostics, read_text};
use crate::model::{Catalog, Collection, Deck, DeckEntry, GameId};

/// The staging folder an export writes into, inside the target folder.
const STAGING: &str = ".deckwright-partial";

/// What goes into an export folder besides the manifest, in the order it is
/// moved into place.
const PARTS: [&str; 5] = [CATALOGS, DECKS, COLLECTION, SETTINGS, LEXICON];

/// How [`Store::export_all`] treats the target folder.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExportOptions {
    /// Write into a folder that is not empty: an earlier export there is
    /// replaced (its `manifest.toml`, `catalogs/`, `decks/`, `collection/`,
    /// `settings.toml` and `lexicon.toml`); other files are left alone.
    pub force: bool,
}

/// What an export wrote.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExportSummary {
    pub catalogs: usize,
    pub decks: usize,
    /// Saved versions over all decks.
    pub versions: usize,
    /// Collection CSVs (catalogs with any counts).
    pub collections: usize,
    pub settings: usize,
    /// Phrases taught to the games' grammars.
    pub phrases: usize,
}

/// Export row ids → the ids the import gave them (the same ones when free).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct IdMap {
    pub catalogs: BTreeMap<i64, CatalogId>,
    pub decks: BTreeMap<i64, DeckId>,
}

impl IdMap {
    /// The id now of the catalog the export knew as `old`.
    pub fn catalog(&self, old: CatalogId) -> Option<CatalogId> {
        self.catalogs.get(&old.0).copied()
    }

    /// The id now of the deck the export knew as `old`.
    pub fn deck(&self, old: DeckId) -> Option<DeckId> {
        self.decks.get(&old.0).copied()
    }

    /// Whether every id came back unchanged.
    pub fn is_identity(&self) -> bool {
        self.catalogs.iter().all(|(k, v)| *k == v.0) && self.decks.iter().all(|(k, v)| *k == v.0)
    }
}

/// Rewrites a setting that names catalogs or decks by row id, for the ids an
/// import gave them: `(key, value, ids)` → the new value, or `None` to store
/// the value as it is. The store does not know what the app keeps in its
/// settings; the app supplies this (`gui::prefs::remap_ids`).
pub type SettingRemap = fn(&str, &str, &IdMap) -> Option<String>;

/// How [`Store::import_all`] treats what is stored already.
#[derive(Clone, Copy, Debug, Default)]
pub struct ImportOptions {
    /// Overwrite conflicting catalogs (in place) and decks instead of stopping.
    pub replace: bool,
    pub remap_setting: Option<SettingRemap>,
}

/// What an import did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ImportSummary {
    /// Catalogs added.
    pub catalogs: usize,
    /// Catalogs already stored exactly as exported, taken as they were.
    pub kept: Vec<String>,
    /// Catalogs and decks overwritten (with `replace`).
    pub replaced: Vec<String>,
    pub decks: usize,
    pub versions: usize,
    /// Catalogs whose collection was set.
    pub collections: usize,
    pub settings: usize,
    /// Phrases taught to the games' grammars (each replaces what the same
    /// phrase of the same game meant here).
    pub phrases: usize,
    pub ids: IdMap,
}

impl Store {
    /// Writes every catalog (TOML and pictures), every deck with every saved
    /// version, the collection and the settings into `dir` (see
    /// `schema/export.md`). `dir` must be empty or new unless
    /// [`ExportOptions::force`]. On failure nothing that looks like an export
    /// is left: the manifest is written last.
    pub fn export_all(&self, dir: &Path, opts: ExportOptions) -> Result<ExportSummary> {
        let staging = begin_export(dir, opts.force)?;
        let written = self.read_tx().and_then(|tx| write_export(&tx, &staging));
        match written {
            Ok(summary) => {
                publish(dir, &staging)?;
                Ok(summary)
            }
            Err(e) => {
                // Best effort: the staging folder is hidden and replaced by
                // the next export anyway.
                let _ = std::fs::remove_dir_all(&staging);
                Err(e)
            }
        }
    }

    /// Reads an export folder back: catalogs with their pictures, decks with
    /// every version (same numbers, notes and times), collections and
    /// settings, all in one transaction. Conflicts with what is stored are
    /// described in the module docs.
    pub fn import_all(&mut self, dir: &Path, opts: ImportOptions) -> Result<ImportSummary> {
        let archive = read_export(dir)?;
        let tx = self.write_tx()?;
        let summary = apply(&tx, &archive, opts)?;
        tx.commit()?;
        super::taught::publish(&self.conn, None, false)?;
        Ok(summary)
    }
}

// ---------------------------------------------------------------- export

fn write_err(path: &Path) -> impl FnOnce(std::io::Error) -> StoreError + '_ {
    move |source| StoreError::Write {
        path: path.to_path_buf(),
        source,
    }
}

/// Checks the target folder and makes a fresh staging folder inside it.
fn begin_export(dir: &Path, force: bool) -> Result<PathBuf> {
    if dir.exists() && !dir.is_dir() {
        return Err(StoreError::NotAnExport {
            dir: dir.to_path_buf(),
            reason: "is a file, not a folder".into(),
        });
    }
    if dir.is_dir() && !force {
        let entries = std::fs::read_dir(dir).map_err(|source| StoreError::Read {
            path: dir.to_path_buf(),
            source,
        })?;
        for entry in entries {
            let entry = entry.map_err(|source| StoreError::Read {
                path: dir.to_path_buf(),
                source,
            })?;
            // a staging folder left by a crashed export is ours to replace
            if entry.file_name() != STAGING {
                return Err(StoreError::NotEmpty {
                    dir: dir.to_path_buf(),
                });
            }
        }
    }
    let staging = dir.join(STAGING);
    if staging.exists() {
        std::fs::remove_dir_all(&staging).map_err(write_err(&staging))?;
    }
    std::fs::create_dir_all(&staging).map_err(write_err(&staging))?;
    Ok(staging)
}

/// Moves the staged export into place: the old manifest goes first (so a
/// crash in between leaves a folder that is plainly unfinished), the new one
/// comes last.
fn publish(dir: &Path, staging: &Path) -> Result<()> {
    let manifest = dir.join(MANIFEST);
    if manifest.exists() {
        std::fs::remove_file(&manifest).map_err(write_err(&manifest))?;
    }
    for part in PARTS {
        let old = dir.join(part);
        if old.is_dir() {
            std::fs::remove_dir_all(&old).map_err(write_err(&old))?;
        } else if old.exists() {
            std::fs::remove_file(&old).map_err(write_err(&old))?;
        }
        let new = staging.join(part);
        if new.exists() {
            std::fs::rename(&new, &old).map_err(write_err(&old))?;
        }
    }
    std::fs::rename(staging.join(MANIFEST), &manifest).map_err(write_err(&manifest))?;
    std::fs::remove_dir_all(staging).map_err(write_err(staging))
}

fn write_file(path: &Path, text: &str) -> Result<()> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(write_err(parent))?;
    }
    std::fs::write(path, text).map_err(write_err(path))
}

fn toml_text(value: &impl serde::Serialize, comment: &str, path: &Path) -> Result<String> {
    to_toml(value, comment).map_err(|reason| StoreError::Invalid {
        what: path.display().to_string(),
        reason,
    })
}

/// Writes the whole export into `staging`, the manifest last.
fn write_export(conn: &Connection, staging: &Path) -> Result<ExportSummary> {
    let mut summary = ExportSummary::default();
    let mut manifest = Manifest {
        format: FORMAT.to_string(),
        format_version: FORMAT_VERSION,
        deckwright: env!("CARGO_PKG_VERSION").to_string(),
        schema_version: migrate::version(conn)?,
        exported_at: now(conn)?,
        settings: None,
        lexicon: None,
        catalogs: Vec::new(),
        decks: Vec::new(),
    };
    let mut list = catalogs::list(conn)?;
    list.sort_by_key(|c| c.id);
    let mut taken = Vec::new();
    for info in &list {
        let slug = unique_slug(&info.name, "catalog", &mut taken);
        let entry = export_catalog(conn, info.id, &slug, staging)?;
        summary.catalogs += 1;
        summary.collections += usize::from(entry.collection.is_some());
        manifest.catalogs.push(entry);
    }
    let mut decks = decks::list(conn, None)?;
    decks.sort_by_key(|d| d.id);
    let mut taken = Vec::new();
    for info in &decks {
        let slug = unique_slug(&info.name, "deck", &mut taken);
        let (reference, versions) = export_deck(conn, info.id, &slug, staging)?;
        summary.decks += 1;
        summary.versions += versions;
        manifest.decks.push(reference);
    }
    let file = SettingsFile {
        settings: settings::all(conn)?.into_iter().collect(),
    };
    summary.settings = file.settings.len();
    let path = staging.join(SETTINGS);
    write_file(
        &path,
        &toml_text(&file, "Deckwright settings, key = value as stored", &path)?,
    )?;
    manifest.settings = Some(SETTINGS.to_string());
    let phrases: Vec<PhraseRecord> = super::taught::all(conn)?
        .into_iter()
        .map(|t| PhraseRecord {
            game: t.game,
            phrase: t.phrase,
            means: t.means,
        })
        .collect();
    if !phrases.is_empty() {
        summary.phrases = phrases.len();
        let path = staging.join(LEXICON);
        write_file(
            &path,
            &toml_text(
                &LexiconFile { phrases },
                "Phrases taught to the games' grammars: `phrase` means `means`",
                &path,
            )?,
        )?;
        manifest.lexicon = Some(LEXICON.to_string());
    }
    let path = staging.join(MANIFEST);
    write_file(
        &path,
        &toml_text(
            &manifest,
            "A Deckwright export: see schema/export.md in Deckwright's sources",
            &path,
        )?,
    )?;
    Ok(summary)
}

/// Writes one catalog (TOML, pictures, collection CSV) and describes it.
fn export_catalog(
    conn: &Connection,
    id: CatalogId,
    slug: &str,
    staging: &Path,
) -> Result<CatalogEntry> {
    let original = catalogs::load(conn, id)?;
    let file = format!("{CATALOGS}/{slug}.toml");
    let written = catalogs::export(conn, id, &staging.join(&file))?;
    let back_image = original
        .back
        .clone()
        .filter(|_| written.back.is_some() && written.back != original.back);
    let card_images = original
        .cards
        .iter()
        .zip(&written.cards)
        .filter(|(o, w)| w.image.is_some() && w.image != o.image)
        .filter_map(|(o, _)| Some((o.id.clone(), o.image.clone()?)))
        .collect();
    let owned = collection::get(conn, id)?;
    let collection = if owned.cards.is_empty() {
        None
    } else {
        let file = format!("{COLLECTION}/{slug}.csv");
        write_file(
            &staging.join(&file),
            &crate::collection::write_csv(&original, &owned),
        )?;
        Some(file)
    };
    let (created_at, updated_at) = catalog_times(conn, id)?;
    Ok(CatalogEntry {
        id: id.0,
        name: original.name,
        game: original.game,
        file,
        collection,
        created_at,
        updated_at,
        back_image,
        card_images,
    })
}

/// Writes one deck's folder (a text file per version and `deck.toml`);
/// returns its manifest entry and how many versions it has.
fn export_deck(
    conn: &Connection,
    id: DeckId,
    slug: &str,
    staging: &Path,
) -> Result<(DeckRef, usize)> {
    let head = decks::head(conn, id)?;
    let (catalog_name, _) = catalogs::head(conn, head.catalog)?;
    let (created_at, updated_at) = deck_times(conn, id)?;
    let folder = format!("{DECKS}/{slug}");
    let resolver = Resolver::new(conn, head.catalog)?;
    let mut versions = Vec::new();
    for v in decks::versions(conn, id)? {
        let row = decks::version_row(conn, id, v.version)?.ok_or_else(|| {
            StoreError::corrupt(format!("deck \"{}\" version {}", head.name, v.version))
        })?;
        let stored = decks::entries(conn, row)?;
        let deck = Deck {
            name: head.name.clone(),
            game: Some(head.game),
            entries: stored.iter().map(|s| s.entry.clone()).collect(),
            ..Deck::default()
        };
        let mut text = version_text(&deck, v.version);
        let entries = if text_says(&text, &deck.entries) {
            Vec::new()
        } else {
            text = comment_out_unreadable(&text);
            deck.entries.iter().map(EntryRecord::from).collect()
        };
        let links = stored
            .iter()
            .enumerate()
            .filter(|(_, s)| {
                let now = resolver.resolve(&s.entry.name, s.entry.id.as_deref());
                now != s.card.as_ref().map(|(row, _)| *row)
            })
            .map(|(entry, s)| LinkRecord {
                entry,
                card: s.card.as_ref().map(|(_, key)| key.clone()),
            })
            .collect();
        let file = format!("v{}.txt", v.version);
        write_file(&staging.join(&folder).join(&file), &text)?;
        versions.push(VersionEntry {
            version: v.version,
            file,
            saved_at: v.saved_at,
            note: v.note,
            entries,
            links,
        });
    }
    let count = versions.len();
    let manifest = DeckManifest {
        id: id.0,
        name: head.name.clone(),
        game: head.game,
        catalog: catalog_name,
        current_version: head.current,
        created_at,
        updated_at,
        versions,
    };
    let file = format!("{folder}/{DECK_MANIFEST}");
    let path = staging.join(&file);
    write_file(
        &path,
        &toml_text(&manifest, "A Deckwright deck and its saved versions", &path)?,
    )?;
    Ok((
        DeckRef {
            name: head.name,
            file,
        },
        count,
    ))
}

// ---------------------------------------------------------------- import

/// An export folder, read and checked.
struct Archive {
    catalogs: Vec<ArchivedCatalog>,
    decks: Vec<ArchivedDeck>,
    settings: BTreeMap<String, String>,
    phrases: Vec<PhraseRecord>,
}

struct ArchivedCatalog {
    entry: CatalogEntry,
    /// Image paths as first written (from the manifest), `base_dir` unset.
    catalog: Catalog,
    /// Each image path of `catalog` → its file in the export.
    images: HashMap<String, PathBuf>,
    collection: Option<Collection>,
}

struct ArchivedDeck {
    /// Its `deck.toml`, for messages.
    file: PathBuf,
    manifest: DeckManifest,
    versions: Vec<(VersionEntry, Vec<DeckEntry>)>,
}

fn diag(file: &Path, line: usize, message: impl Into<String>) -> StoreError {
    StoreError::Archive(Diagnostics(vec![Diagnostic {
        file: file.to_path_buf(),
        line,
        column: 0,
        message: message.into(),
    }]))
}

/// Reads and checks every file of an export folder.
fn read_export(dir: &Path) -> Result<Archive> {
    if !dir.is_dir() {
        return Err(StoreError::NotAnExport {
            dir: dir.to_path_buf(),
            reason: "no such folder".into(),
        });
    }
    let path = dir.join(MANIFEST);
    if std::fs::symlink_metadata(&path).is_err() {
        return Err(StoreError::NotAnExport {
            dir: dir.to_path_buf(),
            reason: format!(
                "has no {MANIFEST}: it is not a Deckwright export, or the export did not finish"
            ),
        });
    }
    // the manifest is held to what every file it names is: a link out of
    // the folder is refused, and a pipe or a device is not read
    let path = check::inside(dir, dir, MANIFEST, &path, 0)?;
    let manifest: Manifest = read_toml(&path).map_err(StoreError::Archive)?;
    if manifest.format != FORMAT {
        return Err(diag(
            &path,
            check::line_of(&path, "format", &manifest.format),
            format!("format is `{}`, not `{FORMAT}`", manifest.format),
        ));
    }
    if manifest.format_version > FORMAT_VERSION {
        return Err(diag(
            &path,
            check::line_of(
                &path,
                "format_version",
                &manifest.format_version.to_string(),
            ),
            format!(
                "written by a newer Deckwright ({}; export format {}, this version reads up to {FORMAT_VERSION}); update Deckwright to import it",
                manifest.deckwright, manifest.format_version
            ),
        ));
    }
    let mut names = HashSet::new();
    let mut catalogs = Vec::with_capacity(manifest.catalogs.len());
    for entry in &manifest.catalogs {
        if !names.insert(entry.name.trim().to_lowercase()) {
            return Err(diag(
                &path,
                check::line_of(&path, "name", &entry.name),
                format!("catalog \"{}\" is listed twice", entry.name),
            ));
        }
        catalogs.push(read_catalog(dir, &path, entry)?);
    }
    let mut decks = Vec::with_capacity(manifest.decks.len());
    for d in &manifest.decks {
        let line = check::line_of(&path, "file", &d.file);
        let file = check::inside(dir, dir, &d.file, &path, line)?;
        decks.push(read_deck(dir, &file)?);
    }
    let settings = match &manifest.settings {
        Some(file) => {
            let line = check::line_of(&path, "settings", file);
            read_toml::<SettingsFile>(&check::inside(dir, dir, file, &path, line)?)
                .map_err(StoreError::Archive)?
                .settings
        }
        None => BTreeMap::new(),
    };
    let phrases = match &manifest.lexicon {
        Some(file) => {
            let line = check::line_of(&path, "lexicon", file);
            read_toml::<LexiconFile>(&check::inside(dir, dir, file, &path, line)?)
                .map_err(StoreError::Archive)?
                .phrases
        }
        None => Vec::new(),
    };
    Ok(Archive {
        catalogs,
        decks,
        settings,
        phrases,
    })
}

/// Reads one catalog of the manifest with its collection, putting back the
/// image paths it was first written with.
fn read_catalog(dir: &Path, manifest: &Path, entry: &CatalogEntry) -> Result<ArchivedCatalog> {
    let line = check::line_of(manifest, "file", &entry.file);
    let file = check::inside(dir, dir, &entry.file, manifest, line)?;
    check::id(manifest, "id", entry.id)?;
    check::time(manifest, "created_at", &entry.created_at)?;
    check::time(manifest, "updated_at", &entry.updated_at)?;
    let collection_file = match &entry.collection {
        Some(csv) => {
            let line = check::line_of(manifest, "collection", csv);
            Some(check::inside(dir, dir, csv, manifest, line)?)
        }
        None => None,
    };
    let loaded = crate::catalog::load(&file).map_err(StoreError::Archive)?;
    if let Some(folder) = &loaded.catalog.base_dir {
        for p in &loaded.pictures {
            check::inside(dir, folder, &p.path, &file, p.line)?;
        }
    }
    let mut catalog = loaded.catalog;
    if !catalog.name.trim().eq_ignore_ascii_case(entry.name.trim()) || catalog.game != entry.game {
        return Err(diag(
            manifest,
            check::line_of(manifest, "file", &entry.file),
            format!(
                "{} holds the {} catalog \"{}\", not the {} catalog \"{}\" the manifest lists",
                entry.file, catalog.game, catalog.name, entry.game, entry.name
            ),
        ));
    }
    for id in entry.card_images.keys() {
        if !catalog.cards.iter().any(|c| &c.id == id) {
            return Err(diag(
                manifest,
                check::line_of(manifest, id, ""),
                format!(
                    "catalog \"{}\": card_images names card `{id}`, which {} does not have",
                    entry.name, entry.file
                ),
            ));
        }
    }
    let base = catalog.base_dir.take().unwrap_or_else(|| dir.to_path_buf());
    let mut images: HashMap<String, PathBuf> = HashMap::new();
    // Two cards that wrote one path share one picture; if the export says
    // otherwise, the second keeps its exported path rather than the wrong one.
    let mut restore = |exported: &str, original: Option<&String>| -> String {
        let file = base.join(exported);
        let path = match original {
            Some(o) if images.get(o).is_none_or(|f| *f == file) => o.clone(),
            _ => exported.to_string(),
        };
        images.insert(path.clone(), file);
        path
    };
    if let Some(back) = catalog.back.take() {
        catalog.back = Some(restore(&back, entry.back_image.as_ref()));
    }
    for card in &mut catalog.cards {
        if let Some(image) = card.image.take() {
            card.image = Some(restore(&image, entry.card_images.get(&card.id)));
        }
    }
    let collection = match &collection_file {
        Some(csv) => Some(read_collection(csv, &catalog)?),
        None => None,
    };
    Ok(ArchivedCatalog {
        entry: entry.clone(),
        catalog,
        images,
        collection,
    })
}

/// A collection CSV of the export; every row must name a card.
fn read_collection(file: &Path, catalog: &Catalog) -> Result<Collection> {
    let rows = crate::collection::read_file(file).map_err(StoreError::Archive)?;
    let (owned, unresolved) =
        crate::collection::apply(&rows, catalog).map_err(|e| diag(file, e.line, e.message))?;
    if let Some(u) = unresolved.first() {
        return Err(diag(file, u.line, format!("\"{}\": {}", u.name, u.reason)));
    }
    Ok(owned)
}

/// Reads one deck's `deck.toml` (inside the export folder `dir`) and the
/// text of each version.
fn read_deck(dir: &Path, file: &Path) -> Result<ArchivedDeck> {
    let manifest: DeckManifest = read_toml(file).map_err(StoreError::Archive)?;
    if manifest.name.trim().is_empty() {
        return Err(diag(
            file,
            check::line_of(file, "name", ""),
            "the deck has no name",
        ));
    }
    check::id(file, "id", manifest.id)?;
    check::time(file, "created_at", &manifest.created_at)?;
    check::time(file, "updated_at", &manifest.updated_at)?;
    check::version(file, "current_version", manifest.current_version)?;
    let base = file.parent().unwrap_or(Path::new("."));
    let mut seen = HashSet::new();
    let mut versions = Vec::with_capacity(manifest.versions.len());
    for v in &manifest.versions {
        check::version(file, "version", v.version)?;
        if v.version == 0 || !seen.insert(v.version) {
            return Err(diag(
                file,
                check::line_of(file, "version", &v.version.to_string()),
                format!("version {} is 0 or listed twice", v.version),
            ));
        }
        check::time(file, "saved_at", &v.saved_at)?;
        let line = check::line_of(file, "file", &v.file);
        let text_file = check::inside(dir, base, &v.file, file, line)?;
        let entries: Vec<DeckEntry> = if v.entries.is_empty() {
            let path = text_file;
            let text = read_text(&path).map_err(|d| StoreError::Archive(Diagnostics(vec![d])))?;
            crate::decklist::parse_text(&text, &path)
                .map_err(StoreError::Archive)?
                .entries
        } else {
            v.entries.iter().map(DeckEntry::from).collect()
        };
        if let Some(bad) = v.links.iter().find(|l| l.entry >= entries.len()) {
            return Err(diag(
                file,
                check::line_of(file, "entry", &bad.entry.to_string()),
                format!(
                    "version {}: a link names entry {}, but the version has {} entries",
                    v.version,
                    bad.entry,
                    entries.len()
                ),
            ));
        }
        versions.push((v.clone(), entries));
    }
    let current = manifest.current_version;
    if !(seen.contains(&current) || current == 0 && seen.is_empty()) {
        return Err(diag(
            file,
            check::line_of(file, "current_version", &current.to_string()),
            format!("current_version {current} is not one of the deck's versions"),
        ));
    }
    Ok(ArchivedDeck {
        file: file.to_path_buf(),
        manifest,
        versions,
    })
}

/// Writes a checked export into the database (inside the caller's transaction).
fn apply(conn: &Connection, archive: &Archive, opts: ImportOptions) -> Result<ImportSummary> {
    let mut summary = ImportSummary::default();
    for c in &archive.catalogs {
        let id = import_catalog(conn, c, opts, &mut summary)?;
        summary.ids.catalogs.insert(c.entry.id, id);
    }
    let mut added = HashSet::new();
    for d in &archive.decks {
        let id = import_deck(conn, d, opts, &added, &mut summary)?;
        added.insert(id);
        summary.ids.decks.insert(d.manifest.id, id);
        summary.decks += 1;
        summary.versions += d.versions.len();
    }
    for (key, value) in &archive.settings {
        let remapped = opts.remap_setting.and_then(|f| f(key, value, &summary.ids));
        settings::put(conn, key, remapped.as_deref().unwrap_or(value))?;
        summary.settings += 1;
    }
    for p in &archive.phrases {
        super::taught::put(conn, &p.game, &p.phrase, &p.means)?;
        summary.phrases += 1;
    }
    Ok(summary)
}

/// Brings back one catalog (new, kept or replaced) with its collection.
fn import_catalog(
    conn: &Connection,
    c: &ArchivedCatalog,
    opts: ImportOptions,
    summary: &mut ImportSummary,
) -> Result<CatalogId> {
    let source = |path: &str| -> std::result::Result<Vec<u8>, String> {
        let file = c
            .images
            .get(path)
            .ok_or_else(|| "the export has no file for it".to_string())?;
        crate::pnp::images::read(file).map_err(|e| e.to_string())
    };
    let name = c.catalog.name.trim();
    let none = Collection::default();
    let owned = c.collection.as_ref().unwrap_or(&none);
    let id = match catalogs::id_by_name(conn, name)? {
        None => {
            let want = CatalogId(c.entry.id);
            let want = catalog_id_free(conn, want)?.then_some(want);
            let id = catalogs::write_as(conn, &c.catalog, &source, false, want)?;
            summary.catalogs += 1;
            id
        }
        Some(stored) => {
            let held = collection::get(conn, stored)?;
            let fits = held.cards.is_empty() || held == *owned;
            if fits && same_catalog(conn, stored, c)? {
                // taken as it is, times included; only an empty collection
                // is filled
                summary.kept.push(name.to_string());
                if held.cards.is_empty() && !owned.cards.is_empty() {
                    collection::replace(conn, stored, name, owned)?;
                    summary.collections += 1;
                }
                return Ok(stored);
            } else if opts.replace {
                catalogs::write_as(conn, &c.catalog, &source, true, None)?;
                summary.replaced.push(format!("catalog \"{name}\""));
            } else {
                return Err(StoreError::ImportConflict {
                    what: format!("a catalog named \"{name}\" that differs from the export's"),
                });
            }
            stored
        }
    };
    set_catalog_times(conn, id, &c.entry.created_at, &c.entry.updated_at)?;
    collection::replace(conn, id, name, owned)?;
    summary.collections += usize::from(!owned.cards.is_empty());
    Ok(id)
}

/// Whether the stored catalog `id` is the archived one: the same cards and
/// paths, and the same picture bytes behind each.
fn same_catalog(conn: &Connection, id: CatalogId, c: &ArchivedCatalog) -> Result<bool> {
    if catalogs::load(conn, id)? != c.catalog {
        return Ok(false);
    }
    let mut wanted: Vec<(Option<i64>, &str)> = Vec::new();
    if let Some(back) = &c.catalog.back {
        wanted.push((cards::image_by_path(conn, id, back)?, back));
    }
    for card in &c.catalog.cards {
        if let Some(path) = &card.image {
            wanted.push((cards::image_row(conn, id, &card.id)?, path));
        }
    }
    for (row, path) in wanted {
        let Some(row) = row else {
            return Ok(false);
        };
        let Some(file) = c.images.get(path) else {
            return Ok(false);
        };
        let Ok(bytes) = crate::pnp::images::read(file) else {
            return Ok(false);
        };
        if image_sha(conn, row)? != images::sha256_hex(&bytes) {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Brings back one deck with every version.
fn import_deck(
    conn: &Connection,
    d: &ArchivedDeck,
    opts: ImportOptions,
    added: &HashSet<DeckId>,
    summary: &mut ImportSummary,
) -> Result<DeckId> {
    let m = &d.manifest;
    let catalog = catalogs::id_by_name(conn, &m.catalog)?.ok_or_else(|| {
        diag(
            &d.file,
            check::line_of(&d.file, "catalog", &m.catalog),
            format!(
                "catalog \"{}\" is neither in the export nor in the database",
                m.catalog
            ),
        )
    })?;
    let (catalog_name, game) = catalogs::head(conn, catalog)?;
    if game != m.game {
        return Err(StoreError::GameMismatch {
            catalog: catalog_name,
            expected: game,
            found: m.game,
        });
    }
    let mut clashing: Vec<DeckId> = Vec::new();
    for id in decks_named(conn, catalog, &m.name)? {
        if added.contains(&id) {
            continue;
        }
        // A stored deck whose whole history is the start of the archived
        // one's (a sample deck a new install seeded, never edited) loses
        // nothing: the archived deck takes its place.
        if is_start_of(conn, id, d)? {
            delete_deck(conn, id)?;
        } else {
            clashing.push(id);
        }
    }
    if !clashing.is_empty() {
        if !opts.replace {
            return Err(StoreError::ImportConflict {
                what: format!("a deck named \"{}\" on catalog \"{catalog_name}\"", m.name),
            });
        }
        for id in clashing {
            delete_deck(conn, id)?;
        }
        summary.replaced.push(format!("deck \"{}\"", m.name));
    }
    let want = DeckId(m.id);
    let want = deck_id_free(conn, want)?.then_some(want);
    let id = insert_deck(conn, want, m.game, catalog, m.name.trim(), &m.created_at)?;
    for (v, entries) in &d.versions {
        let row = decks::insert_version(conn, id, catalog, v.version, v.note.as_deref(), entries)?;
        set_saved_at(conn, row, &v.saved_at)?;
        for link in &v.links {
            let card = match &link.card {
                Some(key) => Some(
                    cards::by_key(conn, catalog, key)?
                        .ok_or_else(|| {
                            diag(
                                &d.file,
                                0,
                                format!(
                                    "version {}: entry {} links card `{key}`, which catalog \"{catalog_name}\" does not have",
                                    v.version, link.entry
                                ),
                            )
                        })?
                        .0,
                ),
                None => None,
            };
            set_link(conn, row, link.entry, card)?;
        }
    }
    set_deck_head(conn, id, m.current_version, &m.updated_at)?;
    Ok(id)
}

/// Whether stored deck `id` has a single version, with no note, listing
/// what the archived deck's first version lists.
fn is_start_of(conn: &Connection, id: DeckId, d: &ArchivedDeck) -> Result<bool> {
    let versions = decks::versions(conn, id)?;
    let ([only], Some((first, entries))) = (versions.as_slice(), d.versions.first()) else {
        return Ok(false);
    };
    if only.note.is_some() || first.version != only.version {
        return Ok(false);
    }
    let stored = decks::load(conn, id, only.version)?.entries;
    let key = |e: &DeckEntry| {
        (
            e.count,
            e.name.clone(),
            e.id.clone(),
            e.board,
            e.section.clone(),
        )
    };
    Ok(stored.len() == entries.len() && stored.iter().map(key).eq(entries.iter().map(key)))
}

// ---------------------------------------------------------------- SQL

/// The current time as the schema writes it.
fn now(conn: &Connection) -> Result<String> {
    Ok(conn.query_row(&format!("SELECT {NOW}"), [], |r| r.get(0))?)
}

fn catalog_times(conn: &Connection, id: CatalogId) -> Result<(String, String)> {
    Ok(conn.query_row(
        "SELECT created_at, updated_at FROM catalogs WHERE id = ?1",
        [id],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?)
}

fn set_catalog_times(conn: &Connection, id: CatalogId, created: &str, updated: &str) -> Result<()> {
    conn.execute(
        "UPDATE catalogs SET created_at = ?2, updated_at = ?3 WHERE id = ?1",
        params![id, created, updated],
    )?;
    Ok(())
}

fn catalog_id_free(conn: &Connection, id: CatalogId) -> Result<bool> {
    Ok(id.0 > 0
        && conn
            .query_row("SELECT 1 FROM catalogs WHERE id = ?1", [id], |_| Ok(()))
            .optional()?
            .is_none())
}

fn image_sha(conn: &Connection, row: i64) -> Result<String> {
    Ok(
        conn.query_row("SELECT sha256 FROM images WHERE id = ?1", [row], |r| {
            r.get(0)
        })?,
    )
}

fn deck_times(conn: &Connection, id: DeckId) -> Result<(String, String)> {
    Ok(conn.query_row(
        "SELECT created_at, updated_at FROM decks WHERE id = ?1",
        [id],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?)
}

fn deck_id_free(conn: &Connection, id: DeckId) -> Result<bool> {
    Ok(id.0 > 0
        && conn
            .query_row("SELECT 1 FROM decks WHERE id = ?1", [id], |_| Ok(()))
            .optional()?
            .is_none())
}

/// The decks of a catalog with this name (case-insensitive).
fn decks_named(conn: &Connection, catalog: CatalogId, name: &str) -> Result<Vec<DeckId>> {
    let mut stmt = conn.prepare_cached(
        "SELECT id FROM decks WHERE catalog_id = ?1 AND name = ?2 COLLATE NOCASE ORDER BY id",
    )?;
    let ids = stmt
        .query_map(params![catalog, name.trim()], |r| r.get(0))?
        .collect::<rusqlite::Result<Vec<DeckId>>>()?;
    Ok(ids)
}

fn delete_deck(conn: &Connection, id: DeckId) -> Result<()> {
    conn.execute("DELETE FROM decks WHERE id = ?1", [id])?;
    Ok(())
}

/// A deck row with no versions yet (`want` = its id, or a new one).
fn insert_deck(
    conn: &Connection,
    want: Option<DeckId>,
    game: GameId,
    catalog: CatalogId,
    name: &str,
    created: &str,
) -> Result<DeckId> {
    conn.execute(
        "INSERT INTO decks (id, game, catalog_id, name, created_at) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![want, game.as_str(), catalog, name, created],
    )?;
    Ok(DeckId(conn.last_insert_rowid()))
}

fn set_saved_at(conn: &Connection, version_row: i64, saved: &str) -> Result<()> {
    conn.execute(
        "UPDATE deck_versions SET saved_at = ?2 WHERE id = ?1",
        params![version_row, saved],
    )?;
    Ok(())
}

/// Links the entry at `position` of a version to a card row (or to none).
fn set_link(conn: &Connection, version_row: i64, position: usize, card: Option<i64>) -> Result<()> {
    conn.execute(
        "UPDATE deck_entries SET card_id = ?3 WHERE version_id = ?1 AND position = ?2",
        params![
            version_row,
            i64::try_from(position).unwrap_or(i64::MAX),
            card
        ],
    )?;
    Ok(())
}

fn set_deck_head(conn: &Connection, id: DeckId, current: u32, updated: &str) -> Result<()> {
    conn.execute(
        "UPDATE decks SET current_version = ?2, updated_at = ?3 WHERE id = ?1",
        params![id, current, updated],
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn id_maps_know_when_nothing_moved() {
        let mut ids = IdMap::default();
        ids.catalogs.insert(1, CatalogId(1));
        ids.decks.insert(4, DeckId(4));
        assert!(ids.is_identity());
        assert_eq!(ids.deck(DeckId(4)), Some(DeckId(4)));
        ids.decks.insert(5, DeckId(9));
        assert!(!ids.is_identity());
        assert_eq!(ids.catalog(CatalogId(2)), None);
    }

    #[test]
    fn a_full_folder_is_refused_and_a_crashed_staging_folder_is_not() {
        let dir = tempfile::tempdir().unwrap();
        let s = Store::open_in_memory().unwrap();
        std::fs::create_dir(dir.path().join(STAGING)).unwrap();
        std::fs::write(dir.path().join(STAGING).join("junk"), "x").unwrap();
        s.export_all(dir.path(), ExportOptions::default()).unwrap();
        assert!(dir.path().join(MANIFEST).is_file());
        assert!(!dir.path().join(STAGING).exists());
        let e = s
            .export_all(dir.path(), ExportOptions::default())
            .unwrap_err();
        assert!(matches!(e, StoreError::NotEmpty { .. }), "{e}");
        // --force replaces the export and leaves other files alone
        std::fs::write(dir.path().join("notes.txt"), "mine").unwrap();
        s.export_all(dir.path(), ExportOptions { force: true })
            .unwrap();
        assert!(dir.path().join("notes.txt").is_file());
        assert!(dir.path().join(MANIFEST).is_file());
    }
}
