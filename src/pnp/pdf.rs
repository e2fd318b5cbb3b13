//! Writing pages as a PDF through printpdf, with lopdf only where printpdf
//! has no API.
//!
//! A [`Page`] display list becomes printpdf [`printpdf::Op`]s one for one:
//! paths as `DrawPolygon` (fills) and `DrawLine` (strokes), text as
//! `ShowText` with glyph ids, pictures as `UseXobject`, card groups as
//! `BeginMarkedContentWithProperties` (`/Card <</Id <hex id> /Side /Front>>
//! BDC … EMC`) around a `q`, a `cm` and a clip. printpdf writes the page
//! tree, the content streams, the resources and the font dictionaries.
//!
//! - **Pictures** go in as printpdf external XObjects (raw streams), one per
//!   distinct picture, shared by every page that draws it:
//!   [`ImageData::Jpeg`] as `/DCTDecode` with the file's bytes untouched;
//!   decoded pixels as `/FlateDecode` with PNG row prediction, packed by
//!   [`super::images`] when they were read, at their depth, alpha as an
//!   `/SMask`, ≤ 256 colours as `/Indexed`.
//!   printpdf's own image path (`RawImage`) is not used: it truncates 16-bit
//!   samples to 8, knows no indexed colour, compresses without prediction
//!   (a photo-like PNG then grows far past its file size) and, under the
//!   default save options, downscales and re-encodes as JPEG.
//! - **Text**: each face used is embedded once as a subset
//!   ([`super::font::Font::subset`]) that printpdf writes as `/Type0` +
//!   `/CIDFontType2` with `/Identity-H`, `/W` and a `/ToUnicode` map (built
//!   from the character each glyph was set for, so text can be searched and
//!   copied). Glyphs are chosen by [`super::font`] — the same choice, missing
//!   characters included, that measured and wrapped the text.
//! - **lopdf afterwards** ([`finish`]), on the document printpdf hands over,
//!   for what printpdf 0.12 cannot express: `/ViewerPreferences
//!   <</PrintScaling /None>>` (and `/Duplex /DuplexFlipLongEdge` when back
//!   pages are interleaved) so print dialogs default to actual size; each
//!   page's `/BleedBox`; each page's `/TrimBox` (printpdf has the field but
//!   writes it as `[x y width height]`, not the corners ISO 32000 §7.9.5
//!   asks for, which only coincides with the truth for boxes at the origin);
//!   the document language; PDF version 1.7 (printpdf writes 1.3, which
//!   has no soft masks); an info dictionary without printpdf's empty
//!   entries (an empty `/GTS_PDFXVersion` makes viewers call the file PDF/X);
//!   and the pictures' bytes, moved into the objects printpdf made for them
//!   rather than copied by it ([`move_bodies_in`]: memory).
//!
//! The output is not byte-for-byte reproducible: printpdf names fonts and
//! XObjects from a process-wide counter and writes a random `/ID`. Tests
//! therefore parse the file (lopdf) rather than compare bytes.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use std::io::Write as _;
use std::sync::atomic::{AtomicBool, Ordering};

use lopdf::{Object, dictionary};
use printpdf::{
    Codepoint, DictItem, ExternalStream, ExternalXObject, FontId, ParsedFont, PdfDocument,
    PdfFontHandle, PdfParseErrorSeverity, PdfSaveOptions, Pt, TextItem, XObject, XObjectId,
};

use super::PnpError;
use super::content::{self, Names};
use super::draw::{PT_PER_MM, Page, Rect};
use super::font::Face;
use super::images::{Image, ImageData, PNG_PREDICTOR, Packed, PixelColor};

/// The PDF version written: 1.4 brought soft masks, 1.7 is what every
/// current viewer and printer driver reads.
const PDF_VERSION: &str = "1.7";

/// Document-level facts.
#[derive(Clone, Debug, PartialEq)]
pub struct Meta {
    pub title: String,
    /// Back pages follow front pages for long-edge duplex.
    pub duplex: bool,
}

/// One embedded face: its printpdf font and, per original glyph, the glyph
/// id in the subset and the text it stands for (for `/ToUnicode`).
struct EmbeddedFace {
    id: FontId,
    glyphs: HashMap<u16, (u16, String)>,
}

/// Writes `pages` (which refer to `images` by index) as a PDF file.
pub fn write(pages: &[Page], images: Vec<Image>, meta: &Meta) -> Result<Vec<u8>, PnpError> {
    let mut out = Vec::new();
    let mut source = Pages {
        count: pages.len(),
        page: &mut |i| pages[i].clone(),
    };
    write_to(&mut source, images, meta, &AtomicBool::new(false), &mut out)?;
    Ok(out)
}

/// The pages [`write_to`] writes, drawn when asked for, each twice: once to
/// learn the characters and pictures the document uses, once to write it.
pub struct Pages<'a> {
    pub count: usize,
    pub page: &'a mut dyn FnMut(usize) -> Page,
}

/// [`write`] into `out` (a file, say), holding one page at a time: each is
/// drawn, turned into its compressed content stream ([`super::content`]) and
/// dropped, so memory grows with the file written, not with what was drawn
/// (50,000 cards drawn from data used to hold 2.7 GB). The pictures are
/// taken, not copied: each one's data moves into its XObject. `cancel` is
/// looked at for every page and between the steps.
pub fn write_to(
    pages: &mut Pages<'_>,
    images: Vec<Image>,
    meta: &Meta,
    cancel: &AtomicBool,
    out: &mut dyn std::io::Write,
) -> Result<(), PnpError> {
    let stop = || -> Result<(), PnpError> {
        match cancel.load(Ordering::Relaxed) {
            true => Err(PnpError::Cancelled),
            false => Ok(()),
        }
    };

    // -- what the pages use, and their boxes
    let mut used_images = BTreeSet::new();
    let mut chars: BTreeMap<Face, BTreeSet<char>> = BTreeMap::new();
    let mut boxes = Vec::with_capacity(pages.count);
    for i in 0..pages.count {
        stop()?;
        let page = (pages.page)(i);
        for op in &page.ops {
            op.for_each_image(&mut |i| {
                used_images.insert(i);
            });
            op.for_each_text(&mut |face, text| {
                chars.entry(face).or_default().extend(text.chars());
            });
        }
        boxes.push((page.width, page.height, page.trim, page.bleed));
    }
    if let Some(i) = used_images.iter().find(|&&i| i >= images.len()) {
        return Err(PnpError::Pdf(format!("page refers to missing image {i}")));
    }

    let mut doc = PdfDocument::new(&meta.title);
    let now = printpdf::OffsetDateTime::now_utc();
    let info = &mut doc.metadata.info;
    info.producer = concat!("Deckwright ", env!("CARGO_PKG_VERSION")).to_string();
    info.creator = "Deckwright print-and-play export".to_string();
    (
        info.creation_date,
        info.modification_date,
        info.metadata_date,
    ) = (now, now, now);
    let mut names = Names {
        images: HashMap::new(),
        fonts: HashMap::new(),
    };

    // -- pictures: one external XObject each
    let mut bodies: Vec<Vec<u8>> = Vec::new();
    let built = images
        .into_iter()
        .enumerate()
        .filter(|(i, _)| used_images.contains(i))
        .map(|(i, img)| (i, image_stream(img, &mut bodies)));
    for (i, stream) in built {
        // inserted rather than `add_xobject`ed, which would copy the stream
        let id = XObjectId::new();
        names.images.insert(i, id.0.as_bytes().to_vec());
        doc.resources.xobjects.map.insert(
            id,
            XObject::External(ExternalXObject {
                stream,
                width: None,
                height: None,
                dpi: None,
            }),
        );
    }

    // -- fonts: one subset per face, and a page setting each of its glyphs
    // once, from which printpdf writes the font dictionaries, `/W` and
    // `/ToUnicode`; that page is taken out again below
    let mut glyph_page = Vec::new();
    for (face, set) in &chars {
        let embedded = embed_face(&mut doc, *face, set)?;
        let glyphs: Vec<Codepoint> = embedded
            .glyphs
            .values()
            .map(|(gid, text)| Codepoint {
                gid: *gid,
                offset: 0.0,
                cid: Some(text.clone()),
            })
            .collect();
        glyph_page.extend([
            printpdf::Op::StartTextSection,
            printpdf::Op::SetFont {
                font: PdfFontHandle::External(embedded.id.clone()),
                size: Pt(10.0),
            },
            printpdf::Op::ShowText {
                items: vec![TextItem::GlyphIds(glyphs)],
            },
            printpdf::Op::EndTextSection,
        ]);
        let map = embedded
            .glyphs
            .iter()
            .map(|(&g, (new, _))| (g, *new))
            .collect();
        names
            .fonts
            .insert(*face, (embedded.id.0.as_bytes().to_vec(), map));
    }
    let size = printpdf::Rect::from_wh(Pt(100.0), Pt(100.0));
    doc.pages = vec![printpdf::PdfPage {
        media_box: size.clone(),
        trim_box: size.clone(),
        crop_box: size,
        ops: glyph_page,
    }];

    let opts = PdfSaveOptions {
        optimize: true,
        // the fonts handed over are subsets already
        subset_fonts: false,
        secure: true,
        image_optimization: None,
    };
    let mut warnings = Vec::new();
    stop()?;
    let mut out_doc = doc.to_lopdf_document(&opts, &mut warnings);
    drop(doc);
    if let Some(w) = warnings
        .iter()
        .find(|w| w.severity == PdfParseErrorSeverity::Error)
    {
        return Err(PnpError::Pdf(format!("printpdf: {}", w.msg)));
    }
    move_bodies_in(&mut out_doc, bodies)?;
    let (pages_id, resources) = take_glyph_page(&mut out_doc)?;

    // -- the pages, one at a time
    let mut kids = Vec::with_capacity(pages.count);
    for (i, (w, h, trim, bleed)) in boxes.into_iter().enumerate() {
        stop()?;
        let page = (pages.page)(i);
        let bytes = content::encode(&page.ops, &names).map_err(|e| PnpError::Pdf(e.to_string()))?;
        drop(page);
        let mut stream = lopdf::Stream::new(lopdf::Dictionary::new(), bytes);
        stream
            .compress()
            .map_err(|e| PnpError::Pdf(e.to_string()))?;
        let contents = out_doc.add_object(stream);
        let media = vec![
            Object::Integer(0),
            Object::Integer(0),
            Object::Real((w * PT_PER_MM) as f32),
            Object::Real((h * PT_PER_MM) as f32),
        ];
        let page_id = out_doc.add_object(dictionary! {
            "Type" => "Page",
            "Parent" => pages_id,
            "MediaBox" => media.clone(),
            "CropBox" => media,
            "TrimBox" => box_array(&trim),
            "BleedBox" => box_array(&bleed),
            "Resources" => resources.clone(),
            "Contents" => contents,
        });
        kids.push(Object::Reference(page_id));
    }
    let count = kids.len() as i64;
    let tree = out_doc
        .get_dictionary_mut(pages_id)
        .map_err(|e| PnpError::Pdf(e.to_string()))?;
    tree.set("Kids", kids);
    tree.set("Count", count);

    finish(&mut out_doc, meta)?;
    stop()?;
    out_doc.compress();
    stop()?;
    let mut out = std::io::BufWriter::new(out);
    out_doc
        .save_to(&mut out)
        .and_then(|_| out.flush())
        .map_err(|e| PnpError::Pdf(e.to_string()))?;
    Ok(())
}

/// Takes the page printpdf wrote the glyphs on out of the document; returns
/// the page tree's id and that page's resources, which every page shares
/// (the fonts and the pictures, by name).
fn take_glyph_page(doc: &mut lopdf::Document) -> Result<(lopdf::ObjectId, Object), PnpError> {
    let err = |e: lopdf::Error| PnpError::Pdf(e.to_string());
    let pages: Vec<lopdf::ObjectId> = doc.get_pages().into_values().collect();
    let [page] = pages[..] else {
        return Err(PnpError::Pdf(format!(
            "printpdf wrote {} pages, not the one of the glyphs",
            pages.len()
        )));
    };
    let dict = doc.get_dictionary(page).map_err(err)?;
    let resources = dict.get(b"Resources").map_err(err)?.clone();
    let parent = dict
        .get(b"Parent")
        .and_then(Object::as_reference)
        .map_err(err)?;
    if let Ok(contents) = dict.get(b"Contents").and_then(Object::as_reference) {
        doc.objects.remove(&contents);
    }
    doc.objects.remove(&page);
    Ok((parent, resources))
}

/// The key marking a picture stream whose bytes [`move_bodies_in`] supplies:
/// its value indexes the bodies. Removed before the file is written.
const BODY_KEY: &str = "DeckwrightBody";

/// Moves each picture's bytes into its stream object.
///
/// printpdf takes every XObject into its document and, converting that to
/// lopdf, copies each stream: the pictures would be held twice at once
/// (600 MB for a deck of 60 large JPEGs). So printpdf gets each picture
/// with its dictionary and an empty body marked [`BODY_KEY`] — it still
/// creates the object, names it and shares it between pages — and the bytes
/// move in here, once, without a copy. The smallest lopdf piece that keeps
/// an export's memory at one copy of its pictures.
fn move_bodies_in(doc: &mut lopdf::Document, bodies: Vec<Vec<u8>>) -> Result<(), PnpError> {
    let mut bodies: Vec<Option<Vec<u8>>> = bodies.into_iter().map(Some).collect();
    for object in doc.objects.values_mut() {
        let Ok(stream) = object.as_stream_mut() else {
            continue;
        };
        let Some(i) = stream
            .dict
            .get(BODY_KEY.as_bytes())
            .and_then(Object::as_i64)
            .ok()
        else {
            continue;
        };
        stream.dict.remove(BODY_KEY.as_bytes());
        let body = usize::try_from(i)
            .ok()
            .and_then(|i| bodies.get_mut(i))
            .and_then(Option::take)
            .ok_or_else(|| PnpError::Pdf(format!("picture body {i} is missing or used twice")))?;
        stream.set_content(body);
    }
    if bodies.iter().any(Option::is_some) {
        return Err(PnpError::Pdf("printpdf dropped a picture".into()));
    }
    Ok(())
}

/// The lopdf part: what printpdf 0.12 has no API for (see the module docs).
fn finish(doc: &mut lopdf::Document, meta: &Meta) -> Result<(), PnpError> {
    let err = |e: lopdf::Error| PnpError::Pdf(e.to_string());
    doc.version = PDF_VERSION.to_string();
    let mut prefs = dictionary! {
        "PrintScaling" => "None",
        "DisplayDocTitle" => true,
    };
    if meta.duplex {
        prefs.set("Duplex", "DuplexFlipLongEdge");
    }
    let catalog = doc.catalog_mut().map_err(err)?;
    catalog.set("ViewerPreferences", prefs);
    catalog.set("Lang", Object::string_literal("en"));
    // printpdf writes every info key, `/GTS_PDFXVersion` included even when
    // empty, and viewers then report the file as PDF/X, which it is not
    let info = doc
        .trailer
        .get(b"Info")
        .and_then(Object::as_reference)
        .map_err(err)?;
    let info = doc.get_dictionary_mut(info).map_err(err)?;
    let empty: Vec<Vec<u8>> = info
        .iter()
        .filter(|(k, v)| {
            k.as_slice() == b"GTS_PDFXVersion"
                || v.as_str().is_ok_and(|s| s.is_empty() || s == [0xFE, 0xFF])
        })
        .map(|(k, _)| k.clone())
        .collect();
    for k in empty {
        info.remove(&k);
    }
    Ok(())
}

/// A rectangle in mm as a PDF box array (corners) in points.
fn box_array(r: &Rect) -> Vec<Object> {
    [r.x, r.y, r.right(), r.top()]
        .iter()
        .map(|v| Object::Real((v * PT_PER_MM) as f32))
        .collect()
}

/// Millimetres as printpdf points (converted in f64, then rounded once).
/// Embeds a subset of `face` covering `chars` as a printpdf font.
///
/// The subset is cut here ([`super::font::Font::subset`], typst's
/// `subsetter`) rather than by printpdf: printpdf subsets only with its
/// `text_layout` feature, which compiles the azul layout engine (azul-layout,
/// azul-css, azul-core: some 680,000 lines) for a job of a few lines. Given
/// an already-subset program, printpdf embeds it as is and writes the font
/// dictionaries, `/W` (from the subset's own `hmtx`) and `/ToUnicode`.
fn embed_face(
    doc: &mut PdfDocument,
    face: Face,
    chars: &BTreeSet<char>,
) -> Result<EmbeddedFace, PnpError> {
    let font = face.font();
    let sub = font
        .subset(chars)
        .map_err(|e| PnpError::Pdf(e.to_string()))?;
    let mut font_warnings = Vec::new();
    let mut parsed = ParsedFont::from_bytes(&sub.data, 0, &mut font_warnings).ok_or_else(|| {
        PnpError::Pdf(format!(
            "printpdf cannot read the subset of {}: {font_warnings:?}",
            font.postscript_name
        ))
    })?;
    // A subset's name starts with a tag of six capital letters (ISO 32000
    // §9.9.2), derived here from the characters so that a document's two
    // faces, or two documents, with different subsets get different tags.
    let digest = super::images::digest(chars.iter().collect::<String>().as_bytes());
    let tag: String = digest[..6]
        .iter()
        .map(|b| char::from(b'A' + b % 26))
        .collect();
    parsed.font_name = Some(format!("{tag}+{}", font.postscript_name));
    // ToUnicode: each glyph back to the character it was set for, preferring
    // a character's own glyph over a fallback's: U+FFFD drawn for a missing
    // character copies as that character, unless U+FFFD itself is set too
    let mut text_of: BTreeMap<u16, char> = BTreeMap::new();
    for &c in chars {
        if let Some(g) = font.glyph(c) {
            text_of.entry(g).or_insert(c);
        }
    }
    for &c in chars {
        text_of.entry(font.glyph_or_fallback(c)).or_insert(c);
    }
    let glyphs = text_of
        .into_iter()
        .map(|(g, c)| {
            let new = sub.map.get(&g).copied().unwrap_or(0);
            (g, (new, c.to_string()))
        })
        .collect();
    let id = doc.add_font(&parsed);
    Ok(EmbeddedFace { id, glyphs })
}

/// A picture as a raw XObject stream (with its soft mask nested, which
/// printpdf writes as an object of its own). Decoded pictures arrive packed
/// already ([`super::images::Packed`]): this only describes them.
///
/// The bytes go to `bodies` and the stream carries their index under
/// [`BODY_KEY`] (see [`move_bodies_in`]).
fn image_stream(img: Image, bodies: &mut Vec<Vec<u8>>) -> ExternalStream {
    let name = |n: &str| DictItem::Name(n.as_bytes().to_vec());
    let int = |v: i64| DictItem::Int(v);
    let (width, height) = (i64::from(img.width), i64::from(img.height));
    let mut dict: BTreeMap<String, DictItem> = BTreeMap::from([
        ("Type".to_string(), name("XObject")),
        ("Subtype".to_string(), name("Image")),
        ("Width".to_string(), int(width)),
        ("Height".to_string(), int(height)),
    ]);
    // the filter of packed samples: Flate after PNG row prediction
    let filter =
        |dict: &mut BTreeMap<String, DictItem>, packed: &Packed, colors: usize, bits: u8| {
            if packed.flate {
                dict.insert("Filter".into(), name("FlateDecode"));
                dict.insert(
                    "DecodeParms".into(),
                    DictItem::Dict {
                        map: BTreeMap::from([
                            ("Predictor".to_string(), int(PNG_PREDICTOR)),
                            ("Colors".to_string(), int(colors as i64)),
                            ("BitsPerComponent".to_string(), int(i64::from(bits))),
                            ("Columns".to_string(), int(width)),
                        ]),
                    },
                );
            }
        };
    let content = match img.data {
        ImageData::Jpeg {
            bytes,
            components,
            inverted_cmyk,
        } => {
            let cs = match components {
                1 => "DeviceGray",
                4 => "DeviceCMYK",
                _ => "DeviceRGB",
            };
            dict.insert("ColorSpace".into(), name(cs));
            dict.insert("BitsPerComponent".into(), int(8));
            dict.insert("Filter".into(), name("DCTDecode"));
            if inverted_cmyk {
                let decode = [1, 0, 1, 0, 1, 0, 1, 0].map(DictItem::Int).to_vec();
                dict.insert("Decode".into(), DictItem::Array(decode));
            }
            bytes
        }
        ImageData::Pixels {
            color,
            bits,
            samples,
            alpha,
        } => {
            let cs = match &color {
                PixelColor::Gray => name("DeviceGray"),
                PixelColor::Rgb => name("DeviceRGB"),
                PixelColor::Indexed(pal) => DictItem::Array(vec![
                    name("Indexed"),
                    name("DeviceRGB"),
                    int(pal.len() as i64 - 1),
                    DictItem::String {
                        data: pal.iter().flatten().copied().collect(),
                        literal: false,
                    },
                ]),
            };
            dict.insert("ColorSpace".into(), cs);
            dict.insert("BitsPerComponent".into(), int(i64::from(bits)));
            if let Some(a) = alpha {
                let mut mask = BTreeMap::from([
                    ("Type".to_string(), name("XObject")),
                    ("Subtype".to_string(), name("Image")),
                    ("Width".to_string(), int(width)),
                    ("Height".to_string(), int(height)),
                    ("ColorSpace".to_string(), name("DeviceGray")),
                    ("BitsPerComponent".to_string(), int(i64::from(bits))),
                ]);
                filter(&mut mask, &a, 1, bits);
                mask.insert(BODY_KEY.into(), int(bodies.len() as i64));
                bodies.push(a.data);
                dict.insert(
                    "SMask".into(),
                    DictItem::Stream {
                        stream: ExternalStream {
                            dict: mask,
                            content: Vec::new(),
                            compress: false,
                        },
                    },
                );
            }
            filter(&mut dict, &samples, color.channels(), bits);
            samples.data
        }
    };
    dict.insert(BODY_KEY.into(), int(bodies.len() as i64));
    bodies.push(content);
    ExternalStream {
        dict,
        content: Vec::new(),
        // packed already (or JPEG): printpdf and lopdf must leave it be
        compress: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pnp::draw::{Affine, CardTag, Op, Rgb, p};
    use lopdf::Document;
    use std::path::PathBuf;

    #[test]
    fn packed_pixels_are_described_for_viewers_to_unpack() {
        // lopdf undoes the Flate and the PNG predictor as a viewer would
        let (w, h) = (37u32, 11u32);
        let samples: Vec<u8> = (0..w * h * 3).map(|i| ((i * 7) % 251) as u8).collect();
        let img = Image {
            path: PathBuf::from("x.png"),
            width: w,
            height: h,
            source_width: w,
            source_height: h,
            orientation: image::metadata::Orientation::NoTransforms,
            file_len: 0,
            data: ImageData::Pixels {
                color: PixelColor::Rgb,
                bits: 8,
                samples: Packed::pack(&samples, w, 3, 8),
                alpha: None,
            },
        };
        let mut bodies = Vec::new();
        let mut s = image_stream(img, &mut bodies);
        assert!(!s.compress);
        assert!(s.content.is_empty(), "the bytes wait in `bodies`");
        assert_eq!(s.dict.remove(BODY_KEY), Some(DictItem::Int(0)));
        s.content = bodies.remove(0);
        assert_eq!(
            s.dict.get("Filter"),
            Some(&DictItem::Name(b"FlateDecode".to_vec()))
        );
        let mut d = lopdf::Dictionary::new();
        for (k, v) in &s.dict {
            d.set(k.as_bytes(), v.to_lopdf());
        }
        let s = lopdf::Stream::new(d, s.content);
        assert_eq!(s.decompressed_content().unwrap(), samples);
    }

    fn page(ops: Vec<Op>) -> Page {
        Page {
            width: 210.0,
            height: 297.0,
            trim: Rect::new(10.0, 10.0, 63.0, 88.0),
            bleed: Rect::new(9.0, 9.0, 65.0, 90.0),
            ops,
        }
    }

    fn num(o: &Object) -> f64 {
        o.as_float().map(f64::from).unwrap()
    }

    #[test]
    fn writes_a_parseable_document_with_preferences_and_boxes() {
        let img = Image {
            path: PathBuf::from("x.png"),
            width: 2,
            height: 1,
            source_width: 2,
            source_height: 1,
            orientation: image::metadata::Orientation::NoTransforms,
            file_len: 10,
            data: ImageData::Pixels {
                color: PixelColor::Rgb,
                bits: 8,
                samples: Packed::plain(vec![255, 0, 0, 0, 0, 255]),
                alpha: Some(Packed::plain(vec![255, 128])),
            },
        };
        let ops = vec![
            Op::text(p(20.0, 280.0), 7.0, Face::Bold, Rgb::BLACK, "Héllo ∞"),
            Op::text(p(20.0, 270.0), 7.0, Face::Regular, Rgb::BLACK, "\u{E000}x"),
            Op::Group {
                m: Affine::translate(10.0, 10.0),
                clip: Some(Rect::new(0.0, 0.0, 63.0, 88.0)),
                card: Some(CardTag {
                    id: "ember-cub".into(),
                    back: false,
                }),
                ops: vec![Op::Image {
                    image: 0,
                    m: Affine([63.0, 0.0, 0.0, 88.0, 0.0, 0.0]),
                }],
            },
        ];
        let bytes = write(
            &[page(ops.clone()), page(ops)],
            vec![img],
            &Meta {
                title: "Test — deck".into(),
                duplex: true,
            },
        )
        .unwrap();
        let doc = Document::load_mem(&bytes).unwrap();
        assert_eq!(doc.version, "1.7");
        let info = doc.trailer.get(b"Info").unwrap().as_reference().unwrap();
        let info = doc.get_dictionary(info).unwrap();
        assert!(info.get(b"GTS_PDFXVersion").is_err(), "not PDF/X");
        assert!(info.get(b"Author").is_err(), "no empty entries");
        assert!(info.get(b"Title").is_ok() && info.get(b"Producer").is_ok());
        assert_eq!(doc.get_pages().len(), 2);
        let catalog = doc.catalog().unwrap();
        let prefs = catalog
            .get(b"ViewerPreferences")
            .unwrap()
            .as_dict()
            .unwrap();
        assert_eq!(
            prefs.get(b"PrintScaling").unwrap().as_name().unwrap(),
            b"None"
        );
        assert_eq!(
            prefs.get(b"Duplex").unwrap().as_name().unwrap(),
            b"DuplexFlipLongEdge"
        );
        let images: Vec<_> = doc
            .objects
            .values()
            .filter_map(|o| o.as_stream().ok())
            .filter(|s| {
                s.dict.get(b"Subtype").and_then(|v| v.as_name()).ok() == Some(b"Image".as_slice())
                    && s.dict.get(b"SMask").is_ok()
            })
            .collect();
        assert_eq!(images.len(), 1, "one XObject for the picture used twice");
        // the bytes moved in, the marker gone, the mask's too
        let pic = images[0];
        assert_eq!(pic.content, [255, 0, 0, 0, 0, 255]);
        let mask = doc
            .get_object(pic.dict.get(b"SMask").unwrap().as_reference().unwrap())
            .unwrap()
            .as_stream()
            .unwrap();
        assert_eq!(mask.content, [255, 128]);
        assert!(
            !bytes
                .windows(BODY_KEY.len())
                .any(|w| w == BODY_KEY.as_bytes())
        );
        let (_, first) = doc.get_pages().into_iter().next().unwrap();
        let page = doc.get_dictionary(first).unwrap();
        let corners = |key: &[u8]| -> Vec<f64> {
            page.get(key)
                .unwrap()
                .as_array()
                .unwrap()
                .iter()
                .map(num)
                .collect()
        };
        let expect = |v: f64| v * PT_PER_MM;
        for (key, want) in [
            (b"TrimBox".as_slice(), [10.0, 10.0, 73.0, 98.0]),
            (b"BleedBox".as_slice(), [9.0, 9.0, 74.0, 99.0]),
            (b"MediaBox".as_slice(), [0.0, 0.0, 210.0, 297.0]),
        ] {
            let got = corners(key);
            for (g, w) in got.iter().zip(want) {
                assert!((g - expect(w)).abs() < 0.01, "{key:?}: {got:?}");
            }
        }
        let text = doc.extract_text(&[1]).unwrap();
        assert!(text.contains("Héllo ∞"), "{text:?}");
        // a character the font lacks is drawn as U+FFFD but reads back as itself
        assert!(text.contains("\u{E000}x"), "{text:?}");
        // both faces embedded as subsets: tagged names, small programs
        let fonts: Vec<String> = doc
            .objects
            .values()
            .filter_map(|o| o.as_dict().ok())
            .filter(|d| d.get(b"Subtype").and_then(|v| v.as_name()).ok() == Some(b"Type0"))
            .map(|d| String::from_utf8_lossy(d.get(b"BaseFont").unwrap().as_name().unwrap()).into())
            .collect();
        assert_eq!(fonts.len(), 2, "{fonts:?}");
        for f in &fonts {
            assert!(f.len() > 7 && f.as_bytes()[6] == b'+', "{f}");
            assert!(f[7..].starts_with("DejaVuSansCondensed"), "{f}");
        }
        assert!(bytes.len() < 40_000, "{} bytes", bytes.len());
    }
}
