//! Forge `.dck` decks: INI-like `[metadata]` with `Name=`, then `[Main]`,
//! `[Sideboard]`, ... sections of `N Card Name|SET|art` lines.
//!
//! Forge has no maybeboard and no catalog ids. Deckwright writes the
//! maybeboard as a `[Maybeboard]` section (Forge skips sections it does not
//! know) and a card's id in the set position, in brackets — `2 Lazy Rock of
//! Charity|[lazy-rock-3]` — where no Forge set code can be mistaken for it, so
//! an exported deck reads back with every board and the same cards.

use std::path::Path;

use crate::diag::Diagnostics;
use crate::model::{Board, Deck, DeckEntry};

use super::diag;
use super::text::MAX_COUNT;

/// Reads a Forge deck. `[Main]` and `[Commander]` are the main board,
/// `[Sideboard]` the sideboard, `[Maybeboard]` (ours) the maybeboard;
/// `[Planes]`, `[Schemes]` and `[Conspiracy]` are skipped. The `|SET|art`
/// suffix of a card line is dropped, but for a `|[id]` Deckwright wrote.
pub fn parse_dck(text: &str, file: &Path) -> Result<Deck, Diagnostics> {
    let mut deck = Deck::default();
    let mut errors = Vec::new();
    let mut section: Option<(Board, Option<String>)> = None;
    let mut in_meta = false;
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.trim();
        if line.is_empty()
            || line.starts_with('#')
            || line.starts_with(';')
            || line.starts_with("//")
        {
            continue;
        }
        if let Some(head) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            let head = head.trim().to_lowercase();
            in_meta = head == "metadata";
            section = match head.as_str() {
                "main" => Some((Board::Main, None)),
                "commander" => Some((Board::Main, Some("Commander".to_string()))),
                "sideboard" => Some((Board::Sideboard, None)),
                "maybeboard" => Some((Board::Maybeboard, None)),
                _ => None,
            };
            continue;
        }
        if in_meta {
            if let Some(v) = line.strip_prefix("Name=") {
                deck.name = v.trim().to_string();
            }
            continue;
        }
        let Some((board, sect)) = &section else {
            continue;
        };
        let digits = line.bytes().take_while(u8::is_ascii_digit).count();
        let mut parts = line[digits..].trim_start().split('|');
        let name_part = parts.next().unwrap_or("").trim();
        let id = parts
            .next()
            .and_then(|set| set.trim().strip_prefix('['))
            .and_then(|set| set.strip_suffix(']'))
            .map(str::trim)
            .filter(|id| !id.is_empty())
            .map(str::to_string);
        match line[..digits].parse::<u32>() {
            Ok(c)
                if (1..=MAX_COUNT).contains(&c)
                    && !name_part.is_empty()
                    && line[digits..].starts_with(char::is_whitespace) =>
            {
                deck.entries.push(DeckEntry {
                    count: c,
                    name: name_part.split_whitespace().collect::<Vec<_>>().join(" "),
                    id,
                    board: *board,
                    section: sect.clone(),
                    line: Some(n),
                })
            }
            _ => errors.push(diag(
                file,
                n,
                format!("`{line}` is not a Forge card line (`N Card Name|SET`)"),
            )),
        }
    }
    if errors.is_empty() {
        Ok(deck)
    } else {
        Err(Diagnostics(errors))
    }
}

/// Writes a Forge deck: every board, each card's count, name and, when the
/// entry has one, its catalog id (see the module docs).
pub fn write_dck(deck: &Deck) -> String {
    let mut out = format!("[metadata]\nName={}\n", deck.name.replace('\n', " "));
    for (board, head) in [
        (Board::Main, "Main"),
        (Board::Sideboard, "Sideboard"),
        (Board::Maybeboard, "Maybeboard"),
    ] {
        let mut entries = deck.board(board).peekable();
        if entries.peek().is_none() {
            continue;
        }
        out.push_str(&format!("[{head}]\n"));
        for e in entries {
            match &e.id {
                Some(id) => out.push_str(&format!("{} {}|[{id}]\n", e.count, e.name)),
                None => out.push_str(&format!("{} {}\n", e.count, e.name)),
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_forge_sections() {
        let src = "[metadata]\nName=Dice Rush\n[Main]\n3 Frog Knight|DD1|1\n2 Bolt\n[Sideboard]\n1 Spare|X\n[Planes]\n1 Somewhere\n";
        let d = parse_dck(src, Path::new("x.dck")).unwrap();
        assert_eq!(d.name, "Dice Rush");
        assert_eq!(d.entries.len(), 3);
        assert_eq!(d.entries[0].name, "Frog Knight");
        assert_eq!(d.entries[2].board, Board::Sideboard);
        let again = parse_dck(&write_dck(&d), Path::new("x.dck")).unwrap();
        assert_eq!(again.entries.len(), 3);
    }

    #[test]
    fn bad_line_is_numbered() {
        let e = parse_dck("[Main]\n3 Ok\nnonsense\n", Path::new("x.dck")).unwrap_err();
        assert_eq!(e.0[0].line, 3);
    }
}
