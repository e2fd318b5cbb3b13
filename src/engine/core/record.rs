//! What every game records the same way: seats, outcomes, per-turn
//! statistics, the log, and refused actions.
//!
//! Games are two-player. Player 0 is always the deck under test (deck A of a
//! match); player 1 is its opponent — a passive one in goldfish games, a
//! second deck played by a policy in matches. Outcomes and statistics are kept
//! from player 0's point of view, and its turns are the ones counted.

use serde::{Deserialize, Serialize};

/// Who takes the first turn of the game. Default: the deck goes first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Seat {
    #[default]
    First,
    Second,
}

impl Seat {
    pub fn from_second(second: bool) -> Seat {
        if second { Seat::Second } else { Seat::First }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Seat::First => "first",
            Seat::Second => "second",
        }
    }

    /// The player (0 or 1) who takes the first turn when player 0 sits here.
    pub fn first_player(self) -> usize {
        match self {
            Seat::First => 0,
            Seat::Second => 1,
        }
    }
}

/// The other player of a two-player game.
#[inline]
pub fn other(p: usize) -> usize {
    1 - p
}

/// What a goldfish "turn" counts: the deck owner's own turns, or (Rizontical)
/// rounds of the four-turn timeline.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum TurnUnit {
    Turn,
    Round,
}

/// How a game ended, for player 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "result", rename_all = "lowercase")]
pub enum Outcome {
    /// Player 0 won during its turn `turn` (or the opponent's turn that
    /// follows it).
    Win { turn: u16 },
    /// Player 0 lost: its life ran out, it could not draw (Fuzzycards Scroll
    /// Out), its opponent reached the game's goal...
    Loss { turn: u16, reason: &'static str },
    /// Both players lost at once and the game's tiebreak left it even.
    Draw { turn: u16 },
    /// The turn limit was reached first.
    Unfinished { turn: u16 },
}

impl Outcome {
    pub fn kill_turn(self) -> Option<u16> {
        match self {
            Outcome::Win { turn } => Some(turn),
            _ => None,
        }
    }

    /// The outcome as player `p` sees it (a win for one is a loss for the other).
    pub fn for_player(self, p: usize) -> Outcome {
        if p == 0 {
            return self;
        }
        match self {
            Outcome::Win { turn } => Outcome::Loss {
                turn,
                reason: "the opponent won",
            },
            Outcome::Loss { turn, .. } => Outcome::Win { turn },
            o => o,
        }
    }

    /// The player who won, if one did.
    pub fn winner(self) -> Option<usize> {
        match self {
            Outcome::Win { .. } => Some(0),
            Outcome::Loss { .. } => Some(1),
            _ => None,
        }
    }
}

/// One turn (or round) of one game, for the per-turn curves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TurnStat {
    /// The game's resource at the start of the main phase: Fuzzycards energy,
    /// Dice of Destiny creatures in play, Bizarre World resources, Rizontical AP.
    pub resources: u16,
    /// Cards in hand at the start of the main phase (after the draw).
    pub hand: u16,
    /// Damage dealt to the opponent during the turn.
    pub damage: u16,
    /// Cards played from hand during the turn.
    pub played: u16,
    /// Cards in hand that could be paid for at the start of the main phase.
    pub castable: u16,
}

/// What one game leaves behind for statistics (player 0's turns and plays).
/// Buffers are reused from game to game.
#[derive(Debug, Default)]
pub struct Trace {
    pub turns: Vec<TurnStat>,
    /// Plays per card definition (index into the table).
    pub plays: Vec<u32>,
}

impl Clone for Trace {
    fn clone(&self) -> Self {
        Trace {
            turns: self.turns.clone(),
            plays: self.plays.clone(),
        }
    }

    /// Into the lists' own buffers.
    fn clone_from(&mut self, src: &Self) {
        let Trace { turns, plays } = src;
        self.turns.clone_from(turns);
        self.plays.clone_from(plays);
    }
}

impl Trace {
    pub fn new(defs: usize, max_turns: u16) -> Trace {
        Trace {
            turns: Vec::with_capacity(usize::from(max_turns) + 1),
            plays: vec![0; defs],
        }
    }

    pub fn clear(&mut self) {
        self.turns.clear();
        self.plays.iter_mut().for_each(|p| *p = 0);
    }

    /// The current turn's record (a turn is opened before it is counted on).
    pub fn current(&mut self) -> &mut TurnStat {
        if self.turns.is_empty() {
            self.turns.push(TurnStat::default());
        }
        let last = self.turns.len() - 1;
        &mut self.turns[last]
    }

    pub fn open_turn(&mut self) {
        self.turns.push(TurnStat::default());
    }

    pub fn add_damage(&mut self, amount: i32) {
        let t = self.current();
        t.damage = t
            .damage
            .saturating_add(amount.clamp(0, i32::from(u16::MAX)) as u16);
    }

    pub fn add_play(&mut self, def: u16) {
        if let Some(p) = self.plays.get_mut(usize::from(def)) {
            *p += 1;
        }
        let t = self.current();
        t.played = t.played.saturating_add(1);
    }
}

/// An action the rules do not allow now, with the rule it breaks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message} ({rule})")]
pub struct Illegal {
    /// The rule, as the rulebook or rules-notes names it (e.g. "FZ Activate").
    pub rule: &'static str,
    pub message: String,
}

impl Illegal {
    pub fn new(rule: &'static str, message: impl Into<String>) -> Illegal {
        Illegal {
            rule,
            message: message.into(),
        }
    }
}

/// Shorthand for returning an [`Illegal`] when a condition fails.
#[inline]
pub fn ensure(
    ok: bool,
    rule: &'static str,
    message: impl FnOnce() -> String,
) -> Result<(), Illegal> {
    if ok {
        Ok(())
    } else {
        Err(Illegal::new(rule, message()))
    }
}

/// A turn limit for goldfish games that never end (a deck that deals no damage).
pub const DEFAULT_MAX_TURNS: u16 = 40;
/// The largest turn limit a run accepts.
pub const MAX_TURNS_LIMIT: u16 = 500;

/// A note's `at` for a card shown to both seats ("search your deck ...,
/// show your opponent what you found", DD §2.12): every viewer is told
/// which card it is, wherever it lies.
pub const SHOWN: u8 = u8::MAX;

/// One line of a game's log, kept only when the state's log is switched on
/// (the playtest screen); goldfish runs keep none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Note {
    pub turn: u16,
    /// Whose action or turn it was.
    pub player: u8,
    pub what: &'static str,
    pub card: Option<u16>,
    pub amount: Option<i32>,
    /// The zone (its index) `card` lay in when the note was made: what a
    /// viewer may see of it ([`crate::engine::game::Rules::secrecy`]).
    pub at: Option<u8>,
}

/// A game log: off (and allocation-free) unless switched on.
#[derive(Debug, Default)]
pub struct Log {
    pub on: bool,
    pub notes: Vec<Note>,
}

impl Clone for Log {
    fn clone(&self) -> Self {
        Log {
            on: self.on,
            notes: self.notes.clone(),
        }
    }

    /// Into the notes' own buffer.
    fn clone_from(&mut self, src: &Self) {
        let Log { on, notes } = src;
        self.on = *on;
        self.notes.clone_from(notes);
    }
}

impl Log {
    /// A note about player 0.
    #[inline]
    pub fn note(&mut self, turn: u16, what: &'static str, card: Option<u16>, amount: Option<i32>) {
        self.note_by(turn, 0, what, card, amount);
    }

    /// A note about player `player`.
    #[inline]
    pub fn note_by(
        &mut self,
        turn: u16,
        player: usize,
        what: &'static str,
        card: Option<u16>,
        amount: Option<i32>,
    ) {
        self.note_at(turn, player, what, card, amount, None);
    }

    /// A note about player `player` whose card lies in the zone of index `at`.
    #[inline]
    pub fn note_at(
        &mut self,
        turn: u16,
        player: usize,
        what: &'static str,
        card: Option<u16>,
        amount: Option<i32>,
        at: Option<u8>,
    ) {
        if self.on {
            self.notes.push(Note {
                turn,
                player: player as u8,
                what,
                card,
                amount,
                at,
            });
        }
    }

    pub fn clear(&mut self) {
        self.notes.clear();
    }
}

/// What the per-turn curves mean for a game (their labels).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CurveLabels {
    pub resources: &'static str,
    pub hand: &'static str,
    pub damage: &'static str,
    pub played: &'static str,
    pub castable: &'static str,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trace_counts_plays_and_damage() {
        let mut t = Trace::new(3, 10);
        t.open_turn();
        t.add_damage(5);
        t.add_play(2);
        t.add_play(9); // out of range: counted as a play, not per card
        assert_eq!(t.turns[0].damage, 5);
        assert_eq!(t.turns[0].played, 2);
        assert_eq!(t.plays, vec![0, 0, 1]);
        t.clear();
        assert!(t.turns.is_empty());
        assert_eq!(t.plays, vec![0, 0, 0]);
    }

    #[test]
    fn outcomes_flip_between_players() {
        let w = Outcome::Win { turn: 4 };
        assert_eq!(w.for_player(1).winner(), Some(1));
        assert_eq!(w.for_player(1).for_player(1), Outcome::Win { turn: 4 });
        assert_eq!(Outcome::Draw { turn: 2 }.winner(), None);
        assert_eq!(Seat::Second.first_player(), 1);
        assert_eq!(other(0), 1);
    }
}
