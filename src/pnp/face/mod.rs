//! Card fronts drawn from catalog data, for cards without a picture: vector
//! shapes and text, so they print sharp at any size.
//!
//! Every face shares one anatomy, scaled to the card size: a frame in the
//! game's `[print] frame` colour (it also fills the bleed), a title bar with
//! the name and, where the game has one, a cost badge in the upper right
//! corner (Bizarre World's rulebook puts the cost "in the upper right corner"),
//! a type line, a game-specific panel (stats, icons or an emblem), the rules
//! text shrunk to fit, and a footer. What each game shows:
//!
//! - **Fuzzycards**: cost, type/relic kind, rarity, Force, keywords, ability
//!   text, and an ATK/DEF/HP bar (HP only on relics).
//! - **Bizarre World**: cost, passive (C), the active cost in a red box (D,
//!   "the text written in this red box"), active (E), resource symbol (F) and
//!   point value.
//! - **Rizontical**: Fighters' ten stats, elements, types, weakness and
//!   resistance targets, up to three skills and flavour; Powers' rank,
//!   category, AP cost, Use and Time; the Numen's Enchantment and Conjuration.
//! - **Strange World**: Land icons as shapes (mountains, lake, swamp, watcher,
//!   animal, volcano, the portal half on its edge) with a legend, player-count
//!   stars; Dark Cities, Fumaroles, Travellers (bonus and condition) and Sun.
//! - **Dice of Destiny**: the card's colour as its title bar, a die emblem on
//!   creatures.
//!
//! Text that does not fit at the smallest size is cut with an ellipsis and
//! reported as a warning, never silently.

mod bizarre_world;
mod dice_of_destiny;
mod fuzzycards;
mod generic;
mod rizontical;
mod strange_world;

pub use strange_world::condition_text;

use super::draw::{Op, P, PT_PER_MM, Path, Rect, Rgb, p};
use super::font::Face;
use super::layout::fit_text;
use super::text::{Para, set_block};
use crate::games;
use crate::model::{Card, FieldValue, GameId};

/// A drawn face and anything worth telling the user about it.
#[derive(Clone, Debug, PartialEq)]
pub struct DrawnFace {
    /// Operations in the card's own coordinates: (0, 0)–(w, h) mm.
    pub ops: Vec<Op>,
    pub warnings: Vec<String>,
}

const INK: Rgb = Rgb(25, 25, 25);
const MUTED: Rgb = Rgb(95, 95, 95);
const PANEL: Rgb = Rgb(252, 250, 245);

/// Draws `card`'s front from its data, `w` × `h` mm, with `bleed` mm of
/// frame colour around it.
pub fn draw(game: GameId, card: &Card, w: f64, h: f64, bleed: f64) -> DrawnFace {
    let def = games::game(game).def();
    let frame = Rgb::hex(&def.print.frame).unwrap_or(Rgb(90, 90, 90));
    let mut b = Builder::new(w, h, bleed, frame);
    match game {
        GameId::Fuzzycards => fuzzycards::paint(&mut b, card),
        GameId::BizarreWorld => bizarre_world::paint(&mut b, card),
        GameId::Rizontical => rizontical::paint(&mut b, card),
        GameId::StrangeWorld => strange_world::paint(&mut b, card),
        GameId::DiceOfDestiny => dice_of_destiny::paint(&mut b, card),
        // every game added as data: the layout from its card schema
        _ => generic::paint(&mut b, card, def),
    }
    b.footer(&def.name);
    DrawnFace {
        warnings: b
            .truncated
            .then(|| {
                format!(
                    "card \"{}\" ({}): its text does not fit the card and was cut",
                    card.name, card.id
                )
            })
            .into_iter()
            .collect(),
        ops: b.ops,
    }
}

/// Lays a face out from the top down.
struct Builder {
    w: f64,
    /// Scale against a 63 × 88 mm card.
    s: f64,
    frame: Rgb,
    ops: Vec<Op>,
    /// Inner panel edges.
    left: f64,
    right: f64,
    /// Top of the space not yet used.
    y: f64,
    /// Top of the footer.
    bottom: f64,
    truncated: bool,
}

impl Builder {
    fn new(w: f64, h: f64, bleed: f64, frame: Rgb) -> Builder {
        let s = (w / 63.0).min(h / 88.0);
        let m = 2.2 * s;
        let mut ops = vec![
            // the bleed and the frame: one fill, so the first rectangle drawn
            // is the whole bleed area (the trim when there is no bleed)
            Op::fill_rect(
                Rect::new(-bleed, -bleed, w + 2.0 * bleed, h + 2.0 * bleed),
                frame,
            ),
        ];
        ops.push(Op::Fill {
            path: Path::rounded_rect(Rect::new(m, m, w - 2.0 * m, h - 2.0 * m), 1.6 * s),
            color: PANEL,
        });
        Builder {
            w,
            s,
            frame,
            ops,
            left: m + 1.6 * s,
            right: w - m - 1.6 * s,
            y: h - m,
            bottom: m + 4.2 * s,
            truncated: false,
        }
    }

    fn width(&self) -> f64 {
        self.right - self.left
    }

    fn pt(&self, size: f64) -> f64 {
        size * self.s
    }

    /// The title bar: name (bold, shrunk to fit) and an optional cost badge.
    fn title(&mut self, name: &str, bar: Rgb, cost: Option<String>) {
        let m = 2.2 * self.s;
        let bar_h = 8.0 * self.s;
        let top = self.y;
        let r = Rect::new(m, top - bar_h, self.w - 2.0 * m, bar_h);
        self.ops.push(Op::Fill {
            path: Path::rounded_rect(r, 1.6 * self.s),
            color: bar,
        });
        let badge_r = 3.1 * self.s;
        let mut name_right = self.right;
        if let Some(cost) = &cost {
            let c = p(self.w - m - 1.2 * self.s - badge_r, top - bar_h / 2.0);
            self.ops.push(Op::Fill {
                path: Path::circle(c, badge_r),
                color: self.frame.shade(0.35),
            });
            self.ops.push(Op::Stroke {
                path: Path::circle(c, badge_r),
                color: Rgb::WHITE,
                width: 0.35 * self.s,
                dash: None,
            });
            let size = self.pt(if cost.chars().count() > 2 { 7.0 } else { 10.0 });
            self.centred_text(c, size, Face::Bold, Rgb::WHITE, cost);
            name_right = c.x - badge_r - 1.0 * self.s;
        }
        let ink = bar.ink();
        let mut size = self.pt(10.5);
        let avail = name_right - self.left;
        while size > self.pt(6.5) && Face::Bold.font().width(name, size) / PT_PER_MM > avail {
            size -= 0.25;
        }
        let text = fit_text(Face::Bold, name, size, avail);
        let baseline =
            top - bar_h / 2.0 - size * Face::Bold.font().cap_height_em() / PT_PER_MM / 2.0;
        self.ops.push(Op::text(
            p(self.left, baseline),
            size,
            Face::Bold,
            ink,
            text,
        ));
        self.y = top - bar_h - 0.8 * self.s;
    }

    fn centred_text(&mut self, c: P, size: f64, face: Face, color: Rgb, text: &str) {
        let f = face.font();
        let w = f.width(text, size) / PT_PER_MM;
        let cap = f.cap_height_em() * size / PT_PER_MM;
        self.ops.push(Op::text(
            p(c.x - w / 2.0, c.y - cap / 2.0),
            size,
            face,
            color,
            text,
        ));
    }

    /// A line of small text (type line, keywords).
    fn line(&mut self, text: &str, face: Face, size: f64, color: Rgb) {
        if text.is_empty() {
            return;
        }
        let size = self.pt(size);
        let f = face.font();
        let fitted = fit_text(face, text, size, self.width());
        let asc = f.cap_height_em() * size / PT_PER_MM;
        self.ops.push(Op::text(
            p(self.left, self.y - asc - 0.6 * self.s),
            size,
            face,
            color,
            fitted,
        ));
        self.y -= asc + 1.8 * self.s;
    }

    /// A box of the given height for emblems and icons; returns its rectangle.
    fn panel(&mut self, height: f64) -> Rect {
        let r = Rect::new(self.left, self.y - height, self.width(), height);
        self.ops.push(Op::Fill {
            path: Path::rounded_rect(r, 1.2 * self.s),
            color: self.frame.tint(0.8),
        });
        self.y -= height + 1.2 * self.s;
        r
    }

    /// A row of labelled stat boxes along the bottom of the free space.
    fn stat_bar(&mut self, stats: &[(&str, String)]) {
        if stats.is_empty() {
            return;
        }
        let h = 8.5 * self.s;
        let gap = 1.0 * self.s;
        let n = stats.len() as f64;
        let bw = (self.width() - gap * (n - 1.0)) / n;
        let y = self.bottom;
        for (i, (label, value)) in stats.iter().enumerate() {
            let r = Rect::new(self.left + i as f64 * (bw + gap), y, bw, h);
            self.ops.push(Op::Fill {
                path: Path::rounded_rect(r, 1.0 * self.s),
                color: self.frame.shade(0.25),
            });
            let c = r.center();
            self.centred_text(
                p(c.x, r.y + h * 0.36),
                self.pt(10.0),
                Face::Bold,
                Rgb::WHITE,
                value,
            );
            self.centred_text(
                p(c.x, r.top() - 1.6 * self.s),
                self.pt(4.8),
                Face::Regular,
                Rgb::WHITE.shade(0.1),
                label,
            );
        }
        self.bottom = y + h + 1.2 * self.s;
    }

    /// A grid of small stat cells (Rizontical fighters).
    fn stat_grid(&mut self, cols: usize, stats: &[(&str, String)]) {
        let rows = stats.len().div_ceil(cols);
        let cell_h = 6.6 * self.s;
        let gap = 0.7 * self.s;
        let cw = (self.width() - gap * (cols as f64 - 1.0)) / cols as f64;
        for (i, (label, value)) in stats.iter().enumerate() {
            let (r, c) = (i / cols, i % cols);
            let rect = Rect::new(
                self.left + c as f64 * (cw + gap),
                self.y - (r as f64 + 1.0) * cell_h - r as f64 * gap,
                cw,
                cell_h,
            );
            self.ops.push(Op::Fill {
                path: Path::rounded_rect(rect, 0.8 * self.s),
                color: self.frame.tint(0.75),
            });
            let cx = rect.center().x;
            self.centred_text(
                p(cx, rect.y + cell_h * 0.32),
                self.pt(8.0),
                Face::Bold,
                INK,
                value,
            );
            self.centred_text(
                p(cx, rect.top() - 1.3 * self.s),
                self.pt(4.2),
                Face::Regular,
                MUTED,
                label,
            );
        }
        self.y -= rows as f64 * (cell_h + gap) + 0.8 * self.s;
    }

    /// The rules text: fills the space left above the footer/stat bar.
    fn body(&mut self, paras: &[Para]) {
        if paras.iter().all(|p| p.words.is_empty()) {
            return;
        }
        let height = self.y - self.bottom - 0.6 * self.s;
        if height <= 1.0 {
            self.truncated = true;
            return;
        }
        let block = set_block(
            paras,
            self.left,
            self.y,
            self.width(),
            height,
            self.pt(8.2),
            self.pt(4.4),
        );
        self.truncated |= block.truncated;
        self.ops.extend(block.ops);
        self.y -= block.height;
    }

    /// The footer: the game's name small in the bottom band.
    fn footer(&mut self, game: &str) {
        let m = 2.2 * self.s;
        let size = self.pt(4.6);
        let text = fit_text(Face::Regular, game, size, self.w - 2.0 * m - 2.0);
        let w = Face::Regular.font().width(&text, size) / PT_PER_MM;
        self.ops.push(Op::text(
            p(self.w - m - 1.6 * self.s - w, m + 1.2 * self.s),
            size,
            Face::Regular,
            MUTED,
            text,
        ));
    }

    /// Small text at the bottom left (rarity, points).
    fn footnote(&mut self, text: &str) {
        let m = 2.2 * self.s;
        let size = self.pt(4.6);
        let text = fit_text(Face::Bold, text, size, self.width() * 0.6);
        self.ops.push(Op::text(
            p(self.left, m + 1.2 * self.s),
            size,
            Face::Bold,
            MUTED,
            text,
        ));
    }

    fn fill(&mut self, path: Path, color: Rgb) {
        self.ops.push(Op::Fill { path, color });
    }

    fn stroke(&mut self, path: Path, color: Rgb, width: f64) {
        self.ops.push(Op::Stroke {
            path,
            color,
            width: width * self.s,
            dash: None,
        });
    }
}

/// "burn 2" → "Burn 2"; "spell*" → "Spell*".
fn title_case(s: &str) -> String {
    s.split(' ')
        .map(|w| {
            let mut c = w.chars();
            match c.next() {
                Some(f) => f.to_uppercase().chain(c).collect(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn list(card: &Card, key: &str) -> Vec<String> {
    card.field(key)
        .and_then(FieldValue::as_list)
        .map(|l| l.iter().map(FieldValue::display).collect())
        .unwrap_or_default()
}

fn joined(parts: &[String]) -> String {
    parts
        .iter()
        .filter(|s| !s.is_empty())
        .cloned()
        .collect::<Vec<_>>()
        .join(" · ")
}

fn text_para(card: &Card) -> Option<Para> {
    card.text.as_deref().map(|t| Para::new(None, t, INK))
}

fn opt_int(card: &Card, key: &str) -> String {
    card.int(key).map_or("–".to_string(), |v| v.to_string())
}

fn star(c: P, outer: f64, inner: f64) -> Path {
    let pts: Vec<P> = (0..10)
        .map(|i| {
            let a = std::f64::consts::FRAC_PI_2 + f64::from(i) * std::f64::consts::PI / 5.0;
            let r = if i % 2 == 0 { outer } else { inner };
            p(c.x + r * a.cos(), c.y + r * a.sin())
        })
        .collect();
    Path::polygon(&pts)
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// Every text a face draws, one a line.
    pub fn texts(f: &DrawnFace) -> String {
        let mut out = String::new();
        for o in &f.ops {
            o.for_each_text(&mut |_, t| {
                out.push_str(t);
                out.push('\n');
            });
        }
        out
    }

    #[test]
    fn first_fill_is_the_bleed_area() {
        let card = Card::new("Frog", "creature");
        for bleed in [0.0, 2.0] {
            let f = draw(GameId::DiceOfDestiny, &card, 63.0, 88.0, bleed);
            assert_eq!(
                f.ops[0],
                Op::fill_rect(
                    Rect::new(-bleed, -bleed, 63.0 + 2.0 * bleed, 88.0 + 2.0 * bleed),
                    Rgb::hex("#3a6ea5").unwrap()
                )
            );
        }
    }

    #[test]
    fn overlong_text_is_cut_and_reported() {
        let mut c = Card::new("Chatterbox", "spell");
        c.fields
            .insert("colour".into(), FieldValue::Text("grey".into()));
        c.text = Some("blah ".repeat(600));
        let f = draw(GameId::DiceOfDestiny, &c, 63.0, 88.0, 0.0);
        assert_eq!(
            f.warnings,
            vec!["card \"Chatterbox\" (chatterbox): its text does not fit the card and was cut"]
        );
    }
}
