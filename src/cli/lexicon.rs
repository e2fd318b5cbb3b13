//! `deckwright lexicon list|add|remove|suggest --game G`: phrases users teach
//! a game's grammar (issue 49). `add` shows, before anything is saved, every
//! stored card of the game that would read differently (with `--dry-run`,
//! only shows it); `suggest` gives the wordings the grammar reads nearest to
//! a sentence it does not understand.

use std::path::Path;
use std::process::ExitCode;

use clap::Subcommand;
use serde::Serialize;

use crate::engine::effect::taught;
use crate::engine::teach::{self, Changed};
use crate::model::{Card, GameId};
use crate::store::{Store, TaughtPhrase};

use super::out::outln;
use super::{CliError, db, print_json};

#[derive(Debug, Subcommand)]
pub enum Args {
    /// List the phrases taught (every game's, or one game's with --game).
    List {
        #[arg(long)]
        game: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Teach a game that PHRASE means MEANS (a wording its grammar reads):
    /// every card of the game is read with it from now on. The cards that
    /// would read differently are shown first.
    Add {
        #[arg(long)]
        game: String,
        phrase: String,
        means: String,
        /// Show the cards that would read differently; save nothing.
        #[arg(long)]
        dry_run: bool,
        #[arg(long)]
        json: bool,
    },
    /// Forget a taught phrase.
    Remove {
        #[arg(long)]
        game: String,
        phrase: String,
    },
    /// The wordings the grammar reads that are nearest to SENTENCE (from the
    /// fully read cards of the game's stored catalogs).
    Suggest {
        #[arg(long)]
        game: String,
        sentence: String,
        #[arg(long, default_value_t = 3)]
        count: usize,
        #[arg(long)]
        json: bool,
    },
}

impl Args {
    /// See [`super::Command::writes`].
    pub fn writes(&self) -> Option<&'static str> {
        match self {
            Args::Add { dry_run: false, .. } => Some("lexicon add"),
            Args::Remove { .. } => Some("lexicon remove"),
            _ => None,
        }
    }
}

fn game_of(id: &str) -> Result<GameId, CliError> {
    id.parse::<GameId>()
        .map_err(|e| CliError::input(format!("--game: {e}")))
}

/// Every card of `game` in the stored catalogs.
fn cards_of(store: &Store, game: GameId) -> Result<Vec<Card>, CliError> {
    let mut cards = Vec::new();
    for info in store.catalogs()? {
        if info.game == game {
            cards.extend(store.load_catalog(info.id)?.cards);
        }
    }
    Ok(cards)
}

#[derive(Serialize)]
struct Added<'a> {
    game: &'a str,
    phrase: String,
    means: String,
    saved: bool,
    /// What the phrase meant before, when it was taught already.
    #[serde(skip_serializing_if = "Option::is_none")]
    replaced: Option<String>,
    changes: &'a [Changed],
}

pub fn run(args: &Args, dbp: Option<&Path>) -> Result<ExitCode, CliError> {
    match args {
        Args::List { game, json } => {
            if let Some(g) = game {
                game_of(g)?;
            }
            let store = db::open(dbp)?;
            let list: Vec<TaughtPhrase> = store.taught_phrases(game.as_deref())?;
            if *json {
                print_json(&serde_json::json!({ "phrases": list }))?;
            } else if list.is_empty() {
                outln!("no phrase taught");
            } else {
                for t in &list {
                    outln!("{}: \"{}\" means \"{}\"", t.game, t.phrase, t.means);
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Args::Add {
            game,
            phrase,
            means,
            dry_run,
            json,
        } => {
            let g = game_of(game)?;
            let (phrase, means) = (taught::tidy(phrase), taught::tidy(means));
            if let Some(reason) = taught::problem(&phrase, &means) {
                return Err(CliError::input(reason));
            }
            let mut store = db::open(dbp)?;
            let cards = cards_of(&store, g)?;
            let changes = teach::preview(g, &cards, &phrase, &means);
            let replaced = if *dry_run {
                None
            } else {
                store.teach_phrase(g.as_str(), &phrase, &means)?.before
            };
            if *json {
                print_json(&Added {
                    game: g.as_str(),
                    phrase,
                    means,
                    saved: !dry_run,
                    replaced,
                    changes: &changes,
                })?;
                return Ok(ExitCode::SUCCESS);
            }
            if changes.is_empty() {
                outln!("no stored card of {} reads differently with it", g.as_str());
            } else {
                outln!(
                    "{} card{} of {} read{} differently with it:",
                    changes.len(),
                    if changes.len() == 1 { "" } else { "s" },
                    g.as_str(),
                    if changes.len() == 1 { "s" } else { "" }
                );
                for c in &changes {
                    outln!("  {} ({:?} -> {:?})", c.name, c.before, c.after);
                    for s in &c.says_after {
                        outln!("    now: {s}");
                    }
                    for s in &c.not_understood_after {
                        outln!("    still not understood: \"{s}\"");
                    }
                }
            }
            if *dry_run {
                outln!("(--dry-run: nothing saved)");
            } else {
                match replaced {
                    Some(before) => outln!(
                        "{}: \"{phrase}\" means \"{means}\" (it meant \"{before}\")",
                        g.as_str()
                    ),
                    None => outln!("{}: \"{phrase}\" means \"{means}\"", g.as_str()),
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Args::Remove { game, phrase } => {
            let g = game_of(game)?;
            let mut store = db::open(dbp)?;
            let change = store.untaught_phrase(g.as_str(), phrase)?;
            outln!(
                "{}: \"{}\" forgotten (it meant \"{}\")",
                g.as_str(),
                change.phrase,
                change.before.unwrap_or_default()
            );
            Ok(ExitCode::SUCCESS)
        }
        Args::Suggest {
            game,
            sentence,
            count,
            json,
        } => {
            let g = game_of(game)?;
            let store = db::open(dbp)?;
            let known = teach::known_sentences(g, &cards_of(&store, g)?);
            let near = teach::nearest(sentence, &known, *count);
            if *json {
                let list: Vec<_> = near
                    .iter()
                    .map(|(s, l)| serde_json::json!({ "wording": s, "likeness": l }))
                    .collect();
                print_json(&serde_json::json!({ "nearest": list }))?;
            } else if near.is_empty() {
                outln!("no wording of {} is near it", g.as_str());
            } else {
                for (s, l) in &near {
                    outln!("{:>3.0}%  {s}", l * 100.0);
                }
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}
