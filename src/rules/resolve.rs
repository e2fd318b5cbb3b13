//! Stage one of validation: match deck entries to catalog cards.

use crate::model::{Board, Card, Catalog, Deck, DeckEntry, DeckNote, NameIndex, name_key};

use super::{RuleId, Violation};

/// One deck entry after matching.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResolvedLine {
    /// The catalog position, when the entry names exactly one card.
    pub card: Option<usize>,
    pub count: u32,
    /// The name as written.
    pub name: String,
    pub line: Option<usize>,
    /// The name exists but is shared by several cards and no `[id]` was given.
    pub ambiguous: bool,
}

/// A deck matched against its catalog. Unknown and ambiguous entries stay in
/// (with `card: None`) so sizes still count them and every other rule still runs.
#[derive(Clone, Debug)]
pub struct Resolved<'a> {
    pub catalog: &'a Catalog,
    pub main: Vec<ResolvedLine>,
    pub sideboard: Vec<ResolvedLine>,
    /// `unknown-card` and `ambiguous-card` violations.
    pub violations: Vec<Violation>,
    /// Readings the user should know about that are not violations: an
    /// `[x]` that is no id of the catalog, read as another tool's printing
    /// mark because the name alone names one card.
    pub notes: Vec<DeckNote>,
}

impl<'a> Resolved<'a> {
    /// Cards in the main board, unknown ones included.
    pub fn total(&self) -> u32 {
        self.main.iter().map(|l| l.count).sum()
    }

    /// Resolved main-board cards with their counts (a card listed on two lines
    /// appears twice).
    pub fn cards(&self) -> impl Iterator<Item = (&'a Card, u32, &ResolvedLine)> + '_ {
        let catalog = self.catalog;
        self.main
            .iter()
            .filter_map(move |l| l.card.map(|i| (&catalog.cards[i], l.count, l)))
    }

    /// How many main-board cards satisfy `pred`.
    pub fn count_where(&self, pred: impl Fn(&Card) -> bool) -> u32 {
        self.cards()
            .filter(|(c, _, _)| pred(c))
            .map(|(_, n, _)| n)
            .sum()
    }
}

/// How one deck entry reads against a catalog.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// The card at this catalog position.
    Card(usize),
    /// The card the name alone names: the entry's `[x]` is no id of the
    /// catalog, so it is read as another tool's printing mark and dropped.
    MarkDropped(usize),
    /// The `[id]` is the id of another card (at this position).
    WrongId(usize),
    /// No card has the `[id]`, and the name does not name exactly one card.
    UnknownId,
    /// No card has the name.
    UnknownName,
    /// Several cards share the name and no `[id]` says which (positions).
    Ambiguous(Vec<usize>),
}

impl Entry {
    /// The catalog position of the card the entry names, when it names one.
    pub fn card(&self) -> Option<usize> {
        match self {
            Entry::Card(i) | Entry::MarkDropped(i) => Some(*i),
            _ => None,
        }
    }
}

/// Matches one deck entry to a card of `catalog` (whose name index is
/// `index`): by `[id]` when given (the written name must then be that card's
/// name, or empty), else by name, ignoring case and runs of white space. The
/// deck builder and validation read entries through this one function.
pub fn resolve_entry(index: &NameIndex, catalog: &Catalog, e: &DeckEntry) -> Entry {
    match &e.id {
        Some(id) => match index.by_id(id) {
            Some(i)
                if catalog.cards[i].name_key() == name_key(&e.name) || e.name.trim().is_empty() =>
            {
                Entry::Card(i)
            }
            Some(i) => Entry::WrongId(i),
            None => match index.named(&e.name) {
                [one] => Entry::MarkDropped(*one),
                _ => Entry::UnknownId,
            },
        },
        None => match index.named(&e.name) {
            [one] => Entry::Card(*one),
            [] => Entry::UnknownName,
            several => Entry::Ambiguous(several.to_vec()),
        },
    }
}

/// Matches every entry of `deck` to a card of `catalog` (see
/// [`resolve_entry`]). The maybeboard is not checked.
pub fn resolve<'a>(deck: &Deck, catalog: &'a Catalog) -> Resolved<'a> {
    let index = catalog.name_index();
    let mut out = Resolved {
        catalog,
        main: Vec::new(),
        sideboard: Vec::new(),
        violations: Vec::new(),
        notes: Vec::new(),
    };
    let at = |line: Option<usize>| line.map(|l| format!("line {l}: ")).unwrap_or_default();
    for e in &deck.entries {
        if e.board == Board::Maybeboard {
            continue;
        }
        let read = resolve_entry(&index, catalog, e);
        let unknown = |message: String| {
            Violation::new(RuleId::UnknownCard, None, message)
                .with_cards([e.name.clone()])
                .at_line(e.line)
        };
        match &read {
            Entry::Card(_) => {}
            Entry::MarkDropped(i) => {
                // `4 Ember Cub [GW1]`: a set code of another tool, not one of
                // our ids; the name says which card it is
                out.notes.push(DeckNote {
                    line: e.line,
                    message: format!(
                        "[{}] is no card id in catalog \"{}\"; read as a printing mark of another tool and dropped (the card is \"{}\")",
                        e.id.as_deref().unwrap_or_default(),
                        catalog.name,
                        catalog.cards[*i].name
                    ),
                });
            }
            Entry::WrongId(i) => out.violations.push(unknown(format!(
                "{}[{}] is the id of \"{}\", not \"{}\"",
                at(e.line),
                e.id.as_deref().unwrap_or_default(),
                catalog.cards[*i].name,
                e.name
            ))),
            Entry::UnknownId => out.violations.push(unknown(format!(
                "{}no card with id [{}] in catalog \"{}\"",
                at(e.line),
                e.id.as_deref().unwrap_or_default(),
                catalog.name
            ))),
            Entry::UnknownName => out.violations.push(unknown(format!(
                "{}\"{}\" is not in catalog \"{}\"",
                at(e.line),
                e.name,
                catalog.name
            ))),
            Entry::Ambiguous(several) => {
                let ids: Vec<String> = several
                    .iter()
                    .map(|&i| {
                        let c = &catalog.cards[i];
                        match c.cost {
                            Some(cost) => format!("[{}] (cost {cost})", c.id),
                            None => format!("[{}]", c.id),
                        }
                    })
                    .collect();
                out.violations.push(
                    Violation::new(
                        RuleId::AmbiguousCard,
                        None,
                        format!(
                            "{}\"{}\" names {} cards: add one of {} after the name",
                            at(e.line),
                            e.name,
                            several.len(),
                            ids.join(", ")
                        ),
                    )
                    .with_cards([e.name.clone()])
                    .at_line(e.line),
                );
            }
        }
        let line = ResolvedLine {
            card: read.card(),
            count: e.count,
            name: e.name.clone(),
            line: e.line,
            ambiguous: matches!(read, Entry::Ambiguous(_)),
        };
        match e.board {
            Board::Main => out.main.push(line),
            _ => out.sideboard.push(line),
        }
    }
    out
}
