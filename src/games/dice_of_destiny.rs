//! Dice of Destiny (working name of the untitled dice TCG): 30 cards, 3 per name,
//! at most two colours (rules-notes DD).

use serde::Deserialize;

use super::{Game, GameDef, OptionError};
use crate::rules::{self, CheckOptions, Resolved, RuleId, Verdict, Violation};

/// `[rules]` of `resources/games/dice-of-destiny.toml`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    /// DD-D1.
    pub deck_size: u32,
    /// DD-D2, unless a card's `copy_limit` overrides it.
    pub copy_limit: u32,
    /// DD-D3.
    pub max_colours: usize,
}

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
}

/// The Dice of Destiny game.
pub struct DiceOfDestiny;

pub(super) static GAME: DiceOfDestiny = DiceOfDestiny;

game_data!(DiceOfDestiny, "dice-of-destiny.toml");

impl Game for DiceOfDestiny {
    fn def(&self) -> &GameDef {
        &data().def
    }

    fn check(&self, deck: &Resolved<'_>, opts: &CheckOptions) -> Result<Verdict, OptionError> {
        let options = self.options(&opts.overrides)?;
        let r = self.rules();
        let name = &self.def().name;
        let mut v = Vec::new();
        v.extend(rules::deck_size_exact(deck, r.deck_size, name, "DD-D1"));
        v.extend(rules::copy_limit(deck, r.copy_limit, name, "DD-D2", |_| {
            true
        }));

        // DD-D3: colours in use, most cards first.
        let mut colours: Vec<(&str, u32, Vec<String>)> = Vec::new();
        for (card, n, _) in deck.cards() {
            let Some(colour) = card.str_field("colour") else {
                continue;
            };
            if colour == "grey" && !options.grey_counts_as_colour {
                continue;
            }
            match colours.iter_mut().find(|(c, _, _)| *c == colour) {
                Some((_, count, names)) => {
                    *count += n;
                    if !names.contains(&card.name) {
                        names.push(card.name.clone());
                    }
                }
                None => colours.push((colour, n, vec![card.name.clone()])),
            }
        }
        if colours.len() > r.max_colours {
            colours.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
            let listed: Vec<String> = colours
                .iter()
                .map(|(c, n, _)| format!("{c} ({n})"))
                .collect();
            let extra: Vec<String> = colours[r.max_colours..]
                .iter()
                .flat_map(|(_, _, names)| names.iter().cloned())
                .collect();
            let grey = if options.grey_counts_as_colour {
                " (grey counts)"
            } else {
                ""
            };
            v.push(
                Violation::new(
                    RuleId::ColourLimit,
                    Some("DD-D3"),
                    format!(
                        "deck uses {} colours: {}; {name} allows at most {}{grey}",
                        colours.len(),
                        listed.join(", "),
                        r.max_colours
                    ),
                )
                .with_cards(extra),
            );
        }
        Ok(Verdict {
            violations: v,
            ..Verdict::default()
        })
    }
}
