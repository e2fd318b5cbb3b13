//! Rizontical's rules-text grammar: the rulebook's own templating for skills,
//! Numen abilities and Powers ("When this Fighter is about to be hit:",
//! "Hit a target (RA), then push it by 1 cell", "(∞RA)", "Once per turn:",
//! "This Fighter gets +2 DEF") mapped to the effect language.
//!
//! Conventions the engine relies on: "this Fighter" is [`Target::This`]
//! (on an Aura the compiler turns it into the Fighter the Aura is assigned
//! to); "it" / "its" is [`Target::Subject`] — the entity the trigger is
//! about, or the target chosen for the skill or Power; the other entity of a
//! triggering event ("its attacker", "that ally", "the target") is
//! [`Target::Other`].

use std::sync::OnceLock;

use crate::engine::effect::lexicon::Lexicon;
use crate::engine::effect::text::{Cap, Grammar, Phrase, Piece};
use crate::engine::effect::{
    Condition, Cost, Duration, Element, Event, Keyword, Kind, Limit, Reach, Resource, Stat, Status,
    Step, Target, Trigger, Verb, Who,
};
use crate::model::GameId;

fn steps(s: Vec<Step>) -> Piece {
    Piece::Steps(s)
}

fn one(verb: Verb, target: Target) -> Piece {
    steps(vec![Step::new(verb, target)])
}

fn within(verb: Verb, target: Target, reach: Reach) -> Piece {
    steps(vec![Step::new(verb, target).within(reach)])
}

fn fact(verb: Verb, target: Target) -> Piece {
    Piece::Static(vec![Step::new(verb, target)])
}

/// "Summon a wisp": the Summon's name as a card would print it.
fn summon(name: &Cap) -> Verb {
    let mut chars = name.w().chars();
    let name = chars
        .next()
        .map(|f| f.to_uppercase().chain(chars).collect())
        .unwrap_or_default();
    Verb::Summon { name }
}

fn on(event: Event, who: Who) -> Piece {
    Piece::trigger(Trigger::On { event, who })
}

const CHOSEN_ENTITY: Target = Target::Chosen {
    who: Who::Any,
    kind: Kind::Entity,
};
const ENEMY_FIGHTER: Target = Target::Chosen {
    who: Who::Enemy,
    kind: Kind::Fighter,
};
const ALLY_FIGHTER: Target = Target::Chosen {
    who: Who::Ally,
    kind: Kind::Fighter,
};
const ALLIES: Target = Target::Each {
    who: Who::Ally,
    kind: Kind::Fighter,
};

/// The statistic a word names.
pub fn stat(word: &str) -> Option<Stat> {
    Some(match word {
        "atk" => Stat::Atk,
        "def" => Stat::Def,
        "mp" => Stat::Mp,
        "ra" => Stat::Range,
        "psh" => Stat::Push,
        "hp" => Stat::Hp,
        _ => return None,
    })
}

/// The status a word names (rulebook Status List).
pub fn status(word: &str) -> Option<Status> {
    Some(match word {
        "burned" => Status::Burned,
        "first" => Status::First,
        "invincible" => Status::Invincible,
        "last" => Status::Last,
        "poison" => Status::Poison,
        "shield" => Status::Shield,
        _ => return None,
    })
}

/// A stat change, or nothing the grammar knows (reported).
fn modify(target: Target, c: &Cap, s: &Cap) -> Piece {
    match stat(s.w()) {
        Some(stat) => one(Verb::Modify { stat, delta: c.d() }, target),
        None => Piece::Known,
    }
}

fn give(target: Target, word: &str, reach: Option<Reach>) -> Piece {
    match status(word) {
        Some(status) => {
            let mut s = Step::new(Verb::Give { status }, target);
            s.reach = reach;
            steps(vec![s])
        }
        None => Piece::Known,
    }
}

fn element_damage(c: &[Cap], target: Target, reach: Reach) -> Piece {
    match Element::named(c[1].w()) {
        Some(element) => within(
            Verb::ElementDamage {
                n: c[0].n(),
                element,
            },
            target,
            reach,
        ),
        None => Piece::Known,
    }
}

fn gain_ap(c: &[Cap]) -> Piece {
    one(
        Verb::Gain {
            what: Resource::Ap,
            n: c[0].n(),
        },
        Target::You,
    )
}

const SENTENCES: &[Phrase] = &[
    // Gale Step: a reminder that the ally's own once-per-turn move is kept
    Phrase {
        pattern: "this is not its movement",
        build: |_| Piece::Known,
    },
    // Tear in Time: the rulebook's order of round end applies
    Phrase {
        pattern: "round end effects apply as usual",
        build: |_| Piece::Known,
    },
];

const TRIGGERS: &[Phrase] = &[
    Phrase {
        pattern: "when (an|this) (allied|enemy) fighter is defeated",
        build: |c| {
            on(
                Event::Defeated,
                if c[1].w() == "enemy" {
                    Who::Enemy
                } else {
                    Who::Ally
                },
            )
        },
    },
    Phrase {
        pattern: "when an ally is defeated",
        build: |_| on(Event::Defeated, Who::Ally),
    },
    Phrase {
        pattern: "when an ally would be defeated",
        build: |_| on(Event::WouldBeDefeated, Who::Ally),
    },
    Phrase {
        pattern: "the first time each round an allied fighter deals hit dmg ,",
        build: |_| Piece::Trigger {
            trigger: Trigger::On {
                event: Event::Hits,
                who: Who::Ally,
            },
            costs: Vec::new(),
            limit: Limit::Unlimited,
            condition: Some(Condition::FirstTimeEachRound),
        },
    },
    Phrase {
        pattern: "when this fighter is about to be hit",
        build: |_| on(Event::AboutToBeHit, Who::This),
    },
    Phrase {
        pattern: "when an ally around this fighter is about to be hit",
        build: |_| on(Event::AboutToBeHit, Who::AllyAround),
    },
    Phrase {
        pattern: "when an ally is about to be hit",
        build: |_| on(Event::AboutToBeHit, Who::Ally),
    },
    Phrase {
        pattern: "when this fighter is about to take dmg",
        build: |_| on(Event::AboutToTakeDamage, Who::This),
    },
    Phrase {
        pattern: "when this fighter takes psh dmg",
        build: |_| on(Event::TakesPushDamage, Who::This),
    },
    Phrase {
        pattern: "when this fighter pushes an entity against another entity",
        build: |_| on(Event::PushesIntoEntity, Who::This),
    },
    Phrase {
        pattern: "when this fighter is deployed",
        build: |_| on(Event::Deployed, Who::This),
    },
    Phrase {
        pattern: "when an enemy fighter is deployed",
        build: |_| on(Event::Deployed, Who::Enemy),
    },
    Phrase {
        pattern: "when an enemy fighter uses a skill",
        build: |_| on(Event::UsesSkill, Who::Enemy),
    },
    Phrase {
        pattern: "when an enemy power is used",
        build: |_| on(Event::UsesPower, Who::Enemy),
    },
    Phrase {
        pattern: "when an enemy fighter moves onto a cell around an ally",
        build: |_| on(Event::MovesNear, Who::Enemy),
    },
    Phrase {
        pattern: "when an enemy fighter hits an ally",
        build: |_| on(Event::Hits, Who::Enemy),
    },
    Phrase {
        pattern: "when this fighter hits",
        build: |_| on(Event::Hits, Who::This),
    },
    Phrase {
        pattern: "at each turn start ,",
        build: |_| Piece::trigger(Trigger::TURN_START),
    },
    Phrase {
        pattern: "at the start of each turn ,",
        build: |_| Piece::trigger(Trigger::TURN_START),
    },
    Phrase {
        pattern: "at each round start ,",
        build: |_| on(Event::RoundStart, Who::You),
    },
    Phrase {
        pattern: "once per turn :",
        build: |_| Piece::Trigger {
            trigger: Trigger::Activated,
            costs: Vec::new(),
            limit: Limit::OncePerTurn,
            condition: None,
        },
    },
];

const CLAUSES: &[Phrase] = &[
    // ---- AP, Powers, Use
    Phrase {
        pattern: "[you] gain {n} ap",
        build: gain_ap,
    },
    Phrase {
        pattern: "[you] draw {n} [more] power(s)",
        build: |c| one(Verb::Draw { n: c[0].n() }, Target::You),
    },
    Phrase {
        pattern: "look at the top {n} card(s) of your power deck : put {n} in your hand and the others at the bottom of your power deck",
        build: |c| {
            one(
                Verb::Look {
                    n: c[0].n(),
                    keep: c[1].n(),
                },
                Target::You,
            )
        },
    },
    Phrase {
        pattern: "this power loses {n} use",
        build: |_| Piece::Cost(Cost::UseCounter),
    },
    // ---- hits
    Phrase {
        pattern: "hit a target ( ra )",
        build: |_| within(Verb::Hit, Target::Subject, Reach::Range),
    },
    Phrase {
        pattern: "hit a target ( ∞ra )",
        build: |_| within(Verb::Hit, Target::Subject, Reach::Unlimited),
    },
    Phrase {
        pattern: "hit a target around this fighter",
        build: |_| within(Verb::Hit, Target::Subject, Reach::Around),
    },
    Phrase {
        pattern: "hit all cells around [to] this fighter",
        build: |_| one(Verb::HitAround, Target::This),
    },
    Phrase {
        pattern: "hits all cells around [to] this fighter and you gain {n} ap per entity hit",
        build: |c| {
            one(
                Verb::PerEntityHit {
                    then: vec![Step::new(
                        Verb::Gain {
                            what: Resource::Ap,
                            n: c[0].n(),
                        },
                        Target::You,
                    )],
                },
                Target::This,
            )
        },
    },
    Phrase {
        pattern: "it may hit its attacker before the hit ( ra )",
        build: |_| {
            let mut s = Step::new(Verb::Hit, Target::Other).within(Reach::Range);
            s.optional = true;
            steps(vec![s])
        },
    },
    Phrase {
        pattern: "that ally hits it",
        build: |_| one(Verb::Hit, Target::Subject),
    },
    Phrase {
        pattern: "this fighter takes the hit instead",
        build: |_| one(Verb::Redirect, Target::This),
    },
    Phrase {
        pattern: "the hit dmg is dealt to the attacker instead",
        build: |_| one(Verb::Redirect, Target::Subject),
    },
    Phrase {
        pattern: "it deals {n} extra dmg",
        build: |c| {
            one(
                Verb::Modify {
                    stat: Stat::ExtraDamage,
                    delta: c[0].d(),
                },
                Target::Subject,
            )
        },
    },
    Phrase {
        pattern: "this fighter gets the hit dmg dealt buff with value {n}",
        build: |c| {
            one(
                Verb::Modify {
                    stat: Stat::ExtraDamage,
                    delta: c[0].d(),
                },
                Target::This,
            )
        },
    },
    Phrase {
        pattern: "this fighter's hits are in the {w} element and deal {n} extra dmg",
        build: |c| {
            steps(vec![
                Step::new(
                    Verb::HitElement {
                        element: c[0].w().to_string(),
                    },
                    Target::This,
                ),
                Step::new(
                    Verb::Modify {
                        stat: Stat::ExtraDamage,
                        delta: c[1].d(),
                    },
                    Target::This,
                ),
            ])
        },
    },
    // ---- pushes
    Phrase {
        pattern: "push it by {n} cell(s)",
        build: |c| {
            one(
                Verb::Push {
                    n: c[0].n(),
                    up_to: false,
                },
                Target::Subject,
            )
        },
    },
    Phrase {
        pattern: "push it by up to {n} cell(s)",
        build: |c| {
            one(
                Verb::Push {
                    n: c[0].n(),
                    up_to: true,
                },
                Target::Subject,
            )
        },
    },
    Phrase {
        pattern: "push any entity on the board by {n} cell(s) ( ∞ra )",
        build: |c| {
            within(
                Verb::Push {
                    n: c[0].n(),
                    up_to: false,
                },
                CHOSEN_ENTITY,
                Reach::Unlimited,
            )
        },
    },
    Phrase {
        pattern: "push every enemy entity around this fighter by {n} cell(s)",
        build: |c| {
            within(
                Verb::Push {
                    n: c[0].n(),
                    up_to: false,
                },
                Target::Each {
                    who: Who::Enemy,
                    kind: Kind::Entity,
                },
                Reach::Around,
            )
        },
    },
    Phrase {
        pattern: "push an enemy entity around an ally by {n} cell(s)",
        build: |c| {
            within(
                Verb::Push {
                    n: c[0].n(),
                    up_to: false,
                },
                Target::Chosen {
                    who: Who::Enemy,
                    kind: Kind::Entity,
                },
                Reach::AroundAlly,
            )
        },
    },
    Phrase {
        pattern: "this fighter can't be pushed",
        build: |_| {
            fact(
                Verb::Keyword {
                    keyword: Keyword::Unpushable,
                    n: 0,
                    gain: true,
                },
                Target::This,
            )
        },
    },
    Phrase {
        pattern: "allied summons around this fighter can't be pushed",
        build: |_| {
            fact(
                Verb::Keyword {
                    keyword: Keyword::Unpushable,
                    n: 0,
                    gain: true,
                },
                Target::Each {
                    who: Who::AllyAround,
                    kind: Kind::Summon,
                },
            )
        },
    },
    Phrase {
        pattern: "deal {n} extra dmg to both",
        build: |c| {
            steps(vec![
                Step::new(Verb::Damage { n: c[0].n() }, Target::Subject),
                Step::new(Verb::Damage { n: c[0].n() }, Target::Other),
            ])
        },
    },
    Phrase {
        pattern: "put a push tile on an empty cell adjacent to this fighter",
        build: |_| one(Verb::PlaceTile, Target::This),
    },
    // "A Summon can be deployed on the board by an effect on an empty cell
    // of their owner's choice" (rulebook "Summons")
    Phrase {
        pattern: "summon a {w} on an empty cell around this fighter",
        build: |c| within(summon(&c[0]), Target::This, Reach::Around),
    },
    Phrase {
        pattern: "summon a {w} on an empty cell",
        build: |c| one(summon(&c[0]), Target::This),
    },
    Phrase {
        pattern: "summon a {w}",
        build: |c| one(summon(&c[0]), Target::This),
    },
    // ---- stats, buffs, statuses
    Phrase {
        pattern: "move any allies buff value on this fighter",
        build: |_| one(Verb::TakeBuffs, Target::This),
    },
    Phrase {
        pattern: "it gets {d} {w}",
        build: |c| modify(Target::Subject, &c[0], &c[1]),
    },
    Phrase {
        pattern: "this fighter gets {d} {w}",
        build: |c| modify(Target::This, &c[0], &c[1]),
    },
    Phrase {
        pattern: "{d} (atk|def|mp|ra)",
        build: |c| modify(Target::This, &c[0], &c[1]),
    },
    Phrase {
        pattern: "allied fighters get {d} {w}",
        build: |c| match modify(ALLIES, &c[0], &c[1]) {
            Piece::Steps(s) => Piece::Static(s),
            p => p,
        },
    },
    Phrase {
        pattern: "allied {w} fighters get {d} {w}",
        build: |c| match Element::named(c[0].w()) {
            Some(element) => match modify(
                Target::Each {
                    who: Who::Ally,
                    kind: Kind::FighterOf { element },
                },
                &c[1],
                &c[2],
            ) {
                Piece::Steps(s) => Piece::Static(s),
                p => p,
            },
            None => Piece::Known,
        },
    },
    Phrase {
        pattern: "it gains {n} protection",
        build: |c| {
            one(
                Verb::Gain {
                    what: Resource::Protection,
                    n: c[0].n(),
                },
                Target::Subject,
            )
        },
    },
    Phrase {
        pattern: "it gets the {w} status",
        build: |c| give(Target::Subject, c[0].w(), None),
    },
    Phrase {
        pattern: "this fighter gets the {w} status",
        build: |c| give(Target::This, c[0].w(), None),
    },
    Phrase {
        pattern: "the target gets the {w} status",
        build: |c| give(Target::Other, c[0].w(), None),
    },
    Phrase {
        pattern: "give it the {w} status",
        build: |c| give(Target::Subject, c[0].w(), None),
    },
    Phrase {
        pattern: "give an enemy fighter the {w} status ( ∞ra )",
        build: |c| give(ENEMY_FIGHTER, c[0].w(), Some(Reach::Unlimited)),
    },
    Phrase {
        pattern: "this fighter has the {w} status while this skill has time",
        build: |c| give(Target::This, c[0].w(), None),
    },
    Phrase {
        pattern: "allied fighters can't get the {w} status",
        build: |c| match status(c[0].w()) {
            Some(status) => fact(Verb::Immune { status }, ALLIES),
            None => Piece::Known,
        },
    },
    Phrase {
        pattern: "this fighter is every element except neutral",
        build: |_| one(Verb::AllElements, Target::This),
    },
    Phrase {
        pattern: "remove every debuff from an ally",
        build: |_| one(Verb::Cleanse, ALLY_FIGHTER),
    },
    // ---- HP
    Phrase {
        pattern: "heal this fighter by {n} hp",
        build: |c| one(Verb::Heal { n: c[0].n() }, Target::This),
    },
    Phrase {
        pattern: "heal an ally by {n} hp",
        build: |c| one(Verb::Heal { n: c[0].n() }, ALLY_FIGHTER),
    },
    Phrase {
        pattern: "heal every ally to its printed hp",
        build: |_| one(Verb::HealFull, ALLIES),
    },
    Phrase {
        pattern: "its hp becomes {n} instead",
        build: |c| one(Verb::SetHp { n: c[0].n() }, Target::Subject),
    },
    Phrase {
        pattern: "defeat a summon ( ∞ra )",
        build: |_| {
            within(
                Verb::Defeat { max_hp: None },
                Target::Chosen {
                    who: Who::Any,
                    kind: Kind::Summon,
                },
                Reach::Unlimited,
            )
        },
    },
    // ---- Power DMG
    Phrase {
        pattern: "deal {n} {w} dmg to an enemy fighter within the ra of an ally",
        build: |c| element_damage(c, ENEMY_FIGHTER, Reach::AllyRange),
    },
    Phrase {
        pattern: "deal {n} {w} dmg to an enemy fighter within {n} cells of an ally",
        build: |c| element_damage(c, ENEMY_FIGHTER, Reach::AllyCells { n: c[2].n() }),
    },
    Phrase {
        pattern: "deal {n} {w} dmg to every enemy fighter in your opponent's deploy zone",
        build: |c| {
            element_damage(
                c,
                Target::Each {
                    who: Who::Enemy,
                    kind: Kind::Fighter,
                },
                Reach::EnemyDeployZone,
            )
        },
    },
    // ---- moves, deploys, the round
    Phrase {
        pattern: "move an ally by up to {n} cell(s)",
        build: |c| one(Verb::Move { n: c[0].n() }, ALLY_FIGHTER),
    },
    Phrase {
        pattern: "deploy a fighter from your fighter deck on any empty slot , even the current turn slot",
        build: |_| one(Verb::Deploy { first: false }, Target::You),
    },
    Phrase {
        pattern: "deploy a fighter from your fighter deck on its slot ; it gets the first status",
        build: |_| one(Verb::Deploy { first: true }, Target::Subject),
    },
    Phrase {
        pattern: "end the current round",
        build: |_| one(Verb::EndRound, Target::You),
    },
    // ---- answers
    Phrase {
        pattern: "negate it",
        build: |_| one(Verb::Negate, Target::Subject),
    },
    Phrase {
        pattern: "the dmg is negated",
        build: |_| one(Verb::Negate, Target::Subject),
    },
    Phrase {
        pattern: "send it to the void before its effect applies",
        build: |_| one(Verb::Banish, Target::Subject),
    },
    Phrase {
        pattern: "your numen's conjuration costs 0 ap",
        build: |_| fact(Verb::FreeConjuration, Target::You),
    },
];

const MODIFIERS: &[Phrase] = &[
    Phrase {
        pattern: "until the end of its turn",
        build: |_| Piece::Duration(Duration::ThisTurn),
    },
    Phrase {
        pattern: "until the end of the round",
        build: |_| Piece::Duration(Duration::ThisRound),
    },
];

/// Words that start an effect clause (a subject carries over "and").
const VERBS: &[&str] = &[
    "gain", "gains", "get", "gets", "draw", "deal", "deals", "hit", "hits", "push", "is", "has",
    "takes", "heal", "move", "give", "put", "remove", "end", "deploy", "negate", "send", "look",
];

/// Trigger prefixes with the punctuation the rulebook puts after them:
/// "When ... :" on Powers and TRIGGER skills, "When ..., " in sentences.
/// Patterns that already end in punctuation are kept as they are.
fn punctuated() -> Vec<Phrase> {
    let mut out = Vec::new();
    for p in TRIGGERS {
        if p.pattern.ends_with(',') || p.pattern.ends_with(':') {
            out.push(*p);
            continue;
        }
        for mark in [" :", " ,"] {
            let pattern: &'static str = Box::leak(format!("{}{mark}", p.pattern).into_boxed_str());
            out.push(Phrase {
                pattern,
                build: p.build,
            });
        }
    }
    out
}

/// The grammar (built once).
pub fn grammar() -> &'static Grammar {
    static G: OnceLock<Grammar> = OnceLock::new();
    G.get_or_init(|| {
        Grammar::new(
            "Rizontical",
            Lexicon::of_builtin(GameId::Rizontical),
            SENTENCES,
            &punctuated(),
            CLAUSES,
            MODIFIERS,
            VERBS,
        )
    })
}
