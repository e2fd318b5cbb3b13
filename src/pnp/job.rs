//! One export, step by step: [`plan`] resolves the cards and the geometry
//! (cheap, no files read), [`Plan::export`] reads the pictures, draws the
//! pages and writes the PDF, reporting progress and honouring a cancel flag.
//! [`Plan::page_ops`] gives one page's display list for the preview.
//!
//! A [`Plan`] owns everything it needs (a copy of the catalog), so the app
//! can move it to a worker thread.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use rayon::prelude::*;
use serde::Serialize;

use super::PnpError;
use super::draw::{Affine, CardTag, Op, Page, Rect};
use super::face;
use super::images::{self, Image, orientation_matrix};
use super::layout::Geometry;
use super::options::{BleedFromArt, CardSelection, Layout, PrintOptions, card_size};
use super::pdf;
use crate::model::{Catalog, Deck, GameId};
use crate::rules::resolve;

/// Where an export is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stage {
    /// Reading and checking pictures (`done` of `total` files).
    Images,
    /// Drawing pages (`done` of `total` pages).
    Pages,
    /// Compressing and writing the file.
    Writing,
    Done,
}

/// A progress report: stage and count, for a progress bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Progress {
    pub stage: Stage,
    pub done: usize,
    pub total: usize,
}

impl Progress {
    /// Overall completion from 0 to 1 (pictures 0–60 %, pages 60–80 %,
    /// writing 80–100 %).
    pub fn fraction(&self) -> f64 {
        let part = if self.total == 0 {
            1.0
        } else {
            self.done as f64 / self.total as f64
        };
        match self.stage {
            Stage::Images => 0.6 * part,
            Stage::Pages => 0.6 + 0.2 * part,
            Stage::Writing => 0.8,
            Stage::Done => 1.0,
        }
    }
}

/// What an export made.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// PDF pages.
    pub pages: usize,
    /// Sheets of paper (a front page and its back page are one sheet).
    pub sheets: usize,
    /// Card fronts printed.
    pub cards: usize,
    /// Distinct pictures embedded (fronts and back).
    pub images: usize,
    /// Total size of the picture files read.
    pub image_bytes: u64,
    /// Size of the PDF.
    pub pdf_bytes: u64,
    /// Cards drawn from their data (no picture).
    pub drawn_faces: usize,
    /// Things the user should know (text cut, pictures stretched).
    pub warnings: Vec<String>,
    /// Card fronts a sheet holds (9 nine-up, 4 eight-fold; fewer with a
    /// cutting machine's marks).
    pub cards_per_sheet: usize,
    /// The cutting machine's marks, when printed.
    pub cut_marks: Option<MachineReport>,
    /// How the layout departs from the usual one, and why (fewer cards per
    /// page for the marks, a landscape page).
    pub notes: Vec<String>,
}

/// The machine marks of an export, as the report gives them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MachineReport {
    /// `silhouette` or `cricut`.
    pub machine: super::options::CutMarks,
    /// Silhouette: the L marks' arm length, mm (0 for Cricut).
    pub mark_length_mm: f64,
    /// The rectangle the cards stay within, mm from the page's bottom-left.
    pub cut_area: Rect,
    /// The page, landscape or portrait.
    pub page_mm: (f64, f64),
    /// What to tell the machine's software.
    pub settings: String,
}

/// A finished export in memory.
#[derive(Clone, Debug)]
pub struct Export {
    pub pdf: Vec<u8>,
    pub report: Report,
}

/// A resolved export: which cards, in which order, on which geometry.
#[derive(Clone, Debug)]
pub struct Plan {
    pub catalog: Catalog,
    pub deck_name: String,
    pub options: PrintOptions,
    pub geometry: Geometry,
    /// Catalog positions of the cards to print, one per printed copy.
    pub cards: Vec<usize>,
    /// Picture bytes by the path the catalog writes (`image`, `back`), used
    /// instead of reading files: for catalogs kept in the database, whose
    /// pictures are not files ([`Plan::supply_image`]).
    pub supplied: HashMap<String, Arc<Vec<u8>>>,
}

/// The default back of a built-in game, compiled in so exports work
/// wherever the binary runs (empty for games added as data).
fn builtin_back(game: GameId) -> &'static [u8] {
    crate::games::game(game).back_image().unwrap_or_default()
}

/// Resolves what to print of `deck` (its name heads every page) from
/// `catalog` under `options`.
pub fn plan(catalog: &Catalog, deck: &Deck, options: &PrintOptions) -> Result<Plan, PnpError> {
    options.check()?;
    let size = card_size(catalog, options);
    let geometry = Geometry::for_options(options, size)?;
    let copies = options.copies as usize;
    let mut cards = Vec::new();
    match &options.selection {
        CardSelection::Deck | CardSelection::Missing(_) => {
            let resolved = resolve(deck, catalog);
            if !resolved.violations.is_empty() {
                return Err(PnpError::Deck(
                    resolved.violations.into_iter().map(|v| v.message).collect(),
                ));
            }
            if let CardSelection::Missing(collection) = &options.selection {
                for m in collection.missing_for(deck, catalog) {
                    if let Some(i) = catalog.cards.iter().position(|c| c.id == m.id) {
                        cards.extend(std::iter::repeat_n(i, m.missing as usize * copies));
                    }
                }
                if cards.is_empty() {
                    return Err(PnpError::Empty(
                        "the collection already owns every card the deck needs".into(),
                    ));
                }
            } else {
                for line in &resolved.main {
                    if let Some(i) = line.card {
                        cards.extend(std::iter::repeat_n(i, line.count as usize * copies));
                    }
                }
                if cards.is_empty() {
                    return Err(PnpError::Empty("the deck's main board is empty".into()));
                }
            }
        }
        CardSelection::Cards(names) => {
            let index = catalog.name_index();
            for name in names {
                let i = match index.by_id(name) {
                    Some(i) => i,
                    None => match index.named(name) {
                        [one] => *one,
                        [] => {
                            return Err(PnpError::Selection(format!(
                                "card \"{name}\" is not in catalog \"{}\"",
                                catalog.name
                            )));
                        }
                        several => {
                            let ids: Vec<&str> = several
                                .iter()
                                .map(|&i| catalog.cards[i].id.as_str())
                                .collect();
                            return Err(PnpError::Selection(format!(
                                "\"{name}\" names {} cards: give one of the ids {}",
                                several.len(),
                                ids.join(", ")
                            )));
                        }
                    },
                };
                cards.extend(std::iter::repeat_n(i, copies));
            }
            if cards.is_empty() {
                return Err(PnpError::Empty("no cards were selected".into()));
            }
        }
    }
    Ok(Plan {
        catalog: catalog.clone(),
        deck_name: deck.name.clone(),
        options: options.clone(),
        geometry,
        cards,
        supplied: HashMap::new(),
    })
}

/// Pictures loaded for an export, by index; cards and the back refer to them.
pub(super) struct Loaded {
    pub(super) images: Vec<Image>,
    /// Catalog card position → picture.
    pub(super) fronts: HashMap<usize, usize>,
    pub(super) back: Option<usize>,
}

/// Where a picture comes from.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Source {
    /// A path as the catalog writes it, and resolved against its folder.
    File(String, PathBuf),
    Builtin(GameId),
}

impl Plan {
    /// How this layout departs from the usual one, in words (empty when it
    /// does not): shown by the CLI on stderr, in `--json`, and by the app.
    pub fn layout_notes(&self) -> Vec<String> {
        let g = &self.geometry;
        let Some(m) = &g.machine else {
            return Vec::new();
        };
        let mut notes = Vec::new();
        let n = g.per_sheet();
        let orientation = if g.page_w > g.page_h {
            "landscape"
        } else {
            "portrait"
        };
        if n < self.options.layout.per_sheet() {
            notes.push(format!(
                "{} marks: {n} card{} a page ({} × {}, {orientation}) instead of {}, so that no card \
                 covers the marks or their keep-out zones",
                m.kind,
                if n == 1 { "" } else { "s" },
                g.cols,
                g.rows,
                self.options.layout.per_sheet()
            ));
        } else if g.page_w > g.page_h {
            notes.push(format!(
                "{} marks: {n} cards a page on landscape pages",
                m.kind
            ));
        }
        notes.push(m.settings());
        notes
    }

    /// Sheets of paper.
    pub fn sheets(&self) -> usize {
        self.cards.len().div_ceil(self.geometry.per_sheet())
    }

    /// PDF pages: a back page after every front page for nine-up with backs.
    pub fn page_count(&self) -> usize {
        match (self.options.layout, self.options.backs) {
            (Layout::NineUp, true) => 2 * self.sheets(),
            _ => self.sheets(),
        }
    }

    /// The picture paths (as the catalog writes them) this export reads:
    /// the printed cards' `image`s and, when backs are printed, the catalog's
    /// `back`. A caller holding the pictures elsewhere supplies these.
    pub fn needed_images(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for &c in &self.cards {
            if let Some(rel) = &self.catalog.cards[c].image
                && !out.contains(rel)
            {
                out.push(rel.clone());
            }
        }
        if self.options.has_backs()
            && let Some(back) = &self.catalog.back
            && !out.contains(back)
        {
            out.push(back.clone());
        }
        out
    }

    /// Gives the bytes of the picture the catalog names `path`, so the
    /// export does not look for a file.
    pub fn supply_image(&mut self, path: &str, bytes: Vec<u8>) {
        self.supplied.insert(path.to_string(), Arc::new(bytes));
    }

    /// The card back: the catalog's `back`, else the game's built-in one.
    fn back_source(&self) -> Source {
        match &self.catalog.back {
            Some(rel) => Source::File(rel.clone(), self.catalog.resolve_path(rel)),
            None => Source::Builtin(self.catalog.game),
        }
    }

    /// Cards (catalog positions) on sheet `s`.
    fn sheet_cards(&self, s: usize) -> &[usize] {
        let n = self.geometry.per_sheet();
        let end = ((s + 1) * n).min(self.cards.len());
        &self.cards[(s * n).min(end)..end]
    }

    /// How pictures are read for this export: the pixel limit, and the most
    /// pixels a card can use at the printing resolution (`max_dpi` over the
    /// card's printed size; the bleed is stretched edge pixels, no more).
    pub fn decode(&self) -> images::Decode {
        let px = |mm: f64| (mm / MM_PER_INCH * self.options.max_dpi).ceil() as u32;
        images::Decode {
            max_pixels: self.options.max_image_pixels,
            fit: Some((px(self.geometry.card_w), px(self.geometry.card_h))),
        }
    }

    /// Reads the pictures the given cards need (and the back, if printed),
    /// each distinct file once, in parallel.
    pub(super) fn load(
        &self,
        cards: &[usize],
        progress: &(dyn Fn(Progress) + Sync),
        cancel: &AtomicBool,
    ) -> Result<Loaded, PnpError> {
        // distinct sources in first-use order, with the first card using each
        let mut sources: Vec<(Source, Option<usize>)> = Vec::new();
        let mut seen: HashMap<Source, usize> = HashMap::new();
        let mut front_src: HashMap<usize, usize> = HashMap::new();
        for &c in cards {
            let Some(rel) = &self.catalog.cards[c].image else {
                continue;
            };
            let src = Source::File(rel.clone(), self.catalog.resolve_path(rel));
            let k = *seen.entry(src.clone()).or_insert_with(|| {
                sources.push((src, Some(c)));
                sources.len() - 1
            });
            front_src.insert(c, k);
        }
        let back_src = self.options.has_backs().then(|| {
            let src = self.back_source();
            *seen.entry(src.clone()).or_insert_with(|| {
                sources.push((src, None));
                sources.len() - 1
            })
        });
        let total = sources.len();
        progress(Progress {
            stage: Stage::Images,
            done: 0,
            total,
        });
        let done = Mutex::new(0usize);
        let decode = self.decode();
        let loaded: Vec<Result<(Image, [u8; 32]), PnpError>> = sources
            .par_iter()
            .map(|(src, card)| {
                if cancel.load(Ordering::Relaxed) {
                    return Err(PnpError::Cancelled);
                }
                let result = match src {
                    Source::File(rel, path) => self
                        .supplied
                        .get(rel)
                        .map(|b| Ok(b.as_ref().clone()))
                        .unwrap_or_else(|| images::read(path))
                        .and_then(|bytes| {
                            let digest = images::digest(&bytes);
                            images::from_bytes(path, bytes, &decode).map(|i| (i, digest))
                        }),
                    Source::Builtin(game) => {
                        let bytes = builtin_back(*game).to_vec();
                        let digest = images::digest(&bytes);
                        let name = Path::new("resources")
                            .join(&crate::games::game(*game).def().print.back);
                        images::from_bytes(&name, bytes, &decode).map(|i| (i, digest))
                    }
                };
                {
                    // counted and reported under one lock, so the reports
                    // arrive in order from the worker threads
                    let mut n = done.lock().unwrap_or_else(|e| e.into_inner());
                    *n += 1;
                    progress(Progress {
                        stage: Stage::Images,
                        done: *n,
                        total,
                    });
                }
                result.map_err(|e| match card {
                    Some(c) => {
                        let card = &self.catalog.cards[*c];
                        PnpError::Image {
                            card: card.name.clone(),
                            id: card.id.clone(),
                            source: e,
                        }
                    }
                    None => PnpError::Back(e),
                })
            })
            .collect();
        if cancel.load(Ordering::Relaxed) {
            return Err(PnpError::Cancelled);
        }
        // identical files under different names become one picture
        let mut images = Vec::new();
        let mut by_digest: HashMap<[u8; 32], usize> = HashMap::new();
        let mut remap = Vec::with_capacity(total);
        for r in loaded {
            let (img, digest) = r?;
            let i = *by_digest.entry(digest).or_insert_with(|| {
                images.push(img);
                images.len() - 1
            });
            remap.push(i);
        }
        Ok(Loaded {
            fronts: front_src.into_iter().map(|(c, k)| (c, remap[k])).collect(),
            back: back_src.map(|k| remap[k]),
            images,
        })
    }

    /// The display list of one page (0-based) with `loaded` pictures.
    fn build_page(&self, index: usize, loaded: &Loaded, warnings: &mut Vec<String>) -> Page {
        let g = &self.geometry;
        let (sheet, back_page) = match (self.options.layout, self.options.backs) {
            (Layout::NineUp, true) => (index / 2, index % 2 == 1),
            _ => (index, false),
        };
        let cards = self.sheet_cards(sheet);
        let pages = self.page_count();
        let mut ops = Vec::new();
        let label = match (self.options.layout, back_page, self.options.backs) {
            (Layout::EightFold, _, _) => {
                format!("Sheet {} of {pages} · fold on the dashed line", index + 1)
            }
            (_, true, _) => format!("Page {} of {pages} · backs of page {}", index + 1, index),
            (_, false, true) => format!("Page {} of {pages} · fronts", index + 1),
            _ => format!("Page {} of {pages}", index + 1),
        };
        match &g.machine {
            // the sensor must see nothing but the marks: one footer line
            // outside them instead of the header, ruler and hand-cut marks
            Some(m) => {
                if !back_page {
                    ops.extend(m.ops());
                }
                let text = format!(
                    "{} · {} · {label} · print at 100%",
                    m.short_settings(),
                    self.deck_name
                );
                ops.push(super::cutter::footer(g.page_w, &text));
            }
            None => {
                ops.extend(g.header(&self.deck_name, &label));
                ops.extend(g.ruler());
                if !back_page {
                    ops.extend(g.cut_marks(&g.fronts[..cards.len()]));
                    ops.extend(g.fold_line());
                }
            }
        }
        let slots = if back_page { &g.backs } else { &g.fronts };
        let mut trim: Option<Rect> = None;
        for (k, &c) in cards.iter().enumerate() {
            let rect = slots[k];
            if back_page {
                ops.push(self.back_group(rect, c, false, loaded));
            } else {
                ops.push(self.front_group(rect, c, loaded, warnings));
            }
            trim = Some(trim.map_or(rect, |t| t.union(&rect)));
            if self.options.layout == Layout::EightFold {
                let back = g.backs[k];
                ops.push(self.back_group(back, c, true, loaded));
                trim = trim.map(|t| t.union(&back));
            }
        }
        let trim = trim.unwrap_or(slots[0]);
        Page {
            width: g.page_w,
            height: g.page_h,
            trim,
            bleed: trim.outset(g.bleed),
            ops,
        }
    }

    pub(super) fn front_group(
        &self,
        rect: Rect,
        card: usize,
        loaded: &Loaded,
        warnings: &mut Vec<String>,
    ) -> Op {
        let g = &self.geometry;
        let c = &self.catalog.cards[card];
        let ops = match loaded.fronts.get(&card) {
            Some(&img) => picture_ops_with(
                img,
                &loaded.images[img],
                g.card_w,
                g.card_h,
                g.bleed,
                self.options.bleed_from_art,
            ),
            None => {
                let drawn = face::draw(self.catalog.game, c, g.card_w, g.card_h, g.bleed);
                for w in drawn.warnings {
                    if !warnings.contains(&w) {
                        warnings.push(w);
                    }
                }
                drawn.ops
            }
        };
        Op::Group {
            m: Affine::translate(rect.x, rect.y),
            clip: Some(g.clip_local(false)),
            card: Some(CardTag {
                id: c.id.clone(),
                back: false,
            }),
            ops,
        }
    }

    /// A back: on a nine-up back page, or rotated 180° under the fold.
    pub(super) fn back_group(&self, rect: Rect, card: usize, rotated: bool, loaded: &Loaded) -> Op {
        let g = &self.geometry;
        let ops = match loaded.back {
            Some(img) => picture_ops_with(
                img,
                &loaded.images[img],
                g.card_w,
                g.card_h,
                g.bleed,
                self.options.bleed_from_art,
            ),
            None => Vec::new(),
        };
        let mut m = Affine::translate(rect.x, rect.y);
        if rotated {
            m = Affine::rotate_180_about(super::draw::p(g.card_w / 2.0, g.card_h / 2.0)).then(m);
        }
        Op::Group {
            m,
            clip: Some(g.clip_local(rotated)),
            card: Some(CardTag {
                id: self.catalog.cards[card].id.clone(),
                back: true,
            }),
            ops,
        }
    }

    /// Draws every page and writes the PDF.
    pub fn export(
        &self,
        progress: &(dyn Fn(Progress) + Sync),
        cancel: &AtomicBool,
    ) -> Result<Export, PnpError> {
        let mut pdf = Vec::new();
        let report = self.write(progress, cancel, &mut pdf, Path::new("(memory)"))?;
        Ok(Export { pdf, report })
    }

    /// Reads the pictures, draws the pages and writes the PDF into `out`,
    /// which `target` names in a write error.
    fn write(
        &self,
        progress: &(dyn Fn(Progress) + Sync),
        cancel: &AtomicBool,
        out: &mut dyn std::io::Write,
        target: &Path,
    ) -> Result<Report, PnpError> {
        let mut loaded = self.load(&self.cards, progress, cancel)?;
        let mut warnings = Vec::new();
        for img in &loaded.images {
            if let Some(w) = aspect_warning(img, self.geometry.card_w, self.geometry.card_h) {
                warnings.push(w);
            }
            if img.resampled() {
                let (sw, sh) = img.source_display_size();
                let (w, h) = img.display_size();
                warnings.push(format!(
                    "{} is {sw} × {sh} pixels: printed from {w} × {h}, the most a {} × {} mm \
                     card uses at {} ppi (--max-dpi)",
                    img.path.display(),
                    super::layout::mm(self.geometry.card_w),
                    super::layout::mm(self.geometry.card_h),
                    self.options.max_dpi
                ));
            }
        }
        let drawn_faces = self
            .cards
            .iter()
            .filter(|c| !loaded.fronts.contains_key(c))
            .count();
        let images = loaded.images.len();
        let image_bytes = loaded.images.iter().map(|i| i.file_len).sum();
        // the pixels go to the writer; the pages place the pictures by shape
        let shapes = loaded.images.iter().map(Image::shape).collect();
        let pictures = std::mem::replace(&mut loaded.images, shapes);
        let total = self.page_count();
        // Pages are drawn when the writer asks, twice each (see
        // `pdf::write_to`): the first time says what was drawn, the second
        // writes it.
        let mut asked = 0;
        let mut draw = |i: usize| {
            asked += 1;
            if asked <= total {
                progress(Progress {
                    stage: Stage::Pages,
                    done: asked,
                    total,
                });
                self.build_page(i, &loaded, &mut warnings)
            } else {
                progress(Progress {
                    stage: Stage::Writing,
                    done: asked - total,
                    total,
                });
                self.build_page(i, &loaded, &mut Vec::new())
            }
        };
        let mut pages = pdf::Pages {
            count: total,
            page: &mut draw,
        };
        let mut counted = Counted {
            out,
            n: 0,
            failed: None,
            cancel,
        };
        // the pictures move into the PDF writer: no second copy of them
        pdf::write_to(
            &mut pages,
            pictures,
            &pdf::Meta {
                title: self.deck_name.clone(),
                duplex: self.options.layout == Layout::NineUp && self.options.backs,
            },
            cancel,
            &mut counted,
        )
        .map_err(|e| match counted.failed.take() {
            _ if cancel.load(Ordering::Relaxed) => PnpError::Cancelled,
            Some(io) => PnpError::Write {
                path: target.to_path_buf(),
                reason: io,
            },
            None => e,
        })?;
        if cancel.load(Ordering::Relaxed) {
            return Err(PnpError::Cancelled);
        }
        progress(Progress {
            stage: Stage::Done,
            done: 1,
            total: 1,
        });
        Ok(Report {
            pages: total,
            sheets: self.sheets(),
            cards: self.cards.len(),
            images,
            image_bytes,
            pdf_bytes: counted.n,
            drawn_faces,
            warnings,
            cards_per_sheet: self.geometry.per_sheet(),
            cut_marks: self.geometry.machine.as_ref().map(|m| MachineReport {
                machine: m.kind,
                mark_length_mm: m.arm,
                cut_area: m.cut_area,
                page_mm: (m.page_w, m.page_h),
                settings: m.settings(),
            }),
            notes: self.layout_notes(),
        })
    }

    /// Exports to `path`: written to a temporary file beside it (streamed,
    /// not held in memory) and renamed, so a failed or cancelled export
    /// never leaves half a PDF behind.
    pub fn export_to(
        &self,
        path: &Path,
        progress: &(dyn Fn(Progress) + Sync),
        cancel: &AtomicBool,
    ) -> Result<Report, PnpError> {
        let werr = |e: std::io::Error| PnpError::Write {
            path: path.to_path_buf(),
            reason: e.to_string(),
        };
        // (a `.part` left by a killed run is taken over; one being written
        // by a run still going is not touched)
        let (mut f, tmp) = super::part::claim(path)?;
        let written = self
            .write(progress, cancel, &mut f, path)
            .and_then(|report| {
                f.sync_all().map_err(werr)?;
                Ok(report)
            });
        let report = match written {
            Ok(r) => r,
            Err(e) => {
                let _ = std::fs::remove_file(&tmp);
                return Err(e);
            }
        };
        if let Err(e) = std::fs::rename(&tmp, path) {
            let _ = std::fs::remove_file(&tmp);
            return Err(werr(e));
        }
        drop(f);
        Ok(report)
    }

    /// Page `index` (0-based) rendered at `dpi` (10–600) for the Print
    /// screen's preview: the same display list the PDF is written from.
    pub fn preview(&self, index: usize, dpi: f64) -> Result<image::RgbaImage, PnpError> {
        if !(10.0..=600.0).contains(&dpi) {
            return Err(PnpError::Option(format!(
                "the preview resolution must be between 10 and 600 dpi (got {dpi})"
            )));
        }
        let (page, images) = self.page_ops(index)?;
        Ok(super::raster::render(&page, &images, dpi))
    }

    /// [`Plan::preview`] as PNG file bytes.
    pub fn preview_png(&self, index: usize, dpi: f64) -> Result<Vec<u8>, PnpError> {
        let img = self.preview(index, dpi)?;
        let mut out = std::io::Cursor::new(Vec::new());
        img.write_to(&mut out, image::ImageFormat::Png)
            .map_err(|e| PnpError::Pdf(format!("cannot encode the preview: {e}")))?;
        Ok(out.into_inner())
    }

    /// One page (0-based) as a display list with its pictures, for the
    /// preview; only the pictures on that page are read.
    pub fn page_ops(&self, index: usize) -> Result<(Page, Vec<Image>), PnpError> {
        if index >= self.page_count() {
            return Err(PnpError::Option(format!(
                "there is no page {} (the export has {})",
                index + 1,
                self.page_count()
            )));
        }
        let sheet = match (self.options.layout, self.options.backs) {
            (Layout::NineUp, true) => index / 2,
            _ => index,
        };
        let cards = self.sheet_cards(sheet).to_vec();
        let loaded = self.load(&cards, &|_| {}, &AtomicBool::new(false))?;
        let page = self.build_page(index, &loaded, &mut Vec::new());
        Ok((page, loaded.images))
    }
}

/// Millimetres per inch, for resolutions in ppi.
const MM_PER_INCH: f64 = 25.4;

/// A writer that counts what passes through it (the report's PDF size) and
/// keeps its first failure (a full disk is the file's problem, not the PDF
/// writer's).
struct Counted<'a> {
    out: &'a mut dyn std::io::Write,
    n: u64,
    failed: Option<String>,
    /// Looked at on every write: a cancelled export stops writing the file.
    cancel: &'a AtomicBool,
}

impl std::io::Write for Counted<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.cancel.load(Ordering::Relaxed) {
            return Err(std::io::Error::other("cancelled"));
        }
        let n = self.out.write(buf).inspect_err(|e| {
            self.failed.get_or_insert_with(|| e.to_string());
        })?;
        self.n += n as u64;
        Ok(n)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush().inspect_err(|e| {
            self.failed.get_or_insert_with(|| e.to_string());
        })
    }
}

/// The operations drawing picture `id` onto a `w` × `h` card: the picture
/// fills the card (as EXIF orients it); with bleed, its outermost rows and
/// columns are stretched over the bleed so a slightly-off cut shows picture,
/// not paper ([`BleedFromArt::Extend`]; [`picture_ops_with`] for the others).
pub fn picture_ops(id: usize, img: &Image, w: f64, h: f64, bleed: f64) -> Vec<Op> {
    picture_ops_with(id, img, w, h, bleed, BleedFromArt::Extend)
}

/// [`picture_ops`] with the bleed made as `mode` says. Every way is done
/// with clipped, scaled copies of the same XObject: no pixel is resampled
/// or re-encoded (a JPEG stays the file's bytes), and the preview paints
/// the same list.
///
/// - `Extend`: the edge pixel column (row) is scaled to the bleed's width.
/// - `Mirror`: the picture reflected in each cut line (`x ↦ −x` on the
///   left, `x ↦ 2w − x` on the right, likewise in y; both in the corners),
///   clipped to the bleed: the band of art next to each edge, mirrored.
/// - `None`: nothing past the cut line.
pub fn picture_ops_with(
    id: usize,
    img: &Image,
    w: f64,
    h: f64,
    bleed: f64,
    mode: BleedFromArt,
) -> Vec<Op> {
    let orient = orientation_matrix(img.orientation);
    let place = |sx: f64, ox: f64, sy: f64, oy: f64| Op::Image {
        image: id,
        m: orient.then(Affine([sx, 0.0, 0.0, sy, ox, oy])),
    };
    let mut ops = vec![place(w, 0.0, h, 0.0)];
    if bleed <= 0.0 || mode == BleedFromArt::None {
        return ops;
    }
    let (dw, dh) = img.display_size();
    let (dw, dh) = (f64::from(dw), f64::from(dh));
    let b = bleed;
    // per axis: (clip start, clip length, scale, offset) for the strip before
    // the card, the card, the strip after it
    let (xs, ys) = match mode {
        // the left pixel column over [−b, 0], the picture, the right column
        // over [w, w + b]; likewise for y
        BleedFromArt::Extend | BleedFromArt::None => (
            [
                (-b, b, b * dw, -b),
                (0.0, w, w, 0.0),
                (w, b, b * dw, w - (dw - 1.0) * b),
            ],
            [
                (-b, b, b * dh, -b),
                (0.0, h, h, 0.0),
                (h, b, b * dh, h - (dh - 1.0) * b),
            ],
        ),
        BleedFromArt::Mirror => (
            [(-b, b, -w, 0.0), (0.0, w, w, 0.0), (w, b, -w, 2.0 * w)],
            [(-b, b, -h, 0.0), (0.0, h, h, 0.0), (h, b, -h, 2.0 * h)],
        ),
    };
    for (yi, &(y0, yh, sy, oy)) in ys.iter().enumerate() {
        for (xi, &(x0, xw, sx, ox)) in xs.iter().enumerate() {
            if xi == 1 && yi == 1 {
                continue;
            }
            ops.push(Op::Group {
                m: Affine::IDENTITY,
                clip: Some(Rect::new(x0, y0, xw, yh)),
                card: None,
                ops: vec![place(sx, ox, sy, oy)],
            });
        }
    }
    ops
}

/// A warning when a picture's shape differs from the card's by more than 3 %
/// (it is stretched to the card).
fn aspect_warning(img: &Image, w: f64, h: f64) -> Option<String> {
    let (dw, dh) = img.source_display_size();
    let pic = f64::from(dw) / f64::from(dh);
    let card = w / h;
    ((pic / card - 1.0).abs() > 0.03).then(|| {
        format!(
            "{} is {dw} × {dh} pixels, not the shape of a {} × {} mm card: it is stretched to fit",
            img.path.display(),
            super::layout::mm(w),
            super::layout::mm(h)
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pnp::draw::p;
    use crate::pnp::images::{ImageData, Packed, PixelColor};
    use image::metadata::Orientation;

    fn picture(w: u32, h: u32) -> Image {
        Image {
            path: PathBuf::from("p.png"),
            width: w,
            height: h,
            source_width: w,
            source_height: h,
            orientation: Orientation::NoTransforms,
            file_len: 0,
            data: ImageData::Pixels {
                color: PixelColor::Gray,
                bits: 8,
                samples: Packed::plain(vec![0; (w * h) as usize]),
                alpha: None,
            },
        }
    }

    #[test]
    fn a_plan_can_move_to_a_worker_thread() {
        fn check<T: Send + Sync + Clone + 'static>() {}
        check::<Plan>();
        check::<Report>();
    }

    #[test]
    fn without_bleed_one_picture_fills_the_card() {
        let ops = picture_ops(3, &picture(100, 140), 63.0, 88.0, 0.0);
        assert_eq!(
            ops,
            vec![Op::Image {
                image: 3,
                m: Affine([63.0, 0.0, 0.0, 88.0, 0.0, 0.0])
            }]
        );
    }

    /// With bleed, eight clipped copies stretch the outermost pixel rows and
    /// columns over the bleed: the left strip maps pixel column 0 onto [−b, 0].
    #[test]
    fn bleed_stretches_the_edge_pixels() {
        let (w, h, b) = (63.0, 88.0, 2.0);
        let ops = picture_ops(0, &picture(100, 140), w, h, b);
        assert_eq!(ops.len(), 9);
        let mut clips = Vec::new();
        for op in &ops[1..] {
            let Op::Group {
                clip: Some(c),
                ops: inner,
                ..
            } = op
            else {
                panic!("{op:?}")
            };
            clips.push(*c);
            let Op::Image { m, .. } = &inner[0] else {
                panic!()
            };
            // the strip's clip must be covered by the edge pixel row/column
            let lo = m.apply(p(0.0, 0.0));
            let hi = m.apply(p(1.0, 1.0));
            let px_w = (hi.x - lo.x) / 100.0;
            let px_h = (hi.y - lo.y) / 140.0;
            if c.x < 0.0 {
                assert!((lo.x - (-b)).abs() < 1e-9 && (lo.x + px_w - 0.0).abs() < 1e-9);
            }
            if c.x >= w {
                assert!((hi.x - (w + b)).abs() < 1e-9 && (hi.x - px_w - w).abs() < 1e-9);
            }
            if c.y < 0.0 {
                assert!((lo.y - (-b)).abs() < 1e-9 && (lo.y + px_h).abs() < 1e-9);
            }
            if c.y >= h {
                assert!((hi.y - (h + b)).abs() < 1e-9 && (hi.y - px_h - h).abs() < 1e-9);
            }
        }
        let area: f64 = clips.iter().map(|c| c.w * c.h).sum();
        assert!(
            (area - ((w + 2.0 * b) * (h + 2.0 * b) - w * h)).abs() < 1e-9,
            "strips tile the bleed ring"
        );
    }

    #[test]
    fn stretched_pictures_are_reported() {
        assert!(aspect_warning(&picture(744, 1039), 63.0, 88.0).is_none());
        let w = aspect_warning(&picture(100, 100), 63.0, 88.0).unwrap();
        assert_eq!(
            w,
            "p.png is 100 × 100 pixels, not the shape of a 63 × 88 mm card: it is stretched to fit"
        );
    }

    #[test]
    fn progress_fractions() {
        let f = |stage, done, total| Progress { stage, done, total }.fraction();
        assert_eq!(f(Stage::Images, 0, 10), 0.0);
        assert!((f(Stage::Images, 5, 10) - 0.3).abs() < 1e-9);
        assert!((f(Stage::Pages, 1, 2) - 0.7).abs() < 1e-9);
        assert_eq!(f(Stage::Writing, 0, 1), 0.8);
        assert_eq!(f(Stage::Done, 1, 1), 1.0);
        assert_eq!(f(Stage::Images, 0, 0), 0.6);
    }
}
