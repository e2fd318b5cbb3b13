//! The pieces the engines not yet moved onto the shared core still use: their
//! one-player zones, their card table, the flat effect sums and the old
//! vocabulary module. Each game that moves to its own folder on
//! [`super::core`] and [`super::effect`] stops importing this; when the last
//! one has, the folder goes.

pub mod fx;
pub mod sim;
pub mod table;
pub mod zones;

use crate::engine::coverage::CardReading;
use crate::engine::effect::catalog::{Flat, abilities};
use crate::engine::effect::{Resource, Target};
use crate::engine::session::{EngineError, EngineOptions};
use crate::model::{Card, GameId};

/// What an old engine makes of a card: its `effects` tables, and the reason
/// its own `unmodelled` check gives for what it does not play.
pub fn reading(card: &Card, why: Option<String>) -> CardReading {
    CardReading {
        abilities: abilities(
            &card.effects,
            Flat {
                energy: Resource::Energy,
                atk: Target::This,
            },
        ),
        not_understood: why.into_iter().collect(),
        has_rules_text: card.text.as_deref().is_some_and(|t| !t.trim().is_empty())
            || !card.effects.is_empty(),
        ..CardReading::default()
    }
}

/// The old engines play against a passive opponent only.
pub fn goldfish_only(
    game: GameId,
    has_opponent: bool,
    opts: &EngineOptions,
) -> Result<(), EngineError> {
    if has_opponent {
        return Err(EngineError::Setup(format!(
            "{game}: two-player games are not played by this engine yet"
        )));
    }
    if !opts.dummies.is_empty() && game != GameId::Rizontical {
        return Err(EngineError::Setup(
            "dummy Fighters are for Rizontical only".into(),
        ));
    }
    Ok(())
}
