//! Card search and filters over a catalog held in memory.
//!
//! Searching as you type must answer within a frame (16 ms) over 10,000
//! cards, so the screens keep the current catalog in memory and filter it
//! here instead of asking SQLite on every key: the lower-cased text of every
//! card is prepared once per catalog, and a search is then one pass of
//! substring tests (benches/gui.rs measures it).

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use crate::games::{self, FieldKind};
use crate::model::{Card, Catalog, FieldValue};

/// Integer fields whose schema range spans at most this many values get a
/// filter (Strange World tiers and mountains, not a stat that runs to 99).
const SMALL_RANGE: i64 = 12;

/// A catalog prepared for searching.
#[derive(Clone, Debug)]
pub struct CardIndex {
    catalog: Arc<Catalog>,
    /// Lower-cased names.
    names: Vec<String>,
    /// Lower-cased id, type, rules text and text fields, for word matches.
    text: Vec<String>,
}

/// What the user asked for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    /// Words that must all appear in the name or text.
    pub query: String,
    pub card_type: Option<String>,
    pub cost: Option<i64>,
    /// Field key → the value as [`Facet`] lists it.
    pub fields: BTreeMap<String, String>,
}

impl Filter {
    /// Whether anything but the query narrows the search.
    pub fn has_facets(&self) -> bool {
        self.card_type.is_some() || self.cost.is_some() || !self.fields.is_empty()
    }
}

/// One filterable field and the values the catalog's cards have for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Facet {
    pub key: String,
    pub label: String,
    pub values: Vec<String>,
}

/// The filters a catalog offers: its types, its costs and its own fields.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Facets {
    pub types: Vec<String>,
    pub costs: Vec<i64>,
    pub fields: Vec<Facet>,
}

impl CardIndex {
    pub fn new(catalog: Arc<Catalog>) -> CardIndex {
        let names = catalog
            .cards
            .iter()
            .map(|c| c.name.to_lowercase())
            .collect();
        let text = catalog.cards.iter().map(haystack).collect();
        CardIndex {
            catalog,
            names,
            text,
        }
    }

    pub fn catalog(&self) -> &Arc<Catalog> {
        &self.catalog
    }

    pub fn card(&self, i: u32) -> &Card {
        &self.catalog.cards[i as usize]
    }

    /// The positions of the cards that match, best first: the name equal to
    /// the query, then names starting with it, then names containing it, then
    /// cards with every word of the query somewhere in their text; catalog
    /// order within each group.
    pub fn search(&self, filter: &Filter) -> Vec<u32> {
        let query = filter.query.trim().to_lowercase();
        let words: Vec<&str> = query.split_whitespace().collect();
        let mut ranked: [Vec<u32>; 4] = Default::default();
        for (i, card) in self.catalog.cards.iter().enumerate() {
            if !facets_match(card, filter) {
                continue;
            }
            let rank = if words.is_empty() {
                Some(3)
            } else {
                let name = &self.names[i];
                if *name == query {
                    Some(0)
                } else if name.starts_with(&query) {
                    Some(1)
                } else if name.contains(&query) {
                    Some(2)
                } else if words
                    .iter()
                    .all(|w| name.contains(w) || self.text[i].contains(w))
                {
                    Some(3)
                } else {
                    None
                }
            };
            if let Some(r) = rank {
                ranked[r].push(i as u32);
            }
        }
        let [mut out, a, b, c] = ranked;
        out.extend(a);
        out.extend(b);
        out.extend(c);
        out
    }

    /// The filters worth offering for this catalog.
    pub fn facets(&self) -> Facets {
        let def = games::game(self.catalog.game).def();
        let cards = &self.catalog.cards;
        let mut types: Vec<String> = def
            .card
            .types
            .iter()
            .filter(|t| cards.iter().any(|c| &c.card_type == *t))
            .cloned()
            .collect();
        if types.len() < 2 {
            types.clear();
        }
        let costs: BTreeSet<i64> = cards.iter().filter_map(|c| c.cost).collect();
        let mut fields = Vec::new();
        for fd in &def.card.fields {
            let wanted = match fd.kind {
                FieldKind::Enum | FieldKind::EnumList | FieldKind::Bool => true,
                FieldKind::Int => {
                    matches!((fd.min, fd.max), (Some(a), Some(b)) if b - a < SMALL_RANGE)
                }
                _ => false,
            };
            if !wanted {
                continue;
            }
            let mut values: BTreeSet<String> = BTreeSet::new();
            let mut numbers: BTreeSet<i64> = BTreeSet::new();
            for c in cards.iter().filter(|c| fd.applies_to(&c.card_type)) {
                match c.field(&fd.key) {
                    Some(FieldValue::Int(n)) => {
                        numbers.insert(*n);
                    }
                    Some(FieldValue::Bool(b)) => {
                        values.insert(yes_no(*b).into());
                    }
                    Some(FieldValue::List(l)) => {
                        values.extend(l.iter().map(FieldValue::display));
                    }
                    Some(v) => {
                        values.insert(v.display());
                    }
                    None if fd.kind == FieldKind::Bool => {
                        values.insert(yes_no(false).into());
                    }
                    None => {}
                }
            }
            let mut values: Vec<String> = values.into_iter().collect();
            values.extend(numbers.into_iter().map(|n| n.to_string()));
            if values.len() >= 2 || (fd.kind == FieldKind::EnumList && !values.is_empty()) {
                fields.push(Facet {
                    key: fd.key.clone(),
                    label: fd.label.clone().unwrap_or_else(|| fd.key.clone()),
                    values,
                });
            }
        }
        Facets {
            types,
            costs: costs.into_iter().collect(),
            fields,
        }
    }
}

fn yes_no(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

/// Everything a word of the query may match besides the name.
fn haystack(card: &Card) -> String {
    let mut s = format!("{} {}", card.id, card.card_type);
    if let Some(t) = &card.text {
        s.push(' ');
        s.push_str(t);
    }
    for v in card.fields.values() {
        if let FieldValue::Text(t) = v {
            s.push(' ');
            s.push_str(t);
        }
    }
    s.to_lowercase()
}

fn facets_match(card: &Card, filter: &Filter) -> bool {
    if filter
        .card_type
        .as_ref()
        .is_some_and(|t| *t != card.card_type)
    {
        return false;
    }
    if filter.cost.is_some() && card.cost != filter.cost {
        return false;
    }
    filter
        .fields
        .iter()
        .all(|(key, want)| match card.field(key) {
            Some(FieldValue::List(l)) => l.iter().any(|v| v.display() == *want),
            Some(FieldValue::Bool(b)) => yes_no(*b) == want,
            Some(v) => v.display() == *want,
            None => want == "no",
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::GameId;

    /// A built-in game by its id, as files name it.
    fn game(id: &str) -> GameId {
        id.parse().unwrap()
    }

    fn catalog() -> Arc<Catalog> {
        let mut c = Catalog::new(game("fuzzycards"), "T");
        let mut add = |name: &str, t: &str, cost: i64, rarity: &str, text: &str| {
            let mut card = Card::new(name, t);
            card.cost = Some(cost);
            card.text = (!text.is_empty()).then(|| text.to_string());
            card.fields
                .insert("rarity".into(), FieldValue::Text(rarity.into()));
            c.cards.push(card);
        };
        add("Spark Fox", "hero", 1, "common", "");
        add("Fox", "hero", 2, "uncommon", "");
        add("Foxglove Relic", "relic", 1, "rare", "");
        add(
            "Ember Cub",
            "hero",
            1,
            "common",
            "When a fox attacks, draw 1.",
        );
        add("Tide Pup", "event", 3, "rare", "Deal 2.");
        Arc::new(c)
    }

    fn names(ix: &CardIndex, f: &Filter) -> Vec<String> {
        ix.search(f)
            .into_iter()
            .map(|i| ix.card(i).name.clone())
            .collect()
    }

    #[test]
    fn ranks_exact_then_prefix_then_contains_then_text() {
        let ix = CardIndex::new(catalog());
        let f = Filter {
            query: "FOX".into(),
            ..Filter::default()
        };
        assert_eq!(
            names(&ix, &f),
            ["Fox", "Foxglove Relic", "Spark Fox", "Ember Cub"]
        );
        let f = Filter {
            query: "draw ember".into(),
            ..Filter::default()
        };
        assert_eq!(names(&ix, &f), ["Ember Cub"]);
    }

    #[test]
    fn facets_narrow_the_search() {
        let ix = CardIndex::new(catalog());
        let mut f = Filter {
            card_type: Some("hero".into()),
            cost: Some(1),
            ..Filter::default()
        };
        assert_eq!(names(&ix, &f), ["Spark Fox", "Ember Cub"]);
        f.fields.insert("rarity".into(), "rare".into());
        assert!(names(&ix, &f).is_empty());
        f.card_type = None;
        assert_eq!(names(&ix, &f), ["Foxglove Relic"]);
    }

    #[test]
    fn offers_the_fields_the_cards_use() {
        let facets = CardIndex::new(catalog()).facets();
        assert_eq!(facets.types, ["hero", "relic", "event"]);
        assert_eq!(facets.costs, [1, 2, 3]);
        let rarity = facets.fields.iter().find(|f| f.key == "rarity").unwrap();
        assert_eq!(rarity.values, ["common", "rare", "uncommon"]);
        // no card has a force, so there is no force filter
        assert!(facets.fields.iter().all(|f| f.key != "force"));
    }
}
