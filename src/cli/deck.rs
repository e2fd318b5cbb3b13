//! `deckwright deck …`: the decks stored in the database — import, export,
//! list, versions, diff, restore, rename, duplicate, delete.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Subcommand, ValueEnum};

use crate::decklist::{self, write_cod, write_dck, write_text};

use super::out::{out, outln};
use super::{CliError, db, print_json};

/// Deck file formats for export.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum ExportFormat {
    /// formats.md §2 text.
    Text,
    /// Cockatrice XML.
    Cod,
    /// Forge.
    Dck,
}

#[derive(Debug, Subcommand)]
pub enum Args {
    /// List the stored decks.
    List {
        /// Only decks of this game.
        #[arg(long)]
        game: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Import a deck file (text, .cod or .dck) as a new stored deck.
    Import {
        file: PathBuf,
        /// The stored catalog its cards come from (name or id).
        #[arg(long)]
        catalog: String,
        /// The deck's name (default: from the file).
        #[arg(long)]
        name: Option<String>,
    },
    /// Write a stored deck (its current version, or --version N).
    Export {
        deck: String,
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
        #[arg(long, value_enum, default_value = "text")]
        format: ExportFormat,
        #[arg(long)]
        version: Option<u32>,
    },
    /// Save a deck file as a new version of a stored deck.
    Save {
        deck: String,
        file: PathBuf,
        #[arg(long)]
        note: Option<String>,
    },
    /// List a deck's saved versions.
    Versions {
        deck: String,
        #[arg(long)]
        json: bool,
    },
    /// What changed between two versions.
    Diff {
        deck: String,
        from: u32,
        to: u32,
        #[arg(long)]
        json: bool,
    },
    /// Make an old version the current one (as a new version).
    Restore {
        deck: String,
        version: u32,
    },
    Rename {
        deck: String,
        name: String,
    },
    Duplicate {
        deck: String,
        name: String,
    },
    Delete {
        deck: String,
    },
}

impl Args {
    /// The command's name when it changes the database (refused under
    /// `--read-only` before it runs).
    pub fn writes(&self) -> Option<&'static str> {
        match self {
            Args::Import { .. } => Some("deck import"),
            Args::Save { .. } => Some("deck save"),
            Args::Restore { .. } => Some("deck restore"),
            Args::Rename { .. } => Some("deck rename"),
            Args::Duplicate { .. } => Some("deck duplicate"),
            Args::Delete { .. } => Some("deck delete"),
            _ => None,
        }
    }
}

pub fn run(args: &Args, dbp: Option<&Path>) -> Result<ExitCode, CliError> {
    match args {
        Args::List { game, json } => {
            let store = db::open(dbp)?;
            let game = game
                .as_deref()
                .map(str::parse)
                .transpose()
                .map_err(|e: crate::model::UnknownGame| CliError::input(e.to_string()))?;
            let list = store.decks(game)?;
            if *json {
                print_json(&list)?;
            } else {
                for d in &list {
                    outln!(
                        "{:>4}  {:<16} {:>3} cards  v{:<3} {}  ({})",
                        d.id.0,
                        d.game.as_str(),
                        d.main_count,
                        d.version,
                        d.name,
                        d.catalog_name
                    );
                }
            }
        }
        Args::Import {
            file,
            catalog,
            name,
        } => {
            let mut deck = decklist::load(file)?;
            let mut store = db::open(dbp)?;
            let info = db::catalog(&store, catalog)?;
            if let Some(n) = name {
                deck.name = n.clone();
            }
            deck.game = Some(info.game);
            let id = store.create_deck(info.id, &deck)?;
            outln!(
                "imported \"{}\" ({} cards) as deck {}",
                deck.name,
                deck.main_count(),
                id.0
            );
            let catalog_cards = store.load_catalog(info.id)?;
            out!("{}", reading_notes(&deck, &catalog_cards));
        }
        Args::Export {
            deck,
            output,
            format,
            version,
        } => {
            let store = db::open(dbp)?;
            let info = db::deck(&store, deck)?;
            let mut d = match version {
                Some(v) => store.load_deck_version(info.id, *v)?,
                None => store.load_deck(info.id)?,
            };
            d.name = info.name.clone();
            let catalog = store.load_catalog(info.catalog_id)?;
            let text = match format {
                ExportFormat::Text => write_text(&d, Some(&catalog)),
                ExportFormat::Cod => write_cod(&d),
                ExportFormat::Dck => write_dck(&d),
            };
            match output {
                Some(path) => {
                    crate::files::write_replacing(path, text.as_bytes()).map_err(|e| {
                        CliError::input(format!("{}: cannot write: {e}", path.display()))
                    })?
                }
                None => out!("{text}"),
            }
        }
        Args::Save { deck, file, note } => {
            let mut contents = decklist::load(file)?;
            let mut store = db::open(dbp)?;
            let info = db::deck(&store, deck)?;
            // the stored deck keeps its own name, whatever the file is called
            contents.name = info.name.clone();
            contents.game = Some(info.game);
            let v = store.save_deck(info.id, &contents, note.as_deref())?;
            if v == info.version {
                // nothing new to keep: the note (which describes a change)
                // is said back rather than silently dropped
                match note {
                    Some(n) => outln!(
                        "unchanged: \"{}\" already lists these cards (still version {v}); the note \"{n}\" was not saved, as a note goes with a new version",
                        info.name
                    ),
                    None => outln!(
                        "unchanged: \"{}\" already lists these cards (still version {v})",
                        info.name
                    ),
                }
            } else {
                outln!("saved \"{}\" as version {v}", info.name);
            }
            let catalog_cards = store.load_catalog(info.catalog_id)?;
            out!("{}", reading_notes(&contents, &catalog_cards));
        }
        Args::Versions { deck, json } => {
            let store = db::open(dbp)?;
            let info = db::deck(&store, deck)?;
            let versions = store.deck_versions(info.id)?;
            if *json {
                print_json(&versions)?;
            } else {
                for v in &versions {
                    let note = v
                        .note
                        .as_deref()
                        .map(|n| format!("  {n}"))
                        .unwrap_or_default();
                    outln!(
                        "v{:<4} {}  {:>3} cards{note}",
                        v.version,
                        v.saved_at,
                        v.main_count
                    );
                }
            }
        }
        Args::Diff {
            deck,
            from,
            to,
            json,
        } => {
            let store = db::open(dbp)?;
            let info = db::deck(&store, deck)?;
            let lines = store.diff_versions(info.id, *from, *to)?;
            if *json {
                print_json(&lines)?;
            } else if lines.is_empty() {
                outln!("no changes between v{from} and v{to}");
            } else {
                for l in &lines {
                    let delta = i64::from(l.after) - i64::from(l.before);
                    outln!(
                        "{delta:+} {} ({} → {}, {})",
                        l.name,
                        l.before,
                        l.after,
                        l.board.as_str()
                    );
                }
            }
        }
        Args::Restore { deck, version } => {
            let mut store = db::open(dbp)?;
            let info = db::deck(&store, deck)?;
            let v = store.restore_version(info.id, *version)?;
            outln!("restored \"{}\" v{version} as version {v}", info.name);
        }
        Args::Rename { deck, name } => {
            let mut store = db::open(dbp)?;
            let info = db::deck(&store, deck)?;
            store.rename_deck(info.id, name)?;
            outln!("renamed \"{}\" to \"{name}\"", info.name);
        }
        Args::Duplicate { deck, name } => {
            let mut store = db::open(dbp)?;
            let info = db::deck(&store, deck)?;
            let id = store.duplicate_deck(info.id, name)?;
            outln!("copied \"{}\" as \"{name}\" (deck {})", info.name, id.0);
        }
        Args::Delete { deck } => {
            let mut store = db::open(dbp)?;
            let info = db::deck(&store, deck)?;
            store.delete_deck(info.id)?;
            outln!("deleted deck \"{}\"", info.name);
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// What the user should know about a deck just read into the database: how
/// its list was read (marks dropped) and the cards the catalog does not know.
fn reading_notes(deck: &crate::model::Deck, catalog: &crate::model::Catalog) -> String {
    let resolved = crate::rules::resolve(deck, catalog);
    let mut notes: Vec<String> = deck
        .notes
        .iter()
        .chain(&resolved.notes)
        .map(ToString::to_string)
        .collect();
    notes.extend(
        resolved
            .violations
            .iter()
            .map(|v| format!("warning: {}", v.message)),
    );
    super::validate::notes_text(&notes)
}
