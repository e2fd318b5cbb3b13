//! The app's screens. Each is a module with its own state, `Message`,
//! `update` and `view`; `update` returns an [`Action`] that tells the shell
//! (src/gui/app.rs) what to do beyond the screen: run a task, show a banner,
//! or remember something in the preferences.

pub mod collection;
pub mod decks;
pub mod library;
pub mod matchups;
pub mod playtest;
pub mod print;
pub mod world;

use iced::Task;

use crate::gui::dialog::Request;
use crate::store::{CatalogId, DeckId};

/// What a screen asks of the shell.
#[derive(Debug)]
pub enum Action<M> {
    None,
    /// Run this task (its messages come back to the screen).
    Run(Task<M>),
    /// Ask the user for a path: the desktop's file dialog, or the in-app
    /// chooser when there is none (its answer comes back to the screen).
    Ask(Request<M>),
    /// Show an error banner.
    Error(String),
    /// Show a warning banner: done, but not all of it.
    Warning(String),
    /// Show a notice banner.
    Notice(String),
    /// Show a banner about a state, `key`: it replaces that key's banner
    /// (no "×N"), or is added.
    Standing {
        key: String,
        tone: crate::gui::widget::Tone,
        text: String,
    },
    /// The state `key` is gone: its banner goes too.
    Withdraw(String),
    /// Remember something in the preferences.
    Remember(Remember),
    /// Go to another screen (after the screen asked whether it may).
    Navigate(crate::gui::prefs::ScreenId),
    /// Close the app (after the screen asked whether it may, and saved what
    /// the user chose to save).
    Quit,
    /// Several of the above.
    Many(Vec<Action<M>>),
}

impl<M> Action<M> {
    /// This action, then `next`.
    pub fn and(self, next: Action<M>) -> Action<M> {
        match (self, next) {
            (Action::None, b) => b,
            (a, Action::None) => a,
            (Action::Many(mut v), b) => {
                v.push(b);
                Action::Many(v)
            }
            (a, b) => Action::Many(vec![a, b]),
        }
    }

    /// The action for a parent whose messages wrap this screen's.
    pub fn map<N: Send + 'static>(self, f: fn(M) -> N) -> Action<N>
    where
        M: Send + 'static,
    {
        match self {
            Action::None => Action::None,
            Action::Run(task) => Action::Run(task.map(f)),
            Action::Ask(r) => Action::Ask(r.map(f)),
            Action::Error(e) => Action::Error(e),
            Action::Warning(w) => Action::Warning(w),
            Action::Notice(n) => Action::Notice(n),
            Action::Standing { key, tone, text } => Action::Standing { key, tone, text },
            Action::Withdraw(k) => Action::Withdraw(k),
            Action::Remember(r) => Action::Remember(r),
            Action::Navigate(s) => Action::Navigate(s),
            Action::Quit => Action::Quit,
            Action::Many(v) => Action::Many(v.into_iter().map(|a| a.map(f)).collect()),
        }
    }

    /// An error or nothing, from a result.
    pub fn from_result<T>(r: Result<T, String>) -> Action<M> {
        match r {
            Ok(_) => Action::None,
            Err(e) => Action::Error(e),
        }
    }
}

impl<M> From<Request<M>> for Action<M> {
    fn from(request: Request<M>) -> Action<M> {
        Action::Ask(request)
    }
}

impl<M> From<Task<M>> for Action<M> {
    fn from(task: Task<M>) -> Action<M> {
        Action::Run(task)
    }
}

/// Preferences a screen updates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Remember {
    LibraryCatalog(CatalogId),
    CollectionCatalog(CatalogId),
    /// A deck was opened: it goes to the top of the recent list.
    OpenedDeck(DeckId),
    /// A deck was deleted: it leaves the recent list.
    DeletedDeck(DeckId),
}

/// Keyboard shortcuts the shell passes to the current screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shortcut {
    /// Ctrl+N
    NewDeck,
    /// Ctrl+F
    Find,
    /// Ctrl+O
    Import,
    /// Ctrl+E
    Export,
    /// Ctrl+Z
    Undo,
    /// Ctrl+Shift+Z or Ctrl+Y
    Redo,
    /// Ctrl+S
    Save,
    /// Escape
    Escape,
    /// Arrow up / down: move the selection in a result list.
    Up,
    Down,
    /// `+` / `-` (not typed into a text field): add or remove one copy of
    /// the selected card.
    Plus,
    Minus,
    /// Tab / Shift+Tab (not taken by a widget): the next or previous text
    /// box. The shell handles it for every screen.
    NextField,
    PreviousField,
}
