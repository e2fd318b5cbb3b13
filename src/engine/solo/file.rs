//! A finished World as a TOML file (formats.md §3 "Strange World: a finished
//! World"): read with errors that name the file and line, and written back.
//!
//! ```toml
//! rows = [
//!   ["Start of Dawn", "Blue Lake", "~Dry Hill", "*Ash Field"],
//!   ...
//! ]
//! dark_cities = [9, 7]
//! travellers = [{ name = "Splash", rows = [0, 1] }]
//! ```
//!
//! `~Name` lies Tzimime side up, `*Name` is covered by a Fumarole. A
//! Traveller may also say `side = "left"` or `"right"` (our extension; it does
//! not change the score).
//!
//! A file that cannot describe a World is an error: bad TOML, an unknown key,
//! not four rows of four cards, an unknown card or one that is not a Land, a
//! card used twice, a starting Land face down (it has no Tzimime back), a
//! Dark City or Traveller the box does not hold or holds fewer of, a Traveller
//! without two adjacent rows, one of them a row of the World (the other may
//! be the row above or below it, -1 or 4, p.7; both inside with the option
//! `traveller_rows_in_square`). A World that is well formed but could not come
//! out of a game played by the rules (two face-up lakes side by side, a
//! watcher below the top row, a Fumarole with no Volcano next to it, ...) is
//! still scored, with a warning per problem: the score command scores what is
//! on the table.

use std::collections::HashMap;
use std::ops::Range;
use std::path::Path;

use serde::Serialize;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

use super::components::Components;
use super::world::{
    DarkCity, Edge, Pos, SIZE, Side, Welcomed, World, cells, row_mask, shift, spread,
};
use crate::diag::{Diagnostic, Diagnostics, LineIndex, read_text};
use crate::diag::{int_of, kind_name};
use crate::model::Catalog;

/// A World read from a file, with the problems that did not stop scoring.
#[derive(Clone, Debug)]
pub struct WorldFile {
    pub world: World,
    pub warnings: Vec<Diagnostic>,
}

/// Reads a World file.
pub fn load_world(
    path: &Path,
    catalog: &Catalog,
    c: &Components,
) -> Result<WorldFile, Diagnostics> {
    let text = read_text(path).map_err(|d| Diagnostics(vec![d]))?;
    parse_world(&text, path, catalog, c)
}

const KEYS: &[&str] = &["rows", "dark_cities", "travellers"];
const TRAVELLER_KEYS: &[&str] = &["name", "rows", "side"];

type Val<'i> = Spanned<DeValue<'i>>;

struct Reader<'a> {
    file: &'a Path,
    lines: LineIndex,
    errors: Vec<Diagnostic>,
    warnings: Vec<Diagnostic>,
}

impl Reader<'_> {
    fn at(&self, span: &Range<usize>, message: String) -> Diagnostic {
        let (line, column) = self.lines.locate(span.start);
        Diagnostic {
            file: self.file.to_path_buf(),
            line,
            column,
            message,
        }
    }

    fn err(&mut self, span: &Range<usize>, message: impl Into<String>) {
        let d = self.at(span, message.into());
        self.errors.push(d);
    }

    fn warn(&mut self, span: &Range<usize>, message: impl Into<String>) {
        let d = self.at(span, message.into());
        self.warnings.push(d);
    }
}

/// Parses World text; `file` names it in messages.
pub fn parse_world(
    text: &str,
    file: &Path,
    catalog: &Catalog,
    c: &Components,
) -> Result<WorldFile, Diagnostics> {
    let mut r = Reader {
        file,
        lines: LineIndex::new(text),
        errors: Vec::new(),
        warnings: Vec::new(),
    };
    let world = read(&mut r, text, catalog, c);
    match world {
        Some(world) if r.errors.is_empty() => Ok(WorldFile {
            world,
            warnings: r.warnings,
        }),
        _ => {
            if r.errors.is_empty() {
                r.errors.push(Diagnostic {
                    file: file.to_path_buf(),
                    line: 0,
                    column: 0,
                    message: "the World could not be read".into(),
                });
            }
            r.errors.sort_by_key(|d| (d.line, d.column));
            Err(Diagnostics(r.errors))
        }
    }
}

fn read(r: &mut Reader<'_>, text: &str, catalog: &Catalog, c: &Components) -> Option<World> {
    let doc = match DeTable::parse(text) {
        Ok(d) => d,
        Err(e) => {
            let span = e.span().unwrap_or(0..0);
            r.err(&span, format!("TOML syntax: {}", e.message().trim()));
            return None;
        }
    };
    let whole = doc.span();
    let doc = doc.into_inner();
    for (k, _) in doc.iter() {
        if !KEYS.contains(&k.get_ref().as_ref()) {
            r.err(
                &k.span(),
                format!(
                    "unknown key `{}` (a World has: {})",
                    k.get_ref(),
                    KEYS.join(", ")
                ),
            );
        }
    }
    let mut world = World::new();
    let Some(rows) = doc.get("rows") else {
        r.err(
            &(whole.start..whole.start),
            "missing key `rows` (four rows of four card names, top to bottom)",
        );
        return None;
    };
    let row_spans = grid(r, rows, catalog, c, &mut world)?;
    if let Some(v) = doc.get("dark_cities") {
        dark_cities(r, v, c, &mut world);
    }
    let traveller_spans = match doc.get("travellers") {
        Some(v) => travellers(r, v, catalog, c, &mut world),
        None => Vec::new(),
    };
    if r.errors.is_empty() {
        consistency(
            r,
            &world,
            c,
            &row_spans,
            doc.get("dark_cities").map(|v| v.span()),
        );
        portals_of_travellers(r, &world, c, &traveller_spans);
    }
    Some(world)
}

/// `rows`: four arrays of four card names. Returns each row's span.
fn grid(
    r: &mut Reader<'_>,
    rows: &Val<'_>,
    catalog: &Catalog,
    c: &Components,
    world: &mut World,
) -> Option<Vec<Range<usize>>> {
    let shape = format!("`rows` must be {SIZE} rows of {SIZE} card names");
    let Some(arr) = rows.get_ref().as_array() else {
        r.err(
            &rows.span(),
            format!("{shape}, not {}", kind_name(rows.get_ref())),
        );
        return None;
    };
    if arr.len() != usize::from(SIZE) {
        r.err(&rows.span(), format!("{shape}; found {} rows", arr.len()));
        return None;
    }
    let index = catalog.name_index();
    let mut first_use: HashMap<u8, usize> = HashMap::new();
    let mut spans = Vec::new();
    let mut ok = true;
    for (y, row) in arr.iter().enumerate() {
        spans.push(row.span());
        let Some(cells) = row.get_ref().as_array() else {
            r.err(
                &row.span(),
                format!("row {y}: {shape}, not {}", kind_name(row.get_ref())),
            );
            ok = false;
            continue;
        };
        if cells.len() != usize::from(SIZE) {
            r.err(
                &row.span(),
                format!("row {y} has {} cards; a World row has {SIZE}", cells.len()),
            );
            ok = false;
            continue;
        }
        for (x, cell) in cells.iter().enumerate() {
            let Some(raw) = cell.get_ref().as_str() else {
                r.err(
                    &cell.span(),
                    format!(
                        "row {y}, column {x}: a card name must be a string, not {}",
                        kind_name(cell.get_ref())
                    ),
                );
                ok = false;
                continue;
            };
            let mut name = raw.trim();
            let (mut down, mut covered) = (false, false);
            loop {
                if let Some(rest) = name.strip_prefix('~') {
                    down = true;
                    name = rest.trim_start();
                } else if let Some(rest) = name.strip_prefix('*') {
                    covered = true;
                    name = rest.trim_start();
                } else {
                    break;
                }
            }
            if name.is_empty() {
                r.err(
                    &cell.span(),
                    format!("row {y}, column {x}: empty card name"),
                );
                ok = false;
                continue;
            }
            let Some(land) = c.find_land(name) else {
                let what = index
                    .named(name)
                    .first()
                    .copied()
                    .or_else(|| index.by_id(name))
                    .map(|i| &catalog.cards[i]);
                match what {
                    Some(card) => r.err(
                        &cell.span(),
                        format!(
                            "\"{}\" is a {} card, not a Land: a World holds Lands only",
                            card.name, card.card_type
                        ),
                    ),
                    None => r.err(
                        &cell.span(),
                        format!(
                            "unknown card \"{name}\" (not in catalog \"{}\")",
                            catalog.name
                        ),
                    ),
                }
                ok = false;
                continue;
            };
            let line = r.lines.locate(cell.span().start).0;
            if let Some(first) = first_use.get(&land) {
                r.err(
                    &cell.span(),
                    format!(
                        "\"{}\" is used twice (first on line {first}); the box holds one",
                        c.land(land).name
                    ),
                );
                ok = false;
                continue;
            }
            first_use.insert(land, line);
            let def = c.land(land);
            if down && def.starting {
                r.err(
                    &cell.span(),
                    format!(
                        "\"{}\" is a starting Land: it has no Tzimime back and cannot lie face down",
                        def.name
                    ),
                );
                ok = false;
                continue;
            }
            let Some(pos) = Pos::new(x as u8, y as u8) else {
                continue;
            };
            world.put(pos, land, def);
            if down {
                world.flip(pos);
            }
            if covered {
                world.cover(pos);
            }
        }
    }
    ok.then_some(spans)
}

fn dark_cities(r: &mut Reader<'_>, v: &Val<'_>, c: &Components, world: &mut World) {
    let Some(arr) = v.get_ref().as_array() else {
        r.err(
            &v.span(),
            format!(
                "`dark_cities` must be a list of star values like [9, 7], not {}",
                kind_name(v.get_ref())
            ),
        );
        return;
    };
    let mut left = c.dark_cities.clone();
    for item in arr.iter() {
        let Some(stars) = int_of(item.get_ref()).flatten() else {
            r.err(
                &item.span(),
                format!(
                    "a Dark City is given by its stars (an integer), not {}",
                    kind_name(item.get_ref())
                ),
            );
            continue;
        };
        match left.iter().position(|&s| i64::from(s) == stars) {
            Some(i) => {
                left.remove(i);
                world.add_city(DarkCity {
                    stars: stars as u8,
                    junction: None,
                });
            }
            None => {
                let stack: Vec<String> = c.dark_cities.iter().map(u8::to_string).collect();
                r.err(
                    &item.span(),
                    format!(
                        "no {stars}-star Dark City left: the box holds [{}]",
                        stack.join(", ")
                    ),
                );
            }
        }
    }
}

/// `travellers`: welcomes each into `world`; returns their entries' spans,
/// in welcome order.
fn travellers(
    r: &mut Reader<'_>,
    v: &Val<'_>,
    catalog: &Catalog,
    c: &Components,
    world: &mut World,
) -> Vec<Range<usize>> {
    let mut spans = Vec::new();
    let Some(arr) = v.get_ref().as_array() else {
        r.err(
            &v.span(),
            format!(
                "`travellers` must be a list like [{{ name = \"Splash\", rows = [0, 1] }}], not {}",
                kind_name(v.get_ref())
            ),
        );
        return spans;
    };
    let mut used: HashMap<u8, usize> = HashMap::new();
    let mut side: Option<Side> = None;
    for item in arr.iter() {
        let span = item.span();
        let Some(t) = item.get_ref().as_table() else {
            r.err(
                &span,
                "each Traveller must be a table { name = \"...\", rows = [r, r + 1] }",
            );
            continue;
        };
        for (k, _) in t.iter() {
            if !TRAVELLER_KEYS.contains(&k.get_ref().as_ref()) {
                r.err(
                    &k.span(),
                    format!(
                        "unknown Traveller key `{}` (expected: {})",
                        k.get_ref(),
                        TRAVELLER_KEYS.join(", ")
                    ),
                );
            }
        }
        let Some(name_v) = t.get("name") else {
            r.err(&span, "a Traveller needs `name`");
            continue;
        };
        let Some(name) = name_v.get_ref().as_str() else {
            r.err(&name_v.span(), "a Traveller's `name` must be a string");
            continue;
        };
        let Some(ti) = c.find_traveller(name) else {
            let index = catalog.name_index();
            match index.named(name).first().map(|&i| &catalog.cards[i]) {
                Some(card) => r.err(
                    &name_v.span(),
                    format!(
                        "\"{}\" is a {} card, not a Traveller",
                        card.name, card.card_type
                    ),
                ),
                None => r.err(&name_v.span(), format!("unknown Traveller \"{name}\"")),
            }
            continue;
        };
        let line = r.lines.locate(span.start).0;
        if let Some(first) = used.get(&ti) {
            r.err(
                &name_v.span(),
                format!(
                    "Traveller \"{}\" is welcomed twice (first on line {first})",
                    c.travellers[usize::from(ti)].name
                ),
            );
            continue;
        }
        used.insert(ti, line);
        let this_side = match t.get("side") {
            None => side.unwrap_or(Side::Left),
            Some(s) => match s.get_ref().as_str().and_then(Side::parse) {
                Some(x) => x,
                None => {
                    r.err(&s.span(), "a Traveller's `side` is \"left\" or \"right\"");
                    continue;
                }
            },
        };
        if side.is_some_and(|s| s != this_side) {
            r.warn(
                &span,
                "\"All the Travellers must be placed on the same side of your play area as the first Traveller\" (p.7)",
            );
        }
        side.get_or_insert(this_side);
        let Some(rows_v) = t.get("rows") else {
            r.err(
                &span,
                format!("Traveller \"{name}\" needs `rows` (its two adjacent rows, e.g. [0, 1])"),
            );
            continue;
        };
        let rows: Option<Vec<i64>> = rows_v.get_ref().as_array().map(|a| {
            a.iter()
                .filter_map(|x| int_of(x.get_ref()).flatten())
                .collect()
        });
        let last = i64::from(SIZE) - 1;
        let in_square = c.rules.traveller_rows_in_square;
        let upper = match rows.as_deref() {
            Some(&[a, b]) if (a - b).abs() == 1 && traveller_rows_ok(a.min(b), last, in_square) => {
                a.min(b) as i8
            }
            _ => {
                let what = if in_square {
                    format!("two adjacent rows of the World, 0 to {last} (e.g. [1, 2])")
                } else {
                    format!(
                        "two adjacent rows, one of them a row of the World (0 to {last}; -1 is the row above it, {} the row below, p.7)",
                        last + 1
                    )
                };
                r.err(&rows_v.span(), format!("Traveller \"{name}\" needs {what}"));
                continue;
            }
        };
        world.welcome(
            Welcomed {
                traveller: ti,
                side: this_side,
                upper,
            },
            in_square,
        );
        spans.push(span);
    }
    spans
}

/// Warns of each Traveller without a completed portal of its own in its
/// rows: "When you assemble a dimensional Portal in your World, you may
/// immediately take a Traveller card ... and place it at the end of the line
/// where the Portal is" (p.7), so every Traveller came through one portal,
/// in one of its two rows, and a portal brings one Traveller.
///
/// A portal counts when its two halves face each other on cards that are
/// face up, under a Fumarole (covering a portal keeps its Traveller, p.9),
/// or Tzimime side up but able to have turned after the portal opened: a
/// watcher (a row placed above it later, p.10) or a Volcano with nothing to
/// cover (its portal comes first).
fn portals_of_travellers(r: &mut Reader<'_>, w: &World, c: &Components, spans: &[Range<usize>]) {
    let travellers = w.travellers();
    if travellers.is_empty() {
        return;
    }
    let able = w.occupied & (!w.face_down | w.watcher | w.volcano);
    let half = |e: Edge| w.portal[e.index()] & able;
    let horizontal = half(Edge::Right) & shift(half(Edge::Left), Edge::Left);
    let vertical = half(Edge::Bottom) & shift(half(Edge::Top), Edge::Top);
    // each portal as the board rows it lies in
    let portals: Vec<u64> = cells(horizontal)
        .map(|p| row_mask(p.y()))
        .chain(cells(vertical).map(|p| row_mask(p.y()) | row_mask(p.y() + 1)))
        .collect();
    // Kuhn's matching of Travellers to portals in their rows (at most 8 each)
    fn augment(
        t: usize,
        fits: &dyn Fn(usize, usize) -> bool,
        n: usize,
        seen: &mut [bool],
        owner: &mut [Option<usize>],
    ) -> bool {
        for p in 0..n {
            if fits(t, p) && !seen[p] {
                seen[p] = true;
                if owner[p].is_none_or(|o| augment(o, fits, n, seen, owner)) {
                    owner[p] = Some(t);
                    return true;
                }
            }
        }
        false
    }
    let fits = |t: usize, p: usize| travellers[t].rows() & portals[p] != 0;
    let mut owner: Vec<Option<usize>> = vec![None; portals.len()];
    for (t, welcomed) in travellers.iter().enumerate() {
        let mut seen = vec![false; portals.len()];
        if augment(t, &fits, portals.len(), &mut seen, &mut owner) {
            continue;
        }
        let name = &c.travellers[usize::from(welcomed.traveller)].name;
        let rows = format!("rows [{}, {}]", welcomed.upper, welcomed.upper + 1);
        let message = if (0..portals.len()).any(|p| fits(t, p)) {
            format!(
                "Traveller \"{name}\" ({rows}) has no completed portal of its own in its rows: each portal welcomes one Traveller (p.7)"
            )
        } else {
            format!(
                "Traveller \"{name}\" ({rows}) has no completed portal in its rows: a Traveller comes through a portal and lies at the end of the portal's row (p.7)"
            )
        };
        let span = spans.get(t).cloned().unwrap_or(0..0);
        r.warn(&span, message);
    }
}

/// Whether a Traveller may lie over rows `upper`, `upper + 1` of a World
/// whose rows are 0 to `last`: "overlapping the row above or below" the
/// portal's row (p.7), which may be outside the World unless `in_square`
/// (option `traveller_rows_in_square`).
fn traveller_rows_ok(upper: i64, last: i64, in_square: bool) -> bool {
    if in_square {
        (0..last).contains(&upper)
    } else {
        (-1..=last).contains(&upper)
    }
}

/// Warnings for a World that no game played by the rules could leave.
fn consistency(
    r: &mut Reader<'_>,
    w: &World,
    c: &Components,
    rows: &[Range<usize>],
    cities_span: Option<Range<usize>>,
) {
    let vis = w.visible();
    let name = |p: Pos| c.land(w.card_at(p)).name.as_str();
    let row_span = |p: Pos| rows[usize::from(p.y())].clone();
    let lakes = w.lake & vis;
    for p in cells(lakes) {
        for q in cells(spread(p.bit()) & lakes) {
            if q > p {
                r.warn(
                    &row_span(q),
                    format!(
                        "face-up lakes {} and {} touch; the later one flips (desolation, p.10)",
                        name(p),
                        name(q)
                    ),
                );
            }
        }
    }
    for y in 0..SIZE {
        let swamps = w.swamp & vis & row_mask(y);
        if swamps.count_ones() > 1 {
            let names: Vec<&str> = cells(swamps).map(name).collect();
            r.warn(
                &rows[usize::from(y)],
                format!(
                    "row {y} shows {} swamps ({}); only one swamp stays face up in a row (desolation, p.10)",
                    names.len(),
                    names.join(", ")
                ),
            );
        }
    }
    for p in cells(w.watcher & vis & !w.starting & !row_mask(0)) {
        r.warn(
            &row_span(p),
            format!(
                "watcher {} is face up below the top row; it flips (desolation, p.10)",
                name(p)
            ),
        );
    }
    let fumaroles = w.fumarole & w.occupied;
    for p in cells(fumaroles) {
        if spread(p.bit()) & w.volcano & w.occupied == 0 {
            r.warn(
                &row_span(p),
                format!(
                    "the Fumarole on {} has no Volcano next to it (p.8)",
                    name(p)
                ),
            );
        }
    }
    for p in cells(w.volcano & vis) {
        if spread(p.bit()) & fumaroles == 0 {
            r.warn(
                &row_span(p),
                format!(
                    "Volcano {} is face up with no Fumarole next to it; it covers a neighbour or flips (p.8)",
                    name(p)
                ),
            );
        }
    }
    let pairs = fumaroles.count_ones() / 2;
    if w.dark_cities().len() as u32 > pairs
        && let Some(span) = cities_span
    {
        r.warn(
            &span,
            format!(
                "{} Dark Cities but {} Fumaroles; each Dark City joins two Fumaroles (p.9)",
                w.dark_cities().len(),
                fumaroles.count_ones()
            ),
        );
    }
    let starting = (w.starting & w.occupied).count_ones();
    if starting != 1 && !rows.is_empty() {
        r.warn(
            &rows[0],
            format!("the World holds {starting} starting Lands; each World grows from one"),
        );
    }
    if u32::from(c.fumaroles) < fumaroles.count_ones() && c.fumaroles > 0 {
        r.warn(
            &rows[0],
            format!(
                "{} Fumaroles, but the box holds {}",
                fumaroles.count_ones(),
                c.fumaroles
            ),
        );
    }
}

/// A Traveller as the World file writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TravellerEntry {
    pub name: String,
    /// 0 = the World's top row; -1 and 4 are the rows above and below it.
    pub rows: [i8; 2],
    pub side: Side,
}

/// A finished World in the file's shape (also the `world` of `solo --json`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WorldShape {
    pub rows: Vec<Vec<String>>,
    pub dark_cities: Vec<u8>,
    pub travellers: Vec<TravellerEntry>,
}

impl WorldShape {
    /// The World's cards in file notation (`~` face down, `*` under a Fumarole;
    /// an empty cell is `""`).
    pub fn of(w: &World, c: &Components) -> WorldShape {
        let top = w.bounds().map_or(0, |b| b.1);
        let rows = (0..SIZE)
            .map(|r| {
                w.row(r)
                    .map(|cell| match cell {
                        None => String::new(),
                        Some((_, cell)) => {
                            let mut s = String::new();
                            if cell.fumarole {
                                s.push('*');
                            }
                            if !cell.face_up {
                                s.push('~');
                            }
                            s.push_str(&c.land(cell.card).name);
                            s
                        }
                    })
                    .collect()
            })
            .collect();
        WorldShape {
            rows,
            dark_cities: w.dark_cities().iter().map(|d| d.stars).collect(),
            travellers: w
                .travellers()
                .iter()
                .map(|t| {
                    let upper = t.upper - top as i8;
                    TravellerEntry {
                        name: c.travellers[usize::from(t.traveller)].name.clone(),
                        rows: [upper, upper + 1],
                        side: t.side,
                    }
                })
                .collect(),
        }
    }

    /// The World file text.
    pub fn to_toml(&self) -> String {
        let q = |s: &str| toml::Value::String(s.to_string()).to_string();
        let mut out = String::from(
            "# A finished Strange World: four rows, top to bottom.\n# \"~Name\" lies Tzimime side up; \"*Name\" is covered by a Fumarole.\nrows = [\n",
        );
        for row in &self.rows {
            let cells: Vec<String> = row.iter().map(|s| q(s)).collect();
            out.push_str(&format!("  [{}],\n", cells.join(", ")));
        }
        out.push_str("]\n");
        let cities: Vec<String> = self.dark_cities.iter().map(u8::to_string).collect();
        out.push_str(&format!("dark_cities = [{}]\n", cities.join(", ")));
        let ts: Vec<String> = self
            .travellers
            .iter()
            .map(|t| {
                format!(
                    "{{ name = {}, rows = [{}, {}], side = \"{}\" }}",
                    q(&t.name),
                    t.rows[0],
                    t.rows[1],
                    t.side.as_str()
                )
            })
            .collect();
        out.push_str(&format!("travellers = [{}]\n", ts.join(", ")));
        out
    }
}
