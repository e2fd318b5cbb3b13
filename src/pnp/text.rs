//! Setting text in a box: words in mixed faces wrapped into lines, and a
//! block of paragraphs shrunk until it fits its box.

use super::draw::{Op, PT_PER_MM, Rgb, p};
use super::font::Face;

/// A word and the face it is set in.
#[derive(Clone, Debug, PartialEq)]
pub struct Word {
    pub face: Face,
    pub text: String,
}

/// A paragraph: words, an optional bold lead-in ("Passive:"), and how it is
/// set off.
#[derive(Clone, Debug, PartialEq)]
pub struct Para {
    pub words: Vec<Word>,
    pub color: Rgb,
    /// Drawn inside a box of this fill and border colour (Bizarre World's red
    /// active-cost box).
    pub boxed: Option<(Rgb, Rgb)>,
    /// Relative size (1.0 = body text; flavour text is smaller).
    pub scale: f64,
    pub centred: bool,
}

impl Para {
    /// Body text with an optional bold lead-in.
    pub fn new(lead: Option<&str>, text: &str, color: Rgb) -> Para {
        let mut words = Vec::new();
        for w in lead.unwrap_or("").split_whitespace() {
            words.push(Word {
                face: Face::Bold,
                text: w.to_string(),
            });
        }
        for w in text.split_whitespace() {
            words.push(Word {
                face: Face::Regular,
                text: w.to_string(),
            });
        }
        Para {
            words,
            color,
            boxed: None,
            scale: 1.0,
            centred: false,
        }
    }

    pub fn boxed(mut self, fill: Rgb, border: Rgb) -> Para {
        self.boxed = Some((fill, border));
        self
    }

    pub fn scaled(mut self, scale: f64) -> Para {
        self.scale = scale;
        self
    }

    pub fn centred(mut self) -> Para {
        self.centred = true;
        self
    }
}

fn width_mm(face: Face, text: &str, size: f64) -> f64 {
    face.font().width(text, size) / PT_PER_MM
}

/// Wraps words into lines no wider than `width` mm at `size` pt. A word wider
/// than a line is broken between characters.
pub fn wrap(words: &[Word], size: f64, width: f64) -> Vec<Vec<Word>> {
    let space = |face: Face| width_mm(face, " ", size);
    let mut lines: Vec<Vec<Word>> = Vec::new();
    let mut line: Vec<Word> = Vec::new();
    let mut used = 0.0;
    for word in words {
        let mut pieces = vec![word.text.clone()];
        if width_mm(word.face, &word.text, size) > width {
            pieces = split_long(word.face, &word.text, size, width);
        }
        for piece in pieces {
            let w = width_mm(word.face, &piece, size);
            let need = if line.is_empty() {
                w
            } else {
                used + space(word.face) + w
            };
            if need > width && !line.is_empty() {
                lines.push(std::mem::take(&mut line));
                used = w;
            } else {
                used = need;
            }
            line.push(Word {
                face: word.face,
                text: piece,
            });
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Breaks a word wider than a line between characters. Each character's
/// advance is added once (no kerning: see [`super::font::Font::char_em`]),
/// so a word of 100,000 characters is split in linear time.
fn split_long(face: Face, text: &str, size: f64, width: f64) -> Vec<String> {
    let f = face.font();
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut em = 0.0;
    for ch in text.chars() {
        let a = f.char_em(ch);
        if (em + a) * size / PT_PER_MM > width && !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
            em = 0.0;
        }
        cur.push(ch);
        em += a;
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// The outcome of [`set_block`].
#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    pub ops: Vec<Op>,
    /// Body size used, pt.
    pub size: f64,
    /// Lines that did not fit even at the smallest size were cut.
    pub truncated: bool,
    /// Height used, mm.
    pub height: f64,
}

/// Box padding inside a boxed paragraph, mm.
const BOX_PAD: f64 = 0.8;

/// Sets `paras` into the box with top-left corner (`x`, `top`), `width` ×
/// `height` mm: the largest body size from `max_size` down to `min_size` pt
/// at which everything fits; at `min_size` what does not fit is cut with an
/// ellipsis.
pub fn set_block(
    paras: &[Para],
    x: f64,
    top: f64,
    width: f64,
    height: f64,
    max_size: f64,
    min_size: f64,
) -> Block {
    // text far past what the box can hold at the smallest size (a 100,000
    // character rules text from a restored backup) is cut before it is laid
    // out, so each of the sizes tried reads no more than fits (issue 48)
    let (reach, cut) = within_reach(paras, width, height, min_size);
    let paras: &[Para] = reach.as_deref().unwrap_or(paras);
    let mut size = max_size;
    loop {
        let (ops, used, fits) = layout(paras, x, top, width, height, size, size <= min_size);
        if fits || size <= min_size {
            return Block {
                ops,
                size,
                truncated: !fits || cut,
                height: used,
            };
        }
        size = (size - 0.25).max(min_size);
    }
}

/// The paragraphs cut to twice the characters the box could ever show at
/// `min_size` (lines of the narrowest printable character, each line as
/// tall as the smallest paragraph sets it), with "…" after the last word
/// kept; `None` when they are within that already. Whether anything was cut.
fn within_reach(
    paras: &[Para],
    width: f64,
    height: f64,
    min_size: f64,
) -> (Option<Vec<Para>>, bool) {
    let scale = paras
        .iter()
        .map(|p| p.scale)
        .fold(1.0_f64, f64::min)
        .max(0.1);
    let s = min_size * scale;
    let narrowest = [Face::Regular, Face::Bold]
        .iter()
        .map(|f| f.font().narrowest_em())
        .fold(f64::INFINITY, f64::min)
        .max(0.05);
    let per_line = (width * PT_PER_MM / (narrowest * s)).ceil().max(1.0);
    let lines = (height * PT_PER_MM / (s * 1.18)).ceil().max(1.0);
    let cap = (2.0 * per_line * lines).min(1e9) as usize;
    let total: usize = paras
        .iter()
        .flat_map(|p| &p.words)
        .map(|w| w.text.len() + 1)
        .sum();
    if total <= cap {
        return (None, false);
    }
    let mut left = cap;
    let mut out = Vec::new();
    'paras: for p in paras {
        let mut kept = Para {
            words: Vec::new(),
            ..p.clone()
        };
        for w in &p.words {
            let n = w.text.len() + 1;
            if n > left {
                let mut cut: String = w.text.chars().take(left).collect();
                cut.push('…');
                kept.words.push(Word {
                    face: w.face,
                    text: cut,
                });
                out.push(kept);
                break 'paras;
            }
            left -= n;
            kept.words.push(w.clone());
        }
        out.push(kept);
    }
    (Some(out), true)
}

/// Lays paragraphs out at one size: the operations, the height used, and
/// whether everything fitted (when `cut`, overflowing lines are dropped and
/// the last kept line ends with an ellipsis).
#[allow(
    clippy::too_many_arguments,
    reason = "each argument is one setting of the same call; a struct would only name them twice"
)]
fn layout(
    paras: &[Para],
    x: f64,
    top: f64,
    width: f64,
    height: f64,
    size: f64,
    cut: bool,
) -> (Vec<Op>, f64, bool) {
    let mut ops = Vec::new();
    let mut y = top;
    let bottom = top - height;
    let mut fits = true;
    'paras: for (pi, para) in paras.iter().enumerate() {
        let s = size * para.scale;
        let line_h = s * 1.18 / PT_PER_MM;
        let ascent = s * 0.76 / PT_PER_MM;
        let pad = if para.boxed.is_some() { BOX_PAD } else { 0.0 };
        let lines = wrap(&para.words, s, width - 2.0 * pad);
        if pi > 0 {
            y -= size * 0.45 / PT_PER_MM;
        }
        let para_h = lines.len() as f64 * line_h + 2.0 * pad;
        let box_top = y;
        let mut kept = lines.len();
        if y - para_h < bottom - 1e-9 {
            fits = false;
            if !cut {
                return (ops, top - y, false);
            }
            kept = (((y - bottom - 2.0 * pad) / line_h).floor().max(0.0)) as usize;
        }
        if let Some((fill, border)) = para.boxed
            && kept > 0
        {
            let h = kept as f64 * line_h + 2.0 * pad;
            ops.push(Op::Fill {
                path: super::draw::Path::rounded_rect(
                    super::draw::Rect::new(x, box_top - h, width, h),
                    0.8,
                ),
                color: fill,
            });
            ops.push(Op::Stroke {
                path: super::draw::Path::rounded_rect(
                    super::draw::Rect::new(x, box_top - h, width, h),
                    0.8,
                ),
                color: border,
                width: 0.3,
                dash: None,
            });
        }
        y -= pad;
        for (li, line) in lines.iter().take(kept).enumerate() {
            let mut line = line.clone();
            if li + 1 == kept && kept < lines.len() {
                ellipsize(&mut line, s, width - 2.0 * pad);
            }
            let baseline = y - ascent;
            let line_w: f64 = line_width(&line, s);
            let mut cx = if para.centred {
                x + (width - line_w) / 2.0
            } else {
                x + pad
            };
            // consecutive words in one face become one text run
            let mut run = String::new();
            let mut run_face = line.first().map_or(Face::Regular, |w| w.face);
            let mut run_x = cx;
            for (wi, w) in line.iter().enumerate() {
                let sep = if wi == 0 { "" } else { " " };
                if w.face != run_face {
                    if !run.is_empty() {
                        ops.push(Op::text(
                            p(run_x, baseline),
                            s,
                            run_face,
                            para.color,
                            run.clone(),
                        ));
                    }
                    cx += width_mm(run_face, &run, s);
                    run_x = cx;
                    run.clear();
                    run_face = w.face;
                }
                run.push_str(sep);
                run.push_str(&w.text);
            }
            if !run.is_empty() {
                ops.push(Op::text(p(run_x, baseline), s, run_face, para.color, run));
            }
            y -= line_h;
        }
        y -= pad;
        if kept < lines.len() {
            break 'paras;
        }
    }
    (ops, top - y, fits)
}

fn line_width(line: &[Word], size: f64) -> f64 {
    line.iter()
        .enumerate()
        .map(|(i, w)| {
            width_mm(w.face, &w.text, size)
                + if i > 0 {
                    width_mm(w.face, " ", size)
                } else {
                    0.0
                }
        })
        .sum()
}

/// Ends a cut line with "…", dropping words until it fits.
fn ellipsize(line: &mut Vec<Word>, size: f64, width: f64) {
    loop {
        if let Some(last) = line.last_mut()
            && !last.text.ends_with('…')
        {
            last.text.push('…');
        }
        if line_width(line, size) <= width || line.len() <= 1 {
            return;
        }
        line.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<Word> {
        Para::new(None, s, Rgb::BLACK).words
    }

    #[test]
    fn a_text_far_too_long_is_cut_before_it_is_laid_out() {
        let long = format!("{} {}", "Draw a card. ".repeat(8_000), "W".repeat(100_000));
        let paras = [Para::new(Some("Passive:"), &long, Rgb::BLACK)];
        let (reach, cut) = within_reach(&paras, 50.0, 30.0, 5.0);
        let reach = reach.expect("cut");
        assert!(cut);
        let kept: usize = reach[0].words.iter().map(|w| w.text.len() + 1).sum();
        assert!(kept < 20_000, "{kept}");
        assert!(reach[0].words.last().unwrap().text.ends_with('…'));
        // what was cut could never have shown: the block is cut either way
        let b = set_block(&paras, 0.0, 30.0, 50.0, 30.0, 8.0, 5.0);
        assert!(b.truncated);
        let short = [Para::new(None, "Draw a card.", Rgb::BLACK)];
        assert_eq!(within_reach(&short, 50.0, 30.0, 5.0), (None, false));
    }

    #[test]
    fn wrapping_respects_the_width() {
        let text = "On Deploy: deal 3 damage to your opponent's Life and draw a card.";
        let lines = wrap(&words(text), 7.0, 30.0);
        assert!(lines.len() >= 2);
        for l in &lines {
            assert!(line_width(l, 7.0) <= 30.0 + 1e-9);
        }
        let back: Vec<String> = lines.concat().into_iter().map(|w| w.text).collect();
        assert_eq!(back.join(" "), text);
    }

    #[test]
    fn a_long_word_is_broken() {
        let lines = wrap(&words("Supercalifragilisticexpialidocious"), 8.0, 10.0);
        assert!(lines.len() > 1);
        let joined: String = lines.concat().into_iter().map(|w| w.text).collect();
        assert_eq!(joined, "Supercalifragilisticexpialidocious");
    }

    #[test]
    fn block_shrinks_then_cuts() {
        let short = [Para::new(
            Some("Passive:"),
            "Draw 1 when played.",
            Rgb::BLACK,
        )];
        let b = set_block(&short, 0.0, 50.0, 50.0, 20.0, 8.0, 5.0);
        assert_eq!(b.size, 8.0);
        assert!(!b.truncated);
        // two faces on one line: a bold run and a regular run
        let faces: Vec<Face> = b
            .ops
            .iter()
            .filter_map(|o| match o {
                Op::Text { face, .. } => Some(*face),
                _ => None,
            })
            .collect();
        assert_eq!(faces, vec![Face::Bold, Face::Regular]);

        let long = [Para::new(None, &"word ".repeat(200), Rgb::BLACK)];
        let b = set_block(&long, 0.0, 50.0, 40.0, 15.0, 8.0, 5.0);
        assert!(b.truncated);
        assert_eq!(b.size, 5.0);
        assert!(b.height <= 15.0 + 1e-9);
        let last = b
            .ops
            .iter()
            .rev()
            .find_map(|o| match o {
                Op::Text { text, .. } => Some(text.clone()),
                _ => None,
            })
            .unwrap();
        assert!(last.ends_with('…'), "{last}");

        let medium = [Para::new(None, &"word ".repeat(40), Rgb::BLACK)];
        let b = set_block(&medium, 0.0, 50.0, 40.0, 15.0, 8.0, 4.0);
        assert!(!b.truncated && b.size < 8.0 && b.size > 4.0, "{}", b.size);
    }
}
