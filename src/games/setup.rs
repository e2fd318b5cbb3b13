//! The generic `[setup]` vocabulary: what any game's test hands and exact odds
//! need — the opening hand, the draws per turn, whether the first player skips
//! a draw, the mulligan, the starting life and which cards the hand is drawn
//! from. `schema/game.md` documents each key.
//!
//! A built-in game's `[setup]` table holds these keys and its own (energy,
//! Altar slots, AP dice, ...), which its module reads into a typed struct; the
//! generic keys are read here for every game, so a game added as a file gets
//! hands and odds without Rust.

use serde::Deserialize;

/// The keys of `[setup]` this vocabulary defines. A game file without a Rust
/// module may use only these (anything else would be silently unused).
pub const SETUP_KEYS: &[&str] = &[
    "opening_hand",
    "opening_hand_second",
    "draws_per_turn",
    "first_player_skips_draw",
    "mulligan",
    "mulligans",
    "mulligan_hand",
    "mulligan_max",
    "life",
    "hand_types",
];

/// The kind of mulligan a game has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MulliganKind {
    /// No mulligan (Bizarre World, Dice of Destiny).
    #[default]
    None,
    /// Shuffle the whole hand back and draw a new one (Fuzzycards: once,
    /// 5 new cards).
    Redraw,
    /// Put up to `mulligan_max` cards on the bottom of the deck and draw as
    /// many (Rizontical Powers).
    Bottom,
}

/// The mulligan with its numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mulligan {
    None,
    /// `times` redraws, each of `hand` cards (`None`: as many as the hand held).
    Redraw {
        times: u32,
        hand: Option<u32>,
    },
    /// Up to `max` cards to the bottom, as many drawn.
    Bottom {
        max: u32,
    },
}

/// `[setup]` read generically.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupDef {
    /// Cards in the first player's opening hand; `None`: the game has no hand
    /// (Strange World), so no test hands or odds.
    pub opening_hand: Option<u32>,
    /// The second player's opening hand, where it differs (Fuzzycards 6).
    pub opening_hand_second: Option<u32>,
    /// Cards drawn at the start of each own turn.
    pub draws_per_turn: u32,
    /// Whether the first player skips the draw of their first turn.
    pub first_player_skips_draw: bool,
    pub mulligan: Mulligan,
    /// Each player's starting life, where the game has one fixed number
    /// (Bizarre World's comes from the deck's size tier).
    pub life: Option<u32>,
    /// The card types the hand is drawn from; empty: every card of the deck
    /// (Rizontical: Powers, its Fighters and Numen are set up apart).
    pub hand_types: Vec<String>,
}

/// The generic keys as serde reads them (other keys are the game's own).
#[derive(Deserialize)]
struct Raw {
    #[serde(default)]
    opening_hand: Option<u32>,
    #[serde(default)]
    opening_hand_second: Option<u32>,
    #[serde(default)]
    draws_per_turn: Option<u32>,
    #[serde(default)]
    first_player_skips_draw: bool,
    #[serde(default)]
    mulligan: MulliganKind,
    #[serde(default)]
    mulligans: Option<u32>,
    #[serde(default)]
    mulligan_hand: Option<u32>,
    #[serde(default)]
    mulligan_max: Option<u32>,
    #[serde(default)]
    life: Option<u32>,
    #[serde(default)]
    hand_types: Vec<String>,
}

/// Draws per turn when a game with a hand does not say.
const DEFAULT_DRAWS_PER_TURN: u32 = 1;
/// Redraws when a `redraw` mulligan does not say how many.
const DEFAULT_MULLIGANS: u32 = 1;

impl SetupDef {
    /// Reads the generic keys of a `[setup]` table.
    pub fn read(table: &toml::Table) -> Result<SetupDef, toml::de::Error> {
        let generic: toml::Table = table
            .iter()
            .filter(|(k, _)| SETUP_KEYS.contains(&k.as_str()))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        let raw: Raw = toml::Table::try_into(generic)?;
        let mulligan = match raw.mulligan {
            MulliganKind::None => Mulligan::None,
            MulliganKind::Redraw => Mulligan::Redraw {
                times: raw.mulligans.unwrap_or(DEFAULT_MULLIGANS),
                hand: raw.mulligan_hand,
            },
            MulliganKind::Bottom => Mulligan::Bottom {
                max: raw.mulligan_max.or(raw.opening_hand).unwrap_or_default(),
            },
        };
        Ok(SetupDef {
            opening_hand: raw.opening_hand,
            opening_hand_second: raw.opening_hand_second,
            draws_per_turn: raw.draws_per_turn.unwrap_or(DEFAULT_DRAWS_PER_TURN),
            first_player_skips_draw: raw.first_player_skips_draw,
            mulligan,
            life: raw.life,
            hand_types: raw.hand_types,
        })
    }

    /// The opening hand of the first (`second = false`) or second player.
    pub fn hand_size(&self, second: bool) -> Option<u32> {
        let first = self.opening_hand?;
        Some(if second {
            self.opening_hand_second.unwrap_or(first)
        } else {
            first
        })
    }

    /// Whether a card of `card_type` is drawn into the hand.
    pub fn in_hand_deck(&self, card_type: &str) -> bool {
        self.hand_types.is_empty() || self.hand_types.iter().any(|t| t == card_type)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> SetupDef {
        SetupDef::read(&toml::from_str(text).unwrap()).unwrap()
    }

    #[test]
    fn reads_the_generic_keys_and_leaves_the_rest() {
        let s = read(
            "life = 33\nopening_hand = 5\nopening_hand_second = 6\nmulligan = \"redraw\"\n\
             mulligan_hand = 5\nfirst_player_skips_draw = true\nenergy_max = 5\n",
        );
        assert_eq!(s.hand_size(false), Some(5));
        assert_eq!(s.hand_size(true), Some(6));
        assert_eq!(s.draws_per_turn, 1);
        assert!(s.first_player_skips_draw);
        assert_eq!(
            s.mulligan,
            Mulligan::Redraw {
                times: 1,
                hand: Some(5)
            }
        );
        assert_eq!(s.life, Some(33));
        assert!(s.in_hand_deck("hero"));
    }

    #[test]
    fn no_hand_and_bottom_mulligans() {
        let none = read("traveller_base = 5\n");
        assert_eq!(none.hand_size(false), None);
        assert_eq!(none.mulligan, Mulligan::None);
        let rz = read(
            "opening_hand = 5\nmulligan = \"bottom\"\nmulligan_max = 5\nhand_types = [\"power\"]\n",
        );
        assert_eq!(rz.mulligan, Mulligan::Bottom { max: 5 });
        assert!(rz.in_hand_deck("power") && !rz.in_hand_deck("fighter"));
    }

    #[test]
    fn a_bad_value_is_an_error() {
        let t: toml::Table = toml::from_str("mulligan = \"twice\"").unwrap();
        assert!(SetupDef::read(&t).is_err());
        let t: toml::Table = toml::from_str("opening_hand = -1").unwrap();
        assert!(SetupDef::read(&t).is_err());
    }
}
