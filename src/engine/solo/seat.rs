//! Computer players for a seat of a game for 2 to 4, built on the solo
//! players, and the runner that plays whole matches.
//!
//! A [`ComputerSeat`] reads only what its player may see: its own World and
//! draft hand, the shared supplies, the Sun and the other Worlds (all face
//! up on the table). It never reads another player's hand or the deck.
//! - The Sun's face: pass the cards towards the neighbour with the fewer
//!   stars (the leftovers help the player behind, not the leader).
//! - The draft: keep the cards whose best placement is worth the most. Quick
//!   values a hand by placing it greedily, card after card, at the best
//!   immediate score; Strong by the search player's exhaustive placement of
//!   the hand (every order, cell and choice) with what the World still
//!   promises.
//! - Placement: the solo [`GreedyPlayer`] (quick) or [`SearchPlayer`]
//!   (strong) on the seat's World with the match's supply.
//! - Random: a uniformly random legal action (the baseline).
//!
//! Everything is seeded: seat `i` of the match with seed `S` plays with
//! `game_seed(S, SEAT_STREAM + i)`.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use rand::RngExt;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::action::Phase;
use super::components::Components;
use super::game::Solo;
use super::moves::for_each_move;
use super::multi::{Match, MatchAction, MatchEvent, MatchPhase, PASS_FIRST, SunDirection};
use super::player::{GreedyPlayer, Player, RandomPlayer, SearchPlayer};
use super::run::SoloError;
use super::score::{self, Breakdown};
use crate::engine::{Rng, game_seed, rng};

/// The stream seat players draw their seeds from.
const SEAT_STREAM: u64 = 0x5345_4154;

/// Actions a match can take at most: a defect guard, far above the real
/// number (5 turns × (1 + 2 passes + 3 placements × 4 steps) × 4 players).
const MAX_ACTIONS: usize = 2_000;

/// How a computer seat plays.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    clap::ValueEnum,
    strum::IntoStaticStr,
    strum::EnumString,
    strum::VariantArray,
)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
pub enum SeatLevel {
    Random,
    Quick,
    Strong,
}

impl SeatLevel {
    /// Its name (`--level`, `--seats`, reports).
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// A level by its name, as `--seats` lists them.
    pub fn parse(s: &str) -> Option<SeatLevel> {
        s.parse().ok()
    }
}

/// The seed of seat `seat`'s player in the match with seed `seed`.
pub fn seat_seed(seed: u64, seat: u8) -> u64 {
    game_seed(seed, SEAT_STREAM + u64::from(seat))
}

/// A computer player for one seat.
pub struct ComputerSeat {
    level: SeatLevel,
    /// The box with the Land deck of this player count as the cards to come.
    planning: Components,
    rng: Rng,
    random: RandomPlayer,
    greedy: GreedyPlayer,
    search: SearchPlayer,
    buf: Vec<MatchAction>,
}

impl ComputerSeat {
    pub fn new(level: SeatLevel, c: &Components, players: u8, seed: u64) -> ComputerSeat {
        ComputerSeat {
            level,
            planning: c.planning_for(players),
            rng: rng(seed),
            random: RandomPlayer::new(game_seed(seed, 1)),
            greedy: GreedyPlayer::new(game_seed(seed, 2)),
            search: SearchPlayer::new(game_seed(seed, 3)),
            buf: Vec::new(),
        }
    }

    pub fn level(&self) -> SeatLevel {
        self.level
    }

    /// The seat's next action, `None` when the match does not wait for it.
    pub fn choose(&mut self, m: &Match, seat: u8) -> Option<MatchAction> {
        if !m.waits_for(seat) {
            return None;
        }
        if self.level == SeatLevel::Random && !matches!(m.phase(), MatchPhase::Play { .. }) {
            m.legal_actions(&self.planning, seat, &mut self.buf);
            if self.buf.is_empty() {
                return None;
            }
            return Some(self.buf[self.rng.random_range(0..self.buf.len())]);
        }
        match m.phase() {
            MatchPhase::ChooseSun { .. } => Some(MatchAction::Sun {
                seat,
                direction: self.sun_face(m, seat),
            }),
            MatchPhase::Draft { pass } => self.pass(m, seat, usize::from(pass)),
            MatchPhase::Play { .. } => {
                let s = m.seat(seat);
                let c = &self.planning;
                let action = match self.level {
                    SeatLevel::Random => self.random.choose(&s, c),
                    SeatLevel::Quick => self.greedy.choose(&s, c),
                    SeatLevel::Strong => self.search.choose(&s, c),
                }?;
                Some(MatchAction::Seat { seat, action })
            }
            MatchPhase::Finished => None,
        }
    }

    /// Turns the Sun so that the passed cards go to the neighbour with the
    /// fewer stars (ties: clockwise).
    fn sun_face(&self, m: &Match, seat: u8) -> SunDirection {
        let stars = |s: u8| score::total(m.seat(s).world(), &self.planning);
        let n = m.players();
        let cw = stars(SunDirection::Clockwise.next(seat, n));
        let ccw = stars(SunDirection::Counterclockwise.next(seat, n));
        if ccw < cw {
            SunDirection::Counterclockwise
        } else {
            SunDirection::Clockwise
        }
    }

    /// Chooses the cards to pass: the hand minus the best set to keep.
    fn pass(&mut self, m: &Match, seat: u8, pass: usize) -> Option<MatchAction> {
        let hand: Vec<u8> = m.draft_hand(seat).collect();
        if hand.len() < pass {
            return None;
        }
        let world = m.seat(seat);
        // every way to pass `pass` cards, as bit sets over the hand
        let mut best: (f32, u32, u32) = (f32::NEG_INFINITY, 0, 0);
        for set in 0u32..(1 << hand.len()) {
            if set.count_ones() as usize != pass {
                continue;
            }
            let keep: Vec<u8> = (0..hand.len())
                .filter(|&i| set & 1 << i == 0)
                .map(|i| hand[i])
                .collect();
            let v = self.keep_value(&world, &keep);
            if v > best.0 + 1e-4 {
                best = (v, set, 1);
            } else if (v - best.0).abs() <= 1e-4 {
                best.2 += 1;
                if self.rng.random_range(0..best.2) == 0 {
                    best.1 = set;
                }
            }
        }
        let passed: Vec<u8> = (0..hand.len())
            .filter(|&i| best.1 & 1 << i != 0)
            .map(|i| hand[i])
            .collect();
        Some(if pass == PASS_FIRST {
            MatchAction::PassTwo {
                seat,
                cards: [passed[0], passed[1]],
            }
        } else {
            MatchAction::PassOne {
                seat,
                card: passed[0],
            }
        })
    }

    /// What keeping `keep` is worth to the World of `world`.
    fn keep_value(&self, world: &Solo, keep: &[u8]) -> f32 {
        let mut s = *world;
        s.give_hand(keep);
        let c = &self.planning;
        match self.level {
            SeatLevel::Strong => self.search.hand_value(&s, c),
            _ => {
                // greedy: each card at its best immediate score, in turn
                while !matches!(s.phase(), Phase::Finished | Phase::ChooseStack) {
                    let mut next: Option<(u32, Solo)> = None;
                    for_each_move(&s, c, &mut |_, after| {
                        let t = score::total(after.world(), c);
                        if next.as_ref().is_none_or(|(b, _)| t > *b) {
                            next = Some((t, *after));
                        }
                    });
                    match next {
                        Some((_, after)) => s = after,
                        None => break,
                    }
                }
                score::total(s.world(), c) as f32
            }
        }
    }
}

/// A finished match with its log.
#[derive(Clone, Debug, Serialize)]
pub struct MatchRecord {
    pub seed: u64,
    pub levels: Vec<SeatLevel>,
    /// Each seat's score breakdown.
    pub scores: Vec<Breakdown>,
    /// The seats with the most stars (more than one on a tie).
    pub winners: Vec<u8>,
    pub actions: usize,
    pub log: Vec<MatchEvent>,
    /// The finished match (the Worlds).
    #[serde(skip)]
    pub end: Match,
}

/// Plays a match of computer seats, one per entry of `levels` (2 to 4).
pub fn play_match(
    c: &Components,
    levels: &[SeatLevel],
    seed: u64,
) -> Result<MatchRecord, SoloError> {
    let players = levels.len().min(usize::from(u8::MAX)) as u8;
    let mut m = Match::new(c, players, seed)?;
    let mut seats: Vec<ComputerSeat> = levels
        .iter()
        .enumerate()
        .map(|(i, &l)| ComputerSeat::new(l, c, players, seat_seed(seed, i as u8)))
        .collect();
    let mut log = m.setup_events();
    let mut actions = 0;
    while !m.is_finished() {
        let Some(seat) = (0..players).find(|&s| m.waits_for(s)) else {
            break;
        };
        let player = &mut seats[usize::from(seat)];
        let fail = |error: String| SoloError::Player {
            player: player_name(levels[usize::from(seat)]),
            seed,
            error,
        };
        let Some(a) = player.choose(&m, seat) else {
            return Err(fail(format!("seat {} found no action", seat + 1)));
        };
        m.apply(c, a, &mut log)
            .map_err(|e| fail(format!("seat {}: {e}", seat + 1)))?;
        actions += 1;
        if actions > MAX_ACTIONS {
            return Err(fail("the match did not end".into()));
        }
    }
    Ok(MatchRecord {
        seed,
        levels: levels.to_vec(),
        scores: m.scores(c),
        winners: m.winners(c),
        actions,
        log,
        end: m,
    })
}

fn player_name(l: SeatLevel) -> &'static str {
    l.as_str()
}

/// Many matches of the same seats.
#[derive(Clone, Debug, Serialize)]
pub struct MatchSummary {
    pub games: usize,
    pub seed: u64,
    pub levels: Vec<SeatLevel>,
    /// Per seat: matches won outright, matches shared on a tie, mean stars.
    pub seats: Vec<SeatSummary>,
    pub cancelled: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct SeatSummary {
    pub seat: u8,
    pub level: SeatLevel,
    pub wins: usize,
    pub shared: usize,
    pub mean: f64,
}

/// A match's totals per seat and its winners.
type Outcome = (Vec<u32>, Vec<u8>);

/// Plays `games` matches on all cores; match *i* has seed `game_seed(seed, i)`
/// whichever thread plays it, so results do not depend on the thread count.
pub fn run_matches(
    c: &Components,
    levels: &[SeatLevel],
    games: usize,
    seed: u64,
    progress: &(dyn Fn(usize, usize) + Sync),
    cancel: &AtomicBool,
) -> Result<MatchSummary, SoloError> {
    c.check_match(levels.len().min(usize::from(u8::MAX)) as u8)?;
    let done = AtomicUsize::new(0);
    let results: Vec<Option<Result<Outcome, SoloError>>> = (0..games)
        .into_par_iter()
        .map(|i| {
            if cancel.load(Ordering::Relaxed) {
                return None;
            }
            let r = play_match(c, levels, game_seed(seed, i as u64))
                .map(|rec| (rec.scores.iter().map(|b| b.total).collect(), rec.winners));
            progress(done.fetch_add(1, Ordering::Relaxed) + 1, games);
            Some(r)
        })
        .collect();
    let mut seats: Vec<SeatSummary> = levels
        .iter()
        .enumerate()
        .map(|(i, &level)| SeatSummary {
            seat: i as u8,
            level,
            wins: 0,
            shared: 0,
            mean: 0.0,
        })
        .collect();
    let mut n = 0usize;
    for r in results.into_iter().flatten() {
        let (totals, winners) = r?;
        n += 1;
        for (s, t) in seats.iter_mut().zip(&totals) {
            s.mean += f64::from(*t);
        }
        for &w in &winners {
            let s = &mut seats[usize::from(w)];
            if winners.len() == 1 {
                s.wins += 1;
            } else {
                s.shared += 1;
            }
        }
    }
    for s in &mut seats {
        s.mean /= n.max(1) as f64;
    }
    Ok(MatchSummary {
        games: n,
        seed,
        levels: levels.to_vec(),
        seats,
        cancelled: cancel.load(Ordering::Relaxed),
    })
}
