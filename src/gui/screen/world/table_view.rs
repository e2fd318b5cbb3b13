//! How the World screen looks in a game for 2 to 4: your World on the board
//! at the left; on the right what the game waits for from you (the Sun's
//! face, the draft offer, the cards to place, a Traveller to welcome), the
//! scores, the other players' Worlds in small, the shared supplies, the final
//! scores table and the log. Sized to fit a 1024×700 window.

use iced::widget::{button, column, container, row, rule, scrollable, text};
use iced::{Border, Color, Element, Fill, Theme};

use crate::engine::solo::{
    Breakdown, Components, MatchPhase, Phase, SIZE, SunDirection, World as Board,
};
use crate::gui::widget::{SCROLLBAR_GAP, heading, muted};

use super::table::{Table, YOU, seat_name};
use super::view::{board, land_button};
use super::{Game, Message, World};

/// Side of a cell of your World.
const CELL: f32 = 58.0;
/// Side of a cell of another player's small World.
const MINI: f32 = 30.0;
/// Width of the right-hand panel.
const PANEL: f32 = 390.0;

impl World {
    pub(super) fn view_table<'a>(
        &'a self,
        g: &'a Game,
        t: &'a Table,
        top: Element<'a, Message>,
    ) -> Element<'a, Message> {
        let c = &g.components;
        let you = t.m.seat(YOU);
        let mut left = column![top, text(status(t)).size(13)].spacing(8);
        left = left.push(board(
            c,
            you.world(),
            &t.targets(c, self.selected()),
            self.hinted_cell(),
            CELL,
        ));
        if let Some(r) = self.refusal() {
            left = left.push(text(r).size(13).style(crate::gui::widget::readable::danger));
        }
        row![
            scrollable(left.padding(SCROLLBAR_GAP))
                .height(Fill)
                .width(Fill),
            rule::vertical(1),
            scrollable(self.view_table_panel(c, t).padding(SCROLLBAR_GAP))
                .height(Fill)
                .width(PANEL),
        ]
        .spacing(10)
        .padding(10)
        .into()
    }

    fn view_table_panel<'a>(
        &'a self,
        c: &'a Components,
        t: &'a Table,
    ) -> iced::widget::Column<'a, Message> {
        let mut p = column![heading(format!(
            "Strange World for {} (computer: {})",
            t.m.players(),
            t.level.as_str()
        ))]
        .spacing(8);
        p = p.push(text(prompt(t)));
        match t.m.phase() {
            MatchPhase::ChooseSun { seat } if seat == YOU => {
                let mut r = row![].spacing(6);
                for d in SunDirection::BOTH {
                    let to = seat_name(d.next(YOU, t.m.players()));
                    r = r.push(
                        container(
                            button(text(format!("Pass to {to}")).size(13))
                                .on_press(Message::Sun(d)),
                        )
                        .id(format!("sun-{}", d.as_str())),
                    );
                }
                p = p.push(r);
            }
            MatchPhase::Draft { .. } if t.m.waits_for(YOU) => p = p.push(self.view_draft(c, t)),
            MatchPhase::Play { seat } if seat == YOU => match t.m.seat(YOU).phase() {
                Phase::Place => p = p.push(self.view_table_hand(c, t)),
                Phase::Welcome { .. } => p = p.push(view_welcome(c, t)),
                _ => {}
            },
            _ => {}
        }
        let scores = t.m.scores(c);
        if t.m.is_finished() {
            p = p.push(rule::horizontal(1));
            p = p.push(final_table(t, &scores));
        }
        p = p.push(rule::horizontal(1));
        p = p.push(text("Worlds").size(15));
        let mut worlds = column![].spacing(6);
        let mut pair = row![].spacing(10);
        for seat in 0..t.m.players() {
            let s = t.m.seat(seat);
            if seat % 2 == 0 && seat > 0 {
                worlds = worlds.push(pair);
                pair = row![].spacing(10);
            }
            pair = pair.push(
                column![
                    text(format!(
                        "{}: {} stars",
                        seat_name(seat),
                        scores[usize::from(seat)].total
                    ))
                    .size(12),
                    mini_world(c, s.world()),
                ]
                .spacing(2),
            );
        }
        p = p.push(worlds.push(pair));
        p = p.push(rule::horizontal(1));
        let supply = t.m.supply();
        let offered: Vec<String> = supply
            .offer()
            .map(|i| {
                let tr = &c.travellers[usize::from(i)];
                format!("{} +{}", tr.name, tr.bonus)
            })
            .collect();
        let cities: Vec<String> = supply.cities_left().iter().map(|n| n.to_string()).collect();
        p = p.push(
            text(format!(
                "Travellers left: {}\nDark Cities left: {} · Fumaroles left: {} · Land deck: {}",
                none_if_empty(&offered),
                none_if_empty(&cities),
                supply.fumaroles_left(),
                t.m.deck_left()
            ))
            .size(12)
            .style(muted),
        );
        p = p.push(rule::horizontal(1));
        p = p.push(text("What happened").size(15));
        let mut log = column![].spacing(2);
        for line in t.lines(c, 14) {
            log = log.push(text(line).size(11));
        }
        p.push(log)
    }

    fn view_draft<'a>(&'a self, c: &'a Components, t: &'a Table) -> Element<'a, Message> {
        let mut list = column![].spacing(4);
        for card in t.m.draft_hand(YOU) {
            let on = self.passing().contains(&card);
            list = list.push(land_button(
                c,
                card,
                format!("{}{}", if on { "Pass: " } else { "" }, c.land(card).name),
                on,
                Message::DraftCard(card),
                format!("draft-{card}"),
            ));
        }
        list.push(container(button(text("Pass").size(13)).on_press(Message::Pass)).id("draft-pass"))
            .into()
    }

    fn view_table_hand<'a>(&'a self, c: &'a Components, t: &'a Table) -> Element<'a, Message> {
        let mut list = column![].spacing(4);
        for card in t.m.seat(YOU).hand() {
            list = list.push(land_button(
                c,
                card,
                c.land(card).name.clone(),
                self.selected() == Some(card),
                Message::Select(card),
                format!("hand-{card}"),
            ));
        }
        list.into()
    }
}

fn view_welcome<'a>(c: &'a Components, t: &'a Table) -> Element<'a, Message> {
    let mut actions = Vec::new();
    t.m.seat(YOU).legal_actions(c, &mut actions);
    super::view::welcome_list(c, actions, None)
}

fn none_if_empty(v: &[String]) -> String {
    if v.is_empty() {
        "none".into()
    } else {
        v.join(", ")
    }
}

/// Turn, Sun holder and direction, whose turn it is.
fn status(t: &Table) -> String {
    let m = &t.m;
    let dir = match m.direction() {
        SunDirection::Clockwise => "clockwise",
        SunDirection::Counterclockwise => "counterclockwise",
    };
    let whose = match m.phase() {
        MatchPhase::ChooseSun { seat } => format!("{} turns the Sun", seat_name(seat)),
        MatchPhase::Draft { pass } => format!("draft: pass {pass}"),
        MatchPhase::Play { seat } => format!("{} to place", seat_name(seat)),
        MatchPhase::Finished => "game over".into(),
    };
    format!(
        "Turn {} of {} · Sun: {} ({dir}, cards go to {}) · {whose} · Seed {}",
        m.turn(),
        m.turns(),
        seat_name(m.sun()),
        seat_name(m.pass_to(YOU)),
        t.seed
    )
}

/// What the game waits for from you.
fn prompt(t: &Table) -> String {
    let m = &t.m;
    match m.phase() {
        MatchPhase::ChooseSun { seat } if seat == YOU => {
            "You hold the Sun: choose its face, the direction of the draft and of play.".into()
        }
        MatchPhase::Draft { pass } if m.waits_for(YOU) => format!(
            "Draft: mark {pass} card{} to pass to {}, then Pass.",
            if pass == 1 { "" } else { "s" },
            seat_name(m.pass_to(YOU))
        ),
        MatchPhase::Play { seat } if seat == YOU => match m.seat(YOU).phase() {
            Phase::Welcome { .. } => {
                "A portal is complete: welcome a Traveller, or decline.".into()
            }
            Phase::Erupt { .. } => "The Volcano erupts: click the card the Fumarole covers.".into(),
            Phase::JoinCity { .. } => {
                "Click the Fumarole the Dark City joins the new one with.".into()
            }
            _ => "Your turn: pick a card, then click a lit cell.".into(),
        },
        MatchPhase::Finished => "Every World is complete.".into(),
        _ => "Waiting for the other players.".into(),
    }
}

/// One scoring part of a breakdown.
type Part = fn(&Breakdown) -> u32;

/// The final scores: a column per player, a row per scoring part.
fn final_table<'a>(t: &Table, scores: &[Breakdown]) -> Element<'a, Message> {
    let winners: Vec<u8> = {
        let best = scores.iter().map(|b| b.total).max().unwrap_or(0);
        (0..t.m.players())
            .filter(|&s| scores[usize::from(s)].total == best)
            .collect()
    };
    let mut header = row![text("").width(90)];
    for s in 0..t.m.players() {
        header = header.push(text(seat_name(s)).size(12).width(70));
    }
    let mut col = column![text("Final scores").size(15), header].spacing(2);
    let parts: [(&str, Part); 8] = [
        ("Mountains", |b| b.mountains),
        ("Lakes", |b| b.lakes),
        ("Animals", |b| b.animals),
        ("Swamps", |b| b.swamps),
        ("Dark Cities", |b| b.dark_cities),
        ("Watchers", |b| b.watchers),
        ("Travellers", |b| b.travellers),
        ("Total", |b| b.total),
    ];
    for (name, f) in parts {
        let mut r = row![text(name).size(12).width(90)];
        for b in scores {
            r = r.push(text(f(b).to_string()).size(12).width(70));
        }
        col = col.push(r);
    }
    let names: Vec<String> = winners.iter().map(|&w| seat_name(w)).collect();
    col = col.push(
        text(match names.len() {
            1 if winners[0] == YOU => "You win!".to_string(),
            1 => format!("{} wins.", names[0]),
            _ => format!("A shared win: {}.", names.join(" and ")),
        })
        .size(14),
    );
    col.into()
}

/// Another player's World in small: its square, each card's first letters.
fn mini_world<'a>(c: &'a Components, w: &Board) -> Element<'a, Message> {
    let (x0, y0, _, _) = w.bounds().unwrap_or((0, 0, 0, 0));
    let mut grid = column![].spacing(1);
    for y in y0..y0 + SIZE {
        let mut line = row![].spacing(1);
        for x in x0..x0 + SIZE {
            let cell = crate::engine::solo::Pos::new(x, y).and_then(|p| w.cell(p));
            let label: String = cell.map_or(String::new(), |cell| {
                c.land(cell.card).name.chars().take(4).collect()
            });
            let state = cell.map(|cell| (cell.face_up, cell.fumarole));
            line = line.push(
                container(text(label).size(8))
                    .width(MINI)
                    .height(MINI)
                    .clip(true)
                    .padding(1)
                    .style(move |t: &Theme| {
                        let p = t.extended_palette();
                        let (bg, fg) = match state {
                            Some((_, true)) => (Color::from_rgb8(0x6b, 0x6b, 0x6b), Color::WHITE),
                            Some((false, false)) => {
                                (Color::from_rgb8(0x3d, 0x2b, 0x56), Color::WHITE)
                            }
                            Some((true, false)) => {
                                (p.background.weak.color, p.background.weak.text)
                            }
                            None => (p.background.base.color, p.background.base.text),
                        };
                        container::Style {
                            background: Some(bg.into()),
                            text_color: Some(fg),
                            border: Border {
                                color: p.background.strong.color,
                                width: 1.0,
                                radius: 2.0.into(),
                            },
                            ..container::Style::default()
                        }
                    }),
            );
        }
        grid = grid.push(line);
    }
    grid.into()
}
