//! Explicit zones owned by a game state, and the one function that moves a card
//! between them.
//!
//! Every card copy of a deck has a copy id (`u16`, its position in the compiled
//! deck) and sits in exactly one zone. All movement goes through
//! [`Zones::move_card`] (Fireplace's `Card._set_zone`), so conservation — no
//! card lost or duplicated — is a property of one function and easy to assert
//! ([`Zones::check_conservation`]). A zone is an ordered list: the top of a deck
//! is its *last* element, so drawing is a cheap `pop`.
//!
//! The lists keep their capacity between games: [`Zones::reset`] refills them
//! without allocating, which keeps goldfish hot loops allocation-free.

use std::fmt::Debug;
use std::marker::PhantomData;

use crate::engine::Rng;
use crate::engine::core::below;

/// A game's zone names: a small enum with a dense index.
pub trait ZoneId: Copy + Eq + Debug + 'static {
    /// Every zone, in index order.
    const ALL: &'static [Self];
    fn index(self) -> usize;
    /// Shown to people (snapshots, messages).
    fn name(self) -> &'static str;
}

/// Where a moved card lands in its new zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum At {
    /// The end of the list: the top of a deck, the newest card of a hand.
    Top,
    /// The start of the list: the bottom of a deck.
    Bottom,
}

/// The zones of one game state.
#[derive(Clone, Debug)]
pub struct Zones<Z: ZoneId> {
    lists: Vec<Vec<u16>>,
    _zone: PhantomData<Z>,
}

impl<Z: ZoneId> Zones<Z> {
    /// Empty zones, each able to hold `copies` cards without growing.
    pub fn new(copies: usize) -> Zones<Z> {
        Zones {
            lists: Z::ALL.iter().map(|_| Vec::with_capacity(copies)).collect(),
            _zone: PhantomData,
        }
    }

    /// Empties every zone and puts copies `0..copies` into `zone`, in order.
    pub fn reset(&mut self, zone: Z, copies: usize) {
        for l in &mut self.lists {
            l.clear();
        }
        self.lists[zone.index()].extend(0..copies as u16);
    }

    pub fn get(&self, zone: Z) -> &[u16] {
        &self.lists[zone.index()]
    }

    pub fn len(&self, zone: Z) -> usize {
        self.lists[zone.index()].len()
    }

    pub fn is_empty(&self, zone: Z) -> bool {
        self.lists[zone.index()].is_empty()
    }

    /// The top card of a zone (its last element).
    pub fn top(&self, zone: Z) -> Option<u16> {
        self.lists[zone.index()].last().copied()
    }

    /// Where copy `card` is in `zone`.
    pub fn position(&self, zone: Z, card: u16) -> Option<usize> {
        self.lists[zone.index()].iter().position(|&c| c == card)
    }

    pub fn contains(&self, zone: Z, card: u16) -> bool {
        self.lists[zone.index()].contains(&card)
    }

    /// The zone holding `card` (a linear scan: for checks and the playtest
    /// screen, not for hot loops).
    pub fn zone_of(&self, card: u16) -> Option<Z> {
        Z::ALL.iter().copied().find(|z| self.contains(*z, card))
    }

    /// THE move: takes the card at `pos` of `from` and puts it in `to` at `at`.
    /// Order within `from` is kept (hands and rows are shown in order).
    ///
    /// `pos` must be a position of `from`; callers find it with
    /// [`Zones::position`] or take the top.
    pub fn move_card(&mut self, from: Z, pos: usize, to: Z, at: At) -> u16 {
        let card = self.lists[from.index()].remove(pos);
        let dest = &mut self.lists[to.index()];
        match at {
            At::Top => dest.push(card),
            At::Bottom => dest.insert(0, card),
        }
        card
    }

    /// Moves copy `card` from `from` to `to`; `false` when it is not in `from`.
    pub fn move_copy(&mut self, from: Z, card: u16, to: Z, at: At) -> bool {
        match self.position(from, card) {
            Some(pos) => {
                self.move_card(from, pos, to, at);
                true
            }
            None => false,
        }
    }

    /// Moves the top card of `from` to `to`, if there is one.
    pub fn move_top(&mut self, from: Z, to: Z, at: At) -> Option<u16> {
        let n = self.lists[from.index()].len();
        (n > 0).then(|| self.move_card(from, n - 1, to, at))
    }

    /// Shuffles a zone in place (Fisher-Yates on the engine's own bounded
    /// sampler, so a seed gives the same order whatever the `rand` version).
    pub fn shuffle(&mut self, zone: Z, rng: &mut Rng) {
        let l = &mut self.lists[zone.index()];
        for i in (1..l.len()).rev() {
            let j = below(rng, i as u32 + 1) as usize;
            l.swap(i, j);
        }
    }

    /// Every copy `0..copies` is in exactly one zone, and nothing else is.
    pub fn check_conservation(&self, copies: usize) -> Result<(), String> {
        let mut seen = vec![None::<Z>; copies];
        for &z in Z::ALL {
            for &c in self.get(z) {
                let Some(slot) = seen.get_mut(c as usize) else {
                    return Err(format!("unknown copy {c} in {}", z.name()));
                };
                if let Some(other) = slot {
                    return Err(format!(
                        "copy {c} is in both {} and {}",
                        other.name(),
                        z.name()
                    ));
                }
                *slot = Some(z);
            }
        }
        match seen.iter().position(Option::is_none) {
            Some(c) => Err(format!("copy {c} is in no zone")),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    enum Z {
        Deck,
        Hand,
    }

    impl ZoneId for Z {
        const ALL: &'static [Z] = &[Z::Deck, Z::Hand];
        fn index(self) -> usize {
            self as usize
        }
        fn name(self) -> &'static str {
            match self {
                Z::Deck => "deck",
                Z::Hand => "hand",
            }
        }
    }

    #[test]
    fn moves_keep_every_card_once() {
        let mut z = Zones::<Z>::new(5);
        z.reset(Z::Deck, 5);
        assert_eq!(z.move_top(Z::Deck, Z::Hand, At::Top), Some(4));
        assert!(z.move_copy(Z::Deck, 0, Z::Hand, At::Top));
        assert!(!z.move_copy(Z::Deck, 0, Z::Hand, At::Top));
        assert_eq!(z.get(Z::Hand), &[4, 0]);
        z.move_card(Z::Hand, 0, Z::Deck, At::Bottom);
        assert_eq!(z.get(Z::Deck), &[4, 1, 2, 3]);
        assert_eq!(z.zone_of(0), Some(Z::Hand));
        z.check_conservation(5).unwrap();
    }

    #[test]
    fn conservation_catches_duplicates_and_losses() {
        let mut z = Zones::<Z>::new(3);
        z.reset(Z::Deck, 3);
        z.lists[1].push(2);
        assert!(z.check_conservation(3).unwrap_err().contains("both"));
        z.lists[1].clear();
        z.lists[0].pop();
        assert!(z.check_conservation(3).unwrap_err().contains("no zone"));
    }

    #[test]
    fn shuffle_is_seeded() {
        let order = |seed| {
            let mut z = Zones::<Z>::new(30);
            z.reset(Z::Deck, 30);
            z.shuffle(Z::Deck, &mut crate::engine::rng(seed));
            z.get(Z::Deck).to_vec()
        };
        assert_eq!(order(3), order(3));
        assert_ne!(order(3), order(4));
        let mut sorted = order(3);
        sorted.sort_unstable();
        assert_eq!(sorted, (0..30).collect::<Vec<u16>>());
    }
}
