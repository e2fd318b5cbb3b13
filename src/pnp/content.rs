//! A page's display list as a PDF content stream, written here rather than by
//! printpdf so that a page becomes compressed bytes as soon as it is drawn
//! and nothing else of it is kept ([`super::pdf`]: memory bounded by the
//! page). The operators are the ones printpdf wrote for the same list:
//!
//! - fills: `r g b rg`, the path (`m`, `l`, `c`, `h`), `f`;
//! - strokes: `q`, `w`, `RG`, a dash (`[on off] 0 d`), the path, `S`, `Q`;
//! - text: `BT /Font size Tf r g b rg x y Td <glyph ids> Tj ET`, glyph ids of
//!   the embedded subset (two bytes each, `/Identity-H`);
//! - pictures: `q a b c d e f cm /Name Do Q` over the unit square;
//! - groups: `q [cm] [x y w h re W n] … Q`, inside
//!   `/Card <</Id <hex> /Side /Front>> BDC … EMC` when the group is a card.

use std::collections::HashMap;

use lopdf::Object::{self, Integer, Name, Real};
use lopdf::content::Operation;
use lopdf::{Dictionary, StringFormat};

use super::draw::{Affine, Op, PT_PER_MM, Path, Rgb, Seg};
use super::font::Face;

/// What a page's content refers to by name.
pub struct Names {
    /// Picture index → XObject resource name.
    pub images: HashMap<usize, Vec<u8>>,
    /// Face → font resource name and, per original glyph, the subset's glyph.
    pub fonts: HashMap<Face, (Vec<u8>, HashMap<u16, u16>)>,
}

/// The content stream of a page's operations.
pub fn encode(ops: &[Op], names: &Names) -> Result<Vec<u8>, lopdf::Error> {
    let mut out = Vec::new();
    for op in ops {
        push(op, names, &mut out);
    }
    lopdf::content::Content { operations: out }.encode()
}

fn real(v: f64) -> Object {
    Real(v as f32)
}

fn pt(mm: f64) -> Object {
    real(mm * PT_PER_MM)
}

fn rgb(c: Rgb) -> Vec<Object> {
    [c.0, c.1, c.2]
        .iter()
        .map(|&v| Real(f32::from(v) / 255.0))
        .collect()
}

fn op(name: &str, operands: Vec<Object>) -> Operation {
    Operation::new(name, operands)
}

/// The path's segments; `false` when it draws nothing (no segment after a
/// move).
fn path(p: &Path, out: &mut Vec<Operation>) -> bool {
    let mut drawn = false;
    for seg in &p.segs {
        match *seg {
            Seg::Move(a) => out.push(op("m", vec![pt(a.x), pt(a.y)])),
            Seg::Line(a) => {
                drawn = true;
                out.push(op("l", vec![pt(a.x), pt(a.y)]));
            }
            Seg::Cubic(a, b, c) => {
                drawn = true;
                out.push(op(
                    "c",
                    vec![pt(a.x), pt(a.y), pt(b.x), pt(b.y), pt(c.x), pt(c.y)],
                ));
            }
            Seg::Close => out.push(op("h", vec![])),
        }
    }
    drawn
}

/// An affine in PDF order; `linear_mm` scales the linear part from mm to pt
/// too (a picture's unit square is sized in mm), else only the translation.
fn matrix(m: &Affine, linear_mm: bool) -> Vec<Object> {
    let [a, b, c, d, e, f] = m.0;
    let k = if linear_mm { PT_PER_MM } else { 1.0 };
    vec![
        real(a * k),
        real(b * k),
        real(c * k),
        real(d * k),
        pt(e),
        pt(f),
    ]
}

fn push(o: &Op, names: &Names, out: &mut Vec<Operation>) {
    match o {
        Op::Fill { path: p, color } => {
            let mut segs = Vec::new();
            if !path(p, &mut segs) {
                return;
            }
            out.push(op("rg", rgb(*color)));
            out.extend(segs);
            out.push(op("f", vec![]));
        }
        Op::Stroke {
            path: p,
            color,
            width,
            dash,
        } => {
            let mut segs = Vec::new();
            if !path(p, &mut segs) {
                return;
            }
            out.push(op("q", vec![]));
            out.push(op("w", vec![pt(*width)]));
            out.push(op("RG", rgb(*color)));
            if let Some(d) = dash {
                out.push(op(
                    "d",
                    vec![Object::Array(vec![pt(d.0), pt(d.1)]), Integer(0)],
                ));
            }
            out.extend(segs);
            out.push(op("S", vec![]));
            out.push(op("Q", vec![]));
        }
        Op::Text {
            at,
            size,
            face,
            color,
            text,
        } => {
            let Some((font, glyphs)) = names.fonts.get(face) else {
                return;
            };
            if text.is_empty() {
                return;
            }
            let f = face.font();
            let mut ids = Vec::with_capacity(text.len() * 2);
            for ch in text.chars() {
                let gid = glyphs.get(&f.glyph_or_fallback(ch)).copied().unwrap_or(0);
                ids.extend(gid.to_be_bytes());
            }
            out.extend([
                op("BT", vec![]),
                op("Tf", vec![Name(font.clone()), real(*size)]),
                op("rg", rgb(*color)),
                op("Td", vec![pt(at.x), pt(at.y)]),
                op("Tj", vec![Object::String(ids, StringFormat::Hexadecimal)]),
                op("ET", vec![]),
            ]);
        }
        Op::Image { image, m } => {
            let Some(name) = names.images.get(image) else {
                return;
            };
            out.extend([
                op("q", vec![]),
                op("cm", matrix(m, true)),
                op("Do", vec![Name(name.clone())]),
                op("Q", vec![]),
            ]);
        }
        Op::Group { m, clip, card, ops } => {
            if let Some(tag) = card {
                let side = if tag.back { "Back" } else { "Front" };
                let mut props = Dictionary::new();
                props.set(
                    "Id",
                    Object::String(tag.id.as_bytes().to_vec(), StringFormat::Hexadecimal),
                );
                props.set("Side", Name(side.as_bytes().to_vec()));
                out.push(op(
                    "BDC",
                    vec![Name(b"Card".to_vec()), Object::Dictionary(props)],
                ));
            }
            out.push(op("q", vec![]));
            if *m != Affine::IDENTITY {
                out.push(op("cm", matrix(m, false)));
            }
            if let Some(r) = clip {
                out.extend([
                    op("re", vec![pt(r.x), pt(r.y), pt(r.w), pt(r.h)]),
                    op("W", vec![]),
                    op("n", vec![]),
                ]);
            }
            for o in ops {
                push(o, names, out);
            }
            out.push(op("Q", vec![]));
            if card.is_some() {
                out.push(op("EMC", vec![]));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pnp::draw::{Rect, p};

    fn operators(o: Op) -> Vec<String> {
        let names = Names {
            images: HashMap::new(),
            fonts: HashMap::new(),
        };
        let bytes = encode(&[o], &names).unwrap();
        lopdf::content::Content::decode(&bytes)
            .unwrap()
            .operations
            .into_iter()
            .map(|o| o.operator)
            .collect()
    }

    #[test]
    fn paths_keep_pdfs_own_reading_of_moves_and_closes() {
        // a closed square, a line on from its start (PDF: after `h` the
        // current point is the subpath's start), then a line of its own
        let mut path = Path::rect(Rect::new(0.0, 0.0, 10.0, 10.0));
        path.segs.push(Seg::Line(p(20.0, 20.0)));
        path.extend(Path::line(p(1.0, 1.0), p(2.0, 2.0)));
        let ops = operators(Op::Stroke {
            path,
            color: Rgb::BLACK,
            width: 0.2,
            dash: None,
        });
        assert_eq!(ops.join(" "), "q w RG m l l l h l m l S Q", "{ops:?}");
        let ops = operators(Op::Fill {
            path: Path::ellipse(p(5.0, 5.0), 2.0, 1.0),
            color: Rgb::BLACK,
        });
        assert_eq!(ops.iter().filter(|o| *o == "c").count(), 4, "{ops:?}");
        assert_eq!(ops.last().map(String::as_str), Some("f"));
        // a path of nothing but a move draws nothing
        let mut lone = Path::line(p(0.0, 0.0), p(1.0, 1.0));
        lone.segs.truncate(1);
        assert!(
            operators(Op::Fill {
                path: lone,
                color: Rgb::BLACK
            })
            .is_empty()
        );
    }
}
