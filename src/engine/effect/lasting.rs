//! Changes that last: a stat modifier, a keyword gained or lost, a status,
//! held by a card or a player until a turn or round boundary, or while their
//! source stays in play.
//!
//! The interpreter adds them for steps with a [`Duration`]; games query them
//! ([`LastingSet::stat`], [`LastingSet::keyword`], [`LastingSet::has_status`])
//! and tell the set when turns and rounds start and end and when cards leave
//! play. A game that never meets a lasting effect pays one empty-`Vec` check.

use super::{Duration, Keyword, Stat, Status};

/// Who holds a lasting change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Holder {
    Card(u16),
    Player(u8),
}

/// What a lasting change does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Change {
    Stat { stat: Stat, delta: i8 },
    Keyword { keyword: Keyword, n: u8, gain: bool },
    Status(Status),
}

/// When a lasting change ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Until {
    /// At the end of the current turn.
    EndOfTurn,
    /// At the start of this player's next turn.
    StartOfTurn(u8),
    /// At the end of this player's next turn.
    EndOfNextTurn(u8),
    /// At the end of the current round.
    EndOfRound,
    /// When the source leaves play.
    SourceLeaves,
}

impl Until {
    /// The boundary a step's duration means, for a change made by
    /// `controller`'s card.
    pub fn of(d: Duration, controller: usize) -> Option<Until> {
        let you = controller as u8;
        Some(match d {
            Duration::Instant => return None,
            Duration::ThisTurn => Until::EndOfTurn,
            Duration::UntilYourNextTurn => Until::StartOfTurn(you),
            Duration::UntilEndOfOpponentsNextTurn => Until::EndOfNextTurn(1 - you),
            Duration::ThisRound => Until::EndOfRound,
            Duration::WhileInPlay => Until::SourceLeaves,
        })
    }
}

/// One lasting change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lasting {
    pub holder: Holder,
    pub change: Change,
    pub until: Until,
    /// The card whose ability made it.
    pub source: u16,
    /// For [`Until::EndOfNextTurn`]: that player's next turn has started.
    armed: bool,
}

/// Every lasting change of a game.
#[derive(Debug, Default)]
pub struct LastingSet {
    items: Vec<Lasting>,
}

impl Clone for LastingSet {
    fn clone(&self) -> Self {
        LastingSet {
            items: self.items.clone(),
        }
    }

    /// Into the list's own buffer.
    fn clone_from(&mut self, src: &Self) {
        self.items.clone_from(&src.items);
    }
}

impl LastingSet {
    pub fn clear(&mut self) {
        self.items.clear();
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = &Lasting> {
        self.items.iter()
    }

    pub fn add(&mut self, holder: Holder, change: Change, until: Until, source: u16) {
        self.items.push(Lasting {
            holder,
            change,
            until,
            source,
            armed: false,
        });
    }

    /// The sum of the stat changes a card holds.
    #[inline]
    pub fn stat(&self, card: u16, stat: Stat) -> i32 {
        if self.items.is_empty() {
            return 0;
        }
        self.items
            .iter()
            .filter(|l| l.holder == Holder::Card(card))
            .map(|l| match l.change {
                Change::Stat { stat: s, delta } if s == stat => i32::from(delta),
                _ => 0,
            })
            .sum()
    }

    /// Whether a card gained (`Some(true)`, with its X) or lost
    /// (`Some(false)`) a keyword; losing wins over gaining.
    pub fn keyword(&self, card: u16, keyword: Keyword) -> Option<(bool, u8)> {
        let mut out = None;
        for l in &self.items {
            if l.holder != Holder::Card(card) {
                continue;
            }
            if let Change::Keyword {
                keyword: k,
                n,
                gain,
            } = l.change
                && k == keyword
            {
                if !gain {
                    return Some((false, 0));
                }
                out = Some((true, n));
            }
        }
        out
    }

    #[inline]
    pub fn has_status(&self, holder: Holder, status: Status) -> bool {
        !self.items.is_empty()
            && self
                .items
                .iter()
                .any(|l| l.holder == holder && l.change == Change::Status(status))
    }

    /// Removes one status from a holder (a Shield used up).
    pub fn remove_status(&mut self, holder: Holder, status: Status) -> bool {
        match self
            .items
            .iter()
            .position(|l| l.holder == holder && l.change == Change::Status(status))
        {
            Some(i) => {
                self.items.remove(i);
                true
            }
            None => false,
        }
    }

    /// Removes every harmful change a card holds (Rizontical "remove every
    /// Debuff"): negative stat changes and harmful statuses.
    pub fn cleanse(&mut self, card: u16) {
        self.items.retain(|l| {
            l.holder != Holder::Card(card)
                || !matches!(
                    l.change,
                    Change::Stat { delta: ..0, .. }
                        | Change::Status(
                            Status::Burned | Status::Poison | Status::Last | Status::Silenced
                        )
                        | Change::Keyword { gain: false, .. }
                )
        });
    }

    /// Player `p`'s turn starts.
    pub fn turn_start(&mut self, p: usize) {
        let p = p as u8;
        self.items.retain_mut(|l| match l.until {
            Until::StartOfTurn(q) => q != p,
            Until::EndOfNextTurn(q) if q == p => {
                l.armed = true;
                true
            }
            _ => true,
        });
    }

    /// Player `p`'s turn ends.
    pub fn turn_end(&mut self, p: usize) {
        let p = p as u8;
        self.items.retain(|l| match l.until {
            Until::EndOfTurn => false,
            Until::EndOfNextTurn(q) => !(q == p && l.armed),
            _ => true,
        });
    }

    /// Moves the changes `card` holds that `pick` selects onto `to`
    /// (Rizontical "Move any allies Buff value on this Fighter"); returns
    /// how many moved.
    pub fn rehome(&mut self, card: u16, to: u16, pick: impl Fn(&Change) -> bool) -> usize {
        let mut n = 0;
        for l in &mut self.items {
            if l.holder == Holder::Card(card) && pick(&l.change) {
                l.holder = Holder::Card(to);
                n += 1;
            }
        }
        n
    }

    /// Removes every change a player or card holds that `pick` selects.
    pub fn remove_where(&mut self, holder: Holder, pick: impl Fn(&Change) -> bool) {
        self.items
            .retain(|l| l.holder != holder || !pick(&l.change));
    }

    pub fn round_end(&mut self) {
        self.items.retain(|l| l.until != Until::EndOfRound);
    }

    /// A card left play: what it holds goes, and what it keeps up while in
    /// play ends.
    pub fn left_play(&mut self, card: u16) {
        if self.items.is_empty() {
            return;
        }
        self.items.retain(|l| {
            l.holder != Holder::Card(card) && !(l.source == card && l.until == Until::SourceLeaves)
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_end_at_their_boundaries() {
        let mut s = LastingSet::default();
        let atk = Change::Stat {
            stat: Stat::Atk,
            delta: 2,
        };
        s.add(Holder::Card(1), atk, Until::EndOfTurn, 9);
        s.add(Holder::Card(1), atk, Until::SourceLeaves, 9);
        s.add(
            Holder::Card(2),
            Change::Status(Status::Silenced),
            Until::EndOfNextTurn(1),
            9,
        );
        s.add(
            Holder::Card(3),
            Change::Status(Status::Silenced),
            Until::StartOfTurn(0),
            9,
        );
        assert_eq!(s.stat(1, Stat::Atk), 4);
        s.turn_end(0);
        assert_eq!(s.stat(1, Stat::Atk), 2);
        // player 1's turn: the silence lasts through it
        s.turn_start(1);
        assert!(s.has_status(Holder::Card(2), Status::Silenced));
        s.turn_end(1);
        assert!(!s.has_status(Holder::Card(2), Status::Silenced));
        assert!(s.has_status(Holder::Card(3), Status::Silenced));
        s.turn_start(0);
        assert!(!s.has_status(Holder::Card(3), Status::Silenced));
        s.left_play(9);
        assert_eq!(s.stat(1, Stat::Atk), 0);
        assert!(s.is_empty());
    }

    #[test]
    fn losing_a_keyword_wins_over_gaining_it() {
        let mut s = LastingSet::default();
        let kw = |gain| Change::Keyword {
            keyword: Keyword::Stealth,
            n: 0,
            gain,
        };
        s.add(Holder::Card(1), kw(true), Until::SourceLeaves, 5);
        assert_eq!(s.keyword(1, Keyword::Stealth), Some((true, 0)));
        s.add(Holder::Card(1), kw(false), Until::SourceLeaves, 6);
        assert_eq!(s.keyword(1, Keyword::Stealth), Some((false, 0)));
        s.cleanse(1);
        assert_eq!(s.keyword(1, Keyword::Stealth), Some((true, 0)));
    }
}
