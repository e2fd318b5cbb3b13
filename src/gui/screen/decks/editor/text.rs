//! Deck text in and out: the paste box, deck files (text, Cockatrice,
//! Forge) through dialogs or dropped files, and the clipboard. An import
//! replaces the deck as one edit, so Ctrl+Z takes it back.

use std::path::{Path, PathBuf};

use iced::Task;
use iced::widget::text_editor;

use crate::decklist::{self, Format};
use crate::gui::db::blocking;
use crate::gui::dialog;
use crate::gui::tts::{self, TtsPanel};
use crate::gui::tune::{self, TunePanel};
use crate::model::Deck;

use super::super::super::Action;
use super::{Editor, Message, PASTED, Tab, entry_card};

/// Unknown names a warning lists before it says "and N more".
const UNKNOWN_SHOWN: usize = 5;

/// "3 cards not in the catalog: X, Y, Z" (`None` when all are known).
pub fn unknown_warning(names: &[String]) -> Option<String> {
    if names.is_empty() {
        return None;
    }
    let n = names.len();
    let mut listed = names[..n.min(UNKNOWN_SHOWN)].join(", ");
    if n > UNKNOWN_SHOWN {
        listed.push_str(&format!(" and {} more", n - UNKNOWN_SHOWN));
    }
    Some(format!(
        "{n} {} not in the catalog: {listed}. {} in the deck, marked \"Not in the catalog\".",
        if n == 1 { "card is" } else { "cards are" },
        if n == 1 { "It stays" } else { "They stay" },
    ))
}

/// The key of deck `id`'s "not in the catalog" banner.
pub fn unknown_key(id: crate::store::DeckId) -> String {
    format!("unknown-cards-{id:?}")
}

/// Notes the most a banner lists before it says "and N more".
const NOTES_SHOWN: usize = 3;

/// What reading the list changed or dropped (a printing mark, an `SB:`
/// prefix), as one banner (`None` when it was read as written).
pub fn reading_notes(deck: &Deck) -> Option<String> {
    if deck.notes.is_empty() {
        return None;
    }
    let mut said: Vec<String> = deck
        .notes
        .iter()
        .take(NOTES_SHOWN)
        .map(|n| n.to_string().replace('`', "\""))
        .collect();
    if deck.notes.len() > NOTES_SHOWN {
        said.push(format!(
            "and {} more like these",
            deck.notes.len() - NOTES_SHOWN
        ));
    }
    Some(format!("Read with changes: {}.", said.join("; ")))
}

impl Editor {
    pub(super) fn set_tab(&mut self, t: Tab) -> Action<Message> {
        self.tab = t;
        // The paste box shows the deck as it is now, unless it holds text
        // the user typed or pasted and has not imported yet.
        if t == Tab::Text && !self.paste_edited {
            self.paste = text_editor::Content::with_text(&self.deck_text());
        }
        // the opponents are the game's saved decks as they are now
        if t == Tab::Tune {
            return self.tune.list(&self.db, self.info.game).map(Message::Tune);
        }
        Action::None
    }

    /// The deck as a deck list (formats.md §2), sections from the catalog.
    pub fn deck_text(&self) -> String {
        decklist::write_text(&self.deck, Some(self.index.catalog()))
    }

    pub(super) fn paste(&mut self, a: text_editor::Action) -> Action<Message> {
        self.paste_edited |= a.is_edit();
        self.paste.perform(a);
        Action::None
    }

    /// The text typed or pasted into the paste box.
    pub fn paste_text(&self) -> String {
        self.paste.text()
    }

    /// The tab on show.
    pub fn tab(&self) -> Tab {
        self.tab
    }

    /// What the user typed or pasted and has not imported yet, if anything.
    pub fn unsaved_paste(&self) -> Option<String> {
        self.paste_edited.then(|| self.paste.text())
    }

    /// Puts text the user had typed (before leaving the screen) back in the
    /// paste box, on show.
    pub fn restore_paste(&mut self, text: &str) {
        self.paste = text_editor::Content::with_text(text);
        self.paste_edited = true;
        self.tab = Tab::Text;
    }

    pub(super) fn import_text(&mut self) -> Action<Message> {
        match decklist::parse_text(&self.paste.text(), Path::new(PASTED)) {
            Ok(deck) => {
                self.text_error = None;
                self.paste_edited = false;
                self.take_imported(deck)
            }
            Err(d) => {
                self.text_error = Some(d.to_string());
                Action::None
            }
        }
    }

    pub(super) fn take_imported(&mut self, deck: Deck) -> Action<Message> {
        let n = deck.main_count();
        let notes = reading_notes(&deck);
        self.replace_entries(deck.entries);
        let imported = Action::Notice(format!(
            "Imported {n} main-board {} into \"{}\" (Ctrl+Z undoes it).",
            if n == 1 { "card" } else { "cards" },
            self.info.name
        ));
        let imported = match notes {
            Some(n) => imported.and(Action::Notice(n)),
            None => imported,
        };
        match unknown_warning(&self.unknown_names()) {
            Some(w) => imported.and(self.warn_unknown(w)),
            None => imported.and(self.unknown_banner()),
        }
    }

    /// The key of this deck's "not in the catalog" banner.
    fn unknown_key(&self) -> String {
        unknown_key(self.info.id)
    }

    /// Shows (or replaces) this deck's "not in the catalog" banner.
    pub fn warn_unknown(&mut self, text: String) -> Action<Message> {
        self.unknown_warned = Some(text.clone());
        Action::Standing {
            key: self.unknown_key(),
            tone: crate::gui::widget::Tone::Warning,
            text,
        }
    }

    /// Keeps the "not in the catalog" banner, once shown, true to the deck:
    /// its list follows the edits, and it goes when every name is known.
    pub(super) fn unknown_banner(&mut self) -> Action<Message> {
        let Some(said) = &self.unknown_warned else {
            return Action::None;
        };
        match unknown_warning(&self.unknown_names()) {
            None => {
                self.unknown_warned = None;
                Action::Withdraw(self.unknown_key())
            }
            Some(now) if now != *said => self.warn_unknown(now),
            Some(_) => Action::None,
        }
    }

    /// The names of the deck's entries the catalog has no card for, each
    /// once, in deck order.
    pub fn unknown_names(&self) -> Vec<String> {
        let catalog = self.index.catalog();
        let mut names: Vec<String> = Vec::new();
        for e in &self.deck.entries {
            if entry_card(&self.names, catalog, e).is_none() && !names.contains(&e.name) {
                names.push(e.name.clone());
            }
        }
        names
    }

    /// Asks for a deck file to import as a new deck (issue 25: importing
    /// replaced the open deck, whatever the file's game).
    pub(super) fn pick_import_file(&mut self) -> Action<Message> {
        Action::Ask(dialog::open(
            "Import a deck list as a new deck",
            &[
                ("Deck list", &["txt", "dec", "cod", "dck"]),
                ("Any file", &["*"]),
            ],
            Message::ImportNewFile,
            Message::DialogClosed,
        ))
    }

    pub(super) fn import_file(&mut self, path: PathBuf) -> Action<Message> {
        Action::Run(Task::perform(
            blocking(move || decklist::load(&path).map_err(|d| d.to_string())),
            Message::FileImported,
        ))
    }

    pub(super) fn file_imported(&mut self, r: Result<Deck, String>) -> Action<Message> {
        match r {
            Ok(deck) => {
                self.text_error = None;
                let taken = self.take_imported(deck);
                // the paste box shows the deck as imported, not an older paste
                self.paste_edited = false;
                self.paste = text_editor::Content::with_text(&self.deck_text());
                taken
            }
            Err(e) => {
                self.text_error = Some(e.clone());
                self.tab = Tab::Text;
                Action::Error(e)
            }
        }
    }

    pub(super) fn copy_text(&mut self) -> Action<Message> {
        Action::Run(iced::clipboard::write(self.deck_text()))
            .and(Action::Notice("The deck list is on the clipboard.".into()))
    }

    pub(super) fn pick_export_file(&mut self) -> Action<Message> {
        Action::Ask(dialog::save(
            "Export the deck",
            format!("{}.txt", crate::model::slug(&self.info.name)),
            &[
                ("Deck list (text)", &["txt"]),
                ("Cockatrice", &["cod"]),
                ("Forge", &["dck"]),
            ],
            Message::ExportFilePath,
            Message::DialogClosed,
        ))
    }

    pub(super) fn export_file(&mut self, path: PathBuf) -> Action<Message> {
        let mut deck = self.deck.clone();
        deck.game = Some(self.info.game);
        let text = match Format::from_path(&path) {
            Format::Text => decklist::write_text(&deck, Some(self.index.catalog())),
            Format::Cockatrice => decklist::write_cod(&deck),
            Format::Forge => decklist::write_dck(&deck),
        };
        Action::Run(Task::perform(
            crate::gui::db::write_file(path, text.into_bytes()),
            Message::Exported,
        ))
    }

    pub(super) fn exported(&mut self, r: Result<PathBuf, String>) -> Action<Message> {
        match r {
            Ok(p) => Action::Notice(format!("Exported the deck to {}", p.display())),
            Err(e) => Action::Error(e),
        }
    }

    /// The Tabletop Simulator panel (issue 26).
    pub fn tts(&self) -> &TtsPanel {
        &self.tts
    }

    pub fn tts_mut(&mut self) -> &mut TtsPanel {
        &mut self.tts
    }

    /// The Tabletop Simulator export of the deck as it is now, unsaved
    /// edits included.
    pub(super) fn tts_update(&mut self, m: tts::Message) -> Action<Message> {
        let mut deck = self.deck.clone();
        deck.name = self.info.name.clone();
        deck.game = Some(self.info.game);
        let source = tts::Source {
            db: self.db.path().to_path_buf(),
            catalog_id: self.info.catalog_id,
            catalog: self.index.catalog().clone(),
            deck,
        };
        self.tts.update(m, Some(source)).map(Message::Tts)
    }

    pub fn tune(&self) -> &TunePanel {
        &self.tune
    }

    /// The Tune panel's messages: "Save as a new version" makes the tuned
    /// list the deck (one undoable edit) and saves it at once, noted; the
    /// rest go to the panel with the deck on show.
    pub(super) fn tune_update(&mut self, m: tune::Message) -> Action<Message> {
        if let tune::Message::Save = m {
            let Some(tuned) = self.tune.tuned() else {
                return Action::None;
            };
            let entries = tune::tuned_entries(tuned);
            self.next_note = self.tune.version_note();
            self.replace_entries(entries);
            self.tune.mark_saved();
            return self.save();
        }
        let mut deck = self.deck.clone();
        deck.name = self.info.name.clone();
        deck.game = Some(self.info.game);
        let source = tune::Source {
            db: self.db.path().to_path_buf(),
            catalog_id: self.info.catalog_id,
            catalog: self.index.catalog().clone(),
            deck,
            check: crate::rules::CheckOptions {
                mode: self.mode,
                players: self.players,
                overrides: Vec::new(),
            },
        };
        self.tune.update(m, source).map(Message::Tune)
    }
}

#[cfg(test)]
mod tests {
    use super::unknown_warning;

    #[test]
    fn unknown_cards_are_named_in_the_warning() {
        assert_eq!(unknown_warning(&[]), None);
        let one = unknown_warning(&["Zap".into()]).unwrap();
        assert!(
            one.starts_with("1 card is not in the catalog: Zap."),
            "{one}"
        );
        let many: Vec<String> = (1..=7).map(|i| format!("C{i}")).collect();
        assert_eq!(
            unknown_warning(&many).unwrap(),
            "7 cards are not in the catalog: C1, C2, C3, C4, C5 and 2 more. They stay in the deck, marked \"Not in the catalog\"."
        );
    }
}
