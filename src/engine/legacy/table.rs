//! A deck compiled for one game's engine: the distinct cards as the game's own
//! typed definitions, and the deck as one definition index per copy.
//!
//! Copy ids are positions in [`Table::deck`]; zones hold copy ids, and a copy's
//! definition is `defs[deck[copy]]`. The last definition is always a *blank*:
//! a card that does nothing, used by card importance (replace one copy of a
//! card with a blank and re-run) so the deck keeps its size and draw schedule.

use crate::engine::DeckCards;
use crate::model::{Card, Catalog};

pub use crate::engine::core::{BLANK_NAME, Vanilla};

/// See the module docs.
#[derive(Clone, Debug)]
pub struct Table<D> {
    /// Distinct cards in order of first appearance in the deck list, then the blank.
    pub defs: Vec<D>,
    pub names: Vec<String>,
    /// The catalog position of each definition (`None` for the blank).
    pub catalog_index: Vec<Option<usize>>,
    /// Why a definition plays (partly) as vanilla, if it does.
    pub unmodelled: Vec<Option<String>>,
    /// One definition index per copy.
    pub deck: Vec<u16>,
}

impl<D> Table<D> {
    /// Compiles `cards` (catalog positions per copy) with the game's own
    /// `make` and `unmodelled` readings of a card.
    pub fn build(
        catalog: &Catalog,
        cards: &DeckCards,
        make: impl Fn(&Card) -> D,
        unmodelled: impl Fn(&Card) -> Option<String>,
        blank: D,
    ) -> Table<D> {
        let mut t = Table {
            defs: Vec::new(),
            names: Vec::new(),
            catalog_index: Vec::new(),
            unmodelled: Vec::new(),
            deck: Vec::with_capacity(cards.len()),
        };
        for &ci in &cards.cards {
            let ci = usize::from(ci);
            let def = match t.catalog_index.iter().position(|&x| x == Some(ci)) {
                Some(d) => d,
                None => {
                    let card = &catalog.cards[ci];
                    t.defs.push(make(card));
                    t.names.push(card.name.clone());
                    t.catalog_index.push(Some(ci));
                    t.unmodelled.push(unmodelled(card));
                    t.defs.len() - 1
                }
            };
            t.deck.push(def as u16);
        }
        t.defs.push(blank);
        t.names.push(BLANK_NAME.to_string());
        t.catalog_index.push(None);
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

    pub fn copy_name(&self, copy: u16) -> &str {
        self.deck
            .get(usize::from(copy))
            .map_or("?", |&d| self.names[usize::from(d)].as_str())
    }

    pub fn copies(&self) -> usize {
        self.deck.len()
    }

    /// How many copies of definition `def` the deck holds.
    pub fn count(&self, def: u16) -> usize {
        self.deck.iter().filter(|&&d| d == def).count()
    }

    /// The definitions present in the deck (the blank excluded), in order.
    pub fn distinct(&self) -> Vec<u16> {
        (0..self.blank())
            .filter(|&d| self.deck.contains(&d))
            .collect()
    }

    /// The deck with one copy of `def` replaced by the blank (card importance).
    pub fn deck_without_one(&self, def: u16) -> Vec<u16> {
        let mut deck = self.deck.clone();
        if let Some(pos) = deck.iter().rposition(|&d| d == def) {
            deck[pos] = self.blank();
        }
        deck
    }

    /// The cards that play (partly) as vanilla, once each (cost variants
    /// sharing a name and a reason are listed once).
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
    use crate::model::GameId;

    #[test]
    fn builds_defs_copies_and_blank() {
        let mut cat = Catalog::new(GameId::DiceOfDestiny, "t");
        cat.cards.push(Card::new("A", "creature"));
        let mut b = Card::new("B", "spell");
        b.text = Some("does a thing".into());
        cat.cards.push(b);
        let cards = DeckCards {
            cards: vec![1, 0, 1, 1],
        };
        let t = Table::build(
            &cat,
            &cards,
            |c| c.name.len(),
            |c| c.text.as_ref().map(|_| "text".to_string()),
            0,
        );
        assert_eq!(t.names, vec!["B", "A", BLANK_NAME]);
        assert_eq!(t.deck, vec![0, 1, 0, 0]);
        assert_eq!(t.blank(), 2);
        assert_eq!(t.copy_name(1), "A");
        assert_eq!(t.count(0), 3);
        assert_eq!(t.distinct(), vec![0, 1]);
        assert_eq!(t.deck_without_one(0), vec![0, 1, 0, 2]);
        assert_eq!(
            t.vanilla(),
            vec![Vanilla {
                card: "B".into(),
                reason: "text".into()
            }]
        );
    }
}
