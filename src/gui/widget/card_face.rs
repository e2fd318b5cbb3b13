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
/// Text sizes of a tile scale with its width, within these bounds: a
/// card's name and numbers are never smaller than [`NAME_MIN`] (issue 51: a
/// hand card's text was 4 px high, Rizontical's board cut names to four
/// letters).
pub const NAME_MIN: f32 = 11.0;
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
/// the table is wider than tall): along the top its name (and cost), never
/// smaller than [`NAME_MIN`] and never cut inside its first word; then the
/// stored picture, or the face the PDF prints painted at this size
/// ([`face_image`]); along the bottom the state words — or, with none, the
/// printed numbers — on the face, below the art, not over it (issue 51:
/// the stats strip wrapped and covered the lower half of the face).
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
    let size = (width.min(height) / 7.0).clamp(NAME_MIN, TILE_TEXT_MAX);
    let cost_room = card
        .cost
        .map_or(0.0, |c| text_width(&c.to_string(), size) + 10.0);
    let room = width - 2.0 * BAND_PAD;
    let first = card.name.split_whitespace().next().unwrap_or("");
    // the cost beside the name while the name's first word still fits,
    // else with the numbers at the bottom
    let cost_on_top = card.cost.is_some() && text_width(first, size) <= room - cost_room;
    let lines = ((height * NAME_SHARE) / (size * LINE)).floor().max(1.0) as usize;
    let name = fit_name(
        &card.name,
        if cost_on_top { room - cost_room } else { room },
        size,
        lines,
    );
    let cost: Element<'a, M> = match card.cost {
        Some(c) if cost_on_top => container(text(c.to_string()).size(size))
            .padding([0, 4])
            .style(move |_theme: &Theme| container::Style {
                background: Some(frame.into()),
                text_color: Some(Color::WHITE),
                border: Border::default().rounded(8),
                ..container::Style::default()
            })
            .into(),
        _ => iced::widget::space().into(),
    };
    let top = container(
        row![
            text(name)
                .size(size)
                .width(Fill)
                .wrapping(text::Wrapping::Word),
            cost
        ]
        .spacing(2),
    )
    .padding([1.0, BAND_PAD])
    .width(Fill)
    .style(band);
    let art = face_art(
        card,
        game,
        (width, height),
        picture,
        sideways,
        ContentFit::Cover,
    );
    let mut face = column![top, container(art).height(Fill).clip(true)];
    // the state words carry the numbers as they are now (damage, boosts):
    // the printed ones only when there are none
    let mut words = if state.is_empty() {
        stats_of(card, game)
    } else {
        state.to_vec()
    };
    if let Some(c) = card.cost.filter(|_| !cost_on_top) {
        words.insert(0, format!("cost {c}"));
    }
    if !words.is_empty() {
        face = face.push(
            container(
                text(words.join("  "))
                    .size(NAME_MIN)
                    .wrapping(text::Wrapping::Word),
            )
            .padding([1.0, BAND_PAD])
            .width(Fill)
            .clip(true)
            .style(band),
        );
    }
    container(face.width(width).height(height))
        .width(width)
        .height(height)
        .clip(true)
        .style(move |_t: &Theme| container::Style {
            background: Some(frame.scale_alpha(0.35).into()),
            ..container::Style::default()
        })
        .into()
}

/// The width `s` takes set at `size` in the app's font, as iced lays it out.
pub fn text_width(s: &str, size: f32) -> f32 {
    use iced::advanced::text::Paragraph as _;
    let p = iced::advanced::graphics::text::Paragraph::with_text(iced::advanced::Text {
        content: s,
        bounds: iced::Size::INFINITE,
        size: iced::Pixels(size),
        line_height: text::LineHeight::default(),
        font: crate::gui::FONT,
        align_x: iced::advanced::text::Alignment::Default,
        align_y: iced::alignment::Vertical::Top,
        shaping: text::Shaping::default(),
        wrapping: text::Wrapping::None,
    });
    p.min_width()
}

/// The narrowest a tile may be for the first word of each of `names` to
/// lie whole on its name line at [`NAME_MIN`].
pub fn name_floor<'n>(names: impl IntoIterator<Item = &'n str>) -> f32 {
    names
        .into_iter()
        .filter_map(|n| n.split_whitespace().next())
        .map(|w| text_width(w, NAME_MIN))
        .fold(0.0, f32::max)
        + 2.0 * BAND_PAD
        + 2.0
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
/// The share of a tile's height its name may take.
const NAME_SHARE: f32 = 0.4;
/// A line's height, in ems (iced's default line height).
const LINE: f32 = 1.3;

/// A band over a tile's face: dark, for light text over any face.
fn band(_theme: &Theme) -> container::Style {
    container::Style {
        background: Some(Color::BLACK.scale_alpha(0.85).into()),
        text_color: Some(Color::WHITE),
        ..container::Style::default()
    }
}

/// `name` set in lines `room` pixels wide at `size`: whole words on at
/// most `lines` lines (issue 25: "Sudde n Dawn" broke mid-word). The first
/// word is always whole (the table makes its tiles wide enough for it:
/// issue 51); a later word that does not fit ends the name in "…".
pub fn fit_name(name: &str, room: f32, size: f32, lines: usize) -> String {
    let width = |s: &str| text_width(s, size);
    let mut out: Vec<String> = Vec::new();
    let mut cut = false;
    for word in name.split_whitespace() {
        let joined = out.last().map(|l| format!("{l} {word}"));
        match joined {
            Some(j) if width(&j) <= room => {
                if let Some(l) = out.last_mut() {
                    *l = j;
                }
            }
            _ if out.len() < lines.max(1) => out.push(word.to_string()),
            _ => {
                cut = true;
                break;
            }
        }
    }
    if cut && let Some(l) = out.last_mut() {
        // room for the "…" on the last line, whole words first
        while width(&format!("{l}…")) > room && l.contains(' ') {
            let keep = l.rfind(' ').unwrap_or(l.len());
            l.truncate(keep);
        }
        l.push('…');
    }
    // the lines as iced breaks them (between words): the name stays one text
    out.join(" ")
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
        let one = text_width("Sudden Dawn", NAME_MIN);
        // room for it: whole, on one line or two
        assert_eq!(
            fit_name("Sudden Dawn", one + 1.0, NAME_MIN, 2),
            "Sudden Dawn"
        );
        assert_eq!(
            fit_name("Sudden Dawn", one / 2.0 + 8.0, NAME_MIN, 2),
            "Sudden Dawn"
        );
        // a first word wider than the room stays whole (issue 51: no name
        // shorter than its first word)
        assert_eq!(
            fit_name("Thunderfluffmonarchess Lord", 30.0, NAME_MIN, 1),
            "Thunderfluffmonarchess…"
        );
        // more lines than allowed: the last ends in "…", after whole words
        let room = text_width("Verdict Owl, the", NAME_MIN) + 1.0;
        let lines = fit_name("Verdict Owl, the Unblinking Eye of Dawn", room, NAME_MIN, 2);
        assert!(lines.ends_with('…'), "{lines:?}");
        assert!(lines.starts_with("Verdict Owl,"), "{lines:?}");
        // the floor holds the widest first word
        let floor = name_floor(["Thunderfluff Lord", "Ox"]);
        assert!(floor > text_width("Thunderfluff", NAME_MIN), "{floor}");
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
