//! Catalogs: import (new or in place), list, find, load, export and delete.

use std::collections::{HashMap, HashSet};
use std::path::Path;

use rusqlite::{Connection, OptionalExtension, params};

use super::cards::Resolver;
use super::{CatalogId, CatalogInfo, NOW, Result, StoreError, cards, images, parse_game};
use crate::model::{Card, Catalog, GameId};

/// Where an import gets image bytes: the path as the catalog writes it →
/// bytes, or why not.
pub(crate) type ImageSource<'a> = &'a dyn Fn(&str) -> std::result::Result<Vec<u8>, String>;

/// Name and game of a catalog, or [`StoreError::CatalogNotFound`].
pub(crate) fn head(conn: &Connection, id: CatalogId) -> Result<(String, GameId)> {
    let row: Option<(String, String)> = conn
        .prepare_cached("SELECT name, game FROM catalogs WHERE id = ?1")?
        .query_row([id], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?;
    match row {
        Some((name, game)) => Ok((name, parse_game(&game)?)),
        None => Err(not_found(conn, id)?),
    }
}

/// Every catalog's name, sorted.
pub(crate) fn names(conn: &Connection) -> Result<Vec<String>> {
    let mut stmt = conn.prepare_cached("SELECT name FROM catalogs ORDER BY name")?;
    let names = stmt
        .query_map([], |r| r.get(0))?
        .collect::<rusqlite::Result<Vec<String>>>()?;
    Ok(names)
}

/// Marks a catalog as changed now.
pub(crate) fn touch(conn: &Connection, id: CatalogId) -> Result<()> {
    conn.execute(
        &format!("UPDATE catalogs SET updated_at = {NOW} WHERE id = ?1"),
        [id],
    )?;
    Ok(())
}

/// The catalog with this name (case-insensitive).
pub(crate) fn id_by_name(conn: &Connection, name: &str) -> Result<Option<CatalogId>> {
    Ok(conn
        .prepare_cached("SELECT id FROM catalogs WHERE name = ?1")?
        .query_row([name.trim()], |r| r.get(0))
        .optional()?)
}

const INFO: &str = "SELECT c.id, c.game, c.name,
        (SELECT count(*) FROM cards k WHERE k.catalog_id = c.id)
    FROM catalogs c";

fn info_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<(CatalogId, String, String, i64)> {
    Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
}

fn info_from(row: (CatalogId, String, String, i64)) -> Result<CatalogInfo> {
    let (id, game, name, n) = row;
    Ok(CatalogInfo {
        id,
        game: parse_game(&game)?,
        card_count: super::count(n, || format!("catalog \"{name}\""))?,
        name,
    })
}

/// Every catalog, by game ([`GameId::ALL`] order) then name.
pub(crate) fn list(conn: &Connection) -> Result<Vec<CatalogInfo>> {
    let mut stmt = conn.prepare_cached(&format!("{INFO} ORDER BY c.name, c.id"))?;
    let rows = stmt
        .query_map([], info_row)?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    let mut list = super::known_games(rows.into_iter().map(info_from).collect())?;
    // games in the app's order (GameId::ALL, then added games), not by id text
    list.sort_by_key(|c| c.game);
    Ok(list)
}

/// One catalog's list entry.
pub(crate) fn info(conn: &Connection, id: CatalogId) -> Result<CatalogInfo> {
    let row = conn
        .prepare_cached(&format!("{INFO} WHERE c.id = ?1"))?
        .query_row([id], info_row)
        .optional()?;
    match row {
        Some(row) => info_from(row),
        None => Err(not_found(conn, id)?),
    }
}

/// The error for a catalog id that is not stored.
fn not_found(conn: &Connection, id: CatalogId) -> Result<StoreError> {
    Ok(StoreError::CatalogNotFound {
        query: format!("with id {id}"),
        known: names(conn)?,
    })
}

/// Inserts the catalog's own row, under row id `want` when given (a full
/// import keeps the ids it exported; the caller checks the id is free).
fn insert_head(
    conn: &Connection,
    catalog: &Catalog,
    back: Option<i64>,
    want: Option<CatalogId>,
) -> Result<CatalogId> {
    conn.execute(
        "INSERT INTO catalogs (id, game, name, back_path, back_image_id, card_width_mm, card_height_mm)
         VALUES (?7, ?1, ?2, ?3, ?4, ?5, ?6)",
        params![
            catalog.game.as_str(),
            catalog.name.trim(),
            catalog.back,
            back,
            catalog.card_size.map(|s| s.0),
            catalog.card_size.map(|s| s.1),
            want
        ],
    )?;
    Ok(CatalogId(conn.last_insert_rowid()))
}

/// Overwrites the catalog's own row (name case, back, card size).
fn update_head(
    conn: &Connection,
    id: CatalogId,
    catalog: &Catalog,
    back: Option<i64>,
) -> Result<()> {
    conn.execute(
        &format!(
            "UPDATE catalogs SET name = ?2, back_path = ?3, back_image_id = ?4,
                card_width_mm = ?5, card_height_mm = ?6, updated_at = {NOW}
             WHERE id = ?1"
        ),
        params![
            id,
            catalog.name.trim(),
            catalog.back,
            back,
            catalog.card_size.map(|s| s.0),
            catalog.card_size.map(|s| s.1)
        ],
    )?;
    Ok(())
}

/// Names of the decks built on a catalog.
pub(crate) fn decks_of(conn: &Connection, id: CatalogId) -> Result<Vec<String>> {
    let mut stmt =
        conn.prepare_cached("SELECT name FROM decks WHERE catalog_id = ?1 ORDER BY name, id")?;
    let names = stmt
        .query_map([id], |r| r.get(0))?
        .collect::<rusqlite::Result<Vec<String>>>()?;
    Ok(names)
}

/// Reads images for one import, each path once.
struct ImageCache<'a> {
    source: ImageSource<'a>,
    catalog: &'a str,
    rows: HashMap<String, i64>,
}

impl ImageCache<'_> {
    fn get(&mut self, conn: &Connection, card: Option<&Card>, path: &str) -> Result<i64> {
        if let Some(&id) = self.rows.get(path) {
            return Ok(id);
        }
        let bytes = (self.source)(path).map_err(|reason| StoreError::Image {
            catalog: self.catalog.to_string(),
            card: card.map(|c| c.name.clone()),
            path: path.to_string(),
            reason,
        })?;
        let id = images::put(conn, path, &bytes)?;
        self.rows.insert(path.to_string(), id);
        Ok(id)
    }
}

/// Stores a whole catalog, new or (with `replace`) over the stored catalog of
/// the same name. Runs inside the caller's transaction.
pub(crate) fn write(
    conn: &Connection,
    catalog: &Catalog,
    source: ImageSource<'_>,
    replace: bool,
) -> Result<CatalogId> {
    write_as(conn, catalog, source, replace, None)
}

/// [`write`], a new catalog getting row id `want` when given (it must be free).
pub(crate) fn write_as(
    conn: &Connection,
    catalog: &Catalog,
    source: ImageSource<'_>,
    replace: bool,
    want: Option<CatalogId>,
) -> Result<CatalogId> {
    let name = catalog.name.trim();
    if name.is_empty() {
        return Err(StoreError::Invalid {
            what: "catalog".into(),
            reason: "it has no name".into(),
        });
    }
    let mut taken = cards::Taken::with_capacity(catalog.cards.len());
    for card in &catalog.cards {
        cards::check(name, catalog.game, card)?;
        taken.check(name, catalog.game, card)?;
        taken.add(&card.id, card.name_key());
    }
    let mut images = ImageCache {
        source,
        catalog: name,
        rows: HashMap::new(),
    };
    let back = match &catalog.back {
        Some(p) => Some(images.get(conn, None, p)?),
        None => None,
    };
    let existing = id_by_name(conn, name)?;
    let id = match existing {
        Some(_) if !replace => {
            return Err(StoreError::CatalogExists {
                name: name.to_string(),
            });
        }
        Some(id) => {
            let (stored, game) = head(conn, id)?;
            if game != catalog.game {
                return Err(StoreError::GameMismatch {
                    catalog: stored,
                    expected: game,
                    found: catalog.game,
                });
            }
            update_head(conn, id, catalog, back)?;
            id
        }
        None => insert_head(conn, catalog, back, want)?,
    };
    let mut old: HashMap<String, (i64, Card)> = cards::list(conn, id)?
        .into_iter()
        .map(|(row, c)| (c.id.to_lowercase(), (row, c)))
        .collect();
    for (position, card) in catalog.cards.iter().enumerate() {
        let image = match &card.image {
            Some(p) => Some(images.get(conn, Some(card), p)?),
            None => None,
        };
        let position = i64::try_from(position).unwrap_or(i64::MAX);
        match old.remove(&card.id.to_lowercase()) {
            Some((row, before)) => {
                cards::update(conn, row, card, image, Some(position))?;
                cards::carry_rename(conn, row, &before, card)?;
            }
            None => {
                cards::insert(conn, id, card, image, position)?;
            }
        }
    }
    for (row, _) in old.into_values() {
        cards::delete(conn, row)?;
    }
    if existing.is_some() {
        relink(conn, id)?;
        images::collect_garbage(conn)?;
    }
    Ok(id)
}

/// Links deck entries of a catalog's decks that name no card yet to the card
/// they now resolve to (after cards were added by a replace).
fn relink(conn: &Connection, id: CatalogId) -> Result<()> {
    let resolver = Resolver::new(conn, id)?;
    let mut stmt = conn.prepare_cached(
        "SELECT e.id, e.name, e.card_key FROM deck_entries e
         JOIN deck_versions v ON v.id = e.version_id
         JOIN decks d ON d.id = v.deck_id
         WHERE d.catalog_id = ?1 AND e.card_id IS NULL",
    )?;
    let loose = stmt
        .query_map([id], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, Option<String>>(2)?,
            ))
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    for (entry, name, key) in loose {
        if let Some(card) = resolver.resolve(&name, key.as_deref()) {
            conn.execute(
                "UPDATE deck_entries SET card_id = ?2 WHERE id = ?1",
                params![entry, card],
            )?;
        }
    }
    Ok(())
}

/// A stored catalog as a [`Catalog`], cards in file order (`base_dir` unset).
pub(crate) fn load(conn: &Connection, id: CatalogId) -> Result<Catalog> {
    let row = conn
        .prepare_cached(
            "SELECT game, name, back_path, card_width_mm, card_height_mm FROM catalogs WHERE id = ?1",
        )?
        .query_row([id], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, Option<String>>(2)?,
                r.get::<_, Option<f64>>(3)?,
                r.get::<_, Option<f64>>(4)?,
            ))
        })
        .optional()?;
    let Some((game, name, back, w, h)) = row else {
        return Err(not_found(conn, id)?);
    };
    let mut catalog = Catalog::new(parse_game(&game)?, name);
    catalog.back = back;
    catalog.card_size = w.zip(h);
    catalog.cards = cards::list(conn, id)?.into_iter().map(|(_, c)| c).collect();
    Ok(catalog)
}

/// Image rows of a catalog: the back's, and each card's by card id.
fn image_rows(conn: &Connection, id: CatalogId) -> Result<(Option<i64>, HashMap<String, i64>)> {
    let back = conn.query_row(
        "SELECT back_image_id FROM catalogs WHERE id = ?1",
        [id],
        |r| r.get::<_, Option<i64>>(0),
    )?;
    let mut stmt = conn.prepare_cached(
        "SELECT card_key, image_id FROM cards WHERE catalog_id = ?1 AND image_id IS NOT NULL",
    )?;
    let cards = stmt
        .query_map([id], |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?)))?
        .collect::<rusqlite::Result<HashMap<_, _>>>()?;
    Ok((back, cards))
}

/// A file name safe on every system, from the name a catalog gave an image.
fn safe_file_name(path: &str) -> String {
    let base = images::base_name(path);
    let clean: String = base
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect();
    let clean = clean.trim_start_matches('.').to_string();
    if clean.is_empty() {
        "image.png".to_string()
    } else {
        clean
    }
}

/// Writes images for an export into `<folder>/<sub>/`, each distinct image
/// once, and hands back the relative path to write in the catalog.
struct ImageWriter<'a> {
    folder: &'a Path,
    sub: String,
    by_row: HashMap<i64, String>,
    used: HashSet<String>,
}

impl ImageWriter<'_> {
    fn write(&mut self, conn: &Connection, row: i64, written_as: &str) -> Result<String> {
        if let Some(rel) = self.by_row.get(&row) {
            return Ok(rel.clone());
        }
        let image = images::get(conn, row)?;
        let base = safe_file_name(written_as);
        let mut file = base.clone();
        let mut n = 2;
        while self.used.contains(&file.to_lowercase()) {
            file = format!("{n}-{base}");
            n += 1;
        }
        self.used.insert(file.to_lowercase());
        let dir = self.folder.join(&self.sub);
        std::fs::create_dir_all(&dir).map_err(|source| StoreError::Write {
            path: dir.clone(),
            source,
        })?;
        let path = dir.join(&file);
        crate::files::write_replacing(&path, &image.bytes)
            .map_err(|source| StoreError::Write { path, source })?;
        let rel = format!("{}/{file}", self.sub);
        self.by_row.insert(row, rel.clone());
        Ok(rel)
    }
}

/// Writes a stored catalog as TOML at `toml_path`, its images in
/// `<stem>-images/` beside it, paths relative to the TOML file; returns the
/// catalog as written (image paths pointing at the new files).
pub(crate) fn export(conn: &Connection, id: CatalogId, toml_path: &Path) -> Result<Catalog> {
    let mut catalog = load(conn, id)?;
    let (back_row, card_rows) = image_rows(conn, id)?;
    let folder = match toml_path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let stem = toml_path
        .file_stem()
        .and_then(|s| s.to_str())
        .filter(|s| !s.is_empty())
        .unwrap_or("catalog");
    let mut writer = ImageWriter {
        folder,
        sub: format!("{stem}-images"),
        by_row: HashMap::new(),
        used: HashSet::new(),
    };
    catalog.back = match (back_row, &catalog.back) {
        (Some(row), Some(p)) => Some(writer.write(conn, row, p)?),
        _ => None,
    };
    for card in &mut catalog.cards {
        card.image = match (card_rows.get(&card.id), &card.image) {
            (Some(&row), Some(p)) => Some(writer.write(conn, row, p)?),
            _ => None,
        };
    }
    let text = crate::catalog::to_toml(&catalog).map_err(|e| StoreError::Toml {
        catalog: catalog.name.clone(),
        reason: e.to_string(),
    })?;
    std::fs::create_dir_all(folder).map_err(|source| StoreError::Write {
        path: folder.to_path_buf(),
        source,
    })?;
    crate::files::write_replacing(toml_path, text.as_bytes()).map_err(|source| {
        StoreError::Write {
            path: toml_path.to_path_buf(),
            source,
        }
    })?;
    Ok(catalog)
}

/// Finds a catalog by numeric id or by name (case-insensitive).
pub(crate) fn find(conn: &Connection, query: &str) -> Result<CatalogInfo> {
    let q = query.trim();
    if let Ok(n) = q.parse::<i64>()
        && let Ok(info) = info(conn, CatalogId(n))
    {
        return Ok(info);
    }
    match id_by_name(conn, q)? {
        Some(id) => info(conn, id),
        None => Err(StoreError::CatalogNotFound {
            query: format!("named \"{q}\""),
            known: names(conn)?,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_are_made_safe() {
        assert_eq!(safe_file_name("img/Ember Cub.png"), "Ember_Cub.png");
        assert_eq!(safe_file_name("../../.hidden.png"), "hidden.png");
        assert_eq!(safe_file_name("a/"), "image.png");
    }
}
