//! A deck: counted card references by board and section.
//!
//! Entries name cards the way a deck list does (name, optionally an `[id]`), so a
//! deck keeps every line even when a card is not (or no longer) in its catalog;
//! [`crate::rules`] resolves it against a catalog.

use serde::{Deserialize, Serialize};

use super::GameId;

/// Where an entry counts. Only the main board is part of the deck.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Board {
    #[default]
    Main,
    Sideboard,
    Maybeboard,
}

impl Board {
    pub fn as_str(self) -> &'static str {
        match self {
            Board::Main => "main",
            Board::Sideboard => "sideboard",
            Board::Maybeboard => "maybeboard",
        }
    }

    /// The header a deck list uses for this board.
    pub fn header(self) -> &'static str {
        match self {
            Board::Main => "Main",
            Board::Sideboard => "Sideboard",
            Board::Maybeboard => "Maybeboard",
        }
    }

    pub fn parse(s: &str) -> Option<Board> {
        match s.trim().to_lowercase().as_str() {
            "main" | "mainboard" | "main deck" | "deck" => Some(Board::Main),
            "sideboard" | "side" | "sb" => Some(Board::Sideboard),
            "maybeboard" | "maybe" | "considering" => Some(Board::Maybeboard),
            _ => None,
        }
    }
}

/// One counted line of a deck.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeckEntry {
    pub count: u32,
    /// The card name as written.
    pub name: String,
    /// The catalog id, when the list gave one (`[id]`) or the deck was built in the app.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    #[serde(default)]
    pub board: Board,
    /// The section header it was listed under (e.g. "Fighters"), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
    /// Line number in the file it came from, for messages.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
}

impl DeckEntry {
    pub fn new(count: u32, name: impl Into<String>) -> DeckEntry {
        DeckEntry {
            count,
            name: name.into(),
            id: None,
            board: Board::Main,
            section: None,
            line: None,
        }
    }
}

/// A deck as stored or as read from a file.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deck {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<GameId>,
    pub entries: Vec<DeckEntry>,
    /// What reading the file changed or dropped (printing marks of other
    /// tools, `SB:` prefixes, ...), for the user to see; never stored.
    #[serde(skip)]
    pub notes: Vec<DeckNote>,
}

/// Something a deck-list reader did that the user should know about: the
/// list was read, but not exactly as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeckNote {
    /// The line it is about (1-based), when there is one.
    pub line: Option<usize>,
    pub message: String,
}

impl std::fmt::Display for DeckNote {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.line {
            Some(l) => write!(f, "line {l}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl Deck {
    /// Cards in the main board.
    pub fn main_count(&self) -> u32 {
        self.entries
            .iter()
            .filter(|e| e.board == Board::Main)
            .map(|e| e.count)
            .sum()
    }

    pub fn board(&self, board: Board) -> impl Iterator<Item = &DeckEntry> {
        self.entries.iter().filter(move |e| e.board == board)
    }
}
