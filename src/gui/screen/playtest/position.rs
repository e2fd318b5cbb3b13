//! Positions on the Playtest table (issue 23): "Save position…" writes the
//! table as it is as a scenario file (`schema/scenario.md`), "Set up a
//! position…" opens one — written by hand, or saved from a real game — and
//! puts it on the table, both seats played by hand, so a tricky moment can
//! be replayed and tried another way. The CLI's `deckwright scenario run`
//! reads the same files.

use std::path::PathBuf;
use std::sync::Arc;

use iced::Task;

use crate::engine::core::Viewer;
use crate::engine::session::Session;
use crate::gui::dialog;
use crate::model::Catalog;

use super::super::Action;
use super::{Message, Playtest};

/// A position opened from a file: where it came from and its catalog.
#[derive(Debug, Clone)]
pub struct Opened {
    pub file: PathBuf,
    pub catalog: Arc<Catalog>,
    /// The catalog as the file names it (written back when it is saved).
    pub catalog_name: String,
}

/// The file filter of scenario files.
const FILTER: dialog::Filter<'static> = ("Scenario", &["toml"]);

impl Playtest {
    pub(super) fn ask_position_file(&mut self) -> Action<Message> {
        Action::Ask(dialog::open(
            "Set up a position",
            &[FILTER],
            Message::OpenPosition,
            Message::DialogClosed,
        ))
    }

    pub(super) fn ask_save_position(&mut self) -> Action<Message> {
        if self.session.is_none() {
            return Action::Notice("deal a hand or set up a position first".into());
        }
        let name = match (&self.position, &self.current) {
            (Some(p), _) => p
                .file
                .file_name()
                .map_or("position.toml".into(), |n| n.to_string_lossy().into_owned()),
            (None, Some(c)) => format!("{}-position.toml", crate::model::slug(&c.info.name)),
            _ => "position.toml".into(),
        };
        Action::Ask(dialog::save(
            "Save the position",
            name,
            &[FILTER],
            Message::SavePosition,
            Message::DialogClosed,
        ))
    }

    /// The table as a scenario file: the catalog by its file (a position
    /// opened from one) or by its stored name.
    pub fn position_text(&self) -> Option<String> {
        let s = self.session.as_ref()?;
        let catalog = match (&self.position, &self.current) {
            (Some(p), _) => PathBuf::from(&p.catalog_name),
            (None, Some(c)) => PathBuf::from(&c.catalog.name),
            _ => return None,
        };
        Some(crate::scenario::write(
            &s.view(Viewer::All),
            &catalog,
            s.seed(),
        ))
    }

    pub(super) fn save_position(&mut self, path: PathBuf) -> Action<Message> {
        let Some(text) = self.position_text() else {
            return Action::None;
        };
        // a position opened from a file keeps its catalog where it is
        let text = match &self.position {
            Some(p) => crate::scenario::relocated(text, &p.file, &p.catalog_name, &path),
            None => text,
        };
        Action::Run(Task::perform(
            crate::gui::db::write_file(path, text.into_bytes()),
            Message::PositionSaved,
        ))
    }

    pub(super) fn position_saved(&mut self, r: Result<PathBuf, String>) -> Action<Message> {
        match r {
            Ok(p) => Action::Notice(format!("Saved the position to {}", p.display())),
            Err(e) => Action::Error(e),
        }
    }

    /// Reads the scenario, its catalog (the file beside it, else the stored
    /// catalog of that name) and sets the position up, off the UI thread.
    pub(super) fn open_position(&mut self, path: PathBuf) -> Action<Message> {
        Action::Run(Task::perform(
            self.db.run_with(move |store| {
                let sc = crate::scenario::load(&path).map_err(|d| d.to_string())?;
                let catalog = crate::scenario::catalog_of(
                    &sc,
                    |c| c,
                    |name| {
                        let info = store.find_catalog(name).ok()?;
                        Some(store.load_catalog(info.id).map_err(|e| e.to_string()))
                    },
                )?;
                let session = crate::scenario::session(&sc, &catalog).map_err(|d| d.to_string())?;
                Ok((
                    Opened {
                        file: path,
                        catalog: Arc::new(catalog),
                        catalog_name: sc.catalog_name,
                    },
                    Box::new(session),
                ))
            }),
            Message::PositionOpened,
        ))
    }

    pub(super) fn position_opened(
        &mut self,
        r: Result<(Opened, Box<Session>), String>,
    ) -> Action<Message> {
        match r {
            Ok((opened, session)) => {
                let note = format!("Set up the position from {}", opened.file.display());
                self.stop();
                self.position = Some(Box::new(opened));
                self.session = Some(*session);
                self.seed_text = self.session.as_ref().map_or(0, |s| s.seed()).to_string();
                self.new_table();
                Action::Notice(note)
            }
            Err(e) => Action::Error(e),
        }
    }

    /// Leaves the position: the table returns to the chosen deck.
    pub(super) fn close_position(&mut self) -> Action<Message> {
        self.position = None;
        self.session = None;
        self.new_table();
        Action::None
    }

    /// The position on the table, when one was opened from a file.
    pub fn position(&self) -> Option<&Opened> {
        self.position.as_deref()
    }

    /// The catalog the table's cards come from: the position's, else the
    /// chosen deck's.
    pub fn table_catalog(&self) -> Option<&Catalog> {
        match &self.position {
            Some(p) => Some(&p.catalog),
            None => self.current.as_ref().map(|c| c.catalog.as_ref()),
        }
    }
}
