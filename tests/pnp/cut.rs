//! Print-and-cut (issue 26): the machines' registration marks where their
//! specifications put them, cards clear of them, cut files (SVG, DXF) that
//! match the PDF's cards to 0.1 mm, the bleed made from the art, the cutter
//! calibration sheet, and the command line's flags and exit codes.

use std::path::Path;

use deckwright::pnp::cutter::{
    CLEARANCE, SILHOUETTE_INSET, SILHOUETTE_SQUARE, SILHOUETTE_THICKNESS,
};
use deckwright::pnp::{self, BleedFromArt, CutMarks, Layout, Paper, PrintOptions};
use image::{DynamicImage, Rgb};
use strum::VariantArray;

use crate::pnp_support::*;
use crate::support::{deckwright, s, stderr, stdout};

fn images_fixture() -> (deckwright::model::Catalog, deckwright::model::Deck) {
    load(&fixture("images/catalog.toml"), &fixture("images/deck.txt"))
}

fn opts(paper: Paper, marks: CutMarks, backs: bool) -> PrintOptions {
    PrintOptions {
        paper,
        cut_marks: marks,
        backs,
        ..PrintOptions::default()
    }
}

/// SVG path data of our own writer: M x y, then H/V/A/Z commands. The
/// bounding box of its points, in SVG coordinates (y down).
fn svg_boxes(svg: &str) -> Vec<R> {
    let mut out = Vec::new();
    for part in svg.split(" d=\"").skip(1) {
        let d = &part[..part.find('"').unwrap()];
        // split into commands and numbers
        let mut tokens: Vec<String> = Vec::new();
        let mut cur = String::new();
        for ch in d.chars() {
            if ch.is_ascii_alphabetic() {
                if !cur.is_empty() {
                    tokens.push(std::mem::take(&mut cur));
                }
                tokens.push(ch.to_string());
            } else if ch == ' ' {
                if !cur.is_empty() {
                    tokens.push(std::mem::take(&mut cur));
                }
            } else {
                cur.push(ch);
            }
        }
        if !cur.is_empty() {
            tokens.push(cur);
        }
        let (mut x, mut y) = (0.0f64, 0.0f64);
        let mut pts = Vec::new();
        let mut i = 0;
        let n = |i: usize| tokens[i].parse::<f64>().unwrap();
        while i < tokens.len() {
            match tokens[i].as_str() {
                "M" => {
                    (x, y) = (n(i + 1), n(i + 2));
                    i += 3;
                }
                "H" => {
                    x = n(i + 1);
                    i += 2;
                }
                "V" => {
                    y = n(i + 1);
                    i += 2;
                }
                "A" => {
                    (x, y) = (n(i + 6), n(i + 7));
                    i += 8;
                }
                "Z" => i += 1,
                t => panic!("unexpected SVG token {t} in {d}"),
            }
            pts.push((x, y));
        }
        let x0 = pts.iter().map(|p| p.0).fold(f64::INFINITY, f64::min);
        let x1 = pts.iter().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max);
        let y0 = pts.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
        let y1 = pts.iter().map(|p| p.1).fold(f64::NEG_INFINITY, f64::max);
        out.push(R::new(x0, y0, x1 - x0, y1 - y0));
    }
    out
}

/// A DXF read back as group-code pairs: each closed POLYLINE's vertices
/// (x, y, bulge).
fn dxf_polylines(dxf: &str) -> Vec<Vec<(f64, f64, f64)>> {
    let lines: Vec<&str> = dxf.lines().collect();
    assert!(lines.len().is_multiple_of(2), "pairs of lines");
    let pairs: Vec<(i32, &str)> = lines
        .chunks(2)
        .map(|c| (c[0].trim().parse().expect("a group code"), c[1]))
        .collect();
    assert_eq!(pairs.last(), Some(&(0, "EOF")));
    assert!(pairs.contains(&(1, "AC1009")), "R12");
    let mut polys = Vec::new();
    let mut i = 0;
    while i < pairs.len() {
        if pairs[i] == (0, "POLYLINE") {
            let mut closed = false;
            let mut verts = Vec::new();
            i += 1;
            while pairs[i].0 != 0 {
                if pairs[i].0 == 70 {
                    closed = pairs[i].1.trim() == "1";
                }
                i += 1;
            }
            while pairs[i] == (0, "VERTEX") {
                let (mut x, mut y, mut b) = (f64::NAN, f64::NAN, 0.0);
                i += 1;
                while pairs[i].0 != 0 {
                    let v = pairs[i].1.trim();
                    match pairs[i].0 {
                        10 => x = v.parse().unwrap(),
                        20 => y = v.parse().unwrap(),
                        42 => b = v.parse().unwrap(),
                        _ => {}
                    }
                    i += 1;
                }
                verts.push((x, y, b));
            }
            assert_eq!(pairs[i], (0, "SEQEND"));
            assert!(closed, "closed polyline");
            polys.push(verts);
        }
        i += 1;
    }
    polys
}

fn bbox(v: &[(f64, f64, f64)]) -> R {
    let x0 = v.iter().map(|p| p.0).fold(f64::INFINITY, f64::min);
    let x1 = v.iter().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max);
    let y0 = v.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
    let y1 = v.iter().map(|p| p.1).fold(f64::NEG_INFINITY, f64::max);
    R::new(x0, y0, x1 - x0, y1 - y0)
}

/// The SVG's and the DXF's card outlines are the PDF's cards, as drawn, to
/// 0.1 mm, on every sheet, for both machines and every paper.
#[test]
fn cut_files_match_the_pdf_cards_to_a_tenth_of_a_millimetre() {
    let (catalog, deck) = images_fixture();
    for &paper in Paper::VARIANTS {
        for marks in [CutMarks::Silhouette, CutMarks::Cricut, CutMarks::None] {
            let o = opts(paper, marks, true);
            let plan = pnp::plan(&catalog, &deck, &o).unwrap();
            let (_, doc) = export(&catalog, &deck, &o);
            let cut = plan.cut_pages(3.0).unwrap();
            assert_eq!(cut.len(), plan.sheets());
            let ids = pages(&doc);
            for (sheet, page) in cut.iter().enumerate() {
                // fronts are every other page with backs
                let scan = scan(&doc, ids[2 * sheet]);
                let drawn: Vec<R> = scan
                    .cards
                    .iter()
                    .filter(|c| !c.back)
                    .map(|c| c.rect())
                    .collect();
                assert_eq!(drawn.len(), page.cards.len());
                let media = page_box(&doc, ids[2 * sheet], b"MediaBox");
                let svg = pnp::cutfile::svg(page);
                let boxes = svg_boxes(&svg);
                let polys = dxf_polylines(&pnp::cutfile::dxf(page));
                assert_eq!(boxes.len(), drawn.len());
                assert_eq!(polys.len(), drawn.len());
                for ((d, b), poly) in drawn.iter().zip(&boxes).zip(&polys) {
                    // SVG y down: the PDF card's top is at H − top
                    let flipped = R::new(b.x, media.h - b.y - b.h, b.w, b.h);
                    assert!(
                        flipped.close_to(d, 0.1),
                        "{paper:?} {marks:?} sheet {sheet}: svg {flipped:?} vs pdf {d:?}"
                    );
                    assert!(bbox(poly).close_to(d, 0.1), "dxf {poly:?} vs {d:?}");
                    // 4 rounded corners, each a quarter circle
                    let bulges: Vec<f64> = poly.iter().map(|v| v.2).filter(|b| *b != 0.0).collect();
                    assert_eq!(bulges.len(), 4);
                    for b in bulges {
                        assert!((b - (std::f64::consts::PI / 8.0).tan()).abs() < 1e-9);
                    }
                }
            }
        }
    }
}

/// Silhouette marks rendered by poppler: the 5 mm square at the top-left,
/// its stroke centred 10 mm from the edges; the L marks at top-right and
/// bottom-left; nothing at the bottom-right; nothing on back pages; no card
/// inside a keep-out zone. `qpdf --check` passes.
#[test]
fn silhouette_marks_are_where_studio_looks_for_them() {
    let (catalog, deck) = images_fixture();
    for paper in [Paper::A4, Paper::Letter] {
        let o = opts(paper, CutMarks::Silhouette, true);
        let plan = pnp::plan(&catalog, &deck, &o).unwrap();
        let g = &plan.geometry;
        let m = g.machine.as_ref().expect("marks");
        let (export, doc) = export(&catalog, &deck, &o);
        let (_dir, path) = temp_pdf(&export.pdf);
        qpdf_check(&path);
        assert_eq!(export.report.cards_per_sheet, g.per_sheet());
        assert!(
            export.report.notes[0].contains("instead of 9"),
            "{:?}",
            export.report.notes
        );
        let dpi = 254; // 10 pixels a millimetre
        let img = render(&path, 1, dpi);
        let (w, h) = (g.page_w, g.page_h);
        let at = |x: f64, y_from_top: f64| pixel_at(&img, h, dpi, x, h - y_from_top);
        let black = |c: [u8; 3]| near(c, [0, 0, 0], 60);
        let white = |c: [u8; 3]| near(c, [255, 255, 255], 30);
        let (i, t, sq) = (SILHOUETTE_INSET, SILHOUETTE_THICKNESS, SILHOUETTE_SQUARE);
        // the square: inside, and its outer edge at 10 − 0.25 mm
        assert!(black(at(i + sq / 2.0, i + sq / 2.0)));
        assert!(black(at(i - t / 2.0 + 0.1, i + 1.0)));
        assert!(white(at(i - t / 2.0 - 0.2, i + 1.0)));
        assert!(white(at(i + sq + t / 2.0 + 0.2, i + 1.0)));
        // top-right L: horizontal arm along the 10 mm line, vertical arm
        // down the right one, `arm` long
        assert!(black(at(w - i - m.arm + 0.3, i)));
        assert!(white(at(w - i - m.arm - 0.3, i)));
        assert!(black(at(w - i, i + m.arm - 0.3)));
        assert!(white(at(w - i, i + m.arm + 0.3)));
        assert!(white(at(w - i - 2.0, i + 2.0)), "an L, not a square");
        // bottom-left L
        assert!(black(at(i + m.arm - 0.3, h - i)));
        assert!(black(at(i, h - i - m.arm + 0.3)));
        assert!(white(at(i + 2.0, h - i - 2.0)));
        // bottom-right: nothing
        assert!(white(at(w - i, h - i)));
        // the back page carries no marks
        let back = render(&path, 2, dpi);
        let at_back = |x: f64, yt: f64| pixel_at(&back, h, dpi, x, h - yt);
        assert!(white(at_back(i + sq / 2.0, i + sq / 2.0)));
        assert!(white(at_back(w - i - 1.0, i)));
        // keep-outs and the cut area hold against the drawn cards
        let scan = scan(&doc, pages(&doc)[0]);
        for c in scan.cards.iter().filter(|c| !c.back) {
            let r = c.clip.unwrap();
            for k in m.keep_out() {
                let apart = r.x >= k.right() - 1e-6
                    || k.x >= r.x + r.w - 1e-6
                    || r.y >= k.top() - 1e-6
                    || k.y >= r.y + r.h - 1e-6;
                assert!(apart, "card {r:?} in keep-out {k:?}");
            }
            assert!(r.x >= i + t / 2.0 + CLEARANCE - 1e-6);
            assert!(r.x + r.w <= w - i - t / 2.0 - CLEARANCE + 1e-6);
        }
        // nothing but the marks near them: no hand-cut marks, header or ruler
        assert!(
            scan.strokes.is_empty(),
            "{:?}",
            &scan.strokes[..3.min(scan.strokes.len())]
        );
    }
}

/// Cricut: the cards stay within Print Then Cut's 6.75 × 9.25 in, centred;
/// the frame and its top-left square are drawn around it.
#[test]
fn cricut_cards_stay_in_the_print_then_cut_area() {
    let (catalog, deck) = images_fixture();
    let o = opts(Paper::Letter, CutMarks::Cricut, false);
    let (export, doc) = export(&catalog, &deck, &o);
    let (_dir, path) = temp_pdf(&export.pdf);
    qpdf_check(&path);
    let report = export.report.cut_marks.as_ref().unwrap();
    let area = report.cut_area;
    assert!((area.w - 171.45).abs() < 1e-9 && (area.h - 234.95).abs() < 1e-9);
    assert!((area.x - (215.9 - 171.45) / 2.0).abs() < 1e-9);
    assert_eq!(export.report.cards_per_sheet, 4);
    let scan = scan(&doc, pages(&doc)[0]);
    for c in &scan.cards {
        let r = c.rect();
        assert!(r.x >= area.x - 1e-6 && r.x + r.w <= area.x + area.w + 1e-6);
        assert!(r.y >= area.y - 1e-6 && r.y + r.h <= area.y + area.h + 1e-6);
    }
    let dpi = 254;
    let img = render(&path, 1, dpi);
    let frame_y = area.y + area.h + 6.0; // the frame's centre line, top
    assert!(near(
        pixel_at(&img, 279.4, dpi, 108.0, frame_y),
        [0, 0, 0],
        60
    ));
    assert!(near(
        pixel_at(&img, 279.4, dpi, 108.0, frame_y + 1.5),
        [255, 255, 255],
        30
    ));
}

/// A picture made for the test, one pixel a millimetre: red rises steeply
/// with the column from the left edge, green with the row from the top.
fn gradient_catalog(dir: &Path) -> (deckwright::model::Catalog, deckwright::model::Deck) {
    let pic = image::RgbImage::from_fn(63, 88, |x, y| {
        Rgb([(x * 40).min(255) as u8, (y * 40).min(255) as u8, 128])
    });
    DynamicImage::ImageRgb8(pic)
        .save(dir.join("g.png"))
        .unwrap();
    std::fs::write(
        dir.join("cat.toml"),
        "game = \"dice-of-destiny\"\nname = \"t\"\n\n[[card]]\nname = \"G\"\ntype = \"creature\"\ncolour = \"red\"\nimage = \"g.png\"\n",
    )
    .unwrap();
    std::fs::write(dir.join("deck.txt"), "1 G\n").unwrap();
    load(&dir.join("cat.toml"), &dir.join("deck.txt"))
}

/// The bleed made from the art, read off poppler's render: `mirror` shows
/// at 1.5 mm outside the cut line the art 1.5 mm inside it; `extend` the
/// edge pixels; `none` paper.
#[test]
fn bleed_from_art_mirrors_or_extends_the_edges() {
    let dir = tempfile::tempdir().unwrap();
    let (catalog, deck) = gradient_catalog(dir.path());
    let dpi = 254;
    let mut seen = Vec::new();
    for mode in [
        BleedFromArt::Mirror,
        BleedFromArt::Extend,
        BleedFromArt::None,
    ] {
        let o = PrintOptions {
            paper: Paper::A3,
            bleed_mm: 3.0,
            gap_mm: 2.0,
            bleed_from_art: mode,
            ..PrintOptions::default()
        };
        let plan = pnp::plan(&catalog, &deck, &o).unwrap();
        let card = plan.geometry.fronts[0];
        let (export, _) = export(&catalog, &deck, &o);
        let (_d, path) = temp_pdf(&export.pdf);
        qpdf_check(&path);
        let img = render(&path, 1, dpi);
        let h = plan.geometry.page_h;
        let px = |x: f64, y: f64| pixel_at(&img, h, dpi, x, y);
        let mid_y = card.y + card.h / 2.0;
        let mid_x = card.x + card.w / 2.0;
        // left: 1.5 mm outside against 1.5 mm inside; the art's left column
        let out_l = px(card.x - 1.5, mid_y);
        let in_l = px(card.x + 1.5, mid_y);
        let edge_l = px(card.x + 0.1, mid_y);
        // top and right likewise (the picture's row 0 is the card's top)
        let out_t = px(mid_x, card.top() + 1.5);
        let in_t = px(mid_x, card.top() - 1.5);
        let edge_t = px(mid_x, card.top() - 0.1);
        let out_r = px(card.right() + 1.5, mid_y);
        let in_r = px(card.right() - 1.5, mid_y);
        match mode {
            BleedFromArt::Mirror => {
                assert!(near(out_l, in_l, 12), "{out_l:?} {in_l:?}");
                assert!(near(out_t, in_t, 12), "{out_t:?} {in_t:?}");
                assert!(near(out_r, in_r, 12), "{out_r:?} {in_r:?}");
                assert!(!near(out_l, edge_l, 6), "mirrored, not the edge column");
            }
            BleedFromArt::Extend => {
                assert!(near(out_l, edge_l, 6), "{out_l:?} {edge_l:?}");
                assert!(near(out_t, edge_t, 6), "{out_t:?} {edge_t:?}");
                assert!(!near(out_l, in_l, 6));
            }
            BleedFromArt::None => {
                assert!(near(out_l, [255, 255, 255], 3), "{out_l:?}");
                assert!(near(out_t, [255, 255, 255], 3), "{out_t:?}");
            }
        }
        // the same through the app's preview painter
        let preview = plan.preview(0, 254.0).unwrap();
        let k = 10.0;
        let pv = |x: f64, y: f64| {
            let p = preview.get_pixel((x * k) as u32, ((h - y) * k) as u32).0;
            [p[0], p[1], p[2]]
        };
        let (a, b) = (pv(card.x - 1.5, mid_y), pv(card.x + 1.5, mid_y));
        match mode {
            BleedFromArt::Mirror => assert!(near(a, b, 12), "preview {a:?} {b:?}"),
            BleedFromArt::None => assert!(near(a, [255, 255, 255], 3), "preview {a:?}"),
            BleedFromArt::Extend => assert!(!near(a, b, 6), "preview {a:?} {b:?}"),
        }
        seen.push(out_l);
    }
    assert_ne!(seen[0], seen[1]);
}

/// Nine cards fit no paper with machine marks; the layout says how many do,
/// in the report and on the pages, and no card ever touches a keep-out zone.
#[test]
fn every_paper_and_machine_leaves_the_marks_clear() {
    let (catalog, deck) = images_fixture();
    for &paper in Paper::VARIANTS {
        for marks in [CutMarks::Silhouette, CutMarks::Cricut] {
            for backs in [false, true] {
                for (gap, bleed) in [(0.0, 0.0), (1.25, 0.5), (2.0, 2.0)] {
                    let o = PrintOptions {
                        gap_mm: gap,
                        bleed_mm: bleed,
                        ..opts(paper, marks, backs)
                    };
                    let plan = pnp::plan(&catalog, &deck, &o).unwrap();
                    let g = &plan.geometry;
                    let m = g.machine.as_ref().unwrap();
                    assert!(g.per_sheet() >= 2, "{paper:?} {marks:?}: {}", g.per_sheet());
                    if backs {
                        assert!(g.page_w < g.page_h, "portrait for duplex");
                    }
                    for f in &g.fronts {
                        let r = f.outset(bleed);
                        let a = m.cut_area;
                        assert!(r.x >= a.x - 1e-9 && r.right() <= a.right() + 1e-9);
                        assert!(r.y >= a.y - 1e-9 && r.top() <= a.top() + 1e-9);
                        for k in m.keep_out() {
                            let apart = r.x >= k.right() - 1e-9
                                || k.x >= r.right() - 1e-9
                                || r.y >= k.top() - 1e-9
                                || k.y >= r.top() - 1e-9;
                            assert!(apart, "{paper:?} {marks:?}: {r:?} in {k:?}");
                        }
                    }
                    let notes = plan.layout_notes();
                    if g.per_sheet() < 9 {
                        assert!(notes[0].contains(&format!("{} cards a page", g.per_sheet())));
                    }
                }
            }
        }
    }
    // A4 with backs: 2 × 3 portrait; without: 4 × 2 landscape
    let a4 = |backs| {
        pnp::plan(
            &catalog,
            &deck,
            &opts(Paper::A4, CutMarks::Silhouette, backs),
        )
        .unwrap()
        .geometry
    };
    assert_eq!((a4(true).cols, a4(true).rows), (2, 3));
    assert_eq!((a4(false).cols, a4(false).rows), (4, 2));
    // eight-fold sheets are folded before they are cut
    let e = pnp::plan(
        &catalog,
        &deck,
        &PrintOptions {
            layout: Layout::EightFold,
            ..opts(Paper::A4, CutMarks::Silhouette, false)
        },
    )
    .unwrap_err();
    assert!(e.to_string().contains("nine-up"), "{e}");
}

/// The cutter calibration sheet: marks, an 80 × 50 mm test rectangle whose
/// cut line runs between the two printed guides; poppler renders it.
#[test]
fn the_cutter_calibration_sheet_has_a_measurable_rectangle() {
    for machine in [CutMarks::Silhouette, CutMarks::Cricut] {
        let (pdf, cut) = pnp::calibration::cutter_sheet(Paper::A4, machine).unwrap();
        let (_d, path) = temp_pdf(&pdf);
        qpdf_check(&path);
        let r = cut.cards[0];
        assert_eq!((r.w, r.h), (80.0, 50.0));
        assert!((r.x + r.w / 2.0 - 105.0).abs() < 1e-9);
        let dpi = 254;
        let img = render(&path, 1, dpi);
        let dark = |x: f64, y: f64| !near(pixel_at(&img, 297.0, dpi, x, y), [255, 255, 255], 60);
        let mid = r.y + r.h / 2.0;
        assert!(
            dark(r.x - 2.0, mid) && dark(r.x + 2.0, mid),
            "guides 2 mm either side"
        );
        assert!(!dark(r.x, mid), "the cut line itself is not printed");
        assert!(text(&path, 1).contains("Cutter calibration"));
        let polys = dxf_polylines(&pnp::cutfile::dxf(&cut));
        assert_eq!(polys.len(), 1);
        assert!(bbox(&polys[0]).close_to(&R::new(r.x, r.y, 80.0, 50.0), 1e-3));
    }
}

fn run(args: &[&str]) -> std::process::Output {
    deckwright().args(args).output().expect("run deckwright")
}

/// `deckwright pdf --cut-marks … --cut-file …`: the files, the notes on
/// stderr and in `--json`; bad values exit 2 with one clear message.
#[test]
fn the_command_line_writes_marks_and_cut_files() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("deck.pdf");
    let cut = dir.path().join("cut.dxf");
    let catalog = fixture("images/catalog.toml");
    let deck = fixture("images/deck.txt");
    let base = [
        "pdf",
        "--catalog",
        s(&catalog),
        s(&deck),
        "--layout",
        "nine-up",
        "-o",
        s(&out),
    ];
    let with = |extra: &[&str]| {
        let mut v: Vec<&str> = base.to_vec();
        v.extend_from_slice(extra);
        run(&v)
    };
    let o = with(&[
        "--cut-marks",
        "silhouette",
        "--backs",
        "--cut-file",
        s(&cut),
        "--corner-radius",
        "2.5",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o)
            .contains("note: silhouette marks: 6 cards a page (2 × 3, portrait) instead of 9"),
        "{}",
        stderr(&o)
    );
    let json: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(json["cards_per_sheet"], 6);
    assert_eq!(json["cut_marks"]["machine"], "silhouette");
    assert_eq!(json["corner_radius_mm"], 2.5);
    let files = json["cut_files"].as_array().unwrap();
    assert_eq!(files.len(), 2, "11 cards: 2 sheets, 2 cut files");
    assert!(json["notes"][0].as_str().unwrap().contains("instead of 9"));
    qpdf_check(&out);
    for f in files {
        let text = std::fs::read_to_string(f.as_str().unwrap()).unwrap();
        assert!(!dxf_polylines(&text).is_empty());
    }
    assert!(dir.path().join("cut-1.dxf").exists() && dir.path().join("cut-2.dxf").exists());

    let svg = dir.path().join("one.svg");
    let o = with(&["--cut-file", s(&svg), "--cards", "Red Hero"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&svg).unwrap();
    assert_eq!(svg_boxes(&text).len(), 1);
    assert!(text.contains("corner radius 3 mm"), "the 3 mm default");

    for (extra, says) in [
        (vec!["--cut-marks", "brother"], "brother"),
        (vec!["--bleed-from-art", "blur"], "blur"),
        (
            vec!["--corner-radius", "-1", "--cut-file", s(&svg)],
            "--corner-radius -1",
        ),
        (
            vec!["--corner-radius", "50", "--cut-file", s(&svg)],
            "between 0 and 10",
        ),
        (vec!["--cut-file", "cut.pdf"], "must end in .svg or .dxf"),
    ] {
        let o = with(&extra);
        assert_eq!(o.status.code(), Some(2), "{extra:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(says), "{extra:?}: {}", stderr(&o));
    }
    let mut v: Vec<&str> = base.to_vec();
    v[5] = "eight-fold";
    v.extend(["--cut-marks", "cricut"]);
    let o = run(&v);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("nine-up"), "{}", stderr(&o));
}

/// `deckwright calibration`: the duplex sheet and the cutters' test cut.
#[test]
fn the_calibration_command_writes_both_kinds() {
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("cal.pdf");
    let o = run(&[
        "calibration",
        "--sheet",
        "silhouette",
        "--paper",
        "letter",
        "-o",
        s(&pdf),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    qpdf_check(&pdf);
    let svg = std::fs::read_to_string(dir.path().join("cal-cut.svg")).unwrap();
    let b = svg_boxes(&svg);
    assert_eq!(b.len(), 1);
    assert!((b[0].w - 80.0).abs() < 1e-9 && (b[0].h - 50.0).abs() < 1e-9);
    let duplex = dir.path().join("duplex.pdf");
    let o = run(&["calibration", "--sheet", "duplex", "-o", s(&duplex)]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(lopdf::Document::load(&duplex).unwrap().get_pages().len(), 2);
    let o = run(&[
        "calibration",
        "--sheet",
        "cricut",
        "-o",
        s(&pdf),
        "--cut-file",
        "x.png",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains(".svg or .dxf"), "{}", stderr(&o));
}

/// Issue 48 item 5: `calibration -o` on a full disk (a file-size limit of
/// 4 KB, `ulimit -f`, with SIGXFSZ ignored so the write fails as it does on
/// a full disk) keeps the old sheet and the old cut file whole, leaves no
/// `.partial` (nor a 0-byte SVG) behind, and says so (exit 2).
#[cfg(unix)]
#[test]
fn calibration_on_a_full_disk_keeps_the_old_sheet() {
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("cal.pdf");
    let svg = dir.path().join("cal-cut.svg");
    let made = run(&["calibration", "--sheet", "cricut", "-o", s(&pdf)]);
    assert!(made.status.success(), "{}", stderr(&made));
    let (old_pdf, old_svg) = (std::fs::read(&pdf).unwrap(), std::fs::read(&svg).unwrap());
    assert!(
        old_pdf.len() > 8 << 10,
        "the sheet is bigger than the limit"
    );
    for (sheet, paper) in [("cricut", "letter"), ("duplex", "letter")] {
        let o = std::process::Command::new("bash")
            .arg("-c")
            .arg("ulimit -f 4; trap '' XFSZ; exec \"$DW_BIN\" \"$@\"")
            .arg("bash")
            .args([
                "calibration",
                "--sheet",
                sheet,
                "--paper",
                paper,
                "-o",
                s(&pdf),
            ])
            .env("DW_BIN", env!("CARGO_BIN_EXE_deckwright"))
            .env(
                "DECKWRIGHT_DB",
                std::env::temp_dir().join("deckwright-test-unused-cal.db"),
            )
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2), "{sheet}: {}", stderr(&o));
        assert!(stderr(&o).contains("cannot write"), "{}", stderr(&o));
        assert_eq!(
            std::fs::read(&pdf).unwrap(),
            old_pdf,
            "{sheet}: the old sheet is whole"
        );
        assert_eq!(
            std::fs::read(&svg).unwrap(),
            old_svg,
            "{sheet}: the old cut file is whole"
        );
        let left: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n != "cal.pdf" && n != "cal-cut.svg")
            .collect();
        assert!(left.is_empty(), "{sheet}: left behind: {left:?}");
    }
}
