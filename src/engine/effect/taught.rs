//! Phrases a user taught the grammar (issue 49): "`the opposing player`
//! means `your opponent`", per game. They are kept in the database
//! (`taught_phrases`, schema 5) and put here — one table for the whole run —
//! when the database is opened and whenever one is taught or removed, so
//! every card of the game is read with them at once; a game file's
//! `[lexicon] synonyms` are the same thing written by the game's author.
//!
//! A taught phrase is applied to a card's text before it is split into
//! sentences: each place its words stand in the text (any case, the words
//! separated by spaces only) is written as its meaning, and the reading
//! says which phrases it was read with. Reading happens when a catalog is
//! compiled, never in a game, so the goldfish speed does not change.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::{Arc, OnceLock, RwLock};

/// One taught phrase: what the user writes, and the wording the grammar
/// reads it as.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Taught {
    pub phrase: String,
    pub means: String,
}

type Table = HashMap<String, Arc<Vec<Taught>>>;

fn table() -> &'static RwLock<Table> {
    static T: OnceLock<RwLock<Table>> = OnceLock::new();
    T.get_or_init(|| RwLock::new(HashMap::new()))
}

/// Makes `phrases` the taught phrases of `game` (replacing any before).
pub fn set(game: &str, phrases: Vec<Taught>) {
    let mut t = table().write().unwrap_or_else(|e| e.into_inner());
    if phrases.is_empty() {
        t.remove(game);
    } else {
        t.insert(game.to_string(), Arc::new(phrases));
    }
}

/// Makes `by_game` the whole table: every other game's phrases are
/// forgotten.
pub fn replace_all(by_game: impl IntoIterator<Item = (String, Vec<Taught>)>) {
    let mut t = table().write().unwrap_or_else(|e| e.into_inner());
    t.clear();
    for (game, phrases) in by_game {
        if !phrases.is_empty() {
            t.insert(game, Arc::new(phrases));
        }
    }
}

/// The taught phrases of `game`.
pub fn of(game: &str) -> Arc<Vec<Taught>> {
    let t = table().read().unwrap_or_else(|e| e.into_inner());
    t.get(game).cloned().unwrap_or_default()
}

thread_local! {
    /// A phrase tried, not taught: read as if taught, on this thread only
    /// (the preview before a phrase is saved).
    static TRYING: RefCell<Option<(String, Taught)>> = const { RefCell::new(None) };
}

/// Runs `f` with `game` read as if it had been taught `tried` (on this
/// thread only; nothing is stored).
pub fn trying<R>(game: &str, tried: &Taught, f: impl FnOnce() -> R) -> R {
    let before = TRYING.with(|t| t.replace(Some((game.to_string(), tried.clone()))));
    let r = f();
    TRYING.with(|t| *t.borrow_mut() = before);
    r
}

/// The phrases `game` is read with on this thread: the taught ones, and the
/// one being tried ([`trying`]) in place of any of the same words.
pub fn phrases_of(game: &str) -> Vec<Taught> {
    let mut v: Vec<Taught> = of(game).as_ref().clone();
    TRYING.with(|t| {
        if let Some((g, tried)) = t.borrow().as_ref()
            && g == game
        {
            v.retain(|p| !p.phrase.eq_ignore_ascii_case(&tried.phrase));
            v.push(tried.clone());
        }
    });
    v
}

/// Runs of spaces as one, ends trimmed: how a phrase is kept.
pub fn tidy(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// What is wrong with a phrase to teach, if anything: it must hold a word,
/// be at most 200 characters, and mean something else than itself.
pub fn problem(phrase: &str, means: &str) -> Option<String> {
    if words(phrase).is_empty() {
        return Some("the phrase to teach has no word in it".into());
    }
    if phrase.chars().count() > 200 || means.chars().count() > 200 {
        return Some("a taught phrase and its meaning are at most 200 characters each".into());
    }
    if means.trim().is_empty() {
        return Some("say what the phrase means (a wording the grammar reads)".into());
    }
    if lower_words(phrase) == lower_words(means) {
        return Some("the phrase and its meaning are the same words".into());
    }
    None
}

/// The words of `text` and where each stands: runs of letters and digits
/// (an apostrophe stands between words: "player's" is "player", "'", "s",
/// so a phrase matches the possessive too).
fn words(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        let inside = c.is_alphanumeric();
        match (inside, start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                out.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, text.len()));
    }
    out
}

fn lower_words(text: &str) -> Vec<String> {
    words(text)
        .into_iter()
        .map(|(a, b)| text[a..b].to_lowercase())
        .collect()
}

/// What stands between the words of `text`, each as written but with any
/// run of spaces as one space and ’ as '.
fn gaps(text: &str) -> Vec<String> {
    let w = words(text);
    w.windows(2).map(|p| gap(&text[p[0].1..p[1].0])).collect()
}

fn gap(s: &str) -> String {
    let s = s.replace('’', "'");
    let t = s.trim();
    if t.is_empty() {
        " ".into()
    } else {
        t.to_string()
    }
}

/// `text` with each taught phrase of `phrases` written as its meaning
/// (longest phrase first where two start at the same word), and the phrases
/// that were applied.
pub fn apply(phrases: &[Taught], text: &str) -> (String, Vec<Taught>) {
    if phrases.is_empty() {
        return (text.to_string(), Vec::new());
    }
    let spans = words(text);
    let lower: Vec<String> = spans
        .iter()
        .map(|&(a, b)| text[a..b].to_lowercase())
        .collect();
    let between: Vec<String> = spans
        .windows(2)
        .map(|p| gap(&text[p[0].1..p[1].0]))
        .collect();
    let wanted: Vec<(Vec<String>, Vec<String>, &Taught)> = phrases
        .iter()
        .map(|t| (lower_words(&t.phrase), gaps(&t.phrase), t))
        .filter(|(w, _, _)| !w.is_empty())
        .collect();
    let mut out = String::with_capacity(text.len());
    let mut used: Vec<Taught> = Vec::new();
    let mut copied = 0; // bytes of `text` already in `out`
    let mut i = 0;
    while i < spans.len() {
        let mut best: Option<(usize, &Taught)> = None;
        for (w, g, t) in &wanted {
            let n = w.len();
            if i + n > spans.len() || lower[i..i + n] != w[..] {
                continue;
            }
            // the words must stand together as in the phrase (spaces, or
            // the same apostrophe or hyphen, between them)
            let together = between[i..i + n - 1] == g[..];
            if together && best.is_none_or(|(m, _)| n > m) {
                best = Some((n, t));
            }
        }
        match best {
            Some((n, t)) => {
                out.push_str(&text[copied..spans[i].0]);
                out.push_str(t.means.trim());
                copied = spans[i + n - 1].1;
                if !used.contains(t) {
                    used.push(t.clone());
                }
                i += n;
            }
            None => i += 1,
        }
    }
    out.push_str(&text[copied..]);
    (out, used)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(phrase: &str, means: &str) -> Taught {
        Taught {
            phrase: phrase.into(),
            means: means.into(),
        }
    }

    #[test]
    fn a_phrase_is_replaced_wherever_its_words_stand_together() {
        let phrases = [
            t("the opposing player", "your opponent"),
            t("opposing", "enemy"),
        ];
        let (text, used) = apply(
            &phrases,
            "Deal 3 damage to The  Opposing Player's Life. Opposing, player",
        );
        assert_eq!(text, "Deal 3 damage to your opponent's Life. enemy, player");
        assert_eq!(used, phrases);
        // words apart from each other, or part of a longer word, are not it
        let (text, used) = apply(&phrases[..1], "the opposing, player; theopposing player");
        assert_eq!(text, "the opposing, player; theopposing player");
        assert!(used.is_empty());
        // an apostrophe in the phrase must be there in the text
        let (text, _) = apply(
            &[t("can't be", "cannot be")],
            "It can't  be hit; it can t be.",
        );
        assert_eq!(text, "It cannot be hit; it can t be.");
    }

    #[test]
    fn problems_are_named() {
        assert!(problem("  ", "x").unwrap().contains("no word"));
        assert!(
            problem("The foe", "the FOE")
                .unwrap()
                .contains("same words")
        );
        assert!(
            problem("foe", "")
                .unwrap()
                .contains("what the phrase means")
        );
        assert!(problem(&"x".repeat(201), "y").unwrap().contains("200"));
        assert_eq!(problem("the foe", "your opponent"), None);
    }
}
