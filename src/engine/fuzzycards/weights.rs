//! The quick player's weights (issue 27): what a card on the field, a point
//! of Life and a point of damage on a card are worth, in tenths of a point
//! of Life roughly. Tuned by self-play with `deckwright match` on the
//! sample decks' mirrors against the goldfish racer (seed 101; never seed
//! 3, the README's); see [`super::policy`] for where each is used.
//!
//! Tuning log (4,000 or 2,000 games, seed 101, against the racer):
//! searched attacks with the racer's Settle and Activate: wisdom wall
//! 50.7%, beatdown 50.2%; a Settle that also weighed every change by
//! `exposure` (100) against what the other side's attacks next turn take:
//! beatdown 67.0%, wisdom wall 37.6% (exposure 50: 45.3%; `own_life` 25/50:
//! 43.7/42.4%); changes only against a lethal attack: beatdown 70.5%,
//! wisdom wall 49.7%, sample 64.6%; filling the Altar with blockers
//! (Guards first): wisdom wall 50.5%, beatdown 50.2%; Guards only or only
//! blockers that survive the hardest hitter: no better than none.

/// The weights of [`super::policy`]'s quick player.
#[derive(Clone, Copy, Debug)]
pub struct Weights {
    /// One point of damage to the other player's Life (Pierce, a direct
    /// attack, an On Hit or a burn).
    pub life: i32,
    /// One point of damage to our own Life (what the other side's attacks
    /// next turn could deal).
    pub own_life: i32,
    /// A card on the field, before its stats (a KO takes it away).
    pub card: i32,
    /// Each point of a Hero's ATK.
    pub atk: i32,
    /// Each point of HP a card has left.
    pub hp: i32,
    /// Guard, Shield, Drain or Stealth on a card.
    pub keyword: i32,
    /// Each point of damage or draw its On Hit brings.
    pub on_hit: i32,
    /// A Field Relic's effect each turn (a card drawn, a point of damage).
    pub relic: i32,
    /// Damage on a card that survives: this share (in percent) of the worth
    /// its HP stands for.
    pub chip: i32,
    /// A Stealth attacker gives its cover away.
    pub reveal: i32,
    /// A card of ours exposed on the Altar: this share (in percent) of what
    /// the other side's best attacks next turn take.
    pub exposure: i32,
}

/// The weights the quick player plays with.
pub const QUICK: Weights = Weights {
    life: 10,
    own_life: 10,
    card: 40,
    atk: 8,
    hp: 3,
    keyword: 15,
    on_hit: 20,
    relic: 30,
    chip: 50,
    reveal: 20,
    exposure: 100,
};
