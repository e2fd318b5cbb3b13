//! `deckwright goldfish --catalog C DECK --games N [--seed S] [--second] [--json]`
//! (formats.md §3), plus `--threads N`, `--max-turns T`, `--option KEY=VALUE`
//! and, for Rizontical, `--dummy NAME` (the dummy opponent's Fighters).

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use crate::engine::fresh_seed;
use crate::engine::playtest::EngineOptions;
use crate::engine::run::{Progress, RunConfig, Summary};
use crate::engine::sim::{DEFAULT_MAX_TURNS, Seat, TurnUnit};

use super::hand::{load_engine, overrides};
use super::{CliError, load_catalog, print_json};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The catalog file (TOML) the deck's cards come from.
    #[arg(long, value_name = "CATALOG")]
    pub catalog: PathBuf,
    /// The deck list.
    pub deck: PathBuf,
    /// How many games to play.
    #[arg(long, value_name = "N")]
    pub games: u64,
    /// The run's seed (default: a fresh one, shown so the run can be replayed).
    #[arg(long)]
    pub seed: Option<u64>,
    /// The deck goes second.
    #[arg(long)]
    pub second: bool,
    /// Worker threads (default: every core). The result does not depend on it.
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    /// Stop a game that has not won after this many turns (Rizontical: rounds).
    #[arg(long = "max-turns", value_name = "T", default_value_t = DEFAULT_MAX_TURNS)]
    pub max_turns: u16,
    /// Rizontical: a catalog Fighter for the dummy opponent (repeatable; default
    /// two training dummies, see the `dummy_hp`/`dummy_def` options).
    #[arg(long, value_name = "NAME")]
    pub dummy: Vec<String>,
    /// Override one of the game's named options.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &Args, db: Option<&Path>) -> Result<ExitCode, CliError> {
    if args.threads == Some(0) {
        return Err(CliError::input("--threads must be at least 1"));
    }
    let opts = EngineOptions {
        overrides: overrides(&args.options)?,
        max_turns: args.max_turns,
        dummies: args.dummy.clone(),
    };
    let catalog = load_catalog(&args.catalog, db)?;
    let engine = load_engine(&catalog, &args.deck, &opts)?;
    let cfg = RunConfig {
        games: args.games,
        seed: args.seed.unwrap_or_else(fresh_seed),
        seat: Seat::from_second(args.second),
        threads: args.threads,
    };
    let started = Instant::now();
    let summary = engine
        .goldfish(&cfg, &Progress::none())
        .map_err(|e| CliError::input(e.to_string()))?;
    if args.json {
        print_json(&summary)?;
    } else {
        print!("{}", human(&summary, started.elapsed().as_secs_f64()));
    }
    Ok(ExitCode::SUCCESS)
}

fn pct(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

/// The text report.
pub fn human(s: &Summary, seconds: f64) -> String {
    let game = crate::games::game(s.game).def();
    let unit = match s.turn_unit {
        TurnUnit::Turn => "turn",
        TurnUnit::Round => "round",
    };
    let mut out = format!(
        "{} goldfish: {} games, seed {}, going {} ({:.2} s)\n",
        game.name,
        s.games,
        s.seed,
        s.seat.as_str(),
        seconds
    );
    out.push_str(&format!(
        "  wins {} ({}, 95% CI {}-{}), losses {}, unfinished after {} {unit}s {}\n",
        s.wins,
        pct(s.win_rate),
        pct(s.win_rate_ci95[0]),
        pct(s.win_rate_ci95[1]),
        s.losses,
        s.max_turns,
        s.unfinished
    ));
    let k = &s.kill_turn;
    if let (Some(mean), Some(median), Some([lo, hi])) = (k.mean, k.median, k.ci95) {
        out.push_str(&format!(
            "  kill {unit}: mean {mean:.2} (95% CI {lo:.2}-{hi:.2}), median {median}, range {}-{}\n",
            k.min.unwrap_or(0),
            k.max.unwrap_or(0)
        ));
        let top = k.histogram.0.values().copied().max().unwrap_or(1).max(1);
        for (t, n) in &k.histogram.0 {
            let bar = "#".repeat(((*n as f64 / top as f64) * 40.0).ceil() as usize);
            out.push_str(&format!(
                "    {t:>3} {bar:<40} {n} ({})\n",
                pct(*n as f64 / s.wins.max(1) as f64)
            ));
        }
    } else {
        out.push_str(&format!(
            "  no game was won within {} {unit}s\n",
            s.max_turns
        ));
    }
    let l = &s.curves.labels;
    out.push_str(&format!(
        "  per {unit} (means over the games still running): {}, {}, {} (total), {}\n",
        l.resources, l.hand, l.damage, l.played
    ));
    out.push_str(&format!(
        "    {:>5} {:>8} {:>9} {:>6} {:>7} {:>8} {:>7}\n",
        unit, "games", "resource", "hand", "damage", "total", "played"
    ));
    for p in s.curves.turns.iter().take(15) {
        out.push_str(&format!(
            "    {:>5} {:>8} {:>9.2} {:>6.2} {:>7.2} {:>8.2} {:>7.2}\n",
            p.turn, p.games, p.resources, p.hand, p.damage, p.cumulative_damage, p.played
        ));
    }
    if !s.most_played.is_empty() {
        let list: Vec<String> = s
            .most_played
            .iter()
            .map(|p| format!("{} {:.2}", p.card, p.per_game))
            .collect();
        out.push_str(&format!("  most played (per game): {}\n", list.join(", ")));
    }
    if !s.vanilla.is_empty() {
        out.push_str("  played as vanilla (text not modelled):\n");
        for v in &s.vanilla {
            out.push_str(&format!("    {}: {}\n", v.card, v.reason));
        }
    }
    if s.errors > 0 {
        out.push_str(&format!(
            "  engine errors: {} games stopped early\n",
            s.errors
        ));
    }
    out.push_str(&format!("  replay with --seed {}\n", s.seed));
    out
}
