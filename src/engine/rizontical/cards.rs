//! Rizontical cards compiled for the engine: a Fighter's stats and skills, a
//! Numen's Enchantment and Conjuration, a Power's rank, category, Use, Time
//! and effect — each rules text read by the game's grammar ([`super::text`])
//! or taken from the catalog's `effects` tables — and what this engine plays
//! of the effect language ([`SUPPORT`]).

use crate::engine::coverage::CardReading;
use crate::engine::effect::catalog::{Flat, abilities};
use crate::engine::effect::support::Support;
use crate::engine::effect::text::Base;
use crate::engine::effect::{
    Ability, Condition, Cost, Duration, Element, Event, Kind, Limit, Resource, Target, Trigger,
    Verb, Who,
};
use crate::model::{Card, FieldValue};

/// Elements and types as bits, for Weakness and Resistance matching.
pub mod bits {
    use crate::engine::effect::Element;

    pub const NEUTRAL: u16 = 1 << 0;
    pub const FIRE: u16 = 1 << 1;
    pub const ICE: u16 = 1 << 2;
    pub const AIR: u16 = 1 << 3;
    pub const EARTH: u16 = 1 << 4;
    pub const THUNDER: u16 = 1 << 5;
    pub const WATER: u16 = 1 << 6;
    pub const AKASHA: u16 = 1 << 7;
    pub const PHYSICAL: u16 = 1 << 8;
    pub const MAGICAL: u16 = 1 << 9;
    /// "Akasha is all elements at the same time except Neutral."
    pub const AKASHA_HIT: u16 = FIRE | ICE | AIR | EARTH | THUNDER | WATER | AKASHA;

    pub fn of(name: &str) -> u16 {
        match name {
            "neutral" => NEUTRAL,
            "fire" => FIRE,
            "ice" => ICE,
            "air" => AIR,
            "earth" => EARTH,
            "thunder" => THUNDER,
            "water" => WATER,
            "akasha" => AKASHA,
            "physical" => PHYSICAL,
            "magical" => MAGICAL,
            _ => 0,
        }
    }

    /// The single elements a hit of `mask` may be dealt with, one of which
    /// its owner chooses (rules-notes RZ 17: Akasha, "all elements at the
    /// same time", is one element of the owner's choice for each instance
    /// of DMG): every element bit of `mask` alone.
    pub fn singles(mask: u16) -> impl Iterator<Item = u16> {
        (0..8u16).map(|i| 1u16 << i).filter(move |&b| mask & b != 0)
    }

    /// An element bit's name, as the rulebook writes it.
    pub fn name(bit: u16) -> &'static str {
        match bit {
            NEUTRAL => "Neutral",
            FIRE => "Fire",
            ICE => "Ice",
            AIR => "Air",
            EARTH => "Earth",
            THUNDER => "Thunder",
            WATER => "Water",
            AKASHA => "Akasha",
            _ => "an element",
        }
    }

    /// The bits an element means when it is hit with or matched against.
    pub fn element(e: Element) -> u16 {
        match e {
            Element::Neutral => NEUTRAL,
            Element::Fire => FIRE,
            Element::Ice => ICE,
            Element::Air => AIR,
            Element::Earth => EARTH,
            Element::Thunder => THUNDER,
            Element::Water => WATER,
            Element::Akasha => AKASHA_HIT,
        }
    }
}

/// The seven skill labels (rulebook "Skills").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SkillKind {
    Passive,
    Trigger,
    Spell,
    /// SPELL*: the effect applies before the hit.
    SpellStar,
    Mana,
    Ultimate,
    Unique,
}

impl SkillKind {
    pub fn named(word: &str) -> Option<SkillKind> {
        Some(match word.to_ascii_lowercase().as_str() {
            "passive" => SkillKind::Passive,
            "trigger" => SkillKind::Trigger,
            "spell" => SkillKind::Spell,
            "spell*" => SkillKind::SpellStar,
            "mana" => SkillKind::Mana,
            "ultimate" => SkillKind::Ultimate,
            "unique" => SkillKind::Unique,
            _ => return None,
        })
    }

    pub fn label(self) -> &'static str {
        match self {
            SkillKind::Passive => "PASSIVE",
            SkillKind::Trigger => "TRIGGER",
            SkillKind::Spell => "SPELL",
            SkillKind::SpellStar => "SPELL*",
            SkillKind::Mana => "MANA",
            SkillKind::Ultimate => "ULTIMATE",
            SkillKind::Unique => "UNIQUE",
        }
    }

    /// Used by its Fighter's player on its turn (not always on, not a trigger).
    pub fn used(self) -> bool {
        !matches!(self, SkillKind::Passive | SkillKind::Trigger)
    }
}

/// One skill of a Fighter.
#[derive(Clone, Debug, PartialEq)]
pub struct Skill {
    pub kind: SkillKind,
    pub cost: u8,
    /// Use counter (0: unlimited).
    pub uses: u8,
    /// Time counter (0: no Time).
    pub time: u8,
    /// What it does (costs, limit and condition included).
    pub ability: Ability,
}

/// A Fighter's numbers and skills.
#[derive(Clone, Debug, PartialEq)]
pub struct Fighter {
    pub name: String,
    pub hp: i16,
    pub mana: i16,
    pub atk: i16,
    pub def: i16,
    pub mp: i16,
    pub speed: i16,
    pub range: i16,
    pub push: i16,
    pub weakness: i16,
    pub resistance: i16,
    pub weak_to: u16,
    pub resist_to: u16,
    /// The element choices of its hits (each a set of bits hit at once).
    pub elements: Vec<u16>,
    /// The type choices (0 = untyped).
    pub types: Vec<u16>,
    pub skills: Vec<Skill>,
    /// What its static (PASSIVE) skills can change: [`statics_mask`].
    pub statics: u32,
    /// The events its TRIGGER skills wait for: [`triggers_mask`].
    pub triggers: u32,
}

impl Fighter {
    pub fn of(card: &Card) -> Fighter {
        let int = |k: &str| card.int(k).unwrap_or(0).clamp(0, 99) as i16;
        let list = |k: &str| -> Vec<u16> {
            card.field(k)
                .and_then(|v| v.as_list())
                .into_iter()
                .flatten()
                .filter_map(|v| v.as_str())
                .map(|s| bits::of(&s.to_ascii_lowercase()))
                .collect()
        };
        let mut elements: Vec<u16> = list("elements")
            .into_iter()
            .map(|b| {
                if b == bits::AKASHA {
                    bits::AKASHA_HIT
                } else {
                    b
                }
            })
            .collect();
        if elements.is_empty() {
            elements.push(bits::NEUTRAL);
        }
        let mut types = list("fighter_types");
        if types.is_empty() {
            types.push(0);
        }
        let skills: Vec<Skill> = skills(card).into_iter().filter_map(|(s, _)| s).collect();
        Fighter {
            statics: statics_mask(skills.iter().map(|s| &s.ability)),
            triggers: triggers_mask(skills.iter().map(|s| &s.ability)),
            name: card.name.clone(),
            hp: int("hp"),
            mana: int("mana"),
            atk: int("atk"),
            def: int("def"),
            mp: int("mp"),
            speed: int("speed"),
            range: int("range"),
            push: int("push"),
            weakness: int("weakness"),
            resistance: int("resistance"),
            weak_to: list("weakness_to").into_iter().fold(0, |a, b| a | b),
            resist_to: list("resistance_to").into_iter().fold(0, |a, b| a | b),
            elements,
            types,
            skills,
        }
    }

    /// A training dummy: HP and DEF from the options, nothing else.
    pub fn dummy(hp: u32, def: u32) -> Fighter {
        Fighter {
            name: "Training Dummy".into(),
            hp: hp.min(999) as i16,
            mana: 0,
            atk: 0,
            def: def.min(999) as i16,
            mp: 0,
            speed: 0,
            range: 0,
            push: 0,
            weakness: 0,
            resistance: 0,
            weak_to: 0,
            resist_to: 0,
            elements: vec![bits::NEUTRAL],
            types: vec![0],
            skills: Vec::new(),
            statics: 0,
            triggers: 0,
        }
    }

    /// What a Summon is as an entity: "They ... all have 1 HP" (rulebook
    /// "Summons"); the Summon list, and so any other stat, was lost.
    pub fn summon() -> Fighter {
        Fighter {
            name: "Summon".into(),
            ..Fighter::dummy(1, 0)
        }
    }

    /// The importance blank in a Fighter deck: a Fighter that cannot hurt.
    pub fn blank() -> Fighter {
        Fighter {
            name: crate::engine::core::BLANK_NAME.into(),
            hp: 1,
            ..Fighter::dummy(1, 0)
        }
    }

    /// Whether its elements include `bit` (for "Allied Water Fighters").
    pub fn is(&self, bit: u16) -> bool {
        self.elements.iter().any(|&e| e & bit == bit)
    }
}

/// A static step that gives a keyword ([`statics_mask`]).
pub const STATIC_KEYWORD: u32 = 1 << 16;
/// A static step that gives a status.
pub const STATIC_STATUS: u32 = 1 << 17;
/// A static step that adds hit elements.
pub const STATIC_ELEMENTS: u32 = 1 << 18;
/// Any other static step (a free Conjuration, ...).
pub const STATIC_OTHER: u32 = 1 << 19;

/// What the static abilities among `abilities` can change, as bits: bit
/// `Stat as u32` for a stat a step modifies, and [`STATIC_KEYWORD`],
/// [`STATIC_STATUS`], [`STATIC_ELEMENTS`], [`STATIC_OTHER`] for the other
/// steps. A read of the statics in play skips every source whose bits miss
/// what it reads: most of a quick game's time went to walking them.
pub fn statics_mask<'a>(abilities: impl IntoIterator<Item = &'a Ability>) -> u32 {
    let mut m = 0;
    for a in abilities {
        if a.trigger != Trigger::Static {
            continue;
        }
        for s in &a.steps {
            m |= match s.verb {
                Verb::Modify { stat, .. } => 1 << stat as u32,
                Verb::Keyword { .. } => STATIC_KEYWORD,
                Verb::Give { .. } => STATIC_STATUS,
                Verb::AllElements | Verb::HitElement { .. } => STATIC_ELEMENTS,
                _ => STATIC_OTHER,
            };
        }
    }
    m
}

/// The events the triggered abilities among `abilities` wait for, a bit
/// per [`Event`] (`event as u32`): an event skips every source in play
/// whose bits miss it.
pub fn triggers_mask<'a>(abilities: impl IntoIterator<Item = &'a Ability>) -> u32 {
    abilities
        .into_iter()
        .filter_map(|a| match a.trigger {
            Trigger::On { event, .. } => Some(1 << event as u32),
            _ => None,
        })
        .fold(0, |m, b| m | b)
}

/// The four Power categories.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Category {
    Normal,
    Permanent,
    Trigger,
    Aura,
}

/// A Power as the engine plays it.
#[derive(Clone, Debug, PartialEq)]
pub struct Power {
    pub cost: u8,
    pub category: Category,
    pub legendary: bool,
    /// Use counter on arrival (0: none).
    pub uses: u8,
    /// Time counter on arrival (0: none).
    pub time: u8,
    pub abilities: Vec<Ability>,
    /// Whether the engine plays anything of it.
    pub modelled: bool,
    /// What its static abilities change while it is in a Power slot (a
    /// Permanent's or an Aura's; 0 for the other categories):
    /// [`statics_mask`].
    pub statics: u32,
    /// The events its abilities wait for: [`triggers_mask`].
    pub triggers: u32,
}

/// A Numen's two abilities.
#[derive(Clone, Debug, PartialEq)]
pub struct Numen {
    pub enchantment: Vec<Ability>,
    pub conjuration: Option<Ability>,
    pub cost: u8,
    /// What its Enchantment's static abilities change: [`statics_mask`].
    pub statics: u32,
    /// The events its Enchantment waits for: [`triggers_mask`].
    pub triggers: u32,
}

/// A card as the engine plays it.
#[derive(Clone, Debug, PartialEq)]
pub enum Def {
    Numen(Numen),
    Fighter(Fighter),
    Power(Power),
    /// The importance blank (a dead Power, or a harmless Fighter).
    Blank,
}

/// Whether `card`'s text may make a Summon ("summon a ..."): only those
/// are compiled to find the Summons a catalog makes.
pub fn mentions_summon(card: &Card) -> bool {
    let has = |s: &str| s.to_ascii_lowercase().contains("summon a");
    card.text.as_deref().is_some_and(has) || card.fields.values().any(|v| has(&v.display()))
}

/// The Summons `defs` make ("Summon a Wisp ..."), each name once, in the
/// order the cards name them.
pub fn summons_made(defs: &[Def]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut add = |a: &Ability| {
        for s in &a.steps {
            if let Verb::Summon { name } = &s.verb
                && !out.iter().any(|x| x.eq_ignore_ascii_case(name))
            {
                out.push(name.clone());
            }
        }
    };
    for d in defs {
        match d {
            Def::Fighter(f) => f.skills.iter().for_each(|s| add(&s.ability)),
            Def::Power(p) => p.abilities.iter().for_each(&mut add),
            Def::Numen(n) => n
                .enchantment
                .iter()
                .chain(n.conjuration.iter())
                .for_each(&mut add),
            Def::Blank => {}
        }
    }
    out
}

impl Def {
    pub fn of(card: &Card) -> Def {
        match card.card_type.as_str() {
            "fighter" => Def::Fighter(Fighter::of(card)),
            "power" => Def::Power(power(card)),
            "numen" => Def::Numen(numen(card)),
            _ => Def::Blank,
        }
    }

    pub fn fighter(&self) -> Option<&Fighter> {
        match self {
            Def::Fighter(f) => Some(f),
            _ => None,
        }
    }

    pub fn power(&self) -> Option<&Power> {
        match self {
            Def::Power(p) => Some(p),
            _ => None,
        }
    }

    pub fn numen(&self) -> Option<&Numen> {
        match self {
            Def::Numen(n) => Some(n),
            _ => None,
        }
    }
}

fn cost_of(card: &Card) -> u8 {
    card.cost.unwrap_or(0).clamp(0, 99) as u8
}

fn counter(card: &Card, key: &str) -> u8 {
    card.int(key).unwrap_or(0).clamp(0, 99) as u8
}

fn pay_ap(n: u8) -> Vec<Cost> {
    if n == 0 {
        Vec::new()
    } else {
        vec![Cost::Pay {
            what: Resource::Ap,
            n,
        }]
    }
}

/// How the catalog's flat `effects` keys read in this game.
pub const FLAT: Flat = Flat {
    energy: Resource::Ap,
    atk: Target::Attached,
};

/// Reads one text block with the grammar.
fn read_text(text: &str, base: &Base, out: &mut CardReading) {
    let r = super::text::grammar().read(text, base);
    let part = CardReading::from_reading(r, !text.trim().is_empty());
    out.abilities.extend(part.abilities);
    out.keywords.extend(part.keywords);
    out.not_understood.extend(part.not_understood);
    out.flavour.extend(part.flavour);
    out.has_rules_text |= part.has_rules_text;
}

/// A Fighter's skills, each with what the grammar read of it.
fn skills(card: &Card) -> Vec<(Option<Skill>, CardReading)> {
    let Some(list) = card.field("skills").and_then(FieldValue::as_list) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for v in list {
        let Some(t) = v.as_table() else { continue };
        let get_int = |k: &str| {
            t.get(k)
                .and_then(FieldValue::as_int)
                .unwrap_or(0)
                .clamp(0, 99) as u8
        };
        let word = t.get("kind").and_then(FieldValue::as_str).unwrap_or("");
        let text = t.get("text").and_then(FieldValue::as_str).unwrap_or("");
        let mut r = CardReading::default();
        let Some(kind) = SkillKind::named(word) else {
            r.not_understood.push(format!("skill kind \"{word}\""));
            out.push((None, r));
            continue;
        };
        let (cost, uses, time) = (get_int("cost"), get_int("use"), get_int("time"));
        let base = Base::new(if kind == SkillKind::Passive {
            Trigger::Static
        } else {
            Trigger::Activated
        })
        .labelled(kind.label());
        read_text(text, &base, &mut r);
        for a in &mut r.abilities {
            a.costs.extend(pay_ap(cost));
            if kind == SkillKind::Mana {
                // "by paying 1 MANA from its user along with its AP cost"
                a.costs.push(Cost::Pay {
                    what: Resource::Mana,
                    n: 1,
                });
            }
            if uses > 0 {
                a.limit = Limit::Uses { n: uses };
            }
            if time > 0 {
                // "Some skills are only active as long as they have Time"
                a.condition = Some(Condition::WhileTime);
            }
        }
        if kind == SkillKind::Trigger
            && r.abilities
                .iter()
                .any(|a| !matches!(a.trigger, Trigger::On { .. }))
        {
            r.not_understood
                .push(format!("TRIGGER skill without a situation: \"{text}\""));
        }
        let skill = (r.abilities.len() == 1).then(|| Skill {
            kind,
            cost,
            uses,
            time,
            ability: r.abilities[0].clone(),
        });
        if r.abilities.len() > 1 {
            r.not_understood
                .push(format!("a skill with several abilities: \"{text}\""));
        }
        out.push((skill, r));
    }
    out
}

fn numen(card: &Card) -> Numen {
    let (ench, conj) = numen_readings(card);
    Numen {
        statics: statics_mask(&ench.abilities),
        triggers: triggers_mask(&ench.abilities),
        enchantment: ench.abilities,
        conjuration: conj.abilities.into_iter().next(),
        cost: cost_of(card),
    }
}

fn numen_readings(card: &Card) -> (CardReading, CardReading) {
    let mut ench = CardReading::default();
    if let Some(t) = card.str_field("enchantment") {
        read_text(
            t,
            &Base::new(Trigger::Static).labelled("Enchantment"),
            &mut ench,
        );
    }
    let mut conj = CardReading::default();
    if let Some(t) = card.str_field("conjuration") {
        let mut base = Base::new(Trigger::Activated).labelled("Conjuration");
        base.costs = pay_ap(cost_of(card));
        base.limit = Limit::OncePerTurn;
        read_text(t, &base, &mut conj);
    }
    (ench, conj)
}

/// The category a Power card names.
pub fn category(card: &Card) -> Category {
    match card.str_field("category") {
        Some("permanent") => Category::Permanent,
        Some("trigger") => Category::Trigger,
        Some("aura") => Category::Aura,
        _ => Category::Normal,
    }
}

/// An Aura's "this Fighter" is the Fighter it is assigned to.
fn attach(a: &mut Ability) {
    if let Trigger::On {
        event,
        who: Who::This,
    } = a.trigger
    {
        a.trigger = Trigger::On {
            event,
            who: Who::Attached,
        };
    }
    fn walk(steps: &mut [crate::engine::effect::Step]) {
        for s in steps {
            if s.target == Target::This {
                s.target = Target::Attached;
            }
            if let Verb::PerEntityHit { then } | Verb::RollOff { then } = &mut s.verb {
                walk(then);
            }
        }
    }
    walk(&mut a.steps);
}

fn power_reading(card: &Card) -> CardReading {
    let cat = category(card);
    let text = card.text.as_deref().unwrap_or("").trim();
    let mut r = CardReading::default();
    if !card.effects.is_empty() {
        r.abilities = abilities(&card.effects, FLAT);
        r.has_rules_text = true;
    } else {
        let base = Base::new(match cat {
            Category::Permanent | Category::Aura => Trigger::Static,
            Category::Normal | Category::Trigger => Trigger::PLAYED,
        });
        read_text(text, &base, &mut r);
    }
    if cat == Category::Aura {
        r.abilities.iter_mut().for_each(attach);
    }
    if cat == Category::Trigger
        && r.abilities
            .iter()
            .any(|a| !matches!(a.trigger, Trigger::On { .. }))
    {
        r.not_understood
            .push("a Trigger Power without a situation".to_string());
    }
    r
}

fn power(card: &Card) -> Power {
    let r = power_reading(card);
    let modelled = !r.abilities.is_empty() && r.not_understood.is_empty() && {
        r.abilities.iter().all(|a| SUPPORT.check(a).is_empty())
    };
    let category = category(card);
    let statics = match category {
        Category::Permanent | Category::Aura => statics_mask(&r.abilities),
        Category::Normal | Category::Trigger => 0,
    };
    let triggers = triggers_mask(&r.abilities);
    Power {
        cost: cost_of(card),
        category,
        legendary: card.str_field("rank") == Some("legendary"),
        uses: counter(card, "use"),
        time: counter(card, "time"),
        abilities: r.abilities,
        modelled,
        statics,
        triggers,
    }
}

const fn on(event: Event, who: Who) -> Trigger {
    Trigger::On { event, who }
}

const fn each_of(element: Element) -> Target {
    Target::Each {
        who: Who::Ally,
        kind: Kind::FighterOf { element },
    }
}

/// What this engine plays (see [`crate::engine::effect::support`]).
pub const SUPPORT: Support = Support {
    game: "Rizontical",
    triggers: &[
        Trigger::PLAYED,
        Trigger::Activated,
        Trigger::Static,
        Trigger::TURN_START,
        on(Event::RoundStart, Who::You),
        on(Event::Defeated, Who::Ally),
        on(Event::Defeated, Who::Enemy),
        on(Event::WouldBeDefeated, Who::Ally),
        on(Event::Hits, Who::This),
        on(Event::Hits, Who::Attached),
        on(Event::Hits, Who::Ally),
        on(Event::Hits, Who::Enemy),
        on(Event::AboutToBeHit, Who::This),
        on(Event::AboutToBeHit, Who::Attached),
        on(Event::AboutToBeHit, Who::Ally),
        on(Event::AboutToBeHit, Who::AllyAround),
        on(Event::AboutToTakeDamage, Who::This),
        on(Event::AboutToTakeDamage, Who::Attached),
        on(Event::TakesPushDamage, Who::This),
        on(Event::TakesPushDamage, Who::Attached),
        on(Event::PushesIntoEntity, Who::This),
        on(Event::PushesIntoEntity, Who::Attached),
        on(Event::Deployed, Who::This),
        on(Event::Deployed, Who::Enemy),
        on(Event::UsesSkill, Who::Enemy),
        on(Event::UsesPower, Who::Enemy),
        on(Event::MovesNear, Who::Enemy),
    ],
    verbs: &[
        "draw",
        "gain",
        "damage",
        "element-damage",
        "heal",
        "heal-full",
        "modify",
        "keyword",
        "give",
        "cleanse",
        "hit",
        "hit-around",
        "per-entity-hit",
        "push",
        "move",
        "defeat",
        "look",
        "negate",
        "banish",
        "redirect",
        "deploy",
        "place-tile",
        "summon",
        "end-round",
        "set-hp",
        "take-buffs",
        "all-elements",
        "hit-element",
        "free-conjuration",
        "immune",
    ],
    resources: &[
        Resource::Ap,
        Resource::Mana,
        Resource::Protection,
        Resource::Use,
    ],
    targets: &[
        Target::You,
        Target::This,
        Target::Attached,
        Target::Subject,
        Target::Other,
        Target::Chosen {
            who: Who::Any,
            kind: Kind::Entity,
        },
        Target::Chosen {
            who: Who::Enemy,
            kind: Kind::Entity,
        },
        Target::Chosen {
            who: Who::Enemy,
            kind: Kind::Fighter,
        },
        Target::Chosen {
            who: Who::Ally,
            kind: Kind::Fighter,
        },
        Target::Chosen {
            who: Who::Any,
            kind: Kind::Summon,
        },
        Target::Each {
            who: Who::Ally,
            kind: Kind::Fighter,
        },
        Target::Each {
            who: Who::Enemy,
            kind: Kind::Fighter,
        },
        Target::Each {
            who: Who::Enemy,
            kind: Kind::Entity,
        },
        Target::Each {
            who: Who::AllyAround,
            kind: Kind::Summon,
        },
        each_of(Element::Neutral),
        each_of(Element::Fire),
        each_of(Element::Ice),
        each_of(Element::Air),
        each_of(Element::Earth),
        each_of(Element::Thunder),
        each_of(Element::Water),
        each_of(Element::Akasha),
    ],
    costs: &["pay", "use-counter"],
    conditions: &["first-time-each-round", "while-time"],
    durations: &[
        Duration::Instant,
        Duration::ThisTurn,
        Duration::ThisRound,
        Duration::WhileInPlay,
    ],
    against_opponent: &[
        "usesskill",
        "usespower",
        "movesnear",
        "abouttobehit",
        "wouldbedefeated",
        "defeated",
        "negate",
        "banish",
        "redirect",
    ],
};

/// What the engine makes of a card: every rules text it has (a Power's
/// text or `effects`, a Fighter's skills, a Numen's Enchantment and
/// Conjuration) read, then checked against [`SUPPORT`].
pub fn read(card: &Card) -> CardReading {
    let mut r = CardReading::default();
    match card.card_type.as_str() {
        "fighter" => {
            for (_, part) in skills(card) {
                r.abilities.extend(part.abilities);
                r.not_understood.extend(part.not_understood);
                r.flavour.extend(part.flavour);
                r.has_rules_text |= part.has_rules_text;
            }
        }
        "numen" => {
            let (e, c) = numen_readings(card);
            for part in [e, c] {
                r.abilities.extend(part.abilities);
                r.not_understood.extend(part.not_understood);
                r.flavour.extend(part.flavour);
                r.has_rules_text |= part.has_rules_text;
            }
        }
        "power" => r = power_reading(card),
        _ => {}
    }
    for a in &r.abilities {
        r.unsupported.extend(SUPPORT.check(a));
        for part in SUPPORT.opponent_parts(a) {
            let part = match &a.label {
                Some(l) => format!("{l}: {part}"),
                None => part,
            };
            if !r.against_opponent.contains(&part) {
                r.against_opponent.push(part);
            }
        }
    }
    r.unsupported.dedup();
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::effect::Stat;
    use crate::model::Effect;

    /// The sample catalog's hand-written `effects`, before the cards were
    /// played from their printed text.
    const HAND_WRITTEN: &[(&str, &str)] = &[
        (
            "Aether Surge",
            r#"[{ on = "deploy", energy = 1, draw = 1 }]"#,
        ),
        ("Soul Insight", r#"[{ on = "deploy", draw = 2 }]"#),
        ("Quick Draw", r#"[{ on = "deploy", draw = 1 }]"#),
        ("Cascade of Power", r#"[{ on = "deploy", energy = 5 }]"#),
        ("Grand Library", r#"[{ on = "turn-start", draw = 1 }]"#),
    ];

    /// The printed text of every sample card that had hand-written effects
    /// reads into the same abilities.
    #[test]
    fn the_grammar_reads_what_the_hand_written_effects_said() {
        let cat = crate::catalog::load(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("resources/catalogs/rizontical.toml"),
        )
        .unwrap()
        .catalog;
        #[derive(serde::Deserialize)]
        struct Row {
            effects: Vec<Effect>,
        }
        for (name, effects) in HAND_WRITTEN {
            let card = cat.cards.iter().find(|c| c.name == *name).unwrap();
            assert!(card.effects.is_empty(), "{name} is played from its text");
            let row: Row = toml::from_str(&format!("effects = {effects}")).unwrap();
            let read = read(card);
            assert_eq!(read.status(), crate::engine::coverage::Status::Modelled);
            let want = abilities(&row.effects, FLAT);
            assert_eq!(read.abilities.len(), want.len(), "{name}");
            for (got, want) in read.abilities.iter().zip(&want) {
                assert_eq!(got.trigger, want.trigger, "{name}");
                let mut a: Vec<String> = got.steps.iter().map(|s| format!("{s:?}")).collect();
                let mut b: Vec<String> = want.steps.iter().map(|s| format!("{s:?}")).collect();
                a.sort();
                b.sort();
                assert_eq!(a, b, "{name}");
            }
        }
    }

    fn card(kind: &str, text: &str) -> Card {
        let mut c = Card::new("X", kind);
        c.text = Some(text.into());
        c
    }

    #[test]
    fn an_unread_phrase_is_reported_with_its_words() {
        let mut c = card("power", "Draw 1 Power. Swap every Numen.");
        c.fields
            .insert("category".into(), FieldValue::Text("normal".into()));
        let r = read(&c);
        assert_eq!(r.not_understood, vec!["swap every numen".to_string()]);
        assert_eq!(r.status(), crate::engine::coverage::Status::Partial);
        assert!(!power(&c).modelled);
    }

    #[test]
    fn an_aura_means_the_fighter_it_is_assigned_to() {
        let mut c = card(
            "power",
            "When this Fighter hits: this Power loses 1 Use and the target gets the Poison status.",
        );
        c.fields
            .insert("category".into(), FieldValue::Text("aura".into()));
        let p = power(&c);
        assert_eq!(
            p.abilities[0].trigger,
            Trigger::On {
                event: Event::Hits,
                who: Who::Attached
            }
        );
        assert_eq!(p.abilities[0].costs, vec![Cost::UseCounter]);
    }

    #[test]
    fn skills_carry_their_kind_costs_use_and_time() {
        let cat = crate::catalog::load(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("resources/catalogs/rizontical.toml"),
        )
        .unwrap()
        .catalog;
        let f = |n: &str| Fighter::of(cat.cards.iter().find(|c| c.name == n).unwrap());
        let mya = f("Mya");
        assert_eq!(mya.skills[0].kind, SkillKind::Mana);
        assert_eq!(
            mya.skills[0].ability.costs,
            vec![
                Cost::Pay {
                    what: Resource::Ap,
                    n: 1
                },
                Cost::Pay {
                    what: Resource::Mana,
                    n: 1
                }
            ]
        );
        let lyss = f("Lyss");
        assert_eq!(lyss.skills[1].uses, 3);
        assert_eq!(lyss.skills[1].ability.limit, Limit::Uses { n: 3 });
        let tarq = f("Tarq");
        assert_eq!(tarq.skills[1].time, 3);
        assert_eq!(tarq.skills[1].ability.condition, Some(Condition::WhileTime));
        assert_eq!(f("Zill").skills.len(), 3);
    }

    /// A card's static bits name what its static abilities change, and
    /// only a Permanent's or an Aura's count (a stat read skips a source
    /// whose bits miss it).
    #[test]
    fn a_cards_static_and_trigger_bits_name_what_its_abilities_do() {
        let aura = |text: &str, category: &str| {
            let mut c = card("power", text);
            c.fields
                .insert("category".into(), FieldValue::Text(category.into()));
            power(&c).statics
        };
        let bit = |s: Stat| 1u32 << s as u32;
        assert_eq!(
            aura("This Fighter gets +2 ATK and -2 DEF.", "aura"),
            bit(Stat::Atk) | bit(Stat::Def)
        );
        assert_eq!(
            aura("Allied Fighters get +1 RA.", "permanent"),
            bit(Stat::Range)
        );
        assert_eq!(aura("Draw 1 Power.", "normal"), 0);
        assert_eq!(
            aura(
                "When this Fighter hits: the target gets the Poison status.",
                "aura"
            ),
            0,
            "a triggered ability is no static"
        );
        let mut c = card(
            "power",
            "When this Fighter hits: the target gets the Poison status.",
        );
        c.fields
            .insert("category".into(), FieldValue::Text("aura".into()));
        assert_eq!(power(&c).triggers, 1 << Event::Hits as u32);
        let mut c = card("power", "Allied Fighters get +1 RA.");
        c.fields
            .insert("category".into(), FieldValue::Text("permanent".into()));
        assert_eq!(power(&c).triggers, 0, "a static waits for no event");
    }
}
