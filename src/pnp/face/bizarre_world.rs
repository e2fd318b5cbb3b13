//! Bizarre World faces: cost, passive (C), the active cost in a red box (D,
//! "the text written in this red box"), active (E), resource symbol (F) and
//! point value.

use super::{Builder, INK, joined, text_para, title_case};
use crate::model::Card;
use crate::pnp::draw::{Op, Path, Rgb, p};
use crate::pnp::font::Face;
use crate::pnp::layout::fit_text;
use crate::pnp::text::Para;

const RED_BOX: (Rgb, Rgb) = (Rgb(253, 226, 222), Rgb(190, 40, 30));

pub(super) fn paint(b: &mut Builder, card: &Card) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{FieldValue, GameId};
    use crate::pnp::face::draw;
    use crate::pnp::face::tests::texts;

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
}
