//! Dice of Destiny (working name of the untitled dice TCG): 30 cards, 3 per name,
//! at most two colours (rules-notes DD).

use serde::Deserialize;

use super::{Game, GameDef, OptionError};

/// `[setup]`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    pub life: u32,
    pub opening_hand: u32,
    pub draws_per_turn: u32,
    pub first_player_skips_draw: bool,
    pub plays_per_turn: u32,
    pub spells_on_opponent_turn: u32,
    pub third_card_plays: u32,
    pub bonus_draws: u32,
    pub die_sides: u32,
    pub hit_damage: u32,
    pub recycle_graveyard: bool,
}

/// Single-valued choices kept as options so the file documents them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FirstDrawSkip {
    /// DD §6.2: only the first player's first main draw is skipped.
    FirstTurnOnly,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EmptyDraw {
    /// DD §6.7: with deck and graveyard empty, nothing is drawn.
    DrawNothing,
}

/// How long rerolls a spell gives last when it is cast on the other
/// player's turn (DD 10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OffTurnRerolls {
    /// The rerolls are the caster's for its own attack dice: they last
    /// until the end of its next turn (a grant on its own turn, to the end
    /// of that turn).
    NextOwnTurn,
    /// "This turn" strictly: they end with the turn they were cast in, so
    /// on the other player's turn they do nothing.
    ThisTurn,
}

/// The named options (rules-notes DD §6).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// DD §6.1: Grey spells count toward the two colours (our default), or are colourless.
    pub grey_counts_as_colour: bool,
    pub first_draw_skip: FirstDrawSkip,
    /// DD §6.5: the Third Card Rule on the opponent's turn too.
    pub third_card_on_opponent_turn: bool,
    pub empty_draw: EmptyDraw,
    /// §4.2 "once per turn": whether creature effects may also be used on the
    /// opponent's turn (the engine's goldfish reading; default own turn only).
    pub creature_effects_on_opponent_turn: bool,
    /// DD 10: rerolls a spell gives on the other player's turn.
    pub off_turn_rerolls: OffTurnRerolls,
}

/// The Dice of Destiny game. Its construction rules (DD-D1..D4) are data in
/// its file; this module types the setup and options its engine reads.
pub struct DiceOfDestiny;

pub(super) static GAME: DiceOfDestiny = DiceOfDestiny;

game_data!(DiceOfDestiny, "dice-of-destiny.toml");

impl Game for DiceOfDestiny {
    fn def(&self) -> &'static GameDef {
        &data().def
    }

    fn check_options(&self, overrides: &[(String, String)]) -> Result<(), OptionError> {
        self.options(overrides).map(drop)
    }

    fn back_image(&self) -> Option<&'static [u8]> {
        Some(include_bytes!("../../resources/backs/dice-of-destiny.png"))
    }
}
