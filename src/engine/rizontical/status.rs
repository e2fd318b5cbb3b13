//! Stats, conditions (Buffs, Debuffs, Statuses), Protection, DMG, defeat,
//! Deploy Upon Defeat and the win checks.
//!
//! - A stat is the printed value, plus the static effects in play that
//!   cover the Fighter (Auras on it, Permanents, the Numen's Enchantment,
//!   PASSIVE skills), plus its lasting changes; capped 0..=10 (Speed and
//!   Weakness/Resistance never change).
//! - Conditions: at most 4 different ones per Fighter and never two copies
//!   of one; Invincible at most once per player; an immunity ("can't get the
//!   Poison status") refuses the status. A positive lasting stat change is a
//!   Buff, a negative one a Debuff.
//! - DMG to an entity: none while its dealer plays the game's first turn
//!   (RZ §6.7); "about to take DMG" triggers; Invincible takes none; Shield
//!   negates it once; Protection absorbs before HP; Burned then deals 1 more
//!   (even after 0). HP 0: "would be defeated" triggers, else it is defeated:
//!   Fighter void, its Auras to the Power void, a Soul for the opponent,
//!   "is defeated" triggers, then Deploy Upon Defeat and the win checks.

use super::cards::{Def, STATIC_ELEMENTS, STATIC_KEYWORD, STATIC_OTHER, STATIC_STATUS, bits};
use super::{
    Answer, COUNTER_CAP, MAX_CONDITIONS, NO_CELL, NONE, Rizontical, SLOTS, State, Zone, z,
};
use crate::engine::core::{At, Outcome};
use crate::engine::effect::interp::{Ctx, Ref};
use crate::engine::effect::lasting::{Change, Holder};
use crate::engine::effect::{
    Ability, Event, Keyword, Kind, Reach, Stat, Status, Target, Trigger, Verb, Who,
};

/// "Stats value limit is 10 (except Speed which is 20)".
pub const STAT_CAP: i16 = 10;

/// What kind of DMG is dealt (for the first-turn rule, Burned and reports).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dmg {
    Hit,
    Push,
    /// Power, ability and non-SPELL skill DMG.
    Effect,
    /// Burned and Poison: dealt by no player.
    Status,
}

/// Who deals status DMG (no player).
pub const NOBODY: usize = 2;

/// The entities a [`Sheet`] holds: every Fighter slot, and Summons.
const SHEET: usize = 2 * SLOTS + 8;

/// The stats a [`Sheet`] holds, in its order: the five of
/// [`Rizontical::stat_atk`] to [`Rizontical::stat_psh`], then
/// [`Rizontical::extra_damage`].
pub const SHEET_STATS: [Stat; 6] = [
    Stat::Atk,
    Stat::Def,
    Stat::Mp,
    Stat::Range,
    Stat::Push,
    Stat::ExtraDamage,
];

/// Places in [`SHEET_STATS`].
const ATK: usize = 0;
const DEF: usize = 1;
const EXTRA: usize = 5;

/// The stats and hit elements of the entities on the board of one table
/// ([`Rizontical::sheet`]), each as its own read gives it.
#[derive(Clone, Debug)]
pub struct Sheet {
    n: usize,
    ents: [u16; SHEET],
    stats: [[i16; SHEET_STATS.len()]; SHEET],
    elements: [[u16; 8]; SHEET],
    n_elements: [u8; SHEET],
    /// What each entity's hits are for Weakness and Resistance: each of
    /// its hit elements with each of its types, once ([`MASKS_OVER`] when
    /// there are more than [`MASKS`]: its hits are then read as
    /// [`Rizontical::hit_damage`] reads them).
    masks: [[u16; MASKS]; SHEET],
    n_masks: [u8; SHEET],
    /// Each entity's Weakness and Resistance: bits, then values.
    weak: [(u16, u16, i16, i16); SHEET],
    /// A static in play covers the entities around its source: the sheet
    /// holds only for the table it was read on, not one where an entity
    /// stands elsewhere.
    pub positional: bool,
}

/// The element-and-type pairs a [`Sheet`] keeps per entity.
const MASKS: usize = 8;
/// More pairs than [`MASKS`].
const MASKS_OVER: u8 = u8::MAX;

impl Sheet {
    fn at(&self, e: u16) -> Option<usize> {
        self.ents[..self.n].iter().position(|&x| x == e)
    }
}

/// A stat from its printed value, its static changes and its lasting ones:
/// capped 0..=[`STAT_CAP`].
fn capped(printed: i16, statics: i16, lasting: i16) -> i16 {
    (printed + statics + lasting).clamp(0, STAT_CAP)
}

/// Extra DMG from its static changes and its lasting Buff (the Buff's value
/// capped at [`COUNTER_CAP`] either way).
fn extra_of(statics: i16, lasting: i16) -> i16 {
    lasting.clamp(-COUNTER_CAP, COUNTER_CAP) + statics
}

/// Weakness and Resistance of Fighter `f` for a hit or DMG of `hit` bits.
fn affinity_of(f: &super::cards::Fighter, hit: u16, dmg: i16) -> i16 {
    affinity_bits((f.weak_to, f.resist_to, f.weakness, f.resistance), hit, dmg)
}

/// [`affinity_of`] with the Fighter's Weakness and Resistance: bits, then
/// values.
fn affinity_bits(
    (weak_to, resist_to, weakness, resistance): (u16, u16, i16, i16),
    hit: u16,
    dmg: i16,
) -> i16 {
    let mut d = dmg;
    if hit & weak_to != 0 {
        d += weakness;
    }
    if hit & resist_to != 0 {
        d -= resistance;
    }
    d.max(0)
}

impl Rizontical {
    /// Calls `f` with every static ability in play whose source can change
    /// something `want` names ([`super::cards::statics_mask`] bits), with its source and
    /// controller, until `f` returns true; says whether it did. The
    /// statics in play: Auras and Permanents in Power slots, Numen
    /// Enchantments, PASSIVE skills of Fighters on the board (in that
    /// order, player 0's first). Plain loops, and a source whose bits miss
    /// `want` is skipped unread: a quick game reads stats millions of
    /// times.
    pub fn any_static(
        &self,
        st: &State,
        want: u32,
        mut f: impl FnMut(u16, usize, &Ability) -> bool,
    ) -> bool {
        if self.statics & want == 0 {
            return false;
        }
        for zone in [Zone::Powers, Zone::Numen] {
            for p in 0..2 {
                for &c in st.core.zones.get(z(p, zone)) {
                    // the card's bits (its Power's or Numen's statics) first:
                    // most sources change nothing wanted
                    if self.def_statics[usize::from(self.table.def_index(c))] & want == 0 {
                        continue;
                    }
                    let abilities = match (zone, self.def(c)) {
                        (Zone::Powers, Def::Power(pw)) => &pw.abilities,
                        (Zone::Numen, Def::Numen(n)) => &n.enchantment,
                        _ => continue,
                    };
                    for a in abilities {
                        if a.trigger == Trigger::Static && f(c, p, a) {
                            return true;
                        }
                    }
                }
            }
        }
        for p in 0..2 {
            for &e in &st.slots[p] {
                if e == NONE {
                    continue;
                }
                let fighter = self.fighter(st, e);
                if fighter.statics & want == 0 {
                    continue;
                }
                for (i, s) in fighter.skills.iter().enumerate() {
                    if s.ability.trigger == Trigger::Static
                        && (s.time == 0 || st.skill_time[usize::from(e)][i] > 0)
                        && f(e, p, &s.ability)
                    {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Whether a static target of `ctx`'s source covers entity `e`.
    pub fn covers(&self, st: &State, ctx: &Ctx, target: &Target, e: u16) -> bool {
        match *target {
            Target::This => ctx.source == e,
            Target::Attached => {
                usize::from(ctx.source) < st.aura_on.len()
                    && st.aura_on[usize::from(ctx.source)] == e
            }
            Target::Each { who, kind } => self.who_is(st, ctx, who, e) && self.kind_is(st, kind, e),
            Target::You => false,
            _ => false,
        }
    }

    /// Whether entity `e` is `who` for `ctx`'s controller and source.
    pub fn who_is(&self, st: &State, ctx: &Ctx, who: Who, e: u16) -> bool {
        let mine = self.owner(e) == ctx.controller;
        match who {
            Who::Ally => mine,
            Who::OtherAlly => mine && e != ctx.source,
            Who::Enemy => !mine,
            Who::This => e == ctx.source,
            Who::Attached => {
                usize::from(ctx.source) < st.aura_on.len()
                    && st.aura_on[usize::from(ctx.source)] == e
            }
            Who::AllyAround => {
                mine && e != ctx.source
                    && self.around(
                        st.cell[usize::from(ctx.source).min(st.cell.len() - 1)],
                        st.cell[usize::from(e)],
                    )
            }
            Who::Any => true,
            Who::You | Who::Opponent => false,
        }
    }

    /// Whether entity `e` is of `kind` ("Entity = A Fighter or a Summon";
    /// Summons "are also considered as entities and can be hit, pushed or
    /// targeted by applicable effects", and "as Powers": never Fighters).
    pub fn kind_is(&self, st: &State, kind: Kind, e: u16) -> bool {
        let summon = self.is_summon(e);
        match kind {
            Kind::Entity | Kind::Any => true,
            Kind::Summon | Kind::Power => summon,
            Kind::Fighter => !summon,
            Kind::FighterOf { .. } if summon => false,
            Kind::FighterOf { element } => {
                let bit = bits::element(element);
                self.fighter(st, e).is(bit)
                    || (bit != bits::NEUTRAL
                        && self.has_static(st, e, STATIC_ELEMENTS, |v| *v == Verb::AllElements))
            }
            _ => false,
        }
    }

    /// Whether a static effect in play gives `e` a step `pick` selects,
    /// among the steps of the kinds `want` names ([`super::cards::statics_mask`] bits).
    pub fn has_static(&self, st: &State, e: u16, want: u32, pick: impl Fn(&Verb) -> bool) -> bool {
        self.any_static(st, want, |src, p, a| {
            let ctx = Ctx::new(src, p);
            a.steps
                .iter()
                .any(|s| pick(&s.verb) && self.covers(st, &ctx, &s.target, e))
        })
    }

    /// The sum of the static changes to `stat` that cover `e`.
    pub fn static_stat(&self, st: &State, e: u16, stat: Stat) -> i16 {
        let mut sum = 0i16;
        self.any_static(st, 1 << stat as u32, |src, p, a| {
            let ctx = Ctx::new(src, p);
            for s in &a.steps {
                if let Verb::Modify { stat: s2, delta } = s.verb
                    && s2 == stat
                    && self.covers(st, &ctx, &s.target, e)
                {
                    sum += i16::from(delta);
                }
            }
            false
        });
        sum
    }

    fn stat_of(&self, st: &State, e: u16, stat: Stat, printed: i16) -> i16 {
        capped(
            printed,
            self.static_stat(st, e, stat),
            st.core.lasting.stat(e, stat) as i16,
        )
    }

    pub fn stat_atk(&self, st: &State, e: u16) -> i16 {
        self.stat_of(st, e, Stat::Atk, self.fighter(st, e).atk)
    }
    pub fn stat_def(&self, st: &State, e: u16) -> i16 {
        self.stat_of(st, e, Stat::Def, self.fighter(st, e).def)
    }
    pub fn stat_mp(&self, st: &State, e: u16) -> i16 {
        self.stat_of(st, e, Stat::Mp, self.fighter(st, e).mp)
    }
    pub fn stat_ra(&self, st: &State, e: u16) -> i16 {
        self.stat_of(st, e, Stat::Range, self.fighter(st, e).range)
    }
    pub fn stat_psh(&self, st: &State, e: u16) -> i16 {
        self.stat_of(st, e, Stat::Push, self.fighter(st, e).push)
    }

    /// Extra DMG `e`'s hits deal: the Hit DMG Dealt Buff and static "deal 1
    /// extra DMG" (Buff value at most 6).
    pub fn extra_damage(&self, st: &State, e: u16) -> i16 {
        extra_of(
            self.static_stat(st, e, Stat::ExtraDamage),
            st.core.lasting.stat(e, Stat::ExtraDamage) as i16,
        )
    }

    /// Whether `e` has a keyword (its PASSIVE skills, statics, lasting).
    pub fn has_keyword(&self, st: &State, e: u16, k: Keyword) -> bool {
        if let Some((gain, _)) = st.core.lasting.keyword(e, k) {
            return gain;
        }
        self.has_static(
            st,
            e,
            STATIC_KEYWORD,
            |v| matches!(v, Verb::Keyword { keyword, gain: true, .. } if *keyword == k),
        )
    }

    #[inline]
    pub fn has_status(&self, st: &State, e: u16, s: Status) -> bool {
        st.core.lasting.has_status(Holder::Card(e), s)
            || self.has_static(
                st,
                e,
                STATIC_STATUS,
                |v| matches!(v, Verb::Give { status } if *status == s),
            )
    }

    /// The hit's element choices of `e`: its elements, plus what Auras add
    /// (at most 8 choices; no allocation, the policy asks this often).
    pub fn hit_elements(&self, st: &State, e: u16) -> ([u16; 8], usize) {
        let mut out = [0u16; 8];
        let mut n = 0;
        for &b in &self.fighter(st, e).elements {
            if n < out.len() {
                out[n] = b;
                n += 1;
            }
        }
        self.any_static(st, STATIC_ELEMENTS, |src, p, a| {
            let ctx = Ctx::new(src, p);
            for s in &a.steps {
                let bit = match &s.verb {
                    Verb::AllElements => bits::AKASHA_HIT,
                    Verb::HitElement { element } => bits::of(element),
                    _ => continue,
                };
                if n < out.len() && self.covers(st, &ctx, &s.target, e) {
                    out[n] = bit;
                    n += 1;
                }
            }
            false
        });
        (out, n)
    }

    /// Weakness and Resistance for a hit or DMG of `hit` bits.
    fn affinity(&self, st: &State, target: u16, hit: u16, dmg: i16) -> i16 {
        affinity_of(self.fighter(st, target), hit, dmg)
    }

    /// Hit DMG (combat phase steps 1-3): ATK − DEF floored at 0, then the
    /// attacker's best element and type against Weakness and Resistance,
    /// then Buffs, Debuffs and extra DMG.
    pub fn hit_damage(&self, st: &State, attacker: u16, target: u16) -> i16 {
        let (elements, n) = self.hit_elements(st, attacker);
        self.hit_of(
            st,
            attacker,
            target,
            self.stat_atk(st, attacker) - self.stat_def(st, target),
            &elements[..n],
            self.extra_damage(st, attacker),
        )
    }

    /// [`Self::hit_damage`] from the attacker's ATK less the target's DEF,
    /// its hit elements and its extra DMG.
    fn hit_of(
        &self,
        st: &State,
        attacker: u16,
        target: u16,
        atk_less_def: i16,
        elements: &[u16],
        extra: i16,
    ) -> i16 {
        let base = atk_less_def.max(0);
        let types = &self.fighter(st, attacker).types;
        // the target's Fighter looked up once, not at each element and type
        let f = self.fighter(st, target);
        let mut best = 0;
        for &e in elements {
            for b in bits::singles(e) {
                for &t in types {
                    best = best.max(affinity_of(f, b | t, base));
                }
            }
        }
        (best + extra).max(0)
    }

    /// The elements `attacker`'s owner may deal its hit on `target` with
    /// ("When a Fighter have more than 1 elements its owner chooses which
    /// element to apply during damage calculation"; Akasha is any one
    /// element, rules-notes RZ 17), each once with the Hit DMG it deals,
    /// the most DMG first; `n` of them.
    pub fn element_choices(
        &self,
        st: &State,
        attacker: u16,
        target: u16,
    ) -> ([(u16, i16); 8], usize) {
        let (elements, n) = self.hit_elements(st, attacker);
        let mut out = [(0u16, 0i16); 8];
        let mut k = 0;
        let atk_less_def = self.stat_atk(st, attacker) - self.stat_def(st, target);
        let extra = self.extra_damage(st, attacker);
        for &e in &elements[..n] {
            for b in bits::singles(e) {
                if k < out.len() && !out[..k].iter().any(|&(x, _)| x == b) {
                    out[k] = (
                        b,
                        self.hit_of(st, attacker, target, atk_less_def, &[b], extra),
                    );
                    k += 1;
                }
            }
        }
        out[..k].sort_by_key(|&(b, d)| (std::cmp::Reverse(d), b));
        (out, k)
    }

    /// The Hit DMG of `attacker` on `target` dealt with the element `bit`.
    pub fn hit_damage_with(&self, st: &State, attacker: u16, target: u16, bit: u16) -> i16 {
        self.hit_of(
            st,
            attacker,
            target,
            self.stat_atk(st, attacker) - self.stat_def(st, target),
            &[bit],
            self.extra_damage(st, attacker),
        )
    }

    /// Every stat of every entity on the board, read in one walk of the
    /// statics in play (a stat read walks them all: the quick player reads
    /// dozens a decision).
    pub fn sheet(&self, st: &State) -> Sheet {
        let mut sh = Sheet {
            n: 0,
            ents: [NONE; SHEET],
            stats: [[0; SHEET_STATS.len()]; SHEET],
            elements: [[0; 8]; SHEET],
            n_elements: [0; SHEET],
            masks: [[0; MASKS]; SHEET],
            n_masks: [0; SHEET],
            weak: [(0, 0, 0, 0); SHEET],
            positional: false,
        };
        let summons = (0..2).flat_map(|p| self.summons_of(st, p));
        for e in (0..2)
            .flat_map(|p| st.slots[p].iter().copied())
            .filter(|&e| e != NONE)
            .chain(summons)
        {
            if sh.n == SHEET {
                break;
            }
            let i = sh.n;
            sh.ents[i] = e;
            for &b in &self.fighter(st, e).elements {
                let k = usize::from(sh.n_elements[i]);
                if k < 8 {
                    sh.elements[i][k] = b;
                    sh.n_elements[i] += 1;
                }
            }
            sh.n += 1;
        }
        let want = SHEET_STATS
            .iter()
            .fold(STATIC_ELEMENTS, |m, &s| m | 1 << s as u32);
        // a source whose bits miss `want` has no step the sheet reads (nor
        // one that makes it positional): statics_mask sets a stat's bit for
        // every Modify of it, and STATIC_ELEMENTS for every element step
        self.any_static(st, want, |src, p, a| {
            let ctx = Ctx::new(src, p);
            for s in &a.steps {
                let read = match s.verb {
                    Verb::Modify { stat, .. } => SHEET_STATS.contains(&stat),
                    Verb::AllElements | Verb::HitElement { .. } => true,
                    _ => false,
                };
                if read
                    && matches!(
                        s.target,
                        Target::Each {
                            who: Who::AllyAround,
                            ..
                        }
                    )
                {
                    sh.positional = true;
                }
                match s.verb {
                    Verb::Modify { stat, delta } => {
                        let Some(k) = SHEET_STATS.iter().position(|&x| x == stat) else {
                            continue;
                        };
                        for i in 0..sh.n {
                            if self.covers(st, &ctx, &s.target, sh.ents[i]) {
                                sh.stats[i][k] += i16::from(delta);
                            }
                        }
                    }
                    Verb::AllElements | Verb::HitElement { .. } => {
                        let bit = match &s.verb {
                            Verb::HitElement { element } => bits::of(element),
                            _ => bits::AKASHA_HIT,
                        };
                        for i in 0..sh.n {
                            let k = usize::from(sh.n_elements[i]);
                            if k < 8 && self.covers(st, &ctx, &s.target, sh.ents[i]) {
                                sh.elements[i][k] = bit;
                                sh.n_elements[i] += 1;
                            }
                        }
                    }
                    _ => {}
                }
            }
            false
        });
        // the lasting changes, in one pass (as `Lasting::stat` sums them)
        let mut lasting = [[0i32; SHEET_STATS.len()]; SHEET];
        for l in st.core.lasting.iter() {
            if let Holder::Card(c) = l.holder
                && let Change::Stat { stat, delta } = l.change
                && let Some(k) = SHEET_STATS.iter().position(|&x| x == stat)
                && let Some(i) = sh.at(c)
            {
                lasting[i][k] += i32::from(delta);
            }
        }
        for i in 0..sh.n {
            let e = sh.ents[i];
            let f = self.fighter(st, e);
            sh.weak[i] = (f.weak_to, f.resist_to, f.weakness, f.resistance);
            'pairs: for b in sh.elements[i][..usize::from(sh.n_elements[i])]
                .iter()
                .flat_map(|&e| bits::singles(e))
            {
                for &t in &f.types {
                    let m = b | t;
                    let n = usize::from(sh.n_masks[i]);
                    if sh.masks[i][..n].contains(&m) {
                        continue;
                    }
                    if n == MASKS {
                        sh.n_masks[i] = MASKS_OVER;
                        break 'pairs;
                    }
                    sh.masks[i][n] = m;
                    sh.n_masks[i] += 1;
                }
            }
            let printed = [f.atk, f.def, f.mp, f.range, f.push];
            for (k, &stat) in SHEET_STATS.iter().enumerate() {
                let lasting = lasting[i][k] as i16;
                sh.stats[i][k] = if stat == Stat::ExtraDamage {
                    extra_of(sh.stats[i][k], lasting)
                } else {
                    capped(printed[k], sh.stats[i][k], lasting)
                };
            }
        }
        sh
    }

    /// A stat of `e` (one of [`SHEET_STATS`]) from `sheet` when there is
    /// one and it holds `e`, else read.
    pub fn stat_in(&self, st: &State, sheet: Option<&Sheet>, e: u16, stat: Stat) -> i16 {
        let held = sheet.and_then(|sh| Some((sh, sh.at(e)?)));
        match (held, SHEET_STATS.iter().position(|&x| x == stat)) {
            (Some((sh, i)), Some(k)) => sh.stats[i][k],
            _ => match stat {
                Stat::Atk => self.stat_atk(st, e),
                Stat::Def => self.stat_def(st, e),
                Stat::Mp => self.stat_mp(st, e),
                Stat::Range => self.stat_ra(st, e),
                Stat::Push => self.stat_psh(st, e),
                Stat::ExtraDamage => self.extra_damage(st, e),
                _ => self.static_stat(st, e, stat),
            },
        }
    }

    /// [`Self::hit_damage`] with the stats `sheet` holds, when given.
    pub fn hit_damage_in(
        &self,
        st: &State,
        sheet: Option<&Sheet>,
        attacker: u16,
        target: u16,
    ) -> i16 {
        let Some(sheet) = sheet else {
            return self.hit_damage(st, attacker, target);
        };
        let (Some(a), Some(t)) = (sheet.at(attacker), sheet.at(target)) else {
            return self.hit_damage(st, attacker, target);
        };
        if sheet.n_masks[a] != MASKS_OVER {
            // as hit_of: the best pair against the target, then extra DMG
            let base = (sheet.stats[a][ATK] - sheet.stats[t][DEF]).max(0);
            let best = sheet.masks[a][..usize::from(sheet.n_masks[a])]
                .iter()
                .map(|&m| affinity_bits(sheet.weak[t], m, base))
                .max()
                .unwrap_or(0);
            return (best + sheet.stats[a][EXTRA]).max(0);
        }
        self.hit_of(
            st,
            attacker,
            target,
            sheet.stats[a][ATK] - sheet.stats[t][DEF],
            &sheet.elements[a][..usize::from(sheet.n_elements[a])],
            sheet.stats[a][EXTRA],
        )
    }

    /// [`Self::in_range`] with the attacker's RA from `sheet`, when given.
    pub fn in_range_in(
        &self,
        st: &State,
        sheet: Option<&Sheet>,
        attacker: u16,
        from: u8,
        cell: u8,
    ) -> bool {
        let d = self.distance(from, cell);
        if d <= 1 {
            return d == 1;
        }
        d <= self.stat_in(st, sheet, attacker, Stat::Range).max(1)
            && self.clear_line(st, from, cell)
    }

    /// Power and ability DMG of an element (Variables 2: Weakness, Resistance).
    /// An Akasha DMG is one element of its owner's choice (rules-notes RZ
    /// 17): the one that deals the most.
    pub fn element_damage(&self, st: &State, target: u16, n: i16, element: u16) -> i16 {
        let types = element & !bits::AKASHA_HIT & !bits::NEUTRAL;
        bits::singles(element)
            .map(|b| self.affinity(st, target, b | types, n))
            .max()
            .unwrap_or_else(|| self.affinity(st, target, element, n))
    }

    /// The conditions `e` holds: statuses and lasting stat changes.
    fn conditions(&self, st: &State, e: u16) -> usize {
        let mut seen: [Option<Change>; 16] = [None; 16];
        let mut n = 0;
        for l in st.core.lasting.iter() {
            if l.holder != Holder::Card(e) {
                continue;
            }
            let key = match l.change {
                Change::Stat { stat, delta } => Change::Stat {
                    stat,
                    delta: delta.signum(),
                },
                c => c,
            };
            if !seen[..n.min(16)].contains(&Some(key)) && n < 16 {
                seen[n] = Some(key);
                n += 1;
            }
        }
        n
    }

    /// Whether `e` may take a Buff on `stat` moved onto it: it has one
    /// already (the value adds to it), or room for one more condition.
    pub fn takes_buff(&self, st: &State, e: u16, stat: Stat) -> bool {
        let has = st.core.lasting.iter().any(|l| {
            l.holder == Holder::Card(e)
                && matches!(l.change, Change::Stat { stat: s, delta } if s == stat && delta > 0)
        });
        has || self.conditions(st, e) < MAX_CONDITIONS
    }

    /// Whether entity `on` may take `change` now (see the module docs).
    pub fn allows(&self, st: &State, on: Ref, change: &Change) -> bool {
        let Ref::Card(e) = on else { return true };
        if usize::from(e) >= st.cell.len() || st.cell[usize::from(e)] == NO_CELL {
            return false;
        }
        let owner = self.owner(e);
        if let Change::Status(s) = change {
            if self.has_status(st, e, *s) {
                return false;
            }
            if self.has_static(
                st,
                e,
                STATIC_OTHER,
                |v| matches!(v, Verb::Immune { status } if status == s),
            ) {
                return false;
            }
            if *s == Status::Invincible
                && st.slots[owner]
                    .iter()
                    .any(|&o| o != NONE && self.has_status(st, o, Status::Invincible))
            {
                return false;
            }
        }
        let same = st.core.lasting.iter().any(|l| {
            l.holder == Holder::Card(e)
                && match (l.change, change) {
                    (Change::Stat { stat: a, delta: x }, Change::Stat { stat: b, delta: y }) => {
                        a == *b && x.signum() == y.signum()
                    }
                    _ => false,
                }
        });
        !same && self.conditions(st, e) < MAX_CONDITIONS
    }

    /// Deals ("hurts") `n` DMG of `kind` to entity `e`, from player `by` (see the
    /// module docs). Returns the HP it lost.
    pub fn hurt(&self, st: &mut State, by: usize, e: u16, n: i16, kind: Dmg) -> i16 {
        let i = usize::from(e);
        if e == NONE || i >= st.cell.len() || st.cell[i] == NO_CELL || st.core.over() {
            return 0;
        }
        if st.no_damage && by == st.core.active && st.phase == super::Phase::Turn {
            return 0;
        }
        if self.waits_for(Event::AboutToTakeDamage) && kind != Dmg::Status {
            let saved = st.hit_negated;
            st.hit_negated = false;
            self.fire(st, Event::AboutToTakeDamage, e, NONE);
            let negated = st.hit_negated;
            st.hit_negated = saved;
            if negated {
                self.note(st, self.owner(e), "DMG negated on", e, Some(i32::from(n)));
                return 0;
            }
        }
        if self.has_status(st, e, Status::Invincible) {
            return 0;
        }
        let mut lost = 0;
        if n > 0 {
            if st
                .core
                .lasting
                .remove_status(Holder::Card(e), Status::Shield)
            {
                self.note(
                    st,
                    self.owner(e),
                    "Shield negates the DMG to",
                    e,
                    Some(i32::from(n)),
                );
                return 0;
            }
            let absorbed = st.protection[i].min(n);
            st.protection[i] -= absorbed;
            lost = n - absorbed;
            st.hp[i] -= lost;
            if by == 0 && self.owner(e) == 1 {
                st.core.trace.add_damage(i32::from(lost));
            }
            self.note(st, self.owner(e), "DMG taken by", e, Some(i32::from(lost)));
        }
        if kind != Dmg::Status && self.has_status(st, e, Status::Burned) && st.hp[i] > 0 {
            lost += self.hurt(st, NOBODY, e, 1, Dmg::Status);
        }
        if st.hp[i] <= 0 && st.cell[i] != NO_CELL {
            self.fire(st, Event::WouldBeDefeated, e, NONE);
            if st.hp[i] <= 0 {
                self.defeat(st, e);
            }
        }
        lost
    }

    /// Orders `entities` by the Speed Rule (rulebook P4: "Priority
    /// according to the Timeline order and the highest Speed Fighter on
    /// that slot. If it's a tie, the one with the highest remaining HP"),
    /// as every effect on several entities applies it (P12 "DMG Dealing
    /// Order"): the lower timeline slot first, then the First status
    /// before none before Last, the higher Speed, the higher HP; an entity
    /// in no slot (a Summon) after the Fighters; a full tie keeps the
    /// board's order.
    pub fn speed_order(&self, st: &State, entities: &mut [u16]) {
        if entities.len() < 2 {
            return;
        }
        entities.sort_by_key(|&e| {
            let slot = self.slot_of(st, e).map_or(usize::MAX, |(_, s)| s);
            let flag: i8 = if self.has_status(st, e, Status::First) {
                0
            } else if self.has_status(st, e, Status::Last) {
                2
            } else {
                1
            };
            (
                slot,
                flag,
                std::cmp::Reverse(self.fighter(st, e).speed),
                std::cmp::Reverse(st.hp[usize::from(e)]),
            )
        });
    }

    /// The slot entity `e` stands in.
    pub fn slot_of(&self, st: &State, e: u16) -> Option<(usize, usize)> {
        (0..2).find_map(|p| st.slots[p].iter().position(|&x| x == e).map(|s| (p, s)))
    }

    /// Defeats `e` (see the module docs).
    pub fn defeat(&self, st: &mut State, e: u16) {
        if st.cell[usize::from(e)] == NO_CELL {
            return;
        }
        let owner = self.owner(e);
        if self.is_summon(e) {
            // "They are defeated when their HP reaches 0 and are removed
            // from the board": a Summon is no Fighter (no Soul, no Deploy
            // Upon Defeat, no void: it is no card)
            self.lift(st, e);
            st.core.lasting.left_play(e);
            st.protection[usize::from(e)] = 0;
            self.note(st, owner, "loses the Summon", e, None);
            return;
        }
        let slot = self.slot_of(st, e).map(|(_, s)| s);
        self.lift(st, e);
        if let Some(s) = slot {
            st.slots[owner][s] = NONE;
        }
        st.core.lasting.left_play(e);
        st.protection[usize::from(e)] = 0;
        if !self.is_dummy(e) {
            st.core.zones.move_copy(
                z(owner, Zone::Fighters),
                e,
                z(owner, Zone::FighterVoid),
                At::Top,
            );
        }
        // Auras assigned to it go to the void (either player's)
        for p in 0..2 {
            let mut i = 0;
            while i < st.core.zones.len(z(p, Zone::Powers)) {
                let c = st.core.zones.get(z(p, Zone::Powers))[i];
                if st.aura_on[usize::from(c)] == e {
                    st.aura_on[usize::from(c)] = NONE;
                    st.core
                        .zones
                        .move_card(z(p, Zone::Powers), i, z(p, Zone::PowerVoid), At::Top);
                    continue;
                }
                i += 1;
            }
        }
        st.last_defeated_slot = slot;
        let foe = 1 - owner;
        st.souls[foe] = st.souls[foe].saturating_add(1);
        // "a: gains a Soul for defeating Kain (3)": the Souls it has now
        self.note(
            st,
            foe,
            "gains a Soul for defeating",
            e,
            Some(i32::from(st.souls[foe])),
        );
        self.fire(st, Event::Defeated, e, NONE);
        if let Some(s) = slot {
            self.deploy_upon_defeat(st, owner, s, e);
        }
        // the win checks come once the action has resolved: two last
        // Fighters defeated by one effect is a draw ("at the same time")
    }

    /// "Their owner may draw 1 Power and they may deploy a Fighter from their
    /// deck on the defeated Fighter's slot": whether to draw, whether to
    /// deploy, and where, are the owner's choices (RZ 14; the policy always
    /// draws: it costs nothing). The dummy redeploys only with
    /// `dummy_redeploys`.
    fn deploy_upon_defeat(&self, st: &mut State, p: usize, slot: usize, defeated: u16) {
        if st.core.over() {
            return;
        }
        if st.core.passive[p] {
            if p == 1
                && st.slots[p][slot] == NONE
                && self.options.dummy_redeploys
                && st.dummy_reserve > 0
            {
                st.dummy_reserve -= 1;
                self.redeploy_dummy(st, slot);
            }
            return;
        }
        // "may draw 1 Power": asked only when there is one to draw
        if !st.core.zones.is_empty(z(p, Zone::PowerDeck)) {
            let q = super::choices::Ask::DrawUponDefeat { fighter: defeated };
            if self.choose_for(st, p, q, |_, _| Answer::Yes) == Answer::Yes {
                st.core.draw(p, z(p, Zone::PowerDeck), z(p, Zone::Hand));
            }
        }
        if st.slots[p][slot] != NONE {
            // an effect already deployed on it (Eclipse Gate)
            return;
        }
        // "they may deploy": whether and where is the owner's choice (RZ 14)
        let q = super::choices::Ask::Deploy {
            slot: slot as u8,
            optional: true,
        };
        let a = self.choose_for(st, p, q, |r, st| super::policy::deploy_answer(r, st, p));
        self.deploy_answer(st, p, slot, a);
    }

    /// Deploys as `answer` says (nothing for [`Answer::No`]): the chosen
    /// Fighter, or the top one, into `slot` on the chosen cell.
    pub fn deploy_answer(&self, st: &mut State, p: usize, slot: usize, answer: Answer) -> bool {
        let Answer::Deploy { cell, fighter } = answer else {
            return false;
        };
        let deck = z(p, Zone::FighterDeck);
        let f = match fighter {
            Some(f) if st.core.zones.contains(deck, f) => Some(f),
            _ => st.core.zones.top(deck),
        };
        let free = usize::from(cell) < super::CELLS && st.board[usize::from(cell)] == NONE;
        match f {
            Some(f) if free && st.slots[p][slot] == NONE => {
                self.deploy(st, p, slot, cell, f);
                true
            }
            _ => false,
        }
    }

    /// Ends the game if a player has 6 Souls or no Fighter on the board.
    pub fn check_win(&self, st: &mut State) {
        if st.core.over() {
            return;
        }
        let turn = st.core.turn();
        let goal = self.setup.souls_to_win.min(255) as u8;
        let souls = [st.souls[0] >= goal, st.souls[1] >= goal];
        match souls {
            [true, true] => return st.core.end(Outcome::Draw { turn }),
            [true, false] => return st.core.win(0, "6 Souls"),
            [false, true] => return st.core.win(1, "the opponent has 6 Souls"),
            _ => {}
        }
        let on = |p: usize| st.slots[p].iter().any(|&e| e != NONE);
        match (on(0), on(1)) {
            (false, false) => st.core.end(Outcome::Draw { turn }),
            (true, false) => st.core.win(0, "no enemy Fighter on the board"),
            (false, true) => st.core.win(1, "no Fighter left on the board"),
            _ => {}
        }
        if st.core.over() {
            st.phase = super::Phase::Over;
        }
    }

    /// Whether `e`'s reach step covers `target` (chosen targets, Each
    /// targets with a reach).
    pub fn reaches(&self, st: &State, ctx: &Ctx, reach: Option<Reach>, target: u16) -> bool {
        self.reaches_in(st, None, ctx, reach, target)
    }

    /// [`Self::reaches`] with the RA `sheet` holds, when given.
    pub fn reaches_in(
        &self,
        st: &State,
        sheet: Option<&Sheet>,
        ctx: &Ctx,
        reach: Option<Reach>,
        target: u16,
    ) -> bool {
        let ra = |a: u16| self.stat_in(st, sheet, a, Stat::Range);
        let tc = st.cell[usize::from(target)];
        if tc == NO_CELL {
            return false;
        }
        let src = ctx.source;
        let src_cell = if usize::from(src) < st.cell.len() {
            st.cell[usize::from(src)]
        } else {
            NO_CELL
        };
        let allies = || {
            st.slots[ctx.controller]
                .iter()
                .copied()
                .filter(|&a| a != NONE && a != target)
        };
        match reach {
            None | Some(Reach::Unlimited) => true,
            Some(Reach::Range) => {
                src_cell != NO_CELL && self.in_range_in(st, sheet, src, src_cell, tc)
            }
            Some(Reach::Around) => self.around(src_cell, tc),
            Some(Reach::Cells { n }) => {
                src_cell != NO_CELL && self.distance(src_cell, tc) <= i16::from(n)
            }
            Some(Reach::AllyRange) => {
                allies().any(|a| self.distance(st.cell[usize::from(a)], tc) <= ra(a).max(1))
            }
            Some(Reach::AllyCells { n }) => {
                allies().any(|a| self.distance(st.cell[usize::from(a)], tc) <= i16::from(n))
            }
            Some(Reach::AroundAlly) => allies().any(|a| self.around(st.cell[usize::from(a)], tc)),
            Some(Reach::EnemyDeployZone) => self.in_zone(1 - ctx.controller, tc),
        }
    }

    /// The game's own state invariants.
    pub fn invariants_of(&self, st: &State) -> Result<(), String> {
        let mut seen = [false; super::CELLS];
        for p in 0..2 {
            for (s, &e) in st.slots[p].iter().enumerate() {
                if e == NONE {
                    continue;
                }
                let cell = st.cell[usize::from(e)];
                if cell == NO_CELL || st.board[usize::from(cell)] != e {
                    return Err(format!(
                        "{} in slot {} is not on the board",
                        self.name_of(e),
                        s + 1
                    ));
                }
                if seen[usize::from(cell)] {
                    return Err(format!("two entities on cell {cell}"));
                }
                seen[usize::from(cell)] = true;
                if self.owner(e) != p {
                    return Err(format!(
                        "{} sits in the other player's slot",
                        self.name_of(e)
                    ));
                }
                if !self.is_dummy(e) && !st.core.zones.contains(z(p, Zone::Fighters), e) {
                    return Err(format!(
                        "{} on the board is not in the Fighters zone",
                        self.name_of(e)
                    ));
                }
                // (a Fighter that "would be defeated" waits at 0 HP while
                // its player chooses whether a Trigger saves it)
                if st.hp[usize::from(e)] <= 0 && st.pending.is_none() {
                    return Err(format!("{} is on the board with no HP", self.name_of(e)));
                }
            }
            if st.core.zones.len(z(p, Zone::Fighters)) > SLOTS {
                return Err("more Fighters than slots".into());
            }
            for &c in st.core.zones.get(z(p, Zone::Fighters)) {
                if !st.slots[p].contains(&c) {
                    return Err(format!(
                        "{} is in the Fighters zone but in no slot",
                        self.name_of(c)
                    ));
                }
            }
            if st.core.zones.len(z(p, Zone::Powers)) > self.options.power_slots as usize {
                return Err("more Powers on the field than Power slots".into());
            }
        }
        for e in self.on_board(st).into_iter().filter(|&e| self.is_summon(e)) {
            let cell = usize::from(st.cell[usize::from(e)]);
            if st.board[cell] != e || seen[cell] {
                return Err(format!("{} is not alone on its cell", self.name_of(e)));
            }
            seen[cell] = true;
            if st.hp[usize::from(e)] <= 0 && st.pending.is_none() {
                return Err(format!("{} is on the board with no HP", self.name_of(e)));
            }
        }
        for (i, &e) in st.board.iter().enumerate() {
            if e != NONE && !seen[i] {
                return Err(format!("cell {i} holds an entity in no slot"));
            }
        }
        Ok(())
    }
}

/// The game's own state invariants (see [`Rizontical::invariants_of`]).
pub fn invariants(r: &Rizontical, st: &State) -> Result<(), String> {
    r.invariants_of(st)
}
