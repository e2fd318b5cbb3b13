//! Scenarios: a position of a game written as a file, moves played from
//! it, and checks on the result (formats.md §5, `schema/scenario.md`).
//!
//! [`file`] reads the file; [`start`] compiles decks holding exactly the
//! position's cards and has the game's engine place them
//! ([`crate::engine::position`]); [`play`] plays the moves by the labels
//! the app shows, keeping the state after each as a viewer sees it;
//! [`check`] reads the `[[expect]]` paths; [`write`] turns a state back
//! into a scenario file (the app's "Save position").

pub mod file;

use std::path::Path;

use serde::Serialize;
use serde_json::Value;

pub use file::{Expect, Move, Scenario, load, parse};

use crate::diag::Diagnostic;
use crate::engine::core::Viewer;
use crate::engine::session::{Choice, DeckSide, Engine, EngineOptions, Session};
use crate::engine::{DeckCards, EngineError};
use crate::model::Catalog;

fn at(sc: &Scenario, line: usize, message: impl Into<String>) -> Diagnostic {
    Diagnostic {
        file: sc.file.clone(),
        line,
        column: 0,
        message: message.into(),
    }
}

/// Sets the scenario's position up with `catalog`'s cards: both seats
/// played by hand, the log on.
pub fn start(sc: &Scenario, catalog: &Catalog) -> Result<Session, Diagnostic> {
    if catalog.game != sc.game {
        return Err(at(
            sc,
            0,
            format!(
                "the catalog {} is for {}, the scenario for {}",
                sc.catalog.display(),
                catalog.game,
                sc.game
            ),
        ));
    }
    if crate::games::get(sc.game).is_some_and(|g| g.builds_worlds()) {
        return Err(at(
            sc,
            0,
            "Strange World positions are read by `deckwright scenario` for two-player card games only so far",
        ));
    }
    let index = catalog.name_index();
    let mut decks = [
        DeckCards { cards: Vec::new() },
        DeckCards { cards: Vec::new() },
    ];
    for (p, seat) in sc.position.seats.iter().enumerate() {
        for zone in &seat.zones {
            for card in &zone.cards {
                let name = card.name.value.trim();
                let i = match index.named(name) {
                    [i] => *i,
                    [] => match index.by_id(name) {
                        Some(i) => i,
                        None => {
                            return Err(at(
                                sc,
                                card.name.line,
                                format!(
                                    "\"{name}\" is not in the catalog {}",
                                    sc.catalog.display()
                                ),
                            ));
                        }
                    },
                    several => {
                        let ids: Vec<&str> = several
                            .iter()
                            .map(|&i| catalog.cards[i].id.as_str())
                            .collect();
                        return Err(at(
                            sc,
                            card.name.line,
                            format!(
                                "\"{name}\" names {} cards of the catalog; write one of their ids: {}",
                                several.len(),
                                ids.join(", ")
                            ),
                        ));
                    }
                };
                decks[p].cards.push(i as u16);
            }
        }
    }
    let opts = EngineOptions {
        position: true,
        ..EngineOptions::default()
    };
    let engine = Engine::versus(
        DeckSide {
            catalog,
            cards: &decks[0],
        },
        Some(DeckSide {
            catalog,
            cards: &decks[1],
        }),
        &opts,
    )
    .map_err(|e| match e {
        EngineError::NoEngine(_) | EngineError::NotPlayable(_) => at(sc, 0, e.to_string()),
        e => at(sc, 0, format!("the position's cards cannot be played: {e}")),
    })?;
    engine
        .position(&sc.position)
        .map_err(|m| at(sc, m.line, m.message))
}

/// The legal move `label` names: the exact label, else the one label that
/// reads the same without its trailing "(...)" figures.
pub fn find_move(choices: &[Choice], label: &str) -> Option<Choice> {
    let label = label.trim();
    if let Some(c) = choices.iter().find(|c| c.label == label) {
        return Some(c.clone());
    }
    let bare = |s: &str| match s.rfind(" (") {
        Some(i) if s.ends_with(')') => s[..i].to_string(),
        _ => s.to_string(),
    };
    let mut found = choices.iter().filter(|c| bare(&c.label) == bare(label));
    found.next().cloned()
}

/// A scenario played: the state after setup and after each move, as the
/// viewer saw it.
#[derive(Clone, Debug)]
pub struct Played {
    pub states: Vec<Value>,
    /// The label of each move played (as the game words it).
    pub labels: Vec<String>,
    pub session: Session,
}

/// Plays the scenario's moves from its position.
pub fn play(sc: &Scenario, mut session: Session, viewer: Viewer) -> Result<Played, Diagnostic> {
    let mut states = vec![session.view(viewer)];
    let mut labels = Vec::new();
    for m in &sc.moves {
        let to_act = usize::from(session.snapshot().to_act);
        if session.outcome().is_some() {
            return Err(at(sc, m.line, "the game is over: no move can follow"));
        }
        if let Some(seat) = m.seat
            && seat != to_act
        {
            return Err(at(
                sc,
                m.line,
                format!(
                    "seat {} is not to act: seat {} is",
                    crate::engine::position::seat_name(seat),
                    crate::engine::position::seat_name(to_act)
                ),
            ));
        }
        let choices = session.choices();
        let Some(choice) = find_move(&choices, &m.label) else {
            let legal: Vec<String> = choices.iter().map(|c| format!("  {}", c.label)).collect();
            return Err(at(
                sc,
                m.line,
                format!(
                    "\"{}\" is not a legal move here; the legal moves are:\n{}",
                    m.label,
                    legal.join("\n")
                ),
            ));
        };
        session
            .apply(&choice.action)
            .map_err(|e| at(sc, m.line, format!("\"{}\": {e}", m.label)))?;
        labels.push(choice.label);
        states.push(session.view(viewer));
    }
    Ok(Played {
        states,
        labels,
        session,
    })
}

/// One `[[expect]]` checked.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Checked {
    pub path: String,
    pub equals: Value,
    pub found: Value,
    pub holds: bool,
    #[serde(skip)]
    pub line: usize,
}

/// The value at a dotted `path` of a state: object keys, list indexes
/// (from 0), and `len` for a list's length. `Null` when there is none.
pub fn lookup(state: &Value, path: &str) -> Value {
    let mut v = state;
    for part in path.split('.') {
        v = match v {
            Value::Object(m) => match m.get(part) {
                Some(x) => x,
                None => return Value::Null,
            },
            Value::Array(a) if part == "len" => return Value::from(a.len()),
            Value::Array(a) => match part.parse::<usize>().ok().and_then(|i| a.get(i)) {
                Some(x) => x,
                None => return Value::Null,
            },
            _ => return Value::Null,
        };
    }
    v.clone()
}

/// Whether `found` is what `equals` asks: the same value (numbers by
/// value), or a card's name for a card with state.
pub fn matches(found: &Value, equals: &Value) -> bool {
    match (found, equals) {
        (Value::Number(a), Value::Number(b)) => a.as_f64() == b.as_f64(),
        (Value::Object(m), Value::String(s)) => m.get("card").and_then(Value::as_str) == Some(s),
        (Value::Array(a), Value::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(x, y)| matches(x, y))
        }
        _ => found == equals,
    }
}

/// The scenario's checks against `state` (the last one, seen by all).
pub fn check(sc: &Scenario, state: &Value) -> Vec<Checked> {
    sc.expects
        .iter()
        .map(|e| {
            let found = lookup(state, &e.path);
            Checked {
                path: e.path.clone(),
                equals: e.equals.clone(),
                holds: matches(&found, &e.equals),
                found,
                line: e.line,
            }
        })
        .collect()
}

/// A state (as all see it) written as a scenario file: the app's "Save
/// position" and a transcript's position. `catalog` is written as given.
pub fn write(state: &Value, catalog: &Path, seed: u64) -> String {
    let s = |v: &str| toml::Value::String(v.to_string()).to_string();
    let mut out = String::new();
    out.push_str("# A position saved by Deckwright (schema/scenario.md).\n");
    let game = state["game"].as_str().unwrap_or_default();
    out.push_str(&format!("game = {}\n", s(game)));
    out.push_str(&format!(
        "catalog = {}\n",
        s(&catalog.to_string_lossy().replace('\\', "/"))
    ));
    out.push_str(&format!("seed = {seed}\n"));
    out.push_str(&format!(
        "turn = {}\n",
        state["turn"].as_u64().unwrap_or(1).max(1)
    ));
    for key in ["active", "first", "phase"] {
        if let Some(v) = state[key].as_str() {
            out.push_str(&format!("{key} = {}\n", s(v)));
        }
    }
    for seat in ["a", "b"] {
        let Some(m) = state["seats"][seat].as_object() else {
            continue;
        };
        out.push_str(&format!("\n[seat.{seat}]\n"));
        for (k, v) in m {
            if k != "zones" {
                out.push_str(&format!("{k} = {v}\n"));
            }
        }
        if let Some(zones) = m.get("zones").and_then(Value::as_object) {
            for (zone, cards) in zones {
                let cards: Vec<String> = cards
                    .as_array()
                    .map(|a| a.iter().map(card_toml).collect())
                    .unwrap_or_default();
                out.push_str(&format!("{zone} = [{}]\n", cards.join(", ")));
            }
        }
    }
    out
}

/// One card of a state as a scenario writes it.
fn card_toml(card: &Value) -> String {
    match card {
        Value::String(name) => toml::Value::String(name.clone()).to_string(),
        Value::Object(m) => {
            let parts: Vec<String> = m
                .iter()
                .map(|(k, v)| {
                    let v = toml::Value::try_from(v)
                        .map(|t| t.to_string())
                        .unwrap_or_else(|_| "\"\"".into());
                    format!("{k} = {v}")
                })
                .collect();
            format!("{{ {} }}", parts.join(", "))
        }
        other => other.to_string(),
    }
}
