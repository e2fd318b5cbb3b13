//! Deck statistics, counted over the main board: the deck's curve — the field
//! the game's `[card.curve]` names, else the cost curve where the game has
//! costs, else its first single-choice field (Dice of Destiny colours) — and
//! the breakdown by card type. The deck builder charts them.

use std::collections::BTreeMap;

use crate::games::{self, FieldKind, GameDef};
use crate::model::{Board, Card, Catalog, Deck, NameIndex};
use crate::rules::resolve_entry;

/// A titled set of labelled counts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub title: String,
    pub bars: Vec<(String, u32)>,
}

/// The two tallies of a deck.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DeckStats {
    pub curve: Tally,
    pub types: Tally,
}

/// Costs up to this value always get a bar, so curves of different decks
/// line up.
const MIN_CURVE: i64 = 5;
/// A numeric curve wider than this lists only the values the deck has.
const MAX_SPAN: i64 = 30;

/// The statistics of `deck`'s main board (`names` is the catalog's name index).
pub fn deck_stats(catalog: &Catalog, names: &NameIndex, deck: &Deck) -> DeckStats {
    let def = games::game(catalog.game).def();
    // (card, copies) of the resolved main board
    let cards: Vec<(&Card, u32)> = deck
        .board(Board::Main)
        .filter_map(|e| {
            resolve_entry(names, catalog, e)
                .card()
                .map(|i| (&catalog.cards[i], e.count))
        })
        .collect();
    DeckStats {
        curve: curve(def, &cards),
        types: words(
            "Card types",
            &cards,
            |c| Some(c.card_type.as_str()),
            &def.card.types,
        ),
    }
}

fn curve(def: &GameDef, cards: &[(&Card, u32)]) -> Tally {
    let schema = &def.card;
    let chosen = schema.curve.as_ref();
    let key = match chosen {
        Some(c) => c.field.as_str(),
        None if schema.cost.is_some() => "cost",
        None => match schema.fields.iter().find(|f| f.kind == FieldKind::Enum) {
            Some(f) => f.key.as_str(),
            None => return Tally::default(),
        },
    };
    let Some(field) = schema.field(key) else {
        return Tally::default();
    };
    let title = chosen
        .and_then(|c| c.title.clone())
        .unwrap_or_else(|| match key {
            "cost" => "Cost curve".to_string(),
            _ => field.label.clone().unwrap_or_else(|| field.key.clone()),
        });
    if field.kind == FieldKind::Int {
        let (low, high) = if key == "cost" {
            (0, MIN_CURVE)
        } else {
            (field.min.unwrap_or(0), field.max.unwrap_or(MIN_CURVE))
        };
        let value = |c: &Card| if key == "cost" { c.cost } else { c.int(key) };
        return numbers(&title, cards, value, low, high);
    }
    let mut order = field.values.clone();
    for vs in field.values_by_type.values() {
        for v in vs {
            if !order.contains(v) {
                order.push(v.clone());
            }
        }
    }
    words(&title, cards, |c| c.str_field(key), &order)
}

/// Copies per number, every number from `low` (or lower) to `high` (or
/// higher) getting a bar.
fn numbers(
    title: &str,
    cards: &[(&Card, u32)],
    value: impl Fn(&Card) -> Option<i64>,
    low: i64,
    high: i64,
) -> Tally {
    let mut counts: BTreeMap<i64, u32> = BTreeMap::new();
    for (c, n) in cards {
        if let Some(v) = value(c) {
            *counts.entry(v).or_default() += n;
        }
    }
    let lowest = counts.keys().next().copied().unwrap_or(low).min(low);
    let highest = counts.keys().last().copied().unwrap_or(high).max(high);
    let bars = if highest - lowest <= MAX_SPAN {
        (lowest..=highest)
            .map(|v| (v.to_string(), counts.get(&v).copied().unwrap_or(0)))
            .collect()
    } else {
        counts.iter().map(|(v, n)| (v.to_string(), *n)).collect()
    };
    Tally {
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
) -> Tally {
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
    Tally {
        title: title.to_string(),
        bars,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{DeckEntry, FieldValue, GameId};

    fn game(id: &str) -> GameId {
        id.parse().unwrap()
    }

    #[test]
    fn counts_copies_by_cost_and_type() {
        let mut cat = Catalog::new(game("fuzzycards"), "T");
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
        // an unknown [x] on a name one card has is read as a printing mark
        let mut marked = DeckEntry::new(1, "A");
        marked.id = Some("GW1".into());
        deck.entries.push(marked);
        let s = deck_stats(&cat, &cat.name_index(), &deck);
        assert_eq!(s.curve.title, "Cost curve");
        let curve: Vec<u32> = s.curve.bars.iter().map(|(_, n)| *n).collect();
        assert_eq!(curve, [0, 5, 0, 2, 0, 0]);
        assert_eq!(
            s.types.bars,
            [("hero".to_string(), 6), ("event".to_string(), 1)]
        );
    }

    #[test]
    fn games_without_costs_chart_their_curve_field_or_colours() {
        let mut cat = Catalog::new(game("dice-of-destiny"), "T");
        for (name, t, colour) in [("Frog", "creature", "green"), ("Bolt", "spell", "grey")] {
            let mut c = Card::new(name, t);
            c.fields
                .insert("colour".into(), FieldValue::Text(colour.into()));
            cat.cards.push(c);
        }
        let mut deck = Deck::default();
        deck.entries.push(DeckEntry::new(3, "Bolt"));
        deck.entries.push(DeckEntry::new(2, "Frog"));
        let s = deck_stats(&cat, &cat.name_index(), &deck);
        assert_eq!(s.curve.title, "Colour");
        assert_eq!(
            s.curve.bars,
            [("green".to_string(), 2), ("grey".to_string(), 3)]
        );

        let mut sw = Catalog::new(game("strange-world"), "SW");
        let mut land = Card::new("Dawn", "land");
        land.fields.insert("tier".into(), FieldValue::Int(2));
        sw.cards.push(land);
        let mut deck = Deck::default();
        deck.entries.push(DeckEntry::new(4, "Dawn"));
        let s = deck_stats(&sw, &sw.name_index(), &deck);
        assert_eq!(s.curve.title, "Land tiers");
        let bars: Vec<u32> = s.curve.bars.iter().map(|(_, n)| *n).collect();
        assert_eq!(bars, [0, 4, 0, 0]);
    }
}
