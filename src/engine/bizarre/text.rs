//! Bizarre World's rules-text grammar: the generator's ability boxes —
//! passive (C), active cost (D) and active ability (E) — in the generator's
//! own wording ("Exhaust 1 Coin resource.", "Kill this.", "Gain 2 attack.",
//! "Your opponent draws 1 card.", "When you play this creature, ...").

use std::sync::OnceLock;

use crate::engine::effect::lexicon::Lexicon;
use crate::engine::effect::text::{Grammar, Phrase, Piece};
use crate::engine::effect::{Condition, Keyword, Step, Target, Verb};
use crate::model::GameId;

fn fact(verb: Verb) -> Piece {
    Piece::Static(vec![Step::new(verb, Target::This)])
}

/// The generator's fixed sentences; costs, conditions and effects are read
/// by the compositional grammar with the words of its game file's `[lexicon]`.
const SENTENCES: &[Phrase] = &[
    Phrase {
        pattern: "this creature can't use its ability in response to an attack",
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
    // Card Layout F: "this creature can be used as a resource"
    Phrase {
        pattern: "this creature can be (exhausted|used|treated|spent) as a {w} resource",
        build: |c| {
            fact(Verb::ResourceKind {
                symbol: c[1].w().to_string(),
            })
        },
    },
    Phrase {
        pattern: "this creature can be (exhausted|used|treated|spent) as a resource",
        build: |_| {
            fact(Verb::ResourceKind {
                symbol: "neutral".into(),
            })
        },
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

const VERBS: &[&str] = &["gain", "draw", "draws", "lose", "loses", "get", "gets"];

/// The grammar, built once.
pub fn grammar() -> &'static Grammar {
    static G: OnceLock<Grammar> = OnceLock::new();
    G.get_or_init(|| {
        Grammar::new(
            "Bizarre World",
            Lexicon::of_builtin(GameId::BizarreWorld),
            SENTENCES,
            &[],
            &[],
            &[],
            VERBS,
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::effect::text::Base;
    use crate::engine::effect::{Cost, Trigger};

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
