//! The game as the effect interpreter sees it ([`Game`]): the primitives
//! of the one interpreter ([`crate::engine::effect::interp::Host`]) on
//! Rizontical's board — draws and AP, Protection and Mana, DMG and heals,
//! and the verbs only this game has (hits, pushes, moves, Tiles, deploys,
//! negations, taking the hit instead, ending the round, moving Buffs).

use super::board::DIRS;
use super::status::Dmg;
use super::{NO_CELL, NONE, Rizontical, State, Zone, z};
use crate::engine::core::At;
use crate::engine::effect::interp::{Ctx, Host, Ref};
use crate::engine::effect::lasting::{Change, LastingSet};
use crate::engine::effect::{Condition, Cost, Kind, Reach, Resource, Step, Target, Verb, Who};

/// The game as the effect interpreter sees it.
pub struct Game<'a> {
    pub r: &'a Rizontical,
    pub st: &'a mut State,
    /// The cell an effect moves to or puts a Tile on.
    pub cell: u8,
    /// The way a sourceless push goes (an index into [`DIRS`]).
    pub dir: u8,
}

impl<'a> Game<'a> {
    pub fn new(r: &'a Rizontical, st: &'a mut State) -> Game<'a> {
        Game {
            r,
            st,
            cell: NO_CELL,
            dir: 0,
        }
    }
}

fn card(r: Ref) -> Option<u16> {
    match r {
        Ref::Card(c) => Some(c),
        Ref::Player(_) => None,
    }
}

impl Host for Game<'_> {
    fn lasting(&mut self) -> &mut LastingSet {
        &mut self.st.core.lasting
    }

    fn cards(&self, ctx: &Ctx, who: Who, kind: Kind, reach: Option<Reach>, out: &mut Vec<u16>) {
        let (r, st) = (self.r, &*self.st);
        for e in r.on_board(st) {
            if r.who_is(st, ctx, who, e) && r.kind_is(st, kind, e) && r.reaches(st, ctx, reach, e) {
                out.push(e);
            }
        }
        // "When an effect is applied to multiple targets, the Speed Rule is
        // used": the timeline slot first, then the fastest
        r.speed_order(st, out);
    }

    fn attached(&self, c: u16) -> Option<u16> {
        self.st
            .aura_on
            .get(usize::from(c))
            .copied()
            .filter(|&e| e != NONE)
    }

    fn stopped(&self) -> bool {
        self.st.core.over() || self.st.negated
    }

    fn draw(&mut self, p: usize, n: u8) {
        for _ in 0..n {
            self.st
                .core
                .draw(p, z(p, Zone::PowerDeck), z(p, Zone::Hand));
        }
    }

    fn gain(&mut self, on: Ref, what: Resource, n: u8, _ctx: &Ctx) {
        match (on, what) {
            (Ref::Player(p), Resource::Ap) => self.r.gain_ap(self.st, p, i32::from(n)),
            (Ref::Card(e), Resource::Protection) => {
                let i = usize::from(e);
                if i < self.st.protection.len() && self.st.cell[i] != NO_CELL {
                    self.st.protection[i] =
                        (self.st.protection[i] + i16::from(n)).min(super::COUNTER_CAP);
                }
            }
            (Ref::Card(e), Resource::Mana) => {
                let i = usize::from(e);
                let cap = self.r.fighter(self.st, e).mana;
                self.st.mana[i] = (self.st.mana[i] + i16::from(n)).min(cap);
            }
            _ => {}
        }
    }

    fn lose(&mut self, on: Ref, what: Resource, n: u8, _ctx: &Ctx) {
        if let (Ref::Card(c), Resource::Use) = (on, what)
            && usize::from(c) < self.st.uses.len()
        {
            self.st.uses[usize::from(c)] = self.st.uses[usize::from(c)].saturating_sub(n);
        }
    }

    fn damage(&mut self, on: Ref, n: u8, ctx: &Ctx) {
        if let Some(e) = card(on) {
            self.r
                .hurt(self.st, ctx.controller, e, i16::from(n), Dmg::Effect);
        }
    }

    fn heal(&mut self, e: u16, n: Option<u8>) {
        let i = usize::from(e);
        if i >= self.st.hp.len() || self.st.cell[i] == NO_CELL {
            return;
        }
        // "HP can't be gained, only restored through heals"
        let max = self.r.fighter(self.st, e).hp;
        self.st.hp[i] = match n {
            Some(n) => (self.st.hp[i] + i16::from(n)).min(max),
            None => max,
        };
    }

    fn hp(&self, e: u16) -> Option<i32> {
        self.st.hp.get(usize::from(e)).map(|&h| i32::from(h))
    }

    fn defeat(&mut self, e: u16, _ctx: &Ctx) {
        self.r.defeat(self.st, e);
    }

    fn look(&mut self, p: usize, n: u8, keep: u8) {
        self.r.look(self.st, p, n, keep);
    }

    fn can_pay(&self, cost: &Cost, ctx: &Ctx) -> bool {
        match cost {
            Cost::Pay {
                what: Resource::Ap,
                n,
            } => self.st.ap[ctx.controller] >= i32::from(*n),
            Cost::Pay {
                what: Resource::Mana,
                n,
            } => self
                .st
                .mana
                .get(usize::from(ctx.source))
                .is_some_and(|&m| m >= i16::from(*n)),
            Cost::UseCounter => self
                .st
                .uses
                .get(usize::from(ctx.source))
                .is_some_and(|&u| u > 0),
            _ => false,
        }
    }

    fn pay(&mut self, cost: &Cost, ctx: &Ctx) {
        match cost {
            Cost::Pay {
                what: Resource::Ap,
                n,
            } => self.st.ap[ctx.controller] -= i32::from(*n),
            Cost::Pay {
                what: Resource::Mana,
                n,
            } => self.st.mana[usize::from(ctx.source)] -= i16::from(*n),
            Cost::UseCounter => self.st.uses[usize::from(ctx.source)] -= 1,
            _ => {}
        }
    }

    fn holds(&self, cond: &Condition, ctx: &Ctx) -> bool {
        match cond {
            Condition::FirstTimeEachRound => !self.st.first_hit_done[ctx.controller],
            // statics with Time are filtered where they apply
            Condition::WhileTime => true,
            _ => false,
        }
    }

    /// "Remove every Debuff": "Conditions includes Buff, Debuff and
    /// Status", and a Debuff is a lowered stat; the Statuses stay.
    fn cleanse(&mut self, c: u16) {
        self.st
            .core
            .lasting
            .remove_where(crate::engine::effect::lasting::Holder::Card(c), |ch| {
                matches!(ch, Change::Stat { delta: ..0, .. })
            });
    }

    fn allow(&self, on: Ref, change: &Change) -> bool {
        self.r.allows(self.st, on, change)
    }

    fn special(&mut self, step: &Step, on: Option<Ref>, ctx: &Ctx) -> u32 {
        let (r, st) = (self.r, &mut *self.st);
        let e = on.and_then(card).unwrap_or(NONE);
        let on_board = |st: &State, x: u16| {
            usize::from(x) < st.cell.len() && st.cell[usize::from(x)] != NO_CELL
        };
        match &step.verb {
            Verb::Hit => {
                let attacker = if on_board(st, ctx.source) && ctx.source != e {
                    ctx.source
                } else {
                    ctx.other.and_then(card).unwrap_or(NONE)
                };
                if !on_board(st, attacker) || !on_board(st, e) {
                    st.negated = true;
                    return 0;
                }
                if step.reach == Some(Reach::Range) {
                    let from = st.cell[usize::from(attacker)];
                    if !r.in_range(st, attacker, from, st.cell[usize::from(e)]) {
                        return 0;
                    }
                }
                let landed = r.hit(st, attacker, e);
                if !landed {
                    // "When a Skill effect can't be applied it is negated"
                    st.negated = true;
                }
                u32::from(landed)
            }
            Verb::HitAround | Verb::PerEntityHit { .. } => {
                let src = if e != NONE { e } else { ctx.source };
                if !on_board(st, src) {
                    return 0;
                }
                r.hit_around(st, src)
            }
            Verb::Push { n, up_to } => {
                if !on_board(st, e) {
                    return 0;
                }
                let mut n = *n;
                if *up_to {
                    // "push it by up to N cells": how far is its player's
                    // choice, 0 to N (RZ 14); the policy pushes all the way
                    let q = super::choices::Ask::Push { target: e, max: n };
                    if let super::Answer::Cells { n: k } =
                        r.choose_for(st, ctx.controller, q, |_, _| super::Answer::Cells { n })
                    {
                        n = k.min(n);
                    }
                }
                let pusher = if on_board(st, ctx.source) && ctx.source != e {
                    ctx.source
                } else if step.reach == Some(Reach::AroundAlly) {
                    // away from the ally it stands around
                    st.slots[ctx.controller]
                        .iter()
                        .copied()
                        .find(|&a| {
                            a != NONE && r.around(st.cell[usize::from(a)], st.cell[usize::from(e)])
                        })
                        .unwrap_or(NONE)
                } else {
                    NONE
                };
                let dir = if pusher != NONE {
                    Rizontical::way(st.cell[usize::from(pusher)], st.cell[usize::from(e)])
                } else {
                    DIRS[usize::from(self.dir % 8)]
                };
                let source = if on_board(st, ctx.source) {
                    ctx.source
                } else {
                    NONE
                };
                r.push(st, ctx.controller, source, e, dir, i16::from(n));
                1
            }
            Verb::Move { n } => {
                if !on_board(st, e) || self.cell == NO_CELL {
                    return 0;
                }
                let reach = r.reachable(st, st.cell[usize::from(e)], i16::from(*n));
                if reach.contains(self.cell) && self.cell != st.cell[usize::from(e)] {
                    r.step_to(st, e, self.cell);
                }
                1
            }
            Verb::ElementDamage { n, element } => {
                if on_board(st, e) {
                    let d = r.element_damage(
                        st,
                        e,
                        i16::from(*n),
                        super::cards::bits::element(*element),
                    );
                    r.hurt(st, ctx.controller, e, d, Dmg::Effect);
                }
                1
            }
            Verb::Negate => {
                st.hit_negated = true;
                1
            }
            Verb::Banish => {
                st.hit_negated = true;
                if let Some(c) = on.and_then(card)
                    && !r.is_dummy(c)
                    && !r.is_summon(c)
                {
                    let p = r.owner(c);
                    for from in [Zone::Powers, Zone::Hand] {
                        if st
                            .core
                            .zones
                            .move_copy(z(p, from), c, z(p, Zone::PowerVoid), At::Top)
                        {
                            break;
                        }
                    }
                }
                1
            }
            Verb::Redirect => {
                if on_board(st, e) {
                    st.redirect = e;
                }
                1
            }
            Verb::Deploy { first } => {
                let p = ctx.controller;
                let slot = match step.target {
                    // "on its slot": the slot the defeated Fighter left
                    Target::Subject => st.last_defeated_slot,
                    // "on any empty slot, even the current turn slot":
                    // which one is the player's choice (RZ 14)
                    _ => {
                        let q = super::choices::Ask::Slot { src: ctx.source };
                        match r.choose_for(st, p, q, |r, st| super::policy::answer(r, st, p, &q)) {
                            super::Answer::Slot { slot } => Some(usize::from(slot)),
                            _ => None,
                        }
                    }
                };
                let Some(slot) = slot.filter(|&s| st.slots[p][s] == NONE) else {
                    return 0;
                };
                // where (and which Fighter) is the player's choice (RZ 14)
                let q = super::choices::Ask::Deploy {
                    slot: slot as u8,
                    optional: false,
                };
                let a = r.choose_for(st, p, q, |r, st| super::policy::deploy_answer(r, st, p));
                if !r.deploy_answer(st, p, slot, a) {
                    return 0;
                }
                let f = st.slots[p][slot];
                if *first {
                    let ctx2 = Ctx::new(f, p);
                    if r.allows(
                        st,
                        Ref::Card(f),
                        &Change::Status(crate::engine::effect::Status::First),
                    ) {
                        st.core.lasting.add(
                            crate::engine::effect::lasting::Holder::Card(f),
                            Change::Status(crate::engine::effect::Status::First),
                            crate::engine::effect::lasting::Until::SourceLeaves,
                            ctx2.source,
                        );
                    }
                }
                1
            }
            Verb::PlaceTile => {
                let src = if e != NONE { e } else { ctx.source };
                let cell = self.cell;
                if !on_board(st, src)
                    || cell == NO_CELL
                    || !Rizontical::adjacent(st.cell[usize::from(src)], cell)
                {
                    return 0;
                }
                let dir = Rizontical::way(st.cell[usize::from(src)], cell);
                u32::from(r.put_tile(st, ctx.controller, cell, dir))
            }
            Verb::Summon { name } => {
                let src = if e != NONE { e } else { ctx.source };
                let around = step.reach == Some(Reach::Around);
                u32::from(r.summon(st, ctx.controller, name, src, around))
            }
            Verb::EndRound => {
                st.end_round = true;
                st.end_turn = true;
                1
            }
            Verb::SetHp { n } => {
                if usize::from(e) < st.hp.len() {
                    st.hp[usize::from(e)] = i16::from(*n);
                }
                1
            }
            Verb::TakeBuffs => {
                if !on_board(st, e) {
                    return 0;
                }
                let p = r.owner(e);
                let mut moved = 0;
                for a in st.slots[p] {
                    if a == NONE || a == e {
                        continue;
                    }
                    // "Move any allies Buff value": each Buff of each ally
                    // is the player's choice ("Any: Choose among possible
                    // choices"); the policy moves them all
                    let mut stats: Vec<crate::engine::effect::Stat> = Vec::new();
                    for l in st.core.lasting.iter() {
                        if let Change::Stat { stat, delta } = l.change
                            && l.holder == crate::engine::effect::lasting::Holder::Card(a)
                            && delta > 0
                            && !stats.contains(&stat)
                        {
                            stats.push(stat);
                        }
                    }
                    for stat in stats {
                        // a Buff it already has takes the value; a new one
                        // needs room ("a maximum of 4 different conditions")
                        if !r.takes_buff(st, e, stat) {
                            continue;
                        }
                        let q = super::choices::Ask::Buff {
                            from: a,
                            to: e,
                            stat,
                        };
                        if r.choose_for(st, p, q, |_, _| super::Answer::Yes) != super::Answer::Yes {
                            continue;
                        }
                        moved += st.core.lasting.rehome(a, e, |c| {
                            matches!(c, Change::Stat { stat: s, delta } if *s == stat && *delta > 0)
                        });
                    }
                }
                moved as u32
            }
            _ => 0,
        }
    }
}
