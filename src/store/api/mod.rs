//! The store's public face: the [`Store`](super::Store) methods, grouped by
//! what they work on. They run transactions over the SQL helpers of the
//! store's row modules (`cards`, `catalogs`, `decks`), which never call back
//! up here, so the store reads one way: methods here, queries below, and
//! among the queries `decks` over `catalogs` over `cards`.

mod cards;
mod catalogs;
mod decks;
