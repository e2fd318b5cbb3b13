//! Fuzzycards: 30-card decks of Heroes, Relics and Events (rules-notes FZ).

use serde::Deserialize;

use super::{Game, GameDef, MulliganKind, OptionError};

/// `[setup]`: opening hands, life, energy and the field.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    pub life: u32,
    #[serde(rename = "opening_hand")]
    pub opening_hand_first: u32,
    pub opening_hand_second: u32,
    pub mulligan: MulliganKind,
    pub mulligans: u32,
    pub mulligan_hand: u32,
    pub energy_start: u32,
    pub energy_per_turn: u32,
    pub energy_max: u32,
    pub draws_per_turn: u32,
    pub first_player_skips_draw: bool,
    pub altar_slots: u32,
    pub vault_slots: u32,
    pub hand_limit: u32,
    pub force_bonus: u32,
    /// Pairs (attacker Force, defender Force) that earn the Force bonus.
    pub force_beats: Vec<(String, String)>,
    pub exact_damage_win: u32,
}

/// How "Legendary: maximum 1 per deck" is read (FZ §6.1); the game file's
/// two FZ-D4 rules follow the option.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LegendaryLimit {
    /// Our default: a copy limit of 1 for each Legendary card. The sentence sits
    /// inside the Copy Limits bullet, right after the 3-copy rule.
    PerCard,
    /// The strict reading: at most one Legendary card in the deck.
    PerDeck,
}

/// The second player's mulligan size (FZ §6.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MulliganHand {
    /// Our default, the literal text: draw 5 new cards whatever the hand held.
    Rulebook,
    /// Redraw as many cards as the hand held (6 for the second player).
    SameSize,
}

/// Targets when the opponent's Altar is empty but the Vault is not (FZ §6.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EmptyAltarTargets {
    /// Our default: Life or a Vault card, reconciling L205 with L211-212.
    LifeOrVault,
    /// Targeting Priority read literally: Vault cards first.
    VaultFirst,
}

/// Whose turn 1 skips the Decode draw (FZ §6.10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DecodeSkip {
    /// Our default: "the very first turn of the game" is the first player's turn 1.
    #[serde(rename = "first-player-turn-1")]
    FirstPlayerTurn1,
    #[serde(rename = "both-players-turn-1")]
    BothPlayersTurn1,
}

/// Who takes the first turn (rulebook setup step 2, rules-notes FZ §3, §6.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TurnOrder {
    /// Our default: the seat the caller gives (the match runner alternates
    /// seats, `--second` asks for the second seat).
    Given,
    /// The Genesis Flip decides: both top cards revealed, higher Cost (then
    /// ATK, then DEF; a tie reshuffles and re-reveals); the winner goes first.
    GenesisFlip,
}

/// Which Force beats which (rules-notes FZ §5: the cycle diagram was lost).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ForceCycle {
    /// Our default: only the pairs `[setup] force_beats` states (the one the
    /// rulebook's example shows: Clarity beats Prophecy).
    Stated,
    /// Each Force beats the next one in the rulebook's table (Power, Clarity,
    /// Prophecy, Conviction, Wisdom, then Power again): a guess that agrees
    /// with the stated pair.
    TableOrder,
}

/// A Rush Hero played while its Altar is full (FZ §6.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RushFullAltar {
    /// Our default: it enters the Vault like any Hero.
    Vault,
    /// It cannot be deployed until an Altar slot is open.
    CannotDeploy,
}

/// How far Drain heals (FZ §6.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DrainCap {
    /// Our default: up to the card's printed HP (it only heals damage).
    PrintedHp,
    /// Without a cap: the card's HP may rise above its printed HP.
    None,
}

/// What counts toward THE 589 (FZ §6.9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ExactDamageCount {
    /// Our default: each point once (damage to a card up to its remaining
    /// HP, plus Pierce, plus damage to Life), self-inflicted damage excluded.
    Capped,
    /// Every attack's full damage (the rulebook example would count 9, not 7).
    Full,
}

/// The named options (rules-notes FZ §6); defaults and docs live in the game file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    pub legendary_limit: LegendaryLimit,
    pub mulligan_hand: MulliganHand,
    pub empty_altar_targets: EmptyAltarTargets,
    /// FZ §6.5: a non-Rush Hero Settled to the Altar on the turn it is played may attack.
    pub settled_heroes_attack: bool,
    /// FZ §6.7: Burn X triggers at the end of every turn, not only its owner's.
    pub burn_every_turn: bool,
    pub decode_skip: DecodeSkip,
    pub turn_order: TurnOrder,
    pub force_cycle: ForceCycle,
    pub rush_full_altar: RushFullAltar,
    pub drain_cap: DrainCap,
    pub exact_damage_count: ExactDamageCount,
}

/// The Fuzzycards game. Its construction rules (FZ-D1..D4) are data in its
/// file; this module types the setup and options its engine reads.
pub struct Fuzzycards;

pub(super) static GAME: Fuzzycards = Fuzzycards;

game_data!(Fuzzycards, "fuzzycards.toml");

impl Game for Fuzzycards {
    fn def(&self) -> &'static GameDef {
        &data().def
    }

    fn check_options(&self, overrides: &[(String, String)]) -> Result<(), OptionError> {
        self.options(overrides).map(drop)
    }

    fn back_image(&self) -> Option<&'static [u8]> {
        Some(include_bytes!("../../resources/backs/fuzzycards.png"))
    }
}
