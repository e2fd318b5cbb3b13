//! Progress on a terminal for the long commands, and Ctrl+C.
//!
//! A bar is drawn on stderr only when stderr is a terminal and the command
//! was not asked for `--json`: scripts and pipes see exactly the output they
//! saw before. Ctrl+C sets a flag the long loops already poll (the same
//! cancel flag the app's Cancel buttons set), so a run stops between chunks,
//! says how far it got and exits with 130, the shell's code for "stopped by
//! SIGINT"; files are written whole or not at all. Commands that do not poll
//! the flag keep the default SIGINT behaviour (the process ends; a database
//! write in progress is rolled back by SQLite).

use std::io::IsTerminal;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// The exit code after Ctrl+C (128 + SIGINT).
pub const INTERRUPTED: u8 = 130;

static INTERRUPT: AtomicBool = AtomicBool::new(false);
static HANDLER: OnceLock<bool> = OnceLock::new();

/// The flag Ctrl+C sets, installing the handler on first use. If no handler
/// can be installed (another one is, as in tests), the flag simply never
/// turns on and Ctrl+C ends the process as usual.
pub fn interrupt_flag() -> &'static AtomicBool {
    HANDLER.get_or_init(|| {
        ctrlc::set_handler(|| {
            if INTERRUPT.swap(true, Ordering::SeqCst) {
                // a second Ctrl+C: the user means it
                std::process::exit(i32::from(INTERRUPTED));
            }
        })
        .is_ok()
    });
    &INTERRUPT
}

/// Whether Ctrl+C was pressed.
pub fn interrupted() -> bool {
    INTERRUPT.load(Ordering::Relaxed)
}

/// A progress bar, or nothing when progress should not show.
pub struct Bar(Option<ProgressBar>);

impl Bar {
    /// A bar of `total` steps labelled `what` (e.g. "games"); hidden with
    /// `--json` or when stderr is no terminal.
    pub fn new(total: u64, what: &str, json: bool) -> Bar {
        if json || !std::io::stderr().is_terminal() {
            return Bar(None);
        }
        let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
        let style = ProgressStyle::with_template(&format!(
            "{{spinner}} [{{elapsed_precise}}] {{wide_bar}} {{human_pos}}/{{human_len}} {what} ({{eta}} left)"
        ))
        .unwrap_or_else(|_| ProgressStyle::default_bar());
        bar.set_style(style);
        bar.enable_steady_tick(Duration::from_millis(200));
        Bar(Some(bar))
    }

    /// A spinner with a changing message, for work without a count.
    pub fn spinner(message: &str, json: bool) -> Bar {
        if json || !std::io::stderr().is_terminal() {
            return Bar(None);
        }
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template("{spinner} [{elapsed_precise}] {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        );
        bar.set_message(message.to_string());
        bar.enable_steady_tick(Duration::from_millis(120));
        Bar(Some(bar))
    }

    /// Sets how many steps are done (and the total, which may change).
    pub fn set(&self, done: u64, total: u64) {
        if let Some(b) = &self.0 {
            b.set_length(total);
            b.set_position(done);
        }
    }

    pub fn message(&self, m: impl Into<String>) {
        if let Some(b) = &self.0 {
            b.set_message(m.into());
        }
    }

    /// Removes the bar from the terminal.
    pub fn finish(&self) {
        if let Some(b) = &self.0 {
            b.finish_and_clear();
        }
    }
}

impl Drop for Bar {
    fn drop(&mut self) {
        self.finish();
    }
}
