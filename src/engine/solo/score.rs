//! Scoring a World (rulebook p.5-6, rules-notes SW §7 `SCORE`), part by part.
//!
//! Only cards that show their icons score: face up and not under a Fumarole
//! (SW §6.3). Everything is computed on the World's bitboards, so scoring a
//! World takes a few dozen nanoseconds: the players score thousands of
//! candidate Worlds per game.

use serde::Serialize;

use super::components::{Components, Condition};
use super::world::{Edge, World, board_row, cells, col_mask, rows_between, shift, spread};

/// The seven parts of a score and their total (formats.md §3 `score` JSON).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Breakdown {
    /// The biggest mountain range: 1 per mountain icon.
    pub mountains: u32,
    /// 1 per card next to each lake.
    pub lakes: u32,
    /// 2 per different animal species.
    pub animals: u32,
    /// 3 per swamp.
    pub swamps: u32,
    /// The stars of the Dark Cities.
    pub dark_cities: u32,
    /// 2 per matching icon below each watcher.
    pub watchers: u32,
    /// 5 per Traveller plus its bonus when its condition holds.
    pub travellers: u32,
    pub total: u32,
}

/// How one welcomed Traveller scored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TravellerScore {
    pub name: String,
    /// The Traveller's two rows in the finished World (0 = top; -1 is the
    /// row above the World and 4 the row below, where a Traveller may reach
    /// unless the option `traveller_rows_in_square` is set, p.7).
    pub rows: [i8; 2],
    pub met: bool,
    pub points: u32,
}

/// Scores a World.
pub fn score(w: &World, c: &Components) -> Breakdown {
    let vis = w.visible();
    let r = &c.rules;
    let mut b = Breakdown {
        mountains: mountain_range(w, vis),
        lakes: lakes(w, vis, r.lake_counts_fumaroles),
        animals: u32::from(r.animal_points) * species(w, c, vis).count_ones(),
        swamps: u32::from(r.swamp_points) * (w.swamp & vis).count_ones(),
        dark_cities: w.dark_cities().iter().map(|d| u32::from(d.stars)).sum(),
        watchers: watchers(w, c, vis),
        travellers: w
            .travellers()
            .iter()
            .map(|t| traveller(w, c, t.traveller, t.upper).1)
            .sum(),
        total: 0,
    };
    b.total =
        b.mountains + b.lakes + b.animals + b.swamps + b.dark_cities + b.watchers + b.travellers;
    b
}

/// The total alone (the players' hot path; same numbers as [`score`]).
pub fn total(w: &World, c: &Components) -> u32 {
    score(w, c).total
}

/// Each welcomed Traveller's result, in welcome order.
pub fn travellers(w: &World, c: &Components) -> Vec<TravellerScore> {
    let top = w.bounds().map_or(0, |b| b.1);
    w.travellers()
        .iter()
        .map(|t| {
            let (met, points) = traveller(w, c, t.traveller, t.upper);
            let upper = t.upper - top as i8;
            TravellerScore {
                name: c.travellers[usize::from(t.traveller)].name.clone(),
                rows: [upper, upper + 1],
                met,
                points,
            }
        })
        .collect()
}

/// S1: the connected group of mountain cards with the most mountain icons.
fn mountain_range(w: &World, vis: u64) -> u32 {
    let m = w.mountain_any() & vis;
    let mut rest = m;
    let mut best = 0;
    // a group cannot beat the best one if all the icons left could not
    let mut left = w.mountain_icons(m);
    while rest != 0 && left > best {
        let mut group = rest & rest.wrapping_neg();
        loop {
            let grown = group | (spread(group) & m);
            if grown == group {
                break;
            }
            group = grown;
        }
        rest &= !group;
        let icons = w.mountain_icons(group);
        left -= icons;
        best = best.max(icons);
    }
    best
}

/// S2: each lake scores its neighbours that are not Tzimime face up.
fn lakes(w: &World, vis: u64, count_fumaroles: bool) -> u32 {
    let shows_fumarole = w.occupied & w.fumarole;
    let mut counted = vis;
    if count_fumaroles {
        counted |= shows_fumarole;
    }
    let lake = w.lake & vis;
    if lake == 0 {
        return 0;
    }
    Edge::ALL
        .into_iter()
        .map(|e| (shift(lake, e) & counted).count_ones())
        .sum()
}

/// The species shown on the cells of `mask`, as a bit set.
fn species(w: &World, c: &Components, mask: u64) -> u32 {
    // every cell of `w.animal` holds a card with a species (< 32)
    cells(w.animal & mask).fold(0, |acc, p| acc | 1 << c.species_of(w.card_at(p)))
}

/// S6: a watcher scores, for each icon on the card right below it, 2 per
/// occurrence of that icon in its column below it (that card included). A
/// Fumarole, a Tzimime card or no card right below scores nothing.
fn watchers(w: &World, c: &Components, vis: u64) -> u32 {
    let mut points = 0;
    for p in cells(w.watcher & vis) {
        let Some(below) = p.step(Edge::Bottom) else {
            continue;
        };
        let Some(land) = w.land(c, below) else {
            continue;
        };
        let column = col_mask(p.x()) & rows_between(below.y(), below.y() + 6) & vis;
        let mut n = 0;
        if land.mountains > 0 {
            n += if c.rules.watcher_counts_mountain_cards {
                (w.mountain_any() & column).count_ones()
            } else {
                w.mountain_icons(column)
            };
        }
        let mut count = |on: bool, board: u64| {
            if on {
                n += (board & column).count_ones();
            }
        };
        count(land.lake, w.lake);
        count(land.swamp, w.swamp);
        count(land.watcher, w.watcher);
        count(land.volcano, w.volcano);
        count(land.portal.is_some(), w.portal.iter().fold(0, |a, b| a | b));
        if let Some(s) = land.species {
            n += cells(w.animal & column)
                .filter(|&q| c.species_of(w.card_at(q)) == s)
                .count() as u32;
        }
        points += u32::from(c.rules.watcher_points) * n;
    }
    points
}

/// What a pair of rows holds, for Traveller conditions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct RowCounts {
    pub lakes: u32,
    pub mountains: u32,
    pub swamps: u32,
    pub watchers: u32,
    pub fumaroles: u32,
    pub portals: u32,
    pub species: u32,
    /// Swamps of the row with fewer.
    pub swamps_min_row: u32,
}

/// Rows off the board (a Traveller over the row above or below the World,
/// p.7) hold nothing.
pub(crate) fn row_counts(w: &World, c: &Components, upper: i8) -> RowCounts {
    let vis = w.visible();
    let top = board_row(upper);
    let bottom = board_row(upper + 1);
    let rows = top | bottom;
    let (horizontal, vertical) = w.visible_portals();
    // a vertical portal is recorded on its upper cell
    let vertical_in = if c.rules.portal_half_in_rows {
        vertical & (rows | shift(rows, Edge::Top))
    } else {
        vertical & top
    };
    let m = vis & rows;
    RowCounts {
        lakes: (w.lake & m).count_ones(),
        mountains: w.mountain_icons(m),
        swamps: (w.swamp & m).count_ones(),
        watchers: (w.watcher & m).count_ones(),
        fumaroles: (w.fumarole & w.occupied & rows).count_ones(),
        portals: (horizontal & rows).count_ones() + vertical_in.count_ones(),
        species: species(w, c, m).count_ones(),
        swamps_min_row: (w.swamp & vis & top)
            .count_ones()
            .min((w.swamp & vis & bottom).count_ones()),
    }
}

pub(crate) fn met(cond: &Condition, n: &RowCounts) -> bool {
    n.lakes >= u32::from(cond.lakes)
        && n.mountains >= u32::from(cond.mountains)
        && n.swamps >= u32::from(cond.swamps)
        && n.watchers >= u32::from(cond.watchers)
        && n.fumaroles >= u32::from(cond.fumaroles)
        && n.portals >= u32::from(cond.portals)
        && n.species >= u32::from(cond.species)
        && n.swamps_min_row >= u32::from(cond.swamps_each_row)
}

/// S7 for one Traveller on rows `upper`, `upper + 1`: (condition met, points).
fn traveller(w: &World, c: &Components, t: u8, upper: i8) -> (bool, u32) {
    let def = &c.travellers[usize::from(t)];
    let ok = met(&def.condition, &row_counts(w, c, upper));
    let base = if ok || c.rules.traveller_base_unconditional {
        u32::from(c.rules.traveller_base)
    } else {
        0
    };
    (ok, base + if ok { u32::from(def.bonus) } else { 0 })
}
