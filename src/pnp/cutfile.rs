//! Cut files for print-and-cut machines (issue 26): the cut line of every
//! card on a front page, as SVG or DXF, for Silhouette Studio, Cricut Design
//! Space or any cutter's software to import.
//!
//! - **One file per sheet.** A cutter cuts one printed page at a time and
//!   its software opens one design at a time, so each printed front page gets
//!   its own file: `OUT.svg` when the export has one sheet, else `OUT-1.svg`,
//!   `OUT-2.svg`, … (the same for `.dxf`). Full pages have the same cut lines;
//!   the last page may have fewer cards.
//! - **One closed path per card**: the card's trim rectangle (not its
//!   bleed) with rounded corners of the chosen radius, the corners as true
//!   circular arcs (SVG `A`, DXF polyline bulges).
//! - **Millimetres, page coordinates.** Both files are the size of the PDF
//!   page. The SVG is `width="…mm" height="…mm"` with a `viewBox` in mm, so
//!   it imports at actual size, its y axis pointing down as SVG's does (a
//!   card `y` mm above the PDF page's bottom edge is at `H − y` in the SVG).
//!   The DXF has the PDF's own axes: origin at the page's bottom-left
//!   corner, y up, units mm (`$INSUNITS` 4).
//! - **DXF** is written by hand as AutoCAD R12 text (`AC1009`): a header,
//!   and per card a closed `POLYLINE` of `VERTEX`es on layer `CUT`, ended by
//!   `SEQEND`. R12 is the DXF every cutter's software reads; a crate for
//!   it (`dxf`) would add some 100,000 generated lines for 60 lines here.
//! - The registration marks are not in the cut file: the machine's software
//!   places its own (Silhouette Studio: Registration Marks panel, with the
//!   settings the PDF's footer gives).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::PnpError;
use super::draw::Rect;
use super::job::Plan;
use super::options::Layout;

/// The cut file formats, chosen by the file name's extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CutFormat {
    Svg,
    Dxf,
}

impl CutFormat {
    /// `.svg` or `.dxf` (any case); anything else is an error naming both.
    pub fn from_path(path: &Path) -> Result<CutFormat, PnpError> {
        match path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase)
            .as_deref()
        {
            Some("svg") => Ok(CutFormat::Svg),
            Some("dxf") => Ok(CutFormat::Dxf),
            _ => Err(PnpError::Option(format!(
                "the cut file {} must end in .svg or .dxf",
                path.display()
            ))),
        }
    }
}

/// The cut lines of one printed front page.
#[derive(Clone, Debug, PartialEq)]
pub struct CutPage {
    /// The page size (as the PDF's: landscape when the PDF page is).
    pub width: f64,
    pub height: f64,
    /// The cards' trim rectangles, PDF page coordinates (bottom-left origin).
    pub cards: Vec<Rect>,
    /// The corners' radius.
    pub radius: f64,
}

impl Plan {
    /// The cut lines of every sheet's front page, with corners of `radius`
    /// mm. Nine-up only: an eight-fold sheet is folded before it is cut.
    pub fn cut_pages(&self, radius: f64) -> Result<Vec<CutPage>, PnpError> {
        if self.options.layout != Layout::NineUp {
            return Err(PnpError::Option(
                "cut files need the nine-up layout: an eight-fold sheet is folded before it is cut"
                    .into(),
            ));
        }
        let g = &self.geometry;
        let per = g.per_sheet();
        Ok((0..self.sheets())
            .map(|s| {
                let n = (self.cards.len() - s * per).min(per);
                CutPage {
                    width: g.page_w,
                    height: g.page_h,
                    cards: g.fronts[..n].to_vec(),
                    radius: radius.min(g.card_w / 2.0).min(g.card_h / 2.0).max(0.0),
                }
            })
            .collect())
    }

    /// Writes the cut files for `path` (see the module docs for the names);
    /// returns the files written.
    pub fn write_cut_files(&self, path: &Path, radius: f64) -> Result<Vec<PathBuf>, PnpError> {
        let format = CutFormat::from_path(path)?;
        let pages = self.cut_pages(radius)?;
        let names = cut_file_names(path, pages.len());
        for (page, name) in pages.iter().zip(&names) {
            let text = match format {
                CutFormat::Svg => svg(page),
                CutFormat::Dxf => dxf(page),
            };
            std::fs::write(name, text).map_err(|e| PnpError::Write {
                path: name.clone(),
                reason: e.to_string(),
            })?;
        }
        Ok(names)
    }
}

/// `OUT.ext` for one page, `OUT-1.ext` … `OUT-n.ext` for several.
pub fn cut_file_names(path: &Path, pages: usize) -> Vec<PathBuf> {
    if pages <= 1 {
        return vec![path.to_path_buf()];
    }
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let ext = path
        .extension()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    (1..=pages)
        .map(|i| path.with_file_name(format!("{stem}-{i}.{ext}")))
        .collect()
}

/// A length with at most three decimals (a micrometre), no trailing zeros.
fn num(v: f64) -> String {
    let s = format!("{:.3}", v + 0.0);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}

/// One page's cut lines as an SVG document.
pub fn svg(page: &CutPage) -> String {
    let (w, h, r) = (page.width, page.height, page.radius);
    let mut out = String::new();
    let _ = writeln!(out, r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{}mm" height="{}mm" viewBox="0 0 {} {}">"#,
        num(w),
        num(h),
        num(w),
        num(h)
    );
    let _ = writeln!(
        out,
        "  <title>Deckwright cut lines: {} cards, corner radius {} mm</title>",
        page.cards.len(),
        num(r)
    );
    let _ = writeln!(
        out,
        r##"  <g id="cut" fill="none" stroke="#ff0000" stroke-width="0.1">"##
    );
    for (i, c) in page.cards.iter().enumerate() {
        // SVG's y points down: the card's top edge is at h − top
        let (x0, x1) = (c.x, c.right());
        let (y0, y1) = (h - c.top(), h - c.y);
        let d = if r > 0.0 {
            format!(
                "M{} {}H{}A{r} {r} 0 0 1 {} {}V{}A{r} {r} 0 0 1 {} {}H{}A{r} {r} 0 0 1 {} {}V{}A{r} {r} 0 0 1 {} {}Z",
                num(x0 + r),
                num(y0),
                num(x1 - r),
                num(x1),
                num(y0 + r),
                num(y1 - r),
                num(x1 - r),
                num(y1),
                num(x0 + r),
                num(x0),
                num(y1 - r),
                num(y0 + r),
                num(x0 + r),
                num(y0),
                r = num(r),
            )
        } else {
            format!(
                "M{} {}H{}V{}H{}Z",
                num(x0),
                num(y0),
                num(x1),
                num(y1),
                num(x0)
            )
        };
        let _ = writeln!(out, r#"    <path id="card-{}" d="{d}"/>"#, i + 1);
    }
    let _ = writeln!(out, "  </g>\n</svg>");
    out
}

/// The bulge of a quarter circle turning left: tan(90° / 4).
const QUARTER_BULGE: f64 = 0.414_213_562_373_095_1;

/// One page's cut lines as an AutoCAD R12 DXF (see the module docs).
pub fn dxf(page: &CutPage) -> String {
    let mut out = String::new();
    let mut pair = |code: i32, value: &str| {
        let _ = writeln!(out, "{code:>3}\n{value}");
    };
    pair(0, "SECTION");
    pair(2, "HEADER");
    pair(9, "$ACADVER");
    pair(1, "AC1009");
    pair(9, "$INSUNITS");
    pair(70, "4");
    pair(9, "$EXTMIN");
    pair(10, "0");
    pair(20, "0");
    pair(9, "$EXTMAX");
    pair(10, &num(page.width));
    pair(20, &num(page.height));
    pair(0, "ENDSEC");
    pair(0, "SECTION");
    pair(2, "ENTITIES");
    let r = page.radius;
    for c in &page.cards {
        let (x0, y0, x1, y1) = (c.x, c.y, c.right(), c.top());
        // counter-clockwise from the bottom edge; a vertex's bulge bends the
        // segment that leaves it
        let vertices: Vec<(f64, f64, f64)> = if r > 0.0 {
            let b = QUARTER_BULGE;
            vec![
                (x0 + r, y0, 0.0),
                (x1 - r, y0, b),
                (x1, y0 + r, 0.0),
                (x1, y1 - r, b),
                (x1 - r, y1, 0.0),
                (x0 + r, y1, b),
                (x0, y1 - r, 0.0),
                (x0, y0 + r, b),
            ]
        } else {
            vec![(x0, y0, 0.0), (x1, y0, 0.0), (x1, y1, 0.0), (x0, y1, 0.0)]
        };
        pair(0, "POLYLINE");
        pair(8, "CUT");
        pair(66, "1");
        pair(10, "0");
        pair(20, "0");
        pair(30, "0");
        pair(70, "1");
        for (x, y, bulge) in vertices {
            pair(0, "VERTEX");
            pair(8, "CUT");
            pair(10, &num(x));
            pair(20, &num(y));
            pair(30, "0");
            if bulge != 0.0 {
                pair(42, &format!("{bulge:.12}"));
            }
        }
        pair(0, "SEQEND");
        pair(8, "CUT");
    }
    pair(0, "ENDSEC");
    pair(0, "EOF");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(r: f64) -> CutPage {
        CutPage {
            width: 210.0,
            height: 297.0,
            cards: vec![Rect::new(10.5, 192.5, 63.0, 88.0)],
            radius: r,
        }
    }

    #[test]
    fn svg_path_is_the_card_flipped_to_svg_axes() {
        let s = svg(&page(3.0));
        assert!(s.contains(r#"width="210mm" height="297mm" viewBox="0 0 210 297""#));
        // top edge at 297 − 280.5 = 16.5, from x 13.5 to 70.5
        assert!(
            s.contains(r#"d="M13.5 16.5H70.5A3 3 0 0 1 73.5 19.5V101.5A3 3 0 0 1 70.5 104.5H13.5A3 3 0 0 1 10.5 101.5V19.5A3 3 0 0 1 13.5 16.5Z""#),
            "{s}"
        );
        let sq = svg(&page(0.0));
        assert!(sq.contains(r#"d="M10.5 16.5H73.5V104.5H10.5Z""#), "{sq}");
    }

    #[test]
    fn dxf_is_r12_with_one_closed_polyline_a_card() {
        let d = dxf(&page(3.0));
        assert!(d.contains("AC1009"));
        assert_eq!(d.matches("\nPOLYLINE\n").count(), 1);
        assert_eq!(d.matches("\nVERTEX\n").count(), 8);
        assert_eq!(d.matches("\n 42\n0.414213562373\n").count(), 4);
        assert!(d.ends_with("  0\nEOF\n"));
        let sq = dxf(&page(0.0));
        assert_eq!(sq.matches("\nVERTEX\n").count(), 4);
        assert!(!sq.contains("\n 42\n"));
    }

    #[test]
    fn names_and_formats() {
        assert_eq!(
            CutFormat::from_path(Path::new("a/Cut.SVG")),
            Ok(CutFormat::Svg)
        );
        assert_eq!(CutFormat::from_path(Path::new("c.dxf")), Ok(CutFormat::Dxf));
        assert!(CutFormat::from_path(Path::new("c.pdf")).is_err());
        assert_eq!(
            cut_file_names(Path::new("d/cut.svg"), 1),
            vec![PathBuf::from("d/cut.svg")]
        );
        assert_eq!(
            cut_file_names(Path::new("d/cut.svg"), 2),
            vec![PathBuf::from("d/cut-1.svg"), PathBuf::from("d/cut-2.svg")]
        );
        assert_eq!(num(1.0), "1");
        assert_eq!(num(-0.0001), "0");
        assert_eq!(num(13.4500001), "13.45");
    }
}
