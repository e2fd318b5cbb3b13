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
//! - A Traveller's two rows become part of the World's frame: the 4×4 square
//!   must contain them, so that the finished World always shows both rows
//!   (the World file records a Traveller by its two rows).
//! - The rest of a stack is revealed once its first card has been placed and
//!   resolved, so the choices of that first placement are made without
//!   seeing them ("Put the face up card in your play area, then reveal the 2
//!   other cards").

use std::fmt;

use rand::seq::SliceRandom;

use serde::Serialize;

use super::components::{Components, ComponentsError};
use super::score;
use super::world::{GRID, Pos, SIZE, Side, Welcomed, World, cells, row_mask, shift, spread};
use super::{MAX_CITIES, MAX_OFFER, MAX_STACK, MAX_STACKS, NONE};
use crate::engine::{Rng, rng};

/// What the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "phase", rename_all = "kebab-case")]
pub enum Phase {
    /// Take one of the stacks left.
    ChooseStack,
    /// Place a card of the stack in hand.
    Place,
    /// A portal was completed by the card on `card` with the one on
    /// `partner`: welcome a Traveller ([`Action::Welcome`]) or not
    /// ([`Action::Decline`]).
    Welcome { card: Pos, partner: Pos },
    /// The Volcano on `volcano` covers one of its neighbours ([`Action::Erupt`]).
    Erupt { volcano: Pos },
    /// The new Fumarole on `fumarole` touches several free Fumaroles: pick the
    /// one the Dark City joins it with ([`Action::Join`]).
    JoinCity { fumarole: Pos },
    /// The World is complete.
    Finished,
}

impl Phase {
    fn describe(self) -> &'static str {
        match self {
            Phase::ChooseStack => "choose a stack",
            Phase::Place => "place a card",
            Phase::Welcome { .. } => "welcome a Traveller or decline",
            Phase::Erupt { .. } => "choose the card the Fumarole covers",
            Phase::JoinCity { .. } => "choose the Fumarole the Dark City joins",
            Phase::Finished => "nothing: the World is complete",
        }
    }
}

/// A player's decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "action", rename_all = "kebab-case")]
pub enum Action {
    /// Take stack `stack` (0-based).
    TakeStack { stack: u8 },
    /// Place `card` (an index into [`Components::lands`]) from the hand on `at`.
    Place { card: u8, at: Pos },
    /// Welcome Traveller `traveller` (an index into [`Components::travellers`])
    /// on `side`, over board rows `upper` and `upper + 1`.
    Welcome {
        traveller: u8,
        side: Side,
        upper: u8,
    },
    /// Welcome no Traveller through this portal.
    Decline,
    /// Cover the card on `at` with a Fumarole.
    Erupt { at: Pos },
    /// Build the Dark City between the new Fumarole and the one on `with`.
    Join { with: Pos },
}

/// Why a card was turned Tzimime side up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Flip {
    /// A lake next to a face-up lake.
    Lake,
    /// A swamp in a row that already shows one.
    Swamp,
    /// A watcher placed outside the top row.
    Watcher,
    /// A watcher left out of the top row by a card placed in a new row above.
    WatcherDemoted,
    /// A portal half next to a card already used by a completed portal.
    PortalReuse,
    /// A Volcano with no neighbour a Fumarole may cover.
    VolcanoNoCover,
}

impl Flip {
    /// The rule, quoted from the rulebook.
    pub fn rule(self) -> &'static str {
        match self {
            Flip::Lake => {
                "\"As soon as you place a card next to another card: immediately flip this card Tzimimes face up so that there are no 2 cards adjacent\" (lakes, p.10)"
            }
            Flip::Swamp => {
                "\"As soon as you place a card in a row that already has a card: immediately flip this card Tzimimes face up so that there are no 2 cards in the same row\" (swamps, p.10)"
            }
            Flip::Watcher => {
                "\"as soon as you place a card in a row in your World other than the upper row, immediately flip the involved cards\" (watchers, p.10)"
            }
            Flip::WatcherDemoted => {
                "\"As soon as you place a card in a row above one or several cards ... immediately flip the involved cards\" (watchers, p.10)"
            }
            Flip::PortalReuse => {
                "\"A card that has been involved in the creation of a Dimensional Portal cannot be involved in the creation of a second one\" (p.10)"
            }
            Flip::VolcanoNoCover => {
                "\"You must place a Volcano card next to an adjacent Land card that may be covered by a Fumarole card. If this is impossible, flip the card\" (p.8)"
            }
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Flip::Lake => "lake",
            Flip::Swamp => "swamp",
            Flip::Watcher => "watcher",
            Flip::WatcherDemoted => "watcher-demoted",
            Flip::PortalReuse => "portal-reuse",
            Flip::VolcanoNoCover => "volcano-no-cover",
        }
    }
}

/// What happened, for logs and the board screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    StackTaken {
        stack: u8,
        top: u8,
    },
    Placed {
        card: u8,
        at: Pos,
    },
    Flipped {
        card: u8,
        at: Pos,
        cause: Flip,
    },
    /// A card of the stack in hand is turned face up.
    Revealed {
        card: u8,
    },
    PortalCompleted {
        a: Pos,
        b: Pos,
    },
    TravellerWelcomed {
        traveller: u8,
        side: Side,
        upper: u8,
    },
    Covered {
        card: u8,
        at: Pos,
    },
    DarkCity {
        stars: u8,
        a: Pos,
        b: Pos,
    },
    Finished {
        total: u32,
    },
}

/// Where events go: a `Vec<Event>` keeps them, `()` drops them (the players'
/// search loops).
pub trait Events {
    fn push(&mut self, e: Event);
}

impl Events for Vec<Event> {
    fn push(&mut self, e: Event) {
        Vec::push(self, e);
    }
}

impl Events for () {
    #[inline]
    fn push(&mut self, _: Event) {}
}

/// A refused action, with the rule it breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum IllegalMove {
    /// The action does not answer what the game waits for.
    WrongPhase {
        expected: &'static str,
    },
    NoSuchStack,
    StackTaken,
    NotInHand,
    TopCardFirst,
    Occupied,
    NotAdjacent,
    OutsideSquare,
    BeyondTraveller,
    NotOffered,
    TravellerSide,
    TravellerRows,
    NotNextToVolcano,
    CoverFumarole,
    NotAFreeFumarole,
}

impl IllegalMove {
    /// The rule, quoted from the rulebook.
    pub fn rule(self) -> &'static str {
        match self {
            IllegalMove::WrongPhase { .. } => {
                "\"Each turn, pick 1 of the available stacks. Put the face up card in your play area, then reveal the 2 other cards and place them in the order of your choice\" (p.11)"
            }
            IllegalMove::NoSuchStack | IllegalMove::StackTaken => {
                "\"Each turn, pick 1 of the available stacks\" (p.11)"
            }
            IllegalMove::NotInHand | IllegalMove::TopCardFirst => {
                "\"Put the face up card in your play area, then reveal the 2 other cards and place them in the order of your choice\" (p.11)"
            }
            IllegalMove::Occupied | IllegalMove::NotAdjacent => {
                "\"play a Land card, face up, orthogonally adjacent to any cards already placed in front of you\" (p.3)"
            }
            IllegalMove::OutsideSquare => {
                "\"while respecting the play restriction: creating a 4 by 4 cards square\" (p.3)"
            }
            IllegalMove::BeyondTraveller => {
                "\"The Traveller card limits a side of your World ... you cannot extend your World beyond the Traveller card\" (p.7)"
            }
            IllegalMove::NotOffered => {
                "\"you may immediately take a Traveller card from amongst the ones available\" (p.7)"
            }
            IllegalMove::TravellerSide => {
                "\"All the Travellers must be placed on the same side of your play area as the first Traveller\" (p.7)"
            }
            IllegalMove::TravellerRows => {
                "\"place it at the end of the line where the Portal is, either on the left side or the right side overlapping the row above or below\" (p.7)"
            }
            IllegalMove::NotNextToVolcano => {
                "\"take a Fumarole card and cover one of the adjacent cards to the Volcano you have just placed\" (p.8)"
            }
            IllegalMove::CoverFumarole => {
                "\"a Fumarole card can never cover another Fumarole card\" (p.8)"
            }
            IllegalMove::NotAFreeFumarole => {
                "\"A Fumarole card cannot be part of the creation of several Dark Cities\" (p.9)"
            }
        }
    }

    fn summary(self) -> &'static str {
        match self {
            IllegalMove::WrongPhase { .. } => "that is not the decision the game waits for",
            IllegalMove::NoSuchStack => "there is no such stack",
            IllegalMove::StackTaken => "that stack was already taken",
            IllegalMove::NotInHand => "that card is not in hand",
            IllegalMove::TopCardFirst => "the stack's revealed card must be placed first",
            IllegalMove::Occupied => "that cell already holds a card",
            IllegalMove::NotAdjacent => "the card must touch a card of the World",
            IllegalMove::OutsideSquare => "the World would no longer fit a 4x4 square",
            IllegalMove::BeyondTraveller => "the cell lies beyond a Traveller",
            IllegalMove::NotOffered => "that Traveller is not available",
            IllegalMove::TravellerSide => "the Travellers are on the other side",
            IllegalMove::TravellerRows => {
                "the Traveller's two rows must include the portal's row and fit the 4x4 square"
            }
            IllegalMove::NotNextToVolcano => "the Fumarole must cover a card next to the Volcano",
            IllegalMove::CoverFumarole => "that card is already covered by a Fumarole",
            IllegalMove::NotAFreeFumarole => {
                "the Dark City needs a free Fumarole next to the new one"
            }
        }
    }
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::WrongPhase { expected } => write!(
                f,
                "{}: the game waits for you to {expected}; rule: {}",
                self.summary(),
                self.rule()
            ),
            _ => write!(f, "{}; rule: {}", self.summary(), self.rule()),
        }
    }
}

impl std::error::Error for IllegalMove {}

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
    offer: [u8; MAX_OFFER],
    n_offer: u8,
    cities: [u8; MAX_CITIES],
    n_cities: u8,
    next_city: u8,
    fumaroles: u8,
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
        let mut cities = [0; MAX_CITIES];
        let stack = c.solo_cities();
        cities[..stack.len()].copy_from_slice(stack);
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
            offer,
            n_offer: deal.travellers.len() as u8,
            cities,
            n_cities: stack.len() as u8,
            next_city: 0,
            fumaroles: c.fumaroles,
            turn: 0,
            phase: Phase::ChooseStack,
        })
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
        self.offer[..usize::from(self.n_offer)]
            .iter()
            .copied()
            .filter(|&t| t != NONE)
    }

    /// The Dark Cities left in the stack, highest first.
    pub fn cities_left(&self) -> &[u8] {
        &self.cities[usize::from(self.next_city)..usize::from(self.n_cities)]
    }

    pub fn fumaroles_left(&self) -> u8 {
        self.fumaroles
    }

    /// The score of the World as it stands.
    pub fn score(&self, c: &Components) -> score::Breakdown {
        score::score(&self.world, c)
    }

    /// Checks an action without playing it.
    pub fn check(&self, a: Action) -> Result<(), IllegalMove> {
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
                self.cell_error(at).map_or(Ok(()), Err)
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
                if !self.rows_fit(card, partner, upper) {
                    return Err(IllegalMove::TravellerRows);
                }
                Ok(())
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

    /// Whether a Traveller over rows `upper`, `upper + 1` shows the portal's
    /// row and keeps the World within the 4×4 square.
    fn rows_fit(&self, card: Pos, partner: Pos, upper: u8) -> bool {
        if upper + 1 >= GRID {
            return false;
        }
        let covers = |y: u8| y == upper || y == upper + 1;
        if !covers(card.y()) && !covers(partner.y()) {
            return false;
        }
        let (lo, hi) = self.world.row_span();
        upper.min(lo) + SIZE > hi.max(upper + 1)
    }

    /// The Welcome actions open for a completed portal (sides × rows × Travellers).
    pub fn welcome_options(&self, card: Pos, partner: Pos, mut f: impl FnMut(Action)) {
        let sides: &[Side] = match self.world.closed() {
            Some((Side::Left, _)) => &[Side::Left],
            Some((Side::Right, _)) => &[Side::Right],
            None => &[Side::Left, Side::Right],
        };
        let lo = card.y().min(partner.y()).saturating_sub(1);
        let hi = card.y().max(partner.y());
        for upper in lo..=hi {
            if !self.rows_fit(card, partner, upper) {
                continue;
            }
            for &side in sides {
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

    /// Every legal action now (the board screen's highlights; the random player).
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
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
                let open = self.world.open_cells();
                for card in self.hand() {
                    out.extend(cells(open).map(|at| Action::Place { card, at }));
                }
            }
            Phase::Welcome { card, partner } => {
                self.welcome_options(card, partner, |a| out.push(a));
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

    /// Plays an action; on error nothing changes.
    pub fn apply<E: Events>(
        &mut self,
        c: &Components,
        a: Action,
        ev: &mut E,
    ) -> Result<(), IllegalMove> {
        self.check(a)?;
        self.apply_unchecked(c, a, ev);
        Ok(())
    }

    /// Plays an action known to be legal (from [`Solo::legal_actions`] or the
    /// move generator).
    pub(crate) fn apply_unchecked<E: Events>(&mut self, c: &Components, a: Action, ev: &mut E) {
        match a {
            Action::TakeStack { stack } => {
                self.taken |= 1 << stack;
                self.current = stack;
                self.hand = self.stacks[usize::from(stack)];
                for k in usize::from(self.stack_size)..MAX_STACK {
                    self.hand[k] = NONE;
                }
                self.revealed = self.stack_size <= 1;
                self.turn += 1;
                self.phase = Phase::Place;
                ev.push(Event::StackTaken {
                    stack,
                    top: self.hand[0],
                });
            }
            Action::Place { card, at } => self.place(c, card, at, ev),
            Action::Welcome {
                traveller,
                side,
                upper,
            } => {
                let Phase::Welcome { card, .. } = self.phase else {
                    return;
                };
                if let Some(slot) = self.offer.iter_mut().find(|t| **t == traveller) {
                    *slot = NONE;
                }
                self.world.welcome(Welcomed {
                    traveller,
                    side,
                    upper,
                });
                ev.push(Event::TravellerWelcomed {
                    traveller,
                    side,
                    upper,
                });
                self.volcano(c, card, ev);
            }
            Action::Decline => {
                if let Phase::Welcome { card, .. } = self.phase {
                    self.volcano(c, card, ev);
                }
            }
            Action::Erupt { at } => self.cover(c, at, ev),
            Action::Join { with } => {
                if let Phase::JoinCity { fumarole } = self.phase {
                    self.city(fumarole, with, ev);
                    self.finish(c, ev);
                }
            }
        }
    }

    fn place<E: Events>(&mut self, c: &Components, card: u8, at: Pos, ev: &mut E) {
        if let Some(slot) = self.hand.iter_mut().find(|h| **h == card) {
            *slot = NONE;
        }
        let land = c.land(card);
        let old_top = self.world.top_row();
        self.world.put(at, card, land);
        ev.push(Event::Placed { card, at });
        let w = &self.world;
        let others = w.visible() & !at.bit();
        let around = spread(at.bit());
        // The desolation of the Tzimimes (p.10), before portals and volcanoes.
        let cause = if land.portal.is_some_and(|e| {
            if c.rules.portal_reuse_adjacent {
                around & w.portal_used != 0
            } else {
                shift(at.bit(), e) & w.portal_used != 0
            }
        }) {
            Some(Flip::PortalReuse)
        } else if land.lake && around & w.lake & others != 0 {
            Some(Flip::Lake)
        } else if land.swamp && row_mask(at.y()) & w.swamp & others != 0 {
            Some(Flip::Swamp)
        } else if land.watcher && at.y() > w.top_row() {
            Some(Flip::Watcher)
        } else {
            None
        };
        if let Some(cause) = cause {
            self.world.flip(at);
            ev.push(Event::Flipped { card, at, cause });
        }
        if at.y() < old_top {
            let demoted = self.world.watcher & self.world.visible() & !self.world.starting;
            for p in cells(demoted & !row_mask(at.y())) {
                self.world.flip(p);
                ev.push(Event::Flipped {
                    card: self.world.card_at(p),
                    at: p,
                    cause: Flip::WatcherDemoted,
                });
            }
        }
        if self.world.face_down & at.bit() != 0 {
            self.finish(c, ev);
            return;
        }
        if let Some(edge) = land.portal
            && let Some(partner) = self.world.portal_partner(at, edge)
            && self.world.portal_used & partner.bit() == 0
        {
            self.world.portal_used |= at.bit() | partner.bit();
            ev.push(Event::PortalCompleted { a: at, b: partner });
            let mut any = false;
            self.welcome_options(at, partner, |_| any = true);
            if any {
                self.phase = Phase::Welcome { card: at, partner };
                return;
            }
        }
        self.volcano(c, at, ev);
    }

    /// The volcano step of a placement (p.8).
    fn volcano<E: Events>(&mut self, c: &Components, at: Pos, ev: &mut E) {
        let face_up = self.world.face_down & at.bit() == 0;
        if !face_up || !c.land(self.world.card_at(at)).volcano {
            self.finish(c, ev);
            return;
        }
        let targets = self.coverable(at);
        if targets == 0 || self.fumaroles == 0 {
            self.world.flip(at);
            ev.push(Event::Flipped {
                card: self.world.card_at(at),
                at,
                cause: Flip::VolcanoNoCover,
            });
            self.finish(c, ev);
        } else if targets.count_ones() == 1 {
            self.cover(c, Pos::first(targets), ev);
        } else {
            self.phase = Phase::Erupt { volcano: at };
        }
    }

    fn cover<E: Events>(&mut self, c: &Components, at: Pos, ev: &mut E) {
        self.world.cover(at);
        self.fumaroles -= 1;
        ev.push(Event::Covered {
            card: self.world.card_at(at),
            at,
        });
        let partners = self.free_fumaroles(at);
        if partners != 0 && self.next_city < self.n_cities {
            if partners.count_ones() == 1 {
                self.city(at, Pos::first(partners), ev);
            } else {
                self.phase = Phase::JoinCity { fumarole: at };
                return;
            }
        }
        self.finish(c, ev);
    }

    fn city<E: Events>(&mut self, a: Pos, b: Pos, ev: &mut E) {
        let stars = self.cities[usize::from(self.next_city)];
        self.next_city += 1;
        self.world.add_city(super::world::DarkCity {
            stars,
            junction: Some((a, b)),
        });
        ev.push(Event::DarkCity { stars, a, b });
    }

    /// Ends a placement: reveals the rest of the stack, then moves on.
    fn finish<E: Events>(&mut self, c: &Components, ev: &mut E) {
        if !self.revealed {
            self.revealed = true;
            for &card in &self.hand[1..] {
                if card != NONE {
                    ev.push(Event::Revealed { card });
                }
            }
        }
        if self.world.len() >= SIZE * SIZE {
            self.phase = Phase::Finished;
            ev.push(Event::Finished {
                total: score::total(&self.world, c),
            });
        } else if self.hand.iter().all(|&h| h == NONE) {
            self.phase = if self.taken.count_ones() >= u32::from(self.n_stacks) {
                Phase::Finished
            } else {
                Phase::ChooseStack
            };
        } else {
            self.phase = Phase::Place;
        }
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

    fn sample() -> Components {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("resources/catalogs/strange-world.toml");
        let cat = crate::catalog::load(&path).unwrap().catalog;
        Components::with_defaults(&cat).unwrap()
    }

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
