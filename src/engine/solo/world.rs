//! The World: the cards in front of the player, as bitboards.
//!
//! A World grows from its starting Land in any direction until it is a 4×4
//! square, so the board is a 7×7 grid with the starting Land in the centre:
//! every 4×4 square that contains the centre fits. Cells are bits of a `u64`
//! (row-major, 8 bits per row so that the 8th column is an always-empty guard
//! and horizontal shifts never wrap into the next row). One board per icon lets
//! the scoring and the placement checks work a whole row or column at a time.

use serde::{Deserialize, Serialize};

use super::components::{Components, Land};
use super::{MAX_CITIES, MAX_WELCOMED, NONE};

/// Cards per side of the finished World. Checked against the game file's
/// `world_size` by [`Components::check_solo`].
pub const SIZE: u8 = 4;
/// Width and height of the board: every `SIZE`-square around the centre fits.
pub const GRID: u8 = 2 * SIZE - 1;
const STRIDE: u8 = 8;
/// Every real cell of the board.
pub(crate) const VALID: u64 = 0x007F_7F7F_7F7F_7F7F;
const ROW0: u64 = 0x7F;
const COL0: u64 = 0x0001_0101_0101_0101;

/// A cell of the board: column `x` and row `y`, both `0..GRID`, row 0 on top.
///
/// Serialized as its index on the board (`y * 8 + x`); reading one back
/// refuses an index off the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8")]
pub struct Pos(u8);

impl TryFrom<u8> for Pos {
    type Error = String;

    fn try_from(index: u8) -> Result<Pos, String> {
        Pos::new(index % STRIDE, index / STRIDE)
            .ok_or_else(|| format!("{index} is not a cell of the board"))
    }
}

impl Pos {
    /// The starting Land's cell, the centre of the board.
    pub const START: Pos = Pos((SIZE - 1) * STRIDE + SIZE - 1);

    /// The cell at column `x`, row `y`, if it is on the board.
    pub const fn new(x: u8, y: u8) -> Option<Pos> {
        if x < GRID && y < GRID {
            Some(Pos(y * STRIDE + x))
        } else {
            None
        }
    }

    pub const fn x(self) -> u8 {
        self.0 % STRIDE
    }

    pub const fn y(self) -> u8 {
        self.0 / STRIDE
    }

    pub(crate) const fn bit(self) -> u64 {
        1 << self.0
    }

    pub(crate) const fn index(self) -> usize {
        self.0 as usize
    }

    /// The lowest cell of a non-empty board.
    pub(crate) fn first(bits: u64) -> Pos {
        Pos(bits.trailing_zeros() as u8)
    }

    /// The neighbour across `edge`, if on the board.
    pub fn step(self, edge: Edge) -> Option<Pos> {
        let (x, y) = (self.x() as i8, self.y() as i8);
        let (dx, dy) = edge.delta();
        let (nx, ny) = (x + dx, y + dy);
        if nx < 0 || ny < 0 {
            return None;
        }
        Pos::new(nx as u8, ny as u8)
    }

    /// The orthogonal neighbours on the board.
    pub fn neighbours(self) -> impl Iterator<Item = Pos> {
        Edge::ALL.into_iter().filter_map(move |e| self.step(e))
    }
}

/// Iterates over the cells of a board.
pub(crate) fn cells(mut bits: u64) -> impl Iterator<Item = Pos> {
    std::iter::from_fn(move || {
        if bits == 0 {
            None
        } else {
            let p = Pos::first(bits);
            bits &= bits - 1;
            Some(p)
        }
    })
}

/// The cells orthogonally next to any cell of `b`.
pub(crate) const fn spread(b: u64) -> u64 {
    ((b << 1) | (b >> 1) | (b << STRIDE) | (b >> STRIDE)) & VALID
}

pub(crate) const fn row_mask(y: u8) -> u64 {
    ROW0 << (y * STRIDE)
}

pub(crate) const fn col_mask(x: u8) -> u64 {
    COL0 << x
}

/// Rows `lo..=hi`.
pub(crate) fn rows_between(lo: u8, hi: u8) -> u64 {
    (lo..=hi.min(GRID - 1)).fold(0, |m, y| m | row_mask(y))
}

/// Columns `lo..=hi`.
pub(crate) fn cols_between(lo: u8, hi: u8) -> u64 {
    (lo..=hi.min(GRID - 1)).fold(0, |m, x| m | col_mask(x))
}

/// The board moved one cell across `edge` (cells leaving the board drop off).
pub(crate) const fn shift(b: u64, edge: Edge) -> u64 {
    match edge {
        Edge::Left => (b >> 1) & VALID,
        Edge::Right => (b << 1) & VALID,
        Edge::Top => b >> STRIDE,
        Edge::Bottom => (b << STRIDE) & VALID,
    }
}

/// A card edge, where a portal half is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Edge {
    Left,
    Right,
    Top,
    Bottom,
}

impl Edge {
    pub const ALL: [Edge; 4] = [Edge::Left, Edge::Right, Edge::Top, Edge::Bottom];

    pub fn parse(s: &str) -> Option<Edge> {
        match s {
            "left" => Some(Edge::Left),
            "right" => Some(Edge::Right),
            "top" => Some(Edge::Top),
            "bottom" => Some(Edge::Bottom),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Edge::Left => "left",
            Edge::Right => "right",
            Edge::Top => "top",
            Edge::Bottom => "bottom",
        }
    }

    /// The edge a matching half must be on.
    pub const fn opposite(self) -> Edge {
        match self {
            Edge::Left => Edge::Right,
            Edge::Right => Edge::Left,
            Edge::Top => Edge::Bottom,
            Edge::Bottom => Edge::Top,
        }
    }

    const fn delta(self) -> (i8, i8) {
        match self {
            Edge::Left => (-1, 0),
            Edge::Right => (1, 0),
            Edge::Top => (0, -1),
            Edge::Bottom => (0, 1),
        }
    }

    pub(crate) const fn index(self) -> usize {
        match self {
            Edge::Left => 0,
            Edge::Right => 1,
            Edge::Top => 2,
            Edge::Bottom => 3,
        }
    }
}

/// The side of the World the Travellers stand on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Left,
    Right,
}

impl Side {
    pub fn as_str(self) -> &'static str {
        match self {
            Side::Left => "left",
            Side::Right => "right",
        }
    }

    pub fn parse(s: &str) -> Option<Side> {
        match s {
            "left" => Some(Side::Left),
            "right" => Some(Side::Right),
            _ => None,
        }
    }
}

/// A welcomed Traveller: which one, on which side, and its two rows
/// (`upper` and `upper + 1`, board rows).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Welcomed {
    /// Index into [`Components::travellers`].
    pub traveller: u8,
    pub side: Side,
    /// The upper of its two board rows. Signed: a Traveller "overlapping
    /// the row above" a portal in the board's top row reaches row -1, off the
    /// board (p.7; option `traveller_rows_in_square`).
    pub upper: i8,
}

impl Welcomed {
    /// Its two board rows as a board (rows off the board hold nothing).
    pub(crate) fn rows(&self) -> u64 {
        board_row(self.upper) | board_row(self.upper + 1)
    }

    /// Whether board row `y` is one of its two rows.
    pub fn covers(&self, y: u8) -> bool {
        let y = y as i8;
        y == self.upper || y == self.upper + 1
    }
}

/// Board row `y`, or nothing when `y` is off the board.
pub(crate) fn board_row(y: i8) -> u64 {
    if (0..GRID as i8).contains(&y) {
        row_mask(y as u8)
    } else {
        0
    }
}

/// A Dark City at the junction of two Fumaroles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct DarkCity {
    pub stars: u8,
    /// The two Fumaroles it joins (unknown for a World read from a file).
    pub junction: Option<(Pos, Pos)>,
}

/// What lies on a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Cell {
    /// Index into [`Components::lands`].
    pub card: u8,
    /// `false` when the card lies Tzimime side up.
    pub face_up: bool,
    /// Covered by a Fumarole.
    pub fumarole: bool,
}

/// The cards, Fumaroles, Dark Cities and Travellers of one World.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct World {
    cards: [u8; 64],
    pub(crate) occupied: u64,
    pub(crate) face_down: u64,
    pub(crate) fumarole: u64,
    /// Fumaroles that already form a Dark City.
    pub(crate) paired: u64,
    /// Cards involved in a completed portal.
    pub(crate) portal_used: u64,
    pub(crate) starting: u64,
    // Icon boards: where the card has the icon, whatever its face.
    pub(crate) lake: u64,
    pub(crate) swamp: u64,
    pub(crate) watcher: u64,
    pub(crate) volcano: u64,
    pub(crate) animal: u64,
    pub(crate) portal: [u64; 4],
    /// Mountain icon counts, one bit plane per binary digit.
    pub(crate) mountains: [u64; 4],
    travellers: [Welcomed; MAX_WELCOMED],
    n_travellers: u8,
    cities: [DarkCity; MAX_CITIES],
    n_cities: u8,
    /// The side closed by the Travellers and its border column.
    closed: Option<(Side, u8)>,
    /// Board rows the Travellers' rows hold inside the 4×4 square (bit `y`),
    /// under the option `traveller_rows_in_square` only.
    claimed_rows: u8,
    min_x: u8,
    max_x: u8,
    min_y: u8,
    max_y: u8,
}

impl Default for World {
    fn default() -> World {
        World::new()
    }
}

const NO_TRAVELLER: Welcomed = Welcomed {
    traveller: NONE,
    side: Side::Left,
    upper: 0,
};
const NO_CITY: DarkCity = DarkCity {
    stars: 0,
    junction: None,
};

impl World {
    /// An empty board.
    pub const fn new() -> World {
        World {
            cards: [NONE; 64],
            occupied: 0,
            face_down: 0,
            fumarole: 0,
            paired: 0,
            portal_used: 0,
            starting: 0,
            lake: 0,
            swamp: 0,
            watcher: 0,
            volcano: 0,
            animal: 0,
            portal: [0; 4],
            mountains: [0; 4],
            travellers: [NO_TRAVELLER; MAX_WELCOMED],
            n_travellers: 0,
            cities: [NO_CITY; MAX_CITIES],
            n_cities: 0,
            closed: None,
            claimed_rows: 0,
            min_x: GRID,
            max_x: 0,
            min_y: GRID,
            max_y: 0,
        }
    }

    /// Lays a card face up on an empty cell.
    pub(crate) fn put(&mut self, at: Pos, card: u8, land: &Land) {
        let b = at.bit();
        debug_assert!(self.occupied & b == 0);
        self.cards[at.index()] = card;
        self.occupied |= b;
        let set = |board: &mut u64, on: bool| {
            if on {
                *board |= b
            }
        };
        set(&mut self.starting, land.starting);
        set(&mut self.lake, land.lake);
        set(&mut self.swamp, land.swamp);
        set(&mut self.watcher, land.watcher);
        set(&mut self.volcano, land.volcano);
        set(&mut self.animal, land.species.is_some());
        if let Some(e) = land.portal {
            self.portal[e.index()] |= b;
        }
        for (i, plane) in self.mountains.iter_mut().enumerate() {
            set(plane, land.mountains >> i & 1 == 1);
        }
        self.min_x = self.min_x.min(at.x());
        self.max_x = self.max_x.max(at.x());
        self.min_y = self.min_y.min(at.y());
        self.max_y = self.max_y.max(at.y());
    }

    /// Turns a card Tzimime side up (starting Lands have no Tzimime back).
    pub(crate) fn flip(&mut self, at: Pos) {
        if self.starting & at.bit() == 0 {
            self.face_down |= at.bit();
        }
    }

    pub(crate) fn cover(&mut self, at: Pos) {
        self.fumarole |= at.bit();
    }

    pub(crate) fn add_city(&mut self, city: DarkCity) {
        if usize::from(self.n_cities) < MAX_CITIES {
            self.cities[usize::from(self.n_cities)] = city;
            self.n_cities += 1;
            if let Some((a, b)) = city.junction {
                self.paired |= a.bit() | b.bit();
            }
        }
    }

    /// Seats a Traveller; the first one closes its side at the World's edge.
    /// With `claim_rows` (option `traveller_rows_in_square`) its two rows
    /// become rows of the 4×4 square, as if cards lay in them; without it
    /// they bound nothing: the Traveller "is not a part of your 4 by 4
    /// square" and limits only its side (p.7).
    pub(crate) fn welcome(&mut self, w: Welcomed, claim_rows: bool) {
        if usize::from(self.n_travellers) < MAX_WELCOMED {
            if claim_rows {
                for y in [w.upper, w.upper + 1] {
                    if (0..GRID as i8).contains(&y) {
                        self.claimed_rows |= 1 << y;
                    }
                }
            }
            if self.closed.is_none() {
                let border = match w.side {
                    Side::Left => self.min_x,
                    Side::Right => self.max_x,
                };
                self.closed = Some((w.side, border));
            }
            self.travellers[usize::from(self.n_travellers)] = w;
            self.n_travellers += 1;
        }
    }

    pub(crate) fn set_closed(&mut self, closed: Option<(Side, u8)>) {
        self.closed = closed;
    }

    /// The card on a cell.
    pub fn cell(&self, at: Pos) -> Option<Cell> {
        let b = at.bit();
        (self.occupied & b != 0).then(|| Cell {
            card: self.cards[at.index()],
            face_up: self.face_down & b == 0,
            fumarole: self.fumarole & b != 0,
        })
    }

    pub(crate) fn card_at(&self, at: Pos) -> u8 {
        self.cards[at.index()]
    }

    /// Every card on the board with its cell, row by row.
    pub fn cells(&self) -> impl Iterator<Item = (Pos, Cell)> + '_ {
        cells(self.occupied).filter_map(|p| self.cell(p).map(|c| (p, c)))
    }

    /// Number of cards in the World.
    pub fn len(&self) -> u8 {
        self.occupied.count_ones() as u8
    }

    pub fn is_empty(&self) -> bool {
        self.occupied == 0
    }

    /// Whether the World is a full square of `SIZE`×`SIZE` cards.
    pub fn is_complete(&self) -> bool {
        u32::from(self.len()) == u32::from(SIZE) * u32::from(SIZE)
            && self.max_x - self.min_x + 1 == SIZE
            && self.max_y - self.min_y + 1 == SIZE
    }

    /// The cards' bounding box: (min x, min y, max x, max y); `None` when empty.
    pub fn bounds(&self) -> Option<(u8, u8, u8, u8)> {
        (self.occupied != 0).then_some((self.min_x, self.min_y, self.max_x, self.max_y))
    }

    /// The World's top row (watchers must stay in it).
    pub fn top_row(&self) -> u8 {
        self.min_y
    }

    pub fn travellers(&self) -> &[Welcomed] {
        &self.travellers[..usize::from(self.n_travellers)]
    }

    pub fn dark_cities(&self) -> &[DarkCity] {
        &self.cities[..usize::from(self.n_cities)]
    }

    /// The side the Travellers closed and its border column.
    pub fn closed(&self) -> Option<(Side, u8)> {
        self.closed
    }

    /// Rows taken by cards or claimed by Travellers (option
    /// `traveller_rows_in_square`): (top, bottom).
    pub(crate) fn row_span(&self) -> (u8, u8) {
        let (mut lo, mut hi) = (self.min_y, self.max_y);
        if self.claimed_rows != 0 {
            lo = lo.min(self.claimed_rows.trailing_zeros() as u8);
            hi = hi.max(7 - self.claimed_rows.leading_zeros() as u8);
        }
        (lo, hi)
    }

    /// The cells a card may still go to without breaking the 4×4 square or
    /// passing a Traveller (adjacency not considered).
    pub(crate) fn frame(&self) -> u64 {
        if self.occupied == 0 {
            return VALID;
        }
        let (lo_y, hi_y) = self.row_span();
        let rows = rows_between(hi_y.saturating_sub(SIZE - 1), lo_y + SIZE - 1);
        let (mut lo_x, mut hi_x) = (self.max_x.saturating_sub(SIZE - 1), self.min_x + SIZE - 1);
        match self.closed {
            Some((Side::Left, b)) => lo_x = lo_x.max(b),
            Some((Side::Right, b)) => hi_x = hi_x.min(b),
            None => {}
        }
        if lo_x > hi_x {
            return 0;
        }
        rows & cols_between(lo_x, hi_x)
    }

    /// The empty cells a card may be placed on now.
    pub fn open_cells(&self) -> u64 {
        if self.occupied == 0 {
            return Pos::START.bit();
        }
        spread(self.occupied) & !self.occupied & self.frame()
    }

    /// The empty cells a card may be placed on now, as positions.
    pub fn open_positions(&self) -> impl Iterator<Item = Pos> + use<> {
        cells(self.open_cells())
    }

    /// Every cell that may still hold a card of the finished World (placed or
    /// not): where the board screen draws the grid.
    pub fn possible_positions(&self) -> impl Iterator<Item = Pos> + use<> {
        cells(self.frame() | self.occupied)
    }

    /// Cells that show icons: face up and not under a Fumarole.
    pub(crate) fn visible(&self) -> u64 {
        self.occupied & !self.face_down & !self.fumarole
    }

    pub(crate) fn mountain_any(&self) -> u64 {
        self.mountains[0] | self.mountains[1] | self.mountains[2] | self.mountains[3]
    }

    /// Sum of mountain icons over the cells of `mask`.
    pub(crate) fn mountain_icons(&self, mask: u64) -> u32 {
        // the high planes are almost always empty: skip their popcounts
        let mut n = 0;
        for (i, p) in self.mountains.iter().enumerate() {
            let m = p & mask;
            if m != 0 {
                n += m.count_ones() << i;
            }
        }
        n
    }

    /// Whether the card's portal half on `at` faces the matching half of the
    /// next card; returns that card's cell.
    pub(crate) fn portal_partner(&self, at: Pos, edge: Edge) -> Option<Pos> {
        let q = at.step(edge)?;
        let vis = self.visible();
        (vis & q.bit() != 0 && self.portal[edge.opposite().index()] & q.bit() != 0).then_some(q)
    }

    /// Completed portals that show (both halves face up and uncovered), each
    /// as its upper-left cell and whether it is vertical.
    pub(crate) fn visible_portals(&self) -> (u64, u64) {
        let vis = self.visible();
        let horizontal = self.portal[Edge::Right.index()]
            & vis
            & shift(self.portal[Edge::Left.index()] & vis, Edge::Left);
        let vertical = self.portal[Edge::Bottom.index()]
            & vis
            & shift(self.portal[Edge::Top.index()] & vis, Edge::Top);
        (horizontal, vertical)
    }

    /// Row `r` of the finished World (0 = top), left to right, as cells.
    pub fn row(&self, r: u8) -> impl Iterator<Item = Option<(Pos, Cell)>> + '_ {
        let y = self.min_y + r;
        (self.min_x..self.min_x + SIZE)
            .map(move |x| Pos::new(x, y).and_then(|p| self.cell(p).map(|c| (p, c))))
    }

    /// The label of a cell in the finished World: row letter and column
    /// number, `A1` top left.
    pub fn label(&self, at: Pos) -> String {
        let r = at.y().wrapping_sub(self.min_y);
        let c = at.x().wrapping_sub(self.min_x);
        if r < SIZE && c < SIZE {
            format!("{}{}", (b'A' + r) as char, c + 1)
        } else {
            format!("({},{})", at.x(), at.y())
        }
    }

    /// The icons of a cell's card, if the cell shows them.
    pub(crate) fn land<'c>(&self, c: &'c Components, at: Pos) -> Option<&'c Land> {
        (self.visible() & at.bit() != 0).then(|| c.land(self.cards[at.index()]))
    }
}

// A World set up by hand (a scenario file, `scenario::world`): what a game
// played to that position would have recorded besides the cards.
impl World {
    /// Marks every completed portal as used (a card of one cannot complete a
    /// second, p.10): two facing halves on cards that are not Tzimime side
    /// up. A Fumarole laid on one afterwards leaves it completed (p.9), so a
    /// position reads facing halves under a Fumarole as a completed portal.
    pub(crate) fn mark_completed_portals(&mut self) {
        let (horizontal, vertical) = self.completed_portals();
        self.portal_used |=
            horizontal | shift(horizontal, Edge::Right) | vertical | shift(vertical, Edge::Bottom);
    }

    /// The completed portals of a World set up by hand, each as its left
    /// (horizontal) or upper (vertical) cell: two facing halves on cards
    /// not Tzimime side up, covered by a Fumarole or not (p.9).
    pub(crate) fn completed_portals(&self) -> (u64, u64) {
        let up = self.occupied & !self.face_down;
        let horizontal = self.portal[Edge::Right.index()]
            & up
            & shift(self.portal[Edge::Left.index()] & up, Edge::Left);
        let vertical = self.portal[Edge::Bottom.index()]
            & up
            & shift(self.portal[Edge::Top.index()] & up, Edge::Top);
        (horizontal, vertical)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_read_back_only_on_the_board() {
        for p in (0..GRID).flat_map(|y| (0..GRID).filter_map(move |x| Pos::new(x, y))) {
            let text = serde_json::to_string(&p).unwrap();
            assert_eq!(serde_json::from_str::<Pos>(&text).unwrap(), p);
        }
        // column 7 and row 7 are off the board, as is anything past it
        for bad in ["7", "56", "255"] {
            let e = serde_json::from_str::<Pos>(bad).unwrap_err();
            assert!(e.to_string().contains("not a cell of the board"), "{e}");
        }
        assert!(serde_json::from_str::<Pos>("256").is_err());
    }

    #[test]
    fn positions_and_shifts() {
        let p = Pos::new(2, 5).unwrap();
        assert_eq!((p.x(), p.y()), (2, 5));
        assert_eq!(Pos::START, Pos::new(3, 3).unwrap());
        assert!(Pos::new(7, 0).is_none());
        assert_eq!(p.neighbours().count(), 4);
        assert_eq!(Pos::new(0, 0).unwrap().neighbours().count(), 2);
        // no wrap from column 6 to column 0 of the next row
        let edge = Pos::new(6, 1).unwrap().bit();
        assert_eq!(shift(edge, Edge::Right), 0);
        assert_eq!(shift(Pos::new(0, 1).unwrap().bit(), Edge::Left), 0);
        assert_eq!(spread(edge).count_ones(), 3);
        assert_eq!(cells(VALID).count(), 49);
    }

    #[test]
    fn frame_follows_the_bounding_box_and_the_closed_side() {
        let mut w = World::new();
        let land = Land {
            name: "x".into(),
            id: "x".into(),
            catalog_index: 0,
            tier: Some(1),
            starting: false,
            mountains: 0,
            lake: false,
            swamp: false,
            watcher: false,
            volcano: false,
            species: None,
            portal: None,
        };
        w.put(Pos::START, 0, &land);
        assert_eq!(w.frame(), VALID);
        assert_eq!(w.open_cells().count_ones(), 4);
        w.put(Pos::new(4, 3).unwrap(), 1, &land);
        // columns 1..=6 remain possible (x in [4-3, 3+3])
        assert_eq!(w.frame() & col_mask(0), 0);
        w.welcome(
            Welcomed {
                traveller: 0,
                side: Side::Left,
                upper: 3,
            },
            false,
        );
        assert_eq!(w.closed(), Some((Side::Left, 3)));
        assert_eq!(w.frame() & cols_between(0, 2), 0);
    }
}
