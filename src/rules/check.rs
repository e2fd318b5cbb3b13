//! The one construction checker: runs a game's `[construction]` rules (see
//! [`super::def`]) over a resolved deck. Every game, built in or added as a
//! file, is checked here; the numbers, filters and messages are the game's
//! data.

use std::collections::BTreeMap;

use crate::model::{Card, FieldValue, name_key};

use super::def::{ByPlayers, CheckKind, ConstructionDef, Filter, Per, RuleDef};
use super::{CheckOptions, Duel, Mode, OptionError, Resolved, RuleId, Verdict, Violation};

/// What a card's own text says about deck building. Some rulebooks let card
/// text override the construction rules (Dice of Destiny DD-D4: "Card effects
/// always win arguments (even against the rulebook…)"); a rule whose
/// `card_override` is set reads these. Without a text reader (a game added as
/// a file, or a caller with no engine) only the `copy_limit` field speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CardRules {
    /// Copies of this card's name the deck may hold (in place of `max`).
    pub copy_limit: Option<u32>,
    /// A deck holding this card may have exactly this many cards (besides
    /// the rule's own size).
    pub deck_size: Option<u32>,
    /// A deck holding this card may have from the rule's own size (its
    /// `exact` or `min`) up to this many cards.
    pub deck_size_up_to: Option<u32>,
    /// A deck holding this card may use this many distinct values (colours).
    pub distinct_limit: Option<u32>,
    /// This card's value (colour) is not counted by a `distinct` rule.
    pub distinct_free: bool,
}

impl CardRules {
    /// What the card's fields alone say: its `copy_limit`.
    pub fn of_fields(card: &Card) -> CardRules {
        CardRules {
            copy_limit: card.copy_limit,
            ..CardRules::default()
        }
    }
}

/// What the checker needs to know about the game besides its rules.
pub struct GameInfo<'a> {
    /// The display name ("Fuzzycards").
    pub name: &'a str,
    pub construction: &'static ConstructionDef,
    /// The named options' values: the game's defaults with the caller's
    /// overrides applied (already checked against the game's option list).
    pub options: &'a toml::Table,
    /// What each card's text says about deck building (see [`CardRules`]).
    pub card_rules: &'a dyn Fn(&Card) -> CardRules,
}

/// Runs every rule of `game` over `deck`: every violation, not only the first.
pub fn check(
    game: &GameInfo<'_>,
    deck: &Resolved<'_>,
    opts: &CheckOptions,
) -> Result<Verdict, OptionError> {
    let def = game.construction;
    let mut verdict = Verdict::default();

    // Player count first: the other rules' numbers depend on it.
    let players = match &def.players {
        None => None,
        Some(p) => {
            let n = opts.players.unwrap_or_else(|| infer_players(def, deck));
            verdict.players = Some(n);
            if !(p.min..=p.max).contains(&n) {
                let range = if p.min == p.max {
                    format!("{}", p.min)
                } else {
                    format!("{} to {}", p.min, p.max)
                };
                verdict.violations.push(Violation::new(
                    RuleId::PlayerCount,
                    None,
                    format!("{} is for {range} players, not {n}", game.name),
                ));
                return Ok(verdict);
            }
            Some(n)
        }
    };

    let mode = match &def.modes {
        None => match opts.mode {
            Some(given) => {
                return Err(OptionError::NoModes {
                    game: game.name.to_string(),
                    mode: given.as_str().to_string(),
                });
            }
            None => None,
        },
        Some(m) => {
            let mode = match opts.mode {
                Some(given) => {
                    if m.mode(given.as_str()).is_none() {
                        return Err(OptionError::UnknownMode {
                            game: game.name.to_string(),
                            mode: given.as_str().to_string(),
                            known: m
                                .modes
                                .iter()
                                .map(|x| x.name.as_str())
                                .collect::<Vec<_>>()
                                .join(", "),
                        });
                    }
                    given
                }
                None => infer_mode(def, deck),
            };
            verdict.mode = Some(mode);
            Some(mode)
        }
    };

    let own = deck
        .main
        .iter()
        .filter_map(|l| l.card)
        .map(|i| (i, (game.card_rules)(&deck.catalog.cards[i])))
        .collect();
    let ctx = Ctx {
        game,
        deck,
        players,
        mode,
        own,
    };
    for rule in &def.rules {
        if !ctx.applies(rule) {
            continue;
        }
        let before = verdict.violations.len();
        match rule.check {
            CheckKind::Size => ctx.size(rule, &mut verdict),
            CheckKind::Count => ctx.count(rule, &mut verdict.violations),
            CheckKind::Copies => ctx.copies(rule, &mut verdict.violations),
            CheckKind::Singleton => ctx.singleton(rule, &mut verdict.violations),
            CheckKind::Distinct => ctx.distinct(rule, &mut verdict.violations),
            CheckKind::CardField => ctx.card_field(rule, &mut verdict.violations),
            CheckKind::Tier => ctx.tier(rule, &mut verdict.violations),
            CheckKind::Stack => ctx.stack(rule, &mut verdict.violations),
            CheckKind::Modes => ctx.modes(rule, &mut verdict.violations),
            CheckKind::MixedModes => ctx.mixed_modes(rule, &mut verdict.violations),
        }
        debug_assert!(
            verdict.violations[before..]
                .iter()
                .all(|v| !v.message.is_empty())
        );
    }
    Ok(verdict)
}

/// " (or 40 cards, as \"Big Chicken\"'s text allows)": what card text
/// allows besides a rule's own (the value in words, the card), for a message.
fn text_allows(found: &[(String, String)]) -> String {
    if found.is_empty() {
        return String::new();
    }
    let each: Vec<String> = found
        .iter()
        .map(|(what, card)| format!("{what}, as \"{card}\"'s text allows"))
        .collect();
    format!(" (or {})", each.join("; or "))
}

/// The player count a deck is for when the caller does not say: the highest
/// value of `infer_from` among its cards, within the game's range.
pub fn infer_players(def: &ConstructionDef, deck: &Resolved<'_>) -> i64 {
    let Some(p) = &def.players else { return 1 };
    p.infer_from
        .as_deref()
        .and_then(|field| deck.cards().filter_map(|(c, _, _)| int_of(c, field)).max())
        .unwrap_or(p.min)
        .clamp(p.min, p.max)
}

/// The deck's mode when the caller does not say: the first mode whose mark is
/// on every resolved card, else the default (Bizarre World: random only when
/// every card is random, BW §6.6).
pub fn infer_mode(def: &ConstructionDef, deck: &Resolved<'_>) -> Mode {
    let Some(m) = &def.modes else {
        return Mode::Crafting;
    };
    let has_cards = deck.cards().next().is_some();
    let all_marked = m.modes.iter().find(|mode| {
        has_cards
            && deck
                .cards()
                .all(|(c, _, _)| c.str_field(&m.field) == Some(mode.mark.as_str()))
    });
    Mode::new(all_marked.map_or(m.default.as_str(), |mode| mode.name.as_str()))
}

/// Whether `card` matches every condition of `filter`.
pub fn matches(filter: &Filter, card: &Card) -> bool {
    filter.iter().all(|(key, want)| match key.as_str() {
        "type" => value_is(&FieldValue::Text(card.card_type.clone()), want),
        "name" => want
            .as_str()
            .is_some_and(|w| name_key(w) == card.name_key()),
        "cost" => card
            .cost
            .is_some_and(|c| value_is(&FieldValue::Int(c), want)),
        field => card.field(field).is_some_and(|have| value_is(have, want)),
    })
}

fn value_is(have: &FieldValue, want: &toml::Value) -> bool {
    match (have, want) {
        (_, toml::Value::Array(any)) => any.iter().any(|w| value_is(have, w)),
        (FieldValue::List(items), w) => items.iter().any(|i| value_is(i, w)),
        (FieldValue::Text(s), toml::Value::String(w)) => s == w,
        (FieldValue::Int(n), toml::Value::Integer(w)) => n == w,
        (FieldValue::Bool(b), toml::Value::Boolean(w)) => b == w,
        _ => false,
    }
}

fn int_of(card: &Card, field: &str) -> Option<i64> {
    if field == "cost" {
        card.cost
    } else {
        card.int(field)
    }
}

/// "a solo game", "a 3-player game".
pub fn players_phrase(n: i64) -> String {
    if n == 1 {
        "a solo game".to_string()
    } else {
        format!("a {n}-player game")
    }
}

/// Main-board cards grouped by name (case and spacing folded), in first-seen
/// order. Ambiguous entries count under their written name, with every card
/// they could mean; unknown entries are left out.
struct NameGroup {
    name: String,
    count: u32,
    /// Catalog positions of the cards the group's lines name.
    cards: Vec<usize>,
    line: Option<usize>,
}

fn name_groups(deck: &Resolved<'_>) -> Vec<NameGroup> {
    let mut groups: Vec<(String, NameGroup)> = Vec::new();
    let index = deck
        .main
        .iter()
        .any(|l| l.ambiguous)
        .then(|| deck.catalog.name_index());
    for l in &deck.main {
        let (key, name, cards): (String, String, Vec<usize>) = match l.card {
            Some(i) => {
                let c = &deck.catalog.cards[i];
                (c.name_key(), c.name.clone(), vec![i])
            }
            None if l.ambiguous => {
                let named = index.as_ref().map_or(&[][..], |ix| ix.named(&l.name));
                let Some(&first) = named.first() else {
                    continue;
                };
                (
                    name_key(&l.name),
                    deck.catalog.cards[first].name.clone(),
                    named.to_vec(),
                )
            }
            None => continue,
        };
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, g)) => {
                g.count += l.count;
                for i in cards {
                    if !g.cards.contains(&i) {
                        g.cards.push(i);
                    }
                }
            }
            None => groups.push((
                key,
                NameGroup {
                    name,
                    count: l.count,
                    cards,
                    line: l.line,
                },
            )),
        }
    }
    groups.into_iter().map(|(_, g)| g).collect()
}

/// Fills a `message` template: `{name}` takes the value of `name`.
fn render(template: &str, vars: &[(&str, String)]) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) => {
                let key = &after[..close];
                match vars.iter().find(|(k, _)| *k == key) {
                    Some((_, v)) => out.push_str(v),
                    // `game check` refuses unknown placeholders; keep the text
                    None => out.push_str(&rest[open..open + close + 2]),
                }
                rest = &after[close + 1..];
            }
            None => {
                out.push_str(&rest[open..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

struct Ctx<'g, 'd> {
    game: &'g GameInfo<'g>,
    deck: &'d Resolved<'d>,
    players: Option<i64>,
    mode: Option<Mode>,
    /// What the text of each main-board card (by catalog position) says
    /// about deck building, read once.
    own: BTreeMap<usize, CardRules>,
}

impl Ctx<'_, '_> {
    /// Whether a rule is in force for this deck: its modes, player counts
    /// and option values.
    fn applies(&self, rule: &RuleDef) -> bool {
        if !rule.modes.is_empty()
            && !self
                .mode
                .is_some_and(|m| rule.modes.iter().any(|x| x == m.as_str()))
        {
            return false;
        }
        if !rule.players.is_empty() && !self.players.is_some_and(|p| rule.players.contains(&p)) {
            return false;
        }
        rule.when_option
            .iter()
            .all(|(k, want)| self.game.options.get(k) == Some(want))
    }

    /// Who a rule speaks of: the game in the deck's mode, the game for its
    /// player count, or the game.
    fn who(&self, rule: &RuleDef) -> String {
        match (self.mode, self.players) {
            (Some(m), _) if !rule.modes.is_empty() => {
                format!("{} {} mode", self.game.name, m.as_str())
            }
            (_, Some(p)) => players_phrase(p),
            _ => self.game.name.to_string(),
        }
    }

    fn player_index(&self) -> Option<usize> {
        let p = self.game.construction.players.as_ref()?;
        p.index(self.players?)
    }

    /// A bound for this deck's player count (times the count where the rule
    /// counts per player).
    fn bound(&self, rule: &RuleDef, b: &Option<ByPlayers<i64>>) -> Option<i64> {
        let v = b.as_ref()?.at(self.player_index())?;
        Some(if rule.per_player {
            v * self.players.unwrap_or(1)
        } else {
            v
        })
    }

    fn why(&self, rule: &RuleDef) -> Option<String> {
        rule.why.as_ref()?.at(self.player_index())
    }

    /// The common placeholders plus a check's own.
    fn vars(
        &self,
        rule: &RuleDef,
        own: Vec<(&'static str, String)>,
    ) -> Vec<(&'static str, String)> {
        let mut v = vec![
            ("game", self.game.name.to_string()),
            ("who", self.who(rule)),
            ("why", self.why(rule).unwrap_or_default()),
            ("deck", self.game.construction.deck_noun().to_string()),
        ];
        v.extend(own);
        v
    }

    /// The rule's message: its template filled in, or the check's default
    /// with the rule's `why` after it.
    fn message(&self, rule: &RuleDef, default: String, own: Vec<(&'static str, String)>) -> String {
        match &rule.message {
            Some(t) => render(t, &self.vars(rule, own)),
            None => match self.why(rule) {
                Some(why) => format!("{default} ({why})"),
                None => default,
            },
        }
    }

    fn violation(&self, rule: &'static RuleDef, message: String) -> Violation {
        Violation::new(
            RuleId::new(rule_id(rule)),
            rule.reference.as_deref(),
            message,
        )
    }

    /// What card `i`'s text says about deck building.
    fn own(&self, i: usize) -> CardRules {
        self.own.get(&i).copied().unwrap_or_default()
    }

    /// The values a `card_override` rule takes from the deck's cards' text,
    /// with the first card naming each (`pick` reads one card's rules).
    fn overrides(
        &self,
        rule: &RuleDef,
        pick: impl Fn(&CardRules) -> Option<u32>,
    ) -> Vec<(u32, String)> {
        if !rule.card_override {
            return Vec::new();
        }
        let mut found: Vec<(u32, String)> = Vec::new();
        for l in &self.deck.main {
            let Some(i) = l.card else { continue };
            if let Some(v) = pick(&self.own(i))
                && !found.iter().any(|(x, _)| *x == v)
            {
                found.push((v, self.deck.catalog.cards[i].name.clone()));
            }
        }
        found
    }

    fn counts(&self, rule: &RuleDef, card: &Card) -> bool {
        (rule.when.is_empty() || matches(&rule.when, card))
            && (rule.unless.is_empty() || !matches(&rule.unless, card))
    }

    fn within_players(&self, rule: &RuleDef, card: &Card) -> bool {
        match (&rule.within_players, self.players) {
            (Some(field), Some(p)) => int_of(card, field).is_some_and(|v| v <= p),
            _ => true,
        }
    }

    fn size(&self, rule: &'static RuleDef, verdict: &mut Verdict) {
        let total = self.deck.total();
        let n = i64::from(total);
        let who = self.who(rule);
        let tc = cards(i64::from(total));
        if !rule.tiers.is_empty() {
            let noun = rule.tier_noun.as_deref().unwrap_or("tier");
            match rule.tiers.iter().find(|t| t.fits(total)) {
                Some(t) => {
                    verdict.duel = Some(Duel {
                        name: t.name.clone(),
                        life: t.life,
                    })
                }
                None => {
                    let first = &rule.tiers[0];
                    let last = &rule.tiers[rule.tiers.len() - 1];
                    let (default, tier, limit) = if total < first.min {
                        (
                            format!(
                                "deck has {tc}; {who} needs at least {} (a {} {noun} is {})",
                                first.min,
                                first.name,
                                first.range()
                            ),
                            first,
                            first.min,
                        )
                    } else if let Some(max) = last.max.filter(|m| total > *m) {
                        (
                            format!(
                                "deck has {tc}; {who} allows at most {max} (a {} {noun} is {})",
                                last.name,
                                last.range()
                            ),
                            last,
                            max,
                        )
                    } else {
                        let all: Vec<String> = rule
                            .tiers
                            .iter()
                            .map(|t| format!("{} {}", t.name, t.range()))
                            .collect();
                        (
                            format!(
                                "deck has {tc}, which fits no {noun} of {who} ({})",
                                all.join(", ")
                            ),
                            first,
                            first.min,
                        )
                    };
                    let own = vec![
                        ("count", n.to_string()),
                        ("limit", limit.to_string()),
                        ("tier", tier.name.clone()),
                        ("tier_noun", noun.to_string()),
                        ("range", tier.range()),
                    ];
                    let msg = self.message(rule, default, own);
                    verdict.violations.push(self.violation(rule, msg));
                }
            }
            return;
        }
        // DD-D4: a card whose text allows another size makes that size legal
        let sizes = self.overrides(rule, |r| r.deck_size);
        let up_to = self.overrides(rule, |r| r.deck_size_up_to);
        let least = self
            .bound(rule, &rule.exact)
            .or(self.bound(rule, &rule.min));
        if sizes.iter().any(|(s, _)| i64::from(*s) == n)
            || (least.is_none_or(|m| n >= m) && up_to.iter().any(|(s, _)| n <= i64::from(*s)))
        {
            return;
        }
        let mut allowed: Vec<(String, String)> = sizes
            .into_iter()
            .map(|(v, card)| (format!("{v} cards"), card))
            .collect();
        allowed.extend(up_to.into_iter().map(|(v, card)| {
            let from = least.map_or(String::new(), |m| format!("{m} to "));
            (format!("{from}{v} cards"), card)
        }));
        let before = verdict.violations.len();
        self.size_bounds(rule, n, &who, verdict);
        for v in &mut verdict.violations[before..] {
            v.message.push_str(&text_allows(&allowed));
        }
    }

    /// The `exact`, `min` and `max` bounds of a size rule.
    fn size_bounds(&self, rule: &'static RuleDef, n: i64, who: &str, verdict: &mut Verdict) {
        let nc = cards(n);
        let own = |limit: i64| {
            vec![
                ("count", n.to_string()),
                ("limit", limit.to_string()),
                ("tier", String::new()),
                ("tier_noun", String::new()),
                ("range", String::new()),
            ]
        };
        if let Some(exact) = self.bound(rule, &rule.exact) {
            if n != exact {
                let msg = self.message(
                    rule,
                    format!("deck has {nc}; {who} needs exactly {exact}"),
                    own(exact),
                );
                verdict.violations.push(self.violation(rule, msg));
            }
            return;
        }
        if let Some(min) = self.bound(rule, &rule.min)
            && n < min
        {
            let msg = self.message(
                rule,
                format!("deck has {nc}; {who} needs at least {min}"),
                own(min),
            );
            verdict.violations.push(self.violation(rule, msg));
        }
        if let Some(max) = self.bound(rule, &rule.max)
            && n > max
        {
            let msg = self.message(
                rule,
                format!("deck has {nc}; {who} allows at most {max}"),
                own(max),
            );
            verdict.violations.push(self.violation(rule, msg));
        }
    }

    /// What a count counts, by number: the rule's noun, narrowed to the player
    /// count's tiers where the rule counts only those ("tier-1 Lands").
    fn noun(&self, rule: &RuleDef, k: i64) -> String {
        let (one, many) = rule
            .noun
            .clone()
            .unwrap_or_else(|| ("card".to_string(), "cards".to_string()));
        match (&rule.within_players, self.players) {
            (Some(field), Some(1)) => format!("{field}-1 {many}"),
            (Some(field), Some(p)) => format!("{many} of {field} 1-{p}"),
            _ if k == 1 => one,
            _ => many,
        }
    }

    fn count(&self, rule: &'static RuleDef, out: &mut Vec<Violation>) {
        let n = i64::from(
            self.deck
                .count_where(|c| self.counts(rule, c) && self.within_players(rule, c)),
        );
        let who = self.who(rule);
        let mut check = |limit: i64, broken: bool, verb: &str| {
            if !broken {
                return;
            }
            let (noun, limit_noun) = (self.noun(rule, n), self.noun(rule, limit));
            let default = format!("deck has {n} {noun}; {who} {verb} {limit} {limit_noun}");
            let own = vec![
                ("count", n.to_string()),
                ("limit", limit.to_string()),
                ("noun", noun),
                ("limit_noun", limit_noun),
            ];
            let msg = self.message(rule, default, own);
            out.push(self.violation(rule, msg));
        };
        if let Some(exact) = self.bound(rule, &rule.exact) {
            check(exact, n != exact, "needs exactly");
            return;
        }
        if let Some(min) = self.bound(rule, &rule.min) {
            check(min, n < min, "needs at least");
        }
        if let Some(max) = self.bound(rule, &rule.max) {
            check(max, n > max, "allows at most");
        }
    }

    fn copies(&self, rule: &'static RuleDef, out: &mut Vec<Violation>) {
        let Some(max) = self.bound(rule, &rule.max) else {
            return;
        };
        let who = self.who(rule);
        let cards = &self.deck.catalog.cards;
        match rule.per {
            Per::Card => {
                for g in name_groups(self.deck) {
                    // a name is limited when any card of it is; all its copies count
                    if !g.cards.iter().any(|&i| self.counts(rule, &cards[i])) {
                        continue;
                    }
                    let own = rule
                        .card_override
                        .then(|| g.cards.iter().filter_map(|&i| self.own(i).copy_limit).max())
                        .flatten();
                    let allowed = own.map_or(max, i64::from);
                    if i64::from(g.count) <= allowed {
                        continue;
                    }
                    let default = match (&rule.label, own) {
                        (_, Some(n)) => format!(
                            "{} copies of \"{}\"; its card text allows at most {n}",
                            g.count, g.name
                        ),
                        (Some(label), None) => format!(
                            "{} copies of {label} \"{}\"; {who} allows at most {max} of each {label} card",
                            g.count, g.name
                        ),
                        (None, None) => format!(
                            "{} copies of \"{}\"; {who} allows at most {max}",
                            g.count, g.name
                        ),
                    };
                    let vars = vec![
                        ("count", g.count.to_string()),
                        ("card", g.name.clone()),
                        ("limit", allowed.to_string()),
                        ("label", rule.label.clone().unwrap_or_default()),
                    ];
                    let msg = self.message(rule, default, vars);
                    out.push(
                        self.violation(rule, msg)
                            .with_cards([g.name])
                            .at_line(g.line),
                    );
                }
            }
            Per::Deck => {
                let mut names: Vec<String> = Vec::new();
                let mut total = 0;
                for g in name_groups(self.deck) {
                    if g.cards.iter().any(|&i| self.counts(rule, &cards[i])) {
                        total += g.count;
                        names.push(g.name);
                    }
                }
                if i64::from(total) <= max {
                    return;
                }
                let label = rule.label.clone().unwrap_or_default();
                let noun = if total == 1 { "card" } else { "cards" };
                let what = if label.is_empty() {
                    noun.to_string()
                } else {
                    format!("{label} {noun}")
                };
                let default = format!("deck has {total} {what}; {who} allows at most {max}");
                let vars = vec![
                    ("count", total.to_string()),
                    ("card", String::new()),
                    ("limit", max.to_string()),
                    ("label", label),
                ];
                let msg = self.message(rule, default, vars);
                out.push(self.violation(rule, msg).with_cards(names));
            }
        }
    }

    fn singleton(&self, rule: &'static RuleDef, out: &mut Vec<Violation>) {
        let cards = &self.deck.catalog.cards;
        let who = self.who(rule);
        let plural = rule.noun.as_ref().map_or("cards", |(_, p)| p.as_str());
        for g in name_groups(self.deck) {
            if g.count <= 1 || !g.cards.iter().any(|&i| self.counts(rule, &cards[i])) {
                continue;
            }
            let default = format!(
                "{} copies of \"{}\"; {who} {plural} must all be different",
                g.count, g.name
            );
            let vars = vec![
                ("count", g.count.to_string()),
                ("card", g.name.clone()),
                ("noun", plural.to_string()),
            ];
            let msg = self.message(rule, default, vars);
            out.push(
                self.violation(rule, msg)
                    .with_cards([g.name])
                    .at_line(g.line),
            );
        }
    }

    fn distinct(&self, rule: &'static RuleDef, out: &mut Vec<Violation>) {
        let (Some(field), Some(max)) = (&rule.field, self.bound(rule, &rule.max)) else {
            return;
        };
        // DD-D4: card text may raise the limit, or take a card out of the count
        let raised = self.overrides(rule, |r| r.distinct_limit);
        let allowed = raised
            .iter()
            .map(|(v, _)| i64::from(*v))
            .fold(max, i64::max);
        // (value, copies, card names), most copies first
        let mut values: Vec<(String, u32, Vec<String>)> = Vec::new();
        for (card, n, line) in self.deck.cards() {
            if !self.counts(rule, card) {
                continue;
            }
            if rule.card_override && line.card.is_some_and(|i| self.own(i).distinct_free) {
                continue;
            }
            let found: Vec<String> = match card.field(field) {
                Some(FieldValue::List(items)) => items.iter().map(FieldValue::display).collect(),
                Some(v) => vec![v.display()],
                None => continue,
            };
            for value in found {
                if rule.ignore.contains(&value) {
                    continue;
                }
                match values.iter_mut().find(|(v, _, _)| *v == value) {
                    Some((_, count, names)) => {
                        *count += n;
                        if !names.contains(&card.name) {
                            names.push(card.name.clone());
                        }
                    }
                    None => values.push((value, n, vec![card.name.clone()])),
                }
            }
        }
        let used = values.len() as i64;
        if used <= allowed {
            return;
        }
        values.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let listed: Vec<String> = values
            .iter()
            .map(|(v, n, _)| format!("{v} ({n})"))
            .collect();
        let extra: Vec<String> = values[allowed.max(0) as usize..]
            .iter()
            .flat_map(|(_, _, names)| names.iter().cloned())
            .collect();
        let plural = rule
            .noun
            .as_ref()
            .map_or_else(|| format!("{field} values"), |(_, p)| p.clone());
        let default = format!(
            "deck uses {used} {plural}: {}; {} allows at most {max}",
            listed.join(", "),
            self.who(rule)
        );
        let vars = vec![
            ("count", used.to_string()),
            ("limit", max.to_string()),
            ("noun", plural),
            ("values", listed.join(", ")),
        ];
        let mut msg = self.message(rule, default, vars);
        if let Some((v, card)) = raised
            .iter()
            .filter(|(v, _)| i64::from(*v) > max)
            .max_by_key(|(v, _)| *v)
        {
            let unit = rule.noun.as_ref().map_or("values", |(_, p)| p.as_str());
            msg.push_str(&text_allows(&[(format!("{v} {unit}"), card.clone())]));
        }
        out.push(self.violation(rule, msg).with_cards(extra));
    }

    fn card_field(&self, rule: &'static RuleDef, out: &mut Vec<Violation>) {
        let Some(field) = &rule.field else { return };
        let label = rule.label.clone().unwrap_or_else(|| field.clone());
        let (min, max) = (self.bound(rule, &rule.min), self.bound(rule, &rule.max));
        let who = self.who(rule);
        for (card, _, line) in self.deck.cards() {
            if !self.counts(rule, card) {
                continue;
            }
            let Some(value) = int_of(card, field) else {
                continue;
            };
            let broken = match (min, max) {
                (Some(lo), _) if value < lo => Some(("at least", lo)),
                (_, Some(hi)) if value > hi => Some(("at most", hi)),
                _ => None,
            };
            let Some((how, limit)) = broken else { continue };
            let default = format!(
                "\"{}\" has {label} {value}; {who} needs a {label} of {how} {limit}",
                card.name
            );
            let vars = vec![
                ("card", card.name.clone()),
                ("value", value.to_string()),
                ("limit", limit.to_string()),
                ("label", label.clone()),
            ];
            let msg = self.message(rule, default, vars);
            out.push(
                self.violation(rule, msg)
                    .with_cards([card.name.clone()])
                    .at_line(line.line),
            );
        }
    }

    fn tier(&self, rule: &'static RuleDef, out: &mut Vec<Violation>) {
        let (Some(field), Some(players)) = (&rule.field, self.players) else {
            return;
        };
        let mut high: Vec<(String, i64, Option<usize>)> = Vec::new();
        for (c, _, line) in self.deck.cards() {
            if self.counts(rule, c)
                && let Some(t) = int_of(c, field)
                && t > players
                && !high.iter().any(|(n, _, _)| *n == c.name)
            {
                high.push((c.name.clone(), t, line.line));
            }
        }
        if high.is_empty() {
            return;
        }
        let plural = rule.noun.as_ref().map_or("cards", |(_, p)| p.as_str());
        let list: Vec<String> = high
            .iter()
            .map(|(n, t, _)| format!("{n} ({field} {t})"))
            .collect();
        let default = format!(
            "{} uses {plural} of {field} 1-{players} only; {} listed: {}",
            self.who(rule),
            if high.len() == 1 {
                format!("a higher {field} is")
            } else {
                format!("higher {field}s are")
            },
            list.join(", ")
        );
        let vars = vec![
            ("players", players.to_string()),
            ("noun", plural.to_string()),
            ("cards", list.join(", ")),
            ("field", field.clone()),
        ];
        let msg = self.message(rule, default, vars);
        let line = if high.len() == 1 { high[0].2 } else { None };
        out.push(
            self.violation(rule, msg)
                .at_line(line)
                .with_cards(high.into_iter().map(|(n, _, _)| n)),
        );
    }

    fn stack(&self, rule: &'static RuleDef, out: &mut Vec<Violation>) {
        let Some(field) = &rule.field else { return };
        let mut found: Vec<i64> = self
            .deck
            .cards()
            .filter(|(c, _, _)| self.counts(rule, c))
            .flat_map(|(c, n, _)| std::iter::repeat_n(int_of(c, field).unwrap_or(0), n as usize))
            .collect();
        found.sort_unstable_by(|a, b| b.cmp(a));
        let mut expected = rule.values.clone();
        expected.sort_unstable_by(|a, b| b.cmp(a));
        if found == expected {
            return;
        }
        let show = |xs: &[i64]| xs.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
        let label = rule.label.clone().unwrap_or_else(|| field.clone());
        let default = format!(
            "the {label} stack is [{}]; {} uses [{}]",
            show(&found),
            self.game.name,
            show(&expected)
        );
        let vars = vec![
            ("label", label),
            ("found", format!("[{}]", show(&found))),
            ("expected", format!("[{}]", show(&expected))),
        ];
        let msg = self.message(rule, default, vars);
        out.push(self.violation(rule, msg));
    }

    /// A deck of an exclusive mode holds only cards of its mark (unmarked
    /// cards take the deck's mode).
    fn modes(&self, rule: &'static RuleDef, out: &mut Vec<Violation>) {
        let (Some(def), Some(mode)) = (&self.game.construction.modes, self.mode) else {
            return;
        };
        let Some(m) = def.mode(mode.as_str()).filter(|m| m.exclusive) else {
            return;
        };
        let mut others: Vec<String> = Vec::new();
        let mut names: Vec<String> = Vec::new();
        for (c, _, _) in self.deck.cards() {
            if let Some(mark) = c.str_field(&def.field)
                && mark != m.mark
                && self.counts(rule, c)
            {
                names.push(c.name.clone());
                if !others.iter().any(|o| o == mark) {
                    others.push(mark.to_string());
                }
            }
        }
        if names.is_empty() {
            return;
        }
        let what = match others.as_slice() {
            [one] => one.clone(),
            _ => format!("not {}", m.mark),
        };
        let default = format!(
            "a {}-mode deck holds only {} cards; {} {} {what}: {}",
            m.name,
            m.mark,
            names.len(),
            if names.len() == 1 {
                "card is"
            } else {
                "cards are"
            },
            names.join(", ")
        );
        let vars = vec![
            ("mode", m.name.clone()),
            ("mark", m.mark.clone()),
            ("count", names.len().to_string()),
            ("cards", names.join(", ")),
        ];
        let msg = self.message(rule, default, vars);
        out.push(self.violation(rule, msg).with_cards(names));
    }

    /// Cards made for different modes in one deck (an exclusive mode's own
    /// check covers its decks).
    fn mixed_modes(&self, rule: &'static RuleDef, out: &mut Vec<Violation>) {
        let (Some(def), Some(mode)) = (&self.game.construction.modes, self.mode) else {
            return;
        };
        let Some(m) = def.mode(mode.as_str()).filter(|m| !m.exclusive) else {
            return;
        };
        let mut own = false;
        let mut others: BTreeMap<String, Vec<String>> = BTreeMap::new();
        let mut order: Vec<String> = Vec::new();
        for (c, _, _) in self.deck.cards() {
            if !self.counts(rule, c) {
                continue;
            }
            match c.str_field(&def.field) {
                Some(mark) if mark != m.mark => {
                    if !order.iter().any(|o| o == mark) {
                        order.push(mark.to_string());
                    }
                    others
                        .entry(mark.to_string())
                        .or_default()
                        .push(c.name.clone());
                }
                _ => own = true,
            }
        }
        if !own || others.is_empty() {
            return;
        }
        let mut marks = order.clone();
        marks.push(m.mark.clone());
        let marks = match marks.as_slice() {
            [a, b] => format!("{a} and {b}"),
            many => many.join(", "),
        };
        let listed: Vec<String> = order
            .iter()
            .map(|o| format!("{o}: {}", others[o].join(", ")))
            .collect();
        let default = format!("deck mixes {marks} cards; {}", listed.join("; "));
        let vars = vec![
            ("mode", m.name.clone()),
            ("marks", marks),
            ("others", listed.join("; ")),
        ];
        let msg = self.message(rule, default, vars);
        let cards: Vec<String> = order.iter().flat_map(|o| others[o].clone()).collect();
        out.push(self.violation(rule, msg).with_cards(cards));
    }
}

/// The rule id, borrowed from the (static) rule.
fn rule_id(rule: &'static RuleDef) -> &'static str {
    rule.rule_id()
}

/// "1 card", "12 cards" (issue 25: "deck has 1 cards").
fn cards(n: i64) -> String {
    if n == 1 {
        "1 card".to_string()
    } else {
        format!("{n} cards")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Catalog, Deck, DeckEntry};
    use crate::rules::resolve;

    /// A `[construction]` table, leaked as a game file's is.
    fn rules(text: &str) -> &'static ConstructionDef {
        Box::leak(Box::new(toml::from_str(text).unwrap()))
    }

    /// A test card: name, type and integer fields.
    type Spec<'a> = (&'a str, &'a str, &'a [(&'a str, i64)]);

    /// A catalog of test cards, any game.
    fn catalog(cards: &[Spec<'_>]) -> Catalog {
        let mut cat = Catalog::new("fuzzycards".parse().unwrap(), "T");
        for (name, t, fields) in cards {
            let mut c = Card::new(*name, *t);
            for (k, v) in *fields {
                c.fields.insert(k.to_string(), FieldValue::Int(*v));
            }
            cat.cards.push(c);
        }
        cat
    }

    fn run(
        def: &'static ConstructionDef,
        cat: &Catalog,
        deck: &[(u32, &str)],
        opts: &CheckOptions,
    ) -> Verdict {
        let deck = Deck {
            entries: deck
                .iter()
                .map(|(n, name)| DeckEntry::new(*n, *name))
                .collect(),
            ..Deck::default()
        };
        let options = toml::Table::new();
        let game = GameInfo {
            name: "Test Game",
            construction: def,
            options: &options,
            card_rules: &CardRules::of_fields,
        };
        check(&game, &resolve(&deck, cat), opts).unwrap()
    }

    fn messages(v: &Verdict) -> Vec<String> {
        v.violations
            .iter()
            .map(|x| format!("{}: {}", x.rule, x.message))
            .collect()
    }

    #[test]
    fn size_ranges_and_tiers_name_the_bound_broken() {
        let cat = catalog(&[("A", "unit", &[])]);
        let range = rules("[[rule]]\ncheck = \"size\"\nmin = 10\nmax = 12\n");
        assert!(
            run(range, &cat, &[(11, "A")], &CheckOptions::default())
                .violations
                .is_empty()
        );
        assert_eq!(
            messages(&run(range, &cat, &[(13, "A")], &CheckOptions::default())),
            ["deck-size: deck has 13 cards; Test Game allows at most 12"]
        );
        // one card is "1 card" (issue 25)
        assert_eq!(
            messages(&run(range, &cat, &[(1, "A")], &CheckOptions::default())),
            ["deck-size: deck has 1 card; Test Game needs at least 10"]
        );
        let tiers = rules(
            "[[rule]]\ncheck = \"size\"\ntier_noun = \"format\"\n\
             tiers = [{ name = \"short\", min = 10, max = 12, life = 5 }, { name = \"long\", min = 20, max = 25, life = 9 }]\n",
        );
        let v = run(tiers, &cat, &[(21, "A")], &CheckOptions::default());
        assert_eq!(
            v.duel.map(|d| (d.name, d.life)),
            Some(("long".to_string(), 9))
        );
        assert_eq!(
            messages(&run(tiers, &cat, &[(15, "A")], &CheckOptions::default())),
            [
                "deck-size: deck has 15 cards, which fits no format of Test Game (short 10-12 cards, long 20-25 cards)"
            ]
        );
        assert_eq!(
            messages(&run(tiers, &cat, &[(26, "A")], &CheckOptions::default())),
            [
                "deck-size: deck has 26 cards; Test Game allows at most 25 (a long format is 20-25 cards)"
            ]
        );
    }

    #[test]
    fn counts_copies_per_deck_and_card_fields() {
        let cat = catalog(&[
            ("Hero", "unit", &[("power", 9)]),
            ("Squire", "unit", &[("power", 2)]),
            ("Rune", "spell", &[]),
        ]);
        let def = rules(
            "[[rule]]\ncheck = \"count\"\nrule = \"spell-limit\"\nwhen = { type = \"spell\" }\nmax = 2\nnoun = [\"spell\", \"spells\"]\n\
             [[rule]]\ncheck = \"copies\"\nper = \"deck\"\nwhen = { type = \"unit\" }\nlabel = \"unit\"\nmax = 4\n\
             [[rule]]\ncheck = \"card-field\"\nfield = \"power\"\nmax = 8\nlabel = \"power\"\n",
        );
        assert_eq!(
            messages(&run(
                def,
                &cat,
                &[(3, "Hero"), (2, "Squire"), (3, "Rune")],
                &CheckOptions::default()
            )),
            [
                "spell-limit: deck has 3 spells; Test Game allows at most 2 spells",
                "copy-limit: deck has 5 unit cards; Test Game allows at most 4",
                "card-field: \"Hero\" has power 9; Test Game needs a power of at most 8",
            ]
        );
    }

    #[test]
    fn player_counts_gate_rules_and_scale_their_numbers() {
        let cat = catalog(&[("Land", "land", &[("tier", 1)]), ("Start", "start", &[])]);
        let def = rules(
            "[players]\nmin = 2\nmax = 3\n\
             [[rule]]\ncheck = \"count\"\nwhen = { type = \"start\" }\nmin = 1\nper_player = true\n\
             [[rule]]\ncheck = \"count\"\nrule = \"three\"\nplayers = [3]\nwhen = { type = \"land\" }\nmin = [0, 5]\nwhy = [\"-\", \"five for three\"]\n",
        );
        let opts = |n| CheckOptions {
            players: Some(n),
            ..CheckOptions::default()
        };
        assert!(
            run(def, &cat, &[(2, "Start"), (1, "Land")], &opts(2))
                .violations
                .is_empty()
        );
        assert_eq!(
            messages(&run(def, &cat, &[(2, "Start"), (1, "Land")], &opts(3))),
            [
                "card-count: deck has 2 cards; a 3-player game needs at least 3 cards",
                "three: deck has 1 card; a 3-player game needs at least 5 cards (five for three)",
            ]
        );
        assert_eq!(
            messages(&run(def, &cat, &[], &opts(4))),
            ["player-count: Test Game is for 2 to 3 players, not 4"]
        );
        // no --players: the lowest count
        assert_eq!(
            run(def, &cat, &[], &CheckOptions::default()).players,
            Some(2)
        );
    }

    #[test]
    fn templates_fill_known_placeholders_and_keep_the_rest() {
        let vars = [("count", "3".to_string()), ("game", "G".to_string())];
        assert_eq!(
            render("{game}: {count} of {count}; {nope} {", &vars),
            "G: 3 of 3; {nope} {"
        );
    }

    #[test]
    fn filters_match_types_fields_lists_and_any_of() {
        let mut c = Card::new("Ember Cub", "hero");
        c.cost = Some(2);
        c.fields
            .insert("rarity".into(), FieldValue::Text("legendary".into()));
        c.fields.insert(
            "keywords".into(),
            FieldValue::List(vec![FieldValue::Text("rush".into())]),
        );
        let f = |t: &str| -> Filter { toml::from_str(t).unwrap() };
        assert!(matches(&f("type = \"hero\"\nrarity = \"legendary\""), &c));
        assert!(matches(&f("type = [\"relic\", \"hero\"]"), &c));
        assert!(matches(&f("keywords = \"rush\"\ncost = 2"), &c));
        assert!(matches(&f("name = \"ember  CUB\""), &c));
        assert!(!matches(&f("rarity = \"epic\""), &c));
        assert!(!matches(&f("origin = \"random\""), &c));
    }
}
