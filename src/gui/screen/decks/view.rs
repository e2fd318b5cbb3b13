//! How an open deck looks: the card search on the left, the deck by
//! section in the middle, and on the right the validation report with the
//! charts, the deck text and the version history.

use iced::widget::{
    button, column, container, mouse_area, responsive, row, rule, scrollable, space, text,
    text_editor, text_input,
};
use iced::{Element, Fill, FillPortion, Theme};

use crate::games;
use crate::gui::widget::{SCROLLBAR_GAP, choice, heading, muted, selected_row};
use crate::model::Board;
use crate::rules::Mode;

use super::editor::{Editor, Layout, MAX_RESULTS, Message, SEARCH_ID, StackBy, Tab, entry_card};
use super::visual::rule_facts;

/// How the search column shares its height between the results and the
/// card preview.
const RESULTS_SHARE: u16 = 3;
const PREVIEW_SHARE: u16 = 2;

/// Below this width the list and the visual view of "Both" go one above the
/// other instead of side by side.
const SIDE_BY_SIDE_WIDTH: f32 = 500.0;

/// The label of the side panel's Tabletop Simulator tab.
const TTS_TAB: &str = "Tabletop Sim";

/// The id of the side panel (charts, deck text, history, odds).
pub const SIDE_ID: &str = "deck-side";

impl Editor {
    pub fn view(&self) -> Element<'_, Message> {
        // the cards need more room than the lines
        let deck = if self.layout == Layout::List { 4 } else { 5 };
        // the Odds table's seven turns need about 280 pixels: while it is
        // open the side panel takes a share from the search column and the
        // deck, so a 1024-pixel window shows each card's odds on one line
        let (search, deck, side) = if self.tab == Tab::Odds {
            (5, 7, 8)
        } else {
            (6, 2 * deck, 6)
        };
        row![
            self.view_search().width(FillPortion(search)),
            rule::vertical(1),
            self.view_deck().width(FillPortion(deck)),
            rule::vertical(1),
            container(self.view_side())
                .id(SIDE_ID)
                .width(FillPortion(side)),
        ]
        .spacing(10)
        .height(Fill)
        .into()
    }

    fn view_search(&self) -> iced::widget::Column<'_, Message> {
        let search = text_input("Find cards to add (Ctrl+F)", &self.query)
            .id(SEARCH_ID)
            .on_input(Message::Query)
            .on_submit_maybe(self.matches.get(self.cursor).map(|&i| Message::Add(i)));
        let target = row![
            text("Add to").size(13).style(muted),
            choice(
                "Main",
                self.target == Board::Main,
                Message::Target(Board::Main)
            ),
            choice(
                "Sideboard",
                self.target == Board::Sideboard,
                Message::Target(Board::Sideboard)
            ),
        ]
        .spacing(6)
        .align_y(iced::Center)
        .wrap()
        .vertical_spacing(6);
        let mut list = column![].spacing(1);
        for (n, &i) in self.matches.iter().take(MAX_RESULTS).enumerate() {
            let card = self.index.card(i);
            let def = games::game(self.index.catalog().game).def();
            let mut detail = card.card_type.clone();
            if let Some(c) = card.cost {
                detail.push_str(&format!(" · {c}"));
            }
            for f in rule_facts(def, card) {
                detail.push_str(&format!(" · {f}"));
            }
            let add = container(
                button(text("+").size(14))
                    .padding([2, 8])
                    .on_press(Message::Add(i)),
            )
            .id(format!("add-{}", card.id));
            let name = button(
                // the detail under the name: a narrow column keeps both
                // readable
                column![text(card.name.as_str()), text(detail).size(11).style(muted)],
            )
            .width(Fill)
            .padding([3, 6])
            .style(button::text)
            .on_press(Message::Highlight(n));
            let line = row![add, name].spacing(4).align_y(iced::Center);
            let line = if n == self.cursor {
                container(line).style(selected_row)
            } else {
                container(line)
            };
            list = list.push(
                mouse_area(line)
                    .on_enter(Message::Hover(i))
                    .on_exit(Message::Unhover(i)),
            );
        }
        if self.matches.len() > MAX_RESULTS {
            list = list.push(
                text(format!("... {} more", self.matches.len() - MAX_RESULTS))
                    .size(12)
                    .style(muted),
            );
        }
        let c = column![
            search,
            target,
            container(text(self.key_hint()).size(11).style(muted)).id("key-hint"),
            scrollable(list.padding(SCROLLBAR_GAP)).height(FillPortion(RESULTS_SHARE))
        ]
        .spacing(6);
        // always there, so that a card under the mouse never moves the list
        // (which would move the card away from the mouse)
        let preview = self.view_preview().unwrap_or_else(|| {
            container(
                text("Point at a card, or click one, to see it here in full.")
                    .size(12)
                    .style(muted),
            )
            .id("card-preview-empty")
            .padding(6)
            .into()
        });
        c.push(container(preview).height(FillPortion(PREVIEW_SHARE)))
    }

    /// Main-board entries by the section of their card's type, in the
    /// game's section order; then unknown cards; then the other boards.
    pub(super) fn section_groups(&self) -> Vec<(String, Vec<usize>)> {
        let catalog = self.index.catalog();
        let def = games::game(catalog.game).def();
        let mut groups: Vec<(String, Vec<usize>)> = def
            .sections
            .iter()
            .map(|s| (s.name.clone(), Vec::new()))
            .collect();
        let mut unknown = Vec::new();
        let mut side = Vec::new();
        let mut maybe = Vec::new();
        for (n, e) in self.deck.entries.iter().enumerate() {
            match e.board {
                Board::Sideboard => side.push(n),
                Board::Maybeboard => maybe.push(n),
                Board::Main => match entry_card(&self.names, catalog, e) {
                    Some(i) => {
                        let s = def.section_of(&catalog.cards[i].card_type).to_string();
                        match groups.iter_mut().find(|(name, _)| *name == s) {
                            Some((_, v)) => v.push(n),
                            None => groups.push((s, vec![n])),
                        }
                    }
                    None => unknown.push(n),
                },
            }
        }
        groups.push(("Not in the catalog".into(), unknown));
        groups.push(("Sideboard".into(), side));
        groups.push(("Maybeboard".into(), maybe));
        groups
    }

    fn view_deck(&self) -> iced::widget::Column<'_, Message> {
        let catalog = self.index.catalog();
        let def = games::game(catalog.game).def();
        let saved = if self.is_dirty() {
            "Unsaved changes".to_string()
        } else {
            format!("Saved · version {}", self.info.version)
        };
        let header = column![
            heading(self.info.name.as_str()).size(22),
            text(format!(
                "{} · {} · {} in the main board",
                def.name,
                self.info.catalog_name,
                crate::gui::words::count(self.deck.main_count(), "card")
            ))
            .size(13)
            .style(muted),
            row![
                button("Undo")
                    .on_press_maybe(self.can_undo().then_some(Message::Undo))
                    .style(button::secondary),
                button("Redo")
                    .on_press_maybe(self.can_redo().then_some(Message::Redo))
                    .style(button::secondary),
                button("Save now")
                    .on_press_maybe(self.is_dirty().then_some(Message::SaveNow))
                    .style(button::secondary),
                text(saved).size(13).style(muted),
            ]
            .spacing(6)
            .align_y(iced::Center),
        ]
        .spacing(6);
        let mut header = header;
        // deck modes and player counts, where the game has them
        if let Some(modes) = &def.construction.modes {
            let mut r = row![
                text("Mode").size(13).style(muted),
                choice("Auto", self.mode.is_none(), Message::Mode(None)),
            ]
            .spacing(6)
            .align_y(iced::Center);
            for m in &modes.modes {
                let mode = Mode::new(&m.name);
                r = r.push(choice(
                    capitalise(&m.name),
                    self.mode == Some(mode),
                    Message::Mode(Some(mode)),
                ));
            }
            header = header.push(r);
        }
        if let Some(range) = &def.construction.players {
            let mut players = row![
                text("Players").size(13).style(muted),
                choice("Auto", self.players.is_none(), Message::Players(None)),
            ]
            .spacing(6)
            .align_y(iced::Center);
            for n in range.min..=range.max {
                let label = if n == 1 {
                    "Solo".to_string()
                } else {
                    n.to_string()
                };
                players = players.push(choice(
                    label,
                    self.players == Some(n),
                    Message::Players(Some(n)),
                ));
            }
            header = header.push(players);
        }

        let mut views = row![
            text("Show").size(13).style(muted),
            choice(
                "List",
                self.layout == Layout::List,
                Message::Layout(Layout::List)
            ),
            choice(
                "Cards",
                self.layout == Layout::Visual,
                Message::Layout(Layout::Visual)
            ),
            choice(
                "Both",
                self.layout == Layout::Both,
                Message::Layout(Layout::Both)
            ),
        ]
        .spacing(6)
        .align_y(iced::Center);
        if self.layout != Layout::List {
            views = views
                .push(space::horizontal().width(8))
                .push(text("Piles by").size(13).style(muted))
                .push(choice(
                    "Section",
                    self.stack_by == StackBy::Section,
                    Message::StackBy(StackBy::Section),
                ))
                .push(choice(
                    curve_name(def),
                    self.stack_by == StackBy::Curve,
                    Message::StackBy(StackBy::Curve),
                ));
        }
        let body: Element<'_, Message> = match self.layout {
            Layout::List => self.view_deck_list(),
            Layout::Visual => self.view_visual(),
            Layout::Both => responsive(move |size| {
                if size.width >= SIDE_BY_SIDE_WIDTH {
                    row![
                        container(self.view_deck_list()).width(FillPortion(2)),
                        rule::vertical(1),
                        container(self.view_visual()).width(FillPortion(3)),
                    ]
                    .spacing(6)
                    .into()
                } else {
                    column![
                        container(self.view_deck_list()).height(FillPortion(1)),
                        rule::horizontal(1),
                        container(self.view_visual()).height(FillPortion(1)),
                    ]
                    .spacing(6)
                    .into()
                }
            })
            .into(),
        };
        column![
            header,
            views.wrap().vertical_spacing(6),
            rule::horizontal(1),
            body
        ]
        .spacing(8)
    }

    /// The deck as lines by section.
    fn view_deck_list(&self) -> Element<'_, Message> {
        let involved: Vec<&str> = match &self.report {
            Ok(r) => r
                .violations
                .iter()
                .flat_map(|v| v.cards.iter().map(String::as_str))
                .collect(),
            Err(_) => Vec::new(),
        };
        let groups = self.section_groups();
        let mut list = column![].spacing(2);
        for (name, entries) in groups {
            if entries.is_empty() {
                continue;
            }
            let count: u32 = entries.iter().map(|&n| self.deck.entries[n].count).sum();
            list = list.push(
                text(format!("{name} ({count})"))
                    .size(15)
                    .style(|t: &Theme| text::Style {
                        color: Some(t.extended_palette().primary.base.color),
                    }),
            );
            for n in entries {
                list = list.push(self.view_entry(n, &involved));
            }
        }
        if self.deck.entries.is_empty() {
            list = list.push(
                text("The deck is empty: add cards from the search on the left, or import a deck list.")
                    .style(muted),
            );
        }
        container(scrollable(list.padding(SCROLLBAR_GAP)).height(Fill))
            .id("deck-list")
            .height(Fill)
            .into()
    }

    fn view_entry(&self, n: usize, involved: &[&str]) -> Element<'_, Message> {
        let e = &self.deck.entries[n];
        let catalog = self.index.catalog();
        let card = entry_card(&self.names, catalog, e).map(|i| &catalog.cards[i]);
        let cost = card
            .and_then(|c| c.cost)
            .map(|c| c.to_string())
            .unwrap_or_default();
        let flagged = involved
            .iter()
            .any(|name| crate::model::name_key(name) == crate::model::name_key(&e.name));
        let name = text(e.name.as_str());
        let name = if flagged {
            name.style(crate::gui::widget::readable::danger)
        } else {
            name
        };
        let def = games::game(catalog.game).def();
        let facts = card
            .map(|c| rule_facts(def, c).join(" · "))
            .unwrap_or_default();
        let selected = self.selection.is_some_and(|s| {
            card.is_some_and(|c| self.index.catalog().cards[s.card as usize].id == c.id)
                && s.board == Some(e.board)
        });
        // what the rules count, under the name (a narrow column keeps it
        // readable)
        let mut label = column![name].spacing(0);
        if !facts.is_empty() {
            label = label.push(text(facts).size(11).style(muted));
        }
        let name = button(label)
            .width(Fill)
            .padding([1, 4])
            .style(button::text)
            .on_press(Message::SelectEntry(n));
        let name = if selected {
            container(name).style(selected_row)
        } else {
            container(name)
        };
        let to = if e.board == Board::Main {
            "To side"
        } else {
            "To main"
        };
        let slug = e.id.clone().unwrap_or_else(|| crate::model::slug(&e.name));
        let board = e.board.as_str();
        let line = row![
            text(format!("{}x", e.count)).width(34),
            name,
            text(cost).size(13).style(muted).width(24),
            container(
                button(text("+").size(13))
                    .padding([1, 7])
                    .on_press(Message::Plus(n))
            )
            .id(format!("plus-{board}-{slug}")),
            container(
                button(text("-").size(13))
                    .padding([1, 8])
                    .on_press(Message::Minus(n))
            )
            .id(format!("minus-{board}-{slug}")),
            button(text(to).size(12))
                .padding([2, 6])
                .style(button::text)
                .on_press(Message::Move(n)),
        ]
        .spacing(4)
        .align_y(iced::Center);
        match entry_card(&self.names, catalog, e) {
            Some(i) => mouse_area(line)
                .on_enter(Message::Hover(i as u32))
                .on_exit(Message::Unhover(i as u32))
                .into(),
            None => line.into(),
        }
    }

    fn view_side(&self) -> iced::widget::Column<'_, Message> {
        let tabs = row![
            choice("Charts", self.tab == Tab::Charts, Message::Tab(Tab::Charts)),
            choice("Deck text", self.tab == Tab::Text, Message::Tab(Tab::Text)),
            choice(
                "History",
                self.tab == Tab::History,
                Message::Tab(Tab::History)
            ),
            choice("Odds", self.tab == Tab::Odds, Message::Tab(Tab::Odds)),
            choice(TTS_TAB, self.tab == Tab::Tts, Message::Tab(Tab::Tts)),
            choice("Tune", self.tab == Tab::Tune, Message::Tab(Tab::Tune)),
        ]
        .spacing(6)
        .wrap()
        .vertical_spacing(6);
        let below: Element<'_, Message> = match self.tab {
            Tab::Charts => column![self.stats.curve.view(150.0), self.stats.types.view(150.0)]
                .spacing(10)
                .into(),
            Tab::Text => self.view_text(),
            Tab::History => self.view_history(),
            Tab::Odds => self.view_odds(),
            Tab::Tts => {
                scrollable(container(self.tts.view(true).map(Message::Tts)).padding(SCROLLBAR_GAP))
                    .into()
            }
            Tab::Tune => scrollable(
                container(
                    self.tune
                        .view(self.info.id, self.info.game)
                        .map(Message::Tune),
                )
                .padding(SCROLLBAR_GAP),
            )
            .into(),
        };
        column![
            self.view_report(),
            rule::horizontal(1),
            tabs,
            container(below).height(Fill)
        ]
        .spacing(8)
    }

    fn view_report(&self) -> Element<'_, Message> {
        let report = match &self.report {
            Ok(r) => r,
            Err(e) => {
                return text(e.as_str())
                    .style(crate::gui::widget::readable::danger)
                    .into();
            }
        };
        let def = games::game(report.game).def();
        let mut c = column![].spacing(4);
        let verdict = if report.legal {
            text("Legal")
                .size(20)
                .style(crate::gui::widget::readable::success)
        } else {
            let n = report.violations.len();
            text(format!("{n} violation{}", if n == 1 { "" } else { "s" }))
                .size(20)
                .style(crate::gui::widget::readable::danger)
        };
        c = c.push(verdict);
        let mut facts = Vec::new();
        if let Some(mode) = report.mode {
            facts.push(format!("{} mode", mode.as_str()));
        }
        let tier = def.construction.tier_noun();
        if let Some(d) = &report.duel {
            facts.push(format!(
                "{} {} · {} life",
                capitalise(&d.name),
                tier.unwrap_or("tier"),
                d.life
            ));
        } else if let Some(tier) = tier {
            facts.push(format!("no {tier} size fits"));
        }
        if let Some(p) = report.players {
            let noun = def.construction.deck_noun();
            facts.push(if p == 1 {
                format!("solo {}", capitalise(noun))
            } else {
                format!("{} for {p} players", capitalise(noun))
            });
        }
        let sections: Vec<String> = report
            .sections
            .iter()
            .filter(|_| def.sections.len() > 1)
            .map(|s| format!("{} {}", s.name, s.count))
            .collect();
        if !sections.is_empty() {
            facts.push(sections.join(", "));
        }
        if !facts.is_empty() {
            c = c.push(text(facts.join(" · ")).size(13));
        }
        let mut list = column![].spacing(6);
        for v in &report.violations {
            let rule = match v.reference {
                Some(r) => format!("{} ({r})", v.rule),
                None => v.rule.to_string(),
            };
            let mut item = column![
                text(rule)
                    .size(12)
                    .style(crate::gui::widget::readable::danger),
                text(v.message.as_str()).size(13)
            ];
            if !v.cards.is_empty() {
                const SHOWN: usize = 12;
                let mut cards = v.cards[..v.cards.len().min(SHOWN)].join(", ");
                if v.cards.len() > SHOWN {
                    cards.push_str(&format!(" and {} more", v.cards.len() - SHOWN));
                }
                item = item.push(text(format!("Cards: {cards}")).size(12).style(muted));
            }
            list = list.push(item);
        }
        c.push(container(scrollable(list.padding(SCROLLBAR_GAP))).max_height(240))
            .into()
    }

    fn view_text(&self) -> Element<'_, Message> {
        let mut c = column![
            text("Paste a deck list (\"3 Card Name\" per line, optional \"Section:\" headers) and import it, replacing the deck.")
                .size(12)
                .style(muted),
            container(
                text_editor(&self.paste)
                    .placeholder("3 Boring Rock of Minimum Wage")
                    .on_action(Message::Paste)
                    .height(Fill)
            )
            .id("paste-box")
            .height(Fill)
            .clip(true),
        ]
        .spacing(6);
        if let Some(e) = &self.text_error {
            c = c.push(
                text(e.as_str())
                    .size(13)
                    .style(crate::gui::widget::readable::danger),
            );
        }
        c.push(
            row![
                button("Import text").on_press(Message::ImportText),
                button("Import file...")
                    .on_press(Message::ImportFile)
                    .style(button::secondary),
            ]
            .spacing(6),
        )
        .push(
            row![
                button("Copy as text")
                    .on_press(Message::CopyText)
                    .style(button::secondary),
                button("Export file...")
                    .on_press(Message::ExportFile)
                    .style(button::secondary),
            ]
            .spacing(6),
        )
        .into()
    }

    fn view_history(&self) -> Element<'_, Message> {
        let mut list = column![].spacing(2);
        for v in self.versions.iter().rev() {
            let current = v.version == self.info.version;
            let label = format!(
                "v{} · {} · {}{}{}",
                v.version,
                crate::gui::words::local_time(&v.saved_at),
                crate::gui::words::count(v.main_count, "card"),
                if current { " (current)" } else { "" },
                v.note
                    .as_deref()
                    .map_or(String::new(), |n| format!(" · {n}"))
            );
            let shown = self.shown.as_ref().is_some_and(|(s, _)| *s == v.version);
            let b = button(text(label).size(13))
                .width(Fill)
                .padding([3, 6])
                .style(button::text)
                .on_press_maybe((!current).then_some(Message::ShowVersion(v.version)));
            list = list.push(if shown {
                container(b).style(selected_row)
            } else {
                container(b)
            });
        }
        let mut c = column![
            text(
                "Every save is a version. Pick one to see how it differs from the current version."
            )
            .size(12)
            .style(muted),
            scrollable(list).height(FillPortion(1)),
        ]
        .spacing(6);
        if let Some((v, lines)) = &self.shown {
            let mut diff =
                column![text(format!("From v{v} to the current version:")).size(13)].spacing(2);
            if lines.is_empty() {
                diff = diff.push(text("no difference").size(13).style(muted));
            }
            for l in lines {
                let delta = i64::from(l.after) - i64::from(l.before);
                let sign = if delta > 0 { "+" } else { "" };
                let board = if l.board == Board::Main {
                    String::new()
                } else {
                    format!(" ({})", l.board.as_str())
                };
                let t = text(format!("{sign}{delta} {}{board}", l.name)).size(13);
                diff = diff.push(if delta > 0 {
                    t.style(crate::gui::widget::readable::success)
                } else {
                    t.style(crate::gui::widget::readable::danger)
                });
            }
            c = c.push(scrollable(diff).height(FillPortion(1))).push(
                button(text(format!("Restore v{v}")))
                    .on_press(Message::Restore(*v))
                    .style(button::secondary),
            );
        }
        c.push(space::vertical().height(4)).into()
    }
}

use super::visual::capitalise;

/// The name of the "by curve" pile grouping: "Cost", "Colour", "Tier".
fn curve_name(def: &crate::games::GameDef) -> String {
    super::visual::curve_label(def).unwrap_or_else(|| "Cost".into())
}
