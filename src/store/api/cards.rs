//! The cards of stored catalogs: [`Store`] methods that read one card, edit,
//! add and delete cards and their pictures (SQL in [`crate::store`]'s `cards`).

use crate::model::Card;
use crate::store::cards::*;
use crate::store::{CatalogId, Result, Store, StoreError, catalogs, images};

impl Store {
    /// One card of a stored catalog, by id (any case).
    pub fn card(&self, catalog: CatalogId, id: &str) -> Result<Card> {
        let (name, _) = catalogs::head(&self.conn, catalog)?;
        by_key(&self.conn, catalog, id)?
            .map(|(_, c)| c)
            .ok_or_else(|| StoreError::CardNotFound {
                catalog: name,
                card: id.to_string(),
            })
    }

    /// Adds a card at the end of a catalog. `image` gives the front image's
    /// bytes; without it, a card `image` path reuses the image the catalog has
    /// under that path, or is read from disk.
    pub fn insert_card(
        &mut self,
        catalog: CatalogId,
        card: &Card,
        image: Option<&[u8]>,
    ) -> Result<()> {
        let tx = self.write_tx()?;
        let (name, game) = catalogs::head(&tx, catalog)?;
        check(&name, game, card)?;
        let others = keys(&tx, catalog)?;
        check_unique(
            &name,
            game,
            card,
            others.iter().map(|(_, k, n)| (k.as_str(), n.as_str())),
        )?;
        let mut card = card.clone();
        let image_id = image_for(&tx, catalog, &name, &mut card, image)?;
        let position = next_position(&tx, catalog)?;
        insert(&tx, catalog, &card, image_id, position)?;
        catalogs::touch(&tx, catalog)?;
        tx.commit()?;
        Ok(())
    }

    /// Replaces the card whose id is `id` with `card` (which may change the id
    /// and the name: deck entries linked to the card follow). `image` as for
    /// [`Store::insert_card`].
    pub fn update_card(
        &mut self,
        catalog: CatalogId,
        id: &str,
        card: &Card,
        image: Option<&[u8]>,
    ) -> Result<()> {
        let tx = self.write_tx()?;
        let (name, game) = catalogs::head(&tx, catalog)?;
        let (row, old) = by_key(&tx, catalog, id)?.ok_or_else(|| StoreError::CardNotFound {
            catalog: name.clone(),
            card: id.to_string(),
        })?;
        check(&name, game, card)?;
        let others = keys(&tx, catalog)?;
        check_unique(
            &name,
            game,
            card,
            others
                .iter()
                .filter(|(r, _, _)| *r != row)
                .map(|(_, k, n)| (k.as_str(), n.as_str())),
        )?;
        let mut card = card.clone();
        let image_id = image_for(&tx, catalog, &name, &mut card, image)?;
        update(&tx, row, &card, image_id, None)?;
        carry_rename(&tx, row, &old, &card)?;
        images::collect_garbage(&tx)?;
        catalogs::touch(&tx, catalog)?;
        tx.commit()?;
        Ok(())
    }

    /// Removes a card. Refused while the current version of a deck uses it
    /// ([`StoreError::CardInUse`]); older versions keep such entries by name.
    pub fn delete_card(&mut self, catalog: CatalogId, id: &str) -> Result<()> {
        let tx = self.write_tx()?;
        let (name, _) = catalogs::head(&tx, catalog)?;
        let (row, card) = by_key(&tx, catalog, id)?.ok_or_else(|| StoreError::CardNotFound {
            catalog: name.clone(),
            card: id.to_string(),
        })?;
        let decks = decks_using(&tx, row)?;
        if !decks.is_empty() {
            return Err(StoreError::CardInUse {
                catalog: name,
                card: card.name,
                decks,
            });
        }
        delete(&tx, row)?;
        images::collect_garbage(&tx)?;
        catalogs::touch(&tx, catalog)?;
        tx.commit()?;
        Ok(())
    }

    /// Up to `limit` cards of a catalog whose name, id or rules text contains
    /// `query` (case-insensitive), best matches first. An empty query lists the
    /// catalog in file order.
    pub fn search_cards(&self, catalog: CatalogId, query: &str, limit: usize) -> Result<Vec<Card>> {
        catalogs::head(&self.conn, catalog)?;
        search(&self.conn, catalog, query, limit)
    }

    /// The front image of a card, if it has one.
    pub fn card_image(&self, catalog: CatalogId, id: &str) -> Result<Option<images::StoredImage>> {
        catalogs::head(&self.conn, catalog)?;
        image_row(&self.conn, catalog, id)?
            .map(|row| images::get(&self.conn, row))
            .transpose()
    }
}
