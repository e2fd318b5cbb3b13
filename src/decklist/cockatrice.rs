//! Cockatrice `.cod` decks: `<cockatrice_deck>` with `<zone name="main|side">`
//! holding `<card number="N" name="..."/>`.
//!
//! Deckwright writes two things Cockatrice does not have, in ways Cockatrice
//! reads past: the maybeboard as `<zone name="maybeboard">` (Cockatrice shows
//! an unknown zone as one more zone of the deck) and a card's catalog id as an
//! `id="..."` attribute (unknown attributes are ignored), so that a deck
//! exported and imported again keeps every board and picks the same cards
//! (Bizarre World cost variants share a name).

use std::path::Path;

use quick_xml::escape::escape;
use quick_xml::events::{BytesStart, Event};
use quick_xml::{Reader, XmlVersion};

use crate::diag::{Diagnostics, LineIndex};
use crate::model::{Board, Deck, DeckEntry};

use super::diag;
use super::text::MAX_COUNT;

fn attr(e: &BytesStart<'_>, key: &str) -> Result<Option<String>, String> {
    for a in e.attributes() {
        let a = a.map_err(|err| format!("bad attribute: {err}"))?;
        if a.key.as_ref() == key {
            return a
                .normalized_value(XmlVersion::Implicit1_0)
                .map(|v| Some(v.into_owned()))
                .map_err(|err| format!("bad attribute value: {err}"));
        }
    }
    Ok(None)
}

fn entity(name: &str) -> Option<char> {
    Some(match name {
        "amp" => '&',
        "lt" => '<',
        "gt" => '>',
        "quot" => '"',
        "apos" => '\'',
        _ => return None,
    })
}

/// Reads a Cockatrice deck. Zones `main` and `side` map to the main board and
/// the sideboard; `tokens` and other zones are skipped.
pub fn parse_cod(text: &str, file: &Path) -> Result<Deck, Diagnostics> {
    let lines = LineIndex::new(text);
    let mut reader = Reader::from_str(text);
    let mut deck = Deck::default();
    let mut errors = Vec::new();
    let mut zone: Option<Board> = None;
    let mut in_name = false;
    let mut saw_root = false;
    loop {
        let pos = reader.buffer_position() as usize;
        let line = lines.locate(pos.min(text.len())).0;
        let ev = match reader.read_event() {
            Ok(ev) => ev,
            Err(e) => {
                let at = lines
                    .locate((reader.error_position() as usize).min(text.len()))
                    .0;
                errors.push(diag(
                    file,
                    at,
                    format!("not a valid Cockatrice deck (XML error: {e})"),
                ));
                break;
            }
        };
        match ev {
            Event::Eof => break,
            Event::Start(e) | Event::Empty(e) => match e.name().as_ref() {
                "cockatrice_deck" => saw_root = true,
                "deckname" => in_name = true,
                "zone" => {
                    zone = match attr(&e, "name") {
                        Ok(Some(z)) => match z.as_str() {
                            "main" => Some(Board::Main),
                            "side" => Some(Board::Sideboard),
                            "maybeboard" | "maybe" => Some(Board::Maybeboard),
                            _ => None,
                        },
                        Ok(None) => {
                            errors.push(diag(file, line, "a <zone> needs a name attribute"));
                            None
                        }
                        Err(m) => {
                            errors.push(diag(file, line, m));
                            None
                        }
                    }
                }
                "card" => {
                    let Some(board) = zone else { continue };
                    let number = attr(&e, "number");
                    let name = attr(&e, "name");
                    let id = attr(&e, "id")
                        .ok()
                        .flatten()
                        .filter(|i| !i.trim().is_empty());
                    match (number, name) {
                        (Ok(Some(n)), Ok(Some(name))) if !name.trim().is_empty() => match n
                            .trim()
                            .parse::<u32>(
                        ) {
                            Ok(c) if (1..=MAX_COUNT).contains(&c) => deck.entries.push(DeckEntry {
                                count: c,
                                name: name.split_whitespace().collect::<Vec<_>>().join(" "),
                                id: id.map(|i| i.trim().to_string()),
                                board,
                                section: None,
                                line: Some(line),
                            }),
                            _ => errors.push(diag(
                                file,
                                line,
                                format!("card number `{n}` must be between 1 and {MAX_COUNT}"),
                            )),
                        },
                        (Err(m), _) | (_, Err(m)) => errors.push(diag(file, line, m)),
                        _ => errors.push(diag(
                            file,
                            line,
                            "a <card> needs number and name attributes",
                        )),
                    }
                }
                _ => {}
            },
            Event::End(e) => {
                if e.name().as_ref() == "deckname" {
                    in_name = false;
                } else if e.name().as_ref() == "zone" {
                    zone = None;
                }
            }
            Event::Text(t) if in_name => deck.name.push_str(&t.xml10_content()),
            Event::GeneralRef(r) if in_name => {
                let c = match r.resolve_char_ref() {
                    Ok(Some(c)) => Some(c),
                    _ => entity(&r),
                };
                deck.name.extend(c);
            }
            _ => {}
        }
    }
    if !saw_root && errors.is_empty() {
        errors.push(diag(
            file,
            1,
            "not a Cockatrice deck: no <cockatrice_deck> element",
        ));
    }
    deck.name = deck.name.trim().to_string();
    if errors.is_empty() {
        Ok(deck)
    } else {
        Err(Diagnostics(errors))
    }
}

/// Writes a Cockatrice deck: every board, each card's count, name and, when
/// the entry has one, its catalog id (see the module docs).
pub fn write_cod(deck: &Deck) -> String {
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<cockatrice_deck version=\"1\">\n",
    );
    out.push_str(&format!(
        "    <deckname>{}</deckname>\n    <comments></comments>\n",
        escape(deck.name.as_str())
    ));
    for (board, zone) in [
        (Board::Main, "main"),
        (Board::Sideboard, "side"),
        (Board::Maybeboard, "maybeboard"),
    ] {
        let mut entries = deck.board(board).peekable();
        if entries.peek().is_none() {
            continue;
        }
        out.push_str(&format!("    <zone name=\"{zone}\">\n"));
        for e in entries {
            let id =
                e.id.as_deref()
                    .map(|i| format!(" id=\"{}\"", escape(i)))
                    .unwrap_or_default();
            out.push_str(&format!(
                "        <card number=\"{}\" name=\"{}\"{id}/>\n",
                e.count,
                escape(e.name.as_str())
            ));
        }
        out.push_str("    </zone>\n");
    }
    out.push_str("</cockatrice_deck>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const COD: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<cockatrice_deck version="1">
    <deckname>Rocks &amp; Aliens</deckname>
    <comments>test</comments>
    <zone name="main">
        <card number="3" name="Boring Rock of Minimum Wage"/>
        <card number="2" name="Boring Alien of Sacrifice"/>
    </zone>
    <zone name="side">
        <card number="1" name="Lazy Rock of Charity"/>
    </zone>
    <zone name="tokens">
        <card number="1" name="Spirit"/>
    </zone>
</cockatrice_deck>
"#;

    #[test]
    fn reads_zones_and_name() {
        let d = parse_cod(COD, Path::new("d.cod")).unwrap();
        assert_eq!(d.name, "Rocks & Aliens");
        assert_eq!(d.entries.len(), 3);
        assert_eq!(d.entries[0].count, 3);
        assert_eq!(d.entries[0].line, Some(6));
        assert_eq!(d.entries[2].board, Board::Sideboard);
    }

    #[test]
    fn round_trips() {
        let d = parse_cod(COD, Path::new("d.cod")).unwrap();
        let again = parse_cod(&write_cod(&d), Path::new("d.cod")).unwrap();
        assert_eq!(again.name, d.name);
        let key = |d: &Deck| {
            d.entries
                .iter()
                .map(|e| (e.count, e.name.clone(), e.board))
                .collect::<Vec<_>>()
        };
        assert_eq!(key(&again), key(&d));
    }

    #[test]
    fn bad_xml_names_a_line() {
        let e = parse_cod("<cockatrice_deck>\n<zone name=\"main\">\n<card number=\"x\" name=\"A\"/>\n</zone>\n<oops\n", Path::new("d.cod"))
            .unwrap_err();
        assert!(e.0.iter().any(|d| d.line == 3), "{e}");
        assert!(parse_cod("hello", Path::new("d.cod")).is_err());
    }
}
