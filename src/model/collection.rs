//! The cards a user owns, per catalog card, and what a deck still needs.

use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};

use super::{Board, Catalog, Deck};

/// Counts kept for one card.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Owned {
    pub owned: u32,
    /// How many of the owned copies are up for trade.
    pub trade: u32,
    /// How many more the user wants.
    pub wish: u32,
}

/// Owned counts for the cards of one catalog, by card id.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Collection {
    pub cards: BTreeMap<String, Owned>,
}

/// A card a deck needs more copies of than the collection holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MissingCard {
    pub id: String,
    pub name: String,
    pub needed: u32,
    pub owned: u32,
    pub missing: u32,
}

impl Collection {
    pub fn owned(&self, id: &str) -> u32 {
        self.cards.get(id).map_or(0, |o| o.owned)
    }

    /// Needed minus owned for every card of `deck` (main board and sideboard
    /// together; the maybeboard is not needed), in the deck's order. Entries that do
    /// not resolve to a catalog card are skipped: they cannot be owned.
    pub fn missing_for(&self, deck: &Deck, catalog: &Catalog) -> Vec<MissingCard> {
        let index = catalog.name_index();
        let mut needed: Vec<(usize, u32)> = Vec::new();
        let mut pos: HashMap<usize, usize> = HashMap::new();
        for e in deck.entries.iter().filter(|e| e.board != Board::Maybeboard) {
            let card = match &e.id {
                Some(id) => index.by_id(id),
                None => match index.named(&e.name) {
                    [one] => Some(*one),
                    _ => None,
                },
            };
            let Some(card) = card else { continue };
            match pos.get(&card) {
                Some(&p) => needed[p].1 += e.count,
                None => {
                    pos.insert(card, needed.len());
                    needed.push((card, e.count));
                }
            }
        }
        needed
            .into_iter()
            .filter_map(|(i, need)| {
                let card = &catalog.cards[i];
                let owned = self.owned(&card.id);
                (need > owned).then(|| MissingCard {
                    id: card.id.clone(),
                    name: card.name.clone(),
                    needed: need,
                    owned,
                    missing: need - owned,
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Card, DeckEntry, GameId};

    /// A built-in game by its id, as files name it.
    fn game(id: &str) -> GameId {
        id.parse().unwrap()
    }

    #[test]
    fn missing_counts_main_and_side_but_not_maybe() {
        let mut cat = Catalog::new(game("dice-of-destiny"), "t");
        cat.cards.push(Card::new("Frog", "creature"));
        cat.cards.push(Card::new("Bolt", "spell"));
        let mut deck = Deck::default();
        deck.entries.push(DeckEntry::new(3, "frog"));
        let mut side = DeckEntry::new(1, "Frog");
        side.board = Board::Sideboard;
        deck.entries.push(side);
        let mut maybe = DeckEntry::new(2, "Bolt");
        maybe.board = Board::Maybeboard;
        deck.entries.push(maybe);
        deck.entries.push(DeckEntry::new(1, "Nonexistent"));
        let mut col = Collection::default();
        col.cards.insert(
            "frog".into(),
            Owned {
                owned: 1,
                trade: 0,
                wish: 0,
            },
        );
        let missing = col.missing_for(&deck, &cat);
        assert_eq!(missing.len(), 1);
        assert_eq!(
            (missing[0].needed, missing[0].owned, missing[0].missing),
            (4, 1, 3)
        );
    }
}
