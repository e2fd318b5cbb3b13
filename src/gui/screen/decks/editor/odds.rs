//! The Odds tab (issue 5): the exact odds of holding each card of the deck
//! by the draw step of turns 0 (the opening hand) to 6, going first or
//! second ([`crate::engine::odds::table`]), and the quick 10,000-game
//! goldfish estimate, both re-computed after every edit while the tab is
//! open.
//!
//! The odds are exact (hypergeometric) and take well under a millisecond a
//! card, so the table is worked out on the spot; the estimate plays games on
//! the worker pool and arrives as a message (a newer edit cancels the run
//! under way, and a stale answer is dropped by its run id).

use std::sync::Arc;

use iced::Task;
use iced::widget::{column, container, row, scrollable, text};
use iced::{Element, Fill};

use crate::engine::core::Seat;
use crate::engine::odds::{self, OddsTable, Pile};
use crate::engine::run::Summary;
use crate::gui::db::blocking;
use crate::gui::job::{Cancel, Runs};
use crate::gui::widget::estimate::{self, Estimate, QUICK_GAMES, QUICK_SEED, Stopped};
use crate::gui::widget::{SCROLLBAR_GAP, choice, muted};

use super::super::super::Action;
use super::{Editor, Message, Tab};

/// What the Odds tab shows.
#[derive(Debug)]
pub struct OddsPanel {
    pub seat: Seat,
    /// The table, or why the deck has none.
    pub table: Option<Result<OddsTable, String>>,
    pub estimate: Estimate,
    /// The deck changed since the table was made.
    stale: bool,
    runs: Runs,
    cancel: Option<Cancel>,
}

impl Default for OddsPanel {
    fn default() -> OddsPanel {
        OddsPanel {
            seat: Seat::First,
            table: None,
            estimate: Estimate::None,
            stale: true,
            runs: Runs::default(),
            cancel: None,
        }
    }
}

impl OddsPanel {
    /// The deck changed: the tab recomputes when it is (or next is) open.
    pub(super) fn mark_stale(&mut self) {
        self.stale = true;
    }
}

impl Drop for OddsPanel {
    /// A closed deck's estimate is not wanted any more.
    fn drop(&mut self) {
        if let Some(c) = &self.cancel {
            c.cancel();
        }
    }
}

impl Editor {
    /// The Odds tab's state.
    pub fn odds(&self) -> &OddsPanel {
        &self.odds
    }

    /// Recomputes the tab if it is open and the deck changed.
    pub(super) fn refresh_odds(&mut self) -> Action<Message> {
        if self.tab != Tab::Odds || !self.odds.stale {
            return Action::None;
        }
        self.odds.stale = false;
        if let Some(c) = self.odds.cancel.take() {
            c.cancel();
        }
        let catalog = Arc::clone(self.index.catalog());
        let engine = match estimate::engine(&catalog, &self.deck) {
            Ok(e) => e,
            Err(e) => {
                self.odds.table = Some(Err(e));
                self.odds.estimate = Estimate::None;
                self.odds.runs.forget();
                return Action::None;
            }
        };
        let seat = self.odds.seat;
        self.odds.table = Some(odds::table(&catalog, &engine, seat, 1).map_err(|e| e.to_string()));
        let run = self.odds.runs.start();
        let cancel = Cancel::new();
        self.odds.cancel = Some(cancel.clone());
        self.odds.estimate = Estimate::Running;
        Action::Run(Task::perform(
            blocking(move || {
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
                Message::Estimated(run, Box::new(r.unwrap_or_else(|e| Err(Stopped::Failed(e)))))
            },
        ))
    }

    pub(super) fn set_odds_seat(&mut self, seat: Seat) -> Action<Message> {
        if self.odds.seat != seat {
            self.odds.seat = seat;
            self.odds.stale = true;
        }
        Action::None
    }

    pub(super) fn estimated(&mut self, run: u64, r: Result<Summary, Stopped>) -> Action<Message> {
        if !self.odds.runs.is_current(run) {
            return Action::None;
        }
        self.odds.cancel = None;
        self.odds.estimate = match r {
            Ok(s) => Estimate::Ready(Box::new(s)),
            Err(Stopped::Cancelled { .. }) => Estimate::None,
            Err(Stopped::Failed(e)) => Estimate::Failed(e),
        };
        Action::None
    }

    pub(in crate::gui::screen::decks) fn view_odds(&self) -> Element<'_, Message> {
        let p = &self.odds;
        let mut c = column![
            row![
                choice(
                    "Going first",
                    p.seat == Seat::First,
                    Message::OddsSeat(Seat::First)
                ),
                choice(
                    "Going second",
                    p.seat == Seat::Second,
                    Message::OddsSeat(Seat::Second)
                ),
            ]
            .spacing(6)
        ]
        .spacing(8);
        match &p.table {
            None => c = c.push(text("Working out the odds...").style(muted)),
            Some(Err(e)) => {
                c = c.push(
                    text(e.as_str())
                        .size(13)
                        .style(crate::gui::widget::readable::danger),
                )
            }
            Some(Ok(t)) => c = c.push(view_table(t)),
        }
        c = c.push(match &p.estimate {
            Estimate::None => text(""),
            Estimate::Running => {
                text(format!("Goldfish estimate ({QUICK_GAMES} games)...")).style(muted)
            }
            Estimate::Ready(s) => text(format!(
                "Goldfish estimate ({}, seed {}): {}",
                crate::gui::words::count(s.games, "game"),
                s.seed,
                estimate::line(s)
            ))
            .size(12),
            Estimate::Failed(e) => text(format!("No estimate: {e}"))
                .size(12)
                .style(crate::gui::widget::readable::danger),
        });
        c.into()
    }
}

/// The id of the table's header of turns (a test measures its lines).
pub const TURNS_ID: &str = "odds-turns";

/// Width of a probability column, and of the label column before them.
const COLUMN: f32 = 32.0;
const LABEL: f32 = 30.0;

/// The table: for each card its name, then P(at least one) in percent at
/// each turn, under a header of turns and of the cards seen by then. Names
/// get a line of their own so the numbers keep their columns in a narrow
/// panel; where even the numbers do not fit (a 1024-pixel window), the turns
/// wrap onto a second line rather than fall off the edge.
fn view_table(t: &OddsTable) -> Element<'_, Message> {
    iced::widget::responsive(move |size| {
        let fit = ((size.width - LABEL - SCROLLBAR_GAP.right) / (COLUMN + 2.0)).floor();
        let turns = t.seen.len().max(1);
        // as many lines as needed, the turns shared evenly among them
        let lines = turns.div_ceil((fit.max(1.0) as usize).min(turns));
        table(t, turns.div_ceil(lines))
    })
    .into()
}

/// [`view_table`] with `per` turns to a line.
fn table(t: &OddsTable, per: usize) -> Element<'_, Message> {
    let cell = |s: String, size: f32| {
        container(text(s).size(size))
            .width(COLUMN)
            .align_right(COLUMN)
    };
    // one row of values per `per` turns, the label on the first only
    let numbers = |label: &str, values: Vec<String>, size: f32| {
        let mut lines = column![].spacing(1);
        for (i, chunk) in values.chunks(per).enumerate() {
            let label = if i == 0 { label } else { "" };
            let mut r =
                row![text(label.to_string()).size(size).style(muted).width(LABEL)].spacing(2);
            for v in chunk {
                r = r.push(cell(v.clone(), size));
            }
            lines = lines.push(r);
        }
        lines
    };
    let turns: Vec<String> = (0..t.seen.len())
        .map(|n| if n == 0 { "hand".into() } else { n.to_string() })
        .collect();
    let mut rows = column![].spacing(4);
    for r in &t.rows {
        let pile = match r.pile {
            Pile::Deck => String::new(),
            Pile::Fighters => " (Fighters)".into(),
            Pile::Numen => " (Numen)".into(),
        };
        rows = rows.push(
            column![
                text(format!("{}x {}{pile}", r.copies, r.card)).size(12),
                numbers(
                    "",
                    r.probability.iter().map(|p| percent(*p)).collect(),
                    12.0
                ),
            ]
            .spacing(1),
        );
    }
    column![
        text(format!(
            "Chance of holding at least one copy by the draw step of each {}",
            t.turn_unit
        ))
        .size(12)
        .style(muted),
        container(numbers(t.turn_unit, turns, 12.0)).id(TURNS_ID),
        numbers("seen", t.seen.iter().map(u32::to_string).collect(), 11.0),
        scrollable(rows.padding(SCROLLBAR_GAP)).height(Fill),
    ]
    .spacing(4)
    .into()
}

/// A probability as the table shows it: whole percent, with "<1%" and
/// ">99%" near the ends so that certainty is never implied by rounding.
pub fn percent(p: f64) -> String {
    if p <= 0.0 {
        "0%".into()
    } else if p >= 1.0 {
        "100%".into()
    } else if p < 0.01 {
        "<1%".into()
    } else if p > 0.99 {
        ">99%".into()
    } else {
        format!("{:.0}%", 100.0 * p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percents_never_round_to_certainty() {
        assert_eq!(percent(0.0), "0%");
        assert_eq!(percent(0.004), "<1%");
        assert_eq!(percent(0.4821), "48%");
        assert_eq!(percent(0.996), ">99%");
        assert_eq!(percent(1.0), "100%");
    }
}
