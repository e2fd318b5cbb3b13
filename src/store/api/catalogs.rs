//! Stored catalogs: [`Store`] methods that import, replace, list, find, load,
//! export and delete them (SQL in [`crate::store`]'s `catalogs`).

use std::path::Path;

use crate::model::Catalog;
use crate::store::catalogs::*;
use crate::store::{CatalogId, CatalogInfo, Result, Store, StoreError, cards, images};

impl Store {
    /// Imports a catalog, reading each image (`image`, `back`) from disk with
    /// [`Catalog::resolve_path`]. Refuses a name already stored
    /// ([`StoreError::CatalogExists`]); see [`Store::replace_catalog`]. All or
    /// nothing: an unreadable image or a bad card leaves the database unchanged,
    /// and the error names the card.
    pub fn import_catalog(&mut self, catalog: &Catalog) -> Result<CatalogId> {
        self.write_catalog(catalog, &|p| read_image(catalog, p), false)
    }

    /// [`Store::import_catalog`] with image bytes from `images` (path as the
    /// catalog writes it → bytes; `None` is an error naming the card).
    pub fn import_catalog_with_images(
        &mut self,
        catalog: &Catalog,
        images: &dyn Fn(&str) -> Option<Vec<u8>>,
    ) -> Result<CatalogId> {
        self.write_catalog(catalog, &|p| images(p).ok_or_else(not_provided), false)
    }

    /// Imports a catalog, or updates the stored catalog of the same name in
    /// place: cards are matched by id and keep their rows (so decks and the
    /// collection stay attached), new cards are added, cards no longer in the
    /// file are removed (deck entries keep their text; their collection counts
    /// go). The game must be the same ([`StoreError::GameMismatch`]).
    pub fn replace_catalog(&mut self, catalog: &Catalog) -> Result<CatalogId> {
        self.write_catalog(catalog, &|p| read_image(catalog, p), true)
    }

    /// [`Store::replace_catalog`] with image bytes from `images`.
    pub fn replace_catalog_with_images(
        &mut self,
        catalog: &Catalog,
        images: &dyn Fn(&str) -> Option<Vec<u8>>,
    ) -> Result<CatalogId> {
        self.write_catalog(catalog, &|p| images(p).ok_or_else(not_provided), true)
    }

    fn write_catalog(
        &mut self,
        catalog: &Catalog,
        source: ImageSource<'_>,
        replace: bool,
    ) -> Result<CatalogId> {
        let tx = self.write_tx()?;
        let id = write(&tx, catalog, source, replace)?;
        tx.commit()?;
        Ok(id)
    }

    /// Every stored catalog, by game then name.
    pub fn catalogs(&self) -> Result<Vec<CatalogInfo>> {
        list(&self.conn)
    }

    /// One catalog's list entry.
    pub fn catalog_info(&self, id: CatalogId) -> Result<CatalogInfo> {
        info(&self.conn, id)
    }

    /// A catalog by numeric id (`"3"`) or name (case-insensitive); the error
    /// lists the stored names.
    pub fn find_catalog(&self, name_or_id: &str) -> Result<CatalogInfo> {
        find(&self.conn, name_or_id)
    }

    /// A stored catalog, cards in file order, equal to what was imported
    /// (`base_dir` is `None`: images come from [`Store::card_image`] /
    /// [`Store::catalog_image`], or [`Store::export_catalog`]).
    pub fn load_catalog(&self, id: CatalogId) -> Result<Catalog> {
        load(&*self.read_tx()?, id)
    }

    /// The image a catalog stores under a path it writes (a card's `image` or
    /// its `back`).
    pub fn catalog_image(&self, id: CatalogId, path: &str) -> Result<Option<images::StoredImage>> {
        head(&self.conn, id)?;
        cards::image_by_path(&self.conn, id, path)?
            .map(|row| images::get(&self.conn, row))
            .transpose()
    }

    /// Hands the stored pictures among `paths` (as the catalog writes
    /// them) to `supply`: what an export's plan asks for
    /// (`needed_images` / `supply_image` of the PDF and TTS exports). The
    /// pictures the database does not have are left out; the plan draws
    /// those cards' faces from their data. One loader for the CLI's `pdf`
    /// and `tts` and the app's Print and Tabletop Simulator exports.
    pub fn supply_catalog_images(
        &self,
        id: CatalogId,
        paths: Vec<String>,
        mut supply: impl FnMut(&str, Vec<u8>),
    ) -> Result<()> {
        for path in paths {
            if let Some(img) = self.catalog_image(id, &path)? {
                supply(&path, img.bytes);
            }
        }
        Ok(())
    }

    /// Writes a stored catalog to `toml_path` and its images to
    /// `<stem>-images/` beside it, so that loading the file gives the same
    /// catalog with the same image bytes (image paths point at the new files).
    pub fn export_catalog(&self, id: CatalogId, toml_path: &Path) -> Result<()> {
        export(&*self.read_tx()?, id, toml_path).map(drop)
    }

    /// Deletes a catalog with its cards and collection counts. Refused while
    /// decks use it ([`StoreError::CatalogInUse`]).
    pub fn delete_catalog(&mut self, id: CatalogId) -> Result<()> {
        let tx = self.write_tx()?;
        let (name, _) = head(&tx, id)?;
        let decks = decks_of(&tx, id)?;
        if !decks.is_empty() {
            return Err(StoreError::CatalogInUse {
                catalog: name,
                decks,
            });
        }
        tx.execute("DELETE FROM catalogs WHERE id = ?1", [id])?;
        images::collect_garbage(&tx)?;
        tx.commit()?;
        Ok(())
    }
}

fn not_provided() -> String {
    "no image was provided for this path".to_string()
}

/// Reads an image a catalog file refers to, relative to the catalog's folder.
fn read_image(catalog: &Catalog, path: &str) -> std::result::Result<Vec<u8>, String> {
    let full = catalog.resolve_path(path);
    crate::pnp::images::read(&full).map_err(|e| match e {
        crate::pnp::images::ImageError::Read { reason, .. } => {
            format!("{reason} ({})", full.display())
        }
        other => other.to_string(),
    })
}
