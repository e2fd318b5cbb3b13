//! The `deckwright` binary driven as a user drives it, on real files and a
//! database of each test's own: `validate` and the deck-list formats, the
//! database subcommands, games added as data, `hand`, `odds`, `goldfish`,
//! `match`, `solo`/`score`, `world-match`, size limits, big imports and the
//! desktop entry script. (`pdf` is in the `pnp` tests, the store's commands
//! under bad conditions in the `store` tests.)
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a test or bench fails loudly on what it does not expect"
)]

#[path = "../pnp/support.rs"]
mod pnp_support;
#[path = "../support/mod.rs"]
mod support;

mod big_imports;
mod big_support;
mod db;
mod desktop;
mod games;
mod goldfish;
mod hand;
mod lexicon;
mod limits;
mod matchup;
mod odds;
mod outputs;
mod scenario;
mod solo;
mod special_files;
mod tune;
mod validate;
mod world_match;
