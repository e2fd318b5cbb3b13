//! Matchups: complete two-player games, deck A (player 0) against deck B
//! (player 1), both played by the computer (issue 11).
//!
//! Game *i* of a run with seed *S* is dealt from [`game_seed`]`(S, i)`
//! whatever the decks, so two versions of deck A meet the same shuffles of
//! deck B (common random numbers) and their difference is measured, not the
//! luck of the deal. Seats alternate by default (even games A goes first),
//! and the first/second split is reported. Tallies are integer sums merged
//! by addition over chunks played on every core, so the result does not
//! depend on the thread count.

use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;
use serde::Serialize;

use super::core::{Outcome, Rng, Seat, game_seed, rng};
use super::game::{Level, LoopGuard, Rules, Think, choose_with};
use super::run::{CHUNK, MAX_GAMES, Progress, RunError, wilson};

/// Who sits first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum Seats {
    /// A first in even games, second in odd ones.
    #[default]
    Alternate,
    AFirst,
    ASecond,
}

impl Seats {
    fn of(self, game: u64) -> Seat {
        match self {
            Seats::Alternate if game.is_multiple_of(2) => Seat::First,
            Seats::Alternate => Seat::Second,
            Seats::AFirst => Seat::First,
            Seats::ASecond => Seat::Second,
        }
    }
}

/// What to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchConfig {
    pub games: u64,
    pub seed: u64,
    /// The policies of A and B.
    pub levels: [Level; 2],
    /// How long each searching level thinks a move.
    pub think: [Think; 2],
    pub seats: Seats,
    /// Worker threads; `None`: every core.
    pub threads: Option<usize>,
}

/// Integer tallies of many games: merged by addition.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchTally {
    pub games: u64,
    pub a_wins: u64,
    pub b_wins: u64,
    pub draws: u64,
    /// Games the turn limit stopped (counted as draws in reports).
    pub unfinished: u64,
    /// Games A went first, and A's wins in them.
    pub first_games: u64,
    pub first_wins: u64,
    pub second_games: u64,
    pub second_wins: u64,
    /// B's wins in the games A went first and second (B's own seat split,
    /// which draws would otherwise hide).
    pub first_losses: u64,
    pub second_losses: u64,
    /// Games stopped by an engine defect (an illegal policy action).
    pub errors: u64,
    /// The first of them (by game number, whatever the thread count).
    pub first_error: Option<MatchError>,
    /// Sum of game lengths in A's turns, for the mean.
    pub turns: u64,
}

/// The first game of a match an engine defect stopped: enough to replay
/// it (`game` is its number in the match, `seed` its own seed).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MatchError {
    pub game: u64,
    pub seed: u64,
    /// The rule the engine named, and what went wrong.
    pub rule: &'static str,
    pub message: String,
}

impl MatchTally {
    fn merge(mut self, o: MatchTally) -> MatchTally {
        self.games += o.games;
        self.a_wins += o.a_wins;
        self.b_wins += o.b_wins;
        self.draws += o.draws;
        self.unfinished += o.unfinished;
        self.first_games += o.first_games;
        self.first_wins += o.first_wins;
        self.second_games += o.second_games;
        self.second_wins += o.second_wins;
        self.first_losses += o.first_losses;
        self.second_losses += o.second_losses;
        self.errors += o.errors;
        self.first_error = match (self.first_error, o.first_error) {
            (Some(a), Some(b)) => Some(if b.game < a.game { b } else { a }),
            (a, b) => a.or(b),
        };
        self.turns += o.turns;
        self
    }
}

/// The action of the seat to act, with a random legal move for
/// [`Level::Random`] (drawn from the policy's own generator, so the game's
/// randomness is untouched).
pub fn act<R: Rules>(
    rules: &R,
    st: &R::State,
    levels: [Level; 2],
    think: [Think; 2],
    prng: &mut Rng,
    buf: &mut Vec<R::Action>,
) -> R::Action {
    let p = rules.to_act(st);
    if levels[p] == Level::Random && !rules.passive(st, p) {
        rules.legal_actions(st, buf);
        if !buf.is_empty() {
            return buf[super::core::below(prng, buf.len() as u32) as usize];
        }
    }
    choose_with(rules, st, levels, think)
}

pub use super::game::TURN_GUARD;

/// Plays one two-player game to its end. The outcome is player 0's (A's).
pub fn play_game<R: Rules>(
    rules: &R,
    st: &mut R::State,
    seed: u64,
    seat: Seat,
    levels: [Level; 2],
    think: [Think; 2],
    buf: &mut Vec<R::Action>,
) -> Result<Outcome, super::core::Illegal> {
    play_game_within(rules, st, seed, seat, levels, think, buf, TURN_GUARD)
}

/// [`play_game`] with `turn_guard` actions a turn at most (a test's small
/// guard shows the guard stops a game).
#[allow(
    clippy::too_many_arguments,
    reason = "each argument is one setting of the same call; a struct would only name them twice"
)]
pub fn play_game_within<R: Rules>(
    rules: &R,
    st: &mut R::State,
    seed: u64,
    seat: Seat,
    levels: [Level; 2],
    think: [Think; 2],
    buf: &mut Vec<R::Action>,
    turn_guard: u32,
) -> Result<Outcome, super::core::Illegal> {
    rules.start(st, seed, seat);
    let mut prng = rng(seed ^ 0x005E_ED0F_D1CE);
    let mut guard = LoopGuard::new(rules.core(st).turns, turn_guard);
    loop {
        if let Some(o) = rules.outcome(st) {
            return Ok(o);
        }
        let a = act(rules, st, levels, think, &mut prng, buf);
        rules.apply(st, a)?;
        guard.step(rules.core(st).turns)?;
    }
}

/// Games between two progress reports inside a chunk: slow games (the
/// strong level plays a few a second) still move the app's progress bar,
/// and a cancel is seen after the game in play, not after the chunk.
const REPORT_EVERY: u64 = 16;

fn chunk<R: Rules>(
    rules: &R,
    cfg: &MatchConfig,
    range: std::ops::Range<u64>,
    progress: &Progress<'_>,
    done: &AtomicU64,
) -> MatchTally {
    let mut st = rules.new_state();
    let mut buf = Vec::new();
    let mut t = MatchTally::default();
    let mut unreported = 0;
    for i in range {
        if progress.cancel.load(Ordering::Relaxed) {
            break;
        }
        one(rules, cfg, &mut st, &mut buf, i, &mut t);
        unreported += 1;
        if unreported == REPORT_EVERY {
            let now = done.fetch_add(unreported, Ordering::Relaxed) + unreported;
            (progress.on_progress)(now, cfg.games);
            unreported = 0;
        }
    }
    if unreported > 0 {
        let now = done.fetch_add(unreported, Ordering::Relaxed) + unreported;
        (progress.on_progress)(now, cfg.games);
    }
    t
}

/// Plays game `i` of the run and adds it to `t`.
fn one<R: Rules>(
    rules: &R,
    cfg: &MatchConfig,
    st: &mut R::State,
    buf: &mut Vec<R::Action>,
    i: u64,
    t: &mut MatchTally,
) {
    t.games += 1;
    let seat = cfg.seats.of(i);
    let first = seat == Seat::First;
    if first {
        t.first_games += 1;
    } else {
        t.second_games += 1;
    }
    let o = match play_game(
        rules,
        st,
        game_seed(cfg.seed, i),
        seat,
        cfg.levels,
        cfg.think,
        buf,
    ) {
        Ok(o) => o,
        Err(e) => {
            t.errors += 1;
            t.draws += 1;
            if t.first_error.as_ref().is_none_or(|f| i < f.game) {
                t.first_error = Some(MatchError {
                    game: i,
                    seed: game_seed(cfg.seed, i),
                    rule: e.rule,
                    message: e.message,
                });
            }
            return;
        }
    };
    match o {
        Outcome::Win { turn } => {
            t.a_wins += 1;
            t.turns += u64::from(turn);
            if first {
                t.first_wins += 1;
            } else {
                t.second_wins += 1;
            }
        }
        Outcome::Loss { turn, .. } => {
            t.b_wins += 1;
            t.turns += u64::from(turn);
            if first {
                t.first_losses += 1;
            } else {
                t.second_losses += 1;
            }
        }
        Outcome::Draw { turn } => {
            t.draws += 1;
            t.turns += u64::from(turn);
        }
        Outcome::Unfinished { turn } => {
            t.draws += 1;
            t.unfinished += 1;
            t.turns += u64::from(turn);
        }
    }
}

/// A's score in each game of `range`, in half points (2 a win, 1 a draw or
/// an unfinished game, 0 a loss; a game stopped by an engine defect counts
/// as a draw), played one after the other on this thread: the deck tuner
/// pairs the games of two decks by index and runs its candidates in
/// parallel.
pub fn scores<R: Rules>(rules: &R, cfg: &MatchConfig, range: std::ops::Range<u64>) -> Vec<u8> {
    let mut st = rules.new_state();
    let mut buf = Vec::new();
    range
        .map(|i| {
            let seat = cfg.seats.of(i);
            match play_game(
                rules,
                &mut st,
                game_seed(cfg.seed, i),
                seat,
                cfg.levels,
                cfg.think,
                &mut buf,
            ) {
                Ok(Outcome::Win { .. }) => 2,
                Ok(Outcome::Loss { .. }) => 0,
                Ok(_) | Err(_) => 1,
            }
        })
        .collect()
}

/// Chunks a match is cut into at least (while it has that many games).
const MIN_CHUNKS: u64 = 64;

/// Games per chunk of a match: [`CHUNK`], or fewer so that a short match is
/// shared among the threads (the strong level plays a game in seconds: 400
/// games were one chunk of 1,024, and one thread played them all). By the
/// game count alone, never the thread count, so the result still does not
/// depend on it.
fn chunk_size(games: u64) -> u64 {
    games.div_ceil(MIN_CHUNKS).clamp(1, CHUNK)
}

/// Plays `cfg.games` games of A against B (see the module docs).
pub fn run<R: Rules>(
    rules: &R,
    cfg: &MatchConfig,
    progress: &Progress<'_>,
) -> Result<MatchTally, RunError> {
    if cfg.games == 0 || cfg.games > MAX_GAMES {
        return Err(RunError::Games);
    }
    let size = chunk_size(cfg.games);
    let chunks = cfg.games.div_ceil(size);
    let done = AtomicU64::new(0);
    let work = || {
        (0..chunks)
            .into_par_iter()
            .map(|c| {
                if progress.cancel.load(Ordering::Relaxed) {
                    return MatchTally::default();
                }
                let range = c * size..((c + 1) * size).min(cfg.games);
                chunk(rules, cfg, range, progress, &done)
            })
            .reduce(MatchTally::default, MatchTally::merge)
    };
    let tally = super::run::in_pool(cfg.threads, work)?;
    if progress.cancel.load(Ordering::Relaxed) && tally.games < cfg.games {
        return Err(RunError::Cancelled {
            done: tally.games,
            total: cfg.games,
        });
    }
    Ok(tally)
}

/// Games and wins in one seat.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatRecord {
    pub games: u64,
    pub wins: u64,
    pub win_rate: f64,
}

impl SeatRecord {
    fn of(games: u64, wins: u64) -> SeatRecord {
        SeatRecord {
            games,
            wins,
            win_rate: if games == 0 {
                0.0
            } else {
                wins as f64 / games as f64
            },
        }
    }
}

/// Deck A's record (formats.md §3 `match`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ARecord {
    pub wins: u64,
    pub win_rate: f64,
    /// Wilson 95% interval of the win rate.
    pub ci95: [f64; 2],
    pub first: SeatRecord,
    pub second: SeatRecord,
}

/// Deck B's record.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BRecord {
    pub wins: u64,
    pub win_rate: f64,
    /// B going first (the games A went second) and going second. Not in the
    /// JSON contract (formats.md §3 reports A's split only); the app's
    /// Matchups matrix shows every deck's split.
    #[serde(skip)]
    pub first: SeatRecord,
    #[serde(skip)]
    pub second: SeatRecord,
}

/// formats.md §3 `match --json`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MatchReport {
    pub game: crate::model::GameId,
    pub games: u64,
    pub seed: u64,
    pub a: ARecord,
    pub b: BRecord,
    /// Games neither won: both lost at once and the tiebreak left it even,
    /// or the turn limit stopped the game (`unfinished`).
    pub draws: u64,
    pub unfinished: u64,
    pub seats: Seats,
    pub levels: [Level; 2],
    /// How long each searching level thought a move (formats.md §3
    /// extension): `{"millis": 1000}` or `{"iterations": 240}`.
    pub think: [Think; 2],
    /// The mean length of a game, in A's turns.
    pub mean_turns: f64,
    /// Games an engine defect stopped (counted as draws; always 0 unless
    /// something is wrong).
    pub errors: u64,
    /// The first of them, to replay (absent when there is none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_error: Option<MatchError>,
}

impl MatchReport {
    pub fn new(game: crate::model::GameId, cfg: &MatchConfig, t: &MatchTally) -> MatchReport {
        let g = t.games.max(1) as f64;
        MatchReport {
            game,
            games: t.games,
            seed: cfg.seed,
            a: ARecord {
                wins: t.a_wins,
                win_rate: t.a_wins as f64 / g,
                ci95: wilson(t.a_wins, t.games),
                first: SeatRecord::of(t.first_games, t.first_wins),
                second: SeatRecord::of(t.second_games, t.second_wins),
            },
            b: BRecord {
                wins: t.b_wins,
                win_rate: t.b_wins as f64 / g,
                first: SeatRecord::of(t.second_games, t.second_losses),
                second: SeatRecord::of(t.first_games, t.first_losses),
            },
            draws: t.draws,
            unfinished: t.unfinished,
            seats: cfg.seats,
            levels: cfg.levels,
            think: cfg.think,
            mean_turns: t.turns as f64 / g,
            errors: t.errors,
            first_error: t.first_error.clone(),
        }
    }
}

/// One move of a [`Transcript`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TranscriptMove {
    /// The seat that moved: `"a"` (deck A) or `"b"`.
    pub seat: &'static str,
    /// The move's label, when the viewer may read it: its own seat's
    /// moves (every move for `all`). The other seat's moves are told by
    /// the log alone, which names only what the viewer may see.
    #[serde(rename = "move")]
    pub label: Option<String>,
    /// The log lines the move wrote, as the viewer saw them.
    pub log: Vec<String>,
}

/// Game 0 of a match played move by move (`match --games 1 --transcript`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Transcript {
    /// The game's own seed (`game_seed(run seed, 0)`).
    pub seed: u64,
    /// Who took the first turn.
    pub first: &'static str,
    /// `"a"`, `"b"` or `"all"`.
    pub viewer: &'static str,
    pub moves: Vec<TranscriptMove>,
    /// The last state (formats.md §5) as the viewer sees it.
    pub end: serde_json::Value,
}

/// Plays game 0 of `cfg` (the same deal, seats and policies as a match's
/// first game) with its log on, move by move, as `viewer` sees it.
pub fn transcript<R: Rules>(
    rules: &R,
    cfg: &MatchConfig,
    viewer: super::core::Viewer,
) -> Result<Transcript, super::core::Illegal> {
    use super::core::Viewer;
    use super::game::render_note_for;
    use super::position::{seat_name, state_json};
    let seed = game_seed(cfg.seed, 0);
    let seat = cfg.seats.of(0);
    let mut st = rules.new_state();
    rules.log_mut(&mut st).on = true;
    rules.start(&mut st, seed, seat);
    let mut prng = rng(seed ^ 0x005E_ED0F_D1CE);
    let mut buf = Vec::new();
    let mut moves = Vec::new();
    let mut guard = LoopGuard::new(rules.core(&st).turns, TURN_GUARD);
    while rules.outcome(&st).is_none() {
        let p = rules.to_act(&st);
        let a = act(rules, &st, cfg.levels, cfg.think, &mut prng, &mut buf);
        let label = rules.describe(&st, a);
        let before = rules.log(&st).notes.len();
        rules.apply(&mut st, a)?;
        let log = rules.log(&st).notes[before..]
            .iter()
            .map(|n| {
                let who = format!("{}: ", seat_name(usize::from(n.player)));
                render_note_for(rules, &st, n, viewer, &who)
            })
            .collect();
        let sees_label = match viewer {
            Viewer::All => true,
            Viewer::Seat(v) => usize::from(v) == p,
        };
        moves.push(TranscriptMove {
            seat: seat_name(p),
            label: sees_label.then_some(label),
            log,
        });
        guard.step(rules.core(&st).turns)?;
    }
    Ok(Transcript {
        seed,
        first: seat_name(seat.first_player()),
        viewer: match viewer {
            Viewer::All => "all",
            Viewer::Seat(v) => seat_name(usize::from(v)),
        },
        moves,
        end: state_json(rules, &st, viewer),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn failed(game: u64) -> MatchTally {
        MatchTally {
            games: 1,
            errors: 1,
            first_error: Some(MatchError {
                game,
                seed: game_seed(3, game),
                rule: "loop guard",
                message: format!("game {game}"),
            }),
            ..MatchTally::default()
        }
    }

    /// Threads merge their tallies in any order: the match reports the
    /// lowest-numbered game a defect stopped, the same on any machine.
    #[test]
    fn a_match_names_its_first_stopped_game_whatever_the_merge_order() {
        let parts = [failed(7), MatchTally::default(), failed(2), failed(5)];
        for order in [[0, 1, 2, 3], [3, 2, 1, 0], [1, 3, 0, 2]] {
            let t = order
                .iter()
                .fold(MatchTally::default(), |t, &i| t.merge(parts[i].clone()));
            assert_eq!(t.errors, 3);
            assert_eq!(t.first_error.as_ref().map(|e| e.game), Some(2));
        }
    }

    /// A short match is cut into chunks enough for every thread (400 strong
    /// games were one chunk, played by one thread); a long one keeps chunks
    /// of [`CHUNK`] games; every game is in one chunk.
    #[test]
    fn a_short_match_is_shared_among_the_threads() {
        assert_eq!(chunk_size(1), 1);
        assert_eq!(chunk_size(400), 7);
        assert_eq!(400u64.div_ceil(chunk_size(400)), 58);
        assert_eq!(chunk_size(20_000), 313);
        assert_eq!(chunk_size(1_000_000), CHUNK);
        for games in [1, 63, 64, 65, 999, 65_537] {
            let size = chunk_size(games);
            assert!(games.div_ceil(size) * size >= games);
            assert!((games.div_ceil(size) - 1) * size < games);
        }
    }
}
