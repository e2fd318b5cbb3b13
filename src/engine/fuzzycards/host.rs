//! The table the effect interpreter acts on: drawing, Energy and Life,
//! damage to players and cards, healing, KOs and the Energy costs of
//! Activate abilities, as Fuzzycards means them.

use super::cards::target_kind_ok;
use super::{Fuzzycards, NONE, State, Zone, z};
use crate::engine::core::may;
use crate::engine::effect::interp::{self, Ctx, Ref};
use crate::engine::effect::lasting::LastingSet;
use crate::engine::effect::{Cost, Kind as Which, Reach, Resource, Step, Who};

/// The field rows, in the order effects visit them.
const ROWS: [Zone; 2] = [Zone::Altar, Zone::Vault];

/// The game as the effect interpreter sees it.
pub struct Host<'a> {
    pub rules: &'a Fuzzycards,
    pub st: &'a mut State,
}

impl interp::Host for Host<'_> {
    fn lasting(&mut self) -> &mut LastingSet {
        &mut self.st.core.lasting
    }

    fn cards(&self, ctx: &Ctx, who: Who, kind: Which, _reach: Option<Reach>, out: &mut Vec<u16>) {
        let you = ctx.controller;
        let players: &[usize] = match who {
            Who::Ally | Who::OtherAlly | Who::You => &[you],
            Who::Enemy | Who::Opponent => &[1 - you],
            _ => &[0, 1],
        };
        // "your other Heroes": not the card whose ability it is
        let skip = (who == Who::OtherAlly).then_some(ctx.source);
        for &p in players {
            for row in ROWS {
                out.extend(
                    self.st
                        .core
                        .zones
                        .get(z(p, row))
                        .iter()
                        .copied()
                        .filter(|&c| Some(c) != skip && target_kind_ok(kind, self.rules.def(c))),
                );
            }
        }
    }

    fn attached(&self, card: u16) -> Option<u16> {
        let h = self.st.host[usize::from(card)];
        (h != NONE).then_some(h)
    }

    fn stopped(&self) -> bool {
        self.st.core.over()
    }

    fn draw(&mut self, p: usize, n: u8) {
        for _ in 0..n {
            if self.st.core.over() || !self.rules.draw(self.st, p) {
                return;
            }
        }
    }

    fn gain(&mut self, on: Ref, what: Resource, n: u8, _ctx: &Ctx) {
        match (on, what) {
            (Ref::Player(p), Resource::Energy) => {
                let max = self.rules.setup.energy_max as u8;
                self.st.energy[p] = self.st.energy[p].saturating_add(n).min(max);
            }
            (Ref::Player(p), Resource::Life) => self.st.core.gain_life(p, i32::from(n)),
            _ => {}
        }
    }

    /// "Your opponent loses 1 life": Life goes down but it is not damage
    /// (the rulebook's THE 589 counts damage only, and nothing a Hero does
    /// against damage applies); at 0 or below it is LIQUIDATION.
    fn lose(&mut self, on: Ref, what: Resource, n: u8, _ctx: &Ctx) {
        match (on, what) {
            (Ref::Player(p), Resource::Life) => {
                self.st.core.note(p, "loses life", None, Some(i32::from(n)));
                self.st.core.lose_life(p, i32::from(n));
            }
            (Ref::Player(p), Resource::Energy) => {
                self.st.energy[p] = self.st.energy[p].saturating_sub(n);
            }
            _ => {}
        }
    }

    fn damage(&mut self, on: Ref, n: u8, ctx: &Ctx) {
        match on {
            Ref::Player(p) => {
                self.rules
                    .hit_life(self.st, ctx.controller, p, i32::from(n), ctx.source)
            }
            Ref::Card(c) => {
                if self.rules.row_of(self.st, c).is_some() {
                    let h = self.rules.damage_card(self.st, c, i32::from(n));
                    if self.rules.owner(c) != ctx.controller {
                        self.rules.count(self.st, ctx.controller, h.to_card);
                    }
                }
            }
        }
    }

    fn heal(&mut self, card: u16, n: Option<u8>) {
        let d = &mut self.st.damage[usize::from(card)];
        *d = match n {
            Some(n) => (*d - i16::from(n)).max(0),
            None => 0,
        };
    }

    fn hp(&self, card: u16) -> Option<i32> {
        self.rules
            .row_of(self.st, card)
            .map(|_| self.rules.remaining(self.st, card))
    }

    fn defeat(&mut self, card: u16, _ctx: &Ctx) {
        if self.rules.row_of(self.st, card).is_some() {
            self.rules.ko(self.st, card);
        }
    }

    /// "You may" (DD §3.2's reading of "may", the same words here): a seat
    /// played by hand answers as a move; another seat's policy decides.
    fn may(&mut self, step: &Step, ctx: &Ctx) -> bool {
        if self.st.core.by_hand[ctx.controller] {
            may::ask(self.st, |st| &mut st.may, ctx.controller, ctx.source)
        } else {
            super::policy::may(step)
        }
    }

    fn can_pay(&self, cost: &Cost, ctx: &Ctx) -> bool {
        match cost {
            Cost::Pay {
                what: Resource::Energy,
                n,
            } => self.st.energy[ctx.controller] >= *n,
            _ => false,
        }
    }

    fn pay(&mut self, cost: &Cost, ctx: &Ctx) {
        if let Cost::Pay {
            what: Resource::Energy,
            n,
        } = cost
        {
            self.st.energy[ctx.controller] -= n;
        }
    }
}
