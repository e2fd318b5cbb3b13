//! A game's words, as data: the nouns, synonyms, triggers, zones and stats
//! its rulebook and its players use, for the one compositional grammar
//! ([`super::compose`]).
//!
//! Every game speaks the same effect language, but names its things its own
//! way: Fuzzycards' "Hero" is Dice of Destiny's "creature" and Rizontical's
//! "Fighter"; Bizarre World's ⚔ is printed as "damage" ("Gain 3 damage.",
//! rulebook p.2) where Fuzzycards' damage hurts. A [`Lexicon`] says which
//! word means what in one game, and its synonyms are rewritten to one
//! spelling before any clause is matched, so every clause benefits from
//! every synonym.

use super::{Element, Event, Keyword, Kind, Resource, Stat, Status, Who};

/// One game's words. See the module docs.
#[derive(Clone, Copy, Debug)]
pub struct Lexicon {
    /// Phrases rewritten before matching, `(as typed, as the grammar reads
    /// it)`, each a space-separated lower-case word list. A phrase rewritten
    /// to itself is protected from shorter rewrites inside it ("on kill"
    /// stays a trigger while "kill" means KO).
    pub synonyms: &'static [(&'static str, &'static str)],
    /// Card nouns (singular; plurals are derived) and the kind they mean.
    pub kinds: &'static [(&'static str, Kind)],
    /// The kind an "ally" / "enemy" / "it" noun means when no kind is said.
    pub default_kind: Kind,
    /// Resource nouns ("energy", "life", "ap").
    pub resources: &'static [(&'static str, Resource)],
    /// Stat nouns ("atk", "def").
    pub stats: &'static [(&'static str, Stat)],
    /// Keyword abilities by name.
    pub keywords: &'static [(&'static str, Keyword)],
    /// Statuses by name.
    pub statuses: &'static [(&'static str, Status)],
    /// Verbs that put a status on their object ("silence target enemy Hero").
    pub status_verbs: &'static [(&'static str, Status)],
    /// Verbs that defeat their object outright ("KO", "destroy").
    pub defeat_verbs: &'static [&'static str],
    /// Events after "when this Hero ..." ("is deployed", "attacks").
    pub events: &'static [(&'static str, Event)],
    /// Named trigger prefixes ("on deploy", "on hit"), read before ":".
    pub named_triggers: &'static [(&'static str, Event, Who)],
    /// The word for a card drawn ("card", Rizontical's "Power").
    pub card_nouns: &'static [&'static str],
    /// Whether "deal N <Element> DMG" names an element (Rizontical).
    pub elements: bool,
    /// What "it" means as a target: the card itself, or the card the
    /// trigger or the chosen target is about.
    pub it: ItMeans,
    /// A search is followed by a shuffle of the deck searched (DD §2.12).
    pub search_shuffles: bool,
    /// What a cost before a colon makes of the ability ("Pay 1 Energy: ..."
    /// is Fuzzycards' Activate, "once per turn unless stated").
    pub cost_colon: Option<super::Limit>,
    /// The resource "pay N" spends when none is named.
    pub pay: Option<Resource>,
    /// Words that make a sentence rules text rather than flavour.
    pub vocabulary: &'static [&'static str],
}

/// See [`Lexicon::it`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ItMeans {
    This,
    Subject,
}

/// The effect language's own verbs and rule words: a sentence with one of
/// them is rules text, whatever the game (issue 24: "Guard. Allies beside it
/// cannot be chosen by foes." is not flavour).
pub const EFFECT_WORDS: &[&str] = &[
    "deal",
    "deals",
    "draw",
    "draws",
    "gain",
    "gains",
    "lose",
    "loses",
    "heal",
    "heals",
    "restore",
    "restores",
    "destroy",
    "destroys",
    "ko",
    "kos",
    "ko'd",
    "kill",
    "kills",
    "killed",
    "defeat",
    "defeats",
    "defeated",
    "search",
    "shuffle",
    "return",
    "returns",
    "discard",
    "discards",
    "choose",
    "chosen",
    "target",
    "targeted",
    "targets",
    "attack",
    "attacks",
    "attacked",
    "block",
    "blocks",
    "blocked",
    "push",
    "pushed",
    "give",
    "gives",
    "get",
    "gets",
    "can",
    "can't",
    "cannot",
    "must",
    "reveal",
    "summon",
    "summons",
    "deploy",
    "deployed",
    "exhaust",
    "exhausted",
    "sacrifice",
    "pay",
    "cost",
    "costs",
    "reduce",
    "reduced",
    "prevent",
    "prevented",
    "counter",
    "negate",
    "negated",
    "double",
    "swap",
    "steal",
    "copy",
    "immune",
    "reroll",
    "damage",
    "dmg",
    "silence",
    "silenced",
    "stun",
    "stunned",
    "freeze",
    "frozen",
    "ignore",
    "ignores",
    "skip",
    "untap",
    "unexhaust",
    "resolve",
    "instead",
    "extra",
    "whenever",
    "hp",
    "atk",
    "def",
];

/// The words shared by every game: durations, articles and spelling
/// variants of the effect language itself.
pub const SHARED_SYNONYMS: &[(&str, &str)] = &[
    // durations (issue 24: "this turn" / "until end of turn" / "until the end of the turn")
    ("until end of turn", "this turn"),
    ("until the end of turn", "this turn"),
    ("until the end of the turn", "this turn"),
    ("until end of the turn", "this turn"),
    ("until the end of this turn", "this turn"),
    ("until end of this turn", "this turn"),
    ("until the turn ends", "this turn"),
    ("for the rest of the turn", "this turn"),
    ("for the rest of this turn", "this turn"),
    ("for this turn", "this turn"),
    ("for the turn", "this turn"),
    ("until the start of your next turn", "until your next turn"),
    (
        "until the beginning of your next turn",
        "until your next turn",
    ),
    ("until the end of the round", "until the end of the round"),
    ("until the end of this round", "until the end of the round"),
    ("until end of round", "until the end of the round"),
    ("until the round ends", "until the end of the round"),
    ("for this round", "until the end of the round"),
    ("this round", "until the end of the round"),
    // spelling
    ("cannot", "can't"),
    ("can not", "can't"),
    ("life points", "life"),
    ("life point", "life"),
    ("life total", "life"),
    ("lp", "life"),
    ("hit points", "hp"),
    ("health points", "hp"),
    ("health", "hp"),
    ("damage points", "damage"),
    ("into your hand", "in your hand"),
    ("to your hand", "in your hand"),
    ("add it in your hand", "put it in your hand"),
    ("adds it in your hand", "put it in your hand"),
    ("puts it in your hand", "put it in your hand"),
    ("reveal it", "show it"),
    ("shows it", "show it"),
    ("reveals it", "show it"),
    ("that card", "it"),
    ("the opponent", "your opponent"),
    ("the opponent's life", "your opponent"),
    ("the opponent's", "your opponent's"),
    ("your opponent's life points", "your opponent"),
    ("the opposing player", "your opponent"),
    ("your opponent's life", "your opponent"),
    ("opponent's life", "your opponent"),
    ("the enemy player", "your opponent"),
    ("the other player", "your opponent"),
    ("each opponent", "your opponent"),
    ("-", ":"),
    ("–", ":"),
    ("—", ":"),
];

/// Durations after or before a clause, once synonyms are rewritten.
pub const DURATIONS: &[(&str, super::Duration)] = &[
    (
        "until the end of your opponent's next turn",
        super::Duration::UntilEndOfOpponentsNextTurn,
    ),
    ("until your next turn", super::Duration::UntilYourNextTurn),
    ("this turn", super::Duration::ThisTurn),
    ("until the end of the round", super::Duration::ThisRound),
];

fn words(s: &str) -> Vec<&str> {
    s.split_whitespace().collect()
}

impl Lexicon {
    /// The kind a noun (singular or plural) names.
    pub fn kind(&self, w: &str) -> Option<Kind> {
        self.kinds
            .iter()
            .find(|(n, _)| singular(w, n))
            .map(|(_, k)| *k)
    }

    pub fn resource(&self, w: &str) -> Option<Resource> {
        self.resources
            .iter()
            .find(|(n, _)| singular(w, n))
            .map(|(_, r)| *r)
    }

    pub fn stat(&self, w: &str) -> Option<Stat> {
        self.stats.iter().find(|(n, _)| *n == w).map(|(_, s)| *s)
    }

    pub fn keyword(&self, w: &str) -> Option<Keyword> {
        self.keywords.iter().find(|(n, _)| *n == w).map(|(_, k)| *k)
    }

    pub fn status(&self, w: &str) -> Option<Status> {
        self.statuses.iter().find(|(n, _)| *n == w).map(|(_, s)| *s)
    }

    pub fn element(&self, w: &str) -> Option<Element> {
        if self.elements {
            Element::named(w)
        } else {
            None
        }
    }

    /// Whether `w` is one of the game's rule words or the effect language's.
    pub fn is_rule_word(&self, w: &str) -> bool {
        let w = w.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'');
        let base = |v: &&str| w == *v || w.strip_suffix('s') == Some(v) || singular(w, v);
        self.vocabulary.iter().any(base)
            || EFFECT_WORDS.contains(&w)
            || self.kinds.iter().any(|(n, _)| singular(w, n))
            || self.keywords.iter().any(|(n, _)| *n == w)
    }

    /// Rewrites synonyms (the game's and the shared ones), longest phrase
    /// first at each position, until nothing changes (at most three
    /// passes: "gain 3 attack until end of turn" becomes "gain 3 attack
    /// this turn", then Bizarre World's "gain 3 attack").
    pub fn normalise(&self, input: &[String]) -> Vec<String> {
        let mut cur = self.pass(input);
        for _ in 0..2 {
            let next = self.pass(&cur);
            if next == cur {
                break;
            }
            cur = next;
        }
        cur
    }

    fn pass(&self, input: &[String]) -> Vec<String> {
        let mut out = Vec::with_capacity(input.len());
        let mut i = 0;
        while i < input.len() {
            let mut best: Option<(usize, &str)> = None;
            for (from, to) in self.synonyms.iter().chain(SHARED_SYNONYMS) {
                let f = words(from);
                if f.len() > input.len() - i {
                    continue;
                }
                if f.iter().zip(&input[i..]).all(|(a, b)| *a == b.as_str())
                    && best.is_none_or(|(n, _)| f.len() > n)
                {
                    best = Some((f.len(), to));
                }
            }
            match best {
                Some((n, to)) => {
                    out.extend(words(to).into_iter().map(str::to_string));
                    i += n;
                }
                None => {
                    out.push(input[i].clone());
                    i += 1;
                }
            }
        }
        out
    }
}

/// Whether `w` is `noun` or its plural.
pub fn singular(w: &str, noun: &str) -> bool {
    if w == noun {
        return true;
    }
    if let Some(stem) = w.strip_suffix("ies")
        && noun.strip_suffix('y') == Some(stem)
    {
        return true;
    }
    w.strip_suffix("es") == Some(noun) || w.strip_suffix('s') == Some(noun)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plurals_of_nouns() {
        assert!(singular("heroes", "hero"));
        assert!(singular("entities", "entity"));
        assert!(singular("fighters", "fighter"));
        assert!(!singular("hero", "heroes"));
    }
}
