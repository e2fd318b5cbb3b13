//! Strange World: a drafting and tile-laying game whose "deck" is the Land deck
//! for a player count, checked with its components (rules-notes SW §2).

use serde::Deserialize;

use super::{Game, GameDef, OptionError};
use crate::rules::{CheckOptions, Resolved, RuleId, Verdict, Violation};

/// `[rules]` of `resources/games/strange-world.toml`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    pub min_players: i64,
    pub max_players: i64,
    pub world_size: u32,
    pub turns: u32,
    pub cards_per_turn: u32,
    pub starting_lands: u32,
    /// SW-D2.
    pub starting_lands_per_player: u32,
    /// SW-D4: the Dark City stack, highest first.
    pub dark_cities: Vec<i64>,
    pub solo_stacks: u32,
    pub solo_stack_size: u32,
    pub solo_travellers: u32,
    /// SW-D3: Land cards needed for 1, 2, 3, 4 players.
    pub land_supply: Vec<u32>,
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
}

/// The Strange World game.
pub struct StrangeWorld;

pub(super) static GAME: StrangeWorld = StrangeWorld;

game_data!(StrangeWorld, "strange-world.toml");

impl StrangeWorld {
    /// The player count a Land deck is for when the caller does not say: its
    /// highest Land tier (a deck of tier-1 Lands is a solo deck).
    pub fn infer_players(deck: &Resolved<'_>) -> i64 {
        deck.cards()
            .filter(|(c, _, _)| c.card_type == "land")
            .filter_map(|(c, _, _)| c.int("tier"))
            .max()
            .unwrap_or(1)
            .clamp(1, 4)
    }
}

fn players_phrase(n: i64) -> String {
    if n == 1 {
        "a solo game".to_string()
    } else {
        format!("a {n}-player game")
    }
}

impl Game for StrangeWorld {
    fn def(&self) -> &GameDef {
        &data().def
    }

    fn check(&self, deck: &Resolved<'_>, opts: &CheckOptions) -> Result<Verdict, OptionError> {
        let options = self.options(&opts.overrides)?;
        let r = self.rules();
        let name = &self.def().name;
        let players = opts.players.unwrap_or_else(|| Self::infer_players(deck));
        let mut v = Vec::new();
        if !(r.min_players..=r.max_players).contains(&players) {
            v.push(Violation::new(
                RuleId::PlayerCount,
                None,
                format!(
                    "{name} is for {} to {} players, not {players}",
                    r.min_players, r.max_players
                ),
            ));
            return Ok(Verdict {
                violations: v,
                players: Some(players),
                ..Verdict::default()
            });
        }
        let who = players_phrase(players);

        // SW-D1: the Land deck holds the Lands of tier <= players.
        if options.land_tiers == LandTiers::Exact {
            let mut high: Vec<(String, i64, Option<usize>)> = Vec::new();
            for (c, _, line) in deck.cards() {
                if c.card_type == "land"
                    && let Some(t) = c.int("tier")
                    && t > players
                    && !high.iter().any(|(n, _, _)| *n == c.name)
                {
                    high.push((c.name.clone(), t, line.line));
                }
            }
            if !high.is_empty() {
                let list: Vec<String> = high
                    .iter()
                    .map(|(n, t, _)| format!("{n} (tier {t})"))
                    .collect();
                v.push(
                    Violation::new(
                        RuleId::LandTier,
                        Some("SW-D1"),
                        format!(
                            "{who} uses Lands of tier 1-{players} only; {} listed: {}",
                            if high.len() == 1 {
                                "a higher tier is"
                            } else {
                                "higher tiers are"
                            },
                            list.join(", ")
                        ),
                    )
                    .at_line(if high.len() == 1 { high[0].2 } else { None })
                    .with_cards(high.into_iter().map(|(n, _, _)| n)),
                );
            }
        }

        // SW-D3: enough Lands for the game.
        let lands = deck
            .count_where(|c| c.card_type == "land" && c.int("tier").is_some_and(|t| t <= players));
        let need = r.land_supply[(players - 1) as usize];
        if lands < need {
            let how = if players == 1 {
                format!("{} stacks of {}", r.solo_stacks, r.solo_stack_size)
            } else {
                format!(
                    "{} turns x {} cards x {players} players",
                    r.turns, r.cards_per_turn
                )
            };
            let tiers = if players == 1 {
                "tier-1 Lands".to_string()
            } else {
                format!("Lands of tier 1-{players}")
            };
            v.push(Violation::new(
                RuleId::DeckSize,
                Some("SW-D3"),
                format!("land deck has {lands} {tiers}; {who} needs at least {need} ({how})"),
            ));
        }

        // SW-D2: one starting Land per player, kept out of the Land deck.
        let starting = deck.count_where(|c| c.card_type == "starting-land");
        let need_start = r.starting_lands_per_player * players as u32;
        if starting < need_start {
            v.push(Violation::new(
                RuleId::StartingLands,
                Some("SW-D2"),
                format!(
                    "deck has {starting} starting Lands; {who} needs {need_start} (one per player)"
                ),
            ));
        }

        // SW-D4: the Dark City stack 9 > 7 > 5 > 4 > 4.
        let mut cities: Vec<i64> = deck
            .cards()
            .filter(|(c, _, _)| c.card_type == "dark-city")
            .flat_map(|(c, n, _)| std::iter::repeat_n(c.int("stars").unwrap_or(0), n as usize))
            .collect();
        cities.sort_unstable_by(|a, b| b.cmp(a));
        if cities != r.dark_cities {
            let show = |xs: &[i64]| xs.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
            v.push(Violation::new(
                RuleId::DarkCities,
                Some("SW-D4"),
                format!(
                    "the Dark City stack is [{}]; {name} uses [{}]",
                    show(&cities),
                    show(&r.dark_cities)
                ),
            ));
        }

        // Solo: three Travellers are revealed.
        let travellers = deck.count_where(|c| c.card_type == "traveller");
        if players == 1 && travellers < r.solo_travellers {
            v.push(Violation::new(
                RuleId::Travellers,
                None,
                format!(
                    "deck has {travellers} Travellers; a solo game reveals {}",
                    r.solo_travellers
                ),
            ));
        }

        Ok(Verdict {
            violations: v,
            players: Some(players),
            ..Verdict::default()
        })
    }
}
