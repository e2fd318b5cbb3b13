//! The version history: every save is a version; one can be compared with
//! the current version and restored (as a new version, so nothing is lost).

use iced::Task;

use crate::model::Deck;
use crate::store::{DeckDiffLine, DeckVersion};

use super::super::super::Action;
use super::{Editor, Message};

impl Editor {
    pub(super) fn load_versions(&self) -> Action<Message> {
        let id = self.info.id;
        Action::Run(Task::perform(
            self.db.run(move |s| s.deck_versions(id)),
            Message::Versions,
        ))
    }

    pub(super) fn versions_loaded(
        &mut self,
        r: Result<Vec<DeckVersion>, String>,
    ) -> Action<Message> {
        match r {
            Ok(v) => {
                self.versions = v;
                Action::None
            }
            Err(e) => Action::Error(e),
        }
    }

    pub(super) fn show_version(&mut self, v: u32) -> Action<Message> {
        let (id, current) = (self.info.id, self.info.version);
        Action::Run(Task::perform(
            self.db
                .run(move |s| Ok((v, s.diff_versions(id, v, current)?))),
            Message::Diffed,
        ))
    }

    pub(super) fn diffed(
        &mut self,
        r: Result<(u32, Vec<DeckDiffLine>), String>,
    ) -> Action<Message> {
        match r {
            Ok(d) => {
                self.shown = Some(d);
                Action::None
            }
            Err(e) => Action::Error(e),
        }
    }

    /// Makes version `v` current: what is unsaved is saved first (so it is
    /// kept as a version too), then the store copies `v` as a new version.
    pub(super) fn restore(&mut self, v: u32) -> Action<Message> {
        let id = self.info.id;
        let pending = self.is_dirty().then(|| self.deck.clone());
        let edits = self.edits;
        self.saving = Some(edits);
        Action::Run(Task::perform(
            self.db.run(move |s| {
                if let Some(deck) = &pending {
                    s.save_deck(id, deck, None)?;
                }
                let current = s.restore_version(id, v)?;
                Ok((current, s.load_deck(id)?))
            }),
            Message::Restored,
        ))
    }

    pub(super) fn restored(&mut self, r: Result<(u32, Deck), String>) -> Action<Message> {
        let edits = self.saving.take().unwrap_or(self.edits);
        match r {
            Ok((version, deck)) => {
                self.replace_entries(deck.entries);
                // The store has this state: it is not an unsaved edit.
                self.saved_edits = self.edits.max(edits);
                self.info.version = version;
                self.info.main_count = self.deck.main_count();
                self.shown = None;
                self.load_versions()
                    .and(Action::Notice(format!("Restored as version {version}.")))
            }
            Err(e) => Action::Error(e),
        }
    }
}
