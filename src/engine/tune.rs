//! Deck tuning (issue 28): search the pool of cards for the changes to a
//! deck that win more, and prove the gain on games the search never saw.
//!
//! **The objective.** Against opponents: the win rate (a draw or an
//! unfinished game counts half), the opponents weighted equally. With no
//! opponent: the goldfish kill turn (lower is better; a game the deck does
//! not win counts as one turn past the limit).
//!
//! **The search** is a hill climb over legal decks. A step lists the
//! neighbours of the deck it stands on — one copy of a card swapped for one
//! copy of another card of the pool (which also changes copy counts: a
//! second copy of a card in for the last copy of another), and every copy
//! of a card swapped for as many of a card of the same type whose cost is
//! within one — and keeps the ones that pass the game's construction rules
//! (in the mode the starting deck was checked in) and, with the collection
//! as the pool, the copies owned. Up to [`SAMPLE`] of them are raced on
//! common random numbers: each round every surviving candidate and the deck
//! itself play the same fresh games (same deals, same dice; seeds alternate),
//! the candidates are ranked by their mean paired difference to the deck and
//! the worse half is dropped, and the next round doubles the games, so a poor
//! candidate costs a few dozen games. The race's winner is then played on a
//! fresh batch four times the last round's size and taken only if its gain
//! there is above zero by [`ACCEPT_Z`] standard errors (the race's own games
//! are not used: the winner of many noisy comparisons looks better than it
//! is). When [`STALE_STEPS`] steps in a row find nothing, the deck is a local
//! optimum: it is kept, and the climb restarts from the best optimum found so
//! far moved by [`KICK`] random legal swaps. When the budget is spent, the
//! optima (and the starting deck) meet once more on a fresh batch and the best
//! one is the search's answer.
//!
//! **The proof.** The answer and the starting deck play `proof_games` games
//! on seeds drawn from a stream the search never touched, paired game by game;
//! the gain's 95% confidence interval is the paired mean's (normal
//! approximation). A change is suggested only when the interval's lower bound
//! is above zero; otherwise the report says no change was found that wins more
//! and gives the deck back unchanged. Each suggested swap's own effect is
//! measured on the same proof games (the starting deck with only that swap,
//! when that deck is legal on its own).
//!
//! **The strong level's look.** Tuned against the quick player, a suggested
//! change is played once more by the strong player on both sides (the
//! config's `think` a move), the answer and the starting deck on the same fresh
//! games of a third seed stream, for as long as [`Confirm`] allows (by
//! default a quarter of a time budget, after the proof): the report gives
//! that gain with its interval beside the quick one. It does not decide what
//! is suggested — the strong player is hundreds of times slower, so its
//! interval is wide — it says whether a stronger player agrees.
//!
//! **Reproducible**: with a budget in games the search's path depends only on
//! the seed (the candidates run in parallel; their results are gathered in
//! order), so the same seed gives the same answer on any thread count.

use std::collections::HashSet;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use rayon::prelude::*;
use serde::Serialize;

use crate::model::{Board, Catalog, Collection, Deck, DeckEntry, GameId};
use crate::rules::CheckOptions;

use super::core::{Rng, Seat, below, game_seed, rng};
use super::game::{Level, Think};
use super::matchup::{MatchConfig, Seats};
use super::run::{Progress, RunConfig, RunError};
use super::session::{DeckSide, Engine, EngineError, EngineOptions};
use super::{DeckCards, compile};

/// Neighbours raced in one step (a random sample when there are more).
pub const SAMPLE: usize = 96;
/// Games each candidate plays against each opponent in a race's first round.
const FIRST_ROUND: u64 = 16;
/// Games a side when two decks meet to pick the better.
const PICK_GAMES: u64 = 256;
/// Games a side when a swap of the answer is checked for taking back.
const PRUNE_GAMES: u64 = 512;
/// Standard errors a race winner's confirmed gain must clear.
const ACCEPT_Z: f64 = 1.0;
/// Steps in a row without a change that make a local optimum.
const STALE_STEPS: u32 = 2;
/// Random swaps that move a restart away from the best optimum.
const KICK: u32 = 2;
/// Salts of the seed streams: the search's batches and the proof never meet.
const SEARCH_SALT: u64 = 0x7E5E_A6C4_0000_0001;
const PROOF_SALT: u64 = 0x960F_0F00_0000_0002;
const STRONG_SALT: u64 = 0x5760_0C0F_0000_0003;
/// The z of a two-sided 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

/// What the search maximises.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Objective {
    /// The win rate against the opponents.
    WinRate,
    /// The goldfish kill turn (lower is better).
    KillTurn,
}

/// How long the search may run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// Games played by the search (the proof not counted): reproducible.
    Games(u64),
    /// Wall time for the search (the proof comes after).
    Time(Duration),
}

/// How long the strong level looks at a suggested change (see the module
/// docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Confirm {
    /// No look.
    Off,
    /// This many games a deck (split among the opponents): reproducible.
    Games(u64),
    /// As many games as fit in this wall time.
    Time(Duration),
}

/// The strong level's look at the answer.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct StrongCheck {
    /// Games a deck.
    pub games: u64,
    pub before: Estimate,
    pub after: Estimate,
    /// After minus before, paired game by game.
    pub gain: Estimate,
}

impl Objective {
    /// A gain with its interval: "+1.2 points (95% CI +0.4 to +2.0)" or
    /// "+0.35 turns sooner (95% CI ...)" — what the CLI and the app print.
    pub fn gain_text(self, e: &Estimate) -> String {
        match self {
            Objective::WinRate => format!(
                "{:+.1} points (95% CI {:+.1} to {:+.1})",
                100.0 * e.value,
                100.0 * e.ci95[0],
                100.0 * e.ci95[1]
            ),
            Objective::KillTurn => format!(
                "{:+.2} turns sooner (95% CI {:+.2} to {:+.2})",
                e.value, e.ci95[0], e.ci95[1]
            ),
        }
    }
}

impl StrongCheck {
    /// The look in one line: its gain, games and [`StrongCheck::verdict`].
    pub fn summary(&self, objective: Objective) -> String {
        format!(
            "{} on {} games a deck, both sides strong ({})",
            objective.gain_text(&self.gain),
            self.games,
            self.verdict()
        )
    }

    /// What the strong level's gain says of the quick one.
    pub fn verdict(&self) -> &'static str {
        if self.gain.ci95[0] > 0.0 {
            "the strong player agrees"
        } else if self.gain.ci95[1] < 0.0 {
            "the strong player disagrees"
        } else {
            "too few games to tell"
        }
    }
}

/// Which cards may come in.
#[derive(Clone, Debug, PartialEq)]
pub enum Pool {
    /// Every card of the catalog, as many copies as the rules allow.
    Catalog,
    /// The cards owned: no card above the copies owned (or above what the
    /// starting deck already holds, when that is more).
    Collection(Collection),
}

/// The tuner's settings.
#[derive(Clone, Debug)]
pub struct TuneConfig {
    /// The computer's level on both sides of every game.
    pub level: Level,
    pub think: Think,
    pub budget: Budget,
    pub seed: u64,
    /// Worker threads; `None`: every core.
    pub threads: Option<usize>,
    /// Games of the proof for each deck measured, split among the opponents.
    pub proof_games: u64,
    /// The strong level's look at a suggested change (quick tuning against
    /// opponents only).
    pub confirm: Confirm,
    /// The construction rules' options (mode, player count, overrides).
    pub check: CheckOptions,
    pub engine: EngineOptions,
}

/// An opponent: its deck, from the same catalog.
#[derive(Clone, Debug)]
pub struct Opponent {
    /// How the report names it (its file).
    pub name: String,
    pub deck: Deck,
}

/// A measured value with its 95% confidence interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Estimate {
    pub value: f64,
    pub ci95: [f64; 2],
}

/// One suggested swap.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Change {
    pub out: String,
    #[serde(rename = "in")]
    pub into: String,
    pub copies: u32,
    /// The swap's own gain on the proof games (the starting deck with only
    /// this swap), or `None` when that deck is not legal alone.
    pub effect: Option<Estimate>,
}

/// What the search found but the proof did not confirm.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Unproven {
    pub changes: Vec<Change>,
    pub gain: Estimate,
}

/// The tuner's answer (formats.md §7).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TuneReport {
    pub game: GameId,
    pub objective: Objective,
    /// The starting deck on the proof games.
    pub before: Estimate,
    /// The suggested deck on the same games (the starting deck when nothing
    /// is suggested).
    pub after: Estimate,
    /// After minus before for the win rate; before minus after for the kill
    /// turn (turns saved): above zero is better.
    pub gain: Estimate,
    pub changes: Vec<Change>,
    /// The suggested deck's main board, "N Name" lines.
    pub deck: Vec<String>,
    /// Whether a change is suggested (the gain's lower bound above zero).
    pub suggested: bool,
    /// The search's best deck when the proof turned it down.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unproven: Option<Unproven>,
    /// The strong level's look at the suggested change, when it had games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub strong: Option<StrongCheck>,
    pub search_games: u64,
    pub proof_games: u64,
    pub seed: u64,
    pub level: &'static str,
    pub opponents: Vec<String>,
    /// Steps of the climb, candidates raced, restarts.
    pub steps: u32,
    pub candidates: u64,
    pub restarts: u32,
    /// The deck the answer is (for saving it).
    #[serde(skip)]
    pub tuned: Deck,
}

/// Why the tuner cannot run.
#[derive(Debug, thiserror::Error)]
pub enum TuneError {
    #[error(
        "{0} has no deck to tune: its land deck is fixed by the player count and the solo mode plays it as dealt"
    )]
    NotTunable(GameId),
    #[error("{name}: this is a {theirs} deck; the deck to tune is a {ours} deck")]
    OtherGame {
        name: String,
        theirs: GameId,
        ours: GameId,
    },
    #[error("{name}: {message}")]
    Opponent { name: String, message: String },
    #[error("the deck to tune breaks its construction rules: {}", .0.join("; "))]
    Illegal(Vec<String>),
    #[error(
        "the pool is empty: the collection holds no card of this catalog (record what you own with `deckwright collection set`, or tune with --pool catalog)"
    )]
    EmptyPool,
    #[error("{0}")]
    Deck(String),
    #[error(transparent)]
    Run(#[from] RunError),
}

/// A deck as copies per catalog card (main board).
type Build = Vec<u32>;

/// How a step of the climb ended.
enum Step {
    /// To the race's confirmed winner.
    Moved(Build),
    /// No neighbour gained.
    Stuck,
    /// The budget cannot pay for the step: the climb is over.
    Spent,
}

struct Tuner<'a> {
    catalog: &'a Catalog,
    start_deck: &'a Deck,
    cfg: &'a TuneConfig,
    check: CheckOptions,
    opponents: Vec<DeckCards>,
    /// Most copies of each card the pool allows.
    limit: Vec<u32>,
    objective: Objective,
    /// Search games played.
    games: u64,
    /// Batches of the search's stream used.
    batch: u64,
    began: Instant,
    progress: &'a Progress<'a>,
    /// Steps of the climb, candidates raced, restarts.
    stats: (u32, u64, u32),
}

/// Tunes `deck` (see the module docs).
pub fn tune(
    catalog: &Catalog,
    deck: &Deck,
    opponents: &[Opponent],
    pool: &Pool,
    cfg: &TuneConfig,
    progress: &Progress<'_>,
) -> Result<TuneReport, TuneError> {
    super::run::in_pool(cfg.threads, || {
        tune_here(catalog, deck, opponents, pool, cfg, progress)
    })?
}

fn tune_here(
    catalog: &Catalog,
    deck: &Deck,
    opponents: &[Opponent],
    pool: &Pool,
    cfg: &TuneConfig,
    progress: &Progress<'_>,
) -> Result<TuneReport, TuneError> {
    let game = catalog.game;
    if game == GameId::StrangeWorld {
        return Err(TuneError::NotTunable(game));
    }
    if super::plugin(game).is_none() {
        return Err(TuneError::Run(RunError::NoEngine(format!(
            "{game} has no engine to play its games"
        ))));
    }
    // the rules in the starting deck's mode, for every candidate
    let report =
        super::validate(catalog, deck, &cfg.check).map_err(|e| TuneError::Deck(e.to_string()))?;
    if !report.legal {
        return Err(TuneError::Illegal(
            report
                .violations
                .iter()
                .map(|v| v.message.clone())
                .collect(),
        ));
    }
    let mut check = cfg.check.clone();
    if check.mode.is_none() {
        check.mode = report.mode;
    }
    let mut opp_cards = Vec::new();
    for o in opponents {
        if let Some(g) = o.deck.game
            && g != game
        {
            return Err(TuneError::OtherGame {
                name: o.name.clone(),
                theirs: g,
                ours: game,
            });
        }
        let cards = compile(catalog, &o.deck).map_err(|e| TuneError::Opponent {
            name: o.name.clone(),
            message: format!("{e} (is it a deck of another game than {game}?)"),
        })?;
        opp_cards.push(cards);
    }
    let start = build_of(catalog, deck).map_err(TuneError::Deck)?;
    let limit: Vec<u32> = match pool {
        Pool::Catalog => vec![u32::MAX; catalog.cards.len()],
        Pool::Collection(col) => {
            let owned: Vec<u32> = catalog.cards.iter().map(|c| col.owned(&c.id)).collect();
            if owned.iter().all(|&n| n == 0) {
                return Err(TuneError::EmptyPool);
            }
            owned.iter().zip(&start).map(|(&o, &s)| o.max(s)).collect()
        }
    };
    let mut t = Tuner {
        catalog,
        start_deck: deck,
        cfg,
        check,
        opponents: opp_cards,
        limit,
        objective: if opponents.is_empty() {
            Objective::KillTurn
        } else {
            Objective::WinRate
        },
        games: 0,
        batch: 0,
        began: Instant::now(),
        progress,
        stats: (0, 0, 0),
    };
    // the starting deck must play (a deck the engine cannot deal is an error)
    t.engines(&start)?;
    let found = t.search(&start)?;
    // a cancel (Ctrl+C, the app's Cancel) stops here: no proof, no answer
    if progress.cancel.load(Ordering::Relaxed) {
        let (done, total) = t.budget_progress();
        return Err(TuneError::Run(RunError::Cancelled { done, total }));
    }
    let mut report = t.prove(&start, &found)?;
    if report.suggested && t.objective == Objective::WinRate && cfg.level == Level::Quick {
        report.strong = t.strong_check(&start, &found)?;
    }
    report.opponents = opponents.iter().map(|o| o.name.clone()).collect();
    Ok(report)
}

/// The starting deck's main board as copies per catalog card, read as
/// validation reads it ([`crate::rules::resolve`]).
fn build_of(catalog: &Catalog, deck: &Deck) -> Result<Build, String> {
    let resolved = crate::rules::resolve(deck, catalog);
    if !resolved.violations.is_empty() {
        let messages: Vec<String> = resolved.violations.into_iter().map(|v| v.message).collect();
        return Err(messages.join("; "));
    }
    let mut b = vec![0u32; catalog.cards.len()];
    for line in &resolved.main {
        if let Some(i) = line.card {
            b[i] += line.count;
        }
    }
    Ok(b)
}

impl Tuner<'_> {
    /// `b` as a deck list: the starting deck's other boards kept, each card
    /// under the section the game gives its type.
    fn deck(&self, b: &Build) -> Deck {
        let mut entries: Vec<DeckEntry> = b
            .iter()
            .enumerate()
            .filter(|&(_, &n)| n > 0)
            .map(|(i, &n)| {
                let card = &self.catalog.cards[i];
                let mut e = DeckEntry::new(n, card.name.clone());
                e.id = Some(card.id.clone());
                e
            })
            .collect();
        entries.extend(
            self.start_deck
                .entries
                .iter()
                .filter(|e| e.board != Board::Main)
                .cloned(),
        );
        Deck {
            name: self.start_deck.name.clone(),
            game: self.start_deck.game,
            entries,
            notes: Vec::new(),
        }
    }

    fn legal(&self, b: &Build) -> bool {
        b.iter().zip(&self.limit).all(|(n, l)| n <= l)
            && super::validate(self.catalog, &self.deck(b), &self.check).is_ok_and(|r| r.legal)
    }

    /// `b` compiled against each opponent (or alone, for the goldfish).
    fn engines(&self, b: &Build) -> Result<Vec<Engine>, TuneError> {
        let cards =
            compile(self.catalog, &self.deck(b)).map_err(|e| TuneError::Deck(e.to_string()))?;
        let side = |c| DeckSide {
            catalog: self.catalog,
            cards: c,
        };
        let setup = |e: EngineError| TuneError::Deck(e.to_string());
        if self.opponents.is_empty() {
            return Ok(vec![
                Engine::from_cards(self.catalog, &cards, &self.cfg.engine).map_err(setup)?,
            ]);
        }
        self.opponents
            .iter()
            .map(|o| Engine::versus(side(&cards), Some(side(o)), &self.cfg.engine).map_err(setup))
            .collect()
    }

    /// Scores of `n` games of one engine (the deck against one opponent,
    /// or alone) from `seed`, higher better: half points, or minus the kill
    /// turn (a game not won: the turn limit plus one).
    fn scores(&self, e: &Engine, seed: u64, n: u64) -> Result<Vec<i32>, TuneError> {
        Ok(match self.objective {
            Objective::WinRate => {
                let cfg = MatchConfig {
                    games: n,
                    seed,
                    levels: [self.cfg.level; 2],
                    think: [self.cfg.think; 2],
                    seats: Seats::Alternate,
                    threads: None,
                };
                e.match_scores(&cfg, 0..n)?
                    .into_iter()
                    .map(i32::from)
                    .collect()
            }
            Objective::KillTurn => {
                let cfg = RunConfig {
                    games: n,
                    seed,
                    seat: Seat::First,
                    threads: None,
                };
                let miss = -(i32::from(self.cfg.engine.max_turns) + 1);
                e.kill_turns(&cfg, 0..n)?
                    .into_iter()
                    .map(|k| if k == 0 { miss } else { -i32::from(k) })
                    .collect()
            }
        })
    }

    /// Every deck of `builds` compiled (in parallel), in order.
    fn compile_all(&self, builds: &[&Build]) -> Result<Vec<Vec<Engine>>, TuneError> {
        builds.par_iter().map(|b| self.engines(b)).collect()
    }

    /// Scores of every deck of `builds` on the same `n` games a side from
    /// `seed`, played in parallel, in order.
    fn race_round(&self, builds: &[&Build], seed: u64, n: u64) -> Result<Vec<Vec<i32>>, TuneError> {
        let engines = self.compile_all(builds)?;
        self.play_round(&engines, seed, n)
    }

    /// [`Tuner::race_round`] for decks already compiled.
    fn play_round(
        &self,
        engines: &[Vec<Engine>],
        seed: u64,
        n: u64,
    ) -> Result<Vec<Vec<i32>>, TuneError> {
        let jobs: Vec<(usize, usize)> = (0..engines.len())
            .flat_map(|i| (0..engines[i].len()).map(move |k| (i, k)))
            .collect();
        let parts: Vec<Result<Vec<i32>, TuneError>> = jobs
            .par_iter()
            .map(|&(i, k)| self.scores(&engines[i][k], game_seed(seed, k as u64), n))
            .collect();
        let mut out: Vec<Vec<i32>> = vec![Vec::new(); engines.len()];
        for (&(i, _), p) in jobs.iter().zip(parts) {
            out[i].extend(p?);
        }
        Ok(out)
    }

    fn sides(&self) -> u64 {
        self.opponents.len().max(1) as u64
    }

    fn next_seed(&mut self) -> u64 {
        self.batch += 1;
        game_seed(self.cfg.seed ^ SEARCH_SALT, self.batch)
    }

    /// Whether `more` search games still fit the budget (and no cancel).
    fn fits(&self, more: u64) -> bool {
        if self.progress.cancel.load(Ordering::Relaxed) {
            return false;
        }
        match self.cfg.budget {
            Budget::Games(n) => self.games + more <= n,
            Budget::Time(d) => self.began.elapsed() < d,
        }
    }

    /// Whether the climb may take `more` games: it leaves a tenth of a games
    /// budget, or 15% of a time budget, for the final pick and pruning.
    fn climbing(&self, more: u64) -> bool {
        match self.cfg.budget {
            Budget::Games(n) => self.fits(more + n / 10),
            Budget::Time(d) => self.fits(more) && self.began.elapsed() < d.mul_f64(0.85),
        }
    }

    fn report_progress(&self) {
        let (done, total) = self.budget_progress();
        (self.progress.on_progress)(done, total);
    }

    /// How much of the budget is spent: (games, games) or (ms, ms).
    fn budget_progress(&self) -> (u64, u64) {
        match self.cfg.budget {
            Budget::Games(n) => (self.games.min(n), n),
            Budget::Time(d) => (
                (self.began.elapsed().as_millis() as u64).min(d.as_millis() as u64),
                d.as_millis() as u64,
            ),
        }
    }

    /// The legal neighbours of `b` (see the module docs), distinct, in a
    /// fixed order.
    fn neighbours(&self, b: &Build) -> Vec<Build> {
        let cards = &self.catalog.cards;
        let mut seen: HashSet<Build> = HashSet::new();
        let mut out = Vec::new();
        let mut push = |nb: Build, out: &mut Vec<Build>| {
            if nb != *b && !seen.contains(&nb) {
                seen.insert(nb.clone());
                if self.legal(&nb) {
                    out.push(nb);
                }
            }
        };
        for (o, &n) in b.iter().enumerate() {
            if n == 0 {
                continue;
            }
            for i in 0..cards.len() {
                if i == o || b[i] >= self.limit[i] {
                    continue;
                }
                let mut nb = b.clone();
                nb[o] -= 1;
                nb[i] += 1;
                push(nb, &mut out);
                // every copy for a card of the same type and a similar cost
                let (co, ci) = (&cards[o], &cards[i]);
                let similar = co.card_type == ci.card_type
                    && match (co.cost, ci.cost) {
                        (Some(x), Some(y)) => (x - y).abs() <= 1,
                        (None, None) => true,
                        _ => false,
                    };
                if n > 1 && similar && b[i].saturating_add(n) <= self.limit[i] {
                    let mut nb = b.clone();
                    nb[o] = 0;
                    nb[i] += n;
                    push(nb, &mut out);
                }
            }
        }
        out
    }

    /// One step of the climb from `here`: the race's winner when its
    /// confirmed gain clears [`ACCEPT_Z`].
    fn step(
        &mut self,
        here: &Build,
        prng: &mut Rng,
        candidates: &mut u64,
    ) -> Result<Step, TuneError> {
        let mut pool = self.neighbours(here);
        if pool.is_empty() {
            // no legal deck one swap away: nothing to climb
            return Ok(Step::Spent);
        }
        if pool.len() > SAMPLE {
            // a partial shuffle: the first SAMPLE are a uniform sample
            for i in 0..SAMPLE {
                let j = i + below(prng, (pool.len() - i) as u32) as usize;
                pool.swap(i, j);
            }
            pool.truncate(SAMPLE);
        }
        *candidates += pool.len() as u64;
        // (candidate, sum of paired differences, sum of squares, games)
        let here_engines = self.engines(here)?;
        let compiled = self.compile_all(&pool.iter().collect::<Vec<_>>())?;
        // (candidate, its engines, sum of paired differences, sum of squares, games)
        let mut alive: Vec<(Build, Vec<Engine>, f64, f64, u64)> = pool
            .into_iter()
            .zip(compiled)
            .map(|(b, e)| (b, e, 0.0, 0.0, 0))
            .collect();
        let mut n = FIRST_ROUND;
        loop {
            let cost = n * (alive.len() as u64 + 1) * self.sides();
            if !self.climbing(cost) {
                return Ok(Step::Spent);
            }
            let seed = self.next_seed();
            let mut engines: Vec<Vec<Engine>> = vec![here_engines.clone()];
            engines.extend(alive.iter().map(|a| a.1.clone()));
            let res = self.play_round(&engines, seed, n)?;
            self.games += cost;
            self.report_progress();
            let base = &res[0];
            for (a, s) in alive.iter_mut().zip(&res[1..]) {
                for (x, y) in s.iter().zip(base) {
                    let d = f64::from(x - y);
                    a.2 += d;
                    a.3 += d * d;
                }
                a.4 += s.len() as u64;
            }
            alive.sort_by(|a, b| {
                (b.2 / b.4 as f64)
                    .partial_cmp(&(a.2 / a.4 as f64))
                    .unwrap_or(std::cmp::Ordering::Equal)
            });
            if alive.len() == 1 {
                break;
            }
            alive.truncate(alive.len().div_ceil(2));
            n *= 2;
        }
        let (winner, winner_engines, sum, _, _) = alive.swap_remove(0);
        if sum <= 0.0 {
            return Ok(Step::Stuck);
        }
        // confirm on fresh games
        let m = 4 * n;
        let cost = 2 * m * self.sides();
        if !self.climbing(cost) {
            return Ok(Step::Spent);
        }
        let seed = self.next_seed();
        let res = self.play_round(&[here_engines, winner_engines], seed, m)?;
        self.games += cost;
        self.report_progress();
        let (mean, se) = paired(&res[0], &res[1]);
        Ok(if mean - ACCEPT_Z * se > 0.0 {
            Step::Moved(winner)
        } else {
            Step::Stuck
        })
    }

    /// Which of `a` and `b` scores more on a fresh batch of
    /// [`PICK_GAMES`] games a side (`a` on a tie, or when the budget has no
    /// room left).
    fn better(&mut self, a: &Build, b: &Build) -> Result<Build, TuneError> {
        if a == b || !self.fits(2 * PICK_GAMES * self.sides()) {
            return Ok(a.clone());
        }
        let seed = self.next_seed();
        let res = self.race_round(&[a, b], seed, PICK_GAMES)?;
        self.games += 2 * PICK_GAMES * self.sides();
        let (mean, _) = paired(&res[0], &res[1]);
        Ok(if mean > 0.0 { b.clone() } else { a.clone() })
    }

    /// The climb with restarts: the best local optimum found.
    fn search(&mut self, start: &Build) -> Result<Build, TuneError> {
        let mut prng = rng(self.cfg.seed ^ SEARCH_SALT ^ 0x005E_A4C4);
        let mut here = start.clone();
        let mut best: Option<Build> = None;
        let mut stale = 0;
        self.report_progress();
        while self.climbing(FIRST_ROUND * 2 * self.sides()) {
            self.stats.0 += 1;
            let mut tried = 0;
            let next = self.step(&here, &mut prng, &mut tried)?;
            self.stats.1 += tried;
            match next {
                Step::Moved(next) => {
                    here = next;
                    stale = 0;
                }
                Step::Stuck => {
                    stale += 1;
                    if stale < STALE_STEPS {
                        continue;
                    }
                    // a local optimum: keep the better of it and the best so far
                    best = Some(match best.take() {
                        None => here.clone(),
                        Some(b) => self.better(&b, &here)?,
                    });
                    // restart from the best, kicked
                    here = best.clone().unwrap_or_else(|| start.clone());
                    for _ in 0..KICK {
                        let nb = self.neighbours(&here);
                        if nb.is_empty() {
                            break;
                        }
                        here = nb[below(&mut prng, nb.len() as u32) as usize].clone();
                    }
                    self.stats.2 += 1;
                    stale = 0;
                }
                Step::Spent => break,
            }
        }
        let found = match best {
            None => here,
            Some(b) => self.better(&b, &here)?,
        };
        self.prune(start, found)
    }

    /// Takes back, one at a time, the swaps of `found` that do not pay on a
    /// fresh batch (a swap the climb took on noise, or one made useless by a
    /// later one).
    fn prune(&mut self, start: &Build, mut found: Build) -> Result<Build, TuneError> {
        'again: loop {
            for c in self.changes(start, &found) {
                let back = self.unapply(&found, &c);
                if !self.legal(&back) {
                    continue;
                }
                if !self.fits(2 * PRUNE_GAMES * self.sides()) {
                    return Ok(found);
                }
                let seed = self.next_seed();
                let res = self.race_round(&[&found, &back], seed, PRUNE_GAMES)?;
                self.games += 2 * PRUNE_GAMES * self.sides();
                if paired(&res[0], &res[1]).0 >= 0.0 {
                    found = back;
                    continue 'again;
                }
            }
            return Ok(found);
        }
    }

    /// The strong level's look at `found` against `start` (see the module
    /// docs): `None` when [`Confirm`] left no game.
    fn strong_check(&self, start: &Build, found: &Build) -> Result<Option<StrongCheck>, TuneError> {
        let (limit, deadline) = match self.cfg.confirm {
            Confirm::Off => return Ok(None),
            Confirm::Games(n) => (n.div_ceil(self.sides()), None),
            Confirm::Time(d) => (u64::MAX, Some(Instant::now() + d)),
        };
        let engines = self.compile_all(&[start, found])?;
        let seed = game_seed(self.cfg.seed ^ STRONG_SALT, 0);
        let cfg = |k: usize, games: u64| MatchConfig {
            games,
            seed: game_seed(seed, k as u64),
            levels: [Level::Strong; 2],
            think: [self.cfg.think; 2],
            seats: Seats::Alternate,
            threads: None,
        };
        let jobs: Vec<(usize, usize)> = (0..2)
            .flat_map(|i| (0..engines[i].len()).map(move |k| (i, k)))
            .collect();
        // a few games a job at a time, so a wall-time allowance is kept
        let chunk = 2u64;
        let mut res: [Vec<i32>; 2] = [Vec::new(), Vec::new()];
        let mut played = 0u64;
        while played < limit
            && !self.progress.cancel.load(Ordering::Relaxed)
            && deadline.is_none_or(|d| Instant::now() < d)
        {
            let n = chunk.min(limit - played);
            let parts: Vec<Result<Vec<u8>, RunError>> = jobs
                .par_iter()
                .map(|&(i, k)| engines[i][k].match_scores(&cfg(k, played + n), played..played + n))
                .collect();
            for (&(i, _), p) in jobs.iter().zip(parts) {
                res[i].extend(p?.into_iter().map(i32::from));
            }
            played += n;
        }
        if played == 0 {
            return Ok(None);
        }
        Ok(Some(StrongCheck {
            games: played * self.sides(),
            before: self.estimate(mean_se(&res[0])),
            after: self.estimate(mean_se(&res[1])),
            gain: self.gain_of(&res[0], &res[1]),
        }))
    }

    /// The gain of `other` over `base`, paired game by game, in the
    /// objective's units (above zero is better).
    fn gain_of(&self, base: &[i32], other: &[i32]) -> Estimate {
        let (mean, se) = paired(base, other);
        let k = if self.objective == Objective::WinRate {
            0.5
        } else {
            1.0
        };
        Estimate {
            value: k * mean,
            ci95: [k * (mean - Z95 * se), k * (mean + Z95 * se)],
        }
    }

    /// The proof (see the module docs) and the report.
    fn prove(&mut self, start: &Build, found: &Build) -> Result<TuneReport, TuneError> {
        let sides = self.sides();
        let m = self.cfg.proof_games.max(1).div_ceil(sides);
        let seed = game_seed(self.cfg.seed ^ PROOF_SALT, 0);
        let res = self.race_round(&[start, found], seed, m)?;
        let before = self.estimate(mean_se(&res[0]));
        let gain = self.gain_of(&res[0], &res[1]);
        let mut changes = self.changes(start, found);
        for c in &mut changes {
            let alone = self.apply(start, c);
            if alone == *found {
                c.effect = Some(gain);
            } else if self.legal(&alone) {
                let r = self.race_round(&[&alone], seed, m)?;
                c.effect = Some(self.gain_of(&res[0], &r[0]));
            }
        }
        let suggested = found != start && gain.ci95[0] > 0.0;
        let (after, changes, deck_build, unproven) = if suggested {
            (self.estimate(mean_se(&res[1])), changes, found, None)
        } else {
            let unproven = (found != start).then_some(Unproven { changes, gain });
            (before, Vec::new(), start, unproven)
        };
        let tuned = self.deck(deck_build);
        Ok(TuneReport {
            game: self.catalog.game,
            objective: self.objective,
            before,
            after,
            gain: if suggested {
                gain
            } else {
                Estimate {
                    value: 0.0,
                    ci95: [0.0, 0.0],
                }
            },
            changes,
            deck: tuned
                .board(Board::Main)
                .map(|e| format!("{} {}", e.count, e.name))
                .collect(),
            suggested,
            unproven,
            strong: None,
            search_games: self.games,
            proof_games: m * sides,
            seed: self.cfg.seed,
            level: self.cfg.level.name(),
            opponents: Vec::new(),
            steps: self.stats.0,
            candidates: self.stats.1,
            restarts: self.stats.2,
            tuned,
        })
    }

    /// A mean score with its standard error as the objective's value.
    fn estimate(&self, (mean, se): (f64, f64)) -> Estimate {
        match self.objective {
            Objective::WinRate => Estimate {
                value: mean / 2.0,
                ci95: [
                    ((mean - Z95 * se) / 2.0).max(0.0),
                    ((mean + Z95 * se) / 2.0).min(1.0),
                ],
            },
            Objective::KillTurn => Estimate {
                value: -mean,
                ci95: [-(mean + Z95 * se), -(mean - Z95 * se)],
            },
        }
    }

    /// The swaps from `start` to `found`: each card out paired with a card
    /// in, the same type and the closest cost first.
    fn changes(&self, start: &Build, found: &Build) -> Vec<Change> {
        let cards = &self.catalog.cards;
        let mut ins: Vec<(usize, u32)> = (0..cards.len())
            .filter(|&i| found[i] > start[i])
            .map(|i| (i, found[i] - start[i]))
            .collect();
        let mut out = Vec::new();
        for o in 0..cards.len() {
            let mut k = start[o].saturating_sub(found[o]);
            while k > 0 {
                let Some(j) = (0..ins.len()).filter(|&j| ins[j].1 > 0).min_by_key(|&j| {
                    let c = &cards[ins[j].0];
                    (
                        c.card_type != cards[o].card_type,
                        match (c.cost, cards[o].cost) {
                            (Some(x), Some(y)) => (x - y).abs(),
                            _ => i64::MAX,
                        },
                        ins[j].0,
                    )
                }) else {
                    break;
                };
                let copies = k.min(ins[j].1);
                ins[j].1 -= copies;
                k -= copies;
                out.push(Change {
                    out: cards[o].name.clone(),
                    into: cards[ins[j].0].name.clone(),
                    copies,
                    effect: None,
                });
            }
        }
        out
    }

    /// `found` without `c`.
    fn unapply(&self, found: &Build, c: &Change) -> Build {
        self.swap(found, &c.into, &c.out, c.copies)
    }

    /// `start` with only `c`.
    fn apply(&self, start: &Build, c: &Change) -> Build {
        self.swap(start, &c.out, &c.into, c.copies)
    }

    /// `b` with `copies` of the card named `out` exchanged for as many of
    /// the card named `into`.
    fn swap(&self, b: &Build, out: &str, into: &str, copies: u32) -> Build {
        let idx = |name: &str| self.catalog.cards.iter().position(|x| x.name == name);
        let mut b = b.clone();
        if let (Some(o), Some(i)) = (idx(out), idx(into)) {
            b[o] = b[o].saturating_sub(copies);
            b[i] += copies;
        }
        b
    }
}

/// Mean and standard error of the paired differences `b - a`.
fn paired(a: &[i32], b: &[i32]) -> (f64, f64) {
    let n = a.len().min(b.len());
    if n == 0 {
        return (0.0, f64::INFINITY);
    }
    let (mut s, mut ss) = (0.0, 0.0);
    for (x, y) in a.iter().zip(b) {
        let d = f64::from(y - x);
        s += d;
        ss += d * d;
    }
    let nf = n as f64;
    let mean = s / nf;
    let var = if n > 1 {
        (ss - s * s / nf) / (nf - 1.0)
    } else {
        f64::INFINITY
    };
    (mean, (var.max(0.0) / nf).sqrt())
}

/// Mean and standard error of `a`.
fn mean_se(a: &[i32]) -> (f64, f64) {
    paired(&vec![0; a.len()], a)
}
