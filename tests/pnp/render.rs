//! The PDFs as printers and viewers see them: `qpdf --check` passes for
//! every layout, page 1 rendered by pdftoppm has the right colour at every
//! card centre and ink on the cut marks, backs are the right way up, our own
//! preview agrees with poppler, and every sample catalog prints.

use crate::pnp_support::*;
use deckwright::pnp::{self, CardSelection, Layout, Paper, PrintOptions};
use strum::VariantArray;

const DPI: u32 = 300;

fn images_fixture() -> (deckwright::model::Catalog, deckwright::model::Deck) {
    load(&fixture("images/catalog.toml"), &fixture("images/deck.txt"))
}

/// What the centre of each fixture card looks like.
fn centre_colour(id: &str) -> Option<[u8; 3]> {
    match id {
        "red-hero" | "red-twin" => Some([220, 30, 30]),
        "blue-relic" => Some([30, 60, 220]),
        "alpha-hero" => Some([30, 160, 60]),
        "gray-hero" => Some([90, 90, 90]),
        // gradient.png's centre: red x·255/W and green y·255/H are smooth
        // (its blue, x·y mod 256, changes every pixel and is not compared)
        "gradient-event" => Some([127, 127, 0]),
        _ => None,
    }
}

#[test]
fn qpdf_accepts_every_layout() {
    let (catalog, deck) = images_fixture();
    for &paper in Paper::VARIANTS {
        for (layout, backs) in [
            (Layout::NineUp, false),
            (Layout::NineUp, true),
            (Layout::EightFold, false),
        ] {
            for (gap, bleed) in [(0.0, 0.0), (0.5, 0.25)] {
                let opts = PrintOptions {
                    paper,
                    layout,
                    backs,
                    gap_mm: gap,
                    bleed_mm: bleed,
                    ..Default::default()
                };
                let (export, _) = export(&catalog, &deck, &opts);
                let (_dir, path) = temp_pdf(&export.pdf);
                qpdf_check(&path);
            }
        }
    }
}

#[test]
fn page_one_has_the_card_colours_at_their_centres_and_ink_on_the_cut_marks() {
    let (catalog, deck) = images_fixture();
    let opts = PrintOptions {
        backs: true,
        ..Default::default()
    };
    let (export, doc) = export(&catalog, &deck, &opts);
    let (_dir, path) = temp_pdf(&export.pdf);
    let img = render(&path, 1, DPI);
    assert_eq!(
        (img.width(), img.height()),
        (2481, 3508),
        "A4 at 300 dpi, rounded up"
    );
    let cards = scan(&doc, pages(&doc)[0]).cards;
    let mut checked = 0;
    for c in &cards {
        let r = c.rect();
        let (cx, cy) = r.center();
        if let Some(want) = centre_colour(&c.id) {
            let mut got = pixel_at(&img, 297.0, DPI, cx, cy);
            if c.id == "gradient-event" {
                got[2] = 0;
            }
            assert!(
                near(got, want, 14),
                "{} centre: {got:?}, expected {want:?}",
                c.id
            );
            checked += 1;
        }
        if c.id == "turned-hero" {
            let top = pixel_at(&img, 297.0, DPI, cx, r.y + r.h * 0.75);
            let bottom = pixel_at(&img, 297.0, DPI, cx, r.y + r.h * 0.25);
            assert!(near(top, [30, 160, 60], 20) && near(bottom, [200, 40, 200], 20));
        }
        // just inside the card edge every card shows its own picture, not paper
        let edge = pixel_at(&img, 297.0, DPI, r.x + 0.4, cy);
        assert!(edge != [255, 255, 255], "{}: white at its left edge", c.id);
    }
    assert_eq!(checked, 7);
    // the alpha picture's transparent corner shows the white paper
    let alpha = cards.iter().find(|c| c.id == "alpha-hero").unwrap().rect();
    let corner = pixel_at(&img, 297.0, DPI, alpha.x + 2.0, alpha.y + alpha.h - 2.0);
    assert!(
        near(corner, [255, 255, 255], 3),
        "transparent corner: {corner:?}"
    );

    // cut marks: dark pixels along each mark, white paper just beside it
    let s = scan(&doc, pages(&doc)[0]);
    let top_of_grid = cards
        .iter()
        .map(|c| c.rect().y + c.rect().h)
        .fold(0.0, f64::max);
    let mut marks = 0;
    for ((x1, y1), (x2, y2), _) in &s.strokes {
        let vertical = (x1 - x2).abs() < 1e-6;
        if !(vertical && y1.min(*y2) >= top_of_grid) {
            continue;
        }
        let x = *x1;
        let k = f64::from(DPI) / 25.4;
        let px = (x * k).round() as i64;
        let y = (y1 + y2) / 2.0;
        let py = ((297.0 - y) * k) as u32;
        let darkest = (px - 1..=px)
            .map(|ix| {
                img.get_pixel(ix as u32, py)
                    .0
                    .iter()
                    .copied()
                    .max()
                    .unwrap()
            })
            .min()
            .unwrap();
        assert!(
            darkest < 170,
            "cut mark at x = {x} mm is not inked ({darkest})"
        );
        let beside = img.get_pixel((px + 6) as u32, py).0;
        assert_eq!(beside, [255, 255, 255], "paper beside the mark");
        marks += 1;
    }
    assert_eq!(marks, 4, "four vertical cut lines marked above the grid");

    // page 2 holds the backs: yellow centres, dark band at their top
    let back = render(&path, 2, 100);
    for c in scan(&doc, pages(&doc)[1]).cards {
        let r = c.rect();
        let (cx, cy) = r.center();
        assert!(near(
            pixel_at(&back, 297.0, 100, cx, cy),
            [240, 200, 40],
            12
        ));
        assert!(near(
            pixel_at(&back, 297.0, 100, cx, r.y + r.h * 0.9),
            [40, 40, 40],
            12
        ));
    }
}

#[test]
fn eight_fold_backs_are_upside_down_so_they_read_upright_after_folding() {
    let (catalog, deck) = images_fixture();
    let opts = PrintOptions {
        layout: Layout::EightFold,
        ..Default::default()
    };
    let (export, doc) = export(&catalog, &deck, &opts);
    let (_dir, path) = temp_pdf(&export.pdf);
    let img = render(&path, 1, 100);
    let page_h = 210.0;
    for c in scan(&doc, pages(&doc)[0]).cards.iter().filter(|c| c.back) {
        let r = c.rect();
        let (cx, _) = r.center();
        // the back's dark "top" quarter is at the far edge from the fold
        assert!(near(
            pixel_at(&img, page_h, 100, cx, r.y + r.h * 0.1),
            [40, 40, 40],
            12
        ));
        assert!(near(
            pixel_at(&img, page_h, 100, cx, r.y + r.h * 0.9),
            [240, 200, 40],
            12
        ));
    }
}

#[test]
fn the_preview_agrees_with_poppler() {
    let (catalog, deck) = images_fixture();
    for (layout, bleed) in [(Layout::NineUp, 0.0), (Layout::EightFold, 1.0)] {
        let opts = PrintOptions {
            layout,
            bleed_mm: bleed,
            gap_mm: 2.0 * bleed,
            ..Default::default()
        };
        let plan = pnp::plan(&catalog, &deck, &opts).unwrap();
        let preview = plan.preview(0, 100.0).unwrap();
        let (export, doc) = export(&catalog, &deck, &opts);
        let (_dir, path) = temp_pdf(&export.pdf);
        let poppler = render(&path, 1, 100);
        assert_eq!(
            (preview.width(), preview.height()),
            (poppler.width(), poppler.height())
        );
        let page_h = if layout == Layout::NineUp {
            297.0
        } else {
            210.0
        };
        let k = 100.0 / 25.4;
        let mut compared = 0;
        for c in scan(&doc, pages(&doc)[0]).cards {
            // gradient.png's blue channel changes every pixel: any two
            // resamplings of it differ, so it is left out
            if c.id == "gradient-event" {
                continue;
            }
            let r = c.rect();
            // (away from the middle line, where turned-hero changes colour)
            for (fx, fy) in [(0.5, 0.62), (0.2, 0.3), (0.8, 0.9), (0.06, 0.4)] {
                let (x, y) = (r.x + r.w * fx, r.y + r.h * fy);
                let (px, py) = ((x * k) as u32, ((page_h - y) * k) as u32);
                let a = preview.get_pixel(px, py).0;
                let b = poppler.get_pixel(px, py).0;
                assert!(
                    near([a[0], a[1], a[2]], b, 40),
                    "{} at ({fx}, {fy}): preview {a:?}, poppler {b:?}",
                    c.id
                );
                compared += 1;
            }
        }
        assert!(compared >= 32);
        // overall the two renderings are close: mean difference per channel
        let total: u64 = preview
            .pixels()
            .zip(poppler.pixels())
            .map(|(a, b)| {
                (0..3)
                    .map(|i| u64::from(a.0[i].abs_diff(b.0[i])))
                    .sum::<u64>()
            })
            .sum();
        let mean = total as f64 / (3.0 * f64::from(preview.width() * preview.height()));
        assert!(mean < 6.0, "{layout}: mean difference {mean}");
    }
}

/// Every sample catalog's sample decks, and every card of every catalog,
/// print in both layouts; the text on the faces is real text.
#[test]
fn every_sample_catalog_prints() {
    let decks = std::fs::read_dir(root().join("resources/decks")).unwrap();
    let mut printed = 0;
    let mut paths: Vec<_> = decks.map(|d| d.unwrap().path()).collect();
    paths.sort();
    for deck_path in paths {
        let name = deck_path
            .file_name()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        if name.contains("illegal") || !name.ends_with(".txt") {
            continue;
        }
        let game = deckwright::model::GameId::ALL
            .into_iter()
            .find(|g| name.starts_with(g.as_str()))
            .unwrap();
        let catalog_path = root().join(format!("resources/catalogs/{}.toml", game.as_str()));
        let (catalog, deck) = load(&catalog_path, &deck_path);
        for (layout, backs) in [(Layout::NineUp, true), (Layout::EightFold, false)] {
            let opts = PrintOptions {
                layout,
                backs,
                ..Default::default()
            };
            let (export, doc) = export(&catalog, &deck, &opts);
            let (_dir, path) = temp_pdf(&export.pdf);
            qpdf_check(&path);
            let first = &scan(&doc, pages(&doc)[0]).cards[0];
            let card = catalog.card(&first.id).unwrap();
            let words = text(&path, 1)
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            let name_start: String = card
                .name
                .split_whitespace()
                .take(2)
                .collect::<Vec<_>>()
                .join(" ");
            assert!(
                words.contains(&name_start),
                "{name}: page 1 text lacks {:?}",
                card.name
            );
            printed += 1;
        }
    }
    assert!(printed >= 20, "{printed}");

    for game in deckwright::model::GameId::ALL {
        let path = root().join(format!("resources/catalogs/{}.toml", game.as_str()));
        let catalog = deckwright::catalog::load(&path).unwrap().catalog;
        let opts = PrintOptions {
            backs: true,
            selection: CardSelection::Cards(catalog.cards.iter().map(|c| c.id.clone()).collect()),
            ..Default::default()
        };
        let plan = pnp::plan(&catalog, &deckwright::model::Deck::default(), &opts).unwrap();
        let export = plan
            .export(&|_| {}, &std::sync::atomic::AtomicBool::new(false))
            .unwrap();
        assert_eq!(export.report.cards, catalog.cards.len());
        assert_eq!(export.report.drawn_faces, catalog.cards.len());
        assert!(
            export.report.warnings.is_empty(),
            "{game}: {:?}",
            export.report.warnings
        );
        let (_dir, pdf) = temp_pdf(&export.pdf);
        qpdf_check(&pdf);
    }
}

/// The calibration sheet: a cross on the front, millimetre scales on the
/// back whose mark `v` is at `W/2 + v` (what the printer offset is read off).
#[test]
fn the_calibration_sheet_reads_offsets_in_millimetres() {
    for &paper in Paper::VARIANTS {
        let bytes = pnp::calibration_sheet(paper).unwrap();
        let (_dir, path) = temp_pdf(&bytes);
        qpdf_check(&path);
        let doc = lopdf::Document::load_mem(&bytes).unwrap();
        let p = pages(&doc);
        assert_eq!(p.len(), 2);
        let (w, h) = paper.size_mm();
        let front = scan(&doc, p[0]).strokes;
        assert!(
            front
                .iter()
                .any(|((x1, _), (x2, _), _)| (x1 - w / 2.0).abs() < 0.01
                    && (x2 - w / 2.0).abs() < 0.01),
            "a vertical line through the centre"
        );
        let back = scan(&doc, p[1]).strokes;
        for v in -10..=10 {
            let x = w / 2.0 + f64::from(v);
            let y = h / 2.0 + f64::from(v);
            assert!(
                back.iter()
                    .any(|((x1, y1), (x2, y2), _)| (x1 - x).abs() < 0.01
                        && (x2 - x).abs() < 0.01
                        && y2 > y1),
                "{paper}: dx mark {v}"
            );
            assert!(
                back.iter()
                    .any(|((x1, y1), (x2, y2), _)| (y1 - y).abs() < 0.01
                        && (y2 - y).abs() < 0.01
                        && x2 > x1),
                "{paper}: dy mark {v}"
            );
        }
        let words = text(&path, 2);
        assert!(words.contains("dx (mm)") && words.contains("dy (mm)"));
    }
}
