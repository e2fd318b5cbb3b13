//! A card face drawn from the card's data, for cards without an image: the
//! game's frame colour, the name and cost, a type line, then the game's own
//! fields in the order its schema lists them, and the rules text.
//!
//! [`card_tile`] draws the same face small, for a card on the Playtest
//! table: name, cost, the picture (or the art box), the numbers, and the
//! card's state words; the rules text only when the tile is wide enough to
//! read it.

use iced::widget::{column, container, row, text};
use iced::{Border, Color, Element, Fill, Theme};

use crate::games::{self, FieldKind};
use crate::model::{Card, FieldValue, GameId};

use super::hex_color;

/// Width of a face in the detail pane; the height follows the game's card size.
pub const WIDTH: f32 = 250.0;
/// Below this width a tile leaves out the type line and the rules text:
/// at a few characters per line they could not be read.
const TILE_TEXT_WIDTH: f32 = 140.0;
/// Text sizes of a tile scale with its width, within these bounds.
const TILE_TEXT_MIN: f32 = 9.0;
const TILE_TEXT_MAX: f32 = 14.0;

/// The height of a card `width` wide, in the game's card proportions.
pub fn height_for(game: GameId, width: f32) -> f32 {
    let (w, h) = games::game(game).def().print.card_size_mm;
    width * (h / w) as f32
}

/// The frame colour of `game`'s cards.
pub fn frame_of(game: GameId) -> iced::Color {
    hex_color(&games::game(game).def().print.frame)
}

/// `card` drawn `width` wide for a table: its picture when `picture` is
/// given (the stored image), else the face from its data, with `state`
/// (short words such as "HP 4/6", "exhausted") along the bottom.
pub fn card_tile<'a, M: 'a>(
    card: &'a Card,
    game: GameId,
    width: f32,
    picture: Option<iced::widget::image::Handle>,
    state: &[String],
) -> Element<'a, M> {
    card_tile_in(card, game, (width, height_for(game, width)), picture, state)
}

/// [`card_tile`] in a box of `width` × `height` (a card turned sideways on
/// the table is wider than tall).
pub fn card_tile_in<'a, M: 'a>(
    card: &'a Card,
    game: GameId,
    (width, height): (f32, f32),
    picture: Option<iced::widget::image::Handle>,
    state: &[String],
) -> Element<'a, M> {
    let def = games::game(game).def();
    let frame = hex_color(&def.print.frame);
    // a sideways card keeps its upright size of text
    let size = (width.min(height) / 9.0).clamp(TILE_TEXT_MIN, TILE_TEXT_MAX);
    let small = (size - 1.0).max(TILE_TEXT_MIN);
    let wide = width >= TILE_TEXT_WIDTH;

    let mut stats = Vec::new();
    let mut words = Vec::new();
    for fd in &def.card.fields {
        let Some(v) = card.field(&fd.key) else {
            continue;
        };
        let label = fd.label.as_deref().unwrap_or(&fd.key);
        match (fd.kind, v) {
            (FieldKind::Int, FieldValue::Int(n)) => stats.push(format!("{label} {n}")),
            (FieldKind::Enum, v) if wide => words.push(v.display()),
            _ => {}
        }
    }
    let cost: Element<'a, M> = match card.cost {
        Some(c) => container(text(c.to_string()).size(size))
            .padding([0, 4])
            .style(move |_theme: &Theme| container::Style {
                background: Some(frame.into()),
                text_color: Some(iced::Color::WHITE),
                border: Border::default().rounded(8),
                ..container::Style::default()
            })
            .into(),
        None => iced::widget::space().into(),
    };
    let header = row![
        text(card.name.as_str())
            .size(size)
            .width(Fill)
            .wrapping(text::Wrapping::WordOrGlyph),
        cost
    ]
    .spacing(2);
    let art: Element<'a, M> = match picture {
        Some(h) => iced::widget::image(h)
            .width(Fill)
            .height(Fill)
            .content_fit(iced::ContentFit::Cover)
            .into(),
        None => container(text(initials(&card.name)).size(size * 1.6))
            .center_x(Fill)
            .center_y(Fill)
            .style(move |_theme: &Theme| container::Style {
                background: Some(frame.scale_alpha(0.25).into()),
                ..container::Style::default()
            })
            .into(),
    };
    let mut body = column![header].spacing(2);
    if wide {
        let mut type_line = vec![card.card_type.clone()];
        type_line.extend(words);
        body = body.push(text(type_line.join(" · ")).size(small));
    }
    body = body.push(art);
    // the state words carry the numbers as they are now (damage, boosts):
    // the printed ones only when there are none
    if !stats.is_empty() && state.is_empty() {
        body = body.push(text(stats.join(" ")).size(small));
    }
    if wide && let Some(t) = &card.text {
        body = body.push(text(t.as_str()).size(small));
    }
    if !state.is_empty() {
        body = body.push(
            text(state.join(" · "))
                .size(small)
                .style(|t: &Theme| text::Style {
                    color: Some(t.extended_palette().primary.strong.color),
                }),
        );
    }
    card_frame(body, width, height, frame, Weight::Tile)
}

/// How heavy a card's frame is: a small tile's on the table, or a full
/// face's in the Library and previews.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Weight {
    Tile,
    Face,
}

/// A card's outline: `body` on the card stock, clipped to `width` ×
/// `height`, in the game's `frame` colour.
pub fn card_frame<'a, M: 'a>(
    body: impl Into<Element<'a, M>>,
    width: f32,
    height: f32,
    frame: Color,
    weight: Weight,
) -> Element<'a, M> {
    let (padding, line, radius) = match weight {
        Weight::Tile => (4.0, 2.0, 6.0),
        Weight::Face => (12.0, 4.0, 10.0),
    };
    container(body)
        .padding(padding)
        .width(width)
        .height(height)
        .clip(true)
        .style(move |theme: &Theme| container::Style {
            background: Some(theme.extended_palette().background.weakest.color.into()),
            border: Border {
                color: frame,
                width: line,
                radius: radius.into(),
            },
            ..container::Style::default()
        })
        .into()
}

/// Height of the art box of a face [`WIDTH`] wide.
const ART_HEIGHT: f32 = 90.0;

/// The face of `card`, a card of `game`.
pub fn card_face<'a, M: 'a>(card: &'a Card, game: GameId) -> Element<'a, M> {
    card_face_sized(card, game, WIDTH)
}

/// The face of `card`, `width` wide (a pane narrower than [`WIDTH`]); the
/// art box scales with it, the text keeps its size and wraps.
pub fn card_face_sized<'a, M: 'a>(card: &'a Card, game: GameId, width: f32) -> Element<'a, M> {
    let def = games::game(game).def();
    let frame = hex_color(&def.print.frame);
    let (w, h) = def.print.card_size_mm;
    let height = width * (h / w) as f32;

    let mut type_line = vec![card.card_type.clone()];
    let mut stats = Vec::new();
    let mut lines: Vec<String> = Vec::new();
    for fd in &def.card.fields {
        let Some(v) = card.field(&fd.key) else {
            continue;
        };
        let label = fd.label.as_deref().unwrap_or(&fd.key);
        match (fd.kind, v) {
            (FieldKind::Enum, v) => type_line.push(v.display()),
            (FieldKind::Int, FieldValue::Int(n)) => stats.push(format!("{label} {n}")),
            (FieldKind::Bool, FieldValue::Bool(true)) => type_line.push(label.to_lowercase()),
            (FieldKind::Bool, _) => {}
            (FieldKind::TableList, FieldValue::List(items)) => {
                for item in items {
                    lines.push(skill_line(item));
                }
            }
            (_, v) => lines.push(format!("{label}: {}", v.display())),
        }
    }
    if let Some(t) = &card.text {
        lines.push(t.clone());
    }
    if let Some(n) = card.copy_limit {
        lines.push(format!("Copy limit: {n}"));
    }

    let cost: Element<'a, M> = match card.cost {
        Some(c) => container(text(c.to_string()).size(18))
            .padding([2, 9])
            .style(move |_theme: &Theme| container::Style {
                background: Some(frame.into()),
                text_color: Some(iced::Color::WHITE),
                border: Border::default().rounded(14),
                ..container::Style::default()
            })
            .into(),
        None => iced::widget::space().into(),
    };
    let header = row![text(card.name.as_str()).size(18).width(Fill), cost]
        .spacing(6)
        .align_y(iced::Center);
    let art = container(text(initials(&card.name)).size(48))
        .center_x(Fill)
        .center_y(ART_HEIGHT * width / WIDTH)
        .style(move |_theme: &Theme| container::Style {
            background: Some(frame.scale_alpha(0.25).into()),
            ..container::Style::default()
        });
    let mut body = column![header, text(type_line.join(" · ")).size(13), art,].spacing(6);
    if !stats.is_empty() {
        body = body.push(text(stats.join("   ")).size(13));
    }
    for l in lines {
        body = body.push(text(l).size(13));
    }
    body = body.push(iced::widget::space::vertical());
    body = body.push(text(card.id.as_str()).size(11).style(super::muted));
    card_frame(body, width, height, frame, Weight::Face)
}

/// A Rizontical skill (or any table in a list) on one line:
/// `SPELL* [2]: text`.
fn skill_line(item: &FieldValue) -> String {
    let Some(t) = item.as_table() else {
        return item.display();
    };
    let kind = t
        .get("kind")
        .map(|k| k.display().to_uppercase())
        .unwrap_or_default();
    let cost = t
        .get("cost")
        .map(|c| format!(" [{} AP]", c.display()))
        .unwrap_or_default();
    let body = t.get("text").map(FieldValue::display).unwrap_or_default();
    let rest: Vec<String> = t
        .iter()
        .filter(|(k, _)| !matches!(k.as_str(), "kind" | "cost" | "text"))
        .map(|(k, v)| format!("{k} {}", v.display()))
        .collect();
    let mut s = format!("{kind}{cost}: {body}");
    if !rest.is_empty() {
        s.push_str(&format!(" ({})", rest.join(", ")));
    }
    s
}

/// Up to two initials for the art box.
pub fn initials(name: &str) -> String {
    name.split_whitespace()
        .filter_map(|w| w.chars().next())
        .filter(|c| c.is_alphanumeric())
        .take(2)
        .flat_map(char::to_uppercase)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    #[test]
    fn initials_and_skills() {
        assert_eq!(initials("Boring Rock of Minimum Wage"), "BR");
        assert_eq!(initials("zill"), "Z");
        let mut t = BTreeMap::new();
        t.insert("kind".into(), FieldValue::Text("spell*".into()));
        t.insert("cost".into(), FieldValue::Int(2));
        t.insert("text".into(), FieldValue::Text("Hits all cells.".into()));
        t.insert("use".into(), FieldValue::Int(1));
        assert_eq!(
            skill_line(&FieldValue::Table(t)),
            "SPELL* [2 AP]: Hits all cells. (use 1)"
        );
    }
}
