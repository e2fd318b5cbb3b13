//! The files Deckwright reads and ships: catalogs (every bad input named by
//! file, line and key), deck lists in every format, the construction rules
//! of each game by rules-notes id, the sample content in `resources/`, the
//! documentation kept true to the data, and the parsers under fuzzing and
//! property tests.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a test or bench fails loudly on what it does not expect"
)]

#[path = "../support/mod.rs"]
mod support;

mod catalog;
mod decklist_roundtrip;
mod docs;
mod fuzz;
mod robustness;
mod rules;
mod sample_content;
