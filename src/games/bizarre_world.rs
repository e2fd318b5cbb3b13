//! Bizarre World: generator-made creature cards, crafting or random decks, and a
//! duel size chosen by the deck's size (rules-notes BW).

use std::collections::HashSet;

use serde::Deserialize;

use super::{Game, GameDef, OptionError};
use crate::model::Card;
use crate::rules::{self, CheckOptions, Duel, Mode, Resolved, RuleId, Verdict, Violation};

/// One duel size (BW-D2).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DuelSize {
    pub name: String,
    pub min: u32,
    /// `None`: no upper bound ("36+ cards").
    #[serde(default)]
    pub max: Option<u32>,
    pub life: u32,
}

/// `[rules]` of `resources/games/bizarre-world.toml`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    /// BW-D4: copies per name in crafting mode, whatever their costs.
    pub crafting_copy_limit: u32,
    /// BW-D3: the lowest point value a crafted card may have.
    pub min_point_value: i64,
    /// BW-D2: deck size → duel and life, smallest first.
    pub duel: Vec<DuelSize>,
}

impl Rules {
    /// The duel a deck of `size` cards plays, if any.
    pub fn duel_for(&self, size: u32) -> Option<&DuelSize> {
        self.duel
            .iter()
            .find(|d| size >= d.min && d.max.is_none_or(|m| size <= m))
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

/// The Bizarre World game.
pub struct BizarreWorld;

pub(super) static GAME: BizarreWorld = BizarreWorld;

game_data!(BizarreWorld, "bizarre-world.toml");

/// Whether a card is marked as made with the RANDOM CARD button. A card
/// without an `origin` is neither random nor crafted by itself: it takes the
/// mode of the deck it is in (rules-notes BW §6.6).
pub fn is_random(card: &Card) -> bool {
    card.str_field("origin") == Some("random")
}

/// Whether a card is explicitly marked as made with the CRAFT CARD button.
pub fn is_marked_crafted(card: &Card) -> bool {
    card.str_field("origin") == Some("crafted")
}

impl BizarreWorld {
    /// The deck's mode when the caller does not say: random only when every
    /// resolved card is random (BW §6.6).
    pub fn infer_mode(deck: &Resolved<'_>) -> Mode {
        let mut cards = deck.cards().peekable();
        if cards.peek().is_some() && cards.all(|(c, _, _)| is_random(c)) {
            Mode::Random
        } else {
            Mode::Crafting
        }
    }
}

impl Game for BizarreWorld {
    fn def(&self) -> &GameDef {
        &data().def
    }

    fn check(&self, deck: &Resolved<'_>, opts: &CheckOptions) -> Result<Verdict, OptionError> {
        let options = self.options(&opts.overrides)?;
        let r = self.rules();
        let name = &self.def().name;
        let mut v = Vec::new();
        let mode = opts.mode.unwrap_or_else(|| Self::infer_mode(deck));

        // BW-D2: the size picks the duel; below the smallest there is none.
        let total = deck.total();
        let duel = r.duel_for(total);
        if duel.is_none() {
            let smallest = &r.duel[0];
            v.push(Violation::new(
                RuleId::DeckSize,
                Some("BW-D2"),
                format!(
                    "deck has {total} cards; {name} needs at least {} (a {} duel is {}-{} cards)",
                    smallest.min,
                    smallest.name,
                    smallest.min,
                    smallest.max.unwrap_or(smallest.min)
                ),
            ));
        }

        // BW-D1: a random deck holds only random cards. A card without an
        // `origin` takes the deck's mode (rules-notes BW §6.6), so only a card
        // explicitly marked crafted breaks it.
        let crafted_here = |c: &Card| match mode {
            Mode::Random => is_marked_crafted(c),
            Mode::Crafting => !is_random(c),
        };
        let crafted: Vec<String> = deck
            .cards()
            .filter(|(c, _, _)| crafted_here(c))
            .map(|(c, _, _)| c.name.clone())
            .collect();
        let any_random = deck.cards().any(|(c, _, _)| is_random(c));
        if mode == Mode::Random && !crafted.is_empty() {
            v.push(
                Violation::new(
                    RuleId::DeckMode,
                    Some("BW-D1"),
                    format!(
                        "a random-mode deck holds only random cards; {} {} crafted: {}",
                        crafted.len(),
                        if crafted.len() == 1 {
                            "card is"
                        } else {
                            "cards are"
                        },
                        crafted.join(", ")
                    ),
                )
                .with_cards(crafted.clone()),
            );
        } else if mode == Mode::Crafting
            && options.mixed_decks == MixedDecks::Error
            && any_random
            && !crafted.is_empty()
        {
            let random: Vec<String> = deck
                .cards()
                .filter(|(c, _, _)| is_random(c))
                .map(|(c, _, _)| c.name.clone())
                .collect();
            v.push(
                Violation::new(
                    RuleId::DeckMode,
                    Some("BW-D1"),
                    format!(
                        "deck mixes random and crafted cards (mixed_decks = error); random: {}",
                        random.join(", ")
                    ),
                )
                .with_cards(random),
            );
        }

        if mode == Mode::Crafting {
            // BW-D3: each crafted card's point value is at least 0.
            for (card, _, line) in deck.cards() {
                if is_random(card) && !options.random_points_checked {
                    continue;
                }
                if let Some(points) = card.int("points")
                    && points < r.min_point_value
                {
                    v.push(
                        Violation::new(
                            RuleId::PointValue,
                            Some("BW-D3"),
                            format!(
                                "\"{}\" has point value {points}; crafted cards need a point value of at least {}",
                                card.name, r.min_point_value
                            ),
                        )
                        .with_cards([card.name.clone()])
                        .at_line(line.line),
                    );
                }
            }
            // BW-D4: 3 per name of a crafted card, cost variants (and any random
            // card sharing the name) counted together; names only random cards
            // carry stay unlimited (BW §6.6).
            let crafted_names: HashSet<String> = deck
                .cards()
                .filter(|(c, _, _)| !is_random(c))
                .map(|(c, _, _)| c.name_key())
                .collect();
            v.extend(rules::copy_limit(
                deck,
                r.crafting_copy_limit,
                &format!("{name} crafting mode"),
                "BW-D4",
                |c| crafted_names.contains(&c.name_key()),
            ));
        }
        // BW-D5: random mode has no copy or point limit.

        Ok(Verdict {
            violations: v,
            duel: duel.map(|d| Duel {
                name: d.name.clone(),
                life: d.life,
            }),
            mode: Some(mode),
            players: None,
        })
    }
}
