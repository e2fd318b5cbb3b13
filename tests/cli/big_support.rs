//! Big generated inputs for the import tests and benches: a Fuzzycards
//! catalog of `n` cards and a collection CSV with one row per card. Generated
//! at run time, never stored in the repository.

#![allow(
    dead_code,
    reason = "shared by several test binaries, each using part of it"
)]

use std::fmt::Write;

/// The name of the generated catalog.
pub const CATALOG: &str = "Generated Catalog";

/// The name of the `i`th generated card.
pub fn card_name(i: usize) -> String {
    format!("Generated Hero {i:06}")
}

/// A Fuzzycards catalog file of `n` common heroes, each with the fields a
/// real card has (cost, stats in the rulebook's ranges, keywords, rules text,
/// an effect), all names distinct.
pub fn catalog_toml(n: usize) -> String {
    let forces = ["power", "clarity", "prophecy", "conviction", "wisdom"];
    let mut out = format!("game = \"fuzzycards\"\nname = \"{CATALOG}\"\n");
    for i in 0..n {
        write!(
            out,
            "\n[[card]]\nname = \"{}\"\ntype = \"hero\"\nrarity = \"common\"\nforce = \"{}\"\n\
             cost = 1\natk = {}\ndef = {}\nhp = {}\nkeywords = [\"rush\"]\n\
             text = \"On Deploy: draw 1.\"\neffects = [{{ on = \"deploy\", draw = 1 }}]\n",
            card_name(i),
            forces[i % forces.len()],
            3 + i % 4,
            3 + (i / 4) % 4,
            4 + i % 3
        )
        .expect("write to a String");
    }
    out
}

/// A collection CSV with one row for each of the `n` cards of
/// [`catalog_toml`], Moxfield columns, every row quoted like Moxfield writes.
pub fn collection_csv(n: usize) -> String {
    let mut out = String::from("\"Count\",\"Tradelist Count\",\"Name\",\"Edition\"\r\n");
    for i in 0..n {
        write!(
            out,
            "\"{}\",\"{}\",\"{}\",\"{CATALOG}\"\r\n",
            1 + i % 4,
            i % 2,
            card_name(i)
        )
        .expect("write to a String");
    }
    out
}
