//! Print-and-play export: page layouts, card faces drawn from catalog data,
//! and PDF writing.

pub mod draw;
pub mod face;
pub mod font;
pub mod images;
pub mod job;
pub mod layout;
pub mod options;
pub mod pdf;
pub mod raster;
pub mod text;

pub use job::{Export, Plan, Progress, Report, Stage, plan};
pub use options::{
    Calibration, CardSelection, Layout, Paper, PrintOptions, PrintSettings, card_size,
};

use std::path::PathBuf;

/// Why an export cannot be made. Every variant names what to fix: the card,
/// the file, or the option.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PnpError {
    /// An option out of range.
    #[error("{0}")]
    Option(String),
    /// The cards do not fit the paper with these options.
    #[error("{0}")]
    Layout(String),
    /// Deck entries that do not name exactly one catalog card (messages
    /// carry the deck line).
    #[error("the deck names cards the catalog cannot resolve:\n{}", .0.join("\n"))]
    Deck(Vec<String>),
    /// A selected card that is not in the catalog (or names several cards).
    #[error("{0}")]
    Selection(String),
    /// Nothing selected: an empty deck, or a collection that owns everything.
    #[error("nothing to print: {0}")]
    Empty(String),
    /// A card's picture cannot be used.
    #[error("card \"{card}\" ({id}): {source}")]
    Image {
        card: String,
        id: String,
        source: images::ImageError,
    },
    /// The card back cannot be used.
    #[error("card back: {0}")]
    Back(images::ImageError),
    /// The output could not be written.
    #[error("cannot write {path}: {reason}")]
    Write { path: PathBuf, reason: String },
    /// The caller's cancel flag was raised.
    #[error("export cancelled")]
    Cancelled,
    /// A defect of the PDF writer (not of the input).
    #[error("PDF writer: {0}")]
    Pdf(String),
}
