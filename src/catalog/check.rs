//! Checking one card as a card editor holds it: every value as the text the
//! user typed, checked exactly as the catalog loader checks a `[[card]]` table.
//!
//! Rather than a second set of rules that could drift from the loader's, the
//! draft is written out as a one-card catalog file (each key on its own line)
//! and handed to [`super::parse`]; each diagnostic's line then says which field
//! it is about. What a one-card file cannot see — another card of the catalog
//! with the same id, or the same name where the game forbids shared names — is
//! checked here against the catalog the card belongs to, with the loader's
//! wording.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use toml::Value;

use crate::games::{self, FieldDef, FieldKind};
use crate::model::{Card, CardEffect, Catalog, FieldValue, GameId, name_key};

/// A card being edited: each value as typed. Empty text means "not set".
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Draft {
    pub name: String,
    /// Empty: the slug of the name, as in a catalog file.
    pub id: String,
    pub card_type: String,
    pub cost: String,
    pub text: String,
    pub copy_limit: String,
    /// The front image path as the catalog writes it (kept, not edited as text).
    pub image: Option<String>,
    /// The game's own fields by key. Lists are comma-separated; tables and
    /// lists of tables are TOML inline values (`{ lakes = 3 }`).
    pub fields: BTreeMap<String, String>,
    /// Structured effects as the card has them.
    pub effects: Vec<CardEffect>,
    /// The effects as edited: a TOML array of inline tables, as a catalog
    /// writes `effects = [...]`. When set it replaces [`Draft::effects`]
    /// (empty: no effects) and is checked by the loader like a file.
    pub effects_text: Option<String>,
}

/// One problem with a draft.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The key it is about (`name`, `cost`, a field key), or `None` for the
    /// card as a whole (a missing required key is reported this way too, with
    /// the key named in the message).
    pub key: Option<String>,
    pub message: String,
}

impl Problem {
    fn at(key: &str, message: impl Into<String>) -> Problem {
        Problem {
            key: Some(key.to_string()),
            message: message.into(),
        }
    }
}

impl Draft {
    /// The draft of an existing card, for editing it.
    pub fn of(card: &Card) -> Draft {
        Draft {
            name: card.name.clone(),
            id: card.id.clone(),
            card_type: card.card_type.clone(),
            cost: card.cost.map(|c| c.to_string()).unwrap_or_default(),
            text: card.text.clone().unwrap_or_default(),
            copy_limit: card.copy_limit.map(|c| c.to_string()).unwrap_or_default(),
            image: card.image.clone(),
            fields: card
                .fields
                .iter()
                .map(|(k, v)| (k.clone(), typed_text(v)))
                .collect(),
            effects: card.effects.clone(),
            effects_text: None,
        }
    }

    /// An empty draft of a game's default (or first) card type.
    pub fn new(game: GameId) -> Draft {
        let schema = &games::game(game).def().card;
        Draft {
            card_type: schema
                .default_type
                .clone()
                .or_else(|| schema.types.first().cloned())
                .unwrap_or_default(),
            ..Draft::default()
        }
    }

    /// The text of one of the game's fields (empty when unset).
    pub fn field(&self, key: &str) -> &str {
        self.fields.get(key).map_or("", String::as_str)
    }
}

/// A card's effects as [`Draft::effects_text`] shows them (empty: none).
pub fn effects_text(effects: &[CardEffect]) -> String {
    if effects.is_empty() {
        return String::new();
    }
    Value::try_from(effects).map_or_else(|_| String::new(), |v| v.to_string())
}

/// How a field value is shown for editing: the inverse of what [`check`]
/// accepts for the field's kind.
fn typed_text(v: &FieldValue) -> String {
    match v {
        FieldValue::List(items) if items.iter().all(|i| i.as_str().is_some()) => items
            .iter()
            .filter_map(FieldValue::as_str)
            .collect::<Vec<_>>()
            .join(", "),
        FieldValue::List(_) | FieldValue::Table(_) => plain_toml(v).to_string(),
        other => other.display(),
    }
}

fn plain_toml(v: &FieldValue) -> Value {
    match v {
        FieldValue::Bool(b) => Value::Boolean(*b),
        FieldValue::Int(i) => Value::Integer(*i),
        FieldValue::Text(s) => Value::String(s.clone()),
        FieldValue::List(l) => Value::Array(l.iter().map(plain_toml).collect()),
        FieldValue::Table(t) => {
            Value::Table(t.iter().map(|(k, v)| (k.clone(), plain_toml(v))).collect())
        }
    }
}

/// A value typed for an integer or boolean key: the literal when it reads as
/// one, else the text as a string, so the loader names the wrong type.
fn literal(kind: FieldKind, raw: &str) -> String {
    let t = raw.trim();
    let ok = match kind {
        FieldKind::Int => t.parse::<i64>().is_ok(),
        FieldKind::Bool => t == "true" || t == "false",
        _ => false,
    };
    if ok {
        t.to_string()
    } else {
        Value::String(t.to_string()).to_string()
    }
}

/// The TOML text of one field of the draft, or why it cannot be written.
fn field_toml(fd: &FieldDef, raw: &str) -> Result<String, String> {
    let t = raw.trim();
    Ok(match fd.kind {
        FieldKind::Int | FieldKind::Bool => literal(fd.kind, t),
        FieldKind::Text | FieldKind::Enum => Value::String(t.to_string()).to_string(),
        FieldKind::EnumList | FieldKind::TextList => Value::Array(
            t.split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(|s| Value::String(s.to_string()))
                .collect(),
        )
        .to_string(),
        FieldKind::Table | FieldKind::TableList => {
            // Checked on its own first: a broken inline value must not spill
            // into the lines after it.
            let probe = format!("v = {t}");
            match toml::from_str::<toml::Table>(&probe) {
                Ok(_) if !t.contains('\n') => t.to_string(),
                Ok(_) => return Err("write the value on one line".into()),
                Err(e) => {
                    let example = if fd.kind == FieldKind::Table {
                        "{ key = 1 }"
                    } else {
                        "[{ key = 1 }, { key = 2 }]"
                    };
                    return Err(format!(
                        "not a TOML value ({}); write it like {example}",
                        e.message().trim()
                    ));
                }
            }
        }
    })
}

/// Checks a draft for a card of `catalog` (the one it is added to or edited
/// in); `editing` is the id of the card being edited, so that it does not clash
/// with itself. Returns the card, or every problem found.
pub fn check(
    catalog: &Catalog,
    draft: &Draft,
    editing: Option<&str>,
) -> Result<Card, Vec<Problem>> {
    let game = catalog.game;
    let def = games::game(game).def();
    let mut problems = Vec::new();
    // line number in the generated file -> the key written there
    let mut lines: HashMap<usize, String> = HashMap::new();
    let mut text = format!(
        "game = {}\nname = \"card editor\"\n[[card]]\n",
        Value::String(game.as_str().to_string())
    );
    let card_line = 3;
    let mut put = |text: &mut String, key: &str, value: String| {
        lines.insert(text.lines().count() + 1, key.to_string());
        text.push_str(&format!("{key} = {value}\n"));
    };
    let name = draft.name.trim();
    put(
        &mut text,
        "name",
        Value::String(name.to_string()).to_string(),
    );
    if !draft.id.trim().is_empty() {
        put(
            &mut text,
            "id",
            Value::String(draft.id.trim().to_string()).to_string(),
        );
    }
    if !draft.card_type.trim().is_empty() {
        put(
            &mut text,
            "type",
            Value::String(draft.card_type.trim().to_string()).to_string(),
        );
    }
    if !draft.cost.trim().is_empty() {
        put(&mut text, "cost", literal(FieldKind::Int, &draft.cost));
    }
    if !draft.text.trim().is_empty() {
        put(
            &mut text,
            "text",
            Value::String(draft.text.clone()).to_string(),
        );
    }
    if !draft.copy_limit.trim().is_empty() {
        put(
            &mut text,
            "copy_limit",
            literal(FieldKind::Int, &draft.copy_limit),
        );
    }
    if let Some(image) = draft.image.as_ref().filter(|i| !i.trim().is_empty()) {
        put(&mut text, "image", Value::String(image.clone()).to_string());
    }
    for (key, raw) in &draft.fields {
        if raw.trim().is_empty() {
            continue;
        }
        match def.card.fields.iter().find(|f| &f.key == key) {
            // Unknown keys go through as strings: the loader names them.
            None => put(
                &mut text,
                key,
                Value::String(raw.trim().to_string()).to_string(),
            ),
            Some(fd) => match field_toml(fd, raw) {
                Ok(v) => put(&mut text, key, v),
                Err(message) => problems.push(Problem::at(key, message)),
            },
        }
    }
    if let Some(raw) = &draft.effects_text {
        if !raw.trim().is_empty() {
            put(&mut text, "effects", raw.trim().to_string());
        }
    } else if !draft.effects.is_empty() {
        match Value::try_from(&draft.effects) {
            Ok(v) => put(&mut text, "effects", v.to_string()),
            Err(e) => problems.push(Problem::at("effects", e.to_string())),
        }
    }
    let card = match super::parse(&text, Path::new("card"), None) {
        Ok(loaded) => loaded.catalog.cards.into_iter().next(),
        Err(diags) => {
            for d in diags.0 {
                let key = lines.get(&d.line).cloned();
                // Messages at the `[[card]]` header are about the whole card.
                let key = if d.line == card_line { None } else { key };
                problems.push(Problem {
                    key,
                    message: d.message,
                });
            }
            None
        }
    };
    if let Some(card) = &card {
        unique(catalog, card, editing, &mut problems);
    }
    match card {
        Some(card) if problems.is_empty() => Ok(card),
        _ => {
            if problems.is_empty() {
                problems.push(Problem {
                    key: None,
                    message: "the card could not be read".into(),
                });
            }
            Err(problems)
        }
    }
}

/// The loader's duplicate checks against the other cards of the catalog.
fn unique(catalog: &Catalog, card: &Card, editing: Option<&str>, problems: &mut Vec<Problem>) {
    let def = games::game(catalog.game).def();
    let id = card.id.to_lowercase();
    let key = name_key(&card.name);
    let others = catalog
        .cards
        .iter()
        .filter(|c| editing.is_none_or(|e| !c.id.eq_ignore_ascii_case(e)));
    for other in others {
        if other.id.to_lowercase() == id {
            let hint = if other.name_key() == key {
                "; cards that share a name need distinct `id`s"
            } else {
                ""
            };
            problems.push(Problem::at(
                "id",
                format!(
                    "duplicate card id `{}` (\"{}\" has it){hint}",
                    card.id, other.name
                ),
            ));
            return;
        }
        if !def.card.shared_names && other.name_key() == key {
            problems.push(Problem::at(
                "name",
                format!(
                    "duplicate card name \"{}\"; {} cards need unique names",
                    card.name, def.name
                ),
            ));
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A built-in game by its id, as files name it.
    fn game(id: &str) -> GameId {
        id.parse().unwrap()
    }

    fn catalog(game: GameId) -> Catalog {
        let mut c = Catalog::new(game, "T");
        let mut cub = Card::new("Ember Cub", "hero");
        cub.cost = Some(1);
        c.cards.push(cub);
        c
    }

    fn hero(name: &str) -> Draft {
        let mut d = Draft::new(game("fuzzycards"));
        d.name = name.into();
        d.card_type = "hero".into();
        d.cost = "1".into();
        for (k, v) in [("atk", "3"), ("def", "3"), ("hp", "4")] {
            d.fields.insert(k.into(), v.into());
        }
        d
    }

    #[test]
    fn a_good_draft_is_a_card() {
        let mut d = hero("Tide Pup");
        d.fields.insert("keywords".into(), "rush, burn 2".into());
        d.fields.insert("rarity".into(), "common".into());
        let card = check(&catalog(game("fuzzycards")), &d, None).unwrap();
        assert_eq!(card.id, "tide-pup");
        assert_eq!(card.int("atk"), Some(3));
        assert!(card.has_in_list("keywords", "burn 2"));
        // and back to a draft unchanged
        let again = Draft::of(&card);
        assert_eq!(again.field("keywords"), "rush, burn 2");
        assert_eq!(
            check(&catalog(game("fuzzycards")), &again, None).unwrap(),
            card
        );
    }

    #[test]
    fn problems_name_their_field() {
        let mut d = hero("Tide Pup");
        d.fields.insert("atk".into(), "lots".into());
        d.fields.insert("rarity".into(), "Mythic".into());
        d.cost = "9".into();
        let p = check(&catalog(game("fuzzycards")), &d, None).unwrap_err();
        let keyed: Vec<(Option<&str>, &str)> = p
            .iter()
            .map(|p| (p.key.as_deref(), p.message.as_str()))
            .collect();
        assert!(
            keyed.contains(&(Some("atk"), "key `atk` must be an integer, not a string")),
            "{keyed:?}"
        );
        assert!(
            keyed
                .iter()
                .any(|(k, m)| *k == Some("cost") && m.contains("out of range (0 to 5)"))
        );
        assert!(
            keyed
                .iter()
                .any(|(k, m)| *k == Some("rarity") && m.contains("`Mythic` is not one of"))
        );
    }

    #[test]
    fn missing_required_fields_and_foreign_fields() {
        let mut d = hero("Bare");
        d.fields.remove("hp");
        d.fields.insert("relic".into(), "equip".into());
        let p = check(&catalog(game("fuzzycards")), &d, None).unwrap_err();
        assert!(
            p.iter()
                .any(|p| p.key.is_none() && p.message.contains("missing key `hp`")),
            "{p:?}"
        );
        assert!(
            p.iter().any(|p| p.key.as_deref() == Some("relic")
                && p.message.contains("does not apply to hero"))
        );
    }

    #[test]
    fn duplicates_are_caught_except_for_the_card_itself() {
        let cat = catalog(game("fuzzycards"));
        let p = check(&cat, &hero("ember   CUB"), None).unwrap_err();
        assert_eq!(p[0].key.as_deref(), Some("id"), "{p:?}");
        assert!(check(&cat, &hero("Ember Cub"), Some("ember-cub")).is_ok());
        let mut other_id = hero("Ember Cub");
        other_id.id = "ember-2".into();
        let p = check(&cat, &other_id, None).unwrap_err();
        assert_eq!(p[0].key.as_deref(), Some("name"));
    }

    #[test]
    fn tables_are_inline_toml() {
        let mut cat = Catalog::new(game("strange-world"), "SW");
        cat.cards.clear();
        let mut d = Draft::new(game("strange-world"));
        d.name = "Splash".into();
        d.card_type = "traveller".into();
        d.fields.insert("bonus".into(), "5".into());
        d.fields.insert("condition".into(), "{ lakes = 3 }".into());
        let card = check(&cat, &d, None).unwrap();
        assert_eq!(Draft::of(&card).field("condition"), "{ lakes = 3 }");
        d.fields.insert("condition".into(), "{ lakes = ".into());
        let p = check(&cat, &d, None).unwrap_err();
        assert_eq!(p[0].key.as_deref(), Some("condition"));
        assert!(p[0].message.starts_with("not a TOML value"), "{p:?}");
        d.fields.insert("condition".into(), "{ lakez = 3 }".into());
        let p = check(&cat, &d, None).unwrap_err();
        assert!(
            p[0].message.contains("unknown key `condition.lakez`"),
            "{p:?}"
        );
        assert_eq!(p[0].key.as_deref(), Some("condition"));
    }

    #[test]
    fn skills_round_trip_as_a_list_of_tables() {
        let cat = Catalog::new(game("rizontical"), "RZ");
        let mut d = Draft::new(game("rizontical"));
        d.name = "Zill".into();
        d.card_type = "fighter".into();
        for (k, v) in [
            ("hp", "4"),
            ("atk", "4"),
            ("def", "0"),
            ("mp", "2"),
            ("speed", "7"),
            ("range", "2"),
        ] {
            d.fields.insert(k.into(), v.into());
        }
        d.fields.insert(
            "skills".into(),
            r#"[{ kind = "trigger", cost = 0, text = "hits first" }]"#.into(),
        );
        d.fields.insert("elements".into(), "akasha".into());
        let card = check(&cat, &d, None).unwrap();
        let again = Draft::of(&card);
        assert_eq!(check(&cat, &again, None).unwrap(), card);
    }
}
