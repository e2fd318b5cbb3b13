//! Bizarre World: generator-made creature cards, crafting or random decks, and a
//! duel size chosen by the deck's size (rules-notes BW).

use serde::Deserialize;

use super::{Game, GameDef, OptionError};
use crate::rules::def::{CheckKind, TierDef};

/// One duel size (BW-D2): a size tier of the game file's size rule.
pub type DuelSize = TierDef;

/// The construction numbers the engine reads, from the game file's
/// `[construction]` rules.
#[derive(Clone, Debug)]
pub struct Rules {
    /// BW-D2: deck size → duel and life, smallest first.
    pub duel: Vec<DuelSize>,
}

impl Rules {
    /// The duel a deck of `size` cards plays, if any.
    pub fn duel_for(&self, size: u32) -> Option<&DuelSize> {
        self.duel.iter().find(|d| d.fits(size))
    }
}

/// `[setup]`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    pub opening_hand: u32,
    pub draws_per_turn: u32,
    pub first_player_skips_draw: bool,
    pub no_attack_first_turn: bool,
}

/// Whose first turn bans attacks (BW §6.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FirstTurnBan {
    /// Our default: "the first turn" is one definite turn, the starting player's.
    StartingPlayer,
    EachPlayer,
}

/// Drawing from an empty deck (BW §6.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DeckOut {
    /// Our default: the only loss condition is life 0, so nothing is drawn.
    DrawNothing,
    Lose,
}

/// Decks mixing random and crafted cards (BW §6.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MixedDecks {
    /// Our default: a mixed deck is a crafting-mode deck.
    Crafting,
    /// Any mix is a `deck-mode` violation.
    Error,
}

/// The point value check's scope (BW §6.5): only per card is meaningful.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PointScope {
    PerCard,
}

/// The named options (rules-notes BW §6).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    pub first_turn_attack_ban: FirstTurnBan,
    pub deck_out: DeckOut,
    pub mixed_decks: MixedDecks,
    /// Whether BW-D3 also checks random cards inside a crafting deck.
    pub random_points_checked: bool,
    pub point_value_scope: PointScope,
    /// Whether it is Tuesday (the "It is Tuesday." active cost).
    pub it_is_tuesday: bool,
    /// Which deck's duel size sets life in a two-player game (BW §6.9).
    pub duel_format: DuelFormat,
    /// The defender's leftover ⚔ after distributing (BW §6.4).
    pub defender_leftover: DefenderLeftover,
}

/// Which duel size sets the players' life when their decks differ (BW §6.9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DuelFormat {
    /// Our default: the first deck's (the deck under test) for both players.
    DeckA,
    /// Each player's own deck.
    OwnDeck,
}

/// The defender's ⚔ left over after distributing (BW §6.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DefenderLeftover {
    /// Our default, as the worked example (L193).
    Wasted,
    /// As the sentence copied from the attacker's step (L155).
    ToLife,
}

/// The Bizarre World game. Its construction rules (BW-D1..D5: modes, duel
/// sizes, point values, copies) are data in its file; this module types the
/// setup, options and duel sizes its engine reads.
pub struct BizarreWorld;

pub(super) static GAME: BizarreWorld = BizarreWorld;

game_data!(BizarreWorld, "bizarre-world.toml");

impl BizarreWorld {
    /// The duel sizes (BW-D2), from the file's size rule.
    pub fn rules(&self) -> &'static Rules {
        static RULES: std::sync::OnceLock<Rules> = std::sync::OnceLock::new();
        RULES.get_or_init(|| Rules {
            duel: self
                .def()
                .construction
                .rules
                .iter()
                .find(|r| r.check == CheckKind::Size)
                .map(|r| r.tiers.clone())
                .unwrap_or_default(),
        })
    }
}

/// Whether a card is marked as made with the RANDOM CARD button: its mark
/// (the file's `[construction.modes]` field) is the random mode's. A card
/// without an `origin` is neither random nor crafted by itself: it takes the
/// mode of the deck it is in (rules-notes BW §6.6).
pub fn is_random(card: &crate::model::Card) -> bool {
    let modes = BizarreWorld.def().construction.modes.as_ref();
    modes
        .and_then(|m| {
            m.mode("random")
                .map(|r| (m.field.as_str(), r.mark.as_str()))
        })
        .is_some_and(|(field, mark)| card.str_field(field) == Some(mark))
}

impl Game for BizarreWorld {
    fn def(&self) -> &'static GameDef {
        &data().def
    }

    fn check_options(&self, overrides: &[(String, String)]) -> Result<(), OptionError> {
        self.options(overrides).map(drop)
    }

    fn back_image(&self) -> Option<&'static [u8]> {
        Some(include_bytes!("../../resources/backs/bizarre-world.png"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_cards_are_those_marked_random() {
        let mut c = crate::model::Card::new("Odd Spoon of Fate", "creature");
        assert!(!is_random(&c));
        c.fields.insert(
            "origin".into(),
            crate::model::FieldValue::Text("random".into()),
        );
        assert!(is_random(&c));
    }

    #[test]
    fn duel_sizes_come_from_the_size_rule() {
        let r = BizarreWorld.rules();
        assert_eq!(r.duel.len(), 3);
        assert_eq!(r.duel_for(17).map(|d| d.life), None);
        assert_eq!(r.duel_for(26).map(|d| d.name.as_str()), Some("speed"));
        assert_eq!(r.duel_for(100).map(|d| d.life), Some(20));
    }
}
