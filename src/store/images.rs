//! Images, stored once per distinct content (keyed by SHA-256).

use std::io::Cursor;

use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::{Result, StoreError};

/// An image as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredImage {
    /// Lower-case hex SHA-256 of the bytes.
    pub sha256: String,
    /// `image/png`, `image/jpeg`, or `application/octet-stream` when unknown.
    pub mime: String,
    pub width: Option<u32>,
    pub height: Option<u32>,
    /// The file name it was first imported under.
    pub file_name: String,
    pub bytes: Vec<u8>,
}

/// Hex SHA-256 of `bytes`.
pub(crate) fn sha256_hex(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    let mut out = String::with_capacity(64);
    for b in digest {
        out.push_str(&format!("{b:02x}"));
    }
    out
}

/// The MIME type and pixel size of image bytes, from their content (falling
/// back on the file name's extension). The size is `None` when the bytes do not
/// decode as an image header.
///
/// PNG and JPEG headers are read with the decoders and limits PDF exports use
/// ([`crate::pnp::images::probe`]): a PNG's ICC profile and text are skipped
/// unread, so a picture with a 1 GiB `iCCP` costs nothing here (the image
/// crate's reader would inflate the profile to find the size).
fn sniff(bytes: &[u8], file_name: &str) -> (String, Option<(u32, u32)>) {
    if let Some((format, w, h)) = crate::pnp::images::probe(bytes) {
        return (format.to_mime_type().to_string(), Some((w, h)));
    }
    let format = image::ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .ok()
        .and_then(|r| r.format());
    let mime = match format {
        Some(f) => f.to_mime_type().to_string(),
        None => {
            let lower = file_name.to_lowercase();
            if lower.ends_with(".png") {
                "image/png".to_string()
            } else if lower.ends_with(".jpg") || lower.ends_with(".jpeg") {
                "image/jpeg".to_string()
            } else {
                "application/octet-stream".to_string()
            }
        }
    };
    (mime, None)
}

/// The last component of a path as written in a catalog (`img/a.png` → `a.png`).
pub(crate) fn base_name(path: &str) -> &str {
    path.rsplit(['/', '\\']).next().unwrap_or(path)
}

/// Stores `bytes` unless an identical image is there; returns the image's row.
pub(crate) fn put(conn: &Connection, file_name: &str, bytes: &[u8]) -> Result<i64> {
    let sha = sha256_hex(bytes);
    if let Some(id) = by_sha(conn, &sha)? {
        return Ok(id);
    }
    let (mime, dims) = sniff(bytes, file_name);
    conn.execute(
        "INSERT INTO images (sha256, mime, width, height, file_name, bytes)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![
            sha,
            mime,
            dims.map(|d| d.0),
            dims.map(|d| d.1),
            base_name(file_name),
            bytes
        ],
    )?;
    Ok(conn.last_insert_rowid())
}

/// The image row with this content hash.
pub(crate) fn by_sha(conn: &Connection, sha: &str) -> Result<Option<i64>> {
    Ok(conn
        .query_row("SELECT id FROM images WHERE sha256 = ?1", [sha], |r| {
            r.get(0)
        })
        .optional()?)
}

/// One image by row.
pub(crate) fn get(conn: &Connection, id: i64) -> Result<StoredImage> {
    let row = conn
        .query_row(
            "SELECT sha256, mime, width, height, file_name, bytes FROM images WHERE id = ?1",
            [id],
            |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, Option<i64>>(2)?,
                    r.get::<_, Option<i64>>(3)?,
                    r.get::<_, String>(4)?,
                    r.get::<_, Vec<u8>>(5)?,
                ))
            },
        )
        .optional()?
        .ok_or_else(|| StoreError::corrupt(format!("missing image {id}")))?;
    let (sha256, mime, w, h, file_name, bytes) = row;
    let dim = |v: Option<i64>| v.and_then(|v| u32::try_from(v).ok());
    Ok(StoredImage {
        sha256,
        mime,
        width: dim(w),
        height: dim(h),
        file_name,
        bytes,
    })
}

/// Deletes images no catalog or card refers to any more; returns how many.
pub(crate) fn collect_garbage(conn: &Connection) -> Result<usize> {
    Ok(conn.execute(
        "DELETE FROM images
         WHERE id NOT IN (SELECT image_id FROM cards WHERE image_id IS NOT NULL)
           AND id NOT IN (SELECT back_image_id FROM catalogs WHERE back_image_id IS NOT NULL)",
        [],
    )?)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A PNG of the given size.
    pub(crate) fn png(w: u32, h: u32) -> Vec<u8> {
        let mut out = Cursor::new(Vec::new());
        image::RgbaImage::from_pixel(w, h, image::Rgba([200, 40, 40, 255]))
            .write_to(&mut out, image::ImageFormat::Png)
            .unwrap();
        out.into_inner()
    }

    #[test]
    fn hashes_are_hex_sha256() {
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn sniffs_png_and_falls_back_on_the_extension() {
        assert_eq!(
            sniff(&png(3, 2), "x.bin"),
            ("image/png".into(), Some((3, 2)))
        );
        assert_eq!(sniff(b"not an image", "x.JPG"), ("image/jpeg".into(), None));
        assert_eq!(sniff(b"??", "x"), ("application/octet-stream".into(), None));
    }

    #[test]
    fn base_names() {
        assert_eq!(base_name("img/a.png"), "a.png");
        assert_eq!(base_name("a.png"), "a.png");
        assert_eq!(base_name("..\\x\\b.jpg"), "b.jpg");
    }
}
