//! Deckwright: deck building, collection tracking, playtesting and
//! print-and-play for indie card games.
//!
//! The core — [`model`], [`games`], [`rules`], [`catalog`], [`decklist`],
//! [`collection`], [`stats`] — is plain Rust with no GUI or database imports. The
//! [`store`] keeps everything in SQLite; [`cli`] is the headless front end.

pub mod catalog;
pub mod cli;
pub mod collection;
pub mod decklist;
pub mod diag;
pub mod engine;
pub mod files;
pub mod games;
pub mod gui;
pub mod model;
pub mod pnp;
pub mod rules;
pub mod scenario;
pub mod stats;
pub mod store;
