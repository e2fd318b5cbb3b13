//! Rizontical: one Numen, 8 different Fighters, 30 different Powers
//! (rules-notes RZ). Sections come from card types, so a deck list needs no
//! headers.

use serde::Deserialize;

use super::{Game, GameDef, MulliganKind, OptionError};
use crate::rules::def::CheckKind;

/// The deck's section sizes the engine reads, from the game file's
/// `[construction]` count rules.
#[derive(Clone, Debug)]
pub struct Rules {
    /// RZ-D1.
    pub numen: u32,
    /// RZ-D2, all different.
    pub fighters: u32,
    /// RZ-D3, all different.
    pub powers: u32,
}

/// `[setup]`: the setup phase, AP and the board.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    pub fighter_slots_at_start: u32,
    /// The hand is drawn from these types (Powers).
    pub hand_types: Vec<String>,
    #[serde(rename = "opening_hand")]
    pub opening_powers: u32,
    pub mulligan: MulliganKind,
    pub mulligan_max: u32,
    pub ap_start: u32,
    pub ap_per_turn: u32,
    #[serde(rename = "draws_per_turn")]
    pub power_draws_per_turn: u32,
    pub ap_per_discard: u32,
    pub ap_for_skipping: u32,
    pub turns_per_round: u32,
    pub board_size: u32,
    pub souls_to_win: u32,
    pub power_slots: u32,
    pub stat_cap: i64,
    pub speed_cap: i64,
    pub use_time_cap: i64,
    pub max_skills: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DistinctBy {
    /// RZ §6.1: "different" means distinct card names.
    Name,
}

/// RZ §6.2: which Fighter "deploy an ally from their Fighter deck" takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DeployFrom {
    /// Our default: the top card; the deck is shuffled face down and no search
    /// wording appears.
    Top,
    Choose,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EmptyPowerDeck {
    /// RZ §6.6: drawing from an empty Power deck does nothing.
    DrawNothing,
}

/// RZ §6.8: the distance "within 1 cell" uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MeleeDistance {
    /// Our default: "around" is the 8 neighbours.
    Chebyshev,
    Manhattan,
}

/// The named options (rules-notes RZ §6).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    pub distinct_by: DistinctBy,
    pub deploy_from: DeployFrom,
    /// RZ §6.4: Power slots per player (the field diagram was lost).
    pub power_slots: u32,
    /// RZ §6.5: 0 = no AP cap.
    pub ap_cap: u32,
    pub empty_power_deck: EmptyPowerDeck,
    pub melee_distance: MeleeDistance,
    /// Whether the goldfish dummy redeploys (6 Souls to win) or not (two defeats).
    pub dummy_redeploys: bool,
    /// RZ §6.3: rows of the board on each side that form the Deploy Zone.
    pub deploy_rows: u32,
    /// How a movement point moves a Fighter (RZ §6.8 "adjacent" vs "around").
    pub movement: Movement,
    /// The goldfish dummy Fighters' HP and DEF (when no catalog Fighter is named).
    pub dummy_hp: u32,
    pub dummy_def: u32,
    /// Where the goldfish dummy deploys its Fighters.
    pub dummy_placement: DummyPlacement,
    /// Cells a Push Tile pushes the entity that steps on it (the Tile list
    /// was lost).
    pub push_tile_cells: u32,
}

/// Where the goldfish dummy's Fighters stand in its Deploy Zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DummyPlacement {
    /// The middle of its front row (nearest the deck owner).
    Front,
    /// The middle of its back row.
    Back,
    /// Its front row, far apart.
    Spread,
    /// Any empty cells of its Deploy Zone, from the game's seed.
    Random,
}

/// RZ §6.8: which cells one movement point reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Movement {
    /// Our default: the 4 adjacent (orthogonal) cells.
    Orthogonal,
    /// The 8 cells around, diagonals included.
    Diagonal,
}

/// The Rizontical game. Its construction rules (RZ-D1..D4) are data in its
/// file; this module types the setup, options and section sizes its engine
/// reads.
pub struct Rizontical;

pub(super) static GAME: Rizontical = Rizontical;

game_data!(Rizontical, "rizontical.toml");

impl Rizontical {
    /// The section sizes (RZ-D1..D3), from the file's count rules.
    pub fn rules(&self) -> &'static Rules {
        static RULES: std::sync::OnceLock<Rules> = std::sync::OnceLock::new();
        RULES.get_or_init(|| {
            let exact = |id: &str| {
                self.def()
                    .construction
                    .rules
                    .iter()
                    .find(|r| r.check == CheckKind::Count && r.rule_id() == id)
                    .and_then(|r| r.exact.as_ref())
                    .and_then(|e| e.at(None))
                    .map_or(0, |n| u32::try_from(n).unwrap_or(0))
            };
            Rules {
                numen: exact("numen-count"),
                fighters: exact("fighter-count"),
                powers: exact("power-count"),
            }
        })
    }
}

impl Game for Rizontical {
    fn def(&self) -> &'static GameDef {
        &data().def
    }

    fn check_options(&self, overrides: &[(String, String)]) -> Result<(), OptionError> {
        self.options(overrides).map(drop)
    }

    fn back_image(&self) -> Option<&'static [u8]> {
        Some(include_bytes!("../../resources/backs/rizontical.png"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn section_sizes_come_from_the_count_rules() {
        let r = Rizontical.rules();
        assert_eq!((r.numen, r.fighters, r.powers), (1, 8, 30));
        assert_eq!(Rizontical.setup().opening_powers, 5);
        assert_eq!(Rizontical.def().setup.hand_types, vec!["power".to_string()]);
    }
}
