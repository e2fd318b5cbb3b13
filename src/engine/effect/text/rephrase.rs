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
//! | [`type_label`] | "Field relic: enemy Heroes lose Stealth." | "enemy heroes lose stealth" |
//! | [`keyword_gloss`] | "Guard — must be attacked before your other Altar cards." | "guard" |
//! | [`active_label`] | "Active: exhaust 2 resources, get 2 attack.", "Active (only with 0 cards in hand): ..." | "exhaust 2 resources : get 2 attack", "only with 0 cards in hand : ..." |
//! | [`bare_cost`] | "Once per turn - 1 Energy: gain 2 Life." | "once per turn : pay 1 energy : gain 2 life" |
//! | [`trigger_comma`] | "At the start of your turn gain 1 attack.", "ETB draw 1" | "at the start of your turn , gain 1 attack" |
//! | [`gets_status`] | "An enemy Fighter gets the Burned status (∞RA).", "it becomes Poisoned" | "give an enemy fighter the burned status ( ∞ra )" |
//! | [`modal`] | "can attack", "is able to block" | "may attack", "may block" |
//! | [`limit_words`] | "only once per turn", "each time" | "once per turn", "whenever" |
//! | [`verbless`] | "3 damage to your opponent", "+2 life", "draw 1" | "deal 3 damage ...", "gain 2 life", "draw 1 card" |
//! | [`stat_to`] | "+2 ATK to the equipped Hero" | "the equipped hero gets +2 atk" |
//! | [`keyword_has`] | "Has Rush.", "This Hero has both Guard and Shield." | "rush", "guard and shield" |
//! | [`passive`] | "target enemy Hero is silenced", "X is pushed by 2 cells" | "silence target enemy hero", "push X by 2 cells" |
//! | [`subject_takes`] | "every enemy Fighter ... takes 1 Fire DMG" | "deal 1 fire dmg to every enemy fighter ..." |
//! | [`cost_to`] | "Exhaust 1 resource to gain 2 attack" | "exhaust 1 resource : gain 2 attack" |
//! | [`condition_colon`] | "If you have 0 cards in hand: ...", "Activate only with ...:" | "you have 0 cards in hand : ..." |
//! | [`third_person`] | "Hits all cells around this Fighter." | "hit all cells around this fighter" |
//! | [`limit_last`] | "This creature may block 1 hit, once per turn." | "once per turn , this creature may block 1 hit" |
//! | [`each_turn_first`] | "Each turn, while ..., you may reroll 1 attack die." | "while ..., you may reroll 1 attack die each turn" |
//! | [`limit_first`] | "Once per turn, you may heal 2.", "Once per turn, gain 1 life." | "once per turn : heal 2", "once per turn : gain 1 life" |
//! | [`trigger_colon`] | "Start of your turn: +1 attack.", "When deployed: gains 2 Protection." | "at the start of your turn , +1 attack", "when deployed , gains 2 protection" |
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
    type_label,
    keyword_gloss,
    modal,
    active_label,
    bare_cost,
    limit_words,
    life_off,
    verbless,
    stat_to,
    keyword_has,
    give_keyword,
    or_fewer,
    choose_it,
    stat_gain,
    status_word,
    by_cells,
    heal_by,
    subjectless,
    third_person,
    passive,
    subject_takes,
    cost_to,
    condition_colon,
    limit_last,
    each_turn_first,
    limit_first,
    trigger_colon,
    limit_to_end,
    trigger_last,
    limit_sentence,
    trigger_comma,
    gets_status,
];

/// A card-type label before a colon or dash ("Field relic: ...", "Equip
/// relic — ..."): words the game's table reads as saying what kind of card
/// it is ([`Piece::Known`]), which the card's own fields say already; the
/// rest is the rule.
pub(super) fn type_label(g: &Grammar, words: &[String]) -> Option<Vec<String>> {
    let colon = words.iter().position(|w| w == ":")?;
    if colon == 0 || colon + 1 >= words.len() {
        return None;
    }
    matches!(
        Grammar::whole(&g.sentences, &words[..colon]),
        Some(super::Piece::Known)
    )
    .then(|| words[colon + 1..].to_vec())
}

/// A keyword followed by a colon or dash and its reminder text ("Guard —
/// must be attacked before your other Altar cards"): the keyword,
/// when the rest says no more than its rulebook gloss
/// ([`crate::engine::effect::lexicon::Lexicon::is_reminder_of`]).
pub(super) fn keyword_gloss(g: &Grammar, words: &[String]) -> Option<Vec<String>> {
    let colon = words.iter().position(|w| w == ":")?;
    let rest = &words[colon + 1..];
    if colon == 0 || rest.is_empty() {
        return None;
    }
    let head = &words[..colon];
    let name = head.first()?;
    // the keyword, with its level ("burn 2")
    let level_ok = match head.len() {
        1 => true,
        2 => head[1].chars().all(|c| c.is_ascii_digit()),
        _ => false,
    };
    (level_ok && g.lexicon.keyword(name).is_some() && g.lexicon.is_reminder_of(name, rest))
        .then(|| head.to_vec())
}

/// A box's label typed before its text ("Active: exhaust 2 resources, get
/// 2 attack", "Active - ...", "Active (only with 0 cards in hand): draw 2
/// cards"): the label goes; a cost before the first comma is the cost
/// before the colon, and a parenthesis is the condition before it.
pub(super) fn active_label(g: &Grammar, words: &[String]) -> Option<Vec<String>> {
    let first = words.first()?;
    if first != "active" && first != "activate" {
        return None;
    }
    match words.get(1).map(String::as_str) {
        Some("(") => {
            let close = words.iter().position(|w| w == ")")?;
            if words.get(close + 1).map(String::as_str) != Some(":") {
                return None;
            }
            let mut out = words[2..close].to_vec();
            out.extend(words[close + 1..].iter().cloned());
            Some(out)
        }
        Some(":") => {
            let rest = &words[2..];
            if rest.iter().any(|w| w == ":") {
                return Some(rest.to_vec());
            }
            let comma = rest.iter().position(|w| w == ",")?;
            if !matches!(
                Grammar::whole(&g.clauses, &rest[..comma])
                    .or_else(|| super::compose::clause(g.lexicon, &rest[..comma])),
                Some(super::Piece::Cost(_))
            ) {
                return None;
            }
            let mut out = rest[..comma].to_vec();
            out.push(":".into());
            out.extend(rest[comma + 1..].iter().cloned());
            Some(out)
        }
        _ => None,
    }
}

/// A cost typed as its amount alone before the colon ("1 Energy: gain 2
/// Life", a mana cost's habit): paid, as "Pay 1 Energy:" says.
pub(super) fn bare_cost(g: &Grammar, words: &[String]) -> Option<Vec<String>> {
    let mut out = words.to_vec();
    let mut any = false;
    let mut i = 0;
    while i + 2 < out.len() {
        let at_start = i == 0 || out[i - 1] == ":";
        if at_start
            && number(&out[i]).is_some()
            && g.lexicon.resource(&out[i + 1]).is_some()
            && out[i + 2] == ":"
        {
            out.insert(i, "pay".into());
            any = true;
            i += 1;
        }
        i += 1;
    }
    any.then_some(out)
}

/// A trigger run into its effect with no comma ("At the start of your turn
/// gain 1 attack", "When this Hero is deployed you draw two cards"): the
/// comma the game prints after it.
pub(super) fn trigger_comma(g: &Grammar, words: &[String]) -> Option<Vec<String>> {
    if words.iter().any(|w| w == "," || w == ":") {
        return None;
    }
    // the longest prefix that reads as a trigger once the comma is there
    // ("when you play this" is one, "when you play this creature" the one
    // meant)
    (1..words.len()).rev().find_map(|k| {
        let mut out = words[..k].to_vec();
        out.push(",".into());
        out.extend(words[k..].iter().cloned());
        let (_, n) = g.trigger(&out)?;
        (n == k || n == k + 1).then_some(out)
    })
}

/// A status said of its bearer ("An enemy Fighter gets the Burned status",
/// "it becomes Poisoned", "this Fighter receives Shield"): the status
/// given to it, as the game prints it ("Give an enemy Fighter the Burned
/// status").
pub(super) fn gets_status(g: &Grammar, words: &[String]) -> Option<Vec<String>> {
    let v = words.iter().position(|w| {
        matches!(
            w.as_str(),
            "gets" | "gains" | "receives" | "becomes" | "get"
        )
    })?;
    if v == 0 {
        return None;
    }
    let mut i = v + 1;
    if words.get(i).is_some_and(|w| w == "the") {
        i += 1;
    }
    let status = words.get(i)?;
    let name = g
        .lexicon
        .statuses
        .iter()
        .find(|(n, _)| n == status)
        .map(|(n, s)| (*n, *s))?;
    i += 1;
    if words.get(i).is_some_and(|w| w == "status") {
        i += 1;
    }
    // the status's own name ("poisoned" is the Poison status)
    let canonical = g
        .lexicon
        .statuses
        .iter()
        .find(|(_, s)| *s == name.1)
        .map_or(name.0, |(n, _)| *n);
    let mut out = vec!["give".to_string()];
    out.extend(words[..v].iter().cloned());
    out.extend(w("the"));
    out.push(canonical.to_string());
    out.push("status".into());
    out.extend(words[i..].iter().cloned());
    Some(out)
}

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
    let mut out = replace_all(
        words,
        &[
            ("is able to", "may"),
            ("are able to", "may"),
            ("is allowed to", "may"),
            ("are allowed to", "may"),
            ("you get to", "you may"),
        ],
    )
    .unwrap_or_else(|| words.to_vec());
    let mut any = out.len() != words.len();
    for i in 0..out.len() {
        // "can be exhausted as a Coin resource" is a rulebook's own wording
        if out[i] == "can" && out.get(i + 1).is_none_or(|n| n != "be") {
            out[i] = "may".into();
            any = true;
        }
    }
    any.then_some(out)
}

/// Life knocked off or taken: "Knock 2 life points off your opponent",
/// "takes 2 life from your opponent" — damage dealt to that player.
pub(super) fn life_off(_: &Grammar, words: &[String]) -> Option<Vec<String>> {
    let mut out = Vec::with_capacity(words.len());
    let mut any = false;
    let mut i = 0;
    while i < words.len() {
        let verb = words[i].as_str();
        if matches!(verb, "knock" | "knocks" | "take" | "takes")
            && words.get(i + 1).and_then(|n| number(n)).is_some()
            && words.get(i + 2).is_some_and(|l| l == "life")
            && words.get(i + 3).is_some_and(|o| o == "off" || o == "from")
        {
            out.push(if verb.ends_with('s') { "deals" } else { "deal" }.into());
            out.push(words[i + 1].clone());
            out.push("damage".into());
            out.push("to".into());
            any = true;
            i += 4;
            continue;
        }
        out.push(words[i].clone());
        i += 1;
    }
    any.then_some(out)
}

/// Usage limits and repetition in other words.
pub(super) fn limit_words(_: &Grammar, words: &[String]) -> Option<Vec<String>> {
    replace_all(
        words,
        &[
            // ("once each turn" and its like are shared synonyms, rewritten
            // before any kind: "only once each turn" arrives as this)
            ("only once per turn", "once per turn"),
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
    let mut stats = 0;
    loop {
        let sign = words.get(i)?;
        if !changes.is_empty() {
            changes.push("and".into());
        }
        if lex.keyword(sign).is_some() {
            // "+1 DEF and Shield to the equipped Hero"
            changes.push("gains".into());
            changes.push(sign.clone());
            i += 1;
        } else {
            let stat = words.get(i + 1)?;
            let signed = sign.strip_prefix(['+', '-'])?;
            signed.parse::<u8>().ok()?;
            lex.stat(stat)?;
            changes.push(sign.clone());
            changes.push(stat.clone());
            stats += 1;
            i += 2;
        }
        match words.get(i).map(String::as_str) {
            Some("and" | ",") => i += 1,
            Some("to" | "for" | "on") => break,
            _ => return None,
        }
    }
    let target = &words[i + 1..];
    if target.is_empty() || stats == 0 {
        return None;
    }
    let mut out = words[..start].to_vec();
    out.extend(target.iter().cloned());
    // "gets +1 def and +1 atk", "gets +1 def and gains shield"
    if changes.first().is_some_and(|c| c != "gains") {
        out.push("gets".into());
    }
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

/// A keyword given with "give": "Give the equipped Hero Stealth", "Gives
/// it Rush" — read as "the equipped hero has stealth".
pub(super) fn give_keyword(g: &Grammar, words: &[String]) -> Option<Vec<String>> {
    let i = words.iter().position(|w| w == "give" || w == "gives")?;
    let last = words.last()?;
    g.lexicon.keyword(last)?;
    let target = &words[i + 1..words.len() - 1];
    if target.is_empty() {
        return None;
    }
    let mut out = words[..i].to_vec();
    out.extend(target.iter().cloned());
    out.push("has".into());
    out.push(last.clone());
    Some(out)
}

/// "N or fewer HP", "N or less HP", "that has N HP or less": the grammar's
/// "with N hp or less".
pub(super) fn or_fewer(_: &Grammar, words: &[String]) -> Option<Vec<String>> {
    let mut out = replace_all(words, &[("that has", "with"), ("that have", "with")])
        .unwrap_or_else(|| words.to_vec());
    let mut any = out.as_slice() != words;
    let mut i = 0;
    while i + 3 < out.len() {
        if number(&out[i]).is_some()
            && out[i + 1] == "or"
            && matches!(out[i + 2].as_str(), "fewer" | "less")
        {
            // "6 or fewer hp" -> "6 hp or less"
            let noun = out.remove(i + 3);
            out.insert(i + 1, noun);
            out[i + 3] = "less".into();
            any = true;
        }
        i += 1;
    }
    any.then_some(out)
}

/// "Choose an enemy Hero with 6 HP or less and KO it": the verb done to the
/// chosen card.
pub(super) fn choose_it(_: &Grammar, words: &[String]) -> Option<Vec<String>> {
    if words.first().is_none_or(|w| w != "choose") {
        return None;
    }
    let n = words.len();
    if n < 5 || words[n - 1] != "it" || words[n - 3] != "and" {
        return None;
    }
    let mut out = vec![words[n - 2].clone()];
    out.extend(words[1..n - 3].iter().cloned());
    Some(out)
}

/// A stat gained or lost as a number: "This Fighter gains 2 ATK and loses
/// 2 DEF", "gets 1 ATK" — the signed change the game prints ("gets +2 ATK
/// and -2 DEF").
pub(super) fn stat_gain(g: &Grammar, words: &[String]) -> Option<Vec<String>> {
    let lex = g.lexicon;
    let mut out = Vec::with_capacity(words.len());
    let mut any = false;
    let mut i = 0;
    let mut said_gets = false;
    while i < words.len() {
        let verb = words[i].as_str();
        let gain = matches!(verb, "gains" | "gain" | "gets" | "get");
        let lose = matches!(verb, "loses" | "lose");
        if (gain || lose)
            && let Some(n) = words.get(i + 1).filter(|n| n.parse::<u8>().is_ok())
            && words.get(i + 2).is_some_and(|st| lex.stat(st).is_some())
        {
            // "gains 2 atk and loses 2 def" -> "gets +2 atk and -2 def"
            let after_and = out.last().is_some_and(|w: &String| w == "and");
            if !(after_and && said_gets) {
                out.push("gets".into());
            }
            said_gets = true;
            out.push(format!("{}{n}", if lose { '-' } else { '+' }));
            out.push(words[i + 2].clone());
            any = true;
            i += 3;
            continue;
        }
        out.push(words[i].clone());
        i += 1;
    }
    any.then_some(out)
}

/// A status named as an adjective: "give an enemy Fighter Burned", "has
/// First", "gets Invincible" — the game's "the Burned status".
pub(super) fn status_word(g: &Grammar, words: &[String]) -> Option<Vec<String>> {
    let lex = g.lexicon;
    let mut out = Vec::with_capacity(words.len() + 2);
    let mut any = false;
    for (i, word) in words.iter().enumerate() {
        let named = lex.status(word).is_some()
            && i > 0
            && words[i - 1] != "the"
            && words.get(i + 1).is_none_or(|n| n != "status")
            && words[..i]
                .iter()
                .any(|w| matches!(w.as_str(), "give" | "gives" | "has" | "gets" | "gains"));
        if named {
            out.push("the".into());
            out.push(word.clone());
            out.push("status".into());
            any = true;
        } else {
            out.push(word.clone());
        }
    }
    any.then_some(out)
}

/// How far something is pushed or moved, without "by": "push it 1 cell",
/// "push it up to 2 cells", "move an ally up to 2 cells".
pub(super) fn by_cells(_: &Grammar, words: &[String]) -> Option<Vec<String>> {
    if !words
        .iter()
        .any(|w| matches!(w.as_str(), "push" | "pushes" | "move" | "moves"))
    {
        return None;
    }
    let mut out = Vec::with_capacity(words.len() + 1);
    let mut any = false;
    for (i, word) in words.iter().enumerate() {
        let up_to = word == "up" && words.get(i + 1).is_some_and(|t| t == "to");
        let amount = if up_to { i + 2 } else { i };
        let counts = words.get(amount).and_then(|n| number(n)).is_some()
            && words
                .get(amount + 1)
                .is_some_and(|c| c == "cell" || c == "cells");
        let after_up_to = i > 1 && words[i - 1] == "to" && words[i - 2] == "up";
        let follows =
            i > 0 && !matches!(words[i - 1].as_str(), "by" | "up" | "within") && !after_up_to;
        if counts && follows && (up_to || word.parse::<u8>().is_ok() || number(word).is_some()) {
            out.push("by".into());
            any = true;
        }
        out.push(word.clone());
    }
    any.then_some(out)
}

/// Healing said another way round: "Heal 1 HP on this Fighter", "Restore 1
/// HP to this Fighter", "An ally heals 3 HP" — the game's "heal X by N HP".
pub(super) fn heal_by(_: &Grammar, words: &[String]) -> Option<Vec<String>> {
    // "heal 1 hp on/to X" (up to the end of the clause)
    if let Some(i) = words.iter().position(|w| w == "heal" || w == "restore")
        && words.get(i + 1).and_then(|n| number(n)).is_some()
        && words.get(i + 2).is_some_and(|h| h == "hp")
        && words.get(i + 3).is_some_and(|o| o == "on" || o == "to")
    {
        let end = words[i + 4..]
            .iter()
            .position(|w| matches!(w.as_str(), "," | ";" | "and" | "then"))
            .map_or(words.len(), |p| i + 4 + p);
        let mut out = words[..i].to_vec();
        out.push("heal".into());
        out.extend(words[i + 4..end].iter().cloned());
        out.push("by".into());
        out.push(words[i + 1].clone());
        out.push("hp".into());
        out.extend(words[end..].iter().cloned());
        return Some(out);
    }
    // "X heals 3 hp"
    let i = words.iter().position(|w| w == "heals")?;
    if i == 0
        || words.get(i + 1).and_then(|n| number(n)).is_none()
        || words.get(i + 2).is_none_or(|h| h != "hp")
    {
        return None;
    }
    let mut out = vec!["heal".to_string()];
    out.extend(words[..i].iter().cloned());
    out.push("by".into());
    out.extend(words[i + 1..].iter().cloned());
    Some(out)
}

/// A sentence without its subject, as the card says it of itself: "Can
/// attack the turn it arrives.", "Enters play exhausted.", "Can't be
/// pushed." — read with "this <card noun>" before it.
pub(super) fn subjectless(g: &Grammar, words: &[String]) -> Option<Vec<String>> {
    let first = words.first()?;
    if !matches!(
        first.as_str(),
        "may"
            | "can"
            | "can't"
            | "must"
            | "enters"
            | "comes"
            | "has"
            | "gets"
            | "gains"
            | "is"
            | "deals"
            | "hits"
            | "loses"
            | "takes"
    ) {
        return None;
    }
    let noun = g
        .lexicon
        .kinds
        .iter()
        .find(|(_, k)| *k == g.lexicon.default_kind)
        .map(|(n, _)| *n)
        .unwrap_or("card");
    let mut out = vec!["this".to_string(), noun.to_string()];
    out.extend(words.iter().cloned());
    Some(out)
}

/// A limit before the player's action with a comma: "Once per turn, you
/// may return this creature to your hand." — the game's "Once per turn:
/// return ...", an ability its player uses at most that often. (Only before
/// "you may": "Once per turn, this creature may block a hit" is a
/// permission of the card's, read as the game words it.)
pub(super) fn limit_first(g: &Grammar, words: &[String]) -> Option<Vec<String>> {
    let lead = ["once per turn", "once per round"];
    let text = words.join(" ");
    if let Some((l, comma)) = lead.iter().find_map(|l| {
        if text.starts_with(&format!("{l} , you may ")) {
            Some((l, 1))
        } else if text.starts_with(&format!("{l} you may ")) {
            Some((l, 0))
        } else {
            None
        }
    }) {
        let n = l.split_whitespace().count() + comma + 2;
        let mut out = w(l);
        out.push(":".into());
        out.extend(words[n..].iter().cloned());
        return Some(out);
    }
    // "Once per turn, gain 1 life.": the limit before a bare order — the
    // player's action, as "you may" says it
    let l = lead.iter().find(|l| text.starts_with(&format!("{l} , ")))?;
    let n = l.split_whitespace().count() + 1;
    let first = words.get(n)?;
    if !g.verbs.contains(&first.as_str()) {
        return None;
    }
    let mut out = w(l);
    out.push(":".into());
    out.extend(words[n..].iter().cloned());
    Some(out)
}

/// A limit after the ability, set off by a comma: "This creature may block
/// 1 hit aimed at your life, once per turn." — the game's limit first
/// ("Once per turn, this creature may block ..."), as it prints it.
pub(super) fn limit_last(_: &Grammar, words: &[String]) -> Option<Vec<String>> {
    let limits = ["once per turn", "once per round"];
    let text = words.join(" ");
    let l = limits.iter().find(|l| text.ends_with(&format!(" , {l}")))?;
    let n = l.split_whitespace().count() + 1;
    if words.len() <= n {
        return None;
    }
    let mut out = w(l);
    out.push(",".into());
    out.extend(words[..words.len() - n].iter().cloned());
    Some(out)
}

/// "Each turn" put first: "Each turn, while this creature is in play, you
/// may reroll 1 attack die." — where the game says it, at the end.
pub(super) fn each_turn_first(_: &Grammar, words: &[String]) -> Option<Vec<String>> {
    // "each turn ," or "each turn you ..." ("..., each turn you may reroll
    // 2 attack dice")
    let at = (0..words.len().saturating_sub(2)).find(|&i| {
        words[i] == "each"
            && words[i + 1] == "turn"
            && (words[i + 2] == "," || words[i + 2] == "you")
            && (i == 0 || words[i - 1] == ",")
    })?;
    let skip = if words[at + 2] == "," { 3 } else { 2 };
    if at + skip == words.len() {
        return None;
    }
    let mut out: Vec<String> = words[..at].to_vec();
    out.extend(words[at + skip..].iter().cloned());
    out.extend(w("each turn"));
    Some(out)
}

/// A verb in the third person with no subject, as the card says what it
/// does: "Hits all cells around this Fighter.", "Deals 2 damage to ..." —
/// the order the game prints ("Hit all cells ...").
pub(super) fn third_person(g: &Grammar, words: &[String]) -> Option<Vec<String>> {
    let first = words.first()?;
    // what the card has or undergoes is said of it ([`subjectless`])
    if matches!(
        first.as_str(),
        "gets" | "gains" | "has" | "is" | "takes" | "loses" | "enters" | "comes"
    ) {
        return None;
    }
    let base = [first.strip_suffix("es"), first.strip_suffix('s')]
        .into_iter()
        .flatten()
        .find(|b| g.verbs.contains(b))?;
    let mut out = vec![base.to_string()];
    out.extend(words[1..].iter().cloned());
    Some(out)
}

/// A trigger before a colon, as players shorten it ("Start of your turn:
/// +1 attack.", "Each round start: give ...", "When deployed: gains 2
/// Protection."): read as the game's trigger before a comma, with "at" or
/// "at the" put first where the trigger reads only so.
pub(super) fn trigger_colon(g: &Grammar, words: &[String]) -> Option<Vec<String>> {
    let colon = words.iter().position(|w| w == ":")?;
    if colon == 0 {
        return None;
    }
    let head = &words[..colon];
    for lead in [&[][..], &["at"][..], &["at", "the"][..]] {
        let mut t: Vec<String> = lead.iter().map(|s| s.to_string()).collect();
        t.extend(head.iter().cloned());
        t.push(",".into());
        if let Some((super::Piece::Trigger { .. }, n)) = g.trigger(&t)
            && n == t.len()
        {
            t.extend(words[colon + 1..].iter().cloned());
            return Some(t);
        }
    }
    None
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
    // the clause the verb is in: after a trigger or cost ("On Deploy:")
    let start = words[..is]
        .iter()
        .rposition(|w| w == ":" || w == ",")
        .map_or(0, |p| p + 1);
    // not inside a trigger or a condition ("When an ally is defeated, ...")
    if start == is
        || matches!(
            words[start].as_str(),
            "when" | "whenever" | "if" | "at" | "after" | "before" | "while" | "until" | "each"
        )
    {
        return None;
    }
    let mut out: Vec<String> = words[..start].to_vec();
    out.push(verb);
    out.extend(words[start..is].iter().cloned());
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
    let from = words[..to]
        .iter()
        .rposition(|w| w == ":")
        .map_or(0, |p| p + 1);
    let head = &words[from..to];
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
    let mut out = words[..to].to_vec();
    out.push(":".into());
    out.extend(words[to + 1..].iter().cloned());
    Some(out)
}

/// A limit before an ability that carries its own trigger or cost: "Once
/// per turn: pay 1 Energy: gain 2 Life." — the limit read after it, where
/// the game reads one. (Only before a trigger or cost of its own: "Once per
/// turn, this Power loses 1 Use ..." is the game's own "Once per turn:".)
pub(super) fn limit_to_end(g: &Grammar, words: &[String]) -> Option<Vec<String>> {
    let lead = ["once per turn", "once per round"];
    let text = words.join(" ");
    let l = lead
        .iter()
        .find(|l| text.starts_with(&format!("{l} :")) || text.starts_with(&format!("{l} ,")))?;
    let n = l.split_whitespace().count() + 1;
    if words.len() <= n || g.trigger(&words[n..]).is_none() {
        return None;
    }
    let mut out = words[n..].to_vec();
    out.push(",".into());
    out.extend(w(l));
    Some(out)
}

/// A condition before the colon, however it is introduced: "If you have 0
/// cards in hand: ...", "Only if ...:", "Activate only with an empty hand:",
/// "Only on Tuesdays:".
pub(super) fn condition_colon(_: &Grammar, words: &[String]) -> Option<Vec<String>> {
    let colon = words.iter().position(|w| w == ":")?;
    let head = &words[..colon];
    let lead: &[&[&str]] = &[
        &["can", "only", "be", "activated", "if"],
        &["can", "only", "be", "activated", "while"],
        &["can", "only", "be", "activated", "when"],
        &["can", "only", "be", "activated", "with"],
        &["can", "only", "be", "activated"],
        &["can", "only", "be", "used", "if"],
        &["can", "only", "be", "used", "with"],
        &["can", "only", "be", "used"],
        &["activate", "only", "if"],
        &["activate", "only", "when"],
        &["activate", "only", "while"],
        &["activate", "only", "with"],
        &["use", "only", "if"],
        &["use", "only", "with"],
        &["only", "usable", "if"],
        &["only", "usable", "with"],
        &["usable", "only", "if"],
        &["usable", "only", "with"],
        &["only", "usable"],
        &["usable", "only"],
        &["activate", "only"],
        &["activate"],
        &["only", "with"],
        &["with"],
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
    // the card the effect names first, as "this <noun>" ("This Fighter
    // gains 2 Protection when it is deployed")
    let this: Option<Vec<String>> = match words {
        [t, noun, ..] if t == "this" && g.lexicon.kind(noun).is_some() => {
            Some(vec![t.clone(), noun.clone()])
        }
        _ => None,
    };
    for k in 1..words.len() {
        if !matches!(
            words[k].as_str(),
            "when" | "whenever" | "while" | "at" | "on" | "during" | "after" | "each" | "every"
        ) {
            continue;
        }
        // "Give Poison to an enemy Fighter when it's deployed": "it" there
        // may be the card the effect names; moved first it would be this
        // card. Only when the effect's own subject is this card (or it has
        // no other card in it) is a trailing "it" this card.
        let it_in_tail = words[k..]
            .iter()
            .any(|w| w == "it" || w == "it's" || w == "its");
        let head_about_this = words.first().is_some_and(|w| w == "this" || w == "it")
            || !words[..k]
                .iter()
                .any(|w| g.lexicon.kind(w).is_some() || w == "target");
        if it_in_tail && !head_about_this {
            continue;
        }
        // moved first, the trailing "it" is this card, said so — as the
        // effect names it — and the effect's own "this <noun>" becomes "it"
        // ("when this fighter is deployed , it gains 2 protection", as the
        // game prints it)
        let named: Vec<String> = this.clone().unwrap_or_else(|| vec!["this".to_string()]);
        let mut tail: Vec<String> = Vec::with_capacity(words.len() - k + 2);
        for w in &words[k..] {
            match w.as_str() {
                "it" => tail.extend(named.iter().cloned()),
                "it's" => {
                    tail.extend(named.iter().cloned());
                    tail.push("is".into());
                }
                _ => tail.push(w.clone()),
            }
        }
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
        match &this {
            Some(t) if it_in_tail && head.starts_with(t) => {
                out.push("it".into());
                out.extend(head[t.len()..].iter().cloned());
            }
            _ => out.extend(head.iter().cloned()),
        }
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
        "use this",
        "use this ability",
        "activate this",
        "activate this ability",
        "this may be used",
        "this ability may be used",
        "you may use this",
        "you may use this ability",
        "use this only",
        "use this ability only",
        "you may use this only",
        "you may use this ability only",
        "this may only be used",
        "this ability may only be used",
        "may only be used",
        "activate only",
        "activate this only",
        "use only",
        "usable only",
        "only usable",
        "use it only",
        "can be used only",
        "can only be used",
        "this can be used only",
        "this can only be used",
        "may be used only",
        "activate it only",
    ];
    fillers.contains(&head).then(|| w(limit))
}
