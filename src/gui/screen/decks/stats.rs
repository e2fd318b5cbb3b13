//! The deck builder's charts, counted over the main board: a curve — the cost
//! curve where the game has costs, else the Land tiers (Strange World), else
//! the game's first enumerated field (Dice of Destiny colours) — and the
//! breakdown by card type.

use std::collections::BTreeMap;

use crate::games::{self, FieldKind};
use crate::gui::widget::chart::BarChart;
use crate::model::{Board, Card, Catalog, Deck, NameIndex};

use super::editor::resolve_entry;

/// The two charts of a deck.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Stats {
    pub curve: BarChart,
    pub types: BarChart,
}

/// Costs up to this value always get a bar, so curves of different decks
/// line up.
const MIN_CURVE: i64 = 5;

pub fn stats(catalog: &Catalog, names: &NameIndex, deck: &Deck) -> Stats {
    let def = games::game(catalog.game).def();
    // (card, copies) of the resolved main board
    let cards: Vec<(&Card, u32)> = deck
        .board(Board::Main)
        .filter_map(|e| resolve_entry(names, catalog, e).map(|i| (&catalog.cards[i], e.count)))
        .collect();
    let curve = if def.card.cost.is_some() {
        numbers("Cost curve", &cards, |c| c.cost, 0, MIN_CURVE)
    } else if def.card.field("tier").is_some() {
        numbers("Land tiers", &cards, |c| c.int("tier"), 1, 4)
    } else {
        match def.card.fields.iter().find(|f| f.kind == FieldKind::Enum) {
            Some(f) => {
                let mut order = f.values.clone();
                for vs in f.values_by_type.values() {
                    for v in vs {
                        if !order.contains(v) {
                            order.push(v.clone());
                        }
                    }
                }
                let label = f.label.clone().unwrap_or_else(|| f.key.clone());
                words(&label, &cards, |c| c.str_field(&f.key), &order)
            }
            None => BarChart::default(),
        }
    };
    let types = words(
        "Card types",
        &cards,
        |c| Some(c.card_type.as_str()),
        &def.card.types,
    );
    Stats { curve, types }
}

/// Copies per number, every number from `low` (or lower) to `high` (or
/// higher) getting a bar.
fn numbers(
    title: &str,
    cards: &[(&Card, u32)],
    value: impl Fn(&Card) -> Option<i64>,
    low: i64,
    high: i64,
) -> BarChart {
    let mut counts: BTreeMap<i64, u32> = BTreeMap::new();
    for (c, n) in cards {
        if let Some(v) = value(c) {
            *counts.entry(v).or_default() += n;
        }
    }
    let lowest = counts.keys().next().copied().unwrap_or(low).min(low);
    let highest = counts.keys().last().copied().unwrap_or(high).max(high);
    let bars = if highest - lowest <= 30 {
        (lowest..=highest)
            .map(|v| (v.to_string(), counts.get(&v).copied().unwrap_or(0)))
            .collect()
    } else {
        counts.iter().map(|(v, n)| (v.to_string(), *n)).collect()
    };
    BarChart {
        title: title.to_string(),
        bars,
    }
}

/// Copies per word, in `order` (values not in it follow), only words the
/// deck has.
fn words<'c>(
    title: &str,
    cards: &[(&'c Card, u32)],
    value: impl Fn(&'c Card) -> Option<&'c str>,
    order: &[String],
) -> BarChart {
    let mut counts: BTreeMap<&str, u32> = BTreeMap::new();
    for (c, n) in cards {
        if let Some(v) = value(c) {
            *counts.entry(v).or_default() += n;
        }
    }
    let mut bars: Vec<(String, u32)> = order
        .iter()
        .filter_map(|v| counts.remove(v.as_str()).map(|n| (v.clone(), n)))
        .collect();
    bars.extend(counts.into_iter().map(|(v, n)| (v.to_string(), n)));
    BarChart {
        title: title.to_string(),
        bars,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{DeckEntry, FieldValue, GameId};

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
        assert_eq!(s.curve.title, "Cost curve");
        let curve: Vec<u32> = s.curve.bars.iter().map(|(_, n)| *n).collect();
        assert_eq!(curve, [0, 4, 0, 2, 0, 0]);
        assert_eq!(
            s.types.bars,
            [("hero".to_string(), 5), ("event".to_string(), 1)]
        );
    }

    #[test]
    fn games_without_costs_chart_tiers_or_colours() {
        let mut cat = Catalog::new(GameId::DiceOfDestiny, "T");
        for (name, t, colour) in [("Frog", "creature", "green"), ("Bolt", "spell", "grey")] {
            let mut c = Card::new(name, t);
            c.fields
                .insert("colour".into(), FieldValue::Text(colour.into()));
            cat.cards.push(c);
        }
        let mut deck = Deck::default();
        deck.entries.push(DeckEntry::new(3, "Bolt"));
        deck.entries.push(DeckEntry::new(2, "Frog"));
        let s = stats(&cat, &cat.name_index(), &deck);
        assert_eq!(s.curve.title, "Colour");
        assert_eq!(
            s.curve.bars,
            [("green".to_string(), 2), ("grey".to_string(), 3)]
        );

        let mut sw = Catalog::new(GameId::StrangeWorld, "SW");
        let mut land = Card::new("Dawn", "land");
        land.fields.insert("tier".into(), FieldValue::Int(2));
        sw.cards.push(land);
        let mut deck = Deck::default();
        deck.entries.push(DeckEntry::new(4, "Dawn"));
        let s = stats(&sw, &sw.name_index(), &deck);
        assert_eq!(s.curve.title, "Land tiers");
        let bars: Vec<u32> = s.curve.bars.iter().map(|(_, n)| *n).collect();
        assert_eq!(bars, [0, 4, 0, 0]);
    }
}
