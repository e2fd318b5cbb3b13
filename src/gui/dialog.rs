//! File dialogs (rfd) as tasks.
//!
//! A dialog answers with a path-taking message — the same one the tests send
//! and a dropped file uses — or with `closed` when the user cancels. With no
//! desktop portal to show a dialog, rfd answers "cancelled" too, so nothing
//! here can fail.

use std::path::PathBuf;

use iced::Task;

/// The lower-case extension of a path (what a dropped or picked file is).
pub fn extension(path: &std::path::Path) -> String {
    path.extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_lowercase()
}

/// A file filter: its name and extensions.
pub type Filter<'a> = (&'a str, &'a [&'a str]);

fn dialog(title: &str, filters: &[Filter<'_>]) -> rfd::AsyncFileDialog {
    filters.iter().fold(
        rfd::AsyncFileDialog::new().set_title(title),
        |d, (name, ext)| d.add_filter(*name, ext),
    )
}

/// Asks for a file to open.
pub fn open<M: Send + 'static>(
    title: &str,
    filters: &[Filter<'_>],
    picked: fn(PathBuf) -> M,
    closed: M,
) -> Task<M> {
    Task::perform(dialog(title, filters).pick_file(), move |f| match f {
        Some(f) => picked(f.path().to_path_buf()),
        None => closed,
    })
}

/// Asks where to save a file, suggesting `file_name`.
pub fn save<M: Send + 'static>(
    title: &str,
    file_name: String,
    filters: &[Filter<'_>],
    picked: fn(PathBuf) -> M,
    closed: M,
) -> Task<M> {
    Task::perform(
        dialog(title, filters).set_file_name(file_name).save_file(),
        move |f| match f {
            Some(f) => picked(f.path().to_path_buf()),
            None => closed,
        },
    )
}

/// Asks for a folder.
pub fn folder<M: Send + 'static>(title: &str, picked: fn(PathBuf) -> M, closed: M) -> Task<M> {
    Task::perform(
        rfd::AsyncFileDialog::new().set_title(title).pick_folder(),
        move |f| match f {
            Some(f) => picked(f.path().to_path_buf()),
            None => closed,
        },
    )
}
