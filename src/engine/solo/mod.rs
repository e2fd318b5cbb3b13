//! The Strange World solo mode (rulebook p.11, rules-notes SW §7): the game
//! engine, its scoring, the built-in players and the World file.
//!
//! - [`Components`]: what a catalog and the game file give the engine.
//! - [`Solo`]: a game as a state machine of typed [`Action`]s; an illegal
//!   action is refused with an [`IllegalMove`] quoting the rule.
//! - [`score()`]: the seven scoring parts of a World and the rating.
//! - [`Player`]s: [`RandomPlayer`], [`GreedyPlayer`], [`SearchPlayer`].
//! - [`play`], [`run_many`]: one logged game, or many in parallel with a
//!   progress callback and a cancel flag; [`SoloGame`]: undo and hints for the
//!   board screen.
//! - [`load_world`], [`WorldShape`]: the finished World file (formats.md §3).
//!
//! Everything is seeded: the same seed deals the same game and the same player
//! plays it the same way.

mod action;
mod components;
mod file;
mod game;
mod moves;
mod multi;
mod player;
mod run;
mod score;
mod seat;
mod supply;
pub mod words;
mod world;

pub use components::{Components, ComponentsError, Condition, Land, SoloRules, Traveller};
pub use file::{TravellerEntry, WorldFile, WorldShape, load_world, parse_world};
pub use game::{
    Action, Deal, Event, Events, Flip, IllegalMove, Phase, Solo, SoloPosition, StackView,
};
pub use moves::{Move, for_each_move};
pub use multi::{
    MAX_SEATS, MIN_SEATS, Match, MatchAction, MatchEvent, MatchIllegal, MatchPhase, MatchPosition,
    PASS_FIRST, PASS_SECOND, SunDirection,
};
pub use player::{
    GreedyPlayer, Player, PlayerKind, RandomPlayer, SearchConfig, SearchPlayer, Weights, hint,
};
pub use run::{
    GameRecord, PartMeans, RatingCount, ReplayError, RunConfig, SoloError, SoloGame, Step, Summary,
    play, play_score, player_seed, run_many, summarize,
};
pub use score::{Breakdown, TravellerScore, score, total, travellers};
pub use seat::{
    ComputerSeat, MatchRecord, MatchSummary, SeatLevel, SeatSummary, play_match, run_matches,
    seat_seed,
};
pub use supply::{Supply, TravellerOffer};
pub use world::{Cell, DarkCity, Edge, GRID, Pos, SIZE, Side, Welcomed, World};

/// The components of the sample Strange World catalog (for the unit tests).
#[cfg(test)]
pub(crate) fn sample() -> Components {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("resources/catalogs/strange-world.toml");
    let cat = crate::catalog::load(&path).unwrap().catalog;
    Components::with_defaults(&cat).unwrap()
}

/// "No card" in the engine's fixed-size arrays.
pub(crate) const NONE: u8 = u8::MAX;
/// Capacity for stacks (the solo game uses 7).
pub(crate) const MAX_STACKS: usize = 8;
/// Capacity for cards per stack (the solo game uses 3).
pub(crate) const MAX_STACK: usize = 3;
/// Capacity for revealed Travellers (the solo game reveals 3).
pub(crate) const MAX_OFFER: usize = 8;
/// Most Dark Cities a World can hold: two Fumaroles each on 16 cards.
pub(crate) const MAX_CITIES: usize = 8;
/// Most Travellers a World can welcome: one per portal, two cards each.
pub(crate) const MAX_WELCOMED: usize = 8;
