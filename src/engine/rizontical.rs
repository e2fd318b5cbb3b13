//! Rizontical against a dummy opponent on the 8×8 board (rules-notes RZ §3-§4).
//!
//! Setup (RZ §3): shuffle the Fighter and Power decks; the top two Fighters go
//! to slots 1 and 2 and are deployed on the board; draw 5 Powers, then the
//! mulligan: return up to 5 to the bottom of the Power deck and draw as many;
//! AP starts at 4. A round is the timeline's 4 turns; at each turn's start both
//! players draw 1 Power and gain 2 AP. In timeline turn *k* the Fighters in slot
//! *k* act, in Speed Rule order. On its turn a player may deploy the top
//! Fighter of its deck into an empty slot (not the current one) and a cell of
//! its Deploy Zone, play Powers by paying AP into an empty Power slot, set a
//! Trigger Power for 1 AP, discard a Power for 1 AP, move the current ally once
//! (up to MP cells) and make one basic hit, which ends the turn. Ending the turn
//! without moving or hitting is skipping: +2 AP.
//!
//! The opponent is a passive dummy: two Fighters in its slots 1 and 2 that
//! never act (training dummies with `dummy_hp`/`dummy_def`, or catalog
//! Fighters named with `--dummy`). A basic hit deals max(0, ATK − DEF), plus the
//! target's Weakness if the hit's element or type is one it is weak to, minus
//! its Resistance likewise (the attacker picks its best element and type; an
//! Akasha hit is every element but Neutral at once); never below 0. Defeating a
//! dummy Fighter gains a Soul; the dummy redeploys only with `dummy_redeploys`.
//! The goldfish result is the round in which the dummy has no Fighter left (or
//! the deck owner has 6 Souls).
//!
//! Readings decided here (rules-notes RZ §6): the first turn of the game (the
//! one the Speed Rule gives first in round 1, timeline turn 1) cannot deal
//! damage; a Fighter's reach is max(RA, 1) cells (melee is always possible);
//! ranged hits need no entity on the cells of the line between; movement
//! follows the `movement` option and never passes through entities; Fighter
//! skills and Numen abilities are not modelled (reported as vanilla); a Power's
//! structured effects are: `energy` (AP), `draw` (Powers), `damage` (to a dummy
//! Fighter of the player's choice, any distance), passive `atk` (an Aura: its
//! Fighter; a Permanent: every ally) and `turn-start` effects of Permanents.

use serde::{Deserialize, Serialize};

use super::legacy::fx::{Fx, unsupported};
use super::legacy::sim::{
    CardView, CurveLabels, Illegal, Log, Outcome, PieceView, Seat, Sim, Snapshot, Trace, TurnUnit,
    below, ensure, push_if_legal, zone_views,
};
use super::legacy::table::Table;
use super::legacy::zones::{At, ZoneId, Zones};
use super::{DeckCards, Rng, rng};
use crate::games::OptionError;
use crate::model::{Card, Catalog, GameId, Trigger};

/// The game file's `[setup]` numbers and named options are the games module's
/// own types, re-exported here so callers keep naming them through the engine.
pub use crate::games::rizontical::{DeployFrom, MeleeDistance, Movement, Options, Setup};

impl Options {
    /// The defaults overridden by `key=value` pairs (unknown keys and bad
    /// values are errors, as for `validate --option`).
    pub fn read(overrides: &[(String, String)]) -> Result<Options, OptionError> {
        crate::games::Rizontical.options(overrides)
    }
}

/// Most timeline slots (and Fighter slots) the engine supports.
pub const MAX_SLOTS: usize = 8;
/// The largest board side the engine supports.
pub const MAX_BOARD: usize = 16;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Zone {
    Numen,
    FighterDeck,
    /// Fighters in slots, deployed on the board.
    Fighters,
    FighterVoid,
    PowerDeck,
    Hand,
    /// Powers in Power slots (Permanent, Aura, set Triggers).
    Powers,
    PowerVoid,
}

impl ZoneId for Zone {
    const ALL: &'static [Zone] = &[
        Zone::Numen,
        Zone::FighterDeck,
        Zone::Fighters,
        Zone::FighterVoid,
        Zone::PowerDeck,
        Zone::Hand,
        Zone::Powers,
        Zone::PowerVoid,
    ];
    fn index(self) -> usize {
        self as usize
    }
    fn name(self) -> &'static str {
        match self {
            Zone::Numen => "Numen",
            Zone::FighterDeck => "Fighter deck",
            Zone::Fighters => "Fighters",
            Zone::FighterVoid => "Fighter void",
            Zone::PowerDeck => "Power deck",
            Zone::Hand => "Hand",
            Zone::Powers => "Power slots",
            Zone::PowerVoid => "Power void",
        }
    }
}

/// Elements and types as bits, for Weakness and Resistance matching.
pub mod bits {
    pub const NEUTRAL: u16 = 1 << 0;
    pub const FIRE: u16 = 1 << 1;
    pub const ICE: u16 = 1 << 2;
    pub const AIR: u16 = 1 << 3;
    pub const EARTH: u16 = 1 << 4;
    pub const THUNDER: u16 = 1 << 5;
    pub const WATER: u16 = 1 << 6;
    pub const AKASHA: u16 = 1 << 7;
    pub const PHYSICAL: u16 = 1 << 8;
    pub const MAGICAL: u16 = 1 << 9;
    /// "Akasha is all elements at the same time except Neutral."
    pub const AKASHA_HIT: u16 = FIRE | ICE | AIR | EARTH | THUNDER | WATER | AKASHA;

    pub fn of(name: &str) -> u16 {
        match name {
            "neutral" => NEUTRAL,
            "fire" => FIRE,
            "ice" => ICE,
            "air" => AIR,
            "earth" => EARTH,
            "thunder" => THUNDER,
            "water" => WATER,
            "akasha" => AKASHA,
            "physical" => PHYSICAL,
            "magical" => MAGICAL,
            _ => 0,
        }
    }
}

/// A Fighter's combat numbers.
#[derive(Clone, Debug, PartialEq)]
pub struct Fighter {
    pub name: String,
    pub hp: i16,
    pub atk: i16,
    pub def: i16,
    pub mp: u8,
    pub speed: u8,
    pub range: u8,
    pub weakness: i16,
    pub resistance: i16,
    pub weak_to: u16,
    pub resist_to: u16,
    /// The element choices of its hits (each a set of bits hit at once).
    pub elements: Vec<u16>,
    /// The type choices (0 = untyped).
    pub types: Vec<u16>,
}

impl Fighter {
    pub fn of(card: &Card) -> Fighter {
        let int = |k: &str| card.int(k).unwrap_or(0).clamp(0, 99) as i16;
        let list = |k: &str| -> Vec<u16> {
            card.field(k)
                .and_then(|v| v.as_list())
                .into_iter()
                .flatten()
                .filter_map(|v| v.as_str())
                .map(bits::of)
                .collect()
        };
        let mut elements: Vec<u16> = list("elements")
            .into_iter()
            .map(|b| {
                if b == bits::AKASHA {
                    bits::AKASHA_HIT
                } else {
                    b
                }
            })
            .collect();
        if elements.is_empty() {
            elements.push(bits::NEUTRAL);
        }
        let mut types = list("fighter_types");
        if types.is_empty() {
            types.push(0);
        }
        Fighter {
            name: card.name.clone(),
            hp: int("hp"),
            atk: int("atk"),
            def: int("def"),
            mp: int("mp") as u8,
            speed: int("speed") as u8,
            range: int("range") as u8,
            weakness: int("weakness"),
            resistance: int("resistance"),
            weak_to: list("weakness_to").into_iter().fold(0, |a, b| a | b),
            resist_to: list("resistance_to").into_iter().fold(0, |a, b| a | b),
            elements,
            types,
        }
    }

    /// A training dummy: HP and DEF from the options, nothing else.
    pub fn dummy(hp: u32, def: u32) -> Fighter {
        Fighter {
            name: "Training Dummy".into(),
            hp: hp.min(999) as i16,
            atk: 0,
            def: def.min(999) as i16,
            mp: 0,
            speed: 0,
            range: 0,
            weakness: 0,
            resistance: 0,
            weak_to: 0,
            resist_to: 0,
            elements: vec![bits::NEUTRAL],
            types: vec![0],
        }
    }

    /// The importance blank in a Fighter deck: a Fighter that cannot hurt.
    fn blank() -> Fighter {
        Fighter {
            name: super::legacy::table::BLANK_NAME.into(),
            hp: 1,
            ..Fighter::dummy(1, 0)
        }
    }
}

/// Basic hit damage (RZ combat phase): ATK − DEF floored at 0, then Weakness
/// and Resistance for the attacker's best element and type, floored at 0.
pub fn hit_damage(attacker: &Fighter, atk: i16, target: &Fighter) -> i16 {
    let base = (atk - target.def).max(0);
    let mut best = 0;
    for &e in &attacker.elements {
        for &t in &attacker.types {
            let hit = e | t;
            let mut d = base;
            if hit & target.weak_to != 0 {
                d += target.weakness;
            }
            if hit & target.resist_to != 0 {
                d -= target.resistance;
            }
            best = best.max(d.max(0));
        }
    }
    best
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Category {
    Normal,
    Permanent,
    Trigger,
    Aura,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Power {
    pub cost: u8,
    pub category: Category,
    pub legendary: bool,
    pub deploy: Fx,
    pub turn_start: Fx,
    /// Passive `atk`: an Aura's Fighter, or every ally for a Permanent.
    pub atk: i16,
    /// Time: rounds it stays (0 = no Time).
    pub time: u8,
    /// Whether the engine can play anything of it.
    pub modelled: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Def {
    Numen,
    Fighter(Fighter),
    Power(Power),
    /// The importance blank (a dead Power, or a harmless Fighter).
    Blank,
}

impl Def {
    pub fn of(card: &Card) -> Def {
        match card.card_type.as_str() {
            "fighter" => Def::Fighter(Fighter::of(card)),
            "power" => {
                let deploy = Fx::sum(card, Trigger::Deploy);
                let turn_start = Fx::sum(card, Trigger::TurnStart);
                let atk = i16::from(Fx::sum(card, Trigger::Passive).atk);
                Def::Power(Power {
                    cost: card.cost.unwrap_or(0).clamp(0, 99) as u8,
                    category: match card.str_field("category") {
                        Some("permanent") => Category::Permanent,
                        Some("trigger") => Category::Trigger,
                        Some("aura") => Category::Aura,
                        _ => Category::Normal,
                    },
                    legendary: card.str_field("rank") == Some("legendary"),
                    modelled: deploy.helps_race() || turn_start.helps_race() || atk > 0,
                    deploy,
                    turn_start,
                    atk,
                    time: card.int("time").unwrap_or(0).clamp(0, 99) as u8,
                })
            }
            _ => Def::Numen,
        }
    }

    fn fighter(&self) -> Option<&Fighter> {
        match self {
            Def::Fighter(f) => Some(f),
            _ => None,
        }
    }

    fn power(&self) -> Option<&Power> {
        match self {
            Def::Power(p) => Some(p),
            _ => None,
        }
    }
}

/// Why a card plays (partly) as vanilla.
pub fn unmodelled(card: &Card) -> Option<String> {
    match card.card_type.as_str() {
        "numen" => Some("Numen abilities are not modelled".into()),
        "fighter" => {
            let skills = card
                .field("skills")
                .and_then(|s| s.as_list())
                .is_some_and(|l| !l.is_empty());
            skills.then(|| "skills are not modelled (basic hits only)".into())
        }
        _ => unsupported(
            card,
            &[
                (Trigger::Deploy, &["energy", "draw", "damage"]),
                (Trigger::TurnStart, &["energy", "draw"]),
                (Trigger::Passive, &["atk"]),
            ],
            "Rizontical",
        )
        .or_else(|| {
            (card.effects.is_empty() && card.text.as_deref().is_some_and(|t| !t.trim().is_empty()))
                .then(|| "its text has no structured effects".into())
        }),
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    /// Setup step 6: return up to 5 Powers to the bottom and draw as many.
    Mulligan,
    /// The deck owner's turn in the current timeline slot.
    Turn,
    Over,
}

/// A player choice. Cells are `row * board_size + col`; row 0 is the deck
/// owner's back row.
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
    /// Move the current ally (once per turn).
    Move { cell: u8 },
    /// Basic hit on the dummy Fighter in slot `target` (ends the turn).
    Hit { target: u8 },
    /// Use a Power from hand. `target`: a dummy slot for `damage`, an allied
    /// Fighter (copy id) for an Aura.
    Cast { card: u16, target: Option<u16> },
    /// Set a Trigger Power face down (1 AP).
    Set { card: u16 },
    /// Discard a Power from hand or a Power slot: +1 AP.
    Discard { card: u16 },
    /// End (skip) the turn: +2 AP if the current ally neither moved nor hit.
    EndTurn,
}

/// A dummy Fighter on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DummyPiece {
    pub cell: u8,
    pub hp: i16,
    /// Which dummy profile (index into [`Rizontical::dummies`]).
    pub kind: u8,
}

const NONE: u16 = u16::MAX;
const NO_CELL: u8 = u8::MAX;

/// Which cells hold an entity.
type Occ = [bool; MAX_BOARD * MAX_BOARD];

/// Cells reachable this turn (see [`Rizontical::reachable`]).
struct Reach {
    /// In breadth-first order; `cells[0]` is the start.
    cells: [u8; MAX_BOARD * MAX_BOARD],
    /// Path length by cell (`u8::MAX`: unreachable).
    steps: [u8; MAX_BOARD * MAX_BOARD],
    len: usize,
}

impl Reach {
    /// The reachable cells other than the start, with their path lengths.
    fn iter(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        self.cells[1..self.len]
            .iter()
            .map(|&c| (c, self.steps[usize::from(c)]))
    }
}

#[derive(Clone, Debug)]
pub struct State {
    pub zones: Zones<Zone>,
    rng: Rng,
    pub seed: u64,
    pub seat: Seat,
    pub round: u16,
    /// The current timeline turn, 0-based.
    pub step: u8,
    pub phase: Phase,
    pub ap: i32,
    pub souls: u8,
    pub legendary_used: bool,
    /// Our Fighter (copy) per slot.
    pub slots: [u16; MAX_SLOTS],
    pub dummies: [Option<DummyPiece>; MAX_SLOTS],
    /// Dummy Fighters left to redeploy.
    pub dummy_reserve: u8,
    pub cell: Vec<u8>,
    pub hp: Vec<i16>,
    /// The Fighter an Aura is assigned to.
    pub aura_on: Vec<u16>,
    pub time_left: Vec<u8>,
    pub moved: bool,
    pub hit: bool,
    /// The first turn of the game: no damage (RZ §6.7).
    pub no_damage: bool,
    pub outcome: Option<Outcome>,
    pub trace: Trace,
    pub log: Log,
}

#[derive(Clone, Debug)]
pub struct Rizontical {
    pub table: Table<Def>,
    /// `[setup]` of the game file, shared rather than copied.
    pub setup: &'static Setup,
    pub options: Options,
    /// The dummy's Fighter profiles: slot i uses `dummies[i % len]`.
    pub dummies: Vec<Fighter>,
    /// Whether the importance blank stands for a Fighter (it replaced one).
    pub blank_is_fighter: bool,
    pub max_turns: u16,
    blank_fighter: Fighter,
}

impl Rizontical {
    /// The engine for a deck. `dummies` are catalog Fighters for the dummy
    /// opponent (none: two training dummies from the options).
    pub fn new(
        catalog: &Catalog,
        deck: &DeckCards,
        options: Options,
        max_turns: u16,
        dummies: &[&Card],
    ) -> Result<Rizontical, String> {
        let setup = crate::games::Rizontical.setup();
        let size = setup.board_size as usize;
        if !(4..=MAX_BOARD).contains(&size) || setup.turns_per_round as usize > MAX_SLOTS {
            return Err(format!(
                "board size {size} or {} timeline turns is not supported",
                setup.turns_per_round
            ));
        }
        if options.deploy_rows == 0 || options.deploy_rows as usize * 2 > size {
            return Err(format!(
                "option deploy_rows = {} does not fit a {size}x{size} board (1 to {})",
                options.deploy_rows,
                size / 2
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
        Ok(Rizontical {
            table: Table::build(catalog, deck, Def::of, unmodelled, Def::Blank),
            setup,
            options,
            dummies,
            blank_is_fighter: false,
            max_turns,
            blank_fighter: Fighter::blank(),
        })
    }

    pub fn with_deck(&self, deck: Vec<u16>) -> Rizontical {
        let mut s = self.clone();
        s.table.deck = deck;
        s
    }

    /// The deck with one copy of `def` replaced by a blank of the same kind.
    pub fn without_one(&self, def: u16) -> Rizontical {
        let mut s = self.with_deck(self.table.deck_without_one(def));
        s.blank_is_fighter = matches!(self.table.defs[usize::from(def)], Def::Fighter(_));
        s
    }

    fn def(&self, c: u16) -> &Def {
        self.table.def(c)
    }

    fn is_fighter(&self, c: u16) -> bool {
        match self.def(c) {
            Def::Fighter(_) => true,
            Def::Blank => self.blank_is_fighter,
            _ => false,
        }
    }

    /// A copy's Fighter numbers (the blank's when it stands for a Fighter).
    pub fn fighter(&self, c: u16) -> &Fighter {
        self.def(c).fighter().unwrap_or(&self.blank_fighter)
    }

    fn size(&self) -> u8 {
        self.setup.board_size as u8
    }

    fn slots_n(&self) -> usize {
        self.setup.turns_per_round as usize
    }

    fn rc(&self, cell: u8) -> (i16, i16) {
        (i16::from(cell / self.size()), i16::from(cell % self.size()))
    }

    fn cell_at(&self, r: i16, c: i16) -> Option<u8> {
        let n = i16::from(self.size());
        (r >= 0 && c >= 0 && r < n && c < n).then(|| (r * n + c) as u8)
    }

    pub fn distance(&self, a: u8, b: u8) -> i16 {
        let ((ar, ac), (br, bc)) = (self.rc(a), self.rc(b));
        let (dr, dc) = ((ar - br).abs(), (ac - bc).abs());
        match self.options.melee_distance {
            MeleeDistance::Chebyshev => dr.max(dc),
            MeleeDistance::Manhattan => dr + dc,
        }
    }

    fn in_our_zone(&self, cell: u8) -> bool {
        (self.rc(cell).0 as u32) < self.options.deploy_rows
    }

    fn occupied(&self, st: &State) -> Occ {
        let mut occ = [false; MAX_BOARD * MAX_BOARD];
        for &c in st.zones.get(Zone::Fighters) {
            occ[usize::from(st.cell[usize::from(c)])] = true;
        }
        for d in st.dummies.iter().flatten() {
            occ[usize::from(d.cell)] = true;
        }
        occ
    }

    /// Cells reachable from `from` in at most `mp` steps through cells free
    /// in `occ`, with their path lengths (a breadth-first search on fixed
    /// arrays: the policy runs it every turn).
    fn reachable(&self, occ: &Occ, from: u8, mp: u8) -> Reach {
        let mut r = Reach {
            cells: [0; MAX_BOARD * MAX_BOARD],
            steps: [u8::MAX; MAX_BOARD * MAX_BOARD],
            len: 1,
        };
        r.cells[0] = from;
        r.steps[usize::from(from)] = 0;
        let mut head = 0;
        let dirs: &[(i16, i16)] = match self.options.movement {
            Movement::Orthogonal => &[(1, 0), (-1, 0), (0, 1), (0, -1)],
            Movement::Diagonal => &[
                (1, 0),
                (-1, 0),
                (0, 1),
                (0, -1),
                (1, 1),
                (1, -1),
                (-1, 1),
                (-1, -1),
            ],
        };
        while head < r.len {
            let cur = r.cells[head];
            head += 1;
            let d = r.steps[usize::from(cur)];
            if d >= mp {
                continue;
            }
            let (row, col) = self.rc(cur);
            for (dr, dc) in dirs {
                if let Some(n) = self.cell_at(row + dr, col + dc)
                    && !occ[usize::from(n)]
                    && r.steps[usize::from(n)] == u8::MAX
                {
                    r.steps[usize::from(n)] = d + 1;
                    r.cells[r.len] = n;
                    r.len += 1;
                }
            }
        }
        r
    }

    /// No entity on the cells strictly between `a` and `b` (Bresenham line).
    fn clear_line(&self, occ: &Occ, a: u8, b: u8) -> bool {
        let ((mut r, mut c), (r1, c1)) = (self.rc(a), self.rc(b));
        let (dr, dc) = ((r1 - r).abs(), -(c1 - c).abs());
        let (sr, sc) = (if r < r1 { 1 } else { -1 }, if c < c1 { 1 } else { -1 });
        let mut err = dr + dc;
        loop {
            let e2 = 2 * err;
            if e2 >= dc {
                err += dc;
                r += sr;
            }
            if e2 <= dr {
                err += dr;
                c += sc;
            }
            if (r, c) == (r1, c1) {
                return true;
            }
            match self.cell_at(r, c) {
                Some(x) if occ[usize::from(x)] => return false,
                Some(_) => {}
                None => return true,
            }
        }
    }

    /// The current ally's ATK: printed, plus Auras on it and Permanents.
    pub fn atk_of(&self, st: &State, c: u16) -> i16 {
        let mut atk = self.fighter(c).atk;
        for &p in st.zones.get(Zone::Powers) {
            if let Some(pw) = self.def(p).power() {
                let applies = match pw.category {
                    Category::Aura => st.aura_on[usize::from(p)] == c,
                    Category::Permanent => true,
                    _ => false,
                };
                if applies {
                    atk += pw.atk;
                }
            }
        }
        atk
    }

    /// Whether ally `c` standing on `from` can hit dummy `t` (`occ`: the
    /// board's entities, `c` itself not counted).
    fn can_hit_from(&self, occ: &Occ, c: u16, from: u8, t: &DummyPiece) -> bool {
        let d = self.distance(from, t.cell);
        let reach = i16::from(self.fighter(c).range.max(1));
        d <= reach && (d <= 1 || self.clear_line(occ, from, t.cell))
    }

    /// The distance from `cell` to the nearest dummy Fighter.
    fn nearest_dummy(&self, st: &State, cell: u8) -> i16 {
        st.dummies
            .iter()
            .flatten()
            .map(|d| self.distance(cell, d.cell))
            .min()
            .unwrap_or(0)
    }

    fn current_ally(&self, st: &State) -> Option<u16> {
        let c = st.slots[usize::from(st.step)];
        (c != NONE).then_some(c)
    }

    fn end(&self, st: &mut State, o: Outcome) {
        if st.outcome.is_none() {
            st.outcome = Some(o);
            st.phase = Phase::Over;
        }
    }

    fn gain_ap(&self, st: &mut State, n: u32) {
        st.ap += n as i32;
        if self.options.ap_cap > 0 {
            st.ap = st.ap.min(self.options.ap_cap as i32);
        }
    }

    fn draw(&self, st: &mut State) {
        if let Some(c) = st.zones.move_top(Zone::PowerDeck, Zone::Hand, At::Top) {
            st.log.note(st.round, "draw", Some(c), None);
        }
    }

    fn dummy_start_cell(&self, slot: usize) -> u8 {
        let n = i16::from(self.size());
        let row = n - self.options.deploy_rows as i16;
        let col = n / 2 - 1 + slot as i16 % 2 + 2 * (slot as i16 / 2);
        self.cell_at(row, col.clamp(0, n - 1)).unwrap_or(0)
    }

    fn our_start_cell(&self, slot: usize) -> u8 {
        let n = i16::from(self.size());
        let row = self.options.deploy_rows as i16 - 1;
        let col = n / 2 - 1 + slot as i16 % 2;
        self.cell_at(row, col).unwrap_or(0)
    }

    /// Damage to dummy `slot`; a defeat gains a Soul and may end the game.
    fn damage_dummy(&self, st: &mut State, slot: usize, amount: i16, source: u16) {
        let Some(mut d) = st.dummies[slot] else {
            return;
        };
        let amount = if st.no_damage { 0 } else { amount.max(0) };
        if amount == 0 {
            return;
        }
        d.hp -= amount;
        st.trace.add_damage(i32::from(amount));
        st.log
            .note(st.round, "damage by", Some(source), Some(i32::from(amount)));
        if d.hp > 0 {
            st.dummies[slot] = Some(d);
            return;
        }
        st.dummies[slot] = None;
        st.souls += 1;
        st.log.note(
            st.round,
            "dummy Fighter defeated; Souls",
            None,
            Some(i32::from(st.souls)),
        );
        if u32::from(st.souls) >= self.setup.souls_to_win {
            self.end(st, Outcome::Win { turn: st.round });
            return;
        }
        if self.options.dummy_redeploys && st.dummy_reserve > 0 {
            st.dummy_reserve -= 1;
            let occ = self.occupied(st);
            let kind = (usize::from(d.kind) + 1) % self.dummies.len();
            let cell = if occ[usize::from(d.cell)] {
                self.nearest_free_dummy_cell(&occ, d.cell)
            } else {
                Some(d.cell)
            };
            if let Some(cell) = cell {
                st.dummies[slot] = Some(DummyPiece {
                    cell,
                    hp: self.dummies[kind].hp,
                    kind: kind as u8,
                });
            }
        }
        if st.dummies.iter().all(Option::is_none) {
            self.end(st, Outcome::Win { turn: st.round });
        }
    }

    fn nearest_free_dummy_cell(&self, occ: &[bool], near: u8) -> Option<u8> {
        let n = self.size();
        let first_row = n - self.options.deploy_rows as u8;
        (first_row * n..n * n)
            .filter(|&c| !occ[usize::from(c)])
            .min_by_key(|&c| (self.distance(c, near), c))
    }

    fn resolve(&self, st: &mut State, fx: Fx, source: u16, target: Option<u16>) {
        self.gain_ap(st, u32::from(fx.energy));
        for _ in 0..fx.draw {
            self.draw(st);
        }
        if fx.damage > 0
            && let Some(t) = target
        {
            self.damage_dummy(st, usize::from(t), i16::from(fx.damage), source);
        }
    }

    /// Turn start: draws, AP, turn-start effects, the Speed Rule.
    fn begin_turn(&self, st: &mut State) {
        if st.step == 0 {
            st.round += 1;
            if st.round > self.max_turns {
                st.round = self.max_turns;
                self.end(
                    st,
                    Outcome::Unfinished {
                        turn: self.max_turns,
                    },
                );
                return;
            }
            st.trace.open_turn();
        }
        for _ in 0..self.setup.power_draws_per_turn {
            self.draw(st);
        }
        self.gain_ap(st, self.setup.ap_per_turn);
        for i in 0..st.zones.len(Zone::Powers) {
            let p = st.zones.get(Zone::Powers)[i];
            if let Some(pw) = self.def(p).power()
                && !pw.turn_start.is_empty()
                && pw.category == Category::Permanent
            {
                let fx = pw.turn_start;
                self.resolve(st, fx, p, None);
            }
        }
        let k = usize::from(st.step);
        let ours = self.current_ally(st);
        let theirs = st.dummies[k];
        let we_first = match (ours, theirs) {
            (None, None) => below(&mut st.rng, 2) == 0,
            (None, Some(_)) => false,
            (Some(_), None) => true,
            (Some(c), Some(d)) => {
                let (a, b) = (
                    self.fighter(c).speed,
                    self.dummies[usize::from(d.kind)].speed,
                );
                if a != b {
                    a > b
                } else if st.hp[usize::from(c)] != d.hp {
                    st.hp[usize::from(c)] > d.hp
                } else {
                    below(&mut st.rng, 2) == 0
                }
            }
        };
        st.no_damage = st.round == 1 && st.step == 0 && we_first;
        st.moved = false;
        st.hit = false;
        st.phase = Phase::Turn;
        if st.step == 0 {
            let ap = st.ap;
            let castable = st
                .zones
                .get(Zone::Hand)
                .iter()
                .filter(|&&c| {
                    self.def(c)
                        .power()
                        .is_some_and(|p| i32::from(self.cast_cost(p)) <= ap)
                })
                .count();
            let t = st.trace.current();
            t.resources = st.ap.clamp(0, i32::from(u16::MAX)) as u16;
            t.hand = st.zones.len(Zone::Hand) as u16;
            t.castable = castable as u16;
        }
    }

    fn cast_cost(&self, p: &Power) -> u8 {
        if p.category == Category::Trigger {
            1
        } else {
            p.cost
        }
    }

    fn end_turn(&self, st: &mut State) {
        st.step += 1;
        if usize::from(st.step) >= self.slots_n() {
            st.step = 0;
            // round end: Time-based Powers lose 1 Time
            let mut i = 0;
            while i < st.zones.len(Zone::Powers) {
                let p = st.zones.get(Zone::Powers)[i];
                let t = &mut st.time_left[usize::from(p)];
                if *t > 0 {
                    *t -= 1;
                    if *t == 0 {
                        st.zones
                            .move_card(Zone::Powers, i, Zone::PowerVoid, At::Top);
                        continue;
                    }
                }
                i += 1;
            }
        }
        self.begin_turn(st);
    }

    fn power_slot_free(&self, st: &State) -> bool {
        st.zones.len(Zone::Powers) < self.options.power_slots as usize
    }

    fn deploy(
        &self,
        st: &mut State,
        slot: u8,
        cell: u8,
        fighter: Option<u16>,
    ) -> Result<(), Illegal> {
        let s = usize::from(slot);
        ensure(
            s < self.slots_n() && st.slots[s] == NONE,
            "RZ Turn Actions",
            || format!("slot {} is not an empty Fighter slot", s + 1),
        )?;
        ensure(slot != st.step, "RZ Turn Actions", || {
            "Fighters can't be deployed on the current turn slot in the timeline".into()
        })?;
        ensure(
            self.in_our_zone(cell) && cell < self.size() * self.size(),
            "RZ Deploy Zone",
            || "deploy on a cell of your Deploy Zone".into(),
        )?;
        ensure(
            !self.occupied(st)[usize::from(cell)],
            "RZ Deploy Zone",
            || "that cell is occupied".into(),
        )?;
        let top = st
            .zones
            .top(Zone::FighterDeck)
            .ok_or_else(|| Illegal::new("RZ Turn Actions", "your Fighter deck is empty"))?;
        let c = match (fighter, self.options.deploy_from) {
            (None, _) => top,
            (Some(f), DeployFrom::Top) => {
                ensure(f == top, "RZ §6.2", || {
                    "deploy_from = top: only the top Fighter of the deck".into()
                })?;
                f
            }
            (Some(f), DeployFrom::Choose) => {
                ensure(
                    st.zones.contains(Zone::FighterDeck, f),
                    "RZ Turn Actions",
                    || "that Fighter is not in your Fighter deck".into(),
                )?;
                f
            }
        };
        st.zones
            .move_copy(Zone::FighterDeck, c, Zone::Fighters, At::Top);
        st.slots[s] = c;
        st.cell[usize::from(c)] = cell;
        st.hp[usize::from(c)] = self.fighter(c).hp;
        st.log
            .note(st.round, "deploy", Some(c), Some(i32::from(slot) + 1));
        Ok(())
    }

    fn cast(&self, st: &mut State, card: u16, target: Option<u16>) -> Result<(), Illegal> {
        ensure(
            st.zones.contains(Zone::Hand, card),
            "RZ Power Cards",
            || format!("{} is not in your hand", self.table.copy_name(card)),
        )?;
        let p = self.def(card).power().cloned().ok_or_else(|| {
            Illegal::new(
                "RZ Power Cards",
                format!("{} is not a Power you can use", self.table.copy_name(card)),
            )
        })?;
        ensure(p.category != Category::Trigger, "RZ Trigger", || {
            "Trigger Powers are first set face down (Set)".into()
        })?;
        ensure(self.power_slot_free(st), "RZ Power Cards", || {
            "Powers can only be played on an empty Power slot".into()
        })?;
        ensure(i32::from(p.cost) <= st.ap, "RZ Power Cards", || {
            format!(
                "{} costs {} AP and you have {}",
                self.table.copy_name(card),
                p.cost,
                st.ap
            )
        })?;
        ensure(!p.legendary || !st.legendary_used, "RZ Legendary", || {
            "you already used a Legendary Power (Legendary Marker)".into()
        })?;
        if p.deploy.damage > 0 {
            ensure(
                target.is_some_and(|t| {
                    usize::from(t) < MAX_SLOTS && st.dummies[usize::from(t)].is_some()
                }),
                "RZ Power Cards",
                || "choose an enemy Fighter (a dummy slot) for the damage".into(),
            )?;
        }
        if p.category == Category::Aura {
            ensure(
                target.is_some_and(|t| st.zones.contains(Zone::Fighters, t)),
                "RZ Aura",
                || "an Aura is assigned to an allied Fighter on the field".into(),
            )?;
        }
        st.ap -= i32::from(p.cost);
        if p.legendary {
            st.legendary_used = true;
        }
        match p.category {
            Category::Normal => {
                st.zones
                    .move_copy(Zone::Hand, card, Zone::PowerVoid, At::Top);
            }
            _ => {
                st.zones.move_copy(Zone::Hand, card, Zone::Powers, At::Top);
                st.time_left[usize::from(card)] = p.time;
                st.aura_on[usize::from(card)] = if p.category == Category::Aura {
                    target.unwrap_or(NONE)
                } else {
                    NONE
                };
            }
        }
        st.trace.add_play(self.table.def_index(card));
        st.log.note(st.round, "use", Some(card), None);
        let dmg_target = if p.deploy.damage > 0 { target } else { None };
        self.resolve(st, p.deploy, card, dmg_target);
        Ok(())
    }

    /// The setup mulligan itself (without starting round 1): return the hand
    /// cards at the `mask` positions to the bottom of the Power deck, in hand
    /// order, and draw as many.
    pub fn mulligan(&self, st: &mut State, mask: u8) -> Result<(), Illegal> {
        let hand = st.zones.get(Zone::Hand).to_vec();
        ensure(
            u32::from(mask) >> hand.len().min(8) == 0,
            "RZ setup 6",
            || {
                format!(
                    "the mask names positions beyond the {} cards in hand",
                    hand.len()
                )
            },
        )?;
        let back: Vec<u16> = hand
            .iter()
            .enumerate()
            .filter(|(i, _)| *i < 8 && mask & (1 << i) != 0)
            .map(|(_, &c)| c)
            .collect();
        ensure(
            back.len() as u32 <= self.setup.mulligan_max,
            "RZ setup 6",
            || format!("return up to {} cards", self.setup.mulligan_max),
        )?;
        for &c in &back {
            st.zones
                .move_copy(Zone::Hand, c, Zone::PowerDeck, At::Bottom);
        }
        for _ in 0..back.len() {
            self.draw(st);
        }
        st.log.note(0, "mulligan", None, Some(back.len() as i32));
        Ok(())
    }

    // ------------------------------------------------------------ policy

    fn deploy_cell(&self, st: &State) -> Option<u8> {
        let occ = self.occupied(st);
        let n = self.size();
        (0..self.options.deploy_rows as u8 * n)
            .filter(|&c| !occ[usize::from(c)])
            .min_by_key(|&c| (self.nearest_dummy(st, c), c))
    }

    /// The best hit from `from` for ally `c`: (damage, dummy slot).
    fn best_hit(&self, st: &State, occ: &Occ, c: u16, from: u8) -> Option<(i16, u8)> {
        let atk = self.atk_of(st, c);
        let mut best: Option<(i16, u8)> = None;
        for (slot, d) in st.dummies.iter().enumerate() {
            if let Some(d) = d
                && self.can_hit_from(occ, c, from, d)
            {
                let dmg = hit_damage(self.fighter(c), atk, &self.dummies[usize::from(d.kind)]);
                // a defeat first, then the most damage
                let key = if dmg >= d.hp { dmg + 1000 } else { dmg };
                if best.is_none_or(|(b, _)| key > b) {
                    best = Some((key, slot as u8));
                }
            }
        }
        best
    }

    fn policy_turn(&self, st: &State) -> Action {
        // 1. fill empty slots
        if st.zones.top(Zone::FighterDeck).is_some()
            && let Some(slot) = (0..self.slots_n() as u8)
                .find(|&s| s != st.step && st.slots[usize::from(s)] == NONE)
            && let Some(cell) = self.deploy_cell(st)
        {
            let fighter = match self.options.deploy_from {
                DeployFrom::Top => None,
                DeployFrom::Choose => {
                    st.zones
                        .get(Zone::FighterDeck)
                        .iter()
                        .copied()
                        .max_by_key(|&f| {
                            let fi = self.fighter(f);
                            let dmg = self
                                .dummies
                                .iter()
                                .map(|d| hit_damage(fi, fi.atk, d))
                                .min()
                                .unwrap_or(0);
                            (dmg, fi.mp, fi.range)
                        })
                }
            };
            return Action::Deploy {
                slot,
                cell,
                fighter,
            };
        }
        let ally = self.current_ally(st);
        // 2. Powers the engine can play, if they help
        if self.power_slot_free(st) {
            let target_dummy = st
                .dummies
                .iter()
                .enumerate()
                .filter_map(|(i, d)| d.map(|d| (d.hp, i as u16)))
                .min()
                .map(|(_, i)| i);
            for &c in st.zones.get(Zone::Hand) {
                let Some(p) = self.def(c).power() else {
                    continue;
                };
                if !p.modelled || p.category == Category::Trigger || i32::from(p.cost) > st.ap {
                    continue;
                }
                if p.legendary && st.legendary_used {
                    continue;
                }
                let target = match p.category {
                    Category::Aura => match ally {
                        Some(a) if p.atk > 0 => Some(a),
                        _ => continue,
                    },
                    _ if p.deploy.damage > 0 => {
                        if st.no_damage || target_dummy.is_none() {
                            continue;
                        }
                        target_dummy
                    }
                    _ => None,
                };
                return Action::Cast { card: c, target };
            }
            // 3. discard unusable Powers to afford a usable one
            let short = st
                .zones
                .get(Zone::Hand)
                .iter()
                .filter_map(|&c| self.def(c).power())
                .filter(|p| {
                    p.modelled
                        && p.category != Category::Trigger
                        && !(p.legendary && st.legendary_used)
                })
                .map(|p| i32::from(p.cost) - st.ap)
                .filter(|&gap| gap > 0)
                .min();
            if let Some(gap) = short {
                let dead: Vec<u16> = st
                    .zones
                    .get(Zone::Hand)
                    .iter()
                    .copied()
                    .filter(|&c| self.def(c).power().is_none_or(|p| !p.modelled))
                    .collect();
                if dead.len() as i32 >= gap {
                    return Action::Discard { card: dead[0] };
                }
            }
        }
        // 4. the ally: hit, or move then hit
        if let Some(a) = ally
            && !st.hit
        {
            let here = st.cell[usize::from(a)];
            // the board without the ally, which is the one moving and hitting
            let mut occ = self.occupied(st);
            occ[usize::from(here)] = false;
            if !st.no_damage
                && let Some((_, target)) = self.best_hit(st, &occ, a, here)
            {
                return Action::Hit { target };
            }
            if !st.moved {
                let near = |cell: u8| self.nearest_dummy(st, cell);
                let mut best: Option<((i16, i16, u8, u8), u8)> = None;
                for (cell, steps) in self.reachable(&occ, here, self.fighter(a).mp).iter() {
                    let hit = if st.no_damage {
                        0
                    } else {
                        self.best_hit(st, &occ, a, cell).map_or(0, |(d, _)| d + 1)
                    };
                    let key = (hit, -near(cell), u8::MAX - steps, u8::MAX - cell);
                    if best.is_none_or(|(b, _)| key > b) {
                        best = Some((key, cell));
                    }
                }
                if let Some(((hit, neg_near, _, _), cell)) = best
                    && (hit > 0 || -neg_near < near(here))
                {
                    return Action::Move { cell };
                }
            }
        }
        Action::EndTurn
    }
}

impl Sim for Rizontical {
    type State = State;
    type Action = Action;

    const GAME: GameId = GameId::Rizontical;
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
        State {
            zones: Zones::new(n),
            rng: rng(0),
            seed: 0,
            seat: Seat::First,
            round: 0,
            step: 0,
            phase: Phase::Mulligan,
            ap: 0,
            souls: 0,
            legendary_used: false,
            slots: [NONE; MAX_SLOTS],
            dummies: [None; MAX_SLOTS],
            dummy_reserve: 0,
            cell: vec![NO_CELL; n],
            hp: vec![0; n],
            aura_on: vec![NONE; n],
            time_left: vec![0; n],
            moved: false,
            hit: false,
            no_damage: false,
            outcome: None,
            trace: Trace::new(self.table.defs.len(), self.max_turns),
            log: Log::default(),
        }
    }

    fn deal(&self, st: &mut State, seed: u64, seat: Seat) {
        let n = self.table.copies();
        st.zones.reset(Zone::PowerDeck, n);
        for c in 0..n as u16 {
            let to = if self.is_fighter(c) {
                Zone::FighterDeck
            } else if matches!(self.def(c), Def::Numen) {
                Zone::Numen
            } else {
                continue;
            };
            st.zones.move_copy(Zone::PowerDeck, c, to, At::Top);
        }
        st.rng = rng(seed);
        st.seed = seed;
        st.seat = seat;
        st.round = 0;
        st.step = 0;
        st.ap = 0;
        st.souls = 0;
        st.legendary_used = false;
        st.slots = [NONE; MAX_SLOTS];
        st.dummies = [None; MAX_SLOTS];
        st.cell.iter_mut().for_each(|x| *x = NO_CELL);
        st.hp.iter_mut().for_each(|x| *x = 0);
        st.aura_on.iter_mut().for_each(|x| *x = NONE);
        st.time_left.iter_mut().for_each(|x| *x = 0);
        st.moved = false;
        st.hit = false;
        st.no_damage = false;
        st.outcome = None;
        st.trace.clear();
        st.log.clear();
        st.zones.shuffle(Zone::FighterDeck, &mut st.rng);
        st.zones.shuffle(Zone::PowerDeck, &mut st.rng);
        let start_slots = (self.setup.fighter_slots_at_start as usize).min(self.slots_n());
        for s in 0..start_slots {
            if let Some(c) = st
                .zones
                .move_top(Zone::FighterDeck, Zone::Fighters, At::Top)
            {
                st.slots[s] = c;
                st.cell[usize::from(c)] = self.our_start_cell(s);
                st.hp[usize::from(c)] = self.fighter(c).hp;
            }
            let kind = s % self.dummies.len();
            st.dummies[s] = Some(DummyPiece {
                cell: self.dummy_start_cell(s),
                hp: self.dummies[kind].hp,
                kind: kind as u8,
            });
        }
        // The dummy's reserve is a full Fighter deck (RZ-D2) less those deployed.
        st.dummy_reserve = if self.options.dummy_redeploys {
            let fighters = crate::games::Rizontical.rules().fighters;
            (fighters as usize).saturating_sub(start_slots) as u8
        } else {
            0
        };
        for _ in 0..self.setup.opening_powers {
            self.draw(st);
        }
        st.ap = self.setup.ap_start as i32;
        st.phase = Phase::Mulligan;
    }

    /// Nothing: the dealt state already waits for the mulligan.
    fn begin(&self, _st: &mut State) {}

    fn draw_pile<'s>(&self, st: &'s State, _p: usize) -> &'s [u16] {
        st.zones.get(Zone::PowerDeck)
    }

    fn apply(&self, st: &mut State, action: Action) -> Result<(), Illegal> {
        ensure(st.outcome.is_none(), "game over", || {
            "the game is over".into()
        })?;
        match (st.phase, action) {
            (Phase::Mulligan, Action::Mulligan { mask }) => {
                self.mulligan(st, mask)?;
                self.begin_turn(st);
            }
            (
                Phase::Turn,
                Action::Deploy {
                    slot,
                    cell,
                    fighter,
                },
            ) => self.deploy(st, slot, cell, fighter)?,
            (Phase::Turn, Action::Move { cell }) => {
                let a = self.current_ally(st).ok_or_else(|| {
                    Illegal::new("RZ Turn Actions", "no ally in the current slot")
                })?;
                ensure(!st.moved, "RZ Turn Actions", || {
                    "the ally moves once per turn".into()
                })?;
                let from = st.cell[usize::from(a)];
                let ok = self
                    .reachable(&self.occupied(st), from, self.fighter(a).mp)
                    .iter()
                    .any(|(c, _)| c == cell);
                ensure(ok, "RZ Movement", || {
                    format!(
                        "that cell is not within {} MP through empty cells",
                        self.fighter(a).mp
                    )
                })?;
                st.cell[usize::from(a)] = cell;
                st.moved = true;
                st.log
                    .note(st.round, "move", Some(a), Some(i32::from(cell)));
            }
            (Phase::Turn, Action::Hit { target }) => {
                let a = self.current_ally(st).ok_or_else(|| {
                    Illegal::new("RZ Turn Actions", "no ally in the current slot")
                })?;
                ensure(!st.hit, "RZ Turn Actions", || "one hit per turn".into())?;
                let t = usize::from(target);
                let d = st
                    .dummies
                    .get(t)
                    .copied()
                    .flatten()
                    .ok_or_else(|| Illegal::new("RZ Hit", "no enemy Fighter in that slot"))?;
                ensure(
                    self.can_hit_from(&self.occupied(st), a, st.cell[usize::from(a)], &d),
                    "RZ Range",
                    || "the target is out of range or behind an entity".into(),
                )?;
                st.hit = true;
                let dmg = hit_damage(
                    self.fighter(a),
                    self.atk_of(st, a),
                    &self.dummies[usize::from(d.kind)],
                );
                st.log
                    .note(st.round, "hit by", Some(a), Some(i32::from(dmg)));
                self.damage_dummy(st, t, dmg, a);
                if st.outcome.is_none() {
                    // "A turn ends if ... successfully used a Basic Hit"
                    self.end_turn(st);
                }
            }
            (Phase::Turn, Action::Cast { card, target }) => self.cast(st, card, target)?,
            (Phase::Turn, Action::Set { card }) => {
                let p = self.def(card).power().cloned();
                ensure(
                    st.zones.contains(Zone::Hand, card)
                        && p.as_ref().is_some_and(|p| p.category == Category::Trigger),
                    "RZ Trigger",
                    || "only a Trigger Power from your hand is set".into(),
                )?;
                ensure(self.power_slot_free(st), "RZ Power Cards", || {
                    "no empty Power slot".into()
                })?;
                ensure(st.ap >= 1, "RZ Trigger", || {
                    "setting a Trigger costs 1 AP".into()
                })?;
                st.ap -= 1;
                st.zones.move_copy(Zone::Hand, card, Zone::Powers, At::Top);
                st.log.note(st.round, "set", Some(card), None);
            }
            (Phase::Turn, Action::Discard { card }) => {
                let from = [Zone::Hand, Zone::Powers]
                    .into_iter()
                    .find(|&z| st.zones.contains(z, card));
                let from = from.ok_or_else(|| {
                    Illegal::new("RZ Turn Actions", "discard a Power from your hand or field")
                })?;
                st.zones.move_copy(from, card, Zone::PowerVoid, At::Top);
                self.gain_ap(st, self.setup.ap_per_discard);
                st.log.note(st.round, "discard", Some(card), None);
            }
            (Phase::Turn, Action::EndTurn) => {
                if self.current_ally(st).is_some() && !st.moved && !st.hit {
                    self.gain_ap(st, self.setup.ap_for_skipping);
                }
                self.end_turn(st);
            }
            (phase, a) => {
                return Err(Illegal::new(
                    "RZ rounds",
                    format!("{a:?} is not possible during {phase:?}"),
                ));
            }
        }
        Ok(())
    }

    fn policy(&self, st: &State, _level: crate::engine::game::Level) -> Action {
        match st.phase {
            Phase::Mulligan => {
                let mut mask = 0u8;
                for (i, &c) in st.zones.get(Zone::Hand).iter().enumerate().take(8) {
                    let dead = self.def(c).power().is_none_or(|p| !p.modelled);
                    if dead && mask.count_ones() < self.setup.mulligan_max {
                        mask |= 1 << i;
                    }
                }
                Action::Mulligan { mask }
            }
            Phase::Turn => self.policy_turn(st),
            Phase::Over => Action::EndTurn,
        }
    }

    fn legal_actions(&self, st: &State, out: &mut Vec<Action>) {
        out.clear();
        let try_push = |a: Action, out: &mut Vec<Action>| push_if_legal(self, st, a, out);
        match st.phase {
            Phase::Over => {}
            Phase::Mulligan => {
                let n = st.zones.len(Zone::Hand).min(8);
                for mask in 0..(1u16 << n) {
                    if mask.count_ones() <= self.setup.mulligan_max {
                        out.push(Action::Mulligan { mask: mask as u8 });
                    }
                }
            }
            Phase::Turn => {
                // every empty Deploy Zone cell, slot and (with `choose`) Fighter
                let fighters: Vec<Option<u16>> = match self.options.deploy_from {
                    DeployFrom::Top => vec![None],
                    DeployFrom::Choose => st
                        .zones
                        .get(Zone::FighterDeck)
                        .iter()
                        .map(|&f| Some(f))
                        .collect(),
                };
                let occ = self.occupied(st);
                let zone_cells = self.options.deploy_rows as u8 * self.size();
                for cell in (0..zone_cells).filter(|&c| !occ[usize::from(c)]) {
                    for slot in 0..self.slots_n() as u8 {
                        for &fighter in &fighters {
                            try_push(
                                Action::Deploy {
                                    slot,
                                    cell,
                                    fighter,
                                },
                                out,
                            );
                        }
                    }
                }
                if let Some(a) = self.current_ally(st)
                    && !st.moved
                {
                    for (cell, _) in self
                        .reachable(
                            &self.occupied(st),
                            st.cell[usize::from(a)],
                            self.fighter(a).mp,
                        )
                        .iter()
                    {
                        out.push(Action::Move { cell });
                    }
                }
                for t in 0..MAX_SLOTS as u8 {
                    try_push(Action::Hit { target: t }, out);
                }
                let targets: Vec<Option<u16>> = std::iter::once(None)
                    .chain((0..MAX_SLOTS as u16).map(Some))
                    .chain(st.zones.get(Zone::Fighters).iter().map(|&f| Some(f)))
                    .collect();
                for &c in st.zones.get(Zone::Hand) {
                    for &t in &targets {
                        try_push(Action::Cast { card: c, target: t }, out);
                    }
                    try_push(Action::Set { card: c }, out);
                    out.push(Action::Discard { card: c });
                }
                for &c in st.zones.get(Zone::Powers) {
                    out.push(Action::Discard { card: c });
                }
                out.push(Action::EndTurn);
                out.dedup();
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
        let mut seen = [false; MAX_BOARD * MAX_BOARD];
        for &c in st.zones.get(Zone::Fighters) {
            let cell = usize::from(st.cell[usize::from(c)]);
            if cell >= seen.len() || seen[cell] {
                return Err(format!("Fighter {c} on a bad or shared cell {cell}"));
            }
            seen[cell] = true;
            if !st.slots.contains(&c) {
                return Err(format!("Fighter {c} on the board has no slot"));
            }
        }
        for d in st.dummies.iter().flatten() {
            if seen[usize::from(d.cell)] {
                return Err(format!("dummy on a shared cell {}", d.cell));
            }
            seen[usize::from(d.cell)] = true;
        }
        if st.zones.len(Zone::Powers) > self.options.power_slots as usize {
            return Err("more Powers on the field than Power slots".into());
        }
        Ok(())
    }

    fn snapshot(&self, st: &State) -> Snapshot {
        let view = |c: u16| {
            let mut tags = Vec::new();
            if st.zones.contains(Zone::Fighters, c) {
                if let Some(s) = st.slots.iter().position(|&x| x == c) {
                    tags.push(format!("slot {}", s + 1));
                }
                tags.push(format!(
                    "HP {}/{}",
                    st.hp[usize::from(c)],
                    self.fighter(c).hp
                ));
                tags.push(format!("ATK {}", self.atk_of(st, c)));
            }
            if let Some(p) = self.def(c).power() {
                tags.push(format!("{} AP", p.cost));
                if st.zones.contains(Zone::Powers, c) && p.category == Category::Trigger {
                    tags.push("set".into());
                }
                if st.aura_on[usize::from(c)] != NONE && st.zones.contains(Zone::Powers, c) {
                    tags.push(format!(
                        "on {}",
                        self.table.copy_name(st.aura_on[usize::from(c)])
                    ));
                }
            }
            CardView {
                copy: c,
                name: self.table.copy_name(c).to_string(),
                tags,
            }
        };
        let zones = zone_views(&st.zones, &[Zone::FighterDeck, Zone::PowerDeck], view);
        let mut board: Vec<PieceView> = st
            .zones
            .get(Zone::Fighters)
            .iter()
            .map(|&c| {
                let (r, col) = self.rc(st.cell[usize::from(c)]);
                PieceView {
                    name: self.table.copy_name(c).to_string(),
                    row: r as u8,
                    col: col as u8,
                    ally: true,
                    hp: i32::from(st.hp[usize::from(c)]),
                    max_hp: i32::from(self.fighter(c).hp),
                }
            })
            .collect();
        for d in st.dummies.iter().flatten() {
            let (r, col) = self.rc(d.cell);
            let f = &self.dummies[usize::from(d.kind)];
            board.push(PieceView {
                name: f.name.clone(),
                row: r as u8,
                col: col as u8,
                ally: false,
                hp: i32::from(d.hp),
                max_hp: i32::from(f.hp),
            });
        }
        Snapshot {
            game: GameId::Rizontical,
            seed: st.seed,
            seat: st.seat,
            turn: st.round,
            turn_unit: TurnUnit::Round,
            phase: match st.phase {
                Phase::Mulligan => "Mulligan".into(),
                Phase::Turn => format!("Round {}, timeline turn {}", st.round, st.step + 1),
                Phase::Over => "Over".into(),
            },
            phase_help: String::new(),
            to_act: 0,
            counters: vec![
                ("AP".into(), i64::from(st.ap)),
                ("Souls".into(), i64::from(st.souls)),
                ("timeline turn".into(), i64::from(st.step) + 1),
                ("moved".into(), i64::from(st.moved)),
                ("Legendary Marker".into(), i64::from(st.legendary_used)),
            ],
            zones,
            board,
            outcome: st.outcome,
        }
    }

    fn describe(&self, st: &State, action: Action) -> String {
        let n = |c: u16| self.table.copy_name(c).to_string();
        let cell = |c: u8| {
            let (r, col) = self.rc(c);
            format!("{}{}", (b'a' + col as u8) as char, r + 1)
        };
        match action {
            Action::Mulligan { mask: 0 } => "Keep the Powers".into(),
            Action::Mulligan { mask } => {
                format!("Return {} Powers to the bottom", mask.count_ones())
            }
            Action::Deploy {
                slot,
                cell: c,
                fighter,
            } => format!(
                "Deploy {} to slot {} at {}",
                fighter.map_or_else(|| "the top Fighter".to_string(), n),
                slot + 1,
                cell(c)
            ),
            Action::Move { cell: c } => format!("Move to {}", cell(c)),
            Action::Hit { target } => {
                let dmg = match (
                    self.current_ally(st),
                    st.dummies.get(usize::from(target)).copied().flatten(),
                ) {
                    (Some(a), Some(d)) => hit_damage(
                        self.fighter(a),
                        self.atk_of(st, a),
                        &self.dummies[usize::from(d.kind)],
                    ),
                    _ => 0,
                };
                format!("Hit the enemy Fighter in slot {} ({dmg} DMG)", target + 1)
            }
            Action::Cast { card, .. } => format!("Use {}", n(card)),
            Action::Set { card } => format!("Set {}", n(card)),
            Action::Discard { card } => format!("Discard {} (+1 AP)", n(card)),
            Action::EndTurn => "End turn".into(),
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
        Action::EndTurn
    }

    fn without_one(&self, def: u16) -> Rizontical {
        Rizontical::without_one(self, def)
    }

    fn schedule(&self, _seat: Seat) -> crate::engine::schedule::Schedule {
        crate::engine::schedule::Schedule {
            opening: self.setup.opening_powers,
            per_turn: self.setup.power_draws_per_turn,
            skip_first: false,
            unit: "timeline turn",
        }
    }

    fn pile_of(&self, copy: u16) -> crate::engine::game::Pile {
        use crate::engine::game::Pile;
        match self.table.def(copy) {
            Def::Fighter(_) => Pile::Fighters,
            Def::Numen => Pile::Numen,
            Def::Blank if self.blank_is_fighter => Pile::Fighters,
            _ => Pile::Deck,
        }
    }

    fn pile_for_type(&self, card_type: &str) -> crate::engine::game::Pile {
        use crate::engine::game::Pile;
        match card_type {
            "fighter" => Pile::Fighters,
            "numen" => Pile::Numen,
            _ => Pile::Deck,
        }
    }

    fn seen_in(
        &self,
        pile: crate::engine::game::Pile,
        sched: &crate::engine::schedule::Schedule,
        t: u32,
    ) -> u32 {
        use crate::engine::game::Pile;
        match pile {
            Pile::Fighters => self.setup.fighter_slots_at_start,
            Pile::Numen => u32::MAX,
            Pile::Deck => sched.seen_by(t),
        }
    }

    fn mulligan(&self, st: &State) -> Option<crate::engine::game::Mulligan> {
        (st.phase == Phase::Mulligan).then_some(crate::engine::game::Mulligan::Choose {
            max: self.setup.mulligan_max,
        })
    }

    fn mulligan_action(&self, st: &State, returned: &[u16]) -> Result<Action, Illegal> {
        let hand = st.zones.get(Zone::Hand);
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
        (st.phase == Phase::Mulligan).then_some(Action::Mulligan { mask: 0 })
    }

    fn mulligan_only(&self, st: &mut State, returned: &[u16]) -> Result<(), Illegal> {
        let Action::Mulligan { mask } = self.mulligan_action(st, returned)? else {
            return Err(Illegal::new("RZ setup 6", "not a mulligan"));
        };
        Rizontical::mulligan(self, st, mask)
    }

    fn dealt_extras(&self, st: &State) -> Vec<(&'static str, Vec<String>)> {
        vec![
            (
                "fighters",
                st.slots
                    .iter()
                    .filter(|&&c| c != NONE)
                    .map(|&c| self.table.copy_name(c).to_string())
                    .collect(),
            ),
            (
                "numen",
                st.zones
                    .get(Zone::Numen)
                    .iter()
                    .map(|&c| self.table.copy_name(c).to_string())
                    .collect(),
            ),
        ]
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
        GameId::Rizontical
    }

    fn compile(
        &self,
        me: crate::engine::session::DeckSide<'_>,
        opponent: Option<crate::engine::session::DeckSide<'_>>,
        opts: &crate::engine::session::EngineOptions,
    ) -> Result<crate::engine::session::Engine, crate::engine::session::EngineError> {
        use crate::engine::session::{Engine, EngineError};
        super::legacy::goldfish_only(GameId::Rizontical, opponent.is_some(), opts)?;
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
                catalog,
                me.cards,
                Options::read(&opts.overrides)?,
                opts.max_turns,
                &dummies,
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

    fn fighter(name: &str, hp: i64, atk: i64, mp: i64, range: i64, speed: i64) -> Card {
        let mut c = Card::new(name, "fighter");
        for (k, v) in [
            ("hp", hp),
            ("atk", atk),
            ("def", 0),
            ("mp", mp),
            ("range", range),
            ("speed", speed),
        ] {
            c.fields.insert(k.into(), FieldValue::Int(v));
        }
        c
    }

    fn power(name: &str, cost: i64, effects: Vec<Effect>) -> Card {
        let mut c = Card::new(name, "power");
        c.cost = Some(cost);
        c.fields
            .insert("category".into(), FieldValue::Text("normal".into()));
        c.effects = effects;
        c
    }

    fn sim_of(fighters: &[Card], powers: &[Card], overrides: &[(String, String)]) -> Rizontical {
        let mut cat = Catalog::new(GameId::Rizontical, "t");
        cat.cards.push(Card::new("Numen", "numen"));
        cat.cards.extend(fighters.iter().cloned());
        cat.cards.extend(powers.iter().cloned());
        let deck = DeckCards {
            cards: (0..cat.cards.len() as u16).collect(),
        };
        Rizontical::new(&cat, &deck, Options::read(overrides).unwrap(), 30, &[]).unwrap()
    }

    fn eight(atk: i64, mp: i64, range: i64) -> Vec<Card> {
        (0..8)
            .map(|i| fighter(&format!("F{i}"), 5, atk, mp, range, 5))
            .collect()
    }

    fn blanks(n: usize) -> Vec<Card> {
        (0..n).map(|i| power(&format!("P{i}"), 1, vec![])).collect()
    }

    #[test]
    fn setup_deals_two_fighters_and_five_powers() {
        let sim = sim_of(&eight(3, 2, 1), &blanks(30), &[]);
        let mut st = sim.new_state();
        sim.start(&mut st, 7, Seat::First);
        assert_eq!(st.zones.len(Zone::Fighters), 2);
        assert_eq!(st.zones.len(Zone::Hand), 5);
        assert_eq!(st.zones.len(Zone::Numen), 1);
        assert_eq!(st.ap, 4);
        sim.invariants(&st).unwrap();
        sim.apply(&mut st, Action::Mulligan { mask: 0b10101 })
            .unwrap();
        assert_eq!(
            st.zones.len(Zone::Hand),
            6,
            "5 after the mulligan + the turn-start draw"
        );
        assert_eq!(st.ap, 6);
        sim.invariants(&st).unwrap();
    }

    /// Damage rule example (rulebook "How to Battle"): Mya (1 ATK, Air) hits
    /// Aaro (3 DEF, Weakness 2 to Air): 1 - 3 -> 0, + 2 = 2 (the example's +5
    /// Buff is not modelled).
    #[test]
    fn weakness_after_the_floor() {
        let mut mya = fighter("Mya", 5, 1, 3, 3, 12);
        mya.fields.insert(
            "elements".into(),
            FieldValue::List(vec![FieldValue::Text("air".into())]),
        );
        let mut aaro = fighter("Aaro", 6, 3, 2, 1, 5);
        aaro.fields.insert("def".into(), FieldValue::Int(3));
        aaro.fields.insert("weakness".into(), FieldValue::Int(2));
        aaro.fields.insert(
            "weakness_to".into(),
            FieldValue::List(vec![FieldValue::Text("air".into())]),
        );
        aaro.fields.insert("resistance".into(), FieldValue::Int(1));
        aaro.fields.insert(
            "resistance_to".into(),
            FieldValue::List(vec![FieldValue::Text("physical".into())]),
        );
        let (m, a) = (Fighter::of(&mya), Fighter::of(&aaro));
        assert_eq!(hit_damage(&m, 1, &a), 2);
        let mut brute = Fighter::of(&fighter("Brute", 5, 6, 1, 1, 1));
        brute.types = vec![bits::PHYSICAL];
        assert_eq!(hit_damage(&brute, 6, &a), 2, "6 - 3 - 1 resistance");
        brute.types = vec![bits::PHYSICAL, bits::MAGICAL];
        assert_eq!(hit_damage(&brute, 6, &a), 3, "chooses the magical type");
    }

    /// Eight identical Fighters (ATK 9, MP 2, RA 1) against two training
    /// dummies (HP 8, DEF 1): a hit deals 9 - 1 = 8, one hit defeats a dummy.
    /// By hand: slots 1 and 2 start on row 2 (d2, e2) and the dummies on row 7
    /// (d7, e7), five rows apart; melee needs distance 1 (row 6).
    /// Round 1, turn 1: our Fighter is faster, so this is the game's first turn
    /// (no damage): deploy slots 3 and 4 (c2, f2), move d2 -> d4. Turn 2: e2 -> e4.
    /// Turns 3 and 4: c2 -> c4, f2 -> f4. Round 2, turn 1: d4 -> d6, hit d7 (8,
    /// defeated); turn 2: e4 -> e6, hit e7 (8): no dummy left. Kill round 2,
    /// damage [0, 16].
    #[test]
    fn identical_fighters_defeat_the_dummies_in_round_2() {
        let sim = sim_of(&eight(9, 2, 1), &blanks(30), &[]);
        for seed in 0..10 {
            let mut st = sim.new_state();
            let o = play_out(
                &sim,
                &mut st,
                seed,
                Seat::First,
                [crate::engine::game::Level::Goldfish; 2],
            )
            .unwrap();
            assert_eq!(o, Outcome::Win { turn: 2 }, "seed {seed}");
            assert_eq!(
                st.trace.turns.iter().map(|t| t.damage).collect::<Vec<_>>(),
                vec![0, 16]
            );
            assert_eq!(st.souls, 2);
            sim.invariants(&st).unwrap();
        }
    }

    /// With ATK 5 (4 a hit) two hits defeat a dummy; with `dummy_redeploys`
    /// the goal is 6 Souls, so more rounds are needed.
    #[test]
    fn redeploying_dummies_take_longer() {
        let once = sim_of(&eight(5, 2, 1), &blanks(30), &[]);
        let again = sim_of(
            &eight(5, 2, 1),
            &blanks(30),
            &[("dummy_redeploys".into(), "true".into())],
        );
        let (mut a, mut b) = (once.new_state(), again.new_state());
        let oa = play_out(
            &once,
            &mut a,
            3,
            Seat::First,
            [crate::engine::game::Level::Goldfish; 2],
        )
        .unwrap()
        .kill_turn()
        .unwrap();
        let ob = play_out(
            &again,
            &mut b,
            3,
            Seat::First,
            [crate::engine::game::Level::Goldfish; 2],
        )
        .unwrap()
        .kill_turn()
        .unwrap();
        assert!(ob > oa, "{oa} vs {ob}");
        assert_eq!(b.souls, 6);
        again.invariants(&b).unwrap();
    }

    #[test]
    fn ap_grows_by_two_a_turn_and_one_per_discard() {
        let sim = sim_of(&eight(0, 0, 1), &blanks(30), &[]);
        let mut st = sim.new_state();
        sim.start(&mut st, 1, Seat::First);
        sim.apply(&mut st, Action::Mulligan { mask: 0 }).unwrap();
        assert_eq!(st.ap, 6);
        let c = st.zones.get(Zone::Hand)[0];
        sim.apply(&mut st, Action::Discard { card: c }).unwrap();
        assert_eq!(st.ap, 7);
        // skipping with an ally that did nothing: +2, then the next turn's +2
        sim.apply(&mut st, Action::EndTurn).unwrap();
        assert_eq!(st.ap, 11);
    }

    #[test]
    fn powers_need_ap_and_a_slot_and_damage_needs_a_target() {
        let bolt = power(
            "Bolt",
            2,
            vec![Effect {
                on: Trigger::Deploy,
                damage: 3,
                ..Effect::default()
            }],
        );
        let mut powers = blanks(29);
        powers.push(bolt);
        let sim = sim_of(&eight(0, 0, 1), &powers, &[]);
        let mut st = sim.new_state();
        let bolt = (0..200)
            .find_map(|seed| {
                sim.start(&mut st, seed, Seat::First);
                st.zones
                    .get(Zone::Hand)
                    .iter()
                    .copied()
                    .find(|&c| sim.table.copy_name(c) == "Bolt")
            })
            .unwrap();
        sim.apply(&mut st, Action::Mulligan { mask: 0 }).unwrap();
        // the game's first turn deals no damage
        let e = sim
            .apply(
                &mut st,
                Action::Cast {
                    card: bolt,
                    target: None,
                },
            )
            .unwrap_err();
        assert!(e.message.contains("choose an enemy Fighter"), "{e}");
        sim.apply(&mut st, Action::EndTurn).unwrap();
        sim.apply(
            &mut st,
            Action::Cast {
                card: bolt,
                target: Some(0),
            },
        )
        .unwrap();
        assert_eq!(st.dummies[0].unwrap().hp, 5);
        assert_eq!(st.ap, 4 + 2 + 2 + 2 - 2);
    }

    #[test]
    fn ranged_hits_need_a_clear_line() {
        let sim = sim_of(&eight(5, 0, 6), &blanks(30), &[]);
        let mut st = sim.new_state();
        sim.start(&mut st, 1, Seat::First);
        let n = 8u8;
        // ally at (1,3), dummy 0 at (6,3): distance 5 <= RA 6; block the line at (3,3)
        let a = st.slots[0];
        st.cell[usize::from(a)] = n + 3;
        st.dummies[0] = Some(DummyPiece {
            cell: 6 * n + 3,
            hp: 8,
            kind: 0,
        });
        assert!(sim.can_hit_from(&sim.occupied(&st), a, n + 3, &st.dummies[0].unwrap()));
        let b = st.slots[1];
        st.cell[usize::from(b)] = 3 * n + 3;
        assert!(!sim.can_hit_from(&sim.occupied(&st), a, n + 3, &st.dummies[0].unwrap()));
    }

    /// RZ §6.8: melee and range use Chebyshev distance by default, Manhattan
    /// with `melee_distance = manhattan`.
    #[test]
    fn rz_6_8_distance() {
        let cheb = sim_of(&eight(3, 2, 1), &blanks(30), &[]);
        let manh = sim_of(
            &eight(3, 2, 1),
            &blanks(30),
            &[("melee_distance".into(), "manhattan".into())],
        );
        // (0,0) to (1,1): diagonal neighbours
        assert_eq!(cheb.distance(0, 9), 1);
        assert_eq!(manh.distance(0, 9), 2);
    }

    /// RZ §6.5: AP is uncapped unless `ap_cap` says otherwise.
    #[test]
    fn rz_6_5_ap_cap() {
        let sim = sim_of(
            &eight(0, 0, 1),
            &blanks(30),
            &[("ap_cap".into(), "7".into())],
        );
        let mut st = sim.new_state();
        sim.start(&mut st, 1, Seat::First);
        sim.apply(&mut st, Action::Mulligan { mask: 0 }).unwrap();
        for _ in 0..6 {
            sim.apply(&mut st, Action::EndTurn).unwrap();
        }
        assert_eq!(st.ap, 7);
    }

    /// RZ §6.2: `deploy_from = top` deploys the top Fighter only; `choose`
    /// lets the player pick any Fighter of the deck.
    #[test]
    fn rz_6_2_deploy_from() {
        for (option, pick_ok) in [("top", false), ("choose", true)] {
            let sim = sim_of(
                &eight(3, 2, 1),
                &blanks(30),
                &[("deploy_from".into(), option.into())],
            );
            let mut st = sim.new_state();
            sim.start(&mut st, 1, Seat::First);
            sim.apply(&mut st, Action::Mulligan { mask: 0 }).unwrap();
            let deck = st.zones.get(Zone::FighterDeck);
            let not_top = deck[0];
            let got = sim.apply(
                &mut st,
                Action::Deploy {
                    slot: 2,
                    cell: 0,
                    fighter: Some(not_top),
                },
            );
            assert_eq!(got.is_ok(), pick_ok, "{option}");
        }
    }
}
