//! The decks of one game compiled for its engine: the distinct cards as the
//! game's own typed definitions, and every copy of both players' decks as one
//! definition index.
//!
//! Copy ids are positions in [`Table::deck`]: player 0's copies first, then
//! player 1's ([`Table::owner`]). Zones hold copy ids, and a copy's definition
//! is `defs[deck[copy]]`. The last definition is always a *blank*: a card that
//! does nothing, used by card importance (replace one copy of a card with a
//! blank and re-run) so the deck keeps its size and draw schedule.

use serde::Serialize;

use crate::engine::DeckCards;
use crate::model::{Card, Catalog};

/// A card the engine plays (partly) as vanilla: its text is not all modelled.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Vanilla {
    pub card: String,
    /// What is not modelled.
    pub reason: String,
}

/// The name shown for the importance blank.
pub const BLANK_NAME: &str = "(blank card)";

/// One player's deck: its catalog and its cards (catalog positions per copy).
#[derive(Clone, Copy, Debug)]
pub struct Side<'a> {
    pub catalog: &'a Catalog,
    pub cards: &'a DeckCards,
}

/// See the module docs.
#[derive(Clone, Debug)]
pub struct Table<D> {
    /// Distinct cards in order of first appearance (player 0's deck, then
    /// player 1's), then the blank.
    pub defs: Vec<D>,
    pub names: Vec<String>,
    /// Which player's catalog and which card of it each definition is (`None`
    /// for the blank).
    pub source: Vec<Option<(usize, usize)>>,
    /// Why a definition plays (partly) as vanilla, if it does.
    pub unmodelled: Vec<Option<String>>,
    /// One definition index per copy: player 0's copies, then player 1's.
    pub deck: Vec<u16>,
    /// The first copy id of player 1.
    pub split: usize,
}

impl<D> Table<D> {
    /// Compiles the players' decks (player 1's may be empty: a passive
    /// opponent) with the game's own `make` and `unmodelled` readings of a card.
    pub fn build(
        sides: [Side<'_>; 2],
        make: impl Fn(&Card) -> D,
        unmodelled: impl Fn(&Card) -> Option<String>,
        blank: D,
    ) -> Table<D> {
        let mut t = Table {
            defs: Vec::new(),
            names: Vec::new(),
            source: Vec::new(),
            unmodelled: Vec::new(),
            deck: Vec::with_capacity(sides[0].cards.len() + sides[1].cards.len()),
            split: sides[0].cards.len(),
        };
        for (p, side) in sides.iter().enumerate() {
            // the same catalog on both sides shares definitions
            let cat_of = |q: usize| sides[q].catalog as *const Catalog;
            for &ci in &side.cards.cards {
                let ci = usize::from(ci);
                let known = t.source.iter().position(|s| {
                    s.is_some_and(|(q, i)| i == ci && std::ptr::eq(cat_of(q), cat_of(p)))
                });
                let def = match known {
                    Some(d) => d,
                    None => {
                        let card = &side.catalog.cards[ci];
                        t.defs.push(make(card));
                        t.names.push(card.name.clone());
                        t.source.push(Some((p, ci)));
                        t.unmodelled.push(unmodelled(card));
                        t.defs.len() - 1
                    }
                };
                t.deck.push(def as u16);
            }
        }
        t.defs.push(blank);
        t.names.push(BLANK_NAME.to_string());
        t.source.push(None);
        t.unmodelled.push(None);
        t
    }

    /// The blank definition's index.
    pub fn blank(&self) -> u16 {
        (self.defs.len() - 1) as u16
    }

    #[inline]
    pub fn def(&self, copy: u16) -> &D {
        &self.defs[usize::from(self.deck[usize::from(copy)])]
    }

    #[inline]
    pub fn def_index(&self, copy: u16) -> u16 {
        self.deck[usize::from(copy)]
    }

    /// The player whose deck copy `copy` is from.
    #[inline]
    pub fn owner(&self, copy: u16) -> usize {
        usize::from(usize::from(copy) >= self.split)
    }

    /// Player `p`'s copies.
    pub fn range(&self, p: usize) -> std::ops::Range<usize> {
        if p == 0 {
            0..self.split
        } else {
            self.split..self.deck.len()
        }
    }

    pub fn copy_name(&self, copy: u16) -> &str {
        self.deck
            .get(usize::from(copy))
            .map_or("?", |&d| self.names[usize::from(d)].as_str())
    }

    /// Every copy of both decks.
    pub fn copies(&self) -> usize {
        self.deck.len()
    }

    /// Player 0's copies (the deck under test).
    pub fn own_copies(&self) -> usize {
        self.split
    }

    /// How many copies of definition `def` player 0's deck holds.
    pub fn count(&self, def: u16) -> usize {
        self.deck[..self.split]
            .iter()
            .filter(|&&d| d == def)
            .count()
    }

    /// The definitions in player 0's deck (the blank excluded), in order.
    pub fn distinct(&self) -> Vec<u16> {
        (0..self.blank())
            .filter(|&d| self.deck[..self.split].contains(&d))
            .collect()
    }

    /// Player 0's deck with one copy of `def` replaced by the blank (card
    /// importance); player 1's deck is unchanged.
    pub fn deck_without_one(&self, def: u16) -> Vec<u16> {
        let mut deck = self.deck.clone();
        if let Some(pos) = deck[..self.split].iter().rposition(|&d| d == def) {
            deck[pos] = self.blank();
        }
        deck
    }

    /// Player 0's cards that play (partly) as vanilla, once each (cost
    /// variants sharing a name and a reason are listed once).
    pub fn vanilla(&self) -> Vec<Vanilla> {
        let mut out: Vec<Vanilla> = Vec::new();
        for d in self.distinct() {
            if let Some(reason) = &self.unmodelled[usize::from(d)] {
                let v = Vanilla {
                    card: self.names[usize::from(d)].clone(),
                    reason: reason.clone(),
                };
                if !out.contains(&v) {
                    out.push(v);
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builds_defs_copies_owners_and_blank() {
        let mut cat = Catalog::new("dice-of-destiny".parse().unwrap(), "t");
        cat.cards.push(Card::new("A", "creature"));
        let mut b = Card::new("B", "spell");
        b.text = Some("does a thing".into());
        cat.cards.push(b);
        let mine = DeckCards {
            cards: vec![1, 0, 1, 1],
        };
        let theirs = DeckCards { cards: vec![0, 0] };
        let t = Table::build(
            [
                Side {
                    catalog: &cat,
                    cards: &mine,
                },
                Side {
                    catalog: &cat,
                    cards: &theirs,
                },
            ],
            |c| c.name.len(),
            |c| c.text.as_ref().map(|_| "text".to_string()),
            0,
        );
        assert_eq!(t.names, vec!["B", "A", BLANK_NAME]);
        assert_eq!(t.deck, vec![0, 1, 0, 0, 1, 1]);
        assert_eq!((t.owner(3), t.owner(4)), (0, 1));
        assert_eq!(t.range(1), 4..6);
        assert_eq!(t.blank(), 2);
        assert_eq!(t.copy_name(1), "A");
        assert_eq!(t.count(1), 1);
        assert_eq!(t.distinct(), vec![0, 1]);
        assert_eq!(t.deck_without_one(0), vec![0, 1, 0, 2, 1, 1]);
        assert_eq!(
            t.vanilla(),
            vec![Vanilla {
                card: "B".into(),
                reason: "text".into()
            }]
        );
    }
}
