//! How much of each card's rules text the engine plays: `deckwright catalog
//! coverage` (formats.md §3).
//!
//! Each game's plug-in reads a card the way its engine will play it
//! ([`super::Plugin::read`]): every rules text of the card (its text, skills,
//! ability boxes) through the game's grammar, or its `effects` tables, then
//! checks what it read against what the engine supports. A card is
//! *modelled* when nothing is left over, *vanilla* when nothing at all was
//! read, *partial* otherwise; cards without rules text count as modelled.

use serde::Serialize;

use super::effect::Ability;
use super::effect::text::Reading;
use super::session::EngineError;
use crate::model::{Card, Catalog, GameId};

/// What the engine makes of one card.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CardReading {
    /// What the card does, as the engine plays it.
    pub abilities: Vec<Ability>,
    /// Its keywords, in words.
    pub keywords: Vec<String>,
    /// Phrases of its text the grammar does not understand, as written.
    pub not_understood: Vec<String>,
    /// Parts it understood that its game's engine does not play.
    pub unsupported: Vec<String>,
    /// Parts that only do something against an opponent's cards: played in
    /// two-player games, idle in goldfish games.
    pub against_opponent: Vec<String>,
    /// Flavour and reminder text (not rules).
    pub flavour: Vec<String>,
    /// Whether the card has any rules text at all.
    pub has_rules_text: bool,
    /// The phrases users taught its game that its text was read with, as
    /// "`phrase` → `meaning`" ([`super::effect::taught`]).
    pub taught: Vec<String>,
}

impl CardReading {
    /// From a grammar reading, with the parts the game does not support.
    pub fn from_reading(r: Reading, has_rules_text: bool) -> CardReading {
        CardReading {
            abilities: r.abilities,
            keywords: r
                .keywords
                .iter()
                .map(|(k, n)| {
                    let k = format!("{k:?}").to_lowercase();
                    if *n > 0 { format!("{k} {n}") } else { k }
                })
                .collect(),
            not_understood: r.not_understood,
            flavour: r.flavour,
            has_rules_text,
            ..CardReading::default()
        }
    }

    pub fn status(&self) -> Status {
        let missing = !self.not_understood.is_empty() || !self.unsupported.is_empty();
        if !missing {
            Status::Modelled
        } else if self.abilities.is_empty() && self.keywords.is_empty() {
            Status::Vanilla
        } else {
            Status::Partial
        }
    }

    /// Why the card plays (partly) as vanilla, for goldfish reports.
    pub fn reason(&self) -> Option<String> {
        let mut parts: Vec<String> = Vec::new();
        if !self.not_understood.is_empty() {
            parts.push(format!(
                "not understood: \"{}\"",
                self.not_understood.join("\", \"")
            ));
        }
        if !self.unsupported.is_empty() {
            parts.push(format!("not played: {}", self.unsupported.join(", ")));
        }
        (!parts.is_empty()).then(|| parts.join("; "))
    }
}

/// What the card does, in words: one sentence per ability, written by the
/// one renderer from the abilities ([`crate::engine::effect::render`]),
/// never copied from the rules text.
impl CardReading {
    pub fn says(&self) -> Vec<String> {
        super::effect::render::says_all(&self.abilities)
    }
}

/// How fully a card is modelled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Modelled,
    Partial,
    Vanilla,
}

/// One card: every card that is not fully modelled, or with `--all` every
/// card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Detail {
    pub name: String,
    pub status: Status,
    pub not_understood: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub not_played: Vec<String>,
    /// Its keywords, in words (Fuzzycards' Rush, Burn 2, ...).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub keywords: Vec<String>,
    /// Its abilities in the structured effect language (schema/effects.md):
    /// what the engine plays, and what loads as the card's `effects`.
    pub reading: Vec<Ability>,
    /// The same abilities rendered into plain words, one sentence each.
    pub says: Vec<String>,
    /// The phrases users taught the game that its text was read with.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub taught: Vec<String>,
}

impl Detail {
    fn of(card: &Card, status: Status, r: &CardReading) -> Detail {
        Detail {
            name: card.name.clone(),
            status,
            not_understood: r.not_understood.clone(),
            not_played: r.unsupported.clone(),
            keywords: r.keywords.clone(),
            reading: r.abilities.clone(),
            says: r.says(),
            taught: r.taught.clone(),
        }
    }
}

/// A card whose text only does something against an opponent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OpponentOnly {
    pub name: String,
    pub parts: Vec<String>,
}

/// formats.md §3 `catalog coverage --json`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Coverage {
    pub game: GameId,
    pub cards: usize,
    pub modelled: usize,
    pub partial: usize,
    pub vanilla: usize,
    /// `modelled / cards`.
    pub share: f64,
    /// Every card that is not `modelled` (with `--all`: every card).
    pub detail: Vec<Detail>,
    /// Modelled cards whose text only matters against an opponent's cards.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub against_opponent: Vec<OpponentOnly>,
}

/// The coverage of every card of `catalog`; `detail` lists the cards that
/// are not modelled.
pub fn coverage(catalog: &Catalog) -> Result<Coverage, EngineError> {
    coverage_of(catalog, false)
}

/// The coverage of every card of `catalog`; with `all`, `detail` lists
/// every card (`catalog coverage --all`).
pub fn coverage_of(catalog: &Catalog, all: bool) -> Result<Coverage, EngineError> {
    let plugin = match super::plugin(catalog.game) {
        Some(p) => p,
        None if crate::games::get(catalog.game).is_some_and(|g| g.builds_worlds()) => {
            // a World-building game's cards are icons, played by the solo
            // engine (Strange World)
            let detail = if all {
                let r = CardReading::default();
                catalog
                    .cards
                    .iter()
                    .map(|c| Detail::of(c, Status::Modelled, &r))
                    .collect()
            } else {
                Vec::new()
            };
            return Ok(Coverage {
                game: catalog.game,
                cards: catalog.cards.len(),
                modelled: catalog.cards.len(),
                partial: 0,
                vanilla: 0,
                share: 1.0,
                detail,
                against_opponent: Vec::new(),
            });
        }
        None => return Err(EngineError::NoEngine(catalog.game)),
    };
    let mut c = Coverage {
        game: catalog.game,
        cards: catalog.cards.len(),
        modelled: 0,
        partial: 0,
        vanilla: 0,
        share: 0.0,
        detail: Vec::new(),
        against_opponent: Vec::new(),
    };
    for card in &catalog.cards {
        let mut r = plugin.read(card);
        r.taught = taught_in(card, catalog.game);
        let status = r.status();
        match status {
            Status::Modelled => c.modelled += 1,
            Status::Partial => c.partial += 1,
            Status::Vanilla => c.vanilla += 1,
        }
        if status != Status::Modelled || all {
            c.detail.push(Detail::of(card, status, &r));
        }
        if status == Status::Modelled && !r.against_opponent.is_empty() {
            c.against_opponent.push(OpponentOnly {
                name: card.name.clone(),
                parts: r.against_opponent.clone(),
            });
        }
    }
    c.share = if c.cards == 0 {
        1.0
    } else {
        c.modelled as f64 / c.cards as f64
    };
    Ok(c)
}

/// Reads one card with its game's engine (the Library's live reading).
pub fn read(card: &Card, game: GameId) -> Option<CardReading> {
    let mut r = super::plugin(game).map(|p| p.read(card))?;
    r.taught = taught_in(card, game);
    Some(r)
}

/// Every text of `card`: its text, and every text field, skills' and
/// tables' included.
pub(crate) fn texts_of(card: &Card) -> Vec<&str> {
    fn gather<'a>(v: &'a crate::model::FieldValue, out: &mut Vec<&'a str>) {
        use crate::model::FieldValue;
        match v {
            FieldValue::Text(t) => out.push(t),
            FieldValue::List(l) => l.iter().for_each(|v| gather(v, out)),
            FieldValue::Table(t) => t.values().for_each(|v| gather(v, out)),
            _ => {}
        }
    }
    let mut texts: Vec<&str> = card.text.as_deref().into_iter().collect();
    for v in card.fields.values() {
        gather(v, &mut texts);
    }
    texts
}

/// The taught phrases of `game` that stand in any text of `card` (its
/// text, and every text field, skills' included), as "`phrase` →
/// `meaning`".
pub fn taught_in(card: &Card, game: GameId) -> Vec<String> {
    use super::effect::taught;
    let phrases = taught::phrases_of(game.as_str());
    if phrases.is_empty() {
        return Vec::new();
    }
    let texts = texts_of(card);
    let mut out = Vec::new();
    for text in texts {
        for t in taught::apply(&phrases, text).1 {
            let line = format!("`{}` → `{}`", t.phrase, t.means);
            if !out.contains(&line) {
                out.push(line);
            }
        }
    }
    out
}
