//! Test hands: each game's own setup dealt from a seed (rules-notes §3 of
//! each game), optionally with its mulligan, and a peek at the next draws.
//!
//! - Fuzzycards: 5 cards going first, 6 going second; the once-per-game
//!   mulligan shuffles the hand back and draws 5.
//! - Dice of Destiny: 6 cards; no mulligan.
//! - Bizarre World: draw to 5; no mulligan.
//! - Rizontical: the top two Fighters into slots 1 and 2, 5 Powers; the
//!   mulligan returns up to 5 Powers to the bottom and draws as many.
//!
//! The same seed and deck always deal the same hand: the deal is the engine's
//! own [`super::sim::Sim::deal`], so a test hand is exactly a goldfish
//! game's opening.

use serde::Serialize;

use super::playtest::Engine;
use super::sim::{Illegal, Seat, Sim};
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
    NoMulligan(&'static str),
    #[error("\"{0}\" is not in the opening hand, so it cannot be returned")]
    NotInHand(String),
    #[error("name the Powers to return only with Rizontical's mulligan")]
    ReturnsWithoutRizontical,
    #[error(transparent)]
    Illegal(#[from] Illegal),
}

/// Deals a test hand.
pub fn deal(engine: &Engine, req: &HandRequest) -> Result<HandReport, HandError> {
    use super::{bizarre as bw, dice as dd, fuzzycards as fz, rizontical as rz};
    if !req.returns.is_empty() && engine.game() != GameId::Rizontical {
        return Err(HandError::ReturnsWithoutRizontical);
    }
    match engine {
        Engine::Fuzzycards(s) => report(
            engine,
            s.as_ref(),
            req,
            |st| st.zones.get(fz::Zone::Hand),
            |sim, st| {
                let back = st.zones.get(fz::Zone::Hand).to_vec();
                sim.mulligan(st);
                Ok(back)
            },
        )
        .map(|(r, _)| r),
        Engine::DiceOfDestiny(s) => report(
            engine,
            s.as_ref(),
            req,
            |st| st.zones.get(dd::Zone::Hand),
            |_, _| Err(HandError::NoMulligan("Dice of Destiny")),
        )
        .map(|(r, _)| r),
        Engine::BizarreWorld(s) => report(
            engine,
            s.as_ref(),
            req,
            |st| st.zones.get(bw::Zone::Hand),
            |_, _| Err(HandError::NoMulligan("Bizarre World")),
        )
        .map(|(r, _)| r),
        Engine::Rizontical(s) => {
            let (mut r, st) = report(
                engine,
                s.as_ref(),
                req,
                |st| st.zones.get(rz::Zone::Hand),
                |sim, st| {
                    let hand = st.zones.get(rz::Zone::Hand).to_vec();
                    let mut mask = 0u8;
                    if req.returns.is_empty() {
                        mask = ((1u16 << hand.len().min(8)) - 1) as u8;
                    }
                    for want in &req.returns {
                        let key = name_key(want);
                        let pos = hand
                            .iter()
                            .enumerate()
                            .position(|(i, &c)| {
                                i < 8
                                    && mask & (1 << i) == 0
                                    && name_key(sim.table.copy_name(c)) == key
                            })
                            .ok_or_else(|| HandError::NotInHand(want.clone()))?;
                        mask |= 1 << pos;
                    }
                    let back = hand
                        .iter()
                        .enumerate()
                        .filter(|(i, _)| mask & (1 << i) != 0)
                        .map(|(_, &c)| c)
                        .collect();
                    sim.mulligan(st, mask)?;
                    Ok(back)
                },
            )?;
            r.fighters = st
                .slots
                .iter()
                .enumerate()
                .filter(|(_, c)| **c != u16::MAX)
                .map(|(i, &c)| SlotCard {
                    slot: i as u8 + 1,
                    card: s.table.copy_name(c).to_string(),
                })
                .collect();
            r.numen = st
                .zones
                .get(rz::Zone::Numen)
                .first()
                .map(|&c| s.table.copy_name(c).to_string());
            Ok(r)
        }
    }
}

/// Deals with `sim`, takes the mulligan if asked (`mulligan` returns the
/// copies put back), and peeks at the draws.
fn report<S: Sim>(
    engine: &Engine,
    sim: &S,
    req: &HandRequest,
    hand: fn(&S::State) -> &[u16],
    mulligan: impl FnOnce(&S, &mut S::State) -> Result<Vec<u16>, HandError>,
) -> Result<(HandReport, S::State), HandError> {
    let names = |cards: &[u16]| {
        cards
            .iter()
            .map(|&c| sim.copy_name(c).to_string())
            .collect::<Vec<_>>()
    };
    let mut st = sim.new_state();
    sim.deal(&mut st, req.seed, req.seat);
    let before = names(hand(&st));
    let mulligan = if req.mulligan {
        let back = mulligan(sim, &mut st)?;
        Some(MulliganReport {
            before,
            returned: names(&back),
        })
    } else {
        None
    };
    let sched = engine.schedule(req.seat);
    let pile = sim.draw_pile(&st);
    let mut next = pile.iter().rev();
    let draws = (1..=req.turns)
        .map(|t| TurnDraws {
            turn: t,
            cards: next
                .by_ref()
                .take(sched.draws_on(t) as usize)
                .map(|&c| sim.copy_name(c).to_string())
                .collect(),
        })
        .collect();
    let report = HandReport {
        game: engine.game(),
        seed: req.seed,
        seat: req.seat,
        hand: names(hand(&st)),
        fighters: Vec::new(),
        numen: None,
        mulligan,
        deck_remaining: pile.len(),
        draws,
        turn_unit: sched.unit,
    };
    Ok((report, st))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::playtest::EngineOptions;
    use crate::model::{Card, Catalog, Deck, DeckEntry, FieldValue};

    fn fuzzy() -> Engine {
        let mut cat = Catalog::new(GameId::Fuzzycards, "t");
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
        let a = deal(&e, &req).unwrap();
        assert_eq!(a, deal(&e, &req).unwrap());
        assert_eq!(a.hand.len(), 5);
        assert_eq!(a.deck_remaining, 25);
        // going first: no draw on turn 1
        assert_eq!(
            a.draws.iter().map(|d| d.cards.len()).collect::<Vec<_>>(),
            vec![0, 1, 1]
        );
        let b = deal(
            &e,
            &HandRequest {
                seed: 42,
                seat: Seat::Second,
                ..HandRequest::default()
            },
        )
        .unwrap();
        assert_eq!(b.hand.len(), 6);
        assert_ne!(
            deal(
                &e,
                &HandRequest {
                    seed: 43,
                    ..HandRequest::default()
                }
            )
            .unwrap()
            .hand,
            a.hand
        );
    }

    #[test]
    fn fuzzycards_mulligan_draws_five() {
        let e = fuzzy();
        let r = deal(
            &e,
            &HandRequest {
                seed: 1,
                seat: Seat::Second,
                mulligan: true,
                ..HandRequest::default()
            },
        )
        .unwrap();
        let m = r.mulligan.unwrap();
        assert_eq!(m.before.len(), 6);
        assert_eq!(m.returned, m.before);
        assert_eq!(r.hand.len(), 5);
        assert_eq!(r.deck_remaining, 25);
    }
}
