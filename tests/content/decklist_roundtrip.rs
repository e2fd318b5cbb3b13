//! Issue 13 item 9: a deck exported in any format and read back is the same
//! deck — every board, every count, and the same catalog card for every line
//! (Bizarre World cost variants share a name and differ by id). Every sample
//! deck × text, Cockatrice .cod and Forge .dck, with a maybeboard and a
//! sideboard added so every board is exercised.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use deckwright::catalog;
use deckwright::decklist::{self, Format, write_cod, write_dck, write_text};
use deckwright::model::{Board, Catalog, Deck, DeckEntry};
use deckwright::rules::resolve;

fn decks_dir() -> PathBuf {
    crate::support::root().join("resources/decks")
}

/// The catalog a sample deck names in its `# catalog:` line (or in the
/// `.expect` file beside a .cod/.dck).
fn catalog_of(deck: &Path) -> Catalog {
    let text = std::fs::read_to_string(deck).unwrap();
    let expect = deck.with_extension("expect");
    let header = if text.contains("# catalog:") {
        text
    } else {
        std::fs::read_to_string(&expect).unwrap()
    };
    let rel = header
        .lines()
        .find_map(|l| l.strip_prefix("# catalog:"))
        .unwrap_or_else(|| panic!("{}: no `# catalog:` line", deck.display()))
        .trim();
    catalog::load(&decks_dir().join(rel))
        .unwrap_or_else(|e| panic!("{e}"))
        .catalog
}

/// What a deck means: per board, the resolved card (or the written name when
/// it does not resolve) and its total count. The maybeboard is not resolved
/// by validation, so it is compared by name and id as written.
fn meaning(deck: &Deck, cat: &Catalog) -> BTreeMap<(Board, String), u32> {
    let mut m = BTreeMap::new();
    let r = resolve(deck, cat);
    for (board, lines) in [(Board::Main, &r.main), (Board::Sideboard, &r.sideboard)] {
        for l in lines {
            let key = match l.card {
                Some(i) => format!("card {}", cat.cards[i].id),
                None => format!("name {}", l.name.to_lowercase()),
            };
            *m.entry((board, key)).or_default() += l.count;
        }
    }
    for e in deck.board(Board::Maybeboard) {
        let key = format!(
            "maybe {} [{}]",
            e.name.to_lowercase(),
            e.id.as_deref().unwrap_or("")
        );
        *m.entry((Board::Maybeboard, key)).or_default() += e.count;
    }
    m
}

#[test]
fn every_sample_deck_round_trips_through_every_format() {
    let mut checked = 0;
    let mut paths: Vec<PathBuf> = std::fs::read_dir(decks_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            matches!(
                p.extension().and_then(|e| e.to_str()),
                Some("txt" | "cod" | "dck")
            )
        })
        .collect();
    paths.sort();
    for path in paths {
        let cat = catalog_of(&path);
        let mut deck = decklist::load(&path).unwrap_or_else(|e| panic!("{e}"));
        // every board, and a line that needs its id where the catalog has one
        let first = deck.board(Board::Main).next().cloned();
        if let Some(first) = first {
            deck.entries.push(DeckEntry {
                board: Board::Sideboard,
                line: None,
                ..first.clone()
            });
            deck.entries.push(DeckEntry {
                board: Board::Maybeboard,
                count: 2,
                line: None,
                ..first
            });
        }
        let want = meaning(&deck, &cat);
        for (format, text) in [
            (Format::Text, write_text(&deck, Some(&cat))),
            (Format::Text, write_text(&deck, None)),
            (Format::Cockatrice, write_cod(&deck)),
            (Format::Forge, write_dck(&deck)),
        ] {
            let back = decklist::parse(&text, Path::new("exported"), format)
                .unwrap_or_else(|e| panic!("{} as {format:?}: {e}\n{text}", path.display()));
            assert_eq!(
                meaning(&back, &cat),
                want,
                "{} as {format:?}:\n{text}",
                path.display()
            );
            assert_eq!(back.name, deck.name, "{} as {format:?}", path.display());
            checked += 1;
        }
    }
    assert!(checked >= 4 * 28, "only {checked} round trips");
}

/// The Bizarre World cost variants: two cards named "Lazy Rock of Charity"
/// told apart by id survive every format.
#[test]
fn cost_variants_keep_their_ids_in_every_format() {
    let cat =
        catalog::load(&crate::support::root().join("tests/fixtures/catalogs/bizarre-world.toml"))
            .unwrap()
            .catalog;
    let deck = decklist::parse_text(
        "2 Lazy Rock of Charity [lazy-rock-2]\n1 Lazy Rock of Charity [lazy-rock-3]\nMaybeboard:\n1 Lazy Rock of Charity [lazy-rock-3]\n",
        Path::new("d.txt"),
    )
    .unwrap();
    for (format, text) in [
        (Format::Cockatrice, write_cod(&deck)),
        (Format::Forge, write_dck(&deck)),
    ] {
        let back = decklist::parse(&text, Path::new("x"), format).unwrap();
        let ids: Vec<(Board, Option<&str>, u32)> = back
            .entries
            .iter()
            .map(|e| (e.board, e.id.as_deref(), e.count))
            .collect();
        assert_eq!(
            ids,
            vec![
                (Board::Main, Some("lazy-rock-2"), 2),
                (Board::Main, Some("lazy-rock-3"), 1),
                (Board::Maybeboard, Some("lazy-rock-3"), 1)
            ],
            "{format:?}:\n{text}"
        );
        let r = resolve(&back, &cat);
        assert!(r.violations.is_empty(), "{:?}", r.violations);
    }
}
