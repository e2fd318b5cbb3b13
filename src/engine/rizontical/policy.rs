//! The players: the racing policy against the dummy (`Level::Goldfish`, the
//! old engine's, now with skills, Powers and the Numen) and the policy that
//! plays to win against a real opponent (`Level::Quick`; `Strong` searches
//! sampled worlds with it, [`crate::engine::search`]), and the computer's
//! answers to the choices inside a resolution for the seats it plays
//! ([`answer`]: Trigger Powers and TRIGGER skills, Deploy Upon Defeat and
//! setup cells, push distances, Buffs; and what "Look at the top 3 cards"
//! keeps). A seat a person plays is asked instead ([`super::choices`]). Every choice is a cheap estimate of the board; randomness
//! never enters.
//!
//! A turn, in order: fill an empty slot; take free AP (a Permanent's "Once
//! per turn:"); use the best Power worth its AP (damage that lands, draws
//! and AP, heals that matter, Auras and Permanents that raise the ally's
//! hits, and — against a real opponent — Trigger Powers set face down and
//! defences); the Numen's Conjuration when it does something; with the
//! current ally: a MANA Buff before a hit, then the attack that deals the
//! most (a defeat first) among the Basic Hit, SPELL/MANA/ULTIMATE hits and
//! pushes into the border or another entity, moving first when nothing is
//! in reach; discard dead Powers to afford a useful one; end the turn.
//!
//! The quick player (issue 27) plays the ally's part of the turn by
//! [`fight`]: every cell the ally can end on, with the best attack from
//! there, scored by [`Weights`] — focus fire on the enemies that hit
//! hardest, never ending where a defeat loses the game, and with no hit to
//! make, keeping out of the enemies' reach; it holds its damage Powers until
//! they finish a Fighter.
//! `Level::QuickV1` (and anything but `Quick`) keeps the old rules.

use super::board::{DIRS, cell_at, rc};
use super::cards::{Category, SkillKind};
use super::choices::Ask;
pub use super::estimate::{best_fighter, card_value, deploy_cell, setup_cell};
use super::estimate::{contested, enemies, nearest_enemy, push_estimate, threat, worth};
use super::status::Sheet;
use super::{Action, Answer, NO_CELL, NONE, Phase, Rizontical, SLOTS, State, Zone, z};
use crate::engine::effect::{Ability, Event, Resource, Stat, Status, Target, Trigger, Verb, Who};
use crate::engine::game::Level;
use std::cell::{Cell, OnceCell};

/// The policy's choice for the player to act.
pub fn choose(r: &Rizontical, st: &State, level: Level) -> Action {
    if let Some(pd) = &st.pending {
        return Action::Choose {
            answer: answer(r, st, usize::from(pd.seat), &pd.ask),
        };
    }
    match st.phase {
        Phase::Setup { p, slot } => Action::Deploy {
            slot,
            cell: setup_cell(r, st, usize::from(p), usize::from(slot)),
            fighter: None,
        },
        Phase::Mulligan { p } => mulligan(r, st, usize::from(p)),
        Phase::Bonus { p } => bonus(r, st, usize::from(p)),
        Phase::Turn => turn(r, st, level),
        Phase::Over => Action::EndTurn,
    }
}

fn mulligan(r: &Rizontical, st: &State, p: usize) -> Action {
    let mut mask = 0u8;
    for (i, &c) in st
        .core
        .zones
        .get(z(p, Zone::Hand))
        .iter()
        .enumerate()
        .take(8)
    {
        if card_value(r, st, p, c) <= 0 && mask.count_ones() < r.setup.mulligan_max {
            mask |= 1 << i;
        }
    }
    Action::Mulligan { mask }
}

fn deploy(r: &Rizontical, st: &State, p: usize) -> Option<Action> {
    st.core.zones.top(z(p, Zone::FighterDeck))?;
    let slot = (0..SLOTS as u8).find(|&s| s != st.step && st.slots[p][usize::from(s)] == NONE)?;
    let cell = deploy_cell(r, st, p)?;
    let fighter = match r.options.deploy_from {
        super::DeployFrom::Top => None,
        super::DeployFrom::Choose => best_fighter(r, st, p),
    };
    Some(Action::Deploy {
        slot,
        cell,
        fighter,
    })
}

fn bonus(r: &Rizontical, st: &State, p: usize) -> Action {
    deploy(r, st, p).unwrap_or(Action::EndTurn)
}

/// The best target and its worth for a Power's chosen step.
fn power_target(
    r: &Rizontical,
    st: &State,
    p: usize,
    c: u16,
    a: &Ability,
    quick: bool,
    sheet: Option<&OnceCell<Sheet>>,
) -> Option<(i32, Option<u16>)> {
    let step = Rizontical::chosen_step(a)?;
    let sheet = sheet.map(|c| c.get_or_init(|| r.sheet(st)));
    let ctx = crate::engine::effect::interp::Ctx::new(c, p);
    let mut best: Option<(i32, Option<u16>)> = None;
    for q in 0..2 {
        for &t in &st.slots[q] {
            if t == NONE || !r.valid_target_in(st, sheet, &ctx, step, t) {
                continue;
            }
            let v = match step.verb {
                Verb::ElementDamage { n, element } if q != p && !st.no_damage => {
                    let d =
                        r.element_damage(st, t, i16::from(n), super::cards::bits::element(element));
                    let v = worth(r, st, t, d) / 2;
                    if quick && v < 400 {
                        v * W.power_chip / 100
                    } else {
                        v
                    }
                }
                Verb::Heal { n } if q == p => {
                    let missing = r.fighter(st, t).hp - st.hp[usize::from(t)];
                    if missing >= 2 {
                        4 * i32::from(i16::from(n).min(missing))
                    } else {
                        0
                    }
                }
                Verb::Push { n, .. } if q != p && !st.no_damage => {
                    let ally = st.slots[p].iter().copied().find(|&x| {
                        x != NONE && r.around(st.cell[usize::from(x)], st.cell[usize::from(t)])
                    });
                    ally.map_or(0, |x| {
                        let dir = Rizontical::way(st.cell[usize::from(x)], st.cell[usize::from(t)]);
                        worth(r, st, t, push_estimate(st, t, dir, i16::from(n))) / 2
                    })
                }
                Verb::Cleanse if q == p => {
                    // a Debuff is a lowered stat (a Status is not one)
                    let debuffed = st.core.lasting.iter().any(|l| {
                        l.holder == crate::engine::effect::lasting::Holder::Card(t)
                            && matches!(
                                l.change,
                                crate::engine::effect::lasting::Change::Stat { delta: ..0, .. }
                            )
                    });
                    if debuffed { 8 } else { 0 }
                }
                Verb::Give {
                    status: Status::Burned | Status::Poison,
                } if q != p => 6,
                _ => 0,
            };
            if v > 0 && best.is_none_or(|(b, _)| v > b) {
                best = Some((v, Some(t)));
            }
        }
    }
    best
}

/// The best Power to use now: (worth, action).
fn best_power(
    r: &Rizontical,
    st: &State,
    p: usize,
    level: Level,
    sheet: Option<&OnceCell<Sheet>>,
) -> Option<(i32, Action)> {
    let free = r.options.power_slots as usize
        - st.core
            .zones
            .len(z(p, Zone::Powers))
            .min(r.options.power_slots as usize);
    if free == 0 {
        return None;
    }
    // the racing policy ignores answers and defences; the others play them
    let fight = contested(st, p) && level != Level::Goldfish;
    let ally = st.slots[p][usize::from(st.step)];
    let mut best: Option<(i32, Action)> = None;
    for &c in st.core.zones.get(z(p, Zone::Hand)) {
        let Some(pw) = r.def(c).power() else { continue };
        if !pw.modelled || (pw.legendary && st.legendary_used[p]) {
            continue;
        }
        let cost = if pw.category == Category::Trigger {
            1
        } else {
            pw.cost
        };
        if i32::from(cost) > st.ap[p] {
            continue;
        }
        let mut v = card_value(r, st, p, c);
        let action = match pw.category {
            Category::Trigger => {
                if !fight || st.ap[p] < 1 + i32::from(pw.cost) {
                    continue;
                }
                Action::Set { card: c }
            }
            Category::Aura => {
                let t = if ally != NONE {
                    ally
                } else {
                    match st.slots[p].iter().copied().find(|&e| e != NONE) {
                        Some(e) => e,
                        None => continue,
                    }
                };
                Action::Cast {
                    card: c,
                    target: Some(t),
                    cell: NO_CELL,
                }
            }
            Category::Permanent => Action::Cast {
                card: c,
                target: None,
                cell: NO_CELL,
            },
            Category::Normal => {
                let mut target = None;
                let mut targeted = false;
                let mut special = 0;
                for a in &pw.abilities {
                    if let Some((tv, t)) =
                        power_target(r, st, p, c, a, level == Level::Quick, sheet)
                    {
                        special += tv;
                        target = t;
                    }
                    targeted |= Rizontical::chosen_step(a).is_some();
                    for s in &a.steps {
                        match s.verb {
                            Verb::HealFull => {
                                let missing: i16 = st.slots[p]
                                    .iter()
                                    .filter(|&&e| e != NONE)
                                    .map(|&e| r.fighter(st, e).hp - st.hp[usize::from(e)])
                                    .sum();
                                if missing < 4 {
                                    special -= 100;
                                }
                            }
                            Verb::Deploy { .. } => {
                                let room = st.slots[p].contains(&NONE)
                                    && !st.core.zones.is_empty(z(p, Zone::FighterDeck));
                                if !room {
                                    special -= 100;
                                }
                            }
                            Verb::EndRound | Verb::Move { .. } => special -= 100,
                            _ => {}
                        }
                    }
                }
                if targeted {
                    if target.is_none() {
                        continue;
                    }
                    v = special - i32::from(pw.cost);
                } else {
                    v += special;
                }
                Action::Cast {
                    card: c,
                    target,
                    cell: NO_CELL,
                }
            }
        };
        // the last slot is kept for Normal Powers unless it is worth more
        if free == 1 && pw.category != Category::Normal && v < 10 {
            continue;
        }
        if v > 0 && best.as_ref().is_none_or(|(b, _)| v > *b) {
            best = Some((v, action));
        }
    }
    best
}

/// The Conjuration, when it does something worth its AP.
fn conjuration(r: &Rizontical, st: &State, p: usize) -> Option<Action> {
    if st.conjured[p] {
        return None;
    }
    let nc = r.numen(st, p)?;
    let a = r.def(nc).numen()?.conjuration.as_ref()?;
    let cost = i32::from(r.conjuration_cost(st, p));
    if st.ap[p] < cost {
        return None;
    }
    let ctx = crate::engine::effect::interp::Ctx::new(nc, p);
    match Rizontical::chosen_step(a) {
        None => {
            // a look or a draw: when AP is plenty
            let helps = a.steps.iter().any(|s| {
                matches!(
                    s.verb,
                    Verb::Look { .. } | Verb::Draw { .. } | Verb::Gain { .. }
                )
            });
            (helps && st.ap[p] >= cost + 2).then_some(Action::Conjure {
                target: None,
                dir: 0,
            })
        }
        Some(step) => {
            let mut best: Option<(i32, u16, u8)> = None;
            for t in enemies(st, p) {
                if !r.valid_target(st, &ctx, step, t) {
                    continue;
                }
                match step.verb {
                    Verb::Push { n, .. } if !st.no_damage => {
                        for (d, dir) in DIRS.iter().enumerate() {
                            let v = worth(r, st, t, push_estimate(st, t, *dir, i16::from(n)));
                            if v > 0 && best.is_none_or(|(b, _, _)| v > b) {
                                best = Some((v, t, d as u8));
                            }
                        }
                    }
                    Verb::Give { status } if !r.has_status(st, t, status) => {
                        let v = i32::from(st.hp[usize::from(t)]);
                        if best.is_none_or(|(b, _, _)| v > b) {
                            best = Some((v, t, 0));
                        }
                    }
                    _ => {}
                }
            }
            best.map(|(_, t, dir)| Action::Conjure {
                target: Some(t),
                dir,
            })
        }
    }
}

/// An attack the current ally can make from where it stands: (worth, action).
fn attacks(
    r: &Rizontical,
    st: &State,
    p: usize,
    e: u16,
    known: Option<&Known>,
    sheet: Option<&Sheet>,
) -> Option<(i32, Action)> {
    if st.no_damage {
        return None;
    }
    let here = st.cell[usize::from(e)];
    // the quick player: focus fire, and its numbers computed once a turn
    let worth = |r: &Rizontical, st: &State, t: u16, d: i16| match known {
        Some(k) => worth_quick(st, k, t, d),
        None => worth(r, st, t, d),
    };
    let hit_damage = |t: u16| {
        known
            .and_then(|k| k.of(t))
            .map_or_else(|| r.hit_damage(st, e, t), |i| known.map_or(0, |k| k.hit[i]))
    };
    let mut best: Option<(i32, Action)> = None;
    let consider = |v: i32, a: Action, best: &mut Option<(i32, Action)>| {
        if v > 0 && best.as_ref().is_none_or(|(b, _)| v > *b) {
            *best = Some((v, a));
        }
    };
    if !st.hit {
        for t in enemies(st, p) {
            let cell = st.cell[usize::from(t)];
            if r.in_range_in(st, sheet, e, here, cell) {
                let d = hit_damage(t);
                consider(worth(r, st, t, d), Action::Hit { target: t }, &mut best);
            }
        }
    }
    let psh = if st.pushed {
        0
    } else {
        r.stat_in(st, sheet, e, Stat::Push)
    };
    if psh > 0 {
        for t in enemies(st, p) {
            if r.around(here, st.cell[usize::from(t)]) && r.pushable(st, t) {
                let dir = Rizontical::way(here, st.cell[usize::from(t)]);
                let d = push_estimate(st, t, dir, psh);
                // a push does not end the turn: worth a little more
                consider(
                    worth(r, st, t, d) + 1,
                    Action::Push {
                        target: t,
                        n: Some(psh.clamp(1, i16::from(u8::MAX)) as u8),
                    },
                    &mut best,
                );
            }
        }
    }
    let f = r.fighter(st, e);
    let ctx = crate::engine::effect::interp::Ctx::new(e, p);
    for (i, s) in f.skills.iter().enumerate() {
        if !s.kind.used() || s.ability.trigger != Trigger::Activated {
            continue;
        }
        if (s.kind == SkillKind::Ultimate && st.ultimate[p][usize::from(st.step)])
            || (s.kind == SkillKind::Unique && st.unique_used[p])
            || (s.uses > 0 && st.skill_uses[usize::from(e)][i] == 0)
        {
            continue;
        }
        let ap: i32 = s
            .ability
            .costs
            .iter()
            .map(|c| match c {
                crate::engine::effect::Cost::Pay {
                    what: Resource::Ap,
                    n,
                } => i32::from(*n),
                _ => 0,
            })
            .sum();
        let mana = s.kind == SkillKind::Mana;
        if ap > st.ap[p] || (mana && st.mana[usize::from(e)] < 1) {
            continue;
        }
        let ends = matches!(s.kind, SkillKind::Spell | SkillKind::SpellStar);
        // a hit already made this turn leaves only skills that do not end it
        let steps = &s.ability.steps;
        let hits = steps.iter().any(|x| matches!(x.verb, Verb::Hit));
        let around = steps
            .iter()
            .any(|x| matches!(x.verb, Verb::HitAround | Verb::PerEntityHit { .. }));
        let pushes_each = steps.iter().find_map(|x| match (&x.verb, x.target) {
            (&Verb::Push { n, .. }, Target::Each { .. }) => Some(n),
            _ => None,
        });
        let cost = 4 * ap;
        if hits && let Some(step) = Rizontical::chosen_step(&s.ability) {
            for t in enemies(st, p) {
                if !r.valid_target_in(st, sheet, &ctx, step, t) {
                    continue;
                }
                let mut d = hit_damage(t);
                if let Some(n) = steps.iter().find_map(|x| match x.verb {
                    Verb::Push { n, .. } => Some(n),
                    _ => None,
                }) {
                    d += push_estimate(
                        st,
                        t,
                        Rizontical::way(here, st.cell[usize::from(t)]),
                        i16::from(n),
                    );
                }
                let bonus = if ends { 0 } else { 5 };
                consider(
                    worth(r, st, t, d) + bonus - cost,
                    Action::Skill {
                        skill: i as u8,
                        target: Some(t),
                        cell: NO_CELL,
                    },
                    &mut best,
                );
            }
        } else if around {
            let mut v = 0;
            let mut hit_any = false;
            for (dr, dc) in DIRS {
                let (row, col) = rc(here);
                if let Some(x) = cell_at(row + i16::from(dr), col + i16::from(dc)) {
                    let t = st.board[usize::from(x)];
                    if t != NONE && r.around(here, x) {
                        hit_any = true;
                        let d = r.hit_damage_in(st, sheet, e, t);
                        if r.owner(t) == p {
                            v -= 2 * worth(r, st, t, d);
                        } else {
                            v += worth(r, st, t, d);
                        }
                    }
                }
            }
            let gain: i32 = steps
                .iter()
                .map(|x| match &x.verb {
                    Verb::PerEntityHit { then } => then
                        .iter()
                        .map(|t| match t.verb {
                            Verb::Gain {
                                what: Resource::Ap,
                                n,
                            } => 3 * i32::from(n),
                            _ => 0,
                        })
                        .sum::<i32>(),
                    _ => 0,
                })
                .sum();
            if hit_any {
                consider(
                    v + gain - cost,
                    Action::Skill {
                        skill: i as u8,
                        target: None,
                        cell: NO_CELL,
                    },
                    &mut best,
                );
            }
        } else if let Some(n) = pushes_each {
            let v: i32 = enemies(st, p)
                .filter(|&t| r.around(here, st.cell[usize::from(t)]) && r.pushable(st, t))
                .map(|t| {
                    worth(
                        r,
                        st,
                        t,
                        push_estimate(
                            st,
                            t,
                            Rizontical::way(here, st.cell[usize::from(t)]),
                            i16::from(n),
                        ),
                    )
                })
                .sum();
            consider(
                v - cost,
                Action::Skill {
                    skill: i as u8,
                    target: None,
                    cell: NO_CELL,
                },
                &mut best,
            );
        }
    }
    best
}

/// A MANA (or other) self-Buff worth using before a hit this turn.
fn buff(r: &Rizontical, st: &State, p: usize, e: u16) -> Option<Action> {
    let f = r.fighter(st, e);
    for (i, s) in f.skills.iter().enumerate() {
        if !s.kind.used() || s.ability.trigger != Trigger::Activated {
            continue;
        }
        let is_buff = s.ability.steps.iter().all(|x| {
            matches!(x.verb, Verb::Modify { stat: Stat::ExtraDamage | Stat::Atk, delta } if delta > 0)
                && x.target == Target::This
        });
        if !is_buff || s.ability.steps.is_empty() {
            continue;
        }
        let ap: i32 = s
            .ability
            .costs
            .iter()
            .map(|c| match c {
                crate::engine::effect::Cost::Pay {
                    what: Resource::Ap,
                    n,
                } => i32::from(*n),
                _ => 0,
            })
            .sum();
        if ap > st.ap[p] || (s.kind == SkillKind::Mana && st.mana[usize::from(e)] < 1) {
            continue;
        }
        if (s.kind == SkillKind::Ultimate && st.ultimate[p][usize::from(st.step)])
            || r.extra_damage(st, e) > 0
        {
            continue;
        }
        return Some(Action::Skill {
            skill: i as u8,
            target: None,
            cell: NO_CELL,
        });
    }
    None
}

fn turn(r: &Rizontical, st: &State, level: Level) -> Action {
    let p = st.core.active;
    if let Some(a) = deploy(r, st, p) {
        return a;
    }
    // free AP from a Permanent's "Once per turn:"
    for &c in st.core.zones.get(z(p, Zone::Powers)) {
        if let Some(pw) = r.def(c).power()
            && pw.category == Category::Permanent
            && !st.used_this_turn[usize::from(c)]
            && st.uses[usize::from(c)] > 0
            && pw.abilities.iter().any(|a| a.trigger == Trigger::Activated)
        {
            return Action::Activate { card: c };
        }
    }
    // the quick player reads the table's stats once a decision, when it
    // first needs one
    let sheet = OnceCell::new();
    let quick = level == Level::Quick;
    if let Some((_, a)) = best_power(r, st, p, level, quick.then_some(&sheet)) {
        return a;
    }
    if let Some(a) = conjuration(r, st, p) {
        return a;
    }
    let ally = st.slots[p][usize::from(st.step)];
    if ally != NONE && quick {
        let sheet = sheet.into_inner().unwrap_or_else(|| r.sheet(st));
        if !st.hit
            && !st.no_damage
            && enemies(st, p).any(|t| {
                r.in_range_in(
                    st,
                    Some(&sheet),
                    ally,
                    st.cell[usize::from(ally)],
                    st.cell[usize::from(t)],
                )
            })
            && let Some(b) = buff(r, st, p, ally)
        {
            return b;
        }
        if let Some(a) = fight(r, st, p, ally, sheet) {
            return a;
        }
    } else if ally != NONE {
        let here = st.cell[usize::from(ally)];
        // a self-Buff first when an enemy is in reach of a hit
        if !st.hit
            && !st.no_damage
            && enemies(st, p).any(|t| r.in_range(st, ally, here, st.cell[usize::from(t)]))
            && let Some(b) = buff(r, st, p, ally)
        {
            return b;
        }
        if let Some((_, a)) = attacks(r, st, p, ally, None, None) {
            return a;
        }
        if !st.moved && !st.hit {
            let reach = r.reachable(st, here, r.stat_mp(st, ally));
            let near = |cell: u8| nearest_enemy(r, st, p, cell);
            let mut best: Option<((i32, i16, u8, u8), u8)> = None;
            for (cell, steps) in reach.iter() {
                if st.tiles.iter().any(|t| t.cell == cell) {
                    continue;
                }
                let hit = if st.no_damage {
                    0
                } else {
                    enemies(st, p)
                        .filter(|&t| {
                            r.in_range(st, ally, cell, st.cell[usize::from(t)]) && {
                                // the ally's own cell is empty once it moves
                                true
                            }
                        })
                        .map(|t| worth(r, st, t, r.hit_damage(st, ally, t)) + 1)
                        .max()
                        .unwrap_or(0)
                };
                // a policy that plays to win keeps out of reach when it
                // cannot strike first
                let danger = if level != Level::Goldfish && hit == 0 && contested(st, p) {
                    threat(r, st, p, ally, cell)
                } else {
                    0
                };
                let key = (hit - danger, -near(cell), u8::MAX - steps, u8::MAX - cell);
                if best.is_none_or(|(b, _)| key > b) {
                    best = Some((key, cell));
                }
            }
            if let Some(((hit, neg_near, _, _), cell)) = best
                && (hit > 0 || -neg_near < near(here))
            {
                return Action::Move { cell };
            }
        }
    }
    // discard dead Powers to afford a useful one
    let hand = st.core.zones.get(z(p, Zone::Hand));
    let short = hand
        .iter()
        .filter(|&&c| card_value(r, st, p, c) > 0)
        .filter_map(|&c| r.def(c).power())
        .filter(|pw| !(pw.legendary && st.legendary_used[p]))
        .map(|pw| i32::from(pw.cost) - st.ap[p])
        .filter(|&gap| gap > 0)
        .min();
    if let Some(gap) = short
        && r.power_slot_free(st, p)
    {
        let dead: Vec<u16> = hand
            .iter()
            .copied()
            .filter(|&c| card_value(r, st, p, c) <= 0)
            .collect();
        if dead.len() as i32 >= gap {
            return Action::Discard { card: dead[0] };
        }
    }
    // a full field of spent Powers blocks every Power: make room
    if !r.power_slot_free(st, p) {
        for &c in st.core.zones.get(z(p, Zone::Powers)) {
            if let Some(pw) = r.def(c).power() {
                let spent = (pw.uses > 0 && st.uses[usize::from(c)] == 0)
                    || (pw.category == Category::Trigger && !contested(st, p));
                if spent {
                    return Action::Discard { card: c };
                }
            }
        }
    }
    Action::EndTurn
}

/// The quick player's weights (issue 27), in the units of [`worth`]: 10 a
/// point of DMG dealt, 1,000 and the HP left for a defeat.
#[derive(Clone, Copy, Debug)]
pub struct Weights {
    /// An ally left where the enemies can defeat it before it acts again
    /// (measured: any weight above 0 loses games to the racer, which hits
    /// first; see [`W`]).
    pub exposed: i32,
    /// Per point of Hit DMG the enemies can deal it there, short of a
    /// defeat (likewise 0).
    pub chip: i32,
    /// An ally left where its defeat loses the game: the enemy's last Soul,
    /// or our last Fighter with none left to deploy (RZ win conditions).
    pub lethal: i32,
    /// Per cell between the ally and the nearest enemy, when it does not
    /// attack (closing in for the next turn).
    pub near: i32,
    /// Staying put without attacking (the skip's AP).
    pub stay: i32,
    /// Focus fire: DMG that takes the whole of what a target has left, over
    /// 10 (the share it takes).
    pub focus: i32,
    /// Per point of Hit DMG the target can deal to a Fighter of ours (the
    /// hits a defeat or a weaker enemy spares us).
    pub menace: i32,
    /// `exposed` for a cell the ally ends on without attacking: with no
    /// hit to make, it keeps out of the enemies' reach rather than close in.
    pub idle_exposed: i32,
    /// `chip` for a cell the ally ends on without attacking.
    pub idle_chip: i32,
    /// Percent of a damage Power's worth kept when its DMG does not defeat
    /// (0: quick holds its damage Powers until they finish a Fighter).
    pub power_chip: i32,
}

/// Quick's weights, tuned by self-play (`match`, ember push and akasha
/// guard mirrors, 4,000 games, seeds 101 and 202; never seed 3). Measured
/// against the racer on ember push, seed 101: the move-to-the-best-attack
/// alone 60.6%; `exposed` 600 with `chip` 5, 50.9%; `exposed` 100, 54.7%;
/// `menace` 10, 62.1% (20: 60.6%, 40: 60.2%); `focus` 5 or 20, no gain.
/// Second pass (ember push / akasha guard, seeds 101 and 303, 4,000 each;
/// before: 61.5/62.7, 61.4/62.5): `power_chip` 0 (damage Powers kept for a
/// defeat) 61.1/64.3, 64.0/64.9 (50: 61.4/62.4, 61.9/62.3); with
/// `idle_exposed` 100 62.8/63.3, 64.4/64.0 (alone it gained ember push and
/// lost akasha guard); with `focus` 10 too 62.8/64.7, 63.6/64.6, and at
/// seed 7 62.9/64.5; `near` 0, `stay` 10, `idle_chip` 5 and `menace` 5 or
/// 15 lost.
pub const W: Weights = Weights {
    exposed: 0,
    chip: 0,
    lethal: 5000,
    near: 3,
    stay: 2,
    focus: 10,
    menace: 10,
    idle_exposed: 100,
    idle_chip: 0,
    power_chip: 0,
};

/// What the quick player computes once a turn about the enemies: their
/// Hit DMG on the current ally and the ally's on them, their reach (MP +
/// RA) and their menace (best Hit DMG on a Fighter of ours).
struct Known {
    n: usize,
    t: [u16; SLOTS],
    hit: [i16; SLOTS],
    back: [i16; SLOTS],
    reach: [i16; SLOTS],
    menace: [i16; SLOTS],
    /// The farthest the ally strikes from where it stands (RA, around, a
    /// skill's "within N cells"); `i16::MAX` for an unlimited reach.
    far: i16,
    /// The stats on the table the turn starts from.
    sheet: Sheet,
}

impl Known {
    fn new(r: &Rizontical, st: &State, p: usize, ally: u16, sheet: Sheet) -> Known {
        let mut k = Known {
            n: 0,
            t: [NONE; SLOTS],
            hit: [0; SLOTS],
            back: [0; SLOTS],
            reach: [0; SLOTS],
            menace: [0; SLOTS],
            far: 0,
            sheet,
        };
        let sh = &k.sheet;
        let stat = |e: u16, s: Stat| r.stat_in(st, Some(sh), e, s);
        let hit = |a: u16, t: u16| r.hit_damage_in(st, Some(sh), a, t);
        k.far = stat(ally, Stat::Range).max(1);
        for t in enemies(st, p) {
            let i = k.n;
            k.t[i] = t;
            k.hit[i] = hit(ally, t);
            k.back[i] = hit(t, ally);
            k.reach[i] = stat(t, Stat::Mp) + stat(t, Stat::Range).max(1);
            k.menace[i] = st.slots[p]
                .iter()
                .filter(|&&a| a != NONE)
                .map(|&a| if a == ally { k.back[i] } else { hit(t, a) })
                .max()
                .unwrap_or(0);
            k.n += 1;
        }
        for s in &r.fighter(st, ally).skills {
            for x in &s.ability.steps {
                k.far = k.far.max(match x.reach {
                    Some(crate::engine::effect::Reach::Unlimited) => i16::MAX,
                    Some(crate::engine::effect::Reach::Cells { n }) => i16::from(n),
                    _ => 1,
                });
            }
        }
        k
    }

    fn of(&self, t: u16) -> Option<usize> {
        self.t[..self.n].iter().position(|&x| x == t)
    }
}

/// Quick's turn for the current ally (issue 27): each cell it can end its
/// turn on (where it stands, or each cell one move reaches) with the best
/// attack from there, scored as what the attack is worth minus what the
/// enemies still on the board could do to the ally there before it acts
/// again ([`danger`]). A move comes first when a cell other than its own
/// scores best; `None` when staying without attacking is best.
fn fight(r: &Rizontical, st: &State, p: usize, ally: u16, sheet: Sheet) -> Option<Action> {
    let here = st.cell[usize::from(ally)];
    let k = Known::new(r, st, p, ally, sheet);
    let (mut best, act) = judge(r, st, p, ally, &k, &k.sheet, true);
    let mut to = here;
    if !st.moved && !st.hit {
        let reach = r.reachable(st, here, r.stat_in(st, Some(&k.sheet), ally, Stat::Mp));
        // the scratch table of the last decision, refilled (a fresh clone
        // each decision was a tenth of a quick game)
        let mut w = SCRATCH.take().unwrap_or_else(|| Box::new(st.clone()));
        let mut filled = false;
        for (cell, _) in reach.iter() {
            if st.tiles.iter().any(|t| t.cell == cell) {
                continue;
            }
            // nothing in reach from there: an attack that reaches anywhere
            // is as good from here
            let strikes = !st.no_damage
                && k.t[..k.n]
                    .iter()
                    .any(|&t| r.distance(cell, st.cell[usize::from(t)]) <= k.far);
            let v = if strikes {
                // a scratch board: the ally stands on the cell
                if !filled {
                    w.refill_from(st);
                    w.board[usize::from(here)] = NONE;
                    filled = true;
                }
                w.board[usize::from(cell)] = ally;
                w.cell[usize::from(ally)] = cell;
                // the stats read on the table the turn starts from hold
                // unless a static covers by position
                let fresh;
                let sheet = if k.sheet.positional {
                    fresh = r.sheet(&w);
                    &fresh
                } else {
                    &k.sheet
                };
                let (v, _) = judge(r, &w, p, ally, &k, sheet, false);
                w.board[usize::from(cell)] = NONE;
                v
            } else {
                idle(r, st, p, ally, cell, &k, false)
            };
            if v > best {
                best = v;
                to = cell;
            }
        }
        SCRATCH.set(Some(w));
    }
    if to != here {
        return Some(Action::Move { cell: to });
    }
    act
}

thread_local! {
    /// [`fight`]'s scratch table, kept from one decision to the next on
    /// each thread so that refilling it reuses its buffers.
    static SCRATCH: Cell<Option<Box<State>>> = const { Cell::new(None) };
}

/// The score of the ally ending its turn on the cell `st` has it on, and
/// its best attack from there (with the stats of `sheet`).
fn judge(
    r: &Rizontical,
    st: &State,
    p: usize,
    ally: u16,
    k: &Known,
    sheet: &Sheet,
    stays: bool,
) -> (i32, Option<Action>) {
    let cell = st.cell[usize::from(ally)];
    match attacks(r, st, p, ally, Some(k), Some(sheet)) {
        Some((v, a)) => {
            let target = match a {
                Action::Hit { target }
                | Action::Push { target, .. }
                | Action::Skill {
                    target: Some(target),
                    ..
                } => target,
                _ => NONE,
            };
            let dead = if v >= 900 { target } else { NONE };
            let w = (W.exposed, W.chip);
            (v - danger(r, st, p, cell, dead, k, w), Some(a))
        }
        None => (idle(r, st, p, ally, cell, k, stays), None),
    }
}

/// The score of the ally ending its turn on `cell` without attacking.
fn idle(r: &Rizontical, st: &State, p: usize, ally: u16, cell: u8, k: &Known, stays: bool) -> i32 {
    let _ = ally;
    -danger(r, st, p, cell, NONE, k, (W.idle_exposed, W.idle_chip))
        - W.near * i32::from(nearest_enemy(r, st, p, cell))
        + if stays { W.stay } else { 0 }
}

/// What the quick player makes of DMG to enemy `t`: [`worth`], and for
/// focus fire the share of what it has left that the DMG takes, and how
/// hard it hits back.
fn worth_quick(st: &State, k: &Known, t: u16, dmg: i16) -> i32 {
    if dmg <= 0 {
        return 0;
    }
    let left = (st.hp[usize::from(t)] + st.protection[usize::from(t)]).max(1);
    let base = if dmg >= left {
        1000 + i32::from(left)
    } else {
        10 * i32::from(dmg)
    };
    let menace = k.of(t).map_or(0, |i| i32::from(k.menace[i]));
    base + W.focus * 10 * i32::from(dmg.min(left)) / i32::from(left) + W.menace * menace
}

/// What the enemies (but `dead`) can do to the ally standing on `cell`
/// before it acts again: each enemy that can come within its RA (MP + RA)
/// hits it; `exposed` when together they defeat it, [`Weights::lethal`]
/// more when that defeat loses the game, else `chip` a point of DMG.
fn danger(
    r: &Rizontical,
    st: &State,
    p: usize,
    cell: u8,
    dead: u16,
    k: &Known,
    (exposed, chip): (i32, i32),
) -> i32 {
    let goal = r.setup.souls_to_win.min(255) as u8;
    if dead != NONE && st.souls[p].saturating_add(1) >= goal {
        // the defeat wins the game
        return 0;
    }
    let last = st.souls[1 - p].saturating_add(1) >= goal
        || (st.slots[p].iter().filter(|&&e| e != NONE).count() <= 1
            && st.core.zones.is_empty(z(p, Zone::FighterDeck)));
    let exposed = if last { exposed + W.lethal } else { exposed };
    if exposed == 0 && chip == 0 {
        return 0;
    }
    let ally = st.slots[p][usize::from(st.step)];
    let left = st.hp[usize::from(ally)] + st.protection[usize::from(ally)];
    let mut sum = 0i16;
    for i in 0..k.n {
        let t = k.t[i];
        if t != dead && r.distance(st.cell[usize::from(t)], cell) <= k.reach[i] {
            sum += k.back[i];
        }
    }
    if sum >= left {
        exposed + chip * i32::from(left)
    } else {
        chip * i32::from(sum)
    }
}

/// The policy's answer to a choice of seat `p` ([`super::choices`]): a
/// Trigger when [`use_trigger`] says so, the deploy cell nearest the enemy,
/// the whole push, every Buff, the most valuable Power looked at, the
/// Summon's cell nearest the enemy.
pub fn answer(r: &Rizontical, st: &State, p: usize, ask: &Ask) -> Answer {
    match *ask {
        Ask::Trigger {
            src,
            skill,
            ability,
            subject,
            other,
            ..
        } => {
            let a = match skill {
                Some(i) => r
                    .fighter(st, src)
                    .skills
                    .get(usize::from(i))
                    .map(|s| &s.ability),
                None => r
                    .def(src)
                    .power()
                    .and_then(|pw| pw.abilities.get(usize::from(ability))),
            };
            match a {
                Some(a) if use_trigger(r, st, p, src, a, subject, other) => Answer::Yes,
                _ => Answer::No,
            }
        }
        Ask::Deploy { .. } => deploy_answer(r, st, p),
        Ask::DmgOrder { .. } | Ask::Element { .. } => super::choices::options(r, st, p, ask)
            .first()
            .copied()
            .unwrap_or(Answer::No),
        Ask::Slot { .. } => {
            deploy_slot(st, p).map_or(Answer::No, |s| Answer::Slot { slot: s as u8 })
        }
        Ask::Push { max, .. } => Answer::Cells { n: max },
        Ask::Buff { .. } | Ask::DrawUponDefeat { .. } => Answer::Yes,
        Ask::Look { n, .. } => super::estimate::look_ranked(r, st, p, n)
            .first()
            .map_or(Answer::No, |&card| Answer::Keep { card }),
        Ask::Summon { src, around, .. } => {
            let cells = super::estimate::summon_cells(r, st, src, around);
            super::estimate::summon_cell(r, st, p, &cells)
                .map_or(Answer::No, |cell| Answer::Cell { cell })
        }
    }
}

/// The empty Fighter slot the policy deploys into when an effect lets it
/// pick ("any empty slot"): the first in timeline order.
pub fn deploy_slot(st: &State, p: usize) -> Option<usize> {
    (0..super::SLOTS).find(|&s| st.slots[p][s] == NONE)
}

/// Where (and with `deploy_from = choose` which Fighter) the policy
/// deploys: its pick on the empty cell nearest the enemy.
pub fn deploy_answer(r: &Rizontical, st: &State, p: usize) -> Answer {
    let fighter = match r.options.deploy_from {
        super::DeployFrom::Top => None,
        super::DeployFrom::Choose => best_fighter(r, st, p),
    };
    match (
        st.core.zones.top(z(p, Zone::FighterDeck)),
        deploy_cell(r, st, p),
    ) {
        (Some(_), Some(cell)) => Answer::Deploy { cell, fighter },
        _ => Answer::No,
    }
}

/// Whether player `p` uses an optional Trigger (a TRIGGER skill or a set
/// Trigger Power) now.
pub fn use_trigger(
    r: &Rizontical,
    st: &State,
    p: usize,
    src: u16,
    a: &Ability,
    subject: u16,
    other: u16,
) -> bool {
    let Trigger::On { event, .. } = a.trigger else {
        return false;
    };
    let on =
        |e: u16| e != NONE && usize::from(e) < st.cell.len() && st.cell[usize::from(e)] != NO_CELL;
    match event {
        Event::AboutToBeHit => {
            if !on(other) || !on(subject) {
                return false;
            }
            let dmg = r.hit_damage(st, other, subject);
            if a.steps.iter().any(|s| s.verb == Verb::Redirect) {
                // takes the hit instead: when it suffers less
                let mine = r.hit_damage(st, other, src);
                return on(src) && mine < dmg && st.hp[usize::from(src)] > mine;
            }
            if a.steps.iter().any(|s| s.verb == Verb::Hit) {
                return on(src)
                    && r.in_range(
                        st,
                        src,
                        st.cell[usize::from(src)],
                        st.cell[usize::from(other)],
                    )
                    && r.hit_damage(st, src, other) > 0;
            }
            dmg > 0
        }
        Event::Hits => on(subject) && r.hit_damage(st, subject, other) >= 2,
        Event::UsesPower => card_value(r, st, r.owner(subject), subject) >= 3,
        Event::Deployed | Event::UsesSkill | Event::MovesNear | Event::WouldBeDefeated => true,
        Event::Defeated => !st.core.zones.is_empty(z(p, Zone::FighterDeck)),
        _ => {
            let _ = Who::Any;
            true
        }
    }
}
