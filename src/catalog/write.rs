//! Writing a catalog back to TOML (formats.md §1), so that loading the output
//! gives the same catalog.

use toml::{Table, Value};

use crate::games;
use crate::model::{Catalog, FieldValue};

fn field_value(v: &FieldValue) -> Value {
    match v {
        FieldValue::Bool(b) => Value::Boolean(*b),
        FieldValue::Int(i) => Value::Integer(*i),
        FieldValue::Text(s) => Value::String(s.clone()),
        FieldValue::List(l) => Value::Array(l.iter().map(field_value).collect()),
        FieldValue::Table(t) => {
            Value::Table(t.iter().map(|(k, v)| (k.clone(), field_value(v))).collect())
        }
    }
}

/// The catalog as a TOML document. Keys come in a stable order: the shared keys,
/// then the game's fields in the order its schema lists them.
pub fn to_toml(catalog: &Catalog) -> Result<String, toml::ser::Error> {
    let def = games::game(catalog.game).def();
    let mut doc = Table::new();
    doc.insert("game".into(), Value::String(catalog.game.as_str().into()));
    doc.insert("name".into(), Value::String(catalog.name.clone()));
    if let Some(back) = &catalog.back {
        doc.insert("back".into(), Value::String(back.clone()));
    }
    if let Some((w, h)) = catalog.card_size {
        doc.insert(
            "card_size".into(),
            Value::Array(vec![Value::Float(w), Value::Float(h)]),
        );
    }
    let mut cards = Vec::with_capacity(catalog.cards.len());
    for c in &catalog.cards {
        let mut t = Table::new();
        t.insert("name".into(), Value::String(c.name.clone()));
        t.insert("id".into(), Value::String(c.id.clone()));
        t.insert("type".into(), Value::String(c.card_type.clone()));
        if let Some(cost) = c.cost {
            t.insert("cost".into(), Value::Integer(cost));
        }
        for f in &def.card.fields {
            if let Some(v) = c.fields.get(&f.key) {
                t.insert(f.key.clone(), field_value(v));
            }
        }
        // Fields the schema no longer lists (kept by the store) still round-trip.
        for (k, v) in &c.fields {
            if !t.contains_key(k) {
                t.insert(k.clone(), field_value(v));
            }
        }
        if let Some(text) = &c.text {
            t.insert("text".into(), Value::String(text.clone()));
        }
        if let Some(image) = &c.image {
            t.insert("image".into(), Value::String(image.clone()));
        }
        if let Some(n) = c.copy_limit {
            t.insert("copy_limit".into(), Value::Integer(n.into()));
        }
        if !c.effects.is_empty() {
            t.insert("effects".into(), Value::try_from(&c.effects)?);
        }
        cards.push(Value::Table(t));
    }
    doc.insert("card".into(), Value::Array(cards));
    toml::to_string_pretty(&doc)
}
