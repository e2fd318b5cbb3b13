//! The `deckwright` binary: argument parsing and dispatch only.

use std::process::ExitCode;

use clap::Parser;
use deckwright::cli::{self, Cli};

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli::run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(e.code)
        }
    }
}
