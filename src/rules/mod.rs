//! Deck validation vocabulary: rule ids, violations, the report, and the
//! generic checks every game composes (see [`crate::games`] for each game's rules).
//!
//! A deck is checked in two stages: [`resolve`] matches each deck entry to a
//! catalog card (reporting `unknown-card` and `ambiguous-card` and keeping
//! everything else), then the game's [`crate::games::Game::check`] runs every
//! construction rule over what resolved. Every violation is reported, not only the
//! first.

mod checks;
mod resolve;

pub use checks::{
    NameCount, copy_limit, count_by_name, deck_size_exact, distinct_by_name, section_count,
    type_minimum,
};
pub use resolve::{Resolved, ResolvedLine, resolve};

use serde::Serialize;

use crate::model::GameId;

/// The rule ids of formats.md §3, plus the ones games add.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RuleId {
    UnknownCard,
    AmbiguousCard,
    DeckSize,
    CopyLimit,
    LegendaryLimit,
    HeroMinimum,
    NumenCount,
    FighterCount,
    PowerCount,
    Singleton,
    ColourLimit,
    PointValue,
    PlayerCount,
    /// Bizarre World: a random-mode deck holding crafted cards (BW-D1).
    DeckMode,
    /// Strange World: a Land above the player count's tier (SW-D1).
    LandTier,
    /// Strange World: too few starting Lands (SW-D2).
    StartingLands,
    /// Strange World: the Dark City stack is not 9, 7, 5, 4, 4 (SW-D4).
    DarkCities,
    /// Strange World: too few Travellers for the mode.
    Travellers,
    /// A card type the game's deck cannot hold.
    CardType,
}

impl RuleId {
    pub fn as_str(self) -> &'static str {
        match self {
            RuleId::UnknownCard => "unknown-card",
            RuleId::AmbiguousCard => "ambiguous-card",
            RuleId::DeckSize => "deck-size",
            RuleId::CopyLimit => "copy-limit",
            RuleId::LegendaryLimit => "legendary-limit",
            RuleId::HeroMinimum => "hero-minimum",
            RuleId::NumenCount => "numen-count",
            RuleId::FighterCount => "fighter-count",
            RuleId::PowerCount => "power-count",
            RuleId::Singleton => "singleton",
            RuleId::ColourLimit => "colour-limit",
            RuleId::PointValue => "point-value",
            RuleId::PlayerCount => "player-count",
            RuleId::DeckMode => "deck-mode",
            RuleId::LandTier => "land-tier",
            RuleId::StartingLands => "starting-lands",
            RuleId::DarkCities => "dark-cities",
            RuleId::Travellers => "travellers",
            RuleId::CardType => "card-type",
        }
    }
}

impl std::fmt::Display for RuleId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One broken rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Violation {
    pub rule: RuleId,
    /// The rules-notes constraint id (FZ-D1, BW-D4, ...), when there is one.
    #[serde(rename = "ref", skip_serializing_if = "Option::is_none")]
    pub reference: Option<&'static str>,
    pub message: String,
    /// The cards involved, by name.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cards: Vec<String>,
    /// The deck-list line, for card-level violations.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
}

impl Violation {
    pub fn new(
        rule: RuleId,
        reference: Option<&'static str>,
        message: impl Into<String>,
    ) -> Violation {
        Violation {
            rule,
            reference,
            message: message.into(),
            cards: Vec::new(),
            line: None,
        }
    }

    pub fn with_cards(mut self, cards: impl IntoIterator<Item = String>) -> Violation {
        self.cards = cards.into_iter().collect();
        self
    }

    pub fn at_line(mut self, line: Option<usize>) -> Violation {
        self.line = line;
        self
    }
}

/// Bizarre World duel size (BW-D2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Duel {
    pub name: String,
    pub life: u32,
}

/// Bizarre World deck mode (BW-D1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    Crafting,
    Random,
}

impl Mode {
    pub fn as_str(self) -> &'static str {
        match self {
            Mode::Crafting => "crafting",
            Mode::Random => "random",
        }
    }
}

impl std::str::FromStr for Mode {
    type Err = String;
    fn from_str(s: &str) -> Result<Mode, String> {
        match s {
            "crafting" => Ok(Mode::Crafting),
            "random" => Ok(Mode::Random),
            _ => Err(format!("unknown mode `{s}` (expected crafting or random)")),
        }
    }
}

/// What the caller chooses for a check: formats.md `--mode`, `--players`, and
/// `--option key=value` overrides of the game's named options.
#[derive(Clone, Debug, Default)]
pub struct CheckOptions {
    pub mode: Option<Mode>,
    pub players: Option<i64>,
    pub overrides: Vec<(String, String)>,
}

/// How many cards of a section the deck holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SectionCount {
    pub name: String,
    pub count: u32,
}

/// The outcome of validating a deck: formats.md §3 `validate --json`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    pub game: GameId,
    pub legal: bool,
    /// Cards in the main board (unknown names included).
    pub total: u32,
    pub violations: Vec<Violation>,
    /// Bizarre World: the duel the size selects, and its life.
    pub duel: Option<Duel>,
    /// Bizarre World: the mode checked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mode: Option<Mode>,
    /// Strange World: the player count checked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub players: Option<i64>,
    /// Main-board cards per section, in the game's section order.
    pub sections: Vec<SectionCount>,
    /// How the deck list was read where it was not read as written (printing
    /// marks of other tools dropped, `SB:` lines): `line N: ...`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// What a game's check adds to the report besides violations.
#[derive(Clone, Debug, Default)]
pub struct Verdict {
    pub violations: Vec<Violation>,
    pub duel: Option<Duel>,
    pub mode: Option<Mode>,
    pub players: Option<i64>,
}
