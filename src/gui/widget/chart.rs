//! Charts drawn on a canvas: bar charts (the deck builder's cost curve and
//! type breakdown, the goldfish kill-turn histogram) and line charts (the
//! goldfish per-turn curves).

use iced::widget::canvas::{self, Frame, Geometry, Text};
use iced::{Color, Element, Fill, Pixels, Point, Rectangle, Renderer, Size, Theme, mouse};

/// A titled set of labelled bars.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BarChart {
    pub title: String,
    pub bars: Vec<(String, u32)>,
}

impl From<crate::stats::Tally> for BarChart {
    fn from(t: crate::stats::Tally) -> BarChart {
        BarChart {
            title: t.title,
            bars: t.bars,
        }
    }
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

/// A titled set of lines over the same labelled x positions (turns).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LineChart {
    pub title: String,
    /// The x labels, one per point.
    pub x: Vec<String>,
    /// Each line: its name (shown in the legend) and one value per x label.
    pub lines: Vec<(String, Vec<f32>)>,
}

impl LineChart {
    /// The chart as a widget of the given height.
    pub fn view<'a, M: 'a>(&'a self, height: f32) -> Element<'a, M> {
        canvas::Canvas::new(self).width(Fill).height(height).into()
    }

    fn max(&self) -> f32 {
        self.lines
            .iter()
            .flat_map(|(_, v)| v.iter().copied())
            .filter(|v| v.is_finite())
            .fold(0.0, f32::max)
    }
}

/// Line colours, told apart in light and dark themes.
const LINE_COLOURS: [Color; 4] = [
    Color::from_rgb(0.31, 0.40, 0.90),
    Color::from_rgb(0.85, 0.45, 0.10),
    Color::from_rgb(0.15, 0.62, 0.35),
    Color::from_rgb(0.75, 0.20, 0.45),
];

impl<M> canvas::Program<M> for LineChart {
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
        let label = |content: String, position: Point, color: Color| Text {
            content,
            position,
            color,
            size: Pixels(12.0),
            ..Text::default()
        };
        frame.fill_text(label(self.title.clone(), Point::new(0.0, 0.0), ink));
        // the legend under the title
        let mut x = 0.0;
        for (i, (name, _)) in self.lines.iter().enumerate() {
            let colour = LINE_COLOURS[i % LINE_COLOURS.len()];
            frame.fill_rectangle(Point::new(x, 22.0), Size::new(12.0, 3.0), colour);
            frame.fill_text(label(name.clone(), Point::new(x + 16.0, 16.0), ink));
            x += 24.0 + 7.0 * name.len() as f32;
        }
        let (left, top, bottom) = (30.0, 38.0, bounds.height - 16.0);
        let width = (bounds.width - left - 6.0).max(1.0);
        frame.fill_rectangle(Point::new(left, bottom), Size::new(width, 1.0), faint);
        frame.fill_rectangle(Point::new(left, top), Size::new(1.0, bottom - top), faint);
        let max = self.max();
        let max = if max > 0.0 { max } else { 1.0 };
        frame.fill_text(label(format!("{max:.1}"), Point::new(0.0, top - 6.0), ink));
        frame.fill_text(label("0".into(), Point::new(0.0, bottom - 12.0), ink));
        let n = self.x.len().max(1);
        let step = width / n as f32;
        let at = |i: usize, v: f32| {
            Point::new(
                left + step * (i as f32 + 0.5),
                bottom - (bottom - top) * (v / max).clamp(0.0, 1.0),
            )
        };
        // x labels, thinned out so they never overlap
        let every = ((26.0 / step).ceil() as usize).max(1);
        for (i, name) in self.x.iter().enumerate() {
            if i % every == 0 {
                let mut t = label(name.clone(), Point::new(at(i, 0.0).x, bottom + 2.0), ink);
                t.align_x = iced::widget::text::Alignment::Center;
                frame.fill_text(t);
            }
        }
        for (k, (_, values)) in self.lines.iter().enumerate() {
            let colour = LINE_COLOURS[k % LINE_COLOURS.len()];
            let points: Vec<Point> = values
                .iter()
                .enumerate()
                .filter(|(_, v)| v.is_finite())
                .map(|(i, v)| at(i, *v))
                .collect();
            if points.len() > 1 {
                let path = canvas::Path::new(|b| {
                    b.move_to(points[0]);
                    for p in &points[1..] {
                        b.line_to(*p);
                    }
                });
                frame.stroke(
                    &path,
                    canvas::Stroke::default().with_color(colour).with_width(2.0),
                );
            }
            for p in &points {
                frame.fill(&canvas::Path::circle(*p, 2.5), colour);
            }
        }
        vec![frame.into_geometry()]
    }
}
