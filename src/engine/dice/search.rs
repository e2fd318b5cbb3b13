//! The strong player: flat Monte Carlo over sampled worlds.
//!
//! At a decision with more than one distinct legal move, the player samples
//! [`WORLDS`] worlds consistent with what it can see — its own deck
//! reshuffled, the other player's hand and deck pooled, shuffled and the
//! hand dealt again at its size, fresh dice — so it never peeks at hidden
//! cards. In each world it tries every move and plays the game out with the
//! quick policy on both sides; all moves meet the same worlds (common random
//! numbers). It plays the move that won most, and the quick player's own
//! choice on a tie. Its randomness comes from a copy of the game's generator,
//! so a seed replays the same game and the game's own dice are untouched.

use super::{Action, DiceOfDestiny, State, Zone, z};
use crate::engine::core::{Outcome, Rng, other, rng};
use crate::engine::game::{Level, Rules};
use rand::Rng as _;

/// Worlds sampled per decision.
pub const WORLDS: usize = 24;

/// Actions a play-out may take before it counts as a draw (a guard: a game
/// of Dice of Destiny ends in far fewer).
const PLAYOUT_GUARD: u32 = 20_000;

/// The strong player's move.
pub fn choose(g: &DiceOfDestiny, st: &State) -> Action {
    let quick = super::policy::choose(g, st, Level::Quick);
    let mut moves = Vec::new();
    g.legal_actions(st, &mut moves);
    distinct(g, &mut moves);
    if moves.len() <= 1 {
        return quick;
    }
    let me = g.to_act(st);
    // a copy of the game's generator, moved on so the worlds differ from the
    // dice the real game will roll
    let mut r: Rng = st.core.rng.clone();
    let salt = r.next_u64() ^ 0x5EA2_C4ED_5EA2_C4ED;
    let mut r = rng(salt);
    let mut score = vec![0u32; moves.len()];
    for _ in 0..WORLDS {
        let world = sample_world(st, me, &mut r);
        let dice = r.next_u64();
        for (i, &m) in moves.iter().enumerate() {
            let mut s = world.clone();
            s.core.rng = rng(dice);
            if g.apply(&mut s, m).is_err() {
                continue;
            }
            score[i] += points(playout(g, &mut s), me);
        }
    }
    let best = score.iter().copied().max().unwrap_or(0);
    let quick_at = moves.iter().position(|&m| same(g, m, quick));
    match quick_at {
        Some(i) if score[i] == best => quick,
        _ => moves[score.iter().position(|&s| s == best).unwrap_or(0)],
    }
}

/// A world the player at `me` cannot tell from this one.
fn sample_world(st: &State, me: usize, r: &mut Rng) -> State {
    let mut w = st.clone();
    w.core.zones.shuffle(z(me, Zone::Deck), r);
    let foe = other(me);
    if !w.core.passive[foe] {
        let hand = w.core.zones.len(z(foe, Zone::Hand));
        w.core
            .zones
            .move_all(z(foe, Zone::Hand), z(foe, Zone::Deck));
        w.core.zones.shuffle(z(foe, Zone::Deck), r);
        for _ in 0..hand {
            w.core.zones.move_top(
                z(foe, Zone::Deck),
                z(foe, Zone::Hand),
                crate::engine::core::At::Top,
            );
        }
    }
    w
}

/// Plays a world out with the quick policy on both sides.
fn playout(g: &DiceOfDestiny, s: &mut State) -> Option<Outcome> {
    for _ in 0..PLAYOUT_GUARD {
        if let Some(o) = g.outcome(s) {
            return Some(o);
        }
        let p = g.to_act(s);
        let a = if g.passive(s, p) {
            g.pass(s)
        } else {
            super::policy::choose(g, s, Level::Quick)
        };
        if g.apply(s, a).is_err() {
            return None;
        }
    }
    None
}

/// Two points for a win of `me`, one for a draw or an unfinished game.
fn points(o: Option<Outcome>, me: usize) -> u32 {
    match o {
        Some(Outcome::Win { .. }) => {
            if me == 0 {
                2
            } else {
                0
            }
        }
        Some(Outcome::Loss { .. }) => {
            if me == 0 {
                0
            } else {
                2
            }
        }
        _ => 1,
    }
}

/// Whether two moves are the same up to which copy of a card they name.
fn same(g: &DiceOfDestiny, a: Action, b: Action) -> bool {
    key(g, a) == key(g, b)
}

/// A move with its cards named by definition (copies of one card are one move).
fn key(g: &DiceOfDestiny, a: Action) -> (u8, u16, u16, u8) {
    let d = |c: u16| g.table.def_index(c);
    match a {
        Action::Play { card, target } => (0, d(card), target.map_or(u16::MAX, |t| t), 0),
        Action::Activate { card } => (1, d(card), 0, 0),
        Action::Declare { card } => (2, card, 0, 0),
        Action::Attack { rerolls } => (3, 0, 0, rerolls),
        Action::Roll { rerolls } => (4, 0, 0, rerolls),
        Action::BonusDraw { card } => (5, d(card), 0, 0),
        Action::Block { card, die } => (6, card, 0, die),
        Action::ForceReroll { card, die } => (7, card, 0, die),
        Action::Pass => (8, 0, 0, 0),
        Action::Next => (9, 0, 0, 0),
    }
}

/// Keeps one move per [`key`].
fn distinct(g: &DiceOfDestiny, moves: &mut Vec<Action>) {
    let mut seen = Vec::with_capacity(moves.len());
    moves.retain(|&m| {
        let k = key(g, m);
        if seen.contains(&k) {
            false
        } else {
            seen.push(k);
            true
        }
    });
}
