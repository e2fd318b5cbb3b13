//! The one renderer: an [`Ability`] back into plain words.
//!
//! `catalog coverage` (`says`, formats.md §3) and the Library's card editor
//! show what the engine will do with a card as sentences a player can check
//! against the printed text. They are written here from the typed effects
//! alone — never copied from the text that was read — so a misreading shows
//! as a sentence that says something else ("deal 3 damage to your opponent"
//! where the card meant a Hero). Every verb, trigger, target, cost,
//! condition, duration and limit of the effect language has its words here;
//! a new one does not compile until it has.

use super::{
    Ability, Condition, Cost, Duration, Element, Event, Keyword, Kind, Limit, Place, Reach,
    Resource, Stat, Status, Step, Target, Trigger, Verb, Who,
};

/// Every ability in words, one sentence each.
pub fn says_all(abilities: &[Ability]) -> Vec<String> {
    abilities.iter().map(says).collect()
}

/// One ability as a sentence: "When this card is played, deal 3 damage to
/// your opponent." A Rizontical label comes first ("SPELL: …").
pub fn says(a: &Ability) -> String {
    let mut head = String::new();
    if let Some(label) = &a.label {
        head.push_str(&capital(label));
        head.push_str(": ");
    }
    // what it takes, then when
    let costs: Vec<String> = a.costs.iter().map(cost).collect();
    let when = trigger(a.trigger);
    let body = steps(&a.steps, a.trigger == Trigger::Static);
    let cond = a.condition.as_ref().map(condition);
    let mut s = match (a.trigger, costs.is_empty()) {
        (Trigger::Activated, false) => format!("{}: ", capital(&costs.join(" and "))),
        // a label ("SPELL", Bizarre World's "active") already says so
        (Trigger::Activated, true) if a.label.is_some() => String::new(),
        (Trigger::Activated, true) => "Activate: ".to_string(),
        (_, true) => when.map(|w| format!("{w}, ")).unwrap_or_default(),
        (_, false) => format!(
            "{}{}: ",
            when.map(|w| format!("{w}, ")).unwrap_or_default(),
            costs.join(" and ")
        ),
    };
    if let Some(c) = cond {
        s.push_str(&c);
        s.push_str(", ");
    }
    s.push_str(&body);
    let mut out = head;
    out.push_str(&capital(&s));
    match a.limit {
        Limit::Unlimited => {}
        Limit::OncePerTurn => out.push_str(" (once per turn)"),
        Limit::OncePerRound => out.push_str(" (once per round)"),
        Limit::Uses { n } => out.push_str(&format!(" ({})", count(n, "use"))),
    }
    out.push('.');
    out
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// "1 card", "2 cards".
fn count(n: u8, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// The moment a trigger names; `None` for a static ability (always on).
fn trigger(t: Trigger) -> Option<String> {
    let (event, who) = match t {
        Trigger::Static | Trigger::Activated => return None,
        Trigger::On { event, who } => (event, who),
    };
    let s = match event {
        Event::TurnStart => turn_words("start", who, "turn"),
        Event::TurnEnd => turn_words("end", who, "turn"),
        Event::EachTurnStart => "at the start of each turn".into(),
        Event::RoundStart => "at the start of each round".into(),
        Event::RoundEnd => "at the end of each round".into(),
        Event::Played => format!("when {} is played", subject(who)),
        Event::Deployed => format!("when {} is deployed", subject(who)),
        Event::Attacks => format!("when {} attacks", subject(who)),
        Event::Hits => format!("when {} hits", subject(who)),
        Event::AboutToBeHit => format!("when {} is about to be hit", subject(who)),
        Event::AboutToTakeDamage => format!("when {} is about to take damage", subject(who)),
        Event::TakesPushDamage => format!("when {} takes push damage", subject(who)),
        Event::PushesIntoEntity => {
            format!("when {} pushes an entity into another", subject(who))
        }
        Event::Kills => format!("when {} defeats an enemy card", subject(who)),
        Event::Defeated => format!("when {} is defeated", subject(who)),
        Event::WouldBeDefeated => format!("when {} would be defeated", subject(who)),
        Event::UsesSkill => format!("when {} uses a skill", subject(who)),
        Event::UsesPower => format!("when {} uses a Power", subject(who)),
        Event::MovesNear => format!("when {} moves next to one of your cards", subject(who)),
        Event::DieHits => format!("when an attack die of {} hits", subject(who)),
        Event::CastsSpell => format!("when {} casts a spell", subject(who)),
    };
    Some(s)
}

fn turn_words(at: &str, who: Who, what: &str) -> String {
    match who {
        Who::You | Who::This | Who::Attached | Who::Ally | Who::OtherAlly | Who::AllyAround => {
            format!("at the {at} of your {what}")
        }
        Who::Enemy | Who::Opponent => format!("at the {at} of your opponent's {what}"),
        Who::Any => format!("at the {at} of each {what}"),
    }
}

/// Who a trigger is about, as the subject of its sentence.
fn subject(who: Who) -> &'static str {
    match who {
        Who::This => "this card",
        Who::Attached => "the attached card",
        Who::Ally => "one of your cards",
        Who::OtherAlly => "another of your cards",
        Who::AllyAround => "an ally around this card",
        Who::Enemy => "an enemy card",
        Who::You => "you",
        Who::Opponent => "your opponent",
        Who::Any => "any card",
    }
}

fn resource(r: Resource) -> &'static str {
    match r {
        Resource::Life => "life",
        Resource::Energy => "Energy",
        Resource::Ap => "AP",
        Resource::Mana => "Mana",
        Resource::Attack => "⚔",
        Resource::Souls => "Souls",
        Resource::Protection => "Protection",
        Resource::Use => "Use",
        Resource::Time => "Time",
    }
}

fn cost(c: &Cost) -> String {
    match c {
        Cost::Pay { what, n } => format!("pay {n} {}", resource(*what)),
        Cost::Exhaust { n, symbol } => {
            let kind = symbol
                .as_deref()
                .map(|s| format!("{} ", capital(s)))
                .unwrap_or_default();
            format!("exhaust {}", count(*n, &format!("{kind}resource")))
        }
        Cost::Sacrifice => "kill this card".into(),
        Cost::UseCounter => "remove a Use counter".into(),
    }
}

fn condition(c: &Condition) -> String {
    match c {
        Condition::HandEmpty => "if you have no cards in hand".into(),
        Condition::Option { key } => {
            format!("if the game option \"{}\" is on", key.replace('_', " "))
        }
        Condition::RespondingToSpell => "only in response to a spell".into(),
        Condition::TargetHpAtMost { n } => format!("if the target has {n} HP or less"),
        Condition::FirstTimeEachRound => "the first time each round".into(),
        Condition::WhileTime => "while its Time lasts".into(),
    }
}

fn kind(k: Kind) -> String {
    match k {
        Kind::Any => "card".into(),
        Kind::Hero => "Hero".into(),
        Kind::Relic => "Relic".into(),
        Kind::Creature => "creature".into(),
        Kind::Spell => "spell".into(),
        Kind::Fighter => "Fighter".into(),
        Kind::Power => "Power".into(),
        Kind::Summon => "Summon".into(),
        Kind::Entity => "entity".into(),
        Kind::FighterOf { element: e } => format!("{} Fighter", element(e)),
    }
}

fn element(e: Element) -> &'static str {
    match e {
        Element::Neutral => "Neutral",
        Element::Fire => "Fire",
        Element::Ice => "Ice",
        Element::Air => "Air",
        Element::Earth => "Earth",
        Element::Thunder => "Thunder",
        Element::Water => "Water",
        Element::Akasha => "Akasha",
    }
}

/// "enemy Hero", "ally Fighter", "creature".
fn which(who: Who, k: Kind) -> String {
    let k = kind(k);
    match who {
        Who::Ally => format!("ally {k}"),
        Who::OtherAlly => format!("other ally {k}"),
        Who::AllyAround => format!("ally {k} around this card"),
        Who::Enemy | Who::Opponent => format!("enemy {k}"),
        Who::This => format!("{k} (this one)"),
        Who::Attached => format!("{k} it is attached to"),
        Who::You => format!("{k} of yours"),
        Who::Any => k,
    }
}

/// A target as an object: "your opponent", "target enemy Hero".
fn object(t: Target) -> String {
    match t {
        Target::You => "you".into(),
        Target::Opponent => "your opponent".into(),
        Target::Both => "each player".into(),
        Target::This => "this card".into(),
        Target::Attached => "the attached card".into(),
        Target::Chosen { who, kind } => format!("target {}", which(who, kind)),
        Target::Each { who, kind } => format!("each {}", which(who, kind)),
        Target::Subject => "it".into(),
        Target::Other => "the other card".into(),
    }
}

/// A target's owner, for "your deck" / "your opponent's deck".
fn owner(t: Target) -> &'static str {
    match t {
        Target::Opponent => "your opponent's",
        Target::Both => "each player's",
        _ => "your",
    }
}

/// Whether a target as a subject takes the plural verb ("you get", "each
/// player gets").
fn plural(t: Target) -> bool {
    t == Target::You
}

fn reach(r: Reach) -> String {
    match r {
        Reach::Unlimited => String::new(),
        Reach::Range => " within its range".into(),
        Reach::Around => " on a cell around this card".into(),
        Reach::Cells { n } => format!(" within {}", count(n, "cell")),
        Reach::AllyRange => " within an ally's range".into(),
        Reach::AllyCells { n } => format!(" within {} of an ally", count(n, "cell")),
        Reach::AroundAlly => " on a cell around an ally".into(),
        Reach::EnemyDeployZone => " in the enemy Deploy Zone".into(),
    }
}

fn duration(d: Duration, is_static: bool) -> &'static str {
    match d {
        Duration::Instant => "",
        Duration::ThisTurn => " this turn",
        Duration::UntilYourNextTurn => " until your next turn",
        Duration::UntilEndOfOpponentsNextTurn => " until the end of your opponent's next turn",
        Duration::ThisRound => " this round",
        // a static ability lasts while its card is in play anyway
        Duration::WhileInPlay if is_static => "",
        Duration::WhileInPlay => " while this card is in play",
    }
}

fn stat(s: Stat) -> &'static str {
    match s {
        Stat::Atk => "ATK",
        Stat::Def => "DEF",
        Stat::Hp => "HP",
        Stat::Mp => "MP",
        Stat::Range => "RA",
        Stat::Push => "PSH",
        Stat::Speed => "Speed",
        Stat::HitDamage => "damage per hit",
        Stat::ExtraDamage => "extra DMG per hit",
        Stat::Rerolls => "attack-die rerolls each turn",
    }
}

fn keyword(k: Keyword, n: u8) -> String {
    let w = match k {
        Keyword::Rush => "Rush",
        Keyword::Guard => "Guard",
        Keyword::Stealth => "Stealth",
        Keyword::Drain => "Drain",
        Keyword::Shield => "Shield",
        Keyword::Bridge => "Bridge",
        Keyword::Silence => "Silence",
        Keyword::Burn => "Burn",
        Keyword::Haste => "\"may attack the turn it arrives\"",
        Keyword::EntersExhausted => "\"enters play exhausted\"",
        Keyword::NoResponse => "\"cannot use its ability in response to an attack\"",
        Keyword::Unpushable => "\"cannot be pushed\"",
        Keyword::Blocker => "\"blocks one hit aimed at your life each turn\"",
    };
    if n > 0 {
        format!("{w} {n}")
    } else {
        w.to_string()
    }
}

fn status(s: Status) -> &'static str {
    match s {
        Status::Silenced => "Silenced",
        Status::Suppressed => "Suppressed",
        Status::Burned => "Burned",
        Status::Poison => "Poison",
        Status::First => "First",
        Status::Last => "Last",
        Status::Shield => "Shield",
        Status::Invincible => "Invincible",
    }
}

fn place(p: Place) -> &'static str {
    match p {
        Place::Deck => "deck",
        Place::Hand => "hand",
        Place::Graveyard => "graveyard",
        Place::FighterDeck => "Fighter deck",
        Place::Bottom => "deck's bottom",
        Place::Void => "void",
    }
}

/// Steps joined as one clause list. Stat changes in a row on the same
/// target say it once: "the attached card gets +2 ATK and -2 DEF".
fn steps(steps: &[Step], is_static: bool) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < steps.len() {
        let same = |a: &Step, b: &Step| {
            matches!(a.verb, Verb::Modify { .. })
                && matches!(b.verb, Verb::Modify { .. })
                && (a.target, a.reach, a.duration, a.optional)
                    == (b.target, b.reach, b.duration, b.optional)
        };
        let mut j = i + 1;
        while j < steps.len() && same(&steps[i], &steps[j]) {
            j += 1;
        }
        if j - i > 1 {
            let deltas: Vec<String> = steps[i..j]
                .iter()
                .filter_map(|s| match s.verb {
                    Verb::Modify { stat: st, delta } => Some(format!("{delta:+} {}", stat(st))),
                    _ => None,
                })
                .collect();
            // the first step's words with every change in place of its own
            let said = step(&steps[i], is_static);
            let own = match steps[i].verb {
                Verb::Modify { stat: st, delta } => format!("{delta:+} {}", stat(st)),
                _ => String::new(),
            };
            match deltas.split_last() {
                Some((last, rest)) => {
                    parts.push(said.replacen(&own, &format!("{} and {last}", rest.join(", ")), 1));
                }
                None => parts.push(said),
            }
        } else {
            parts.push(step(&steps[i], is_static));
        }
        i = j;
    }
    match parts.len() {
        0 => "nothing".into(),
        _ => parts.join(", then "),
    }
}

/// A clause with the target as its subject: "this card gets +2 ATK".
fn with_subject(t: Target, singular: &str, plural_form: &str, rest: &str) -> String {
    let verb = if plural(t) { plural_form } else { singular };
    format!("{} {verb}{rest}", object(t))
}

/// One step: "deal 3 damage to target enemy Hero", "this card gets +2 ATK
/// this turn", "you may draw 1 card".
fn step(s: &Step, is_static: bool) -> String {
    let t = s.target;
    let on = object(t);
    let r = s.reach.map(reach).unwrap_or_default();
    let d = duration(s.duration, is_static);
    // (imperative clause, clause with the target as subject)
    let (imperative, clause): (bool, String) = match &s.verb {
        Verb::Draw { n } => match t {
            Target::You => (true, format!("draw {}", count(*n, "card"))),
            _ => (
                false,
                with_subject(t, "draws", "draw", &format!(" {}", count(*n, "card"))),
            ),
        },
        Verb::Gain { what, n } => match t {
            Target::You => (true, format!("gain {n} {}", resource(*what))),
            _ => (
                false,
                with_subject(t, "gains", "gain", &format!(" {n} {}", resource(*what))),
            ),
        },
        // subject first for every target: "You lose 2 life." is a loss the
        // card imposes, not an order ("Lose 2 life.") — the printed sentence
        // (issue 24), like "Your opponent loses 1 life."
        Verb::Lose { what, n } => (
            false,
            with_subject(t, "loses", "lose", &format!(" {n} {}", resource(*what))),
        ),
        Verb::Damage { n } => (true, format!("deal {n} damage to {on}{r}")),
        Verb::ElementDamage { n, element: e } => {
            (true, format!("deal {n} {} damage to {on}{r}", element(*e)))
        }
        Verb::Heal { n } => (true, format!("restore {n} HP to {on}{r}")),
        Verb::HealFull => (true, format!("restore {on}{r} to full HP")),
        Verb::Modify { stat: st, delta } => (
            false,
            with_subject(t, "gets", "get", &format!("{r} {delta:+} {}", stat(*st))),
        ),
        Verb::Keyword {
            keyword: k,
            n,
            gain,
        } => {
            let (one, many) = if *gain && is_static {
                ("has", "have")
            } else if *gain {
                ("gains", "gain")
            } else {
                ("loses", "lose")
            };
            (
                false,
                with_subject(t, one, many, &format!("{r} {}", keyword(*k, *n))),
            )
        }
        Verb::Give {
            status: Status::Silenced,
        } => (true, format!("silence {on}{r}")),
        Verb::Give { status: st } => (true, format!("give {on}{r} the {} status", status(*st))),
        Verb::Cleanse => (true, format!("remove every debuff from {on}{r}")),
        Verb::Hit => (true, format!("hit {on}{r}")),
        Verb::HitAround => (true, "hit every cell around this card".into()),
        Verb::Push { n, up_to } => {
            let up = if *up_to { "up to " } else { "" };
            (true, format!("push {on}{r} {up}{}", count(*n, "cell")))
        }
        Verb::Move { n } => (true, format!("move {on}{r} up to {}", count(*n, "cell"))),
        Verb::Defeat { max_hp: None } => (true, format!("defeat {on}{r}")),
        Verb::Defeat { max_hp: Some(m) } => {
            (true, format!("defeat {on}{r} if it has {m} HP or less"))
        }
        Verb::ReturnToHand => (true, format!("return {on}{r} to its owner's hand")),
        Verb::Search { from, kind: k } => (
            true,
            format!(
                "search {} {} for a {} card, show it and put it into {} hand",
                owner(t),
                place(*from),
                kind(*k).to_lowercase(),
                owner(t)
            )
            .replace("a card card", "a card"),
        ),
        Verb::Shuffle { what } => (true, format!("shuffle {} {}", owner(t), place(*what))),
        Verb::Look { n, keep } => (
            true,
            format!(
                "look at the top {} of {} deck, put {keep} into {} hand and the rest on the bottom",
                count(*n, "card"),
                owner(t),
                owner(t)
            ),
        ),
        Verb::Rerolls { n } => (
            true,
            format!("reroll up to {} of {} attack dice", n, owner(t)),
        ),
        Verb::ForceReroll => (true, "make your opponent reroll that die".into()),
        Verb::Negate => (true, format!("negate {}", negated(t))),
        Verb::Banish => (
            true,
            "put a copy of that Power in the void before it applies".into(),
        ),
        Verb::Redirect => (false, with_subject(t, "takes", "take", " the hit instead")),
        Verb::RollOff { then } => (
            true,
            format!(
                "both players roll a die; if yours is higher, {}",
                steps(then, is_static)
            ),
        ),
        Verb::PerEntityHit { then } => (
            true,
            format!(
                "hit {on}{r}; for each entity hit, {}",
                steps(then, is_static)
            ),
        ),
        Verb::Deploy { first } => (
            true,
            format!(
                "deploy a Fighter from your Fighter deck{}",
                if *first { " with the First status" } else { "" }
            ),
        ),
        Verb::PlaceTile => (true, format!("place a Push Tile{r}")),
        Verb::Summon { name } => (true, format!("summon a {name}{r}")),
        Verb::EndRound => (true, "end the round".into()),
        Verb::SetHp { n } => (false, format!("{} HP becomes {n} instead", possessive(t))),
        Verb::TakeBuffs => (true, format!("move your allies' buffs onto {on}")),
        Verb::ResourceKind { symbol } => (
            false,
            with_subject(
                t,
                "can",
                "can",
                &format!(" be exhausted as a {} resource", capital(symbol)),
            ),
        ),
        Verb::CopyLimit { n } => (
            false,
            format!(
                "your deck may hold up to {} of this card",
                count(*n, "copy")
            )
            .replace("copys", "copies"),
        ),
        Verb::DeckSize { n, up_to } => (
            false,
            format!(
                "your deck may have {}{n} cards",
                if *up_to { "up to " } else { "" }
            ),
        ),
        Verb::ColourLimit { n } => (false, format!("your deck may use {n} colours")),
        Verb::ColourFree => (
            false,
            "this card does not count toward your deck's colours".into(),
        ),
        Verb::AllElements => (
            false,
            format!(
                "{} elements become every element but Neutral",
                possessive(t)
            ),
        ),
        Verb::HitElement { element: e } => {
            (false, format!("{} hits are {}", possessive(t), capital(e)))
        }
        Verb::FreeConjuration => (false, "your Numen's Conjuration costs nothing".into()),
        Verb::Immune { status: st } => (
            false,
            with_subject(
                t,
                "cannot",
                "cannot",
                &format!(" get the {} status", status(*st)),
            ),
        ),
        Verb::ExtraDraw { n } => match t {
            Target::You => (
                true,
                format!("draw {} extra at each draw", count(*n, "card")),
            ),
            _ => (
                false,
                with_subject(
                    t,
                    "draws",
                    "draw",
                    &format!(" {} extra at each draw", count(*n, "card")),
                ),
            ),
        },
    };
    let clause = format!("{clause}{d}");
    match (s.optional, imperative) {
        (false, _) => clause,
        (true, true) => format!("you may {clause}"),
        (true, false) => format!("if you choose, {clause}"),
    }
}

/// A target's possessive: "this card's", "its", "your".
fn possessive(t: Target) -> String {
    match t {
        Target::Subject => "its".into(),
        Target::You => "your".into(),
        _ => format!("{}'s", object(t)),
    }
}

/// What a negation cancels.
fn negated(t: Target) -> String {
    match t {
        Target::Subject | Target::Other => "it".into(),
        t => object(t),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(trigger: Trigger, verb: Verb, target: Target) -> Ability {
        Ability::new(trigger, vec![Step::new(verb, target)])
    }

    /// "You lose 2 life." keeps its subject (issue 24: it read "Lose 2
    /// life."), as do the other subject-first losses.
    #[test]
    fn a_loss_says_who_loses() {
        let lose = |n, t| {
            says(&one(
                Trigger::Activated,
                Verb::Lose {
                    what: Resource::Life,
                    n,
                },
                t,
            ))
        };
        assert_eq!(lose(2, Target::You), "Activate: you lose 2 life.");
        let played = |verb, t| says(&one(Trigger::Static, verb, t));
        assert_eq!(
            played(
                Verb::Lose {
                    what: Resource::Life,
                    n: 2
                },
                Target::You
            ),
            "You lose 2 life."
        );
        assert_eq!(
            played(
                Verb::Lose {
                    what: Resource::Life,
                    n: 1
                },
                Target::Opponent
            ),
            "Your opponent loses 1 life."
        );
        assert_eq!(
            played(
                Verb::Lose {
                    what: Resource::Life,
                    n: 1
                },
                Target::Both
            ),
            "Each player loses 1 life."
        );
        assert_eq!(
            played(
                Verb::Gain {
                    what: Resource::Life,
                    n: 3
                },
                Target::Opponent
            ),
            "Your opponent gains 3 life."
        );
        assert_eq!(
            played(Verb::Draw { n: 1 }, Target::Opponent),
            "Your opponent draws 1 card."
        );
    }

    #[test]
    fn triggers_costs_and_steps_read_as_sentences() {
        assert_eq!(
            says(&one(
                Trigger::PLAYED,
                Verb::Damage { n: 3 },
                Target::Opponent
            )),
            "When this card is played, deal 3 damage to your opponent."
        );
        let mut a = one(
            Trigger::Activated,
            Verb::Gain {
                what: Resource::Attack,
                n: 2,
            },
            Target::You,
        );
        a.costs.push(Cost::Exhaust {
            n: 1,
            symbol: Some("coin".into()),
        });
        assert_eq!(says(&a), "Exhaust 1 Coin resource: gain 2 ⚔.");
        a.costs = vec![Cost::Pay {
            what: Resource::Energy,
            n: 2,
        }];
        a.limit = Limit::OncePerTurn;
        assert_eq!(says(&a), "Pay 2 Energy: gain 2 ⚔ (once per turn).");
        let mut b = one(
            Trigger::Static,
            Verb::Modify {
                stat: Stat::Atk,
                delta: 2,
            },
            Target::Attached,
        );
        b.steps[0].duration = Duration::WhileInPlay;
        assert_eq!(says(&b), "The attached card gets +2 ATK.");
        let mut c = one(Trigger::TURN_START, Verb::Draw { n: 1 }, Target::You);
        c.condition = Some(Condition::HandEmpty);
        c.steps[0].optional = true;
        assert_eq!(
            says(&c),
            "At the start of your turn, if you have no cards in hand, you may draw 1 card."
        );
    }

    #[test]
    fn nested_steps_targets_and_durations() {
        let roll = one(
            Trigger::PLAYED,
            Verb::RollOff {
                then: vec![
                    Step::new(
                        Verb::Modify {
                            stat: Stat::Atk,
                            delta: -1,
                        },
                        Target::Chosen {
                            who: Who::Enemy,
                            kind: Kind::Hero,
                        },
                    )
                    .lasting(Duration::UntilYourNextTurn),
                ],
            },
            Target::You,
        );
        assert_eq!(
            says(&roll),
            "When this card is played, both players roll a die; if yours is higher, \
             target enemy Hero gets -1 ATK until your next turn."
        );
        let mut hit = one(
            Trigger::Activated,
            Verb::Hit,
            Target::Chosen {
                who: Who::Enemy,
                kind: Kind::Fighter,
            },
        );
        hit.steps[0].reach = Some(Reach::Range);
        hit.label = Some("SPELL".into());
        hit.costs.push(Cost::Pay {
            what: Resource::Ap,
            n: 2,
        });
        assert_eq!(
            says(&hit),
            "SPELL: Pay 2 AP: hit target enemy Fighter within its range."
        );
    }
}
