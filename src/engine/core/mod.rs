//! The shared core every game's state embeds: zones with the single
//! move-card path, the seeded RNG, the two seats, turns, life, the outcome,
//! lasting effects, the per-turn trace and the log ([`Core`]); and the
//! vocabulary around it — records ([`record`]), views ([`view`]), the
//! compiled decks ([`table`]).
//!
//! A game keeps its own rules and its own per-card flags beside a `Core`;
//! what every game does the same way — dealing the decks, drawing, damaging a
//! player, ending the game, opening a turn for the statistics — is here once.

pub mod may;
pub mod record;
pub mod rng;
pub mod table;
pub mod view;
pub mod zones;

pub use record::{
    CurveLabels, DEFAULT_MAX_TURNS, Illegal, Log, MAX_TURNS_LIMIT, Note, Outcome, Seat, Trace,
    TurnStat, TurnUnit, ensure, other,
};
pub use rng::{Rng, below, fresh_seed, game_seed, rng, roll};
pub use table::{BLANK_NAME, Side, Table, Vanilla};
pub use view::{
    CardView, DEALT_LAYOUT, DieView, Layout, Mover, Onto, PieceView, Place, Secrecy, Shape,
    Snapshot, Viewer, ZoneView, at, zone_views,
};
pub use zones::{At, Pile, Seated, ZoneId, Zones};

use super::effect::lasting::LastingSet;

/// The state every game shares (see the module docs).
#[derive(Clone, Debug)]
pub struct Core<Z: ZoneId> {
    pub zones: Zones<Z>,
    pub rng: Rng,
    pub seed: u64,
    /// Where player 0 sits (who took the first turn).
    pub seat: Seat,
    /// Whose turn it is.
    pub active: usize,
    /// Turns each player has begun.
    pub turns: [u16; 2],
    pub life: [i32; 2],
    /// Seats played by nobody: the passive opponent of a goldfish game never
    /// acts, draws nothing and cannot lose by running out of cards.
    pub passive: [bool; 2],
    /// Seats a person plays (a session's seats the computer does not): a
    /// choice the rules give such a seat in the middle of resolving an
    /// action (Rizontical's Triggers, deploy cells, push distances) waits
    /// as that seat's move; the other seats' choices are made by their
    /// policy as they come (the fast paths: goldfish, matches, look-ahead).
    pub by_hand: [bool; 2],
    pub outcome: Option<Outcome>,
    pub lasting: LastingSet,
    pub trace: Trace,
    pub log: Log,
}

impl<Z: ZoneId> Core<Z> {
    /// `src` copied into this core's own buffers: no allocation once they
    /// are as large (a policy's scratch table, refilled each decision).
    /// Every field is named, so a new one cannot be forgotten.
    pub fn refill_from(&mut self, src: &Core<Z>) {
        let Core {
            zones,
            rng,
            seed,
            seat,
            active,
            turns,
            life,
            passive,
            by_hand,
            outcome,
            lasting,
            trace,
            log,
        } = src;
        self.zones.clone_from(zones);
        self.rng.clone_from(rng);
        self.seed = *seed;
        self.seat = *seat;
        self.active = *active;
        self.turns = *turns;
        self.life = *life;
        self.passive = *passive;
        self.by_hand = *by_hand;
        self.outcome.clone_from(outcome);
        self.lasting.clone_from(lasting);
        self.trace.clone_from(trace);
        self.log.clone_from(log);
    }

    /// A core with buffers for `copies` cards of `defs` definitions.
    pub fn new(copies: usize, defs: usize, max_turns: u16) -> Core<Z> {
        Core {
            zones: Zones::new(copies),
            rng: rng(0),
            seed: 0,
            seat: Seat::First,
            active: 0,
            turns: [0; 2],
            life: [0; 2],
            passive: [false; 2],
            by_hand: [false; 2],
            outcome: None,
            lasting: LastingSet::default(),
            trace: Trace::new(defs, max_turns),
            log: Log::default(),
        }
    }

    /// Starts a new game: every card of each player in that player's
    /// `deck` zone, shuffled with the game's seed; life set.
    pub fn reset<T>(
        &mut self,
        table: &Table<T>,
        seed: u64,
        seat: Seat,
        deck: impl Fn(usize) -> Z,
        life: i32,
    ) {
        self.zones.clear();
        self.rng = rng(seed);
        self.seed = seed;
        self.seat = seat;
        self.active = seat.first_player();
        self.turns = [0; 2];
        self.life = [life; 2];
        self.outcome = None;
        self.lasting.clear();
        self.trace.clear();
        self.log.clear();
        for p in 0..2 {
            let z = deck(p);
            self.zones.fill(z, table.range(p));
            self.zones.shuffle(z, &mut self.rng);
        }
    }

    /// Player 0's turn count: the turns every report counts.
    #[inline]
    pub fn turn(&self) -> u16 {
        self.turns[0]
    }

    /// Whether player `p` went first.
    pub fn went_first(&self, p: usize) -> bool {
        self.seat.first_player() == p
    }

    #[inline]
    pub fn note(
        &mut self,
        player: usize,
        what: &'static str,
        card: Option<u16>,
        amount: Option<i32>,
    ) {
        if !self.log.on {
            return;
        }
        let t = self.turn();
        // where the card lies now: what each viewer may see of the note
        let at = card
            .and_then(|c| self.zones.zone_of(c))
            .map(|z| z.index() as u8);
        self.log.note_at(t, player, what, card, amount, at);
    }

    /// A note naming `card` to every viewer: a card the rules have its
    /// player show ([`record::SHOWN`]).
    pub fn note_shown(&mut self, player: usize, what: &'static str, card: u16) {
        if !self.log.on {
            return;
        }
        let t = self.turn();
        self.log
            .note_at(t, player, what, Some(card), None, Some(record::SHOWN));
    }

    /// Ends the game (the first outcome stands).
    pub fn end(&mut self, o: Outcome) {
        if self.outcome.is_none() {
            self.outcome = Some(o);
        }
    }

    /// Player `winner` has won.
    pub fn win(&mut self, winner: usize, reason: &'static str) {
        let turn = self.turn();
        self.end(if winner == 0 {
            Outcome::Win { turn }
        } else {
            Outcome::Loss { turn, reason }
        });
    }

    #[inline]
    pub fn over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Takes `amount` from player `p`'s life; a player at 0 or less has lost.
    /// Damage to player 1 counts toward player 0's per-turn damage.
    pub fn damage(&mut self, p: usize, amount: i32) {
        if amount <= 0 || self.over() {
            return;
        }
        self.life[p] -= amount;
        if p == 1 {
            self.trace.add_damage(amount);
        }
        if self.life[p] <= 0 {
            self.win(other(p), "life ran out");
        }
    }

    /// Player `p` loses `amount` life: not damage (nothing prevents it and
    /// it counts toward no damage total of a game's own), but life taken all
    /// the same, so a player at 0 or less has lost and the opponent's loss
    /// counts toward player 0's per-turn damage like [`Core::damage`].
    pub fn lose_life(&mut self, p: usize, amount: i32) {
        self.damage(p, amount);
    }

    pub fn gain_life(&mut self, p: usize, amount: i32) {
        if amount > 0 && !self.over() {
            self.life[p] += amount;
        }
    }

    /// A world player `viewer` cannot tell from this one, for the strong
    /// player ([`crate::engine::game::Rules::sample_world`]): its own `deck`
    /// reshuffled; the other player's `hand` and `deck` pooled, shuffled and
    /// the hand dealt again at its size (unless nobody plays that seat); the
    /// randomness started from `seed`. `deck` and `hand` name a player's
    /// zones.
    pub fn sample_hidden(
        &mut self,
        viewer: usize,
        seed: u64,
        deck: impl Fn(usize) -> Z,
        hand: impl Fn(usize) -> Z,
    ) {
        let mut r = rng(seed);
        // sorted before the shuffle: the world depends on which cards are
        // unseen, never on the order they lay in
        self.zones.sort(deck(viewer));
        self.zones.shuffle(deck(viewer), &mut r);
        let foe = other(viewer);
        if !self.passive[foe] {
            let held = self.zones.len(hand(foe));
            self.zones.move_all(hand(foe), deck(foe));
            self.zones.sort(deck(foe));
            self.zones.shuffle(deck(foe), &mut r);
            for _ in 0..held {
                self.zones.move_top(deck(foe), hand(foe), At::Top);
            }
        }
        self.rng = r;
    }

    /// Moves the top card of `from` to `to`, logged as a draw by `p`;
    /// `None` when `from` is empty. A passive seat draws nothing.
    pub fn draw(&mut self, p: usize, from: Z, to: Z) -> Option<u16> {
        if self.passive[p] {
            return None;
        }
        let c = self.zones.move_top(from, to, At::Top)?;
        self.note(p, "draw", Some(c), None);
        Some(c)
    }

    /// Opens player `p`'s turn: counts it and, for player 0, opens the
    /// statistics' turn. Player 0 passing `max_turns` ends the game
    /// unfinished; returns `false` then.
    pub fn open_turn(&mut self, p: usize, max_turns: u16) -> bool {
        self.active = p;
        if p == 0 {
            if self.turns[0] >= max_turns {
                self.end(Outcome::Unfinished { turn: max_turns });
                return false;
            }
            self.turns[0] += 1;
            self.trace.open_turn();
        } else {
            self.turns[1] += 1;
        }
        self.lasting.turn_start(p);
        true
    }

    /// Closes player `p`'s turn for lasting effects.
    pub fn close_turn(&mut self, p: usize) {
        self.lasting.turn_end(p);
    }

    /// Card conservation over both players' zones.
    pub fn check_cards<T>(&self, table: &Table<T>) -> Result<(), String> {
        self.zones
            .check_conservation(table.copies(), |c| table.owner(c))
    }
}
