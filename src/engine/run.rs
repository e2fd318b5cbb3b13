//! Many goldfish games: run on every core, reported as plain data.
//!
//! Game *i* of a run with seed *S* is always played from
//! [`super::game_seed`]`(S, i)`, and games are tallied as integer sums that
//! are merged by addition, so the result for a seed does not depend on the
//! number of threads or on which thread played which game. Work is split into
//! chunks; after each chunk the progress callback hears how many games are
//! done, and a cancel flag stops the run between chunks (the playtest screen
//! runs this off the UI thread).
//!
//! The report ([`Summary`]) carries formats.md §3's `games`, `seed`, `wins`
//! and `kill_turn` {`mean`, `median`, `histogram`} plus a 95% confidence
//! interval, the per-turn curves, the most played cards and the cards played
//! as vanilla.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use rayon::prelude::*;
use serde::{Serialize, Serializer};

use super::core::{CurveLabels, Outcome, Seat, TurnUnit, Vanilla, game_seed};
use super::game::{Level, Rules, play_out};
use crate::model::GameId;

/// Games per chunk of work (the unit of progress and cancellation).
pub const CHUNK: u64 = 1024;
/// The most games one run accepts.
pub const MAX_GAMES: u64 = 100_000_000;

/// What to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunConfig {
    pub games: u64,
    pub seed: u64,
    pub seat: Seat,
    /// Worker threads; `None`: every core.
    pub threads: Option<usize>,
}

/// Progress reporting and cancellation for a run.
pub struct Progress<'a> {
    /// Called with (games done, games in all) after each chunk, from worker threads.
    pub on_progress: &'a (dyn Fn(u64, u64) + Sync),
    /// Set it to stop the run.
    pub cancel: &'a AtomicBool,
}

impl Progress<'_> {
    /// No reporting, never cancelled.
    pub fn none() -> Progress<'static> {
        static NEVER: AtomicBool = AtomicBool::new(false);
        Progress {
            on_progress: &|_, _| {},
            cancel: &NEVER,
        }
    }
}

/// Runs `work` on a pool of `threads` worker threads (its parallel
/// iterators use them), or on the global pool (every core) when `None`.
pub fn in_pool<T: Send>(
    threads: Option<usize>,
    work: impl FnOnce() -> T + Send,
) -> Result<T, RunError> {
    match threads {
        None => Ok(work()),
        Some(n) => Ok(rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .map_err(|e| RunError::Threads(n, e.to_string()))?
            .install(work)),
    }
}

/// Why a run did not finish.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RunError {
    #[error("cancelled after {done} of {total} games")]
    Cancelled { done: u64, total: u64 },
    #[error("--games must be between 1 and {MAX_GAMES}")]
    Games,
    #[error("cannot start {0} threads: {1}")]
    Threads(usize, String),
    /// The game only deals (added as data, no engine).
    #[error("{0}")]
    NoEngine(String),
    /// A policy chose an illegal move (an engine defect).
    #[error("the engine stopped: {0}")]
    Engine(String),
}

/// Per-turn sums over games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TurnSums {
    /// Games that reached this turn.
    pub games: u64,
    pub resources: u64,
    pub hand: u64,
    pub damage: u64,
    pub cumulative_damage: u64,
    pub played: u64,
    pub castable: u64,
}

/// Integer tallies of many games: merged by addition.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub games: u64,
    pub wins: u64,
    pub losses: u64,
    pub unfinished: u64,
    /// Games both players lost at once and the tiebreak left even.
    pub draws: u64,
    /// Games stopped by an engine defect (an illegal policy action).
    pub errors: u64,
    /// Wins by kill turn (index = turn).
    pub kills: Vec<u64>,
    /// Index = turn - 1.
    pub turns: Vec<TurnSums>,
    /// Plays per card definition.
    pub plays: Vec<u64>,
    /// Per game (when asked for): the kill turn, 0 for no win.
    pub per_game: Vec<u16>,
}

impl Tally {
    fn merge(mut self, o: Tally) -> Tally {
        self.games += o.games;
        self.wins += o.wins;
        self.losses += o.losses;
        self.unfinished += o.unfinished;
        self.draws += o.draws;
        self.errors += o.errors;
        add(&mut self.kills, &o.kills, |a, b| *a += b);
        add(&mut self.turns, &o.turns, |a, b| {
            a.games += b.games;
            a.resources += b.resources;
            a.hand += b.hand;
            a.damage += b.damage;
            a.cumulative_damage += b.cumulative_damage;
            a.played += b.played;
            a.castable += b.castable;
        });
        add(&mut self.plays, &o.plays, |a, b| *a += b);
        self
    }
}

fn add<T: Default + Clone>(a: &mut Vec<T>, b: &[T], f: impl Fn(&mut T, &T)) {
    if a.len() < b.len() {
        a.resize(b.len(), T::default());
    }
    for (x, y) in a.iter_mut().zip(b) {
        f(x, y);
    }
}

/// Plays games `range` and tallies them.
fn run_chunk<R: Rules>(
    rules: &R,
    cfg: &RunConfig,
    range: std::ops::Range<u64>,
    per_game: bool,
) -> Tally {
    let mut st = rules.new_state();
    let mut t = Tally::default();
    if per_game {
        t.per_game.reserve((range.end - range.start) as usize);
    }
    for i in range {
        t.games += 1;
        let outcome = match play_out(
            rules,
            &mut st,
            game_seed(cfg.seed, i),
            cfg.seat,
            [Level::Goldfish; 2],
        ) {
            Ok(o) => o,
            Err(_) => {
                t.errors += 1;
                if per_game {
                    t.per_game.push(0);
                }
                continue;
            }
        };
        let trace = rules.trace(&st);
        let mut kill = 0;
        match outcome {
            Outcome::Win { turn } => {
                t.wins += 1;
                kill = turn;
                let k = usize::from(turn);
                if t.kills.len() <= k {
                    t.kills.resize(k + 1, 0);
                }
                t.kills[k] += 1;
            }
            Outcome::Loss { .. } => t.losses += 1,
            Outcome::Draw { .. } => t.draws += 1,
            Outcome::Unfinished { .. } => t.unfinished += 1,
        }
        if per_game {
            t.per_game.push(kill);
        }
        if t.turns.len() < trace.turns.len() {
            t.turns.resize(trace.turns.len(), TurnSums::default());
        }
        let mut cumulative = 0u64;
        for (sum, turn) in t.turns.iter_mut().zip(&trace.turns) {
            cumulative += u64::from(turn.damage);
            sum.games += 1;
            sum.resources += u64::from(turn.resources);
            sum.hand += u64::from(turn.hand);
            sum.damage += u64::from(turn.damage);
            sum.cumulative_damage += cumulative;
            sum.played += u64::from(turn.played);
            sum.castable += u64::from(turn.castable);
        }
        if t.plays.len() < trace.plays.len() {
            t.plays.resize(trace.plays.len(), 0);
        }
        for (a, &b) in t.plays.iter_mut().zip(&trace.plays) {
            *a += u64::from(b);
        }
    }
    t
}

/// The kill turn of each goldfish game of `range` (0: no win), played one
/// after the other on this thread (the deck tuner runs its candidates in
/// parallel).
pub fn kill_turns<R: Rules>(rules: &R, cfg: &RunConfig, range: std::ops::Range<u64>) -> Vec<u16> {
    run_chunk(rules, cfg, range, true).per_game
}

/// Runs `cfg.games` games of `rules` (see the module docs).
pub fn run<R: Rules>(
    rules: &R,
    cfg: &RunConfig,
    progress: &Progress<'_>,
    per_game: bool,
) -> Result<Tally, RunError> {
    if cfg.games == 0 || cfg.games > MAX_GAMES {
        return Err(RunError::Games);
    }
    let chunks = cfg.games.div_ceil(CHUNK);
    let done = AtomicU64::new(0);
    let work = || {
        let parts: Vec<Tally> = (0..chunks)
            .into_par_iter()
            .map(|c| {
                if progress.cancel.load(Ordering::Relaxed) {
                    return Tally::default();
                }
                let range = c * CHUNK..((c + 1) * CHUNK).min(cfg.games);
                let n = range.end - range.start;
                let t = run_chunk(rules, cfg, range, per_game);
                let now = done.fetch_add(n, Ordering::Relaxed) + n;
                (progress.on_progress)(now, cfg.games);
                t
            })
            .collect();
        // in chunk order, so per-game results line up with game indexes
        let mut per = Vec::new();
        let mut total = Tally::default();
        for mut p in parts {
            per.append(&mut p.per_game);
            total = total.merge(p);
        }
        total.per_game = per;
        total
    };
    let tally = in_pool(cfg.threads, work)?;
    if progress.cancel.load(Ordering::Relaxed) && tally.games < cfg.games {
        return Err(RunError::Cancelled {
            done: tally.games,
            total: cfg.games,
        });
    }
    Ok(tally)
}

// ---------------------------------------------------------------- report

/// A histogram keyed by turn, serialized with string keys in turn order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Histogram(pub BTreeMap<u16, u64>);

impl Serialize for Histogram {
    fn serialize<Z: Serializer>(&self, s: Z) -> Result<Z::Ok, Z::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            m.serialize_entry(&k.to_string(), v)?;
        }
        m.end()
    }
}

/// formats.md §3 `kill_turn`, with its spread.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct KillTurn {
    pub mean: Option<f64>,
    pub median: Option<u16>,
    pub histogram: Histogram,
    /// 95% confidence interval of the mean (normal approximation).
    pub ci95: Option<[f64; 2]>,
    pub std_dev: Option<f64>,
    pub min: Option<u16>,
    pub max: Option<u16>,
}

impl KillTurn {
    pub fn from_counts(kills: &[u64]) -> KillTurn {
        let hist: BTreeMap<u16, u64> = kills
            .iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .map(|(t, n)| (t as u16, *n))
            .collect();
        let n: u64 = hist.values().sum();
        if n == 0 {
            return KillTurn {
                mean: None,
                median: None,
                histogram: Histogram(hist),
                ci95: None,
                std_dev: None,
                min: None,
                max: None,
            };
        }
        let nf = n as f64;
        let mean = hist
            .iter()
            .map(|(t, c)| f64::from(*t) * *c as f64)
            .sum::<f64>()
            / nf;
        let var = if n > 1 {
            hist.iter()
                .map(|(t, c)| (f64::from(*t) - mean).powi(2) * *c as f64)
                .sum::<f64>()
                / (nf - 1.0)
        } else {
            0.0
        };
        let sd = var.sqrt();
        let half = 1.96 * sd / nf.sqrt();
        // the lower median: the first turn at which half the wins are counted
        let mut seen = 0;
        let median = hist
            .iter()
            .find(|(_, c)| {
                seen += **c;
                seen * 2 >= n
            })
            .map(|(t, _)| *t);
        KillTurn {
            mean: Some(mean),
            median,
            ci95: Some([mean - half, mean + half]),
            std_dev: Some(sd),
            min: hist.keys().next().copied(),
            max: hist.keys().next_back().copied(),
            histogram: Histogram(hist),
        }
    }
}

/// One turn of the curves: means over the games that reached it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CurvePoint {
    pub turn: u16,
    pub games: u64,
    pub resources: f64,
    pub hand: f64,
    pub damage: f64,
    pub cumulative_damage: f64,
    pub played: f64,
    pub castable: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Curves {
    pub labels: CurveLabels,
    pub turns: Vec<CurvePoint>,
}

/// A card and how often it was played.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Played {
    pub card: String,
    pub plays: u64,
    pub per_game: f64,
}

/// The report of a run.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    pub game: GameId,
    pub games: u64,
    pub seed: u64,
    pub seat: Seat,
    pub turn_unit: TurnUnit,
    pub wins: u64,
    pub losses: u64,
    pub unfinished: u64,
    /// Games neither player won (both lost at once, tiebreak even).
    pub draws: u64,
    pub win_rate: f64,
    /// Wilson 95% interval of the win rate.
    pub win_rate_ci95: [f64; 2],
    pub kill_turn: KillTurn,
    pub curves: Curves,
    pub most_played: Vec<Played>,
    /// Cards played (partly) as vanilla: their text is not modelled.
    pub vanilla: Vec<Vanilla>,
    pub max_turns: u16,
    /// Games an engine defect stopped (always 0 unless something is wrong).
    pub errors: u64,
}

/// Wilson score interval for `k` successes in `n`.
pub fn wilson(k: u64, n: u64) -> [f64; 2] {
    if n == 0 {
        return [0.0, 0.0];
    }
    let (z, nf) = (1.96f64, n as f64);
    let p = k as f64 / nf;
    let denom = 1.0 + z * z / nf;
    let centre = (p + z * z / (2.0 * nf)) / denom;
    let half = z * (p * (1.0 - p) / nf + z * z / (4.0 * nf * nf)).sqrt() / denom;
    [(centre - half).max(0.0), (centre + half).min(1.0)]
}

/// How many cards the report's most-played list names.
pub const MOST_PLAYED: usize = 10;

impl Summary {
    /// The report of tally `t` of `rules`' games.
    pub fn new<R: Rules>(rules: &R, cfg: &RunConfig, t: &Tally) -> Summary {
        let names = rules.names();
        let g = t.games.max(1) as f64;
        let mut most: Vec<Played> = t
            .plays
            .iter()
            .enumerate()
            .filter(|(_, p)| **p > 0)
            .map(|(d, &p)| Played {
                card: names.get(d).cloned().unwrap_or_default(),
                plays: p,
                per_game: p as f64 / g,
            })
            .collect();
        most.sort_by(|a, b| b.plays.cmp(&a.plays).then(a.card.cmp(&b.card)));
        most.truncate(MOST_PLAYED);
        Summary {
            game: rules.game(),
            games: t.games,
            seed: cfg.seed,
            seat: cfg.seat,
            turn_unit: R::TURN_UNIT,
            wins: t.wins,
            losses: t.losses,
            unfinished: t.unfinished,
            draws: t.draws,
            win_rate: t.wins as f64 / g,
            win_rate_ci95: wilson(t.wins, t.games),
            kill_turn: KillTurn::from_counts(&t.kills),
            curves: Curves {
                labels: R::LABELS,
                turns: t
                    .turns
                    .iter()
                    .enumerate()
                    .filter(|(_, s)| s.games > 0)
                    .map(|(i, s)| {
                        let n = s.games as f64;
                        CurvePoint {
                            turn: i as u16 + 1,
                            games: s.games,
                            resources: s.resources as f64 / n,
                            hand: s.hand as f64 / n,
                            damage: s.damage as f64 / n,
                            cumulative_damage: s.cumulative_damage as f64 / n,
                            played: s.played as f64 / n,
                            castable: s.castable as f64 / n,
                        }
                    })
                    .collect(),
            },
            most_played: most,
            vanilla: rules.vanilla(),
            max_turns: rules.max_turns(),
            errors: t.errors,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kill_turn_stats() {
        // kills at turns 4 (x1), 5 (x2), 7 (x1): mean 5.25, lower median 5
        let k = KillTurn::from_counts(&[0, 0, 0, 0, 1, 2, 0, 1]);
        assert_eq!(k.mean, Some(5.25));
        assert_eq!(k.median, Some(5));
        assert_eq!((k.min, k.max), (Some(4), Some(7)));
        let sd = ((1.25f64.powi(2) + 2.0 * 0.25f64.powi(2) + 1.75f64.powi(2)) / 3.0).sqrt();
        assert!((k.std_dev.unwrap() - sd).abs() < 1e-12);
        let [lo, hi] = k.ci95.unwrap();
        assert!((hi - lo - 2.0 * 1.96 * sd / 2.0).abs() < 1e-12);
        assert_eq!(
            serde_json::to_string(&k.histogram).unwrap(),
            r#"{"4":1,"5":2,"7":1}"#
        );
        let none = KillTurn::from_counts(&[]);
        assert_eq!(none.mean, None);
        assert_eq!(
            serde_json::to_value(&none).unwrap()["histogram"],
            serde_json::json!({})
        );
    }

    #[test]
    fn histogram_keys_are_in_turn_order() {
        let mut kills = vec![0; 12];
        kills[10] = 3;
        kills[9] = 1;
        let k = KillTurn::from_counts(&kills);
        assert_eq!(
            serde_json::to_string(&k.histogram).unwrap(),
            r#"{"9":1,"10":3}"#
        );
    }

    #[test]
    fn wilson_interval() {
        let [lo, hi] = wilson(50, 100);
        assert!(
            (lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3,
            "{lo} {hi}"
        );
        assert_eq!(wilson(0, 0), [0.0, 0.0]);
        assert_eq!(wilson(10, 10)[1], 1.0);
    }
}
