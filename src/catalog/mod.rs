//! Catalog files (formats.md §1): load with precise errors, lint against the
//! rulebooks, write back.
//!
//! Loading walks the spanned TOML tree itself rather than using serde derive, so
//! that every problem — unknown key, wrong type, value outside the game's
//! enumeration, duplicate id, missing image — names the file, the line and the
//! key, and so that all of a file's problems are reported at once.
//!
//! The commands that take a catalog in (`catalog check`, `catalog import`, the
//! app's import) also decode its pictures ([`load_checked`]): what a PDF
//! export would refuse is refused at the door, at the line of its key.

pub mod check;
mod lint;
pub(crate) mod load;
mod pictures;
mod write;

pub use lint::{Warning, lint};
pub use load::{Loaded, PictureKey, load, parse};
pub use pictures::{check_pictures, load_checked};
pub use write::to_toml;
