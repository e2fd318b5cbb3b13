//! Dice of Destiny, two players (rulebook §1-§5, rules-notes DD).
//!
//! Setup: each deck of 30 is shuffled, 6 drawn, 20 life; no mulligan and no
//! hand limit. A turn: untap, the main draw of 2 (skipped on the first
//! player's first turn), then in any order: play up to 2 cards (3 once per
//! game while losing, the Third Card Rule), use each creature's effect once,
//! and attack. New creatures are summoning sick unless they have haste. An
//! attack declares attackers and rolls one d6 each: even hits for 1 (or what
//! the creature says). Rerolls (§4.6) are declared with the roll and spent on
//! missed dice, each source (a creature's text, a spell's grant) on up to its
//! number of different dice once each; a spell's rerolls are its caster's,
//! whose turn it is or not (DD 10). The other player may play up to 2 spells
//! during the turn — in response to a card (the stack, §2.7), to a creature
//! effect announced (§2.9), to an attack declared before its dice are rolled
//! (§4.5), or when the turn ends (DD 9) — and take the Bonus Draw once
//! (discard 1, draw 1; only on the other player's turn, §2.3); a defender's
//! creatures may block a hit or make a die that hit be rerolled when their
//! text says so. A creature whose arrival effect targets a creature may be
//! played with none in play; with no target it stays and its effect does
//! nothing (§2.11). Every window is a decision of the seat that may answer:
//! a human seat is offered its spells and a pass. An empty
//! deck is refilled by shuffling the graveyard (§2.4); with both empty
//! nothing is drawn (DD §6.7). Both players at 0 at once: the tiebreak
//! (§5.3).
//!
//! In a goldfish game player 1 is passive: it draws nothing and passes every
//! decision, and player 0's spells and Bonus Draw on player 1's turn use the
//! window that turn's end gives. Kill turns count player 0's own turns.
//!
//! Split by concern: [`cards`] (compiling cards and what the engine plays),
//! [`text`] (the rules-text grammar), [`turn`] (the rules), [`policy`] (the
//! players), [`view`] (snapshots and words), [`position`] (scenario files).

pub mod cards;
pub mod combat;
pub mod policy;
pub mod position;
pub mod text;
pub mod turn;
pub mod view;
pub mod weights;

use serde::{Deserialize, Serialize};

use self::cards::{Def, Kind};
use super::core::may::{self, May};
use super::core::{
    Core, CurveLabels, Illegal, Seat, Seated, Side, Snapshot, Table, TurnUnit, ensure, other,
};
use super::coverage::CardReading;
use super::game::{Level, Rules, push_if_legal};
use super::schedule::Schedule;
use super::session::{DeckSide, Engine, EngineError, EngineOptions};
use crate::games::OptionError;
use crate::model::{Card, GameId};

pub use crate::games::dice_of_destiny::{OffTurnRerolls, Options, Setup};

impl Options {
    /// The defaults overridden by `key=value` pairs (unknown keys and bad
    /// values are errors, as for `validate --option`).
    pub fn read(overrides: &[(String, String)]) -> Result<Options, OptionError> {
        crate::games::DiceOfDestiny.options(overrides)
    }
}

crate::zone_enum!(
    /// One player's zones.
    pub enum Zone {
        Deck => "Deck",
        Hand => "Hand",
        Battlefield => "Battlefield",
        Graveyard => "Graveyard",
        Stack => "Stack",
    }
);

/// A zone of one player.
pub type Z = Seated<Zone>;

#[inline]
pub fn z(p: usize, zone: Zone) -> Z {
    Seated::of(p, zone)
}

/// Summoning sick (turned on its side when it arrived).
pub const SICK: u8 = 1;
/// Attacked this turn.
pub const ATTACKED: u8 = 2;
/// Its effect was used this turn.
pub const USED: u8 = 4;
/// Declared as an attacker, not yet rolled.
pub const DECLARED: u8 = 8;
/// Blocked or forced a reroll this turn.
pub const REACTED: u8 = 16;

/// Whose move it is, and for what.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "phase", rename_all = "kebab-case")]
pub enum Phase {
    /// The active player's turn, after the main draw.
    Main,
    /// The turn is ending: `by`, the other player, may play spells and take
    /// the Bonus Draw.
    Window {
        by: u8,
    },
    /// A card was played: `by` may respond with a spell (§2.7).
    Respond {
        by: u8,
    },
    /// Attackers are declared with `rerolls` declared for their dice: the
    /// defender may respond with spells before the dice are rolled (§4.5
    /// "Your opponent should have done their thing before you rolled the
    /// dice"; DD 9).
    Attack {
        rerolls: u8,
    },
    /// `card`'s creature effect is announced: `by`, the other player, may
    /// respond with spells before it starts (§2.9 "give your opponent the
    /// chance to respond before the effect starts"; DD 9).
    Effect {
        card: u16,
        by: u8,
    },
    /// The attack dice are rolled: the defender may block or force rerolls.
    Defend,
    Over,
}

/// A card on the stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pending {
    pub card: u16,
    pub owner: u8,
    /// The creature its text targets (§2.11).
    pub target: Option<u16>,
    /// Countered ("that spell fizzles").
    pub countered: bool,
}

/// Rerolls an effect gave a player for its own attack dice (DD 10: they
/// belong to whoever played the effect, whose turn it is or not).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grant {
    pub owner: u8,
    /// Dice it may still reroll (each once).
    pub left: u8,
}

/// One attack die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Die {
    pub attacker: u16,
    pub value: u8,
    pub hit: bool,
    pub blocked: bool,
}

/// A player choice. Cards are named by copy id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "kebab-case")]
pub enum Action {
    /// Play a card from hand (your turn: any two; the other turn: spells),
    /// with the creature its text targets.
    Play { card: u16, target: Option<u16> },
    /// Use a creature's effect (once per turn).
    Activate { card: u16 },
    /// Declare a creature as an attacker.
    Declare { card: u16 },
    /// Declare every creature that can attack and roll, with `rerolls`
    /// declared beforehand (the same as `Declare` each, then `Roll`).
    Attack { rerolls: u8 },
    /// Roll one die per declared attacker, with `rerolls` declared beforehand.
    Roll { rerolls: u8 },
    /// The Bonus Draw on the other player's turn: discard `card`, draw 1.
    BonusDraw { card: u16 },
    /// Defending: a blocker blocks die `die`.
    Block { card: u16, die: u8 },
    /// Defending: make the attacker reroll die `die`, which hit.
    ForceReroll { card: u16, die: u8 },
    /// Let the stack resolve, let the dice land, or let the turn end.
    Pass,
    /// End your turn.
    Next,
    /// The answer to a card's "you may" (§3.2; a seat played by hand
    /// chooses, [`crate::engine::core::may`]): do the optional step or not.
    May { yes: bool },
}

/// One game.
#[derive(Clone, Debug)]
pub struct State {
    pub core: Core<Z>,
    pub phase: Phase,
    /// Where a response or a defence returns to.
    pub resume: Phase,
    /// Cards the active player played this turn.
    pub plays: u8,
    /// Spells the other player played during this turn.
    pub spells_off_turn: u8,
    pub third_card_used: [bool; 2],
    /// The other player's Bonus Draw this turn.
    pub bonus_draw_used: bool,
    /// Rerolls effects gave each player and it has not used (DD 10).
    pub grants: Vec<Grant>,
    /// Per copy: the rerolls a creature's own text gave that it used this
    /// turn (§4.6; each on a different die, DD 10).
    pub rerolls_used: Vec<u8>,
    /// Per copy: [`SICK`], [`ATTACKED`], [`USED`], [`DECLARED`], [`REACTED`].
    pub flags: Vec<u8>,
    pub declared: u8,
    pub stack: Vec<Pending>,
    /// Creatures that arrived while the stack resolved: their arrival
    /// effects come after it (§2.10).
    /// Each with the target it was played choosing (§2.11).
    pub arrivals: Vec<(u16, Option<u16>)>,
    /// The attack dice waiting for the defender.
    pub dice: Vec<Die>,
    /// The last roll, for the screen.
    pub last_roll: Vec<Die>,
    /// Scratch: the reroll sources of the roll in progress (reused).
    pub reroll_sources: Vec<RerollSource>,
    /// A "you may" (§3.2) a seat played by hand is to answer.
    pub may: May<State, Action>,
}

/// One source of rerolls during a roll: a creature's text or a grant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RerollSource {
    /// A creature's copy, or an index into [`State::grants`].
    pub of: u16,
    pub grant: bool,
    pub left: u8,
    pub used: u8,
}

/// Dice of Destiny with two decks compiled (see the module docs).
#[derive(Clone, Debug)]
pub struct DiceOfDestiny {
    pub table: Table<Def>,
    pub setup: &'static Setup,
    pub options: Options,
    pub max_turns: u16,
    /// Whether player 1 is the passive goldfish opponent.
    pub passive_opponent: bool,
    /// Whether any card grants rerolls, has an effect, or reacts (lets the
    /// hot loop skip scans a deck without them never needs).
    pub has_rerolls: bool,
    /// Whether any card gives rerolls by its effect (a spell's grant).
    pub has_grants: bool,
    pub has_effects: bool,
    pub has_turn_start: bool,
    pub has_on_attack: bool,
    /// Whether any card has an "on hit" trigger.
    pub has_on_hit: bool,
}

impl DiceOfDestiny {
    /// Compiles player 0's deck against player 1's (`None`: passive).
    pub fn new(
        me: DeckSide<'_>,
        opponent: Option<DeckSide<'_>>,
        options: Options,
        max_turns: u16,
    ) -> DiceOfDestiny {
        let setup = crate::games::DiceOfDestiny.setup();
        let empty = super::DeckCards { cards: Vec::new() };
        let them = opponent.unwrap_or(DeckSide {
            catalog: me.catalog,
            cards: &empty,
        });
        let hit = setup.hit_damage.min(99) as u8;
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
            |c| Def::of(c, hit),
            |c| cards::read(c).reason(),
            Def::blank(),
        );
        DiceOfDestiny {
            has_rerolls: table.defs.iter().any(|d| d.rerolls > 0),
            has_grants: table.defs.iter().any(|d| d.grants_rerolls),
            has_effects: table.defs.iter().any(|d| d.activated.is_some()),
            has_turn_start: table.defs.iter().any(|d| !d.turn_start.is_empty()),
            has_on_attack: table.defs.iter().any(|d| !d.on_attack.is_empty()),
            has_on_hit: table.defs.iter().any(|d| !d.on_hit.is_empty()),
            passive_opponent: opponent.is_none(),
            table,
            setup,
            options,
            max_turns,
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
}

impl Rules for DiceOfDestiny {
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
        GameId::DiceOfDestiny
    }
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
        let mut core = Core::new(n, self.table.defs.len(), self.max_turns);
        core.passive = [false, self.passive_opponent];
        State {
            core,
            phase: Phase::Main,
            resume: Phase::Main,
            plays: 0,
            spells_off_turn: 0,
            third_card_used: [false; 2],
            bonus_draw_used: false,
            grants: Vec::with_capacity(4),
            rerolls_used: vec![0; n],
            flags: vec![0; n],
            declared: 0,
            stack: Vec::with_capacity(8),
            arrivals: Vec::with_capacity(8),
            dice: Vec::with_capacity(n),
            last_roll: Vec::with_capacity(n),
            reroll_sources: Vec::with_capacity(8),
            may: May::default(),
        }
    }

    fn deal(&self, st: &mut State, seed: u64, seat: Seat) {
        st.core.reset(
            &self.table,
            seed,
            seat,
            |p| z(p, Zone::Deck),
            self.setup.life as i32,
        );
        st.phase = Phase::Main;
        st.resume = Phase::Main;
        st.third_card_used = [false; 2];
        st.flags.fill(0);
        st.rerolls_used.fill(0);
        st.grants.clear();
        st.stack.clear();
        st.arrivals.clear();
        st.dice.clear();
        st.last_roll.clear();
        for p in 0..2 {
            for _ in 0..self.setup.opening_hand {
                st.core
                    .zones
                    .move_top(z(p, Zone::Deck), z(p, Zone::Hand), super::core::At::Top);
            }
        }
    }

    fn begin(&self, st: &mut State) {
        let first = st.core.seat.first_player();
        self.start_turn(st, first);
    }

    fn to_act(&self, st: &State) -> usize {
        if let Some((seat, _)) = st.may.waiting() {
            return seat;
        }
        match st.phase {
            Phase::Window { by } | Phase::Respond { by } | Phase::Effect { by, .. } => {
                usize::from(by)
            }
            Phase::Defend | Phase::Attack { .. } => other(st.core.active),
            Phase::Main | Phase::Over => st.core.active,
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
            |st, action| self.act(st, action),
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
        let mut cand = Vec::new();
        let in_play = self.targets(st);
        for &c in st.core.zones.get(z(p, Zone::Hand)) {
            let d = self.def(c);
            if d.needs_target {
                for &t in &in_play {
                    cand.push(Action::Play {
                        card: c,
                        target: Some(t),
                    });
                }
                // §2.11: a creature is played with no target when there is none
                if d.kind == Kind::Creature && in_play.is_empty() {
                    cand.push(Action::Play {
                        card: c,
                        target: None,
                    });
                }
            } else {
                cand.push(Action::Play {
                    card: c,
                    target: None,
                });
            }
            cand.push(Action::BonusDraw { card: c });
        }
        for &c in st.core.zones.get(z(p, Zone::Battlefield)) {
            cand.push(Action::Activate { card: c });
            cand.push(Action::Declare { card: c });
        }
        if st.phase == Phase::Defend {
            let defender = other(st.core.active);
            for &c in st.core.zones.get(z(defender, Zone::Battlefield)) {
                for d in 0..st.dice.len() as u8 {
                    cand.push(Action::Block { card: c, die: d });
                    cand.push(Action::ForceReroll { card: c, die: d });
                }
            }
        }
        for r in 0..=self.rerolls_left(st, st.core.active) {
            cand.push(Action::Roll { rerolls: r });
            cand.push(Action::Attack { rerolls: r });
        }
        cand.push(Action::Pass);
        cand.push(Action::Next);
        for a in cand {
            if !out.contains(&a) {
                push_if_legal(self, st, a, out);
            }
        }
    }

    fn policy(&self, st: &State, level: Level) -> Action {
        policy::choose(self, st, level)
    }

    /// The other player's hand and deck are pooled, shuffled and the hand
    /// dealt again at its size; the viewer's own deck is reshuffled; the
    /// dice start from `seed`. Cards in play, graveyards and the stack are
    /// open information.
    fn sample_world(&self, st: &mut State, viewer: usize, seed: u64) -> bool {
        st.core
            .sample_hidden(viewer, seed, |p| z(p, Zone::Deck), |p| z(p, Zone::Hand));
        true
    }

    /// Decks are face down; a hand is its owner's.
    fn secrecy(&self, _st: &State, zone: Z, _copy: u16) -> crate::engine::core::Secrecy {
        position::secrecy(zone)
    }

    fn counters(&self, st: &State, p: usize) -> Vec<(&'static str, i64)> {
        position::counters(self, st, p)
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
        _card: &dyn Fn(&str) -> Option<u16>,
    ) -> Result<(), String> {
        position::set_card_state(self, st, copy, key, value)
    }

    fn zone_named(&self, p: usize, name: &str) -> Option<Z> {
        position::zone_named(p, name)
    }

    fn phase_name(&self, st: &State) -> String {
        position::phase_name(st)
    }

    fn phase_names(&self) -> &'static [&'static str] {
        position::PHASES
    }

    fn set_phase(&self, st: &mut State, phase: Option<&str>) -> Result<(), String> {
        position::set_phase(st, phase)
    }

    fn settle_position(&self, st: &mut State) -> Result<(), String> {
        position::settle(self, st)
    }

    fn pass(&self, st: &State) -> Action {
        if st.may.waiting().is_some() {
            return Action::May { yes: false };
        }
        match st.phase {
            Phase::Main => Action::Next,
            _ => Action::Pass,
        }
    }

    fn invariants(&self, st: &State) -> Result<(), String> {
        st.core.check_cards(&self.table)?;
        for p in 0..2 {
            for &c in st.core.zones.get(z(p, Zone::Battlefield)) {
                if self.def(c).kind != Kind::Creature {
                    return Err(format!(
                        "{} is not a creature but is in play",
                        self.table.copy_name(c)
                    ));
                }
            }
        }
        if st.grants.iter().any(|g| g.left == 0) {
            return Err("a spent reroll grant is kept".into());
        }
        if st.stack.len()
            != (0..2)
                .map(|p| st.core.zones.len(z(p, Zone::Stack)))
                .sum::<usize>()
        {
            return Err("the stack and the Stack zones disagree".into());
        }
        Ok(())
    }

    fn snapshot(&self, st: &State) -> Snapshot {
        view::snapshot(self, st)
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

    fn without_one(&self, def: u16) -> DiceOfDestiny {
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
        st.core.zones.get(z(p, Zone::Deck))
    }

    fn schedule(&self, seat: Seat) -> Schedule {
        Schedule {
            opening: self.setup.opening_hand,
            per_turn: self.setup.draws_per_turn,
            skip_first: self.setup.first_player_skips_draw && seat == Seat::First,
            unit: "turn",
        }
    }
}

/// The engine plug-in ([`super::PLUGINS`]).
pub struct Plugin;

pub static PLUGIN: Plugin = Plugin;

impl super::session::Plugin for Plugin {
    fn game(&self) -> GameId {
        GameId::DiceOfDestiny
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
        Ok(Engine::of(DiceOfDestiny::new(
            me,
            opponent,
            Options::read(&opts.overrides)?,
            opts.max_turns,
        )))
    }

    fn read(&self, card: &Card) -> CardReading {
        cards::read(card)
    }

    fn card_rules(&self, card: &Card) -> crate::rules::CardRules {
        cards::card_rules(card)
    }
}
