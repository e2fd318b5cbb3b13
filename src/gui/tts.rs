//! "Export to Tabletop Simulator" (issue 26, formats.md §6), shared by the
//! deck builder and the Print screen: the deck as a TTS saved object and its
//! deck sheets, written by [`crate::pnp::tts`] — the same library call the
//! `deckwright tts` command makes.
//!
//! The user picks a folder (the desktop's dialog or the app's chooser,
//! [`crate::gui::dialog::folder`]) or "Install into Tabletop Simulator"
//! (TTS's Saved Objects folder for this OS, [`tts::saved_objects_dir`], with
//! `file:///` URLs), optionally a back picture and the sideboard as a second
//! object. The export runs on a worker ([`crate::gui::job`]) with progress
//! and Cancel; the result (the files written, the cards, the sheets) stays
//! in the panel and is announced in a banner, and an error is a banner too.
//!
//! Each screen keeps one [`TtsPanel`] and hands it the deck to export with
//! every message ([`Deck`]): the panel holds no copy of the deck, so what is
//! exported is what the screen shows at that moment (the deck builder's
//! unsaved edits included).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use iced::Task;
use iced::widget::{button, column, progress_bar, row, text};
use iced::{Element, Fill};

use crate::gui::dialog;
use crate::gui::job::{self, Cancel, Runs, Update};
use crate::gui::screen::Action;
use crate::gui::widget::{choice, muted, readable, with_tip};
use crate::model::Catalog;
use crate::pnp::tts::{self, TtsOptions, TtsReport, Urls};
use crate::pnp::{Progress, Stage};
use crate::store::{CatalogId, Store};

/// The button that asks for a folder to export into.
pub const FOLDER_LABEL: &str = "To a folder...";
/// The button that exports into TTS's Saved Objects folder.
pub const INSTALL_LABEL: &str = "Install into TTS";

/// What the panel exports: a deck with its catalog, and the database that
/// keeps the catalog's pictures.
#[derive(Clone, Debug)]
pub struct Source {
    pub db: PathBuf,
    pub catalog_id: CatalogId,
    pub catalog: Arc<Catalog>,
    pub deck: crate::model::Deck,
}

/// Where the files go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Destination {
    /// A folder of the user's: URLs are the file names, to be uploaded.
    Folder(PathBuf),
    /// Tabletop Simulator's Saved Objects folder: `file:///` URLs.
    Install(PathBuf),
}

impl Destination {
    pub fn dir(&self) -> &Path {
        match self {
            Destination::Folder(d) | Destination::Install(d) => d,
        }
    }

    fn urls(&self) -> Urls {
        match self {
            Destination::Folder(_) => Urls::Relative,
            Destination::Install(_) => Urls::Files,
        }
    }
}

/// Where the export is.
#[derive(Clone, Debug)]
pub enum State {
    Idle,
    Running {
        to: Destination,
        progress: Option<Progress>,
        cancel: Cancel,
    },
    Done {
        to: Destination,
        report: TtsReport,
    },
    Cancelled,
    Failed(String),
}

/// An export's progress and result.
pub type ExportUpdate = Update<Progress, Result<TtsReport, String>>;

#[derive(Debug, Clone)]
pub enum Message {
    /// Ask for the folder to export into.
    PickFolder,
    /// Export into this folder (what the dialog answers; tests send it).
    Folder(PathBuf),
    /// Export into Tabletop Simulator's Saved Objects folder.
    Install,
    /// Ask for a back picture.
    PickBack,
    /// Use this picture for the card backs.
    Back(PathBuf),
    /// Back to the catalog's (or the game's) back.
    ClearBack,
    /// Add the sideboard as a second object.
    Sideboard(bool),
    Exporting(u64, ExportUpdate),
    Cancel,
    DialogClosed,
}

/// The export panel's state (see the module docs).
#[derive(Debug, Clone)]
pub struct TtsPanel {
    back: Option<PathBuf>,
    sideboard: bool,
    state: State,
    runs: Runs,
    /// TTS's Saved Objects folder (ours in it); `None` when this computer's
    /// home folder is unknown.
    install_dir: Option<PathBuf>,
}

impl Default for TtsPanel {
    fn default() -> TtsPanel {
        TtsPanel {
            back: None,
            sideboard: false,
            state: State::Idle,
            runs: Runs::default(),
            install_dir: tts::saved_objects_dir(),
        }
    }
}

impl TtsPanel {
    pub fn state(&self) -> &State {
        &self.state
    }

    pub fn back(&self) -> Option<&Path> {
        self.back.as_deref()
    }

    pub fn sideboard(&self) -> bool {
        self.sideboard
    }

    /// Where "Install into Tabletop Simulator" writes.
    pub fn install_dir(&self) -> Option<&Path> {
        self.install_dir.as_deref()
    }

    /// Installs into `dir` instead of TTS's own folder (the tests use a
    /// temporary one).
    pub fn set_install_dir(&mut self, dir: Option<PathBuf>) {
        self.install_dir = dir;
    }

    pub fn is_running(&self) -> bool {
        matches!(self.state, State::Running { .. })
    }

    /// Handles a message; `source` is the deck on show (`None`: no deck).
    pub fn update(&mut self, message: Message, source: Option<Source>) -> Action<Message> {
        match message {
            Message::PickFolder => self.pick_folder(),
            Message::Folder(dir) => self.start(Destination::Folder(dir), source),
            Message::Install => self.install(source),
            Message::PickBack => Action::Ask(dialog::open(
                "Choose a picture for the card backs",
                &[("PNG or JPEG image", &["png", "jpg", "jpeg"])],
                Message::Back,
                Message::DialogClosed,
            )),
            Message::Back(p) => {
                self.back = Some(p);
                Action::None
            }
            Message::ClearBack => {
                self.back = None;
                Action::None
            }
            Message::Sideboard(on) => {
                self.sideboard = on;
                Action::None
            }
            Message::Exporting(run, u) => self.exporting(run, u),
            Message::Cancel => {
                if let State::Running { cancel, .. } = &self.state {
                    cancel.cancel();
                }
                Action::None
            }
            Message::DialogClosed => Action::None,
        }
    }

    fn pick_folder(&self) -> Action<Message> {
        Action::Ask(dialog::folder(
            "Export to Tabletop Simulator: choose a folder",
            Message::Folder,
            Message::DialogClosed,
        ))
    }

    fn install(&mut self, source: Option<Source>) -> Action<Message> {
        match self.install_dir.clone() {
            Some(dir) => self.start(Destination::Install(dir), source),
            None => Action::Error(
                "Tabletop Simulator: cannot find your home folder, so not its Saved Objects folder either: export into a folder instead.".into(),
            ),
        }
    }

    fn start(&mut self, to: Destination, source: Option<Source>) -> Action<Message> {
        if self.is_running() {
            return Action::Notice("a Tabletop Simulator export is already running".into());
        }
        let Some(source) = source else {
            return Action::Error("Tabletop Simulator: choose a deck to export first.".into());
        };
        let options = TtsOptions {
            back: self.back.clone(),
            sideboard: self.sideboard,
            urls: to.urls(),
        };
        let run = self.runs.start();
        let cancel = Cancel::new();
        self.state = State::Running {
            to: to.clone(),
            progress: None,
            cancel: cancel.clone(),
        };
        let dir = to.dir().to_path_buf();
        let work = job::spawn(move |report: &(dyn Fn(Progress) + Sync)| {
            export(&source, &options, &dir, report, &cancel)
        });
        Action::Run(Task::run(work, move |u| Message::Exporting(run, u)))
    }

    fn exporting(&mut self, run: u64, u: ExportUpdate) -> Action<Message> {
        if !self.runs.is_current(run) {
            return Action::None;
        }
        let State::Running {
            to,
            progress,
            cancel,
        } = &mut self.state
        else {
            return Action::None;
        };
        let (to, cancelled) = (to.clone(), cancel.is_cancelled());
        match u {
            Update::Progress(p) => {
                *progress = Some(p);
                Action::None
            }
            Update::Done(Ok(report)) => {
                let mut action = Action::Notice(summary(&to, &report));
                for w in &report.warnings {
                    action = action.and(Action::Warning(format!("Tabletop Simulator: {w}")));
                }
                self.state = State::Done { to, report };
                action
            }
            Update::Done(Err(_)) if cancelled => {
                self.state = State::Cancelled;
                Action::None
            }
            Update::Done(Err(e)) => {
                let e = format!("Tabletop Simulator export failed: {e}");
                self.state = State::Failed(e.clone());
                Action::Error(e)
            }
        }
    }

    /// The panel: options, the two ways to export, progress or result.
    /// `enabled`: there is a deck to export.
    pub fn view(&self, enabled: bool) -> Element<'_, Message> {
        let idle = enabled && !self.is_running();
        let back: Element<'_, Message> = match &self.back {
            Some(p) => button(
                text(format!(
                    "Back: {} (x)",
                    p.file_name()
                        .map(|n| n.to_string_lossy().into_owned())
                        .unwrap_or_else(|| p.display().to_string())
                ))
                .size(12),
            )
            .style(button::text)
            .on_press(Message::ClearBack)
            .into(),
            None => button(text("Back...").size(12))
                .style(button::text)
                .on_press(Message::PickBack)
                .into(),
        };
        let mut c = column![
            row![
                text("Export to Tabletop Simulator").size(15).width(Fill),
                choice(
                    "+ sideboard",
                    self.sideboard,
                    Message::Sideboard(!self.sideboard)
                ),
            ]
            .spacing(6)
            .align_y(iced::Center),
            row![
                button(text(FOLDER_LABEL).size(13))
                    .style(button::secondary)
                    .on_press_maybe(idle.then_some(Message::PickFolder)),
                with_tip(
                    button(text(INSTALL_LABEL).size(13))
                        .style(button::secondary)
                        .on_press_maybe(
                            (idle && self.install_dir.is_some()).then_some(Message::Install)
                        ),
                    match &self.install_dir {
                        Some(d) => format!(
                            "Into Tabletop Simulator's Saved Objects ({}), with file:/// links: play it on this computer at once.",
                            d.display()
                        ),
                        None => "Your home folder is unknown, so is Tabletop Simulator's.".into(),
                    },
                ),
                back,
            ]
            .spacing(6)
            .align_y(iced::Center)
            .wrap()
            .vertical_spacing(6),
        ]
        .spacing(6);
        match &self.state {
            State::Idle => {}
            State::Running { to, progress, .. } => {
                let (fraction, stage) = match progress {
                    Some(p) => (p.fraction() as f32, stage(p)),
                    None => (0.0, "Starting...".to_string()),
                };
                c = c.push(text(format!("Exporting to {}", to.dir().display())).size(12));
                c = c.push(progress_bar(0.0..=1.0, fraction).girth(8));
                c = c.push(
                    row![
                        text(stage).size(12).style(muted).width(Fill),
                        button(text("Cancel").size(12))
                            .on_press(Message::Cancel)
                            .style(button::danger),
                    ]
                    .align_y(iced::Center),
                );
            }
            State::Done { to, report } => {
                c = c.push(
                    text("Exported to Tabletop Simulator")
                        .size(13)
                        .style(readable::success),
                );
                c = c.push(text(facts(report)).size(12));
                c = c.push(text(report.object.display().to_string()).size(12));
                // the sheets are beside the object: their names, on one line
                let names: Vec<String> = report
                    .sheets
                    .iter()
                    .filter_map(|s| s.file_name())
                    .map(|n| n.to_string_lossy().into_owned())
                    .collect();
                c = c.push(
                    text(format!("Beside it: {}", names.join(", ")))
                        .size(12)
                        .style(muted),
                );
                c = c.push(text(next_step(to)).size(12).style(muted));
            }
            State::Cancelled => {
                c = c.push(
                    text("Export cancelled: nothing was written.")
                        .size(12)
                        .style(muted),
                );
            }
            State::Failed(e) => {
                c = c.push(text(e.as_str()).size(12).style(readable::danger));
            }
        }
        c.into()
    }
}

/// The export itself, on the worker: the library's plan, the pictures the
/// database keeps, the files. `deckwright tts` makes the same three calls.
pub fn export(
    source: &Source,
    options: &TtsOptions,
    dir: &Path,
    progress: &(dyn Fn(Progress) + Sync),
    cancel: &Cancel,
) -> Result<TtsReport, String> {
    let mut plan =
        tts::tts_plan(&source.catalog, &source.deck, options).map_err(|e| e.to_string())?;
    let needed = plan.needed_images();
    if !needed.is_empty() {
        Store::open(&source.db)
            .and_then(|store| {
                store.supply_catalog_images(source.catalog_id, needed, |path, bytes| {
                    plan.supply_image(path, bytes)
                })
            })
            .map_err(|e| format!("cannot read the catalog's pictures: {e}"))?;
    }
    plan.write(dir, progress, cancel.flag())
        .map_err(|e| e.to_string())
}

/// "12 cards in 1 object on 1 sheet (419 × 585 px a card, 3 drawn from data)".
pub fn facts(report: &TtsReport) -> String {
    use crate::gui::words::count;
    format!(
        "{} in {} on {} ({} × {} px a card, {} drawn from data)",
        count(report.cards, "card"),
        count(report.piles.len(), "object"),
        count(report.sheets.len(), "sheet"),
        report.card_px.0,
        report.card_px.1,
        report.drawn_faces,
    )
}

/// What to do with the files now.
fn next_step(to: &Destination) -> &'static str {
    match to {
        Destination::Install(_) => "In Tabletop Simulator: Objects → Saved Objects → Deckwright.",
        Destination::Folder(_) => {
            "The object names its sheets by file name: upload them (e.g. with TTS's Cloud Manager) and put their URLs in, or install into Tabletop Simulator to play on this computer."
        }
    }
}

/// The banner when an export is done.
fn summary(to: &Destination, report: &TtsReport) -> String {
    format!(
        "Tabletop Simulator: wrote {} ({}). {}",
        report.object.display(),
        facts(report),
        next_step(to)
    )
}

fn stage(p: &Progress) -> String {
    match p.stage {
        Stage::Images => format!("Reading pictures: {} of {}", p.done, p.total),
        Stage::Pages => format!("Drawing sheets: {} of {}", p.done, p.total),
        Stage::Writing => "Writing the files...".into(),
        Stage::Done => "Done".into(),
    }
}
