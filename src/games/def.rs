//! The data half of a game: what a game-definition file says
//! (`resources/games/<game>.toml` for the built-in games, any file for the
//! games users add; the format is `schema/game.md`).
//!
//! Everything a game needs to be listed, edited, checked and printed is here:
//! card schema, print geometry, sections, lints, named options, the
//! construction rules ([`ConstructionDef`]) and the generic setup
//! ([`SetupDef`]). A built-in game's own module may read more from the same
//! file: its `[setup]` keys beyond the generic ones and its `[rules]` table,
//! into typed structs its engine uses.

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde::Deserialize;
use serde::de::DeserializeOwned;

use super::setup::SetupDef;
use crate::model::GameId;
use crate::rules::ConstructionDef;
pub use crate::rules::OptionError;

/// A game definition.
#[derive(Clone, Debug)]
pub struct GameDef {
    pub id: GameId,
    /// Display name.
    pub name: String,
    /// Where the numbers come from.
    pub rulebook: String,
    pub card: CardSchema,
    pub print: PrintDef,
    /// How cards are grouped in deck lists and the deck builder.
    pub sections: Vec<SectionDef>,
    /// Soft checks on catalog cards: the rulebook's published facts.
    pub lints: Vec<LintDef>,
    /// Every ambiguity we resolved, with our default.
    pub options: Vec<OptionDef>,
    /// The construction rules, checked by [`crate::rules::check`].
    pub construction: ConstructionDef,
    /// Opening hand, draws, mulligan and life: what test hands and odds need.
    pub setup: SetupDef,
    /// `[setup]` as written: the generic keys and a built-in game's own
    /// (its module reads them into its typed setup).
    pub setup_table: toml::Table,
    /// `[rules]`: numbers only a built-in game's own module reads (Strange
    /// World's World size and solo stacks).
    pub rules: toml::Table,
    /// `[lexicon]` as written: the game's words for the card-text grammar
    /// (schema/game.md; read by [`crate::engine::effect::lexicon`]).
    pub lexicon: toml::Table,
    /// The folder of the game file, which paths in it (`print.back`) are
    /// relative to; `None` for the built-in games (relative to `resources/`).
    pub base_dir: Option<PathBuf>,
}

/// A game file as serde reads it, before the id is interned and `[setup]` is
/// read into its generic form.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawGameDef {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub rulebook: String,
    pub card: CardSchema,
    pub print: PrintDef,
    #[serde(default, rename = "section")]
    pub sections: Vec<SectionDef>,
    #[serde(default, rename = "lint")]
    pub lints: Vec<LintDef>,
    #[serde(default, rename = "option")]
    pub options: Vec<OptionDef>,
    #[serde(default)]
    pub construction: ConstructionDef,
    #[serde(default)]
    pub setup: toml::Table,
    #[serde(default)]
    pub rules: toml::Table,
    #[serde(default)]
    pub lexicon: toml::Table,
}

/// Which card types and fields a catalog of this game may use.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardSchema {
    /// The `type` values, lower-case.
    pub types: Vec<String>,
    /// The type of a card whose entry has no `type` key; `None` makes `type` required.
    #[serde(default)]
    pub default_type: Option<String>,
    /// Whether two cards may share a name (Bizarre World cost variants).
    #[serde(default)]
    pub shared_names: bool,
    /// Which types have a `cost`, and its range.
    #[serde(default)]
    pub cost: Option<FieldDef>,
    #[serde(default, rename = "field")]
    pub fields: Vec<FieldDef>,
    /// What the deck builder charts as the deck's curve; default: the cost,
    /// else the first single-choice field.
    #[serde(default)]
    pub curve: Option<CurveDef>,
}

/// `[card.curve]`: the field the deck builder charts as the deck's curve.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CurveDef {
    /// `cost`, an int field or an enum field.
    pub field: String,
    /// The chart's title; default: the field's label.
    #[serde(default)]
    pub title: Option<String>,
}

impl CardSchema {
    pub fn field(&self, key: &str) -> Option<&FieldDef> {
        if key == "cost" {
            return self.cost.as_ref();
        }
        self.fields.iter().find(|f| f.key == key)
    }

    pub fn has_type(&self, t: &str) -> bool {
        self.types.iter().any(|x| x == t)
    }
}

/// The kinds of value a field may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FieldKind {
    Int,
    Bool,
    Text,
    Enum,
    EnumList,
    TextList,
    /// A table of named sub-fields (`fields`).
    Table,
    /// A list of tables of named sub-fields (`fields`).
    TableList,
}

impl FieldKind {
    pub fn describe(self) -> &'static str {
        match self {
            FieldKind::Int => "an integer",
            FieldKind::Bool => "true or false",
            FieldKind::Text => "a string",
            FieldKind::Enum => "a string",
            FieldKind::EnumList => "a list of strings",
            FieldKind::TextList => "a list of strings",
            FieldKind::Table => "a table",
            FieldKind::TableList => "a list of tables",
        }
    }
}

/// One field of the card schema.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FieldDef {
    pub key: String,
    pub kind: FieldKind,
    /// Shown in the card editor.
    #[serde(default)]
    pub label: Option<String>,
    /// Card types that may have this field; empty = every type.
    #[serde(default)]
    pub types: Vec<String>,
    /// Card types that must have this field.
    #[serde(default)]
    pub required: Vec<String>,
    /// Allowed values of an enum or enum-list. A value ending in ` N` takes an
    /// integer parameter (`burn N` accepts `burn 2`).
    #[serde(default)]
    pub values: Vec<String>,
    /// Allowed values by card type, where they differ (Dice of Destiny colours).
    #[serde(default)]
    pub values_by_type: BTreeMap<String, Vec<String>>,
    /// Inclusive integer range (hard: outside it is an error).
    #[serde(default)]
    pub min: Option<i64>,
    #[serde(default)]
    pub max: Option<i64>,
    /// Most items a list may have.
    #[serde(default)]
    pub max_items: Option<usize>,
    /// Sub-fields of a table or table-list.
    #[serde(default)]
    pub fields: Vec<FieldDef>,
    /// Why the field is there / what it means.
    #[serde(default)]
    pub doc: Option<String>,
}

impl FieldDef {
    /// Whether a card of `card_type` may carry this field.
    pub fn applies_to(&self, card_type: &str) -> bool {
        self.types.is_empty() || self.types.iter().any(|t| t == card_type)
    }

    /// The enumeration for a card type.
    pub fn values_for(&self, card_type: &str) -> &[String] {
        self.values_by_type
            .get(card_type)
            .map_or(self.values.as_slice(), Vec::as_slice)
    }

    /// Whether `value` is in the enumeration for `card_type` (parametrised
    /// values like `burn N` accept any non-negative integer for N).
    pub fn accepts(&self, card_type: &str, value: &str) -> bool {
        self.values_for(card_type)
            .iter()
            .any(|allowed| match allowed.strip_suffix(" N") {
                Some(word) => value
                    .strip_prefix(word)
                    .and_then(|rest| rest.strip_prefix(' '))
                    .is_some_and(|n| {
                        !n.is_empty() && n.len() <= 3 && n.bytes().all(|b| b.is_ascii_digit())
                    }),
                None => allowed == value,
            })
    }

    pub fn sub_field(&self, key: &str) -> Option<&FieldDef> {
        self.fields.iter().find(|f| f.key == key)
    }
}

/// Print geometry.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PrintDef {
    /// Card width and height in millimetres.
    pub card_size_mm: (f64, f64),
    /// Frame colour of faces drawn from data, `#rrggbb`.
    pub frame: String,
    /// The default back image: relative to `resources/` for the built-in
    /// games, to the game file for added ones. Empty: a back drawn in the
    /// frame colour.
    #[serde(default)]
    pub back: String,
    /// The card's corner radius in millimetres, where the game's cards have
    /// a known one: the default of the print-and-cut cut lines (3 mm when
    /// absent).
    #[serde(default)]
    pub corner_radius_mm: Option<f64>,
}

/// A named group of card types in deck lists.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SectionDef {
    pub name: String,
    pub types: Vec<String>,
}

/// A soft range check: cards outside it load, with a warning.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LintDef {
    /// Applies to cards whose fields equal these values (`type` included).
    #[serde(default)]
    pub when: BTreeMap<String, toml::Value>,
    /// The checked field: `cost`, a field key, or `table-field.sub-key`.
    pub field: String,
    #[serde(default)]
    pub min: Option<i64>,
    #[serde(default)]
    pub max: Option<i64>,
    #[serde(default)]
    pub max_items: Option<usize>,
    /// The rulebook passage, quoted in the warning.
    pub source: String,
}

/// A rules ambiguity resolved by a named option.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OptionDef {
    pub key: String,
    pub default: toml::Value,
    /// Allowed values, when the option is a choice.
    #[serde(default)]
    pub values: Vec<String>,
    /// The ambiguity in rules-notes this answers.
    #[serde(rename = "ref")]
    pub reference: String,
    /// What the choice means and why the default.
    pub doc: String,
}

impl GameDef {
    pub(crate) fn from_raw(raw: RawGameDef) -> Result<GameDef, toml::de::Error> {
        let setup = SetupDef::read(&raw.setup)?;
        Ok(GameDef {
            id: GameId::intern(&raw.id),
            name: raw.name,
            rulebook: raw.rulebook,
            card: raw.card,
            print: raw.print,
            sections: raw.sections,
            lints: raw.lints,
            options: raw.options,
            construction: raw.construction,
            setup,
            setup_table: raw.setup,
            rules: raw.rules,
            lexicon: raw.lexicon,
            base_dir: None,
        })
    }

    /// Reads the `[rules]` or `[setup]` table into a built-in game's typed struct.
    pub(crate) fn typed<T: DeserializeOwned>(table: &toml::Table) -> Result<T, toml::de::Error> {
        toml::Table::try_into(table.clone())
    }

    /// The option values: defaults, overridden by `overrides` (`key` → value
    /// text), type-checked into the game's typed options.
    pub fn options<T: DeserializeOwned>(
        &self,
        overrides: &[(String, String)],
    ) -> Result<T, OptionError> {
        let mut table = toml::Table::new();
        for o in &self.options {
            table.insert(o.key.clone(), o.default.clone());
        }
        for (key, raw) in overrides {
            let Some(def) = self.options.iter().find(|o| &o.key == key) else {
                return Err(OptionError::Unknown {
                    game: self.name.clone(),
                    key: key.clone(),
                    known: self
                        .options
                        .iter()
                        .map(|o| o.key.as_str())
                        .collect::<Vec<_>>()
                        .join(", "),
                });
            };
            let value = match &def.default {
                toml::Value::Boolean(_) => match raw.as_str() {
                    "true" | "yes" | "on" => toml::Value::Boolean(true),
                    "false" | "no" | "off" => toml::Value::Boolean(false),
                    _ => {
                        return Err(OptionError::BadValue {
                            key: key.clone(),
                            values: "true, false".into(),
                            got: raw.clone(),
                        });
                    }
                },
                toml::Value::Integer(_) => match raw.parse::<i64>() {
                    Ok(n) => toml::Value::Integer(n),
                    Err(_) => {
                        return Err(OptionError::Invalid {
                            key: key.clone(),
                            message: format!("`{raw}` is not an integer"),
                        });
                    }
                },
                _ => {
                    if !def.values.is_empty() && !def.values.iter().any(|v| v == raw) {
                        return Err(OptionError::BadValue {
                            key: key.clone(),
                            values: def.values.join(", "),
                            got: raw.clone(),
                        });
                    }
                    toml::Value::String(raw.clone())
                }
            };
            table.insert(key.clone(), value);
        }
        toml::Table::try_into(table).map_err(|e| OptionError::Invalid {
            key: "*".into(),
            message: e.message().to_string(),
        })
    }

    /// The section a card type is listed under (the first section naming it),
    /// or "Main".
    pub fn section_of(&self, card_type: &str) -> &str {
        self.sections
            .iter()
            .find(|s| s.types.iter().any(|t| t == card_type))
            .map_or("Main", |s| s.name.as_str())
    }
}

/// Splits `key=value` option text.
pub fn parse_option(text: &str) -> Result<(String, String), OptionError> {
    let (k, v) = text
        .split_once('=')
        .ok_or_else(|| OptionError::Syntax(text.to_string()))?;
    let (k, v) = (k.trim(), v.trim());
    if k.is_empty() {
        return Err(OptionError::Syntax(text.to_string()));
    }
    Ok((k.replace('-', "_"), v.to_string()))
}
