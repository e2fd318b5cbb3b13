//! The game as the playtest screen draws it, and actions in words.

use super::cards::Kind;
use super::{ATTACKED, Action, DiceOfDestiny, Phase, SICK, State, USED, Zone};
use crate::engine::core::Shape::{Area, Cards, Pile};
use crate::engine::core::{
    CardView, DieView, Layout, Mover, Onto, Snapshot, TurnUnit, ZoneId, at, zone_views,
};
use crate::engine::game::Rules;
use crate::model::GameId;

/// The phase in the rulebook's words, and what it means for a new player.
pub fn phase_words(st: &State) -> (String, &'static str) {
    let whose = |p: usize| if p == 0 { "your" } else { "the opponent's" };
    match st.phase {
        Phase::Main => (
            format!("Main ({} turn)", whose(st.core.active)),
            "Play up to two cards, use each creature's effect once, and attack: even rolls hit.",
        ),
        Phase::Window { by } => (
            format!("End of {} turn", whose(st.core.active)),
            if by == 0 {
                "Before the turn passes you may play up to two spells and take the Bonus Draw (discard 1, draw 1)."
            } else {
                "The opponent may play spells and take its Bonus Draw before the turn passes."
            },
        ),
        Phase::Respond { .. } => (
            "The stack".into(),
            "A card was played: the other player may answer with a spell before it resolves (last in, first out).",
        ),
        Phase::Attack { .. } => (
            "Attack declared".into(),
            "The attackers are declared: the defender may answer with spells before the dice are rolled.",
        ),
        Phase::Effect { .. } => (
            "Creature effect".into(),
            "A creature effect is announced: the other player may answer with spells before it starts.",
        ),
        Phase::Defend => (
            "Defence".into(),
            "The attack dice are rolled: a blocker may stop one hit, some creatures make a hit die be rerolled.",
        ),
        Phase::Over => ("Game over".into(), ""),
    }
}

pub fn snapshot(g: &DiceOfDestiny, st: &State) -> Snapshot {
    let view = |c: u16| {
        let f = st.flags[usize::from(c)];
        let mut tags = Vec::new();
        if f & SICK != 0 && !g.def(c).haste {
            tags.push("summoning sick".into());
        }
        if f & ATTACKED != 0 {
            tags.push("attacked".into());
        }
        if f & USED != 0 {
            tags.push("effect used".into());
        }
        if g.suppressed(st, c) {
            tags.push("rubber duck".into());
        }
        if f & super::DECLARED != 0 {
            tags.push("declared attacker".into());
        }
        if matches!(st.phase, Phase::Effect { card, .. } if card == c) {
            tags.push("effect announced".into());
        }
        if g.def(c).kind == Kind::Spell {
            tags.push("spell".into());
        }
        // "positioned on their side" (§4.2, §4.3): a creature that is
        // summoning sick or has attacked lies sideways until your next turn
        let on_field = st
            .core
            .zones
            .contains(super::z(g.owner(c), Zone::Battlefield), c);
        let sideways = on_field && (f & ATTACKED != 0 || (f & SICK != 0 && !g.def(c).haste));
        CardView {
            sideways,
            ..CardView::new(c, g.table.copy_name(c), tags)
        }
    };
    // decks are face down; the opponent's hand too, unless nobody plays it
    let hidden = |zone: super::Z| {
        zone.pile == Zone::Deck
            || (zone.player() == 1 && zone.pile == Zone::Hand && !st.core.passive[1])
    };
    let mut zones = zone_views(&st.core.zones, hidden, view);
    if st.core.passive[1] {
        // a goldfish opponent has no cards: show only its life
        zones.retain(|v| v.player == 0);
    }
    let (phase, help) = phase_words(st);
    let mut counters = vec![
        ("life".to_string(), i64::from(st.core.life[0])),
        ("opponent life".to_string(), i64::from(st.core.life[1])),
        (
            "cards played".to_string(),
            i64::from(g.played(st, g.to_act(st))),
        ),
        (
            "rerolls left".to_string(),
            i64::from(g.rerolls_left(st, st.core.active)),
        ),
    ];
    if !st.last_roll.is_empty() {
        counters.push((
            "last roll (hits)".into(),
            st.last_roll.iter().filter(|d| d.hit && !d.blocked).count() as i64,
        ));
    }
    Snapshot {
        game: GameId::DiceOfDestiny,
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
        dice: if st.dice.is_empty() {
            &st.last_roll
        } else {
            &st.dice
        }
        .iter()
        .map(|d| DieView {
            attacker: d.attacker,
            value: d.value,
            hit: d.hit,
            blocked: d.blocked,
        })
        .collect(),
        outcome: st.core.outcome,
        layout: LAYOUT,
    }
}

pub fn describe(g: &DiceOfDestiny, st: &State, action: Action) -> String {
    let n = |c: u16| g.table.copy_name(c).to_string();
    match action {
        Action::Play { card, target: None } if g.def(card).needs_target => {
            format!("Play {} with no target", n(card))
        }
        Action::Play { card, target: None } => format!("Play {}", n(card)),
        Action::Play {
            card,
            target: Some(t),
        } => format!("Play {} on {}", n(card), n(t)),
        Action::Activate { card } => format!("Use {}'s effect", n(card)),
        Action::Declare { card } => format!("Declare {} as an attacker", n(card)),
        Action::Attack { rerolls: 0 } => "Attack with every ready creature".into(),
        Action::Attack { rerolls } => {
            format!(
                "Attack with every ready creature ({})",
                rerolls_words(rerolls)
            )
        }
        Action::Roll { rerolls: 0 } => "Roll the attack dice".into(),
        Action::Roll { rerolls } => format!("Roll the attack dice ({})", rerolls_words(rerolls)),
        Action::BonusDraw { card } => format!("Bonus Draw: discard {}, draw 1", n(card)),
        Action::Block { card, die } => format!(
            "Block die {} ({}) with {}",
            die + 1,
            st.dice.get(usize::from(die)).map_or(0, |d| d.value),
            n(card)
        ),
        Action::ForceReroll { card, die } => format!(
            "{}: make the attacker reroll die {} ({})",
            n(card),
            die + 1,
            st.dice.get(usize::from(die)).map_or(0, |d| d.value)
        ),
        Action::Pass => match st.phase {
            Phase::Respond { .. } => "Let the stack resolve".into(),
            Phase::Attack { .. } => "Let the dice be rolled".into(),
            Phase::Effect { card, .. } => format!("Let {}'s effect start", n(card)),
            Phase::Defend => "Let the dice land".into(),
            _ => "Let the turn end".into(),
        },
        Action::Next => "End your turn".into(),
        Action::May { yes } => st.may.describe(yes, n),
    }
}

/// Dice of Destiny: the battlefield, the stack, a realm for the deck and
/// the graveyard.
pub const LAYOUT: Layout = &[
    &[at("Battlefield", Area), at("Stack", Cards)],
    &[at("Hand", Cards), at("Deck", Pile), at("Graveyard", Pile)],
];

/// The card a move plays, uses, declares, draws, blocks with or rerolls.
pub fn mover(_g: &DiceOfDestiny, st: &State, action: Action) -> Option<Mover> {
    match action {
        // the card whose "you may" it answers
        Action::May { .. } => st.may.waiting().map(|(_, c)| Mover::Card(c)),
        Action::Play { card, .. }
        | Action::Activate { card }
        | Action::Declare { card }
        | Action::BonusDraw { card }
        | Action::Block { card, .. }
        | Action::ForceReroll { card, .. } => Some(Mover::Card(card)),
        _ => None,
    }
}

/// The card a spell or an arrival names.
pub fn onto(action: Action) -> Option<Onto> {
    match action {
        Action::Play {
            target: Some(t), ..
        } => Some(Onto::Card(t)),
        _ => None,
    }
}

fn rerolls_words(n: u8) -> String {
    if n == 1 {
        "1 reroll".into()
    } else {
        format!("{n} rerolls")
    }
}
