//! Print-and-play export: page layouts, card faces drawn from catalog data,
//! and PDF writing (issue 4). Plain Rust: no GUI or database imports.
//!
//! # Using it (the CLI's `deckwright pdf`, the app's Print screen)
//!
//! 1. [`plan`]`(&catalog, &deck, &`[`PrintOptions`]`)` resolves which cards
//!    print (the deck, [`CardSelection::Missing`] "print what you lack" from a
//!    [`crate::model::Collection`], or a [`CardSelection::Cards`] selection),
//!    times `copies`, and the page geometry. It reads no files and fails fast
//!    on bad options, unknown deck cards or a layout that does not fit.
//!    [`Plan::page_count`] and [`Plan::sheets`] are known from here on.
//! 2. [`Plan::preview`]`(page, dpi)` → an RGBA image of any page (or
//!    [`Plan::preview_png`] → PNG bytes), painted by [`raster`] from the same
//!    display list the PDF is written from; it reads only that page's pictures.
//! 3. [`Plan::export_to`]`(path, &progress, &cancel)` (or [`Plan::export`] to
//!    memory) reads and checks every picture in parallel, draws the pages and
//!    writes the PDF, calling `progress` with a [`Progress`] (stage, done,
//!    total, [`Progress::fraction`]) and stopping with [`PnpError::Cancelled`]
//!    once `cancel` is raised. A file is written beside the target and renamed,
//!    so no half-written PDF is ever left. The [`Report`] says what was made
//!    (pages, sheets, cards, distinct pictures, sizes, faces drawn from data)
//!    and carries warnings (text cut to fit, stretched pictures).
//! 4. Catalogs whose pictures are not files (kept in the database):
//!    [`Plan::needed_images`] lists the paths, [`Plan::supply_image`] gives
//!    their bytes.
//!
//! 5. [`calibration_sheet`]`(paper)` → a two-page PDF with which the user
//!    measures the duplex printer's offset (the `dx`, `dy` of
//!    [`Calibration`]): it is read straight off a scale.
//!
//! A [`Plan`] owns its data (`Clone + Send`), so it can be built on the UI
//! thread and exported on a worker; the callback must be `Sync` because
//! pictures are read on several threads (its calls still arrive in order).
//!
//! # What is remembered
//!
//! [`PrintSettings`] (serde) holds the last paper, layout, backs, gap and
//! bleed, the printer calibration ([`Calibration`], per user: it belongs to
//! the printer) and card sizes per game id and per catalog name. The store
//! keeps it as JSON under the settings key [`PrintSettings::STORE_KEY`];
//! [`PrintSettings::options_for`] turns it into options for a catalog and
//! [`PrintSettings::remember`] takes an export's choices back.
//!
//! # Choices
//!
//! - Card size: the options' override, else the catalog's `card_size`, else
//!   the game's `[print] card_size_mm` (Strange World 63 × 89 mm, the others
//!   63 × 88 mm: Bizarre World's rulebook prints screenshots "9 pages per
//!   sheet" and "scale to fit", which we replace by exact size).
//! - Geometry conventions (gap between bleed edges, eight-fold fold as the
//!   cards' bottom edge, backs rotated 180°, marks 3 mm clear of the edge) are
//!   documented in [`layout`]; picture handling in [`images`] and [`pdf`];
//!   faces in [`face`].
//! - The back is the catalog's `back`, else the game's default from
//!   `resources/backs/`, compiled into the binary.

pub mod calibration;
mod content;
pub mod cutfile;
pub mod cutter;
pub mod draw;
pub mod face;
pub mod font;
pub mod images;
pub mod job;
pub mod layout;
pub mod options;
pub mod part;
pub mod pdf;
pub mod raster;
pub mod text;
pub mod tts;

pub use calibration::calibration_sheet;
pub use job::{Export, MachineReport, Plan, Progress, Report, Stage, plan};
pub use options::{
    BleedFromArt, Calibration, CardSelection, CutMarks, Layout, Paper, PrintOptions, PrintSettings,
    card_size, corner_radius,
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
