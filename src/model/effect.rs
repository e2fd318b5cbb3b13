//! Structured card effects: what the goldfish engine can play.
//!
//! A card's rules text is for people; `effects` is for the engine. Each effect
//! names when it happens (`on`), what it costs, and what it does:
//!
//! ```toml
//! effects = [{ on = "deploy", draw = 1 }]                 # On Deploy: draw 1
//! effects = [{ on = "activate", exhaust = 1, attack = 2 }] # exhaust 1 resource: gain 2 attack
//! effects = [{ on = "activate", kill_self = true, attack = 4 }]
//! ```
//!
//! An entry may instead be an ability written in the engine's structured
//! effect language ([`CardEffect::Ability`]):
//!
//! ```toml
//! effects = [{ trigger = { on = { event = "played", who = "this" } }, steps = [{ verb = "draw", n = 1, target = "you" }] }]
//! ```
//!
//! `schema/effects.md` documents both forms.

use serde::{Deserialize, Serialize};

/// When an effect happens.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Trigger {
    /// When the card is played (On Deploy; a spell resolving; a creature entering play).
    #[default]
    Deploy,
    /// When this card declares an attack.
    Attack,
    /// When this card deals damage.
    Hit,
    /// An ability its owner pays for and uses at will (Bizarre World active ability,
    /// Fuzzycards Activate, Dice of Destiny creature effect: once per turn).
    Activate,
    /// At the start of its owner's turn.
    TurnStart,
    /// At the end of its owner's turn.
    TurnEnd,
    /// Always on while the card is in play.
    Passive,
}

impl Trigger {
    pub const ALL: [Trigger; 7] = [
        Trigger::Deploy,
        Trigger::Attack,
        Trigger::Hit,
        Trigger::Activate,
        Trigger::TurnStart,
        Trigger::TurnEnd,
        Trigger::Passive,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Trigger::Deploy => "deploy",
            Trigger::Attack => "attack",
            Trigger::Hit => "hit",
            Trigger::Activate => "activate",
            Trigger::TurnStart => "turn-start",
            Trigger::TurnEnd => "turn-end",
            Trigger::Passive => "passive",
        }
    }
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

fn is_zero_i(n: &i8) -> bool {
    *n == 0
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// One structured effect. Every amount defaults to 0 (nothing).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Effect {
    /// When it happens.
    pub on: Trigger,
    // ---- costs ----
    /// Exhaust this many of your resources (Bizarre World).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub exhaust: u8,
    /// Kill (sacrifice) this card as the cost (Bizarre World "kill this").
    #[serde(default, skip_serializing_if = "is_false")]
    pub kill_self: bool,
    /// The `exhaust` cost must be paid with this special resource (Bizarre World
    /// "Exhaust 1 Coin resource": `resource = "coin"`); absent = any resource.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource: Option<String>,
    /// Pay this much energy (Fuzzycards Activate) or AP (Rizontical).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub pay: u8,
    // ---- conditions ----
    /// Only when its owner's hand is empty (e.g. "draw 1 if you have no cards in hand").
    #[serde(default, skip_serializing_if = "is_false")]
    pub if_hand_empty: bool,
    // ---- results ----
    /// Draw this many cards.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub draw: u8,
    /// Gain this much energy (Fuzzycards) or AP (Rizontical).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub energy: u8,
    /// Deal this much damage to the opponent's life.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub damage: u8,
    /// Gain this much attack this turn (Bizarre World ⚔).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub attack: u8,
    /// Change this card's ATK by this much while it is in play (on an equip
    /// relic: the ATK of the Hero it is attached to).
    #[serde(default, skip_serializing_if = "is_zero_i")]
    pub atk: i8,
    /// Gain this much life.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub life: u8,
    /// Each hit of this creature deals this much extra damage (Dice of Destiny).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub hit_damage: u8,
    /// Rerolls available to its owner's attack dice (Dice of Destiny §4.6).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub reroll: u8,
    /// This card may attack the turn it arrives.
    #[serde(default, skip_serializing_if = "is_false")]
    pub haste: bool,
    /// This creature enters play exhausted (Bizarre World "Sleepy": it can
    /// neither use its ability nor pay costs the turn it arrives).
    #[serde(default, skip_serializing_if = "is_false")]
    pub enters_exhausted: bool,
}

/// One entry of a card's `effects`: the flat shorthand, or an ability in the
/// structured effect language (what `catalog coverage --json` shows as
/// `reading`). Stored and written as the table it was read from: a flat
/// table has `on`, a structured one `trigger` and `steps`, so old data reads
/// as before.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum CardEffect {
    Flat(Effect),
    Ability(Box<crate::engine::effect::Ability>),
}

impl CardEffect {
    /// The flat table, if this entry is one.
    pub fn flat(&self) -> Option<&Effect> {
        match self {
            CardEffect::Flat(e) => Some(e),
            CardEffect::Ability(_) => None,
        }
    }
}

impl From<Effect> for CardEffect {
    fn from(e: Effect) -> CardEffect {
        CardEffect::Flat(e)
    }
}

impl From<crate::engine::effect::Ability> for CardEffect {
    fn from(a: crate::engine::effect::Ability) -> CardEffect {
        CardEffect::Ability(Box::new(a))
    }
}

impl Effect {
    /// The keys an effect table may have, for error messages.
    pub const KEYS: &'static [&'static str] = &[
        "on",
        "exhaust",
        "kill_self",
        "resource",
        "pay",
        "if_hand_empty",
        "draw",
        "energy",
        "damage",
        "attack",
        "atk",
        "life",
        "hit_damage",
        "reroll",
        "haste",
        "enters_exhausted",
    ];
}
