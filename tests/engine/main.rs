//! The game engines, rule by rule and as properties: one module per game
//! (the rule tests named after the rules-notes ids), Strange World's solo
//! and 2-4 player engine in [`world`], the computer players of every game in
//! [`computer`], engine invariants under random play, games split between a
//! player and the computer, and how much of each catalog the engine reads.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a test or bench fails loudly on what it does not expect"
)]

#[path = "../support/mod.rs"]
mod support;

mod bizarre;
mod blind;
mod computer;
mod coverage;
mod dice;
mod fuzzycards;
mod players;
mod props;
mod readings;
mod rizontical;
mod scenarios;
mod session;
mod typed;
mod verbs;
mod viewer;
mod world;
