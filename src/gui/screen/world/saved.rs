//! The World game in progress, kept in the store's settings so that it
//! survives a restart of the app (issue 15), as the open deck does.
//!
//! The record is small: the catalog, the seed, the number of players and the
//! computer players' level, and the user's moves in order — not the state.
//! The engines are seeded and deterministic (the deal, the rules and the
//! computer players alike), so dealing from the seed and playing the moves
//! again brings back the same board, log and undo history. It is written
//! after every change of the game (one upsert, atomic), so a killed app
//! loses at most the move being written.

use serde::{Deserialize, Serialize};

use crate::engine::solo::{Action as Move, MAX_SEATS, MatchAction, SeatLevel};
use crate::store::{CatalogId, IdMap};

/// The settings key of the record: one World game per app.
pub const KEY: &str = "world.game";

/// The record's format; a record of another format is not replayed.
const VERSION: u32 = 1;

/// A World game in progress, as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Saved {
    pub version: u32,
    pub catalog: CatalogId,
    pub seed: u64,
    /// 1: the solo game; 2 to 4: the user against computer players.
    pub players: u8,
    pub level: SeatLevel,
    /// The solo game's moves, oldest first.
    #[serde(default)]
    pub moves: Vec<Move>,
    /// The user's moves in the game for 2 to 4, oldest first.
    #[serde(default)]
    pub table: Vec<MatchAction>,
}

impl Saved {
    /// A record of the current format.
    pub fn new(catalog: CatalogId, seed: u64, players: u8, level: SeatLevel) -> Saved {
        Saved {
            version: VERSION,
            catalog,
            seed,
            players,
            level,
            moves: Vec::new(),
            table: Vec::new(),
        }
    }

    /// The record as stored (compact JSON).
    pub fn to_json(&self) -> String {
        // a struct of numbers, strings and enums: writing it cannot fail
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads a stored record; what is wrong with it comes back in words.
    pub fn parse(text: &str) -> Result<Saved, String> {
        let s: Saved = serde_json::from_str(text).map_err(|e| e.to_string())?;
        if s.version != VERSION {
            return Err(format!(
                "it was written in format {} (this version reads {VERSION})",
                s.version
            ));
        }
        if !(1..=MAX_SEATS).contains(&usize::from(s.players)) {
            return Err(format!("{} players is not a World game", s.players));
        }
        Ok(s)
    }
}

/// The record with its catalog's id as an import of an export gave it:
/// `(key, value, ids)` → the new value, or `None` to store the value as it
/// is (the shape of [`crate::store::SettingRemap`]; the app's remap of its
/// settings calls it for [`KEY`]).
pub fn remap_ids(key: &str, value: &str, ids: &IdMap) -> Option<String> {
    if key != KEY {
        return None;
    }
    let mut s = Saved::parse(value).ok()?;
    let now = ids.catalog(s.catalog)?;
    if now == s.catalog {
        return None;
    }
    s.catalog = now;
    Some(s.to_json())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::solo::{Pos, Side, SunDirection};

    fn sample() -> Saved {
        let mut s = Saved::new(CatalogId(3), 1_234_567_890_123, 3, SeatLevel::Strong);
        s.moves = vec![
            Move::TakeStack { stack: 6 },
            Move::Place {
                card: 17,
                at: Pos::new(4, 3).unwrap(),
            },
            Move::Welcome {
                traveller: 2,
                side: Side::Right,
                upper: 1,
            },
            Move::Decline,
            Move::Erupt {
                at: Pos::new(0, 6).unwrap(),
            },
            Move::Join { with: Pos::START },
        ];
        s.table = vec![
            MatchAction::Sun {
                seat: 0,
                direction: SunDirection::Counterclockwise,
            },
            MatchAction::PassTwo {
                seat: 0,
                cards: [4, 9],
            },
            MatchAction::PassOne { seat: 0, card: 11 },
            MatchAction::Seat {
                seat: 0,
                action: Move::TakeStack { stack: 0 },
            },
        ];
        s
    }

    #[test]
    fn every_kind_of_move_reads_back() {
        let s = sample();
        let text = s.to_json();
        assert_eq!(Saved::parse(&text).unwrap(), s);
        // the encoding is readable, and stable: these names are the format
        for part in [
            "\"catalog\":3",
            "\"seed\":1234567890123",
            "\"level\":\"strong\"",
            "\"action\":\"take-stack\"",
            "\"kind\":\"pass-two\"",
            "\"direction\":\"counterclockwise\"",
            "\"side\":\"right\"",
        ] {
            assert!(text.contains(part), "{part} in {text}");
        }
    }

    #[test]
    fn a_record_without_moves_is_a_fresh_deal() {
        let s = Saved::parse(r#"{"version":1,"catalog":2,"seed":7,"players":1,"level":"quick"}"#)
            .unwrap();
        assert_eq!(s, Saved::new(CatalogId(2), 7, 1, SeatLevel::Quick));
    }

    #[test]
    fn bad_records_are_refused_in_words() {
        let good = sample().to_json();
        let cases = [
            ("not json", "expected"),
            (&good.replace("\"version\":1", "\"version\":9"), "format 9"),
            (&good.replace("\"players\":3", "\"players\":5"), "5 players"),
            (&good.replace("\"players\":3", "\"players\":0"), "0 players"),
            (
                &good.replace("\"level\":\"strong\"", "\"level\":\"godlike\""),
                "godlike",
            ),
            (&good.replace("\"stack\":6", "\"stack\":-1"), "-1"),
            // a cell off the board (column 7)
            (
                &good.replace("\"at\":28", "\"at\":31"),
                "not a cell of the board",
            ),
        ];
        for (text, why) in cases {
            let e = Saved::parse(text).unwrap_err();
            assert!(e.contains(why), "{text}: {e}");
        }
    }

    #[test]
    fn an_import_moves_the_catalog_id() {
        let mut ids = IdMap::default();
        ids.catalogs.insert(3, CatalogId(8));
        ids.catalogs.insert(4, CatalogId(4));
        let s = sample();
        let moved = Saved::parse(&remap_ids(KEY, &s.to_json(), &ids).unwrap()).unwrap();
        assert_eq!(moved.catalog, CatalogId(8));
        assert_eq!(
            (moved.seed, &moved.moves, &moved.table),
            (s.seed, &s.moves, &s.table)
        );
        // the same id, an unknown one, another key or no record: as it is
        let mut same = s.clone();
        same.catalog = CatalogId(4);
        assert_eq!(remap_ids(KEY, &same.to_json(), &ids), None);
        same.catalog = CatalogId(5);
        assert_eq!(remap_ids(KEY, &same.to_json(), &ids), None);
        assert_eq!(remap_ids("print", &s.to_json(), &ids), None);
        assert_eq!(remap_ids(KEY, "not json", &ids), None);
    }
}
