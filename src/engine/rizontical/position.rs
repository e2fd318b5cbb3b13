//! Rizontical positions (scenario files, `schema/scenario.md`): the
//! counters, zones, per-card state and timeline position a scenario names,
//! and the checks that refuse a position the rules cannot reach.
//!
//! - `turn` is the **round**. The phase is the timeline position:
//!   `turn_K_first` / `turn_K_second` (timeline turn K = 1..4, the seat to
//!   act plays the first or the second of its two turns), `turn_K` (the
//!   Speed Rule says which), `bonus_K` (the seat to act takes the bonus
//!   action before the other plays its second turn in a row, at the start
//!   of timeline turn K). No phase: `turn_1`. In round 1, `turn_1_first` is
//!   the game's first turn: its player deals no DMG (RZ §6.7).
//! - Counters: `ap`, `souls`, `legendary_marker`, `unique_marker`,
//!   `ultimate_marker_1`..`_4` (that Fighter slot has its ULTIMATE Marker),
//!   `conjuration_used` (this turn), `first_time_each_round` (a "the first
//!   time each round" ability applied this round); markers and flags are 0
//!   or 1.
//! - Zones: `numen` (`numen_zone`), `fighter_deck` (top first),
//!   `fighters` (`fighter_slots`, `board`: the Fighters deployed),
//!   `fighter_void`, `power_deck` (top first), `hand`, `power_slots`
//!   (`powers`), `power_void`.
//! - A Fighter on the board: `slot` (1-4; default the first free one),
//!   `cell` as the app's move labels write it — column `a`-`h`, row `1`-`8`
//!   from seat a's back row ("d2"; default the middle of its owner's front
//!   Deploy Zone row) — `hp` left, `mana` left, `protection`, `statuses`
//!   (a list: burned, first, invincible, last, poison, shield), `buffs` and
//!   `debuffs` (tables of values 1-6 on atk, def, mp, ra, psh,
//!   hit_dmg_dealt), `skill_N_use` / `skill_N_time` (left on its skill N),
//!   the flags `moved`, `hit`, `pushed`, `used_skill` (the ally playing its
//!   turn), and `push_tiles` (its seat's Push Tiles, `{ cell = "d4",
//!   facing = "n" }`, facing n/e/s/w: towards row 8, column h, row 1,
//!   column a), and `summons` (its seat's Summons, `{ summon = "Wisp",
//!   cell = "d4" }`, each a Summon a card in play makes, with its 1 HP).
//!   Conditions placed here last while the Fighter stays in play.
//! - A Power on a Power slot: `use` and `time` left, `on` (the Fighter an
//!   Aura is assigned to), `used_this_turn` (its "Once per turn" ability
//!   was used). A Trigger Power on a Power slot is set face down.
//! - Refused: a card in a zone of another kind, two Numens, more Fighters
//!   than slots or two in one slot, two entities on one cell, a cell off the
//!   board, more Powers than Power slots, an Aura on no Fighter of its seat,
//!   more than 4 conditions or two copies of one, two Invincible Fighters of
//!   a seat, HP above the printed HP, 6 Souls, a seat with no Fighter on the
//!   board, the ally's flags on another Fighter, more than 4 Push Tiles,
//!   more than 4 copies of one Summon of a seat; two copies of one Fighter
//!   or one Power among a seat's cards (RZ-D2, RZ-D3: refused with the
//!   game's construction rules, [`crate::scenario::start`]).
//!
//! [`card_state`] writes only what differs from a card just put there
//! (slot and cell always), so a saved position reads back as the same state.

use serde_json::{Map, Value, json};

use super::board::{DIRS, cell_at, label, rc};
use super::cards::{Category, Def};
use super::status::NOBODY;
use super::{
    COUNTER_CAP, MAX_CONDITIONS, MAX_TILES, NO_CELL, NONE, Phase, Rizontical, SIZE, SLOTS, State,
    Tile, Z, Zone, z,
};
use crate::engine::core::{ZoneId, other};
use crate::engine::effect::lasting::{Change, Holder, Until};
use crate::engine::effect::{Stat, Status};
use crate::engine::game::{fit, key_of, unknown_counter};
use crate::engine::position::seat_name;

/// The phases a position may name, in turn order.
pub const PHASES: &[&str] = &[
    "turn_1",
    "bonus_1",
    "turn_1_first",
    "turn_1_second",
    "turn_2",
    "bonus_2",
    "turn_2_first",
    "turn_2_second",
    "turn_3",
    "bonus_3",
    "turn_3_first",
    "turn_3_second",
    "turn_4",
    "bonus_4",
    "turn_4_first",
    "turn_4_second",
];

/// The ULTIMATE Marker counters, by slot.
const ULTIMATE: [&str; SLOTS] = [
    "ultimate_marker_1",
    "ultimate_marker_2",
    "ultimate_marker_3",
    "ultimate_marker_4",
];

/// Statuses by name (rulebook Status List), in the order a card lists them.
const STATUSES: [(&str, Status); 6] = [
    ("burned", Status::Burned),
    ("first", Status::First),
    ("invincible", Status::Invincible),
    ("last", Status::Last),
    ("poison", Status::Poison),
    ("shield", Status::Shield),
];

/// The stats a Buff or Debuff changes ("the Hit DMG Dealt Buff").
const BUFFED: [(&str, Stat); 6] = [
    ("atk", Stat::Atk),
    ("def", Stat::Def),
    ("mp", Stat::Mp),
    ("ra", Stat::Range),
    ("psh", Stat::Push),
    ("hit_dmg_dealt", Stat::ExtraDamage),
];

/// Per-skill counters by skill number.
const SKILL_USE: [&str; 3] = ["skill_1_use", "skill_2_use", "skill_3_use"];
const SKILL_TIME: [&str; 3] = ["skill_1_time", "skill_2_time", "skill_3_time"];

/// The ally's once-per-turn flags.
const FLAGS: [&str; 4] = ["moved", "hit", "pushed", "used_skill"];

/// The most AP a position may give when the `ap_cap` option is off (no cap
/// is stated, RZ §6.5: a bound against typos).
const AP_MAX: i64 = 999;

/// The ways a Push Tile faces, as [`DIRS`] orders them.
const FACING: [&str; 8] = ["n", "ne", "e", "se", "s", "sw", "w", "nw"];

/// What a position names that is settled only once every card is placed
/// (slots and cells, the ally's flags, Tiles, the timeline position).
#[derive(Clone, Debug, Default)]
pub struct Placing {
    slot: Vec<(u16, usize)>,
    cell: Vec<(u16, u8)>,
    flags: Vec<(u16, &'static str)>,
    tiles: Vec<Tile>,
    /// Summons: owner, which Summon, cell.
    summons: Vec<(usize, usize, u8)>,
    /// Which of its timeline turn's two turns the seat to act plays
    /// (`None`: as the Speed Rule orders them).
    half: Option<u8>,
}

/// The placing under way: the first call takes what the deal left off the
/// per-card numbers and gives every placed card its printed ones.
fn placing<'s>(r: &Rizontical, st: &'s mut State) -> &'s mut Placing {
    if st.placing.is_none() {
        prime(r, st);
    }
    st.placing.get_or_insert_with(Box::default)
}

/// Every placed card as it arrives: a Fighter with its printed HP, Mana
/// and skill Use and Time, a Power with its printed Use and Time. The
/// board, slots and Tiles the deal made are cleared (the counters are not:
/// they may already be set).
fn prime(r: &Rizontical, st: &mut State) {
    super::turn::clear_cards(st);
    st.dummy_reserve = 0;
    super::turn::clear_action(st);
    for p in 0..2 {
        for &c in st.core.zones.get(z(p, Zone::Fighters)) {
            let f = r.fighter(st, c);
            let i = usize::from(c);
            st.hp[i] = f.hp.max(1);
            st.mana[i] = f.mana;
            for (k, s) in f.skills.iter().take(3).enumerate() {
                st.skill_uses[i][k] = s.uses;
                st.skill_time[i][k] = s.time;
            }
        }
        for &c in st.core.zones.get(z(p, Zone::Powers)) {
            if let Some(pw) = r.def(c).power() {
                st.uses[usize::from(c)] = pw.uses;
                st.time[usize::from(c)] = pw.time;
            }
        }
    }
}

/// The zone of player `p` a position names `name`: the zone's own name or
/// the rulebook's word for it.
pub fn zone_named(p: usize, name: &str) -> Option<Z> {
    let zone = match name {
        "numen_zone" => Zone::Numen,
        "fighter_slots" | "board" => Zone::Fighters,
        "powers" => Zone::Powers,
        _ => return Z::all().find(|zn| zn.player() == p && key_of(zn.name()) == name),
    };
    Some(z(p, zone))
}

pub fn counters(st: &State, p: usize) -> Vec<(&'static str, i64)> {
    let mut out = vec![
        ("ap", i64::from(st.ap[p])),
        ("souls", i64::from(st.souls[p])),
        ("legendary_marker", i64::from(st.legendary_used[p])),
        ("unique_marker", i64::from(st.unique_used[p])),
    ];
    for (s, name) in ULTIMATE.iter().enumerate() {
        out.push((name, i64::from(st.ultimate[p][s])));
    }
    out.push(("conjuration_used", i64::from(st.conjured[p])));
    out.push(("first_time_each_round", i64::from(st.first_hit_done[p])));
    out
}

pub fn set_counter(
    r: &Rizontical,
    st: &mut State,
    p: usize,
    name: &str,
    value: i64,
) -> Result<(), String> {
    let flag = |value: i64| fit::<u8>(name, value, 0, 1).map(|v| v == 1);
    match name {
        "ap" => {
            let cap = match r.options.ap_cap {
                0 => AP_MAX,
                c => i64::from(c),
            };
            st.ap[p] = fit(name, value, 0, cap)?;
        }
        // 6 Souls win the duel: a duel under way has fewer
        "souls" => {
            st.souls[p] = fit(name, value, 0, i64::from(r.setup.souls_to_win) - 1)?;
        }
        "legendary_marker" => st.legendary_used[p] = flag(value)?,
        "unique_marker" => st.unique_used[p] = flag(value)?,
        "conjuration_used" => st.conjured[p] = flag(value)?,
        "first_time_each_round" => st.first_hit_done[p] = flag(value)?,
        _ => match ULTIMATE.iter().position(|n| *n == name) {
            Some(s) => st.ultimate[p][s] = flag(value)?,
            None => return Err(unknown_counter(name, &counters(st, p))),
        },
    }
    Ok(())
}

/// Whether Fighter `c` is the ally playing its turn.
fn current_ally(st: &State, c: u16) -> bool {
    st.phase == Phase::Turn && st.slots[st.core.active][usize::from(st.step)] == c
}

/// The Fighter a seat's Push Tiles are written on: the one in its lowest
/// slot.
fn tile_bearer(st: &State, p: usize) -> u16 {
    st.slots[p]
        .iter()
        .copied()
        .find(|&e| e != NONE)
        .unwrap_or(NONE)
}

/// A card's state beyond its zone (see the module docs).
pub fn card_state(r: &Rizontical, st: &State, c: u16) -> Vec<(&'static str, Value)> {
    let mut out = Vec::new();
    let i = usize::from(c);
    if r.is_dummy(c) || i >= st.uses.len() {
        return out;
    }
    let p = r.owner(c);
    if st.core.zones.contains(z(p, Zone::Fighters), c) && st.cell[i] != NO_CELL {
        let f = r.fighter(st, c);
        if let Some((_, s)) = r.slot_of(st, c) {
            out.push(("slot", json!(s + 1)));
        }
        out.push(("cell", json!(label(st.cell[i]))));
        if st.hp[i] != f.hp.max(1) {
            out.push(("hp", json!(st.hp[i])));
        }
        if st.mana[i] != f.mana {
            out.push(("mana", json!(st.mana[i])));
        }
        if st.protection[i] != 0 {
            out.push(("protection", json!(st.protection[i])));
        }
        let (statuses, buffs, debuffs) = conditions(st, c);
        if !statuses.is_empty() {
            out.push(("statuses", json!(statuses)));
        }
        if !buffs.is_empty() {
            out.push(("buffs", Value::Object(buffs)));
        }
        if !debuffs.is_empty() {
            out.push(("debuffs", Value::Object(debuffs)));
        }
        for (k, s) in f.skills.iter().take(3).enumerate() {
            if s.uses > 0 && st.skill_uses[i][k] != s.uses {
                out.push((SKILL_USE[k], json!(st.skill_uses[i][k])));
            }
            if s.time > 0 && st.skill_time[i][k] != s.time {
                out.push((SKILL_TIME[k], json!(st.skill_time[i][k])));
            }
        }
        if current_ally(st, c) {
            for (name, on) in FLAGS.iter().zip([st.moved, st.hit, st.pushed, st.skilled]) {
                if on {
                    out.push((name, json!(true)));
                }
            }
        }
        if tile_bearer(st, p) == c {
            let tiles: Vec<Value> = st
                .tiles
                .iter()
                .filter(|t| usize::from(t.owner) == p)
                .map(|t| {
                    let way = DIRS.iter().position(|d| *d == t.dir).unwrap_or(0);
                    json!({"cell": label(t.cell), "facing": FACING[way]})
                })
                .collect();
            if !tiles.is_empty() {
                out.push(("push_tiles", Value::Array(tiles)));
            }
            let summons: Vec<Value> = r
                .summons_of(st, p)
                .map(|e| json!({"summon": r.name_of(e), "cell": label(st.cell[usize::from(e)])}))
                .collect();
            if !summons.is_empty() {
                out.push(("summons", Value::Array(summons)));
            }
        }
    } else if st.core.zones.contains(z(p, Zone::Powers), c)
        && let Some(pw) = r.def(c).power()
    {
        if pw.uses > 0 && st.uses[i] != pw.uses {
            out.push(("use", json!(st.uses[i])));
        }
        if pw.time > 0 && st.time[i] != pw.time {
            out.push(("time", json!(st.time[i])));
        }
        if st.aura_on[i] != NONE {
            out.push(("on", json!(r.name_of(st.aura_on[i]))));
        }
        if st.used_this_turn[i] {
            out.push(("used_this_turn", json!(true)));
        }
    }
    out
}

/// The conditions Fighter `c` holds: its statuses, Buffs and Debuffs (the
/// sum of its lasting stat changes of each sign).
fn conditions(st: &State, c: u16) -> (Vec<&'static str>, Map<String, Value>, Map<String, Value>) {
    let mut statuses = Vec::new();
    let mut sums = [[0i64; 2]; BUFFED.len()];
    for l in st
        .core
        .lasting
        .iter()
        .filter(|l| l.holder == Holder::Card(c))
    {
        match l.change {
            // two copies of one status are shown as two: the rules allow one
            Change::Status(s) => {
                if let Some((name, _)) = STATUSES.iter().find(|(_, x)| *x == s) {
                    statuses.push(*name);
                }
            }
            Change::Stat { stat, delta } => {
                if let Some(k) = BUFFED.iter().position(|(_, s)| *s == stat) {
                    sums[k][usize::from(delta < 0)] += i64::from(delta);
                }
            }
            Change::Keyword { .. } => {}
        }
    }
    statuses.sort_by_key(|n| STATUSES.iter().position(|(x, _)| x == n));
    let mut buffs = Map::new();
    let mut debuffs = Map::new();
    for (k, (name, _)) in BUFFED.iter().enumerate() {
        if sums[k][0] != 0 {
            buffs.insert((*name).into(), json!(sums[k][0]));
        }
        if sums[k][1] != 0 {
            debuffs.insert((*name).into(), json!(-sums[k][1]));
        }
    }
    (statuses, buffs, debuffs)
}

/// A cell as the move labels write it ("d2").
pub fn parse_cell(s: &str) -> Option<u8> {
    let s = s.trim().to_ascii_lowercase();
    let mut chars = s.chars();
    let col = chars.next()?;
    let row: i16 = chars.as_str().parse().ok()?;
    if !col.is_ascii_lowercase() {
        return None;
    }
    cell_at(row - 1, i16::from(col as u8 - b'a'))
}

fn cell_value(key: &str, value: &Value) -> Result<u8, String> {
    let s = value
        .as_str()
        .ok_or_else(|| format!("`{key}` takes a cell as the move labels write it, like \"d2\""))?;
    parse_cell(s).ok_or_else(|| {
        format!(
            "`{key}`: \"{s}\" is not a cell of the 8x8 board (columns a-h, rows 1-{SIZE}, like \"d2\")"
        )
    })
}

fn int(key: &str, value: &Value) -> Result<i64, String> {
    value
        .as_i64()
        .ok_or_else(|| format!("`{key}` takes a number"))
}

fn flag(key: &str, value: &Value) -> Result<bool, String> {
    value
        .as_bool()
        .ok_or_else(|| format!("`{key}` takes true or false"))
}

/// A condition that lasts while its Fighter stays in play.
fn condition(st: &mut State, c: u16, change: Change) {
    st.core
        .lasting
        .add(Holder::Card(c), change, Until::SourceLeaves, c);
}

pub fn set_card_state(
    r: &Rizontical,
    st: &mut State,
    c: u16,
    key: &str,
    value: &Value,
    card: &dyn Fn(&str) -> Option<u16>,
) -> Result<(), String> {
    placing(r, st);
    let p = r.owner(c);
    match st.core.zones.zone_of(c).map(|zn| zn.pile) {
        Some(Zone::Fighters) => fighter_state(r, st, c, key, value),
        Some(Zone::Powers) => power_state(r, st, c, key, value, card),
        Some(zn) => Err(format!(
            "a card in the {} takes no state (Fighters deployed and Powers on the Power slots do)",
            key_of(z(p, zn).name())
        )),
        None => Err("the card is in no zone (an engine defect)".into()),
    }
}

fn fighter_state(
    r: &Rizontical,
    st: &mut State,
    c: u16,
    key: &str,
    value: &Value,
) -> Result<(), String> {
    let i = usize::from(c);
    let f = r.fighter(st, c).clone();
    match key {
        "slot" => {
            let s: usize = fit(key, int(key, value)?, 1, SLOTS as i64)?;
            placing(r, st).slot.push((c, s - 1));
        }
        "cell" => {
            let cell = cell_value(key, value)?;
            placing(r, st).cell.push((c, cell));
        }
        // "HP can't be gained, only restored through heals"
        "hp" => st.hp[i] = fit(key, int(key, value)?, 1, i64::from(f.hp.max(1)))?,
        "mana" => st.mana[i] = fit(key, int(key, value)?, 0, i64::from(f.mana))?,
        "protection" => {
            st.protection[i] = fit(key, int(key, value)?, 0, i64::from(COUNTER_CAP))?;
        }
        "statuses" => {
            let list = value
                .as_array()
                .ok_or("`statuses` takes a list of status names, like [\"poison\"]")?;
            for v in list {
                let name = v.as_str().unwrap_or_default();
                let &(_, s) = STATUSES.iter().find(|(n, _)| *n == name).ok_or_else(|| {
                    format!(
                        "\"{name}\" is not a status (the statuses: {})",
                        STATUSES.map(|(n, _)| n).join(", ")
                    )
                })?;
                if st.core.lasting.has_status(Holder::Card(c), s) {
                    return Err(format!(
                        "a Fighter can't have more than one copy of the same condition ({name})"
                    ));
                }
                condition(st, c, Change::Status(s));
            }
        }
        "buffs" | "debuffs" => {
            let m = value.as_object().ok_or_else(|| {
                format!("`{key}` takes a table of values, like {{ hit_dmg_dealt = 5 }}")
            })?;
            for (name, v) in m {
                let &(_, stat) = BUFFED.iter().find(|(n, _)| n == name).ok_or_else(|| {
                    format!(
                        "a {} changes no `{name}` (it changes: {}; Speed, Weakness and Resistance can't change)",
                        &key[..key.len() - 1],
                        BUFFED.map(|(n, _)| n).join(", ")
                    )
                })?;
                // "Buff & Debuff maximum value is 6"
                let n: i8 = fit(name, int(name, v)?, 1, i64::from(COUNTER_CAP))?;
                let delta = if key == "buffs" { n } else { -n };
                condition(st, c, Change::Stat { stat, delta });
            }
        }
        "push_tiles" => {
            let list = value
                .as_array()
                .ok_or("`push_tiles` takes a list like [{ cell = \"d4\", facing = \"n\" }]")?;
            for t in list {
                let cell = cell_value("cell", t.get("cell").unwrap_or(&Value::Null))?;
                let facing = t.get("facing").and_then(Value::as_str).unwrap_or_default();
                let way = FACING.iter().position(|f| *f == facing).ok_or_else(|| {
                    format!(
                        "a Push Tile faces one of {} (n: towards row 8), not \"{facing}\"",
                        FACING.join(", ")
                    )
                })?;
                placing(r, st).tiles.push(Tile {
                    cell,
                    owner: r.owner(c) as u8,
                    dir: DIRS[way],
                    touched: 0,
                });
            }
        }
        "summons" => {
            let list = value
                .as_array()
                .ok_or("`summons` takes a list like [{ summon = \"Wisp\", cell = \"d4\" }]")?;
            for t in list {
                let cell = cell_value("cell", t.get("cell").unwrap_or(&Value::Null))?;
                let named = t.get("summon").and_then(Value::as_str).unwrap_or_default();
                let kind = r.summon_named(named).ok_or_else(|| {
                    if r.summons.is_empty() {
                        format!("no card in play summons \"{named}\" (no card here makes a Summon)")
                    } else {
                        format!(
                            "no card in play summons \"{named}\" (the Summons here: {})",
                            r.summons.join(", ")
                        )
                    }
                })?;
                placing(r, st).summons.push((r.owner(c), kind, cell));
            }
        }
        _ => {
            if let Some(k) = SKILL_USE.iter().position(|n| *n == key) {
                f.skills
                    .get(k)
                    .filter(|s| s.uses > 0)
                    .ok_or_else(|| format!("{}'s skill {} has no Use counter", f.name, k + 1))?;
                st.skill_uses[i][k] = fit(key, int(key, value)?, 0, i64::from(COUNTER_CAP))?;
            } else if let Some(k) = SKILL_TIME.iter().position(|n| *n == key) {
                f.skills
                    .get(k)
                    .filter(|s| s.time > 0)
                    .ok_or_else(|| format!("{}'s skill {} has no Time counter", f.name, k + 1))?;
                st.skill_time[i][k] = fit(key, int(key, value)?, 0, i64::from(COUNTER_CAP))?;
            } else if let Some(&name) = FLAGS.iter().find(|n| **n == key) {
                if flag(key, value)? {
                    placing(r, st).flags.push((c, name));
                }
            } else {
                let mut known = vec![
                    "slot",
                    "cell",
                    "hp",
                    "mana",
                    "protection",
                    "statuses",
                    "buffs",
                    "debuffs",
                    "push_tiles",
                    "summons",
                ];
                known.extend(SKILL_USE);
                known.extend(SKILL_TIME);
                known.extend(FLAGS);
                return Err(format!(
                    "a deployed Fighter has no state `{key}` (it takes: {})",
                    known.join(", ")
                ));
            }
        }
    }
    Ok(())
}

fn power_state(
    r: &Rizontical,
    st: &mut State,
    c: u16,
    key: &str,
    value: &Value,
    card: &dyn Fn(&str) -> Option<u16>,
) -> Result<(), String> {
    let i = usize::from(c);
    let name = r.name_of(c).to_string();
    let Some(pw) = r.def(c).power() else {
        return Err(format!("{name} is not a Power"));
    };
    match key {
        "use" => {
            if pw.uses == 0 {
                return Err(format!("{name} has no Use counter"));
            }
            let cap = i64::from(pw.uses).max(i64::from(COUNTER_CAP));
            st.uses[i] = fit(key, int(key, value)?, 0, cap)?;
        }
        "time" => {
            if pw.time == 0 {
                return Err(format!("{name} has no Time counter"));
            }
            // "The Power is sent to the void once its Time reaches 0"
            let cap = i64::from(pw.time).max(i64::from(COUNTER_CAP));
            st.time[i] = fit(key, int(key, value)?, 1, cap)?;
        }
        "on" => {
            if pw.category != Category::Aura {
                return Err(format!(
                    "{name} is not an Aura: it is assigned to no Fighter"
                ));
            }
            let target = value.as_str().ok_or(
                "`on` takes the name of a deployed Fighter (its own seat's, else the other's)",
            )?;
            st.aura_on[i] =
                card(target).ok_or_else(|| format!("no card named \"{target}\" is placed"))?;
        }
        "used_this_turn" => {
            if matches!(pw.category, Category::Normal | Category::Trigger) {
                return Err(format!(
                    "{name} stays on no Power slot to use a \"Once per turn\" ability"
                ));
            }
            st.used_this_turn[i] = flag(key, value)?;
        }
        _ => {
            return Err(format!(
                "a Power on a Power slot has no state `{key}` (it takes: use, time, on, used_this_turn)"
            ));
        }
    }
    Ok(())
}

/// Reads the phase a position names (settled by [`settle`]).
pub fn set_phase(r: &Rizontical, st: &mut State, phase: Option<&str>) -> Result<(), String> {
    let name = phase.unwrap_or("turn_1");
    let bad = || {
        format!(
            "Rizontical has no phase `{name}` a position can start in (its phases: {})",
            PHASES.join(", ")
        )
    };
    let (kind, rest) = name.split_once('_').ok_or_else(bad)?;
    let (k, half) = match rest.split_once('_') {
        Some((k, "first")) => (k, Some(0)),
        Some((k, "second")) => (k, Some(1)),
        Some(_) => return Err(bad()),
        None => (rest, None),
    };
    let step = match k {
        "1" => 0,
        "2" => 1,
        "3" => 2,
        "4" => 3,
        _ => return Err(bad()),
    };
    st.step = step;
    st.phase = match (kind, half) {
        ("turn", _) => Phase::Turn,
        ("bonus", None) => Phase::Bonus {
            p: st.core.active as u8,
        },
        _ => return Err(bad()),
    };
    placing(r, st).half = half;
    Ok(())
}

/// The phase as a position names it.
pub fn phase_name(st: &State) -> String {
    let k = st.step + 1;
    match st.phase {
        Phase::Turn if st.half == 0 => format!("turn_{k}_first"),
        Phase::Turn => format!("turn_{k}_second"),
        Phase::Bonus { .. } => format!("bonus_{k}"),
        Phase::Mulligan { .. } => "mulligan".into(),
        Phase::Setup { .. } => "setup".into(),
        Phase::Over => "over".into(),
    }
}

/// The cell a Fighter in `slot` takes when the position names none: the
/// middle of its owner's front Deploy Zone row (d2, e2, c2, f2 for seat a),
/// or the nearest free cell of that row.
fn default_cell(r: &Rizontical, st: &State, p: usize, slot: usize) -> Option<u8> {
    let rows = r.options.deploy_rows as i16;
    let row = if p == 0 {
        rows - 1
    } else {
        i16::from(SIZE) - rows
    };
    let col = [3, 4, 2, 5][slot % SLOTS];
    (0..i16::from(SIZE))
        .filter_map(|c| cell_at(row, c))
        .filter(|&c| st.board[usize::from(c)] == NONE)
        .min_by_key(|&c| ((rc(c).1 - col).abs(), c))
}

/// What kind of card a zone holds.
fn fits(r: &Rizontical, zone: Zone, c: u16) -> bool {
    match r.def(c) {
        Def::Numen(_) => zone == Zone::Numen,
        Def::Fighter(_) => matches!(zone, Zone::FighterDeck | Zone::Fighters | Zone::FighterVoid),
        Def::Power(_) => matches!(
            zone,
            Zone::PowerDeck | Zone::Hand | Zone::Powers | Zone::PowerVoid
        ),
        Def::Blank => true,
    }
}

/// Checks a placed position against the rules' limits and works out what
/// follows from it: Fighters on their slots and cells, Tiles, the timeline
/// (who plays which turn, the first turn's no-DMG rule), the round.
pub fn settle(r: &Rizontical, st: &mut State) -> Result<(), String> {
    placing(r, st);
    let placing = *st.placing.take().unwrap_or_default();
    let name = |c: u16| r.name_of(c).to_string();
    for p in 0..2 {
        let seat = seat_name(p);
        for zn in Z::all().filter(|zn| zn.player() == p) {
            for &c in st.core.zones.get(zn) {
                if !fits(r, zn.pile, c) {
                    return Err(format!(
                        "seat {seat}: {} can't lie in the {} zone",
                        name(c),
                        key_of(zn.name())
                    ));
                }
            }
        }
        if st.core.zones.len(z(p, Zone::Numen)) > 1 {
            return Err(format!("seat {seat} has more than one Numen"));
        }
        let fighters = st.core.zones.get(z(p, Zone::Fighters)).to_vec();
        if fighters.len() > SLOTS {
            return Err(format!(
                "seat {seat} has {} Fighters deployed; it has {SLOTS} Fighter slots",
                fighters.len()
            ));
        }
        if fighters.is_empty() {
            return Err(format!(
                "seat {seat} has no Fighter on the board: the duel would be over"
            ));
        }
        let powers = st.core.zones.len(z(p, Zone::Powers));
        if powers > r.options.power_slots as usize {
            return Err(format!(
                "seat {seat} has {powers} Powers on its Power slots; it has {}",
                r.options.power_slots
            ));
        }
        // slots: the named ones, then the first free one in listing order
        for &(c, s) in placing.slot.iter().filter(|(c, _)| r.owner(*c) == p) {
            if st.slots[p][s] != NONE {
                return Err(format!(
                    "seat {seat}: {} and {} are both in slot {}",
                    name(st.slots[p][s]),
                    name(c),
                    s + 1
                ));
            }
            st.slots[p][s] = c;
        }
        for &c in &fighters {
            if !st.slots[p].contains(&c) {
                #[allow(
                    clippy::expect_used,
                    reason = "a seat has at most 4 Fighters and 4 slots"
                )]
                let s = st.slots[p]
                    .iter()
                    .position(|&e| e == NONE)
                    .expect("at most 4 Fighters");
                st.slots[p][s] = c;
            }
        }
    }
    // cells: the named ones, then the defaults
    for &(c, cell) in &placing.cell {
        let there = st.board[usize::from(cell)];
        if there != NONE {
            return Err(format!(
                "{} and {} are both on {}",
                name(there),
                name(c),
                label(cell)
            ));
        }
        r.place(st, c, cell);
    }
    for p in 0..2 {
        for s in 0..SLOTS {
            let c = st.slots[p][s];
            if c != NONE && st.cell[usize::from(c)] == NO_CELL {
                let cell = default_cell(r, st, p, s).ok_or_else(|| {
                    format!(
                        "no free cell on seat {}'s front row for {}: give it a `cell`",
                        seat_name(p),
                        name(c)
                    )
                })?;
                r.place(st, c, cell);
            }
        }
    }
    settle_cards(r, st)?;
    // Push Tiles: one per cell, at most 4 per player
    for t in &placing.tiles {
        if r.tile_at(st, t.cell).is_some() {
            return Err(format!("two Push Tiles on {}", label(t.cell)));
        }
        if st.tiles.iter().filter(|x| x.owner == t.owner).count() >= MAX_TILES {
            return Err(format!(
                "seat {} has more than {MAX_TILES} Push Tiles",
                seat_name(usize::from(t.owner))
            ));
        }
        st.tiles.push(*t);
    }
    // Summons: on empty cells, at most 4 of one Summon per player
    for &(p, kind, cell) in &placing.summons {
        let there = st.board[usize::from(cell)];
        if there != NONE {
            return Err(format!(
                "{} and a Summon are both on {}",
                name(there),
                label(cell)
            ));
        }
        let id = (0..super::MAX_SUMMONS)
            .map(|k| r.summon_id(p, kind, k))
            .find(|&id| st.cell[usize::from(id)] == NO_CELL)
            .ok_or_else(|| {
                format!(
                    "seat {} has more than {} {} deployed",
                    seat_name(p),
                    super::MAX_SUMMONS,
                    r.summons[kind]
                )
            })?;
        st.hp[usize::from(id)] = r.summon_fighter.hp;
        r.place(st, id, cell);
    }
    settle_timeline(r, st, placing.half)?;
    for &(c, flag) in &placing.flags {
        if !current_ally(st, c) {
            return Err(format!(
                "{} is not the ally playing its turn: only that Fighter has `{flag}`",
                name(c)
            ));
        }
        match flag {
            "moved" => st.moved = true,
            "hit" => st.hit = true,
            "pushed" => st.pushed = true,
            _ => st.skilled = true,
        }
    }
    Ok(())
}

/// Auras on Fighters of their seat; conditions within their limits.
fn settle_cards(r: &Rizontical, st: &State) -> Result<(), String> {
    for p in 0..2 {
        for &c in st.core.zones.get(z(p, Zone::Powers)) {
            let Some(pw) = r.def(c).power() else { continue };
            let on = st.aura_on[usize::from(c)];
            // "Aura Powers are assigned to a Fighter": either seat's
            if pw.category == Category::Aura
                && (on == NONE || !(0..2).any(|q| st.core.zones.contains(z(q, Zone::Fighters), on)))
            {
                return Err(format!(
                    "{} is an Aura on the Power slots: it needs `on`, a deployed Fighter",
                    r.name_of(c)
                ));
            }
        }
        let mut invincible = 0;
        for &c in st.core.zones.get(z(p, Zone::Fighters)) {
            let (statuses, buffs, debuffs) = conditions(st, c);
            let n = statuses.len() + buffs.len() + debuffs.len();
            if n > MAX_CONDITIONS {
                return Err(format!(
                    "{} has {n} conditions: a Fighter can have a maximum of {MAX_CONDITIONS}",
                    r.name_of(c)
                ));
            }
            invincible += usize::from(statuses.contains(&"invincible"));
        }
        if invincible > 1 {
            return Err(format!(
                "seat {} has {invincible} Invincible Fighters (Maximum: 1 copy per player)",
                seat_name(p)
            ));
        }
    }
    Ok(())
}

/// The round and the timeline turn: who plays which of its two turns, the
/// player who played last, the first turn's no-DMG rule.
fn settle_timeline(r: &Rizontical, st: &mut State, half: Option<u8>) -> Result<(), String> {
    let p = st.core.active;
    let q = other(p);
    let round = st.core.turns[p];
    if round == 0 || round > r.max_turns {
        return Err(format!(
            "`turn` is the round: 1 to {} (the engine's round limit)",
            r.max_turns
        ));
    }
    let first_turn = round == 1 && st.step == 0;
    match st.phase {
        Phase::Bonus { .. } => {
            if first_turn {
                return Err(
                    "bonus_1 in round 1: no turn was played before the game's first".into(),
                );
            }
            // the other seat played the last turn and plays the next
            st.half = 0;
            st.order = [q as u8, p as u8];
            st.last_player = q as u8;
        }
        _ => {
            let half = match half {
                Some(h) => h,
                None => {
                    let mut probe = st.clone();
                    let first = super::turn::speed_rule(r, &mut probe, usize::from(st.step));
                    u8::from(first != p)
                }
            };
            st.half = half;
            st.order = if half == 0 {
                [p as u8, q as u8]
            } else {
                [q as u8, p as u8]
            };
            st.last_player = if first_turn && half == 0 {
                NOBODY as u8
            } else {
                q as u8
            };
        }
    }
    st.no_damage = st.phase == Phase::Turn && first_turn && st.half == 0;
    st.round = round;
    st.core.turns = [round, round];
    while st.core.trace.turns.len() < usize::from(round) {
        st.core.trace.open_turn();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use super::*;
    use crate::engine::DeckCards;
    use crate::engine::core::{Seat, Viewer};
    use crate::engine::game::{Level, Rules};
    use crate::engine::rizontical::CELLS;
    use crate::engine::session::DeckSide;
    use crate::model::Catalog;
    use crate::scenario;

    fn repo(rel: &str) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)
    }

    fn catalog(path: &Path) -> Catalog {
        crate::catalog::load(path).unwrap().catalog
    }

    /// The state JSON without its log (a position starts with none).
    fn without_log(mut v: Value) -> Value {
        v.as_object_mut().unwrap().remove("log");
        v
    }

    /// `state` written as a scenario (its catalog `catalog_name`, beside
    /// `file`) and set up again reads as the same state.
    fn assert_round_trip(state: &Value, file: &Path, catalog_name: &str, cat: &Catalog) {
        let text = scenario::write(state, Path::new(catalog_name), 7);
        let sc = scenario::parse(file, &text).unwrap_or_else(|d| panic!("{d}\n{text}"));
        let scene = scenario::start(&sc, cat).unwrap_or_else(|d| panic!("{d}\n{text}"));
        assert_eq!(
            without_log(scene.view(Viewer::All)),
            without_log(state.clone()),
            "{text}"
        );
    }

    #[test]
    fn cells_read_as_the_move_labels_write_them() {
        for c in 0..CELLS as u8 {
            assert_eq!(parse_cell(&label(c)), Some(c));
        }
        assert_eq!(parse_cell("d2"), Some(8 + 3));
        assert_eq!(parse_cell("i1"), None);
        assert_eq!(parse_cell("a9"), None);
        assert_eq!(parse_cell("a0"), None);
        assert_eq!(parse_cell(""), None);
        assert_eq!(parse_cell("2d"), None);
    }

    /// Every kind of state a position names, placed, played a little, and
    /// each state written back as a scenario: the same state JSON.
    #[test]
    fn a_written_position_reads_back_as_the_same_state() {
        let file = repo("tests/scenarios/rizontical/round-trip.toml");
        let text = r#"
game = "rizontical"
catalog = "cards.toml"
seed = 3
turn = 3
first = "b"
active = "a"
phase = "turn_2_second"

[seat.a]
ap = 7
souls = 2
legendary_marker = 1
unique_marker = 1
ultimate_marker_3 = 1
conjuration_used = 1
first_time_each_round = 1
numen = ["Karnoth the Ember Judge"]
fighter_deck = ["Poe", "Grumbo"]
hand = ["Mending Light", "Aether Surge"]
power_deck = ["Cascade of Power", "Stone Skin"]
power_slots = [
  { card = "Well of Echoes", use = 1, used_this_turn = true },
  { card = "Hasted", on = "Mya", time = 2 },
  "Counter Sigil",
  { card = "Watchtower", time = 3 },
]
power_void = ["Tear in Time"]
fighters = [
  { card = "Tarq", slot = 1, cell = "c4", skill_2_time = 1, statuses = ["burned", "last"],
    buffs = { atk = 2 }, debuffs = { def = 1 } },
  { card = "Mya", slot = 2, cell = "d4", hp = 3, mana = 1, protection = 2, moved = true,
    hit = true, pushed = true, used_skill = true,
    push_tiles = [{ cell = "e5", facing = "n" }, { cell = "b2", facing = "w" }] },
  { card = "Lyss", cell = "f3", skill_2_use = 1, buffs = { hit_dmg_dealt = 5 } },
]
fighter_void = ["Zill"]

[seat.b]
ap = 2
souls = 4
numen = ["Humlae"]
hand = ["Ember Field"]
power_slots = [{ card = "Venom Fang", on = "Defecator", use = 2 }]
fighters = [
  { card = "Defecator", slot = 4, cell = "d6", statuses = ["invincible", "poison"] },
  { card = "Kain", slot = 2, cell = "h8", statuses = ["shield", "first"] },
  { card = "Aaro", slot = 1, cell = "a8", debuffs = { hit_dmg_dealt = 2 } },
]
fighter_void = ["Nessa"]
power_void = ["Akasha Root"]

[[move]]
move = "End turn"

[[move]]
move = "Take no bonus action"
"#;
        let sc = scenario::parse(&file, text).unwrap();
        let cat = catalog(&sc.catalog);
        let scene = scenario::start(&sc, &cat).unwrap();
        let played = scenario::play(&sc, scene, Viewer::All).unwrap();
        let first = &played.states[0];
        assert_eq!(first["phase"], "turn_2_second");
        assert_eq!(first["turn"], 3);
        // a seat's Tiles are written on its Fighter in the lowest slot
        assert_eq!(
            first["seats"]["a"]["zones"]["fighters"][0]["push_tiles"][1],
            json!({"cell": "b2", "facing": "w"})
        );
        assert_eq!(
            first["seats"]["a"]["zones"]["fighters"][2]["slot"], 3,
            "the first free slot"
        );
        let phases: Vec<&str> = played
            .states
            .iter()
            .map(|s| s["phase"].as_str().unwrap())
            .collect();
        assert_eq!(phases, ["turn_2_second", "bonus_3", "turn_3_first"]);
        for state in &played.states {
            assert_round_trip(state, &file, "cards.toml", &cat);
        }
    }

    /// A position the rules cannot reach is refused, saying why.
    #[test]
    fn impossible_positions_are_refused() {
        let file = repo("tests/scenarios/rizontical/refused.toml");
        let cases: &[(&str, &str, &str)] = &[
            (
                r#"fighters = [{ card = "Kain", cell = "d2" }, { card = "Poe", cell = "d2" }]"#,
                "",
                "Kain and Poe are both on d2",
            ),
            (
                r#"fighters = ["Kain", "Poe", "Nessa", "Lyss", "Tarq"]"#,
                "",
                "5 Fighters deployed; it has 4 Fighter slots",
            ),
            (
                r#"fighters = [{ card = "Kain", cell = "i9" }]"#,
                "",
                "\"i9\" is not a cell of the 8x8 board",
            ),
            (
                r#"fighters = ["Kain"]
power_slots = ["Watchtower", "Akasha Root", "Well of Echoes", "Ember Field", "Counter Sigil"]"#,
                "",
                "5 Powers on its Power slots; it has 4",
            ),
            (
                r#"fighters = [{ card = "Kain", slot = 2 }, { card = "Poe", slot = 2 }]"#,
                "",
                "Kain and Poe are both in slot 2",
            ),
            (
                r#"fighters = ["Kain"]
hand = ["Poe"]"#,
                "",
                "Poe can't lie in the hand zone",
            ),
            (
                r#"fighters = ["Kain"]
power_slots = ["Stone Skin"]"#,
                "",
                "Stone Skin is an Aura on the Power slots: it needs `on`",
            ),
            (
                r#"fighters = [{ card = "Kain", statuses = ["burned", "last", "poison"],
  buffs = { atk = 1 }, debuffs = { def = 1 } }]"#,
                "",
                "Kain has 5 conditions",
            ),
            (
                r#"fighters = [{ card = "Kain", statuses = ["poison", "poison"] }]"#,
                "",
                "more than one copy of the same condition",
            ),
            (
                r#"fighters = [{ card = "Kain", statuses = ["invincible"] }, { card = "Poe", statuses = ["invincible"] }]"#,
                "",
                "2 Invincible Fighters",
            ),
            (
                r#"fighters = [{ card = "Kain", hp = 7 }]"#,
                "",
                "`hp` must be between 1 and 6",
            ),
            (
                r#"fighters = [{ card = "Kain", buffs = { speed = 1 } }]"#,
                "",
                "Speed, Weakness and Resistance can't change",
            ),
            (
                r#"fighters = [{ card = "Kain", buffs = { atk = 7 } }]"#,
                "",
                "`atk` must be between 1 and 6",
            ),
            (
                r#"fighters = ["Kain"]
souls = 6"#,
                "",
                "`souls` must be between 0 and 5",
            ),
            (
                r#"hand = ["Watchtower"]"#,
                "",
                "seat a has no Fighter on the board",
            ),
            (
                r#"fighters = ["Kain", { card = "Poe", moved = true }]"#,
                "",
                "Poe is not the ally playing its turn",
            ),
            (
                r#"fighters = ["Kain"]
power_slots = [{ card = "Watchtower", time = 0 }]"#,
                "",
                "`time` must be between 1 and 6",
            ),
            (
                r#"fighters = [{ card = "Kain", mood = 1 }]"#,
                "",
                "no state `mood` (it takes: slot, cell, hp",
            ),
            (
                r#"fighters = ["Kain"]
life = 3"#,
                "",
                "no counter `life` (its counters: ap, souls",
            ),
            (
                r#"fighters = ["Kain"]"#,
                r#"phase = "bonus_1""#,
                "bonus_1 in round 1",
            ),
            (
                r#"fighters = ["Kain"]"#,
                r#"phase = "turn_5""#,
                "no phase `turn_5`",
            ),
        ];
        for (seat_a, top, message) in cases {
            let text = format!(
                "game = \"rizontical\"\ncatalog = \"cards.toml\"\n{top}\n\
                 [seat.a]\n{seat_a}\n\n[seat.b]\nfighters = [\"Aaro\"]\n"
            );
            let sc = scenario::parse(&file, &text).unwrap();
            let cat = catalog(&sc.catalog);
            match scenario::start(&sc, &cat) {
                Ok(_) => panic!("placed:\n{text}"),
                Err(d) => assert!(
                    d.message.contains(message),
                    "{message:?} not in {:?}\n{text}",
                    d.message
                ),
            }
        }
    }

    /// RZ-D2, RZ-D3: a seat's cards come from "a Fighter Deck containing 8
    /// different Fighter cards" and "a Power Deck containing 30 different
    /// Power cards": a second copy of one, in any zone of the seat, is
    /// refused at its line. Each seat has its own decks: both may hold one.
    #[test]
    fn rz_d2_d3_two_copies_of_one_fighter_or_power_are_refused() {
        let file = repo("tests/scenarios/rizontical/refused.toml");
        let start = |seat_a: &str| {
            let text = format!(
                "game = \"rizontical\"\ncatalog = \"cards.toml\"\n\n\
                 [seat.a]\n{seat_a}\n\n[seat.b]\nfighters = [\"Kain\"]\nhand = [\"Watchtower\"]\n"
            );
            let sc = scenario::parse(&file, &text).unwrap();
            let cat = catalog(&sc.catalog);
            scenario::start(&sc, &cat).map(|_| ())
        };
        start("fighters = [\"Kain\"]\nhand = [\"Watchtower\"]").unwrap();
        let cases: &[(&str, usize, &str)] = &[
            (
                "fighters = [\"Kain\", \"Poe\"]\nfighter_deck = [\"Aaro\",\n  \"Kain\"]",
                7,
                "\"Kain\" is listed twice for seat a (first on line 5): a deck's Fighters are all different (RZ-D2)",
            ),
            (
                "fighters = [\"Kain\", { card = \"Kain\", cell = \"c2\" }]",
                5,
                "\"Kain\" is listed twice for seat a (first on line 5)",
            ),
            (
                "fighters = [\"Kain\"]\nhand = [\"Watchtower\"]\npower_void = [\"Watchtower\"]",
                7,
                "\"Watchtower\" is listed twice for seat a (first on line 6): a deck's Powers are all different (RZ-D3)",
            ),
        ];
        for &(seat_a, line, message) in cases {
            let e = start(seat_a).unwrap_err();
            assert_eq!(e.line, line, "{e}\n{seat_a}");
            assert!(e.message.contains(message), "{e}\n{seat_a}");
        }
    }

    /// States of games the computer plays, all through: each written as a
    /// scenario reads back as the same state JSON.
    #[test]
    fn positions_from_played_games_read_back() {
        let path = repo("resources/catalogs/rizontical.toml");
        let cat = catalog(&path);
        let deck = |names: &[&str]| DeckCards {
            cards: names
                .iter()
                .map(|n| cat.cards.iter().position(|c| c.name == *n).unwrap() as u16)
                .collect(),
        };
        let fighters = [
            "Zill",
            "Mya",
            "Aaro",
            "Fuq Yew",
            "Kain",
            "Defecator",
            "Poe",
            "Nessa",
            "Grumbo",
            "Lyss",
            "Tarq",
        ];
        let powers: Vec<&str> = cat
            .cards
            .iter()
            .filter(|c| c.card_type == "power")
            .map(|c| c.name.as_str())
            .collect();
        let mut a = vec!["Karnoth the Ember Judge"];
        a.extend(&fighters[..6]);
        a.extend(&powers);
        let mut b = vec!["Vessa of the Tides"];
        b.extend(&fighters[5..]);
        b.extend(&powers);
        let (da, db) = (deck(&a), deck(&b));
        let r = Rizontical::new(
            DeckSide {
                catalog: &cat,
                cards: &da,
            },
            Some(DeckSide {
                catalog: &cat,
                cards: &db,
            }),
            super::super::Options::read(&[]).unwrap(),
            30,
            &[],
        )
        .unwrap();
        let file = repo("resources/catalogs/round-trip.toml");
        let mut checked = 0;
        let mut legal = Vec::new();
        for seed in 1..=3u64 {
            let mut st = r.new_state();
            r.start(&mut st, seed, Seat::First);
            for step in 0..400 {
                if st.core.over() {
                    break;
                }
                if !matches!(st.phase, Phase::Mulligan { .. }) && step % 3 == 0 {
                    let state = crate::engine::position::state_json(&r, &st, Viewer::All);
                    assert_round_trip(&state, &file, "rizontical.toml", &cat);
                    checked += 1;
                }
                // the computer's move, or any legal one (more kinds of state)
                let a = if step % 2 == 0 {
                    r.policy(&st, Level::Quick)
                } else {
                    r.legal_actions(&st, &mut legal);
                    legal[(seed as usize * 31 + step * 17) % legal.len()]
                };
                r.apply(&mut st, a).unwrap();
            }
        }
        assert!(checked > 100, "{checked} states checked");
    }
}
