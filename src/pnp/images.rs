//! Card pictures and backs: read once per distinct file, checked, and kept in
//! the form the PDF embeds them.
//!
//! - **JPEG** files are embedded byte for byte (`/DCTDecode`): never decoded
//!   and re-encoded, so no quality is lost, and in memory they cost their
//!   file size. They are still fully decoded once here (then dropped),
//!   because a truncated or corrupt JPEG must be an error naming the card,
//!   not a grey box on paper.
//! - **PNG** files are decoded row by row and kept Flate-compressed with PNG
//!   row prediction ([`Packed`]), exactly as the PDF stores them, at their
//!   own bit depth; transparency becomes a soft mask. An 8-bit colour image
//!   with at most 256 colours (the shipped backs are palette PNGs) is stored
//!   as an indexed image, which keeps it as small as the PNG.
//! - **Printing resolution**: a decoded picture with more pixels than a
//!   printer can use ([`Decode::fit`]: `--max-dpi`, 600 ppi at the card's
//!   printed size by default) is resampled down while it is read, each axis
//!   on its own, by area averaging. Below that limit, pixels are kept
//!   losslessly. JPEGs are never resampled: that would mean re-encoding.
//! - **Memory**: a PNG never exists decoded in full. Rows stream from the
//!   decoder through the resampler into the kept samples, which are
//!   compressed at once, so an export holds its pictures about as large as
//!   they will be in the PDF. The decoders run under limits: the PNG decoder
//!   may buffer at most [`PNG_CHUNK_LIMIT`] bytes of ancillary chunks and
//!   skips ICC profiles and text unread (a 1 GiB `iCCP` costs nothing; the
//!   PDF is written in DeviceRGB/Gray anyway); the JPEG decoder may allocate
//!   the decoded picture and no more, and only one picture over 64 MiB is
//!   decoded whole at a time. Pictures over the pixel limit are refused from
//!   their header, before any decoding. (Interlaced PNGs are the one
//!   exception to streaming: their rows arrive in seven passes, so they are
//!   decoded whole, within the pixel limit.)
//! - **EXIF orientation** (JPEG `APP1`, PNG `eXIf`) is not applied to the
//!   pixels — that would mean re-encoding the JPEG — but to the placement
//!   matrix ([`orientation_matrix`]), which viewers and printers honour.
//! - [`check`] runs the same decoders under the same limits and keeps
//!   nothing: the catalog commands use it to refuse at the door what an
//!   export would refuse. [`probe`] reads only a header.

use std::collections::HashMap;
use std::io::{Cursor, Read as _, Write as _};
use std::path::{Path, PathBuf};

use image::metadata::Orientation;
use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits};
use sha2::{Digest, Sha256};

use super::draw::Affine;

/// Bytes the PNG decoder may hold for ancillary chunks (an `eXIf`, say).
/// Pixel rows stream past this limit; ICC profiles and text are skipped.
pub const PNG_CHUNK_LIMIT: usize = 16 << 20;

/// Bytes per pixel the JPEG decoder may allocate: four components (CMYK)
/// of eight bits.
const JPEG_BYTES_PER_PIXEL: u64 = 4;

/// A whole decoded picture over this many bytes (a JPEG being checked, an
/// interlaced PNG) is decoded while holding [`BIG_DECODE`]: pictures are
/// read on several threads, and two 7000 × 7000 JPEGs decoded at once would
/// hold 294 MB between them.
const BIG_DECODE_BYTES: u64 = 64 << 20;

/// Held while a picture over [`BIG_DECODE_BYTES`] is decoded whole.
static BIG_DECODE: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Runs `f`, one at a time with other big decodes when `bytes` is large.
fn decoding<T>(bytes: u64, f: impl FnOnce() -> T) -> T {
    if bytes > BIG_DECODE_BYTES {
        // a panic elsewhere cannot leave the unit value inconsistent
        let _turn = BIG_DECODE.lock().unwrap_or_else(|e| e.into_inner());
        f()
    } else {
        f()
    }
}

/// The PDF predictor for PNG row filters chosen per row (ISO 32000 §7.4.4.4).
pub const PNG_PREDICTOR: i64 = 15;

/// How pictures are read.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Decode {
    /// Pictures with more pixels than this are refused before decoding.
    pub max_pixels: u64,
    /// The most pixels worth keeping, width × height as the picture is
    /// displayed (after EXIF orientation); a decoded picture over it on an
    /// axis is resampled down on that axis. `None` keeps every pixel.
    pub fit: Option<(u32, u32)>,
}

impl Decode {
    /// Every pixel kept, up to `max_pixels`.
    pub fn lossless(max_pixels: u64) -> Decode {
        Decode {
            max_pixels,
            fit: None,
        }
    }
}

/// Samples as the PDF stores them.
#[derive(Clone, Debug, PartialEq)]
pub struct Packed {
    pub data: Vec<u8>,
    /// `data` is Flate-compressed after PNG row prediction (`/Predictor 15`
    /// with the picture's width, channels and depth); else plain samples,
    /// kept when compressing did not pay.
    pub flate: bool,
}

impl Packed {
    /// Plain samples.
    pub fn plain(data: Vec<u8>) -> Packed {
        Packed { data, flate: false }
    }

    /// Compresses rows of `width` pixels of `channels` samples of `bits`:
    /// each row filtered as PNG encoders do, then Flate. What lets a
    /// photo-like PNG stay near its own file size in the PDF.
    pub fn pack(samples: &[u8], width: u32, channels: usize, bits: u8) -> Packed {
        let bpp = channels * usize::from(bits.max(8)) / 8;
        let predicted = png_predict(samples, width as usize * bpp, bpp);
        let mut z = flate2::write::ZlibEncoder::new(
            Vec::with_capacity(samples.len() / 4),
            flate2::Compression::best(),
        );
        // writing to a Vec cannot fail
        let packed = z.write_all(&predicted).and_then(|()| z.finish());
        match packed {
            Ok(data) if data.len() < samples.len() => Packed { data, flate: true },
            _ => Packed::plain(samples.to_vec()),
        }
    }

    /// The samples back (for the preview).
    pub fn unpack(&self, width: u32, channels: usize, bits: u8) -> Result<Vec<u8>, String> {
        if !self.flate {
            return Ok(self.data.clone());
        }
        let mut predicted = Vec::new();
        flate2::read::ZlibDecoder::new(&self.data[..])
            .read_to_end(&mut predicted)
            .map_err(|e| e.to_string())?;
        let bpp = channels * usize::from(bits.max(8)) / 8;
        png_unpredict(&predicted, width as usize * bpp, bpp)
    }
}

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
    /// Decoded samples, rows top to bottom.
    Pixels {
        color: PixelColor,
        /// 8 or 16 (big-endian samples).
        bits: u8,
        samples: Packed,
        /// One alpha sample per pixel (same bit depth), when not fully opaque.
        alpha: Option<Packed>,
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

impl PixelColor {
    /// Samples per pixel.
    pub fn channels(&self) -> usize {
        match self {
            PixelColor::Rgb => 3,
            PixelColor::Gray | PixelColor::Indexed(_) => 1,
        }
    }
}

/// One distinct picture.
#[derive(Clone, Debug, PartialEq)]
pub struct Image {
    /// The first file it was read from.
    pub path: PathBuf,
    /// Stored size in pixels (before orientation), as kept: after any
    /// resampling to the printing resolution.
    pub width: u32,
    pub height: u32,
    /// The file's own size in pixels (before orientation).
    pub source_width: u32,
    pub source_height: u32,
    pub orientation: Orientation,
    /// Size of the file read.
    pub file_len: u64,
    pub data: ImageData,
}

impl Image {
    /// The picture's size and orientation without its pixels: enough to
    /// place it on a page while the pixels are being written.
    pub fn shape(&self) -> Image {
        Image {
            path: self.path.clone(),
            data: ImageData::Jpeg {
                bytes: Vec::new(),
                components: 3,
                inverted_cmyk: false,
            },
            ..*self
        }
    }
}

/// Whether an orientation turns the picture a quarter.
fn swaps_axes(o: Orientation) -> bool {
    matches!(
        o,
        Orientation::Rotate90
            | Orientation::Rotate270
            | Orientation::Rotate90FlipH
            | Orientation::Rotate270FlipH
    )
}

impl Image {
    /// Width and height as displayed (after orientation), as kept.
    pub fn display_size(&self) -> (u32, u32) {
        if swaps_axes(self.orientation) {
            (self.height, self.width)
        } else {
            (self.width, self.height)
        }
    }

    /// The file's width and height as displayed.
    pub fn source_display_size(&self) -> (u32, u32) {
        if swaps_axes(self.orientation) {
            (self.source_height, self.source_width)
        } else {
            (self.source_width, self.source_height)
        }
    }

    /// Whether the pixels were resampled down to the printing resolution.
    pub fn resampled(&self) -> bool {
        (self.width, self.height) != (self.source_width, self.source_height)
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
                let samples = samples.unpack(self.width, color.channels(), *bits)?;
                let alpha = alpha
                    .as_ref()
                    .map(|a| a.unpack(self.width, 1, *bits))
                    .transpose()?;
                let n = self.width as usize * self.height as usize;
                let step = usize::from(*bits / 8);
                let mut out = Vec::with_capacity(n * 4);
                for i in 0..n {
                    let s = |k: usize| samples.get(k * step).copied().unwrap_or(0);
                    let rgb = match color {
                        PixelColor::Gray => [s(i); 3],
                        PixelColor::Rgb => [s(3 * i), s(3 * i + 1), s(3 * i + 2)],
                        PixelColor::Indexed(pal) => samples
                            .get(i)
                            .and_then(|&k| pal.get(usize::from(k)))
                            .copied()
                            .unwrap_or([0; 3]),
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

/// The largest picture file read, far above any card picture (a 63 × 88 mm
/// card at 1,200 ppi is about 90 MB as an uncompressed PNG).
pub const MAX_PICTURE_BYTES: u64 = 256 * 1024 * 1024;

/// Reads a picture file's bytes, naming a missing file plainly. Its size and
/// its first bytes are checked before the rest is read: a file over
/// [`MAX_PICTURE_BYTES`], or one that does not start as a PNG or JPEG does,
/// is refused without reading it (a 2 GB file named `.png` used to be read
/// whole, 2.1 GB of memory, before it was found not to be a picture).
pub fn read(path: &Path) -> Result<Vec<u8>, ImageError> {
    use std::io::Read;
    let err = |e: std::io::Error| ImageError::Read {
        path: path.to_path_buf(),
        reason: crate::files::Unreadable::Io(e).to_string(),
    };
    // (a folder, a device or a named pipe is refused before it is read)
    let (mut file, len) = crate::files::open_regular(path).map_err(|e| ImageError::Read {
        path: path.to_path_buf(),
        reason: e.to_string(),
    })?;
    if len > MAX_PICTURE_BYTES {
        return Err(ImageError::Read {
            path: path.to_path_buf(),
            reason: format!(
                "it is {} MB; a picture file may be at most {} MB",
                len.div_ceil(1 << 20),
                MAX_PICTURE_BYTES >> 20
            ),
        });
    }
    let mut bytes = Vec::with_capacity(len as usize);
    (&mut file).take(8).read_to_end(&mut bytes).map_err(err)?;
    if bytes.len() == 8 && format_of(&bytes).is_none() {
        return Err(ImageError::Format {
            path: path.to_path_buf(),
        });
    }
    // (`take`: a file that grew since it was measured is read no further)
    file.take(MAX_PICTURE_BYTES - 8)
        .read_to_end(&mut bytes)
        .map_err(err)?;
    Ok(bytes)
}

/// Reads and checks one picture file.
pub fn load(path: &Path, decode: &Decode) -> Result<Image, ImageError> {
    from_bytes(path, read(path)?, decode)
}

/// The format from the first bytes: only PNG and JPEG are read.
fn format_of(bytes: &[u8]) -> Option<ImageFormat> {
    match bytes.get(..8) {
        Some([0xFF, 0xD8, ..]) => Some(ImageFormat::Jpeg),
        Some(b"\x89PNG\r\n\x1a\n") => Some(ImageFormat::Png),
        _ => None,
    }
}

/// The format and stored size from a picture's header alone (under the
/// decoders' limits), or `None` when the bytes are not a PNG or JPEG header.
pub fn probe(bytes: &[u8]) -> Option<(ImageFormat, u32, u32)> {
    match format_of(bytes)? {
        ImageFormat::Png => {
            let reader = png_reader(bytes).ok()?;
            let (w, h) = reader.info().size();
            Some((ImageFormat::Png, w, h))
        }
        _ => {
            let h = jpeg_header(bytes)?;
            Some((ImageFormat::Jpeg, u32::from(h.width), u32::from(h.height)))
        }
    }
}

/// Decodes a picture in full under the same limits as an export, keeping
/// nothing; returns its stored size. What a catalog checks at the door.
pub fn check(path: &Path, bytes: &[u8], max_pixels: u64) -> Result<(u32, u32), ImageError> {
    let decode_err = |reason: String| ImageError::Decode {
        path: path.to_path_buf(),
        reason,
    };
    match format_of(bytes) {
        Some(ImageFormat::Png) => {
            let mut png = open_png(path, bytes, max_pixels)?;
            let size = png.reader.info().size();
            png.rows(&mut |_| {}).map_err(decode_err)?;
            Ok(size)
        }
        Some(_) => {
            let jpeg = decode_jpeg(path, bytes, max_pixels)?;
            Ok((jpeg.width, jpeg.height))
        }
        None => Err(ImageError::Format {
            path: path.to_path_buf(),
        }),
    }
}

/// Checks a picture already in memory; `path` names it in errors.
pub fn from_bytes(path: &Path, bytes: Vec<u8>, decode: &Decode) -> Result<Image, ImageError> {
    let file_len = bytes.len() as u64;
    match format_of(&bytes) {
        Some(ImageFormat::Png) => load_png(path, &bytes, decode, file_len),
        Some(_) => {
            let jpeg = decode_jpeg(path, &bytes, decode.max_pixels)?;
            Ok(Image {
                path: path.to_path_buf(),
                width: jpeg.width,
                height: jpeg.height,
                source_width: jpeg.width,
                source_height: jpeg.height,
                orientation: jpeg.orientation,
                file_len,
                data: ImageData::Jpeg {
                    components: jpeg.components,
                    inverted_cmyk: jpeg.inverted_cmyk,
                    bytes,
                },
            })
        }
        None => Err(ImageError::Format {
            path: path.to_path_buf(),
        }),
    }
}

/// A JPEG that decodes completely.
struct JpegFacts {
    width: u32,
    height: u32,
    orientation: Orientation,
    components: u8,
    inverted_cmyk: bool,
}

/// Decodes a JPEG once (the pixels are dropped) to prove it whole.
fn decode_jpeg(path: &Path, bytes: &[u8], max_pixels: u64) -> Result<JpegFacts, ImageError> {
    let decode_err = |reason: String| ImageError::Decode {
        path: path.to_path_buf(),
        reason,
    };
    let (width, height) = ImageReader::with_format(Cursor::new(bytes), ImageFormat::Jpeg)
        .into_dimensions()
        .map_err(|e| decode_err(e.to_string()))?;
    too_large(path, width, height, max_pixels)?;
    let sof = jpeg_header(bytes).ok_or_else(|| decode_err("no JPEG frame header".into()))?;
    // The decoder fills a cut-short scan with grey instead of failing, so
    // check for the end-of-image marker ourselves.
    if !jpeg_complete(bytes) {
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
    let mut limits = Limits::default();
    limits.max_image_width = Some(width);
    limits.max_image_height = Some(height);
    limits.max_alloc =
        Some((u64::from(width) * u64::from(height)).saturating_mul(JPEG_BYTES_PER_PIXEL));
    let mut reader = ImageReader::with_format(Cursor::new(bytes), ImageFormat::Jpeg);
    reader.limits(limits);
    let mut decoder = reader
        .into_decoder()
        .map_err(|e| decode_err(e.to_string()))?;
    let orientation = decoder.orientation().unwrap_or(Orientation::NoTransforms);
    let size = decoder.total_bytes();
    decoding(size, || DynamicImage::from_decoder(decoder).map(drop))
        .map_err(|e| decode_err(e.to_string()))?;
    Ok(JpegFacts {
        width,
        height,
        orientation,
        components: sof.components,
        inverted_cmyk: sof.components == 4 && sof.adobe,
    })
}

/// Refuses a picture over the pixel limit (or with no pixels).
fn too_large(path: &Path, width: u32, height: u32, limit: u64) -> Result<(), ImageError> {
    if u64::from(width) * u64::from(height) > limit || width == 0 || height == 0 {
        return Err(ImageError::TooLarge {
            path: path.to_path_buf(),
            width,
            height,
            limit,
        });
    }
    Ok(())
}

/// A PNG decoder under our limits: palettes, low depths and `tRNS` expanded
/// to 8-bit grey/RGB (+ alpha), 16-bit kept; ICC profiles and text skipped.
fn png_reader(bytes: &[u8]) -> Result<png::Reader<Cursor<&[u8]>>, png::DecodingError> {
    let mut d = png::Decoder::new_with_limits(
        Cursor::new(bytes),
        png::Limits {
            bytes: PNG_CHUNK_LIMIT,
        },
    );
    d.set_ignore_iccp_chunk(true);
    d.set_ignore_text_chunk(true);
    d.set_transformations(png::Transformations::EXPAND);
    d.read_info()
}

/// An opened PNG, its header checked.
struct PngRows<'a> {
    reader: png::Reader<Cursor<&'a [u8]>>,
    /// Samples per pixel (alpha included) and bits per sample (8 or 16).
    channels: usize,
    bits: u8,
    alpha: bool,
}

fn open_png<'a>(path: &Path, bytes: &'a [u8], max_pixels: u64) -> Result<PngRows<'a>, ImageError> {
    let reader = png_reader(bytes).map_err(|e| ImageError::Decode {
        path: path.to_path_buf(),
        reason: e.to_string(),
    })?;
    let (w, h) = reader.info().size();
    too_large(path, w, h, max_pixels)?;
    let (color, depth) = reader.output_color_type();
    Ok(PngRows {
        channels: color.samples(),
        bits: if depth == png::BitDepth::Sixteen {
            16
        } else {
            8
        },
        alpha: matches!(color, png::ColorType::GrayscaleAlpha | png::ColorType::Rgba),
        reader,
    })
}

impl PngRows<'_> {
    /// Feeds every row, top to bottom, to `row`; then reads to the end of
    /// the file, so that a truncated or corrupt PNG is an error.
    fn rows(&mut self, row: &mut dyn FnMut(&[u8])) -> Result<(), String> {
        let err = |e: png::DecodingError| e.to_string();
        if self.reader.info().interlaced {
            // seven passes: decoded whole (within the pixel limit)
            let size = self
                .reader
                .output_buffer_size()
                .ok_or("the picture does not fit in memory")?;
            decoding(size as u64, || {
                let mut buf = vec![0; size];
                let out = self.reader.next_frame(&mut buf).map_err(err)?;
                for r in buf.chunks_exact(out.line_size) {
                    row(r);
                }
                Ok::<(), String>(())
            })?;
        } else {
            while let Some(r) = self.reader.next_row().map_err(err)? {
                row(r.data());
            }
        }
        self.reader.finish().map_err(err)
    }
}

/// Decodes a PNG into the form the PDF embeds, resampled to `decode.fit`.
fn load_png(
    path: &Path,
    bytes: &[u8],
    decode: &Decode,
    file_len: u64,
) -> Result<Image, ImageError> {
    let mut png = open_png(path, bytes, decode.max_pixels)?;
    let (w, h) = png.reader.info().size();
    let orientation = png
        .reader
        .info()
        .exif_metadata
        .as_deref()
        .and_then(Orientation::from_exif_chunk)
        .unwrap_or(Orientation::NoTransforms);
    // the fit is given as displayed; rows are stored
    let (out_w, out_h) = match decode.fit {
        Some((fw, fh)) => {
            let (fw, fh) = if swaps_axes(orientation) {
                (fh, fw)
            } else {
                (fw, fh)
            };
            (w.min(fw.max(1)), h.min(fh.max(1)))
        }
        None => (w, h),
    };
    let (channels, bits, has_alpha) = (png.channels, png.bits, png.alpha);
    let mut sink = Sink::new(w, out_w, h, out_h, channels, bits, has_alpha);
    png.rows(&mut |r| sink.row(r))
        .map_err(|reason| ImageError::Decode {
            path: path.to_path_buf(),
            reason,
        })?;
    let (samples, alpha) = sink.finish();
    let colors = channels - usize::from(has_alpha);
    Ok(Image {
        path: path.to_path_buf(),
        width: out_w,
        height: out_h,
        source_width: w,
        source_height: h,
        orientation,
        file_len,
        data: pixels(samples, alpha, colors, bits, out_w),
    })
}

/// The smallest lossless form of decoded samples, packed: an opaque alpha
/// dropped, ≤ 256 colours indexed.
fn pixels(
    samples: Vec<u8>,
    alpha: Option<Vec<u8>>,
    colors: usize,
    bits: u8,
    width: u32,
) -> ImageData {
    let alpha = alpha.filter(|a| match bits {
        8 => !a.iter().all(|&v| v == 255),
        _ => !a.chunks_exact(2).all(|c| c == [255, 255]),
    });
    let alpha = alpha.map(|a| Packed::pack(&a, width, 1, bits));
    let color = if colors == 3 {
        PixelColor::Rgb
    } else {
        PixelColor::Gray
    };
    if bits == 8
        && color == PixelColor::Rgb
        && let Some((palette, indices)) = index_colours(&samples)
    {
        drop(samples);
        return ImageData::Pixels {
            samples: Packed::pack(&indices, width, 1, bits),
            color: PixelColor::Indexed(palette),
            bits,
            alpha,
        };
    }
    ImageData::Pixels {
        samples: Packed::pack(&samples, width, color.channels(), bits),
        color,
        bits,
        alpha,
    }
}

/// Where decoded rows go: split into colour and alpha samples, through an
/// area-averaging resampler when the picture is kept smaller than it is.
struct Sink {
    channels: usize,
    bits: u8,
    alpha: bool,
    color: Vec<u8>,
    alpha_out: Vec<u8>,
    resample: Option<Resample>,
}

impl Sink {
    fn new(w: u32, out_w: u32, h: u32, out_h: u32, channels: usize, bits: u8, alpha: bool) -> Sink {
        let px = out_w as usize * out_h as usize;
        let bps = usize::from(bits / 8);
        let colors = channels - usize::from(alpha);
        Sink {
            channels,
            bits,
            alpha,
            color: Vec::with_capacity(px * colors * bps),
            alpha_out: Vec::with_capacity(if alpha { px * bps } else { 0 }),
            resample: ((w, h) != (out_w, out_h))
                .then(|| Resample::new(w, out_w, h, out_h, channels)),
        }
    }

    fn row(&mut self, row: &[u8]) {
        match self.resample.as_mut() {
            None => split(
                row,
                self.channels,
                self.bits,
                self.alpha,
                &mut self.color,
                &mut self.alpha_out,
            ),
            Some(r) => {
                for done in r.row(row, self.bits, self.alpha) {
                    split(
                        &done,
                        self.channels,
                        self.bits,
                        self.alpha,
                        &mut self.color,
                        &mut self.alpha_out,
                    );
                }
            }
        }
    }

    fn finish(mut self) -> (Vec<u8>, Option<Vec<u8>>) {
        if let Some(r) = self.resample.take() {
            for done in r.finish(self.bits, self.alpha) {
                split(
                    &done,
                    self.channels,
                    self.bits,
                    self.alpha,
                    &mut self.color,
                    &mut self.alpha_out,
                );
            }
        }
        (self.color, self.alpha.then_some(self.alpha_out))
    }
}

/// Appends one row's colour samples to `color` and its alpha to `alpha`.
fn split(
    row: &[u8],
    channels: usize,
    bits: u8,
    has_alpha: bool,
    color: &mut Vec<u8>,
    alpha: &mut Vec<u8>,
) {
    if !has_alpha {
        color.extend_from_slice(row);
        return;
    }
    let bps = usize::from(bits / 8);
    let px = channels * bps;
    for p in row.chunks_exact(px) {
        color.extend_from_slice(&p[..px - bps]);
        alpha.extend_from_slice(&p[px - bps..]);
    }
}

/// Where one source pixel (along one axis) lands among the fewer target
/// pixels: the first target index it covers, its share of that target, and
/// its share of the next (0 when it lies inside one target pixel). Source
/// pixels tile each target pixel, so the shares of a target sum to 1.
fn spans(n_in: u32, n_out: u32) -> Vec<(usize, f32, f32)> {
    (0..n_in).map(|i| span(i, n_in, n_out)).collect()
}

/// [`spans`] of source pixel `i` alone: rows are worked out as they come, so
/// that a picture's height costs no memory (a 1 × 49,000,000 PNG of 95 KB
/// used to hold 784 MB of row spans).
fn span(i: u32, n_in: u32, n_out: u32) -> (usize, f32, f32) {
    let s = f64::from(n_out) / f64::from(n_in);
    let last = n_out as usize - 1;
    let (a, b) = (f64::from(i) * s, f64::from(i + 1) * s);
    let o = (a.floor() as usize).min(last);
    let edge = (o + 1) as f64;
    if b > edge + 1e-9 && o < last {
        (o, (edge - a) as f32, (b - edge) as f32)
    } else {
        (o, (b - a) as f32, 0.0)
    }
}

/// An area-averaging downscaler fed one source row at a time, holding two
/// target rows: what keeps a large PNG from ever being decoded in full.
/// Colour is averaged premultiplied by alpha, so transparent pixels' colours
/// do not bleed into their neighbours.
struct Resample {
    out_w: usize,
    channels: usize,
    cols: Vec<(usize, f32, f32)>,
    /// Source and target heights ([`span`] of each row as it comes).
    h: u32,
    /// The source row being read.
    y: u32,
    /// Target rows `base` and `base + 1`, accumulating.
    acc: [Vec<f32>; 2],
    base: usize,
    out_h: usize,
    hrow: Vec<f32>,
}

impl Resample {
    fn new(w: u32, out_w: u32, h: u32, out_h: u32, channels: usize) -> Resample {
        let n = out_w as usize * channels;
        Resample {
            out_w: out_w as usize,
            channels,
            cols: spans(w, out_w),
            h,
            y: 0,
            acc: [vec![0.0; n], vec![0.0; n]],
            base: 0,
            out_h: out_h as usize,
            hrow: vec![0.0; n],
        }
    }

    /// Takes a source row; returns the target rows it completed.
    ///
    /// The loops are plain index loops with `as` casts, no iterator adapters
    /// or closures: this runs once per source pixel (49 million for a
    /// 7000 × 7000 picture), and debug builds (the tests) do not inline.
    fn row(&mut self, row: &[u8], bits: u8, alpha: bool) -> Vec<Vec<u8>> {
        let ch = self.channels;
        let wide = bits == 16;
        let scale = if wide { 1.0 / 65535.0 } else { 1.0 / 255.0 };
        for v in self.hrow.iter_mut() {
            *v = 0.0;
        }
        let hrow = &mut self.hrow;
        let mut px = [0f32; 4];
        let mut k = 0; // byte offset in `row`
        let mut x = 0;
        while x < self.cols.len() {
            let (o, w0, w1) = self.cols[x];
            let mut c = 0;
            while c < ch {
                px[c] = if wide {
                    (((row[k] as u32) << 8) | row[k + 1] as u32) as f32 * scale
                } else {
                    row[k] as f32 * scale
                };
                k += if wide { 2 } else { 1 };
                c += 1;
            }
            if alpha {
                let a = px[ch - 1];
                let mut c = 0;
                while c + 1 < ch {
                    px[c] *= a;
                    c += 1;
                }
            }
            let at = o * ch;
            let mut c = 0;
            while c < ch {
                hrow[at + c] += w0 * px[c];
                c += 1;
            }
            if w1 > 0.0 {
                let mut c = 0;
                while c < ch {
                    hrow[at + ch + c] += w1 * px[c];
                    c += 1;
                }
            }
            x += 1;
        }
        if self.y >= self.h {
            return Vec::new();
        }
        let (o, w0, w1) = span(self.y, self.h, self.out_h as u32);
        self.y += 1;
        let mut done = Vec::new();
        while self.base < o {
            done.push(self.emit(bits, alpha));
        }
        let n = self.hrow.len();
        let (first, second) = self.acc.split_at_mut(1);
        let (acc0, acc1) = (&mut first[0], &mut second[0]);
        let mut i = 0;
        while i < n {
            acc0[i] += w0 * self.hrow[i];
            i += 1;
        }
        if w1 > 0.0 {
            let mut i = 0;
            while i < n {
                acc1[i] += w1 * self.hrow[i];
                i += 1;
            }
        }
        done
    }

    /// The target rows still held.
    fn finish(mut self, bits: u8, alpha: bool) -> Vec<Vec<u8>> {
        let mut done = Vec::new();
        while self.base < self.out_h {
            done.push(self.emit(bits, alpha));
        }
        done
    }

    /// Target row `base` as samples; the next one moves up.
    fn emit(&mut self, bits: u8, alpha: bool) -> Vec<u8> {
        let ch = self.channels;
        let max = if bits == 16 { 65535.0 } else { 255.0 };
        let mut out = Vec::with_capacity(self.out_w * ch * usize::from(bits / 8));
        for p in self.acc[0].chunks_exact(ch) {
            let a = if alpha { p[ch - 1] } else { 1.0 };
            for (c, &v) in p.iter().enumerate() {
                let v = if alpha && c < ch - 1 {
                    if a > 0.0 { v / a } else { 0.0 }
                } else {
                    v
                };
                let q = (v.clamp(0.0, 1.0) * max).round();
                if bits == 16 {
                    out.extend_from_slice(&(q as u16).to_be_bytes());
                } else {
                    out.push(q as u8);
                }
            }
        }
        self.acc.swap(0, 1);
        self.acc[1].iter_mut().for_each(|v| *v = 0.0);
        self.base += 1;
        out
    }
}

/// PNG row filtering: each row gets a filter-type byte (0 None, 1 Sub, 2 Up,
/// 3 Average, 4 Paeth), chosen by the smallest sum of absolute residuals.
/// (Index loops, for the same reason as [`Resample::row`].)
fn png_predict(data: &[u8], row_len: usize, bpp: usize) -> Vec<u8> {
    if row_len == 0 {
        return Vec::new();
    }
    let rows = data.len() / row_len;
    let mut out = vec![0u8; rows * (row_len + 1)];
    let zero = vec![0u8; row_len];
    let mut cand = vec![0u8; 5 * row_len];
    for r in 0..rows {
        let cur = &data[r * row_len..(r + 1) * row_len];
        let prev = if r == 0 {
            &zero[..]
        } else {
            &data[(r - 1) * row_len..r * row_len]
        };
        let mut sums = [0u64; 5];
        let mut i = 0;
        while i < row_len {
            let (a, c) = if i >= bpp {
                (cur[i - bpp], prev[i - bpp])
            } else {
                (0, 0)
            };
            let (x, b) = (cur[i], prev[i]);
            let mut f = 0;
            while f < 5 {
                let v = x.wrapping_sub(predict(f as u8, a, b, c));
                cand[f * row_len + i] = v;
                sums[f] += (v as i8).unsigned_abs() as u64;
                f += 1;
            }
            i += 1;
        }
        let mut best = 0;
        for f in 1..5 {
            if sums[f] < sums[best] {
                best = f;
            }
        }
        let at = r * (row_len + 1);
        out[at] = best as u8;
        out[at + 1..at + 1 + row_len].copy_from_slice(&cand[best * row_len..(best + 1) * row_len]);
    }
    out
}

/// Undoes [`png_predict`].
fn png_unpredict(data: &[u8], row_len: usize, bpp: usize) -> Result<Vec<u8>, String> {
    if row_len == 0 {
        return Ok(Vec::new());
    }
    let rows = data.len() / (row_len + 1);
    let mut out: Vec<u8> = Vec::with_capacity(rows * row_len);
    for r in 0..rows {
        let line = &data[r * (row_len + 1)..(r + 1) * (row_len + 1)];
        let f = line[0];
        if f > 4 {
            return Err(format!("bad PNG filter type {f}"));
        }
        let start = out.len();
        for i in 0..row_len {
            let a = if i >= bpp { out[start + i - bpp] } else { 0 };
            let b = if r > 0 { out[start + i - row_len] } else { 0 };
            let c = if r > 0 && i >= bpp {
                out[start + i - row_len - bpp]
            } else {
                0
            };
            out.push(line[1 + i].wrapping_add(predict(f, a, b, c)));
        }
    }
    Ok(out)
}

/// The prediction of PNG filter `f` from the left, upper and upper-left bytes.
fn predict(f: u8, a: u8, b: u8, c: u8) -> u8 {
    match f {
        0 => 0,
        1 => a,
        2 => b,
        3 => ((u16::from(a) + u16::from(b)) / 2) as u8,
        _ => paeth(a, b, c),
    }
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
        let loaded =
            from_bytes(Path::new("a.jpg"), bytes.clone(), &Decode::lossless(10_000)).unwrap();
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
        let e = from_bytes(Path::new("cut.jpg"), cut, &Decode::lossless(1 << 20)).unwrap_err();
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
        let e = from_bytes(Path::new("cut.jpg"), cut, &Decode::lossless(1 << 20)).unwrap_err();
        assert!(e.to_string().contains("cut short"), "{e}");
    }

    #[test]
    fn pixel_limit_is_checked_before_decoding() {
        let img = DynamicImage::ImageRgb8(RgbImage::new(100, 100));
        let e = from_bytes(
            Path::new("big.png"),
            png_bytes(&img),
            &Decode::lossless(9_999),
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "big.png is 100 × 100 pixels, over the limit of 9999 pixels"
        );
    }

    #[test]
    fn other_formats_and_missing_files_are_named() {
        let e = from_bytes(
            Path::new("x.gif"),
            b"GIF89a....".to_vec(),
            &Decode::lossless(100),
        )
        .unwrap_err();
        assert_eq!(e.to_string(), "x.gif is not a PNG or JPEG image");
        let e = load(Path::new("/nonexistent/y.png"), &Decode::lossless(100)).unwrap_err();
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
        let l = from_bytes(Path::new("p.png"), png_bytes(&img), &Decode::lossless(1000)).unwrap();
        match &l.data {
            ImageData::Pixels {
                color: PixelColor::Indexed(pal),
                samples,
                alpha: None,
                bits: 8,
            } => {
                assert_eq!(pal, &vec![[255, 0, 0], [0, 0, 255]]);
                assert_eq!(samples.unpack(8, 1, 8).unwrap().len(), 32);
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
        let l = from_bytes(
            Path::new("q.png"),
            png_bytes(&many),
            &Decode::lossless(10_000),
        )
        .unwrap();
        match &l.data {
            ImageData::Pixels {
                color: PixelColor::Rgb,
                alpha: Some(a),
                samples,
                ..
            } => {
                assert_eq!(samples.unpack(32, 3, 8).unwrap().len(), 32 * 32 * 3);
                let a = a.unpack(32, 1, 8).unwrap();
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
        let l = from_bytes(Path::new("d.png"), png_bytes(&img), &Decode::lossless(1000)).unwrap();
        match &l.data {
            ImageData::Pixels {
                bits: 16, samples, ..
            } => {
                let samples = samples.unpack(4, 3, 16).unwrap();
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

    /// A PNG chunk: length, type, data, CRC.
    fn chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
        let mut crc = flate2::Crc::new();
        crc.update(kind);
        crc.update(data);
        let mut out = (data.len() as u32).to_be_bytes().to_vec();
        out.extend_from_slice(kind);
        out.extend_from_slice(data);
        out.extend_from_slice(&crc.sum().to_be_bytes());
        out
    }

    /// `png` with a chunk inserted right after IHDR.
    fn with_chunk(png: &[u8], kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
        let ihdr_end = 8 + 4 + 4 + 13 + 4;
        let mut out = png[..ihdr_end].to_vec();
        out.extend(chunk(kind, data));
        out.extend_from_slice(&png[ihdr_end..]);
        out
    }

    #[test]
    fn packed_samples_round_trip() {
        for (w, ch, bits) in [(37u32, 3usize, 8u8), (5, 1, 16), (64, 1, 8)] {
            let n = w as usize * 9 * ch * usize::from(bits / 8);
            let samples: Vec<u8> = (0..n).map(|i| ((i * 7) % 251) as u8).collect();
            let p = Packed::pack(&samples, w, ch, bits);
            assert_eq!(p.unpack(w, ch, bits).unwrap(), samples, "{w} {ch} {bits}");
        }
        // 8 samples do not pay for a zlib header and a filter byte per row
        let p = Packed::pack(&[3, 250, 17, 99, 1, 200, 64, 31], 8, 1, 8);
        assert!(!p.flate);
        assert_eq!(p.data, [3, 250, 17, 99, 1, 200, 64, 31]);
    }

    #[test]
    fn spans_tile_every_target_pixel() {
        for (n_in, n_out) in [(7000u32, 1488u32), (10, 3), (9, 9), (100, 1), (3, 2)] {
            let s = spans(n_in, n_out);
            let mut cover = vec![0f64; n_out as usize];
            for (o, a, b) in s {
                cover[o] += f64::from(a);
                if b > 0.0 {
                    cover[o + 1] += f64::from(b);
                }
            }
            for c in cover {
                assert!((c - 1.0).abs() < 1e-4, "{n_in} → {n_out}: {c}");
            }
        }
    }

    #[test]
    fn pictures_over_the_fit_are_averaged_down_per_axis() {
        // 8 × 6 halves of black and white, kept at 4 × 3 and 2 × 6
        let img = DynamicImage::ImageRgb16(image::ImageBuffer::from_fn(8, 6, |x, _| {
            if x < 4 {
                Rgb([0, 0, 0])
            } else {
                Rgb([65535, 65535, 65535])
            }
        }));
        let bytes = png_bytes(&img);
        let d = Decode {
            max_pixels: 1000,
            fit: Some((4, 3)),
        };
        let l = from_bytes(Path::new("h.png"), bytes.clone(), &d).unwrap();
        assert_eq!((l.width, l.height), (4, 3));
        assert_eq!((l.source_width, l.source_height), (8, 6));
        assert!(l.resampled());
        let ImageData::Pixels {
            samples,
            bits: 16,
            color: PixelColor::Rgb,
            ..
        } = &l.data
        else {
            panic!("{:?}", l.data)
        };
        let s = samples.unpack(4, 3, 16).unwrap();
        let px = |x: usize| u16::from_be_bytes([s[6 * x], s[6 * x + 1]]);
        assert_eq!([px(0), px(1), px(2), px(3)], [0, 0, 65535, 65535]);
        // a fit larger than the picture keeps it, on each axis on its own
        let d = Decode {
            max_pixels: 1000,
            fit: Some((2, 100)),
        };
        let l = from_bytes(Path::new("h.png"), bytes, &d).unwrap();
        assert_eq!((l.width, l.height), (2, 6));
        let rgba = l.to_rgba().unwrap();
        // each kept pixel averages four source columns: one black, one white
        assert_eq!(rgba.get_pixel(0, 0).0, [0, 0, 0, 255]);
        assert_eq!(rgba.get_pixel(1, 5).0, [255, 255, 255, 255]);
    }

    #[test]
    fn averaging_is_weighted_by_alpha() {
        // a red opaque pixel beside a transparent green one: the average is
        // red at half coverage, not brown
        let img = DynamicImage::ImageRgba8(RgbaImage::from_fn(2, 1, |x, _| {
            if x == 0 {
                Rgba([255, 0, 0, 255])
            } else {
                Rgba([0, 255, 0, 0])
            }
        }));
        let d = Decode {
            max_pixels: 10,
            fit: Some((1, 1)),
        };
        let l = from_bytes(Path::new("a.png"), png_bytes(&img), &d).unwrap();
        assert_eq!(l.to_rgba().unwrap().get_pixel(0, 0).0, [255, 0, 0, 128]);
    }

    #[test]
    fn the_fit_is_read_as_displayed() {
        // EXIF 6 (a quarter turn): the stored 8 × 4 picture shows as 4 × 8
        let img = DynamicImage::ImageRgb8(RgbImage::from_fn(8, 4, |x, y| {
            Rgb([(x * 30) as u8, (y * 60) as u8, 9])
        }));
        let exif = b"MM\x00\x2a\x00\x00\x00\x08\x00\x01\x01\x12\x00\x03\x00\x00\x00\x01\x00\x06\x00\x00\x00\x00\x00\x00";
        let bytes = with_chunk(&png_bytes(&img), b"eXIf", exif);
        let d = Decode {
            max_pixels: 100,
            fit: Some((2, 4)),
        };
        let l = from_bytes(Path::new("r.png"), bytes, &d).unwrap();
        assert_eq!(l.orientation, Orientation::Rotate90);
        assert_eq!((l.width, l.height), (4, 2), "stored");
        assert_eq!(l.display_size(), (2, 4));
        assert_eq!(l.source_display_size(), (4, 8));
    }

    #[test]
    fn an_icc_profile_is_skipped_unread() {
        // a profile that inflates to 64 MiB, more than the decoder may hold:
        let zeros = vec![0u8; 64 << 20];
        let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::fast());
        z.write_all(&zeros).unwrap();
        let mut data = b"huge\0\0".to_vec();
        data.extend(z.finish().unwrap());
        drop(zeros);
        let img = DynamicImage::ImageRgb8(RgbImage::from_pixel(4, 4, Rgb([1, 2, 3])));
        let bytes = with_chunk(&png_bytes(&img), b"iCCP", &data);
        let l = from_bytes(Path::new("icc.png"), bytes.clone(), &Decode::lossless(100)).unwrap();
        assert_eq!((l.width, l.height), (4, 4));
        assert_eq!(check(Path::new("icc.png"), &bytes, 100).unwrap(), (4, 4));
        assert_eq!(probe(&bytes), Some((ImageFormat::Png, 4, 4)));
        // read, it would overrun PNG_CHUNK_LIMIT and fail: it was skipped
        const { assert!(64 << 20 > PNG_CHUNK_LIMIT) };
    }

    #[test]
    fn check_decodes_everything_and_names_the_problem() {
        let img = DynamicImage::ImageRgb8(RgbImage::from_fn(64, 64, |x, y| {
            Rgb([(x * 4) as u8, (y * 4) as u8, (x ^ y) as u8])
        }));
        let png = png_bytes(&img);
        assert_eq!(check(Path::new("ok.png"), &png, 10_000).unwrap(), (64, 64));
        // cut in its pixel data: the header reads, the rows do not
        let cut = &png[..png.len() / 2];
        assert!(probe(cut).is_some());
        let e = check(Path::new("cut.png"), cut, 10_000).unwrap_err();
        assert!(matches!(e, ImageError::Decode { .. }), "{e}");
        assert!(
            from_bytes(
                Path::new("cut.png"),
                cut.to_vec(),
                &Decode::lossless(10_000)
            )
            .is_err()
        );
        let e = check(Path::new("big.png"), &png, 4095).unwrap_err();
        assert!(matches!(e, ImageError::TooLarge { .. }), "{e}");
        let e = check(Path::new("t.png"), b"hello, not a picture\n", 10).unwrap_err();
        assert_eq!(e.to_string(), "t.png is not a PNG or JPEG image");
        let jpeg = jpeg_bytes(&img);
        assert_eq!(check(Path::new("ok.jpg"), &jpeg, 10_000).unwrap(), (64, 64));
        let e = check(Path::new("cut.jpg"), &jpeg[..jpeg.len() - 40], 10_000).unwrap_err();
        assert!(e.to_string().contains("cut short"), "{e}");
    }

    #[test]
    fn interlaced_png_reads_like_any_other() {
        // an Adam7 PNG, written by hand (the png crate's encoder does not interlace)
        let (w, h) = (13u32, 9u32);
        let pixels: Vec<u8> = (0..w * h * 3).map(|i| (i * 5 % 256) as u8).collect();
        let mut raw = Vec::new();
        for (x0, y0, dx, dy) in [
            (0, 0, 8, 8),
            (4, 0, 8, 8),
            (0, 4, 4, 8),
            (2, 0, 4, 4),
            (0, 2, 2, 4),
            (1, 0, 2, 2),
            (0, 1, 1, 2),
        ] {
            if x0 >= w {
                continue;
            }
            for y in (y0..h).step_by(dy) {
                raw.push(0); // filter: none
                for x in (x0..w).step_by(dx) {
                    let at = ((y * w + x) * 3) as usize;
                    raw.extend_from_slice(&pixels[at..at + 3]);
                }
            }
        }
        let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
        z.write_all(&raw).unwrap();
        let mut ihdr = w.to_be_bytes().to_vec();
        ihdr.extend(h.to_be_bytes());
        ihdr.extend([8, 2, 0, 0, 1]); // 8-bit RGB, interlaced
        let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
        out.extend(chunk(b"IHDR", &ihdr));
        out.extend(chunk(b"IDAT", &z.finish().unwrap()));
        out.extend(chunk(b"IEND", &[]));
        let l = from_bytes(Path::new("i.png"), out, &Decode::lossless(1000)).unwrap();
        let rgba = l.to_rgba().unwrap();
        let rgb: Vec<u8> = rgba
            .pixels()
            .flat_map(|p| [p.0[0], p.0[1], p.0[2]])
            .collect();
        assert_eq!(rgb, pixels);
    }
}
