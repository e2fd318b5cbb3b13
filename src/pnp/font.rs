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
//! The font format itself is left to libraries: `ttf-parser` reads the tables
//! (cmap, metrics, `glyf` outlines; it is already in the tree through iced)
//! and typst's `subsetter` cuts a font down to the glyphs a document uses, so
//! the PDF embeds a few kilobytes per face instead of 0.7 MB. printpdf then
//! writes the PDF font objects around that subset (see [`super::pdf`]).
//!
//! Why this stays beside printpdf: built without its `text_layout` feature
//! (which compiles the azul layout engine, ~680,000 lines), printpdf can
//! neither subset a font nor give a glyph's outline, and the page preview
//! ([`super::raster`]) paints text from outlines. Measuring lives here too so
//! that the wrapping, the preview and the PDF agree on one glyph choice and
//! one set of advances. What is ours: which face, how text is measured (no
//! kerning: the PDF sets each string glyph by glyph with its `/W` advances,
//! and the preview must match it), which glyph a missing character falls back
//! to, and the old → new glyph numbering of the subset.

use std::collections::{BTreeSet, HashMap};
use std::sync::OnceLock;

use ttf_parser::cmap::Subtable;
use ttf_parser::{GlyphId, OutlineBuilder, name_id};

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

/// A font file that cannot be read or subset.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("malformed TrueType font: {0}")]
pub struct FontError(pub String);

/// One point of a glyph outline, in font units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pt {
    pub x: f64,
    pub y: f64,
}

/// A glyph outline segment, in font units (y up). TrueType outlines are made
/// of lines and quadratics; `Cubic` is there because ttf-parser's outline
/// interface has it (CFF outlines), so nothing it reports is dropped.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Seg {
    Move(Pt),
    Line(Pt),
    Quad(Pt, Pt),
    Cubic(Pt, Pt, Pt),
    Close,
}

/// A parsed TrueType font (`glyf` outlines).
#[derive(Debug)]
pub struct Font {
    data: &'static [u8],
    face: ttf_parser::Face<'static>,
    /// The Unicode subtables of `cmap`, read once: `Face::glyph_index`
    /// walks the table's directory on every call, which made measuring text
    /// three times slower.
    cmap: Vec<Subtable<'static>>,
    pub units_per_em: u16,
    /// Ascender and descender (descender negative), font units.
    pub ascent: i16,
    pub descent: i16,
    /// OS/2 cap height, font units (ascent × 0.7 when the table lacks it).
    pub cap_height: i16,
    /// The PostScript name (name ID 6), for the PDF `/BaseFont`.
    pub postscript_name: String,
    /// The advance, in em, of each ASCII character's glyph (fallback
    /// included), looked up once: measuring text is mostly this.
    ascii_em: [f64; 128],
}

/// A font cut down to the glyphs a document uses, renumbered from 0.
#[derive(Clone, Debug)]
pub struct Subset {
    /// A TrueType font program for `/FontFile2`. It has no `cmap`: the PDF
    /// addresses glyphs by id (`/CIDToGIDMap /Identity`) and maps them back
    /// to characters with its own `/ToUnicode`. Its `hmtx` holds the advances
    /// printpdf writes as `/W`.
    pub data: Vec<u8>,
    /// Original glyph id → glyph id in [`Subset::data`], for glyph 0 and every
    /// glyph drawn for a character of the subset. (Glyphs that composites are
    /// built from are in the font program too, numbered after these; text
    /// never addresses them.)
    pub map: HashMap<u16, u16>,
}

impl Font {
    /// Parses a TrueType font with `glyf` outlines and a Unicode `cmap`.
    ///
    /// Fonts with CFF outlines are refused although both libraries read
    /// them: the PDF writer embeds `/FontFile2` (TrueType) programs only.
    pub fn parse(data: &'static [u8]) -> Result<Font, FontError> {
        let face = ttf_parser::Face::parse(data, 0).map_err(|e| FontError(e.to_string()))?;
        let tables = face.tables();
        if tables.glyf.is_none() {
            return Err(FontError("not a TrueType (glyf) font".into()));
        }
        let cmap: Vec<Subtable<'static>> = tables
            .cmap
            .into_iter()
            .flat_map(|c| c.subtables)
            .filter(|s| s.is_unicode())
            .collect();
        if cmap.is_empty() {
            return Err(FontError("no Unicode cmap".into()));
        }
        let ascent = face.ascender();
        let postscript_name = face
            .names()
            .into_iter()
            .filter(|n| n.name_id == name_id::POST_SCRIPT_NAME)
            .find_map(|n| n.to_string())
            .unwrap_or_else(|| "DeckwrightFont".to_string());
        let mut font = Font {
            data,
            cmap,
            units_per_em: face.units_per_em(),
            ascent,
            descent: face.descender(),
            cap_height: face
                .capital_height()
                .unwrap_or((f64::from(ascent) * 0.7) as i16),
            postscript_name,
            face,
            ascii_em: [0.0; 128],
        };
        for c in 0..128u8 {
            font.ascii_em[usize::from(c)] = font.advance_em(font.glyph_or_fallback(char::from(c)));
        }
        Ok(font)
    }

    pub fn num_glyphs(&self) -> usize {
        usize::from(self.face.number_of_glyphs())
    }

    /// The glyph for a character, if the font has one.
    pub fn glyph(&self, ch: char) -> Option<u16> {
        // the first subtable that maps `ch`, as `ttf_parser::Face::glyph_index`
        let code = u32::from(ch);
        self.cmap
            .iter()
            .find_map(|s| s.glyph_index(code))
            .map(|g| g.0)
            .filter(|&g| g != 0)
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
        advance_em(&self.face, gid)
    }

    /// The advance of one character, in em ([`Font::width`] is the sum of
    /// these times the size: there is no kerning, so a text's width can be
    /// added up as it is read).
    pub fn char_em(&self, c: char) -> f64 {
        match self.ascii_em.get(c as usize) {
            Some(&em) => em,
            None => self.advance_em(self.glyph_or_fallback(c)),
        }
    }

    /// The narrowest advance of a printable ASCII character, in em: no
    /// line of ordinary text holds more characters than its width over this.
    pub fn narrowest_em(&self) -> f64 {
        self.ascii_em[0x20..0x7f]
            .iter()
            .copied()
            .filter(|&em| em > 0.0)
            .fold(f64::INFINITY, f64::min)
    }

    /// Width of `text` set at `size` (any unit: the result is in the same unit).
    pub fn width(&self, text: &str, size: f64) -> f64 {
        text.chars().map(|c| self.char_em(c)).sum::<f64>() * size
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

    /// A font program holding glyph 0 and the glyphs drawn for `chars` (plus
    /// the glyphs their composites are built from). The drawn glyphs are
    /// numbered 1, 2, … in ascending original order, so the numbering only
    /// depends on the set of characters.
    pub fn subset(&self, chars: &BTreeSet<char>) -> Result<Subset, FontError> {
        let drawn: BTreeSet<u16> = chars.iter().map(|&c| self.glyph_or_fallback(c)).collect();
        let mut remapper = subsetter::GlyphRemapper::new(); // .notdef is 0
        for &g in &drawn {
            remapper.remap(g);
        }
        let data = subsetter::subset(self.data, 0, &remapper)
            .map_err(|e| FontError(format!("cannot subset {}: {e}", self.postscript_name)))?;
        let map = remapper
            .remapped_gids()
            .zip(0u16..)
            .collect::<HashMap<u16, u16>>();
        Ok(Subset { data, map })
    }

    /// The outline of a glyph in font units (y up), composites flattened.
    pub fn outline(&self, gid: u16) -> Vec<Seg> {
        outline(&self.face, gid)
    }
}

fn advance_em(face: &ttf_parser::Face<'_>, gid: u16) -> f64 {
    let adv = face.glyph_hor_advance(GlyphId(gid)).unwrap_or(0);
    f64::from(adv) / f64::from(face.units_per_em())
}

fn outline(face: &ttf_parser::Face<'_>, gid: u16) -> Vec<Seg> {
    let mut out = Segs(Vec::new());
    match face.outline_glyph(GlyphId(gid), &mut out) {
        Some(_) => out.0,
        // No outline (a space) or a malformed one, which may have been cut
        // off halfway: it draws nothing rather than failing a preview.
        None => Vec::new(),
    }
}

/// Collects ttf-parser's outline callbacks.
struct Segs(Vec<Seg>);

fn pt(x: f32, y: f32) -> Pt {
    Pt {
        x: f64::from(x),
        y: f64::from(y),
    }
}

impl OutlineBuilder for Segs {
    fn move_to(&mut self, x: f32, y: f32) {
        self.0.push(Seg::Move(pt(x, y)));
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.0.push(Seg::Line(pt(x, y)));
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        self.0.push(Seg::Quad(pt(x1, y1), pt(x, y)));
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        self.0.push(Seg::Cubic(pt(x1, y1), pt(x2, y2), pt(x, y)));
    }
    fn close(&mut self) {
        self.0.push(Seg::Close);
    }
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
            assert!(f.ascent > 0 && f.descent < 0);
        }
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
        assert_eq!(
            f.glyph_or_fallback('\u{E000}'),
            f.glyph('\u{FFFD}').unwrap()
        );
    }

    #[test]
    fn subset_renumbers_and_keeps_metrics_and_outlines() {
        let f = Face::Regular.font();
        // "é" is a composite (e + acute) in DejaVu: its parts must come along.
        let chars: BTreeSet<char> = "Aé∞ ".chars().collect();
        let sub = f.subset(&chars).unwrap();
        assert!(sub.data.len() < 20_000, "{} bytes", sub.data.len());
        // .notdef first, then the drawn glyphs in ascending original order
        let mut drawn: Vec<u16> = chars.iter().map(|&c| f.glyph(c).unwrap()).collect();
        drawn.sort_unstable();
        assert_eq!(sub.map[&0], 0);
        for (i, g) in drawn.iter().enumerate() {
            assert_eq!(sub.map[g], i as u16 + 1);
        }
        assert_eq!(sub.map.len(), chars.len() + 1);
        let s = ttf_parser::Face::parse(&sub.data, 0).unwrap();
        // the composite's parts are in the program, after the drawn glyphs
        let n = usize::from(s.number_of_glyphs());
        assert!(n > sub.map.len(), "{n} glyphs: é's parts are missing");
        for ch in chars {
            let old = f.glyph(ch).unwrap();
            let new = sub.map[&old];
            // the advances printpdf writes as /W come from the subset's hmtx
            assert_eq!(advance_em(&s, new), f.advance_em(old), "{ch}");
            assert_eq!(outline(&s, new), f.outline(old), "{ch}");
        }
        assert!(!f.outline(f.glyph('é').unwrap()).is_empty());
    }

    #[test]
    fn subset_depends_only_on_the_characters() {
        let f = Face::Bold.font();
        let a = f.subset(&"Hi!".chars().collect()).unwrap();
        let b = f.subset(&"!iH".chars().collect()).unwrap();
        assert_eq!(a.data, b.data);
        assert_eq!(a.map, b.map);
    }

    #[test]
    fn subset_checksum_adjustment_is_valid() {
        let sub = Face::Bold.font().subset(&"Hi".chars().collect()).unwrap();
        // the whole file sums to 0xB1B0AFBA once head.checkSumAdjustment is set
        let sum = sub.data.chunks(4).fold(0u32, |sum, c| {
            let mut w = [0u8; 4];
            w[..c.len()].copy_from_slice(c);
            sum.wrapping_add(u32::from_be_bytes(w))
        });
        assert_eq!(sum, 0xB1B0_AFBA);
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

    #[test]
    fn a_font_without_a_cmap_is_refused() {
        // a subset has no cmap: it cannot map text to glyphs
        let sub = Face::Regular.font().subset(&"a".chars().collect()).unwrap();
        let e = Font::parse(leak(sub.data)).unwrap_err();
        assert!(e.to_string().contains("cmap"), "{e}");
    }
}
