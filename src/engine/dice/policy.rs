//! The players: what a seat does at each decision.
//!
//! The goldfish policy races: a lethal spell first, then card flow, the best
//! creature, damage spells beyond what the other turn's window can cast,
//! creature effects that help the race, then every ready attacker with every
//! reroll. On the other player's turn it casts its racing spells and trades
//! a dead card in with the Bonus Draw. As a defender it blocks and forces
//! rerolls whenever it can, and it counters a spell that would hurt it.
//!
//! The quick policy plays to win against a real opponent (issue 27). On its
//! own turn it casts burn that is lethal with the plays left, else plays the
//! card worth most by [`super::weights`] — defenders (a blocker, a
//! reroll-forcer) and rerolls count for much more than the racer's
//! `race_value` gives them, and burn waits for the other turn's window
//! unless there is more than the window casts — and it keeps its last play
//! to counter the other side's burn when what it would play is worth little.
//! Rubber ducks wait for the other turn: before a declared attack's dice are
//! rolled (DD 9) it ducks a dangerous attacker, or the hardest hitter when
//! the attack could be lethal, and it ducks a creature whose announced
//! effect would hurt it. It casts reroll spells before its own attack (or in
//! the other turn's window when they last into its next turn, DD 10), gains
//! life with its spare spells, uses every harmless creature effect, counters
//! a spell that would hurt it or one of its creatures and a counter aimed at
//! its own burn, and never trades a counter in with the Bonus Draw. Both
//! levels choose only for their own seat: every window is a decision of the
//! seat to act. The strong policy
//! ([`crate::engine::search`]) tries each move in sampled worlds and plays
//! the one that wins most.

use super::cards::Kind;
use super::{Action, DiceOfDestiny, Phase, State, Zone, z};
use crate::engine::core::other;
use crate::engine::game::Level;

/// The seat to act's choice.
/// Whether the policy does an optional step of its own card ("you may",
/// §3.2): yes, unless it costs its own life or its own card.
pub fn may(step: &crate::engine::effect::Step) -> bool {
    use crate::engine::effect::{Target, Verb};
    !matches!(
        (&step.verb, step.target),
        (
            Verb::Lose { .. } | Verb::Damage { .. } | Verb::Defeat { .. } | Verb::ReturnToHand,
            Target::You | Target::This
        )
    )
}

pub fn choose(g: &DiceOfDestiny, st: &State, level: Level) -> Action {
    if st.may.waiting().is_some() {
        return Action::May { yes: true };
    }
    if level == Level::Quick {
        return quick(g, st, &QUICK);
    }
    let quick = level != Level::Goldfish;
    match st.phase {
        Phase::Main => main(g, st, quick),
        Phase::Window { by } => window(g, st, usize::from(by), quick),
        Phase::Respond { by } => respond(g, st, usize::from(by), quick),
        Phase::Attack { .. } => before_the_roll(g, st, quick),
        Phase::Effect { card, by } => before_the_effect(g, st, card, usize::from(by), quick),
        Phase::Defend => defend(g, st),
        Phase::Over => Action::Next,
    }
}

fn main(g: &DiceOfDestiny, st: &State, quick: bool) -> Action {
    let p = st.core.active;
    let hand = st.core.zones.get(z(p, Zone::Hand));
    let plays_left = g.play_limit(st, p).saturating_sub(g.played(st, p));
    let foe = other(p);
    if plays_left > 0 {
        // one pass over the hand: a lethal spell, the best creature, a draw
        // spell, and the damage spells
        let (mut lethal, mut creature, mut draw_spell) = (None, None::<(i32, u16)>, None);
        let (mut damage, mut damage_first) = (0usize, None);
        for &c in hand {
            let d = g.def(c);
            if d.response_only || (d.needs_target && d.kind != Kind::Creature) {
                continue;
            }
            if d.needs_target && d.kind == Kind::Creature && arrival_target(g, st, p).is_none() {
                continue;
            }
            match d.kind {
                Kind::Creature => {
                    if creature.is_none_or(|(b, _)| d.race_value > b) {
                        creature = Some((d.race_value, c));
                    }
                }
                Kind::Spell => {
                    let dmg = spell_damage(g, c);
                    if dmg > 0 {
                        if dmg >= st.core.life[foe] && lethal.is_none() {
                            lethal = Some(c);
                        }
                        damage += 1;
                        damage_first = damage_first.or(Some(c));
                    }
                    if spell_draws(g, c) && draw_spell.is_none() {
                        draw_spell = Some(c);
                    }
                }
                Kind::Blank => {}
            }
        }
        if let Some(card) = lethal {
            return Action::Play { card, target: None };
        }
        if let Some(card) = draw_spell
            && (plays_left >= 2 || creature.is_none())
        {
            return Action::Play { card, target: None };
        }
        if let Some((_, card)) = creature {
            let target = if g.def(card).needs_target {
                arrival_target(g, st, p).flatten()
            } else {
                None
            };
            return Action::Play { card, target };
        }
        if quick && let Some(a) = quick_main_spell(g, st, p) {
            return a;
        }
        // damage spells beyond what the other turn's window can cast
        let window = if st.core.passive[foe] || !st.core.passive[p] {
            g.setup.spells_on_opponent_turn as usize
        } else {
            0
        };
        if damage > window
            && let Some(card) = damage_first
        {
            return Action::Play { card, target: None };
        }
    }
    if let Some(card) = usable_effect(g, st, p, quick) {
        return Action::Activate { card };
    }
    let field = st.core.zones.get(z(p, Zone::Battlefield));
    if st.declared > 0 || field.iter().any(|&c| g.ready(st, c)) {
        // every reroll it has, on as many dice as attack
        let rerolls = if g.has_rerolls || !st.grants.is_empty() {
            let ready = field
                .iter()
                .filter(|&&c| g.ready(st, c))
                .count()
                .min(usize::from(u8::MAX)) as u8;
            g.usable_rerolls(st, p, ready.saturating_add(st.declared))
        } else {
            0
        };
        return Action::Attack { rerolls };
    }
    Action::Next
}

/// The target a creature whose arrival effect targets a creature is played
/// with (§2.11): `Some(None)` with no creature in play, the other side's
/// most dangerous one, else one of its own that can no longer attack this
/// turn (a rubber duck until its next turn costs it nothing); `None`: not
/// now.
fn arrival_target(g: &DiceOfDestiny, st: &State, p: usize) -> Option<Option<u16>> {
    if g.targets(st).is_empty() {
        return Some(None);
    }
    let foe = other(p);
    if let Some(t) = most_dangerous(g, st, foe).or_else(|| {
        st.core
            .zones
            .get(z(foe, Zone::Battlefield))
            .iter()
            .copied()
            .find(|&c| !g.suppressed(st, c))
    }) {
        return Some(Some(t));
    }
    st.core
        .zones
        .get(z(p, Zone::Battlefield))
        .iter()
        .copied()
        .find(|&c| {
            !g.ready(st, c)
                && st.flags[usize::from(c)] & super::DECLARED == 0
                && !g.suppressed(st, c)
        })
        .map(Some)
}

/// The attack is declared (DD 9): the quick player makes the most
/// dangerous declared attacker a rubber duck before the dice are rolled.
fn before_the_roll(g: &DiceOfDestiny, st: &State, quick: bool) -> Action {
    let p = other(st.core.active);
    if !quick || g.played(st, p) >= g.play_limit(st, p) {
        return Action::Pass;
    }
    let Some(card) = duck_spell(g, st, p) else {
        return Action::Pass;
    };
    let target = st
        .core
        .zones
        .get(z(st.core.active, Zone::Battlefield))
        .iter()
        .copied()
        .filter(|&c| st.flags[usize::from(c)] & super::DECLARED != 0 && !g.suppressed(st, c))
        .map(|c| (threat(g, c), c))
        .filter(|&(t, _)| t >= 3)
        .max()
        .map(|(_, c)| c);
    match target {
        Some(t) => Action::Play {
            card,
            target: Some(t),
        },
        None => Action::Pass,
    }
}

/// A creature effect is announced (DD 9): the quick player makes a creature
/// whose effect would hurt it a rubber duck first.
fn before_the_effect(g: &DiceOfDestiny, st: &State, card: u16, p: usize, quick: bool) -> Action {
    if !quick || g.played(st, p) >= g.play_limit(st, p) {
        return Action::Pass;
    }
    let hurts = g.def(card).activated.as_ref().is_some_and(|a| {
        use crate::engine::effect::Target;
        a.steps
            .iter()
            .any(|s| s.target == Target::Opponent && life_off(&s.verb).is_some())
    });
    match duck_spell(g, st, p) {
        Some(duck) if hurts && !g.suppressed(st, card) => Action::Play {
            card: duck,
            target: Some(card),
        },
        _ => Action::Pass,
    }
}

/// A spell in `p`'s hand that targets a creature (a rubber duck).
fn duck_spell(g: &DiceOfDestiny, st: &State, p: usize) -> Option<u16> {
    st.core
        .zones
        .get(z(p, Zone::Hand))
        .iter()
        .copied()
        .find(|&c| {
            let d = g.def(c);
            d.kind == Kind::Spell && d.needs_target && !d.response_only
        })
}

/// The life points a step knocks off the player it targets: damage, or
/// life lost — the same thing in this game (damage is life points knocked
/// off), so the policies weigh "deal 3 damage" and "loses 3 life" alike.
fn life_off(verb: &crate::engine::effect::Verb) -> Option<u8> {
    use crate::engine::effect::{Resource, Verb};
    match verb {
        Verb::Damage { n }
        | Verb::Lose {
            what: Resource::Life,
            n,
        } => Some(*n),
        _ => None,
    }
}

/// Damage a spell deals to the opponent outright.
fn spell_damage(g: &DiceOfDestiny, c: u16) -> i32 {
    use crate::engine::effect::Target;
    g.def(c)
        .on_play
        .iter()
        .flat_map(|a| a.steps.iter())
        .map(|s| match (&s.verb, s.target) {
            (verb, Target::Opponent) => life_off(verb).map_or(0, i32::from),
            _ => 0,
        })
        .sum()
}

fn spell_draws(g: &DiceOfDestiny, c: u16) -> bool {
    use crate::engine::effect::Verb;
    g.def(c)
        .on_play
        .iter()
        .flat_map(|a| a.steps.iter())
        .any(|s| matches!(s.verb, Verb::Draw { .. } | Verb::Search { .. }))
}

/// A creature effect of `p`'s worth using now (none in a deck without
/// effects, the goldfish hot path).
#[inline]
fn usable_effect(g: &DiceOfDestiny, st: &State, p: usize, quick: bool) -> Option<u16> {
    if !g.has_effects {
        return None;
    }
    effect_to_use(g, st, p, quick)
}

#[inline(never)]
fn effect_to_use(g: &DiceOfDestiny, st: &State, p: usize, quick: bool) -> Option<u16> {
    if p != st.core.active && !g.options.creature_effects_on_opponent_turn {
        return None;
    }
    st.core
        .zones
        .get(z(p, Zone::Battlefield))
        .iter()
        .copied()
        .find(|&c| {
            st.flags[usize::from(c)] & super::USED == 0
                && !g.suppressed(st, c)
                && g.def(c).activated.as_ref().is_some_and(|a| {
                    // effects that race: damage, draws, searches (and for the
                    // quick player, gaining life too)
                    a.steps.iter().any(|s| {
                        use crate::engine::effect::{Resource, Verb};
                        matches!(
                            s.verb,
                            Verb::Damage { .. } | Verb::Draw { .. } | Verb::Search { .. }
                        ) || (s.target == crate::engine::effect::Target::Opponent
                            && life_off(&s.verb).is_some())
                            || (quick
                                && matches!(
                                    s.verb,
                                    Verb::Gain {
                                        what: Resource::Life,
                                        ..
                                    }
                                ))
                    })
                })
        })
}

fn window(g: &DiceOfDestiny, st: &State, p: usize, quick: bool) -> Action {
    let hand = st.core.zones.get(z(p, Zone::Hand));
    let carry = p != st.core.active
        && g.options.off_turn_rerolls == super::OffTurnRerolls::NextOwnTurn
        && !st.core.zones.is_empty(z(p, Zone::Battlefield))
        && st.grants.iter().all(|x| usize::from(x.owner) != p);
    if g.played(st, p) < g.play_limit(st, p)
        && let Some(&card) = hand
            .iter()
            .filter(|&&c| {
                let d = g.def(c);
                // reroll spells are for your own attack: cast now they help
                // only if they last into your next turn (DD 10)
                let useful = d.race_value > 0 && (!only_rerolls(g, c) || carry);
                d.kind == Kind::Spell
                    && !d.response_only
                    && !d.needs_target
                    && if quick {
                        useful || gains_life(g, c)
                    } else {
                        useful
                    }
            })
            .max_by_key(|&&c| (spell_damage(g, c), g.def(c).race_value))
    {
        return Action::Play { card, target: None };
    }
    if let Some(card) = usable_effect(g, st, p, quick) {
        return Action::Activate { card };
    }
    if !st.bonus_draw_used
        && g.setup.bonus_draws > 0
        && (!st.core.zones.is_empty(z(p, Zone::Deck))
            || !st.core.zones.is_empty(z(p, Zone::Graveyard)))
        && let Some(&card) = hand.iter().find(|&&c| !g.def(c).useful())
    {
        return Action::BonusDraw { card };
    }
    Action::Pass
}

fn respond(g: &DiceOfDestiny, st: &State, p: usize, quick: bool) -> Action {
    // counter a spell of the other player's that would hurt (the quick
    // player: also one aimed at its creature)
    let top = st.stack.last();
    if let Some(t) = top
        && usize::from(t.owner) != p
        && g.def(t.card).kind == Kind::Spell
        && (spell_damage(g, t.card) > 0 || (quick && t.target.is_some_and(|c| g.owner(c) == p)))
        && g.played(st, p) < g.play_limit(st, p)
        && let Some(&card) = st
            .core
            .zones
            .get(z(p, Zone::Hand))
            .iter()
            .find(|&&c| g.def(c).response_only)
    {
        return Action::Play { card, target: None };
    }
    Action::Pass
}

fn defend(g: &DiceOfDestiny, st: &State) -> Action {
    let p = other(st.core.active);
    for &c in st.core.zones.get(z(p, Zone::Battlefield)) {
        let d = g.def(c);
        if st.flags[usize::from(c)] & super::REACTED != 0 || g.suppressed(st, c) {
            continue;
        }
        // the hardest hit first
        let target = st
            .dice
            .iter()
            .enumerate()
            .filter(|(_, x)| x.hit && !x.blocked)
            .max_by_key(|(_, x)| g.def(x.attacker).hit_damage)
            .map(|(i, _)| i as u8);
        if let Some(die) = target {
            if d.blocker {
                return Action::Block { card: c, die };
            }
            if d.force_reroll {
                return Action::ForceReroll { card: c, die };
            }
        }
    }
    Action::Pass
}

/// The quick player's spells on its own turn once its creatures are down: a
/// rubber duck on the other side's most dangerous creature, reroll spells
/// before an attack, then life.
fn quick_main_spell(g: &DiceOfDestiny, st: &State, p: usize) -> Option<Action> {
    let hand = st.core.zones.get(z(p, Zone::Hand));
    let foe = other(p);
    let spells = || {
        hand.iter().copied().filter(|&c| {
            let d = g.def(c);
            d.kind == Kind::Spell && !d.response_only
        })
    };
    if let Some(card) = spells().find(|&c| g.def(c).needs_target)
        && let Some(target) = most_dangerous(g, st, foe)
    {
        return Some(Action::Play {
            card,
            target: Some(target),
        });
    }
    let attackers = st
        .core
        .zones
        .get(z(p, Zone::Battlefield))
        .iter()
        .filter(|&&c| g.ready(st, c))
        .count();
    if attackers > 0
        && st.grants.iter().all(|x| usize::from(x.owner) != p)
        && let Some(card) = spells().find(|&c| !g.def(c).needs_target && only_rerolls(g, c))
    {
        return Some(Action::Play { card, target: None });
    }
    None
}

/// The other side's creature worth a rubber duck most: its hits next turn,
/// its rerolls, and a blocker or reroll-forcer in the way of this attack.
fn most_dangerous(g: &DiceOfDestiny, st: &State, foe: usize) -> Option<u16> {
    st.core
        .zones
        .get(z(foe, Zone::Battlefield))
        .iter()
        .copied()
        .filter(|&c| !g.suppressed(st, c))
        .map(|c| (threat(g, c), c))
        .filter(|&(t, _)| t >= 3)
        .max()
        .map(|(_, c)| c)
}

/// How much a creature threatens: its hits, its rerolls, its defence.
fn threat(g: &DiceOfDestiny, c: u16) -> i32 {
    let d = g.def(c);
    2 * i32::from(d.hit_damage)
        + i32::from(d.rerolls)
        + 2 * i32::from(d.blocker || d.force_reroll)
        + d.race_value / 4
}

/// A spell whose whole effect is attack rerolls (Loaded Dice).
fn only_rerolls(g: &DiceOfDestiny, c: u16) -> bool {
    use crate::engine::effect::Verb;
    let mut steps = g.def(c).on_play.iter().flat_map(|a| a.steps.iter());
    steps.clone().next().is_some() && steps.all(|s| matches!(s.verb, Verb::Rerolls { .. }))
}

/// A spell that gains its caster life (Stale Cake).
fn gains_life(g: &DiceOfDestiny, c: u16) -> bool {
    use crate::engine::effect::{Resource, Target, Verb};
    g.def(c)
        .on_play
        .iter()
        .flat_map(|a| a.steps.iter())
        .any(|s| {
            matches!(
                (&s.verb, s.target),
                (
                    Verb::Gain {
                        what: Resource::Life,
                        ..
                    },
                    Target::You
                )
            )
        })
}

// ------------------------------------------------------------ quick (issue 27)

use super::weights::{QUICK, Weights};

/// What an ability does for its player, summed over its steps.
#[derive(Clone, Copy, Default)]
struct Facts {
    damage: i32,
    draw: i32,
    life: i32,
    rerolls: i32,
    search: bool,
    /// Damage a roll-off deals when it is won (half the time).
    roll_off: i32,
}

fn facts<'a>(abilities: impl Iterator<Item = &'a crate::engine::effect::Ability>) -> Facts {
    use crate::engine::effect::{Resource, Target, Verb};
    let mut f = Facts::default();
    for s in abilities.flat_map(|a| a.steps.iter()) {
        match (&s.verb, s.target) {
            (Verb::Damage { n }, Target::Opponent)
            | (
                Verb::Lose {
                    what: Resource::Life,
                    n,
                },
                Target::Opponent,
            ) => f.damage += i32::from(*n),
            (Verb::Draw { n }, Target::You) => f.draw += i32::from(*n),
            (
                Verb::Gain {
                    what: Resource::Life,
                    n,
                },
                Target::You,
            ) => f.life += i32::from(*n),
            (Verb::Rerolls { n }, _) => f.rerolls += i32::from(*n),
            (Verb::Search { .. }, _) => f.search = true,
            (Verb::RollOff { then }, _) => {
                for t in then {
                    if let Verb::Damage { n } = t.verb {
                        f.roll_off += i32::from(n);
                    }
                }
            }
            _ => {}
        }
    }
    f
}

/// What a creature's effect (once per turn) is worth to its player.
fn effect_worth(d: &super::cards::Def, w: &Weights) -> i32 {
    let Some(a) = d.activated.as_ref() else {
        return 0;
    };
    let f = facts(std::iter::once(a));
    f.damage * w.damage + f.draw * w.draw + f.life * w.life + if f.search { w.search } else { 0 }
}

/// Whether player `p`'s deck holds spells (a counter kept has something to
/// answer). Only the deck's list is read, the same in every world its
/// hidden cards could be dealt in.
fn has_spells(g: &DiceOfDestiny, p: usize) -> bool {
    g.table
        .range(p)
        .any(|c| g.def(c as u16).kind == Kind::Spell)
}

/// What playing card `c` from its owner's hand brings: for a creature, its
/// die every turn, its hits, rerolls, defence and effect; for a spell, its
/// damage, cards and life.
fn worth(g: &DiceOfDestiny, st: &State, c: u16, w: &Weights) -> i32 {
    let d = g.def(c);
    let f = facts(d.on_play.iter());
    let base = f.damage * w.damage
        + f.roll_off * w.damage / 2
        + f.draw * w.draw
        + f.life * w.life
        + if f.search { w.draw } else { 0 };
    match d.kind {
        Kind::Blank => -1000,
        Kind::Creature => {
            let t = facts(d.turn_start.iter());
            base + w.creature
                + w.hit * (i32::from(d.hit_damage) - 1)
                + if d.haste { w.haste } else { 0 }
                + w.reroll * i32::from(d.rerolls)
                + if d.blocker || d.force_reroll {
                    w.defence
                } else {
                    0
                }
                + effect_worth(d, w)
                + t.life * w.life
                + t.damage * w.damage
        }
        Kind::Spell => {
            let attackers = st.core.zones.len(z(g.owner(c), Zone::Battlefield)) as i32;
            base + w.reroll * f.rerolls.min(attackers)
        }
    }
}

/// A counter in `p`'s hand.
fn counter_in_hand(g: &DiceOfDestiny, st: &State, p: usize) -> Option<u16> {
    st.core
        .zones
        .get(z(p, Zone::Hand))
        .iter()
        .copied()
        .find(|&c| g.def(c).response_only)
}

/// The quick player: the racer's skeleton, its plays chosen by their worth
/// ([`Weights`]), its answers kept and answering.
fn quick(g: &DiceOfDestiny, st: &State, w: &Weights) -> Action {
    match st.phase {
        Phase::Main => q_main(g, st, w),
        Phase::Window { by } => q_window(g, st, usize::from(by)),
        Phase::Respond { by } => q_respond(g, st, usize::from(by)),
        Phase::Attack { .. } => q_before_roll(g, st),
        Phase::Effect { card, by } => before_the_effect(g, st, card, usize::from(by), true),
        Phase::Defend => defend(g, st),
        Phase::Over => Action::Next,
    }
}

/// Its own turn: burn that is lethal with the plays left; else the play
/// worth most — the last play kept for a counter when what it would play
/// is worth little; then its creatures' effects and the attack.
fn q_main(g: &DiceOfDestiny, st: &State, w: &Weights) -> Action {
    let p = st.core.active;
    let foe = other(p);
    let plays_left = g.play_limit(st, p).saturating_sub(g.played(st, p));
    if plays_left > 0 {
        // the burn in hand: the biggest of it, how much there is, and the
        // most the plays left can deal
        let mut top = [0i32; 3];
        let (mut burns, mut biggest) = (0usize, None::<(i32, u16)>);
        for &c in st.core.zones.get(z(p, Zone::Hand)) {
            let d = g.def(c);
            if d.kind != Kind::Spell || d.response_only || d.needs_target {
                continue;
            }
            let dmg = spell_damage(g, c);
            if dmg <= 0 {
                continue;
            }
            burns += 1;
            if biggest.is_none_or(|(b, _)| dmg > b) {
                biggest = Some((dmg, c));
            }
            if dmg > top[2] {
                top[2] = dmg;
                top.sort_unstable_by(|a, b| b.cmp(a));
            }
        }
        let reach: i32 = top[..usize::from(plays_left).min(3)].iter().sum();
        if let Some((_, card)) = biggest
            && reach >= st.core.life[foe]
        {
            return Action::Play { card, target: None };
        }
        let window = if st.core.passive[foe] || !st.core.passive[p] {
            g.setup.spells_on_opponent_turn as usize
        } else {
            0
        };
        if let Some((score, a)) = best_play(g, st, w, burns > window) {
            // the other side casts its burn in this turn's end window: the
            // last play is kept to counter it unless the play is worth more
            let keep = plays_left == 1
                && score < w.keep_slot
                && counter_in_hand(g, st, p).is_some()
                && !st.core.passive[foe]
                && !st.core.zones.is_empty(z(foe, Zone::Hand))
                && has_spells(g, foe);
            if !keep {
                return a;
            }
        }
    }
    if let Some(card) = usable_effect(g, st, p, true) {
        return Action::Activate { card };
    }
    let field = st.core.zones.get(z(p, Zone::Battlefield));
    if st.declared > 0 || field.iter().any(|&c| g.ready(st, c)) {
        let rerolls = if g.has_rerolls || !st.grants.is_empty() {
            let ready = field
                .iter()
                .filter(|&&c| g.ready(st, c))
                .count()
                .min(usize::from(u8::MAX)) as u8;
            g.usable_rerolls(st, p, ready.saturating_add(st.declared))
        } else {
            0
        };
        return Action::Attack { rerolls };
    }
    Action::Next
}

/// The play of its own turn worth most, with its worth: a creature, a draw
/// spell, burn beyond what the other turn's window can cast (`spare_burn`),
/// rerolls for attackers ready now. Counters wait for a spell; rubber
/// ducks and life wait for the other turn's windows.
fn best_play(
    g: &DiceOfDestiny,
    st: &State,
    w: &Weights,
    spare_burn: bool,
) -> Option<(i32, Action)> {
    let p = st.core.active;
    let ready = st
        .core
        .zones
        .get(z(p, Zone::Battlefield))
        .iter()
        .filter(|&&c| g.ready(st, c))
        .count() as i32;
    let granted = st.grants.iter().any(|x| usize::from(x.owner) == p);
    let mut best: Option<(i32, Action)> = None;
    for &c in st.core.zones.get(z(p, Zone::Hand)) {
        let d = g.def(c);
        let (score, target) = match d.kind {
            Kind::Blank => continue,
            Kind::Creature => {
                let target = if d.needs_target {
                    match arrival_target(g, st, p) {
                        Some(t) => t,
                        None => continue,
                    }
                } else {
                    None
                };
                (worth(g, st, c, w), target)
            }
            Kind::Spell if d.response_only || d.needs_target => continue,
            Kind::Spell => {
                let f = facts(d.on_play.iter());
                if f.damage > 0 && !spare_burn {
                    continue;
                }
                if f.rerolls > 0 && f.damage == 0 && f.draw == 0 {
                    if ready == 0 || granted {
                        continue;
                    }
                    (w.reroll * f.rerolls.min(ready), None)
                } else if f.life > 0 && f.damage == 0 && f.draw == 0 {
                    continue;
                } else {
                    (worth(g, st, c, w), None)
                }
            }
        };
        if best.as_ref().is_none_or(|&(b, _)| score > b) {
            best = Some((score, Action::Play { card: c, target }));
        }
    }
    best.filter(|&(s, _)| s > 0)
}

/// The other turn's end: the racer's spells and effects; the Bonus Draw
/// trades in a card of no use to the race, but never a counter.
fn q_window(g: &DiceOfDestiny, st: &State, p: usize) -> Action {
    match window(g, st, p, true) {
        Action::BonusDraw { .. } => match st
            .core
            .zones
            .get(z(p, Zone::Hand))
            .iter()
            .find(|&&c| !g.def(c).useful() && !g.def(c).response_only)
        {
            Some(&card) => Action::BonusDraw { card },
            None => Action::Pass,
        },
        a => a,
    }
}

/// A spell on the stack: the racer's counters, and a counter aimed at its
/// own burn is countered in turn.
fn q_respond(g: &DiceOfDestiny, st: &State, p: usize) -> Action {
    if let [.., below, top] = st.stack[..]
        && usize::from(top.owner) != p
        && g.def(top.card).response_only
        && usize::from(below.owner) == p
        && spell_damage(g, below.card) > 0
        && g.played(st, p) < g.play_limit(st, p)
        && let Some(card) = counter_in_hand(g, st, p)
    {
        return Action::Play { card, target: None };
    }
    respond(g, st, p, true)
}

/// The attack is declared (DD 9): the racer's rubber duck on a dangerous
/// declared attacker, and on the hardest hitter whenever the attack could
/// be lethal.
fn q_before_roll(g: &DiceOfDestiny, st: &State) -> Action {
    let p = other(st.core.active);
    if g.played(st, p) >= g.play_limit(st, p) {
        return Action::Pass;
    }
    let Some(card) = duck_spell(g, st, p) else {
        return Action::Pass;
    };
    let mut most = 0i32;
    let mut best: Option<(i32, u16)> = None;
    for &c in st.core.zones.get(z(st.core.active, Zone::Battlefield)) {
        if st.flags[usize::from(c)] & super::DECLARED == 0 || g.suppressed(st, c) {
            continue;
        }
        let hit = i32::from(g.def(c).hit_damage);
        most += hit;
        let v = (hit, threat(g, c));
        if best.is_none_or(|b| v > (i32::from(g.def(b.1).hit_damage), b.0)) {
            best = Some((v.1, c));
        }
    }
    match best {
        Some((t, c)) if t >= 3 || most >= st.core.life[p] => Action::Play {
            card,
            target: Some(c),
        },
        _ => Action::Pass,
    }
}
