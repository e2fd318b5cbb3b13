//! The export API the Print screen drives: plan, progress, cancel, preview,
//! pictures supplied from memory (catalogs kept in the database), and "print
//! what you lack" from a collection.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::pnp_support::*;
use deckwright::model::{Collection, Owned};
use deckwright::pnp::{self, CardSelection, Layout, PnpError, PrintOptions, Stage};

fn images_fixture() -> (deckwright::model::Catalog, deckwright::model::Deck) {
    load(&fixture("images/catalog.toml"), &fixture("images/deck.txt"))
}

#[test]
fn progress_runs_through_every_stage_in_order() {
    let (catalog, deck) = images_fixture();
    let plan = pnp::plan(
        &catalog,
        &deck,
        &PrintOptions {
            backs: true,
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!((plan.page_count(), plan.sheets()), (4, 2));
    let seen = Mutex::new(Vec::new());
    plan.export(&|p| seen.lock().unwrap().push(p), &AtomicBool::new(false))
        .unwrap();
    let seen = seen.into_inner().unwrap();
    let stages: Vec<Stage> = seen.iter().map(|p| p.stage).collect();
    assert_eq!(stages.first(), Some(&Stage::Images));
    assert_eq!(stages.last(), Some(&Stage::Done));
    // 7 distinct picture files (copy-of-red.jpg is still read, then merged: 8 files)
    let images: Vec<_> = seen.iter().filter(|p| p.stage == Stage::Images).collect();
    assert_eq!(images.last().unwrap().total, 8);
    assert_eq!(images.last().unwrap().done, 8);
    let pages: Vec<usize> = seen
        .iter()
        .filter(|p| p.stage == Stage::Pages)
        .map(|p| p.done)
        .collect();
    assert_eq!(pages, vec![1, 2, 3, 4]);
    let fractions: Vec<f64> = seen.iter().map(|p| p.fraction()).collect();
    for w in fractions.windows(2) {
        assert!(w[1] >= w[0] - 1e-9, "progress goes forward: {fractions:?}");
    }
    assert_eq!(*fractions.last().unwrap(), 1.0);
}

#[test]
fn a_raised_cancel_flag_stops_the_export_and_writes_nothing() {
    let (catalog, deck) = images_fixture();
    let plan = pnp::plan(&catalog, &deck, &PrintOptions::default()).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("c.pdf");
    // raised from the progress callback, as a Cancel button would mid-run
    let cancel = AtomicBool::new(false);
    let e = plan
        .export_to(
            &out,
            &|p| {
                if p.stage == Stage::Pages {
                    cancel.store(true, Ordering::Relaxed);
                }
            },
            &cancel,
        )
        .unwrap_err();
    assert_eq!(e, PnpError::Cancelled);
    assert!(!out.exists());
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "no partial file"
    );
    // raised before starting
    let e = plan.export(&|_| {}, &AtomicBool::new(true)).unwrap_err();
    assert_eq!(e, PnpError::Cancelled);
}

#[test]
fn preview_renders_any_page_as_pixels_or_png() {
    let (catalog, deck) = images_fixture();
    let plan = pnp::plan(
        &catalog,
        &deck,
        &PrintOptions {
            backs: true,
            ..Default::default()
        },
    )
    .unwrap();
    let img = plan.preview(0, 50.0).unwrap();
    assert_eq!((img.width(), img.height()), (414, 585));
    // the first card (red) at its centre
    let k = 50.0 / 25.4;
    let (x, y) = (10.5 + 31.5, 297.0 - (16.5 + 176.0 + 44.0));
    let px = img.get_pixel((x * k) as u32, (y * k) as u32).0;
    assert!(near([px[0], px[1], px[2]], [220, 30, 30], 12), "{px:?}");
    // the back page shows the back
    let back = plan.preview(1, 50.0).unwrap();
    let px = back.get_pixel((x * k) as u32 + 200, (y * k) as u32).0;
    assert!(near([px[0], px[1], px[2]], [240, 200, 40], 12), "{px:?}");
    let png = plan.preview_png(0, 30.0).unwrap();
    assert!(png.starts_with(b"\x89PNG"));
    assert!(matches!(plan.preview(4, 50.0), Err(PnpError::Option(_))));
    assert!(matches!(plan.preview(0, 5000.0), Err(PnpError::Option(_))));
}

#[test]
fn pictures_can_be_supplied_from_memory() {
    let (mut catalog, deck) = images_fixture();
    // as a stored catalog: no folder to read pictures from
    catalog.base_dir = None;
    let mut plan = pnp::plan(
        &catalog,
        &deck,
        &PrintOptions {
            backs: true,
            ..Default::default()
        },
    )
    .unwrap();
    let needed = plan.needed_images();
    assert_eq!(needed.len(), 8, "{needed:?}");
    assert!(needed.contains(&"back.png".to_string()));
    let missing = plan.export(&|_| {}, &AtomicBool::new(false)).unwrap_err();
    assert!(missing.to_string().contains("no such file"), "{missing}");
    for path in needed {
        let bytes = std::fs::read(fixture("images").join(&path)).unwrap();
        plan.supply_image(&path, bytes);
    }
    let export = plan.export(&|_| {}, &AtomicBool::new(false)).unwrap();
    assert_eq!(export.report.images, 7);
}

#[test]
fn missing_selection_prints_what_the_collection_lacks() {
    let (catalog, deck) = images_fixture();
    let mut owned = Collection::default();
    for (id, n) in [("red-hero", 1), ("drawn-hero", 2), ("turned-hero", 9)] {
        owned.cards.insert(
            id.into(),
            Owned {
                owned: n,
                trade: 0,
                wish: 0,
            },
        );
    }
    let plan = pnp::plan(
        &catalog,
        &deck,
        &PrintOptions {
            selection: CardSelection::Missing(owned),
            copies: 2,
            layout: Layout::EightFold,
            ..Default::default()
        },
    )
    .unwrap();
    let ids: Vec<&str> = plan
        .cards
        .iter()
        .map(|&i| catalog.cards[i].id.as_str())
        .collect();
    // red-hero lacks 1, then the cards not owned at all, each twice (copies 2)
    assert_eq!(
        ids,
        [
            "red-hero",
            "red-hero",
            "red-twin",
            "red-twin",
            "blue-relic",
            "blue-relic",
            "gradient-event",
            "gradient-event",
            "alpha-hero",
            "alpha-hero",
            "gray-hero",
            "gray-hero"
        ]
    );
    assert_eq!(plan.sheets(), 3);
}

#[test]
fn a_deck_with_unknown_cards_is_refused_with_its_lines() {
    let (catalog, _) = images_fixture();
    let deck = deckwright::decklist::parse_text(
        "1 Red Hero\n2 Nobody\n1 Gray Hero\n",
        std::path::Path::new("d.txt"),
    )
    .unwrap();
    match pnp::plan(&catalog, &deck, &PrintOptions::default()) {
        Err(PnpError::Deck(lines)) => {
            assert_eq!(lines.len(), 1);
            assert!(lines[0].starts_with("line 2: \"Nobody\""), "{lines:?}");
        }
        other => panic!("{other:?}"),
    }
    let empty = deckwright::model::Deck::default();
    assert!(matches!(
        pnp::plan(&catalog, &empty, &PrintOptions::default()),
        Err(PnpError::Empty(_))
    ));
}

/// The same input gives the same document. Not the same bytes: printpdf
/// names fonts and pictures from a process-wide counter and writes a random
/// `/ID`, so both files are parsed and compared as what a printer sees —
/// pages and their boxes, every card where it is drawn with which picture,
/// every stroke, and the pictures' bytes (pictures are read in parallel but
/// kept in deck order).
#[test]
fn exports_are_reproducible() {
    let (catalog, deck) = images_fixture();
    let opts = PrintOptions {
        backs: true,
        bleed_mm: 1.0,
        gap_mm: 1.0,
        ..Default::default()
    };
    let (_, a) = export(&catalog, &deck, &opts);
    let (_, b) = export(&catalog, &deck, &opts);
    /// A page as parsed, with picture names replaced by the bytes they name.
    fn seen(doc: &lopdf::Document) -> Vec<String> {
        let content_of = |page: lopdf::ObjectId, name: &str| -> Vec<u8> {
            let (inline, ids) = doc.get_page_resources(page).unwrap();
            let dicts = inline
                .into_iter()
                .chain(ids.iter().map(|&id| doc.get_dictionary(id).unwrap()));
            let id = dicts
                .filter_map(|res| res.get(b"XObject").ok())
                .map(|x| match x {
                    lopdf::Object::Reference(r) => doc.get_dictionary(*r).unwrap(),
                    o => o.as_dict().unwrap(),
                })
                .find_map(|x| x.get(name.as_bytes()).ok())
                .unwrap()
                .as_reference()
                .unwrap();
            doc.get_object(id)
                .unwrap()
                .as_stream()
                .unwrap()
                .content
                .clone()
        };
        pages(doc)
            .into_iter()
            .map(|page| {
                let scan = scan(doc, page);
                let cards: Vec<String> = scan
                    .cards
                    .iter()
                    .map(|c| {
                        let picture = c
                            .picture_name
                            .as_ref()
                            .map(|n| deckwright::pnp::images::digest(&content_of(page, n)));
                        format!(
                            "{} {} {:?} {:?} {:?} {:?}",
                            c.id, c.back, c.clip, c.picture, c.first_fill, picture
                        )
                    })
                    .collect();
                let boxes: Vec<R> = [b"MediaBox".as_slice(), b"TrimBox", b"BleedBox"]
                    .iter()
                    .map(|k| page_box(doc, page, k))
                    .collect();
                format!(
                    "{boxes:?}\n{}\n{:?}\n{}",
                    cards.join("\n"),
                    scan.strokes,
                    doc.extract_text(&[doc
                        .get_pages()
                        .into_iter()
                        .find(|(_, id)| *id == page)
                        .unwrap()
                        .0])
                        .unwrap()
                )
            })
            .collect()
    }
    let (sa, sb) = (seen(&a), seen(&b));
    assert_eq!(sa.len(), 4);
    assert_eq!(sa, sb, "two exports of the same deck differ");
}

/// The dashed fold line of eight-fold sheets once stalled the preview on float
/// rounding (A4 at most resolutions): every paper, gap and resolution finishes.
#[test]
fn eight_fold_previews_finish_at_any_resolution() {
    let (catalog, deck) = images_fixture();
    for paper in [pnp::Paper::A4, pnp::Paper::Letter] {
        for gap in [0.0, 1.5] {
            let plan = pnp::plan(
                &catalog,
                &deck,
                &PrintOptions {
                    layout: Layout::EightFold,
                    paper,
                    gap_mm: gap,
                    ..Default::default()
                },
            )
            .unwrap();
            for dpi in [20.0, 40.0, 50.0, 72.0, 96.0, 100.0, 150.0] {
                let img = plan.preview(0, dpi).unwrap();
                assert!(img.width() > 0);
            }
        }
    }
}
