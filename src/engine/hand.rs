//! Test hands: each game's own setup dealt from a seed (rules-notes §3 of
//! each game), optionally with its mulligan, and a peek at the next draws.
//!
//! The deal is the engine's own [`Rules::deal`], so a test hand is exactly a
//! goldfish game's opening; the mulligan is the one the game offers
//! ([`Rules::mulligan`]), taken with the game's own action. Nothing here
//! knows a game: Fuzzycards' whole-hand mulligan and Rizontical's "return up
//! to 5" are both [`Mulligan`]s, and what a game deals besides the hand
//! (Rizontical's Fighters and Numen) comes from [`Rules::dealt_extras`].

use serde::Serialize;

use super::core::{Illegal, Seat};
use super::game::{Mulligan, Rules};
use crate::model::{GameId, name_key};

/// What to deal.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HandRequest {
    pub seed: u64,
    pub seat: Seat,
    /// Take the game's mulligan.
    pub mulligan: bool,
    /// Rizontical: the Powers to return (by name); empty with `mulligan`: all.
    pub returns: Vec<String>,
    /// Show the draws of turns 1..=`turns`.
    pub turns: u32,
}

/// A Fighter in a Rizontical slot.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SlotCard {
    pub slot: u8,
    pub card: String,
}

/// The mulligan that was taken.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MulliganReport {
    /// The hand before it.
    pub before: Vec<String>,
    /// The cards put back (Fuzzycards: the whole hand).
    pub returned: Vec<String>,
}

/// The cards one turn's draw step brings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TurnDraws {
    pub turn: u32,
    pub cards: Vec<String>,
}

/// formats.md §3 `hand --json`: `game`, `seed`, `hand`, plus what the game deals.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HandReport {
    pub game: GameId,
    pub seed: u64,
    pub seat: Seat,
    pub hand: Vec<String>,
    /// Rizontical: the Fighters in slots 1 and 2.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub fighters: Vec<SlotCard>,
    /// Rizontical: the Numen.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub numen: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mulligan: Option<MulliganReport>,
    /// Cards left in the pile draws come from.
    pub deck_remaining: usize,
    /// The next draws by turn, when asked for.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub draws: Vec<TurnDraws>,
    /// What the draws' turns count ("turn" or "timeline turn").
    pub turn_unit: &'static str,
}

/// Why a hand cannot be dealt as asked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HandError {
    #[error("{0} has no mulligan (rules-notes §3)")]
    NoMulligan(String),
    #[error("\"{0}\" is not in the opening hand, so it cannot be returned")]
    NotInHand(String),
    #[error("name the cards to return only for a mulligan that chooses them (Rizontical's)")]
    ReturnsWithoutChoice,
    #[error(transparent)]
    Illegal(#[from] Illegal),
}

/// Deals a test hand.
pub fn deal<R: Rules>(rules: &R, req: &HandRequest) -> Result<HandReport, HandError> {
    let names = |cards: &[u16]| {
        cards
            .iter()
            .map(|&c| rules.copy_name(c).to_string())
            .collect::<Vec<_>>()
    };
    let mut st = rules.new_state();
    rules.deal(&mut st, req.seed, req.seat);
    let offer = {
        let mut probe = st.clone();
        rules.begin(&mut probe);
        rules.mulligan(&probe)
    };
    if !req.returns.is_empty() && !matches!(offer, Some(Mulligan::Choose { .. })) {
        return Err(HandError::ReturnsWithoutChoice);
    }
    let before = names(rules.hand(&st, 0));
    let mulligan = if req.mulligan {
        let Some(offer) = offer else {
            return Err(HandError::NoMulligan(
                crate::games::game(rules.game()).def().name.clone(),
            ));
        };
        rules.begin(&mut st);
        let hand = rules.hand(&st, 0).to_vec();
        let back: Vec<u16> = match offer {
            Mulligan::WholeHand { .. } => hand.clone(),
            Mulligan::Choose { max } if req.returns.is_empty() => {
                hand.iter().copied().take(max as usize).collect()
            }
            Mulligan::Choose { .. } => {
                let mut back: Vec<u16> = Vec::new();
                for want in &req.returns {
                    let key = name_key(want);
                    let c = hand
                        .iter()
                        .copied()
                        .find(|&c| !back.contains(&c) && name_key(rules.copy_name(c)) == key)
                        .ok_or_else(|| HandError::NotInHand(want.clone()))?;
                    back.push(c);
                }
                back
            }
        };
        rules.mulligan_only(&mut st, &back)?;
        Some(MulliganReport {
            before,
            returned: names(&back),
        })
    } else {
        None
    };
    let sched = rules.schedule(req.seat);
    let pile = rules.draw_pile(&st, 0);
    let mut next = pile.iter().rev();
    let draws = (1..=req.turns)
        .map(|t| TurnDraws {
            turn: t,
            cards: next
                .by_ref()
                .take(sched.draws_on(t) as usize)
                .map(|&c| rules.copy_name(c).to_string())
                .collect(),
        })
        .collect();
    let mut report = HandReport {
        game: rules.game(),
        seed: req.seed,
        seat: req.seat,
        hand: names(rules.hand(&st, 0)),
        fighters: Vec::new(),
        numen: None,
        mulligan,
        deck_remaining: pile.len(),
        draws,
        turn_unit: sched.unit,
    };
    for (label, cards) in rules.dealt_extras(&st) {
        match label {
            "numen" => report.numen = cards.into_iter().next(),
            _ => {
                report.fighters = cards
                    .into_iter()
                    .enumerate()
                    .map(|(i, card)| SlotCard {
                        slot: i as u8 + 1,
                        card,
                    })
                    .collect();
            }
        }
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::session::{Engine, EngineOptions};
    use crate::model::{Card, Catalog, Deck, DeckEntry, FieldValue};

    fn fuzzy() -> Engine {
        let mut cat = Catalog::new("fuzzycards".parse().unwrap(), "t");
        let mut deck = Deck::default();
        for i in 0..10 {
            let mut c = Card::new(format!("H{i}"), "hero");
            c.cost = Some(1);
            for k in ["atk", "def", "hp"] {
                c.fields.insert(k.into(), FieldValue::Int(4));
            }
            cat.cards.push(c);
            deck.entries.push(DeckEntry::new(3, format!("H{i}")));
        }
        Engine::new(&cat, &deck, &EngineOptions::default()).unwrap()
    }

    #[test]
    fn same_seed_same_hand_and_seats_differ_in_size() {
        let e = fuzzy();
        let req = HandRequest {
            seed: 42,
            turns: 3,
            ..HandRequest::default()
        };
        let a = e.hand(&req).unwrap();
        assert_eq!(a, e.hand(&req).unwrap());
        assert_eq!(a.hand.len(), 5);
        assert_eq!(a.deck_remaining, 25);
        // going first: no draw on turn 1
        assert_eq!(
            a.draws.iter().map(|d| d.cards.len()).collect::<Vec<_>>(),
            vec![0, 1, 1]
        );
        let b = e
            .hand(&HandRequest {
                seed: 42,
                seat: Seat::Second,
                ..HandRequest::default()
            })
            .unwrap();
        assert_eq!(b.hand.len(), 6);
        assert_ne!(
            e.hand(&HandRequest {
                seed: 43,
                ..HandRequest::default()
            })
            .unwrap()
            .hand,
            a.hand
        );
    }

    #[test]
    fn fuzzycards_mulligan_draws_five() {
        let e = fuzzy();
        let r = e
            .hand(&HandRequest {
                seed: 1,
                seat: Seat::Second,
                mulligan: true,
                ..HandRequest::default()
            })
            .unwrap();
        let m = r.mulligan.unwrap();
        assert_eq!(m.before.len(), 6);
        assert_eq!(m.returned, m.before);
        assert_eq!(r.hand.len(), 5);
        assert_eq!(r.deck_remaining, 25);
    }
}
