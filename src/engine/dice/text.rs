//! Dice of Destiny's rules-text grammar: the rulebook's own templating
//! ("When this creature arrives, ...", "Once per turn: ...", "Each hit by
//! this creature knocks off 2 life points instead of 1", "Hey! Break that
//! rule!") mapped to the effect language.

use std::sync::OnceLock;

use crate::engine::effect::text::{Grammar, Phrase, Piece};
use crate::engine::effect::{
    Condition, Duration, Event, Keyword, Kind, Limit, Place, Resource, Stat, Step, Target, Trigger,
    Verb, Who,
};

fn steps(s: Vec<Step>) -> Piece {
    Piece::Steps(s)
}

fn on_this(verb: Verb) -> Piece {
    steps(vec![Step::new(verb, Target::This)])
}

/// A fact about this card while it is in play.
fn fact(verb: Verb) -> Piece {
    Piece::Static(vec![Step::new(verb, Target::This)])
}

fn keyword(k: Keyword) -> Piece {
    fact(Verb::Keyword {
        keyword: k,
        n: 0,
        gain: true,
    })
}

const CREATURE: Target = Target::Chosen {
    who: Who::Any,
    kind: Kind::Creature,
};

const SENTENCES: &[Phrase] = &[
    // §1.1: the rulebook's marker for a card that breaks a rule
    Phrase {
        pattern: "hey",
        build: |_| Piece::Known,
    },
    Phrase {
        pattern: "break that rule",
        build: |_| Piece::Known,
    },
    // DD-D4: card text overrides the deck-size rule (DD-D1). Before the copy
    // limit below: "up to 40 cards" is a size, "up to six Chicken Swarm" a
    // copy limit.
    Phrase {
        pattern: "your deck may (hold|have|contain|be) {n} cards [instead of {n}]",
        build: |c| {
            fact(Verb::DeckSize {
                n: c[1].n(),
                up_to: false,
            })
        },
    },
    Phrase {
        pattern: "your deck may (hold|have|contain|be) up to {n} cards [instead of {n}]",
        build: |c| {
            fact(Verb::DeckSize {
                n: c[1].n(),
                up_to: true,
            })
        },
    },
    // DD-D4 over the colour rule (DD-D3)
    Phrase {
        pattern: "your deck may (use|have|contain) [up to] {n} colours [instead of {n}]",
        build: |c| fact(Verb::ColourLimit { n: c[1].n() }),
    },
    Phrase {
        pattern: "this (card|creature|spell) does not count (toward|towards) your [deck's] colours",
        build: |_| fact(Verb::ColourFree),
    },
    // DD-D4: a card that overrides the copy limit
    Phrase {
        pattern: "your deck may hold up to {n} {*}",
        build: |c| fact(Verb::CopyLimit { n: c[0].n() }),
    },
    Phrase {
        pattern: "you may have up to {n} {*} in your deck",
        build: |c| fact(Verb::CopyLimit { n: c[0].n() }),
    },
    Phrase {
        pattern: "this creature may attack the turn it arrives",
        build: |_| keyword(Keyword::Haste),
    },
    Phrase {
        pattern: "each hit by this creature knocks off {n} life point(s) instead of (1|one)",
        build: |c| {
            fact(Verb::Modify {
                stat: Stat::HitDamage,
                delta: c[0].n() as i8 - 1,
            })
        },
    },
    Phrase {
        pattern: "once per turn , this creature may block one hit aimed at your life point(s)",
        build: |_| keyword(Keyword::Blocker),
    },
    // §2.11: the target is picked when the card is played
    Phrase {
        pattern: "choose a target creature",
        build: |_| Piece::Known,
    },
];

const TRIGGERS: &[Phrase] = &[
    Phrase {
        pattern: "when this creature arrives ,",
        build: |_| Piece::trigger(Trigger::PLAYED),
    },
    Phrase {
        pattern: "at the start of your turn ,",
        build: |_| Piece::trigger(Trigger::TURN_START),
    },
    Phrase {
        pattern: "while this creature is in play ,",
        build: |_| Piece::trigger(Trigger::Static),
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
    Phrase {
        pattern: "once per turn , when an opposing creature's attack die hits ,",
        build: |_| Piece::Trigger {
            trigger: Trigger::On {
                event: Event::DieHits,
                who: Who::Enemy,
            },
            costs: Vec::new(),
            limit: Limit::OncePerTurn,
            condition: None,
        },
    },
    Phrase {
        pattern: "play only in response to a spell :",
        build: |_| Piece::Trigger {
            trigger: Trigger::PLAYED,
            costs: Vec::new(),
            limit: Limit::Unlimited,
            condition: Some(Condition::RespondingToSpell),
        },
    },
];

const CLAUSES: &[Phrase] = &[
    Phrase {
        pattern: "deal {n} damage to your opponent",
        build: |c| {
            steps(vec![Step::new(
                Verb::Damage { n: c[0].n() },
                Target::Opponent,
            )])
        },
    },
    Phrase {
        pattern: "{*} at your opponent , dealing {n} damage",
        build: |c| {
            steps(vec![Step::new(
                Verb::Damage { n: c[1].n() },
                Target::Opponent,
            )])
        },
    },
    Phrase {
        pattern: "gain {n} life [point(s)]",
        build: |c| {
            steps(vec![Step::new(
                Verb::Gain {
                    what: Resource::Life,
                    n: c[0].n(),
                },
                Target::You,
            )])
        },
    },
    Phrase {
        pattern: "draw {n} card(s)",
        build: |c| steps(vec![Step::new(Verb::Draw { n: c[0].n() }, Target::You)]),
    },
    Phrase {
        pattern: "you may reroll {n} attack (die|dice) each turn",
        build: |c| {
            on_this(Verb::Modify {
                stat: Stat::Rerolls,
                delta: c[0].n() as i8,
            })
        },
    },
    Phrase {
        pattern: "search your deck for a spell , show it , and put it in your hand",
        build: |_| {
            steps(vec![Step::new(
                Verb::Search {
                    from: Place::Deck,
                    kind: Kind::Spell,
                },
                Target::You,
            )])
        },
    },
    Phrase {
        pattern: "shuffle your deck",
        build: |_| {
            steps(vec![Step::new(
                Verb::Shuffle { what: Place::Deck },
                Target::You,
            )])
        },
    },
    Phrase {
        pattern: "you may make your opponent reroll it",
        build: |_| {
            let mut s = Step::new(Verb::ForceReroll, Target::Subject);
            s.optional = true;
            steps(vec![s])
        },
    },
    Phrase {
        pattern: "return this creature to your hand",
        build: |_| on_this(Verb::ReturnToHand),
    },
    Phrase {
        pattern: "that spell fizzles and goes to the graveyard",
        build: |_| steps(vec![Step::new(Verb::Negate, Target::Other)]),
    },
    Phrase {
        pattern: "it is a rubber duck : it has no effect and can't attack",
        build: |_| {
            steps(vec![Step::new(
                Verb::Give {
                    status: crate::engine::effect::Status::Suppressed,
                },
                CREATURE,
            )])
        },
    },
    Phrase {
        pattern: "you may reroll up to {n} of your attack dice",
        build: |c| steps(vec![Step::new(Verb::Rerolls { n: c[0].n() }, Target::You)]),
    },
    Phrase {
        pattern: "both players roll a die",
        build: |_| {
            steps(vec![Step::new(
                Verb::RollOff { then: Vec::new() },
                Target::You,
            )])
        },
    },
];

const MODIFIERS: &[Phrase] = &[
    Phrase {
        pattern: "this turn",
        build: |_| Piece::Duration(Duration::ThisTurn),
    },
    Phrase {
        pattern: "until your next turn",
        build: |_| Piece::Duration(Duration::UntilYourNextTurn),
    },
    Phrase {
        pattern: "if your roll is higher",
        build: |_| Piece::Then,
    },
];

/// The words that make a sentence rules text.
const VOCABULARY: &[&str] = &[
    "creature",
    "card",
    "damage",
    "life",
    "point",
    "turn",
    "attack",
    "die",
    "dice",
    "hit",
    "spell",
    "deck",
    "hand",
    "reroll",
    "opponent",
    "play",
    "graveyard",
    "block",
    "draw",
    "gain",
    "deal",
    "search",
    "shuffle",
    "return",
    "roll",
    "target",
    "effect",
];

const VERBS: &[&str] = &[
    "deal", "gain", "draw", "search", "shuffle", "return", "make", "goes", "has", "put",
];

/// The grammar, built once.
pub fn grammar() -> &'static Grammar {
    static G: OnceLock<Grammar> = OnceLock::new();
    G.get_or_init(|| {
        Grammar::new(
            "Dice of Destiny",
            SENTENCES,
            TRIGGERS,
            CLAUSES,
            MODIFIERS,
            VERBS,
            VOCABULARY,
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::effect::text::Base;

    fn read(text: &str, base: Trigger) -> crate::engine::effect::text::Reading {
        grammar().read(text, &Base::new(base))
    }

    #[test]
    fn every_sample_phrase_reads() {
        for text in [
            "Hey! Break that rule! Your deck may hold up to six Chicken Swarm. This creature may attack the turn it arrives.",
            "Each hit by this creature knocks off 2 life points instead of 1. (Still not a die.)",
            "When this creature arrives, draw 1 card and gain 1 life point.",
            "While this creature is in play, you may reroll 2 attack dice each turn.",
            "Once per turn: fling a frog at your opponent, dealing 1 damage.",
            "Once per turn: search your deck for a spell, show it, and put it in your hand. Shuffle your deck.",
            "Once per turn, when an opposing creature's attack die hits, you may make your opponent reroll it.",
            "Once per turn, this creature may block one hit aimed at your life points.",
            "Once per turn: return this creature to your hand. It forgot its keys.",
            "Play only in response to a spell: that spell fizzles and goes to the graveyard.",
            "Choose a target creature. Until your next turn it is a rubber duck: it has no effect and can't attack.",
            "This turn, you may reroll up to 2 of your attack dice.",
            "Both players roll a die. If your roll is higher, deal 2 damage to your opponent.",
        ] {
            let r = read(text, Trigger::PLAYED);
            assert!(
                r.not_understood.is_empty(),
                "{text}: {:?}",
                r.not_understood
            );
            assert!(!r.abilities.is_empty(), "{text}");
        }
    }

    #[test]
    fn thumb_war_nests_the_damage_in_the_roll_off() {
        let r = read(
            "Both players roll a die. If your roll is higher, deal 2 damage to your opponent.",
            Trigger::PLAYED,
        );
        assert_eq!(r.abilities.len(), 1);
        match &r.abilities[0].steps[..] {
            [
                Step {
                    verb: Verb::RollOff { then },
                    ..
                },
            ] => assert_eq!(then[0].verb, Verb::Damage { n: 2 }),
            s => panic!("{s:?}"),
        }
    }

    #[test]
    fn flavour_and_reminders_are_not_rules() {
        let r = read(
            "Once per turn: return this creature to your hand. It forgot its keys.",
            Trigger::PLAYED,
        );
        assert_eq!(r.flavour, vec!["It forgot its keys.".to_string()]);
        assert_eq!(r.abilities[0].limit, Limit::OncePerTurn);
        assert_eq!(r.abilities[0].steps[0].verb, Verb::ReturnToHand);
    }
}
