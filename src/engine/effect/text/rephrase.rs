//! Kinds of phrasing (issue 49): the ways players word the same rule that
//! the grammar's own templating does not, each one rule of the grammar that
//! serves every game. A sentence is read as written first; only when part of
//! it is not understood are these tried, in order, each on the result of the
//! ones before, and the first wording that reads *completely* is taken. A
//! rewording that still leaves a word unread is dropped, so none of these can
//! make a card play part of its text: the sentence is then reported as
//! written, as before.
//!
//! Each kind only moves, drops or spells out words whose meaning the rules
//! fix; none guesses:
//!
//! | kind | as typed | as read |
//! |---|---|---|
//! | [`modal`] | "can attack", "is able to block" | "may attack", "may block" |
//! | [`limit_words`] | "once each turn", "only once per turn", "each time" | "once per turn", "whenever" |
//! | [`verbless`] | "3 damage to your opponent", "+2 life", "draw 1" | "deal 3 damage ...", "gain 2 life", "draw 1 card" |
//! | [`stat_to`] | "+2 ATK to the equipped Hero" | "the equipped hero gets +2 atk" |
//! | [`keyword_has`] | "Has Rush.", "This Hero has both Guard and Shield." | "rush", "guard and shield" |
//! | [`passive`] | "target enemy Hero is silenced", "X is pushed by 2 cells" | "silence target enemy hero", "push X by 2 cells" |
//! | [`subject_takes`] | "every enemy Fighter ... takes 1 Fire DMG" | "deal 1 fire dmg to every enemy fighter ..." |
//! | [`cost_to`] | "Exhaust 1 resource to gain 2 attack" | "exhaust 1 resource : gain 2 attack" |
//! | [`condition_colon`] | "If you have 0 cards in hand: ...", "Activate only with ...:" | "you have 0 cards in hand : ..." |
//! | [`trigger_last`] | "Draw 1 card when this arrives." | "when this arrives , draw 1 card" |
//! | [`limit_sentence`] | "Use this only once per turn." | "once per turn" |

use super::Grammar;
use crate::engine::effect::pattern::number;

/// One kind of phrasing: the sentence's words reworded, or `None` when the
/// kind has nothing to do in it.
pub(super) type Kind = fn(&Grammar, &[String]) -> Option<Vec<String>>;

/// Every kind, in the order they are tried (word-level kinds first, then
/// the ones that move clauses about).
pub(super) const KINDS: &[Kind] = &[
    modal,
    limit_words,
    verbless,
    stat_to,
    keyword_has,
    passive,
    subject_takes,
    cost_to,
    condition_colon,
    trigger_last,
    limit_sentence,
];

fn w(s: &str) -> Vec<String> {
    s.split_whitespace().map(str::to_string).collect()
}

/// `words` with every occurrence of the phrase `from` replaced by `to`;
/// `None` when there is none.
fn replace(words: &[String], from: &str, to: &str) -> Option<Vec<String>> {
    let from = w(from);
    let to = w(to);
    let mut out = Vec::with_capacity(words.len());
    let mut i = 0;
    let mut any = false;
    while i < words.len() {
        if words[i..].starts_with(&from) {
            out.extend(to.iter().cloned());
            i += from.len();
            any = true;
        } else {
            out.push(words[i].clone());
            i += 1;
        }
    }
    any.then_some(out)
}

/// Applies each `(from, to)` in turn; `None` when none applied.
fn replace_all(words: &[String], pairs: &[(&str, &str)]) -> Option<Vec<String>> {
    let mut cur = words.to_vec();
    let mut any = false;
    for (from, to) in pairs {
        if let Some(next) = replace(&cur, from, to) {
            cur = next;
            any = true;
        }
    }
    any.then_some(cur)
}

/// Whether the word at `i` starts a clause: the sentence's start, or after
/// a separator.
fn clause_start(words: &[String], i: usize) -> bool {
    i == 0
        || matches!(
            words[i - 1].as_str(),
            ":" | "," | ";" | "and" | "then" | "also"
        )
}

/// "can" for "may", "is able to" for "may": a player's permission, which
/// the rulebooks print as "may". ("can't" is its own word, untouched.)
pub(super) fn modal(_: &Grammar, words: &[String]) -> Option<Vec<String>> {
    replace_all(
        words,
        &[
            ("is able to", "may"),
            ("are able to", "may"),
            ("can", "may"),
        ],
    )
}

/// Usage limits and repetition in other words.
pub(super) fn limit_words(_: &Grammar, words: &[String]) -> Option<Vec<String>> {
    replace_all(
        words,
        &[
            ("only once each turn", "once per turn"),
            ("only once per turn", "once per turn"),
            ("once each turn", "once per turn"),
            ("once a turn", "once per turn"),
            ("once every turn", "once per turn"),
            ("one time per turn", "once per turn"),
            ("once each round", "once per round"),
            ("once a round", "once per round"),
            ("each time", "whenever"),
            ("every time", "whenever"),
        ],
    )
}

/// A clause without its verb, as players shorten them: "3 damage to your
/// opponent" (deal), "+2 life" / "+1 Energy" (gain), "draw 1" (card).
pub(super) fn verbless(g: &Grammar, words: &[String]) -> Option<Vec<String>> {
    let lex = g.lexicon;
    let mut out: Vec<String> = Vec::with_capacity(words.len() + 2);
    let mut any = false;
    let mut i = 0;
    while i < words.len() {
        let word = &words[i];
        let next = words.get(i + 1).map(String::as_str);
        let after = |k: usize| words.get(i + k).map(String::as_str);
        let start = clause_start(words, i);
        // "3 damage to X", "2 fire dmg to X"
        if start && number(word).is_some() {
            let dmg_at = if lex.element(next.unwrap_or("")).is_some() {
                2
            } else {
                1
            };
            if matches!(after(dmg_at), Some("damage" | "dmg")) {
                out.push("deal".into());
                out.push(word.clone());
                any = true;
                i += 1;
                continue;
            }
        }
        // "+2 life", "+1 energy", "+5 ap" where a resource is gained
        if let Some(n) = word.strip_prefix('+')
            && n.parse::<u8>().is_ok()
            && next.is_some_and(|r| lex.resource(r).is_some())
            && !i.checked_sub(1).is_some_and(|p| is_grant_verb(&words[p]))
        {
            out.push("gain".into());
            out.push(n.to_string());
            any = true;
            i += 1;
            continue;
        }
        // "draw 1" / "draw a" with no noun after it
        if word == "draw"
            && next.is_some_and(|n| number(n).is_some())
            && after(2).is_none_or(|a| matches!(a, "," | ";" | "and" | "then" | ":"))
            && let Some(noun) = lex.card_nouns.first()
        {
            out.push(word.clone());
            out.push(words[i + 1].clone());
            out.push((*noun).to_string());
            any = true;
            i += 2;
            continue;
        }
        out.push(word.clone());
        i += 1;
    }
    any.then_some(out)
}

fn is_grant_verb(w: &str) -> bool {
    matches!(
        w,
        "gets" | "get" | "gains" | "gain" | "has" | "have" | "give" | "gives"
    )
}

/// A stat change written before what it changes: "+2 ATK to the equipped
/// Hero", "+1 RA for this Fighter", "+2 DEF on this Fighter" — read as "the
/// equipped hero gets +2 atk". Several changes may come first ("+1 DEF and
/// +1 ATK to ...").
pub(super) fn stat_to(g: &Grammar, words: &[String]) -> Option<Vec<String>> {
    let lex = g.lexicon;
    // the changes, from the start of the sentence or of its last clause
    let start = words.iter().rposition(|w| w == ":").map_or(0, |p| p + 1);
    let mut i = start;
    let mut changes: Vec<String> = Vec::new();
    loop {
        let sign = words.get(i)?;
        let stat = words.get(i + 1)?;
        let signed = sign.strip_prefix(['+', '-'])?;
        signed.parse::<u8>().ok()?;
        lex.stat(stat)?;
        if !changes.is_empty() {
            changes.push("and".into());
        }
        changes.push(sign.clone());
        changes.push(stat.clone());
        i += 2;
        match words.get(i).map(String::as_str) {
            Some("and" | ",") => i += 1,
            Some("to" | "for" | "on") => break,
            _ => return None,
        }
    }
    let target = &words[i + 1..];
    if target.is_empty() {
        return None;
    }
    let mut out = words[..start].to_vec();
    out.extend(target.iter().cloned());
    out.push("gets".into());
    // "gets +1 def and +1 atk"
    out.extend(changes);
    Some(out)
}

/// A keyword given with "has": "Has Rush.", "This Hero has Guard.", "It has
/// both Guard and Shield.", "Has Rush and Burn 2." — the keyword list
/// itself.
pub(super) fn keyword_has(g: &Grammar, words: &[String]) -> Option<Vec<String>> {
    let lex = g.lexicon;
    let mut i = 0;
    if words.first().is_some_and(|w| w == "this") {
        i = 2;
        if !words
            .get(1)
            .is_some_and(|k| k == "card" || lex.kind(k).is_some())
        {
            return None;
        }
    } else if words.first().is_some_and(|w| w == "it") {
        i = 1;
    }
    if !words
        .get(i)
        .is_some_and(|v| matches!(v.as_str(), "has" | "gains" | "gets"))
    {
        return None;
    }
    i += 1;
    if words.get(i).is_some_and(|b| b == "both") {
        i += 1;
    }
    let rest = words[i..].to_vec();
    g.keyword_list(&rest)?;
    Some(rest)
}

/// A passive sentence: "target enemy Hero is silenced until ...", "every
/// enemy entity around this Fighter is pushed by 2 cells" — read as the
/// verb done to the subject.
pub(super) fn passive(g: &Grammar, words: &[String]) -> Option<Vec<String>> {
    let lex = g.lexicon;
    let is = words.iter().position(|w| w == "is" || w == "are")?;
    if is == 0 {
        return None;
    }
    let done = words.get(is + 1)?;
    let verb: String = lex
        .status_verbs
        .iter()
        .map(|(v, _)| *v)
        .chain(lex.defeat_verbs.iter().copied())
        .chain(["push"])
        .find(|v| past(v) == *done || format!("{v}ed") == *done || format!("{v}d") == *done)?
        .to_string();
    let mut out = vec![verb];
    out.extend(words[..is].iter().cloned());
    out.extend(words[is + 2..].iter().cloned());
    Some(out)
}

/// The past participle of a verb the passive kind turns about.
fn past(v: &str) -> String {
    match v {
        "ko" => "ko'd".into(),
        v if v.ends_with('e') => format!("{v}d"),
        v => format!("{v}ed"),
    }
}

/// Damage with the target first: "every enemy Fighter in ... takes 1 Fire
/// DMG", "an enemy Fighter within an ally's RA takes 2 Thunder DMG" — read
/// as "deal 1 fire dmg to every enemy fighter in ...".
pub(super) fn subject_takes(_: &Grammar, words: &[String]) -> Option<Vec<String>> {
    let takes = words
        .iter()
        .position(|w| matches!(w.as_str(), "takes" | "take" | "suffers"))?;
    if takes == 0 {
        return None;
    }
    // the subject is the whole start of the clause, up to its own
    // separator
    let start = words[..takes]
        .iter()
        .rposition(|w| matches!(w.as_str(), ":" | "," | ";"))
        .map_or(0, |p| p + 1);
    let subject = &words[start..takes];
    let amount = &words[takes + 1..];
    let n = amount.first()?;
    number(n)?;
    let dmg = amount.iter().position(|w| w == "damage" || w == "dmg")?;
    if dmg > 2 {
        return None;
    }
    // players take damage in the grammar already ("your opponent takes 2 damage")
    if subject.len() <= 2 && subject.iter().any(|w| w == "opponent" || w == "you") {
        return None;
    }
    let mut out = words[..start].to_vec();
    out.push("deal".into());
    out.extend(amount[..=dmg].iter().cloned());
    out.push("to".into());
    out.extend(subject.iter().cloned());
    out.extend(amount[dmg + 1..].iter().cloned());
    Some(out)
}

/// A cost joined to its effect by "to": "Exhaust 1 resource to gain 2
/// attack", "Kill this to gain 4 attack", "pay 1 energy to gain 2 life".
pub(super) fn cost_to(g: &Grammar, words: &[String]) -> Option<Vec<String>> {
    let to = words.iter().position(|w| w == "to")?;
    let head = &words[..to];
    if head.is_empty() || words[to + 1..].is_empty() {
        return None;
    }
    // every part before "to" is a cost
    for part in head.split(|w| w == "," || w == "and") {
        match g.one_clause(part) {
            Some(super::Piece::Cost(_)) => {}
            _ => return None,
        }
    }
    let mut out = head.to_vec();
    out.push(":".into());
    out.extend(words[to + 1..].iter().cloned());
    Some(out)
}

/// A condition before the colon, however it is introduced: "If you have 0
/// cards in hand: ...", "Only if ...:", "Activate only with an empty hand:",
/// "Only on Tuesdays:".
pub(super) fn condition_colon(_: &Grammar, words: &[String]) -> Option<Vec<String>> {
    let colon = words.iter().position(|w| w == ":")?;
    let head = &words[..colon];
    let lead: &[&[&str]] = &[
        &["activate", "only", "if"],
        &["activate", "only", "when"],
        &["activate", "only", "while"],
        &["activate", "only", "with"],
        &["use", "only", "if"],
        &["only", "if"],
        &["only", "when"],
        &["only", "while"],
        &["if"],
        &["while"],
    ];
    let n = lead
        .iter()
        .find(|l| head.len() > l.len() && head.iter().zip(l.iter()).all(|(a, b)| a == b))?
        .len();
    let mut cond = head[n..].to_vec();
    // "with 0 cards in hand", "with an empty hand"
    if let Some(c) = replace_all(
        &cond,
        &[
            ("an empty hand", "you have 0 cards in hand"),
            ("your hand empty", "you have 0 cards in hand"),
        ],
    ) {
        cond = c;
    }
    if cond.first().is_some_and(|w| w == "0" || w == "no") {
        cond.insert(0, "have".into());
        cond.insert(0, "you".into());
    }
    let mut out = cond;
    out.extend(words[colon..].iter().cloned());
    Some(out)
}

/// The trigger after the effect: "Draw 1 card when this creature arrives.",
/// "Gain 1 attack at the start of your turn.", "Deal 1 damage ... at the
/// end of each of your turns" — read with the trigger first.
pub(super) fn trigger_last(g: &Grammar, words: &[String]) -> Option<Vec<String>> {
    for k in 1..words.len() {
        if !matches!(
            words[k].as_str(),
            "when" | "whenever" | "at" | "on" | "during" | "after" | "each" | "every"
        ) {
            continue;
        }
        let mut tail: Vec<String> = words[k..].to_vec();
        // the sentence's own full stop was cut; the trigger reads up to a comma
        tail.push(",".into());
        let Some((super::Piece::Trigger { .. }, n)) = g.trigger(&tail) else {
            continue;
        };
        if n != tail.len() {
            continue;
        }
        let mut head = &words[..k];
        while head.last().is_some_and(|w| w == ",") {
            head = &head[..head.len() - 1];
        }
        let mut out = tail;
        out.extend(head.iter().cloned());
        return Some(out);
    }
    None
}

/// A sentence that only limits the ability before it: "Use this only once
/// per turn.", "This can only be used once per turn.", "Only once per
/// round."
pub(super) fn limit_sentence(_: &Grammar, words: &[String]) -> Option<Vec<String>> {
    let limits = ["once per turn", "once per round"];
    let text = words.join(" ");
    let limit = limits.iter().find(|l| text.ends_with(*l))?;
    let head = text[..text.len() - limit.len()].trim();
    let fillers = [
        "",
        "only",
        "use this only",
        "use this ability only",
        "you may use this only",
        "you may use this ability only",
        "this may only be used",
        "this ability may only be used",
        "may only be used",
        "activate only",
        "activate this only",
    ];
    fillers.contains(&head).then(|| w(limit))
}
