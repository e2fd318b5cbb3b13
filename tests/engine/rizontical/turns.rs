//! Rounds, turns, bonus actions, defeat and wins, skills that move the
//! board, and goldfish kill rounds computed by hand.

use super::*;
use deckwright::engine::game::{Level, play_out};
use deckwright::model::{Card, FieldValue};

/// RZ §6.7: the player of the game's first turn deals no DMG.
#[test]
fn rz_6_7_the_first_turn_deals_no_damage() {
    let r = duel(A, B);
    let mut st = board(&r, 0);
    st.round = 1;
    st.no_damage = true;
    let zill = put(&r, &mut st, 0, 0, "Zill", 4, 3);
    let kain = put(&r, &mut st, 1, 0, "Kain", 5, 3);
    let k0 = hp(&st, kain);
    r.apply(&mut st, Action::Hit { target: kain }).unwrap();
    assert_eq!(hp(&st, kain), k0);
    let _ = zill;
}

/// "If a player would play 2 turns in a row, before their turn starts,
/// their opponent may use one of the actions" — not one of its ally's.
#[test]
fn rz_bonus_action_before_a_second_turn_in_a_row() {
    let r = duel(A, B);
    let mut st = board(&r, 0);
    put(&r, &mut st, 0, 0, "Kain", 1, 3); // Speed 8
    put(&r, &mut st, 1, 0, "Aaro", 6, 3); // Speed 5: player 0 first in slot 1
    put(&r, &mut st, 0, 1, "Defecator", 1, 4); // Speed 3
    put(&r, &mut st, 1, 1, "Lyss", 6, 4); // Speed 15: player 1 first in slot 2
    r.apply(&mut st, Action::EndTurn).unwrap(); // player 0 ends turn 1
    assert_eq!(st.core.active, 1);
    r.apply(&mut st, Action::EndTurn).unwrap(); // player 1 ends turn 1; plays first in turn 2
    assert_eq!(st.phase, Phase::Bonus { p: 0 });
    assert!(r.apply(&mut st, Action::Move { cell: 20 }).is_err());
    let ap = st.ap[0];
    let c = hand(&r, &mut st, 0, "Aether Surge");
    r.apply(&mut st, Action::Discard { card: c }).unwrap();
    assert_eq!(st.ap[0], ap + 1);
    assert_eq!((st.phase, st.core.active, st.step), (Phase::Turn, 1, 1));
}

/// Deploy Upon Defeat: the owner draws 1 Power and deploys on the slot; the
/// opponent gains a Soul.
#[test]
fn rz_deploy_upon_defeat_and_souls() {
    let r = duel(A, B);
    let mut st = board(&r, 0);
    put(&r, &mut st, 0, 0, "Zill", 4, 3);
    let poe = put(&r, &mut st, 1, 0, "Poe", 5, 3);
    let n = st.core.zones.len(z(1, Zone::Hand));
    let next = st.core.zones.top(z(1, Zone::FighterDeck)).unwrap();
    r.apply(&mut st, Action::Hit { target: poe }).unwrap();
    assert_eq!(st.souls[0], 1);
    assert_eq!(st.core.zones.len(z(1, Zone::Hand)), n + 1);
    assert_eq!(
        st.slots[1][0], next,
        "the top Fighter, on the defeated one's slot"
    );
    assert!(r.in_zone(1, st.cell[usize::from(next)]));
    assert!(st.core.outcome.is_none());
}

/// "They have 6 Souls", "Their opponent have no more Fighters on the
/// board", and a draw when both sides lose their last Fighters at once.
#[test]
fn rz_wins_and_draws() {
    let r = duel(A, B);
    let mut st = board(&r, 0);
    put(&r, &mut st, 0, 0, "Zill", 4, 3);
    let poe = put(&r, &mut st, 1, 0, "Poe", 5, 3);
    st.souls[0] = 5;
    r.apply(&mut st, Action::Hit { target: poe }).unwrap();
    assert_eq!(
        st.core.outcome,
        Some(deckwright::engine::core::Outcome::Win { turn: 2 })
    );

    let mut st = board(&r, 0);
    put(&r, &mut st, 0, 0, "Zill", 4, 3);
    let poe = put(&r, &mut st, 1, 0, "Poe", 5, 3);
    st.core
        .zones
        .move_all(z(1, Zone::FighterDeck), z(1, Zone::FighterVoid));
    r.apply(&mut st, Action::Hit { target: poe }).unwrap();
    assert_eq!(
        st.core.outcome,
        Some(deckwright::engine::core::Outcome::Win { turn: 2 })
    );

    // Vessa pushes the last enemy into the last ally: 1 PSH DMG to both
    let r = duel(
        &["Vessa of the Tides", "Poe", "Zill"],
        &["Humlae", "Lyss", "Mya"],
    );
    let mut st = board(&r, 0);
    let poe = put(&r, &mut st, 0, 0, "Poe", 4, 3);
    let lyss = put(&r, &mut st, 1, 0, "Lyss", 5, 3);
    for q in 0..2 {
        st.core
            .zones
            .move_all(z(q, Zone::FighterDeck), z(q, Zone::FighterVoid));
    }
    st.hp[usize::from(poe)] = 1;
    st.hp[usize::from(lyss)] = 1;
    // way 4 is S (row - 1): from row 5 into Poe on row 4
    r.apply(
        &mut st,
        Action::Conjure {
            target: Some(lyss),
            dir: 4,
        },
    )
    .unwrap();
    assert_eq!(
        st.core.outcome,
        Some(deckwright::engine::core::Outcome::Draw { turn: 2 })
    );
}

/// Push Tile: put on an empty cell adjacent to Defecator (MANA), facing away
/// from it; an entity stepping on it is pushed (`push_tile_cells`).
#[test]
fn rz_push_tile() {
    let r = duel(A, B);
    let mut st = board(&r, 0);
    let def = put(&r, &mut st, 0, 0, "Defecator", 3, 3);
    let kain = put(&r, &mut st, 1, 0, "Kain", 6, 4);
    let tile = cell_at(4, 3).unwrap();
    assert!(
        r.apply(
            &mut st,
            Action::Skill {
                skill: 1,
                target: None,
                cell: cell_at(4, 4).unwrap()
            }
        )
        .is_err(),
        "diagonal is not adjacent"
    );
    r.apply(
        &mut st,
        Action::Skill {
            skill: 1,
            target: None,
            cell: tile,
        },
    )
    .unwrap();
    assert_eq!(st.tiles.len(), 1);
    assert_eq!(st.tiles[0].dir, (1, 0));
    assert_eq!(st.mana[usize::from(def)], 0);
    st.core.active = 1;
    st.moved = false;
    st.step = 0;
    st.slots[1][0] = kain;
    r.apply(&mut st, Action::Move { cell: tile })
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        at(&st, kain),
        (5, 3),
        "pushed 1 cell the way the Tile faces"
    );
}

/// Zill's SPELL*: hits every cell around and gains 2 AP per entity hit;
/// its ULTIMATE takes the allies' Buffs; Defecator's TRIGGER adds 1 DMG to
/// both when it pushes into an entity; Lyss's MANA hit ignores entities
/// between and does not end the turn.
#[test]
fn rz_skills_that_count_move_buffs_and_add_dmg() {
    let r = duel(A, B);
    let mut st = board(&r, 0);
    let zill = put(&r, &mut st, 0, 0, "Zill", 4, 3);
    let mya = put(&r, &mut st, 0, 1, "Mya", 3, 3);
    let kain = put(&r, &mut st, 1, 0, "Kain", 5, 3);
    let tarq = put(&r, &mut st, 1, 1, "Tarq", 5, 4);
    st.core.lasting.add(
        Holder::Card(mya),
        deckwright::engine::effect::lasting::Change::Stat {
            stat: deckwright::engine::effect::Stat::ExtraDamage,
            delta: 5,
        },
        deckwright::engine::effect::lasting::Until::EndOfRound,
        mya,
    );
    r.apply(
        &mut st,
        Action::Skill {
            skill: 2,
            target: None,
            cell: NO_CELL,
        },
    )
    .unwrap();
    assert_eq!(r.extra_damage(&st, zill), 5);
    assert_eq!(r.extra_damage(&st, mya), 0);
    let (k0, t0) = (hp(&st, kain), hp(&st, tarq));
    r.apply(
        &mut st,
        Action::Skill {
            skill: 1,
            target: None,
            cell: NO_CELL,
        },
    )
    .unwrap();
    // three entities around: Mya, Kain, Tarq: 10 - 2 - 2 + 3 * 2; Zill now
    // hits with Mya's Buff (4 + 5 - 1 DEF): Mya falls, and Humlae gives 2 AP
    assert_eq!(st.ap[0], 10 - 2 - 2 + 6 + 2);
    assert_eq!(st.cell[usize::from(mya)], NO_CELL);
    assert!(hp(&st, kain) < k0 && hp(&st, tarq) < t0);

    let r = duel(A, B);
    let mut st = board(&r, 0);
    let def = put(&r, &mut st, 0, 0, "Defecator", 3, 3);
    let kain = put(&r, &mut st, 1, 0, "Kain", 4, 3);
    let grumbo = put(&r, &mut st, 1, 1, "Tarq", 5, 3);
    let (k0, g0) = (hp(&st, kain), hp(&st, grumbo));
    r.apply(
        &mut st,
        Action::Push {
            target: kain,
            n: None,
        },
    )
    .unwrap();
    // PSH 2 into Tarq right behind: 2 PSH DMG each, +1 each (TRIGGER)
    assert_eq!((hp(&st, kain), hp(&st, grumbo)), (k0 - 3, g0 - 3));
    let _ = def;

    let r = duel(B, A);
    let mut st = board(&r, 0);
    let lyss = put(&r, &mut st, 0, 0, "Lyss", 1, 3);
    put(&r, &mut st, 1, 1, "Aaro", 3, 3);
    let poe = put(&r, &mut st, 1, 0, "Poe", 6, 3);
    r.apply(
        &mut st,
        Action::Skill {
            skill: 0,
            target: Some(poe),
            cell: NO_CELL,
        },
    )
    .unwrap();
    assert_eq!(
        st.cell[usize::from(poe)],
        NO_CELL,
        "4 - 1 + Weakness 2 to Fire >= 3"
    );
    assert_eq!(st.core.active, 0, "a MANA hit does not end the turn");
    assert_eq!(st.mana[usize::from(lyss)], 3);
}

/// A goldfish catalog: a Numen, 8 identical Fighters and 30 blank Powers.
fn plain(fighter: &[(&str, i64)], skill: Option<(&str, i64, &str)>) -> Rizontical {
    let mut cat = Catalog::new(deckwright::model::GameId::Rizontical, "plain");
    cat.cards.push(Card::new("Numen", "numen"));
    for i in 0..8 {
        let mut f = Card::new(format!("Fighter {i}"), "fighter");
        for (k, v) in fighter {
            f.fields.insert((*k).into(), FieldValue::Int(*v));
        }
        if let Some((kind, cost, text)) = skill {
            let mut t = std::collections::BTreeMap::new();
            t.insert("kind".to_string(), FieldValue::Text(kind.into()));
            t.insert("cost".to_string(), FieldValue::Int(cost));
            t.insert("text".to_string(), FieldValue::Text(text.into()));
            f.fields.insert(
                "skills".into(),
                FieldValue::List(vec![FieldValue::Table(t)]),
            );
        }
        cat.cards.push(f);
    }
    for i in 0..30 {
        let mut c = Card::new(format!("Power {i}"), "power");
        c.cost = Some(1);
        c.fields
            .insert("category".into(), FieldValue::Text("normal".into()));
        cat.cards.push(c);
    }
    let deck = DeckCards {
        cards: (0..cat.cards.len() as u16).collect(),
    };
    Rizontical::new(
        DeckSide {
            catalog: &cat,
            cards: &deck,
        },
        None,
        Options::read(&[("dummy_hp".into(), "2".into())]).unwrap(),
        30,
        &[],
    )
    .unwrap()
}

fn kill_rounds(r: &Rizontical) -> Vec<(deckwright::engine::core::Outcome, Vec<u16>)> {
    (0..10)
        .map(|seed| {
            let mut st = r.new_state();
            let o = play_out(r, &mut st, seed, Seat::First, [Level::Goldfish; 2]).unwrap();
            r.invariants(&st).unwrap();
            (o, st.core.trace.turns.iter().map(|t| t.damage).collect())
        })
        .collect()
}

/// Push by hand: Fighters with 0 ATK and PSH 3 against two 2-HP dummies on
/// d7 and e7 (Speed 5 beats the dummies' 0). Round 1 is approach: the first
/// turn deals no DMG, and from row 2 two MP reach row 4. Round 2, turn 1:
/// d4 to d6, push d7 down: one free row, then the border: 3 - 1 = 2 PSH
/// DMG, defeated; turn 2 the same on e7. Kill round 2, DMG [0, 4].
#[test]
fn goldfish_push_kill_round_by_hand() {
    let r = plain(
        &[
            ("hp", 5),
            ("atk", 0),
            ("def", 0),
            ("mp", 2),
            ("range", 1),
            ("push", 3),
            ("speed", 5),
        ],
        None,
    );
    for (o, dmg) in kill_rounds(&r) {
        assert_eq!(o, deckwright::engine::core::Outcome::Win { turn: 2 });
        assert_eq!(dmg, vec![0, 4]);
    }
}

/// A MANA skill by hand: 1 ATK against the dummies' 1 DEF deals 0, the
/// Hit DMG Dealt Buff 5 makes it 5 (2-HP dummies: defeated). The same
/// approach as the push: round 2, DMG [0, 10], each ally spending 1 Mana.
#[test]
fn goldfish_mana_buff_kill_round_by_hand() {
    let r = plain(
        &[
            ("hp", 5),
            ("atk", 1),
            ("def", 0),
            ("mp", 2),
            ("range", 1),
            ("mana", 1),
            ("speed", 5),
        ],
        Some((
            "mana",
            1,
            "This Fighter gets the Hit DMG Dealt Buff with value 5 until the end of its turn.",
        )),
    );
    for (o, dmg) in kill_rounds(&r) {
        assert_eq!(o, deckwright::engine::core::Outcome::Win { turn: 2 });
        assert_eq!(dmg, vec![0, 10]);
    }
}

/// RZ 14 (rules-notes, added 2026-11-26): where each setup Fighter is
/// deployed is its player's choice, in the rulebook's order ("The player
/// going first reveal their Fighter on their slot 1 and deploys it on the
/// board ..."): a seat a person plays is asked, cell by cell; the computer's
/// seat is placed by its policy, and nothing is asked of it.
#[test]
fn rz_14_setup_deploy_cells_are_the_players() {
    let r = duel(A, B);
    let cell = |s: &str| {
        board::cell_at(
            i16::from(s.as_bytes()[1] - b'1'),
            i16::from(s.as_bytes()[0] - b'a'),
        )
        .unwrap()
    };
    let mut st = r.new_state();
    st.core.by_hand = [true, true];
    Rules::deal(&r, &mut st, 1, Seat::First);
    let mut steps = Vec::new();
    for (p, slot, at) in [(0, 0, "a1"), (1, 0, "h8"), (1, 1, "g7"), (0, 1, "c2")] {
        assert_eq!(st.phase, Phase::Setup { p, slot }, "{steps:?}");
        assert_eq!(r.to_act(&st), usize::from(p));
        let mut legal = Vec::new();
        r.legal_actions(&st, &mut legal);
        assert_eq!(
            legal.len(),
            16 - usize::from(slot),
            "every empty cell of its two rows"
        );
        // the policy's cell (the middle of the front row) is offered first
        let best = r.policy(&st, Level::Quick);
        assert!(
            matches!(best, Action::Deploy { fighter: None, .. }),
            "{best:?}"
        );
        assert_eq!(legal[0], best);
        r.apply(
            &mut st,
            Action::Deploy {
                slot,
                cell: cell(at),
                fighter: None,
            },
        )
        .unwrap();
        steps.push(at);
    }
    assert_eq!(st.phase, Phase::Mulligan { p: 0 });
    for (p, slot, at) in [(0, 0, "a1"), (1, 0, "h8"), (1, 1, "g7"), (0, 1, "c2")] {
        assert_eq!(st.cell[usize::from(st.slots[p][slot])], cell(at));
    }
    assert_eq!(r.hand(&st, 0).len(), 5);
    // the computer's seat: placed by its policy, never asked
    let mut st = r.new_state();
    st.core.by_hand = [true, false];
    Rules::deal(&r, &mut st, 1, Seat::First);
    r.apply(
        &mut st,
        Action::Deploy {
            slot: 0,
            cell: cell("a1"),
            fighter: None,
        },
    )
    .unwrap();
    assert_eq!(
        st.phase,
        Phase::Setup { p: 0, slot: 1 },
        "b's two deploys are made"
    );
    assert_eq!(st.cell[usize::from(st.slots[1][0])], cell("d7"));
}
