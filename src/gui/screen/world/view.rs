//! How the World screen looks: the board with its Travellers at the side on
//! the left; on the right what the game waits for (the stacks, the hand, a
//! Traveller to welcome), the live score with its rating, and the log.

use iced::widget::{
    button, column, container, pick_list, row, rule, scrollable, space, text, text_input,
};
use iced::{Border, Color, Element, Fill, Theme};

use crate::engine::solo::{Action as Move, Components, GRID, Land, Phase, Pos, SeatLevel, Side};
use crate::gui::widget::{Pick, SCROLLBAR_GAP, heading, muted, picked};
use crate::store::CatalogId;

use super::{Game, Hint, Message, SEED_ID, Switch, World, cell_name, describe, rows_name};

/// What the table says while the computer players work out their moves.
pub const THINKING: &str = "The computer players are thinking…";

/// The catalog list's width.
const CATALOG_WIDTH: f32 = 280.0;

/// Side of a board cell, in pixels.
const CELL: f32 = 70.0;
/// Width of a Traveller column beside the board.
const SIDE: f32 = 60.0;

impl World {
    pub fn view(&self) -> Element<'_, Message> {
        let screen = self.view_screen();
        match self.asking() {
            None => screen,
            Some(s) => {
                crate::gui::widget::modal(screen, view_switch(s), Message::SwitchAnswered(false))
            }
        }
    }

    fn view_screen(&self) -> Element<'_, Message> {
        let catalogs: Vec<Pick<CatalogId>> = self
            .catalogs()
            .iter()
            .map(|c| Pick::some(c.id, c.name.clone()).fitted(CATALOG_WIDTH))
            .collect();
        let current = self.game().map(|g| g.info.id);
        let seed = self.game().map(|g| g.game.seed());
        let top = row![
            pick_list(
                catalogs.clone(),
                picked(&catalogs, current.as_ref()),
                Message::Catalog
            )
            .placeholder("A Strange World catalog")
            .width(CATALOG_WIDTH),
            // the seed is shown once, in the box; the label names the game's
            // own only while the box holds another one
            text(match seed {
                Some(s) if self.seed_text.trim() != s.to_string() => {
                    format!("Seed (this game: {s})")
                }
                _ => "Seed".to_string(),
            }),
            text_input("seed", &self.seed_text)
                .id(SEED_ID)
                .on_input(Message::SeedTyped)
                .on_submit(Message::Replay)
                .width(110),
        ]
        .spacing(10)
        .align_y(iced::Center);
        let mut players = row![text("Players:").size(13)]
            .spacing(6)
            .align_y(iced::Center);
        for n in 1..=4u8 {
            let label = if n == 1 {
                "Solo".to_string()
            } else {
                n.to_string()
            };
            players = players.push(
                container(
                    button(text(label).size(12))
                        .on_press(Message::Players(n))
                        .style(if self.players() == n {
                            button::primary
                        } else {
                            button::secondary
                        }),
                )
                .id(format!("players-{n}")),
            );
        }
        if self.players() > 1 {
            players = players.push(text("Computer:").size(13));
            for l in [SeatLevel::Quick, SeatLevel::Strong] {
                players = players.push(
                    container(
                        button(text(l.as_str()).size(12))
                            .on_press(Message::Level(l))
                            .style(if self.level() == l {
                                button::primary
                            } else {
                                button::secondary
                            }),
                    )
                    .id(format!("level-{}", l.as_str())),
                );
            }
        }
        players = players.push(
            button(text("Replay seed").size(12))
                .on_press(Message::Replay)
                .style(button::secondary),
        );
        players = players.push(button(text("New game").size(12)).on_press(Message::NewGame));
        let mut positions = row![
            button(text("Set up a position…").size(12))
                .on_press(Message::AskPosition)
                .style(button::secondary),
            button(text("Save position…").size(12))
                .on_press_maybe(self.game().is_some().then_some(Message::AskSavePosition))
                .style(button::secondary),
        ]
        .spacing(6)
        .align_y(iced::Center);
        // in a game for 2 to 4, Undo and Hint sit on this row: a row more
        // would push the board's last row out of a 1024×700 window
        if let Some(t) = self.table() {
            positions = positions.push(self.view_table_buttons(t));
        }
        if let Some(p) = self.position() {
            let name = p.file.file_name().map_or_else(
                || p.file.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            );
            positions = positions.push(text(format!("Position from {name}")).size(12).style(muted));
        }
        let top = column![top, players, positions].spacing(6);
        if let (Some(g), Some(t)) = (self.game(), self.table()) {
            let top = match self.view_table_line() {
                Some(line) => top.push(line),
                None => top,
            };
            return self.view_table(g, t, top.into());
        }
        let Some(g) = self.game() else {
            return column![
                top,
                text("Choose a Strange World catalog to play the solo mode.").style(muted)
            ]
            .spacing(10)
            .padding(12)
            .into();
        };
        let mut left = column![top, self.view_board(g)].spacing(10);
        if let Some(r) = self.refusal() {
            left = left.push(text(r).size(13).style(crate::gui::widget::readable::danger));
        }
        row![
            scrollable(left.padding(SCROLLBAR_GAP))
                .height(Fill)
                .width(Fill),
            rule::vertical(1),
            // narrow enough that the whole 7-column board fits beside it
            // in a 1024-pixel window
            scrollable(self.view_panel(g).padding(SCROLLBAR_GAP))
                .height(Fill)
                .width(300),
        ]
        .spacing(12)
        .padding(12)
        .into()
    }

    /// Undo and Hint in a game for 2 to 4.
    fn view_table_buttons<'a>(&'a self, t: &'a super::Table) -> Element<'a, Message> {
        let hinting = self.hint() == Hint::Thinking;
        row![
            container(
                button(text("Undo").size(12))
                    .on_press_maybe(self.can_undo_table().then_some(Message::Undo))
                    .style(button::secondary)
            )
            .id("table-undo"),
            container(
                button(text(if hinting { "Thinking..." } else { "Hint" }).size(12))
                    .on_press_maybe(
                        (!hinting && !self.thinking() && t.m.waits_for(super::YOU))
                            .then_some(Message::Hint)
                    )
                    .style(button::secondary)
            )
            .id("table-hint"),
        ]
        .spacing(6)
        .into()
    }

    /// What the computer players are doing, or the hint when one came, in
    /// a game for 2 to 4.
    fn view_table_line(&self) -> Option<Element<'_, Message>> {
        if self.thinking() {
            return Some(text(THINKING).size(13).style(muted).into());
        }
        let line = self.table_hint_line()?;
        Some(
            text(line)
                .size(13)
                .style(|t: &Theme| text::Style {
                    color: Some(t.extended_palette().primary.base.color),
                })
                .into(),
        )
    }

    fn view_board<'a>(&'a self, g: &'a Game) -> Element<'a, Message> {
        board(
            &g.components,
            g.game.state().world(),
            &self.targets(),
            self.hinted_cell(),
            CELL,
        )
    }

    fn view_panel<'a>(&'a self, g: &'a Game) -> iced::widget::Column<'a, Message> {
        let c = &g.components;
        let s = g.game.state();
        let mut p = column![].spacing(10);
        let prompt = match s.phase() {
            Phase::ChooseStack => format!("Turn {} of 5: take a stack.", s.turn() + 1),
            Phase::Place => {
                if s.hand_revealed() {
                    "Place the cards of the stack in the order you like: pick one, then click a lit cell.".to_string()
                } else {
                    "Place the stack's revealed card: click a lit cell.".to_string()
                }
            }
            Phase::Welcome { .. } => {
                "A portal is complete: welcome a Traveller, or decline.".to_string()
            }
            Phase::Erupt { .. } => {
                "The Volcano erupts: click the card the Fumarole covers.".to_string()
            }
            Phase::JoinCity { .. } => {
                "Click the Fumarole the Dark City joins the new one with.".to_string()
            }
            Phase::Finished => "The World is complete.".to_string(),
        };
        p = p.push(heading("Strange World solo"));
        p = p.push(text(prompt));
        let thinking = self.hint() == Hint::Thinking;
        p = p.push(
            row![
                button(text("Undo").size(13))
                    .on_press_maybe(g.game.can_undo().then_some(Message::Undo))
                    .style(button::secondary),
                button(text(if thinking { "Thinking..." } else { "Hint" }).size(13))
                    .on_press_maybe((!thinking && !s.is_finished()).then_some(Message::Hint))
                    .style(button::secondary),
            ]
            .spacing(8),
        );
        // the hint under the button that asked for it
        if let Hint::Ready(h) = self.hint() {
            let line = match h {
                Some(m) => format!(
                    "Hint (search player): {}",
                    describe(&g.components, s.world(), m)
                ),
                None => "Hint: nothing left to do.".into(),
            };
            p = p.push(text(line).size(13).style(|t: &Theme| text::Style {
                color: Some(t.extended_palette().primary.base.color),
            }));
        }
        match s.phase() {
            Phase::ChooseStack => p = p.push(self.view_stacks(g)),
            Phase::Place => p = p.push(self.view_hand(g)),
            Phase::Welcome { .. } => p = p.push(self.view_welcome(g)),
            _ => {}
        }
        p = p.push(rule::horizontal(1));
        p = p.push(view_score(g));
        p = p.push(rule::horizontal(1));
        p = p.push(text("Travellers on offer").size(15));
        let mut offered = column![].spacing(3);
        for t in s.offer() {
            let trav = &c.travellers[usize::from(t)];
            offered = offered.push(
                text(format!(
                    "{} (5 + {}): {}",
                    trav.name,
                    trav.bonus,
                    condition(c, t)
                ))
                .size(12),
            );
        }
        p = p.push(offered);
        let cities: Vec<String> = s.cities_left().iter().map(|n| n.to_string()).collect();
        p = p.push(
            text(format!(
                "Dark Cities left: {} · Fumaroles left: {}",
                if cities.is_empty() {
                    "none".to_string()
                } else {
                    cities.join(", ")
                },
                s.fumaroles_left()
            ))
            .size(12)
            .style(muted),
        );
        p = p.push(rule::horizontal(1));
        p = p.push(text("What happened").size(15));
        let mut log = column![].spacing(3);
        for line in self.log_lines(12) {
            log = log.push(text(line).size(11));
        }
        p.push(log)
    }

    fn view_stacks<'a>(&'a self, g: &'a Game) -> Element<'a, Message> {
        let c = &g.components;
        let hinted = match self.hint() {
            Hint::Ready(Some(Move::TakeStack { stack })) => Some(stack),
            _ => None,
        };
        let mut list = column![].spacing(4);
        for v in g.game.state().stacks() {
            let Some(top) = v.top else { continue };
            let land = c.land(top);
            list = list.push(land_button(
                c,
                top,
                format!("Stack {}: {}", v.stack + 1, land.name),
                hinted == Some(v.stack),
                Message::Stack(v.stack),
                format!("stack-{}", v.stack),
            ));
        }
        list.into()
    }

    fn view_hand<'a>(&'a self, g: &'a Game) -> Element<'a, Message> {
        let c = &g.components;
        let mut list = column![text("In hand").size(15)].spacing(4);
        for card in g.game.state().hand() {
            list = list.push(land_button(
                c,
                card,
                c.land(card).name.clone(),
                self.selected() == Some(card),
                Message::Select(card),
                format!("hand-{card}"),
            ));
        }
        if !g.game.state().hand_revealed() {
            list = list.push(
                text("The stack's other two cards are revealed once this one is placed.")
                    .size(11)
                    .style(muted),
            );
        }
        list.into()
    }

    fn view_welcome<'a>(&'a self, g: &'a Game) -> Element<'a, Message> {
        let hinted = match self.hint() {
            Hint::Ready(Some(m)) => Some(m),
            _ => None,
        };
        welcome_list(&g.components, g.game.legal_actions(&g.components), hinted)
    }
}

/// A button for each Traveller the player may welcome among `actions`, and
/// Decline; the `hinted` move stands out (the solo board and the user's
/// World in a game for 2 to 4).
pub(super) fn welcome_list<'a>(
    c: &Components,
    actions: impl IntoIterator<Item = Move>,
    hinted: Option<Move>,
) -> Element<'a, Message> {
    let mut list = column![].spacing(4);
    for a in actions {
        let Move::Welcome {
            traveller,
            side,
            upper,
        } = a
        else {
            continue;
        };
        let label = format!(
            "{} on the {}, {}",
            c.travellers[usize::from(traveller)].name,
            side.as_str(),
            rows_name(upper)
        );
        let b = button(text(label).size(13))
            .width(Fill)
            .style(if hinted == Some(a) {
                button::primary
            } else {
                button::secondary
            })
            .on_press(Message::Welcome {
                traveller,
                side,
                upper,
            });
        list = list.push(container(b).id(format!("welcome-{traveller}-{}-{upper}", side.as_str())));
    }
    list.push(
        container(
            button(text("Decline").size(13))
                .style(if hinted == Some(Move::Decline) {
                    button::primary
                } else {
                    button::text
                })
                .on_press(Message::Decline),
        )
        .id("welcome-decline"),
    )
    .into()
}

/// The board of World `w` with cells of side `size`: `targets` lit, `hinted`
/// marked (the solo board and the user's World in a game for 2 to 4).
pub(super) fn board<'a>(
    c: &'a Components,
    w: &crate::engine::solo::World,
    targets: &[Pos],
    hinted: Option<Pos>,
    size: f32,
) -> Element<'a, Message> {
    let cities: Vec<(Pos, u8)> = w
        .dark_cities()
        .iter()
        .filter_map(|d| d.junction.map(|(a, b)| [(a, d.stars), (b, d.stars)]))
        .flatten()
        .collect();
    let possible: Vec<Pos> = w.possible_positions().collect();
    // a row or column is named only where a card lies or may go: the
    // labels of cells that cannot exist read as board that is not there
    let used_column = |x: u8| possible.iter().any(|p| p.x() == x);
    let used_row = |y: u8| possible.iter().any(|p| p.y() == y);
    let mut header = row![space().width(SIDE + 20.0)].spacing(2);
    for x in 0..GRID {
        let name = if used_column(x) {
            ((b'A' + x) as char).to_string()
        } else {
            String::new()
        };
        header = header.push(container(text(name).size(12).style(muted)).center_x(size));
    }
    let mut grid = column![header].spacing(2);
    // The Travellers sit just outside the World's closed side; when that
    // side is the board's edge, in the margin column beyond it.
    let closed = w.closed();
    let beside = |x: u8| match closed {
        Some((Side::Left, b)) => b.checked_sub(1) == Some(x),
        Some((Side::Right, b)) => b + 1 == x,
        None => false,
    };
    let margin = |side: Side| match closed {
        Some((Side::Left, 0)) => side == Side::Left,
        Some((Side::Right, b)) => b + 1 == GRID && side == Side::Right,
        _ => false,
    };
    for y in 0..GRID {
        let name = if used_row(y) {
            (y + 1).to_string()
        } else {
            String::new()
        };
        let mut line = row![
            container(text(name).size(12).style(muted))
                .center_y(size)
                .width(18),
            if margin(Side::Left) {
                travellers(c, w, Side::Left, y, SIDE, size)
            } else {
                space().width(SIDE).into()
            },
        ]
        .spacing(2);
        for x in 0..GRID {
            let Some(at) = Pos::new(x, y) else { continue };
            if beside(x) && w.cell(at).is_none() {
                let side = closed.map_or(Side::Left, |(s, _)| s);
                line = line.push(travellers(c, w, side, y, size, size));
                continue;
            }
            let city = cities.iter().find(|(p, _)| *p == at).map(|(_, s)| *s);
            line = line.push(cell(
                c,
                w,
                at,
                Look {
                    target: targets.contains(&at),
                    hinted: hinted == Some(at),
                    in_frame: possible.contains(&at),
                    size,
                },
                city,
            ));
        }
        if margin(Side::Right) {
            line = line.push(travellers(c, w, Side::Right, y, SIDE, size));
        }
        grid = grid.push(line);
    }
    grid.into()
}

/// The Travellers on `side` beside board row `y`.
fn travellers<'a>(
    c: &'a Components,
    w: &crate::engine::solo::World,
    side: Side,
    y: u8,
    width: f32,
    size: f32,
) -> Element<'a, Message> {
    let mut names = column![].spacing(1);
    let mut any = false;
    for t in w.travellers() {
        if t.side != side || !t.covers(y) {
            continue;
        }
        any = true;
        let trav = &c.travellers[usize::from(t.traveller)];
        // named on its upper row, or on its lower one when the upper lies
        // above the board (a Traveller over the row above a top-row portal)
        let label = if y as i8 == t.upper.max(0) {
            format!("{} +{}", trav.name, trav.bonus)
        } else {
            format!("({})", trav.name)
        };
        names = names.push(text(label).size(11));
    }
    let b = container(names).center_y(size).width(width).padding(3);
    if any {
        b.style(|t: &Theme| container::Style {
            background: Some(t.extended_palette().secondary.weak.color.into()),
            border: Border::default().rounded(4),
            ..container::Style::default()
        })
        .into()
    } else {
        b.into()
    }
}

/// A Traveller's condition in words.
fn condition(c: &Components, t: u8) -> String {
    let k = &c.travellers[usize::from(t)].condition;
    let mut parts = Vec::new();
    let mut need = |n: u8, what: &str| {
        if n > 0 {
            parts.push(format!("{n} {what}"));
        }
    };
    need(k.lakes, "lakes");
    need(k.mountains, "mountains");
    need(k.swamps, "swamps");
    need(k.watchers, "watchers");
    need(k.fumaroles, "Fumaroles");
    need(k.portals, "portals");
    need(k.species, "different animals");
    need(k.swamps_each_row, "swamp in each row");
    if parts.is_empty() {
        "no condition".into()
    } else {
        format!("at least {} in its two rows", parts.join(", "))
    }
}

/// A Land's icons in words.
/// A Land as a button: its title over its icons, highlighted when `on`,
/// with the id tests click it by.
pub(super) fn land_button<'a>(
    c: &Components,
    card: u8,
    title: String,
    on: bool,
    press: Message,
    id: String,
) -> Element<'a, Message> {
    let b = button(
        column![
            text(title).size(13),
            text(icons(c, c.land(card)).join(" · ")).size(11),
        ]
        .spacing(2),
    )
    .width(Fill)
    .padding([4, 8])
    .style(if on {
        button::primary
    } else {
        button::secondary
    })
    .on_press(press);
    container(b).id(id).into()
}

pub fn icons(c: &Components, l: &Land) -> Vec<String> {
    let mut out = Vec::new();
    if l.mountains > 0 {
        out.push(format!(
            "{} mountain{}",
            l.mountains,
            if l.mountains == 1 { "" } else { "s" }
        ));
    }
    if l.lake {
        out.push("lake".into());
    }
    if l.swamp {
        out.push("swamp".into());
    }
    if l.watcher {
        out.push("watcher".into());
    }
    if let Some(s) = l.species.and_then(|s| c.species.get(usize::from(s))) {
        out.push(s.clone());
    }
    if l.volcano {
        out.push("volcano".into());
    }
    if let Some(e) = l.portal {
        out.push(format!("portal {}", e.as_str()));
    }
    out
}

/// How a cell is drawn.
#[derive(Clone, Copy, Debug)]
struct Look {
    /// A click here is a legal move.
    target: bool,
    /// The hint's cell.
    hinted: bool,
    /// The World may still reach it.
    in_frame: bool,
    /// Side of the cell, in pixels.
    size: f32,
}

/// One board cell: a card (face up, Tzimime side up or under a Fumarole) or
/// an empty place, lit when a click there would be a legal move.
fn cell<'a>(
    c: &'a Components,
    w: &crate::engine::solo::World,
    at: Pos,
    look: Look,
    city: Option<u8>,
) -> Element<'a, Message> {
    let Look {
        target,
        hinted,
        in_frame,
        size,
    } = look;
    let (x, y) = (at.x(), at.y());
    let content: Element<'a, Message> = match w.cell(at) {
        Some(cell) => {
            let land = c.land(cell.card);
            let mut col = column![].spacing(1);
            if cell.fumarole {
                // what a Fumarole does, said on the cell itself (rules-notes,
                // Strange World, "Covered cards"): the card below shows no
                // icons, so it scores nothing and meets no condition
                col = col
                    .push(text("Fumarole").size(11))
                    .push(text(format!("over {}: no icons", land.name)).size(9));
            } else if !cell.face_up {
                col = col
                    .push(text(land.name.as_str()).size(10))
                    .push(text("Tzimime").size(11));
            } else {
                col = col.push(text(land.name.as_str()).size(10));
                for i in icons(c, land) {
                    col = col.push(text(i).size(10));
                }
            }
            if let Some(stars) = city {
                col = col.push(text(format!("City {stars}")).size(10));
            }
            col.into()
        }
        None if in_frame => text(cell_name(at)).size(10).style(muted).into(),
        None => space().into(),
    };
    let state = w.cell(at).map(|cell| (cell.face_up, cell.fumarole));
    let body = container(content)
        .padding(3)
        .width(size)
        .height(size)
        .clip(true)
        .style(move |t: &Theme| {
            let p = t.extended_palette();
            let (bg, fg) = match state {
                Some((_, true)) => (Color::from_rgb8(0x6b, 0x6b, 0x6b), Color::WHITE),
                Some((false, false)) => (Color::from_rgb8(0x3d, 0x2b, 0x56), Color::WHITE),
                Some((true, false)) => (p.background.weak.color, p.background.weak.text),
                None => (p.background.base.color, p.background.base.text),
            };
            let border = if hinted {
                Border {
                    color: p.primary.strong.color,
                    width: 3.0,
                    radius: 4.0.into(),
                }
            } else if target {
                Border {
                    color: p.success.base.color,
                    width: 3.0,
                    radius: 4.0.into(),
                }
            } else if in_frame || state.is_some() {
                Border {
                    color: p.background.strong.color,
                    width: 1.0,
                    radius: 4.0.into(),
                }
            } else {
                // a place the World can no longer reach: not drawn
                Border::default()
            };
            container::Style {
                background: Some(bg.into()),
                text_color: Some(fg),
                border,
                ..container::Style::default()
            }
        });
    container(
        button(body)
            .padding(0)
            .style(button::text)
            .on_press(Message::Cell(x, y)),
    )
    .id(format!("cell-{x}-{y}"))
    .into()
}

/// The live score: the seven parts, the total and its rating band, and how
/// each welcomed Traveller scores.
fn view_score(g: &Game) -> Element<'_, Message> {
    let c = &g.components;
    let b = g.game.score(c);
    let rating = c.rules.rating(i64::from(b.total));
    let band = c.rules.band(i64::from(b.total));
    let mut col = column![
        text(format!("Score {}", b.total)).size(20),
        text(format!("{band}: {rating}")).size(12).style(muted),
    ]
    .spacing(3);
    for (name, v) in [
        ("Mountains", b.mountains),
        ("Lakes", b.lakes),
        ("Animals", b.animals),
        ("Swamps", b.swamps),
        ("Dark Cities", b.dark_cities),
        ("Watchers", b.watchers),
        ("Travellers", b.travellers),
    ] {
        col = col.push(
            row![
                text(name).size(13).width(Fill),
                text(v.to_string()).size(13)
            ]
            .width(200),
        );
    }
    for t in crate::engine::solo::travellers(g.game.state().world(), c) {
        col = col.push(
            text(format!(
                "{}: {} ({})",
                t.name,
                if t.met {
                    "condition met"
                } else {
                    "condition not met"
                },
                crate::gui::words::count(t.points, "star")
            ))
            .size(12),
        );
    }
    col.into()
}

/// "Start a new game?" before another player count or level deals one.
fn view_switch(s: Switch) -> Element<'static, Message> {
    let (what, yes) = match s {
        Switch::Players(1) => ("solo".to_string(), "Play solo".to_string()),
        Switch::Players(n) => (format!("{n} players"), format!("Play with {n}")),
        Switch::Level(l) => (
            format!("a {} computer", l.as_str()),
            format!("Play against {}", l.as_str()),
        ),
    };
    crate::gui::widget::dialog(
        column![
            text(format!(
                "Switching to {what} deals a new game: the moves of the game in progress are lost."
            )),
            row![
                button(text(yes)).on_press(Message::SwitchAnswered(true)),
                button("Keep playing")
                    .on_press(Message::SwitchAnswered(false))
                    .style(button::secondary),
            ]
            .spacing(10)
        ]
        .spacing(16),
    )
}
