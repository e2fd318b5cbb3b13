//! Goldfish runs as the app starts them: the engine built from a deck, a run
//! of games on the worker pool with progress and a cancel flag, and the
//! quick 10,000-game estimate the Playtest screen and the deck builder's
//! Odds tab re-run whenever the deck changes (shared here so that neither
//! screen imports the other). The engine is called through its public API.

use std::sync::atomic::AtomicBool;

use crate::engine::core::{Seat, TurnUnit};
use crate::engine::run::{Progress, RunConfig, RunError, Summary};
use crate::engine::session::{Engine, EngineOptions};
use crate::model::{Catalog, Deck};

/// Games in a quick estimate.
pub const QUICK_GAMES: u64 = 10_000;
/// The quick estimate's seed: fixed, so that two versions of a deck are
/// compared on the same games (and the estimate can be replayed with
/// `deckwright goldfish --seed 1`).
pub const QUICK_SEED: u64 = 1;

/// The deck compiled for its game's engine, with the game's default options.
pub fn engine(catalog: &Catalog, deck: &Deck) -> Result<Engine, String> {
    Engine::new(catalog, deck, &EngineOptions::default()).map_err(|e| e.to_string())
}

/// The quick estimate as a screen holds it.
#[derive(Clone, Debug, PartialEq)]
pub enum Estimate {
    None,
    Running,
    Ready(Box<Summary>),
    Failed(String),
}

/// Why a run stopped without a report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stopped {
    Cancelled { done: u64, total: u64 },
    Failed(String),
}

/// Plays `games` goldfish games from `seed`; `progress(done, total)` after
/// each chunk of games.
pub fn goldfish(
    engine: &Engine,
    games: u64,
    seed: u64,
    seat: Seat,
    progress: &(dyn Fn(u64, u64) + Sync),
    cancel: &AtomicBool,
) -> Result<Summary, Stopped> {
    let cfg = RunConfig {
        games,
        seed,
        seat,
        threads: None,
    };
    engine
        .goldfish(
            &cfg,
            &Progress {
                on_progress: progress,
                cancel,
            },
        )
        .map_err(|e| match e {
            RunError::Cancelled { done, total } => Stopped::Cancelled { done, total },
            other => Stopped::Failed(other.to_string()),
        })
}

/// What a game's turns are called in reports.
pub fn unit(s: &Summary) -> &'static str {
    match s.turn_unit {
        TurnUnit::Turn => "turn",
        TurnUnit::Round => "round",
    }
}

/// A run in one line: "kill turn 6.21 (95% CI 6.18-6.24), median 6; 97.1% won".
pub fn line(s: &Summary) -> String {
    let unit = unit(s);
    let kill = match (s.kill_turn.mean, s.kill_turn.ci95, s.kill_turn.median) {
        (Some(mean), Some([lo, hi]), Some(median)) => {
            format!("kill {unit} {mean:.2} (95% CI {lo:.2}-{hi:.2}), median {median}")
        }
        _ => format!("no win within {} {unit}s", s.max_turns),
    };
    format!(
        "{kill}; {:.1}% of {} won",
        100.0 * s.win_rate,
        crate::gui::words::count(s.games, "game")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Card, DeckEntry, FieldValue};

    /// 30 identical vanilla creatures: the engine's own test deck.
    fn chickens() -> (Catalog, Deck) {
        let mut cat = Catalog::new("dice-of-destiny".parse().unwrap(), "t");
        let mut c = Card::new("Chicken", "creature");
        c.fields
            .insert("colour".into(), FieldValue::Text("red".into()));
        cat.cards.push(c);
        let deck = Deck {
            name: "d".into(),
            game: None,
            entries: vec![DeckEntry::new(30, "Chicken")],
            ..Deck::default()
        };
        (cat, deck)
    }

    #[test]
    fn a_run_reports_and_a_raised_flag_cancels() {
        let (cat, deck) = chickens();
        let e = engine(&cat, &deck).unwrap();
        let s = goldfish(&e, 500, 3, Seat::First, &|_, _| {}, &AtomicBool::new(false)).unwrap();
        assert_eq!(s.games, 500);
        assert!(line(&s).starts_with("kill turn "), "{}", line(&s));
        assert!(line(&s).ends_with("of 500 games won"));
        let stopped = goldfish(&e, 5000, 3, Seat::First, &|_, _| {}, &AtomicBool::new(true));
        assert!(matches!(stopped, Err(Stopped::Cancelled { done: 0, .. })));
        let bad = engine(
            &Catalog::new("strange-world".parse().unwrap(), "sw"),
            &Deck::default(),
        );
        assert!(bad.unwrap_err().contains("deckwright solo"));
    }
}
