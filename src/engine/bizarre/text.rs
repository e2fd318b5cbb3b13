//! Bizarre World's rules-text grammar: the generator's ability boxes —
//! passive (C), active cost (D) and active ability (E) — in the generator's
//! own wording ("Exhaust 1 Coin resource.", "Kill this.", "Gain 2 attack.",
//! "Your opponent draws 1 card.", "When you play this creature, ...").

use std::sync::OnceLock;

use crate::engine::effect::text::{Grammar, Phrase, Piece};
use crate::engine::effect::{Condition, Cost, Keyword, Resource, Step, Target, Trigger, Verb};

fn steps(s: Vec<Step>) -> Piece {
    Piece::Steps(s)
}

fn gain(what: Resource, n: u8) -> Piece {
    steps(vec![Step::new(Verb::Gain { what, n }, Target::You)])
}

fn fact(verb: Verb) -> Piece {
    Piece::Static(vec![Step::new(verb, Target::This)])
}

const SENTENCES: &[Phrase] = &[
    Phrase {
        pattern: "this creature cannot use its ability in response to an attack",
        build: |_| {
            fact(Verb::Keyword {
                keyword: Keyword::NoResponse,
                n: 0,
                gain: true,
            })
        },
    },
    Phrase {
        pattern: "this creature enters play exhausted",
        build: |_| {
            fact(Verb::Keyword {
                keyword: Keyword::EntersExhausted,
                n: 0,
                gain: true,
            })
        },
    },
    Phrase {
        pattern: "this creature can be exhausted as a {w} resource",
        build: |c| {
            fact(Verb::ResourceKind {
                symbol: c[0].w().to_string(),
            })
        },
    },
    // the active-cost box (D)
    Phrase {
        pattern: "exhaust {n} resource(s)",
        build: |c| {
            Piece::Cost(Cost::Exhaust {
                n: c[0].n(),
                symbol: None,
            })
        },
    },
    Phrase {
        pattern: "exhaust {n} {w} resource(s)",
        build: |c| {
            Piece::Cost(Cost::Exhaust {
                n: c[0].n(),
                symbol: Some(c[1].w().to_string()),
            })
        },
    },
    Phrase {
        pattern: "kill this",
        build: |_| Piece::Cost(Cost::Sacrifice),
    },
    Phrase {
        pattern: "you have (0|no) cards in hand",
        build: |_| Piece::Condition(Condition::HandEmpty),
    },
    // BW §6 "It is Tuesday": which day it is is a named option, so a game
    // replays the same whatever the calendar says
    Phrase {
        pattern: "it is tuesday",
        build: |_| {
            Piece::Condition(Condition::Option {
                key: "it_is_tuesday".into(),
            })
        },
    },
];

const TRIGGERS: &[Phrase] = &[
    Phrase {
        pattern: "when you play this creature ,",
        build: |_| Piece::trigger(Trigger::PLAYED),
    },
    Phrase {
        pattern: "at the start of your turn ,",
        build: |_| Piece::trigger(Trigger::TURN_START),
    },
];

const CLAUSES: &[Phrase] = &[
    Phrase {
        pattern: "gain {n} attack",
        build: |c| gain(Resource::Attack, c[0].n()),
    },
    Phrase {
        pattern: "gain {n} life",
        build: |c| gain(Resource::Life, c[0].n()),
    },
    Phrase {
        pattern: "lose {n} life",
        build: |c| {
            steps(vec![Step::new(
                Verb::Lose {
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
        pattern: "your opponent draws {n} card(s)",
        build: |c| {
            steps(vec![Step::new(
                Verb::Draw { n: c[0].n() },
                Target::Opponent,
            )])
        },
    },
];

const VOCABULARY: &[&str] = &[
    "attack",
    "card",
    "life",
    "resource",
    "creature",
    "exhaust",
    "draw",
    "gain",
    "lose",
    "opponent",
    "kill",
    "hand",
    "turn",
    "play",
    "ability",
    "tuesday",
    "exhausted",
];

const VERBS: &[&str] = &["gain", "draw", "draws", "lose"];

/// The grammar, built once.
pub fn grammar() -> &'static Grammar {
    static G: OnceLock<Grammar> = OnceLock::new();
    G.get_or_init(|| {
        Grammar::new(
            "Bizarre World",
            SENTENCES,
            TRIGGERS,
            CLAUSES,
            &[],
            VERBS,
            VOCABULARY,
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::effect::text::Base;

    #[test]
    fn the_generators_boxes_read() {
        let g = grammar();
        let boxes = g.read("Exhaust 1 Coin resource.", &Base::new(Trigger::Activated));
        assert_eq!(
            boxes.costs,
            vec![Cost::Exhaust {
                n: 1,
                symbol: Some("coin".into())
            }]
        );
        let r = g.read(
            "Gain 3 attack. Your opponent draws 1 card.",
            &Base::new(Trigger::Activated),
        );
        assert!(r.not_understood.is_empty(), "{:?}", r.not_understood);
        assert_eq!(r.abilities[0].steps.len(), 2);
        assert_eq!(r.abilities[0].steps[1].target, Target::Opponent);
        let r = g.read(
            "Gain 1 attack and draw 1 card.",
            &Base::new(Trigger::Activated),
        );
        assert_eq!(r.abilities[0].steps.len(), 2);
        let r = g.read(
            "At the start of your turn, lose 1 life.",
            &Base::new(Trigger::Static),
        );
        assert_eq!(r.abilities[0].trigger, Trigger::TURN_START);
        let r = g.read("It is Tuesday.", &Base::new(Trigger::Activated));
        assert_eq!(
            r.conditions,
            vec![Condition::Option {
                key: "it_is_tuesday".into()
            }]
        );
    }
}
