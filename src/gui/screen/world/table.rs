//! The World screen's game for 2 to 4: the user (seat 0, "You") against 1 to
//! 3 computer players on the same catalog and seed.
//!
//! Every click goes to the engine's [`Match`] as a [`MatchAction`] of seat 0,
//! so a refused one comes back with the rule it breaks. After each of the
//! user's actions the computer players act until the match waits for the
//! user again (their draft passes are chosen without seeing the user's, as
//! the rules' "simultaneously" asks). Everything that happens is logged;
//! the cards the other players hold or pass stay hidden unless they are
//! passed to the user.
//!
//! The computer players think off the UI thread (issue 25: a strong seat
//! held the window). A game is its start and the user's moves: the computer
//! players are seeded, so playing those moves again from the start, each
//! followed by the computers' answers ([`Table::played`]), gives the same
//! game every time. The worker does exactly that — after a move, after an
//! Undo (one move fewer) and when a stored game comes back — so there is
//! one way a table comes about, and it is the way a restart replays it.
//! It is cheap: a whole 4-player game against strong seats plays in about
//! 15 ms (measured in an optimized build, one core).

use std::fmt;

use crate::engine::solo::{
    Action as Move, Components, ComputerSeat, Event, Match, MatchAction, MatchEvent, MatchPhase,
    PASS_FIRST, Phase, Pos, SeatLevel, SunDirection, seat_seed,
};

use super::{Action, Hint, Message, World};
use crate::engine::solo::words::{describe, event_line};

/// Why a click on the table is not taken while the computer players think.
pub const STILL_THINKING: &str = "The computer players are still thinking: wait for their move.";

/// What the computer players are working out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// Their answer to the user's move (or the first actions of a game).
    Answer,
    /// The stored game, played again at start-up: if it no longer plays,
    /// it is dealt again.
    Restore,
}

/// The user's seat.
pub const YOU: u8 = 0;

/// A game for 2 to 4 in progress.
#[derive(Clone)]
pub struct Table {
    pub m: Match,
    pub seed: u64,
    pub level: SeatLevel,
    /// The match as it was set up (dealt from the seed, or read from a
    /// scenario file) before anyone acted, and what its setup logged.
    start: Box<(Match, Vec<MatchEvent>)>,
    /// Everything that happened, oldest first.
    pub log: Vec<MatchEvent>,
    /// The user's actions that applied, oldest first: with the start (the
    /// seed, the player count and the level) they bring the game back
    /// ([`Table::played`]), because the computer players are seeded too.
    moves: Vec<MatchAction>,
    /// The log's length just before each of the user's moves.
    marks: Vec<usize>,
}

impl fmt::Debug for Table {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Table")
            .field("seed", &self.seed)
            .field("players", &self.m.players())
            .field("phase", &self.m.phase())
            .field("moves", &self.moves.len())
            .finish_non_exhaustive()
    }
}

/// A seat's name on screen.
pub fn seat_name(seat: u8) -> String {
    if seat == YOU {
        "You".into()
    } else {
        format!("Computer {seat}")
    }
}

impl Table {
    /// The game for `players` dealt from `seed`, before anyone acted (the
    /// computer players' first actions come with [`Table::played`]).
    pub fn set_up(
        c: &Components,
        players: u8,
        level: SeatLevel,
        seed: u64,
    ) -> Result<Table, String> {
        let m = Match::new(c, players, seed).map_err(|e| e.to_string())?;
        let log = m.setup_events();
        Ok(Table::starting(m, log, level, seed))
    }

    /// A game that goes on from `m` (a position set up from a scenario
    /// file): the user plays seat a, computer players the others, seeded
    /// from `seed`; nobody acted yet.
    pub fn at(m: Match, level: SeatLevel, seed: u64) -> Table {
        Table::starting(m, Vec::new(), level, seed)
    }

    fn starting(m: Match, log: Vec<MatchEvent>, level: SeatLevel, seed: u64) -> Table {
        Table {
            start: Box::new((m.clone(), log.clone())),
            m,
            seed,
            level,
            log,
            moves: Vec::new(),
            marks: Vec::new(),
        }
    }

    /// Sets up a game for `players` and lets the computer players act until
    /// the user's first decision.
    pub fn new(c: &Components, players: u8, level: SeatLevel, seed: u64) -> Result<Table, String> {
        Table::set_up(c, players, level, seed)?.played(c)
    }

    /// A game that goes on from `m`, the computer players having acted
    /// until the user's decision.
    pub fn from_match(
        c: &Components,
        m: Match,
        level: SeatLevel,
        seed: u64,
    ) -> Result<Table, String> {
        Table::at(m, level, seed).played(c)
    }

    /// The game set up from `seed` with the user's `moves` played in order
    /// (the computer players answer each as they did the first time). The
    /// first move that no longer applies is named.
    pub fn replay(
        c: &Components,
        players: u8,
        level: SeatLevel,
        seed: u64,
        moves: &[MatchAction],
    ) -> Result<Table, String> {
        let mut t = Table::set_up(c, players, level, seed)?;
        t.moves = moves.to_vec();
        t.played(c)
    }

    /// The game played again from its start with this table's moves, each
    /// followed by the computer players' answers: the table as it is once
    /// they acted. Computer players new from their seeds choose as they did
    /// the first time, so this is the same game whenever it is played. The
    /// first move that no longer applies is named.
    pub fn played(&self, c: &Components) -> Result<Table, String> {
        let (m, log) = &*self.start;
        let players = m.players();
        let mut computers: Vec<ComputerSeat> = (1..players)
            .map(|s| ComputerSeat::new(self.level, c, players, seat_seed(self.seed, s)))
            .collect();
        let mut t = Table::starting(m.clone(), log.clone(), self.level, self.seed);
        t.computers_act(c, &mut computers)?;
        for (n, &a) in self.moves.iter().enumerate() {
            if a.seat() != YOU {
                return Err(format!("move {} is not the user's", n + 1));
            }
            t.take(c, a).map_err(|e| format!("move {}: {e}", n + 1))?;
            t.computers_act(c, &mut computers)?;
        }
        Ok(t)
    }

    /// This table with the user's `moves` to be played from its start
    /// ([`Table::played`]).
    pub fn with_moves(mut self, moves: Vec<MatchAction>) -> Table {
        self.moves = moves;
        self.marks.clear();
        self
    }

    /// The user's actions so far, oldest first.
    pub fn moves(&self) -> &[MatchAction] {
        &self.moves
    }

    /// Whether a computer player is to act (the table waits for them).
    pub fn computers_to_act(&self) -> bool {
        (1..self.m.players()).any(|s| self.m.waits_for(s))
    }

    /// Lets the computer players act while the match waits for one of them.
    fn computers_act(
        &mut self,
        c: &Components,
        computers: &mut [ComputerSeat],
    ) -> Result<(), String> {
        // a defect guard far above a whole match's actions
        for _ in 0..10_000 {
            let Some(seat) = (1..self.m.players()).find(|&s| self.m.waits_for(s)) else {
                return Ok(());
            };
            let a = computers[usize::from(seat) - 1]
                .choose(&self.m, seat)
                .ok_or_else(|| format!("{} found no move", seat_name(seat)))?;
            self.m
                .apply(c, a, &mut self.log)
                .map_err(|e| format!("{}: {e}", seat_name(seat)))?;
        }
        Err("the computer players did not stop".into())
    }

    /// Takes one of the user's actions on the table as it is (the computer
    /// players answer in [`Table::played`]). A refused action changes
    /// nothing and comes back in words.
    pub fn take(&mut self, c: &Components, a: MatchAction) -> Result<(), String> {
        let mark = self.log.len();
        self.m
            .apply(c, a, &mut self.log)
            .map_err(|e| format!("refused, {e}"))?;
        self.moves.push(a);
        self.marks.push(mark);
        Ok(())
    }

    /// Plays one of the user's actions, then the computers' answers.
    pub fn play(&mut self, c: &Components, a: MatchAction) -> Result<(), String> {
        self.take(c, a)?;
        *self = self.played(c)?;
        Ok(())
    }

    /// Whether the user's last move may be taken back: not once what
    /// followed it showed the user cards it did not know — cards passed to
    /// it, or the next turn's deal ("3 Land cards face down to each player",
    /// "look, then simultaneously pass", L74, L82–86): stepping back past
    /// them would let the user choose again knowing them, as p.11 keeps the
    /// solo player from doing after a stack's reveal (issue 29).
    pub fn can_undo(&self) -> bool {
        let Some(&mark) = self.marks.last() else {
            return false;
        };
        !self.log[mark.min(self.log.len())..]
            .iter()
            .any(|e| match e {
                MatchEvent::Dealt { seat, .. } => *seat == YOU,
                MatchEvent::Passed { to, .. } => *to == YOU,
                MatchEvent::Seat {
                    seat,
                    event: Event::Revealed { .. },
                } => *seat == YOU,
                _ => false,
            })
    }

    /// Takes the user's last move off the list (the table as it was before
    /// it comes from [`Table::played`]); false when it may not be.
    pub fn take_back(&mut self) -> bool {
        if !self.can_undo() {
            return false;
        }
        self.moves.pop();
        self.marks.pop();
        true
    }

    /// The log in words, newest first, as the user may see it.
    pub fn lines(&self, c: &Components, limit: usize) -> Vec<String> {
        let name = |i: u8| c.land(i).name.clone();
        let names = |v: &[u8]| v.iter().map(|&i| name(i)).collect::<Vec<_>>().join(", ");
        let mut out = Vec::new();
        for e in self.log.iter().rev() {
            let line = match e {
                MatchEvent::SunGiven { seat } if *seat == YOU => "You take the Sun".into(),
                MatchEvent::SunGiven { seat } => format!("{} takes the Sun", seat_name(*seat)),
                MatchEvent::SunTurned { seat, direction } => {
                    format!("{} turned the Sun {}", seat_name(*seat), direction.as_str())
                }
                MatchEvent::SunPassed { seat } => {
                    format!("The Sun passes to {}", seat_name(*seat))
                }
                MatchEvent::TurnStarted { turn } => format!("Turn {turn} of {}", self.m.turns()),
                MatchEvent::Dealt { seat, cards } if *seat == YOU => {
                    format!("You are dealt {}", names(cards))
                }
                MatchEvent::Dealt { .. } => continue,
                MatchEvent::Passed { from, to, cards } if *from == YOU || *to == YOU => format!(
                    "{} passed {} to {}",
                    seat_name(*from),
                    names(cards),
                    seat_name(*to)
                ),
                MatchEvent::Passed { from, to, cards } => format!(
                    "{} passed {} card{} to {}",
                    seat_name(*from),
                    cards.len(),
                    if cards.len() == 1 { "" } else { "s" },
                    seat_name(*to)
                ),
                MatchEvent::Seat {
                    event: Event::Finished { .. },
                    ..
                } => continue,
                MatchEvent::Seat { seat, event } => match event_line(c, event) {
                    Some(l) => format!("{}: {l}", seat_name(*seat)),
                    None => continue,
                },
                MatchEvent::Finished { totals, winners } => {
                    let who: Vec<String> = winners.iter().map(|&w| seat_name(w)).collect();
                    format!(
                        "Game over ({}): {} win{}",
                        totals
                            .iter()
                            .map(|t| t.to_string())
                            .collect::<Vec<_>>()
                            .join(" / "),
                        who.join(" and "),
                        if winners.len() == 1 && winners[0] != YOU {
                            "s"
                        } else {
                            ""
                        }
                    )
                }
            };
            out.push(line);
            if out.len() == limit {
                break;
            }
        }
        out
    }

    /// The cells a click may act on for the user now.
    pub fn targets(&self, c: &Components, selected: Option<u8>) -> Vec<Pos> {
        let mut actions = Vec::new();
        self.m.legal_actions(c, YOU, &mut actions);
        actions
            .into_iter()
            .filter_map(|a| match a {
                MatchAction::Seat { action, .. } => match action {
                    Move::Place { card, at } if Some(card) == selected => Some(at),
                    Move::Erupt { at } => Some(at),
                    Move::Join { with } => Some(with),
                    _ => None,
                },
                _ => None,
            })
            .collect()
    }
}

impl World {
    pub fn table(&self) -> Option<&Table> {
        self.table.as_deref()
    }

    /// Cards the user marked to pass in the draft.
    pub fn passing(&self) -> &[u8] {
        &self.passing
    }

    /// Sets up the game for the chosen number of players (2 to 4) on the
    /// current catalog and seed; the computer players' first actions are
    /// worked out off the UI thread.
    pub(super) fn set_table(&mut self, c: &Components, seed: u64) -> Action<Message> {
        self.passing.clear();
        self.thinking = None;
        self.thinks.forget();
        if self.players < 2 {
            self.table = None;
            return Action::None;
        }
        match Table::set_up(c, self.players, self.level, seed) {
            Ok(t) => self.think_on(t, Why::Answer),
            Err(e) => {
                self.table = None;
                Action::Error(e)
            }
        }
    }

    /// Puts `t` on the table and has the computer players work out the
    /// game from its start on a worker thread; the table waits for them.
    pub(super) fn think_on(&mut self, t: Table, why: Why) -> Action<Message> {
        let work = t.clone();
        self.table = Some(Box::new(t));
        self.after_table_move();
        let run = self.thinks.start();
        let Some(g) = &self.current else {
            return Action::None;
        };
        let c = std::sync::Arc::clone(&g.components);
        self.thinking = Some(why);
        Action::Run(iced::Task::perform(
            crate::gui::db::blocking(move || work.played(&c).map(Box::new)),
            move |r| Message::Thought(run, r),
        ))
    }

    /// Whether the computer players are thinking (the table waits).
    pub fn thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// The computer players' answer: the table once they acted. One for a
    /// table that has moved on since (a new deal, an Undo) is dropped.
    pub(super) fn thought(&mut self, run: u64, r: Result<Box<Table>, String>) -> Action<Message> {
        if !self.thinks.is_current(run) {
            return Action::None;
        }
        let Some(why) = self.thinking.take() else {
            return Action::None;
        };
        match r {
            Ok(t) => {
                // what the user marked or picked meanwhile stays, if it may
                let (passing, selected) = (std::mem::take(&mut self.passing), self.selected);
                self.table = Some(t);
                self.after_table_move();
                if let Some(t) = &self.table {
                    self.passing = passing
                        .into_iter()
                        .filter(|&p| t.m.waits_for(YOU) && t.m.draft_hand(YOU).any(|c| c == p))
                        .collect();
                    if selected.is_some_and(|s| t.m.seat(YOU).hand().any(|h| h == s)) {
                        self.selected = selected;
                    }
                }
                Action::None
            }
            // the stored game no longer plays (the catalog changed): dealt
            // again from its seed, and the user told
            Err(_) if why == Why::Restore => {
                let Some(seed) = self.table.as_ref().map(|t| t.seed) else {
                    return Action::None;
                };
                self.start(seed).and(Action::Notice(format!(
                    "The catalog changed since this game began: dealt again with seed {seed}"
                )))
            }
            Err(e) => Action::Error(e),
        }
    }

    /// Plays one of the user's actions in the game for 2 to 4: on the table
    /// at once, the computer players' answers off the UI thread.
    pub(super) fn table_play(&mut self, a: MatchAction) -> Action<Message> {
        if self.thinking() {
            self.refusal = Some(STILL_THINKING.into());
            return Action::None;
        }
        let (Some(t), Some(g)) = (&mut self.table, &self.current) else {
            return Action::None;
        };
        let what = match a {
            MatchAction::Seat { action, .. } => {
                describe(&g.components, t.m.seat(YOU).world(), action)
            }
            MatchAction::Sun { direction, .. } => format!("Turn the Sun {}", direction.as_str()),
            MatchAction::PassTwo { .. } | MatchAction::PassOne { .. } => "Pass".into(),
        };
        let mut next = (**t).clone();
        match next.take(&g.components, a) {
            Ok(()) if next.computers_to_act() => self.think_on(next, Why::Answer),
            Ok(()) => {
                self.table = Some(Box::new(next));
                self.after_table_move();
                Action::None
            }
            Err(e) => {
                self.refusal = Some(format!("{what}: {e}"));
                Action::None
            }
        }
    }

    /// Takes back the user's last move and the computer players' answers
    /// to it: the game is played again without it, off the UI thread.
    pub(super) fn table_undo(&mut self) -> Action<Message> {
        if self.thinking() {
            return Action::None;
        }
        let Some(t) = &self.table else {
            return Action::None;
        };
        let mut back = (**t).clone();
        if !back.take_back() {
            return Action::None;
        }
        self.think_on(back, Why::Answer)
    }

    /// Whether Undo has something it may take back.
    pub fn can_undo_table(&self) -> bool {
        !self.thinking() && self.table.as_ref().is_some_and(|t| t.can_undo())
    }

    /// Asks a strong computer player what it would do in the user's seat,
    /// off the UI thread. It sees what the user sees.
    pub(super) fn ask_table_hint(&mut self) -> Action<Message> {
        let (Some(t), Some(g)) = (&self.table, &self.current) else {
            return Action::None;
        };
        if self.thinking() || !t.m.waits_for(YOU) {
            return Action::None;
        }
        let run = self.hints.start();
        self.hint = Hint::Thinking;
        let (m, c, seed) = (t.m.clone(), std::sync::Arc::clone(&g.components), t.seed);
        Action::Run(iced::Task::perform(
            crate::gui::db::blocking(move || {
                let mut advisor =
                    ComputerSeat::new(SeatLevel::Strong, &c, m.players(), seat_seed(seed, YOU));
                Ok(advisor.choose(&m, YOU))
            }),
            move |r| Message::TableHinted(run, r),
        ))
    }

    pub(super) fn table_hinted(
        &mut self,
        run: u64,
        r: Result<Option<MatchAction>, String>,
    ) -> Action<Message> {
        if !self.hints.is_current(run) {
            return Action::None;
        }
        match r {
            Ok(a) => {
                self.hint = Hint::Table(a);
                // the hint's cards are picked, as a click would: the card to
                // place (its cells light up), the cards to pass
                match a {
                    Some(MatchAction::Seat {
                        action: Move::Place { card, .. },
                        ..
                    }) => self.selected = Some(card),
                    Some(MatchAction::PassTwo { cards, .. }) => self.passing = cards.to_vec(),
                    Some(MatchAction::PassOne { card, .. }) => self.passing = vec![card],
                    _ => {}
                }
                Action::None
            }
            Err(e) => {
                self.hint = Hint::None;
                Action::Error(e)
            }
        }
    }

    /// The hint for the user's seat in words.
    pub fn table_hint_line(&self) -> Option<String> {
        let Hint::Table(a) = self.hint else {
            return None;
        };
        let (Some(t), Some(g)) = (&self.table, &self.current) else {
            return None;
        };
        let c = &g.components;
        let name = |i: u8| c.land(i).name.clone();
        Some(match a {
            None => "Hint: nothing to do.".into(),
            Some(a) => format!(
                "Hint (strong player): {}",
                match a {
                    MatchAction::Sun { direction, .. } => format!(
                        "Turn the Sun {} (cards go to {})",
                        direction.as_str(),
                        seat_name(direction.next(YOU, t.m.players()))
                    ),
                    MatchAction::PassTwo { cards: [a, b], .. } => {
                        format!("Pass {} and {}", name(a), name(b))
                    }
                    MatchAction::PassOne { card, .. } => format!("Pass {}", name(card)),
                    MatchAction::Seat { action, .. } => {
                        describe(c, t.m.seat(YOU).world(), action)
                    }
                }
            ),
        })
    }

    pub(super) fn after_table_move(&mut self) {
        self.refusal = None;
        self.hint = Hint::None;
        self.hints.forget();
        self.passing.clear();
        self.selected = self
            .table
            .as_ref()
            .and_then(|t| t.m.seat(YOU).hand().next());
    }

    /// Marks or unmarks a draft card to pass.
    pub(super) fn toggle_pass(&mut self, card: u8) -> Action<Message> {
        let Some(t) = &self.table else {
            return Action::None;
        };
        let MatchPhase::Draft { pass } = t.m.phase() else {
            return Action::None;
        };
        if let Some(i) = self.passing.iter().position(|&c| c == card) {
            self.passing.remove(i);
        } else if t.m.draft_hand(YOU).any(|c| c == card) {
            self.passing.push(card);
            // keep the last choices when too many are marked
            while self.passing.len() > usize::from(pass) {
                self.passing.remove(0);
            }
        }
        self.refusal = None;
        Action::None
    }

    /// Passes the marked cards.
    pub(super) fn pass(&mut self) -> Action<Message> {
        let Some(t) = &self.table else {
            return Action::None;
        };
        let a = match (t.m.phase(), self.passing.as_slice()) {
            (MatchPhase::Draft { pass }, &[a, b]) if usize::from(pass) == PASS_FIRST => {
                MatchAction::PassTwo {
                    seat: YOU,
                    cards: [a, b],
                }
            }
            (MatchPhase::Draft { pass }, &[card]) if usize::from(pass) != PASS_FIRST => {
                MatchAction::PassOne { seat: YOU, card }
            }
            (MatchPhase::Draft { pass }, _) => {
                self.refusal = Some(format!(
                    "Choose {pass} card{} to pass, then Pass.",
                    if pass == 1 { "" } else { "s" }
                ));
                return Action::None;
            }
            // not drafting: the engine names what it waits for
            _ => MatchAction::PassOne {
                seat: YOU,
                card: self.passing.first().copied().unwrap_or(u8::MAX),
            },
        };
        self.table_play(a)
    }

    pub(super) fn sun(&mut self, direction: SunDirection) -> Action<Message> {
        self.table_play(MatchAction::Sun {
            seat: YOU,
            direction,
        })
    }

    /// A board click in the game for 2 to 4 (the user's World).
    pub(super) fn table_cell(&mut self, at: Pos) -> Action<Message> {
        let Some(t) = &self.table else {
            return Action::None;
        };
        let s = t.m.seat(YOU);
        let action = match s.phase() {
            Phase::Erupt { .. } => Move::Erupt { at },
            Phase::JoinCity { .. } => Move::Join { with: at },
            _ => Move::Place {
                card: self.selected.or_else(|| s.hand().next()).unwrap_or(u8::MAX),
                at,
            },
        };
        self.table_play(MatchAction::Seat { seat: YOU, action })
    }

    pub(super) fn table_select(&mut self, card: u8) -> Action<Message> {
        if self
            .table
            .as_ref()
            .is_some_and(|t| t.m.seat(YOU).hand().any(|h| h == card))
        {
            self.selected = Some(card);
            self.refusal = None;
        }
        Action::None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::solo::MAX_SEATS;

    #[test]
    fn computer_players_of_every_level_replay_the_same_game() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("resources/catalogs/strange-world.toml");
        let cat = crate::catalog::load(&path).unwrap().catalog;
        let c = Components::with_defaults(&cat).unwrap();
        for (players, level) in [
            (2, SeatLevel::Random),
            (3, SeatLevel::Quick),
            (MAX_SEATS as u8, SeatLevel::Strong),
        ] {
            let mut t = Table::new(&c, players, level, 3).unwrap();
            // the user plays as a quick computer would, half a game
            let mut me = ComputerSeat::new(SeatLevel::Quick, &c, players, 5);
            for _ in 0..14 {
                let a = me.choose(&t.m, YOU).expect("a move while waited for");
                t.play(&c, a).unwrap();
            }
            assert_eq!(t.moves().len(), 14);
            let again = Table::replay(&c, players, level, 3, t.moves()).unwrap();
            assert_eq!(again.m, t.m, "{players} players, {level:?}");
            assert_eq!(again.log, t.log, "{players} players, {level:?}");
            assert_eq!(again.moves(), t.moves());

            // a move that no longer applies is named; one of another seat
            // is not the user's
            let mut bad = t.moves().to_vec();
            bad.insert(1, bad[0]);
            let e = Table::replay(&c, players, level, 3, &bad).unwrap_err();
            assert!(e.starts_with("move 2: refused"), "{e}");
            bad[1] = MatchAction::PassOne { seat: 1, card: 0 };
            let e = Table::replay(&c, players, level, 3, &bad).unwrap_err();
            assert_eq!(e, "move 2 is not the user's");
        }
    }
}
