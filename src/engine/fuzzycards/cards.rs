//! Fuzzycards cards compiled for the engine: each card's keywords (its
//! `keywords` field and its text) and abilities (its printed text read by
//! the game's grammar, or its catalog `effects` tables), sorted by when they
//! happen; what this engine plays of the effect language ([`SUPPORT`]); and
//! what it makes of a card for coverage ([`read`]).
//!
//! Rulings the reading follows:
//! - A Common Hero's text is flavour: the rulebook's stat table gives
//!   Commons the ability "None (flavor)". Its `keywords` field still counts.
//!   Relics and Events of every rarity are read (the table is "HERO STATS").
//! - The `timing` field is a label, not a rule: what a card does and when
//!   comes from its text (or its `effects`).
//! - A keyword the text or the `keywords` field names is the card's own;
//!   Silence is a keyword whose target and duration the text gives ("Silence
//!   target enemy Hero until your next turn"), so a card with the keyword and
//!   no Silence in its text is reported.

use crate::engine::coverage::CardReading;
use crate::engine::effect::catalog::{Flat, abilities};
use crate::engine::effect::support::Support;
use crate::engine::effect::text::Base;
use crate::engine::effect::{
    Ability, Duration, Event, Keyword, Kind as Which, Limit, Resource, Stat, Status, Target,
    Trigger, Verb, Who,
};
use crate::model::Card;

/// What this engine plays (see [`crate::engine::effect::support`]).
pub const SUPPORT: Support = Support {
    game: "Fuzzycards",
    triggers: &[
        Trigger::PLAYED,
        Trigger::Static,
        Trigger::Activated,
        Trigger::TURN_START,
        Trigger::TURN_END,
        Trigger::On {
            event: Event::Attacks,
            who: Who::This,
        },
        Trigger::On {
            event: Event::Hits,
            who: Who::This,
        },
        Trigger::On {
            event: Event::Kills,
            who: Who::This,
        },
        Trigger::On {
            event: Event::Defeated,
            who: Who::This,
        },
    ],
    verbs: &[
        "draw", "gain", "lose", "damage", "heal", "modify", "keyword", "give", "defeat",
    ],
    resources: &[Resource::Energy, Resource::Life],
    targets: &[
        Target::You,
        Target::Opponent,
        Target::This,
        Target::Attached,
        Target::Chosen {
            who: Who::Enemy,
            kind: Which::Hero,
        },
        Target::Each {
            who: Who::Enemy,
            kind: Which::Hero,
        },
        EACH_ALLY_HERO,
        EACH_OTHER_ALLY_HERO,
    ],
    costs: &["pay"],
    conditions: &[],
    durations: &[
        Duration::Instant,
        Duration::ThisTurn,
        Duration::UntilYourNextTurn,
        Duration::UntilEndOfOpponentsNextTurn,
        Duration::WhileInPlay,
    ],
    against_opponent: &["kills", "give", "defeat"],
};

/// "Allied Heroes", "your Heroes".
const EACH_ALLY_HERO: Target = Target::Each {
    who: Who::Ally,
    kind: Which::Hero,
};

/// "Your other Heroes", "other allied Heroes".
const EACH_OTHER_ALLY_HERO: Target = Target::Each {
    who: Who::OtherAlly,
    kind: Which::Hero,
};

/// How the catalog's flat `effects` keys read: `energy` is Energy, and `atk`
/// changes the card itself (a Hero) or its Hero (an Equip Relic, [`FLAT_EQUIP`]).
pub const FLAT: Flat = Flat {
    energy: Resource::Energy,
    atk: Target::This,
};

pub const FLAT_EQUIP: Flat = Flat {
    energy: Resource::Energy,
    atk: Target::Attached,
};

// Keyword bits (a card's keywords as one `u16`).
pub const RUSH: u16 = 1;
pub const GUARD: u16 = 1 << 1;
pub const STEALTH: u16 = 1 << 2;
pub const DRAIN: u16 = 1 << 3;
pub const SHIELD: u16 = 1 << 4;
pub const BRIDGE: u16 = 1 << 5;
pub const SILENCE: u16 = 1 << 6;
pub const BURN: u16 = 1 << 7;

/// Every keyword bit with its keyword and rulebook name.
pub const KEYWORD_NAMES: [(u16, Keyword, &str); 8] = [
    (RUSH, Keyword::Rush, "Rush"),
    (GUARD, Keyword::Guard, "Guard"),
    (STEALTH, Keyword::Stealth, "Stealth"),
    (DRAIN, Keyword::Drain, "Drain"),
    (SHIELD, Keyword::Shield, "Shield"),
    (BRIDGE, Keyword::Bridge, "Bridge"),
    (SILENCE, Keyword::Silence, "Silence"),
    (BURN, Keyword::Burn, "Burn"),
];

/// The bit of a keyword this game has (Dice of Destiny's haste, from a flat
/// `haste = true`, is Rush).
pub fn bit(k: Keyword) -> Option<u16> {
    Some(match k {
        Keyword::Rush | Keyword::Haste => RUSH,
        Keyword::Guard => GUARD,
        Keyword::Stealth => STEALTH,
        Keyword::Drain => DRAIN,
        Keyword::Shield => SHIELD,
        Keyword::Bridge => BRIDGE,
        Keyword::Silence => SILENCE,
        Keyword::Burn => BURN,
        _ => return None,
    })
}

/// The five Forces, in the rulebook's table order.
pub const FORCES: [&str; 5] = ["power", "clarity", "prophecy", "conviction", "wisdom"];
/// A card without a Force.
pub const NO_FORCE: u8 = u8::MAX;

/// What kind of card a definition is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Hero,
    Equip,
    Field,
    Event,
    /// The importance blank: cannot be played.
    Blank,
}

/// What an ability brings to a race against Life: the goldfish policy's
/// view of it (draws, Energy, damage to the opponent, Life).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Race {
    pub draw: u8,
    pub energy: u8,
    pub damage: u8,
    pub life: u8,
}

impl Race {
    fn of<'a>(abilities: impl IntoIterator<Item = &'a Ability>) -> Race {
        let mut r = Race::default();
        for a in abilities {
            for s in a.all_steps() {
                match (&s.verb, s.target) {
                    (Verb::Draw { n }, Target::You) => r.draw = r.draw.saturating_add(*n),
                    (Verb::Damage { n }, Target::Opponent)
                    | (
                        Verb::Lose {
                            what: Resource::Life,
                            n,
                        },
                        Target::Opponent,
                    ) => r.damage = r.damage.saturating_add(*n),
                    (
                        Verb::Gain {
                            what: Resource::Energy,
                            n,
                        },
                        Target::You,
                    ) => r.energy = r.energy.saturating_add(*n),
                    (
                        Verb::Gain {
                            what: Resource::Life,
                            n,
                        },
                        Target::You,
                    ) => r.life = r.life.saturating_add(*n),
                    _ => {}
                }
            }
        }
        r
    }

    /// Whether it does anything for a race besides Life gain.
    pub fn helps_race(&self) -> bool {
        self.draw > 0 || self.energy > 0 || self.damage > 0
    }
}

/// Stat changes and keywords an Equip Relic gives the Hero it is on, or a
/// card gives itself while in play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Grant {
    pub atk: i16,
    pub def: i16,
    pub hp: i16,
    pub kw: u16,
    pub burn: u8,
}

impl Grant {
    pub fn add(&mut self, o: &Grant) {
        self.atk += o.atk;
        self.def += o.def;
        self.hp += o.hp;
        self.kw |= o.kw;
        self.burn = self.burn.max(o.burn);
    }
}

/// The races of a card's abilities, by when they happen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Races {
    pub deploy: Race,
    pub attack: Race,
    pub hit: Race,
    pub start: Race,
    pub end: Race,
    pub activate: Race,
}

/// A card as the engine plays it.
#[derive(Clone, Debug, PartialEq)]
pub struct Def {
    pub kind: Kind,
    pub cost: u8,
    pub atk: i16,
    pub def: i16,
    pub hp: i16,
    /// Index into [`FORCES`], or [`NO_FORCE`].
    pub force: u8,
    /// Its own keywords and stat changes while in play (passives included).
    pub own: Grant,
    /// An Equip Relic: what the Hero it is on gets.
    pub equip: Grant,
    /// Keywords the opponent's Heroes lose while this is in play.
    pub enemy_lose: u16,
    /// What its controller's Heroes get while this is on the field
    /// ("Allied Heroes get +1 ATK"), itself included when it is a Hero.
    pub allies: Grant,
    /// What its controller's other Heroes get ("Your other Heroes get +1
    /// ATK"): not itself.
    pub others: Grant,
    pub on_deploy: Vec<Ability>,
    pub on_attack: Vec<Ability>,
    pub on_hit: Vec<Ability>,
    pub on_kill: Vec<Ability>,
    pub on_ko: Vec<Ability>,
    pub turn_start: Vec<Ability>,
    pub turn_end: Vec<Ability>,
    /// Activate: used by paying its cost (once per turn unless stated).
    pub activated: Option<Ability>,
    /// Energy its Activate costs.
    pub activate_pay: u8,
    /// The card its Activate ability chooses, and a "with N HP or less"
    /// restriction on it.
    pub activate_target: Option<(Who, Which)>,
    pub activate_max_hp: Option<u8>,
    /// The card its deploy ability chooses ("target enemy Hero").
    pub target: Option<(Who, Which)>,
    /// "... with N HP or less": a target restriction.
    pub target_max_hp: Option<u8>,
    /// An Event whose effect chooses a target: it is played only with one.
    pub needs_target: bool,
    /// The goldfish policy's view of its abilities.
    pub races: Races,
    /// A Hero's own passive ATK change, or an Equip Relic's ATK boost (the
    /// goldfish policy's `boost`).
    pub boost: i16,
}

impl Def {
    pub fn blank() -> Def {
        Def {
            kind: Kind::Blank,
            cost: 0,
            atk: 0,
            def: 0,
            hp: 0,
            force: NO_FORCE,
            own: Grant::default(),
            equip: Grant::default(),
            enemy_lose: 0,
            allies: Grant::default(),
            others: Grant::default(),
            on_deploy: Vec::new(),
            on_attack: Vec::new(),
            on_hit: Vec::new(),
            on_kill: Vec::new(),
            on_ko: Vec::new(),
            turn_start: Vec::new(),
            turn_end: Vec::new(),
            activated: None,
            activate_pay: 0,
            activate_target: None,
            activate_max_hp: None,
            target: None,
            target_max_hp: None,
            needs_target: false,
            races: Races::default(),
            boost: 0,
        }
    }

    /// Compiles a catalog card from its reading.
    pub fn of(card: &Card) -> Def {
        let kind = kind_of(card);
        let p = parse(card);
        let mut d = Def::blank();
        d.kind = kind;
        d.cost = card.cost.unwrap_or(0).clamp(0, 99) as u8;
        d.atk = card.int("atk").unwrap_or(0).clamp(0, 999) as i16;
        d.def = card.int("def").unwrap_or(0).clamp(0, 999) as i16;
        d.hp = card.int("hp").unwrap_or(0).clamp(0, 999) as i16;
        d.force = card
            .str_field("force")
            .and_then(|f| FORCES.iter().position(|x| x.eq_ignore_ascii_case(f)))
            .map_or(NO_FORCE, |i| i as u8);
        for (k, n) in &p.keywords {
            if let Some(b) = bit(*k) {
                d.own.kw |= b;
                if *k == Keyword::Burn {
                    d.own.burn = d.own.burn.max(*n);
                }
            }
        }
        for a in p.abilities {
            match a.trigger {
                Trigger::Static => d.statics(&a),
                Trigger::Activated => {
                    d.activate_pay = a
                        .costs
                        .iter()
                        .map(|c| match c {
                            crate::engine::effect::Cost::Pay { n, .. } => *n,
                            _ => 0,
                        })
                        .sum();
                    if let Some(s) = a
                        .all_steps()
                        .into_iter()
                        .find(|s| matches!(s.target, Target::Chosen { .. }))
                        && let Target::Chosen { who, kind } = s.target
                    {
                        d.activate_target = Some((who, kind));
                        if let Verb::Defeat { max_hp } = s.verb {
                            d.activate_max_hp = max_hp;
                        }
                    }
                    d.activated = Some(a);
                }
                Trigger::On { event, .. } => match event {
                    Event::Played => {
                        if let Some(s) = a
                            .all_steps()
                            .into_iter()
                            .find(|s| matches!(s.target, Target::Chosen { .. }))
                            && let Target::Chosen { who, kind } = s.target
                        {
                            d.target = Some((who, kind));
                            if let Verb::Defeat { max_hp } = s.verb {
                                d.target_max_hp = max_hp;
                            }
                        }
                        d.on_deploy.push(a);
                    }
                    Event::Attacks => d.on_attack.push(a),
                    Event::Hits => d.on_hit.push(a),
                    Event::Kills => d.on_kill.push(a),
                    Event::Defeated => d.on_ko.push(a),
                    Event::TurnStart => d.turn_start.push(a),
                    Event::TurnEnd => d.turn_end.push(a),
                    _ => {}
                },
            }
        }
        d.needs_target = kind == Kind::Event && d.target.is_some();
        d.races = Races {
            deploy: Race::of(&d.on_deploy),
            attack: Race::of(&d.on_attack),
            hit: Race::of(&d.on_hit),
            start: Race::of(&d.turn_start),
            end: Race::of(&d.turn_end),
            activate: Race::of(&d.activated),
        };
        d.boost = if kind == Kind::Equip {
            d.equip.atk
        } else {
            d.own.atk
        };
        d
    }

    /// A static ability: its stat changes and keywords.
    fn statics(&mut self, a: &Ability) {
        for s in &a.steps {
            match (&s.verb, s.target) {
                (Verb::Modify { stat, delta }, t) => {
                    let Some(g) = self.grant_to(t) else { continue };
                    let delta = i16::from(*delta);
                    match stat {
                        Stat::Atk => g.atk += delta,
                        Stat::Def => g.def += delta,
                        Stat::Hp => g.hp += delta,
                        _ => {}
                    }
                }
                (
                    Verb::Keyword {
                        keyword,
                        n,
                        gain: true,
                    },
                    t,
                ) => {
                    let Some(g) = self.grant_to(t) else { continue };
                    if let Some(b) = bit(*keyword) {
                        g.kw |= b;
                        if *keyword == Keyword::Burn {
                            g.burn = g.burn.max(*n);
                        }
                    }
                }
                (
                    Verb::Keyword {
                        keyword,
                        gain: false,
                        ..
                    },
                    Target::Each {
                        who: Who::Enemy,
                        kind: Which::Hero,
                    },
                ) => self.enemy_lose |= bit(*keyword).unwrap_or(0),
                _ => {}
            }
        }
    }

    /// The grant a static ability's target fills: the card itself, the
    /// Hero it is equipped to, or its controller's (other) Heroes.
    fn grant_to(&mut self, t: Target) -> Option<&mut Grant> {
        match t {
            Target::This => Some(&mut self.own),
            Target::Attached => Some(&mut self.equip),
            t if t == EACH_ALLY_HERO => Some(&mut self.allies),
            t if t == EACH_OTHER_ALLY_HERO => Some(&mut self.others),
            _ => None,
        }
    }

    /// Whether it buffs its controller's Heroes while on the field.
    pub fn team_grants(&self) -> bool {
        self.allies != Grant::default() || self.others != Grant::default()
    }

    /// Whether it has any ability at all (one that could, say, give a card
    /// Burn for a while).
    pub fn has_abilities(&self) -> bool {
        self.has_triggers()
            || !self.on_deploy.is_empty()
            || !self.turn_start.is_empty()
            || !self.turn_end.is_empty()
            || self.activated.is_some()
    }

    /// Whether a card could burn at a turn's end because of it: its own
    /// Burn, one it gives, or any ability (which might give it).
    pub fn may_burn(&self) -> bool {
        [&self.own, &self.equip, &self.allies, &self.others]
            .iter()
            .any(|g| g.kw & BURN != 0 || g.burn > 0)
            || self.has_abilities()
    }

    /// Whether it has any ability that fires on a moment of play.
    pub fn has_triggers(&self) -> bool {
        !(self.on_attack.is_empty()
            && self.on_hit.is_empty()
            && self.on_kill.is_empty()
            && self.on_ko.is_empty())
    }
}

/// The kind of a catalog card.
pub fn kind_of(card: &Card) -> Kind {
    match card.card_type.as_str() {
        "hero" => Kind::Hero,
        "relic" if card.str_field("relic") == Some("equip") => Kind::Equip,
        "relic" => Kind::Field,
        "event" => Kind::Event,
        _ => Kind::Blank,
    }
}

/// A card read: its keywords and abilities, and what could not be read.
#[derive(Clone, Debug, Default)]
struct Parsed {
    abilities: Vec<Ability>,
    keywords: Vec<(Keyword, u8)>,
    not_understood: Vec<String>,
    flavour: Vec<String>,
    has_rules_text: bool,
}

/// The keywords of the `keywords` field ("rush", "burn 2"); unknown words
/// are reported.
fn field_keywords(card: &Card, out: &mut Vec<(Keyword, u8)>, unknown: &mut Vec<String>) {
    let Some(list) = card.field("keywords").and_then(|k| k.as_list()) else {
        return;
    };
    for v in list.iter().filter_map(|v| v.as_str()) {
        let w = v.trim().to_lowercase();
        let mut parts = w.split_whitespace();
        let name = parts.next().unwrap_or("");
        let n = parts.next().and_then(|n| n.parse::<u8>().ok()).unwrap_or(0);
        match super::text::keyword(name) {
            Some(k) if k != Keyword::Burn || n > 0 => out.push((k, n)),
            _ => unknown.push(format!("keyword \"{v}\"")),
        }
    }
}

/// A Common Hero: its text is flavour (see the module docs).
fn flavour_only(card: &Card) -> bool {
    card.card_type == "hero"
        && card
            .str_field("rarity")
            .is_some_and(|r| r.eq_ignore_ascii_case("common"))
}

fn parse(card: &Card) -> Parsed {
    let kind = kind_of(card);
    let mut p = Parsed::default();
    field_keywords(card, &mut p.keywords, &mut p.not_understood);
    let text = card.text.as_deref().unwrap_or("").trim();
    if !card.effects.is_empty() {
        let flat = if kind == Kind::Equip {
            FLAT_EQUIP
        } else {
            FLAT
        };
        p.abilities = abilities(&card.effects, flat);
        for a in &mut p.abilities {
            // Activate is once per turn unless stated (ABILITY TIMING)
            if a.trigger == Trigger::Activated {
                a.limit = Limit::OncePerTurn;
            }
        }
        p.has_rules_text = true;
        return p;
    }
    if flavour_only(card) {
        if !text.is_empty() {
            p.flavour.push(text.to_string());
        }
        return p;
    }
    // a sentence without a timing: an Event resolves it when played; on a
    // Hero or a Relic it holds while the card is in play
    let base = match kind {
        Kind::Event => Base::new(Trigger::PLAYED),
        _ => Base::new(Trigger::Static),
    };
    let r = super::text::grammar().read(text, &base);
    p.abilities = r.abilities;
    for k in r.keywords {
        if !p.keywords.contains(&k) {
            p.keywords.push(k);
        }
    }
    p.not_understood.extend(r.not_understood);
    p.flavour = r.flavour;
    p.has_rules_text = !text.is_empty();
    p
}

/// What of an ability this engine cannot play, beyond [`SUPPORT`]'s check.
fn check(kind: Kind, a: &Ability, out: &mut Vec<String>) {
    out.extend(SUPPORT.check(a));
    if a.trigger != Trigger::Activated && !a.costs.is_empty() {
        out.push("a cost on an ability that is not Activate".into());
    }
    for s in a.all_steps() {
        if let Verb::Modify { stat, .. } = s.verb
            && !matches!(stat, Stat::Atk | Stat::Def | Stat::Hp)
        {
            out.push(format!("stat {stat:?}").to_lowercase());
        }
        if let Verb::Keyword { keyword, .. } = s.verb
            && (bit(keyword).is_none() || keyword == Keyword::Silence)
        {
            out.push(format!("keyword {keyword:?}").to_lowercase());
        }
        if let Verb::Give { status } = s.verb
            && status != Status::Silenced
        {
            out.push(format!("status {status:?}").to_lowercase());
        }
        if s.target == Target::Attached && kind != Kind::Equip {
            out.push("\"the equipped Hero\" on a card that is not an Equip Relic".into());
        }
        if a.trigger == Trigger::Static {
            let ok = matches!(
                (&s.verb, s.target),
                (
                    Verb::Modify { .. } | Verb::Keyword { gain: true, .. },
                    Target::This | Target::Attached | EACH_ALLY_HERO | EACH_OTHER_ALLY_HERO
                ) | (
                    Verb::Keyword { gain: false, .. },
                    Target::Each {
                        who: Who::Enemy,
                        kind: Which::Hero
                    }
                )
            );
            if !ok {
                out.push(format!(
                    "a passive \"{}\" with no moment to happen",
                    crate::engine::effect::verb_name(&s.verb)
                ));
            }
        }
    }
}

/// What of a card only does something against an opponent's cards.
fn opponent_parts(a: &Ability, out: &mut Vec<String>) {
    if let Trigger::On {
        event: Event::Kills,
        ..
    } = a.trigger
    {
        out.push("on kill".into());
    }
    for s in a.all_steps() {
        let enemy = matches!(
            s.target,
            Target::Chosen {
                who: Who::Enemy,
                ..
            } | Target::Each {
                who: Who::Enemy,
                ..
            }
        );
        let defensive = matches!(s.verb, Verb::Keyword { keyword, gain: true, .. }
            if bit(keyword).is_some_and(|b| b & (GUARD | STEALTH | SHIELD | BRIDGE | DRAIN) != 0));
        if enemy || defensive {
            let v = match &s.verb {
                Verb::Give { .. } => "silence".to_string(),
                Verb::Defeat { .. } => "ko".to_string(),
                Verb::Keyword { keyword, gain, .. } => {
                    let k = format!("{keyword:?}").to_lowercase();
                    if *gain {
                        format!("grants {k}")
                    } else {
                        format!("enemies lose {k}")
                    }
                }
                v => crate::engine::effect::verb_name(v).to_string(),
            };
            if !out.contains(&v) {
                out.push(v);
            }
        }
    }
}

/// What the engine makes of a card: its keywords and abilities, what it
/// cannot read or play, and what only matters against an opponent.
pub fn read(card: &Card) -> CardReading {
    let kind = kind_of(card);
    let p = parse(card);
    let mut r = CardReading {
        keywords: p
            .keywords
            .iter()
            .map(|(k, n)| {
                let k = format!("{k:?}").to_lowercase();
                if *n > 0 { format!("{k} {n}") } else { k }
            })
            .collect(),
        not_understood: p.not_understood,
        flavour: p.flavour,
        has_rules_text: p.has_rules_text || !p.keywords.is_empty(),
        ..CardReading::default()
    };
    let mut own = 0;
    for (k, _) in &p.keywords {
        let b = bit(*k).unwrap_or(0);
        own |= b;
        // keywords that only ever act on an opponent's attacks and effects;
        // Drain and Shield also meet Burn in goldfish games
        if b & (GUARD | STEALTH | SHIELD | BRIDGE | DRAIN | SILENCE) != 0 {
            let w = format!("{k:?}").to_lowercase();
            if !r.against_opponent.contains(&w) {
                r.against_opponent.push(w);
            }
        }
    }
    let mut silences = false;
    for a in &p.abilities {
        check(kind, a, &mut r.unsupported);
        opponent_parts(a, &mut r.against_opponent);
        silences |= a.all_steps().iter().any(|s| {
            matches!(
                s.verb,
                Verb::Give {
                    status: Status::Silenced
                }
            )
        });
    }
    if own & SILENCE != 0 && !silences {
        r.unsupported
            .push("keyword silence: the text names no Silence effect (whom, until when)".into());
    }
    r.unsupported.dedup();
    r.abilities = p.abilities;
    r
}

/// Whether the target `t` chosen for `Target::Chosen { who, kind }` may be
/// named by a card of `owner`'s (the card's zone and targetability are the
/// rules' to check).
pub fn target_kind_ok(kind: Which, def: &Def) -> bool {
    match kind {
        Which::Hero => def.kind == Kind::Hero,
        Which::Relic => def.kind == Kind::Field,
        _ => matches!(def.kind, Kind::Hero | Kind::Field),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::coverage::Status as Coverage;
    use crate::model::FieldValue;

    fn card(kind: &str, rarity: &str, text: &str) -> Card {
        let mut c = Card::new("X", kind);
        c.fields
            .insert("rarity".into(), FieldValue::Text(rarity.into()));
        c.text = Some(text.into());
        c
    }

    #[test]
    fn texts_compile_into_the_engines_reading() {
        let mut g = card("relic", "common", "Equip. The equipped Hero gets +2 ATK.");
        g.fields
            .insert("relic".into(), FieldValue::Text("equip".into()));
        let d = Def::of(&g);
        assert_eq!((d.kind, d.equip.atk, d.boost), (Kind::Equip, 2, 2));
        let d = Def::of(&card("hero", "rare", "Rush. Burn 2."));
        assert_eq!((d.own.kw, d.own.burn), (RUSH | BURN, 2));
        let d = Def::of(&card(
            "event",
            "rare",
            "KO target enemy Hero with 6 HP or less.",
        ));
        assert!(d.needs_target);
        assert_eq!(d.target_max_hp, Some(6));
        let mut lantern = card("relic", "uncommon", "Field. Enemy Heroes lose Stealth.");
        lantern
            .fields
            .insert("relic".into(), FieldValue::Text("field".into()));
        assert_eq!(Def::of(&lantern).enemy_lose, STEALTH);
        let d = Def::of(&card(
            "hero",
            "rare",
            "Activate: pay 1 Energy to gain 2 Life (once per turn).",
        ));
        assert_eq!(d.activate_pay, 1);
        assert_eq!(d.races.activate.life, 2);
    }

    /// Rulebook HERO STATS: a Common's ability is "None (flavor)".
    #[test]
    fn a_common_heros_text_is_flavour() {
        let r = read(&card(
            "hero",
            "common",
            "Deal 9 damage to your opponent's Life.",
        ));
        assert!(r.abilities.is_empty());
        assert_eq!(r.flavour.len(), 1);
        assert_eq!(r.status(), Coverage::Modelled);
        // the same words on an Uncommon are an ability
        let r = read(&card("hero", "uncommon", "On Deploy: draw 1 card."));
        assert_eq!(r.abilities.len(), 1);
    }

    #[test]
    fn the_timing_field_is_not_a_rule() {
        let mut c = card("hero", "rare", "Bridge. On Kill: draw 1 card.");
        c.fields
            .insert("timing".into(), FieldValue::Text("on deploy".into()));
        let r = read(&c);
        assert_eq!(r.status(), Coverage::Modelled);
        assert_eq!(
            r.abilities[0].trigger,
            Trigger::On {
                event: Event::Kills,
                who: Who::This
            }
        );
        assert!(r.against_opponent.contains(&"on kill".to_string()));
        assert!(r.against_opponent.contains(&"bridge".to_string()));
    }

    #[test]
    fn what_cannot_be_played_is_named() {
        let r = read(&card(
            "hero",
            "rare",
            "On Deploy: swap hands with your opponent.",
        ));
        assert_eq!(r.not_understood, vec!["swap hands with your opponent"]);
        let mut owl = card("hero", "epic", "Guard.");
        owl.fields.insert(
            "keywords".into(),
            FieldValue::List(vec![FieldValue::Text("silence".into())]),
        );
        let r = read(&owl);
        assert_eq!(r.status(), Coverage::Partial);
        assert!(r.unsupported[0].contains("keyword silence"), "{r:?}");
        let r = read(&card("hero", "rare", "The equipped Hero gets +2 ATK."));
        assert!(r.unsupported[0].contains("not an Equip Relic"), "{r:?}");
    }
}
