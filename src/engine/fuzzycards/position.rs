//! Fuzzycards positions (scenario files, `schema/scenario.md`): its
//! counters, per-card state and phases, and what each seat may see.
//!
//! Counters: `life`, `energy`, `mulligans` (left), `damage_dealt` (THE 589).
//! Zones: `scroll` (also `deck`, top first), `hand`, `altar`, `vault`,
//! `discard`, `equipped` (each Equip Relic with `on = "Hero"`).
//! Card state: `hp` (HP left) or `damage`, and the flags `fresh` (entered
//! the field this turn), `attacked`, `ability_used`, `revealed` (attacked
//! since it entered: Stealth no longer hides it), `shield_spent`.
//! Refused: a seat at 0 Life or below (the game would be over, FZ §6.16).

use serde_json::{Value, json};

use super::cards::Kind;
use super::{
    ATTACKED, FRESH, Fuzzycards, NONE, Phase, REVEALED, Row, SHIELDED, State, USED, Z, Zone, z,
};
use crate::engine::core::{Secrecy, ZoneId};
use crate::engine::game::{fit, key_of, unknown_counter};

/// The per-card flags a position names.
const FLAGS: [(&str, u8); 5] = [
    ("fresh", FRESH),
    ("attacked", ATTACKED),
    ("ability_used", USED),
    ("revealed", REVEALED),
    ("shield_spent", SHIELDED),
];

/// The phases a position may name, in turn order.
pub const PHASES: &[&str] = &["mulligan", "activate", "settle", "validate", "exodus"];

/// Scrolls are face down; a hand is its owner's.
pub fn secrecy(zone: Z) -> Secrecy {
    match zone.pile {
        Zone::Scroll => Secrecy::Nobody,
        Zone::Hand => Secrecy::Owner,
        _ => Secrecy::Open,
    }
}

pub fn zone_named(p: usize, name: &str) -> Option<Z> {
    let zone = match name {
        "deck" | "scroll" => Zone::Scroll,
        _ => return Z::all().find(|zn| zn.player() == p && key_of(zn.name()) == name),
    };
    Some(z(p, zone))
}

pub fn counters(st: &State, p: usize) -> Vec<(&'static str, i64)> {
    vec![
        ("life", i64::from(st.core.life[p])),
        ("energy", i64::from(st.energy[p])),
        ("mulligans", i64::from(st.mulligans[p])),
        ("damage_dealt", i64::from(st.dealt[p])),
    ]
}

pub fn set_counter(
    g: &Fuzzycards,
    st: &mut State,
    p: usize,
    name: &str,
    value: i64,
) -> Result<(), String> {
    match name {
        "life" => {
            let life = fit(name, value, -999, 9999)?;
            // I. LIQUIDATION: "0 OR BELOW. GAME OVER." (FZ §6.16): a game
            // that goes on has no such seat
            if life <= 0 {
                return Err(format!(
                    "seat {} has {life} life: the game would be over (\"0 OR BELOW. GAME OVER\", FZ §6.16)",
                    crate::engine::position::seat_name(p)
                ));
            }
            st.core.life[p] = life;
        }
        "energy" => st.energy[p] = fit(name, value, 0, i64::from(g.setup.energy_max))?,
        "mulligans" => st.mulligans[p] = fit(name, value, 0, 9)?,
        "damage_dealt" => st.dealt[p] = fit(name, value, 0, 1_000_000)?,
        _ => return Err(unknown_counter(name, &counters(st, p))),
    }
    Ok(())
}

pub fn card_state(g: &Fuzzycards, st: &State, c: u16) -> Vec<(&'static str, Value)> {
    let mut out = Vec::new();
    let i = usize::from(c);
    if g.row_of(st, c).is_some() {
        if st.damage[i] != 0 {
            out.push(("hp", json!(g.remaining(st, c))));
        }
        for (name, bit) in FLAGS {
            if st.flags[i] & bit != 0 {
                out.push((name, json!(true)));
            }
        }
    }
    if st.host[i] != NONE {
        out.push(("on", json!(g.table.copy_name(st.host[i]))));
        // an Equip Relic's own Activate
        if st.flags[i] & USED != 0 {
            out.push(("ability_used", json!(true)));
        }
    }
    out
}

pub fn set_card_state(
    g: &Fuzzycards,
    st: &mut State,
    c: u16,
    key: &str,
    value: &Value,
    card: &dyn Fn(&str) -> Option<u16>,
) -> Result<(), String> {
    let i = usize::from(c);
    let int = || {
        value
            .as_i64()
            .ok_or_else(|| format!("`{key}` takes a number"))
    };
    match key {
        "hp" => {
            // HP left, against the card's printed HP (Relics are attached
            // after every card is placed: `settle` keeps the damage)
            let hp = i64::from(g.def(c).hp);
            let left = int()?;
            if left < 1 || left > hp + 99 {
                return Err(format!("`hp` must be between 1 and its HP ({hp})"));
            }
            st.damage[i] = (hp - left) as i16;
        }
        "damage" => st.damage[i] = fit(key, int()?, 0, 999)?,
        "on" => {
            let name = value
                .as_str()
                .ok_or("`on` takes the name of a Hero of the same seat")?;
            if g.def(c).kind != Kind::Equip {
                return Err("only an Equip Relic lies `on` a Hero".into());
            }
            let host = card(name).ok_or_else(|| format!("no card named \"{name}\" is placed"))?;
            if g.owner(host) != g.owner(c) {
                return Err(format!("{name} is not a Hero of the same seat"));
            }
            st.host[i] = host;
        }
        _ => match FLAGS.iter().find(|(n, _)| *n == key) {
            Some(&(_, bit)) => match value.as_bool() {
                Some(true) => st.flags[i] |= bit,
                Some(false) => st.flags[i] &= !bit,
                None => return Err(format!("`{key}` takes true or false")),
            },
            None => {
                let mut known: Vec<&str> = vec!["hp", "damage", "on"];
                known.extend(FLAGS.iter().map(|(n, _)| *n));
                return Err(format!(
                    "a Fuzzycards card has no state `{key}` (it takes: {})",
                    known.join(", ")
                ));
            }
        },
    }
    Ok(())
}

pub fn set_phase(st: &mut State, phase: Option<&str>) -> Result<(), String> {
    st.phase = match phase.unwrap_or("activate") {
        "mulligan" => {
            // the mulligans come before the first turn: no seat has had a
            // turn yet, so the first player's turn 1 skips its Decode draw
            if st.core.turns[st.core.active] != 1 {
                return Err(format!(
                    "the mulligans come before turn 1: a position in the `mulligan` phase is in turn 1 (this one is in turn {})",
                    st.core.turns[st.core.active]
                ));
            }
            st.core.turns = [0, 0];
            st.core.trace.clear();
            Phase::Mulligan {
                by: st.core.active as u8,
            }
        }
        "activate" => Phase::Activate,
        "settle" => Phase::Settle,
        "validate" => Phase::Validate,
        "exodus" => Phase::Exodus,
        other => {
            return Err(format!(
                "Fuzzycards has no phase `{other}` (its phases: {})",
                PHASES.join(", ")
            ));
        }
    };
    Ok(())
}

/// Slots, Equip Relics on Heroes, and what the Relics grant.
pub fn settle(g: &Fuzzycards, st: &mut State) -> Result<(), String> {
    for p in 0..2 {
        for row in [Row::Altar, Row::Vault] {
            let n = st.core.zones.len(z(p, row.zone()));
            if n > g.slots(row) {
                return Err(format!(
                    "seat {}'s {row:?} holds {n} cards; it has {} slots",
                    crate::engine::position::seat_name(p),
                    g.slots(row)
                ));
            }
        }
        for &e in st.core.zones.get(z(p, Zone::Equipped)) {
            let h = st.host[usize::from(e)];
            let name = g.table.copy_name(e);
            if h == NONE {
                return Err(format!("{name} is equipped but not `on` a Hero"));
            }
            if g.row_of(st, h).is_none() || g.def(h).kind != Kind::Hero {
                return Err(format!(
                    "{name} is on {}, which is not a Hero on the Altar or in the Vault",
                    g.table.copy_name(h)
                ));
            }
        }
        let equipped: Vec<u16> = st.core.zones.get(z(p, Zone::Equipped)).to_vec();
        for e in equipped {
            let host = usize::from(st.host[usize::from(e)]);
            let grant = g.def(e).equip;
            st.grant[host].add(&grant);
        }
    }
    // a Relic not equipped lies on nothing
    for c in 0..g.table.copies() as u16 {
        let p = g.owner(c);
        if !st.core.zones.contains(z(p, Zone::Equipped), c) {
            st.host[usize::from(c)] = NONE;
        }
    }
    Ok(())
}
