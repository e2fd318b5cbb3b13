//! The quick player's weights (issue 27): what the outcomes of a turn are
//! worth, in tenths of a life point, and how it reads the other side's next
//! attack. Tuned with `deckwright match` on the sample decks' mirrors
//! against the goldfish racer (seed 101, checked on 303; never seed 3, the
//! README's); see [`super::policy`] for where each is used.

/// The weights of [`super::policy`]'s quick player.
#[derive(Clone, Copy, Debug)]
pub struct Weights {
    /// One ⚔ that reaches the other player's life.
    pub damage: i32,
    /// One life point lost.
    pub life: i32,
    /// A creature of the other side killed in battle, per point of
    /// [`super::policy::creature_value`].
    pub kill: i32,
    /// One of ours killed in battle, per point of its value.
    pub loss: i32,
    /// The other side drawing a card (a Gift's gift).
    pub feed: i32,
    /// Losing the game (our life at 0 after the other side's attack).
    pub death: i32,
    /// ⚔ per resource, in tenths, the other side is reckoned to make next
    /// turn when it has no converter in play yet but cards in hand.
    pub unseen: i32,
    /// Of the other side's hand, the share (in tenths) reckoned to become
    /// resources next turn.
    pub hand_share: i32,
    /// What the converter the other side has yet to play is reckoned worth
    /// (as [`super::policy::creature_value`]) when our answer kills it.
    pub unseen_value: i32,
}

/// The weights the quick player plays with.
pub const QUICK: Weights = Weights {
    damage: 10,
    life: 6,
    kill: 1,
    loss: 1,
    feed: 2,
    death: 10_000,
    unseen: 25,
    hand_share: 10,
    unseen_value: 30,
};
