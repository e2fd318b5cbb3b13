//! Strange World positions (`schema/scenario.md`, "Strange World"): the solo
//! game and the game for 2 to 4.
//!
//! A position names, per seat (`a` to `d`), a World in progress in the
//! finished-World notation of formats.md §3 (`[world.a] rows`, empty cells
//! `"."` or `""`), with its Dark Cities and Travellers; the cards in hand and
//! the solo stacks (`[seat.a]`); the shared supplies and, with 2 to 4
//! players, the Sun (`[world]`). The starting Land lies on the board's centre,
//! D4, as on the World screen, so a move names cells as the app does
//! ("Place Blue Lake on E4"). What a position leaves out is dealt by the
//! seed: the stacks' hidden cards, the Land deck, the Travellers.
//!
//! The state JSON (formats.md §5) shows each seat's World as rows, its score
//! part by part as `deckwright score` computes it, its zones, and the
//! supplies; a viewer sees `"?"` for what the rules hide (the stacks' cards
//! under the revealed one, the other players' hands and passes, the deck).
//! [`write_world`] turns such a state back into a scenario file.

use std::collections::{HashMap, HashSet};
use std::ops::Range;
use std::path::Path;

use rand::seq::SliceRandom;
use serde_json::{Map, Value, json};
use toml::Spanned;
use toml::de::{DeTable, DeValue};

use super::{Scenario, Scene, at, find_move, not_legal};
use crate::catalog::load::{int_of, kind_name};
use crate::diag::{Diagnostic, LineIndex};
use crate::engine::core::Viewer;
use crate::engine::rng;
use crate::engine::solo::words::{cell_name, describe, event_line};
use crate::engine::solo::{
    Action, Components, DarkCity, Event, Match, MatchAction, MatchEvent, MatchPhase, MatchPosition,
    PASS_FIRST, PASS_SECOND, Phase, Pos, SIZE, Side, Solo, SoloPosition, SunDirection, Supply,
    TravellerOffer, Welcomed, World, score, travellers as traveller_scores,
};
use crate::model::Catalog;

/// The seats' names.
const SEATS: [&str; 4] = ["a", "b", "c", "d"];
/// The keys of `[world]` besides the seats' tables.
const WORLD_KEYS: [&str; 7] = [
    "players",
    "travellers",
    "dark_cities",
    "fumaroles",
    "deck",
    "sun",
    "direction",
];
/// The keys of a seat's World, `[world.a]`.
const SEAT_WORLD_KEYS: [&str; 3] = ["rows", "dark_cities", "travellers"];
/// The phases a position may be in (a choice a placement leads to is
/// reached by playing the placement).
const POSITION_PHASES: [&str; 6] = [
    "choose_stack",
    "place",
    "choose_sun",
    "pass_two",
    "pass_one",
    "finished",
];
/// Cards a turn gives each player (a solo stack, a dealt hand).
const HAND: usize = 3;

type Val<'i> = Spanned<DeValue<'i>>;

/// Sets a Strange World position up.
pub fn start(sc: &Scenario, catalog: &Catalog) -> Result<Box<dyn Scene>, Diagnostic> {
    Ok(Box::new(WorldScene::start(sc, catalog)?))
}

/// A Strange World game set up from a scenario.
pub struct WorldScene {
    c: Components,
    game: Game,
    /// What happened since the position, oldest first.
    log: Vec<Logged>,
    /// What the position held, for the conservation checks.
    census: Census,
}

/// The game a scene holds: solo, or for 2 to 4.
#[derive(Clone, Debug)]
pub enum Game {
    Solo(Box<Solo>),
    Match(Box<Match>),
}

#[derive(Clone, Debug)]
enum Logged {
    Solo(Event),
    Match(MatchEvent),
}

/// Everything of the box a game holds, counted.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Census {
    lands: usize,
    fumaroles: u32,
    cities: Vec<u8>,
    travellers: Vec<u8>,
}

impl WorldScene {
    /// Reads the position of `sc` and sets it up.
    pub fn start(sc: &Scenario, catalog: &Catalog) -> Result<WorldScene, Diagnostic> {
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
        let rules = crate::engine::solo::SoloRules::new(&super::overrides(sc)).map_err(|e| {
            let e = e.to_string();
            at(
                sc,
                super::option_line(sc, &e).unwrap_or(0),
                format!("[options]: {e}"),
            )
        })?;
        let c = Components::new(catalog, rules).map_err(|e| {
            at(
                sc,
                0,
                format!("the catalog cannot set up Strange World: {e}"),
            )
        })?;
        let doc = DeTable::parse(&sc.text)
            .map_err(|e| at(sc, 0, format!("TOML syntax: {}", e.message().trim())))?
            .into_inner();
        let game = {
            let mut r = Reader {
                sc,
                lines: LineIndex::new(&sc.text),
                catalog,
                c: &c,
                lands: HashMap::new(),
                travellers: HashMap::new(),
                cities: Vec::new(),
                fumaroles: 0,
            };
            r.read(&doc)?
        };
        WorldScene::of(c, game).map_err(|e| at(sc, 0, format!("the position is impossible: {e}")))
    }

    /// A solo game as a scene (the World screen's game, to save it with
    /// [`write_world`]). The log starts empty.
    pub fn from_solo(c: Components, s: Solo) -> Result<WorldScene, String> {
        WorldScene::of(c, Game::Solo(Box::new(s)))
    }

    /// A game for 2 to 4 as a scene (to save it with [`write_world`]).
    pub fn from_match(c: Components, m: Match) -> Result<WorldScene, String> {
        WorldScene::of(c, Game::Match(Box::new(m)))
    }

    fn of(c: Components, game: Game) -> Result<WorldScene, String> {
        let mut scene = WorldScene {
            c,
            game,
            log: Vec::new(),
            census: Census {
                lands: 0,
                fumaroles: 0,
                cities: Vec::new(),
                travellers: Vec::new(),
            },
        };
        scene.census = scene.count()?;
        Ok(scene)
    }

    /// The scene's components and game, handed out (the World screen plays
    /// on from a position set up from a file).
    pub fn into_game(self) -> (Components, Game) {
        (self.c, self.game)
    }

    /// The Solo game, when it is one.
    pub fn solo(&self) -> Option<&Solo> {
        match &self.game {
            Game::Solo(s) => Some(s),
            Game::Match(_) => None,
        }
    }

    /// The game for 2 to 4, when it is one.
    pub fn game(&self) -> Option<&Match> {
        match &self.game {
            Game::Match(m) => Some(m),
            Game::Solo(_) => None,
        }
    }

    fn players(&self) -> usize {
        match &self.game {
            Game::Solo(_) => 1,
            Game::Match(m) => usize::from(m.players()),
        }
    }

    fn world(&self, seat: usize) -> &World {
        match &self.game {
            Game::Solo(s) => s.world(),
            Game::Match(m) => m.world(seat as u8),
        }
    }

    fn supply(&self) -> &Supply {
        match &self.game {
            Game::Solo(s) => s.supply(),
            Game::Match(m) => m.supply(),
        }
    }

    /// The box's contents in the game; an error names a card in two places.
    fn count(&self) -> Result<Census, String> {
        let lands = match &self.game {
            Game::Solo(s) => s.all_cards(),
            Game::Match(m) => m.all_cards(),
        };
        let mut seen = HashSet::new();
        for &l in &lands {
            if !seen.insert(l) {
                return Err(format!("{} is in two places", self.c.land(l).name));
            }
        }
        let worlds: Vec<&World> = (0..self.players()).map(|p| self.world(p)).collect();
        let supply = self.supply();
        let fumaroles = worlds
            .iter()
            .map(|w| w.cells().filter(|(_, c)| c.fumarole).count() as u32)
            .sum::<u32>()
            + u32::from(supply.fumaroles_left());
        let mut cities: Vec<u8> = worlds
            .iter()
            .flat_map(|w| w.dark_cities().iter().map(|d| d.stars))
            .chain(supply.cities_left().iter().copied())
            .collect();
        cities.sort_unstable();
        let mut travellers: Vec<u8> = worlds
            .iter()
            .flat_map(|w| w.travellers().iter().map(|t| t.traveller))
            .chain(supply.travellers_left())
            .collect();
        travellers.sort_unstable();
        if travellers.windows(2).any(|w| w[0] == w[1]) {
            return Err("a Traveller is in two places".into());
        }
        Ok(Census {
            lands: lands.len(),
            fumaroles,
            cities,
            travellers,
        })
    }

    /// The seat to act: the one placing or turning the Sun, in the draft the
    /// first (a, b, ...) that has not chosen its pass.
    fn seat_to_act(&self) -> usize {
        match &self.game {
            Game::Solo(_) => 0,
            Game::Match(m) => match m.phase() {
                MatchPhase::ChooseSun { seat } | MatchPhase::Play { seat } => usize::from(seat),
                MatchPhase::Draft { .. } => (0..m.players())
                    .find(|&s| m.waits_for(s))
                    .map_or(0, usize::from),
                MatchPhase::Finished => usize::from(m.sun()),
            },
        }
    }

    /// The legal moves of the seat to act, each with its label.
    fn choices(&self) -> Vec<(String, Choice)> {
        let c = &self.c;
        match &self.game {
            Game::Solo(s) => {
                let mut out = Vec::new();
                s.legal_actions(c, &mut out);
                out.into_iter()
                    .map(|a| (describe(c, s.world(), a), Choice::Solo(a)))
                    .collect()
            }
            Game::Match(m) => {
                let seat = self.seat_to_act() as u8;
                let mut out = Vec::new();
                m.legal_actions(c, seat, &mut out);
                out.into_iter()
                    .map(|a| (match_label(c, m, a), Choice::Match(a)))
                    .collect()
            }
        }
    }

    fn phase_name(&self) -> &'static str {
        match &self.game {
            Game::Solo(s) => solo_phase(s.phase()),
            Game::Match(m) => match m.phase() {
                MatchPhase::ChooseSun { .. } => "choose_sun",
                MatchPhase::Draft { pass } if usize::from(pass) == PASS_FIRST => "pass_two",
                MatchPhase::Draft { .. } => "pass_one",
                MatchPhase::Play { seat } => solo_phase(m.seat_phase(seat)),
                MatchPhase::Finished => "finished",
            },
        }
    }

    /// The turn being played: solo, the stack being taken or placed; 2 to
    /// 4, the turn whose Sun is being turned, whose cards are drafted or
    /// placed.
    fn turn(&self) -> u8 {
        match &self.game {
            Game::Solo(s) if s.phase() == Phase::ChooseStack => s.turn() + 1,
            Game::Solo(s) => s.turn(),
            Game::Match(m) if matches!(m.phase(), MatchPhase::ChooseSun { .. }) => m.turn() + 1,
            Game::Match(m) => m.turn(),
        }
    }

    fn over_json(&self) -> Value {
        match &self.game {
            Game::Solo(s) if s.is_finished() => {
                let total = s.score(&self.c).total;
                json!({"winner": "a", "total": total, "rating": self.c.rules.rating(i64::from(total))})
            }
            Game::Match(m) if m.is_finished() => {
                let winners = m.winners(&self.c);
                let totals: Map<String, Value> = m
                    .scores(&self.c)
                    .iter()
                    .enumerate()
                    .map(|(p, b)| (SEATS[p].to_string(), json!(b.total)))
                    .collect();
                let names: Vec<&str> = winners.iter().map(|&w| SEATS[usize::from(w)]).collect();
                if let [one] = names[..] {
                    json!({"winner": one, "totals": totals})
                } else {
                    json!({"winner": "draw", "winners": names, "totals": totals})
                }
            }
            _ => Value::Null,
        }
    }

    fn seat_json(&self, p: usize, viewer: Viewer) -> Value {
        let c = &self.c;
        let w = self.world(p);
        let sees = |seat: usize| match viewer {
            Viewer::All => true,
            Viewer::Seat(v) => usize::from(v) == seat,
        };
        let names = |cards: Vec<u8>, visible: bool| -> Value {
            cards
                .into_iter()
                .map(|l| {
                    if visible {
                        json!(c.land(l).name)
                    } else {
                        json!("?")
                    }
                })
                .collect()
        };
        let mut zones = Map::new();
        match &self.game {
            Game::Solo(s) => {
                // the stack's cards under the revealed one stay face down
                // until it is placed
                let shown = match viewer {
                    Viewer::All => usize::MAX,
                    Viewer::Seat(_) => s.hand().count(),
                };
                let hand: Vec<Value> = s
                    .hand_cards()
                    .enumerate()
                    .map(|(k, l)| {
                        if k < shown {
                            json!(c.land(l).name)
                        } else {
                            json!("?")
                        }
                    })
                    .collect();
                zones.insert("hand".into(), Value::Array(hand));
                for (i, stack) in s.stack_cards().enumerate() {
                    let cards: Vec<Value> = stack
                        .unwrap_or(&[])
                        .iter()
                        .enumerate()
                        .map(|(k, &l)| {
                            if k == 0 || matches!(viewer, Viewer::All) {
                                json!(c.land(l).name)
                            } else {
                                json!("?")
                            }
                        })
                        .collect();
                    zones.insert(format!("stack_{}", i + 1), Value::Array(cards));
                }
            }
            Game::Match(m) => {
                let seat = p as u8;
                let hand: Vec<u8> = if matches!(m.phase(), MatchPhase::Draft { .. }) {
                    m.draft_hand(seat).collect()
                } else {
                    m.seat(seat).hand_cards().collect()
                };
                zones.insert("hand".into(), names(hand, sees(p)));
                let passing: Vec<u8> = m.pending_pass(seat).collect();
                zones.insert("passing".into(), names(passing, sees(p)));
            }
        }
        let frame = Frame::of(w, c);
        let travellers = traveller_scores(w, c);
        let welcomed: Vec<Value> = w
            .travellers()
            .iter()
            .zip(&travellers)
            .map(|(t, s)| {
                let r = t.upper - frame.top as i8;
                json!({
                    "name": c.travellers[usize::from(t.traveller)].name,
                    "rows": [r, r + 1],
                    "side": t.side.as_str(),
                    "met": s.met,
                    "points": s.points,
                })
            })
            .collect();
        let cities: Vec<Value> = w
            .dark_cities()
            .iter()
            .map(|d| match d.junction {
                Some((a, b)) => json!({"stars": d.stars, "between": [cell_name(a), cell_name(b)]}),
                None => json!({"stars": d.stars}),
            })
            .collect();
        json!({
            "score": score(w, c),
            "world": frame.rows(w, c),
            "top_left": cell_name(Pos::new(frame.left, frame.top).unwrap_or(Pos::START)),
            "dark_cities": cities,
            "travellers": welcomed,
            "zones": zones,
        })
    }

    fn supply_json(&self, viewer: Viewer) -> Value {
        let c = &self.c;
        let supply = self.supply();
        let offer: HashSet<u8> = supply.offer().collect();
        let all = matches!(viewer, Viewer::All);
        let travellers: Vec<Value> = supply
            .travellers_left()
            .map(|t| {
                if all || offer.contains(&t) {
                    json!(c.travellers[usize::from(t)].name)
                } else {
                    json!("?")
                }
            })
            .collect();
        let mut out = Map::new();
        out.insert("travellers".into(), Value::Array(travellers));
        out.insert("dark_cities".into(), json!(supply.cities_left()));
        out.insert("fumaroles".into(), json!(supply.fumaroles_left()));
        if let Game::Match(m) = &self.game {
            let deck: Vec<Value> = m
                .deck()
                .iter()
                .map(|&l| {
                    if all {
                        json!(c.land(l).name)
                    } else {
                        json!("?")
                    }
                })
                .collect();
            out.insert("deck".into(), Value::Array(deck));
        }
        Value::Object(out)
    }

    fn log_json(&self, viewer: Viewer) -> Vec<Value> {
        let c = &self.c;
        let sees = |seat: u8| match viewer {
            Viewer::All => true,
            Viewer::Seat(v) => v == seat,
        };
        let names = |cards: &[u8]| -> String {
            let n: Vec<&str> = cards.iter().map(|&l| c.land(l).name.as_str()).collect();
            n.join(", ")
        };
        let seat = |s: u8| SEATS[usize::from(s)];
        let mut out = Vec::new();
        for l in &self.log {
            let line = match l {
                Logged::Solo(e) => match event_line(c, e) {
                    Some(t) => format!("a: {t}"),
                    None => continue,
                },
                Logged::Match(e) => match e {
                    MatchEvent::SunGiven { seat: s } => format!("{} takes the Sun", seat(*s)),
                    MatchEvent::SunTurned { seat: s, direction } => {
                        format!("{} turned the Sun {}", seat(*s), direction.as_str())
                    }
                    MatchEvent::SunPassed { seat: s } => format!("The Sun passes to {}", seat(*s)),
                    MatchEvent::TurnStarted { turn } => format!("Turn {turn}"),
                    MatchEvent::Dealt { seat: s, cards } if sees(*s) => {
                        format!("{} is dealt {}", seat(*s), names(cards))
                    }
                    MatchEvent::Dealt { seat: s, cards } => {
                        format!("{} is dealt {} cards", seat(*s), cards.len())
                    }
                    MatchEvent::Passed { from, to, cards } if sees(*from) || sees(*to) => {
                        format!("{} passed {} to {}", seat(*from), names(cards), seat(*to))
                    }
                    MatchEvent::Passed { from, to, cards } => format!(
                        "{} passed {} card{} to {}",
                        seat(*from),
                        cards.len(),
                        if cards.len() == 1 { "" } else { "s" },
                        seat(*to)
                    ),
                    MatchEvent::Seat {
                        event: Event::Finished { .. },
                        ..
                    } => continue,
                    MatchEvent::Seat { seat: s, event } => match event_line(c, event) {
                        Some(t) => format!("{}: {t}", seat(*s)),
                        None => continue,
                    },
                    MatchEvent::Finished { totals, winners } => {
                        let totals: Vec<String> = totals.iter().map(u32::to_string).collect();
                        let who: Vec<&str> = winners.iter().map(|&w| seat(w)).collect();
                        format!(
                            "Game over ({}): {} win{}",
                            totals.join(" / "),
                            who.join(" and "),
                            if who.len() == 1 { "s" } else { "" }
                        )
                    }
                },
            };
            out.push(Value::String(line));
        }
        out
    }
}

/// A legal move.
#[derive(Clone, Copy, Debug)]
enum Choice {
    Solo(Action),
    Match(MatchAction),
}

fn solo_phase(p: Phase) -> &'static str {
    match p {
        Phase::ChooseStack => "choose_stack",
        Phase::Place => "place",
        Phase::Welcome { .. } => "welcome",
        Phase::Erupt { .. } => "erupt",
        Phase::JoinCity { .. } => "join_city",
        Phase::Finished => "finished",
    }
}

/// A move of a game for 2 to 4 as the World screen words it: the Sun's
/// face, the cards passed, or a placement in the seat's World.
fn match_label(c: &Components, m: &Match, a: MatchAction) -> String {
    match a {
        MatchAction::Sun { direction, .. } => format!("Turn the Sun {}", direction.as_str()),
        MatchAction::PassTwo { cards, .. } => format!(
            "Pass {} and {}",
            c.land(cards[0]).name,
            c.land(cards[1]).name
        ),
        MatchAction::PassOne { card, .. } => format!("Pass {}", c.land(card).name),
        MatchAction::Seat { seat, action } => describe(c, m.world(seat), action),
    }
}

/// "Pass X and Y" read as "Pass Y and X" (the order of two passed cards
/// does not matter).
fn swapped_pass(label: &str) -> Option<String> {
    let rest = label.trim().strip_prefix("Pass ")?;
    let (a, b) = rest.split_once(" and ")?;
    Some(format!("Pass {b} and {a}"))
}

impl Scene for WorldScene {
    fn view(&self, viewer: Viewer) -> Value {
        let mut seats = Map::new();
        for (p, name) in SEATS.iter().enumerate().take(self.players()) {
            seats.insert((*name).into(), self.seat_json(p, viewer));
        }
        let mut out = Map::new();
        out.insert("game".into(), json!("strange-world"));
        out.insert("players".into(), json!(self.players()));
        out.insert("turn".into(), json!(self.turn()));
        out.insert("active".into(), json!(SEATS[self.seat_to_act()]));
        out.insert("phase".into(), json!(self.phase_name()));
        if let Game::Match(m) = &self.game {
            out.insert("sun".into(), json!(SEATS[usize::from(m.sun())]));
            out.insert("direction".into(), json!(m.direction().as_str()));
        }
        out.insert("over".into(), self.over_json());
        out.insert("seats".into(), Value::Object(seats));
        out.insert("supply".into(), self.supply_json(viewer));
        out.insert("log".into(), Value::Array(self.log_json(viewer)));
        Value::Object(out)
    }

    fn moves(&self) -> Vec<String> {
        self.choices().into_iter().map(|(l, _)| l).collect()
    }

    fn to_act(&self) -> usize {
        self.seat_to_act()
    }

    fn over(&self) -> bool {
        match &self.game {
            Game::Solo(s) => s.is_finished(),
            Game::Match(m) => m.is_finished(),
        }
    }

    fn play(&mut self, label: &str) -> Result<String, String> {
        let choices = self.choices();
        let labels: Vec<String> = choices.iter().map(|(l, _)| l.clone()).collect();
        let i = find_move(&labels, label)
            .or_else(|| swapped_pass(label).and_then(|l| find_move(&labels, &l)))
            .ok_or_else(|| not_legal(label, &labels))?;
        let c = &self.c;
        match (&mut self.game, choices[i].1) {
            (Game::Solo(s), Choice::Solo(a)) => {
                let mut ev = Vec::new();
                s.apply(c, a, &mut ev)
                    .map_err(|e| format!("\"{label}\": {e}"))?;
                self.log.extend(ev.into_iter().map(Logged::Solo));
            }
            (Game::Match(m), Choice::Match(a)) => {
                let mut ev = Vec::new();
                m.apply(c, a, &mut ev)
                    .map_err(|e| format!("\"{label}\": {e}"))?;
                self.log.extend(ev.into_iter().map(Logged::Match));
            }
            _ => return Err("the move does not belong to this game (a defect)".into()),
        }
        Ok(labels[i].clone())
    }

    fn invariants(&self) -> Result<(), String> {
        let now = self.count()?;
        if now.lands != self.census.lands {
            return Err(format!(
                "the game holds {} Land cards; the position held {}",
                now.lands, self.census.lands
            ));
        }
        if now.fumaroles != self.census.fumaroles {
            return Err(format!(
                "{} Fumaroles in the Worlds and the supply; the position had {}",
                now.fumaroles, self.census.fumaroles
            ));
        }
        if now.cities != self.census.cities {
            return Err(format!(
                "Dark Cities {:?}; the position had {:?}",
                now.cities, self.census.cities
            ));
        }
        if now.travellers != self.census.travellers {
            return Err("the Travellers are not those of the position".into());
        }
        Ok(())
    }
}

/// The rows a World is shown in: its cards' columns, and their rows with
/// any row a Traveller claims (option `traveller_rows_in_square`; by default
/// a Traveller's rows may lie outside the World and claim none, p.7).
struct Frame {
    left: u8,
    right: u8,
    top: u8,
    bottom: u8,
}

impl Frame {
    fn of(w: &World, c: &Components) -> Frame {
        let (left, mut top, right, mut bottom) = w.bounds().unwrap_or((3, 3, 3, 3));
        if c.rules.traveller_rows_in_square {
            for t in w.travellers() {
                for y in [t.upper, t.upper + 1] {
                    if let Ok(y) = u8::try_from(y) {
                        top = top.min(y);
                        bottom = bottom.max(y);
                    }
                }
            }
        }
        Frame {
            left,
            right,
            top,
            bottom,
        }
    }

    /// The rows in the finished-World notation (`""` for an empty cell).
    fn rows(&self, w: &World, c: &Components) -> Vec<Vec<String>> {
        (self.top..=self.bottom)
            .map(|y| {
                (self.left..=self.right)
                    .map(|x| {
                        let Some(cell) = Pos::new(x, y).and_then(|p| w.cell(p)) else {
                            return String::new();
                        };
                        let mut s = String::new();
                        if cell.fumarole {
                            s.push('*');
                        }
                        if !cell.face_up {
                            s.push('~');
                        }
                        s.push_str(&c.land(cell.card).name);
                        s
                    })
                    .collect()
            })
            .collect()
    }
}

/// A board cell by the World screen's name: column letter, row number
/// (`D4` is the centre).
fn parse_cell(s: &str) -> Option<Pos> {
    let s = s.trim();
    let mut ch = s.chars();
    let col = ch.next()?.to_ascii_uppercase();
    let row: u8 = ch.as_str().parse().ok()?;
    if !col.is_ascii_uppercase() || row == 0 {
        return None;
    }
    Pos::new(col as u8 - b'A', row - 1)
}

/// Every way to pick `k` pairs of side-by-side cells among `free`, no cell
/// twice (at most `limit` ways).
fn pairings(free: &[Pos], k: usize, limit: usize) -> Vec<Vec<(Pos, Pos)>> {
    let mut edges = Vec::new();
    for (i, &a) in free.iter().enumerate() {
        for &b in &free[i + 1..] {
            if a.neighbours().any(|n| n == b) {
                edges.push((a, b));
            }
        }
    }
    fn go(
        edges: &[(Pos, Pos)],
        from: usize,
        k: usize,
        used: u64,
        cur: &mut Vec<(Pos, Pos)>,
        out: &mut Vec<Vec<(Pos, Pos)>>,
        limit: usize,
    ) {
        if out.len() >= limit {
            return;
        }
        if cur.len() == k {
            out.push(cur.clone());
            return;
        }
        for e in from..edges.len() {
            let (a, b) = edges[e];
            let bits = a.bit() | b.bit();
            if used & bits == 0 {
                cur.push((a, b));
                go(edges, e + 1, k, used | bits, cur, out, limit);
                cur.pop();
            }
        }
    }
    let mut out = Vec::new();
    go(&edges, 0, k, 0, &mut Vec::new(), &mut out, limit);
    out
}

/// Reads a position: every name checked against the catalog and counted
/// against the box.
struct Reader<'a> {
    sc: &'a Scenario,
    lines: LineIndex,
    catalog: &'a Catalog,
    c: &'a Components,
    /// Each Land named so far and the line naming it.
    lands: HashMap<u8, usize>,
    /// Each Traveller named so far and its line.
    travellers: HashMap<u8, usize>,
    /// The Dark Cities the Worlds took so far.
    cities: Vec<u8>,
    /// The Fumaroles the Worlds hold.
    fumaroles: u32,
}

/// What the top of the file says about whose move it is.
struct Top {
    turn: Option<(i64, Range<usize>)>,
    phase: Option<(String, Range<usize>)>,
    active: Option<(usize, Range<usize>)>,
}

/// A seat's tables: `[world.a]` and `[seat.a]`, each with its key's span.
#[derive(Default)]
struct SeatTables<'d, 'i> {
    world: Option<(&'d Val<'i>, Range<usize>)>,
    seat: Option<(&'d Val<'i>, Range<usize>)>,
}

/// One zone of `[seat.a]`: its name and its cards (`None`: `"?"`, a card
/// dealt at random), each with its span.
struct Zone {
    name: String,
    span: Range<usize>,
    cards: Vec<(Option<String>, Range<usize>)>,
}

/// A Dark City read: its stars, the two Fumaroles it joins (once known),
/// where the file names it.
type CityRead = (u8, Option<(Pos, Pos)>, Range<usize>);
/// A solo stack read: its cards top first (`None`: dealt at random) and
/// where the file names it.
type StackRead = (Vec<Option<u8>>, Range<usize>);

/// A seat's World read, with its placement details.
struct SeatWorld {
    world: World,
    /// The span naming the World (its `rows`).
    span: Range<usize>,
}

impl Reader<'_> {
    fn line(&self, span: &Range<usize>) -> usize {
        self.lines.locate(span.start).0
    }

    fn err(&self, span: &Range<usize>, message: impl Into<String>) -> Diagnostic {
        let (line, column) = self.lines.locate(span.start);
        Diagnostic {
            file: self.sc.file.clone(),
            line,
            column,
            message: message.into(),
        }
    }

    fn string<'v>(&self, v: &'v Val<'_>, what: &str) -> Result<&'v str, Diagnostic> {
        v.get_ref().as_str().ok_or_else(|| {
            self.err(
                &v.span(),
                format!("{what} must be a string, not {}", kind_name(v.get_ref())),
            )
        })
    }

    fn int(&self, v: &Val<'_>, what: &str, lo: i64, hi: i64) -> Result<i64, Diagnostic> {
        match int_of(v.get_ref()) {
            Some(Some(i)) if (lo..=hi).contains(&i) => Ok(i),
            Some(_) => Err(self.err(&v.span(), format!("{what} must be between {lo} and {hi}"))),
            None => Err(self.err(
                &v.span(),
                format!("{what} must be an integer, not {}", kind_name(v.get_ref())),
            )),
        }
    }

    fn array<'v, 'i>(&self, v: &'v Val<'i>, what: &str) -> Result<&'v [Val<'i>], Diagnostic> {
        v.get_ref().as_array().map(|a| &a[..]).ok_or_else(|| {
            self.err(
                &v.span(),
                format!("{what} must be a list, not {}", kind_name(v.get_ref())),
            )
        })
    }

    fn seat_index(&self, v: &Val<'_>, what: &str, players: usize) -> Result<usize, Diagnostic> {
        let s = self.string(v, what)?;
        SEATS[..players]
            .iter()
            .position(|&n| n == s)
            .ok_or_else(|| {
                self.err(
                    &v.span(),
                    format!(
                        "{what} must be a seat of the game ({}), not \"{s}\"",
                        SEATS[..players].join(", ")
                    ),
                )
            })
    }

    /// A Land by name or id, counted: the box holds one of each.
    fn land(&mut self, span: &Range<usize>, name: &str) -> Result<u8, Diagnostic> {
        let Some(i) = self.c.find_land(name) else {
            let index = self.catalog.name_index();
            let card = index
                .named(name)
                .first()
                .copied()
                .or_else(|| index.by_id(name))
                .map(|i| &self.catalog.cards[i]);
            return Err(match card {
                Some(card) => self.err(
                    span,
                    format!("\"{}\" is a {} card, not a Land", card.name, card.card_type),
                ),
                None => self.err(
                    span,
                    format!(
                        "\"{}\" is not in the catalog {}",
                        name.trim(),
                        self.sc.catalog_name
                    ),
                ),
            });
        };
        let line = self.line(span);
        if let Some(first) = self.lands.insert(i, line) {
            return Err(self.err(
                span,
                format!(
                    "\"{}\" is listed twice (first on line {first}); the box holds one",
                    self.c.land(i).name
                ),
            ));
        }
        Ok(i)
    }

    /// Whether Land `l` belongs where it is named: a starting Land only in
    /// a World, the others of the game's tiers (SW-D1, SW-D2).
    fn tier(
        &self,
        span: &Range<usize>,
        l: u8,
        players: u8,
        in_world: bool,
    ) -> Result<(), Diagnostic> {
        let land = self.c.land(l);
        if land.starting {
            return if in_world {
                Ok(())
            } else {
                Err(self.err(
                    span,
                    format!(
                        "\"{}\" is a starting Land: it starts a World and is never dealt (SW-D2)",
                        land.name
                    ),
                ))
            };
        }
        match land.tier {
            Some(t) if (1..=players).contains(&t) => Ok(()),
            t => {
                let tier = t.map_or("no tier".to_string(), |t| format!("tier {t}"));
                let game = if players == 1 {
                    "a solo game uses the Lands of tier 1 (SW-D1)".to_string()
                } else {
                    format!("a game for {players} uses the Lands of tiers 1 to {players} (SW-D1)")
                };
                Err(self.err(
                    span,
                    format!("\"{}\" is a Land of {tier}: {game}", land.name),
                ))
            }
        }
    }

    /// A Traveller by name or id, counted.
    fn traveller(&mut self, v: &Val<'_>) -> Result<u8, Diagnostic> {
        let name = self.string(v, "a Traveller")?;
        let Some(t) = self.c.find_traveller(name) else {
            let index = self.catalog.name_index();
            return Err(
                match index.named(name).first().map(|&i| &self.catalog.cards[i]) {
                    Some(card) => self.err(
                        &v.span(),
                        format!(
                            "\"{}\" is a {} card, not a Traveller",
                            card.name, card.card_type
                        ),
                    ),
                    None => self.err(
                        &v.span(),
                        format!(
                            "\"{name}\" is not a Traveller of the catalog {}",
                            self.sc.catalog_name
                        ),
                    ),
                },
            );
        };
        let line = self.line(&v.span());
        if let Some(first) = self.travellers.insert(t, line) {
            return Err(self.err(
                &v.span(),
                format!(
                    "Traveller \"{}\" is listed twice (first on line {first}); the box holds one",
                    self.c.travellers[usize::from(t)].name
                ),
            ));
        }
        Ok(t)
    }

    /// A Dark City of `stars` taken from what the box holds.
    fn city(
        &mut self,
        span: &Range<usize>,
        stars: i64,
        box_cities: &[u8],
    ) -> Result<u8, Diagnostic> {
        let mut left: Vec<u8> = box_cities.to_vec();
        for &taken in &self.cities {
            if let Some(i) = left.iter().position(|&s| s == taken) {
                left.remove(i);
            }
        }
        match left.iter().position(|&s| i64::from(s) == stars) {
            Some(i) => {
                let s = left[i];
                self.cities.push(s);
                Ok(s)
            }
            None => {
                let all: Vec<String> = box_cities.iter().map(u8::to_string).collect();
                Err(self.err(
                    span,
                    format!(
                        "no {stars}-star Dark City left: the game's stack is [{}]{}",
                        all.join(", "),
                        if self.cities.is_empty() {
                            String::new()
                        } else {
                            let taken: Vec<String> =
                                self.cities.iter().map(u8::to_string).collect();
                            format!(" and the position already names [{}]", taken.join(", "))
                        }
                    ),
                ))
            }
        }
    }

    fn top(&self, doc: &DeTable<'_>) -> Result<Top, Diagnostic> {
        if let Some(v) = doc.get("first") {
            return Err(self.err(
                &v.span(),
                "Strange World has no `first`: the Sun holder plays first (`[world] sun`)",
            ));
        }
        let turn = doc
            .get("turn")
            .map(|v| Ok::<_, Diagnostic>((self.int(v, "`turn`", 1, 500)?, v.span())))
            .transpose()?;
        let phase = doc
            .get("phase")
            .map(|v| {
                let p = crate::engine::game::key_of(self.string(v, "`phase`")?);
                if !POSITION_PHASES.contains(&p.as_str()) {
                    return Err(self.err(
                        &v.span(),
                        format!(
                            "a Strange World position is in phase {} (a choice a placement leads to is reached by playing the placement), not \"{p}\"",
                            POSITION_PHASES.join(", ")
                        ),
                    ));
                }
                Ok((p, v.span()))
            })
            .transpose()?;
        let active = doc
            .get("active")
            .map(|v| Ok::<_, Diagnostic>((self.seat_index(v, "`active`", 4)?, v.span())))
            .transpose()?;
        Ok(Top {
            turn,
            phase,
            active,
        })
    }

    /// Reads the whole position.
    fn read(&mut self, doc: &DeTable<'_>) -> Result<Game, Diagnostic> {
        let top = self.top(doc)?;
        let empty = DeTable::new();
        let (world, world_span) = match doc.get("world") {
            Some(v) => (
                v.get_ref()
                    .as_table()
                    .ok_or_else(|| self.err(&v.span(), "`world` must be a table: [world]"))?,
                v.span(),
            ),
            None => (&empty, 0..0),
        };
        let mut seats: [SeatTables<'_, '_>; 4] = Default::default();
        for (k, v) in world.iter() {
            let key = k.get_ref().as_ref();
            if let Some(p) = SEATS.iter().position(|&s| s == key) {
                seats[p].world = Some((v, k.span()));
            } else if !WORLD_KEYS.contains(&key) {
                return Err(self.err(
                    &k.span(),
                    format!(
                        "unknown key `{key}` in [world] (it has: {}, and a table per seat: [world.a] to [world.d])",
                        WORLD_KEYS.join(", ")
                    ),
                ));
            }
        }
        if let Some(v) = doc.get("seat") {
            let t = v
                .get_ref()
                .as_table()
                .ok_or_else(|| self.err(&v.span(), "`seat` must hold [seat.a] to [seat.d]"))?;
            for (k, s) in t.iter() {
                let Some(p) = SEATS.iter().position(|&n| n == k.get_ref().as_ref()) else {
                    return Err(self.err(
                        &k.span(),
                        format!(
                            "the seats of Strange World are `a` to `d`, not `{}`",
                            k.get_ref()
                        ),
                    ));
                };
                seats[p].seat = Some((s, k.span()));
            }
        }
        let present = seats
            .iter()
            .rposition(|s| s.world.is_some() || s.seat.is_some())
            .map_or(1, |p| p + 1);
        let players = match world.get("players") {
            Some(v) => {
                let n = self.int(v, "`players`", 1, 4)? as usize;
                if present > n {
                    let s = &seats[present - 1];
                    let span = s
                        .world
                        .as_ref()
                        .or(s.seat.as_ref())
                        .map_or(v.span(), |(_, k)| k.clone());
                    return Err(self.err(
                        &span,
                        format!("players = {n}: there is no seat {}", SEATS[present - 1]),
                    ));
                }
                n
            }
            None => present,
        };
        let mut worlds = Vec::new();
        for (p, s) in seats.iter().enumerate().take(players) {
            let Some((v, key)) = &s.world else {
                return Err(self.err(
                    &world_span,
                    format!(
                        "seat {} has no World: write its rows in [world.{}] (a World holds at least its starting Land)",
                        SEATS[p], SEATS[p]
                    ),
                ));
            };
            worlds.push(self.world(p, v, key, players as u8)?);
        }
        let zones: Vec<Vec<Zone>> = seats
            .iter()
            .take(players)
            .enumerate()
            .map(|(p, s)| match &s.seat {
                Some((v, key)) => self.zones(p, v, key, players),
                None => Ok(Vec::new()),
            })
            .collect::<Result<_, _>>()?;
        if players == 1 {
            let zones = zones.into_iter().next().unwrap_or_default();
            #[allow(clippy::expect_used, reason = "one player has one World")]
            let w = worlds.pop().expect("one World");
            Ok(Game::Solo(Box::new(self.solo(
                &top,
                world,
                &world_span,
                w,
                zones,
            )?)))
        } else {
            Ok(Game::Match(Box::new(self.game(
                &top,
                world,
                &world_span,
                worlds,
                zones,
            )?)))
        }
    }

    /// `[world.a]`: the rows, the Dark Cities and the Travellers.
    fn world(
        &mut self,
        p: usize,
        v: &Val<'_>,
        key: &Range<usize>,
        players: u8,
    ) -> Result<SeatWorld, Diagnostic> {
        let seat = SEATS[p];
        let t = v
            .get_ref()
            .as_table()
            .ok_or_else(|| self.err(key, format!("[world.{seat}] must be a table")))?;
        for (k, _) in t.iter() {
            if !SEAT_WORLD_KEYS.contains(&k.get_ref().as_ref()) {
                return Err(self.err(
                    &k.span(),
                    format!(
                        "unknown key `{}` in [world.{seat}] (a World has: {})",
                        k.get_ref(),
                        SEAT_WORLD_KEYS.join(", ")
                    ),
                ));
            }
        }
        let rows_v = t.get("rows").ok_or_else(|| {
            self.err(
                key,
                format!("[world.{seat}] needs `rows`: the World's rows of cards, top to bottom"),
            )
        })?;
        let rows = self.array(rows_v, "`rows`")?;
        if rows.is_empty() || rows.len() > usize::from(SIZE) {
            return Err(self.err(
                &rows_v.span(),
                format!(
                    "a World has 1 to {SIZE} rows (it becomes a {SIZE} by {SIZE} square); found {}",
                    rows.len()
                ),
            ));
        }
        struct Placed {
            y: usize,
            x: usize,
            land: u8,
            down: bool,
            covered: bool,
            span: Range<usize>,
        }
        let mut cells: Vec<Placed> = Vec::new();
        let mut width: Option<usize> = None;
        for (y, row) in rows.iter().enumerate() {
            let cols = row.get_ref().as_array().ok_or_else(|| {
                self.err(
                    &row.span(),
                    format!(
                        "row {y}: a row is a list of cells (card names, \".\" for none), not {}",
                        kind_name(row.get_ref())
                    ),
                )
            })?;
            if cols.is_empty() || cols.len() > usize::from(SIZE) {
                return Err(self.err(
                    &row.span(),
                    format!(
                        "row {y} has {} cells: a World is 1 to {SIZE} cards wide",
                        cols.len()
                    ),
                ));
            }
            match width {
                None => width = Some(cols.len()),
                Some(w) if w != cols.len() => {
                    return Err(self.err(
                        &row.span(),
                        format!(
                            "row {y} has {} cells and row 0 has {w}: every row is as long (\".\" for an empty cell)",
                            cols.len()
                        ),
                    ));
                }
                Some(_) => {}
            }
            for (x, cell) in cols.iter().enumerate() {
                let raw = cell.get_ref().as_str().ok_or_else(|| {
                    self.err(
                        &cell.span(),
                        format!(
                            "row {y}, column {x}: a cell is a card name (\"~Name\" Tzimime side up, \"*Name\" under a Fumarole) or \".\", not {}",
                            kind_name(cell.get_ref())
                        ),
                    )
                })?;
                let mut name = raw.trim();
                let (mut down, mut covered) = (false, false);
                loop {
                    if let Some(rest) = name.strip_prefix('~') {
                        if down {
                            return Err(self.err(
                                &cell.span(),
                                format!("\"{raw}\": one `~` turns a card Tzimime side up"),
                            ));
                        }
                        down = true;
                        name = rest.trim_start();
                    } else if let Some(rest) = name.strip_prefix('*') {
                        if covered {
                            return Err(self.err(
                                &cell.span(),
                                format!(
                                    "\"{raw}\": a Fumarole card can never cover another Fumarole card (p.8)"
                                ),
                            ));
                        }
                        covered = true;
                        name = rest.trim_start();
                    } else {
                        break;
                    }
                }
                if name.is_empty() || name == "." {
                    if down || covered {
                        return Err(self.err(
                            &cell.span(),
                            format!("\"{raw}\" names no card to turn or cover"),
                        ));
                    }
                    continue;
                }
                let span = cell.span();
                let land = self.land(&span, name)?;
                self.tier(&span, land, players, true)?;
                if down && self.c.land(land).starting {
                    return Err(self.err(
                        &span,
                        format!(
                            "\"{}\" is a starting Land: it has no Tzimime back and cannot lie Tzimime side up",
                            self.c.land(land).name
                        ),
                    ));
                }
                cells.push(Placed {
                    y,
                    x,
                    land,
                    down,
                    covered,
                    span,
                });
            }
        }
        let mut starts = cells.iter().filter(|c| self.c.land(c.land).starting);
        let Some(start) = starts.next() else {
            return Err(self.err(
                &rows_v.span(),
                format!(
                    "the World of seat {seat} has no starting Land: every World grows from one (SW-D2)"
                ),
            ));
        };
        if let Some(second) = starts.next() {
            return Err(self.err(
                &second.span,
                format!(
                    "\"{}\" is a second starting Land in this World (the first on line {}): each player has one (SW-D2)",
                    self.c.land(second.land).name,
                    self.line(&start.span)
                ),
            ));
        }
        // the starting Land lies on the board's centre (D4), as on the
        // World screen: a row and a column of the file are a row and a
        // column of the board from there
        let (y0, x0) = (start.y as i64, start.x as i64);
        let centre = i64::from(SIZE) - 1;
        #[allow(
            clippy::expect_used,
            reason = "a 4 by 4 World around the centre fits the board"
        )]
        let board = |y: usize, x: usize| {
            Pos::new(
                (centre + x as i64 - x0) as u8,
                (centre + y as i64 - y0) as u8,
            )
            .expect("a 4 by 4 World around the centre fits the board")
        };
        let mut world = World::new();
        for cell in &cells {
            let at = board(cell.y, cell.x);
            world.put(at, cell.land, self.c.land(cell.land));
            if cell.down {
                world.flip(at);
            }
            if cell.covered {
                world.cover(at);
                self.fumaroles += 1;
            }
        }
        // every card touches the World grown from the starting Land (p.3)
        let mut reached = vec![Pos::START];
        let mut seen: HashSet<Pos> = reached.iter().copied().collect();
        while let Some(p) = reached.pop() {
            for n in p.neighbours() {
                if world.cell(n).is_some() && seen.insert(n) {
                    reached.push(n);
                }
            }
        }
        for cell in &cells {
            if !seen.contains(&board(cell.y, cell.x)) {
                return Err(self.err(
                    &cell.span,
                    format!(
                        "\"{}\" does not touch the rest of the World: each card is placed orthogonally adjacent to the cards already there (p.3)",
                        self.c.land(cell.land).name
                    ),
                ));
            }
        }
        world.mark_completed_portals();
        if let Some(tv) = t.get("travellers") {
            let mut side: Option<Side> = None;
            for item in self.array(tv, "`travellers`")? {
                let span = item.span();
                let tt = item.get_ref().as_table().ok_or_else(|| {
                    self.err(
                        &span,
                        "a Traveller is a table { name = \"Splash\", rows = [0, 1], side = \"left\" }",
                    )
                })?;
                for (k, _) in tt.iter() {
                    if !["name", "rows", "side"].contains(&k.get_ref().as_ref()) {
                        return Err(self.err(
                            &k.span(),
                            format!(
                                "unknown key `{}` in a Traveller (it has: name, rows, side)",
                                k.get_ref()
                            ),
                        ));
                    }
                }
                let name = tt
                    .get("name")
                    .ok_or_else(|| self.err(&span, "a Traveller needs `name`"))?;
                let traveller = self.traveller(name)?;
                let this = match tt.get("side") {
                    None => side.unwrap_or(Side::Left),
                    Some(s) => Side::parse(self.string(s, "`side`")?).ok_or_else(|| {
                        self.err(&s.span(), "a Traveller's `side` is \"left\" or \"right\"")
                    })?,
                };
                if side.is_some_and(|s| s != this) {
                    return Err(self.err(
                        &span,
                        "\"All the Travellers must be placed on the same side of your play area as the first Traveller\" (p.7)",
                    ));
                }
                side = Some(this);
                let rv = tt.get("rows").ok_or_else(|| {
                    self.err(&span, "a Traveller needs `rows`: its two rows, e.g. [0, 1]")
                })?;
                let pair: Vec<Option<i64>> = self
                    .array(rv, "`rows`")?
                    .iter()
                    .map(|x| int_of(x.get_ref()).flatten())
                    .collect();
                let last = rows.len() as i64 - 1;
                // one of the two is the portal's row, a row of the World; the
                // other may be the row above or below it (p.7), unless the
                // option traveller_rows_in_square keeps both in the World
                let in_square = self.c.rules.traveller_rows_in_square;
                let uppers = if in_square { 0..=last - 1 } else { -1..=last };
                let upper = match pair[..] {
                    [Some(a), Some(b)] if (a - b).abs() == 1 && uppers.contains(&a.min(b)) => {
                        a.min(b)
                    }
                    _ => {
                        let which = if in_square {
                            format!("two adjacent rows of the World's `rows`, 0 to {last}")
                        } else {
                            format!(
                                "two adjacent rows, one of them a row of the World's `rows` (0 to {last}; -1 is the row above them, {} the row below)",
                                last + 1
                            )
                        };
                        return Err(self.err(
                            &rv.span(),
                            format!(
                                "a Traveller's `rows` are {which} (a Traveller overlaps the portal's row and the row above or below, p.7)"
                            ),
                        ));
                    }
                };
                world.welcome(
                    Welcomed {
                        traveller,
                        side: this,
                        upper: (centre + upper - y0) as i8,
                    },
                    in_square,
                );
            }
        }
        if let Some(dv) = t.get("dark_cities") {
            self.dark_cities(dv, &mut world, players)?;
        }
        Ok(SeatWorld {
            world,
            span: rows_v.span(),
        })
    }

    /// A World's `dark_cities`: stars, or `{ stars, between = [cell, cell] }`;
    /// the Fumaroles a Dark City joins are found when only one reading fits.
    fn dark_cities(
        &mut self,
        dv: &Val<'_>,
        world: &mut World,
        players: u8,
    ) -> Result<(), Diagnostic> {
        let box_cities: Vec<u8> = if players == 1 {
            self.c.solo_cities().to_vec()
        } else {
            self.c.dark_cities.clone()
        };
        let covered = world.fumarole & world.occupied;
        let mut cities: Vec<CityRead> = Vec::new();
        let mut joined = 0u64;
        for item in self.array(dv, "`dark_cities`")? {
            let span = item.span();
            let (stars, between) = match item.get_ref() {
                DeValue::Integer(_) => (self.int(item, "a Dark City's stars", 0, 255)?, None),
                DeValue::Table(t) => {
                    for (k, _) in t.iter() {
                        if !["stars", "between"].contains(&k.get_ref().as_ref()) {
                            return Err(self.err(
                                &k.span(),
                                format!(
                                    "unknown key `{}` in a Dark City (it has: stars, between)",
                                    k.get_ref()
                                ),
                            ));
                        }
                    }
                    let s = t
                        .get("stars")
                        .ok_or_else(|| self.err(&span, "a Dark City needs `stars`"))?;
                    let stars = self.int(s, "`stars`", 0, 255)?;
                    let between = match t.get("between") {
                        None => None,
                        Some(b) => {
                            let cells: Vec<Option<Pos>> = self
                                .array(b, "`between`")?
                                .iter()
                                .map(|c| c.get_ref().as_str().and_then(parse_cell))
                                .collect();
                            let [Some(a), Some(z)] = cells[..] else {
                                return Err(self.err(
                                    &b.span(),
                                    "`between` names the two Fumaroles' cells, as the World screen names them: [\"C4\", \"D4\"]",
                                ));
                            };
                            if covered & a.bit() == 0 || covered & z.bit() == 0 {
                                return Err(self.err(
                                    &b.span(),
                                    format!(
                                        "a Dark City lies at the junction of 2 Fumarole cards (p.9): no Fumarole on {}",
                                        if covered & a.bit() == 0 { cell_name(a) } else { cell_name(z) }
                                    ),
                                ));
                            }
                            if !a.neighbours().any(|n| n == z) {
                                return Err(self.err(
                                    &b.span(),
                                    format!(
                                        "{} and {} are not side by side: a Dark City lies at the junction of 2 Fumarole cards (p.9)",
                                        cell_name(a),
                                        cell_name(z)
                                    ),
                                ));
                            }
                            if joined & (a.bit() | z.bit()) != 0 {
                                return Err(self.err(
                                    &b.span(),
                                    "\"A Fumarole card cannot be part of the creation of several Dark Cities\" (p.9)",
                                ));
                            }
                            joined |= a.bit() | z.bit();
                            Some((a, z))
                        }
                    };
                    (stars, between)
                }
                other => {
                    return Err(self.err(
                        &span,
                        format!(
                            "a Dark City is its stars (9) or {{ stars = 9, between = [\"C4\", \"D4\"] }}, not {}",
                            kind_name(other)
                        ),
                    ));
                }
            };
            let stars = self.city(&span, stars, &box_cities)?;
            cities.push((stars, between, span));
        }
        let open: Vec<usize> = (0..cities.len())
            .filter(|&i| cities[i].1.is_none())
            .collect();
        if let Some(&first) = open.first() {
            let free: Vec<Pos> = world
                .cells()
                .filter(|(p, c)| c.fumarole && joined & p.bit() == 0)
                .map(|(p, _)| p)
                .collect();
            let ways = pairings(&free, open.len(), 10_000);
            let span = cities[first].2.clone();
            let Some(way) = ways.first().cloned() else {
                return Err(self.err(
                    &span,
                    format!(
                        "{} Dark Cit{} need{} as many pairs of side-by-side Fumaroles that no other Dark City joins (p.9); this World has not",
                        open.len(),
                        if open.len() == 1 { "y" } else { "ies" },
                        if open.len() == 1 { "s" } else { "" }
                    ),
                ));
            };
            let cover =
                |w: &Vec<(Pos, Pos)>| w.iter().fold(0u64, |m, (a, b)| m | a.bit() | b.bit());
            if ways.iter().any(|w| cover(w) != cover(&way)) {
                return Err(self.err(
                    &span,
                    format!(
                        "which Fumaroles does the Dark City of {} stars join? Name them: {{ stars = {}, between = [\"{}\", \"{}\"] }}",
                        cities[first].0,
                        cities[first].0,
                        cell_name(way[0].0),
                        cell_name(way[0].1)
                    ),
                ));
            }
            for (&i, pair) in open.iter().zip(way) {
                cities[i].1 = Some(pair);
            }
        }
        for (stars, junction, _) in cities {
            world.add_city(DarkCity { stars, junction });
        }
        Ok(())
    }

    /// `[seat.a]`: zones of card names (no counters).
    fn zones(
        &self,
        p: usize,
        v: &Val<'_>,
        key: &Range<usize>,
        players: usize,
    ) -> Result<Vec<Zone>, Diagnostic> {
        let seat = SEATS[p];
        let t = v
            .get_ref()
            .as_table()
            .ok_or_else(|| self.err(key, format!("[seat.{seat}] must be a table")))?;
        let allowed: Vec<String> = if players == 1 {
            std::iter::once("hand".to_string())
                .chain((1..=self.c.rules.stacks).map(|i| format!("stack_{i}")))
                .collect()
        } else {
            vec!["hand".into(), "passing".into()]
        };
        let mut out = Vec::new();
        for (k, z) in t.iter() {
            let name = k.get_ref().to_string();
            if !allowed.contains(&name) {
                return Err(self.err(
                    &k.span(),
                    format!(
                        "{} has no zone `{name}` (its zones: {}){}",
                        if players == 1 {
                            "the solo game"
                        } else {
                            "a game for 2 to 4"
                        },
                        allowed.join(", "),
                        if matches!(z.get_ref(), DeValue::Integer(_)) {
                            "; Strange World seats keep no counters"
                        } else {
                            ""
                        }
                    ),
                ));
            }
            let mut cards = Vec::new();
            for card in self.array(z, &format!("`{name}`"))? {
                let s = self.string(card, "a card")?.trim();
                cards.push(((s != "?").then(|| s.to_string()), card.span()));
            }
            out.push(Zone {
                name,
                span: k.span(),
                cards,
            });
        }
        Ok(out)
    }

    /// Cards of a zone, each a Land of the game not yet named; `"?"` only
    /// where `random` allows it.
    fn zone_lands(
        &mut self,
        zone: &Zone,
        players: u8,
        random: bool,
    ) -> Result<Vec<Option<u8>>, Diagnostic> {
        let mut out = Vec::new();
        for (name, span) in &zone.cards {
            match name {
                None if random => out.push(None),
                None => {
                    return Err(self.err(
                        span,
                        format!(
                            "\"?\" (a card dealt at random) may stand in a solo stack only; name the cards of `{}`",
                            zone.name
                        ),
                    ));
                }
                Some(name) => {
                    let l = self.land(span, name)?;
                    self.tier(span, l, players, false)?;
                    out.push(Some(l));
                }
            }
        }
        Ok(out)
    }

    /// The supplies of `[world]` once the Worlds have taken theirs: the
    /// Travellers available (`default` when not listed), the Dark City
    /// stack and the Fumaroles.
    fn supply(
        &mut self,
        world: &DeTable<'_>,
        world_span: &Range<usize>,
        players: u8,
        default_travellers: impl FnOnce(&HashMap<u8, usize>) -> Vec<u8>,
    ) -> Result<Supply, Diagnostic> {
        let travellers = match world.get("travellers") {
            Some(v) => {
                let mut out = Vec::new();
                for t in self.array(v, "`travellers`")? {
                    out.push(self.traveller(t)?);
                }
                out
            }
            None => default_travellers(&self.travellers),
        };
        let box_cities: Vec<u8> = if players == 1 {
            self.c.solo_cities().to_vec()
        } else {
            self.c.dark_cities.clone()
        };
        let cities = match world.get("dark_cities") {
            Some(v) => {
                let mut out = Vec::new();
                for s in self.array(v, "`dark_cities`")? {
                    let stars = self.int(s, "a Dark City's stars", 0, 255)?;
                    out.push(self.city(&s.span(), stars, &box_cities)?);
                }
                out.sort_unstable_by(|a, b| b.cmp(a));
                out
            }
            None => {
                let mut left = box_cities.clone();
                for &taken in &self.cities {
                    if let Some(i) = left.iter().position(|&s| s == taken) {
                        left.remove(i);
                    }
                }
                left
            }
        };
        let in_box = u32::from(self.c.fumaroles);
        let fumaroles = match world.get("fumaroles") {
            Some(v) => {
                let n = self.int(v, "`fumaroles`", 0, 255)? as u32;
                if n + self.fumaroles > in_box {
                    return Err(self.err(
                        &v.span(),
                        format!(
                            "{n} Fumaroles left and {} in the Worlds: the box holds {in_box}",
                            self.fumaroles
                        ),
                    ));
                }
                n
            }
            None => {
                if self.fumaroles > in_box {
                    return Err(self.err(
                        world_span,
                        format!(
                            "the Worlds hold {} Fumaroles: the box holds {in_box}",
                            self.fumaroles
                        ),
                    ));
                }
                in_box - self.fumaroles
            }
        };
        if travellers.len() > 8 {
            return Err(self.err(world_span, "at most 8 Travellers"));
        }
        let kind = if players == 1 {
            TravellerOffer::Open
        } else {
            self.c.rules.traveller_supply
        };
        Ok(Supply::new(&travellers, kind, &cities, fumaroles as u8))
    }

    /// A solo position.
    fn solo(
        &mut self,
        top: &Top,
        world: &DeTable<'_>,
        world_span: &Range<usize>,
        w: SeatWorld,
        zones: Vec<Zone>,
    ) -> Result<Solo, Diagnostic> {
        let c = self.c;
        c.check_solo()
            .map_err(|e| self.err(&(0..0), e.to_string()))?;
        for key in ["deck", "sun", "direction"] {
            if let Some(v) = world.get(key) {
                return Err(self.err(
                    &v.span(),
                    format!("the solo game has no `{key}` (a game for 2 to 4 has)"),
                ));
            }
        }
        if let Some((a, span)) = &top.active
            && *a != 0
        {
            return Err(self.err(span, "the solo game has one seat, a"));
        }
        let size = usize::from(c.rules.stack_size);
        let n = usize::from(c.rules.stacks);
        let mut hand: Vec<u8> = Vec::new();
        let mut listed: Vec<Option<StackRead>> = vec![None; n];
        for z in &zones {
            if z.name == "hand" {
                hand = self
                    .zone_lands(z, 1, false)?
                    .into_iter()
                    .flatten()
                    .collect();
                if hand.len() > size {
                    return Err(self.err(
                        &z.span,
                        format!(
                            "the hand holds the cards of one stack still to place: {size} at most"
                        ),
                    ));
                }
            } else {
                let i: usize = z.name["stack_".len()..].parse().unwrap_or(1);
                let cards = self.zone_lands(z, 1, true)?;
                if cards.len() > size {
                    return Err(self.err(
                        &z.span,
                        format!(
                            "a stack holds {size} cards, top first; found {}",
                            cards.len()
                        ),
                    ));
                }
                listed[i - 1] = Some((cards, z.span.clone()));
            }
        }
        let placed = usize::from(w.world.len()) - 1 + hand.len();
        if !placed.is_multiple_of(size) {
            return Err(self.err(
                &w.span,
                format!(
                    "the World holds {} cards besides its starting Land and the hand {}: each turn places the {size} cards of a stack, so together they are a multiple of {size}",
                    w.world.len() - 1,
                    hand.len()
                ),
            ));
        }
        if w.world.is_complete() && !hand.is_empty() {
            return Err(self.err(
                &w.span,
                format!(
                    "the World is a complete {SIZE} by {SIZE} square: the game is over and no card is left in hand"
                ),
            ));
        }
        let taken = placed / size;
        if taken > n {
            return Err(self.err(
                &w.span,
                format!("{taken} stacks' cards are in the World and the hand; the game has {n}"),
            ));
        }
        // stacks listed `[]` were taken; then the first stacks not listed,
        // as many as the World and the hand need
        let said_taken = listed
            .iter()
            .filter(|s| s.as_ref().is_some_and(|(c, _)| c.is_empty()))
            .count();
        if said_taken > taken {
            #[allow(
                clippy::expect_used,
                reason = "more listed than taken means this many empty spots exist"
            )]
            let (_, span) = listed
                .iter()
                .flatten()
                .filter(|(c, _)| c.is_empty())
                .nth(taken)
                .expect("counted above");
            return Err(self.err(
                span,
                format!(
                    "this stack is listed as taken, but the World and the hand hold the cards of {taken} stack{}",
                    if taken == 1 { "" } else { "s" }
                ),
            ));
        }
        let mut more = taken - said_taken;
        let mut stacks: Vec<Option<Vec<Option<u8>>>> = Vec::with_capacity(n);
        for s in &listed {
            match s {
                Some((cards, _)) if cards.is_empty() => stacks.push(None),
                Some((cards, _)) => stacks.push(Some(cards.clone())),
                None if more > 0 => {
                    more -= 1;
                    stacks.push(None);
                }
                None => stacks.push(Some(Vec::new())),
            }
        }
        if more > 0 {
            return Err(self.err(
                &w.span,
                format!(
                    "the World and the hand hold the cards of {taken} stacks, but only {} stacks are not listed with cards",
                    taken - more
                ),
            ));
        }
        // what the position does not name is dealt by the seed
        let mut r = rng(self.sc.position.seed);
        let mut pool: Vec<u8> = c
            .solo_lands
            .iter()
            .copied()
            .filter(|l| !self.lands.contains_key(l))
            .collect();
        pool.shuffle(&mut r);
        let mut full: Vec<Option<Vec<u8>>> = Vec::with_capacity(n);
        for s in stacks {
            full.push(match s {
                None => None,
                Some(cards) => {
                    let mut out = Vec::with_capacity(size);
                    for k in 0..size {
                        match cards.get(k).copied().flatten() {
                            Some(l) => out.push(l),
                            None => match pool.pop() {
                                Some(l) => out.push(l),
                                None => {
                                    return Err(self.err(
                                        world_span,
                                        "not enough tier-1 Lands left to deal the stacks",
                                    ));
                                }
                            },
                        }
                    }
                    Some(out)
                }
            });
        }
        let revealed_n = usize::from(c.rules.travellers_revealed);
        let supply = self.supply(world, world_span, 1, |named| {
            let mut t: Vec<u8> = (0..c.travellers.len() as u8)
                .filter(|t| !named.contains_key(t))
                .collect();
            t.shuffle(&mut r);
            t.truncate(revealed_n.saturating_sub(named.len()));
            t
        })?;
        let position = SoloPosition {
            world: w.world,
            stacks: full,
            revealed: hand.len() < size,
            hand,
            supply,
            turn: taken as u8,
        };
        let s = Solo::from_position(c, &position).map_err(|e| self.err(&(0..0), e.to_string()))?;
        let phase = solo_phase(s.phase());
        let turn = if s.phase() == Phase::ChooseStack {
            taken + 1
        } else {
            taken
        };
        if let Some((t, span)) = &top.turn
            && *t != turn as i64
        {
            return Err(self.err(
                span,
                format!(
                    "turn {t}: the position is in turn {turn} ({taken} stack{} taken{})",
                    if taken == 1 { "" } else { "s" },
                    if s.phase() == Phase::Place {
                        ", its cards in hand"
                    } else {
                        ""
                    }
                ),
            ));
        }
        if let Some((p, span)) = &top.phase
            && p != phase
        {
            return Err(self.err(
                span,
                format!(
                    "phase \"{p}\": the position is in \"{phase}\" (place while the hand holds cards, choose_stack while it holds none, finished once the World is complete)"
                ),
            ));
        }
        Ok(s)
    }

    /// A position of a game for 2 to 4.
    fn game(
        &mut self,
        top: &Top,
        world: &DeTable<'_>,
        world_span: &Range<usize>,
        worlds: Vec<SeatWorld>,
        zones: Vec<Vec<Zone>>,
    ) -> Result<Match, Diagnostic> {
        let c = self.c;
        let n = worlds.len();
        let players = n as u8;
        c.check_match(players).map_err(|e| {
            let span = world
                .get("players")
                .map_or(world_span.clone(), |v| v.span());
            self.err(&span, e.to_string())
        })?;
        let mut hands: Vec<Vec<u8>> = vec![Vec::new(); n];
        let mut hand_spans: Vec<Range<usize>> = worlds.iter().map(|w| w.span.clone()).collect();
        let mut passing: Vec<(Vec<u8>, Range<usize>)> = vec![(Vec::new(), 0..0); n];
        for (p, zs) in zones.iter().enumerate() {
            for z in zs.iter().filter(|z| z.name == "hand") {
                hands[p] = self
                    .zone_lands(z, players, false)?
                    .into_iter()
                    .flatten()
                    .collect();
                hand_spans[p] = z.span.clone();
                if hands[p].len() > HAND {
                    return Err(self.err(&z.span, format!("a hand holds {HAND} cards at most")));
                }
            }
            for z in zs.iter().filter(|z| z.name == "passing") {
                let mut cards = Vec::new();
                for (name, span) in &z.cards {
                    let l = name.as_deref().and_then(|s| c.find_land(s));
                    match l {
                        Some(l) if hands[p].contains(&l) && !cards.contains(&l) => cards.push(l),
                        _ => {
                            return Err(self.err(
                                span,
                                format!(
                                    "`passing` names cards of seat {}'s hand, each once",
                                    SEATS[p]
                                ),
                            ));
                        }
                    }
                }
                passing[p] = (cards, z.span.clone());
            }
        }
        // the Land deck: the cards listed on top, the rest of the game's
        // Lands shuffled by the seed under them (a draft hand not listed
        // is dealt from those)
        let mut deck: Vec<u8> = Vec::new();
        if let Some(v) = world.get("deck") {
            for card in self.array(v, "`deck`")? {
                let name = self.string(card, "a card")?;
                let l = self.land(&card.span(), name)?;
                self.tier(&card.span(), l, players, false)?;
                deck.push(l);
            }
        }
        let mut r = rng(self.sc.position.seed);
        let mut rest: Vec<u8> = c
            .land_deck(players)
            .into_iter()
            .filter(|l| !self.lands.contains_key(l))
            .collect();
        rest.shuffle(&mut r);
        let listed: Vec<bool> = zones
            .iter()
            .map(|zs| zs.iter().any(|z| z.name == "hand"))
            .collect();
        let placed: Vec<usize> = worlds
            .iter()
            .map(|w| usize::from(w.world.len()) - 1)
            .collect();
        let full = usize::from(SIZE) * usize::from(SIZE) - 1;
        let turns = usize::from(c.rules.turns);
        let same = |v: &[usize]| v.iter().all(|&x| x == v[0]);
        let held: Vec<usize> = hands.iter().map(Vec::len).collect();
        let phase = match &top.phase {
            Some((p, _)) => p.clone(),
            None if placed.iter().all(|&w| w == full) => "finished".into(),
            None if held.iter().all(|&h| h == HAND) && same(&placed) => "pass_two".into(),
            None if held.iter().all(|&h| h == 0) && same(&placed) && n > 2 => "choose_sun".into(),
            None if listed.iter().all(|&l| !l) && same(&placed) => "pass_two".into(),
            None => "place".into(),
        };
        if matches!(phase.as_str(), "pass_two" | "pass_one") {
            for p in (0..n).filter(|&p| !listed[p]) {
                for _ in 0..HAND {
                    let card = rest.pop().ok_or_else(|| {
                        self.err(world_span, "the Land deck is too small to deal the hands")
                    })?;
                    hands[p].push(card);
                }
            }
        }
        let held: Vec<usize> = hands.iter().map(Vec::len).collect();
        let phase_span = top.phase.as_ref().map_or(0..0, |(_, s)| s.clone());
        if matches!(phase.as_str(), "choose_stack") {
            return Err(self.err(
                &phase_span,
                "choose_stack is the solo game's; a game for 2 to 4 is in choose_sun, pass_two, pass_one, place or finished",
            ));
        }
        let draft = matches!(phase.as_str(), "pass_two" | "pass_one");
        for (p, (cards, span)) in passing.iter().enumerate() {
            let pass = if phase == "pass_two" {
                PASS_FIRST
            } else {
                PASS_SECOND
            };
            if !cards.is_empty() && (!draft || cards.len() != pass) {
                return Err(self.err(
                    span,
                    if draft {
                        format!(
                            "in {phase} a seat passes {pass} card{}; seat {} names {}",
                            if pass == 1 { "" } else { "s" },
                            SEATS[p],
                            cards.len()
                        )
                    } else {
                        "cards are passed in the draft only (phase pass_two or pass_one)".into()
                    },
                ));
            }
        }
        if draft && passing.iter().all(|(c, _)| !c.is_empty()) {
            return Err(self.err(
                &passing[n - 1].1,
                "every seat has chosen its pass: the cards would have moved on (the draft passes simultaneously once all have chosen)",
            ));
        }
        // the turn: the Worlds grow by 3 cards a turn
        let turn = match phase.as_str() {
            "finished" => {
                if let Some(p) = placed.iter().position(|&w| w != full) {
                    return Err(self.err(
                        &worlds[p].span,
                        format!(
                            "the game is finished once every World is a {SIZE} by {SIZE} square; seat {}'s World holds {} cards",
                            SEATS[p],
                            placed[p] + 1
                        ),
                    ));
                }
                turns
            }
            "place" => {
                let t = (placed[0] + held[0]).div_ceil(HAND);
                for p in 0..n {
                    if placed[p] + held[p] != t * HAND || t == 0 {
                        return Err(self.err(
                            &hand_spans[p],
                            format!(
                                "while the cards are placed, a World's cards besides its starting Land and the hand make 3 a turn played: seat {} has {} and {} in hand, seat a {} and {}",
                                SEATS[p], placed[p], held[p], placed[0], held[0]
                            ),
                        ));
                    }
                }
                if held.iter().all(|&h| h == 0) {
                    return Err(self.err(&phase_span, "phase place: no seat holds a card to place"));
                }
                t
            }
            _ => {
                let want = if draft { HAND } else { 0 };
                for p in 0..n {
                    if held[p] != want {
                        return Err(self.err(
                            &hand_spans[p],
                            format!(
                                "in {phase} every player holds {want} cards; seat {} holds {}",
                                SEATS[p], held[p]
                            ),
                        ));
                    }
                    if placed[p] != placed[0] || !placed[p].is_multiple_of(HAND) {
                        return Err(self.err(
                            &worlds[p].span,
                            format!(
                                "before a turn's cards are placed, every World holds a starting Land and 3 cards a turn played: seat {} holds {} besides its starting Land, seat a {}",
                                SEATS[p], placed[p], placed[0]
                            ),
                        ));
                    }
                }
                if !draft && n == 2 {
                    return Err(self.err(
                        &phase_span,
                        "with 2 players the Sun's face is not chosen: a turn starts with the deal (phase pass_two)",
                    ));
                }
                placed[0] / HAND + 1
            }
        };
        if turn > turns {
            return Err(self.err(
                &worlds[0].span,
                format!("the game has {turns} turns; the position would be in turn {turn}"),
            ));
        }
        let seat_of = |key: &str| world.get(key);
        let sun = match seat_of("sun") {
            Some(v) => self.seat_index(v, "`sun`", n)?,
            None => match (&top.active, phase.as_str()) {
                (Some((a, _)), "choose_sun") => *a,
                (Some((a, _)), "place") if held.iter().all(|&h| h == HAND) => *a,
                _ => 0,
            },
        };
        let direction = match seat_of("direction") {
            Some(v) => SunDirection::parse(self.string(v, "`direction`")?).ok_or_else(|| {
                self.err(
                    &v.span(),
                    "`direction` is the Sun's face: \"clockwise\" (a, b, c, ...) or \"counterclockwise\"",
                )
            })?,
            None => SunDirection::Clockwise,
        };
        // who acts: the play order runs from the Sun holder in the Sun's
        // direction, one card each in turn
        let mut order = vec![sun as u8];
        while order.len() < n {
            #[allow(clippy::expect_used, reason = "the order starts with the first seat")]
            let last = *order.last().expect("not empty");
            order.push(direction.next(last, players));
        }
        let done: usize = held.iter().map(|&h| HAND - h).sum();
        let to_act = match phase.as_str() {
            "choose_sun" => sun,
            "place" => {
                for (i, &s) in order.iter().enumerate() {
                    let s = usize::from(s);
                    let want = (done + n - 1 - i) / n;
                    if HAND - held[s] != want {
                        let names: Vec<&str> =
                            order.iter().map(|&s| SEATS[usize::from(s)]).collect();
                        return Err(self.err(
                            &hand_spans[s],
                            format!(
                                "the play order this turn is {} (from the Sun holder, one card each in turn): after {done} cards placed, seat {} has placed {want}, not {}",
                                names.join(", "),
                                SEATS[s],
                                HAND - held[s]
                            ),
                        ));
                    }
                }
                usize::from(order[done % n])
            }
            "finished" => sun,
            _ => (0..n).find(|&p| passing[p].0.is_empty()).unwrap_or(0),
        };
        if let Some((a, span)) = &top.active
            && *a != to_act
            && phase != "finished"
        {
            return Err(self.err(
                span,
                format!(
                    "active = \"{}\": seat {} is to act ({})",
                    SEATS[*a],
                    SEATS[to_act],
                    match phase.as_str() {
                        "choose_sun" => "the Sun holder turns the Sun",
                        "place" => "the next in the play order from the Sun holder",
                        _ => "in the draft, the first seat that has not chosen its pass",
                    }
                ),
            ));
        }
        if let Some((t, span)) = &top.turn
            && *t != turn as i64
        {
            return Err(self.err(
                span,
                format!(
                    "turn {t}: the position is in turn {turn} (a World grows by {HAND} cards a turn)"
                ),
            ));
        }
        deck.extend(rest);
        let deals = turns - turn + usize::from(phase == "choose_sun");
        if deck.len() < deals * HAND * n {
            return Err(self.err(
                world_span,
                format!(
                    "the Land deck holds {} cards; the {deals} deals left need {}",
                    deck.len(),
                    deals * HAND * n
                ),
            ));
        }
        let supply = self.supply(world, world_span, players, |named| {
            let mut t: Vec<u8> = (0..c.travellers.len() as u8)
                .filter(|t| !named.contains_key(t))
                .collect();
            t.shuffle(&mut r);
            t
        })?;
        let engine_turn = if phase == "choose_sun" {
            turn - 1
        } else {
            turn
        } as u8;
        let seat_turn = if phase == "place" || phase == "finished" {
            engine_turn
        } else {
            turn as u8 - 1
        };
        let mut seats = Vec::with_capacity(n);
        for (p, w) in worlds.into_iter().enumerate() {
            let position = SoloPosition {
                world: w.world,
                stacks: Vec::new(),
                hand: if draft { Vec::new() } else { hands[p].clone() },
                revealed: true,
                supply,
                turn: seat_turn,
            };
            seats.push(
                Solo::from_position(c, &position).map_err(|e| self.err(&w.span, e.to_string()))?,
            );
        }
        let match_phase = match phase.as_str() {
            "choose_sun" => MatchPhase::ChooseSun { seat: sun as u8 },
            "pass_two" => MatchPhase::Draft {
                pass: PASS_FIRST as u8,
            },
            "pass_one" => MatchPhase::Draft {
                pass: PASS_SECOND as u8,
            },
            "place" => MatchPhase::Play { seat: to_act as u8 },
            _ => MatchPhase::Finished,
        };
        Match::from_position(
            c,
            MatchPosition {
                seats,
                supply,
                deck,
                draft: if draft { hands } else { Vec::new() },
                pending: passing.into_iter().map(|(c, _)| c).collect(),
                sun: sun as u8,
                direction,
                turn: engine_turn,
                phase: match_phase,
            },
        )
        .map_err(|e| self.err(world_span, e.to_string()))
    }
}

/// A Strange World state (as all see it, [`Scene::view`]) written as a
/// scenario file: the app's "Save position". A state that hides cards, or
/// that waits for a choice a placement led to (a Traveller, a Fumarole, a
/// Dark City), cannot be written; the error says why.
pub fn write_world(state: &Value, catalog: &Path, seed: u64) -> Result<String, String> {
    let q = |v: &str| toml::Value::String(v.to_string()).to_string();
    let names = |v: &Value| -> Result<String, String> {
        let mut out = Vec::new();
        for x in v.as_array().map(Vec::as_slice).unwrap_or(&[]) {
            match x.as_str() {
                Some("?") => {
                    return Err(
                        "the state hides cards (\"?\"): save the position as all see it".into(),
                    );
                }
                Some(s) => out.push(q(s)),
                None => return Err(format!("{x} is not a card")),
            }
        }
        Ok(format!("[{}]", out.join(", ")))
    };
    if state["game"] != "strange-world" {
        return Err("not a Strange World state".into());
    }
    let phase = state["phase"].as_str().unwrap_or_default();
    if !POSITION_PHASES.contains(&phase) {
        return Err(format!(
            "the game waits for a choice the placement led to ({phase}): a position can be saved once the placement is over"
        ));
    }
    let players = state["players"].as_u64().unwrap_or(1) as usize;
    let mut out =
        String::from("# A Strange World position saved by Deckwright (schema/scenario.md).\n");
    out.push_str("game = \"strange-world\"\n");
    out.push_str(&format!(
        "catalog = {}\n",
        q(&catalog.to_string_lossy().replace('\\', "/"))
    ));
    out.push_str(&format!("seed = {seed}\n"));
    out.push_str(&format!(
        "turn = {}\n",
        state["turn"].as_u64().unwrap_or(1).max(1)
    ));
    if let Some(a) = state["active"].as_str() {
        out.push_str(&format!("active = {}\n", q(a)));
    }
    out.push_str(&format!("phase = {}\n", q(phase)));
    let supply = &state["supply"];
    out.push_str("\n[world]\n");
    out.push_str(&format!("players = {players}\n"));
    if players > 1 {
        for key in ["sun", "direction"] {
            if let Some(v) = state[key].as_str() {
                out.push_str(&format!("{key} = {}\n", q(v)));
            }
        }
    }
    out.push_str(&format!("travellers = {}\n", names(&supply["travellers"])?));
    let cities: Vec<String> = supply["dark_cities"]
        .as_array()
        .map(|a| a.iter().map(Value::to_string).collect())
        .unwrap_or_default();
    out.push_str(&format!("dark_cities = [{}]\n", cities.join(", ")));
    out.push_str(&format!(
        "fumaroles = {}\n",
        supply["fumaroles"].as_u64().unwrap_or(0)
    ));
    if players > 1 {
        out.push_str(&format!("deck = {}\n", names(&supply["deck"])?));
    }
    for seat in SEATS.iter().take(players) {
        let s = &state["seats"][*seat];
        out.push_str(&format!("\n[world.{seat}]\nrows = [\n"));
        for row in s["world"].as_array().map(Vec::as_slice).unwrap_or(&[]) {
            let cells: Vec<String> = row
                .as_array()
                .map(Vec::as_slice)
                .unwrap_or(&[])
                .iter()
                .map(|c| match c.as_str() {
                    Some("") | None => q("."),
                    Some(s) => q(s),
                })
                .collect();
            out.push_str(&format!("  [{}],\n", cells.join(", ")));
        }
        out.push_str("]\n");
        let cities: Vec<String> = s["dark_cities"]
            .as_array()
            .map(Vec::as_slice)
            .unwrap_or(&[])
            .iter()
            .map(|d| match d["between"].as_array() {
                Some(b) => format!(
                    "{{ stars = {}, between = [{}] }}",
                    d["stars"],
                    b.iter()
                        .map(|c| q(c.as_str().unwrap_or_default()))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                None => d["stars"].to_string(),
            })
            .collect();
        if !cities.is_empty() {
            out.push_str(&format!("dark_cities = [{}]\n", cities.join(", ")));
        }
        let travellers: Vec<String> = s["travellers"]
            .as_array()
            .map(Vec::as_slice)
            .unwrap_or(&[])
            .iter()
            .map(|t| {
                format!(
                    "{{ name = {}, rows = [{}, {}], side = {} }}",
                    q(t["name"].as_str().unwrap_or_default()),
                    t["rows"][0],
                    t["rows"][1],
                    q(t["side"].as_str().unwrap_or("left"))
                )
            })
            .collect();
        if !travellers.is_empty() {
            out.push_str(&format!("travellers = [{}]\n", travellers.join(", ")));
        }
        if let Some(zones) = s["zones"].as_object() {
            out.push_str(&format!("\n[seat.{seat}]\n"));
            for (zone, cards) in zones {
                out.push_str(&format!("{zone} = {}\n", names(cards)?));
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests;
