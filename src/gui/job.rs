//! Long work off the UI thread: an export, a run of goldfish games, a
//! search-player hint. A job runs on a thread of its own and streams back
//! progress reports and, last, its result; the screen turns the stream into
//! messages with `Task::run`.
//!
//! Three habits keep this honest:
//! - **Lazy start.** The worker thread starts when the runtime first polls the
//!   stream, not when the task is built. A Cancel sent right after the Start
//!   message is therefore seen by the worker before it does any work, which is
//!   what makes cancelling testable without timing games.
//! - **Throttled progress.** Engines report after every picture, page or chunk
//!   of games; the UI needs a few updates a second, so reports closer together
//!   than [`PROGRESS_EVERY`] are dropped (the result itself always arrives).
//! - **Run ids.** Every job a screen starts gets the next number from a
//!   [`Runs`] counter and its messages carry it; a message of an older run is
//!   stale (the options changed, the user started again) and is dropped.
//!
//! Cancelling is a shared flag ([`Cancel`]) the engines poll between steps.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use iced::futures::channel::mpsc;
use iced::futures::{Stream, StreamExt, stream};

/// Progress reports closer together than this are dropped.
pub const PROGRESS_EVERY: Duration = Duration::from_millis(40);

/// What a job sends back: progress, then once its result.
#[derive(Clone, Debug, PartialEq)]
pub enum Update<P, T> {
    Progress(P),
    Done(T),
}

/// A cancel flag shared between a screen and its worker.
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Asks the worker to stop.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// The flag itself, for the engines' `&AtomicBool` parameters.
    pub fn flag(&self) -> &AtomicBool {
        &self.0
    }
}

/// A screen's run counter (see the module docs).
///
/// Ids come from one process-wide sequence, so a late message of a screen
/// that has since been replaced (another deck opened) can never carry the id
/// its successor waits for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Runs(u64);

static NEXT_RUN: AtomicU64 = AtomicU64::new(1);

fn next_run() -> u64 {
    NEXT_RUN.fetch_add(1, Ordering::Relaxed)
}

impl Runs {
    /// A new run: its id, which makes every earlier run stale.
    pub fn start(&mut self) -> u64 {
        self.0 = next_run();
        self.0
    }

    /// Whether `id` is the latest run.
    pub fn is_current(&self, id: u64) -> bool {
        self.0 != 0 && self.0 == id
    }

    /// Makes every run so far stale (the screen no longer waits for any).
    pub fn forget(&mut self) {
        self.0 = next_run();
    }
}

/// Runs `work` on its own thread once the stream is first polled. `work`
/// gets a progress callback (callable from any thread, throttled) and
/// returns the result.
pub fn spawn<P, T, F>(work: F) -> impl Stream<Item = Update<P, T>> + Send + 'static
where
    P: Send + 'static,
    T: Send + 'static,
    F: FnOnce(&(dyn Fn(P) + Sync)) -> T + Send + 'static,
{
    let (tx, rx) = mpsc::unbounded::<Update<P, T>>();
    let start = stream::once(async move {
        let spawned = std::thread::Builder::new()
            .name("deckwright-job".into())
            .spawn({
                let tx = tx.clone();
                move || {
                    let last: Mutex<Option<Instant>> = Mutex::new(None);
                    let report = |p: P| {
                        let mut last = last.lock().unwrap_or_else(|e| e.into_inner());
                        if last.is_some_and(|t| t.elapsed() < PROGRESS_EVERY) {
                            return;
                        }
                        *last = Some(Instant::now());
                        let _ = tx.unbounded_send(Update::Progress(p));
                    };
                    let result = work(&report);
                    let _ = tx.unbounded_send(Update::Done(result));
                }
            });
        // without a thread nothing will ever arrive: end the stream (the
        // screen sees no result and the user can start again)
        if spawned.is_err() {
            tx.close_channel();
        }
    })
    .filter_map(|()| std::future::ready(None));
    start.chain(rx)
}

#[cfg(test)]
mod tests {
    use super::*;
    use iced::futures::executor::block_on;

    #[test]
    fn streams_progress_then_the_result() {
        let s = spawn(|report: &(dyn Fn(u32) + Sync)| {
            report(1);
            report(2); // within the throttle window: dropped
            7u64
        });
        let got: Vec<Update<u32, u64>> = block_on(s.collect());
        assert_eq!(got, [Update::Progress(1), Update::Done(7)]);
    }

    #[test]
    fn the_worker_starts_only_when_polled() {
        let cancel = Cancel::new();
        let seen = cancel.clone();
        let s = spawn(move |_: &(dyn Fn(()) + Sync)| seen.is_cancelled());
        // cancelled before anything ran: the worker sees it
        cancel.cancel();
        let got: Vec<Update<(), bool>> = block_on(s.collect());
        assert_eq!(got, [Update::Done(true)]);
    }

    #[test]
    fn runs_make_older_ones_stale() {
        let mut r = Runs::default();
        assert!(!r.is_current(0), "nothing is waited for yet");
        let a = r.start();
        let b = r.start();
        assert!(!r.is_current(a));
        assert!(r.is_current(b));
        r.forget();
        assert!(!r.is_current(b));
        // another counter never hands out the same id
        let mut other = Runs::default();
        let c = other.start();
        assert!(!r.is_current(c) && c != a && c != b);
    }
}
