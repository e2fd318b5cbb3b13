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
//! A database is seeded once: the seeding transaction writes the `store_state`
//! row [`SEEDED_KEY`] (schema version 3 writes it for older databases that had
//! catalogs), and a database with that row is never seeded again — not even
//! when the user has deleted every catalog. Checking the row is a plain read,
//! so a command that only reads never takes the write lock here.

use std::path::{Path, PathBuf};

use include_dir::{Dir, include_dir};
use rusqlite::{Connection, OptionalExtension, params};

use super::{Result, Store, StoreError, catalogs};
use crate::model::Catalog;

static RESOURCES: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/resources");

/// Where the sample catalogs are under `resources/`.
const SAMPLES: &str = "catalogs";

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
/// by this transaction).
fn mark_seeded(conn: &Connection, imported: usize) -> Result<()> {
    conn.execute(
        "INSERT OR REPLACE INTO store_state (key, value) VALUES (?1, ?2)",
        params![SEEDED_KEY, format!("{imported} sample catalogs imported")],
    )?;
    Ok(())
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
            samples.push((loaded.catalog, base));
        }
        self.seed(samples.iter().map(|(catalog, base)| {
            let images = move |rel: &str| {
                join(base, rel)
                    .and_then(|p| RESOURCES.get_file(p))
                    .map(|f| f.contents().to_vec())
                    .ok_or_else(|| "not among the built-in resources".to_string())
            };
            (catalog, Box::new(images) as Box<ImageFn<'_>>)
        }))
    }

    /// [`Store::seed_samples`] from the catalog files (`**/*.toml`) of a folder
    /// on disk instead of the built-in ones.
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
        self.seed(samples.iter().map(|catalog| {
            let images = move |rel: &str| {
                let full = catalog.resolve_path(rel);
                std::fs::read(&full).map_err(|e| format!("{e} ({})", full.display()))
            };
            (catalog, Box::new(images) as Box<ImageFn<'_>>)
        }))
    }

    /// Whether seeding should be tried: a read, no lock.
    fn may_need_samples(&self) -> Result<bool> {
        Ok(self.read_only.is_none() && !is_seeded(&self.conn)?)
    }

    /// Imports catalogs in one transaction if the database has never been
    /// seeded and has none, and marks it seeded either way.
    fn seed<'a>(
        &mut self,
        samples: impl Iterator<Item = (&'a Catalog, Box<ImageFn<'a>>)>,
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
        if !has_catalogs(&tx)? {
            for (catalog, images) in samples {
                catalogs::write(&tx, catalog, &*images, false)?;
                n += 1;
            }
        }
        mark_seeded(&tx, n)?;
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
        for c in s.catalogs().unwrap() {
            s.delete_catalog(c.id).unwrap();
        }
        assert_eq!(s.seed_samples().unwrap(), 0);
        assert!(s.catalogs().unwrap().is_empty());
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
