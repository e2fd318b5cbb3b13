//! Powers (categories, Use, Time, the Legendary Marker, Trigger Powers
//! answering the other player) and Numen abilities.

use super::*;

fn cast(r: &Rizontical, st: &mut State, card: u16, target: Option<u16>) {
    r.apply(
        st,
        Action::Cast {
            card,
            target,
            cell: NO_CELL,
        },
    )
    .unwrap();
}

fn in_zone(r: &Rizontical, st: &State, p: usize, zone: Zone, name: &str) -> bool {
    st.core
        .zones
        .get(z(p, zone))
        .iter()
        .any(|&c| r.name_of(c) == name)
}

/// "Normal Powers ... are sent to the void after their use"; "Powers can
/// only be played on an empty Power slot".
#[test]
fn rz_power_normal_goes_to_the_void_and_needs_an_empty_slot() {
    let r = duel(A, B);
    let mut st = board(&r, 0);
    put(&r, &mut st, 0, 0, "Zill", 1, 3);
    put(&r, &mut st, 1, 0, "Kain", 6, 3);
    let surge = hand(&r, &mut st, 0, "Aether Surge");
    let n = st.core.zones.len(z(0, Zone::Hand));
    cast(&r, &mut st, surge, None);
    assert_eq!(st.ap[0], 11);
    assert_eq!(st.core.zones.len(z(0, Zone::Hand)), n, "-1 used, +1 drawn");
    assert!(in_zone(&r, &st, 0, Zone::PowerVoid, "Aether Surge"));
    for name in [
        "Watchtower",
        "Akasha Root",
        "Well of Echoes",
        "Sanctuary Bell",
    ] {
        let c = hand(&r, &mut st, 0, name);
        cast(&r, &mut st, c, None);
    }
    let bolt = hand(&r, &mut st, 0, "Spark Bolt");
    let e = r
        .apply(
            &mut st,
            Action::Cast {
                card: bolt,
                target: None,
                cell: NO_CELL,
            },
        )
        .unwrap_err();
    assert!(e.message.contains("empty Power slot"), "{e}");
    // discarding one from the field frees a slot (+1 AP)
    let ap = st.ap[0];
    let wt = st.core.zones.get(z(0, Zone::Powers))[0];
    r.apply(&mut st, Action::Discard { card: wt }).unwrap();
    assert_eq!(st.ap[0], ap + 1);
}

/// Legendary: the Legendary Marker first; one per player. Call of Souls
/// deploys even on the current turn slot.
#[test]
fn rz_legendary_marker_and_deploy_on_the_current_slot() {
    let r = duel(A, B);
    let mut st = board(&r, 0);
    put(&r, &mut st, 0, 1, "Zill", 1, 3);
    put(&r, &mut st, 1, 0, "Kain", 6, 3);
    let call = hand(&r, &mut st, 0, "Call of Souls");
    cast(&r, &mut st, call, None);
    assert!(st.legendary_used[0]);
    assert_ne!(st.slots[0][0], NONE, "slot 1 is the current turn slot");
    let tear = hand(&r, &mut st, 0, "Tear in Time");
    let e = r
        .apply(
            &mut st,
            Action::Cast {
                card: tear,
                target: None,
                cell: NO_CELL,
            },
        )
        .unwrap_err();
    assert_eq!(e.rule, "RZ Legendary");
}

/// Time: "The Power is sent to the void once its Time reaches 0"; Ember
/// Field burns enemies in the opponent's Deploy Zone at each turn start.
#[test]
fn rz_power_time_and_turn_start_effects() {
    let r = duel(A, B);
    let mut st = board(&r, 0);
    put(&r, &mut st, 0, 0, "Zill", 1, 3);
    let kain = put(&r, &mut st, 1, 0, "Kain", 6, 3);
    let far = put(&r, &mut st, 1, 1, "Tarq", 4, 3);
    let field = hand(&r, &mut st, 0, "Ember Field");
    cast(&r, &mut st, field, None);
    assert_eq!(st.time[usize::from(field)], 3);
    let (k0, t0) = (hp(&st, kain), hp(&st, far));
    r.fire(
        &mut st,
        deckwright::engine::effect::Event::TurnStart,
        NONE,
        NONE,
    );
    assert_eq!(hp(&st, kain), k0 - 1);
    assert_eq!(hp(&st, far), t0, "outside the Deploy Zone");
    for _ in 0..3 {
        r.tick_time(&mut st);
    }
    assert!(in_zone(&r, &st, 0, Zone::PowerVoid, "Ember Field"));
}

/// Use: "The Power loses 1 Use to use its effect. If its Use reaches 0 the
/// Power stays in play but its effect can't be used anymore."
#[test]
fn rz_power_use_counter() {
    let r = duel(A, B);
    let mut st = board(&r, 0);
    put(&r, &mut st, 0, 0, "Zill", 1, 3);
    put(&r, &mut st, 1, 0, "Kain", 6, 3);
    let well = hand(&r, &mut st, 0, "Well of Echoes");
    cast(&r, &mut st, well, None);
    assert_eq!(st.ap[0], 8);
    r.apply(&mut st, Action::Activate { card: well }).unwrap();
    assert_eq!(st.ap[0], 9);
    let e = r
        .apply(&mut st, Action::Activate { card: well })
        .unwrap_err();
    assert!(e.message.contains("once per turn"), "{e}");
    for _ in 0..2 {
        st.used_this_turn[usize::from(well)] = false;
        r.apply(&mut st, Action::Activate { card: well }).unwrap();
    }
    assert_eq!(st.uses[usize::from(well)], 0);
    st.used_this_turn[usize::from(well)] = false;
    assert!(r.apply(&mut st, Action::Activate { card: well }).is_err());
    assert!(in_zone(&r, &st, 0, Zone::Powers, "Well of Echoes"));
}

/// Aura: assigned to a Fighter, "sent to the void if the Fighter is
/// defeated"; Venom Fang poisons what its Fighter hits (Use 3 → 2).
#[test]
fn rz_aura_on_its_fighter_and_to_the_void_with_it() {
    let r = duel(A, B);
    let mut st = board(&r, 0);
    let zill = put(&r, &mut st, 0, 0, "Zill", 4, 3);
    let kain = put(&r, &mut st, 1, 0, "Kain", 5, 3);
    let skin = hand(&r, &mut st, 0, "Stone Skin");
    cast(&r, &mut st, skin, Some(zill));
    assert_eq!(r.stat_def(&st, zill), 2);
    let fang = hand(&r, &mut st, 0, "Venom Fang");
    cast(&r, &mut st, fang, Some(zill));
    r.apply(&mut st, Action::Hit { target: kain }).unwrap();
    assert!(r.has_status(&st, kain, Status::Poison));
    assert_eq!(st.uses[usize::from(fang)], 2);
    r.hurt(&mut st, 1, zill, 99, status::Dmg::Effect);
    assert!(in_zone(&r, &st, 0, Zone::PowerVoid, "Stone Skin"));
    assert!(in_zone(&r, &st, 0, Zone::PowerVoid, "Venom Fang"));
}

/// Trigger Powers: set face down for 1 AP, used on the other player's turn
/// by paying their cost, then to the void.
#[test]
fn rz_trigger_powers_answer_the_other_player() {
    let r = duel(A, B);
    // Mirror Ward: the ally about to be hit gets a Shield
    let mut st = board(&r, 0);
    let zill = put(&r, &mut st, 0, 0, "Zill", 3, 3);
    let tarq = put(&r, &mut st, 1, 0, "Tarq", 4, 3);
    let ward = hand(&r, &mut st, 0, "Mirror Ward");
    r.apply(&mut st, Action::Set { card: ward }).unwrap();
    assert_eq!(st.ap[0], 9);
    st.core.active = 1;
    let z0 = hp(&st, zill);
    r.apply(&mut st, Action::Hit { target: zill }).unwrap();
    assert!(in_zone(&r, &st, 0, Zone::PowerVoid, "Mirror Ward"));
    assert_eq!(st.ap[0], 8, "its cost: 1 AP");
    // Zill's own TRIGGER hit Tarq first (4 - 3 DEF = 1), then the Shield held
    assert_eq!(hp(&st, zill), z0);
    assert_eq!(hp(&st, tarq), 10 - 1);

    // Recall: an enemy Power goes to the void before its effect
    let mut st = board(&r, 0);
    put(&r, &mut st, 0, 0, "Zill", 3, 3);
    put(&r, &mut st, 1, 0, "Tarq", 6, 3);
    let recall = hand(&r, &mut st, 1, "Recall");
    st.core.active = 1;
    r.apply(&mut st, Action::Set { card: recall }).unwrap();
    st.core.active = 0;
    let surge = hand(&r, &mut st, 0, "Aether Surge");
    cast(&r, &mut st, surge, None);
    assert_eq!(st.ap[0], 10, "no AP gained");
    assert!(in_zone(&r, &st, 0, Zone::PowerVoid, "Aether Surge"));
    assert!(in_zone(&r, &st, 1, Zone::PowerVoid, "Recall"));

    // Counter Sigil: an enemy skill is negated after its costs are paid
    let mut st = board(&r, 0);
    let mya = put(&r, &mut st, 0, 0, "Mya", 3, 3);
    put(&r, &mut st, 1, 0, "Tarq", 6, 3);
    let sigil = hand(&r, &mut st, 1, "Counter Sigil");
    st.core.active = 1;
    r.apply(&mut st, Action::Set { card: sigil }).unwrap();
    st.core.active = 0;
    r.apply(
        &mut st,
        Action::Skill {
            skill: 0,
            target: None,
            cell: NO_CELL,
        },
    )
    .unwrap();
    assert_eq!(st.mana[usize::from(mya)], 1);
    assert_eq!(r.extra_damage(&st, mya), 0, "no Buff");
    assert_eq!(st.ap[1], 10 - 1 - 2);
}

/// Last Stand, Fate Reversal and Eclipse Gate answer hits and defeats.
#[test]
fn rz_trigger_powers_around_defeat() {
    let r = duel(A, B);
    let mut st = board(&r, 1);
    let poe = put(&r, &mut st, 0, 0, "Poe", 3, 3);
    let tarq = put(&r, &mut st, 1, 0, "Tarq", 4, 3);
    let stand = hand(&r, &mut st, 0, "Last Stand");
    st.core.active = 0;
    r.apply(&mut st, Action::Set { card: stand }).unwrap();
    st.core.active = 1;
    r.apply(&mut st, Action::Hit { target: poe }).unwrap();
    assert_eq!(hp(&st, poe), 1, "its HP becomes 1 instead");

    let mut st = board(&r, 1);
    let zill = put(&r, &mut st, 0, 0, "Zill", 0, 0);
    let kain = put(&r, &mut st, 1, 0, "Kain", 1, 0);
    let fate = hand(&r, &mut st, 0, "Fate Reversal");
    st.core.active = 0;
    r.apply(&mut st, Action::Set { card: fate }).unwrap();
    st.core.active = 1;
    let (z0, k0) = (hp(&st, zill), hp(&st, kain));
    // Zill's own TRIGGER first: 4 - 2 DEF = 2 to Kain; then Kain's hit
    // (4 - 0 = 4) is dealt to Kain instead
    r.apply(&mut st, Action::Hit { target: zill }).unwrap();
    assert_eq!(hp(&st, zill), z0);
    assert_eq!(st.cell[usize::from(kain)], NO_CELL, "{k0} - 2 - 4");
    assert!(st.legendary_used[0]);

    let mut st = board(&r, 1);
    let poe = put(&r, &mut st, 0, 0, "Poe", 3, 3);
    put(&r, &mut st, 1, 0, "Tarq", 4, 3);
    let gate = hand(&r, &mut st, 0, "Eclipse Gate");
    st.core.active = 0;
    r.apply(&mut st, Action::Set { card: gate }).unwrap();
    st.core.active = 1;
    r.apply(&mut st, Action::Hit { target: poe }).unwrap();
    let new = st.slots[0][0];
    assert!(new != NONE && new != poe, "deployed on its slot");
    assert!(r.has_status(&st, new, Status::First));
    assert_eq!(st.souls[1], 1);
    let _ = tarq;
}

/// Ambush Snare: an enemy that moves next to an ally is hit by it.
#[test]
fn rz_trigger_ambush_snare_on_a_move() {
    let r = duel(A, B);
    let mut st = board(&r, 1);
    let kain_ally = put(&r, &mut st, 0, 0, "Kain", 3, 3);
    let poe = put(&r, &mut st, 1, 0, "Poe", 6, 3);
    let snare = hand(&r, &mut st, 0, "Ambush Snare");
    st.core.active = 0;
    r.apply(&mut st, Action::Set { card: snare }).unwrap();
    st.core.active = 1;
    r.apply(
        &mut st,
        Action::Move {
            cell: cell_at(4, 3).unwrap(),
        },
    )
    .unwrap();
    // Kain (4 ATK) - Poe (1 DEF) = 3: Poe (3 HP) is defeated
    assert_eq!(st.cell[usize::from(poe)], NO_CELL);
    let _ = kain_ally;
}

/// Guardian Halo negates DMG about to be taken (Use 2 → 1).
#[test]
fn rz_aura_guardian_halo() {
    let r = duel(A, B);
    let mut st = board(&r, 0);
    let zill = put(&r, &mut st, 0, 0, "Zill", 3, 3);
    put(&r, &mut st, 1, 0, "Kain", 6, 3);
    let halo = hand(&r, &mut st, 0, "Guardian Halo");
    cast(&r, &mut st, halo, Some(zill));
    let z0 = hp(&st, zill);
    r.hurt(&mut st, 1, zill, 3, status::Dmg::Effect);
    assert_eq!(hp(&st, zill), z0);
    assert_eq!(st.uses[usize::from(halo)], 1);
}

/// Statics: Akasha Root (+1 DEF to allied Akasha Fighters), Watchtower (+1
/// RA), Heart of Akasha (every element but Neutral), Blade of Wind (Air hits,
/// +1 DMG).
#[test]
fn rz_static_powers_cover_their_fighters() {
    let r = duel(A, B);
    let mut st = board(&r, 0);
    let zill = put(&r, &mut st, 0, 0, "Zill", 3, 3);
    let mya = put(&r, &mut st, 0, 1, "Mya", 3, 4);
    let aaro = put(&r, &mut st, 1, 0, "Aaro", 4, 4);
    for name in ["Akasha Root", "Watchtower"] {
        let c = hand(&r, &mut st, 0, name);
        cast(&r, &mut st, c, None);
    }
    assert_eq!((r.stat_def(&st, zill), r.stat_def(&st, mya)), (1, 1));
    assert_eq!((r.stat_ra(&st, zill), r.stat_ra(&st, mya)), (3, 4));
    let kain_ally = put(&r, &mut st, 0, 2, "Kain", 5, 4);
    // Kain (Thunder, Physical) on Aaro (Weakness 2 to Air, Resistance 1 to
    // Physical): 4 - 3 - 1 = 0
    assert_eq!(r.hit_damage(&st, kain_ally, aaro), 0);
    let blade = hand(&r, &mut st, 0, "Blade of Wind");
    cast(&r, &mut st, blade, Some(kain_ally));
    assert_eq!(
        r.hit_damage(&st, kain_ally, aaro),
        1 + 2 - 1 + 1,
        "an Air hit: Weakness +2, still Physical, +1 extra"
    );

    let r = duel(B, A);
    let mut st = board(&r, 0);
    let kain = put(&r, &mut st, 0, 0, "Kain", 3, 3);
    put(&r, &mut st, 1, 0, "Zill", 6, 3);
    let heart = hand(&r, &mut st, 0, "Heart of Akasha");
    cast(&r, &mut st, heart, Some(kain));
    assert!(r.kind_is(
        &st,
        deckwright::engine::effect::Kind::FighterOf {
            element: deckwright::engine::effect::Element::Water
        },
        kain
    ));
    assert_eq!(
        (
            r.stat_atk(&st, kain),
            r.stat_def(&st, kain),
            r.stat_mp(&st, kain)
        ),
        (5, 3, 4)
    );
}

/// Normal Powers with targets: Spark Bolt (within an ally's RA), Frost
/// Lance (within 3 cells), Shove (around an ally), Gale Step (not the ally's
/// own move), Mending Light, Second Wind.
#[test]
fn rz_targeted_normal_powers() {
    let r = duel(A, B);
    let mut st = board(&r, 0);
    let zill = put(&r, &mut st, 0, 0, "Zill", 3, 3);
    let kain = put(&r, &mut st, 1, 0, "Kain", 5, 3);
    let far = put(&r, &mut st, 1, 1, "Tarq", 7, 7);
    let bolt = hand(&r, &mut st, 0, "Spark Bolt");
    assert!(
        r.apply(
            &mut st,
            Action::Cast {
                card: bolt,
                target: Some(far),
                cell: NO_CELL
            }
        )
        .is_err()
    );
    let k0 = hp(&st, kain);
    cast(&r, &mut st, bolt, Some(kain));
    assert_eq!(hp(&st, kain), k0 - 2, "Thunder: Kain is weak to Earth only");
    let lance = hand(&r, &mut st, 0, "Frost Lance");
    cast(&r, &mut st, lance, Some(kain));
    assert_eq!(hp(&st, kain), k0 - 4);
    let step = hand(&r, &mut st, 0, "Gale Step");
    r.apply(
        &mut st,
        Action::Cast {
            card: step,
            target: Some(zill),
            cell: cell_at(4, 2).unwrap(),
        },
    )
    .unwrap();
    assert_eq!(at(&st, zill), (4, 2));
    assert!(!st.moved, "not its movement");
    let shove = hand(&r, &mut st, 0, "Shove");
    cast(&r, &mut st, shove, Some(kain));
    assert_eq!(at(&st, kain), (6, 4), "away from Zill");
    st.hp[usize::from(zill)] = 1;
    let light = hand(&r, &mut st, 0, "Mending Light");
    cast(&r, &mut st, light, Some(zill));
    assert_eq!(hp(&st, zill), 4);
    st.core.lasting.add(
        Holder::Card(zill),
        deckwright::engine::effect::lasting::Change::Stat {
            stat: deckwright::engine::effect::Stat::Atk,
            delta: -2,
        },
        deckwright::engine::effect::lasting::Until::EndOfRound,
        zill,
    );
    let wind = hand(&r, &mut st, 0, "Second Wind");
    cast(&r, &mut st, wind, Some(zill));
    assert_eq!(r.stat_atk(&st, zill), 4);
}

/// Tear in Time ends the round: round end effects apply, then round 3.
#[test]
fn rz_end_the_current_round() {
    let r = duel(A, B);
    let mut st = board(&r, 0);
    put(&r, &mut st, 0, 0, "Zill", 3, 3);
    put(&r, &mut st, 1, 0, "Kain", 6, 3);
    let tear = hand(&r, &mut st, 0, "Tear in Time");
    cast(&r, &mut st, tear, None);
    assert_eq!((st.round, st.step), (3, 0));
}

/// Numens: Humlae gains 2 AP when an ally is defeated and looks at the top
/// 3 Powers (keeps 1, the rest to the bottom); Karnoth's first Hit DMG each
/// round deals 1 extra, and its Conjuration burns; Crown of the Numen makes
/// it free.
#[test]
fn rz_numen_enchantments_and_conjurations() {
    let r = duel(A, B);
    let mut st = board(&r, 0);
    let zill = put(&r, &mut st, 0, 0, "Zill", 3, 3);
    put(&r, &mut st, 0, 1, "Mya", 1, 1);
    put(&r, &mut st, 1, 0, "Tarq", 6, 3);
    let top: Vec<u16> = st
        .core
        .zones
        .get(z(0, Zone::PowerDeck))
        .iter()
        .rev()
        .take(3)
        .copied()
        .collect();
    let n = st.core.zones.len(z(0, Zone::Hand));
    r.apply(
        &mut st,
        Action::Conjure {
            target: None,
            dir: 0,
        },
    )
    .unwrap();
    assert_eq!(st.ap[0], 8);
    assert_eq!(st.core.zones.len(z(0, Zone::Hand)), n + 1);
    let bottom = &st.core.zones.get(z(0, Zone::PowerDeck))[..2];
    assert!(bottom.iter().all(|c| top.contains(c)));
    assert!(
        r.apply(
            &mut st,
            Action::Conjure {
                target: None,
                dir: 0
            }
        )
        .is_err(),
        "once per turn"
    );
    r.hurt(&mut st, 1, zill, 99, status::Dmg::Effect);
    assert_eq!(st.ap[0], 10, "Humlae: +2");

    let r = duel(B, A);
    let mut st = board(&r, 0);
    let kain = put(&r, &mut st, 0, 0, "Kain", 3, 3);
    let nessa = put(&r, &mut st, 1, 0, "Nessa", 4, 3);
    // 4 ATK - 2 DEF = 2, Weakness 1 to Thunder, +1 the first time this round
    r.apply(&mut st, Action::Hit { target: nessa }).unwrap();
    assert_eq!(hp(&st, nessa), 5 - 4);
    assert!(st.first_hit_done[0]);
    let mut st = board(&r, 0);
    put(&r, &mut st, 0, 0, "Kain", 3, 3);
    let tarq = put(&r, &mut st, 1, 0, "Nessa", 6, 3);
    let crown = hand(&r, &mut st, 0, "Crown of the Numen");
    cast(&r, &mut st, crown, None);
    let ap = st.ap[0];
    r.apply(
        &mut st,
        Action::Conjure {
            target: Some(tarq),
            dir: 0,
        },
    )
    .unwrap();
    assert_eq!(st.ap[0], ap, "costs 0 AP");
    assert!(r.has_status(&st, tarq, Status::Burned));
    let _ = kain;
}
