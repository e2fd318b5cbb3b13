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
//! The quick policy (issue 27) plays to win against a real opponent: on its
//! own turn it goes all in when its ⚔ is lethal past what the other side
//! can soak up; else it reckons the other side's next attack from what its
//! seat shows — a ceiling: the real attack may lie well under it, so a loss
//! past our life weighs as the share of that range that kills
//! ([`death_risk`]) — and keeps back the resources whose answer is worth
//! more than the ⚔ they would make now ([`hold`]) — playing its keepers
//! only while those stay unspent, a better answerer always — converts the
//! rest and attacks. Its keepers ([`quick_keepers`]) weigh a converter by
//! its ⚔ less the card it gives the other side (a Gift's), and keep a
//! creature that dies for its ⚔ only when that beats its cost and the card
//! as a resource spent on the best converter; it attacks with the
//! converter worth most so reckoned. A converter that needs a special
//! resource (a Coin) counts only when another of its creatures gives one,
//! and on a turn that may attack every keeper pays a tempo cost — its
//! cost and the card as a resource would make ⚔ now — so a second Angry
//! Goblin (or a better converter that would get little use) becomes a
//! resource unless it gives more back over the turns to come; on the
//! first player's first turn, which cannot attack, development is free.
//! The other side's next attack counts a creature's ⚔ (start-of-turn and
//! ability) as one source, as the battle does: it dies only to all of it.
//! Attacked, it scores each answer by the battle it makes (life saved,
//! sources killed on both sides) and uses the best, or none. Weights
//! in [`super::weights`]. Every other level but goldfish keeps the quick
//! player of before issue 27 (the racer that answers with whatever it left
//! unexhausted).

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
    if level == Level::Quick {
        return quick(g, st, &QUICK);
    }
    match st.phase {
        Phase::Sacrifice => sacrifice(g, st),
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

/// The Sacrifice Phase: every hand card but the keepers becomes a resource.
fn sacrifice(g: &BizarreWorld, st: &State) -> Action {
    let keep = keepers(g, st);
    let p = st.core.active;
    st.core
        .zones
        .get(z(p, Zone::Hand))
        .iter()
        .find(|c| !keep.contains(c))
        .map_or(Action::Next, |&card| Action::Sacrifice { card })
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

// ------------------------------------------------------------ quick (issue 27)

use super::weights::{QUICK, Weights};

/// A repeatable converter: a creature's ability that turns resources into ⚔.
#[derive(Clone, Copy, Debug)]
struct Conv {
    card: u16,
    ability: u8,
    attack: i32,
    exhaust: i32,
    special: Option<u8>,
    feeds: bool,
}

impl Conv {
    fn of(card: u16, ability: usize, ab: &Active) -> Option<Conv> {
        ab.ratio().map(|_| Conv {
            card,
            ability: ability as u8,
            attack: i32::from(ab.attack),
            exhaust: i32::from(ab.exhaust),
            special: ab.special,
            feeds: ab.feeds_opponent,
        })
    }

    /// What one use is worth on our own turn, in tenths of ⚔: its ⚔ less
    /// what the card it gives the other side is reckoned to make against us.
    fn worth(&self, w: &Weights) -> i32 {
        10 * self.attack - if self.feeds { w.feed_attack } else { 0 }
    }

    /// Whether it is the better converter to attack with (its worth per
    /// resource).
    fn attacks_better_than(&self, o: &Conv, w: &Weights) -> bool {
        self.worth(w) * o.exhaust > o.worth(w) * self.exhaust
    }

    /// The ⚔ `res` resources of its kind make.
    fn over(&self, res: i32) -> i32 {
        if res <= 0 {
            0
        } else {
            res / self.exhaust * self.attack
        }
    }

    fn better_than(&self, o: &Conv) -> bool {
        self.attack * o.exhaust > o.attack * self.exhaust
    }
}

/// At most this many attack sources are weighed one by one (the rest are
/// left out of the reckoning).
const MAX_SOURCES: usize = 10;

/// Attack sources as (value, ⚔ contributed), in a fixed array.
#[derive(Clone, Copy)]
struct Sources {
    n: usize,
    at: [(i32, i32); MAX_SOURCES],
    cards: [u16; MAX_SOURCES],
}

impl Sources {
    fn new() -> Sources {
        Sources {
            n: 0,
            at: [(0, 0); MAX_SOURCES],
            cards: [0; MAX_SOURCES],
        }
    }

    /// Adds `contributed` ⚔ of `card`: a creature's contributions add up
    /// (it dies only when it receives all it contributed).
    fn push(&mut self, card: u16, value: i32, contributed: i32) {
        if contributed <= 0 {
            return;
        }
        if let Some(i) = self.cards[..self.n].iter().position(|&x| x == card) {
            self.at[i].1 += contributed;
            return;
        }
        if self.n < MAX_SOURCES {
            self.at[self.n] = (value, contributed);
            self.cards[self.n] = card;
            self.n += 1;
        }
    }

    fn total(&self) -> i32 {
        self.at[..self.n].iter().map(|&(_, c)| c).sum()
    }

    /// The most value `budget` ⚔ kills (a source dies when it receives all
    /// it contributed): the suggested distribution's choice.
    fn best_kill(&self, budget: i32) -> i32 {
        if budget <= 0 || self.n == 0 {
            return 0;
        }
        if self.total() <= budget {
            return self.at[..self.n].iter().map(|&(v, _)| v).sum();
        }
        let mut best = 0;
        for mask in 1u32..(1 << self.n) {
            let (mut cost, mut worth) = (0, 0);
            for (i, &(v, c)) in self.at[..self.n].iter().enumerate() {
                if mask & (1 << i) != 0 {
                    cost += c;
                    worth += v;
                }
            }
            if cost <= budget && worth > best {
                best = worth;
            }
        }
        best
    }
}

/// Player `p`'s resources of a kind (`special`), exhausted or not, but for
/// `except`: what it has once its Unexhaust Phase comes.
fn all_resources(g: &BizarreWorld, st: &State, p: usize, special: Option<u8>, except: u16) -> i32 {
    let face_down = if special.is_none() {
        st.core.zones.len(z(p, Zone::Resources))
    } else {
        0
    };
    let creatures = st
        .core
        .zones
        .get(z(p, Zone::Play))
        .iter()
        .filter(|&&c| {
            c != except
                && match (g.def(c).resource, special) {
                    (ResourceKind::None, _) => false,
                    (_, None) => true,
                    (ResourceKind::Special(s), Some(want)) => s == want,
                    (ResourceKind::Neutral, Some(_)) => false,
                }
        })
        .count();
    (face_down + creatures) as i32
}

/// What the other side `o` is reckoned to attack with on its next turn,
/// from what its seat shows: every resource it has, its hand and the card
/// it draws made resources and spent on its best converter in play, its
/// one-shot ⚔ (creatures that die for it: no source), start-of-turn ⚔.
struct Threat {
    attack: i32,
    sources: Sources,
}

fn threat(g: &BizarreWorld, st: &State, o: usize, w: &Weights) -> Threat {
    let extra = (st.core.zones.len(z(o, Zone::Hand)) as i32 * w.hand_share) / 10
        + i32::from(!st.core.zones.is_empty(z(o, Zone::Deck)));
    let mut best: Option<(i32, u16)> = None;
    let mut attack = 0;
    let mut sources = Sources::new();
    for &c in st.core.zones.get(z(o, Zone::Play)) {
        let d = g.def(c);
        let mut one_shot = 0;
        let mut free = 0;
        for (i, ab) in d.actives.iter().enumerate() {
            if let Some(cv) = Conv::of(c, i, ab) {
                let res = all_resources(g, st, o, cv.special, c)
                    + if cv.special.is_none() { extra } else { 0 };
                let made = cv.over(res);
                if best.is_none_or(|(m, _)| made > m) {
                    best = Some((made, c));
                }
            } else if ab.kill_self {
                one_shot = one_shot.max(i32::from(ab.attack));
            } else if ab.cost_free() {
                free += i32::from(ab.attack);
            }
        }
        attack += one_shot;
        let sourced = free + i32::from(d.turn_start_attack);
        if sourced > 0 {
            attack += sourced;
            sources.push(c, creature_value(g, c), sourced);
        }
    }
    match best {
        Some((made, c)) if made > 0 => {
            attack += made;
            sources.push(c, creature_value(g, c), made);
        }
        _ if extra > 0 => {
            let res = all_resources(g, st, o, None, u16::MAX) + extra - 1;
            let made = w.unseen * res.max(0) / 10;
            attack += made;
            sources.push(u16::MAX, w.unseen_value, made);
        }
        _ => {}
    }
    Threat { attack, sources }
}

/// The best ability player `p` could answer an attack with — one that
/// grants ⚔ for an exhaust cost, of a creature that may respond — and the
/// resources of its kind it can use (`None` for all of them, `Some(n)`: no
/// more than those available now).
fn responder(g: &BizarreWorld, st: &State, p: usize) -> Option<Conv> {
    let mut best: Option<Conv> = None;
    for &c in st.core.zones.get(z(p, Zone::Play)) {
        let d = g.def(c);
        if d.no_response || st.exhausted[usize::from(c)] {
            continue;
        }
        for (i, ab) in d.actives.iter().enumerate() {
            if ab.condition.is_some() {
                continue;
            }
            if let Some(cv) = Conv::of(c, i, ab)
                && best.is_none_or(|b| cv.better_than(&b))
            {
                best = Some(cv);
            }
        }
    }
    best
}

/// The ⚔ the other side `o` could answer an attack with now, on sources
/// that soak it up (what reaches its life is the attack less this).
fn absorb(g: &BizarreWorld, st: &State, o: usize) -> i32 {
    if st.core.passive[o] {
        return 0;
    }
    responder(g, st, o).map_or(0, |r| {
        r.over(g.available(st, o, r.special, Some(r.card)) as i32)
    })
}

/// Whether a creature with a one-shot ⚔ ability gives anything else every
/// turn (then it is kept for a lethal turn).
fn recurring(g: &BizarreWorld, c: u16) -> bool {
    let d = g.def(c);
    d.turn_start_attack > 0
        || d.turn_start_draws > 0
        || d.resource != ResourceKind::None
        || d.actives.iter().any(|a| !a.kill_self)
}

fn quick(g: &BizarreWorld, st: &State, w: &Weights) -> Action {
    match st.phase {
        Phase::Sacrifice => quick_sacrifice(g, st, w),
        Phase::Main => quick_main(g, st, w),
        Phase::Respond => quick_respond(g, st, w),
        Phase::Pay => Action::PayRest,
        Phase::Distribute => Action::Distribute,
        Phase::Over => Action::Next,
    }
}

/// At most this many hand cards are kept to play in one turn.
const MAX_KEEP: usize = 16;

/// The hand cards the quick player keeps to play this turn, in a fixed
/// array.
struct Kept {
    n: usize,
    cards: [u16; MAX_KEEP],
}

impl std::ops::Deref for Kept {
    type Target = [u16];
    fn deref(&self) -> &[u16] {
        &self.cards[..self.n]
    }
}

/// How many of player `p`'s creatures in play or `kept` (but `except`) are
/// resources of the special kind `s`: what a converter that needs `s` can
/// be fed with each turn (a creature cannot pay for its own ability).
fn special_sources(
    g: &BizarreWorld,
    st: &State,
    p: usize,
    s: u8,
    except: u16,
    kept: &[u16],
) -> i32 {
    st.core
        .zones
        .get(z(p, Zone::Play))
        .iter()
        .chain(kept)
        .filter(|&&c| c != except && g.def(c).resource == ResourceKind::Special(s))
        .count() as i32
}

/// How many uses a turn converter `cv` can get out of `res` resources, as
/// far as its kind of resource goes: a converter that needs a special
/// resource none of our other creatures gives makes nothing.
fn feedable(g: &BizarreWorld, st: &State, p: usize, cv: &Conv, res: i32, kept: &[u16]) -> i32 {
    match cv.special {
        Some(s) => res.min(special_sources(g, st, p, s, cv.card, kept)),
        _ => res,
    }
}

/// The best worth per resource (tenths of ⚔, [`Conv::worth`]) of player
/// `p`'s converters in play that can be fed.
fn best_worth_in_play(g: &BizarreWorld, st: &State, p: usize, w: &Weights) -> i32 {
    let mut best = 0;
    for &c in st.core.zones.get(z(p, Zone::Play)) {
        for (i, ab) in g.def(c).actives.iter().enumerate() {
            if let Some(cv) = Conv::of(c, i, ab)
                && feedable(g, st, p, &cv, 1, &[]) > 0
            {
                best = best.max(cv.worth(w) / cv.exhaust);
            }
        }
    }
    best
}

/// What the keepers are chosen for: the seat, whether this turn may
/// attack, the resources the turn will have, the cards kept so far.
struct KeepCtx<'a> {
    p: usize,
    banned: bool,
    res: i32,
    kept: &'a [u16],
}

/// How much the quick player wants to play a card, given the best worth
/// per resource of the converters in play or kept (`0`: better as a
/// resource). The racer's [`value`], but a converter counts by its worth
/// (a Gift's ⚔ less the card it gives) and only when a resource of its
/// kind can feed it, and a creature that dies for its ⚔ only when that ⚔
/// beats what its cost and the card as a resource make with the best
/// converter. On a turn that may attack, a card is a tempo cost: what it
/// costs and the card itself as a resource would make ⚔ now with the best
/// converter, so a converter or a creature whose ⚔ comes at the start of
/// later turns is kept only when it gives back more than that over the
/// turns to come ([`Weights::future`]).
fn quick_value(g: &BizarreWorld, st: &State, c: u16, best: i32, w: &Weights, k: &KeepCtx) -> i32 {
    let d = g.def(c);
    if d.blank {
        return 0;
    }
    let pays_back = i32::from(d.resource != ResourceKind::None && !d.enters_exhausted);
    let tempo = if k.banned || w.future == 0 {
        0
    } else {
        (i32::from(d.cost) + 1 - pays_back).max(0) * best
    };
    let later = 10 * i32::from(d.turn_start_attack) * w.future / 10;
    let mut v = 0;
    let mut conv = false;
    for (i, ab) in d.actives.iter().enumerate() {
        if let Some(cv) = Conv::of(c, i, ab) {
            let per = cv.worth(w) / cv.exhaust;
            let uses = feedable(g, st, k.p, &cv, k.res, k.kept);
            if per > best
                && uses > 0
                && (tempo == 0 || (per - best) * uses * w.future / 10 + later > tempo)
            {
                v += 50 + per;
                conv = true;
            }
        }
        if ab.kill_self
            && ab.attack > 0
            && 10 * i32::from(ab.attack) > (i32::from(d.cost) + 1) * best + w.one_shot_margin
        {
            v += 10 + i32::from(ab.attack);
        }
        if ab.cost_free() && ab.draws > 0 {
            v += 30;
        }
        if ab.exhaust > 0 && ab.draws > 0 {
            v += 5;
        }
    }
    // a special resource that feeds a converter nothing else feeds
    if let ResourceKind::Special(s) = d.resource {
        for &x in st.core.zones.get(z(k.p, Zone::Play)).iter().chain(k.kept) {
            for (i, ab) in g.def(x).actives.iter().enumerate() {
                if let Some(cv) = Conv::of(x, i, ab)
                    && cv.special == Some(s)
                    && special_sources(g, st, k.p, s, x, k.kept) == 0
                {
                    let per = cv.worth(w) / cv.exhaust;
                    if per > best && (tempo == 0 || (per - best) * w.future / 10 > tempo) {
                        v += 50 + per;
                        conv = true;
                    }
                }
            }
        }
    }
    v += 15 * i32::from(d.on_play_draws);
    if d.turn_start_attack > 0 || d.turn_start_draws > 0 {
        let only_later = !conv && v == 0 && d.turn_start_draws == 0;
        if !only_later || tempo == 0 || later > tempo {
            v += 20;
        }
    }
    if v > 0 && d.resource != ResourceKind::None {
        v += 5;
    }
    v
}

/// The quick player's keepers: the racer's [`keepers`] by [`quick_value`].
fn quick_keepers(g: &BizarreWorld, st: &State, w: &Weights) -> Kept {
    let p = st.core.active;
    let hand = st.core.zones.get(z(p, Zone::Hand));
    let mut best = best_worth_in_play(g, st, p, w);
    let mut kept = Kept {
        n: 0,
        cards: [0; MAX_KEEP],
    };
    let total_now = st.core.zones.len(z(p, Zone::Resources))
        + st.core
            .zones
            .get(z(p, Zone::Play))
            .iter()
            .filter(|&&c| g.def(c).resource != ResourceKind::None)
            .count();
    let n = hand.len();
    let banned = g.attack_banned(st);
    let mut used = [false; MAX_KEEP];
    let mut cost = 0usize;
    // the best card left each time (the ranking changes as converters are kept)
    for j in 0..n.min(MAX_KEEP) {
        let mut pick: Option<(i32, usize)> = None;
        {
            let k = KeepCtx {
                p,
                banned,
                res: (total_now + n - j - 1) as i32,
                kept: &kept.cards[..kept.n],
            };
            for (i, &c) in hand.iter().enumerate().take(MAX_KEEP) {
                if used[i] {
                    continue;
                }
                let v = quick_value(g, st, c, best, w, &k);
                if v > 0 && pick.is_none_or(|(b, _)| v > b) {
                    pick = Some((v, i));
                }
            }
        }
        let Some((_, i)) = pick else { break };
        let c = hand[i];
        let after = cost + usize::from(g.def(c).cost);
        // the other n - (j + 1) cards become resources
        if after > total_now + (n - j - 1) {
            break;
        }
        cost = after;
        used[i] = true;
        kept.cards[kept.n] = c;
        kept.n += 1;
        for (a, ab) in g.def(c).actives.iter().enumerate() {
            if let Some(cv) = Conv::of(c, a, ab)
                && feedable(g, st, p, &cv, 1, &kept.cards[..kept.n]) > 0
            {
                best = best.max(cv.worth(w) / cv.exhaust);
            }
        }
    }
    kept
}

/// The quick player's Sacrifice Phase: every hand card but its keepers.
fn quick_sacrifice(g: &BizarreWorld, st: &State, w: &Weights) -> Action {
    let keep = quick_keepers(g, st, w);
    let p = st.core.active;
    st.core
        .zones
        .get(z(p, Zone::Hand))
        .iter()
        .find(|c| !keep.contains(c))
        .map_or(Action::Next, |&card| Action::Sacrifice { card })
}

/// How many resources the quick player keeps back on its own turn to
/// answer the other side's next attack: each number of resources held is
/// scored — the ⚔ the rest makes now against the answer the held ones give
/// (life saved, the other side's sources killed, ours lost) — and the
/// smallest best one is kept.
fn hold(g: &BizarreWorld, st: &State, w: &Weights, banned: bool, off: Option<Conv>) -> i32 {
    let p = st.core.active;
    let o = other(p);
    let avail = g.available(st, p, None, None) as i32;
    let Some(resp) = responder(g, st, p) else {
        return 0;
    };
    let t = threat(g, st, o, w);
    if t.attack <= 0 {
        return 0;
    }
    let my_life = st.core.life[p];
    let their_life = st.core.life[o];
    let off_res = off.map_or(0, |c| g.available(st, p, c.special, Some(c.card)) as i32);
    let resp_self = i32::from(g.can_pay_with(st, Zone::Play, resp.card, resp.special));
    let resp_res = g.available(st, p, resp.special, Some(resp.card)) as i32;
    let resp_value = creature_value(g, resp.card);
    let mut one_shots = 0;
    if !banned {
        for &c in st.core.zones.get(z(p, Zone::Play)) {
            if !recurring(g, c) {
                one_shots += g
                    .def(c)
                    .actives
                    .iter()
                    .filter(|a| a.kill_self)
                    .map(|a| i32::from(a.attack))
                    .max()
                    .unwrap_or(0);
            }
        }
    }
    let mut best = (i32::MIN, 0);
    for h in 0..=avail {
        let dmg = if banned {
            0
        } else {
            st.attack[p] + one_shots + off.map_or(0, |c| c.over(off_res.min(avail - h)))
        };
        let d = resp.over((h - resp_self).min(resp_res));
        let mut score = w.damage * dmg.min(their_life);
        if d > t.attack {
            score += w.kill * t.sources.best_kill(d);
        } else {
            let answer = if d > 0 {
                w.life * d + w.kill * t.sources.best_kill(d) - w.loss * resp_value
            } else {
                0
            };
            let answered = answer > 0 || (d > 0 && t.attack >= my_life);
            let loss = if answered { t.attack - d } else { t.attack };
            score -= w.life * loss;
            if answered {
                score += answer - w.life * d;
            }
            score -= death_risk(loss, my_life, t.attack, w);
        }
        if score > best.0 {
            best = (score, h);
        }
    }
    best.1
}

/// What a loss of `loss` life at `life` weighs as the risk of dying: the
/// reckoned threat is the most the other side could make (its whole hand a
/// resource, its best converter), so the real attack is taken to lie
/// anywhere in the top share [`Weights::spread`] of `threat` below it.
fn death_risk(loss: i32, life: i32, threat: i32, w: &Weights) -> i32 {
    let spread = threat * w.spread / 10;
    let over = loss - life + 1;
    if over <= 0 {
        0
    } else if over > spread {
        w.death
    } else {
        w.death * over / (spread + 1)
    }
}

/// The quick player's own turn: lethal with everything it has (the racer's
/// turn, when the ⚔ beats what the other side can soak up); else it plays
/// its keepers, uses its cost-free abilities, keeps back what
/// [`hold`] says for the other side's attack, converts the rest into ⚔,
/// draws with what is left over, and attacks.
fn quick_main(g: &BizarreWorld, st: &State, w: &Weights) -> Action {
    let p = st.core.active;
    let o = other(p);
    let banned = g.attack_banned(st);
    if !banned && potential_attack(g, st, p) - absorb(g, st, o) >= st.core.life[o] {
        return main(g, st);
    }
    let avail = g.available(st, p, None, None);
    let play: &[u16] = st.core.zones.get(z(p, Zone::Play));
    let generic_for = |special: Option<u8>| match special {
        None => avail,
        s => g.available(st, p, s, None),
    };
    let usable = |c: u16, i: usize| -> Option<&Active> {
        let ab = g.def(c).actives.get(i)?;
        g.blocked_given(st, c, ab, generic_for(ab.special))
            .is_none()
            .then_some(ab)
    };
    let mut off: Option<Conv> = None;
    if !banned {
        for &c in play {
            for i in 0..g.def(c).actives.len() {
                if let Some(ab) = usable(c, i)
                    && let Some(cv) = Conv::of(c, i, ab)
                    && off.is_none_or(|b| cv.attacks_better_than(&b, w))
                {
                    off = Some(cv);
                }
            }
        }
    }
    // 1. the kept cards, best first: a better answer to an attack always,
    // the others while what is held back stays unspent
    let affordable = |c: &u16| !g.def(*c).blank && usize::from(g.def(*c).cost) <= avail;
    if st.core.zones.get(z(p, Zone::Hand)).iter().any(affordable) {
        let kept = hold(g, st, w, banned, off);
        let resp = responder(g, st, p);
        let keep = quick_keepers(g, st, w);
        for &card in keep[..].iter().filter(|c| affordable(c)) {
            let d = g.def(card);
            let answers = !d.no_response
                && d.actives.iter().enumerate().any(|(i, ab)| {
                    ab.condition.is_none()
                        && Conv::of(card, i, ab)
                            .is_some_and(|cv| resp.is_none_or(|r| cv.better_than(&r)))
                });
            let pays_back = i32::from(d.resource != ResourceKind::None && !d.enters_exhausted);
            if answers || avail as i32 - i32::from(d.cost) + pays_back >= kept {
                return Action::Play { card };
            }
        }
    }
    // 2. cost-free abilities that draw or give ⚔
    for &c in play {
        for i in 0..g.def(c).actives.len() {
            if let Some(ab) = usable(c, i)
                && ab.cost_free()
                && (ab.draws > 0 || (ab.attack > 0 && !banned))
            {
                return Action::Activate {
                    card: c,
                    ability: i as u8,
                };
            }
        }
    }
    // 3. one-shot ⚔ of creatures that give nothing else
    if !banned {
        for &c in play {
            if recurring(g, c) {
                continue;
            }
            for i in 0..g.def(c).actives.len() {
                if let Some(ab) = usable(c, i)
                    && ab.kill_self
                    && ab.attack > 0
                {
                    return Action::Activate {
                        card: c,
                        ability: i as u8,
                    };
                }
            }
        }
    }
    // 4. the best converter, with what is not held back
    let kept = hold(g, st, w, banned, off);
    let spare = avail as i32 - kept;
    if let Some(cv) = off {
        let res = (g.available(st, p, cv.special, Some(cv.card)) as i32).min(spare);
        let times = (res / cv.exhaust).clamp(0, i32::from(u8::MAX)) as u8;
        if times == 1 {
            return Action::Activate {
                card: cv.card,
                ability: cv.ability,
            };
        }
        if times > 1 {
            return Action::Repeat {
                card: cv.card,
                ability: cv.ability,
                times,
            };
        }
    }
    // 5. draw abilities with what is left over
    for &c in play {
        for i in 0..g.def(c).actives.len() {
            if let Some(ab) = usable(c, i)
                && ab.draws > 0
                && !ab.kill_self
                && i32::from(ab.exhaust) <= spare
            {
                return Action::Activate {
                    card: c,
                    ability: i as u8,
                };
            }
        }
    }
    if st.attack[p] > 0 && !banned {
        return Action::Attack;
    }
    Action::Next
}

/// Defending: every answer the quick player has — each ⚔ ability of its
/// creatures used once or as many times as the resources allow — is scored
/// by the battle it makes (the attacker kills the most valuable of our
/// sources its ⚔ covers, the rest of its ⚔ reaching our life; our ⚔ kills
/// the most valuable of its sources), and the best is used, or none.
fn quick_respond(g: &BizarreWorld, st: &State, w: &Weights) -> Action {
    let d = other(st.core.active);
    let a = st.battle.attack;
    let mut theirs = Sources::new();
    for &(c, n) in &st.battle.sources {
        theirs.push(c, creature_value(g, c), i32::from(n));
    }
    let mut ours = Sources::new();
    for &c in st.core.zones.get(z(d, Zone::Play)) {
        ours.push(
            c,
            creature_value(g, c),
            i32::from(st.contributed[usize::from(c)]),
        );
    }
    let life = st.core.life[d];
    let score = |ours: &Sources, defence: i32, lost: i32| -> i32 {
        let soaked = ours.total();
        let (loss, dead) = if a >= soaked {
            (a - soaked, ours.at[..ours.n].iter().map(|&(v, _)| v).sum())
        } else {
            (0, ours.best_kill(a))
        };
        let mut s = -w.life * loss + w.kill * theirs.best_kill(defence) - w.loss * (dead + lost);
        if loss >= life {
            s -= w.death;
        }
        s
    };
    let now = score(&ours, st.attack[d], 0);
    let mut best: Option<(i32, Action)> = None;
    for &c in st.core.zones.get(z(d, Zone::Play)) {
        let value = creature_value(g, c);
        for (i, ab) in g.def(c).actives.iter().enumerate() {
            if ab.attack == 0 || g.blocked(st, c, ab).is_some() {
                continue;
            }
            let ability = i as u8;
            let most = if ab.exhaust > 0 && !ab.kill_self {
                (g.available(st, d, ab.special, Some(c)) / usize::from(ab.exhaust))
                    .min(usize::from(u8::MAX)) as i32
            } else {
                1
            };
            for times in 1..=most {
                let gain = times * i32::from(ab.attack);
                let mut with = ours;
                let lost = if ab.kill_self {
                    value
                } else {
                    // the creature's contribution grows
                    match with.cards[..with.n].iter().position(|&x| x == c) {
                        Some(j) => with.at[j].1 += gain,
                        None => with.push(c, value, gain),
                    }
                    0
                };
                let feed = if ab.feeds_opponent { times } else { 0 };
                let s = score(&with, st.attack[d] + gain, lost) - w.feed * feed;
                if s > now && best.is_none_or(|(b, _)| s > b) {
                    let action = if times == 1 {
                        Action::Activate { card: c, ability }
                    } else {
                        Action::Repeat {
                            card: c,
                            ability,
                            times: times as u8,
                        }
                    };
                    best = Some((s, action));
                }
            }
        }
    }
    best.map_or(Action::Next, |(_, a)| a)
}
