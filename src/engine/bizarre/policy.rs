//! The players.
//!
//! The goldfish policy races. Sacrifice Phase: rank the hand by how much
//! each card is worth playing (a better ⚔-per-resource converter than any in
//! play, one-shot ⚔, card draw, start-of-turn ⚔; a second copy of a converter
//! is worth nothing), keep the best prefix whose costs the resources can pay
//! once the rest is sacrificed, and sacrifice the rest: with repeatable
//! converters every resource is ⚔ every turn. Main: play the keepers, use
//! cost-free draws, sacrifice one-shot creatures for ⚔ (or any, when
//! lethal), convert every resource with the best converter, draw with what
//! is left, then attack. On a turn that bans attacks, resources go to card
//! draw instead.
//!
//! Payments are the suggested ones and distributions the suggested kills
//! (the most valuable sources the ⚔ can kill, none wasted), for the
//! computer's own seat only: a human seat is offered its choice (BW 12).
//!
//! The quick policy plays the same race and defends: attacked, it answers
//! with ⚔ abilities while they soak up ⚔ that would reach its life or kill
//! the attacker's sources, and it keeps a resource back for that when its
//! life is short.

use super::cards::{Active, ResourceKind};
use super::{Action, BizarreWorld, Phase, State, Zone, z};
use crate::engine::core::other;
use crate::engine::game::Level;

/// How much a creature in play is worth keeping (for killing in battle).
pub fn creature_value(g: &BizarreWorld, c: u16) -> i32 {
    let d = g.def(c);
    let mut v = i32::from(d.cost);
    for ab in &d.actives {
        if let Some(r) = ab.ratio() {
            v += 10 + (10.0 * r) as i32;
        }
        v += 3 * i32::from(ab.draws);
    }
    v += 5 * i32::from(d.turn_start_attack) + 3 * i32::from(d.turn_start_draws);
    if d.resource != ResourceKind::None {
        v += 3;
    }
    v
}

pub fn choose(g: &BizarreWorld, st: &State, level: Level) -> Action {
    if level == Level::Strong {
        return crate::engine::search::strong(g, st).unwrap_or_else(|| choose(g, st, Level::Quick));
    }
    match st.phase {
        Phase::Sacrifice => {
            let keep = keepers(g, st);
            let p = st.core.active;
            st.core
                .zones
                .get(z(p, Zone::Hand))
                .iter()
                .find(|c| !keep.contains(c))
                .map_or(Action::Next, |&card| Action::Sacrifice { card })
        }
        Phase::Main => main(g, st),
        Phase::Respond => match level {
            Level::Goldfish => Action::Next,
            _ => respond(g, st),
        },
        // the computer's own payment and distribution: the suggested ones
        Phase::Pay => Action::PayRest,
        Phase::Distribute => Action::Distribute,
        Phase::Over => Action::Next,
    }
}

/// The best repeatable converter ratio among player `p`'s creatures in play.
fn best_ratio_in_play(g: &BizarreWorld, st: &State, p: usize) -> f32 {
    st.core
        .zones
        .get(z(p, Zone::Play))
        .iter()
        .flat_map(|&c| g.def(c).actives.iter().filter_map(Active::ratio))
        .fold(0.0, f32::max)
}

/// How much the policy wants to play a card, given the best converter ratio
/// already in play or kept (`0`: better as a resource).
fn value(g: &BizarreWorld, c: u16, best_ratio: f32) -> i32 {
    let d = g.def(c);
    if d.blank {
        return 0;
    }
    let mut v = 0;
    for ab in &d.actives {
        if let Some(r) = ab.ratio()
            && r > best_ratio
        {
            v += 50 + (10.0 * r) as i32;
        }
        if ab.kill_self && ab.attack > 0 {
            v += 10 + i32::from(ab.attack);
        }
        if ab.cost_free() && ab.draws > 0 {
            v += 30;
        }
        if ab.exhaust > 0 && ab.draws > 0 {
            v += 5;
        }
    }
    v += 15 * i32::from(d.on_play_draws);
    if d.turn_start_attack > 0 || d.turn_start_draws > 0 {
        v += 20;
    }
    if v > 0 && d.resource != ResourceKind::None {
        v += 5;
    }
    v
}

/// The hand cards the policy keeps to play this turn: a prefix of the hand
/// by value whose costs the resources can pay once the rest is sacrificed.
fn keepers(g: &BizarreWorld, st: &State) -> Vec<u16> {
    let p = st.core.active;
    let hand = st.core.zones.get(z(p, Zone::Hand));
    let mut best = best_ratio_in_play(g, st, p);
    let mut ranked: Vec<u16> = hand.to_vec();
    ranked.sort_by_key(|&c| std::cmp::Reverse(value(g, c, best)));
    let total_now = st.core.zones.len(z(p, Zone::Resources))
        + st.core
            .zones
            .get(z(p, Zone::Play))
            .iter()
            .filter(|&&c| g.def(c).resource != ResourceKind::None)
            .count();
    let n = ranked.len();
    let mut keep = Vec::new();
    let mut cost = 0usize;
    for (j, &c) in ranked.iter().enumerate() {
        if value(g, c, best) <= 0 {
            break;
        }
        let after = cost + usize::from(g.def(c).cost);
        // the other n - (j + 1) cards become resources
        if after > total_now + (n - j - 1) {
            break;
        }
        cost = after;
        keep.push(c);
        for r in g.def(c).actives.iter().filter_map(Active::ratio) {
            best = best.max(r);
        }
    }
    keep
}

/// The ⚔ the resources could still make this turn (for the lethal check).
fn potential_attack(g: &BizarreWorld, st: &State, p: usize) -> i32 {
    let mut total = st.attack[p];
    let mut avail = g.available(st, p, None, None) as i32;
    let mut convs: Vec<(f32, &Active)> = Vec::new();
    for &c in st.core.zones.get(z(p, Zone::Play)) {
        if st.exhausted[usize::from(c)] {
            continue;
        }
        for ab in &g.def(c).actives {
            if ab.kill_self && ab.exhaust == 0 {
                total += i32::from(ab.attack);
            } else if let Some(r) = ab.ratio()
                && ab.special.is_none()
            {
                convs.push((r, ab));
            }
        }
    }
    convs.sort_by(|a, b| b.0.total_cmp(&a.0));
    if let Some((_, ab)) = convs.first() {
        let uses = avail / i32::from(ab.exhaust);
        total += uses * i32::from(ab.attack);
        avail -= uses * i32::from(ab.exhaust);
    }
    let _ = avail;
    total
}

fn main(g: &BizarreWorld, st: &State) -> Action {
    let p = st.core.active;
    let banned = g.attack_banned(st);
    // 1. play the kept cards, best first
    let avail = g.available(st, p, None, None);
    let affordable = |c: &u16| !g.def(*c).blank && usize::from(g.def(*c).cost) <= avail;
    if st.core.zones.get(z(p, Zone::Hand)).iter().any(affordable)
        && let Some(&card) = keepers(g, st).iter().find(|c| affordable(c))
    {
        return Action::Play { card };
    }
    // 2. cost-free abilities that draw or give ⚔
    let play: &[u16] = st.core.zones.get(z(p, Zone::Play));
    let generic = avail;
    let generic_for = |special: Option<u8>| match special {
        None => generic,
        s => g.available(st, p, s, None),
    };
    let usable = |c: u16, w: usize| -> Option<&Active> {
        let ab = g.def(c).actives.get(w)?;
        g.blocked_given(st, c, ab, generic_for(ab.special))
            .is_none()
            .then_some(ab)
    };
    for &c in play {
        for w in 0..g.def(c).actives.len() {
            if let Some(ab) = usable(c, w)
                && ab.cost_free()
                && (ab.draws > 0 || (ab.attack > 0 && !banned))
            {
                return Action::Activate {
                    card: c,
                    ability: w as u8,
                };
            }
        }
    }
    if banned {
        // nothing to attack with: spend resources on cards instead
        for &c in play {
            for w in 0..g.def(c).actives.len() {
                if let Some(ab) = usable(c, w)
                    && ab.draws > 0
                    && !ab.kill_self
                {
                    return Action::Activate {
                        card: c,
                        ability: w as u8,
                    };
                }
            }
        }
        return Action::Next;
    }
    let lethal = potential_attack(g, st, p) >= st.core.life[other(p)];
    // 3. one-shot ⚔: creatures that die for it and give nothing else
    for &c in play {
        let d = g.def(c);
        let recurring = d.turn_start_attack > 0
            || d.turn_start_draws > 0
            || d.resource != ResourceKind::None
            || d.actives.iter().any(|a| !a.kill_self);
        for w in 0..d.actives.len() {
            if let Some(ab) = usable(c, w)
                && ab.kill_self
                && ab.attack > 0
                && (lethal || !recurring)
            {
                return Action::Activate {
                    card: c,
                    ability: w as u8,
                };
            }
        }
    }
    // 4. repeatable converters, best ratio first
    let mut best: Option<(f32, u16, u8)> = None;
    for &c in play {
        for w in 0..g.def(c).actives.len() {
            if let Some(ab) = usable(c, w)
                && let Some(r) = ab.ratio()
                && best.is_none_or(|(b, _, _)| r > b)
            {
                best = Some((r, c, w as u8));
            }
        }
    }
    if let Some((_, card, ability)) = best {
        let ab = &g.def(card).actives[usize::from(ability)];
        let spare =
            generic_for(ab.special) - usize::from(g.can_pay_with(st, Zone::Play, card, ab.special));
        let times = (spare / usize::from(ab.exhaust)).clamp(1, usize::from(u8::MAX)) as u8;
        if times == 1 {
            return Action::Activate { card, ability };
        }
        return Action::Repeat {
            card,
            ability,
            times,
        };
    }
    // 5. draw abilities with the resources left over
    for &c in play {
        for w in 0..g.def(c).actives.len() {
            if let Some(ab) = usable(c, w)
                && ab.draws > 0
                && !ab.kill_self
            {
                return Action::Activate {
                    card: c,
                    ability: w as u8,
                };
            }
        }
    }
    if st.attack[p] > 0 {
        return Action::Attack;
    }
    Action::Next
}

/// Defending: answer with ⚔ abilities while the attack would still reach
/// life or the attacker has sources to kill.
fn respond(g: &BizarreWorld, st: &State) -> Action {
    let d = other(st.core.active);
    let own_sources: i32 = st
        .core
        .zones
        .get(z(d, Zone::Play))
        .iter()
        .map(|&c| i32::from(st.contributed[usize::from(c)]))
        .sum();
    let reaching = st.battle.attack - own_sources;
    let their_sources: i32 = st.battle.sources.iter().map(|&(_, n)| i32::from(n)).sum();
    if reaching <= 0 && st.attack[d] >= their_sources {
        return Action::Next;
    }
    for &c in st.core.zones.get(z(d, Zone::Play)) {
        for (w, ab) in g.def(c).actives.iter().enumerate() {
            if ab.attack > 0 && !ab.kill_self && g.blocked(st, c, ab).is_none() {
                return Action::Activate {
                    card: c,
                    ability: w as u8,
                };
            }
        }
    }
    Action::Next
}
