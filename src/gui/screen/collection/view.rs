//! How the collection looks: the catalog bar, the cards with their owned
//! counts on the left, and what the chosen deck lacks on the right.

use iced::widget::{button, column, container, pick_list, row, rule, scrollable, text, text_input};
use iced::{Element, Fill, FillPortion};

use crate::gui::widget::{Pick, SCROLLBAR_GAP, heading, muted, picked, readable};
use crate::gui::words;
use crate::model::Card;
use crate::store::{CatalogId, DeckId};

use super::{Collection, Current, MAX_ROWS, Message, SEARCH_ID};

impl Collection {
    pub fn view(&self) -> Element<'_, Message> {
        let catalogs: Vec<Pick<CatalogId>> = self
            .catalogs
            .iter()
            .map(|c| {
                Pick::some(
                    c.id,
                    format!("{} — {}", crate::games::game(c.game).def().name, c.name),
                )
            })
            .collect();
        let current = self.current.as_ref().map(|c| c.info.id);
        let top = row![
            pick_list(
                catalogs.clone(),
                picked(&catalogs, current.as_ref()),
                Message::Catalog
            )
            .placeholder("Choose a catalog")
            .width(Fill),
            button("Import CSV...")
                .on_press(Message::ImportCsv)
                .style(button::secondary),
            button("Export CSV...")
                .on_press_maybe(self.current.is_some().then_some(Message::ExportCsv))
                .style(button::secondary),
        ]
        .spacing(8)
        .align_y(iced::Center);
        let Some(c) = &self.current else {
            return column![top, text("No catalog yet.").style(muted)]
                .spacing(10)
                .padding(12)
                .into();
        };
        let owned_total: u32 = c.owned.cards.values().map(|o| o.owned).sum();
        let distinct = c.owned.cards.values().filter(|o| o.owned > 0).count();
        let mut rows = column![].spacing(2);
        for &i in self.matches.iter().take(MAX_ROWS) {
            rows = rows.push(self.view_card(c, c.index.card(i)));
        }
        if self.matches.len() > MAX_ROWS {
            rows = rows.push(
                text(format!(
                    "... and {} more: narrow the search",
                    self.matches.len() - MAX_ROWS
                ))
                .style(muted),
            );
        }
        let left = column![
            row![
                text_input("Search cards (Ctrl+F)", &self.query)
                    .id(SEARCH_ID)
                    .on_input(Message::Query)
                    .width(280),
                text(format!(
                    "{} owned, {} of {} different",
                    words::count(owned_total, "card"),
                    words::grouped(distinct),
                    words::grouped(c.index.catalog().cards.len())
                ))
                .size(13)
                .style(muted),
            ]
            .spacing(10)
            .align_y(iced::Center),
            scrollable(rows.padding(SCROLLBAR_GAP)).height(Fill),
        ]
        .spacing(8)
        .width(FillPortion(3));
        column![
            top,
            row![
                left,
                rule::vertical(1),
                self.view_missing().width(FillPortion(2))
            ]
            .spacing(12)
        ]
        .spacing(10)
        .padding(12)
        .into()
    }

    fn view_card<'a>(&'a self, c: &'a Current, card: &'a Card) -> Element<'a, Message> {
        let owned = c.owned.owned(&card.id);
        let shown = self
            .typing
            .get(&card.id)
            .cloned()
            .unwrap_or_else(|| match owned {
                // an empty box (placeholder "0") takes a typed count as is
                0 => String::new(),
                n => n.to_string(),
            });
        let id = card.id.clone();
        let row = row![
            text(card.name.as_str()).width(Fill),
            text(card.card_type.as_str())
                .size(12)
                .style(muted)
                .width(90),
            container(
                button(text("-").size(13))
                    .padding([1, 8])
                    .on_press_maybe((owned > 0).then(|| Message::Less(card.id.clone())))
            )
            .id(format!("less-{}", card.id)),
            text_input("0", &shown)
                .id(format!("owned-{}", card.id))
                .on_input(move |t| Message::Typed(id.clone(), t))
                .width(56),
            container(
                button(text("+").size(13))
                    .padding([1, 7])
                    .on_press(Message::More(card.id.clone()))
            )
            .id(format!("more-{}", card.id)),
        ]
        .spacing(4)
        .align_y(iced::Center);
        match self.count_error(&card.id) {
            Some(why) => column![
                row,
                container(text(why).size(12).style(readable::danger)).align_right(Fill)
            ]
            .into(),
            None => row.into(),
        }
    }

    fn view_missing(&self) -> iced::widget::Column<'_, Message> {
        let picks: Vec<Pick<DeckId>> = std::iter::once(Pick::none("(no deck)"))
            .chain(self.decks.iter().map(|d| Pick::some(d.id, d.name.clone())))
            .collect();
        let chosen = self.deck.as_ref().map(|(id, _)| *id);
        let mut c = column![
            heading("What a deck still needs"),
            pick_list(
                picks.clone(),
                picked(&picks, chosen.as_ref()),
                Message::Deck
            )
            .width(Fill),
        ]
        .spacing(8);
        let Some((_, deck)) = &self.deck else {
            return c.push(
                text("Choose a deck built from this catalog to see the cards you lack.")
                    .size(13)
                    .style(muted),
            );
        };
        if self.missing.is_empty() {
            return c.push(
                text(format!("You own every card \"{}\" needs.", deck.name))
                    .style(readable::success),
            );
        }
        let total: u32 = self.missing.iter().map(|m| m.missing).sum();
        c = c.push(text(format!("Missing {}:", words::count(total, "card"))).size(14));
        let mut list = column![row![
            text("Card").width(Fill).size(12).style(muted),
            text("need").width(44).size(12).style(muted),
            text("own").width(44).size(12).style(muted),
            text("missing").width(56).size(12).style(muted),
        ]]
        .spacing(2);
        for m in &self.missing {
            list = list.push(row![
                text(m.name.as_str()).width(Fill),
                text(m.needed.to_string()).width(44),
                text(m.owned.to_string()).width(44),
                text(m.missing.to_string())
                    .width(56)
                    .style(readable::danger),
            ]);
        }
        c.push(scrollable(list).height(Fill))
    }
}
