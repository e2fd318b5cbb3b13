//! Reading rules text: a small phrase-table grammar per game.
//!
//! The way Forge keeps card scripts and MTG rules engines template their
//! Oracle text, each game has a table of phrases in its rulebook's own
//! templating — "On Deploy:", "draw {n} card(s)", "deal {n} damage to your
//! opponent's Life" — each mapped to a piece of an [`Ability`]. A text is cut
//! into sentences, a sentence into an optional trigger prefix and clauses,
//! and every clause is matched against the table. A phrase no entry matches
//! is reported with its words, never guessed. A sentence with none of the
//! game's words is flavour; a parenthesised sentence is reminder text.
//!
//! The pattern syntax is in [`super::pattern`].

mod rephrase;

use super::compose;
use super::lexicon::Lexicon;
pub use super::pattern::{Cap, tokens};
use super::pattern::{Tok, compile, matches};
use super::{Ability, Condition, Cost, Duration, Keyword, Limit, Place, Step, Trigger, Verb};

/// What a phrase means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    /// An effect clause.
    Steps(Vec<Step>),
    /// Something always true of the card while it is in play (a keyword-like
    /// sentence: "This creature may attack the turn it arrives").
    Static(Vec<Step>),
    /// A trigger prefix, with the costs and limit it implies.
    Trigger {
        trigger: Trigger,
        costs: Vec<Cost>,
        limit: Limit,
        condition: Option<Condition>,
    },
    /// A cost clause ("Exhaust 1 resource").
    Cost(Cost),
    /// A condition clause ("You have 0 cards in hand").
    Condition(Condition),
    /// A duration (a suffix such as "until your next turn").
    Duration(Duration),
    /// A usage limit ("(once per turn)").
    Limit(Limit),
    /// Keyword abilities ("Rush", "Burn 2").
    Keywords(Vec<(Keyword, u8)>),
    /// Words the rules give no effect of their own ("Equip.", a
    /// card-type reminder) or that only mark something already known.
    Known,
    /// The rest of the sentence is what a previous step's outcome leads to
    /// ("If your roll is higher, ..."): its steps go inside that step.
    Then,
}

impl Piece {
    pub fn trigger(trigger: Trigger) -> Piece {
        Piece::Trigger {
            trigger,
            costs: Vec::new(),
            limit: Limit::Unlimited,
            condition: None,
        }
    }
}

/// A phrase of a game's grammar.
#[derive(Clone, Copy)]
pub struct Phrase {
    pub pattern: &'static str,
    pub build: fn(&[Cap]) -> Piece,
}

/// A phrase compiled: its pattern tokens and its builder.
type Compiled = (Vec<Tok>, fn(&[Cap]) -> Piece);

/// `DECKWRIGHT_SHOW_KINDS=1`: every rewording the kinds of phrasing try is
/// printed on stderr, with what it leaves unread (for whoever teaches the
/// grammar a new kind).
fn show_kinds() -> bool {
    static SHOW: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *SHOW.get_or_init(|| std::env::var_os("DECKWRIGHT_SHOW_KINDS").is_some())
}

/// The most rewordings of one sentence kept while the kinds of phrasing are
/// tried (a sentence that reads is found long before; this bounds the work
/// on one that never does).
const MAX_WORDINGS: usize = 24;

/// A line of keywords with their levels, and the reminders in brackets after them.
type KeywordLine = (Vec<(Keyword, u8)>, Vec<String>);

/// A game's grammar: its phrase tables and the words that make a sentence
/// a rule rather than flavour.
pub struct Grammar {
    pub game: &'static str,
    /// Whole sentences (keywords, card-type reminders, construction text).
    sentences: Vec<Compiled>,
    /// Trigger prefixes ("On Deploy :", "When this creature arrives ,").
    triggers: Vec<Compiled>,
    /// Effect, cost and condition clauses.
    clauses: Vec<Compiled>,
    /// Duration and limit suffixes or prefixes of a sentence.
    modifiers: Vec<Compiled>,
    /// Words that start an effect clause (to carry a subject over "and").
    pub verbs: &'static [&'static str],
    /// The game's words for the compositional grammar ([`compose`]).
    pub lexicon: &'static Lexicon,
}

/// A game's phrase table, its patterns' words spelled as the game's
/// synonyms spell them: text is rewritten before it is matched, so a
/// pattern written "moves onto a cell" must read as its text will once a
/// synonym rewrites "onto".
fn table(phrases: &[Phrase], lexicon: &Lexicon) -> Vec<Compiled> {
    let mut t: Vec<Compiled> = phrases
        .iter()
        .map(|p| (normalised(compile(p.pattern), lexicon), p.build))
        .collect();
    // longer patterns first, so "draw {n} card(s) and ..." beats "draw {n}"
    t.sort_by_key(|(toks, _)| std::cmp::Reverse(toks.len()));
    t
}

/// `toks` with each run of plain words rewritten by the lexicon.
fn normalised(toks: Vec<Tok>, lexicon: &Lexicon) -> Vec<Tok> {
    let mut out = Vec::with_capacity(toks.len());
    let mut run: Vec<String> = Vec::new();
    let flush = |run: &mut Vec<String>, out: &mut Vec<Tok>| {
        if !run.is_empty() {
            out.extend(lexicon.normalise(run).into_iter().map(Tok::Word));
            run.clear();
        }
    };
    for t in toks {
        match t {
            Tok::Word(w) => run.push(w),
            other => {
                flush(&mut run, &mut out);
                out.push(other);
            }
        }
    }
    flush(&mut run, &mut out);
    out
}

/// How a text block is read when its sentences name no trigger.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Base {
    pub trigger: Trigger,
    pub costs: Vec<Cost>,
    pub limit: Limit,
    pub label: Option<String>,
    pub condition: Option<Condition>,
}

impl Base {
    pub fn new(trigger: Trigger) -> Base {
        Base {
            trigger,
            costs: Vec::new(),
            limit: Limit::Unlimited,
            label: None,
            condition: None,
        }
    }

    pub fn labelled(mut self, label: impl Into<String>) -> Base {
        self.label = Some(label.into());
        self
    }
}

/// What a text block says, as far as the grammar can read it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reading {
    pub abilities: Vec<Ability>,
    pub keywords: Vec<(Keyword, u8)>,
    /// Costs and conditions found outside an ability (Bizarre World's
    /// active-cost box is a text block of its own).
    pub costs: Vec<Cost>,
    pub conditions: Vec<Condition>,
    /// Phrases the grammar does not understand, as written (lower case).
    pub not_understood: Vec<String>,
    /// Sentences with no rules words, and reminder text.
    pub flavour: Vec<String>,
    /// The phrases users taught the game that this text was read with
    /// ([`super::taught`]).
    pub taught: Vec<super::taught::Taught>,
}

impl Reading {
    pub fn merge(&mut self, o: Reading) {
        self.abilities.extend(o.abilities);
        self.keywords.extend(o.keywords);
        self.costs.extend(o.costs);
        self.conditions.extend(o.conditions);
        self.not_understood.extend(o.not_understood);
        self.flavour.extend(o.flavour);
        for t in o.taught {
            if !self.taught.contains(&t) {
                self.taught.push(t);
            }
        }
    }

    /// Whether everything was understood.
    pub fn complete(&self) -> bool {
        self.not_understood.is_empty()
    }
}

/// Cuts a text into sentences: at `.`, `!` and `?` followed by a space or
/// the end. A parenthesised sentence (reminder text) comes back marked.
fn sentences(text: &str) -> Vec<(String, bool)> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut depth = 0usize;
    let chars: Vec<char> = text.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ => {}
        }
        cur.push(c);
        let next = chars.get(i + 1).copied();
        let ends =
            matches!(c, '.' | '!' | '?') && next.is_none_or(|n| n.is_whitespace() || n == ')');
        if ends && depth == 0 {
            push_sentence(&mut out, &cur);
            cur.clear();
        }
    }
    push_sentence(&mut out, &cur);
    out
}

fn push_sentence(out: &mut Vec<(String, bool)>, s: &str) {
    let t = s.trim();
    if t.is_empty() {
        return;
    }
    // "(Still not a die.)": a whole sentence in parentheses is reminder text
    if t.starts_with('(') && t.trim_end_matches(['.', '!']).ends_with(')') {
        out.push((t.to_string(), true));
        return;
    }
    // a parenthesised sentence at the end of one: split it off
    if let Some(open) = t.find('(')
        && let Some(inner) = t[open + 1..]
            .strip_suffix(')')
            .or_else(|| t[open + 1..].strip_suffix(")."))
        && inner.trim_end().ends_with(['.', '!'])
    {
        out.push((t[..open].trim().to_string(), false));
        out.push((format!("({inner})"), true));
        return;
    }
    out.push((t.to_string(), false));
}

/// A parenthesis after the start of a sentence (in its middle, or closing
/// it without a sentence of its own inside): the sentence without it, and
/// the parenthesis.
fn inner_paren(s: &str) -> Option<(String, String)> {
    let open = s.find('(')?;
    let close = open + s[open..].find(')')?;
    if open == 0 {
        return None;
    }
    let rest = s[close + 1..].trim_start();
    let head = s[..open].trim_end();
    let outer = if rest.is_empty() || rest.starts_with([',', '.', ';', ':', '!', '?']) {
        format!("{head}{rest}")
    } else {
        format!("{head} {rest}")
    };
    Some((outer, s[open..=close].to_string()))
}

/// Separators between clauses of one sentence.
const SEPARATORS: &[&[&str]] = &[
    &[",", "then"],
    &["then"],
    &[",", "and"],
    &["and"],
    &[";"],
    &[","],
];

impl Grammar {
    pub fn new(
        game: &'static str,
        lexicon: &'static Lexicon,
        sentences: &[Phrase],
        triggers: &[Phrase],
        clauses: &[Phrase],
        modifiers: &[Phrase],
        verbs: &'static [&'static str],
    ) -> Grammar {
        Grammar {
            game,
            sentences: table(sentences, lexicon),
            triggers: table(triggers, lexicon),
            clauses: table(clauses, lexicon),
            modifiers: table(modifiers, lexicon),
            verbs,
            lexicon,
        }
    }

    /// A text's words as the grammar reads them: lower case, synonyms
    /// rewritten ([`Lexicon::normalise`]).
    pub fn words(&self, text: &str) -> Vec<String> {
        self.lexicon.normalise(&tokens(text))
    }

    fn whole(t: &[Compiled], words: &[String]) -> Option<Piece> {
        let mut caps = Vec::new();
        for (pat, build) in t {
            caps.clear();
            if matches(pat, words, &mut caps, false).is_some() {
                return Some(build(&caps));
            }
        }
        None
    }

    fn prefix(t: &[Compiled], words: &[String]) -> Option<(Piece, usize)> {
        let mut caps = Vec::new();
        let mut best: Option<(Piece, usize)> = None;
        for (pat, build) in t {
            caps.clear();
            if let Some(n) = matches(pat, words, &mut caps, true)
                && n > 0
                && best.as_ref().is_none_or(|(_, b)| n > *b)
            {
                best = Some((build(&caps), n));
            }
        }
        best
    }

    /// The longest suffix of `words` a modifier phrase matches.
    fn suffix(&self, words: &[String]) -> Option<(Piece, usize)> {
        let mut caps = Vec::new();
        for start in 1..words.len() {
            let tail = &words[start..];
            if let Some(d) = compose::duration_of(tail) {
                return Some((Piece::Duration(d), start));
            }
            for (pat, build) in &self.modifiers {
                caps.clear();
                if matches(pat, tail, &mut caps, false).is_some() {
                    return Some((build(&caps), start));
                }
            }
        }
        None
    }

    /// Whether a sentence is rules text: it has one of the game's words, a
    /// verb of the effect language or a number. Only a sentence with none is
    /// flavour (issue 24: "Allies beside it cannot be chosen by foes." is a
    /// rule the grammar must read or report).
    fn is_rules(&self, words: &[String]) -> bool {
        words
            .iter()
            .any(|w| w.chars().any(|c| c.is_ascii_digit()) || self.lexicon.is_rule_word(w))
    }

    /// Splits a clause list at the separators, carrying a subject over
    /// "and": "the equipped hero gains shield and gets +1 def" gives "the
    /// equipped hero gets +1 def" as its second clause.
    fn clauses(&self, words: &[String]) -> Vec<Vec<String>> {
        let mut parts: Vec<Vec<String>> = vec![Vec::new()];
        let mut i = 0;
        'outer: while i < words.len() {
            for sep in SEPARATORS {
                if words[i..].starts_with_strs(sep) && !parts.last().is_none_or(Vec::is_empty) {
                    parts.push(Vec::new());
                    i += sep.len();
                    continue 'outer;
                }
            }
            if let Some(p) = parts.last_mut() {
                p.push(words[i].clone());
            }
            i += 1;
        }
        parts.retain(|p| !p.is_empty());
        parts
    }

    fn subject_of(&self, clause: &[String]) -> Option<Vec<String>> {
        let v = clause
            .iter()
            .position(|w| self.verbs.contains(&w.as_str()))?;
        (v > 0).then(|| clause[..v].to_vec())
    }

    /// Reads one clause: the game's idioms first, then the compositional
    /// grammar.
    fn one_clause(&self, words: &[String]) -> Option<Piece> {
        Self::whole(&self.clauses, words).or_else(|| compose::clause(self.lexicon, words))
    }

    /// Reads a clause: as is, or with the previous clause's subject.
    fn clause(&self, words: &[String], subject: &Option<Vec<String>>) -> Option<Piece> {
        if let Some(p) = self.one_clause(words) {
            return Some(p);
        }
        if let Some(s) = subject
            && words
                .first()
                .is_some_and(|w| self.verbs.contains(&w.as_str()) || w.starts_with(['+', '-']))
        {
            let mut with = s.clone();
            with.extend(words.iter().cloned());
            return self.one_clause(&with);
        }
        None
    }

    /// The trigger prefix of a sentence: the game's table or the
    /// compositional grammar, whichever reads more words.
    fn trigger(&self, words: &[String]) -> Option<(Piece, usize)> {
        let table = Self::prefix(&self.triggers, words);
        let composed = compose::trigger(self.lexicon, words);
        match (table, composed) {
            (Some(a), Some(b)) => Some(if b.1 > a.1 { b } else { a }),
            (a, b) => a.or(b).or_else(|| self.condition_colon(words)),
        }
    }

    /// A condition before the colon, in a game whose costs go before one
    /// ("You have 0 cards in hand: draw 1 card.", Bizarre World's "It is
    /// Tuesday: gain 4 attack."): an activated ability usable only then —
    /// what the game's cost box and condition box say together.
    fn condition_colon(&self, words: &[String]) -> Option<(Piece, usize)> {
        let limit = self.lexicon.cost_colon?;
        let colon = words.iter().position(|w| w == ":")?;
        let head = &words[..colon];
        let condition =
            match Self::whole(&self.sentences, head).or_else(|| self.one_clause(head))? {
                Piece::Condition(c) => c,
                _ => return None,
            };
        Some((
            Piece::Trigger {
                trigger: Trigger::Activated,
                costs: Vec::new(),
                limit,
                condition: Some(condition),
            },
            colon + 1,
        ))
    }

    /// Reads a text block: every sentence, every clause.
    pub fn read(&self, text: &str, base: &Base) -> Reading {
        let mut r = Reading::default();
        let mut st = State::default();
        let taught = super::taught::phrases_of(self.lexicon.game);
        let (text, used) = super::taught::apply(&taught, text);
        r.taught = used;
        for (sentence, reminder) in sentences(&text) {
            let words = self.words(sentence.trim_end_matches(['.', '!', '?']));
            if words.is_empty() {
                continue;
            }
            if reminder {
                self.reminder(&sentence, &[], base, &mut r, &mut st);
                continue;
            }
            if let Some(keywords) = self.keywords_with_reminders(&sentence) {
                // "Guard (must be attacked first).", "Has Rush (it may
                // attack at once) and Burn 2 (...)": a keyword's reminder
                // text explains the keyword, whatever it says
                r.keywords.extend(keywords.0);
                r.flavour.extend(keywords.1);
                continue;
            }
            if let Some((outer, paren)) = inner_paren(&sentence) {
                // a parenthesis inside a sentence: read as it stands when
                // it is the grammar's own ("(RA)", "Activate (pay 1
                // Energy):"); otherwise the sentence without it, and the
                // parenthesis as reminder text when it repeats what the
                // card says, or else read (issue 24: never dropped)
                let (mut whole, mut whole_st) = (r.clone(), st.clone());
                self.read_sentence(&sentence, &words, base, &mut whole, &mut whole_st);
                let known = r.not_understood.len();
                if whole.not_understood.len() > known {
                    let (mut split, mut split_st) = (r.clone(), st.clone());
                    let w = self.words(outer.trim_end_matches(['.', '!', '?']));
                    self.read_sentence(&outer, &w, base, &mut split, &mut split_st);
                    self.reminder(&paren, &w, base, &mut split, &mut split_st);
                    // a parenthesis not read leaves its whole sentence
                    // unread: nothing of it plays without it
                    if split.not_understood.len() == known {
                        (whole, whole_st) = (split, split_st);
                    }
                }
                (r, st) = (whole, whole_st);
                continue;
            }
            self.read_sentence(&sentence, &words, base, &mut r, &mut st);
        }
        if let Some(a) = st.current.take() {
            r.abilities.push(a);
        }
        r
    }

    /// A sentence whose parentheses all follow keywords ("Guard (...)",
    /// "Has Rush (...) and Burn 2 (...)"): its keywords, and the
    /// parentheses as reminder text.
    fn keywords_with_reminders(&self, sentence: &str) -> Option<KeywordLine> {
        if !sentence.contains('(') {
            return None;
        }
        let mut outer = String::new();
        let mut parens = Vec::new();
        let mut depth = 0usize;
        let mut cur = String::new();
        for c in sentence.chars() {
            match c {
                '(' => {
                    depth += 1;
                    cur.push(c);
                }
                ')' if depth > 0 => {
                    depth -= 1;
                    cur.push(c);
                    if depth == 0 {
                        parens.push(std::mem::take(&mut cur));
                    }
                }
                _ if depth > 0 => cur.push(c),
                _ => outer.push(c),
            }
        }
        if depth > 0 || parens.is_empty() {
            return None;
        }
        let words = self.words(outer.trim().trim_end_matches(['.', '!', '?']));
        let list = self
            .keyword_list(&words)
            .or_else(|| self.keyword_list(&rephrase::keyword_has(self, &words)?))?;
        // each parenthesis must say no more than a keyword's rulebook
        // gloss: "Rush (can attack immediately, even from the Vault)" is a
        // rule of its own, not a reminder
        let lex = self.lexicon;
        let names: Vec<&str> = lex
            .keywords
            .iter()
            .filter(|(_, k)| list.iter().any(|(l, _)| l == k))
            .map(|(n, _)| *n)
            .collect();
        let all_reminders = parens.iter().all(|p| {
            let inner = self.words(p.trim_start_matches('(').trim_end_matches(')'));
            names.iter().any(|n| lex.is_reminder_of(n, &inner))
        });
        all_reminders.then_some((list, parens))
    }

    /// Reads a sentence as written; when part of it is not understood,
    /// with the kinds of phrasing players use ([`rephrase`]) applied one
    /// after another, taking the first wording that reads completely.
    fn read_sentence(
        &self,
        sentence: &str,
        words: &[String],
        base: &Base,
        r: &mut Reading,
        st: &mut State,
    ) {
        let known = r.not_understood.len();
        let (mut as_written, mut as_written_st) = (r.clone(), st.clone());
        self.read_sentence_as_written(sentence, words, base, &mut as_written, &mut as_written_st);
        if as_written.not_understood.len() == known {
            (*r, *st) = (as_written, as_written_st);
            return;
        }
        // ";" joining two sentences: each read as one
        if words.iter().any(|w| w == ";") {
            let (mut split, mut split_st) = (r.clone(), st.clone());
            for part in words.split(|w| w == ";").filter(|p| !p.is_empty()) {
                self.read_sentence(sentence, part, base, &mut split, &mut split_st);
            }
            if split.not_understood.len() == known {
                (*r, *st) = (split, split_st);
                return;
            }
        }
        // Each kind is tried, in order, on the sentence as written and on
        // every rewording the kinds before it made (so kinds combine, and a
        // kind that rewords without reading fully does not stand in the way
        // of a later one); the first wording read completely is taken.
        let mut wordings: Vec<Vec<String>> = vec![words.to_vec()];
        for kind in rephrase::KINDS {
            let mut made = Vec::new();
            for w in &wordings {
                let Some(next) = kind(self, w) else {
                    continue;
                };
                // the game's synonyms again, on the new wording
                let next = self.lexicon.normalise(&next);
                if wordings.contains(&next) || made.contains(&next) {
                    continue;
                }
                let (mut tried, mut tried_st) = (r.clone(), st.clone());
                self.read_sentence_as_written(sentence, &next, base, &mut tried, &mut tried_st);
                if show_kinds() {
                    eprintln!(
                        "kinds: {:?} -> {:?}: not understood {:?}",
                        w.join(" "),
                        next.join(" "),
                        &tried.not_understood[known.min(tried.not_understood.len())..]
                    );
                }
                if tried.not_understood.len() == known {
                    (*r, *st) = (tried, tried_st);
                    return;
                }
                made.push(next);
            }
            wordings.extend(made);
            wordings.truncate(MAX_WORDINGS);
        }
        (*r, *st) = (as_written, as_written_st);
    }

    fn read_sentence_as_written(
        &self,
        sentence: &str,
        words: &[String],
        base: &Base,
        r: &mut Reading,
        st: &mut State,
    ) {
        if let Some(piece) = Self::whole(&self.sentences, words) {
            match piece {
                Piece::Keywords(k) => r.keywords.extend(k),
                Piece::Steps(steps) => {
                    let mut a = Ability::new(base.trigger, steps);
                    a.label.clone_from(&base.label);
                    r.abilities.push(a);
                }
                Piece::Static(steps) => {
                    let mut a = Ability::new(Trigger::Static, steps);
                    a.label.clone_from(&base.label);
                    r.abilities.push(a);
                }
                Piece::Cost(c) => r.costs.push(c),
                Piece::Condition(c) => r.conditions.push(c),
                _ => {}
            }
            return;
        }
        if let Some(k) = self.keyword_list(words) {
            r.keywords.extend(k);
            return;
        }
        if !self.is_rules(words) {
            r.flavour.push(sentence.to_string());
            return;
        }
        self.sentence(words, base, r, st);
    }

    /// A sentence that only lists keywords ("Guard, Shield.", "Rush and
    /// Burn 2.").
    fn keyword_list(&self, words: &[String]) -> Option<Vec<(Keyword, u8)>> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < words.len() {
            match words[i].as_str() {
                "," | "and" => i += 1,
                w => {
                    let k = self.lexicon.keyword(w)?;
                    i += 1;
                    let n = match words.get(i).and_then(|w| w.parse::<u8>().ok()) {
                        Some(n) => {
                            i += 1;
                            n
                        }
                        None => 0,
                    };
                    if (k == Keyword::Burn) != (n > 0) {
                        return None;
                    }
                    out.push((k, n));
                }
            }
        }
        (!out.is_empty()).then_some(out)
    }

    /// Parenthesised text is reminder text only when the rest of the card
    /// already says the same thing (or it has no rules words at all);
    /// otherwise it is read like any other sentence (issue 24: "(If it is
    /// KO'd, draw 1 card.)" is a rule).
    fn reminder(
        &self,
        sentence: &str,
        context: &[String],
        base: &Base,
        r: &mut Reading,
        st: &mut State,
    ) {
        let inner = sentence
            .trim()
            .trim_end_matches(['.', '!', '?'])
            .trim_start_matches('(')
            .trim_end_matches(')');
        let words = self.words(inner.trim_end_matches(['.', '!', '?']));
        if !self.is_rules(&words) || self.glosses_of(&words, context, r) {
            r.flavour.push(sentence.to_string());
            return;
        }
        let alone = self.read(inner, base);
        let said = |s: &Step| {
            r.abilities
                .iter()
                .chain(st.current.as_ref())
                .flat_map(|a| a.all_steps())
                .any(|t| t.verb == s.verb && t.target == s.target)
        };
        let repeats = alone.complete()
            && (!alone.abilities.is_empty() || !alone.keywords.is_empty())
            && alone.costs.is_empty()
            && alone.conditions.is_empty()
            && alone.keywords.iter().all(|k| r.keywords.contains(k))
            && alone.abilities.iter().flat_map(|a| a.all_steps()).all(said);
        if repeats {
            r.flavour.push(sentence.to_string());
        } else {
            self.read_sentence(sentence, &words, base, r, st);
        }
    }

    /// Whether a parenthesis is reminder text of what the card already
    /// says: each of its parts (";" between them) says no more than the
    /// rulebook's gloss of a keyword the card has, or of a keyword or
    /// status its sentence names ("it is silenced (loses all its
    /// abilities)"; "Guard, Shield. (Must be attacked first; the first
    /// damage it takes each turn is reduced to 0.)").
    fn glosses_of(&self, words: &[String], context: &[String], r: &Reading) -> bool {
        let lex = self.lexicon;
        let mut names: Vec<&str> = lex
            .keywords
            .iter()
            .filter(|(_, k)| r.keywords.iter().any(|(h, _)| h == k))
            .map(|(n, _)| *n)
            .collect();
        names.extend(context.iter().filter_map(|w| lex.glossed(w)));
        if names.is_empty() {
            return false;
        }
        let parts: Vec<&[String]> = words
            .split(|w| w == ";")
            .filter(|p| !p.is_empty())
            .collect();
        !parts.is_empty()
            && parts
                .iter()
                .all(|p| names.iter().any(|n| lex.is_reminder_of(n, p)))
    }

    fn sentence(&self, words: &[String], base: &Base, r: &mut Reading, st: &mut State) {
        let mut body: &[String] = words;
        // trigger prefix
        let mut started = None;
        if let Some((
            Piece::Trigger {
                trigger,
                costs,
                limit,
                condition,
            },
            n,
        )) = self.trigger(body)
        {
            let mut a = Ability::new(trigger, Vec::new());
            a.costs = costs;
            a.limit = limit;
            a.condition = condition;
            a.label.clone_from(&base.label);
            started = Some(a);
            body = &body[n..];
        }
        // prefix modifiers ("this turn ,") and suffixes ("until your next turn")
        let mut duration = None;
        let mut limit = None;
        let mut nest = false;
        let lead = Self::prefix(&self.modifiers, body)
            .or_else(|| compose::duration_prefix(body).map(|(d, n)| (Piece::Duration(d), n)));
        if let Some((piece, n)) = lead {
            match piece {
                Piece::Duration(d) => duration = Some(d),
                Piece::Limit(l) => limit = Some(l),
                Piece::Then => nest = true,
                _ => {}
            }
            body = &body[n..];
            if body.first().map(String::as_str) == Some(",") {
                body = &body[1..];
            }
        }
        while let Some((piece, start)) = self.suffix(body) {
            match piece {
                Piece::Duration(d) => duration = Some(d),
                Piece::Limit(l) => limit = Some(l),
                _ => break,
            }
            body = &body[..start];
            while body.last().is_some_and(|w| w == ",") {
                body = &body[..body.len() - 1];
            }
        }
        let mut steps = Vec::new();
        let mut costs = Vec::new();
        let mut conditions = Vec::new();
        let mut keywords = Vec::new();
        let mut subject = None;
        let mut unread = Vec::new();
        let whole = if body.is_empty() {
            Some(Piece::Known)
        } else {
            self.clause(body, &None)
        };
        let pieces: Vec<Piece> = match whole {
            Some(p) => vec![p],
            None => {
                let mut out: Vec<Piece> = Vec::new();
                for c in self.clauses(body) {
                    let searched = out.iter().any(|p| {
                        compose_steps(p)
                            .iter()
                            .any(|s| matches!(s.verb, Verb::Search { .. }))
                    });
                    let p = self.clause(&c, &subject).or_else(|| {
                        // what a search does anyway (DD §2.12)
                        (searched
                            && (c.starts_with_strs(&["show", "it"])
                                || c.starts_with_strs(&["put", "it", "in", "your", "hand"]))
                            && (c.len() == 2 || c.len() == 5))
                            .then_some(Piece::Known)
                    });
                    match p {
                        Some(p) => out.push(p),
                        None => unread.push(c.join(" ")),
                    }
                    if let Some(s) = self.subject_of(&c) {
                        subject = Some(s);
                    }
                }
                out
            }
        };
        if !unread.is_empty() {
            // never play part of a sentence: a clause not understood may be
            // its condition, its cost or what its target is (issue 24)
            r.not_understood.extend(unread);
            st.dropped = true;
            if started.is_some()
                && let Some(prev) = st.current.take()
            {
                r.abilities.push(prev);
            }
            return;
        }
        for p in pieces {
            match p {
                Piece::Steps(s) | Piece::Static(s) => steps.extend(s),
                Piece::Cost(c) => costs.push(c),
                Piece::Condition(c) => conditions.push(c),
                Piece::Keywords(k) => keywords.extend(k),
                Piece::Duration(d) => duration = Some(d),
                Piece::Limit(l) => limit = Some(l),
                Piece::Trigger { .. } | Piece::Known | Piece::Then => {}
            }
        }
        if started.is_none() && st.dropped && !steps.is_empty() {
            // the sentence goes on with an ability that was not read: it
            // is not played either
            r.not_understood
                .push(format!("{} (follows a sentence not read)", words.join(" ")));
            return;
        }
        if started.is_some() {
            st.dropped = false;
        }
        if nest
            && let Some(a) = st.current.as_mut()
            && let Some(Step {
                verb: Verb::RollOff { then } | Verb::PerEntityHit { then },
                ..
            }) = a.steps.last_mut()
        {
            then.extend(steps);
            return;
        }
        if let Some(d) = duration {
            for s in &mut steps {
                if s.duration == Duration::Instant {
                    s.duration = d;
                }
            }
        }
        r.keywords.extend(keywords);
        let current = &mut st.current;
        match started {
            Some(mut a) => {
                if let Some(prev) = current.take() {
                    r.abilities.push(prev);
                }
                push_steps(&mut a.steps, steps);
                a.costs.extend(costs);
                if a.condition.is_none() {
                    a.condition = conditions.pop();
                }
                if let Some(l) = limit {
                    a.limit = l;
                }
                *current = Some(a);
            }
            None if steps.is_empty() => {
                // a cost or condition box (Bizarre World), or nothing
                r.costs.extend(costs);
                r.conditions.extend(conditions);
                if let (Some(l), Some(a)) = (limit, current.as_mut()) {
                    a.limit = l;
                }
            }
            None => match current.as_mut() {
                // "... Shuffle your deck.": the previous ability goes on
                Some(a) => {
                    push_steps(&mut a.steps, steps);
                    a.costs.extend(costs);
                }
                None => {
                    let mut a = Ability::new(base.trigger, steps);
                    a.costs = base.costs.clone();
                    a.costs.extend(costs);
                    a.limit = limit.unwrap_or(base.limit);
                    a.label.clone_from(&base.label);
                    a.condition = conditions.pop().or_else(|| base.condition.clone());
                    *current = Some(a);
                }
            },
        }
    }
}

/// What a text block's reading carries from one sentence to the next.
#[derive(Clone, Default)]
struct State {
    /// The ability the following trigger-less sentences continue.
    current: Option<Ability>,
    /// A sentence was not read: the trigger-less sentences after it may
    /// belong to it, so they are not played either.
    dropped: bool,
}

fn compose_steps(p: &Piece) -> &[Step] {
    match p {
        Piece::Steps(s) | Piece::Static(s) => s,
        _ => &[],
    }
}

/// Appends steps; a shuffle right after the shuffle a search implies is the
/// same shuffle ("Search your deck ... Shuffle your deck.", DD §2.12).
fn push_steps(to: &mut Vec<Step>, steps: Vec<Step>) {
    for s in steps {
        let again = matches!(s.verb, Verb::Shuffle { what: Place::Deck })
            && to.last().is_some_and(|l| l.verb == s.verb);
        if !again {
            to.push(s);
        }
    }
}

trait StartsWithStrs {
    fn starts_with_strs(&self, p: &[&str]) -> bool;
}

impl StartsWithStrs for [String] {
    fn starts_with_strs(&self, p: &[&str]) -> bool {
        self.len() >= p.len() && self.iter().zip(p).all(|(a, b)| a == b)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Resource, Target, Verb};
    use super::*;

    fn draw(c: &[Cap]) -> Piece {
        Piece::Steps(vec![Step::new(Verb::Draw { n: c[0].n() }, Target::You)])
    }
    fn damage(c: &[Cap]) -> Piece {
        Piece::Steps(vec![Step::new(
            Verb::Damage { n: c[0].n() },
            Target::Opponent,
        )])
    }
    fn energy(c: &[Cap]) -> Piece {
        Piece::Steps(vec![Step::new(
            Verb::Gain {
                what: Resource::Energy,
                n: c[0].n(),
            },
            Target::You,
        )])
    }
    fn atk(c: &[Cap]) -> Piece {
        Piece::Steps(vec![Step::new(
            Verb::Modify {
                stat: super::super::Stat::Atk,
                delta: c[0].d(),
            },
            Target::Attached,
        )])
    }
    fn deploy(_: &[Cap]) -> Piece {
        Piece::trigger(Trigger::PLAYED)
    }
    fn rush(_: &[Cap]) -> Piece {
        Piece::Keywords(vec![(Keyword::Rush, 0)])
    }
    fn this_turn(_: &[Cap]) -> Piece {
        Piece::Duration(Duration::ThisTurn)
    }

    const LEX: Lexicon = Lexicon {
        game: "",
        synonyms: &[],
        kinds: &[("hero", super::super::Kind::Hero)],
        default_kind: super::super::Kind::Hero,
        resources: &[("energy", Resource::Energy), ("life", Resource::Life)],
        stats: &[("atk", super::super::Stat::Atk)],
        keywords: &[("rush", Keyword::Rush)],
        statuses: &[],
        status_verbs: &[],
        defeat_verbs: &[],
        events: &[],
        named_triggers: &[],
        card_nouns: &["card"],
        elements: false,
        it: super::super::lexicon::ItMeans::This,
        search_shuffles: false,
        cost_colon: None,
        pay: None,
        vocabulary: &["card", "damage", "energy", "hero", "atk"],
        glosses: &[],
    };

    fn grammar() -> Grammar {
        Grammar::new(
            "test",
            &LEX,
            &[Phrase {
                pattern: "rush",
                build: rush,
            }],
            &[Phrase {
                pattern: "on deploy :",
                build: deploy,
            }],
            &[
                Phrase {
                    pattern: "draw {n} card(s)",
                    build: draw,
                },
                Phrase {
                    pattern: "deal {n} damage to your opponent's life",
                    build: damage,
                },
                Phrase {
                    pattern: "gain {n} energy",
                    build: energy,
                },
                Phrase {
                    pattern: "the equipped hero (gets|gains) {d} atk",
                    build: atk,
                },
            ],
            &[Phrase {
                pattern: "[until the end of] this turn",
                build: this_turn,
            }],
            &["draw", "deal", "gain", "gains", "gets"],
        )
    }

    #[test]
    fn reads_triggers_clauses_keywords_and_flavour() {
        let g = grammar();
        let r = g.read(
            "Rush. On Deploy: draw 1 card and gain 1 Energy. Its first sneeze set the Altar alight.",
            &Base::new(Trigger::Static),
        );
        assert_eq!(r.keywords, vec![(Keyword::Rush, 0)]);
        assert_eq!(r.abilities.len(), 1);
        let a = &r.abilities[0];
        assert_eq!(a.trigger, Trigger::PLAYED);
        assert_eq!(a.steps.len(), 2);
        assert_eq!(
            a.steps[1].verb,
            Verb::Gain {
                what: Resource::Energy,
                n: 1
            }
        );
        assert!(r.not_understood.is_empty(), "{:?}", r.not_understood);
        assert_eq!(
            r.flavour,
            vec!["Its first sneeze set the Altar alight.".to_string()]
        );
    }

    #[test]
    fn carries_the_subject_over_and_applies_suffixes() {
        let g = grammar();
        let r = g.read(
            "The equipped Hero gets +2 ATK and gains +1 ATK until the end of this turn.",
            &Base::new(Trigger::Static),
        );
        assert!(r.not_understood.is_empty(), "{:?}", r.not_understood);
        let a = &r.abilities[0];
        assert_eq!(a.trigger, Trigger::Static);
        assert_eq!(a.steps.len(), 2);
        assert!(a.steps.iter().all(|s| s.duration == Duration::ThisTurn));
    }

    #[test]
    fn reports_what_it_does_not_understand() {
        let g = grammar();
        let r = g.read(
            "On Deploy: draw 2 cards, then silence every enemy hero. (Still not a die.)",
            &Base::new(Trigger::Static),
        );
        assert_eq!(
            r.not_understood,
            vec!["silence every enemy hero".to_string()]
        );
        // never part of a sentence: the draw is not played without the rest
        assert!(r.abilities.is_empty());
        assert_eq!(r.flavour, vec!["(Still not a die.)".to_string()]);
    }

    #[test]
    fn sentences_without_a_trigger_continue_the_previous_ability() {
        let g = grammar();
        let r = g.read(
            "On Deploy: draw 1 card. Deal 2 damage to your opponent's Life.",
            &Base::new(Trigger::Static),
        );
        assert_eq!(r.abilities.len(), 1);
        assert_eq!(r.abilities[0].steps.len(), 2);
    }
}
