//! Playing solo games: one game with its full log, many games in parallel
//! with a progress callback and a cancel flag, and [`SoloGame`], the
//! step-by-step game with undo and hints that the board screen drives.
//!
//! Seeds: a single game is replayed by its seed. In a run of N games started
//! with seed S, game *i* has seed `game_seed(S, i)`, whichever thread plays
//! it, so a run's results do not depend on the number of threads and any game
//! of a run can be replayed alone by its own seed (the summary names the
//! seeds of the best and worst games).

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use rayon::prelude::*;
use serde::Serialize;

use super::components::{Components, ComponentsError};
use super::game::{Action, Deal, Event, IllegalMove, Solo};
use super::player::{PlayerKind, hint};
use super::score::{self, Breakdown};
use crate::engine::game_seed;

/// The stream a game's player draws its own seed from (the deal uses the
/// game seed itself).
const PLAYER_STREAM: u64 = 0x504C_4159;

/// The seed of the player of the game with seed `seed`.
pub fn player_seed(seed: u64) -> u64 {
    game_seed(seed, PLAYER_STREAM)
}

/// Why a game could not be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SoloError {
    #[error(transparent)]
    Components(#[from] ComponentsError),
    /// A built-in player chose an illegal action or none: a defect, reported
    /// rather than hidden.
    #[error("the {player} player made an illegal move in game {seed}: {error}")]
    Player {
        player: &'static str,
        seed: u64,
        error: String,
    },
}

/// Why a game could not be replayed from its seed and actions.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error(transparent)]
    Components(#[from] ComponentsError),
    #[error("action {number} ({action:?}) no longer applies: {error}")]
    Refused {
        /// 1-based.
        number: usize,
        action: Action,
        error: IllegalMove,
    },
}

/// One action and what it caused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    pub action: Action,
    pub events: Vec<Event>,
}

/// A finished game with its log.
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub seed: u64,
    pub player: PlayerKind,
    pub deal: Deal,
    pub steps: Vec<Step>,
    pub end: Solo,
    pub score: Breakdown,
}

fn play_with<F: FnMut(&Solo, Action)>(
    c: &Components,
    kind: PlayerKind,
    seed: u64,
    mut on_step: F,
) -> Result<Solo, SoloError> {
    let mut s = Solo::deal(c, seed)?;
    let mut player = kind.make(player_seed(seed));
    let err = |error: String| SoloError::Player {
        player: kind.as_str(),
        seed,
        error,
    };
    // every game ends within (stacks × (1 + stack size × 4)) decisions; the
    // bound turns a looping defect into an error instead of a hang
    let limit = 1 + usize::from(c.rules.stacks) * (1 + usize::from(c.rules.stack_size) * 4);
    for _ in 0..limit {
        if s.is_finished() {
            return Ok(s);
        }
        let a = player
            .choose(&s, c)
            .ok_or_else(|| err("it found no move".into()))?;
        on_step(&s, a);
        s.apply(c, a, &mut ()).map_err(|e| err(e.to_string()))?;
    }
    if s.is_finished() {
        Ok(s)
    } else {
        Err(err("the game did not end".into()))
    }
}

/// Plays one game and keeps its log.
pub fn play(c: &Components, kind: PlayerKind, seed: u64) -> Result<GameRecord, SoloError> {
    let mut steps = Vec::new();
    let mut before = Vec::new();
    let end = play_with(c, kind, seed, |s, a| {
        before.push(*s);
        steps.push(a)
    })?;
    let steps = before
        .into_iter()
        .zip(steps)
        .map(|(mut s, action)| {
            let mut events = Vec::new();
            let _ = s.apply(c, action, &mut events);
            Step { action, events }
        })
        .collect();
    Ok(GameRecord {
        seed,
        player: kind,
        deal: Deal::random(c, seed)?,
        steps,
        score: score::score(end.world(), c),
        end,
    })
}

/// Plays one game and returns its score only (no log: the fast path).
pub fn play_score(c: &Components, kind: PlayerKind, seed: u64) -> Result<Breakdown, SoloError> {
    let end = play_with(c, kind, seed, |_, _| {})?;
    Ok(score::score(end.world(), c))
}

/// The mean of each score part over a run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct PartMeans {
    pub mountains: f64,
    pub lakes: f64,
    pub animals: f64,
    pub swamps: f64,
    pub dark_cities: f64,
    pub watchers: f64,
    pub travellers: f64,
}

/// How many games fell in one rating band.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RatingCount {
    /// `"80+"`, `"75-79"`, ... `"59 or less"`.
    pub band: String,
    pub rating: String,
    pub games: usize,
}

/// The score distribution of a run.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    pub games: usize,
    pub seed: u64,
    pub player: PlayerKind,
    pub mean: f64,
    pub median: f64,
    pub min: u32,
    pub max: u32,
    pub std_dev: f64,
    /// Seed of a lowest-scoring game (replay it with `--seed`).
    pub min_seed: u64,
    /// Seed of a highest-scoring game.
    pub max_seed: u64,
    /// Score → games.
    pub histogram: BTreeMap<u32, usize>,
    /// Best band first.
    pub ratings: Vec<RatingCount>,
    pub parts: PartMeans,
    /// True when the run was cancelled; the numbers cover the games played.
    pub cancelled: bool,
}

/// A run of many games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunConfig {
    pub games: usize,
    pub seed: u64,
    pub player: PlayerKind,
}

/// Plays `cfg.games` games on all cores. `progress(done, total)` is called
/// from the worker threads after each game; setting `cancel` stops the run
/// early (games under way finish, the rest are skipped).
pub fn run_many(
    c: &Components,
    cfg: RunConfig,
    progress: &(dyn Fn(usize, usize) + Sync),
    cancel: &AtomicBool,
) -> Result<Summary, SoloError> {
    c.check_solo()?;
    let done = AtomicUsize::new(0);
    let results: Vec<Option<Result<(u64, Breakdown), SoloError>>> = (0..cfg.games)
        .into_par_iter()
        .map(|i| {
            if cancel.load(Ordering::Relaxed) {
                return None;
            }
            let seed = game_seed(cfg.seed, i as u64);
            let r = play_score(c, cfg.player, seed).map(|b| (seed, b));
            progress(done.fetch_add(1, Ordering::Relaxed) + 1, cfg.games);
            Some(r)
        })
        .collect();
    let mut scores = Vec::with_capacity(results.len());
    for r in results.into_iter().flatten() {
        scores.push(r?);
    }
    Ok(summarize(c, cfg, &scores, cancel.load(Ordering::Relaxed)))
}

/// The distribution of a set of (seed, score) results.
pub fn summarize(
    c: &Components,
    cfg: RunConfig,
    scores: &[(u64, Breakdown)],
    cancelled: bool,
) -> Summary {
    let n = scores.len();
    let mut totals: Vec<u32> = scores.iter().map(|(_, b)| b.total).collect();
    totals.sort_unstable();
    let mean = if n == 0 {
        0.0
    } else {
        totals.iter().map(|&t| f64::from(t)).sum::<f64>() / n as f64
    };
    let median = match n {
        0 => 0.0,
        _ if n % 2 == 1 => f64::from(totals[n / 2]),
        _ => (f64::from(totals[n / 2 - 1]) + f64::from(totals[n / 2])) / 2.0,
    };
    let var = if n < 2 {
        0.0
    } else {
        totals
            .iter()
            .map(|&t| (f64::from(t) - mean).powi(2))
            .sum::<f64>()
            / (n - 1) as f64
    };
    let mut histogram = BTreeMap::new();
    for &t in &totals {
        *histogram.entry(t).or_insert(0) += 1;
    }
    let bands = &crate::games::StrangeWorld.setup().rating;
    let ratings = bands
        .iter()
        .map(|b| {
            let games = scores
                .iter()
                .filter(|(_, s)| c.rules.rating(i64::from(s.total)) == b.text)
                .count();
            RatingCount {
                band: c.rules.band(b.min.max(-999)),
                rating: b.text.clone(),
                games,
            }
        })
        .collect();
    let avg = |f: fn(&Breakdown) -> u32| {
        if n == 0 {
            0.0
        } else {
            scores.iter().map(|(_, b)| f64::from(f(b))).sum::<f64>() / n as f64
        }
    };
    let extreme = |want: u32| {
        scores
            .iter()
            .find(|(_, b)| b.total == want)
            .map_or(0, |(s, _)| *s)
    };
    let (min, max) = (
        totals.first().copied().unwrap_or(0),
        totals.last().copied().unwrap_or(0),
    );
    Summary {
        games: n,
        seed: cfg.seed,
        player: cfg.player,
        mean,
        median,
        min,
        max,
        std_dev: var.sqrt(),
        min_seed: extreme(min),
        max_seed: extreme(max),
        histogram,
        ratings,
        parts: PartMeans {
            mountains: avg(|b| b.mountains),
            lakes: avg(|b| b.lakes),
            animals: avg(|b| b.animals),
            swamps: avg(|b| b.swamps),
            dark_cities: avg(|b| b.dark_cities),
            watchers: avg(|b| b.watchers),
            travellers: avg(|b| b.travellers),
        },
        cancelled,
    }
}

/// A game a person plays action by action: what the board screen drives.
///
/// The state is a small `Copy` value; every applied action keeps the state
/// before it, so [`SoloGame::undo`] steps back one decision at a time.
#[derive(Clone, Debug)]
pub struct SoloGame {
    seed: u64,
    state: Solo,
    history: Vec<(Solo, Step)>,
}

impl SoloGame {
    /// A new game dealt from `seed`.
    pub fn new(c: &Components, seed: u64) -> Result<SoloGame, ComponentsError> {
        Ok(SoloGame {
            seed,
            state: Solo::deal(c, seed)?,
            history: Vec::new(),
        })
    }

    /// A game that goes on from `state` (a position set up from a scenario
    /// file): nothing to undo before it; `seed` seeds the hints.
    pub fn from_position(seed: u64, state: Solo) -> SoloGame {
        SoloGame {
            seed,
            state,
            history: Vec::new(),
        }
    }

    /// The game dealt from `seed` with `actions` played in order: how a game
    /// in progress is brought back (the deal and the rules are deterministic,
    /// so the state, the log and the undo history come back as they were).
    /// The first action that no longer applies (the catalog changed) is
    /// named.
    pub fn replay(c: &Components, seed: u64, actions: &[Action]) -> Result<SoloGame, ReplayError> {
        let mut game = SoloGame::new(c, seed)?;
        for (n, &action) in actions.iter().enumerate() {
            game.apply(c, action)
                .map_err(|error| ReplayError::Refused {
                    number: n + 1,
                    action,
                    error,
                })?;
        }
        Ok(game)
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The actions played so far, oldest first (what [`SoloGame::replay`]
    /// takes).
    pub fn actions(&self) -> impl Iterator<Item = Action> + '_ {
        self.history.iter().map(|(_, s)| s.action)
    }

    /// The current state: World, stacks, hand, Travellers, phase.
    pub fn state(&self) -> &Solo {
        &self.state
    }

    /// Every legal action now.
    pub fn legal_actions(&self, c: &Components) -> Vec<Action> {
        let mut out = Vec::new();
        self.state.legal_actions(c, &mut out);
        out
    }

    /// Plays an action; an illegal one changes nothing and names the rule.
    pub fn apply(&mut self, c: &Components, a: Action) -> Result<&[Event], IllegalMove> {
        let before = self.state;
        let mut events = Vec::new();
        self.state.apply(c, a, &mut events)?;
        self.history.push((before, Step { action: a, events }));
        Ok(&self.history[self.history.len() - 1].1.events)
    }

    /// Takes back the last action; false when there is none, or when that
    /// action revealed cards ([`SoloGame::can_undo`]).
    pub fn undo(&mut self) -> bool {
        if !self.can_undo() {
            return false;
        }
        match self.history.pop() {
            Some((before, _)) => {
                self.state = before;
                true
            }
            None => false,
        }
    }

    /// Whether the last action may be taken back. Not once it revealed the
    /// rest of the stack in hand ("Put the face up card in your play area,
    /// then reveal the 2 other cards", p.11): stepping back past a reveal
    /// would let the player place the first card again knowing the cards
    /// the rules keep face down until then (issue 29).
    pub fn can_undo(&self) -> bool {
        self.history.last().is_some_and(|(_, step)| {
            !step
                .events
                .iter()
                .any(|e| matches!(e, Event::Revealed { .. }))
        })
    }

    /// The actions played so far and their events.
    pub fn log(&self) -> impl Iterator<Item = &Step> {
        self.history.iter().map(|(_, s)| s)
    }

    /// The live score.
    pub fn score(&self, c: &Components) -> Breakdown {
        self.state.score(c)
    }

    /// What the search player would do now (the same answer for the same
    /// position and game).
    pub fn hint(&self, c: &Components) -> Option<Action> {
        hint(
            &self.state,
            c,
            game_seed(player_seed(self.seed), self.history.len() as u64),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summaries_count_every_game() {
        let c = sample();
        let b = |total| Breakdown {
            total,
            mountains: total,
            ..Breakdown::default()
        };
        let cfg = RunConfig {
            games: 4,
            seed: 1,
            player: PlayerKind::Greedy,
        };
        let s = summarize(
            &c,
            cfg,
            &[(10, b(60)), (11, b(82)), (12, b(71)), (13, b(71))],
            false,
        );
        assert_eq!((s.min, s.max, s.min_seed, s.max_seed), (60, 82, 10, 11));
        assert_eq!(s.median, 71.0);
        assert_eq!(s.mean, 71.0);
        assert_eq!(s.parts.mountains, 71.0);
        assert_eq!(s.histogram.get(&71), Some(&2));
        let games: Vec<usize> = s.ratings.iter().map(|r| r.games).collect();
        assert_eq!(games, vec![1, 0, 2, 1, 0]);
        let odd = summarize(&c, cfg, &[(1, b(50)), (2, b(70)), (3, b(90))], false);
        assert_eq!(odd.median, 70.0);
        let none = summarize(&c, cfg, &[], true);
        assert_eq!((none.games, none.mean, none.cancelled), (0, 0.0, true));
    }

    use crate::engine::solo::sample;

    #[test]
    fn a_game_replays_from_its_seed_and_actions() {
        let c = sample();
        let record = play(&c, PlayerKind::Greedy, 9).unwrap();
        let mut game = SoloGame::new(&c, 9).unwrap();
        for step in record.steps.iter().take(10) {
            game.apply(&c, step.action).unwrap();
        }
        let actions: Vec<Action> = game.actions().collect();
        assert_eq!(actions.len(), 10);
        let again = SoloGame::replay(&c, 9, &actions).unwrap();
        assert_eq!(again.state(), game.state());
        assert_eq!(
            again.log().collect::<Vec<_>>(),
            game.log().collect::<Vec<_>>()
        );
        assert_eq!(again.hint(&c), game.hint(&c), "the same hint, too");
        // undo steps back through the replayed actions
        let mut back = again.clone();
        assert!(back.undo());
        assert_eq!(back.actions().count(), 9);

        // on another deal the same actions stop where one no longer applies
        let e = SoloGame::replay(&c, 10, &actions).unwrap_err();
        match e {
            ReplayError::Refused { number, .. } => assert!((1..=10).contains(&number)),
            other => panic!("{other:?}"),
        }
        assert!(e.to_string().contains("no longer applies"), "{e}");
    }

    /// p.11 "Put the face up card in your play area, then reveal the 2 other
    /// cards": once they are revealed, undo does not step back before it.
    #[test]
    fn p11_undo_stops_at_the_reveal() {
        let c = sample();
        let mut game = SoloGame::new(&c, 4).unwrap();
        let first = |g: &SoloGame| g.legal_actions(&c)[0];
        game.apply(&c, first(&game)).unwrap();
        assert!(!game.state().hand_revealed());
        assert!(game.can_undo(), "taking a stack reveals nothing new");
        while !game.state().hand_revealed() {
            game.apply(&c, first(&game)).unwrap();
        }
        assert!(
            game.log()
                .last()
                .unwrap()
                .events
                .iter()
                .any(|e| matches!(e, Event::Revealed { .. }))
        );
        let revealed = *game.state();
        assert!(!game.can_undo());
        assert!(!game.undo(), "the reveal is not taken back");
        assert_eq!(*game.state(), revealed);
        // the placements after it may be taken back, down to the reveal
        game.apply(&c, first(&game)).unwrap();
        assert!(game.can_undo());
        assert!(game.undo());
        assert_eq!(*game.state(), revealed);
        assert!(!game.undo());
        // a replayed game keeps the same stop
        let actions: Vec<Action> = game.actions().collect();
        let mut again = SoloGame::replay(&c, 4, &actions).unwrap();
        assert!(!again.undo());
    }
}
