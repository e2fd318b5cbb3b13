//! A card with its zoomed face beside it, the way Cockatrice and Forge show
//! the card under the pointer in large: shown while the pointer is over the
//! card, or while the card is selected (picked with the keyboard, say), and
//! drawn over the table as an overlay, so the table's layout does not move.
//!
//! The zoom is laid beside the card (to its right, else to its left) with
//! its bottom at the card's bottom, inside the window. It takes no pointer
//! events: what lies under it stays clickable, and moving off the card
//! closes it.

use iced::advanced::layout::{self, Layout};
use iced::advanced::overlay;
use iced::advanced::renderer;
use iced::advanced::widget::{Operation, Tree, tree};
use iced::advanced::{Clipboard, Shell, Widget};
use iced::{Element, Event, Length, Point, Rectangle, Size, Theme, Vector, mouse};

/// Space between the card and its zoom.
const GAP: f32 = 8.0;

/// When a zoom is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Show {
    /// While the pointer is over the card.
    Hover,
    /// Always (the selected card).
    Open,
    /// Never (while a card is held: the zooms would flicker past).
    Never,
}

/// `content` (a card) with the zoom `make` builds (its face in large)
/// beside it, as `show` says. The zoom is built only when it is shown: a
/// table of cards paints no large faces it does not show.
pub fn zoom<'a, M: 'a>(
    content: impl Into<Element<'a, M>>,
    make: impl Fn() -> Element<'a, M> + 'a,
    show: Show,
) -> Element<'a, M> {
    Element::new(Zoom {
        content: content.into(),
        make: Box::new(make),
        show,
        zoom: None,
    })
}

struct Zoom<'a, M> {
    content: Element<'a, M>,
    make: Box<dyn Fn() -> Element<'a, M> + 'a>,
    show: Show,
    /// The zoom and its widget tree, once built.
    zoom: Option<(Element<'a, M>, Tree)>,
}

#[derive(Default)]
struct State {
    hovered: bool,
}

impl<'a, M: 'a> Widget<M, Theme, iced::Renderer> for Zoom<'a, M> {
    fn tag(&self) -> tree::Tag {
        tree::Tag::of::<State>()
    }

    fn state(&self) -> tree::State {
        tree::State::new(State::default())
    }

    fn children(&self) -> Vec<Tree> {
        vec![Tree::new(&self.content)]
    }

    fn diff(&self, tree: &mut Tree) {
        tree.diff_children(&[self.content.as_widget()]);
    }

    fn size(&self) -> Size<Length> {
        self.content.as_widget().size()
    }

    fn size_hint(&self) -> Size<Length> {
        self.content.as_widget().size_hint()
    }

    fn layout(
        &mut self,
        tree: &mut Tree,
        renderer: &iced::Renderer,
        limits: &layout::Limits,
    ) -> layout::Node {
        self.content
            .as_widget_mut()
            .layout(&mut tree.children[0], renderer, limits)
    }

    fn update(
        &mut self,
        tree: &mut Tree,
        event: &Event,
        layout: Layout<'_>,
        cursor: mouse::Cursor,
        renderer: &iced::Renderer,
        clipboard: &mut dyn Clipboard,
        shell: &mut Shell<'_, M>,
        viewport: &Rectangle,
    ) {
        if let Event::Mouse(_) = event {
            let over = cursor.is_over(layout.bounds());
            let state = tree.state.downcast_mut::<State>();
            if state.hovered != over {
                state.hovered = over;
                if self.show == Show::Hover {
                    // the zoom comes or goes
                    shell.invalidate_layout();
                    shell.request_redraw();
                }
            }
        }
        self.content.as_widget_mut().update(
            &mut tree.children[0],
            event,
            layout,
            cursor,
            renderer,
            clipboard,
            shell,
            viewport,
        );
    }

    fn draw(
        &self,
        tree: &Tree,
        renderer: &mut iced::Renderer,
        theme: &Theme,
        style: &renderer::Style,
        layout: Layout<'_>,
        cursor: mouse::Cursor,
        viewport: &Rectangle,
    ) {
        self.content.as_widget().draw(
            &tree.children[0],
            renderer,
            theme,
            style,
            layout,
            cursor,
            viewport,
        );
    }

    fn mouse_interaction(
        &self,
        tree: &Tree,
        layout: Layout<'_>,
        cursor: mouse::Cursor,
        viewport: &Rectangle,
        renderer: &iced::Renderer,
    ) -> mouse::Interaction {
        self.content.as_widget().mouse_interaction(
            &tree.children[0],
            layout,
            cursor,
            viewport,
            renderer,
        )
    }

    fn operate(
        &mut self,
        tree: &mut Tree,
        layout: Layout<'_>,
        renderer: &iced::Renderer,
        operation: &mut dyn Operation,
    ) {
        // the card's ids and texts are found as if it stood alone
        self.content
            .as_widget_mut()
            .operate(&mut tree.children[0], layout, renderer, operation);
    }

    fn overlay<'b>(
        &'b mut self,
        tree: &'b mut Tree,
        layout: Layout<'b>,
        renderer: &iced::Renderer,
        viewport: &Rectangle,
        translation: Vector,
    ) -> Option<overlay::Element<'b, M, Theme, iced::Renderer>> {
        let card = layout.bounds() + translation;
        let shown = match self.show {
            Show::Open => true,
            Show::Hover => tree.state.downcast_ref::<State>().hovered,
            Show::Never => false,
        } && viewport.intersects(&card);
        let Zoom {
            content,
            make,
            zoom,
            ..
        } = self;
        let content = content.as_widget_mut().overlay(
            &mut tree.children[0],
            layout,
            renderer,
            viewport,
            translation,
        );
        let zoom = if shown {
            let el = make();
            let t = Tree::new(&el);
            let (el, t) = zoom.insert((el, t));
            Some(overlay::Element::new(Box::new(Beside {
                zoom: el,
                tree: t,
                card,
            })))
        } else {
            None
        };
        match (content, zoom) {
            (None, None) => None,
            (c, z) => {
                Some(overlay::Group::with_children(c.into_iter().chain(z).collect()).overlay())
            }
        }
    }
}

/// The zoom, laid beside the card.
struct Beside<'a, 'b, M> {
    zoom: &'b mut Element<'a, M>,
    tree: &'b mut Tree,
    /// The card's bounds in the window.
    card: Rectangle,
}

impl<M> overlay::Overlay<M, Theme, iced::Renderer> for Beside<'_, '_, M> {
    fn layout(&mut self, renderer: &iced::Renderer, bounds: Size) -> layout::Node {
        let node = self.zoom.as_widget_mut().layout(
            self.tree,
            renderer,
            &layout::Limits::new(Size::ZERO, bounds),
        );
        let size = node.size();
        let at = place(self.card, size, bounds);
        node.move_to(at)
    }

    fn draw(
        &self,
        renderer: &mut iced::Renderer,
        theme: &Theme,
        style: &renderer::Style,
        layout: Layout<'_>,
        cursor: mouse::Cursor,
    ) {
        self.zoom.as_widget().draw(
            self.tree,
            renderer,
            theme,
            style,
            layout,
            cursor,
            &layout.bounds(),
        );
    }

    // no `mouse_interaction`: the zoom lets the pointer through to the table
}

/// Where a zoom of `size` goes beside `card` in a window of `window`: to
/// its right when it fits there, else to its left, else against the
/// window's right edge; its bottom level with the card's, inside the window.
fn place(card: Rectangle, size: Size, window: Size) -> Point {
    let right = card.x + card.width + GAP;
    let left = card.x - GAP - size.width;
    let x = if right + size.width <= window.width {
        right
    } else if left >= 0.0 {
        left
    } else {
        (window.width - size.width).max(0.0)
    };
    let y = (card.y + card.height - size.height).clamp(0.0, (window.height - size.height).max(0.0));
    Point::new(x, y)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_zoom_lies_beside_the_card_inside_the_window() {
        let window = Size::new(1024.0, 700.0);
        let zoom = Size::new(240.0, 336.0);
        // room on the right: there, level with the card's bottom
        let card = Rectangle::new(Point::new(100.0, 500.0), Size::new(66.0, 92.0));
        assert_eq!(place(card, zoom, window), Point::new(174.0, 256.0));
        // at the right edge: on the left
        let card = Rectangle::new(Point::new(900.0, 500.0), Size::new(66.0, 92.0));
        assert_eq!(place(card, zoom, window), Point::new(652.0, 256.0));
        // near the top: pushed down into the window
        let card = Rectangle::new(Point::new(100.0, 10.0), Size::new(66.0, 92.0));
        assert_eq!(place(card, zoom, window).y, 0.0);
        // below the fold (the table scrolled): pulled up into the window
        let card = Rectangle::new(Point::new(100.0, 900.0), Size::new(66.0, 92.0));
        assert_eq!(place(card, zoom, window).y, 700.0 - 336.0);
    }
}
