//! App settings (schema version 2): one text value per key, for what the app
//! remembers between runs (last opened deck, paper size, ...).

use rusqlite::{Connection, OptionalExtension, params};

use super::{NOW, Result, Store, StoreError};

/// Every setting, by key.
pub(crate) fn all(conn: &Connection) -> Result<Vec<(String, String)>> {
    let mut stmt = conn.prepare_cached("SELECT key, value FROM settings ORDER BY key")?;
    let rows = stmt
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(rows)
}

/// Stores `value` under `key`, replacing any earlier value.
pub(crate) fn put(conn: &Connection, key: &str, value: &str) -> Result<()> {
    if key.trim().is_empty() {
        return Err(StoreError::Invalid {
            what: "setting".into(),
            reason: "a setting needs a key".into(),
        });
    }
    conn.prepare_cached(&format!(
        "INSERT INTO settings (key, value) VALUES (?1, ?2)
         ON CONFLICT (key) DO UPDATE SET value = ?2, updated_at = {NOW}"
    ))?
    .execute(params![key, value])?;
    Ok(())
}

impl Store {
    /// The value stored under `key`, if any.
    pub fn setting(&self, key: &str) -> Result<Option<String>> {
        Ok(self
            .conn
            .prepare_cached("SELECT value FROM settings WHERE key = ?1")?
            .query_row([key], |r| r.get(0))
            .optional()?)
    }

    /// Stores `value` under `key` (replacing any earlier value).
    pub fn set_setting(&mut self, key: &str, value: &str) -> Result<()> {
        let tx = self.write_tx()?;
        put(&tx, key, value)?;
        tx.commit()?;
        Ok(())
    }

    /// Every setting, by key.
    pub fn settings(&self) -> Result<Vec<(String, String)>> {
        all(&self.conn)
    }

    /// Forgets `key`.
    pub fn remove_setting(&mut self, key: &str) -> Result<()> {
        let tx = self.write_tx()?;
        tx.execute("DELETE FROM settings WHERE key = ?1", [key])?;
        tx.commit()?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_round_trip() {
        let mut s = Store::open_in_memory().unwrap();
        assert_eq!(s.setting("paper").unwrap(), None);
        s.set_setting("paper", "a4").unwrap();
        s.set_setting("paper", "letter").unwrap();
        assert_eq!(s.setting("paper").unwrap().as_deref(), Some("letter"));
        s.remove_setting("paper").unwrap();
        assert_eq!(s.setting("paper").unwrap(), None);
        assert!(s.set_setting(" ", "x").is_err());
    }
}
