//! The searching players of every game, and the easy one.
//!
//! - [`flat`]: flat Monte Carlo over sampled worlds (the strong player
//!   before issue 27, now the `flat` level). At a decision with more than one
//!   distinct legal move, the player samples worlds it cannot tell from the
//!   real one ([`Rules::sample_world`]: its own hidden cards reshuffled, the
//!   other player's hidden cards dealt again, fresh dice), so it never peeks
//!   at hidden cards. In each world it tries every move and plays the game
//!   out with a heuristic on both sides; all moves meet the same worlds
//!   (common random numbers). It plays the move that won most, and the
//!   heuristic's own choice on a tie.
//! - [`strong`]: information-set Monte Carlo tree search
//!   ([`super::ismcts`]), the `strong` and `strongest` levels.
//! - [`easy`]: the quick player with about a third of its moves a random
//!   legal one.
//!
//! Moves that leave the seat seeing the same table ("Play Lava Hound" for
//! either copy) are one move ([`candidates`]), and a move the seat could
//! take back with its next one is left to the heuristic ([`undoable`]). A
//! search's randomness comes from what its seat sees
//! ([`observation_hash`]), so a seed replays the same game, two worlds that
//! differ only in cards the seat cannot see get the same move, and the
//! game's own dice are untouched.

use std::time::Instant;

use super::core::{Outcome, Viewer, game_seed, rng};
use super::game::{Level, Rules, Think, choose};

/// Actions a play-out may take before it counts as unfinished (a guard: the
/// games end in far fewer).
pub(crate) const PLAYOUT_GUARD: u32 = 50_000;

/// The distinct legal moves of the seat to act that may be searched. Two
/// moves are one when they leave the seat seeing the same table (the
/// order of the cards in a zone aside): "Play Lava Hound" for either copy
/// in hand — but not "Swap Clover Rabbit and Ember Cub" for a fresh and a
/// ready Cub, which read the same and are not — and the heuristic's own
/// choice `fallback` stands for its kind (a search that picked another
/// copy of it played a move the heuristic had not chosen, and the
/// heuristic's next move undid it: a Fuzzycards match hung so). A move
/// that changes nothing its seat can see (a toggle, a pass that comes
/// straight back) would be chosen again from the same worlds for ever, so
/// only `fallback` may be one.
pub(crate) fn candidates<R: Rules>(
    rules: &R,
    st: &R::State,
    fallback: R::Action,
) -> Vec<R::Action> {
    let me = rules.to_act(st);
    let mut legal = Vec::new();
    rules.legal_actions(st, &mut legal);
    let here = unordered(seen(rules, st, me));
    let mut moves: Vec<R::Action> = Vec::with_capacity(legal.len());
    let mut views = Vec::with_capacity(legal.len());
    for m in legal {
        let view =
            super::game::played(rules, st, m).map(|after| unordered(seen(rules, &after, me)));
        if m != fallback && view.as_ref().is_none_or(|v| *v == here) {
            continue;
        }
        match views
            .iter()
            .position(|v: &Option<_>| v.is_some() && *v == view)
        {
            Some(j) if m == fallback => moves[j] = m,
            Some(_) => {}
            None => {
                moves.push(m);
                views.push(view);
            }
        }
    }
    moves
}

/// What seat `me` sees of the table, without the log (which a move always
/// lengthens when it is on): its view of the cards, and the snapshot's
/// public parts (phase, counters, board, dice; not its zones, which name
/// hidden cards).
pub(crate) fn seen<R: Rules>(
    rules: &R,
    st: &R::State,
    me: usize,
) -> (serde_json::Value, super::core::Snapshot) {
    let mut v = super::position::state_json(rules, st, Viewer::Seat(me as u8));
    if let Some(o) = v.as_object_mut() {
        o.remove("log");
    }
    let mut snap = rules.snapshot(st);
    snap.zones.clear();
    (v, snap)
}

/// A hash of everything seat `me` sees (its view of the table and the log,
/// [`super::position::state_json`]): the seed of its decisions. Two states
/// that differ only in what the seat cannot see hash the same.
pub fn observation_hash<R: Rules>(rules: &R, st: &R::State, me: usize) -> u64 {
    let text = super::position::state_json(rules, st, Viewer::Seat(me as u8)).to_string();
    let mut h: u64 = 0xCBF2_9CE4_8422_2325;
    for b in text.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01B3);
    }
    h
}

/// The flat Monte Carlo player's move (see the module docs), playing out
/// with `playouts` on both sides; `None` when the game cannot sample worlds.
/// A budget in iterations counts play-outs: every move meets
/// `n / moves` worlds (at least one).
pub fn flat<R: Rules>(
    rules: &R,
    st: &R::State,
    think: Think,
    playouts: Level,
) -> Option<R::Action> {
    let fallback = rules.policy(st, playouts);
    let me = rules.to_act(st);
    let moves = candidates(rules, st, fallback);
    if moves.len() <= 1 {
        return Some(fallback);
    }
    let base = observation_hash(rules, st, me);
    let start = Instant::now();
    let mut score = vec![0u32; moves.len()];
    let mut w = 0u64;
    loop {
        let done = match think {
            Think::Iterations(n) => w * moves.len() as u64 >= u64::from(n.max(1)),
            Think::Millis(ms) => start.elapsed().as_millis() >= u128::from(ms),
        };
        if done && w > 0 {
            break;
        }
        let mut world = st.clone();
        if !rules.sample_world(&mut world, me, game_seed(base, w)) {
            return None;
        }
        rules.log_mut(&mut world).on = false;
        for (i, &m) in moves.iter().enumerate() {
            let mut s = world.clone();
            if rules.apply(&mut s, m).is_err() {
                continue;
            }
            score[i] += points(playout(rules, &mut s, playouts), me);
        }
        w += 1;
    }
    let best = score.iter().copied().max().unwrap_or(0);
    let pick = match moves.iter().position(|&m| m == fallback) {
        Some(i) if score[i] == best => fallback,
        _ => moves[score.iter().position(|&s| s == best).unwrap_or(0)],
    };
    // a move the seat could take back with its next one is the heuristic's
    // to make (see [`undoable`]); before this, two flat searches swapping
    // the same two Fuzzycards Heroes back and forth hung a match
    if pick != fallback && undoable(rules, st, pick) {
        return Some(fallback);
    }
    Some(pick)
}

/// Whether the seat to act, after `m`, could bring back what it sees now
/// with its next move, the order of the cards in a zone aside (a swapped
/// pair swapped back leaves both rows holding the same cards, in another
/// order). A searching player leaves such a move to the heuristic: with
/// the log off (matches, play-outs) the same position gives the same
/// search, and two searches that each undid the other's move would repeat
/// it for ever.
pub(crate) fn undoable<R: Rules>(rules: &R, st: &R::State, m: R::Action) -> bool {
    let me = rules.to_act(st);
    let Some(after) = super::game::played(rules, st, m) else {
        return false;
    };
    if rules.to_act(&after) != me {
        return false;
    }
    let here = unordered(seen(rules, st, me));
    let mut legal = Vec::new();
    rules.legal_actions(&after, &mut legal);
    legal.into_iter().any(|b| {
        super::game::played(rules, &after, b)
            .is_some_and(|back| unordered(seen(rules, &back, me)) == here)
    })
}

/// A view with every zone's cards sorted: the same cards in the same zones
/// read the same whatever their order.
fn unordered(
    (mut v, snap): (serde_json::Value, super::core::Snapshot),
) -> (serde_json::Value, super::core::Snapshot) {
    if let Some(seats) = v.get_mut("seats").and_then(|s| s.as_object_mut()) {
        for seat in seats.values_mut() {
            if let Some(zones) = seat.get_mut("zones").and_then(|z| z.as_object_mut()) {
                for cards in zones.values_mut() {
                    if let Some(cards) = cards.as_array_mut() {
                        cards.sort_by_cached_key(|c| c.to_string());
                    }
                }
            }
        }
    }
    (v, snap)
}

/// The strong player's move: information-set tree search with quick
/// play-outs for `think` ([`super::ismcts`]); `None` when the game cannot
/// sample worlds.
pub fn strong<R: Rules>(rules: &R, st: &R::State, think: Think) -> Option<R::Action> {
    super::ismcts::search(rules, st, think, Level::Quick)
}

/// The easy player's move: the quick player's, except that about a third
/// of the time (a coin drawn from what its seat sees) a random legal move.
pub fn easy<R: Rules>(rules: &R, st: &R::State) -> R::Action {
    let quick = rules.policy(st, Level::Quick);
    let me = rules.to_act(st);
    let mut g = rng(observation_hash(rules, st, me) ^ 0xEA5E);
    if super::core::below(&mut g, 100) >= 35 {
        return quick;
    }
    // a move that changes nothing would be drawn again from the same view
    let moves = candidates(rules, st, quick);
    if moves.is_empty() {
        return quick;
    }
    moves[super::core::below(&mut g, moves.len() as u32) as usize]
}

/// Plays a world out with `level` on both sides.
pub(crate) fn playout<R: Rules>(rules: &R, s: &mut R::State, level: Level) -> Option<Outcome> {
    for _ in 0..PLAYOUT_GUARD {
        if let Some(o) = rules.outcome(s) {
            return Some(o);
        }
        let a = choose(rules, s, [level; 2]);
        if rules.apply(s, a).is_err() {
            return None;
        }
    }
    None
}

/// Two points for a win of `me`, one for a draw or an unfinished game.
pub(crate) fn points(o: Option<Outcome>, me: usize) -> u32 {
    match o {
        Some(Outcome::Win { .. }) => 2 * u32::from(me == 0),
        Some(Outcome::Loss { .. }) => 2 * u32::from(me == 1),
        _ => 1,
    }
}
