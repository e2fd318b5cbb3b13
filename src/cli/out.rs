//! Standard output of the subcommands, written through [`out!`] and
//! [`outln!`] instead of `print!`/`println!`, which panic when stdout cannot
//! be written.
//!
//! Two failures are told apart:
//! - **the reader went away** (`deckwright catalog show X | head -1`): the
//!   pipe is closed, nothing more can reach anyone, so the rest of the output
//!   is dropped quietly and the command finishes with its usual exit code
//!   (what a Unix tool killed by SIGPIPE would do, without the signal);
//! - **anything else** (`> /dev/full`, a disk that fills up): an input error
//!   naming stdout, exit code 2, so a script never takes a cut-off file for a
//!   whole one.

use std::fmt;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

use super::CliError;

/// Set once stdout's reader has gone: every later write is dropped.
static CLOSED: AtomicBool = AtomicBool::new(false);

/// Writes to stdout (see the module docs).
pub(crate) fn write(args: fmt::Arguments<'_>) -> Result<(), CliError> {
    if CLOSED.load(Ordering::Relaxed) {
        return Ok(());
    }
    if closed_at_start() {
        return Err(not_open());
    }
    let written = io::stdout().lock().write_fmt(args);
    outcome(written)
}

fn not_open() -> CliError {
    CliError::input(
        "cannot write to standard output (stdout): it was closed when Deckwright started (`>&-`); send it to a file or to /dev/null",
    )
}

/// Whether stdout was closed when the process started (`deckwright ... >&-`).
///
/// Rust's runtime opens `/dev/null` (read-write) in place of a closed
/// standard stream before `main`, so writes to a closed stdout would
/// succeed and vanish; a shell's `> /dev/null` opens it write-only. So a
/// stdout that is `/dev/null` opened read-write is taken for one that was
/// closed.
#[cfg(target_os = "linux")]
pub(crate) fn closed_at_start() -> bool {
    use rustix::fs::{FileType, OFlags, fcntl_getfl, fstat, major, minor};
    static CLOSED_AT_START: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *CLOSED_AT_START.get_or_init(|| {
        let out = io::stdout();
        let (Ok(st), Ok(flags)) = (fstat(&out), fcntl_getfl(&out)) else {
            return false;
        };
        FileType::from_raw_mode(st.st_mode) == FileType::CharacterDevice
            && major(st.st_rdev) == 1
            && minor(st.st_rdev) == 3
            && flags.contains(OFlags::RDWR)
    })
}

#[cfg(not(target_os = "linux"))]
pub(crate) fn closed_at_start() -> bool {
    false
}

/// Ends a run whose command line clap did not take, or that asked for
/// `--help` or `--version`: prints what clap says (help and version on
/// stdout, usage errors on stderr) and gives its exit code, or — when help
/// or the version cannot be written (`--help > /dev/full`) — says so on
/// stderr with exit code 2.
pub fn parse_failed(e: &clap::Error) -> std::process::ExitCode {
    let to_stdout = e.exit_code() == 0;
    let printed = if to_stdout && closed_at_start() {
        Err(not_open())
    } else {
        e.print()
            .and_then(|()| io::stdout().flush())
            .or_else(|err| {
                if err.kind() == io::ErrorKind::BrokenPipe {
                    Ok(())
                } else {
                    Err(CliError::input(format!(
                        "cannot write to standard output (stdout): {err}"
                    )))
                }
            })
    };
    match printed {
        Ok(()) => std::process::ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2)),
        Err(err) if to_stdout => {
            let _ = writeln!(io::stderr(), "error: {err}");
            std::process::ExitCode::from(err.code)
        }
        // a usage error that cannot reach stderr still fails
        Err(_) => std::process::ExitCode::from(2),
    }
}

/// Writes out what stdout still buffers (a last line without a newline).
pub(crate) fn flush() -> Result<(), CliError> {
    if CLOSED.load(Ordering::Relaxed) {
        return Ok(());
    }
    let flushed = io::stdout().lock().flush();
    outcome(flushed)
}

fn outcome(result: io::Result<()>) -> Result<(), CliError> {
    match result {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
            CLOSED.store(true, Ordering::Relaxed);
            Ok(())
        }
        Err(e) => Err(CliError::input(format!(
            "cannot write to standard output (stdout): {e}"
        ))),
    }
}

/// `print!` that returns a [`CliError`] instead of panicking.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::cli::out::write(format_args!($($arg)*))?
    };
}

/// `println!` that returns a [`CliError`] instead of panicking.
macro_rules! outln {
    () => {
        $crate::cli::out::write(format_args!("\n"))?
    };
    ($($arg:tt)*) => {
        $crate::cli::out::write(format_args!("{}\n", format_args!($($arg)*)))?
    };
}

/// `eprintln!` that never panics: a warning that cannot reach a closed
/// stderr is dropped (the command's result does not depend on it).
macro_rules! warnln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

pub(crate) use {out, outln, warnln};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_closed_pipe_is_quiet_and_other_failures_name_stdout() {
        let full = io::Error::from_raw_os_error(28);
        let e = outcome(Err(full)).unwrap_err();
        assert_eq!(e.code, 2);
        assert!(e.message.contains("stdout"), "{}", e.message);
        assert!(!CLOSED.load(Ordering::Relaxed));
        let pipe = io::Error::from(io::ErrorKind::BrokenPipe);
        assert!(outcome(Err(pipe)).is_ok());
        assert!(CLOSED.load(Ordering::Relaxed));
        // nothing is written (or fails) once the reader has gone
        assert!(flush().is_ok());
        CLOSED.store(false, Ordering::Relaxed);
    }
}
