//! The strong player of every game: flat Monte Carlo over sampled worlds.
//!
//! At a decision with more than one distinct legal move, the player samples
//! [`WORLDS`] worlds it cannot tell from the real one ([`Rules::sample_world`]:
//! its own hidden cards reshuffled, the other player's hidden cards dealt
//! again, fresh dice), so it never peeks at hidden cards. In each world it
//! tries every move and plays the game out with the quick policy on both
//! sides; all moves meet the same worlds (common random numbers). It plays the
//! move that won most, and the quick player's own choice on a tie. Moves that
//! read the same ("Play Lava Hound" for either copy) are tried once. Its
//! randomness comes from a copy of the game's state — the number of the
//! decision and the cards it sees — so a seed replays the same game, and the
//! game's own dice are untouched.

use super::core::{Outcome, game_seed};
use super::game::{Level, Rules, choose};

/// Worlds sampled per decision.
pub const WORLDS: u64 = 24;

/// Actions a play-out may take before it counts as unfinished (a guard: the
/// games end in far fewer).
const PLAYOUT_GUARD: u32 = 50_000;

/// The strong player's move, or `None` when the game cannot sample worlds.
pub fn strong<R: Rules>(rules: &R, st: &R::State) -> Option<R::Action> {
    let quick = rules.policy(st, Level::Quick);
    let me = rules.to_act(st);
    let mut moves = Vec::new();
    rules.legal_actions(st, &mut moves);
    let mut names: Vec<String> = Vec::with_capacity(moves.len());
    moves.retain(|&m| {
        let name = rules.describe(st, m);
        if names.contains(&name) {
            false
        } else {
            names.push(name);
            true
        }
    });
    if moves.len() <= 1 {
        return Some(quick);
    }
    let base = decision_seed(rules, st);
    let mut score = vec![0u32; moves.len()];
    for w in 0..WORLDS {
        let mut world = st.clone();
        if !rules.sample_world(&mut world, me, game_seed(base, w)) {
            return None;
        }
        for (i, &m) in moves.iter().enumerate() {
            let mut s = world.clone();
            if rules.apply(&mut s, m).is_err() {
                continue;
            }
            score[i] += points(playout(rules, &mut s), me);
        }
    }
    let best = score.iter().copied().max().unwrap_or(0);
    let quick_name = rules.describe(st, quick);
    Some(match names.iter().position(|n| *n == quick_name) {
        Some(i) if score[i] == best => quick,
        _ => moves[score.iter().position(|&s| s == best).unwrap_or(0)],
    })
}

/// A seed for this decision from what is on the table: the game's seed, the
/// turn and the moves' names, so a replay samples the same worlds.
fn decision_seed<R: Rules>(rules: &R, st: &R::State) -> u64 {
    let snap = rules.snapshot(st);
    let mut h: u64 = 0xCBF2_9CE4_8422_2325;
    let text = format!("{snap:?}");
    for b in text.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01B3);
    }
    h
}

/// Plays a world out with the quick policy on both sides.
fn playout<R: Rules>(rules: &R, s: &mut R::State) -> Option<Outcome> {
    for _ in 0..PLAYOUT_GUARD {
        if let Some(o) = rules.outcome(s) {
            return Some(o);
        }
        let a = choose(rules, s, [Level::Quick; 2]);
        if rules.apply(s, a).is_err() {
            return None;
        }
    }
    None
}

/// Two points for a win of `me`, one for a draw or an unfinished game.
fn points(o: Option<Outcome>, me: usize) -> u32 {
    match o {
        Some(Outcome::Win { .. }) => 2 * u32::from(me == 0),
        Some(Outcome::Loss { .. }) => 2 * u32::from(me == 1),
        _ => 1,
    }
}
