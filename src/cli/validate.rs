//! `deckwright validate --catalog C [--mode crafting|random] [--players N] DECK [--json]`

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::decklist;
use crate::games::{self, parse_option};
use crate::rules::{CheckOptions, Mode, Report};

use super::out::out;
use super::{CliError, load_catalog, print_json};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The catalog file (TOML) the deck's cards come from, or a stored catalog's name.
    #[arg(long, value_name = "CATALOG")]
    pub catalog: PathBuf,
    /// Games with deck modes (Bizarre World: crafting or random): check the deck
    /// in this mode (default: the mode whose mark every card carries, else
    /// the game's default mode).
    #[arg(long)]
    pub mode: Option<String>,
    /// Games with player counts (Strange World): the player count (default:
    /// inferred from the deck, for Strange World its highest Land tier).
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub players: Option<i64>,
    /// Override one of the game's named options (see `resources/games/<game>.toml`), e.g.
    /// `--option legendary_limit=per-deck`. Repeatable.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// The deck list: text (formats.md §2), Cockatrice .cod or Forge .dck.
    pub deck: PathBuf,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &Args, db: Option<&Path>) -> Result<ExitCode, CliError> {
    let catalog = load_catalog(&args.catalog, db)?;
    let deck = decklist::load(&args.deck)?;
    let mut overrides = Vec::new();
    for o in &args.options {
        overrides.push(parse_option(o).map_err(|e| CliError::input(e.to_string()))?);
    }
    let opts = CheckOptions {
        mode: args
            .mode
            .as_deref()
            .map(|m| m.parse::<Mode>())
            .transpose()
            .map_err(CliError::input)?,
        players: args.players,
        overrides,
    };
    let report = crate::engine::validate(&catalog, &deck, &opts)
        .map_err(|e| CliError::input(e.to_string()))?;
    if args.json {
        print_json(&report)?;
    } else {
        // (a violation quotes the deck's own text, which may be any length)
        out!(
            "{}",
            crate::diag::cut_long_lines(&human(&report, &args.deck))
        );
    }
    Ok(if report.legal {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// How many reading notes the text report shows before summing up the rest.
const MAX_NOTES: usize = 5;

/// The text report: a verdict line, then one line per violation.
pub fn human(report: &Report, deck: &Path) -> String {
    let game = games::game(report.game).def();
    let noun = game.construction.deck_noun();
    let mode = report
        .mode
        .map(|m| format!("{} ", m.as_str()))
        .unwrap_or_default();
    let mut what = match report.players {
        Some(p) => format!(
            "{} {mode}{noun} for {p} player{}",
            game.name,
            if p == 1 { "" } else { "s" }
        ),
        None => format!("{} {mode}{noun} of {} cards", game.name, report.total),
    };
    if let Some(d) = &report.duel {
        let tier = game.construction.tier_noun().unwrap_or("tier");
        what.push_str(&format!(" ({} {tier}, {} life)", d.name, d.life));
    }
    let verdict = match report.violations.len() {
        0 => "legal".to_string(),
        1 => "1 violation".to_string(),
        n => format!("{n} violations"),
    };
    let mut out = format!("{}: {what} — {verdict}\n", deck.display());
    for v in &report.violations {
        match v.reference {
            Some(r) => out.push_str(&format!("  {} ({r}): {}\n", v.rule, v.message)),
            None => out.push_str(&format!("  {}: {}\n", v.rule, v.message)),
        }
    }
    out.push_str(&notes_text(&report.notes));
    out
}

/// Notes on how a deck list was read, at most [`MAX_NOTES`] of them and a
/// count of the rest.
pub(crate) fn notes_text(notes: &[String]) -> String {
    let mut out = String::new();
    for n in notes.iter().take(MAX_NOTES) {
        out.push_str(&format!("  note: {n}\n"));
    }
    if notes.len() > MAX_NOTES {
        out.push_str(&format!(
            "  note: ... and {} more like these\n",
            notes.len() - MAX_NOTES
        ));
    }
    out
}
