//! The effect host (the game as the interpreter sees it), events and their
//! Triggers, hits, deploys, and using a Fighter's skills.
//!
//! Events: a trigger's `who` is matched against the entity the event is
//! about (the one hit, pushed, deployed, defeated, moving, using a skill);
//! its steps see that entity as "it" ([`crate::engine::effect::Target::Subject`])
//! and the other entity of the event — the attacker of "is about to be
//! hit", the target of "hits", the entity pushed against, the ally a mover
//! came next to — as [`crate::engine::effect::Target::Other`]. Numens'
//! effects come first, the current turn player's before the other's
//! ("Effects Priority Rules"). PASSIVE skills, Enchantments, Permanents and
//! Auras apply by themselves; a TRIGGER skill or a set Trigger Power is
//! used when its owner chooses to ([`super::choices`]: asked of a person,
//! decided by the policy for the computer) and its costs can be paid; a
//! passive seat uses none.
//!
//! A hit (Basic Hit, SPELL hit, or an effect's hit): "is about to be hit"
//! Triggers (a TRIGGER may hit the attacker first, another Fighter may take
//! the hit instead, a Shield may be given); the hit is negated if the
//! attacker has left the board; "hits" Triggers (extra DMG, the DMG dealt to
//! the attacker instead, statuses on the target); then Hit DMG.

use super::board::DIRS;
use super::cards::{Category, SkillKind};
use super::choices::Ask;
pub use super::host::Game;
use super::status::Dmg;
use super::{
    Answer, DEPLOY, DUMMY_REDEPLOYED, MAX_DEPTH, NO_CELL, NONE, Phase, Rizontical, State,
    USES_A_SKILL_OF, Zone, z,
};
use crate::engine::core::{At, Illegal, ensure};
use crate::engine::effect::interp::{self, Ctx, Host, Ref};
use crate::engine::effect::{
    Ability, Condition, Event, Kind, Reach, Step, Target, Trigger, Verb, Who,
};

/// Where a trigger candidate's ability lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Src {
    Enchantment(u8),
    Skill(u8),
    Power(u8),
}

/// At most this many abilities answer one event.
const MAX_CANDIDATES: usize = 32;

impl Rizontical {
    /// AP gain, capped by `ap_cap` (0: uncapped).
    pub fn gain_ap(&self, st: &mut State, p: usize, n: i32) {
        st.ap[p] += n;
        if self.options.ap_cap > 0 {
            st.ap[p] = st.ap[p].min(self.options.ap_cap as i32);
        }
    }

    /// The ability a candidate names.
    fn ability_of(&self, st: &State, src: u16, at: Src) -> Option<&Ability> {
        match at {
            Src::Enchantment(i) => self.def(src).numen()?.enchantment.get(usize::from(i)),
            Src::Skill(i) => self
                .fighter(st, src)
                .skills
                .get(usize::from(i))
                .map(|s| &s.ability),
            Src::Power(i) => self.def(src).power()?.abilities.get(usize::from(i)),
        }
    }

    /// Whether any card of the game waits for `event` ([`Rizontical::events`]).
    #[inline]
    pub fn waits_for(&self, event: Event) -> bool {
        self.events & 1 << event as u32 != 0
    }

    /// An event about `subject` (see the module docs).
    pub fn fire(&self, st: &mut State, event: Event, subject: u16, other: u16) {
        self.fire_by(st, event, subject, subject, other);
    }

    /// An event whose `who` is matched against `actor` ("this Fighter
    /// pushes ...": the pusher), about `subject` and `other`.
    pub fn fire_by(&self, st: &mut State, event: Event, actor: u16, subject: u16, other: u16) {
        if !self.waits_for(event) || st.depth >= MAX_DEPTH || st.core.over() {
            return;
        }
        let bit = 1u32 << event as u32;
        let mut cands = [(NONE, 0u8, Src::Skill(0)); MAX_CANDIDATES];
        let mut n = 0;
        let first = st.core.active;
        // a source none of whose abilities waits for the event is not
        // listed (its abilities would each be skipped below)
        let mut push = |c: (u16, u8, Src)| {
            if n < MAX_CANDIDATES {
                cands[n] = c;
                n += 1;
            }
        };
        // "Numens effects are always applied before any entity or Power.
        // Current turn Numen have priority over the opposing Numen."
        for p in [first, 1 - first] {
            if let Some(nc) = self.numen(st, p)
                && let Some(nm) = self.def(nc).numen()
                && nm.triggers & bit != 0
            {
                for i in 0..nm.enchantment.len() {
                    push((nc, p as u8, Src::Enchantment(i as u8)));
                }
            }
        }
        for p in [first, 1 - first] {
            for &e in &st.slots[p] {
                if e == NONE {
                    continue;
                }
                let f = self.fighter(st, e);
                if f.triggers & bit != 0 {
                    for i in 0..f.skills.len() {
                        push((e, p as u8, Src::Skill(i as u8)));
                    }
                }
            }
            for &c in st.core.zones.get(z(p, Zone::Powers)) {
                if self.def_triggers[usize::from(self.table.def_index(c))] & bit != 0
                    && let Some(pw) = self.def(c).power()
                {
                    for i in 0..pw.abilities.len() {
                        push((c, p as u8, Src::Power(i as u8)));
                    }
                }
            }
        }
        for &(src, p, at) in &cands[..n] {
            if st.core.over() {
                return;
            }
            let p = usize::from(p);
            let Some(a) = self.ability_of(st, src, at) else {
                continue;
            };
            let Trigger::On { event: ev, who } = a.trigger else {
                continue;
            };
            if ev != event {
                continue;
            }
            // still in play?
            let in_play = match at {
                Src::Skill(_) => st.cell[usize::from(src)] != NO_CELL,
                Src::Power(_) => st.core.zones.contains(z(p, Zone::Powers), src),
                Src::Enchantment(_) => true,
            };
            if !in_play {
                continue;
            }
            let ctx = Ctx::new(src, p);
            let mut other = other;
            let matched = match who {
                Who::This => actor == src,
                Who::Attached => st.aura_on[usize::from(src)] == actor && actor != NONE,
                Who::You => true,
                w => actor != NONE && self.who_is(st, &ctx, w, actor),
            };
            if !matched {
                continue;
            }
            match (event, who) {
                // "an enemy Fighter hits an ally"
                (Event::Hits, Who::Enemy) if other == NONE || self.owner(other) != p => continue,
                // "moves onto a cell around an ally": that ally
                (Event::MovesNear, _) => {
                    let at = st.cell[usize::from(actor)];
                    match st.slots[p]
                        .iter()
                        .copied()
                        .find(|&x| x != NONE && self.around(st.cell[usize::from(x)], at))
                    {
                        Some(x) => other = x,
                        None => continue,
                    }
                }
                _ => {}
            }
            let optional = match at {
                Src::Skill(i) => {
                    let s = &self.fighter(st, src).skills[usize::from(i)];
                    if s.uses > 0 && st.skill_uses[usize::from(src)][usize::from(i)] == 0 {
                        continue;
                    }
                    s.kind == SkillKind::Trigger
                }
                Src::Power(_) => self
                    .def(src)
                    .power()
                    .is_some_and(|pw| pw.category == Category::Trigger),
                Src::Enchantment(_) => false,
            };
            let subject_ref = (subject != NONE).then_some(Ref::Card(subject));
            let other_ref = (other != NONE).then_some(Ref::Card(other));
            let ctx = ctx.choosing(subject_ref).about(subject_ref, other_ref);
            let mut costs_ok = {
                let g = Game {
                    r: self,
                    st: &mut *st,
                    cell: NO_CELL,
                    dir: 0,
                };
                interp::usable(&g, &ctx, a)
            };
            if let Src::Power(_) = at
                && optional
            {
                let (cost, legendary) = self
                    .def(src)
                    .power()
                    .map_or((0, false), |pw| (pw.cost, pw.legendary));
                costs_ok &= st.ap[p] >= i32::from(cost);
                // "If a player has a Legendary Marker they can't use
                // Legendary Powers anymore" (RZ 15: set ones too)
                costs_ok &= !(legendary && st.legendary_used[p]);
            }
            if !costs_ok {
                continue;
            }
            if optional && st.core.passive[p] {
                continue;
            }
            if optional && self.hits_nothing(st, src, a, subject, other) {
                // "It may hit its attacker before the hit (RA)" with the
                // attacker out of its RA: the Trigger would do nothing
                continue;
            }
            if optional {
                // whether to use it is its owner's choice (RZ 14)
                let (skill, ability) = match at {
                    Src::Skill(i) => (Some(i), 0),
                    Src::Power(i) | Src::Enchantment(i) => (None, i),
                };
                let q = Ask::Trigger {
                    src,
                    skill,
                    ability,
                    event,
                    subject,
                    other,
                };
                let yes = self.choose_for(st, p, q, |r, st| {
                    if super::policy::use_trigger(r, st, p, src, a, subject, other) {
                        Answer::Yes
                    } else {
                        Answer::No
                    }
                });
                if yes != Answer::Yes {
                    continue;
                }
            }
            self.run_trigger(st, event, src, p, at, a, &ctx, optional);
        }
    }

    /// Whether every step of the Trigger `a` of `src` is a hit "(RA)" on
    /// the event's subject or other entity that stands out of `src`'s RA
    /// (such a hit does nothing, so the Trigger is not offered).
    fn hits_nothing(&self, st: &State, src: u16, a: &Ability, subject: u16, other: u16) -> bool {
        let on_board =
            |x: u16| usize::from(x) < st.cell.len() && st.cell[usize::from(x)] != NO_CELL;
        !a.steps.is_empty()
            && on_board(src)
            && a.steps.iter().all(|s| {
                let victim = match s.target {
                    Target::Other => other,
                    Target::Subject => subject,
                    _ => return false,
                };
                matches!(s.verb, Verb::Hit)
                    && s.reach == Some(Reach::Range)
                    && on_board(victim)
                    && !self.in_range(
                        st,
                        src,
                        st.cell[usize::from(src)],
                        st.cell[usize::from(victim)],
                    )
            })
    }

    #[allow(
        clippy::too_many_arguments,
        reason = "each argument is one part of the trigger being run"
    )]
    fn run_trigger(
        &self,
        st: &mut State,
        event: Event,
        src: u16,
        p: usize,
        at: Src,
        a: &Ability,
        ctx: &Ctx,
        optional: bool,
    ) {
        st.depth += 1;
        let saved = st.negated;
        st.negated = false;
        if let Src::Power(_) = at
            && optional
        {
            // a set Trigger Power: flipped, paid, then sent to the void
            let cost = self.def(src).power().map_or(0, |pw| pw.cost);
            st.ap[p] -= i32::from(cost);
            if self.def(src).power().is_some_and(|pw| pw.legendary) {
                st.legendary_used[p] = true;
            }
            st.core
                .zones
                .move_copy(z(p, Zone::Powers), src, z(p, Zone::PowerVoid), At::Top);
            if p == 0 {
                st.core.trace.add_play(self.table.def_index(src));
            }
        }
        if let Src::Skill(i) = at {
            let s = &self.fighter(st, src).skills[usize::from(i)];
            if s.uses > 0 {
                let u = &mut st.skill_uses[usize::from(src)][usize::from(i)];
                *u = u.saturating_sub(1);
            }
        }
        if a.condition == Some(Condition::FirstTimeEachRound) {
            st.first_hit_done[p] = true;
        }
        self.note(st, p, "trigger", src, None);
        if let Src::Power(_) = at
            && optional
        {
            // flipped face up and paid, it is a Power used: "When an enemy
            // Power is used" answers before its effect applies
            let saved_hit = std::mem::replace(&mut st.hit_negated, false);
            self.fire(st, Event::UsesPower, src, NONE);
            let negated = std::mem::replace(&mut st.hit_negated, saved_hit);
            if negated {
                st.core.note(p, "Power negated", Some(src), None);
                st.negated = saved;
                st.depth -= 1;
                return;
            }
        }
        let skill_trigger = matches!(at, Src::Skill(_)) && optional;
        let mut g = Game::new(self, st);
        for c in &a.costs {
            g.pay(c, ctx);
        }
        let mut go = true;
        if skill_trigger {
            // a TRIGGER skill is a skill used: it may be answered
            let saved_neg = g.st.hit_negated;
            g.st.hit_negated = false;
            self.fire(g.st, Event::UsesSkill, src, NONE);
            go = !g.st.hit_negated;
            g.st.hit_negated = saved_neg;
        }
        if go {
            // "it deals 1 extra DMG" while a hit resolves: that hit's DMG
            let for_hit = |s: &Step| {
                event == Event::Hits
                    && s.duration == crate::engine::effect::Duration::Instant
                    && matches!(
                        s.verb,
                        Verb::Modify {
                            stat: crate::engine::effect::Stat::ExtraDamage,
                            ..
                        }
                    )
            };
            for s in a.steps.iter().filter(|s| for_hit(s)) {
                if let Verb::Modify { delta, .. } = s.verb {
                    st.extra += i16::from(delta);
                }
            }
            let mut g = Game::new(self, st);
            if a.steps.iter().any(for_hit) {
                let rest: Vec<Step> = a.steps.iter().filter(|s| !for_hit(s)).cloned().collect();
                interp::resolve(&mut g, ctx, &rest);
            } else {
                interp::resolve(&mut g, ctx, &a.steps);
            }
        }
        st.negated = saved;
        st.depth -= 1;
    }

    /// A hit by `attacker` on `target` (see the module docs); `true` when it
    /// landed (was not negated).
    pub fn hit(&self, st: &mut State, attacker: u16, target: u16) -> bool {
        let saved = (st.hit_negated, st.redirect, st.extra);
        st.hit_negated = false;
        st.redirect = NONE;
        st.extra = 0;
        let by = self.owner(attacker);
        self.note(st, by, "hits with", attacker, None);
        self.fire_by(st, Event::AboutToBeHit, target, target, attacker);
        let mut t = target;
        if st.redirect != NONE && st.cell[usize::from(st.redirect)] != NO_CELL {
            t = st.redirect;
        }
        let gone = |st: &State, e: u16| st.cell[usize::from(e)] == NO_CELL;
        if st.hit_negated || gone(st, attacker) || gone(st, t) || st.core.over() {
            (st.hit_negated, st.redirect, st.extra) = saved;
            return false;
        }
        st.redirect = NONE;
        self.fire_by(st, Event::Hits, attacker, attacker, t);
        if gone(st, attacker) || gone(st, t) || st.core.over() {
            (st.hit_negated, st.redirect, st.extra) = saved;
            return false;
        }
        let dmg = self.element_hit_damage(st, by, attacker, t) + st.extra;
        let victim = if st.redirect != NONE { attacker } else { t };
        (st.hit_negated, st.redirect, st.extra) = saved;
        self.hurt(st, by, victim, dmg.max(0), Dmg::Hit);
        true
    }

    /// The Hit DMG of `attacker` on `t` with the element its owner `by`
    /// chooses (rules-notes RZ 17): asked of a seat played by hand when its
    /// elements deal different DMG there; the policy's choice, the most
    /// DMG, is [`Rizontical::hit_damage`].
    fn element_hit_damage(&self, st: &mut State, by: usize, attacker: u16, t: u16) -> i16 {
        if !st.core.by_hand[by] {
            return self.hit_damage(st, attacker, t);
        }
        let (choices, n) = self.element_choices(st, attacker, t);
        if choices[..n].iter().all(|&(_, d)| d == choices[0].1) {
            return self.hit_damage(st, attacker, t);
        }
        let q = Ask::Element {
            attacker,
            target: t,
        };
        match self.choose_for(st, by, q, |r, st| super::policy::answer(r, st, by, &q)) {
            Answer::Element { bit } if choices[..n].iter().any(|&(b, _)| b == bit) => {
                self.hit_damage_with(st, attacker, t, bit)
            }
            _ => self.hit_damage(st, attacker, t),
        }
    }

    /// Hits every entity on the cells around `src`; returns how many.
    pub fn hit_around(&self, st: &mut State, src: u16) -> u32 {
        let at = st.cell[usize::from(src)];
        let mut targets = [NONE; 8];
        let mut n = 0;
        for (dr, dc) in DIRS {
            let (r, c) = super::board::rc(at);
            if let Some(x) = super::board::cell_at(r + i16::from(dr), c + i16::from(dc))
                && st.board[usize::from(x)] != NONE
                && self.around(at, x)
            {
                targets[n] = st.board[usize::from(x)];
                n += 1;
            }
        }
        let order = self.dmg_order(st, src, &targets[..n]);
        let mut hits = 0;
        for t in order {
            if st.cell[usize::from(src)] == NO_CELL {
                break;
            }
            if self.hit(st, src, t) {
                hits += 1;
            }
        }
        hits
    }

    /// The DMG Dealing Order (rulebook P12) of `targets`, the entities one
    /// instance of `src` hits at once: "When multiple entities take DMG, it
    /// is dealt to Fighters following the Speed Rule, then if there are
    /// deployed Summons that also took DMG from that instance, their owner
    /// choose the order to apply DMG on their Summons (current turn player
    /// first)." Fighters by the Speed Rule ([`Rizontical::speed_order`]:
    /// the timeline slot first, then Speed), then the current turn player's
    /// Summons, then the other player's, each in the order its owner
    /// chooses (RZ 14: asked of a seat played by hand, one Summon at a
    /// time; the policy keeps the board's order).
    pub fn dmg_order(&self, st: &mut State, src: u16, targets: &[u16]) -> Vec<u16> {
        let mut out: Vec<u16> = targets
            .iter()
            .copied()
            .filter(|&e| !self.is_summon(e))
            .collect();
        self.speed_order(st, &mut out);
        let first = self.acting(st);
        for p in [first, 1 - first] {
            let hit = self.summons_around(st, src, p);
            let mut done = 0u8;
            for _ in 1..hit.len() {
                let q = Ask::DmgOrder {
                    src,
                    owner: p as u8,
                    done,
                };
                let a = self.choose_for(st, p, q, |r, st| super::policy::answer(r, st, p, &q));
                let left = |i: usize| done & (1 << i) == 0;
                let i = match a {
                    Answer::Next { entity } => hit
                        .iter()
                        .enumerate()
                        .position(|(i, &e)| e == entity && left(i)),
                    _ => None,
                }
                .or_else(|| (0..hit.len()).find(|&i| left(i)))
                .unwrap_or(0);
                done |= 1 << i;
                out.push(hit[i]);
            }
            out.extend(
                hit.iter()
                    .enumerate()
                    .filter(|&(i, _)| done & (1 << i) == 0)
                    .map(|(_, &e)| e),
            );
        }
        out
    }

    /// Player `p`'s Summons on the cells around `src`, in id order (at
    /// most 8: one per cell).
    pub fn summons_around(&self, st: &State, src: u16, p: usize) -> Vec<u16> {
        let at = st.cell[usize::from(src)];
        if at == NO_CELL {
            return Vec::new();
        }
        let mut out: Vec<u16> = self
            .summons_of(st, p)
            .filter(|&e| {
                let c = st.cell[usize::from(e)];
                c != NO_CELL && c != at && self.around(at, c)
            })
            .collect();
        out.sort_unstable();
        out.truncate(8);
        out
    }

    /// "Moves onto a cell around an ally" Triggers for `e` after it moved.
    pub fn fire_moves_near(&self, st: &mut State, e: u16) {
        self.fire(st, Event::MovesNear, e, NONE);
    }

    /// The Fighter player `p` deploys next (the top one, or with
    /// `deploy_from = choose` the policy's pick).
    pub fn deploy_pick(&self, st: &State, p: usize) -> Option<u16> {
        match self.options.deploy_from {
            super::DeployFrom::Top => st.core.zones.top(z(p, Zone::FighterDeck)),
            super::DeployFrom::Choose => super::policy::best_fighter(self, st, p),
        }
    }

    /// Deploys Fighter `f` of player `p` into `slot` on `cell`.
    pub fn deploy(&self, st: &mut State, p: usize, slot: usize, cell: u8, f: u16) {
        if !st
            .core
            .zones
            .move_copy(z(p, Zone::FighterDeck), f, z(p, Zone::Fighters), At::Top)
        {
            return;
        }
        self.set_up_entity(st, p, slot, cell, f);
        self.note(st, p, DEPLOY, f, Some(slot as i32 + 1));
        self.after_deploy(st, f);
    }

    /// An entity's numbers as it arrives on the board.
    pub fn set_up_entity(&self, st: &mut State, p: usize, slot: usize, cell: u8, e: u16) {
        st.slots[p][slot] = e;
        self.place(st, e, cell);
        let f = self.fighter(st, e);
        let i = usize::from(e);
        st.hp[i] = f.hp.max(1);
        st.mana[i] = f.mana;
        st.protection[i] = 0;
        let mut uses = [0u8; 3];
        let mut time = [0u8; 3];
        for (k, s) in f.skills.iter().take(3).enumerate() {
            uses[k] = s.uses;
            time[k] = s.time;
        }
        st.skill_uses[i] = uses;
        st.skill_time[i] = time;
    }

    /// What arriving does: a Tile under it, "is deployed" Triggers.
    pub fn after_deploy(&self, st: &mut State, e: u16) {
        self.stepped(st, e);
        if st.cell[usize::from(e)] != NO_CELL {
            self.fire(st, Event::Deployed, e, NONE);
        }
    }

    /// Deploys a Summon `name` of player `p` (an effect of `src`): "A
    /// Summon can be deployed on the board by an effect on an empty cell of
    /// their owner's choice" (around `src` when `around`), a free one of
    /// its four copies ("A player can have a maximum of 4 copies of the
    /// same Summon deployed"), with its 1 HP. Whether it was deployed.
    pub fn summon(&self, st: &mut State, p: usize, name: &str, src: u16, around: bool) -> bool {
        let Some(kind) = self.summon_named(name) else {
            return false;
        };
        let Some(id) = (0..super::MAX_SUMMONS)
            .map(|k| self.summon_id(p, kind, k))
            .find(|&id| st.cell[usize::from(id)] == NO_CELL)
        else {
            st.core.note(p, "has 4 of that Summon deployed", None, None);
            return false;
        };
        let q = Ask::Summon {
            summon: id,
            src,
            around,
        };
        let answer = self.choose_for(st, p, q, |r, st| super::policy::answer(r, st, p, &q));
        let Answer::Cell { cell } = answer else {
            return false;
        };
        if usize::from(cell) >= super::CELLS || st.board[usize::from(cell)] != NONE {
            return false;
        }
        let i = usize::from(id);
        st.hp[i] = self.summon_fighter.hp;
        st.mana[i] = 0;
        st.protection[i] = 0;
        self.place(st, id, cell);
        self.note(st, p, "summons", id, None);
        // deployed on a cell is stepping on it (Glossary)
        self.stepped(st, id);
        true
    }

    /// A dummy Fighter redeployed on its slot.
    pub fn redeploy_dummy(&self, st: &mut State, slot: usize) {
        let used = st.slots[1].iter().filter(|&&e| e != NONE).count();
        let Some(i) = (0..super::MAX_DUMMIES)
            .find(|&i| {
                st.cell[usize::from(self.dummy_id(i))] == NO_CELL
                    && i >= used.min(super::MAX_DUMMIES)
            })
            .or_else(|| {
                (0..super::MAX_DUMMIES).find(|&i| st.cell[usize::from(self.dummy_id(i))] == NO_CELL)
            })
        else {
            return;
        };
        let id = self.dummy_id(i);
        st.dummy_kind[i] = ((usize::from(st.dummy_kind[slot.min(super::MAX_DUMMIES - 1)]) + 1)
            % self.dummies.len()) as u8;
        if let Some(cell) = super::policy::deploy_cell(self, st, 1) {
            self.set_up_entity(st, 1, slot, cell, id);
            self.note(st, 1, DUMMY_REDEPLOYED, id, Some(slot as i32 + 1));
            self.after_deploy(st, id);
        }
    }

    /// Looks at the top `n` Powers: `keep` to the hand, the rest to the
    /// bottom. Which are kept is the player's choice ("put 1 in your hand",
    /// RZ 14): asked as a move of a seat played by hand, one card at a
    /// time (the cards not yet kept are still the deck's top ones); else
    /// the policy keeps the most valuable.
    pub fn look(&self, st: &mut State, p: usize, n: u8, keep: u8) {
        let deck = z(p, Zone::PowerDeck);
        let k = usize::from(n).min(st.core.zones.len(deck));
        if k == 0 {
            return;
        }
        let keep = usize::from(keep).min(k);
        for i in 0..keep {
            let q = Ask::Look {
                n: (k - i) as u8,
                left: (keep - i - 1) as u8,
            };
            let a = self.choose_for(st, p, q, |r, st| super::policy::answer(r, st, p, &q));
            let top = st.core.zones.len(deck) - (k - i);
            let card = match a {
                Answer::Keep { card } if st.core.zones.get(deck)[top..].contains(&card) => card,
                _ => st.core.zones.get(deck)[st.core.zones.len(deck) - 1],
            };
            st.core
                .zones
                .move_copy(deck, card, z(p, Zone::Hand), At::Top);
        }
        // the others at the bottom, the policy's order
        let rest = super::estimate::look_ranked(self, st, p, (k - keep) as u8);
        for c in rest {
            st.core.zones.move_copy(deck, c, deck, At::Bottom);
        }
        st.core
            .note(p, "looks at the top Powers", None, Some(i32::from(n)));
    }

    /// The step of an ability that names its chosen target, if any.
    pub fn chosen_step(a: &Ability) -> Option<&Step> {
        let activated = matches!(a.trigger, Trigger::Activated | Trigger::PLAYED);
        a.steps.iter().find(|s| match s.target {
            Target::Chosen { .. } => true,
            Target::Subject => activated,
            _ => false,
        })
    }

    /// Whether `target` is a target the ability's chosen step allows.
    pub fn valid_target(&self, st: &State, ctx: &Ctx, step: &Step, target: u16) -> bool {
        self.valid_target_in(st, None, ctx, step, target)
    }

    /// [`Self::valid_target`] with the RA `sheet` holds, when given.
    pub fn valid_target_in(
        &self,
        st: &State,
        sheet: Option<&super::status::Sheet>,
        ctx: &Ctx,
        step: &Step,
        target: u16,
    ) -> bool {
        if usize::from(target) >= st.cell.len() || st.cell[usize::from(target)] == NO_CELL {
            return false;
        }
        let (who, kind) = match step.target {
            Target::Chosen { who, kind } => (who, kind),
            _ => (Who::Any, Kind::Entity),
        };
        if !self.who_is(st, ctx, who, target) || !self.kind_is(st, kind, target) {
            return false;
        }
        if matches!(step.verb, Verb::Hit) && step.reach == Some(Reach::Unlimited) {
            // (∞RA): unlimited range, entities between ignored
            return target != ctx.source;
        }
        self.reaches_in(st, sheet, ctx, step.reach, target)
    }

    /// A SPELL*'s steps in the order they apply: "Spell* skills effect are
    /// applied before the hit is done" (a SPELL's "after the hit"), so the
    /// steps that are not hits come first, then the hits; "per entity hit"
    /// counts the entities about to be hit (those on the cells around
    /// `src`).
    fn spell_star_steps(&self, st: &State, src: u16, steps: &[Step]) -> Vec<Step> {
        let is_hit = |s: &Step| {
            matches!(
                s.verb,
                Verb::Hit | Verb::HitAround | Verb::PerEntityHit { .. }
            )
        };
        let mut out: Vec<Step> = steps.iter().filter(|s| !is_hit(s)).cloned().collect();
        for s in steps.iter().filter(|s| is_hit(s)) {
            match &s.verb {
                Verb::PerEntityHit { then } => {
                    let at = st.cell[usize::from(src)];
                    let n = (0..super::CELLS as u8)
                        .filter(|&c| st.board[usize::from(c)] != NONE && self.around(at, c))
                        .count();
                    for _ in 0..n {
                        out.extend(then.iter().cloned());
                    }
                    out.push(Step {
                        verb: Verb::HitAround,
                        ..s.clone()
                    });
                }
                _ => out.push(s.clone()),
            }
        }
        out
    }

    /// Uses skill `idx` of the current ally (see [`super::Action::Skill`]).
    pub fn use_skill(
        &self,
        st: &mut State,
        idx: u8,
        target: Option<u16>,
        cell: u8,
    ) -> Result<(), Illegal> {
        ensure(st.phase == Phase::Turn, "RZ Turn Actions", || {
            "skills are used on your own turn".into()
        })?;
        let p = st.core.active;
        let e = st.slots[p][usize::from(st.step)];
        ensure(e != NONE, "RZ Turn Actions", || {
            "no ally in the current slot".into()
        })?;
        let f = self.fighter(st, e);
        let skill = f.skills.get(usize::from(idx)).ok_or_else(|| {
            Illegal::new("RZ Skills", format!("{} has no skill {}", f.name, idx + 1))
        })?;
        ensure(skill.kind.used(), "RZ Skills", || {
            format!("a {} skill is not used as an action", skill.kind.label())
        })?;
        let slot = usize::from(st.step);
        ensure(
            skill.kind != SkillKind::Ultimate || !st.ultimate[p][slot],
            "RZ ULTIMATE",
            || "this slot already has an ULTIMATE Marker".into(),
        )?;
        ensure(
            skill.kind != SkillKind::Unique || !st.unique_used[p],
            "RZ UNIQUE",
            || "you already have a UNIQUE Marker".into(),
        )?;
        ensure(
            skill.uses == 0 || st.skill_uses[usize::from(e)][usize::from(idx)] > 0,
            "RZ Use",
            || "this skill has no Use left".into(),
        )?;
        let a = &skill.ability;
        ensure(a.trigger == Trigger::Activated, "RZ Skills", || {
            "that skill is not used as an action".into()
        })?;
        let mut ctx = Ctx::new(e, p);
        if let Some(step) = Self::chosen_step(a) {
            let t = target
                .ok_or_else(|| Illegal::new("RZ Skills", "choose a target for this skill"))?;
            ensure(self.valid_target(st, &ctx, step, t), "RZ Range", || {
                format!("{} is not a target this skill reaches", self.name_of(t))
            })?;
            let r = Some(Ref::Card(t));
            ctx = ctx.choosing(r).about(r, None);
        }
        if a.steps.iter().any(|s| matches!(s.verb, Verb::PlaceTile)) {
            ensure(
                cell != NO_CELL
                    && usize::from(cell) < super::CELLS
                    && st.board[usize::from(cell)] == NONE
                    && self.tile_at(st, cell).is_none()
                    && Rizontical::adjacent(st.cell[usize::from(e)], cell),
                "RZ Tiles",
                || "put the Tile on an empty cell adjacent to this Fighter".into(),
            )?;
        }
        {
            let g = Game::new(self, &mut *st);
            ensure(interp::usable(&g, &ctx, a), "RZ Skills", || {
                "its AP or MANA cost cannot be paid".into()
            })?;
        }
        let kind = skill.kind;
        let uses = skill.uses;
        st.skilled = true;
        match kind {
            SkillKind::Ultimate => st.ultimate[p][slot] = true,
            SkillKind::Unique => st.unique_used[p] = true,
            _ => {}
        }
        if uses > 0 {
            let u = &mut st.skill_uses[usize::from(e)][usize::from(idx)];
            *u = u.saturating_sub(1);
        }
        self.note(st, p, USES_A_SKILL_OF, e, Some(i32::from(idx) + 1));
        let mut g = Game::new(self, st);
        for c in &a.costs {
            g.pay(c, &ctx);
        }
        // "When an enemy Fighter uses a Skill": answered before it applies
        st.hit_negated = false;
        self.fire(st, Event::UsesSkill, e, NONE);
        if std::mem::take(&mut st.hit_negated) {
            self.note(st, p, "skill negated", e, None);
            return Ok(());
        }
        st.negated = false;
        let hits = if kind == SkillKind::SpellStar {
            // "Spell* skills effect are applied before the hit is done"
            let steps = self.spell_star_steps(st, e, &a.steps);
            let mut g = Game::new(self, st);
            g.cell = cell;
            interp::resolve(&mut g, &ctx, &steps)
        } else {
            let mut g = Game::new(self, st);
            g.cell = cell;
            interp::resolve(&mut g, &ctx, &a.steps)
        };
        let landed = !std::mem::take(&mut st.negated) && hits > 0;
        if matches!(kind, SkillKind::Spell | SkillKind::SpellStar)
            && landed
            && a.steps.iter().any(|s| {
                matches!(
                    s.verb,
                    Verb::Hit | Verb::HitAround | Verb::PerEntityHit { .. }
                )
            })
        {
            // "successfully used a ... SPELL Hit" ends the turn
            st.end_turn = true;
        }
        Ok(())
    }
}
