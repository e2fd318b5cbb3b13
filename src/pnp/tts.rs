//! Tabletop Simulator export (issue 26, formats.md §6): a deck as a TTS
//! *saved object* and its *deck sheets*, so it can be played online.
//!
//! # What is written (into one folder)
//!
//! - `<deck>-sheet-N.jpg`: the card faces in a grid of at most
//!   [`MAX_COLUMNS`] × [`MAX_ROWS`], each distinct card once, the grid's last
//!   cell the hidden-card image (what TTS shows for a card hidden from a
//!   player, e.g. in another player's hand, when `BackIsHidden` is *not*
//!   set; we set it, so TTS shows the `BackURL` picture instead, and put
//!   the same card back in that cell, so either reading shows the back). At most
//!   [`MAX_SHEET_SIDE`] pixels a side: TTS loads bigger sheets, but slowly
//!   and blurred on older graphics cards.
//! - `<deck>-back.jpg`: the card back (`BackURL`; one back for every card,
//!   `UniqueBack: false`).
//! - `<deck>.json`: the saved object. `ObjectStates` holds one `DeckCustom`
//!   per pile (a `Card` when the pile is one card) whose `CustomDeck` maps a
//!   key per sheet to its `FaceURL`, `BackURL` and grid, and whose
//!   `ContainedObjects` are the cards (`Nickname` = name, `Description` =
//!   rules text, `CardID` = key × 100 + cell). TTS keeps the objects
//!   as they are written here; the field set follows what TTS itself writes
//!   into `Saves/Saved Objects/*.json`.
//! - `<deck>.png`: the thumbnail TTS's Saved Objects browser shows beside a
//!   saved object of the same name (the first card's face on a 256 × 256
//!   square).
//!
//! # Choices
//!
//! - Faces are exactly what the PDF prints ([`super::Plan::front_group`]: the
//!   catalog picture, else the face drawn from data), rasterised by
//!   [`super::raster`] at a cell of at least [`MIN_CARD_PX`] in the card's own
//!   proportions: 585 px high (TTS's reference card is 409 × 585) and as wide
//!   as the card's shape asks, so a 63 × 88 mm card is 419 × 585 px and a
//!   sheet is 9 columns (4096 / 419) by 7 rows.
//! - Piles: the main board is one deck. Strange World is drafted and laid
//!   out, not drawn from one deck: its "deck" lists the Land deck and the
//!   components beside it (rulebook p.2 "Setup": the Land deck, the Dark City
//!   stack, the Fumaroles, the Travellers), so each of the game's sections
//!   becomes its own pile. The sideboard is left out unless asked for, then it
//!   is one more pile.
//! - URLs are the sheet file names (relative: for the user to upload, e.g.
//!   with TTS's Cloud Manager, and replace), or `file:///` URLs of the files
//!   when exporting straight into TTS's Saved Objects folder.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use image::{Rgba, RgbaImage, imageops};
use rayon::prelude::*;
use serde::Serialize;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use super::PnpError;
use super::draw::{Op, Page, Rect};
use super::job::{Plan, Progress, Stage, plan};
use super::options::{CardSelection, Paper, PrintOptions};
use crate::model::{Board, Catalog, Deck, GameId};
use crate::rules::resolve;

/// TTS reads at most 10 columns and 7 rows of a deck sheet.
pub const MAX_COLUMNS: u32 = 10;
/// See [`MAX_COLUMNS`].
pub const MAX_ROWS: u32 = 7;
/// The widest and tallest sheet written, pixels.
pub const MAX_SHEET_SIDE: u32 = 4096;
/// TTS's reference card, pixels: no cell is smaller than this on either side.
pub const MIN_CARD_PX: (u32, u32) = (409, 585);
/// JPEG quality of the sheets and back.
pub const JPEG_QUALITY: u8 = 90;
/// The thumbnail's side, pixels.
pub const THUMBNAIL_SIDE: u32 = 256;
/// `CardID = key × 100 + cell`: at most 100 cells a sheet (70 used).
const KEY_FACTOR: u32 = 100;

/// How the saved object points at its pictures.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Urls {
    /// The file names, relative to the saved object: to be uploaded and
    /// replaced before friends can see them.
    #[default]
    Relative,
    /// `file:///` URLs of the files as written: for this computer's TTS.
    Files,
}

/// What to export.
#[derive(Clone, Debug, Default)]
pub struct TtsOptions {
    /// A picture for the card back instead of the catalog's or the game's.
    pub back: Option<PathBuf>,
    /// Add the sideboard as a pile of its own.
    pub sideboard: bool,
    pub urls: Urls,
}

/// Cards that lie together on the table: one TTS deck (or card).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Pile {
    /// The object's `Nickname`.
    pub name: String,
    /// Catalog positions, one per copy, top of the deck last (TTS order).
    pub cards: Vec<usize>,
    /// The keys of its sheets.
    pub sheets: Vec<u32>,
}

/// One deck sheet: its `CustomDeck` key, grid and cards (catalog positions
/// in cell order).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Sheet {
    pub key: u32,
    pub columns: u32,
    pub rows: u32,
    pub cards: Vec<usize>,
}

impl Sheet {
    /// The hidden-card cell: the grid's last.
    pub fn hidden_cell(&self) -> u32 {
        self.columns * self.rows - 1
    }
}

/// What an export made.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TtsReport {
    /// The saved object.
    pub object: PathBuf,
    /// The deck sheets, in key order.
    pub sheets: Vec<PathBuf>,
    /// Cards in every pile.
    pub cards: usize,
    pub back: PathBuf,
    pub thumbnail: PathBuf,
    /// Pixels of one card on the sheets.
    pub card_px: (u32, u32),
    /// Each pile's name and card count.
    pub piles: Vec<(String, usize)>,
    /// Cards drawn from their data (no picture), distinct.
    pub drawn_faces: usize,
    pub warnings: Vec<String>,
}

/// A resolved TTS export: its piles and sheets. Owns its data, so it can be
/// built on the UI thread and written on a worker.
#[derive(Clone, Debug)]
pub struct TtsExport {
    /// The file-name stem: the deck name as a slug.
    pub stem: String,
    pub deck_name: String,
    pub options: TtsOptions,
    pub piles: Vec<Pile>,
    pub sheets: Vec<Sheet>,
    /// The cell size, pixels.
    pub card_px: (u32, u32),
    /// The print plan over the distinct cards: it reads the pictures and
    /// draws the faces, the same way the PDF does.
    plan: Plan,
}

/// Whether the game lays its deck out as separate piles (see the module doc).
fn piles_by_section(game: GameId) -> bool {
    game == GameId::StrangeWorld
}

/// Catalog positions of `lines`, one per copy.
fn expand(lines: &[crate::rules::ResolvedLine]) -> Vec<usize> {
    lines
        .iter()
        .filter_map(|l| l.card.map(|c| std::iter::repeat_n(c, l.count as usize)))
        .flatten()
        .collect()
}

/// Each card once, in first-use order.
fn distinct_cards(cards: &[usize]) -> Vec<usize> {
    let mut seen = std::collections::HashSet::new();
    cards.iter().copied().filter(|c| seen.insert(*c)).collect()
}

/// The cell size for a `w` × `h` mm card, and the grid that fits a sheet.
pub fn cell_and_grid(w: f64, h: f64) -> ((u32, u32), (u32, u32)) {
    let ratio = w / h;
    let (mut cw, mut ch) = (
        ((f64::from(MIN_CARD_PX.1) * ratio) - 1e-6).ceil() as u32,
        MIN_CARD_PX.1,
    );
    if cw < MIN_CARD_PX.0 {
        cw = MIN_CARD_PX.0;
        ch = ((f64::from(cw) / ratio) - 1e-6).ceil() as u32;
    }
    // a card so long that two do not fit one sheet is made smaller
    loop {
        let cols = (MAX_SHEET_SIDE / cw.max(1)).min(MAX_COLUMNS);
        let rows = (MAX_SHEET_SIDE / ch.max(1)).min(MAX_ROWS);
        if cols * rows >= 2 {
            return ((cw, ch), (cols, rows));
        }
        cw = cw * 9 / 10;
        ch = ch * 9 / 10;
    }
}

/// Resolves `deck` against `catalog` into piles and sheets. Reads no files.
pub fn tts_plan(
    catalog: &Catalog,
    deck: &Deck,
    options: &TtsOptions,
) -> Result<TtsExport, PnpError> {
    let resolved = resolve(deck, catalog);
    if !resolved.violations.is_empty() {
        return Err(PnpError::Deck(
            resolved.violations.into_iter().map(|v| v.message).collect(),
        ));
    }
    let main = expand(&resolved.main);
    if main.is_empty() {
        return Err(PnpError::Empty("the deck's main board is empty".into()));
    }
    let deck_name = if deck.name.trim().is_empty() {
        "Deck".to_string()
    } else {
        deck.name.clone()
    };
    let mut piles: Vec<Pile> = Vec::new();
    match crate::games::get(catalog.game) {
        Some(game) if piles_by_section(catalog.game) => {
            let def = game.def();
            for c in main {
                let section = def.section_of(&catalog.cards[c].card_type);
                match piles.iter_mut().find(|p| p.name == section) {
                    Some(p) => p.cards.push(c),
                    None => piles.push(Pile {
                        name: section.to_string(),
                        cards: vec![c],
                        sheets: Vec::new(),
                    }),
                }
            }
        }
        _ => piles.push(Pile {
            name: deck_name.clone(),
            cards: main,
            sheets: Vec::new(),
        }),
    }
    if options.sideboard {
        let side = Deck {
            entries: deck
                .entries
                .iter()
                .filter(|e| e.board == Board::Sideboard)
                .map(|e| crate::model::DeckEntry {
                    board: Board::Main,
                    ..e.clone()
                })
                .collect(),
            ..Deck::default()
        };
        let cards = expand(&resolve(&side, catalog).main);
        if !cards.is_empty() {
            piles.push(Pile {
                name: format!("{deck_name} (sideboard)"),
                cards,
                sheets: Vec::new(),
            });
        }
    }
    // distinct cards, in first-use order, read and drawn by a print plan
    let all: Vec<usize> = piles.iter().flat_map(|p| p.cards.iter().copied()).collect();
    let distinct = distinct_cards(&all);
    let mut cat = catalog.clone();
    if let Some(back) = &options.back {
        let abs = std::path::absolute(back).unwrap_or_else(|_| back.clone());
        cat.back = Some(abs.to_string_lossy().into_owned());
    }
    let mut print = PrintOptions {
        paper: Paper::A3,
        backs: true,
        selection: CardSelection::Cards(
            distinct.iter().map(|&c| cat.cards[c].id.clone()).collect(),
        ),
        ..PrintOptions::default()
    };
    let size = super::options::card_size(&cat, &print);
    let (card_px, (cols, rows)) = cell_and_grid(size.0, size.1);
    // pictures are read at no more than the pixels a cell shows
    let (lo, hi) = super::options::MAX_DPI_RANGE;
    print.max_dpi = (f64::from(card_px.1) / size.1 * MM_PER_INCH).clamp(lo, hi);
    let inner = plan(&cat, deck, &print)?;
    // sheets per pile, keys from 1
    let per_full = cols * rows - 1;
    let mut sheets = Vec::new();
    for p in &mut piles {
        let faces = distinct_cards(&p.cards);
        for chunk in faces.chunks(per_full as usize) {
            let cells = chunk.len() as u32 + 1;
            let (c, r) = if cells > per_full {
                (cols, rows)
            } else {
                let c = cols.min(cells).max(2.min(cols));
                (c, cells.div_ceil(c))
            };
            let key = sheets.len() as u32 + 1;
            p.sheets.push(key);
            sheets.push(Sheet {
                key,
                columns: c,
                rows: r,
                cards: chunk.to_vec(),
            });
        }
    }
    let stem = if deck_name.chars().any(char::is_alphanumeric) {
        crate::model::slug(&deck_name)
    } else {
        "deck".to_string()
    };
    Ok(TtsExport {
        stem,
        deck_name,
        options: options.clone(),
        piles,
        sheets,
        card_px,
        plan: inner,
    })
}

const MM_PER_INCH: f64 = 25.4;

impl TtsExport {
    /// Picture paths (as the catalog writes them) the export reads; see
    /// [`Plan::needed_images`].
    pub fn needed_images(&self) -> Vec<String> {
        self.plan.needed_images()
    }

    /// Gives the bytes of a picture the catalog names `path`.
    pub fn supply_image(&mut self, path: &str, bytes: Vec<u8>) {
        self.plan.supply_image(path, bytes);
    }

    /// Cards in every pile.
    pub fn card_count(&self) -> usize {
        self.piles.iter().map(|p| p.cards.len()).sum()
    }

    /// Where sheet `i` (0-based) of this export goes in `dir`.
    pub fn sheet_path(&self, dir: &Path, i: usize) -> PathBuf {
        dir.join(format!("{}-sheet-{}.jpg", self.stem, i + 1))
    }

    /// Writes the sheets, back, thumbnail and saved object into `dir`
    /// (created if missing). Files are written under temporary names and
    /// renamed at the end, so a failed or cancelled export leaves nothing.
    pub fn write(
        &self,
        dir: &Path,
        progress: &(dyn Fn(Progress) + Sync),
        cancel: &AtomicBool,
    ) -> Result<TtsReport, PnpError> {
        let werr = |path: &Path, e: &dyn std::fmt::Display| PnpError::Write {
            path: path.to_path_buf(),
            reason: e.to_string(),
        };
        std::fs::create_dir_all(dir).map_err(|e| werr(dir, &e))?;
        // The saved object's `.part`, claimed, is this export's lock: a run
        // of the same export still going is refused; once it is held, any
        // `.part` of this export's files was left by a run that was killed
        // (or, before, by a full disk), and is removed.
        let object_path = dir.join(format!("{}.json", self.stem));
        let (claim, claimed) = super::part::claim(&object_path)?;
        self.sweep_leftovers(dir);
        let mut written: Vec<(PathBuf, PathBuf)> = vec![(claimed, object_path)];
        let result = self.write_parts(dir, progress, cancel, &mut written);
        let result = result.and_then(|report| {
            // (the saved object, which names the rest, last)
            for (tmp, path) in written.iter().skip(1).chain(&written[..1]) {
                std::fs::rename(tmp, path).map_err(|e| werr(path, &e))?;
            }
            Ok(report)
        });
        if result.is_err() {
            for (tmp, _) in &written {
                let _ = std::fs::remove_file(tmp);
            }
        }
        drop(claim);
        result
    }

    /// Removes the `.part` files of this export's sheets, back and thumbnail
    /// that a killed run left in `dir` (called with the export's claim held).
    fn sweep_leftovers(&self, dir: &Path) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        let stem = &self.stem;
        for entry in entries.flatten() {
            let name = entry.file_name();
            let Some(name) = name.to_str() else { continue };
            let Some(file) = name.strip_suffix(".part") else {
                continue;
            };
            let ours = file == format!("{stem}-back.jpg")
                || file == format!("{stem}.png")
                || file
                    .strip_prefix(&format!("{stem}-sheet-"))
                    .and_then(|n| n.strip_suffix(".jpg"))
                    .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
            if ours && entry.file_type().is_ok_and(|t| t.is_file()) {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }

    fn write_parts(
        &self,
        dir: &Path,
        progress: &(dyn Fn(Progress) + Sync),
        cancel: &AtomicBool,
        written: &mut Vec<(PathBuf, PathBuf)>,
    ) -> Result<TtsReport, PnpError> {
        let plan = &self.plan;
        let loaded = plan.load(&plan.cards, progress, cancel)?;
        let g = &plan.geometry;
        let rect = Rect::new(0.0, 0.0, g.card_w, g.card_h);
        let dpi = f64::from(self.card_px.1) / g.card_h * MM_PER_INCH;
        let (cw, ch) = self.card_px;
        let fit = |img: RgbaImage| {
            if img.dimensions() == (cw, ch) {
                img
            } else {
                imageops::resize(&img, cw, ch, imageops::FilterType::Triangle)
            }
        };
        let draw = |op: Op| {
            let page = Page {
                width: g.card_w,
                height: g.card_h,
                trim: rect,
                bleed: rect,
                ops: vec![op],
            };
            fit(super::raster::render(&page, &loaded.images, dpi))
        };
        let mut warnings = Vec::new();
        let back = draw(plan.back_group(rect, plan.cards[0], false, &loaded));
        let mut put = |name: String, bytes: Vec<u8>| -> Result<PathBuf, PnpError> {
            let path = dir.join(name);
            let tmp = super::part::part_of(&path);
            // (listed before it is written: a write cut short by a full disk
            // is removed with the rest)
            if !written.iter().any(|(t, _)| *t == tmp) {
                written.push((tmp.clone(), path.clone()));
            }
            std::fs::write(&tmp, bytes).map_err(|e| PnpError::Write {
                path: path.clone(),
                reason: e.to_string(),
            })?;
            Ok(path)
        };
        let back_path = put(format!("{}-back.jpg", self.stem), jpeg(&back)?)?;
        let total = self.sheets.len();
        let mut sheet_paths = Vec::new();
        let mut thumbnail = None;
        for (i, sheet) in self.sheets.iter().enumerate() {
            progress(Progress {
                stage: Stage::Pages,
                done: i,
                total,
            });
            let faces: Vec<(RgbaImage, Vec<String>)> = sheet
                .cards
                .par_iter()
                .map(|&c| {
                    if cancel.load(Ordering::Relaxed) {
                        return Err(PnpError::Cancelled);
                    }
                    let mut w = Vec::new();
                    let op = plan.front_group(rect, c, &loaded, &mut w);
                    Ok((draw(op), w))
                })
                .collect::<Result<_, _>>()?;
            let mut img = RgbaImage::from_pixel(
                sheet.columns * cw,
                sheet.rows * ch,
                Rgba([255, 255, 255, 255]),
            );
            let mut place = |cell: u32, face: &RgbaImage| {
                let (x, y) = (cell % sheet.columns, cell / sheet.columns);
                imageops::replace(&mut img, face, i64::from(x * cw), i64::from(y * ch));
            };
            for (k, (face, w)) in faces.iter().enumerate() {
                place(k as u32, face);
                for w in w {
                    if !warnings.contains(w) {
                        warnings.push(w.clone());
                    }
                }
            }
            place(sheet.hidden_cell(), &back);
            if thumbnail.is_none() {
                thumbnail = faces.first().map(|(f, _)| thumb(f));
            }
            drop(faces);
            if cancel.load(Ordering::Relaxed) {
                return Err(PnpError::Cancelled);
            }
            sheet_paths.push(put(
                self.sheet_path(dir, i)
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default(),
                jpeg(&img)?,
            )?);
        }
        let thumb_path = dir.join(format!("{}.png", self.stem));
        if let Some(t) = thumbnail {
            let mut bytes = std::io::Cursor::new(Vec::new());
            t.write_to(&mut bytes, image::ImageFormat::Png)
                .map_err(|e| PnpError::Pdf(format!("cannot encode the thumbnail: {e}")))?;
            put(format!("{}.png", self.stem), bytes.into_inner())?;
        }
        let url = |path: &Path| self.url(path);
        let object = self.object_json(
            &url(&back_path),
            &sheet_paths.iter().map(|p| url(p)).collect::<Vec<_>>(),
        );
        let text = serde_json::to_string_pretty(&object)
            .map_err(|e| PnpError::Pdf(format!("cannot write JSON: {e}")))?;
        let object_path = put(format!("{}.json", self.stem), text.into_bytes())?;
        progress(Progress {
            stage: Stage::Done,
            done: 1,
            total: 1,
        });
        let drawn_faces = plan
            .cards
            .iter()
            .filter(|c| !loaded.fronts.contains_key(c))
            .count();
        Ok(TtsReport {
            object: object_path,
            sheets: sheet_paths,
            cards: self.card_count(),
            back: back_path,
            thumbnail: thumb_path,
            card_px: self.card_px,
            piles: self
                .piles
                .iter()
                .map(|p| (p.name.clone(), p.cards.len()))
                .collect(),
            drawn_faces,
            warnings,
        })
    }

    /// How the saved object names the file at `path`.
    fn url(&self, path: &Path) -> String {
        match self.options.urls {
            Urls::Relative => path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default(),
            Urls::Files => file_url(path),
        }
    }

    /// The saved object: one object per pile, side by side on the table.
    pub fn object_json(&self, back_url: &str, sheet_urls: &[String]) -> Value {
        let custom = |key: u32| -> Value {
            let s = &self.sheets[key as usize - 1];
            json!({
                "FaceURL": sheet_urls.get(key as usize - 1).cloned().unwrap_or_default(),
                "BackURL": back_url,
                "NumWidth": s.columns,
                "NumHeight": s.rows,
                "BackIsHidden": true,
                "UniqueBack": false,
                "Type": 0,
            })
        };
        // each card's CardID within its pile's sheets
        let mut id_of: HashMap<(usize, usize), u32> = HashMap::new();
        for (pi, p) in self.piles.iter().enumerate() {
            for &k in &p.sheets {
                let s = &self.sheets[k as usize - 1];
                for (cell, &c) in s.cards.iter().enumerate() {
                    id_of.insert((pi, c), k * KEY_FACTOR + cell as u32);
                }
            }
        }
        let catalog = &self.plan.catalog;
        let objects: Vec<Value> = self
            .piles
            .iter()
            .enumerate()
            .map(|(pi, p)| {
                let x = 3.0 * pi as f64;
                let card_obj = |c: usize, n: usize, at: Value| {
                    let id = id_of[&(pi, c)];
                    let card = &catalog.cards[c];
                    let mut cd = serde_json::Map::new();
                    cd.insert((id / KEY_FACTOR).to_string(), custom(id / KEY_FACTOR));
                    let mut o = base_object(
                        "Card",
                        &guid(&format!("{}/{pi}/{n}", self.stem)),
                        &card.name,
                        card.text.as_deref().unwrap_or(""),
                        at,
                    );
                    o.insert("CardID".into(), json!(id));
                    o.insert("SidewaysCard".into(), json!(false));
                    o.insert("Hands".into(), json!(true));
                    o.insert("HideWhenFaceDown".into(), json!(true));
                    o.insert("CustomDeck".into(), Value::Object(cd));
                    o
                };
                if let [c] = p.cards[..] {
                    return Value::Object(card_obj(c, 0, transform(x, false)));
                }
                let mut cd = serde_json::Map::new();
                for &k in &p.sheets {
                    cd.insert(k.to_string(), custom(k));
                }
                let mut o = base_object(
                    "DeckCustom",
                    &guid(&format!("{}/{pi}", self.stem)),
                    &p.name,
                    "",
                    transform(x, true),
                );
                o.insert(
                    "DeckIDs".into(),
                    json!(p.cards.iter().map(|&c| id_of[&(pi, c)]).collect::<Vec<_>>()),
                );
                o.insert("CustomDeck".into(), Value::Object(cd));
                o.insert("SidewaysCard".into(), json!(false));
                o.insert("Hands".into(), json!(false));
                o.insert("HideWhenFaceDown".into(), json!(true));
                o.insert(
                    "ContainedObjects".into(),
                    Value::Array(
                        p.cards
                            .iter()
                            .enumerate()
                            .map(|(n, &c)| Value::Object(card_obj(c, n + 1, transform(0.0, true))))
                            .collect(),
                    ),
                );
                Value::Object(o)
            })
            .collect();
        json!({
            "SaveName": self.deck_name,
            // empty, as in the saved objects TTS writes (only a saved game
            // is dated); it also makes the same export the same file
            "Date": "",
            "VersionNumber": "",
            "GameMode": "",
            "GameType": "",
            "GameComplexity": "",
            "Tags": [],
            "Gravity": 0.5,
            "PlayArea": 0.5,
            "Table": "",
            "Sky": "",
            "Note": "",
            "TabStates": {},
            "Rules": "",
            "XmlUI": "",
            "LuaScript": "",
            "LuaScriptState": "",
            "ObjectStates": objects,
        })
    }
}

/// The fields TTS writes for every object.
fn base_object(
    name: &str,
    guid: &str,
    nickname: &str,
    description: &str,
    transform: Value,
) -> serde_json::Map<String, Value> {
    let v = json!({
        "GUID": guid,
        "Name": name,
        "Transform": transform,
        "Nickname": nickname,
        "Description": description,
        "GMNotes": "",
        "ColorDiffuse": {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259},
        "LayoutGroupSortIndex": 0,
        "Value": 0,
        "Locked": false,
        "Grid": true,
        "Snap": true,
        "IgnoreFoW": false,
        "MeasureMovement": false,
        "DragSelectable": true,
        "Autoraise": true,
        "Sticky": true,
        "Tooltip": true,
        "GridProjection": false,
        "LuaScript": "",
        "LuaScriptState": "",
        "XmlUI": "",
    });
    match v {
        Value::Object(m) => m,
        _ => serde_json::Map::new(),
    }
}

/// Where an object lies: `x` along the table, face down (a draw pile) or up.
fn transform(x: f64, face_down: bool) -> Value {
    json!({
        "posX": x, "posY": 1.0, "posZ": 0.0,
        "rotX": 0.0, "rotY": 180.0, "rotZ": if face_down { 180.0 } else { 0.0 },
        "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0,
    })
}

/// A stable 6-hex-digit object id (TTS's GUID form) from `seed`, so the
/// same export writes the same file.
fn guid(seed: &str) -> String {
    let d = Sha256::digest(seed.as_bytes());
    format!("{:02x}{:02x}{:02x}", d[0], d[1], d[2])
}

/// `file:///` + the absolute path with forward slashes, as TTS writes the
/// files a user picks on their own disk: spaces and other characters as
/// they are, not percent-encoded (TTS reads the path after `file:///`
/// literally, and Windows' folder, `My Games`, always has a space).
pub fn file_url(path: &Path) -> String {
    let abs = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let s = abs.to_string_lossy().replace('\\', "/");
    format!("file:///{}", s.trim_start_matches('/'))
}

/// JPEG bytes of `img` (flattened onto white).
fn jpeg(img: &RgbaImage) -> Result<Vec<u8>, PnpError> {
    let rgb = image::RgbImage::from_fn(img.width(), img.height(), |x, y| {
        let [r, g, b, a] = img.get_pixel(x, y).0;
        let over = |c: u8| ((u32::from(c) * u32::from(a) + 255 * (255 - u32::from(a))) / 255) as u8;
        image::Rgb([over(r), over(g), over(b)])
    });
    let mut out = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, JPEG_QUALITY)
        .encode_image(&rgb)
        .map_err(|e| PnpError::Pdf(format!("cannot encode a JPEG: {e}")))?;
    Ok(out)
}

/// The thumbnail: `face` fitted into a transparent square.
fn thumb(face: &RgbaImage) -> RgbaImage {
    let (w, h) = face.dimensions();
    let k = f64::from(THUMBNAIL_SIDE) / f64::from(w.max(h));
    let (tw, th) = (
        ((f64::from(w) * k).round() as u32).max(1),
        ((f64::from(h) * k).round() as u32).max(1),
    );
    let small = imageops::resize(face, tw, th, imageops::FilterType::Triangle);
    let mut out = RgbaImage::new(THUMBNAIL_SIDE, THUMBNAIL_SIDE);
    imageops::replace(
        &mut out,
        &small,
        i64::from((THUMBNAIL_SIDE - tw) / 2),
        i64::from((THUMBNAIL_SIDE - th) / 2),
    );
    out
}

/// Tabletop Simulator's Saved Objects folder on this computer, with our
/// `Deckwright` folder in it: where TTS's Objects → Saved Objects lists it.
/// `None` when the home or documents folder is unknown.
pub fn saved_objects_dir() -> Option<PathBuf> {
    let sub = Path::new("Tabletop Simulator")
        .join("Saves")
        .join("Saved Objects")
        .join("Deckwright");
    if cfg!(target_os = "windows") {
        let docs = directories::UserDirs::new()?.document_dir()?.to_path_buf();
        Some(docs.join("My Games").join(sub))
    } else {
        let home = directories::BaseDirs::new()?.home_dir().to_path_buf();
        if cfg!(target_os = "macos") {
            Some(home.join("Library").join(sub))
        } else {
            Some(home.join(".local").join("share").join(sub))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_poker_card_is_419_by_585_on_a_9_by_7_sheet() {
        assert_eq!(cell_and_grid(63.0, 88.0), ((419, 585), (9, 7)));
        // Strange World's 63 × 89
        assert_eq!(cell_and_grid(63.0, 89.0), ((415, 585), (9, 7)));
        // a narrow card keeps 409 px of width
        let ((w, h), (c, r)) = cell_and_grid(40.0, 90.0);
        assert_eq!((w, c), (409, 10));
        assert!(h > 585 && r * h <= MAX_SHEET_SIDE, "{h} {r}");
    }

    #[test]
    fn file_urls_have_three_slashes() {
        assert_eq!(file_url(Path::new("/a b/c.jpg")), "file:///a b/c.jpg");
    }

    #[test]
    fn guids_are_stable_hex() {
        assert_eq!(guid("x"), guid("x"));
        assert_eq!(guid("x").len(), 6);
        assert_ne!(guid("x"), guid("y"));
    }
}
