//! The Data menu in the header: export everything, import everything, back
//! up the database, restore a backup. It belongs to no screen: the shell owns
//! it and carries out what it asks ([`Outcome`]).
//!
//! Each action starts from a file dialog whose answer is a path-taking
//! message ([`Message::ExportTo`], [`Message::ImportFrom`],
//! [`Message::BackupTo`], [`Message::RestoreFrom`]) — the same messages the
//! tests send. The work runs off the UI thread and comes back as
//! [`Message::Finished`] with the banner text. A restore replaces every
//! piece of data, so it asks first; an import adds to what is stored and
//! stops, changing nothing, at the first clash (the CLI's `--replace` is the
//! way to overwrite).

use std::fmt;
use std::path::{Path, PathBuf};

use iced::widget::{button, container, pick_list, row, text};
use iced::{Element, Fill, Task, Theme};

use super::db::{Db, blocking};
use super::dialog;
use super::prefs;
use super::widget::Tone;
use super::words::count;
use crate::store::{self, ExportOptions, ImportOptions};

/// The menu's entries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Export,
    Import,
    Backup,
    Restore,
}

impl Op {
    pub const ALL: [Op; 4] = [Op::Export, Op::Import, Op::Backup, Op::Restore];

    /// What the header shows while it runs.
    fn running(self) -> &'static str {
        match self {
            Op::Export => "Exporting…",
            Op::Import => "Importing…",
            Op::Backup => "Backing up…",
            Op::Restore => "Restoring…",
        }
    }
}

impl fmt::Display for Op {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Op::Export => "Export everything…",
            Op::Import => "Import everything…",
            Op::Backup => "Back up database…",
            Op::Restore => "Restore…",
        })
    }
}

#[derive(Debug, Clone)]
pub enum Message {
    /// An entry of the menu was chosen.
    Menu(Op),
    ExportTo(PathBuf),
    ImportFrom(PathBuf),
    BackupTo(PathBuf),
    /// A backup to restore was chosen: ask first.
    RestoreFrom(PathBuf),
    ConfirmRestore,
    CancelRestore,
    DialogClosed,
    /// The work is done: the banner text, or why it failed.
    Finished(Op, Result<String, String>),
}

/// What the shell should do after a message.
#[derive(Debug)]
pub enum Outcome {
    None,
    /// Run this task; first save what the screen has not saved yet when
    /// `flush` (an export or backup then includes it, a restore keeps it in
    /// the copy of the old database).
    Run {
        task: Task<Message>,
        flush: bool,
    },
    /// Ask the user for a path (a file dialog or the in-app chooser).
    Ask(dialog::Request<Message>),
    /// Show a banner; `reload` when the data under the app changed (import,
    /// restore), so the screens and preferences are read again.
    Banner {
        tone: Tone,
        text: String,
        reload: bool,
    },
}

/// The menu's state.
#[derive(Debug)]
pub struct Data {
    db: Db,
    running: Option<Op>,
    /// The backup waiting for the user to confirm the restore.
    confirm: Option<PathBuf>,
}

/// Suggested names in the save dialogs.
const EXPORT_NAME: &str = "deckwright-export";
const BACKUP_NAME: &str = "deckwright-backup.db";

impl Data {
    pub fn new(db: Db) -> Data {
        Data {
            db,
            running: None,
            confirm: None,
        }
    }

    /// What is running, if anything.
    pub fn running(&self) -> Option<Op> {
        self.running
    }

    /// The backup a restore waits to be confirmed for.
    pub fn pending_restore(&self) -> Option<&Path> {
        self.confirm.as_deref()
    }

    pub fn update(&mut self, message: Message) -> Outcome {
        match message {
            Message::Menu(op) => self.menu(op),
            Message::ExportTo(dir) => self.export(dir),
            Message::ImportFrom(dir) => self.import(dir),
            Message::BackupTo(file) => self.backup(file),
            Message::RestoreFrom(file) => self.ask_restore(file),
            Message::ConfirmRestore => self.restore(),
            Message::CancelRestore => self.cancel_restore(),
            Message::DialogClosed => Outcome::None,
            Message::Finished(op, r) => self.finished(op, r),
        }
    }

    fn menu(&mut self, op: Op) -> Outcome {
        if self.running.is_some() {
            return Outcome::None;
        }
        let request = match op {
            Op::Export => dialog::save(
                "Export everything to a new folder",
                EXPORT_NAME.to_string(),
                &[],
                Message::ExportTo,
                Message::DialogClosed,
            ),
            Op::Import => dialog::folder(
                "Import everything from an export folder",
                Message::ImportFrom,
                Message::DialogClosed,
            ),
            Op::Backup => dialog::save(
                "Back up the database",
                BACKUP_NAME.to_string(),
                &[("Deckwright database", &["db"])],
                Message::BackupTo,
                Message::DialogClosed,
            ),
            Op::Restore => dialog::open(
                "Restore a backup",
                &[("Deckwright database", &["db", "sqlite"])],
                Message::RestoreFrom,
                Message::DialogClosed,
            ),
        };
        Outcome::Ask(request)
    }

    /// Starts `op`'s work unless something else runs. `work` builds the
    /// future when the task first runs — after the flush it is chained to —
    /// since the store's futures start their thread when built.
    fn start<F>(&mut self, op: Op, work: impl FnOnce() -> F + Send + 'static) -> Outcome
    where
        F: Future<Output = Result<String, String>> + Send + 'static,
    {
        if let Some(busy) = self.running {
            return Outcome::Banner {
                tone: Tone::Notice,
                text: format!("{} wait until it is done, then try again", busy.running()),
                reload: false,
            };
        }
        self.running = Some(op);
        Outcome::Run {
            task: Task::perform(async move { work().await }, move |r| {
                Message::Finished(op, r)
            }),
            flush: true,
        }
    }

    fn export(&mut self, dir: PathBuf) -> Outcome {
        let db = self.db.clone();
        let work = move || async move {
            db.run(move |s| {
                let n = s.export_all(&dir, ExportOptions::default())?;
                Ok(format!(
                    "Exported {}, {} ({}), {} and {} to {}",
                    count(n.catalogs, "catalog"),
                    count(n.decks, "deck"),
                    count(n.versions, "version"),
                    count(n.collections, "collection"),
                    count(n.settings, "setting"),
                    dir.display()
                ))
            })
            .await
        };
        self.start(Op::Export, work)
    }

    fn import(&mut self, dir: PathBuf) -> Outcome {
        let db = self.db.clone();
        let work = move || async move {
            db.run(move |s| {
                let n = s.import_all(
                    &dir,
                    ImportOptions {
                        replace: false,
                        remap_setting: Some(prefs::remap_ids),
                    },
                )?;
                let kept = match n.kept.len() {
                    0 => String::new(),
                    1 => " (1 catalog was already here as exported)".to_string(),
                    k => format!(" ({k} catalogs were already here as exported)"),
                };
                Ok(format!(
                    "Imported {}, {} ({}), {} and {} from {}{kept}",
                    count(n.catalogs, "catalog"),
                    count(n.decks, "deck"),
                    count(n.versions, "version"),
                    count(n.collections, "collection"),
                    count(n.settings, "setting"),
                    dir.display()
                ))
            })
            .await
        };
        self.start(Op::Import, work)
    }

    fn backup(&mut self, file: PathBuf) -> Outcome {
        let db = self.db.path().to_path_buf();
        let work = move || {
            blocking(move || {
                let bytes = store::backup_file(&db, &file).map_err(|e| e.to_string())?;
                Ok(format!(
                    "Backed up the database to {} ({} KiB)",
                    file.display(),
                    bytes.div_ceil(KIB)
                ))
            })
        };
        self.start(Op::Backup, work)
    }

    fn ask_restore(&mut self, file: PathBuf) -> Outcome {
        if self.running.is_none() {
            self.confirm = Some(file);
        }
        Outcome::None
    }

    fn cancel_restore(&mut self) -> Outcome {
        self.confirm = None;
        Outcome::None
    }

    fn restore(&mut self) -> Outcome {
        let Some(file) = self.confirm.take() else {
            return Outcome::None;
        };
        let db = self.db.path().to_path_buf();
        let work = move || {
            blocking(move || {
                let r = store::restore(&db, &file).map_err(|e| e.to_string())?;
                let kept = r
                    .previous
                    .map(|p| format!("; the database it replaced is kept as {}", p.display()))
                    .unwrap_or_default();
                Ok(format!(
                    "Restored the database from {}{kept}",
                    file.display()
                ))
            })
        };
        self.start(Op::Restore, work)
    }

    fn finished(&mut self, op: Op, r: Result<String, String>) -> Outcome {
        self.running = None;
        let changed = matches!(op, Op::Import | Op::Restore);
        match r {
            Ok(text) => Outcome::Banner {
                tone: Tone::Notice,
                text,
                reload: changed,
            },
            Err(e) => Outcome::Banner {
                tone: Tone::Error,
                text: e,
                // a failed import or restore changed nothing
                reload: false,
            },
        }
    }

    /// The menu, for the header: a pick list that acts on a choice, or what
    /// is running.
    pub fn menu_view(&self) -> Element<'_, Message> {
        match self.running {
            Some(op) => text(op.running()).into(),
            None => pick_list(Op::ALL, None::<Op>, Message::Menu)
                .placeholder("Data")
                .into(),
        }
    }

    /// The restore question, under the header, while one waits.
    pub fn confirm_view(&self) -> Option<Element<'_, Message>> {
        let file = self.confirm.as_ref()?;
        let question = text(format!(
            "Restore {}? Everything in the database is replaced by the backup; the current database is kept beside it (.before-restore).",
            file.display()
        ))
        .width(Fill);
        Some(
            container(
                row![
                    question,
                    button("Restore").on_press(Message::ConfirmRestore),
                    button("Cancel")
                        .style(button::text)
                        .on_press(Message::CancelRestore),
                ]
                .spacing(10)
                .align_y(iced::Center),
            )
            .padding([6, 12])
            .width(Fill)
            .style(|theme: &Theme| {
                let pair = theme.extended_palette().warning.weak;
                container::Style {
                    background: Some(pair.color.into()),
                    text_color: Some(pair.text),
                    ..container::Style::default()
                }
            })
            .into(),
        )
    }
}

const KIB: u64 = 1024;
