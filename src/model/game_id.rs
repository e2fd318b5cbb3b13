//! The five games Deckwright knows, by their stable ids (formats.md).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A game id as used in catalog files, deck files, the database and the CLI.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameId {
    Fuzzycards,
    BizarreWorld,
    Rizontical,
    StrangeWorld,
    DiceOfDestiny,
}

impl GameId {
    /// Every game, in the order the app lists them.
    pub const ALL: [GameId; 5] = [
        GameId::Fuzzycards,
        GameId::BizarreWorld,
        GameId::Rizontical,
        GameId::StrangeWorld,
        GameId::DiceOfDestiny,
    ];

    /// The id used in files and on the command line.
    pub fn as_str(self) -> &'static str {
        match self {
            GameId::Fuzzycards => "fuzzycards",
            GameId::BizarreWorld => "bizarre-world",
            GameId::Rizontical => "rizontical",
            GameId::StrangeWorld => "strange-world",
            GameId::DiceOfDestiny => "dice-of-destiny",
        }
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A string that is not one of the game ids.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown game `{0}` (expected one of: fuzzycards, bizarre-world, rizontical, strange-world, dice-of-destiny)"
)]
pub struct UnknownGame(pub String);

impl FromStr for GameId {
    type Err = UnknownGame;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        GameId::ALL
            .into_iter()
            .find(|g| g.as_str() == s)
            .ok_or_else(|| UnknownGame(s.to_string()))
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
        }
        assert!("Fuzzycards".parse::<GameId>().is_err());
    }
}
