//! Card faces as pictures on screen: the very face the PDF prints
//! ([`crate::pnp::face::draw`]), painted by the Print preview's rasteriser
//! ([`crate::pnp::raster::render`]) at the pixel size it is shown at, so a
//! card on the Playtest table looks like the card the user printed
//! (issue 25: the table drew boxes with initials).
//!
//! A face is painted once per (card, size) and kept in a small cache of
//! least recently used faces: the view is built again on every event, and
//! painting a face takes milliseconds. The cache is bounded by count and by
//! bytes, because memory is counted too (issue 25 item 12); a card edited in
//! the Library (same id, other data) is painted again.

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};

use iced::widget::image::Handle;

use crate::games;
use crate::model::{Card, GameId};
use crate::pnp::draw::{Page, Rect};

/// At most this many faces are kept: a table shows a few dozen cards, the
/// hand's in two or three sizes as it grows, and a zoomed one or two.
pub const MAX_FACES: usize = 200;
/// At most this many bytes of pixels are kept (about 400 table cards, or
/// 40 zoomed faces).
pub const MAX_BYTES: usize = 16 << 20;
/// The largest side painted, in pixels; a larger box shows the face scaled.
const MAX_SIDE: u32 = 1200;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Key {
    game: GameId,
    id: String,
    width: u32,
    height: u32,
    sideways: bool,
}

struct Entry {
    /// The card as painted: a card changed since is painted again.
    card: Card,
    handle: Handle,
    bytes: usize,
    used: u64,
}

#[derive(Default)]
struct Cache {
    faces: HashMap<Key, Entry>,
    bytes: usize,
    clock: u64,
}

impl Cache {
    fn get(&mut self, key: &Key, card: &Card) -> Option<Handle> {
        self.clock += 1;
        let now = self.clock;
        let e = self.faces.get_mut(key).filter(|e| e.card == *card)?;
        e.used = now;
        Some(e.handle.clone())
    }

    fn put(&mut self, key: Key, card: &Card, handle: Handle, bytes: usize) {
        self.clock += 1;
        if let Some(old) = self.faces.remove(&key) {
            self.bytes -= old.bytes;
        }
        // the least recently used go first; a linear scan of at most
        // MAX_FACES entries, only when a face is painted
        while !self.faces.is_empty()
            && (self.faces.len() >= MAX_FACES || self.bytes + bytes > MAX_BYTES)
        {
            let Some(oldest) = self
                .faces
                .iter()
                .min_by_key(|(_, e)| e.used)
                .map(|(k, _)| k.clone())
            else {
                break;
            };
            if let Some(e) = self.faces.remove(&oldest) {
                self.bytes -= e.bytes;
            }
        }
        self.bytes += bytes;
        self.faces.insert(
            key,
            Entry {
                card: card.clone(),
                handle,
                bytes,
                used: self.clock,
            },
        );
    }
}

static CACHE: LazyLock<Mutex<Cache>> = LazyLock::new(|| Mutex::new(Cache::default()));

/// The face of `card`, a card of `game`, as a picture `width` × `height`
/// pixels; `sideways`: turned a quarter clockwise, as a spent card lies
/// (then `width` is the card's height).
pub fn face(game: GameId, card: &Card, (width, height): (u32, u32), sideways: bool) -> Handle {
    let key = Key {
        game,
        id: card.id.clone(),
        width: width.clamp(1, MAX_SIDE),
        height: height.clamp(1, MAX_SIDE),
        sideways,
    };
    // a poisoned lock only means a paint panicked: the cache is still whole
    let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(h) = cache.get(&key, card) {
        return h;
    }
    let (w, h) = (key.width, key.height);
    let pixels = paint(game, card, if sideways { (h, w) } else { (w, h) });
    let pixels = if sideways {
        image::imageops::rotate90(&pixels)
    } else {
        pixels
    };
    let bytes = pixels.as_raw().len();
    let handle = Handle::from_rgba(pixels.width(), pixels.height(), pixels.into_raw());
    cache.put(key, card, handle.clone(), bytes);
    handle
}

/// The upright face `width` × `height` pixels: the card's own page, painted
/// at the dpi that makes the card that wide.
fn paint(game: GameId, card: &Card, (width, height): (u32, u32)) -> image::RgbaImage {
    let (w, h) = games::game(game).def().print.card_size_mm;
    let drawn = crate::pnp::face::draw(game, card, w, h, 0.0);
    let trim = Rect::new(0.0, 0.0, w, h);
    let page = Page {
        width: w,
        height: h,
        trim,
        bleed: trim,
        ops: drawn.ops,
    };
    let dpi = f64::from(width) * 25.4 / w;
    let img = crate::pnp::raster::render(&page, &[], dpi);
    // the rasteriser rounds up: a pixel more or less than asked
    if img.width() == width && img.height() == height {
        img
    } else {
        image::imageops::resize(&img, width, height, image::imageops::FilterType::Triangle)
    }
}

/// How many faces the cache holds, and their bytes (for the tests and the
/// memory figures).
pub fn cached() -> (usize, usize) {
    let cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    (cache.faces.len(), cache.bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Card;

    fn card(id: &str) -> Card {
        let mut c = Card::new(id, "hero");
        c.text = Some("Rush. When this enters, draw a card.".into());
        c.cost = Some(3);
        c
    }

    #[test]
    fn a_face_is_painted_once_per_size_and_again_when_the_card_changes() {
        let game = GameId::Fuzzycards;
        let a = card("face-image-a");
        let first = face(game, &a, (66, 92), false);
        assert_eq!(first.id(), face(game, &a, (66, 92), false).id(), "cached");
        assert_ne!(
            first.id(),
            face(game, &a, (80, 112), false).id(),
            "per size"
        );
        let mut edited = a.clone();
        edited.text = Some("Taunt.".into());
        assert_ne!(first.id(), face(game, &edited, (66, 92), false).id());
        match face(game, &a, (92, 66), true) {
            Handle::Rgba { width, height, .. } => assert_eq!((width, height), (92, 66)),
            other => panic!("{other:?}"),
        }
        match face(game, &a, (66, 92), false) {
            Handle::Rgba {
                width,
                height,
                pixels,
                ..
            } => {
                assert_eq!((width, height), (66, 92));
                // the frame's colour at the corner, not a blank
                assert_ne!(&pixels[..4], &[255, 255, 255, 255]);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_cache_keeps_at_most_its_bound() {
        let mut cache = Cache::default();
        let c = card("bound");
        for i in 0..(MAX_FACES as u32 + 50) {
            let key = Key {
                game: GameId::Fuzzycards,
                id: format!("c{i}"),
                width: 66,
                height: 92,
                sideways: false,
            };
            cache.put(key, &c, Handle::from_rgba(1, 1, vec![0; 4]), 66 * 92 * 4);
        }
        assert_eq!(cache.faces.len(), MAX_FACES);
        // the newest stay
        assert!(
            cache
                .faces
                .keys()
                .any(|k| k.id == format!("c{}", MAX_FACES + 49))
        );
        assert!(!cache.faces.keys().any(|k| k.id == "c0"));
        let mut big = Cache::default();
        for i in 0..100 {
            let key = Key {
                game: GameId::Fuzzycards,
                id: format!("z{i}"),
                width: 1000,
                height: 1000,
                sideways: false,
            };
            big.put(key, &c, Handle::from_rgba(1, 1, vec![0; 4]), 4_000_000);
        }
        assert!(big.bytes <= MAX_BYTES, "{}", big.bytes);
        assert_eq!(
            big.bytes,
            big.faces.values().map(|e| e.bytes).sum::<usize>()
        );
    }
}
