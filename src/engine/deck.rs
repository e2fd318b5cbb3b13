//! A deck compiled for the engine: one catalog index per card copy.

use serde::Serialize;

use crate::model::{Catalog, Deck};
use crate::rules::resolve;

/// The main board as a flat list of catalog card positions, one per copy, in
/// deck-list order (shuffle it before play).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeckCards {
    pub cards: Vec<u16>,
}

impl DeckCards {
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }
}

/// Why a deck cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
pub enum DeckError {
    /// Names that do not resolve to exactly one catalog card.
    #[error("the deck names cards the catalog cannot resolve: {}", .0.join("; "))]
    Unresolved(Vec<String>),
    #[error("the deck is empty")]
    Empty,
    #[error("the catalog has more than 65,535 cards")]
    TooManyCards,
    /// More copies than the engine can number (each copy has a `u16` id).
    #[error("the deck has {cards} cards; the engine plays decks of at most {max} cards")]
    TooBig { cards: u64, max: usize },
}

/// The most card copies a deck may hold for play: every copy gets a `u16` id
/// (zones hold ids), so 65,535 is the most that can be numbered. No card game
/// comes near it; a deck list that does is refused, never wrapped around.
pub const MAX_DECK_CARDS: usize = u16::MAX as usize;

/// Resolves `deck` against `catalog` for play. Unlike validation, an unknown
/// or ambiguous card is an error here: the engine cannot play a card it does not
/// know.
pub fn compile(catalog: &Catalog, deck: &Deck) -> Result<DeckCards, DeckError> {
    if catalog.cards.len() > usize::from(u16::MAX) {
        return Err(DeckError::TooManyCards);
    }
    let resolved = resolve(deck, catalog);
    if !resolved.violations.is_empty() {
        return Err(DeckError::Unresolved(
            resolved.violations.into_iter().map(|v| v.message).collect(),
        ));
    }
    let total: u64 = resolved.main.iter().map(|l| u64::from(l.count)).sum();
    if total > MAX_DECK_CARDS as u64 {
        return Err(DeckError::TooBig {
            cards: total,
            max: MAX_DECK_CARDS,
        });
    }
    let mut cards = Vec::with_capacity(total as usize);
    for line in &resolved.main {
        if let Some(i) = line.card {
            cards.extend(std::iter::repeat_n(i as u16, line.count as usize));
        }
    }
    if cards.is_empty() {
        return Err(DeckError::Empty);
    }
    Ok(DeckCards { cards })
}
