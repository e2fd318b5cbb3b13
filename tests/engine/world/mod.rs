//! Strange World: placement rules and scoring on prepared deals and
//! hand-computed Worlds, properties of the solo engine over many seeded
//! games, and the game for 2 to 4 players.

pub(crate) mod players;
mod props;
mod rules;
mod scoring;
