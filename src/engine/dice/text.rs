//! Dice of Destiny's rules-text grammar: the rulebook's own templating
//! ("When this creature arrives, ...", "Once per turn: ...", "Each hit by
//! this creature knocks off 2 life points instead of 1", "Hey! Break that
//! rule!") mapped to the effect language.

use std::sync::OnceLock;

use crate::engine::effect::lexicon::Lexicon;
use crate::engine::effect::text::{Grammar, Phrase, Piece};
use crate::engine::effect::{
    Condition, Event, Keyword, Kind, Limit, Stat, Step, Target, Trigger, Verb, Who,
};
use crate::model::GameId;

fn steps(s: Vec<Step>) -> Piece {
    Piece::Steps(s)
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
        pattern: "your deck may (use|have|contain) [up to] {n} (colours|colors) [instead of {n}]",
        build: |c| fact(Verb::ColourLimit { n: c[1].n() }),
    },
    Phrase {
        pattern: "this (card|creature|spell) does not count (toward|towards) your [deck's] (colours|colors)",
        build: |_| fact(Verb::ColourFree),
    },
    // DD-D4: a card that overrides the copy limit
    Phrase {
        pattern: "your deck may (hold|have|contain|include) up to {n} {*}",
        build: |c| fact(Verb::CopyLimit { n: c[1].n() }),
    },
    Phrase {
        pattern: "you may have up to {n} {*} in your deck",
        build: |c| fact(Verb::CopyLimit { n: c[0].n() }),
    },
    // §4.1 "unless a card says otherwise"
    Phrase {
        pattern: "this creature (may|can) attack the turn it arrives",
        build: |_| keyword(Keyword::Haste),
    },
    Phrase {
        pattern: "this creature (may|can) attack immediately",
        build: |_| keyword(Keyword::Haste),
    },
    Phrase {
        pattern: "this creature is not summoning sick",
        build: |_| keyword(Keyword::Haste),
    },
    Phrase {
        pattern: "this creature has no summoning sickness",
        build: |_| keyword(Keyword::Haste),
    },
    // §4.4 "Each hit knocks off one life point ... unless a card says otherwise"
    Phrase {
        pattern: "each hit (by|from|of) this creature (deals|does) {n} (life|damage) instead of (1|one)",
        build: |c| hit_damage(c[2].n() as i8 - 1),
    },
    Phrase {
        pattern: "each hit (by|from|of) this creature (deals|does) {n} (extra|more|additional) (life|damage)",
        build: |c| hit_damage(c[2].n() as i8),
    },
    Phrase {
        pattern: "this creature's hits (deal|do) {n} (life|damage) [each] instead of (1|one)",
        build: |c| hit_damage(c[1].n() as i8 - 1),
    },
    Phrase {
        pattern: "this creature's hits (deal|do) {n} (extra|more|additional) (life|damage)",
        build: |c| hit_damage(c[1].n() as i8),
    },
    Phrase {
        pattern: "once per turn , this creature (may|can) block (one|a|1) hit aimed at your life",
        build: |_| keyword(Keyword::Blocker),
    },
    // §2.11: the target is picked when the card is played
    Phrase {
        pattern: "choose a target creature",
        build: |_| Piece::Known,
    },
];

fn hit_damage(delta: i8) -> Piece {
    fact(Verb::Modify {
        stat: Stat::HitDamage,
        delta,
    })
}

const TRIGGERS: &[Phrase] = &[
    Phrase {
        pattern: "while this creature is in play ,",
        build: |_| Piece::trigger(Trigger::Static),
    },
    Phrase {
        pattern: "once (per|each) turn :",
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
        pattern: "play [this] only in response to a spell :",
        build: |_| Piece::Trigger {
            trigger: Trigger::PLAYED,
            costs: Vec::new(),
            limit: Limit::Unlimited,
            condition: Some(Condition::RespondingToSpell),
        },
    },
];

/// The idioms of the sample cards the compositional grammar has no verb
/// for ("fling a frog at your opponent, dealing 1 damage").
const CLAUSES: &[Phrase] = &[
    Phrase {
        // (a throwing verb first, not any words: a bare wildcard here once
        // read "once per turn, you may fling ..." whole and dropped its
        // limit)
        pattern: "(fling|throw|hurl|toss|lob|launch|shoot|go) {*} at your opponent , dealing {n} damage",
        build: |c| {
            steps(vec![Step::new(
                Verb::Damage { n: c[2].n() },
                Target::Opponent,
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
        pattern: "both players roll a die",
        build: |_| {
            steps(vec![Step::new(
                Verb::RollOff { then: Vec::new() },
                Target::You,
            )])
        },
    },
];

const MODIFIERS: &[Phrase] = &[Phrase {
    pattern: "if your roll is higher",
    build: |_| Piece::Then,
}];

const VERBS: &[&str] = &[
    "deal", "gain", "draw", "search", "shuffle", "return", "make", "goes", "has", "put",
];

/// The grammar, built once.
pub fn grammar() -> &'static Grammar {
    static G: OnceLock<Grammar> = OnceLock::new();
    G.get_or_init(|| {
        Grammar::new(
            "Dice of Destiny",
            Lexicon::of_builtin(GameId::DiceOfDestiny),
            SENTENCES,
            TRIGGERS,
            CLAUSES,
            MODIFIERS,
            VERBS,
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
