//! Deck lists in and out: the plain-text format of formats.md §2, Cockatrice
//! `.cod` and Forge `.dck`.
//!
//! Parsing is the first of validation's two stages: it turns text into a
//! [`Deck`] of counted names with line numbers and knows nothing of catalogs;
//! [`crate::rules::resolve`] then matches names to cards.

mod cockatrice;
mod forge;
mod text;

pub use cockatrice::{parse_cod, write_cod};
pub use forge::{parse_dck, write_dck};
pub use text::{parse_text, write_text};

use std::path::Path;

use crate::diag::{Diagnostic, Diagnostics, read_text};
use crate::model::Deck;

/// The deck-list formats Deckwright reads and writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// formats.md §2.
    Text,
    /// Cockatrice XML.
    Cockatrice,
    /// Forge's INI-like `.dck`.
    Forge,
}

impl Format {
    /// By file extension: `.cod`, `.dck`, anything else is text.
    pub fn from_path(path: &Path) -> Format {
        match path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_lowercase)
            .as_deref()
        {
            Some("cod") => Format::Cockatrice,
            Some("dck") => Format::Forge,
            _ => Format::Text,
        }
    }
}

/// Parses deck text in `format`; `file` names it in errors.
pub fn parse(text: &str, file: &Path, format: Format) -> Result<Deck, Diagnostics> {
    let mut deck = match format {
        Format::Text => parse_text(text, file),
        Format::Cockatrice => parse_cod(text, file),
        Format::Forge => parse_dck(text, file),
    }?;
    if deck.name.is_empty() {
        // lossy: a file name that is not UTF-8 still names the deck
        deck.name = file
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .filter(|s| !s.trim().is_empty())
            .unwrap_or_else(|| "deck".to_string());
    }
    Ok(deck)
}

/// Reads a deck file, choosing the format by extension (and by content: a text
/// file that is Cockatrice XML is read as such).
pub fn load(path: &Path) -> Result<Deck, Diagnostics> {
    let text = read_text(path).map_err(|d| Diagnostics(vec![d]))?;
    let mut format = Format::from_path(path);
    let head = text.trim_start();
    if format == Format::Text && (head.starts_with("<?xml") || head.starts_with("<cockatrice_deck"))
    {
        format = Format::Cockatrice;
    }
    parse(&text, path, format)
}

pub(crate) fn diag(file: &Path, line: usize, message: impl Into<String>) -> Diagnostic {
    Diagnostic {
        file: file.to_path_buf(),
        line,
        column: 0,
        message: message.into(),
    }
}
