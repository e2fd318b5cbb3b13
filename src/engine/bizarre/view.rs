//! The game as the playtest screen draws it, and actions in words.

use super::cards::ResourceKind;
use super::{Action, BizarreWorld, Phase, State, Zone};
use crate::engine::core::Shape::{Area, Cards, Pile};
use crate::engine::core::{
    CardView, Layout, Mover, Onto, Snapshot, TurnUnit, ZoneId, at, zone_views,
};
use crate::engine::game::Rules;
use crate::model::GameId;

/// The phase in the rulebook's words, and what it means for a new player.
pub fn phase_words(st: &State) -> (String, &'static str) {
    match st.phase {
        Phase::Sacrifice => (
            "Sacrifice".into(),
            "Put any cards from your hand face down as neutral resources; they pay for creatures and abilities.",
        ),
        Phase::Main => (
            "Main".into(),
            "Play creatures by exhausting resources, use their abilities to gain ⚔, then declare an attack with all of it.",
        ),
        Phase::Respond => (
            "Responding to an attack".into(),
            "Attacked: abilities that grant ⚔ may be used; each side's ⚔ then kills the other's attack sources, the rest hits life.",
        ),
        Phase::Over => ("Over".into(), ""),
    }
}

pub fn snapshot(g: &BizarreWorld, st: &State) -> Snapshot {
    let view = |c: u16| {
        let p = g.owner(c);
        let mut tags = Vec::new();
        let in_zone = |zone: Zone| st.core.zones.contains(super::z(p, zone), c);
        let exhausted =
            (in_zone(Zone::Play) || in_zone(Zone::Resources)) && st.exhausted[usize::from(c)];
        if exhausted {
            tags.push("exhausted".to_string());
        }
        let d = g.def(c);
        if in_zone(Zone::Hand) && !d.blank {
            tags.push(format!("cost {}", d.cost));
        }
        if in_zone(Zone::Play) {
            match d.resource {
                ResourceKind::Neutral => tags.push("resource".into()),
                ResourceKind::Special(s) => {
                    tags.push(format!("{} resource", g.specials[usize::from(s)]))
                }
                ResourceKind::None => {}
            }
            let n = st.contributed[usize::from(c)];
            if n > 0 {
                tags.push(format!("{n} ⚔ this turn"));
            }
        }
        CardView {
            // an exhausted card is turned sideways ("exhaust" in the rulebook)
            sideways: exhausted,
            ..CardView::new(c, g.table.copy_name(c), tags)
        }
    };
    let hidden = |zone: super::Z| {
        zone.pile == Zone::Deck
            || (zone.player() == 1
                && !st.core.passive[1]
                && matches!(zone.pile, Zone::Hand | Zone::Resources))
    };
    let mut zones = zone_views(&st.core.zones, hidden, view);
    if st.core.passive[1] {
        zones.retain(|v| v.player == 0);
    }
    let (phase, help) = phase_words(st);
    let p = st.core.active;
    let mut counters = vec![
        (
            "resources".to_string(),
            g.available(st, p, None, None) as i64,
        ),
        ("attack".to_string(), i64::from(st.attack[p])),
        ("life".to_string(), i64::from(st.core.life[0])),
        ("opponent life".to_string(), i64::from(st.core.life[1])),
    ];
    if st.phase == Phase::Respond {
        counters.push(("attack declared".into(), i64::from(st.battle.attack)));
    }
    Snapshot {
        game: GameId::BizarreWorld,
        seed: st.core.seed,
        seat: st.core.seat,
        turn: st.core.turn(),
        turn_unit: TurnUnit::Turn,
        phase,
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

pub fn describe(g: &BizarreWorld, st: &State, action: Action) -> String {
    let n = |c: u16| g.table.copy_name(c).to_string();
    match action {
        Action::Sacrifice { card } => format!("Sacrifice {}", n(card)),
        Action::Play { card } => format!("Play {} (cost {})", n(card), g.def(card).cost),
        Action::Activate { card, .. } => format!("Use the ability of {}", n(card)),
        Action::Repeat { card, times, .. } => {
            format!("Use the ability of {} {times} times", n(card))
        }
        Action::Attack => format!("Declare an attack ({} ⚔)", st.attack[st.core.active]),
        Action::Next => match st.phase {
            Phase::Sacrifice => "To Main".into(),
            Phase::Respond => "Let the battle be fought".into(),
            _ => "End turn".into(),
        },
    }
}

/// Bizarre World: the Play Area (creatures), the Neutral Resource Zone.
pub const LAYOUT: Layout = &[
    &[at("Play Area", Area)],
    &[at("Neutral Resource Zone", Area)],
    &[at("Hand", Cards), at("Deck", Pile), at("Discard", Pile)],
];

/// The card a move sacrifices, plays or uses.
pub fn mover(_g: &BizarreWorld, _st: &State, action: Action) -> Option<Mover> {
    match action {
        Action::Sacrifice { card }
        | Action::Play { card }
        | Action::Activate { card, .. }
        | Action::Repeat { card, .. } => Some(Mover::Card(card)),
        _ => None,
    }
}

/// Bizarre World's moves name no other card.
pub fn onto(_action: Action) -> Option<Onto> {
    None
}
