//! The construction-rule vocabulary of a game file: the `[construction]` table
//! (`schema/game.md`). Every construction rule of every game is one of these
//! checks, with its numbers, filters and message in data; [`super::check`] is
//! the one checker that runs them.

use std::collections::BTreeMap;
use std::fmt;

use serde::Deserialize;
use serde::de::{self, Deserializer, SeqAccess, Visitor};

/// `[construction]`: who plays, in which deck modes, and the rules a deck obeys.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConstructionDef {
    /// What the game calls a deck in reports ("land deck"); default "deck".
    #[serde(default)]
    pub deck_noun: Option<String>,
    /// Player counts, where rules depend on them.
    #[serde(default)]
    pub players: Option<PlayersDef>,
    /// Deck modes, where cards are made for one mode or another.
    #[serde(default)]
    pub modes: Option<ModesDef>,
    /// The rules, checked in this order.
    #[serde(default, rename = "rule")]
    pub rules: Vec<RuleDef>,
}

impl ConstructionDef {
    /// What a deck is called in reports.
    pub fn deck_noun(&self) -> &str {
        self.deck_noun.as_deref().unwrap_or("deck")
    }

    /// The word for a size tier ("duel"), when the game names deck sizes.
    pub fn tier_noun(&self) -> Option<&str> {
        self.rules
            .iter()
            .find(|r| !r.tiers.is_empty())
            .map(|r| r.tier_noun.as_deref().unwrap_or("tier"))
    }

    /// Whether a card may raise or lower its own copy limit (`copy_limit` in a
    /// catalog): only where a copies rule says `card_override = true`.
    pub fn card_override(&self) -> bool {
        self.rules
            .iter()
            .any(|r| r.check == CheckKind::Copies && r.card_override)
    }
}

/// `[construction.players]`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayersDef {
    pub min: i64,
    pub max: i64,
    /// A card field whose highest value in the deck is the player count when
    /// the caller does not say (Strange World Land tiers); else `min`.
    #[serde(default)]
    pub infer_from: Option<String>,
}

impl PlayersDef {
    /// The position of `players` in a per-player-count list.
    pub fn index(&self, players: i64) -> Option<usize> {
        (self.min..=self.max)
            .contains(&players)
            .then(|| (players - self.min) as usize)
    }

    pub fn count(&self) -> usize {
        (self.max - self.min + 1).max(0) as usize
    }
}

/// `[construction.modes]`: a card field says which mode a card was made for.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModesDef {
    /// The card field holding a card's mark.
    pub field: String,
    /// The mode of a deck when the caller does not say and no other mode's
    /// mark is on every card.
    pub default: String,
    #[serde(rename = "mode")]
    pub modes: Vec<ModeDef>,
}

impl ModesDef {
    pub fn mode(&self, name: &str) -> Option<&ModeDef> {
        self.modes.iter().find(|m| m.name == name)
    }
}

/// One deck mode.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModeDef {
    pub name: String,
    /// The value of the mode field on cards made for this mode. A card without
    /// the field takes the mode of the deck it is in.
    pub mark: String,
    /// A deck of this mode holds only cards of its mark (and unmarked ones).
    #[serde(default)]
    pub exclusive: bool,
}

/// The kinds of construction check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CheckKind {
    /// The number of main-board cards: `exact`, `min`/`max`, or named `tiers`.
    Size,
    /// The number of cards matching `when`: `exact`, `min`, `max`.
    Count,
    /// Copies per card name (`per = "card"`) or in all (`per = "deck"`) of
    /// the cards matching `when`: at most `max`.
    Copies,
    /// Every card matching `when` at most once.
    Singleton,
    /// At most `max` different values of `field` among the cards.
    Distinct,
    /// Each card's `field` within `min`/`max`.
    CardField,
    /// Each card's `field` (a player-count tier) at most the player count.
    Tier,
    /// The values of `field` over the matching cards are exactly `values`.
    Stack,
    /// The deck's mode: cards made for another mode in an exclusive mode.
    Modes,
    /// Cards made for different modes in one deck.
    MixedModes,
}

impl CheckKind {
    pub fn as_str(self) -> &'static str {
        match self {
            CheckKind::Size => "size",
            CheckKind::Count => "count",
            CheckKind::Copies => "copies",
            CheckKind::Singleton => "singleton",
            CheckKind::Distinct => "distinct",
            CheckKind::CardField => "card-field",
            CheckKind::Tier => "tier",
            CheckKind::Stack => "stack",
            CheckKind::Modes => "modes",
            CheckKind::MixedModes => "mixed-modes",
        }
    }

    /// The rule id a check reports when the rule does not name one.
    pub fn default_rule(self) -> &'static str {
        match self {
            CheckKind::Size => "deck-size",
            CheckKind::Count => "card-count",
            CheckKind::Copies => "copy-limit",
            CheckKind::Singleton => "singleton",
            CheckKind::Distinct => "distinct-limit",
            CheckKind::CardField => "card-field",
            CheckKind::Tier => "player-tier",
            CheckKind::Stack => "stack",
            CheckKind::Modes | CheckKind::MixedModes => "deck-mode",
        }
    }

    /// The placeholders a `message` template of this check may use, besides
    /// [`COMMON_PLACEHOLDERS`].
    pub fn placeholders(self) -> &'static [&'static str] {
        match self {
            CheckKind::Size => &["count", "limit", "tier", "tier_noun", "range"],
            CheckKind::Count => &["count", "limit", "noun", "limit_noun"],
            CheckKind::Copies => &["count", "card", "limit", "label"],
            CheckKind::Singleton => &["count", "card", "noun"],
            CheckKind::Distinct => &["count", "limit", "noun", "values"],
            CheckKind::CardField => &["card", "value", "limit", "label"],
            CheckKind::Tier => &["players", "noun", "cards", "field"],
            CheckKind::Stack => &["label", "found", "expected"],
            CheckKind::Modes => &["mode", "mark", "count", "cards"],
            CheckKind::MixedModes => &["mode", "marks", "others"],
        }
    }
}

/// Placeholders every `message` template may use: the game's name, who the
/// rule speaks of (the game, "Bizarre World crafting mode", "a 3-player
/// game"), the rule's `why`, and what the game calls a deck.
pub const COMMON_PLACEHOLDERS: [&str; 4] = ["game", "who", "why", "deck"];

/// Whether a copy limit counts per card name or over the whole deck.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Per {
    #[default]
    Card,
    Deck,
}

/// Card conditions: every key must match. A key is `type`, `cost` or a card
/// field; a value is a string, integer or boolean, or a list of them (any of
/// them matches). A list field matches when it holds the value.
pub type Filter = BTreeMap<String, toml::Value>;

/// One named deck-size tier (Bizarre World duels).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TierDef {
    pub name: String,
    pub min: u32,
    /// `None`: no upper bound ("36+ cards").
    #[serde(default)]
    pub max: Option<u32>,
    /// Each player's starting life in decks of this tier.
    pub life: u32,
}

impl TierDef {
    pub fn fits(&self, size: u32) -> bool {
        size >= self.min && self.max.is_none_or(|m| size <= m)
    }

    /// "18-26 cards", "36 or more cards".
    pub fn range(&self) -> String {
        match self.max {
            Some(m) if m == self.min => format!("{m} cards"),
            Some(m) => format!("{}-{m} cards", self.min),
            None => format!("{} or more cards", self.min),
        }
    }
}

/// A number, or one number per player count (`min = [21, 30, 45, 60]` for 1
/// to 4 players).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ByPlayers<T> {
    One(T),
    Each(Vec<T>),
}

impl<T: Clone> ByPlayers<T> {
    /// The value for the player count at `index` (see [`PlayersDef::index`]);
    /// a single value holds for every count.
    pub fn at(&self, index: Option<usize>) -> Option<T> {
        match self {
            ByPlayers::One(v) => Some(v.clone()),
            ByPlayers::Each(vs) => index.and_then(|i| vs.get(i).cloned()),
        }
    }

    pub fn is_each(&self) -> bool {
        matches!(self, ByPlayers::Each(_))
    }

    pub fn len(&self) -> usize {
        match self {
            ByPlayers::One(_) => 1,
            ByPlayers::Each(v) => v.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn values(&self) -> Vec<T> {
        match self {
            ByPlayers::One(v) => vec![v.clone()],
            ByPlayers::Each(v) => v.clone(),
        }
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for ByPlayers<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for V<T> {
            type Value = ByPlayers<T>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a value, or a list of values (one per player count)")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                let mut out = Vec::new();
                while let Some(x) = seq.next_element()? {
                    out.push(x);
                }
                Ok(ByPlayers::Each(out))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
                T::deserialize(de::value::I64Deserializer::new(v)).map(ByPlayers::One)
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
                T::deserialize(de::value::U64Deserializer::new(v)).map(ByPlayers::One)
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
                T::deserialize(de::value::StrDeserializer::new(v)).map(ByPlayers::One)
            }
        }
        d.deserialize_any(V(std::marker::PhantomData))
    }
}

/// One construction rule (`[[construction.rule]]`). Which keys apply depends
/// on `check`; `schema/game.md` lists them and `game check` refuses the others.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleDef {
    pub check: CheckKind,
    /// The rule id violations carry (kebab-case); default by `check`.
    #[serde(default)]
    pub rule: Option<String>,
    /// The rulebook constraint id (FZ-D1, ...).
    #[serde(default, rename = "ref")]
    pub reference: Option<String>,
    /// Only cards matching all of these count.
    #[serde(default)]
    pub when: Filter,
    /// Cards matching all of these do not count.
    #[serde(default)]
    pub unless: Filter,
    /// Only in decks of these modes.
    #[serde(default)]
    pub modes: Vec<String>,
    /// Only for these player counts.
    #[serde(default)]
    pub players: Vec<i64>,
    /// Only while the game's named options have these values.
    #[serde(default)]
    pub when_option: BTreeMap<String, toml::Value>,
    #[serde(default)]
    pub exact: Option<ByPlayers<i64>>,
    #[serde(default)]
    pub min: Option<ByPlayers<i64>>,
    #[serde(default)]
    pub max: Option<ByPlayers<i64>>,
    /// `exact`/`min`/`max` count per player (Strange World starting Lands).
    #[serde(default)]
    pub per_player: bool,
    /// Count only cards whose value of this field is at most the player count.
    #[serde(default)]
    pub within_players: Option<String>,
    /// `size`: named size tiers, smallest first.
    #[serde(default)]
    pub tiers: Vec<TierDef>,
    /// `size`: what a tier is called ("duel").
    #[serde(default)]
    pub tier_noun: Option<String>,
    /// The card field checked (`distinct`, `card-field`, `tier`, `stack`).
    #[serde(default)]
    pub field: Option<String>,
    /// `stack`: the values, highest first.
    #[serde(default)]
    pub values: Vec<i64>,
    /// `distinct`: values that do not count.
    #[serde(default)]
    pub ignore: Vec<String>,
    /// `copies`: per card name or per deck.
    #[serde(default)]
    pub per: Per,
    /// The game's rulebook lets card text override this rule (DD-D4):
    /// `copies` takes a card's own copy limit in place of `max`; `size`
    /// also allows the deck sizes its cards' text names; `distinct` takes
    /// the highest limit its cards' text names and skips cards whose text
    /// takes them out of the count (see [`crate::rules::CardRules`]).
    #[serde(default)]
    pub card_override: bool,
    /// A word for the cards or value in messages ("Legendary", "point value",
    /// "Dark City").
    #[serde(default)]
    pub label: Option<String>,
    /// Singular and plural of what is counted (`["Hero", "Heroes"]`).
    #[serde(default)]
    pub noun: Option<(String, String)>,
    /// Why the number is what it is, shown in parentheses; one per player
    /// count when a list.
    #[serde(default)]
    pub why: Option<ByPlayers<String>>,
    /// The message, with `{placeholders}`; default by `check`.
    #[serde(default)]
    pub message: Option<String>,
}

impl RuleDef {
    pub fn rule_id(&self) -> &str {
        self.rule
            .as_deref()
            .unwrap_or_else(|| self.check.default_rule())
    }
}
