//! Dice of Destiny attacks: the roll and its rerolls, the defender's
//! blocks and forced rerolls, hits landing, life lost, the end of the game
//! and the tiebreak (§4, §5).

use super::{ATTACKED, DECLARED, DiceOfDestiny, Die, Phase, REACTED, RerollSource, State, Zone, z};
use crate::engine::core::{Illegal, Outcome, ensure, other, roll};
use crate::engine::effect::Status;
use crate::engine::effect::lasting::Holder;

impl DiceOfDestiny {
    /// The attackers are declared and `rerolls` with them (§4.6): the
    /// defender may answer with spells before the dice are rolled (§4.5,
    /// DD 9), else they are rolled at once.
    pub(super) fn declare_roll(&self, st: &mut State, rerolls: u8) -> Result<(), Illegal> {
        ensure(st.declared > 0, "DD §4.3", || {
            "declare at least one attacker".into()
        })?;
        let p = st.core.active;
        if rerolls > 0 {
            let left = self.usable_rerolls(st, p, st.declared);
            ensure(rerolls <= left, "DD 10", || {
                format!(
                    "{rerolls} rerolls declared but {} dice can use only {left} (each reroll effect rerolls different dice)",
                    st.declared
                )
            })?;
        }
        if self.can_respond(st, other(p)) {
            st.phase = Phase::Attack { rerolls };
        } else {
            self.roll_dice(st, rerolls);
        }
        Ok(())
    }

    /// Rolls one die per declared attacker still able to attack (one made a
    /// rubber duck in the meantime rolls nothing), each miss rerolled while
    /// the declared rerolls last — each source once per die (DD 10).
    pub(super) fn roll_dice(&self, st: &mut State, rerolls: u8) {
        st.phase = Phase::Main;
        let p = st.core.active;
        st.declared = 0;
        st.dice.clear();
        let sides = self.setup.die_sides;
        let mut budget = rerolls;
        let mut srcs = std::mem::take(&mut st.reroll_sources);
        srcs.clear();
        if budget > 0 {
            self.reroll_sources(st, p, &mut srcs);
        }
        let ducks = !st.core.lasting.is_empty();
        if !self.has_on_attack {
            // no attack trigger can change the battlefield mid-roll: one pass
            // with the state's parts borrowed apart (the hot loop of goldfish)
            let State {
                core, flags, dice, ..
            } = st;
            for &c in core.zones.get(z(p, Zone::Battlefield)) {
                let f = &mut flags[usize::from(c)];
                if *f & DECLARED == 0 {
                    continue;
                }
                if ducks && core.lasting.has_status(Holder::Card(c), Status::Suppressed) {
                    *f &= !DECLARED;
                    continue;
                }
                *f = (*f & !DECLARED) | ATTACKED;
                dice.push(attack_die(&mut core.rng, sides, &mut budget, &mut srcs, c));
            }
        } else {
            for i in 0..st.core.zones.len(z(p, Zone::Battlefield)) {
                let Some(&c) = st.core.zones.get(z(p, Zone::Battlefield)).get(i) else {
                    break;
                };
                if st.flags[usize::from(c)] & DECLARED == 0 {
                    continue;
                }
                if self.suppressed(st, c) {
                    st.flags[usize::from(c)] &= !DECLARED;
                    continue;
                }
                let f = &mut st.flags[usize::from(c)];
                *f = (*f & !DECLARED) | ATTACKED;
                if !self.def(c).on_attack.is_empty() {
                    let abilities = self.def(c).on_attack.clone();
                    for a in &abilities {
                        self.run(st, c, a, None, None);
                    }
                }
                let die = attack_die(&mut st.core.rng, sides, &mut budget, &mut srcs, c);
                st.dice.push(die);
            }
        }
        // the rerolls used, on their sources
        for s in &srcs {
            if s.used == 0 {
                continue;
            }
            if s.grant {
                if let Some(g) = st.grants.get_mut(usize::from(s.of)) {
                    g.left = g.left.saturating_sub(s.used);
                }
            } else {
                let u = &mut st.rerolls_used[usize::from(s.of)];
                *u = u.saturating_add(s.used);
            }
        }
        if !srcs.is_empty() {
            st.grants.retain(|g| g.left > 0);
        }
        st.reroll_sources = srcs;
        let defender = other(p);
        if st.core.over() {
            st.last_roll.clone_from(&st.dice);
            st.phase = Phase::Over;
        } else if !st.core.passive[defender] && self.can_defend(st, defender) {
            // the screen shows the roll while the defender answers it
            st.last_roll.clone_from(&st.dice);
            st.phase = Phase::Defend;
        } else {
            // land_hits leaves the dice as the last roll
            self.land_hits(st);
        }
    }

    /// Player `p`'s reroll sources with rerolls left: its creatures (not
    /// rubber ducks) and the grants it holds.
    fn reroll_sources(&self, st: &State, p: usize, out: &mut Vec<RerollSource>) {
        if self.has_rerolls {
            for &c in st.core.zones.get(z(p, Zone::Battlefield)) {
                let r = self.def(c).rerolls;
                let left = r.saturating_sub(st.rerolls_used[usize::from(c)]);
                if left > 0 && !self.suppressed(st, c) {
                    out.push(RerollSource {
                        of: c,
                        grant: false,
                        left,
                        used: 0,
                    });
                }
            }
        }
        for (i, g) in st.grants.iter().enumerate() {
            if usize::from(g.owner) == p && g.left > 0 {
                out.push(RerollSource {
                    of: i as u16,
                    grant: true,
                    left: g.left,
                    used: 0,
                });
            }
        }
    }

    /// Whether the defender has a creature that can block or force a reroll now.
    pub(super) fn can_defend(&self, st: &State, defender: usize) -> bool {
        st.dice.iter().any(|d| d.hit)
            && st
                .core
                .zones
                .get(z(defender, Zone::Battlefield))
                .iter()
                .any(|&c| {
                    let d = self.def(c);
                    (d.blocker || d.force_reroll)
                        && st.flags[usize::from(c)] & REACTED == 0
                        && !self.suppressed(st, c)
                })
    }

    pub(super) fn reactor(&self, st: &State, who: usize, card: u16) -> Result<(), Illegal> {
        ensure(
            st.core.zones.contains(z(who, Zone::Battlefield), card),
            "DD §4.4",
            || "only your creatures in play defend".into(),
        )?;
        ensure(
            st.flags[usize::from(card)] & REACTED == 0,
            "card text",
            || {
                format!(
                    "{} has done that once this turn already",
                    self.table.copy_name(card)
                )
            },
        )?;
        ensure(!self.suppressed(st, card), "card text", || {
            format!(
                "{} is a rubber duck: it has no effect",
                self.table.copy_name(card)
            )
        })
    }

    pub(super) fn block(
        &self,
        st: &mut State,
        who: usize,
        card: u16,
        die: u8,
    ) -> Result<(), Illegal> {
        self.reactor(st, who, card)?;
        ensure(self.def(card).blocker, "DD §4.4", || {
            format!("{} cannot block", self.table.copy_name(card))
        })?;
        let d = st
            .dice
            .get_mut(usize::from(die))
            .ok_or_else(|| Illegal::new("DD §4.4", "no such die"))?;
        ensure(d.hit && !d.blocked, "DD §4.4", || {
            "only a hit can be blocked".into()
        })?;
        d.blocked = true;
        st.flags[usize::from(card)] |= REACTED;
        st.core.note(who, "blocks a hit with", Some(card), None);
        self.after_defence(st);
        Ok(())
    }

    pub(super) fn force_reroll(
        &self,
        st: &mut State,
        who: usize,
        card: u16,
        die: u8,
    ) -> Result<(), Illegal> {
        self.reactor(st, who, card)?;
        ensure(self.def(card).force_reroll, "DD §4.6", || {
            format!(
                "{} cannot make the attacker reroll",
                self.table.copy_name(card)
            )
        })?;
        let i = usize::from(die);
        ensure(
            st.dice.get(i).is_some_and(|d| d.hit && !d.blocked),
            "DD §4.6",
            || "only a die that hit can be rerolled".into(),
        )?;
        let v = roll(&mut st.core.rng, self.setup.die_sides);
        st.dice[i].value = v as u8;
        st.dice[i].hit = v.is_multiple_of(2);
        st.flags[usize::from(card)] |= REACTED;
        st.core
            .note(who, "forces a reroll with", Some(card), Some(v as i32));
        self.after_defence(st);
        Ok(())
    }

    /// After a defence, the dice land when the defender can do nothing more.
    pub(super) fn after_defence(&self, st: &mut State) {
        let defender = other(st.core.active);
        st.last_roll.clone_from(&st.dice);
        if !self.can_defend(st, defender) {
            st.phase = Phase::Main;
            self.land_hits(st);
        }
    }

    /// Every hit not blocked takes its attacker's damage (§4.4); a roll
    /// counts even if its attacker has left (§4.5).
    pub(super) fn land_hits(&self, st: &mut State) {
        let p = st.core.active;
        let dice = std::mem::take(&mut st.dice);
        let mut pending = 0;
        if !self.has_on_hit && !st.core.log.on {
            // nothing to note and no hit trigger: the hits are a sum, taken
            // without a branch on each die's coin-flip parity (goldfish)
            for d in &dice {
                let lands = i32::from(d.hit & !d.blocked);
                pending += lands * i32::from(self.def(d.attacker).hit_damage);
            }
        } else {
            pending = self.land_each(st, &dice);
        }
        self.hurt(st, other(p), pending);
        // the dice stay on show as the last roll; the old roll's buffer
        // holds the next one
        st.dice = std::mem::replace(&mut st.last_roll, dice);
        st.dice.clear();
    }

    /// [`Self::land_hits`] die by die: each hit noted, and the damage so
    /// far dealt before a creature's "on hit" trigger runs. Returns the
    /// damage still to deal.
    fn land_each(&self, st: &mut State, dice: &[Die]) -> i32 {
        let p = st.core.active;
        let mut pending = 0;
        for d in dice {
            if !d.hit || d.blocked {
                continue;
            }
            let def = self.def(d.attacker);
            let amount = i32::from(def.hit_damage);
            st.core.note(p, "hit by", Some(d.attacker), Some(amount));
            pending += amount;
            if !def.on_hit.is_empty() {
                self.hurt(st, other(p), std::mem::take(&mut pending));
                let abilities = def.on_hit.clone();
                for a in &abilities {
                    self.run(st, d.attacker, a, None, None);
                }
            }
        }
        pending
    }

    // ------------------------------------------------------------ life

    /// Takes life; the game ends when a player is at 0 (both at once: the
    /// tiebreak).
    pub(super) fn hurt(&self, st: &mut State, p: usize, amount: i32) {
        if amount <= 0 || st.core.over() {
            return;
        }
        st.core.life[p] -= amount;
        if p == 1 {
            st.core.trace.add_damage(amount);
        }
        self.check_end(st);
    }

    pub(super) fn check_end(&self, st: &mut State) {
        let [a, b] = st.core.life;
        match (a <= 0, b <= 0) {
            (false, false) => {}
            (true, false) => st.core.win(1, "life ran out"),
            (false, true) => st.core.win(0, "life ran out"),
            (true, true) => self.tiebreak(st),
        }
        if st.core.over() {
            st.phase = Phase::Over;
        }
    }

    /// §5.3: most cards on the battlefield, then in hand, then 2D6 roll-offs.
    pub(super) fn tiebreak(&self, st: &mut State) {
        let count = |st: &State, zone| {
            (0..2)
                .map(|p| st.core.zones.len(z(p, zone)))
                .collect::<Vec<_>>()
        };
        for zone in [Zone::Battlefield, Zone::Hand] {
            let c = count(st, zone);
            if c[0] != c[1] {
                st.core.win(usize::from(c[1] > c[0]), "the tiebreak");
                return;
            }
        }
        for _ in 0..1000 {
            let a = roll(&mut st.core.rng, 6) + roll(&mut st.core.rng, 6);
            let b = roll(&mut st.core.rng, 6) + roll(&mut st.core.rng, 6);
            if a != b {
                st.core.win(usize::from(b > a), "the tiebreak roll");
                return;
            }
        }
        let turn = st.core.turn();
        st.core.end(Outcome::Draw { turn });
    }
}

/// One attacker's die (§4.4: even hits), rerolled while it misses and the
/// attack has declared rerolls left (§4.6): each time by a source that has
/// not rerolled this die yet, the one with the most left (DD 10: "reroll up
/// to N dice" rerolls N different dice once each).
#[inline(always)]
fn attack_die(
    rng: &mut crate::engine::Rng,
    sides: u32,
    budget: &mut u8,
    srcs: &mut [RerollSource],
    attacker: u16,
) -> Die {
    let die = roll(rng, sides);
    // no reroll declared (the goldfish hot path), or a hit: the die stands;
    // the budget is tested first as the die's parity is a coin flip the
    // branch predictor cannot learn
    if *budget == 0 || die.is_multiple_of(2) {
        return Die {
            attacker,
            value: die as u8,
            hit: die.is_multiple_of(2),
            blocked: false,
        };
    }
    reroll_miss(rng, sides, budget, srcs, attacker, die)
}

/// [`attack_die`]'s missed die rerolled while sources last.
#[inline(never)]
fn reroll_miss(
    rng: &mut crate::engine::Rng,
    sides: u32,
    budget: &mut u8,
    srcs: &mut [RerollSource],
    attacker: u16,
    first: u32,
) -> Die {
    let mut die = first;
    let mut tried = 0u64;
    while !die.is_multiple_of(2) && *budget > 0 {
        let mut best: Option<usize> = None;
        for (i, s) in srcs.iter().enumerate().take(64) {
            if s.left > 0 && tried & (1 << i) == 0 && best.is_none_or(|b| s.left > srcs[b].left) {
                best = Some(i);
            }
        }
        let Some(i) = best else { break };
        tried |= 1 << i;
        srcs[i].left -= 1;
        srcs[i].used += 1;
        *budget -= 1;
        die = roll(rng, sides);
    }
    Die {
        attacker,
        value: die as u8,
        hit: die.is_multiple_of(2),
        blocked: false,
    }
}
