//! `deckwright scenario run FILE [--viewer a|b|all] [--json]` and
//! `deckwright scenario moves FILE [--json]` (formats.md §5): a position set
//! up from a file, moves played by their labels, the state and the log after
//! each as one viewer sees it, and the file's checks.
//!
//! Exit codes: 0 every `[[expect]]` holds, 1 one fails (each failure listed
//! with the value found), 2 bad input (file and line; an illegal move lists
//! the legal ones).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde_json::{Value, json};

use crate::diag::Diagnostic;
use crate::engine::core::Viewer;
use crate::model::Catalog;
use crate::scenario::{self, Checked, Scenario};

use super::out::out;
use super::{CliError, load_catalog, print_json};

#[derive(Debug, clap::Subcommand)]
pub enum Args {
    /// Sets up the position, plays the moves, prints each state and checks
    /// the expectations.
    Run(RunArgs),
    /// The legal moves after the file's moves, each with its label.
    Moves(MovesArgs),
}

#[derive(Debug, clap::Args)]
pub struct RunArgs {
    /// The scenario file (TOML).
    pub file: PathBuf,
    /// Whose eyes: a, b (Strange World: to d), or all (everything).
    #[arg(long, default_value = "all", value_parser = ["a", "b", "c", "d", "all"])]
    pub viewer: String,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, clap::Args)]
pub struct MovesArgs {
    /// The scenario file (TOML).
    pub file: PathBuf,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

fn input(d: Diagnostic) -> CliError {
    CliError::input(d.to_string())
}

/// The scenario and its catalog: the file beside it, else a stored one.
fn open(file: &Path, db: Option<&Path>) -> Result<(Scenario, Catalog), CliError> {
    let sc = scenario::load(file).map_err(input)?;
    let catalog = if sc.catalog.exists() {
        load_catalog(&sc.catalog, db)?
    } else {
        load_catalog(Path::new(&sc.catalog_name), db).map_err(|e| {
            CliError::input(format!(
                "{}: the catalog \"{}\" is neither a file beside it nor a stored catalog ({e})",
                sc.file.display(),
                sc.catalog_name
            ))
        })?
    };
    Ok((sc, catalog))
}

pub fn run(args: &Args, db: Option<&Path>) -> Result<ExitCode, CliError> {
    match args {
        Args::Run(a) => run_file(a, db),
        Args::Moves(a) => moves(a, db),
    }
}

fn run_file(args: &RunArgs, db: Option<&Path>) -> Result<ExitCode, CliError> {
    let viewer = Viewer::parse(&args.viewer).unwrap_or(Viewer::All);
    let (sc, catalog) = open(&args.file, db)?;
    let scene = scenario::start(&sc, &catalog).map_err(input)?;
    let played = scenario::play(&sc, scene, viewer).map_err(input)?;
    let checked = scenario::check(&sc, &played);
    // with --viewer a seat, nothing printed names a card hidden from it
    let shown = scenario::shown_to(&played, &checked, viewer);
    if args.json {
        print_json(&json!({"states": played.states, "expect": shown}))?;
    } else {
        print_text(&sc, &played, &shown, viewer)?;
    }
    Ok(if checked.iter().all(|c| c.holds) {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn moves(args: &MovesArgs, db: Option<&Path>) -> Result<ExitCode, CliError> {
    let (sc, catalog) = open(&args.file, db)?;
    let scene = scenario::start(&sc, &catalog).map_err(input)?;
    let played = scenario::play(&sc, scene, Viewer::All).map_err(input)?;
    let labels = played.scene.moves();
    if args.json {
        print_json(&json!({"moves": labels}))?;
    } else if labels.is_empty() {
        out!("no legal moves: the game is over\n");
    } else {
        for l in labels {
            out!("{l}\n");
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn print_text(
    sc: &Scenario,
    played: &scenario::Played,
    checked: &[Checked],
    viewer: Viewer,
) -> Result<(), CliError> {
    out!(
        "{} · {} · seed {}\n",
        sc.file.display(),
        sc.game,
        sc.position.seed
    );
    let mut logged = 0;
    for (i, state) in played.states.iter().enumerate() {
        if i == 0 {
            out!("\n== the position\n");
        } else {
            out!(
                "\n== move {i}: {}\n",
                scenario::move_header(played, i - 1, viewer)
            );
        }
        let log = state["log"].as_array().cloned().unwrap_or_default();
        for line in log.iter().skip(logged) {
            out!("   | {}\n", line.as_str().unwrap_or_default());
        }
        logged = log.len();
        state_text(state)?;
    }
    if !checked.is_empty() {
        out!("\n");
    }
    for c in checked {
        let mut after = c
            .after
            .map(|n| format!(" after move {n}"))
            .unwrap_or_default();
        if let Some(v) = c.viewer {
            after.push_str(&format!(
                " as seat {} sees it",
                crate::engine::position::seat_name(v)
            ));
        }
        if c.holds {
            out!(
                "expect {}{after} {} {}: holds\n",
                c.path,
                op(c.how),
                c.asked()
            );
        } else {
            out!(
                "expect {}{after} {} {}: FAILS, found {} (line {})\n",
                c.path,
                op(c.how),
                c.asked(),
                c.found,
                c.line
            );
        }
    }
    Ok(())
}

/// How an expect reads in text.
fn op(how: scenario::Compare) -> &'static str {
    match how {
        scenario::Compare::Equals => "=",
        scenario::Compare::Includes => "includes",
        scenario::Compare::Excludes => "excludes",
    }
}

fn state_text(state: &Value) -> Result<(), CliError> {
    let over = match state["over"]["winner"].as_str() {
        Some("draw") => " · game over: a draw".to_string(),
        Some(w) => format!(" · game over: {w} wins"),
        None => String::new(),
    };
    out!(
        "turn {} · {} to act · {}{over}\n",
        state["turn"],
        state["active"].as_str().unwrap_or_default(),
        state["phase"].as_str().unwrap_or_default()
    );
    let Some(seats) = state["seats"].as_object() else {
        return Ok(());
    };
    for (seat, s) in seats {
        let fields = s.as_object().cloned().unwrap_or_default();
        let counters: Vec<String> = fields
            .iter()
            .filter(|(k, v)| *k != "zones" && !v.is_array() && !v.is_object())
            .map(|(k, v)| format!("{k} {v}"))
            .collect();
        out!("{seat}: {}\n", counters.join(" · "));
        // Strange World: the score by part, the World's rows, what it holds
        if let Some(score) = fields.get("score").and_then(Value::as_object) {
            let parts: Vec<String> = score
                .iter()
                .filter(|(k, _)| *k != "total")
                .map(|(k, v)| format!("{k} {v}"))
                .collect();
            out!("   score {} ({})\n", score["total"], parts.join(", "));
        }
        if let Some(rows) = fields.get("world").and_then(Value::as_array) {
            for row in rows {
                let cells: Vec<String> = row
                    .as_array()
                    .map(Vec::as_slice)
                    .unwrap_or(&[])
                    .iter()
                    .map(|c| match c.as_str() {
                        Some("") | None => ".".to_string(),
                        Some(c) => c.to_string(),
                    })
                    .collect();
                out!("   | {} |\n", cells.join(" | "));
            }
        }
        for (k, v) in &fields {
            if k != "zones" && k != "score" && k != "world" && (v.is_array() || v.is_object()) {
                if v.as_array().is_some_and(Vec::is_empty) {
                    continue;
                }
                out!("   {k}: {v}\n");
            }
        }
        if let Some(zones) = s["zones"].as_object() {
            for (zone, cards) in zones {
                let cards = cards.as_array().cloned().unwrap_or_default();
                if cards.is_empty() {
                    continue;
                }
                let names: Vec<String> = cards.iter().map(card_text).collect();
                out!("   {zone}: {}\n", names.join(", "));
            }
        }
    }
    if let Some(supply) = state["supply"].as_object() {
        let parts: Vec<String> = supply
            .iter()
            .map(|(k, v)| match v.as_array() {
                Some(a) if k == "deck" => format!("{k} {} cards", a.len()),
                _ => format!("{k} {v}"),
            })
            .collect();
        out!("supply: {}\n", parts.join(" · "));
    }
    Ok(())
}

fn card_text(card: &Value) -> String {
    match card {
        Value::String(s) => s.clone(),
        Value::Object(m) => {
            let name = m.get("card").and_then(Value::as_str).unwrap_or("?");
            let state: Vec<String> = m
                .iter()
                .filter(|(k, _)| *k != "card")
                .map(|(k, v)| match v {
                    Value::Bool(true) => k.clone(),
                    Value::String(s) => format!("{k} {s}"),
                    v => format!("{k} {v}"),
                })
                .collect();
            format!("{name} ({})", state.join(", "))
        }
        v => v.to_string(),
    }
}
