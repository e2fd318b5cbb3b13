//! Dice of Destiny faces: the card's colour as its title bar, a die emblem on
//! creatures.

use super::{Builder, INK, star, text_para, title_case};
use crate::model::Card;
use crate::pnp::draw::{Path, Rect, Rgb, p};
use crate::pnp::font::Face;
use crate::pnp::text::Para;

pub(super) fn paint(b: &mut Builder, card: &Card) {
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
