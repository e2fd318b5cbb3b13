//! Rule tests on hand-built boards, named after the rulebook section or the
//! rules-notes id they check. Cards come from the sample catalog, read from
//! their printed text. This file: the board, hits, skills and statuses;
//! [`powers`]: Powers and Numens; [`turns`]: rounds, turns, defeat, wins
//! and the goldfish kill rounds computed by hand.

mod powers;
mod turns;

use deckwright::engine::DeckCards;
use deckwright::engine::core::{At, Seat};
use deckwright::engine::effect::lasting::Holder;
use deckwright::engine::effect::{Event, Status};
use deckwright::engine::game::Rules;
use deckwright::engine::rizontical::board::{self, cell_at};
use deckwright::engine::rizontical::*;
use deckwright::engine::session::DeckSide;
use deckwright::model::Catalog;

pub(crate) fn catalog() -> Catalog {
    deckwright::catalog::load(&crate::support::sample_catalog("rizontical"))
        .unwrap()
        .catalog
}

pub(crate) fn cards(cat: &Catalog, names: &[&str]) -> DeckCards {
    DeckCards {
        cards: names
            .iter()
            .map(|n| {
                cat.cards
                    .iter()
                    .position(|c| c.name == *n)
                    .unwrap_or_else(|| panic!("no card {n}")) as u16
            })
            .collect(),
    }
}

/// Two players' decks (a Numen, Fighters, Powers each).
pub(crate) fn duel(a: &[&str], b: &[&str]) -> Rizontical {
    duel_with(a, b, &[])
}

pub(crate) fn duel_with(a: &[&str], b: &[&str], overrides: &[(&str, &str)]) -> Rizontical {
    let cat = catalog();
    let (ca, cb) = (cards(&cat, a), cards(&cat, b));
    let o: Vec<(String, String)> = overrides
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Rizontical::new(
        DeckSide {
            catalog: &cat,
            cards: &ca,
        },
        Some(DeckSide {
            catalog: &cat,
            cards: &cb,
        }),
        Options::read(&o).unwrap(),
        40,
        &[],
    )
    .unwrap()
}

/// A dealt game with an empty board, round 2, player `p`'s turn in
/// timeline turn 1, 10 AP each.
pub(crate) fn board(r: &Rizontical, p: usize) -> State {
    let mut st = r.new_state();
    Rules::deal(r, &mut st, 1, Seat::First);
    for q in 0..2 {
        for s in 0..SLOTS {
            let e = st.slots[q][s];
            if e != NONE {
                r.lift(&mut st, e);
                st.slots[q][s] = NONE;
                st.core
                    .zones
                    .move_copy(z(q, Zone::Fighters), e, z(q, Zone::FighterDeck), At::Top);
            }
        }
        // Powers drawn in setup go back: each test puts what it needs
        st.core
            .zones
            .move_all(z(q, Zone::Hand), z(q, Zone::PowerDeck));
    }
    st.core.lasting.clear();
    st.phase = Phase::Turn;
    st.round = 2;
    st.core.turns[0] = 2;
    st.step = 0;
    st.half = 0;
    st.order = [p as u8, 1 - p as u8];
    st.core.active = p;
    st.ap = [10, 10];
    st.no_damage = false;
    st
}

/// Puts player `p`'s Fighter `name` in `slot` on cell (row, col).
pub(crate) fn put(
    r: &Rizontical,
    st: &mut State,
    p: usize,
    slot: usize,
    name: &str,
    row: i16,
    col: i16,
) -> u16 {
    let f = *st
        .core
        .zones
        .get(z(p, Zone::FighterDeck))
        .iter()
        .find(|&&c| r.name_of(c) == name)
        .unwrap_or_else(|| panic!("{name} is not in player {p}'s Fighter deck"));
    r.deploy(st, p, slot, cell_at(row, col).unwrap(), f);
    f
}

/// Puts player `p`'s Power `name` in hand.
pub(crate) fn hand(r: &Rizontical, st: &mut State, p: usize, name: &str) -> u16 {
    let c = *st
        .core
        .zones
        .get(z(p, Zone::PowerDeck))
        .iter()
        .find(|&&c| r.name_of(c) == name)
        .unwrap_or_else(|| panic!("{name} is not in player {p}'s Power deck"));
    st.core
        .zones
        .move_copy(z(p, Zone::PowerDeck), c, z(p, Zone::Hand), At::Top);
    c
}

pub(crate) fn hp(st: &State, e: u16) -> i16 {
    st.hp[usize::from(e)]
}

pub(crate) fn at(st: &State, e: u16) -> (i16, i16) {
    board::rc(st.cell[usize::from(e)])
}

pub(crate) const A: &[&str] = &[
    "Humlae",
    "Zill",
    "Mya",
    "Aaro",
    "Fuq Yew",
    "Kain",
    "Defecator",
    "Poe",
    "Nessa",
    "Aether Surge",
    "Spark Bolt",
    "Frost Lance",
    "Gale Step",
    "Mending Light",
    "Shove",
    "Second Wind",
    "Call of Souls",
    "Akasha Root",
    "Ember Field",
    "Well of Echoes",
    "Watchtower",
    "Counter Sigil",
    "Mirror Ward",
    "Ambush Snare",
    "Last Stand",
    "Fate Reversal",
    "Eclipse Gate",
    "Blade of Wind",
    "Stone Skin",
    "Hasted",
    "Venom Fang",
    "Guardian Halo",
    "Berserker Mark",
    "Numen's Favour",
    "Tear in Time",
    "Recall",
    "Lyss",
    "Sanctuary Bell",
];
pub(crate) const B: &[&str] = &[
    "Karnoth the Ember Judge",
    "Grumbo",
    "Lyss",
    "Tarq",
    "Fuq Yew",
    "Kain",
    "Defecator",
    "Poe",
    "Nessa",
    "Zill",
    "Aaro",
    "Mya",
    "Quick Draw",
    "Mending Light",
    "Sanctuary Bell",
    "Counter Sigil",
    "Mirror Ward",
    "Recall",
    "Last Stand",
    "Heart of Akasha",
    "Crown of the Numen",
    "Stone Skin",
];

/// Rulebook "PSH DMG Examples" 1: a Fighter pushed 2 cells while next to
/// the border takes 2 PSH DMG.
#[test]
fn rz_psh_dmg_against_the_border() {
    let r = duel(A, B);
    let mut st = board(&r, 0);
    let fuq = put(&r, &mut st, 0, 0, "Fuq Yew", 6, 2);
    let kain = put(&r, &mut st, 1, 0, "Kain", 7, 2);
    let before = hp(&st, kain);
    let dir = Rizontical::way(st.cell[usize::from(fuq)], st.cell[usize::from(kain)]);
    r.push(&mut st, 0, fuq, kain, dir, 2);
    assert_eq!(hp(&st, kain), before - 2);
    assert_eq!(at(&st, kain), (7, 2), "it did not move");
    // Kain's PASSIVE: +1 ATK until the end of the round
    assert_eq!(r.stat_atk(&st, kain), 5);
    st.core.lasting.round_end();
    assert_eq!(r.stat_atk(&st, kain), 4);
}

/// An event no card of the game waits for is not dispatched (a quick game
/// raises thousands): Kain's PASSIVE "When this Fighter takes PSH DMG" is
/// the only one of a Fuq Yew and Kain game, and it still plays.
#[test]
fn a_game_dispatches_only_the_events_its_cards_wait_for() {
    let both = duel(A, B);
    let zill = 1u32 << Event::AboutToBeHit as u32;
    assert_ne!(both.events & zill, 0, "Zill's TRIGGER waits for a hit");
    let r = duel(&["Fuq Yew", "Kain"], &["Fuq Yew", "Kain"]);
    assert_eq!(r.events, 1 << Event::TakesPushDamage as u32);
    let mut st = board(&r, 0);
    let fuq = put(&r, &mut st, 0, 0, "Fuq Yew", 6, 2);
    let kain = put(&r, &mut st, 1, 0, "Kain", 7, 2);
    let dir = Rizontical::way(st.cell[usize::from(fuq)], st.cell[usize::from(kain)]);
    r.push(&mut st, 0, fuq, kain, dir, 2);
    assert_eq!(
        r.stat_atk(&st, kain),
        5,
        "+1 ATK until the end of the round"
    );
}

/// PSH DMG Examples 2 and 3: pushed 1 cell into another entity, both take 1;
/// pushed 2 cells with one free cell before the border, 1.
#[test]
fn rz_psh_dmg_against_an_entity_and_after_moving() {
    let r = duel(A, B);
    let mut st = board(&r, 0);
    let kain = put(&r, &mut st, 0, 0, "Kain", 3, 3);
    let fuq = put(&r, &mut st, 1, 0, "Fuq Yew", 4, 3);
    let defecator = put(&r, &mut st, 1, 1, "Defecator", 5, 3);
    let (f0, d0) = (hp(&st, fuq), hp(&st, defecator));
    r.push(&mut st, 0, kain, fuq, (1, 0), 1);
    assert_eq!((hp(&st, fuq), hp(&st, defecator)), (f0 - 1, d0 - 1));
    let poe = put(&r, &mut st, 0, 1, "Poe", 1, 6);
    let p0 = hp(&st, poe);
    // pushed towards row 0: one free cell, then the border
    r.push(&mut st, 1, NONE, poe, (-1, 0), 2);
    assert_eq!(hp(&st, poe), p0 - 1);
    assert_eq!(at(&st, poe), (0, 6));
}

/// "How to Battle" example: Mya (1 ATK, Air) hits Aaro (3 DEF, Weakness 2 to
/// Air) with the Hit DMG Dealt Buff at 5: 0 + 2 + 5 = 7, and Aaro falls.
#[test]
fn rz_battle_example_with_the_hit_dmg_dealt_buff() {
    let r = duel(A, B);
    let mut st = board(&r, 0);
    let mya = put(&r, &mut st, 0, 0, "Mya", 4, 4);
    let aaro = put(&r, &mut st, 1, 0, "Aaro", 5, 4);
    assert_eq!(r.hit_damage(&st, mya, aaro), 2);
    // Aaro is not Mya's: take a copy of Aaro for player 1 from deck B
    r.apply(
        &mut st,
        Action::Skill {
            skill: 0,
            target: None,
            cell: NO_CELL,
        },
    )
    .unwrap();
    assert_eq!(st.mana[usize::from(mya)], 1, "MANA costs 1 Mana");
    assert_eq!(st.ap[0], 9, "and its AP");
    assert_eq!(r.hit_damage(&st, mya, aaro), 7);
    r.apply(&mut st, Action::Hit { target: aaro }).unwrap();
    assert_eq!(st.cell[usize::from(aaro)], NO_CELL, "6 HP: defeated");
    assert_eq!(st.souls[0], 1);
    // the successful hit ended the turn: player 1 plays now
    assert_eq!(st.core.active, 1);
}

/// SPELL: hit, then the effect; a successful SPELL hit ends the turn.
#[test]
fn rz_spell_hits_then_pushes_and_ends_the_turn() {
    let r = duel(A, B);
    let mut st = board(&r, 0);
    put(&r, &mut st, 0, 0, "Fuq Yew", 5, 3);
    let tarq = put(&r, &mut st, 1, 0, "Tarq", 6, 3);
    let t0 = hp(&st, tarq);
    // 5 ATK - 3 DEF = 2, Tarq resists Physical by 1: 1; then pushed 2 cells
    // from row 6: one free row, then the border: 1 PSH DMG
    r.apply(
        &mut st,
        Action::Skill {
            skill: 0,
            target: Some(tarq),
            cell: NO_CELL,
        },
    )
    .unwrap();
    assert_eq!(hp(&st, tarq), t0 - 1 - 1);
    assert_eq!(at(&st, tarq), (7, 3));
    assert_eq!(st.ap[0], 9);
    assert_eq!(st.core.active, 1, "the SPELL hit ended the turn");
}

/// SPELL*: the effect before the hit (Nessa heals, then hits).
#[test]
fn rz_spell_star_applies_before_the_hit() {
    let r = duel(A, B);
    let mut st = board(&r, 0);
    let nessa = put(&r, &mut st, 0, 0, "Nessa", 4, 3);
    let poe = put(&r, &mut st, 1, 0, "Poe", 5, 4);
    st.hp[usize::from(nessa)] = 3;
    let p0 = hp(&st, poe);
    r.apply(
        &mut st,
        Action::Skill {
            skill: 0,
            target: Some(poe),
            cell: NO_CELL,
        },
    )
    .unwrap();
    assert_eq!(hp(&st, nessa), 4);
    assert_eq!(hp(&st, poe), p0 - 2, "3 ATK - 1 DEF");
}

/// ULTIMATE puts the slot's ULTIMATE Marker: once per slot.
#[test]
fn rz_ultimate_marker_once_per_slot() {
    let r = duel(A, B);
    let mut st = board(&r, 0);
    let fuq = put(&r, &mut st, 0, 0, "Fuq Yew", 3, 3);
    let kain = put(&r, &mut st, 1, 0, "Kain", 4, 3);
    let k0 = hp(&st, kain);
    r.apply(
        &mut st,
        Action::Skill {
            skill: 1,
            target: None,
            cell: NO_CELL,
        },
    )
    .unwrap();
    assert!(st.ultimate[0][0]);
    assert_eq!(at(&st, kain), (6, 3));
    assert_eq!(hp(&st, kain), k0);
    let e = r
        .apply(
            &mut st,
            Action::Skill {
                skill: 1,
                target: None,
                cell: NO_CELL,
            },
        )
        .unwrap_err();
    assert_eq!(e.rule, "RZ ULTIMATE");
    let _ = fuq;
}

/// UNIQUE puts the player's UNIQUE Marker; Poe's "Defeat a Summon" has no
/// target (no card makes a Summon).
#[test]
fn rz_unique_needs_a_summon() {
    let r = duel(A, B);
    let mut st = board(&r, 0);
    put(&r, &mut st, 0, 0, "Poe", 3, 3);
    let kain = put(&r, &mut st, 1, 0, "Kain", 4, 3);
    let e = r
        .apply(
            &mut st,
            Action::Skill {
                skill: 1,
                target: Some(kain),
                cell: NO_CELL,
            },
        )
        .unwrap_err();
    assert_eq!(e.rule, "RZ Range");
    assert!(!st.unique_used[0]);
}

/// TRIGGER: Zill hits its attacker first; an attacker defeated by it deals
/// no DMG ("Negate the DMG dealt if the attacking Fighter is defeated").
#[test]
fn rz_trigger_skill_hits_the_attacker_first() {
    let r = duel(A, B);
    let mut st = board(&r, 1);
    let zill = put(&r, &mut st, 0, 0, "Zill", 3, 3);
    let poe = put(&r, &mut st, 1, 0, "Poe", 5, 3);
    let z0 = hp(&st, zill);
    r.apply(&mut st, Action::Hit { target: zill }).unwrap();
    // Zill (4 ATK, Akasha: Fire hits Poe's Weakness 2) deals 3 + 2 = 5 >= 3 HP
    assert_eq!(st.cell[usize::from(poe)], NO_CELL);
    assert_eq!(hp(&st, zill), z0);
    assert_eq!(st.souls[0], 1);
}

/// PASSIVE: Aaro can't be pushed; TRIGGER: it takes the hit for an ally
/// around it (paying 1 AP).
#[test]
fn rz_passive_unpushable_and_taking_the_hit_instead() {
    let r = duel(A, B);
    let mut st = board(&r, 1);
    let aaro = put(&r, &mut st, 0, 0, "Aaro", 3, 3);
    let poe = put(&r, &mut st, 0, 1, "Poe", 3, 4);
    let kain = put(&r, &mut st, 1, 0, "Kain", 4, 4);
    assert!(!r.pushable(&st, aaro));
    r.push(&mut st, 1, kain, aaro, (-1, 0), 1);
    assert_eq!(at(&st, aaro), (3, 3));
    let (a0, p0) = (hp(&st, aaro), hp(&st, poe));
    r.apply(&mut st, Action::Hit { target: poe }).unwrap();
    assert_eq!(hp(&st, poe), p0, "Aaro took it");
    assert_eq!(hp(&st, aaro), a0 - 1, "4 ATK - 3 DEF");
    assert_eq!(st.ap[0], 9);
}

/// Grumbo's PASSIVE on deploy: 2 Protection, reduced before HP.
#[test]
fn rz_protection_absorbs_first() {
    let r = duel(A, B);
    let mut st = board(&r, 0);
    let grumbo = put(&r, &mut st, 1, 0, "Grumbo", 5, 3);
    assert_eq!(st.protection[usize::from(grumbo)], 2);
    r.hurt(&mut st, 0, grumbo, 3, status::Dmg::Effect);
    assert_eq!(st.protection[usize::from(grumbo)], 0);
    assert_eq!(hp(&st, grumbo), 9 - 1);
}

/// Lyss's TRIGGER (Use 3): a deployed enemy gets Poison; Poison deals 1 at
/// its own turn start; Sanctuary Bell makes allies immune.
#[test]
fn rz_poison_and_immunity() {
    let r = duel(B, A);
    let mut st = board(&r, 1);
    let lyss = put(&r, &mut st, 0, 1, "Lyss", 1, 3);
    let zill = put(&r, &mut st, 1, 0, "Zill", 6, 3);
    assert!(r.has_status(&st, zill, Status::Poison));
    assert_eq!(st.ap[0], 9);
    assert_eq!(st.skill_uses[usize::from(lyss)][1], 2);
    // Sanctuary Bell: allied Fighters can't get Poison
    let mut st = board(&r, 1);
    let bell = hand(&r, &mut st, 1, "Sanctuary Bell");
    r.apply(
        &mut st,
        Action::Cast {
            card: bell,
            target: None,
            cell: NO_CELL,
        },
    )
    .unwrap();
    put(&r, &mut st, 0, 1, "Lyss", 1, 3);
    let zill = put(&r, &mut st, 1, 0, "Zill", 6, 3);
    assert!(!r.has_status(&st, zill, Status::Poison));
}

/// "Poison: Takes 1 DMG at own turn start".
#[test]
fn rz_status_poison_at_own_turn_start() {
    let r = duel(A, B);
    let mut st = board(&r, 0);
    let zill = put(&r, &mut st, 0, 1, "Zill", 1, 3);
    put(&r, &mut st, 0, 0, "Mya", 1, 4);
    put(&r, &mut st, 1, 0, "Kain", 6, 4);
    st.core.lasting.add(
        Holder::Card(zill),
        deckwright::engine::effect::lasting::Change::Status(Status::Poison),
        deckwright::engine::effect::lasting::Until::SourceLeaves,
        zill,
    );
    let z0 = hp(&st, zill);
    deckwright::engine::rizontical::turn::end_turn(&r, &mut st); // player 1's turn in slot 1
    assert_eq!(hp(&st, zill), z0);
    deckwright::engine::rizontical::turn::end_turn(&r, &mut st); // timeline turn 2: Zill's turn
    while st.core.active != 0 || st.phase != Phase::Turn {
        deckwright::engine::rizontical::turn::end_turn(&r, &mut st);
    }
    assert_eq!(st.step, 1);
    assert_eq!(hp(&st, zill), z0 - 1);
}

/// Shield negates DMG once; Invincible takes none and leaves at round end;
/// Burned deals 1 after DMG.
#[test]
fn rz_status_shield_invincible_burned() {
    let r = duel(A, B);
    let mut st = board(&r, 0);
    let kain = put(&r, &mut st, 1, 0, "Kain", 5, 3);
    let h = Holder::Card(kain);
    let give = |st: &mut State, s| {
        st.core.lasting.add(
            h,
            deckwright::engine::effect::lasting::Change::Status(s),
            deckwright::engine::effect::lasting::Until::SourceLeaves,
            kain,
        )
    };
    let k0 = hp(&st, kain);
    give(&mut st, Status::Shield);
    r.hurt(&mut st, 0, kain, 3, status::Dmg::Effect);
    assert_eq!(hp(&st, kain), k0);
    assert!(!r.has_status(&st, kain, Status::Shield));
    give(&mut st, Status::Burned);
    r.hurt(&mut st, 0, kain, 1, status::Dmg::Effect);
    assert_eq!(hp(&st, kain), k0 - 2, "1 and 1 from Burned");
    give(&mut st, Status::Invincible);
    r.hurt(&mut st, 0, kain, 3, status::Dmg::Effect);
    assert_eq!(hp(&st, kain), k0 - 2);
}

/// Speed Rule: higher Speed first; First and Last statuses override it.
#[test]
fn rz_speed_rule_and_first_last() {
    let r = duel(A, B);
    let mut st = board(&r, 0);
    let poe = put(&r, &mut st, 0, 0, "Poe", 1, 3);
    let kain = put(&r, &mut st, 1, 0, "Kain", 6, 3);
    assert_eq!(
        deckwright::engine::rizontical::turn::speed_rule(&r, &mut st, 0),
        0,
        "Speed 14 beats 8"
    );
    st.core.lasting.add(
        Holder::Card(poe),
        deckwright::engine::effect::lasting::Change::Status(Status::Last),
        deckwright::engine::effect::lasting::Until::EndOfRound,
        poe,
    );
    assert_eq!(
        deckwright::engine::rizontical::turn::speed_rule(&r, &mut st, 0),
        1
    );
    st.core.lasting.add(
        Holder::Card(kain),
        deckwright::engine::effect::lasting::Change::Status(Status::Last),
        deckwright::engine::effect::lasting::Until::EndOfRound,
        kain,
    );
    assert_eq!(
        deckwright::engine::rizontical::turn::speed_rule(&r, &mut st, 0),
        0,
        "both Last: ignored"
    );
    // an empty slot gives the opponent priority
    put(&r, &mut st, 1, 1, "Tarq", 6, 4);
    assert_eq!(
        deckwright::engine::rizontical::turn::speed_rule(&r, &mut st, 1),
        1
    );
    let tarq_engine = duel(B, A);
    let mut t = board(&tarq_engine, 0);
    let tarq = put(&tarq_engine, &mut t, 0, 0, "Tarq", 1, 3);
    put(&tarq_engine, &mut t, 1, 0, "Poe", 6, 3);
    assert!(
        tarq_engine.has_status(&t, tarq, Status::First),
        "while its skill has Time"
    );
    assert_eq!(
        deckwright::engine::rizontical::turn::speed_rule(&tarq_engine, &mut t, 0),
        0
    );
    for _ in 0..3 {
        tarq_engine.tick_time(&mut t);
    }
    assert!(
        !tarq_engine.has_status(&t, tarq, Status::First),
        "Time ran out"
    );
    assert_eq!(
        deckwright::engine::rizontical::turn::speed_rule(&tarq_engine, &mut t, 0),
        1
    );
}

/// The stat sheet the quick player reads (every stat of every entity on the
/// board in one walk of the statics in play) gives what each stat read
/// gives, in every position of quick games between decks full of Auras,
/// Permanents and PASSIVE skills; and so does its Hit DMG and reach.
#[test]
fn a_stat_sheet_reads_what_each_stat_read_gives() {
    use deckwright::engine::effect::interp::Ctx;
    use deckwright::engine::effect::{Reach, Stat};
    use deckwright::engine::game::{Level, choose};
    let r = duel(A, B);
    let (mut checked, mut changed) = (0, 0);
    for seed in 0..24u64 {
        let mut st = r.new_state();
        let seat = if seed % 2 == 0 {
            Seat::First
        } else {
            Seat::Second
        };
        r.start(&mut st, seed, seat);
        for _ in 0..3_000 {
            if r.outcome(&st).is_some() {
                break;
            }
            let sheet = r.sheet(&st);
            let on: Vec<u16> = r.on_board(&st);
            for &e in &on {
                let reads = [
                    (Stat::Atk, r.stat_atk(&st, e)),
                    (Stat::Def, r.stat_def(&st, e)),
                    (Stat::Mp, r.stat_mp(&st, e)),
                    (Stat::Range, r.stat_ra(&st, e)),
                    (Stat::Push, r.stat_psh(&st, e)),
                    (Stat::ExtraDamage, r.extra_damage(&st, e)),
                ];
                for (stat, want) in reads {
                    assert_eq!(
                        r.stat_in(&st, Some(&sheet), e, stat),
                        want,
                        "{stat:?} of {e}"
                    );
                    if r.static_stat(&st, e, stat) != 0 {
                        changed += 1;
                    }
                }
                for &t in &on {
                    assert_eq!(
                        r.hit_damage_in(&st, Some(&sheet), e, t),
                        r.hit_damage(&st, e, t),
                        "{e} hits {t}"
                    );
                    let (a, b) = (st.cell[usize::from(e)], st.cell[usize::from(t)]);
                    assert_eq!(
                        r.in_range_in(&st, Some(&sheet), e, a, b),
                        r.in_range(&st, e, a, b)
                    );
                    // a Power's or a skill's reach, with the RA the sheet holds
                    let ctx = Ctx::new(e, r.owner(e));
                    for reach in [Reach::Range, Reach::AllyRange] {
                        assert_eq!(
                            r.reaches_in(&st, Some(&sheet), &ctx, Some(reach), t),
                            r.reaches(&st, &ctx, Some(reach), t),
                            "{reach:?} from {e} to {t}"
                        );
                    }
                }
                checked += 1;
            }
            let a = choose(&r, &st, [Level::Quick; 2]);
            r.apply(&mut st, a).unwrap();
        }
    }
    assert!(checked > 1_000, "only {checked} entities checked");
    assert!(changed > 100, "statics changed only {changed} stats");
}

/// The quick player's scratch table is refilled from each decision's table
/// (`State::refill_from`, into its own buffers): refilled from any other
/// position, it is that table, field for field.
#[test]
fn a_refilled_scratch_table_is_the_table_it_was_filled_from() {
    use deckwright::engine::game::{Level, choose};
    let r = duel(A, B);
    let mut scratch = r.new_state();
    let mut compared = 0;
    for seed in 0..6u64 {
        let mut st = r.new_state();
        r.start(&mut st, seed, Seat::First);
        for _ in 0..3_000 {
            if r.outcome(&st).is_some() {
                break;
            }
            scratch.refill_from(&st);
            assert_eq!(format!("{scratch:?}"), format!("{:?}", st.clone()));
            compared += 1;
            let a = choose(&r, &st, [Level::Quick; 2]);
            r.apply(&mut st, a).unwrap();
        }
    }
    assert!(compared > 200, "only {compared} tables compared");
}

/// A static that covers the allies around its source makes the sheet hold
/// only for the table it was read on: it says so (the quick player then
/// reads a sheet for each cell it weighs), and it still reads that table
/// right. (No sample card words such a stat change; this one is built.)
#[test]
fn a_stat_sheet_says_when_a_static_covers_by_position() {
    use deckwright::engine::effect::{Ability, Kind, Stat, Step, Target, Trigger, Verb, Who};
    use deckwright::engine::rizontical::cards::{Def, Skill, SkillKind, statics_mask};
    let mut r = duel(A, B);
    let plain = board(&r, 0);
    let first = plain.core.zones.get(z(0, Zone::FighterDeck))[0];
    let name = r.name_of(first).to_string();
    let aura = Step::new(
        Verb::Modify {
            stat: Stat::Atk,
            delta: 2,
        },
        Target::Each {
            who: Who::AllyAround,
            kind: Kind::Fighter,
        },
    );
    let def = usize::from(r.table.def_index(first));
    let Def::Fighter(f) = &mut r.table.defs[def] else {
        panic!("{name} is a Fighter")
    };
    f.skills.push(Skill {
        kind: SkillKind::Passive,
        cost: 0,
        uses: 0,
        time: 0,
        ability: Ability::new(Trigger::Static, vec![aura]),
    });
    f.statics = statics_mask(f.skills.iter().map(|s| &s.ability));
    r.statics |= f.statics;
    let mut st = board(&r, 0);
    let source = put(&r, &mut st, 0, 0, &name, 1, 3);
    let deck = st.core.zones.get(z(0, Zone::FighterDeck)).to_vec();
    let other = *deck
        .iter()
        .find(|&&c| matches!(r.def(c), Def::Fighter(_)))
        .unwrap();
    let other_name = r.name_of(other).to_string();
    let ally = put(&r, &mut st, 0, 1, &other_name, 1, 4);
    let sheet = r.sheet(&st);
    assert!(sheet.positional);
    assert_eq!(
        r.stat_in(&st, Some(&sheet), ally, Stat::Atk),
        r.stat_atk(&st, ally)
    );
    assert_eq!(r.static_stat(&st, ally, Stat::Atk), 2, "around: +2 ATK");
    assert_eq!(r.static_stat(&st, source, Stat::Atk), 0);
    // without the built static, no sheet is positional
    let r0 = duel(A, B);
    let mut st0 = board(&r0, 0);
    put(&r0, &mut st0, 0, 0, &name, 1, 3);
    assert!(!r0.sheet(&st0).positional);
}
