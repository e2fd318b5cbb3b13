//! Combat (rulebook "COMBAT SYSTEM", rules-notes FZ §4, §6.4, §6.8, §6.9):
//! who an attack may target, the damage formula, Shield, Bridge, KOs with
//! their Equip Relics, Pierce, Drain, On Attack / On Hit / On Kill / On KO,
//! and THE 589.
//!
//! Rulings (beyond rules-notes):
//! - An Altar whose every card is hidden by Stealth is not empty (FZ §6.13):
//!   Life and the Vault open only when the Altar holds no card at all, so
//!   such an Altar leaves the attacker no legal target.
//! - Guard protects the other Altar cards ("Must be attacked before other
//!   Altar cards"): a Guard in the Vault protects nothing.
//! - Shield takes the first damage a card receives each turn, whatever its
//!   source (Burn included), and makes it 0; an attack that deals 0 does not
//!   hit (no On Hit, no Drain).
//! - Pierce is combat's: damage from an effect or from Burn does not carry
//!   over to Life.
//! - Order of an attack: On Attack; Bridge's dodge; damage (Shield); KO (the
//!   card's Equip Relics and its On KO); Pierce; Drain; On Hit; On Kill.

use super::cards::{BRIDGE, DRAIN, GUARD, Kind, NO_FORCE, SHIELD};
use super::{
    ATTACKED, DrainCap, EmptyAltarTargets, ExactDamageCount, Fuzzycards, NONE, Phase, REVEALED,
    Row, SHIELDED, State, Zone, z,
};
use crate::engine::core::{At, Illegal, ensure, other};
use crate::engine::effect::Ability;
use crate::engine::effect::interp::Ref;

/// The most cards one attack may choose from (both rows of a field).
const MAX_TARGETS: usize = 16;

/// Who an attacker may target: the opponent's Life, and cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Targets {
    pub life: bool,
    n: u8,
    cards: [u16; MAX_TARGETS],
}

impl Default for Targets {
    fn default() -> Targets {
        Targets {
            life: false,
            n: 0,
            cards: [NONE; MAX_TARGETS],
        }
    }
}

impl Targets {
    pub fn cards(&self) -> &[u16] {
        &self.cards[..usize::from(self.n)]
    }

    fn push(&mut self, c: u16) {
        if usize::from(self.n) < MAX_TARGETS {
            self.cards[usize::from(self.n)] = c;
            self.n += 1;
        }
    }

    /// Whether `target` (`None`: Life) is one of them.
    pub fn allows(&self, target: Option<u16>) -> bool {
        match target {
            None => self.life,
            Some(t) => self.cards().contains(&t),
        }
    }
}

/// What a hit did to a card.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hurt {
    /// Damage that landed (0 when a Shield took it).
    pub dealt: i32,
    /// Of it, what the card's remaining HP absorbed.
    pub to_card: i32,
    /// What went beyond 0 HP.
    pub excess: i32,
    pub ko: bool,
}

impl Fuzzycards {
    /// Who player `p`'s attackers may target now (TARGETING PRIORITY).
    pub fn attack_targets(&self, st: &State, p: usize) -> Targets {
        let o = other(p);
        let mut t = Targets::default();
        let (altar, vault) = (
            st.core.zones.get(z(o, Zone::Altar)),
            st.core.zones.get(z(o, Zone::Vault)),
        );
        if altar.is_empty() && vault.is_empty() {
            t.life = true;
            return t;
        }
        let mut guard = false;
        for &c in altar {
            if !self.hidden(st, c) {
                t.push(c);
                guard |= self.has(st, c, GUARD);
            }
        }
        if t.n > 0 {
            if guard {
                let all = t;
                t = Targets::default();
                for &c in all.cards() {
                    if self.has(st, c, GUARD) {
                        t.push(c);
                    }
                }
            }
            return t;
        }
        if !altar.is_empty() {
            // only hidden cards: the Altar is not empty (FZ §6.13)
            return t;
        }
        for &c in vault {
            if !self.hidden(st, c) {
                t.push(c);
            }
        }
        t.life = match self.options.empty_altar_targets {
            EmptyAltarTargets::LifeOrVault => true,
            EmptyAltarTargets::VaultFirst => t.n == 0,
        };
        t
    }

    /// The Force bonus of `a` attacking `t`.
    pub fn force_bonus(&self, a: u16, t: u16) -> i32 {
        let (fa, ft) = (self.def(a).force, self.def(t).force);
        if fa == NO_FORCE || ft == NO_FORCE {
            return 0;
        }
        let beats = self.beats.get(usize::from(fa)).copied().unwrap_or(0);
        if beats & (1 << ft) != 0 {
            self.setup.force_bonus as i32
        } else {
            0
        }
    }

    /// DAMAGE FORMULA: ATK − ⌊DEF/2⌋ + Force bonus, at least 1 (before a
    /// Shield).
    pub fn attack_damage(&self, st: &State, a: u16, t: u16) -> i32 {
        let def = self.def_of(st, t).max(0);
        (self.atk_of(st, a) - def / 2 + self.force_bonus(a, t)).max(1)
    }

    /// Whether `c`'s Shield will take the next damage this turn.
    #[inline]
    pub fn shield_up(&self, st: &State, c: u16) -> bool {
        st.flags[usize::from(c)] & SHIELDED == 0 && self.has(st, c, SHIELD)
    }

    /// Validate: `card` attacks `target` (`None`: Life).
    pub(super) fn attack(
        &self,
        st: &mut State,
        card: u16,
        target: Option<u16>,
    ) -> Result<(), Illegal> {
        let p = st.core.active;
        ensure(
            st.core.zones.contains(z(p, Zone::Altar), card),
            "FZ Validate",
            || "only cards on your Altar attack".into(),
        )?;
        ensure(self.def(card).kind == Kind::Hero, "FZ §6.11", || {
            "Field Relics do not attack".into()
        })?;
        ensure(
            st.flags[usize::from(card)] & ATTACKED == 0,
            "FZ Validate",
            || "each card attacks once".into(),
        )?;
        ensure(self.ready(st, card), "FZ Activate", || {
            "Heroes cannot attack the turn they are played unless they have Rush".into()
        })?;
        let targets = self.attack_targets(st, p);
        ensure(
            targets.allows(target),
            "FZ targeting priority",
            || match target {
                None => "their Altar is not empty: attack an Altar card".into(),
                Some(t) if self.has(st, t, GUARD) || targets.cards().is_empty() => {
                    format!("{} cannot be targeted now", self.table.copy_name(t))
                }
                Some(t) => format!(
                    "{} cannot be targeted now (a Guard must be attacked first; Stealth and the Vault protect)",
                    self.table.copy_name(t)
                ),
            },
        )?;
        st.flags[usize::from(card)] |= ATTACKED | REVEALED;
        st.core
            .note(p, "attack with", Some(card), Some(self.atk_of(st, card)));
        let subject = target.map(Ref::Card);
        self.fire(st, card, |d| &d.on_attack, subject);
        if st.core.over() {
            return Ok(());
        }
        if let Some(t) = target
            && self.row_of(st, t) == Some(Row::Altar)
            && !st.core.passive[other(p)]
            && self.has(st, t, BRIDGE)
            && self.has_room(st, other(p), Row::Vault)
        {
            st.phase = Phase::Dodge {
                attacker: card,
                target: t,
            };
            return Ok(());
        }
        self.strike(st, card, target);
        Ok(())
    }

    /// Bridge: the attacked card dodges into the Vault, or takes the attack.
    pub(super) fn dodge(&self, st: &mut State, attacker: u16, target: u16, dodge: bool) {
        st.phase = Phase::Validate;
        if dodge {
            let o = self.owner(target);
            st.core
                .zones
                .move_copy(z(o, Zone::Altar), target, z(o, Zone::Vault), At::Top);
            st.core.note(o, "dodges into the Vault", Some(target), None);
        } else {
            self.strike(st, attacker, target.into());
        }
    }

    /// An attack lands.
    fn strike(&self, st: &mut State, a: u16, target: Option<u16>) {
        let p = self.owner(a);
        let o = other(p);
        let Some(t) = target else {
            // DIRECT ATTACK: the full ATK, no DEF reduction
            let dmg = self.atk_of(st, a).max(1);
            self.hit_life(st, p, o, dmg, a);
            if !st.core.over() {
                self.drain(st, a, dmg);
                self.fire(st, a, |d| &d.on_hit, None);
            }
            return;
        };
        if self.row_of(st, t).is_none() {
            // gone before the attack landed
            return;
        }
        let dmg = self.attack_damage(st, a, t);
        st.core.note(p, "hits", Some(t), Some(dmg));
        let h = self.damage_card(st, t, dmg);
        if h.dealt == 0 {
            return;
        }
        if h.ko && h.excess > 0 {
            // PIERCE: overflow damage carries through to Life
            st.core.note(p, "pierce", Some(a), Some(h.excess));
            st.core.damage(o, h.excess);
        }
        let counted = match self.options.exact_damage_count {
            ExactDamageCount::Capped => h.to_card + h.excess,
            ExactDamageCount::Full => h.dealt,
        };
        self.count(st, p, counted);
        if st.core.over() {
            return;
        }
        self.drain(st, a, h.to_card + h.excess);
        self.fire(st, a, |d| &d.on_hit, Some(Ref::Card(t)));
        if h.ko && !st.core.over() {
            self.fire(st, a, |d| &d.on_kill, Some(Ref::Card(t)));
        }
    }

    /// Drain: the attacker heals the damage it dealt (FZ §6.8).
    fn drain(&self, st: &mut State, a: u16, amount: i32) {
        if amount <= 0 || self.row_of(st, a).is_none() || !self.has(st, a, DRAIN) {
            return;
        }
        let d = &mut st.damage[usize::from(a)];
        let healed = i32::from(*d) - amount;
        *d = match self.options.drain_cap {
            DrainCap::PrintedHp => healed.max(0),
            DrainCap::None => healed,
        }
        .clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16;
        st.core.note(self.owner(a), "drains", Some(a), Some(amount));
    }

    /// Damage to a card on the field: its Shield first, then HP; at 0 HP it
    /// is KO'd (FZ §6.12).
    pub fn damage_card(&self, st: &mut State, c: u16, n: i32) -> Hurt {
        if n <= 0 {
            return Hurt::default();
        }
        if self.shield_up(st, c) {
            st.flags[usize::from(c)] |= SHIELDED;
            st.core
                .note(self.owner(c), "shield takes it", Some(c), Some(n));
            return Hurt::default();
        }
        let rem = self.remaining(st, c).max(0);
        let d = &mut st.damage[usize::from(c)];
        *d = (i32::from(*d) + n).min(i32::from(i16::MAX)) as i16;
        let h = Hurt {
            dealt: n,
            to_card: n.min(rem),
            excess: (n - rem).max(0),
            ko: n >= rem,
        };
        if h.ko {
            self.ko(st, c);
        }
        h
    }

    /// Damage to a player's Life by player `by` (counted toward THE 589
    /// when it is the opponent's).
    pub fn hit_life(&self, st: &mut State, by: usize, p: usize, n: i32, source: u16) {
        if n <= 0 || st.core.over() {
            return;
        }
        st.core.note(by, "damage by", Some(source), Some(n));
        st.core.damage(p, n);
        if by != p {
            self.count(st, by, n);
        }
    }

    /// THE 589: player `p`'s damage in all; exactly 589 wins.
    pub fn count(&self, st: &mut State, p: usize, n: i32) {
        if n <= 0 {
            return;
        }
        st.dealt[p] = st.dealt[p].saturating_add(n as u32);
        if st.dealt[p] == self.setup.exact_damage_win && !st.core.over() {
            st.core
                .note(p, "the prophecy is fulfilled", None, Some(589));
            st.core.win(p, "the 589");
        }
    }

    /// Knocked Out: to the discard pile with its Equip Relics; then their On
    /// KO abilities and its own.
    pub fn ko(&self, st: &mut State, c: u16) {
        let p = self.owner(c);
        let Some(row) = self.row_of(st, c) else {
            return;
        };
        let silenced = self.silenced(st, c);
        st.core
            .zones
            .move_copy(z(p, row.zone()), c, z(p, Zone::Discard), At::Top);
        st.core.note(p, "KO", Some(c), None);
        let equipped = z(p, Zone::Equipped);
        while let Some(i) = st
            .core
            .zones
            .get(equipped)
            .iter()
            .position(|&e| st.host[usize::from(e)] == c)
        {
            let e = st
                .core
                .zones
                .move_card(equipped, i, z(p, Zone::Discard), At::Top);
            st.host[usize::from(e)] = NONE;
            st.core.lasting.left_play(e);
            let list = &self.def(e).on_ko;
            if !silenced && !list.is_empty() {
                self.run(st, e, list, None, Some(Ref::Card(c)));
            }
        }
        st.core.lasting.left_play(c);
        let i = usize::from(c);
        st.damage[i] = 0;
        st.flags[i] = 0;
        st.grant[i] = Default::default();
        let list = &self.def(c).on_ko;
        if !silenced && !list.is_empty() && !st.core.over() {
            self.run(st, c, list, None, Some(Ref::Card(c)));
        }
    }

    /// A moment of play for `c`: its abilities for it (unless silenced) and
    /// those of the Equip Relics on it.
    fn fire(
        &self,
        st: &mut State,
        c: u16,
        which: fn(&super::Def) -> &Vec<Ability>,
        subject: Option<Ref>,
    ) {
        if !self.has_triggers || self.silenced(st, c) {
            return;
        }
        let list = which(self.def(c));
        if !list.is_empty() {
            self.run(st, c, list, None, subject);
        }
        let p = self.owner(c);
        let mut i = 0;
        while i < st.core.zones.len(z(p, Zone::Equipped)) && !st.core.over() {
            let e = st.core.zones.get(z(p, Zone::Equipped))[i];
            if st.host[usize::from(e)] == c {
                let list = which(self.def(e));
                if !list.is_empty() {
                    self.run(st, e, list, None, subject);
                }
            }
            i += 1;
        }
    }
}
