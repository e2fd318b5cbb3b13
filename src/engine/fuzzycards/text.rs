//! Fuzzycards' rules-text grammar: the rulebook's own templating — the
//! keyword table ("Rush.", "Burn 2."), the ability timings of "ABILITY
//! TIMING" ("On Deploy:", "On Hit:", "On KO:", "On Kill:", "Activate:"),
//! the card-type words ("Equip.", "Field.") and the sample catalog's clauses
//! ("deal 3 damage to your opponent's Life", "The equipped Hero gets +2
//! ATK", "Silence target enemy Hero until your next turn", "KO target enemy
//! Hero with 6 HP or less") — mapped to the effect language.

use std::sync::OnceLock;

use crate::engine::effect::lexicon::Lexicon;
use crate::engine::effect::text::{Grammar, Phrase, Piece};
use crate::engine::effect::{Keyword, Limit, Trigger};
use crate::model::GameId;

/// A keyword by its rulebook name.
pub fn keyword(word: &str) -> Option<Keyword> {
    Some(match word {
        "rush" => Keyword::Rush,
        "guard" => Keyword::Guard,
        "stealth" => Keyword::Stealth,
        "drain" => Keyword::Drain,
        "shield" => Keyword::Shield,
        "bridge" => Keyword::Bridge,
        "silence" => Keyword::Silence,
        "burn" => Keyword::Burn,
        _ => return None,
    })
}

const SENTENCES: &[Phrase] = &[
    // KEYWORDS & ABILITIES: the keyword table
    Phrase {
        pattern: "(rush|guard|stealth|drain|shield|bridge)",
        build: |c| Piece::Keywords(keyword(c[0].w()).map(|k| (k, 0)).into_iter().collect()),
    },
    Phrase {
        pattern: "burn {n}",
        build: |c| Piece::Keywords(vec![(Keyword::Burn, c[0].n())]),
    },
    // the keyword table's own definitions, as reminder text after a keyword
    Phrase {
        pattern: "can attack the [same] turn it's deployed [and enters the altar directly]",
        build: |_| Piece::Keywords(vec![(Keyword::Rush, 0)]),
    },
    Phrase {
        pattern: "must be attacked before other altar cards",
        build: |_| Piece::Keywords(vec![(Keyword::Guard, 0)]),
    },
    Phrase {
        pattern: "can't be targeted until this card attacks",
        build: |_| Piece::Keywords(vec![(Keyword::Stealth, 0)]),
    },
    Phrase {
        pattern: "heal hp equal to damage dealt",
        build: |_| Piece::Keywords(vec![(Keyword::Drain, 0)]),
    },
    Phrase {
        pattern: "first damage received each turn is reduced to 0",
        build: |_| Piece::Keywords(vec![(Keyword::Shield, 0)]),
    },
    Phrase {
        pattern: "when attacked , may move to the vault and dodge the attack",
        build: |_| Piece::Keywords(vec![(Keyword::Bridge, 0)]),
    },
    // the Relic subtypes (CARD TYPES): what kind of Relic it is, no effect
    Phrase {
        pattern: "(equip|field) [relic]",
        build: |_| Piece::Known,
    },
];

/// Timings the compositional grammar has no word for: "Passive:" is the
/// card's static text (ABILITY TIMING).
const TRIGGERS: &[Phrase] = &[Phrase {
    pattern: "(passive|static|always) :",
    build: |_| Piece::trigger(Trigger::Static),
}];

const MODIFIERS: &[Phrase] = &[
    // "(once per turn)": what Activate means anyway (ABILITY TIMING)
    Phrase {
        pattern: "( once per turn )",
        build: |_| Piece::Limit(Limit::OncePerTurn),
    },
    Phrase {
        pattern: "once per turn",
        build: |_| Piece::Limit(Limit::OncePerTurn),
    },
];

const VERBS: &[&str] = &[
    "deal", "draw", "gain", "gains", "gets", "get", "lose", "loses", "silence", "ko", "heal",
    "restore", "pay", "has",
];

/// The grammar, built once.
pub fn grammar() -> &'static Grammar {
    static G: OnceLock<Grammar> = OnceLock::new();
    G.get_or_init(|| {
        Grammar::new(
            "Fuzzycards",
            Lexicon::of_builtin(GameId::Fuzzycards),
            SENTENCES,
            TRIGGERS,
            &[],
            MODIFIERS,
            VERBS,
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::effect::{Cost, Duration, Kind, Resource, Stat, Target, Verb, Who};

    const EVERY_ENEMY_HERO: Target = Target::Each {
        who: Who::Enemy,
        kind: Kind::Hero,
    };
    use crate::engine::effect::text::{Base, Reading};

    fn read(text: &str, base: Trigger) -> Reading {
        grammar().read(text, &Base::new(base))
    }

    #[test]
    fn every_sample_phrase_reads() {
        for (text, base) in [
            (
                "Rush. On Deploy: deal 3 damage to your opponent's Life.",
                Trigger::Static,
            ),
            ("Stealth. On Deploy: draw 2 cards.", Trigger::Static),
            (
                "Guard. On Deploy: Silence every enemy Hero until the end of your opponent's next turn.",
                Trigger::Static,
            ),
            (
                "Rush. On Hit: deal 1 damage to your opponent's Life.",
                Trigger::Static,
            ),
            ("On Deploy: draw 1 card and gain 1 Energy.", Trigger::Static),
            ("Bridge. On Kill: draw 1 card.", Trigger::Static),
            (
                "Activate: pay 1 Energy to gain 2 Life (once per turn).",
                Trigger::Static,
            ),
            (
                "On Deploy: Silence target enemy Hero until your next turn.",
                Trigger::Static,
            ),
            ("Equip. The equipped Hero gets +2 ATK.", Trigger::Static),
            ("Equip. The equipped Hero gains Stealth.", Trigger::Static),
            (
                "Equip. The equipped Hero gains Shield and gets +1 DEF.",
                Trigger::Static,
            ),
            (
                "Field. At the end of your turn, deal 1 damage to your opponent's Life.",
                Trigger::Static,
            ),
            (
                "Field. At the start of your turn, draw 1 card.",
                Trigger::Static,
            ),
            ("Field. Enemy Heroes lose Stealth.", Trigger::Static),
            ("KO target enemy Hero with 6 HP or less.", Trigger::PLAYED),
            (
                "Silence target enemy Hero until the end of turn. Draw 1 card.",
                Trigger::PLAYED,
            ),
            ("Rush. Burn 2.", Trigger::Static),
        ] {
            let r = read(text, base);
            assert!(
                r.not_understood.is_empty(),
                "{text}: {:?}",
                r.not_understood
            );
            assert!(!r.abilities.is_empty() || !r.keywords.is_empty(), "{text}");
        }
    }

    #[test]
    fn activate_reads_its_cost_and_limit() {
        let r = read(
            "Activate: pay 1 Energy to gain 2 Life (once per turn).",
            Trigger::Static,
        );
        let a = &r.abilities[0];
        assert_eq!(a.trigger, Trigger::Activated);
        assert_eq!(
            a.costs,
            vec![Cost::Pay {
                what: Resource::Energy,
                n: 1
            }]
        );
        assert_eq!(a.limit, Limit::OncePerTurn);
        assert_eq!(
            a.steps[0].verb,
            Verb::Gain {
                what: Resource::Life,
                n: 2
            }
        );
    }

    #[test]
    fn silence_durations_follow_the_text() {
        let owl = read(
            "Guard. On Deploy: Silence every enemy Hero until the end of your opponent's next turn.",
            Trigger::Static,
        );
        assert_eq!(owl.keywords, vec![(Keyword::Guard, 0)]);
        let s = &owl.abilities[0].steps[0];
        assert_eq!(s.target, EVERY_ENEMY_HERO);
        assert_eq!(s.duration, Duration::UntilEndOfOpponentsNextTurn);
        let ambush = read(
            "Silence target enemy Hero until the end of turn. Draw 1 card.",
            Trigger::PLAYED,
        );
        let a = &ambush.abilities[0];
        assert_eq!(a.steps.len(), 2);
        assert_eq!(a.steps[0].duration, Duration::ThisTurn);
        assert_eq!(a.steps[1].verb, Verb::Draw { n: 1 });
        assert_eq!(a.steps[1].duration, Duration::Instant);
    }

    #[test]
    fn the_equipped_hero_carries_over_and() {
        let r = read(
            "Equip. The equipped Hero gains Shield and gets +1 DEF.",
            Trigger::Static,
        );
        let s = &r.abilities[0].steps;
        assert_eq!(s.len(), 2);
        assert_eq!(s[1].target, Target::Attached);
        assert_eq!(
            s[1].verb,
            Verb::Modify {
                stat: Stat::Def,
                delta: 1
            }
        );
    }

    #[test]
    fn unknown_phrases_are_reported_and_flavour_is_not() {
        let r = read(
            "On Deploy: swap the Altar with the Vault. It hums a tune.",
            Trigger::Static,
        );
        assert_eq!(
            r.not_understood,
            vec!["swap the altar with the vault".to_string()]
        );
        assert_eq!(r.flavour, vec!["It hums a tune.".to_string()]);
    }
}
