//! Bizarre World against a passive opponent (rules-notes BW §3-§4).
//!
//! Setup: shuffle, draw to 5 (no mulligan). The opponent's life comes from the
//! deck's duel size (Speed 10, Normal 15, Long 20; BW-D2). Each turn: start of
//! turn effects, the Draw Phase (1 card; an empty deck draws nothing, or loses
//! with `deck_out = lose`), the Sacrifice Phase (put any hand cards face down as
//! neutral resources), Unexhaust, then Main: play creatures by exhausting
//! resources equal to their cost, use active abilities (pay the cost, then
//! resolve), and declare attacks, each spending all the ⚔ gained this turn.
//! ⚔ comes only from abilities; unspent ⚔ is lost at the end of the turn.
//! No attack may be declared on the starting player's first turn
//! (`first_turn_attack_ban`, BW §6.1).
//!
//! Readings the rules leave open, decided here:
//! - Abilities may be used again and again while their cost can be paid
//!   (BW §6.7). A creature does not exhaust by using its ability, and it cannot
//!   exhaust itself to pay its own ability's cost ("an exhausted creature
//!   cannot use its abilities": it would be exhausted before the ability
//!   resolves).
//! - **Loop guard.** A cost-free ability (no `exhaust`, no `kill_self`; e.g.
//!   `if_hand_empty` + draw) could repeat forever. In the spirit of the "looping
//!   effects" rule of the sister rulebook (no repeating loop without a
//!   meaningful change to life, hand, battlefield, graveyard or deck), a
//!   cost-free ability may repeat only while it draws a card from a non-empty
//!   deck (each use moves a card, so the deck bounds the loop); any other
//!   cost-free ability is used at most once per creature per turn.
//! - Costs are paid automatically in a fixed order (face-down resources, then
//!   resource creatures without abilities, then the others, special-resource
//!   creatures last) so that a typed `Play`/`Activate` action is enough; a
//!   special cost (`resource = "coin"`) only takes that special resource.

use std::cell::RefCell;

use serde::{Deserialize, Serialize};

use super::legacy::fx::{Fx, unsupported};
use super::legacy::sim::{
    CardView, CurveLabels, Illegal, Log, Outcome, Seat, Sim, Snapshot, Trace, TurnUnit, ensure,
    push_if_legal, zone_views,
};
use super::legacy::table::Table;
use super::legacy::zones::{At, ZoneId, Zones};
use super::{DeckCards, Rng, rng};
use crate::games::OptionError;
use crate::model::{Card, Catalog, GameId, Trigger};

/// The game file's `[setup]` numbers and named options are the games module's
/// own types, re-exported here so callers keep naming them through the engine.
pub use crate::games::bizarre_world::{DeckOut, FirstTurnBan, Options, Setup};

impl Options {
    /// The defaults overridden by `key=value` pairs (unknown keys and bad
    /// values are errors, as for `validate --option`).
    pub fn read(overrides: &[(String, String)]) -> Result<Options, OptionError> {
        crate::games::BizarreWorld.options(overrides)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Zone {
    Deck,
    Hand,
    /// The Neutral Resource Zone (face down).
    Resources,
    /// The Play Area.
    Play,
    Discard,
}

impl ZoneId for Zone {
    const ALL: &'static [Zone] = &[
        Zone::Deck,
        Zone::Hand,
        Zone::Resources,
        Zone::Play,
        Zone::Discard,
    ];
    fn index(self) -> usize {
        self as usize
    }
    fn name(self) -> &'static str {
        match self {
            Zone::Deck => "Deck",
            Zone::Hand => "Hand",
            Zone::Resources => "Neutral Resource Zone",
            Zone::Play => "Play Area",
            Zone::Discard => "Discard",
        }
    }
}

/// What a creature in play can pay for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resource {
    None,
    Neutral,
    /// A special resource, by index into [`BizarreWorld::specials`].
    Special(u8),
}

/// An active ability.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ability {
    pub exhaust: u8,
    /// The special resource the exhaust cost needs, if any.
    pub special: Option<u8>,
    pub kill_self: bool,
    pub if_hand_empty: bool,
    pub fx: Fx,
}

impl Ability {
    pub fn cost_free(&self) -> bool {
        self.exhaust == 0 && !self.kill_self
    }

    /// ⚔ per exhausted resource of a repeatable converter.
    fn ratio(&self) -> Option<f32> {
        (self.exhaust > 0 && !self.kill_self && self.fx.attack > 0)
            .then(|| f32::from(self.fx.attack) / f32::from(self.exhaust))
    }
}

/// Why an ability cannot be used now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Blocked {
    NotInPlay,
    Exhausted,
    HandNotEmpty,
    /// Too few resources (how many are available).
    Cost(usize),
    /// The loop guard (module docs).
    Loop,
}

/// Most abilities a card may have (the generator makes one).
pub const MAX_ABILITIES: usize = 2;

#[derive(Clone, Debug, PartialEq)]
pub struct Def {
    pub blank: bool,
    pub cost: u8,
    pub resource: Resource,
    pub deploy: Fx,
    pub turn_start: Fx,
    pub abilities: [Option<Ability>; MAX_ABILITIES],
    pub enters_exhausted: bool,
}

impl Def {
    fn blank() -> Def {
        Def {
            blank: true,
            cost: 0,
            resource: Resource::None,
            deploy: Fx::default(),
            turn_start: Fx::default(),
            abilities: [None; MAX_ABILITIES],
            enters_exhausted: false,
        }
    }

    fn of(card: &Card, specials: &RefCell<Vec<String>>) -> Def {
        let mut intern = |name: &str| -> u8 {
            let mut s = specials.borrow_mut();
            let key = name.trim().to_lowercase();
            match s.iter().position(|x| *x == key) {
                Some(i) => i as u8,
                None => {
                    s.push(key);
                    (s.len() - 1).min(u8::MAX as usize) as u8
                }
            }
        };
        let resource = match card.str_field("resource").map(|r| r.trim().to_lowercase()) {
            None => Resource::None,
            Some(r) if r.is_empty() || r == "none" => Resource::None,
            Some(r) if r == "neutral" => Resource::Neutral,
            Some(r) => Resource::Special(intern(&r)),
        };
        let mut abilities = [None; MAX_ABILITIES];
        for (slot, e) in abilities
            .iter_mut()
            .zip(card.effects.iter().filter(|e| e.on == Trigger::Activate))
        {
            *slot = Some(Ability {
                exhaust: e.exhaust,
                special: e.resource.as_deref().map(&mut intern),
                kill_self: e.kill_self,
                if_hand_empty: e.if_hand_empty,
                fx: Fx::of(e),
            });
        }
        let deploy = Fx::sum(card, Trigger::Deploy);
        Def {
            blank: false,
            cost: card.cost.unwrap_or(0).clamp(0, 99) as u8,
            resource,
            deploy,
            turn_start: Fx::sum(card, Trigger::TurnStart),
            abilities,
            enters_exhausted: card
                .effects
                .iter()
                .any(|e| e.on == Trigger::Passive && e.enters_exhausted),
        }
    }
}

/// Why a card plays (partly) as vanilla: a passive or active text without a
/// matching effect, or effect keys this game has no use for.
pub fn unmodelled(card: &Card) -> Option<String> {
    let mut why = Vec::new();
    const FX: &[&str] = &["draw", "attack", "life", "damage"];
    if let Some(u) = unsupported(
        card,
        &[
            (Trigger::Deploy, FX),
            (
                Trigger::Activate,
                &[
                    "exhaust",
                    "resource",
                    "kill_self",
                    "if_hand_empty",
                    "draw",
                    "attack",
                    "life",
                    "damage",
                ],
            ),
            (Trigger::TurnStart, FX),
            (Trigger::Passive, &["enters_exhausted"]),
        ],
        "Bizarre World",
    ) {
        why.push(u);
    }
    let has_text = |k: &str| card.str_field(k).is_some_and(|t| !t.trim().is_empty());
    if has_text("passive")
        && !card.effects.iter().any(|e| e.on != Trigger::Activate)
        && card
            .str_field("resource")
            .is_none_or(|r| r == "none" || r == "neutral")
    {
        why.push("passive ability not modelled".into());
    }
    if has_text("active") && !card.effects.iter().any(|e| e.on == Trigger::Activate) {
        why.push("active ability not modelled".into());
    }
    (!why.is_empty()).then(|| why.join("; "))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    Sacrifice,
    Main,
    Over,
}

/// A player choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "kebab-case")]
pub enum Action {
    /// Sacrifice Phase: put a hand card face down as a neutral resource.
    Sacrifice { card: u16 },
    /// Main: play a creature, exhausting resources equal to its cost.
    Play { card: u16 },
    /// Main: use a creature's active ability (`ability`: 0 or 1).
    Activate { card: u16, ability: u8 },
    /// Main: use an ability with an `exhaust` cost `times` times in a row
    /// (all or nothing: the resources must cover every use).
    Repeat { card: u16, ability: u8, times: u8 },
    /// Main: declare an attack with all ⚔ gained this turn.
    Attack,
    /// End the Sacrifice Phase, or the turn.
    Next,
}

#[derive(Clone, Debug)]
pub struct State {
    pub zones: Zones<Zone>,
    rng: Rng,
    pub seed: u64,
    pub seat: Seat,
    pub turn: u16,
    pub phase: Phase,
    pub life: i32,
    pub opp_life: i32,
    /// ⚔ gained this turn and not yet spent.
    pub attack: i32,
    pub exhausted: Vec<bool>,
    /// Cost-free ability uses this turn (the loop guard).
    pub free_uses: Vec<u8>,
    pub outcome: Option<Outcome>,
    pub trace: Trace,
    pub log: Log,
}

#[derive(Clone, Debug)]
pub struct BizarreWorld {
    pub table: Table<Def>,
    /// Special resource names, by [`Resource::Special`] index.
    pub specials: Vec<String>,
    /// `[setup]` of the game file, shared rather than copied.
    pub setup: &'static Setup,
    pub options: Options,
    /// The opponent's life (the deck's duel size).
    pub life: u32,
    pub duel: String,
    pub max_turns: u16,
}

impl BizarreWorld {
    /// The engine for a deck; its size must fit a duel (BW-D2), which sets life.
    pub fn new(
        catalog: &Catalog,
        deck: &DeckCards,
        options: Options,
        max_turns: u16,
    ) -> Result<BizarreWorld, String> {
        let rules = crate::games::BizarreWorld.rules();
        let size = deck.len() as u32;
        let duel = rules.duel_for(size).ok_or_else(|| {
            format!(
                "the deck has {size} cards, which fits no Bizarre World duel size (a Speed Duel needs at least {}), so the opponent's life is unknown",
                rules.duel.first().map_or(0, |d| d.min)
            )
        })?;
        let specials = RefCell::new(Vec::new());
        let table = Table::build(
            catalog,
            deck,
            |c| Def::of(c, &specials),
            unmodelled,
            Def::blank(),
        );
        Ok(BizarreWorld {
            table,
            specials: specials.into_inner(),
            setup: crate::games::BizarreWorld.setup(),
            options,
            life: duel.life,
            duel: duel.name.clone(),
            max_turns,
        })
    }

    pub fn with_deck(&self, deck: Vec<u16>) -> BizarreWorld {
        let mut s = self.clone();
        s.table.deck = deck;
        s
    }

    fn def(&self, c: u16) -> &Def {
        self.table.def(c)
    }

    fn end(&self, st: &mut State, o: Outcome) {
        if st.outcome.is_none() {
            st.outcome = Some(o);
            st.phase = Phase::Over;
        }
    }

    fn draw(&self, st: &mut State) {
        match st.zones.move_top(Zone::Deck, Zone::Hand, At::Top) {
            Some(c) => st.log.note(st.turn, "draw", Some(c), None),
            None if self.options.deck_out == DeckOut::Lose => self.end(
                st,
                Outcome::Loss {
                    turn: st.turn,
                    reason: "deck out",
                },
            ),
            None => st
                .log
                .note(st.turn, "deck empty: nothing drawn", None, None),
        }
    }

    fn resolve(&self, st: &mut State, fx: Fx, source: u16) {
        st.attack += i32::from(fx.attack);
        st.life += i32::from(fx.life);
        if fx.damage > 0 {
            self.hit_opponent(st, i32::from(fx.damage), source);
        }
        for _ in 0..fx.draw {
            if st.outcome.is_none() {
                self.draw(st);
            }
        }
    }

    fn hit_opponent(&self, st: &mut State, amount: i32, source: u16) {
        st.opp_life -= amount;
        st.trace.add_damage(amount);
        st.log.note(st.turn, "damage", Some(source), Some(amount));
        if st.opp_life <= 0 {
            self.end(st, Outcome::Win { turn: st.turn });
        }
    }

    /// Whether attacks are banned this turn.
    pub fn attack_banned(&self, st: &State) -> bool {
        self.setup.no_attack_first_turn
            && st.turn == 1
            && (st.seat == Seat::First
                || self.options.first_turn_attack_ban == FirstTurnBan::EachPlayer)
    }

    /// Whether copy `c` of zone `z` can pay a cost now (with `special`, if
    /// the cost needs one).
    fn can_pay_with(&self, st: &State, z: Zone, c: u16, special: Option<u8>) -> bool {
        if st.exhausted[usize::from(c)] {
            return false;
        }
        if z == Zone::Resources {
            return special.is_none();
        }
        match (self.def(c).resource, special) {
            (Resource::None, _) => false,
            (Resource::Neutral, None) => true,
            (Resource::Neutral, Some(_)) => false,
            (Resource::Special(_), None) => true,
            (Resource::Special(s), Some(want)) => s == want,
        }
    }

    /// Resources available now (optionally: of one special kind), not counting `except`.
    pub fn available(&self, st: &State, special: Option<u8>, except: Option<u16>) -> usize {
        let count = |z: Zone| {
            st.zones
                .get(z)
                .iter()
                .filter(|&&c| Some(c) != except && self.can_pay_with(st, z, c, special))
                .count()
        };
        count(Zone::Resources) + count(Zone::Play)
    }

    /// Exhausts `n` resources in the fixed payment order (module docs).
    fn pay(&self, st: &mut State, n: u8, special: Option<u8>, except: Option<u16>) {
        let mut left = n;
        let order = |z: Zone, c: u16| -> u8 {
            if z == Zone::Resources {
                return 0;
            }
            let d = self.def(c);
            let has_ability = d.abilities.iter().any(Option::is_some);
            match (d.resource, has_ability) {
                (Resource::Neutral, false) => 1,
                (Resource::Neutral, true) => 2,
                (Resource::Special(_), false) => 3,
                _ => 4,
            }
        };
        for rank in 0..=4u8 {
            for z in [Zone::Resources, Zone::Play] {
                for i in 0..st.zones.len(z) {
                    if left == 0 {
                        return;
                    }
                    let c = st.zones.get(z)[i];
                    if Some(c) != except
                        && order(z, c) == rank
                        && self.can_pay_with(st, z, c, special)
                    {
                        st.exhausted[usize::from(c)] = true;
                        left -= 1;
                    }
                }
            }
        }
    }

    fn begin_turn(&self, st: &mut State) {
        st.turn += 1;
        if st.turn > self.max_turns {
            st.turn = self.max_turns;
            self.end(
                st,
                Outcome::Unfinished {
                    turn: self.max_turns,
                },
            );
            return;
        }
        st.trace.open_turn();
        st.attack = 0;
        st.free_uses.iter_mut().for_each(|u| *u = 0);
        for i in 0..st.zones.len(Zone::Play) {
            let c = st.zones.get(Zone::Play)[i];
            let fx = self.def(c).turn_start;
            if !fx.is_empty() {
                self.resolve(st, fx, c);
            }
        }
        let skip = st.turn == 1 && st.seat == Seat::First && self.setup.first_player_skips_draw;
        if !skip {
            for _ in 0..self.setup.draws_per_turn {
                if st.outcome.is_none() {
                    self.draw(st);
                }
            }
        }
        if st.outcome.is_none() {
            st.phase = Phase::Sacrifice;
        }
    }

    /// The Unexhaust Phase, then Main.
    fn unexhaust(&self, st: &mut State) {
        for z in [Zone::Resources, Zone::Play] {
            for &c in st.zones.get(z) {
                st.exhausted[usize::from(c)] = false;
            }
        }
        st.phase = Phase::Main;
        let avail = self.available(st, None, None);
        let castable = st
            .zones
            .get(Zone::Hand)
            .iter()
            .filter(|&&c| !self.def(c).blank && usize::from(self.def(c).cost) <= avail)
            .count();
        let t = st.trace.current();
        t.resources = avail as u16;
        t.hand = st.zones.len(Zone::Hand) as u16;
        t.castable = castable as u16;
    }

    /// Why an ability cannot be used now, if it cannot.
    /// Why an ability cannot be used now, if it cannot (no allocation: the
    /// policy asks this in its loop).
    fn ability_blocked(&self, st: &State, card: u16, ab: &Ability) -> Option<Blocked> {
        self.ability_blocked_given(st, card, ab, self.available(st, ab.special, None))
    }

    /// [`BizarreWorld::ability_blocked`] with the resources of the ability's
    /// kind already counted (`avail`, the card itself included).
    fn ability_blocked_given(
        &self,
        st: &State,
        card: u16,
        ab: &Ability,
        avail: usize,
    ) -> Option<Blocked> {
        if !st.zones.contains(Zone::Play, card) {
            return Some(Blocked::NotInPlay);
        }
        if st.exhausted[usize::from(card)] {
            return Some(Blocked::Exhausted);
        }
        if ab.if_hand_empty && !st.zones.is_empty(Zone::Hand) {
            return Some(Blocked::HandNotEmpty);
        }
        // a creature cannot pay for its own ability
        let avail = avail - usize::from(self.can_pay_with(st, Zone::Play, card, ab.special));
        if avail < usize::from(ab.exhaust) {
            return Some(Blocked::Cost(avail));
        }
        if ab.cost_free() {
            let draws = ab.fx.draw > 0 && !st.zones.is_empty(Zone::Deck);
            if !draws && st.free_uses[usize::from(card)] > 0 {
                return Some(Blocked::Loop);
            }
        }
        None
    }

    /// A blocked ability as an [`Illegal`] naming its rule.
    fn blocked_error(&self, why: Blocked, ab: &Ability) -> Illegal {
        match why {
            Blocked::NotInPlay => Illegal::new(
                "BW Main Phase",
                "only creatures in the Play Area use abilities",
            ),
            Blocked::Exhausted => Illegal::new(
                "BW Exhausted",
                "an exhausted creature cannot use its abilities",
            ),
            Blocked::HandNotEmpty => {
                Illegal::new("BW active cost", "this ability needs 0 cards in hand")
            }
            Blocked::Cost(avail) => {
                let what = match ab.special {
                    Some(s) => format!("{} resources", self.specials[usize::from(s)]),
                    None => "resources".into(),
                };
                Illegal::new(
                    "BW active cost",
                    format!(
                        "the cost exhausts {} {what} and {avail} are available",
                        ab.exhaust
                    ),
                )
            }
            Blocked::Loop => Illegal::new(
                "loop guard",
                "a cost-free ability that draws nothing repeats at most once a turn",
            ),
        }
    }

    fn activate(&self, st: &mut State, card: u16, which: u8) -> Result<(), Illegal> {
        let ab = self
            .def(card)
            .abilities
            .get(usize::from(which))
            .copied()
            .flatten()
            .ok_or_else(|| {
                Illegal::new(
                    "BW active ability",
                    format!("{} has no such ability", self.table.copy_name(card)),
                )
            })?;
        if let Some(why) = self.ability_blocked(st, card, &ab) {
            return Err(self.blocked_error(why, &ab));
        }
        self.pay(st, ab.exhaust, ab.special, Some(card));
        if ab.cost_free() {
            st.free_uses[usize::from(card)] = st.free_uses[usize::from(card)].saturating_add(1);
        }
        if ab.kill_self {
            st.zones.move_copy(Zone::Play, card, Zone::Discard, At::Top);
            st.exhausted[usize::from(card)] = false;
        }
        st.log.note(st.turn, "ability", Some(card), None);
        self.resolve(st, ab.fx, card);
        Ok(())
    }

    // ------------------------------------------------------------ policy

    /// The best repeatable converter ratio among creatures in play.
    fn best_ratio_in_play(&self, st: &State) -> f32 {
        st.zones
            .get(Zone::Play)
            .iter()
            .flat_map(|&c| {
                self.def(c)
                    .abilities
                    .iter()
                    .flatten()
                    .filter_map(Ability::ratio)
            })
            .fold(0.0, f32::max)
    }

    /// How much the policy wants to play a card, given the best converter
    /// ratio already in play or kept (`0`: better as a resource).
    fn value(&self, d: &Def, best_ratio: f32) -> i32 {
        if d.blank {
            return 0;
        }
        let mut v = 0;
        for ab in d.abilities.iter().flatten() {
            if let Some(r) = ab.ratio()
                && r > best_ratio
            {
                v += 50 + (10.0 * r) as i32;
            }
            if ab.kill_self && ab.fx.attack > 0 {
                v += 10 + i32::from(ab.fx.attack);
            }
            if ab.cost_free() && ab.fx.draw > 0 {
                v += 30;
            }
            if ab.exhaust > 0 && ab.fx.draw > 0 {
                v += 5;
            }
        }
        v += 15 * i32::from(d.deploy.draw)
            + 5 * i32::from(d.deploy.attack)
            + 5 * i32::from(d.deploy.damage);
        if d.turn_start.attack > 0 || d.turn_start.draw > 0 {
            v += 20;
        }
        if v > 0 && d.resource != Resource::None {
            v += 5;
        }
        v
    }

    /// The hand cards the policy keeps to play this turn (module docs of
    /// [`BizarreWorld::policy`]): a prefix of the hand by value whose costs the
    /// resources can pay once the rest is sacrificed.
    fn keepers(&self, st: &State) -> Vec<u16> {
        let hand = st.zones.get(Zone::Hand);
        let mut best = self.best_ratio_in_play(st);
        let mut ranked: Vec<u16> = hand.to_vec();
        ranked.sort_by_key(|&c| std::cmp::Reverse(self.value(self.def(c), best)));
        let total_now = st.zones.len(Zone::Resources)
            + st.zones
                .get(Zone::Play)
                .iter()
                .filter(|&&c| self.def(c).resource != Resource::None)
                .count();
        let n = ranked.len();
        let mut keep = Vec::new();
        let mut cost = 0usize;
        for (j, &c) in ranked.iter().enumerate() {
            let d = self.def(c);
            if self.value(d, best) <= 0 {
                break;
            }
            let after = cost + usize::from(d.cost);
            // the other n - (j + 1) cards become resources
            if after > total_now + (n - j - 1) {
                break;
            }
            cost = after;
            keep.push(c);
            for r in d.abilities.iter().flatten().filter_map(Ability::ratio) {
                best = best.max(r);
            }
        }
        keep
    }

    /// The ⚔ the resources could still make this turn (for the lethal check).
    fn potential_attack(&self, st: &State) -> i32 {
        let mut total = st.attack;
        let mut avail = self.available(st, None, None) as i32;
        let mut convs: Vec<(f32, Ability)> = Vec::new();
        for &c in st.zones.get(Zone::Play) {
            if st.exhausted[usize::from(c)] {
                continue;
            }
            for ab in self.def(c).abilities.iter().flatten() {
                if ab.kill_self && ab.exhaust == 0 {
                    total += i32::from(ab.fx.attack);
                } else if let Some(r) = ab.ratio()
                    && ab.special.is_none()
                {
                    convs.push((r, *ab));
                }
            }
        }
        convs.sort_by(|a, b| b.0.total_cmp(&a.0));
        if let Some((_, ab)) = convs.first() {
            let uses = avail / i32::from(ab.exhaust);
            total += uses * i32::from(ab.fx.attack);
            avail -= uses * i32::from(ab.exhaust);
        }
        let _ = avail;
        total
    }

    fn policy_main(&self, st: &State) -> Action {
        let banned = self.attack_banned(st);
        // 1. play the kept cards, best first (ranking the hand only when
        // something in it is affordable)
        let avail = self.available(st, None, None);
        let affordable = |c: &u16| !self.def(*c).blank && usize::from(self.def(*c).cost) <= avail;
        if st.zones.get(Zone::Hand).iter().any(affordable)
            && let Some(&card) = self.keepers(st).iter().find(|c| affordable(c))
        {
            return Action::Play { card };
        }
        // 2. cost-free abilities that draw (they also empty-hand loop, guarded)
        let play: &[u16] = st.zones.get(Zone::Play);
        // resources by kind, counted once for every ability checked below
        let generic = self.available(st, None, None);
        let mut specials = [0usize; 8];
        for (k, slot) in specials.iter_mut().enumerate().take(self.specials.len()) {
            *slot = self.available(st, Some(k as u8), None);
        }
        let generic_for = |special: Option<u8>| match special {
            None => generic,
            Some(k) if usize::from(k) < specials.len() => specials[usize::from(k)],
            Some(_) => self.available(st, special, None),
        };
        let usable = |c: u16, which: usize| -> Option<Ability> {
            let ab = self.def(c).abilities[which]?;
            let avail = generic_for(ab.special);
            self.ability_blocked_given(st, c, &ab, avail)
                .is_none()
                .then_some(ab)
        };
        for &c in play {
            for w in 0..MAX_ABILITIES {
                if let Some(ab) = usable(c, w)
                    && ab.cost_free()
                    && (ab.fx.draw > 0 || (ab.fx.attack > 0 && !banned))
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
                for w in 0..MAX_ABILITIES {
                    if let Some(ab) = usable(c, w)
                        && ab.fx.draw > 0
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
        let lethal = self.potential_attack(st) >= st.opp_life;
        // 3. one-shot ⚔: creatures that die for it and give nothing else
        for &c in play {
            let d = self.def(c);
            let recurring = d.turn_start.helps_race()
                || d.resource != Resource::None
                || d.abilities.iter().flatten().any(|a| !a.kill_self);
            for w in 0..MAX_ABILITIES {
                if let Some(ab) = usable(c, w)
                    && ab.kill_self
                    && ab.fx.attack > 0
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
            for w in 0..MAX_ABILITIES {
                if let Some(ab) = usable(c, w)
                    && let Some(r) = ab.ratio()
                    && best.is_none_or(|(b, _, _)| r > b)
                {
                    best = Some((r, c, w as u8));
                }
            }
        }
        if let Some((_, card, ability)) = best {
            // every use the resources allow, in one action
            let ab = self.def(card).abilities[usize::from(ability)]
                .unwrap_or_else(|| unreachable!("usable"));
            let spare = generic_for(ab.special)
                - usize::from(self.can_pay_with(st, Zone::Play, card, ab.special));
            let times = (spare / usize::from(ab.exhaust)).clamp(1, usize::from(u8::MAX)) as u8;
            return Action::Repeat {
                card,
                ability,
                times,
            };
        }
        // 5. draw abilities with the resources left over
        for &c in play {
            for w in 0..MAX_ABILITIES {
                if let Some(ab) = usable(c, w)
                    && ab.fx.draw > 0
                    && !ab.kill_self
                {
                    return Action::Activate {
                        card: c,
                        ability: w as u8,
                    };
                }
            }
        }
        if st.attack > 0 {
            return Action::Attack;
        }
        Action::Next
    }
}

impl Sim for BizarreWorld {
    type State = State;
    type Action = Action;

    const GAME: GameId = GameId::BizarreWorld;
    const TURN_UNIT: TurnUnit = TurnUnit::Turn;
    const LABELS: CurveLabels = CurveLabels {
        resources: "resources",
        hand: "cards in hand",
        damage: "damage",
        played: "creatures played",
        castable: "affordable cards in hand",
    };

    fn new_state(&self) -> State {
        let n = self.table.copies();
        State {
            zones: Zones::new(n),
            rng: rng(0),
            seed: 0,
            seat: Seat::First,
            turn: 0,
            phase: Phase::Sacrifice,
            life: 0,
            opp_life: 0,
            attack: 0,
            exhausted: vec![false; n],
            free_uses: vec![0; n],
            outcome: None,
            trace: Trace::new(self.table.defs.len(), self.max_turns),
            log: Log::default(),
        }
    }

    fn deal(&self, st: &mut State, seed: u64, seat: Seat) {
        st.zones.reset(Zone::Deck, self.table.copies());
        st.rng = rng(seed);
        st.seed = seed;
        st.seat = seat;
        st.turn = 0;
        st.life = self.life as i32;
        st.opp_life = self.life as i32;
        st.attack = 0;
        st.exhausted.iter_mut().for_each(|x| *x = false);
        st.outcome = None;
        st.trace.clear();
        st.log.clear();
        st.zones.shuffle(Zone::Deck, &mut st.rng);
        for _ in 0..self.setup.opening_hand {
            st.zones.move_top(Zone::Deck, Zone::Hand, At::Top);
        }
    }

    fn begin(&self, st: &mut State) {
        self.begin_turn(st);
    }

    fn draw_pile<'s>(&self, st: &'s State, _p: usize) -> &'s [u16] {
        st.zones.get(Zone::Deck)
    }

    fn apply(&self, st: &mut State, action: Action) -> Result<(), Illegal> {
        ensure(st.outcome.is_none(), "game over", || {
            "the game is over".into()
        })?;
        match (st.phase, action) {
            (Phase::Sacrifice, Action::Sacrifice { card }) => {
                ensure(
                    st.zones
                        .move_copy(Zone::Hand, card, Zone::Resources, At::Top),
                    "BW Sacrifice Phase",
                    || "only cards in your hand can be sacrificed".into(),
                )?;
                st.log.note(st.turn, "sacrifice", Some(card), None);
            }
            (Phase::Sacrifice, Action::Next) => self.unexhaust(st),
            (Phase::Main, Action::Play { card }) => {
                ensure(
                    st.zones.contains(Zone::Hand, card),
                    "BW Play a card",
                    || format!("{} is not in your hand", self.table.copy_name(card)),
                )?;
                let d = self.def(card).clone();
                ensure(!d.blank, "importance blank", || {
                    "a blank card cannot be played".into()
                })?;
                let avail = self.available(st, None, None);
                ensure(usize::from(d.cost) <= avail, "BW Play a card", || {
                    format!(
                        "{} costs {} and {avail} resources are unexhausted",
                        self.table.copy_name(card),
                        d.cost
                    )
                })?;
                self.pay(st, d.cost, None, None);
                st.zones.move_copy(Zone::Hand, card, Zone::Play, At::Top);
                st.exhausted[usize::from(card)] = d.enters_exhausted;
                st.free_uses[usize::from(card)] = 0;
                st.trace.add_play(self.table.def_index(card));
                st.log.note(st.turn, "play", Some(card), None);
                self.resolve(st, d.deploy, card);
            }
            (
                Phase::Main,
                Action::Repeat {
                    card,
                    ability,
                    times,
                },
            ) => {
                let ab = self
                    .def(card)
                    .abilities
                    .get(usize::from(ability))
                    .copied()
                    .flatten()
                    .ok_or_else(|| Illegal::new("BW active ability", "no such ability"))?;
                ensure(
                    ab.exhaust > 0 && !ab.kill_self && times >= 1,
                    "BW active ability",
                    || {
                        "only an ability with an exhaust cost (and no kill) repeats in one action"
                            .into()
                    },
                )?;
                if let Some(why) = self.ability_blocked(st, card, &ab) {
                    return Err(self.blocked_error(why, &ab));
                }
                let avail = self.available(st, ab.special, Some(card));
                let need = usize::from(ab.exhaust) * usize::from(times);
                ensure(avail >= need, "BW active cost", || {
                    format!("{times} uses exhaust {need} resources and {avail} are available")
                })?;
                for _ in 0..times {
                    if st.outcome.is_some() {
                        break;
                    }
                    self.activate(st, card, ability)?;
                }
            }
            (Phase::Main, Action::Activate { card, ability }) => {
                self.activate(st, card, ability)?
            }
            (Phase::Main, Action::Attack) => {
                ensure(!self.attack_banned(st), "BW first turn", || {
                    "you cannot declare an attack on the first turn".into()
                })?;
                ensure(st.attack > 0, "BW Declaring an Attack", || {
                    "no ⚔ gained this turn to spend".into()
                })?;
                let a = st.attack;
                st.attack = 0;
                st.log.note(st.turn, "attack", None, Some(a));
                self.hit_opponent(st, a, u16::MAX);
            }
            (Phase::Main, Action::Next) => {
                st.attack = 0;
                self.begin_turn(st);
            }
            (phase, a) => {
                return Err(Illegal::new(
                    "BW turn structure",
                    format!("{a:?} is not possible in the {phase:?} phase"),
                ));
            }
        }
        Ok(())
    }

    /// The goldfish policy. Sacrifice Phase: rank the hand by how much each
    /// card is worth playing (a better ⚔-per-resource converter than any in
    /// play, one-shot ⚔, card draw, start-of-turn ⚔; a second copy of a
    /// converter is worth nothing), keep the best prefix whose costs the
    /// resources can pay once the rest is sacrificed, and sacrifice the rest:
    /// with repeatable converters every resource is ⚔ every turn. Main: play the
    /// keepers, use cost-free draws, sacrifice one-shot creatures for ⚔ (or any,
    /// when lethal), convert every resource with the best converter, draw with
    /// what is left, then attack. On a turn that bans attacks, resources go to
    /// card draw instead.
    fn policy(&self, st: &State, _level: crate::engine::game::Level) -> Action {
        match st.phase {
            Phase::Sacrifice => {
                let keep = self.keepers(st);
                st.zones
                    .get(Zone::Hand)
                    .iter()
                    .find(|c| !keep.contains(c))
                    .map_or(Action::Next, |&card| Action::Sacrifice { card })
            }
            Phase::Main => self.policy_main(st),
            Phase::Over => Action::Next,
        }
    }

    fn legal_actions(&self, st: &State, out: &mut Vec<Action>) {
        out.clear();
        let try_push = |a: Action, out: &mut Vec<Action>| push_if_legal(self, st, a, out);
        match st.phase {
            Phase::Over => {}
            Phase::Sacrifice => {
                for &c in st.zones.get(Zone::Hand) {
                    out.push(Action::Sacrifice { card: c });
                }
                out.push(Action::Next);
            }
            Phase::Main => {
                for &c in st.zones.get(Zone::Hand) {
                    try_push(Action::Play { card: c }, out);
                }
                for &c in st.zones.get(Zone::Play) {
                    for w in 0..MAX_ABILITIES as u8 {
                        try_push(
                            Action::Activate {
                                card: c,
                                ability: w,
                            },
                            out,
                        );
                        // repeated uses, as many as the resources cover
                        if let Some(ab) = self.def(c).abilities[usize::from(w)]
                            && ab.exhaust > 0
                            && !ab.kill_self
                            && self.ability_blocked(st, c, &ab).is_none()
                        {
                            let most =
                                self.available(st, ab.special, Some(c)) / usize::from(ab.exhaust);
                            for times in 1..=most.min(usize::from(u8::MAX)) as u8 {
                                out.push(Action::Repeat {
                                    card: c,
                                    ability: w,
                                    times,
                                });
                            }
                        }
                    }
                }
                try_push(Action::Attack, out);
                out.push(Action::Next);
            }
        }
    }

    fn outcome(&self, st: &State) -> Option<Outcome> {
        st.outcome
    }

    fn trace<'s>(&self, st: &'s State) -> &'s Trace {
        &st.trace
    }

    fn invariants(&self, st: &State) -> Result<(), String> {
        st.zones.check_conservation(self.table.copies())
    }

    fn snapshot(&self, st: &State) -> Snapshot {
        let view = |c: u16| {
            let mut tags = Vec::new();
            if (st.zones.contains(Zone::Play, c) || st.zones.contains(Zone::Resources, c))
                && st.exhausted[usize::from(c)]
            {
                tags.push("exhausted".to_string());
            }
            let d = self.def(c);
            if st.zones.contains(Zone::Hand, c) && !d.blank {
                tags.push(format!("cost {}", d.cost));
            }
            if st.zones.contains(Zone::Play, c) {
                match d.resource {
                    Resource::Neutral => tags.push("resource".into()),
                    Resource::Special(s) => {
                        tags.push(format!("{} resource", self.specials[usize::from(s)]))
                    }
                    Resource::None => {}
                }
            }
            CardView {
                copy: c,
                name: self.table.copy_name(c).to_string(),
                tags,
            }
        };
        let zones = zone_views(&st.zones, &[Zone::Deck], view);
        Snapshot {
            game: GameId::BizarreWorld,
            seed: st.seed,
            seat: st.seat,
            turn: st.turn,
            turn_unit: TurnUnit::Turn,
            phase: format!("{:?}", st.phase),
            phase_help: String::new(),
            to_act: 0,
            counters: vec![
                ("resources".into(), self.available(st, None, None) as i64),
                ("attack".into(), i64::from(st.attack)),
                ("life".into(), i64::from(st.life)),
                ("opponent life".into(), i64::from(st.opp_life)),
            ],
            zones,
            board: Vec::new(),
            outcome: st.outcome,
        }
    }

    fn describe(&self, st: &State, action: Action) -> String {
        let n = |c: u16| self.table.copy_name(c).to_string();
        match action {
            Action::Sacrifice { card } => format!("Sacrifice {}", n(card)),
            Action::Play { card } => format!("Play {} (cost {})", n(card), self.def(card).cost),
            Action::Activate { card, .. } => format!("Use the ability of {}", n(card)),
            Action::Repeat { card, times, .. } => {
                format!("Use the ability of {} {times} times", n(card))
            }
            Action::Attack => format!("Declare an attack ({} ⚔)", st.attack),
            Action::Next if st.phase == Phase::Sacrifice => "To Main".into(),
            Action::Next => "End turn".into(),
        }
    }

    fn log_mut<'s>(&self, st: &'s mut State) -> &'s mut Log {
        &mut st.log
    }

    fn log<'s>(&self, st: &'s State) -> &'s Log {
        &st.log
    }

    fn to_act(&self, _st: &State) -> usize {
        0
    }

    fn passive(&self, _st: &State, p: usize) -> bool {
        p == 1
    }

    fn names(&self) -> &[String] {
        &self.table.names
    }

    fn distinct(&self) -> Vec<(u16, usize)> {
        self.table
            .distinct()
            .into_iter()
            .map(|d| (d, self.table.count(d)))
            .collect()
    }

    fn own_copies(&self) -> usize {
        self.table.copies()
    }

    fn vanilla(&self) -> Vec<crate::engine::core::Vanilla> {
        self.table.vanilla()
    }

    fn catalog_card(&self, copy: u16) -> Option<usize> {
        self.table.catalog_index[usize::from(self.table.def_index(copy))]
    }

    fn max_turns(&self) -> u16 {
        self.max_turns
    }

    fn hand<'s>(&self, st: &'s State, _p: usize) -> &'s [u16] {
        st.zones.get(Zone::Hand)
    }

    fn pass(&self, _st: &State) -> Action {
        Action::Next
    }

    fn without_one(&self, def: u16) -> BizarreWorld {
        self.with_deck(self.table.deck_without_one(def))
    }

    fn schedule(&self, seat: Seat) -> crate::engine::schedule::Schedule {
        crate::engine::schedule::Schedule {
            opening: self.setup.opening_hand,
            per_turn: self.setup.draws_per_turn,
            skip_first: self.setup.first_player_skips_draw && seat == Seat::First,
            unit: "turn",
        }
    }

    fn copy_name(&self, copy: u16) -> &str {
        self.table.copy_name(copy)
    }
}

/// The engine plug-in ([`crate::engine::PLUGINS`]).
pub struct Plugin;

pub static PLUGIN: Plugin = Plugin;

impl crate::engine::session::Plugin for Plugin {
    fn game(&self) -> GameId {
        GameId::BizarreWorld
    }

    fn compile(
        &self,
        me: crate::engine::session::DeckSide<'_>,
        opponent: Option<crate::engine::session::DeckSide<'_>>,
        opts: &crate::engine::session::EngineOptions,
    ) -> Result<crate::engine::session::Engine, crate::engine::session::EngineError> {
        use crate::engine::session::{Engine, EngineError};
        super::legacy::goldfish_only(GameId::BizarreWorld, opponent.is_some(), opts)?;
        Ok(Engine::of(
            BizarreWorld::new(
                me.catalog,
                me.cards,
                Options::read(&opts.overrides)?,
                opts.max_turns,
            )
            .map_err(EngineError::Setup)?,
        ))
    }

    fn read(&self, card: &Card) -> crate::engine::coverage::CardReading {
        super::legacy::reading(card, unmodelled(card))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::play_out;
    use crate::model::{Effect, FieldValue};

    fn creature(name: &str, cost: i64, resource: &str, effects: Vec<Effect>) -> Card {
        let mut c = Card::new(name, "creature");
        c.cost = Some(cost);
        c.fields
            .insert("resource".into(), FieldValue::Text(resource.into()));
        c.effects = effects;
        c
    }

    fn act(exhaust: u8, attack: u8) -> Effect {
        Effect {
            on: Trigger::Activate,
            exhaust,
            attack,
            ..Effect::default()
        }
    }

    fn sim_of(cards: &[(Card, u16)]) -> BizarreWorld {
        sim_with(cards, &[])
    }

    fn sim_with(cards: &[(Card, u16)], overrides: &[(&str, &str)]) -> BizarreWorld {
        let mut cat = Catalog::new(GameId::BizarreWorld, "t");
        let mut deck = Vec::new();
        for (i, (c, n)) in cards.iter().enumerate() {
            cat.cards.push(c.clone());
            deck.extend(std::iter::repeat_n(i as u16, usize::from(*n)));
        }
        BizarreWorld::new(
            &cat,
            &DeckCards { cards: deck },
            Options::read(
                &overrides
                    .iter()
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .collect::<Vec<_>>(),
            )
            .unwrap(),
            40,
        )
        .unwrap()
    }

    /// 36 Lazy Rocks (cost 2; exhaust 2: gain 2 ⚔): a Long Duel, 20 life.
    /// By hand, going first: turn 1 holds 6 cards, keeps one Rock and
    /// sacrifices 5 (no attack on the first turn); then one card a turn is
    /// sacrificed: 6 resources on turn 2 (3 uses, 6 ⚔), 7 on turn 3 (6 ⚔, 12),
    /// 8 on turn 4 (8 ⚔, 20). Kill turn 4.
    #[test]
    fn lazy_rocks_kill_on_turn_4() {
        let rock = creature("Lazy Rock", 2, "none", vec![act(2, 2)]);
        let sim = sim_of(&[(rock, 36)]);
        assert_eq!(sim.life, 20);
        for seed in 0..10 {
            let mut st = sim.new_state();
            assert_eq!(
                play_out(
                    &sim,
                    &mut st,
                    seed,
                    Seat::First,
                    [crate::engine::game::Level::Goldfish; 2]
                )
                .unwrap(),
                Outcome::Win { turn: 4 }
            );
            assert_eq!(
                st.trace.turns.iter().map(|t| t.damage).collect::<Vec<_>>(),
                vec![0, 6, 6, 8]
            );
        }
    }

    #[test]
    fn no_attack_on_the_starting_players_first_turn() {
        let rock = creature("Rock", 1, "none", vec![act(1, 2)]);
        let sim = sim_of(&[(rock, 20)]);
        let mut st = sim.new_state();
        sim.start(&mut st, 1, Seat::First);
        let hand = st.zones.get(Zone::Hand).to_vec();
        for &c in &hand[1..] {
            sim.apply(&mut st, Action::Sacrifice { card: c }).unwrap();
        }
        sim.apply(&mut st, Action::Next).unwrap();
        sim.apply(&mut st, Action::Play { card: hand[0] }).unwrap();
        sim.apply(
            &mut st,
            Action::Activate {
                card: hand[0],
                ability: 0,
            },
        )
        .unwrap();
        assert_eq!(st.attack, 2);
        assert_eq!(
            sim.apply(&mut st, Action::Attack).unwrap_err().rule,
            "BW first turn"
        );
        sim.invariants(&st).unwrap();
    }

    /// The loop guard: an if-hand-empty draw with no cost repeats only while
    /// the deck has cards; an empty-hand ⚔ ability with no draw runs once a turn.
    #[test]
    fn cost_free_loops_are_bounded() {
        let printer = creature(
            "Printer",
            0,
            "neutral",
            vec![Effect {
                on: Trigger::Activate,
                if_hand_empty: true,
                draw: 1,
                attack: 1,
                ..Effect::default()
            }],
        );
        let sim = sim_of(&[(printer, 18)]);
        for seed in 0..5 {
            let mut st = sim.new_state();
            let o = play_out(
                &sim,
                &mut st,
                seed,
                Seat::Second,
                [crate::engine::game::Level::Goldfish; 2],
            )
            .unwrap();
            assert!(matches!(o, Outcome::Win { .. }), "{o:?}");
            sim.invariants(&st).unwrap();
        }
        // with the deck empty, the ability is used once, then refused
        let mut st = sim.new_state();
        sim.start(&mut st, 1, Seat::Second);
        sim.apply(&mut st, Action::Next).unwrap();
        let hand = st.zones.get(Zone::Hand).to_vec();
        for &c in &hand {
            sim.apply(&mut st, Action::Play { card: c }).unwrap();
        }
        while let Some(c) = st.zones.top(Zone::Deck) {
            st.zones.move_copy(Zone::Deck, c, Zone::Discard, At::Top);
        }
        let p = hand[0];
        sim.apply(
            &mut st,
            Action::Activate {
                card: p,
                ability: 0,
            },
        )
        .unwrap();
        let e = sim
            .apply(
                &mut st,
                Action::Activate {
                    card: p,
                    ability: 0,
                },
            )
            .unwrap_err();
        assert_eq!(e.rule, "loop guard");
    }

    #[test]
    fn special_costs_take_only_their_resource() {
        let coin = creature("Coin", 0, "coin", vec![]);
        let hungry = creature(
            "Hungry",
            0,
            "none",
            vec![Effect {
                on: Trigger::Activate,
                exhaust: 1,
                resource: Some("Coin".into()),
                attack: 3,
                ..Effect::default()
            }],
        );
        let sim = sim_of(&[(coin, 9), (hungry, 9)]);
        let named = |hand: &[u16], name: &str| {
            hand.iter()
                .copied()
                .find(|&c| sim.table.copy_name(c) == name)
        };
        let mut st = sim.new_state();
        let (h, c) = (0..100)
            .find_map(|seed| {
                sim.start(&mut st, seed, Seat::Second);
                let hand = st.zones.get(Zone::Hand).to_vec();
                Some((named(&hand, "Hungry")?, named(&hand, "Coin")?))
            })
            .expect("a seed deals both cards");
        // a face-down neutral resource cannot pay a coin cost
        let other = *st
            .zones
            .get(Zone::Hand)
            .iter()
            .find(|&&x| x != h && x != c)
            .unwrap();
        sim.apply(&mut st, Action::Sacrifice { card: other })
            .unwrap();
        sim.apply(&mut st, Action::Next).unwrap();
        sim.apply(&mut st, Action::Play { card: h }).unwrap();
        let e = sim
            .apply(
                &mut st,
                Action::Activate {
                    card: h,
                    ability: 0,
                },
            )
            .unwrap_err();
        assert!(e.message.contains("coin resources"), "{e}");
        sim.apply(&mut st, Action::Play { card: c }).unwrap();
        sim.apply(
            &mut st,
            Action::Activate {
                card: h,
                ability: 0,
            },
        )
        .unwrap();
        assert_eq!(st.attack, 3);
        assert!(st.exhausted[usize::from(c)]);
        assert!(
            !st.exhausted[usize::from(other)],
            "the neutral resource stays unexhausted"
        );
    }

    #[test]
    fn deck_size_sets_life_or_is_an_error() {
        let rock = creature("Rock", 1, "none", vec![act(1, 2)]);
        assert_eq!(sim_of(&[(rock.clone(), 20)]).life, 10);
        assert_eq!(sim_of(&[(rock.clone(), 30)]).life, 15);
        let mut cat = Catalog::new(GameId::BizarreWorld, "t");
        cat.cards.push(rock);
        let e = BizarreWorld::new(
            &cat,
            &DeckCards { cards: vec![0; 10] },
            Options::read(&[]).unwrap(),
            40,
        )
        .unwrap_err();
        assert!(e.contains("10 cards"), "{e}");
    }

    /// BW §6.1: by default only the starting player's first turn bans
    /// attacks; `each-player` bans the second player's first turn too.
    #[test]
    fn bw_6_1_first_turn_attack_ban() {
        let rock = creature("Rock", 1, "none", vec![act(1, 2)]);
        for (option, banned) in [("starting-player", false), ("each-player", true)] {
            let sim = sim_with(&[(rock.clone(), 20)], &[("first_turn_attack_ban", option)]);
            let mut st = sim.new_state();
            sim.start(&mut st, 1, Seat::Second);
            assert_eq!(sim.attack_banned(&st), banned, "{option}");
        }
    }

    /// BW §6.3: drawing from an empty deck draws nothing, or loses with
    /// `deck_out = lose`.
    #[test]
    fn bw_6_3_deck_out() {
        let dud = creature("Dud", 9, "none", vec![]);
        let nothing = sim_of(&[(dud.clone(), 18)]);
        let mut st = nothing.new_state();
        assert_eq!(
            play_out(
                &nothing,
                &mut st,
                1,
                Seat::First,
                [crate::engine::game::Level::Goldfish; 2]
            )
            .unwrap(),
            Outcome::Unfinished { turn: 40 }
        );
        let lose = sim_with(&[(dud, 18)], &[("deck_out", "lose")]);
        let mut st = lose.new_state();
        // 5 in hand, 13 draws: turn 14 finds the deck empty
        assert_eq!(
            play_out(
                &lose,
                &mut st,
                1,
                Seat::First,
                [crate::engine::game::Level::Goldfish; 2]
            )
            .unwrap(),
            Outcome::Loss {
                turn: 14,
                reason: "deck out"
            }
        );
    }

    /// "Sleepy": `enters_exhausted` keeps the creature from using its
    /// ability the turn it arrives.
    #[test]
    fn enters_exhausted_waits_a_turn() {
        let mut effects = vec![act(0, 1)];
        effects[0].if_hand_empty = false;
        effects.push(Effect {
            on: Trigger::Passive,
            enters_exhausted: true,
            ..Effect::default()
        });
        let sleepy = creature("Sleepy", 0, "none", effects);
        let sim = sim_of(&[(sleepy, 20)]);
        let mut st = sim.new_state();
        sim.start(&mut st, 1, Seat::Second);
        sim.apply(&mut st, Action::Next).unwrap();
        let c = st.zones.get(Zone::Hand)[0];
        sim.apply(&mut st, Action::Play { card: c }).unwrap();
        let e = sim
            .apply(
                &mut st,
                Action::Activate {
                    card: c,
                    ability: 0,
                },
            )
            .unwrap_err();
        assert_eq!(e.rule, "BW Exhausted");
    }
}
