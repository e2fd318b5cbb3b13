//! `deckwright collection …`: owned counts per card, what a deck still needs,
//! and Moxfield-style CSV import and export.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Subcommand;
use serde::Serialize;

use crate::collection as csv;
use crate::model::Owned;
use crate::store::StoreError;

use super::out::{out, outln, warnln};
use super::{CliError, db, print_json};

#[derive(Debug, Subcommand)]
pub enum Args {
    /// Owned, trade and wish counts of a stored catalog's cards.
    Show {
        #[arg(long)]
        catalog: String,
        /// Also list cards with no copies.
        #[arg(long)]
        all: bool,
        #[arg(long)]
        json: bool,
    },
    /// Set the counts of one card (by name or id).
    Set {
        #[arg(long)]
        catalog: String,
        card: String,
        owned: u32,
        #[arg(long, default_value_t = 0)]
        trade: u32,
        #[arg(long, default_value_t = 0)]
        wish: u32,
    },
    /// Replace a catalog's collection with a CSV file (Count,Tradelist Count,Name,Edition[,Wishlist Count,Id]).
    Import {
        #[arg(long)]
        catalog: String,
        file: PathBuf,
    },
    /// Write a catalog's collection as CSV.
    Export {
        #[arg(long)]
        catalog: String,
        #[arg(short, long, value_name = "FILE.csv")]
        output: Option<PathBuf>,
    },
    /// The cards a stored deck needs beyond what is owned.
    Missing {
        deck: String,
        #[arg(long)]
        json: bool,
    },
}

#[derive(Serialize)]
struct Row<'a> {
    id: &'a str,
    name: &'a str,
    #[serde(flatten)]
    counts: Owned,
}

impl Args {
    /// The command's name when it changes the database (refused under
    /// `--read-only` before it runs).
    pub fn writes(&self) -> Option<&'static str> {
        match self {
            Args::Set { .. } => Some("collection set"),
            Args::Import { .. } => Some("collection import"),
            _ => None,
        }
    }
}

pub fn run(args: &Args, dbp: Option<&Path>) -> Result<ExitCode, CliError> {
    match args {
        Args::Show { catalog, all, json } => {
            let store = db::open(dbp)?;
            let info = db::catalog(&store, catalog)?;
            let cat = store.load_catalog(info.id)?;
            let col = store.collection(info.id)?;
            let rows: Vec<Row<'_>> = cat
                .cards
                .iter()
                .map(|c| Row {
                    id: &c.id,
                    name: &c.name,
                    counts: col.cards.get(&c.id).copied().unwrap_or_default(),
                })
                .filter(|r| *all || r.counts != Owned::default())
                .collect();
            if *json {
                print_json(&rows)?;
            } else {
                outln!("{:>5} {:>5} {:>5}  card", "owned", "trade", "wish");
                for r in &rows {
                    outln!(
                        "{:>5} {:>5} {:>5}  {} [{}]",
                        r.counts.owned,
                        r.counts.trade,
                        r.counts.wish,
                        r.name,
                        r.id
                    );
                }
            }
        }
        Args::Set {
            catalog,
            card,
            owned,
            trade,
            wish,
        } => {
            let mut store = db::open(dbp)?;
            let info = db::catalog(&store, catalog)?;
            let cat = store.load_catalog(info.id)?;
            let index = cat.name_index();
            let pos = match index.by_id(card) {
                Some(i) => i,
                None => match index.named(card) {
                    [one] => *one,
                    [] => {
                        return Err(CliError::input(format!(
                            "no card \"{card}\" in catalog \"{}\"",
                            info.name
                        )));
                    }
                    several => {
                        let ids: Vec<&str> =
                            several.iter().map(|&i| cat.cards[i].id.as_str()).collect();
                        return Err(CliError::input(format!(
                            "\"{card}\" names {} cards; give the id: {}",
                            several.len(),
                            ids.join(", ")
                        )));
                    }
                },
            };
            let id = cat.cards[pos].id.clone();
            store.set_owned(
                info.id,
                &id,
                Owned {
                    owned: *owned,
                    trade: *trade,
                    wish: *wish,
                },
            )?;
            outln!(
                "{} [{id}]: owned {owned}, trade {trade}, wish {wish}",
                cat.cards[pos].name
            );
        }
        Args::Import { catalog, file } => {
            let rows = csv::read_file(file)?;
            let mut store = db::open(dbp)?;
            let info = db::catalog(&store, catalog)?;
            let at_line = |skipped: &[csv::Unresolved]| -> Vec<String> {
                let reasons: Vec<String> = skipped
                    .iter()
                    .map(|u| {
                        format!(
                            "{}:{}: \"{}\": {}",
                            file.display(),
                            u.line,
                            u.name,
                            u.reason
                        )
                    })
                    .collect();
                csv::first_reasons(&reasons)
            };
            let result = match store.import_collection_csv(info.id, &rows) {
                Err(StoreError::NothingImported { catalog, skipped }) => {
                    return Err(CliError::input(format!(
                        "{}: none of its {} rows names a card of catalog \"{catalog}\", so nothing was imported and the collection is unchanged:\n  {}",
                        file.display(),
                        skipped.len(),
                        at_line(&skipped).join("\n  ")
                    )));
                }
                other => other?,
            };
            outln!(
                "imported counts for {} cards into \"{}\"",
                result.cards,
                info.name
            );
            if !result.unresolved.is_empty() {
                warnln!(
                    "warning: {}: skipped {} of {} rows, which name no card of \"{}\":\n  {}",
                    file.display(),
                    result.unresolved.len(),
                    result.rows,
                    info.name,
                    at_line(&result.unresolved).join("\n  ")
                );
            }
        }
        Args::Export { catalog, output } => {
            let store = db::open(dbp)?;
            let info = db::catalog(&store, catalog)?;
            let text = store.export_collection_csv(info.id)?;
            match output {
                Some(path) => {
                    crate::files::write_replacing(path, text.as_bytes()).map_err(|e| {
                        CliError::input(format!("{}: cannot write: {e}", path.display()))
                    })?
                }
                None => out!("{text}"),
            }
        }
        Args::Missing { deck, json } => {
            let store = db::open(dbp)?;
            let info = db::deck(&store, deck)?;
            let missing = store.missing_for_deck(info.id)?;
            if *json {
                print_json(&missing)?;
            } else if missing.is_empty() {
                outln!("you own every card \"{}\" needs", info.name);
            } else {
                let total: u32 = missing.iter().map(|m| m.missing).sum();
                outln!(
                    "\"{}\" needs {total} more card{}:",
                    info.name,
                    if total == 1 { "" } else { "s" }
                );
                for m in &missing {
                    outln!(
                        "  {} {} (need {}, own {})",
                        m.missing,
                        m.name,
                        m.needed,
                        m.owned
                    );
                }
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
