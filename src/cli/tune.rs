//! `deckwright tune --catalog C DECK [--against D1 D2 ...] [--pool
//! catalog|collection] [--level quick|strong] [--budget SECONDS |
//! --games-budget N] [--seed S] [--json]` (formats.md §7): the changes to a
//! deck that win more, proven on games the search never saw.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use crate::decklist;
use crate::engine::core::DEFAULT_MAX_TURNS;
use crate::engine::fresh_seed;
use crate::engine::game::{Level, Think};
use crate::engine::run::Progress;
use crate::engine::session::EngineOptions;
use crate::engine::tune::{
    Budget, Confirm, Estimate, Objective, Opponent, Pool, TuneConfig, TuneError, TuneReport, tune,
};
use crate::rules::{CheckOptions, Mode};

use super::goldfish::run_error;
use super::hand::overrides;
use super::out::out;
use super::progress::{Bar, interrupt_flag};
use super::{CliError, db, load_catalog, print_json};

/// Where the swaps come from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum PoolArg {
    /// Every card of the catalog.
    #[default]
    Catalog,
    /// The cards you own (the collection stored for this catalog).
    Collection,
}

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The catalog (TOML file or stored name) the cards come from.
    #[arg(long, value_name = "CATALOG")]
    pub catalog: PathBuf,
    /// The deck to tune.
    pub deck: PathBuf,
    /// The opponents' decks (same catalog); none: tune the goldfish kill turn.
    #[arg(long, num_args = 1.., value_name = "DECK")]
    pub against: Vec<PathBuf>,
    /// The cards that may come in: every catalog card, or only the ones you
    /// own (the collection stored for this catalog).
    #[arg(long, value_enum, default_value_t)]
    pub pool: PoolArg,
    /// The computer's level on both sides (quick by default; strong confirms
    /// where the budget allows).
    #[arg(long, default_value = "quick")]
    pub level: String,
    /// The search's time budget in seconds (default 60); the proof comes after.
    #[arg(long, value_name = "SECONDS", conflicts_with = "games_budget")]
    pub budget: Option<f64>,
    /// The search's budget in games instead: the same seed then gives the same
    /// answer on any machine and thread count.
    #[arg(long = "games-budget", value_name = "N")]
    pub games_budget: Option<u64>,
    /// Games of the proof for each deck measured (fresh seeds).
    #[arg(long = "proof-games", value_name = "M", default_value_t = 10_000)]
    pub proof_games: u64,
    /// Games a deck the strong level plays to look at a suggested change
    /// (default: as many as a quarter of --budget allows, after the proof;
    /// none with --games-budget; 0: none).
    #[arg(long = "confirm-games", value_name = "N")]
    pub confirm_games: Option<u64>,
    /// The run's seed (default: a fresh one, shown so the run can be replayed).
    #[arg(long)]
    pub seed: Option<u64>,
    /// A searching level's budget a move, in iterations (default 240).
    #[arg(long = "think-iterations", value_name = "N")]
    pub think_iterations: Option<u32>,
    /// Worker threads (default: every core; at most 4 a core). The result
    /// does not depend on it.
    #[arg(long, value_name = "N", value_parser = super::threads_arg)]
    pub threads: Option<usize>,
    /// Bizarre World: the deck mode (default: the starting deck's).
    #[arg(long)]
    pub mode: Option<String>,
    /// Override one of the game's named options.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// Stop a game after this many turns (a draw; the goldfish: a miss).
    #[arg(long = "max-turns", value_name = "T", default_value_t = DEFAULT_MAX_TURNS)]
    pub max_turns: u16,
    /// Write the tuned deck list here (only when a change is suggested).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &Args, dbp: Option<&Path>) -> Result<ExitCode, CliError> {
    if args.games_budget == Some(0) || args.proof_games == 0 || args.think_iterations == Some(0) {
        return Err(CliError::input(
            "--games-budget, --proof-games and --think-iterations must be at least 1",
        ));
    }
    let budget = match (args.budget, args.games_budget) {
        (_, Some(n)) => Budget::Games(n),
        (Some(s), None) if s.is_finite() && s > 0.0 && s <= 86_400.0 => {
            Budget::Time(Duration::from_secs_f64(s))
        }
        (Some(s), None) => {
            return Err(CliError::input(format!(
                "--budget must be between 0 and 86400 seconds (got {s})"
            )));
        }
        (None, None) => Budget::Time(Duration::from_secs(60)),
    };
    let level = Level::parse(&args.level).ok_or_else(|| {
        CliError::input(format!(
            "unknown level `{}` (expected one of {})",
            args.level,
            Level::names()
        ))
    })?;
    let catalog = load_catalog(&args.catalog, dbp)?;
    let deck = decklist::load(&args.deck)?;
    let mut opponents = Vec::new();
    for p in &args.against {
        opponents.push(Opponent {
            name: p.display().to_string(),
            deck: decklist::load(p)?,
        });
    }
    let pool = match args.pool {
        PoolArg::Collection => {
            let store = db::open(dbp)?;
            let info = db::catalog(&store, &catalog.name).map_err(|e| {
                CliError::input(format!(
                    "--pool collection: {e} (the collection is kept for stored catalogs)"
                ))
            })?;
            Pool::Collection(store.collection(info.id)?)
        }
        PoolArg::Catalog => Pool::Catalog,
    };
    let options = overrides(&args.options)?;
    let cfg = TuneConfig {
        level,
        think: args
            .think_iterations
            .map_or(level.fixed_think(), Think::Iterations),
        budget,
        seed: args.seed.unwrap_or_else(fresh_seed),
        threads: args.threads,
        proof_games: args.proof_games,
        confirm: match (args.confirm_games, budget) {
            (Some(0), _) | (None, Budget::Games(_)) => Confirm::Off,
            (Some(n), _) => Confirm::Games(n),
            (None, Budget::Time(d)) => Confirm::Time(d / 4),
        },
        check: CheckOptions {
            mode: args
                .mode
                .as_deref()
                .map(|m| m.parse::<Mode>())
                .transpose()
                .map_err(CliError::input)?,
            players: None,
            overrides: options.clone(),
        },
        engine: EngineOptions {
            overrides: options,
            max_turns: args.max_turns,
            dummies: Vec::new(),
            position: false,
        },
    };
    let unit = match budget {
        Budget::Games(_) => "games",
        Budget::Time(_) => "ms",
    };
    let bar = Bar::new(1, unit, args.json);
    let on_progress = |done: u64, total: u64| bar.set(done, total);
    let progress = Progress {
        on_progress: &on_progress,
        cancel: interrupt_flag(),
    };
    let report =
        tune(&catalog, &deck, &opponents, &pool, &cfg, &progress).map_err(|e| match e {
            TuneError::Run(e) => run_error(e),
            e => CliError::input(format!("{}: {e}", args.deck.display())),
        })?;
    bar.finish();
    if let (Some(path), true) = (&args.out, report.suggested) {
        let text = decklist::write_text(&report.tuned, Some(&catalog));
        std::fs::write(path, text)
            .map_err(|e| CliError::input(format!("{}: cannot write: {e}", path.display())))?;
    }
    if args.json {
        print_json(&report)?;
    } else {
        out!("{}", human(&report, &args.deck));
    }
    Ok(ExitCode::SUCCESS)
}

fn value(objective: Objective, e: &Estimate) -> String {
    match objective {
        Objective::WinRate => format!(
            "{:.1}% (95% CI {:.1}%-{:.1}%)",
            100.0 * e.value,
            100.0 * e.ci95[0],
            100.0 * e.ci95[1]
        ),
        Objective::KillTurn => format!(
            "turn {:.2} (95% CI {:.2}-{:.2})",
            e.value, e.ci95[0], e.ci95[1]
        ),
    }
}

fn human(r: &TuneReport, deck: &Path) -> String {
    let mut s = String::new();
    let against = if r.opponents.is_empty() {
        "the goldfish (mean kill turn)".to_string()
    } else {
        format!("{} (win rate)", r.opponents.join(", "))
    };
    s.push_str(&format!(
        "Tuning {} ({}) against {against}, level {}, seed {}\n",
        deck.display(),
        r.game,
        r.level,
        r.seed
    ));
    s.push_str(&format!(
        "  search: {} games, {} steps, {} candidates raced, {} restarts\n",
        r.search_games, r.steps, r.candidates, r.restarts
    ));
    s.push_str(&format!(
        "  proof: {} fresh games a deck, seeds the search never used\n",
        r.proof_games
    ));
    s.push_str(&format!("  before: {}\n", value(r.objective, &r.before)));
    if r.suggested {
        s.push_str(&format!("  after:  {}\n", value(r.objective, &r.after)));
        s.push_str(&format!("  gain:   {}\n", r.objective.gain_text(&r.gain)));
        if let Some(c) = &r.strong {
            s.push_str(&format!("  strong: {}\n", c.summary(r.objective)));
        }
        s.push_str("Changes (each measured alone on the proof games):\n");
        for c in &r.changes {
            let effect = c.effect.map_or(
                "only with the other changes (not legal alone)".to_string(),
                |e| r.objective.gain_text(&e),
            );
            s.push_str(&format!(
                "  -{} {}  +{} {}   {effect}\n",
                c.copies, c.out, c.copies, c.into
            ));
        }
        s.push_str("Tuned deck:\n");
        for line in &r.deck {
            s.push_str(&format!("  {line}\n"));
        }
    } else {
        s.push_str("No change found that wins more: the deck stays as it is.\n");
        if let Some(u) = &r.unproven {
            let what: Vec<String> = u
                .changes
                .iter()
                .map(|c| format!("-{} {} +{} {}", c.copies, c.out, c.copies, c.into))
                .collect();
            s.push_str(&format!(
                "  (the search's best, {}, measured {} on the proof games: not above zero)\n",
                what.join(", "),
                r.objective.gain_text(&u.gain)
            ));
        }
    }
    s
}
