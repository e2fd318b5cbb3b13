//! Stored decks and their versions: [`Store`] methods that create, save,
//! load, compare, restore, rename, copy and delete them (SQL in
//! [`crate::store`]'s `decks`).

use rusqlite::params;

use crate::model::{Deck, GameId};
use crate::store::decks::*;
use crate::store::{
    CatalogId, DeckDiffLine, DeckId, DeckInfo, DeckVersion, Result, Store, StoreError, catalogs,
};

impl Store {
    /// Stores a new deck built on a catalog, as its version 1. The deck's name
    /// is required; its game, when set, must be the catalog's.
    pub fn create_deck(&mut self, catalog: CatalogId, deck: &Deck) -> Result<DeckId> {
        let tx = self.write_tx()?;
        let (catalog_name, game) = catalogs::head(&tx, catalog)?;
        if let Some(g) = deck.game.filter(|g| *g != game) {
            return Err(StoreError::GameMismatch {
                catalog: catalog_name,
                expected: game,
                found: g,
            });
        }
        let name = check_name(&deck.name)?;
        tx.execute(
            "INSERT INTO decks (game, catalog_id, name) VALUES (?1, ?2, ?3)",
            params![game.as_str(), catalog, name],
        )?;
        let id = DeckId(tx.last_insert_rowid());
        insert_version(&tx, id, catalog, 1, None, &deck.entries)?;
        tx.commit()?;
        Ok(id)
    }

    /// Saves a deck's entries as a new version (the previous ones are kept)
    /// and returns the current version number. Nothing is added when the
    /// entries equal the current version's. A non-empty `deck.name` different
    /// from the stored one renames the deck.
    pub fn save_deck(&mut self, deck: DeckId, contents: &Deck, note: Option<&str>) -> Result<u32> {
        let tx = self.write_tx()?;
        let version = save(&tx, deck, contents, note)?;
        tx.commit()?;
        Ok(version)
    }

    /// A deck's current version.
    pub fn load_deck(&self, deck: DeckId) -> Result<Deck> {
        let tx = self.read_tx()?;
        let h = head(&tx, deck)?;
        load(&tx, deck, h.current)
    }

    /// One version of a deck.
    pub fn load_deck_version(&self, deck: DeckId, version: u32) -> Result<Deck> {
        load(&*self.read_tx()?, deck, version)
    }

    /// A deck's list entry.
    pub fn deck_info(&self, deck: DeckId) -> Result<DeckInfo> {
        info(&self.conn, deck)
    }

    /// A deck by numeric id (`"7"`) or name (case-insensitive).
    pub fn find_deck(&self, name_or_id: &str) -> Result<DeckInfo> {
        find(&self.conn, name_or_id)
    }

    /// Every version of a deck, oldest first.
    pub fn deck_versions(&self, deck: DeckId) -> Result<Vec<DeckVersion>> {
        let tx = self.read_tx()?;
        head(&tx, deck)?;
        versions(&tx, deck)
    }

    /// Makes an earlier version current again by saving a copy of it as a new
    /// version (nothing is lost); returns the current version number.
    pub fn restore_version(&mut self, deck: DeckId, version: u32) -> Result<u32> {
        let tx = self.write_tx()?;
        let old = load(&tx, deck, version)?;
        let note = format!("restored version {version}");
        let restored = Deck {
            name: String::new(),
            ..old
        };
        let current = save(&tx, deck, &restored, Some(&note))?;
        tx.commit()?;
        Ok(current)
    }

    /// The cards whose counts differ between versions `a` (before) and `b`
    /// (after), by board: the cards of `b` in its order, then those only in `a`.
    pub fn diff_versions(&self, deck: DeckId, a: u32, b: u32) -> Result<Vec<DeckDiffLine>> {
        let tx = self.read_tx()?;
        let h = head(&tx, deck)?;
        let ra = require_version(&tx, deck, &h, a)?;
        let rb = require_version(&tx, deck, &h, b)?;
        Ok(diff(&entries(&tx, ra)?, &entries(&tx, rb)?))
    }

    /// Renames a deck.
    pub fn rename_deck(&mut self, deck: DeckId, name: &str) -> Result<()> {
        let tx = self.write_tx()?;
        head(&tx, deck)?;
        rename(&tx, deck, check_name(name)?)?;
        tx.commit()?;
        Ok(())
    }

    /// A new deck named `name` with the current contents of `deck` as its
    /// version 1 (the history is not copied).
    pub fn duplicate_deck(&mut self, deck: DeckId, name: &str) -> Result<DeckId> {
        let name = check_name(name)?;
        let tx = self.write_tx()?;
        let h = head(&tx, deck)?;
        let contents = load(&tx, deck, h.current)?;
        tx.execute(
            "INSERT INTO decks (game, catalog_id, name) VALUES (?1, ?2, ?3)",
            params![h.game.as_str(), h.catalog, name],
        )?;
        let id = DeckId(tx.last_insert_rowid());
        let note = format!("copy of \"{}\" version {}", h.name, h.current);
        insert_version(&tx, id, h.catalog, 1, Some(&note), &contents.entries)?;
        tx.commit()?;
        Ok(id)
    }

    /// Deletes a deck with all its versions.
    pub fn delete_deck(&mut self, deck: DeckId) -> Result<()> {
        let tx = self.write_tx()?;
        head(&tx, deck)?;
        tx.execute("DELETE FROM decks WHERE id = ?1", [deck])?;
        tx.commit()?;
        Ok(())
    }

    /// Every deck, or those of one game, by game, name and id.
    pub fn decks(&self, game: Option<GameId>) -> Result<Vec<DeckInfo>> {
        list(&self.conn, game)
    }
}
