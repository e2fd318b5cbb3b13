//! Fuzzycards faces: cost, type/relic kind, rarity, Force, keywords, ability
//! text, and an ATK/DEF/HP bar (HP only on relics).

use super::{Builder, INK, joined, list, opt_int, text_para, title_case};
use crate::model::Card;
use crate::pnp::draw::{Op, PT_PER_MM, Path, p};
use crate::pnp::font::Face;
use crate::pnp::text::Para;

pub(super) fn paint(b: &mut Builder, card: &Card) {
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
    let keys = list(card, "keywords");
    match card.text.as_deref().map(|t| after_keywords(t, &keys)) {
        // the text past the keywords the line above prints already
        Some(rest) if rest.len() != card.text.as_deref().map_or(0, str::len) => {
            if !rest.is_empty() {
                paras.push(Para::new(None, rest, INK));
            }
        }
        _ => paras.extend(text_para(card)),
    }
    b.body(&paras);
    if let Some(r) = card.str_field("rarity") {
        b.footnote(&title_case(r));
    }
}

/// The rules text without its leading keyword sentences ("Rush. Burn 2.")
/// when the card lists those keywords: the keyword line prints them already
/// (issue 25: the face read "Rush" and then "Rush.").
fn after_keywords<'a>(text: &'a str, keywords: &[String]) -> &'a str {
    let mut rest = text.trim_start();
    while let Some(dot) = rest.find('.') {
        let sentence = rest[..dot].trim();
        if !keywords
            .iter()
            .any(|k| k.trim().eq_ignore_ascii_case(sentence))
        {
            break;
        }
        rest = rest[dot + 1..].trim_start();
    }
    rest
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{FieldValue, GameId};
    use crate::pnp::face::draw;
    use crate::pnp::face::tests::texts;

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
    fn a_keyword_the_line_prints_is_not_printed_again_in_the_text() {
        let mut c = Card::new("Zap Cat", "hero");
        c.text = Some("Rush. Burn 2. On Deploy: draw 1.".into());
        c.fields.insert(
            "keywords".into(),
            FieldValue::List(vec![
                FieldValue::Text("rush".into()),
                FieldValue::Text("burn 2".into()),
            ]),
        );
        let t = texts(&draw(GameId::Fuzzycards, &c, 63.0, 88.0, 0.0));
        assert_eq!(t.matches("Rush").count(), 1, "{t}");
        assert!(t.contains("Rush · Burn 2"), "{t}");
        assert!(t.contains("draw 1."), "{t}");
        assert!(!t.contains("Rush."), "{t}");
        // a text of keywords only leaves no body; other texts stay whole
        assert_eq!(
            after_keywords("Guard. Shield.", &["guard".into(), "shield".into()]),
            ""
        );
        assert_eq!(
            after_keywords("On Deploy: Silence target enemy Hero.", &["silence".into()]),
            "On Deploy: Silence target enemy Hero."
        );
    }
}
