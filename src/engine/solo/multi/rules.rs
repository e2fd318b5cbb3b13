//! The turn sequence of a game for 2 to 4 (rulebook p.1-p.3): checking and
//! playing a [`MatchAction`], the deal, the two passes of the draft, the
//! play order and the end of a turn.

use std::fmt;

use serde::Serialize;

use super::super::NONE;
use super::super::action::{Event, IllegalMove, Phase};
use super::super::components::Components;
use super::super::score;
use super::{HAND, Match, MatchAction, MatchEvent, MatchPhase, PASS_FIRST, PASS_SECOND};

/// A refused match action, with the rule it breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "refused", rename_all = "kebab-case")]
pub enum MatchIllegal {
    NoSuchSeat,
    /// The action does not answer what the match waits for.
    WrongPhase {
        expected: &'static str,
    },
    /// Another player's turn to place.
    NotYourTurn,
    /// Only the Sun holder turns the Sun.
    NotSunHolder,
    /// The player already chose this round's pass.
    AlreadyPassed,
    /// A passed card is not in the player's hand, or is named twice.
    NotInHand,
    /// The placement itself breaks a rule of the World.
    Seat {
        error: IllegalMove,
    },
}

impl MatchIllegal {
    /// The rule, quoted from the rulebook.
    pub fn rule(self) -> &'static str {
        match self {
            MatchIllegal::NoSuchSeat => "\"Obtain the most Stars\" - there is no such player",
            MatchIllegal::WrongPhase { .. } => {
                "\"Each turn, deal, face down, 3 Land cards to each player\", then the draft, then \"Play your Land cards\" (p.2-p.3)"
            }
            MatchIllegal::NotYourTurn => {
                "\"One player at a time starting with the player who has the Sun card, then continuing on in the direction it indicates, play a Land card\" (p.3)"
            }
            MatchIllegal::NotSunHolder => {
                "\"The Sun card is passed to the player on the left, who chooses the face of the card to define the drafting direction and the play order\" (p.1)"
            }
            MatchIllegal::AlreadyPassed => {
                "\"Then, simultaneously, give 2 of them to the player next to you\" - each player passes once a round (p.3)"
            }
            MatchIllegal::NotInHand => {
                "\"Take a look at your cards ... give 2 of them to the player next to you ... give 1 card to the player next to you\" - two different cards of your own hand, then one (p.3)"
            }
            MatchIllegal::Seat { error } => error.rule(),
        }
    }

    fn summary(self) -> String {
        match self {
            MatchIllegal::NoSuchSeat => "no such player".into(),
            MatchIllegal::WrongPhase { expected } => {
                format!("not now: the game waits for players to {expected}")
            }
            MatchIllegal::NotYourTurn => "it is another player's turn to place".into(),
            MatchIllegal::NotSunHolder => "only the Sun holder turns the Sun".into(),
            MatchIllegal::AlreadyPassed => "you have already passed this round".into(),
            MatchIllegal::NotInHand => "pass different cards from your own hand".into(),
            MatchIllegal::Seat { error } => error.to_string(),
        }
    }
}

impl fmt::Display for MatchIllegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchIllegal::Seat { error } => write!(f, "{error}"),
            _ => write!(f, "{}; rule: {}", self.summary(), self.rule()),
        }
    }
}

impl std::error::Error for MatchIllegal {}

impl Match {
    /// Checks an action without playing it.
    pub fn check(&self, c: &Components, a: MatchAction) -> Result<(), MatchIllegal> {
        let seat = a.seat();
        if seat >= self.players {
            return Err(MatchIllegal::NoSuchSeat);
        }
        let wrong = Err(MatchIllegal::WrongPhase {
            expected: self.phase.describe(),
        });
        match (self.phase, a) {
            (MatchPhase::ChooseSun { seat: holder }, MatchAction::Sun { .. }) => {
                if holder == seat {
                    Ok(())
                } else {
                    Err(MatchIllegal::NotSunHolder)
                }
            }
            (MatchPhase::Draft { pass }, MatchAction::PassTwo { cards, .. })
                if usize::from(pass) == PASS_FIRST =>
            {
                self.check_pass(seat, &cards)
            }
            (MatchPhase::Draft { pass }, MatchAction::PassOne { card, .. })
                if usize::from(pass) == PASS_SECOND =>
            {
                self.check_pass(seat, &[card])
            }
            (MatchPhase::Play { seat: turn }, MatchAction::Seat { action, .. }) => {
                if turn != seat {
                    return Err(MatchIllegal::NotYourTurn);
                }
                self.seat(seat)
                    .check(c, action)
                    .map_err(|error| MatchIllegal::Seat { error })
            }
            _ => wrong,
        }
    }

    fn check_pass(&self, seat: u8, cards: &[u8]) -> Result<(), MatchIllegal> {
        if self.has_passed(seat) {
            return Err(MatchIllegal::AlreadyPassed);
        }
        let hand = &self.draft[usize::from(seat)];
        for (i, &card) in cards.iter().enumerate() {
            if card == NONE || !hand.contains(&card) || cards[..i].contains(&card) {
                return Err(MatchIllegal::NotInHand);
            }
        }
        Ok(())
    }

    /// Plays an action; on error nothing changes. The events say what
    /// happened, including the other seats' passes once the last player
    /// has chosen.
    pub fn apply(
        &mut self,
        c: &Components,
        a: MatchAction,
        ev: &mut Vec<MatchEvent>,
    ) -> Result<(), MatchIllegal> {
        self.check(c, a)?;
        match a {
            MatchAction::Sun { seat, direction } => {
                self.direction = direction;
                ev.push(MatchEvent::SunTurned { seat, direction });
                self.deal(ev);
            }
            MatchAction::PassTwo { seat, cards } => self.choose_pass(seat, &cards, ev),
            MatchAction::PassOne { seat, card } => self.choose_pass(seat, &[card], ev),
            MatchAction::Seat { seat, action } => {
                let mut s = self.seat(seat);
                let mut events = Vec::new();
                s.apply(c, action, &mut events)
                    .map_err(|error| MatchIllegal::Seat { error })?;
                self.supply = *s.supply();
                self.seats[usize::from(seat)] = s;
                ev.extend(
                    events
                        .into_iter()
                        .map(|event| MatchEvent::Seat { seat, event }),
                );
                // the placement is over once the World waits for no choice
                if matches!(s.phase(), Phase::Place | Phase::Finished) {
                    self.placed += 1;
                    self.next_player(c, seat, ev);
                }
            }
        }
        Ok(())
    }

    /// Starts a turn: with 3 or 4 players the Sun holder turns the Sun
    /// first, otherwise the cards are dealt at once.
    pub(super) fn start_turn(&mut self, ev: &mut Vec<MatchEvent>) {
        if self.players > 2 {
            self.phase = MatchPhase::ChooseSun { seat: self.sun };
        } else {
            self.deal(ev);
        }
    }

    /// "deal, face down, 3 Land cards to each player" (p.2).
    fn deal(&mut self, ev: &mut Vec<MatchEvent>) {
        self.turn += 1;
        ev.push(MatchEvent::TurnStarted { turn: self.turn });
        for seat in 0..self.players {
            let hand = &mut self.draft[usize::from(seat)];
            for slot in hand.iter_mut() {
                *slot = self.deck[self.drawn];
                self.drawn += 1;
            }
            ev.push(MatchEvent::Dealt {
                seat,
                cards: hand.to_vec(),
            });
        }
        self.pending = [[NONE; PASS_FIRST]; super::MAX_SEATS];
        self.phase = MatchPhase::Draft {
            pass: PASS_FIRST as u8,
        };
    }

    /// Keeps a player's pass; once every player has chosen, the cards move
    /// "simultaneously" to the next player in the Sun's direction.
    fn choose_pass(&mut self, seat: u8, cards: &[u8], ev: &mut Vec<MatchEvent>) {
        let slot = &mut self.pending[usize::from(seat)];
        for (p, &card) in slot.iter_mut().zip(cards) {
            *p = card;
        }
        if (0..self.players).any(|s| !self.has_passed(s)) {
            return;
        }
        let mut received = [[NONE; PASS_FIRST]; super::MAX_SEATS];
        for from in 0..self.players {
            let to = self.pass_to(from);
            let passed = self.pending[usize::from(from)];
            received[usize::from(to)] = passed;
            let hand = &mut self.draft[usize::from(from)];
            for card in passed.iter().filter(|&&c| c != NONE) {
                if let Some(h) = hand.iter_mut().find(|h| *h == card) {
                    *h = NONE;
                }
            }
            ev.push(MatchEvent::Passed {
                from,
                to,
                cards: passed.iter().copied().filter(|&c| c != NONE).collect(),
            });
        }
        let n = usize::from(self.players);
        for (hand, got) in self.draft.iter_mut().zip(&received).take(n) {
            let mut kept: Vec<u8> = hand.iter().copied().filter(|&c| c != NONE).collect();
            kept.extend(got.iter().copied().filter(|&c| c != NONE));
            *hand = [NONE; HAND];
            for (slot, card) in hand.iter_mut().zip(kept) {
                *slot = card;
            }
        }
        self.pending = [[NONE; PASS_FIRST]; super::MAX_SEATS];
        if matches!(self.phase, MatchPhase::Draft { pass } if usize::from(pass) == PASS_FIRST) {
            self.phase = MatchPhase::Draft {
                pass: PASS_SECOND as u8,
            };
            return;
        }
        // the draft is over: the cards go to the Worlds' hands
        for seat in 0..usize::from(self.players) {
            let hand = self.draft[seat];
            self.seats[seat].give_hand(&hand);
            self.draft[seat] = [NONE; HAND];
        }
        self.placed = 0;
        self.phase = MatchPhase::Play { seat: self.sun };
    }

    /// After `seat`'s placement: the next player in the Sun's direction, or
    /// the end of the turn once everyone has placed their 3 cards.
    fn next_player(&mut self, c: &Components, seat: u8, ev: &mut Vec<MatchEvent>) {
        if usize::from(self.placed) < usize::from(self.players) * HAND {
            self.phase = MatchPhase::Play {
                seat: self.direction.next(seat, self.players),
            };
            return;
        }
        if self.turn >= self.turns {
            self.phase = MatchPhase::Finished;
            let totals = (0..self.players)
                .map(|s| score::total(self.seats[usize::from(s)].world(), c))
                .collect();
            ev.push(MatchEvent::Finished {
                totals,
                winners: self.winners(c),
            });
            return;
        }
        if self.sun_passes {
            // "The Sun card is passed to the player on the left" (p.1)
            self.sun = (self.sun + 1) % self.players;
            ev.push(MatchEvent::SunPassed { seat: self.sun });
        }
        self.start_turn(ev);
    }

    /// The Events a seat's World produced in `ev` (for screens that show one
    /// World's log).
    pub fn seat_events(ev: &[MatchEvent], seat: u8) -> impl Iterator<Item = &Event> {
        ev.iter().filter_map(move |e| match e {
            MatchEvent::Seat { seat: s, event } if *s == seat => Some(event),
            _ => None,
        })
    }
}
