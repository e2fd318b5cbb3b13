//! Writing pages as a PDF, with lopdf and nothing in between.
//!
//! We build every object ourselves rather than through printpdf: its default
//! save path downsamples and re-encodes pictures (toolchain.md), and the
//! parts we need — JPEG XObjects byte for byte, one XObject per distinct
//! picture shared by all pages, `/ViewerPreferences`, `/TrimBox` and
//! `/BleedBox`, marked content per card — are plain PDF objects. The output
//! is deterministic: the same input gives the same bytes (no dates, object
//! numbers in a fixed order).
//!
//! - Pictures: [`ImageData::Jpeg`] as `/DCTDecode` with the file's bytes;
//!   decoded pixels as `/FlateDecode` at their own size and depth, alpha as an
//!   `/SMask`, ≤ 256 colours as `/Indexed`.
//! - Text: each face used is embedded once as a subset (`/CIDFontType2`,
//!   `/Identity-H`, glyph ids as character codes) with a `/ToUnicode` map so
//!   text can be searched and copied.
//! - Each card is wrapped in `/Card <</Id <hex id> /Side /Front>> BDC … EMC`
//!   marked content and clipped to its bleed box.
//! - The catalog carries `/ViewerPreferences <</PrintScaling /None>>` (and
//!   `/Duplex /DuplexFlipLongEdge` when back pages are interleaved) so print
//!   dialogs default to actual size.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write as _;

use lopdf::{Dictionary, Document, Object, ObjectId, Stream, StringFormat, dictionary};
use rayon::prelude::*;

use super::PnpError;
use super::draw::{Affine, Op, PT_PER_MM, Page, Path, Rect, Seg};
use super::font::Face;
use super::images::{Image, ImageData, PixelColor};

/// Document-level facts.
#[derive(Clone, Debug, PartialEq)]
pub struct Meta {
    pub title: String,
    /// Back pages follow front pages for long-edge duplex.
    pub duplex: bool,
}

/// Writes `pages` (which refer to `images` by index) as a PDF file.
pub fn write(pages: &[Page], images: &[Image], meta: &Meta) -> Result<Vec<u8>, PnpError> {
    let mut doc = Document::with_version("1.7");
    let pages_id = doc.new_object_id();

    // -- pictures: one XObject each, compressed in parallel
    let mut used_images = BTreeSet::new();
    for page in pages {
        for op in &page.ops {
            op.for_each_image(&mut |i| {
                used_images.insert(i);
            });
        }
    }
    let built: Vec<(usize, Stream, Option<Stream>)> = used_images
        .iter()
        .map(|&i| {
            images
                .get(i)
                .ok_or_else(|| PnpError::Pdf(format!("page refers to missing image {i}")))
                .map(|img| {
                    let (s, m) = image_streams(img);
                    (i, s, m)
                })
        })
        .collect::<Result<_, _>>()?;
    let built: Vec<(usize, Stream, Option<Stream>)> = built
        .into_par_iter()
        .map(|(i, mut s, mut m)| {
            if s.dict.get(b"Filter").is_err() {
                deflate(&mut s)?;
            }
            if let Some(m) = m.as_mut() {
                deflate(m)?;
            }
            Ok((i, s, m))
        })
        .collect::<Result<_, PnpError>>()?;
    let mut image_ids: HashMap<usize, ObjectId> = HashMap::new();
    for (i, mut s, m) in built {
        if let Some(m) = m {
            let mask = doc.add_object(m);
            s.dict.set("SMask", mask);
        }
        image_ids.insert(i, doc.add_object(s));
    }

    // -- fonts: the characters each face sets, then one subset per face
    let mut chars: BTreeMap<Face, BTreeSet<char>> = BTreeMap::new();
    for page in pages {
        for op in &page.ops {
            op.for_each_text(&mut |face, text| {
                chars.entry(face).or_default().extend(text.chars());
            });
        }
    }
    let mut fonts: BTreeMap<Face, (ObjectId, HashMap<u16, u16>)> = BTreeMap::new();
    for (face, set) in &chars {
        let (id, map) = add_font(&mut doc, *face, set)?;
        fonts.insert(*face, (id, map));
    }

    // -- pages
    let mut kids = Vec::with_capacity(pages.len());
    for page in pages {
        let mut content = String::with_capacity(16 * 1024);
        let mut page_images = BTreeSet::new();
        let mut page_fonts = BTreeSet::new();
        for op in &page.ops {
            emit(op, &fonts, &mut content, &mut page_images, &mut page_fonts);
        }
        let mut stream = Stream::new(Dictionary::new(), content.into_bytes());
        stream
            .compress()
            .map_err(|e| PnpError::Pdf(e.to_string()))?;
        let content_id = doc.add_object(stream);
        let mut xobjects = Dictionary::new();
        for i in &page_images {
            xobjects.set(format!("Im{i}"), image_ids[i]);
        }
        let mut font_dict = Dictionary::new();
        for f in &page_fonts {
            font_dict.set(font_name(*f), fonts[f].0);
        }
        let mut resources = Dictionary::new();
        if !xobjects.is_empty() {
            resources.set("XObject", xobjects);
        }
        if !font_dict.is_empty() {
            resources.set("Font", font_dict);
        }
        let page_id = doc.add_object(dictionary! {
            "Type" => "Page",
            "Parent" => pages_id,
            "MediaBox" => box_array(&Rect::new(0.0, 0.0, page.width, page.height)),
            "TrimBox" => box_array(&page.trim),
            "BleedBox" => box_array(&page.bleed),
            "Resources" => resources,
            "Contents" => content_id,
        });
        kids.push(Object::Reference(page_id));
    }
    doc.objects.insert(
        pages_id,
        Object::Dictionary(dictionary! {
            "Type" => "Pages",
            "Count" => kids.len() as i64,
            "Kids" => kids,
        }),
    );
    let mut prefs = dictionary! {
        "PrintScaling" => "None",
        "DisplayDocTitle" => true,
    };
    if meta.duplex {
        prefs.set("Duplex", "DuplexFlipLongEdge");
    }
    let catalog_id = doc.add_object(dictionary! {
        "Type" => "Catalog",
        "Pages" => pages_id,
        "ViewerPreferences" => prefs,
        "Lang" => Object::string_literal("en"),
    });
    let info_id = doc.add_object(dictionary! {
        "Title" => text_string(&meta.title),
        "Producer" => Object::string_literal(concat!("Deckwright ", env!("CARGO_PKG_VERSION"))),
        "Creator" => Object::string_literal("Deckwright print-and-play export"),
    });
    doc.trailer.set("Root", catalog_id);
    doc.trailer.set("Info", info_id);
    let mut out = Vec::new();
    doc.save_to(&mut out)
        .map_err(|e| PnpError::Pdf(e.to_string()))?;
    Ok(out)
}

/// Flate-compresses a pixel stream after PNG row prediction (each row
/// filtered the way PNG encoders do, `/Predictor 15`), which is what lets a
/// photo-like PNG stay near its own file size. Falls back to the plain
/// samples if compressing does not pay.
fn deflate(s: &mut Stream) -> Result<(), PnpError> {
    let int = |k: &[u8]| s.dict.get(k).and_then(Object::as_i64).unwrap_or(0).max(0) as usize;
    let (width, bits) = (int(b"Width"), int(b"BitsPerComponent").max(8));
    let colors = match s.dict.get(b"ColorSpace").and_then(Object::as_name) {
        Ok(b"DeviceRGB") => 3,
        _ => 1,
    };
    let plain = std::mem::take(&mut s.content);
    let bpp = colors * bits / 8;
    let predicted = png_predict(&plain, width * bpp, bpp);
    s.set_content(predicted);
    s.dict.set(
        "DecodeParms",
        dictionary! {
            "Predictor" => 15,
            "Colors" => colors as i64,
            "BitsPerComponent" => bits as i64,
            "Columns" => width as i64,
        },
    );
    s.compress().map_err(|e| PnpError::Pdf(e.to_string()))?;
    if s.dict.get(b"Filter").is_err() {
        s.set_plain_content(plain);
    }
    Ok(())
}

/// PNG row filtering: each row gets a filter-type byte (0 None, 1 Sub, 2 Up,
/// 3 Average, 4 Paeth), chosen by the smallest sum of absolute residuals.
fn png_predict(data: &[u8], row_len: usize, bpp: usize) -> Vec<u8> {
    if row_len == 0 {
        return Vec::new();
    }
    let rows = data.len() / row_len;
    let mut out = Vec::with_capacity(data.len() + rows);
    let zero = vec![0u8; row_len];
    let mut cand: [Vec<u8>; 5] = Default::default();
    for r in 0..rows {
        let cur = &data[r * row_len..(r + 1) * row_len];
        let prev = if r == 0 {
            &zero[..]
        } else {
            &data[(r - 1) * row_len..r * row_len]
        };
        for (f, buf) in cand.iter_mut().enumerate() {
            buf.clear();
            for i in 0..row_len {
                let a = if i >= bpp { cur[i - bpp] } else { 0 };
                let b = prev[i];
                let c = if i >= bpp { prev[i - bpp] } else { 0 };
                let pred = match f {
                    0 => 0,
                    1 => a,
                    2 => b,
                    3 => ((u16::from(a) + u16::from(b)) / 2) as u8,
                    _ => paeth(a, b, c),
                };
                buf.push(cur[i].wrapping_sub(pred));
            }
        }
        let best = (0..5)
            .min_by_key(|&f| {
                cand[f]
                    .iter()
                    .map(|&v| u64::from((v as i8).unsigned_abs()))
                    .sum::<u64>()
            })
            .unwrap_or(0);
        out.push(best as u8);
        out.extend_from_slice(&cand[best]);
    }
    out
}

fn paeth(a: u8, b: u8, c: u8) -> u8 {
    let p = i16::from(a) + i16::from(b) - i16::from(c);
    let (pa, pb, pc) = (
        (p - i16::from(a)).abs(),
        (p - i16::from(b)).abs(),
        (p - i16::from(c)).abs(),
    );
    if pa <= pb && pa <= pc {
        a
    } else if pb <= pc {
        b
    } else {
        c
    }
}

/// A PDF text string: literal when ASCII, else UTF-16BE with a byte-order mark.
fn text_string(s: &str) -> Object {
    if s.is_ascii() {
        Object::string_literal(s)
    } else {
        let mut bytes = vec![0xFE, 0xFF];
        for u in s.encode_utf16() {
            bytes.extend_from_slice(&u.to_be_bytes());
        }
        Object::String(bytes, StringFormat::Hexadecimal)
    }
}

fn font_name(face: Face) -> String {
    match face {
        Face::Regular => "F0".into(),
        Face::Bold => "F1".into(),
    }
}

/// A rectangle in mm as a PDF box array in points.
fn box_array(r: &Rect) -> Vec<Object> {
    [r.x, r.y, r.right(), r.top()]
        .iter()
        .map(|v| Object::Real((v * PT_PER_MM) as f32))
        .collect()
}

/// An image XObject and its soft mask, uncompressed pixel streams not yet
/// compressed (the caller does that in parallel).
fn image_streams(img: &Image) -> (Stream, Option<Stream>) {
    let mut dict = dictionary! {
        "Type" => "XObject",
        "Subtype" => "Image",
        "Width" => i64::from(img.width),
        "Height" => i64::from(img.height),
    };
    match &img.data {
        ImageData::Jpeg {
            bytes,
            components,
            inverted_cmyk,
        } => {
            dict.set(
                "ColorSpace",
                match components {
                    1 => "DeviceGray",
                    4 => "DeviceCMYK",
                    _ => "DeviceRGB",
                },
            );
            dict.set("BitsPerComponent", 8);
            dict.set("Filter", "DCTDecode");
            if *inverted_cmyk {
                dict.set(
                    "Decode",
                    vec![
                        1.into(),
                        0.into(),
                        1.into(),
                        0.into(),
                        1.into(),
                        0.into(),
                        1.into(),
                        0.into(),
                    ],
                );
            }
            (
                Stream::new(dict, bytes.clone()).with_compression(false),
                None,
            )
        }
        ImageData::Pixels {
            color,
            bits,
            samples,
            alpha,
        } => {
            let cs: Object = match color {
                PixelColor::Gray => "DeviceGray".into(),
                PixelColor::Rgb => "DeviceRGB".into(),
                PixelColor::Indexed(pal) => {
                    let table: Vec<u8> = pal.iter().flatten().copied().collect();
                    Object::Array(vec![
                        "Indexed".into(),
                        "DeviceRGB".into(),
                        (pal.len() as i64 - 1).into(),
                        Object::String(table, StringFormat::Hexadecimal),
                    ])
                }
            };
            dict.set("ColorSpace", cs);
            dict.set("BitsPerComponent", i64::from(*bits));
            let mask = alpha.as_ref().map(|a| {
                Stream::new(
                    dictionary! {
                        "Type" => "XObject",
                        "Subtype" => "Image",
                        "Width" => i64::from(img.width),
                        "Height" => i64::from(img.height),
                        "ColorSpace" => "DeviceGray",
                        "BitsPerComponent" => i64::from(*bits),
                    },
                    a.clone(),
                )
            });
            (Stream::new(dict, samples.clone()), mask)
        }
    }
}

/// Embeds a subset of `face` covering `chars`; returns the Type0 font and the
/// original → subset glyph map.
fn add_font(
    doc: &mut Document,
    face: Face,
    chars: &BTreeSet<char>,
) -> Result<(ObjectId, HashMap<u16, u16>), PnpError> {
    let font = face.font();
    let sub = font
        .subset(chars)
        .map_err(|e| PnpError::Pdf(e.to_string()))?;
    // a subset's name starts with a tag of six capital letters (ISO 32000 9.9.2),
    // here derived from the characters so the output stays deterministic
    let digest = super::images::digest(chars.iter().collect::<String>().as_bytes());
    let tag: String = digest[..6]
        .iter()
        .map(|b| char::from(b'A' + b % 26))
        .collect();
    let base = format!("{tag}+{}", font.postscript_name);
    let upem = f64::from(font.units_per_em);
    let k = |v: i16| Object::Integer((f64::from(v) * 1000.0 / upem).round() as i64);
    let mut file = Stream::new(
        dictionary! { "Length1" => sub.data.len() as i64 },
        sub.data.clone(),
    );
    file.compress().map_err(|e| PnpError::Pdf(e.to_string()))?;
    let file_id = doc.add_object(file);
    let descriptor = doc.add_object(dictionary! {
        "Type" => "FontDescriptor",
        "FontName" => Object::Name(base.clone().into_bytes()),
        "Flags" => 32,
        "FontBBox" => vec![k(font.bbox[0]), k(font.bbox[1]), k(font.bbox[2]), k(font.bbox[3])],
        "ItalicAngle" => 0,
        "Ascent" => k(font.ascent),
        "Descent" => k(font.descent),
        "CapHeight" => k(font.cap_height),
        "StemV" => if font.weight >= 600 { 140 } else { 80 },
        "FontFile2" => file_id,
    });
    let widths: Vec<Object> = sub
        .widths
        .iter()
        .map(|&w| Object::Integer(i64::from(w)))
        .collect();
    let cid_font = doc.add_object(dictionary! {
        "Type" => "Font",
        "Subtype" => "CIDFontType2",
        "BaseFont" => Object::Name(base.clone().into_bytes()),
        "CIDSystemInfo" => dictionary! {
            "Registry" => Object::string_literal("Adobe"),
            "Ordering" => Object::string_literal("Identity"),
            "Supplement" => 0,
        },
        "FontDescriptor" => descriptor,
        "DW" => 1000,
        "W" => vec![Object::Integer(0), Object::Array(widths)],
        "CIDToGIDMap" => "Identity",
    });
    // ToUnicode: each subset glyph back to the character it was set for,
    // preferring a character's own glyph over a fallback's
    let mut to_char: BTreeMap<u16, char> = BTreeMap::new();
    for &c in chars {
        if let Some(g) = font.glyph(c) {
            to_char.entry(sub.map[&g]).or_insert(c);
        }
    }
    for &c in chars {
        to_char
            .entry(sub.map[&font.glyph_or_fallback(c)])
            .or_insert(c);
    }
    let cmap = to_unicode(&to_char);
    let mut cmap_stream = Stream::new(Dictionary::new(), cmap.into_bytes());
    cmap_stream
        .compress()
        .map_err(|e| PnpError::Pdf(e.to_string()))?;
    let cmap_id = doc.add_object(cmap_stream);
    let type0 = doc.add_object(dictionary! {
        "Type" => "Font",
        "Subtype" => "Type0",
        "BaseFont" => Object::Name(base.into_bytes()),
        "Encoding" => "Identity-H",
        "DescendantFonts" => vec![Object::Reference(cid_font)],
        "ToUnicode" => cmap_id,
    });
    Ok((type0, sub.map))
}

/// A ToUnicode CMap for two-byte codes.
fn to_unicode(map: &BTreeMap<u16, char>) -> String {
    let mut s = String::from(
        "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n\
         /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n\
         /CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n\
         1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n",
    );
    let entries: Vec<(&u16, &char)> = map.iter().collect();
    for chunk in entries.chunks(100) {
        let _ = writeln!(s, "{} beginbfchar", chunk.len());
        for (g, c) in chunk {
            let mut utf16 = String::new();
            for u in c.encode_utf16(&mut [0; 2]) {
                let _ = write!(utf16, "{u:04X}");
            }
            let _ = writeln!(s, "<{g:04X}> <{utf16}>");
        }
        s.push_str("endbfchar\n");
    }
    s.push_str("endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n");
    s
}

/// A number for a content stream: up to 4 decimals, no trailing zeros.
pub fn num(v: f64) -> String {
    let mut s = format!("{v:.4}");
    if s.contains('.') {
        while s.ends_with('0') {
            s.pop();
        }
        if s.ends_with('.') {
            s.pop();
        }
    }
    if s == "-0" { "0".to_string() } else { s }
}

fn pt(v: f64) -> String {
    num(v * PT_PER_MM)
}

fn path_ops(path: &Path, out: &mut String) {
    for seg in &path.segs {
        match seg {
            Seg::Move(p) => {
                let _ = writeln!(out, "{} {} m", pt(p.x), pt(p.y));
            }
            Seg::Line(p) => {
                let _ = writeln!(out, "{} {} l", pt(p.x), pt(p.y));
            }
            Seg::Cubic(a, b, c) => {
                let _ = writeln!(
                    out,
                    "{} {} {} {} {} {} c",
                    pt(a.x),
                    pt(a.y),
                    pt(b.x),
                    pt(b.y),
                    pt(c.x),
                    pt(c.y)
                );
            }
            Seg::Close => out.push_str("h\n"),
        }
    }
}

fn rgb(c: super::draw::Rgb) -> String {
    format!(
        "{} {} {}",
        num(f64::from(c.0) / 255.0),
        num(f64::from(c.1) / 255.0),
        num(f64::from(c.2) / 255.0)
    )
}

fn matrix(m: &Affine, scale_linear: bool) -> String {
    let [a, b, c, d, e, f] = m.0;
    let k = if scale_linear { PT_PER_MM } else { 1.0 };
    format!(
        "{} {} {} {} {} {} cm",
        num(a * k),
        num(b * k),
        num(c * k),
        num(d * k),
        pt(e),
        pt(f)
    )
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02X}")).collect()
}

/// Appends one operation's content.
fn emit(
    op: &Op,
    fonts: &BTreeMap<Face, (ObjectId, HashMap<u16, u16>)>,
    out: &mut String,
    images: &mut BTreeSet<usize>,
    used_fonts: &mut BTreeSet<Face>,
) {
    match op {
        Op::Fill { path, color } => {
            let _ = writeln!(out, "{} rg", rgb(*color));
            path_ops(path, out);
            out.push_str("f\n");
        }
        Op::Stroke {
            path,
            color,
            width,
            dash,
        } => {
            let _ = writeln!(out, "q {} w {} RG", pt(*width), rgb(*color));
            if let Some(d) = dash {
                let _ = writeln!(out, "[{} {}] 0 d", pt(d.0), pt(d.1));
            }
            path_ops(path, out);
            out.push_str("S Q\n");
        }
        Op::Text {
            at,
            size,
            face,
            color,
            text,
        } => {
            let Some((_, map)) = fonts.get(face) else {
                return;
            };
            used_fonts.insert(*face);
            let font = face.font();
            let mut codes = String::with_capacity(text.len() * 4);
            for c in text.chars() {
                let g = map.get(&font.glyph_or_fallback(c)).copied().unwrap_or(0);
                let _ = write!(codes, "{g:04X}");
            }
            let _ = writeln!(
                out,
                "BT /{} {} Tf {} rg {} {} Td <{codes}> Tj ET",
                font_name(*face),
                num(*size),
                rgb(*color),
                pt(at.x),
                pt(at.y)
            );
        }
        Op::Image { image, m } => {
            images.insert(*image);
            let _ = writeln!(out, "q {} /Im{image} Do Q", matrix(m, true));
        }
        Op::Group { m, clip, card, ops } => {
            if let Some(tag) = card {
                let _ = writeln!(
                    out,
                    "/Card <</Id <{}> /Side /{}>> BDC",
                    hex(tag.id.as_bytes()),
                    if tag.back { "Back" } else { "Front" }
                );
            }
            out.push_str("q\n");
            if *m != Affine::IDENTITY {
                let _ = writeln!(out, "{}", matrix(m, false));
            }
            if let Some(r) = clip {
                let _ = writeln!(
                    out,
                    "{} {} {} {} re W n",
                    pt(r.x),
                    pt(r.y),
                    pt(r.w),
                    pt(r.h)
                );
            }
            for o in ops {
                emit(o, fonts, out, images, used_fonts);
            }
            out.push_str("Q\n");
            if card.is_some() {
                out.push_str("EMC\n");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pnp::draw::{CardTag, Rgb, p};
    use std::path::PathBuf;

    #[test]
    fn png_prediction_round_trips_through_lopdf() {
        let (w, h) = (37usize, 11usize);
        let samples: Vec<u8> = (0..w * h * 3).map(|i| ((i * 7) % 251) as u8).collect();
        let mut s = Stream::new(
            dictionary! {
                "Width" => w as i64,
                "Height" => h as i64,
                "ColorSpace" => "DeviceRGB",
                "BitsPerComponent" => 8,
            },
            samples.clone(),
        );
        deflate(&mut s).unwrap();
        assert_eq!(
            s.dict.get(b"Filter").unwrap().as_name().unwrap(),
            b"FlateDecode"
        );
        assert_eq!(s.decompressed_content().unwrap(), samples);
    }

    #[test]
    fn numbers_are_short_and_exact_enough() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(-0.00001), "0");
        assert_eq!(num(12.345678), "12.3457");
        assert_eq!(num(0.5), "0.5");
        assert_eq!(pt(25.4), "72");
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

    #[test]
    fn writes_a_parseable_document_with_preferences_and_boxes() {
        let img = Image {
            path: PathBuf::from("x.png"),
            width: 2,
            height: 1,
            orientation: image::metadata::Orientation::NoTransforms,
            file_len: 10,
            data: ImageData::Pixels {
                color: PixelColor::Rgb,
                bits: 8,
                samples: vec![255, 0, 0, 0, 0, 255],
                alpha: Some(vec![255, 128]),
            },
        };
        let ops = vec![
            Op::text(p(20.0, 280.0), 7.0, Face::Bold, Rgb::BLACK, "Héllo ∞"),
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
            &[img],
            &Meta {
                title: "Test — deck".into(),
                duplex: true,
            },
        )
        .unwrap();
        let doc = Document::load_mem(&bytes).unwrap();
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
        let (_, first) = doc.get_pages().into_iter().next().unwrap();
        let page = doc.get_dictionary(first).unwrap();
        let trim = page.get(b"TrimBox").unwrap().as_array().unwrap();
        assert!((trim[0].as_float().unwrap() - 28.3465).abs() < 0.01);
        let text = doc.extract_text(&[1]).unwrap();
        assert!(text.contains("Héllo ∞"), "{text:?}");
    }
}
