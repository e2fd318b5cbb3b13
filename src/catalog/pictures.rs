//! Checking a catalog's pictures at the door: `catalog check`, `catalog
//! import` and the app's import decode every picture the catalog names with
//! the decoder and limits a PDF export uses ([`crate::pnp::images::check`]),
//! so that a picture an export would refuse — truncated, not an image at all,
//! empty, too many pixels — is refused here, at the file and line of its
//! `image` (or `back`) key, instead of being stored.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use super::load::{Loaded, PictureKey};
use crate::diag::{Diagnostic, Diagnostics};
use crate::pnp::images;
use crate::pnp::options::DEFAULT_MAX_IMAGE_PIXELS;

/// Loads a catalog file and checks its pictures: [`super::load`], then
/// [`check_pictures`].
pub fn load_checked(path: &Path) -> Result<Loaded, Diagnostics> {
    let loaded = super::load(path)?;
    check_pictures(&loaded, path)?;
    Ok(loaded)
}

/// Decodes each distinct picture of `loaded` (read from `file`'s folder)
/// once, in parallel, and reports every key naming one that cannot be used.
/// A catalog with no folder (text only) has nothing to check.
pub fn check_pictures(loaded: &Loaded, file: &Path) -> Result<(), Diagnostics> {
    let Some(dir) = loaded.catalog.base_dir.as_deref() else {
        return Ok(());
    };
    let mut users: BTreeMap<PathBuf, Vec<&PictureKey>> = BTreeMap::new();
    for p in &loaded.pictures {
        users.entry(dir.join(&p.path)).or_default().push(p);
    }
    let failed: Vec<(&PathBuf, images::ImageError)> = users
        .par_iter()
        .filter_map(|(path, _)| {
            let bytes = match images::read(path) {
                Ok(b) => b,
                Err(e) => return Some((path, e)),
            };
            images::check(path, &bytes, DEFAULT_MAX_IMAGE_PIXELS)
                .err()
                .map(|e| (path, e))
        })
        .collect();
    let mut out: Vec<Diagnostic> = failed
        .into_iter()
        .flat_map(|(path, e)| {
            users[path].iter().map(move |k| Diagnostic {
                file: file.to_path_buf(),
                line: k.line,
                column: k.column,
                message: format!("key `{}`: {e}", k.key),
            })
        })
        .collect();
    if out.is_empty() {
        return Ok(());
    }
    out.sort_by_key(|d| (d.line, d.column));
    Err(Diagnostics(out))
}
