//! A position of a two-player game set up by hand (a scenario file,
//! `schema/scenario.md`), and any state written out as one seat sees it.
//!
//! [`place`] is written once for every game: it puts each listed card in
//! its zone, sets the turn, the seat to act and the counters, then hands
//! the game's own parts (per-card state, the phase, the slot limits) to the
//! game's [`Rules`]. [`state_json`] is the inverse view: the state JSON of
//! formats.md §5, where a card the viewer may not see is `"?"` and a log
//! line never names it ([`Rules::sees`], the one hidden-information rule).

use serde_json::{Map, Value, json};

use super::core::{Outcome, Seat, Viewer, ZoneId, rng};
use super::game::{Rules, render_note_for};

/// A position, its cards named by the copy they will be: seat `p`'s `k`-th
/// listed card (over its zones, in order) is player `p`'s copy `k` of the
/// compiled decks.
#[derive(Clone, Debug, Default)]
pub struct Position {
    pub seed: u64,
    /// The turn number (Rizontical: the round) of the seat to act.
    pub turn: u16,
    /// The seat whose turn it is.
    pub active: usize,
    /// The seat that took the first turn of the game.
    pub first: usize,
    pub phase: Option<Line<String>>,
    pub seats: [SeatPosition; 2],
}

/// A value with the line of the file it came from.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Line<T> {
    pub value: T,
    pub line: usize,
}

/// One seat of a [`Position`].
#[derive(Clone, Debug, Default)]
pub struct SeatPosition {
    pub counters: Vec<(Line<String>, i64)>,
    pub zones: Vec<ZonePosition>,
}

/// One zone and its cards (a deck: top first).
#[derive(Clone, Debug, Default)]
pub struct ZonePosition {
    pub name: Line<String>,
    pub cards: Vec<CardPosition>,
}

/// One card: its name and its state, key by key.
#[derive(Clone, Debug, Default)]
pub struct CardPosition {
    pub name: Line<String>,
    pub state: Vec<(Line<String>, Value)>,
}

/// What is wrong with a position, at a line of its file (0: the file).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Misplaced {
    pub line: usize,
    pub message: String,
}

fn at(line: usize, message: impl Into<String>) -> Misplaced {
    Misplaced {
        line,
        message: message.into(),
    }
}

/// Player `p`'s names: `"a"`, `"b"` (Strange World goes on to `"d"`).
pub fn seat_name(p: usize) -> &'static str {
    ["a", "b", "c", "d"].get(p).copied().unwrap_or("?")
}

/// Sets `pos` up as a state of `rules`, whose decks hold exactly the
/// position's cards in order (see [`Position`]).
pub fn place<R: Rules>(rules: &R, pos: &Position) -> Result<R::State, Misplaced> {
    let mut st = rules.new_state();
    let seat = if pos.first == 0 {
        Seat::First
    } else {
        Seat::Second
    };
    // the game's own reset (life, counters, per-card state), then the
    // position replaces what was dealt
    rules.deal(&mut st, pos.seed, seat);
    let table = rules.table();
    {
        let core = rules.core_mut(&mut st);
        core.zones.clear();
        core.rng = rng(pos.seed);
        core.seed = pos.seed;
        core.seat = seat;
        core.passive = [false; 2];
        core.active = pos.active;
        core.outcome = None;
        core.lasting.clear();
        core.trace.clear();
        core.log.clear();
        core.log.on = true;
        // the seat to act is in its turn `turn`; the other has had as many
        // turns if it went first, one fewer if not
        let other = 1 - pos.active;
        core.turns[pos.active] = pos.turn;
        core.turns[other] = if pos.first == other {
            pos.turn
        } else {
            pos.turn.saturating_sub(1)
        };
        for _ in 0..core.turns[0] {
            core.trace.open_turn();
        }
    }
    // cards into zones, copy by copy in listing order
    let mut placed: [Vec<(u16, &CardPosition)>; 2] = [Vec::new(), Vec::new()];
    for (p, seat) in pos.seats.iter().enumerate() {
        let mut copy = table.range(p).start;
        for zone in &seat.zones {
            let z = rules.zone_named(p, &zone.name.value).ok_or_else(|| {
                at(
                    zone.name.line,
                    format!(
                        "{} has no zone `{}` (its zones: {})",
                        crate::games::game(rules.game()).def().name,
                        zone.name.value,
                        zone_list::<R>()
                    ),
                )
            })?;
            let ids: Vec<u16> = (copy..copy + zone.cards.len()).map(|c| c as u16).collect();
            copy += zone.cards.len();
            let core = rules.core_mut(&mut st);
            if !core.zones.is_empty(z) {
                return Err(at(
                    zone.name.line,
                    format!("zone `{}` is listed twice", zone.name.value),
                ));
            }
            // a deck is listed top first; its top is the end of the list
            let face_down = ids
                .first()
                .is_some_and(|&c| rules.secrecy(&st, z, c) == super::core::Secrecy::Nobody);
            let core = rules.core_mut(&mut st);
            if face_down {
                for &c in ids.iter().rev() {
                    core.zones.put(z, c);
                }
            } else {
                for &c in &ids {
                    core.zones.put(z, c);
                }
            }
            placed[p].extend(ids.into_iter().zip(&zone.cards));
        }
        if copy != table.range(p).end {
            return Err(at(
                0,
                "the decks do not match the position (an engine defect)",
            ));
        }
    }
    // the phase before the per-card state and the counters: in a phase where
    // the seat to act is not the seat whose turn it is (a defender
    // answering), the phase says whose turn it is ([`turn_of`]), and the
    // counters and cards of a turn belong to that seat
    let phase_line = pos.phase.as_ref().map_or(0, |p| p.line);
    rules
        .set_phase(&mut st, pos.phase.as_ref().map(|p| p.value.as_str()))
        .map_err(|e| at(phase_line, e))?;
    // per-card state: a card's own keys may name other cards already placed,
    // its own seat's first, else the other seat's (a Rizontical Aura on an
    // enemy Fighter)
    for (p, cards) in placed.iter().enumerate() {
        for (copy, card) in cards {
            for (key, value) in &card.state {
                let find = |name: &str| {
                    let named =
                        |c: u16| c != *copy && rules.copy_name(c).eq_ignore_ascii_case(name.trim());
                    cards
                        .iter()
                        .map(|(c, _)| *c)
                        .find(|&c| named(c))
                        .filter(|&c| rules.table().owner(c) == p)
                        .or_else(|| placed[1 - p].iter().map(|(c, _)| *c).find(|&c| named(c)))
                };
                rules
                    .set_card_state(&mut st, *copy, &key.value, value, &find)
                    .map_err(|e| at(key.line, format!("{}: {e}", card.name.value)))?;
            }
        }
    }
    for (p, seat) in pos.seats.iter().enumerate() {
        for (name, value) in &seat.counters {
            rules
                .set_counter(&mut st, p, &name.value, *value)
                .map_err(|e| at(name.line, e))?;
        }
    }
    rules
        .settle_position(&mut st)
        .map_err(|e| at(line_for(pos, &e), e))?;
    rules.invariants(&st).map_err(|e| {
        let e = format!("the position is impossible: {e}");
        at(line_for(pos, &e), e)
    })?;
    Ok(st)
}

/// The line a whole-position error most likely points at (`0`: the
/// file). The seat the message names first ("seat b's Altar holds ...") is
/// searched first, then both; in each: a key the message writes in
/// backticks (a counter or a card's state), a card it names (one lying in a
/// zone it names first), a card state key or a counter it names ("seat b
/// has 0 life"), a zone it names. A rule about the first turn ("no attack
/// ... on the first turn") points at the phase line.
fn line_for(pos: &Position, message: &str) -> usize {
    let lower = message.to_lowercase();
    let words = |name: &str| name.trim().to_lowercase().replace('_', " ");
    let says = |name: &str| {
        let w = words(name);
        !w.is_empty() && contains_word(&lower, &w)
    };
    let ticked: Vec<&str> = message.split('`').skip(1).step_by(2).collect();
    // a rule about the first turn: the phase says what is being done in it
    if lower.contains("first turn")
        && let Some(p) = &pos.phase
    {
        return p.line;
    }
    // the seat named first, when the message names both
    let first_named = (0..pos.seats.len())
        .filter_map(|q| {
            lower
                .find(&format!("seat {}", seat_name(q)))
                .map(|at| (at, q))
        })
        .min()
        .map(|(_, q)| q);
    let search = |seats: &[usize]| -> usize {
        let seat_list = || seats.iter().map(|&p| &pos.seats[p]);
        // a key in backticks: a counter, else a card's state key
        for key in &ticked {
            for seat in seat_list() {
                if let Some((n, _)) = seat.counters.iter().find(|(n, _)| n.value == *key) {
                    return n.line;
                }
                for c in seat.zones.iter().flat_map(|z| &z.cards) {
                    if let Some((k, _)) = c.state.iter().find(|(k, _)| k.value == *key) {
                        return k.line;
                    }
                }
            }
        }
        // a card it names, in a zone it names first
        let mut first_card = None;
        for seat in seat_list() {
            for z in &seat.zones {
                for c in &z.cards {
                    if lower.contains(&c.name.value.trim().to_lowercase()) {
                        if says(&z.name.value) {
                            return c.name.line;
                        }
                        first_card.get_or_insert(c.name.line);
                    }
                }
            }
        }
        if let Some(line) = first_card {
            return line;
        }
        for seat in seat_list() {
            for c in seat.zones.iter().flat_map(|z| &z.cards) {
                if let Some((k, _)) = c.state.iter().find(|(k, _)| says(&k.value)) {
                    return k.line;
                }
            }
            if let Some((n, _)) = seat.counters.iter().find(|(n, _)| says(&n.value)) {
                return n.line;
            }
        }
        for seat in seat_list() {
            if let Some(z) = seat.zones.iter().find(|z| says(&z.name.value)) {
                return z.name.line;
            }
        }
        0
    };
    if let Some(p) = first_named {
        let line = search(&[p]);
        if line != 0 {
            return line;
        }
    }
    let all: Vec<usize> = (0..pos.seats.len()).collect();
    match search(&all) {
        0 if lower.contains("phase") => pos.phase.as_ref().map_or(0, |p| p.line),
        line => line,
    }
}

/// Whether `text` holds `word` as whole words (not inside another word:
/// "life" in "seat b has 0 life", not "hand" in "handle").
fn contains_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + word.len()..].chars().next();
        let edge = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric());
        edge(before) && (edge(after) || after == Some('s'))
    })
}

/// Makes `owner` the seat whose turn it is, in its turn of the position.
///
/// [`place`] reads a position's `active` as the seat whose turn it is; in a
/// phase where the other seat is to act (a defender answering an attack,
/// a spell played in answer), `active` names the seat to act (formats.md
/// §5), and the game's [`Rules::set_phase`] calls this with the seat whose
/// turn it really is. The position's `turn` stays that seat's turn number.
pub fn turn_of<Z: ZoneId>(core: &mut super::core::Core<Z>, owner: usize) {
    if core.active == owner {
        return;
    }
    let turn = core.turns[core.active];
    let other = 1 - owner;
    core.active = owner;
    core.turns[owner] = turn;
    core.turns[other] = if core.seat.first_player() == other {
        turn
    } else {
        turn.saturating_sub(1)
    };
    core.trace.clear();
    for _ in 0..core.turns[0] {
        core.trace.open_turn();
    }
}

/// The zone names a position may use, for messages.
fn zone_list<R: Rules>() -> String {
    let names: Vec<String> = R::Zone::all()
        .filter(|z| z.player() == 0)
        .map(|z| super::game::key_of(z.name()))
        .collect();
    names.join(", ")
}

/// The state JSON of formats.md §5 as `viewer` sees it.
pub fn state_json<R: Rules>(rules: &R, st: &R::State, viewer: Viewer) -> Value {
    let core = rules.core(st);
    let mut seats = Map::new();
    for p in 0..2 {
        let mut seat = Map::new();
        for (name, value) in rules.counters(st, p) {
            seat.insert(name.to_string(), json!(value));
        }
        let mut zones = Map::new();
        for z in R::Zone::all().filter(|z| z.player() == p) {
            let mut cards: Vec<Value> = core
                .zones
                .get(z)
                .iter()
                .map(|&c| card_json(rules, st, viewer, z, c))
                .collect();
            let deck = core
                .zones
                .get(z)
                .first()
                .is_some_and(|&c| rules.secrecy(st, z, c) == super::core::Secrecy::Nobody);
            if deck {
                // a deck reads top first, as it is written
                cards.reverse();
            }
            zones.insert(super::game::key_of(z.name()), Value::Array(cards));
        }
        seat.insert("zones".into(), Value::Object(zones));
        seats.insert(seat_name(p).into(), Value::Object(seat));
    }
    let over = core.outcome.map(|o| match o {
        Outcome::Win { .. } => json!({"winner": "a"}),
        Outcome::Loss { .. } => json!({"winner": "b"}),
        Outcome::Draw { .. } | Outcome::Unfinished { .. } => json!({"winner": "draw"}),
    });
    let log: Vec<Value> = core
        .log
        .notes
        .iter()
        .map(|n| {
            let who = format!("{}: ", seat_name(usize::from(n.player)));
            Value::String(render_note_for(rules, st, n, viewer, &who))
        })
        .collect();
    json!({
        "game": rules.game().to_string(),
        "turn": rules.position_turn(st),
        "active": seat_name(rules.to_act(st)),
        "first": seat_name(core.seat.first_player()),
        "phase": rules.phase_name(st),
        "over": over,
        "seats": seats,
        "log": log,
    })
}

/// One card as `viewer` sees it: `"?"`, its name, or its name and state.
fn card_json<R: Rules>(rules: &R, st: &R::State, viewer: Viewer, z: R::Zone, c: u16) -> Value {
    if !rules.sees(st, viewer, z, c) {
        return Value::String("?".into());
    }
    let state = rules.card_state(st, c);
    let name = Value::String(rules.copy_name(c).to_string());
    if state.is_empty() {
        return name;
    }
    let mut m = Map::new();
    m.insert("card".into(), name);
    for (k, v) in state {
        m.insert(k.to_string(), v);
    }
    Value::Object(m)
}

#[cfg(test)]
mod line_tests {
    use super::*;

    fn pos(text: &str) -> Position {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios/x.toml");
        crate::scenario::parse(&path, text)
            .unwrap_or_else(|d| panic!("{d}"))
            .position
    }

    /// formats.md §5 (issue 50 item 18): every refusal of a whole position
    /// names its line — the counter, the zone or the card of the seat the
    /// message names, or the phase for a rule about the first turn.
    #[test]
    fn format_18_every_refusal_has_its_line() {
        let bw = pos(r#"game = "bizarre-world"
catalog = "cards.toml"
turn = 1
active = "a"
phase = "responding_to_an_attack"

[seat.a]
life = 5
attack = 2
attack_declared = 3
play_area = [{ card = "Rock", attack_source = 4 }]

[seat.b]
life = 0
"#);
        // lines: phase 5, a's life 8, attack 9, attack_declared 10, the
        // Play Area 11, b's life 14
        let at = |m: &str| line_for(&bw, m);
        assert_eq!(at("seat b has 0 life: the game would be over (L10)"), 14);
        assert_eq!(at("no attack can be declared on the first turn (L161)"), 5);
        assert_eq!(
            at(
                "⚔ not spent is lost at the end of its turn: seat a's `attack` must be 0 on seat b's turn"
            ),
            9
        );
        assert_eq!(
            at("the attack sources contributed 4 ⚔ and the attack spent 3"),
            11
        );
        let fz = pos(r#"game = "fuzzycards"
catalog = "cards.toml"
turn = 3
active = "a"

[seat.a]
hand = ["Fuzzy Gauntlets"]
altar = ["Steady Badger"]

[seat.b]
altar = ["Steady Badger", "Steady Badger", "Steady Badger", "Steady Badger"]
equipped = ["Fuzzy Gauntlets"]
"#);
        assert_eq!(
            line_for(&fz, "seat b's Altar holds 4 cards; it has 3 slots"),
            11
        );
        assert_eq!(
            line_for(&fz, "Fuzzy Gauntlets is equipped but not `on` a Hero"),
            12
        );
    }
}
