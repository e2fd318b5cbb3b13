//! Plain data: games, cards, catalogs, decks and the collection.
//!
//! Nothing here does I/O. Loading and saving live in [`crate::catalog`],
//! [`crate::decklist`] and [`crate::store`]; behaviour lives in [`crate::games`]
//! and [`crate::rules`].

mod card;
mod catalog;
mod collection;
mod deck;
mod effect;
mod game_id;
mod intern;

pub use card::{CARD_KEYS, Card, FieldValue, name_key, slug};
pub use catalog::{Catalog, NameIndex};
pub use collection::{Collection, MissingCard, Owned};
pub use deck::{Board, Deck, DeckEntry, DeckNote};
pub use effect::{CardEffect, Effect, Trigger};
pub use game_id::{GameId, UnknownGame};
pub use intern::intern;
