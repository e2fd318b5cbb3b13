//! `deckwright goldfish --catalog C DECK --games N [--seed S] [--second] [--json]`
//! (formats.md §3), plus `--threads N`, `--max-turns T`, `--option KEY=VALUE`,
//! for Rizontical `--dummy NAME` (the dummy opponent's Fighters), and
//! `--compare OTHER_DECK` (A/B on the same seeds) or `--importance` (each
//! card's contribution). With `--json` the deck's own report keeps formats.md's
//! keys at the top level; `compare` or `importance` is added beside them.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use serde::Serialize;

use crate::engine::compare::{Comparison, Importance, Paired};
use crate::engine::core::{DEFAULT_MAX_TURNS, Seat, TurnUnit};
use crate::engine::fresh_seed;
use crate::engine::run::{Progress, RunConfig, Summary};
use crate::engine::session::EngineOptions;

use super::hand::{load_engine, overrides};
use super::out::{out, outln};
use super::progress::{Bar, INTERRUPTED, interrupt_flag};
use super::{CliError, load_catalog, print_json};

/// A run that did not finish: Ctrl+C exits with 130 and says how far it got.
pub(crate) fn run_error(e: crate::engine::run::RunError) -> CliError {
    match e {
        crate::engine::run::RunError::Cancelled { done, total } => CliError {
            code: INTERRUPTED,
            message: format!("interrupted (Ctrl+C) after {done} of {total} games; nothing printed"),
        },
        e => CliError::input(e.to_string()),
    }
}

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The catalog file (TOML) the deck's cards come from, or a stored catalog's name.
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
    /// Worker threads (default: every core; at most 4 a core). The result
    /// does not depend on it.
    #[arg(long, value_name = "N", value_parser = super::threads_arg)]
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
    /// Compare with another deck list (same catalog) on the same seeds.
    #[arg(long, value_name = "OTHER_DECK", conflicts_with = "importance")]
    pub compare: Option<PathBuf>,
    /// Rank the cards: replace one copy of each with a blank card and re-run.
    #[arg(long)]
    pub importance: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &Args, db: Option<&Path>) -> Result<ExitCode, CliError> {
    let opts = EngineOptions {
        overrides: overrides(&args.options)?,
        max_turns: args.max_turns,
        dummies: args.dummy.clone(),
        position: false,
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
    let fail = run_error;
    // compare and importance run the games several times over: the bar
    // counts every game played
    let bar = Bar::new(args.games, "games", args.json);
    let on_progress = |done: u64, total: u64| bar.set(done, total);
    let progress = Progress {
        on_progress: &on_progress,
        cancel: interrupt_flag(),
    };
    if let Some(other) = &args.compare {
        let b = load_engine(&catalog, other, &opts)?;
        let c = engine.compare(&b, &cfg, &progress).map_err(fail)?;
        bar.finish();
        if args.json {
            print_json(&WithCompare {
                summary: &c.a,
                compare: Compared {
                    deck: other.display().to_string(),
                    b: &c.b,
                    paired: &c.paired,
                    win_rate_difference: c.win_rate_difference,
                },
            })?;
        } else {
            let secs = started.elapsed().as_secs_f64();
            out!("{}", human(&c.a, secs));
            outln!("B: {}", other.display());
            out!("{}", human(&c.b, secs));
            out!("{}", human_compare(&c));
        }
        return Ok(ExitCode::SUCCESS);
    }
    if args.importance {
        let (summary, imp) = engine.importance(&cfg, &progress).map_err(fail)?;
        bar.finish();
        if args.json {
            print_json(&WithImportance {
                summary: &summary,
                importance: &imp,
            })?;
        } else {
            out!("{}", human(&summary, started.elapsed().as_secs_f64()));
            out!("{}", human_importance(&imp));
        }
        return Ok(ExitCode::SUCCESS);
    }
    let summary = engine.goldfish(&cfg, &progress).map_err(fail)?;
    bar.finish();
    if args.json {
        print_json(&summary)?;
    } else {
        out!("{}", human(&summary, started.elapsed().as_secs_f64()));
    }
    Ok(ExitCode::SUCCESS)
}

/// `--compare --json`: the deck's report, and B beside it.
#[derive(Serialize)]
struct WithCompare<'a> {
    #[serde(flatten)]
    summary: &'a Summary,
    compare: Compared<'a>,
}

#[derive(Serialize)]
struct Compared<'a> {
    deck: String,
    b: &'a Summary,
    paired: &'a Paired,
    win_rate_difference: f64,
}

/// `--importance --json`.
#[derive(Serialize)]
struct WithImportance<'a> {
    #[serde(flatten)]
    summary: &'a Summary,
    importance: &'a Importance,
}

fn signed(x: f64) -> String {
    format!("{x:+.2}")
}

/// The A/B verdict in words.
pub fn human_compare(c: &Comparison) -> String {
    let p = &c.paired;
    let mut out = format!(
        "A/B on the same seeds: B wins {} ({} points)\n",
        pct(c.b.win_rate),
        signed(c.win_rate_difference * 100.0)
    );
    match (p.mean_difference, p.ci95) {
        (Some(d), Some([lo, hi])) => {
            let verdict = if hi < 0.0 {
                "B is faster"
            } else if lo > 0.0 {
                "B is slower"
            } else {
                "no clear difference"
            };
            out.push_str(&format!(
                "  kill turn B - A: {} (95% CI {} to {}) over {} games both won: {verdict}\n",
                signed(d),
                signed(lo),
                signed(hi),
                p.both_won
            ));
            out.push_str(&format!(
                "  B faster in {}, same turn in {}, slower in {}; only A won {}, only B won {}\n",
                p.b_faster, p.same, p.b_slower, p.only_a_won, p.only_b_won
            ));
        }
        _ => out.push_str("  no game was won by both decks\n"),
    }
    out
}

/// The importance ranking.
pub fn human_importance(imp: &Importance) -> String {
    let mut out = format!(
        "card importance: one copy replaced with {}, {} games each, same seeds\n",
        imp.replaced_with, imp.games
    );
    let width = imp
        .cards
        .iter()
        .map(|c| c.card.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    out.push_str(&format!(
        "  {:<width$} {:>6} {:>11} {:>17} {:>9}\n",
        "card", "copies", "kill turn", "change (95% CI)", "win rate"
    ));
    for c in &imp.cards {
        let change = match (c.kill_turn_change, c.ci95) {
            (Some(d), Some([lo, hi])) => format!("{} ({}..{})", signed(d), signed(lo), signed(hi)),
            _ => "-".into(),
        };
        out.push_str(&format!(
            "  {:<width$} {:>6} {:>11} {:>17} {:>9}\n",
            c.card,
            c.copies,
            c.mean_kill_turn.map_or("-".into(), |m| format!("{m:.2}")),
            change,
            signed(c.win_rate_change * 100.0)
        ));
    }
    out
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
