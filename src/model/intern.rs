//! Interned strings: names that come from data (game ids, rule ids, deck modes
//! of game files) turned into `&'static str` once, so that the types carrying
//! them stay `Copy` like the built-in constants they sit beside.
//!
//! Each distinct string is leaked once and reused after; the set is bounded by
//! the game files a run loads and the words typed on its command line.

use std::sync::{PoisonError, RwLock};

static INTERNED: RwLock<Vec<&'static str>> = RwLock::new(Vec::new());

/// `text` as a `&'static str`, the same one every time for the same text.
pub fn intern(text: &str) -> &'static str {
    if let Some(s) = INTERNED
        .read()
        .unwrap_or_else(PoisonError::into_inner)
        .iter()
        .find(|s| **s == text)
    {
        return s;
    }
    let mut interned = INTERNED.write().unwrap_or_else(PoisonError::into_inner);
    if let Some(s) = interned.iter().find(|s| **s == text) {
        return s;
    }
    let leaked: &'static str = Box::leak(text.to_string().into_boxed_str());
    interned.push(leaked);
    leaked
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_same_text_gives_the_same_str() {
        let a = super::intern("intern-test");
        let b = super::intern(&String::from("intern-test"));
        assert!(std::ptr::eq(a, b));
        assert_eq!(a, "intern-test");
    }
}
