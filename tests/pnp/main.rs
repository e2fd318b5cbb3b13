//! Print-and-play PDFs read back as printers and viewers see them: geometry
//! to 0.01 mm, pictures, `qpdf --check` and poppler renders, the export API
//! the Print screen drives, and `deckwright pdf` on the command line.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a test or bench fails loudly on what it does not expect"
)]

#[path = "support.rs"]
mod pnp_support;
#[path = "../support/mod.rs"]
mod support;

mod api;
mod big_pictures;
mod cli;
mod cut;
mod images;
mod layout;
mod render;
mod tts;
