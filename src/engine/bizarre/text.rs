//! Bizarre World's rules-text grammar: the generator's ability boxes —
//! passive (C), active cost (D) and active ability (E) — in the generator's
//! own wording ("Exhaust 1 Coin resource.", "Kill this.", "Gain 2 attack.",
//! "Your opponent draws 1 card.", "When you play this creature, ...").

use std::sync::OnceLock;

use crate::engine::effect::lexicon::{ItMeans, Lexicon};
use crate::engine::effect::text::{Grammar, Phrase, Piece};
use crate::engine::effect::{Condition, Keyword, Kind, Limit, Resource, Step, Target, Verb};

fn fact(verb: Verb) -> Piece {
    Piece::Static(vec![Step::new(verb, Target::This)])
}

/// The generator's fixed sentences; costs, conditions and effects are read
/// by the compositional grammar with [`LEXICON`].
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

/// Bizarre World's words: the rulebook calls ⚔ "attack" and "damage"
/// alike ("exhausting 1 resource to get 2 damage", p.2), so gaining
/// damage is gaining ⚔, always for this turn.
pub const LEXICON: Lexicon = Lexicon {
    synonyms: &[
        ("attack this turn", "attack"),
        ("damage this turn", "damage"),
        ("⚔ this turn", "attack"),
        ("⚔", "attack"),
        ("exhaust this creature", "exhaust this creature"),
        ("kill this creature", "kill this"),
        ("kill this card", "kill this"),
        ("sacrifice this creature", "kill this"),
        ("sacrifice this", "kill this"),
        ("destroy this creature", "kill this"),
        ("kill itself", "kill this"),
        ("in play", "in play"),
        (
            "when this creature is played",
            "when you play this creature",
        ),
        (
            "when this creature enters play",
            "when you play this creature",
        ),
        (
            "when this creature comes into play",
            "when you play this creature",
        ),
        ("when this creature arrives", "when you play this creature"),
        ("when played", "when you play this creature"),
        ("on play", "when you play this creature"),
        ("no cards in your hand", "0 cards in hand"),
        ("no cards in hand", "0 cards in hand"),
        ("0 cards in your hand", "0 cards in hand"),
        ("an empty hand", "0 cards in hand"),
        ("your hand is empty", "you have 0 cards in hand"),
        ("if you have", "you have"),
        ("only if you have", "you have"),
    ],
    kinds: &[("creature", Kind::Creature)],
    default_kind: Kind::Creature,
    resources: &[
        ("attack", Resource::Attack),
        ("damage", Resource::Attack),
        ("life", Resource::Life),
    ],
    stats: &[],
    keywords: &[],
    statuses: &[],
    status_verbs: &[],
    defeat_verbs: &[],
    events: &[],
    named_triggers: &[],
    card_nouns: &["card"],
    elements: false,
    it: ItMeans::This,
    search_shuffles: false,
    cost_colon: Some(Limit::Unlimited),
    pay: None,
    vocabulary: VOCABULARY,
};

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

const VERBS: &[&str] = &["gain", "draw", "draws", "lose", "loses", "get", "gets"];

/// The grammar, built once.
pub fn grammar() -> &'static Grammar {
    static G: OnceLock<Grammar> = OnceLock::new();
    G.get_or_init(|| Grammar::new("Bizarre World", &LEXICON, SENTENCES, &[], &[], &[], VERBS))
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
