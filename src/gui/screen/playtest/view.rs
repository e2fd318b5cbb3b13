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

/// The side area's width in a narrow window (under [`WIDE`]), and at the
/// least.
const SIDE_MIN: f32 = 240.0;
/// A window this wide or wider gives the side area [`SIDE_WIDTH`].
const WIDE: f32 = 1200.0;
/// The share of the side area's height Rizontical's board may take.
const BOARD_SHARE: f32 = 0.7;
/// The share of the window's width Rizontical's board may take.
const BOARD_WIDTH_SHARE: f32 = 0.3;
/// The share of the width the goldfish runs take when on show.
const GOLDFISH_SHARE: f32 = 0.36;
/// The screen's padding and the space under the set-up.
const SCREEN_PAD: f32 = 12.0;
const SCREEN_GAP: f32 = 8.0;
/// The folded set-up's height.
const FOLDED_HEIGHT: f32 = 30.0;
/// Space between the table's parts.
const TABLE_GAP: f32 = 4.0;
/// The status lines' height over the table.
const STATUS_HEIGHT: f32 = 16.0 * 1.3 + 13.0 * 1.3 + 2.0;
/// What the sizing leaves spare, for the rounding of the layout.
const SAFETY: f32 = 12.0;

/// The id of the table's area (the tests find its bounds).
pub const TABLE_ID: &str = "table";

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
        let top: Element<'_, Message> = if self.setup_folded() {
            self.view_folded()
        } else if self.session().is_some() {
            column![
                top,
                row![
                    second,
                    button(text("Fold the set-up").size(13))
                        .on_press(Message::ToggleSetup)
                        .style(button::secondary)
                ]
                .spacing(8)
                .align_y(iced::Center)
            ]
            .spacing(6)
            .into()
        } else {
            column![top, second].spacing(6).into()
        };
        let body: Element<'_, Message> = match self.current() {
            _ if self.position().is_some() => self.view_playing(),
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
        let screen = column![top, body].spacing(SCREEN_GAP).padding(SCREEN_PAD);
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

    /// The set-up folded into one line once a game is dealt (issue 51): what
    /// is played against what, and the buttons that change it. A position
    /// from a file says so, and that both its seats are played by hand
    /// (issue 51 item 8: nothing of the computer's beside it).
    fn view_folded(&self) -> Element<'_, Message> {
        let save = button(text("Save position…").size(13))
            .on_press_maybe(self.session().is_some().then_some(Message::AskSavePosition))
            .style(button::secondary);
        if let Some(p) = self.position() {
            let file = p
                .file
                .file_name()
                .map(|f| f.to_string_lossy().into_owned())
                .unwrap_or_default();
            return row![
                with_tip(
                    text(format!("Position from {file}"))
                        .size(14)
                        .wrapping(text::Wrapping::None),
                    p.file.display().to_string(),
                ),
                text("· both seats are played by hand: the moves listed are the seat to act's")
                    .size(12)
                    .style(muted)
                    .wrapping(text::Wrapping::None),
                iced::widget::space::horizontal(),
                button(text("Close the position").size(13))
                    .on_press(Message::ClosePosition)
                    .style(button::secondary),
                save,
            ]
            .spacing(8)
            .height(FOLDED_HEIGHT)
            .align_y(iced::Center)
            .into();
        }
        let deck = self
            .current()
            .map_or(String::new(), |c| c.info.name.clone());
        let against = match self.opponent() {
            Some(id) => {
                let name = self
                    .decks()
                    .iter()
                    .find(|d| d.id == id)
                    .map_or("a deck".to_string(), |d| d.name.clone());
                format!(
                    "against the computer's {name} ({})",
                    super::level_label(self.level())
                )
            }
            None => "against the goldfish".into(),
        };
        let dealt = self.session().map_or(String::new(), |s| {
            let snap = s.snapshot();
            format!(
                " · seed {} · {}",
                snap.seed,
                if snap.seat == Seat::First {
                    "going first"
                } else {
                    "going second"
                }
            )
        });
        row![
            container(
                text(format!("{deck} {against}{dealt}"))
                    .size(14)
                    .wrapping(text::Wrapping::None)
            )
            .width(Fill)
            .clip(true),
            button(text("Change the set-up").size(13))
                .on_press(Message::ToggleSetup)
                .style(button::secondary),
            button(text("Deal").size(13))
                .on_press(Message::Deal)
                .style(button::secondary),
            button(text("Set up a position…").size(13))
                .on_press(Message::AskPosition)
                .style(button::secondary),
            save,
        ]
        .spacing(8)
        .height(FOLDED_HEIGHT)
        .align_y(iced::Center)
        .into()
    }

    /// A game on the table (a deck's, or a position's): the table on the
    /// left sized from the window, so that both sides' zones, your hand,
    /// the numbers and the turn's actions are in view without scrolling
    /// (issue 51); beside it a column of its own for the board (Rizontical),
    /// the selected card and the log (with the goldfish runs and odds when
    /// they are on show).
    fn view_playing(&self) -> Element<'_, Message> {
        iced::widget::responsive(move |size| self.view_fitted(size)).into()
    }

    fn view_fitted(&self, size: iced::Size) -> Element<'_, Message> {
        let Some(s) = self.session().filter(|_| !self.resuming()) else {
            return row![
                self.view_waiting(),
                rule::vertical(1),
                self.beside(None, self.view_log(true)).width(SIDE_WIDTH)
            ]
            .spacing(12)
            .into();
        };
        let snap = s.snapshot();
        let choices = s.choices();
        let board = Playtest::has_board(&snap, &choices);
        let (mut side_w, cell) = if board {
            let cell = Playtest::board_cell(
                &snap,
                (size.height * BOARD_SHARE).min(size.width * BOARD_WIDTH_SHARE),
            );
            (Playtest::board_width(cell).max(SIDE_MIN), Some(cell))
        } else if size.width >= WIDE {
            (SIDE_WIDTH, None)
        } else {
            (SIDE_MIN, None)
        };
        let goldfish = self.goldfish_shown() && self.position().is_none();
        if goldfish {
            side_w = side_w.max(size.width * GOLDFISH_SHARE);
        }
        let table_w = (size.width - side_w - 2.0 * 12.0 - 1.0).max(200.0);
        let bar_h = self.turn_bar_height(s, &snap, table_w);
        let fixed = STATUS_HEIGHT
            + 2.0 * super::table::HEADER_HEIGHT
            + bar_h
            // the rule between the sides, and the space under it
            + 1.0
            + super::table::LINE_GAP
            + TABLE_GAP * 5.0
            + if snap.game == crate::model::GameId::DiceOfDestiny {
                super::table::DICE_HEIGHT + super::table::LINE_GAP
            } else {
                0.0
            }
            + SAFETY;
        let (w, _) = self.card_width(&snap, (table_w, size.height - fixed));
        let (zones, hand) = self.view_table(s, &snap, (w, table_w));
        // sized to fit, the zones never scroll; what does not fit even at
        // the least size scrolls, nearest your hand first, your hand,
        // numbers and actions staying in view
        let zones = scrollable(zones).anchor_bottom().height(Fill);
        let table = column![
            self.view_status(&snap),
            self.side_header(&snap, 1, snap.zones.iter().any(|z| z.player == 1)),
            zones,
            hand,
            self.side_header(&snap, 0, true),
            self.view_turn_bar(s, &snap),
        ]
        .spacing(TABLE_GAP)
        .width(table_w)
        .height(Fill);
        let table = container(table).id(TABLE_ID);
        let board = cell.map(|c| self.board(&snap, &choices, c));
        let rest: Element<'_, Message> = if goldfish {
            column![
                scrollable(self.view_goldfish().padding(SCROLLBAR_GAP)).height(FillPortion(3)),
                container(self.view_log(true)).height(FillPortion(2)),
            ]
            .spacing(10)
            .into()
        } else {
            self.view_log(true)
        };
        let side = self.beside(board, rest).width(side_w);
        row![table, rule::vertical(1), side].spacing(12).into()
    }

    /// Where the game stands, on lines of their own that never wrap (a
    /// long hint moves nothing under it: issue 51 item 3): the seed, the
    /// turn and phase (the result once it is over); the phase's help; and
    /// one line for what the table says (a note, a refusal, the computer
    /// thinking).
    fn view_status(&self, snap: &Snapshot) -> Element<'_, Message> {
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
        let mut first = row![with_tip(
            text(when.clone()).size(16).wrapping(text::Wrapping::None),
            format!(
                "Seed {} · {}",
                snap.seed,
                if snap.seat == Seat::First {
                    "going first"
                } else {
                    "going second"
                }
            ),
        )]
        .spacing(12)
        .align_y(iced::Center);
        if let Some(o) = snap.outcome {
            first = first.push(
                text(outcome(o, unit))
                    .size(16)
                    .wrapping(text::Wrapping::None)
                    .style(match o {
                        Outcome::Win { .. } => crate::gui::widget::readable::success,
                        _ => crate::gui::widget::readable::danger,
                    }),
            );
        }
        // the phase's help beside it (the whole of it when pointed at)
        if snap.outcome.is_none() && !snap.phase_help.is_empty() {
            let help = format!("{}: {}", snap.phase, snap.phase_help);
            first = first.push(with_tip(
                text(snap.phase_help.clone())
                    .size(12)
                    .style(muted)
                    .wrapping(text::Wrapping::None),
                help,
            ));
        }
        let said: Element<'_, Message> = if let Some(n) = self.note() {
            container(
                text(n)
                    .size(13)
                    .wrapping(text::Wrapping::None)
                    .style(crate::gui::widget::readable::danger),
            )
            .id(NOTE_ID)
            .into()
        } else if let Some(r) = self.refusal() {
            text(r)
                .size(13)
                .wrapping(text::Wrapping::None)
                .style(crate::gui::widget::readable::danger)
                .into()
        } else if self.thinking() {
            text("The computer is thinking… (Undo takes your move back)")
                .size(13)
                .style(muted)
                .into()
        } else {
            text("").size(13).into()
        };
        fn line(e: Element<'_, Message>, h: f32) -> Element<'_, Message> {
            container(e).height(h).width(Fill).clip(true).into()
        }
        column![line(first.into(), 16.0 * 1.3), line(said, 13.0 * 1.3),]
            .spacing(2)
            .into()
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

    /// What the table shows with no game on it: the stored game being set
    /// up again, or how to start.
    fn view_waiting(&self) -> Element<'_, Message> {
        if self.resuming() {
            return column![
                text("Setting the table up as it was when Deckwright closed…").size(16),
                text("Your moves and the computer's answers are played again from the seed.")
                    .size(12)
                    .style(muted),
            ]
            .spacing(6)
            .width(Fill)
            .into();
        }
        container(text("Deal a hand to start.").style(muted))
            .width(Fill)
            .into()
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
        // the controls of every turn first, where they stay (issue 51 item
        // 3: fourteen deploy buttons pushed "Autoplay rest of turn" away)
        let mut buttons = row![
            button(text("Play the suggestion").size(12))
                .padding([3, 8])
                .on_press(Message::PlayHint)
                .style(button::secondary),
            with_tip(
                button(text(AUTOPLAY_LABEL).size(12))
                    .padding([3, 8])
                    .on_press(Message::FinishTurn)
                    .style(button::secondary),
                AUTOPLAY_TIP,
            ),
            undo(),
        ]
        .spacing(4);
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
        c = c.push(buttons.wrap().vertical_spacing(4));
        // the goldfish policy's suggestion, playing alone (against the
        // computer the game is the player's: issue 51 item 10)
        if self.opponent().is_none() || self.position().is_some() {
            let line = hint.map_or(String::new(), |h| {
                format!("Goldfish policy suggests: {}", h.label)
            });
            c = c.push(
                container(
                    text(line)
                        .size(12)
                        .style(muted)
                        .wrapping(text::Wrapping::None),
                )
                .height(12.0 * 1.3)
                .clip(true),
            );
        }
        c.into()
    }

    /// The height [`Self::view_turn_bar`] takes in `width`: its buttons'
    /// lines as they wrap, and the lines of text above and below them.
    fn turn_bar_height(&self, s: &Session, snap: &Snapshot, width: f32) -> f32 {
        use crate::gui::widget::card_face::text_width;
        const BUTTON: f32 = 12.0 * 1.3 + 6.0;
        const TEXT: f32 = 12.0 * 1.3;
        if s.outcome().is_some() {
            return TEXT + 6.0 + BUTTON;
        }
        let mut labels: Vec<String> = vec![
            "Play the suggestion".into(),
            AUTOPLAY_LABEL.into(),
            "Undo".into(),
        ];
        labels.extend(
            s.choices()
                .into_iter()
                .filter(|ch| {
                    !ch.chooses_cards && !ch.mover.is_some_and(|o| table::on_table(snap, o))
                })
                .map(|ch| ch.label),
        );
        let (mut rows, mut used) = (1.0f32, 0.0f32);
        for l in labels {
            let w = text_width(&l, 12.0) + 16.0;
            if used > 0.0 && used + 4.0 + w > width {
                rows += 1.0;
                used = 0.0;
            }
            used += if used > 0.0 { 4.0 } else { 0.0 } + w;
        }
        let mut h = rows * BUTTON + (rows - 1.0) * 4.0;
        if self.opponent().is_none() || self.position().is_some() {
            h += 6.0 + TEXT;
        }
        if self.return_mulligan() {
            h += 2.0 * 6.0 + TEXT + 16.0 * 1.3 + 10.0;
        }
        h
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
    button(text("Undo").size(12))
        .padding([3, 8])
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
