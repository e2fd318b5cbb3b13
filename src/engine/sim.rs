//! The vocabulary every game engine shares: seats, outcomes, per-turn records,
//! illegal actions, the view a playtest screen draws, and the [`Sim`] trait that
//! the goldfish runner, the CLI and the playtest session drive.
//!
//! A game engine is split in two: an immutable *sim* (the compiled deck, the
//! game's numbers and options; shared by every thread) and a mutable *state*
//! (zones, counters and the seeded RNG of one game). Player choices are typed
//! actions the sim validates and applies; a goldfish policy is a function from
//! state to action ([`Sim::policy`]), and the same actions drive manual play.

use std::fmt::Debug;

use rand::Rng as _;
use serde::{Deserialize, Serialize};

use super::Rng;
use crate::model::GameId;

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
}

/// What a goldfish "turn" counts: the deck owner's own turns, or (Rizontical)
/// rounds of the four-turn timeline.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum TurnUnit {
    Turn,
    Round,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "result", rename_all = "lowercase")]
pub enum Outcome {
    /// The passive opponent was defeated during the deck owner's turn `turn`
    /// (or the opponent's turn that follows it).
    Win { turn: u16 },
    /// The deck owner lost (Fuzzycards Scroll Out, Bizarre World `deck_out = lose`).
    Loss { turn: u16, reason: &'static str },
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

/// What one game leaves behind for statistics: its turns and what it played.
/// Buffers are reused from game to game.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    pub turns: Vec<TurnStat>,
    /// Plays per card definition (index into the sim's table).
    pub plays: Vec<u32>,
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
pub(crate) fn ensure(
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

/// One line of a game's log, kept only when the state's log is switched on
/// (the playtest screen); goldfish runs keep none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Note {
    pub turn: u16,
    pub what: &'static str,
    pub card: Option<u16>,
    pub amount: Option<i32>,
}

/// A game log: off (and allocation-free) unless switched on.
#[derive(Clone, Debug, Default)]
pub struct Log {
    pub on: bool,
    pub notes: Vec<Note>,
}

impl Log {
    #[inline]
    pub fn note(&mut self, turn: u16, what: &'static str, card: Option<u16>, amount: Option<i32>) {
        if self.on {
            self.notes.push(Note {
                turn,
                what,
                card,
                amount,
            });
        }
    }

    pub fn clear(&mut self) {
        self.notes.clear();
    }
}

/// A uniform integer in `0..n` (Lemire's multiply-shift with rejection): the
/// engine's own sampler, so a seed replays identically whatever the `rand`
/// version.
#[inline]
pub fn below(rng: &mut Rng, n: u32) -> u32 {
    debug_assert!(n > 0);
    let mut m = u64::from(rng.next_u32()) * u64::from(n);
    let mut lo = m as u32;
    if lo < n {
        let threshold = n.wrapping_neg() % n;
        while lo < threshold {
            m = u64::from(rng.next_u32()) * u64::from(n);
            lo = m as u32;
        }
    }
    (m >> 32) as u32
}

/// One roll of a die with `sides` sides: 1..=sides.
#[inline]
pub fn roll(rng: &mut Rng, sides: u32) -> u32 {
    below(rng, sides.max(1)) + 1
}

// ---------------------------------------------------------------- views

/// One card as the playtest screen shows it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CardView {
    /// The copy id: what actions name.
    pub copy: u16,
    pub name: String,
    /// Short state words: "sick", "exhausted", "attacked", "HP 4/6", "slot 2"...
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
}

/// One zone as the screen shows it. Hidden zones (a deck) list no cards.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ZoneView {
    pub zone: &'static str,
    pub count: usize,
    pub hidden: bool,
    pub cards: Vec<CardView>,
}

/// A piece on a board (Rizontical's 8x8 grid).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PieceView {
    pub name: String,
    pub row: u8,
    pub col: u8,
    /// `true` for the deck owner's pieces, `false` for the dummy's.
    pub ally: bool,
    pub hp: i32,
    pub max_hp: i32,
}

/// Everything a playtest screen needs to draw one moment of a game: plain data.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Snapshot {
    pub game: GameId,
    pub seed: u64,
    pub seat: Seat,
    pub turn: u16,
    pub turn_unit: TurnUnit,
    /// The phase or step, in the rulebook's words.
    pub phase: String,
    /// Named numbers: energy, life, opponent life, AP, attack...
    pub counters: Vec<(String, i64)>,
    pub zones: Vec<ZoneView>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub board: Vec<PieceView>,
    pub outcome: Option<Outcome>,
}

/// Every zone as the screen shows it; `hidden` zones show only their count.
pub fn zone_views<Z: super::zones::ZoneId>(
    zones: &super::zones::Zones<Z>,
    hidden: &[Z],
    view: impl Fn(u16) -> CardView,
) -> Vec<ZoneView> {
    Z::ALL
        .iter()
        .map(|&z| {
            let hidden = hidden.contains(&z);
            ZoneView {
                zone: z.name(),
                count: zones.len(z),
                hidden,
                cards: if hidden {
                    Vec::new()
                } else {
                    zones.get(z).iter().map(|&c| view(c)).collect()
                },
            }
        })
        .collect()
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

/// A game engine: the immutable half (deck, numbers, options) shared by all
/// threads. See the module docs.
pub trait Sim: Sync + Send {
    type State: Clone + Send + Debug;
    type Action: Copy + PartialEq + Debug + Serialize + Send + Sync;

    const GAME: GameId;
    const TURN_UNIT: TurnUnit;
    const LABELS: CurveLabels;

    /// A state with every buffer allocated (reused across games via [`Sim::start`]).
    fn new_state(&self) -> Self::State;
    /// Shuffles and deals the game's own setup for `seat`: the opening hand
    /// (and Rizontical's Fighters), before any mulligan, and nothing more.
    fn deal(&self, st: &mut Self::State, seed: u64, seat: Seat);
    /// Moves a dealt state to its first decision (a mulligan, or the first
    /// main phase after the first draw).
    fn begin(&self, st: &mut Self::State);
    /// [`Sim::deal`] then [`Sim::begin`].
    fn start(&self, st: &mut Self::State, seed: u64, seat: Seat) {
        self.deal(st, seed, seat);
        self.begin(st);
    }
    /// The pile draws come from, top last (the Power deck for Rizontical).
    fn draw_pile<'s>(&self, st: &'s Self::State) -> &'s [u16];
    /// Validates and performs one action.
    fn apply(&self, st: &mut Self::State, action: Self::Action) -> Result<(), Illegal>;
    /// The goldfish policy's choice (always legal while the game runs).
    fn policy(&self, st: &Self::State) -> Self::Action;
    /// Every legal action now (for the playtest screen and property tests).
    fn legal_actions(&self, st: &Self::State, out: &mut Vec<Self::Action>);
    /// `Some` once the game is over.
    fn outcome(&self, st: &Self::State) -> Option<Outcome>;
    fn trace<'s>(&self, st: &'s Self::State) -> &'s Trace;
    /// Card conservation and the game's own invariants.
    fn check(&self, st: &Self::State) -> Result<(), String>;
    fn snapshot(&self, st: &Self::State) -> Snapshot;
    /// An action in words, for buttons and logs.
    fn describe(&self, st: &Self::State, action: Self::Action) -> String;
    /// The state's log (switch it on for manual play).
    fn log_mut<'s>(&self, st: &'s mut Self::State) -> &'s mut Log;
    fn log<'s>(&self, st: &'s Self::State) -> &'s Log;
    /// Card names by copy id, for rendering notes.
    fn copy_name(&self, copy: u16) -> &str;
}

/// Pushes `action` onto `out` when `sim` accepts it in `st` (tried on a
/// copy): how engines list their legal actions.
pub fn push_if_legal<S: Sim>(sim: &S, st: &S::State, action: S::Action, out: &mut Vec<S::Action>) {
    let mut probe = st.clone();
    sim.log_mut(&mut probe).on = false;
    if sim.apply(&mut probe, action).is_ok() {
        out.push(action);
    }
}

/// Plays one game to its end with the policy. Returns the outcome, or the
/// illegal action a broken policy chose (an engine defect, counted by runs).
pub fn play_out<S: Sim>(
    sim: &S,
    st: &mut S::State,
    seed: u64,
    seat: Seat,
) -> Result<Outcome, Illegal> {
    sim.start(st, seed, seat);
    loop {
        if let Some(o) = sim.outcome(st) {
            return Ok(o);
        }
        let a = sim.policy(st);
        sim.apply(st, a)?;
    }
}

/// Renders a log note: "turn 3: attack Ember Cub (5)".
pub fn render_note<S: Sim>(sim: &S, n: &Note) -> String {
    let mut s = format!("turn {}: {}", n.turn, n.what);
    if let Some(c) = n.card {
        s.push(' ');
        s.push_str(sim.copy_name(c));
    }
    if let Some(a) = n.amount {
        s.push_str(&format!(" ({a})"));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_is_uniform_enough_and_in_range() {
        let mut r = crate::engine::rng(1);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            let v = below(&mut r, 6);
            counts[v as usize] += 1;
        }
        for c in counts {
            assert!((9_400..10_600).contains(&c), "{counts:?}");
        }
        assert_eq!(below(&mut r, 1), 0);
        for _ in 0..100 {
            assert!((1..=6).contains(&roll(&mut r, 6)));
        }
    }

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
}
