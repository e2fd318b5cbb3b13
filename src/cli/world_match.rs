//! `deckwright world-match --catalog C [--players N] [--level L | --seats L,L,..]
//! [--seed S] [--games N] [--option K=V] [--json]`
//!
//! Strange World for 2 to 4, every seat a computer player. One game prints
//! every turn (the Sun, the passes of the draft, each placement with what it
//! caused), each finished World and the scores with their breakdowns and the
//! winner. N games print each seat's wins, shared wins and mean stars.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde::Serialize;

use crate::engine::fresh_seed;
use crate::engine::solo::{
    Components, Event, MatchEvent, MatchRecord, MatchSummary, SeatLevel, WorldShape, play_match,
    run_matches,
};
use crate::model::GameId;

use super::out::out;
use super::progress::{Bar, INTERRUPTED, interrupt_flag, interrupted};
use super::solo::{Parts, components, flip_reason, world_text};
use super::{CliError, print_json};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// A Strange World catalog file (TOML).
    #[arg(long, value_name = "CATALOG")]
    pub catalog: PathBuf,
    /// Players, 2 to 4 (all at `--level`); ignored with `--seats`.
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub players: u8,
    /// The computer players' level.
    #[arg(long, value_enum, default_value_t = SeatLevel::Quick)]
    pub level: SeatLevel,
    /// One level per seat, comma-separated, e.g. `--seats strong,quick,quick`.
    #[arg(long, value_name = "L,L,..", value_delimiter = ',')]
    pub seats: Vec<String>,
    /// The seed: the same seed plays the same game(s). Default: from the clock
    /// (shown, so the run can be replayed).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// How many games to play (game i of a run uses its own seed).
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub games: usize,
    /// Override one of the game's named options, e.g.
    /// `--option two_player_sun_passes=false`. Repeatable.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &Args, db: Option<&Path>) -> Result<ExitCode, CliError> {
    let (cat, c) = components(&args.catalog, &args.options, db)?;
    let levels: Vec<SeatLevel> = if args.seats.is_empty() {
        vec![args.level; usize::from(args.players)]
    } else {
        args.seats
            .iter()
            .map(|s| {
                SeatLevel::parse(s.trim()).ok_or_else(|| {
                    CliError::input(format!(
                        "--seats: unknown level `{s}` (random, quick or strong)"
                    ))
                })
            })
            .collect::<Result<_, _>>()?
    };
    let players = u8::try_from(levels.len()).unwrap_or(u8::MAX);
    c.check_match(players)
        .map_err(|e| CliError::input(format!("{}: {e}", args.catalog.display())))?;
    if args.games == 0 {
        return Err(CliError::input("--games must be at least 1"));
    }
    let seed = args.seed.unwrap_or_else(fresh_seed);
    if args.games == 1 {
        let record = play_match(&c, &levels, seed).map_err(|e| CliError::input(e.to_string()))?;
        let report = OneReport::new(cat.game, &c, &record);
        if args.json {
            print_json(&report)?;
        } else {
            out!("{}", one_text(&c, &record, &report));
        }
        return Ok(ExitCode::SUCCESS);
    }
    let bar = Bar::new(args.games as u64, "games", args.json);
    let on_progress = |done: usize, total: usize| bar.set(done as u64, total as u64);
    let summary = run_matches(
        &c,
        &levels,
        args.games,
        seed,
        &on_progress,
        interrupt_flag(),
    )
    .map_err(|e| CliError::input(e.to_string()))?;
    bar.finish();
    if interrupted() {
        return Err(CliError {
            code: INTERRUPTED,
            message: format!("interrupted after {} games", summary.games),
        });
    }
    if args.json {
        print_json(&ManyReport {
            game: cat.game,
            summary: &summary,
        })?;
    } else {
        out!("{}", many_text(&summary));
    }
    Ok(ExitCode::SUCCESS)
}

/// `world-match --json`, one game.
#[derive(Debug, Serialize)]
struct OneReport {
    game: GameId,
    seed: u64,
    players: usize,
    seats: Vec<SeatReport>,
    winners: Vec<u8>,
    actions: usize,
    log: Vec<MatchEvent>,
}

#[derive(Debug, Serialize)]
struct SeatReport {
    seat: u8,
    level: SeatLevel,
    total: u32,
    parts: Parts,
    world: WorldShape,
}

impl OneReport {
    fn new(game: GameId, c: &Components, r: &MatchRecord) -> OneReport {
        OneReport {
            game,
            seed: r.seed,
            players: r.levels.len(),
            seats: r
                .levels
                .iter()
                .zip(&r.scores)
                .enumerate()
                .map(|(i, (&level, b))| SeatReport {
                    seat: i as u8,
                    level,
                    total: b.total,
                    parts: Parts::from(b),
                    world: WorldShape::of(r.end.seat(i as u8).world(), c),
                })
                .collect(),
            winners: r.winners.clone(),
            actions: r.actions,
            log: r.log.clone(),
        }
    }
}

/// Seat `s` as text: "P1 (quick)".
fn who(r: &MatchRecord, s: u8) -> String {
    format!(
        "P{} ({})",
        s + 1,
        r.levels.get(usize::from(s)).map_or("?", |l| l.as_str())
    )
}

fn one_text(c: &Components, r: &MatchRecord, report: &OneReport) -> String {
    let name = |i: u8| c.land(i).name.as_str();
    let names = |v: &[u8]| v.iter().map(|&i| name(i)).collect::<Vec<_>>().join(", ");
    let mut out = format!("Strange World for {}, seed {}\n", r.levels.len(), r.seed);
    for e in &r.log {
        let line = match e {
            MatchEvent::SunGiven { seat } => format!("{} takes the Sun", who(r, *seat)),
            MatchEvent::SunTurned { seat, direction } => {
                format!("{} turns the Sun {}", who(r, *seat), direction.as_str())
            }
            MatchEvent::SunPassed { seat } => format!("the Sun passes to {}", who(r, *seat)),
            MatchEvent::TurnStarted { turn } => format!("\nTurn {turn}"),
            MatchEvent::Dealt { seat, cards } => {
                format!("  {} is dealt {}", who(r, *seat), names(cards))
            }
            MatchEvent::Passed { from, to, cards } => format!(
                "  {} passes {} to {}",
                who(r, *from),
                names(cards),
                who(r, *to)
            ),
            MatchEvent::Seat { seat, event } => {
                let solo = r.end.seat(*seat);
                let w = solo.world();
                let p = who(r, *seat);
                match *event {
                    Event::Placed { card, at } => {
                        format!("  {p}: {} → {}", name(card), w.label(at))
                    }
                    Event::Flipped { card, at, cause } => format!(
                        "    {} on {} flips Tzimime side up: {}",
                        name(card),
                        w.label(at),
                        flip_reason(cause)
                    ),
                    Event::PortalCompleted { a, b } => {
                        format!("    portal completed: {}–{}", w.label(a), w.label(b))
                    }
                    Event::TravellerWelcomed {
                        traveller, side, ..
                    } => format!(
                        "    welcomes {} on the {} side",
                        c.travellers[usize::from(traveller)].name,
                        side.as_str()
                    ),
                    Event::Covered { card, at } => {
                        format!("    a Fumarole covers {} on {}", name(card), w.label(at))
                    }
                    Event::DarkCity { stars, a, b } => format!(
                        "    Dark City of {stars} stars between {} and {}",
                        w.label(a),
                        w.label(b)
                    ),
                    Event::StackTaken { .. } | Event::Revealed { .. } | Event::Finished { .. } => {
                        continue;
                    }
                }
            }
            MatchEvent::Finished { .. } => continue,
        };
        out.push_str(&line);
        out.push('\n');
    }
    for s in &report.seats {
        out.push_str(&format!("\n{}'s World\n", who(r, s.seat)));
        out.push_str(&world_text(&s.world));
    }
    out.push_str(&format!(
        "\n{:<14}{}\n",
        "",
        report
            .seats
            .iter()
            .map(|s| format!("{:>6}", format!("P{}", s.seat + 1)))
            .collect::<String>()
    ));
    let parts: Vec<[(&str, u32); 7]> = report.seats.iter().map(|s| s.parts.rows()).collect();
    for k in 0..7 {
        let label = parts.first().map_or("", |p| p[k].0).replace('_', " ");
        out.push_str(&format!("  {label:<12}"));
        for p in &parts {
            out.push_str(&format!("{:>6}", p[k].1));
        }
        out.push('\n');
    }
    out.push_str(&format!("  {:<12}", "total"));
    for s in &report.seats {
        out.push_str(&format!("{:>6}", s.total));
    }
    out.push('\n');
    let winners: Vec<String> = r.winners.iter().map(|&w| who(r, w)).collect();
    out.push_str(&match winners.len() {
        1 => format!("\nWinner: {}\n", winners[0]),
        _ => format!("\nShared win (tie): {}\n", winners.join(", ")),
    });
    out
}

/// `world-match --games N --json`.
#[derive(Debug, Serialize)]
struct ManyReport<'a> {
    game: GameId,
    #[serde(flatten)]
    summary: &'a MatchSummary,
}

fn many_text(s: &MatchSummary) -> String {
    let mut out = format!(
        "Strange World for {}: {} games from seed {}{}\n\n  seat  level    wins  shared  mean stars\n",
        s.levels.len(),
        s.games,
        s.seed,
        if s.cancelled { " (cancelled)" } else { "" }
    );
    for seat in &s.seats {
        out.push_str(&format!(
            "  P{:<4} {:<8} {:>4}  {:>6}  {:>10.1}\n",
            seat.seat + 1,
            seat.level.as_str(),
            seat.wins,
            seat.shared,
            seat.mean
        ));
    }
    out
}
