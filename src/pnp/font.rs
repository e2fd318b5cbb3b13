//! The TrueType fonts of card faces and page headers: metrics for measuring
//! and wrapping text, subsets for embedding in the PDF, and glyph outlines for
//! the page preview.
//!
//! Deckwright ships DejaVu Sans Condensed (regular and bold,
//! `resources/fonts/`, licence beside them): condensed so that rules text fits
//! a 63 mm card, and wide Unicode coverage (accents, `∞`, `§`, `★`). The files
//! are compiled in, so exporting never depends on the fonts installed on the
//! user's machine.
//!
//! Why our own reader instead of a font crate: the only font code in our
//! dependency tree is behind printpdf's `text_layout` feature, which we do not
//! build, and without it printpdf embeds whole fonts (0.7 MB each), which would
//! break the PDF size budget. Reading `cmap`/`hmtx`/`glyf` and writing a
//! glyph subset is a few hundred lines of well-specified format code.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::OnceLock;

/// Which of the two bundled faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Face {
    Regular,
    Bold,
}

impl Face {
    pub const ALL: [Face; 2] = [Face::Regular, Face::Bold];

    /// The parsed bundled font of this face.
    pub fn font(self) -> &'static Font {
        static REGULAR: OnceLock<Font> = OnceLock::new();
        static BOLD: OnceLock<Font> = OnceLock::new();
        let (cell, data): (&OnceLock<Font>, &'static [u8]) = match self {
            Face::Regular => (
                &REGULAR,
                include_bytes!("../../resources/fonts/DejaVuSansCondensed.ttf"),
            ),
            Face::Bold => (
                &BOLD,
                include_bytes!("../../resources/fonts/DejaVuSansCondensed-Bold.ttf"),
            ),
        };
        // The fonts are compiled in and `bundled_fonts_parse` parses both, so a
        // failure here is a defect of the build, not of user input.
        cell.get_or_init(|| match Font::parse(data) {
            Ok(f) => f,
            Err(e) => panic!("bundled font {self:?} is invalid: {e}"),
        })
    }
}

/// A font file that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("malformed TrueType font: {0}")]
pub struct FontError(pub String);

fn err<T>(msg: impl Into<String>) -> Result<T, FontError> {
    Err(FontError(msg.into()))
}

/// Big-endian reads that fail instead of panicking on a short table.
struct Reader<'a> {
    data: &'a [u8],
}

impl<'a> Reader<'a> {
    fn bytes(&self, at: usize, n: usize) -> Result<&'a [u8], FontError> {
        at.checked_add(n)
            .and_then(|end| self.data.get(at..end))
            .map_or_else(|| err(format!("read past the end at {at}")), Ok)
    }
    fn u16(&self, at: usize) -> Result<u16, FontError> {
        let b = self.bytes(at, 2)?;
        Ok(u16::from_be_bytes([b[0], b[1]]))
    }
    fn i16(&self, at: usize) -> Result<i16, FontError> {
        Ok(self.u16(at)? as i16)
    }
    fn u32(&self, at: usize) -> Result<u32, FontError> {
        let b = self.bytes(at, 4)?;
        Ok(u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
    }
}

/// One point of a glyph outline, in font units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pt {
    pub x: f64,
    pub y: f64,
}

/// A glyph outline segment, in font units (y up).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Seg {
    Move(Pt),
    Line(Pt),
    Quad(Pt, Pt),
    Close,
}

/// A parsed TrueType font (`glyf` outlines).
#[derive(Debug)]
pub struct Font {
    data: &'static [u8],
    tables: BTreeMap<[u8; 4], (usize, usize)>,
    pub units_per_em: u16,
    /// hhea ascender and descender (descender negative), font units.
    pub ascent: i16,
    pub descent: i16,
    /// OS/2 cap height, font units (ascent × 0.7 when the table lacks it).
    pub cap_height: i16,
    /// head xMin, yMin, xMax, yMax.
    pub bbox: [i16; 4],
    /// OS/2 usWeightClass.
    pub weight: u16,
    /// The PostScript name (name ID 6), for the PDF `/BaseFont`.
    pub postscript_name: String,
    advances: Vec<u16>,
    lsbs: Vec<i16>,
    loca: Vec<u32>,
    cmap: HashMap<u32, u16>,
}

/// A font cut down to the glyphs a document uses, renumbered from 0.
#[derive(Clone, Debug)]
pub struct Subset {
    /// A complete TrueType font program (for `/FontFile2`).
    pub data: Vec<u8>,
    /// Original glyph id → glyph id in [`Subset::data`].
    pub map: HashMap<u16, u16>,
    /// Advance widths of the subset's glyphs, in 1/1000 em (PDF `/W`).
    pub widths: Vec<u16>,
}

const TAG_HEAD: [u8; 4] = *b"head";
const TAG_HHEA: [u8; 4] = *b"hhea";
const TAG_MAXP: [u8; 4] = *b"maxp";
const TAG_HMTX: [u8; 4] = *b"hmtx";
const TAG_LOCA: [u8; 4] = *b"loca";
const TAG_GLYF: [u8; 4] = *b"glyf";
const TAG_CMAP: [u8; 4] = *b"cmap";
const TAG_POST: [u8; 4] = *b"post";

/// Composite glyph flags (OpenType `glyf`).
const ARG_1_AND_2_ARE_WORDS: u16 = 0x0001;
const ARGS_ARE_XY_VALUES: u16 = 0x0002;
const WE_HAVE_A_SCALE: u16 = 0x0008;
const MORE_COMPONENTS: u16 = 0x0020;
const WE_HAVE_AN_X_AND_Y_SCALE: u16 = 0x0040;
const WE_HAVE_A_TWO_BY_TWO: u16 = 0x0080;

/// Composites nest only a few levels in real fonts; a deeper chain is a loop.
const MAX_COMPOSITE_DEPTH: usize = 8;

impl Font {
    /// Parses a TrueType font with `glyf` outlines.
    pub fn parse(data: &'static [u8]) -> Result<Font, FontError> {
        let r = Reader { data };
        let version = r.u32(0)?;
        if version != 0x0001_0000 && version != u32::from_be_bytes(*b"true") {
            return err("not a TrueType (glyf) font");
        }
        let num_tables = usize::from(r.u16(4)?);
        let mut tables = BTreeMap::new();
        for i in 0..num_tables {
            let rec = 12 + 16 * i;
            let tag: [u8; 4] = r.bytes(rec, 4)?.try_into().unwrap_or([0; 4]);
            let off = r.u32(rec + 8)? as usize;
            let len = r.u32(rec + 12)? as usize;
            r.bytes(off, len)?;
            tables.insert(tag, (off, len));
        }
        let table = |tag: [u8; 4]| -> Result<usize, FontError> {
            tables
                .get(&tag)
                .map(|&(o, _)| o)
                .ok_or_else(|| FontError(format!("no `{}` table", String::from_utf8_lossy(&tag))))
        };
        let head = table(TAG_HEAD)?;
        let units_per_em = r.u16(head + 18)?;
        let bbox = [
            r.i16(head + 36)?,
            r.i16(head + 38)?,
            r.i16(head + 40)?,
            r.i16(head + 42)?,
        ];
        let long_loca = r.i16(head + 50)? == 1;
        let hhea = table(TAG_HHEA)?;
        let ascent = r.i16(hhea + 4)?;
        let descent = r.i16(hhea + 6)?;
        let num_hmetrics = usize::from(r.u16(hhea + 34)?);
        let num_glyphs = usize::from(r.u16(table(TAG_MAXP)? + 4)?);
        if num_hmetrics == 0 || num_hmetrics > num_glyphs {
            return err("bad numberOfHMetrics");
        }
        let hmtx = table(TAG_HMTX)?;
        let mut advances = Vec::with_capacity(num_glyphs);
        let mut lsbs = Vec::with_capacity(num_glyphs);
        for g in 0..num_glyphs {
            if g < num_hmetrics {
                advances.push(r.u16(hmtx + 4 * g)?);
                lsbs.push(r.i16(hmtx + 4 * g + 2)?);
            } else {
                advances.push(advances[num_hmetrics - 1]);
                lsbs.push(r.i16(hmtx + 4 * num_hmetrics + 2 * (g - num_hmetrics))?);
            }
        }
        let loca_at = table(TAG_LOCA)?;
        let (_, glyf_len) = tables[&TAG_GLYF];
        let mut loca = Vec::with_capacity(num_glyphs + 1);
        for g in 0..=num_glyphs {
            let off = if long_loca {
                r.u32(loca_at + 4 * g)?
            } else {
                u32::from(r.u16(loca_at + 2 * g)?) * 2
            };
            loca.push(off);
        }
        if loca.windows(2).any(|w| w[0] > w[1]) || loca[num_glyphs] as usize > glyf_len {
            return err("bad loca table");
        }
        let (cap_height, weight) = match tables.get(b"OS/2") {
            Some(&(os2, len)) => {
                let weight = r.u16(os2 + 4)?;
                // sCapHeight exists from OS/2 version 2 on (table length >= 96).
                let cap = if r.u16(os2)? >= 2 && len >= 90 {
                    r.i16(os2 + 88)?
                } else {
                    (f64::from(ascent) * 0.7) as i16
                };
                (cap, weight)
            }
            None => ((f64::from(ascent) * 0.7) as i16, 400),
        };
        let cmap = parse_cmap(&r, table(TAG_CMAP)?)?;
        let postscript_name = tables
            .get(b"name")
            .and_then(|&(o, _)| postscript_name(&r, o))
            .unwrap_or_else(|| "DeckwrightFont".to_string());
        Ok(Font {
            data,
            tables,
            units_per_em,
            ascent,
            descent,
            cap_height,
            bbox,
            weight,
            postscript_name,
            advances,
            lsbs,
            loca,
            cmap,
        })
    }

    pub fn num_glyphs(&self) -> usize {
        self.advances.len()
    }

    /// The glyph for a character, if the font has one.
    pub fn glyph(&self, ch: char) -> Option<u16> {
        self.cmap.get(&u32::from(ch)).copied().filter(|&g| g != 0)
    }

    /// The glyph drawn for `ch`: its own, else the replacement character, else `?`.
    pub fn glyph_or_fallback(&self, ch: char) -> u16 {
        self.glyph(ch)
            .or_else(|| self.glyph('\u{FFFD}'))
            .or_else(|| self.glyph('?'))
            .unwrap_or(0)
    }

    /// Advance width of a glyph in em.
    pub fn advance_em(&self, gid: u16) -> f64 {
        let adv = self.advances.get(usize::from(gid)).copied().unwrap_or(0);
        f64::from(adv) / f64::from(self.units_per_em)
    }

    /// Width of `text` set at `size` (any unit: the result is in the same unit).
    pub fn width(&self, text: &str, size: f64) -> f64 {
        text.chars()
            .map(|c| self.advance_em(self.glyph_or_fallback(c)))
            .sum::<f64>()
            * size
    }

    /// Ascent, descent (negative) and cap height in em.
    pub fn ascent_em(&self) -> f64 {
        f64::from(self.ascent) / f64::from(self.units_per_em)
    }
    pub fn descent_em(&self) -> f64 {
        f64::from(self.descent) / f64::from(self.units_per_em)
    }
    pub fn cap_height_em(&self) -> f64 {
        f64::from(self.cap_height) / f64::from(self.units_per_em)
    }

    fn table(&self, tag: [u8; 4]) -> Option<&'static [u8]> {
        self.tables
            .get(&tag)
            .and_then(|&(o, l)| self.data.get(o..o + l))
    }

    fn glyph_data(&self, gid: u16) -> &'static [u8] {
        let g = usize::from(gid);
        let (Some(&start), Some(&end)) = (self.loca.get(g), self.loca.get(g + 1)) else {
            return &[];
        };
        self.table(TAG_GLYF)
            .and_then(|glyf| glyf.get(start as usize..end as usize))
            .unwrap_or(&[])
    }

    /// The glyph ids a composite glyph refers to, with the byte offset of each
    /// reference inside the glyph's data.
    fn components(data: &[u8]) -> Result<Vec<(usize, u16)>, FontError> {
        let r = Reader { data };
        let mut out = Vec::new();
        if data.len() < 10 || r.i16(0)? >= 0 {
            return Ok(out);
        }
        let mut at = 10;
        loop {
            let flags = r.u16(at)?;
            out.push((at + 2, r.u16(at + 2)?));
            at += 4;
            at += if flags & ARG_1_AND_2_ARE_WORDS != 0 {
                4
            } else {
                2
            };
            if flags & WE_HAVE_A_SCALE != 0 {
                at += 2;
            } else if flags & WE_HAVE_AN_X_AND_Y_SCALE != 0 {
                at += 4;
            } else if flags & WE_HAVE_A_TWO_BY_TWO != 0 {
                at += 8;
            }
            if flags & MORE_COMPONENTS == 0 {
                return Ok(out);
            }
        }
    }

    /// A font program holding glyph 0 and the glyphs drawn for `chars` (plus
    /// the glyphs their composites are built from), renumbered in ascending
    /// original order, with a `cmap` for those characters.
    pub fn subset(&self, chars: &BTreeSet<char>) -> Result<Subset, FontError> {
        let mut keep: BTreeSet<u16> = BTreeSet::new();
        let mut stack: Vec<u16> = std::iter::once(0)
            .chain(chars.iter().map(|&c| self.glyph_or_fallback(c)))
            .collect();
        while let Some(g) = stack.pop() {
            if usize::from(g) >= self.num_glyphs() || !keep.insert(g) {
                continue;
            }
            for (_, c) in Self::components(self.glyph_data(g))? {
                stack.push(c);
            }
        }
        let order: Vec<u16> = keep.into_iter().collect();
        let map: HashMap<u16, u16> = order
            .iter()
            .enumerate()
            .map(|(new, &old)| (old, new as u16))
            .collect();
        let n = order.len();

        let mut glyf = Vec::new();
        let mut loca = Vec::with_capacity(4 * (n + 1));
        let mut hmtx = Vec::with_capacity(4 * n);
        for &old in &order {
            loca.extend_from_slice(&(glyf.len() as u32).to_be_bytes());
            let mut g = self.glyph_data(old).to_vec();
            for (at, c) in Self::components(&g)? {
                let new = map.get(&c).copied().unwrap_or(0);
                g[at..at + 2].copy_from_slice(&new.to_be_bytes());
            }
            glyf.extend_from_slice(&g);
            while glyf.len() % 4 != 0 {
                glyf.push(0);
            }
            hmtx.extend_from_slice(&self.advances[usize::from(old)].to_be_bytes());
            hmtx.extend_from_slice(&self.lsbs[usize::from(old)].to_be_bytes());
        }
        loca.extend_from_slice(&(glyf.len() as u32).to_be_bytes());

        let mut head = self.table(TAG_HEAD).unwrap_or(&[]).to_vec();
        let mut hhea = self.table(TAG_HHEA).unwrap_or(&[]).to_vec();
        let mut maxp = self.table(TAG_MAXP).unwrap_or(&[]).to_vec();
        if head.len() < 54 || hhea.len() < 36 || maxp.len() < 6 {
            return err("short head, hhea or maxp table");
        }
        head[8..12].copy_from_slice(&[0; 4]); // checkSumAdjustment, set below
        head[50..52].copy_from_slice(&1i16.to_be_bytes()); // long loca
        hhea[34..36].copy_from_slice(&(n as u16).to_be_bytes());
        maxp[4..6].copy_from_slice(&(n as u16).to_be_bytes());
        // post format 3: no glyph names (they would refer to the old numbering).
        let mut post = self.table(TAG_POST).unwrap_or(&[]).to_vec();
        post.truncate(32);
        post.resize(32, 0);
        post[0..4].copy_from_slice(&0x0003_0000u32.to_be_bytes());

        let mut out_tables: BTreeMap<[u8; 4], Vec<u8>> = BTreeMap::new();
        out_tables.insert(TAG_HEAD, head);
        out_tables.insert(TAG_HHEA, hhea);
        out_tables.insert(TAG_MAXP, maxp);
        out_tables.insert(TAG_HMTX, hmtx);
        out_tables.insert(TAG_LOCA, loca);
        out_tables.insert(TAG_GLYF, glyf);
        out_tables.insert(TAG_POST, post);
        let cmap_pairs: Vec<(u16, u16)> = chars
            .iter()
            .filter_map(|&c| {
                let code = u16::try_from(u32::from(c)).ok()?;
                let g = self.glyph(c)?;
                Some((code, map[&g]))
            })
            .collect();
        out_tables.insert(TAG_CMAP, cmap_format4(&cmap_pairs));
        // Hinting programs and the tables viewers read for metrics and naming.
        for tag in [*b"cvt ", *b"fpgm", *b"prep", *b"OS/2", *b"name", *b"gasp"] {
            if let Some(t) = self.table(tag) {
                out_tables.insert(tag, t.to_vec());
            }
        }
        let data = write_sfnt(&out_tables);
        let widths = order
            .iter()
            .map(|&g| (self.advance_em(g) * 1000.0).round() as u16)
            .collect();
        Ok(Subset { data, map, widths })
    }

    /// The outline of a glyph in font units (y up), composites flattened.
    pub fn outline(&self, gid: u16) -> Vec<Seg> {
        let mut out = Vec::new();
        // A malformed glyph draws nothing rather than failing a preview.
        let _ = self.outline_into(gid, [1.0, 0.0, 0.0, 1.0, 0.0, 0.0], 0, &mut out);
        out
    }

    fn outline_into(
        &self,
        gid: u16,
        m: [f64; 6],
        depth: usize,
        out: &mut Vec<Seg>,
    ) -> Result<(), FontError> {
        if depth > MAX_COMPOSITE_DEPTH {
            return err("composite glyphs nest too deep");
        }
        let data = self.glyph_data(gid);
        if data.len() < 10 {
            return Ok(());
        }
        let r = Reader { data };
        let contours = r.i16(0)?;
        if contours < 0 {
            return self.composite_outline(data, m, depth, out);
        }
        let contours = contours as usize;
        let mut ends = Vec::with_capacity(contours);
        for i in 0..contours {
            ends.push(usize::from(r.u16(10 + 2 * i)?));
        }
        let n_points = ends.last().map_or(0, |&e| e + 1);
        let mut at = 10 + 2 * contours;
        let ins_len = usize::from(r.u16(at)?);
        at += 2 + ins_len;
        let mut flags = Vec::with_capacity(n_points);
        while flags.len() < n_points {
            let f = *r.bytes(at, 1)?.first().unwrap_or(&0);
            at += 1;
            flags.push(f);
            if f & 0x08 != 0 {
                let repeat = *r.bytes(at, 1)?.first().unwrap_or(&0);
                at += 1;
                for _ in 0..repeat {
                    flags.push(f);
                }
            }
        }
        flags.truncate(n_points);
        let mut xs = Vec::with_capacity(n_points);
        let mut v = 0i32;
        for &f in &flags {
            if f & 0x02 != 0 {
                let d = i32::from(*r.bytes(at, 1)?.first().unwrap_or(&0));
                at += 1;
                v += if f & 0x10 != 0 { d } else { -d };
            } else if f & 0x10 == 0 {
                v += i32::from(r.i16(at)?);
                at += 2;
            }
            xs.push(v);
        }
        let mut ys = Vec::with_capacity(n_points);
        v = 0;
        for &f in &flags {
            if f & 0x04 != 0 {
                let d = i32::from(*r.bytes(at, 1)?.first().unwrap_or(&0));
                at += 1;
                v += if f & 0x20 != 0 { d } else { -d };
            } else if f & 0x20 == 0 {
                v += i32::from(r.i16(at)?);
                at += 2;
            }
            ys.push(v);
        }
        let tp = |i: usize| {
            let (x, y) = (f64::from(xs[i]), f64::from(ys[i]));
            Pt {
                x: m[0] * x + m[2] * y + m[4],
                y: m[1] * x + m[3] * y + m[5],
            }
        };
        let mid = |a: Pt, b: Pt| Pt {
            x: (a.x + b.x) / 2.0,
            y: (a.y + b.y) / 2.0,
        };
        let mut start = 0;
        for &end in &ends {
            if end < start || end >= n_points {
                return err("bad contour end");
            }
            let pts: Vec<(Pt, bool)> = (start..=end)
                .map(|i| (tp(i), flags[i] & 0x01 != 0))
                .collect();
            start = end + 1;
            let len = pts.len();
            // Begin at an on-curve point (or the midpoint of two off-curve ones).
            let first_on = pts.iter().position(|p| p.1);
            let (origin, rot) = match first_on {
                Some(i) => (pts[i].0, i),
                None => (mid(pts[len - 1].0, pts[0].0), 0),
            };
            out.push(Seg::Move(origin));
            let mut ctrl: Option<Pt> = None;
            for k in 1..=len {
                let (p, on) = pts[(rot + k) % len];
                let at_end = k == len;
                let target = if at_end && first_on.is_some() {
                    origin
                } else {
                    p
                };
                match (on || (at_end && first_on.is_some()), ctrl) {
                    (true, None) => out.push(Seg::Line(target)),
                    (true, Some(c)) => {
                        out.push(Seg::Quad(c, target));
                        ctrl = None;
                    }
                    (false, None) => ctrl = Some(p),
                    (false, Some(c)) => {
                        out.push(Seg::Quad(c, mid(c, p)));
                        ctrl = Some(p);
                    }
                }
            }
            if let Some(c) = ctrl {
                out.push(Seg::Quad(c, origin));
            }
            out.push(Seg::Close);
        }
        Ok(())
    }

    fn composite_outline(
        &self,
        data: &[u8],
        m: [f64; 6],
        depth: usize,
        out: &mut Vec<Seg>,
    ) -> Result<(), FontError> {
        let r = Reader { data };
        let f2dot14 = |v: i16| f64::from(v) / 16384.0;
        let mut at = 10;
        loop {
            let flags = r.u16(at)?;
            let gid = r.u16(at + 2)?;
            at += 4;
            let (dx, dy) = if flags & ARG_1_AND_2_ARE_WORDS != 0 {
                let v = (f64::from(r.i16(at)?), f64::from(r.i16(at + 2)?));
                at += 4;
                v
            } else {
                let b = r.bytes(at, 2)?;
                at += 2;
                (f64::from(b[0] as i8), f64::from(b[1] as i8))
            };
            // Point-matched placement (args are point numbers) is rare in
            // Latin fonts; it falls back to no offset.
            let (dx, dy) = if flags & ARGS_ARE_XY_VALUES != 0 {
                (dx, dy)
            } else {
                (0.0, 0.0)
            };
            let (a, b, c, d) = if flags & WE_HAVE_A_SCALE != 0 {
                let s = f2dot14(r.i16(at)?);
                at += 2;
                (s, 0.0, 0.0, s)
            } else if flags & WE_HAVE_AN_X_AND_Y_SCALE != 0 {
                let v = (f2dot14(r.i16(at)?), 0.0, 0.0, f2dot14(r.i16(at + 2)?));
                at += 4;
                v
            } else if flags & WE_HAVE_A_TWO_BY_TWO != 0 {
                let v = (
                    f2dot14(r.i16(at)?),
                    f2dot14(r.i16(at + 2)?),
                    f2dot14(r.i16(at + 4)?),
                    f2dot14(r.i16(at + 6)?),
                );
                at += 8;
                v
            } else {
                (1.0, 0.0, 0.0, 1.0)
            };
            // component matrix, then the parent's
            let cm = [
                m[0] * a + m[2] * b,
                m[1] * a + m[3] * b,
                m[0] * c + m[2] * d,
                m[1] * c + m[3] * d,
                m[0] * dx + m[2] * dy + m[4],
                m[1] * dx + m[3] * dy + m[5],
            ];
            self.outline_into(gid, cm, depth + 1, out)?;
            if flags & MORE_COMPONENTS == 0 {
                return Ok(());
            }
        }
    }
}

fn parse_cmap(r: &Reader<'_>, cmap: usize) -> Result<HashMap<u32, u16>, FontError> {
    let n = usize::from(r.u16(cmap + 2)?);
    let mut best: Option<(u8, usize)> = None;
    for i in 0..n {
        let rec = cmap + 4 + 8 * i;
        let platform = r.u16(rec)?;
        let encoding = r.u16(rec + 2)?;
        let off = cmap + r.u32(rec + 4)? as usize;
        let format = r.u16(off)?;
        // Prefer the full-Unicode format 12 table, then the BMP format 4 one.
        let rank = match (platform, encoding, format) {
            (3, 10, 12) | (0, 4, 12) | (0, 6, 12) => 2,
            (3, 1, 4) | (0, _, 4) => 1,
            _ => 0,
        };
        if rank > 0 && best.is_none_or(|(b, _)| rank > b) {
            best = Some((rank, off));
        }
    }
    let Some((_, off)) = best else {
        return err("no Unicode cmap");
    };
    let mut map = HashMap::new();
    match r.u16(off)? {
        4 => {
            let segs = usize::from(r.u16(off + 6)?) / 2;
            let ends = off + 14;
            let starts = ends + 2 * segs + 2;
            let deltas = starts + 2 * segs;
            let ranges = deltas + 2 * segs;
            for s in 0..segs {
                let end = r.u16(ends + 2 * s)?;
                let start = r.u16(starts + 2 * s)?;
                let delta = r.u16(deltas + 2 * s)?;
                let range_off = usize::from(r.u16(ranges + 2 * s)?);
                if start > end {
                    continue;
                }
                for c in start..=end {
                    if c == 0xFFFF {
                        break;
                    }
                    let g = if range_off == 0 {
                        c.wrapping_add(delta)
                    } else {
                        let at = ranges + 2 * s + range_off + 2 * usize::from(c - start);
                        match r.u16(at)? {
                            0 => 0,
                            g => g.wrapping_add(delta),
                        }
                    };
                    if g != 0 {
                        map.insert(u32::from(c), g);
                    }
                }
            }
        }
        12 => {
            let groups = r.u32(off + 12)? as usize;
            for i in 0..groups {
                let g = off + 16 + 12 * i;
                let (start, end, first) = (r.u32(g)?, r.u32(g + 4)?, r.u32(g + 8)?);
                if end < start || end - start > 0x10_FFFF {
                    return err("bad cmap group");
                }
                for c in start..=end {
                    let gid = first + (c - start);
                    if let Ok(gid) = u16::try_from(gid) {
                        map.insert(c, gid);
                    }
                }
            }
        }
        f => return err(format!("unsupported cmap format {f}")),
    }
    Ok(map)
}

/// Name ID 6 from a Windows-platform record.
fn postscript_name(r: &Reader<'_>, name: usize) -> Option<String> {
    let count = usize::from(r.u16(name + 2).ok()?);
    let strings = name + usize::from(r.u16(name + 4).ok()?);
    for i in 0..count {
        let rec = name + 6 + 12 * i;
        let (platform, id) = (r.u16(rec).ok()?, r.u16(rec + 6).ok()?);
        if platform == 3 && id == 6 {
            let len = usize::from(r.u16(rec + 8).ok()?);
            let off = usize::from(r.u16(rec + 10).ok()?);
            let b = r.bytes(strings + off, len).ok()?;
            let units: Vec<u16> = b
                .chunks_exact(2)
                .map(|c| u16::from_be_bytes([c[0], c[1]]))
                .collect();
            return String::from_utf16(&units).ok();
        }
    }
    None
}

/// A `cmap` table with one Windows Unicode BMP (3, 1) format 4 subtable
/// mapping `pairs` (code, glyph; sorted by code, codes below 0xFFFF).
fn cmap_format4(pairs: &[(u16, u16)]) -> Vec<u8> {
    // Runs of consecutive codes with consecutive glyphs share one segment.
    let mut segs: Vec<(u16, u16, u16)> = Vec::new(); // start, end, delta
    for &(code, gid) in pairs {
        if code == 0xFFFF {
            continue;
        }
        let delta = gid.wrapping_sub(code);
        match segs.last_mut() {
            Some((_, end, d)) if *end + 1 == code && *d == delta => *end = code,
            _ => segs.push((code, code, delta)),
        }
    }
    segs.push((0xFFFF, 0xFFFF, 1));
    let n = segs.len() as u16;
    let mut pow = 1u16;
    let mut log = 0u16;
    while pow * 2 <= n {
        pow *= 2;
        log += 1;
    }
    let mut sub = Vec::new();
    let len = 16 + 8 * usize::from(n);
    for v in [4u16, len as u16, 0, n * 2, pow * 2, log, n * 2 - pow * 2] {
        sub.extend_from_slice(&v.to_be_bytes());
    }
    for s in &segs {
        sub.extend_from_slice(&s.1.to_be_bytes());
    }
    sub.extend_from_slice(&0u16.to_be_bytes());
    for s in &segs {
        sub.extend_from_slice(&s.0.to_be_bytes());
    }
    for s in &segs {
        sub.extend_from_slice(&s.2.to_be_bytes());
    }
    for _ in &segs {
        sub.extend_from_slice(&0u16.to_be_bytes());
    }
    let mut out = Vec::with_capacity(12 + sub.len());
    for v in [0u16, 1, 3, 1] {
        out.extend_from_slice(&v.to_be_bytes());
    }
    out.extend_from_slice(&12u32.to_be_bytes());
    out.extend_from_slice(&sub);
    out
}

fn checksum(data: &[u8]) -> u32 {
    data.chunks(4).fold(0u32, |sum, c| {
        let mut w = [0u8; 4];
        w[..c.len()].copy_from_slice(c);
        sum.wrapping_add(u32::from_be_bytes(w))
    })
}

/// Assembles an sfnt file (tables sorted by tag, 4-byte aligned, with
/// checksums and head.checkSumAdjustment).
fn write_sfnt(tables: &BTreeMap<[u8; 4], Vec<u8>>) -> Vec<u8> {
    let n = tables.len() as u16;
    let mut pow = 1u16;
    let mut log = 0u16;
    while pow * 2 <= n {
        pow *= 2;
        log += 1;
    }
    let mut out = Vec::new();
    out.extend_from_slice(&0x0001_0000u32.to_be_bytes());
    out.extend_from_slice(&n.to_be_bytes());
    out.extend_from_slice(&(pow * 16).to_be_bytes());
    out.extend_from_slice(&log.to_be_bytes());
    out.extend_from_slice(&(n * 16 - pow * 16).to_be_bytes());
    let mut offset = 12 + 16 * usize::from(n);
    let mut head_at = None;
    for (tag, data) in tables {
        out.extend_from_slice(tag);
        out.extend_from_slice(&checksum(data).to_be_bytes());
        out.extend_from_slice(&(offset as u32).to_be_bytes());
        out.extend_from_slice(&(data.len() as u32).to_be_bytes());
        if *tag == TAG_HEAD {
            head_at = Some(offset);
        }
        offset += data.len().div_ceil(4) * 4;
    }
    for data in tables.values() {
        out.extend_from_slice(data);
        while out.len() % 4 != 0 {
            out.push(0);
        }
    }
    if let Some(h) = head_at {
        let adjust = 0xB1B0_AFBAu32.wrapping_sub(checksum(&out));
        out[h + 8..h + 12].copy_from_slice(&adjust.to_be_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn leak(v: Vec<u8>) -> &'static [u8] {
        Box::leak(v.into_boxed_slice())
    }

    #[test]
    fn bundled_fonts_parse() {
        for face in Face::ALL {
            let f = face.font();
            assert_eq!(f.units_per_em, 2048);
            assert!(f.num_glyphs() > 3000);
            assert!(f.postscript_name.starts_with("DejaVuSansCondensed"));
            for ch in ['A', 'z', 'é', '∞', '§', '·', '★', '—'] {
                assert!(f.glyph(ch).is_some(), "{face:?} lacks {ch}");
            }
            assert!(f.cap_height_em() > 0.6 && f.cap_height_em() < 0.8);
        }
        assert!(Face::Bold.font().weight > Face::Regular.font().weight);
    }

    #[test]
    fn widths_add_up_and_bold_is_wider() {
        let f = Face::Regular.font();
        let w = f.width("Ember Cub", 10.0);
        let parts = f.width("Ember", 10.0) + f.width(" Cub", 10.0);
        assert!((w - parts).abs() < 1e-9);
        assert!(Face::Bold.font().width("Ember Cub", 10.0) > w);
        // a missing character is measured as its fallback glyph, not as nothing
        assert!(f.width("\u{E000}", 10.0) > 0.0);
    }

    #[test]
    fn subset_renumbers_and_keeps_metrics_and_outlines() {
        let f = Face::Regular.font();
        // "é" is a composite (e + acute) in DejaVu: its parts must come along.
        let chars: BTreeSet<char> = "Aé∞ ".chars().collect();
        let sub = f.subset(&chars).unwrap();
        assert!(sub.data.len() < 20_000, "{} bytes", sub.data.len());
        assert_eq!(sub.map[&0], 0);
        let e_acute = f.glyph('é').unwrap();
        let parts = Font::components(f.glyph_data(e_acute)).unwrap();
        assert!(
            !parts.is_empty(),
            "é is expected to be a composite in DejaVu"
        );
        for (_, part) in &parts {
            assert!(sub.map.contains_key(part), "component {part} kept");
        }
        let s = Font::parse(leak(sub.data.clone())).unwrap();
        assert_eq!(s.num_glyphs(), sub.map.len());
        assert_eq!(sub.widths.len(), sub.map.len());
        for ch in chars {
            let old = f.glyph(ch).unwrap();
            let new = s.glyph(ch).unwrap();
            assert_eq!(sub.map[&old], new, "{ch}");
            assert_eq!(s.advance_em(new), f.advance_em(old));
            assert_eq!(s.outline(new), f.outline(old), "{ch}");
        }
        assert!(!s.outline(s.glyph('é').unwrap()).is_empty());
    }

    #[test]
    fn subset_checksum_adjustment_is_valid() {
        let sub = Face::Bold.font().subset(&"Hi".chars().collect()).unwrap();
        // the whole file sums to 0xB1B0AFBA once head.checkSumAdjustment is set
        assert_eq!(checksum(&sub.data), 0xB1B0_AFBA);
    }

    #[test]
    fn outlines_are_closed_contours() {
        let f = Face::Regular.font();
        let o = f.outline(f.glyph('O').unwrap());
        assert_eq!(o.iter().filter(|s| matches!(s, Seg::Move(_))).count(), 2);
        assert_eq!(o.iter().filter(|s| matches!(s, Seg::Close)).count(), 2);
        assert!(f.outline(f.glyph(' ').unwrap()).is_empty());
    }

    #[test]
    fn truncated_font_is_an_error_not_a_panic() {
        let data = include_bytes!("../../resources/fonts/DejaVuSansCondensed.ttf");
        for cut in [0, 11, 100, 5000] {
            assert!(
                Font::parse(leak(data[..cut].to_vec())).is_err(),
                "cut {cut}"
            );
        }
    }
}
