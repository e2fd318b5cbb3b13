//! Sample catalogs for a new database: the `resources/catalogs/**/*.toml`
//! files and the images they refer to, compiled into the binary so an
//! installed Deckwright can seed without its source tree.
//!
//! All of `resources/` is embedded (it is small) so that a sample catalog may
//! point at images anywhere under it (`../art/x.png`), and so that the build
//! does not depend on `resources/catalogs/` existing. Cargo does not notice a
//! *new* file there by itself: a build after adding one may need
//! `touch src/store/seed.rs`.
//!
//! The same transaction adds the sample decks of `resources/decks/` (the
//! legal ones: a file whose name contains `illegal`, or whose `# expect:`
//! header is not `legal`, is a test fixture), each in the catalog its
//! `# catalog:` header names (a `.cod` or `.dck` file has that header in the
//! `.expect` file beside it), so that the deck builder, Playtest and Print
//! have something to show on first start.
//!
//! A database is seeded once: the seeding transaction writes the `store_state`
//! row [`SEEDED_KEY`] (schema version 3 writes it for older databases that had
//! catalogs), and a database with that row is never seeded again — not even
//! when the user has deleted every catalog. Checking the row is a plain read,
//! so a command that only reads never takes the write lock here.

use std::path::{Path, PathBuf};

use include_dir::{Dir, include_dir};
use rusqlite::{Connection, OptionalExtension, params};

use super::{CatalogId, DeckId, NOW, Result, Store, StoreError, catalogs, decks};
use crate::decklist::Format;
use crate::model::{Catalog, Deck, GameId};

static RESOURCES: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/resources");

/// Where the sample catalogs are under `resources/`.
const SAMPLES: &str = "catalogs";

/// Where the sample decks are under `resources/`.
const SAMPLE_DECKS: &str = "decks";

/// The part of a sample deck's file name that marks a test fixture (a deck
/// that must fail validation), not a deck for the user.
const FIXTURE_MARK: &str = "illegal";

/// What a sample deck's name gets when its file does not give one: it tells
/// the user where the deck came from.
const SAMPLE_SUFFIX: &str = " (sample)";

/// The `store_state` key recording that a database has had its sample
/// catalogs (the same text is in `schema/0003_samples_seeded.sql`).
pub(crate) const SEEDED_KEY: &str = "samples_seeded";

/// Whether the database has had its sample catalogs.
fn is_seeded(conn: &Connection) -> Result<bool> {
    Ok(conn
        .prepare_cached("SELECT 1 FROM store_state WHERE key = ?1")?
        .query_row([SEEDED_KEY], |_| Ok(()))
        .optional()?
        .is_some())
}

/// Records that the database has had its sample catalogs (`imported` of them
/// by this transaction, and `decks` sample decks).
fn mark_seeded(conn: &Connection, imported: usize, decks: usize) -> Result<()> {
    conn.execute(
        "INSERT OR REPLACE INTO store_state (key, value) VALUES (?1, ?2)",
        params![
            SEEDED_KEY,
            format!("{imported} sample catalogs and {decks} sample decks imported")
        ],
    )?;
    Ok(())
}

/// Stores a new deck as its version 1, inside the caller's transaction.
fn add_deck(conn: &Connection, catalog: CatalogId, deck: &Deck) -> Result<DeckId> {
    let (_, game) = catalogs::head(conn, catalog)?;
    let name = decks::check_name(&deck.name)?;
    conn.execute(
        "INSERT INTO decks (game, catalog_id, name) VALUES (?1, ?2, ?3)",
        params![game.as_str(), catalog, name],
    )?;
    let id = DeckId(conn.last_insert_rowid());
    decks::insert_version(conn, id, catalog, 1, None, &deck.entries)?;
    Ok(id)
}

/// Gives the sample decks one creation and change time, so that none of
/// them is "the deck changed last" (the deck builder then opens the first
/// one of its list).
fn same_times(conn: &Connection, decks: &[DeckId]) -> Result<()> {
    let now: String = conn.query_row(&format!("SELECT {NOW}"), [], |r| r.get(0))?;
    let mut stmt =
        conn.prepare_cached("UPDATE decks SET created_at = ?2, updated_at = ?2 WHERE id = ?1")?;
    for id in decks {
        stmt.execute(params![id, now])?;
    }
    Ok(())
}

/// A built-in sample deck and the sample catalog it is built on (its
/// position in the list of sample catalogs).
#[derive(Debug)]
struct SampleDeck {
    catalog: usize,
    deck: Deck,
}

/// The value of a `# key: value` header line of a deck file (or its
/// `.expect` file), if any.
fn header<'t>(text: &'t str, key: &str) -> Option<&'t str> {
    text.lines().find_map(|l| {
        let rest = l.trim().strip_prefix('#')?.trim_start();
        let value = rest.strip_prefix(key)?.strip_prefix(':')?;
        Some(value.trim())
    })
}

/// A readable deck name from a sample's file stem: the game's id in front
/// dropped, the words capitalised (`fuzzycards-wisdom-wall` is "Wisdom Wall
/// (sample)").
fn name_from_stem(stem: &str, game: Option<GameId>) -> String {
    let rest = game
        .and_then(|g| stem.strip_prefix(g.as_str()))
        .map(|r| r.trim_start_matches(['-', '_']))
        .filter(|r| !r.is_empty())
        .unwrap_or(stem);
    let words: Vec<String> = rest
        .split(['-', '_', ' '])
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_uppercase().chain(c).collect())
                .unwrap_or_default()
        })
        .collect();
    format!("{}{SAMPLE_SUFFIX}", words.join(" "))
}

/// The game whose id starts a file stem (the longest such id).
fn game_of_stem(stem: &str) -> Option<GameId> {
    GameId::known()
        .into_iter()
        .filter(|g| {
            stem.strip_prefix(g.as_str())
                .is_some_and(|r| r.is_empty() || r.starts_with('-'))
        })
        .max_by_key(|g| g.as_str().len())
}

/// The built-in sample decks (see the module docs), in file-name order, each
/// with the position of its catalog among `catalogs` (catalog, folder under
/// `resources/`, path under `resources/`).
fn sample_decks(catalogs: &[(Catalog, String, String)]) -> Result<Vec<SampleDeck>> {
    let Some(dir) = RESOURCES.get_dir(SAMPLE_DECKS) else {
        return Ok(Vec::new());
    };
    let mut files = Vec::new();
    embedded_files(dir, &mut files);
    files.sort_by_key(|f| f.path());
    let mut out = Vec::new();
    for f in &files {
        let path = slash_path(f);
        let label = format!("resources/{path}");
        let file_name = path.rsplit('/').next().unwrap_or(&path);
        let Some((stem, ext)) = file_name.rsplit_once('.') else {
            continue;
        };
        let format = match ext.to_ascii_lowercase().as_str() {
            "txt" | "dec" => Format::Text,
            "cod" => Format::Cockatrice,
            "dck" => Format::Forge,
            // `.expect` files and anything else are not decks
            _ => continue,
        };
        if stem.to_ascii_lowercase().contains(FIXTURE_MARK) {
            continue;
        }
        let sample_err = |message: String| StoreError::Sample {
            file: label.clone(),
            message,
        };
        let text = f
            .contents_utf8()
            .ok_or_else(|| sample_err("not UTF-8 text".into()))?;
        // a Cockatrice or Forge file keeps its headers beside it
        let base = path.rsplit_once('/').map_or("", |(d, _)| d);
        let expect_path = format!("{base}/{stem}.expect");
        let headers = match format {
            Format::Text => Some(text),
            _ => RESOURCES
                .get_file(&expect_path)
                .and_then(include_dir::File::contents_utf8),
        };
        if let Some(verdict) = headers.and_then(|h| header(h, "expect"))
            && verdict.split_whitespace().next() != Some("legal")
        {
            continue;
        }
        let by_header = headers
            .and_then(|h| header(h, "catalog"))
            .and_then(|rel| join(base, rel))
            .and_then(|p| catalogs.iter().position(|(_, _, c)| *c == p));
        let game = game_of_stem(stem);
        let Some(catalog) = by_header.or_else(|| {
            let g = game?;
            catalogs.iter().position(|(c, _, _)| c.game == g)
        }) else {
            return Err(sample_err(
                "names no sample catalog (a `# catalog:` header or a game id in front of the file name)"
                    .into(),
            ));
        };
        let mut deck = crate::decklist::parse(text, Path::new(&label), format)
            .map_err(|d| sample_err(d.to_string()))?;
        // `parse` names a nameless deck after its file stem
        if deck.name.is_empty() || deck.name == stem {
            deck.name = name_from_stem(stem, Some(catalogs[catalog].0.game).or(game));
        }
        deck.game = Some(catalogs[catalog].0.game);
        out.push(SampleDeck { catalog, deck });
    }
    Ok(out)
}

/// Whether the database has any catalog.
fn has_catalogs(conn: &Connection) -> Result<bool> {
    Ok(conn
        .prepare_cached("SELECT 1 FROM catalogs LIMIT 1")?
        .query_row([], |_| Ok(()))
        .optional()?
        .is_some())
}

/// `base` joined with the relative `rel`, `.` and `..` resolved, with `/`
/// separators; `None` when it climbs out of the root.
fn join(base: &str, rel: &str) -> Option<String> {
    let mut parts: Vec<&str> = base.split('/').filter(|p| !p.is_empty()).collect();
    for part in rel.split(['/', '\\']) {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            p => parts.push(p),
        }
    }
    Some(parts.join("/"))
}

/// Every file under an embedded folder, depth first.
fn embedded_files<'a>(dir: &'a Dir<'a>, out: &mut Vec<&'a include_dir::File<'a>>) {
    for entry in dir.entries() {
        match entry {
            include_dir::DirEntry::Dir(d) => embedded_files(d, out),
            include_dir::DirEntry::File(f) => out.push(f),
        }
    }
}

/// Every `*.toml` file under a folder on disk, depth first.
fn disk_tomls(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            disk_tomls(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "toml") {
            out.push(path);
        }
    }
    Ok(())
}

/// The `/`-separated path of an embedded file.
fn slash_path(f: &include_dir::File<'_>) -> String {
    f.path()
        .components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

impl Store {
    /// Imports the sample catalogs built into Deckwright, with their images,
    /// into a database that has never had them and has no catalog yet;
    /// returns how many it imported (0 when the database had been seeded, had
    /// catalogs of its own, or is read-only). All or nothing. Only a database
    /// that has never been seeded takes the write lock.
    pub fn seed_samples(&mut self) -> Result<usize> {
        if !self.may_need_samples()? {
            return Ok(0);
        }
        let mut files = Vec::new();
        if let Some(dir) = RESOURCES.get_dir(SAMPLES) {
            embedded_files(dir, &mut files);
        }
        let mut tomls: Vec<_> = files
            .iter()
            .filter(|f| f.path().extension().is_some_and(|e| e == "toml"))
            .collect();
        tomls.sort_by_key(|f| f.path());
        let mut samples = Vec::with_capacity(tomls.len());
        for f in tomls {
            let path = slash_path(f);
            let label = format!("resources/{path}");
            let sample_err = |message: String| StoreError::Sample {
                file: label.clone(),
                message,
            };
            let text = f
                .contents_utf8()
                .ok_or_else(|| sample_err("not UTF-8 text".into()))?;
            let loaded = crate::catalog::parse(text, Path::new(&label), None)
                .map_err(|d| sample_err(d.to_string()))?;
            let base = path.rsplit_once('/').map_or("", |(dir, _)| dir).to_string();
            samples.push((loaded.catalog, base, path));
        }
        let decks = sample_decks(&samples)?;
        self.seed(
            samples.iter().map(|(catalog, base, _)| {
                let images = move |rel: &str| {
                    join(base, rel)
                        .and_then(|p| RESOURCES.get_file(p))
                        .map(|f| f.contents().to_vec())
                        .ok_or_else(|| "not among the built-in resources".to_string())
                };
                (catalog, Box::new(images) as Box<ImageFn<'_>>)
            }),
            &decks,
        )
    }

    /// [`Store::seed_samples`] from the catalog files (`**/*.toml`) of a folder
    /// on disk instead of the built-in ones (without sample decks).
    pub fn seed_samples_from(&mut self, folder: &Path) -> Result<usize> {
        if !self.may_need_samples()? {
            return Ok(0);
        }
        let mut tomls = Vec::new();
        disk_tomls(folder, &mut tomls).map_err(|e| StoreError::Sample {
            file: folder.display().to_string(),
            message: format!("cannot read the folder: {e}"),
        })?;
        tomls.sort();
        let mut samples = Vec::with_capacity(tomls.len());
        for path in &tomls {
            let loaded = crate::catalog::load(path).map_err(|d| StoreError::Sample {
                file: path.display().to_string(),
                message: d.to_string(),
            })?;
            samples.push(loaded.catalog);
        }
        self.seed(
            samples.iter().map(|catalog| {
                let images = move |rel: &str| {
                    let full = catalog.resolve_path(rel);
                    crate::files::read_capped(&full, crate::pnp::images::MAX_PICTURE_BYTES)
                        .map_err(|e| format!("{e} ({})", full.display()))
                };
                (catalog, Box::new(images) as Box<ImageFn<'_>>)
            }),
            &[],
        )
    }

    /// Whether seeding should be tried: a read, no lock.
    fn may_need_samples(&self) -> Result<bool> {
        Ok(self.read_only.is_none() && !is_seeded(&self.conn)?)
    }

    /// Imports catalogs, then the decks built on them (each naming its
    /// catalog by position in `samples`), in one transaction if the database
    /// has never been seeded and has no catalog, and marks it seeded either
    /// way.
    fn seed<'a>(
        &mut self,
        samples: impl Iterator<Item = (&'a Catalog, Box<ImageFn<'a>>)>,
        decks: &[SampleDeck],
    ) -> Result<usize> {
        let tx = match self.write_tx() {
            // another Deckwright is writing (most likely seeding this new
            // database): no samples this time rather than no command
            Err(StoreError::Busy | StoreError::Locked { .. }) => return Ok(0),
            tx => tx?,
        };
        // again under the write lock: another Deckwright may have seeded
        // since the unlocked check
        if is_seeded(&tx)? {
            return Ok(0);
        }
        let mut n = 0;
        let mut stored_decks = 0;
        if !has_catalogs(&tx)? {
            let mut ids = Vec::new();
            for (catalog, images) in samples {
                ids.push(catalogs::write(&tx, catalog, &*images, false)?);
                n += 1;
            }
            let mut added = Vec::new();
            for d in decks {
                let Some(&catalog) = ids.get(d.catalog) else {
                    continue;
                };
                added.push(add_deck(&tx, catalog, &d.deck)?);
                stored_decks += 1;
            }
            same_times(&tx, &added)?;
        }
        mark_seeded(&tx, n, stored_decks)?;
        tx.commit()?;
        Ok(n)
    }
}

type ImageFn<'a> = dyn Fn(&str) -> std::result::Result<Vec<u8>, String> + 'a;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn joins_relative_paths() {
        assert_eq!(
            join("catalogs", "img/a.png").as_deref(),
            Some("catalogs/img/a.png")
        );
        assert_eq!(
            join("catalogs/x", "../art/./a.png").as_deref(),
            Some("catalogs/art/a.png")
        );
        assert_eq!(join("catalogs", "../../a.png"), None);
        assert_eq!(join("", "a.png").as_deref(), Some("a.png"));
    }

    #[test]
    fn built_in_samples_seed_a_new_database() {
        let mut s = Store::open_in_memory().unwrap();
        let n = s.seed_samples().unwrap();
        assert_eq!(s.catalogs().unwrap().len(), n);
        // a second call changes nothing
        assert_eq!(s.seed_samples().unwrap(), 0);
    }

    #[test]
    fn deleted_samples_stay_deleted() {
        let mut s = Store::open_in_memory().unwrap();
        assert!(s.seed_samples().unwrap() > 0);
        // the sample decks first: a catalog in use cannot be deleted
        for d in s.decks(None).unwrap() {
            s.delete_deck(d.id).unwrap();
        }
        for c in s.catalogs().unwrap() {
            s.delete_catalog(c.id).unwrap();
        }
        assert_eq!(s.seed_samples().unwrap(), 0);
        assert!(s.catalogs().unwrap().is_empty());
        assert!(s.decks(None).unwrap().is_empty());
    }

    #[test]
    fn a_new_database_gets_the_legal_sample_decks_of_every_game() {
        let mut s = Store::open_in_memory().unwrap();
        assert!(s.seed_samples().unwrap() > 0);
        let decks = s.decks(None).unwrap();
        // every sample catalog's game has decks, each in a catalog of its game
        for c in s.catalogs().unwrap() {
            assert!(
                decks.iter().any(|d| d.catalog_id == c.id),
                "no sample deck for {}",
                c.name
            );
        }
        let mut names: Vec<&str> = decks.iter().map(|d| d.name.as_str()).collect();
        names.sort_unstable();
        for name in [
            "Chicken Rush (sample)",
            "Crafted Rocks (sample)",
            "Fuzzycards Prophecy Tempo (sample)",
            "Dice of Destiny Blue Control (sample)",
            "Akasha Guard (sample)",
            "Solo (sample)",
        ] {
            assert!(names.contains(&name), "{name} missing from {names:?}");
        }
        // no test fixture: every sample deck is legal (in the mode and for
        // the players its file's headers give) and reads every card
        for d in &decks {
            assert!(!d.name.to_lowercase().contains("illegal"), "{}", d.name);
            assert!(d.main_count > 0, "{} is empty", d.name);
            let catalog = s.load_catalog(d.catalog_id).unwrap();
            let deck = s.load_deck(d.id).unwrap();
            let mut best = None;
            for mode in [None, Some("crafting"), Some("random")] {
                for players in [None, Some(1), Some(2), Some(3), Some(4)] {
                    let opts = crate::rules::CheckOptions {
                        mode: mode.map(crate::rules::Mode::new),
                        players,
                        overrides: Vec::new(),
                    };
                    if let Ok(r) = crate::games::validate(&catalog, &deck, &opts)
                        && r.legal
                    {
                        best = Some(r);
                    }
                }
            }
            assert!(best.is_some(), "{} is not legal in any mode", d.name);
        }
        // the files the seeding skipped: fixtures and verdict files
        let files: Vec<String> = RESOURCES
            .get_dir(SAMPLE_DECKS)
            .unwrap()
            .files()
            .map(slash_path)
            .collect();
        let legal = files
            .iter()
            .filter(|f| !f.contains(FIXTURE_MARK) && !f.ends_with(".expect"))
            .count();
        assert_eq!(decks.len(), legal, "{files:?}");
    }

    #[test]
    fn sample_decks_are_seeded_once_and_only_into_a_new_database() {
        let mut s = Store::open_in_memory().unwrap();
        s.seed_samples().unwrap();
        let before = s.decks(None).unwrap();
        assert_eq!(s.seed_samples().unwrap(), 0);
        assert_eq!(s.decks(None).unwrap(), before);
        // a database that had been seeded before decks were samples keeps
        // what it has, even with no deck at all
        let mut old = Store::open_in_memory().unwrap();
        mark_seeded(&old.conn, 0, 0).unwrap();
        assert_eq!(old.seed_samples().unwrap(), 0);
        assert!(old.decks(None).unwrap().is_empty());
        // and one that has its own catalog gets no sample deck
        let mut own = Store::open_in_memory().unwrap();
        let mut c = Catalog::new("fuzzycards".parse().unwrap(), "Mine");
        c.cards.push(crate::model::Card::new("Ember Cub", "hero"));
        own.import_catalog(&c).unwrap();
        own.seed_samples().unwrap();
        assert!(own.decks(None).unwrap().is_empty());
    }

    #[test]
    fn sample_deck_names_and_headers() {
        assert_eq!(
            name_from_stem("fuzzycards-wisdom-wall", Some(GameId::Fuzzycards)),
            "Wisdom Wall (sample)"
        );
        assert_eq!(
            name_from_stem("strange-world-2-players", Some(GameId::StrangeWorld)),
            "2 Players (sample)"
        );
        assert_eq!(name_from_stem("my_deck", None), "My Deck (sample)");
        assert_eq!(game_of_stem("bizarre-world-x"), Some(GameId::BizarreWorld));
        assert_eq!(game_of_stem("bizarre"), None);
        let text = "# catalog: ../catalogs/x.toml\n#expect:  legal\n3 Card";
        assert_eq!(header(text, "catalog"), Some("../catalogs/x.toml"));
        assert_eq!(header(text, "expect"), Some("legal"));
        assert_eq!(header(text, "mode"), None);
    }

    #[test]
    fn a_database_with_catalogs_is_marked_not_seeded() {
        let mut s = Store::open_in_memory().unwrap();
        let mut own = Catalog::new("fuzzycards".parse().unwrap(), "Mine");
        own.cards.push(crate::model::Card::new("Ember Cub", "hero"));
        s.import_catalog(&own).unwrap();
        assert_eq!(s.seed_samples().unwrap(), 0);
        assert!(is_seeded(&s.conn).unwrap());
        assert_eq!(s.catalogs().unwrap().len(), 1);
    }
}
