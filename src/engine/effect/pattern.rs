//! Pattern matching for the rules-text grammars ([`super::text`]): a
//! phrase's pattern compiled into tokens, a text cut into lower-case words,
//! and the matcher that fills a pattern's slots.
//!
//! Pattern syntax (matched against lower-case words, commas and colons as
//! their own tokens):
//! - a word matches itself; `card(s)` matches `card` or `cards`;
//! - `{n}` a number (`2`, `two`, `a`, `an`); `{d}` a signed number (`+2`, `-1`);
//! - `{w}` any one word; `{*}` one or more words of one clause (never a
//!   comma, colon or semicolon);
//! - `(a|b|c)` one of the words (captured as a word); `[a b]` the words, or
//!   nothing.

/// What a pattern captured, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cap {
    N(u8),
    D(i8),
    W(String),
}

impl Cap {
    pub fn n(&self) -> u8 {
        match self {
            Cap::N(n) => *n,
            Cap::D(d) => d.unsigned_abs(),
            Cap::W(_) => 0,
        }
    }

    pub fn d(&self) -> i8 {
        match self {
            Cap::D(d) => *d,
            Cap::N(n) => *n as i8,
            Cap::W(_) => 0,
        }
    }

    pub fn w(&self) -> &str {
        match self {
            Cap::W(w) => w,
            _ => "",
        }
    }
}

/// A compiled pattern token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Tok {
    Word(String),
    Plural(String),
    Num,
    Signed,
    Any,
    Rest,
    OneOf(Vec<String>),
    Optional(Vec<Tok>),
}

pub(super) fn compile(pattern: &str) -> Vec<Tok> {
    let mut out = Vec::new();
    let mut opt: Option<Vec<Tok>> = None;
    for raw in pattern_words(pattern) {
        let (open, close) = (raw.starts_with('['), raw.ends_with(']'));
        let word = raw.trim_start_matches('[').trim_end_matches(']');
        let tok = match word {
            "{n}" => Tok::Num,
            "{d}" => Tok::Signed,
            "{w}" => Tok::Any,
            "{*}" => Tok::Rest,
            w if w.starts_with('(') && w.ends_with(')') && w.contains('|') => {
                Tok::OneOf(w[1..w.len() - 1].split('|').map(str::to_string).collect())
            }
            w if w.ends_with("(s)") => Tok::Plural(w.trim_end_matches("(s)").to_string()),
            w => Tok::Word(w.to_string()),
        };
        match (&mut opt, open) {
            (None, true) => opt = Some(vec![tok]),
            (Some(o), _) => o.push(tok),
            (None, false) => out.push(tok),
        }
        if close && let Some(o) = opt.take() {
            out.push(Tok::Optional(o));
        }
    }
    if let Some(o) = opt {
        out.extend(o);
    }
    out
}

/// A pattern's words: like [`tokens`], but brackets and parentheses stay
/// the pattern syntax's own (`[a b]`, `(a|b)`).
fn pattern_words(pattern: &str) -> Vec<String> {
    let mut s = String::with_capacity(pattern.len() + 8);
    for c in pattern.chars() {
        match c {
            ',' | ':' | ';' => {
                s.push(' ');
                s.push(c);
                s.push(' ');
            }
            c => s.extend(c.to_lowercase()),
        }
    }
    s.split_whitespace().map(str::to_string).collect()
}

/// Lower-case words, with commas, colons, semicolons, parentheses and
/// brackets as tokens of their own ("Activate (pay 1 Energy):" is
/// `activate ( pay 1 energy ) :`).
pub fn tokens(text: &str) -> Vec<String> {
    let mut s = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            ',' | ':' | ';' | '(' | ')' | '[' | ']' => {
                s.push(' ');
                s.push(c);
                s.push(' ');
            }
            '’' => s.push('\''),
            c => s.extend(c.to_lowercase()),
        }
    }
    s.split_whitespace().map(str::to_string).collect()
}

/// A number written as digits or a word ("a card", "two cards").
pub(super) fn number(word: &str) -> Option<u8> {
    Some(match word {
        "zero" => 0,
        "a" | "an" | "one" | "once" | "single" => 1,
        "two" | "twice" => 2,
        "three" => 3,
        "four" => 4,
        "five" => 5,
        "six" => 6,
        "seven" => 7,
        "eight" => 8,
        "nine" => 9,
        "ten" => 10,
        w => return w.parse().ok(),
    })
}

fn signed(word: &str) -> Option<i8> {
    if let Some(n) = word.strip_prefix('+') {
        return n.parse().ok();
    }
    if let Some(n) = word.strip_prefix('-') {
        return n.parse::<i8>().ok().map(|v| -v);
    }
    None
}

/// Matches `pat` against `words` from the start; returns the tokens consumed
/// when `prefix`, or requires the whole input otherwise.
pub(super) fn matches(
    pat: &[Tok],
    words: &[String],
    caps: &mut Vec<Cap>,
    prefix: bool,
) -> Option<usize> {
    let Some((first, rest)) = pat.split_first() else {
        return (prefix || words.is_empty()).then_some(0);
    };
    let mark = caps.len();
    let attempt = |consumed: usize, cap: Option<Cap>, caps: &mut Vec<Cap>| -> Option<usize> {
        caps.truncate(mark);
        caps.extend(cap);
        matches(rest, &words[consumed..], caps, prefix).map(|n| n + consumed)
    };
    let w = words.first().map(String::as_str);
    match first {
        Tok::Word(x) => {
            if w == Some(x.as_str()) {
                return attempt(1, None, caps);
            }
            None
        }
        Tok::Plural(x) => {
            let w = w?;
            if w == x || w.strip_suffix('s') == Some(x.as_str()) {
                return attempt(1, None, caps);
            }
            None
        }
        Tok::Num => attempt(1, Some(Cap::N(number(w?)?)), caps),
        Tok::Signed => {
            let w = w?;
            let v = signed(w).or_else(|| number(w).map(|n| n as i8))?;
            attempt(1, Some(Cap::D(v)), caps)
        }
        Tok::Any => attempt(1, Some(Cap::W(w?.to_string())), caps),
        Tok::OneOf(xs) => {
            let w = w?;
            if xs.iter().any(|x| x == w) {
                return attempt(1, Some(Cap::W(w.to_string())), caps);
            }
            None
        }
        Tok::Rest => {
            // any words of one clause: never across a comma, colon or
            // semicolon (a wildcard that swallowed "once per turn ," would
            // drop the limit it names)
            for n in 1..=words.len() {
                if matches!(words[n - 1].as_str(), "," | ":" | ";") {
                    break;
                }
                let cap = Cap::W(words[..n].join(" "));
                if let Some(k) = attempt(n, Some(cap), caps) {
                    return Some(k);
                }
            }
            None
        }
        Tok::Optional(inner) => {
            let mut with: Vec<Tok> = inner.clone();
            with.extend(rest.iter().cloned());
            if let Some(k) = matches(&with, words, caps, prefix) {
                return Some(k);
            }
            caps.truncate(mark);
            matches(rest, words, caps, prefix)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_match_numbers_words_options_and_plurals() {
        let mut caps = Vec::new();
        let pat = compile("[you may] draw {n} card(s) (now|later) {*}");
        let w = tokens("Draw two cards later please");
        assert!(matches(&pat, &w, &mut caps, false).is_some());
        assert_eq!(
            caps,
            vec![Cap::N(2), Cap::W("later".into()), Cap::W("please".into())]
        );
        caps.clear();
        // a wildcard is words of one clause: never across a comma
        let w = tokens("Draw two cards later, please");
        assert!(matches(&pat, &w, &mut caps, false).is_none());
        caps.clear();
        assert_eq!(
            matches(
                &compile("on deploy :"),
                &tokens("On Deploy: x"),
                &mut caps,
                true
            ),
            Some(3)
        );
        assert_eq!(signed("-2"), Some(-2));
    }
}
