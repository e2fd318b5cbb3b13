//! Decks and their versions. Every save that changes a deck adds a version and
//! keeps the others, so any earlier state can be compared and restored.

use std::collections::HashMap;

use rusqlite::{Connection, OptionalExtension, params};

use super::cards::Resolver;
use super::{
    CatalogId, DeckDiffLine, DeckId, DeckInfo, DeckVersion, NOW, Result, StoreError, catalogs,
    count, parse_game,
};
use crate::model::{Board, Deck, DeckEntry, GameId, name_key};

/// What a deck row holds.
pub(crate) struct Head {
    pub name: String,
    pub game: GameId,
    pub catalog: CatalogId,
    pub current: u32,
}

/// A deck's own row, or [`StoreError::DeckNotFound`].
pub(crate) fn head(conn: &Connection, deck: DeckId) -> Result<Head> {
    let row = conn
        .prepare_cached("SELECT name, game, catalog_id, current_version FROM decks WHERE id = ?1")?
        .query_row([deck], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, CatalogId>(2)?,
                r.get::<_, i64>(3)?,
            ))
        })
        .optional()?;
    let Some((name, game, catalog, current)) = row else {
        return Err(StoreError::DeckNotFound {
            query: format!("with id {deck}"),
        });
    };
    Ok(Head {
        current: count(current, || format!("deck \"{name}\" version"))?,
        game: parse_game(&game)?,
        name,
        catalog,
    })
}

/// The row of one version of a deck.
pub(crate) fn version_row(conn: &Connection, deck: DeckId, version: u32) -> Result<Option<i64>> {
    Ok(conn
        .prepare_cached("SELECT id FROM deck_versions WHERE deck_id = ?1 AND version = ?2")?
        .query_row(params![deck, version], |r| r.get(0))
        .optional()?)
}

/// The row of a version, or [`StoreError::VersionNotFound`].
pub(crate) fn require_version(
    conn: &Connection,
    deck: DeckId,
    head: &Head,
    version: u32,
) -> Result<i64> {
    version_row(conn, deck, version)?.ok_or_else(|| StoreError::VersionNotFound {
        deck: head.name.clone(),
        version,
        latest: latest_version(conn, deck).unwrap_or(head.current),
    })
}

/// The highest version number a deck has.
fn latest_version(conn: &Connection, deck: DeckId) -> Result<u32> {
    let v: i64 = conn.query_row(
        "SELECT coalesce(max(version), 0) FROM deck_versions WHERE deck_id = ?1",
        [deck],
        |r| r.get(0),
    )?;
    count(v, || format!("deck {deck} version"))
}

/// A stored entry and the card (row, id) it resolved to.
pub(crate) struct Stored {
    pub entry: DeckEntry,
    pub card: Option<(i64, String)>,
}

/// The entries of one version, in order.
pub(crate) fn entries(conn: &Connection, version_row: i64) -> Result<Vec<Stored>> {
    let mut stmt = conn.prepare_cached(
        "SELECT e.count, e.name, e.card_key, e.board, e.section, e.card_id, c.card_key
         FROM deck_entries e LEFT JOIN cards c ON c.id = e.card_id
         WHERE e.version_id = ?1 ORDER BY e.position",
    )?;
    let rows = stmt
        .query_map([version_row], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, Option<String>>(2)?,
                r.get::<_, String>(3)?,
                r.get::<_, Option<String>>(4)?,
                r.get::<_, Option<i64>>(5)?,
                r.get::<_, Option<String>>(6)?,
            ))
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    rows.into_iter()
        .map(|(n, name, id, board, section, card, card_key)| {
            let board = Board::parse(&board)
                .ok_or_else(|| StoreError::corrupt(format!("deck entry board `{board}`")))?;
            Ok(Stored {
                entry: DeckEntry {
                    count: count(n, || format!("deck entry \"{name}\""))?,
                    name,
                    id,
                    board,
                    section,
                    line: None,
                },
                card: card.zip(card_key),
            })
        })
        .collect()
}

/// Adds a version row and its entries, resolving each entry against the
/// deck's catalog; returns the version row.
pub(crate) fn insert_version(
    conn: &Connection,
    deck: DeckId,
    catalog: CatalogId,
    version: u32,
    note: Option<&str>,
    list: &[DeckEntry],
) -> Result<i64> {
    conn.execute(
        "INSERT INTO deck_versions (deck_id, version, note) VALUES (?1, ?2, ?3)",
        params![deck, version, note],
    )?;
    let row = conn.last_insert_rowid();
    let resolver = Resolver::new(conn, catalog)?;
    let mut stmt = conn.prepare_cached(
        "INSERT INTO deck_entries (version_id, board, section, position, count, name, card_key, card_id)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    )?;
    for (position, e) in list.iter().enumerate() {
        stmt.execute(params![
            row,
            e.board.as_str(),
            e.section,
            i64::try_from(position).unwrap_or(i64::MAX),
            e.count,
            e.name,
            e.id,
            resolver.resolve(&e.name, e.id.as_deref())
        ])?;
    }
    conn.execute(
        &format!("UPDATE decks SET current_version = ?2, updated_at = {NOW} WHERE id = ?1"),
        params![deck, version],
    )?;
    Ok(row)
}

/// The parts of an entry that a version keeps (not the source line).
fn same_entries(a: &[DeckEntry], b: &[DeckEntry]) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|(x, y)| {
            x.count == y.count
                && x.name == y.name
                && x.id == y.id
                && x.board == y.board
                && x.section == y.section
        })
}

pub(crate) fn check_name(name: &str) -> Result<&str> {
    let name = name.trim();
    if name.is_empty() {
        Err(StoreError::Invalid {
            what: "deck".into(),
            reason: "a deck needs a name".into(),
        })
    } else {
        Ok(name)
    }
}

const INFO: &str =
    "SELECT d.id, d.name, d.game, d.catalog_id, c.name, d.current_version, d.updated_at,
        coalesce((SELECT sum(e.count) FROM deck_entries e
                  JOIN deck_versions v ON v.id = e.version_id
                  WHERE v.deck_id = d.id AND v.version = d.current_version
                    AND e.board = 'main'), 0)
    FROM decks d JOIN catalogs c ON c.id = d.catalog_id";

type InfoRow = (DeckId, String, String, CatalogId, String, i64, String, i64);

fn info_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<InfoRow> {
    Ok((
        r.get(0)?,
        r.get(1)?,
        r.get(2)?,
        r.get(3)?,
        r.get(4)?,
        r.get(5)?,
        r.get(6)?,
        r.get(7)?,
    ))
}

fn info_from(row: InfoRow) -> Result<DeckInfo> {
    let (id, name, game, catalog_id, catalog_name, version, updated, main) = row;
    Ok(DeckInfo {
        id,
        game: parse_game(&game)?,
        catalog_id,
        catalog_name,
        version: count(version, || format!("deck \"{name}\" version"))?,
        updated,
        main_count: count(main, || format!("deck \"{name}\" size"))?,
        name,
    })
}

/// Every deck (of one game), by game, name and id.
pub(crate) fn list(conn: &Connection, game: Option<GameId>) -> Result<Vec<DeckInfo>> {
    let mut stmt = conn.prepare_cached(&format!(
        "{INFO} WHERE ?1 IS NULL OR d.game = ?1 ORDER BY d.name COLLATE NOCASE, d.id"
    ))?;
    let rows = stmt
        .query_map([game.map(GameId::as_str)], info_row)?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    let mut list = super::known_games(rows.into_iter().map(info_from).collect())?;
    // games in the app's order (GameId::ALL, then added games), not by id text
    list.sort_by_key(|d| d.game);
    Ok(list)
}

/// One deck's list entry.
pub(crate) fn info(conn: &Connection, deck: DeckId) -> Result<DeckInfo> {
    let row = conn
        .prepare_cached(&format!("{INFO} WHERE d.id = ?1"))?
        .query_row([deck], info_row)
        .optional()?;
    match row {
        Some(row) => info_from(row),
        None => Err(StoreError::DeckNotFound {
            query: format!("with id {deck}"),
        }),
    }
}

/// A deck by numeric id or name (case-insensitive; an error when several
/// decks share the name).
pub(crate) fn find(conn: &Connection, query: &str) -> Result<DeckInfo> {
    let q = query.trim();
    if let Ok(n) = q.parse::<i64>()
        && let Ok(found) = info(conn, DeckId(n))
    {
        return Ok(found);
    }
    let mut stmt =
        conn.prepare_cached("SELECT id FROM decks WHERE name = ?1 COLLATE NOCASE ORDER BY id")?;
    let ids = stmt
        .query_map([q], |r| r.get::<_, i64>(0))?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    match ids.as_slice() {
        [one] => info(conn, DeckId(*one)),
        [] => Err(StoreError::DeckNotFound {
            query: format!("named \"{q}\""),
        }),
        _ => Err(StoreError::AmbiguousDeck {
            name: q.to_string(),
            ids,
        }),
    }
}

/// One version of a deck as a [`Deck`].
pub(crate) fn load(conn: &Connection, deck: DeckId, version: u32) -> Result<Deck> {
    let h = head(conn, deck)?;
    let row = require_version(conn, deck, &h, version)?;
    Ok(Deck {
        entries: entries(conn, row)?.into_iter().map(|s| s.entry).collect(),
        name: h.name,
        game: Some(h.game),
        notes: Vec::new(),
    })
}

/// Every version of a deck, oldest first.
pub(crate) fn versions(conn: &Connection, deck: DeckId) -> Result<Vec<DeckVersion>> {
    let mut stmt = conn.prepare_cached(
        "SELECT v.version, v.saved_at, v.note,
                coalesce((SELECT sum(e.count) FROM deck_entries e
                          WHERE e.version_id = v.id AND e.board = 'main'), 0)
         FROM deck_versions v WHERE v.deck_id = ?1 ORDER BY v.version",
    )?;
    let rows = stmt
        .query_map([deck], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, Option<String>>(2)?,
                r.get::<_, i64>(3)?,
            ))
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    rows.into_iter()
        .map(|(v, saved_at, note, main)| {
            Ok(DeckVersion {
                version: count(v, || format!("deck {deck} version"))?,
                saved_at,
                note,
                main_count: count(main, || format!("deck {deck} size"))?,
            })
        })
        .collect()
}

/// Which card a diff line is about: the catalog card when the entry resolved,
/// else the `[id]` or the name as written.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Ident {
    Card(i64),
    Id(String),
    Name(String),
}

fn ident(s: &Stored) -> Ident {
    match (&s.card, &s.entry.id) {
        (Some((row, _)), _) => Ident::Card(*row),
        (None, Some(id)) => Ident::Id(id.trim().to_lowercase()),
        (None, None) => Ident::Name(name_key(&s.entry.name)),
    }
}

/// Count changes from `before` to `after`, per board and card: the cards of
/// `after` in its order, then those only in `before`.
pub(crate) fn diff(before: &[Stored], after: &[Stored]) -> Vec<DeckDiffLine> {
    let mut lines: Vec<DeckDiffLine> = Vec::new();
    let mut at: HashMap<(Board, Ident), usize> = HashMap::new();
    let mut add = |s: &Stored, is_after: bool| {
        let i = *at.entry((s.entry.board, ident(s))).or_insert_with(|| {
            lines.push(DeckDiffLine {
                name: s.entry.name.clone(),
                id: s
                    .card
                    .as_ref()
                    .map(|(_, k)| k.clone())
                    .or_else(|| s.entry.id.clone()),
                board: s.entry.board,
                before: 0,
                after: 0,
            });
            lines.len() - 1
        });
        let line = &mut lines[i];
        if is_after {
            line.after += s.entry.count;
        } else {
            line.before += s.entry.count;
        }
    };
    after.iter().for_each(|s| add(s, true));
    before.iter().for_each(|s| add(s, false));
    lines.retain(|l| l.before != l.after);
    lines.sort_by_key(|l| l.board);
    lines
}

/// Saves a deck's entries as a new version unless they equal the current
/// version's; renames it when `contents.name` differs. Returns the current
/// version number.
pub(crate) fn save(
    conn: &Connection,
    deck: DeckId,
    contents: &Deck,
    note: Option<&str>,
) -> Result<u32> {
    let h = head(conn, deck)?;
    if let Some(g) = contents.game.filter(|g| *g != h.game) {
        return Err(StoreError::GameMismatch {
            catalog: catalogs::head(conn, h.catalog)?.0,
            expected: h.game,
            found: g,
        });
    }
    let name = contents.name.trim();
    if !name.is_empty() && name != h.name {
        rename(conn, deck, name)?;
    }
    let current = match version_row(conn, deck, h.current)? {
        Some(row) => entries(conn, row)?,
        None => Vec::new(),
    };
    let current: Vec<DeckEntry> = current.into_iter().map(|s| s.entry).collect();
    if h.current > 0 && same_entries(&current, &contents.entries) {
        return Ok(h.current);
    }
    let v = latest_version(conn, deck)? + 1;
    insert_version(conn, deck, h.catalog, v, note, &contents.entries)?;
    Ok(v)
}

pub(crate) fn rename(conn: &Connection, deck: DeckId, name: &str) -> Result<()> {
    conn.execute(
        &format!("UPDATE decks SET name = ?2, updated_at = {NOW} WHERE id = ?1"),
        params![deck, name],
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stored(n: u32, name: &str, board: Board, card: Option<i64>) -> Stored {
        let mut entry = DeckEntry::new(n, name);
        entry.board = board;
        Stored {
            entry,
            card: card.map(|r| (r, format!("k{r}"))),
        }
    }

    #[test]
    fn diff_groups_by_board_and_card() {
        let a = vec![
            stored(3, "Frog", Board::Main, Some(1)),
            stored(2, "Bolt", Board::Main, Some(2)),
            stored(1, "Frog", Board::Sideboard, Some(1)),
            stored(1, "Mystery", Board::Main, None),
        ];
        let b = vec![
            stored(2, "Frog", Board::Main, Some(1)),
            stored(1, "frog", Board::Main, Some(1)),
            stored(1, "Frog", Board::Sideboard, Some(1)),
            stored(4, "Toad", Board::Main, Some(3)),
        ];
        let d = diff(&a, &b);
        let got: Vec<(&str, Board, u32, u32)> = d
            .iter()
            .map(|l| (l.name.as_str(), l.board, l.before, l.after))
            .collect();
        assert_eq!(
            got,
            vec![
                ("Toad", Board::Main, 0, 4),
                ("Bolt", Board::Main, 2, 0),
                ("Mystery", Board::Main, 1, 0),
            ]
        );
        assert_eq!(d[0].id.as_deref(), Some("k3"));
        assert_eq!(d[2].id, None);
    }

    #[test]
    fn same_entries_ignores_source_lines() {
        let mut a = DeckEntry::new(2, "Frog");
        a.line = Some(3);
        let b = DeckEntry::new(2, "Frog");
        assert!(same_entries(
            std::slice::from_ref(&a),
            std::slice::from_ref(&b)
        ));
        let mut c = b.clone();
        c.section = Some("Creatures".into());
        assert!(!same_entries(&[a], &[c]));
    }
}
