//! Rizontical, two players on the 8×8 board (rulebook v0.9, rules-notes RZ).
//!
//! Setup (RZ §3): each player shuffles a Fighter deck of 8 and a Power deck
//! of 30; the top two Fighters go to slots 1 and 2 and are deployed on the
//! board (first player slot 1, second player slots 1 and 2, first player slot
//! 2); each player draws 5 Powers and may return up to 5 to the bottom and
//! draw as many (first player first); AP starts at 4. A round is the
//! timeline's 4 turns; at each turn start both players draw 1 Power and gain
//! 2 AP, then the Speed Rule orders the two Fighters of that slot and each
//! player plays a turn. When a player would play two turns in a row, the
//! other first gets one bonus action. Fighters move, hit (ATK − DEF, then
//! Weakness, Resistance, Buffs and effects), push (PSH DMG against the
//! border or another entity), use their skills (PASSIVE, TRIGGER, SPELL,
//! SPELL*, MANA, ULTIMATE, UNIQUE); Numens use their Enchantment and once a
//! turn their Conjuration; Powers are Normal, Permanent, Trigger (set face
//! down for 1 AP, used on any player's turn) or Aura, with Use and Time
//! counters and one Legendary Marker per player. A defeated Fighter gives
//! its opponent a Soul; its owner may draw a Power and deploy on its slot.
//! Summons (1 HP, at most 4 of one per player, deployed by an effect on an
//! empty cell of their owner's choice) are entities like Fighters — hit,
//! pushed, targeted, defeated — but hold no slot, play no turn and give no
//! Soul.
//! 6 Souls, or an opponent with no Fighter on the board, wins.
//!
//! In a goldfish game player 1 is a passive dummy: Fighters that never act
//! (training dummies from the options, or catalog Fighters named with
//! `--dummy`), placed as the `dummy_placement` option says. Kill turns count
//! rounds. With an opponent deck both seats play every rule. The choices
//! the rules give a player — where to deploy, whether a TRIGGER skill or a
//! set Trigger Power is used when its situation comes (on either player's
//! turn), how far to push, which Buffs an ULTIMATE moves, where a Summon
//! goes — are that
//! player's (rules-notes RZ 14): a seat a person plays is asked, as its
//! move ([`choices`]); a seat the computer plays decides by its policy
//! ([`policy::answer`]).
//!
//! Split by concern: [`cards`] (compiling cards, [`cards::SUPPORT`]),
//! [`text`] (the grammar), [`board`] (the grid, movement, line of sight,
//! pushes and Tiles), [`host`] (the effect interpreter's primitives), [`status`] (stats, conditions, DMG, defeat, wins),
//! [`skills`] (the effect host, events and skills), [`powers`] (Powers and
//! the Numen), [`turn`] (setup, rounds, turns, the Speed Rule, actions),
//! [`policy`], [`view`], [`position`] (scenario files).

pub mod board;
pub mod cards;
pub mod choices;
pub mod estimate;
pub mod host;
pub mod policy;
pub mod position;
pub mod powers;
pub mod skills;
pub mod status;
pub mod text;
pub mod turn;
pub mod view;
pub mod worlds;

use serde::{Deserialize, Serialize};

pub use self::cards::{Category, Def, Fighter, Power, SkillKind, bits};
use super::core::{
    Core, CurveLabels, Illegal, Seat, Seated, Side, Snapshot, Table, TurnUnit, ensure,
};
use super::coverage::CardReading;
use super::game::{Level, Mulligan, Pile as OddsPile, Rules};
use super::schedule::Schedule;
use super::session::{DeckSide, Engine, EngineError, EngineOptions};
use crate::games::OptionError;
use crate::model::{Card, GameId};

pub use crate::games::rizontical::{
    DeployFrom, DummyPlacement, MeleeDistance, Movement, Options, Setup,
};

impl Options {
    /// The defaults overridden by `key=value` pairs (unknown keys and bad
    /// values are errors, as for `validate --option`).
    pub fn read(overrides: &[(String, String)]) -> Result<Options, OptionError> {
        crate::games::Rizontical.options(overrides)
    }
}

/// Timeline slots (and Fighter slots) per player.
pub const SLOTS: usize = 4;
/// Board side: 8 cells.
pub const SIZE: u8 = 8;
/// Cells on the board.
pub const CELLS: usize = (SIZE as usize) * (SIZE as usize);
/// Entity ids past the decks' copies, for the goldfish dummy's Fighters.
pub const MAX_DUMMIES: usize = 8;
/// "A player can have a maximum of 4 copies of the same Tile."
pub const MAX_TILES: usize = 4;
/// "A player can have a maximum of 4 copies of the same Summon deployed."
/// Each Summon a card of the game makes has this many entity ids per
/// player ([`Rizontical::summon_id`]), so the limit is where the ids end.
pub const MAX_SUMMONS: usize = 4;
/// "A Fighter can have a maximum of 4 different conditions at once."
pub const MAX_CONDITIONS: usize = 4;
/// Buff, Debuff, Protection, Use and Time values are at most 6.
pub const COUNTER_CAP: i16 = 6;
/// Trigger chains stop this deep (a Trigger answering a Trigger...).
pub const MAX_DEPTH: u8 = 4;

/// "No entity" / "no card".
pub const NONE: u16 = u16::MAX;
/// "Off the board".
pub const NO_CELL: u8 = u8::MAX;

crate::zone_enum!(
    /// One player's zones.
    pub enum Zone {
        Numen => "Numen",
        FighterDeck => "Fighter deck",
        Fighters => "Fighters",
        FighterVoid => "Fighter void",
        PowerDeck => "Power deck",
        Hand => "Hand",
        Powers => "Power slots",
        PowerVoid => "Power void",
    }
);

/// A zone of one player.
pub type Z = Seated<Zone>;

#[inline]
pub fn z(p: usize, zone: Zone) -> Z {
    Seated::of(p, zone)
}

/// Whose decision it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "phase", rename_all = "kebab-case")]
pub enum Phase {
    /// Setup steps 3-5: player `p` deploys the Fighter of its `slot`
    /// (0-based) on a cell of its Deploy Zone (RZ 14: where is the
    /// player's choice).
    Setup {
        p: u8,
        slot: u8,
    },
    /// Setup step 6: player `p` returns up to 5 Powers and draws as many.
    Mulligan {
        p: u8,
    },
    /// The current turn player's turn in the current timeline slot.
    Turn,
    /// Player `p` takes one bonus action before the other plays a second
    /// turn in a row.
    Bonus {
        p: u8,
    },
    Over,
}

/// A Push Tile on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tile {
    pub cell: u8,
    pub owner: u8,
    /// The way it pushes (row, column steps).
    pub dir: (i8, i8),
    /// Entities it pushed this turn ("can only affect the same Fighter once
    /// per turn"), as bits of entity ids modulo 128.
    pub touched: u128,
}

/// A player choice. Cells are `row * 8 + col`; row 0 is player 0's back row.
/// Entities are named by id: a deck copy, or a dummy (ids past the decks).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "kebab-case")]
pub enum Action {
    /// Return the hand cards at these positions (bit i = position i) and draw
    /// as many; `0` keeps the hand.
    Mulligan { mask: u8 },
    /// Deploy a Fighter from the Fighter deck (the top one, or `fighter` with
    /// `deploy_from = choose`) into an empty slot (0-based) and Deploy Zone cell.
    Deploy {
        slot: u8,
        cell: u8,
        fighter: Option<u16>,
    },
    /// Move the current ally (once per turn, up to its MP).
    Move { cell: u8 },
    /// Basic hit on an entity (once per turn; a successful one ends the turn).
    Hit { target: u16 },
    /// Basic hit on an empty cell ("can be done on empty cells"): the
    /// ally's hit for the turn, which hits nothing and does not end it.
    HitCell { cell: u8 },
    /// Push a Fighter around the current ally by `n` cells, 1 to its PSH
    /// ("PSH is the maximum number of cells a Fighter can push a target";
    /// once per turn). `None`: the whole PSH (moves saved before the
    /// distance was the player's).
    Push {
        target: u16,
        #[serde(default)]
        n: Option<u8>,
    },
    /// Use skill `skill` (0-based) of the current ally, with its chosen
    /// target and cell when it has them.
    Skill {
        skill: u8,
        target: Option<u16>,
        cell: u8,
    },
    /// Use a Power from hand: `target` an entity its text chooses (or the
    /// Fighter an Aura is assigned to), `cell` a cell it moves to.
    Cast {
        card: u16,
        target: Option<u16>,
        cell: u8,
    },
    /// Set a Trigger Power face down (1 AP).
    Set { card: u16 },
    /// Use a Permanent Power's "Once per turn:" ability.
    Activate { card: u16 },
    /// Use the Numen's Conjuration (once per turn): `target` its chosen
    /// entity, `dir` 0-7 the way a push goes (N, NE, E, SE, S, SW, W, NW).
    Conjure { target: Option<u16>, dir: u8 },
    /// Discard a Power from hand or a Power slot: +1 AP.
    Discard { card: u16 },
    /// End (skip) the turn: +2 AP if the current ally neither moved, hit nor
    /// used a Skill. In a bonus action: take none.
    EndTurn,
    /// The answer to the choice the resolution under way asks the seat to
    /// act ([`choices`]: use a Trigger, where to deploy, how far to push,
    /// which Buffs move).
    Choose { answer: Answer },
}

/// An answer to a choice ([`choices::Ask`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "answer", rename_all = "kebab-case")]
pub enum Answer {
    Yes,
    No,
    /// Deploy `fighter` (`None`: the top one) on `cell`.
    Deploy {
        cell: u8,
        fighter: Option<u16>,
    },
    /// The entity that takes its DMG next.
    Next {
        entity: u16,
    },
    /// The Fighter slot (0-based) a deploy goes into.
    Slot {
        slot: u8,
    },
    /// Push by `n` cells.
    Cells {
        n: u8,
    },
    /// The cell a Summon goes on.
    Cell {
        cell: u8,
    },
    /// The card a look puts in the hand.
    Keep {
        card: u16,
    },
    /// The one element a hit is dealt with (a bit of `cards::bits`).
    Element {
        bit: u16,
    },
}

/// What a log note says (`what`) when its amount is not a plain number:
/// the ally's move and a Hit on an empty cell name their cell, a deploy its
/// slot, a Skill use the skill ([`note_amount`]).
pub const MOVE: &str = "move";
pub const HITS_AN_EMPTY_CELL_WITH: &str = "hits an empty cell with";
pub const DEPLOY: &str = "deploy";
pub const DUMMY_REDEPLOYED: &str = "dummy redeployed";
pub const USES_A_SKILL_OF: &str = "uses a skill of";

/// The end of a log line after its card: a cell in the board's notation
/// ("move Kain to d3", the one the moves and the screen use:
/// [`board::label`]), a slot ("deploy Kain to slot 2"), a skill ("uses a
/// skill of Zill (skill 2)"), else the number in brackets.
pub fn note_amount(what: &str, amount: i32) -> String {
    let cell = || {
        u8::try_from(amount)
            .ok()
            .filter(|&c| usize::from(c) < CELLS)
    };
    match what {
        MOVE => cell().map_or_else(
            || format!(" ({amount})"),
            |c| format!(" to {}", board::label(c)),
        ),
        HITS_AN_EMPTY_CELL_WITH => cell().map_or_else(
            || format!(" ({amount})"),
            |c| format!(" at {}", board::label(c)),
        ),
        DEPLOY | DUMMY_REDEPLOYED => format!(" to slot {amount}"),
        USES_A_SKILL_OF => format!(" (skill {amount})"),
        _ => format!(" ({amount})"),
    }
}

/// One game.
#[derive(Clone, Debug)]
pub struct State {
    pub core: Core<Z>,
    pub phase: Phase,
    pub round: u16,
    /// The current timeline turn, 0-based.
    pub step: u8,
    /// The two players in Speed Rule order for this timeline turn.
    pub order: [u8; 2],
    /// Which of the two turns is being played (0 or 1).
    pub half: u8,
    /// The player who played the last turn (for bonus actions).
    pub last_player: u8,
    pub ap: [i32; 2],
    pub souls: [u8; 2],
    pub legendary_used: [bool; 2],
    pub unique_used: [bool; 2],
    /// ULTIMATE Markers per player and slot.
    pub ultimate: [[bool; SLOTS]; 2],
    /// The entity in each player's Fighter slots.
    pub slots: [[u16; SLOTS]; 2],
    /// The entity on each cell.
    pub board: [u16; CELLS],
    pub tiles: Vec<Tile>,
    /// Per entity (deck copies, then dummies): its cell, HP, Mana,
    /// Protection, slot.
    pub cell: Vec<u8>,
    pub hp: Vec<i16>,
    pub mana: Vec<i16>,
    pub protection: Vec<i16>,
    /// Per entity: Use and Time left on each of its skills.
    pub skill_uses: Vec<[u8; 3]>,
    pub skill_time: Vec<[u8; 3]>,
    /// Per dummy entity: which dummy profile it is.
    pub dummy_kind: [u8; MAX_DUMMIES],
    /// Dummy Fighters left to redeploy.
    pub dummy_reserve: u8,
    /// Per Power copy: the Fighter an Aura is assigned to, Use and Time
    /// left, and whether its once-per-turn ability was used this turn.
    pub aura_on: Vec<u16>,
    pub uses: Vec<u8>,
    pub time: Vec<u8>,
    pub used_this_turn: Vec<bool>,
    /// The current ally moved, hit, pushed, used a Skill this turn.
    pub moved: bool,
    pub hit: bool,
    pub pushed: bool,
    pub skilled: bool,
    /// The Numen's Conjuration was used this turn, per player.
    pub conjured: [bool; 2],
    /// Karnoth's "the first time each round", per player.
    pub first_hit_done: [bool; 2],
    /// The first turn of the game: its player deals no DMG (RZ §6.7).
    pub no_damage: bool,
    /// The turn ends once the current action has resolved.
    pub end_turn: bool,
    /// The round ends once the current action has resolved.
    pub end_round: bool,
    /// The effect being resolved was negated (Counter Sigil, Recall).
    pub negated: bool,
    /// The hit or DMG being resolved: negated, or taken by another entity.
    pub hit_negated: bool,
    pub redirect: u16,
    /// Extra DMG triggers add to the hit being resolved.
    pub extra: i16,
    /// Trigger depth (a Trigger answering a Trigger...).
    pub depth: u8,
    /// The slot the last defeated Fighter left ("deploy ... on its slot").
    pub last_defeated_slot: Option<usize>,
    /// A position being set up from a scenario file ([`position`]): what
    /// settles once every card is placed. `None` in play.
    pub placing: Option<Box<position::Placing>>,
    /// Setup steps 3-5 done (deploys in the rulebook's order).
    pub setup_step: u8,
    /// The choice a by-hand seat is to make now, with the action it
    /// interrupts ([`choices`]).
    pub pending: Option<Box<choices::Pending>>,
    /// The answers a replayed action takes, in the order it asks, and how
    /// many it has taken.
    pub script: Vec<Answer>,
    pub cursor: usize,
    /// The first choice the action under way asked that `script` did not
    /// answer, with the state at that moment.
    pub asked: Option<Box<choices::Asked>>,
}

impl State {
    /// `src` copied into this state's own buffers: no allocation once
    /// they are as large (the quick player's scratch table, refilled at
    /// each decision). Every field is named, so a new one cannot be
    /// forgotten.
    pub fn refill_from(&mut self, src: &State) {
        let State {
            core,
            phase,
            round,
            step,
            order,
            half,
            last_player,
            ap,
            souls,
            legendary_used,
            unique_used,
            ultimate,
            slots,
            board,
            tiles,
            cell,
            hp,
            mana,
            protection,
            skill_uses,
            skill_time,
            dummy_kind,
            dummy_reserve,
            aura_on,
            uses,
            time,
            used_this_turn,
            moved,
            hit,
            pushed,
            skilled,
            conjured,
            first_hit_done,
            no_damage,
            end_turn,
            end_round,
            negated,
            hit_negated,
            redirect,
            extra,
            depth,
            last_defeated_slot,
            placing,
            setup_step,
            pending,
            script,
            cursor,
            asked,
        } = src;
        self.core.refill_from(core);
        self.phase.clone_from(phase);
        self.round.clone_from(round);
        self.step.clone_from(step);
        self.order.clone_from(order);
        self.half.clone_from(half);
        self.last_player.clone_from(last_player);
        self.ap.clone_from(ap);
        self.souls.clone_from(souls);
        self.legendary_used.clone_from(legendary_used);
        self.unique_used.clone_from(unique_used);
        self.ultimate.clone_from(ultimate);
        self.slots.clone_from(slots);
        self.board.clone_from(board);
        self.tiles.clone_from(tiles);
        self.cell.clone_from(cell);
        self.hp.clone_from(hp);
        self.mana.clone_from(mana);
        self.protection.clone_from(protection);
        self.skill_uses.clone_from(skill_uses);
        self.skill_time.clone_from(skill_time);
        self.dummy_kind.clone_from(dummy_kind);
        self.dummy_reserve.clone_from(dummy_reserve);
        self.aura_on.clone_from(aura_on);
        self.uses.clone_from(uses);
        self.time.clone_from(time);
        self.used_this_turn.clone_from(used_this_turn);
        self.moved.clone_from(moved);
        self.hit.clone_from(hit);
        self.pushed.clone_from(pushed);
        self.skilled.clone_from(skilled);
        self.conjured.clone_from(conjured);
        self.first_hit_done.clone_from(first_hit_done);
        self.no_damage.clone_from(no_damage);
        self.end_turn.clone_from(end_turn);
        self.end_round.clone_from(end_round);
        self.negated.clone_from(negated);
        self.hit_negated.clone_from(hit_negated);
        self.redirect.clone_from(redirect);
        self.extra.clone_from(extra);
        self.depth.clone_from(depth);
        self.last_defeated_slot.clone_from(last_defeated_slot);
        self.placing.clone_from(placing);
        self.setup_step.clone_from(setup_step);
        self.pending.clone_from(pending);
        self.script.clone_from(script);
        self.cursor.clone_from(cursor);
        self.asked.clone_from(asked);
    }
}

/// Rizontical with its decks compiled (see the module docs).
#[derive(Clone, Debug)]
pub struct Rizontical {
    pub table: Table<Def>,
    pub setup: &'static Setup,
    pub options: Options,
    pub max_turns: u16,
    /// Whether player 1 is the passive goldfish dummy.
    pub passive_opponent: bool,
    /// The dummy's Fighter profiles: dummy i uses `dummies[i % len]`.
    pub dummies: Vec<Fighter>,
    /// Whether the importance blank stands for a Fighter (it replaced one).
    pub blank_is_fighter: bool,
    pub blank_fighter: Fighter,
    /// The events any card's (or dummy's) abilities wait for (bits of
    /// [`crate::engine::effect::Event`]): an event no card waits for is
    /// not dispatched at all ([`Rizontical::waits_for`]).
    pub events: u32,
    /// What any card's (or dummy's) static abilities can change
    /// ([`cards::statics_mask`]): a stat no card changes is read without
    /// walking the statics in play (most of a quick game's time went
    /// there).
    pub statics: u32,
    /// What each card's abilities are worth to the policies' card values,
    /// by card ([`estimate::power_values`]); read from `table.defs` when
    /// the engine is made.
    pub power_values: Vec<[i32; 2]>,
    /// What each card's static abilities can change
    /// ([`cards::statics_mask`] bits), by card: a walk of the statics in
    /// play skips a source without reading its card.
    pub def_statics: Vec<u32>,
    /// The events a Power's abilities wait for (bits of
    /// [`crate::engine::effect::Event`]), by card (0 for a card that is not
    /// a Power): an event skips a Power in play without reading its card.
    pub def_triggers: Vec<u32>,
    /// The Summons the cards in play make ("Summon a Wisp ..."), by name:
    /// the rulebook's list of 11 was lost (rules-notes RZ §1), so a Summon
    /// is what a card's text names. Each has [`MAX_SUMMONS`] entity ids per
    /// player past the dummies' ([`Rizontical::summon_id`]).
    pub summons: Vec<String>,
    /// What every Summon is as an entity: "all have 1 HP" (rulebook
    /// "Summons"); no stats, elements or skills of its own (lost with the
    /// list).
    pub summon_fighter: Fighter,
}

impl Rizontical {
    /// Compiles player 0's deck against player 1's (`None`: the dummy;
    /// `dummies` are catalog Fighters for it, none: training dummies).
    pub fn new(
        me: DeckSide<'_>,
        opponent: Option<DeckSide<'_>>,
        options: Options,
        max_turns: u16,
        dummies: &[&Card],
    ) -> Result<Rizontical, String> {
        let setup = crate::games::Rizontical.setup();
        if setup.board_size != u32::from(SIZE) || setup.turns_per_round as usize != SLOTS {
            return Err(format!(
                "board size {} or {} timeline turns is not supported (8 and 4)",
                setup.board_size, setup.turns_per_round
            ));
        }
        if options.deploy_rows == 0 || options.deploy_rows as usize * 2 > usize::from(SIZE) {
            return Err(format!(
                "option deploy_rows = {} does not fit an 8x8 board (1 to 4)",
                options.deploy_rows
            ));
        }
        if options.power_slots == 0 {
            return Err("option power_slots must be at least 1".into());
        }
        let dummies = if dummies.is_empty() {
            vec![Fighter::dummy(options.dummy_hp, options.dummy_def)]
        } else {
            dummies.iter().map(|c| Fighter::of(c)).collect()
        };
        if dummies.iter().any(|d| d.hp <= 0) {
            return Err("a dummy Fighter needs at least 1 HP".into());
        }
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
            Def::Blank,
        );
        // the Summons the decks' cards make, and those of every card of the
        // catalogs (a position may name a Summon no deck card makes)
        let mut makers = table.defs.clone();
        for catalog in [me.catalog, them.catalog] {
            makers.extend(
                catalog
                    .cards
                    .iter()
                    .filter(|c| cards::mentions_summon(c))
                    .map(Def::of),
            );
        }
        let summons = cards::summons_made(&makers);
        let events = events_of(&table.defs, &dummies);
        let statics = statics_of(&table.defs, &dummies);
        let power_values = estimate::power_values(&table.defs);
        let def_statics = table.defs.iter().map(def_statics).collect();
        let def_triggers = table.defs.iter().map(def_events).collect();
        Ok(Rizontical {
            table,
            setup,
            options,
            max_turns,
            passive_opponent: opponent.is_none(),
            dummies,
            blank_is_fighter: false,
            blank_fighter: Fighter::blank(),
            events,
            statics,
            power_values,
            def_statics,
            def_triggers,
            summons,
            summon_fighter: Fighter::summon(),
        })
    }

    #[inline]
    pub fn def(&self, c: u16) -> &Def {
        self.table.def(c)
    }

    /// Whether entity `e` is a dummy (not a deck copy, not a Summon).
    #[inline]
    pub fn is_dummy(&self, e: u16) -> bool {
        let i = usize::from(e);
        i >= self.table.copies() && i < self.summon_base()
    }

    /// The first Summon entity id (past the deck copies and the dummies).
    #[inline]
    pub fn summon_base(&self) -> usize {
        self.table.copies() + MAX_DUMMIES
    }

    /// Whether entity `e` is a Summon ("Entity = A Fighter or a Summon").
    #[inline]
    pub fn is_summon(&self, e: u16) -> bool {
        usize::from(e) >= self.summon_base() && e != NONE
    }

    /// The entity id of copy `k` (0-3) of Summon `kind` of player `p`:
    /// ids are fixed per player and Summon, so a Summon's owner and name
    /// follow from its id and "a maximum of 4 copies of the same Summon
    /// deployed" is the four ids.
    #[inline]
    pub fn summon_id(&self, p: usize, kind: usize, k: usize) -> u16 {
        (self.summon_base() + (p * self.summons.len() + kind) * MAX_SUMMONS + k) as u16
    }

    /// The owner and Summon index of Summon entity `e`.
    #[inline]
    fn summon_of(&self, e: u16) -> (usize, usize) {
        let j = (usize::from(e) - self.summon_base()) / MAX_SUMMONS;
        let n = self.summons.len().max(1);
        (j / n, j % n)
    }

    /// The Summon named `name` (case does not matter).
    pub fn summon_named(&self, name: &str) -> Option<usize> {
        self.summons
            .iter()
            .position(|s| s.eq_ignore_ascii_case(name.trim()))
    }

    /// Player `p`'s Summons on the board.
    pub fn summons_of<'s>(&'s self, st: &'s State, p: usize) -> impl Iterator<Item = u16> + 's {
        let per = self.summons.len() * MAX_SUMMONS;
        let first = self.summon_base() + p * per;
        (first..first + per)
            .map(|i| i as u16)
            .filter(move |&e| st.cell[usize::from(e)] != NO_CELL)
    }

    /// Every entity on the board: both players' Fighters (slot order), then
    /// their Summons.
    pub fn on_board(&self, st: &State) -> Vec<u16> {
        let mut out: Vec<u16> = (0..2)
            .flat_map(|q| st.slots[q].iter().copied())
            .filter(|&e| e != NONE)
            .collect();
        for p in 0..2 {
            out.extend(self.summons_of(st, p));
        }
        out
    }

    /// The entity id of dummy `i`.
    #[inline]
    pub fn dummy_id(&self, i: usize) -> u16 {
        (self.table.copies() + i) as u16
    }

    /// The player an entity or card belongs to.
    #[inline]
    pub fn owner(&self, e: u16) -> usize {
        if self.is_summon(e) {
            self.summon_of(e).0.min(1)
        } else if self.is_dummy(e) {
            1
        } else {
            self.table.owner(e)
        }
    }

    /// Whether a copy is played from the Fighter deck.
    pub fn is_fighter_card(&self, c: u16) -> bool {
        match self.def(c) {
            Def::Fighter(_) => true,
            Def::Blank => self.blank_is_fighter && self.table.owner(c) == 0,
            _ => false,
        }
    }

    /// An entity's printed Fighter (the blank's when it stands for one).
    pub fn fighter(&self, st: &State, e: u16) -> &Fighter {
        if self.is_summon(e) {
            return &self.summon_fighter;
        }
        if self.is_dummy(e) {
            let i = usize::from(e) - self.table.copies();
            let k = usize::from(st.dummy_kind[i.min(MAX_DUMMIES - 1)]);
            return &self.dummies[k % self.dummies.len()];
        }
        self.def(e).fighter().unwrap_or(&self.blank_fighter)
    }

    /// Entities the state keeps numbers for: deck copies, dummies, then
    /// [`MAX_SUMMONS`] ids per player and Summon.
    pub fn entities(&self) -> usize {
        self.summon_base() + 2 * self.summons.len() * MAX_SUMMONS
    }

    /// An entity's or card's name.
    pub fn name_of(&self, e: u16) -> &str {
        if self.is_summon(e) {
            return self
                .summons
                .get(self.summon_of(e).1)
                .map_or("Summon", String::as_str);
        }
        if self.is_dummy(e) {
            let i = usize::from(e) - self.table.copies();
            return &self.dummies[i % self.dummies.len()].name;
        }
        self.table.copy_name(e)
    }

    /// A log note of player `p` about entity or card `e`: the line reads
    /// "{seat}: {what} {e's name} ({amount})" (or what [`note_amount`]
    /// makes of the amount: "move Kain to d3"), so `what` says what `p` did
    /// or lost to `e` ("hits with", "DMG taken by"). A piece that is no
    /// card — a Summon, the goldfish dummy — lies in no zone but on the
    /// board, open to both players ("Tokens are used to represent either a
    /// Fighter, a Summon or a Tile"): its note is placed with its owner's
    /// Fighters so every viewer's log names it rather than "a card".
    pub fn note(&self, st: &mut State, p: usize, what: &'static str, e: u16, amount: Option<i32>) {
        if usize::from(e) >= self.table.copies() {
            let turn = st.core.turn();
            let at = crate::engine::core::ZoneId::index(z(self.owner(e), Zone::Fighters)) as u8;
            st.core
                .log
                .note_at(turn, p, what, Some(e), amount, Some(at));
        } else {
            st.core.note(p, what, Some(e), amount);
        }
    }

    /// The Numen copy of player `p`, if any.
    pub fn numen(&self, st: &State, p: usize) -> Option<u16> {
        st.core.zones.get(z(p, Zone::Numen)).first().copied()
    }

    pub fn with_deck(&self, deck: Vec<u16>) -> Rizontical {
        let mut s = self.clone();
        s.table.deck = deck;
        s
    }
}

/// What the static abilities of `defs` and `dummies` can change (a
/// superset of what can be in play).
fn statics_of(defs: &[Def], dummies: &[Fighter]) -> u32 {
    defs.iter()
        .map(def_statics)
        .chain(dummies.iter().map(|f| f.statics))
        .fold(0, |a, b| a | b)
}

/// The events the abilities of `defs` and `dummies` wait for.
fn events_of(defs: &[Def], dummies: &[Fighter]) -> u32 {
    defs.iter()
        .map(def_events)
        .chain(dummies.iter().map(|f| f.triggers))
        .fold(0, |a, b| a | b)
}

/// The events one card's abilities wait for.
fn def_events(d: &Def) -> u32 {
    match d {
        Def::Fighter(f) => f.triggers,
        Def::Power(p) => p.triggers,
        Def::Numen(n) => n.triggers,
        Def::Blank => 0,
    }
}

/// What one card's static abilities can change.
fn def_statics(d: &Def) -> u32 {
    match d {
        Def::Fighter(f) => f.statics,
        Def::Power(p) => p.statics,
        Def::Numen(n) => n.statics,
        Def::Blank => 0,
    }
}

impl Rules for Rizontical {
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
        GameId::Rizontical
    }
    const TURN_UNIT: TurnUnit = TurnUnit::Round;
    const LABELS: CurveLabels = CurveLabels {
        resources: "AP at round start",
        hand: "Powers in hand at round start",
        damage: "damage",
        played: "Powers used",
        castable: "Powers castable at round start",
    };

    fn new_state(&self) -> State {
        let n = self.table.copies();
        let e = self.entities();
        let mut core = Core::new(n, self.table.defs.len(), self.max_turns);
        core.passive = [false, self.passive_opponent];
        State {
            core,
            phase: Phase::Mulligan { p: 0 },
            round: 0,
            step: 0,
            order: [0, 1],
            half: 0,
            last_player: 1,
            ap: [0; 2],
            souls: [0; 2],
            legendary_used: [false; 2],
            unique_used: [false; 2],
            ultimate: [[false; SLOTS]; 2],
            slots: [[NONE; SLOTS]; 2],
            board: [NONE; CELLS],
            tiles: Vec::with_capacity(2 * MAX_TILES),
            cell: vec![NO_CELL; e],
            hp: vec![0; e],
            mana: vec![0; e],
            protection: vec![0; e],
            skill_uses: vec![[0; 3]; e],
            skill_time: vec![[0; 3]; e],
            dummy_kind: [0; MAX_DUMMIES],
            dummy_reserve: 0,
            aura_on: vec![NONE; n],
            uses: vec![0; n],
            time: vec![0; n],
            used_this_turn: vec![false; n],
            moved: false,
            hit: false,
            pushed: false,
            skilled: false,
            conjured: [false; 2],
            first_hit_done: [false; 2],
            no_damage: false,
            end_turn: false,
            end_round: false,
            negated: false,
            hit_negated: false,
            redirect: NONE,
            extra: 0,
            depth: 0,
            last_defeated_slot: None,
            placing: None,
            setup_step: 0,
            pending: None,
            script: Vec::new(),
            cursor: 0,
            asked: None,
        }
    }

    fn deal(&self, st: &mut State, seed: u64, seat: Seat) {
        turn::deal(self, st, seed, seat);
    }

    /// Nothing: the dealt state already waits for the first mulligan.
    fn begin(&self, _st: &mut State) {}

    fn to_act(&self, st: &State) -> usize {
        if let Some(pd) = &st.pending {
            return usize::from(pd.seat);
        }
        match st.phase {
            Phase::Mulligan { p } | Phase::Bonus { p } | Phase::Setup { p, .. } => usize::from(p),
            Phase::Turn | Phase::Over => st.core.active,
        }
    }

    fn apply(&self, st: &mut State, action: Action) -> Result<(), Illegal> {
        ensure(st.core.outcome.is_none(), "game over", || {
            "the game is over".into()
        })?;
        choices::apply(self, st, action)
    }

    fn legal_actions(&self, st: &State, out: &mut Vec<Action>) {
        turn::legal_actions(self, st, out);
    }

    fn policy(&self, st: &State, level: Level) -> Action {
        policy::choose(self, st, level)
    }

    /// A world `viewer` cannot tell from this one ([`worlds::sample`]).
    fn sample_world(&self, st: &mut State, viewer: usize, seed: u64) -> bool {
        worlds::sample(self, st, viewer, seed);
        true
    }

    fn pass(&self, st: &State) -> Action {
        match st.phase {
            Phase::Mulligan { .. } => Action::Mulligan { mask: 0 },
            _ => Action::EndTurn,
        }
    }

    fn invariants(&self, st: &State) -> Result<(), String> {
        st.core.check_cards(&self.table)?;
        status::invariants(self, st)
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

    fn onto(&self, st: &State, action: Action) -> Option<crate::engine::core::Onto> {
        view::onto(self, st, action)
    }

    fn copy_name(&self, copy: u16) -> &str {
        self.name_of(copy)
    }

    /// Decks are face down; a hand is its owner's, and so is a Trigger
    /// Power set face down on its Power slots (named when it fires).
    fn secrecy(&self, st: &State, zone: Z, copy: u16) -> crate::engine::core::Secrecy {
        use crate::engine::core::Secrecy;
        match zone.pile {
            Zone::FighterDeck | Zone::PowerDeck => Secrecy::Nobody,
            Zone::Hand => Secrecy::Owner,
            // a Trigger is set face down; a note made while it lay there
            // (its setting) keeps it hidden after it leaves the slots
            Zone::Powers
                if view::set_face_down(self, st, copy) || worlds::is_trigger(self, copy) =>
            {
                Secrecy::Owner
            }
            _ => Secrecy::Open,
        }
    }

    /// A cell as the board names it ("d3"), a slot as the Cards Field does.
    fn note_amount(&self, what: &'static str, amount: i32) -> String {
        note_amount(what, amount)
    }

    fn hidden_name(&self, zone: Z) -> &'static str {
        match zone.pile {
            Zone::Powers => "a Power face down",
            _ => "a card",
        }
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

    /// The timeline position: `turn_K_first`, `turn_K_second`, `bonus_K`.
    fn phase_name(&self, st: &State) -> String {
        position::phase_name(st)
    }

    fn phase_names(&self) -> &'static [&'static str] {
        position::PHASES
    }

    fn set_phase(&self, st: &mut State, phase: Option<&str>) -> Result<(), String> {
        position::set_phase(self, st, phase)
    }

    fn settle_position(&self, st: &mut State) -> Result<(), String> {
        position::settle(self, st)
    }

    /// The round (a position's `turn`).
    fn position_turn(&self, st: &State) -> u16 {
        st.round
    }

    fn without_one(&self, def: u16) -> Rizontical {
        let mut s = self.with_deck(self.table.deck_without_one(def));
        s.blank_is_fighter = matches!(self.table.defs[usize::from(def)], Def::Fighter(_));
        s
    }

    fn max_turns(&self) -> u16 {
        self.max_turns
    }

    fn hand<'s>(&self, st: &'s State, p: usize) -> &'s [u16] {
        st.core.zones.get(z(p, Zone::Hand))
    }

    fn draw_pile<'s>(&self, st: &'s State, p: usize) -> &'s [u16] {
        st.core.zones.get(z(p, Zone::PowerDeck))
    }

    fn schedule(&self, _seat: Seat) -> Schedule {
        Schedule {
            opening: self.setup.opening_powers,
            per_turn: self.setup.power_draws_per_turn,
            skip_first: false,
            unit: "timeline turn",
        }
    }

    fn pile_of(&self, copy: u16) -> OddsPile {
        match self.table.def(copy) {
            Def::Fighter(_) => OddsPile::Fighters,
            Def::Numen(_) => OddsPile::Numen,
            Def::Blank if self.blank_is_fighter => OddsPile::Fighters,
            _ => OddsPile::Deck,
        }
    }

    fn pile_for_type(&self, card_type: &str) -> OddsPile {
        match card_type {
            "fighter" => OddsPile::Fighters,
            "numen" => OddsPile::Numen,
            _ => OddsPile::Deck,
        }
    }

    fn seen_in(&self, pile: OddsPile, sched: &Schedule, t: u32) -> u32 {
        match pile {
            OddsPile::Fighters => self.setup.fighter_slots_at_start,
            OddsPile::Numen => u32::MAX,
            OddsPile::Deck => sched.seen_by(t),
        }
    }

    fn mulligan(&self, st: &State) -> Option<Mulligan> {
        matches!(st.phase, Phase::Mulligan { .. }).then_some(Mulligan::Choose {
            max: self.setup.mulligan_max,
        })
    }

    fn mulligan_action(&self, st: &State, returned: &[u16]) -> Result<Action, Illegal> {
        let p = self.to_act(st);
        let hand = st.core.zones.get(z(p, Zone::Hand));
        let mut mask = 0u8;
        for &c in returned {
            let i = hand
                .iter()
                .enumerate()
                .position(|(i, &h)| h == c && i < 8 && mask & (1 << i) == 0)
                .ok_or_else(|| {
                    Illegal::new(
                        "RZ setup 6",
                        format!("{} is not in your hand", self.table.copy_name(c)),
                    )
                })?;
            mask |= 1 << i;
        }
        Ok(Action::Mulligan { mask })
    }

    fn keep_action(&self, st: &State) -> Option<Action> {
        matches!(st.phase, Phase::Mulligan { .. }).then_some(Action::Mulligan { mask: 0 })
    }

    fn mulligan_only(&self, st: &mut State, returned: &[u16]) -> Result<(), Illegal> {
        let Action::Mulligan { mask } = self.mulligan_action(st, returned)? else {
            return Err(Illegal::new("RZ setup 6", "not a mulligan"));
        };
        let p = self.to_act(st);
        turn::mulligan(self, st, p, mask)
    }

    fn dealt_extras(&self, st: &State) -> Vec<(&'static str, Vec<String>)> {
        vec![
            (
                "fighters",
                st.slots[0]
                    .iter()
                    .filter(|&&c| c != NONE)
                    .map(|&c| self.name_of(c).to_string())
                    .collect(),
            ),
            (
                "numen",
                st.core
                    .zones
                    .get(z(0, Zone::Numen))
                    .iter()
                    .map(|&c| self.table.copy_name(c).to_string())
                    .collect(),
            ),
        ]
    }
}

/// The engine plug-in ([`super::PLUGINS`]).
pub struct Plugin;

pub static PLUGIN: Plugin = Plugin;

impl super::session::Plugin for Plugin {
    fn game(&self) -> GameId {
        GameId::Rizontical
    }

    fn compile(
        &self,
        me: DeckSide<'_>,
        opponent: Option<DeckSide<'_>>,
        opts: &EngineOptions,
    ) -> Result<Engine, EngineError> {
        if opponent.is_some() && !opts.dummies.is_empty() {
            return Err(EngineError::Setup(
                "dummy Fighters stand in for an opponent: name them only for a goldfish game"
                    .into(),
            ));
        }
        let catalog = me.catalog;
        let index = catalog.name_index();
        let mut dummies = Vec::new();
        for name in &opts.dummies {
            let card = match index.named(name) {
                [i] => &catalog.cards[*i],
                [] => {
                    return Err(EngineError::Setup(format!(
                        "dummy Fighter \"{name}\" is not in catalog \"{}\"",
                        catalog.name
                    )));
                }
                _ => {
                    return Err(EngineError::Setup(format!(
                        "dummy Fighter \"{name}\" names several cards"
                    )));
                }
            };
            if card.card_type != "fighter" {
                return Err(EngineError::Setup(format!(
                    "dummy \"{name}\" is a {}, not a Fighter",
                    card.card_type
                )));
            }
            dummies.push(card);
        }
        Ok(Engine::of(
            Rizontical::new(
                me,
                opponent,
                Options::read(&opts.overrides)?,
                opts.max_turns,
                &dummies,
            )
            .map_err(EngineError::Setup)?,
        ))
    }

    fn read(&self, card: &Card) -> CardReading {
        cards::read(card)
    }
}
