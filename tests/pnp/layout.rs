//! Print-and-play geometry read back from the PDF: every card rectangle to
//! 0.01 mm, page sizes and counts, the mirror relation of backs (nine-up
//! long-edge duplex and the eight-fold fold), boxes, viewer preferences and
//! cut marks. Expected positions are computed here from the rules in the
//! issue (a centred grid; trim lines `gap + 2 × bleed` apart), not by calling
//! the layout code.

use crate::pnp_support::*;
use deckwright::model::GameId;
use deckwright::pnp::{Calibration, CardSelection, Layout, Paper, PrintOptions};
use strum::VariantArray;

const TOL: f64 = 0.01;

fn images_fixture() -> (deckwright::model::Catalog, deckwright::model::Deck) {
    load(&fixture("images/catalog.toml"), &fixture("images/deck.txt"))
}

/// The ids of the fixture deck's 11 cards, in print order.
const ORDER: [&str; 11] = [
    "red-hero",
    "red-hero",
    "red-twin",
    "blue-relic",
    "gradient-event",
    "alpha-hero",
    "turned-hero",
    "turned-hero",
    "gray-hero",
    "drawn-hero",
    "drawn-hero",
];

fn paper_mm(p: Paper) -> (f64, f64) {
    match p {
        Paper::A4 => (210.0, 297.0),
        Paper::Letter => (215.9, 279.4),
        Paper::A3 => (297.0, 420.0),
    }
}

/// Slot `i` of a centred 3 × 3 grid, rows from the top.
fn nine_up_slot(paper: Paper, card: (f64, f64), gap: f64, bleed: f64, i: usize) -> R {
    let (pw, ph) = paper_mm(paper);
    let (w, h) = card;
    let step_x = w + gap + 2.0 * bleed;
    let step_y = h + gap + 2.0 * bleed;
    let x0 = (pw - (3.0 * w + 2.0 * (gap + 2.0 * bleed))) / 2.0;
    let y0 = (ph - (3.0 * h + 2.0 * (gap + 2.0 * bleed))) / 2.0;
    let (row, col) = (i / 3, i % 3);
    R::new(
        x0 + col as f64 * step_x,
        y0 + (2 - row) as f64 * step_y,
        w,
        h,
    )
}

fn assert_rect(what: &str, got: R, want: R, tol: f64) {
    assert!(
        got.close_to(&want, tol),
        "{what}: drawn at {got:?}, expected {want:?} (± {tol} mm)"
    );
}

#[test]
fn nine_up_places_every_card_to_a_hundredth_of_a_millimetre() {
    let (catalog, deck) = images_fixture();
    for &paper in Paper::VARIANTS {
        let opts = PrintOptions {
            paper,
            ..Default::default()
        };
        let (export, doc) = export(&catalog, &deck, &opts);
        let pages = pages(&doc);
        assert_eq!(pages.len(), 2, "ceil(11 / 9) pages");
        assert_eq!(export.report.pages, 2);
        let (pw, ph) = paper_mm(paper);
        let mut k = 0;
        for (p, &page) in pages.iter().enumerate() {
            let media = page_box(&doc, page, b"MediaBox");
            assert_rect("MediaBox", media, R::new(0.0, 0.0, pw, ph), 0.01);
            let scan = scan(&doc, page);
            assert_eq!(scan.cards.len(), if p == 0 { 9 } else { 2 });
            for (slot, card) in scan.cards.iter().enumerate() {
                assert_eq!(card.id, ORDER[k], "print order");
                assert!(!card.back);
                let want = nine_up_slot(paper, (63.0, 88.0), 0.0, 0.0, slot);
                assert_rect(
                    &format!("{paper} card {k} ({})", card.id),
                    card.rect(),
                    want,
                    TOL,
                );
                assert_rect("clip", card.clip.unwrap(), want, TOL);
                k += 1;
            }
        }
        assert_eq!(k, 11);
    }
}

#[test]
fn nine_up_backs_mirror_for_long_edge_duplex_with_calibration() {
    let (catalog, deck) = images_fixture();
    for (dx, dy) in [(0.0, 0.0), (0.7, -1.2)] {
        let opts = PrintOptions {
            backs: true,
            calibration: Calibration {
                dx_mm: dx,
                dy_mm: dy,
            },
            ..Default::default()
        };
        let (_, doc) = export(&catalog, &deck, &opts);
        let pages = pages(&doc);
        assert_eq!(
            pages.len(),
            4,
            "each front page is followed by its back page"
        );
        let prefs = doc
            .catalog()
            .unwrap()
            .get(b"ViewerPreferences")
            .unwrap()
            .as_dict()
            .unwrap()
            .clone();
        assert_eq!(
            prefs.get(b"PrintScaling").unwrap().as_name().unwrap(),
            b"None"
        );
        assert_eq!(
            prefs.get(b"Duplex").unwrap().as_name().unwrap(),
            b"DuplexFlipLongEdge"
        );
        for pair in pages.chunks(2) {
            let fronts = scan(&doc, pair[0]).cards;
            let backs = scan(&doc, pair[1]).cards;
            assert_eq!(fronts.len(), backs.len());
            for (f, b) in fronts.iter().zip(&backs) {
                assert!(!f.back && b.back);
                assert_eq!(f.id, b.id, "the back of each card is behind it");
                let (fr, br) = (f.rect(), b.rect());
                // back x = W − x − w (+ dx); y unchanged (+ dy)
                let want = R::new(210.0 - fr.x - fr.w + dx, fr.y + dy, fr.w, fr.h);
                assert_rect(&format!("back of {}", f.id), br, want, TOL);
            }
        }
    }
}

#[test]
fn gap_and_bleed_set_the_spacing_clips_and_boxes() {
    let (catalog, deck) = images_fixture();
    let (gap, bleed) = (1.0, 1.0);
    let opts = PrintOptions {
        gap_mm: gap,
        bleed_mm: bleed,
        ..Default::default()
    };
    let (_, doc) = export(&catalog, &deck, &opts);
    let page = pages(&doc)[0];
    let cards = scan(&doc, page).cards;
    for (slot, card) in cards.iter().enumerate() {
        let want = nine_up_slot(Paper::A4, (63.0, 88.0), gap, bleed, slot);
        if let Some(picture) = card.picture {
            // the picture itself sits exactly on the trim; the clip is the bleed box
            assert_rect(&card.id, picture, want, TOL);
        }
        let b = R::new(
            want.x - bleed,
            want.y - bleed,
            want.w + 2.0 * bleed,
            want.h + 2.0 * bleed,
        );
        assert_rect(&format!("{} clip", card.id), card.clip.unwrap(), b, TOL);
    }
    let first = nine_up_slot(Paper::A4, (63.0, 88.0), gap, bleed, 0);
    let last = nine_up_slot(Paper::A4, (63.0, 88.0), gap, bleed, 8);
    let trim = R::new(
        first.x,
        last.y,
        last.x + last.w - first.x,
        first.y + first.h - last.y,
    );
    assert_rect("TrimBox", page_box(&doc, page, b"TrimBox"), trim, TOL);
    assert_rect(
        "BleedBox",
        page_box(&doc, page, b"BleedBox"),
        R::new(
            trim.x - bleed,
            trim.y - bleed,
            trim.w + 2.0 * bleed,
            trim.h + 2.0 * bleed,
        ),
        TOL,
    );
}

#[test]
fn eight_fold_backs_mirror_across_the_fold_within_a_tenth_of_a_millimetre() {
    let (catalog, deck) = images_fixture();
    for &paper in Paper::VARIANTS {
        let opts = PrintOptions {
            paper,
            layout: Layout::EightFold,
            gap_mm: 2.0,
            ..Default::default()
        };
        let (export, doc) = export(&catalog, &deck, &opts);
        let pages = pages(&doc);
        assert_eq!(pages.len(), 3, "ceil(11 / 4) sheets");
        assert_eq!(export.report.sheets, 3);
        let (pw, ph) = paper_mm(paper);
        // landscape
        assert_rect(
            "MediaBox",
            page_box(&doc, pages[0], b"MediaBox"),
            R::new(0.0, 0.0, ph, pw),
            TOL,
        );
        let fold = pw / 2.0;
        let x0 = (ph - (4.0 * 63.0 + 3.0 * 2.0)) / 2.0;
        let prefs = doc
            .catalog()
            .unwrap()
            .get(b"ViewerPreferences")
            .unwrap()
            .as_dict()
            .unwrap()
            .clone();
        assert!(prefs.get(b"Duplex").is_err(), "single-sided sheets");
        let mut k = 0;
        for &page in &pages {
            let s = scan(&doc, page);
            let fronts: Vec<_> = s.cards.iter().filter(|c| !c.back).collect();
            let backs: Vec<_> = s.cards.iter().filter(|c| c.back).collect();
            assert_eq!(fronts.len(), backs.len());
            for (i, (f, b)) in fronts.iter().zip(&backs).enumerate() {
                assert_eq!(f.id, ORDER[k]);
                assert_eq!(f.id, b.id);
                let want = R::new(x0 + i as f64 * 65.0, fold, 63.0, 88.0);
                assert_rect(&format!("front {k}"), f.rect(), want, TOL);
                let (fr, br) = (f.rect(), b.rect());
                // mirrored across the fold: same x, y' = 2·fold − y − h
                let mirror = R::new(fr.x, 2.0 * fold - fr.y - fr.h, fr.w, fr.h);
                assert_rect(&format!("back {k}"), br, mirror, 0.1);
                // and turned half a turn
                let m = b.matrix;
                assert!(m[0] < 0.0 && m[3] < 0.0 && m[1].abs() < 1e-9, "{m:?}");
                k += 1;
            }
        }
        assert_eq!(k, 11);
        // the dashed fold line: at the fold, in the margins only
        let s = scan(&doc, pages[0]);
        let dashed: Vec<_> = s.strokes.iter().filter(|l| l.2).collect();
        assert!(!dashed.is_empty(), "a fold line is drawn");
        for ((x1, y1), (x2, y2), _) in dashed {
            assert!((y1 - fold).abs() < TOL && (y2 - fold).abs() < TOL);
            let (lo, hi) = (x1.min(*x2), x1.max(*x2));
            assert!(
                hi < x0 || lo > ph - x0,
                "fold line over the cards: {lo}..{hi}"
            );
        }
    }
}

/// Cut marks: outside every card, each cut line marked, nothing within 3 mm
/// of the paper's edge.
#[test]
fn cut_marks_extend_the_cut_lines_and_stop_short_of_the_edge() {
    let (catalog, deck) = images_fixture();
    for &paper in Paper::VARIANTS {
        for gap in [0.0, 1.5] {
            let opts = PrintOptions {
                paper,
                gap_mm: gap,
                ..Default::default()
            };
            let (_, doc) = export(&catalog, &deck, &opts);
            let page = pages(&doc)[0];
            let s = scan(&doc, page);
            let (pw, ph) = paper_mm(paper);
            let cards: Vec<R> = s.cards.iter().map(|c| c.rect()).collect();
            let marks: Vec<_> = s
                .strokes
                .iter()
                .filter(|((x1, y1), (x2, y2), dashed)| {
                    // cut marks are the horizontal and vertical strokes that
                    // lie on a card edge line
                    !dashed
                        && cards.iter().any(|c| {
                            ((x1 - x2).abs() < 1e-6
                                && ((x1 - c.x).abs() < TOL || (x1 - c.x - c.w).abs() < TOL))
                                || ((y1 - y2).abs() < 1e-6
                                    && ((y1 - c.y).abs() < TOL || (y1 - c.y - c.h).abs() < TOL))
                        })
                })
                .collect();
            for ((x1, y1), (x2, y2), _) in &s.strokes {
                for (x, y) in [(x1, y1), (x2, y2)] {
                    assert!(
                        *x >= 3.0 - TOL
                            && *x <= pw - 3.0 + TOL
                            && *y >= 3.0 - TOL
                            && *y <= ph - 3.0 + TOL,
                        "{paper}: a stroke reaches ({x}, {y}), closer than 3 mm to the edge"
                    );
                }
            }
            for ((x1, y1), (x2, y2), _) in &marks {
                let mid = ((x1 + x2) / 2.0, (y1 + y2) / 2.0);
                for c in &cards {
                    let inside =
                        mid.0 > c.x && mid.0 < c.x + c.w && mid.1 > c.y && mid.1 < c.y + c.h;
                    assert!(!inside, "a cut mark is drawn over card {c:?}");
                }
            }
            let mut xs: Vec<f64> = cards.iter().flat_map(|c| [c.x, c.x + c.w]).collect();
            xs.sort_by(f64::total_cmp);
            xs.dedup_by(|a, b| (*a - *b).abs() < TOL);
            let mut ys: Vec<f64> = cards.iter().flat_map(|c| [c.y, c.y + c.h]).collect();
            ys.sort_by(f64::total_cmp);
            ys.dedup_by(|a, b| (*a - *b).abs() < TOL);
            assert_eq!(xs.len(), if gap == 0.0 { 4 } else { 6 });
            for x in &xs {
                let n = marks
                    .iter()
                    .filter(|((x1, _), (x2, _), _)| (x1 - x).abs() < TOL && (x2 - x).abs() < TOL)
                    .count();
                assert_eq!(
                    n, 2,
                    "{paper} gap {gap}: cut line x = {x} marked above and below"
                );
            }
            for y in &ys {
                let n = marks
                    .iter()
                    .filter(|((_, y1), (_, y2), _)| (y1 - y).abs() < TOL && (y2 - y).abs() < TOL)
                    .count();
                assert_eq!(
                    n, 2,
                    "{paper} gap {gap}: cut line y = {y} marked left and right"
                );
            }
        }
    }
}

/// Page and sheet counts: ceil(n / 9) pages (twice that with backs), ceil(n / 4) sheets.
#[test]
fn page_counts_follow_the_card_count() {
    let (catalog, deck) = images_fixture();
    for n in [1u32, 4, 5, 9, 10, 18, 19] {
        for (layout, backs, per, mult) in [
            (Layout::NineUp, false, 9, 1),
            (Layout::NineUp, true, 9, 2),
            (Layout::EightFold, false, 4, 1),
        ] {
            let opts = PrintOptions {
                layout,
                backs,
                selection: CardSelection::Cards(vec!["drawn-hero".into()]),
                copies: n,
                ..Default::default()
            };
            let (export, doc) = export(&catalog, &deck, &opts);
            let want = (n as usize).div_ceil(per) * mult;
            assert_eq!(
                pages(&doc).len(),
                want,
                "{n} cards, {layout}, backs {backs}"
            );
            assert_eq!(export.report.pages, want);
            assert_eq!(export.report.cards, n as usize);
            let fronts: usize = pages(&doc)
                .iter()
                .map(|&p| scan(&doc, p).cards.iter().filter(|c| !c.back).count())
                .sum();
            assert_eq!(fronts, n as usize);
        }
    }
}

#[test]
fn card_size_comes_from_the_game_catalog_or_options() {
    // Strange World cards are 63 x 89 mm (game definition)
    let (catalog, deck) = load(
        &root().join("resources/catalogs/strange-world.toml"),
        &root().join("resources/decks/strange-world-solo.txt"),
    );
    assert_eq!(catalog.game, GameId::StrangeWorld);
    let (_, doc) = export(&catalog, &deck, &PrintOptions::default());
    for card in scan(&doc, pages(&doc)[0]).cards {
        let r = card.rect();
        assert!(
            (r.w - 63.0).abs() < TOL && (r.h - 89.0).abs() < TOL,
            "{r:?}"
        );
    }
    // a catalog's own card_size, then an explicit override
    let (mut catalog, deck) = images_fixture();
    catalog.card_size = Some((59.0, 91.0));
    let (_, doc) = export(&catalog, &deck, &PrintOptions::default());
    let cards = scan(&doc, pages(&doc)[0]).cards;
    assert_rect(
        "catalog size",
        cards[0].rect(),
        nine_up_slot(Paper::A4, (59.0, 91.0), 0.0, 0.0, 0),
        TOL,
    );
    let opts = PrintOptions {
        card_size_mm: Some((57.0, 87.0)),
        ..Default::default()
    };
    let (_, doc) = export(&catalog, &deck, &opts);
    let cards = scan(&doc, pages(&doc)[0]).cards;
    assert_rect(
        "override",
        cards[4].rect(),
        nine_up_slot(Paper::A4, (57.0, 87.0), 0.0, 0.0, 4),
        TOL,
    );
}

#[test]
fn layouts_that_do_not_fit_are_refused_with_the_sizes() {
    let (catalog, deck) = images_fixture();
    let opts = PrintOptions {
        paper: Paper::Letter,
        bleed_mm: 3.0,
        ..Default::default()
    };
    let e = deckwright::pnp::plan(&catalog, &deck, &opts).unwrap_err();
    let msg = e.to_string();
    assert!(msg.contains("do not fit on LETTER portrait"), "{msg}");
    assert!(msg.contains("215.9 × 279.4 mm"), "{msg}");
}

#[test]
fn header_names_the_deck_the_page_and_actual_size() {
    let (catalog, mut deck) = images_fixture();
    deck.name = "Picture Test Deck".into();
    let opts = PrintOptions {
        backs: true,
        ..Default::default()
    };
    let (export, _) = export(&catalog, &deck, &opts);
    let (_dir, path) = temp_pdf(&export.pdf);
    let first = text(&path, 1);
    assert!(first.contains("Picture Test Deck"), "{first}");
    assert!(first.contains("Page 1 of 4"), "{first}");
    assert!(first.contains("Print at 100% (actual size)"), "{first}");
    assert!(
        first.contains("50 mm"),
        "the scale-check ruler is labelled: {first}"
    );
    let second = text(&path, 2);
    assert!(second.contains("Page 2 of 4 · backs of page 1"), "{second}");
}

/// The scale-check ruler: a 50 mm line with a tick every millimetre, below
/// the cards, on every page.
#[test]
fn the_scale_check_ruler_is_fifty_millimetres() {
    let (catalog, deck) = images_fixture();
    for layout in [Layout::NineUp, Layout::EightFold] {
        let opts = PrintOptions {
            layout,
            backs: true,
            ..Default::default()
        };
        let (_, doc) = export(&catalog, &deck, &opts);
        for page in pages(&doc) {
            let s = scan(&doc, page);
            let bottom = s
                .cards
                .iter()
                .map(|c| c.rect().y)
                .fold(f64::INFINITY, f64::min);
            let rulers: Vec<_> = s
                .strokes
                .iter()
                .filter(|((x1, y1), (x2, y2), _)| {
                    (y1 - y2).abs() < 1e-9 && ((x2 - x1).abs() - 50.0).abs() < TOL && *y1 < bottom
                })
                .collect();
            assert_eq!(rulers.len(), 1, "{layout}: one 50 mm ruler line");
            let ((x1, y), (x2, _), _) = rulers[0];
            let x0 = x1.min(*x2);
            let ticks = s
                .strokes
                .iter()
                .filter(|((a, b), (c, d), _)| {
                    (a - c).abs() < 1e-9
                        && (b - y).abs() < 1e-9
                        && d > b
                        && ((a - x0) - (a - x0).round()).abs() < TOL
                        && (a - x0) > -TOL
                        && (a - x0) < 50.0 + TOL
                })
                .count();
            assert_eq!(ticks, 51, "{layout}: a tick every millimetre from 0 to 50");
        }
    }
}
