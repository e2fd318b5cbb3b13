//! The SQLite store on real files: round trips, transactions, versions and
//! old databases ([`basics`]), migrations, collection CSV files, everything
//! out and back in (`export-all`/`import-all`, `backup`/`restore`), and the
//! database under load and bad conditions through the CLI.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a test or bench fails loudly on what it does not expect"
)]

#[path = "../support/mod.rs"]
mod support;

mod archive;
mod basics;
mod collection_csv;
mod hostile;
mod migrations;
mod reliability;
