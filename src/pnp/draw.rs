//! What a page is made of: a display list of filled and stroked paths, text,
//! and placed images, in millimetres with the origin at the page's bottom-left
//! corner and y up (PDF's orientation).
//!
//! Layouts and card faces produce these lists; [`super::pdf`] writes them as
//! PDF content and [`super::raster`] paints them into the preview. One list
//! feeding both is what keeps the preview faithful to the file.

use super::font::Face;

/// Points per millimetre.
pub const PT_PER_MM: f64 = 72.0 / 25.4;

/// A point in millimetres.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct P {
    pub x: f64,
    pub y: f64,
}

pub fn p(x: f64, y: f64) -> P {
    P { x, y }
}

/// An axis-aligned rectangle in millimetres: `x`, `y` is its bottom-left corner.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

impl Rect {
    pub fn new(x: f64, y: f64, w: f64, h: f64) -> Rect {
        Rect { x, y, w, h }
    }

    pub fn right(&self) -> f64 {
        self.x + self.w
    }

    pub fn top(&self) -> f64 {
        self.y + self.h
    }

    pub fn center(&self) -> P {
        p(self.x + self.w / 2.0, self.y + self.h / 2.0)
    }

    /// Grown by `d` on every side (shrunk when negative).
    pub fn outset(&self, d: f64) -> Rect {
        Rect::new(self.x - d, self.y - d, self.w + 2.0 * d, self.h + 2.0 * d)
    }

    /// The smallest rectangle holding both.
    pub fn union(&self, o: &Rect) -> Rect {
        let x = self.x.min(o.x);
        let y = self.y.min(o.y);
        Rect::new(
            x,
            y,
            self.right().max(o.right()) - x,
            self.top().max(o.top()) - y,
        )
    }

    pub fn translate(&self, dx: f64, dy: f64) -> Rect {
        Rect::new(self.x + dx, self.y + dy, self.w, self.h)
    }
}

/// An sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    pub const BLACK: Rgb = Rgb(0, 0, 0);
    pub const WHITE: Rgb = Rgb(255, 255, 255);

    /// Parses `#rrggbb`.
    pub fn hex(s: &str) -> Option<Rgb> {
        let h = s.strip_prefix('#')?;
        if h.len() != 6 || !h.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let v = u32::from_str_radix(h, 16).ok()?;
        Some(Rgb((v >> 16) as u8, (v >> 8) as u8, v as u8))
    }

    /// Mixed with white: `t` = 0 keeps the colour, 1 gives white.
    pub fn tint(self, t: f64) -> Rgb {
        let m = |c: u8| (f64::from(c) + (255.0 - f64::from(c)) * t).round() as u8;
        Rgb(m(self.0), m(self.1), m(self.2))
    }

    /// Mixed with black: `t` = 0 keeps the colour, 1 gives black.
    pub fn shade(self, t: f64) -> Rgb {
        let m = |c: u8| (f64::from(c) * (1.0 - t)).round() as u8;
        Rgb(m(self.0), m(self.1), m(self.2))
    }

    /// Relative luminance, 0 (black) to 1 (white).
    pub fn luminance(self) -> f64 {
        (0.2126 * f64::from(self.0) + 0.7152 * f64::from(self.1) + 0.0722 * f64::from(self.2))
            / 255.0
    }

    /// Black or white, whichever reads better on this colour.
    pub fn ink(self) -> Rgb {
        if self.luminance() > 0.55 {
            Rgb(20, 20, 20)
        } else {
            Rgb::WHITE
        }
    }
}

/// One step of a path.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Seg {
    Move(P),
    Line(P),
    /// Cubic Bézier: two control points, then the end point.
    Cubic(P, P, P),
    Close,
}

/// A path in millimetres.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Path {
    pub segs: Vec<Seg>,
}

/// The control-point distance that makes a cubic Bézier approximate a quarter circle.
const KAPPA: f64 = 0.552_284_749_8;

impl Path {
    pub fn rect(r: Rect) -> Path {
        Path::polygon(&[
            p(r.x, r.y),
            p(r.right(), r.y),
            p(r.right(), r.top()),
            p(r.x, r.top()),
        ])
    }

    pub fn polygon(pts: &[P]) -> Path {
        let mut segs = Vec::with_capacity(pts.len() + 1);
        for (i, &pt) in pts.iter().enumerate() {
            segs.push(if i == 0 { Seg::Move(pt) } else { Seg::Line(pt) });
        }
        segs.push(Seg::Close);
        Path { segs }
    }

    pub fn line(a: P, b: P) -> Path {
        Path {
            segs: vec![Seg::Move(a), Seg::Line(b)],
        }
    }

    /// An ellipse centred on `c` with radii `rx`, `ry`.
    pub fn ellipse(c: P, rx: f64, ry: f64) -> Path {
        let (kx, ky) = (rx * KAPPA, ry * KAPPA);
        Path {
            segs: vec![
                Seg::Move(p(c.x + rx, c.y)),
                Seg::Cubic(
                    p(c.x + rx, c.y + ky),
                    p(c.x + kx, c.y + ry),
                    p(c.x, c.y + ry),
                ),
                Seg::Cubic(
                    p(c.x - kx, c.y + ry),
                    p(c.x - rx, c.y + ky),
                    p(c.x - rx, c.y),
                ),
                Seg::Cubic(
                    p(c.x - rx, c.y - ky),
                    p(c.x - kx, c.y - ry),
                    p(c.x, c.y - ry),
                ),
                Seg::Cubic(
                    p(c.x + kx, c.y - ry),
                    p(c.x + rx, c.y - ky),
                    p(c.x + rx, c.y),
                ),
                Seg::Close,
            ],
        }
    }

    pub fn circle(c: P, r: f64) -> Path {
        Path::ellipse(c, r, r)
    }

    /// A rectangle with rounded corners of radius `r`.
    pub fn rounded_rect(b: Rect, r: f64) -> Path {
        let r = r.min(b.w / 2.0).min(b.h / 2.0).max(0.0);
        let k = r * (1.0 - KAPPA);
        let (x0, y0, x1, y1) = (b.x, b.y, b.right(), b.top());
        Path {
            segs: vec![
                Seg::Move(p(x0 + r, y0)),
                Seg::Line(p(x1 - r, y0)),
                Seg::Cubic(p(x1 - k, y0), p(x1, y0 + k), p(x1, y0 + r)),
                Seg::Line(p(x1, y1 - r)),
                Seg::Cubic(p(x1, y1 - k), p(x1 - k, y1), p(x1 - r, y1)),
                Seg::Line(p(x0 + r, y1)),
                Seg::Cubic(p(x0 + k, y1), p(x0, y1 - k), p(x0, y1 - r)),
                Seg::Line(p(x0, y0 + r)),
                Seg::Cubic(p(x0, y0 + k), p(x0 + k, y0), p(x0 + r, y0)),
                Seg::Close,
            ],
        }
    }

    /// Appends another path's segments (several shapes filled as one).
    pub fn extend(&mut self, other: Path) {
        self.segs.extend(other.segs);
    }
}

/// An affine transform `[a b c d e f]`: x' = a·x + c·y + e, y' = b·x + d·y + f
/// (PDF's `cm` order).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Affine(pub [f64; 6]);

impl Affine {
    pub const IDENTITY: Affine = Affine([1.0, 0.0, 0.0, 1.0, 0.0, 0.0]);

    pub fn translate(dx: f64, dy: f64) -> Affine {
        Affine([1.0, 0.0, 0.0, 1.0, dx, dy])
    }

    /// A half turn about `c`.
    pub fn rotate_180_about(c: P) -> Affine {
        Affine([-1.0, 0.0, 0.0, -1.0, 2.0 * c.x, 2.0 * c.y])
    }

    /// A quarter turn counter-clockwise about the origin.
    pub fn rotate_90() -> Affine {
        Affine([0.0, 1.0, -1.0, 0.0, 0.0, 0.0])
    }

    /// `self` applied after `inner`: (self ∘ inner)(p) = self(inner(p)).
    pub fn then(self, outer: Affine) -> Affine {
        let [a, b, c, d, e, f] = self.0;
        let [a2, b2, c2, d2, e2, f2] = outer.0;
        Affine([
            a2 * a + c2 * b,
            b2 * a + d2 * b,
            a2 * c + c2 * d,
            b2 * c + d2 * d,
            a2 * e + c2 * f + e2,
            b2 * e + d2 * f + f2,
        ])
    }

    pub fn apply(&self, pt: P) -> P {
        let [a, b, c, d, e, f] = self.0;
        p(a * pt.x + c * pt.y + e, b * pt.x + d * pt.y + f)
    }

    /// The inverse transform, if the matrix is not singular.
    pub fn invert(&self) -> Option<Affine> {
        let [a, b, c, d, e, f] = self.0;
        let det = a * d - b * c;
        if det.abs() < 1e-12 {
            return None;
        }
        let (ia, ib, ic, id) = (d / det, -b / det, -c / det, a / det);
        Some(Affine([
            ia,
            ib,
            ic,
            id,
            -(ia * e + ic * f),
            -(ib * e + id * f),
        ]))
    }
}

/// How a stroke is dashed: dash and gap lengths in millimetres.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Dash(pub f64, pub f64);

/// Which card a group of operations draws, for the PDF's marked content (so a
/// reader of the file — or a test — can tell the cards apart) and for reports.
#[derive(Clone, Debug, PartialEq)]
pub struct CardTag {
    /// The catalog card id.
    pub id: String,
    /// `true` on a card back.
    pub back: bool,
}

/// One drawing operation.
#[derive(Clone, Debug, PartialEq)]
pub enum Op {
    /// Fills a path (non-zero winding).
    Fill { path: Path, color: Rgb },
    /// Strokes a path; `width` in millimetres.
    Stroke {
        path: Path,
        color: Rgb,
        width: f64,
        dash: Option<Dash>,
    },
    /// One line of text; `at` is the start of its baseline, `size` in points.
    Text {
        at: P,
        size: f64,
        face: Face,
        color: Rgb,
        text: String,
    },
    /// An image drawn into the unit square mapped by `m` (PDF image space:
    /// the unit square's (0, 0) is the image's bottom-left pixel corner).
    Image { image: usize, m: Affine },
    /// Operations drawn with `m` applied and clipped to `clip` (in the
    /// group's own coordinates), optionally tagged as one card.
    Group {
        m: Affine,
        clip: Option<Rect>,
        card: Option<CardTag>,
        ops: Vec<Op>,
    },
}

impl Op {
    pub fn fill_rect(r: Rect, color: Rgb) -> Op {
        Op::Fill {
            path: Path::rect(r),
            color,
        }
    }

    pub fn line(a: P, b: P, color: Rgb, width: f64) -> Op {
        Op::Stroke {
            path: Path::line(a, b),
            color,
            width,
            dash: None,
        }
    }

    pub fn text(at: P, size: f64, face: Face, color: Rgb, text: impl Into<String>) -> Op {
        Op::Text {
            at,
            size,
            face,
            color,
            text: text.into(),
        }
    }

    /// Visits every text operation (with its face), groups included.
    pub fn for_each_text(&self, f: &mut impl FnMut(Face, &str)) {
        match self {
            Op::Text { face, text, .. } => f(*face, text),
            Op::Group { ops, .. } => ops.iter().for_each(|o| o.for_each_text(f)),
            _ => {}
        }
    }

    /// Visits every image operation, groups included.
    pub fn for_each_image(&self, f: &mut impl FnMut(usize)) {
        match self {
            Op::Image { image, .. } => f(*image),
            Op::Group { ops, .. } => ops.iter().for_each(|o| o.for_each_image(f)),
            _ => {}
        }
    }
}

/// One page: its size in millimetres, the boxes printers read, and what is on it.
#[derive(Clone, Debug, PartialEq)]
pub struct Page {
    pub width: f64,
    pub height: f64,
    /// Where the finished cards are: the union of the card trim rectangles.
    pub trim: Rect,
    /// The trim box grown by the bleed.
    pub bleed: Rect,
    pub ops: Vec<Op>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_colours() {
        assert_eq!(Rgb::hex("#d9822b"), Some(Rgb(0xd9, 0x82, 0x2b)));
        assert_eq!(Rgb::hex("d9822b"), None);
        assert_eq!(Rgb::hex("#d9822"), None);
        assert_eq!(Rgb::hex("#zz822b"), None);
        assert_eq!(Rgb(0, 0, 0).tint(1.0), Rgb::WHITE);
        assert_eq!(Rgb::WHITE.shade(1.0), Rgb::BLACK);
        assert_eq!(Rgb::hex("#f0f0f0").unwrap().ink(), Rgb(20, 20, 20));
        assert_eq!(Rgb::hex("#2f7f6f").unwrap().ink(), Rgb::WHITE);
    }

    #[test]
    fn affine_compose_and_invert() {
        let m = Affine::translate(10.0, 5.0).then(Affine::rotate_180_about(p(0.0, 0.0)));
        assert_eq!(m.apply(p(1.0, 2.0)), p(-11.0, -7.0));
        let back = m.invert().unwrap().apply(p(-11.0, -7.0));
        assert!((back.x - 1.0).abs() < 1e-12 && (back.y - 2.0).abs() < 1e-12);
        let r = Affine::rotate_180_about(p(5.0, 5.0));
        assert_eq!(r.apply(p(0.0, 0.0)), p(10.0, 10.0));
        assert_eq!(Affine::rotate_90().apply(p(1.0, 0.0)), p(0.0, 1.0));
        assert!(Affine([1.0, 2.0, 2.0, 4.0, 0.0, 0.0]).invert().is_none());
    }

    #[test]
    fn rects() {
        let r = Rect::new(1.0, 2.0, 3.0, 4.0);
        assert_eq!(r.outset(1.0), Rect::new(0.0, 1.0, 5.0, 6.0));
        assert_eq!(
            r.union(&Rect::new(10.0, 0.0, 1.0, 1.0)),
            Rect::new(1.0, 0.0, 10.0, 6.0)
        );
        assert_eq!(r.center(), p(2.5, 4.0));
    }
}
