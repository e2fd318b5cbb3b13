//! An export folder is input from outside, checked before anything of it is
//! read or stored:
//!
//! - **every path it names stays inside the folder**: a manifest's `file`,
//!   `collection` and `settings`, a version's text file, a catalog's `image`
//!   and `back`. An absolute path, a `..` step or a symbolic link that leads
//!   out is refused at the file and line naming it, before the file is opened,
//!   so that an import never copies (or quotes in an error) a file from
//!   elsewhere on the machine;
//! - **ids, times and version numbers are in range**, as the database will
//!   keep them: a row id the store could not count on from (1 to
//!   [`MAX_ID`]), a time the store writes (RFC 3339, UTC), a version number
//!   from 1 to [`MAX_VERSION`] (a version of 4,294,967,295 used to be stored
//!   and then made every later save of the deck fail).

use std::path::{Component, Path, PathBuf};

use super::diag;
use crate::store::Result;

/// The largest row id an export may ask for: far above any real database,
/// far below where SQLite's row ids run out.
pub(super) const MAX_ID: i64 = 1 << 40;

/// The largest version number of a deck an export may hold (one a second for
/// thirty years).
pub(super) const MAX_VERSION: u32 = 1_000_000_000;

/// The line of `file` where `key` is given the value `value`, for messages
/// (`0` when it cannot be found: the message still names the file).
pub(super) fn line_of(file: &Path, key: &str, value: &str) -> usize {
    let Ok(text) = crate::diag::read_text(file) else {
        return 0;
    };
    text.lines()
        .position(|l| {
            let l = l.trim_start();
            l.strip_prefix(key)
                .map(str::trim_start)
                .and_then(|rest| rest.strip_prefix('='))
                .is_some_and(|rest| rest.contains(value))
        })
        .map_or(0, |i| i + 1)
}

/// `rel`, a path named by `file` (at `line`) relative to `base`, as a path
/// inside the export folder `root`; refused when it is absolute or leads out.
/// A path that does not exist is given back for its reader to report.
pub(super) fn inside(
    root: &Path,
    base: &Path,
    rel: &str,
    file: &Path,
    line: usize,
) -> Result<PathBuf> {
    let out = |why: &str| {
        Err(diag(
            file,
            line,
            format!(
                "`{rel}` is outside the export folder {} ({why}): an export names only files inside it; nothing was imported",
                root.display()
            ),
        ))
    };
    let path = Path::new(rel);
    if path.is_absolute() || path.has_root() {
        return out("an absolute path");
    }
    if path
        .components()
        .any(|c| !matches!(c, Component::Normal(_) | Component::CurDir))
    {
        return out("it leaves the folder");
    }
    let joined = base.join(path);
    // Symbolic links: where the path really leads, once it exists.
    if let (Ok(real), Ok(real_root)) = (joined.canonicalize(), root.canonicalize())
        && !real.starts_with(&real_root)
    {
        return out("a symbolic link leads out");
    }
    Ok(joined)
}

/// A row id from `file`.
pub(super) fn id(file: &Path, key: &str, id: i64) -> Result<()> {
    if (1..=MAX_ID).contains(&id) {
        return Ok(());
    }
    Err(diag(
        file,
        line_of(file, key, &id.to_string()),
        format!("`{key}` is {id}: a row id is a whole number from 1 to {MAX_ID}"),
    ))
}

/// A time from `file`, as the store writes times.
pub(super) fn time(file: &Path, key: &str, value: &str) -> Result<()> {
    if value.parse::<jiff::Timestamp>().is_ok() && value.ends_with('Z') {
        return Ok(());
    }
    Err(diag(
        file,
        line_of(file, key, value),
        format!(
            "`{key}` is \"{value}\": a time is written as in 2026-11-26T09:30:00.000Z (RFC 3339, UTC)"
        ),
    ))
}

/// A deck version number from `file` (`key` = `version` or
/// `current_version`; `0` is allowed for `current_version` of a deck with no
/// versions, which the caller checks).
pub(super) fn version(file: &Path, key: &str, v: u32) -> Result<()> {
    if v <= MAX_VERSION {
        return Ok(());
    }
    Err(diag(
        file,
        line_of(file, key, &v.to_string()),
        format!("`{key}` is {v}: a version number is at most {MAX_VERSION}"),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_stay_inside_the_folder() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let file = root.join("manifest.toml");
        std::fs::write(&file, "[[catalog]]\nfile = \"../x.toml\"\n").unwrap();
        assert!(inside(root, root, "catalogs/a.toml", &file, 1).is_ok());
        assert!(inside(root, root, "./a.toml", &file, 1).is_ok());
        for bad in ["/etc/passwd", "../x.toml", "catalogs/../../x.toml"] {
            let e = inside(root, root, bad, &file, 2).unwrap_err().to_string();
            assert!(e.contains("manifest.toml:2"), "{e}");
            assert!(e.contains(bad), "{e}");
        }
        #[cfg(unix)]
        {
            let outside = tempfile::tempdir().unwrap();
            std::fs::write(outside.path().join("secret"), "s").unwrap();
            std::os::unix::fs::symlink(outside.path(), root.join("link")).unwrap();
            let e = inside(root, root, "link/secret", &file, 3)
                .unwrap_err()
                .to_string();
            assert!(e.contains("symbolic link"), "{e}");
        }
    }

    #[test]
    fn ids_times_and_versions_are_checked_with_their_line() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("deck.toml");
        std::fs::write(
            &file,
            "id = 0\nname = \"x\"\ncreated_at = \"yesterday\"\n[[version]]\nversion = 4294967295\n",
        )
        .unwrap();
        assert!(id(&file, "id", 7).is_ok());
        let e = id(&file, "id", 0).unwrap_err().to_string();
        assert!(e.contains("deck.toml:1"), "{e}");
        assert!(time(&file, "created_at", "2026-11-26T09:30:00.123Z").is_ok());
        let e = time(&file, "created_at", "yesterday")
            .unwrap_err()
            .to_string();
        assert!(e.contains("deck.toml:3"), "{e}");
        assert!(version(&file, "version", 12).is_ok());
        let e = version(&file, "version", u32::MAX).unwrap_err().to_string();
        assert!(e.contains("deck.toml:5"), "{e}");
    }
}
