//! Explicit zones owned by a game state, and the one function that moves a card
//! between them.
//!
//! Every card copy of a game has a copy id (`u16`: its position in the
//! compiled decks, both players' copies numbered one after the other) and sits
//! in exactly one zone. All movement goes through [`Zones::move_card`]
//! (Fireplace's `Card._set_zone`), so conservation — no card lost or
//! duplicated — is a property of one function and easy to assert
//! ([`Zones::check_conservation`]). A zone is an ordered list: the top of a
//! deck is its *last* element, so drawing is a cheap `pop`.
//!
//! A game names its zones with a [`ZoneId`]. Two-player games use
//! [`Seated`]: one [`Pile`] (deck, hand, ...) per player.
//!
//! The lists keep their capacity between games: [`Zones::reset`] refills them
//! without allocating, which keeps goldfish hot loops allocation-free.

use std::fmt::Debug;
use std::marker::PhantomData;

use super::rng::{Rng, below};

/// A game's zone names: a small set with a dense index `0..COUNT`.
pub trait ZoneId: Copy + Eq + Debug + 'static {
    const COUNT: usize;
    fn index(self) -> usize;
    fn from_index(i: usize) -> Self;
    /// Shown to people (snapshots, messages).
    fn name(self) -> &'static str;
    /// The player the zone belongs to (0 for one-player zone sets).
    fn player(self) -> usize {
        0
    }
    /// Every zone, in index order.
    fn all() -> impl Iterator<Item = Self> {
        (0..Self::COUNT).map(Self::from_index)
    }
}

/// One player's kind of zone (deck, hand, battlefield, ...).
pub trait Pile: Copy + Eq + Debug + 'static {
    /// Every pile, in index order.
    const ALL: &'static [Self];
    fn index(self) -> usize;
    fn name(self) -> &'static str;
}

/// A pile of one of the two players: the zones of a two-player game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Seated<P: Pile> {
    pub player: u8,
    pub pile: P,
}

impl<P: Pile> Seated<P> {
    #[inline]
    pub fn of(player: usize, pile: P) -> Seated<P> {
        Seated {
            player: player as u8,
            pile,
        }
    }
}

impl<P: Pile> ZoneId for Seated<P> {
    const COUNT: usize = 2 * P::ALL.len();

    #[inline]
    fn index(self) -> usize {
        usize::from(self.player) * P::ALL.len() + self.pile.index()
    }

    fn from_index(i: usize) -> Self {
        let n = P::ALL.len();
        Seated {
            player: (i / n) as u8,
            pile: P::ALL[i % n],
        }
    }

    fn name(self) -> &'static str {
        self.pile.name()
    }

    fn player(self) -> usize {
        usize::from(self.player)
    }
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
#[derive(Debug)]
pub struct Zones<Z: ZoneId> {
    lists: Vec<Vec<u16>>,
    _zone: PhantomData<Z>,
}

impl<Z: ZoneId> Clone for Zones<Z> {
    fn clone(&self) -> Self {
        Zones {
            lists: self.lists.clone(),
            _zone: PhantomData,
        }
    }

    /// Into the lists' own buffers (a policy's scratch table is refilled
    /// at each decision, not allocated again).
    fn clone_from(&mut self, src: &Self) {
        self.lists.clone_from(&src.lists);
    }
}

impl<Z: ZoneId> Zones<Z> {
    /// Empty zones, each able to hold `copies` cards without growing.
    pub fn new(copies: usize) -> Zones<Z> {
        Zones {
            lists: (0..Z::COUNT).map(|_| Vec::with_capacity(copies)).collect(),
            _zone: PhantomData,
        }
    }

    /// Empties every zone.
    pub fn clear(&mut self) {
        for l in &mut self.lists {
            l.clear();
        }
    }

    /// Empties every zone and puts copies `0..copies` into `zone`, in order.
    pub fn reset(&mut self, zone: Z, copies: usize) {
        self.clear();
        self.fill(zone, 0..copies);
    }

    /// Appends copies `range` to `zone` (setting up each player's deck).
    pub fn fill(&mut self, zone: Z, range: std::ops::Range<usize>) {
        self.lists[zone.index()].extend(range.map(|c| c as u16));
    }

    /// Puts `card` on top of `zone` (setting up a position: the caller
    /// places every copy exactly once).
    pub fn put(&mut self, zone: Z, card: u16) {
        self.lists[zone.index()].push(card);
    }

    #[inline]
    pub fn get(&self, zone: Z) -> &[u16] {
        &self.lists[zone.index()]
    }

    #[inline]
    pub fn len(&self, zone: Z) -> usize {
        self.lists[zone.index()].len()
    }

    #[inline]
    pub fn is_empty(&self, zone: Z) -> bool {
        self.lists[zone.index()].is_empty()
    }

    /// The top card of a zone (its last element).
    #[inline]
    pub fn top(&self, zone: Z) -> Option<u16> {
        self.lists[zone.index()].last().copied()
    }

    /// Where copy `card` is in `zone`.
    pub fn position(&self, zone: Z, card: u16) -> Option<usize> {
        self.lists[zone.index()].iter().position(|&c| c == card)
    }

    #[inline]
    pub fn contains(&self, zone: Z, card: u16) -> bool {
        self.lists[zone.index()].contains(&card)
    }

    /// The zone holding `card` (a linear scan: for checks and the playtest
    /// screen, not for hot loops).
    pub fn zone_of(&self, card: u16) -> Option<Z> {
        Z::all().find(|z| self.contains(*z, card))
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
        let card = self.lists[from.index()].pop()?;
        let dest = &mut self.lists[to.index()];
        match at {
            At::Top => dest.push(card),
            At::Bottom => dest.insert(0, card),
        }
        Some(card)
    }

    /// Exchanges the card at `a.1` of zone `a.0` with the one at `b.1` of
    /// `b.0` (a hidden card dealt again in a sampled world).
    pub fn swap_cards(&mut self, a: (Z, usize), b: (Z, usize)) {
        if a.0.index() == b.0.index() {
            self.lists[a.0.index()].swap(a.1, b.1);
        } else {
            let x = self.lists[a.0.index()][a.1];
            let y = std::mem::replace(&mut self.lists[b.0.index()][b.1], x);
            self.lists[a.0.index()][a.1] = y;
        }
    }

    /// Moves every card of `from` onto the top of `to`, keeping their order.
    pub fn move_all(&mut self, from: Z, to: Z) {
        while self.move_card_if_any(from, to) {}
    }

    fn move_card_if_any(&mut self, from: Z, to: Z) -> bool {
        if self.lists[from.index()].is_empty() {
            return false;
        }
        self.move_card(from, 0, to, At::Top);
        true
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

    /// Puts a zone in copy order: a pile about to be shuffled for a sampled
    /// world is sorted first, so the world does not depend on the order the
    /// viewer could not see.
    pub fn sort(&mut self, zone: Z) {
        self.lists[zone.index()].sort_unstable();
    }

    /// Every copy `0..copies` is in exactly one zone, and nothing else is;
    /// with `owner`, every copy is in a zone of its owner.
    pub fn check_conservation(
        &self,
        copies: usize,
        owner: impl Fn(u16) -> usize,
    ) -> Result<(), String> {
        let mut seen = vec![None::<Z>; copies];
        for z in Z::all() {
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
                if owner(c) != z.player() {
                    return Err(format!(
                        "copy {c} of player {} is in player {}'s {}",
                        owner(c) + 1,
                        z.player() + 1,
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

/// Implements [`ZoneId`] for a plain enum of one player's zones, and [`Pile`]
/// so the same enum can be [`Seated`] for two players:
/// `zone_enum!(Zone { Deck => "Deck", Hand => "Hand" })`.
#[macro_export]
macro_rules! zone_enum {
    ($(#[$meta:meta])* $vis:vis enum $name:ident { $($variant:ident => $label:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        $vis enum $name { $($variant),+ }

        impl $crate::engine::core::zones::Pile for $name {
            const ALL: &'static [$name] = &[$($name::$variant),+];
            #[inline]
            fn index(self) -> usize {
                self as usize
            }
            fn name(self) -> &'static str {
                match self { $($name::$variant => $label),+ }
            }
        }

        impl $crate::engine::core::zones::ZoneId for $name {
            const COUNT: usize = <$name as $crate::engine::core::zones::Pile>::ALL.len();
            #[inline]
            fn index(self) -> usize {
                self as usize
            }
            fn from_index(i: usize) -> $name {
                <$name as $crate::engine::core::zones::Pile>::ALL[i]
            }
            fn name(self) -> &'static str {
                <$name as $crate::engine::core::zones::Pile>::name(self)
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::zone_enum!(enum Z { Deck => "deck", Hand => "hand" });

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
        z.check_conservation(5, |_| 0).unwrap();
        z.move_all(Z::Deck, Z::Hand);
        assert_eq!(z.get(Z::Hand), &[0, 4, 1, 2, 3]);
    }

    #[test]
    fn conservation_catches_duplicates_losses_and_wrong_owners() {
        let mut z = Zones::<Z>::new(3);
        z.reset(Z::Deck, 3);
        z.lists[1].push(2);
        assert!(z.check_conservation(3, |_| 0).unwrap_err().contains("both"));
        z.lists[1].clear();
        z.lists[0].pop();
        assert!(
            z.check_conservation(3, |_| 0)
                .unwrap_err()
                .contains("no zone")
        );
        let mut s = Zones::<Seated<Z>>::new(4);
        s.fill(Seated::of(0, Z::Deck), 0..2);
        s.fill(Seated::of(1, Z::Deck), 2..4);
        s.check_conservation(4, |c| usize::from(c >= 2)).unwrap();
        s.move_copy(Seated::of(1, Z::Deck), 3, Seated::of(0, Z::Hand), At::Top);
        assert!(
            s.check_conservation(4, |c| usize::from(c >= 2))
                .unwrap_err()
                .contains("player 2 is in player 1's hand")
        );
    }

    #[test]
    fn seated_zones_index_densely() {
        assert_eq!(<Seated<Z> as ZoneId>::COUNT, 4);
        let all: Vec<Seated<Z>> = Seated::<Z>::all().collect();
        assert_eq!(all[3], Seated::of(1, Z::Hand));
        assert_eq!(all[3].index(), 3);
        assert_eq!(ZoneId::player(all[2]), 1);
    }

    #[test]
    fn shuffle_is_seeded() {
        let order = |seed| {
            let mut z = Zones::<Z>::new(30);
            z.reset(Z::Deck, 30);
            z.shuffle(Z::Deck, &mut crate::engine::core::rng::rng(seed));
            z.get(Z::Deck).to_vec()
        };
        assert_eq!(order(3), order(3));
        assert_ne!(order(3), order(4));
        let mut sorted = order(3);
        sorted.sort_unstable();
        assert_eq!(sorted, (0..30).collect::<Vec<u16>>());
    }
}
