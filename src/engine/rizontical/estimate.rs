//! The policy's cheap estimates of a Rizontical board: where to deploy,
//! which Fighter to bring, what a card, an ability, a hit or a push is worth,
//! and how much the enemies threaten a cell. Used by the players
//! ([`super::policy`]) and by the choices a resolution asks of a seat.

use super::board::{cell_at, rc};
use super::cards::Category;
use super::{CELLS, NO_CELL, NONE, Rizontical, SIZE, State, Zone, z};
use crate::engine::effect::{Ability, Resource, Stat, Status, Target, Trigger, Verb};

/// Whether the opponent of `p` plays (not the goldfish dummy).
pub(super) fn contested(st: &State, p: usize) -> bool {
    !st.core.passive[1 - p]
}

/// The empty cell of `p`'s Deploy Zone nearest to the enemy.
pub fn deploy_cell(r: &Rizontical, st: &State, p: usize) -> Option<u8> {
    (0..CELLS as u8)
        .filter(|&c| r.in_zone(p, c) && st.board[usize::from(c)] == NONE)
        .min_by_key(|&c| (nearest_enemy(r, st, p, c), c))
}

/// The top `n` Powers of `p`'s Power deck, the one the policy keeps first
/// (the most valuable).
pub fn look_ranked(r: &Rizontical, st: &State, p: usize, n: u8) -> Vec<u16> {
    let deck = st.core.zones.get(z(p, Zone::PowerDeck));
    let k = usize::from(n).min(deck.len());
    let mut top: Vec<u16> = deck[deck.len() - k..].to_vec();
    top.sort_by_key(|&c| std::cmp::Reverse(card_value(r, st, p, c)));
    top
}

/// Where a Summon of `p` may go: an empty cell ("on an empty cell of their
/// owner's choice"), around `src` when the text says "around this
/// Fighter".
pub fn summon_cells(r: &Rizontical, st: &State, src: u16, around: bool) -> Vec<u8> {
    let at = st.cell.get(usize::from(src)).copied().unwrap_or(NO_CELL);
    if around && at == NO_CELL {
        return Vec::new();
    }
    (0..CELLS as u8)
        .filter(|&c| st.board[usize::from(c)] == NONE && (!around || r.around(at, c)))
        .collect()
}

/// The policy's cell for a Summon of `p`: of `cells`, the one nearest to
/// the enemy (a Summon stands in the way and can be pushed into).
pub fn summon_cell(r: &Rizontical, st: &State, p: usize, cells: &[u8]) -> Option<u8> {
    cells
        .iter()
        .copied()
        .min_by_key(|&c| (nearest_enemy(r, st, p, c), c))
}

/// Where the policy deploys its setup Fighter of `slot`: the middle of its
/// front row (d2, e2 for player 0; d7, e7 for player 1), or the nearest
/// free cell of that row.
pub fn setup_cell(r: &Rizontical, st: &State, p: usize, slot: usize) -> u8 {
    let rows = r.options.deploy_rows as i16;
    let row = if p == 0 {
        rows - 1
    } else {
        i16::from(SIZE) - rows
    };
    let col = [3, 4, 2, 5][slot % super::SLOTS];
    (0..SIZE)
        .filter_map(|c| cell_at(row, i16::from(c)))
        .filter(|&c| st.board[usize::from(c)] == NONE)
        .min_by_key(|&c| ((i16::from(c % SIZE) - col).abs(), c))
        .unwrap_or(0)
}

/// Distance from `cell` to the nearest entity of `p`'s opponent.
pub(super) fn nearest_enemy(r: &Rizontical, st: &State, p: usize, cell: u8) -> i16 {
    st.slots[1 - p]
        .iter()
        .filter(|&&e| e != NONE)
        .map(|&e| r.distance(cell, st.cell[usize::from(e)]))
        .min()
        .unwrap_or_else(|| {
            let (row, _) = rc(cell);
            let goal = if p == 0 { i16::from(SIZE) - 1 } else { 0 };
            (goal - row).abs()
        })
}

/// The Fighter to deploy with `deploy_from = choose`: the hardest hitter.
pub fn best_fighter(r: &Rizontical, st: &State, p: usize) -> Option<u16> {
    st.core
        .zones
        .get(z(p, Zone::FighterDeck))
        .iter()
        .copied()
        .max_by_key(|&f| {
            let fi = r.fighter(st, f);
            (fi.atk + fi.range, fi.mp, std::cmp::Reverse(f))
        })
}

/// PSH DMG pushing `target` `n` cells the way `dir` goes would deal (to it).
pub(super) fn push_estimate(st: &State, target: u16, dir: (i8, i8), n: i16) -> i16 {
    let mut at = st.cell[usize::from(target)];
    if at == NO_CELL || dir == (0, 0) {
        return 0;
    }
    for k in 0..n {
        let (r, c) = rc(at);
        match cell_at(r + i16::from(dir.0), c + i16::from(dir.1)) {
            None => return n - k,
            Some(x) if st.board[usize::from(x)] != NONE => return n - k,
            Some(x) if st.tiles.iter().any(|t| t.cell == x) => return 0,
            Some(x) => at = x,
        }
    }
    0
}

/// What DMG to enemy `t` is worth: a defeat most.
pub(super) fn worth(r: &Rizontical, st: &State, t: u16, dmg: i16) -> i32 {
    if dmg <= 0 {
        return 0;
    }
    let left = st.hp[usize::from(t)] + st.protection[usize::from(t)];
    let _ = r;
    if dmg >= left {
        1000 + i32::from(left)
    } else {
        10 * i32::from(dmg)
    }
}

/// The value of a Power for player `p` now, before targets.
pub fn card_value(r: &Rizontical, st: &State, p: usize, c: u16) -> i32 {
    let Some(pw) = r.def(c).power() else {
        return 0;
    };
    if !pw.modelled {
        return -1;
    }
    let fight = contested(st, p);
    if pw.category == Category::Trigger && !fight {
        return 0;
    }
    r.power_values[usize::from(r.table.def_index(c))][usize::from(fight)] - i32::from(pw.cost)
}

/// What each card's abilities are worth to [`card_value`], without and
/// with an enemy to fight, by card (0 for a card that is not a Power):
/// summed once, not at each of the policy's looks at a hand.
pub(super) fn power_values(defs: &[super::cards::Def]) -> Vec<[i32; 2]> {
    defs.iter()
        .map(|d| match d.power() {
            Some(pw) => [false, true].map(|fight| {
                pw.abilities
                    .iter()
                    .map(|a| ability_value(a, pw.category, fight))
                    .sum()
            }),
            None => [0; 2],
        })
        .collect()
}

pub(super) fn ability_value(a: &Ability, cat: Category, fight: bool) -> i32 {
    let mut v = 0;
    let lasting = matches!(cat, Category::Permanent | Category::Aura);
    let trig = matches!(a.trigger, Trigger::On { .. });
    for s in a.all_steps() {
        v += match &s.verb {
            Verb::Gain {
                what: Resource::Ap,
                n,
            } => {
                3 * i32::from(*n)
                    * if trig || a.trigger == Trigger::Activated {
                        2
                    } else {
                        1
                    }
            }
            Verb::Draw { n } => 4 * i32::from(*n) * if trig { 4 } else { 1 },
            Verb::ElementDamage { n, .. } | Verb::Damage { n } => {
                5 * i32::from(*n) * if trig { 3 } else { 1 }
            }
            Verb::Modify { stat, delta } => {
                let d = i32::from(*delta);
                let w = match stat {
                    Stat::Atk | Stat::ExtraDamage => 6,
                    Stat::Range => 3,
                    Stat::Mp => 2,
                    Stat::Def if fight => 3,
                    _ => 0,
                };
                let many = matches!(s.target, Target::Each { .. });
                w * d * if many { 2 } else { 1 } * if lasting { 1 } else { 0 }
            }
            Verb::Give {
                status: Status::Poison | Status::Burned,
            } => 4,
            Verb::Give { .. }
            | Verb::Negate
            | Verb::Redirect
            | Verb::SetHp { .. }
            | Verb::Banish
                if fight =>
            {
                5
            }
            Verb::Immune { .. } if fight => 3,
            Verb::FreeConjuration => 4,
            Verb::Deploy { .. } => 8,
            Verb::Hit if fight => 6,
            Verb::HitElement { .. } | Verb::AllElements => 1,
            _ => 0,
        };
    }
    v
}

/// How much the enemies could hurt `ally` standing on `cell` next turn:
/// each enemy that can come within its RA (MP + RA) counts its hit.
pub(super) fn threat(r: &Rizontical, st: &State, p: usize, ally: u16, cell: u8) -> i32 {
    enemies(st, p)
        .filter(|&t| {
            let d = r.distance(st.cell[usize::from(t)], cell);
            d <= r.stat_mp(st, t) + r.stat_ra(st, t).max(1)
        })
        .map(|t| worth(r, st, ally, r.hit_damage(st, t, ally)) / 2)
        .sum()
}

/// Enemy entities of `p` on the board.
pub(super) fn enemies(st: &State, p: usize) -> impl Iterator<Item = u16> + '_ {
    st.slots[1 - p].iter().copied().filter(|&e| e != NONE)
}
