//! Widgets the screens share: modal dialogs, banners, pick-list entries (the
//! game filter and the deck picker), card faces drawn from data, bar charts,
//! and the quick goldfish estimate.

pub mod card_face;
pub mod chart;
pub mod estimate;
pub mod face_image;
pub mod readable;
pub mod zoom;

use std::fmt;

use iced::widget::{button, center, container, mouse_area, opaque, row, stack, text};
use iced::{Color, Element, Fill, Theme};

/// One entry of a pick list: a value (or `None` for "any"/"none") and the
/// label shown for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pick<T> {
    pub value: Option<T>,
    pub label: String,
}

impl<T> Pick<T> {
    pub fn some(value: T, label: impl Into<String>) -> Pick<T> {
        Pick {
            value: Some(value),
            label: label.into(),
        }
    }

    pub fn none(label: impl Into<String>) -> Pick<T> {
        Pick {
            value: None,
            label: label.into(),
        }
    }

    /// The entry with its label cut to what a pick list `width` pixels wide
    /// shows, ending in "…": iced clips a long label mid-letter with no
    /// sign that there is more (issue 25).
    pub fn fitted(mut self, width: f32) -> Pick<T> {
        // the list's padding and arrow, and an average letter of the
        // 16-pixel Fira Sans the app draws with
        let room = ((width - PICK_CHROME) / PICK_LETTER).floor().max(4.0) as usize;
        if self.label.chars().count() > room {
            let kept: String = self.label.chars().take(room - 1).collect();
            self.label = format!("{}…", kept.trim_end());
        }
        self
    }
}

/// A pick list's padding and arrow, in pixels.
const PICK_CHROME: f32 = 44.0;
/// An average letter's width at the default text size, in pixels.
const PICK_LETTER: f32 = 8.5;

impl<T> fmt::Display for Pick<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.label)
    }
}

/// "All games" and every known game (built-in and added), for a game filter.
pub fn game_picks() -> Vec<Pick<crate::model::GameId>> {
    let mut games = vec![Pick::none("All games")];
    games.extend(
        crate::games::all()
            .into_iter()
            .map(|g| Pick::some(g.id(), g.def().name.clone())),
    );
    games
}

/// The deck picker of the screens that work on one deck (playtest, print):
/// every deck as "name — game", `current` chosen, `width` pixels wide.
pub fn deck_picker<'a, M: Clone + 'a>(
    decks: &[crate::store::DeckInfo],
    current: Option<crate::store::DeckId>,
    width: f32,
    on_pick: impl Fn(Pick<crate::store::DeckId>) -> M + 'a,
) -> iced::widget::PickList<
    'a,
    Pick<crate::store::DeckId>,
    Vec<Pick<crate::store::DeckId>>,
    Pick<crate::store::DeckId>,
    M,
> {
    let picks = deck_picks(decks, width);
    let chosen = picked(&picks, current.as_ref());
    iced::widget::pick_list(picks, chosen, on_pick)
        .placeholder("Choose a deck")
        .width(width)
}

/// [`deck_picker`]'s entries: a name too long for `width` ends in "…"
/// instead of running past the list (issue 25: "Dice of Destiny Blue
/// Control (sample) — Dice of Destiny" ran out of the Playtest menu).
fn deck_picks(decks: &[crate::store::DeckInfo], width: f32) -> Vec<Pick<crate::store::DeckId>> {
    decks
        .iter()
        .map(|d| {
            Pick::some(
                d.id,
                format!("{} — {}", d.name, crate::games::game(d.game).def().name),
            )
            .fitted(width)
        })
        .collect()
}

/// The entry of `picks` whose value is `value`.
pub fn picked<T: PartialEq + Clone>(picks: &[Pick<T>], value: Option<&T>) -> Option<Pick<T>> {
    picks.iter().find(|p| p.value.as_ref() == value).cloned()
}

/// `content` over `base`, with the rest of the window dimmed; a click on
/// the dimmed area sends `on_blur`.
pub fn modal<'a, M: Clone + 'a>(
    base: impl Into<Element<'a, M>>,
    content: impl Into<Element<'a, M>>,
    on_blur: M,
) -> Element<'a, M> {
    modal_maybe(base, Some(content.into()), on_blur)
}

/// [`modal`] when there is a `content`, else `base` alone, in the same
/// place of the widget tree either way: a dialog that comes and goes keeps
/// the state of what is under it (a text box's focus, a form's scroll).
pub fn modal_maybe<'a, M: Clone + 'a>(
    base: impl Into<Element<'a, M>>,
    content: Option<Element<'a, M>>,
    on_blur: M,
) -> Element<'a, M> {
    let Some(content) = content else {
        return stack![base.into()].into();
    };
    stack![
        base.into(),
        opaque(
            mouse_area(center(opaque(content)).style(|_theme| {
                container::Style {
                    background: Some(
                        Color {
                            a: 0.6,
                            ..Color::BLACK
                        }
                        .into(),
                    ),
                    ..container::Style::default()
                }
            }))
            .on_press(on_blur)
        )
    ]
    .into()
}

/// `content` with `tip` shown below it while the pointer is over it.
pub fn with_tip<'a, M: 'a>(
    content: impl Into<Element<'a, M>>,
    tip: impl text::IntoFragment<'a>,
) -> Element<'a, M> {
    iced::widget::tooltip(
        content,
        container(text(tip).size(13))
            .padding(6)
            .max_width(360)
            .style(container::rounded_box),
        iced::widget::tooltip::Position::Bottom,
    )
    .into()
}

/// A dialog box for [`modal`].
pub fn dialog<'a, M: 'a>(content: impl Into<Element<'a, M>>) -> Element<'a, M> {
    container(content)
        .width(420)
        .padding(20)
        .style(container::bordered_box)
        .into()
}

/// What a banner reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    Error,
    /// Done, but not all of it (cards a deck list names that the catalog
    /// does not have).
    Warning,
    Notice,
}

/// A dismissible line across the top of the window.
pub fn banner<'a, M: Clone + 'a>(
    message: impl text::IntoFragment<'a>,
    tone: Tone,
    on_dismiss: M,
) -> Element<'a, M> {
    container(
        row![
            text(message).width(Fill),
            button(text("Dismiss").size(13))
                .on_press(on_dismiss)
                .style(button::text)
        ]
        .spacing(10)
        .align_y(iced::Center),
    )
    .padding([6, 12])
    .width(Fill)
    .style(move |theme: &Theme| {
        let p = theme.extended_palette();
        let pair = match tone {
            Tone::Error => p.danger.weak,
            Tone::Warning => p.warning.weak,
            Tone::Notice => p.primary.weak,
        };
        container::Style {
            background: Some(pair.color.into()),
            text_color: Some(pair.text),
            ..container::Style::default()
        }
    })
    .into()
}

/// Secondary text: labels, counts, hints.
pub fn muted(theme: &Theme) -> text::Style {
    text::Style {
        color: Some(theme.extended_palette().background.strongest.color),
    }
}

/// A toggle button of a group: highlighted when chosen.
pub fn choice<'a, M: Clone + 'a>(
    label: impl text::IntoFragment<'a>,
    on: bool,
    message: M,
) -> Element<'a, M> {
    button(text(label).size(13))
        .padding([3, 10])
        .style(if on {
            button::primary
        } else {
            button::secondary
        })
        .on_press(message)
        .into()
}

/// A small heading above a group of controls.
pub fn heading<'a>(label: impl text::IntoFragment<'a>) -> text::Text<'a> {
    text(label).size(18)
}

/// A highlighted row or entry.
pub fn selected_row(theme: &Theme) -> container::Style {
    let p = theme.extended_palette();
    container::Style {
        background: Some(p.primary.weak.color.scale_alpha(0.35).into()),
        ..container::Style::default()
    }
}

/// Room for a vertical scrollbar on the right of a scrolled list, so it does
/// not cover the list's last column.
pub const SCROLLBAR_GAP: iced::Padding = iced::Padding {
    top: 0.0,
    right: 14.0,
    bottom: 0.0,
    left: 0.0,
};

/// Parses `#rrggbb` (a game's frame colour); grey when malformed.
pub fn hex_color(s: &str) -> Color {
    let hex = s.trim().trim_start_matches('#');
    if hex.len() == 6
        && let Ok(v) = u32::from_str_radix(hex, 16)
    {
        return Color::from_rgb8((v >> 16) as u8, (v >> 8) as u8, v as u8);
    }
    Color::from_rgb8(0x80, 0x80, 0x80)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_frame_colours() {
        assert_eq!(hex_color("#d9822b"), Color::from_rgb8(0xd9, 0x82, 0x2b));
        assert_eq!(hex_color("oops"), Color::from_rgb8(0x80, 0x80, 0x80));
    }

    #[test]
    fn picks_find_their_value() {
        let picks = [Pick::none("Any"), Pick::some(3, "3")];
        assert_eq!(picked(&picks, Some(&3)).unwrap().label, "3");
        assert_eq!(picked(&picks, None).unwrap().label, "Any");
        assert!(picked(&picks, Some(&4)).is_none());
    }
}

#[cfg(test)]
mod pick_tests {
    use super::Pick;

    #[test]
    fn a_label_too_long_for_its_list_ends_in_an_ellipsis() {
        let long = Pick::some(1, "Dice of Destiny Blue Control (sample) (computer)").fitted(280.0);
        assert!(long.label.ends_with('…'), "{}", long.label);
        assert!(long.label.starts_with("Dice of Destiny"), "{}", long.label);
        assert!(long.label.chars().count() < 40, "{}", long.label);
        let short = Pick::some(2, "Beatdown (computer)").fitted(280.0);
        let deck = |name: &str| crate::store::DeckInfo {
            id: crate::store::DeckId(7),
            name: name.into(),
            game: crate::model::GameId::DiceOfDestiny,
            catalog_id: crate::store::CatalogId(1),
            catalog_name: "Chaos Tower Starter".into(),
            version: 1,
            updated: String::new(),
            main_count: 30,
        };
        let picks = super::deck_picks(
            &[
                deck("Dice of Destiny Blue Control (sample)"),
                deck("Chicken Rush"),
            ],
            320.0,
        );
        assert!(picks[0].label.ends_with('…'), "{}", picks[0].label);
        assert_eq!(picks[1].label, "Chicken Rush — Dice of Destiny");
        assert_eq!(short.label, "Beatdown (computer)");
        assert_eq!(long.value, Some(1));
    }
}
