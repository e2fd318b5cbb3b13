//! A game for 2 to 4 put in a given position (a scenario file,
//! `scenario::world`): the seats' Worlds and hands, the draft, the Land deck
//! and the shared supplies as they lie, where [`Match::new`] would shuffle
//! them.

use super::super::NONE;
use super::super::components::{Components, ComponentsError};
use super::super::game::Solo;
use super::super::supply::Supply;
use super::{HAND, MAX_SEATS, Match, MatchPhase, PASS_FIRST, SunDirection};

/// What lies on the table.
#[derive(Clone, Debug)]
pub struct MatchPosition {
    /// Each seat's World and the cards it has yet to place this turn
    /// ([`Solo::from_position`] with no stacks).
    pub seats: Vec<Solo>,
    pub supply: Supply,
    /// The Land deck, top card first.
    pub deck: Vec<u8>,
    /// The cards each seat holds in the draft (draft phases only).
    pub draft: Vec<Vec<u8>>,
    /// The cards each seat chose to pass this round, before every seat has.
    pub pending: Vec<Vec<u8>>,
    pub sun: u8,
    pub direction: SunDirection,
    /// The last turn dealt (0 before the first deal).
    pub turn: u8,
    pub phase: MatchPhase,
}

impl Match {
    /// A game in the position `p`. The cards placed this turn are what the
    /// seats' hands lack of 3 (in play).
    pub fn from_position(c: &Components, p: MatchPosition) -> Result<Match, ComponentsError> {
        let players = p.seats.len() as u8;
        c.check_match(players)?;
        let bad = |why: &str| Err(ComponentsError::BadDeal(why.to_string()));
        if p.draft.len() > MAX_SEATS || p.pending.len() > MAX_SEATS {
            return bad("more hands than seats");
        }
        let mut draft = [[NONE; HAND]; MAX_SEATS];
        for (slot, cards) in draft.iter_mut().zip(&p.draft) {
            if cards.len() > HAND {
                return bad("a draft hand holds 3 cards");
            }
            slot[..cards.len()].copy_from_slice(cards);
        }
        let mut pending = [[NONE; PASS_FIRST]; MAX_SEATS];
        for (slot, cards) in pending.iter_mut().zip(&p.pending) {
            if cards.len() > PASS_FIRST {
                return bad("a pass is 2 cards, then 1");
            }
            slot[..cards.len()].copy_from_slice(cards);
        }
        if p.sun >= players {
            return bad("the Sun holder is not a seat");
        }
        let placed = match p.phase {
            MatchPhase::Play { .. } => p
                .seats
                .iter()
                .map(|s| HAND - s.hand_cards().count())
                .sum::<usize>() as u8,
            _ => 0,
        };
        let mut seats: [Solo; MAX_SEATS] = std::array::from_fn(|_| p.seats[0]);
        for (slot, mut s) in seats.iter_mut().zip(p.seats) {
            s.set_supply(p.supply);
            *slot = s;
        }
        Ok(Match {
            players,
            seats,
            supply: p.supply,
            deck: p.deck,
            drawn: 0,
            draft,
            pending,
            sun: p.sun,
            direction: p.direction,
            turn: p.turn,
            placed,
            phase: p.phase,
            turns: c.rules.turns,
            sun_passes: players > 2 || c.rules.two_player_sun_passes,
        })
    }

    /// The Land deck left, top card first (hidden from every player).
    pub fn deck(&self) -> &[u8] {
        &self.deck[self.drawn..]
    }
}
