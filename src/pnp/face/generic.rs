//! The face of a game added as data, laid out from its card schema alone
//! (`schema/game.md`, `[print]`).

use super::{Builder, INK, joined, list, text_para, title_case};
use crate::games::{FieldDef, FieldKind, GameDef};
use crate::model::Card;
use crate::pnp::draw::Path;
use crate::pnp::font::Face;
use crate::pnp::text::Para;

/// Integer fields shown as a stat bar; more go in a grid.
const STAT_BAR_MAX: usize = 5;
/// Stat grid columns.
const STAT_COLUMNS: usize = 5;

/// A face laid out from the game's card schema alone, for games added as
/// data: cost badge, type line with the card's single-choice fields, the
/// type's initial as an emblem, flags and lists as lines, text fields and the
/// rules text in the body, and the integer fields as a stat bar.
pub(super) fn paint(b: &mut Builder, card: &Card, def: &GameDef) {
    let cost = card.cost.map(|c| c.to_string());
    b.title(&card.name, b.frame.tint(0.55), cost);
    let fields: Vec<_> = def
        .card
        .fields
        .iter()
        .filter(|f| f.applies_to(&card.card_type))
        .filter_map(|f| card.field(&f.key).map(|v| (f, v)))
        .collect();
    let label = |f: &FieldDef| f.label.clone().unwrap_or_else(|| title_case(&f.key));
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

#[cfg(test)]
mod tests {
    use crate::model::{Card, FieldValue};
    use crate::pnp::face::draw;
    use crate::pnp::face::tests::texts;

    #[test]
    fn a_data_game_card_shows_its_schema_fields() {
        let file = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/games/lantern-keepers.toml"
        );
        let game = crate::games::add_file(std::path::Path::new(file)).unwrap();
        let mut c = Card::new("Dawn Lamplighter", "warden");
        c.cost = Some(1);
        c.text = Some("When this enters play, look at the top card of your deck.".into());
        c.fields
            .insert("order".into(), FieldValue::Text("dawn".into()));
        c.fields.insert("light".into(), FieldValue::Int(2));
        c.fields.insert("wick".into(), FieldValue::Int(3));
        c.fields.insert(
            "traits".into(),
            FieldValue::List(vec![FieldValue::Text("kindle 1".into())]),
        );
        let f = draw(game.id(), &c, 70.0, 120.0, 0.0);
        let t = texts(&f);
        for want in [
            "Dawn Lamplighter",
            "1",
            "Warden · Dawn",
            "Traits: Kindle 1",
            "Light",
            "Wick",
            "look",
            "Lantern Keepers",
        ] {
            assert!(t.contains(want), "no `{want}` in:\n{t}");
        }
        assert!(f.warnings.is_empty(), "{:?}", f.warnings);
        // the frame is the game's colour
        let frame = crate::pnp::draw::Rgb::hex("#8a5a2b").unwrap();
        assert_eq!(
            f.ops[0],
            crate::pnp::draw::Op::fill_rect(
                crate::pnp::draw::Rect::new(0.0, 0.0, 70.0, 120.0),
                frame
            )
        );
    }
}
