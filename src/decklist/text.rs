//! The plain-text deck list (formats.md §2).

use std::path::Path;

use crate::diag::Diagnostics;
use crate::games;
use crate::model::{Board, Catalog, Deck, DeckEntry, DeckNote};

use super::diag;

/// The largest count a line may give.
pub const MAX_COUNT: u32 = 9999;

/// Parses a deck list. Every bad line is reported (with its number), not only
/// the first.
///
/// Besides formats.md §2, it reads what other tools write when a user pastes
/// their lists, the way Cockatrice's plain-text loader does (keep the name,
/// drop the printing marks), and says in [`Deck::notes`] what it dropped:
/// - board headers on their own line without a colon (`Deck`, `Sideboard`:
///   MTG Arena and Moxfield), and as comments (`// Sideboard`: Cockatrice);
/// - MTG Arena's `About` block (`Name My Deck` names the deck);
/// - an `SB:` prefix putting one line in the sideboard (Cockatrice, MWS);
/// - a `[SET]` between the count and the name (MWS), a `(SET) 123` printing
///   suffix (Arena, Moxfield), and `*F*` / `*E*` foil and etched marks.
///
/// A trailing `[x]` stays this format's `[id]`; when the catalog has no such
/// id but the name alone names one card, validation reads it as another
/// tool's printing mark instead (see [`crate::rules::resolve()`]).
pub fn parse_text(text: &str, file: &Path) -> Result<Deck, Diagnostics> {
    let mut deck = Deck::default();
    let mut errors = Vec::new();
    let mut board = Board::Main;
    let mut section: Option<String> = None;
    let mut in_about = false;
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
        if line.is_empty() {
            in_about = false;
            continue;
        }
        if let Some(comment) = line.strip_prefix("//") {
            // `// Sideboard` (Cockatrice) switches boards; other comments don't
            if let Some(b) = Board::parse(comment.trim().trim_end_matches(':')) {
                board = b;
                section = None;
            }
            continue;
        }
        if let Some(comment) = line.strip_prefix('#') {
            // `# name: Deck name`, as `write_text` writes it
            if let Some(name) = comment.trim_start().strip_prefix("name:")
                && deck.name.is_empty()
            {
                deck.name = collapse(name);
            }
            continue;
        }
        if line.eq_ignore_ascii_case("about") {
            in_about = true;
            continue;
        }
        if in_about {
            // MTG Arena: `About` then `Name My Deck`, until a blank line
            if let Some(name) = line
                .strip_prefix("Name ")
                .or_else(|| line.strip_prefix("name "))
            {
                deck.name = collapse(name);
                continue;
            }
            in_about = false;
        }
        if let Some(b) = Board::parse(line).filter(|_| !line.ends_with(':')) {
            // a board header without its colon (Arena, Moxfield)
            board = b;
            section = None;
            continue;
        }
        if let Some(head) = line.strip_suffix(':')
            && !head.starts_with(|c: char| c.is_ascii_digit())
            && !is_sb_prefix(line)
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
        let (line_board, rest) = match sb_prefix(line) {
            Some(rest) => (Board::Sideboard, rest),
            None => (board, line),
        };
        match card_line(rest) {
            Ok(parsed) => {
                if !parsed.dropped.is_empty() {
                    deck.notes.push(DeckNote {
                        line: Some(n),
                        message: format!(
                            "read `{}`: dropped {}",
                            parsed.name,
                            parsed
                                .dropped
                                .iter()
                                .map(|d| format!("`{d}`"))
                                .collect::<Vec<_>>()
                                .join(" and ")
                        ),
                    });
                }
                deck.entries.push(DeckEntry {
                    count: parsed.count,
                    name: parsed.name,
                    id: parsed.id,
                    board: line_board,
                    section: if line_board == board {
                        section.clone()
                    } else {
                        None
                    },
                    line: Some(n),
                });
            }
            Err(why) => errors.push(diag(file, n, why)),
        }
    }
    if errors.is_empty() {
        Ok(deck)
    } else {
        Err(Diagnostics(errors))
    }
}

/// Whether the line starts with Cockatrice's `SB:` sideboard prefix.
fn is_sb_prefix(line: &str) -> bool {
    line.get(..3).is_some_and(|p| p.eq_ignore_ascii_case("sb:"))
}

/// The rest of a line after an `SB:` prefix.
fn sb_prefix(line: &str) -> Option<&str> {
    is_sb_prefix(line).then(|| line[3..].trim_start())
}

/// One card line, read.
#[derive(Debug, PartialEq, Eq)]
struct CardLine {
    count: u32,
    name: String,
    id: Option<String>,
    /// Marks of other tools that were dropped, as written.
    dropped: Vec<String>,
}

/// `N Name`, `Nx Name`, `N x Name`, with an optional trailing `[id]`, and the
/// printing marks of other tools (see [`parse_text`]).
fn card_line(line: &str) -> Result<CardLine, String> {
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
    let mut dropped = Vec::new();
    // MWS: `4 [M10] Lightning Bolt`
    if let Some(after) = rest.strip_prefix('[')
        && let Some(close) = after.find(']')
        && is_set_code(&after[..close])
        && !after[close + 1..].trim().is_empty()
    {
        dropped.push(format!("[{}]", &after[..close]));
        rest = after[close + 1..].trim_start();
    }
    // trailing marks, in any order: `*F*`, `(SET) 123`
    loop {
        let t = rest.trim_end();
        if let Some(mark) = foil_mark(t) {
            dropped.push(mark.trim().to_string());
            rest = &t[..t.len() - mark.len()];
        } else if let Some(mark) = printing_suffix(t) {
            dropped.push(mark.trim().to_string());
            rest = &t[..t.len() - mark.len()];
        } else {
            break;
        }
    }
    dropped.reverse();
    let mut id = None;
    if let Some(open) = rest.rfind('[') {
        let tail = rest[open..].trim_end();
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
    Ok(CardLine {
        count,
        name,
        id,
        dropped,
    })
}

/// A set code as other tools print it: 2 to 6 letters and digits, upper case,
/// at least one letter (`M10`, `ZEN`, `PLST`).
fn is_set_code(s: &str) -> bool {
    (2..=6).contains(&s.len())
        && s.bytes()
            .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
        && s.bytes().any(|b| b.is_ascii_uppercase())
}

/// A foil or etched mark at the end of `t` (Moxfield, Arena: `*F*`, `*E*`),
/// with the space before it.
fn foil_mark(t: &str) -> Option<&str> {
    ["*F*", "*f*", "*E*", "*e*"]
        .iter()
        .find(|m| t.len() > m.len() && t.ends_with(*m) && t[..t.len() - m.len()].ends_with(' '))
        .map(|m| &t[t.len() - m.len() - 1..])
}

/// A printing suffix at the end of `t`: ` (SET)` or ` (SET) 123` (a collector
/// number of digits, letters or dashes after the set code), with the space
/// before it.
fn printing_suffix(t: &str) -> Option<&str> {
    // split off an optional collector number
    let (head, _number) = match t.rsplit_once(' ') {
        Some((h, num))
            if !num.is_empty()
                && num.bytes().any(|b| b.is_ascii_digit())
                && num
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'*')
                && h.trim_end().ends_with(')') =>
        {
            (h.trim_end(), num)
        }
        _ => (t, ""),
    };
    let inner = head.strip_suffix(')')?;
    let open = inner.rfind('(')?;
    if !is_set_code(&inner[open + 1..]) || !inner[..open].ends_with(' ') {
        return None;
    }
    let start = open - 1;
    if inner[..start].trim().is_empty() {
        return None;
    }
    Some(&t[start..])
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
        out.push_str(&format!("# name: {}\n", deck.name.replace('\n', " ")));
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

    fn names_and_boards(d: &Deck) -> Vec<(u32, &str, Board)> {
        d.entries
            .iter()
            .map(|e| (e.count, e.name.as_str(), e.board))
            .collect()
    }

    #[test]
    fn arena_and_moxfield_headers_without_a_colon() {
        let d = parse("Deck\n4 Ember Cub\n\nSideboard\n2 Spark\n").unwrap();
        assert_eq!(
            names_and_boards(&d),
            vec![
                (4, "Ember Cub", Board::Main),
                (2, "Spark", Board::Sideboard)
            ]
        );
        assert!(d.notes.is_empty());
    }

    #[test]
    fn arena_about_block_names_the_deck() {
        let d = parse("About\nName Fuzzy Rush\n\nDeck\n30 Ember Cub\n").unwrap();
        assert_eq!(d.name, "Fuzzy Rush");
        assert_eq!(names_and_boards(&d), vec![(30, "Ember Cub", Board::Main)]);
    }

    #[test]
    fn cockatrice_sb_prefix_puts_one_line_in_the_sideboard() {
        let d = parse("4 Ember Cub\nSB: 2 Spark\nsb:1 Frog\n3 Moth\n").unwrap();
        assert_eq!(
            names_and_boards(&d),
            vec![
                (4, "Ember Cub", Board::Main),
                (2, "Spark", Board::Sideboard),
                (1, "Frog", Board::Sideboard),
                (3, "Moth", Board::Main),
            ]
        );
    }

    #[test]
    fn set_and_collector_number_suffix_is_dropped_with_a_note() {
        let d = parse("1 Bristling Boar (M20) 338\n2 Ember Cub (GW1)\n").unwrap();
        assert_eq!(d.entries[0].name, "Bristling Boar");
        assert_eq!(d.entries[1].name, "Ember Cub");
        assert_eq!(d.notes.len(), 2);
        assert_eq!(d.notes[0].line, Some(1));
        assert!(d.notes[0].message.contains("`(M20) 338`"), "{}", d.notes[0]);
        // a name with a parenthesis that is not a set code is kept whole
        let d = parse("1 Thing (alt art)\n").unwrap();
        assert_eq!(d.entries[0].name, "Thing (alt art)");
        assert!(d.notes.is_empty());
    }

    #[test]
    fn mws_set_code_before_the_name_is_dropped() {
        let d = parse("4 [M10] Lightning Bolt\nSB: 1 [ZEN] Forest\n").unwrap();
        assert_eq!(
            names_and_boards(&d),
            vec![
                (4, "Lightning Bolt", Board::Main),
                (1, "Forest", Board::Sideboard)
            ]
        );
        assert!(d.notes[0].message.contains("`[M10]`"));
        assert_eq!(d.entries[0].id, None);
    }

    #[test]
    fn foil_and_etched_marks_are_dropped() {
        let d = parse("1 Ember Cub (GW1) 12 *F*\n1 Spark *E*\n").unwrap();
        assert_eq!(d.entries[0].name, "Ember Cub");
        assert_eq!(d.entries[1].name, "Spark");
        assert!(
            d.notes[0].message.contains("`(GW1) 12` and `*F*`"),
            "{}",
            d.notes[0]
        );
    }

    #[test]
    fn comment_headers_switch_boards() {
        let d = parse("// Deck name\n4 Ember Cub\n// Sideboard\n2 Spark\n// Maybeboard:\n1 Frog\n")
            .unwrap();
        assert_eq!(
            names_and_boards(&d),
            vec![
                (4, "Ember Cub", Board::Main),
                (2, "Spark", Board::Sideboard),
                (1, "Frog", Board::Maybeboard)
            ]
        );
    }

    #[test]
    fn our_own_ids_are_kept_as_ids() {
        let d = parse("2 Lazy Rock of Charity [lazy-rock-3]\n").unwrap();
        assert_eq!(d.entries[0].id.as_deref(), Some("lazy-rock-3"));
        assert!(d.notes.is_empty());
    }
}
