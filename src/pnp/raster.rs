//! Paints a page's display list into pixels: the Print screen's preview.
//!
//! It draws the very operations the PDF is written from — filled and stroked
//! paths, glyph outlines of the bundled fonts, pictures placed by their
//! matrices, rectangular clips — so the preview shows what will print, not an
//! approximation made separately. Paths are filled with the non-zero rule and
//! 4 × vertical sub-scanlines with exact horizontal coverage for smooth
//! edges. Pictures are resampled once to their size on screen.
//!
//! Limits: clips are axis-aligned rectangles after transformation (the only
//! kind the layouts use: rotations are multiples of 90°), and line joins and
//! caps are butt.

use std::collections::HashMap;

use image::{Rgba, RgbaImage, imageops};

use super::draw::{Affine, Dash, Op, P, PT_PER_MM, Page, Path, Rgb, Seg, p};
use super::font::{self, Face};
use super::images::Image;

/// Sub-scanlines per pixel row.
const SUB: usize = 4;

/// The largest preview side, in pixels (a 600 dpi A4 page).
pub const MAX_SIDE: u32 = 7016;

/// Renders `page` at `dpi`, with `images` as its pictures.
pub fn render(page: &Page, images: &[Image], dpi: f64) -> RgbaImage {
    let k = dpi / 25.4;
    // rounded up, as poppler does, so previews and renders line up
    let w = ((page.width * k - 1e-6).ceil() as u32).clamp(1, MAX_SIDE);
    let h = ((page.height * k - 1e-6).ceil() as u32).clamp(1, MAX_SIDE);
    let mut r = Raster {
        img: RgbaImage::from_pixel(w, h, Rgba([255, 255, 255, 255])),
        images,
        scaled: HashMap::new(),
    };
    let device = Affine([k, 0.0, 0.0, -k, 0.0, page.height * k]);
    let clip = Clip {
        x0: 0.0,
        y0: 0.0,
        x1: f64::from(w),
        y1: f64::from(h),
    };
    for op in &page.ops {
        r.op(op, device, clip);
    }
    r.img
}

/// A clip rectangle in device pixels.
#[derive(Clone, Copy, Debug)]
struct Clip {
    x0: f64,
    y0: f64,
    x1: f64,
    y1: f64,
}

impl Clip {
    fn intersect(self, o: Clip) -> Clip {
        Clip {
            x0: self.x0.max(o.x0),
            y0: self.y0.max(o.y0),
            x1: self.x1.min(o.x1),
            y1: self.y1.min(o.y1),
        }
    }

    fn is_empty(&self) -> bool {
        self.x1 <= self.x0 || self.y1 <= self.y0
    }
}

struct Raster<'a> {
    img: RgbaImage,
    images: &'a [Image],
    /// Pictures resampled to a size on screen, by (image, width, height).
    scaled: HashMap<(usize, u32, u32), RgbaImage>,
}

/// A polygon edge in device space, `y0 < y1`.
#[derive(Clone, Copy, Debug)]
struct Edge {
    x0: f64,
    y0: f64,
    x1: f64,
    y1: f64,
    dir: i32,
}

fn scale_of(m: &Affine) -> f64 {
    let [a, b, c, d, _, _] = m.0;
    (a * d - b * c).abs().sqrt()
}

/// Flattens a path into polylines (each closed or open).
fn flatten(path: &Path, m: &Affine) -> Vec<(Vec<P>, bool)> {
    let mut out: Vec<(Vec<P>, bool)> = Vec::new();
    let mut cur: Vec<P> = Vec::new();
    let steps = |len: f64| ((len / 2.0).ceil() as usize).clamp(2, 48);
    for seg in &path.segs {
        match *seg {
            Seg::Move(q) => {
                if cur.len() > 1 {
                    out.push((std::mem::take(&mut cur), false));
                }
                cur = vec![m.apply(q)];
            }
            Seg::Line(q) => cur.push(m.apply(q)),
            Seg::Cubic(a, b, c) => {
                let Some(&p0) = cur.last() else { continue };
                let (a, b, c) = (m.apply(a), m.apply(b), m.apply(c));
                let len = dist(p0, a) + dist(a, b) + dist(b, c);
                let n = steps(len);
                for i in 1..=n {
                    let t = i as f64 / n as f64;
                    let u = 1.0 - t;
                    cur.push(p(
                        u * u * u * p0.x
                            + 3.0 * u * u * t * a.x
                            + 3.0 * u * t * t * b.x
                            + t * t * t * c.x,
                        u * u * u * p0.y
                            + 3.0 * u * u * t * a.y
                            + 3.0 * u * t * t * b.y
                            + t * t * t * c.y,
                    ));
                }
            }
            Seg::Close => {
                if cur.len() > 1 {
                    let first = cur[0];
                    out.push((std::mem::take(&mut cur), true));
                    cur.push(first);
                }
            }
        }
    }
    if cur.len() > 1 {
        out.push((cur, false));
    }
    out
}

fn dist(a: P, b: P) -> f64 {
    ((a.x - b.x).powi(2) + (a.y - b.y).powi(2)).sqrt()
}

fn edges_of(polys: &[Vec<P>]) -> Vec<Edge> {
    let mut edges = Vec::new();
    for poly in polys {
        for i in 0..poly.len() {
            let a = poly[i];
            let b = poly[(i + 1) % poly.len()];
            if (a.y - b.y).abs() < 1e-12 {
                continue;
            }
            edges.push(if a.y < b.y {
                Edge {
                    x0: a.x,
                    y0: a.y,
                    x1: b.x,
                    y1: b.y,
                    dir: 1,
                }
            } else {
                Edge {
                    x0: b.x,
                    y0: b.y,
                    x1: a.x,
                    y1: a.y,
                    dir: -1,
                }
            });
        }
    }
    edges
}

/// Polygons covering a stroke of `width` px along polylines, dashed.
fn stroke_polys(lines: &[(Vec<P>, bool)], width: f64, dash: Option<(f64, f64)>) -> Vec<Vec<P>> {
    let half = (width / 2.0).max(0.35); // hairlines stay visible, as in viewers
    let mut out = Vec::new();
    let mut quad = |a: P, b: P| {
        let len = dist(a, b);
        if len < 1e-9 {
            return;
        }
        let (nx, ny) = (-(b.y - a.y) / len * half, (b.x - a.x) / len * half);
        out.push(vec![
            p(a.x + nx, a.y + ny),
            p(b.x + nx, b.y + ny),
            p(b.x - nx, b.y - ny),
            p(a.x - nx, a.y - ny),
        ]);
    };
    for (pts, closed) in lines {
        let mut segs: Vec<(P, P)> = pts.windows(2).map(|w| (w[0], w[1])).collect();
        if *closed && pts.len() > 2 {
            segs.push((pts[pts.len() - 1], pts[0]));
        }
        match dash {
            None => segs.into_iter().for_each(|(a, b)| quad(a, b)),
            Some((on, off)) => {
                // Dash k covers [k·period, k·period + on] of the distance along
                // the whole polyline. Boundaries come from the index, not from
                // summing steps, so float rounding can never stall the loop.
                let period = on + off;
                let mut start = 0.0f64;
                for (a, b) in segs {
                    let len = dist(a, b);
                    if len <= 0.0 || period <= 0.0 {
                        start += len;
                        continue;
                    }
                    let end = start + len;
                    let mut k = (start / period).floor();
                    while k * period < end {
                        let d0 = (k * period).max(start);
                        let d1 = (k * period + on).min(end);
                        if d1 > d0 {
                            let f0 = (d0 - start) / len;
                            let f1 = (d1 - start) / len;
                            quad(
                                p(a.x + (b.x - a.x) * f0, a.y + (b.y - a.y) * f0),
                                p(a.x + (b.x - a.x) * f1, a.y + (b.y - a.y) * f1),
                            );
                        }
                        k += 1.0;
                    }
                    start = end;
                }
            }
        }
    }
    // one orientation for every quad, so overlaps add up under non-zero
    for poly in &mut out {
        let area: f64 = (0..poly.len())
            .map(|i| {
                let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
                a.x * b.y - b.x * a.y
            })
            .sum();
        if area < 0.0 {
            poly.reverse();
        }
    }
    out
}

impl Raster<'_> {
    fn op(&mut self, op: &Op, m: Affine, clip: Clip) {
        match op {
            Op::Fill { path, color } => {
                let polys: Vec<Vec<P>> = flatten(path, &m).into_iter().map(|(p, _)| p).collect();
                self.fill(&edges_of(&polys), *color, clip);
            }
            Op::Stroke {
                path,
                color,
                width,
                dash,
            } => {
                let s = scale_of(&m);
                let lines = flatten(path, &m);
                let dash = dash.map(|Dash(a, b)| (a * s, b * s));
                let polys = stroke_polys(&lines, width * s, dash);
                self.fill(&edges_of(&polys), *color, clip);
            }
            Op::Text {
                at,
                size,
                face,
                color,
                text,
            } => self.text(*at, *size, *face, *color, text, m, clip),
            Op::Image { image, m: im } => self.image(*image, im.then(m), clip),
            Op::Group {
                m: gm,
                clip: gclip,
                ops,
                ..
            } => {
                let inner = gm.then(m);
                let mut c = clip;
                if let Some(r) = gclip {
                    let corners = [inner.apply(p(r.x, r.y)), inner.apply(p(r.right(), r.top()))];
                    c = clip.intersect(Clip {
                        x0: corners[0].x.min(corners[1].x),
                        y0: corners[0].y.min(corners[1].y),
                        x1: corners[0].x.max(corners[1].x),
                        y1: corners[0].y.max(corners[1].y),
                    });
                }
                if c.is_empty() {
                    return;
                }
                for o in ops {
                    self.op(o, inner, c);
                }
            }
        }
    }

    #[allow(
        clippy::too_many_arguments,
        reason = "each argument is one setting of the same call; a struct would only name them twice"
    )]
    fn text(
        &mut self,
        at: P,
        size: f64,
        face: Face,
        color: Rgb,
        text: &str,
        m: Affine,
        clip: Clip,
    ) {
        let f = face.font();
        let em = size / PT_PER_MM; // mm per em
        let unit = em / f64::from(f.units_per_em);
        let mut x = at.x;
        let mut polys = Vec::new();
        for ch in text.chars() {
            let g = f.glyph_or_fallback(ch);
            let gm = Affine([unit, 0.0, 0.0, unit, x, at.y]).then(m);
            let mut path = Path::default();
            for s in f.outline(g) {
                path.segs.push(match s {
                    font::Seg::Move(q) => Seg::Move(p(q.x, q.y)),
                    font::Seg::Line(q) => Seg::Line(p(q.x, q.y)),
                    // a quadratic as the equivalent cubic
                    font::Seg::Quad(c, e) => {
                        let prev = match path.segs.last() {
                            Some(Seg::Move(q) | Seg::Line(q) | Seg::Cubic(_, _, q)) => *q,
                            _ => p(c.x, c.y),
                        };
                        let c1 = p(
                            prev.x + 2.0 / 3.0 * (c.x - prev.x),
                            prev.y + 2.0 / 3.0 * (c.y - prev.y),
                        );
                        let c2 = p(e.x + 2.0 / 3.0 * (c.x - e.x), e.y + 2.0 / 3.0 * (c.y - e.y));
                        Seg::Cubic(c1, c2, p(e.x, e.y))
                    }
                    font::Seg::Cubic(c1, c2, e) => {
                        Seg::Cubic(p(c1.x, c1.y), p(c2.x, c2.y), p(e.x, e.y))
                    }
                    font::Seg::Close => Seg::Close,
                });
            }
            polys.extend(flatten(&path, &gm).into_iter().map(|(p, _)| p));
            x += f.advance_em(g) * em;
        }
        self.fill(&edges_of(&polys), color, clip);
    }

    /// Fills polygons given as edges, non-zero rule, with anti-aliasing.
    fn fill(&mut self, edges: &[Edge], color: Rgb, clip: Clip) {
        if edges.is_empty() {
            return;
        }
        let (w, h) = (self.img.width() as usize, self.img.height() as usize);
        let ymin = edges
            .iter()
            .map(|e| e.y0)
            .fold(f64::INFINITY, f64::min)
            .max(clip.y0)
            .max(0.0);
        let ymax = edges
            .iter()
            .map(|e| e.y1)
            .fold(f64::NEG_INFINITY, f64::max)
            .min(clip.y1)
            .min(h as f64);
        if ymax <= ymin {
            return;
        }
        let cx0 = clip.x0.max(0.0);
        let cx1 = clip.x1.min(w as f64);
        let mut acc = vec![0.0f64; w + 1];
        let mut xs: Vec<(f64, i32)> = Vec::new();
        for row in (ymin.floor() as usize)..(ymax.ceil() as usize).min(h) {
            acc.iter_mut().for_each(|a| *a = 0.0);
            let mut touched = false;
            for s in 0..SUB {
                let sy = row as f64 + (s as f64 + 0.5) / SUB as f64;
                if sy < clip.y0 || sy >= clip.y1 {
                    continue;
                }
                xs.clear();
                for e in edges {
                    if sy >= e.y0 && sy < e.y1 {
                        let t = (sy - e.y0) / (e.y1 - e.y0);
                        xs.push((e.x0 + t * (e.x1 - e.x0), e.dir));
                    }
                }
                if xs.len() < 2 {
                    continue;
                }
                xs.sort_by(|a, b| a.0.total_cmp(&b.0));
                let mut wind = 0;
                for i in 0..xs.len() - 1 {
                    wind += xs[i].1;
                    if wind != 0 {
                        let a = xs[i].0.max(cx0);
                        let b = xs[i + 1].0.min(cx1);
                        if b > a {
                            add_span(&mut acc, a, b, 1.0 / SUB as f64);
                            touched = true;
                        }
                    }
                }
            }
            if !touched {
                continue;
            }
            for (x, &cov) in acc.iter().enumerate().take(w) {
                if cov > 0.0 {
                    blend(
                        self.img.get_pixel_mut(x as u32, row as u32),
                        color,
                        cov.min(1.0),
                    );
                }
            }
        }
    }

    /// Draws picture `id` with `m` mapping its unit square to device pixels.
    fn image(&mut self, id: usize, m: Affine, clip: Clip) {
        let Some(img) = self.images.get(id) else {
            return;
        };
        let corners: Vec<P> = [p(0.0, 0.0), p(1.0, 0.0), p(0.0, 1.0), p(1.0, 1.0)]
            .iter()
            .map(|&c| m.apply(c))
            .collect();
        let c = clip.intersect(Clip {
            x0: corners.iter().map(|q| q.x).fold(f64::INFINITY, f64::min),
            y0: corners.iter().map(|q| q.y).fold(f64::INFINITY, f64::min),
            x1: corners
                .iter()
                .map(|q| q.x)
                .fold(f64::NEG_INFINITY, f64::max),
            y1: corners
                .iter()
                .map(|q| q.y)
                .fold(f64::NEG_INFINITY, f64::max),
        });
        let (w, h) = (self.img.width() as f64, self.img.height() as f64);
        let c = c.intersect(Clip {
            x0: 0.0,
            y0: 0.0,
            x1: w,
            y1: h,
        });
        if c.is_empty() {
            return;
        }
        let Some(inv) = m.invert() else { return };
        // the stored picture's size on screen: lengths of the unit vectors
        let [a, b, cc, d, _, _] = m.0;
        let sw = ((a * a + b * b).sqrt().ceil() as u32).clamp(1, img.width);
        let sh = ((cc * cc + d * d).sqrt().ceil() as u32).clamp(1, img.height);
        let key = (id, sw, sh);
        let src = match self.scaled.entry(key) {
            std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
            std::collections::hash_map::Entry::Vacant(e) => {
                let Ok(full) = img.to_rgba() else { return };
                let small = if (sw, sh) == (img.width, img.height) {
                    full
                } else {
                    imageops::resize(&full, sw, sh, imageops::FilterType::Triangle)
                };
                e.insert(small)
            }
        };
        let src: &RgbaImage = src;
        let (srw, srh) = (f64::from(src.width()), f64::from(src.height()));
        for y in (c.y0.floor() as u32)..(c.y1.ceil() as u32).min(self.img.height()) {
            for x in (c.x0.floor() as u32)..(c.x1.ceil() as u32).min(self.img.width()) {
                let (fx, fy) = (f64::from(x) + 0.5, f64::from(y) + 0.5);
                if fx < c.x0 || fx >= c.x1 || fy < c.y0 || fy >= c.y1 {
                    continue;
                }
                let u = inv.apply(p(fx, fy));
                if !(0.0..1.0).contains(&u.x) || !(0.0..1.0).contains(&u.y) {
                    continue;
                }
                // image space: v = 1 is the top row
                let sx = ((u.x * srw) as u32).min(src.width() - 1);
                let sy = (((1.0 - u.y) * srh) as u32).min(src.height() - 1);
                let px = src.get_pixel(sx, sy).0;
                blend(
                    self.img.get_pixel_mut(x, y),
                    Rgb(px[0], px[1], px[2]),
                    f64::from(px[3]) / 255.0,
                );
            }
        }
    }
}

/// Adds coverage `weight` over [a, b) (device x) to the row accumulator.
fn add_span(acc: &mut [f64], a: f64, b: f64, weight: f64) {
    let (ia, ib) = (a.floor() as usize, b.floor() as usize);
    if ia >= acc.len() {
        return;
    }
    if ia == ib {
        acc[ia] += (b - a) * weight;
        return;
    }
    acc[ia] += (ia as f64 + 1.0 - a) * weight;
    let end = ib.min(acc.len());
    for v in acc.iter_mut().take(end).skip(ia + 1) {
        *v += weight;
    }
    if ib < acc.len() {
        acc[ib] += (b - ib as f64) * weight;
    }
}

fn blend(px: &mut Rgba<u8>, c: Rgb, alpha: f64) {
    let mix = |d: u8, s: u8| (f64::from(d) * (1.0 - alpha) + f64::from(s) * alpha).round() as u8;
    px.0 = [mix(px.0[0], c.0), mix(px.0[1], c.1), mix(px.0[2], c.2), 255];
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pnp::draw::Rect;

    fn page(ops: Vec<Op>) -> Page {
        Page {
            width: 25.4,
            height: 25.4,
            trim: Rect::new(0.0, 0.0, 25.4, 25.4),
            bleed: Rect::new(0.0, 0.0, 25.4, 25.4),
            ops,
        }
    }

    #[test]
    fn a_filled_rectangle_lands_on_its_pixels() {
        // 100 dpi: 1 inch = 100 px; a rect from 0.254 in to 0.508 in (25..50 px),
        // y measured from the bottom
        let r = Rect::new(6.35, 6.35, 6.35, 6.35);
        let img = render(&page(vec![Op::fill_rect(r, Rgb(200, 0, 0))]), &[], 100.0);
        assert_eq!((img.width(), img.height()), (100, 100));
        assert_eq!(img.get_pixel(30, 70).0, [200, 0, 0, 255]); // inside (top-down y)
        assert_eq!(img.get_pixel(30, 30).0, [255, 255, 255, 255]); // above it
        assert_eq!(img.get_pixel(24, 70).0, [255, 255, 255, 255]);
        assert_eq!(img.get_pixel(25, 74).0, [200, 0, 0, 255]);
    }

    #[test]
    fn clip_and_groups_translate() {
        let inner = Op::fill_rect(Rect::new(0.0, 0.0, 25.4, 25.4), Rgb(0, 0, 255));
        let g = Op::Group {
            m: Affine::translate(12.7, 0.0),
            clip: Some(Rect::new(0.0, 0.0, 5.08, 25.4)),
            card: None,
            ops: vec![inner],
        };
        let img = render(&page(vec![g]), &[], 100.0);
        assert_eq!(img.get_pixel(55, 50).0, [0, 0, 255, 255]);
        assert_eq!(img.get_pixel(45, 50).0, [255, 255, 255, 255]);
        assert_eq!(img.get_pixel(75, 50).0, [255, 255, 255, 255]);
    }

    #[test]
    fn text_and_strokes_leave_ink() {
        let ops = vec![
            Op::text(p(2.0, 12.0), 20.0, Face::Bold, Rgb::BLACK, "H"),
            Op::line(p(0.0, 3.0), p(25.4, 3.0), Rgb::BLACK, 0.5),
        ];
        let img = render(&page(ops), &[], 100.0);
        let dark = |x0: u32, x1: u32, y0: u32, y1: u32| {
            (y0..y1)
                .flat_map(|y| (x0..x1).map(move |x| (x, y)))
                .filter(|&(x, y)| img.get_pixel(x, y).0[0] < 100)
                .count()
        };
        assert!(dark(5, 40, 30, 55) > 50, "the H is drawn");
        assert!(dark(0, 100, 85, 90) >= 100, "the line is drawn");
        assert_eq!(dark(60, 100, 0, 80), 0);
    }

    #[test]
    fn spans_add_fractional_coverage() {
        let mut acc = vec![0.0; 5];
        add_span(&mut acc, 0.5, 3.25, 1.0);
        assert_eq!(acc, vec![0.5, 1.0, 1.0, 0.25, 0.0]);
    }
}
