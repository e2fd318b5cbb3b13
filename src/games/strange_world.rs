//! Strange World: a drafting and tile-laying game whose "deck" is the Land deck
//! for a player count, checked with its components (rules-notes SW §2).

use serde::Deserialize;

use super::{Game, GameDef, OptionError};
use crate::rules::def::CheckKind;

/// `[rules]` of `resources/games/strange-world.toml`: the numbers of the
/// World and the solo setup, which the solo engine reads. (The Land deck's
/// construction rules, SW-D1..D4, are `[construction]` rules.)
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Table {
    pub world_size: u32,
    pub turns: u32,
    pub cards_per_turn: u32,
    pub starting_lands: u32,
    pub solo_stacks: u32,
    pub solo_stack_size: u32,
}

/// The numbers the solo engine reads: `[rules]` and what it needs of the
/// construction rules.
#[derive(Clone, Debug)]
pub struct Rules {
    pub world_size: u32,
    pub turns: u32,
    pub cards_per_turn: u32,
    pub starting_lands: u32,
    pub solo_stacks: u32,
    pub solo_stack_size: u32,
    /// The Travellers a solo game reveals (the solo travellers rule's minimum).
    pub solo_travellers: u32,
    /// SW-D4: the Dark City stack, highest first.
    pub dark_cities: Vec<i64>,
}

/// A solo rating band: scores from `min` up get `text`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rating {
    pub min: i64,
    pub text: String,
}

/// `[setup]`: scoring constants and the solo rating bands (highest first).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    pub traveller_base: u32,
    pub animal_points: u32,
    pub swamp_points: u32,
    pub watcher_points: u32,
    pub rating: Vec<Rating>,
}

impl Setup {
    /// The rating band for a solo score.
    pub fn rating_for(&self, score: i64) -> &str {
        self.rating
            .iter()
            .find(|r| score >= r.min)
            .map_or("", |r| r.text.as_str())
    }
}

/// SW-D1: Lands above the player count's tier.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LandTiers {
    /// Our default: a Land deck for N players lists only tiers 1..=N.
    Exact,
    /// Higher tiers may be listed; they are set aside.
    AllowHigher,
}

/// The named options (rules-notes SW §5-§6).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// SW §5: 5 per welcomed Traveller whether or not its condition holds.
    pub traveller_base_unconditional: bool,
    /// SW §6.2: Fumarole-covered neighbours count for a lake.
    pub lake_counts_fumaroles: bool,
    pub land_tiers: LandTiers,
    /// SW §6.11: Fumaroles and Dark Cities in solo games.
    pub solo_dark_cities: bool,
    /// SW §6.7: the portal desolation flips a new portal card next to any card
    /// of a completed portal (default: only one whose half points at such a card).
    pub portal_reuse_adjacent: bool,
    /// SW §6.4: a watcher counts cards with mountains, not mountain icons.
    pub watcher_counts_mountain_cards: bool,
    /// SW §6.6: Boung counts a vertical portal with one half in its rows.
    pub portal_half_in_rows: bool,
    /// SW §6.12: with 2 players the Sun passes at the end of each turn too.
    pub two_player_sun_passes: bool,
    /// SW §4.2: which Travellers a game for 2 to 4 offers.
    pub traveller_supply: TravellerSupply,
    /// p.7: a Traveller's two rows stay inside the 4×4 square (default: the
    /// row above or below the portal's may lie outside it).
    pub traveller_rows_in_square: bool,
}

/// SW §4.2: the Travellers "from amongst the ones available".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TravellerSupply {
    /// Every Traveller left may be chosen.
    Open,
    /// Only the top card of the shuffled stack.
    StackTop,
}

/// The Strange World game. Its Land-deck rules (SW-D1..D4, player counts)
/// are data in its file; this module types the World and solo numbers and
/// the scoring constants its solo engine reads.
pub struct StrangeWorld;

pub(super) static GAME: StrangeWorld = StrangeWorld;

game_data!(StrangeWorld, "strange-world.toml");

impl StrangeWorld {
    /// The World and solo numbers.
    pub fn rules(&self) -> &'static Rules {
        static RULES: std::sync::OnceLock<Rules> = std::sync::OnceLock::new();
        RULES.get_or_init(|| {
            let def = self.def();
            let table: Table = match GameDef::typed(&def.rules) {
                Ok(t) => t,
                // the builtin_games_pass_game_check test reads it
                Err(e) => panic!("strange-world.toml [rules]: {e}"),
            };
            let rule = |kind: CheckKind, id: &str| {
                def.construction
                    .rules
                    .iter()
                    .find(move |r| r.check == kind && r.rule_id() == id)
            };
            Rules {
                world_size: table.world_size,
                turns: table.turns,
                cards_per_turn: table.cards_per_turn,
                starting_lands: table.starting_lands,
                solo_stacks: table.solo_stacks,
                solo_stack_size: table.solo_stack_size,
                solo_travellers: rule(CheckKind::Count, "travellers")
                    .and_then(|r| r.min.as_ref())
                    .and_then(|m| m.at(None))
                    .map_or(0, |n| u32::try_from(n).unwrap_or(0)),
                dark_cities: rule(CheckKind::Stack, "dark-cities")
                    .map(|r| r.values.clone())
                    .unwrap_or_default(),
            }
        })
    }
}

impl Game for StrangeWorld {
    fn def(&self) -> &'static GameDef {
        &data().def
    }

    fn check_options(&self, overrides: &[(String, String)]) -> Result<(), OptionError> {
        self.options(overrides).map(drop)
    }

    fn back_image(&self) -> Option<&'static [u8]> {
        Some(include_bytes!("../../resources/backs/strange-world.png"))
    }

    fn builds_worlds(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solo_numbers_come_from_rules_and_construction() {
        let r = StrangeWorld.rules();
        assert_eq!((r.world_size, r.solo_stacks, r.solo_stack_size), (4, 7, 3));
        assert_eq!(r.solo_travellers, 3);
        assert_eq!(r.dark_cities, vec![9, 7, 5, 4, 4]);
    }
}
