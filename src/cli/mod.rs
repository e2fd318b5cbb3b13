//! The command line (formats.md §3): one module per subcommand. With no
//! subcommand the binary opens the app.
//!
//! Exit codes: 0 success (for `validate`: legal), 1 `validate` found
//! violations, 2 input error with one message on stderr naming the file and line.

mod archive;
mod calibration;
mod catalog;
mod collection;
mod db;
mod deck;
mod game;
mod goldfish;
mod hand;
mod lexicon;
mod matchup;
mod odds;
mod out;
pub use out::parse_failed;
mod pdf;
mod progress;
mod scenario;
mod score;
mod solo;
mod tts;
mod tune;
mod validate;
mod world_match;

use std::fmt;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use self::out::{outln, warnln};
use crate::diag::Diagnostics;
use crate::model::Catalog;

/// Deck building, collection, playtesting and print-and-play for indie card games.
#[derive(Debug, Parser)]
#[command(name = "deckwright", version, about, long_about = None)]
pub struct Cli {
    /// The database to use instead of the one in the user's data folder
    /// (default: $DECKWRIGHT_DB when set and not empty).
    // Not clap's `env`: it refuses an empty DECKWRIGHT_DB instead of falling
    // back to the default (Store::default_path reads the variable).
    #[arg(long, global = true, value_name = "PATH")]
    pub db: Option<PathBuf>,

    /// Add the game a game-definition file defines (schema/game.md) for this
    /// run. Repeatable; the games in the `games/` folder beside the database
    /// are added without it.
    #[arg(long = "game-file", global = true, value_name = "FILE.toml")]
    pub game_files: Vec<PathBuf>,
    /// Open the database read-only: reads work, every change is refused, and
    /// no file is created or changed. (A database this user cannot write is
    /// opened read-only anyway.)
    #[arg(long, global = true)]
    pub read_only: bool,

    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check a deck against its game's construction rules.
    Validate(validate::Args),
    /// Deal an opening hand (the game's own setup), seeded and replayable.
    Hand(hand::Args),
    /// Exact odds of holding cards by a turn (hypergeometric).
    Odds(odds::Args),
    /// Play solo games against a passive opponent and report kill turns.
    Goldfish(goldfish::Args),
    /// Strange World solo mode played by a built-in player: score and rating.
    Solo(solo::Args),
    /// Strange World for 2 to 4 played by computer players: scores and winner.
    WorldMatch(world_match::Args),
    /// Strange World: score a finished 4x4 World file.
    Score(score::Args),
    /// Catalog files and the catalogs stored in the database.
    #[command(subcommand)]
    Catalog(catalog::Args),
    /// Decks stored in the database, with their versions.
    #[command(subcommand)]
    Deck(deck::Args),
    /// Owned cards, what a deck is missing, CSV import and export.
    #[command(subcommand)]
    Collection(collection::Args),
    /// Print-and-play PDF: nine-up pages or eight-fold sheets.
    Pdf(pdf::Args),
    /// Tabletop Simulator: the deck as a saved object and its deck sheets.
    Tts(tts::Args),
    /// Calibration sheets: a duplex printer's offset, a cutting machine's test cut.
    Calibration(calibration::Args),
    /// The games known, and checking game-definition files.
    #[command(subcommand)]
    Game(game::Args),
    /// Complete two-player games between decks, both played by the computer.
    Match(matchup::Args),
    /// The changes to a deck that win more (or kill sooner), searched over
    /// the catalog or your collection and proven on fresh games.
    Tune(tune::Args),
    /// Phrases taught to a game's grammar: "the opposing player" means
    /// "your opponent", for every card of the game.
    #[command(subcommand)]
    Lexicon(lexicon::Args),
    /// Positions set up from a file, moves played from them, and checks
    /// on the result (formats.md §5).
    #[command(subcommand)]
    Scenario(scenario::Args),
    #[command(flatten)]
    Archive(archive::Args),
}

impl Command {
    /// The command's name when it changes the database: under
    /// `--read-only` it is refused before it runs (issue 48).
    fn writes(&self) -> Option<&'static str> {
        match self {
            Command::Catalog(a) => a.writes(),
            Command::Deck(a) => a.writes(),
            Command::Collection(a) => a.writes(),
            Command::Archive(a) => a.writes(),
            Command::Lexicon(a) => a.writes(),
            _ => None,
        }
    }
}

/// A failure with its exit code (2 for input errors).
#[derive(Debug)]
pub struct CliError {
    pub code: u8,
    pub message: String,
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // a message may quote input of any length (a 200 MB card name)
        f.write_str(&crate::diag::cut_long_lines(&self.message))
    }
}

impl CliError {
    /// An input error (exit code 2).
    pub fn input(message: impl Into<String>) -> CliError {
        CliError {
            code: 2,
            message: message.into(),
        }
    }
}

impl From<Diagnostics> for CliError {
    fn from(d: Diagnostics) -> CliError {
        CliError::input(d.to_string())
    }
}

/// Runs a parsed command line. What the command printed is flushed before
/// it returns, so that a failed last write is its error too (see [`out`]).
pub fn run(cli: Cli) -> Result<ExitCode, CliError> {
    let code = dispatch(cli);
    let flushed = out::flush();
    let code = code?;
    flushed?;
    Ok(code)
}

fn dispatch(cli: Cli) -> Result<ExitCode, CliError> {
    db::set_read_only(cli.read_only);
    if let Some(name) = cli.command.as_ref().and_then(Command::writes) {
        db::refuse_if_read_only(cli.db.as_deref(), name)?;
    }
    add_games(&cli)?;
    match cli.command {
        None => {
            if cli.read_only {
                return Err(CliError::input(
                    "--read-only is for the subcommands; the app opens a database it cannot write read-only by itself",
                ));
            }
            let path = db::db_path(cli.db.as_deref())?;
            crate::gui::run(path).map_err(|e| CliError {
                code: 1,
                message: format!(
                    "cannot run the app: {e} (the subcommands work without a display; see --help)"
                ),
            })?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Validate(args)) => validate::run(&args, cli.db.as_deref()),
        Some(Command::Hand(args)) => hand::run(&args, cli.db.as_deref()),
        Some(Command::Odds(args)) => odds::run(&args, cli.db.as_deref()),
        Some(Command::Goldfish(args)) => goldfish::run(&args, cli.db.as_deref()),
        Some(Command::Solo(args)) => solo::run(&args, cli.db.as_deref()),
        Some(Command::WorldMatch(args)) => world_match::run(&args, cli.db.as_deref()),
        Some(Command::Score(args)) => score::run(&args, cli.db.as_deref()),
        Some(Command::Catalog(args)) => catalog::run(&args, cli.db.as_deref()),
        Some(Command::Deck(args)) => deck::run(&args, cli.db.as_deref()),
        Some(Command::Collection(args)) => collection::run(&args, cli.db.as_deref()),
        Some(Command::Pdf(args)) => pdf::run(&args, cli.db.as_deref()),
        Some(Command::Tts(args)) => tts::run(&args, cli.db.as_deref()),
        Some(Command::Lexicon(args)) => lexicon::run(&args, cli.db.as_deref()),
        Some(Command::Calibration(args)) => calibration::run(&args),
        Some(Command::Game(args)) => game::run(&args),
        Some(Command::Match(args)) => matchup::run(&args, cli.db.as_deref()),
        Some(Command::Tune(args)) => tune::run(&args, cli.db.as_deref()),
        Some(Command::Scenario(args)) => scenario::run(&args, cli.db.as_deref()),
        Some(Command::Archive(args)) => archive::run(&args, cli.db.as_deref()),
    }
}

/// Adds the games users defined: the `games/` folder beside the database
/// (a broken file there is a warning, so that one bad file does not stop
/// every command), then each `--game-file` (a broken one is an input error).
fn add_games(cli: &Cli) -> Result<(), CliError> {
    if let Ok(db) = db::db_path(cli.db.as_deref()) {
        for problem in crate::games::add_folder(&crate::games::games_folder(&db)) {
            warnln!("warning: {problem} (this game is not loaded)");
        }
        // the phrases the user taught the games: a catalog file read by any
        // command reads with them, as the app does (issue 49). Opening
        // read-only writes nothing; a database that does not open here is
        // left for the command to report, if it uses it.
        if db.is_file() {
            let _ = crate::store::Store::open_read_only(&db);
        }
    }
    for file in &cli.game_files {
        crate::games::add_file(file)?;
    }
    Ok(())
}

/// Loads `--catalog`: a catalog file, or — when no such file exists and the
/// argument looks like a name (no folder, no `.toml`) — a catalog stored in the
/// database, by name or id.
pub(crate) fn load_catalog(arg: &Path, dbp: Option<&Path>) -> Result<Catalog, CliError> {
    let looks_like_name =
        arg.components().count() == 1 && arg.extension().is_none_or(|e| e != "toml");
    if arg.exists() || !looks_like_name {
        return Ok(crate::catalog::load(arg)?.catalog);
    }
    let store = db::open(dbp)?;
    let info = db::catalog(&store, &arg.to_string_lossy())?;
    Ok(store.load_catalog(info.id)?)
}

/// [`load_catalog`] with the catalog file's card lines (to point errors at
/// them); a stored catalog has none.
pub(crate) fn load_catalog_with_lines(
    arg: &Path,
    dbp: Option<&Path>,
) -> Result<(Catalog, Vec<usize>), CliError> {
    if arg.is_file() {
        let loaded = crate::catalog::load(arg)?;
        Ok((loaded.catalog, loaded.card_lines))
    } else {
        Ok((load_catalog(arg, dbp)?, Vec::new()))
    }
}

/// The most worker threads a core: more only wait their turn (100,000
/// threads for 10 games ran past 20 s just starting up).
const THREADS_PER_CORE: usize = 4;

/// Parses `--threads N`: 1 to [`THREADS_PER_CORE`] times this machine's
/// cores.
pub(crate) fn threads_arg(s: &str) -> Result<usize, String> {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let most = cores * THREADS_PER_CORE;
    let n: usize = s
        .parse()
        .map_err(|_| format!("`{}` is not a whole number", crate::diag::cut_quoted(s)))?;
    if n == 0 {
        return Err("must be at least 1".into());
    }
    if n > most {
        return Err(format!(
            "at most {most} ({THREADS_PER_CORE} a core, and this machine has {cores} core{})",
            if cores == 1 { "" } else { "s" }
        ));
    }
    Ok(n)
}

/// Prints `value` as one JSON object on stdout.
pub(crate) fn print_json(value: &impl serde::Serialize) -> Result<(), CliError> {
    let text = serde_json::to_string_pretty(value)
        .map_err(|e| CliError::input(format!("cannot write JSON: {e}")))?;
    outln!("{text}");
    Ok(())
}
