//! A Strange World game for 2 to 4 players (rulebook p.1-p.5, rules-notes SW
//! §3-§4) as a state machine of typed [`MatchAction`]s.
//!
//! Each seat is a [`Solo`] World that takes its cards from the draft instead
//! of stacks; the seats share one [`Supply`] of Travellers, Dark Cities and
//! Fumaroles, so what one player takes is gone for the others. A turn is:
//! 1. with 3 or 4 players, the Sun holder chooses the Sun's face
//!    ([`MatchAction::Sun`]): the direction of the draft and of play;
//! 2. 3 Land cards dealt to each player;
//! 3. the draft: every player passes 2 cards to the next player in the Sun's
//!    direction ([`MatchAction::PassTwo`]), then 1 ([`MatchAction::PassOne`]),
//!    simultaneously: a pass is kept until every player has chosen;
//! 4. play: one card at a time, from the Sun holder on in the Sun's direction,
//!    each placement resolved in full by the solo rules
//!    ([`MatchAction::Seat`]), until everyone has placed 3;
//! 5. the Sun passes to the left (the next seat clockwise).
//!
//! After 5 turns every World is a 4×4 square; each is scored and the most
//! stars wins.
//!
//! Readings of ours, each a named option where the rulebook leaves a choice:
//! - `two_player_sun_passes` (SW §6.12): the rulebook passes the Sun only "for
//!   games with 3 or 4 players"; by default it passes with 2 as well.
//! - `traveller_supply` (SW §4.2): every Traveller left may be chosen, or
//!   only the top of the stack.
//! - Seats are numbered clockwise, so "the player on the left" is the next
//!   seat; with 2 players both of the Sun's faces point at the other player
//!   and the Sun's face is not chosen.
//! - The rulebook names no tiebreak: tied players share the win
//!   ([`Match::winners`] lists them all).

use rand::RngExt;
use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

use super::action::{Action, Event, Phase};
use super::components::{Components, ComponentsError};
use super::game::Solo;
use super::score::{self, Breakdown};
use super::supply::Supply;
use super::world::World;
use super::{MAX_STACK, NONE};
use crate::engine::rng;

mod position;
mod rules;

pub use position::MatchPosition;

pub use rules::MatchIllegal;

/// Most players of a game.
pub const MAX_SEATS: usize = 4;
/// Fewest players of a game for 2 to 4.
pub const MIN_SEATS: usize = 2;
/// "give 2 of them to the player next to you" (rulebook p.3).
pub const PASS_FIRST: usize = 2;
/// "give 1 card to the player next to you in the same direction" (p.3).
pub const PASS_SECOND: usize = 1;
/// Cards dealt to, and held by, each player in a turn.
const HAND: usize = MAX_STACK;

/// The Sun's face: the direction of the draft and of the play order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SunDirection {
    /// To the left: seat 0 → 1 → 2 → …
    Clockwise,
    /// To the right: seat 0 → last → …
    Counterclockwise,
}

impl SunDirection {
    pub const BOTH: [SunDirection; 2] = [SunDirection::Clockwise, SunDirection::Counterclockwise];

    /// The seat after `seat` in this direction, among `players`.
    pub fn next(self, seat: u8, players: u8) -> u8 {
        match self {
            SunDirection::Clockwise => (seat + 1) % players,
            SunDirection::Counterclockwise => (seat + players - 1) % players,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            SunDirection::Clockwise => "clockwise",
            SunDirection::Counterclockwise => "counterclockwise",
        }
    }

    pub fn parse(s: &str) -> Option<SunDirection> {
        SunDirection::BOTH.into_iter().find(|d| d.as_str() == s)
    }
}

/// What the match waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "phase", rename_all = "kebab-case")]
pub enum MatchPhase {
    /// The Sun holder `seat` chooses the Sun's face (3 or 4 players).
    ChooseSun { seat: u8 },
    /// Every player who has not yet chosen passes `pass` cards (2, then 1).
    Draft { pass: u8 },
    /// `seat` places its next card, or makes a choice that placement led to.
    Play { seat: u8 },
    /// Every World is complete.
    Finished,
}

impl MatchPhase {
    pub(crate) fn describe(self) -> &'static str {
        match self {
            MatchPhase::ChooseSun { .. } => "choose the Sun's face",
            MatchPhase::Draft { .. } => "pass cards in the draft",
            MatchPhase::Play { .. } => "place a card",
            MatchPhase::Finished => "nothing: every World is complete",
        }
    }
}

/// A player's decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum MatchAction {
    /// The Sun holder turns the Sun to `direction`.
    Sun { seat: u8, direction: SunDirection },
    /// The first pass of the draft: these two cards go to the next player.
    PassTwo { seat: u8, cards: [u8; PASS_FIRST] },
    /// The second pass: this card goes to the next player.
    PassOne { seat: u8, card: u8 },
    /// A placement action of the seat whose turn it is (the solo rules).
    Seat { seat: u8, action: Action },
}

impl MatchAction {
    /// The seat that acts.
    pub fn seat(self) -> u8 {
        match self {
            MatchAction::Sun { seat, .. }
            | MatchAction::PassTwo { seat, .. }
            | MatchAction::PassOne { seat, .. }
            | MatchAction::Seat { seat, .. } => seat,
        }
    }
}

/// What happened, for logs and the World screen. Card identities passed in
/// the draft are in the events; a screen shows them only to the players who
/// may see them (the passer and the receiver).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum MatchEvent {
    /// The random first holder of the Sun.
    SunGiven {
        seat: u8,
    },
    SunTurned {
        seat: u8,
        direction: SunDirection,
    },
    /// "The Sun card is passed to the player on the left" (p.1).
    SunPassed {
        seat: u8,
    },
    TurnStarted {
        turn: u8,
    },
    Dealt {
        seat: u8,
        cards: Vec<u8>,
    },
    Passed {
        from: u8,
        to: u8,
        cards: Vec<u8>,
    },
    /// A placement event of a seat's World.
    Seat {
        seat: u8,
        event: Event,
    },
    Finished {
        totals: Vec<u32>,
        winners: Vec<u8>,
    },
}

/// A game for 2 to 4 players in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    players: u8,
    seats: [Solo; MAX_SEATS],
    supply: Supply,
    /// The Land deck, drawn from the front.
    deck: Vec<u8>,
    drawn: usize,
    /// The cards each player holds in the draft (`NONE` = empty slot).
    draft: [[u8; HAND]; MAX_SEATS],
    /// The cards each player chose to pass this round (`NONE` = not chosen).
    pending: [[u8; PASS_FIRST]; MAX_SEATS],
    sun: u8,
    direction: SunDirection,
    turn: u8,
    /// Placements finished this turn, all seats together.
    placed: u8,
    phase: MatchPhase,
    turns: u8,
    sun_passes: bool,
}

impl Match {
    /// Sets up a game for `players` (rulebook p.4): a starting Land to each
    /// player, the Land deck of tiers 1 to `players` shuffled, the Dark City
    /// stack, the Fumaroles, the Traveller stack shuffled, the Sun to a
    /// random player. The same seed always sets up the same game.
    pub fn new(c: &Components, players: u8, seed: u64) -> Result<Match, ComponentsError> {
        c.check_match(players)?;
        let mut r = rng(seed);
        let mut deck = c.land_deck(players);
        deck.shuffle(&mut r);
        let mut starting = c.starting_lands.clone();
        starting.shuffle(&mut r);
        let mut travellers: Vec<u8> = (0..c.travellers.len() as u8).collect();
        travellers.shuffle(&mut r);
        let sun = r.random_range(0..players);
        let supply = Supply::new(
            &travellers,
            c.rules.traveller_supply,
            &c.dark_cities,
            c.fumaroles,
        );
        let seats = std::array::from_fn(|i| {
            let start = starting[i.min(usize::from(players) - 1)];
            Solo::seat(c, start, supply)
        });
        let mut m = Match {
            players,
            seats,
            supply,
            deck,
            drawn: 0,
            draft: [[NONE; HAND]; MAX_SEATS],
            pending: [[NONE; PASS_FIRST]; MAX_SEATS],
            sun,
            direction: SunDirection::Clockwise,
            turn: 0,
            placed: 0,
            phase: MatchPhase::Finished,
            turns: c.rules.turns,
            sun_passes: players > 2 || c.rules.two_player_sun_passes,
        };
        m.start_turn(&mut Vec::new());
        Ok(m)
    }

    /// The events of the setup: who got the Sun and, with 2 players, the
    /// first deal (what [`Match::new`] did).
    pub fn setup_events(&self) -> Vec<MatchEvent> {
        let mut out = vec![MatchEvent::SunGiven { seat: self.sun }];
        if matches!(self.phase, MatchPhase::Draft { .. }) {
            out.push(MatchEvent::TurnStarted { turn: self.turn });
            for seat in 0..self.players {
                out.push(MatchEvent::Dealt {
                    seat,
                    cards: self.draft_hand(seat).collect(),
                });
            }
        }
        out
    }

    pub fn players(&self) -> u8 {
        self.players
    }

    pub fn phase(&self) -> MatchPhase {
        self.phase
    }

    pub fn is_finished(&self) -> bool {
        self.phase == MatchPhase::Finished
    }

    /// The turn, 1 to 5.
    pub fn turn(&self) -> u8 {
        self.turn
    }

    pub fn turns(&self) -> u8 {
        self.turns
    }

    /// The Sun holder.
    pub fn sun(&self) -> u8 {
        self.sun
    }

    pub fn direction(&self) -> SunDirection {
        self.direction
    }

    /// The player who receives the cards `seat` passes.
    pub fn pass_to(&self, seat: u8) -> u8 {
        self.direction.next(seat, self.players)
    }

    /// The seats in play order this turn, from the Sun holder.
    pub fn play_order(&self) -> Vec<u8> {
        let mut out = vec![self.sun];
        while out.len() < usize::from(self.players) {
            let last = *out.last().unwrap_or(&self.sun);
            out.push(self.direction.next(last, self.players));
        }
        out
    }

    /// A seat's World and hand as a solo game sees them, with the match's
    /// supply (what the built-in players plan on).
    pub fn seat(&self, seat: u8) -> Solo {
        let mut s = self.seats[usize::from(seat)];
        s.set_supply(self.supply);
        s
    }

    /// A seat's World.
    pub fn world(&self, seat: u8) -> &World {
        self.seats[usize::from(seat)].world()
    }

    pub fn supply(&self) -> &Supply {
        &self.supply
    }

    /// The cards `seat` holds in the draft (only that player may see them).
    pub fn draft_hand(&self, seat: u8) -> impl Iterator<Item = u8> + '_ {
        self.draft[usize::from(seat)]
            .iter()
            .copied()
            .filter(|&c| c != NONE)
    }

    /// Whether `seat` has chosen its pass this round.
    pub fn has_passed(&self, seat: u8) -> bool {
        self.pending[usize::from(seat)][0] != NONE
    }

    /// The cards `seat` chose to pass this round, before everyone has chosen.
    pub fn pending_pass(&self, seat: u8) -> impl Iterator<Item = u8> + '_ {
        self.pending[usize::from(seat)]
            .iter()
            .copied()
            .filter(|&c| c != NONE)
    }

    /// Whether the match waits for `seat`.
    pub fn waits_for(&self, seat: u8) -> bool {
        match self.phase {
            MatchPhase::ChooseSun { seat: s } | MatchPhase::Play { seat: s } => s == seat,
            MatchPhase::Draft { .. } => seat < self.players && !self.has_passed(seat),
            MatchPhase::Finished => false,
        }
    }

    /// Land cards left in the deck.
    pub fn deck_left(&self) -> usize {
        self.deck.len() - self.drawn
    }

    /// Each World's score as it stands.
    pub fn scores(&self, c: &Components) -> Vec<Breakdown> {
        (0..self.players)
            .map(|s| score::score(self.seats[usize::from(s)].world(), c))
            .collect()
    }

    /// The seats with the most stars (several on a tie: they share the win).
    pub fn winners(&self, c: &Components) -> Vec<u8> {
        let totals: Vec<u32> = self.scores(c).iter().map(|b| b.total).collect();
        let best = totals.iter().copied().max().unwrap_or(0);
        (0..self.players)
            .filter(|&s| totals[usize::from(s)] == best)
            .collect()
    }

    /// Every Land card of the game: in the Worlds, the hands, the draft and
    /// the deck (for conservation checks).
    pub fn all_cards(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for s in 0..usize::from(self.players) {
            out.extend(self.seats[s].all_cards());
            out.extend(self.draft[s].iter().copied().filter(|&c| c != NONE));
        }
        out.extend(&self.deck[self.drawn..]);
        out
    }

    /// Every legal action of `seat` now (the screens' highlights, the random
    /// player). Draft passes are listed as every choice of cards.
    pub fn legal_actions(&self, c: &Components, seat: u8, out: &mut Vec<MatchAction>) {
        out.clear();
        if !self.waits_for(seat) {
            return;
        }
        match self.phase {
            MatchPhase::ChooseSun { .. } => out.extend(
                SunDirection::BOTH
                    .into_iter()
                    .map(|direction| MatchAction::Sun { seat, direction }),
            ),
            MatchPhase::Draft { pass } => {
                let hand: Vec<u8> = self.draft_hand(seat).collect();
                if usize::from(pass) == PASS_FIRST {
                    for i in 0..hand.len() {
                        for j in i + 1..hand.len() {
                            out.push(MatchAction::PassTwo {
                                seat,
                                cards: [hand[i], hand[j]],
                            });
                        }
                    }
                } else {
                    out.extend(hand.iter().map(|&card| MatchAction::PassOne { seat, card }));
                }
            }
            MatchPhase::Play { .. } => {
                let mut actions = Vec::new();
                self.seat(seat).legal_actions(c, &mut actions);
                out.extend(
                    actions
                        .into_iter()
                        .map(|action| MatchAction::Seat { seat, action }),
                );
            }
            MatchPhase::Finished => {}
        }
    }

    /// What the seat whose turn it is waits to do in its World.
    pub fn seat_phase(&self, seat: u8) -> Phase {
        self.seats[usize::from(seat)].phase()
    }
}

#[cfg(test)]
mod tests;
