//! Powers and the Numen: using a Power (Normal, Permanent, Aura), setting a
//! Trigger Power, a Permanent's "Once per turn:" ability, discarding for AP,
//! the Numen's Conjuration, and the Use, Time and Legendary Marker rules.
//!
//! - A Power is used from hand by paying its AP cost into an empty Power
//!   slot ("Powers can only be played on an empty Power slot"); a Normal one
//!   then goes to the void, a Permanent or Aura stays (an Aura assigned to
//!   an allied Fighter). A Legendary Power puts the player's one Legendary
//!   Marker first. "When an enemy Power is used" Triggers answer before its
//!   effect applies.
//! - A Trigger Power is set face down for 1 AP; its owner uses it when its
//!   situation comes ([`super::skills`]), paying its AP cost.
//! - Use: the Power loses 1 Use to use its effect; at 0 it stays but does
//!   nothing. Time: at each round end every Time-based Power (and skill)
//!   loses 1 Time; a Power at 0 goes to the void.
//! - The Conjuration: once during each of its owner's turns, paying its AP
//!   cost (none with "Your Numen's Conjuration costs 0 AP").

use super::cards::Category;
use super::skills::Game;
use super::{NO_CELL, NONE, Phase, Rizontical, State, Zone, z};
use crate::engine::core::{At, Illegal, ensure};
use crate::engine::effect::interp::{self, Ctx, Ref};
use crate::engine::effect::{Cost, Event, Trigger, Verb};

impl Rizontical {
    /// The player who may use Powers now (the turn player, or the bonus
    /// action's player).
    pub fn acting(&self, st: &State) -> usize {
        match st.phase {
            Phase::Bonus { p } | Phase::Mulligan { p } => usize::from(p),
            _ => st.core.active,
        }
    }

    pub fn power_slot_free(&self, st: &State, p: usize) -> bool {
        st.core.zones.len(z(p, Zone::Powers)) < self.options.power_slots as usize
    }

    /// Uses Power `card` from the acting player's hand.
    pub fn cast(
        &self,
        st: &mut State,
        card: u16,
        target: Option<u16>,
        cell: u8,
    ) -> Result<(), Illegal> {
        let p = self.acting(st);
        ensure(
            st.core.zones.contains(z(p, Zone::Hand), card),
            "RZ Power Cards",
            || format!("{} is not in your hand", self.name_of(card)),
        )?;
        let pw = self.def(card).power().ok_or_else(|| {
            Illegal::new(
                "RZ Power Cards",
                format!("{} is not a Power you can use", self.name_of(card)),
            )
        })?;
        ensure(pw.category != Category::Trigger, "RZ Trigger", || {
            "Trigger Powers are first set face down (Set)".into()
        })?;
        ensure(self.power_slot_free(st, p), "RZ Power Cards", || {
            "Powers can only be played on an empty Power slot".into()
        })?;
        ensure(i32::from(pw.cost) <= st.ap[p], "RZ Power Cards", || {
            format!(
                "{} costs {} AP and you have {}",
                self.name_of(card),
                pw.cost,
                st.ap[p]
            )
        })?;
        ensure(
            !pw.legendary || !st.legendary_used[p],
            "RZ Legendary",
            || "you already used a Legendary Power (Legendary Marker)".into(),
        )?;
        let mut ctx = Ctx::new(card, p);
        if pw.category == Category::Aura {
            let t = target.filter(|&t| {
                usize::from(t) < st.cell.len()
                    && st.cell[usize::from(t)] != NO_CELL
                    && !self.is_summon(t)
            });
            // "Aura Powers are assigned to a Fighter": an ally or an enemy
            ensure(t.is_some(), "RZ Aura", || {
                "an Aura is assigned to a Fighter on the board".into()
            })?;
        } else {
            for a in pw.abilities.iter().filter(|a| a.trigger == Trigger::PLAYED) {
                if let Some(step) = Self::chosen_step(a) {
                    let t = target.ok_or_else(|| {
                        Illegal::new("RZ Power Cards", "choose a target for this Power")
                    })?;
                    ensure(self.valid_target(st, &ctx, step, t), "RZ Range", || {
                        format!("{} is not a target this Power reaches", self.name_of(t))
                    })?;
                    let r = Some(Ref::Card(t));
                    ctx = ctx.choosing(r).about(r, None);
                }
                if let Some(n) = a.steps.iter().find_map(|s| match s.verb {
                    Verb::Move { n } => Some(n),
                    _ => None,
                }) && let Some(t) = target
                {
                    let reach = self.reachable(st, st.cell[usize::from(t)], i16::from(n));
                    ensure(
                        cell != NO_CELL && reach.contains(cell) && cell != st.cell[usize::from(t)],
                        "RZ Movement",
                        || format!("that cell is not within {n} cells through empty cells"),
                    )?;
                }
            }
        }
        st.ap[p] -= i32::from(pw.cost);
        if pw.legendary {
            st.legendary_used[p] = true;
        }
        st.core
            .zones
            .move_copy(z(p, Zone::Hand), card, z(p, Zone::Powers), At::Top);
        st.uses[usize::from(card)] = pw.uses;
        st.time[usize::from(card)] = pw.time;
        st.used_this_turn[usize::from(card)] = false;
        st.aura_on[usize::from(card)] = if pw.category == Category::Aura {
            target.unwrap_or(NONE)
        } else {
            NONE
        };
        if p == 0 {
            st.core.trace.add_play(self.table.def_index(card));
        }
        st.core.note(p, "use", Some(card), None);
        // "When an enemy Power is used": before its effect applies
        st.hit_negated = false;
        self.fire(st, Event::UsesPower, card, NONE);
        if std::mem::take(&mut st.hit_negated) {
            st.aura_on[usize::from(card)] = NONE;
            st.core
                .zones
                .move_copy(z(p, Zone::Powers), card, z(p, Zone::PowerVoid), At::Top);
            st.core.note(p, "Power negated", Some(card), None);
            return Ok(());
        }
        if pw.category == Category::Normal {
            for a in pw.abilities.iter().filter(|a| a.trigger == Trigger::PLAYED) {
                st.negated = false;
                let mut g = Game::new(self, st);
                g.cell = cell;
                interp::use_ability(&mut g, &ctx, a);
            }
            st.negated = false;
            st.core
                .zones
                .move_copy(z(p, Zone::Powers), card, z(p, Zone::PowerVoid), At::Top);
        }
        self.check_win(st);
        Ok(())
    }

    /// Sets a Trigger Power face down (1 AP).
    pub fn set(&self, st: &mut State, card: u16) -> Result<(), Illegal> {
        let p = self.acting(st);
        ensure(
            st.core.zones.contains(z(p, Zone::Hand), card)
                && self
                    .def(card)
                    .power()
                    .is_some_and(|pw| pw.category == Category::Trigger),
            "RZ Trigger",
            || "only a Trigger Power from your hand is set".into(),
        )?;
        ensure(self.power_slot_free(st, p), "RZ Power Cards", || {
            "no empty Power slot".into()
        })?;
        ensure(st.ap[p] >= 1, "RZ Trigger", || {
            "setting a Trigger costs 1 AP".into()
        })?;
        st.ap[p] -= 1;
        st.core
            .zones
            .move_copy(z(p, Zone::Hand), card, z(p, Zone::Powers), At::Top);
        let pw = self
            .def(card)
            .power()
            .map_or((0, 0), |pw| (pw.uses, pw.time));
        st.uses[usize::from(card)] = pw.0;
        st.time[usize::from(card)] = pw.1;
        st.core.note(p, "set", Some(card), None);
        Ok(())
    }

    /// A Permanent's "Once per turn:" ability.
    pub fn activate(&self, st: &mut State, card: u16) -> Result<(), Illegal> {
        let p = self.acting(st);
        ensure(
            st.core.zones.contains(z(p, Zone::Powers), card),
            "RZ Permanent",
            || "that Power is not on your field".into(),
        )?;
        let a = self
            .def(card)
            .power()
            .filter(|pw| pw.category != Category::Trigger)
            .and_then(|pw| {
                pw.abilities
                    .iter()
                    .find(|a| a.trigger == Trigger::Activated)
            })
            .ok_or_else(|| Illegal::new("RZ Permanent", "that Power has no ability to use"))?;
        ensure(
            !st.used_this_turn[usize::from(card)],
            "RZ Permanent",
            || "once per turn".into(),
        )?;
        let ctx = Ctx::new(card, p);
        {
            let g = Game::new(self, &mut *st);
            ensure(interp::usable(&g, &ctx, a), "RZ Use", || {
                "it has no Use left, or its cost cannot be paid".into()
            })?;
        }
        st.used_this_turn[usize::from(card)] = true;
        st.core.note(p, "uses", Some(card), None);
        let mut g = Game::new(self, st);
        interp::use_ability(&mut g, &ctx, a);
        Ok(())
    }

    /// Discards a Power from hand or field: +1 AP.
    pub fn discard(&self, st: &mut State, card: u16) -> Result<(), Illegal> {
        let p = self.acting(st);
        let from = [Zone::Hand, Zone::Powers]
            .into_iter()
            .find(|&zn| st.core.zones.contains(z(p, zn), card))
            .ok_or_else(|| {
                Illegal::new("RZ Turn Actions", "discard a Power from your hand or field")
            })?;
        ensure(self.def(card).numen().is_none(), "RZ Turn Actions", || {
            "only Powers are discarded".into()
        })?;
        st.core
            .zones
            .move_copy(z(p, from), card, z(p, Zone::PowerVoid), At::Top);
        st.aura_on[usize::from(card)] = NONE;
        self.gain_ap(st, p, self.setup.ap_per_discard as i32);
        st.core.note(p, "discard", Some(card), None);
        Ok(())
    }

    /// The Conjuration's AP cost for player `p` now.
    pub fn conjuration_cost(&self, st: &State, p: usize) -> u8 {
        let free = self.any_static(st, super::cards::STATIC_OTHER, |_, q, a| {
            q == p && a.steps.iter().any(|s| s.verb == Verb::FreeConjuration)
        });
        if free {
            return 0;
        }
        self.numen(st, p)
            .and_then(|c| self.def(c).numen())
            .and_then(|n| n.conjuration.as_ref())
            .map_or(0, |a| {
                a.costs
                    .iter()
                    .map(|c| match c {
                        Cost::Pay { n, .. } => *n,
                        _ => 0,
                    })
                    .sum()
            })
    }

    /// Uses the Numen's Conjuration.
    pub fn conjure(&self, st: &mut State, target: Option<u16>, dir: u8) -> Result<(), Illegal> {
        ensure(st.phase == Phase::Turn, "RZ Numen", || {
            "the Conjuration is used during its owner's turn".into()
        })?;
        let p = st.core.active;
        let nc = self
            .numen(st, p)
            .ok_or_else(|| Illegal::new("RZ Numen", "you have no Numen"))?;
        let a = self
            .def(nc)
            .numen()
            .and_then(|n| n.conjuration.as_ref())
            .ok_or_else(|| Illegal::new("RZ Numen", "your Numen has no Conjuration"))?;
        ensure(!st.conjured[p], "RZ Numen", || {
            "the Conjuration is used once during each of your turns".into()
        })?;
        ensure(dir < 8, "RZ Numen", || "a push goes one of 8 ways".into())?;
        let cost = self.conjuration_cost(st, p);
        ensure(st.ap[p] >= i32::from(cost), "RZ Numen", || {
            format!("the Conjuration costs {cost} AP")
        })?;
        let mut ctx = Ctx::new(nc, p);
        if let Some(step) = Self::chosen_step(a) {
            let t = target.ok_or_else(|| Illegal::new("RZ Numen", "choose a target"))?;
            ensure(self.valid_target(st, &ctx, step, t), "RZ Numen", || {
                format!("{} is not a target of the Conjuration", self.name_of(t))
            })?;
            let r = Some(Ref::Card(t));
            ctx = ctx.choosing(r).about(r, None);
        }
        st.ap[p] -= i32::from(cost);
        st.conjured[p] = true;
        st.core.note(p, "Conjuration", Some(nc), None);
        st.negated = false;
        let mut g = Game::new(self, st);
        g.dir = dir;
        interp::resolve(&mut g, &ctx, &a.steps);
        st.negated = false;
        self.check_win(st);
        Ok(())
    }

    /// Round end: Time-based Powers and skills lose 1 Time; Powers at 0 go
    /// to the void.
    pub fn tick_time(&self, st: &mut State) {
        for p in 0..2 {
            let zone = z(p, Zone::Powers);
            let mut i = 0;
            while i < st.core.zones.len(zone) {
                let c = st.core.zones.get(zone)[i];
                let t = &mut st.time[usize::from(c)];
                if *t > 0 {
                    *t -= 1;
                    if *t == 0 {
                        st.aura_on[usize::from(c)] = NONE;
                        st.core
                            .zones
                            .move_card(zone, i, z(p, Zone::PowerVoid), At::Top);
                        st.core.note(p, "Time runs out", Some(c), None);
                        continue;
                    }
                }
                i += 1;
            }
            for s in 0..super::SLOTS {
                let e = st.slots[p][s];
                if e != NONE {
                    for t in &mut st.skill_time[usize::from(e)] {
                        *t = t.saturating_sub(1);
                    }
                }
            }
        }
    }
}
