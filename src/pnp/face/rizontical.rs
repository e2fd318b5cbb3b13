//! Rizontical faces: Fighters' ten stats, elements, types, weakness and
//! resistance targets, up to three skills and flavour; Powers' rank,
//! category, AP cost, Use and Time; the Numen's Enchantment and Conjuration.

use super::{Builder, INK, MUTED, joined, list, opt_int, text_para, title_case};
use crate::model::{Card, FieldValue};
use crate::pnp::draw::{Path, Rgb, p};
use crate::pnp::font::Face;
use crate::pnp::text::Para;

pub(super) fn paint(b: &mut Builder, card: &Card) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{FieldValue, GameId};
    use crate::pnp::face::draw;
    use crate::pnp::face::tests::texts;
    use std::collections::BTreeMap;

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
}
