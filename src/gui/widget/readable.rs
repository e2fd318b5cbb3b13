//! Text colours that stay readable on the theme's background: iced's own
//! `text::success` is the palette's green as it is, and the Dark theme's
//! (#12664f on #2b2d31) has a contrast of 2.0:1 — "Legal" in green could
//! hardly be read. These styles keep the palette's hue and lighten (on dark
//! backgrounds) or darken (on light ones) until the contrast reaches WCAG
//! AA for normal text ([`MIN_CONTRAST`]).

use iced::widget::text;
use iced::{Color, Theme};

/// WCAG 2 level AA for normal-size text.
pub const MIN_CONTRAST: f32 = 4.5;

/// How far each step moves the colour towards white or black.
const STEP: f32 = 0.05;

/// Good news ("Legal", "Export finished").
pub fn success(theme: &Theme) -> text::Style {
    style(theme, theme.palette().success)
}

/// Problems and errors.
pub fn danger(theme: &Theme) -> text::Style {
    style(theme, theme.palette().danger)
}

/// Warnings.
pub fn warning(theme: &Theme) -> text::Style {
    style(theme, theme.palette().warning)
}

fn style(theme: &Theme, color: Color) -> text::Style {
    text::Style {
        color: Some(readable(color, theme.palette().background)),
    }
}

/// `fg`, lightened or darkened just enough to be read on `bg`.
pub fn readable(fg: Color, bg: Color) -> Color {
    let toward = if luminance(bg) < 0.5 {
        Color::WHITE
    } else {
        Color::BLACK
    };
    let mut c = fg;
    let mut t = 0.0;
    while contrast(c, bg) < MIN_CONTRAST && t < 1.0 {
        t += STEP;
        c = mix(fg, toward, t);
    }
    c
}

fn mix(a: Color, b: Color, t: f32) -> Color {
    Color::from_rgb(
        a.r + (b.r - a.r) * t,
        a.g + (b.g - a.g) * t,
        a.b + (b.b - a.b) * t,
    )
}

/// WCAG relative luminance.
pub fn luminance(c: Color) -> f32 {
    let lin = |v: f32| {
        if v <= 0.039_28 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b)
}

/// WCAG contrast ratio, from 1 to 21.
pub fn contrast(a: Color, b: Color) -> f32 {
    let (la, lb) = (luminance(a), luminance(b));
    let (hi, lo) = if la > lb { (la, lb) } else { (lb, la) };
    (hi + 0.05) / (lo + 0.05)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_dark_themes_green_was_unreadable_and_is_now_readable() {
        let dark = Theme::Dark.palette();
        assert!(contrast(dark.success, dark.background) < 2.5);
        for theme in [Theme::Dark, Theme::Light] {
            let p = theme.palette();
            for style in [success, danger, warning] {
                let c = style(&theme).color.unwrap();
                assert!(
                    contrast(c, p.background) >= MIN_CONTRAST,
                    "{theme:?}: {c:?} on {:?}",
                    p.background
                );
            }
        }
        // still green: green stays the strongest channel
        let g = success(&Theme::Dark).color.unwrap();
        assert!(g.g > g.r && g.g > g.b, "{g:?}");
    }

    #[test]
    fn readable_colours_are_left_alone() {
        let black_on_white = readable(Color::BLACK, Color::WHITE);
        assert_eq!(black_on_white, Color::BLACK);
        assert!((contrast(Color::BLACK, Color::WHITE) - 21.0).abs() < 0.01);
    }
}
