//! The rules engine: test hands, exact odds, goldfish games, two-player games
//! and the Strange World solo mode. Plain Rust: no GUI or database imports.
//!
//! - [`core`]: the state every game shares (zones with the one move-card
//!   path, seeded RNG, seats, turns, life, outcome, trace, log).
//! - [`effect`]: the one effect language — abilities as typed values, their
//!   interpreter, lasting changes, each game's support table and the
//!   rules-text grammar.
//! - [`game`]: the contract each game's plug-in fulfils ([`game::Rules`]).
//! - one folder per game plug-in; [`PLUGINS`] is the one list naming them.
//! - [`session`]: the one API the CLI and the app use ([`Engine`],
//!   [`Session`]); [`hand`], [`odds`], [`run`], [`compare`] and
//!   [`coverage`] are written once for every game.
//!
//! Randomness is always seeded: every game state owns its own RNG, created
//! from a seed the caller shows and can replay. `thread_rng()` is never used
//! here. Parallel runs derive one seed per game ([`core::game_seed`]) so
//! results do not depend on the number of threads.

pub mod bizarre;
pub mod compare;
pub mod core;
pub mod coverage;
pub mod dealt;
mod deck;
pub mod dice;
pub mod effect;
pub mod filter;
pub mod fuzzycards;
pub mod game;
pub mod hand;
pub mod ismcts;
pub mod matchup;
pub mod odds;
pub mod position;
pub mod rizontical;
pub mod run;
pub mod schedule;
pub mod search;
pub mod session;
pub mod solo;
pub mod teach;
pub mod tune;

pub use self::core::{Rng, fresh_seed, game_seed, rng};
pub use deck::{DeckCards, DeckError, MAX_DECK_CARDS, compile};
pub use session::{Engine, EngineError, EngineOptions, Plugin, Session};

use crate::model::GameId;

/// Every game engine plug-in: the one place that names them.
pub static PLUGINS: &[&dyn Plugin] = &[
    &fuzzycards::PLUGIN,
    &bizarre::PLUGIN,
    &rizontical::PLUGIN,
    &dice::PLUGIN,
];

/// The engine plug-in of `game`, if it has one.
pub fn plugin(game: GameId) -> Option<&'static dyn Plugin> {
    PLUGINS.iter().copied().find(|p| p.game() == game)
}

/// Validates `deck` against `catalog` under its game's rules, with the
/// cards' text read by the game's engine where the rulebook lets card text
/// override the construction rules (DD-D4 "Card effects always win
/// arguments"). What the CLI's `validate` and the deck builder run.
pub fn validate(
    catalog: &crate::model::Catalog,
    deck: &crate::model::Deck,
    opts: &crate::rules::CheckOptions,
) -> Result<crate::rules::Report, crate::games::OptionError> {
    match plugin(catalog.game) {
        Some(p) => crate::games::validate_with(catalog, deck, opts, &|c| p.card_rules(c)),
        None => crate::games::validate(catalog, deck, opts),
    }
}

/// Whether decks of `game` can be dealt — test hands, odds, the playtest's
/// draws: it has an engine, or its `[setup]` deals a hand ([`dealt`]).
pub fn deals(game: GameId) -> bool {
    plugin(game).is_some()
        || crate::games::get(game).is_some_and(|g| g.def().setup.opening_hand.is_some())
}
