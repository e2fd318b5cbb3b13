//! The `deckwright` binary: argument parsing and dispatch only.

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;
use deckwright::cli::{self, Cli};

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return cli::parse_failed(&e),
    };
    match cli::run(cli) {
        Ok(code) => code,
        Err(e) => {
            // (not eprintln!, which panics when stderr is a closed pipe)
            let _ = writeln!(std::io::stderr(), "error: {e}");
            ExitCode::from(e.code)
        }
    }
}
