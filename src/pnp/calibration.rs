//! The duplex calibration sheet: how a user measures the printer offset that
//! [`super::Calibration`] corrects.
//!
//! Page 1 (front) carries a cross through the page centre. Page 2 (back)
//! carries two millimetre scales through the centre, printed without any
//! offset. Printed on both sides (long-edge) and held to the light with the
//! back facing you, the front's vertical line crosses the horizontal scale at
//! the `dx` to enter and its horizontal line crosses the vertical scale at
//! `dy`:
//!
//! a scale mark labelled `v` sits at `W/2 + v` on the back page. If the
//! printer puts the back `e` mm to the right (as seen on the back), that mark
//! lands at `W/2 + v + e`, under the front's line (at `W/2`, which the
//! long-edge flip maps onto itself) when `v = −e` — exactly the shift that
//! cancels the printer's. The same holds for `dy`.

use super::PnpError;
use super::draw::{Op, Page, Path, Rect, Rgb, p};
use super::font::Face;
use super::layout::HEADER_COLOR;
use super::options::Paper;
use super::pdf;

/// How far the scales reach each way from the centre, mm.
pub const SCALE_MM: i32 = 10;

const LINE: f64 = 0.15;

/// The two-page calibration PDF for `paper`.
pub fn calibration_sheet(paper: Paper) -> Result<Vec<u8>, PnpError> {
    let (w, h) = paper.size_mm();
    let (cx, cy) = (w / 2.0, h / 2.0);
    let full = Rect::new(0.0, 0.0, w, h);
    let text = |y: f64, size: f64, face: Face, s: &str| {
        let width = face.font().width(s, size) / super::draw::PT_PER_MM;
        Op::text(p(cx - width / 2.0, y), size, face, HEADER_COLOR, s)
    };

    let mut front = vec![
        text(h - 20.0, 12.0, Face::Bold, "Duplex calibration: front"),
        text(
            h - 27.0,
            8.0,
            Face::Regular,
            "Print both pages on one sheet, two-sided, flipped on the long edge, at 100% (actual size).",
        ),
    ];
    let mut cross = Path::default();
    cross.extend(Path::line(p(cx, cy - 40.0), p(cx, cy + 40.0)));
    cross.extend(Path::line(p(cx - 40.0, cy), p(cx + 40.0, cy)));
    front.push(Op::Stroke {
        path: cross,
        color: Rgb::BLACK,
        width: LINE,
        dash: None,
    });

    let mut back = vec![
        text(h - 20.0, 12.0, Face::Bold, "Duplex calibration: back"),
        text(
            h - 27.0,
            8.0,
            Face::Regular,
            "Hold the sheet to the light, this side facing you. The front's vertical line",
        ),
        text(
            h - 31.0,
            8.0,
            Face::Regular,
            "crosses the upper scale at your dx; its horizontal line crosses the side scale at your dy.",
        ),
        text(
            h - 35.0,
            8.0,
            Face::Regular,
            "Enter them as the printer offset (mm); 0 and 0 mean the printer needs none.",
        ),
    ];
    let mut ticks = Path::default();
    // the horizontal scale sits above the centre, the vertical one right of
    // it, clear of each other; the front's cross is read where it meets them
    let (sy, sx) = (cy + 14.0, cx + 14.0);
    for v in -SCALE_MM..=SCALE_MM {
        let f = f64::from(v);
        let len = if v % 5 == 0 { 4.0 } else { 2.0 };
        ticks.extend(Path::line(p(cx + f, sy), p(cx + f, sy + len)));
        ticks.extend(Path::line(p(sx, cy + f), p(sx + len, cy + f)));
        if v % 5 == 0 {
            let label = v.to_string();
            let size = 5.0;
            let lw = Face::Regular.font().width(&label, size) / super::draw::PT_PER_MM;
            back.push(Op::text(
                p(cx + f - lw / 2.0, sy + 5.0),
                size,
                Face::Regular,
                HEADER_COLOR,
                label.clone(),
            ));
            back.push(Op::text(
                p(sx + 5.0, cy + f - 0.6),
                size,
                Face::Regular,
                HEADER_COLOR,
                label,
            ));
        }
    }
    ticks.extend(Path::line(p(cx - 10.0, sy), p(cx + 10.0, sy)));
    ticks.extend(Path::line(p(sx, cy - 10.0), p(sx, cy + 10.0)));
    back.push(Op::Stroke {
        path: ticks,
        color: Rgb::BLACK,
        width: LINE,
        dash: None,
    });
    back.push(text(sy + 9.0, 7.0, Face::Bold, "dx (mm)"));
    back.push(Op::text(
        p(sx + 10.0, cy - 1.0),
        7.0,
        Face::Bold,
        HEADER_COLOR,
        "dy (mm)",
    ));

    let page = |ops| Page {
        width: w,
        height: h,
        trim: full,
        bleed: full,
        ops,
    };
    pdf::write(
        &[page(front), page(back)],
        Vec::new(),
        &pdf::Meta {
            title: "Duplex calibration".into(),
            duplex: true,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use lopdf::Document;

    #[test]
    fn two_pages_for_long_edge_duplex() {
        for paper in Paper::ALL {
            let bytes = calibration_sheet(paper).unwrap();
            let doc = Document::load_mem(&bytes).unwrap();
            assert_eq!(doc.get_pages().len(), 2);
            let text = doc.extract_text(&[2]).unwrap();
            assert!(text.contains("dx (mm)") && text.contains("-10"), "{text}");
        }
    }
}
