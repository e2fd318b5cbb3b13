//! Registration marks for print-and-cut machines, and the layout rule that
//! keeps cards off them (issue 26).
//!
//! A cutting machine's optical sensor looks for printed marks at known
//! places near the page corners, and from them lines the cut file up with
//! the print. Anything printed on or next to a mark can fool the sensor, so
//! each mark has a keep-out zone, and the cutter only cuts inside the
//! rectangle the marks enclose. [`Marks::fit`] lays out as many cards as fit
//! inside that rectangle and clear of every keep-out zone, which on the usual
//! papers is fewer than nine (the export says so).
//!
//! All lengths in mm, origin at the page's bottom-left, y up (as [`super::draw`]).
//!
//! # Silhouette (Cameo, Portrait, Curio): Silhouette Studio "Type 1" marks
//!
//! - a **filled 5 mm square** at the top-left corner, two **L-shaped marks**
//!   at the top-right and bottom-left corners, arms along the page edges;
//! - **inset 10 mm**: the marks' outer strokes run along lines 10 mm from the
//!   paper edges (Silhouette Studio will not set a smaller inset: see
//!   silhouette-card-maker's "Borderless templates" page). Measured on
//!   silhouette-card-maker's `assets/a4_registration.pdf` and
//!   `letter_registration.pdf` (rendered at 254 ppi): the square covers
//!   9.5–15.6 mm from the top and left edges and the L marks start 9.5 mm
//!   from the edges — a 1 mm stroke centred on the 10 mm line, around a
//!   5 mm square. We draw the same, with Silhouette Studio's default
//!   thickness of 0.5 mm;
//! - **arm length** at most 20 mm (Studio's default) and at least 5 mm:
//!   shortened where the cards come close, as silhouette-card-maker's
//!   `layouts.json` does per layout (8.04 mm for standard cards on letter).
//!   The length used is printed in the page footer and in the export report:
//!   it is what to enter in Studio's Registration Marks panel;
//! - **keep-out**: the square from the page corner to 1 mm past each mark's
//!   far end (silhouette-card-maker's cards clear the marks by about 1.3 mm);
//!   the cut area is inside the marks' lines, 1 mm clear of their strokes.
//!   The same marks serve a landscape page (square top-left, L marks
//!   top-right and bottom-left, as silhouette-card-maker's SPECIFICATION.md
//!   lists them clockwise).
//!
//! # Cricut (Explore, Maker, Joy Xtra): Design Space "Print Then Cut"
//!
//! - Print Then Cut takes an image of at most **6.75 × 9.25 in
//!   (171.45 × 234.95 mm)** on letter and A4 (Cricut's Print Then Cut FAQ);
//!   the cards, bleed included, stay inside that area, centred on the page;
//! - Design Space prints a **black frame** around it, with a **filled
//!   square** at its top-left corner, and needs about 14 mm of paper clear on
//!   every side (MTGProxyPrinter's users measured "a 14 mm margin on all
//!   sides"). We draw a 1 mm frame 6 mm outside the area and a 5 mm square
//!   in the frame's top-left corner, so a Deckwright page can be checked
//!   against a Design Space print. **Design Space draws its own marks** when
//!   it prints: what matters is that the cards sit in the area it cuts
//!   (`--cut-file` gives the cut lines to upload with the page).

use super::draw::{Op, Path, Rect, Rgb, p};
use super::options::CutMarks;

/// Silhouette Studio's smallest (and silhouette-card-maker's) inset.
pub const SILHOUETTE_INSET: f64 = 10.0;
/// Silhouette Studio's default mark thickness.
pub const SILHOUETTE_THICKNESS: f64 = 0.5;
/// The side of the top-left square.
pub const SILHOUETTE_SQUARE: f64 = 5.0;
/// Silhouette Studio's default arm length: used when nothing is near.
pub const SILHOUETTE_MAX_ARM: f64 = 20.0;
/// Shorter arms are too small for the sensor to find reliably.
pub const SILHOUETTE_MIN_ARM: f64 = 5.0;
/// Space kept clear around the marks.
pub const CLEARANCE: f64 = 1.0;

/// Cricut Print Then Cut's largest image: 6.75 × 9.25 in.
pub const CRICUT_AREA: (f64, f64) = (6.75 * 25.4, 9.25 * 25.4);
/// How far outside the image area the frame's centre line runs.
pub const CRICUT_FRAME_OFFSET: f64 = 6.0;
/// The frame's line width.
pub const CRICUT_FRAME_WIDTH: f64 = 1.0;
/// The side of the square in the frame's top-left corner.
pub const CRICUT_SQUARE: f64 = 5.0;

const INK: Rgb = Rgb(0, 0, 0);

/// One page's machine marks, placed.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Marks {
    pub kind: CutMarks,
    pub page_w: f64,
    pub page_h: f64,
    /// Silhouette: the L marks' arm length (what to enter in Studio).
    pub arm: f64,
    /// Where cards (with their bleed) may go.
    pub cut_area: Rect,
}

impl Marks {
    /// The rectangle cards may fill on a `page_w` × `page_h` page, before
    /// the corner keep-outs (which depend on the arm length).
    pub fn cut_area(kind: CutMarks, page_w: f64, page_h: f64) -> Option<Rect> {
        match kind {
            CutMarks::None => None,
            CutMarks::Silhouette => {
                let m = SILHOUETTE_INSET + SILHOUETTE_THICKNESS / 2.0 + CLEARANCE;
                Some(Rect::new(m, m, page_w - 2.0 * m, page_h - 2.0 * m))
            }
            CutMarks::Cricut => {
                let (aw, ah) = if page_w > page_h {
                    (CRICUT_AREA.1, CRICUT_AREA.0)
                } else {
                    CRICUT_AREA
                };
                Some(Rect::new((page_w - aw) / 2.0, (page_h - ah) / 2.0, aw, ah))
            }
        }
    }

    /// The marks for cards whose bleed rectangles are `cards`, or `None` when
    /// they do not leave the marks room (a card outside the cut area, or L
    /// arms shorter than [`SILHOUETTE_MIN_ARM`]).
    pub fn fit(kind: CutMarks, page_w: f64, page_h: f64, cards: &[Rect]) -> Option<Marks> {
        let area = Marks::cut_area(kind, page_w, page_h)?;
        let eps = 1e-9;
        let inside = cards.iter().all(|c| {
            c.x >= area.x - eps
                && c.y >= area.y - eps
                && c.right() <= area.right() + eps
                && c.top() <= area.top() + eps
        });
        if !inside {
            return None;
        }
        let mut marks = Marks {
            kind,
            page_w,
            page_h,
            arm: 0.0,
            cut_area: area,
        };
        if kind == CutMarks::Silhouette {
            // the longest arm, in steps of 0.1 mm, whose keep-outs miss every card
            let mut arm = SILHOUETTE_MAX_ARM;
            loop {
                marks.arm = arm;
                let clear = marks
                    .keep_out()
                    .iter()
                    .all(|k| cards.iter().all(|c| !overlaps(k, c)));
                if clear {
                    break;
                }
                arm = ((arm - 0.1) * 10.0).round() / 10.0;
                if arm < SILHOUETTE_MIN_ARM - eps {
                    return None;
                }
            }
        }
        Some(marks)
    }

    /// Zones where nothing else may be printed: around each mark.
    pub fn keep_out(&self) -> Vec<Rect> {
        let (w, h) = (self.page_w, self.page_h);
        match self.kind {
            CutMarks::None => Vec::new(),
            CutMarks::Silhouette => {
                let far =
                    |len: f64| SILHOUETTE_INSET + len + SILHOUETTE_THICKNESS / 2.0 + CLEARANCE;
                let sq = far(SILHOUETTE_SQUARE);
                let arm = far(self.arm);
                vec![
                    Rect::new(0.0, h - sq, sq, sq),
                    Rect::new(w - arm, h - arm, arm, arm),
                    Rect::new(0.0, 0.0, arm, arm),
                ]
            }
            CutMarks::Cricut => {
                // the band between the cut area and the frame, frame included
                let outer = self
                    .cut_area
                    .outset(CRICUT_FRAME_OFFSET + CRICUT_FRAME_WIDTH / 2.0 + CLEARANCE);
                let a = self.cut_area;
                vec![
                    Rect::new(outer.x, a.top(), outer.w, outer.top() - a.top()),
                    Rect::new(outer.x, outer.y, outer.w, a.y - outer.y),
                    Rect::new(outer.x, a.y, a.x - outer.x, a.h),
                    Rect::new(a.right(), a.y, outer.right() - a.right(), a.h),
                ]
            }
        }
    }

    /// The marks, as filled shapes (exact edges for the sensor, no stroke caps).
    pub fn ops(&self) -> Vec<Op> {
        let (w, h) = (self.page_w, self.page_h);
        let mut path = Path::default();
        match self.kind {
            CutMarks::None => {}
            CutMarks::Silhouette => {
                let (i, t, s, a) = (
                    SILHOUETTE_INSET,
                    SILHOUETTE_THICKNESS,
                    SILHOUETTE_SQUARE,
                    self.arm,
                );
                // the square: 5 mm from the inset lines inward, its stroke
                // centred on them
                path.extend(Path::rect(Rect::new(i, h - i - s, s, s).outset(t / 2.0)));
                // top-right L: arms left and down from (w − i, h − i)
                path.extend(Path::rect(Rect::new(
                    w - i - a,
                    h - i - t / 2.0,
                    a + t / 2.0,
                    t,
                )));
                path.extend(Path::rect(Rect::new(
                    w - i - t / 2.0,
                    h - i - a,
                    t,
                    a - t / 2.0,
                )));
                // bottom-left L: arms right and up from (i, i)
                path.extend(Path::rect(Rect::new(
                    i - t / 2.0,
                    i - t / 2.0,
                    a + t / 2.0,
                    t,
                )));
                path.extend(Path::rect(Rect::new(
                    i - t / 2.0,
                    i + t / 2.0,
                    t,
                    a - t / 2.0,
                )));
            }
            CutMarks::Cricut => {
                let f = self.cut_area.outset(CRICUT_FRAME_OFFSET);
                let t = CRICUT_FRAME_WIDTH / 2.0;
                let (o, i) = (f.outset(t), f.outset(-t));
                // the frame as four bars
                path.extend(Path::rect(Rect::new(o.x, i.top(), o.w, o.top() - i.top())));
                path.extend(Path::rect(Rect::new(o.x, o.y, o.w, i.y - o.y)));
                path.extend(Path::rect(Rect::new(o.x, i.y, i.x - o.x, i.h)));
                path.extend(Path::rect(Rect::new(
                    i.right(),
                    i.y,
                    o.right() - i.right(),
                    i.h,
                )));
                path.extend(Path::rect(Rect::new(
                    i.x,
                    i.top() - CRICUT_SQUARE,
                    CRICUT_SQUARE,
                    CRICUT_SQUARE,
                )));
            }
        }
        if path.segs.is_empty() {
            return Vec::new();
        }
        vec![Op::Fill { path, color: INK }]
    }

    /// What the machine's software should be told, for the page footer and
    /// the report.
    pub fn settings(&self) -> String {
        match self.kind {
            CutMarks::None => String::new(),
            CutMarks::Silhouette => format!(
                "Silhouette Studio registration marks: Type 1, length {} mm, thickness {} mm, inset {} mm",
                super::layout::mm(self.arm),
                SILHOUETTE_THICKNESS,
                super::layout::mm(SILHOUETTE_INSET)
            ),
            CutMarks::Cricut => format!(
                "Cricut Print Then Cut: cards within the {} × {} mm (6.75 × 9.25 in) area",
                super::layout::mm(self.cut_area.w),
                super::layout::mm(self.cut_area.h)
            ),
        }
    }
}

impl Marks {
    /// [`Marks::settings`] short enough for a page footer.
    pub fn short_settings(&self) -> String {
        match self.kind {
            CutMarks::None => String::new(),
            CutMarks::Silhouette => format!(
                "Studio marks Type 1: length {} mm, thickness {} mm, inset {} mm",
                super::layout::mm(self.arm),
                SILHOUETTE_THICKNESS,
                super::layout::mm(SILHOUETTE_INSET)
            ),
            CutMarks::Cricut => "Cricut Print Then Cut, 6.75 × 9.25 in".to_string(),
        }
    }
}

/// Whether two rectangles share more than an edge.
fn overlaps(a: &Rect, b: &Rect) -> bool {
    let eps = 1e-9;
    a.x < b.right() - eps && b.x < a.right() - eps && a.y < b.top() - eps && b.y < a.top() - eps
}

/// A centre text line for a machine page's footer, below the marks' lines.
pub fn footer(page_w: f64, text: &str) -> Op {
    use super::font::Face;
    let size = 6.0;
    let width = (page_w - 2.0 * (SILHOUETTE_INSET + SILHOUETTE_MAX_ARM + CLEARANCE)).max(20.0);
    let fitted = super::layout::fit_text(Face::Regular, text, size, width);
    let tw = Face::Regular.font().width(&fitted, size) / super::draw::PT_PER_MM;
    Op::text(
        p((page_w - tw) / 2.0, super::layout::MIN_EDGE + 0.5),
        size,
        Face::Regular,
        super::layout::HEADER_COLOR,
        fitted,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn silhouette_marks_sit_at_the_inset() {
        let m = Marks::fit(CutMarks::Silhouette, 210.0, 297.0, &[]).unwrap();
        assert_eq!(m.arm, SILHOUETTE_MAX_ARM);
        assert_eq!(m.cut_area, Rect::new(11.25, 11.25, 187.5, 274.5));
        let k = m.keep_out();
        assert_eq!(k.len(), 3);
        // the square's keep-out reaches 16.25 mm into the top-left corner
        assert!((k[0].w - 16.25).abs() < 1e-9 && (k[0].top() - 297.0).abs() < 1e-9);
    }

    #[test]
    fn arms_shorten_near_cards_and_give_up_below_five_mm() {
        // a card whose corner sits 25 mm from the bottom-left corner
        let card = Rect::new(25.0, 25.0, 63.0, 88.0);
        let m = Marks::fit(CutMarks::Silhouette, 210.0, 297.0, &[card]).unwrap();
        assert!((m.arm - 13.7).abs() < 1e-9, "{}", m.arm);
        let close = Rect::new(15.0, 15.0, 63.0, 88.0);
        assert!(Marks::fit(CutMarks::Silhouette, 210.0, 297.0, &[close]).is_none());
    }

    #[test]
    fn cricut_area_is_centred_and_turns_with_the_page() {
        let m = Marks::fit(CutMarks::Cricut, 215.9, 279.4, &[]).unwrap();
        assert!((m.cut_area.w - 171.45).abs() < 1e-9 && (m.cut_area.h - 234.95).abs() < 1e-9);
        assert!((m.cut_area.x - (215.9 - 171.45) / 2.0).abs() < 1e-9);
        let l = Marks::cut_area(CutMarks::Cricut, 279.4, 215.9).unwrap();
        assert!(l.w > l.h);
        let outside = Rect::new(10.0, 10.0, 63.0, 88.0);
        assert!(Marks::fit(CutMarks::Cricut, 215.9, 279.4, &[outside]).is_none());
    }
}
