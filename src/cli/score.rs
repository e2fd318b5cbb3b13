//! `deckwright score --catalog C WORLD.toml [--json]`: scores a finished
//! Strange World (formats.md §3).
//!
//! JSON: `{"total", "rating", "parts": {"mountains", "lakes", "animals",
//! "swamps", "dark_cities", "watchers", "travellers"}}` plus `band`,
//! `traveller_scores` and `warnings`. A file that does not describe a World
//! exits with code 2 and a message naming the file and line; a World that no
//! game could have left is scored with warnings on stderr (and in the JSON).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde::Serialize;

use crate::engine::solo::{TravellerScore, WorldShape, load_world, score, travellers};

use super::out::{out, warnln};
use super::solo::{Parts, components, score_text, world_text};
use super::{CliError, print_json};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// A Strange World catalog file (TOML) holding the World's cards.
    #[arg(long, value_name = "CATALOG")]
    pub catalog: PathBuf,
    /// Override one of the game's named options, e.g.
    /// `--option lake_counts_fumaroles=false`. Repeatable.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// The finished World (TOML).
    pub world: PathBuf,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Serialize)]
struct Report {
    total: u32,
    rating: String,
    band: String,
    parts: Parts,
    traveller_scores: Vec<TravellerScore>,
    warnings: Vec<String>,
}

pub fn run(args: &Args, db: Option<&Path>) -> Result<ExitCode, CliError> {
    let (catalog, c) = components(&args.catalog, &args.options, db)?;
    let file = load_world(&args.world, &catalog, &c)?;
    let b = score(&file.world, &c);
    let total = i64::from(b.total);
    let report = Report {
        total: b.total,
        rating: c.rules.rating(total).to_string(),
        band: c.rules.band(total),
        parts: Parts::from(&b),
        traveller_scores: travellers(&file.world, &c),
        warnings: file.warnings.iter().map(ToString::to_string).collect(),
    };
    for w in &report.warnings {
        warnln!("warning: {w}");
    }
    if args.json {
        print_json(&report)?;
    } else {
        let shape = WorldShape::of(&file.world, &c);
        let mut out = format!("{}\n", args.world.display());
        out.push_str(&world_text(&shape));
        out.push_str(&score_text(
            report.total,
            &report.rating,
            &report.parts,
            &report.traveller_scores,
        ));
        out!("{out}");
    }
    Ok(ExitCode::SUCCESS)
}
