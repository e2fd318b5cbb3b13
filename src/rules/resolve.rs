//! Stage one of validation: match deck entries to catalog cards.

use crate::model::{Board, Card, Catalog, Deck, DeckNote, name_key};

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

/// Matches every entry of `deck` to a card of `catalog`: by `[id]` when given
/// (the written name must then be that card's name), else by name, ignoring case
/// and runs of white space. The maybeboard is not checked.
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
        let mut ambiguous = false;
        let card = match &e.id {
            Some(id) => match index.by_id(id) {
                Some(i)
                    if catalog.cards[i].name_key() == name_key(&e.name)
                        || e.name.trim().is_empty() =>
                {
                    Some(i)
                }
                Some(i) => {
                    out.violations.push(
                        Violation::new(
                            RuleId::UnknownCard,
                            None,
                            format!(
                                "{}[{id}] is the id of \"{}\", not \"{}\"",
                                at(e.line),
                                catalog.cards[i].name,
                                e.name
                            ),
                        )
                        .with_cards([e.name.clone()])
                        .at_line(e.line),
                    );
                    None
                }
                None if index.named(&e.name).len() == 1 => {
                    let one = &index.named(&e.name)[0];
                    // `4 Ember Cub [GW1]`: a set code of another tool, not
                    // one of our ids; the name says which card it is
                    out.notes.push(DeckNote {
                        line: e.line,
                        message: format!(
                            "[{id}] is no card id in catalog \"{}\"; read as a printing mark of another tool and dropped (the card is \"{}\")",
                            catalog.name, catalog.cards[*one].name
                        ),
                    });
                    Some(*one)
                }
                None => {
                    out.violations.push(
                        Violation::new(
                            RuleId::UnknownCard,
                            None,
                            format!(
                                "{}no card with id [{id}] in catalog \"{}\"",
                                at(e.line),
                                catalog.name
                            ),
                        )
                        .with_cards([e.name.clone()])
                        .at_line(e.line),
                    );
                    None
                }
            },
            None => match index.named(&e.name) {
                [one] => Some(*one),
                [] => {
                    out.violations.push(
                        Violation::new(
                            RuleId::UnknownCard,
                            None,
                            format!(
                                "{}\"{}\" is not in catalog \"{}\"",
                                at(e.line),
                                e.name,
                                catalog.name
                            ),
                        )
                        .with_cards([e.name.clone()])
                        .at_line(e.line),
                    );
                    None
                }
                several => {
                    ambiguous = true;
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
                    None
                }
            },
        };
        let line = ResolvedLine {
            card,
            count: e.count,
            name: e.name.clone(),
            line: e.line,
            ambiguous,
        };
        match e.board {
            Board::Main => out.main.push(line),
            _ => out.sideboard.push(line),
        }
    }
    out
}
