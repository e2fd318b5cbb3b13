//! How the Library looks: the catalog bar, the search and filter bar, the
//! results on the left and the selected card (or the card editor) on the
//! right.

use iced::widget::{
    button, column, container, image, pick_list, row, rule, scrollable, space, text, text_input,
};
use iced::{Element, Fill};

use crate::gui::widget::card_face::card_face;
use crate::gui::widget::{
    Pick, SCROLLBAR_GAP, dialog, heading, modal_maybe, muted, picked, selected_row,
};
use crate::model::Card;
use crate::store::CatalogId;

use super::{Confirm, Library, MAX_ROWS, Message, SEARCH_ID};
use crate::gui::words;

/// The closing question's width: its three buttons on one line.
const QUIT_DIALOG_WIDTH: f32 = 500.0;

impl Library {
    pub fn view(&self) -> Element<'_, Message> {
        let body = column![self.view_top(), self.view_filters(), self.view_main()]
            .spacing(10)
            .padding(12);
        modal_maybe(
            body,
            self.confirm.as_ref().map(view_confirm),
            Message::Cancelled,
        )
    }

    fn view_top(&self) -> Element<'_, Message> {
        let games = crate::gui::widget::game_picks();
        let game = pick_list(
            games.clone(),
            picked(&games, self.game.as_ref()),
            Message::Game,
        );
        let catalogs: Vec<Pick<CatalogId>> = self
            .visible_catalogs()
            .map(|c| {
                Pick::some(
                    c.id,
                    format!("{} ({})", c.name, words::count(c.card_count, "card")),
                )
            })
            .collect();
        let current = self.current.as_ref().map(|c| c.info.id);
        let catalog = pick_list(
            catalogs.clone(),
            picked(&catalogs, current.as_ref()),
            Message::Catalog,
        )
        .placeholder("Choose a catalog")
        .width(Fill);
        row![
            game,
            catalog,
            button("New card").on_press(Message::NewCard),
            button("Import catalog...")
                .on_press(Message::ImportCatalog)
                .style(button::secondary),
            button("Export catalog...")
                .on_press_maybe(self.current.is_some().then_some(Message::ExportCatalog))
                .style(button::secondary),
        ]
        .spacing(8)
        .align_y(iced::Center)
        .into()
    }

    fn view_filters(&self) -> Element<'_, Message> {
        let search = text_input("Search name and text (Ctrl+F)", &self.filter.query)
            .id(SEARCH_ID)
            .on_input(Message::Query)
            .width(280);
        let mut bar = row![search].spacing(8).align_y(iced::Center);
        if let Some(c) = &self.current {
            let facets = &c.facets;
            if !facets.types.is_empty() {
                let mut types = vec![Pick::none("Any type")];
                types.extend(
                    facets
                        .types
                        .iter()
                        .map(|t| Pick::some(t.clone(), t.clone())),
                );
                bar = bar.push(pick_list(
                    types.clone(),
                    picked(&types, self.filter.card_type.as_ref()),
                    Message::Type,
                ));
            }
            if facets.costs.len() > 1 {
                let mut costs = vec![Pick::none("Any cost")];
                costs.extend(
                    facets
                        .costs
                        .iter()
                        .map(|n| Pick::some(*n, format!("cost {n}"))),
                );
                bar = bar.push(pick_list(
                    costs.clone(),
                    picked(&costs, self.filter.cost.as_ref()),
                    Message::Cost,
                ));
            }
            for f in &facets.fields {
                let mut picks = vec![Pick::none(format!("{}: any", f.label))];
                picks.extend(
                    f.values
                        .iter()
                        .map(|v| Pick::some(v.clone(), format!("{}: {v}", f.label))),
                );
                let key = f.key.clone();
                bar = bar.push(pick_list(
                    picks.clone(),
                    picked(&picks, self.filter.fields.get(&f.key)),
                    move |p| Message::Field(key.clone(), p),
                ));
            }
            if self.filter.has_facets() || !self.filter.query.is_empty() {
                bar = bar.push(
                    button("Clear")
                        .on_press(Message::ClearFilters)
                        .style(button::text),
                );
            }
        }
        bar.wrap().vertical_spacing(6).into()
    }

    fn view_main(&self) -> Element<'_, Message> {
        let Some(current) = &self.current else {
            return container(
                text("No catalog yet: import one with \"Import catalog...\".").style(muted),
            )
            .padding(20)
            .into();
        };
        let total = self.matches.len();
        let count = match (total, current.index.catalog().cards.len()) {
            (n, all) if n == all => words::count(all, "card"),
            (n, all) => format!(
                "{} of {} match",
                words::grouped(n),
                words::count(all, "card")
            ),
        };
        let mut list = column![].spacing(1);
        for &i in self.matches.iter().take(MAX_ROWS) {
            let card = current.index.card(i);
            list = list.push(self.view_row(card));
        }
        if total > MAX_ROWS {
            list = list.push(
                text(format!(
                    "... and {} more: narrow the search to see them",
                    total - MAX_ROWS
                ))
                .style(muted),
            );
        }
        let left = column![
            text(count).size(13).style(muted),
            scrollable(list.padding(SCROLLBAR_GAP)).height(Fill)
        ]
        .spacing(6)
        .width(iced::FillPortion(5));
        let right = container(match &self.editor {
            Some(e) => e.view().map(Message::Editor),
            None => self.view_detail(),
        })
        .width(iced::FillPortion(4))
        .height(Fill);
        row![left, rule::vertical(1), right]
            .spacing(12)
            .height(Fill)
            .into()
    }

    fn view_row<'a>(&'a self, card: &'a Card) -> Element<'a, Message> {
        let mut details = vec![card.card_type.clone()];
        if let Some(c) = card.cost {
            details.push(format!("cost {c}"));
        }
        let line = row![
            text(card.name.as_str()).width(Fill),
            text(details.join(" · ")).size(13).style(muted)
        ]
        .spacing(8);
        let selected = self.selected.as_deref() == Some(card.id.as_str());
        let b = button(line)
            .width(Fill)
            .padding([4, 8])
            .on_press(Message::Select(card.id.clone()))
            .style(button::text);
        if selected {
            container(b).style(selected_row).into()
        } else {
            b.into()
        }
    }

    fn view_detail(&self) -> Element<'_, Message> {
        let (Some(current), Some(card)) = (&self.current, self.selected()) else {
            return container(text("Select a card to see it here.").style(muted))
                .padding(20)
                .into();
        };
        let face: Element<'_, Message> = match &self.image {
            Some((id, handle)) if *id == card.id => image(handle.clone())
                .width(crate::gui::widget::card_face::WIDTH)
                .into(),
            _ => card_face(card, current.info.game),
        };
        let actions = row![
            button("Edit").on_press(Message::EditCard),
            button("Attach image...")
                .on_press(Message::AttachImage)
                .style(button::secondary),
            button("Delete")
                .on_press(Message::DeleteCard)
                .style(button::danger),
        ]
        .spacing(8);
        let schema = &crate::games::game(current.info.game).def().card;
        let mut info = column![heading(card.name.as_str())].spacing(4);
        for (k, v) in &card.fields {
            let label = schema
                .field(k)
                .and_then(|f| f.label.as_deref())
                .unwrap_or(k);
            info = info.push(text(format!("{label}: {}", v.display())).size(13));
        }
        if card.image.is_none() {
            info = info.push(
                text("No image: the face is drawn from the card's data. Drop a PNG or JPEG on the window to attach one.")
                    .size(12)
                    .style(muted),
            );
        }
        scrollable(
            column![face, actions, info, space::vertical().height(10)]
                .spacing(12)
                .padding([0, 12]),
        )
        .height(Fill)
        .into()
    }
}

/// A question's wording and its "yes" button.
pub(super) fn question(c: &Confirm) -> (String, &'static str) {
    match c {
        Confirm::DeleteCard { name, .. } => (
            format!("Delete the card \"{name}\"? Decks that list it keep its name."),
            "Delete card",
        ),
        Confirm::ReplaceCatalog { name, .. } => (
            format!(
                "A catalog named \"{name}\" is stored already. Replace its cards with the file's? Decks and owned counts stay attached to cards whose id is unchanged."
            ),
            "Replace catalog",
        ),
        Confirm::Discard { name, .. } if name.trim().is_empty() => (
            "Discard the new card? What you typed is not saved.".to_string(),
            "Discard changes",
        ),
        Confirm::Discard { name, .. } => (
            format!("Discard your changes to \"{name}\"? They are not saved."),
            "Discard changes",
        ),
        Confirm::Quit { name } if name.trim().is_empty() => (
            "Save the new card before Deckwright closes? What you typed is not saved yet."
                .to_string(),
            "Save and quit",
        ),
        Confirm::Quit { name } => (
            format!(
                "Save your changes to \"{name}\" before Deckwright closes? They are not saved yet."
            ),
            "Save and quit",
        ),
    }
}

fn view_confirm(c: &Confirm) -> Element<'_, Message> {
    let (question, yes) = question(c);
    if let Confirm::Quit { .. } = c {
        // the discard question's look, wide enough for its three buttons
        return container(
            column![
                text(question),
                row![
                    button(yes).on_press(Message::SaveAndQuit),
                    button("Quit without saving")
                        .on_press(Message::QuitWithoutSaving)
                        .style(button::danger),
                    button("Keep editing")
                        .on_press(Message::Cancelled)
                        .style(button::secondary),
                ]
                .spacing(10)
            ]
            .spacing(16),
        )
        .width(QUIT_DIALOG_WIDTH)
        .padding(20)
        .style(container::bordered_box)
        .into();
    }
    let no = if matches!(c, Confirm::Discard { .. }) {
        "Keep editing"
    } else {
        "Cancel"
    };
    dialog(
        column![
            text(question),
            row![
                button(yes)
                    .on_press(Message::Confirmed)
                    .style(button::danger),
                button(no)
                    .on_press(Message::Cancelled)
                    .style(button::secondary),
            ]
            .spacing(10)
        ]
        .spacing(16),
    )
}
