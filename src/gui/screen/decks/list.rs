//! How the deck builder looks around the open deck: the deck list with its
//! recent decks and buttons, and the new / rename / duplicate / delete
//! dialogs.

use iced::widget::{button, column, container, pick_list, row, rule, scrollable, text, text_input};
use iced::{Element, Fill};

use crate::gui::widget::{Pick, dialog, heading, modal, muted, picked, selected_row};
use crate::store::{CatalogId, DeckInfo};

use super::{Decks, Dialog, Message, NAME_ID};

impl Decks {
    pub fn view(&self) -> Element<'_, Message> {
        let body = row![
            self.view_list().width(230),
            rule::vertical(1),
            container(match &self.open {
                Some(e) => e.view().map(Message::Editor),
                None => container(
                    text("Open a deck on the left, or make a new one (Ctrl+N).").style(muted)
                )
                .padding(20)
                .into(),
            })
            .width(Fill)
            .height(Fill),
        ]
        .spacing(10)
        .padding(12)
        .height(Fill);
        match &self.dialog {
            None => body.into(),
            Some(d) => modal(body, self.view_dialog(d), Message::DialogCancel),
        }
    }

    fn view_list<'a>(&'a self) -> iced::widget::Column<'a, Message> {
        let games = crate::gui::widget::game_picks();
        let open_id = self.open.as_ref().map(|e| e.info().id);
        let entry = |d: &'a DeckInfo| -> Element<'a, Message> {
            let b = button(
                column![
                    text(d.name.as_str()),
                    text(format!(
                        "{} · {}",
                        crate::games::game(d.game).def().name,
                        crate::gui::words::count(d.main_count, "card")
                    ))
                    .size(12)
                    .style(muted)
                ]
                .spacing(1),
            )
            .width(Fill)
            .padding([4, 6])
            .style(button::text)
            .on_press(Message::Open(d.id));
            if Some(d.id) == open_id {
                container(b).style(selected_row).into()
            } else {
                b.into()
            }
        };
        let mut list = column![].spacing(2);
        let recent: Vec<&DeckInfo> = self
            .recent
            .iter()
            .filter_map(|id| self.decks.iter().find(|d| d.id == *id))
            .take(5)
            .collect();
        if !recent.is_empty() {
            list = list.push(text("Recent").size(13).style(muted));
            for d in recent {
                list = list.push(entry(d));
            }
            list = list.push(rule::horizontal(1));
        }
        let shown: Vec<&DeckInfo> = self
            .decks
            .iter()
            .filter(|d| self.game.is_none_or(|g| d.game == g))
            .collect();
        list = list.push(
            text(format!("All decks ({})", shown.len()))
                .size(13)
                .style(muted),
        );
        for d in shown {
            list = list.push(entry(d));
        }
        let has_open = self.open.is_some();
        column![
            button("New deck").on_press(Message::NewDeck).width(Fill),
            pick_list(
                games.clone(),
                picked(&games, self.game.as_ref()),
                Message::Game
            )
            .width(Fill),
            scrollable(list).height(Fill),
            row![
                button(text("Rename").size(13))
                    .on_press_maybe(has_open.then_some(Message::RenameDeck))
                    .style(button::secondary),
                button(text("Duplicate").size(13))
                    .on_press_maybe(has_open.then_some(Message::DuplicateDeck))
                    .style(button::secondary),
                button(text("Delete").size(13))
                    .on_press_maybe(has_open.then_some(Message::DeleteDeck))
                    .style(button::danger),
            ]
            .spacing(4),
        ]
        .spacing(8)
    }

    fn view_dialog<'a>(&'a self, d: &'a Dialog) -> Element<'a, Message> {
        let name_box = |name: &str| {
            text_input("Deck name", name)
                .id(NAME_ID)
                .on_input(Message::DialogName)
                .on_submit(Message::DialogOk)
        };
        let named = match d {
            Dialog::New { name, .. }
            | Dialog::Rename { name, .. }
            | Dialog::Duplicate { name, .. } => !name.trim().is_empty(),
            Dialog::Delete { .. } => true,
        };
        let buttons = |ok: &'a str, danger: bool| {
            row![
                button(ok)
                    .on_press_maybe(named.then_some(Message::DialogOk))
                    .style(if danger {
                        button::danger
                    } else {
                        button::primary
                    }),
                button("Cancel")
                    .on_press(Message::DialogCancel)
                    .style(button::secondary),
            ]
            .spacing(10)
        };
        let content = match d {
            Dialog::New { name, catalog } => {
                let picks: Vec<Pick<CatalogId>> = self
                    .catalogs
                    .iter()
                    .map(|c| {
                        Pick::some(
                            c.id,
                            format!("{} — {}", crate::games::game(c.game).def().name, c.name),
                        )
                    })
                    .collect();
                column![
                    heading("New deck"),
                    name_box(name),
                    text("Built from the catalog").size(13).style(muted),
                    pick_list(
                        picks.clone(),
                        picked(&picks, catalog.as_ref()),
                        Message::DialogCatalog
                    )
                    .placeholder("Choose a catalog")
                    .width(Fill),
                    buttons("Create", false),
                ]
            }
            Dialog::Rename { name, .. } => {
                column![
                    heading("Rename the deck"),
                    name_box(name),
                    buttons("Rename", false)
                ]
            }
            Dialog::Duplicate { name, .. } => column![
                heading("Duplicate the deck"),
                text("The copy starts with the current cards and no history.")
                    .size(13)
                    .style(muted),
                name_box(name),
                buttons("Duplicate", false)
            ],
            Dialog::Delete { name, .. } => column![
                heading("Delete the deck?"),
                text(format!(
                    "\"{name}\" and all its saved versions will be deleted. This cannot be undone."
                )),
                buttons("Delete deck", true)
            ],
        };
        dialog(content.spacing(12))
    }
}
