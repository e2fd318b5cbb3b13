//! The app's settings panel, opened from the header's "Settings" button: the
//! theme and the file dialog the app uses. Every change is stored in the
//! preferences at once and takes effect at once (the shell does both); the
//! panel itself keeps no state.

use iced::widget::{button, checkbox, column, container, pick_list, row, text};
use iced::{Element, Fill};

use super::chooser::ALWAYS_LABEL;
use super::dialog;
use super::prefs::{FileDialog, Prefs, ThemeChoice};
use super::widget::{heading, muted};

/// The header button's label (the tests click it).
pub const OPEN_LABEL: &str = "Settings";

/// The file chooser switch's widget id (the tests click it).
pub const ALWAYS_ID: &str = "settings-always";

/// The panel's width.
const WIDTH: f32 = 480.0;

#[derive(Debug, Clone)]
pub enum Message {
    Theme(ThemeChoice),
    /// The "always use the in-app chooser" switch was flipped.
    Always(bool),
    Close,
}

/// The panel for the current preferences.
pub fn view(prefs: &Prefs) -> Element<'_, Message> {
    let always = prefs.file_dialog == FileDialog::InApp;
    let mut files = column![
        container(
            checkbox(always)
                .label(ALWAYS_LABEL)
                .on_toggle(Message::Always)
        )
        .id(ALWAYS_ID),
        text(
            "Every Open, Save and Export asks for its file in Deckwright's own chooser \
             instead of the desktop's file dialog. Turn it on when the desktop's dialog \
             does not appear or is hard to use; without a desktop dialog the chooser is \
             used anyway."
        )
        .size(12)
        .style(muted),
    ]
    .spacing(4);
    if dialog::forced_by_env() {
        files = files.push(
            text(format!(
                "{}=in-app is set: Deckwright's chooser is used whatever this says.",
                dialog::ENV
            ))
            .size(12)
            .style(muted),
        );
    }
    container(
        column![
            heading("Settings"),
            row![
                text("Theme").width(Fill),
                pick_list(ThemeChoice::ALL, Some(prefs.theme), Message::Theme),
            ]
            .spacing(10)
            .align_y(iced::Center),
            files,
            row![
                iced::widget::space::horizontal(),
                button("Close").on_press(Message::Close),
            ],
        ]
        .spacing(14),
    )
    .width(WIDTH)
    .padding(20)
    .style(container::bordered_box)
    .into()
}
