//! `deckwright match --catalog C DECK_A DECK_B [--catalog-b C2] --games N
//! [--seed S] [--json]` (formats.md §3): complete two-player games, both
//! decks played by the computer; seats alternate. With more decks:
//! `--gauntlet` plays the first against each of the others, `--round-robin`
//! every pair, reported as a matrix.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde::Serialize;

use crate::decklist;
use crate::engine::core::DEFAULT_MAX_TURNS;
use crate::engine::core::Viewer;
use crate::engine::fresh_seed;
use crate::engine::game::{Level, Think};
use crate::engine::matchup::{MatchConfig, MatchReport, Seats, Transcript};
use crate::engine::run::Progress;
use crate::engine::session::{DeckSide, Engine, EngineError, EngineOptions};
use crate::model::Catalog;

use super::goldfish::run_error;
use super::hand::overrides;
use super::out::out;
use super::progress::{Bar, interrupt_flag};
use super::{CliError, load_catalog, print_json};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The catalog (TOML file or stored name) deck A's cards come from, and
    /// the other decks' unless `--catalog-b` is given.
    #[arg(long, value_name = "CATALOG")]
    pub catalog: PathBuf,
    /// The catalog of the other decks.
    #[arg(long = "catalog-b", value_name = "CATALOG")]
    pub catalog_b: Option<PathBuf>,
    /// The decks: A and B; with --gauntlet or --round-robin, more.
    #[arg(required = true, num_args = 2..)]
    pub decks: Vec<PathBuf>,
    /// Games per pairing.
    #[arg(long, value_name = "N")]
    pub games: u64,
    /// The run's seed (default: a fresh one, shown so the run can be replayed).
    #[arg(long)]
    pub seed: Option<u64>,
    /// The first deck against each of the others.
    #[arg(long, conflicts_with = "round_robin")]
    pub gauntlet: bool,
    /// Every pair of decks, as a matrix of win rates.
    #[arg(long = "round-robin")]
    pub round_robin: bool,
    /// How the computer plays: easy, quick, strong, strongest, goldfish,
    /// random (and, to measure against, quick-v1 and flat: the quick and
    /// strong players before issue 27).
    #[arg(long, default_value = "quick")]
    pub level: String,
    /// Deck B's level, when different.
    #[arg(long = "level-b")]
    pub level_b: Option<String>,
    /// How long a searching level (strong, strongest, flat) thinks a move,
    /// in milliseconds (default: 1000; strongest 5000). Wall time: the games
    /// depend on the machine's speed and load.
    #[arg(long, value_name = "MS", conflicts_with = "think_iterations")]
    pub think: Option<u32>,
    /// A searching level's budget in iterations instead of time: the same
    /// seed then gives the same games on any machine and thread count.
    #[arg(long = "think-iterations", value_name = "N")]
    pub think_iterations: Option<u32>,
    /// Who sits first: alternate (default), a-first or a-second.
    #[arg(long, value_enum, default_value_t)]
    pub seats: crate::engine::matchup::Seats,
    /// Worker threads (default: every core; at most 4 a core). The result
    /// does not depend on it.
    #[arg(long, value_name = "N", value_parser = super::threads_arg)]
    pub threads: Option<usize>,
    /// Stop a game after this many of deck A's turns (a draw).
    #[arg(long = "max-turns", value_name = "T", default_value_t = DEFAULT_MAX_TURNS)]
    pub max_turns: u16,
    /// Override one of the game's named options.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// With `--games 1`: the game move by move, with the log as the
    /// viewer saw it.
    #[arg(long)]
    pub transcript: bool,
    /// Whose eyes the transcript is seen through: a, b, or all.
    #[arg(long, default_value = "all", value_parser = ["a", "b", "all"], requires = "transcript")]
    pub viewer: String,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

fn level(s: &str) -> Result<Level, CliError> {
    Level::parse(s).ok_or_else(|| {
        CliError::input(format!(
            "unknown level `{s}` (expected one of {})",
            Level::names()
        ))
    })
}

/// The budget of a searching level: the one given, else the level's own.
fn think(args: &Args, level: Level) -> Think {
    match (args.think, args.think_iterations) {
        (Some(ms), _) => Think::Millis(ms),
        (None, Some(n)) => Think::Iterations(n),
        (None, None) => level.default_think(),
    }
}

/// One deck loaded and compiled for play.
struct Loaded {
    path: PathBuf,
    cards: crate::engine::DeckCards,
}

fn load(catalog: &Catalog, path: &Path) -> Result<Loaded, CliError> {
    let deck = decklist::load(path)?;
    let cards = crate::engine::compile(catalog, &deck)
        .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
    Ok(Loaded {
        path: path.to_path_buf(),
        cards,
    })
}

/// The round robin's matrix.
#[derive(Serialize)]
struct RoundRobin<'a> {
    decks: Vec<String>,
    games: u64,
    seed: u64,
    /// `win_rate[i][j]`: deck i's win rate against deck j (null on the diagonal).
    win_rate: Vec<Vec<Option<f64>>>,
    matches: Vec<&'a MatchReport>,
}

#[derive(Serialize)]
struct Gauntlet<'a> {
    deck: String,
    games: u64,
    seed: u64,
    matches: Vec<&'a MatchReport>,
}

pub fn run(args: &Args, db: Option<&Path>) -> Result<ExitCode, CliError> {
    if args.think == Some(0) || args.think_iterations == Some(0) {
        return Err(CliError::input(
            "--think and --think-iterations must be at least 1",
        ));
    }
    if args.decks.len() > 2 && !args.gauntlet && !args.round_robin {
        return Err(CliError::input(
            "more than two decks: choose --gauntlet (the first against each) or --round-robin (every pair)",
        ));
    }
    if args.transcript && (args.games != 1 || args.decks.len() != 2) {
        return Err(CliError::input(
            "--transcript shows one game of two decks: give exactly two decks and --games 1",
        ));
    }
    let cat_a = load_catalog(&args.catalog, db)?;
    let cat_b = match &args.catalog_b {
        Some(c) => load_catalog(c, db)?,
        None => cat_a.clone(),
    };
    let opts = EngineOptions {
        overrides: overrides(&args.options)?,
        max_turns: args.max_turns,
        dummies: Vec::new(),
        position: false,
    };
    let level_a = level(&args.level)?;
    let level_b = args
        .level_b
        .as_deref()
        .map(level)
        .transpose()?
        .unwrap_or(level_a);
    let cfg = MatchConfig {
        games: args.games,
        seed: args.seed.unwrap_or_else(fresh_seed),
        levels: [level_a, level_b],
        think: [level_a, level_b].map(|l| think(args, l)),
        seats: args.seats,
        threads: args.threads,
    };
    // every deck against the catalog it plays from: A's own, B's the other
    let first = load(&cat_a, &args.decks[0])?;
    let rest_cat = if args.round_robin { &cat_a } else { &cat_b };
    let mut others = Vec::new();
    for d in &args.decks[1..] {
        others.push(load(rest_cat, d)?);
    }
    let pairs: Vec<(usize, usize)> = if args.round_robin {
        let n = args.decks.len();
        (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
            .collect()
    } else {
        (1..args.decks.len()).map(|j| (0, j)).collect()
    };
    let decks: Vec<&Loaded> = std::iter::once(&first).chain(others.iter()).collect();
    let catalog_of = |i: usize| {
        if i == 0 || args.round_robin {
            &cat_a
        } else {
            rest_cat
        }
    };
    let bar = Bar::new(cfg.games * pairs.len() as u64, "games", args.json);
    let mut reports = Vec::new();
    let mut transcript = None;
    for (k, &(i, j)) in pairs.iter().enumerate() {
        let engine = Engine::versus(
            DeckSide {
                catalog: catalog_of(i),
                cards: &decks[i].cards,
            },
            Some(DeckSide {
                catalog: catalog_of(j),
                cards: &decks[j].cards,
            }),
            &opts,
        )
        .map_err(|e| match e {
            EngineError::Setup(m) => CliError::input(m),
            e => CliError::input(e.to_string()),
        })?;
        let before = cfg.games * k as u64;
        let on_progress =
            |done: u64, _total: u64| bar.set(before + done, cfg.games * pairs.len() as u64);
        let progress = Progress {
            on_progress: &on_progress,
            cancel: interrupt_flag(),
        };
        let r = engine.play_match(&cfg, &progress).map_err(run_error)?;
        if args.transcript {
            let viewer = Viewer::parse(&args.viewer).unwrap_or(Viewer::All);
            transcript = Some(engine.transcript(&cfg, viewer).map_err(run_error)?);
        }
        reports.push(((i, j), r));
    }
    bar.finish();
    if let Some(t) = &transcript {
        if args.json {
            let mut v = serde_json::to_value(&reports[0].1)
                .map_err(|e| CliError::input(format!("cannot write JSON: {e}")))?;
            v["transcript"] = serde_json::to_value(t)
                .map_err(|e| CliError::input(format!("cannot write JSON: {e}")))?;
            print_json(&v)?;
        } else {
            out!(
                "{}",
                human(&reports[0].1, &name_of(&decks, 0), &name_of(&decks, 1))
            );
            out!("{}", transcript_text(t));
        }
        return Ok(ExitCode::SUCCESS);
    }
    let name = |i: usize| decks[i].path.display().to_string();
    if args.json {
        if args.round_robin {
            let n = decks.len();
            let mut m = vec![vec![None; n]; n];
            for ((i, j), r) in &reports {
                m[*i][*j] = Some(r.a.win_rate);
                m[*j][*i] = Some(r.b.win_rate);
            }
            print_json(&RoundRobin {
                decks: (0..n).map(name).collect(),
                games: cfg.games,
                seed: cfg.seed,
                win_rate: m,
                matches: reports.iter().map(|(_, r)| r).collect(),
            })?;
        } else if args.gauntlet {
            print_json(&Gauntlet {
                deck: name(0),
                games: cfg.games,
                seed: cfg.seed,
                matches: reports.iter().map(|(_, r)| r).collect(),
            })?;
        } else {
            print_json(&reports[0].1)?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    for ((i, j), r) in &reports {
        out!("{}", human(r, &name(*i), &name(*j)));
    }
    if args.round_robin {
        out!("{}", matrix(&reports, decks.len(), &name));
    }
    Ok(ExitCode::SUCCESS)
}

fn name_of(decks: &[&Loaded], i: usize) -> String {
    decks[i].path.display().to_string()
}

/// A transcript in words: each move (or the other seat's, unlabelled) and
/// the log lines it wrote.
pub fn transcript_text(t: &Transcript) -> String {
    let mut out = format!(
        "\ngame 1: seed {}, {} first, seen by {}\n",
        t.seed, t.first, t.viewer
    );
    for m in &t.moves {
        match &m.label {
            Some(l) => out.push_str(&format!("{}: {l}\n", m.seat)),
            None if m.log.is_empty() => continue,
            None => out.push_str(&format!("{}: …\n", m.seat)),
        }
        for line in &m.log {
            out.push_str(&format!("   | {line}\n"));
        }
    }
    let winner = match t.end["over"]["winner"].as_str() {
        Some("draw") => "a draw".to_string(),
        Some(w) => format!("{w} wins"),
        None => "unfinished".to_string(),
    };
    out.push_str(&format!("game over: {winner}\n"));
    out
}

/// The text report of one pairing.
pub fn human(r: &MatchReport, a: &str, b: &str) -> String {
    let game = crate::games::game(r.game).def();
    let pct = |x: f64| format!("{:.1}%", x * 100.0);
    let mut out = format!(
        "{} match: {} games, seed {}, seats {}, {:?} vs {:?}\n  A {a}\n  B {b}\n",
        game.name,
        r.games,
        r.seed,
        match r.seats {
            Seats::Alternate => "alternate",
            Seats::AFirst => "A first",
            Seats::ASecond => "A second",
        },
        r.levels[0],
        r.levels[1],
    );
    out.push_str(&format!(
        "  A wins {} ({}, 95% CI {}-{}), B wins {} ({}), draws {}{}\n",
        r.a.wins,
        pct(r.a.win_rate),
        pct(r.a.ci95[0]),
        pct(r.a.ci95[1]),
        r.b.wins,
        pct(r.b.win_rate),
        r.draws,
        if r.unfinished > 0 {
            format!(" ({} stopped at the turn limit)", r.unfinished)
        } else {
            String::new()
        }
    ));
    out.push_str(&format!(
        "  A going first: {} of {} ({}); going second: {} of {} ({}); mean length {:.1} turns\n",
        r.a.first.wins,
        r.a.first.games,
        pct(r.a.first.win_rate),
        r.a.second.wins,
        r.a.second.games,
        pct(r.a.second.win_rate),
        r.mean_turns
    ));
    if r.errors > 0 {
        out.push_str(&format!("  engine defects: {} games stopped\n", r.errors));
        if let Some(e) = &r.first_error {
            out.push_str(&format!(
                "  the first: game {} (seed {}): {}: {}\n",
                e.game, e.seed, e.rule, e.message
            ));
        }
    }
    out
}

fn matrix(
    reports: &[((usize, usize), MatchReport)],
    n: usize,
    name: &dyn Fn(usize) -> String,
) -> String {
    let mut m = vec![vec![None; n]; n];
    for ((i, j), r) in reports {
        m[*i][*j] = Some(r.a.win_rate);
        m[*j][*i] = Some(r.b.win_rate);
    }
    let mut out = String::from("win rate of the row's deck against the column's:\n");
    out.push_str(&format!("{:>6}", ""));
    for j in 0..n {
        out.push_str(&format!("{:>8}", format!("#{}", j + 1)));
    }
    out.push('\n');
    for (i, row) in m.iter().enumerate() {
        out.push_str(&format!("{:>6}", format!("#{}", i + 1)));
        for v in row {
            match v {
                Some(x) => out.push_str(&format!("{:>7.1}%", x * 100.0)),
                None => out.push_str(&format!("{:>8}", "—")),
            }
        }
        out.push_str(&format!("  {}\n", name(i)));
    }
    out
}
