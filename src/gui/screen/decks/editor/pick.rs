//! What the user looks at and picks in the open deck: the list / visual
//! layout, the card selected by a click or the arrow keys and the one under
//! the mouse (the preview shows them), where the keyboard focus is (the key
//! hint follows it), and the stored pictures of the cards shown.

use std::sync::Arc;

use iced::widget::image;
use iced::{Event, Subscription, Task, event, keyboard, mouse};

use crate::model::Card;

use super::super::super::Action;
use super::{Editor, Layout, Message, SEARCH_ID, Selection, StackBy, entry_card};

impl Editor {
    pub(super) fn set_layout(&mut self, l: Layout) -> Action<Message> {
        self.layout = l;
        Action::None
    }

    pub(super) fn set_stack_by(&mut self, s: StackBy) -> Action<Message> {
        self.stack_by = s;
        Action::None
    }

    /// Selects the card of deck entry `n` (nothing for a card the catalog
    /// does not have).
    pub(super) fn select_entry(&mut self, n: usize) -> Action<Message> {
        let Some(e) = self.deck.entries.get(n) else {
            return Action::None;
        };
        self.selection = entry_card(&self.names, self.index.catalog(), e).map(|i| Selection {
            card: i as u32,
            board: Some(e.board),
        });
        // a click outside the search box takes the focus from it
        self.search_focused = false;
        Action::None
    }

    pub(super) fn unselect(&mut self) -> Action<Message> {
        self.selection = None;
        Action::None
    }

    pub(super) fn hover(&mut self, i: u32) -> Action<Message> {
        self.hovered = Some(i);
        Action::None
    }

    pub(super) fn unhover(&mut self, i: u32) -> Action<Message> {
        // the mouse may have entered the next card before it left this one
        if self.hovered == Some(i) {
            self.hovered = None;
        }
        Action::None
    }

    pub(super) fn check_focus(&mut self) -> Action<Message> {
        Action::Run(iced::widget::operation::is_focused(SEARCH_ID).map(Message::SearchFocus))
    }

    pub(super) fn search_focus(&mut self, focused: bool) -> Action<Message> {
        self.search_focused = focused;
        Action::None
    }

    /// The card the preview shows: the one under the mouse, else the
    /// selected one.
    pub fn previewed(&self) -> Option<&Card> {
        let i = self.hovered.or(self.selection.map(|s| s.card))?;
        self.index.catalog().cards.get(i as usize)
    }

    pub fn selection(&self) -> Option<Selection> {
        self.selection
    }

    pub fn layout(&self) -> Layout {
        self.layout
    }

    pub fn stack_by(&self) -> StackBy {
        self.stack_by
    }

    pub fn search_focused(&self) -> bool {
        self.search_focused
    }

    /// Reads the stored pictures of the deck's cards and of the previewed
    /// card that have one and were not asked for yet.
    pub(crate) fn load_images(&mut self) -> Action<Message> {
        let catalog = Arc::clone(self.index.catalog());
        let mut wanted: Vec<String> = Vec::new();
        let mut want = |card: &Card| {
            if card.image.is_some()
                && !self.images_asked.contains(&card.id)
                && !wanted.contains(&card.id)
            {
                wanted.push(card.id.clone());
            }
        };
        for e in &self.deck.entries {
            if let Some(i) = entry_card(&self.names, &catalog, e) {
                want(&catalog.cards[i]);
            }
        }
        if let Some(card) = self.previewed() {
            want(card);
        }
        if wanted.is_empty() {
            return Action::None;
        }
        self.images_asked.extend(wanted.iter().cloned());
        let id = self.info.catalog_id;
        Action::Run(Task::perform(
            self.db.run(move |s| {
                wanted
                    .into_iter()
                    .map(|card| {
                        let img = s
                            .card_image(id, &card)?
                            .map(|img| image::Handle::from_bytes(img.bytes));
                        Ok((card, img))
                    })
                    .collect()
            }),
            Message::Images,
        ))
    }

    pub(super) fn images_loaded(
        &mut self,
        r: Result<Vec<(String, Option<image::Handle>)>, String>,
    ) -> Action<Message> {
        match r {
            Ok(found) => {
                for (id, img) in found {
                    if let Some(img) = img {
                        self.images.insert(id, img);
                    }
                }
                Action::None
            }
            Err(e) => Action::Error(format!("cannot read the cards' pictures: {e}")),
        }
    }
}

/// Clicks and the keys that move the focus (Tab, Escape) may have moved it
/// into or out of the search box: the editor then asks where it is.
pub(super) fn focus_changes() -> Subscription<Message> {
    event::listen_with(|event, _status, _window| match event {
        Event::Mouse(mouse::Event::ButtonPressed(_)) => Some(Message::CheckFocus),
        Event::Keyboard(keyboard::Event::KeyPressed {
            key: keyboard::Key::Named(keyboard::key::Named::Tab | keyboard::key::Named::Escape),
            ..
        }) => Some(Message::CheckFocus),
        _ => None,
    })
}
