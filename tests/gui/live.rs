//! The app the way the runtime drives it, for what a one-shot simulator
//! cannot see: the widget tree's state (which box has the focus, a
//! scrollable's offset) is kept from one view to the next, every event is
//! followed by `update` and a new view, the keyboard shortcuts get the key
//! presses no widget captured, and widget operations (focus, Tab, scroll)
//! run on the view. A form that loses its focus when its layout changes
//! under the keystrokes fails here, where `Simulator::typewrite` (one view
//! for the whole word) passes.
#![allow(
    dead_code,
    reason = "shared by several test binaries, each using part of it"
)]

use deckwright::gui::Message;
use iced::futures::StreamExt;
use iced::futures::executor::block_on;
use iced::keyboard::{self, Key, key::Named};
use iced::{Event, Font, Pixels, Point, Size, Task, mouse};
use iced_test::core::clipboard;
use iced_test::core::renderer::Headless;
use iced_test::core::widget::operation::{self, Operation, Outcome};
use iced_test::renderer::Renderer;
use iced_test::runtime::user_interface::{Cache, UserInterface};
use iced_test::runtime::{Action, task};
use iced_test::selector::{Bounded, Selector};

use crate::harness::{Harness, SIZE};

/// The widget state and the pointer, kept between views.
pub struct Live {
    cache: Option<Cache>,
    renderer: Renderer,
    cursor: mouse::Cursor,
}

impl Live {
    pub fn new() -> Live {
        let backend = std::env::var("ICED_TEST_BACKEND").ok();
        let renderer = block_on(Renderer::new(
            Font::with_name("Fira Sans"),
            Pixels(16.0),
            backend.as_deref(),
        ))
        .expect("a headless renderer");
        Live {
            cache: Some(Cache::default()),
            renderer,
            cursor: mouse::Cursor::Unavailable,
        }
    }

    fn size() -> Size {
        Size::new(SIZE.0, SIZE.1)
    }

    /// Events on the current view, then `update` with what they produced
    /// (the shortcuts included), and the tasks that returns.
    pub fn events(&mut self, h: &mut Harness, events: &[Event]) {
        for event in events {
            let mut messages = Vec::new();
            {
                let mut ui = UserInterface::build(
                    h.app.view(),
                    Live::size(),
                    self.cache.take().unwrap(),
                    &mut self.renderer,
                );
                let (_, statuses) = ui.update(
                    std::slice::from_ref(event),
                    self.cursor,
                    &mut self.renderer,
                    &mut clipboard::Null,
                    &mut messages,
                );
                // the app's keyboard subscription sees what no widget took
                if let Event::Keyboard(k) = event
                    && statuses.first() == Some(&iced::event::Status::Ignored)
                    && let Some(m) = deckwright::gui::app::shortcut(k.clone())
                {
                    messages.push(m);
                }
                self.cache = Some(ui.into_cache());
            }
            for m in messages {
                let task = h.app.update(m);
                self.settle(h, task);
            }
        }
    }

    /// Sends a message as the runtime would (its widget operations run).
    pub fn send(&mut self, h: &mut Harness, message: Message) {
        let task = h.app.update(message);
        self.settle(h, task);
    }

    /// Runs a task as the runtime would (a widget operation, say).
    pub fn run(&mut self, h: &mut Harness, task: Task<Message>) {
        self.settle(h, task);
    }

    fn settle(&mut self, h: &mut Harness, task: Task<Message>) {
        let Some(mut stream) = task::into_stream(task) else {
            return;
        };
        while let Some(action) = block_on(stream.next()) {
            match action {
                Action::Output(message) => {
                    let next = h.app.update(message);
                    self.settle(h, next);
                }
                Action::Widget(op) => self.operate(h, op),
                _ => {}
            }
        }
    }

    /// Runs a widget operation (and what it chains) on the current view.
    fn operate(&mut self, h: &Harness, mut op: Box<dyn Operation>) {
        let mut ui = UserInterface::build(
            h.app.view(),
            Live::size(),
            self.cache.take().unwrap(),
            &mut self.renderer,
        );
        loop {
            ui.operate(&self.renderer, op.as_mut());
            match op.finish() {
                Outcome::Chain(next) => op = next,
                _ => break,
            }
        }
        self.cache = Some(ui.into_cache());
    }

    /// Where `selector` is on the current view.
    pub fn find<S>(&mut self, h: &Harness, selector: S) -> Option<S::Output>
    where
        S: Selector + Send,
        S::Output: Clone + Send,
    {
        let mut ui = UserInterface::build(
            h.app.view(),
            Live::size(),
            self.cache.take().unwrap(),
            &mut self.renderer,
        );
        let mut find = selector.find();
        ui.operate(&self.renderer, &mut operation::black_box(&mut find));
        self.cache = Some(ui.into_cache());
        match find.finish() {
            Outcome::Some(found) => found,
            _ => None,
        }
    }

    /// Points at the middle of what `selector` finds and clicks.
    pub fn click<S>(&mut self, h: &mut Harness, selector: S)
    where
        S: Selector + Send,
        S::Output: Bounded + Clone + Send,
    {
        let what = selector.description();
        let target = self
            .find(h, selector)
            .unwrap_or_else(|| panic!("{what} is not on screen: {:?}", h.dump()));
        let at: Point = target
            .visible_bounds()
            .unwrap_or_else(|| panic!("{what} is not visible"))
            .center();
        self.cursor = mouse::Cursor::Available(at);
        self.events(
            h,
            &[
                Event::Mouse(mouse::Event::CursorMoved { position: at }),
                Event::Mouse(mouse::Event::ButtonPressed(mouse::Button::Left)),
                Event::Mouse(mouse::Event::ButtonReleased(mouse::Button::Left)),
            ],
        );
    }

    /// Types `text` one key at a time, a new view after each key.
    pub fn type_text(&mut self, h: &mut Harness, text: &str) {
        for c in text.chars() {
            let s = iced::keyboard::key::Key::Character(c.to_string().into());
            let events = press(s, Some(c.to_string()), keyboard::Modifiers::default());
            self.events(h, &events);
        }
    }

    /// Taps a named key (Tab, Enter, Escape...), with modifiers.
    pub fn tap(&mut self, h: &mut Harness, key: Named, modifiers: keyboard::Modifiers) {
        let events = press(Key::Named(key), None, modifiers);
        self.events(h, &events);
    }

    /// Ctrl (Command on macOS) with a letter.
    pub fn command(&mut self, h: &mut Harness, letter: char) {
        let key = Key::Character(letter.to_string().into());
        let events = press(key, None, keyboard::Modifiers::COMMAND);
        self.events(h, &events);
    }
}

fn press(key: Key, text: Option<String>, modifiers: keyboard::Modifiers) -> [Event; 4] {
    let physical = keyboard::key::Physical::Unidentified(keyboard::key::NativeCode::Unidentified);
    [
        Event::Keyboard(keyboard::Event::ModifiersChanged(modifiers)),
        Event::Keyboard(keyboard::Event::KeyPressed {
            key: key.clone(),
            modified_key: key.clone(),
            physical_key: physical,
            location: keyboard::Location::Standard,
            modifiers,
            repeat: false,
            text: text.map(Into::into),
        }),
        Event::Keyboard(keyboard::Event::KeyReleased {
            key: key.clone(),
            modified_key: key,
            physical_key: physical,
            location: keyboard::Location::Standard,
            modifiers,
        }),
        Event::Keyboard(keyboard::Event::ModifiersChanged(
            keyboard::Modifiers::default(),
        )),
    ]
}
