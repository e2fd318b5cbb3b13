//! The desktop app, built with iced 0.14: a shell ([`app`]) around one module
//! per screen ([`screen`]), widgets they share ([`widget`]), the card search
//! they use ([`search`]), the way they reach the database ([`db`]), and the
//! Data menu that exports, imports, backs up and restores it ([`data`]), and
//! the file dialogs every file action goes through ([`dialog`], with the
//! in-app [`chooser`] when the desktop has none or the [`settings`] ask for
//! it).
//!
//! The shape follows iced's "Scaling Applications" pattern: the root holds an
//! `enum Screen`, each screen has its own state, `Message`, `update` and
//! `view`, and returns an [`screen::Action`] to the shell. All I/O — SQLite,
//! files, dialogs — runs in tasks off the UI thread and comes back as a
//! `Result` in a message.
//!
//! [`application`] builds the app for a database file; the binary and the UI
//! tests share it.

pub mod app;
pub mod banners;
pub mod chooser;
pub mod data;
pub mod db;
pub mod dialog;
pub mod job;
pub mod prefs;
pub mod renderer;
pub mod screen;
pub mod search;
pub mod settings;
pub mod timing;
pub mod tts;
pub mod tune;
pub mod widget;
pub mod words;

use std::path::PathBuf;

pub use app::{App, Message};

/// The font the app draws with (bundled by iced's `fira-sans` feature), so
/// the app looks the same on every system and in the UI tests' snapshots.
pub const FONT: iced::Font = iced::Font::with_name("Fira Sans");

/// The app on the database at `db`, ready to `.run()`.
pub fn application(
    db: PathBuf,
) -> iced::Application<impl iced::Program<State = App, Message = Message, Theme = iced::Theme>> {
    iced::application(move || App::new(db.clone()), App::update, App::view)
        .title(App::title)
        .theme(App::theme)
        .subscription(App::subscription)
        .default_font(FONT)
        .window(window_settings())
        .window_size(prefs::DEFAULT_WINDOW)
        .exit_on_close_request(false)
}

/// The app's icon (the one `scripts/install-desktop` puts in the menu).
const ICON_PNG: &[u8] = include_bytes!("../../resources/desktop/deckwright.png");

/// The window's icon, and on Linux its application id, which matches the
/// desktop entry (`deckwright.desktop`) so the dock groups the window with it.
fn window_settings() -> iced::window::Settings {
    iced::window::Settings {
        // the icon is compiled in and `the_window_icon_decodes` checks it
        icon: iced::window::icon::from_file_data(ICON_PNG, None).ok(),
        #[cfg(target_os = "linux")]
        platform_specific: iced::window::settings::PlatformSpecific {
            application_id: "deckwright".to_string(),
            ..Default::default()
        },
        ..Default::default()
    }
}

/// Why the app could not run.
#[derive(Debug, thiserror::Error)]
pub enum LaunchError {
    #[error("no display to open a window on (neither DISPLAY nor WAYLAND_DISPLAY is set)")]
    NoDisplay,
    #[error("{0}")]
    Iced(#[from] iced::Error),
}

/// Opens the app on the database at `db` with the window size it had last
/// time, and runs it until the window closes.
pub fn run(db: PathBuf) -> Result<(), LaunchError> {
    timing::launch();
    // winit panics when it finds no display server; say so instead.
    if cfg!(all(unix, not(target_os = "macos")))
        && ["DISPLAY", "WAYLAND_DISPLAY", "WAYLAND_SOCKET"]
            .iter()
            .all(|v| std::env::var_os(v).is_none_or(|s| s.is_empty()))
    {
        return Err(LaunchError::NoDisplay);
    }
    let renderer = renderer::choose();
    timing::RENDERER.reached();
    timing::note(&format!("renderer {renderer:?}"));
    let size = remembered_window(&db);
    application(db).window_size(size).run()?;
    Ok(())
}

/// The window size stored in the preferences, read before the window opens
/// (the size cannot change without a visible jump once it is open). Any
/// problem falls back to the default: start-up reports database errors itself.
fn remembered_window(db: &std::path::Path) -> (f32, f32) {
    if !db.exists() {
        return prefs::DEFAULT_WINDOW;
    }
    crate::store::Store::open(db)
        .and_then(|s| prefs::Prefs::load(&s))
        .map(|p| p.window)
        .unwrap_or(prefs::DEFAULT_WINDOW)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_window_icon_decodes() {
        assert!(iced::window::icon::from_file_data(super::ICON_PNG, None).is_ok());
        assert!(super::window_settings().icon.is_some());
    }
}
