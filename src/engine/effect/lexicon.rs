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
    /// The id of the game these words are of (`""` for words read from a
    /// file not yet tied to a game): the key of the phrases users taught it
    /// ([`super::taught`]).
    pub game: &'static str,
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
    /// What each keyword (or status) means, in its rulebook's words: a
    /// parenthesis after a keyword that says no more than this is its
    /// reminder text.
    pub glosses: &'static [(&'static str, &'static str)],
}

/// See [`Lexicon::it`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ItMeans {
    This,
    Subject,
}

/// A problem with a game file's `[lexicon]`: the key path inside it and
/// what is wrong.
pub type Problem = (Vec<String>, String);

/// Leaks `v` for the rest of the run: a game's words are read once per run
/// (a built-in game's when its grammar is first used, a game file's when it
/// is added) and then shared by every reading, as the tables in the code
/// they replace were.
fn leak<T>(v: Vec<T>) -> &'static [T] {
    Box::leak(v.into_boxed_slice())
}

fn leak_str(s: &str) -> &'static str {
    Box::leak(s.to_string().into_boxed_str())
}

/// Reads a value of `[lexicon]` with serde, naming its key on failure.
fn value<T: serde::de::DeserializeOwned>(
    t: &toml::Table,
    key: &str,
    problems: &mut Vec<Problem>,
) -> Option<T> {
    let v = t.get(key)?;
    match v.clone().try_into() {
        Ok(x) => Some(x),
        Err(e) => {
            problems.push((vec![key.to_string()], e.message().trim().to_string()));
            None
        }
    }
}

/// Reads a table of `[lexicon]` whose keys are phrases, in the file's
/// order, each value read with serde.
fn phrases<T: serde::de::DeserializeOwned>(
    t: &toml::Table,
    key: &str,
    problems: &mut Vec<Problem>,
) -> Vec<(&'static str, T)> {
    let Some(v) = t.get(key) else {
        return Vec::new();
    };
    let Some(table) = v.as_table() else {
        problems.push((vec![key.to_string()], "must be a table of phrases".into()));
        return Vec::new();
    };
    let mut out = Vec::with_capacity(table.len());
    for (phrase, v) in table {
        if phrase.trim().is_empty() || phrase.trim() != phrase || phrase.to_lowercase() != *phrase {
            problems.push((
                vec![key.to_string(), phrase.clone()],
                "a phrase is lower-case words separated by single spaces".into(),
            ));
            continue;
        }
        match v.clone().try_into::<T>() {
            Ok(x) => out.push((leak_str(phrase), x)),
            Err(e) => problems.push((
                vec![key.to_string(), phrase.clone()],
                e.message().trim().to_string(),
            )),
        }
    }
    out
}

/// The keys `[lexicon]` may have (schema/game.md).
const KEYS: &[&str] = &[
    "default_kind",
    "elements",
    "it",
    "search_shuffles",
    "cost_colon",
    "pay",
    "card_nouns",
    "defeat_verbs",
    "vocabulary",
    "synonyms",
    "kinds",
    "resources",
    "stats",
    "keywords",
    "statuses",
    "status_verbs",
    "events",
    "named_triggers",
    "glosses",
];

/// A named trigger as a game file writes it.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct NamedTrigger {
    event: Event,
    #[serde(default = "this_who")]
    who: Who,
}

fn this_who() -> Who {
    Who::This
}

/// The problems of a game file's `[lexicon]` (none for a good one, or for
/// none at all).
pub fn check(t: &toml::Table) -> Vec<Problem> {
    match Lexicon::read(t) {
        Ok(_) => Vec::new(),
        Err(p) => p,
    }
}

impl Lexicon {
    /// A game's words from its file's `[lexicon]` (schema/game.md). Read
    /// once per game per run; the tables live for the rest of the run.
    pub fn read(t: &toml::Table) -> Result<Lexicon, Vec<Problem>> {
        let mut p = Vec::new();
        for key in t.keys() {
            if !KEYS.contains(&key.as_str()) {
                p.push((
                    vec![key.clone()],
                    format!("unknown key; `[lexicon]` has {}", KEYS.join(", ")),
                ));
            }
        }
        let strings = |key: &str, p: &mut Vec<Problem>| -> &'static [&'static str] {
            let v: Vec<String> = value(t, key, p).unwrap_or_default();
            leak(v.iter().map(|s| leak_str(s)).collect())
        };
        let lex = Lexicon {
            game: "",
            synonyms: leak(
                phrases::<String>(t, "synonyms", &mut p)
                    .into_iter()
                    .map(|(from, to)| (from, leak_str(&to)))
                    .collect(),
            ),
            kinds: leak(phrases(t, "kinds", &mut p)),
            default_kind: value(t, "default_kind", &mut p).unwrap_or(Kind::Any),
            resources: leak(phrases(t, "resources", &mut p)),
            stats: leak(phrases(t, "stats", &mut p)),
            keywords: leak(phrases(t, "keywords", &mut p)),
            statuses: leak(phrases(t, "statuses", &mut p)),
            status_verbs: leak(phrases(t, "status_verbs", &mut p)),
            defeat_verbs: strings("defeat_verbs", &mut p),
            events: leak(phrases(t, "events", &mut p)),
            named_triggers: leak(
                phrases::<NamedTrigger>(t, "named_triggers", &mut p)
                    .into_iter()
                    .map(|(name, n)| (name, n.event, n.who))
                    .collect(),
            ),
            card_nouns: {
                let nouns = strings("card_nouns", &mut p);
                if nouns.is_empty() { &["card"] } else { nouns }
            },
            elements: value(t, "elements", &mut p).unwrap_or(false),
            it: value(t, "it", &mut p).unwrap_or(ItMeans::This),
            search_shuffles: value(t, "search_shuffles", &mut p).unwrap_or(false),
            cost_colon: value(t, "cost_colon", &mut p),
            pay: value(t, "pay", &mut p),
            vocabulary: strings("vocabulary", &mut p),
            glosses: leak(
                phrases::<String>(t, "glosses", &mut p)
                    .into_iter()
                    .map(|(k, g)| (k, leak_str(&g)))
                    .collect(),
            ),
        };
        for (k, _) in lex.glosses {
            if lex.keyword(k).is_none()
                && lex.status(k).is_none()
                && !lex.status_verbs.iter().any(|(v, _)| v == k)
            {
                p.push((
                    vec!["glosses".into(), (*k).to_string()],
                    "a gloss is for one of the game's keywords or statuses".into(),
                ));
            }
        }
        if p.is_empty() { Ok(lex) } else { Err(p) }
    }

    /// A built-in game's words, from its definition file (read once).
    ///
    /// # Panics
    /// When the built-in file's `[lexicon]` does not read; the files ship
    /// with the program and `game check` tests pass on each.
    pub fn of_builtin(game: crate::model::GameId) -> &'static Lexicon {
        let def = crate::games::game(game).def();
        match Lexicon::read(&def.lexicon) {
            Ok(l) => Box::leak(Box::new(Lexicon {
                game: game.as_str(),
                ..l
            })),
            Err(p) => panic!("resources/games/{game}.toml: [lexicon]: {p:?}"),
        }
    }

    /// Whether a parenthesis after `keyword` says nothing its rulebook
    /// gloss does not: every word of it, but for the small words, is a word
    /// of the gloss (or shares its first four letters with one: "receives"
    /// and "received", "deals" and "dealt"), or a number — but for one
    /// word that is none of the game's rule words, when at least three are
    /// the gloss's ("the first damage it
    /// takes each turn is reduced to 0" says Shield's "First damage
    /// received each turn is reduced to 0" in a player's words; "can attack
    /// immediately, even from the Vault" is a rule of its own, three words
    /// away from Rush's).
    pub fn is_reminder_of(&self, keyword: &str, words: &[String]) -> bool {
        let Some((_, gloss)) = self.glosses.iter().find(|(k, _)| *k == keyword) else {
            return false;
        };
        // the gloss in the words the grammar reads ("cannot" is "can't")
        let gloss: Vec<String> = self.normalise(&super::pattern::tokens(gloss));
        let stem = |w: &str| w.chars().take(4).collect::<String>();
        let (mut said, mut other) = (0usize, 0usize);
        for w in words {
            let w = w.as_str();
            if SMALL_WORDS.contains(&w) {
                continue;
            }
            if w.chars().all(|c| c.is_ascii_digit())
                || gloss
                    .iter()
                    .any(|g| g == w || (w.len() >= 4 && stem(g) == stem(w)))
            {
                said += 1;
            } else if self.is_rule_word(w) {
                // a rule word the gloss does not say ("enemy", "draw") is
                // a rule of its own
                return false;
            } else {
                other += 1;
            }
        }
        other == 0 || (other == 1 && said >= 3)
    }

    /// The keyword or status a word names, when the game glosses it
    /// ("silenced" names Silence): for a parenthesis after it.
    pub fn glossed(&self, word: &str) -> Option<&'static str> {
        let stem = |w: &str| w.chars().take(5).collect::<String>();
        self.glosses
            .iter()
            .map(|(k, _)| *k)
            .find(|k| *k == word || (word.len() >= 5 && k.len() >= 5 && stem(k) == stem(word)))
    }
}

/// Words a keyword's reminder text may hold whatever its gloss says.
const SMALL_WORDS: &[&str] = &[
    "the", "a", "an", "it", "its", "it's", "this", "that", "is", "are", "be", "to", "of", "and",
    "or", "your", "their", "they", "them", "(", ")", ",", ".", "same", "when", "can", "may", "you",
    ";", ":",
];

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
    // "your opponent takes 2 damage to their Life": to a player, damage is
    // to their life
    ("damage to their life total", "damage"),
    ("damage to their life", "damage"),
    ("the opposing player", "your opponent"),
    ("your opponent's life", "your opponent"),
    ("opponent's life", "your opponent"),
    ("the enemy player", "your opponent"),
    ("the other player", "your opponent"),
    ("each opponent", "your opponent"),
    ("of your choice", ""),
    ("of their choice", ""),
    (
        "until the end of their next turn",
        "until the end of your opponent's next turn",
    ),
    ("all of your opponent's", "all enemy"),
    ("each of your opponent's", "each enemy"),
    ("spend", "pay"),
    ("spends", "pays"),
    ("a d6", "a die"),
    ("1d6", "a die"),
    ("d6", "die"),
    ("each player rolls", "both players roll"),
    ("each player roll", "both players roll"),
    ("you and your opponent each roll", "both players roll"),
    ("you and your opponent roll", "both players roll"),
    ("both players each roll", "both players roll"),
    ("if yours is higher", "if your roll is higher"),
    ("if you roll higher", "if your roll is higher"),
    ("if your result is higher", "if your roll is higher"),
    ("if your number is higher", "if your roll is higher"),
    ("rather than", "instead of"),
    ("as long as", "while"),
    ("as soon as", "when"),
    ("til", "until"),
    ("till", "until"),
    // a player's "face" is their life (Hearthstone's word)
    ("your opponent's face", "your opponent"),
    ("opponent's face", "your opponent"),
    ("to face", "to your opponent"),
    ("opp's", "your opponent's"),
    ("opp", "your opponent"),
    ("opp life", "your opponent"),
    ("straight to your opponent", "to your opponent"),
    ("directly to your opponent", "to your opponent"),
    (
        "until end of your opponent's next turn",
        "until the end of your opponent's next turn",
    ),
    (
        "until your opponent's next turn ends",
        "until the end of your opponent's next turn",
    ),
    ("if your roll beats theirs", "if your roll is higher"),
    ("if yours beats theirs", "if your roll is higher"),
    ("1 target", "target"),
    ("back to your hand", "in your hand"),
    ("back into your hand", "in your hand"),
    ("-", ":"),
    ("–", ":"),
    ("—", ":"),
    // an arrow between a cost and its effect ("Exhaust a resource -> +3 attack")
    ("->", ":"),
    ("=>", ":"),
    ("→", ":"),
    // keywords joined by "+" ("Guard + Shield")
    ("+", ","),
    // a limit said another way ("once each turn", "once a turn")
    ("once each turn", "once per turn"),
    ("once a turn", "once per turn"),
    ("once every turn", "once per turn"),
    ("one time per turn", "once per turn"),
    ("once each round", "once per round"),
    ("once a round", "once per round"),
    ("once every round", "once per round"),
    // the other player, possessive ("the opposing player's Life")
    ("the opposing player's", "your opponent's"),
    ("opposing player's", "your opponent's"),
    ("the enemy player's", "your opponent's"),
    ("the other player's", "your opponent's"),
    ("opp's", "your opponent's"),
    // "and then" between two steps ("Heal 1 HP and then hit a target")
    ("and then", ", then"),
    // a gain and a loss joined by "but" ("gains 2 ATK but loses 2 DEF")
    ("but loses", "and loses"),
    ("but gains", "and gains"),
    ("but gets", "and gets"),
];

/// Spellings of one word, rewritten before any other synonym so that a
/// longer phrase starting earlier cannot cut them in two ("your opponent's
/// life total": "life total" is "life" before "your opponent's life" is
/// "your opponent").
pub const SPELLINGS: &[(&str, &str)] = &[
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
        let spelled = pass(input, SPELLINGS.iter());
        let mut cur = self.pass(&spelled);
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
        pass(input, self.synonyms.iter().chain(SHARED_SYNONYMS))
    }
}

/// One left-to-right pass of rewriting, longest phrase first at each
/// position.
fn pass<'a>(
    input: &[String],
    synonyms: impl Iterator<Item = &'a (&'a str, &'a str)> + Clone,
) -> Vec<String> {
    {
        let mut out = Vec::with_capacity(input.len());
        let mut i = 0;
        while i < input.len() {
            let mut best: Option<(usize, &str)> = None;
            for (from, to) in synonyms.clone() {
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

    fn words(s: &str) -> Vec<String> {
        crate::engine::effect::pattern::tokens(s)
    }

    /// A reminder in a player's words is one word off its gloss at most,
    /// and that word is none of the game's rule words: a parenthesis that
    /// adds a rule of its own is no reminder.
    #[test]
    fn reminder_text_is_the_gloss_give_or_take_one_plain_word() {
        let fz = Lexicon::of_builtin(crate::model::GameId::Fuzzycards);
        assert!(fz.is_reminder_of(
            "shield",
            &words("the first damage it takes each turn is reduced to 0")
        ));
        assert!(fz.is_reminder_of("guard", &words("must be attacked first")));
        assert!(fz.is_reminder_of(
            "burn",
            &words("at the end of each turn, this card takes 2 damage")
        ));
        // a rule word the gloss does not say
        assert!(!fz.is_reminder_of("burn", &words("deal 2 damage to each enemy")));
        assert!(!fz.is_reminder_of("shield", &words("the first damage each enemy hero takes")));
        // three words off Rush's gloss
        assert!(!fz.is_reminder_of(
            "rush",
            &words("can attack immediately, even from the Vault")
        ));
        // one plain word off, but too little of the gloss said
        assert!(!fz.is_reminder_of("guard", &words("attacked twice")));
        assert_eq!(fz.glossed("silenced"), Some("silence"));
        assert_eq!(fz.glossed("shield"), Some("shield"));
        assert_eq!(fz.glossed("hero"), None);
    }
}
