//! Pictures in the PDF: one XObject per distinct picture, JPEG bytes
//! unchanged, PNG pixels lossless at their own size and depth, EXIF
//! orientation honoured, and bad pictures refused naming the card.

use std::io::Cursor;

use crate::pnp_support::*;
use deckwright::pnp::{self, PnpError, PrintOptions};
use image::{DynamicImage, ImageFormat, Rgb, RgbImage};

fn images_fixture() -> (deckwright::model::Catalog, deckwright::model::Deck) {
    load(&fixture("images/catalog.toml"), &fixture("images/deck.txt"))
}

fn name_of(s: &lopdf::Stream) -> (i64, i64) {
    (
        s.dict.get(b"Width").unwrap().as_i64().unwrap(),
        s.dict.get(b"Height").unwrap().as_i64().unwrap(),
    )
}

#[test]
fn each_distinct_picture_is_one_image_object() {
    let (catalog, deck) = images_fixture();
    // red.jpg and copy-of-red.jpg hold the same bytes: one picture. Seven
    // distinct pictures with the back, six without.
    for (backs, want) in [(true, 7), (false, 6)] {
        let opts = PrintOptions {
            backs,
            ..Default::default()
        };
        let (export, doc) = export(&catalog, &deck, &opts);
        let objects = image_objects(&doc);
        assert_eq!(objects.len(), want, "backs {backs}");
        assert_eq!(export.report.images, want);
        // every page refers to pictures by the same few names
        let mut used = std::collections::BTreeSet::new();
        for p in pages(&doc) {
            used.extend(scan(&doc, p).images_used);
        }
        assert_eq!(used.len(), want);
    }
    // the back, used on every back page, is one object
    let (_, doc) = export(
        &catalog,
        &deck,
        &PrintOptions {
            backs: true,
            ..Default::default()
        },
    );
    let back_names: std::collections::BTreeSet<String> = pages(&doc)
        .iter()
        .flat_map(|&p| scan(&doc, p).cards)
        .filter(|c| c.back)
        .map(|c| c.picture_name.unwrap())
        .collect();
    assert_eq!(back_names.len(), 1);
}

#[test]
fn jpeg_files_are_embedded_byte_for_byte() {
    let (catalog, deck) = images_fixture();
    let (_, doc) = export(&catalog, &deck, &PrintOptions::default());
    let jpegs: Vec<&lopdf::Stream> = image_objects(&doc)
        .into_iter()
        .map(|(_, s)| s)
        .filter(|s| {
            s.dict.get(b"Filter").and_then(|f| f.as_name()).ok() == Some(b"DCTDecode".as_slice())
        })
        .collect();
    assert_eq!(jpegs.len(), 3, "red (deduplicated), rotated, gray");
    for file in ["red.jpg", "copy-of-red.jpg", "rotated.jpg", "gray.jpg"] {
        let bytes = std::fs::read(fixture(&format!("images/{file}"))).unwrap();
        assert!(
            jpegs.iter().any(|s| s.content == bytes),
            "{file} is not in the PDF unchanged"
        );
    }
    let gray = jpegs
        .iter()
        .find(|s| s.dict.get(b"ColorSpace").unwrap().as_name().unwrap() == b"DeviceGray");
    assert!(gray.is_some(), "the one-component JPEG is DeviceGray");
    // pictures keep their own resolution: 252 x 352 px over 63 x 88 mm
    assert!(jpegs.iter().any(|s| name_of(s) == (252, 352)));
    assert!(
        jpegs.iter().any(|s| name_of(s) == (352, 252)),
        "rotated.jpg as stored"
    );
}

#[test]
fn png_pixels_are_lossless_at_their_own_size() {
    let (catalog, deck) = images_fixture();
    let (_, doc) = export(&catalog, &deck, &PrintOptions::default());
    let objects = image_objects(&doc);
    let gradient = image::open(fixture("images/gradient.png"))
        .unwrap()
        .to_rgb8();
    let rgb: Vec<_> = objects
        .iter()
        .filter(|(_, s)| {
            s.dict.get(b"ColorSpace").and_then(|c| c.as_name()).ok()
                == Some(b"DeviceRGB".as_slice())
        })
        .filter(|(_, s)| s.dict.get(b"Filter").unwrap().as_name().unwrap() == b"FlateDecode")
        .collect();
    assert_eq!(rgb.len(), 1);
    let (_, s) = rgb[0];
    assert_eq!(name_of(s), (252, 352));
    assert_eq!(
        s.decompressed_content().unwrap(),
        gradient.into_raw(),
        "gradient.png pixel for pixel"
    );

    // the one-colour PNG is indexed; the transparent one carries a soft mask
    let blue = objects
        .iter()
        .find(|(_, s)| {
            s.dict.get(b"ColorSpace").and_then(|c| c.as_array()).is_ok()
                && s.dict.get(b"SMask").is_err()
        })
        .expect("an indexed picture");
    let idx = blue.1.decompressed_content().unwrap();
    assert!(idx.iter().all(|&i| i == 0));
    let lookup = blue.1.dict.get(b"ColorSpace").unwrap().as_array().unwrap()[3]
        .as_str()
        .unwrap()
        .to_vec();
    assert_eq!(lookup, vec![30, 60, 220]);

    let alpha_png = image::open(fixture("images/alpha.png")).unwrap().to_rgba8();
    let with_mask = objects
        .iter()
        .find(|(_, s)| s.dict.get(b"SMask").is_ok())
        .expect("the transparent picture has a soft mask");
    let mask_id = with_mask
        .1
        .dict
        .get(b"SMask")
        .unwrap()
        .as_reference()
        .unwrap();
    let mask = doc.get_object(mask_id).unwrap().as_stream().unwrap();
    let want: Vec<u8> = alpha_png.pixels().map(|p| p.0[3]).collect();
    assert_eq!(mask.decompressed_content().unwrap(), want);
}

#[test]
fn exif_orientation_turns_the_placement_not_the_pixels() {
    let (catalog, deck) = images_fixture();
    let (_, doc) = export(&catalog, &deck, &PrintOptions::default());
    let cards = scan(&doc, pages(&doc)[0]).cards;
    let turned = cards.iter().find(|c| c.id == "turned-hero").unwrap();
    let m = turned.picture_matrix.unwrap();
    // EXIF 6: a quarter turn, so the matrix has no diagonal
    assert!(m[0].abs() < 1e-6 && m[3].abs() < 1e-6, "{m:?}");
    // and it still covers exactly the card
    let red = cards.iter().find(|c| c.id == "red-hero").unwrap();
    let (t, r) = (turned.rect(), red.rect());
    assert!(
        (t.w - r.w).abs() < 0.01 && (t.h - r.h).abs() < 0.01,
        "{t:?} vs {r:?}"
    );

    // rendered: the stored left half (green) is shown on top
    let (export, _) = crate::pnp_support::export(&catalog, &deck, &PrintOptions::default());
    let (_dir, path) = temp_pdf(&export.pdf);
    let img = render(&path, 1, 100);
    let top = pixel_at(&img, 297.0, 100, t.x + t.w / 2.0, t.y + t.h * 0.8);
    let bottom = pixel_at(&img, 297.0, 100, t.x + t.w / 2.0, t.y + t.h * 0.2);
    assert!(near(top, [30, 160, 60], 20), "top {top:?}");
    assert!(near(bottom, [200, 40, 200], 20), "bottom {bottom:?}");
}

#[test]
fn a_cut_short_jpeg_is_an_error_naming_the_card() {
    let (catalog, deck) = load(&fixture("broken/catalog.toml"), &fixture("broken/deck.txt"));
    let plan = pnp::plan(&catalog, &deck, &PrintOptions::default()).unwrap();
    let e = plan
        .export(&|_| {}, &std::sync::atomic::AtomicBool::new(false))
        .unwrap_err();
    match &e {
        PnpError::Image { card, id, .. } => {
            assert_eq!(card, "Broken Hero");
            assert_eq!(id, "broken-hero");
        }
        other => panic!("{other:?}"),
    }
    assert!(
        e.to_string().contains("truncated.jpg cannot be decoded"),
        "{e}"
    );
}

#[test]
fn a_picture_over_the_pixel_limit_is_refused() {
    let (catalog, deck) = load(&fixture("huge/catalog.toml"), &fixture("huge/deck.txt"));
    let plan = pnp::plan(&catalog, &deck, &PrintOptions::default()).unwrap();
    let e = plan
        .export(&|_| {}, &std::sync::atomic::AtomicBool::new(false))
        .unwrap_err();
    assert!(
        e.to_string().contains("card \"Giant Frog\" (giant-frog): ")
            && e.to_string()
                .contains("is 8000 × 6500 pixels, over the limit of 50000000 pixels"),
        "{e}"
    );
}

/// Pictures made in a temporary folder: a 16-bit PNG keeps its depth and a
/// CMYK-free grey PNG stays grey.
#[test]
fn sixteen_bit_and_grey_pngs_keep_their_form() {
    let dir = tempfile::tempdir().unwrap();
    let deep: image::ImageBuffer<Rgb<u16>, Vec<u16>> =
        image::ImageBuffer::from_fn(60, 84, |x, y| {
            Rgb([(x * 1000) as u16, (y * 700) as u16, 65535])
        });
    DynamicImage::ImageRgb16(deep.clone())
        .save(dir.path().join("deep.png"))
        .unwrap();
    let grey = image::GrayImage::from_fn(60, 84, |x, _| image::Luma([(x * 4) as u8]));
    grey.save(dir.path().join("grey.png")).unwrap();
    std::fs::write(
        dir.path().join("cat.toml"),
        "game = \"dice-of-destiny\"\nname = \"t\"\n\n[[card]]\nname = \"Deep\"\ntype = \"creature\"\ncolour = \"red\"\nimage = \"deep.png\"\n\n[[card]]\nname = \"Grey\"\ntype = \"spell\"\ncolour = \"grey\"\nimage = \"grey.png\"\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("deck.txt"), "1 Deep\n1 Grey\n").unwrap();
    let (catalog, deck) = load(&dir.path().join("cat.toml"), &dir.path().join("deck.txt"));
    let (_, doc) = export(&catalog, &deck, &PrintOptions::default());
    let objects = image_objects(&doc);
    let sixteen = objects
        .iter()
        .find(|(_, s)| s.dict.get(b"BitsPerComponent").unwrap().as_i64().unwrap() == 16)
        .expect("a 16-bit picture");
    let want: Vec<u8> = deep
        .into_raw()
        .iter()
        .flat_map(|v| v.to_be_bytes())
        .collect();
    assert_eq!(sixteen.1.decompressed_content().unwrap(), want);
    let grey_obj = objects
        .iter()
        .find(|(_, s)| {
            s.dict.get(b"ColorSpace").and_then(|c| c.as_name()).ok()
                == Some(b"DeviceGray".as_slice())
        })
        .expect("a grey picture");
    assert_eq!(grey_obj.1.decompressed_content().unwrap(), grey.into_raw());
    let (_d, path) = temp_pdf(
        &pnp::plan(&catalog, &deck, &PrintOptions::default())
            .unwrap()
            .export(&|_| {}, &std::sync::atomic::AtomicBool::new(false))
            .unwrap()
            .pdf,
    );
    qpdf_check(&path);
}

/// A JPEG written in memory with an EXIF orientation segment, to check every
/// orientation lands on the card rectangle.
#[test]
fn every_exif_orientation_fills_the_card() {
    let dir = tempfile::tempdir().unwrap();
    let mut cards = String::from("game = \"dice-of-destiny\"\nname = \"o\"\n");
    let mut deck = String::new();
    for o in 1..=8u8 {
        let (w, h) = if o >= 5 { (88, 63) } else { (63, 88) };
        let img = DynamicImage::ImageRgb8(RgbImage::from_pixel(w, h, Rgb([200, 100, 50])));
        let mut jpeg = Cursor::new(Vec::new());
        img.write_to(&mut jpeg, ImageFormat::Jpeg).unwrap();
        let bytes = with_orientation(&jpeg.into_inner(), o);
        std::fs::write(dir.path().join(format!("o{o}.jpg")), bytes).unwrap();
        cards.push_str(&format!(
            "\n[[card]]\nname = \"O{o}\"\ntype = \"creature\"\ncolour = \"red\"\nimage = \"o{o}.jpg\"\n"
        ));
        deck.push_str(&format!("1 O{o}\n"));
    }
    std::fs::write(dir.path().join("cat.toml"), cards).unwrap();
    std::fs::write(dir.path().join("deck.txt"), deck).unwrap();
    let (catalog, deck) = load(&dir.path().join("cat.toml"), &dir.path().join("deck.txt"));
    let (_, doc) = export(&catalog, &deck, &PrintOptions::default());
    for card in scan(&doc, pages(&doc)[0]).cards {
        let r = card.rect();
        assert!(
            (r.w - 63.0).abs() < 0.01 && (r.h - 88.0).abs() < 0.01,
            "{}: {r:?}",
            card.id
        );
        let m = card.picture_matrix.unwrap();
        let quarter = m[0].abs() < 1e-6;
        let n: u8 = card.id[1..].parse().unwrap();
        assert_eq!(quarter, n >= 5, "{}: {m:?}", card.id);
    }
}

/// Inserts an EXIF APP1 segment with `orientation` after the JPEG's SOI.
fn with_orientation(jpeg: &[u8], orientation: u8) -> Vec<u8> {
    let mut tiff = Vec::new();
    tiff.extend_from_slice(b"MM\x00\x2a\x00\x00\x00\x08"); // big-endian, IFD at 8
    tiff.extend_from_slice(&1u16.to_be_bytes()); // one entry
    tiff.extend_from_slice(&0x0112u16.to_be_bytes()); // Orientation
    tiff.extend_from_slice(&3u16.to_be_bytes()); // SHORT
    tiff.extend_from_slice(&1u32.to_be_bytes());
    tiff.extend_from_slice(&u16::from(orientation).to_be_bytes());
    tiff.extend_from_slice(&[0, 0]);
    tiff.extend_from_slice(&0u32.to_be_bytes()); // no next IFD
    let mut seg = b"Exif\x00\x00".to_vec();
    seg.extend_from_slice(&tiff);
    let mut out = jpeg[..2].to_vec();
    out.extend_from_slice(&[0xFF, 0xE1]);
    out.extend_from_slice(&((seg.len() + 2) as u16).to_be_bytes());
    out.extend_from_slice(&seg);
    out.extend_from_slice(&jpeg[2..]);
    out
}
