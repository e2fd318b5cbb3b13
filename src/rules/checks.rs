//! Checks several games share, parametrised by the numbers in their definitions.

use crate::model::{Card, name_key};

use super::{Resolved, RuleId, Violation};

/// Main-board cards grouped by name (case and spacing folded), in first-seen
/// order. Ambiguous entries count under their written name, since every card they
/// could mean shares it; unknown entries are left out.
pub struct NameCount {
    pub name: String,
    pub count: u32,
    /// Catalog positions of the resolved cards in the group.
    pub cards: Vec<usize>,
    pub line: Option<usize>,
}

pub fn count_by_name(deck: &Resolved<'_>, filter: impl Fn(&Card) -> bool) -> Vec<NameCount> {
    let mut groups: Vec<(String, NameCount)> = Vec::new();
    let index = deck
        .main
        .iter()
        .any(|l| l.ambiguous)
        .then(|| deck.catalog.name_index());
    for l in &deck.main {
        let (key, name) = match l.card {
            Some(i) => {
                let c = &deck.catalog.cards[i];
                if !filter(c) {
                    continue;
                }
                (c.name_key(), c.name.clone())
            }
            None if l.ambiguous => {
                let first = index
                    .as_ref()
                    .and_then(|ix| ix.named(&l.name).first().copied());
                match first {
                    Some(i) if filter(&deck.catalog.cards[i]) => {
                        (name_key(&l.name), deck.catalog.cards[i].name.clone())
                    }
                    _ => continue,
                }
            }
            None => continue,
        };
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, g)) => {
                g.count += l.count;
                if let Some(i) = l.card
                    && !g.cards.contains(&i)
                {
                    g.cards.push(i);
                }
            }
            None => groups.push((
                key,
                NameCount {
                    name,
                    count: l.count,
                    cards: l.card.into_iter().collect(),
                    line: l.line,
                },
            )),
        }
    }
    groups.into_iter().map(|(_, g)| g).collect()
}

/// `deck-size`: exactly `size` main-board cards.
pub fn deck_size_exact(
    deck: &Resolved<'_>,
    size: u32,
    game: &str,
    reference: &'static str,
) -> Option<Violation> {
    let total = deck.total();
    (total != size).then(|| {
        Violation::new(
            RuleId::DeckSize,
            Some(reference),
            format!("deck has {total} cards; {game} needs exactly {size}"),
        )
    })
}

/// `copy-limit`: at most `limit` copies per name, unless a card's own
/// `copy_limit` says otherwise (the highest override in a name group wins).
pub fn copy_limit(
    deck: &Resolved<'_>,
    limit: u32,
    game: &str,
    reference: &'static str,
    filter: impl Fn(&Card) -> bool,
) -> Vec<Violation> {
    count_by_name(deck, filter)
        .into_iter()
        .filter_map(|g| {
            let own = g
                .cards
                .iter()
                .filter_map(|&i| deck.catalog.cards[i].copy_limit)
                .max();
            let allowed = own.unwrap_or(limit);
            (g.count > allowed).then(|| {
                let why = match own {
                    Some(n) => format!("its card text allows at most {n}"),
                    None => format!("{game} allows at most {limit}"),
                };
                Violation::new(
                    RuleId::CopyLimit,
                    Some(reference),
                    format!("{} copies of \"{}\"; {why}", g.count, g.name),
                )
                .with_cards([g.name])
                .at_line(g.line)
            })
        })
        .collect()
}

/// At least `min` main-board cards of `card_type` (`hero-minimum`, ...).
pub fn type_minimum(
    deck: &Resolved<'_>,
    card_type: &str,
    plural: &str,
    min: u32,
    rule: RuleId,
    game: &str,
    reference: &'static str,
) -> Option<Violation> {
    let n = deck.count_where(|c| c.card_type == card_type);
    (n < min).then(|| {
        Violation::new(
            rule,
            Some(reference),
            format!("deck has {n} {plural}; {game} needs at least {min}"),
        )
    })
}

/// Exactly `exact` main-board cards of `card_type` (`numen-count`, ...).
pub fn section_count(
    deck: &Resolved<'_>,
    card_type: &str,
    label: (&str, &str),
    exact: u32,
    rule: RuleId,
    game: &str,
    reference: &'static str,
) -> Option<Violation> {
    let n = deck.count_where(|c| c.card_type == card_type);
    let word = |k: u32| if k == 1 { label.0 } else { label.1 };
    (n != exact).then(|| {
        Violation::new(
            rule,
            Some(reference),
            format!(
                "deck has {n} {}; {game} needs exactly {exact} {}",
                word(n),
                word(exact)
            ),
        )
    })
}

/// `singleton`: every card of the filtered kind appears once.
pub fn distinct_by_name(
    deck: &Resolved<'_>,
    what: &str,
    game: &str,
    reference: &'static str,
    filter: impl Fn(&Card) -> bool,
) -> Vec<Violation> {
    count_by_name(deck, filter)
        .into_iter()
        .filter(|g| g.count > 1)
        .map(|g| {
            Violation::new(
                RuleId::Singleton,
                Some(reference),
                format!(
                    "{} copies of \"{}\"; {game} {what} must all be different",
                    g.count, g.name
                ),
            )
            .with_cards([g.name])
            .at_line(g.line)
        })
        .collect()
}
