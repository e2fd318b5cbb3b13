//! The Print screen's long work: the export itself on a worker thread with
//! progress and Cancel, opening the finished file in the system's viewer,
//! and the printer calibration sheet.

use std::path::{Path, PathBuf};

use iced::Task;

use crate::gui::db::blocking;
use crate::gui::dialog;
use crate::gui::job::{self, Cancel, Update};
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
                std::fs::write(&path, pdf)
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
                Ok(path)
            }),
            Message::CalibrationWritten,
        ))
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

/// Opens a file in the system's viewer, off the UI thread.
pub(super) fn open(path: PathBuf) -> Action<Message> {
    Action::Run(Task::perform(
        blocking(move || open_in_viewer(&path)),
        Message::Opened,
    ))
}

/// Hands a file to the desktop's default application.
pub fn open_in_viewer(path: &Path) -> Result<(), String> {
    let mut cmd = if cfg!(target_os = "macos") {
        std::process::Command::new("open")
    } else if cfg!(windows) {
        let mut c = std::process::Command::new("cmd");
        c.args(["/C", "start", ""]);
        c
    } else {
        std::process::Command::new("xdg-open")
    };
    let status = cmd
        .arg(path)
        .status()
        .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!(
            "cannot open {}: the viewer reported {status}",
            path.display()
        ))
    }
}
