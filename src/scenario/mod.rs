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
pub mod world;

use std::path::Path;

use serde::Serialize;
use serde_json::Value;

pub use file::{Compare, Expect, Move, Scenario, load, parse};

use crate::diag::Diagnostic;
use crate::engine::core::Viewer;
use crate::engine::session::{DeckSide, Engine, EngineOptions, Session};
use crate::engine::{DeckCards, EngineError};
use crate::model::Catalog;

pub(crate) fn at(sc: &Scenario, line: usize, message: impl Into<String>) -> Diagnostic {
    Diagnostic {
        file: sc.file.clone(),
        line,
        column: 0,
        message: message.into(),
    }
}

/// A game set up from a scenario, whatever its engine: what [`play`],
/// `scenario moves` and the checks need. Two-player card games are a
/// [`Session`]; Strange World has its own ([`world`]).
pub trait Scene: Send {
    /// The state JSON (formats.md §5) as `viewer` sees it.
    fn view(&self, viewer: Viewer) -> Value;
    /// The legal moves' labels, as the app shows them.
    fn moves(&self) -> Vec<String>;
    /// The seat to act (0 for seat a).
    fn to_act(&self) -> usize;
    fn over(&self) -> bool;
    /// Plays the legal move `label` names (see [`find_move`]); the label
    /// as the game words it, or why it cannot be played.
    fn play(&mut self, label: &str) -> Result<String, String>;
    /// The engine's own consistency checks (card conservation...).
    fn invariants(&self) -> Result<(), String>;
}

impl Scene for Session {
    fn view(&self, viewer: Viewer) -> Value {
        Session::view(self, viewer)
    }
    fn moves(&self) -> Vec<String> {
        self.choices().into_iter().map(|c| c.label).collect()
    }
    fn to_act(&self) -> usize {
        usize::from(self.snapshot().to_act)
    }
    fn over(&self) -> bool {
        self.outcome().is_some()
    }
    fn play(&mut self, label: &str) -> Result<String, String> {
        let choices = self.choices();
        let labels: Vec<String> = choices.iter().map(|c| c.label.clone()).collect();
        let i = find_move(&labels, label).ok_or_else(|| not_legal(label, &labels))?;
        self.apply(&choices[i].action)
            .map_err(|e| format!("\"{label}\": {e}"))?;
        Ok(labels[i].clone())
    }
    fn invariants(&self) -> Result<(), String> {
        Session::invariants(self)
    }
}

/// The error for a move that is not legal: the legal ones listed.
pub fn not_legal(label: &str, legal: &[String]) -> String {
    let legal: Vec<String> = legal.iter().map(|l| format!("  {l}")).collect();
    format!(
        "\"{label}\" is not a legal move here; the legal moves are:\n{}",
        legal.join("\n")
    )
}

/// Sets the scenario's position up with `catalog`'s cards.
pub fn start(sc: &Scenario, catalog: &Catalog) -> Result<Box<dyn Scene>, Diagnostic> {
    if crate::games::get(sc.game).is_some_and(|g| g.builds_worlds()) {
        return world::start(sc, catalog);
    }
    Ok(Box::new(session(sc, catalog)?))
}

/// Sets a two-player card game's position up: both seats played by hand,
/// the log on.
pub fn session(sc: &Scenario, catalog: &Catalog) -> Result<Session, Diagnostic> {
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
        all_different(sc, catalog, p, seat, &decks[p])?;
    }
    let opts = EngineOptions {
        position: true,
        overrides: overrides(sc),
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
        e if option_line(sc, &e.to_string()).is_some() => at(
            sc,
            option_line(sc, &e.to_string()).unwrap_or(0),
            format!("[options]: {e}"),
        ),
        e => at(sc, 0, format!("the position's cards cannot be played: {e}")),
    })?;
    engine
        .position(&sc.position)
        .map_err(|m| at(sc, m.line, m.message))
}

/// The file's `[options]` as the engine takes `--option key=value`.
pub(crate) fn overrides(sc: &Scenario) -> Vec<(String, String)> {
    sc.options
        .iter()
        .map(|(k, v)| (k.value.clone(), v.clone()))
        .collect()
}

/// The line of the `[options]` key an error about an option names.
pub(crate) fn option_line(sc: &Scenario, message: &str) -> Option<usize> {
    sc.options
        .iter()
        .find(|(k, _)| message.contains(k.value.as_str()))
        .map(|(k, _)| k.line)
}

/// A seat's cards are what its deck was built from: where the game's
/// construction rules say a deck's cards are all different (Rizontical's
/// "8 different Fighter cards" and "30 different Power cards", RZ-D2 and
/// RZ-D3), a second copy of one card in any of the seat's zones is refused
/// at its line. Rules that depend on a deck mode, a player count or an
/// option are left to deck validation: a position names none of them.
fn all_different(
    sc: &Scenario,
    catalog: &Catalog,
    p: usize,
    seat: &crate::engine::position::SeatPosition,
    deck: &DeckCards,
) -> Result<(), Diagnostic> {
    let Some(game) = crate::games::get(sc.game) else {
        return Ok(());
    };
    let rules: Vec<&crate::rules::def::RuleDef> = game
        .def()
        .construction
        .rules
        .iter()
        .filter(|r| {
            r.check == crate::rules::def::CheckKind::Singleton
                && r.modes.is_empty()
                && r.players.is_empty()
                && r.when_option.is_empty()
        })
        .collect();
    if rules.is_empty() {
        return Ok(());
    }
    let counts = |r: &crate::rules::def::RuleDef, card: &crate::model::Card| {
        (r.when.is_empty() || crate::rules::matches(&r.when, card))
            && (r.unless.is_empty() || !crate::rules::matches(&r.unless, card))
    };
    // each card a rule counts: its name, and the line of its first copy
    let mut seen: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    let listed = seat.zones.iter().flat_map(|z| &z.cards);
    for (&i, here) in deck.cards.iter().zip(listed) {
        let card = &catalog.cards[usize::from(i)];
        let Some(rule) = rules.iter().find(|r| counts(r, card)) else {
            continue;
        };
        if let Some(first) = seen.insert(card.name_key(), here.name.line) {
            let plural = rule.noun.as_ref().map_or("cards", |(_, p)| p.as_str());
            let reference = rule
                .reference
                .as_deref()
                .map(|r| format!(" ({r})"))
                .unwrap_or_default();
            return Err(at(
                sc,
                here.name.line,
                format!(
                    "\"{}\" is listed twice for seat {} (first on line {first}): a deck's {plural} are all different{reference}",
                    card.name,
                    crate::engine::position::seat_name(p)
                ),
            ));
        }
    }
    Ok(())
}

/// The legal move `label` names (its index in `labels`): the exact label,
/// else, for a label written without its trailing "(...)" figures, the
/// first label that reads the same without them. A label written with
/// figures names only a move with those figures ("(99 damage)" names no
/// move of 7 damage).
pub fn find_move(labels: &[String], label: &str) -> Option<usize> {
    let label = label.trim();
    if let Some(i) = labels.iter().position(|l| l == label) {
        return Some(i);
    }
    let bare = |s: &str| match s.rfind(" (") {
        Some(i) if s.ends_with(')') => s[..i].to_string(),
        _ => s.to_string(),
    };
    if bare(label) != label {
        return None;
    }
    labels.iter().position(|l| bare(l) == label)
}

/// A scenario played: the state after setup and after each move, as the
/// viewer saw it.
pub struct Played {
    pub states: Vec<Value>,
    /// The state after setup and after each move as everyone sees it, with
    /// `moves` (the legal moves there): what the expects read
    /// ([`final_state`], [`check`]).
    pub truths: Vec<Value>,
    /// The label of each move played (as the game words it).
    pub labels: Vec<String>,
    /// The seat that played each move.
    pub movers: Vec<usize>,
    /// For each seat an `[[expect]]` names as its `viewer`, the state after
    /// setup and after each move as that seat sees it, with `moves` (its
    /// legal moves when it is to act, else none).
    pub seen: std::collections::BTreeMap<usize, Vec<Value>>,
    pub scene: Box<dyn Scene>,
}

/// Plays the scenario's moves from its position.
pub fn play(
    sc: &Scenario,
    mut scene: Box<dyn Scene>,
    viewer: Viewer,
) -> Result<Played, Diagnostic> {
    let mut states = vec![scene.view(viewer)];
    let mut truths = vec![final_state(scene.as_ref())];
    let mut seen: std::collections::BTreeMap<usize, Vec<Value>> = sc
        .expects
        .iter()
        .filter_map(|e| e.viewer)
        .map(|v| (v, vec![seen_by(scene.as_ref(), v)]))
        .collect();
    let mut labels = Vec::new();
    let mut movers = Vec::new();
    for m in &sc.moves {
        if scene.over() {
            return Err(at(sc, m.line, "the game is over: no move can follow"));
        }
        let to_act = scene.to_act();
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
        let label = scene.play(&m.label).map_err(|e| {
            // a seat's own legal moves are no secret to it; the other
            // seat's may name cards in its hand
            match viewer {
                Viewer::Seat(v) if usize::from(v) != to_act => at(
                    sc,
                    m.line,
                    format!(
                        "\"{}\" is not a legal move of seat {} here (its legal moves are not shown to seat {})",
                        m.label.trim(),
                        crate::engine::position::seat_name(to_act),
                        crate::engine::position::seat_name(usize::from(v))
                    ),
                ),
                _ => at(sc, m.line, e),
            }
        })?;
        labels.push(label);
        movers.push(to_act);
        states.push(scene.view(viewer));
        truths.push(final_state(scene.as_ref()));
        for (&v, list) in seen.iter_mut() {
            list.push(seen_by(scene.as_ref(), v));
        }
    }
    Ok(Played {
        states,
        truths,
        labels,
        movers,
        seen,
        scene,
    })
}

/// One `[[expect]]` checked. JSON: `{"path", "equals" | "includes" |
/// "excludes", "found", "holds"}`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Checked {
    pub path: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub equals: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub includes: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub excludes: Option<Value>,
    pub found: Value,
    pub holds: bool,
    /// The move after which the state was read (`after = N`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after: Option<usize>,
    /// The seat through whose eyes it was read (`viewer = "a"`).
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "seat_of")]
    pub viewer: Option<usize>,
    #[serde(skip)]
    pub how: Compare,
    #[serde(skip)]
    pub line: usize,
}

impl Checked {
    /// The value asked for.
    pub fn asked(&self) -> &Value {
        self.equals
            .as_ref()
            .or(self.includes.as_ref())
            .or(self.excludes.as_ref())
            .unwrap_or(&Value::Null)
    }
}

/// The state the checks read: the last state as everyone sees it, with
/// `moves`, the legal moves' labels there.
pub fn final_state(scene: &dyn Scene) -> Value {
    let mut v = scene.view(Viewer::All);
    if let Value::Object(m) = &mut v {
        m.insert(
            "moves".into(),
            Value::Array(scene.moves().into_iter().map(Value::String).collect()),
        );
    }
    v
}

/// The state seat `v` sees, with `moves`: its legal moves when it is to
/// act, else none (the other seat's moves may name its hidden cards).
pub fn seen_by(scene: &dyn Scene, v: usize) -> Value {
    let mut s = scene.view(Viewer::Seat(v as u8));
    if let Value::Object(m) = &mut s {
        let moves = if !scene.over() && scene.to_act() == v {
            scene.moves()
        } else {
            Vec::new()
        };
        m.insert(
            "moves".into(),
            Value::Array(moves.into_iter().map(Value::String).collect()),
        );
    }
    s
}

/// The label of move `i` (from 0) as `viewer` is told it: the label when
/// the viewer played it (or sees all), else only whose move it was (its
/// log lines tell what the viewer may see of it).
pub fn move_header(played: &Played, i: usize, viewer: Viewer) -> String {
    match viewer {
        Viewer::Seat(v) if played.movers.get(i) != Some(&usize::from(v)) => format!(
            "seat {}'s move",
            crate::engine::position::seat_name(played.movers.get(i).copied().unwrap_or(0))
        ),
        _ => played.labels.get(i).cloned().unwrap_or_default(),
    }
}

/// The checks as `viewer` may be shown them: an expect read through other
/// eyes than the viewer's shows as `found` the value at its path in the
/// state the viewer saw (so a failing expect names no card hidden from it).
pub fn shown_to(played: &Played, checked: &[Checked], viewer: Viewer) -> Vec<Checked> {
    checked
        .iter()
        .map(|c| {
            let mut c = c.clone();
            if let Viewer::Seat(v) = viewer
                && c.viewer != Some(usize::from(v))
            {
                let last = played.states.len().saturating_sub(1);
                let state = played
                    .states
                    .get(c.after.unwrap_or(last).min(last))
                    .unwrap_or(&Value::Null);
                c.found = lookup(state, &c.path);
            }
            c
        })
        .collect()
}

/// Whether the list `found` holds a value `want` matches (a move's label
/// also without its trailing figures).
fn holds_one(found: &[Value], want: &Value) -> bool {
    found.iter().any(|f| {
        matches(f, want)
            || match (f.as_str(), want.as_str()) {
                (Some(label), Some(w)) => find_move(&[label.to_string()], w).is_some(),
                _ => false,
            }
    })
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
/// value). A card's bare name asks for that card with no state, as a card
/// table asks for exactly its state: `{ card = "Name" }` is a card with
/// none too.
pub fn matches(found: &Value, equals: &Value) -> bool {
    match (found, equals) {
        (Value::Number(a), Value::Number(b)) => a.as_f64() == b.as_f64(),
        (Value::Object(m), Value::String(s)) => {
            m.len() == 1 && m.get("card").and_then(Value::as_str) == Some(s)
        }
        (Value::String(name), Value::Object(m)) => {
            m.len() == 1 && m.get("card").and_then(Value::as_str) == Some(name)
        }
        (Value::Object(a), Value::Object(b)) => {
            a.len() == b.len()
                && a.iter()
                    .all(|(k, x)| b.get(k).is_some_and(|y| matches(x, y)))
        }
        (Value::Array(a), Value::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(x, y)| matches(x, y))
        }
        _ => found == equals,
    }
}

/// A seat as JSON writes it.
fn seat_of<S: serde::Serializer>(v: &Option<usize>, s: S) -> Result<S::Ok, S::Error> {
    match v {
        Some(p) => s.serialize_str(crate::engine::position::seat_name(*p)),
        None => s.serialize_none(),
    }
}

/// The scenario's checks against the played states: each expect reads the
/// state after its move `after` (else the last), as all see it
/// ([`Played::truths`]) or through its `viewer`'s eyes ([`Played::seen`]).
pub fn check(sc: &Scenario, played: &Played) -> Vec<Checked> {
    sc.expects
        .iter()
        .map(|e| {
            let states = match e.viewer {
                Some(v) => played.seen.get(&v).map_or(&played.truths, |s| s),
                None => &played.truths,
            };
            let last = states.len().saturating_sub(1);
            let state = states
                .get(e.after.unwrap_or(last).min(last))
                .unwrap_or(&Value::Null);
            let found = lookup(state, &e.path);
            let wanted: Vec<Value> = match &e.equals {
                Value::Array(a) => a.clone(),
                v => vec![v.clone()],
            };
            let list = found.as_array().map(Vec::as_slice);
            let holds = match e.how {
                Compare::Equals => matches(&found, &e.equals),
                Compare::Includes => list.is_some_and(|l| wanted.iter().all(|w| holds_one(l, w))),
                Compare::Excludes => list.is_some_and(|l| !wanted.iter().any(|w| holds_one(l, w))),
            };
            let asked = Some(e.equals.clone());
            Checked {
                path: e.path.clone(),
                equals: asked.clone().filter(|_| e.how == Compare::Equals),
                includes: asked.clone().filter(|_| e.how == Compare::Includes),
                excludes: asked.filter(|_| e.how == Compare::Excludes),
                found,
                holds,
                after: e.after,
                viewer: e.viewer,
                how: e.how,
                line: e.line,
            }
        })
        .collect()
}

/// A state (as all see it) written as a scenario file: the app's "Save
/// position" and a transcript's position. `catalog` is written as given.
/// A Strange World state is written by [`world::write_world`], which says
/// why when it cannot be (here the reason comes back as a comment).
pub fn write(state: &Value, catalog: &Path, seed: u64) -> String {
    if state["game"] == "strange-world" {
        return world::write_world(state, catalog, seed)
            .unwrap_or_else(|e| format!("# This position cannot be saved: {e}\n"));
    }
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

/// The scenario's catalog: the file it names beside it, else the stored
/// catalog of that name (`stored` looks it up; `None` when there is none).
/// The app reads a scenario's catalog this way (the CLI through its own
/// `--db` lookup, which says why a stored catalog could not be read).
pub fn catalog_of<T>(
    sc: &Scenario,
    from_file: impl FnOnce(Catalog) -> T,
    stored: impl FnOnce(&str) -> Option<Result<T, String>>,
) -> Result<T, String> {
    if sc.catalog.exists() {
        let c = crate::catalog::load(&sc.catalog)
            .map_err(|d| d.to_string())?
            .catalog;
        return Ok(from_file(c));
    }
    stored(&sc.catalog_name).unwrap_or_else(|| {
        Err(format!(
            "{}: the catalog \"{}\" is neither a file beside it nor a stored catalog",
            sc.file.display(),
            sc.catalog_name
        ))
    })
}

/// A scenario written from a position opened from `from` (whose catalog it
/// names `catalog_name`), to be saved at `to`: saved into another folder,
/// a relative catalog path is made absolute so the file still finds it.
pub fn relocated(text: String, from: &Path, catalog_name: &str, to: &Path) -> String {
    if to.parent() == from.parent() || Path::new(catalog_name).is_absolute() {
        return text;
    }
    let base = from.parent().unwrap_or(Path::new("."));
    let abs = base.join(catalog_name);
    if !abs.exists() {
        // a stored catalog's name: it stays a name
        return text;
    }
    text.replacen(
        &format!(
            "catalog = {}",
            toml::Value::String(catalog_name.to_string())
        ),
        &format!(
            "catalog = {}",
            toml::Value::String(abs.display().to_string().replace('\\', "/"))
        ),
        1,
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_position_saved_elsewhere_still_finds_its_catalog() {
        let dir = tempfile::tempdir().unwrap();
        let from = dir.path().join("a/position.toml");
        std::fs::create_dir_all(dir.path().join("a")).unwrap();
        std::fs::write(dir.path().join("a/cards.toml"), "").unwrap();
        let text = "game = \"fuzzycards\"\ncatalog = \"cards.toml\"\n".to_string();
        // beside the original: as written
        let same = dir.path().join("a/again.toml");
        assert_eq!(
            super::relocated(text.clone(), &from, "cards.toml", &same),
            text
        );
        // elsewhere: the catalog's own path
        let other = dir.path().join("b/saved.toml");
        let moved = super::relocated(text.clone(), &from, "cards.toml", &other);
        let abs = dir.path().join("a/cards.toml").display().to_string();
        assert!(moved.contains(&format!("catalog = \"{abs}\"")), "{moved}");
        // a stored catalog's name stays a name
        let named = "catalog = \"Genesis Wave\"\n".to_string();
        assert_eq!(
            super::relocated(named.clone(), &from, "Genesis Wave", &other),
            named
        );
    }

    use serde_json::json;

    use super::matches;

    /// formats.md §5 (issue 50 item 17): a label written with its figures
    /// names only a move with those figures; without them, any.
    #[test]
    fn format_17_a_label_with_other_figures_names_no_move() {
        let labels = vec!["Attack Life with Steady Badger (6 damage)".to_string()];
        assert_eq!(
            super::find_move(&labels, "Attack Life with Steady Badger (99 damage)"),
            None
        );
        assert_eq!(
            super::find_move(&labels, "Attack Life with Steady Badger"),
            Some(0)
        );
        assert_eq!(
            super::find_move(&labels, "Attack Life with Steady Badger (6 damage)"),
            Some(0)
        );
    }

    #[test]
    fn a_card_table_asks_for_exactly_that_state() {
        let plain = json!("Rock");
        let tapped = json!({"card": "Rock", "exhausted": true});
        assert!(matches(&plain, &json!("Rock")));
        assert!(
            !matches(&tapped, &json!("Rock")),
            "a bare name asks for a card with no state"
        );
        assert!(matches(&plain, &json!({"card": "Rock"})));
        assert!(!matches(&tapped, &json!({"card": "Rock"})));
        assert!(!matches(
            &plain,
            &json!({"card": "Rock", "exhausted": true})
        ));
        assert!(matches(
            &tapped,
            &json!({"exhausted": true, "card": "Rock"})
        ));
        assert!(matches(
            &json!([{"card": "Rock", "hp": 5}]),
            &json!([{"card": "Rock", "hp": 5.0}])
        ));
    }
}
