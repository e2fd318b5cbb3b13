//! Whole placements for the players: a [`Move`] is a Place action with every
//! choice it leads to (Traveller, Fumarole, Dark City partner), so a player
//! compares complete outcomes rather than half-resolved states.

use super::components::Components;
use super::game::{Action, Phase, Solo};
use super::world::cells;
use super::world::spread;

/// Longest chain: Place, Welcome, Erupt, Join.
const MAX_STEPS: usize = 4;

/// A placement and the choices that complete it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    steps: [Action; MAX_STEPS],
    len: u8,
}

impl Move {
    pub const EMPTY: Move = Move {
        steps: [Action::Decline; MAX_STEPS],
        len: 0,
    };

    pub fn actions(&self) -> &[Action] {
        &self.steps[..usize::from(self.len)]
    }

    fn with(mut self, a: Action) -> Move {
        if usize::from(self.len) < MAX_STEPS {
            self.steps[usize::from(self.len)] = a;
            self.len += 1;
        }
        self
    }
}

/// Calls `f` with every complete move from `s` and the state it leads to.
/// From [`Phase::Place`] that is every card in hand on every open cell with
/// every choice; from a choice phase, every way to finish the placement.
pub fn for_each_move(s: &Solo, c: &Components, f: &mut impl FnMut(&Move, &Solo)) {
    match s.phase() {
        Phase::Place => {
            for card in s.hand() {
                for at in cells(s.placements(c, card)) {
                    let a = Action::Place { card, at };
                    let mut next = *s;
                    next.apply_unchecked(c, a, &mut ());
                    expand(&next, c, Move::EMPTY.with(a), f);
                }
            }
        }
        Phase::Welcome { .. } | Phase::Erupt { .. } | Phase::JoinCity { .. } => {
            expand(s, c, Move::EMPTY, f)
        }
        Phase::ChooseStack | Phase::Finished => {}
    }
}

fn expand(s: &Solo, c: &Components, m: Move, f: &mut impl FnMut(&Move, &Solo)) {
    let mut branch = |a: Action| {
        let mut next = *s;
        next.apply_unchecked(c, a, &mut ());
        expand(&next, c, m.with(a), f);
    };
    match s.phase() {
        Phase::Welcome { card, partner } => {
            s.welcome_options(c, card, partner, &mut branch);
            branch(Action::Decline);
        }
        Phase::Erupt { volcano } => {
            let w = s.world();
            for at in cells(spread(volcano.bit()) & w.occupied & !w.fumarole) {
                branch(Action::Erupt { at });
            }
        }
        Phase::JoinCity { fumarole } => {
            let w = s.world();
            for with in cells(spread(fumarole.bit()) & w.fumarole & !w.paired & w.occupied) {
                branch(Action::Join { with });
            }
        }
        Phase::Place | Phase::ChooseStack | Phase::Finished => f(&m, s),
    }
}
