//! Dice of Destiny positions (scenario files, `schema/scenario.md`): its
//! counters, per-card state and phases, and what each seat may see.
//!
//! Counters: `life`; `cards_played` (this turn: the seat whose turn it is
//! counts every card it played, §2.5; the other seat the spells it played
//! during that turn); `third_card_used` (1 once the seat has used the Third
//! Card Rule, §2.6); `bonus_draw_used` (1 once the other seat has taken its
//! Bonus Draw this turn, §2.3); `extra_rerolls` (rerolls spells gave the
//! seat and it has not used: its own whoever's turn they were cast on, DD
//! 10) and `rerolls_declared` (the attacker's, while the defender may answer
//! the attack).
//! Zones: `deck` (top first), `hand`, `battlefield`, `graveyard`, `stack`
//! (bottom first: in the order they were played).
//! Card state, a creature on the battlefield: `summoning_sick` (§4.1),
//! `attacked` (§4.3), `effect_used` (§4.2), `declared` (an attacker declared
//! and not rolled yet), `defence_used` (it blocked a hit or made the
//! attacker reroll this turn), `rerolls_used` (of its own rerolls this turn,
//! §4.6), `effect_announced` (its effect waits for the other seat's answer,
//! §2.9), `rubber_duck = "a"` (a rubber duck until seat
//! a's next turn; `"this_turn"` until the turn ends); during the defence an
//! attacker's `die` (1-6) and `blocked`. A card on the stack: `target` (the
//! creature its text targets, §2.11: on the other seat's battlefield first,
//! else its own; `{ card = "Name", seat = "a" }` to name the seat) and
//! `fizzles` (a spell answered it: "that spell fizzles").
//! Phases: `main` (the default); `end_of_turn` (the turn's owner is done:
//! the other seat, to act, may play spells and take its Bonus Draw);
//! `stack` and `end_of_turn_stack` (cards played and answered, waiting: the
//! seat to act may answer the top card; the stack was begun in the main
//! phase or in the end-of-turn window); `effect` and `effect_stack` (a
//! creature effect announced, the other seat to answer, §2.9);
//! `attack_declared` and `attack_declared_stack` (the attackers declared, the
//! defender to answer before the dice are rolled, §4.5); `defence` (the attack dice are
//! rolled and the defender, to act, may block or make a die be rerolled). In
//! every phase but `main` the position's `active` is the seat to act, and
//! the turn is the other seat's, except on a stack: the stack alternates
//! between the seats (each card answers the one below it), so the seat to
//! act and the sizes of the two `stack` zones say who played its bottom
//! card, and whose turn it is follows from the phase's name.
//!
//! A die whose attacker has left the battlefield (§4.5) has no card to lie
//! on: a position in `defence` holds only the dice of attackers still there.
//! The rulebook gives no slot, zone or hand limits; [`settle`] checks what a
//! turn cannot reach (more plays than §2.5-§2.6 allow, a Bonus Draw on one's
//! own turn, a creature on the stack above the bottom, an answer-only spell
//! not above a spell, a player at 0 life in a game that goes on).

use serde_json::{Value, json};

use super::cards::Kind;
use super::{
    ATTACKED, DECLARED, DiceOfDestiny, Die, Pending, Phase, REACTED, SICK, State, USED, Z, Zone, z,
};
use crate::engine::core::{Secrecy, ZoneId, other};
use crate::engine::effect::Status;
use crate::engine::effect::lasting::{Change, Holder, Until};
use crate::engine::game::{fit, key_of, unknown_counter};
use crate::engine::position::{seat_name, turn_of};

/// The phases a position may name, in turn order.
pub const PHASES: &[&str] = &[
    "main",
    "stack",
    "effect",
    "effect_stack",
    "attack_declared",
    "attack_declared_stack",
    "defence",
    "end_of_turn",
    "end_of_turn_stack",
];

/// The per-card flags a position names.
const FLAGS: [(&str, u8); 5] = [
    ("summoning_sick", SICK),
    ("attacked", ATTACKED),
    ("effect_used", USED),
    ("declared", DECLARED),
    ("defence_used", REACTED),
];

/// The other per-card keys.
const KEYS: &[&str] = &[
    "rubber_duck",
    "rerolls_used",
    "effect_announced",
    "die",
    "blocked",
    "target",
    "fizzles",
];

/// Decks are face down; a hand is its owner's.
pub fn secrecy(zone: Z) -> Secrecy {
    match zone.pile {
        Zone::Deck => Secrecy::Nobody,
        Zone::Hand => Secrecy::Owner,
        _ => Secrecy::Open,
    }
}

pub fn zone_named(p: usize, name: &str) -> Option<Z> {
    Z::all().find(|zn| zn.player() == p && key_of(zn.name()) == name)
}

pub fn phase_name(st: &State) -> String {
    match st.phase {
        Phase::Main => "main",
        Phase::Window { .. } => "end_of_turn",
        Phase::Respond { .. } => match st.resume {
            Phase::Main => "stack",
            Phase::Attack { .. } => "attack_declared_stack",
            Phase::Effect { .. } => "effect_stack",
            _ => "end_of_turn_stack",
        },
        Phase::Attack { .. } => "attack_declared",
        Phase::Effect { .. } => "effect",
        Phase::Defend => "defence",
        Phase::Over => "over",
    }
    .into()
}

pub fn counters(g: &DiceOfDestiny, st: &State, p: usize) -> Vec<(&'static str, i64)> {
    let own = p == st.core.active;
    vec![
        ("life", i64::from(st.core.life[p])),
        ("cards_played", i64::from(g.played(st, p))),
        ("third_card_used", i64::from(st.third_card_used[p])),
        ("bonus_draw_used", i64::from(!own && st.bonus_draw_used)),
        ("extra_rerolls", i64::from(granted(st, p))),
        (
            "rerolls_declared",
            match attack_window(st) {
                Some(r) if own => i64::from(r),
                _ => 0,
            },
        ),
    ]
}

/// Rerolls effects gave seat `p` that it has not used (DD 10).
fn granted(st: &State, p: usize) -> u8 {
    st.grants
        .iter()
        .filter(|g| usize::from(g.owner) == p)
        .fold(0u8, |a, g| a.saturating_add(g.left))
}

/// The rerolls declared with the attack while the defender may answer it.
fn attack_window(st: &State) -> Option<u8> {
    match (st.phase, st.resume) {
        (Phase::Attack { rerolls }, _) | (Phase::Respond { .. }, Phase::Attack { rerolls }) => {
            Some(rerolls)
        }
        _ => None,
    }
}

pub fn set_counter(
    g: &DiceOfDestiny,
    st: &mut State,
    p: usize,
    name: &str,
    value: i64,
) -> Result<(), String> {
    let own = p == st.core.active;
    match name {
        "life" => st.core.life[p] = fit(name, value, -999, 9999)?,
        "cards_played" => {
            let n = fit(name, value, 0, i64::from(g.setup.third_card_plays))?;
            if own {
                st.plays = n;
            } else {
                st.spells_off_turn = n;
            }
        }
        "third_card_used" => st.third_card_used[p] = fit::<u8>(name, value, 0, 1)? == 1,
        "bonus_draw_used" => {
            let used = fit::<u8>(name, value, 0, 1)? == 1;
            if used && own {
                return Err(
                    "the Bonus Draw is taken on the opponent's turn (§2.3): `bonus_draw_used` is the other seat's"
                        .into(),
                );
            }
            if !own {
                st.bonus_draw_used = used;
            }
        }
        "extra_rerolls" => {
            let n: u8 = fit(name, value, 0, 99)?;
            st.grants.retain(|g| usize::from(g.owner) != p);
            if n > 0 {
                st.grants.push(super::Grant {
                    owner: p as u8,
                    left: n,
                });
            }
        }
        "rerolls_declared" => {
            let n: u8 = fit(name, value, 0, 99)?;
            if n == 0 {
                return Ok(());
            }
            if !own {
                return Err(format!(
                    "`rerolls_declared` is the attacker's, seat {}",
                    seat_name(1 - p)
                ));
            }
            match (&mut st.phase, &mut st.resume) {
                (Phase::Attack { rerolls }, _)
                | (Phase::Respond { .. }, Phase::Attack { rerolls }) => *rerolls = n,
                _ => {
                    return Err(
                        "`rerolls_declared` are declared with an attack the defender may answer (phase `attack_declared`)"
                            .into(),
                    );
                }
            }
        }
        _ => return Err(unknown_counter(name, &counters(g, st, p))),
    }
    Ok(())
}

/// Where its owner's copy `c` lies.
fn zone_of(g: &DiceOfDestiny, st: &State, c: u16) -> Option<Zone> {
    let p = g.owner(c);
    Z::all()
        .filter(|zn| zn.player() == p)
        .find(|&zn| st.core.zones.contains(zn, c))
        .map(|zn| zn.pile)
}

pub fn card_state(g: &DiceOfDestiny, st: &State, c: u16) -> Vec<(&'static str, Value)> {
    let mut out = Vec::new();
    let i = usize::from(c);
    match zone_of(g, st, c) {
        Some(Zone::Battlefield) => {
            for (name, bit) in FLAGS {
                if st.flags[i] & bit != 0 {
                    out.push((name, json!(true)));
                }
            }
            for l in st.core.lasting.iter() {
                if l.holder == Holder::Card(c) && l.change == Change::Status(Status::Suppressed) {
                    match l.until {
                        Until::StartOfTurn(p) => {
                            out.push(("rubber_duck", json!(seat_name(usize::from(p)))))
                        }
                        Until::EndOfTurn => out.push(("rubber_duck", json!("this_turn"))),
                        _ => {}
                    }
                }
            }
            if st.rerolls_used[i] > 0 {
                out.push(("rerolls_used", json!(st.rerolls_used[i])));
            }
            if announced(st) == Some(c) {
                out.push(("effect_announced", json!(true)));
            }
            if st.phase == Phase::Defend
                && let Some(d) = st.dice.iter().find(|d| d.attacker == c)
            {
                out.push(("die", json!(d.value)));
                if d.blocked {
                    out.push(("blocked", json!(true)));
                }
            }
        }
        Some(Zone::Stack) => {
            if let Some(e) = st.stack.iter().find(|e| e.card == c) {
                if let Some(t) = e.target {
                    out.push(("target", target_json(g, st, e.owner, t)));
                }
                if e.countered {
                    out.push(("fizzles", json!(true)));
                }
            }
        }
        _ => {}
    }
    out
}

/// The creature whose announced effect waits for an answer (§2.9).
fn announced(st: &State) -> Option<u16> {
    match (st.phase, st.resume) {
        (Phase::Effect { card, .. }, _) | (Phase::Respond { .. }, Phase::Effect { card, .. }) => {
            Some(card).filter(|&c| c != NO_CARD)
        }
        _ => None,
    }
}

/// The announced effect's card before a position names it.
const NO_CARD: u16 = u16::MAX;

/// The creature a stack card of seat `owner` targets, by the name it is
/// found by (the other seat's battlefield first), with its seat when the
/// name alone finds another one.
fn target_json(g: &DiceOfDestiny, st: &State, owner: u8, t: u16) -> Value {
    let name = g.table.copy_name(t);
    if find_target(g, st, usize::from(owner), name, None) == Some(t) {
        json!(name)
    } else {
        json!({ "card": name, "seat": seat_name(g.owner(t)) })
    }
}

/// The first creature named `name` on the battlefield of `seat`, or (none
/// given) of the other seat than `owner`, then of `owner`.
fn find_target(
    g: &DiceOfDestiny,
    st: &State,
    owner: usize,
    name: &str,
    seat: Option<usize>,
) -> Option<u16> {
    let seats = match seat {
        Some(s) => vec![s],
        None => vec![other(owner), owner],
    };
    seats.into_iter().find_map(|p| {
        st.core
            .zones
            .get(z(p, Zone::Battlefield))
            .iter()
            .copied()
            .find(|&c| g.table.copy_name(c).eq_ignore_ascii_case(name.trim()))
    })
}

/// The stack entry of copy `c`, made when it has none yet.
fn pending<'s>(g: &DiceOfDestiny, st: &'s mut State, c: u16) -> &'s mut Pending {
    let i = match st.stack.iter().position(|e| e.card == c) {
        Some(i) => i,
        None => {
            st.stack.push(Pending {
                card: c,
                owner: g.owner(c) as u8,
                target: None,
                countered: false,
            });
            st.stack.len() - 1
        }
    };
    &mut st.stack[i]
}

/// The attack die on copy `c`, made when it has none yet (value 0 until
/// its `die` is read).
fn die(st: &mut State, c: u16) -> &mut Die {
    let i = match st.dice.iter().position(|d| d.attacker == c) {
        Some(i) => i,
        None => {
            st.dice.push(Die {
                attacker: c,
                value: 0,
                hit: false,
                blocked: false,
            });
            st.dice.len() - 1
        }
    };
    &mut st.dice[i]
}

pub fn set_card_state(
    g: &DiceOfDestiny,
    st: &mut State,
    c: u16,
    key: &str,
    value: &Value,
) -> Result<(), String> {
    let i = usize::from(c);
    let zone = zone_of(g, st, c);
    let flag = || {
        value
            .as_bool()
            .ok_or_else(|| format!("`{key}` takes true or false"))
    };
    let on_field = || {
        if zone == Some(Zone::Battlefield) {
            Ok(())
        } else {
            Err(format!("`{key}` is for a creature on the battlefield"))
        }
    };
    let on_stack = || {
        if zone == Some(Zone::Stack) {
            Ok(())
        } else {
            Err(format!("`{key}` is for a card on the stack"))
        }
    };
    let defence = || {
        if st.phase == Phase::Defend && g.owner(c) == st.core.active {
            Ok(())
        } else {
            Err(format!(
                "`{key}` is an attacker's die while the defender answers (phase `defence`)"
            ))
        }
    };
    if let Some(&(_, bit)) = FLAGS.iter().find(|(n, _)| *n == key) {
        on_field()?;
        if flag()? {
            st.flags[i] |= bit;
        } else {
            st.flags[i] &= !bit;
        }
        return Ok(());
    }
    match key {
        "rerolls_used" => {
            on_field()?;
            st.rerolls_used[i] = fit(
                key,
                value.as_i64().ok_or("`rerolls_used` takes a number")?,
                0,
                i64::from(g.def(c).rerolls),
            )?;
        }
        "effect_announced" => {
            on_field()?;
            if flag()? {
                match (&mut st.phase, &mut st.resume) {
                    (Phase::Effect { card, .. }, _)
                    | (Phase::Respond { .. }, Phase::Effect { card, .. }) => *card = c,
                    _ => {
                        return Err(
                            "`effect_announced` is for the phases `effect` and `effect_stack`"
                                .into(),
                        );
                    }
                }
            }
        }
        "rubber_duck" => {
            on_field()?;
            let until = match value.as_str() {
                Some("a") => Until::StartOfTurn(0),
                Some("b") => Until::StartOfTurn(1),
                Some("this_turn") => Until::EndOfTurn,
                _ => {
                    return Err(
                        "`rubber_duck` takes the seat whose next turn ends it (\"a\", \"b\") or \"this_turn\""
                            .into(),
                    );
                }
            };
            st.core.lasting.add(
                Holder::Card(c),
                Change::Status(Status::Suppressed),
                until,
                c,
            );
        }
        "die" => {
            on_field()?;
            defence()?;
            let sides = i64::from(g.setup.die_sides);
            let v: u8 = fit(
                key,
                value.as_i64().ok_or("`die` takes the number rolled")?,
                1,
                sides,
            )?;
            let d = die(st, c);
            d.value = v;
            d.hit = v.is_multiple_of(2);
        }
        "blocked" => {
            on_field()?;
            defence()?;
            let b = flag()?;
            die(st, c).blocked = b;
        }
        "target" => {
            on_stack()?;
            let owner = g.owner(c);
            let (name, seat) = match value {
                Value::String(s) => (s.as_str(), None),
                Value::Object(m) => {
                    let name = m.get("card").and_then(Value::as_str);
                    let seat = match m.get("seat").and_then(Value::as_str) {
                        Some("a") => Some(0),
                        Some("b") => Some(1),
                        _ => None,
                    };
                    match (name, seat) {
                        (Some(n), Some(s)) if m.len() == 2 => (n, Some(s)),
                        _ => {
                            return Err(
                                "`target` is a creature's name, or { card = \"Name\", seat = \"a\" }"
                                    .into(),
                            );
                        }
                    }
                }
                _ => return Err("`target` takes the name of a creature on a battlefield".into()),
            };
            let t = find_target(g, st, owner, name, seat)
                .ok_or_else(|| format!("no creature named \"{name}\" is on a battlefield"))?;
            pending(g, st, c).target = Some(t);
        }
        "fizzles" => {
            on_stack()?;
            let f = flag()?;
            pending(g, st, c).countered = f;
        }
        _ => {
            let mut known: Vec<&str> = FLAGS.iter().map(|(n, _)| *n).collect();
            known.extend(KEYS);
            return Err(format!(
                "a Dice of Destiny card has no state `{key}` (it takes: {})",
                known.join(", ")
            ));
        }
    }
    Ok(())
}

/// The seat that played the bottom card of a stack the seat `by` is to
/// answer: the stack alternates, so its top is the other seat's.
fn bottom_of_stack(st: &State, by: usize) -> Result<usize, String> {
    let n = [0, 1].map(|p| st.core.zones.len(z(p, Zone::Stack)));
    let total = n[0] + n[1];
    let top = other(by);
    if total == 0 {
        return Err("the stack is empty: list the cards played in the seats' `stack`".into());
    }
    if n[top] != total.div_ceil(2) || n[by] != total / 2 {
        return Err(format!(
            "each card on the stack answers the one below it, so the seats' cards alternate and the top one is seat {}'s (the seat to act, {}, answers it): seat {} must have {} cards on the stack and seat {} {}",
            seat_name(top),
            seat_name(by),
            seat_name(top),
            total.div_ceil(2),
            seat_name(by),
            total / 2
        ));
    }
    Ok(if total % 2 == 1 { top } else { by })
}

pub fn set_phase(st: &mut State, phase: Option<&str>) -> Result<(), String> {
    // the position's `active` is the seat to act
    let by = st.core.active;
    st.resume = Phase::Main;
    st.phase = match phase.unwrap_or("main") {
        "main" => Phase::Main,
        "end_of_turn" => {
            turn_of(&mut st.core, other(by));
            Phase::Window { by: by as u8 }
        }
        "defence" => {
            turn_of(&mut st.core, other(by));
            Phase::Defend
        }
        "attack_declared" => {
            turn_of(&mut st.core, other(by));
            Phase::Attack { rerolls: 0 }
        }
        "effect" => {
            turn_of(&mut st.core, other(by));
            Phase::Effect {
                card: NO_CARD,
                by: by as u8,
            }
        }
        name @ ("stack" | "end_of_turn_stack" | "attack_declared_stack" | "effect_stack") => {
            let bottom = bottom_of_stack(st, by)?;
            // in the main phase the seat whose turn it is begins a stack;
            // in the other windows the other seat does
            let owner = if name == "stack" {
                bottom
            } else {
                other(bottom)
            };
            turn_of(&mut st.core, owner);
            st.resume = match name {
                "end_of_turn_stack" => Phase::Window {
                    by: other(owner) as u8,
                },
                "attack_declared_stack" => Phase::Attack { rerolls: 0 },
                "effect_stack" => Phase::Effect {
                    card: NO_CARD,
                    by: other(owner) as u8,
                },
                _ => Phase::Main,
            };
            Phase::Respond { by: by as u8 }
        }
        other => {
            return Err(format!(
                "Dice of Destiny has no phase `{other}` a position can start in (its phases: {})",
                PHASES.join(", ")
            ));
        }
    };
    Ok(())
}

/// What no turn can reach; the stack in the order it was played, the dice
/// in the attackers' order, the declared attackers counted.
pub fn settle(g: &DiceOfDestiny, st: &mut State) -> Result<(), String> {
    let name = |c: u16| g.table.copy_name(c).to_string();
    for p in 0..2 {
        if st.core.life[p] <= 0 {
            return Err(format!(
                "seat {} has {} life: the game would be over (§5.1)",
                seat_name(p),
                st.core.life[p]
            ));
        }
    }
    let a = st.core.active;
    let d = other(a);
    // plays (§2.5, §2.6)
    let most = |p: usize, base: u32, third_ok: bool| -> Result<(), String> {
        let played = u32::from(g.played(st, p));
        if played > base && !(third_ok && st.third_card_used[p]) {
            return Err(format!(
                "seat {} played {played} cards this turn: {base} is the most{}",
                seat_name(p),
                if third_ok {
                    " without the Third Card Rule (`third_card_used = 1`)"
                } else {
                    " on the opponent's turn"
                }
            ));
        }
        Ok(())
    };
    most(a, g.setup.plays_per_turn, true)?;
    most(
        d,
        g.setup.spells_on_opponent_turn,
        g.options.third_card_on_opponent_turn,
    )?;
    // per-card flags each turn clears
    for &c in st.core.zones.get(z(a, Zone::Battlefield)) {
        if st.flags[usize::from(c)] & REACTED != 0 {
            return Err(format!(
                "{} defends on the opponent's turn only: its `defence_used` is cleared when its own turn starts",
                name(c)
            ));
        }
    }
    for &c in st.core.zones.get(z(d, Zone::Battlefield)) {
        let f = st.flags[usize::from(c)];
        if f & USED != 0 && !g.options.creature_effects_on_opponent_turn {
            return Err(format!(
                "{}'s effect is used on its own seat's turn (§4.2), and it is seat {}'s turn: `effect_used` was cleared",
                name(c),
                seat_name(a)
            ));
        }
        if f & DECLARED != 0 {
            return Err(format!(
                "{} is not seat {}'s: only the seat whose turn it is declares attackers",
                name(c),
                seat_name(a)
            ));
        }
    }
    // declared attackers (§4.3): able to attack, in the main phase
    let mut declared = 0u8;
    for &c in st.core.zones.get(z(a, Zone::Battlefield)) {
        let f = st.flags[usize::from(c)];
        if f & DECLARED == 0 {
            continue;
        }
        if st.phase != Phase::Main && attack_window(st).is_none() {
            return Err(format!(
                "{} is declared as an attacker: the dice are rolled in the main phase (or the defender answers first: `attack_declared`)",
                name(c)
            ));
        }
        let was = st.flags[usize::from(c)];
        st.flags[usize::from(c)] &= !DECLARED;
        let ready = g.ready(st, c);
        st.flags[usize::from(c)] = was;
        if !ready {
            return Err(format!(
                "{} cannot attack (summoning sick, attacked already or a rubber duck), so it is not declared",
                name(c)
            ));
        }
        declared += 1;
    }
    st.declared = declared;
    if attack_window(st).is_some() && declared == 0 {
        return Err("the defender answers an attack: give the attackers `declared = true`".into());
    }
    if let Some(r) = attack_window(st) {
        let left = g.usable_rerolls(st, a, declared);
        if r > left {
            return Err(format!(
                "{r} rerolls declared but {declared} dice can use only {left} (DD 10)"
            ));
        }
    }
    if matches!(st.phase, Phase::Effect { .. }) || matches!(st.resume, Phase::Effect { .. }) {
        match announced(st) {
            Some(c) if st.flags[usize::from(c)] & USED != 0 && g.owner(c) == a => {}
            Some(c) => {
                return Err(format!(
                    "{}'s announced effect is its seat's (the seat whose turn it is) and used: give it `effect_used = true`",
                    name(c)
                ));
            }
            None => {
                return Err(
                    "the other seat answers a creature effect: give the creature `effect_announced = true`"
                        .into(),
                );
            }
        }
    }
    // the defence: each die on an attacker
    if st.phase == Phase::Defend {
        if st.dice.is_empty() {
            return Err(
                "the defender answers rolled attack dice: give the attackers their `die`".into(),
            );
        }
        let field = st.core.zones.get(z(a, Zone::Battlefield));
        for die in &st.dice {
            let c = die.attacker;
            if die.value == 0 {
                return Err(format!("{} is `blocked` but has no `die`", name(c)));
            }
            if st.flags[usize::from(c)] & ATTACKED == 0 {
                return Err(format!(
                    "{} rolled an attack die: it has `attacked = true`",
                    name(c)
                ));
            }
            if die.blocked && !die.hit {
                return Err(format!(
                    "{}'s die ({}) missed: only a hit can be blocked (§4.4)",
                    name(c),
                    die.value
                ));
            }
        }
        st.dice
            .sort_by_key(|d| field.iter().position(|&x| x == d.attacker));
        st.last_roll.clone_from(&st.dice);
    }
    // the stack, bottom first
    let stacked = [0, 1].map(|p| st.core.zones.get(z(p, Zone::Stack)).to_vec());
    if let Phase::Respond { by } = st.phase {
        let by = usize::from(by);
        let bottom = bottom_of_stack(st, by)?;
        let mut order = Vec::new();
        let mut next = [0usize; 2];
        let mut p = bottom;
        while next[p] < stacked[p].len() {
            order.push(stacked[p][next[p]]);
            next[p] += 1;
            p = other(p);
        }
        let known = std::mem::take(&mut st.stack);
        for (k, &c) in order.iter().enumerate() {
            let e = known
                .iter()
                .find(|e| e.card == c)
                .copied()
                .unwrap_or(Pending {
                    card: c,
                    owner: g.owner(c) as u8,
                    target: None,
                    countered: false,
                });
            let def = g.def(c);
            if def.kind == Kind::Creature && (k > 0 || st.resume != Phase::Main) {
                return Err(format!(
                    "{} is a creature: it is played only in its seat's main phase, never in answer to a card (§2.5)",
                    name(c)
                ));
            }
            if def.needs_target && e.target.is_none() {
                return Err(format!(
                    "{} was played choosing a target (§2.11): give its `target`",
                    name(c)
                ));
            }
            if def.response_only && (k == 0 || g.def(order[k - 1]).kind != Kind::Spell) {
                return Err(format!(
                    "{} is played only in response to a spell: the card below it must be a spell",
                    name(c)
                ));
            }
            st.stack.push(e);
        }
    } else if stacked.iter().any(|s| !s.is_empty()) {
        return Err(
            "cards wait on the stack only in the phases `stack` and `end_of_turn_stack`".into(),
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use serde_json::Value;

    use crate::engine::core::Viewer;
    use crate::scenario::{self, Scene};

    fn dir() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios/dice-of-destiny")
    }

    /// The scene of the scenario `text`, its moves played.
    fn scene(text: &str) -> Result<Box<dyn Scene>, String> {
        let path = dir().join("round-trip.toml");
        let sc = scenario::parse(&path, text).map_err(|d| d.message)?;
        let catalog = crate::catalog::load(&sc.catalog).unwrap().catalog;
        let mut scene: Box<dyn Scene> =
            Box::new(scenario::session(&sc, &catalog).map_err(|d| d.message)?);
        for m in &sc.moves {
            scene.play(&m.label)?;
        }
        scene.invariants()?;
        Ok(scene)
    }

    fn played(text: &str) -> Value {
        scene(text).unwrap().view(Viewer::All)
    }

    /// `state` written as a scenario and read back is `state` (its log
    /// aside: a saved position starts a new log).
    fn round_trip(mut state: Value) {
        let text = scenario::write(&state, Path::new("cards.toml"), 5);
        let mut back = played(&text);
        state["log"] = Value::Null;
        back["log"] = Value::Null;
        assert_eq!(state, back, "written as:\n{text}");
    }

    fn with_moves(base: &str, moves: &[&str]) -> String {
        let mut s = base.to_string();
        for m in moves {
            s.push_str(&format!("\n[[move]]\nmove = \"{m}\"\n"));
        }
        s
    }

    const BOARD: &str = r#"
game = "dice-of-destiny"
catalog = "cards.toml"
seed = 11
turn = 3
active = "a"

[seat.a]
life = 15
hand = ["Fireball", "Goblin Firestarter", "Loaded Dice"]
deck = ["Filler Imp", "Filler Imp", "Filler Imp"]
battlefield = ["Lava Hound", { card = "Hedge Wolf", summoning_sick = true }, "Frog-Flinging Princess"]

[seat.b]
life = 12
hand = ["Oh No You Don't!", "Lightning Toss", "Rubber Duck Curse"]
deck = ["Filler Imp", "Filler Imp", "Filler Imp"]
battlefield = ["Mirror Sprite", { card = "Teleporting Llama", attacked = true }]
"#;

    #[test]
    fn main_phase_positions_round_trip() {
        round_trip(played(BOARD));
        let st = played(&with_moves(
            BOARD,
            &[
                "Use Frog-Flinging Princess's effect",
                "Let Frog-Flinging Princess's effect start",
                "Declare Lava Hound as an attacker",
            ],
        ));
        assert_eq!(st["seats"]["b"]["life"], 11);
        round_trip(st);
    }

    #[test]
    fn the_windows_of_dd_9_round_trip() {
        let st = played(&with_moves(BOARD, &["Use Frog-Flinging Princess's effect"]));
        assert_eq!(st["phase"], "effect");
        assert_eq!(st["active"], "b");
        round_trip(st);
        let st = played(&with_moves(
            BOARD,
            &["Use Frog-Flinging Princess's effect", "Play Lightning Toss"],
        ));
        assert_eq!(st["phase"], "effect_stack");
        round_trip(st);
        let st = played(&with_moves(BOARD, &["Attack with every ready creature"]));
        assert_eq!(st["phase"], "attack_declared");
        assert_eq!(st["active"], "b");
        round_trip(st);
        let st = played(&with_moves(
            BOARD,
            &[
                "Attack with every ready creature",
                "Play Rubber Duck Curse on Lava Hound",
            ],
        ));
        assert_eq!(st["phase"], "attack_declared_stack");
        round_trip(st);
    }

    #[test]
    fn stacks_round_trip() {
        let st = played(&with_moves(BOARD, &["Play Fireball"]));
        assert_eq!(st["phase"], "stack");
        assert_eq!(st["active"], "b");
        round_trip(st);
        let st = played(&with_moves(
            BOARD,
            &["Play Fireball", "Play Oh No You Don't!"],
        ));
        assert_eq!(st["active"], "a");
        assert_eq!(st["seats"]["b"]["cards_played"], 1);
        round_trip(st);
        let st = played(&with_moves(
            BOARD,
            &[
                "Play Goblin Firestarter",
                "Play Rubber Duck Curse on Lava Hound",
            ],
        ));
        assert_eq!(
            st["seats"]["b"]["zones"]["stack"][0]["target"],
            "Lava Hound"
        );
        round_trip(st);
    }

    #[test]
    fn the_end_of_turn_and_its_stack_round_trip() {
        let st = played(&with_moves(BOARD, &["End your turn"]));
        assert_eq!(st["phase"], "end_of_turn");
        assert_eq!(st["active"], "b");
        round_trip(st);
        let st = played(&with_moves(
            BOARD,
            &["End your turn", "Play Lightning Toss"],
        ));
        assert_eq!(st["phase"], "end_of_turn_stack");
        assert_eq!(st["active"], "a");
        round_trip(st);
        let st = played(&with_moves(
            BOARD,
            &[
                "End your turn",
                "Bonus Draw: discard Lightning Toss, draw 1",
                "Play Rubber Duck Curse on Lava Hound",
                "Let the stack resolve",
            ],
        ));
        assert_eq!(st["seats"]["b"]["bonus_draw_used"], 1);
        round_trip(st);
        // the curse lasts until b's next turn
        let st = played(&with_moves(
            BOARD,
            &[
                "End your turn",
                "Play Rubber Duck Curse on Lava Hound",
                "Let the stack resolve",
            ],
        ));
        assert_eq!(
            st["seats"]["a"]["zones"]["battlefield"][0]["rubber_duck"],
            "b"
        );
        round_trip(st);
    }

    #[test]
    fn a_defence_round_trips() {
        let st = played(&with_moves(
            BOARD,
            &["Attack with every ready creature", "Let the dice be rolled"],
        ));
        if st["phase"] == "defence" {
            round_trip(st);
        } else {
            panic!("seed 11 rolls no hit: {st}");
        }
    }

    #[test]
    fn impossible_positions_are_refused() {
        let bad = |from: &str, to: &str| {
            let text = BOARD.replacen(from, to, 1);
            assert_ne!(text, BOARD, "{from}");
            scene(&text).err().unwrap_or_default()
        };
        let e = bad("life = 12", "life = 12\nbonus_draw_used = 1");
        assert!(e.is_empty(), "{e}");
        let e = bad("life = 15", "life = 15\nbonus_draw_used = 1");
        assert!(e.contains("Bonus Draw"), "{e}");
        let e = bad("life = 15", "life = 15\ncards_played = 3");
        assert!(e.contains("Third Card"), "{e}");
        let e = bad(
            "\"Mirror Sprite\"",
            "{ card = \"Mirror Sprite\", defence_used = true }",
        );
        assert!(e.is_empty(), "{e}");
        let e = bad(
            "\"Lava Hound\"",
            "{ card = \"Lava Hound\", defence_used = true }",
        );
        assert!(e.contains("defence_used"), "{e}");
        let e = bad(
            "\"Frog-Flinging Princess\"]",
            "{ card = \"Frog-Flinging Princess\", summoning_sick = true, declared = true }]",
        );
        assert!(e.contains("cannot attack"), "{e}");
        let e = bad("active = \"a\"", "active = \"b\"\nphase = \"stack\"");
        assert!(e.contains("stack is empty"), "{e}");
        let e = bad(
            "hand = [\"Oh No You Don't!\", ",
            "stack = [\"Oh No You Don't!\"]\nhand = [",
        );
        assert!(e.contains("only in the phases"), "{e}");
        let e = bad("active = \"a\"", "active = \"b\"\nphase = \"defence\"");
        assert!(e.contains("die"), "{e}");
        let e = bad("[seat.b]\nlife = 12", "[seat.b]\nlife = 0");
        assert!(e.contains("over"), "{e}");
    }

    /// DD §2.12 (issue 50 item 6): "show your opponent what you found" —
    /// the Wizard of Lightning's search is logged to seat b with the card
    /// it shows ("searches out and shows Fireball", not "a card"), though
    /// the card now lies in seat a's hand, hidden from b.
    #[test]
    fn dd_2_12_the_opponent_is_told_which_card_a_search_shows() {
        let text = r#"
game = "dice-of-destiny"
catalog = "cards.toml"
seed = 1
turn = 3
active = "a"

[seat.a]
life = 20
deck = ["Filler Imp", "Fireball", "Filler Imp"]
battlefield = ["Wizard of Lightning"]

[seat.b]
life = 20
deck = ["Filler Imp"]

[[move]]
move = "Use Wizard of Lightning's effect"
"#;
        let scene = scene(text).unwrap();
        let b = scene.view(Viewer::Seat(1));
        assert_eq!(b["seats"]["a"]["zones"]["hand"][0], "?", "{b}");
        let log = b["log"].as_array().unwrap();
        assert!(
            log.iter()
                .any(|l| l == "turn 3: a: searches out and shows Fireball"),
            "{log:?}"
        );
    }
}
