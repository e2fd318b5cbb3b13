//! Fuzzycards' rules-text grammar: the rulebook's own templating — the
//! keyword table ("Rush.", "Burn 2."), the ability timings of "ABILITY
//! TIMING" ("On Deploy:", "On Hit:", "On KO:", "On Kill:", "Activate:"),
//! the card-type words ("Equip.", "Field.") and the sample catalog's clauses
//! ("deal 3 damage to your opponent's Life", "The equipped Hero gets +2
//! ATK", "Silence target enemy Hero until your next turn", "KO target enemy
//! Hero with 6 HP or less") — mapped to the effect language.

use std::sync::OnceLock;

use crate::engine::effect::text::{Cap, Grammar, Phrase, Piece};
use crate::engine::effect::{
    Cost, Duration, Event, Keyword, Kind, Limit, Resource, Stat, Status, Step, Target, Trigger,
    Verb, Who,
};

fn steps(s: Vec<Step>) -> Piece {
    Piece::Steps(s)
}

fn one(verb: Verb, target: Target) -> Piece {
    steps(vec![Step::new(verb, target)])
}

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

fn stat(word: &str) -> Stat {
    match word {
        "def" => Stat::Def,
        "hp" => Stat::Hp,
        _ => Stat::Atk,
    }
}

const ENEMY_HERO: Target = Target::Chosen {
    who: Who::Enemy,
    kind: Kind::Hero,
};

const EVERY_ENEMY_HERO: Target = Target::Each {
    who: Who::Enemy,
    kind: Kind::Hero,
};

fn on(event: Event) -> Piece {
    Piece::trigger(Trigger::On {
        event,
        who: Who::This,
    })
}

/// "Activate: pay N Energy to ...": an activated ability with its cost,
/// once per turn unless stated (ABILITY TIMING).
fn activate(c: &[Cap]) -> Piece {
    Piece::Trigger {
        trigger: Trigger::Activated,
        costs: c
            .first()
            .map(|n| Cost::Pay {
                what: Resource::Energy,
                n: n.n(),
            })
            .into_iter()
            .collect(),
        limit: Limit::OncePerTurn,
        condition: None,
    }
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
    // the Relic subtypes (CARD TYPES): what kind of Relic it is, no effect
    Phrase {
        pattern: "(equip|field) [relic]",
        build: |_| Piece::Known,
    },
];

const TRIGGERS: &[Phrase] = &[
    Phrase {
        pattern: "on deploy :",
        build: |_| Piece::trigger(Trigger::PLAYED),
    },
    Phrase {
        pattern: "on attack :",
        build: |_| on(Event::Attacks),
    },
    Phrase {
        pattern: "on hit :",
        build: |_| on(Event::Hits),
    },
    Phrase {
        pattern: "on ko :",
        build: |_| on(Event::Defeated),
    },
    Phrase {
        pattern: "on kill :",
        build: |_| on(Event::Kills),
    },
    Phrase {
        pattern: "passive :",
        build: |_| Piece::trigger(Trigger::Static),
    },
    Phrase {
        pattern: "activate :",
        build: |_| activate(&[]),
    },
    Phrase {
        pattern: "activate : pay {n} energy to",
        build: activate,
    },
    Phrase {
        pattern: "activate : pay {n} energy ,",
        build: activate,
    },
    Phrase {
        pattern: "activate : pay {n} energy :",
        build: activate,
    },
    Phrase {
        pattern: "at the start of your turn ,",
        build: |_| Piece::trigger(Trigger::TURN_START),
    },
    Phrase {
        pattern: "at the end of your turn ,",
        build: |_| Piece::trigger(Trigger::TURN_END),
    },
];

const CLAUSES: &[Phrase] = &[
    Phrase {
        pattern: "deal {n} damage to your opponent's life",
        build: |c| one(Verb::Damage { n: c[0].n() }, Target::Opponent),
    },
    Phrase {
        pattern: "deal {n} damage to target enemy hero",
        build: |c| one(Verb::Damage { n: c[0].n() }, ENEMY_HERO),
    },
    Phrase {
        pattern: "deal {n} damage to (each|every) enemy hero",
        build: |c| one(Verb::Damage { n: c[0].n() }, EVERY_ENEMY_HERO),
    },
    Phrase {
        pattern: "draw {n} card(s)",
        build: |c| one(Verb::Draw { n: c[0].n() }, Target::You),
    },
    Phrase {
        pattern: "gain {n} energy",
        build: |c| {
            one(
                Verb::Gain {
                    what: Resource::Energy,
                    n: c[0].n(),
                },
                Target::You,
            )
        },
    },
    Phrase {
        pattern: "gain {n} life",
        build: |c| {
            one(
                Verb::Gain {
                    what: Resource::Life,
                    n: c[0].n(),
                },
                Target::You,
            )
        },
    },
    Phrase {
        pattern: "(heal|restore) {n} hp (to|of) this (hero|card)",
        build: |c| one(Verb::Heal { n: c[1].n() }, Target::This),
    },
    Phrase {
        pattern: "silence target enemy hero",
        build: |_| {
            one(
                Verb::Give {
                    status: Status::Silenced,
                },
                ENEMY_HERO,
            )
        },
    },
    Phrase {
        pattern: "silence (each|every|all) enemy hero(s)",
        build: |_| {
            one(
                Verb::Give {
                    status: Status::Silenced,
                },
                EVERY_ENEMY_HERO,
            )
        },
    },
    Phrase {
        pattern: "ko target enemy hero",
        build: |_| one(Verb::Defeat { max_hp: None }, ENEMY_HERO),
    },
    Phrase {
        pattern: "ko target enemy hero with {n} hp or less",
        build: |c| {
            one(
                Verb::Defeat {
                    max_hp: Some(c[0].n()),
                },
                ENEMY_HERO,
            )
        },
    },
    // Equip Relics: "Grants stat boosts, new keywords, or triggered effects"
    Phrase {
        pattern: "the equipped hero (gets|gains) {d} (atk|def|hp)",
        build: |c| {
            one(
                Verb::Modify {
                    stat: stat(c[2].w()),
                    delta: c[1].d(),
                },
                Target::Attached,
            )
        },
    },
    Phrase {
        pattern: "the equipped hero (gets|gains) (rush|guard|stealth|drain|shield|bridge)",
        build: |c| {
            one(
                Verb::Keyword {
                    keyword: keyword(c[1].w()).unwrap_or(Keyword::Rush),
                    n: 0,
                    gain: true,
                },
                Target::Attached,
            )
        },
    },
    Phrase {
        pattern: "the equipped hero (gets|gains) burn {n}",
        build: |c| {
            one(
                Verb::Keyword {
                    keyword: Keyword::Burn,
                    n: c[1].n(),
                    gain: true,
                },
                Target::Attached,
            )
        },
    },
    // a Hero's own passive ("Passive: this Hero gets +1 DEF")
    Phrase {
        pattern: "this (hero|card) (gets|gains) {d} (atk|def|hp)",
        build: |c| {
            one(
                Verb::Modify {
                    stat: stat(c[3].w()),
                    delta: c[2].d(),
                },
                Target::This,
            )
        },
    },
    // Field Relics' debuffs against the opponent
    Phrase {
        pattern: "enemy heroes lose (rush|guard|stealth|drain|shield|bridge)",
        build: |c| {
            one(
                Verb::Keyword {
                    keyword: keyword(c[0].w()).unwrap_or(Keyword::Stealth),
                    n: 0,
                    gain: false,
                },
                EVERY_ENEMY_HERO,
            )
        },
    },
];

const MODIFIERS: &[Phrase] = &[
    Phrase {
        pattern: "until the end of your opponent's next turn",
        build: |_| Piece::Duration(Duration::UntilEndOfOpponentsNextTurn),
    },
    Phrase {
        pattern: "until your next turn",
        build: |_| Piece::Duration(Duration::UntilYourNextTurn),
    },
    Phrase {
        pattern: "until [the] end of [this] turn",
        build: |_| Piece::Duration(Duration::ThisTurn),
    },
    Phrase {
        pattern: "this turn",
        build: |_| Piece::Duration(Duration::ThisTurn),
    },
    // "(once per turn)": what Activate means anyway (ABILITY TIMING)
    Phrase {
        pattern: "(once per turn)",
        build: |_| Piece::Limit(Limit::OncePerTurn),
    },
];

/// The words that make a sentence rules text (the rest is flavour).
const VOCABULARY: &[&str] = &[
    "hero", "heroes", "relic", "event", "card", "energy", "life", "damage", "atk", "def", "hp",
    "deal", "draw", "gain", "silence", "ko", "equip", "equipped", "enemy", "opponent", "turn",
    "deploy", "attack", "hit", "kill", "activate", "passive", "rush", "guard", "stealth", "drain",
    "shield", "bridge", "burn", "altar", "vault", "scroll", "discard", "pay", "target",
];

const VERBS: &[&str] = &[
    "deal", "draw", "gain", "gains", "gets", "get", "lose", "silence", "ko", "heal", "restore",
    "pay",
];

/// The grammar, built once.
pub fn grammar() -> &'static Grammar {
    static G: OnceLock<Grammar> = OnceLock::new();
    G.get_or_init(|| {
        Grammar::new(
            "Fuzzycards",
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
