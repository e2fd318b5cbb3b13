//! The collection: owned, trade and wish counts per card, the cards a deck
//! still needs, and collection CSV import and export.

use std::collections::HashMap;

use rusqlite::{Connection, params};

use super::{CatalogId, DeckId, NOW, Result, Store, StoreError, cards, catalogs, count, decks};
use crate::collection::{self as csv, CsvRow, Unresolved};
use crate::model::{Collection, MissingCard, Owned};

/// What [`Store::import_collection_csv`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CsvImport {
    /// Cards the catalog's collection now has counts for.
    pub cards: usize,
    /// Data rows read (imported or not).
    pub rows: usize,
    /// Rows that named no card of the catalog (not imported), with their lines.
    pub unresolved: Vec<Unresolved>,
}

/// A catalog's collection, by card id.
pub(crate) fn get(conn: &Connection, catalog: CatalogId) -> Result<Collection> {
    let mut stmt = conn.prepare_cached(
        "SELECT c.card_key, o.owned, o.trade, o.wish FROM collection o
         JOIN cards c ON c.id = o.card_id WHERE c.catalog_id = ?1",
    )?;
    let rows = stmt
        .query_map([catalog], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, i64>(1)?,
                r.get::<_, i64>(2)?,
                r.get::<_, i64>(3)?,
            ))
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    let mut collection = Collection::default();
    for (key, owned, trade, wish) in rows {
        let what = || format!("collection of card `{key}`");
        let o = Owned {
            owned: count(owned, what)?,
            trade: count(trade, what)?,
            wish: count(wish, what)?,
        };
        collection.cards.insert(key, o);
    }
    Ok(collection)
}

/// Sets the counts of one card row (all zero removes its row).
pub(crate) fn set(conn: &Connection, card: i64, o: Owned) -> Result<()> {
    if o == Owned::default() {
        conn.prepare_cached("DELETE FROM collection WHERE card_id = ?1")?
            .execute([card])?;
    } else {
        conn.prepare_cached(&format!(
            "INSERT INTO collection (card_id, owned, trade, wish) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (card_id) DO UPDATE SET owned = ?2, trade = ?3, wish = ?4,
                 updated_at = {NOW}"
        ))?
        .execute(params![card, o.owned, o.trade, o.wish])?;
    }
    Ok(())
}

/// Removes every count of a catalog's cards.
pub(crate) fn clear(conn: &Connection, catalog: CatalogId) -> Result<()> {
    conn.execute(
        "DELETE FROM collection WHERE card_id IN (SELECT id FROM cards WHERE catalog_id = ?1)",
        [catalog],
    )?;
    Ok(())
}

/// Replaces a catalog's collection; every id must be a card of the catalog.
/// The card rows are read once, by id (`card_key` compares ASCII case
/// blind), rather than one query per card.
pub(crate) fn replace(
    conn: &Connection,
    catalog: CatalogId,
    name: &str,
    collection: &Collection,
) -> Result<()> {
    let rows: HashMap<String, i64> = cards::keys(conn, catalog)?
        .into_iter()
        .map(|(row, key, _)| (key.to_ascii_lowercase(), row))
        .collect();
    clear(conn, catalog)?;
    for (id, o) in &collection.cards {
        let row =
            rows.get(&id.trim().to_ascii_lowercase())
                .ok_or_else(|| StoreError::CardNotFound {
                    catalog: name.to_string(),
                    card: id.clone(),
                })?;
        set(conn, *row, *o)?;
    }
    Ok(())
}

impl Store {
    /// What the user owns of a catalog, by card id.
    pub fn collection(&self, catalog: CatalogId) -> Result<Collection> {
        catalogs::head(&self.conn, catalog)?;
        get(&self.conn, catalog)
    }

    /// Sets the owned, trade and wish counts of one card.
    pub fn set_owned(&mut self, catalog: CatalogId, card: &str, owned: Owned) -> Result<()> {
        let tx = self.write_tx()?;
        let (name, _) = catalogs::head(&tx, catalog)?;
        let (row, _) =
            cards::by_key(&tx, catalog, card)?.ok_or_else(|| StoreError::CardNotFound {
                catalog: name,
                card: card.to_string(),
            })?;
        set(&tx, row, owned)?;
        tx.commit()?;
        Ok(())
    }

    /// Replaces a catalog's whole collection (one transaction).
    pub fn set_collection(&mut self, catalog: CatalogId, collection: &Collection) -> Result<()> {
        let tx = self.write_tx()?;
        let (name, _) = catalogs::head(&tx, catalog)?;
        replace(&tx, catalog, &name, collection)?;
        tx.commit()?;
        Ok(())
    }

    /// The cards a deck's current version needs more copies of than the
    /// collection holds (main board and sideboard; see
    /// [`Collection::missing_for`]).
    pub fn missing_for_deck(&self, deck: DeckId) -> Result<Vec<MissingCard>> {
        let tx = self.read_tx()?;
        let h = decks::head(&tx, deck)?;
        let contents = decks::load(&tx, deck, h.current)?;
        let catalog = catalogs::load(&tx, h.catalog)?;
        let collection = get(&tx, h.catalog)?;
        Ok(collection.missing_for(&contents, &catalog))
    }

    /// Replaces a catalog's collection with the counts of CSV rows (from
    /// [`crate::collection::read_csv`]), all or nothing. Rows that name no card
    /// of the catalog are not imported and come back in
    /// [`CsvImport::unresolved`]; when no row names a card (a CSV of another
    /// catalog, say) the import is refused
    /// ([`StoreError::NothingImported`]) rather than emptying the collection.
    /// A file with a header and no rows does empty it (it is what exporting an
    /// empty collection writes).
    pub fn import_collection_csv(
        &mut self,
        catalog: CatalogId,
        rows: &[CsvRow],
    ) -> Result<CsvImport> {
        let tx = self.write_tx()?;
        let (name, _) = catalogs::head(&tx, catalog)?;
        let cat = catalogs::load(&tx, catalog)?;
        let (collection, unresolved) = csv::apply(rows, &cat)?;
        if !rows.is_empty() && unresolved.len() == rows.len() {
            return Err(StoreError::NothingImported {
                catalog: name,
                skipped: unresolved,
            });
        }
        replace(&tx, catalog, &name, &collection)?;
        tx.commit()?;
        Ok(CsvImport {
            cards: collection.cards.len(),
            rows: rows.len(),
            unresolved,
        })
    }

    /// A catalog's collection as CSV (`Count,Tradelist Count,Name,Edition,
    /// Wishlist Count,Id`), cards in catalog order.
    pub fn export_collection_csv(&self, catalog: CatalogId) -> Result<String> {
        let tx = self.read_tx()?;
        let cat = catalogs::load(&tx, catalog)?;
        let collection = get(&tx, catalog)?;
        Ok(csv::write_csv(&cat, &collection))
    }
}
