//! The paraphrase suite (issue 24): for every clause the grammars know,
//! several wordings a player might type, each read to the same
//! [`Reading`] — the same abilities, keywords, costs and conditions.

use super::Trigger;
use super::text::{Base, Grammar, Reading};

/// Reads every wording of every group and checks each group reads one way,
/// completely.
fn same(g: &Grammar, base: Trigger, groups: &[&[&str]]) {
    for group in groups {
        let read = |t: &str| -> Reading {
            let r = g.read(t, &Base::new(base));
            assert!(
                r.not_understood.is_empty(),
                "{}: {t:?} not understood: {:?}",
                g.game,
                r.not_understood
            );
            assert!(
                !r.abilities.is_empty()
                    || !r.keywords.is_empty()
                    || !r.costs.is_empty()
                    || !r.conditions.is_empty(),
                "{}: {t:?} reads nothing",
                g.game
            );
            Reading {
                flavour: Vec::new(),
                ..r
            }
        };
        let first = read(group[0]);
        for t in &group[1..] {
            assert_eq!(
                read(t),
                first,
                "{}: {t:?} differs from {:?}",
                g.game,
                group[0]
            );
        }
    }
}

#[test]
fn fuzzycards_paraphrases_read_alike() {
    let g = crate::engine::fuzzycards::text::grammar();
    same(
        g,
        Trigger::PLAYED,
        &[
            &[
                "Deal 4 damage to your opponent's Life.",
                "Deal 4 damage to your opponent.",
                "deal four damage to the opponent",
                "Deal 4 DMG to your opponent's life points.",
                "DEAL 4 DAMAGE TO YOUR OPPONENT",
                "Your opponent takes 4 damage.",
            ],
            &[
                "Deal 2 damage to target enemy Hero.",
                "Deal 2 damage to an enemy Hero.",
                "Deal two damage to a target enemy Hero.",
                "deal 2 dmg to one enemy hero",
                "Deal 2 damage to target enemy character.",
            ],
            &[
                "Deal 1 damage to every enemy Hero.",
                "Deal 1 damage to each enemy Hero.",
                "Deal 1 damage to all enemy Heroes.",
                "Deal 1 damage to each Hero your opponent controls.",
            ],
            &[
                "Draw 1 card.",
                "Draw a card.",
                "draw one card",
                "Draw 1 card from your Scroll.",
            ],
            &["Gain 1 Energy.", "gain one energy", "You gain 1 Energy."],
            &[
                "Gain 2 Life. Gain 1 Energy.",
                "Gain 2 Life and 1 Energy.",
                "Gain 2 Life and gain 1 Energy.",
            ],
            &[
                "Deal 1 damage to each enemy Hero. Deal 1 damage to your opponent's Life.",
                "Deal 1 damage to each enemy Hero and 1 damage to your opponent's Life.",
            ],
            &["Gain 3 Life.", "Gain 3 life points.", "You gain 3 Life."],
            &[
                "Silence target enemy Hero until your next turn.",
                "Silence an enemy Hero until the start of your next turn.",
                "Silence target enemy Hero until the beginning of your next turn.",
            ],
            &[
                "Silence target enemy Hero until the end of turn.",
                "Silence target enemy Hero until end of turn.",
                "Silence target enemy Hero until the end of the turn.",
                "Silence target enemy Hero this turn.",
                "This turn, silence target enemy Hero.",
            ],
            &[
                "KO target enemy Hero with 6 HP or less.",
                "KO target enemy Hero with 6 or less HP.",
                "Destroy target enemy Hero with 6 HP or less.",
                "Knock out an enemy Hero with 6 HP or less.",
            ],
            &[
                "Draw 1 card and gain 1 Energy.",
                "Draw 1 card, then gain 1 Energy.",
                "Draw a card. Gain 1 Energy.",
                "Draw 1 card; gain 1 Energy.",
            ],
            &[
                "Your opponent loses 1 life.",
                "Your opponent loses 1 Life.",
                "The opponent loses one life point.",
                "your opponent loses 1 life points",
            ],
            &[
                "You lose 2 life.",
                "You lose 2 Life points.",
                "Lose 2 life.",
            ],
            &[
                "Allied Heroes get +1 ATK this turn.",
                "Your Heroes get +1 ATK until end of turn.",
                "Each allied Hero gets +1 ATK until the end of the turn.",
                "All allied Heroes gain +1 attack this turn.",
                "Heroes you control get +1 ATK this turn.",
            ],
        ],
    );
    same(
        g,
        Trigger::Static,
        &[
            &[
                "On Deploy: draw 1 card.",
                "When this Hero is deployed, draw 1 card.",
                "When this Hero enters the field, draw a card.",
                "When you play this card, draw 1 card.",
                "When deployed: draw 1 card.",
                "On Deploy - draw 1 card",
                "on deploy: draw one card",
            ],
            &[
                "On Attack: draw 1 card.",
                "When this Hero attacks, draw 1 card.",
                "Whenever this Hero attacks, draw a card.",
            ],
            &[
                "On Hit: deal 1 damage to your opponent's Life.",
                "When this Hero hits, deal 1 damage to your opponent.",
                "Whenever this Hero deals damage, deal 1 damage to your opponent.",
            ],
            &[
                "On KO: draw 1 card.",
                "When this Hero is KO'd, draw 1 card.",
                "When this Hero is knocked out, draw a card.",
                "When this Hero is destroyed, draw 1 card.",
            ],
            &[
                "On Kill: draw 1 card.",
                "When this Hero KOs an enemy Hero, draw 1 card.",
                "When this Hero knocks out an enemy Hero, draw 1 card.",
            ],
            &[
                "Activate: pay 1 Energy to gain 2 Life (once per turn).",
                "Activate: pay 1 Energy to gain 2 Life.",
                "Activate (pay 1 Energy): gain 2 Life.",
                "Activate [1 Energy]: gain 2 Life.",
                "Activate: pay 1 Energy: gain 2 Life.",
                "Pay 1 Energy: gain 2 Life.",
            ],
            &[
                "Activate: pay 1 Energy: this Hero gets +2 ATK this turn.",
                "Activate (pay 1 Energy): this Hero gets +2 ATK until the end of the turn.",
                "Pay 1 Energy: this Hero gets +2 ATK until end of turn.",
            ],
            &[
                "This Hero gets +1 DEF.",
                "Passive: this Hero gets +1 DEF.",
                "This Hero has +1 DEF.",
                "This card gains +1 defense.",
            ],
            &[
                "Equip. The equipped Hero gets +2 ATK.",
                "Equip. The equipped Hero gains +2 ATK.",
                "Equip. Equipped Hero gets +2 attack.",
            ],
            &[
                "Equip. The equipped Hero gains Shield and gets +1 DEF.",
                "Equip. The equipped Hero gains Shield and +1 DEF.",
                "Equip. The equipped Hero has Shield and +1 DEF.",
            ],
            &[
                "Field. At the start of your turn, draw 1 card.",
                "Field. At the beginning of your turn, draw a card.",
                "Field. At the start of each of your turns, draw 1 card.",
            ],
            &[
                "Field. Enemy Heroes lose Stealth.",
                "Field. All enemy Heroes lose Stealth.",
                "Field. Each enemy Hero loses Stealth.",
            ],
            &["Guard. Shield.", "Guard, Shield.", "Guard and Shield."],
            &[
                "Field. Allied Heroes get +1 ATK.",
                "Field. Your Heroes get +1 ATK.",
                "Field. Each allied Hero gets +1 ATK.",
                "Field. All your Heroes have +1 ATK.",
                "Field. Allies get +1 ATK.",
            ],
            &[
                "On Deploy: your other Heroes get +2 ATK until end of turn.",
                "On Deploy: other allied Heroes get +2 ATK this turn.",
                "When this Hero is deployed, each other allied Hero gets +2 ATK this turn.",
                "On Deploy: all other Heroes you control get +2 ATK until the end of the turn.",
                "On Deploy: your other allies get +2 ATK this turn.",
            ],
            &[
                "Rush.",
                "Rush. (Can attack the same turn it's deployed and enters The Altar directly.)",
            ],
            // a parenthesis inside a sentence that repeats it is reminder text
            &[
                "Rush. On Deploy: draw 1 card.",
                "Rush (can attack the same turn it's deployed). On Deploy: draw 1 card.",
                "Rush (can attack the turn it's deployed and enters the Altar directly). On Deploy: draw 1 card.",
            ],
            &[
                "On Deploy: deal 3 damage to your opponent's Life.",
                "On Deploy: deal 3 damage to your opponent (deal 3 damage to your opponent's Life).",
            ],
            // one that adds something is read, not dropped
            &[
                "On Deploy: draw 1 card. Gain 1 Energy.",
                "On Deploy: draw 1 card (gain 1 Energy).",
            ],
        ],
    );
}

#[test]
fn dice_of_destiny_paraphrases_read_alike() {
    let g = crate::engine::dice::text::grammar();
    same(
        g,
        Trigger::PLAYED,
        &[
            &[
                "When this creature arrives, draw 1 card.",
                "When this creature comes into play, draw a card.",
                "When this creature enters play, draw 1 card.",
                "When this creature enters the battlefield, draw one card.",
                "When this creature is summoned, draw 1 card.",
                "When you summon this creature, draw 1 card.",
            ],
            &[
                "Deal 2 damage to your opponent.",
                "Deal 2 damage to the opponent.",
                "Deal two damage to your opponent's life points.",
                "Your opponent takes 2 damage.",
            ],
            &[
                "Gain 3 life points.",
                "Gain 3 life.",
                "Gain three life points.",
                "You gain 3 life points.",
            ],
            &[
                "Each hit by this creature knocks off 2 life points instead of 1.",
                "Each hit from this creature deals 1 extra damage.",
                "Each hit by this creature deals 2 damage instead of 1.",
                "This creature's hits deal 1 extra damage.",
            ],
            &[
                "Search your deck for a creature, show it, and put it in your hand. Shuffle your deck.",
                "Search your deck for a creature card, put it into your hand.",
                "Search your deck for a creature card and put it into your hand.",
                "Search your deck for a creature, reveal it, add it to your hand, then shuffle your deck.",
            ],
            &[
                "This turn, you may reroll up to 1 of your attack dice.",
                "You may reroll one of your attack dice.",
                "Reroll up to 1 of your attack dice this turn.",
                "You may reroll 1 attack die.",
            ],
            &[
                "While this creature is in play, you may reroll 1 attack die each turn.",
                "While this creature is in play, you may reroll one attack die each turn.",
            ],
            &[
                "This creature may attack the turn it arrives.",
                "This creature can attack the turn it comes into play.",
                "This creature may attack right away.",
            ],
            &[
                "Once per turn: return this creature to your hand.",
                "Once per turn: return this creature to its owner's hand.",
                "Once each turn: return this creature to your hand.",
            ],
            &[
                "When this creature arrives, you may draw 1 card.",
                "When this creature comes into play, you may draw a card.",
            ],
            &[
                "Your opponent loses 1 life.",
                "Your opponent loses 1 life point.",
                "The opponent loses one life.",
                "Your opponent loses 1 life points.",
            ],
            &[
                "You lose 2 life points.",
                "You lose 2 life.",
                "Lose two life.",
            ],
        ],
    );
}

#[test]
fn bizarre_world_paraphrases_read_alike() {
    let g = crate::engine::bizarre::text::grammar();
    same(
        g,
        Trigger::Activated,
        &[
            &[
                "Gain 3 attack.",
                "Gain 3 damage.",
                "Get 3 damage.",
                "Gain 3 attack this turn.",
                "Gain 3 damage until the end of the turn.",
                "gain three attack",
            ],
            &["Gain 2 life.", "Gain 2 life points.", "You gain 2 life."],
            &["Draw 1 card.", "Draw a card.", "Draw one card."],
            &[
                "Your opponent draws 1 card.",
                "Your opponent draws a card.",
                "The opponent draws one card.",
            ],
            &[
                "Your opponent loses 1 life.",
                "The opponent loses 1 life point.",
            ],
            &[
                "Exhaust 1 resource.",
                "Exhaust one resource.",
                "exhaust 1 resource",
            ],
            &["Exhaust 2 Coin resources.", "Exhaust two Coin resources."],
            &[
                "Kill this.",
                "Kill this creature.",
                "Sacrifice this creature.",
                "Sacrifice this.",
            ],
            &[
                "Exhaust 1 resource and kill this.",
                "Exhaust 1 resource, kill this creature.",
            ],
            &[
                "You have 0 cards in hand.",
                "You have no cards in hand.",
                "You have no cards in your hand.",
                "Your hand is empty.",
            ],
            &[
                "Gain 1 attack and draw 1 card.",
                "Gain 1 attack. Draw 1 card.",
                "Gain 1 damage, then draw a card.",
            ],
        ],
    );
    same(
        g,
        Trigger::Static,
        &[
            &[
                "When you play this creature, draw 1 card.",
                "When this creature enters play, draw a card.",
                "When played, draw 1 card.",
            ],
            &[
                "At the start of your turn, gain 1 attack.",
                "At the beginning of your turn, gain 1 damage.",
            ],
            &[
                "At the start of your turn, lose 1 life.",
                "At the start of your turn, you lose 1 life.",
            ],
            &[
                "This creature can be exhausted as a neutral resource.",
                "This creature can be used as a resource.",
                "This creature can be treated as a resource.",
            ],
            &[
                "This creature cannot use its ability in response to an attack.",
                "This creature can't use its ability in response to an attack.",
            ],
        ],
    );
}

#[test]
fn rizontical_paraphrases_read_alike() {
    let g = crate::engine::rizontical::text::grammar();
    same(
        g,
        Trigger::PLAYED,
        &[
            &[
                "Give every enemy Fighter the Poison status.",
                "Give all enemy Fighters the Poison status.",
                "Give each enemy Fighter the Poison status.",
                "Give the Poison status to every enemy Fighter.",
                "Poison every enemy Fighter.",
            ],
            &[
                "Deal 3 Fire DMG to an enemy Fighter (∞RA).",
                "Deal 3 fire damage to an enemy Fighter (∞RA).",
                "Deal three Fire DMG to an enemy Fighter (∞ RA).",
            ],
            &[
                "Deal 2 Thunder DMG to an enemy Fighter within the RA of an ally.",
                "Deal 2 Thunder DMG to an enemy Fighter within range of an ally.",
                "Deal 2 Thunder damage to an enemy Fighter within the RA of an ally.",
            ],
            &[
                "Give an enemy Fighter the Burned status (∞RA).",
                "Give the Burned status to an enemy Fighter (∞RA).",
                "Burn an enemy Fighter (∞RA).",
            ],
            &["Draw 2 Powers.", "Draw two Powers.", "Draw 2 Power cards."],
            &[
                "Gain 1 AP and draw 1 Power.",
                "Gain 1 AP, then draw a Power.",
            ],
            &["Gain 2 AP.", "You gain 2 AP.", "Gain 2 action points."],
            &[
                "Heal an ally by 3 HP.",
                "Heal an ally for 3 HP.",
                "Heal an allied Fighter by 3 HP.",
                "Restore 3 HP to an ally.",
            ],
            &[
                "Heal every ally to its printed HP.",
                "Heal all allies to their printed HP.",
            ],
            &[
                "Remove every Debuff from an ally.",
                "Remove all Debuffs from an ally.",
            ],
            &["Defeat a Summon (∞RA).", "Destroy a Summon (∞RA)."],
            &["End the current round.", "End the round."],
            &[
                "Move an ally by up to 2 cells.",
                "Move an ally up to 2 cells.",
            ],
        ],
    );
    same(
        g,
        Trigger::Static,
        &[
            &[
                "Allied Fighters get +1 ATK.",
                "All allied Fighters get +1 ATK.",
                "Every allied Fighter gets +1 ATK.",
            ],
            &[
                "This Fighter gets +2 ATK and -2 DEF.",
                "This Fighter gets +2 ATK, -2 DEF.",
            ],
            &["This Fighter gets +2 RA.", "This Fighter gets +2 range."],
            &[
                "Allied Fighters can't get the Poison status.",
                "Allied Fighters cannot get the Poison status.",
            ],
            &[
                "When an enemy Fighter uses a Skill: negate it.",
                "When an enemy Fighter uses a Skill, negate it.",
            ],
        ],
    );
}

/// The issue's own examples read as they mean, structurally.
#[test]
fn the_issue_examples_read_as_meant() {
    use super::{Cost, Element, Kind, Reach, Resource, Status, Step, Target, Verb, Who};
    let rz = crate::engine::rizontical::text::grammar();
    let steps = |g: &Grammar, t: &str| -> Vec<Step> {
        let r = g.read(t, &Base::new(Trigger::PLAYED));
        assert!(r.not_understood.is_empty(), "{t}: {:?}", r.not_understood);
        r.abilities.into_iter().flat_map(|a| a.steps).collect()
    };
    assert_eq!(
        steps(rz, "Give every enemy Fighter the Poison status."),
        vec![Step::new(
            Verb::Give {
                status: Status::Poison
            },
            Target::Each {
                who: Who::Enemy,
                kind: Kind::Fighter
            }
        )]
    );
    assert_eq!(
        steps(rz, "Deal 3 Fire DMG to an enemy Fighter (∞RA)."),
        vec![
            Step::new(
                Verb::ElementDamage {
                    n: 3,
                    element: Element::Fire
                },
                Target::Chosen {
                    who: Who::Enemy,
                    kind: Kind::Fighter
                }
            )
            .within(Reach::Unlimited)
        ]
    );
    let bw = crate::engine::bizarre::text::grammar();
    assert_eq!(
        steps(bw, "Your opponent loses 1 life."),
        vec![Step::new(
            Verb::Lose {
                what: Resource::Life,
                n: 1
            },
            Target::Opponent
        )]
    );
    assert_eq!(
        steps(bw, "Gain 3 damage."),
        vec![Step::new(
            Verb::Gain {
                what: Resource::Attack,
                n: 3
            },
            Target::You
        )]
    );
    let cost = bw.read(
        "Exhaust 1 resource and kill this.",
        &Base::new(Trigger::Activated),
    );
    assert_eq!(
        cost.costs,
        vec![Cost::Exhaust { n: 1, symbol: None }, Cost::Sacrifice]
    );
    let fz = crate::engine::fuzzycards::text::grammar();
    // an unread parenthesis is a rule not read: nothing of its sentence plays
    let r = fz.read(
        "Deal 3 damage to target enemy Hero. (If it is KO'd, draw 1 card.)",
        &Base::new(Trigger::PLAYED),
    );
    assert!(!r.not_understood.is_empty());
    let r = fz.read(
        "Guard. Allies beside it cannot be chosen by foes.",
        &Base::new(Trigger::Static),
    );
    assert!(!r.not_understood.is_empty() && r.flavour.is_empty());
    // a trigger not read: neither its sentence nor the ones after it play
    let r = fz.read(
        "When this Hero is KO'd by an Event, draw 1 card. Gain 1 Energy.",
        &Base::new(Trigger::PLAYED),
    );
    assert!(r.abilities.is_empty(), "{:?}", r.abilities);
    // a parenthesis inside a sentence that adds what the grammar cannot
    // read is reported, never dropped: nothing of it plays as modelled
    let r = fz.read(
        "On Deploy: deal 3 damage to target enemy Hero (if it is KO'd, draw 1 card).",
        &Base::new(Trigger::Static),
    );
    assert!(
        !r.not_understood.is_empty() && r.abilities.is_empty(),
        "{r:?}"
    );
    let r = fz.read(
        "Deal 2 damage (twice if it has Guard) to target enemy Hero.",
        &Base::new(Trigger::PLAYED),
    );
    assert!(
        !r.not_understood.is_empty() && r.flavour.is_empty(),
        "{r:?}"
    );
    assert!(r.abilities.is_empty(), "{r:?}");
    let dd = crate::engine::dice::text::grammar();
    let r = dd.read(
        "You may reroll one of your attack dice.",
        &Base::new(Trigger::PLAYED),
    );
    assert!(matches!(
        r.abilities[0].steps[0].verb,
        Verb::Rerolls { n: 1 }
    ));
}
