//! Phrases users taught a game's grammar (schema version 5, issue 49): "the
//! opposing player" means "your opponent". Stored per game; whenever the
//! database is opened and whenever a phrase is taught or removed, the whole
//! table is put where the grammar reads it ([`crate::engine::effect::taught`]),
//! so every card of the game reads with it at once.

use std::collections::BTreeMap;

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

use super::{Result, Store, StoreError};
use crate::engine::effect::taught::{self, Taught, tidy};

/// A taught phrase as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TaughtPhrase {
    pub game: String,
    pub phrase: String,
    pub means: String,
    pub created_at: String,
}

/// What teaching or removing a phrase replaced: enough to undo it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TaughtChange {
    pub game: String,
    pub phrase: String,
    /// What the phrase meant before (`None`: it was not taught).
    pub before: Option<String>,
    /// What it means now (`None`: removed).
    pub after: Option<String>,
}

pub(crate) fn all(conn: &Connection) -> Result<Vec<TaughtPhrase>> {
    let mut stmt = conn.prepare_cached(
        "SELECT game, phrase, means, created_at FROM taught_phrases ORDER BY game, id",
    )?;
    let rows = stmt
        .query_map([], |r| {
            Ok(TaughtPhrase {
                game: r.get(0)?,
                phrase: r.get(1)?,
                means: r.get(2)?,
                created_at: r.get(3)?,
            })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(rows)
}

fn meaning(conn: &Connection, game: &str, phrase: &str) -> Result<Option<String>> {
    Ok(conn
        .prepare_cached(
            "SELECT means FROM taught_phrases WHERE game = ?1 AND phrase = ?2 COLLATE NOCASE",
        )?
        .query_row(params![game, phrase], |r| r.get(0))
        .optional()?)
}

/// Puts `phrase` = `means` for `game`, replacing what it meant before.
pub(crate) fn put(conn: &Connection, game: &str, phrase: &str, means: &str) -> Result<()> {
    let (phrase, means) = (tidy(phrase), tidy(means));
    if let Some(reason) = taught::problem(&phrase, &means) {
        return Err(StoreError::Invalid {
            what: format!("taught phrase \"{}\"", crate::diag::cut_quoted(&phrase)),
            reason,
        });
    }
    conn.prepare_cached(
        "DELETE FROM taught_phrases WHERE game = ?1 AND phrase = ?2 COLLATE NOCASE",
    )?
    .execute(params![game, phrase])?;
    conn.prepare_cached("INSERT INTO taught_phrases (game, phrase, means) VALUES (?1, ?2, ?3)")?
        .execute(params![game, phrase, means])?;
    Ok(())
}

/// Puts the stored phrases where the grammar reads them: of `game` only
/// (after a phrase of it changed), or of every game the database has
/// phrases for. With `forget_others`, games without any here are forgotten
/// (after a restore or an import replaced the database's contents); a plain
/// open leaves them, so two stores open in one process (tests) do not undo
/// each other's.
pub(crate) fn publish(conn: &Connection, game: Option<&str>, forget_others: bool) -> Result<()> {
    let mut by_game: BTreeMap<String, Vec<Taught>> = BTreeMap::new();
    if let Some(g) = game {
        by_game.insert(g.to_string(), Vec::new());
    }
    for t in all(conn)? {
        if game.is_some_and(|g| g != t.game) {
            continue;
        }
        by_game.entry(t.game).or_default().push(Taught {
            phrase: t.phrase,
            means: t.means,
        });
    }
    if forget_others {
        taught::replace_all(by_game);
    } else {
        for (g, list) in by_game {
            taught::set(&g, list);
        }
    }
    Ok(())
}

impl Store {
    /// The phrases taught to `game` (every game's when `None`), in the
    /// order they were taught.
    pub fn taught_phrases(&self, game: Option<&str>) -> Result<Vec<TaughtPhrase>> {
        let mut v = all(&self.conn)?;
        if let Some(g) = game {
            v.retain(|t| t.game == g);
        }
        Ok(v)
    }

    /// Teaches `game` that `phrase` means `means` (replacing what it meant
    /// before), and reads every card of the game with it from now on.
    pub fn teach_phrase(&mut self, game: &str, phrase: &str, means: &str) -> Result<TaughtChange> {
        let tx = self.write_tx()?;
        let before = meaning(&tx, game, &tidy(phrase))?;
        put(&tx, game, phrase, means)?;
        tx.commit()?;
        publish(&self.conn, Some(game), false)?;
        Ok(TaughtChange {
            game: game.to_string(),
            phrase: tidy(phrase),
            before,
            after: Some(tidy(means)),
        })
    }

    /// Forgets `phrase` for `game`. Removing a phrase that was never
    /// taught is an error naming it.
    pub fn untaught_phrase(&mut self, game: &str, phrase: &str) -> Result<TaughtChange> {
        let tx = self.write_tx()?;
        let phrase = tidy(phrase);
        let Some(before) = meaning(&tx, game, &phrase)? else {
            return Err(StoreError::Invalid {
                what: format!("taught phrase \"{}\"", crate::diag::cut_quoted(&phrase)),
                reason: format!("{game} was never taught it"),
            });
        };
        tx.execute(
            "DELETE FROM taught_phrases WHERE game = ?1 AND phrase = ?2 COLLATE NOCASE",
            params![game, phrase],
        )?;
        tx.commit()?;
        publish(&self.conn, Some(game), false)?;
        Ok(TaughtChange {
            game: game.to_string(),
            phrase,
            before: Some(before),
            after: None,
        })
    }

    /// Undoes a change [`Store::teach_phrase`] or [`Store::untaught_phrase`]
    /// made: the phrase means again what it meant before (or is forgotten).
    pub fn undo_taught(&mut self, change: &TaughtChange) -> Result<()> {
        let tx = self.write_tx()?;
        tx.execute(
            "DELETE FROM taught_phrases WHERE game = ?1 AND phrase = ?2 COLLATE NOCASE",
            params![change.game, change.phrase],
        )?;
        if let Some(before) = &change.before {
            put(&tx, &change.game, &change.phrase, before)?;
        }
        tx.commit()?;
        publish(&self.conn, Some(&change.game), false)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn teach_replace_remove_and_undo() {
        let mut s = Store::open_in_memory().unwrap();
        let g = "test-game-taught";
        let a = s
            .teach_phrase(g, "  the   opposing player ", "your opponent")
            .unwrap();
        assert_eq!(a.before, None);
        assert_eq!(a.phrase, "the opposing player");
        assert_eq!(taught::of(g).len(), 1);
        let b = s
            .teach_phrase(g, "The Opposing Player", "the enemy player")
            .unwrap();
        assert_eq!(b.before.as_deref(), Some("your opponent"));
        let list = s.taught_phrases(Some(g)).unwrap();
        assert_eq!(list.len(), 1, "one phrase whatever its case");
        assert_eq!(list[0].means, "the enemy player");
        s.undo_taught(&b).unwrap();
        assert_eq!(s.taught_phrases(Some(g)).unwrap()[0].means, "your opponent");
        let c = s.untaught_phrase(g, "the opposing player").unwrap();
        assert!(s.taught_phrases(Some(g)).unwrap().is_empty());
        assert!(taught::of(g).is_empty());
        s.undo_taught(&c).unwrap();
        assert_eq!(taught::of(g)[0].means, "your opponent");
        let e = s.untaught_phrase(g, "nothing like it").unwrap_err();
        assert!(e.to_string().contains("never taught"), "{e}");
        let e = s.teach_phrase(g, "foe", "FOE").unwrap_err();
        assert!(e.to_string().contains("same words"), "{e}");
        s.untaught_phrase(g, "the opposing player").unwrap();
    }
}
