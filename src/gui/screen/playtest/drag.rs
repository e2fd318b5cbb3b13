//! Dragging a card on the table to where it goes: a Hero to the Altar or
//! the Vault, an Equip Relic onto its Hero, a creature to the battlefield,
//! a card to the Neutral Resource Zone, a Power to the Power slots, a
//! Fighter to a cell of the board, an attacker onto what it attacks.
//!
//! Where an action takes its card is the engine's to say, as data
//! ([`Choice::onto`](crate::engine::session::Choice::onto): another card, a cell of the board, or the zone it
//! lands in). An action that leaves its card where it is (an ability, a
//! declaration) has no place to be dragged to: it stays a click in the
//! card's panel.

use crate::engine::core::{Onto, Snapshot};
use crate::engine::session::{ActionKey, Session};

use super::table::Selected;

/// Where a dragged card can be let go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drop {
    /// A zone of a player (0: yours), by name.
    Zone(u8, &'static str),
    /// A card (or a piece on the board), by copy id.
    Card(u16),
    /// A cell of Rizontical's board (`row * 8 + column`).
    Cell(u8),
}

/// A card held by the pointer: what it is, whether it was selected before
/// (a press and release on it is a click: it unselects), and the places it
/// can be let go with the actions each one means.
#[derive(Clone, Debug, PartialEq)]
pub struct Drag {
    pub from: Selected,
    pub was_selected: bool,
    pub drops: Vec<(Drop, Vec<ActionKey>)>,
}

impl Drag {
    /// The actions that letting go on `at` means (empty: none).
    pub fn at(&self, at: Drop) -> &[ActionKey] {
        self.drops
            .iter()
            .find(|(d, _)| *d == at)
            .map_or(&[], |(_, a)| a.as_slice())
    }

    /// Whether `at` takes the dragged card (the table lights it).
    pub fn lights(&self, at: Drop) -> bool {
        !self.at(at).is_empty()
    }
}

/// The places `from` can be dragged to now, each with its actions, in the
/// order the engine lists them ([`Choice::onto`](crate::engine::session::Choice::onto): the engine says where
/// each move takes its card).
///
/// Two actions that leave the same table (Fuzzycards' "Play Clover Rabbit"
/// and "Play Clover Rabbit to the Vault") are one way to go there: the
/// first is kept.
pub fn drops(s: &Session, snap: &Snapshot, from: Selected) -> Vec<(Drop, Vec<ActionKey>)> {
    let mut out: Vec<(Drop, Vec<ActionKey>)> = Vec::new();
    for c in s.choices() {
        if c.chooses_cards || c.mover != Some(from) {
            continue;
        }
        let Some(at) = place_of(snap, from, c.onto) else {
            continue;
        };
        match out.iter_mut().find(|(d, _)| *d == at) {
            Some((_, list)) => {
                // several moves to one place: keep those that differ
                let after = s.preview(&c.action).ok();
                if list
                    .iter()
                    .all(|a| s.preview(a).ok().is_none_or(|t| Some(t) != after))
                {
                    list.push(c.action);
                }
            }
            None => out.push((at, vec![c.action])),
        }
    }
    out
}

/// What the table says when `held` was let go where nothing takes it:
/// where it can go, with what each place does ("Goblin Raider can't go
/// there: drop it on the Stack (Play Goblin Raider)"), or that it is not
/// moved by dragging now.
pub fn missed(s: &Session, snap: &Snapshot, held: &Drag) -> String {
    /// Places named at most (a Fighter may go to many cells).
    const NAMED: usize = 3;
    let name = match held.from {
        Selected::Card(c) => card_name(snap, c).unwrap_or_else(|| "That card".into()),
        Selected::Pile(z) => format!("The top card of the {z}"),
    };
    let choices = s.choices();
    let label = |a: &ActionKey| {
        choices
            .iter()
            .find(|c| c.action == *a)
            .map(|c| c.label.clone())
    };
    let places: Vec<String> = held
        .drops
        .iter()
        .take(NAMED)
        .map(|(at, actions)| {
            let place = place_words(snap, *at);
            match actions.first().and_then(label) {
                Some(l) => format!("{place} ({l})"),
                None => place,
            }
        })
        .collect();
    if places.is_empty() {
        let acts = choices
            .iter()
            .any(|c| !c.chooses_cards && c.mover == Some(held.from));
        return if acts {
            format!("{name} is not moved by dragging now: its actions are beside the table.")
        } else {
            format!("{name} has nothing to do now.")
        };
    }
    let more = held.drops.len().saturating_sub(NAMED);
    let mut list = places.join(" or ");
    if more > 0 {
        list.push_str(&format!(" (or one of {more} more lit places)"));
    }
    format!("{name} can't go there: drop it on {list}.")
}

/// A place on the table in words: "the Stack", "the opponent's Battlefield",
/// "Ember Cub", "cell f2".
fn place_words(snap: &Snapshot, at: Drop) -> String {
    match at {
        Drop::Zone(0, z) => format!("the {z}"),
        Drop::Zone(_, z) => format!("the opponent's {z}"),
        Drop::Card(c) => card_name(snap, c).unwrap_or_else(|| "the lit card".into()),
        Drop::Cell(cell) => format!("cell {}{}", (b'a' + cell % 8) as char, cell / 8 + 1),
    }
}

/// The name of card `copy` as the table shows it.
fn card_name(snap: &Snapshot, copy: u16) -> Option<String> {
    snap.zones
        .iter()
        .flat_map(|z| z.cards.iter())
        .find(|c| c.copy == copy)
        .map(|c| c.name.clone())
        .or_else(|| {
            snap.board
                .iter()
                .find(|p| p.copy == copy)
                .map(|p| p.name.clone())
        })
}

/// Where a move takes `from` on this table: the card it names when that
/// card is drawn, the board's cell, or the zone it lands in.
fn place_of(snap: &Snapshot, from: Selected, onto: Option<Onto>) -> Option<Drop> {
    match onto? {
        Onto::Card(t) => (Selected::Card(t) != from && visible(snap, t)).then_some(Drop::Card(t)),
        Onto::Cell(cell) => (!snap.board.is_empty()).then_some(Drop::Cell(cell)),
        Onto::Zone(player, zone) => Some(Drop::Zone(player, zone)),
    }
}

/// The zone that shows card `copy`.
fn zone_of(snap: &Snapshot, copy: u16) -> Option<(u8, &'static str)> {
    snap.zones
        .iter()
        .find(|z| z.cards.iter().any(|c| c.copy == copy))
        .map(|z| (z.player, z.zone))
}

/// Whether card `copy` is drawn: in a zone or on the board.
fn visible(snap: &Snapshot, copy: u16) -> bool {
    zone_of(snap, copy).is_some() || snap.board.iter().any(|p| p.copy == copy)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::core::{CardView, Seat, ZoneView};
    use crate::model::GameId;

    fn snap(zones: Vec<ZoneView>) -> Snapshot {
        Snapshot {
            game: GameId::Fuzzycards,
            seed: 1,
            seat: Seat::First,
            turn: 1,
            turn_unit: crate::engine::core::TurnUnit::Turn,
            phase: String::new(),
            phase_help: String::new(),
            to_act: 0,
            counters: Vec::new(),
            zones,
            board: Vec::new(),
            dice: Vec::new(),
            outcome: None,
            layout: crate::engine::core::DEALT_LAYOUT,
        }
    }

    fn zone(name: &'static str, cards: &[u16]) -> ZoneView {
        ZoneView {
            zone: name,
            player: 0,
            count: cards.len(),
            hidden: false,
            cards: cards
                .iter()
                .map(|&c| CardView::new(c, "x", Vec::new()))
                .collect(),
        }
    }

    #[test]
    fn a_card_is_found_in_its_zone_and_a_hidden_one_is_not() {
        let s = snap(vec![zone("Hand", &[1, 2]), zone("Altar", &[7])]);
        assert_eq!(zone_of(&s, 2), Some((0, "Hand")));
        assert_eq!(zone_of(&s, 7), Some((0, "Altar")));
        assert!(!visible(&s, 9));
    }

    #[test]
    fn lit_places_are_the_ones_with_actions() {
        let a = ActionKey {
            game: GameId::Fuzzycards,
            action: serde_json::json!({"action": "play", "card": 1}),
        };
        let d = Drag {
            from: Selected::Card(1),
            was_selected: false,
            drops: vec![(Drop::Zone(0, "Altar"), vec![a.clone()])],
        };
        assert!(d.lights(Drop::Zone(0, "Altar")));
        assert!(!d.lights(Drop::Zone(0, "Vault")));
        assert_eq!(d.at(Drop::Zone(0, "Altar")), &[a]);
    }
}
