//! The strong player: single-observer information-set Monte Carlo tree
//! search (SO-ISMCTS; Cowling, Powley & Whitehouse, "Information Set Monte
//! Carlo Tree Search", IEEE TCIAIG 4(2), 2012).
//!
//! One tree over the searching seat's information sets holds both seats'
//! moves. Each iteration samples a world the seat cannot tell from the real
//! one ([`Rules::sample_world`]: its hidden cards reshuffled, the other
//! seat's hidden cards dealt again, fresh dice), walks the tree with the
//! moves legal in that world, adds one node, plays the world out with a
//! heuristic on both sides and backs the result up. A move is an edge keyed
//! by its seat and what it reads ("Play Lava Hound"), so the other seat's
//! moves meet across worlds by name, and selection is UCB1 counted over the
//! iterations a move was available (the paper's availability count). The
//! move played is the root's most visited; the heuristic's own move wins a
//! tie.
//!
//! A move with no alternative is played without a node. The search's
//! randomness comes from what the seat sees ([`super::search::observation_hash`]),
//! so with a budget in iterations the same seed gives the same game on any
//! machine and at any load.

use std::time::Instant;

use super::core::{Outcome, game_seed};
use super::game::{Level, Rules, Think};
use super::search::{candidates, observation_hash, playout};

/// The exploration constant of UCB1, for rewards in 0..=1.
const EXPLORE: f64 = 0.7;

/// Steps one iteration may walk down the tree (moves with no alternative
/// included) before it plays out: a guard against a cycle of moves that
/// change nothing.
const DESCENT_GUARD: u32 = 10_000;

/// An edge of the tree: a move of `seat` reading `key`, and the node it
/// leads to.
struct Edge {
    seat: u8,
    key: u64,
    child: u32,
    visits: u32,
    /// Reward of `seat` summed over the visits (a win 1, a draw 0.5).
    reward: f64,
    /// Iterations in which the move was legal when its node was reached.
    avail: u32,
}

#[derive(Default)]
struct Node {
    edges: Vec<Edge>,
}

/// The move of the seat to act after searching for `think` with `playouts`
/// on both sides of the play-outs; `None` when the game cannot sample
/// worlds.
pub fn search<R: Rules>(
    rules: &R,
    st: &R::State,
    think: Think,
    playouts: Level,
) -> Option<R::Action> {
    let fallback = rules.policy(st, playouts);
    let me = rules.to_act(st);
    let (moves, names) = candidates(rules, st, fallback);
    if moves.len() <= 1 {
        return Some(fallback);
    }
    let root_keys: Vec<u64> = names.iter().map(|n| key_of(me, n)).collect();
    let base = observation_hash(rules, st, me);
    let start = Instant::now();
    let mut tree: Vec<Node> = vec![Node::default()];
    let mut path: Vec<(u32, usize)> = Vec::new();
    let mut legal: Vec<R::Action> = Vec::new();
    let mut here: Vec<(u64, R::Action)> = Vec::new();
    let mut i = 0u64;
    loop {
        let done = match think {
            Think::Iterations(n) => i >= u64::from(n.max(1)),
            Think::Millis(ms) => {
                i.is_multiple_of(4) && start.elapsed().as_millis() >= u128::from(ms)
            }
        };
        if done && i > 0 {
            break;
        }
        let seed = game_seed(base, i);
        i += 1;
        let mut world = st.clone();
        if !rules.sample_world(&mut world, me, seed) {
            return None;
        }
        rules.log_mut(&mut world).on = false;
        path.clear();
        let mut node = 0u32;
        let mut steps = 0u32;
        // selection and expansion
        loop {
            if rules.outcome(&world).is_some() || steps >= DESCENT_GUARD {
                break;
            }
            steps += 1;
            let p = rules.to_act(&world);
            here.clear();
            if node == 0 {
                // the root: the candidates of the real state, by name
                for (k, &m) in root_keys.iter().zip(&moves) {
                    here.push((*k, m));
                }
            } else if rules.passive(&world, p) {
                let a = rules.pass(&world);
                if rules.apply(&mut world, a).is_err() {
                    break;
                }
                continue;
            } else {
                rules.legal_actions(&world, &mut legal);
                for &m in &legal {
                    let k = key_of(p, &rules.describe(&world, m));
                    if !here.iter().any(|&(h, _)| h == k) {
                        here.push((k, m));
                    }
                }
            }
            if here.is_empty() {
                break;
            }
            if here.len() == 1 {
                let a = here[0].1;
                if rules.apply(&mut world, a).is_err() {
                    break;
                }
                continue;
            }
            let n = &mut tree[node as usize];
            for e in n.edges.iter_mut() {
                if e.seat as usize == p && here.iter().any(|&(k, _)| k == e.key) {
                    e.avail += 1;
                }
            }
            // an untried move first, in the order the game lists them
            let untried = here
                .iter()
                .position(|&(k, _)| !n.edges.iter().any(|e| e.seat as usize == p && e.key == k));
            if let Some(u) = untried {
                let (k, a) = here[u];
                let child = tree.len() as u32;
                let n = &mut tree[node as usize];
                n.edges.push(Edge {
                    seat: p as u8,
                    key: k,
                    child,
                    visits: 0,
                    reward: 0.0,
                    avail: 1,
                });
                let e = n.edges.len() - 1;
                tree.push(Node::default());
                path.push((node, e));
                if rules.apply(&mut world, a).is_err() {
                    break;
                }
                break;
            }
            let mut best: Option<(usize, f64)> = None;
            for (ei, e) in n.edges.iter().enumerate() {
                if e.seat as usize != p || !here.iter().any(|&(k, _)| k == e.key) {
                    continue;
                }
                let v = f64::from(e.visits.max(1));
                let ucb = e.reward / v + EXPLORE * (f64::from(e.avail.max(1)).ln() / v).sqrt();
                if best.is_none_or(|(_, b)| ucb > b) {
                    best = Some((ei, ucb));
                }
            }
            let Some((ei, _)) = best else { break };
            let key = n.edges[ei].key;
            let child = n.edges[ei].child;
            path.push((node, ei));
            let a = here.iter().find(|&&(k, _)| k == key).map(|&(_, a)| a);
            match a {
                Some(a) if rules.apply(&mut world, a).is_ok() => node = child,
                _ => break,
            }
        }
        // simulation
        let o = playout(rules, &mut world, playouts);
        // back-propagation
        for &(nd, ei) in &path {
            let e = &mut tree[nd as usize].edges[ei];
            e.visits += 1;
            e.reward += reward(o, e.seat as usize);
        }
    }
    let root = &tree[0];
    let visits = |k: u64| {
        root.edges
            .iter()
            .find(|e| e.seat as usize == me && e.key == k)
            .map_or(0, |e| e.visits)
    };
    let best = root_keys.iter().map(|&k| visits(k)).max().unwrap_or(0);
    let fallback_key = key_of(me, &rules.describe(st, fallback));
    if visits(fallback_key) == best {
        return Some(fallback);
    }
    let at = root_keys.iter().position(|&k| visits(k) == best)?;
    Some(moves[at])
}

/// A move's key: its seat and an FNV-1a hash of what it reads.
fn key_of(seat: usize, name: &str) -> u64 {
    let mut h: u64 = 0xCBF2_9CE4_8422_2325 ^ seat as u64;
    for b in name.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01B3);
    }
    h
}

/// Seat `p`'s reward: 1 for its win, 0.5 for a draw or an unfinished game.
fn reward(o: Option<Outcome>, p: usize) -> f64 {
    match o {
        Some(Outcome::Win { .. }) => f64::from(u8::from(p == 0)),
        Some(Outcome::Loss { .. }) => f64::from(u8::from(p == 1)),
        _ => 0.5,
    }
}
