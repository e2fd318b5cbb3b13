//! The one compositional grammar every two-player game shares.
//!
//! A clause is a verb with its object, amount, target and duration, read
//! part by part against the game's [`Lexicon`] — not matched as a whole
//! sentence — so "deal 4 damage to your opponent", "Deal four DMG to the
//! opponent's Life" and "deal 4 damage to target enemy Hero" are one verb
//! with different amounts and targets:
//!
//! ```text
//! clause    = ["you may"] (imperative | subject predicate) [duration]
//! imperative= "deal" n [element] "damage" "to" target [reach]
//!           | "draw" n card | ("gain"|"get") n resource | "lose" n resource
//!           | "heal" ... | defeat-verb target ["with" n "hp or less"]
//!           | status-verb target | "give" target (status|±n stat|keyword)
//!           | "search your deck for" kind | "shuffle your deck"
//!           | "return" target "to" hand | "reroll" ["up to"] n "attack dice"
//!           | "push" target "by" ["up to"] n "cells" | "move" target "by up to" n "cells"
//!           | cost | condition
//! predicate = ("gets"|"gains"|"has") ±n stat {and ±n stat} | ("gains"|"has") keyword
//!           | "loses" keyword | "gets the" status "status"
//!           | player ("draws"|"gains"|"loses"|"takes") n noun
//! target    = player | "this" [kind] | "it" | "the equipped" kind
//!           | [quantifier] ["other"] [who] ["other"] [element] kind [controller] [reach]
//! trigger   = named-trigger ":" | ("when"|"whenever") subject event ("," | ":")
//!           | ("at the start of"|"at the end of") "your turn" ","
//!           | "activate" [":"] ["(" "pay" n resource ")"] ":" | cost ":"
//! ```
//!
//! Text is normalised first ([`Lexicon::normalise`]); a clause must be
//! read to its last word or it is not read at all (never guessed).

use super::lexicon::{DURATIONS, ItMeans, Lexicon};
use super::pattern::number;
use super::text::Piece;
use super::{
    Condition, Cost, Duration, Event, Kind, Limit, Place, Reach, Stat, Step, Target, Trigger, Verb,
    Who,
};

/// A cursor over a clause's words.
struct Cur<'a> {
    w: &'a [String],
    i: usize,
}

impl<'a> Cur<'a> {
    fn new(w: &'a [String]) -> Cur<'a> {
        Cur { w, i: 0 }
    }

    fn peek(&self) -> Option<&'a str> {
        self.w.get(self.i).map(String::as_str)
    }

    fn done(&self) -> bool {
        self.i >= self.w.len()
    }

    /// Eats a space-separated word sequence, all or nothing.
    fn eat(&mut self, seq: &str) -> bool {
        let mut j = self.i;
        for s in seq.split_whitespace() {
            if self.w.get(j).map(String::as_str) != Some(s) {
                return false;
            }
            j += 1;
        }
        self.i = j;
        true
    }

    /// Eats a word sequence, or fails.
    fn need(&mut self, seq: &str) -> Option<()> {
        self.eat(seq).then_some(())
    }

    /// Eats the first of `seqs` that matches.
    fn eat_any(&mut self, seqs: &[&str]) -> Option<usize> {
        seqs.iter().position(|s| self.eat(s))
    }

    fn num(&mut self) -> Option<u8> {
        let n = number(self.peek()?)?;
        self.i += 1;
        Some(n)
    }

    fn signed(&mut self) -> Option<i8> {
        let w = self.peek()?;
        let v = if let Some(n) = w.strip_prefix('+') {
            n.parse().ok()?
        } else if let Some(n) = w.strip_prefix(['-', '−']) {
            -n.parse::<i8>().ok()?
        } else {
            return None;
        };
        self.i += 1;
        Some(v)
    }

    fn word(&mut self, f: impl Fn(&str) -> bool) -> Option<&'a str> {
        let w = self.peek()?;
        if f(w) {
            self.i += 1;
            Some(w)
        } else {
            None
        }
    }
}

/// Reads a whole clause, or nothing.
pub fn clause(lex: &Lexicon, words: &[String]) -> Option<Piece> {
    let mut c = Cur::new(words);
    c.eat("then");
    let optional = c.eat_any(&["you may", "may"]).is_some();
    let start = c.i;
    for f in [cost, condition] {
        c.i = start;
        if let Some(p) = f(lex, &mut c)
            && c.done()
        {
            return Some(p);
        }
    }
    for f in [imperative, predicate] {
        c.i = start;
        if let Some(mut steps) = f(lex, &mut c) {
            // a duration at the end of the clause
            if !c.done() {
                let Some(d) = duration(&mut c) else { continue };
                for s in &mut steps {
                    s.duration = d;
                }
            }
            if !c.done() {
                continue;
            }
            for s in &mut steps {
                // a reroll is the player's choice anyway (DD §4.6)
                s.optional = optional
                    && !matches!(
                        s.verb,
                        Verb::Rerolls { .. }
                            | Verb::Modify {
                                stat: Stat::Rerolls,
                                ..
                            }
                            | Verb::Shuffle { .. }
                    );
            }
            return Some(Piece::Steps(steps));
        }
    }
    None
}

/// A duration phrase at the cursor.
fn duration(c: &mut Cur) -> Option<Duration> {
    DURATIONS.iter().find(|(p, _)| c.eat(p)).map(|(_, d)| *d)
}

/// A duration phrase at the start of `words`, with the words it took (a
/// comma after it included).
pub fn duration_prefix(words: &[String]) -> Option<(Duration, usize)> {
    let mut c = Cur::new(words);
    let d = duration(&mut c)?;
    c.eat(",");
    Some((d, c.i))
}

/// A duration phrase that is all of `words`.
pub fn duration_of(words: &[String]) -> Option<Duration> {
    let mut c = Cur::new(words);
    let d = duration(&mut c)?;
    c.done().then_some(d)
}

fn one(verb: Verb, target: Target, reach: Option<Reach>) -> Vec<Step> {
    let mut s = Step::new(verb, target);
    s.reach = reach;
    vec![s]
}

fn damage_word(c: &mut Cur) -> bool {
    c.eat_any(&["damage", "dmg"]).is_some()
}

fn card_word(lex: &Lexicon, c: &mut Cur) -> bool {
    c.word(|w| {
        lex.card_nouns
            .iter()
            .any(|n| super::lexicon::singular(w, n))
    })
    .is_some()
}

fn imperative(lex: &Lexicon, c: &mut Cur) -> Option<Vec<Step>> {
    let verb = c.peek()?;
    c.i += 1;
    match verb {
        "deal" | "deals" => {
            let n = c.num()?;
            let element = c.peek().and_then(|w| lex.element(w));
            if element.is_some() {
                c.i += 1;
            }
            if !damage_word(c) {
                return None;
            }
            c.eat_any(&["to", "at"])?;
            let (t, reach) = target(lex, c)?;
            let v = match element {
                Some(element) => Verb::ElementDamage { n, element },
                None => Verb::Damage { n },
            };
            let mut steps = one(v, t, reach);
            // "... to each enemy Hero and 1 damage to your opponent's Life"
            loop {
                let save = c.i;
                c.eat(",");
                c.eat("and");
                let more = c.num().filter(|_| damage_word(c) && c.eat("to"));
                match more.and_then(|n| target(lex, c).map(|t| (n, t))) {
                    Some((n, (t, reach))) if element.is_none() => {
                        steps.extend(one(Verb::Damage { n }, t, reach));
                    }
                    _ => {
                        c.i = save;
                        break;
                    }
                }
            }
            Some(steps)
        }
        "draw" => {
            let n = c.num()?;
            c.eat_any(&["more", "additional"]);
            if !card_word(lex, c) {
                return None;
            }
            c.eat("from your deck");
            Some(one(Verb::Draw { n }, Target::You, None))
        }
        "gain" | "get" => {
            let n = c.num()?;
            let what = lex.resource(c.peek()?)?;
            c.i += 1;
            let mut steps = one(Verb::Gain { what, n }, Target::You, None);
            more_gains(lex, c, Target::You, &mut steps);
            Some(steps)
        }
        "lose" => {
            let n = c.num()?;
            let what = lex.resource(c.peek()?)?;
            c.i += 1;
            Some(one(Verb::Lose { what, n }, Target::You, None))
        }
        "heal" | "restore" => heal(lex, c),
        "give" if c.peek() == Some("the") && c.w.iter().any(|w| w == "to") => {
            // "give the Poison status to every enemy Fighter"
            c.eat("the");
            let status = lex.status(c.peek()?)?;
            c.i += 1;
            c.eat("status");
            c.need("to")?;
            let (t, reach) = target(lex, c)?;
            Some(one(Verb::Give { status }, t, reach))
        }
        "give" => {
            let (t, reach) = target(lex, c)?;
            let mut steps = grant(lex, c, t)?;
            for s in &mut steps {
                s.reach = reach;
            }
            Some(steps)
        }
        "search" => {
            c.eat_any(&["your deck", "through your deck", "your library"])?;
            c.need("for")?;
            c.eat_any(&["a", "an", "one", "any", "1"]);
            let kind = lex.kind(c.peek()?)?;
            c.i += 1;
            c.eat("card");
            // what a search does anyway (DD §2.12: show it, put it in hand)
            loop {
                let save = c.i;
                c.eat(",");
                c.eat_any(&["and", "then"]);
                if c.eat_any(&["show it", "put it in your hand", "shuffle your deck"])
                    .is_none()
                {
                    c.i = save;
                    break;
                }
            }
            let mut steps = one(
                Verb::Search {
                    from: Place::Deck,
                    kind,
                },
                Target::You,
                None,
            );
            if lex.search_shuffles {
                steps.push(Step::new(Verb::Shuffle { what: Place::Deck }, Target::You));
            }
            Some(steps)
        }
        "shuffle" => {
            c.need("your deck")?;
            Some(one(Verb::Shuffle { what: Place::Deck }, Target::You, None))
        }
        "return" => {
            let (t, _) = target(lex, c)?;
            c.eat_any(&[
                "in your hand",
                "to its owner's hand",
                "to their owner's hand",
                "to its owners hand",
                "in its owner's hand",
                "in their owner's hand",
                "to hand",
            ])?;
            Some(one(Verb::ReturnToHand, t, None))
        }
        "reroll" => {
            c.eat("up to");
            let n = c.num()?;
            c.eat_any(&["of your", "of"]);
            c.eat("attack");
            c.eat_any(&["die", "dice"])?;
            if c.eat("each turn") {
                return Some(one(
                    Verb::Modify {
                        stat: Stat::Rerolls,
                        delta: n as i8,
                    },
                    Target::This,
                    None,
                ));
            }
            // rerolls are for this turn's attack dice (DD §4.6)
            Some(vec![
                Step::new(Verb::Rerolls { n }, Target::You).lasting(Duration::ThisTurn),
            ])
        }
        "push" => {
            let (t, reach) = target(lex, c)?;
            c.need("by")?;
            let up_to = c.eat("up to");
            let n = c.num()?;
            c.word(|w| w == "cell" || w == "cells")?;
            let reach = reach.or_else(|| reach_of(c));
            Some(one(Verb::Push { n, up_to }, t, reach))
        }
        "move" => {
            let (t, _) = target(lex, c)?;
            c.eat("by");
            c.eat("up to");
            let n = c.num()?;
            c.word(|w| w == "cell" || w == "cells")?;
            Some(one(Verb::Move { n }, t, None))
        }
        v if lex.defeat_verbs.contains(&v) => {
            let (t, reach) = target(lex, c)?;
            let max_hp = if c.eat("with") {
                let n = c.num()?;
                if !(c.eat("hp or less") || c.eat("or less hp") || c.eat("hp or lower")) {
                    return None;
                }
                Some(n)
            } else {
                None
            };
            Some(one(Verb::Defeat { max_hp }, t, reach))
        }
        v => {
            let status = lex
                .status_verbs
                .iter()
                .find(|(w, _)| *w == v)
                .map(|(_, s)| *s)?;
            let (t, reach) = target(lex, c)?;
            Some(one(Verb::Give { status }, t, reach))
        }
    }
}

/// "gain 2 Life and 1 Energy": more amounts of other resources.
fn more_gains(lex: &Lexicon, c: &mut Cur, t: Target, steps: &mut Vec<Step>) {
    loop {
        let save = c.i;
        c.eat(",");
        c.eat("and");
        let next = c.num().and_then(|n| Some((n, lex.resource(c.peek()?)?)));
        match next {
            Some((n, what)) if c.i > save => {
                c.i += 1;
                steps.push(Step::new(Verb::Gain { what, n }, t));
            }
            _ => {
                c.i = save;
                return;
            }
        }
    }
}

fn heal(lex: &Lexicon, c: &mut Cur) -> Option<Vec<Step>> {
    let save = c.i;
    // heal N [hp] (to|of|on|from) TARGET
    if let Some(n) = c.num() {
        c.eat_any(&["hp", "damage"]);
        if c.eat_any(&["to", "of", "on", "from"]).is_some()
            && let Some((t, reach)) = target(lex, c)
        {
            return Some(one(Verb::Heal { n }, t, reach));
        }
    }
    c.i = save;
    let (t, reach) = target(lex, c)?;
    if c.eat_any(&[
        "to its printed hp",
        "to their printed hp",
        "to full hp",
        "to full",
        "fully",
        "completely",
    ])
    .is_some()
    {
        return Some(one(Verb::HealFull, t, reach));
    }
    c.eat_any(&["by", "for"]);
    let n = c.num()?;
    c.eat_any(&["hp", "damage"]);
    Some(one(Verb::Heal { n }, t, reach))
}

/// What a target is given or gets: stat changes, a keyword, a status —
/// one or more, joined by "," and "and" ("+1 ATK, +1 DEF and +1 MP").
fn grant(lex: &Lexicon, c: &mut Cur, t: Target) -> Option<Vec<Step>> {
    let mut steps = vec![grant_one(lex, c, t)?];
    loop {
        let save = c.i;
        c.eat(",");
        c.eat("and");
        if c.i == save {
            break;
        }
        match grant_one(lex, c, t) {
            Some(s) => steps.push(s),
            None => {
                c.i = save;
                break;
            }
        }
    }
    Some(steps)
}

fn grant_one(lex: &Lexicon, c: &mut Cur, t: Target) -> Option<Step> {
    let save = c.i;
    if let Some(delta) = c.signed() {
        let Some(stat) = c.peek().and_then(|w| lex.stat(w)) else {
            c.i = save;
            return None;
        };
        c.i += 1;
        return Some(Step::new(Verb::Modify { stat, delta }, t));
    }
    if let Some(k) = c.peek().and_then(|w| lex.keyword(w)) {
        c.i += 1;
        let n = c.num().unwrap_or(0);
        return Some(Step::new(
            Verb::Keyword {
                keyword: k,
                n,
                gain: true,
            },
            t,
        ));
    }
    c.eat("the");
    match c.peek().and_then(|w| lex.status(w)) {
        Some(status) => {
            c.i += 1;
            c.eat("status");
            Some(Step::new(Verb::Give { status }, t))
        }
        None => {
            c.i = save;
            None
        }
    }
}

fn predicate(lex: &Lexicon, c: &mut Cur) -> Option<Vec<Step>> {
    let (t, reach) = target(lex, c)?;
    let verb = c.peek()?;
    c.i += 1;
    let player = matches!(t, Target::You | Target::Opponent | Target::Both);
    let steps = match verb {
        "gets" | "gains" | "get" | "gain" | "has" | "have" if player => {
            let n = c.num()?;
            let what = lex.resource(c.peek()?)?;
            c.i += 1;
            let mut steps = one(Verb::Gain { what, n }, t, None);
            more_gains(lex, c, t, &mut steps);
            steps
        }
        "gets" | "gains" | "get" | "gain" | "has" | "have" => grant(lex, c, t)?,
        "loses" | "lose" if player => {
            let n = c.num()?;
            let what = lex.resource(c.peek()?)?;
            c.i += 1;
            one(Verb::Lose { what, n }, t, None)
        }
        "loses" | "lose" => {
            let k = lex.keyword(c.peek()?)?;
            c.i += 1;
            one(
                Verb::Keyword {
                    keyword: k,
                    n: 0,
                    gain: false,
                },
                t,
                None,
            )
        }
        "draws" | "draw" if player => {
            let n = c.num()?;
            if !card_word(lex, c) {
                return None;
            }
            one(Verb::Draw { n }, t, None)
        }
        "takes" | "take" | "suffers" => {
            let n = c.num()?;
            if !damage_word(c) {
                return None;
            }
            one(Verb::Damage { n }, t, None)
        }
        _ => return None,
    };
    Some(
        steps
            .into_iter()
            .map(|mut s| {
                s.reach = s.reach.or(reach);
                s
            })
            .collect(),
    )
}

/// A cost clause.
fn cost(lex: &Lexicon, c: &mut Cur) -> Option<Piece> {
    if c.eat("pay") {
        let n = c.num()?;
        let what = match c.peek().and_then(|w| lex.resource(w)) {
            Some(r) => {
                c.i += 1;
                r
            }
            None => lex.pay?,
        };
        return Some(Piece::Cost(Cost::Pay { what, n }));
    }
    if c.eat("exhaust") {
        let n = c.num()?;
        let symbol = match c.peek() {
            Some("resource" | "resources") => None,
            Some(w) => {
                c.i += 1;
                Some(w.to_string())
            }
            None => return None,
        };
        c.word(|w| w == "resource" || w == "resources")?;
        return Some(Piece::Cost(Cost::Exhaust { n, symbol }));
    }
    if c.eat_any(&["kill", "sacrifice"]).is_some() {
        if c.eat("itself") {
            return Some(Piece::Cost(Cost::Sacrifice));
        }
        c.need("this")?;
        c.word(|w| w == "card" || lex.kind(w).is_some());
        return Some(Piece::Cost(Cost::Sacrifice));
    }
    None
}

/// A condition clause.
fn condition(_lex: &Lexicon, c: &mut Cur) -> Option<Piece> {
    c.eat_any(&["if", "only if"]);
    if c.eat_any(&[
        "you have 0 cards in hand",
        "you have no cards in hand",
        "you have 0 cards in your hand",
        "you have no cards in your hand",
        "your hand is empty",
    ])
    .is_some()
    {
        return Some(Piece::Condition(Condition::HandEmpty));
    }
    None
}

/// A target: a player, this card, or cards by quantity, side and kind.
fn target(lex: &Lexicon, c: &mut Cur) -> Option<(Target, Option<Reach>)> {
    let save = c.i;
    if let Some(t) = player(c) {
        return Some((t, None));
    }
    if c.eat("itself") {
        return Some((Target::This, None));
    }
    if c.eat("this") {
        c.word(|w| w == "card" || lex.kind(w).is_some());
        return Some((Target::This, None));
    }
    if c.eat("it") {
        let t = match lex.it {
            ItMeans::This => Target::This,
            ItMeans::Subject => Target::Subject,
        };
        return Some((t, reach_of(c)));
    }
    if c.eat_any(&["the equipped", "equipped"]).is_some() {
        c.word(|w| w == "card" || lex.kind(w).is_some())?;
        return Some((Target::Attached, None));
    }
    if c.eat_any(&["the attacker", "its attacker", "the attacking"])
        .is_some()
    {
        return Some((Target::Other, None));
    }
    // [quantifier] [who] [element] kind [controller] [reach]
    let chosen = [
        "a target",
        "an target",
        "one target",
        "up to one target",
        "up to one",
        "target",
        "a",
        "an",
        "one",
        "any",
        "another",
    ];
    let each = [
        "each of your opponent's",
        "all of your opponent's",
        "all of the",
        "all the",
        "each",
        "every",
        "all",
    ];
    let quant = if c.eat_any(&chosen).is_some() {
        Some(true)
    } else if c.eat_any(&each).is_some() {
        Some(false)
    } else {
        None
    };
    // "your other Heroes", "other allied Heroes": not the card itself
    let mut other = c.eat("other");
    let before_who = c.i;
    let mut who = if c
        .eat_any(&[
            "enemy",
            "opposing",
            "your opponent's",
            "opponent's",
            "foe's",
            "enemy's",
        ])
        .is_some()
    {
        Some(Who::Enemy)
    } else if c
        .eat_any(&["allied", "friendly", "your own", "your"])
        .is_some()
    {
        Some(Who::Ally)
    } else {
        None
    };
    if who.is_some() {
        other |= c.eat("other");
    }
    let element = c.peek().and_then(|w| lex.element(w));
    if element.is_some() {
        c.i += 1;
    }
    let your_allies = who == Some(Who::Ally) && matches!(c.peek(), Some("ally" | "allies"));
    if c.peek().and_then(|w| lex.kind(w)).is_none() && element.is_none() && !your_allies {
        // "an enemy", "allies": the side is the noun
        c.i = before_who;
        who = None;
    }
    let noun = c.peek()?;
    let (mut kind, plural) = if let Some(k) = lex.kind(noun) {
        (k, noun != singular_form(lex, noun))
    } else if ["ally", "allies"].contains(&noun) {
        who = Some(Who::Ally);
        (lex.default_kind, noun == "allies")
    } else if ["enemy", "enemies", "foe", "foes"].contains(&noun) {
        who = Some(Who::Enemy);
        (lex.default_kind, noun.ends_with('s'))
    } else {
        c.i = save;
        return None;
    };
    c.i += 1;
    if let Some(element) = element {
        if kind != Kind::Fighter {
            c.i = save;
            return None;
        }
        kind = Kind::FighterOf { element };
    }
    if c.eat_any(&[
        "your opponent controls",
        "your opponent has",
        "an opponent controls",
    ])
    .is_some()
    {
        who = Some(Who::Enemy);
    } else if c.eat_any(&["you control", "you have"]).is_some() {
        who = Some(Who::Ally);
    }
    c.eat_any(&[
        "in play",
        "on the field",
        "on the board",
        "on the battlefield",
    ]);
    let who = match (who, other) {
        (who, false) => who.unwrap_or(Who::Any),
        (Some(Who::Ally), true) => Who::OtherAlly,
        // "other Heroes" of no side, "other enemy Heroes": not read (never
        // guessed)
        _ => {
            c.i = save;
            return None;
        }
    };
    let t = match quant {
        Some(true) => Target::Chosen { who, kind },
        Some(false) => Target::Each { who, kind },
        None if plural => Target::Each { who, kind },
        None => {
            c.i = save;
            return None;
        }
    };
    Some((t, reach_of(c)))
}

fn singular_form<'a>(lex: &Lexicon, w: &'a str) -> &'a str {
    if lex.kinds.iter().any(|(n, _)| *n == w) {
        w
    } else {
        ""
    }
}

/// A player named as a target.
fn player(c: &mut Cur) -> Option<Target> {
    if c.eat_any(&["your opponent", "opponent", "your enemy"])
        .is_some()
    {
        return Some(Target::Opponent);
    }
    if c.eat_any(&["each player", "both players", "all players", "every player"])
        .is_some()
    {
        return Some(Target::Both);
    }
    if c.eat_any(&["you", "yourself"]).is_some() {
        return Some(Target::You);
    }
    None
}

/// A range limit (Rizontical "(RA)", "(∞RA)", "within 3 cells of an ally").
fn reach_of(c: &mut Cur) -> Option<Reach> {
    let save = c.i;
    if c.eat("( ra )") || c.eat("within your ra") || c.eat("within its ra") {
        return Some(Reach::Range);
    }
    if c.eat("( ∞ra )") || c.eat("anywhere on the board") {
        return Some(Reach::Unlimited);
    }
    if c.eat("within the ra of an ally")
        || c.eat("within ra of an ally")
        || c.eat("within an ally's ra")
    {
        return Some(Reach::AllyRange);
    }
    if c.eat("within") {
        if let Some(n) = c.num()
            && c.eat_any(&["cells", "cell"]).is_some()
        {
            if c.eat("of an ally") {
                return Some(Reach::AllyCells { n });
            }
            c.eat("of this fighter");
            return Some(Reach::Cells { n });
        }
        c.i = save;
        return None;
    }
    if c.eat("around this fighter") || c.eat("adjacent to this fighter") {
        return Some(Reach::Around);
    }
    if c.eat("around an ally") {
        return Some(Reach::AroundAlly);
    }
    if c.eat("in your opponent's deploy zone") {
        return Some(Reach::EnemyDeployZone);
    }
    None
}

/// A trigger at the start of a sentence, with the words it took (its
/// closing "," or ":" included).
pub fn trigger(lex: &Lexicon, words: &[String]) -> Option<(Piece, usize)> {
    let mut c = Cur::new(words);
    let (piece, closed) = trigger_words(lex, &mut c)?;
    if !closed && c.eat_any(&[":", ","]).is_none() {
        return None;
    }
    Some((piece, c.i))
}

fn on(event: Event, who: Who) -> Piece {
    Piece::trigger(Trigger::On { event, who })
}

fn activated(costs: Vec<Cost>, limit: Limit) -> Piece {
    Piece::Trigger {
        trigger: Trigger::Activated,
        costs,
        limit,
        condition: None,
    }
}

/// A trigger's words; `true` when its closing punctuation is already taken
/// ("Activate: pay 1 Energy to ..." ends at "to").
fn trigger_words(lex: &Lexicon, c: &mut Cur) -> Option<(Piece, bool)> {
    let save = c.i;
    for (name, event, who) in lex.named_triggers {
        if c.eat(name) {
            return Some((on(*event, *who), false));
        }
    }
    if c.eat_any(&[
        "at the start of your turn",
        "at the beginning of your turn",
        "at the start of each of your turns",
        "at the beginning of each of your turns",
        "at the start of your turns",
    ])
    .is_some()
    {
        return Some((Piece::trigger(Trigger::TURN_START), false));
    }
    if c.eat_any(&[
        "at the end of your turn",
        "at the end of each of your turns",
        "at the end of your turns",
    ])
    .is_some()
    {
        return Some((Piece::trigger(Trigger::TURN_END), false));
    }
    if let Some(limit) = lex.cost_colon
        && c.eat("activate")
    {
        // "Activate:", "Activate (pay 1 Energy):", "Activate: pay 1 Energy to ...",
        // "Activate: pay 1 Energy: ...", "Activate [1 Energy]:"
        let colon = c.eat(":");
        let bracket = c.eat_any(&["(", "["]).is_some();
        // "Activate: 1 Energy: ..." names its cost without "pay"
        let bare = c.peek().and_then(number).is_some()
            && c.w.get(c.i + 1).is_some_and(|w| lex.resource(w).is_some());
        let paying = c.eat_any(&["pay", "costs", "cost"]).is_some() || bare;
        if !bracket && !paying {
            return Some((activated(Vec::new(), limit), colon));
        }
        let n = c.num()?;
        let what = match c.peek().and_then(|w| lex.resource(w)) {
            Some(r) => {
                c.i += 1;
                r
            }
            None => lex.pay?,
        };
        let costs = vec![Cost::Pay { what, n }];
        if bracket {
            c.eat_any(&[")", "]"])?;
            return Some((activated(costs, limit), false));
        }
        if c.eat("to") {
            return Some((activated(costs, limit), true));
        }
        // "Activate: pay 1 Energy. Gain 2 Life.": the next sentence is
        // what it does
        if c.eat_any(&[":", ","]).is_some() || colon || c.done() {
            return Some((activated(costs, limit), true));
        }
        return None;
    }
    // "when this Hero is deployed", "whenever it attacks"
    if c.eat_any(&["when", "whenever", "each time", "after"])
        .is_some()
    {
        if c.eat_any(&["you play", "you deploy", "you summon", "you cast"])
            .is_some()
        {
            target(lex, c).filter(|(t, _)| *t == Target::This)?;
            return Some((on(Event::Played, Who::This), false));
        }
        let who = subject(lex, c)?;
        for (phrase, event) in lex.events {
            if c.eat(phrase) {
                return Some((on(*event, who), false));
            }
        }
        c.i = save;
        return None;
    }
    // a cost before the colon ("Pay 1 Energy:"): an activated ability
    if let Some(limit) = lex.cost_colon {
        let mut costs = Vec::new();
        loop {
            let before = c.i;
            // a cost clause ends at ",", "and" or ":"
            let end = c.w[before..]
                .iter()
                .position(|w| w == ":" || w == "," || w == "and")
                .map(|p| before + p)?;
            let mut cc = Cur::new(&c.w[before..end]);
            match cost(lex, &mut cc) {
                Some(Piece::Cost(k)) if cc.done() => costs.push(k),
                _ => {
                    c.i = save;
                    return None;
                }
            }
            c.i = end;
            if c.peek() == Some(":") {
                break;
            }
            c.i += 1;
        }
        return Some((activated(costs, limit), false));
    }
    c.i = save;
    None
}

/// The subject of a trigger: this card, an ally, an enemy.
fn subject(lex: &Lexicon, c: &mut Cur) -> Option<Who> {
    if c.eat("it") || c.eat("itself") {
        return Some(Who::This);
    }
    if c.eat("this") {
        // "when this Hero is deployed", and as players shorten it "when
        // this is deployed"
        c.word(|w| w == "card" || lex.kind(w).is_some());
        return Some(Who::This);
    }
    match target(lex, c)? {
        (Target::Chosen { who, .. } | Target::Each { who, .. }, _) => Some(who),
        (Target::This, _) => Some(Who::This),
        _ => None,
    }
}
