//! How the Playtest screen looks: the deck, seat and seed on top; the game
//! played by hand on the left (the phase in the game's words, the turn's
//! actions, the table drawn by [`super::table`], the selected card with its
//! actions, the log); goldfish runs with their charts on the right.

use iced::widget::{
    button, column, container, progress_bar, row, rule, scrollable, text, text_input,
};
use iced::{Element, Fill, FillPortion, Shrink};

use crate::engine::core::{Outcome, Seat, Snapshot};
use crate::engine::session::Session;
use crate::gui::widget::{SCROLLBAR_GAP, choice, deck_picker, muted, with_tip};

use super::estimate::{self, QUICK_GAMES};
use super::{
    Current, Estimate, GAMES_ID, Message, NOTE_ID, PANEL_ID, Playtest, RunState, SEED_ID, table,
};

/// The turn bar's button that lets the goldfish play the rest of the turn,
/// and what it does: beside a game's own "End your turn" the two read alike
/// (issue 25), so each says what it does when pointed at.
pub const AUTOPLAY_LABEL: &str = "Autoplay rest of turn";
pub const AUTOPLAY_TIP: &str = "The goldfish policy plays the rest of your turn for you, move by move, \
     as it would in a goldfish run (each move is logged; Undo takes them back one at a time). \
     Against the computer it stops where the computer answers your move: your answer to it is yours.";

/// The opponent list's width.
const OPPONENT_WIDTH: f32 = 280.0;

/// The side area's width beside a game against the computer (the selected
/// card and the log): the table has the rest.
const SIDE_WIDTH: f32 = 300.0;

/// The most the selected card's panel takes of the side area's height (a
/// longer card text scrolls inside it).
const PANEL_MAX_HEIGHT: f32 = 360.0;

/// Lines of the game log shown.
const LOG_LINES: usize = 30;

impl Playtest {
    pub fn view(&self) -> Element<'_, Message> {
        let current = self.current().map(|c| c.info.id);
        let top = row![
            deck_picker(self.decks(), current, 320.0, Message::Deck),
            choice(
                "Going first",
                self.seat() == Seat::First,
                Message::Seat(Seat::First)
            ),
            choice(
                "Going second",
                self.seat() == Seat::Second,
                Message::Seat(Seat::Second)
            ),
            text("Seed").size(13),
            text_input("seed", &self.seed_text)
                .id(SEED_ID)
                .on_input(Message::SeedTyped)
                .on_submit(Message::Deal)
                .width(120),
            button(text("Deal").size(13)).on_press(Message::Deal),
            button(text("New seed").size(13))
                .on_press(Message::NewSeed)
                .style(button::secondary),
        ]
        .spacing(8)
        .align_y(iced::Center);
        let positions = row![
            button(text("Set up a position…").size(13))
                .on_press(Message::AskPosition)
                .style(button::secondary),
            button(text("Save position…").size(13))
                .on_press_maybe(self.session().is_some().then_some(Message::AskSavePosition))
                .style(button::secondary),
        ]
        .spacing(8);
        let second = row![
            self.view_opponent(),
            iced::widget::space::horizontal(),
            positions
        ]
        .spacing(8)
        .align_y(iced::Center);
        let top = column![top, second].spacing(6);
        let body: Element<'_, Message> = match self.current() {
            _ if self.position().is_some() => self.view_position(),
            None => text("Choose a deck to playtest, or set up a position from a scenario file.")
                .style(muted)
                .into(),
            Some(Current { engine: Err(e), .. }) => column![
                text("This deck cannot be played yet:").size(15),
                text(e.as_str()).style(crate::gui::widget::readable::danger),
                text("Fix it in Decks; the Playtest screen loads the latest saved version.")
                    .size(12)
                    .style(muted),
            ]
            .spacing(6)
            .into(),
            Some(_) => self.view_playing(),
        };
        let screen = column![top, body].spacing(12).padding(12);
        // a card let go anywhere is no longer held (a place that takes it
        // acted first: the innermost widget hears the release first)
        let area = iced::widget::mouse_area(screen).on_release(Message::DragEnd);
        // the screen is always the stack's first layer, so holding a card
        // keeps the tree (and the scroll positions) as they are
        let Some(held) = self.drag() else {
            return iced::widget::stack![area].into();
        };
        let area = area
            .on_move(Message::DragMove)
            .interaction(iced::mouse::Interaction::Grabbing);
        // the held card follows the pointer, above everything, and takes no
        // events: the places under it hear the release
        let ghost = self.pointer().and_then(|p| {
            let snap = self.session()?.snapshot();
            let face = self.ghost(&snap, held.from)?;
            let w = super::table::CARD_WIDTH;
            Some(iced::widget::pin(face).x(p.x - w / 2.0).y(p.y - w / 2.0))
        });
        let mut layers = iced::widget::stack![area];
        if let Some(g) = ghost {
            layers = layers.push(g);
        }
        layers.into()
    }

    /// A position from a scenario file: the table alone, both seats played
    /// by hand, the selected card and the log beside it.
    fn view_position(&self) -> Element<'_, Message> {
        let file = self
            .position()
            .map(|p| p.file.display().to_string())
            .unwrap_or_default();
        let head = row![
            text(format!("Position from {file}")).size(14),
            button(text("Close the position").size(12))
                .padding([3, 8])
                .on_press(Message::ClosePosition)
                .style(button::secondary),
        ]
        .spacing(8)
        .align_y(iced::Center);
        let note =
            text("Both seats are played by hand: the moves listed are those of the seat to act.")
                .size(12)
                .style(muted);
        let (game, board) = self.view_game(false);
        let side = self.beside(board, self.view_log(true)).width(SIDE_WIDTH);
        column![
            head,
            note,
            row![game, rule::vertical(1), side].spacing(12).height(Fill)
        ]
        .spacing(8)
        .into()
    }

    /// A deck on the table: the game on the left, its hand docked at the
    /// bottom; beside it the selected card, then the goldfish runs and odds
    /// (playing alone) or the log (against the computer: the goldfish panel
    /// is folded away unless asked for, and the table takes its width).
    fn view_playing(&self) -> Element<'_, Message> {
        if self.goldfish_shown() {
            let (game, board) = self.view_game(true);
            let goldfish = scrollable(self.view_goldfish().padding(SCROLLBAR_GAP)).height(Fill);
            let side = self.beside(board, goldfish.into()).width(FillPortion(2));
            row![
                container(game).width(FillPortion(3)),
                rule::vertical(1),
                side
            ]
            .spacing(12)
            .into()
        } else {
            let (game, board) = self.view_game(false);
            let side = self.beside(board, self.view_log(true)).width(SIDE_WIDTH);
            row![game, rule::vertical(1), side].spacing(12).into()
        }
    }

    /// The selected card's panel, at the top of the side area (it never
    /// moves the table), or how to select one.
    fn view_selected(&self) -> Element<'_, Message> {
        let panel = self.session().and_then(|s| {
            if self.resuming() {
                return None;
            }
            let snap = s.snapshot();
            self.panel(s, &snap)
        });
        match panel {
            // a long card text scrolls inside the panel's share of the side
            Some(p) => container(scrollable(p).height(Shrink))
                .id(PANEL_ID)
                .max_height(PANEL_MAX_HEIGHT)
                .into(),
            None if self.session().is_some() => text(
                "Click a card to see what it can do, or drag it where it goes (↑/↓ pick the next one, + plays its first action, Esc lets go).",
            )
            .size(12)
            .style(muted)
            .into(),
            None => column![].into(),
        }
    }

    /// The log, newest first; `scrolls`: in a scrollable of its own (beside
    /// the table), else as lines under the table.
    fn view_log(&self, scrolls: bool) -> Element<'_, Message> {
        let mut lines = column![text("Log (newest first)").size(15)].spacing(2);
        for (decision, l) in self.log_lines().into_iter().rev().take(LOG_LINES) {
            lines = lines.push(if decision {
                text(l).size(12)
            } else {
                text(format!("    {l}")).size(11).style(muted)
            });
        }
        if scrolls {
            scrollable(lines.padding(SCROLLBAR_GAP)).height(Fill).into()
        } else {
            lines.into()
        }
    }

    /// Alone against a passive opponent, or against the computer.
    fn view_opponent(&self) -> Element<'_, Message> {
        use crate::engine::game::Level;
        use crate::gui::widget::{Pick, picked};
        let mut picks = vec![Pick::none("Nobody (goldfish)")];
        picks.extend(
            self.opponents()
                .into_iter()
                .map(|d| Pick::some(d.id, format!("{} (computer)", d.name)).fitted(OPPONENT_WIDTH)),
        );
        let chosen = picked(&picks, self.opponent().as_ref()).or_else(|| picks.first().cloned());
        let mut r = row![
            text("Opponent").size(13),
            iced::widget::pick_list(picks, chosen, Message::Opponent).width(OPPONENT_WIDTH),
        ]
        .spacing(8)
        .align_y(iced::Center);
        if self.opponent().is_some() {
            r = r.push(with_tip(
                text("Level").size(13),
                "The computer plays the other side; Undo takes back your move and its answers.",
            ));
            for (label, level) in [
                ("Easy", Level::Easy),
                ("Quick", Level::Quick),
                ("Strong", Level::Strong),
                ("Strongest", Level::Strongest),
            ] {
                r = r.push(choice(label, self.level() == level, Message::Level(level)));
            }
            r = r.push(with_tip(
                choice(
                    "Goldfish and odds",
                    self.goldfish_shown(),
                    Message::ToggleGoldfish,
                ),
                "Show the goldfish runs and the deck's odds beside the table (folded away while \
                 the computer plays the other side, so the table has the room).",
            ));
        }
        r.into()
    }

    /// The game: where it stands on top, the table in the middle (it
    /// scrolls when taller than the window), and your hand, your numbers
    /// and the turn's actions docked at the bottom, always on screen
    /// (issue 25: the hand and life were below the fold at 1280×800).
    /// `log_under`: the log follows the table (else it is beside it).
    fn view_game(&self, log_under: bool) -> (Element<'_, Message>, Option<Element<'_, Message>>) {
        if self.resuming() {
            let waiting = column![
                text("Setting the table up as it was when Deckwright closed…").size(16),
                text("Your moves and the computer's answers are played again from the seed.")
                    .size(12)
                    .style(muted),
            ]
            .spacing(6)
            .width(Fill);
            return (waiting.into(), None);
        }
        let Some(s) = self.session() else {
            let empty = container(text("Deal a hand to start.").style(muted)).width(Fill);
            return (empty.into(), None);
        };
        let snap = s.snapshot();
        let unit = match snap.turn_unit {
            crate::engine::core::TurnUnit::Turn => "Turn",
            crate::engine::core::TurnUnit::Round => "Round",
        };
        // Rizontical's phase names its round already
        let when = if snap.phase.starts_with(unit) {
            snap.phase.clone()
        } else {
            format!("{unit} {} · {}", snap.turn, snap.phase)
        };
        let mut top = column![
            text(format!(
                "Seed {} · {} · {when}",
                snap.seed,
                if snap.seat == Seat::First {
                    "going first"
                } else {
                    "going second"
                },
            ))
            .size(16)
        ]
        .spacing(4);
        if !snap.phase_help.is_empty() {
            top = top.push(
                text(format!("{}: {}", snap.phase, snap.phase_help))
                    .size(12)
                    .style(muted),
            );
        }
        if let Some(o) = snap.outcome {
            top = top.push(text(outcome(o, unit)).size(16).style(match o {
                Outcome::Win { .. } => crate::gui::widget::readable::success,
                _ => crate::gui::widget::readable::danger,
            }));
        }
        if self.thinking() {
            top = top.push(
                text("The computer is thinking… (Undo takes your move back)")
                    .size(14)
                    .style(muted),
            );
        }
        if let Some(r) = self.refusal() {
            top = top.push(text(r).size(13).style(crate::gui::widget::readable::danger));
        }
        let parts = self.view_table(s, &snap);
        let mut middle = column![parts.table].spacing(10);
        if log_under {
            middle = middle.push(rule::horizontal(1)).push(self.view_log(false));
        }
        let mut middle = scrollable(middle.padding(SCROLLBAR_GAP)).height(Fill);
        if !log_under {
            // what is nearest your hand (your own cards in play) stays in
            // view; the opponent's outer line scrolls off first
            middle = middle.anchor_bottom();
        }
        let mut dock = column![].spacing(6);
        if let Some(n) = self.note() {
            dock = dock.push(
                container(text(n).size(13).style(crate::gui::widget::readable::danger)).id(NOTE_ID),
            );
        }
        dock = dock
            .push(parts.hand)
            .push(self.side_header(&snap, 0, true))
            .push(self.view_turn_bar(s, &snap));
        let game = column![
            top,
            container(parts.opponent).padding(SCROLLBAR_GAP),
            middle,
            rule::horizontal(1),
            dock.padding(SCROLLBAR_GAP)
        ]
        .spacing(8)
        .width(Fill)
        .height(Fill);
        (game.into(), parts.board)
    }

    /// The column beside the table: the board when the game has one (on
    /// top, where opening a card's panel does not move it), the selected
    /// card's panel (or how to select one), then `rest` (the log or the
    /// goldfish runs), which takes what height is left.
    fn beside<'a>(
        &'a self,
        board: Option<Element<'a, Message>>,
        rest: Element<'a, Message>,
    ) -> iced::widget::Column<'a, Message> {
        column![]
            .extend(board)
            .push(self.view_selected())
            .push(rest)
            .spacing(10)
            .height(Fill)
    }

    /// The actions of the whole turn (keep, end the phase, roll...), with
    /// the suggestion, Finish the turn and Undo.
    fn view_turn_bar<'a>(&'a self, s: &'a Session, snap: &Snapshot) -> Element<'a, Message> {
        let mut c = column![].spacing(6);
        if s.outcome().is_some() {
            return c
                .push(
                    text("The game is over: deal again, or undo to try another line.")
                        .size(12)
                        .style(muted),
                )
                .push(undo())
                .into();
        }
        if self.return_mulligan() {
            let n = self.returns().len();
            c = c.push(
                text("Click the Powers in your hand to put on the bottom of the deck (up to 5), then take the mulligan.")
                    .size(12)
                    .style(muted),
            );
            c = c.push(
                button(text(format!(
                    "Return {n} chosen Power{} and draw as many",
                    if n == 1 { "" } else { "s" }
                )))
                .on_press_maybe((n > 0).then_some(Message::ReturnChosen)),
            );
        }
        let hint = s.hint();
        let mut buttons = row![].spacing(4);
        for (n, ch) in s.choices().into_iter().enumerate() {
            if ch.chooses_cards {
                continue; // chosen card by card on the table
            }
            if ch.mover.is_some_and(|o| table::on_table(snap, o)) {
                continue; // offered beside its card
            }
            let suggested = hint.as_ref().is_some_and(|h| h.action == ch.action);
            buttons = buttons.push(table::action_button(ch, suggested, format!("choice-{n}")));
        }
        buttons = buttons
            .push(
                button(text("Play the suggestion").size(12))
                    .padding([3, 8])
                    .on_press(Message::PlayHint)
                    .style(button::secondary),
            )
            .push(with_tip(
                button(text(AUTOPLAY_LABEL).size(12))
                    .padding([3, 8])
                    .on_press(Message::FinishTurn)
                    .style(button::secondary),
                AUTOPLAY_TIP,
            ))
            .push(undo());
        c = c.push(buttons.wrap().vertical_spacing(4));
        if let Some(h) = hint {
            c = c.push(
                text(format!("Goldfish policy suggests: {}", h.label))
                    .size(12)
                    .style(muted),
            );
        }
        c.into()
    }

    fn view_goldfish(&self) -> iced::widget::Column<'_, Message> {
        let mut c = column![text("Goldfish").size(18)].spacing(10);
        c = c.push(match self.estimate() {
            Estimate::None => text(""),
            Estimate::Running => {
                text(format!("Quick estimate ({QUICK_GAMES} games)...")).style(muted)
            }
            Estimate::Ready(s) => text(format!(
                "Quick estimate ({}, seed {}): {}",
                crate::gui::words::count(s.games, "game"),
                s.seed,
                estimate::line(s)
            ))
            .size(13),
            Estimate::Failed(e) => {
                text(format!("No estimate: {e}")).style(crate::gui::widget::readable::danger)
            }
        });
        c = c.push(self.view_odds());
        let running = matches!(self.run(), RunState::Running { .. });
        c = c.push(
            row![
                text("Games").size(13),
                text_input("10000", &self.games_text)
                    .id(GAMES_ID)
                    .on_input(Message::GamesTyped)
                    .on_submit(Message::Run)
                    .width(110),
                button(text("Run").size(13)).on_press_maybe((!running).then_some(Message::Run)),
            ]
            .spacing(8)
            .align_y(iced::Center),
        );
        c = c.push(
            text("Runs use the seed above: the same seed plays the same games.")
                .size(11)
                .style(muted),
        );
        match self.run() {
            RunState::Idle => {}
            RunState::Running { done, total, .. } => {
                c = c
                    .push(progress_bar(0.0..=1.0, *done as f32 / (*total).max(1) as f32).girth(10));
                c = c.push(
                    row![
                        text(format!(
                            "{} of {}",
                            crate::gui::words::grouped(*done),
                            crate::gui::words::count(*total, "game")
                        ))
                        .size(12)
                        .style(muted)
                        .width(Fill),
                        button(text("Cancel").size(13))
                            .on_press(Message::Cancel)
                            .style(button::danger),
                    ]
                    .align_y(iced::Center),
                );
            }
            RunState::Cancelled { done, total } => {
                c = c.push(
                    text(format!(
                        "Cancelled after {} of {}.",
                        crate::gui::words::grouped(*done),
                        crate::gui::words::count(*total, "game")
                    ))
                    .size(13)
                    .style(muted),
                );
            }
            RunState::Failed(e) => {
                c = c.push(
                    text(e.as_str())
                        .size(13)
                        .style(crate::gui::widget::readable::danger),
                )
            }
            RunState::Done(s) => {
                let unit = estimate::unit(s);
                c = c.push(
                    text(format!(
                        "{}, seed {}",
                        crate::gui::words::count(s.games, "game"),
                        s.seed
                    ))
                    .size(15),
                );
                c = c.push(text(estimate::line(s)).size(13));
                c = c.push(
                    text(format!(
                        "won {} · lost {} · unfinished after {} {unit}s {}",
                        s.wins, s.losses, s.max_turns, s.unfinished
                    ))
                    .size(12)
                    .style(muted),
                );
                if let Some(ch) = self.charts() {
                    c = c.push(ch.histogram.view(170.0));
                    c = c.push(ch.resources.view(170.0));
                    c = c.push(ch.damage.view(150.0));
                }
                if !s.most_played.is_empty() {
                    c = c.push(text("Most played").size(14));
                    let mut list = column![].spacing(1);
                    for p in &s.most_played {
                        list = list
                            .push(text(format!("{} · {:.2} a game", p.card, p.per_game)).size(12));
                    }
                    c = c.push(list);
                }
                if !s.vanilla.is_empty() {
                    c = c.push(text("Played as vanilla (text not modelled)").size(14));
                    let mut list = column![].spacing(1);
                    for v in &s.vanilla {
                        list = list.push(
                            text(format!("{}: {}", v.card, v.reason))
                                .size(11)
                                .style(muted),
                        );
                    }
                    c = c.push(list);
                }
            }
        }
        c
    }
}

/// Width of an odds column, and of the card names before them.
const ODDS_COLUMN: f32 = 34.0;
const ODDS_NAME: f32 = 120.0;

impl Playtest {
    /// The deck's odds of holding each card by each turn, for the seat
    /// chosen above (the deck builder's Odds tab, compact).
    fn view_odds(&self) -> Element<'_, Message> {
        use crate::gui::screen::decks::editor::odds_percent;
        let t = match self.odds() {
            None => return column![].into(),
            Some(Err(e)) => {
                return text(format!("No odds: {e}")).size(12).style(muted).into();
            }
            Some(Ok(t)) => t,
        };
        let line = |name: String, values: Vec<String>, size: f32| {
            // a long name is cut at its column, not run into the numbers
            let mut r = row![
                container(text(name).size(size).wrapping(text::Wrapping::None))
                    .width(ODDS_NAME)
                    .clip(true)
            ]
            .spacing(2);
            for v in values {
                r = r.push(
                    container(text(v).size(size))
                        .width(ODDS_COLUMN)
                        .align_right(ODDS_COLUMN),
                );
            }
            r
        };
        let turns: Vec<String> = (0..t.seen.len())
            .map(|n| if n == 0 { "hand".into() } else { n.to_string() })
            .collect();
        let mut c = column![
            text(format!(
                "Odds: at least one copy by each {}'s draw ({})",
                t.turn_unit,
                if t.seat == Seat::First {
                    "going first"
                } else {
                    "going second"
                }
            ))
            .size(14),
            line(t.turn_unit.to_string(), turns, 11.0),
        ]
        .spacing(2);
        for r in &t.rows {
            c = c.push(line(
                format!("{}x {}", r.copies, r.card),
                r.probability.iter().map(|p| odds_percent(*p)).collect(),
                11.0,
            ));
        }
        c.into()
    }
}

fn undo<'a>() -> Element<'a, Message> {
    button(text("Undo").size(13))
        .on_press(Message::Undo)
        .style(button::secondary)
        .into()
}

fn outcome(o: Outcome, unit: &str) -> String {
    match o {
        Outcome::Win { turn } => format!("Won on {} {turn}", unit.to_lowercase()),
        Outcome::Loss { turn, reason } => {
            format!("Lost on {} {turn}: {reason}", unit.to_lowercase())
        }
        Outcome::Draw { turn } => format!("A draw on {} {turn}", unit.to_lowercase()),
        Outcome::Unfinished { turn } => {
            format!("Stopped unfinished at {} {turn}", unit.to_lowercase())
        }
    }
}
