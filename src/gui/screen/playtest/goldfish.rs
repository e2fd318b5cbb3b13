//! The Playtest screen's goldfish side: runs of N games on the worker pool
//! with progress and Cancel, the charts of their report, and the quick
//! estimate re-run whenever a deck is loaded.

use iced::Task;

use crate::engine::run::Summary;
use crate::gui::job::{self, Cancel, Update};
use crate::gui::widget::chart::{BarChart, LineChart};

use super::super::Action;
use super::estimate::{self, QUICK_GAMES, QUICK_SEED, Stopped};
use super::{
    CURVE_TURNS, Charts, Current, Estimate, MAX_GAMES, Message, Playtest, RunState, RunUpdate,
};

impl Playtest {
    pub(super) fn games_typed(&mut self, t: String) -> Action<Message> {
        self.games_text = t;
        Action::None
    }

    /// The number of games typed, when it is one the screen runs.
    pub fn games(&self) -> Result<u64, String> {
        match self
            .games_text
            .trim()
            .replace(['_', ','], "")
            .parse::<u64>()
        {
            Ok(n) if (1..=MAX_GAMES).contains(&n) => Ok(n),
            _ => Err(format!(
                "the number of games must be a whole number from 1 to {MAX_GAMES}"
            )),
        }
    }

    /// The seed runs use: the one in the seed box (shown, replayable).
    pub(super) fn run_seed(&self) -> u64 {
        self.seed_text
            .trim()
            .parse()
            .unwrap_or_else(|_| self.session.as_ref().map_or(0, |s| s.snapshot().seed))
    }

    pub(super) fn start_run(&mut self) -> Action<Message> {
        if matches!(self.run, RunState::Running { .. }) {
            return Action::None;
        }
        let Some(Current { engine: Ok(e), .. }) = &self.current else {
            return Action::None;
        };
        let games = match self.games() {
            Ok(n) => n,
            Err(e) => {
                self.run = RunState::Failed(e);
                return Action::None;
            }
        };
        let (engine, seed, seat) = (e.clone(), self.run_seed(), self.seat);
        let run = self.runs.start();
        let cancel = Cancel::new();
        self.run = RunState::Running {
            done: 0,
            total: games,
            cancel: cancel.clone(),
        };
        self.charts = None;
        let work = job::spawn(move |report: &(dyn Fn((u64, u64)) + Sync)| {
            estimate::goldfish(
                &engine,
                games,
                seed,
                seat,
                &|done, total| report((done, total)),
                cancel.flag(),
            )
        });
        Action::Run(Task::run(work, move |u| Message::Running(run, u)))
    }

    pub(super) fn running(&mut self, run: u64, u: RunUpdate) -> Action<Message> {
        if !self.runs.is_current(run) {
            return Action::None;
        }
        match u {
            Update::Progress((d, t)) => {
                if let RunState::Running { done, total, .. } = &mut self.run {
                    (*done, *total) = (d, t);
                }
            }
            Update::Done(Ok(summary)) => {
                self.charts = Some(charts(&summary));
                self.run = RunState::Done(Box::new(summary));
            }
            Update::Done(Err(Stopped::Cancelled { done, total })) => {
                self.run = RunState::Cancelled { done, total };
            }
            Update::Done(Err(Stopped::Failed(e))) => {
                self.run = RunState::Failed(e.clone());
                return Action::Error(e);
            }
        }
        Action::None
    }

    pub(super) fn cancel(&mut self) -> Action<Message> {
        if let RunState::Running { cancel, .. } = &self.run {
            cancel.cancel();
        }
        Action::None
    }

    // ---- the quick estimate ----

    pub(super) fn start_estimate(&mut self) -> Action<Message> {
        if let Some(c) = self.estimate_cancel.take() {
            c.cancel();
        }
        let engine = match &self.current {
            Some(Current { engine: Ok(e), .. }) => e.clone(),
            Some(Current { engine: Err(e), .. }) => {
                self.estimate = Estimate::Failed(e.clone());
                return Action::None;
            }
            None => return Action::None,
        };
        let run = self.estimates.start();
        let cancel = Cancel::new();
        self.estimate_cancel = Some(cancel.clone());
        self.estimate = Estimate::Running;
        let seat = self.seat;
        Action::Run(Task::perform(
            crate::gui::db::blocking(move || {
                Ok(estimate::goldfish(
                    &engine,
                    QUICK_GAMES,
                    QUICK_SEED,
                    seat,
                    &|_, _| {},
                    cancel.flag(),
                ))
            }),
            move |r: Result<Result<Summary, Stopped>, String>| {
                Message::Estimated(run, r.unwrap_or_else(|e| Err(Stopped::Failed(e))))
            },
        ))
    }

    pub(super) fn estimated(&mut self, run: u64, r: Result<Summary, Stopped>) -> Action<Message> {
        if !self.estimates.is_current(run) {
            return Action::None;
        }
        self.estimate_cancel = None;
        self.estimate = match r {
            Ok(s) => Estimate::Ready(Box::new(s)),
            Err(Stopped::Cancelled { .. }) => Estimate::None,
            Err(Stopped::Failed(e)) => Estimate::Failed(e),
        };
        Action::None
    }
}

/// The charts of a run: the kill-turn histogram, and per turn the resources
/// and cards in hand, and the damage dealt so far.
pub fn charts(s: &Summary) -> Charts {
    let unit = estimate::unit(s);
    let hist = &s.kill_turn.histogram.0;
    let bars = match (hist.keys().next(), hist.keys().next_back()) {
        (Some(&lo), Some(&hi)) => (lo..=hi)
            .map(|t| {
                let n = hist.get(&t).copied().unwrap_or(0);
                (t.to_string(), u32::try_from(n).unwrap_or(u32::MAX))
            })
            .collect(),
        _ => Vec::new(),
    };
    let last = s
        .kill_turn
        .max
        .map_or(CURVE_TURNS, |m| m.saturating_add(1))
        .min(CURVE_TURNS);
    let points: Vec<_> = s.curves.turns.iter().filter(|p| p.turn <= last).collect();
    let x: Vec<String> = points.iter().map(|p| p.turn.to_string()).collect();
    let labels = s.curves.labels;
    Charts {
        histogram: BarChart {
            title: format!("Games won by {unit}"),
            bars,
        },
        resources: LineChart {
            title: format!("Per {unit} (average)"),
            x: x.clone(),
            lines: vec![
                (
                    labels.resources.to_string(),
                    points.iter().map(|p| p.resources as f32).collect(),
                ),
                (
                    labels.hand.to_string(),
                    points.iter().map(|p| p.hand as f32).collect(),
                ),
            ],
        },
        damage: LineChart {
            title: format!("Damage dealt by the end of each {unit} (average)"),
            x,
            lines: vec![(
                "total damage".to_string(),
                points.iter().map(|p| p.cumulative_damage as f32).collect(),
            )],
        },
    }
}
