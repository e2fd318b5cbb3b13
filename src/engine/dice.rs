//! Dice of Destiny against a passive opponent (rules-notes DD §3-§4).
//!
//! Setup: shuffle 30 cards, draw 6; there is no mulligan and no hand limit.
//! Own turn: untap, the main draw of 2 (skipped on the first player's first
//! turn), then in any order: play up to 2 cards (3 once per game when losing,
//! the Third Card Rule), use each creature's effect once, and attack. New
//! creatures are summoning sick unless they have `haste`. An attack declares
//! attackers and rolls one d6 each: even hits for 1 (plus the creature's
//! `hit_damage`). Rerolls (§4.6) are declared with the roll and spent on missed
//! dice. On the opponent's (passive) turn you may play up to 2 spells and take
//! the Bonus Draw once (discard 1, draw 1). An empty deck is refilled by
//! shuffling the graveyard (§2.4); with both empty nothing is drawn (DD §6.7).
//! The opponent starts at 20 life.
//!
//! Kill turns count own turns: damage from spells on the opponent's turn that
//! follows own turn *t* counts toward turn *t*.

use serde::{Deserialize, Serialize};

use super::fx::{Fx, unsupported};
use super::sim::{
    CardView, CurveLabels, Illegal, Log, Outcome, Seat, Sim, Snapshot, Trace, TurnUnit, ensure,
    push_if_legal, roll, zone_views,
};
use super::table::Table;
use super::zones::{At, ZoneId, Zones};
use super::{DeckCards, Rng, rng};
use crate::games::OptionError;
use crate::model::{Card, Catalog, GameId, Trigger};

/// The game file's `[setup]` numbers and named options are the games module's
/// own types, re-exported here so callers keep naming them through the engine.
pub use crate::games::dice_of_destiny::{Options, Setup};

impl Options {
    /// The defaults overridden by `key=value` pairs (unknown keys and bad
    /// values are errors, as for `validate --option`).
    pub fn read(overrides: &[(String, String)]) -> Result<Options, OptionError> {
        crate::games::DiceOfDestiny.options(overrides)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Zone {
    Deck,
    Hand,
    Battlefield,
    Graveyard,
}

impl ZoneId for Zone {
    const ALL: &'static [Zone] = &[Zone::Deck, Zone::Hand, Zone::Battlefield, Zone::Graveyard];
    fn index(self) -> usize {
        self as usize
    }
    fn name(self) -> &'static str {
        match self {
            Zone::Deck => "Deck",
            Zone::Hand => "Hand",
            Zone::Battlefield => "Battlefield",
            Zone::Graveyard => "Graveyard",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Creature,
    Spell,
    Blank,
}

/// A card as the engine plays it.
#[derive(Clone, Debug, PartialEq)]
pub struct Def {
    pub kind: Kind,
    pub haste: bool,
    /// Extra damage per hit.
    pub hit_bonus: u8,
    /// Rerolls per turn while in play.
    pub reroll: u8,
    pub deploy: Fx,
    pub on_attack: Fx,
    pub on_hit: Fx,
    pub turn_start: Fx,
    /// The creature effect (once per turn).
    pub activate: Option<Fx>,
}

impl Def {
    fn blank() -> Def {
        Def {
            kind: Kind::Blank,
            haste: false,
            hit_bonus: 0,
            reroll: 0,
            deploy: Fx::default(),
            on_attack: Fx::default(),
            on_hit: Fx::default(),
            turn_start: Fx::default(),
            activate: None,
        }
    }

    pub fn of(card: &Card) -> Def {
        let kind = match card.card_type.as_str() {
            "creature" => Kind::Creature,
            "spell" => Kind::Spell,
            _ => Kind::Blank,
        };
        let passive = || card.effects.iter().filter(|e| e.on == Trigger::Passive);
        let sum_u8 =
            |f: fn(&crate::model::Effect) -> u8| passive().fold(0u8, |a, e| a.saturating_add(f(e)));
        Def {
            kind,
            haste: passive().any(|e| e.haste),
            hit_bonus: sum_u8(|e| e.hit_damage),
            reroll: sum_u8(|e| e.reroll),
            deploy: Fx::sum(card, Trigger::Deploy),
            on_attack: Fx::sum(card, Trigger::Attack),
            on_hit: Fx::sum(card, Trigger::Hit),
            turn_start: Fx::sum(card, Trigger::TurnStart),
            activate: card
                .effects
                .iter()
                .any(|e| e.on == Trigger::Activate)
                .then(|| Fx::sum(card, Trigger::Activate)),
        }
    }

    fn useful(&self) -> bool {
        match self.kind {
            Kind::Creature => true,
            Kind::Spell => self.deploy.helps_race(),
            Kind::Blank => false,
        }
    }
}

/// Why a card plays (partly) as vanilla: rules text without `effects`, or
/// effect keys this game has no use for.
pub fn unmodelled(card: &Card) -> Option<String> {
    const FX: &[&str] = &["draw", "damage", "life"];
    if let Some(why) = unsupported(
        card,
        &[
            (Trigger::Deploy, FX),
            (Trigger::Attack, FX),
            (Trigger::Hit, FX),
            (Trigger::Activate, FX),
            (Trigger::TurnStart, FX),
            (Trigger::Passive, &["hit_damage", "reroll", "haste"]),
        ],
        "Dice of Destiny",
    ) {
        return Some(why);
    }
    (card.effects.is_empty() && card.text.as_deref().is_some_and(|t| !t.trim().is_empty()))
        .then(|| "its text has no structured effects".to_string())
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    /// Your own turn, after the main draw.
    Main,
    /// The opponent's (passive) turn: spells and the Bonus Draw.
    Opponent,
    Over,
}

/// A player choice. Cards are named by copy id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "kebab-case")]
pub enum Action {
    /// Play a card from hand (own turn: any two; opponent's turn: spells).
    Play { card: u16 },
    /// Use a creature's effect (once per turn).
    Activate { card: u16 },
    /// Declare a creature as an attacker.
    Declare { card: u16 },
    /// Declare every creature that can attack and roll, with `rerolls`
    /// declared beforehand (the same as `Declare` each, then `Roll`).
    Attack { rerolls: u8 },
    /// Roll one die per declared attacker, with `rerolls` declared beforehand.
    Roll { rerolls: u8 },
    /// The Bonus Draw on the opponent's turn: discard `card`, draw 1.
    BonusDraw { card: u16 },
    /// End your turn, or let the opponent's turn end.
    Next,
}

/// Summoning sick (turned on its side when it arrived).
pub const SICK: u8 = 1;
/// Attacked this turn.
pub const ATTACKED: u8 = 2;
/// Its effect was used this turn.
pub const USED: u8 = 4;
/// Declared as an attacker, not yet rolled.
pub const DECLARED: u8 = 8;

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
    /// Cards played this turn (own turn: any; opponent's turn: spells).
    pub plays: u8,
    pub third_card_used: bool,
    pub bonus_draw_used: bool,
    pub rerolls_used: u8,
    /// Per copy: [`SICK`], [`ATTACKED`], [`USED`], [`DECLARED`] bits (one
    /// byte each, so a turn's reset is one fill).
    pub flags: Vec<u8>,
    /// Creatures declared as attackers and not yet rolled.
    pub declared: u8,
    /// The last roll: (die, hit) per die, for the screen.
    pub last_roll: Vec<(u8, bool)>,
    pub outcome: Option<Outcome>,
    pub trace: Trace,
    pub log: Log,
}

#[derive(Clone, Debug)]
pub struct DiceOfDestiny {
    pub table: Table<Def>,
    /// `[setup]` of the game file, shared rather than copied.
    pub setup: &'static Setup,
    pub options: Options,
    pub max_turns: u16,
    /// Whether any card grants rerolls or has a creature effect (lets the
    /// hot loop skip scans a deck without them never needs).
    has_rerolls: bool,
    has_effects: bool,
}

impl DiceOfDestiny {
    pub fn new(
        catalog: &Catalog,
        deck: &DeckCards,
        options: Options,
        max_turns: u16,
    ) -> DiceOfDestiny {
        let table = Table::build(catalog, deck, Def::of, unmodelled, Def::blank());
        DiceOfDestiny {
            has_rerolls: table.defs.iter().any(|d| d.reroll > 0),
            has_effects: table.defs.iter().any(|d| d.activate.is_some()),
            table,
            setup: crate::games::DiceOfDestiny.setup(),
            options,
            max_turns,
        }
    }

    pub fn with_deck(&self, deck: Vec<u16>) -> DiceOfDestiny {
        let mut s = self.clone();
        s.table.deck = deck;
        s
    }

    fn def(&self, copy: u16) -> &Def {
        self.table.def(copy)
    }

    fn end(&self, st: &mut State, o: Outcome) {
        if st.outcome.is_none() {
            st.outcome = Some(o);
            st.phase = Phase::Over;
        }
    }

    /// Draws one card, reshuffling the graveyard into an empty deck (§2.4).
    fn draw(&self, st: &mut State) {
        if st.zones.is_empty(Zone::Deck) && self.setup.recycle_graveyard {
            while st
                .zones
                .move_top(Zone::Graveyard, Zone::Deck, At::Top)
                .is_some()
            {}
            st.zones.shuffle(Zone::Deck, &mut st.rng);
            st.log.note(st.turn, "graveyard reshuffled", None, None);
        }
        if let Some(c) = st.zones.move_top(Zone::Deck, Zone::Hand, At::Top) {
            st.log.note(st.turn, "draw", Some(c), None);
        }
    }

    fn hit_opponent(&self, st: &mut State, amount: i32, source: u16) {
        if amount > 0 && st.outcome.is_none() {
            st.log
                .note(st.turn, "damage by", Some(source), Some(amount));
        }
        self.damage_opponent(st, amount);
    }

    fn damage_opponent(&self, st: &mut State, amount: i32) {
        if amount <= 0 || st.outcome.is_some() {
            return;
        }
        st.opp_life -= amount;
        st.trace.add_damage(amount);
        if st.opp_life <= 0 {
            self.end(st, Outcome::Win { turn: st.turn });
        }
    }

    #[inline]
    fn resolve(&self, st: &mut State, fx: Fx, source: u16) {
        if fx.is_empty() {
            return;
        }
        st.life += i32::from(fx.life);
        self.hit_opponent(st, i32::from(fx.damage), source);
        for _ in 0..fx.draw {
            self.draw(st);
        }
    }

    /// Rerolls the creatures in play grant this turn, minus those used.
    pub fn rerolls_left(&self, st: &State) -> u8 {
        if !self.has_rerolls {
            return 0;
        }
        let pool = st
            .zones
            .get(Zone::Battlefield)
            .iter()
            .fold(0u8, |a, &c| a.saturating_add(self.def(c).reroll));
        pool.saturating_sub(st.rerolls_used)
    }

    /// How many cards may be played this turn in all (the Third Card Rule
    /// applies once per game while your life is below the opponent's).
    fn play_limit(&self, st: &State) -> u8 {
        let own = st.phase == Phase::Main;
        let base = if own {
            self.setup.plays_per_turn
        } else {
            self.setup.spells_on_opponent_turn
        } as u8;
        let third_ok = (own || self.options.third_card_on_opponent_turn)
            && !st.third_card_used
            && st.life < st.opp_life;
        if third_ok {
            base.max(self.setup.third_card_plays as u8 - self.setup.plays_per_turn as u8 + base)
        } else {
            base
        }
    }

    pub fn can_attack(&self, st: &State, c: u16) -> bool {
        st.zones.contains(Zone::Battlefield, c) && self.ready(st, c)
    }

    /// A creature known to be on the battlefield can attack now.
    fn ready(&self, st: &State, c: u16) -> bool {
        let f = st.flags[usize::from(c)];
        f & ATTACKED == 0 && (f & SICK == 0 || self.def(c).haste)
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
        st.phase = Phase::Main;
        st.plays = 0;
        st.rerolls_used = 0;
        st.flags.fill(0);
        st.declared = 0;
        let skip = st.turn == 1 && st.seat == Seat::First && self.setup.first_player_skips_draw;
        if !skip {
            for _ in 0..self.setup.draws_per_turn {
                self.draw(st);
            }
        }
        for i in 0..st.zones.len(Zone::Battlefield) {
            let c = st.zones.get(Zone::Battlefield)[i];
            let fx = self.def(c).turn_start;
            if !fx.is_empty() {
                self.resolve(st, fx, c);
            }
        }
        let playable = st
            .zones
            .get(Zone::Hand)
            .iter()
            .filter(|&&c| self.def(c).kind != Kind::Blank)
            .count()
            .min(self.setup.plays_per_turn as usize);
        let t = st.trace.current();
        t.resources = st.zones.len(Zone::Battlefield) as u16;
        t.hand = st.zones.len(Zone::Hand) as u16;
        t.castable = playable as u16;
    }

    fn begin_opponent_turn(&self, st: &mut State) {
        st.phase = Phase::Opponent;
        st.plays = 0;
        st.bonus_draw_used = false;
        st.flags.iter_mut().for_each(|f| *f &= !USED);
    }

    fn play(&self, st: &mut State, card: u16) -> Result<(), Illegal> {
        ensure(st.zones.contains(Zone::Hand, card), "DD §2.5", || {
            format!("{} is not in your hand", self.table.copy_name(card))
        })?;
        let d = self.def(card).clone();
        ensure(d.kind != Kind::Blank, "importance blank", || {
            "a blank card cannot be played".into()
        })?;
        ensure(
            st.phase == Phase::Main || d.kind == Kind::Spell,
            "DD §2.5",
            || "on your opponent's turn you can play spells only, no creatures".into(),
        )?;
        let limit = self.play_limit(st);
        ensure(st.plays < limit, "DD §2.5", || {
            format!(
                "you have played {} cards this turn (the limit is {limit})",
                st.plays
            )
        })?;
        st.plays += 1;
        let base = if st.phase == Phase::Main {
            self.setup.plays_per_turn
        } else {
            self.setup.spells_on_opponent_turn
        };
        if u32::from(st.plays) > base {
            st.third_card_used = true;
        }
        let c = usize::from(card);
        match d.kind {
            Kind::Creature => {
                st.zones
                    .move_copy(Zone::Hand, card, Zone::Battlefield, At::Top);
                st.flags[c] = SICK;
            }
            _ => {
                st.zones
                    .move_copy(Zone::Hand, card, Zone::Graveyard, At::Top);
            }
        }
        st.trace.add_play(self.table.def_index(card));
        st.log.note(st.turn, "play", Some(card), None);
        self.resolve(st, d.deploy, card);
        Ok(())
    }

    fn roll_attack(&self, st: &mut State, rerolls: u8) -> Result<(), Illegal> {
        let left = self.rerolls_left(st);
        ensure(rerolls <= left, "DD §4.6", || {
            format!("{rerolls} rerolls declared but only {left} are available this turn")
        })?;
        ensure(st.declared > 0, "DD §4.3", || {
            "declare at least one attacker".into()
        })?;
        st.rerolls_used += rerolls;
        st.declared = 0;
        let mut rerolls = rerolls;
        let mut pending = 0;
        st.last_roll.clear();
        let sides = self.setup.die_sides;
        for i in 0..st.zones.len(Zone::Battlefield) {
            let c = st.zones.get(Zone::Battlefield)[i];
            let f = &mut st.flags[usize::from(c)];
            if *f & DECLARED == 0 {
                continue;
            }
            *f = (*f & !DECLARED) | ATTACKED;
            let d = self.def(c);
            let (on_attack, on_hit, bonus) = (d.on_attack, d.on_hit, d.hit_bonus);
            self.resolve(st, on_attack, c);
            let mut die = roll(&mut st.rng, sides);
            while !die.is_multiple_of(2) && rerolls > 0 {
                rerolls -= 1;
                die = roll(&mut st.rng, sides);
            }
            let hit = die.is_multiple_of(2);
            st.last_roll.push((die as u8, hit));
            if hit {
                // plain hits are summed and dealt once (every die counts,
                // §4.5, so the order is immaterial); a hit with an effect
                // is dealt before its effect resolves
                let amount = self.setup.hit_damage as i32 + i32::from(bonus);
                st.log.note(st.turn, "hit by", Some(c), Some(amount));
                pending += amount;
                if !on_hit.is_empty() {
                    self.damage_opponent(st, std::mem::take(&mut pending));
                    self.resolve(st, on_hit, c);
                }
            }
        }
        self.damage_opponent(st, pending);
        Ok(())
    }

    // ------------------------------------------------------------ policy

    fn dead(&self, c: u16) -> bool {
        !self.def(c).useful()
    }

    fn policy_main(&self, st: &State) -> Action {
        let hand = st.zones.get(Zone::Hand);
        let plays_left = self.play_limit(st).saturating_sub(st.plays);
        if plays_left > 0 {
            // one pass over the hand: a lethal spell, the best creature, a
            // draw spell, and the damage spells
            let (mut lethal, mut creature, mut draw_spell) = (None, None::<(i32, u16)>, None);
            let (mut damage, mut damage_first) = (0usize, None);
            for &c in hand {
                let d = self.def(c);
                match d.kind {
                    Kind::Creature => {
                        let score = i32::from(d.haste) * 20
                            + i32::from(d.hit_bonus) * 10
                            + i32::from(d.deploy.damage) * 5
                            + i32::from(d.deploy.draw) * 5
                            + i32::from(d.reroll) * 3
                            + i32::from(d.activate.is_some_and(|f| f.helps_race())) * 5;
                        if creature.is_none_or(|(b, _)| score > b) {
                            creature = Some((score, c));
                        }
                    }
                    Kind::Spell => {
                        if d.deploy.damage > 0 {
                            if i32::from(d.deploy.damage) >= st.opp_life && lethal.is_none() {
                                lethal = Some(c);
                            }
                            damage += 1;
                            damage_first = damage_first.or(Some(c));
                        }
                        if d.deploy.draw > 0 && draw_spell.is_none() {
                            draw_spell = Some(c);
                        }
                    }
                    Kind::Blank => {}
                }
            }
            if let Some(card) = lethal {
                return Action::Play { card };
            }
            if let Some(card) = draw_spell
                && (plays_left >= 2 || creature.is_none())
            {
                return Action::Play { card };
            }
            if let Some((_, card)) = creature {
                return Action::Play { card };
            }
            // damage spells beyond what the opponent's turn can cast
            if damage > self.setup.spells_on_opponent_turn as usize
                && let Some(card) = damage_first
            {
                return Action::Play { card };
            }
        }
        if let Some(card) = self.usable_effect(st) {
            return Action::Activate { card };
        }
        let any_ready = st
            .zones
            .get(Zone::Battlefield)
            .iter()
            .any(|&c| self.ready(st, c));
        if any_ready || st.declared > 0 {
            // every attacker at once: the declared rerolls go to missed dice
            return Action::Attack {
                rerolls: self.rerolls_left(st),
            };
        }
        Action::Next
    }

    fn usable_effect(&self, st: &State) -> Option<u16> {
        if !self.has_effects {
            return None;
        }
        if st.phase == Phase::Opponent && !self.options.creature_effects_on_opponent_turn {
            return None;
        }
        st.zones.get(Zone::Battlefield).iter().copied().find(|&c| {
            st.flags[usize::from(c)] & USED == 0
                && self.def(c).activate.is_some_and(|f| f.helps_race())
        })
    }

    fn policy_opponent(&self, st: &State) -> Action {
        let hand = st.zones.get(Zone::Hand);
        if st.plays < self.play_limit(st)
            && let Some(&card) = hand
                .iter()
                .filter(|&&c| {
                    let d = self.def(c);
                    d.kind == Kind::Spell && d.deploy.helps_race()
                })
                .max_by_key(|&&c| self.def(c).deploy.damage)
        {
            return Action::Play { card };
        }
        if let Some(card) = self.usable_effect(st) {
            return Action::Activate { card };
        }
        if !st.bonus_draw_used
            && self.setup.bonus_draws > 0
            && (!st.zones.is_empty(Zone::Deck) || !st.zones.is_empty(Zone::Graveyard))
            && let Some(&card) = hand.iter().find(|&&c| self.dead(c))
        {
            return Action::BonusDraw { card };
        }
        Action::Next
    }
}

impl Sim for DiceOfDestiny {
    type State = State;
    type Action = Action;

    const GAME: GameId = GameId::DiceOfDestiny;
    const TURN_UNIT: TurnUnit = TurnUnit::Turn;
    const LABELS: CurveLabels = CurveLabels {
        resources: "creatures in play",
        hand: "cards in hand",
        damage: "damage",
        played: "cards played",
        castable: "cards playable (at most 2)",
    };

    fn new_state(&self) -> State {
        let n = self.table.copies();
        State {
            zones: Zones::new(n),
            rng: rng(0),
            seed: 0,
            seat: Seat::First,
            turn: 0,
            phase: Phase::Main,
            life: 0,
            opp_life: 0,
            plays: 0,
            third_card_used: false,
            bonus_draw_used: false,
            rerolls_used: 0,
            flags: vec![0; n],
            declared: 0,
            last_roll: Vec::with_capacity(n),
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
        st.life = self.setup.life as i32;
        st.opp_life = self.setup.life as i32;
        st.third_card_used = false;
        st.last_roll.clear();
        st.outcome = None;
        st.trace.clear();
        st.log.clear();
        st.zones.shuffle(Zone::Deck, &mut st.rng);
        for _ in 0..self.setup.opening_hand {
            st.zones.move_top(Zone::Deck, Zone::Hand, At::Top);
        }
    }

    fn begin(&self, st: &mut State) {
        match st.seat {
            Seat::First => self.begin_turn(st),
            // the opponent's first turn comes before ours
            Seat::Second => self.begin_opponent_turn(st),
        }
    }

    fn draw_pile<'s>(&self, st: &'s State) -> &'s [u16] {
        st.zones.get(Zone::Deck)
    }

    fn apply(&self, st: &mut State, action: Action) -> Result<(), Illegal> {
        ensure(st.outcome.is_none(), "game over", || {
            "the game is over".into()
        })?;
        match (st.phase, action) {
            (_, Action::Play { card }) => self.play(st, card)?,
            (_, Action::Activate { card }) => {
                ensure(
                    st.phase == Phase::Main || self.options.creature_effects_on_opponent_turn,
                    "DD §4.2",
                    || {
                        "creature effects are used on your own turn (option creature_effects_on_opponent_turn)".into()
                    },
                )?;
                ensure(
                    st.zones.contains(Zone::Battlefield, card),
                    "DD §4.2",
                    || "only creatures on the battlefield use effects".into(),
                )?;
                let fx = self.def(card).activate.ok_or_else(|| {
                    Illegal::new(
                        "DD §4.2",
                        format!("{} has no effect to use", self.table.copy_name(card)),
                    )
                })?;
                ensure(st.flags[usize::from(card)] & USED == 0, "DD §4.2", || {
                    "each creature triggers its effect once per turn".into()
                })?;
                st.flags[usize::from(card)] |= USED;
                st.log.note(st.turn, "effect", Some(card), None);
                self.resolve(st, fx, card);
            }
            (Phase::Main, Action::Declare { card }) => {
                ensure(self.can_attack(st, card), "DD §4.1", || {
                    format!(
                        "{} cannot attack (summoning sick, already attacked, or not on the battlefield)",
                        self.table.copy_name(card)
                    )
                })?;
                ensure(
                    st.flags[usize::from(card)] & DECLARED == 0,
                    "DD §4.3",
                    || "already declared".into(),
                )?;
                st.flags[usize::from(card)] |= DECLARED;
                st.declared += 1;
            }
            (Phase::Main, Action::Roll { rerolls }) => self.roll_attack(st, rerolls)?,
            (Phase::Main, Action::Attack { rerolls }) => {
                let left = self.rerolls_left(st);
                ensure(rerolls <= left, "DD §4.6", || {
                    format!("{rerolls} rerolls declared but only {left} are available this turn")
                })?;
                for i in 0..st.zones.len(Zone::Battlefield) {
                    let c = st.zones.get(Zone::Battlefield)[i];
                    if self.ready(st, c) && st.flags[usize::from(c)] & DECLARED == 0 {
                        st.flags[usize::from(c)] |= DECLARED;
                        st.declared += 1;
                    }
                }
                self.roll_attack(st, rerolls)?;
            }
            (Phase::Main, Action::Next) => {
                st.flags.iter_mut().for_each(|f| *f &= !DECLARED);
                st.declared = 0;
                self.begin_opponent_turn(st);
            }
            (Phase::Opponent, Action::BonusDraw { card }) => {
                ensure(!st.bonus_draw_used, "DD §2.3", || {
                    "the Bonus Draw is once per opponent turn".into()
                })?;
                ensure(
                    st.zones
                        .move_copy(Zone::Hand, card, Zone::Graveyard, At::Top),
                    "DD §2.3",
                    || "that card is not in your hand".into(),
                )?;
                st.bonus_draw_used = true;
                st.log
                    .note(st.turn, "bonus draw, discard", Some(card), None);
                self.draw(st);
            }
            (Phase::Opponent, Action::Next) => self.begin_turn(st),
            (phase, a) => {
                return Err(Illegal::new(
                    "DD turn",
                    format!("{a:?} is not possible during {phase:?}"),
                ));
            }
        }
        Ok(())
    }

    fn policy(&self, st: &State) -> Action {
        match st.phase {
            Phase::Main => self.policy_main(st),
            Phase::Opponent => self.policy_opponent(st),
            Phase::Over => Action::Next,
        }
    }

    fn legal_actions(&self, st: &State, out: &mut Vec<Action>) {
        out.clear();
        if st.phase == Phase::Over {
            return;
        }
        let try_push = |a: Action, out: &mut Vec<Action>| push_if_legal(self, st, a, out);
        for &c in st.zones.get(Zone::Hand) {
            try_push(Action::Play { card: c }, out);
        }
        for &c in st.zones.get(Zone::Battlefield) {
            try_push(Action::Activate { card: c }, out);
            if st.phase == Phase::Main {
                try_push(Action::Declare { card: c }, out);
            }
        }
        if st.phase == Phase::Main && st.declared > 0 {
            for r in 0..=self.rerolls_left(st) {
                out.push(Action::Roll { rerolls: r });
            }
        }
        if st.phase == Phase::Main
            && st
                .zones
                .get(Zone::Battlefield)
                .iter()
                .any(|&c| self.ready(st, c))
        {
            out.push(Action::Attack {
                rerolls: self.rerolls_left(st),
            });
        }
        if st.phase == Phase::Opponent && !st.bonus_draw_used {
            for &c in st.zones.get(Zone::Hand) {
                out.push(Action::BonusDraw { card: c });
            }
        }
        out.push(Action::Next);
    }

    fn outcome(&self, st: &State) -> Option<Outcome> {
        st.outcome
    }

    fn trace<'s>(&self, st: &'s State) -> &'s Trace {
        &st.trace
    }

    fn check(&self, st: &State) -> Result<(), String> {
        st.zones.check_conservation(self.table.copies())?;
        for &c in st.zones.get(Zone::Battlefield) {
            if self.def(c).kind != Kind::Creature {
                return Err(format!(
                    "{} on the battlefield is not a creature",
                    self.table.copy_name(c)
                ));
            }
        }
        Ok(())
    }

    fn snapshot(&self, st: &State) -> Snapshot {
        let view = |c: u16| {
            let mut tags = Vec::new();
            if st.zones.contains(Zone::Battlefield, c) {
                let i = usize::from(c);
                if st.flags[i] & SICK != 0 && !self.def(c).haste {
                    tags.push("sick".to_string());
                }
                if st.flags[i] & ATTACKED != 0 {
                    tags.push("attacked".into());
                }
                if st.flags[i] & DECLARED != 0 {
                    tags.push("declared".into());
                }
                if st.flags[i] & USED != 0 {
                    tags.push("effect used".into());
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
            game: GameId::DiceOfDestiny,
            seed: st.seed,
            seat: st.seat,
            turn: st.turn,
            turn_unit: TurnUnit::Turn,
            phase: match st.phase {
                Phase::Main => "Your turn".into(),
                Phase::Opponent => "Opponent's turn".into(),
                Phase::Over => "Over".into(),
            },
            counters: vec![
                ("life".into(), i64::from(st.life)),
                ("opponent life".into(), i64::from(st.opp_life)),
                (
                    "plays left".into(),
                    i64::from(self.play_limit(st).saturating_sub(st.plays)),
                ),
                ("rerolls left".into(), i64::from(self.rerolls_left(st))),
                ("bonus draw used".into(), i64::from(st.bonus_draw_used)),
            ],
            zones,
            board: Vec::new(),
            outcome: st.outcome,
        }
    }

    fn describe(&self, st: &State, action: Action) -> String {
        let n = |c: u16| self.table.copy_name(c).to_string();
        match action {
            Action::Play { card } => format!("Play {}", n(card)),
            Action::Activate { card } => format!("Use the effect of {}", n(card)),
            Action::Declare { card } => format!("Attack with {}", n(card)),
            Action::Roll { rerolls: 0 } => "Roll the attack dice".into(),
            Action::Attack { rerolls: 0 } => "Attack with every ready creature".into(),
            Action::Attack { rerolls } => {
                format!("Attack with every ready creature ({rerolls} rerolls)")
            }
            Action::Roll { rerolls } => format!("Roll the attack dice ({rerolls} rerolls)"),
            Action::BonusDraw { card } => format!("Bonus Draw: discard {}", n(card)),
            Action::Next if st.phase == Phase::Main => "End turn".into(),
            Action::Next => "Next turn".into(),
        }
    }

    fn log_mut<'s>(&self, st: &'s mut State) -> &'s mut Log {
        &mut st.log
    }

    fn log<'s>(&self, st: &'s State) -> &'s Log {
        &st.log
    }

    fn copy_name(&self, copy: u16) -> &str {
        self.table.copy_name(copy)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::sim::play_out;
    use crate::model::{Effect, FieldValue};

    fn card(name: &str, kind: &str, effects: Vec<Effect>) -> Card {
        let mut c = Card::new(name, kind);
        c.fields.insert(
            "colour".into(),
            FieldValue::Text(if kind == "spell" { "grey" } else { "red" }.into()),
        );
        c.effects = effects;
        c
    }

    fn sim_of(cards: &[(Card, u16)], overrides: &[(String, String)]) -> DiceOfDestiny {
        let mut cat = Catalog::new(GameId::DiceOfDestiny, "t");
        let mut deck = Vec::new();
        for (i, (c, n)) in cards.iter().enumerate() {
            cat.cards.push(c.clone());
            deck.extend(std::iter::repeat_n(i as u16, usize::from(*n)));
        }
        DiceOfDestiny::new(
            &cat,
            &DeckCards { cards: deck },
            Options::read(overrides).unwrap(),
            40,
        )
    }

    #[test]
    fn opening_hand_is_6_and_first_player_skips_the_first_draw() {
        let sim = sim_of(&[(card("C", "creature", vec![]), 30)], &[]);
        let mut st = sim.new_state();
        sim.start(&mut st, 5, Seat::First);
        assert_eq!((st.turn, st.zones.len(Zone::Hand)), (1, 6));
        sim.start(&mut st, 5, Seat::Second);
        assert_eq!(
            (st.turn, st.phase, st.zones.len(Zone::Hand)),
            (0, Phase::Opponent, 6)
        );
        sim.apply(&mut st, Action::Next).unwrap();
        assert_eq!((st.turn, st.zones.len(Zone::Hand)), (1, 8));
    }

    /// 30 copies of "deal 2 damage" spells, going first. By hand: 2 spells on
    /// our turn and 2 on the opponent's: 8 damage a round; 20 life falls on
    /// turn 3 (8, 16, 24). The hand never runs dry: 6, -4, +2 -4 ... the
    /// graveyard refills the deck.
    #[test]
    fn damage_spells_kill_on_turn_3() {
        let zap = card(
            "Zap",
            "spell",
            vec![Effect {
                on: Trigger::Deploy,
                damage: 2,
                ..Effect::default()
            }],
        );
        let sim = sim_of(&[(zap, 30)], &[]);
        let mut st = sim.new_state();
        assert_eq!(
            play_out(&sim, &mut st, 1, Seat::First).unwrap(),
            Outcome::Win { turn: 3 }
        );
    }

    #[test]
    fn summoning_sickness_and_two_plays() {
        let sim = sim_of(&[(card("C", "creature", vec![]), 30)], &[]);
        let mut st = sim.new_state();
        sim.start(&mut st, 2, Seat::First);
        let hand: Vec<u16> = st.zones.get(Zone::Hand).to_vec();
        sim.apply(&mut st, Action::Play { card: hand[0] }).unwrap();
        sim.apply(&mut st, Action::Play { card: hand[1] }).unwrap();
        let e = sim
            .apply(&mut st, Action::Play { card: hand[2] })
            .unwrap_err();
        assert_eq!(e.rule, "DD §2.5");
        let e = sim
            .apply(&mut st, Action::Declare { card: hand[0] })
            .unwrap_err();
        assert_eq!(e.rule, "DD §4.1");
        sim.apply(&mut st, Action::Next).unwrap();
        let e = sim
            .apply(&mut st, Action::Play { card: hand[2] })
            .unwrap_err();
        assert!(e.message.contains("spells only"), "{e}");
        sim.apply(&mut st, Action::Next).unwrap();
        sim.apply(&mut st, Action::Declare { card: hand[0] })
            .unwrap();
        sim.apply(&mut st, Action::Roll { rerolls: 0 }).unwrap();
        assert_eq!(st.last_roll.len(), 1);
        assert_eq!(st.opp_life, 20 - i32::from(st.last_roll[0].1));
        sim.check(&st).unwrap();
    }

    #[test]
    fn rerolls_only_as_many_as_in_play() {
        let imp = card(
            "Imp",
            "creature",
            vec![Effect {
                on: Trigger::Passive,
                reroll: 1,
                haste: true,
                ..Effect::default()
            }],
        );
        let sim = sim_of(&[(imp, 30)], &[]);
        let mut st = sim.new_state();
        sim.start(&mut st, 2, Seat::First);
        let c = st.zones.get(Zone::Hand)[0];
        sim.apply(&mut st, Action::Play { card: c }).unwrap();
        sim.apply(&mut st, Action::Declare { card: c }).unwrap();
        let e = sim.apply(&mut st, Action::Roll { rerolls: 2 }).unwrap_err();
        assert_eq!(e.rule, "DD §4.6");
        sim.apply(&mut st, Action::Roll { rerolls: 1 }).unwrap();
        assert_eq!(sim.rerolls_left(&st), 0);
    }

    #[test]
    fn deck_recycles_the_graveyard() {
        let sim = sim_of(&[(card("Dud", "spell", vec![]), 30)], &[]);
        let mut st = sim.new_state();
        sim.start(&mut st, 1, Seat::First);
        // play and bonus-draw through the whole deck
        for _ in 0..40 {
            let a = sim.policy(&st);
            sim.apply(&mut st, a).unwrap();
            sim.check(&st).unwrap();
        }
        assert_eq!(
            st.zones.len(Zone::Hand) + st.zones.len(Zone::Deck) + st.zones.len(Zone::Graveyard),
            30
        );
        assert!(st.turn > 10);
    }

    /// DD §6.2: the first player skips only turn 1's main draw.
    #[test]
    fn dd_6_2_first_player_skips_only_the_first_draw() {
        let sim = sim_of(&[(card("C", "creature", vec![]), 30)], &[]);
        let mut st = sim.new_state();
        sim.start(&mut st, 5, Seat::First);
        assert_eq!(st.zones.len(Zone::Deck), 24);
        sim.apply(&mut st, Action::Next).unwrap();
        sim.apply(&mut st, Action::Next).unwrap();
        assert_eq!((st.turn, st.zones.len(Zone::Deck)), (2, 22));
    }

    /// DD §4.2 reading (option `creature_effects_on_opponent_turn`): a
    /// creature's once-per-turn effect on the opponent's turn too.
    #[test]
    fn dd_4_2_creature_effects_on_the_opponents_turn() {
        let frog = card(
            "Frog",
            "creature",
            vec![Effect {
                on: Trigger::Activate,
                damage: 1,
                ..Effect::default()
            }],
        );
        for (option, allowed) in [("false", false), ("true", true)] {
            let sim = sim_of(
                &[(frog.clone(), 30)],
                &[("creature_effects_on_opponent_turn".into(), option.into())],
            );
            let mut st = sim.new_state();
            sim.start(&mut st, 1, Seat::First);
            let c = st.zones.get(Zone::Hand)[0];
            sim.apply(&mut st, Action::Play { card: c }).unwrap();
            sim.apply(&mut st, Action::Activate { card: c }).unwrap();
            assert!(
                sim.apply(&mut st, Action::Activate { card: c }).is_err(),
                "once per turn"
            );
            sim.apply(&mut st, Action::Next).unwrap();
            assert_eq!(
                sim.apply(&mut st, Action::Activate { card: c }).is_ok(),
                allowed,
                "{option}"
            );
        }
    }
}
