//! `deckwright hand --catalog C DECK [--seed S] [--second] [--json]`
//! (formats.md §3), plus `--mulligan`, `--return NAME` (Rizontical),
//! `--turns T` (show the next draws) and `--option KEY=VALUE`.
//!
//! Also the loading every engine command shares: catalog, deck, options, and
//! the compiled [`Engine`], with input errors naming the file (and line).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::decklist;
use crate::engine::core::{DEFAULT_MAX_TURNS, Seat};
use crate::engine::fresh_seed;
use crate::engine::hand::{HandReport, HandRequest};
use crate::engine::session::{Engine, EngineError, EngineOptions};
use crate::games::parse_option;
use crate::model::Catalog;

use super::out::out;
use super::{CliError, load_catalog, print_json};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The catalog file (TOML) the deck's cards come from, or a stored catalog's name.
    #[arg(long, value_name = "CATALOG")]
    pub catalog: PathBuf,
    /// The deck list.
    pub deck: PathBuf,
    /// The seed to deal with (default: a fresh one, shown so it can be replayed).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Deal for the player going second.
    #[arg(long)]
    pub second: bool,
    /// Take the game's mulligan (Fuzzycards: shuffle back, draw 5; Rizontical:
    /// return Powers to the bottom and draw as many).
    #[arg(long)]
    pub mulligan: bool,
    /// Rizontical: a Power to return with the mulligan (repeatable; default all).
    #[arg(long = "return", value_name = "NAME")]
    pub returns: Vec<String>,
    /// Also show the draws of turns 1 to T.
    #[arg(long, value_name = "T", default_value_t = 0)]
    pub turns: u32,
    /// Override one of the game's named options, e.g. `--option mulligan_hand=same-size`.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Parses `--option key=value` flags.
pub(crate) fn overrides(options: &[String]) -> Result<Vec<(String, String)>, CliError> {
    options
        .iter()
        .map(|o| parse_option(o).map_err(|e| CliError::input(format!("--option {o}: {e}"))))
        .collect()
}

/// Loads a deck and compiles it for its catalog's game engine.
pub(crate) fn load_engine(
    catalog: &Catalog,
    deck_path: &Path,
    opts: &EngineOptions,
) -> Result<Engine, CliError> {
    let deck = decklist::load(deck_path)?;
    Engine::new(catalog, &deck, opts).map_err(|e| match e {
        EngineError::Deck(d) => CliError::input(format!("{}: {d}", deck_path.display())),
        EngineError::Setup(m) => CliError::input(format!("{}: {m}", deck_path.display())),
        other => CliError::input(other.to_string()),
    })
}

pub fn run(args: &Args, db: Option<&Path>) -> Result<ExitCode, CliError> {
    if args.turns > 1000 {
        return Err(CliError::input("--turns: at most 1000"));
    }
    let opts = EngineOptions {
        overrides: overrides(&args.options)?,
        max_turns: DEFAULT_MAX_TURNS,
        dummies: Vec::new(),
        position: false,
    };
    let catalog = load_catalog(&args.catalog, db)?;
    let engine = load_engine(&catalog, &args.deck, &opts)?;
    let req = HandRequest {
        seed: args.seed.unwrap_or_else(fresh_seed),
        seat: Seat::from_second(args.second),
        mulligan: args.mulligan || !args.returns.is_empty(),
        returns: args.returns.clone(),
        turns: args.turns,
    };
    let report = engine
        .hand(&req)
        .map_err(|e| CliError::input(e.to_string()))?;
    if args.json {
        print_json(&report)?;
    } else {
        out!("{}", human(&report));
    }
    Ok(ExitCode::SUCCESS)
}

/// The text form.
pub fn human(r: &HandReport) -> String {
    let game = crate::games::game(r.game).def();
    let mut out = format!(
        "{} opening hand (seed {}, going {}):\n",
        game.name,
        r.seed,
        r.seat.as_str()
    );
    if let Some(n) = &r.numen {
        out.push_str(&format!("  Numen: {n}\n"));
    }
    for f in &r.fighters {
        out.push_str(&format!("  Slot {}: {}\n", f.slot, f.card));
    }
    if let Some(m) = &r.mulligan {
        out.push_str(&format!("  mulligan: returned {}\n", m.returned.join(", ")));
    }
    if !r.fighters.is_empty() {
        out.push_str("  Powers:\n");
    }
    let indent = if r.fighters.is_empty() { "  " } else { "    " };
    for c in &r.hand {
        out.push_str(&format!("{indent}{c}\n"));
    }
    for d in &r.draws {
        let cards = if d.cards.is_empty() {
            "(no draw)".to_string()
        } else {
            d.cards.join(", ")
        };
        out.push_str(&format!("  {} {}: {cards}\n", r.turn_unit, d.turn));
    }
    out.push_str(&format!(
        "  {} cards left to draw; replay with --seed {}\n",
        r.deck_remaining, r.seed
    ));
    out
}
