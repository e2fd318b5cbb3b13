//! The quick player's weights (issue 27): what a card brings, in tenths of
//! a life point roughly, and when its last play is kept for a counter.
//! Tuned by self-play with `deckwright match` on the sample decks' mirrors
//! against the goldfish racer (seeds 101, validated on 202 and 303; never
//! seed 3, the README's); see [`super::policy`] for where each is used.

/// The weights of [`super::policy`]'s quick player.
#[derive(Clone, Copy, Debug)]
pub struct Weights {
    /// One point of damage a spell or an effect deals the other player.
    pub damage: i32,
    /// One card drawn (or searched out).
    pub draw: i32,
    /// One life point gained.
    pub life: i32,
    /// A creature in play: its attack die every turn.
    pub creature: i32,
    /// Each point of hit damage beyond 1.
    pub hit: i32,
    /// A creature that may attack the turn it arrives.
    pub haste: i32,
    /// A creature effect that searches out a spell every turn.
    pub search: i32,
    /// Each attack reroll a creature (or a spell) gives.
    pub reroll: i32,
    /// A creature that blocks a hit or forces a reroll every turn.
    pub defence: i32,
    /// With a counter in hand, the last play of its own turn is kept for it
    /// unless the play is worth this much or more.
    pub keep_slot: i32,
}

/// The weights the quick player plays with.
pub const QUICK: Weights = Weights {
    damage: 8,
    draw: 4,
    life: 10,
    creature: 15,
    hit: 15,
    haste: 0,
    search: 16,
    reroll: 6,
    defence: 20,
    keep_slot: 20,
};
