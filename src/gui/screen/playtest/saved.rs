//! The game in progress, kept in the store so it survives a restart (and a
//! crash: it is written after every decision).
//!
//! Not the game's state: the deck, the seed, the seat, the opponent and
//! level, and the player's moves in order. The engines are seeded and
//! deterministic, the computer's answers included, so dealing from the
//! seed and playing the moves again sets the table up exactly as it was,
//! with Undo still able to take each move back. A deck edited since then
//! may refuse a move: the screen then deals again from the same seed and
//! says so.
//!
//! The screen writes it through [`crate::gui::db::OrderedWrites`]: a write
//! that lands late never replaces a newer one.

use serde::{Deserialize, Serialize};

use crate::engine::core::Seat;
use crate::engine::game::Level;
use crate::engine::session::ActionKey;
use crate::store::{self, DeckId, Store};

use super::Step;

/// The key of the record in the store's settings.
pub const KEY: &str = "playtest.game";

/// A game in progress, as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedGame {
    pub deck: DeckId,
    pub seed: u64,
    pub seat: Seat,
    /// The computer's deck, when playing against it.
    pub opponent: Option<DeckId>,
    pub level: Level,
    /// The player's moves, oldest first.
    pub moves: Vec<ActionKey>,
    /// The log's decisions in the game's words.
    pub steps: Vec<Step>,
}

/// What tells one saved game from the next without encoding its moves:
/// a write is due when it changes.
pub type Mark = (DeckId, u64, Seat, Option<DeckId>, Level, usize, usize);

/// The stored game, if any. A record that does not read (written by a
/// later version, or damaged) is no game: the screen deals a new one.
pub fn load(s: &Store) -> store::Result<Option<SavedGame>> {
    Ok(s.setting(KEY)?
        .and_then(|json| serde_json::from_str::<SavedGame>(&json).ok()))
}

impl SavedGame {
    /// The record as stored (compact JSON).
    pub fn to_json(&self) -> String {
        // ids, numbers, strings and JSON values: writing it cannot fail
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// Stores `game` (at once, on this thread: for tools and tests; the screen
/// writes in the background, in order).
pub fn save(s: &mut Store, game: &SavedGame) -> store::Result<()> {
    s.set_setting(KEY, &game.to_json())
}

/// [`KEY`]'s record with the deck ids an import gave (`None`: another key,
/// nothing moved, or a deck the export did not have: stored as it is, and
/// the screen deals a new game for lack of its deck).
pub fn remap_ids(key: &str, value: &str, ids: &store::IdMap) -> Option<String> {
    if key != KEY {
        return None;
    }
    let mut g: SavedGame = serde_json::from_str(value).ok()?;
    let deck = ids.deck(g.deck)?;
    let opponent = match g.opponent {
        Some(o) => Some(ids.deck(o)?),
        None => None,
    };
    if (deck, opponent) == (g.deck, g.opponent) {
        return None;
    }
    g.deck = deck;
    g.opponent = opponent;
    serde_json::to_string(&g).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::GameId;

    fn game() -> SavedGame {
        SavedGame {
            deck: DeckId(3),
            seed: 42,
            seat: Seat::Second,
            opponent: Some(DeckId(5)),
            level: Level::Strong,
            moves: vec![ActionKey {
                game: GameId::Fuzzycards,
                action: serde_json::json!({"action": "play", "card": 7}),
            }],
            steps: vec![Step {
                at: 2,
                line: "turn 1 · Activate: Play Ember Cub".into(),
            }],
        }
    }

    #[test]
    fn an_import_that_renumbers_decks_rewrites_the_game() {
        let json = game().to_json();
        let mut ids = store::IdMap::default();
        ids.decks.insert(3, DeckId(13));
        // the opponent's deck is not in the export: stored as it is
        assert_eq!(remap_ids(KEY, &json, &ids), None);
        ids.decks.insert(5, DeckId(15));
        let moved: SavedGame = serde_json::from_str(&remap_ids(KEY, &json, &ids).unwrap()).unwrap();
        assert_eq!((moved.deck, moved.opponent), (DeckId(13), Some(DeckId(15))));
        assert_eq!(moved.moves, game().moves);
        ids.decks.insert(3, DeckId(3));
        ids.decks.insert(5, DeckId(5));
        assert_eq!(remap_ids(KEY, &json, &ids), None, "nothing moved");
        assert_eq!(remap_ids("print", &json, &ids), None);
    }

    #[test]
    fn a_saved_game_reads_back() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = Store::open(dir.path().join("d.sqlite")).unwrap();
        assert_eq!(load(&s).unwrap(), None);
        save(&mut s, &game()).unwrap();
        assert_eq!(load(&s).unwrap(), Some(game()));
        // (a write that comes late never undoes a newer one: the screen's
        // writes go through `OrderedWrites`, tested in `gui::db`)
        // a damaged record is no game
        s.set_setting(KEY, "{not json").unwrap();
        assert_eq!(load(&s).unwrap(), None);
    }
}
