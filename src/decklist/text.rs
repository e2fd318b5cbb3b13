//! The plain-text deck list (formats.md §2).

use std::path::Path;

use crate::diag::Diagnostics;
use crate::games;
use crate::model::{Board, Catalog, Deck, DeckEntry};

use super::diag;

/// The largest count a line may give.
pub const MAX_COUNT: u32 = 9999;

/// Parses a deck list. Every bad line is reported (with its number), not only
/// the first.
pub fn parse_text(text: &str, file: &Path) -> Result<Deck, Diagnostics> {
    let mut deck = Deck::default();
    let mut errors = Vec::new();
    let mut board = Board::Main;
    let mut section: Option<String> = None;
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
        if line.is_empty() || line.starts_with('#') || line.starts_with("//") {
            continue;
        }
        if let Some(head) = line.strip_suffix(':')
            && !head.starts_with(|c: char| c.is_ascii_digit())
        {
            let head = head.trim();
            if head.is_empty() {
                errors.push(diag(
                    file,
                    n,
                    "a section header needs a name before the `:`",
                ));
                continue;
            }
            match Board::parse(head) {
                Some(b) => {
                    board = b;
                    section = None;
                }
                None => {
                    board = Board::Main;
                    section = Some(collapse(head));
                }
            }
            continue;
        }
        match card_line(line) {
            Ok((count, name, id)) => deck.entries.push(DeckEntry {
                count,
                name,
                id,
                board,
                section: section.clone(),
                line: Some(n),
            }),
            Err(why) => errors.push(diag(file, n, why)),
        }
    }
    if errors.is_empty() {
        Ok(deck)
    } else {
        Err(Diagnostics(errors))
    }
}

/// `N Name`, `Nx Name`, `N x Name`, with an optional trailing `[id]`.
fn card_line(line: &str) -> Result<(u32, String, Option<String>), String> {
    let shown = || {
        let mut s: String = line.chars().take(60).collect();
        if s.len() < line.len() {
            s.push('…');
        }
        s
    };
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        // `-3 Ember Cub`: a count out of range, not a line without one
        if let Some(signed) = line.strip_prefix(['-', '+'])
            && signed.starts_with(|c: char| c.is_ascii_digit())
        {
            let n = 1 + signed.bytes().take_while(u8::is_ascii_digit).count();
            return Err(format!(
                "count `{}` must be between 1 and {MAX_COUNT}",
                &line[..n]
            ));
        }
        return Err(format!(
            "`{}` is not a card line: write `N Name` (e.g. `3 {}`), a `Section:` header, or a # comment",
            shown(),
            shown()
        ));
    }
    let count = match line[..digits].parse::<u32>() {
        Ok(c) if (1..=MAX_COUNT).contains(&c) => c,
        _ => {
            return Err(format!(
                "count `{}` must be between 1 and {MAX_COUNT}",
                &line[..digits]
            ));
        }
    };
    let mut rest = &line[digits..];
    let mut spaced = rest.starts_with(char::is_whitespace);
    rest = rest.trim_start();
    if let Some(r) = rest.strip_prefix(['x', 'X'])
        && (r.is_empty() || r.starts_with(char::is_whitespace))
    {
        spaced = true;
        rest = r.trim_start();
    }
    if !spaced {
        return Err(format!(
            "`{}`: put a space between the count and the card name",
            shown()
        ));
    }
    let mut id = None;
    if let Some(open) = rest.rfind('[') {
        let tail = &rest[open..];
        match tail.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
            Some(inner) if !inner.trim().is_empty() && !inner.contains(['[', ']']) => {
                id = Some(inner.trim().to_string());
                rest = &rest[..open];
            }
            _ => {
                return Err(format!(
                    "`{}`: an `[id]` goes at the end of the line, like `[lazy-rock-3]`",
                    shown()
                ));
            }
        }
    } else if rest.contains(']') {
        return Err(format!("`{}`: `]` without `[`", shown()));
    }
    let name = collapse(rest);
    if name.is_empty() {
        return Err(format!("`{}` has a count but no card name", shown()));
    }
    Ok((count, name, id))
}

fn collapse(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Writes a deck list that [`parse_text`] reads back to the same entries. With
/// a catalog, main-board cards are grouped under their game's section headers
/// (Numen, Fighters, Powers, ...) and an `[id]` is written only where a name is
/// shared by several cards; without one, entries keep their own sections and ids.
pub fn write_text(deck: &Deck, catalog: Option<&Catalog>) -> String {
    let mut out = String::new();
    if !deck.name.is_empty() {
        out.push_str(&format!("# {}\n", deck.name.replace('\n', " ")));
    }
    if let Some(g) = deck.game {
        out.push_str(&format!("# game: {g}\n"));
    }
    let index = catalog.map(Catalog::name_index);
    let section_of = |e: &DeckEntry| -> Option<String> {
        if let (Some(cat), Some(ix)) = (catalog, &index) {
            let card = match &e.id {
                Some(id) => ix.by_id(id),
                None => ix.named(&e.name).first().copied(),
            };
            if let Some(i) = card {
                return Some(
                    games::game(cat.game)
                        .def()
                        .section_of(&cat.cards[i].card_type)
                        .to_string(),
                );
            }
        }
        e.section.clone()
    };
    // An `[id]` is written unless it is redundant: the name names exactly one
    // card and that card has this id.
    let line_of = |e: &DeckEntry| -> String {
        let need_id = match (&e.id, &index) {
            (Some(id), Some(ix)) => match ix.named(&e.name) {
                [one] => ix.by_id(id) != Some(*one),
                _ => true,
            },
            (Some(_), None) => true,
            (None, _) => false,
        };
        match (&e.id, need_id) {
            (Some(id), true) => format!("{} {} [{}]\n", e.count, e.name, id),
            _ => format!("{} {}\n", e.count, e.name),
        }
    };
    // Main board: sections in first-seen order (the game's order with a catalog).
    let main: Vec<(&DeckEntry, Option<String>)> = deck
        .board(Board::Main)
        .map(|e| (e, section_of(e)))
        .collect();
    let mut order: Vec<Option<String>> = Vec::new();
    if let Some(cat) = catalog {
        order.extend(
            games::game(cat.game)
                .def()
                .sections
                .iter()
                .map(|s| Some(s.name.clone())),
        );
    }
    for (_, s) in &main {
        if !order.contains(s) {
            order.push(s.clone());
        }
    }
    let mut first = true;
    for s in &order {
        let group: Vec<&DeckEntry> = main
            .iter()
            .filter(|(_, x)| x == s)
            .map(|(e, _)| *e)
            .collect();
        if group.is_empty() {
            continue;
        }
        if !first {
            out.push('\n');
        }
        first = false;
        out.push_str(&format!("{}:\n", s.as_deref().unwrap_or("Main")));
        for e in group {
            out.push_str(&line_of(e));
        }
    }
    for b in [Board::Sideboard, Board::Maybeboard] {
        let mut entries = deck.board(b).peekable();
        if entries.peek().is_some() {
            if !first {
                out.push('\n');
            }
            first = false;
            out.push_str(&format!("{}:\n", b.header()));
            for e in entries {
                out.push_str(&line_of(e));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Result<Deck, Diagnostics> {
        parse_text(s, Path::new("deck.txt"))
    }

    #[test]
    fn reads_the_formats_example() {
        let d = parse(
            "# comments start with # or //\nMain:\n3 Boring Rock of Minimum Wage\n3x boring alien of sacrifice\n\
             2 Lazy Rock of Charity [lazy-rock-3]\nSideboard:\n1 Lazy Rock of Charity [lazy-rock-2]\n",
        )
        .unwrap();
        assert_eq!(d.entries.len(), 4);
        assert_eq!(d.entries[1].name, "boring alien of sacrifice");
        assert_eq!(d.entries[1].count, 3);
        assert_eq!(d.entries[2].id.as_deref(), Some("lazy-rock-3"));
        assert_eq!(d.entries[3].board, Board::Sideboard);
        assert_eq!(d.entries[3].line, Some(7));
        assert_eq!(d.main_count(), 8);
    }

    #[test]
    fn tolerant_spacing_and_forms() {
        let d =
            parse("  4   Ember   Cub  \r\n2 x Spark\n1X Frog\n// note\n\t5x\tTab Card\n").unwrap();
        let names: Vec<(u32, &str)> = d
            .entries
            .iter()
            .map(|e| (e.count, e.name.as_str()))
            .collect();
        assert_eq!(
            names,
            vec![(4, "Ember Cub"), (2, "Spark"), (1, "Frog"), (5, "Tab Card")]
        );
    }

    #[test]
    fn a_card_named_like_x_is_not_a_multiplier() {
        let d = parse("2 Xylophone\n1 x\n").unwrap_err();
        // "1 x" has a count and an `x` but no name
        assert_eq!(d.0.len(), 1);
        assert_eq!(d.0[0].line, 2);
        assert_eq!(parse("2 Xylophone\n").unwrap().entries[0].name, "Xylophone");
    }

    #[test]
    fn sections_and_boards() {
        let d =
            parse("Numen:\n1 Humlae\nFighters:\n1 Zill\nMaybeboard:\n1 Kain\nPowers:\n1 Bolt\n")
                .unwrap();
        assert_eq!(d.entries[0].section.as_deref(), Some("Numen"));
        assert_eq!(d.entries[2].board, Board::Maybeboard);
        assert_eq!(d.entries[3].board, Board::Main);
        assert_eq!(d.entries[3].section.as_deref(), Some("Powers"));
    }

    #[test]
    fn every_bad_line_is_reported_with_its_number() {
        let e = parse("3 Good\nno count here\n0 Zero\n99999 Big\n3Glued\n2 Bad [id\n2 [only-id]\n")
            .unwrap_err();
        let lines: Vec<usize> = e.0.iter().map(|d| d.line).collect();
        assert_eq!(lines, vec![2, 3, 4, 5, 6, 7]);
        assert!(
            e.to_string()
                .starts_with("deck.txt:2: `no count here` is not a card line"),
            "{e}"
        );
    }

    #[test]
    fn writer_round_trips_without_catalog() {
        let src = "Fighters:\n1 Zill\n2 Lazy Rock [lazy-rock-3]\n\nSideboard:\n1 Spare\n\nMaybeboard:\n4 Maybe\n";
        let d = parse(src).unwrap();
        let text = write_text(&d, None);
        let back = parse(&text).unwrap();
        type Key = (u32, String, Option<String>, Board, Option<String>);
        let strip = |d: &Deck| -> Vec<Key> {
            d.entries
                .iter()
                .map(|e| {
                    (
                        e.count,
                        e.name.clone(),
                        e.id.clone(),
                        e.board,
                        e.section.clone(),
                    )
                })
                .collect()
        };
        assert_eq!(strip(&back), strip(&d));
    }
}
