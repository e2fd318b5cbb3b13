//! Teaching a game's grammar a phrase (issue 49): what the grammar reads
//! nearest to a sentence it does not understand, and which cards would read
//! differently once a phrase is taught — shown before it is saved, in the
//! app's Library and by `deckwright lexicon add`.

use serde::Serialize;

use super::coverage::{self, CardReading, Status};
use super::effect::taught::{self, Taught};
use crate::model::{Card, GameId};

/// Reads `card` as if `game` had been taught `tried`, on this thread.
fn read_trying(card: &Card, game: GameId, tried: &Taught) -> Option<CardReading> {
    taught::trying(game.as_str(), tried, || coverage::read(card, game))
}

/// A card that would read differently.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Changed {
    pub name: String,
    pub before: Status,
    pub after: Status,
    /// What it does now, and would do, in words.
    pub says_before: Vec<String>,
    pub says_after: Vec<String>,
    /// What would still not be understood.
    pub not_understood_after: Vec<String>,
}

fn plays(r: &CardReading) -> (&[super::effect::Ability], &[String], &[String], &[String]) {
    (&r.abilities, &r.keywords, &r.not_understood, &r.unsupported)
}

/// The cards of `cards` that would read differently were `phrase` taught
/// to mean `means` — the card being fixed and any other.
pub fn preview(game: GameId, cards: &[Card], phrase: &str, means: &str) -> Vec<Changed> {
    let tried = Taught {
        phrase: taught::tidy(phrase),
        means: taught::tidy(means),
    };
    let mut out = Vec::new();
    for card in cards {
        let Some(before) = coverage::read(card, game) else {
            continue;
        };
        let Some(after) = read_trying(card, game, &tried) else {
            continue;
        };
        if plays(&before) != plays(&after) {
            out.push(Changed {
                name: card.name.clone(),
                before: before.status(),
                after: after.status(),
                says_before: before.says(),
                says_after: after.says(),
                not_understood_after: after.not_understood.clone(),
            });
        }
    }
    out
}

/// Words compared: lower case, numbers as `#`.
fn shape(s: &str) -> Vec<String> {
    s.split(|c: char| !c.is_alphanumeric() && c != '+' && c != '-')
        .filter(|w| !w.is_empty())
        .map(|w| {
            if w.trim_start_matches(['+', '-'])
                .chars()
                .all(|c| c.is_ascii_digit())
            {
                "#".to_string()
            } else {
                w.to_lowercase()
            }
        })
        .collect()
}

/// How alike two word lists are: their longest common subsequence over the
/// longer's length (0 to 1).
fn likeness(a: &[String], b: &[String]) -> f64 {
    if a.is_empty() || b.is_empty() {
        return 0.0;
    }
    let mut prev = vec![0usize; b.len() + 1];
    for x in a {
        let mut cur = vec![0usize; b.len() + 1];
        for (j, y) in b.iter().enumerate() {
            cur[j + 1] = if x == y {
                prev[j] + 1
            } else {
                cur[j].max(prev[j + 1])
            };
        }
        prev = cur;
    }
    prev[b.len()] as f64 / a.len().max(b.len()) as f64
}

/// The sentences of `cards`' texts that the grammar reads completely: the
/// phrasings it knows, in this game's own words.
pub fn known_sentences(game: GameId, cards: &[Card]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for card in cards {
        let Some(r) = coverage::read(card, game) else {
            continue;
        };
        if r.status() != Status::Modelled || !r.has_rules_text {
            continue;
        }
        for t in coverage::texts_of(card) {
            for s in split_sentences(t) {
                if shape(&s).len() >= 2 && !out.contains(&s) {
                    out.push(s);
                }
            }
        }
    }
    out
}

/// A text's sentences, each with its closing mark.
fn split_sentences(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut depth = 0i32;
    for c in text.chars() {
        cur.push(c);
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            '.' | '!' | '?' if depth <= 0 => {
                let s = cur.trim().to_string();
                if !s.is_empty() {
                    out.push(s);
                }
                cur.clear();
            }
            _ => {}
        }
    }
    let s = cur.trim().to_string();
    if !s.is_empty() {
        out.push(s);
    }
    out
}

/// The `n` phrasings the grammar knows (from `known`) nearest to
/// `sentence`, nearest first, each with how alike it is (0 to 1).
pub fn nearest(sentence: &str, known: &[String], n: usize) -> Vec<(String, f64)> {
    let want = shape(sentence);
    let mut scored: Vec<(String, f64)> = known
        .iter()
        .map(|k| (k.clone(), likeness(&want, &shape(k))))
        .filter(|(_, s)| *s > 0.0)
        .collect();
    scored.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    scored.truncate(n);
    scored
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_puts_the_closest_wording_first() {
        let known = vec![
            "On Deploy: deal 3 damage to your opponent's Life.".to_string(),
            "On Deploy: draw 2 cards.".to_string(),
            "Pay 1 Energy: heal 2.".to_string(),
        ];
        let n = nearest(
            "When deployed, deal 2 damage to the opposing player's Life.",
            &known,
            2,
        );
        assert_eq!(n[0].0, known[0]);
        assert!(n[0].1 > n[1].1);
    }

    #[test]
    fn sentences_split_outside_brackets() {
        assert_eq!(
            split_sentences("Guard (Enemies must attack it. Really.). Draw 1."),
            ["Guard (Enemies must attack it. Really.).", "Draw 1."]
        );
    }
}
