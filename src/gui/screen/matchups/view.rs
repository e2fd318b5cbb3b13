//! How the Matchups screen looks: the game, its decks to tick and the run's
//! settings in a column on the left; the run's progress and the result —
//! the win-rate matrix and the per-deck first/second split — on the right,
//! scrolled both ways so that it fits a 1024×700 window.

use iced::widget::{
    Space, button, checkbox, column, container, pick_list, progress_bar, row, rule, scrollable,
    text, text_input, tooltip,
};
use iced::{Element, Fill, Theme};

use crate::engine::game::Level;
use crate::engine::matchup::SeatRecord;
use crate::gui::widget::{Pick, SCROLLBAR_GAP, choice, heading, muted, picked};

use super::{
    Cell, GAMES_ID, MAX_DECKS, Matchups, Matrix, Message, RunState, SEED_ID, Step, deck_box_id,
};

/// Width of the settings column.
const SIDE_WIDTH: f32 = 290.0;
/// Width of a matrix cell, and of the matrix's row labels.
const CELL_WIDTH: f32 = 124.0;
const LABEL_WIDTH: f32 = 190.0;
/// How strongly a cell is tinted when one deck is measurably favoured.
const SHADE: f32 = 0.3;
/// Width of a deck's name in the first/second table.
const SPLIT_NAME_WIDTH: f32 = 250.0;

fn pct(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

fn level_name(l: Level) -> &'static str {
    l.name()
}

impl Matchups {
    pub fn view(&self) -> Element<'_, Message> {
        row![
            container(self.view_settings())
                .width(SIDE_WIDTH)
                .height(Fill),
            rule::vertical(1),
            scrollable(self.view_results().padding(SCROLLBAR_GAP))
                .width(Fill)
                .height(Fill),
        ]
        .spacing(12)
        .padding(12)
        .into()
    }

    fn view_settings(&self) -> Element<'_, Message> {
        let games: Vec<Pick<crate::model::GameId>> = crate::games::all()
            .into_iter()
            .map(|g| Pick::some(g.id(), g.def().name.clone()))
            .collect();
        let chosen = picked(&games, self.game().as_ref());
        let game = pick_list(games, chosen, Message::Game)
            .placeholder("Choose a game")
            .width(Fill);
        let running = matches!(self.run(), RunState::Running { .. });
        let mut c = column![heading("Matchups"), game].spacing(8);
        if let Some(why) = self.unplayable_reason() {
            return c.push(text(why).size(13)).into();
        }
        // the decks to tick
        let decks = self.game_decks();
        let n = self.chosen().len();
        c = c.push(
            row![
                text(format!("Decks ({n} of {} ticked)", decks.len()))
                    .size(14)
                    .width(Fill),
                button(text("All").size(12))
                    .padding([2, 8])
                    .style(button::text)
                    .on_press_maybe((!running).then_some(Message::All(true))),
                button(text("None").size(12))
                    .padding([2, 8])
                    .style(button::text)
                    .on_press_maybe((!running).then_some(Message::All(false))),
            ]
            .align_y(iced::Center),
        );
        let mut list = column![].spacing(6);
        if decks.is_empty() {
            list = list.push(
                text("No saved decks of this game: build some in Decks.")
                    .size(12)
                    .style(muted),
            );
        }
        for d in decks {
            let on = self.chosen().contains(&d.id);
            let id = d.id;
            let b = checkbox(on)
                .label(d.name.as_str())
                .text_size(13)
                .on_toggle_maybe((!running).then_some(move |v| Message::Toggle(id, v)));
            list = list.push(
                column![
                    container(b).id(deck_box_id(d.id)),
                    text(format!("{} · {} cards", d.catalog_name, d.main_count))
                        .size(11)
                        .style(muted),
                ]
                .spacing(1),
            );
        }
        c = c.push(
            scrollable(list.padding(SCROLLBAR_GAP))
                .height(Fill)
                .width(Fill),
        );
        if n > MAX_DECKS {
            c = c.push(
                text(format!("At most {MAX_DECKS} decks in one run."))
                    .size(12)
                    .style(crate::gui::widget::readable::danger),
            );
        }
        c = c.push(rule::horizontal(1));
        // the run's settings
        let games = text_input("games", &self.games_text)
            .id(GAMES_ID)
            .on_input(Message::GamesTyped)
            .on_submit(Message::Run)
            .size(13)
            .width(90);
        let seed = text_input("seed", &self.seed_text)
            .id(SEED_ID)
            .on_input(Message::SeedTyped)
            .on_submit(Message::Run)
            .size(13)
            .width(Fill);
        c = c
            .push(
                row![text("Games per pairing").size(13).width(Fill), games]
                    .spacing(8)
                    .align_y(iced::Center),
            )
            .push(
                row![
                    text("Seed").size(13),
                    seed,
                    button(text("New").size(12))
                        .padding([4, 8])
                        .style(button::secondary)
                        .on_press(Message::NewSeed),
                ]
                .spacing(8)
                .align_y(iced::Center),
            );
        // the four levels do not fit beside the label at the narrow width
        c = c.push(text("Computer").size(13));
        let mut levels = row![].spacing(6).align_y(iced::Center);
        for (label, level) in [
            ("Easy", Level::Easy),
            ("Quick", Level::Quick),
            ("Strong", Level::Strong),
            ("Strongest", Level::Strongest),
        ] {
            if level.searches() && !self.has_strong() {
                continue;
            }
            levels = levels.push(choice(label, self.level() == level, Message::Level(level)));
        }
        c = c.push(levels);
        if self.level().searches() {
            c = c.push(
                text(
                    "Strong and Strongest search at every decision (240 and 1,200 play-outs): \
                     hundreds of times slower.",
                )
                .size(11)
                .style(muted),
            );
        }
        let run = button(text("Run").size(14))
            .padding([6, 18])
            .on_press_maybe((!running && n >= 2).then_some(Message::Run));
        c.push(run).into()
    }

    fn view_results(&self) -> iced::widget::Column<'_, Message> {
        let mut c = column![].spacing(12);
        match self.run() {
            RunState::Idle => {
                if self.playable() {
                    c = c.push(
                        text(
                            "Tick two decks or more and Run: every deck plays every other, \
                             the computer playing both sides, seats alternating, every \
                             pairing on the same seed (the same shuffles for every deck).",
                        )
                        .size(13)
                        .style(muted),
                    );
                }
            }
            RunState::Running { progress, .. } => c = c.push(view_progress(progress)),
            RunState::Cancelled { done, total } => {
                c = c.push(
                    text(format!(
                        "Cancelled after {done} of {total} games. Run again to start over."
                    ))
                    .size(13),
                );
            }
            RunState::Failed(e) => {
                c = c.push(
                    text(e.as_str())
                        .size(13)
                        .style(crate::gui::widget::readable::danger),
                )
            }
            RunState::Done(m) => c = c.push(view_matrix(m)).push(view_splits(m)),
        }
        c
    }
}

fn view_progress(p: &Step) -> Element<'_, Message> {
    let what = match &p.playing {
        Some((a, b)) => format!("Pairing {} of {}: {a} against {b}", p.pairing, p.pairings),
        None => "Loading the decks…".to_string(),
    };
    column![
        text(what).size(14),
        progress_bar(0.0..=1.0, p.done as f32 / p.total.max(1) as f32).girth(10),
        row![
            text(format!("{} of {} games", p.done, p.total))
                .size(13)
                .width(Fill),
            button(text("Cancel").size(13))
                .on_press(Message::Cancel)
                .style(button::secondary),
        ]
        .align_y(iced::Center),
    ]
    .spacing(6)
    .into()
}

/// The win-rate matrix: the row's deck against the column's.
fn view_matrix(m: &Matrix) -> Element<'_, Message> {
    let n = m.decks.len();
    let mut head = row![Space::new().width(LABEL_WIDTH)].spacing(4);
    for (j, d) in m.decks.iter().enumerate() {
        head = head.push(tooltip(
            text(format!("#{}", j + 1))
                .size(13)
                .width(CELL_WIDTH)
                .align_x(iced::Center),
            tip(&d.name),
            tooltip::Position::Bottom,
        ));
    }
    let mut grid = column![head].spacing(4);
    for i in 0..n {
        let mut r = row![
            text(format!("#{} {}", i + 1, m.decks[i].name))
                .size(13)
                .width(LABEL_WIDTH)
        ]
        .spacing(4)
        .align_y(iced::Center);
        for j in 0..n {
            r = r.push(match &m.cells[i][j] {
                Some(cell) => view_cell(cell, &m.decks[i].name, &m.decks[j].name),
                None => container(text("—").size(13).style(muted))
                    .width(CELL_WIDTH)
                    .center_x(CELL_WIDTH)
                    .into(),
            });
        }
        grid = grid.push(r);
    }
    let mut notes = vec![format!(
        "Seed {} · {} games per pairing · {} level on both sides · seats alternate",
        m.seed,
        m.games,
        level_name(m.level)
    )];
    if m.unfinished > 0 {
        notes.push(format!(
            "{} games stopped at the turn limit (counted as draws)",
            m.unfinished
        ));
    }
    let mut c = column![
        heading("Win rate of the row's deck against the column's"),
        text(notes.join(" · ")).size(12).style(muted),
        scrollable(container(grid).padding(iced::Padding {
            bottom: 14.0,
            ..iced::Padding::ZERO
        }))
        .horizontal()
        .width(Fill),
        text(
            "Each cell: win rate, its 95% confidence interval, and wins–losses–draws. \
             Green: the row's deck is favoured (the interval lies above 50%); red: the column's."
        )
        .size(11)
        .style(muted),
    ]
    .spacing(8);
    if m.errors > 0 {
        c = c.push(
            text(format!(
                "{} games were stopped by an engine defect (counted as draws): please report it.",
                m.errors
            ))
            .size(12)
            .style(crate::gui::widget::readable::danger),
        );
    }
    c.into()
}

fn tip<'a>(s: impl text::IntoFragment<'a>) -> Element<'a, Message> {
    container(text(s).size(12))
        .padding(6)
        .style(container::rounded_box)
        .into()
}

fn view_cell<'a>(cell: &Cell, row_deck: &str, col_deck: &str) -> Element<'a, Message> {
    let favoured = cell.favoured();
    let body = column![
        text(pct(cell.win_rate)).size(15),
        text(format!("{}–{}", pct(cell.ci95[0]), pct(cell.ci95[1]))).size(11),
        text(format!("{}–{}–{}", cell.wins, cell.losses, cell.draws)).size(11),
    ]
    .spacing(1)
    .align_x(iced::Center);
    let boxed = container(body)
        .width(CELL_WIDTH)
        .padding([4, 2])
        .center_x(CELL_WIDTH)
        .style(move |theme: &Theme| {
            let p = theme.extended_palette();
            let bg = match favoured {
                Some(true) => p.success.base.color.scale_alpha(SHADE),
                Some(false) => p.danger.base.color.scale_alpha(SHADE),
                None => p.background.weak.color,
            };
            container::Style {
                background: Some(bg.into()),
                border: iced::Border {
                    radius: 4.0.into(),
                    ..iced::Border::default()
                },
                ..container::Style::default()
            }
        });
    tooltip(
        boxed,
        tip(format!(
            "{row_deck} against {col_deck}: {} wins, {} losses, {} draws in {} games; \
             win rate {} (95% CI {}–{})",
            cell.wins,
            cell.losses,
            cell.draws,
            cell.games,
            pct(cell.win_rate),
            pct(cell.ci95[0]),
            pct(cell.ci95[1])
        )),
        tooltip::Position::Bottom,
    )
    .into()
}

/// Every deck's record over all its pairings, going first and second.
fn view_splits(m: &Matrix) -> Element<'_, Message> {
    const COL: f32 = 150.0;
    let head = row![
        text("Deck").size(13).width(SPLIT_NAME_WIDTH),
        text("Overall").size(13).width(COL),
        text("Going first").size(13).width(COL),
        text("Going second").size(13).width(COL),
    ]
    .spacing(8);
    let seat = |s: &SeatRecord| {
        text(format!("{} ({} of {})", pct(s.win_rate), s.wins, s.games))
            .size(13)
            .width(COL)
    };
    let mut c = column![heading("Going first and going second"), head].spacing(6);
    for (i, d) in m.decks.iter().enumerate() {
        c = c.push(
            row![
                text(format!("#{} {}", i + 1, d.name))
                    .size(13)
                    .width(SPLIT_NAME_WIDTH),
                text(format!(
                    "{} ({}–{}–{})",
                    pct(d.total.win_rate),
                    d.total.wins,
                    d.total.losses,
                    d.total.draws
                ))
                .size(13)
                .width(COL),
                seat(&d.first),
                seat(&d.second),
            ]
            .spacing(8),
        );
    }
    c.push(
        text("Win rates over every game the deck played, against all the others.")
            .size(11)
            .style(muted),
    )
    .into()
}
