//! `deckwright export-all DIR`, `import-all DIR`, `backup FILE` and
//! `restore FILE`: the whole database out as documented files and back, and
//! whole-database copies through SQLite's online backup API.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Subcommand;

use crate::store::{self, ExportOptions, ImportOptions, Store};

use super::out::outln;
use super::{CliError, db};

#[derive(Debug, Subcommand)]
pub enum Args {
    /// Write every catalog (with pictures), deck (every version), collection
    /// and setting into a folder, in documented formats (schema/export.md).
    ExportAll {
        dir: PathBuf,
        /// Write into a folder that is not empty, replacing an earlier export there.
        #[arg(long)]
        force: bool,
    },
    /// Bring back everything an `export-all` folder holds, in one transaction.
    ImportAll {
        dir: PathBuf,
        /// Overwrite stored catalogs (in place) and decks that clash with the
        /// export's, instead of stopping.
        #[arg(long)]
        replace: bool,
    },
    /// Copy the database to a file, consistently, even while the app is open.
    Backup {
        file: PathBuf,
        /// Replace the file if it exists.
        #[arg(long)]
        force: bool,
    },
    /// Replace the database with a backup (the current one is kept as
    /// `<db>.before-restore`).
    Restore { file: PathBuf },
}

impl Args {
    /// The command's name when it changes the database (refused under
    /// `--read-only` before it runs).
    pub fn writes(&self) -> Option<&'static str> {
        match self {
            Args::ImportAll { .. } => Some("import-all"),
            Args::Restore { .. } => Some("restore"),
            _ => None,
        }
    }
}

pub fn run(args: &Args, dbp: Option<&Path>) -> Result<ExitCode, CliError> {
    match args {
        Args::ExportAll { dir, force } => {
            let store = db::open(dbp)?;
            let s = store.export_all(dir, ExportOptions { force: *force })?;
            outln!(
                "exported {} catalog{}, {} deck{} ({} version{}), {} collection{} and {} setting{} to {}",
                s.catalogs,
                plural(s.catalogs),
                s.decks,
                plural(s.decks),
                s.versions,
                plural(s.versions),
                s.collections,
                plural(s.collections),
                s.settings,
                plural(s.settings),
                dir.display()
            );
        }
        Args::ImportAll { dir, replace } => {
            // No sample catalogs first: a new database takes the export as it is.
            let mut store = Store::open(db::db_path(dbp)?)?;
            let s = store.import_all(
                dir,
                ImportOptions {
                    replace: *replace,
                    remap_setting: Some(crate::gui::prefs::remap_ids),
                },
            )?;
            outln!(
                "imported {} catalog{}, {} deck{} ({} version{}), {} collection{} and {} setting{} from {}",
                s.catalogs,
                plural(s.catalogs),
                s.decks,
                plural(s.decks),
                s.versions,
                plural(s.versions),
                s.collections,
                plural(s.collections),
                s.settings,
                plural(s.settings),
                dir.display()
            );
            if !s.kept.is_empty() {
                outln!(
                    "already stored as exported, kept: {}",
                    quoted(&s.kept).join(", ")
                );
            }
            if !s.replaced.is_empty() {
                outln!("replaced: {}", s.replaced.join(", "));
            }
            if !s.ids.is_identity() {
                outln!("some catalogs or decks got new ids (theirs were taken)");
            }
        }
        Args::Backup { file, force } => {
            let path = db::db_path(dbp)?;
            if file.exists() && !force {
                return Err(CliError::input(format!(
                    "{}: the file exists; pass --force to replace it",
                    file.display()
                )));
            }
            let bytes = store::backup_file(&path, file)?;
            outln!(
                "backed up {} to {} ({} KiB)",
                path.display(),
                file.display(),
                bytes.div_ceil(KIB)
            );
        }
        Args::Restore { file } => {
            let path = db::db_path(dbp)?;
            let r = store::restore(&path, file)?;
            outln!(
                "restored {} from {} (schema version {})",
                path.display(),
                file.display(),
                r.schema_version
            );
            if let Some(previous) = r.previous {
                outln!("the database it replaced is kept as {}", previous.display());
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

const KIB: u64 = 1024;

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn quoted(names: &[String]) -> Vec<String> {
    names.iter().map(|n| format!("\"{n}\"")).collect()
}
