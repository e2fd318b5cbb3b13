//! Start-up milestones for measuring (scripts/measure.sh): with
//! `DECKWRIGHT_TIMING` set, the app prints one line per milestone on stderr,
//! `deckwright-timing: <milestone> <ms since launch> ms <unix time in ms>`.
//!
//! A milestone is marked when the view for it is built, which iced does just
//! before drawing the frame; the unix time lets a script measure from the
//! moment it started the process.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

/// The environment variable that turns the milestones on.
pub const ENV: &str = "DECKWRIGHT_TIMING";

fn start() -> &'static Option<Instant> {
    static START: OnceLock<Option<Instant>> = OnceLock::new();
    START.get_or_init(|| std::env::var_os(ENV).map(|_| Instant::now()))
}

/// Starts the clock (when timing is on); call first thing.
pub fn launch() {
    let _ = start();
}

/// A milestone, printed once.
pub struct Milestone {
    name: &'static str,
    done: AtomicBool,
}

impl Milestone {
    pub const fn new(name: &'static str) -> Milestone {
        Milestone {
            name,
            done: AtomicBool::new(false),
        }
    }

    /// Prints the milestone the first time it is reached (when timing is on).
    pub fn reached(&self) {
        let Some(start) = start() else {
            return;
        };
        if self.done.swap(true, Ordering::Relaxed) {
            return;
        }
        let unix = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_millis());
        eprintln!(
            "deckwright-timing: {} {:.1} ms {unix}",
            self.name,
            start.elapsed().as_secs_f64() * 1000.0
        );
    }
}

/// Prints a line of context (when timing is on), e.g. the renderer chosen.
pub fn note(what: &str) {
    if start().is_some() {
        eprintln!("deckwright-timing: note {what}");
    }
}

/// The renderer is chosen ([`super::renderer::choose`]): the probe's cost.
pub static RENDERER: Milestone = Milestone::new("renderer-chosen");
/// The first frame the window draws (the loading screen).
pub static FIRST_FRAME: Milestone = Milestone::new("first-frame");
/// The first frame with the database open and the first screen's cards listed.
pub static READY: Milestone = Milestone::new("ready");
