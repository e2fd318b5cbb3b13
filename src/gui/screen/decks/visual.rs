//! The deck as cards (as Moxfield and Archidekt show it): piles of card
//! faces — the stored picture, or a small face drawn from the card's data —
//! grouped by section or by the deck's curve, the copies fanned so the pile
//! shows its count, with +/− on the top card; the preview pane of the
//! hovered or selected card; what the rules care about on each card; and
//! the keyboard hint for where the focus is.

use iced::widget::{
    Space, button, column, container, image, mouse_area, responsive, row, scrollable, stack, text,
};
use iced::{Border, Element, Fill, Padding, Theme};

use crate::games::{self, FieldKind, GameDef};
use crate::gui::widget::card_face::{WIDTH as FACE_WIDTH, card_face_sized, initials};
use crate::gui::widget::{SCROLLBAR_GAP, hex_color, muted, selected_row};
use crate::model::{Board, Card, FieldValue};
use crate::rules::def::CheckKind;

use super::editor::{Editor, Message, StackBy, entry_card};

/// Width of a card in the visual view.
pub const TILE_WIDTH: f32 = 92.0;

/// How far each copy under the top one shows, down and to the right.
const FAN_Y: f32 = 12.0;
const FAN_X: f32 = 3.0;

/// Copies drawn in a pile; more are told by the count on the top card.
const FANNED: u32 = 4;

/// How far above the bottom edge of the top card its − / + buttons sit
/// (above the type line).
const CONTROLS_LIFT: f32 = 24.0;

/// Narrowest face in the preview pane (below it the face would be mush).
const MIN_PREVIEW_WIDTH: f32 = 120.0;

/// Space around the preview face inside its pane.
const PREVIEW_MARGIN: f32 = 16.0;

/// The facts the game's construction rules depend on, for a card: the label
/// of every labelled rule whose filter picks the card ("Legendary", "Dark
/// City"), the value of every field a rule checks across the deck or on
/// every card (colour, point value, tier), then the card's other
/// single-choice fields (Force, Relic kind). Read from the game's schema and
/// rules, so an added game gets its own.
pub fn rule_facts(def: &GameDef, card: &Card) -> Vec<String> {
    let mut facts: Vec<String> = Vec::new();
    let mut used: Vec<&str> = vec!["type", "cost"];
    let push = |facts: &mut Vec<String>, f: String| {
        if !facts.iter().any(|have| have.eq_ignore_ascii_case(&f)) {
            facts.push(f);
        }
    };
    for r in &def.construction.rules {
        let picks_by_field = r.when.keys().any(|k| k != "type" && k != "name");
        if let Some(label) = &r.label
            && picks_by_field
            && crate::rules::matches(&r.when, card)
        {
            push(&mut facts, label.clone());
            used.extend(r.when.keys().map(String::as_str));
        }
        let checked = match r.check {
            CheckKind::Distinct | CheckKind::Tier | CheckKind::Stack => true,
            // a check on every card, not a cap for some (Fuzzycards' stat caps)
            CheckKind::CardField => !picks_by_field,
            _ => false,
        };
        if let Some(key) = r.field.as_deref()
            && checked
            && !used.contains(&key)
            && let Some(v) = card.field(key)
        {
            let label = def
                .card
                .field(key)
                .and_then(|f| f.label.as_deref())
                .unwrap_or(key);
            let value = v.display();
            push(
                &mut facts,
                match v {
                    FieldValue::Int(_) => format!("{label} {value}"),
                    _ => value,
                },
            );
            used.push(key);
        }
    }
    for fd in &def.card.fields {
        if fd.kind != FieldKind::Enum || used.contains(&fd.key.as_str()) {
            continue;
        }
        if let Some(v) = card.field(&fd.key) {
            push(&mut facts, v.display());
        }
    }
    facts
}

/// The key and the label the "by curve" grouping uses: the game's curve
/// field, else the cost, else its first single-choice field (as the curve
/// chart chooses, src/stats.rs).
fn curve_key(def: &GameDef) -> Option<(&str, String)> {
    let schema = &def.card;
    let key = match &schema.curve {
        Some(c) => c.field.as_str(),
        None if schema.cost.is_some() => "cost",
        None => schema
            .fields
            .iter()
            .find(|f| f.kind == FieldKind::Enum)?
            .key
            .as_str(),
    };
    let label = match key {
        "cost" => "Cost".to_string(),
        _ => {
            let f = schema.field(key)?;
            capitalise(f.label.as_deref().unwrap_or(&f.key))
        }
    };
    Some((key, label))
}

/// The title of the "by curve" grouping.
pub fn curve_label(def: &GameDef) -> Option<String> {
    curve_key(def).map(|(_, label)| label)
}

/// A card's value of the curve field, for sorting (numbers in order, words
/// in the schema's order) and for the group's title.
fn curve_value(def: &GameDef, key: &str, card: &Card) -> Option<(i64, String)> {
    if key == "cost" {
        return card.cost.map(|c| (c, c.to_string()));
    }
    match card.field(key)? {
        FieldValue::Int(n) => Some((*n, n.to_string())),
        v => {
            let word = v.display();
            let order = def
                .card
                .field(key)
                .map(|f| f.values_for(&card.card_type))
                .and_then(|vs| vs.iter().position(|x| *x == word))
                .unwrap_or(usize::MAX);
            Some((i64::try_from(order).unwrap_or(i64::MAX), word))
        }
    }
}

pub fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// The preview's text under the face: the type and rule facts, every
/// field, and the full rules text.
fn preview_details<'a>(def: &'a GameDef, card: &'a Card) -> iced::widget::Column<'a, Message> {
    let mut details = column![].spacing(3);
    let mut kind = vec![card.card_type.clone()];
    kind.extend(rule_facts(def, card));
    details = details.push(text(kind.join(" · ")).size(12).style(muted));
    for fd in &def.card.fields {
        let Some(v) = card.field(&fd.key) else {
            continue;
        };
        if fd.kind == FieldKind::TableList || fd.kind == FieldKind::Table {
            continue;
        }
        let label = fd.label.as_deref().unwrap_or(&fd.key);
        details = details.push(text(format!("{label}: {}", v.display())).size(12));
    }
    if let Some(t) = &card.text {
        details = details.push(text(t.as_str()).size(13));
    }
    details
}

impl Editor {
    /// The deck's entries in the visual view's groups: (title, entries).
    fn visual_groups(&self) -> Vec<(String, Vec<usize>)> {
        let catalog = self.index.catalog();
        let def = games::game(catalog.game).def();
        match (self.stack_by, curve_key(def)) {
            (StackBy::Curve, Some((key, label))) => {
                let mut by: Vec<((i64, String), Vec<usize>)> = Vec::new();
                let (mut none, mut unknown, mut side, mut maybe) =
                    (Vec::new(), Vec::new(), Vec::new(), Vec::new());
                for (n, e) in self.deck.entries.iter().enumerate() {
                    match e.board {
                        Board::Sideboard => side.push(n),
                        Board::Maybeboard => maybe.push(n),
                        Board::Main => match entry_card(&self.names, catalog, e) {
                            None => unknown.push(n),
                            Some(i) => match curve_value(def, key, &catalog.cards[i]) {
                                None => none.push(n),
                                Some(v) => match by.iter_mut().find(|(k, _)| *k == v) {
                                    Some((_, list)) => list.push(n),
                                    None => by.push((v, vec![n])),
                                },
                            },
                        },
                    }
                }
                by.sort_by(|a, b| a.0.cmp(&b.0));
                let mut groups: Vec<(String, Vec<usize>)> = by
                    .into_iter()
                    .map(|((_, word), list)| (format!("{label} {word}"), list))
                    .collect();
                groups.push((format!("No {}", label.to_lowercase()), none));
                groups.push(("Not in the catalog".into(), unknown));
                groups.push(("Sideboard".into(), side));
                groups.push(("Maybeboard".into(), maybe));
                groups
            }
            _ => self.section_groups(),
        }
    }

    /// The visual view: a group per section (or curve value), its piles
    /// wrapping to the width there is.
    pub(super) fn view_visual(&self) -> Element<'_, Message> {
        let mut body = column![].spacing(10);
        for (title, entries) in self.visual_groups() {
            if entries.is_empty() {
                continue;
            }
            let count: u32 = entries.iter().map(|&n| self.deck.entries[n].count).sum();
            let mut piles = row![].spacing(8);
            for n in entries {
                piles = piles.push(self.pile(n));
            }
            body = body.push(
                column![
                    text(format!("{title} ({count})"))
                        .size(14)
                        .style(|t: &Theme| text::Style {
                            color: Some(t.extended_palette().primary.base.color),
                        }),
                    piles.wrap().vertical_spacing(8),
                ]
                .spacing(4),
            );
        }
        if self.deck.entries.is_empty() {
            body = body.push(text("No cards yet.").style(muted));
        }
        container(scrollable(body.padding(SCROLLBAR_GAP)).height(Fill))
            .id("deck-visual")
            .height(Fill)
            .into()
    }

    /// One deck entry as a pile: its copies fanned, the top card with the
    /// count and − / + buttons; a click selects the card.
    fn pile(&self, n: usize) -> Element<'_, Message> {
        let e = &self.deck.entries[n];
        let catalog = self.index.catalog();
        let def = games::game(catalog.game).def();
        let card_i = entry_card(&self.names, catalog, e);
        let card = card_i.map(|i| &catalog.cards[i]);
        let (w, h) = def.print.card_size_mm;
        let tile_h = (TILE_WIDTH * (h / w) as f32).round();
        let shown = e.count.clamp(1, FANNED);
        let fan = shown - 1;
        let pile_w = TILE_WIDTH + FAN_X * fan as f32;
        let pile_h = tile_h + FAN_Y * fan as f32;
        let selected = self.selection.is_some_and(|s| {
            Some(s.card as usize) == card_i && s.board.is_none_or(|b| b == e.board)
        });
        let mut layers = stack![].width(pile_w).height(pile_h);
        for k in 0..shown {
            let top = k == fan;
            let face = self.tile(e.name.as_str(), card, tile_h, top && selected);
            layers = layers.push(container(face).padding(Padding {
                top: FAN_Y * k as f32,
                left: FAN_X * k as f32,
                ..Padding::ZERO
            }));
        }
        let slug = e.id.clone().unwrap_or_else(|| crate::model::slug(&e.name));
        let board = e.board.as_str();
        let small = |label: &'static str, m: Message, id: String| {
            container(
                button(text(label).size(12))
                    .padding([0, 6])
                    .on_press(m)
                    .style(button::secondary),
            )
            .id(id)
        };
        let controls = row![
            small("-", Message::Minus(n), format!("pile-minus-{board}-{slug}")),
            container(text(format!("{}", e.count)).size(12))
                .padding([0, 5])
                .style(|t: &Theme| container::Style {
                    background: Some(t.extended_palette().background.strong.color.into()),
                    border: Border::default().rounded(8),
                    ..container::Style::default()
                }),
            small("+", Message::Plus(n), format!("pile-plus-{board}-{slug}")),
        ]
        .spacing(3)
        .align_y(iced::Center);
        layers = layers.push(
            container(controls)
                .width(Fill)
                .height(Fill)
                // over the bottom of the art box, clear of the type line
                .padding(Padding {
                    left: FAN_X * fan as f32 + 4.0,
                    bottom: CONTROLS_LIFT,
                    ..Padding::ZERO
                })
                .align_bottom(Fill),
        );
        let mut area = mouse_area(layers).on_press(Message::SelectEntry(n));
        if let Some(i) = card_i {
            area = area
                .on_enter(Message::Hover(i as u32))
                .on_exit(Message::Unhover(i as u32));
        }
        container(area).id(format!("pile-{board}-{slug}")).into()
    }

    /// One card of a pile: its stored picture, else a small face drawn from
    /// its data (frame colour, name, cost, initials, type and rule facts).
    fn tile<'a>(
        &'a self,
        name: &'a str,
        card: Option<&'a Card>,
        height: f32,
        selected: bool,
    ) -> Element<'a, Message> {
        let catalog = self.index.catalog();
        let def = games::game(catalog.game).def();
        let frame = hex_color(&def.print.frame);
        let border = move |t: &Theme| Border {
            color: if selected {
                t.extended_palette().primary.strong.color
            } else {
                frame
            },
            width: if selected { 3.0 } else { 2.0 },
            radius: 6.0.into(),
        };
        if let Some(img) = card.and_then(|c| self.images.get(&c.id)) {
            return container(
                image(img.clone())
                    .width(Fill)
                    .height(Fill)
                    .content_fit(iced::ContentFit::Cover),
            )
            .width(TILE_WIDTH)
            .height(height)
            .clip(true)
            .style(move |t: &Theme| container::Style {
                border: border(t),
                ..container::Style::default()
            })
            .into();
        }
        let cost: Element<'a, Message> = match card.and_then(|c| c.cost) {
            Some(c) => container(text(c.to_string()).size(11))
                .padding([0, 4])
                .style(move |_t: &Theme| container::Style {
                    background: Some(frame.into()),
                    text_color: Some(iced::Color::WHITE),
                    border: Border::default().rounded(7),
                    ..container::Style::default()
                })
                .into(),
            None => Space::new().into(),
        };
        let kind = match card {
            Some(c) => {
                let mut parts = vec![c.card_type.clone()];
                parts.extend(rule_facts(def, c));
                parts.join(" · ")
            }
            None => "not in the catalog".to_string(),
        };
        let art = container(text(initials(name)).size(22))
            .center_x(Fill)
            .center_y(Fill)
            .style(move |_t: &Theme| container::Style {
                background: Some(frame.scale_alpha(0.2).into()),
                ..container::Style::default()
            });
        container(
            column![
                row![text(name).size(11).width(Fill), cost].spacing(2),
                art,
                text(kind).size(9),
            ]
            .spacing(3),
        )
        .padding(5)
        .width(TILE_WIDTH)
        .height(height)
        .clip(true)
        .style(move |t: &Theme| container::Style {
            background: Some(t.extended_palette().background.weakest.color.into()),
            border: border(t),
            ..container::Style::default()
        })
        .into()
    }

    /// The preview pane: the hovered or selected card's picture or drawn
    /// face, sized to the pane, and its full text below. `None` when there
    /// is nothing to show.
    pub(super) fn view_preview(&self) -> Option<Element<'_, Message>> {
        let card = self.previewed()?;
        let catalog = self.index.catalog();
        let game = catalog.game;
        let def = games::game(game).def();
        let picture = self.images.get(&card.id).cloned();
        // the face as wide as the pane allows (at most its full size), then
        // the full text; the whole scrolls when the pane is short
        let body = responsive(move |size| {
            let width = (size.width - PREVIEW_MARGIN).clamp(MIN_PREVIEW_WIDTH, FACE_WIDTH);
            let face: Element<'_, Message> = match &picture {
                Some(img) => image(img.clone()).width(width).into(),
                None => card_face_sized(card, game, width),
            };
            scrollable(
                column![container(face).center_x(Fill), preview_details(def, card)]
                    .spacing(8)
                    .padding(SCROLLBAR_GAP),
            )
            .height(Fill)
            .into()
        });
        let title = row![
            text(card.name.as_str()).size(15).width(Fill),
            button(text("Close").size(11))
                .padding([1, 6])
                .style(button::text)
                .on_press_maybe(self.selection.map(|_| Message::Unselect)),
        ]
        .align_y(iced::Center);
        Some(
            container(column![title, body].spacing(6))
                .id("card-preview")
                .padding(6)
                .style(selected_row)
                .into(),
        )
    }

    /// What the keys do where the focus is: in the search box `+` and `-`
    /// are typed, so they change no count there.
    pub fn key_hint(&self) -> String {
        if self.search_focused {
            return "Typing searches (+ and - are typed here). Enter adds the highlighted card, \u{2191}/\u{2193} move, Esc leaves the box.".into();
        }
        let catalog = self.index.catalog();
        let name = |i: u32| {
            catalog
                .cards
                .get(i as usize)
                .map_or("the card", |c| c.name.as_str())
        };
        match self.selection {
            Some(s) if s.board.is_some() => {
                let board = match s.board {
                    Some(Board::Sideboard) => "sideboard",
                    Some(Board::Maybeboard) => "maybeboard",
                    _ => "main board",
                };
                format!(
                    "+ / - add or take out a copy of {} ({board}); \u{2191}/\u{2193} move in the results, Ctrl+F searches.",
                    name(s.card)
                )
            }
            _ => match self.matches.get(self.cursor) {
                Some(&i) => format!(
                    "+ / - add or take out a copy of {}; \u{2191}/\u{2193} move in the results, Ctrl+F searches.",
                    name(i)
                ),
                None => {
                    "Ctrl+F searches the catalog; click a card, then + / - change its count.".into()
                }
            },
        }
    }
}
