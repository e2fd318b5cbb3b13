//! Strange World faces: Land icons as shapes (mountains, lake, swamp,
//! watcher, animal, volcano, the portal half on its edge) with a legend,
//! player-count stars; Dark Cities, Fumaroles, Travellers (bonus and
//! condition) and Sun.

use super::{Builder, INK, opt_int, star, text_para};
use crate::model::{Card, FieldValue};
use crate::pnp::draw::{P, Path, Rect, Rgb, p};
use crate::pnp::font::Face;
use crate::pnp::text::Para;

pub(super) fn paint(b: &mut Builder, card: &Card) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{FieldValue, GameId};
    use crate::pnp::face::draw;
    use crate::pnp::face::tests::texts;
    use std::collections::BTreeMap;

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
}
