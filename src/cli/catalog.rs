//! `deckwright catalog …`: check catalog files, and list, import, export, show
//! and delete the catalogs stored in the database.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Subcommand;
use serde::Serialize;

use crate::catalog::{self, Warning};
use crate::store::StoreError;

use super::out::{out, outln};
use super::progress::Bar;
use super::{CliError, db, print_json};

#[derive(Debug, Subcommand)]
pub enum Args {
    /// Load a catalog file and report its errors and lint warnings (no database).
    Check {
        file: PathBuf,
        #[arg(long)]
        json: bool,
    },
    /// List the stored catalogs.
    List {
        #[arg(long)]
        json: bool,
    },
    /// Import a catalog file (with its images) into the database.
    Import {
        file: PathBuf,
        /// Update the stored catalog of the same name in place.
        #[arg(long)]
        replace: bool,
    },
    /// Write a stored catalog as TOML, with its images in `<stem>-images/` beside it.
    Export {
        /// Catalog name or id.
        catalog: String,
        #[arg(short, long, value_name = "FILE.toml")]
        output: PathBuf,
    },
    /// Show a stored catalog's cards.
    Show {
        catalog: String,
        #[arg(long)]
        json: bool,
    },
    /// Delete a stored catalog (refused while decks use it).
    Delete { catalog: String },
    /// How much of each card's rules text the engine plays: modelled,
    /// partial or vanilla, with the words it does not understand and what
    /// the engine says each card does.
    Coverage {
        /// A catalog file, or a stored catalog's name or id.
        catalog: PathBuf,
        /// List every card, not only those that are not fully modelled.
        #[arg(long)]
        all: bool,
        #[arg(long)]
        json: bool,
    },
}

#[derive(Serialize)]
struct CheckReport<'a> {
    file: &'a Path,
    game: crate::model::GameId,
    name: &'a str,
    cards: usize,
    warnings: &'a [Warning],
}

impl Args {
    /// The command's name when it changes the database (refused under
    /// `--read-only` before it runs).
    pub fn writes(&self) -> Option<&'static str> {
        match self {
            Args::Import { .. } => Some("catalog import"),
            Args::Delete { .. } => Some("catalog delete"),
            _ => None,
        }
    }
}

pub fn run(args: &Args, dbp: Option<&Path>) -> Result<ExitCode, CliError> {
    match args {
        Args::Check { file, json } => {
            let loaded = catalog::load_checked(file)?;
            let warnings = catalog::lint(&loaded.catalog, &loaded.card_lines);
            if *json {
                print_json(&CheckReport {
                    file,
                    game: loaded.catalog.game,
                    name: &loaded.catalog.name,
                    cards: loaded.catalog.cards.len(),
                    warnings: &warnings,
                })?;
            } else {
                outln!(
                    "{}: {} catalog \"{}\", {} cards, {} warning{}",
                    file.display(),
                    crate::games::game(loaded.catalog.game).def().name,
                    loaded.catalog.name,
                    loaded.catalog.cards.len(),
                    warnings.len(),
                    if warnings.len() == 1 { "" } else { "s" }
                );
                for w in &warnings {
                    let line = w.line.map(|l| format!(":{l}")).unwrap_or_default();
                    outln!(
                        "  warning: {}{line}: \"{}\": {}",
                        file.display(),
                        w.card,
                        w.message
                    );
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Args::List { json } => {
            let store = db::open(dbp)?;
            let list = store.catalogs()?;
            if *json {
                print_json(&list)?;
            } else {
                for c in &list {
                    outln!(
                        "{:>4}  {:<16} {:>5} cards  {}",
                        c.id.0,
                        c.game.as_str(),
                        c.card_count,
                        c.name
                    );
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Args::Import { file, replace } => {
            // No Ctrl+C handler here: the import is one transaction, so the
            // default SIGINT ends the process and SQLite rolls it back.
            let bar = Bar::spinner(&format!("reading {}", file.display()), false);
            let loaded = catalog::load_checked(file)?;
            let mut store = db::open(dbp)?;
            bar.message(format!(
                "storing {} cards of \"{}\"",
                loaded.catalog.cards.len(),
                loaded.catalog.name
            ));
            let id = if *replace {
                store.replace_catalog(&loaded.catalog)?
            } else {
                match store.import_catalog(&loaded.catalog) {
                    Err(StoreError::CatalogExists { name }) => {
                        return Err(CliError::input(format!(
                            "{}: a catalog named \"{name}\" already exists; delete it first (`catalog delete`) or import with `--replace` to update it in place",
                            file.display()
                        )));
                    }
                    other => other?,
                }
            };
            bar.finish();
            outln!(
                "imported \"{}\" ({} cards) as catalog {}",
                loaded.catalog.name,
                loaded.catalog.cards.len(),
                id.0
            );
            Ok(ExitCode::SUCCESS)
        }
        Args::Export { catalog, output } => {
            let store = db::open(dbp)?;
            let info = db::catalog(&store, catalog)?;
            store.export_catalog(info.id, output)?;
            outln!("wrote {} ({} cards)", output.display(), info.card_count);
            Ok(ExitCode::SUCCESS)
        }
        Args::Show { catalog, json } => {
            let store = db::open(dbp)?;
            let info = db::catalog(&store, catalog)?;
            let cat = store.load_catalog(info.id)?;
            if *json {
                print_json(&cat)?;
            } else {
                outln!("{} ({}), {} cards", cat.name, cat.game, cat.cards.len());
                for c in &cat.cards {
                    let cost = c.cost.map(|n| format!(" cost {n}")).unwrap_or_default();
                    outln!("  [{}] {} — {}{cost}", c.id, c.name, c.card_type);
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Args::Delete { catalog } => {
            let mut store = db::open(dbp)?;
            let info = db::catalog(&store, catalog)?;
            store.delete_catalog(info.id)?;
            outln!("deleted catalog \"{}\"", info.name);
            Ok(ExitCode::SUCCESS)
        }
        Args::Coverage { catalog, all, json } => {
            let cat = super::load_catalog(catalog, dbp)?;
            let c = crate::engine::coverage::coverage_of(&cat, *all)
                .map_err(|e| CliError::input(format!("{}: {e}", catalog.display())))?;
            if *json {
                print_json(&c)?;
            } else {
                out!("{}", coverage_text(&c, &cat.name));
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// The text report of `catalog coverage`.
fn coverage_text(c: &crate::engine::coverage::Coverage, name: &str) -> String {
    let game = crate::games::game(c.game).def().name.clone();
    let mut out = format!(
        "{name} ({game}): {} cards — {} modelled ({:.1}%), {} partial, {} vanilla\n",
        c.cards,
        c.modelled,
        c.share * 100.0,
        c.partial,
        c.vanilla
    );
    for d in &c.detail {
        let status = match d.status {
            crate::engine::coverage::Status::Modelled => "modelled",
            crate::engine::coverage::Status::Partial => "partial",
            crate::engine::coverage::Status::Vanilla => "vanilla",
        };
        out.push_str(&format!("  {status:8} {}\n", d.name));
        if !d.keywords.is_empty() {
            out.push_str(&format!("           keywords: {}\n", d.keywords.join(", ")));
        }
        for w in &d.says {
            out.push_str(&format!("           says: {w}\n"));
        }
        for w in &d.not_understood {
            out.push_str(&format!("           not understood: \"{w}\"\n"));
        }
        for w in &d.not_played {
            out.push_str(&format!("           not played: {w}\n"));
        }
    }
    if !c.against_opponent.is_empty() {
        out.push_str("  only against an opponent's cards (idle in goldfish games):\n");
        for o in &c.against_opponent {
            out.push_str(&format!("           {}: {}\n", o.name, o.parts.join(", ")));
        }
    }
    out
}
