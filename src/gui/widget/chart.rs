//! Bar charts drawn on a canvas: the deck builder's cost curve and type
//! breakdown.

use iced::widget::canvas::{self, Frame, Geometry, Text};
use iced::{Color, Element, Fill, Pixels, Point, Rectangle, Renderer, Size, Theme, mouse};

/// A titled set of labelled bars.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BarChart {
    pub title: String,
    pub bars: Vec<(String, u32)>,
}

impl BarChart {
    /// The chart as a widget of the given height.
    pub fn view<'a, M: 'a>(&'a self, height: f32) -> Element<'a, M> {
        canvas::Canvas::new(self).width(Fill).height(height).into()
    }

    fn max(&self) -> u32 {
        self.bars.iter().map(|(_, n)| *n).max().unwrap_or(0)
    }
}

impl<M> canvas::Program<M> for BarChart {
    type State = ();

    fn draw(
        &self,
        _state: &(),
        renderer: &Renderer,
        theme: &Theme,
        bounds: Rectangle,
        _cursor: mouse::Cursor,
    ) -> Vec<Geometry> {
        let mut frame = Frame::new(renderer, bounds.size());
        let palette = theme.extended_palette();
        let ink = palette.background.base.text;
        let faint = palette.background.strong.color;
        let bar = palette.primary.base.color;
        let label = |content: String, position: Point, color: Color, center: bool| Text {
            content,
            position,
            color,
            size: Pixels(12.0),
            align_x: if center {
                iced::widget::text::Alignment::Center
            } else {
                iced::widget::text::Alignment::Left
            },
            ..Text::default()
        };
        frame.fill_text(label(self.title.clone(), Point::new(0.0, 0.0), ink, false));
        let top = 20.0;
        let bottom = bounds.height - 16.0;
        frame.fill_rectangle(Point::new(0.0, bottom), Size::new(bounds.width, 1.0), faint);
        let n = self.bars.len().max(1) as f32;
        let slot = bounds.width / n;
        let width = (slot * 0.7).min(40.0);
        let max = self.max().max(1) as f32;
        for (i, (name, count)) in self.bars.iter().enumerate() {
            let x = slot * i as f32 + slot / 2.0;
            let h = (bottom - top - 14.0) * (*count as f32 / max);
            if *count > 0 {
                frame.fill_rectangle(
                    Point::new(x - width / 2.0, bottom - h),
                    Size::new(width, h),
                    bar,
                );
                frame.fill_text(label(
                    count.to_string(),
                    Point::new(x, bottom - h - 14.0),
                    ink,
                    true,
                ));
            }
            frame.fill_text(label(name.clone(), Point::new(x, bottom + 2.0), ink, true));
        }
        vec![frame.into_geometry()]
    }
}
