//! The strong player: information-set Monte Carlo tree search (SO-ISMCTS;
//! Cowling, Powley & Whitehouse, "Information Set Monte Carlo Tree Search",
//! IEEE TCIAIG 4(2), 2012) with a raced root, guided by the quick player.
//!
//! Every iteration samples a world the seat cannot tell from the real one
//! ([`Rules::sample_world`]: its hidden cards reshuffled, the other seat's
//! hidden cards dealt again, fresh dice) and plays it out with the quick
//! player on both sides, so the search never reads a hidden card.
//!
//! - **The root is raced on common random numbers.** Worlds come in rounds:
//!   world *n* is played once under every root move still in the race, so
//!   moves are compared on the same deals and dice (paired differences). A
//!   move whose paired difference to the leader is more than [`RACE_Z`]
//!   standard errors below zero, after [`RACE_MIN`] worlds, leaves the race,
//!   and the budget goes to the moves still in doubt (racing, as the deck
//!   tuner races its candidates; successive rejection in bandit terms: the
//!   root wants the best move, not a low regret on the way, so it is not
//!   UCB1: Pepels, Cazenave & Winands, "Minimizing Simple and Cumulative
//!   Regret in Monte-Carlo Tree Search", 2014).
//! - **Below each root move, a tree over the seat's information sets** holds
//!   both seats' next moves. The other seat's moves are keyed by what they
//!   read ("Play Lava Hound"), so they meet across worlds by name; the
//!   seat's own moves by the action itself, since two that read the same
//!   may leave different tables ([`Walk::list`]). Selection is UCB1 counted
//!   over the iterations in which a move was legal (the paper's
//!   availability count), the quick player's move tried first. A node grows
//!   only once it has been reached [`Rules::SEARCH_TREE_EXPAND_AFTER`] times (until then the
//!   play-out goes on from it): at a small budget the root alone is
//!   searched, at a large one the tree grows where the visits gather.
//!   **The tree is on in Bizarre World only** (measured, it did not win in
//!   the other games: see [`EXPAND_AFTER`]); elsewhere the strong level is
//!   the raced root over sampled worlds. The tree stops
//!   where chance speaks (the game's generator moved: dice, a shuffle) and
//!   at the seat's next turn (its draw) — past those points the seat would
//!   see something that differs from world to world, which a node keyed by
//!   moves alone would pool — and after [`TREE_DEPTH`] decisions.
//! - **The quick player's move stands unless beaten**: the move played is the
//!   leader of the race, but only if it beats the quick player's move (when
//!   that is still in the race) by more than [`PICK_Z`] standard errors of
//!   their paired difference. A search at a small budget cannot tell moves
//!   of nearly equal value apart; picking the noisiest winner among them
//!   threw away what the quick player knows.
//!
//! A move with no alternative is played without a search. The search's
//! randomness comes from what the seat sees ([`super::search::observation_hash`]),
//! so with a budget in iterations the same seed gives the same game on any
//! machine and at any load.

use std::time::Instant;

use super::core::{Outcome, game_seed};
use super::game::{Level, Rules, Think};
use super::search::{candidates, observation_hash, playout, undoable};

/// The exploration constant of UCB1 below the root, for rewards in 0..=1.
const EXPLORE: f64 = 0.7;

/// Standard errors of the paired difference behind the leader at which a
/// root move leaves the race.
const RACE_Z: f64 = 2.0;

/// Worlds every root move meets before any leaves the race.
const RACE_MIN: usize = 8;

/// Standard errors of the paired difference by which the leader must beat
/// the quick player's move to be played instead.
const PICK_Z: f64 = 1.0;

/// Times a node below the root is reached before it lists its moves and
/// grows children (until then the play-out goes on from it); 0: never, the
/// root alone is searched.
///
/// The default of [`Rules::SEARCH_TREE_EXPAND_AFTER`], which a game sets
/// where the tree wins.
///
/// **Off but in Bizarre World (its rules set 8): measured, the tree
/// does not win elsewhere.** Strong with the tree (deck A)
/// against strong without it, with the seat's own moves keyed by the
/// action ([`Walk::list`]); mirrors, seed 3, one thread, a budget in
/// iterations, 95% CI:
///
/// | game | iterations | expand after | games | the tree's side won |
/// |---|---|---|---|---|
/// | Fuzzycards beatdown | 200 | 2 | 200 | 51.5% (44.6-58.3) |
/// | Fuzzycards beatdown | 200 | 8 | 200 | 56.0% (49.1-62.7) |
/// | Fuzzycards beatdown | 200 | 8, see below | 200 | 54.0% (47.1-60.8) |
/// | Fuzzycards beatdown | 1,000 | 8 | 100 | 49.0% (39.4-58.7) |
/// | Dice of Destiny sample | 200 | 2 | 200 | 46.0% (39.2-52.9) |
/// | Dice of Destiny sample | 200 | 8 | 200 | 45.0% (38.3-51.9) |
/// | Bizarre World crafted rocks | 200 | 8 | 400 | 58.0% (53.1-62.7) |
/// | Bizarre World crafted rocks | 1,000 | 8 | 200 | 58.5% (51.6-65.1) |
/// | Rizontical ember push | 200 | 8 | 200 | 38.5% (32.0-45.4) |
///
/// ("See below": a node's play-outs before it grew, which played the quick
/// player's move there, credited to that move's edge, and progressive
/// widening, a new edge only while a node has fewer than the square root
/// of its visits; no better.) Against `flat` (Fuzzycards beatdown, 200
/// iterations, 200 games) strong won 69.5% (62.8-75.5) with the tree
/// (expand after 8) and 75.0% (68.6-80.5) without; Bizarre World (400
/// games) 64.0% (59.2-68.6) with, 60.8% (55.9-65.4) without. The same
/// mirror without the tree on either side: 49.8% (44.9-54.6) of 400 (Bizarre
/// World, 200 iterations). Rizontical (3.4 s of one core a game at 200
/// iterations once its quick player read stat sheets) loses with the tree:
/// its side won 33.0% of the games it went first and 44.0% of those it
/// went second.
/// [`TREE_DEPTH`] 4 or 8
/// made no difference to the time. The tree costs time: a Fuzzycards
/// mirror game at 200 iterations took 0.5-0.6 s with the tree on one side
/// against 0.13 s with none (10 games each). Not measured, but likely: the
/// race below the root ends later, as the runners of one world no longer
/// play the same play-out after their moves and the paired differences
/// are noisier, so a search with the tree spends its whole budget where
/// the root alone stops early. Before the seat's own moves were keyed by
/// the action (and the root's moves by the table they leave, 43c662f), a
/// Fuzzycards game with 32 at 240 iterations ran for minutes; now none
/// did.
pub const EXPAND_AFTER: u32 = 0;

/// Decisions with a choice one iteration may walk in a tree below the root
/// before it plays out.
const TREE_DEPTH: u32 = 8;

/// Steps one iteration may take in a tree, moves with no alternative and
/// passive seats' passes included: a guard against moves that change
/// nothing. A descent cannot loop on moves with a choice (a swap and the
/// swap back, over and over): it walks at most [`TREE_DEPTH`] of them, and
/// the play-out after it is the quick player's, bounded by
/// [`super::search::PLAYOUT_GUARD`]; the move played at the root is never
/// one the seat could take back next ([`undoable`]).
const DESCENT_GUARD: u32 = 10_000;

/// An edge of a tree below the root: a move of `seat` reading `key`, and
/// the node it leads to.
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
    /// Iterations that reached the node.
    visits: u32,
    edges: Vec<Edge>,
}

/// A root move in the race: its results world by world (twice the reward:
/// 2 a win, 1 a draw, 0 a loss) and the tree below it.
struct Runner<A> {
    action: A,
    results: Vec<u8>,
    racing: bool,
    tree: Vec<Node>,
}

impl<A> Runner<A> {
    fn total(&self) -> u32 {
        self.results.iter().map(|&r| u32::from(r)).sum()
    }
}

/// The move of the seat to act after searching for `think` with `playouts`
/// on both sides of the play-outs; `None` when the game cannot sample
/// worlds. A budget in iterations counts play-outs.
pub fn search<R: Rules>(
    rules: &R,
    st: &R::State,
    think: Think,
    playouts: Level,
) -> Option<R::Action> {
    let tree = Tree {
        expand_after: R::SEARCH_TREE_EXPAND_AFTER,
        depth: TREE_DEPTH,
    };
    search_with(rules, st, think, playouts, tree)
}

/// How the trees below the root grow.
#[derive(Clone, Copy, Debug)]
struct Tree {
    /// See [`EXPAND_AFTER`].
    expand_after: u32,
    /// See [`TREE_DEPTH`].
    depth: u32,
}

/// [`search`] with the trees below the root growing as `tree` says.
fn search_with<R: Rules>(
    rules: &R,
    st: &R::State,
    think: Think,
    playouts: Level,
    tree: Tree,
) -> Option<R::Action> {
    // a budget in time counts from here: the moves listed and the view
    // hashed before the search (up to 7 ms a Rizontical move) are part of
    // the move's time, and so much again, and a hundredth of the budget,
    // is kept back for the last play-out and the check after the search
    // (`undoable`, which reads views the same way): measured, a 1 s
    // Rizontical move took up to 1,007 ms with the clock started after the
    // views, 1,000.8 ms with them counted and nothing more kept back
    let start = Instant::now();
    let quick = rules.policy(st, playouts);
    let me = rules.to_act(st);
    let moves = candidates(rules, st, quick);
    if moves.len() <= 1 {
        return Some(quick);
    }
    let q = moves.iter().position(|&m| m == quick);
    let mut runners: Vec<Runner<R::Action>> = moves
        .iter()
        .map(|&action| Runner {
            action,
            results: Vec::new(),
            racing: true,
            tree: vec![Node::default()],
        })
        .collect();
    let base = observation_hash(rules, st, me);
    let kept = match think {
        Think::Millis(ms) => {
            2 * start.elapsed() + std::time::Duration::from_millis(u64::from(ms)) / 100
        }
        Think::Iterations(_) => std::time::Duration::ZERO,
    };
    let mut spent = 0u64;
    let mut w = 0u64;
    let mut walk = Walk::new();
    let late = || {
        matches!(think, Think::Millis(ms)
            if (start.elapsed() + kept).as_millis() >= u128::from(ms))
    };
    loop {
        let done = match think {
            Think::Iterations(n) => spent >= u64::from(n.max(1)),
            Think::Millis(_) => late(),
        };
        if done && w > 0 {
            break;
        }
        let mut world = st.clone();
        if !rules.sample_world(&mut world, me, game_seed(base, w)) {
            return None;
        }
        rules.log_mut(&mut world).on = false;
        let mut cut = false;
        for r in runners.iter_mut().filter(|r| r.racing) {
            // a slow game's round may outlast a time budget: it stops, and
            // the world the racing moves did not all meet is not counted
            if w > 0 && late() {
                cut = true;
                break;
            }
            let mut s = world.clone();
            let got = if rules.apply(&mut s, r.action).is_ok() {
                walk.iterate(rules, &mut s, &mut r.tree, playouts, tree, me)
            } else {
                1
            };
            r.results.push(got);
            spent += 1;
        }
        if cut {
            let n = w as usize;
            for r in runners.iter_mut() {
                r.results.truncate(n);
            }
            break;
        }
        w += 1;
        if w as usize >= RACE_MIN && race(&mut runners, RACE_Z) <= 1 {
            break;
        }
    }
    let leader = leader(&runners)?;
    let pick = match q {
        Some(q) if runners[q].racing && q != leader => {
            if ahead(&runners[leader], &runners[q], PICK_Z) {
                leader
            } else {
                q
            }
        }
        _ => leader,
    };
    // a move the seat could take back with its next one is the quick
    // player's to make: with the log off (matches, play-outs) the same
    // position gives the same search, and two searches that each undid the
    // other's move would repeat it for ever (a Fuzzycards card moved to the
    // Altar and back, two cards swapped and swapped back)
    if Some(pick) != q && undoable(rules, st, runners[pick].action) {
        return Some(quick);
    }
    Some(runners[pick].action)
}

/// The racing root move with the most points (the quick player's on a tie,
/// then the first listed).
fn leader<A>(runners: &[Runner<A>]) -> Option<usize> {
    let mut best: Option<(usize, u32)> = None;
    for (i, r) in runners.iter().enumerate() {
        if r.racing && best.is_none_or(|(_, b)| r.total() > b) {
            best = Some((i, r.total()));
        }
    }
    best.map(|(i, _)| i)
}

/// Drops the root moves that are `z` standard errors behind the leader;
/// returns how many still race. The quick player's move leaves on the same
/// evidence as any other.
fn race<A>(runners: &mut [Runner<A>], z: f64) -> usize {
    let Some(l) = leader(runners) else { return 0 };
    let drop: Vec<usize> = (0..runners.len())
        .filter(|&i| i != l && runners[i].racing && ahead(&runners[l], &runners[i], z))
        .collect();
    for i in drop {
        runners[i].racing = false;
    }
    runners.iter().filter(|r| r.racing).count()
}

/// Whether `a` beats `b` by more than `z` standard errors of their paired
/// difference over the worlds both met.
fn ahead<A>(a: &Runner<A>, b: &Runner<A>, z: f64) -> bool {
    let n = a.results.len().min(b.results.len());
    if n < 2 {
        return false;
    }
    let d: Vec<f64> = (0..n)
        .map(|i| f64::from(a.results[i]) - f64::from(b.results[i]))
        .collect();
    let mean = d.iter().sum::<f64>() / n as f64;
    let var = d.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
    let se = (var / n as f64).sqrt();
    mean > 0.0 && mean > z * se
}

/// The buffers of a walk down a tree, kept across iterations.
struct Walk<A> {
    path: Vec<(u32, usize)>,
    legal: Vec<A>,
    here: Vec<(u64, A)>,
}

impl<A: Copy + PartialEq + std::fmt::Debug> Walk<A> {
    fn new() -> Walk<A> {
        Walk {
            path: Vec::new(),
            legal: Vec::new(),
            here: Vec::new(),
        }
    }

    /// One iteration below a root move already played in `s`: walks and
    /// grows `tree`, plays out with `playouts`, backs the result up, and
    /// returns seat `me`'s result (2 a win, 1 a draw, 0 a loss).
    fn iterate<R: Rules<Action = A>>(
        &mut self,
        rules: &R,
        s: &mut R::State,
        tree: &mut Vec<Node>,
        playouts: Level,
        grow: Tree,
        me: usize,
    ) -> u8 {
        self.path.clear();
        if grow.expand_after > 0 {
            self.descend(rules, s, tree, playouts, grow, me);
        }
        let o = playout(rules, s, playouts);
        for &(nd, ei) in &self.path {
            let e = &mut tree[nd as usize].edges[ei];
            e.visits += 1;
            e.reward += reward(o, e.seat as usize);
        }
        (2.0 * reward(o, me)) as u8
    }

    /// Lists in `here` the moves `legal` of seat `p` (`own`: the
    /// searching seat) at a node, one per edge, the quick player's move
    /// `quick` standing for the moves of its edge (else the first listed).
    ///
    /// The other seat's moves are keyed by what they read ([`key_of`]):
    /// in another world its hand holds other copies, and the searching seat
    /// knows its move only by what it sees of it. The searching seat's own
    /// moves are keyed by the action itself, copy ids and all ([`own_key`]):
    /// "Swap Clover Rabbit and Ember Cub" for a fresh and a ready Cub reads
    /// the same and leaves another table, and merged under one edge the
    /// tree would learn one and play the other (the merging 43c662f fixed
    /// at the root). The action is enough, and cheap: the seat's own cards
    /// in sight keep their copy ids in every world ([`Rules::sample_world`]
    /// deals only hidden cards again), so the same move meets the same edge
    /// from world to world; and it costs a hash of its `Debug` text and no
    /// allocation, where reading every move costs a string each and the
    /// root's [`candidates`] plays every move and compares the tables. The
    /// price: two copies of a card that leave the same table ("Play
    /// Pounce!" from either copy in hand) are two edges below the root.
    fn list<R: Rules<Action = A>>(
        &mut self,
        rules: &R,
        s: &R::State,
        p: usize,
        own: bool,
        quick: A,
    ) {
        self.here.clear();
        for &m in &self.legal {
            let k = if own {
                own_key(p, &m)
            } else {
                key_of(p, &rules.describe(s, m))
            };
            match self.here.iter().position(|&(h, _)| h == k) {
                Some(j) if m == quick => self.here[j].1 = m,
                Some(_) => {}
                None => self.here.push((k, m)),
            }
        }
    }

    fn descend<R: Rules<Action = A>>(
        &mut self,
        rules: &R,
        s: &mut R::State,
        tree: &mut Vec<Node>,
        playouts: Level,
        grow: Tree,
        me: usize,
    ) {
        let chance = rules.core(s).rng.clone();
        let turn = rules.core(s).turns[me];
        let mut node = 0u32;
        let mut steps = 0u32;
        let mut depth = 0u32;
        loop {
            if rules.outcome(s).is_some()
                || steps >= DESCENT_GUARD
                || depth >= grow.depth
                || rules.core(s).rng != chance
                || rules.core(s).turns[me] != turn
            {
                return;
            }
            steps += 1;
            let p = rules.to_act(s);
            if rules.passive(s, p) {
                let a = rules.pass(s);
                if rules.apply(s, a).is_err() {
                    return;
                }
                continue;
            }
            let n = &mut tree[node as usize];
            n.visits += 1;
            if n.visits <= grow.expand_after {
                return;
            }
            rules.legal_actions(s, &mut self.legal);
            if let [a] = self.legal[..] {
                // a move with no alternative: nothing to name
                n.visits -= 1;
                if rules.apply(s, a).is_err() {
                    return;
                }
                continue;
            }
            let quick = rules.policy(s, playouts);
            self.list(rules, s, p, p == me, quick);
            match self.here.len() {
                0 => return,
                1 => {
                    n.visits -= 1;
                    if rules.apply(s, self.here[0].1).is_err() {
                        return;
                    }
                    continue;
                }
                _ => {}
            }
            depth += 1;
            for e in n.edges.iter_mut() {
                if e.seat as usize == p && self.here.iter().any(|&(k, _)| k == e.key) {
                    e.avail += 1;
                }
            }
            let tried = |k: u64| n.edges.iter().any(|e| e.seat as usize == p && e.key == k);
            // an untried move first: the quick player's, then as listed
            let untried = self
                .here
                .iter()
                .copied()
                .find(|&(k, m)| m == quick && !tried(k))
                .or_else(|| self.here.iter().copied().find(|&(k, _)| !tried(k)));
            let (key, a, child) = if let Some((key, a)) = untried {
                let child = tree.len() as u32;
                let n = &mut tree[node as usize];
                n.edges.push(Edge {
                    seat: p as u8,
                    key,
                    child,
                    visits: 0,
                    reward: 0.0,
                    avail: 1,
                });
                tree.push(Node::default());
                (key, a, child)
            } else {
                let mut best: Option<(usize, f64)> = None;
                for (ei, e) in n.edges.iter().enumerate() {
                    if e.seat as usize != p || !self.here.iter().any(|&(k, _)| k == e.key) {
                        continue;
                    }
                    let v = f64::from(e.visits.max(1));
                    let ucb = e.reward / v + EXPLORE * (f64::from(e.avail.max(1)).ln() / v).sqrt();
                    if best.is_none_or(|(_, b)| ucb > b) {
                        best = Some((ei, ucb));
                    }
                }
                let Some((ei, _)) = best else { return };
                let e = &n.edges[ei];
                let a = self
                    .here
                    .iter()
                    .find(|&&(k, _)| k == e.key)
                    .map(|&(_, a)| a);
                let Some(a) = a else { return };
                (e.key, a, e.child)
            };
            let ei = tree[node as usize]
                .edges
                .iter()
                .position(|e| e.seat as usize == p && e.key == key);
            let Some(ei) = ei else { return };
            self.path.push((node, ei));
            if rules.apply(s, a).is_err() {
                return;
            }
            node = child;
        }
    }
}

/// A move's key: its seat and an FNV-1a hash of what it reads.
fn key_of(seat: usize, name: &str) -> u64 {
    let mut h = Fnv(0xCBF2_9CE4_8422_2325 ^ seat as u64);
    let _ = std::fmt::Write::write_str(&mut h, name);
    h.0
}

/// The key of seat `seat`'s own move `m`: an FNV-1a hash of the action's
/// `Debug` text (its copy ids and all), nothing allocated.
fn own_key<A: std::fmt::Debug>(seat: usize, m: &A) -> u64 {
    let mut h = Fnv(0xCBF2_9CE4_8422_2325 ^ seat as u64 ^ 0xFF00);
    let _ = std::fmt::Write::write_fmt(&mut h, format_args!("{m:?}"));
    h.0
}

/// An FNV-1a hash written to as text.
struct Fnv(u64);

impl std::fmt::Write for Fnv {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        for b in s.bytes() {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01B3);
        }
        Ok(())
    }
}

/// Seat `p`'s reward: 1 for its win, 0.5 for a draw or an unfinished game.
fn reward(o: Option<Outcome>, p: usize) -> f64 {
    match o {
        Some(Outcome::Win { .. }) => f64::from(u8::from(p == 0)),
        Some(Outcome::Loss { .. }) => f64::from(u8::from(p == 1)),
        _ => 0.5,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn runner(results: &[u8]) -> Runner<u8> {
        Runner {
            action: 0,
            results: results.to_vec(),
            racing: true,
            tree: Vec::new(),
        }
    }

    use crate::engine::DeckCards;
    use crate::engine::core::Viewer;
    use crate::engine::fuzzycards::{Fuzzycards, Options, State};
    use crate::engine::game::played;
    use crate::engine::position::state_json;
    use crate::engine::session::DeckSide;

    /// The Fuzzycards position in which the searching levels swapped two
    /// Heroes back and forth for ever (a beatdown mirror in Settle), as
    /// its rules and state.
    fn swaps_for_ever() -> (Fuzzycards, State) {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/positions/fz-settle-swaps-for-ever.toml");
        let sc = crate::scenario::load(&path).unwrap();
        let cat = crate::catalog::load(&sc.catalog).unwrap().catalog;
        let index = cat.name_index();
        let decks = sc.position.seats.clone().map(|seat| DeckCards {
            cards: seat
                .zones
                .iter()
                .flat_map(|z| &z.cards)
                .map(|c| index.named(c.name.value.trim())[0] as u16)
                .collect(),
        });
        let side = |p: usize| DeckSide {
            catalog: &cat,
            cards: &decks[p],
        };
        let rules = Fuzzycards::new(
            side(0),
            Some(side(1)),
            Options::read(&[]).unwrap(),
            crate::engine::core::DEFAULT_MAX_TURNS,
        );
        let st = crate::engine::position::place(&rules, &sc.position).unwrap();
        (rules, st)
    }

    #[test]
    fn own_moves_that_read_the_same_and_leave_other_tables_are_other_edges() {
        let (rules, st) = swaps_for_ever();
        let me = rules.to_act(&st);
        let quick = rules.policy(&st, Level::Quick);
        let mut legal = Vec::new();
        rules.legal_actions(&st, &mut legal);
        let view =
            |m| played(&rules, &st, m).map(|s| state_json(&rules, &s, Viewer::Seat(me as u8)));
        let mut twins = Vec::new();
        for (i, &a) in legal.iter().enumerate() {
            for &b in &legal[i + 1..] {
                if rules.describe(&st, a) == rules.describe(&st, b) && view(a) != view(b) {
                    twins.push((a, b));
                }
            }
        }
        assert!(
            !twins.is_empty(),
            "the fixture has a swap that reads the same for two pairs"
        );
        let mut walk = Walk::new();
        walk.legal = legal.clone();
        walk.list(&rules, &st, me, true, quick);
        let key = |walk: &Walk<_>, m| walk.here.iter().find(|&&(_, h)| h == m).map(|&(k, _)| k);
        for &(a, b) in &twins {
            let (ka, kb) = (key(&walk, a), key(&walk, b));
            assert!(
                ka.is_some() && kb.is_some() && ka != kb,
                "{a:?} and {b:?}: own edges"
            );
        }
        // the other seat's moves are known by what they read: one edge
        walk.list(&rules, &st, me, false, quick);
        for &(a, b) in &twins {
            assert!(
                key(&walk, a).is_none() || key(&walk, b).is_none(),
                "{a:?} and {b:?}: one edge"
            );
        }
        // the quick player's move stands for its kind
        assert!(walk.here.iter().any(|&(_, m)| m == quick));
    }

    #[test]
    fn with_the_tree_on_the_strong_player_ends_the_settle_it_swapped_in_for_ever() {
        let (rules, mut st) = swaps_for_ever();
        let tree = Tree {
            expand_after: 1,
            depth: TREE_DEPTH.max(8),
        };
        let mut moves = Vec::new();
        while state_json(&rules, &st, Viewer::All)["phase"] == "settle" {
            let a = search_with(&rules, &st, Think::Iterations(150), Level::Quick, tree).unwrap();
            moves.push(rules.describe(&st, a));
            assert!(moves.len() <= 12, "{moves:#?}");
            rules.apply(&mut st, a).unwrap();
        }
    }

    #[test]
    fn a_move_is_ahead_only_on_evidence_paired_world_by_world() {
        // the same worlds: a wins every one b loses, and they share the rest
        let a = runner(&[2, 2, 2, 2, 1, 0, 2, 2, 2, 0]);
        let b = runner(&[0, 0, 0, 0, 1, 0, 2, 2, 2, 0]);
        assert!(ahead(&a, &b, 2.0));
        assert!(!ahead(&b, &a, 0.0));
        // one world apart in ten, and the difference is noise
        let c = runner(&[2, 0, 2, 0, 1, 0, 2, 2, 2, 0]);
        let d = runner(&[0, 0, 2, 0, 1, 0, 2, 2, 2, 0]);
        assert!(
            ahead(&c, &d, 0.5),
            "one win more and no loss is a difference"
        );
        assert!(!ahead(&c, &d, 2.0), "but a small one");
        let e = runner(&[2, 0, 2, 0, 1, 0, 2, 2, 2, 0]);
        let f = runner(&[0, 2, 2, 0, 1, 0, 2, 2, 0, 2]);
        assert!(!ahead(&e, &f, 1.0), "as many wins as losses is no evidence");
        assert!(
            !ahead(&runner(&[2]), &runner(&[0]), 0.0),
            "one world is no evidence"
        );
    }

    #[test]
    fn the_race_drops_the_moves_far_behind_the_leader_and_keeps_the_close_ones() {
        let mut runners = vec![
            runner(&[2, 2, 2, 2, 2, 2, 2, 0]),
            runner(&[0, 0, 0, 0, 0, 0, 0, 0]),
            runner(&[2, 2, 2, 2, 2, 0, 2, 0]),
        ];
        assert_eq!(leader(&runners), Some(0));
        assert_eq!(race(&mut runners, 2.0), 2);
        assert!(runners[0].racing && !runners[1].racing && runners[2].racing);
        // the leader among those still racing
        runners[0].racing = false;
        assert_eq!(leader(&runners), Some(2));
    }
}
