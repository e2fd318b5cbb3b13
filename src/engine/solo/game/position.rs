//! A solo game, or one seat of a game for 2 to 4, put in a given position
//! (a scenario file, `scenario::world`): the World, the stacks, the hand and
//! the supplies as they lie, where [`Solo::deal`] would shuffle them.

use super::super::components::{Components, ComponentsError};
use super::super::supply::Supply;
use super::super::world::{SIZE, World};
use super::super::{MAX_STACK, MAX_STACKS, NONE};
use super::{Phase, Solo};

/// What lies on the table for one player.
#[derive(Clone, Debug)]
pub struct SoloPosition {
    pub world: World,
    /// The solo stacks, each top card first; `None` once taken. Empty for a
    /// seat of a game for 2 to 4.
    pub stacks: Vec<Option<Vec<u8>>>,
    /// The cards in hand still to place (solo: the revealed card first).
    pub hand: Vec<u8>,
    /// Whether the hand's cards after the first are face up (solo: not
    /// until the revealed card is placed).
    pub revealed: bool,
    pub supply: Supply,
    /// Solo: the stacks taken; 2 to 4: the turn whose cards are in hand.
    pub turn: u8,
}

impl Solo {
    /// A game in the position `p`: waiting to place a card of the hand, to
    /// take a stack, or finished (the World complete, or nothing left).
    pub fn from_position(c: &Components, p: &SoloPosition) -> Result<Solo, ComponentsError> {
        let bad = |why: String| Err(ComponentsError::BadDeal(why));
        if p.stacks.len() > MAX_STACKS || p.hand.len() > MAX_STACK {
            return Err(ComponentsError::Capacity);
        }
        let size = if p.stacks.is_empty() {
            0
        } else {
            c.rules.stack_size
        };
        let land = |i: u8| c.lands.get(usize::from(i)).filter(|l| !l.starting);
        let mut stacks = [[NONE; MAX_STACK]; MAX_STACKS];
        let mut taken = 0u16;
        for (s, stack) in p.stacks.iter().enumerate() {
            match stack {
                None => taken |= 1 << s,
                Some(cards) if cards.len() == usize::from(size) => {
                    for (slot, &card) in stacks[s].iter_mut().zip(cards) {
                        if land(card).is_none() {
                            return bad(format!("stack {}: no Land with index {card}", s + 1));
                        }
                        *slot = card;
                    }
                }
                Some(cards) => {
                    return bad(format!(
                        "stack {} has {} cards, not {size}",
                        s + 1,
                        cards.len()
                    ));
                }
            }
        }
        let mut hand = [NONE; MAX_STACK];
        for (slot, &card) in hand.iter_mut().zip(&p.hand) {
            if land(card).is_none() {
                return bad(format!("hand: no Land with index {card}"));
            }
            *slot = card;
        }
        let phase = if p.world.len() >= SIZE * SIZE {
            Phase::Finished
        } else if !p.hand.is_empty() {
            Phase::Place
        } else if taken.count_ones() as usize >= p.stacks.len() {
            Phase::Finished
        } else {
            Phase::ChooseStack
        };
        Ok(Solo {
            world: p.world,
            stacks,
            n_stacks: p.stacks.len() as u8,
            stack_size: size,
            taken,
            current: NONE,
            hand,
            revealed: p.revealed || p.hand.len() <= 1,
            supply: p.supply,
            turn: p.turn,
            phase,
        })
    }

    /// The stacks as they lie, each top card first (`None`: taken): the
    /// hidden cards too, for saving a position.
    pub fn stack_cards(&self) -> impl Iterator<Item = Option<&[u8]>> + '_ {
        (0..usize::from(self.n_stacks)).map(|s| {
            (self.taken & 1 << s == 0).then(|| &self.stacks[s][..usize::from(self.stack_size)])
        })
    }

    /// The cards in hand still to place, hidden ones too (the revealed
    /// card first).
    pub fn hand_cards(&self) -> impl Iterator<Item = u8> + '_ {
        self.hand.iter().copied().filter(|&c| c != NONE)
    }
}
