//! The players: what a seat does at each decision.
//!
//! - [`Level::Goldfish`] races an opponent who does nothing (the old
//!   engine's policy, ported): cards that pay for themselves or win at once
//!   first, then a two-turn look-ahead that plays the card whose value by the
//!   horizon plus the best play next turn is highest, or saves Energy for a
//!   bigger card; every ready Hero to the Altar, every attack at Life. Made to
//!   play a real opponent it attacks where the targeting rules force it.
//! - [`Level::Quick`] (issue 27) plays to win against a real opponent,
//!   cheaply, by looking at the fight on both sides of the field:
//!   - Validate searches the turn's attacks (`Fight`: every order and
//!     target of its at most three attackers, under the targeting rules,
//!     Shield, Bridge, Pierce and On Hit) for the line worth most: KOs by
//!     what the card is worth (`worth`), damage to Life, chip damage on a
//!     card that survives (damage stays), a win above all;
//!   - Settle puts on the Altar the ready Heroes whose attack is worth
//!     something; when the other side's best attacks next turn (its Heroes
//!     on the field, all ready) would then be lethal, it changes one card at
//!     a time while the change pays for what they would take: a blocker
//!     that keeps a direct attack or a lethal Pierce off its Life, a
//!     fragile attacker kept in the Vault (`altar_plan`);
//!     Guard Heroes left in the Vault then go up while there is room
//!     (`guards_up`);
//!   - Activate is the racer's planner with a Guard Hero worth more, a card
//!     that only draws played only when the hand cannot pay for the Energy
//!     (`hand_pays`: the racer's planner counts a card drawn as damage to
//!     come, but a hand that already costs the Energy discards it at
//!     Exodus), and each Equip Relic on the Hero it helps most.
//!
//!   The weights are in [`super::weights`].
//! - [`Level::QuickV1`], the quick player before issue 27 (kept for
//!   measuring: `v1_*`): the same planner for its board,
//!   plus answers — KO and Silence on the threats that matter — an Altar
//!   kept full of blockers (an Altar card keeps Life out of reach), attacks
//!   that kill (a Shield popped by the weakest attacker first, overkill
//!   Pierced into Life), Bridge dodges, and Life whenever the opponent's
//!   Altar is open.
//! - The searching levels ([`crate::engine::search`]) play out with Quick.
//!
//! Nothing here allocates: choices are made over the zones in place.

use super::cards::{BRIDGE, DRAIN, Def, GUARD, Kind, SHIELD, STEALTH};
use super::{Action, FRESH, Fuzzycards, Phase, Row, State, USED, Zone, z};
use crate::engine::core::other;
use crate::engine::effect::{Status, Verb};
use crate::engine::game::Level;

use super::weights::{QUICK, Weights};

/// How many turns ahead the planner values a play (a beatdown deck's game
/// is about this long from any point that matters).
const HORIZON: u16 = 3;

/// The seat to act's choice.
/// Whether the policy does an optional step of its own card ("you may"):
/// yes, unless it costs its own Life or hurts its own card.
pub fn may(step: &crate::engine::effect::Step) -> bool {
    use crate::engine::effect::{Target, Verb};
    !matches!(
        (&step.verb, step.target),
        (
            Verb::Lose { .. } | Verb::Damage { .. } | Verb::Defeat { .. },
            Target::You | Target::This
        )
    )
}

pub fn choose(g: &Fuzzycards, st: &State, level: Level) -> Action {
    if st.may.waiting().is_some() {
        return Action::May { yes: true };
    }
    let p = crate::engine::game::Rules::to_act(g, st);
    let real = !st.core.passive[other(p)];
    match st.phase {
        Phase::Mulligan { by } => mulligan(g, st, usize::from(by)),
        // the first turn's extra Energy and tempo outweigh the second
        // player's extra card
        Phase::Order { .. } => Action::GoFirst,
        Phase::Activate => match level {
            Level::Quick if real => quick_activate(g, st, &QUICK),
            Level::QuickV1 if real => v1_activate(g, st),
            _ => activate(g, st),
        },
        Phase::Settle => match level {
            Level::Quick if real => quick_settle(g, st, &QUICK),
            Level::QuickV1 if real => v1_settle(g, st),
            _ => settle(g, st),
        },
        Phase::Validate => match level {
            Level::Quick if real => quick_attack(g, st, &QUICK),
            Level::QuickV1 if real => v1_attack(g, st),
            _ => goldfish_attack(g, st),
        },
        Phase::Exodus => {
            if st.core.zones.len(z(p, Zone::Hand)) > g.setup.hand_limit as usize {
                Action::Discard {
                    card: discard_choice(g, st, p),
                }
            } else {
                Action::Next
            }
        }
        Phase::Dodge { attacker, target } => match level {
            Level::Quick | Level::QuickV1 => dodge(g, st, attacker, target),
            _ => Action::Next,
        },
        Phase::Over => Action::Next,
    }
}

fn mulligan(g: &Fuzzycards, st: &State, p: usize) -> Action {
    let early = st
        .core
        .zones
        .get(z(p, Zone::Hand))
        .iter()
        .any(|&c| g.def(c).kind == Kind::Hero && g.def(c).cost <= 2);
    if st.mulligans[p] > 0 && !early {
        Action::Mulligan
    } else {
        Action::Keep
    }
}

// ---------------------------------------------------------------- goldfish

/// How much the planner wants to play a card now (`None`: not at all).
fn play_score(g: &Fuzzycards, st: &State, p: usize, d: &Def) -> Option<i32> {
    if d.kind == Kind::Blank || d.cost > st.energy[p] {
        return None;
    }
    let deploy = d.races.deploy;
    if deploy.energy >= d.cost && deploy.energy > 0 {
        return Some(1000);
    }
    if i32::from(deploy.damage) >= st.core.life[other(p)] {
        return Some(2000);
    }
    let room = |row| g.has_room(st, p, row);
    match d.kind {
        Kind::Hero => {
            let rush = d.own.kw & super::cards::RUSH != 0;
            let fits = if rush {
                room(Row::Altar) || room(Row::Vault)
            } else {
                room(Row::Vault)
            };
            fits.then(|| {
                500 + i32::from(d.cost) * 20 + i32::from(d.atk) + if rush { 10 } else { 0 }
            })
        }
        Kind::Equip => (d.boost > 0
            || d.races.hit.helps_race()
            || d.races.attack.helps_race()
            || new_activate(g, st, p, d) > 0)
            .then_some(400 + i32::from(d.boost) * 5),
        Kind::Field => ((d.races.start.helps_race()
            || d.races.end.helps_race()
            || new_activate(g, st, p, d) > 0)
            && (room(Row::Altar) || room(Row::Vault)))
        .then_some(300 + i32::from(d.cost)),
        Kind::Event => {
            if deploy.damage > 0 {
                Some(200 + i32::from(deploy.damage))
            } else if deploy.draw > 0 {
                Some(150 + i32::from(deploy.draw))
            } else {
                None
            }
        }
        Kind::Blank => None,
    }
}

/// Whether the planner has a use for a card at all.
fn useful(d: &Def) -> bool {
    match d.kind {
        Kind::Hero => true,
        Kind::Blank => false,
        Kind::Equip => d.boost > 0 || d.races.activate.helps_race(),
        Kind::Field => {
            d.races.start.helps_race() || d.races.end.helps_race() || d.races.activate.helps_race()
        }
        Kind::Event => d.races.deploy.helps_race(),
    }
}

/// What a Relic's own Activate ("pay 1 Energy to deal 5 damage to your
/// opponent's Life") adds each turn to player `p`'s race: damage, a card
/// drawn counting 3 and an Energy 2, as [`plan_value`] counts them; none
/// while an Activate that races already lies on its field (the Energy of a
/// turn pays for one, so a second one adds little).
fn new_activate(g: &Fuzzycards, st: &State, p: usize, d: &Def) -> i32 {
    let a = &d.races.activate;
    if !a.helps_race()
        || activators(st, p).any(|c| {
            let f = g.def(c);
            f.activated.is_some() && f.races.activate.helps_race()
        })
    {
        return 0;
    }
    i32::from(a.damage) + 3 * i32::from(a.draw) + 2 * i32::from(a.energy)
}

/// What playing `d` on turn `t` is worth by the horizon (turn now +
/// [`HORIZON`]): damage to Life, a card drawn counting 3 and an Energy 2.
fn plan_value(g: &Fuzzycards, st: &State, p: usize, d: &Def, t: u16) -> i32 {
    let end = st.core.turns[p] + HORIZON;
    let attacks = |start: u16| {
        if start > end {
            0
        } else {
            i32::from(end - start + 1)
        }
    };
    let r = &d.races;
    let extra =
        i32::from(r.deploy.damage) + 3 * i32::from(r.deploy.draw) + 2 * i32::from(r.deploy.energy);
    match d.kind {
        Kind::Hero => {
            let atk = i32::from(d.atk) + i32::from(d.boost);
            let rush = d.own.kw & super::cards::RUSH != 0;
            atk * attacks(if rush { t } else { t + 1 }) + extra
        }
        Kind::Equip => {
            i32::from(d.boost) * attacks(t.max(st.core.turns[p] + 1))
                + new_activate(g, st, p, d) * attacks(t)
                + extra
        }
        Kind::Field => {
            let per_turn = i32::from(r.end.damage)
                + i32::from(r.start.damage)
                + 3 * i32::from(r.start.draw + r.end.draw)
                + new_activate(g, st, p, d);
            per_turn * attacks(t) + extra
        }
        Kind::Event => extra,
        Kind::Blank => 0,
    }
}

/// The best card to play next turn with `energy` left now (not `except`).
fn best_next(g: &Fuzzycards, st: &State, p: usize, energy: u8, except: Option<u16>) -> i32 {
    let next = (energy + g.setup.energy_per_turn as u8).min(g.setup.energy_max as u8);
    st.core
        .zones
        .get(z(p, Zone::Hand))
        .iter()
        .filter(|&&c| Some(c) != except)
        .map(|&c| g.def(c))
        .filter(|d| d.cost <= next && useful(d))
        .map(|d| plan_value(g, st, p, d, st.core.turns[p] + 1))
        .max()
        .unwrap_or(0)
}

/// The Hero on player `p`'s field with the highest ATK.
fn best_attacker_on_field(g: &Fuzzycards, st: &State, p: usize) -> Option<u16> {
    let mut best: Option<(i32, u16)> = None;
    for row in [Zone::Altar, Zone::Vault] {
        for &c in st.core.zones.get(z(p, row)) {
            if g.def(c).kind == Kind::Hero {
                let a = g.atk_of(st, c);
                if best.is_none_or(|(b, _)| a > b) {
                    best = Some((a, c));
                }
            }
        }
    }
    best.map(|(_, c)| c)
}

/// The planner's choice of a card to play (with its target and row).
fn plan(
    g: &Fuzzycards,
    st: &State,
    p: usize,
    value: impl Fn(&Def, u16) -> Option<i32>,
) -> Option<Action> {
    let host = best_attacker_on_field(g, st, p);
    let mut urgent: Option<(i32, u16)> = None;
    let mut best: Option<(i32, i32, u16)> = None;
    for &c in st.core.zones.get(z(p, Zone::Hand)) {
        let d = g.def(c);
        let Some(score) = play_score(g, st, p, d) else {
            continue;
        };
        if (d.kind == Kind::Equip && host.is_none())
            || (d.needs_target && pick_target(g, st, p, d).is_none())
        {
            continue;
        }
        if score >= 1000 {
            if urgent.is_none_or(|(b, _)| score > b) {
                urgent = Some((score, c));
            }
            continue;
        }
        let Some(now) = value(d, c) else {
            continue;
        };
        let plan = now + best_next(g, st, p, st.energy[p] - d.cost, Some(c));
        if best.is_none_or(|(v, s, _)| (plan, score) > (v, s)) {
            best = Some((plan, score, c));
        }
    }
    let card = match (urgent, best) {
        (Some((_, c)), _) => c,
        (None, Some((plan, _, c))) if plan >= best_next(g, st, p, st.energy[p], None) => c,
        _ => return None,
    };
    Some(play(g, st, p, card, host))
}

/// The Play action for `card`: an Equip Relic on `host`, a Field Relic in
/// the emptier row, a "target" effect on its best target.
fn play(g: &Fuzzycards, st: &State, p: usize, card: u16, host: Option<u16>) -> Action {
    let d = g.def(card);
    let target = match d.kind {
        Kind::Equip => host,
        _ if d.target.is_some() => pick_target(g, st, p, d),
        _ => None,
    };
    let row = (d.kind == Kind::Field).then(|| {
        if st.core.zones.len(z(p, Zone::Altar)) < st.core.zones.len(z(p, Zone::Vault)) {
            Row::Altar
        } else if g.has_room(st, p, Row::Vault) {
            Row::Vault
        } else {
            Row::Altar
        }
    });
    Action::Play { card, target, row }
}

/// Activate for the goldfish: see the module docs.
fn activate(g: &Fuzzycards, st: &State) -> Action {
    let p = st.core.active;
    activate_by(g, st, |d, _| {
        Some(plan_value(g, st, p, d, st.core.turns[p]))
    })
}

/// Activate by the planner with `value` (see [`plan`]), else an ability
/// that races, else on to the next phase.
fn activate_by(g: &Fuzzycards, st: &State, value: impl Fn(&Def, u16) -> Option<i32>) -> Action {
    let p = st.core.active;
    plan(g, st, p, value)
        .or_else(|| racing_ability(g, st, p))
        .unwrap_or(Action::Next)
}

/// Player `p`'s cards with an Activate ability: the field's, then the
/// Equip Relics'.
fn activators<'s>(st: &'s State, p: usize) -> impl Iterator<Item = u16> + 's {
    [Zone::Altar, Zone::Vault, Zone::Equipped]
        .into_iter()
        .flat_map(move |row| st.core.zones.get(z(p, row)).iter().copied())
}

/// Using card `c`'s Activate ability, on the best target when it names
/// one (`None`: it names one and there is none).
fn use_ability(g: &Fuzzycards, st: &State, p: usize, c: u16) -> Option<Action> {
    let d = g.def(c);
    let target = match d.activate_target {
        Some(_) => Some(pick(g, st, p, |t| g.activate_target_ok(st, p, d, t))?),
        None => None,
    };
    Some(Action::Activate { card: c, target })
}

/// An Activate ability that helps the race and can be paid.
fn racing_ability(g: &Fuzzycards, st: &State, p: usize) -> Option<Action> {
    ability_where(g, st, p, |d| d.races.activate.helps_race())
}

/// The first of player `p`'s Activate abilities that can be used and paid
/// now and that `wanted` picks, used on its best target.
fn ability_where(
    g: &Fuzzycards,
    st: &State,
    p: usize,
    wanted: impl Fn(&Def) -> bool,
) -> Option<Action> {
    if !g.has_activates {
        return None;
    }
    activators(st, p).find_map(|c| {
        let d = g.def(c);
        (d.activated.is_some()
            && st.flags[usize::from(c)] & USED == 0
            && d.activate_pay <= st.energy[p]
            && wanted(d)
            && !g.silenced(st, c))
        .then(|| use_ability(g, st, p, c))
        .flatten()
    })
}

fn settle(g: &Fuzzycards, st: &State) -> Action {
    let p = st.core.active;
    let is_ready = |c: u16| g.ready(st, c);
    let altar = st.core.zones.get(z(p, Zone::Altar));
    let vault = st.core.zones.get(z(p, Zone::Vault));
    let altar_room = g.has_room(st, p, Row::Altar);
    for &v in vault.iter().filter(|&&v| is_ready(v)) {
        if altar_room {
            return Action::Move {
                card: v,
                with: None,
            };
        }
        if let Some(&a) = altar.iter().find(|&&a| !is_ready(a)) {
            return Action::Move {
                card: v,
                with: Some(a),
            };
        }
        let weakest = altar.iter().copied().min_by_key(|&a| g.atk_of(st, a));
        if let Some(a) = weakest
            && g.atk_of(st, v) > g.atk_of(st, a)
        {
            return Action::Move {
                card: v,
                with: Some(a),
            };
        }
    }
    if altar_room && let Some(&v) = vault.iter().find(|&&v| g.def(v).kind == Kind::Hero) {
        return Action::Move {
            card: v,
            with: None,
        };
    }
    Action::Next
}

/// Every ready attacker at Life; at the first target the rules allow when
/// Life is closed.
fn goldfish_attack(g: &Fuzzycards, st: &State) -> Action {
    let p = st.core.active;
    let Some(&card) = st
        .core
        .zones
        .get(z(p, Zone::Altar))
        .iter()
        .find(|&&c| g.ready(st, c))
    else {
        return Action::Next;
    };
    let t = g.attack_targets(st, p);
    let target = if t.life {
        None
    } else {
        t.cards().first().copied()
    };
    if target.is_none() && !t.life {
        return Action::Next;
    }
    Action::Attack { card, target }
}

fn discard_choice(g: &Fuzzycards, st: &State, p: usize) -> u16 {
    let hand = st.core.zones.get(z(p, Zone::Hand));
    *hand
        .iter()
        .max_by_key(|&&c| {
            let d = g.def(c);
            (!useful(d), d.cost)
        })
        .unwrap_or(&hand[0])
}

// ---------------------------------------------------------------- quick

/// What an enemy card on the field threatens: its ATK, plus what its
/// keywords and abilities add.
fn threat(g: &Fuzzycards, st: &State, c: u16) -> i32 {
    let d = g.def(c);
    if d.kind != Kind::Hero {
        let r = &d.races;
        return 2 + 3 * i32::from(r.end.damage + r.start.damage + r.start.draw);
    }
    let k = g.keywords(st, c);
    let mut v = g.atk_of(st, c) + 3 * i32::from(d.races.hit.damage + d.races.hit.draw);
    for (bit, w) in [
        (GUARD, 2),
        (SHIELD, 2),
        (DRAIN, 2),
        (BRIDGE, 1),
        (STEALTH, 2),
    ] {
        if k & bit != 0 {
            v += w;
        }
    }
    v
}

/// The best legal target for `d`'s "target" effect: for a KO or damage the
/// biggest threat it removes; for a Silence the card whose keywords and
/// abilities matter most.
fn pick_target(g: &Fuzzycards, st: &State, p: usize, d: &Def) -> Option<u16> {
    pick(g, st, p, |t| g.target_ok(st, p, d, t))
}

/// The most threatening card on the field that `ok` allows (enemies first).
fn pick(g: &Fuzzycards, st: &State, p: usize, ok: impl Fn(u16) -> bool) -> Option<u16> {
    let o = other(p);
    let mut best: Option<(i32, u16)> = None;
    for q in [o, p] {
        for row in [Zone::Altar, Zone::Vault] {
            for &t in st.core.zones.get(z(q, row)) {
                if !ok(t) {
                    continue;
                }
                let v = threat(g, st, t) + 10 * i32::from(g.row_of(st, t) == Some(Row::Altar));
                if best.is_none_or(|(b, _)| v > b) {
                    best = Some((v, t));
                }
            }
        }
    }
    best.map(|(_, t)| t)
}

/// Whether `d` silences.
fn silences(d: &Def) -> bool {
    d.on_deploy.iter().any(|a| {
        a.steps.iter().any(|s| {
            matches!(
                s.verb,
                Verb::Give {
                    status: Status::Silenced
                }
            )
        })
    })
}

/// Whether a target effect is worth its card now.
fn answer_value(g: &Fuzzycards, st: &State, p: usize, d: &Def, t: u16) -> i32 {
    let k = g.keywords(st, t);
    if silences(d) {
        // a Silence pays when it opens the way: a Guard, a Shield, Drain
        let ready = st
            .core
            .zones
            .get(z(p, Zone::Altar))
            .iter()
            .chain(st.core.zones.get(z(p, Zone::Vault)))
            .any(|&c| g.def(c).kind == Kind::Hero && st.flags[usize::from(c)] & FRESH == 0);
        let blocks = k & (GUARD | SHIELD | DRAIN | BRIDGE) != 0;
        if ready && blocks {
            3 * threat(g, st, t)
        } else {
            0
        }
    } else {
        4 * threat(g, st, t)
    }
}

fn v1_activate(g: &Fuzzycards, st: &State) -> Action {
    let p = st.core.active;
    let o = other(p);
    let energy = st.energy[p];
    // lethal reach: damage to Life now, with the attackers when Life is open
    let mut reach = 0;
    let mut burn: Option<(u8, u16)> = None;
    for &c in st.core.zones.get(z(p, Zone::Hand)) {
        let d = g.def(c);
        if d.cost <= energy && d.races.deploy.damage > 0 {
            reach += i32::from(d.races.deploy.damage);
            if burn.is_none_or(|(b, _)| d.races.deploy.damage > b) {
                burn = Some((d.races.deploy.damage, c));
            }
        }
    }
    if let Some((_, card)) = burn {
        let open = g.attack_targets(st, p).life;
        let attack: i32 = if open {
            st.core
                .zones
                .get(z(p, Zone::Altar))
                .iter()
                .chain(st.core.zones.get(z(p, Zone::Vault)))
                .filter(|&&c| g.ready(st, c))
                .map(|&c| g.atk_of(st, c))
                .sum()
        } else {
            0
        };
        if reach + attack >= st.core.life[o] {
            return play(g, st, p, card, None);
        }
    }
    // answers: a KO or a Silence on what matters
    let mut answer: Option<(i32, u16)> = None;
    for &c in st.core.zones.get(z(p, Zone::Hand)) {
        let d = g.def(c);
        if d.kind != Kind::Event || d.cost > energy || d.target.is_none() {
            continue;
        }
        if let Some(t) = pick_target(g, st, p, d) {
            let v = answer_value(g, st, p, d, t);
            if v > 0 && answer.is_none_or(|(b, _)| v > b) {
                answer = Some((v, c));
            }
        }
    }
    if let Some((v, card)) = answer
        && v >= 20
    {
        return play(g, st, p, card, None);
    }
    // the board: the planner, with a Hero's staying power and keywords
    let value = |d: &Def, _c: u16| -> Option<i32> {
        let base = plan_value(g, st, p, d, st.core.turns[p]);
        Some(match d.kind {
            Kind::Hero => {
                let k = d.own.kw;
                base + i32::from(d.hp) / 2 + 2 * i32::from(k & (GUARD | SHIELD | DRAIN) != 0)
            }
            Kind::Equip => {
                base + i32::from(d.equip.def + d.equip.hp) + 2 * i32::from(d.equip.kw != 0)
            }
            Kind::Event if d.target.is_some() => {
                let t = pick_target(g, st, p, d)?;
                base + answer_value(g, st, p, d, t) / 2
            }
            _ => base,
        })
    };
    if let Some(a) = plan(g, st, p, value) {
        return a;
    }
    if let Some((_, card)) = answer {
        return play(g, st, p, card, None);
    }
    if let Some(a) = racing_ability(g, st, p) {
        return a;
    }
    // Energy that would be lost next turn buys Life
    if energy >= g.setup.energy_max as u8
        && let Some(a) = ability_where(g, st, p, |d| d.races.activate.life > 0)
    {
        return a;
    }
    Action::Next
}

/// The cards player `p` wants on its Altar: the ready Heroes, strongest
/// first, then blockers (Guards, then the sturdiest) while the opponent has
/// Heroes to attack with. Rows do not change the choice, so the moves
/// toward it end.
fn wanted_on_altar(g: &Fuzzycards, st: &State, p: usize, c: u16) -> bool {
    let d = g.def(c);
    if d.kind != Kind::Hero {
        return false;
    }
    let slots = g.slots(Row::Altar);
    let key = |h: u16| -> (bool, bool, i32) {
        (
            g.ready(st, h),
            g.has(st, h, GUARD),
            if g.ready(st, h) {
                g.atk_of(st, h)
            } else {
                g.remaining(st, h)
            },
        )
    };
    let enemy_heroes = [Zone::Altar, Zone::Vault].iter().any(|&r| {
        st.core
            .zones
            .get(z(other(p), r))
            .iter()
            .any(|&e| g.def(e).kind == Kind::Hero)
    });
    if !g.ready(st, c) && !enemy_heroes {
        return false;
    }
    let mine = key(c);
    let better = [Zone::Altar, Zone::Vault]
        .iter()
        .flat_map(|&r| st.core.zones.get(z(p, r)).iter())
        .filter(|&&h| h != c && g.def(h).kind == Kind::Hero && (key(h), h) > (mine, c))
        .count();
    better < slots
}

fn v1_settle(g: &Fuzzycards, st: &State) -> Action {
    let p = st.core.active;
    let altar = st.core.zones.get(z(p, Zone::Altar));
    let vault = st.core.zones.get(z(p, Zone::Vault));
    let room = g.has_room(st, p, Row::Altar);
    for &v in vault {
        if !wanted_on_altar(g, st, p, v) {
            continue;
        }
        if room {
            return Action::Move {
                card: v,
                with: None,
            };
        }
        if let Some(&a) = altar.iter().find(|&&a| !wanted_on_altar(g, st, p, a)) {
            return Action::Move {
                card: v,
                with: Some(a),
            };
        }
    }
    // Field Relics rest in the Vault
    if g.has_room(st, p, Row::Vault)
        && let Some(&a) = altar.iter().find(|&&a| g.def(a).kind == Kind::Field)
    {
        return Action::Move {
            card: a,
            with: None,
        };
    }
    Action::Next
}

/// How good attacking `t` (`None`: Life) with `a` is now.
fn attack_score(g: &Fuzzycards, st: &State, a: u16, t: Option<u16>) -> i32 {
    let atk = g.atk_of(st, a);
    let Some(t) = t else {
        return 2000 + atk;
    };
    if g.shield_up(st, t) {
        // pop the Shield with the weakest attacker
        return 300 - atk;
    }
    let dmg = g.attack_damage(st, a, t);
    let rem = g.remaining(st, t);
    let value = threat(g, st, t);
    if dmg >= rem {
        1000 + 10 * value + (dmg - rem) - atk
    } else {
        500 + value - 5 * (rem - dmg)
    }
}

fn v1_attack(g: &Fuzzycards, st: &State) -> Action {
    let p = st.core.active;
    let targets = g.attack_targets(st, p);
    let mut best: Option<(i32, u16, Option<u16>)> = None;
    for &a in st.core.zones.get(z(p, Zone::Altar)) {
        if !g.ready(st, a) {
            continue;
        }
        let mut consider = |t: Option<u16>| {
            let s = attack_score(g, st, a, t);
            if best.is_none_or(|(b, _, _)| s > b) {
                best = Some((s, a, t));
            }
        };
        if targets.life {
            consider(None);
        }
        for &t in targets.cards() {
            consider(Some(t));
        }
    }
    best.map_or(Action::Next, |(_, card, target)| Action::Attack {
        card,
        target,
    })
}

fn dodge(g: &Fuzzycards, st: &State, attacker: u16, target: u16) -> Action {
    if g.shield_up(st, target) {
        return Action::Next;
    }
    let o = g.owner(target);
    let lethal = g.attack_damage(st, attacker, target) >= g.remaining(st, target);
    let others = st
        .core
        .zones
        .get(z(o, Zone::Altar))
        .iter()
        .any(|&c| c != target && !g.hidden(st, c));
    if lethal || others {
        Action::Dodge
    } else {
        Action::Next
    }
}

// ---------------------------------------------------------------- quick (issue 27)

/// The most cards one side's field holds that a fight looks at (both rows).
const FIELD: usize = 6;
/// The most attackers a fight looks at (the Altar's slots).
const ATTACKERS: usize = 3;
/// A line that wins the game.
const WIN: i32 = 1_000_000;

/// A defending card as a fight sees it.
#[derive(Clone, Copy, Debug, Default)]
struct Mark {
    card: u16,
    /// HP left, and printed (with its Relics).
    rem: i32,
    hp: i32,
    /// What a KO of it is worth to the attacker ([`worth`]).
    worth: i32,
    shield: bool,
    guard: bool,
    hidden: bool,
    altar: bool,
    /// Bridge: it dodges into the Vault when attacked on the Altar.
    bridge: bool,
    alive: bool,
}

/// One side's attacks on the other's field this turn (or next), played out
/// on a copy of the numbers that matter: who may be targeted (Guard,
/// Stealth, the Vault behind an empty Altar, Life), Shield, Bridge, KOs,
/// Pierce and On Hit damage. No allocation: fixed arrays.
#[derive(Clone, Copy, Debug)]
struct Fight {
    n: usize,
    marks: [Mark; FIELD],
    k: usize,
    attackers: [u16; ATTACKERS],
    /// A direct attack's damage (the full ATK).
    direct: [i32; ATTACKERS],
    /// Damage to Life its On Hit adds.
    on_hit: [i32; ATTACKERS],
    /// A hidden Stealth attacker.
    reveal: [bool; ATTACKERS],
    /// Damage of attacker `i` to mark `j` (before a Shield).
    dmg: [[i32; FIELD]; ATTACKERS],
    /// The defender's Life.
    life: i32,
    /// Free Vault slots on the defending side (where Bridge dodges to).
    room: usize,
    life_or_vault: bool,
    /// A point of the defender's Life, a Stealth attacker revealed, chip
    /// damage (percent of worth per share of HP).
    w_life: i32,
    w_reveal: i32,
    w_chip: i32,
}

/// A fight's first move: attacker index, target mark (`None`: Life).
type Move = (usize, Option<usize>);

impl Fight {
    fn new(g: &Fuzzycards, st: &State, defender: usize, w: &Weights, w_life: i32) -> Fight {
        Fight {
            n: 0,
            marks: [Mark::default(); FIELD],
            k: 0,
            attackers: [super::NONE; ATTACKERS],
            direct: [0; ATTACKERS],
            on_hit: [0; ATTACKERS],
            reveal: [false; ATTACKERS],
            dmg: [[0; FIELD]; ATTACKERS],
            life: st.core.life[defender],
            room: 0,
            life_or_vault: g.options.empty_altar_targets == super::EmptyAltarTargets::LifeOrVault,
            w_life,
            w_reveal: w.reveal,
            w_chip: w.chip,
        }
    }

    /// Adds a defending card (its Shield up when `fresh_turn`: Shields
    /// reset at the start of every turn).
    fn mark(
        &mut self,
        g: &Fuzzycards,
        st: &State,
        c: u16,
        altar: bool,
        fresh_turn: bool,
        w: &Weights,
    ) {
        if self.n == FIELD {
            return;
        }
        let k = g.keywords(st, c);
        let hidden = st.flags[usize::from(c)] & super::REVEALED == 0 && k & STEALTH != 0;
        self.marks[self.n] = Mark {
            card: c,
            rem: g.remaining(st, c),
            hp: g.hp_of(st, c).max(1),
            worth: worth(g, st, c, w),
            shield: k & SHIELD != 0
                && (fresh_turn || st.flags[usize::from(c)] & super::SHIELDED == 0),
            guard: k & GUARD != 0,
            hidden,
            altar,
            bridge: k & BRIDGE != 0,
            alive: true,
        };
        self.n += 1;
    }

    /// Adds an attacker (after every mark: its damage to each).
    fn attacker(&mut self, g: &Fuzzycards, st: &State, a: u16, will_reveal: bool) {
        if self.k == ATTACKERS {
            return;
        }
        let i = self.k;
        self.attackers[i] = a;
        self.direct[i] = g.atk_of(st, a).max(1);
        self.on_hit[i] = i32::from(g.def(a).races.hit.damage);
        self.reveal[i] = will_reveal;
        for j in 0..self.n {
            self.dmg[i][j] = g.attack_damage(st, a, self.marks[j].card);
        }
        self.k += 1;
    }

    /// Who may be attacked in `m`: a mask of marks, and Life
    /// ([`Fuzzycards::attack_targets`] on the fight's numbers).
    fn targets(&self, m: &[Mark; FIELD]) -> (u8, bool) {
        let (mut any, mut altar, mut visible, mut guards, mut vault) =
            (false, false, 0u8, 0u8, 0u8);
        for (i, x) in m.iter().enumerate().take(self.n) {
            if !x.alive {
                continue;
            }
            any = true;
            if x.altar {
                altar = true;
                if !x.hidden {
                    visible |= 1 << i;
                    if x.guard {
                        guards |= 1 << i;
                    }
                }
            } else if !x.hidden {
                vault |= 1 << i;
            }
        }
        if !any {
            (0, true)
        } else if visible != 0 {
            (if guards != 0 { guards } else { visible }, false)
        } else if altar {
            (0, false)
        } else {
            (vault, self.life_or_vault || vault == 0)
        }
    }

    /// Attacker `i` attacks `t` in `m`: (worth gained, damage to Life).
    fn hit(
        &self,
        m: &mut [Mark; FIELD],
        room: &mut usize,
        i: usize,
        t: Option<usize>,
    ) -> (i32, i32) {
        let reveal = if self.reveal[i] { -self.w_reveal } else { 0 };
        let Some(j) = t else {
            return (reveal, self.direct[i] + self.on_hit[i]);
        };
        let x = &mut m[j];
        if x.bridge && x.altar && *room > 0 {
            x.altar = false;
            *room -= 1;
            return (reveal, 0);
        }
        if x.shield {
            x.shield = false;
            return (reveal, 0);
        }
        let d = self.dmg[i][j];
        if d >= x.rem {
            x.alive = false;
            (reveal + x.worth, d - x.rem + self.on_hit[i])
        } else {
            x.rem -= d;
            (
                reveal + x.worth * self.w_chip * d / (100 * x.hp),
                self.on_hit[i],
            )
        }
    }

    /// The best line of the attackers not in `used`: its worth and first
    /// move (`None`: stop). `greedy` follows only each step's best attack.
    fn best(
        &self,
        m: &[Mark; FIELD],
        room: usize,
        used: u8,
        dealt: i32,
        greedy: bool,
    ) -> (i32, Option<Move>) {
        let mut best = (0, None);
        let (mask, life) = self.targets(m);
        if mask == 0 && !life {
            return best;
        }
        let mut step: Option<(i32, Move, [Mark; FIELD], usize, i32)> = None;
        for i in 0..self.k {
            if used & (1 << i) != 0 || self.twin(i, used) {
                continue;
            }
            let mut t = if life {
                None
            } else {
                Some(mask.trailing_zeros() as usize)
            };
            let mut rest = mask;
            loop {
                let mut m2 = *m;
                let mut room2 = room;
                let (v, l) = self.hit(&mut m2, &mut room2, i, t);
                let total = dealt + l;
                let now = if total >= self.life {
                    WIN
                } else {
                    v + l * self.w_life
                };
                if greedy {
                    if step.as_ref().is_none_or(|s| now > s.0) {
                        step = Some((now, (i, t), m2, room2, total));
                    }
                } else {
                    let v = if now >= WIN {
                        WIN
                    } else {
                        now + self.best(&m2, room2, used | (1 << i), total, false).0
                    };
                    if v > best.0 {
                        best = (v, Some((i, t)));
                    }
                }
                // next target: the marks in `rest` after `t`
                if let Some(j) = t {
                    rest &= !(1 << j);
                }
                if rest == 0 {
                    break;
                }
                t = Some(rest.trailing_zeros() as usize);
            }
        }
        if let Some((now, mv, m2, room2, total)) = step {
            let v = if now >= WIN {
                WIN
            } else {
                now + self.best(&m2, room2, used | (1 << mv.0), total, true).0
            };
            if v > 0 {
                best = (v, Some(mv));
            }
        }
        best
    }

    /// Whether an earlier attacker not yet used hits exactly like `i` (its
    /// lines are the same).
    fn twin(&self, i: usize, used: u8) -> bool {
        (0..i).any(|j| {
            used & (1 << j) == 0
                && self.direct[j] == self.direct[i]
                && self.on_hit[j] == self.on_hit[i]
                && self.reveal[j] == self.reveal[i]
                && self.dmg[j][..self.n] == self.dmg[i][..self.n]
        })
    }
}

/// What a card on the field is worth to its side (what a KO takes away):
/// its stats, keywords and what its abilities bring each turn.
fn worth(g: &Fuzzycards, st: &State, c: u16, w: &Weights) -> i32 {
    let d = g.def(c);
    let rem = g.remaining(st, c).max(0);
    if d.kind != Kind::Hero {
        let r = &d.races;
        let per_turn = i32::from(r.start.draw + r.end.draw + r.start.damage + r.end.damage);
        let aura = i32::from(d.enemy_lose != 0 || d.team_grants());
        return w.card / 2 + w.relic * (per_turn + aura) + w.hp * rem;
    }
    let k = g.keywords(st, c);
    let r = &d.races.hit;
    w.card
        + w.atk * g.atk_of(st, c)
        + w.hp * rem
        + w.keyword * (k & (GUARD | SHIELD | DRAIN | STEALTH)).count_ones() as i32
        + w.on_hit * i32::from(r.damage + r.draw)
}

/// Validate: the best line of this turn's attacks, searched (at most three
/// attackers, each on any target the rules allow, in any order); its first
/// attack. Stops when no attack is worth anything (a Stealth card keeps its
/// cover).
fn quick_attack(g: &Fuzzycards, st: &State, w: &Weights) -> Action {
    let p = st.core.active;
    let o = other(p);
    let mut f = Fight::new(g, st, o, w, w.life);
    for row in [Zone::Altar, Zone::Vault] {
        for &c in st.core.zones.get(z(o, row)) {
            f.mark(g, st, c, row == Zone::Altar, false, w);
        }
    }
    f.room = g
        .slots(Row::Vault)
        .saturating_sub(st.core.zones.len(z(o, Zone::Vault)));
    for &a in st.core.zones.get(z(p, Zone::Altar)) {
        if g.ready(st, a) {
            f.attacker(g, st, a, g.hidden(st, a));
        }
    }
    if f.k == 0 {
        return Action::Next;
    }
    match f.best(&f.marks, f.room, 0, 0, false).1 {
        Some((i, t)) => Action::Attack {
            card: f.attackers[i],
            target: t.map(|j| f.marks[j].card),
        },
        None => Action::Next,
    }
}

/// Player `p`'s cards on the field, by copy id (the same order whatever
/// their rows: a plan made from them does not change as cards move).
fn field_cards(st: &State, p: usize) -> ([u16; FIELD], usize) {
    let mut f = [super::NONE; FIELD];
    let mut n = 0;
    for row in [Zone::Altar, Zone::Vault] {
        for &c in st.core.zones.get(z(p, row)) {
            if n < FIELD {
                f[n] = c;
                n += 1;
            }
        }
    }
    f[..n].sort_unstable();
    (f, n)
}

/// The other side's attackers next turn: its Heroes on the field with the
/// highest ATK (as many as its Altar holds), strongest first.
fn their_attackers(g: &Fuzzycards, st: &State, o: usize) -> ([u16; ATTACKERS], usize) {
    let mut best = [(i32::MIN, super::NONE); ATTACKERS];
    for row in [Zone::Altar, Zone::Vault] {
        for &c in st.core.zones.get(z(o, row)) {
            if g.def(c).kind != Kind::Hero {
                continue;
            }
            let key = (g.atk_of(st, c), c);
            if let Some(i) = best.iter().position(|&b| key > b) {
                best.copy_within(i..ATTACKERS - 1, i + 1);
                best[i] = key;
            }
        }
    }
    let mut out = [super::NONE; ATTACKERS];
    let mut n = 0;
    for (_, c) in best {
        if c != super::NONE && n < g.slots(Row::Altar).min(ATTACKERS) {
            out[n] = c;
            n += 1;
        }
    }
    (out, n)
}

/// The other side's attacks next turn on player `p`'s `field`, as a fight
/// to play with the rows of [`exposure`].
fn their_fight(g: &Fuzzycards, st: &State, p: usize, field: &[u16], w: &Weights) -> Fight {
    let (theirs, nt) = their_attackers(g, st, other(p));
    let mut f = Fight::new(g, st, p, w, w.own_life);
    for &c in field {
        f.mark(g, st, c, false, true, w);
    }
    for &a in &theirs[..nt] {
        f.attacker(g, st, a, false);
    }
    f
}

/// What the other side's best attacks next turn (`f`, [`their_fight`])
/// take when the cards of the field in `altar` (a mask) stand on the Altar
/// and the rest in the Vault (`attacking`: the ones that attack this turn,
/// no longer hidden).
fn exposure(g: &Fuzzycards, f: &Fight, altar: u8, attacking: u8) -> i32 {
    if f.k == 0 {
        return 0;
    }
    let mut m = f.marks;
    for (i, x) in m.iter_mut().enumerate().take(f.n) {
        x.altar = altar & (1 << i) != 0;
        if attacking & (1 << i) != 0 {
            x.hidden = false;
        }
    }
    let room = g
        .slots(Row::Vault)
        .saturating_sub(f.n - altar.count_ones() as usize);
    f.best(&m, room, 0, 0, true).0
}

/// Settle: the cards player `p` wants on its Altar (a mask of `field`):
/// the ready Heroes whose attack is worth something; when the other side's
/// attacks next turn would then be lethal, single changes (a card more, a
/// card less) while they pay for what those attacks would take (a blocker
/// that keeps Pierce or a direct attack off our Life, a fragile attacker
/// kept back).
fn altar_plan(g: &Fuzzycards, st: &State, p: usize, field: &[u16], w: &Weights) -> u8 {
    let o = other(p);
    let slots = g.slots(Row::Altar).min(ATTACKERS);
    let theirs = their_fight(g, st, p, field, w);
    // what each ready Hero's attack is worth this turn
    let mut mine = Fight::new(g, st, o, w, w.life);
    for row in [Zone::Altar, Zone::Vault] {
        for &c in st.core.zones.get(z(o, row)) {
            mine.mark(g, st, c, row == Zone::Altar, false, w);
        }
    }
    mine.room = g
        .slots(Row::Vault)
        .saturating_sub(st.core.zones.len(z(o, Zone::Vault)));
    let mut gain = [0i32; FIELD];
    let mut ready = 0u8;
    for (i, &c) in field.iter().enumerate() {
        if g.def(c).kind != Kind::Hero || !g.ready(st, c) {
            continue;
        }
        let mut f = mine;
        f.k = 0;
        f.attacker(g, st, c, g.hidden(st, c));
        gain[i] = f.best(&f.marks, f.room, 0, 0, false).0;
        if gain[i] > 0 {
            ready |= 1 << i;
        }
    }
    // the start: the ready Heroes worth most, as many as fit
    let mut plan = 0u8;
    for _ in 0..slots {
        let pick = (0..field.len())
            .filter(|&i| ready & (1 << i) != 0 && plan & (1 << i) == 0)
            .max_by_key(|&i| (gain[i], std::cmp::Reverse(i)));
        if let Some(i) = pick {
            plan |= 1 << i;
        }
    }
    let vault = g.slots(Row::Vault);
    let score = |plan: u8| -> Option<i32> {
        let n = plan.count_ones() as usize;
        if n > slots || field.len() - n > vault {
            return None;
        }
        let gains: i32 = (0..field.len())
            .filter(|&i| plan & (1 << i) != 0)
            .map(|i| gain[i])
            .sum();
        let taken = exposure(g, &theirs, plan, plan & ready);
        Some(gains - taken * w.exposure / 100)
    };
    let mut now = score(plan).unwrap_or(i32::MIN);
    // only a lethal attack next turn changes the start (tuning log: the
    // changes made for smaller threats kept attackers back and lost more
    // than they saved)
    let lethal = exposure(g, &theirs, plan, plan & ready) >= WIN;
    let climbs = if lethal { field.len() } else { 0 };
    for _ in 0..climbs {
        let mut step: Option<(i32, u8)> = None;
        for i in 0..field.len() {
            let next = plan ^ (1 << i);
            if let Some(s) = score(next)
                && s > now
                && step.is_none_or(|(b, _)| s > b)
            {
                step = Some((s, next));
            }
        }
        match step {
            Some((s, next)) => {
                now = s;
                plan = next;
            }
            None => break,
        }
    }
    plan
}

/// `plan` (a mask of `field`) with the Guard Heroes it leaves in the Vault
/// added to the Altar while there is room, the sturdiest first: a Guard
/// there takes the other side's attacks (a Shield the first one) that would
/// otherwise reach the attackers or Life.
fn guards_up(g: &Fuzzycards, st: &State, field: &[u16], mut plan: u8) -> u8 {
    let slots = g.slots(Row::Altar).min(ATTACKERS);
    while (plan.count_ones() as usize) < slots {
        let pick = (0..field.len())
            .filter(|&i| {
                plan & (1 << i) == 0
                    && g.def(field[i]).kind == Kind::Hero
                    && g.has(st, field[i], GUARD)
            })
            .max_by_key(|&i| (g.remaining(st, field[i]), std::cmp::Reverse(i)));
        match pick {
            Some(i) => plan |= 1 << i,
            None => break,
        }
    }
    plan
}

fn quick_settle(g: &Fuzzycards, st: &State, w: &Weights) -> Action {
    let p = st.core.active;
    let (field, n) = field_cards(st, p);
    let field = &field[..n];
    if field.is_empty() {
        return Action::Next;
    }
    let plan = guards_up(g, st, field, altar_plan(g, st, p, field, w));
    let altar = st.core.zones.get(z(p, Zone::Altar));
    let vault = st.core.zones.get(z(p, Zone::Vault));
    let wanted = |c: u16| {
        field
            .iter()
            .position(|&f| f == c)
            .is_some_and(|i| plan & (1 << i) != 0)
    };
    for &v in vault.iter().filter(|&&v| wanted(v)) {
        if g.has_room(st, p, Row::Altar) {
            return Action::Move {
                card: v,
                with: None,
            };
        }
        if let Some(&a) = altar.iter().find(|&&a| !wanted(a)) {
            return Action::Move {
                card: v,
                with: Some(a),
            };
        }
    }
    if g.has_room(st, p, Row::Vault)
        && let Some(&a) = altar.iter().find(|&&a| !wanted(a))
    {
        return Action::Move {
            card: a,
            with: None,
        };
    }
    Action::Next
}

/// The Hero an Equip Relic goes on: ATK on the hardest hitter that can
/// attack soonest, Shield, DEF and HP on the sturdiest blocker (a Guard
/// first), Stealth on a Hero it would hide.
fn equip_host(g: &Fuzzycards, st: &State, p: usize, d: &Def) -> Option<u16> {
    let e = &d.equip;
    let mut best: Option<(i32, u16)> = None;
    for row in [Zone::Altar, Zone::Vault] {
        for &c in st.core.zones.get(z(p, row)) {
            if g.def(c).kind != Kind::Hero {
                continue;
            }
            let k = g.keywords(st, c);
            let mut v = i32::from(e.atk) * (g.atk_of(st, c) + 10 * i32::from(g.ready(st, c)));
            if e.kw & SHIELD != 0 && k & SHIELD == 0 {
                v += g.remaining(st, c) + 20 * i32::from(k & GUARD != 0);
            }
            if e.kw & STEALTH != 0 && k & STEALTH == 0 {
                v += g.atk_of(st, c);
            }
            v += i32::from(e.def + e.hp) * (1 + i32::from(k & GUARD != 0));
            if e.kw & !(SHIELD | STEALTH) != 0 {
                v += g.atk_of(st, c);
            }
            if best.is_none_or(|(b, _)| v > b) {
                best = Some((v, c));
            }
        }
    }
    best.map(|(_, c)| c)
}

/// Whether all `d` does for the race is draw cards (Sudden Insight, a
/// Library of Paws): no Hero, no damage, no Energy.
fn draws_only(d: &Def) -> bool {
    let r = &d.races;
    d.kind != Kind::Hero
        && r.deploy.damage == 0
        && r.deploy.energy == 0
        && r.deploy.draw + r.start.draw + r.end.draw > 0
}

/// Whether the other cards in player `p`'s hand that the planner has a use
/// for already cost the Energy left after playing `d`: then the cards `d`
/// draws could not be paid for before more come, and the Energy it costs
/// is a Hero's tempo lost (and the Scroll thinner).
fn hand_pays(g: &Fuzzycards, st: &State, p: usize, d: &Def) -> bool {
    let mut skipped = false;
    let mut cost = 0;
    for &c in st.core.zones.get(z(p, Zone::Hand)) {
        let h = g.def(c);
        if !skipped && std::ptr::eq(h, d) {
            skipped = true;
        } else if useful(h) {
            cost += i32::from(h.cost);
        }
    }
    cost >= i32::from(st.energy[p]) - i32::from(d.cost)
}

/// Activate: the racer's planner, with a Guard Hero worth more
/// (`Weights::guard`), a card that only draws played only when the hand
/// cannot pay for the Energy ([`hand_pays`]), and each Equip Relic on the
/// Hero it helps most (tuning log: today's quick player's answers and
/// staying power lost 3-7 points against the racer in the wisdom wall's
/// mirror; see [`super::weights`] for the draw rule's).
fn quick_activate(g: &Fuzzycards, st: &State, w: &Weights) -> Action {
    let p = st.core.active;
    let planned = activate_by(g, st, |d, _| {
        if draws_only(d) && hand_pays(g, st, p, d) {
            return None;
        }
        let guard = d.kind == Kind::Hero && d.own.kw & GUARD != 0;
        Some(plan_value(g, st, p, d, st.core.turns[p]) + w.guard * i32::from(guard))
    });
    match planned {
        Action::Play { card, target, row } if g.def(card).kind == Kind::Equip => Action::Play {
            card,
            target: equip_host(g, st, p, g.def(card)).or(target),
            row,
        },
        a => a,
    }
}
