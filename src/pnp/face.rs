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

use super::draw::{Op, P, PT_PER_MM, Path, Rect, Rgb, p};
use super::font::Face;
use super::layout::fit_text;
use super::text::{Para, set_block};
use crate::games::{self, FieldKind, GameDef};
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
        GameId::Fuzzycards => fuzzycards(&mut b, card),
        GameId::BizarreWorld => bizarre_world(&mut b, card),
        GameId::Rizontical => rizontical(&mut b, card),
        GameId::StrangeWorld => strange_world(&mut b, card),
        GameId::DiceOfDestiny => dice_of_destiny(&mut b, card),
        _ => generic(&mut b, card, def),
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

// ------------------------------------------------------------ from the schema

/// Integer fields shown as a stat bar; more go in a grid.
const STAT_BAR_MAX: usize = 5;
/// Stat grid columns.
const STAT_COLUMNS: usize = 5;

/// A face laid out from the game's card schema alone, for games added as
/// data: cost badge, type line with the card's single-choice fields, the
/// type's initial as an emblem, flags and lists as lines, text fields and the
/// rules text in the body, and the integer fields as a stat bar.
fn generic(b: &mut Builder, card: &Card, def: &GameDef) {
    let cost = card.cost.map(|c| c.to_string());
    b.title(&card.name, b.frame.tint(0.55), cost);
    let fields: Vec<_> = def
        .card
        .fields
        .iter()
        .filter(|f| f.applies_to(&card.card_type))
        .filter_map(|f| card.field(&f.key).map(|v| (f, v)))
        .collect();
    let label = |f: &games::FieldDef| f.label.clone().unwrap_or_else(|| title_case(&f.key));
    let mut type_line = vec![title_case(&card.card_type)];
    type_line.extend(
        fields
            .iter()
            .filter(|(f, _)| f.kind == FieldKind::Enum)
            .map(|(_, v)| title_case(&v.display())),
    );
    b.line(&joined(&type_line), Face::Bold, 6.2, INK);
    let emblem = b.panel(18.0 * b.s);
    let c = emblem.center();
    let ring = Path::circle(c, 6.0 * b.s);
    b.fill(ring.clone(), b.frame.tint(0.35));
    b.stroke(ring, b.frame.shade(0.3), 0.5);
    let initial: String = card
        .card_type
        .chars()
        .next()
        .map_or("?".to_string(), |c| c.to_uppercase().collect());
    b.centred_text(c, b.pt(14.0), Face::Bold, b.frame.shade(0.5), &initial);
    let flags: Vec<String> = fields
        .iter()
        .filter(|(f, v)| f.kind == FieldKind::Bool && v.as_bool() == Some(true))
        .map(|(f, _)| label(f))
        .collect();
    b.line(&flags.join(" · "), Face::Bold, 6.2, INK);
    for (f, _) in &fields {
        if matches!(f.kind, FieldKind::EnumList | FieldKind::TextList) {
            let items: Vec<String> = list(card, &f.key).iter().map(|i| title_case(i)).collect();
            b.line(
                &format!("{}: {}", label(f), items.join(" · ")),
                Face::Regular,
                5.6,
                INK,
            );
        }
    }
    let stats: Vec<(String, String)> = fields
        .iter()
        .filter(|(f, _)| f.kind == FieldKind::Int)
        .map(|(f, v)| (label(f), v.display()))
        .collect();
    let stat_refs: Vec<(&str, String)> =
        stats.iter().map(|(l, v)| (l.as_str(), v.clone())).collect();
    if stat_refs.len() <= STAT_BAR_MAX {
        b.stat_bar(&stat_refs);
    } else {
        b.stat_grid(STAT_COLUMNS, &stat_refs);
    }
    let mut paras: Vec<Para> = fields
        .iter()
        .filter(|(f, _)| {
            matches!(
                f.kind,
                FieldKind::Text | FieldKind::Table | FieldKind::TableList
            )
        })
        .map(|(f, v)| Para::new(Some(&label(f)), &v.display(), INK))
        .collect();
    paras.extend(text_para(card));
    b.body(&paras);
    if def.construction.card_override()
        && let Some(limit) = card.copy_limit
    {
        b.footnote(&format!("Up to {limit} per deck"));
    }
}

// ------------------------------------------------------------------ Fuzzycards

fn fuzzycards(b: &mut Builder, card: &Card) {
    let cost = card.cost.map(|c| c.to_string());
    b.title(&card.name, b.frame.tint(0.55), cost);
    let mut kind = title_case(&card.card_type);
    if let Some(r) = card.str_field("relic") {
        kind = format!("{} Relic", title_case(r));
    }
    let type_line = joined(&[
        kind,
        card.str_field("force").map(title_case).unwrap_or_default(),
    ]);
    b.line(&type_line, Face::Bold, 6.2, INK);
    let emblem = b.panel(18.0 * b.s);
    // the Force's initial in a ring, and "Holo" on holo cards
    let c = emblem.center();
    let ring = Path::circle(c, 6.0 * b.s);
    b.fill(ring.clone(), b.frame.tint(0.35));
    b.stroke(ring, b.frame.shade(0.3), 0.5);
    let initial = card
        .str_field("force")
        .and_then(|f| f.chars().next())
        .map_or("F".to_string(), |c| c.to_uppercase().collect());
    b.centred_text(c, b.pt(14.0), Face::Bold, b.frame.shade(0.5), &initial);
    if card.flag("holo") {
        let at = p(emblem.right() - 1.0 * b.s, emblem.top() - 2.8 * b.s);
        let size = b.pt(5.0);
        let w = Face::Bold.font().width("HOLO", size) / PT_PER_MM;
        b.ops.push(Op::text(
            p(at.x - w, at.y),
            size,
            Face::Bold,
            b.frame.shade(0.4),
            "HOLO",
        ));
    }
    let keywords: Vec<String> = list(card, "keywords")
        .iter()
        .map(|k| title_case(k))
        .collect();
    b.line(&keywords.join(" · "), Face::Bold, 6.2, INK);
    match card.card_type.as_str() {
        "hero" => b.stat_bar(&[
            ("ATK", opt_int(card, "atk")),
            ("DEF", opt_int(card, "def")),
            ("HP", opt_int(card, "hp")),
        ]),
        "relic" if card.int("hp").is_some() => b.stat_bar(&[("HP", opt_int(card, "hp"))]),
        _ => {}
    }
    let mut paras = Vec::new();
    if let Some(t) = text_para(card) {
        paras.push(t);
    }
    b.body(&paras);
    if let Some(r) = card.str_field("rarity") {
        b.footnote(&title_case(r));
    }
}

fn opt_int(card: &Card, key: &str) -> String {
    card.int(key).map_or("–".to_string(), |v| v.to_string())
}

// --------------------------------------------------------------- Bizarre World

const RED_BOX: (Rgb, Rgb) = (Rgb(253, 226, 222), Rgb(190, 40, 30));

fn bizarre_world(b: &mut Builder, card: &Card) {
    b.title(
        &card.name,
        b.frame.tint(0.55),
        card.cost.map(|c| c.to_string()),
    );
    let origin = card.str_field("origin").map(title_case).unwrap_or_default();
    b.line(
        &joined(&["Creature".to_string(), origin]),
        Face::Bold,
        6.2,
        INK,
    );
    let art = b.panel(16.0 * b.s);
    // the generator's three drop-downs, as an emblem
    let parts = joined(&[
        card.str_field("adjective").unwrap_or("").to_string(),
        card.str_field("noun").unwrap_or("").to_string(),
        card.str_field("suffix").unwrap_or("").to_string(),
    ]);
    if !parts.is_empty() {
        let size = b.pt(6.0);
        let t = fit_text(Face::Regular, &parts, size, art.w - 2.0);
        b.centred_text(art.center(), size, Face::Regular, b.frame.shade(0.45), &t);
    }
    let mut paras = Vec::new();
    if let Some(t) = card.str_field("passive") {
        paras.push(Para::new(Some("Passive:"), t, INK));
    }
    if let Some(t) = card.str_field("active_cost") {
        paras.push(Para::new(Some("Cost:"), t, INK).boxed(RED_BOX.0, RED_BOX.1));
    }
    if let Some(t) = card.str_field("active") {
        paras.push(Para::new(Some("Active:"), t, INK));
    }
    if let Some(t) = text_para(card) {
        paras.push(t);
    }
    // the resource symbol (F) sits at the bottom left
    match card.str_field("resource") {
        Some(r) if r != "none" => {
            let c = p(b.left + 2.4 * b.s, b.bottom + 2.4 * b.s);
            let d = 2.2 * b.s;
            b.fill(
                Path::polygon(&[
                    p(c.x, c.y + d),
                    p(c.x + d, c.y),
                    p(c.x, c.y - d),
                    p(c.x - d, c.y),
                ]),
                b.frame.shade(0.2),
            );
            let size = b.pt(5.5);
            b.ops.push(Op::text(
                p(c.x + d + 1.0 * b.s, c.y - 0.7 * b.s),
                size,
                Face::Bold,
                INK,
                format!("Resource: {r}"),
            ));
            b.bottom += 5.4 * b.s;
        }
        _ => {}
    }
    b.body(&paras);
    if let Some(points) = card.int("points") {
        b.footnote(&format!(
            "{points} point{}",
            if points == 1 { "" } else { "s" }
        ));
    }
}

// ------------------------------------------------------------------ Rizontical

fn rizontical(b: &mut Builder, card: &Card) {
    match card.card_type.as_str() {
        "fighter" => {
            b.title(&card.name, b.frame.tint(0.5), None);
            let elements: Vec<String> = list(card, "elements")
                .iter()
                .map(|e| title_case(e))
                .collect();
            let types: Vec<String> = list(card, "fighter_types")
                .iter()
                .map(|e| title_case(e))
                .collect();
            b.line(
                &joined(&["Fighter".to_string(), elements.join("/"), types.join("/")]),
                Face::Bold,
                6.0,
                INK,
            );
            let stat = |k: &str| opt_int(card, k);
            b.stat_grid(
                5,
                &[
                    ("HP", stat("hp")),
                    ("MANA", stat("mana")),
                    ("ATK", stat("atk")),
                    ("DEF", stat("def")),
                    ("MP", stat("mp")),
                    ("SPEED", stat("speed")),
                    ("RA", stat("range")),
                    ("PSH", stat("push")),
                    ("WEAK", stat("weakness")),
                    ("RES", stat("resistance")),
                ],
            );
            let weak: Vec<String> = list(card, "weakness_to")
                .iter()
                .map(|e| title_case(e))
                .collect();
            let res: Vec<String> = list(card, "resistance_to")
                .iter()
                .map(|e| title_case(e))
                .collect();
            let mut targets = Vec::new();
            if !weak.is_empty() {
                targets.push(format!("Weak to {}", weak.join(", ")));
            }
            if !res.is_empty() {
                targets.push(format!("Resists {}", res.join(", ")));
            }
            b.line(&targets.join(" · "), Face::Regular, 5.4, MUTED);
            let mut paras = Vec::new();
            if let Some(skills) = card.field("skills").and_then(FieldValue::as_list) {
                for s in skills {
                    let Some(t) = s.as_table() else { continue };
                    let kind = t
                        .get("kind")
                        .map(|k| k.display().to_uppercase())
                        .unwrap_or_default();
                    let mut lead = format!("{kind}:");
                    if let Some(cost) = t.get("cost").and_then(FieldValue::as_int) {
                        lead = format!("{kind}: [{cost} AP]");
                    }
                    let mut extra = Vec::new();
                    if let Some(u) = t.get("use").and_then(FieldValue::as_int) {
                        extra.push(format!("Use {u}."));
                    }
                    if let Some(u) = t.get("time").and_then(FieldValue::as_int) {
                        extra.push(format!("Time {u}."));
                    }
                    let text = t.get("text").map(FieldValue::display).unwrap_or_default();
                    let body = if extra.is_empty() {
                        text
                    } else {
                        format!("{} {text}", extra.join(" "))
                    };
                    paras.push(Para::new(Some(&lead), &body, INK));
                }
            }
            if let Some(t) = text_para(card) {
                paras.push(t);
            }
            if let Some(f) = card.str_field("flavor") {
                paras.push(Para::new(None, f, MUTED).scaled(0.85));
            }
            b.body(&paras);
        }
        "power" => {
            b.title(
                &card.name,
                b.frame.tint(0.55),
                card.cost.map(|c| format!("{c}")),
            );
            let rank = card.str_field("rank").map(title_case).unwrap_or_default();
            let category = card
                .str_field("category")
                .map(title_case)
                .unwrap_or_default();
            b.line(
                &joined(&["Power".to_string(), rank, category]),
                Face::Bold,
                6.2,
                INK,
            );
            let art = b.panel(14.0 * b.s);
            let c = art.center();
            let d = 5.0 * b.s;
            // a diamond: the Power emblem; gold on Legendary Powers
            let gold = card.str_field("rank") == Some("legendary");
            b.fill(
                Path::polygon(&[
                    p(c.x, c.y + d),
                    p(c.x + d * 0.75, c.y),
                    p(c.x, c.y - d),
                    p(c.x - d * 0.75, c.y),
                ]),
                if gold {
                    Rgb(212, 170, 40)
                } else {
                    b.frame.tint(0.3)
                },
            );
            let mut stats = vec![("AP COST", card.cost.map_or("–".into(), |c| c.to_string()))];
            if card.int("use").is_some() {
                stats.push(("USE", opt_int(card, "use")));
            }
            if card.int("time").is_some() {
                stats.push(("TIME", opt_int(card, "time")));
            }
            if stats.len() > 1 {
                b.stat_bar(&stats);
            }
            let paras: Vec<Para> = text_para(card).into_iter().collect();
            b.body(&paras);
        }
        _ => {
            // Numen; its cost is the Conjuration's AP cost
            b.title(
                &card.name,
                b.frame.shade(0.1),
                card.cost.map(|c| c.to_string()),
            );
            b.line("Numen", Face::Bold, 6.2, INK);
            let art = b.panel(14.0 * b.s);
            let c = art.center();
            let ring = Path::circle(c, 5.0 * b.s);
            b.stroke(ring, b.frame.shade(0.3), 0.8);
            b.fill(Path::circle(c, 2.0 * b.s), b.frame.shade(0.3));
            let mut paras = Vec::new();
            if let Some(t) = card.str_field("enchantment") {
                paras.push(Para::new(Some("Enchantment:"), t, INK));
            }
            if let Some(t) = card.str_field("conjuration") {
                let lead = match card.cost {
                    Some(c) => format!("Conjuration [{c} AP]:"),
                    None => "Conjuration:".to_string(),
                };
                paras.push(Para::new(Some(&lead), t, INK));
            }
            if let Some(t) = text_para(card) {
                paras.push(t);
            }
            b.body(&paras);
        }
    }
}

// --------------------------------------------------------------- Strange World

fn strange_world(b: &mut Builder, card: &Card) {
    let kind = match card.card_type.as_str() {
        "starting-land" => "Starting Land",
        "dark-city" => "Dark City",
        "fumarole" => "Fumarole",
        "traveller" => "Traveller",
        "sun" => "Sun",
        _ => "Land",
    };
    b.title(&card.name, b.frame.tint(0.5), None);
    let mut type_line = kind.to_string();
    if let Some(t) = card.int("tier") {
        let stars = "★".repeat(t.clamp(0, 4) as usize);
        type_line = format!("{kind} {stars} · tier {t}");
    }
    b.line(&type_line, Face::Bold, 6.0, INK);
    let mut paras = Vec::new();
    match card.card_type.as_str() {
        "land" | "starting-land" => {
            let panel = b.panel(36.0 * b.s);
            let legend = land_icons(b, card, panel);
            if !legend.is_empty() {
                paras.push(Para::new(None, &legend.join(" · "), INK).centred());
            }
        }
        "dark-city" => {
            let panel = b.panel(30.0 * b.s);
            let c = panel.center();
            b.fill(star(c, 11.0 * b.s, 4.6 * b.s), Rgb(60, 60, 80));
            let stars = opt_int(card, "stars");
            b.centred_text(c, b.pt(12.0), Face::Bold, Rgb(250, 220, 90), &stars);
            paras.push(Para::new(None, &format!("Worth {stars} stars."), INK).centred());
        }
        "fumarole" => {
            let panel = b.panel(30.0 * b.s);
            let c = panel.center();
            for (dx, dy, r) in [
                (-6.0, -2.0, 5.0),
                (0.0, 2.0, 6.5),
                (6.5, -1.5, 5.0),
                (0.0, -4.0, 5.0),
            ] {
                b.fill(
                    Path::circle(p(c.x + dx * b.s, c.y + dy * b.s), r * b.s),
                    Rgb(150, 150, 155),
                );
            }
            paras.push(Para::new(None, "Covers one card next to a Volcano.", INK).centred());
        }
        "traveller" => {
            let panel = b.panel(20.0 * b.s);
            let bonus = format!("+5 +{}", opt_int(card, "bonus"));
            b.centred_text(
                panel.center(),
                b.pt(16.0),
                Face::Bold,
                b.frame.shade(0.45),
                &bonus,
            );
            if let Some(cond) = card.field("condition").and_then(FieldValue::as_table) {
                paras.push(Para::new(Some("Needs:"), &condition_text(cond), INK));
            }
        }
        "sun" => {
            let panel = b.panel(34.0 * b.s);
            let c = panel.center();
            for i in 0..12 {
                let a = f64::from(i) * std::f64::consts::PI / 6.0;
                let (r0, r1) = (8.0 * b.s, 13.0 * b.s);
                b.stroke(
                    Path::line(
                        p(c.x + r0 * a.cos(), c.y + r0 * a.sin()),
                        p(c.x + r1 * a.cos(), c.y + r1 * a.sin()),
                    ),
                    Rgb(230, 160, 20),
                    0.9,
                );
            }
            b.fill(Path::circle(c, 7.0 * b.s), Rgb(250, 200, 40));
        }
        _ => {}
    }
    if let Some(t) = text_para(card) {
        paras.push(t);
    }
    b.body(&paras);
}

/// Draws one icon centred on a point.
type IconFn = dyn Fn(&mut Builder, P);

/// Draws a Land's icons in `panel` and returns their legend.
fn land_icons(b: &mut Builder, card: &Card, panel: Rect) -> Vec<String> {
    let s = b.s;
    let mut legend = Vec::new();
    let mut slots: Vec<Box<IconFn>> = Vec::new();
    let mountains = card.int("mountains").unwrap_or(0).clamp(0, 9) as usize;
    if mountains > 0 {
        legend.push(format!(
            "{mountains} mountain{}",
            if mountains == 1 { "" } else { "s" }
        ));
        slots.push(Box::new(move |b: &mut Builder, c: P| {
            let n = mountains as f64;
            let tw = (14.0 / n.max(2.0)).min(6.0) * b.s;
            for i in 0..mountains {
                let x = c.x + (i as f64 - (n - 1.0) / 2.0) * tw * 0.9;
                b.fill(
                    Path::polygon(&[
                        p(x - tw / 2.0, c.y - 3.5 * b.s),
                        p(x + tw / 2.0, c.y - 3.5 * b.s),
                        p(x, c.y + 4.0 * b.s),
                    ]),
                    Rgb(120, 100, 85),
                );
            }
        }));
    }
    if card.flag("volcano") {
        legend.push("volcano".into());
        slots.push(Box::new(|b: &mut Builder, c: P| {
            b.fill(
                Path::polygon(&[
                    p(c.x - 5.0 * b.s, c.y - 3.5 * b.s),
                    p(c.x + 5.0 * b.s, c.y - 3.5 * b.s),
                    p(c.x + 1.5 * b.s, c.y + 3.5 * b.s),
                    p(c.x - 1.5 * b.s, c.y + 3.5 * b.s),
                ]),
                Rgb(110, 60, 50),
            );
            b.fill(
                Path::circle(p(c.x, c.y + 4.0 * b.s), 1.6 * b.s),
                Rgb(235, 90, 30),
            );
        }));
    }
    if card.flag("lake") {
        legend.push("lake".into());
        slots.push(Box::new(|b: &mut Builder, c: P| {
            b.fill(Path::ellipse(c, 6.0 * b.s, 3.4 * b.s), Rgb(70, 140, 210));
        }));
    }
    if card.flag("swamp") {
        legend.push("swamp (one per row)".into());
        slots.push(Box::new(|b: &mut Builder, c: P| {
            b.fill(
                Path::ellipse(p(c.x, c.y - 1.5 * b.s), 6.0 * b.s, 2.6 * b.s),
                Rgb(110, 120, 60),
            );
            for dx in [-2.5, 0.0, 2.5] {
                b.stroke(
                    Path::line(
                        p(c.x + dx * b.s, c.y - 1.0 * b.s),
                        p(c.x + dx * b.s, c.y + 3.5 * b.s),
                    ),
                    Rgb(70, 90, 40),
                    0.6,
                );
            }
        }));
    }
    if card.flag("watcher") {
        legend.push("watcher (top row)".into());
        slots.push(Box::new(|b: &mut Builder, c: P| {
            b.fill(Path::circle(c, 4.5 * b.s), Rgb(245, 245, 245));
            b.stroke(Path::circle(c, 4.5 * b.s), Rgb(30, 30, 30), 0.5);
            for dx in [-1.8, 1.8] {
                b.fill(
                    Path::ellipse(p(c.x + dx * b.s, c.y + 0.4 * b.s), 1.2 * b.s, 1.6 * b.s),
                    Rgb(30, 30, 30),
                );
            }
        }));
    }
    if let Some(animal) = card.str_field("animal") {
        legend.push(animal.to_string());
        slots.push(Box::new(|b: &mut Builder, c: P| {
            let col = Rgb(140, 90, 50);
            b.fill(
                Path::ellipse(p(c.x, c.y - 1.4 * b.s), 2.6 * b.s, 2.2 * b.s),
                col,
            );
            for (dx, dy) in [(-3.0, 1.6), (-1.0, 3.2), (1.0, 3.2), (3.0, 1.6)] {
                b.fill(
                    Path::circle(p(c.x + dx * b.s, c.y + dy * b.s), 1.0 * b.s),
                    col,
                );
            }
        }));
    }
    // icons on a grid of up to 3 per row inside the panel
    let per_row = 3usize;
    let rows = slots.len().div_ceil(per_row).max(1);
    let cell_w = panel.w / per_row.min(slots.len().max(1)) as f64;
    let cell_h = panel.h / rows as f64;
    for (i, draw) in slots.iter().enumerate() {
        let (r, c) = (i / per_row, i % per_row);
        let in_row = (slots.len() - r * per_row).min(per_row) as f64;
        let x0 = panel.x + (panel.w - in_row * cell_w) / 2.0;
        let centre = p(
            x0 + (c as f64 + 0.5) * cell_w,
            panel.top() - (r as f64 + 0.5) * cell_h,
        );
        draw(b, centre);
    }
    if let Some(edge) = card.str_field("portal") {
        legend.push(format!("portal half ({edge} edge)"));
        let col = Rgb(140, 70, 180);
        let r = 4.5 * s;
        let (c, a0) = match edge {
            "left" => (p(panel.x, panel.center().y), -90.0),
            "right" => (p(panel.right(), panel.center().y), 90.0),
            "top" => (p(panel.center().x, panel.top()), 180.0),
            _ => (p(panel.center().x, panel.y), 0.0),
        };
        b.fill(half_disc(c, r, a0), col);
    }
    if legend.is_empty() {
        legend.push("no icons".into());
    }
    legend
}

/// The half of a disc of radius `r` at `c` that lies on the side pointed to
/// by `angle` degrees + 90 (0 = the upper half).
fn half_disc(c: P, r: f64, angle: f64) -> Path {
    let n = 16;
    let mut pts = Vec::with_capacity(n + 1);
    for i in 0..=n {
        let a = (angle + 180.0 * i as f64 / n as f64).to_radians();
        pts.push(p(c.x + r * a.cos(), c.y + r * a.sin()));
    }
    Path::polygon(&pts)
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

/// A Traveller's condition in words (formats.md §1's keys).
pub fn condition_text(cond: &std::collections::BTreeMap<String, FieldValue>) -> String {
    let mut parts = Vec::new();
    for (k, v) in cond {
        let n = v.as_int().unwrap_or(0);
        let plural = |one: &str, many: &str| {
            if n == 1 {
                one.to_string()
            } else {
                many.to_string()
            }
        };
        parts.push(match k.as_str() {
            "swamps_each_row" => format!("{n} {} in each row", plural("swamp", "swamps")),
            "species" => format!("{n} different animals"),
            "lakes" => format!("{n} {}", plural("lake", "lakes")),
            "mountains" => format!("{n} {}", plural("mountain", "mountains")),
            "swamps" => format!("{n} {}", plural("swamp", "swamps")),
            "watchers" => format!("{n} {}", plural("watcher", "watchers")),
            "fumaroles" => format!("{n} {}", plural("Fumarole", "Fumaroles")),
            "portals" => format!("{n} {}", plural("portal", "portals")),
            other => format!("{n} {other}"),
        });
    }
    format!("at least {} in its two rows.", parts.join(", "))
}

// -------------------------------------------------------------- Dice of Destiny

fn dice_of_destiny(b: &mut Builder, card: &Card) {
    let colour = card.str_field("colour").unwrap_or("grey");
    let bar = match colour {
        "blue" => Rgb(60, 110, 200),
        "green" => Rgb(60, 150, 80),
        "red" => Rgb(200, 60, 50),
        "yellow" => Rgb(235, 195, 50),
        _ => Rgb(150, 150, 150),
    };
    b.title(&card.name, bar, None);
    b.line(
        &format!("{} — {}", title_case(&card.card_type), title_case(colour)),
        Face::Bold,
        6.2,
        INK,
    );
    let panel = b.panel(20.0 * b.s);
    let c = panel.center();
    if card.card_type == "creature" {
        // a die showing an even face: a hit
        let d = 12.0 * b.s;
        let die = Rect::new(c.x - d / 2.0, c.y - d / 2.0, d, d);
        b.fill(Path::rounded_rect(die, 2.0 * b.s), Rgb::WHITE);
        b.stroke(Path::rounded_rect(die, 2.0 * b.s), bar.shade(0.3), 0.6);
        for (dx, dy) in [(-0.27, 0.27), (0.27, 0.27), (-0.27, -0.27), (0.27, -0.27)] {
            b.fill(Path::circle(p(c.x + dx * d, c.y + dy * d), 1.1 * b.s), INK);
        }
    } else {
        b.fill(star(c, 7.0 * b.s, 3.0 * b.s), bar.shade(0.2));
    }
    let paras: Vec<Para> = text_para(card).into_iter().collect();
    b.body(&paras);
    if let Some(limit) = card.copy_limit {
        b.footnote(&format!("Up to {limit} per deck"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    fn texts(f: &DrawnFace) -> String {
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
    fn fuzzycards_hero_shows_cost_stats_and_keywords() {
        let mut c = Card::new("Ember Cub", "hero");
        c.cost = Some(1);
        c.text = Some("On Deploy: draw 1.".into());
        c.fields.insert("atk".into(), FieldValue::Int(4));
        c.fields.insert("def".into(), FieldValue::Int(3));
        c.fields.insert("hp".into(), FieldValue::Int(5));
        c.fields
            .insert("force".into(), FieldValue::Text("power".into()));
        c.fields
            .insert("rarity".into(), FieldValue::Text("common".into()));
        c.fields.insert(
            "keywords".into(),
            FieldValue::List(vec![
                FieldValue::Text("rush".into()),
                FieldValue::Text("burn 2".into()),
            ]),
        );
        let f = draw(GameId::Fuzzycards, &c, 63.0, 88.0, 0.0);
        let t = texts(&f);
        for want in [
            "Ember Cub",
            "1\n",
            "ATK",
            "DEF",
            "HP",
            "4\n",
            "5\n",
            "Rush · Burn 2",
            "Hero · Power",
            "Common",
            "draw 1.",
        ] {
            assert!(t.contains(want), "missing {want:?} in\n{t}");
        }
        assert!(f.warnings.is_empty());
    }

    #[test]
    fn bizarre_world_active_cost_is_in_a_red_box() {
        let mut c = Card::new("Boring Rock of Minimum Wage", "creature");
        c.cost = Some(1);
        c.fields.insert(
            "active_cost".into(),
            FieldValue::Text("Exhaust 1 resource.".into()),
        );
        c.fields
            .insert("active".into(), FieldValue::Text("Gain 2 attack.".into()));
        c.fields
            .insert("resource".into(), FieldValue::Text("neutral".into()));
        c.fields.insert("points".into(), FieldValue::Int(1));
        let f = draw(GameId::BizarreWorld, &c, 63.0, 88.0, 0.0);
        let t = texts(&f);
        for want in [
            "Cost:",
            "Exhaust 1 resource.",
            "Active:",
            "Resource: neutral",
            "1 point",
        ] {
            assert!(t.contains(want), "missing {want:?} in\n{t}");
        }
        assert!(
            f.ops
                .iter()
                .any(|o| matches!(o, Op::Stroke { color, .. } if *color == RED_BOX.1))
        );
    }

    #[test]
    fn rizontical_fighter_lists_stats_and_skills() {
        let mut c = Card::new("Zill", "fighter");
        for (k, v) in [
            ("hp", 4),
            ("mana", 0),
            ("atk", 4),
            ("def", 0),
            ("mp", 2),
            ("speed", 7),
            ("range", 2),
        ] {
            c.fields.insert(k.into(), FieldValue::Int(v));
        }
        let mut skill = BTreeMap::new();
        skill.insert("kind".into(), FieldValue::Text("spell*".into()));
        skill.insert("cost".into(), FieldValue::Int(2));
        skill.insert(
            "text".into(),
            FieldValue::Text("Hits all cells around.".into()),
        );
        c.fields.insert(
            "skills".into(),
            FieldValue::List(vec![FieldValue::Table(skill)]),
        );
        c.fields.insert(
            "elements".into(),
            FieldValue::List(vec![FieldValue::Text("akasha".into())]),
        );
        let t = texts(&draw(GameId::Rizontical, &c, 63.0, 88.0, 0.0));
        for want in [
            "SPEED",
            "7\n",
            "SPELL*: [2 AP]",
            "Hits all cells",
            "Fighter · Akasha",
            "PSH",
            "–",
        ] {
            assert!(t.contains(want), "missing {want:?} in\n{t}");
        }
    }

    #[test]
    fn strange_world_land_legend_and_traveller_condition() {
        let mut c = Card::new("Cinder Ridge", "land");
        c.fields.insert("tier".into(), FieldValue::Int(2));
        c.fields.insert("mountains".into(), FieldValue::Int(2));
        c.fields.insert("volcano".into(), FieldValue::Bool(true));
        c.fields
            .insert("portal".into(), FieldValue::Text("left".into()));
        let t = texts(&draw(GameId::StrangeWorld, &c, 63.0, 89.0, 0.0));
        for want in ["★★", "2 mountains", "volcano", "portal half (left"] {
            assert!(t.contains(want), "missing {want:?} in\n{t}");
        }
        let mut cond = BTreeMap::new();
        cond.insert("lakes".into(), FieldValue::Int(2));
        cond.insert("swamps_each_row".into(), FieldValue::Int(1));
        assert_eq!(
            condition_text(&cond),
            "at least 2 lakes, 1 swamp in each row in its two rows."
        );
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
