//! Deck validation vocabulary: rule ids, violations, the report, and the
//! one checker every game's construction rules run in.
//!
//! A deck is checked in two stages: [`resolve`] matches each deck entry to a
//! catalog card (reporting `unknown-card` and `ambiguous-card` and keeping
//! everything else), then [`check`] runs every construction rule of the game's
//! `[construction]` table ([`def`], written in the game's file) over what
//! resolved. Every violation is reported, not only the
//! first.

mod check;
pub mod def;
mod resolve;

pub use check::{CardRules, GameInfo, check, infer_mode, infer_players, matches, players_phrase};
pub use def::ConstructionDef;
pub use resolve::{Entry, Resolved, ResolvedLine, resolve, resolve_entry};

use serde::Serialize;

use crate::model::GameId;

/// A rule id: the ones of formats.md §3, plus the ones games add (a game
/// file names its rules' ids in data). A `Copy` handle on a `&'static str`;
/// the ids the built-in games use are constants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RuleId(&'static str);

#[allow(
    non_upper_case_globals,
    reason = "rule ids read as the enum variants they were"
)]
impl RuleId {
    pub const UnknownCard: RuleId = RuleId("unknown-card");
    pub const AmbiguousCard: RuleId = RuleId("ambiguous-card");
    pub const DeckSize: RuleId = RuleId("deck-size");
    pub const CopyLimit: RuleId = RuleId("copy-limit");
    pub const LegendaryLimit: RuleId = RuleId("legendary-limit");
    pub const HeroMinimum: RuleId = RuleId("hero-minimum");
    pub const NumenCount: RuleId = RuleId("numen-count");
    pub const FighterCount: RuleId = RuleId("fighter-count");
    pub const PowerCount: RuleId = RuleId("power-count");
    pub const Singleton: RuleId = RuleId("singleton");
    pub const ColourLimit: RuleId = RuleId("colour-limit");
    pub const PointValue: RuleId = RuleId("point-value");
    pub const PlayerCount: RuleId = RuleId("player-count");
    /// Bizarre World: a random-mode deck holding crafted cards (BW-D1).
    pub const DeckMode: RuleId = RuleId("deck-mode");
    /// Strange World: a Land above the player count's tier (SW-D1).
    pub const LandTier: RuleId = RuleId("land-tier");
    /// Strange World: too few starting Lands (SW-D2).
    pub const StartingLands: RuleId = RuleId("starting-lands");
    /// Strange World: the Dark City stack is not 9, 7, 5, 4, 4 (SW-D4).
    pub const DarkCities: RuleId = RuleId("dark-cities");
    /// Strange World: too few Travellers for the mode.
    pub const Travellers: RuleId = RuleId("travellers");
    /// A card type the game's deck cannot hold.
    pub const CardType: RuleId = RuleId("card-type");

    /// The id a game file gives a rule.
    pub fn new(id: &'static str) -> RuleId {
        RuleId(id)
    }

    pub fn as_str(self) -> &'static str {
        self.0
    }
}

impl Serialize for RuleId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0)
    }
}

impl std::fmt::Display for RuleId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
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

/// A deck mode (Bizarre World crafting or random, BW-D1; a game file names
/// its own in `[construction.modes]`). Any word parses; the game's check
/// refuses a mode it does not have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Mode(&'static str);

#[allow(
    non_upper_case_globals,
    reason = "modes read as the enum variants they were"
)]
impl Mode {
    pub const Crafting: Mode = Mode("crafting");
    pub const Random: Mode = Mode("random");

    /// The mode named `name` (interned).
    pub fn new(name: &str) -> Mode {
        match [Mode::Crafting, Mode::Random]
            .into_iter()
            .find(|m| m.0 == name)
        {
            Some(m) => m,
            None => Mode(crate::model::intern(name)),
        }
    }

    pub fn as_str(self) -> &'static str {
        self.0
    }
}

impl Serialize for Mode {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0)
    }
}

impl<'de> serde::Deserialize<'de> for Mode {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

impl std::str::FromStr for Mode {
    type Err = String;
    fn from_str(s: &str) -> Result<Mode, String> {
        let s = s.trim();
        if s.is_empty()
            || !s
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        {
            return Err(format!(
                "`{s}` is not a deck mode (a lower-case word such as crafting or random)"
            ));
        }
        Ok(Mode::new(s))
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

/// A bad `--option key=value` or `--mode`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    #[error("unknown option `{key}` for {game} (known: {known})")]
    Unknown {
        game: String,
        key: String,
        known: String,
    },
    #[error("option `{key}` takes one of: {values} (got `{got}`)")]
    BadValue {
        key: String,
        values: String,
        got: String,
    },
    #[error("option `{key}`: {message}")]
    Invalid { key: String, message: String },
    #[error("`{0}` is not of the form key=value")]
    Syntax(String),
    #[error("{game} has no deck modes (got mode `{mode}`)")]
    NoModes { game: String, mode: String },
    #[error("{game} has no deck mode `{mode}` (modes: {known})")]
    UnknownMode {
        game: String,
        mode: String,
        known: String,
    },
}

/// What a game's check adds to the report besides violations.
#[derive(Clone, Debug, Default)]
pub struct Verdict {
    pub violations: Vec<Violation>,
    pub duel: Option<Duel>,
    pub mode: Option<Mode>,
    pub players: Option<i64>,
}
