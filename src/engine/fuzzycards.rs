//! Fuzzycards against a passive opponent (rules-notes FZ §3-§4).
//!
//! Setup: shuffle the 30-card Scroll, draw 5 going first or 6 going second,
//! then the once-per-game mulligan (shuffle the hand back, draw 5, or as many as
//! the hand held with `mulligan_hand = same-size`). Each own turn runs the six
//! phases: Genesis (+1 Energy, carried over up to 5), Decode (draw 1; the first
//! player skips it on turn 1), Activate (play cards by paying Energy), Settle
//! (move cards between the 3 Altar and 3 Vault slots), Validate (each Altar
//! Hero may attack once) and Exodus (discard down to 7, end-of-turn effects,
//! Burn). The opponent's field stays empty, so every attack hits Life directly
//! for the attacker's full ATK (FZ §4 goldfish); a non-Rush Hero cannot attack
//! the turn it is played (FZ §6.5, option `settled_heroes_attack`). Drawing
//! from an empty Scroll loses (Scroll Out); 33 damage, or exactly 589 in total,
//! wins.
//!
//! The engine runs Genesis and Decode itself; the actions are the player's
//! choices: keep or mulligan, play, activate, move, attack, discard, and `Next`
//! to end a phase. Burn X hits its Hero at the end of every turn, the
//! opponent's included (`burn_every_turn`, FZ §6.7).

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
pub use crate::games::fuzzycards::{DecodeSkip, MulliganHand, Options, Setup};

impl Options {
    /// The defaults overridden by `key=value` pairs (unknown keys and bad
    /// values are errors, as for `validate --option`).
    pub fn read(overrides: &[(String, String)]) -> Result<Options, OptionError> {
        crate::games::Fuzzycards.options(overrides)
    }
}

/// The zones of one player (the opponent's stay empty).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Zone {
    Scroll,
    Hand,
    Altar,
    Vault,
    Discard,
    /// Equip Relics, each attached to a Hero ([`State::host`]).
    Equipped,
}

impl ZoneId for Zone {
    const ALL: &'static [Zone] = &[
        Zone::Scroll,
        Zone::Hand,
        Zone::Altar,
        Zone::Vault,
        Zone::Discard,
        Zone::Equipped,
    ];
    fn index(self) -> usize {
        self as usize
    }
    fn name(self) -> &'static str {
        match self {
            Zone::Scroll => "Scroll",
            Zone::Hand => "Hand",
            Zone::Altar => "Altar",
            Zone::Vault => "Vault",
            Zone::Discard => "Discard",
            Zone::Equipped => "Equipped",
        }
    }
}

/// A row of the field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Row {
    Altar,
    Vault,
}

impl Row {
    fn zone(self) -> Zone {
        match self {
            Row::Altar => Zone::Altar,
            Row::Vault => Zone::Vault,
        }
    }
}

/// What kind of card a definition is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Hero,
    Equip,
    Field,
    Event,
    /// The importance blank: cannot be played.
    Blank,
}

/// A card as the engine plays it.
#[derive(Clone, Debug, PartialEq)]
pub struct Def {
    pub kind: Kind,
    pub cost: u8,
    pub atk: i16,
    pub hp: i16,
    /// Rush keyword, or an effect with `haste`.
    pub rush: bool,
    /// Burn X.
    pub burn: u8,
    /// Passive `atk`: the Hero's own ATK change, or an Equip Relic's boost to its Hero.
    pub boost: i16,
    pub deploy: Fx,
    pub on_attack: Fx,
    pub on_hit: Fx,
    pub turn_start: Fx,
    pub turn_end: Fx,
    /// Activate: Energy to pay and what it does (once per turn).
    pub activate: Option<(u8, Fx)>,
}

impl Def {
    fn blank() -> Def {
        Def {
            kind: Kind::Blank,
            cost: 0,
            atk: 0,
            hp: 0,
            rush: false,
            burn: 0,
            boost: 0,
            deploy: Fx::default(),
            on_attack: Fx::default(),
            on_hit: Fx::default(),
            turn_start: Fx::default(),
            turn_end: Fx::default(),
            activate: None,
        }
    }

    /// Reads a catalog card.
    pub fn of(card: &Card) -> Def {
        let kind = match card.card_type.as_str() {
            "hero" => Kind::Hero,
            "relic" if card.str_field("relic") == Some("equip") => Kind::Equip,
            "relic" => Kind::Field,
            "event" => Kind::Event,
            _ => Kind::Blank,
        };
        let burn = card
            .field("keywords")
            .and_then(|k| k.as_list())
            .into_iter()
            .flatten()
            .filter_map(|v| v.as_str()?.strip_prefix("burn ")?.parse::<u8>().ok())
            .max()
            .unwrap_or(0);
        let activate = card
            .effects
            .iter()
            .find(|e| e.on == Trigger::Activate)
            .map(|e| (e.pay, Fx::of(e)));
        Def {
            kind,
            cost: card.cost.unwrap_or(0).clamp(0, 99) as u8,
            atk: card.int("atk").unwrap_or(0).clamp(0, 999) as i16,
            hp: card.int("hp").unwrap_or(0).clamp(0, 999) as i16,
            rush: card.has_in_list("keywords", "rush")
                || card
                    .effects
                    .iter()
                    .any(|e| e.on == Trigger::Passive && e.haste),
            burn,
            boost: i16::from(Fx::sum(card, Trigger::Passive).atk),
            deploy: Fx::sum(card, Trigger::Deploy),
            on_attack: Fx::sum(card, Trigger::Attack),
            on_hit: Fx::sum(card, Trigger::Hit),
            turn_start: Fx::sum(card, Trigger::TurnStart),
            turn_end: Fx::sum(card, Trigger::TurnEnd),
            activate,
        }
    }
}

/// Why a card plays (partly) as vanilla. Keywords other than Rush and Burn
/// only matter against an opponent's cards and are not reported; an ability
/// (a `timing`) or a Relic/Event text without `effects` is.
pub fn unmodelled(card: &Card) -> Option<String> {
    const FX: &[&str] = &["draw", "energy", "damage", "life"];
    if let Some(why) = unsupported(
        card,
        &[
            (Trigger::Deploy, FX),
            (Trigger::Attack, FX),
            (Trigger::Hit, FX),
            (
                Trigger::Activate,
                &["pay", "draw", "energy", "damage", "life"],
            ),
            (Trigger::TurnStart, FX),
            (Trigger::TurnEnd, FX),
            (Trigger::Passive, &["atk", "haste"]),
        ],
        "Fuzzycards",
    ) {
        return Some(why);
    }
    if !card.effects.is_empty() {
        return None;
    }
    let ability = card.str_field("timing").is_some();
    let textual =
        card.card_type != "hero" && card.text.as_deref().is_some_and(|t| !t.trim().is_empty());
    (ability || textual).then(|| "its text has no structured effects".to_string())
}

/// The phase the player is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    /// Before turn 1: keep the opening hand or take the mulligan.
    Mulligan,
    Activate,
    Settle,
    Validate,
    Exodus,
    Over,
}

/// A player choice. Cards are named by copy id (see [`super::zones`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "kebab-case")]
pub enum Action {
    /// Keep the opening hand.
    Keep,
    /// The once-per-game mulligan.
    Mulligan,
    /// Activate: play a card from hand. `target` is the Hero an Equip Relic
    /// attaches to; `row` places a Field Relic (or a Rush Hero whose Altar is
    /// full); `None` takes the rules' placement.
    Play {
        card: u16,
        target: Option<u16>,
        row: Option<Row>,
    },
    /// Activate: use a card's Activate ability (once per turn).
    Activate { card: u16 },
    /// Settle: move a card to the other row, or swap it with `with`.
    Move { card: u16, with: Option<u16> },
    /// Validate: an Altar Hero attacks the opponent's Life.
    Attack { card: u16 },
    /// Exodus: discard a card (only while over the hand limit).
    Discard { card: u16 },
    /// End the current phase.
    Next,
}

/// One game.
#[derive(Clone, Debug)]
pub struct State {
    pub zones: Zones<Zone>,
    rng: Rng,
    pub seed: u64,
    pub seat: Seat,
    pub turn: u16,
    pub phase: Phase,
    pub energy: u8,
    pub life: i32,
    pub opp_life: i32,
    /// Cumulative damage dealt (THE 589).
    pub dealt: u32,
    pub mulligans_left: u8,
    /// Damage on each copy (Burn).
    pub damage: Vec<i16>,
    /// The turn each copy entered the field.
    pub entered: Vec<u16>,
    pub attacked: Vec<bool>,
    pub activated: Vec<bool>,
    /// The Hero an Equip Relic is attached to.
    pub host: Vec<u16>,
    /// ATK added by attached Equip Relics.
    pub boost: Vec<i16>,
    pub outcome: Option<Outcome>,
    pub trace: Trace,
    pub log: Log,
}

/// The Fuzzycards engine for one deck.
#[derive(Clone, Debug)]
pub struct Fuzzycards {
    pub table: Table<Def>,
    /// `[setup]` of the game file, shared rather than copied.
    pub setup: &'static Setup,
    pub options: Options,
    pub max_turns: u16,
}

const NONE: u16 = u16::MAX;

/// How many turns ahead the policy values a play (a beatdown deck's game is
/// about this long from any point that matters).
const HORIZON: u16 = 3;

impl Fuzzycards {
    pub fn new(
        catalog: &Catalog,
        deck: &DeckCards,
        options: Options,
        max_turns: u16,
    ) -> Fuzzycards {
        Fuzzycards {
            table: Table::build(catalog, deck, Def::of, unmodelled, Def::blank()),
            setup: crate::games::Fuzzycards.setup(),
            options,
            max_turns,
        }
    }

    /// The same engine with another deck (definition indexes of this table).
    pub fn with_deck(&self, deck: Vec<u16>) -> Fuzzycards {
        let mut s = self.clone();
        s.table.deck = deck;
        s
    }

    fn def(&self, copy: u16) -> &Def {
        self.table.def(copy)
    }

    fn slots(&self, row: Row) -> usize {
        match row {
            Row::Altar => self.setup.altar_slots as usize,
            Row::Vault => self.setup.vault_slots as usize,
        }
    }

    fn has_room(&self, st: &State, row: Row) -> bool {
        st.zones.len(row.zone()) < self.slots(row)
    }

    /// A copy's attack: printed ATK, its own passive change, attached Relics.
    pub fn attack_of(&self, st: &State, copy: u16) -> i32 {
        let d = self.def(copy);
        i32::from(d.atk) + i32::from(d.boost) + i32::from(st.boost[usize::from(copy)])
    }

    /// Whether an Altar Hero may attack now.
    pub fn ready(&self, st: &State, copy: u16) -> bool {
        let d = self.def(copy);
        d.kind == Kind::Hero
            && !st.attacked[usize::from(copy)]
            && (st.entered[usize::from(copy)] < st.turn
                || d.rush
                || self.options.settled_heroes_attack)
    }

    fn end(&self, st: &mut State, o: Outcome) {
        if st.outcome.is_none() {
            st.outcome = Some(o);
            st.phase = Phase::Over;
        }
    }

    /// Draws one card; an empty Scroll loses the game (Scroll Out).
    fn draw(&self, st: &mut State) -> bool {
        match st.zones.move_top(Zone::Scroll, Zone::Hand, At::Top) {
            Some(c) => {
                st.log.note(st.turn, "draw", Some(c), None);
                true
            }
            None => {
                self.end(
                    st,
                    Outcome::Loss {
                        turn: st.turn,
                        reason: "scroll out",
                    },
                );
                false
            }
        }
    }

    fn hit_opponent(&self, st: &mut State, amount: i32, source: u16) {
        if amount <= 0 || st.outcome.is_some() {
            return;
        }
        st.opp_life -= amount;
        st.dealt += amount as u32;
        st.trace.add_damage(amount);
        st.log
            .note(st.turn, "damage by", Some(source), Some(amount));
        if st.opp_life <= 0 || st.dealt == self.setup.exact_damage_win {
            self.end(st, Outcome::Win { turn: st.turn });
        }
    }

    fn resolve(&self, st: &mut State, fx: Fx, source: u16) {
        if fx.energy > 0 {
            st.energy = (st.energy + fx.energy).min(self.setup.energy_max as u8);
        }
        st.life += i32::from(fx.life);
        self.hit_opponent(st, i32::from(fx.damage), source);
        for _ in 0..fx.draw {
            if st.outcome.is_some() || !self.draw(st) {
                return;
            }
        }
    }

    fn opening(&self, seat: Seat) -> u32 {
        match seat {
            Seat::First => self.setup.opening_hand_first,
            Seat::Second => self.setup.opening_hand_second,
        }
    }

    /// Genesis, Decode and the start of Activate.
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
        st.attacked.iter_mut().for_each(|a| *a = false);
        st.activated.iter_mut().for_each(|a| *a = false);
        st.energy = (st.energy + self.setup.energy_per_turn as u8).min(self.setup.energy_max as u8);
        for row in [Zone::Altar, Zone::Vault] {
            for i in 0..st.zones.len(row) {
                let c = st.zones.get(row)[i];
                let fx = self.def(c).turn_start;
                if !fx.is_empty() {
                    self.resolve(st, fx, c);
                }
            }
        }
        let skip = st.turn == 1
            && self.setup.first_player_skips_draw
            && (st.seat == Seat::First || self.options.decode_skip == DecodeSkip::BothPlayersTurn1);
        if !skip {
            for _ in 0..self.setup.draws_per_turn {
                if st.outcome.is_some() || !self.draw(st) {
                    break;
                }
            }
        }
        if st.outcome.is_some() {
            return;
        }
        st.phase = Phase::Activate;
        let castable = st
            .zones
            .get(Zone::Hand)
            .iter()
            .filter(|&&c| {
                let d = self.def(c);
                d.kind != Kind::Blank && d.cost <= st.energy
            })
            .count();
        let t = st.trace.current();
        t.resources = u16::from(st.energy);
        t.hand = st.zones.len(Zone::Hand) as u16;
        t.castable = castable as u16;
    }

    /// Burn on every Hero of the field, then KOs.
    fn burn(&self, st: &mut State) {
        for row in [Zone::Altar, Zone::Vault] {
            let mut i = 0;
            while i < st.zones.len(row) {
                let c = st.zones.get(row)[i];
                let d = self.def(c);
                if d.kind == Kind::Hero && d.burn > 0 {
                    st.damage[usize::from(c)] += i16::from(d.burn);
                    if st.damage[usize::from(c)] >= d.hp {
                        st.log.note(st.turn, "KO (Burn)", Some(c), None);
                        st.zones.move_card(row, i, Zone::Discard, At::Top);
                        st.damage[usize::from(c)] = 0;
                        st.boost[usize::from(c)] = 0;
                        // its Equip Relics go with it
                        let mut j = 0;
                        while j < st.zones.len(Zone::Equipped) {
                            let e = st.zones.get(Zone::Equipped)[j];
                            if st.host[usize::from(e)] == c {
                                st.zones
                                    .move_card(Zone::Equipped, j, Zone::Discard, At::Top);
                                st.host[usize::from(e)] = NONE;
                            } else {
                                j += 1;
                            }
                        }
                        continue;
                    }
                }
                i += 1;
            }
        }
    }

    /// Exodus effects, the opponent's (empty) turn, and the next turn.
    fn end_turn(&self, st: &mut State) {
        for row in [Zone::Altar, Zone::Vault] {
            for i in 0..st.zones.len(row) {
                let c = st.zones.get(row)[i];
                let fx = self.def(c).turn_end;
                if !fx.is_empty() {
                    self.resolve(st, fx, c);
                }
            }
        }
        if st.outcome.is_some() {
            return;
        }
        self.burn(st);
        // the opponent's turn: nothing happens but its end
        if self.options.burn_every_turn {
            self.burn(st);
        }
        self.begin_turn(st);
    }

    fn placement(&self, st: &State, d: &Def, row: Option<Row>) -> Result<Row, Illegal> {
        match d.kind {
            Kind::Hero => {
                let default = if d.rush && self.has_room(st, Row::Altar) {
                    Row::Altar
                } else {
                    Row::Vault
                };
                let row = row.unwrap_or(default);
                ensure(row == default, "FZ placement", || {
                    if d.rush {
                        "a Rush Hero enters the Altar (the Vault only when the Altar is full)"
                            .into()
                    } else {
                        "Heroes enter the Vault when first played".into()
                    }
                })?;
                ensure(self.has_room(st, row), "FZ placement", || {
                    format!("no open slot in the {row:?} (FZ §6.6)")
                })?;
                Ok(row)
            }
            Kind::Field => {
                let row = row.unwrap_or(if self.has_room(st, Row::Vault) {
                    Row::Vault
                } else {
                    Row::Altar
                });
                ensure(self.has_room(st, row), "FZ placement", || {
                    format!("no open slot in the {row:?} for a Field Relic")
                })?;
                Ok(row)
            }
            _ => Ok(Row::Vault),
        }
    }

    fn on_field(st: &State, c: u16) -> Option<Zone> {
        if st.zones.contains(Zone::Altar, c) {
            Some(Zone::Altar)
        } else if st.zones.contains(Zone::Vault, c) {
            Some(Zone::Vault)
        } else {
            None
        }
    }

    fn play(
        &self,
        st: &mut State,
        card: u16,
        target: Option<u16>,
        row: Option<Row>,
    ) -> Result<(), Illegal> {
        ensure(st.zones.contains(Zone::Hand, card), "FZ Activate", || {
            format!("{} is not in your hand", self.table.copy_name(card))
        })?;
        let d = self.def(card).clone();
        ensure(d.kind != Kind::Blank, "importance blank", || {
            "a blank card cannot be played".into()
        })?;
        ensure(d.cost <= st.energy, "FZ Activate", || {
            format!(
                "{} costs {} Energy and you have {}",
                self.table.copy_name(card),
                d.cost,
                st.energy
            )
        })?;
        let c = usize::from(card);
        match d.kind {
            Kind::Hero | Kind::Field => {
                let row = self.placement(st, &d, row)?;
                st.energy -= d.cost;
                st.zones.move_copy(Zone::Hand, card, row.zone(), At::Top);
                st.entered[c] = st.turn;
                st.damage[c] = 0;
                st.boost[c] = 0;
            }
            Kind::Equip => {
                let host = target.ok_or_else(|| {
                    Illegal::new("FZ placement", "an Equip Relic needs a Hero to attach to")
                })?;
                ensure(
                    Self::on_field(st, host).is_some() && self.def(host).kind == Kind::Hero,
                    "FZ placement",
                    || "Equip Relics attach to a Hero already on the field".into(),
                )?;
                st.energy -= d.cost;
                st.zones
                    .move_copy(Zone::Hand, card, Zone::Equipped, At::Top);
                st.host[c] = host;
                st.boost[usize::from(host)] += d.boost;
            }
            Kind::Event => {
                st.energy -= d.cost;
                st.zones.move_copy(Zone::Hand, card, Zone::Discard, At::Top);
            }
            Kind::Blank => unreachable!("checked above"),
        }
        st.trace.add_play(self.table.def_index(card));
        st.log.note(st.turn, "play", Some(card), None);
        self.resolve(st, d.deploy, card);
        Ok(())
    }

    /// The once-per-game mulligan itself (without starting turn 1): shuffle
    /// the hand into the Scroll and draw 5 (or as many as it held).
    pub fn mulligan(&self, st: &mut State) {
        let n = match self.options.mulligan_hand {
            MulliganHand::Rulebook => self.setup.mulligan_hand as usize,
            MulliganHand::SameSize => st.zones.len(Zone::Hand),
        };
        while let Some(c) = st.zones.top(Zone::Hand) {
            st.zones.move_copy(Zone::Hand, c, Zone::Scroll, At::Top);
        }
        st.zones.shuffle(Zone::Scroll, &mut st.rng);
        for _ in 0..n {
            st.zones.move_top(Zone::Scroll, Zone::Hand, At::Top);
        }
        st.mulligans_left -= 1;
        st.log.note(0, "mulligan", None, Some(n as i32));
    }

    // ------------------------------------------------------------ policy

    /// How much the policy wants to play a card now (`None`: not at all).
    fn play_score(&self, st: &State, d: &Def) -> Option<i32> {
        if d.kind == Kind::Blank || d.cost > st.energy {
            return None;
        }
        if d.deploy.energy >= d.cost && d.deploy.energy > 0 {
            return Some(1000);
        }
        if i32::from(d.deploy.damage) >= st.opp_life {
            return Some(2000);
        }
        match d.kind {
            Kind::Hero => {
                let room = if d.rush {
                    self.has_room(st, Row::Altar) || self.has_room(st, Row::Vault)
                } else {
                    self.has_room(st, Row::Vault)
                };
                room.then(|| {
                    500 + i32::from(d.cost) * 20 + i32::from(d.atk) + if d.rush { 10 } else { 0 }
                })
            }
            Kind::Equip => (d.boost > 0 || d.on_hit.helps_race() || d.on_attack.helps_race())
                .then_some(400 + i32::from(d.boost) * 5),
            Kind::Field => ((d.turn_start.helps_race() || d.turn_end.helps_race())
                && (self.has_room(st, Row::Altar) || self.has_room(st, Row::Vault)))
            .then_some(300 + i32::from(d.cost)),
            Kind::Event => {
                if d.deploy.damage > 0 {
                    Some(200 + i32::from(d.deploy.damage))
                } else if d.deploy.draw > 0 {
                    Some(150 + i32::from(d.deploy.draw))
                } else {
                    None
                }
            }
            Kind::Blank => None,
        }
    }

    fn best_attacker_on_field(&self, st: &State) -> Option<u16> {
        let mut best: Option<(i32, u16)> = None;
        for row in [Zone::Altar, Zone::Vault] {
            for &c in st.zones.get(row) {
                if self.def(c).kind == Kind::Hero {
                    let a = self.attack_of(st, c);
                    if best.is_none_or(|(b, _)| a > b) {
                        best = Some((a, c));
                    }
                }
            }
        }
        best.map(|(_, c)| c)
    }

    /// What playing `d` on turn `t` is worth by the policy's horizon (turn
    /// now + [`HORIZON`]): damage to Life, a card drawn counting 3 and an
    /// Energy 2.
    fn plan_value(&self, st: &State, d: &Def, t: u16) -> i32 {
        let end = st.turn + HORIZON;
        let attacks = |start: u16| {
            if start > end {
                0
            } else {
                i32::from(end - start + 1)
            }
        };
        let extra = i32::from(d.deploy.damage)
            + 3 * i32::from(d.deploy.draw)
            + 2 * i32::from(d.deploy.energy);
        match d.kind {
            Kind::Hero => {
                let atk = i32::from(d.atk) + i32::from(d.boost);
                atk * attacks(if d.rush { t } else { t + 1 }) + extra
            }
            Kind::Equip => i32::from(d.boost) * attacks(t.max(st.turn + 1)) + extra,
            Kind::Field => {
                let per_turn = i32::from(d.turn_end.damage)
                    + i32::from(d.turn_start.damage)
                    + 3 * i32::from(d.turn_start.draw + d.turn_end.draw);
                per_turn * attacks(t) + extra
            }
            Kind::Event => extra,
            Kind::Blank => 0,
        }
    }

    /// The best card to play next turn with `energy` left now (not `except`).
    fn best_next(&self, st: &State, energy: u8, except: Option<u16>) -> i32 {
        let next = (energy + self.setup.energy_per_turn as u8).min(self.setup.energy_max as u8);
        st.zones
            .get(Zone::Hand)
            .iter()
            .filter(|&&c| Some(c) != except)
            .map(|&c| self.def(c))
            .filter(|d| d.cost <= next && self.play_score_ignoring_energy(d).is_some())
            .map(|d| self.plan_value(st, d, st.turn + 1))
            .max()
            .unwrap_or(0)
    }

    /// Activate: cards that pay for themselves or win at once go first; then
    /// a two-turn lookahead picks the card whose value now plus the best play
    /// next turn (with the Energy left) is highest — or plays nothing, saving
    /// Energy for a bigger card, when that is worth more.
    fn policy_activate(&self, st: &State) -> Action {
        let target = self.best_attacker_on_field(st);
        let mut urgent: Option<(i32, u16)> = None;
        let mut best: Option<(i32, i32, u16)> = None;
        for &c in st.zones.get(Zone::Hand) {
            let d = self.def(c);
            let Some(score) = self.play_score(st, d) else {
                continue;
            };
            if d.kind == Kind::Equip && target.is_none() {
                continue;
            }
            if score >= 1000 {
                if urgent.is_none_or(|(b, _)| score > b) {
                    urgent = Some((score, c));
                }
                continue;
            }
            let plan =
                self.plan_value(st, d, st.turn) + self.best_next(st, st.energy - d.cost, Some(c));
            if best.is_none_or(|(p, s, _)| (plan, score) > (p, s)) {
                best = Some((plan, score, c));
            }
        }
        let choice = match (urgent, best) {
            (Some((_, c)), _) => Some(c),
            (None, Some((plan, _, c))) if plan >= self.best_next(st, st.energy, None) => Some(c),
            _ => None,
        };
        if let Some(card) = choice {
            let d = self.def(card);
            let target = (d.kind == Kind::Equip).then_some(target).flatten();
            let row = (d.kind == Kind::Field).then(|| {
                if st.zones.len(Zone::Altar) < st.zones.len(Zone::Vault) {
                    Row::Altar
                } else if self.has_room(st, Row::Vault) {
                    Row::Vault
                } else {
                    Row::Altar
                }
            });
            return Action::Play { card, target, row };
        }
        for row in [Zone::Altar, Zone::Vault] {
            for &c in st.zones.get(row) {
                if let Some((pay, fx)) = self.def(c).activate
                    && !st.activated[usize::from(c)]
                    && pay <= st.energy
                    && fx.helps_race()
                {
                    return Action::Activate { card: c };
                }
            }
        }
        Action::Next
    }

    fn policy_settle(&self, st: &State) -> Action {
        let is_ready = |c: u16| self.ready(st, c);
        let altar = st.zones.get(Zone::Altar);
        let vault = st.zones.get(Zone::Vault);
        let altar_room = self.has_room(st, Row::Altar);
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
            let weakest = altar.iter().copied().min_by_key(|&a| self.attack_of(st, a));
            if let Some(a) = weakest
                && self.attack_of(st, v) > self.attack_of(st, a)
            {
                return Action::Move {
                    card: v,
                    with: Some(a),
                };
            }
        }
        if altar_room && let Some(&v) = vault.iter().find(|&&v| self.def(v).kind == Kind::Hero) {
            return Action::Move {
                card: v,
                with: None,
            };
        }
        Action::Next
    }

    fn discard_choice(&self, st: &State) -> u16 {
        let hand = st.zones.get(Zone::Hand);
        *hand
            .iter()
            .max_by_key(|&&c| {
                let d = self.def(c);
                let useless = d.kind == Kind::Blank || self.play_score_ignoring_energy(d).is_none();
                (useless, d.cost)
            })
            .unwrap_or(&hand[0])
    }

    fn play_score_ignoring_energy(&self, d: &Def) -> Option<()> {
        match d.kind {
            Kind::Hero => Some(()),
            Kind::Blank => None,
            Kind::Equip => (d.boost > 0).then_some(()),
            Kind::Field => (d.turn_start.helps_race() || d.turn_end.helps_race()).then_some(()),
            Kind::Event => d.deploy.helps_race().then_some(()),
        }
    }
}

impl Sim for Fuzzycards {
    type State = State;
    type Action = Action;

    const GAME: GameId = GameId::Fuzzycards;
    const TURN_UNIT: TurnUnit = TurnUnit::Turn;
    const LABELS: CurveLabels = CurveLabels {
        resources: "energy",
        hand: "cards in hand",
        damage: "damage",
        played: "cards played",
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
            phase: Phase::Mulligan,
            energy: 0,
            life: 0,
            opp_life: 0,
            dealt: 0,
            mulligans_left: 0,
            damage: vec![0; n],
            entered: vec![0; n],
            attacked: vec![false; n],
            activated: vec![false; n],
            host: vec![NONE; n],
            boost: vec![0; n],
            outcome: None,
            trace: Trace::new(self.table.defs.len(), self.max_turns),
            log: Log::default(),
        }
    }

    fn deal(&self, st: &mut State, seed: u64, seat: Seat) {
        let n = self.table.copies();
        st.zones.reset(Zone::Scroll, n);
        st.rng = rng(seed);
        st.seed = seed;
        st.seat = seat;
        st.turn = 0;
        st.energy = self.setup.energy_start as u8;
        st.life = self.setup.life as i32;
        st.opp_life = self.setup.life as i32;
        st.dealt = 0;
        st.mulligans_left = self.setup.mulligans as u8;
        st.damage.iter_mut().for_each(|x| *x = 0);
        st.entered.iter_mut().for_each(|x| *x = 0);
        st.attacked.iter_mut().for_each(|x| *x = false);
        st.activated.iter_mut().for_each(|x| *x = false);
        st.host.iter_mut().for_each(|x| *x = NONE);
        st.boost.iter_mut().for_each(|x| *x = 0);
        st.outcome = None;
        st.trace.clear();
        st.log.clear();
        st.zones.shuffle(Zone::Scroll, &mut st.rng);
        for _ in 0..self.opening(seat) {
            st.zones.move_top(Zone::Scroll, Zone::Hand, At::Top);
        }
        st.phase = Phase::Mulligan;
    }

    fn begin(&self, st: &mut State) {
        if st.mulligans_left == 0 && st.turn == 0 {
            self.begin_turn(st);
        }
    }

    fn draw_pile<'s>(&self, st: &'s State, _p: usize) -> &'s [u16] {
        st.zones.get(Zone::Scroll)
    }

    fn apply(&self, st: &mut State, action: Action) -> Result<(), Illegal> {
        ensure(st.outcome.is_none(), "game over", || {
            "the game is over".into()
        })?;
        match (st.phase, action) {
            (Phase::Mulligan, Action::Keep) => self.begin_turn(st),
            (Phase::Mulligan, Action::Mulligan) => {
                ensure(st.mulligans_left > 0, "FZ setup 4", || {
                    "the mulligan is once per game".into()
                })?;
                self.mulligan(st);
                self.begin_turn(st);
            }
            (Phase::Activate, Action::Play { card, target, row }) => {
                self.play(st, card, target, row)?
            }
            (Phase::Activate, Action::Activate { card }) => {
                ensure(Self::on_field(st, card).is_some(), "FZ Activate", || {
                    format!("{} is not on the field", self.table.copy_name(card))
                })?;
                let (pay, fx) = self.def(card).activate.ok_or_else(|| {
                    Illegal::new(
                        "FZ Activate",
                        format!("{} has no Activate ability", self.table.copy_name(card)),
                    )
                })?;
                ensure(
                    !st.activated[usize::from(card)],
                    "FZ ability timing",
                    || "Activate abilities are once per turn".into(),
                )?;
                ensure(pay <= st.energy, "FZ Activate", || {
                    format!("the ability costs {pay} Energy and you have {}", st.energy)
                })?;
                st.energy -= pay;
                st.activated[usize::from(card)] = true;
                st.log.note(st.turn, "activate", Some(card), None);
                self.resolve(st, fx, card);
            }
            (Phase::Settle, Action::Move { card, with }) => {
                let from = Self::on_field(st, card).ok_or_else(|| {
                    Illegal::new(
                        "FZ Settle",
                        format!("{} is not on the field", self.table.copy_name(card)),
                    )
                })?;
                let to = if from == Zone::Altar {
                    Zone::Vault
                } else {
                    Zone::Altar
                };
                match with {
                    None => {
                        let row = if to == Zone::Altar {
                            Row::Altar
                        } else {
                            Row::Vault
                        };
                        ensure(self.has_room(st, row), "FZ Settle", || {
                            format!("the {row:?} is full")
                        })?;
                        st.zones.move_copy(from, card, to, At::Top);
                    }
                    Some(other) => {
                        ensure(st.zones.contains(to, other), "FZ Settle", || {
                            "a swap needs one card from each row".into()
                        })?;
                        st.zones.move_copy(from, card, to, At::Top);
                        st.zones.move_copy(to, other, from, At::Top);
                    }
                }
            }
            (Phase::Validate, Action::Attack { card }) => {
                ensure(st.zones.contains(Zone::Altar, card), "FZ Validate", || {
                    "only cards on your Altar attack".into()
                })?;
                ensure(self.def(card).kind == Kind::Hero, "FZ §6.11", || {
                    "Field Relics do not attack".into()
                })?;
                ensure(!st.attacked[usize::from(card)], "FZ Validate", || {
                    "each card attacks once".into()
                })?;
                ensure(self.ready(st, card), "FZ Activate", || {
                    "Heroes cannot attack the turn they are played unless they have Rush".into()
                })?;
                st.attacked[usize::from(card)] = true;
                let d = self.def(card);
                let (on_attack, on_hit) = (d.on_attack, d.on_hit);
                self.resolve(st, on_attack, card);
                // direct attack: full ATK, no DEF; every attack deals at least 1
                let amount = self.attack_of(st, card).max(1);
                self.hit_opponent(st, amount, card);
                if st.outcome.is_none() {
                    self.resolve(st, on_hit, card);
                }
            }
            (Phase::Exodus, Action::Discard { card }) => {
                ensure(
                    st.zones.len(Zone::Hand) > self.setup.hand_limit as usize,
                    "FZ Exodus",
                    || format!("discard only down to {} cards", self.setup.hand_limit),
                )?;
                ensure(
                    st.zones.move_copy(Zone::Hand, card, Zone::Discard, At::Top),
                    "FZ Exodus",
                    || "that card is not in your hand".into(),
                )?;
            }
            (Phase::Activate, Action::Next) => st.phase = Phase::Settle,
            (Phase::Settle, Action::Next) => st.phase = Phase::Validate,
            (Phase::Validate, Action::Next) => st.phase = Phase::Exodus,
            (Phase::Exodus, Action::Next) => {
                ensure(
                    st.zones.len(Zone::Hand) <= self.setup.hand_limit as usize,
                    "FZ Exodus",
                    || format!("discard down to {} cards first", self.setup.hand_limit),
                )?;
                self.end_turn(st);
            }
            (phase, a) => {
                return Err(Illegal::new(
                    "FZ phases",
                    format!("{a:?} is not possible in the {phase:?} phase"),
                ));
            }
        }
        Ok(())
    }

    fn policy(&self, st: &State, _level: crate::engine::game::Level) -> Action {
        match st.phase {
            Phase::Mulligan => {
                let early = st
                    .zones
                    .get(Zone::Hand)
                    .iter()
                    .any(|&c| self.def(c).kind == Kind::Hero && self.def(c).cost <= 2);
                if st.mulligans_left > 0 && !early {
                    Action::Mulligan
                } else {
                    Action::Keep
                }
            }
            Phase::Activate => self.policy_activate(st),
            Phase::Settle => self.policy_settle(st),
            Phase::Validate => st
                .zones
                .get(Zone::Altar)
                .iter()
                .find(|&&c| self.ready(st, c))
                .map_or(Action::Next, |&card| Action::Attack { card }),
            Phase::Exodus => {
                if st.zones.len(Zone::Hand) > self.setup.hand_limit as usize {
                    Action::Discard {
                        card: self.discard_choice(st),
                    }
                } else {
                    Action::Next
                }
            }
            Phase::Over => Action::Next,
        }
    }

    fn legal_actions(&self, st: &State, out: &mut Vec<Action>) {
        out.clear();
        let push_if_ok = |a: Action, out: &mut Vec<Action>| push_if_legal(self, st, a, out);
        match st.phase {
            Phase::Over => {}
            Phase::Mulligan => {
                out.push(Action::Keep);
                if st.mulligans_left > 0 {
                    out.push(Action::Mulligan);
                }
            }
            Phase::Activate => {
                let field: Vec<u16> = [Zone::Altar, Zone::Vault]
                    .iter()
                    .flat_map(|&z| st.zones.get(z).iter().copied())
                    .collect();
                for &c in st.zones.get(Zone::Hand) {
                    match self.def(c).kind {
                        Kind::Equip => {
                            for &h in &field {
                                push_if_ok(
                                    Action::Play {
                                        card: c,
                                        target: Some(h),
                                        row: None,
                                    },
                                    out,
                                );
                            }
                        }
                        Kind::Field => {
                            for row in [Row::Altar, Row::Vault] {
                                push_if_ok(
                                    Action::Play {
                                        card: c,
                                        target: None,
                                        row: Some(row),
                                    },
                                    out,
                                );
                            }
                        }
                        _ => push_if_ok(
                            Action::Play {
                                card: c,
                                target: None,
                                row: None,
                            },
                            out,
                        ),
                    }
                }
                for &c in &field {
                    push_if_ok(Action::Activate { card: c }, out);
                }
                out.push(Action::Next);
            }
            Phase::Settle => {
                for &a in st.zones.get(Zone::Altar) {
                    push_if_ok(
                        Action::Move {
                            card: a,
                            with: None,
                        },
                        out,
                    );
                    // a swap, named from either side
                    for &v in st.zones.get(Zone::Vault) {
                        out.push(Action::Move {
                            card: a,
                            with: Some(v),
                        });
                        out.push(Action::Move {
                            card: v,
                            with: Some(a),
                        });
                    }
                }
                for &v in st.zones.get(Zone::Vault) {
                    push_if_ok(
                        Action::Move {
                            card: v,
                            with: None,
                        },
                        out,
                    );
                }
                out.push(Action::Next);
            }
            Phase::Validate => {
                for &c in st.zones.get(Zone::Altar) {
                    if self.ready(st, c) {
                        out.push(Action::Attack { card: c });
                    }
                }
                out.push(Action::Next);
            }
            Phase::Exodus => {
                if st.zones.len(Zone::Hand) > self.setup.hand_limit as usize {
                    for &c in st.zones.get(Zone::Hand) {
                        out.push(Action::Discard { card: c });
                    }
                } else {
                    out.push(Action::Next);
                }
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
        st.zones.check_conservation(self.table.copies())?;
        for row in [Row::Altar, Row::Vault] {
            if st.zones.len(row.zone()) > self.slots(row) {
                return Err(format!("{row:?} holds {} cards", st.zones.len(row.zone())));
            }
        }
        if st.energy > self.setup.energy_max as u8 {
            return Err(format!("energy {} above the maximum", st.energy));
        }
        for &e in st.zones.get(Zone::Equipped) {
            let h = st.host[usize::from(e)];
            if Self::on_field(st, h).is_none() {
                return Err(format!(
                    "equip {e} is attached to {h}, which is not on the field"
                ));
            }
        }
        Ok(())
    }

    fn snapshot(&self, st: &State) -> Snapshot {
        let view = |c: u16| {
            let mut tags = Vec::new();
            let d = self.def(c);
            if Self::on_field(st, c).is_some() && d.kind == Kind::Hero {
                tags.push(format!("ATK {}", self.attack_of(st, c)));
                tags.push(format!("HP {}/{}", d.hp - st.damage[usize::from(c)], d.hp));
                if self.ready(st, c) {
                    tags.push("ready".into());
                }
                if st.attacked[usize::from(c)] {
                    tags.push("attacked".into());
                }
            }
            if st.zones.contains(Zone::Equipped, c) {
                tags.push(format!(
                    "on {}",
                    self.table.copy_name(st.host[usize::from(c)])
                ));
            }
            if st.zones.contains(Zone::Hand, c) && d.kind != Kind::Blank {
                tags.push(format!("cost {}", d.cost));
            }
            CardView {
                copy: c,
                name: self.table.copy_name(c).to_string(),
                tags,
            }
        };
        let zones = zone_views(&st.zones, &[Zone::Scroll], view);
        Snapshot {
            game: GameId::Fuzzycards,
            seed: st.seed,
            seat: st.seat,
            turn: st.turn,
            turn_unit: TurnUnit::Turn,
            phase: format!("{:?}", st.phase),
            phase_help: String::new(),
            to_act: 0,
            counters: vec![
                ("energy".into(), i64::from(st.energy)),
                ("life".into(), i64::from(st.life)),
                ("opponent life".into(), i64::from(st.opp_life)),
                ("damage dealt".into(), i64::from(st.dealt)),
                ("mulligans left".into(), i64::from(st.mulligans_left)),
            ],
            zones,
            board: Vec::new(),
            outcome: st.outcome,
        }
    }

    fn describe(&self, st: &State, action: Action) -> String {
        let n = |c: u16| self.table.copy_name(c).to_string();
        match action {
            Action::Keep => "Keep the hand".into(),
            Action::Mulligan => "Mulligan".into(),
            Action::Play {
                card,
                target: Some(t),
                ..
            } => format!("Play {} on {}", n(card), n(t)),
            Action::Play {
                card, row: Some(r), ..
            } => format!("Play {} to the {r:?}", n(card)),
            Action::Play { card, .. } => format!("Play {}", n(card)),
            Action::Activate { card } => format!("Activate {}", n(card)),
            Action::Move {
                card,
                with: Some(o),
            } => format!("Swap {} and {}", n(card), n(o)),
            Action::Move { card, with: None } => {
                let to = if st.zones.contains(Zone::Altar, card) {
                    "Vault"
                } else {
                    "Altar"
                };
                format!("Move {} to the {to}", n(card))
            }
            Action::Attack { card } => {
                format!("Attack with {} ({})", n(card), self.attack_of(st, card))
            }
            Action::Discard { card } => format!("Discard {}", n(card)),
            Action::Next => match st.phase {
                Phase::Activate => "To Settle".into(),
                Phase::Settle => "To Validate".into(),
                Phase::Validate => "To Exodus".into(),
                _ => "End turn".into(),
            },
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

    fn without_one(&self, def: u16) -> Fuzzycards {
        self.with_deck(self.table.deck_without_one(def))
    }

    fn schedule(&self, seat: Seat) -> crate::engine::schedule::Schedule {
        crate::engine::schedule::Schedule {
            opening: match seat {
                Seat::First => self.setup.opening_hand_first,
                Seat::Second => self.setup.opening_hand_second,
            },
            per_turn: self.setup.draws_per_turn,
            skip_first: self.setup.first_player_skips_draw
                && (seat == Seat::First
                    || self.options.decode_skip == DecodeSkip::BothPlayersTurn1),
            unit: "turn",
        }
    }

    fn mulligan(&self, st: &State) -> Option<crate::engine::game::Mulligan> {
        (st.phase == Phase::Mulligan && st.mulligans_left > 0).then(|| {
            crate::engine::game::Mulligan::WholeHand {
                draw: match self.options.mulligan_hand {
                    MulliganHand::Rulebook => self.setup.mulligan_hand,
                    MulliganHand::SameSize => st.zones.len(Zone::Hand) as u32,
                },
            }
        })
    }

    fn mulligan_action(&self, _st: &State, _returned: &[u16]) -> Result<Action, Illegal> {
        Ok(Action::Mulligan)
    }

    fn keep_action(&self, st: &State) -> Option<Action> {
        (st.phase == Phase::Mulligan).then_some(Action::Keep)
    }

    fn mulligan_only(&self, st: &mut State, _returned: &[u16]) -> Result<(), Illegal> {
        ensure(st.mulligans_left > 0, "FZ setup 4", || {
            "the mulligan is once per game".into()
        })?;
        Fuzzycards::mulligan(self, st);
        Ok(())
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
        GameId::Fuzzycards
    }

    fn compile(
        &self,
        me: crate::engine::session::DeckSide<'_>,
        opponent: Option<crate::engine::session::DeckSide<'_>>,
        opts: &crate::engine::session::EngineOptions,
    ) -> Result<crate::engine::session::Engine, crate::engine::session::EngineError> {
        use crate::engine::session::Engine;
        super::legacy::goldfish_only(GameId::Fuzzycards, opponent.is_some(), opts)?;
        Ok(Engine::of(Fuzzycards::new(
            me.catalog,
            me.cards,
            Options::read(&opts.overrides)?,
            opts.max_turns,
        )))
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

    pub(crate) fn hero(name: &str, cost: i64, atk: i64, hp: i64, keywords: &[&str]) -> Card {
        let mut c = Card::new(name, "hero");
        c.cost = Some(cost);
        c.fields.insert("atk".into(), FieldValue::Int(atk));
        c.fields.insert("def".into(), FieldValue::Int(3));
        c.fields.insert("hp".into(), FieldValue::Int(hp));
        c.fields.insert(
            "keywords".into(),
            FieldValue::List(
                keywords
                    .iter()
                    .map(|k| FieldValue::Text(k.to_string()))
                    .collect(),
            ),
        );
        c
    }

    fn sim_of(cards: &[(Card, u16)]) -> Fuzzycards {
        sim_with(cards, &[])
    }

    fn sim_with(cards: &[(Card, u16)], overrides: &[(&str, &str)]) -> Fuzzycards {
        let mut cat = Catalog::new(GameId::Fuzzycards, "t");
        let mut deck = Vec::new();
        for (i, (c, n)) in cards.iter().enumerate() {
            cat.cards.push(c.clone());
            deck.extend(std::iter::repeat_n(i as u16, usize::from(*n)));
        }
        let overrides: Vec<(String, String)> = overrides
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let opts = Options::read(&overrides).unwrap();
        Fuzzycards::new(&cat, &DeckCards { cards: deck }, opts, 40)
    }

    fn run(sim: &Fuzzycards, seed: u64, seat: Seat) -> (Outcome, State) {
        let mut st = sim.new_state();
        let o = play_out(
            sim,
            &mut st,
            seed,
            seat,
            [crate::engine::game::Level::Goldfish; 2],
        )
        .unwrap();
        (o, st)
    }

    #[test]
    fn opening_hand_is_5_first_and_6_second() {
        let sim = sim_of(&[(hero("A", 1, 5, 5, &[]), 30)]);
        let mut st = sim.new_state();
        sim.start(&mut st, 1, Seat::First);
        assert_eq!(st.zones.len(Zone::Hand), 5);
        assert_eq!(st.phase, Phase::Mulligan);
        sim.start(&mut st, 1, Seat::Second);
        assert_eq!(st.zones.len(Zone::Hand), 6);
    }

    #[test]
    fn mulligan_draws_5_then_is_spent() {
        let sim = sim_of(&[(hero("A", 1, 5, 5, &[]), 30)]);
        let mut st = sim.new_state();
        sim.start(&mut st, 1, Seat::Second);
        sim.apply(&mut st, Action::Mulligan).unwrap();
        // mulligan 5, then the second player's turn-1 Decode draw
        assert_eq!(st.zones.len(Zone::Hand), 6);
        assert_eq!(st.mulligans_left, 0);
        assert_eq!(st.phase, Phase::Activate);
        sim.invariants(&st).unwrap();
    }

    /// 30 vanilla 1-cost Heroes, ATK 5, going first. By hand: one Hero a turn
    /// (1 Energy a turn); a Hero attacks from the turn after it is played; the
    /// Altar holds 3 attackers. Damage: t2 5, t3 10 (15), t4 15 (30), t5 15 (45
    /// >= 33). Kill turn 5.
    #[test]
    fn vanilla_ones_kill_on_turn_5() {
        let sim = sim_of(&[(hero("A", 1, 5, 5, &[]), 30)]);
        for seed in 0..20 {
            for seat in [Seat::First, Seat::Second] {
                assert_eq!(run(&sim, seed, seat).0, Outcome::Win { turn: 5 });
            }
        }
    }

    /// Rush Heroes attack the turn they are played: t1 5, t2 10 (15),
    /// t3 15 (30), t4 15 (45). Kill turn 4.
    #[test]
    fn vanilla_rush_kill_on_turn_4() {
        let sim = sim_of(&[(hero("R", 1, 5, 5, &["rush"]), 30)]);
        assert_eq!(run(&sim, 3, Seat::First).0, Outcome::Win { turn: 4 });
    }

    /// Burn 2 on a 4-HP Hero: burned at the end of our turn and of the
    /// opponent's, so it is KO'd before it can attack.
    #[test]
    fn burn_every_turn_kos_before_the_attack() {
        let sim = sim_of(&[(hero("B", 1, 5, 4, &["burn 2"]), 30)]);
        let (o, st) = run(&sim, 3, Seat::First);
        assert!(st.zones.len(Zone::Discard) > 0);
        // no Hero ever attacks: the deck runs out (Scroll Out) on turn 27
        assert_eq!(
            o,
            Outcome::Loss {
                turn: 27,
                reason: "scroll out"
            }
        );
    }

    #[test]
    fn equip_boost_and_deploy_damage() {
        let mut g = Card::new("G", "relic");
        g.cost = Some(1);
        g.fields
            .insert("relic".into(), FieldValue::Text("equip".into()));
        g.effects = vec![Effect {
            on: Trigger::Passive,
            atk: 2,
            ..Effect::default()
        }];
        let sim = sim_of(&[(hero("A", 1, 5, 5, &[]), 15), (g, 15)]);
        let (o, st) = run(&sim, 9, Seat::First);
        assert!(matches!(o, Outcome::Win { .. }));
        sim.invariants(&st).unwrap();
        assert!(st.trace.plays[1] > 0, "equips were played");
    }

    #[test]
    fn illegal_actions_name_their_rule() {
        let sim = sim_of(&[(hero("A", 3, 5, 5, &[]), 30)]);
        let mut st = sim.new_state();
        sim.start(&mut st, 1, Seat::First);
        sim.apply(&mut st, Action::Keep).unwrap();
        let card = st.zones.get(Zone::Hand)[0];
        let e = sim
            .apply(
                &mut st,
                Action::Play {
                    card,
                    target: None,
                    row: None,
                },
            )
            .unwrap_err();
        assert!(
            e.to_string().contains("costs 3 Energy and you have 1"),
            "{e}"
        );
        let e = sim.apply(&mut st, Action::Attack { card }).unwrap_err();
        assert_eq!(e.rule, "FZ phases");
        let e = sim.apply(&mut st, Action::Mulligan).unwrap_err();
        assert_eq!(e.rule, "FZ phases");
    }

    #[test]
    fn unmodelled_cards_are_named() {
        let mut lynx = hero("Lynx", 3, 9, 10, &["bridge"]);
        lynx.fields
            .insert("timing".into(), FieldValue::Text("on kill".into()));
        assert!(unmodelled(&lynx).is_some());
        assert!(unmodelled(&hero("Boar", 3, 10, 9, &["rush"])).is_none());
        let mut ev = Card::new("Verdict", "event");
        ev.text = Some("KO target enemy Hero.".into());
        assert!(unmodelled(&ev).is_some());
    }

    /// FZ §6.2: with `mulligan_hand = same-size` the second player redraws 6.
    #[test]
    fn fz_6_2_same_size_mulligan() {
        let sim = sim_with(
            &[(hero("A", 1, 5, 5, &[]), 30)],
            &[("mulligan_hand", "same-size")],
        );
        let mut st = sim.new_state();
        sim.deal(&mut st, 3, Seat::Second);
        sim.mulligan(&mut st);
        assert_eq!(st.zones.len(Zone::Hand), 6);
    }

    /// FZ §6.5: with `settled_heroes_attack` a Hero Settled to the Altar the
    /// turn it is played attacks at once, so vanilla 1-drops kill like Rush:
    /// 5, 10 (15), 15 (30), 15 (45) on turn 4.
    #[test]
    fn fz_6_5_settled_heroes_attack_option() {
        let sim = sim_with(
            &[(hero("A", 1, 5, 5, &[]), 30)],
            &[("settled_heroes_attack", "true")],
        );
        assert_eq!(run(&sim, 2, Seat::First).0, Outcome::Win { turn: 4 });
    }

    /// FZ §6.7: with `burn_every_turn = false`, Burn 2 on a 4-HP Hero only
    /// ticks at its owner's turn end: it survives to attack once (5 damage)
    /// before the second tick KOs it.
    #[test]
    fn fz_6_7_burn_on_own_turns_only() {
        let sim = sim_with(
            &[(hero("B", 1, 5, 4, &["burn 2"]), 30)],
            &[("burn_every_turn", "false")],
        );
        let (o, st) = run(&sim, 3, Seat::First);
        assert!(matches!(o, Outcome::Win { .. }), "{o:?}");
        assert!(st.trace.turns.iter().all(|t| t.damage <= 5));
    }

    /// FZ §6.10: the Decode skip applies only to the first player's turn 1,
    /// unless `decode_skip = both-players-turn-1`.
    #[test]
    fn fz_6_10_decode_skip() {
        for (option, want) in [("first-player-turn-1", 7), ("both-players-turn-1", 6)] {
            let sim = sim_with(&[(hero("A", 5, 5, 5, &[]), 30)], &[("decode_skip", option)]);
            let mut st = sim.new_state();
            sim.start(&mut st, 1, Seat::Second);
            sim.apply(&mut st, Action::Keep).unwrap();
            assert_eq!(st.zones.len(Zone::Hand), want, "{option}");
        }
    }
}
