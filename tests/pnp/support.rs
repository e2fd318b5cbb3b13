//! Shared by the print-and-play tests (and `cli/games.rs`): export a fixture, read the
//! PDF back with lopdf (a small content-stream interpreter that finds every
//! card and where it was really drawn), and run the poppler/qpdf tools.
//!
//! The tools are required, never skipped: a missing tool fails the test with
//! the command that installs it.

#![allow(
    dead_code,
    reason = "shared by several test binaries, each using part of it"
)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::AtomicBool;

use deckwright::model::{Catalog, Deck};
use deckwright::pnp::{self, Export, PrintOptions};
use lopdf::content::Content;
use lopdf::{Document, Object, ObjectId};

pub const PT_PER_MM: f64 = 72.0 / 25.4;

pub fn root() -> PathBuf {
    crate::support::root().to_path_buf()
}

/// A file under `tests/fixtures/pnp/`.
pub fn fixture(rel: &str) -> PathBuf {
    crate::support::fixture("pnp").join(rel)
}

pub fn load(catalog: &Path, deck: &Path) -> (Catalog, Deck) {
    let catalog = deckwright::catalog::load(catalog)
        .unwrap_or_else(|e| panic!("{e}"))
        .catalog;
    let deck = deckwright::decklist::load(deck).unwrap_or_else(|e| panic!("{e}"));
    (catalog, deck)
}

/// Exports and parses.
pub fn export(catalog: &Catalog, deck: &Deck, opts: &PrintOptions) -> (Export, Document) {
    let plan = pnp::plan(catalog, deck, opts).unwrap_or_else(|e| panic!("{e}"));
    let export = plan
        .export(&|_| {}, &AtomicBool::new(false))
        .unwrap_or_else(|e| panic!("{e}"));
    let doc = Document::load_mem(&export.pdf).expect("lopdf reads the PDF");
    (export, doc)
}

/// A rectangle in millimetres (x, y bottom-left).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct R {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

impl R {
    pub fn new(x: f64, y: f64, w: f64, h: f64) -> R {
        R { x, y, w, h }
    }

    pub fn close_to(&self, o: &R, tol: f64) -> bool {
        (self.x - o.x).abs() <= tol
            && (self.y - o.y).abs() <= tol
            && (self.w - o.w).abs() <= tol
            && (self.h - o.h).abs() <= tol
    }

    pub fn center(&self) -> (f64, f64) {
        (self.x + self.w / 2.0, self.y + self.h / 2.0)
    }
}

/// One card as drawn on a page.
#[derive(Clone, Debug)]
pub struct DrawnCard {
    pub id: String,
    pub back: bool,
    /// The clip rectangle (the card's bleed box).
    pub clip: Option<R>,
    /// The first picture drawn, as placed (bounding box of its unit square).
    pub picture: Option<R>,
    /// The name of that picture's XObject and the matrix it was drawn with (pt).
    pub picture_name: Option<String>,
    pub picture_matrix: Option<[f64; 6]>,
    /// The first filled path's bounding box (a drawn face's frame).
    pub first_fill: Option<R>,
    /// The card's own transformation (the matrix in force at its clip), pt.
    pub matrix: [f64; 6],
}

impl DrawnCard {
    /// The card's trim rectangle: where its picture or its face was drawn.
    pub fn rect(&self) -> R {
        self.picture
            .or(self.first_fill)
            .unwrap_or_else(|| panic!("card {} draws nothing", self.id))
    }
}

/// A stroked segment: from, to (mm), dashed.
pub type Stroke = ((f64, f64), (f64, f64), bool);

/// Everything found on one page.
#[derive(Clone, Debug, Default)]
pub struct PageScan {
    pub cards: Vec<DrawnCard>,
    /// Stroked line segments outside any card (cut marks, ruler, fold), mm.
    pub strokes: Vec<Stroke>,
    pub images_used: Vec<String>,
}

fn mul(m: [f64; 6], n: [f64; 6]) -> [f64; 6] {
    // m applied first, then n
    [
        m[0] * n[0] + m[1] * n[2],
        m[0] * n[1] + m[1] * n[3],
        m[2] * n[0] + m[3] * n[2],
        m[2] * n[1] + m[3] * n[3],
        m[4] * n[0] + m[5] * n[2] + n[4],
        m[4] * n[1] + m[5] * n[3] + n[5],
    ]
}

fn apply(m: &[f64; 6], x: f64, y: f64) -> (f64, f64) {
    (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])
}

fn bbox_mm(pts: &[(f64, f64)]) -> R {
    let x0 = pts.iter().map(|p| p.0).fold(f64::INFINITY, f64::min);
    let x1 = pts.iter().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max);
    let y0 = pts.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
    let y1 = pts.iter().map(|p| p.1).fold(f64::NEG_INFINITY, f64::max);
    R::new(
        x0 / PT_PER_MM,
        y0 / PT_PER_MM,
        (x1 - x0) / PT_PER_MM,
        (y1 - y0) / PT_PER_MM,
    )
}

fn num(o: &Object) -> f64 {
    match o {
        Object::Integer(i) => *i as f64,
        Object::Real(r) => f64::from(*r),
        other => panic!("not a number: {other:?}"),
    }
}

/// Interprets a page's content stream.
pub fn scan(doc: &Document, page: ObjectId) -> PageScan {
    let content = Content::decode(&doc.get_page_content(page)).unwrap();
    let mut out = PageScan::default();
    let mut ctm = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0];
    let mut stack: Vec<[f64; 6]> = Vec::new();
    let mut path: Vec<(f64, f64)> = Vec::new();
    let mut segments: Vec<((f64, f64), (f64, f64))> = Vec::new();
    let mut last = (0.0, 0.0);
    let mut current: Option<DrawnCard> = None;
    let mut dash = false;
    for op in &content.operations {
        let o = &op.operands;
        match op.operator.as_str() {
            "q" => stack.push(ctm),
            "Q" => {
                ctm = stack.pop().expect("balanced q/Q");
                dash = false;
            }
            "cm" => {
                let m: Vec<f64> = o.iter().map(num).collect();
                ctm = mul([m[0], m[1], m[2], m[3], m[4], m[5]], ctm);
            }
            "d" => dash = o[0].as_array().map(|a| !a.is_empty()).unwrap_or(false),
            "m" => {
                last = apply(&ctm, num(&o[0]), num(&o[1]));
                path.push(last);
            }
            "l" => {
                let p = apply(&ctm, num(&o[0]), num(&o[1]));
                segments.push((last, p));
                last = p;
                path.push(p);
            }
            "c" => {
                let p = apply(&ctm, num(&o[4]), num(&o[5]));
                path.push(apply(&ctm, num(&o[0]), num(&o[1])));
                path.push(apply(&ctm, num(&o[2]), num(&o[3])));
                path.push(p);
                last = p;
            }
            "re" => {
                let (x, y, w, h) = (num(&o[0]), num(&o[1]), num(&o[2]), num(&o[3]));
                for (px, py) in [(x, y), (x + w, y), (x, y + h), (x + w, y + h)] {
                    path.push(apply(&ctm, px, py));
                }
            }
            "W" => {
                if let Some(c) = current.as_mut()
                    && c.clip.is_none()
                {
                    c.clip = Some(bbox_mm(&path));
                    c.matrix = ctm;
                }
            }
            "f" | "f*" => {
                if let Some(c) = current.as_mut()
                    && c.first_fill.is_none()
                    && c.picture.is_none()
                {
                    c.first_fill = Some(bbox_mm(&path));
                }
                path.clear();
                segments.clear();
            }
            "S" => {
                if current.is_none() {
                    for (a, b) in &segments {
                        out.strokes.push((
                            (a.0 / PT_PER_MM, a.1 / PT_PER_MM),
                            (b.0 / PT_PER_MM, b.1 / PT_PER_MM),
                            dash,
                        ));
                    }
                }
                path.clear();
                segments.clear();
            }
            "n" => {
                path.clear();
                segments.clear();
            }
            "Do" => {
                let name = String::from_utf8(o[0].as_name().unwrap().to_vec()).unwrap();
                out.images_used.push(name.clone());
                if let Some(c) = current.as_mut()
                    && c.picture.is_none()
                {
                    let pts: Vec<(f64, f64)> = [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)]
                        .iter()
                        .map(|&(x, y)| apply(&ctm, x, y))
                        .collect();
                    c.picture = Some(bbox_mm(&pts));
                    c.picture_name = Some(name);
                    c.picture_matrix = Some(ctm);
                }
            }
            "BDC" if o[0].as_name().ok() == Some(b"Card".as_slice()) => {
                let props = o[1].as_dict().unwrap();
                let id = props.get(b"Id").unwrap().as_str().unwrap();
                let side = props.get(b"Side").unwrap().as_name().unwrap();
                current = Some(DrawnCard {
                    id: String::from_utf8(id.to_vec()).unwrap(),
                    back: side == b"Back",
                    clip: None,
                    picture: None,
                    picture_name: None,
                    picture_matrix: None,
                    first_fill: None,
                    matrix: ctm,
                });
            }
            "EMC" => {
                if let Some(c) = current.take() {
                    out.cards.push(c);
                }
            }
            _ => {}
        }
    }
    out
}

/// Pages in order with their ids.
pub fn pages(doc: &Document) -> Vec<ObjectId> {
    doc.get_pages().into_values().collect()
}

/// A page box in mm.
pub fn page_box(doc: &Document, page: ObjectId, key: &[u8]) -> R {
    let d = doc.get_dictionary(page).unwrap();
    let a: Vec<f64> = d
        .get(key)
        .unwrap()
        .as_array()
        .unwrap()
        .iter()
        .map(num)
        .collect();
    R::new(
        a[0] / PT_PER_MM,
        a[1] / PT_PER_MM,
        (a[2] - a[0]) / PT_PER_MM,
        (a[3] - a[1]) / PT_PER_MM,
    )
}

/// Image XObjects (not soft masks) in the file.
pub fn image_objects(doc: &Document) -> Vec<(ObjectId, &lopdf::Stream)> {
    let masks: Vec<ObjectId> = doc
        .objects
        .values()
        .filter_map(|o| o.as_stream().ok())
        .filter_map(|s| s.dict.get(b"SMask").ok())
        .filter_map(|o| o.as_reference().ok())
        .collect();
    doc.objects
        .iter()
        .filter_map(|(id, o)| o.as_stream().ok().map(|s| (*id, s)))
        .filter(|(id, s)| {
            s.dict.get(b"Subtype").and_then(|v| v.as_name()).ok() == Some(b"Image".as_slice())
                && !masks.contains(id)
        })
        .collect()
}

/// The path of an installed tool, or a failure saying how to install it.
pub fn tool(name: &str) -> PathBuf {
    let found = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|d| d.join(name))
            .find(|p| p.is_file())
    });
    found.unwrap_or_else(|| {
        panic!(
            "`{name}` is not installed; the print-and-play tests need it: \
             apt-get install -y qpdf poppler-utils (as .ci/run does)"
        )
    })
}

/// `qpdf --check` must pass (exit 0).
pub fn qpdf_check(pdf: &Path) {
    let out = Command::new(tool("qpdf"))
        .arg("--check")
        .arg(pdf)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "qpdf --check {}: {}\n{}",
        pdf.display(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Renders one page (1-based) with pdftoppm.
pub fn render(pdf: &Path, page: usize, dpi: u32) -> image::RgbImage {
    let dir = tempfile::tempdir().unwrap();
    let prefix = dir.path().join("page");
    let status = Command::new(tool("pdftoppm"))
        .args([
            "-r",
            &dpi.to_string(),
            "-f",
            &page.to_string(),
            "-l",
            &page.to_string(),
        ])
        .args(["-png", "-singlefile"])
        .arg(pdf)
        .arg(&prefix)
        .status()
        .unwrap();
    assert!(status.success(), "pdftoppm failed on {}", pdf.display());
    image::open(prefix.with_extension("png")).unwrap().to_rgb8()
}

/// Text of one page (1-based) with pdftotext.
pub fn text(pdf: &Path, page: usize) -> String {
    let out = Command::new(tool("pdftotext"))
        .args(["-f", &page.to_string(), "-l", &page.to_string()])
        .arg(pdf)
        .arg("-")
        .output()
        .unwrap();
    assert!(out.status.success());
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The pixel at a page position in mm (origin bottom-left), for a render at `dpi`.
pub fn pixel_at(img: &image::RgbImage, page_h: f64, dpi: u32, x: f64, y: f64) -> [u8; 3] {
    let k = f64::from(dpi) / 25.4;
    let px = (x * k) as u32;
    let py = ((page_h - y) * k) as u32;
    img.get_pixel(px.min(img.width() - 1), py.min(img.height() - 1))
        .0
}

/// Whether two colours are within `tol` on every channel.
pub fn near(a: [u8; 3], b: [u8; 3], tol: u8) -> bool {
    a.iter().zip(b).all(|(x, y)| x.abs_diff(y) <= tol)
}

/// Writes bytes to a file in a fresh temporary folder (kept alive by the guard).
pub fn temp_pdf(bytes: &[u8]) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("out.pdf");
    std::fs::write(&path, bytes).unwrap();
    (dir, path)
}
