//! Bizarre World cards compiled for the engine: the three ability boxes of
//! the generator — passive (C), active cost (D), active ability (E) — read
//! by the game's grammar (or the catalog's `effects` tables), and what this
//! engine plays of the effect language.

use crate::engine::coverage::CardReading;
use crate::engine::effect::catalog::{Flat, abilities};
use crate::engine::effect::support::Support;
use crate::engine::effect::text::{Base, Reading};
use crate::engine::effect::{
    Ability, Condition, Cost, Duration, Event, Keyword, Resource as Res, Target, Trigger, Verb,
};
use crate::model::Card;

/// What this engine plays.
pub const SUPPORT: Support = Support {
    game: "Bizarre World",
    triggers: &[
        Trigger::PLAYED,
        Trigger::Activated,
        Trigger::Static,
        Trigger::TURN_START,
    ],
    verbs: &["draw", "gain", "lose", "damage", "keyword", "resource-kind"],
    resources: &[Res::Attack, Res::Life],
    targets: &[Target::You, Target::Opponent, Target::This],
    costs: &["exhaust", "sacrifice"],
    conditions: &["hand-empty", "option"],
    durations: &[Duration::Instant],
    against_opponent: &[],
};

/// What a creature in play can pay for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResourceKind {
    None,
    Neutral,
    /// A special resource, by index into [`super::BizarreWorld::specials`].
    Special(u8),
}

/// An active ability: its cost box read, its effect as steps.
#[derive(Clone, Debug, PartialEq)]
pub struct Active {
    pub exhaust: u8,
    /// The special resource the exhaust cost needs, if any.
    pub special: Option<u8>,
    pub kill_self: bool,
    pub condition: Option<Condition>,
    /// The ability as the interpreter runs it (its costs paid by the engine).
    pub ability: Ability,
    /// ⚔ it grants and cards it draws, for the policy.
    pub attack: u8,
    pub draws: u8,
    /// Whether it also makes the opponent draw.
    pub feeds_opponent: bool,
}

impl Active {
    pub fn cost_free(&self) -> bool {
        self.exhaust == 0 && !self.kill_self
    }

    /// ⚔ per exhausted resource of a repeatable converter.
    pub fn ratio(&self) -> Option<f32> {
        (self.exhaust > 0 && !self.kill_self && self.attack > 0)
            .then(|| f32::from(self.attack) / f32::from(self.exhaust))
    }
}

/// A card as the engine plays it.
#[derive(Clone, Debug, PartialEq)]
pub struct Def {
    pub blank: bool,
    pub cost: u8,
    pub resource: ResourceKind,
    pub on_play: Vec<Ability>,
    pub turn_start: Vec<Ability>,
    pub actives: Vec<Active>,
    pub enters_exhausted: bool,
    /// Cannot use its ability in response to an attack.
    pub no_response: bool,
    /// ⚔ its start-of-turn effects give, for the policy.
    pub turn_start_attack: u8,
    pub turn_start_draws: u8,
    pub on_play_draws: u8,
}

impl Def {
    pub fn blank() -> Def {
        Def {
            blank: true,
            cost: 0,
            resource: ResourceKind::None,
            on_play: Vec::new(),
            turn_start: Vec::new(),
            actives: Vec::new(),
            enters_exhausted: false,
            no_response: false,
            turn_start_attack: 0,
            turn_start_draws: 0,
            on_play_draws: 0,
        }
    }

    /// Compiles a card; `intern` numbers special resource names.
    pub fn of(card: &Card, intern: &mut dyn FnMut(&str) -> u8) -> Def {
        let resource = match card.str_field("resource").map(|r| r.trim().to_lowercase()) {
            None => ResourceKind::None,
            Some(r) if r.is_empty() || r == "none" => ResourceKind::None,
            Some(r) if r == "neutral" => ResourceKind::Neutral,
            Some(r) => ResourceKind::Special(intern(&r)),
        };
        let mut d = Def::blank();
        d.blank = false;
        d.cost = card.cost.unwrap_or(0).clamp(0, 99) as u8;
        d.resource = resource;
        for a in read_abilities(card) {
            let gains = |a: &Ability, what: Res| -> u8 {
                a.steps
                    .iter()
                    .map(|s| match s.verb {
                        Verb::Gain { what: w, n } if w == what && s.target == Target::You => n,
                        _ => 0,
                    })
                    .sum()
            };
            let draws = |a: &Ability| -> u8 {
                a.steps
                    .iter()
                    .map(|s| match (&s.verb, s.target) {
                        (Verb::Draw { n }, Target::You) => *n,
                        _ => 0,
                    })
                    .sum()
            };
            match a.trigger {
                Trigger::Static => {
                    for s in &a.steps {
                        match &s.verb {
                            // Card Layout F in words ("This creature can be
                            // used as a resource."): the field says it too
                            Verb::ResourceKind { symbol } if d.resource == ResourceKind::None => {
                                d.resource = if symbol == "neutral" {
                                    ResourceKind::Neutral
                                } else {
                                    ResourceKind::Special(intern(symbol))
                                };
                            }
                            Verb::Keyword {
                                keyword: Keyword::EntersExhausted,
                                ..
                            } => d.enters_exhausted = true,
                            Verb::Keyword {
                                keyword: Keyword::NoResponse,
                                ..
                            } => d.no_response = true,
                            // "This creature can be exhausted as a Coin
                            // resource." is its F symbol showing that special
                            // resource (rules-notes BW 13; L127-131)
                            Verb::ResourceKind { symbol } => {
                                let key = symbol.trim().to_lowercase();
                                d.resource = if key == "neutral" {
                                    ResourceKind::Neutral
                                } else {
                                    ResourceKind::Special(intern(&key))
                                };
                            }
                            _ => {}
                        }
                    }
                }
                Trigger::Activated => {
                    let mut exhaust = 0;
                    let mut special = None;
                    let mut kill_self = false;
                    for c in &a.costs {
                        match c {
                            Cost::Exhaust { n, symbol } => {
                                exhaust += n;
                                special = symbol.as_deref().map(&mut *intern);
                            }
                            Cost::Sacrifice => kill_self = true,
                            _ => {}
                        }
                    }
                    d.actives.push(Active {
                        exhaust,
                        special,
                        kill_self,
                        condition: a.condition.clone(),
                        attack: gains(&a, Res::Attack),
                        draws: draws(&a),
                        feeds_opponent: a.steps.iter().any(|s| {
                            matches!(s.verb, Verb::Draw { .. }) && s.target == Target::Opponent
                        }),
                        ability: a,
                    });
                }
                Trigger::On {
                    event: Event::Played,
                    ..
                } => {
                    d.on_play_draws += draws(&a);
                    d.on_play.push(a);
                }
                Trigger::On {
                    event: Event::TurnStart,
                    ..
                } => {
                    d.turn_start_attack += gains(&a, Res::Attack);
                    d.turn_start_draws += draws(&a);
                    d.turn_start.push(a);
                }
                Trigger::On { .. } => {}
            }
        }
        d
    }
}

/// How the catalog's flat `effects` keys read in this game.
pub const FLAT: Flat = Flat {
    energy: Res::Energy,
    atk: Target::This,
};

/// The card's three boxes read by the grammar: the passive as always-on or
/// triggered text, the active ability with the cost box's costs and
/// conditions.
fn read_boxes(card: &Card) -> (Reading, bool) {
    let g = super::text::grammar();
    let field = |k: &str| card.str_field(k).map(str::trim).filter(|t| !t.is_empty());
    let mut r = Reading::default();
    let mut any = false;
    if let Some(t) = field("passive") {
        any = true;
        r.merge(g.read(t, &Base::new(Trigger::Static).labelled("passive")));
    }
    let mut base = Base::new(Trigger::Activated).labelled("active");
    let mut cost_read = true;
    if let Some(t) = field("active_cost") {
        any = true;
        let cost = g.read(t, &Base::new(Trigger::Activated));
        base.costs = cost.costs;
        base.condition = cost.conditions.into_iter().next();
        // an active ability whose cost is not read in full is not played
        // at all, never played without the part not read (issue 24:
        // "Exhaust 1 resource and kill this." is not free)
        cost_read = cost.not_understood.is_empty() && cost.abilities.is_empty();
        r.not_understood.extend(cost.not_understood);
        r.flavour.extend(cost.flavour);
        // a cost box with steps is not a cost: say so
        for a in cost.abilities {
            r.not_understood.extend(
                a.steps
                    .iter()
                    .map(|s| format!("{:?} in the cost box", s.verb)),
            );
        }
    }
    if let Some(t) = field("active") {
        any = true;
        if cost_read {
            r.merge(g.read(t, &base));
        } else {
            r.not_understood
                .push(format!("\"{t}\" (not played: its cost is not read)"));
        }
    }
    // The shared rules-text box (`text`), for a card typed whole rather
    // than box by box: "Exhaust 1 resource: gain 2 attack." reads as the
    // active ability with its cost, a sentence without a cost as always-on
    // or triggered text. (It used to be looked up among the game's own
    // fields, where it never is: a card typed there read as vanilla.)
    if let Some(t) = card
        .text
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty())
    {
        any = true;
        r.merge(g.read(t, &Base::new(Trigger::Static)));
    }
    (r, any)
}

/// The card's abilities: its `effects` tables when it has them, else its
/// boxes read by the grammar.
pub fn read_abilities(card: &Card) -> Vec<Ability> {
    if card.effects.is_empty() {
        read_boxes(card).0.abilities
    } else {
        abilities(&card.effects, FLAT)
    }
}

/// What the engine makes of a card (coverage, the Library's reading).
pub fn read(card: &Card) -> CardReading {
    let mut r = if card.effects.is_empty() {
        let (reading, any) = read_boxes(card);
        CardReading::from_reading(reading, any)
    } else {
        CardReading {
            abilities: abilities(&card.effects, FLAT),
            has_rules_text: true,
            ..CardReading::default()
        }
    };
    for a in &r.abilities {
        let missing = SUPPORT.check(a);
        r.unsupported.extend(missing);
    }
    r.unsupported.dedup();
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::FieldValue;

    fn card(fields: &[(&str, &str)]) -> Card {
        let mut c = Card::new("X", "creature");
        c.cost = Some(2);
        for (k, v) in fields {
            c.fields.insert((*k).into(), FieldValue::Text((*v).into()));
        }
        c
    }

    #[test]
    fn boxes_compile_into_an_active_with_its_costs() {
        let mut specials = Vec::new();
        let mut intern = |s: &str| {
            specials.push(s.to_string());
            (specials.len() - 1) as u8
        };
        let d = Def::of(
            &card(&[
                ("passive", "This creature enters play exhausted."),
                ("active_cost", "Exhaust 1 Coin resource."),
                ("active", "Gain 4 attack."),
                ("resource", "neutral"),
            ]),
            &mut intern,
        );
        assert!(d.enters_exhausted);
        assert_eq!(d.resource, ResourceKind::Neutral);
        assert_eq!(d.actives.len(), 1);
        let a = &d.actives[0];
        assert_eq!((a.exhaust, a.special, a.attack), (1, Some(0), 4));
        let d = Def::of(
            &card(&[
                ("active_cost", "Kill this."),
                ("active", "Gain 3 attack. Your opponent draws 1 card."),
            ]),
            &mut |_| 0,
        );
        assert!(d.actives[0].kill_self && d.actives[0].feeds_opponent);
        let r = read(&card(&[
            ("active_cost", "It is Tuesday."),
            ("active", "Gain 4 attack."),
        ]));
        assert!(
            r.unsupported.is_empty() && r.not_understood.is_empty(),
            "{r:?}"
        );
        assert_eq!(
            r.abilities[0].condition,
            Some(Condition::Option {
                key: "it_is_tuesday".into()
            })
        );
    }
}

#[cfg(test)]
mod sample {
    use super::*;
    use crate::model::Effect;

    /// The sample catalog's cards as they were once described by hand (by
    /// id, or by name), in the catalog's flat `effects` keys, before the
    /// grammar read their ability boxes.
    const HAND_WRITTEN: &[(&str, &str)] = &[
        (
            "Boring Rock of Minimum Wage",
            r#"[{ on = "activate", exhaust = 1, attack = 2 }]"#,
        ),
        (
            "Boring Alien of Sacrifice",
            r#"[{ on = "activate", kill_self = true, attack = 4 }]"#,
        ),
        (
            "Boring Penny Printer of Emptiness",
            r#"[{ on = "activate", if_hand_empty = true, draw = 1 }]"#,
        ),
        (
            "Boring Gift of Minimum Wage",
            r#"[{ on = "activate", exhaust = 1, attack = 3 }]"#,
        ),
        (
            "lazy-rock-2",
            r#"[{ on = "activate", exhaust = 2, attack = 2 }]"#,
        ),
        (
            "lazy-rock-3",
            r#"[{ on = "activate", exhaust = 2, attack = 2 }]"#,
        ),
        (
            "Shiny Goblin of Minimum Wage",
            r#"[{ on = "activate", exhaust = 1, attack = 1 }]"#,
        ),
        (
            "Greedy Wizard of Overtime",
            r#"[{ on = "deploy", draw = 1 }, { on = "activate", exhaust = 3, draw = 2 }]"#,
        ),
        (
            "Angry Dragon of Sacrifice",
            r#"[{ on = "turn-start", attack = 1 }, { on = "activate", kill_self = true, attack = 5 }]"#,
        ),
        (
            "Sleepy Toaster of Minimum Wage",
            r#"[{ on = "passive", enters_exhausted = true }, { on = "activate", exhaust = 1, attack = 1, draw = 1 }]"#,
        ),
        (
            "Boring Banker of Hunger",
            r#"[{ on = "activate", exhaust = 1, resource = "coin", life = 2 }]"#,
        ),
        (
            "Shiny Penny Printer of Hunger",
            r#"[{ on = "activate", exhaust = 1, resource = "coin", draw = 1 }]"#,
        ),
        (
            "Generous Alien of Minimum Wage",
            r#"[{ on = "activate", exhaust = 1, attack = 4 }]"#,
        ),
        (
            "Cursed Dragon of Minimum Wage",
            r#"[{ on = "activate", exhaust = 1, attack = 5 }]"#,
        ),
        (
            "Angry Goblin of Minimum Wage",
            r#"[{ on = "turn-start", attack = 1 }, { on = "activate", exhaust = 1, attack = 1 }]"#,
        ),
        (
            "Greedy Rock of Sacrifice",
            r#"[{ on = "deploy", draw = 1 }, { on = "activate", kill_self = true, attack = 2 }]"#,
        ),
        (
            "Lazy Dragon of Overtime",
            r#"[{ on = "activate", exhaust = 3, attack = 5 }]"#,
        ),
        (
            "Shiny Gift of Hunger",
            r#"[{ on = "activate", exhaust = 1, resource = "coin", attack = 3 }]"#,
        ),
        (
            "Cursed Wizard of Emptiness",
            r#"[{ on = "activate", if_hand_empty = true, draw = 2 }]"#,
        ),
        (
            "Boring Toaster of Sacrifice",
            r#"[{ on = "activate", kill_self = true, attack = 1, draw = 1 }]"#,
        ),
        (
            "Generous Banker of Minimum Wage",
            r#"[{ on = "activate", exhaust = 1, life = 2 }]"#,
        ),
        (
            "Sleepy Alien of Hunger",
            r#"[{ on = "passive", enters_exhausted = true }, { on = "activate", exhaust = 1, resource = "coin", attack = 4 }]"#,
        ),
        (
            "Shiny Rock of Overtime",
            r#"[{ on = "activate", exhaust = 3, attack = 2 }]"#,
        ),
        (
            "Boring Penny Printer of Minimum Wage",
            r#"[{ on = "activate", exhaust = 1, draw = 1 }]"#,
        ),
        (
            "Greedy Goblin of Charity",
            r#"[{ on = "deploy", draw = 1 }, { on = "activate", exhaust = 2, attack = 1 }]"#,
        ),
        (
            "Lazy Toaster of Emptiness",
            r#"[{ on = "activate", if_hand_empty = true, attack = 1, draw = 1 }]"#,
        ),
        (
            "Cursed Gift of Sacrifice",
            r#"[{ on = "activate", kill_self = true, attack = 3 }]"#,
        ),
    ];

    /// Every sample card's ability boxes read into (at least) the abilities
    /// its hand-written description gave.
    #[test]
    fn the_grammar_reads_what_the_hand_written_effects_said() {
        let cat = crate::catalog::load(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("resources/catalogs/bizarre-world.toml"),
        )
        .unwrap()
        .catalog;
        #[derive(serde::Deserialize)]
        struct Row {
            effects: Vec<Effect>,
        }
        for (key, effects) in HAND_WRITTEN {
            let card = cat
                .cards
                .iter()
                .find(|c| c.id == *key || c.name == *key)
                .unwrap_or_else(|| panic!("{key}"));
            let row: Row = toml::from_str(&format!("effects = {effects}")).unwrap();
            let (reading, _) = read_boxes(card);
            let read = reading.abilities;
            assert!(
                reading.not_understood.is_empty(),
                "{key}: {:?}",
                reading.not_understood
            );
            for want in abilities(&row.effects, FLAT) {
                assert!(
                    read.iter().any(|a| a.trigger == want.trigger
                        && a.costs == want.costs
                        && a.condition == want.condition
                        && want.steps.iter().all(|s| a
                            .steps
                            .iter()
                            .any(|t| t.verb == s.verb && t.target == s.target))),
                    "{key}: {want:?} is not in the reading {read:?}"
                );
            }
        }
    }
}
