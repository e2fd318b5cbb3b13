//! Cards: rows of `cards`, one function per query, and the card editing
//! methods of [`Store`].

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::Path;

use rusqlite::{Connection, OptionalExtension, params};

use super::{CatalogId, Result, StoreError, images};
use crate::games;
use crate::model::{Card, CardEffect, FieldValue, GameId, name_key};

/// The columns [`from_raw`] reads, in order.
const COLUMNS: &str =
    "id, card_key, name, type, cost, text, copy_limit, fields, effects, image_path";

/// A card row as SQLite hands it over, before JSON decoding.
struct Raw {
    row: i64,
    key: String,
    name: String,
    card_type: String,
    cost: Option<i64>,
    text: Option<String>,
    copy_limit: Option<i64>,
    fields: String,
    effects: String,
    image: Option<String>,
}

fn raw(r: &rusqlite::Row<'_>) -> rusqlite::Result<Raw> {
    Ok(Raw {
        row: r.get(0)?,
        key: r.get(1)?,
        name: r.get(2)?,
        card_type: r.get(3)?,
        cost: r.get(4)?,
        text: r.get(5)?,
        copy_limit: r.get(6)?,
        fields: r.get(7)?,
        effects: r.get(8)?,
        image: r.get(9)?,
    })
}

fn from_raw(raw: Raw) -> Result<(i64, Card)> {
    let bad = |what: &str, e: serde_json::Error| {
        StoreError::corrupt(format!("card `{}`: {what}: {e}", raw.key))
    };
    let fields: BTreeMap<String, FieldValue> =
        serde_json::from_str(&raw.fields).map_err(|e| bad("fields", e))?;
    let effects: Vec<CardEffect> =
        serde_json::from_str(&raw.effects).map_err(|e| bad("effects", e))?;
    let copy_limit = raw
        .copy_limit
        .map(|n| {
            u32::try_from(n)
                .map_err(|_| StoreError::corrupt(format!("card `{}`: copy_limit {n}", raw.key)))
        })
        .transpose()?;
    Ok((
        raw.row,
        Card {
            id: raw.key,
            name: raw.name,
            card_type: raw.card_type,
            cost: raw.cost,
            text: raw.text,
            image: raw.image,
            copy_limit,
            fields,
            effects,
        },
    ))
}

fn json(card: &Card) -> Result<(String, String)> {
    let enc = |e: serde_json::Error| StoreError::Invalid {
        what: format!("card \"{}\"", card.name),
        reason: format!("cannot encode as JSON: {e}"),
    };
    Ok((
        serde_json::to_string(&card.fields).map_err(enc)?,
        serde_json::to_string(&card.effects).map_err(enc)?,
    ))
}

/// Every card of a catalog, in file order, with its row.
pub(crate) fn list(conn: &Connection, catalog: CatalogId) -> Result<Vec<(i64, Card)>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM cards WHERE catalog_id = ?1 ORDER BY position, id"
    ))?;
    let raws = stmt
        .query_map([catalog], raw)?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    raws.into_iter().map(from_raw).collect()
}

/// The card with this id (any case) in a catalog.
pub(crate) fn by_key(
    conn: &Connection,
    catalog: CatalogId,
    key: &str,
) -> Result<Option<(i64, Card)>> {
    let raw = conn
        .query_row(
            &format!("SELECT {COLUMNS} FROM cards WHERE catalog_id = ?1 AND card_key = ?2"),
            params![catalog, key.trim()],
            raw,
        )
        .optional()?;
    raw.map(from_raw).transpose()
}

/// Row, id and folded name of every card of a catalog: what resolving deck
/// entries needs.
pub(crate) fn keys(conn: &Connection, catalog: CatalogId) -> Result<Vec<(i64, String, String)>> {
    let mut stmt =
        conn.prepare_cached("SELECT id, card_key, name_key FROM cards WHERE catalog_id = ?1")?;
    let rows = stmt
        .query_map([catalog], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(rows)
}

/// The position after the catalog's last card.
pub(crate) fn next_position(conn: &Connection, catalog: CatalogId) -> Result<i64> {
    Ok(conn.query_row(
        "SELECT coalesce(max(position) + 1, 0) FROM cards WHERE catalog_id = ?1",
        [catalog],
        |r| r.get(0),
    )?)
}

/// Adds a card row.
pub(crate) fn insert(
    conn: &Connection,
    catalog: CatalogId,
    card: &Card,
    image: Option<i64>,
    position: i64,
) -> Result<i64> {
    let (fields, effects) = json(card)?;
    conn.prepare_cached(
        "INSERT INTO cards (catalog_id, card_key, name, name_key, type, cost, text, copy_limit,
                            fields, effects, image_path, image_id, position)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
    )?
    .execute(params![
        catalog,
        card.id,
        card.name,
        name_key(&card.name),
        card.card_type,
        card.cost,
        card.text,
        card.copy_limit,
        fields,
        effects,
        card.image,
        image,
        position
    ])?;
    Ok(conn.last_insert_rowid())
}

/// Overwrites a card row (its position too, when given).
pub(crate) fn update(
    conn: &Connection,
    row: i64,
    card: &Card,
    image: Option<i64>,
    position: Option<i64>,
) -> Result<()> {
    let (fields, effects) = json(card)?;
    conn.prepare_cached(
        "UPDATE cards SET card_key = ?2, name = ?3, name_key = ?4, type = ?5, cost = ?6,
                text = ?7, copy_limit = ?8, fields = ?9, effects = ?10, image_path = ?11,
                image_id = ?12, position = coalesce(?13, position)
         WHERE id = ?1",
    )?
    .execute(params![
        row,
        card.id,
        card.name,
        name_key(&card.name),
        card.card_type,
        card.cost,
        card.text,
        card.copy_limit,
        fields,
        effects,
        card.image,
        image,
        position
    ])?;
    Ok(())
}

/// Removes a card row (its collection row goes with it; deck entries keep
/// their text and lose the link).
pub(crate) fn delete(conn: &Connection, row: i64) -> Result<()> {
    conn.execute("DELETE FROM cards WHERE id = ?1", [row])?;
    Ok(())
}

/// Names of the decks whose current version uses the card row.
pub(crate) fn decks_using(conn: &Connection, row: i64) -> Result<Vec<String>> {
    let mut stmt = conn.prepare_cached(
        "SELECT DISTINCT d.name FROM decks d
         JOIN deck_versions v ON v.deck_id = d.id AND v.version = d.current_version
         JOIN deck_entries e ON e.version_id = v.id
         WHERE e.card_id = ?1 AND e.count > 0
         ORDER BY d.name",
    )?;
    let names = stmt
        .query_map([row], |r| r.get(0))?
        .collect::<rusqlite::Result<Vec<String>>>()?;
    Ok(names)
}

/// After a card's id or name changed: deck entries linked to it that wrote the
/// old id, or the old name, now write the new one.
pub(crate) fn carry_rename(conn: &Connection, row: i64, old: &Card, new: &Card) -> Result<()> {
    if old.id != new.id {
        conn.execute(
            "UPDATE deck_entries SET card_key = ?2 WHERE card_id = ?1 AND card_key IS NOT NULL",
            params![row, new.id],
        )?;
    }
    if name_key(&old.name) != name_key(&new.name) {
        let mut stmt =
            conn.prepare_cached("SELECT id, name FROM deck_entries WHERE card_id = ?1")?;
        let entries = stmt
            .query_map([row], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        let old_key = name_key(&old.name);
        for (id, name) in entries {
            if name_key(&name) == old_key {
                conn.execute(
                    "UPDATE deck_entries SET name = ?2 WHERE id = ?1",
                    params![id, new.name],
                )?;
            }
        }
    }
    Ok(())
}

/// Escapes `%`, `_` and `\` for a `LIKE … ESCAPE '\'` pattern.
fn like_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if matches!(c, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Cards whose name, id or text contains `query` (case-insensitive): exact
/// names first, then names starting with it, other name matches, then text
/// matches; file order within each group.
pub(crate) fn search(
    conn: &Connection,
    catalog: CatalogId,
    query: &str,
    limit: usize,
) -> Result<Vec<Card>> {
    let q = name_key(query);
    let esc = like_escape(&q);
    let limit = i64::try_from(limit).unwrap_or(i64::MAX);
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM cards
         WHERE catalog_id = ?1
           AND (name_key LIKE ?2 ESCAPE '\\' OR card_key LIKE ?2 ESCAPE '\\'
                OR lower(coalesce(text, '')) LIKE ?2 ESCAPE '\\')
         ORDER BY CASE WHEN name_key = ?3 THEN 0
                       WHEN name_key LIKE ?4 ESCAPE '\\' THEN 1
                       WHEN name_key LIKE ?2 ESCAPE '\\' OR card_key LIKE ?2 ESCAPE '\\' THEN 2
                       ELSE 3 END,
                  position, id
         LIMIT ?5"
    ))?;
    let raws = stmt
        .query_map(
            params![catalog, format!("%{esc}%"), q, format!("{esc}%"), limit],
            raw,
        )?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    raws.into_iter()
        .map(|r| from_raw(r).map(|(_, c)| c))
        .collect()
}

/// The stored image of the card with this id, if it has one.
pub(crate) fn image_row(conn: &Connection, catalog: CatalogId, key: &str) -> Result<Option<i64>> {
    Ok(conn
        .query_row(
            "SELECT image_id FROM cards WHERE catalog_id = ?1 AND card_key = ?2",
            params![catalog, key.trim()],
            |r| r.get::<_, Option<i64>>(0),
        )
        .optional()?
        .flatten())
}

/// The stored image a catalog already uses under this path (a card's `image`
/// or the `back`).
pub(crate) fn image_by_path(
    conn: &Connection,
    catalog: CatalogId,
    path: &str,
) -> Result<Option<i64>> {
    Ok(conn
        .query_row(
            "SELECT image_id FROM cards
             WHERE catalog_id = ?1 AND image_path = ?2 AND image_id IS NOT NULL
             UNION ALL
             SELECT back_image_id FROM catalogs
             WHERE id = ?1 AND back_path = ?2 AND back_image_id IS NOT NULL
             LIMIT 1",
            params![catalog, path],
            |r| r.get(0),
        )
        .optional()?)
}

/// Checks what the store relies on: a name, an id, and a type the game knows.
pub(crate) fn check(catalog: &str, game: GameId, card: &Card) -> Result<()> {
    let invalid = |reason: String| StoreError::InvalidCard {
        catalog: catalog.to_string(),
        card: if card.name.trim().is_empty() {
            card.id.clone()
        } else {
            card.name.clone()
        },
        reason,
    };
    if card.name.trim().is_empty() {
        return Err(invalid("the card has no name".into()));
    }
    if card.id.trim().is_empty() || card.id.trim() != card.id {
        return Err(invalid(format!(
            "`{}` is not a usable card id (it must be non-empty, without surrounding spaces)",
            card.id
        )));
    }
    let def = games::game(game).def();
    if !def.card.has_type(&card.card_type) {
        return Err(invalid(format!(
            "`{}` is not a {} card type (one of: {})",
            card.card_type,
            def.name,
            def.card.types.join(", ")
        )));
    }
    Ok(())
}

/// The ids (any case) and folded names of a catalog's cards, so that a card is
/// checked against all of them at once: an import checks each card against
/// the cards before it in linear time, where comparing pairs was quadratic.
#[derive(Default)]
pub(crate) struct Taken {
    ids: HashSet<String>,
    names: HashSet<String>,
}

impl Taken {
    /// Room for `n` cards.
    pub(crate) fn with_capacity(n: usize) -> Taken {
        Taken {
            ids: HashSet::with_capacity(n),
            names: HashSet::with_capacity(n),
        }
    }

    /// Adds a card's id and folded name.
    pub(crate) fn add(&mut self, id: &str, name_key: String) {
        self.ids.insert(id.to_lowercase());
        self.names.insert(name_key);
    }

    /// Checks that `card` may join the cards taken: its id is new, and its
    /// name too unless the game allows shared names.
    pub(crate) fn check(&self, catalog: &str, game: GameId, card: &Card) -> Result<()> {
        if self.ids.contains(&card.id.to_lowercase()) {
            return Err(StoreError::DuplicateCard {
                catalog: catalog.to_string(),
                card: card.id.clone(),
            });
        }
        let def = games::game(game).def();
        if !def.card.shared_names && self.names.contains(&name_key(&card.name)) {
            return Err(StoreError::InvalidCard {
                catalog: catalog.to_string(),
                card: card.name.clone(),
                reason: format!(
                    "another card has this name; {} cards need unique names",
                    def.name
                ),
            });
        }
        Ok(())
    }
}

/// Checks that `card` may join cards `others` (id, folded name) of a catalog
/// (see [`Taken::check`]).
pub(crate) fn check_unique<'a>(
    catalog: &str,
    game: GameId,
    card: &Card,
    others: impl Iterator<Item = (&'a str, &'a str)>,
) -> Result<()> {
    let mut taken = Taken::default();
    for (id, name) in others {
        taken.add(id, name.to_string());
    }
    taken.check(catalog, game, card)
}

/// Finds or stores the image for a card being inserted or updated: `bytes`
/// when given (under the card's `image` name, or `<id>.png|jpg`), else the image
/// the catalog already has under the card's `image` path, else that path read
/// from disk.
pub(crate) fn image_for(
    conn: &Connection,
    catalog: CatalogId,
    catalog_name: &str,
    card: &mut Card,
    bytes: Option<&[u8]>,
) -> Result<Option<i64>> {
    match (bytes, &card.image) {
        (Some(bytes), _) => {
            let path = card.image.clone().unwrap_or_else(|| {
                let ext = if bytes.starts_with(&[0xff, 0xd8, 0xff]) {
                    "jpg"
                } else {
                    "png"
                };
                format!("{}.{ext}", card.id)
            });
            let id = images::put(conn, &path, bytes)?;
            card.image = Some(path);
            Ok(Some(id))
        }
        (None, None) => Ok(None),
        (None, Some(path)) => {
            if let Some(id) = image_by_path(conn, catalog, path)? {
                return Ok(Some(id));
            }
            let bytes =
                crate::pnp::images::read(Path::new(path)).map_err(|e| StoreError::Image {
                    catalog: catalog_name.to_string(),
                    card: Some(card.name.clone()),
                    path: path.clone(),
                    reason: e.to_string(),
                })?;
            Ok(Some(images::put(conn, path, &bytes)?))
        }
    }
}

/// Resolves deck entries to card rows of one catalog, as deck lists do: by
/// `[id]` when written, else by a name exactly one card has.
pub(crate) struct Resolver {
    by_key: HashMap<String, i64>,
    by_name: HashMap<String, Vec<i64>>,
}

impl Resolver {
    pub(crate) fn new(conn: &Connection, catalog: CatalogId) -> Result<Resolver> {
        let mut by_key = HashMap::new();
        let mut by_name: HashMap<String, Vec<i64>> = HashMap::new();
        for (row, key, name) in keys(conn, catalog)? {
            by_key.insert(key.to_lowercase(), row);
            by_name.entry(name).or_default().push(row);
        }
        Ok(Resolver { by_key, by_name })
    }

    pub(crate) fn resolve(&self, name: &str, key: Option<&str>) -> Option<i64> {
        match key {
            Some(k) => self.by_key.get(&k.trim().to_lowercase()).copied(),
            None => match self.by_name.get(&name_key(name)).map(Vec::as_slice) {
                Some([one]) => Some(*one),
                _ => None,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn like_patterns_escape_wildcards() {
        assert_eq!(like_escape("50%_a\\b"), "50\\%\\_a\\\\b");
    }
}
