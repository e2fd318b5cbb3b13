//! `deckwright game list [--json]` and `deckwright game check FILE.toml`: the
//! games known to this run, and checking a game-definition file
//! (`schema/game.md`) before adding it.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Subcommand;
use serde::Serialize;

use crate::games;

use super::out::outln;
use super::{CliError, print_json};

#[derive(Debug, Subcommand)]
pub enum Args {
    /// List the games known: the built-in ones, those in the `games/` folder
    /// beside the database, and any `--game-file`.
    List {
        #[arg(long)]
        json: bool,
    },
    /// Check a game-definition file; exit 0 when valid, 2 with each problem's
    /// file and line.
    Check { file: PathBuf },
}

#[derive(Serialize)]
struct Listed {
    id: String,
    name: String,
    source: String,
}

#[derive(Serialize)]
struct List {
    games: Vec<Listed>,
}

pub fn run(args: &Args) -> Result<ExitCode, CliError> {
    match args {
        Args::List { json } => list(*json),
        Args::Check { file } => check(file),
    }
}

fn list(json: bool) -> Result<ExitCode, CliError> {
    let games: Vec<Listed> = games::all()
        .into_iter()
        .map(|g| Listed {
            id: g.id().to_string(),
            name: g.def().name.clone(),
            source: games::source(g.id()).label(),
        })
        .collect();
    if json {
        print_json(&List { games })?;
    } else {
        let width = games.iter().map(|g| g.id.len()).max().unwrap_or(0);
        for g in &games {
            outln!("{:<width$}  {}  ({})", g.id, g.name, g.source);
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn check(file: &Path) -> Result<ExitCode, CliError> {
    let def = games::check_file(file)?;
    let rules = def.construction.rules.len();
    let hand = match def.setup.hand_size(false) {
        Some(n) => format!("an opening hand of {n}"),
        None => "no hand".to_string(),
    };
    outln!(
        "{}: game `{}` ({}) is valid: {} card type{}, {rules} construction rule{}, {hand}",
        file.display(),
        def.id,
        def.name,
        def.card.types.len(),
        if def.card.types.len() == 1 { "" } else { "s" },
        if rules == 1 { "" } else { "s" },
    );
    Ok(ExitCode::SUCCESS)
}
