//! Each game's draw schedule: how many cards a player has seen by the draw
//! step of turn *T* (the opening hand, before any mulligan, is turn 0). Each
//! game states its own through [`super::game::Rules::schedule`]:
//!
//! - Fuzzycards: 5 going first, 6 going second; then 1 a turn, the first
//!   player skipping turn 1's Decode (both players with `decode_skip =
//!   both-players-turn-1`).
//! - Dice of Destiny: 6; then 2 a turn, the first player skipping turn 1.
//! - Bizarre World: 5; then 1 a turn from turn 1 (no skip).
//! - Rizontical: 5 Powers; then 1 per *timeline turn*. A "turn" here is one
//!   of the timeline's four turns (both players draw at each), so turn 4 is the
//!   end of round 1's draws; going first or second does not change the count.

use serde::Serialize;

/// A draw schedule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Schedule {
    pub opening: u32,
    pub per_turn: u32,
    /// Turn 1 has no draw.
    pub skip_first: bool,
    /// What a turn is ("turn", or Rizontical's "timeline turn").
    pub unit: &'static str,
}

impl Schedule {
    /// Cards drawn at turn `t`'s draw step (`t >= 1`).
    pub fn draws_on(&self, t: u32) -> u32 {
        if t == 0 || (t == 1 && self.skip_first) {
            0
        } else {
            self.per_turn
        }
    }

    /// Cards seen by the draw step of turn `t` (turn 0: the opening hand).
    pub fn seen_by(&self, t: u32) -> u32 {
        let turns_drawing = if self.skip_first {
            t.saturating_sub(1)
        } else {
            t
        };
        self.opening + turns_drawing * self.per_turn
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seen_counts() {
        let fz_first = Schedule {
            opening: 5,
            per_turn: 1,
            skip_first: true,
            unit: "turn",
        };
        assert_eq!(
            (0..=4).map(|t| fz_first.seen_by(t)).collect::<Vec<_>>(),
            vec![5, 5, 6, 7, 8]
        );
        assert_eq!(fz_first.draws_on(1), 0);
        assert_eq!(fz_first.draws_on(2), 1);
        let dd_second = Schedule {
            opening: 6,
            per_turn: 2,
            skip_first: false,
            unit: "turn",
        };
        assert_eq!(
            (0..=3).map(|t| dd_second.seen_by(t)).collect::<Vec<_>>(),
            vec![6, 8, 10, 12]
        );
    }
}
