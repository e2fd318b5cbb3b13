//! The 8×8 board: cells, Deploy Zones, distance, line of sight, movement,
//! pushes with PSH DMG, and Push Tiles.
//!
//! Readings (rules-notes RZ §6.3, §6.8): each Deploy Zone is the
//! `deploy_rows` rows nearest its player; "around" is the 8 neighbours
//! (Chebyshev distance 1; 4 with `melee_distance = manhattan`) and
//! "adjacent" the 4 orthogonal ones; a move point goes to an adjacent cell
//! (or any cell around with `movement = diagonal`) and never through an
//! entity; an RA hit needs no entity on the cells of the line between
//! (Bresenham). A push goes straight away from the pusher (the Numen's
//! sourceless push goes the way its player chooses); PSH DMG is the cells
//! left when the entity meets the border or another entity, and both
//! entities take it (an Invincible one takes none, and its "takes PSH DMG"
//! does not fire, RZ §6.18). A Push Tile "negates any ongoing movement or push to
//! apply its effect": it pushes the entity that steps on it
//! `push_tile_cells` cells the way it faces, once per entity per turn.

use super::status::Dmg;
use super::{CELLS, MAX_TILES, NO_CELL, NONE, Rizontical, SIZE, State, Tile};
use crate::engine::effect::{Event, Keyword, Status};

/// The eight ways a push can go: N, NE, E, SE, S, SW, W, NW (row, column).
pub const DIRS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// Cells reachable by a move (see [`Rizontical::reachable`]).
pub struct Reach {
    /// In breadth-first order; `cells[0]` is the start.
    pub cells: [u8; CELLS],
    /// Path length by cell (`u8::MAX`: unreachable).
    pub steps: [u8; CELLS],
    pub len: usize,
}

impl Reach {
    /// The reachable cells other than the start, with their path lengths.
    pub fn iter(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        self.cells[1..self.len]
            .iter()
            .map(|&c| (c, self.steps[usize::from(c)]))
    }

    pub fn contains(&self, cell: u8) -> bool {
        usize::from(cell) < CELLS && self.steps[usize::from(cell)] != u8::MAX
    }
}

#[inline]
pub fn rc(cell: u8) -> (i16, i16) {
    (i16::from(cell / SIZE), i16::from(cell % SIZE))
}

#[inline]
pub fn cell_at(r: i16, c: i16) -> Option<u8> {
    let n = i16::from(SIZE);
    (r >= 0 && c >= 0 && r < n && c < n).then(|| (r * n + c) as u8)
}

/// A cell as the rulebook's board shows it: column letter, row number.
pub fn label(cell: u8) -> String {
    let (r, c) = rc(cell);
    format!("{}{}", (b'a' + c as u8) as char, r + 1)
}

impl Rizontical {
    /// Distance for melee, range and "within N cells" (RZ §6.8).
    pub fn distance(&self, a: u8, b: u8) -> i16 {
        let ((ar, ac), (br, bc)) = (rc(a), rc(b));
        let (dr, dc) = ((ar - br).abs(), (ac - bc).abs());
        match self.options.melee_distance {
            super::MeleeDistance::Chebyshev => dr.max(dc),
            super::MeleeDistance::Manhattan => dr + dc,
        }
    }

    /// On a cell around (within 1 cell of) another.
    #[inline]
    pub fn around(&self, a: u8, b: u8) -> bool {
        a != b && a != NO_CELL && b != NO_CELL && self.distance(a, b) == 1
    }

    /// Orthogonally next to.
    pub fn adjacent(a: u8, b: u8) -> bool {
        let ((ar, ac), (br, bc)) = (rc(a), rc(b));
        (ar - br).abs() + (ac - bc).abs() == 1
    }

    /// Whether `cell` is in player `p`'s Deploy Zone.
    pub fn in_zone(&self, p: usize, cell: u8) -> bool {
        let row = rc(cell).0 as u32;
        let rows = self.options.deploy_rows;
        if p == 0 {
            row < rows
        } else {
            row >= u32::from(SIZE) - rows
        }
    }

    /// The entity on a cell.
    #[inline]
    pub fn at(&self, st: &State, cell: u8) -> u16 {
        st.board.get(usize::from(cell)).copied().unwrap_or(NONE)
    }

    /// The tile on a cell.
    pub fn tile_at(&self, st: &State, cell: u8) -> Option<usize> {
        st.tiles.iter().position(|t| t.cell == cell)
    }

    /// Cells reachable from `from` in at most `mp` steps through empty cells;
    /// a Tile stops the move on its cell.
    pub fn reachable(&self, st: &State, from: u8, mp: i16) -> Reach {
        let mut r = Reach {
            cells: [0; CELLS],
            steps: [u8::MAX; CELLS],
            len: 1,
        };
        r.cells[0] = from;
        r.steps[usize::from(from)] = 0;
        let mut head = 0;
        let dirs: &[(i8, i8)] = match self.options.movement {
            super::Movement::Orthogonal => &[(1, 0), (-1, 0), (0, 1), (0, -1)],
            super::Movement::Diagonal => &DIRS,
        };
        while head < r.len {
            let cur = r.cells[head];
            head += 1;
            let d = r.steps[usize::from(cur)];
            if i16::from(d) >= mp || (cur != from && self.tile_at(st, cur).is_some()) {
                continue;
            }
            let (row, col) = rc(cur);
            for (dr, dc) in dirs {
                if let Some(n) = cell_at(row + i16::from(*dr), col + i16::from(*dc))
                    && st.board[usize::from(n)] == NONE
                    && r.steps[usize::from(n)] == u8::MAX
                {
                    r.steps[usize::from(n)] = d + 1;
                    r.cells[r.len] = n;
                    r.len += 1;
                }
            }
        }
        r
    }

    /// No entity on the cells strictly between `a` and `b` (Bresenham line).
    pub fn clear_line(&self, st: &State, a: u8, b: u8) -> bool {
        let ((mut r, mut c), (r1, c1)) = (rc(a), rc(b));
        let (dr, dc) = ((r1 - r).abs(), -(c1 - c).abs());
        let (sr, sc) = (if r < r1 { 1 } else { -1 }, if c < c1 { 1 } else { -1 });
        let mut err = dr + dc;
        loop {
            if (r, c) == (r1, c1) {
                return true;
            }
            let e2 = 2 * err;
            if e2 >= dc {
                err += dc;
                r += sr;
            }
            if e2 <= dr {
                err += dr;
                c += sc;
            }
            if (r, c) == (r1, c1) {
                return true;
            }
            match cell_at(r, c) {
                Some(x) if st.board[usize::from(x)] != NONE => return false,
                Some(_) => {}
                None => return true,
            }
        }
    }

    /// Whether `attacker` standing on `from` reaches `cell` with a hit:
    /// within max(RA, 1), and RA hits need a clear line.
    pub fn in_range(&self, st: &State, attacker: u16, from: u8, cell: u8) -> bool {
        // a cell around is always in range (RA is at least 1): the RA, a
        // walk of the statics in play, is read only for a cell farther off
        let d = self.distance(from, cell);
        d == 1
            || (d > 1 && d <= self.stat_ra(st, attacker).max(1) && self.clear_line(st, from, cell))
    }

    /// Puts entity `e` on `cell` (which must be empty).
    pub fn place(&self, st: &mut State, e: u16, cell: u8) {
        st.board[usize::from(cell)] = e;
        st.cell[usize::from(e)] = cell;
    }

    /// Takes entity `e` off the board.
    pub fn lift(&self, st: &mut State, e: u16) {
        let c = st.cell[usize::from(e)];
        if c != NO_CELL && st.board[usize::from(c)] == e {
            st.board[usize::from(c)] = NONE;
        }
        st.cell[usize::from(e)] = NO_CELL;
    }

    /// Moves `e` to `cell` and applies what stepping there does (a Tile,
    /// then "moves onto a cell around an ally" Triggers).
    pub fn step_to(&self, st: &mut State, e: u16, cell: u8) {
        self.lift(st, e);
        self.place(st, e, cell);
        self.stepped(st, e);
        if st.cell[usize::from(e)] != NO_CELL {
            self.fire_moves_near(st, e);
        }
    }

    /// A Tile under `e` applies its effect (once per entity per turn).
    pub fn stepped(&self, st: &mut State, e: u16) {
        let cell = st.cell[usize::from(e)];
        let Some(i) = self.tile_at(st, cell) else {
            return;
        };
        let bit = 1u128 << (u32::from(e) % 128);
        if st.tiles[i].touched & bit != 0 || st.depth >= super::MAX_DEPTH {
            return;
        }
        st.tiles[i].touched |= bit;
        let t = st.tiles[i];
        st.depth += 1;
        let n = self.options.push_tile_cells.min(u32::from(SIZE)) as i16;
        self.push(st, usize::from(t.owner), NONE, e, t.dir, n);
        st.depth -= 1;
    }

    /// Whether `e` can be pushed now.
    pub fn pushable(&self, st: &State, e: u16) -> bool {
        !self.has_keyword(st, e, Keyword::Unpushable)
    }

    /// The way from cell `a` to cell `b`, one step.
    pub fn way(a: u8, b: u8) -> (i8, i8) {
        let ((ar, ac), (br, bc)) = (rc(a), rc(b));
        ((br - ar).signum() as i8, (bc - ac).signum() as i8)
    }

    /// Pushes `target` `n` cells the way `dir` goes, for player `by`
    /// (`pusher`: the entity pushing, or [`NONE`]). Returns the PSH DMG
    /// dealt.
    pub fn push(
        &self,
        st: &mut State,
        by: usize,
        pusher: u16,
        target: u16,
        dir: (i8, i8),
        n: i16,
    ) -> i16 {
        if dir == (0, 0)
            || n <= 0
            || !self.pushable(st, target)
            || st.cell[usize::from(target)] == NO_CELL
        {
            return 0;
        }
        for k in 0..n {
            let (r, c) = rc(st.cell[usize::from(target)]);
            let next = cell_at(r + i16::from(dir.0), c + i16::from(dir.1));
            let left = n - k;
            match next {
                None => {
                    self.push_damage(st, by, target, NONE, pusher, left);
                    return left;
                }
                Some(x) if st.board[usize::from(x)] != NONE => {
                    let other = st.board[usize::from(x)];
                    self.push_damage(st, by, target, other, pusher, left);
                    return left;
                }
                Some(x) => {
                    self.lift(st, target);
                    self.place(st, target, x);
                    if self.tile_at(st, x).is_some() {
                        // the Tile negates the rest of the push
                        self.stepped(st, target);
                        return 0;
                    }
                }
            }
        }
        0
    }

    /// PSH DMG to `target` and, when it met another entity, to that one too;
    /// then "takes PSH DMG" and "pushes an entity against another entity".
    fn push_damage(&self, st: &mut State, by: usize, target: u16, other: u16, pusher: u16, n: i16) {
        // an Invincible Fighter "can't take DMG" (RZ §6.18): the log says so
        // rather than the PSH DMG it does not take
        if self.has_status(st, target, Status::Invincible) {
            self.note(st, by, "deals no PSH DMG to Invincible", target, None);
        } else {
            self.note(st, by, "deals PSH DMG to", target, Some(i32::from(n)));
        }
        self.hurt(st, by, target, n, Dmg::Push);
        if other != NONE {
            self.hurt(st, by, other, n, Dmg::Push);
        }
        for e in [target, other] {
            // an Invincible entity "can't take DMG": it took no PSH DMG, and
            // what waits for it taking PSH DMG does not fire (RZ §6.18)
            if e != NONE
                && st.cell[usize::from(e)] != NO_CELL
                && !self.has_status(st, e, Status::Invincible)
            {
                self.fire(st, Event::TakesPushDamage, e, pusher);
            }
        }
        if other != NONE && pusher != NONE && st.cell[usize::from(pusher)] != NO_CELL {
            self.fire_by(st, Event::PushesIntoEntity, pusher, target, other);
        }
    }

    /// Puts a Push Tile of player `p` on `cell`, facing `dir`; at most
    /// [`MAX_TILES`] per player (the oldest goes).
    pub fn put_tile(&self, st: &mut State, p: usize, cell: u8, dir: (i8, i8)) -> bool {
        if st.board[usize::from(cell)] != NONE || self.tile_at(st, cell).is_some() {
            return false;
        }
        if st
            .tiles
            .iter()
            .filter(|t| usize::from(t.owner) == p)
            .count()
            >= MAX_TILES
        {
            return false;
        }
        st.tiles.push(Tile {
            cell,
            owner: p as u8,
            dir,
            touched: 0,
        });
        true
    }
}
