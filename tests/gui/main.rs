//! The app, headless: the real `App` on a temporary database, driven through
//! `update(Message)` and `iced_test` simulators (clicks, typing, snapshots),
//! and `.ice` scripts replayed with the real runtime. No display is needed.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a test or bench fails loudly on what it does not expect"
)]

mod harness;
mod live;
#[path = "../support/mod.rs"]
mod support;

mod close;
mod data;
mod decks;
mod dialogs;
mod editing;
mod flows;
mod forms;
mod hands;
mod ice;
mod matchups;
mod playtest;
mod print;
mod readings;
mod screens;
mod snapshots;
mod table_fit;
mod table_full;
mod tts;
mod tune;
mod world;
