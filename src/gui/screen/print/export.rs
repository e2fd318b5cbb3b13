//! The Print screen's long work: the export itself on a worker thread with
//! progress and Cancel, opening the finished file in the system's viewer,
//! and the printer calibration sheet.

use std::path::{Path, PathBuf};

use iced::Task;

use crate::gui::db::blocking;
use crate::gui::dialog;
use crate::gui::job::{self, Cancel, Update};
use crate::gui::tts::{self, TtsPanel};
use crate::pnp::{self, Progress};

use super::super::Action;
use super::{ExportState, ExportUpdate, Message, Print, prepare};

impl Print {
    pub(super) fn pick_export(&mut self) -> Action<Message> {
        let Some(s) = &self.source else {
            return Action::None;
        };
        Action::Ask(dialog::save(
            "Export a print-and-play PDF",
            format!("{}.pdf", crate::model::slug(&s.info.name)),
            &[("PDF", &["pdf"])],
            Message::ExportTo,
            Message::DialogClosed,
        ))
    }

    pub(super) fn export_to(&mut self, path: PathBuf) -> Action<Message> {
        if matches!(self.export, ExportState::Running { .. }) {
            return Action::Notice("an export is already running".into());
        }
        let (source, opts) = match (&self.source, self.options()) {
            (Some(s), Ok(o)) => (s.clone(), o),
            (_, Err(e)) => return Action::Error(e),
            (None, Ok(_)) => return Action::None,
        };
        let run = self.exports.start();
        let cancel = Cancel::new();
        self.open_problem = None;
        self.export = ExportState::Running {
            path: path.clone(),
            progress: None,
            cancel: cancel.clone(),
        };
        let db = self.db.path().to_path_buf();
        let work = job::spawn(move |report: &(dyn Fn(Progress) + Sync)| {
            let plan = prepare(&db, &source, &opts)?;
            plan.export_to(&path, report, cancel.flag())
                .map_err(|e| e.to_string())
        });
        Action::Run(Task::run(work, move |u| Message::Exporting(run, u)))
    }

    pub(super) fn exporting(&mut self, run: u64, u: ExportUpdate) -> Action<Message> {
        if !self.exports.is_current(run) {
            return Action::None;
        }
        let ExportState::Running {
            path,
            progress,
            cancel,
        } = &mut self.export
        else {
            return Action::None;
        };
        let (path, cancelled) = (path.clone(), cancel.is_cancelled());
        match u {
            Update::Progress(p) => {
                *progress = Some(p);
                Action::None
            }
            Update::Done(Ok(report)) => {
                let warnings: Vec<Action<Message>> = report
                    .warnings
                    .iter()
                    .map(|w| Action::Notice(format!("Print: {w}")))
                    .collect();
                self.export = ExportState::Done { path, report };
                warnings.into_iter().fold(Action::None, Action::and)
            }
            Update::Done(Err(_)) if cancelled => {
                self.export = ExportState::Cancelled;
                Action::None
            }
            Update::Done(Err(e)) => {
                self.export = ExportState::Failed(e.clone());
                Action::Error(e)
            }
        }
    }

    pub(super) fn cancel(&mut self) -> Action<Message> {
        if let ExportState::Running { cancel, .. } = &self.export {
            cancel.cancel();
        }
        Action::None
    }

    // ---- Tabletop Simulator (issue 26) ----

    /// The Tabletop Simulator panel.
    pub fn tts(&self) -> &TtsPanel {
        &self.tts
    }

    pub fn tts_mut(&mut self) -> &mut TtsPanel {
        &mut self.tts
    }

    /// The deck on show, for the panel: all of it, whatever cards and
    /// copies the PDF options select (a TTS deck is the deck as played).
    pub(super) fn tts_update(&mut self, m: tts::Message) -> Action<Message> {
        let source = self.source.as_ref().map(|s| tts::Source {
            db: self.db.path().to_path_buf(),
            catalog_id: s.info.catalog_id,
            catalog: s.catalog.clone(),
            deck: s.deck.clone(),
        });
        self.tts.update(m, source).map(Message::Tts)
    }

    // ---- calibration ----

    pub(super) fn pick_calibration(&mut self) -> Action<Message> {
        Action::Ask(dialog::save(
            "Save the printer calibration sheet",
            format!("calibration-{}.pdf", self.settings.paper.as_str()),
            &[("PDF", &["pdf"])],
            Message::CalibrationTo,
            Message::DialogClosed,
        ))
    }

    pub(super) fn write_calibration(&mut self, path: PathBuf) -> Action<Message> {
        let paper = self.settings.paper;
        Action::Run(Task::perform(
            blocking(move || {
                let pdf = pnp::calibration_sheet(paper).map_err(|e| e.to_string())?;
                crate::files::write_replacing(&path, &pdf)
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
                Ok(path)
            }),
            Message::CalibrationWritten,
        ))
    }
}

impl Print {
    // ---- print and cut (issue 26) ----

    pub(super) fn pick_cut_file(&mut self) -> Action<Message> {
        let Some(s) = &self.source else {
            return Action::None;
        };
        Action::Ask(dialog::save(
            "Save the cut lines (SVG or DXF)",
            format!("{}-cut.svg", crate::model::slug(&s.info.name)),
            &[("SVG", &["svg"]), ("DXF", &["dxf"])],
            Message::CutFileTo,
            Message::DialogClosed,
        ))
    }

    /// Writes the cut lines of the export as chosen now (one file per
    /// sheet, [`pnp::cutfile`]), off the UI thread.
    pub(super) fn write_cut_file(&mut self, path: PathBuf) -> Action<Message> {
        let (source, opts) = match (&self.source, self.options()) {
            (Some(s), Ok(o)) => (s.clone(), o),
            (_, Err(e)) => return Action::Error(e),
            (None, Ok(_)) => return Action::None,
        };
        let db = self.db.path().to_path_buf();
        Action::Run(Task::perform(
            blocking(move || {
                let plan = prepare(&db, &source, &opts)?;
                let radius = pnp::corner_radius(&source.catalog, &opts);
                plan.write_cut_files(&path, radius)
                    .map_err(|e| e.to_string())
            }),
            Message::CutFileWritten,
        ))
    }

    pub(super) fn pick_cutter_calibration(&mut self) -> Action<Message> {
        let machine = self.settings.cut_marks;
        if machine == pnp::CutMarks::None {
            return Action::Notice("choose a cutting machine first".into());
        }
        Action::Ask(dialog::save(
            "Save the cutter calibration sheet",
            format!("cutter-{machine}-{}.pdf", self.settings.paper.as_str()),
            &[("PDF", &["pdf"])],
            Message::CutterCalibrationTo,
            Message::DialogClosed,
        ))
    }

    /// The cutter calibration sheet at `path`, its cut line beside it as
    /// `<name>-cut.svg`.
    pub(super) fn write_cutter_calibration(&mut self, path: PathBuf) -> Action<Message> {
        let (paper, machine) = (self.settings.paper, self.settings.cut_marks);
        Action::Run(Task::perform(
            blocking(move || {
                let (pdf, cut) =
                    pnp::calibration::cutter_sheet(paper, machine).map_err(|e| e.to_string())?;
                let stem = path
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default();
                let svg = path.with_file_name(format!("{stem}-cut.svg"));
                crate::files::write_replacing(&path, &pdf)
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
                crate::files::write_replacing(&svg, pnp::cutfile::svg(&cut).as_bytes())
                    .map_err(|e| format!("cannot write {}: {e}", svg.display()))?;
                Ok((path, svg))
            }),
            Message::CutterCalibrationWritten,
        ))
    }
}

pub(super) fn cut_file_written(r: Result<Vec<PathBuf>, String>) -> Action<Message> {
    match r {
        Ok(files) => {
            let first = files
                .first()
                .map(|p| p.display().to_string())
                .unwrap_or_default();
            Action::Notice(match files.len() {
                1 => format!("Cut lines saved to {first}: open it in the cutter's software."),
                n => format!(
                    "Cut lines saved to {first} and {} more, one file a sheet: open each with its printed page.",
                    n - 1
                ),
            })
        }
        Err(e) => Action::Error(e),
    }
}

pub(super) fn cutter_calibration_written(r: Result<(PathBuf, PathBuf), String>) -> Action<Message> {
    match r {
        Ok((pdf, svg)) => Action::Notice(format!(
            "Cutter calibration sheet saved to {} with its cut line {}: print at 100%, cut, and measure the 80 × 50 mm piece and the 2 mm guides.",
            pdf.display(),
            svg.display()
        )),
        Err(e) => Action::Error(e),
    }
}

pub(super) fn calibration_written(r: Result<PathBuf, String>) -> Action<Message> {
    match r {
        Ok(p) => Action::Notice(format!(
            "Calibration sheet saved to {}: print it double-sided at 100%, read the offsets off its scales and type them in as dx and dy.",
            p.display()
        )),
        Err(e) => Action::Error(e),
    }
}

/// Opens a file with `opener`, off the UI thread.
pub(super) fn open(opener: Opener, path: PathBuf) -> Action<Message> {
    Action::Run(Task::perform(
        async move {
            blocking(move || Ok(opener.open(&path)))
                .await
                .unwrap_or_else(|e| {
                    Err(OpenError::Spawn {
                        program: "the viewer".into(),
                        reason: e,
                    })
                })
        },
        Message::Opened,
    ))
}

/// The program that hands a finished file to the desktop's viewer:
/// `xdg-open` (Linux), `open` (macOS), `cmd /C start` (Windows), or the
/// command in [`Opener::ENV`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opener {
    pub program: String,
    pub args: Vec<String>,
}

/// `xdg-open`'s exit code for "a required tool could not be found": it is
/// installed, but no application on the desktop opens this kind of file.
const XDG_OPEN_NO_TOOL: i32 = 3;

impl Opener {
    /// The environment variable naming another program to open files with
    /// (`DECKWRIGHT_OPENER=evince`).
    pub const ENV: &'static str = "DECKWRIGHT_OPENER";

    /// The desktop's opener, or the one [`Opener::ENV`] names.
    pub fn system() -> Opener {
        if let Ok(p) = std::env::var(Opener::ENV)
            && !p.trim().is_empty()
        {
            return Opener::program(p.trim());
        }
        if cfg!(target_os = "macos") {
            Opener::program("open")
        } else if cfg!(windows) {
            Opener {
                program: "cmd".into(),
                args: vec!["/C".into(), "start".into(), String::new()],
            }
        } else {
            Opener::program("xdg-open")
        }
    }

    /// Opening files with `program` and no other arguments.
    pub fn program(program: impl Into<String>) -> Opener {
        Opener {
            program: program.into(),
            args: Vec::new(),
        }
    }

    /// The program's name without its folder.
    fn name(&self) -> String {
        Path::new(&self.program).file_name().map_or_else(
            || self.program.clone(),
            |n| n.to_string_lossy().into_owned(),
        )
    }

    /// Hands `path` to the viewer; says what went wrong, in the user's words.
    pub fn open(&self, path: &Path) -> Result<(), OpenError> {
        if !path.is_file() {
            return Err(OpenError::Missing(path.to_path_buf()));
        }
        let status = std::process::Command::new(&self.program)
            .args(&self.args)
            .arg(path)
            .stdin(std::process::Stdio::null())
            .status()
            .map_err(|e| match e.kind() {
                std::io::ErrorKind::NotFound => OpenError::NoViewer {
                    why: format!("{} is not installed", self.name()),
                    path: path.to_path_buf(),
                },
                _ => OpenError::Spawn {
                    program: self.program.clone(),
                    reason: e.to_string(),
                },
            })?;
        match status.code() {
            Some(0) => Ok(()),
            Some(XDG_OPEN_NO_TOOL) if self.name() == "xdg-open" => Err(OpenError::NoViewer {
                why: "xdg-open found no application for PDF files".into(),
                path: path.to_path_buf(),
            }),
            _ => Err(OpenError::Failed {
                program: self.program.clone(),
                status: status.to_string(),
                path: path.to_path_buf(),
            }),
        }
    }
}

/// Why a finished file could not be opened.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OpenError {
    /// The file is gone (moved or deleted since the export).
    #[error("The exported file is no longer at {}: export it again.", .0.display())]
    Missing(PathBuf),
    /// The file is there; nothing can show it.
    #[error("No PDF viewer found ({why}). The file is saved at: {}", path.display())]
    NoViewer { why: String, path: PathBuf },
    #[error("The viewer ({program}) could not open the file: it {status}. The file is saved at: {}", path.display())]
    Failed {
        program: String,
        status: String,
        path: PathBuf,
    },
    #[error("cannot start {program}: {reason}")]
    Spawn { program: String, reason: String },
}

impl OpenError {
    /// The saved file the user can still reach (to copy its path).
    pub fn saved_file(&self) -> Option<&Path> {
        match self {
            OpenError::NoViewer { path, .. } | OpenError::Failed { path, .. } => Some(path),
            OpenError::Missing(_) | OpenError::Spawn { .. } => None,
        }
    }
}

/// Hands a file to the desktop's default application.
pub fn open_in_viewer(path: &Path) -> Result<(), String> {
    Opener::system().open(path).map_err(|e| e.to_string())
}

/// Copies a path to the clipboard.
pub(super) fn copy_path(path: PathBuf) -> Action<Message> {
    Action::Run(iced::clipboard::write(path.display().to_string())).and(Action::Notice(format!(
        "Copied {} to the clipboard.",
        path.display()
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_viewer_is_not_a_missing_file() {
        let dir = tempfile::tempdir().unwrap();
        let pdf = dir.path().join("deck.pdf");
        let none = Opener::program("deckwright-no-such-viewer");
        assert_eq!(none.open(&pdf), Err(OpenError::Missing(pdf.clone())));
        std::fs::write(&pdf, b"%PDF-1.7").unwrap();
        let e = none.open(&pdf).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!(
                "No PDF viewer found (deckwright-no-such-viewer is not installed). The file is saved at: {}",
                pdf.display()
            )
        );
        assert_eq!(e.saved_file(), Some(pdf.as_path()));
        assert_eq!(OpenError::Missing(pdf.clone()).saved_file(), None);
    }

    #[cfg(unix)]
    #[test]
    fn a_viewer_that_fails_says_so_and_one_that_works_is_quiet() {
        let dir = tempfile::tempdir().unwrap();
        let pdf = dir.path().join("deck.pdf");
        std::fs::write(&pdf, b"%PDF-1.7").unwrap();
        assert_eq!(Opener::program("true").open(&pdf), Ok(()));
        let e = Opener::program("false").open(&pdf).unwrap_err();
        assert!(matches!(e, OpenError::Failed { .. }), "{e:?}");
        assert!(e.to_string().contains("The file is saved at"), "{e}");
        // xdg-open's "no application for this file" is a missing viewer
        let script = dir.path().join("xdg-open");
        std::fs::write(&script, "#!/bin/sh\nexit 3\n").unwrap();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
        let e = Opener::program(script.display().to_string())
            .open(&pdf)
            .unwrap_err();
        assert!(
            e.to_string()
                .starts_with("No PDF viewer found (xdg-open found no application"),
            "{e}"
        );
    }
}
