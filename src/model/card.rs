//! One card of a catalog: the keys every game shares plus the game's own fields.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::CardEffect;

/// A game-specific field value, as checked against the game's card schema
/// (`resources/games/<game>.toml`, `[[field]]`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum FieldValue {
    Bool(bool),
    Int(i64),
    Text(String),
    List(Vec<FieldValue>),
    Table(BTreeMap<String, FieldValue>),
}

impl FieldValue {
    pub fn as_int(&self) -> Option<i64> {
        match self {
            FieldValue::Int(i) => Some(*i),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            FieldValue::Bool(b) => Some(*b),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            FieldValue::Text(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_list(&self) -> Option<&[FieldValue]> {
        match self {
            FieldValue::List(l) => Some(l),
            _ => None,
        }
    }

    pub fn as_table(&self) -> Option<&BTreeMap<String, FieldValue>> {
        match self {
            FieldValue::Table(t) => Some(t),
            _ => None,
        }
    }

    /// A short human rendering (used in messages and the card face).
    pub fn display(&self) -> String {
        match self {
            FieldValue::Bool(b) => b.to_string(),
            FieldValue::Int(i) => i.to_string(),
            FieldValue::Text(s) => s.clone(),
            FieldValue::List(l) => l
                .iter()
                .map(FieldValue::display)
                .collect::<Vec<_>>()
                .join(", "),
            FieldValue::Table(t) => t
                .iter()
                .map(|(k, v)| format!("{k} = {}", v.display()))
                .collect::<Vec<_>>()
                .join(", "),
        }
    }
}

/// The keys every card of every game may have in a catalog file
/// (formats.md §1); a game's own fields may not reuse them.
pub const CARD_KEYS: &[&str] = &[
    "name",
    "id",
    "type",
    "cost",
    "text",
    "image",
    "copy_limit",
    "effects",
];

/// A card as a catalog defines it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Card {
    /// Unique within its catalog; defaults to [`slug`] of the name.
    pub id: String,
    /// The identity deck lists use (matched case-insensitively).
    pub name: String,
    /// One of the game's card types, lower-case (the game's default type when the file omits it).
    #[serde(rename = "type")]
    pub card_type: String,
    /// Cost where the game has costs (Fuzzycards energy, Bizarre World resources, Rizontical AP).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost: Option<i64>,
    /// Rules text as printed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// Front image, relative to the catalog file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image: Option<String>,
    /// Overrides the game's copy limit for this card ("Hey! Break that rule!").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub copy_limit: Option<u32>,
    /// The game's own fields (rarity, atk, colour, tier, ...), by key.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub fields: BTreeMap<String, FieldValue>,
    /// Effects written for the engine (flat tables or abilities of the
    /// effect language); when present they replace the reading of the text.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<CardEffect>,
}

impl Card {
    /// A card with only the shared keys set.
    pub fn new(name: impl Into<String>, card_type: impl Into<String>) -> Card {
        let name = name.into();
        Card {
            id: slug(&name),
            name,
            card_type: card_type.into(),
            cost: None,
            text: None,
            image: None,
            copy_limit: None,
            fields: BTreeMap::new(),
            effects: Vec::new(),
        }
    }

    pub fn field(&self, key: &str) -> Option<&FieldValue> {
        self.fields.get(key)
    }

    pub fn int(&self, key: &str) -> Option<i64> {
        self.fields.get(key).and_then(FieldValue::as_int)
    }

    pub fn str_field(&self, key: &str) -> Option<&str> {
        self.fields.get(key).and_then(FieldValue::as_str)
    }

    pub fn flag(&self, key: &str) -> bool {
        self.fields
            .get(key)
            .and_then(FieldValue::as_bool)
            .unwrap_or(false)
    }

    /// Whether a list field (keywords, elements, ...) holds `item`.
    pub fn has_in_list(&self, key: &str, item: &str) -> bool {
        self.fields
            .get(key)
            .and_then(FieldValue::as_list)
            .is_some_and(|l| l.iter().any(|v| v.as_str() == Some(item)))
    }

    /// The key deck lists match on: the name folded to lower case with runs of
    /// white space collapsed.
    pub fn name_key(&self) -> String {
        name_key(&self.name)
    }
}

/// Folds a card name for matching: lower case, runs of white space as one space.
pub fn name_key(name: &str) -> String {
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// The default card id: lower-case ASCII letters and digits, every other run of
/// characters replaced by one `-`.
pub fn slug(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut dash = false;
    for c in name.chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() {
            if dash && !out.is_empty() {
                out.push('-');
            }
            dash = false;
            out.push(c);
        } else {
            dash = true;
        }
    }
    if out.is_empty() {
        "card".to_string()
    } else {
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs() {
        assert_eq!(slug("Ember Cub"), "ember-cub");
        assert_eq!(
            slug("  Boring Rock of Minimum-Wage!! "),
            "boring-rock-of-minimum-wage"
        );
        assert_eq!(slug("Fuq Yew"), "fuq-yew");
        assert_eq!(slug("???"), "card");
        assert_eq!(slug("Étoile"), "étoile");
    }

    #[test]
    fn name_keys_fold_case_and_spaces() {
        assert_eq!(
            name_key("  Lazy   Rock of\tCharity "),
            "lazy rock of charity"
        );
    }

    #[test]
    fn field_values_serialize_untagged() {
        let v = FieldValue::List(vec![FieldValue::Text("rush".into()), FieldValue::Int(2)]);
        assert_eq!(serde_json::to_string(&v).unwrap(), r#"["rush",2]"#);
        let back: FieldValue = serde_json::from_str(r#"["rush",2]"#).unwrap();
        assert_eq!(back, v);
    }
}
