//! Dice of Destiny cards compiled for the engine: each card's abilities
//! (read from its text by the game's grammar, or from its `effects` tables)
//! sorted by when they happen, and what this engine plays of the effect
//! language.

use crate::engine::coverage::CardReading;
use crate::engine::effect::catalog::{Flat, abilities};
use crate::engine::effect::support::Support;
use crate::engine::effect::text::Base;
use crate::engine::effect::{
    Ability, Condition, Duration, Event, Keyword, Kind as TargetKind, Resource, Stat, Target,
    Trigger, Verb, Who,
};
use crate::model::Card;
use crate::rules::CardRules;

/// What this engine plays (see [`crate::engine::effect::support`]).
pub const SUPPORT: Support = Support {
    game: "Dice of Destiny",
    triggers: &[
        Trigger::PLAYED,
        Trigger::Activated,
        Trigger::Static,
        Trigger::TURN_START,
        Trigger::On {
            event: Event::Attacks,
            who: Who::This,
        },
        Trigger::On {
            event: Event::Hits,
            who: Who::This,
        },
        Trigger::On {
            event: Event::DieHits,
            who: Who::Enemy,
        },
    ],
    verbs: &[
        "draw",
        "gain",
        "lose",
        "damage",
        "modify",
        "keyword",
        "give",
        "search",
        "shuffle",
        "return-to-hand",
        "rerolls",
        "force-reroll",
        "negate",
        "roll-off",
        "copy-limit",
        "deck-size",
        "colour-limit",
        "colour-free",
    ],
    resources: &[Resource::Life],
    targets: &[
        Target::You,
        Target::Opponent,
        Target::This,
        Target::Subject,
        Target::Other,
        Target::Chosen {
            who: Who::Any,
            kind: TargetKind::Creature,
        },
    ],
    costs: &[],
    conditions: &["responding-to-spell"],
    durations: &[
        Duration::Instant,
        Duration::ThisTurn,
        Duration::UntilYourNextTurn,
        Duration::WhileInPlay,
    ],
    against_opponent: &["dieshits", "force-reroll", "negate", "give"],
};

/// The kind of card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Creature,
    Spell,
    /// The importance blank: does nothing and cannot be played.
    Blank,
}

/// A card as the engine plays it.
#[derive(Clone, Debug, PartialEq)]
pub struct Def {
    pub kind: Kind,
    /// May attack the turn it arrives.
    pub haste: bool,
    /// Life each of its hits takes (1 unless the card says otherwise).
    pub hit_damage: u8,
    /// Attack rerolls it grants each turn while in play.
    pub rerolls: u8,
    /// Blocks one hit aimed at its controller's life each turn.
    pub blocker: bool,
    /// Once per turn, makes the opponent reroll a die that hit.
    pub force_reroll: bool,
    /// What happens when it is played (a spell resolving, a creature arriving).
    pub on_play: Vec<Ability>,
    /// Its creature effect (once per turn).
    pub activated: Option<Ability>,
    pub turn_start: Vec<Ability>,
    pub on_attack: Vec<Ability>,
    pub on_hit: Vec<Ability>,
    /// Played only in response to a spell.
    pub response_only: bool,
    /// Its play effect needs a chosen target creature (a creature's arrival
    /// effect finds none and does nothing without one, §2.11).
    pub needs_target: bool,
    /// Its effect gives its player attack rerolls (Loaded Dice, DD 10).
    pub grants_rerolls: bool,
    /// Rough worth to the racing policy: damage, draws, speed.
    pub race_value: i32,
}

impl Def {
    pub fn blank() -> Def {
        Def {
            kind: Kind::Blank,
            haste: false,
            hit_damage: 1,
            rerolls: 0,
            blocker: false,
            force_reroll: false,
            on_play: Vec::new(),
            activated: None,
            turn_start: Vec::new(),
            on_attack: Vec::new(),
            on_hit: Vec::new(),
            response_only: false,
            needs_target: false,
            grants_rerolls: false,
            race_value: 0,
        }
    }

    /// Compiles a card with `hit` life per hit by default (the game's `[setup]`).
    pub fn of(card: &Card, hit: u8) -> Def {
        let kind = match card.card_type.as_str() {
            "creature" => Kind::Creature,
            "spell" => Kind::Spell,
            _ => Kind::Blank,
        };
        let reading = read(card);
        let mut d = Def::blank();
        d.kind = kind;
        d.hit_damage = hit;
        for a in reading.abilities {
            match a.trigger {
                Trigger::Static => {
                    for s in &a.steps {
                        match s.verb {
                            Verb::Keyword {
                                keyword: Keyword::Haste,
                                ..
                            } => d.haste = true,
                            Verb::Keyword {
                                keyword: Keyword::Blocker,
                                ..
                            } => d.blocker = true,
                            Verb::Modify {
                                stat: Stat::HitDamage,
                                delta,
                            } => {
                                d.hit_damage =
                                    (i32::from(d.hit_damage) + i32::from(delta)).clamp(0, 99) as u8
                            }
                            Verb::Modify {
                                stat: Stat::Rerolls,
                                delta,
                            } => d.rerolls = d.rerolls.saturating_add(delta.max(0) as u8),
                            _ => {}
                        }
                    }
                }
                Trigger::Activated => d.activated = Some(a),
                Trigger::On {
                    event: Event::DieHits,
                    ..
                } => d.force_reroll = true,
                Trigger::On {
                    event: Event::Played,
                    ..
                } => {
                    if a.condition == Some(Condition::RespondingToSpell) {
                        d.response_only = true;
                    }
                    if a.all_steps()
                        .iter()
                        .any(|s| matches!(s.target, Target::Chosen { .. }))
                    {
                        d.needs_target = true;
                    }
                    d.on_play.push(a);
                }
                Trigger::On {
                    event: Event::TurnStart,
                    ..
                } => d.turn_start.push(a),
                Trigger::On {
                    event: Event::Attacks,
                    ..
                } => d.on_attack.push(a),
                Trigger::On {
                    event: Event::Hits, ..
                } => d.on_hit.push(a),
                Trigger::On { .. } => {}
            }
        }
        let grants = |a: &Ability| {
            a.all_steps()
                .iter()
                .any(|s| matches!(s.verb, Verb::Rerolls { .. }))
        };
        d.grants_rerolls = d.on_play.iter().any(grants)
            || d.activated.as_ref().is_some_and(grants)
            || d.turn_start.iter().any(grants);
        d.race_value = race_value(&d);
        d
    }

    /// Whether the racing policy has a use for it at all.
    pub fn useful(&self) -> bool {
        match self.kind {
            Kind::Creature => true,
            Kind::Spell => self.race_value > 0,
            Kind::Blank => false,
        }
    }
}

/// Damage, draws and extra hits an ability brings to a race.
fn race_of(a: &Ability) -> i32 {
    a.all_steps()
        .iter()
        .map(|s| match (&s.verb, s.target) {
            (Verb::Damage { n }, Target::Opponent)
            | (
                Verb::Lose {
                    what: Resource::Life,
                    n,
                },
                Target::Opponent,
            ) => 5 * i32::from(*n),
            (Verb::Draw { n }, Target::You) => 4 * i32::from(*n),
            (Verb::Search { .. }, _) => 4,
            (Verb::Rerolls { n }, _) => 2 * i32::from(*n),
            // a roll-off's damage lands half the time
            (Verb::RollOff { then }, _) => then
                .iter()
                .map(|t| match t.verb {
                    Verb::Damage { n } => 2 * i32::from(n),
                    _ => 0,
                })
                .sum(),
            _ => 0,
        })
        .sum()
}

fn race_value(d: &Def) -> i32 {
    let mut v: i32 = d.on_play.iter().map(race_of).sum();
    v += d.activated.as_ref().map_or(0, race_of);
    v += d.turn_start.iter().map(race_of).sum::<i32>();
    if d.kind == Kind::Creature {
        v += 3 + 4 * i32::from(d.hit_damage.saturating_sub(1)) + 2 * i32::from(d.rerolls);
        if d.haste {
            v += 6;
        }
    }
    v
}

/// How the catalog's flat `effects` keys read in this game.
pub const FLAT: Flat = Flat {
    energy: Resource::Energy,
    atk: Target::This,
};

/// What the engine makes of a card: its `effects` tables when it has them,
/// else its text read by the grammar; then what of it this engine plays.
pub fn read(card: &Card) -> CardReading {
    let text = card.text.as_deref().unwrap_or("").trim();
    let mut r = if !card.effects.is_empty() {
        CardReading {
            abilities: abilities(&card.effects, FLAT),
            has_rules_text: true,
            ..CardReading::default()
        }
    } else {
        let base = Base::new(Trigger::PLAYED);
        let reading = super::text::grammar().read(text, &base);
        CardReading::from_reading(reading, !text.is_empty())
    };
    // keywords read as statics of this card
    for a in &r.abilities {
        let missing = SUPPORT.check(a);
        r.unsupported.extend(missing);
        r.against_opponent.extend(SUPPORT.opponent_parts(a));
        let blocks = a.steps.iter().any(|s| {
            matches!(
                s.verb,
                Verb::Keyword {
                    keyword: Keyword::Blocker,
                    ..
                }
            )
        });
        if blocks {
            r.against_opponent.push("block".into());
        }
    }
    r.unsupported.dedup();
    r
}

/// What a card's text says about deck building (DD-D4 "Card effects always
/// win arguments (even against the rulebook…)"): its own copy limit, another
/// deck size, more colours, or no colour. The text wins over the card's
/// `copy_limit` field; the field speaks where the text says nothing.
pub fn card_rules(card: &Card) -> CardRules {
    let mut rules = CardRules::of_fields(card);
    let reading = read(card);
    for step in reading.abilities.iter().flat_map(|a| &a.steps) {
        match step.verb {
            Verb::CopyLimit { n } => rules.copy_limit = Some(n.into()),
            Verb::DeckSize { n, up_to: false } => rules.deck_size = Some(n.into()),
            Verb::DeckSize { n, up_to: true } => rules.deck_size_up_to = Some(n.into()),
            Verb::ColourLimit { n } => rules.distinct_limit = Some(n.into()),
            Verb::ColourFree => rules.distinct_free = true,
            _ => {}
        }
    }
    rules
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(kind: &str, text: &str) -> Card {
        let mut c = Card::new("X", kind);
        c.text = Some(text.into());
        c
    }

    #[test]
    fn dd_d4_deck_building_texts_are_read_into_card_rules() {
        let rules = |text: &str| card_rules(&card("creature", text));
        assert_eq!(
            rules("Hey! Break that rule! Your deck may have 40 cards instead of 30.").deck_size,
            Some(40)
        );
        let up = rules("Your deck may hold up to 35 cards.");
        assert_eq!(
            (up.deck_size, up.deck_size_up_to, up.copy_limit),
            (None, Some(35), None)
        );
        assert_eq!(
            rules("Your deck may use three colours.").distinct_limit,
            Some(3)
        );
        assert!(rules("This creature does not count toward your deck's colours.").distinct_free);
        assert_eq!(
            rules("You may have up to 7 Swarm of Gnats in your deck.").copy_limit,
            Some(7)
        );
        // the text wins over the field; the field speaks where the text is silent
        let mut c = card("creature", "Your deck may hold up to two Stingy Gnat.");
        c.copy_limit = Some(5);
        assert_eq!(card_rules(&c).copy_limit, Some(2));
        c.text = Some("This creature may attack the turn it arrives.".into());
        assert_eq!(card_rules(&c).copy_limit, Some(5));
    }

    #[test]
    fn texts_compile_into_the_engines_reading() {
        let d = Def::of(
            &card(
                "creature",
                "Each hit by this creature knocks off 2 life points instead of 1.",
            ),
            1,
        );
        assert_eq!(d.hit_damage, 2);
        let d = Def::of(
            &card("creature", "This creature may attack the turn it arrives."),
            1,
        );
        assert!(d.haste);
        let d = Def::of(
            &card(
                "creature",
                "While this creature is in play, you may reroll 2 attack dice each turn.",
            ),
            1,
        );
        assert_eq!(d.rerolls, 2);
        let d = Def::of(
            &card(
                "spell",
                "Play only in response to a spell: that spell fizzles and goes to the graveyard.",
            ),
            1,
        );
        assert!(d.response_only);
        let d = Def::of(
            &card(
                "spell",
                "Choose a target creature. Until your next turn it is a rubber duck: it has no effect and can't attack.",
            ),
            1,
        );
        assert!(d.needs_target);
        assert_eq!(
            card_rules(&card(
                "creature",
                "Hey! Break that rule! Your deck may hold up to six Chicken Swarm."
            ))
            .copy_limit,
            Some(6)
        );
    }

    #[test]
    fn an_unread_phrase_is_reported_with_its_words() {
        let r = read(&card(
            "spell",
            "Deal 2 damage to your opponent. Steal a card from the graveyard.",
        ));
        assert_eq!(
            r.not_understood,
            vec!["steal a card from the graveyard".to_string()]
        );
        assert_eq!(r.status(), crate::engine::coverage::Status::Partial);
    }
}

#[cfg(test)]
mod sample {
    use super::*;
    use crate::engine::effect::text::Base;
    use crate::model::Effect;

    /// The sample catalog's cards as they were once described by hand, in
    /// the catalog's flat `effects` keys, before the grammar read their text.
    const HAND_WRITTEN: &[(&str, &str)] = &[
        ("Chicken Swarm", r#"[{ on = "passive", haste = true }]"#),
        ("Furious Chicken", r#"[{ on = "passive", hit_damage = 1 }]"#),
        ("Goblin Firestarter", r#"[{ on = "deploy", damage = 1 }]"#),
        ("Lava Hound", r#"[{ on = "passive", haste = true }]"#),
        ("Lucky Imp", r#"[{ on = "passive", reroll = 1 }]"#),
        (
            "Frog-Flinging Princess",
            r#"[{ on = "activate", damage = 1 }]"#,
        ),
        ("Mossback Tortoise", r#"[{ on = "deploy", life = 2 }]"#),
        ("Thornwood Bear", r#"[{ on = "passive", hit_damage = 1 }]"#),
        ("Grove Tender", r#"[{ on = "activate", life = 1 }]"#),
        ("Hedge Wolf", r#"[{ on = "passive", haste = true }]"#),
        ("Library Owl", r#"[{ on = "deploy", draw = 1 }]"#),
        ("Dice Sage", r#"[{ on = "passive", reroll = 2 }]"#),
        (
            "Yodelling Scorekeeper",
            r#"[{ on = "turn-start", life = 1 }]"#,
        ),
        ("Zombie Slapper", r#"[{ on = "passive", haste = true }]"#),
        ("Banana Knight", r#"[{ on = "passive", hit_damage = 1 }]"#),
        ("Sunbeam Monk", r#"[{ on = "deploy", draw = 1, life = 1 }]"#),
        ("Fireball", r#"[{ on = "deploy", damage = 3 }]"#),
        ("Lightning Toss", r#"[{ on = "deploy", damage = 2 }]"#),
        ("Royal Shuffle", r#"[{ on = "deploy", draw = 2 }]"#),
        ("Stale Cake", r#"[{ on = "deploy", life = 3 }]"#),
    ];

    /// The printed text of every sample card reads into (at least) the
    /// abilities its hand-written description gave: the grammar plays the
    /// card as printed.
    #[test]
    fn the_grammar_reads_what_the_hand_written_effects_said() {
        let cat = crate::catalog::load(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("resources/catalogs/dice-of-destiny.toml"),
        )
        .unwrap()
        .catalog;
        #[derive(serde::Deserialize)]
        struct Row {
            effects: Vec<Effect>,
        }
        for (name, effects) in HAND_WRITTEN {
            let card = cat.cards.iter().find(|c| c.name == *name).unwrap();
            let row: Row = toml::from_str(&format!("effects = {effects}")).unwrap();
            let text = card.text.as_deref().unwrap_or("");
            let read = super::super::text::grammar()
                .read(text, &Base::new(Trigger::PLAYED))
                .abilities;
            for want in abilities(&row.effects, FLAT) {
                assert!(
                    read.iter().any(|a| a.trigger == want.trigger
                        && a.costs == want.costs
                        && a.condition == want.condition
                        && want.steps.iter().all(|s| a
                            .steps
                            .iter()
                            .any(|t| t.verb == s.verb && t.target == s.target))),
                    "{name}: {want:?} is not in the reading {read:?}"
                );
            }
        }
    }
}
