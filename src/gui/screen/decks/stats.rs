//! The deck builder's charts: the cost curve (Strange World: the Land tiers)
//! and the breakdown by card type, counted over the main board.

use std::collections::BTreeMap;

use crate::games;
use crate::gui::widget::chart::BarChart;
use crate::model::{Board, Catalog, Deck, NameIndex};

use super::editor::resolve_entry;

/// The two charts of a deck.
#[derive(Clone, Debug, PartialEq)]
pub struct Stats {
    pub curve: BarChart,
    pub types: BarChart,
}

/// Costs up to this value always get a bar, so curves of different decks
/// line up.
const MIN_CURVE: i64 = 5;

pub fn stats(catalog: &Catalog, names: &NameIndex, deck: &Deck) -> Stats {
    let def = games::game(catalog.game).def();
    let by_cost = def.card.cost.is_some();
    let (title, key) = if by_cost {
        ("Cost curve", "cost")
    } else {
        ("Land tiers", "tier")
    };
    let mut curve: BTreeMap<i64, u32> = BTreeMap::new();
    let mut types: BTreeMap<&str, u32> = BTreeMap::new();
    for e in deck.board(Board::Main) {
        let Some(i) = resolve_entry(names, catalog, e) else {
            continue;
        };
        let card = &catalog.cards[i];
        *types.entry(card.card_type.as_str()).or_default() += e.count;
        let value = if key == "cost" {
            card.cost
        } else {
            card.int(key)
        };
        if let Some(v) = value {
            *curve.entry(v).or_default() += e.count;
        }
    }
    let lowest = if by_cost {
        curve.keys().next().copied().unwrap_or(0).min(0)
    } else {
        1
    };
    let highest =
        curve
            .keys()
            .last()
            .copied()
            .unwrap_or(0)
            .max(if by_cost { MIN_CURVE } else { 4 });
    let mut curve_bars = Vec::new();
    if highest - lowest <= 30 {
        for v in lowest..=highest {
            curve_bars.push((v.to_string(), curve.get(&v).copied().unwrap_or(0)));
        }
    } else {
        curve_bars.extend(curve.iter().map(|(v, n)| (v.to_string(), *n)));
    }
    let type_bars = def
        .card
        .types
        .iter()
        .filter_map(|t| types.get(t.as_str()).map(|n| (t.clone(), *n)))
        .collect();
    Stats {
        curve: BarChart {
            title: title.to_string(),
            bars: curve_bars,
        },
        types: BarChart {
            title: "Card types".to_string(),
            bars: type_bars,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Card, DeckEntry, GameId};

    #[test]
    fn counts_copies_by_cost_and_type() {
        let mut cat = Catalog::new(GameId::Fuzzycards, "T");
        for (name, t, cost) in [("A", "hero", 1), ("B", "hero", 3), ("C", "event", 1)] {
            let mut c = Card::new(name, t);
            c.cost = Some(cost);
            cat.cards.push(c);
        }
        let mut deck = Deck::default();
        deck.entries.push(DeckEntry::new(3, "A"));
        deck.entries.push(DeckEntry::new(2, "b"));
        deck.entries.push(DeckEntry::new(1, "C"));
        deck.entries.push(DeckEntry::new(4, "Nowhere"));
        let mut side = DeckEntry::new(3, "C");
        side.board = Board::Sideboard;
        deck.entries.push(side);
        let s = stats(&cat, &cat.name_index(), &deck);
        let curve: Vec<u32> = s.curve.bars.iter().map(|(_, n)| *n).collect();
        assert_eq!(curve, [0, 4, 0, 2, 0, 0]);
        assert_eq!(
            s.types.bars,
            [("hero".to_string(), 5), ("event".to_string(), 1)]
        );
    }
}
