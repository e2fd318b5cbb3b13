//! Page geometry: where each card goes on a nine-up page or an eight-fold
//! sheet, where its back goes, and the page furniture around them (cut marks,
//! fold line, header, scale-check ruler).
//!
//! Conventions (all lengths in mm, origin at the page's bottom-left):
//! - **Gap** is the space between neighbouring cards' *bleed* edges, so two
//!   trim (cut) lines are `gap + 2 × bleed` apart; with no gap and no bleed
//!   cards touch and one cut serves both.
//! - **Nine-up backs** sit on the next page at the mirror position for
//!   long-edge duplex, `x' = W − x − w`, moved by the printer calibration.
//! - **Eight-fold**: the fronts' bottom edges and the backs' top edges meet at
//!   the fold line, with no gap or bleed across it, so the fold becomes each
//!   card's finished bottom edge. Each back is the front's mirror image across
//!   the fold and is rotated 180° (a horizontal fold turns it upside down).
//! - Nothing is drawn closer than [`MIN_EDGE`] to the paper's edge: viewers
//!   and drivers shrink pages whose content reaches the edge, which would
//!   ruin the card size.
//! - Cut marks extend each cut line outward, starting [`MARK_OFFSET`] outside
//!   the bleed; they are only on front pages (cut from the front).

use super::PnpError;
use super::cutter::Marks;
use super::draw::{Dash, Op, Path, Rect, Rgb, p};
use super::font::Face;
use super::options::{Calibration, CutMarks, Layout, Paper, PrintOptions};

/// Closest any mark or text comes to the paper's edge.
pub const MIN_EDGE: f64 = 3.0;
/// Space between a card's bleed edge and the start of its cut marks.
pub const MARK_OFFSET: f64 = 1.0;
/// The longest cut mark.
pub const MARK_LENGTH: f64 = 5.0;
/// Shorter marks than this are too hard to cut along: the layout is refused.
pub const MIN_MARK_LENGTH: f64 = 2.0;
/// Cut mark line width: 0.25 pt.
pub const MARK_WIDTH: f64 = 0.25 / super::draw::PT_PER_MM;
/// The scale-check ruler's length.
pub const RULER_MM: f64 = 50.0;

pub const MARK_COLOR: Rgb = Rgb(0, 0, 0);
pub const HEADER_COLOR: Rgb = Rgb(60, 60, 60);

/// Where the cards of one sheet go.
#[derive(Clone, Debug, PartialEq)]
pub struct Geometry {
    pub layout: Layout,
    pub paper: Paper,
    /// Page size as printed (landscape for eight-fold).
    pub page_w: f64,
    pub page_h: f64,
    pub card_w: f64,
    pub card_h: f64,
    pub bleed: f64,
    /// Trim rectangles of the front slots, in fill order (rows top to bottom,
    /// left to right).
    pub fronts: Vec<Rect>,
    /// Trim rectangles of the matching backs: on the back page (nine-up) or
    /// on the same sheet (eight-fold).
    pub backs: Vec<Rect>,
    /// Eight-fold: the fold line's height.
    pub fold_y: Option<f64>,
    /// Cut mark length that fits the margins.
    pub mark_len: f64,
    /// Columns and rows of fronts (nine-up: 3 × 3 unless machine marks
    /// leave less room; eight-fold: 4 × 1).
    pub cols: usize,
    pub rows: usize,
    /// A cutting machine's registration marks on the front pages, placed
    /// ([`super::cutter`]); they replace the hand-cutting marks, the header
    /// and the ruler, which the machine's sensor could take for marks.
    pub machine: Option<Marks>,
}

impl Geometry {
    /// Lays out `layout` on `paper` for cards of `card` (w, h) mm.
    pub fn new(
        paper: Paper,
        layout: Layout,
        card: (f64, f64),
        gap: f64,
        bleed: f64,
        calibration: Calibration,
    ) -> Result<Geometry, PnpError> {
        Geometry::plain(paper, layout, card, gap, bleed, calibration)
    }

    /// The geometry `opts` asks for, for cards of `card` mm: [`Geometry::new`],
    /// or with a cutting machine's marks (nine-up only): as
    /// many cards as fit inside the marks' cut area and clear of their
    /// keep-out zones, centred on the page. Without `backs` a landscape page
    /// is taken when it holds more cards (silhouette-card-maker picks the
    /// orientation the same way); with backs the page stays portrait, as
    /// long-edge duplex expects.
    pub fn for_options(opts: &PrintOptions, card: (f64, f64)) -> Result<Geometry, PnpError> {
        let (paper, layout, gap, bleed, calibration, marks, backs) = (
            opts.paper,
            opts.layout,
            opts.gap_mm,
            opts.bleed_mm,
            opts.calibration,
            opts.cut_marks,
            opts.backs,
        );
        if marks == CutMarks::None {
            return Geometry::plain(paper, layout, card, gap, bleed, calibration);
        }
        if layout != Layout::NineUp {
            return Err(PnpError::Option(format!(
                "{marks} cut marks need the nine-up layout"
            )));
        }
        let (pw, ph) = paper.size_mm();
        let mut best: Option<Geometry> = None;
        let orientations: &[(f64, f64)] = if backs {
            &[(pw, ph)]
        } else {
            &[(pw, ph), (ph, pw)]
        };
        for &(page_w, page_h) in orientations {
            if let Some(g) = machine_grid(
                paper,
                (page_w, page_h),
                card,
                gap,
                bleed,
                calibration,
                marks,
            ) && best
                .as_ref()
                .is_none_or(|b| g.fronts.len() > b.fronts.len())
            {
                best = Some(g);
            }
        }
        best.ok_or_else(|| {
            let area = Marks::cut_area(marks, pw, ph)
                .map(|a| (a.w, a.h))
                .unwrap_or_default();
            PnpError::Layout(format!(
                "no card of {} × {} mm with {} mm bleed fits inside the {} marks' cut area \
                 ({} × {} mm on {}) clear of the marks",
                mm(card.0),
                mm(card.1),
                mm(bleed),
                marks,
                mm(area.0),
                mm(area.1),
                paper.as_str().to_uppercase()
            ))
        })
    }

    /// Cards (fronts) per sheet.
    pub fn per_sheet(&self) -> usize {
        self.fronts.len()
    }

    /// The plain layouts: nine-up 3 × 3, eight-fold 4 over 4.
    fn plain(
        paper: Paper,
        layout: Layout,
        card: (f64, f64),
        gap: f64,
        bleed: f64,
        calibration: Calibration,
    ) -> Result<Geometry, PnpError> {
        let (pw, ph) = paper.size_mm();
        let (page_w, page_h) = match layout {
            Layout::NineUp => (pw, ph),
            Layout::EightFold => (ph, pw),
        };
        let (w, h) = card;
        let pitch_x = w + gap + 2.0 * bleed;
        let (cols, rows) = match layout {
            Layout::NineUp => (3usize, 3usize),
            Layout::EightFold => (4, 2),
        };
        let grid_w = cols as f64 * w + (cols - 1) as f64 * (gap + 2.0 * bleed);
        let grid_h = match layout {
            Layout::NineUp => rows as f64 * h + (rows - 1) as f64 * (gap + 2.0 * bleed),
            Layout::EightFold => 2.0 * h,
        };
        let x0 = (page_w - grid_w) / 2.0;
        let y0 = (page_h - grid_h) / 2.0;
        // the room left for marks on each side, outside the bleed
        let room_x = x0 - bleed - MARK_OFFSET - MIN_EDGE;
        let room_y = y0 - bleed - MARK_OFFSET - MIN_EDGE;
        let mark_len = room_x.min(room_y).min(MARK_LENGTH);
        if mark_len < MIN_MARK_LENGTH {
            let need_w = grid_w + 2.0 * (bleed + MARK_OFFSET + MIN_MARK_LENGTH + MIN_EDGE);
            let need_h = grid_h + 2.0 * (bleed + MARK_OFFSET + MIN_MARK_LENGTH + MIN_EDGE);
            return Err(PnpError::Layout(format!(
                "{} cards of {} × {} mm with {} mm bleed and {} mm gap do not fit on {} {}: \
                 with cut marks they need {} × {} mm and the page is {} × {} mm \
                 (use a smaller gap or bleed, or the other paper)",
                layout.per_sheet() * if layout == Layout::EightFold { 2 } else { 1 },
                mm(w),
                mm(h),
                mm(bleed),
                mm(gap),
                paper.as_str().to_uppercase(),
                if layout == Layout::EightFold {
                    "landscape"
                } else {
                    "portrait"
                },
                mm(need_w),
                mm(need_h),
                mm(page_w),
                mm(page_h),
            )));
        }
        let mut fronts = Vec::new();
        let mut backs = Vec::new();
        let mut fold_y = None;
        match layout {
            Layout::NineUp => {
                let pitch_y = h + gap + 2.0 * bleed;
                (fronts, backs) = grid(
                    (x0, y0),
                    (cols, rows),
                    (pitch_x, pitch_y),
                    card,
                    page_w,
                    calibration,
                );
            }
            Layout::EightFold => {
                let fold = y0 + h;
                fold_y = Some(fold);
                for c in 0..cols {
                    let x = x0 + c as f64 * pitch_x;
                    let front = Rect::new(x, fold, w, h);
                    fronts.push(front);
                    // mirrored across the fold: y' = 2·fold − y − h
                    backs.push(Rect::new(x, 2.0 * fold - front.y - h, w, h));
                }
            }
        }
        Ok(Geometry {
            layout,
            paper,
            page_w,
            page_h,
            card_w: w,
            card_h: h,
            bleed,
            fronts,
            backs,
            fold_y,
            mark_len,
            cols,
            rows: match layout {
                Layout::NineUp => rows,
                Layout::EightFold => 1,
            },
            machine: None,
        })
    }

    /// The rectangle a card's picture is clipped to, in the card's own
    /// coordinates (0, 0)–(w, h): the trim grown by the bleed, except across
    /// an eight-fold sheet's fold. `back` selects the back of the card (drawn
    /// rotated on eight-fold sheets, so its fold side is its own top).
    pub fn clip_local(&self, back: bool) -> Rect {
        let (w, h, b) = (self.card_w, self.card_h, self.bleed);
        match (self.layout, back) {
            (Layout::NineUp, _) => Rect::new(-b, -b, w + 2.0 * b, h + 2.0 * b),
            // front: the fold is its bottom edge
            (Layout::EightFold, false) => Rect::new(-b, 0.0, w + 2.0 * b, h + b),
            // back, rotated 180°: the fold is its own top edge
            (Layout::EightFold, true) => Rect::new(-b, -b, w + 2.0 * b, h + b),
        }
    }

    /// The vertical cut lines (x) and horizontal ones (y) of a front page
    /// holding `slots` cards, and the extent of the cards' bleed.
    fn cut_lines(&self, slots: &[Rect]) -> (Vec<f64>, Vec<f64>, Rect) {
        let mut xs: Vec<f64> = Vec::new();
        let mut ys: Vec<f64> = Vec::new();
        let push = |v: &mut Vec<f64>, x: f64| {
            if !v.iter().any(|&o| (o - x).abs() < 1e-6) {
                v.push(x);
            }
        };
        let mut all: Vec<Rect> = slots.to_vec();
        if self.layout == Layout::EightFold {
            all.extend(self.backs.iter().take(slots.len()).copied());
        }
        for r in &all {
            push(&mut xs, r.x);
            push(&mut xs, r.right());
            if self.layout == Layout::NineUp {
                push(&mut ys, r.y);
                push(&mut ys, r.top());
            }
        }
        if self.layout == Layout::EightFold {
            // the outer edges only: the fold is folded, not cut
            push(&mut ys, self.fronts[0].top());
            push(&mut ys, self.backs[0].y);
        }
        let extent = all
            .iter()
            .map(|r| r.outset(self.bleed))
            .reduce(|a, b| a.union(&b))
            .unwrap_or(Rect::new(0.0, 0.0, 0.0, 0.0));
        (xs, ys, extent)
    }

    /// Cut marks for a front page holding cards in `slots` (a prefix of
    /// [`Geometry::fronts`]): every cut line extended outward beyond the
    /// bleed on both sides.
    pub fn cut_marks(&self, slots: &[Rect]) -> Vec<Op> {
        let (xs, ys, ext) = self.cut_lines(slots);
        let (o, l) = (MARK_OFFSET, self.mark_len);
        let mut path = Path::default();
        for &x in &xs {
            path.extend(Path::line(p(x, ext.top() + o), p(x, ext.top() + o + l)));
            path.extend(Path::line(p(x, ext.y - o), p(x, ext.y - o - l)));
        }
        for &y in &ys {
            path.extend(Path::line(p(ext.x - o, y), p(ext.x - o - l, y)));
            path.extend(Path::line(p(ext.right() + o, y), p(ext.right() + o + l, y)));
        }
        vec![Op::Stroke {
            path,
            color: MARK_COLOR,
            width: MARK_WIDTH,
            dash: None,
        }]
    }

    /// The eight-fold sheet's fold line: dashed, in the side margins (never
    /// over the cards), with the word "fold".
    pub fn fold_line(&self) -> Vec<Op> {
        let Some(fy) = self.fold_y else {
            return Vec::new();
        };
        let ext = self.fronts[0]
            .union(&self.backs[self.backs.len() - 1])
            .outset(self.bleed);
        let mut path = Path::default();
        path.extend(Path::line(p(MIN_EDGE, fy), p(ext.x - MARK_OFFSET, fy)));
        path.extend(Path::line(
            p(ext.right() + MARK_OFFSET, fy),
            p(self.page_w - MIN_EDGE, fy),
        ));
        let size = 6.0;
        vec![
            Op::Stroke {
                path,
                color: MARK_COLOR,
                width: MARK_WIDTH,
                dash: Some(Dash(2.0, 1.5)),
            },
            Op::text(
                p(MIN_EDGE, fy + 0.8),
                size,
                Face::Regular,
                HEADER_COLOR,
                "fold",
            ),
        ]
    }

    /// The bands above and below the cards free for the header and the ruler:
    /// each band's y range, and the x ranges between cut lines.
    fn bands(&self) -> (Band, Band) {
        let top_cards = self.fronts[0].top() + self.bleed + MARK_OFFSET;
        let bottom_cards = match self.layout {
            Layout::NineUp => self.fronts[self.fronts.len() - 1].y,
            Layout::EightFold => self.backs[0].y,
        } - self.bleed
            - MARK_OFFSET;
        let spans: Vec<(f64, f64)> = self
            .fronts
            .iter()
            .take(match self.layout {
                Layout::NineUp => 3,
                Layout::EightFold => 4,
            })
            .map(|r| (r.x + 1.0, r.right() - 1.0))
            .collect();
        (
            Band {
                y0: top_cards,
                y1: self.page_h - MIN_EDGE,
                spans: spans.clone(),
            },
            Band {
                y0: MIN_EDGE,
                y1: bottom_cards,
                spans,
            },
        )
    }

    /// The page header: deck name, `page_label` ("Page 1 of 4"), and the print-at-100% note,
    /// each in the free space above one column of cards.
    pub fn header(&self, deck: &str, page_label: &str) -> Vec<Op> {
        let (top, _) = self.bands();
        let size = (top.height() * 0.8 / Face::Regular.font().cap_height_em()
            * super::draw::PT_PER_MM)
            .clamp(4.0, 7.0);
        let baseline = top.y0 + (top.height() - size / super::draw::PT_PER_MM * 0.73) / 2.0;
        let texts = [
            (Face::Bold, deck.to_string()),
            (Face::Regular, page_label.to_string()),
            (
                Face::Regular,
                "Print at 100% (actual size), no scaling".to_string(),
            ),
        ];
        let mut ops = Vec::new();
        let n = top.spans.len();
        for (i, (face, text)) in texts.into_iter().enumerate() {
            // three texts over the first, middle and last column
            let span = match i {
                0 => top.spans[0],
                1 => top.spans[n / 2 - usize::from(n % 2 == 0)],
                _ => top.spans[n - 1],
            };
            let fitted = fit_text(face, &text, size, span.1 - span.0);
            let width = face.font().width(&fitted, size) / super::draw::PT_PER_MM;
            let x = match i {
                0 => span.0,
                1 => (span.0 + span.1 - width) / 2.0,
                _ => span.1 - width,
            };
            ops.push(Op::text(p(x, baseline), size, face, HEADER_COLOR, fitted));
        }
        ops
    }

    /// A 50 mm scale-check ruler in the bottom band, under the first column:
    /// mm ticks, longer every 5 and 10 mm, numbered every 10.
    pub fn ruler(&self) -> Vec<Op> {
        let (_, bottom) = self.bands();
        let band_h = bottom.height().min(4.5);
        let x0 = bottom.spans[0].0;
        let y0 = bottom.y0 + (bottom.height() - band_h) / 2.0;
        let tall = band_h * 0.5;
        let mut path = Path::default();
        path.extend(Path::line(p(x0, y0), p(x0 + RULER_MM, y0)));
        for mm_i in 0..=RULER_MM as usize {
            let len = if mm_i % 10 == 0 {
                tall
            } else if mm_i % 5 == 0 {
                tall * 0.7
            } else {
                tall * 0.4
            };
            let x = x0 + mm_i as f64;
            path.extend(Path::line(p(x, y0), p(x, y0 + len)));
        }
        let mut ops = vec![Op::Stroke {
            path,
            color: MARK_COLOR,
            width: MARK_WIDTH,
            dash: None,
        }];
        let num_size = ((band_h - tall) * 0.75 / Face::Regular.font().cap_height_em()
            * super::draw::PT_PER_MM)
            .clamp(3.0, 5.0);
        let f = Face::Regular.font();
        for ten in (0..=RULER_MM as usize).step_by(10) {
            let label = ten.to_string();
            let w = f.width(&label, num_size) / super::draw::PT_PER_MM;
            ops.push(Op::text(
                p(x0 + ten as f64 - w / 2.0, y0 + tall + 0.4),
                num_size,
                Face::Regular,
                HEADER_COLOR,
                label,
            ));
        }
        let note = fit_text(
            Face::Regular,
            "50 mm",
            num_size,
            bottom.spans[0].1 - (x0 + RULER_MM + 1.5),
        );
        ops.push(Op::text(
            p(x0 + RULER_MM + 1.5, y0),
            num_size,
            Face::Regular,
            HEADER_COLOR,
            note,
        ));
        ops
    }
}

/// A nine-up grid of `cols` × `rows` cards of `card` size from the bottom-left
/// card at `origin`, `pitch` apart, top row first: the fronts, and the backs
/// where duplex puts them (mirrored across a page `page_w` wide, shifted by
/// the printer's calibration).
fn grid(
    (x0, y0): (f64, f64),
    (cols, rows): (usize, usize),
    (pitch_x, pitch_y): (f64, f64),
    (w, h): (f64, f64),
    page_w: f64,
    calibration: Calibration,
) -> (Vec<Rect>, Vec<Rect>) {
    let mut fronts = Vec::with_capacity(cols * rows);
    let mut backs = Vec::with_capacity(cols * rows);
    for r in 0..rows {
        for c in 0..cols {
            let x = x0 + c as f64 * pitch_x;
            let y = y0 + (rows - 1 - r) as f64 * pitch_y;
            fronts.push(Rect::new(x, y, w, h));
            backs.push(Rect::new(
                page_w - x - w + calibration.dx_mm,
                y + calibration.dy_mm,
                w,
                h,
            ));
        }
    }
    (fronts, backs)
}

/// The largest grid of cards that fits `marks` on a `page` (w, h), centred,
/// or `None` when not one card fits.
fn machine_grid(
    paper: Paper,
    (page_w, page_h): (f64, f64),
    (w, h): (f64, f64),
    gap: f64,
    bleed: f64,
    calibration: Calibration,
    marks: CutMarks,
) -> Option<Geometry> {
    let area = Marks::cut_area(marks, page_w, page_h)?;
    let pitch_x = w + gap + 2.0 * bleed;
    let pitch_y = h + gap + 2.0 * bleed;
    // the most that fit the area: n·w + (n − 1)·(gap + 2b) + 2b ≤ side
    let most = |side: f64, size: f64, pitch: f64| -> usize {
        let n = ((side - size - 2.0 * bleed) / pitch + 1.0 + 1e-9).floor();
        if n < 1.0 { 0 } else { n as usize }
    };
    let (max_cols, max_rows) = (most(area.w, w, pitch_x), most(area.h, h, pitch_y));
    // every grid up to the largest, most cards first (ties: more columns)
    let mut grids: Vec<(usize, usize)> = (1..=max_cols)
        .flat_map(|c| (1..=max_rows).map(move |r| (c, r)))
        .collect();
    grids.sort_by_key(|&(c, r)| (std::cmp::Reverse(c * r), std::cmp::Reverse(c)));
    for (cols, rows) in grids {
        let grid_w = cols as f64 * w + (cols - 1) as f64 * (gap + 2.0 * bleed);
        let grid_h = rows as f64 * h + (rows - 1) as f64 * (gap + 2.0 * bleed);
        let x0 = (page_w - grid_w) / 2.0;
        let y0 = (page_h - grid_h) / 2.0;
        let (fronts, backs) = grid(
            (x0, y0),
            (cols, rows),
            (pitch_x, pitch_y),
            (w, h),
            page_w,
            calibration,
        );
        let bled: Vec<Rect> = fronts.iter().map(|r| r.outset(bleed)).collect();
        if let Some(m) = Marks::fit(marks, page_w, page_h, &bled) {
            return Some(Geometry {
                layout: Layout::NineUp,
                paper,
                page_w,
                page_h,
                card_w: w,
                card_h: h,
                bleed,
                fronts,
                backs,
                fold_y: None,
                mark_len: 0.0,
                cols,
                rows,
                machine: Some(m),
            });
        }
    }
    None
}

/// A strip of margin: its height range and the x ranges free of cut marks.
#[derive(Clone, Debug)]
struct Band {
    y0: f64,
    y1: f64,
    spans: Vec<(f64, f64)>,
}

impl Band {
    fn height(&self) -> f64 {
        (self.y1 - self.y0).max(0.0)
    }
}

/// `text` shortened with an ellipsis to fit `width` mm at `size` pt: the
/// longest start of it (trailing spaces dropped) that fits with "…" after
/// it. Linear in the text's length — each character's advance is added
/// once, and reading stops where the line is full — so a card name of
/// 100,000 characters (from a restored backup, say) costs no more than one
/// that fills the line (issue 48 item 4).
pub fn fit_text(face: Face, text: &str, size: f64, width: f64) -> String {
    let f = face.font();
    // (widths added in em and scaled as `Font::width` does, so the cut falls
    // exactly where measuring each shortened string would put it)
    let fits = |em: f64| em * size / super::draw::PT_PER_MM <= width;
    let mut sum = 0.0;
    let mut whole = true;
    for c in text.chars() {
        sum += f.char_em(c);
        if !fits(sum) {
            whole = false;
            break;
        }
    }
    if whole {
        return text.to_string();
    }
    let ellipsis = f.char_em('…');
    let mut sum = 0.0;
    let mut kept = 0; // bytes of the start that fits with "…" after it
    for (i, c) in text.char_indices() {
        sum += f.char_em(c);
        if c.is_whitespace() {
            continue; // (dropped before the "…")
        }
        if !fits(sum + ellipsis) {
            break;
        }
        kept = i + c.len_utf8();
    }
    if kept == 0 && !fits(ellipsis) {
        return String::new();
    }
    text[..kept].trim_end().to_string() + "…"
}

/// A length for messages: at most one decimal, no trailing zero.
pub fn mm(v: f64) -> String {
    let s = format!("{v:.1}");
    s.strip_suffix(".0").map(str::to_string).unwrap_or(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use strum::VariantArray;

    fn geo(paper: Paper, layout: Layout, gap: f64, bleed: f64) -> Result<Geometry, PnpError> {
        Geometry::new(
            paper,
            layout,
            (63.0, 88.0),
            gap,
            bleed,
            Calibration::default(),
        )
    }

    /// `fit_text` as it was (shorten a character at a time and measure the
    /// whole string again: quadratic), the reference the linear one must
    /// match exactly.
    fn fit_text_by_measuring(face: Face, text: &str, size: f64, width: f64) -> String {
        let f = face.font();
        let w = |s: &str| f.width(s, size) / super::super::draw::PT_PER_MM;
        if w(text) <= width {
            return text.to_string();
        }
        let mut chars: Vec<char> = text.chars().collect();
        while !chars.is_empty() {
            chars.pop();
            let s: String = chars.iter().collect::<String>().trim_end().to_string() + "…";
            if w(&s) <= width {
                return s;
            }
        }
        String::new()
    }

    #[test]
    fn fit_text_cuts_where_measuring_each_string_would() {
        let texts = [
            "Grand Fluffmonarch",
            "Verdict Owl, the Unblinking",
            "a  b   c    d",
            "   leading",
            "Ærøskøbing ünïcødé 龍 ✓ …",
            "Supercalifragilisticexpialidocious",
            "",
        ];
        for face in [Face::Regular, Face::Bold] {
            for text in texts {
                for width in [0.0, 0.5, 1.0, 2.0, 3.3, 5.0, 10.0, 17.5, 30.0, 80.0] {
                    for size in [6.5, 8.0, 10.5] {
                        assert_eq!(
                            fit_text(face, text, size, width),
                            fit_text_by_measuring(face, text, size, width),
                            "{text:?} at {size} pt in {width} mm"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn fit_text_of_a_huge_name_reads_only_what_fits() {
        // 1,000,000 characters: quadratic would be ~10^12 steps
        let name = "Fluffmonarch ".repeat(80_000);
        let fitted = fit_text(Face::Bold, &name, 10.5, 50.0);
        assert!(
            fitted.ends_with('…') && fitted.chars().count() < 60,
            "{fitted}"
        );
        assert_eq!(
            fitted,
            fit_text_by_measuring(Face::Bold, &name[..200], 10.5, 50.0)
        );
    }

    #[test]
    fn nine_up_a4_is_centred_and_touching() {
        let g = geo(Paper::A4, Layout::NineUp, 0.0, 0.0).unwrap();
        assert_eq!(g.fronts.len(), 9);
        assert_eq!(g.fronts[0], Rect::new(10.5, 16.5 + 176.0, 63.0, 88.0));
        assert_eq!(g.fronts[8], Rect::new(10.5 + 126.0, 16.5, 63.0, 88.0));
        for (f, b) in g.fronts.iter().zip(&g.backs) {
            assert!((b.x - (210.0 - f.x - f.w)).abs() < 1e-9);
            assert_eq!(b.y, f.y);
        }
        assert_eq!(g.mark_len, MARK_LENGTH);
    }

    #[test]
    fn gap_and_bleed_space_the_trim_lines() {
        let g = geo(Paper::A4, Layout::NineUp, 1.0, 0.5).unwrap();
        assert!((g.fronts[1].x - g.fronts[0].right() - 2.0).abs() < 1e-9);
        assert!((g.fronts[0].y - g.fronts[3].top() - 2.0).abs() < 1e-9);
        // 2 mm gap and 1 mm bleed leave only 1.5 mm for marks on A4
        assert!(geo(Paper::A4, Layout::NineUp, 2.0, 1.0).is_err());
    }

    #[test]
    fn letter_is_tight_but_fits_and_bleed_does_not() {
        let g = geo(Paper::Letter, Layout::NineUp, 0.0, 0.0).unwrap();
        assert!((g.fronts[0].x - 13.45).abs() < 1e-9);
        assert!(g.mark_len >= MIN_MARK_LENGTH && g.mark_len < MARK_LENGTH);
        let e = geo(Paper::Letter, Layout::NineUp, 0.0, 3.0).unwrap_err();
        assert!(e.to_string().contains("do not fit on LETTER"), "{e}");
    }

    #[test]
    fn eight_fold_mirrors_across_the_fold() {
        for &paper in Paper::VARIANTS {
            let g = geo(paper, Layout::EightFold, 1.0, 0.0).unwrap();
            assert!(g.page_w > g.page_h, "landscape");
            let fold = g.fold_y.unwrap();
            assert!((fold - g.page_h / 2.0).abs() < 1e-9);
            for (f, b) in g.fronts.iter().zip(&g.backs) {
                assert_eq!(f.x, b.x);
                assert!((b.y - (2.0 * fold - f.y - f.h)).abs() < 1e-9);
                assert!((f.y - fold).abs() < 1e-9 && (b.top() - fold).abs() < 1e-9);
            }
        }
    }

    #[test]
    fn calibration_moves_backs_only() {
        let g = Geometry::new(
            Paper::A4,
            Layout::NineUp,
            (63.0, 88.0),
            0.0,
            0.0,
            Calibration {
                dx_mm: 0.5,
                dy_mm: -1.0,
            },
        )
        .unwrap();
        assert_eq!(g.fronts[0].x, 10.5);
        assert!((g.backs[0].x - (210.0 - 10.5 - 63.0 + 0.5)).abs() < 1e-9);
        assert_eq!(g.backs[0].y, g.fronts[0].y - 1.0);
    }

    /// Every stroke of the furniture stays MIN_EDGE away from the paper edge.
    #[test]
    fn furniture_stops_short_of_the_edge() {
        for &paper in Paper::VARIANTS {
            for &layout in Layout::VARIANTS {
                let g = geo(paper, layout, 0.0, 0.0).unwrap();
                let mut ops = g.cut_marks(&g.fronts);
                ops.extend(g.ruler());
                ops.extend(g.fold_line());
                for op in &ops {
                    if let Op::Stroke { path, .. } = op {
                        for s in &path.segs {
                            if let super::super::draw::Seg::Move(q)
                            | super::super::draw::Seg::Line(q) = s
                            {
                                assert!(
                                    q.x >= MIN_EDGE - 1e-9 && q.x <= g.page_w - MIN_EDGE + 1e-9
                                );
                                assert!(
                                    q.y >= MIN_EDGE - 1e-9 && q.y <= g.page_h - MIN_EDGE + 1e-9
                                );
                            }
                        }
                    }
                }
                let header = g.header("A rather long deck name that will not fit", "Page 1 of 3");
                assert_eq!(header.len(), 3);
                for op in &header {
                    if let Op::Text { at, .. } = op {
                        assert!(at.y > g.fronts[0].top() && at.y < g.page_h - MIN_EDGE);
                    }
                }
            }
        }
    }

    #[test]
    fn text_is_fitted_with_an_ellipsis() {
        assert_eq!(fit_text(Face::Regular, "short", 7.0, 50.0), "short");
        let t = fit_text(
            Face::Regular,
            "a very long name indeed for a card",
            7.0,
            15.0,
        );
        assert!(t.ends_with('…'), "{t}");
        assert!(Face::Regular.font().width(&t, 7.0) / super::super::draw::PT_PER_MM <= 15.0);
        assert_eq!(mm(3.0), "3");
        assert_eq!(mm(215.9), "215.9");
    }
}
