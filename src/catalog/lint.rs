//! Soft checks: cards outside the rulebook's published facts load, with a warning.

use serde::Serialize;

use crate::games::{self, LintDef};
use crate::model::{Card, Catalog, FieldValue};

/// One lint finding.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Warning {
    pub card: String,
    pub id: String,
    /// The `[[card]]` line, when the catalog came from a file.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    pub message: String,
}

/// Lints every card of a catalog: the game's `[[lint]]` ranges, its own
/// checks, and a `copy_limit` where the game's rules do not let a card
/// override its copy limit (only a copies rule with `card_override = true`
/// honours it).
/// `card_lines` (from [`super::Loaded`]) adds line numbers.
pub fn lint(catalog: &Catalog, card_lines: &[usize]) -> Vec<Warning> {
    let game = games::game(catalog.game);
    let mut out = Vec::new();
    for (i, card) in catalog.cards.iter().enumerate() {
        let mut messages: Vec<String> = game
            .def()
            .lints
            .iter()
            .filter(|l| applies(l, card))
            .flat_map(|l| check(l, card))
            .collect();
        messages.extend(game.lint_card(card));
        if let Some(n) = card.copy_limit
            && !game.def().construction.card_override()
        {
            messages.push(format!(
                "copy_limit = {n} has no effect: {} does not let a card change its copy limit",
                game.def().name
            ));
        }
        out.extend(messages.into_iter().map(|message| Warning {
            card: card.name.clone(),
            id: card.id.clone(),
            line: card_lines.get(i).copied(),
            message,
        }));
    }
    out
}

fn applies(l: &LintDef, card: &Card) -> bool {
    l.when.iter().all(|(k, want)| {
        if k == "type" {
            return want.as_str() == Some(card.card_type.as_str());
        }
        match (card.field(k), want) {
            (Some(FieldValue::Text(s)), toml::Value::String(w)) => s == w,
            (Some(FieldValue::Int(n)), toml::Value::Integer(w)) => n == w,
            (Some(FieldValue::Bool(b)), toml::Value::Boolean(w)) => b == w,
            _ => false,
        }
    })
}

fn check(l: &LintDef, card: &Card) -> Vec<String> {
    let mut out = Vec::new();
    let mut range = |what: String, n: i64| {
        let low = l.min.is_some_and(|m| n < m);
        let high = l.max.is_some_and(|m| n > m);
        if low || high {
            let bound = match (l.min, l.max) {
                (Some(a), Some(b)) if a == b => format!("{a}"),
                (Some(a), Some(b)) => format!("{a}-{b}"),
                (None, Some(b)) => format!("at most {b}"),
                (Some(a), None) => format!("at least {a}"),
                (None, None) => String::new(),
            };
            out.push(format!(
                "{what} = {n}, outside the rulebook's {bound}: {}",
                l.source
            ));
        }
    };
    match l.field.split_once('.') {
        Some((list, key)) => {
            let items = card
                .field(list)
                .and_then(FieldValue::as_list)
                .unwrap_or(&[]);
            for (i, item) in items.iter().enumerate() {
                if let Some(n) = item
                    .as_table()
                    .and_then(|t| t.get(key))
                    .and_then(FieldValue::as_int)
                {
                    range(format!("{list}[{}].{key}", i + 1), n);
                }
            }
        }
        None => {
            let value = if l.field == "cost" {
                card.cost
            } else {
                card.int(&l.field)
            };
            if let Some(n) = value {
                range(l.field.clone(), n);
            }
            if let (Some(max), Some(items)) = (
                l.max_items,
                card.field(&l.field).and_then(FieldValue::as_list),
            ) && items.len() > max
            {
                out.push(format!(
                    "{} has {} items; {}",
                    l.field,
                    items.len(),
                    l.source
                ));
            }
        }
    }
    out
}
