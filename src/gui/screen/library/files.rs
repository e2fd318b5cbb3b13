//! The Library's files: images attached to cards, catalogs imported from
//! and exported to TOML. Each starts from a file dialog or a path (a dropped
//! file, or the tests) and runs in a task.

use std::path::PathBuf;

use iced::Task;

use crate::catalog;
use crate::gui::dialog;
use crate::gui::words;
use crate::store::StoreError;

use super::super::Action;
use super::{Confirm, Imported, Library, Message};

impl Library {
    pub(super) fn pick_image(&mut self) -> Action<Message> {
        if self.selected().is_none() {
            return Action::Notice("select a card to attach an image to".into());
        }
        Action::Ask(dialog::open(
            "Card image",
            &[("PNG or JPEG image", &["png", "jpg", "jpeg"])],
            Message::AttachImageFile,
            Message::DialogClosed,
        ))
    }

    pub(super) fn attach_image(&mut self, path: PathBuf) -> Action<Message> {
        let (Some(c), Some(card)) = (&self.current, self.selected()) else {
            return Action::Notice("select a card to attach an image to".into());
        };
        let catalog = c.info.id;
        let mut card = card.clone();
        let id = card.id.clone();
        Action::Run(Task::perform(
            self.db.run_with(move |s| {
                let bytes = crate::pnp::images::read(&path).map_err(|e| match e {
                    crate::pnp::images::ImageError::Format { path } => {
                        format!("{}: not a PNG or JPEG image", path.display())
                    }
                    other => other.to_string(),
                })?;
                if !is_png_or_jpeg(&bytes) {
                    return Err(format!("{}: not a PNG or JPEG image", path.display()));
                }
                // The stored name follows the new bytes' format (`<id>.png|jpg`).
                card.image = None;
                s.update_card(catalog, &id, &card, Some(&bytes))
                    .map_err(|e| e.to_string())?;
                Ok(id)
            }),
            Message::ImageAttached,
        ))
    }

    pub(super) fn image_attached(&mut self, r: Result<String, String>) -> Action<Message> {
        match r {
            Ok(id) => {
                self.image = None;
                self.selected = Some(id);
                self.reload()
            }
            Err(e) => Action::Error(e),
        }
    }

    pub(super) fn pick_catalog_file(&mut self) -> Action<Message> {
        Action::Ask(dialog::open(
            "Import a catalog",
            &[("Catalog (TOML)", &["toml"])],
            Message::ImportCatalogFile,
            Message::DialogClosed,
        ))
    }

    pub(super) fn import_catalog(&mut self, path: PathBuf, replace: bool) -> Action<Message> {
        Action::Run(Task::perform(
            self.db.run_with(move |s| {
                let loaded = catalog::load_checked(&path).map_err(|d| d.to_string())?;
                let warnings = catalog::lint(&loaded.catalog, &loaded.card_lines).len();
                let name = loaded.catalog.name.clone();
                let cards = loaded.catalog.cards.len();
                let stored = if replace {
                    s.replace_catalog(&loaded.catalog)
                } else {
                    s.import_catalog(&loaded.catalog)
                };
                match stored {
                    Ok(id) => Ok(Imported::Added {
                        id,
                        name,
                        cards,
                        warnings,
                    }),
                    Err(StoreError::CatalogExists { name }) => Ok(Imported::Exists { path, name }),
                    Err(e) => Err(e.to_string()),
                }
            }),
            Message::CatalogImported,
        ))
    }

    pub(super) fn catalog_imported(&mut self, r: Result<Imported, String>) -> Action<Message> {
        match r {
            Ok(Imported::Added {
                id,
                name,
                cards,
                warnings,
            }) => {
                self.game = None;
                let notice = match warnings {
                    0 => format!("Imported \"{name}\": {}.", words::count(cards, "card")),
                    n => format!(
                        "Imported \"{name}\": {}, {n} outside the rulebook's published ranges (see `deckwright catalog lint`).",
                        words::count(cards, "card")
                    ),
                };
                Action::Run(self.load_catalogs(Some(id))).and(Action::Notice(notice))
            }
            Ok(Imported::Exists { path, name }) => {
                self.confirm = Some(Confirm::ReplaceCatalog { path, name });
                Action::None
            }
            Err(e) => Action::Error(e),
        }
    }

    pub(super) fn pick_export_file(&mut self) -> Action<Message> {
        let Some(c) = &self.current else {
            return Action::Notice("pick a catalog to export".into());
        };
        let file = format!("{}.toml", crate::model::slug(&c.info.name));
        Action::Ask(dialog::save(
            "Export the catalog",
            file,
            &[("Catalog (TOML)", &["toml"])],
            Message::ExportCatalogFile,
            Message::DialogClosed,
        ))
    }

    pub(super) fn export_catalog(&mut self, path: PathBuf) -> Action<Message> {
        let Some(c) = &self.current else {
            return Action::None;
        };
        let id = c.info.id;
        Action::Run(Task::perform(
            self.db.run(move |s| {
                s.export_catalog(id, &path)?;
                Ok(path)
            }),
            Message::CatalogExported,
        ))
    }

    pub(super) fn catalog_exported(&mut self, r: Result<PathBuf, String>) -> Action<Message> {
        match r {
            Ok(path) => Action::Notice(format!("Exported the catalog to {}", path.display())),
            Err(e) => Action::Error(e),
        }
    }
}

fn is_png_or_jpeg(bytes: &[u8]) -> bool {
    bytes.starts_with(b"\x89PNG\r\n\x1a\n") || bytes.starts_with(&[0xff, 0xd8, 0xff])
}
