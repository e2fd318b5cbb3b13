//! `deckwright odds --catalog C DECK --card NAME [--copies-in-hand K] [--turn T] [--second] [--json]`
//! (formats.md §3), plus `--filter EXPR` (type, cost <= n, force, colour...),
//! several `--card`/`--filter` at once (all must hold: multivariate), and
//! `--table` (every card × turns 0-6, as the deck builder shows it).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::engine::core::Seat;
use crate::engine::filter::Filter;
use crate::engine::odds::{self, Matcher, OddsReport, OddsTable, Pile, Query, Requirement};
use crate::engine::session::EngineOptions;

use super::hand::{load_engine, overrides};
use super::out::out;
use super::{CliError, load_catalog, print_json};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The catalog file (TOML) the deck's cards come from, or a stored catalog's name.
    #[arg(long, value_name = "CATALOG")]
    pub catalog: PathBuf,
    /// The deck list.
    pub deck: PathBuf,
    /// A card name (repeatable: every one must be held).
    #[arg(long, value_name = "NAME")]
    pub card: Vec<String>,
    /// Cards matching a filter, e.g. `type=hero,cost<=2` (repeatable).
    #[arg(long, value_name = "EXPR")]
    pub filter: Vec<String>,
    /// At least this many (default 1); give one per --card/--filter, in
    /// order (cards first), or one for all.
    #[arg(long = "copies-in-hand", value_name = "K")]
    pub copies: Vec<u32>,
    /// By the draw step of this turn (default 0: the opening hand, before any mulligan).
    #[arg(long, value_name = "T", default_value_t = 0)]
    pub turn: u32,
    /// Going second.
    #[arg(long)]
    pub second: bool,
    /// Every card of the deck × turns 0-6.
    #[arg(long)]
    pub table: bool,
    /// Override one of the game's named options.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// The most turns a query may look ahead.
const MAX_TURN: u32 = 1000;

pub fn run(args: &Args, db: Option<&Path>) -> Result<ExitCode, CliError> {
    if args.turn > MAX_TURN {
        return Err(CliError::input(format!("--turn: at most {MAX_TURN}")));
    }
    let opts = EngineOptions {
        overrides: overrides(&args.options)?,
        ..EngineOptions::default()
    };
    let catalog = load_catalog(&args.catalog, db)?;
    let engine = load_engine(&catalog, &args.deck, &opts)?;
    let seat = Seat::from_second(args.second);
    let fail = |e: odds::OddsError| CliError::input(e.to_string());
    if args.table {
        let k = match args.copies.as_slice() {
            [] => 1,
            [k] => *k,
            _ => return Err(CliError::input("--table takes one --copies-in-hand")),
        };
        let t = odds::table(&catalog, &engine, seat, k).map_err(fail)?;
        if args.json {
            print_json(&t)?;
        } else {
            out!("{}", human_table(&t));
        }
        return Ok(ExitCode::SUCCESS);
    }
    let mut matchers: Vec<Matcher> = args.card.iter().map(|c| Matcher::Card(c.clone())).collect();
    for f in &args.filter {
        matchers.push(Matcher::Filter(
            Filter::parse(f, engine.game()).map_err(|e| CliError::input(e.to_string()))?,
        ));
    }
    if matchers.is_empty() {
        return Err(CliError::input(
            "name a card with --card NAME (or --filter EXPR, or --table)",
        ));
    }
    let ks: Vec<u32> = match args.copies.as_slice() {
        [] => vec![1; matchers.len()],
        [k] => vec![*k; matchers.len()],
        ks if ks.len() == matchers.len() => ks.to_vec(),
        ks => {
            return Err(CliError::input(format!(
                "{} --copies-in-hand values for {} cards and filters: give one, or one each",
                ks.len(),
                matchers.len()
            )));
        }
    };
    let query = Query {
        requirements: matchers
            .into_iter()
            .zip(ks)
            .map(|(matcher, at_least)| Requirement { matcher, at_least })
            .collect(),
        turn: args.turn,
        seat,
    };
    let report = odds::odds(&catalog, &engine, &query).map_err(fail)?;
    if args.json {
        print_json(&report)?;
    } else {
        out!("{}", human(&report));
    }
    Ok(ExitCode::SUCCESS)
}

fn pct(p: f64) -> String {
    format!("{:.2}%", p * 100.0)
}

/// The text form of one answer.
pub fn human(r: &OddsReport) -> String {
    let wants: Vec<String> = r
        .requirements
        .iter()
        .map(|q| format!("at least {} {}", q.at_least, q.card))
        .collect();
    let when = if r.turn == 0 {
        "in the opening hand".to_string()
    } else {
        format!("by the draw step of {} {}", r.turn_unit, r.turn)
    };
    let mut out = format!(
        "P({} {when}, going {}) = {}\n",
        wants.join(" and "),
        r.seat.as_str(),
        pct(r.probability)
    );
    for q in &r.requirements {
        let pile = match q.pile {
            Pile::Deck => "deck",
            Pile::Fighters => "Fighter deck",
            Pile::Numen => "Numen zone",
        };
        out.push_str(&format!("  {}: {} in the {pile}\n", q.card, q.matching));
    }
    out.push_str(&format!(
        "  {} of {} cards seen; {}\n",
        r.seen, r.deck_size, r.method
    ));
    out.push_str(&format!(
        "  {:<6}",
        r.turn_unit.split(' ').next_back().unwrap_or("turn")
    ));
    for t in &r.by_turn {
        out.push_str(&format!("{:>8}", t.turn));
    }
    out.push_str("\n        ");
    for t in &r.by_turn {
        out.push_str(&format!("{:>8}", pct(t.probability)));
    }
    out.push('\n');
    out
}

/// The text form of the table.
pub fn human_table(t: &OddsTable) -> String {
    let game = crate::games::game(t.game).def();
    let width = t
        .rows
        .iter()
        .map(|r| r.card.chars().count())
        .max()
        .unwrap_or(4)
        .max(10);
    let mut out = format!(
        "{}: P(at least {} of a card) by the draw step of each {}, going {}\n",
        game.name,
        t.at_least,
        t.turn_unit,
        t.seat.as_str()
    );
    out.push_str(&format!("{:<width$}  {:>6}", "card", "copies"));
    for turn in 0..t.seen.len() {
        out.push_str(&format!("{:>8}", format!("t{turn}")));
    }
    out.push('\n');
    for r in &t.rows {
        out.push_str(&format!("{:<width$}  {:>6}", r.card, r.copies));
        for p in &r.probability {
            out.push_str(&format!("{:>8}", pct(*p)));
        }
        out.push('\n');
    }
    out.push_str(&format!("{:<width$}  {:>6}", "cards seen", ""));
    for s in &t.seen {
        out.push_str(&format!("{s:>8}"));
    }
    out.push('\n');
    out
}
