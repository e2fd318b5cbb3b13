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

use std::fmt;

use crate::engine::solo::{
    Action as Move, Components, ComputerSeat, Event, Match, MatchAction, MatchEvent, MatchPhase,
    PASS_FIRST, Phase, Pos, SeatLevel, SunDirection, seat_seed,
};

use super::words::{describe, event_line};
use super::{Action, Message, World};

/// The user's seat.
pub const YOU: u8 = 0;

/// A game for 2 to 4 in progress.
pub struct Table {
    pub m: Match,
    pub seed: u64,
    pub level: SeatLevel,
    /// Seats 1 and up.
    computers: Vec<ComputerSeat>,
    /// Everything that happened, oldest first.
    pub log: Vec<MatchEvent>,
    /// The user's actions that applied, oldest first: with the seed, the
    /// player count and the level they bring the game back
    /// ([`Table::replay`]), because the computer players are seeded too.
    moves: Vec<MatchAction>,
}

impl fmt::Debug for Table {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Table")
            .field("seed", &self.seed)
            .field("players", &self.m.players())
            .field("phase", &self.m.phase())
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
    /// Sets up a game for `players` and lets the computer players act until
    /// the user's first decision.
    pub fn new(c: &Components, players: u8, level: SeatLevel, seed: u64) -> Result<Table, String> {
        let m = Match::new(c, players, seed).map_err(|e| e.to_string())?;
        let computers = (1..players)
            .map(|s| ComputerSeat::new(level, c, players, seat_seed(seed, s)))
            .collect();
        let log = m.setup_events();
        let mut t = Table {
            m,
            seed,
            level,
            computers,
            log,
            moves: Vec::new(),
        };
        t.computers_act(c)?;
        Ok(t)
    }

    /// A game that goes on from `m` (a position set up from a scenario
    /// file): the user plays seat a, computer players the others, seeded
    /// from `seed`; they act until the user's decision.
    pub fn from_match(
        c: &Components,
        m: Match,
        level: SeatLevel,
        seed: u64,
    ) -> Result<Table, String> {
        let players = m.players();
        let computers = (1..players)
            .map(|s| ComputerSeat::new(level, c, players, seat_seed(seed, s)))
            .collect();
        let mut t = Table {
            m,
            seed,
            level,
            computers,
            log: Vec::new(),
            moves: Vec::new(),
        };
        t.computers_act(c)?;
        Ok(t)
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
        let mut t = Table::new(c, players, level, seed)?;
        for (n, &a) in moves.iter().enumerate() {
            if a.seat() != YOU {
                return Err(format!("move {} is not the user's", n + 1));
            }
            t.play(c, a).map_err(|e| format!("move {}: {e}", n + 1))?;
        }
        Ok(t)
    }

    /// The user's actions so far, oldest first.
    pub fn moves(&self) -> &[MatchAction] {
        &self.moves
    }

    /// Lets the computer players act while the match waits for one of them.
    fn computers_act(&mut self, c: &Components) -> Result<(), String> {
        // a defect guard far above a whole match's actions
        for _ in 0..10_000 {
            let Some(seat) = (1..self.m.players()).find(|&s| self.m.waits_for(s)) else {
                return Ok(());
            };
            let a = self.computers[usize::from(seat) - 1]
                .choose(&self.m, seat)
                .ok_or_else(|| format!("{} found no move", seat_name(seat)))?;
            self.m
                .apply(c, a, &mut self.log)
                .map_err(|e| format!("{}: {e}", seat_name(seat)))?;
        }
        Err("the computer players did not stop".into())
    }

    /// Plays one of the user's actions, then the computers' answers. A
    /// refused action changes nothing and comes back in words.
    pub fn play(&mut self, c: &Components, a: MatchAction) -> Result<(), String> {
        self.m
            .apply(c, a, &mut self.log)
            .map_err(|e| format!("refused, {e}"))?;
        self.moves.push(a);
        self.computers_act(c)
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
    /// current catalog and seed.
    pub(super) fn set_table(&mut self, c: &Components, seed: u64) -> Action<Message> {
        self.passing.clear();
        if self.players < 2 {
            self.table = None;
            return Action::None;
        }
        match Table::new(c, self.players, self.level, seed) {
            Ok(t) => {
                self.table = Some(Box::new(t));
                self.after_table_move();
                Action::None
            }
            Err(e) => {
                self.table = None;
                Action::Error(e)
            }
        }
    }

    /// Plays one of the user's actions in the game for 2 to 4.
    pub(super) fn table_play(&mut self, a: MatchAction) -> Action<Message> {
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
        match t.play(&g.components, a) {
            Ok(()) => self.after_table_move(),
            Err(e) => self.refusal = Some(format!("{what}: {e}")),
        }
        Action::None
    }

    pub(super) fn after_table_move(&mut self) {
        self.refusal = None;
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
