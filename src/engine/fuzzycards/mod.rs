//! Fuzzycards, two players (rulebook "THE GAME SETUP" to "WIN CONDITIONS",
//! rules-notes FZ).
//!
//! Setup: each 30-card Scroll is shuffled; the first player draws 5, the
//! second 6; each player may take the once-per-game mulligan (shuffle the
//! hand back, draw 5, or as many as it held with `mulligan_hand =
//! same-size`); Life 33, Energy 0. Who goes first is the caller's seat, or
//! the Genesis Flip with `turn_order = genesis-flip`
//! ([`Fuzzycards::genesis_flip`]). A turn runs the six phases: Genesis (+1
//! Energy, carried over up to 5, and "at the start of your turn" effects),
//! Decode (draw 1; the first player skips it on turn 1), Activate (play
//! cards by paying Energy: Heroes enter the Vault, or the Altar with Rush;
//! Equip Relics attach to a Hero; Field Relics take a slot; Events resolve;
//! Activate abilities once per turn), Settle (move cards between the 3
//! Altar and 3 Vault slots), Validate (each ready Altar Hero attacks once)
//! and Exodus (discard down to 7, end-of-turn effects, Burn).
//!
//! Combat ([`combat`]): an attack targets an opponent's Altar card — a Guard
//! first, never a Stealth card that has not attacked — or, when their Altar
//! is empty, their Life or a Vault card (FZ §6.4). Damage to a card is ATK −
//! ⌊DEF/2⌋ + the Force bonus (`[setup] force_bonus` when the attacker's Force
//! beats the defender's, `force_cycle`), at least 1; Shield makes the first
//! damage a card takes each turn 0; a Bridge card may dodge into the Vault;
//! a card at 0 HP is KO'd (its Equip Relics with it) and the excess Pierces
//! to Life. A direct attack deals the full ATK. Drain heals its attacker by
//! the damage dealt. Silence removes a card's abilities for the time its
//! card says. A player wins when the other's Life reaches 0, when the other
//! cannot draw (Scroll Out), or on dealing exactly 589 damage in all.
//!
//! In a goldfish game player 1 is passive: it has no cards, draws nothing
//! and its turns pass at once (Burn still ticks at their end), so every
//! attack hits Life for the full ATK. Kill turns count player 0's turns.
//!
//! Split by concern: [`cards`] (compiling cards, what the engine plays),
//! [`text`] (the rules-text grammar), [`turn`] (turns, plays, effects),
//! [`combat`] (attacks, damage, KOs), [`host`] (the effect
//! interpreter's table), [`policy`] (the players), [`view`]
//! (snapshots and words).

pub mod cards;
pub mod combat;
pub mod host;
pub mod policy;
mod position;
pub mod text;
pub mod turn;
pub mod view;
pub mod weights;

#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

use self::cards::{Def, FORCES, Grant, Kind};
use super::core::may::{self, May};
use super::core::{
    Core, CurveLabels, Illegal, Seat, Seated, Side, Snapshot, Table, TurnUnit, ensure,
};
use super::coverage::CardReading;
use super::game::{Level, Mulligan, Rules, push_if_legal};
use super::schedule::Schedule;
use super::session::{DeckSide, Engine, EngineError, EngineOptions};
use crate::games::OptionError;
use crate::model::{Card, GameId};

pub use crate::games::fuzzycards::{
    DecodeSkip, DrainCap, EmptyAltarTargets, ExactDamageCount, ForceCycle, MulliganHand, Options,
    RushFullAltar, Setup, TurnOrder,
};

impl Options {
    /// The defaults overridden by `key=value` pairs (unknown keys and bad
    /// values are errors, as for `validate --option`).
    pub fn read(overrides: &[(String, String)]) -> Result<Options, OptionError> {
        crate::games::Fuzzycards.options(overrides)
    }
}

crate::zone_enum!(
    /// One player's zones (`Equipped` holds Equip Relics, each on a Hero:
    /// [`State::host`]).
    pub enum Zone {
        Scroll => "Scroll",
        Hand => "Hand",
        Altar => "Altar",
        Vault => "Vault",
        Discard => "Discard",
        Equipped => "Equipped",
    }
);

/// A zone of one player.
pub type Z = Seated<Zone>;

#[inline]
pub fn z(p: usize, zone: Zone) -> Z {
    Seated::of(p, zone)
}

/// A row of the field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Row {
    Altar,
    Vault,
}

impl Row {
    pub fn zone(self) -> Zone {
        match self {
            Row::Altar => Zone::Altar,
            Row::Vault => Zone::Vault,
        }
    }

    pub fn other(self) -> Row {
        match self {
            Row::Altar => Row::Vault,
            Row::Vault => Row::Altar,
        }
    }
}

/// Entered the field this turn (cannot attack unless it has Rush, FZ §6.5).
pub const FRESH: u8 = 1;
/// Attacked this turn.
pub const ATTACKED: u8 = 2;
/// Its Activate ability was used this turn.
pub const USED: u8 = 4;
/// Has attacked since it entered the field: Stealth no longer hides it.
pub const REVEALED: u8 = 8;
/// Its Shield took the first damage of this turn.
pub const SHIELDED: u8 = 16;

/// No card (an Equip Relic's host when it has none).
pub const NONE: u16 = u16::MAX;

/// Whose move it is, and for what.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "phase", rename_all = "kebab-case")]
pub enum Phase {
    /// Before the hands are drawn: `by` won the Genesis Flip and chooses to
    /// go first or second (FZ §6.14).
    Order {
        by: u8,
    },
    /// Before turn 1: `by` keeps the opening hand or takes the mulligan.
    Mulligan {
        by: u8,
    },
    Activate,
    Settle,
    Validate,
    Exodus,
    /// `attacker` attacks `target`, a Bridge card: its controller may dodge.
    Dodge {
        attacker: u16,
        target: u16,
    },
    Over,
}

/// A player choice. Cards are named by copy id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "kebab-case")]
pub enum Action {
    /// Keep the opening hand.
    Keep,
    /// The once-per-game mulligan.
    Mulligan,
    /// The Genesis Flip's winner goes first (FZ §6.14).
    GoFirst,
    /// The Genesis Flip's winner goes second.
    GoSecond,
    /// Activate: play a card from hand. `target` is the Hero an Equip Relic
    /// attaches to, or the card a "target" effect names; `row` places a Field
    /// Relic (or a Rush Hero whose Altar is full); `None` takes the rules'
    /// placement.
    Play {
        card: u16,
        target: Option<u16>,
        row: Option<Row>,
    },
    /// Activate: use a card's Activate ability (a field card's or an Equip
    /// Relic's), on `target` when the ability names one.
    Activate { card: u16, target: Option<u16> },
    /// Settle: move a card to the other row, or swap it with `with`.
    Move { card: u16, with: Option<u16> },
    /// Validate: an Altar Hero attacks `target`, an opponent's card, or
    /// their Life (`None`).
    Attack { card: u16, target: Option<u16> },
    /// Bridge: the attacked card moves to the Vault and dodges.
    Dodge,
    /// Exodus: discard a card (only while over the hand limit).
    Discard { card: u16 },
    /// End the current phase (or take the attack instead of dodging).
    Next,
    /// The answer to a card's "you may" (a seat played by hand chooses,
    /// [`crate::engine::core::may`]): do the optional step or not.
    May { yes: bool },
}

/// One game.
#[derive(Clone, Debug)]
pub struct State {
    pub core: Core<Z>,
    pub phase: Phase,
    pub energy: [u8; 2],
    pub mulligans: [u8; 2],
    /// Each player's damage dealt in all (THE 589).
    pub dealt: [u32; 2],
    /// Damage on each copy.
    pub damage: Vec<i16>,
    /// Per copy: [`FRESH`], [`ATTACKED`], [`USED`], [`REVEALED`], [`SHIELDED`].
    pub flags: Vec<u8>,
    /// The Hero an Equip Relic is on ([`NONE`] otherwise).
    pub host: Vec<u16>,
    /// What each Hero's Equip Relics give it.
    pub grant: Vec<Grant>,
    /// A "you may" a seat played by hand is to answer.
    pub may: May<State, Action>,
}

/// Fuzzycards with two decks compiled (see the module docs).
#[derive(Clone, Debug)]
pub struct Fuzzycards {
    pub table: Table<Def>,
    /// `[setup]` of the game file, shared rather than copied.
    pub setup: &'static Setup,
    pub options: Options,
    pub max_turns: u16,
    /// Whether player 1 is the passive goldfish opponent.
    pub passive_opponent: bool,
    /// Per attacking Force: the defending Forces it beats (bits).
    pub beats: [u8; 5],
    /// Whether any card strips enemy keywords (lets hot loops skip a scan).
    pub has_auras: bool,
    /// Whether any card buffs its allied Heroes while in play ("Allied
    /// Heroes get +1 ATK": lets hot loops skip a scan).
    pub has_team: bool,
    /// Whether any card has an On Attack, On Hit, On Kill or On KO ability.
    pub has_triggers: bool,
    /// Whether any card has an Activate ability (lets the policy skip
    /// looking for one, the goldfish hot path).
    pub has_activates: bool,
    /// Whether any card has a "start of turn" / "end of turn" ability, and
    /// whether any card could burn (let a turn's change skip scans of the
    /// field a deck without them never needs).
    pub has_turn_start: bool,
    pub has_turn_end: bool,
    pub may_burn: bool,
}

impl Fuzzycards {
    /// Compiles player 0's deck against player 1's (`None`: passive).
    pub fn new(
        me: DeckSide<'_>,
        opponent: Option<DeckSide<'_>>,
        options: Options,
        max_turns: u16,
    ) -> Fuzzycards {
        let setup = crate::games::Fuzzycards.setup();
        let empty = super::DeckCards { cards: Vec::new() };
        let them = opponent.unwrap_or(DeckSide {
            catalog: me.catalog,
            cards: &empty,
        });
        let table = Table::build(
            [
                Side {
                    catalog: me.catalog,
                    cards: me.cards,
                },
                Side {
                    catalog: them.catalog,
                    cards: them.cards,
                },
            ],
            Def::of,
            |c| cards::read(c).reason(),
            Def::blank(),
        );
        let force = |name: &str| FORCES.iter().position(|f| f.eq_ignore_ascii_case(name));
        let mut beats = [0u8; 5];
        for (a, d) in &setup.force_beats {
            if let (Some(a), Some(d)) = (force(a), force(d)) {
                beats[a] |= 1 << d;
            }
        }
        if options.force_cycle == ForceCycle::TableOrder {
            for (a, b) in beats.iter_mut().enumerate() {
                *b |= 1 << ((a + 1) % FORCES.len());
            }
        }
        Fuzzycards {
            has_auras: table.defs.iter().any(|d| d.enemy_lose != 0),
            has_team: table.defs.iter().any(|d| d.team_grants()),
            has_triggers: table.defs.iter().any(Def::has_triggers),
            has_activates: table.defs.iter().any(|d| d.activated.is_some()),
            has_turn_start: table.defs.iter().any(|d| !d.turn_start.is_empty()),
            has_turn_end: table.defs.iter().any(|d| !d.turn_end.is_empty()),
            may_burn: table.defs.iter().any(Def::may_burn),
            passive_opponent: opponent.is_none(),
            table,
            setup,
            options,
            max_turns,
            beats,
        }
    }

    #[inline]
    pub fn def(&self, copy: u16) -> &Def {
        self.table.def(copy)
    }

    #[inline]
    pub fn owner(&self, copy: u16) -> usize {
        self.table.owner(copy)
    }

    pub fn slots(&self, row: Row) -> usize {
        match row {
            Row::Altar => self.setup.altar_slots as usize,
            Row::Vault => self.setup.vault_slots as usize,
        }
    }

    #[inline]
    pub fn has_room(&self, st: &State, p: usize, row: Row) -> bool {
        st.core.zones.len(z(p, row.zone())) < self.slots(row)
    }

    /// The opening hand in `seat`.
    pub fn opening(&self, seat: Seat) -> u32 {
        match seat {
            Seat::First => self.setup.opening_hand_first,
            Seat::Second => self.setup.opening_hand_second,
        }
    }

    /// Who wins the Genesis Flip in the game dealt from `seed`
    /// (`turn_order = genesis-flip`), as the seat player 0 takes if the
    /// winner goes first: both players reveal their top card, higher Cost
    /// wins (ties: higher ATK, then DEF, then both reshuffle and reveal
    /// again). The winner then chooses to go first or second (FZ §6.14).
    /// `None` when a player has no cards to reveal (a goldfish game).
    pub fn genesis_flip(&self, seed: u64) -> Option<Seat> {
        let mut st = self.new_state();
        st.core
            .reset(&self.table, seed, Seat::First, |p| z(p, Zone::Scroll), 0);
        self.flip(&mut st)
    }
}

impl Rules for Fuzzycards {
    type State = State;
    type Action = Action;
    type Zone = Z;
    type Def = Def;

    fn core<'s>(&self, st: &'s State) -> &'s Core<Z> {
        &st.core
    }

    fn core_mut<'s>(&self, st: &'s mut State) -> &'s mut Core<Z> {
        &mut st.core
    }

    fn table(&self) -> &Table<Def> {
        &self.table
    }

    fn game(&self) -> GameId {
        GameId::Fuzzycards
    }
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
        let mut core = Core::new(n, self.table.defs.len(), self.max_turns);
        core.passive = [false, self.passive_opponent];
        State {
            core,
            phase: Phase::Mulligan { by: 0 },
            energy: [0; 2],
            mulligans: [0; 2],
            dealt: [0; 2],
            damage: vec![0; n],
            flags: vec![0; n],
            host: vec![NONE; n],
            grant: vec![Grant::default(); n],
            may: May::default(),
        }
    }

    fn deal(&self, st: &mut State, seed: u64, seat: Seat) {
        st.core.reset(
            &self.table,
            seed,
            seat,
            |p| z(p, Zone::Scroll),
            self.setup.life as i32,
        );
        let mut flip = None;
        if self.options.turn_order == TurnOrder::GenesisFlip
            && let Some(s) = self.flip(st)
        {
            st.core.seat = s;
            st.core.active = s.first_player();
            flip = Some(s.first_player());
        }
        st.energy = [self.setup.energy_start as u8; 2];
        st.mulligans = [self.setup.mulligans as u8; 2];
        st.dealt = [0; 2];
        st.damage.fill(0);
        st.flags.fill(0);
        st.host.fill(NONE);
        st.grant.fill(Grant::default());
        match flip {
            // the winner chooses before the hands are drawn (their sizes
            // depend on the seat)
            Some(winner) if !st.core.passive[0] && !st.core.passive[1] => {
                st.phase = Phase::Order { by: winner as u8 };
            }
            _ => self.draw_openings(st),
        }
    }

    fn begin(&self, st: &mut State) {
        if matches!(st.phase, Phase::Mulligan { .. }) && st.core.turns == [0, 0] {
            self.next_mulligan(st, None);
        }
    }

    fn to_act(&self, st: &State) -> usize {
        if let Some((seat, _)) = st.may.waiting() {
            return seat;
        }
        match st.phase {
            Phase::Mulligan { by } | Phase::Order { by } => usize::from(by),
            Phase::Dodge { target, .. } => self.owner(target),
            _ => st.core.active,
        }
    }

    fn apply(&self, st: &mut State, action: Action) -> Result<(), Illegal> {
        ensure(st.core.outcome.is_none(), "game over", || {
            "the game is over".into()
        })?;
        let by_hand = st.core.by_hand.contains(&true);
        may::apply(
            st,
            action,
            |st| &mut st.may,
            |a| match a {
                Action::May { yes } => Some(yes),
                _ => None,
            },
            by_hand,
            |st, action| {
                self.act(st, action)?;
                if st.core.over() {
                    st.phase = Phase::Over;
                }
                Ok(())
            },
        )
    }

    fn legal_actions(&self, st: &State, out: &mut Vec<Action>) {
        out.clear();
        if st.core.outcome.is_some() {
            return;
        }
        if st.may.waiting().is_some() {
            out.extend([Action::May { yes: true }, Action::May { yes: false }]);
            return;
        }
        let p = self.to_act(st);
        let mut cand = vec![
            Action::GoFirst,
            Action::GoSecond,
            Action::Keep,
            Action::Mulligan,
            Action::Dodge,
            Action::Next,
        ];
        let field: Vec<u16> = (0..2)
            .flat_map(|q| {
                [Zone::Altar, Zone::Vault]
                    .into_iter()
                    .flat_map(move |r| st.core.zones.get(z(q, r)).iter().copied())
            })
            .collect();
        for &c in st.core.zones.get(z(p, Zone::Hand)) {
            cand.push(Action::Discard { card: c });
            let d = self.def(c);
            let rows: &[Option<Row>] = if d.kind == Kind::Field || d.kind == Kind::Hero {
                &[None, Some(Row::Altar), Some(Row::Vault)]
            } else {
                &[None]
            };
            for &row in rows {
                cand.push(Action::Play {
                    card: c,
                    target: None,
                    row,
                });
            }
            if d.kind == Kind::Equip || d.target.is_some() {
                for &t in &field {
                    cand.push(Action::Play {
                        card: c,
                        target: Some(t),
                        row: None,
                    });
                }
            }
        }
        let equipped = st.core.zones.get(z(p, Zone::Equipped));
        for &c in field.iter().chain(equipped) {
            if self.def(c).activated.is_none() {
                continue;
            }
            cand.push(Action::Activate {
                card: c,
                target: None,
            });
            for &t in &field {
                cand.push(Action::Activate {
                    card: c,
                    target: Some(t),
                });
            }
        }
        for &c in &field {
            cand.push(Action::Move {
                card: c,
                with: None,
            });
            for &o in &field {
                cand.push(Action::Move {
                    card: c,
                    with: Some(o),
                });
                cand.push(Action::Attack {
                    card: c,
                    target: Some(o),
                });
            }
            cand.push(Action::Attack {
                card: c,
                target: None,
            });
        }
        for a in cand {
            if !out.contains(&a) {
                push_if_legal(self, st, a, out);
            }
        }
    }

    fn policy(&self, st: &State, level: Level) -> Action {
        policy::choose(self, st, level)
    }

    /// The other player's hand and Scroll are pooled, shuffled and the hand
    /// dealt again at its size; the viewer's own Scroll is reshuffled; the
    /// game's randomness starts from `seed`. The Altar, Vault, equipped
    /// Relics and Discards are open.
    fn sample_world(&self, st: &mut State, viewer: usize, seed: u64) -> bool {
        st.core
            .sample_hidden(viewer, seed, |p| z(p, Zone::Scroll), |p| z(p, Zone::Hand));
        true
    }

    fn pass(&self, st: &State) -> Action {
        if st.may.waiting().is_some() {
            return Action::May { yes: false };
        }
        match st.phase {
            Phase::Mulligan { .. } => Action::Keep,
            Phase::Order { .. } => Action::GoFirst,
            _ => Action::Next,
        }
    }

    fn invariants(&self, st: &State) -> Result<(), String> {
        st.core.check_cards(&self.table)?;
        for p in 0..2 {
            for row in [Row::Altar, Row::Vault] {
                let n = st.core.zones.len(z(p, row.zone()));
                if n > self.slots(row) {
                    return Err(format!("player {} {row:?} holds {n} cards", p + 1));
                }
                for &c in st.core.zones.get(z(p, row.zone())) {
                    if !matches!(self.def(c).kind, Kind::Hero | Kind::Field) {
                        return Err(format!("{} is on the field", self.table.copy_name(c)));
                    }
                    if self.remaining(st, c) <= 0 {
                        return Err(format!(
                            "{} has no HP left but is on the field",
                            self.table.copy_name(c)
                        ));
                    }
                }
            }
            if st.energy[p] > self.setup.energy_max as u8 {
                return Err(format!("energy {} above the maximum", st.energy[p]));
            }
            for &e in st.core.zones.get(z(p, Zone::Equipped)) {
                let h = st.host[usize::from(e)];
                if h == NONE || self.row_of(st, h).is_none() || self.owner(h) != p {
                    return Err(format!(
                        "equip {e} is attached to {h}, which is not its owner's Hero on the field"
                    ));
                }
            }
        }
        Ok(())
    }

    fn snapshot(&self, st: &State) -> Snapshot {
        view::snapshot(self, st)
    }

    fn secrecy(&self, _st: &State, zone: Z, _copy: u16) -> crate::engine::core::Secrecy {
        position::secrecy(zone)
    }

    fn counters(&self, st: &State, p: usize) -> Vec<(&'static str, i64)> {
        position::counters(st, p)
    }

    fn set_counter(&self, st: &mut State, p: usize, name: &str, value: i64) -> Result<(), String> {
        position::set_counter(self, st, p, name, value)
    }

    fn card_state(&self, st: &State, copy: u16) -> Vec<(&'static str, serde_json::Value)> {
        position::card_state(self, st, copy)
    }

    fn set_card_state(
        &self,
        st: &mut State,
        copy: u16,
        key: &str,
        value: &serde_json::Value,
        card: &dyn Fn(&str) -> Option<u16>,
    ) -> Result<(), String> {
        position::set_card_state(self, st, copy, key, value, card)
    }

    fn zone_named(&self, p: usize, name: &str) -> Option<Z> {
        position::zone_named(p, name)
    }

    fn phase_names(&self) -> &'static [&'static str] {
        position::PHASES
    }

    /// Before the first turn (the Genesis Flip's choice, the mulligans)
    /// no turn has been taken: a position there is in turn 1, the turn
    /// about to begin.
    fn position_turn(&self, st: &State) -> u16 {
        st.core.turns[st.core.active].max(1)
    }

    fn set_phase(&self, st: &mut State, phase: Option<&str>) -> Result<(), String> {
        position::set_phase(st, phase)
    }

    fn settle_position(&self, st: &mut State) -> Result<(), String> {
        position::settle(self, st)
    }

    fn describe(&self, st: &State, action: Action) -> String {
        view::describe(self, st, action)
    }

    fn mover(&self, st: &State, action: Action) -> Option<crate::engine::core::Mover> {
        view::mover(self, st, action)
    }

    fn onto(&self, _st: &State, action: Action) -> Option<crate::engine::core::Onto> {
        view::onto(action)
    }

    fn without_one(&self, def: u16) -> Fuzzycards {
        let mut s = self.clone();
        s.table.deck = self.table.deck_without_one(def);
        s
    }

    fn max_turns(&self) -> u16 {
        self.max_turns
    }

    fn hand<'s>(&self, st: &'s State, p: usize) -> &'s [u16] {
        st.core.zones.get(z(p, Zone::Hand))
    }

    fn draw_pile<'s>(&self, st: &'s State, p: usize) -> &'s [u16] {
        st.core.zones.get(z(p, Zone::Scroll))
    }

    fn schedule(&self, seat: Seat) -> Schedule {
        Schedule {
            opening: self.opening(seat),
            per_turn: self.setup.draws_per_turn,
            skip_first: self.setup.first_player_skips_draw
                && (seat == Seat::First
                    || self.options.decode_skip == DecodeSkip::BothPlayersTurn1),
            unit: "turn",
        }
    }

    fn mulligan(&self, st: &State) -> Option<Mulligan> {
        match st.phase {
            Phase::Mulligan { by } if st.mulligans[usize::from(by)] > 0 => {
                Some(Mulligan::WholeHand {
                    draw: self.mulligan_size(st, usize::from(by)) as u32,
                })
            }
            _ => None,
        }
    }

    fn mulligan_action(&self, _st: &State, _returned: &[u16]) -> Result<Action, Illegal> {
        Ok(Action::Mulligan)
    }

    fn keep_action(&self, st: &State) -> Option<Action> {
        matches!(st.phase, Phase::Mulligan { .. }).then_some(Action::Keep)
    }

    fn mulligan_only(&self, st: &mut State, _returned: &[u16]) -> Result<(), Illegal> {
        ensure(st.mulligans[0] > 0, "FZ setup 4", || {
            "the mulligan is once per game".into()
        })?;
        self.take_mulligan(st, 0);
        Ok(())
    }
}

/// The engine plug-in ([`super::PLUGINS`]).
pub struct Plugin;

pub static PLUGIN: Plugin = Plugin;

impl super::session::Plugin for Plugin {
    fn game(&self) -> GameId {
        GameId::Fuzzycards
    }

    fn compile(
        &self,
        me: DeckSide<'_>,
        opponent: Option<DeckSide<'_>>,
        opts: &EngineOptions,
    ) -> Result<Engine, EngineError> {
        if !opts.dummies.is_empty() {
            return Err(EngineError::Setup(
                "dummy Fighters are for Rizontical only".into(),
            ));
        }
        Ok(Engine::of(Fuzzycards::new(
            me,
            opponent,
            Options::read(&opts.overrides)?,
            opts.max_turns,
        )))
    }

    fn read(&self, card: &Card) -> CardReading {
        cards::read(card)
    }
}
