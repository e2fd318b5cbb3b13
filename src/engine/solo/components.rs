//! The box as the solo engine sees it: every Land's icons in a compact form,
//! the Travellers with their conditions, the Dark City stack and the Fumarole
//! supply, read once from a catalog, plus the scoring numbers and named options
//! of `resources/games/strange-world.toml`.
//!
//! The engine refers to Lands and Travellers by `u8` indexes into these tables,
//! so game states stay small `Copy` values with no heap data.

use std::collections::HashMap;

use crate::games::strange_world::TravellerSupply;
use crate::games::{OptionError, StrangeWorld};
use crate::model::{Catalog, GameId};

use super::supply::TravellerOffer;
use super::world::Edge;
use super::{MAX_CITIES, MAX_OFFER, MAX_STACK, MAX_STACKS, NONE};

/// The icons of one Land face (formats.md §1, rules-notes SW §7).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Land {
    pub name: String,
    pub id: String,
    /// Position in the catalog's card list.
    pub catalog_index: usize,
    /// Player-count star mark; `None` for starting Lands.
    pub tier: Option<u8>,
    /// A starting Land has no Tzimime back: it can never be flipped.
    pub starting: bool,
    pub mountains: u8,
    pub lake: bool,
    pub swamp: bool,
    pub watcher: bool,
    pub volcano: bool,
    /// Index into [`Components::species`].
    pub species: Option<u8>,
    pub portal: Option<Edge>,
}

/// A Traveller's requirement: minimums over its two rows (0 = no requirement).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Condition {
    pub lakes: u8,
    pub mountains: u8,
    pub swamps: u8,
    pub watchers: u8,
    pub fumaroles: u8,
    pub portals: u8,
    pub species: u8,
    /// At least this many swamps in each of the two rows (Burk).
    pub swamps_each_row: u8,
}

/// A Traveller card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Traveller {
    pub name: String,
    pub id: String,
    pub catalog_index: usize,
    /// X in "5 + X".
    pub bonus: u8,
    pub condition: Condition,
}

/// The scoring numbers and the rules options the engine follows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SoloRules {
    /// Cards per side of the finished World (4).
    pub world_size: u8,
    pub stacks: u8,
    pub stack_size: u8,
    pub travellers_revealed: u8,
    pub traveller_base: u8,
    pub animal_points: u8,
    pub swamp_points: u8,
    pub watcher_points: u8,
    /// SW §5: the 5 of a Traveller is earned whether or not its condition holds.
    pub traveller_base_unconditional: bool,
    /// SW §6.2: Fumarole-covered neighbours count for a lake.
    pub lake_counts_fumaroles: bool,
    /// SW §6.11: the solo game uses the Dark City stack.
    pub solo_dark_cities: bool,
    /// SW §6.7: see `portal_reuse_adjacent` in the game file.
    pub portal_reuse_adjacent: bool,
    /// SW §6.4: see `watcher_counts_mountain_cards`.
    pub watcher_counts_mountain_cards: bool,
    /// SW §6.6: see `portal_half_in_rows`.
    pub portal_half_in_rows: bool,
    /// Turns of a game for 2 to 4 (5: "in 5 turns").
    pub turns: u8,
    /// Land cards dealt to each player a turn (3).
    pub cards_per_turn: u8,
    /// SW §6.12: see `two_player_sun_passes`.
    pub two_player_sun_passes: bool,
    /// SW §4.2: see `traveller_supply`.
    pub traveller_supply: TravellerOffer,
    /// p.7: see `traveller_rows_in_square`.
    pub traveller_rows_in_square: bool,
}

impl SoloRules {
    /// The game file's numbers with the named options, `overrides` applied
    /// (`key` → value text, as `--option key=value` gives them).
    pub fn new(overrides: &[(String, String)]) -> Result<SoloRules, OptionError> {
        let o = StrangeWorld.options(overrides)?;
        let r = StrangeWorld.rules();
        let s = StrangeWorld.setup();
        let small = |key: &str, v: i64| -> Result<u8, OptionError> {
            u8::try_from(v).map_err(|_| OptionError::Invalid {
                key: key.to_string(),
                message: format!("{v} is out of range"),
            })
        };
        Ok(SoloRules {
            world_size: small("world_size", i64::from(r.world_size))?,
            stacks: small("solo_stacks", i64::from(r.solo_stacks))?,
            stack_size: small("solo_stack_size", i64::from(r.solo_stack_size))?,
            travellers_revealed: small("solo_travellers", i64::from(r.solo_travellers))?,
            traveller_base: small("traveller_base", i64::from(s.traveller_base))?,
            animal_points: small("animal_points", i64::from(s.animal_points))?,
            swamp_points: small("swamp_points", i64::from(s.swamp_points))?,
            watcher_points: small("watcher_points", i64::from(s.watcher_points))?,
            traveller_base_unconditional: o.traveller_base_unconditional,
            lake_counts_fumaroles: o.lake_counts_fumaroles,
            solo_dark_cities: o.solo_dark_cities,
            portal_reuse_adjacent: o.portal_reuse_adjacent,
            watcher_counts_mountain_cards: o.watcher_counts_mountain_cards,
            portal_half_in_rows: o.portal_half_in_rows,
            turns: small("turns", i64::from(r.turns))?,
            cards_per_turn: small("cards_per_turn", i64::from(r.cards_per_turn))?,
            two_player_sun_passes: o.two_player_sun_passes,
            traveller_supply: match o.traveller_supply {
                TravellerSupply::Open => TravellerOffer::Open,
                TravellerSupply::StackTop => TravellerOffer::StackTop,
            },
            traveller_rows_in_square: o.traveller_rows_in_square,
        })
    }

    /// The solo rating band for a score (rulebook p.11).
    pub fn rating(&self, score: i64) -> &'static str {
        StrangeWorld.setup().rating_for(score)
    }

    /// The short label of a score's band, e.g. `"70-74"` or `"80+"`.
    pub fn band(&self, score: i64) -> String {
        let bands = &StrangeWorld.setup().rating;
        match bands.iter().position(|b| score >= b.min) {
            Some(0) => format!("{}+", bands[0].min),
            Some(i) if i + 1 == bands.len() => format!("{} or less", bands[i - 1].min - 1),
            Some(i) => format!("{}-{}", bands[i].min, bands[i - 1].min - 1),
            None => String::new(),
        }
    }
}

/// Why a catalog cannot be used by the engine.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ComponentsError {
    #[error("the catalog is for {0}, not Strange World")]
    WrongGame(GameId),
    #[error("the catalog has {0} Lands; the engine handles at most 250")]
    TooManyLands(usize),
    #[error("the catalog names {0} animal species; the engine handles at most 32")]
    TooManySpecies(usize),
    #[error("card \"{0}\" has {1} mountain icons; the engine handles at most 15")]
    TooManyMountains(String, i64),
    #[error("the catalog has {0} Travellers; the engine handles at most 250")]
    TooManyTravellers(usize),
    #[error(
        "a solo game needs {need} tier-1 Lands ({stacks} stacks of {size}); the catalog has {have}"
    )]
    NotEnoughLands {
        need: usize,
        have: usize,
        stacks: u8,
        size: u8,
    },
    #[error("a solo game needs a starting Land; the catalog has none")]
    NoStartingLand,
    #[error("a solo game reveals {need} Travellers; the catalog has {have}")]
    NotEnoughTravellers { need: usize, have: usize },
    #[error("the solo engine handles at most {MAX_STACKS} stacks of {MAX_STACK} cards")]
    Capacity,
    #[error("a Strange World game is for 1 to 4 players; a match needs 2 to 4, not {0}")]
    Players(u8),
    #[error(
        "a game for {players} needs {need} Lands of tier 1 to {players} (5 turns x 3 cards x {players} players); the catalog has {have}"
    )]
    NotEnoughMatchLands {
        players: u8,
        need: usize,
        have: usize,
    },
    #[error("a game for {players} needs one starting Land per player; the catalog has {have}")]
    NotEnoughStartingLands { players: u8, have: usize },
    #[error(
        "a game for 2 to 4 needs 1 + turns x cards a turn = 16 cards a World, 3 cards a turn (draft: pass 2, then 1) and at most {MAX_OFFER} Travellers"
    )]
    MatchCapacity,
    #[error("bad deal: {0}")]
    BadDeal(String),
    #[error(transparent)]
    Option(#[from] OptionError),
}

/// Everything a game reads from the catalog and the game file.
#[derive(Clone, Debug)]
pub struct Components {
    /// Every Land and starting Land of the catalog, in catalog order.
    pub lands: Vec<Land>,
    /// Animal species names, in order of first appearance.
    pub species: Vec<String>,
    pub travellers: Vec<Traveller>,
    /// Dark City stars, highest first (the stack).
    pub dark_cities: Vec<u8>,
    /// The Fumarole supply: the number of Fumarole cards in the catalog.
    pub fumaroles: u8,
    /// Indexes of the tier-1 Lands: the solo supply.
    pub solo_lands: Vec<u8>,
    /// Indexes of the starting Lands.
    pub starting_lands: Vec<u8>,
    pub rules: SoloRules,
    /// Each Land's species index (`NONE` without an animal): a compact copy of
    /// [`Land::species`] for the scoring loop.
    species_of: Vec<u8>,
    by_key: HashMap<String, u8>,
    traveller_by_key: HashMap<String, u8>,
}

fn clamp_u8(v: Option<i64>) -> u8 {
    v.unwrap_or(0).clamp(0, 255) as u8
}

impl Components {
    /// Reads a Strange World catalog. The catalog loader has already checked
    /// every field's type and range.
    pub fn new(catalog: &Catalog, rules: SoloRules) -> Result<Components, ComponentsError> {
        if catalog.game != GameId::StrangeWorld {
            return Err(ComponentsError::WrongGame(catalog.game));
        }
        let mut lands = Vec::new();
        let mut species: Vec<String> = Vec::new();
        let mut travellers = Vec::new();
        let mut dark_cities = Vec::new();
        let mut fumaroles = 0usize;
        for (i, card) in catalog.cards.iter().enumerate() {
            match card.card_type.as_str() {
                "land" | "starting-land" => {
                    let mountains = card.int("mountains").unwrap_or(0);
                    if !(0..=15).contains(&mountains) {
                        return Err(ComponentsError::TooManyMountains(
                            card.name.clone(),
                            mountains,
                        ));
                    }
                    let sp = match card.str_field("animal") {
                        Some(a) => {
                            let key = a.trim().to_lowercase();
                            let at = match species.iter().position(|s| *s == key) {
                                Some(p) => p,
                                None => {
                                    species.push(key);
                                    species.len() - 1
                                }
                            };
                            Some(at)
                        }
                        None => None,
                    };
                    lands.push(Land {
                        name: card.name.clone(),
                        id: card.id.clone(),
                        catalog_index: i,
                        tier: card.int("tier").map(|t| clamp_u8(Some(t))),
                        starting: card.card_type == "starting-land",
                        mountains: mountains as u8,
                        lake: card.flag("lake"),
                        swamp: card.flag("swamp"),
                        watcher: card.flag("watcher"),
                        volcano: card.flag("volcano"),
                        species: sp.map(|s| s.min(255) as u8),
                        portal: card.str_field("portal").and_then(Edge::parse),
                    });
                }
                "traveller" => {
                    let cond = card.field("condition").and_then(|c| c.as_table());
                    let get =
                        |k: &str| clamp_u8(cond.and_then(|t| t.get(k)).and_then(|v| v.as_int()));
                    travellers.push(Traveller {
                        name: card.name.clone(),
                        id: card.id.clone(),
                        catalog_index: i,
                        bonus: clamp_u8(card.int("bonus")),
                        condition: Condition {
                            lakes: get("lakes"),
                            mountains: get("mountains"),
                            swamps: get("swamps"),
                            watchers: get("watchers"),
                            fumaroles: get("fumaroles"),
                            portals: get("portals"),
                            species: get("species"),
                            swamps_each_row: get("swamps_each_row"),
                        },
                    });
                }
                "dark-city" => dark_cities.push(clamp_u8(card.int("stars"))),
                "fumarole" => fumaroles += 1,
                _ => {}
            }
        }
        if lands.len() > 250 {
            return Err(ComponentsError::TooManyLands(lands.len()));
        }
        if species.len() > 32 {
            return Err(ComponentsError::TooManySpecies(species.len()));
        }
        if travellers.len() > 250 {
            return Err(ComponentsError::TooManyTravellers(travellers.len()));
        }
        dark_cities.sort_unstable_by(|a, b| b.cmp(a));
        let mut by_key = HashMap::new();
        for (i, l) in lands.iter().enumerate() {
            by_key.insert(crate::model::name_key(&l.name), i as u8);
        }
        // ids second so that an id never loses to another card's name
        for (i, l) in lands.iter().enumerate() {
            by_key.insert(l.id.to_lowercase(), i as u8);
        }
        let mut traveller_by_key = HashMap::new();
        for (i, t) in travellers.iter().enumerate() {
            traveller_by_key.insert(crate::model::name_key(&t.name), i as u8);
        }
        for (i, t) in travellers.iter().enumerate() {
            traveller_by_key.insert(t.id.to_lowercase(), i as u8);
        }
        let solo_lands = (0..lands.len() as u8)
            .filter(|&i| lands[i as usize].tier == Some(1))
            .collect();
        let starting_lands = (0..lands.len() as u8)
            .filter(|&i| lands[i as usize].starting)
            .collect();
        let species_of = lands.iter().map(|l| l.species.unwrap_or(NONE)).collect();
        Ok(Components {
            species_of,
            lands,
            species,
            travellers,
            dark_cities,
            fumaroles: fumaroles.min(usize::from(NONE) - 1) as u8,
            solo_lands,
            starting_lands,
            rules,
            by_key,
            traveller_by_key,
        })
    }

    /// Reads a catalog with the game's default options.
    pub fn with_defaults(catalog: &Catalog) -> Result<Components, ComponentsError> {
        Components::new(catalog, SoloRules::new(&[])?)
    }

    /// Checks that the catalog can set up a solo game (rulebook p.11).
    pub fn check_solo(&self) -> Result<(), ComponentsError> {
        let r = &self.rules;
        if usize::from(r.stacks) > MAX_STACKS
            || usize::from(r.stack_size) > MAX_STACK
            || usize::from(r.travellers_revealed) > MAX_OFFER
            || r.world_size != super::world::SIZE
            || 1 + usize::from(r.stacks) * usize::from(r.stack_size)
                < usize::from(r.world_size) * usize::from(r.world_size)
        {
            return Err(ComponentsError::Capacity);
        }
        let need = usize::from(r.stacks) * usize::from(r.stack_size);
        if self.solo_lands.len() < need {
            return Err(ComponentsError::NotEnoughLands {
                need,
                have: self.solo_lands.len(),
                stacks: r.stacks,
                size: r.stack_size,
            });
        }
        if self.starting_lands.is_empty() {
            return Err(ComponentsError::NoStartingLand);
        }
        if self.travellers.len() < usize::from(r.travellers_revealed) {
            return Err(ComponentsError::NotEnoughTravellers {
                need: usize::from(r.travellers_revealed),
                have: self.travellers.len(),
            });
        }
        Ok(())
    }

    /// The Land deck of a game for `players` (SW-D1): the Lands of tier 1 to
    /// `players`, in catalog order.
    pub fn land_deck(&self, players: u8) -> Vec<u8> {
        (0..self.lands.len() as u8)
            .filter(|&i| {
                let l = &self.lands[usize::from(i)];
                !l.starting && l.tier.is_some_and(|t| t >= 1 && t <= players)
            })
            .collect()
    }

    /// Checks that the catalog can set up a game for `players` (2 to 4,
    /// rulebook p.1 and p.4, SW-D1..D3).
    pub fn check_match(&self, players: u8) -> Result<(), ComponentsError> {
        let r = &self.rules;
        if !(2..=4).contains(&players) {
            return Err(ComponentsError::Players(players));
        }
        if usize::from(r.cards_per_turn) != MAX_STACK
            || r.world_size != super::world::SIZE
            || 1 + usize::from(r.turns) * usize::from(r.cards_per_turn)
                != usize::from(r.world_size) * usize::from(r.world_size)
            || self.travellers.len() > MAX_OFFER
        {
            return Err(ComponentsError::MatchCapacity);
        }
        let need = usize::from(r.turns) * usize::from(r.cards_per_turn) * usize::from(players);
        let have = self.land_deck(players).len();
        if have < need {
            return Err(ComponentsError::NotEnoughMatchLands {
                players,
                need,
                have,
            });
        }
        if self.starting_lands.len() < usize::from(players) {
            return Err(ComponentsError::NotEnoughStartingLands {
                players,
                have: self.starting_lands.len(),
            });
        }
        Ok(())
    }

    /// The Components the computer players plan with in a game for
    /// `players`: the same box, with the Lands still to come being the Land
    /// deck of that game rather than the solo supply (the search player's
    /// estimate of what is left to draw reads [`Components::solo_lands`]).
    pub fn planning_for(&self, players: u8) -> Components {
        let mut c = self.clone();
        c.solo_lands = self.land_deck(players);
        c
    }

    /// The species index of a Land, `NONE` without an animal.
    #[inline]
    pub(crate) fn species_of(&self, i: u8) -> u8 {
        self.species_of[usize::from(i)]
    }

    pub fn land(&self, i: u8) -> &Land {
        &self.lands[usize::from(i)]
    }

    /// A Land by name (case and spacing ignored) or id.
    pub fn find_land(&self, key: &str) -> Option<u8> {
        let k = crate::model::name_key(key);
        self.by_key
            .get(&k)
            .or_else(|| self.by_key.get(&key.trim().to_lowercase()))
            .copied()
    }

    /// A Traveller by name or id.
    pub fn find_traveller(&self, key: &str) -> Option<u8> {
        let k = crate::model::name_key(key);
        self.traveller_by_key
            .get(&k)
            .or_else(|| self.traveller_by_key.get(&key.trim().to_lowercase()))
            .copied()
    }

    /// The Dark City stack the solo game uses (empty when the option turns it off).
    pub fn solo_cities(&self) -> &[u8] {
        if self.rules.solo_dark_cities {
            &self.dark_cities[..self.dark_cities.len().min(MAX_CITIES)]
        } else {
            &[]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::engine::solo::sample;

    #[test]
    fn reads_the_sample_box() {
        let c = sample();
        assert_eq!(c.solo_lands.len(), 21);
        assert_eq!(c.starting_lands.len(), 4);
        assert_eq!(c.lands.len(), 64);
        assert_eq!(c.species.len(), 6);
        assert_eq!(c.dark_cities, vec![9, 7, 5, 4, 4]);
        assert_eq!(c.fumaroles, 11);
        let floulou = &c.travellers[usize::from(c.find_traveller("floulou").unwrap())];
        assert_eq!(floulou.bonus, 8);
        assert_eq!(
            floulou.condition,
            Condition {
                lakes: 2,
                mountains: 2,
                swamps: 2,
                ..Condition::default()
            }
        );
        let glass = c.land(c.find_land("glassmirror   LAKE").unwrap());
        assert!(glass.lake && glass.portal == Some(Edge::Right) && glass.tier == Some(1));
        assert_eq!(
            c.find_land("glassmirror-lake"),
            c.find_land("Glassmirror Lake")
        );
        assert!(c.find_land("Splash").is_none(), "Travellers are not Lands");
        c.check_solo().unwrap();
    }

    #[test]
    fn rating_bands_follow_the_game_file() {
        let r = SoloRules::new(&[]).unwrap();
        assert_eq!(r.band(80), "80+");
        assert_eq!(r.band(79), "75-79");
        assert_eq!(r.band(70), "70-74");
        assert_eq!(r.band(60), "60-69");
        assert_eq!(r.band(59), "59 or less");
        assert!(r.rating(59).contains("devours you"));
        assert!(r.rating(80).contains("master"));
    }

    #[test]
    fn options_reach_the_rules_and_bad_ones_are_refused() {
        let r = SoloRules::new(&[("portal_reuse_adjacent".into(), "true".into())]).unwrap();
        assert!(r.portal_reuse_adjacent && r.traveller_base_unconditional);
        assert!(SoloRules::new(&[("nope".into(), "1".into())]).is_err());
        assert!(SoloRules::new(&[("lake_counts_fumaroles".into(), "maybe".into())]).is_err());
    }

    #[test]
    fn a_small_box_cannot_set_up_solo() {
        let mut cat = Catalog::new(GameId::StrangeWorld, "tiny");
        let mut land = crate::model::Card::new("A", "land");
        land.fields
            .insert("tier".into(), crate::model::FieldValue::Int(1));
        cat.cards.push(land);
        let c = Components::with_defaults(&cat).unwrap();
        assert!(matches!(
            c.check_solo(),
            Err(ComponentsError::NotEnoughLands {
                need: 21,
                have: 1,
                ..
            })
        ));
    }
}
