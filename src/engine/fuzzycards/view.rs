//! The game as the playtest screen draws it, and actions in words.

use super::cards::{KEYWORD_NAMES, Kind};
use super::{ATTACKED, Action, Fuzzycards, Phase, SHIELDED, State, USED, Z, Zone};
use crate::engine::core::Shape::{Cards, Pile, Slots};
use crate::engine::core::{
    CardView, Layout, Mover, Onto, Snapshot, TurnUnit, ZoneId, at, zone_views,
};
use crate::engine::game::Rules;
use crate::model::GameId;

/// The phase in the rulebook's words, and what it means for a new player.
pub fn phase_words(st: &State) -> (&'static str, &'static str) {
    match st.phase {
        Phase::Order { .. } => (
            "Genesis Flip",
            "The higher revealed Cost won the Genesis Flip: its player chooses to go first or second.",
        ),
        Phase::Mulligan { .. } => (
            "Mulligan",
            "Keep the opening hand, or shuffle it into the Scroll and draw 5 new cards (once per game).",
        ),
        Phase::Activate => (
            "Activate",
            "Play cards by paying their Energy cost: Heroes enter the Vault (Rush: the Altar), Equip Relics attach to a Hero, Events resolve.",
        ),
        Phase::Settle => (
            "Settle",
            "Move cards freely between the Altar (front row: attacks and is attacked) and the Vault (protected).",
        ),
        Phase::Validate => (
            "Validate",
            "Each ready Hero on the Altar may attack once: an Altar card (Guards first), or Life when that Altar is empty.",
        ),
        Phase::Exodus => (
            "Exodus",
            "Discard down to 7 cards; end-of-turn effects and Burn happen; the turn passes.",
        ),
        Phase::Dodge { .. } => (
            "Bridge",
            "A Bridge card is attacked: its controller may move it to the Vault and dodge the attack.",
        ),
        Phase::Over => ("Game over", ""),
    }
}

fn tags(g: &Fuzzycards, st: &State, c: u16) -> Vec<String> {
    let d = g.def(c);
    let mut tags = Vec::new();
    let on_field = g.row_of(st, c).is_some();
    if on_field && d.kind == Kind::Hero {
        tags.push(format!("ATK {}", g.atk_of(st, c)));
        tags.push(format!("DEF {}", g.def_of(st, c)));
    }
    if on_field {
        tags.push(format!("HP {}/{}", g.remaining(st, c), g.hp_of(st, c)));
        let k = g.keywords(st, c);
        for (bit, _, name) in KEYWORD_NAMES {
            if k & bit != 0 {
                tags.push(name.to_lowercase());
            }
        }
        if g.silenced(st, c) {
            tags.push("silenced".into());
        }
        let f = st.flags[usize::from(c)];
        if d.kind == Kind::Hero && g.ready(st, c) {
            tags.push("ready".into());
        }
        if f & ATTACKED != 0 {
            tags.push("attacked".into());
        }
        if f & USED != 0 {
            tags.push("ability used".into());
        }
        if f & SHIELDED != 0 {
            tags.push("shield spent".into());
        }
    }
    let p = g.owner(c);
    if st.core.zones.contains(super::z(p, Zone::Equipped), c) {
        tags.push(format!("on {}", g.table.copy_name(st.host[usize::from(c)])));
    }
    if st.core.zones.contains(super::z(p, Zone::Hand), c) && d.kind != Kind::Blank {
        tags.push(format!("cost {}", d.cost));
    }
    tags
}

pub fn snapshot(g: &Fuzzycards, st: &State) -> Snapshot {
    let view = |c: u16| {
        let p = g.owner(c);
        let equipped = st.core.zones.contains(super::z(p, Zone::Equipped), c);
        CardView {
            // an Equip Relic lies on its Hero
            attached_to: equipped
                .then(|| st.host[usize::from(c)])
                .filter(|&h| h != super::NONE),
            ..CardView::new(c, g.table.copy_name(c), tags(g, st, c))
        }
    };
    // Scrolls are face down; the opponent's hand too, unless nobody plays it
    let hidden = |zone: Z| {
        zone.pile == Zone::Scroll
            || (zone.player() == 1 && zone.pile == Zone::Hand && !st.core.passive[1])
    };
    let mut zones = zone_views(&st.core.zones, hidden, view);
    if st.core.passive[1] {
        // a goldfish opponent has no cards: show only its Life
        zones.retain(|v| v.player == 0);
    }
    let (phase, help) = phase_words(st);
    let mut counters = vec![
        ("energy".to_string(), i64::from(st.energy[0])),
        ("life".to_string(), i64::from(st.core.life[0])),
        ("opponent life".to_string(), i64::from(st.core.life[1])),
        ("damage dealt".to_string(), i64::from(st.dealt[0])),
        ("mulligans left".to_string(), i64::from(st.mulligans[0])),
    ];
    if !st.core.passive[1] {
        counters.push(("opponent energy".into(), i64::from(st.energy[1])));
        counters.push(("opponent damage dealt".into(), i64::from(st.dealt[1])));
    }
    Snapshot {
        game: GameId::Fuzzycards,
        seed: st.core.seed,
        seat: st.core.seat,
        turn: st.core.turn(),
        turn_unit: TurnUnit::Turn,
        phase: phase.to_string(),
        phase_help: help.to_string(),
        to_act: g.to_act(st) as u8,
        counters,
        zones,
        board: Vec::new(),
        dice: Vec::new(),
        outcome: st.core.outcome,
        layout: LAYOUT,
    }
}

pub fn describe(g: &Fuzzycards, st: &State, action: Action) -> String {
    let n = |c: u16| g.table.copy_name(c).to_string();
    match action {
        Action::Keep => "Keep the hand".into(),
        Action::Mulligan => "Mulligan".into(),
        Action::GoFirst => "Go first".into(),
        Action::GoSecond => "Go second".into(),
        Action::Play {
            card,
            target: Some(t),
            ..
        } => format!("Play {} on {}", n(card), n(t)),
        Action::Play {
            card, row: Some(r), ..
        } => format!("Play {} to the {r:?}", n(card)),
        Action::Play { card, .. } => format!("Play {}", n(card)),
        Action::Activate {
            card,
            target: Some(t),
        } => format!("Activate {} on {}", n(card), n(t)),
        Action::Activate { card, .. } => format!("Activate {}", n(card)),
        Action::Move {
            card,
            with: Some(o),
        } => format!("Swap {} and {}", n(card), n(o)),
        Action::Move { card, with: None } => {
            let to = match g.row_of(st, card) {
                Some(super::Row::Altar) => "Vault",
                _ => "Altar",
            };
            format!("Move {} to the {to}", n(card))
        }
        Action::Attack { card, target: None } => {
            format!("Attack Life with {} ({})", n(card), g.atk_of(st, card))
        }
        Action::Attack {
            card,
            target: Some(t),
        } => format!(
            "Attack {} with {} ({} damage)",
            n(t),
            n(card),
            g.attack_damage(st, card, t)
        ),
        Action::Dodge => "Dodge into the Vault (Bridge)".into(),
        Action::Discard { card } => format!("Discard {}", n(card)),
        Action::May { yes } => st.may.describe(yes, n),
        Action::Next => match st.phase {
            Phase::Activate => "To Settle".into(),
            Phase::Settle => "To Validate".into(),
            Phase::Validate => "To Exodus".into(),
            Phase::Dodge { .. } => "Take the attack".into(),
            _ => "End turn".into(),
        },
    }
}

/// Fuzzycards' field as its rulebook draws it: the Altar (front row, 3
/// slots), the Vault (back row, 3 slots); Equip Relics sit on their Heroes.
pub const LAYOUT: Layout = &[
    &[at("Altar", Slots(3)), at("Equipped", Cards)],
    &[
        at("Vault", Slots(3)),
        at("Scroll", Pile),
        at("Discard", Pile),
    ],
    &[at("Hand", Cards)],
];

/// The card a move plays, moves, uses, attacks with or discards, or whose
/// "you may" it answers.
pub fn mover(_g: &Fuzzycards, st: &State, action: Action) -> Option<Mover> {
    match action {
        // the card whose "you may" it answers
        Action::May { .. } => st.may.waiting().map(|(_, c)| Mover::Card(c)),
        Action::Play { card, .. }
        | Action::Activate { card, .. }
        | Action::Move { card, .. }
        | Action::Attack { card, .. }
        | Action::Discard { card } => Some(Mover::Card(card)),
        _ => None,
    }
}

/// The card a move names: an Equip Relic's Hero, an effect's or an
/// attack's target, the card a Settle swaps with.
pub fn onto(action: Action) -> Option<Onto> {
    match action {
        Action::Play {
            target: Some(t), ..
        }
        | Action::Activate {
            target: Some(t), ..
        }
        | Action::Attack {
            target: Some(t), ..
        }
        | Action::Move { with: Some(t), .. } => Some(Onto::Card(t)),
        _ => None,
    }
}
