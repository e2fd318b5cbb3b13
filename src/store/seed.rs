//! Sample catalogs for a new database: the `resources/catalogs/**/*.toml`
//! files and the images they refer to, compiled into the binary so an
//! installed Deckwright can seed without its source tree.
//!
//! All of `resources/` is embedded (it is small) so that a sample catalog may
//! point at images anywhere under it (`../art/x.png`), and so that the build
//! does not depend on `resources/catalogs/` existing. Cargo does not notice a
//! *new* file there by itself: a build after adding one may need `touch
//! src/store/seed.rs`.

use std::path::{Path, PathBuf};

use include_dir::{Dir, include_dir};

use super::{Result, Store, StoreError, catalogs};
use crate::model::Catalog;

static RESOURCES: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/resources");

/// Where the sample catalogs are under `resources/`.
const SAMPLES: &str = "catalogs";

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
    /// when the database has no catalog yet; returns how many it imported (0
    /// when there were catalogs already). All or nothing.
    pub fn seed_samples(&mut self) -> Result<usize> {
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

    /// Imports catalogs in one transaction if the database has none.
    fn seed<'a>(
        &mut self,
        samples: impl Iterator<Item = (&'a Catalog, Box<ImageFn<'a>>)>,
    ) -> Result<usize> {
        let tx = self.write_tx()?;
        let existing: i64 = tx.query_row("SELECT count(*) FROM catalogs", [], |r| r.get(0))?;
        if existing > 0 {
            return Ok(0);
        }
        let mut n = 0;
        for (catalog, images) in samples {
            catalogs::write(&tx, catalog, &*images, false)?;
            n += 1;
        }
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
}
