//! Card filters for odds queries: `type=hero,cost<=2`, `force=power`,
//! `colour=red`, `keywords=rush`, `name=Ember Cub`.
//!
//! A filter is a comma-separated list of conditions that must all hold. A
//! condition is `key OP value` with OP one of `=`, `!=`, `<=`, `>=`, `<`, `>`.
//! Keys are `name`, `id`, `type`, `cost`, and the game's own card fields
//! (`resources/games/<game>.toml`); `keyword` and `color` are accepted for
//! `keywords` and `colour`. On a list field (keywords, elements) `=` means
//! "contains". Text compares ignore case. A card without the field does not
//! match (except for `!=`).

use std::fmt;

use crate::games;
use crate::model::{Card, FieldValue, GameId, name_key};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Eq,
    Ne,
    Le,
    Ge,
    Lt,
    Gt,
}

impl Op {
    fn as_str(self) -> &'static str {
        match self {
            Op::Eq => "=",
            Op::Ne => "!=",
            Op::Le => "<=",
            Op::Ge => ">=",
            Op::Lt => "<",
            Op::Gt => ">",
        }
    }

    fn cmp_int(self, a: i64, b: i64) -> bool {
        match self {
            Op::Eq => a == b,
            Op::Ne => a != b,
            Op::Le => a <= b,
            Op::Ge => a >= b,
            Op::Lt => a < b,
            Op::Gt => a > b,
        }
    }
}

/// One condition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Condition {
    pub key: String,
    pub op: Op,
    pub value: String,
}

/// A parsed filter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Filter {
    pub conditions: Vec<Condition>,
    text: String,
}

impl fmt::Display for Filter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// A filter that cannot be read for this game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("filter `{text}`: {message}")]
pub struct FilterError {
    pub text: String,
    pub message: String,
}

impl Filter {
    /// Parses `text` and checks its keys against `game`'s card schema.
    pub fn parse(text: &str, game: GameId) -> Result<Filter, FilterError> {
        let err = |message: String| FilterError {
            text: text.to_string(),
            message,
        };
        let schema = &games::game(game).def().card;
        let mut conditions = Vec::new();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (pos, op) = ["!=", "<=", ">=", "=", "<", ">"]
                .iter()
                .filter_map(|o| part.find(o).map(|p| (p, *o)))
                .min_by_key(|(p, o)| (*p, std::cmp::Reverse(o.len())))
                .ok_or_else(|| err(format!("`{part}` is not `key=value` (or !=, <=, >=, <, >)")))?;
            let op = match op {
                "!=" => Op::Ne,
                "<=" => Op::Le,
                ">=" => Op::Ge,
                "=" => Op::Eq,
                "<" => Op::Lt,
                _ => Op::Gt,
            };
            let key = part[..pos].trim().to_lowercase();
            let value = part[pos + op.as_str().len()..].trim().to_string();
            let key = match key.as_str() {
                "keyword" => "keywords".to_string(),
                "color" => "colour".to_string(),
                "element" => "elements".to_string(),
                _ => key,
            };
            if value.is_empty() {
                return Err(err(format!("`{key}` has no value")));
            }
            let numeric = match key.as_str() {
                "name" | "id" | "type" => false,
                "cost" => true,
                k => match schema.field(k) {
                    Some(f) => f.kind == games::FieldKind::Int,
                    None => {
                        let mut known: Vec<&str> = vec!["name", "id", "type"];
                        if schema.cost.is_some() {
                            known.push("cost");
                        }
                        known.extend(schema.fields.iter().map(|f| f.key.as_str()));
                        return Err(err(format!(
                            "unknown key `{k}` (known: {})",
                            known.join(", ")
                        )));
                    }
                },
            };
            if numeric && value.parse::<i64>().is_err() {
                return Err(err(format!("`{key}` takes a whole number, not `{value}`")));
            }
            if !numeric && !matches!(op, Op::Eq | Op::Ne) {
                return Err(err(format!("`{key}` compares with = or != only")));
            }
            conditions.push(Condition { key, op, value });
        }
        if conditions.is_empty() {
            return Err(err("an empty filter".into()));
        }
        Ok(Filter {
            conditions,
            text: text.trim().to_string(),
        })
    }

    pub fn matches(&self, card: &Card) -> bool {
        self.conditions.iter().all(|c| c.matches(card))
    }
}

impl Condition {
    fn matches(&self, card: &Card) -> bool {
        let text_eq = |s: &str| name_key(s) == name_key(&self.value);
        let hit = match self.key.as_str() {
            "name" => Some(text_eq(&card.name)),
            "id" => Some(card.id.eq_ignore_ascii_case(self.value.trim())),
            "type" => Some(text_eq(&card.card_type)),
            "cost" => {
                return card
                    .cost
                    .is_some_and(|c| self.op.cmp_int(c, self.value.parse().unwrap_or(0)))
                    || (card.cost.is_none() && self.op == Op::Ne);
            }
            k => match card.field(k) {
                None => None,
                Some(FieldValue::Int(i)) => {
                    return self.op.cmp_int(*i, self.value.parse().unwrap_or(0));
                }
                Some(FieldValue::List(l)) => {
                    Some(l.iter().any(|v| v.as_str().is_some_and(text_eq)))
                }
                Some(v) => Some(text_eq(&v.display())),
            },
        };
        match (hit, self.op) {
            (Some(h), Op::Eq) => h,
            (Some(h), Op::Ne) => !h,
            (None, Op::Ne) => true,
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hero(name: &str, cost: i64, force: &str, keywords: &[&str]) -> Card {
        let mut c = Card::new(name, "hero");
        c.cost = Some(cost);
        c.fields
            .insert("force".into(), FieldValue::Text(force.into()));
        c.fields.insert("atk".into(), FieldValue::Int(5));
        c.fields.insert(
            "keywords".into(),
            FieldValue::List(
                keywords
                    .iter()
                    .map(|k| FieldValue::Text(k.to_string()))
                    .collect(),
            ),
        );
        c
    }

    #[test]
    fn conditions_combine() {
        let f = Filter::parse("type=hero, cost<=2", "fuzzycards".parse().unwrap()).unwrap();
        assert!(f.matches(&hero("A", 2, "power", &[])));
        assert!(!f.matches(&hero("B", 3, "power", &[])));
        assert!(!f.matches(&Card::new("E", "event")));
        let k = Filter::parse("keyword=Rush,force!=wisdom", "fuzzycards".parse().unwrap()).unwrap();
        assert!(k.matches(&hero("R", 1, "power", &["rush"])));
        assert!(!k.matches(&hero("W", 1, "wisdom", &["rush"])));
        assert!(!k.matches(&hero("N", 1, "power", &[])));
        assert!(
            Filter::parse("atk>4", "fuzzycards".parse().unwrap())
                .unwrap()
                .matches(&hero("A", 1, "power", &[]))
        );
        assert!(
            Filter::parse("name=ember   CUB", "fuzzycards".parse().unwrap())
                .unwrap()
                .matches(&hero("Ember Cub", 1, "power", &[]))
        );
    }

    #[test]
    fn bad_filters_say_why() {
        let e = Filter::parse("colour=red", "fuzzycards".parse().unwrap()).unwrap_err();
        assert!(
            e.message.contains("unknown key `colour`") && e.message.contains("force"),
            "{e}"
        );
        assert!(
            Filter::parse("cost<=two", "fuzzycards".parse().unwrap())
                .unwrap_err()
                .message
                .contains("whole number")
        );
        assert!(
            Filter::parse("type<hero", "fuzzycards".parse().unwrap())
                .unwrap_err()
                .message
                .contains("= or !=")
        );
        assert!(Filter::parse("hero", "fuzzycards".parse().unwrap()).is_err());
        assert!(Filter::parse(" , ", "fuzzycards".parse().unwrap()).is_err());
        assert!(Filter::parse("color=red", "dice-of-destiny".parse().unwrap()).is_ok());
    }
}
