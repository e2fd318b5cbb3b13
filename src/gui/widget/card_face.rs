//! A card face drawn from the card's data, for cards without an image: the
//! game's frame colour, the name and cost, a type line, then the game's own
//! fields in the order its schema lists them, and the rules text.
//!
//! [`card_tile`] draws a card on the Playtest table as the PDF prints it
//! (its stored picture, or its face from [`crate::pnp::face`]), with its
//! name and state words readable over it; [`card_zoom`] draws it in large,
//! for the zoom beside the table.

use iced::widget::{column, container, row, text};
use iced::{Border, Color, ContentFit, Element, Fill, Theme};

use crate::games::{self, FieldKind};
use crate::model::{Card, FieldValue, GameId};

use super::{face_image, hex_color};

/// Width of a face in the detail pane; the height follows the game's card size.
pub const WIDTH: f32 = 250.0;
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
/// given (the stored image), else the face the PDF prints, with `state`
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
/// the table is wider than tall): the stored picture, or the face the PDF
/// prints painted at this size ([`face_image`]); over it, the name (and
/// cost) readable along the top, and along the bottom the state words — or,
/// with none, the printed numbers — which the small face cannot make
/// readable.
pub fn card_tile_in<'a, M: 'a>(
    card: &'a Card,
    game: GameId,
    (width, height): (f32, f32),
    picture: Option<iced::widget::image::Handle>,
    state: &[String],
) -> Element<'a, M> {
    let def = games::game(game).def();
    let frame = hex_color(&def.print.frame);
    let (cw, ch) = def.print.card_size_mm;
    let sideways = (width > height) != (cw > ch);
    // a sideways card keeps its upright size of text
    let size = (width.min(height) / 7.0).clamp(TILE_TEXT_MIN, TILE_TEXT_MAX);
    let small = (size - 1.0).max(TILE_TEXT_MIN);

    let art = face_art(
        card,
        game,
        (width, height),
        picture,
        sideways,
        ContentFit::Cover,
    );
    let cost: Element<'a, M> = match card.cost {
        Some(c) => container(text(c.to_string()).size(size))
            .padding([0, 4])
            .style(move |_theme: &Theme| container::Style {
                background: Some(frame.into()),
                text_color: Some(Color::WHITE),
                border: Border::default().rounded(8),
                ..container::Style::default()
            })
            .into(),
        None => iced::widget::space().into(),
    };
    let cost_room = match card.cost {
        Some(c) => c.to_string().len() as f32 * LETTER_EM * size + 10.0,
        None => 0.0,
    };
    let (name, name_size) = fit_name(&card.name, width - 2.0 * BAND_PAD - cost_room, size);
    let top = container(
        row![
            text(name)
                .size(name_size)
                .width(Fill)
                .wrapping(text::Wrapping::Word),
            cost
        ]
        .spacing(2),
    )
    .padding([1.0, BAND_PAD])
    .width(Fill)
    .style(band);
    let mut layers = column![top, iced::widget::space::vertical()];
    // the state words carry the numbers as they are now (damage, boosts):
    // the printed ones only when there are none
    let words = if state.is_empty() {
        stats_of(card, game).join(" ")
    } else {
        state.join(" · ")
    };
    if !words.is_empty() {
        layers = layers.push(
            container(text(words).size(small).wrapping(text::Wrapping::Word))
                .padding([1.0, BAND_PAD])
                .width(Fill)
                .style(band),
        );
    }
    container(
        iced::widget::stack![art, layers]
            .width(width)
            .height(height),
    )
    .width(width)
    .height(height)
    .clip(true)
    .into()
}

/// Width of a zoomed face (the card under the pointer, or selected).
pub const ZOOM_WIDTH: f32 = 240.0;

/// A card's art at `width` × `height`: the catalog's stored picture when it
/// has one (fitted by `fit`: a tile crops, the zoom shows it whole), else
/// the face the PDF prints, painted at that pixel size (`sideways`: turned
/// a quarter, for a card lying across its zone), which every fit draws
/// alike.
fn face_art<'a, M: 'a>(
    card: &Card,
    game: GameId,
    (width, height): (f32, f32),
    picture: Option<iced::widget::image::Handle>,
    sideways: bool,
    fit: ContentFit,
) -> Element<'a, M> {
    let handle = picture.unwrap_or_else(|| {
        face_image::face(
            game,
            card,
            (width.round() as u32, height.round() as u32),
            sideways,
        )
    });
    iced::widget::image(handle)
        .width(width)
        .height(height)
        .content_fit(fit)
        .into()
}

/// `card` in large, as the zoom beside the table shows it: its picture or
/// its printed face, then its state words.
pub fn card_zoom<'a, M: 'a>(
    card: &'a Card,
    game: GameId,
    picture: Option<iced::widget::image::Handle>,
    state: &[String],
) -> Element<'a, M> {
    let height = height_for(game, ZOOM_WIDTH);
    let art = face_art(
        card,
        game,
        (ZOOM_WIDTH, height),
        picture,
        false,
        ContentFit::Contain,
    );
    let mut col = column![art].spacing(4);
    if !state.is_empty() {
        col = col.push(
            text(state.join(" · "))
                .size(13)
                .width(ZOOM_WIDTH)
                .wrapping(text::Wrapping::Word),
        );
    }
    container(col)
        .padding(4)
        .style(|t: &Theme| container::Style {
            background: Some(t.extended_palette().background.base.color.into()),
            border: Border {
                color: t.extended_palette().background.strong.color,
                width: 1.0,
                radius: 6.0.into(),
            },
            shadow: iced::Shadow {
                color: Color::BLACK.scale_alpha(0.4),
                offset: iced::Vector::new(0.0, 3.0),
                blur_radius: 10.0,
            },
            ..container::Style::default()
        })
        .into()
}

/// The printed numbers of `card` ("ATK 3", "HP 5"), in its schema's order.
fn stats_of(card: &Card, game: GameId) -> Vec<String> {
    let def = games::game(game).def();
    let mut stats = Vec::new();
    for fd in &def.card.fields {
        if let (FieldKind::Int, Some(FieldValue::Int(n))) = (fd.kind, card.field(&fd.key)) {
            let label = fd.label.as_deref().unwrap_or(&fd.key);
            stats.push(format!("{label} {n}"));
        }
    }
    stats
}

/// Side padding of the bands over a tile's face.
const BAND_PAD: f32 = 3.0;
/// The smallest size a tile's name shrinks to, for a long word.
const TILE_NAME_MIN: f32 = 7.0;
/// The average advance of a letter of the app's font, in ems (a little
/// generous, so that a line reckoned to fit does).
const LETTER_EM: f32 = 0.56;

/// A band over a tile's face: dark, for light text over any face.
fn band(_theme: &Theme) -> container::Style {
    container::Style {
        background: Some(Color::BLACK.scale_alpha(0.62).into()),
        text_color: Some(Color::WHITE),
        ..container::Style::default()
    }
}

/// `name` set in a line `room` pixels wide at `size`: whole words on at
/// most two lines (issue 25: "Sudde n Dawn" broke mid-word); a word too
/// long for a line makes the text smaller, down to [`TILE_NAME_MIN`], and
/// what still does not fit ends in "…". Returns the text and its size.
fn fit_name(name: &str, room: f32, size: f32) -> (String, f32) {
    let letters = |s: &str| s.chars().count();
    let room = room.max(1.0);
    let longest = name.split_whitespace().map(letters).max().unwrap_or(0) as f32;
    let size = if longest * LETTER_EM * size > room {
        (room / (longest * LETTER_EM)).max(TILE_NAME_MIN).min(size)
    } else {
        size
    };
    let per_line = ((room / (LETTER_EM * size)).floor() as usize).max(2);
    let mut lines: Vec<String> = Vec::new();
    for word in name.split_whitespace() {
        match lines.last_mut() {
            Some(l) if letters(l) + 1 + letters(word) <= per_line => {
                l.push(' ');
                l.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    let cut = lines.len() > 2;
    lines.truncate(2);
    let last = lines.len().saturating_sub(1);
    for (i, l) in lines.iter_mut().enumerate() {
        if letters(l) > per_line || (cut && i == last) {
            let keep = letters(l).min(per_line - 1);
            *l = format!("{}…", l.chars().take(keep).collect::<String>().trim_end());
        }
    }
    // the lines as iced breaks them (between words): the name stays one
    // text, found by its words, unless a word or a line had to be cut
    (lines.join(" "), size)
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
    fn a_tiles_name_breaks_between_words_never_inside_one() {
        // 66 px wide at 9 px: whole words on their lines
        assert_eq!(
            fit_name("Sudden Dawn", 60.0, 9.0),
            ("Sudden Dawn".into(), 9.0)
        );
        assert_eq!(
            fit_name("Yodelling Scorekeeper", 60.0, 9.0),
            ("Yodelling Scorekeeper".into(), 9.0)
        );
        // a long word shrinks the text rather than break
        let (_, size) = fit_name("Thunderfluffmonarchess", 60.0, 9.0);
        assert!((TILE_NAME_MIN..9.0).contains(&size), "{size}");
        // more than two lines: the second ends in "…"
        let (lines, _) = fit_name("Verdict Owl, the Unblinking Eye of Dawn", 60.0, 9.0);
        assert!(lines.ends_with('…'), "{lines:?}");
        assert!(lines.starts_with("Verdict Owl,"), "{lines:?}");
        // too long even at the smallest size: cut, with "…"
        let (lines, size) = fit_name("Aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", 40.0, 9.0);
        assert_eq!(size, TILE_NAME_MIN);
        assert!(lines.ends_with('…'), "{lines:?}");
    }

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
