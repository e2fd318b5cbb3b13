//! Setup, rounds, the timeline's four turns, the Speed Rule, bonus actions
//! and the turn actions (RZ §3-§4).
//!
//! A round: round start effects, then timeline turns 1 to 4, then round end
//! effects and 1 Time off every Time-based card (and Invincible removed).
//! A timeline turn: both players draw 1 Power and gain 2 AP, turn start
//! effects, then the Speed Rule orders the two Fighters of that slot —
//! First and Last statuses, then higher Speed, then higher remaining HP,
//! then a coin; an empty slot gives its opponent priority — and each player
//! plays a turn (a player with an empty slot still plays its Powers,
//! deploys and Numen: RZ §6.12). Poison deals its 1 DMG at its Fighter's
//! turn start. A turn ends when its player ends it, after a successful
//! Basic Hit or SPELL hit, or by an effect. A player about to play two turns
//! in a row first lets the other take one bonus action (deploy, use or set
//! a Power, a Permanent's ability, discard; ending it takes none).

use super::board::{DIRS, cell_at};
use super::cards::Category;
use super::status::{Dmg, NOBODY};
use super::{
    Action, CELLS, DummyPlacement, MAX_DUMMIES, NO_CELL, NONE, Phase, Rizontical, SIZE, SLOTS,
    State, Zone, z,
};
use crate::engine::core::{At, Illegal, Seat, below, ensure, other};
use crate::engine::effect::lasting::Holder;
use crate::engine::effect::{Event, Status, Trigger, Verb};
use crate::engine::game::push_if_legal as push_legal;

/// Empties the board, the slots and the Tiles, and zeroes every card's
/// numbers (HP, Mana, Protection, skill and Power Use and Time, Aura
/// targets): the deal's table, and a position's before its cards arrive.
pub fn clear_cards(st: &mut State) {
    st.slots = [[NONE; SLOTS]; 2];
    st.board = [NONE; CELLS];
    st.tiles.clear();
    st.cell.fill(NO_CELL);
    st.hp.fill(0);
    st.mana.fill(0);
    st.protection.fill(0);
    st.skill_uses.fill([0; 3]);
    st.skill_time.fill([0; 3]);
    st.aura_on.fill(NONE);
    st.uses.fill(0);
    st.time.fill(0);
    st.used_this_turn.fill(false);
}

/// Clears what the action under way keeps: the ally's moved/hit/pushed/
/// skill flags, the turn's and round's end, negations, redirects, the
/// effect depth, the last defeated slot.
pub fn clear_action(st: &mut State) {
    st.moved = false;
    st.hit = false;
    st.pushed = false;
    st.skilled = false;
    st.end_turn = false;
    st.end_round = false;
    st.negated = false;
    st.hit_negated = false;
    st.redirect = NONE;
    st.extra = 0;
    st.depth = 0;
    st.last_defeated_slot = None;
}

/// Shuffles and deals (setup steps 1-7): Fighters in slots 1 and 2 on the
/// board in the rulebook's order, 5 Powers each, AP 4; the first mulligan
/// waits.
pub fn deal(r: &Rizontical, st: &mut State, seed: u64, seat: Seat) {
    st.core
        .reset(&r.table, seed, seat, |p| z(p, Zone::PowerDeck), 0);
    for p in 0..2 {
        let mut i = 0;
        while i < st.core.zones.len(z(p, Zone::PowerDeck)) {
            let c = st.core.zones.get(z(p, Zone::PowerDeck))[i];
            let to = if r.is_fighter_card(c) {
                Zone::FighterDeck
            } else if r.def(c).numen().is_some() {
                Zone::Numen
            } else {
                i += 1;
                continue;
            };
            st.core
                .zones
                .move_card(z(p, Zone::PowerDeck), i, z(p, to), At::Top);
        }
        st.core
            .zones
            .shuffle(z(p, Zone::FighterDeck), &mut st.core.rng);
    }
    st.phase = Phase::Mulligan { p: 0 };
    st.round = 0;
    st.step = 0;
    st.order = [0, 1];
    st.half = 0;
    st.last_player = NOBODY as u8;
    st.ap = [0; 2];
    st.souls = [0; 2];
    st.legendary_used = [false; 2];
    st.unique_used = [false; 2];
    st.ultimate = [[false; SLOTS]; 2];
    clear_cards(st);
    st.dummy_kind = [0; MAX_DUMMIES];
    clear_action(st);
    st.conjured = [false; 2];
    st.first_hit_done = [false; 2];
    st.no_damage = false;
    st.setup_step = 0;
    continue_setup(r, st);
}

/// Setup steps 3-5 in the rulebook's order: first player slot 1; second
/// player slots 1 and 2; first player slot 2 (and so on for more slots).
fn setup_order(r: &Rizontical, first: usize) -> Vec<(usize, usize)> {
    let second = other(first);
    let start = (r.setup.fighter_slots_at_start as usize).min(SLOTS);
    let mut order = Vec::with_capacity(2 * start);
    for s in 0..start {
        if s % 2 == 0 {
            order.push((first, s));
            order.push((second, s));
        } else {
            order.push((second, s));
            order.push((first, s));
        }
    }
    order
}

/// The setup's deploys from `st.setup_step` on: the dummy's where the
/// `dummy_placement` option puts them, a by-hand seat's as its move
/// ([`Phase::Setup`]: where is the player's choice, RZ 14), the others' where
/// their policy puts them; then the opening Powers, the AP and the first
/// mulligan (setup steps 6-7).
fn continue_setup(r: &Rizontical, st: &mut State) {
    let first = st.core.seat.first_player();
    let second = other(first);
    let order = setup_order(r, first);
    while let Some(&(p, s)) = order.get(usize::from(st.setup_step)) {
        if p == 1 && st.core.passive[1] {
            let id = r.dummy_id(s);
            st.dummy_kind[s.min(MAX_DUMMIES - 1)] = (s % r.dummies.len()) as u8;
            if let Some(cell) = dummy_cell(r, st, s) {
                r.set_up_entity(st, 1, s, cell, id);
                r.after_deploy(st, id);
            }
        } else if let Some(f) = st.core.zones.top(z(p, Zone::FighterDeck)) {
            if st.core.by_hand[p] {
                st.phase = Phase::Setup {
                    p: p as u8,
                    slot: s as u8,
                };
                st.core.active = p;
                return;
            }
            let cell = super::policy::setup_cell(r, st, p, s);
            r.deploy(st, p, s, cell, f);
        }
        st.setup_step += 1;
    }
    let start = (r.setup.fighter_slots_at_start as usize).min(SLOTS);
    st.dummy_reserve = if r.options.dummy_redeploys {
        let fighters = crate::games::Rizontical.rules().fighters as usize;
        fighters.saturating_sub(start).min(MAX_DUMMIES - start) as u8
    } else {
        0
    };
    for p in [first, second] {
        for _ in 0..r.setup.opening_powers {
            st.core.draw(p, z(p, Zone::PowerDeck), z(p, Zone::Hand));
        }
    }
    st.ap = [r.setup.ap_start as i32; 2];
    st.core.active = first;
    match [first, second].into_iter().find(|&p| !st.core.passive[p]) {
        Some(p) => st.phase = Phase::Mulligan { p: p as u8 },
        None => begin_timeline_turn(r, st),
    }
}

/// A by-hand seat's setup deploy ([`Phase::Setup`]): the Fighter on top of
/// its deck into `slot`, on an empty cell of its Deploy Zone.
fn setup_deploy(
    r: &Rizontical,
    st: &mut State,
    (p, slot): (usize, u8),
    action: Action,
) -> Result<(), Illegal> {
    let Action::Deploy {
        slot: s,
        cell,
        fighter,
    } = action
    else {
        return Err(Illegal::new(
            "RZ setup 3-5",
            format!("deploy the Fighter of slot {} first", slot + 1),
        ));
    };
    let top = st.core.zones.top(z(p, Zone::FighterDeck));
    ensure(
        s == slot && (fighter.is_none() || fighter == top),
        "RZ setup 3-5",
        || format!("the setup deploys the Fighter of slot {}", slot + 1),
    )?;
    ensure(
        usize::from(cell) < CELLS && r.in_zone(p, cell) && st.board[usize::from(cell)] == NONE,
        "RZ Deploy Zone",
        || "deploy on an empty cell of your Deploy Zone".into(),
    )?;
    let Some(f) = top else {
        return Err(Illegal::new("RZ setup 3-5", "your Fighter deck is empty"));
    };
    r.deploy(st, p, usize::from(slot), cell, f);
    st.setup_step += 1;
    continue_setup(r, st);
    Ok(())
}

/// Where the dummy's Fighter in `slot` stands (the `dummy_placement` option).
fn dummy_cell(r: &Rizontical, st: &mut State, slot: usize) -> Option<u8> {
    let n = i16::from(SIZE);
    let front = n - r.options.deploy_rows as i16;
    let pair = slot as i16 / 2;
    let want = match r.options.dummy_placement {
        DummyPlacement::Front => cell_at(front, n / 2 - 1 + slot as i16 % 2 + 2 * pair),
        DummyPlacement::Back => cell_at(n - 1, n / 2 - 1 + slot as i16 % 2 + 2 * pair),
        DummyPlacement::Spread => cell_at(front, [1, 6, 3, 4][slot % 4]),
        DummyPlacement::Random => {
            let free: Vec<u8> = (0..CELLS as u8)
                .filter(|&c| r.in_zone(1, c) && st.board[usize::from(c)] == NONE)
                .collect();
            if free.is_empty() {
                return None;
            }
            return Some(free[below(&mut st.core.rng, free.len() as u32) as usize]);
        }
    };
    match want {
        Some(c) if st.board[usize::from(c)] == NONE => Some(c),
        _ => super::policy::deploy_cell(r, st, 1),
    }
}

/// Setup step 6 for player `p`: the hand cards at the `mask` positions go
/// to the bottom of the Power deck, in hand order, and as many are drawn.
pub fn mulligan(r: &Rizontical, st: &mut State, p: usize, mask: u8) -> Result<(), Illegal> {
    let hand = st.core.zones.get(z(p, Zone::Hand)).to_vec();
    ensure(
        u32::from(mask) >> hand.len().min(8) == 0,
        "RZ setup 6",
        || {
            format!(
                "the mask names positions beyond the {} cards in hand",
                hand.len()
            )
        },
    )?;
    let back: Vec<u16> = hand
        .iter()
        .enumerate()
        .filter(|(i, _)| *i < 8 && mask & (1 << i) != 0)
        .map(|(_, &c)| c)
        .collect();
    ensure(
        back.len() as u32 <= r.setup.mulligan_max,
        "RZ setup 6",
        || format!("return up to {} cards", r.setup.mulligan_max),
    )?;
    for &c in &back {
        st.core
            .zones
            .move_copy(z(p, Zone::Hand), c, z(p, Zone::PowerDeck), At::Bottom);
    }
    for _ in 0..back.len() {
        st.core.draw(p, z(p, Zone::PowerDeck), z(p, Zone::Hand));
    }
    st.core.note(p, "mulligan", None, Some(back.len() as i32));
    Ok(())
}

/// The Speed Rule for timeline slot `k`: the player who plays first.
pub fn speed_rule(r: &Rizontical, st: &mut State, k: usize) -> usize {
    let (a, b) = (st.slots[0][k], st.slots[1][k]);
    let coin = |st: &mut State| below(&mut st.core.rng, 2) as usize;
    match (a != NONE, b != NONE) {
        (false, false) => coin(st),
        (false, true) => 1,
        (true, false) => 0,
        (true, true) => {
            let flag = |st: &State, e: u16| {
                if r.has_status(st, e, Status::First) {
                    1
                } else if r.has_status(st, e, Status::Last) {
                    -1
                } else {
                    0
                }
            };
            let (fa, fb) = (flag(st, a), flag(st, b));
            if fa != fb {
                return if fa > fb { 0 } else { 1 };
            }
            let (sa, sb) = (r.fighter(st, a).speed, r.fighter(st, b).speed);
            if sa != sb {
                return if sa > sb { 0 } else { 1 };
            }
            let (ha, hb) = (st.hp[usize::from(a)], st.hp[usize::from(b)]);
            if ha != hb {
                return if ha > hb { 0 } else { 1 };
            }
            coin(st)
        }
    }
}

/// A timeline turn starts (and a round, at turn 1).
pub fn begin_timeline_turn(r: &Rizontical, st: &mut State) {
    if st.core.over() {
        return;
    }
    if st.step == 0 {
        if !st.core.open_turn(0, r.max_turns) {
            st.phase = Phase::Over;
            return;
        }
        st.round += 1;
        st.end_round = false;
        r.fire(st, Event::RoundStart, NONE, NONE);
    }
    for p in 0..2 {
        for _ in 0..r.setup.power_draws_per_turn {
            st.core.draw(p, z(p, Zone::PowerDeck), z(p, Zone::Hand));
        }
        r.gain_ap(st, p, r.setup.ap_per_turn as i32);
    }
    r.fire(st, Event::TurnStart, NONE, NONE);
    r.check_win(st);
    if st.core.over() {
        st.phase = Phase::Over;
        return;
    }
    if st.step == 0 {
        let ap = st.ap[0];
        let castable = st
            .core
            .zones
            .get(z(0, Zone::Hand))
            .iter()
            .filter(|&&c| {
                r.def(c).power().is_some_and(|p| {
                    let cost = if p.category == Category::Trigger {
                        1
                    } else {
                        p.cost
                    };
                    i32::from(cost) <= ap
                })
            })
            .count();
        let t = st.core.trace.current();
        t.resources = ap.clamp(0, i32::from(u16::MAX)) as u16;
        t.hand = st.core.zones.len(z(0, Zone::Hand)) as u16;
        t.castable = castable as u16;
    }
    let first = speed_rule(r, st, usize::from(st.step));
    st.order = [first as u8, other(first) as u8];
    st.half = 0;
    start_turn(r, st);
}

/// The next player's turn, after a bonus action when it is their second
/// turn in a row.
fn start_turn(r: &Rizontical, st: &mut State) {
    let p = usize::from(st.order[usize::from(st.half)]);
    let q = other(p);
    if usize::from(st.last_player) == p && !st.core.passive[q] {
        st.phase = Phase::Bonus { p: q as u8 };
        st.core.active = q;
        st.no_damage = false;
        return;
    }
    open_turn(r, st, p);
}

fn open_turn(r: &Rizontical, st: &mut State, p: usize) {
    st.core.active = p;
    st.phase = Phase::Turn;
    st.moved = false;
    st.hit = false;
    st.pushed = false;
    st.skilled = false;
    st.end_turn = false;
    st.conjured[p] = false;
    for i in 0..st.core.zones.len(z(p, Zone::Powers)) {
        let c = st.core.zones.get(z(p, Zone::Powers))[i];
        st.used_this_turn[usize::from(c)] = false;
    }
    for t in &mut st.tiles {
        t.touched = 0;
    }
    st.no_damage = st.round == 1 && st.step == 0 && st.half == 0;
    if p == 1 {
        st.core.turns[1] = st.core.turns[1].saturating_add(1);
    }
    // "Poison: Takes 1 DMG at own turn start"
    let e = st.slots[p][usize::from(st.step)];
    if e != NONE && r.has_status(st, e, Status::Poison) {
        r.note(st, p, "Poison DMG to", e, Some(1));
        r.hurt(st, NOBODY, e, 1, Dmg::Effect);
        r.check_win(st);
    }
    if st.core.over() {
        st.phase = Phase::Over;
    }
}

/// The current player's turn ends.
pub fn end_turn(r: &Rizontical, st: &mut State) {
    let p = st.core.active;
    st.core.close_turn(p);
    st.last_player = p as u8;
    st.end_turn = false;
    if st.core.over() {
        st.phase = Phase::Over;
        return;
    }
    st.half += 1;
    if st.half < 2 && !st.end_round {
        start_turn(r, st);
        return;
    }
    st.step += 1;
    if usize::from(st.step) >= SLOTS || st.end_round {
        end_round(r, st);
        st.step = 0;
    }
    begin_timeline_turn(r, st);
}

/// Round end: round end effects, Time, Invincible, "until the end of the
/// round" changes.
fn end_round(r: &Rizontical, st: &mut State) {
    st.end_round = false;
    r.fire(st, Event::RoundEnd, NONE, NONE);
    r.tick_time(st);
    for p in 0..2 {
        for &e in &st.slots[p] {
            if e != NONE {
                st.core.lasting.remove_where(Holder::Card(e), |c| {
                    *c == crate::engine::effect::lasting::Change::Status(Status::Invincible)
                });
            }
        }
    }
    st.core.lasting.round_end();
    st.first_hit_done = [false; 2];
}

/// Validates and performs one action (the choices it asks on the way:
/// [`super::choices::apply`]).
pub fn apply_now(r: &Rizontical, st: &mut State, action: Action) -> Result<(), Illegal> {
    match (st.phase, action) {
        (Phase::Setup { p, slot }, a) => {
            return setup_deploy(r, st, (usize::from(p), slot), a);
        }
        (Phase::Mulligan { p }, Action::Mulligan { mask }) => {
            let p = usize::from(p);
            mulligan(r, st, p, mask)?;
            let first = st.core.seat.first_player();
            let next = other(p);
            if p == first && !st.core.passive[next] {
                st.phase = Phase::Mulligan { p: next as u8 };
            } else {
                begin_timeline_turn(r, st);
            }
            return Ok(());
        }
        (Phase::Bonus { .. }, a) => {
            bonus(r, st, a)?;
            r.check_win(st);
            let p = usize::from(st.order[usize::from(st.half)]);
            if !st.core.over() {
                open_turn(r, st, p);
            }
        }
        (Phase::Turn, a) => {
            turn_action(r, st, a)?;
            // the game may be over before the turn passes on
            r.check_win(st);
            if st.end_turn && !st.core.over() {
                end_turn(r, st);
            }
        }
        (phase, a) => {
            return Err(Illegal::new(
                "RZ rounds",
                format!("{a:?} is not possible during {phase:?}"),
            ));
        }
    }
    r.check_win(st);
    if st.core.over() {
        st.phase = Phase::Over;
    }
    Ok(())
}

fn bonus(r: &Rizontical, st: &mut State, a: Action) -> Result<(), Illegal> {
    match a {
        Action::Deploy {
            slot,
            cell,
            fighter,
        } => deploy_action(r, st, slot, cell, fighter),
        Action::Cast { card, target, cell } => r.cast(st, card, target, cell),
        Action::Set { card } => r.set(st, card),
        Action::Activate { card } => r.activate(st, card),
        Action::Discard { card } => r.discard(st, card),
        Action::EndTurn => Ok(()),
        a => Err(Illegal::new(
            "RZ Bonus Action",
            format!("{a:?} is not a bonus action (no ally of yours is playing its turn)"),
        )),
    }
}

fn current_ally(st: &State) -> Result<u16, Illegal> {
    let e = st.slots[st.core.active][usize::from(st.step)];
    if e == NONE {
        return Err(Illegal::new(
            "RZ Turn Actions",
            "no ally in the current slot",
        ));
    }
    Ok(e)
}

fn deploy_action(
    r: &Rizontical,
    st: &mut State,
    slot: u8,
    cell: u8,
    fighter: Option<u16>,
) -> Result<(), Illegal> {
    let p = r.acting(st);
    let s = usize::from(slot);
    ensure(
        s < SLOTS && st.slots[p][s] == NONE,
        "RZ Turn Actions",
        || format!("slot {} is not an empty Fighter slot", s + 1),
    )?;
    ensure(slot != st.step, "RZ Turn Actions", || {
        "Fighters can't be deployed on the current turn slot in the timeline".into()
    })?;
    ensure(
        usize::from(cell) < CELLS && r.in_zone(p, cell),
        "RZ Deploy Zone",
        || "deploy on a cell of your Deploy Zone".into(),
    )?;
    ensure(
        st.board[usize::from(cell)] == NONE,
        "RZ Deploy Zone",
        || "that cell is occupied".into(),
    )?;
    let top = st
        .core
        .zones
        .top(z(p, Zone::FighterDeck))
        .ok_or_else(|| Illegal::new("RZ Turn Actions", "your Fighter deck is empty"))?;
    let c = match (fighter, r.options.deploy_from) {
        (None, _) => top,
        (Some(f), super::DeployFrom::Top) => {
            ensure(f == top, "RZ §6.2", || {
                "deploy_from = top: only the top Fighter of the deck".into()
            })?;
            f
        }
        (Some(f), super::DeployFrom::Choose) => {
            ensure(
                st.core.zones.contains(z(p, Zone::FighterDeck), f),
                "RZ Turn Actions",
                || "that Fighter is not in your Fighter deck".into(),
            )?;
            f
        }
    };
    r.deploy(st, p, s, cell, c);
    Ok(())
}

fn turn_action(r: &Rizontical, st: &mut State, a: Action) -> Result<(), Illegal> {
    match a {
        Action::Mulligan { .. } => Err(Illegal::new("RZ setup 6", "the mulligan is over")),
        Action::Choose { .. } => Err(Illegal::new("RZ 14", "there is no choice to make now")),
        Action::Deploy {
            slot,
            cell,
            fighter,
        } => deploy_action(r, st, slot, cell, fighter),
        Action::Move { cell } => {
            let e = current_ally(st)?;
            ensure(!st.moved, "RZ Turn Actions", || {
                "the ally moves once per turn".into()
            })?;
            let mp = r.stat_mp(st, e);
            let ok = usize::from(cell) < CELLS
                && r.reachable(st, st.cell[usize::from(e)], mp).contains(cell)
                && cell != st.cell[usize::from(e)];
            ensure(ok, "RZ Movement", || {
                format!("that cell is not within {mp} MP through empty cells")
            })?;
            st.moved = true;
            r.note(st, st.core.active, super::MOVE, e, Some(i32::from(cell)));
            r.step_to(st, e, cell);
            Ok(())
        }
        Action::Hit { target } => {
            let e = current_ally(st)?;
            ensure(!st.hit, "RZ Turn Actions", || "one hit per turn".into())?;
            ensure(
                usize::from(target) < st.cell.len()
                    && target != e
                    && st.cell[usize::from(target)] != NO_CELL,
                "RZ Hit",
                || "no entity there".into(),
            )?;
            ensure(
                r.in_range(st, e, st.cell[usize::from(e)], st.cell[usize::from(target)]),
                "RZ Range",
                || "the target is out of range or behind an entity".into(),
            )?;
            st.hit = true;
            if r.hit(st, e, target) {
                // "A turn ends if ... successfully used a Basic Hit"
                st.end_turn = true;
            }
            Ok(())
        }
        Action::HitCell { cell } => {
            let e = current_ally(st)?;
            ensure(!st.hit, "RZ Turn Actions", || "one hit per turn".into())?;
            ensure(
                usize::from(cell) < CELLS && st.board[usize::from(cell)] == NONE,
                "RZ Hit",
                || "that cell is not empty: hit the entity on it".into(),
            )?;
            ensure(
                r.in_range(st, e, st.cell[usize::from(e)], cell),
                "RZ Range",
                || "that cell is out of range or behind an entity".into(),
            )?;
            // "Declaring a Hit ... can be done on empty cells": it hits
            // nothing, so it is not a successful hit and the turn goes on
            st.hit = true;
            r.note(
                st,
                st.core.active,
                super::HITS_AN_EMPTY_CELL_WITH,
                e,
                Some(i32::from(cell)),
            );
            Ok(())
        }
        Action::Push { target, n } => {
            let e = current_ally(st)?;
            ensure(!st.pushed, "RZ Turn Actions", || "one push per turn".into())?;
            ensure(
                usize::from(target) < st.cell.len()
                    && r.around(st.cell[usize::from(e)], st.cell[usize::from(target)]),
                "RZ Push",
                || "push a Fighter on a cell around the current ally".into(),
            )?;
            ensure(r.pushable(st, target), "RZ Push", || {
                format!("{} can't be pushed", r.name_of(target))
            })?;
            let psh = r.stat_psh(st, e);
            ensure(psh > 0, "RZ Push", || "this Fighter has no PSH".into())?;
            // "PSH is the maximum number of cells a Fighter can push"
            let n = n.map_or(psh, i16::from);
            ensure((1..=psh).contains(&n), "RZ Push", || {
                format!("push by 1 to {psh} cells (its PSH)")
            })?;
            st.pushed = true;
            let dir = Rizontical::way(st.cell[usize::from(e)], st.cell[usize::from(target)]);
            r.note(st, st.core.active, "pushes", target, Some(i32::from(n)));
            r.push(st, st.core.active, e, target, dir, n);
            Ok(())
        }
        Action::Skill {
            skill,
            target,
            cell,
        } => r.use_skill(st, skill, target, cell),
        Action::Cast { card, target, cell } => r.cast(st, card, target, cell),
        Action::Set { card } => r.set(st, card),
        Action::Activate { card } => r.activate(st, card),
        Action::Conjure { target, dir } => r.conjure(st, target, dir),
        Action::Discard { card } => r.discard(st, card),
        Action::EndTurn => {
            let e = st.slots[st.core.active][usize::from(st.step)];
            if e != NONE && !st.moved && !st.hit && !st.skilled {
                r.gain_ap(st, st.core.active, r.setup.ap_for_skipping as i32);
            }
            st.end_turn = true;
            Ok(())
        }
    }
}

/// Every legal action now.
pub fn legal_actions(r: &Rizontical, st: &State, out: &mut Vec<Action>) {
    out.clear();
    if st.core.over() {
        return;
    }
    if let Some(pd) = &st.pending {
        for answer in super::choices::options(r, st, usize::from(pd.seat), &pd.ask) {
            out.push(Action::Choose { answer });
        }
        return;
    }
    let mut cand: Vec<Action> = Vec::new();
    match st.phase {
        Phase::Over => return,
        Phase::Setup { p, slot } => {
            let p = usize::from(p);
            let first = super::policy::setup_cell(r, st, p, usize::from(slot));
            let cells = std::iter::once(first)
                .chain((0..CELLS as u8).filter(|&c| {
                    c != first && r.in_zone(p, c) && st.board[usize::from(c)] == NONE
                }));
            for cell in cells {
                out.push(Action::Deploy {
                    slot,
                    cell,
                    fighter: None,
                });
            }
            return;
        }
        Phase::Mulligan { p } => {
            let n = st.core.zones.len(z(usize::from(p), Zone::Hand)).min(8);
            for mask in 0..(1u16 << n) {
                if mask.count_ones() <= r.setup.mulligan_max {
                    out.push(Action::Mulligan { mask: mask as u8 });
                }
            }
            return;
        }
        Phase::Turn | Phase::Bonus { .. } => {}
    }
    let p = r.acting(st);
    let fighters: Vec<Option<u16>> = match r.options.deploy_from {
        super::DeployFrom::Top => vec![None],
        super::DeployFrom::Choose => st
            .core
            .zones
            .get(z(p, Zone::FighterDeck))
            .iter()
            .map(|&f| Some(f))
            .collect(),
    };
    if !st.core.zones.is_empty(z(p, Zone::FighterDeck)) {
        for cell in
            (0..CELLS as u8).filter(|&c| r.in_zone(p, c) && st.board[usize::from(c)] == NONE)
        {
            for slot in 0..SLOTS as u8 {
                if st.slots[p][usize::from(slot)] == NONE && slot != st.step {
                    for &fighter in &fighters {
                        cand.push(Action::Deploy {
                            slot,
                            cell,
                            fighter,
                        });
                    }
                }
            }
        }
    }
    let entities = r.on_board(st);
    let ally = st.slots[p][usize::from(st.step)];
    if st.phase == Phase::Turn && ally != NONE {
        if !st.moved {
            let reach = r.reachable(st, st.cell[usize::from(ally)], r.stat_mp(st, ally));
            for (cell, _) in reach.iter() {
                cand.push(Action::Move { cell });
            }
        }
        for &t in &entities {
            cand.push(Action::Hit { target: t });
        }
        if !st.hit {
            let here = st.cell[usize::from(ally)];
            for cell in 0..CELLS as u8 {
                if st.board[usize::from(cell)] == NONE && r.in_range(st, ally, here, cell) {
                    cand.push(Action::HitCell { cell });
                }
            }
        }
        // the whole PSH first (the default), then each shorter push
        let psh = r.stat_psh(st, ally).clamp(0, i16::from(u8::MAX)) as u8;
        for &t in &entities {
            for n in (1..=psh).rev() {
                cand.push(Action::Push {
                    target: t,
                    n: Some(n),
                });
            }
        }
        let f = r.fighter(st, ally);
        for (i, s) in f.skills.iter().enumerate() {
            if !s.kind.used() {
                continue;
            }
            let tile = s
                .ability
                .steps
                .iter()
                .any(|x| matches!(x.verb, Verb::PlaceTile));
            let cells: Vec<u8> = if tile {
                (0..CELLS as u8)
                    .filter(|&c| Rizontical::adjacent(st.cell[usize::from(ally)], c))
                    .collect()
            } else {
                vec![NO_CELL]
            };
            let targets: Vec<Option<u16>> = if Rizontical::chosen_step(&s.ability).is_some() {
                entities.iter().map(|&t| Some(t)).collect()
            } else {
                vec![None]
            };
            for &target in &targets {
                for &cell in &cells {
                    cand.push(Action::Skill {
                        skill: i as u8,
                        target,
                        cell,
                    });
                }
            }
        }
    }
    if st.phase == Phase::Turn
        && let Some(nc) = r.numen(st, p)
        && let Some(a) = r.def(nc).numen().and_then(|n| n.conjuration.as_ref())
    {
        let push = a.steps.iter().any(|s| matches!(s.verb, Verb::Push { .. }));
        let targets: Vec<Option<u16>> = if Rizontical::chosen_step(a).is_some() {
            entities.iter().map(|&t| Some(t)).collect()
        } else {
            vec![None]
        };
        for &target in &targets {
            for dir in 0..if push { DIRS.len() as u8 } else { 1 } {
                cand.push(Action::Conjure { target, dir });
            }
        }
    }
    for &c in st.core.zones.get(z(p, Zone::Hand)) {
        if let Some(pw) = r.def(c).power() {
            let moves = pw.abilities.iter().find_map(|a| {
                a.steps.iter().find_map(|s| match s.verb {
                    Verb::Move { n } => Some(n),
                    _ => None,
                })
            });
            let targeted = pw.category == Category::Aura
                || pw
                    .abilities
                    .iter()
                    .any(|a| a.trigger == Trigger::PLAYED && Rizontical::chosen_step(a).is_some());
            if targeted {
                for &t in &entities {
                    match moves {
                        Some(n) => {
                            let reach = r.reachable(st, st.cell[usize::from(t)], i16::from(n));
                            for (cell, _) in reach.iter() {
                                cand.push(Action::Cast {
                                    card: c,
                                    target: Some(t),
                                    cell,
                                });
                            }
                        }
                        None => cand.push(Action::Cast {
                            card: c,
                            target: Some(t),
                            cell: NO_CELL,
                        }),
                    }
                }
            } else {
                cand.push(Action::Cast {
                    card: c,
                    target: None,
                    cell: NO_CELL,
                });
            }
        }
        cand.push(Action::Set { card: c });
        cand.push(Action::Discard { card: c });
    }
    for &c in st.core.zones.get(z(p, Zone::Powers)) {
        cand.push(Action::Activate { card: c });
        cand.push(Action::Discard { card: c });
    }
    cand.push(Action::EndTurn);
    for a in cand {
        if !out.contains(&a) {
            push_legal(r, st, a, out);
        }
    }
}
