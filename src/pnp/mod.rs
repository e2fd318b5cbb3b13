//! Print-and-play export: page layouts, card faces drawn from catalog data,
//! and PDF writing.

pub mod font;
