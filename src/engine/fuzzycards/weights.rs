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
//!
//! Issue 27, wisdom wall (seed 101, 4,000 games, against the racer; wall /
//! sample / beatdown): 49.7 / 64.6 / 70.5%. Why it played no better than
//! the racer: its Activate *was* the racer's planner, which values a card
//! drawn as damage to come, so it paid Energy for Sudden Insight and the
//! Library while its hand already held more than the Energy could pay
//! for — a Hero's tempo lost each time, the cards drawn discarded at
//! Exodus (and the Scroll thinner: 8% of the mirror's games end by Scroll
//! Out). The racer's answers were never the problem: The Verdict played
//! whenever it could KO (41.8%) or only with spare Energy (49.3%), Patient
//! Heron's Life with spare Energy (43.2%), Diamond Collar (45.7%) all lose
//! tempo. Draw only when the hand cannot pay: 66.8-67.3% (the same whether
//! the hand must cover this turn's Energy or the next three: it almost
//! never plays a draw card); plus `guard` 5/10/15/30: 73.3/73.8/73.6/73.8%
//! (sample 70.4%, beatdown unchanged: no draw cards, no Guards); plus the
//! Guards left in the Vault put up on the Altar: 75.2% (every Hero up, the
//! racer's Settle: 80.3%, but sample 60.0%, beatdown 51.4%). No change
//! from `life` 5/20, `card` 20/80, `atk` 16, `hp` 6, `keyword` 40, `chip`
//! 100, the racer's attacks (wall 77.5%, sample 65.8%), discarding the
//! smallest Hero first, keeping the last cards of the Scroll.

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
    /// A Guard Hero to Activate's planner, in its units (points of damage
    /// by the horizon): what a Hero that takes the other side's attacks
    /// first is worth beyond its own attacks.
    pub guard: i32,
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
    guard: 10,
};
