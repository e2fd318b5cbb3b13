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
        Phase::Pay => (
            "Paying".into(),
            "Choose the resources that pay: exhaust them one by one, or pay the rest the suggested way.",
        ),
        Phase::Distribute => (
            "Distributing ⚔".into(),
            "Distribute the ⚔ over the other side's attack sources: a source that gets all it contributed dies. The rest hits life (the attacker's) or is wasted (the defender's).",
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
            // BW 11: a source of this battle only
            let source = st
                .battle
                .sources
                .iter()
                .chain(&st.battle.targets)
                .find(|&&(s, _)| s == c)
                .map(|&(_, n)| n);
            let n = st.contributed[usize::from(c)];
            if let Some(n) = source {
                tags.push(format!("attack source ({n} ⚔)"));
            } else if n > 0 && st.phase == Phase::Respond && p != st.core.active {
                tags.push(format!("attack source ({n} ⚔)"));
            } else if n > 0 {
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
    if st.phase == Phase::Distribute {
        counters.push(("⚔ to distribute".into(), i64::from(st.battle.left)));
    }
    if let Some(pay) = st.payment {
        counters.push(("resources to pay".into(), i64::from(pay.left)));
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
        Action::PlayChoosing { card } => format!(
            "Play {}, choosing what pays (cost {})",
            n(card),
            g.def(card).cost
        ),
        Action::Activate { card, .. } => format!("Use the ability of {}", n(card)),
        Action::ActivateChoosing { card, .. } => {
            format!("Use the ability of {}, choosing what pays", n(card))
        }
        Action::Repeat { card, times, .. } => {
            format!("Use the ability of {} {times} times", n(card))
        }
        Action::RepeatChoosing { card, times, .. } => {
            format!(
                "Use the ability of {} {times} times, choosing what pays",
                n(card)
            )
        }
        Action::Exhaust { card } => {
            let p = g.owner(card);
            if st.core.zones.contains(super::z(p, Zone::Resources), card) {
                "Exhaust a face-down resource".into()
            } else {
                format!("Exhaust {}", n(card))
            }
        }
        Action::PayRest => "Pay the rest the suggested way".into(),
        Action::Kill { card } => {
            let k = st
                .battle
                .targets
                .iter()
                .find(|&&(c, _)| c == card)
                .map_or(0, |&(_, k)| k);
            format!("Kill {} ({k} ⚔)", n(card))
        }
        Action::Distribute => {
            let kills = g.suggested_kills(st.battle.left, &st.battle.targets);
            if kills.is_empty() {
                "Distribute as suggested".into()
            } else {
                let names: Vec<String> = kills.iter().map(|&c| n(c)).collect();
                format!("Distribute as suggested: kill {}", names.join(" and "))
            }
        }
        Action::Attack => format!("Declare an attack ({} ⚔)", st.attack[st.core.active]),
        Action::Next => match st.phase {
            Phase::Sacrifice => "To Main".into(),
            Phase::Respond => "Let the battle be fought".into(),
            Phase::Distribute => "Kill no more: the rest lies on sources it does not kill".into(),
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

/// The card a move sacrifices, plays, uses, exhausts to pay or kills.
pub fn mover(_g: &BizarreWorld, _st: &State, action: Action) -> Option<Mover> {
    match action {
        Action::Sacrifice { card }
        | Action::Play { card }
        | Action::PlayChoosing { card }
        | Action::Activate { card, .. }
        | Action::ActivateChoosing { card, .. }
        | Action::Repeat { card, .. }
        | Action::RepeatChoosing { card, .. }
        | Action::Exhaust { card }
        | Action::Kill { card } => Some(Mover::Card(card)),
        _ => None,
    }
}

/// Bizarre World's moves name no other card.
pub fn onto(_action: Action) -> Option<Onto> {
    None
}
