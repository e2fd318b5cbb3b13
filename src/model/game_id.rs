//! Game ids: the five built-in games by their stable ids (formats.md), and the
//! games users add as game-definition files, by the id their file declares.
//!
//! This is the one list of game ids. A [`GameId`] is a `Copy` handle on an
//! interned `&'static str`: the built-in ids are constants, and a game file's id
//! is interned once when the file is loaded (a bounded leak: one string per
//! game). Only ids that are *known* — built in, or registered by
//! [`crate::games`] when it loads a game file — parse from text, so a catalog
//! naming a game nobody defined is an input error, not a game with no rules.

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;
use std::sync::{PoisonError, RwLock};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A game id as used in catalog files, deck files, the database and the CLI.
///
/// The built-in games are associated constants with their historic names
/// (`GameId::Fuzzycards`); `match` on them works with a wildcard arm for the
/// games added as data. Ids order as the app lists them: the built-in games in
/// [`GameId::ALL`] order, then added games in the order they were loaded.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct GameId(&'static str);

#[allow(
    non_upper_case_globals,
    reason = "the built-in games keep the names they had as enum variants"
)]
impl GameId {
    pub const Fuzzycards: GameId = GameId("fuzzycards");
    pub const BizarreWorld: GameId = GameId("bizarre-world");
    pub const Rizontical: GameId = GameId("rizontical");
    pub const StrangeWorld: GameId = GameId("strange-world");
    pub const DiceOfDestiny: GameId = GameId("dice-of-destiny");

    /// The built-in games, in the order the app lists them. Every game known
    /// at run time (these and the added ones) is [`GameId::known`].
    pub const ALL: [GameId; 5] = [
        GameId::Fuzzycards,
        GameId::BizarreWorld,
        GameId::Rizontical,
        GameId::StrangeWorld,
        GameId::DiceOfDestiny,
    ];

    /// The id used in files and on the command line.
    pub fn as_str(self) -> &'static str {
        self.0
    }

    /// Whether this is one of the five games that ship with Deckwright.
    pub fn is_builtin(self) -> bool {
        GameId::ALL.contains(&self)
    }

    /// The id for `text`, interned, whether or not a game with that id is
    /// known. For a game file being read or checked; parsing ([`FromStr`])
    /// only accepts known ids.
    pub fn intern(text: &str) -> GameId {
        match GameId::ALL.into_iter().find(|g| g.0 == text) {
            Some(g) => g,
            None => GameId(super::intern(text)),
        }
    }

    /// Makes an added game's id known (parsable and listed), after the built-in
    /// games and the games added before it. Registering twice is harmless.
    pub fn register(self) {
        if self.is_builtin() {
            return;
        }
        let mut added = ADDED.write().unwrap_or_else(PoisonError::into_inner);
        if !added.contains(&self) {
            added.push(self);
        }
    }

    /// Every known game: the built-in ones, then the added ones in the order
    /// they were registered.
    pub fn known() -> Vec<GameId> {
        let added = ADDED.read().unwrap_or_else(PoisonError::into_inner);
        GameId::ALL.iter().chain(added.iter()).copied().collect()
    }

    /// Where the app lists this game: its position among [`GameId::known`]
    /// (an id that is not known sorts last).
    fn rank(self) -> usize {
        if let Some(i) = GameId::ALL.iter().position(|g| *g == self) {
            return i;
        }
        let added = ADDED.read().unwrap_or_else(PoisonError::into_inner);
        added
            .iter()
            .position(|g| *g == self)
            .map_or(usize::MAX, |i| GameId::ALL.len() + i)
    }
}

/// Added games made known by [`GameId::register`], in registration order.
static ADDED: RwLock<Vec<GameId>> = RwLock::new(Vec::new());

impl PartialOrd for GameId {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for GameId {
    fn cmp(&self, other: &Self) -> Ordering {
        self.rank()
            .cmp(&other.rank())
            .then_with(|| self.0.cmp(other.0))
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl fmt::Debug for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "GameId({})", self.0)
    }
}

/// A string that is not the id of a known game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown game `{id}` (known: {known}; a game of your own is added with --game-file FILE.toml or a file in the games/ folder beside the database)"
)]
pub struct UnknownGame {
    pub id: String,
    /// The known ids, comma-separated.
    pub known: String,
}

impl UnknownGame {
    pub fn new(id: impl Into<String>) -> UnknownGame {
        UnknownGame {
            id: id.into(),
            known: GameId::known()
                .iter()
                .map(|g| g.as_str())
                .collect::<Vec<_>>()
                .join(", "),
        }
    }
}

impl FromStr for GameId {
    type Err = UnknownGame;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        GameId::known()
            .into_iter()
            .find(|g| g.as_str() == s)
            .ok_or_else(|| UnknownGame::new(s))
    }
}

impl Serialize for GameId {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0)
    }
}

impl<'de> Deserialize<'de> for GameId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip() {
        for g in GameId::ALL {
            assert_eq!(g.as_str().parse::<GameId>().unwrap(), g);
            assert_eq!(
                serde_json::to_string(&g).unwrap(),
                format!("\"{}\"", g.as_str())
            );
            assert_eq!(
                serde_json::from_str::<GameId>(&format!("\"{g}\"")).unwrap(),
                g
            );
        }
        assert!("Fuzzycards".parse::<GameId>().is_err());
    }

    #[test]
    fn added_ids_are_known_once_registered_and_sort_after_the_builtins() {
        let id = GameId::intern("id-test-game");
        assert_eq!(GameId::intern("id-test-game"), id);
        assert!(!id.is_builtin());
        let err = "id-test-game".parse::<GameId>();
        if GameId::known().contains(&id) {
            // another test in this process registered it already
            assert!(err.is_ok());
        } else {
            let e = err.unwrap_err().to_string();
            assert!(
                e.contains("unknown game `id-test-game`") && e.contains("fuzzycards"),
                "{e}"
            );
        }
        id.register();
        id.register();
        assert_eq!("id-test-game".parse::<GameId>().unwrap(), id);
        assert_eq!(GameId::known().iter().filter(|g| **g == id).count(), 1);
        let mut ids = vec![id, GameId::DiceOfDestiny, GameId::Fuzzycards];
        ids.sort();
        assert_eq!(ids, vec![GameId::Fuzzycards, GameId::DiceOfDestiny, id]);
        assert!(GameId::StrangeWorld < GameId::DiceOfDestiny);
    }

    #[test]
    fn builtin_consts_match_in_patterns() {
        let name = |g: GameId| match g {
            GameId::Fuzzycards => "fz",
            GameId::StrangeWorld => "sw",
            _ => "other",
        };
        assert_eq!(name(GameId::Fuzzycards), "fz");
        assert_eq!(name("strange-world".parse().unwrap()), "sw");
        assert_eq!(name(GameId::Rizontical), "other");
    }
}
