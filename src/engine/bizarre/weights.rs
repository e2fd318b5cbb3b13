//! The quick player's weights (issue 27): what the outcomes of a turn are
//! worth, in tenths of a life point, and how it reads the other side's next
//! attack. Tuned with `deckwright match` on the sample decks' mirrors
//! against the goldfish racer (seed 101, checked on 303; never seed 3, the
//! README's); see [`super::policy`] for where each is used.
//!
//! Tuning log (dev, `match --threads 1`, 4,000 games, seed 101, mirrors vs
//! goldfish: crafted rocks / random pile): before 58.3 / 49.9%. A fed card
//! worth 2 ⚔ (feed_attack 20: Rocks before Gifts) 44.7 / 47.5%, 10: 57.9 /
//! 51.8%, 0: 58.5 / 48.9%; one-shots kept whatever the converters
//! (one_shot_margin -1000) 56.0 / 49.6%, -10: 58.0 / 52.0%. The threat as a
//! ceiling with the real attack anywhere in its top share (spread): 3:
//! 59.5 / 49.2%, 5: 60.5 / 48.2%, 7: 61.0 / 48.1%, 9: 61.0 / 47.9%; with
//! hand_share 7 and life 5: 61.3 / 50.7% (seed 303: 60.4 / 48.8%). Tried
//! and left: kill 0 or 2, loss 0 (52.9 / 45.2%) or 2, damage 8 or 12,
//! life 4 or 8, unseen 15 or 35: within a point or worse.
//!
//! Second pass (random pile 50.7%: 75% going first, 26% second). Going
//! second, the first turn may attack, so a card played costs ⚔ now; the
//! player kept every Angry Goblin and a Coin converter (Sleepy Alien,
//! Shiny Gift) with no other Coin creature to feed it, and its reckoning
//! of the other side's attack split an Angry Goblin's start-of-turn ⚔
//! from its ability's, so 1 ⚔ "killed" it and resources were held back
//! for that. Same runs, crafted rocks / random pile: converters fed only
//! by a resource of their kind: random pile 57.1%; with the tempo cost
//! (future 15) 65.8 / 59.0%, future 10: 65.8 / 61.9%, 5: random pile
//! 62.4%, 20: 65.8 / 56.9%, 30: random pile 54.5%; a better converter exempt from the tempo cost
//! 57.0% (random pile); a creature's contributions as one source 65.8 /
//! 64.3% (seed 303: 65.5 / 64.1%). Tried and left: a bonus for keeping
//! the other side within our next turn's reach (up to 10,000: random pile
//! +1.4, crafted rocks -2.5), living through an attack worth less when our
//! next turn cannot reach (random pile up to 68.8%, crafted rocks down to
//! 57.9%: the decks pull apart), never holding back (69.0 / 57.9%), spread
//! 5 or 9, unseen 20, one_shot_margin 0, feed_attack 5: within a point.

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
    /// What a card the other side draws from our converter (a Gift's
    /// gift) is reckoned to make against us, in tenths of ⚔: our ⚔ per use
    /// counts less this when choosing the converter to attack with.
    pub feed_attack: i32,
    /// How far (tenths of ⚔) a creature that dies for its ⚔ must beat its
    /// cost and the card as a resource spent on the best converter to be
    /// kept for play.
    pub one_shot_margin: i32,
    /// How far below the reckoned threat (tenths of it) the other side's
    /// real attack may lie: a loss past our life within it counts as that
    /// share of [`Weights::death`].
    pub spread: i32,
    /// The turns to come (in tenths) a card played now is reckoned to
    /// give back over, against the ⚔ its cost and the card as a resource
    /// would make now (`0`: no tempo cost).
    pub future: i32,
}

/// The weights the quick player plays with.
pub const QUICK: Weights = Weights {
    damage: 10,
    life: 5,
    kill: 1,
    loss: 1,
    feed: 2,
    death: 10_000,
    unseen: 25,
    hand_share: 7,
    unseen_value: 30,
    feed_attack: 10,
    one_shot_margin: -10,
    spread: 7,
    future: 10,
};
