//! The files of an export folder other than catalogs and collection CSVs
//! (which keep their own formats): the top-level `manifest.toml`, each deck's
//! `deck.toml`, `settings.toml`, and the deck-list text of a saved version.
//! `schema/export.md` documents them for people; this module is the code.
//!
//! Every manifest is read strictly (an unknown key is an error naming the file
//! and line, as catalog files are): a later Deckwright that needs a new key
//! raises [`FORMAT_VERSION`], and this one then refuses the folder by version
//! instead of misreading it.

use std::collections::BTreeMap;
use std::path::Path;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::decklist::parse_text;
use crate::diag::{Diagnostic, Diagnostics, LineIndex, read_text};
use crate::model::{Board, Deck, DeckEntry, GameId};

/// What `manifest.toml`'s `format` says.
pub const FORMAT: &str = "deckwright-export";

/// The layout version this build writes and the newest it reads.
pub const FORMAT_VERSION: u32 = 1;

/// The top-level manifest, written last: a folder without it is not a
/// (finished) export.
pub const MANIFEST: &str = "manifest.toml";

/// The settings file, beside the manifest.
pub const SETTINGS: &str = "settings.toml";

/// The phrases taught to the games' grammars, beside the manifest (written
/// when there are any).
pub const LEXICON: &str = "lexicon.toml";

/// Each deck's manifest, in its folder under [`DECKS`].
pub const DECK_MANIFEST: &str = "deck.toml";

/// The folders of an export.
pub const CATALOGS: &str = "catalogs";
pub const DECKS: &str = "decks";
pub const COLLECTION: &str = "collection";

/// `manifest.toml`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// Always [`FORMAT`].
    pub format: String,
    /// [`FORMAT_VERSION`] when written.
    pub format_version: u32,
    /// The Deckwright version that wrote the folder.
    pub deckwright: String,
    /// The database schema version it was exported from.
    pub schema_version: u32,
    /// UTC, ISO 8601.
    pub exported_at: String,
    /// The settings file, relative to the folder.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settings: Option<String>,
    /// The taught phrases' file, relative to the folder (absent when none
    /// was taught).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lexicon: Option<String>,
    #[serde(default, rename = "catalog", skip_serializing_if = "Vec::is_empty")]
    pub catalogs: Vec<CatalogEntry>,
    #[serde(default, rename = "deck", skip_serializing_if = "Vec::is_empty")]
    pub decks: Vec<DeckRef>,
}

/// One catalog of the manifest.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CatalogEntry {
    /// Its row id in the exporting database (kept on import when free, so the
    /// app's remembered choices still point at it).
    pub id: i64,
    pub name: String,
    pub game: GameId,
    /// The catalog TOML (formats.md §1), relative to the folder; its pictures
    /// are in `<stem>-images/` beside it.
    pub file: String,
    /// The collection CSV, when any card has counts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub collection: Option<String>,
    pub created_at: String,
    pub updated_at: String,
    /// The `back` path as the catalog was first written, when the exported
    /// file names it differently.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub back_image: Option<String>,
    /// Card id → `image` path as first written, where the exported file
    /// names it differently.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub card_images: BTreeMap<String, String>,
}

/// One deck of the manifest (its details are in its own `deck.toml`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckRef {
    pub name: String,
    /// Its `deck.toml`, relative to the folder.
    pub file: String,
}

/// A deck's `deck.toml`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckManifest {
    /// Its row id in the exporting database (kept on import when free).
    pub id: i64,
    pub name: String,
    pub game: GameId,
    /// The catalog's name (as in the top-level manifest).
    pub catalog: String,
    pub current_version: u32,
    pub created_at: String,
    pub updated_at: String,
    #[serde(default, rename = "version", skip_serializing_if = "Vec::is_empty")]
    pub versions: Vec<VersionEntry>,
}

/// One saved version of a deck.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VersionEntry {
    pub version: u32,
    /// The deck-list text (formats.md §2), relative to the `deck.toml`.
    pub file: String,
    pub saved_at: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The version's entries exactly, present only when the text cannot say
    /// them (a count of 0, a sideboard section, a name with brackets): an
    /// import then takes these and not the text.
    #[serde(default, rename = "entry", skip_serializing_if = "Vec::is_empty")]
    pub entries: Vec<EntryRecord>,
    /// Entries whose stored link to a catalog card differs from what
    /// resolving their name and id gives today (the catalog changed since).
    #[serde(default, rename = "link", skip_serializing_if = "Vec::is_empty")]
    pub links: Vec<LinkRecord>,
}

/// A deck entry as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EntryRecord {
    pub count: u32,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    pub board: Board,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
}

impl From<&DeckEntry> for EntryRecord {
    fn from(e: &DeckEntry) -> EntryRecord {
        EntryRecord {
            count: e.count,
            name: e.name.clone(),
            id: e.id.clone(),
            board: e.board,
            section: e.section.clone(),
        }
    }
}

impl From<&EntryRecord> for DeckEntry {
    fn from(e: &EntryRecord) -> DeckEntry {
        DeckEntry {
            count: e.count,
            name: e.name.clone(),
            id: e.id.clone(),
            board: e.board,
            section: e.section.clone(),
            line: None,
        }
    }
}

/// The catalog card an entry is linked to (by its card id), or none.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LinkRecord {
    /// The entry's position in the version, from 0.
    pub entry: usize,
    /// The card's id; absent when the entry is linked to no card.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<String>,
}

/// `settings.toml`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SettingsFile {
    /// Key → value, exactly as stored (the app keeps JSON text in some).
    #[serde(default)]
    pub settings: BTreeMap<String, String>,
}

/// `lexicon.toml`: the phrases taught, every game's.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LexiconFile {
    #[serde(default, rename = "phrase")]
    pub phrases: Vec<PhraseRecord>,
}

/// One taught phrase.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PhraseRecord {
    pub game: String,
    pub phrase: String,
    pub means: String,
}

/// Writes a value as TOML text, with a comment line on top.
pub fn to_toml(value: &impl Serialize, comment: &str) -> Result<String, String> {
    let body = toml::to_string(value).map_err(|e| e.to_string())?;
    Ok(format!("# {comment}\n{body}"))
}

/// Reads a TOML file into `T`; errors name the file, line and column.
pub fn read_toml<T: DeserializeOwned>(path: &Path) -> Result<T, Diagnostics> {
    let text = read_text(path).map_err(|d| Diagnostics(vec![d]))?;
    toml::from_str(&text).map_err(|e| {
        let (line, column) = e
            .span()
            .map(|s| LineIndex::new(&text).locate(s.start))
            .unwrap_or((0, 0));
        Diagnostics(vec![Diagnostic {
            file: path.to_path_buf(),
            line,
            column,
            message: e.message().trim().to_string(),
        }])
    })
}

/// The header a version's text writes before entries of `board` and `section`.
fn header(board: Board, section: Option<&str>) -> String {
    match (board, section) {
        (Board::Main, Some(s)) => format!("{s}:"),
        (b, _) => format!("{}:", b.header()),
    }
}

/// One saved version as deck-list text (formats.md §2): the entries in their
/// stored order, a header wherever the board or section changes, and every
/// `[id]` the entry has. Unlike [`crate::decklist::write_text`], which groups
/// cards by their game's sections for people, this keeps the version exactly
/// as saved; [`text_says`] tells whether the text reads back the same.
pub fn version_text(deck: &Deck, version: u32) -> String {
    // `# name:` as `write_text` writes it: `deck import` takes the name.
    let mut out = format!(
        "# name: {}\n# version: {version}\n",
        deck.name.replace(['\n', '\r'], " ")
    );
    if let Some(g) = deck.game {
        out.push_str(&format!("# game: {g}\n"));
    }
    let mut current: Option<String> = None;
    for e in &deck.entries {
        let h = header(e.board, e.section.as_deref());
        if current.as_ref() != Some(&h) {
            out.push('\n');
            out.push_str(&h);
            out.push('\n');
            current = Some(h);
        }
        match &e.id {
            Some(id) => out.push_str(&format!("{} {} [{id}]\n", e.count, e.name)),
            None => out.push_str(&format!("{} {}\n", e.count, e.name)),
        }
    }
    out
}

/// `text` with the lines the deck-list parser refuses turned into comments,
/// so that the file reads in any tool; the version's exact entries are then
/// in its `deck.toml`.
pub fn comment_out_unreadable(text: &str) -> String {
    let Err(errors) = parse_text(text, Path::new("version.txt")) else {
        return text.to_string();
    };
    let bad: Vec<usize> = errors.0.iter().map(|d| d.line).collect();
    let mut out = String::with_capacity(text.len());
    for (i, line) in text.lines().enumerate() {
        if bad.contains(&(i + 1)) {
            out.push_str(&format!("# {line} (kept exactly in deck.toml)\n"));
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// Whether `text` reads back (with today's parser) to exactly `entries`.
pub fn text_says(text: &str, entries: &[DeckEntry]) -> bool {
    match parse_text(text, Path::new("version.txt")) {
        Ok(read) => same_entries(&read.entries, entries),
        Err(_) => false,
    }
}

/// Equal in what a saved version keeps (not the source line).
pub fn same_entries(a: &[DeckEntry], b: &[DeckEntry]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(x, y)| EntryRecord::from(x) == EntryRecord::from(y))
}

/// A file or folder name from a catalog or deck name: lower case letters and
/// digits joined by `-`, at most [`SLUG_MAX`] characters, made unique among
/// `taken` (compared without case, for file systems that ignore it).
pub fn unique_slug(name: &str, fallback: &str, taken: &mut Vec<String>) -> String {
    let base = if name.chars().any(char::is_alphanumeric) {
        let s: String = crate::model::slug(name).chars().take(SLUG_MAX).collect();
        s.trim_end_matches('-').to_string()
    } else {
        fallback.to_string()
    };
    let mut slug = base.clone();
    let mut n = 2;
    while taken.iter().any(|t| t.eq_ignore_ascii_case(&slug)) {
        slug = format!("{base}-{n}");
        n += 1;
    }
    taken.push(slug.clone());
    slug
}

/// The longest name part of an export file name.
const SLUG_MAX: usize = 60;

#[cfg(test)]
mod tests {
    use super::*;

    /// A built-in game by its id, as files name it.
    fn game(id: &str) -> GameId {
        id.parse().unwrap()
    }

    fn entry(count: u32, name: &str, board: Board, section: Option<&str>) -> DeckEntry {
        let mut e = DeckEntry::new(count, name);
        e.board = board;
        e.section = section.map(str::to_string);
        e
    }

    fn deck(entries: Vec<DeckEntry>) -> Deck {
        Deck {
            name: "Frog Rush".into(),
            game: Some(game("fuzzycards")),
            entries,
            ..Deck::default()
        }
    }

    #[test]
    fn version_text_keeps_order_sections_and_ids() {
        let mut with_id = entry(2, "Lazy Rock", Board::Main, Some("Creatures"));
        with_id.id = Some("lazy-rock-3".into());
        let entries = vec![
            entry(3, "Frog", Board::Main, None),
            with_id,
            entry(1, "Spare", Board::Sideboard, None),
            // back to the main board after the sideboard: order is kept
            entry(1, "Toad", Board::Main, Some("Creatures")),
            entry(4, "Maybe", Board::Maybeboard, None),
        ];
        let text = version_text(&deck(entries.clone()), 2);
        assert_eq!(
            text,
            "# name: Frog Rush\n# version: 2\n# game: fuzzycards\n\nMain:\n3 Frog\n\nCreatures:\n\
             2 Lazy Rock [lazy-rock-3]\n\nSideboard:\n1 Spare\n\nCreatures:\n1 Toad\n\n\
             Maybeboard:\n4 Maybe\n"
        );
        assert!(text_says(&text, &entries));
    }

    #[test]
    fn what_text_cannot_say_is_detected() {
        for entries in [
            vec![entry(0, "Zero", Board::Main, None)],
            vec![entry(1, "Spare", Board::Sideboard, Some("Answers"))],
            vec![entry(1, "Odd [name]", Board::Main, None)],
            vec![entry(1, "Two  spaces", Board::Main, None)],
        ] {
            let text = version_text(&deck(entries.clone()), 1);
            assert!(!text_says(&text, &entries), "{text}");
        }
        assert!(text_says(&version_text(&deck(vec![]), 1), &[]));
    }

    #[test]
    fn unreadable_lines_become_comments() {
        let entries = vec![
            entry(2, "Frog", Board::Main, None),
            entry(0, "Zero", Board::Main, None),
        ];
        let text = comment_out_unreadable(&version_text(&deck(entries), 1));
        assert!(
            text.ends_with("Main:\n2 Frog\n# 0 Zero (kept exactly in deck.toml)\n"),
            "{text}"
        );
        let read = parse_text(&text, Path::new("v1.txt")).unwrap();
        assert_eq!(read.entries.len(), 1);
    }

    #[test]
    fn slugs_are_unique_without_case() {
        let mut taken = Vec::new();
        assert_eq!(
            unique_slug("Genesis Wave", "catalog", &mut taken),
            "genesis-wave"
        );
        assert_eq!(
            unique_slug("GENESIS wave!", "catalog", &mut taken),
            "genesis-wave-2"
        );
        assert_eq!(unique_slug("???", "deck", &mut taken), "deck");
        assert_eq!(unique_slug("", "deck", &mut taken), "deck-2");
        let long = "x".repeat(200);
        assert_eq!(unique_slug(&long, "deck", &mut taken).len(), SLUG_MAX);
    }

    #[test]
    fn manifests_round_trip_and_refuse_unknown_keys() {
        let dir = tempfile::tempdir().unwrap();
        let m = DeckManifest {
            id: 3,
            name: "Frog \"Rush\"".into(),
            game: game("bizarre-world"),
            catalog: "Base Set".into(),
            current_version: 2,
            created_at: "2025-01-31T12:00:00.000Z".into(),
            updated_at: "2025-02-01T12:00:00.000Z".into(),
            versions: vec![VersionEntry {
                version: 1,
                file: "v1.txt".into(),
                saved_at: "2025-01-31T12:00:00.000Z".into(),
                note: Some("first".into()),
                entries: vec![EntryRecord::from(&entry(0, "Zero", Board::Main, None))],
                links: vec![LinkRecord {
                    entry: 0,
                    card: None,
                }],
            }],
        };
        let path = dir.path().join("deck.toml");
        std::fs::write(&path, to_toml(&m, "a deck").unwrap()).unwrap();
        assert_eq!(read_toml::<DeckManifest>(&path).unwrap(), m);
        std::fs::write(&path, "id = 1\nname = \"x\"\ncolour = 3\n").unwrap();
        let e = read_toml::<DeckManifest>(&path).unwrap_err().to_string();
        assert!(e.contains("deck.toml:3:1"), "{e}");
        assert!(e.contains("colour"), "{e}");
    }
}
