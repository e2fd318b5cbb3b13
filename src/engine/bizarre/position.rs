//! Bizarre World positions (scenario files, `schema/scenario.md`): its
//! counters, per-card state and phases, and what each seat may see.
//!
//! Counters: `life`; `attack` (the ⚔ gained this turn and not spent yet,
//! "the Attack you have gained this turn"); `attack_declared` (while the
//! defender responds: the ⚔ the attacker spent declaring the attack, 0
//! otherwise).
//! Zones: `deck` (top first), `hand`, `neutral_resource_zone` (also
//! `resources`: its cards lie face down, seen by their owner only),
//! `play_area`, `discard`.
//! Card state: `exhausted` (a creature in the Play Area or a resource),
//! and for a creature in the Play Area `contributed` (the ⚔ its abilities
//! gave since its controller last spent ⚔), `free_uses` (its cost-free
//! ability's uses this turn: the loop guard of the engine's docs) and, while
//! the defender responds, `attack_source` (the ⚔ it contributed to the
//! attack being answered: an attack source, L147).
//! Phases: `sacrifice` (the default: the first phase with a choice), `main`,
//! and `responding_to_an_attack`, where the seat to act (the position's
//! `active`) is the defender and the turn is the other seat's. The Draw,
//! Unexhaust and End Phases hold no choice: a position is before or after
//! them (the move "End turn" plays the next turn's Draw Phase, "To Main" the
//! Unexhaust Phase).
//!
//! The rulebook gives no slot or zone limits (no hand size, any number of
//! resources and creatures); [`settle`] checks what a turn cannot reach
//! instead (an attack declared on the first turn, ⚔ kept past its turn, a
//! player at 0 life in a game that goes on).

use serde_json::{Value, json};

use super::{BizarreWorld, Phase, State, Z, Zone, z};
use crate::engine::core::{Secrecy, ZoneId, other};
use crate::engine::game::{fit, key_of, unknown_counter};
use crate::engine::position::{seat_name, turn_of};

/// The phases a position may name, in turn order.
pub const PHASES: &[&str] = &["sacrifice", "main", "responding_to_an_attack"];

/// The per-card keys a position names.
const KEYS: &[&str] = &["exhausted", "contributed", "free_uses", "attack_source"];

/// Decks are face down; a hand and the resources (laid face down) are
/// their owner's.
pub fn secrecy(zone: Z) -> Secrecy {
    match zone.pile {
        Zone::Deck => Secrecy::Nobody,
        Zone::Hand | Zone::Resources => Secrecy::Owner,
        _ => Secrecy::Open,
    }
}

pub fn zone_named(p: usize, name: &str) -> Option<Z> {
    match name {
        "resources" | "neutral_resources" => Some(z(p, Zone::Resources)),
        _ => Z::all().find(|zn| zn.player() == p && key_of(zn.name()) == name),
    }
}

pub fn phase_name(st: &State) -> String {
    match st.phase {
        Phase::Sacrifice => "sacrifice",
        Phase::Main => "main",
        Phase::Respond => "responding_to_an_attack",
        Phase::Pay => "paying",
        Phase::Distribute => "distributing",
        Phase::Over => "over",
    }
    .into()
}

/// The ⚔ of the attack being answered, for the attacker.
fn declared(st: &State, p: usize) -> i32 {
    if st.phase == Phase::Respond && p == st.core.active {
        st.battle.attack
    } else {
        0
    }
}

pub fn counters(st: &State, p: usize) -> Vec<(&'static str, i64)> {
    vec![
        ("life", i64::from(st.core.life[p])),
        ("attack", i64::from(st.attack[p])),
        ("attack_declared", i64::from(declared(st, p))),
    ]
}

pub fn set_counter(st: &mut State, p: usize, name: &str, value: i64) -> Result<(), String> {
    match name {
        "life" => st.core.life[p] = fit(name, value, -999, 9999)?,
        "attack" => st.attack[p] = fit(name, value, 0, 9999)?,
        "attack_declared" => {
            let n: i32 = fit(name, value, 0, 9999)?;
            if n == 0 {
                return Ok(());
            }
            if st.phase != Phase::Respond {
                return Err(
                    "`attack_declared` is the ⚔ of an attack being answered: the phase must be `responding_to_an_attack`"
                        .into(),
                );
            }
            if p != st.core.active {
                return Err(format!(
                    "seat {} is the defender (the seat to act): the attacker, seat {}, declared the attack",
                    seat_name(p),
                    seat_name(st.core.active)
                ));
            }
            st.battle.attack = n;
        }
        _ => return Err(unknown_counter(name, &counters(st, p))),
    }
    Ok(())
}

/// The zone of its owner's that `c` lies in.
fn zone_of(g: &BizarreWorld, st: &State, c: u16) -> Option<Zone> {
    let p = g.owner(c);
    [
        Zone::Play,
        Zone::Resources,
        Zone::Hand,
        Zone::Discard,
        Zone::Deck,
    ]
    .into_iter()
    .find(|&zone| st.core.zones.contains(z(p, zone), c))
}

pub fn card_state(g: &BizarreWorld, st: &State, c: u16) -> Vec<(&'static str, Value)> {
    let mut out = Vec::new();
    let i = usize::from(c);
    let zone = zone_of(g, st, c);
    if matches!(zone, Some(Zone::Play | Zone::Resources)) && st.exhausted[i] {
        out.push(("exhausted", json!(true)));
    }
    if zone == Some(Zone::Play) {
        if st.contributed[i] > 0 {
            out.push(("contributed", json!(st.contributed[i])));
        }
        if st.free_uses[i] > 0 {
            out.push(("free_uses", json!(st.free_uses[i])));
        }
        if st.phase == Phase::Respond
            && let Some(&(_, n)) = st.battle.sources.iter().find(|(s, _)| *s == c)
        {
            out.push(("attack_source", json!(n)));
        }
    }
    out
}

pub fn set_card_state(
    g: &BizarreWorld,
    st: &mut State,
    c: u16,
    key: &str,
    value: &Value,
) -> Result<(), String> {
    let i = usize::from(c);
    let zone = zone_of(g, st, c);
    let in_play = || {
        if zone == Some(Zone::Play) {
            Ok(())
        } else {
            Err(format!("`{key}` is for a creature in the Play Area"))
        }
    };
    let int = |lo: i64| -> Result<u8, String> {
        let n = value
            .as_i64()
            .ok_or_else(|| format!("`{key}` takes a number"))?;
        fit(key, n, lo, 99)
    };
    match key {
        "exhausted" => {
            if !matches!(zone, Some(Zone::Play | Zone::Resources)) {
                return Err(
                    "only a creature in the Play Area or a resource in the Neutral Resource Zone is exhausted"
                        .into(),
                );
            }
            st.exhausted[i] = value.as_bool().ok_or("`exhausted` takes true or false")?;
        }
        "contributed" => {
            in_play()?;
            st.contributed[i] = int(0)?;
        }
        "free_uses" => {
            in_play()?;
            st.free_uses[i] = int(0)?;
        }
        "attack_source" => {
            in_play()?;
            let n = int(1)?;
            if st.phase != Phase::Respond || g.owner(c) != st.core.active {
                return Err(
                    "an `attack_source` is the attacker's creature while the defender responds (phase `responding_to_an_attack`)"
                        .into(),
                );
            }
            st.battle.sources.retain(|(s, _)| *s != c);
            st.battle.sources.push((c, n));
        }
        _ => {
            return Err(format!(
                "a Bizarre World card has no state `{key}` (it takes: {})",
                KEYS.join(", ")
            ));
        }
    }
    Ok(())
}

pub fn set_phase(st: &mut State, phase: Option<&str>) -> Result<(), String> {
    st.phase = match phase.unwrap_or("sacrifice") {
        "sacrifice" => Phase::Sacrifice,
        "main" => Phase::Main,
        "responding_to_an_attack" => {
            // the position's `active` is the seat to act: the defender
            let attacker = other(st.core.active);
            turn_of(&mut st.core, attacker);
            Phase::Respond
        }
        other => {
            return Err(format!(
                "Bizarre World has no phase `{other}` a position can start in (its phases: {})",
                PHASES.join(", ")
            ));
        }
    };
    Ok(())
}

/// What no turn can reach, and the battle's sources in Play Area order.
pub fn settle(g: &BizarreWorld, st: &mut State) -> Result<(), String> {
    for p in 0..2 {
        if st.core.life[p] <= 0 {
            return Err(format!(
                "seat {} has {} life: the game would be over (L10)",
                seat_name(p),
                st.core.life[p]
            ));
        }
    }
    let a = st.core.active;
    let d = other(a);
    if st.phase == Phase::Respond {
        if g.attack_banned(st) {
            return Err("no attack can be declared on the first turn (L161)".into());
        }
        if st.battle.attack <= 0 {
            return Err(format!(
                "the defender responds to an attack: seat {}'s `attack_declared` must be above 0",
                seat_name(a)
            ));
        }
        if st.attack[a] != 0 {
            return Err(format!(
                "declaring an attack spends ALL the ⚔ gained this turn (L135): seat {}'s `attack` must be 0",
                seat_name(a)
            ));
        }
        if let Some(&c) = st
            .core
            .zones
            .get(z(a, Zone::Play))
            .iter()
            .find(|&&c| st.contributed[usize::from(c)] > 0)
        {
            return Err(format!(
                "{} contributed ⚔ that the attack spent: write it as its `attack_source`, not `contributed`",
                g.table.copy_name(c)
            ));
        }
        let sources: i32 = st.battle.sources.iter().map(|&(_, n)| i32::from(n)).sum();
        if sources > st.battle.attack {
            return Err(format!(
                "the attack sources contributed {sources} ⚔ and the attack spent {}",
                st.battle.attack
            ));
        }
        let play = st.core.zones.get(z(a, Zone::Play));
        st.battle
            .sources
            .sort_by_key(|&(c, _)| play.iter().position(|&x| x == c));
    } else if st.attack[d] != 0 {
        return Err(format!(
            "⚔ not spent is lost at the end of its turn: seat {}'s `attack` must be 0 on seat {}'s turn",
            seat_name(d),
            seat_name(a)
        ));
    }
    // BW 11: what a creature contributed and its side did not spend makes
    // no source on the other seat's turn
    if st.phase != Phase::Respond
        && let Some(&c) = st
            .core
            .zones
            .get(z(d, Zone::Play))
            .iter()
            .find(|&&c| st.contributed[usize::from(c)] > 0)
    {
        return Err(format!(
            "{} is seat {}'s: ⚔ contributed on its own turn ends with that turn (rules-notes BW 11), so its `contributed` is 0 on seat {}'s turn",
            g.table.copy_name(c),
            seat_name(d),
            seat_name(a)
        ));
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
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios/bizarre-world")
    }

    /// The state after the scenario `text`'s moves, as all see it.
    fn played(text: &str) -> Value {
        let path = dir().join("round-trip.toml");
        let sc = scenario::parse(&path, text).unwrap();
        let catalog = crate::catalog::load(&sc.catalog).unwrap().catalog;
        let mut scene: Box<dyn Scene> = Box::new(scenario::session(&sc, &catalog).unwrap());
        for m in &sc.moves {
            scene.play(&m.label).unwrap();
        }
        scene.invariants().unwrap();
        scene.view(Viewer::All)
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

    const BATTLE: &str = r#"
game = "bizarre-world"
catalog = "cards.toml"
seed = 3
turn = 4
active = "a"
phase = "main"

[seat.a]
life = 15
hand = []
deck = ["Filler Beast", "Filler Beast"]
resources = ["Filler Beast", { card = "Filler Beast", exhausted = true }]
play_area = ["Boring Rock of Minimum Wage", "Boring Alien of Sacrifice", "Boring Penny Printer of Emptiness"]

[seat.b]
life = 15
hand = ["Filler Beast"]
deck = ["Filler Beast"]
resources = ["Filler Beast"]
play_area = ["Boring Gift of Minimum Wage"]
"#;

    #[test]
    fn main_phase_positions_round_trip() {
        round_trip(played(BATTLE));
        let text = format!(
            "{BATTLE}\n[[move]]\nmove = \"Use the ability of Boring Rock of Minimum Wage\"\n\
             [[move]]\nmove = \"Use the ability of Boring Penny Printer of Emptiness\"\n"
        );
        let st = played(&text);
        assert_eq!(st["seats"]["a"]["attack"], 2);
        assert_eq!(
            st["seats"]["a"]["zones"]["play_area"][0]["contributed"], 2,
            "{st}"
        );
        round_trip(st);
    }

    #[test]
    fn a_response_round_trips() {
        let text = format!(
            "{BATTLE}\n[[move]]\nmove = \"Use the ability of Boring Rock of Minimum Wage\"\n\
             [[move]]\nmove = \"Use the ability of Boring Alien of Sacrifice\"\n\
             [[move]]\nmove = \"Declare an attack\"\n\
             [[move]]\nmove = \"Use the ability of Boring Gift of Minimum Wage\"\n"
        );
        let st = played(&text);
        assert_eq!(st["phase"], "responding_to_an_attack");
        assert_eq!(st["active"], "b");
        assert_eq!(st["seats"]["a"]["attack_declared"], 6);
        assert_eq!(st["seats"]["b"]["attack"], 3);
        assert_eq!(
            st["seats"]["a"]["zones"]["play_area"][0]["attack_source"], 2,
            "{st}"
        );
        round_trip(st);
    }

    #[test]
    fn the_next_turn_round_trips() {
        let text = format!(
            "{BATTLE}\n[[move]]\nmove = \"Use the ability of Boring Rock of Minimum Wage\"\n\
             [[move]]\nmove = \"End turn\"\n"
        );
        let st = played(&text);
        assert_eq!(st["phase"], "sacrifice");
        assert_eq!(st["active"], "b");
        round_trip(st);
    }

    #[test]
    fn impossible_positions_are_refused() {
        let bad = |from: &str, to: &str| {
            let text = BATTLE.replace(from, to);
            let path = dir().join("bad.toml");
            let sc = scenario::parse(&path, &text).unwrap();
            let catalog = crate::catalog::load(&sc.catalog).unwrap().catalog;
            scenario::session(&sc, &catalog).err().map(|d| d.message)
        };
        let e = bad("turn = 4", "turn = 1").map(|_| ());
        assert_eq!(e, None, "a first-turn main phase is fine");
        let e = bad(
            "phase = \"main\"",
            "phase = \"responding_to_an_attack\"\nfirst = \"a\"",
        )
        .unwrap();
        assert!(e.contains("attack_declared"), "{e}");
        let e = bad(
            "hand = [\"Filler Beast\"]",
            "hand = [{ card = \"Filler Beast\", exhausted = true }]",
        )
        .unwrap();
        assert!(e.contains("exhausted"), "{e}");
        let e = bad("[seat.b]\nlife = 15", "[seat.b]\nlife = 0").unwrap();
        assert!(e.contains("over"), "{e}");
        let e = bad("[seat.b]\nlife = 15", "[seat.b]\nlife = 15\nattack = 2").unwrap();
        assert!(e.contains("lost at the end"), "{e}");
    }
}
