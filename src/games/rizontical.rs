//! Rizontical: one Numen, 8 different Fighters, 30 different Powers
//! (rules-notes RZ). Sections come from card types, so a deck list needs no
//! headers.

use serde::Deserialize;

use super::{Game, GameDef, OptionError};
use crate::model::Card;
use crate::rules::{self, CheckOptions, Resolved, RuleId, Verdict};

/// `[rules]` of `resources/games/rizontical.toml`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
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
    pub opening_powers: u32,
    pub mulligan_max: u32,
    pub ap_start: u32,
    pub ap_per_turn: u32,
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

/// The Rizontical game.
pub struct Rizontical;

pub(super) static GAME: Rizontical = Rizontical;

game_data!(Rizontical, "rizontical.toml");

impl Game for Rizontical {
    fn def(&self) -> &GameDef {
        &data().def
    }

    fn check(&self, deck: &Resolved<'_>, opts: &CheckOptions) -> Result<Verdict, OptionError> {
        self.options(&opts.overrides)?;
        let r = self.rules();
        let name = &self.def().name;
        let mut v = Vec::new();
        let is = |t: &'static str| move |c: &Card| c.card_type == t;
        v.extend(rules::section_count(
            deck,
            "numen",
            ("Numen", "Numens"),
            r.numen,
            RuleId::NumenCount,
            name,
            "RZ-D1",
        ));
        v.extend(rules::section_count(
            deck,
            "fighter",
            ("Fighter", "Fighters"),
            r.fighters,
            RuleId::FighterCount,
            name,
            "RZ-D2",
        ));
        v.extend(rules::distinct_by_name(
            deck,
            "Fighters",
            name,
            "RZ-D2",
            is("fighter"),
        ));
        v.extend(rules::section_count(
            deck,
            "power",
            ("Power", "Powers"),
            r.powers,
            RuleId::PowerCount,
            name,
            "RZ-D3",
        ));
        v.extend(rules::distinct_by_name(
            deck,
            "Powers",
            name,
            "RZ-D3",
            is("power"),
        ));
        Ok(Verdict {
            violations: v,
            ..Verdict::default()
        })
    }

    fn lint_card(&self, card: &Card) -> Vec<String> {
        // Singleton decks make a copy_limit above 1 meaningless.
        match card.copy_limit {
            Some(n) if n > 1 && card.card_type != "numen" => vec![format!(
                "copy_limit = {n} has no effect: Rizontical Fighter and Power decks hold different cards"
            )],
            _ => Vec::new(),
        }
    }
}
