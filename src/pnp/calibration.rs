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
use super::cutfile::CutPage;
use super::cutter::Marks;
use super::draw::{Op, Page, Path, Rect, Rgb, p};
use super::font::Face;
use super::layout::HEADER_COLOR;
use super::options::CutMarks;
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

/// The cutter calibration sheet's test rectangle, mm: cut along it, the
/// piece should measure exactly this.
pub const CUTTER_TEST_MM: (f64, f64) = (80.0, 50.0);
/// How far the printed guide lines run outside and inside the cut line.
pub const CUTTER_GUIDE_MM: f64 = 2.0;

/// The cutter calibration sheet (issue 26): one page with `machine`'s
/// registration marks and, centred, the guides of a [`CUTTER_TEST_MM`]
/// rectangle; and that rectangle as the [`CutPage`] to load into the
/// cutter's software (square corners).
///
/// The rectangle is not printed: two thin outlines are, [`CUTTER_GUIDE_MM`]
/// outside and inside the cut line. After the cut, the piece measures
/// 80 × 50 mm if the cutter's scale is right, and the inner outline runs
/// 2 mm from each of its edges if the cut lines up with the print: 1.5 mm on
/// the left and 2.5 mm on the right mean the cut lands 0.5 mm left of the
/// print, which the machine's own print-and-cut calibration corrects
/// (Silhouette Studio: Registration Marks → Calibration; Design Space:
/// Print Then Cut calibration).
pub fn cutter_sheet(paper: Paper, machine: CutMarks) -> Result<(Vec<u8>, CutPage), PnpError> {
    if machine == CutMarks::None {
        return Err(PnpError::Option(
            "the cutter calibration sheet needs a machine: silhouette or cricut".into(),
        ));
    }
    let (w, h) = paper.size_mm();
    let (tw, th) = CUTTER_TEST_MM;
    let cut = Rect::new((w - tw) / 2.0, (h - th) / 2.0, tw, th);
    let guides = cut.outset(CUTTER_GUIDE_MM);
    let marks = Marks::fit(machine, w, h, &[guides]).ok_or_else(|| {
        PnpError::Layout(format!(
            "the {machine} marks leave no room for the test rectangle on {paper}"
        ))
    })?;
    let centre = |y: f64, size: f64, face: Face, s: &str| {
        let width = face.font().width(s, size) / super::draw::PT_PER_MM;
        Op::text(p((w - width) / 2.0, y), size, face, HEADER_COLOR, s)
    };
    let mut ops = marks.ops();
    let mut outline = Path::rect(cut.outset(CUTTER_GUIDE_MM));
    outline.extend(Path::rect(cut.outset(-CUTTER_GUIDE_MM)));
    ops.push(Op::Stroke {
        path: outline,
        color: Rgb::BLACK,
        width: LINE,
        dash: None,
    });
    let top = cut.top() + 30.0;
    ops.extend([
        centre(top, 12.0, Face::Bold, &format!("Cutter calibration: {machine}")),
        centre(
            top - 7.0,
            8.0,
            Face::Regular,
            "Print at 100% (actual size). Load the cut file (80 × 50 mm rectangle) and cut.",
        ),
        centre(
            top - 11.0,
            8.0,
            Face::Regular,
            "The piece should measure 80 × 50 mm; the inner line should run 2 mm from each edge.",
        ),
        centre(
            top - 15.0,
            8.0,
            Face::Regular,
            "Off by e mm on a side: the cut lands e mm off the print there (correct it in the machine's software).",
        ),
        centre(
            cut.y - 12.0,
            7.0,
            Face::Regular,
            &super::layout::fit_text(Face::Regular, &marks.settings(), 7.0, w - 70.0),
        ),
    ]);
    let page = Page {
        width: w,
        height: h,
        trim: cut,
        bleed: cut,
        ops,
    };
    let pdf = pdf::write(
        &[page],
        Vec::new(),
        &pdf::Meta {
            title: format!("Cutter calibration ({machine})"),
            duplex: false,
        },
    )?;
    Ok((
        pdf,
        CutPage {
            width: w,
            height: h,
            cards: vec![cut],
            radius: 0.0,
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use lopdf::Document;
    use strum::VariantArray;

    #[test]
    fn the_cutter_sheet_has_marks_and_the_test_rectangle() {
        for &paper in Paper::VARIANTS {
            for machine in [CutMarks::Silhouette, CutMarks::Cricut] {
                let (bytes, cut) = cutter_sheet(paper, machine).unwrap();
                let doc = Document::load_mem(&bytes).unwrap();
                assert_eq!(doc.get_pages().len(), 1);
                let text = doc.extract_text(&[1]).unwrap();
                assert!(text.contains("Cutter calibration"), "{text}");
                assert_eq!(cut.cards.len(), 1);
                assert_eq!((cut.cards[0].w, cut.cards[0].h), CUTTER_TEST_MM);
            }
        }
        assert!(cutter_sheet(Paper::A4, CutMarks::None).is_err());
    }

    #[test]
    fn two_pages_for_long_edge_duplex() {
        for &paper in Paper::VARIANTS {
            let bytes = calibration_sheet(paper).unwrap();
            let doc = Document::load_mem(&bytes).unwrap();
            assert_eq!(doc.get_pages().len(), 2);
            let text = doc.extract_text(&[2]).unwrap();
            assert!(text.contains("dx (mm)") && text.contains("-10"), "{text}");
        }
    }
}
