//! The solo game as a state machine driven by typed [`Action`]s (rulebook
//! p.11, rules-notes SW §7 `SETUP_SOLO` / `PLACE`).
//!
//! A turn is: take a stack ([`Action::TakeStack`]), place its revealed card,
//! then the other two in any order ([`Action::Place`]). Placing a card runs the
//! desolation of the Tzimimes first, then the portal, then the volcano
//! (rulebook p.10: "The desolation of the Tzimimes happens BEFORE the creation
//! of a Portal or the effect of a Volcano"). Where the rules leave the player a
//! choice, the game stops in a phase that waits for it: which Traveller to
//! welcome and where ([`Phase::Welcome`]), which neighbour the Fumarole covers
//! ([`Phase::Erupt`]), which Fumarole the new one joins for a Dark City
//! ([`Phase::JoinCity`]). A choice with a single option is made at once.
//!
//! Every action is validated before anything changes; an illegal one is
//! refused with an [`IllegalMove`] that quotes the rule. [`Solo`] is a small
//! `Copy` value with no heap data, so undo is a kept copy and the players can
//! try thousands of moves per second.
//!
//! Choices of ours where the rules are silent:
//! - A card with both a portal half and a volcano completes its portal first
//!   (SW §6.9 leaves the order to the player; welcoming is optional, so this
//!   order never takes an option away, while erupting first could cover the
//!   portal's other half).
//! - With no Fumarole left in the supply a Volcano cannot cover anything and
//!   flips, as when it has no coverable neighbour ("If this is impossible, flip
//!   the card").
//! - A Traveller's second row (the one "above or below" the portal's, p.7)
//!   may lie outside the 4×4 square: the Traveller "is not a part of your 4
//!   by 4 square", so it neither needs nor bounds the square's rows. The
//!   option `traveller_rows_in_square` keeps both rows inside the square
//!   instead, as part of the World's frame.
//! - The rest of a stack is revealed once its first card has been placed and
//!   resolved, so the choices of that first placement are made without
//!   seeing them ("Put the face up card in your play area, then reveal the 2
//!   other cards").

use rand::seq::SliceRandom;

use serde::Serialize;

pub use super::action::{Action, Event, Events, Flip, IllegalMove, Phase};
use super::components::{Components, ComponentsError, Land};
use super::score;
use super::supply::{Supply, TravellerOffer};
use super::world::{GRID, Pos, SIZE, Side, World, cells, spread};
use super::{MAX_OFFER, MAX_STACK, MAX_STACKS, NONE};
use crate::engine::{Rng, rng};

mod apply;
mod position;

pub use position::SoloPosition;

/// One of the stacks, as the player sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct StackView {
    pub stack: u8,
    /// The revealed top card, while the stack is on offer.
    pub top: Option<u8>,
    pub taken: bool,
}

/// A solo deal: the starting Land, the stacks top card first, and the
/// Travellers revealed (indexes into [`Components`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Deal {
    pub start: u8,
    pub stacks: Vec<Vec<u8>>,
    pub travellers: Vec<u8>,
}

impl Deal {
    /// The deal of a seed: the tier-1 Lands shuffled into stacks, a random
    /// starting Land, random Travellers.
    pub fn random(c: &Components, seed: u64) -> Result<Deal, ComponentsError> {
        c.check_solo()?;
        let mut r = rng(seed);
        let mut supply = c.solo_lands.clone();
        supply.shuffle(&mut r);
        let mut starting = c.starting_lands.clone();
        starting.shuffle(&mut r);
        let mut travellers: Vec<u8> = (0..c.travellers.len() as u8).collect();
        travellers.shuffle(&mut r);
        travellers.truncate(usize::from(c.rules.travellers_revealed));
        let size = usize::from(c.rules.stack_size);
        Ok(Deal {
            start: starting[0],
            stacks: supply
                .chunks(size)
                .take(usize::from(c.rules.stacks))
                .map(<[u8]>::to_vec)
                .collect(),
            travellers,
        })
    }
}

/// A solo game in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solo {
    world: World,
    stacks: [[u8; MAX_STACK]; MAX_STACKS],
    n_stacks: u8,
    stack_size: u8,
    taken: u16,
    current: u8,
    /// The stack in hand; placed cards are `NONE`.
    hand: [u8; MAX_STACK],
    /// The cards of the stack in hand after the first are face up.
    revealed: bool,
    supply: Supply,
    turn: u8,
    phase: Phase,
}

impl Solo {
    /// Sets up a solo game (rulebook p.11): the tier-1 Lands shuffled into
    /// stacks with their tops revealed, a random starting Land, Travellers
    /// revealed, the Dark City stack and the Fumaroles. The same seed always
    /// deals the same game.
    pub fn deal(c: &Components, seed: u64) -> Result<Solo, ComponentsError> {
        Solo::with_deal(c, &Deal::random(c, seed)?)
    }

    /// Sets up a solo game with a given deal (a replay, a tutorial, a test).
    pub fn with_deal(c: &Components, deal: &Deal) -> Result<Solo, ComponentsError> {
        c.check_solo()?;
        let (n, size) = (c.rules.stacks, c.rules.stack_size);
        let bad = |why: String| Err(ComponentsError::BadDeal(why));
        if deal.stacks.len() != usize::from(n) {
            return bad(format!("{} stacks; a solo game has {n}", deal.stacks.len()));
        }
        if deal.travellers.len() != usize::from(c.rules.travellers_revealed) {
            return bad(format!(
                "{} Travellers; a solo game reveals {}",
                deal.travellers.len(),
                c.rules.travellers_revealed
            ));
        }
        let mut seen = [false; 256];
        let land = |i: u8| c.lands.get(usize::from(i));
        match land(deal.start) {
            Some(l) if l.starting => seen[usize::from(deal.start)] = true,
            _ => return bad("the starting card is not a starting Land".into()),
        }
        let mut stacks = [[NONE; MAX_STACK]; MAX_STACKS];
        for (s, cards) in deal.stacks.iter().enumerate() {
            if cards.len() != usize::from(size) {
                return bad(format!(
                    "stack {} has {} cards, not {size}",
                    s + 1,
                    cards.len()
                ));
            }
            for (k, &card) in cards.iter().enumerate() {
                match land(card) {
                    Some(l) if !l.starting && !seen[usize::from(card)] => {
                        seen[usize::from(card)] = true;
                        stacks[s][k] = card;
                    }
                    Some(l) if l.starting => {
                        return bad(format!("{} is a starting Land", l.name));
                    }
                    Some(l) => return bad(format!("{} is dealt twice", l.name)),
                    None => return bad(format!("no Land with index {card}")),
                }
            }
        }
        let mut offer = [NONE; MAX_OFFER];
        for (slot, &t) in offer.iter_mut().zip(&deal.travellers) {
            if usize::from(t) >= c.travellers.len()
                || deal.travellers.iter().filter(|&&x| x == t).count() > 1
            {
                return bad(format!("bad Traveller index {t}"));
            }
            *slot = t;
        }
        let mut world = World::new();
        world.put(Pos::START, deal.start, c.land(deal.start));
        Ok(Solo {
            world,
            stacks,
            n_stacks: n,
            stack_size: size,
            taken: 0,
            current: NONE,
            hand: [NONE; MAX_STACK],
            revealed: true,
            supply: Supply::new(
                &offer[..deal.travellers.len()],
                TravellerOffer::Open,
                c.solo_cities(),
                c.fumaroles,
            ),
            turn: 0,
            phase: Phase::ChooseStack,
        })
    }

    /// A seat of a match (rulebook p.2-p.3): a World with its starting Land,
    /// no stacks, and the match's shared supply. Its cards come from the draft
    /// ([`Solo::give_hand`]); between hands it has nothing to do and waits in
    /// [`Phase::Finished`], as a solo game with no stack left does.
    pub(crate) fn seat(c: &Components, start: u8, supply: Supply) -> Solo {
        let mut world = World::new();
        world.put(Pos::START, start, c.land(start));
        Solo {
            world,
            stacks: [[NONE; MAX_STACK]; MAX_STACKS],
            n_stacks: 0,
            stack_size: 0,
            taken: 0,
            current: NONE,
            hand: [NONE; MAX_STACK],
            revealed: true,
            supply,
            turn: 0,
            phase: Phase::Finished,
        }
    }

    /// Puts the cards a seat drafted in its hand, face up, to be placed in
    /// any order (rulebook p.3 "play a Land card").
    pub(crate) fn give_hand(&mut self, cards: &[u8]) {
        self.hand = [NONE; MAX_STACK];
        for (slot, &card) in self.hand.iter_mut().zip(cards) {
            *slot = card;
        }
        self.revealed = true;
        self.turn += 1;
        self.phase = if self.hand.iter().any(|&h| h != NONE) {
            Phase::Place
        } else {
            Phase::Finished
        };
    }

    /// Replaces the supply with the match's, as it stands before this
    /// seat acts.
    pub(crate) fn set_supply(&mut self, supply: Supply) {
        self.supply = supply;
    }

    pub fn world(&self) -> &World {
        &self.world
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn is_finished(&self) -> bool {
        self.phase == Phase::Finished
    }

    /// The turn number, from 1 once the first stack is taken.
    pub fn turn(&self) -> u8 {
        self.turn
    }

    /// The stacks: their revealed tops while on offer.
    pub fn stacks(&self) -> impl Iterator<Item = StackView> + '_ {
        (0..self.n_stacks).map(|s| {
            let taken = self.taken & 1 << s != 0;
            StackView {
                stack: s,
                top: (!taken).then_some(self.stacks[usize::from(s)][0]),
                taken,
            }
        })
    }

    /// The face-up cards in hand still to place (before the first card is
    /// placed, only that card).
    pub fn hand(&self) -> impl Iterator<Item = u8> + '_ {
        let visible = if self.revealed { MAX_STACK } else { 1 };
        self.hand[..visible].iter().copied().filter(|&c| c != NONE)
    }

    /// The stack taken this turn, once one is.
    pub fn current_stack(&self) -> Option<u8> {
        (self.current != NONE).then_some(self.current)
    }

    /// What an action would do, without doing it: its events, or the rule it
    /// breaks (the board screen's hover preview).
    pub fn preview(&self, c: &Components, a: Action) -> Result<Vec<Event>, IllegalMove> {
        let mut t = *self;
        let mut ev = Vec::new();
        t.apply(c, a, &mut ev)?;
        Ok(ev)
    }

    /// Whether the rest of the stack in hand is face up.
    pub fn hand_revealed(&self) -> bool {
        self.revealed
    }

    /// The Travellers still available.
    pub fn offer(&self) -> impl Iterator<Item = u8> + '_ {
        self.supply.offer()
    }

    /// The Dark Cities left in the stack, highest first.
    pub fn cities_left(&self) -> &[u8] {
        self.supply.cities_left()
    }

    pub fn fumaroles_left(&self) -> u8 {
        self.supply.fumaroles_left()
    }

    /// The shared supplies as they stand.
    pub fn supply(&self) -> &Supply {
        &self.supply
    }

    /// The score of the World as it stands.
    pub fn score(&self, c: &Components) -> score::Breakdown {
        score::score(&self.world, c)
    }

    /// Checks an action without playing it.
    pub fn check(&self, c: &Components, a: Action) -> Result<(), IllegalMove> {
        let wrong = || {
            Err(IllegalMove::WrongPhase {
                expected: self.phase.describe(),
            })
        };
        match (self.phase, a) {
            (Phase::ChooseStack, Action::TakeStack { stack }) => {
                if stack >= self.n_stacks {
                    Err(IllegalMove::NoSuchStack)
                } else if self.taken & 1 << stack != 0 {
                    Err(IllegalMove::StackTaken)
                } else {
                    Ok(())
                }
            }
            (Phase::Place, Action::Place { card, at }) => {
                let Some(k) = self.hand.iter().position(|&h| h == card && h != NONE) else {
                    return Err(IllegalMove::NotInHand);
                };
                if k > 0 && !self.revealed {
                    return Err(IllegalMove::TopCardFirst);
                }
                if let Some(e) = self.cell_error(at) {
                    return Err(e);
                }
                if self.placements(c, card) & at.bit() == 0 {
                    return Err(IllegalMove::VolcanoMustErupt);
                }
                Ok(())
            }
            (
                Phase::Welcome { card, partner },
                Action::Welcome {
                    traveller,
                    side,
                    upper,
                },
            ) => {
                if !self.offer().any(|t| t == traveller) {
                    return Err(IllegalMove::NotOffered);
                }
                if self.world.closed().is_some_and(|(s, _)| s != side) {
                    return Err(IllegalMove::TravellerSide);
                }
                self.rows_fit(c, card, partner, upper)
            }
            (Phase::Welcome { .. }, Action::Decline) => Ok(()),
            (Phase::Erupt { volcano }, Action::Erupt { at }) => {
                if spread(volcano.bit()) & at.bit() & self.world.occupied == 0 {
                    Err(IllegalMove::NotNextToVolcano)
                } else if self.world.fumarole & at.bit() != 0 {
                    Err(IllegalMove::CoverFumarole)
                } else {
                    Ok(())
                }
            }
            (Phase::JoinCity { fumarole }, Action::Join { with }) => {
                if self.free_fumaroles(fumarole) & with.bit() == 0 {
                    Err(IllegalMove::NotAFreeFumarole)
                } else {
                    Ok(())
                }
            }
            _ => wrong(),
        }
    }

    /// Why a card may not go on `at`, in the order a player would ask.
    pub fn cell_error(&self, at: Pos) -> Option<IllegalMove> {
        let w = &self.world;
        let b = at.bit();
        if w.occupied & b != 0 {
            return Some(IllegalMove::Occupied);
        }
        if spread(w.occupied) & b == 0 {
            return Some(IllegalMove::NotAdjacent);
        }
        if w.frame() & b != 0 {
            return None;
        }
        // outside the frame: name the Traveller when it alone is in the way
        let mut open = *w;
        open.set_closed(None);
        if open.frame() & b != 0 {
            Some(IllegalMove::BeyondTraveller)
        } else {
            Some(IllegalMove::OutsideSquare)
        }
    }

    /// Whether a Traveller may go over rows `upper`, `upper + 1`: "at the end
    /// of the line where the Portal is ... overlapping the row above or
    /// below" (p.7), so one of them is the portal's row. The other may lie
    /// outside the 4×4 square, even off the board; with the option
    /// `traveller_rows_in_square` both must fit the square with the World.
    fn rows_fit(
        &self,
        c: &Components,
        card: Pos,
        partner: Pos,
        upper: i8,
    ) -> Result<(), IllegalMove> {
        let covers = |y: u8| y as i8 == upper || y as i8 == upper + 1;
        if !covers(card.y()) && !covers(partner.y()) {
            return Err(IllegalMove::TravellerRows);
        }
        if !c.rules.traveller_rows_in_square {
            return Ok(());
        }
        let inside = u8::try_from(upper)
            .ok()
            .filter(|&u| u + 1 < GRID)
            .is_some_and(|u| {
                let (lo, hi) = self.world.row_span();
                u.min(lo) + SIZE > hi.max(u + 1)
            });
        if inside {
            Ok(())
        } else {
            Err(IllegalMove::TravellerRowsOutsideSquare)
        }
    }

    /// The Welcome actions open for a completed portal (sides × rows × Travellers).
    pub fn welcome_options(
        &self,
        c: &Components,
        card: Pos,
        partner: Pos,
        mut f: impl FnMut(Action),
    ) {
        let sides: &[Side] = match self.world.closed() {
            Some((Side::Left, _)) => &[Side::Left],
            Some((Side::Right, _)) => &[Side::Right],
            None => &[Side::Left, Side::Right],
        };
        let lo = card.y().min(partner.y()) as i8 - 1;
        let hi = card.y().max(partner.y()) as i8;
        // "In the rare situation where you welcome a Traveller and the only
        // spot available is already occupied by another Traveller previously
        // placed, you have the possibility to put the Traveller in the same
        // spot, slightly aside" (p.7): a spot a Traveller holds is offered
        // only when no spot is free
        let taken = |side: Side, upper: i8| {
            self.world
                .travellers()
                .iter()
                .any(|w| w.side == side && w.upper == upper)
        };
        let fits = |upper: i8| self.rows_fit(c, card, partner, upper).is_ok();
        let any_free =
            (lo..=hi).any(|upper| fits(upper) && sides.iter().any(|&s| !taken(s, upper)));
        for upper in lo..=hi {
            if !fits(upper) {
                continue;
            }
            for &side in sides {
                if any_free && taken(side, upper) {
                    continue;
                }
                for traveller in self.offer() {
                    f(Action::Welcome {
                        traveller,
                        side,
                        upper,
                    });
                }
            }
        }
    }

    fn free_fumaroles(&self, fumarole: Pos) -> u64 {
        spread(fumarole.bit()) & self.world.fumarole & !self.world.paired & self.world.occupied
    }

    /// The cells `card` may be placed on now: the open cells (p.3, p.7), and
    /// for a Volcano only those where it erupts while there are any.
    ///
    /// "You **must** place a Volcano card next to an adjacent Land card that
    /// may be covered by a Fumarole card. If this is impossible, flip the
    /// card" (p.8): a Volcano goes where it stays face up through the
    /// desolation of the Tzimimes (which comes first, p.10), has a neighbour
    /// that is not a Fumarole already, and a Fumarole is left to cover it.
    /// Only when no open cell allows that may it go anywhere, and it flips.
    pub fn placements(&self, c: &Components, card: u8) -> u64 {
        let open = self.world.open_cells();
        let land = c.land(card);
        if !land.volcano {
            return open;
        }
        match self.erupting_cells(c, land, open) {
            0 => open,
            erupting => erupting,
        }
    }

    /// The cells of `open` where the Volcano `land` would erupt.
    fn erupting_cells(&self, c: &Components, land: &Land, open: u64) -> u64 {
        if self.supply.fumaroles_left() == 0 {
            return 0;
        }
        let w = &self.world;
        cells(open & spread(w.occupied & !w.fumarole))
            .filter(|&at| apply::desolation(w, c, land, at).is_none())
            .fold(0, |m, at| m | at.bit())
    }

    /// Every legal action now (the board screen's highlights; the random player).
    pub fn legal_actions(&self, c: &Components, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::ChooseStack => {
                out.extend(
                    (0..self.n_stacks)
                        .filter(|s| self.taken & 1 << s == 0)
                        .map(|stack| Action::TakeStack { stack }),
                );
            }
            Phase::Place => {
                for card in self.hand() {
                    out.extend(
                        cells(self.placements(c, card)).map(|at| Action::Place { card, at }),
                    );
                }
            }
            Phase::Welcome { card, partner } => {
                self.welcome_options(c, card, partner, |a| out.push(a));
                out.push(Action::Decline);
            }
            Phase::Erupt { volcano } => {
                out.extend(cells(self.coverable(volcano)).map(|at| Action::Erupt { at }))
            }
            Phase::JoinCity { fumarole } => {
                out.extend(cells(self.free_fumaroles(fumarole)).map(|with| Action::Join { with }))
            }
            Phase::Finished => {}
        }
    }

    fn coverable(&self, volcano: Pos) -> u64 {
        spread(volcano.bit()) & self.world.occupied & !self.world.fumarole
    }

    /// Cards the player cannot see: the rest of the stacks, and of the stack
    /// in hand before its first card is placed.
    fn hidden_slots(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        let size = usize::from(self.stack_size);
        let stacks = (0..usize::from(self.n_stacks))
            .filter(|&s| self.taken & 1 << s == 0)
            .flat_map(move |s| (1..size).map(move |k| (s, k)));
        let hand = (!self.revealed)
            .then_some((1..size).map(|k| (MAX_STACKS, k)))
            .into_iter()
            .flatten();
        stacks.chain(hand)
    }

    /// Deals the cards the player cannot see again, at random among the
    /// tier-1 Lands the player has not seen: a world the player cannot tell
    /// from the real one. The search player plans on such samples so it never
    /// uses hidden information.
    pub fn redeal_hidden(&mut self, c: &Components, r: &mut Rng) {
        let mut seen = [false; 256];
        for (_, cell) in self.world.cells() {
            seen[usize::from(cell.card)] = true;
        }
        for v in self.stacks() {
            if let Some(t) = v.top {
                seen[usize::from(t)] = true;
            }
        }
        for card in self.hand() {
            seen[usize::from(card)] = true;
        }
        let mut pool = [0u8; 256];
        let mut n = 0;
        for &l in &c.solo_lands {
            if !seen[usize::from(l)] {
                pool[n] = l;
                n += 1;
            }
        }
        let pool = &mut pool[..n];
        pool.shuffle(r);
        let slots: Vec<(usize, usize)> = self.hidden_slots().collect();
        for ((s, k), &card) in slots.into_iter().zip(pool.iter()) {
            if s == MAX_STACKS {
                self.hand[k] = card;
            } else {
                self.stacks[s][k] = card;
            }
        }
    }

    /// The cards of the whole game: the World's, the stacks' and the hand's
    /// (for conservation checks).
    pub fn all_cards(&self) -> Vec<u8> {
        let mut out: Vec<u8> = self.world.cells().map(|(_, c)| c.card).collect();
        for s in 0..usize::from(self.n_stacks) {
            if self.taken & 1 << s == 0 {
                out.extend(&self.stacks[s][..usize::from(self.stack_size)]);
            }
        }
        out.extend(self.hand.iter().copied().filter(|&h| h != NONE));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::engine::solo::sample;

    #[test]
    fn a_seed_deals_the_same_game() {
        let c = sample();
        let a = Deal::random(&c, 5).unwrap();
        assert_eq!(a, Deal::random(&c, 5).unwrap());
        assert_ne!(a, Deal::random(&c, 6).unwrap());
        assert_eq!(a.stacks.len(), 7);
        assert!(a.stacks.iter().all(|s| s.len() == 3));
        assert_eq!(a.travellers.len(), 3);
        let s = Solo::deal(&c, 5).unwrap();
        assert_eq!(s.phase(), Phase::ChooseStack);
        assert_eq!(s.world().len(), 1);
        assert_eq!(s.stacks().filter(|v| v.top.is_some()).count(), 7);
        assert_eq!(s.cities_left(), &[9, 7, 5, 4, 4]);
    }

    #[test]
    fn bad_deals_are_refused() {
        let c = sample();
        let good = Deal::random(&c, 1).unwrap();
        let mut twice = good.clone();
        twice.stacks[1][0] = twice.stacks[0][0];
        assert!(matches!(
            Solo::with_deal(&c, &twice),
            Err(ComponentsError::BadDeal(m)) if m.contains("dealt twice")
        ));
        let mut start = good.clone();
        start.start = good.stacks[0][0];
        assert!(Solo::with_deal(&c, &start).is_err());
        let mut short = good.clone();
        short.stacks.pop();
        assert!(Solo::with_deal(&c, &short).is_err());
        let mut starting_in_stack = good;
        starting_in_stack.stacks[2][1] = c.starting_lands[0];
        assert!(Solo::with_deal(&c, &starting_in_stack).is_err());
    }

    #[test]
    fn redealing_keeps_what_the_player_has_seen() {
        let c = sample();
        let mut s = Solo::deal(&c, 3).unwrap();
        s.apply(&c, Action::TakeStack { stack: 2 }, &mut ())
            .unwrap();
        let seen_tops: Vec<StackView> = s.stacks().collect();
        let top = s.hand().collect::<Vec<_>>();
        let mut cards = s.all_cards();
        cards.sort_unstable();
        let mut t = s;
        t.redeal_hidden(&c, &mut rng(99));
        assert_eq!(t.stacks().collect::<Vec<_>>(), seen_tops);
        assert_eq!(t.hand().collect::<Vec<_>>(), top);
        assert_eq!(t.world(), s.world());
        let mut after = t.all_cards();
        after.sort_unstable();
        assert_eq!(after, cards, "the same cards, dealt differently");
        assert_ne!(t, s);
    }
}
