//! Card pictures and backs: read once per distinct file, checked, and kept in
//! the form the PDF embeds them.
//!
//! - **JPEG** files are embedded byte for byte (`/DCTDecode`): never decoded
//!   and re-encoded, so no quality is lost. They are still fully decoded once
//!   here, because a truncated or corrupt JPEG must be an error naming the
//!   card, not a grey box on paper.
//! - **PNG** files are decoded and stored losslessly (`/FlateDecode`) at their
//!   own resolution and bit depth; transparency becomes a soft mask. An 8-bit
//!   colour image with at most 256 colours (the shipped backs are palette
//!   PNGs) is stored as an indexed image, which keeps it as small as the PNG.
//! - **EXIF orientation** (JPEG `APP1`, PNG `eXIf`) is not applied to the
//!   pixels — that would mean re-encoding the JPEG — but to the placement
//!   matrix ([`orientation_matrix`]), which viewers and printers honour.
//! - Pictures over a pixel limit are refused before decoding.

use std::collections::HashMap;
use std::io::Cursor;
use std::path::{Path, PathBuf};

use image::metadata::Orientation;
use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits};
use sha2::{Digest, Sha256};

use super::draw::Affine;

/// How an image's samples are stored in the PDF.
#[derive(Clone, Debug, PartialEq)]
pub enum ImageData {
    /// The JPEG file as is.
    Jpeg {
        bytes: Vec<u8>,
        /// 1 (grey), 3 (RGB/YCbCr) or 4 (CMYK).
        components: u8,
        /// An Adobe CMYK JPEG stores inverted values (`/Decode [1 0 …]`).
        inverted_cmyk: bool,
    },
    /// Decoded samples, rows top to bottom, to be Flate-compressed.
    Pixels {
        color: PixelColor,
        /// 8 or 16 (big-endian samples).
        bits: u8,
        samples: Vec<u8>,
        /// One alpha sample per pixel (same bit depth), when not fully opaque.
        alpha: Option<Vec<u8>>,
    },
}

/// The colour space of decoded samples.
#[derive(Clone, Debug, PartialEq)]
pub enum PixelColor {
    Gray,
    Rgb,
    /// One byte per pixel indexing this palette.
    Indexed(Vec<[u8; 3]>),
}

/// One distinct picture.
#[derive(Clone, Debug, PartialEq)]
pub struct Image {
    /// The first file it was read from.
    pub path: PathBuf,
    /// Stored size in pixels (before orientation).
    pub width: u32,
    pub height: u32,
    pub orientation: Orientation,
    /// Size of the file read.
    pub file_len: u64,
    pub data: ImageData,
}

impl Image {
    /// Width and height as displayed (after orientation).
    pub fn display_size(&self) -> (u32, u32) {
        match self.orientation {
            Orientation::Rotate90
            | Orientation::Rotate270
            | Orientation::Rotate90FlipH
            | Orientation::Rotate270FlipH => (self.height, self.width),
            _ => (self.width, self.height),
        }
    }

    pub fn is_jpeg(&self) -> bool {
        matches!(self.data, ImageData::Jpeg { .. })
    }

    /// The pixels as RGBA (stored orientation), for the preview.
    pub fn to_rgba(&self) -> Result<image::RgbaImage, String> {
        match &self.data {
            ImageData::Jpeg { bytes, .. } => {
                image::load_from_memory_with_format(bytes, ImageFormat::Jpeg)
                    .map(|i| i.to_rgba8())
                    .map_err(|e| e.to_string())
            }
            ImageData::Pixels {
                color,
                bits,
                samples,
                alpha,
            } => {
                let n = self.width as usize * self.height as usize;
                let step = usize::from(*bits / 8);
                let mut out = Vec::with_capacity(n * 4);
                for i in 0..n {
                    let s = |k: usize| samples.get(k * step).copied().unwrap_or(0);
                    let rgb = match color {
                        PixelColor::Gray => [s(i); 3],
                        PixelColor::Rgb => [s(3 * i), s(3 * i + 1), s(3 * i + 2)],
                        PixelColor::Indexed(pal) => {
                            pal.get(usize::from(samples[i])).copied().unwrap_or([0; 3])
                        }
                    };
                    let a = alpha
                        .as_ref()
                        .map_or(255, |a| a.get(i * step).copied().unwrap_or(255));
                    out.extend_from_slice(&[rgb[0], rgb[1], rgb[2], a]);
                }
                image::RgbaImage::from_raw(self.width, self.height, out)
                    .ok_or_else(|| "bad pixel buffer".to_string())
            }
        }
    }
}

/// Why a picture cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ImageError {
    #[error("cannot read {path}: {reason}")]
    Read { path: PathBuf, reason: String },
    #[error("{path} is not a PNG or JPEG image")]
    Format { path: PathBuf },
    #[error("{path} is {width} × {height} pixels, over the limit of {limit} pixels")]
    TooLarge {
        path: PathBuf,
        width: u32,
        height: u32,
        limit: u64,
    },
    #[error("{path} cannot be decoded: {reason}")]
    Decode { path: PathBuf, reason: String },
}

/// Reads and checks one picture file.
pub fn load(path: &Path, max_pixels: u64) -> Result<Image, ImageError> {
    let bytes = std::fs::read(path).map_err(|e| ImageError::Read {
        path: path.to_path_buf(),
        reason: match e.kind() {
            std::io::ErrorKind::NotFound => "no such file".to_string(),
            _ => e.to_string(),
        },
    })?;
    from_bytes(path, bytes, max_pixels)
}

/// Checks a picture already in memory; `path` names it in errors.
pub fn from_bytes(path: &Path, bytes: Vec<u8>, max_pixels: u64) -> Result<Image, ImageError> {
    let decode_err = |reason: String| ImageError::Decode {
        path: path.to_path_buf(),
        reason,
    };
    let format = match bytes.get(..8) {
        Some([0xFF, 0xD8, ..]) => ImageFormat::Jpeg,
        Some(b"\x89PNG\r\n\x1a\n") => ImageFormat::Png,
        _ => {
            return Err(ImageError::Format {
                path: path.to_path_buf(),
            });
        }
    };
    let file_len = bytes.len() as u64;
    // Header first: refuse oversized pictures before allocating their pixels.
    let (width, height) = ImageReader::with_format(Cursor::new(&bytes), format)
        .into_dimensions()
        .map_err(|e| decode_err(e.to_string()))?;
    if u64::from(width) * u64::from(height) > max_pixels || width == 0 || height == 0 {
        return Err(ImageError::TooLarge {
            path: path.to_path_buf(),
            width,
            height,
            limit: max_pixels,
        });
    }
    let mut limits = Limits::default();
    limits.max_alloc = Some(max_pixels.saturating_mul(8).max(64 << 20));
    let mut reader = ImageReader::with_format(Cursor::new(&bytes), format);
    reader.limits(limits);
    let mut decoder = reader
        .into_decoder()
        .map_err(|e| decode_err(e.to_string()))?;
    let orientation = decoder.orientation().unwrap_or(Orientation::NoTransforms);
    let decoded = DynamicImage::from_decoder(decoder).map_err(|e| decode_err(e.to_string()))?;
    let data = match format {
        ImageFormat::Jpeg => {
            let sof =
                jpeg_header(&bytes).ok_or_else(|| decode_err("no JPEG frame header".into()))?;
            // The decoder fills a cut-short scan with grey instead of failing,
            // so check for the end-of-image marker ourselves.
            if !jpeg_complete(&bytes) {
                return Err(decode_err(
                    "the JPEG is cut short (no end-of-image marker after its image data)".into(),
                ));
            }
            if sof.precision != 8 || !matches!(sof.components, 1 | 3 | 4) {
                return Err(decode_err(format!(
                    "{}-bit JPEG with {} components cannot be embedded (8-bit grey, RGB or CMYK only)",
                    sof.precision, sof.components
                )));
            }
            ImageData::Jpeg {
                components: sof.components,
                inverted_cmyk: sof.components == 4 && sof.adobe,
                bytes,
            }
        }
        _ => pixels(decoded),
    };
    Ok(Image {
        path: path.to_path_buf(),
        width,
        height,
        orientation,
        file_len,
        data,
    })
}

/// What a JPEG's frame header says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JpegHeader {
    pub precision: u8,
    pub width: u16,
    pub height: u16,
    pub components: u8,
    /// An Adobe `APP14` segment is present.
    pub adobe: bool,
}

/// Walks a JPEG's marker segments up to the first frame header.
pub fn jpeg_header(b: &[u8]) -> Option<JpegHeader> {
    let mut at = 2;
    let mut adobe = false;
    while at + 4 <= b.len() {
        if b[at] != 0xFF {
            return None;
        }
        let marker = b[at + 1];
        if marker == 0xFF {
            at += 1; // fill byte
            continue;
        }
        if matches!(marker, 0x01 | 0xD0..=0xD9) {
            at += 2;
            continue;
        }
        let len = usize::from(u16::from_be_bytes([b[at + 2], b[at + 3]]));
        let seg = b.get(at + 4..at + 2 + len)?;
        match marker {
            0xEE if seg.starts_with(b"Adobe") => adobe = true,
            0xC0..=0xC3 | 0xC5..=0xC7 | 0xC9..=0xCB | 0xCD..=0xCF if seg.len() >= 6 => {
                return Some(JpegHeader {
                    precision: seg[0],
                    height: u16::from_be_bytes([seg[1], seg[2]]),
                    width: u16::from_be_bytes([seg[3], seg[4]]),
                    components: seg[5],
                    adobe,
                });
            }
            0xDA => return None,
            _ => {}
        }
        at += 2 + len;
    }
    None
}

/// Whether a JPEG has an end-of-image marker after its first scan. Inside
/// entropy-coded data a 0xFF byte is always followed by 0x00 or a restart
/// marker, so `FF D9` there is the real end.
pub fn jpeg_complete(b: &[u8]) -> bool {
    let mut at = 2;
    while at + 4 <= b.len() {
        if b[at] != 0xFF {
            return false;
        }
        let marker = b[at + 1];
        if marker == 0xFF {
            at += 1;
            continue;
        }
        if matches!(marker, 0x01 | 0xD0..=0xD8) {
            at += 2;
            continue;
        }
        if marker == 0xD9 {
            return false; // end before any scan
        }
        let len = usize::from(u16::from_be_bytes([b[at + 2], b[at + 3]]));
        if marker == 0xDA {
            let scan = at + 2 + len;
            return b
                .get(scan..)
                .is_some_and(|rest| rest.windows(2).any(|w| w == [0xFF, 0xD9]));
        }
        at += 2 + len;
    }
    false
}

/// Decoded PNG pixels in the smallest lossless form.
fn pixels(img: DynamicImage) -> ImageData {
    use DynamicImage as D;
    let opaque8 = |a: &[u8]| a.iter().all(|&v| v == 255);
    let split = |data: &[u8], channels: usize, step: usize| -> (Vec<u8>, Vec<u8>) {
        let px = channels * step;
        let mut color = Vec::with_capacity(data.len() / px * (px - step));
        let mut alpha = Vec::with_capacity(data.len() / px * step);
        for c in data.chunks_exact(px) {
            color.extend_from_slice(&c[..px - step]);
            alpha.extend_from_slice(&c[px - step..]);
        }
        (color, alpha)
    };
    let be16 = |v: &[u16]| v.iter().flat_map(|s| s.to_be_bytes()).collect::<Vec<u8>>();
    let (color, bits, samples, alpha) = match img {
        D::ImageLuma8(i) => (PixelColor::Gray, 8, i.into_raw(), None),
        D::ImageLumaA8(i) => {
            let (c, a) = split(i.as_raw(), 2, 1);
            (PixelColor::Gray, 8, c, Some(a))
        }
        D::ImageRgb8(i) => (PixelColor::Rgb, 8, i.into_raw(), None),
        D::ImageRgba8(i) => {
            let (c, a) = split(i.as_raw(), 4, 1);
            (PixelColor::Rgb, 8, c, Some(a))
        }
        D::ImageLuma16(i) => (PixelColor::Gray, 16, be16(i.as_raw()), None),
        D::ImageLumaA16(i) => {
            let (c, a) = split(&be16(i.as_raw()), 2, 2);
            (PixelColor::Gray, 16, c, Some(a))
        }
        D::ImageRgb16(i) => (PixelColor::Rgb, 16, be16(i.as_raw()), None),
        D::ImageRgba16(i) => {
            let (c, a) = split(&be16(i.as_raw()), 4, 2);
            (PixelColor::Rgb, 16, c, Some(a))
        }
        other => {
            let i = other.to_rgba8();
            let (c, a) = split(i.as_raw(), 4, 1);
            (PixelColor::Rgb, 8, c, Some(a))
        }
    };
    let alpha = match alpha {
        Some(a) if bits == 8 && opaque8(&a) => None,
        Some(a) if bits == 16 && a.chunks_exact(2).all(|c| c == [255, 255]) => None,
        a => a,
    };
    if bits == 8
        && color == PixelColor::Rgb
        && let Some((palette, indices)) = index_colours(&samples)
    {
        return ImageData::Pixels {
            color: PixelColor::Indexed(palette),
            bits,
            samples: indices,
            alpha,
        };
    }
    ImageData::Pixels {
        color,
        bits,
        samples,
        alpha,
    }
}

/// The palette and one index per pixel, when RGB samples hold ≤ 256 colours.
fn index_colours(rgb: &[u8]) -> Option<(Vec<[u8; 3]>, Vec<u8>)> {
    let mut palette: Vec<[u8; 3]> = Vec::new();
    let mut index: HashMap<[u8; 3], u8> = HashMap::new();
    let mut out = Vec::with_capacity(rgb.len() / 3);
    let mut last: Option<([u8; 3], u8)> = None;
    for px in rgb.chunks_exact(3) {
        let c = [px[0], px[1], px[2]];
        // runs of one colour are common: skip the hash lookup for them
        if let Some((lc, li)) = last
            && lc == c
        {
            out.push(li);
            continue;
        }
        let i = match index.get(&c) {
            Some(&i) => i,
            None => {
                if palette.len() == 256 {
                    return None;
                }
                let i = palette.len() as u8;
                palette.push(c);
                index.insert(c, i);
                i
            }
        };
        last = Some((c, i));
        out.push(i);
    }
    Some((palette, out))
}

/// The matrix taking the stored image's unit square (PDF image space: (0, 0)
/// is the bottom-left of the stored picture) to the unit square of the
/// picture as EXIF says to display it.
pub fn orientation_matrix(o: Orientation) -> Affine {
    // (u, v) displayed from (s, t) stored, both with y up.
    Affine(match o {
        Orientation::NoTransforms => [1.0, 0.0, 0.0, 1.0, 0.0, 0.0],
        Orientation::FlipHorizontal => [-1.0, 0.0, 0.0, 1.0, 1.0, 0.0],
        Orientation::Rotate180 => [-1.0, 0.0, 0.0, -1.0, 1.0, 1.0],
        Orientation::FlipVertical => [1.0, 0.0, 0.0, -1.0, 0.0, 1.0],
        // clockwise quarter turn: u = t, v = 1 − s
        Orientation::Rotate90 => [0.0, -1.0, 1.0, 0.0, 0.0, 1.0],
        // counter-clockwise: u = 1 − t, v = s
        Orientation::Rotate270 => [0.0, 1.0, -1.0, 0.0, 1.0, 0.0],
        // transpose (EXIF 5): u = 1 − t, v = 1 − s
        Orientation::Rotate90FlipH => [0.0, -1.0, -1.0, 0.0, 1.0, 1.0],
        // transverse (EXIF 7): u = t, v = s
        Orientation::Rotate270FlipH => [0.0, 1.0, 1.0, 0.0, 0.0, 0.0],
    })
}

/// A content hash, to embed identical files once even under different names.
pub fn digest(bytes: &[u8]) -> [u8; 32] {
    Sha256::digest(bytes).into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{Rgb, RgbImage, Rgba, RgbaImage};

    fn png_bytes(img: &DynamicImage) -> Vec<u8> {
        let mut out = Cursor::new(Vec::new());
        img.write_to(&mut out, ImageFormat::Png).unwrap();
        out.into_inner()
    }

    fn jpeg_bytes(img: &DynamicImage) -> Vec<u8> {
        let mut out = Cursor::new(Vec::new());
        img.write_to(&mut out, ImageFormat::Jpeg).unwrap();
        out.into_inner()
    }

    #[test]
    fn jpeg_is_kept_byte_for_byte() {
        let img = DynamicImage::ImageRgb8(RgbImage::from_fn(40, 30, |x, y| {
            Rgb([(x * 6) as u8, (y * 8) as u8, 90])
        }));
        let bytes = jpeg_bytes(&img);
        let loaded = from_bytes(Path::new("a.jpg"), bytes.clone(), 10_000).unwrap();
        assert_eq!((loaded.width, loaded.height), (40, 30));
        assert_eq!(loaded.orientation, Orientation::NoTransforms);
        match loaded.data {
            ImageData::Jpeg {
                bytes: kept,
                components,
                inverted_cmyk,
            } => {
                assert_eq!(kept, bytes);
                assert_eq!(components, 3);
                assert!(!inverted_cmyk);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn truncated_jpeg_is_an_error() {
        let img = DynamicImage::ImageRgb8(RgbImage::from_fn(64, 64, |x, y| {
            Rgb([(x * 4) as u8, (y * 4) as u8, (x ^ y) as u8])
        }));
        let bytes = jpeg_bytes(&img);
        let cut = bytes[..bytes.len() / 2].to_vec();
        let e = from_bytes(Path::new("cut.jpg"), cut, 1 << 20).unwrap_err();
        assert!(matches!(e, ImageError::Decode { .. }), "{e}");
        assert!(
            e.to_string().starts_with("cut.jpg cannot be decoded"),
            "{e}"
        );
    }

    #[test]
    fn jpeg_cut_in_its_image_data_is_an_error() {
        let img = DynamicImage::ImageRgb8(RgbImage::from_pixel(200, 200, Rgb([220, 30, 30])));
        let bytes = jpeg_bytes(&img);
        assert!(jpeg_complete(&bytes));
        let cut = bytes[..bytes.len() - 40].to_vec();
        assert!(!jpeg_complete(&cut));
        let e = from_bytes(Path::new("cut.jpg"), cut, 1 << 20).unwrap_err();
        assert!(e.to_string().contains("cut short"), "{e}");
    }

    #[test]
    fn pixel_limit_is_checked_before_decoding() {
        let img = DynamicImage::ImageRgb8(RgbImage::new(100, 100));
        let e = from_bytes(Path::new("big.png"), png_bytes(&img), 9_999).unwrap_err();
        assert_eq!(
            e.to_string(),
            "big.png is 100 × 100 pixels, over the limit of 9999 pixels"
        );
    }

    #[test]
    fn other_formats_and_missing_files_are_named() {
        let e = from_bytes(Path::new("x.gif"), b"GIF89a....".to_vec(), 100).unwrap_err();
        assert_eq!(e.to_string(), "x.gif is not a PNG or JPEG image");
        let e = load(Path::new("/nonexistent/y.png"), 100).unwrap_err();
        assert_eq!(
            e.to_string(),
            "cannot read /nonexistent/y.png: no such file"
        );
    }

    #[test]
    fn few_colour_png_becomes_indexed_and_alpha_a_mask() {
        let img = DynamicImage::ImageRgb8(RgbImage::from_fn(8, 4, |x, _| {
            if x < 4 {
                Rgb([255, 0, 0])
            } else {
                Rgb([0, 0, 255])
            }
        }));
        let l = from_bytes(Path::new("p.png"), png_bytes(&img), 1000).unwrap();
        match &l.data {
            ImageData::Pixels {
                color: PixelColor::Indexed(pal),
                samples,
                alpha: None,
                bits: 8,
            } => {
                assert_eq!(pal, &vec![[255, 0, 0], [0, 0, 255]]);
                assert_eq!(samples.len(), 32);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(l.to_rgba().unwrap().get_pixel(5, 1).0, [0, 0, 255, 255]);

        let many = DynamicImage::ImageRgba8(RgbaImage::from_fn(32, 32, |x, y| {
            Rgba([
                (x * 8) as u8,
                (y * 8) as u8,
                7,
                if x == 0 { 0 } else { 255 },
            ])
        }));
        let l = from_bytes(Path::new("q.png"), png_bytes(&many), 10_000).unwrap();
        match &l.data {
            ImageData::Pixels {
                color: PixelColor::Rgb,
                alpha: Some(a),
                samples,
                ..
            } => {
                assert_eq!(samples.len(), 32 * 32 * 3);
                assert_eq!(a[0], 0);
                assert_eq!(a[1], 255);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn sixteen_bit_png_keeps_its_depth() {
        let img = DynamicImage::ImageRgb16(image::ImageBuffer::from_fn(4, 2, |x, _| {
            Rgb([x as u16 * 1000, 65535, 0])
        }));
        let l = from_bytes(Path::new("d.png"), png_bytes(&img), 1000).unwrap();
        match &l.data {
            ImageData::Pixels {
                bits: 16, samples, ..
            } => {
                assert_eq!(samples.len(), 4 * 2 * 3 * 2);
                assert_eq!(&samples[6..8], &1000u16.to_be_bytes());
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn orientation_matrices_map_the_unit_square_onto_itself() {
        use super::super::draw::p;
        let all = [
            Orientation::NoTransforms,
            Orientation::FlipHorizontal,
            Orientation::Rotate180,
            Orientation::FlipVertical,
            Orientation::Rotate90,
            Orientation::Rotate270,
            Orientation::Rotate90FlipH,
            Orientation::Rotate270FlipH,
        ];
        for o in all {
            let m = orientation_matrix(o);
            let mut corners: Vec<(i64, i64)> = [p(0.0, 0.0), p(1.0, 0.0), p(0.0, 1.0), p(1.0, 1.0)]
                .iter()
                .map(|&c| {
                    let q = m.apply(c);
                    (q.x.round() as i64, q.y.round() as i64)
                })
                .collect();
            corners.sort();
            assert_eq!(corners, vec![(0, 0), (0, 1), (1, 0), (1, 1)], "{o:?}");
        }
        // EXIF 6 (Rotate90): the stored top-left pixel is shown top-right
        let m = orientation_matrix(Orientation::Rotate90);
        assert_eq!(m.apply(p(0.0, 1.0)), p(1.0, 1.0));
        // EXIF 8 (Rotate270): the stored top-left pixel is shown bottom-left
        let m = orientation_matrix(Orientation::Rotate270);
        assert_eq!(m.apply(p(0.0, 1.0)), p(0.0, 0.0));
    }

    #[test]
    fn jpeg_header_walk() {
        let img = DynamicImage::ImageLuma8(image::GrayImage::new(17, 9));
        let h = jpeg_header(&jpeg_bytes(&img)).unwrap();
        assert_eq!(
            (h.width, h.height, h.components, h.precision),
            (17, 9, 1, 8)
        );
        assert_eq!(jpeg_header(b"\xFF\xD8\xFF"), None);
        assert_eq!(jpeg_header(b"\xFF\xD8\xFF\xE0\xFF\xFF"), None);
    }
}
