//! Property tests: the deck-list parsers and the catalog loader meet arbitrary
//! bytes and mutated valid files with a result or an error, never a panic; and
//! whatever parses also validates without panicking.

use std::path::Path;

use deckwright::catalog;
use deckwright::decklist::{self, Format, write_text};
use deckwright::diag::text_from_bytes;
use deckwright::games::validate;
use deckwright::rules::CheckOptions;
use proptest::prelude::*;

fn fixture(name: &str) -> String {
    std::fs::read_to_string(
        crate::support::root()
            .join("tests/fixtures/catalogs")
            .join(name),
    )
    .unwrap()
}

const GAMES: [&str; 5] = [
    "fuzzycards.toml",
    "bizarre-world.toml",
    "rizontical.toml",
    "strange-world.toml",
    "dice-of-destiny.toml",
];

/// Applies byte edits to a valid file: overwrite, insert and delete at
/// positions chosen by the strategy.
fn mutate(src: &str, edits: &[(usize, u8, u8)]) -> Vec<u8> {
    let mut bytes = src.as_bytes().to_vec();
    for &(pos, op, b) in edits {
        if bytes.is_empty() {
            bytes.push(b);
            continue;
        }
        let i = pos % bytes.len();
        match op % 3 {
            0 => bytes[i] = b,
            1 => bytes.insert(i, b),
            _ => {
                bytes.remove(i);
            }
        }
    }
    bytes
}

/// Bytes that look like TOML more often than random ones do.
fn tomlish_byte() -> impl Strategy<Value = u8> {
    prop_oneof![
        any::<u8>(),
        prop::sample::select(b"[]{}=\"'\n,.#0123456789-_ abcdefghijklmnopqrstuvwxyz".to_vec()),
    ]
}

fn load_catalog_bytes(bytes: Vec<u8>) {
    if let Ok(text) = text_from_bytes(Path::new("c.toml"), bytes)
        && let Ok(loaded) = catalog::parse(&text, Path::new("c.toml"), None)
    {
        let _ = catalog::lint(&loaded.catalog, &loaded.card_lines);
        let _ = catalog::to_toml(&loaded.catalog);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn catalog_loader_survives_arbitrary_bytes(bytes in prop::collection::vec(tomlish_byte(), 0..400)) {
        load_catalog_bytes(bytes);
    }

    #[test]
    fn catalog_loader_survives_mutated_valid_files(
        game in 0usize..5,
        edits in prop::collection::vec((any::<usize>(), any::<u8>(), tomlish_byte()), 1..8),
    ) {
        load_catalog_bytes(mutate(&fixture(GAMES[game]), &edits));
    }

    #[test]
    fn deck_parsers_survive_arbitrary_bytes(bytes in prop::collection::vec(any::<u8>(), 0..300), fmt in 0usize..3) {
        let format = [Format::Text, Format::Cockatrice, Format::Forge][fmt];
        if let Ok(text) = text_from_bytes(Path::new("d"), bytes) {
            let _ = decklist::parse(&text, Path::new("d"), format);
        }
    }

    #[test]
    fn deck_lists_parse_or_fail_with_a_line(
        lines in prop::collection::vec(
            prop_oneof![
                "[0-9]{0,3}[xX]? ?[A-Za-z ]{0,20}",
                "(Main|Sideboard|Maybeboard|Fighters|Powers|)[:]?",
                "#.*",
                ".{0,30}",
            ],
            0..40,
        ),
    ) {
        let text = lines.join("\n");
        if let Err(e) = decklist::parse(&text, Path::new("d.txt"), Format::Text) {
            for d in &e.0 {
                prop_assert!(d.line >= 1 && d.line <= lines.len().max(1));
            }
        }
    }

    #[test]
    fn valid_deck_lists_validate_and_round_trip(
        lines in prop::collection::vec(
            prop_oneof![
                4 => "[1-9][0-9]?x? (Ember Cub|Zill|Frog Knight|Land 0[1-9]|Lazy Rock of Charity|[A-Z][a-z]{1,8})( \\[(ember-cub|zill|lazy-rock-2|lazy-rock-3|[a-z0-9-]{1,8})\\])?",
                1 => "(Main|Sideboard|Maybeboard|Fighters|Powers):",
                1 => "(#|//) [a-z ]{0,10}",
            ],
            0..40,
        ),
        game in 0usize..5,
    ) {
        let text = lines.join("\n");
        let deck = decklist::parse(&text, Path::new("d.txt"), Format::Text).unwrap();
        let cat = catalog::parse(&fixture(GAMES[game]), Path::new("c"), None).unwrap().catalog;
        let report = validate(&cat, &deck, &CheckOptions::default()).unwrap();
        prop_assert_eq!(report.legal, report.violations.is_empty());
        let again = decklist::parse(&write_text(&deck, Some(&cat)), Path::new("d.txt"), Format::Text).unwrap();
        // the same cards on the same boards: compare what each entry resolves to
        let ix = cat.name_index();
        let key = |d: &deckwright::model::Deck| {
            let mut v: Vec<_> = d
                .entries
                .iter()
                .map(|e| {
                    let card = match &e.id {
                        Some(id) => ix.by_id(id).filter(|&i| cat.cards[i].name_key() == deckwright::model::name_key(&e.name)),
                        None => match ix.named(&e.name) {
                            [one] => Some(*one),
                            _ => None,
                        },
                    };
                    (e.board, deckwright::model::name_key(&e.name), card, card.is_none().then(|| e.id.clone()), e.count)
                })
                .collect();
            v.sort();
            v
        };
        prop_assert_eq!(key(&again), key(&deck));
        let r2 = validate(&cat, &again, &CheckOptions::default()).unwrap();
        prop_assert_eq!(r2.legal, report.legal);
        prop_assert_eq!(r2.total, report.total);
    }
}
