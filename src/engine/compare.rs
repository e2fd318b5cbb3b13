//! A/B comparison and card importance, both on common random numbers: game
//! *i* of every deck is dealt from the same seed `game_seed(S, i)`, so two
//! decks (or a deck and its variant) are compared game by game, which makes
//! the paired differences far less noisy than two independent runs.
//!
//! **Card importance** takes each distinct card of the deck in turn, replaces
//! *one* copy of it with a blank card (a card that does nothing and cannot be
//! played — in Bizarre World it can still be sacrificed as a resource; in a
//! Rizontical Fighter deck it is a Fighter with 0 ATK and 1 HP), re-runs the
//! same seeds and ranks the cards by the change in mean kill turn. A blank
//! keeps the deck size, so the draw schedule, the duel size and the odds of
//! drawing every other card stay the same, and the change measures what that
//! one copy contributes over a dead draw. (Removing the copy outright would
//! also change the deck size — illegal for fixed-size decks — and replacing it
//! with another card of the deck would measure that card as much as this one.)

use serde::Serialize;

use super::run::{Progress, RunConfig, RunError, Summary, Tally};
use super::session::Engine;

/// Paired differences over games both decks won: `b - a` kill turns.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Paired {
    /// Games both won.
    pub both_won: u64,
    pub only_a_won: u64,
    pub only_b_won: u64,
    /// Of the games both won: B killed earlier, on the same turn, later.
    pub b_faster: u64,
    pub same: u64,
    pub b_slower: u64,
    /// Mean of (B's kill turn - A's), over the games both won.
    pub mean_difference: Option<f64>,
    /// 95% confidence interval of that mean.
    pub ci95: Option<[f64; 2]>,
}

impl Paired {
    /// Pairs per-game kill turns (0 = no win).
    pub fn of(a: &[u16], b: &[u16]) -> Paired {
        let mut p = Paired {
            both_won: 0,
            only_a_won: 0,
            only_b_won: 0,
            b_faster: 0,
            same: 0,
            b_slower: 0,
            mean_difference: None,
            ci95: None,
        };
        let (mut sum, mut sum_sq) = (0f64, 0f64);
        for (&x, &y) in a.iter().zip(b) {
            match (x > 0, y > 0) {
                (true, true) => {
                    p.both_won += 1;
                    let d = f64::from(y) - f64::from(x);
                    sum += d;
                    sum_sq += d * d;
                    match y.cmp(&x) {
                        std::cmp::Ordering::Less => p.b_faster += 1,
                        std::cmp::Ordering::Equal => p.same += 1,
                        std::cmp::Ordering::Greater => p.b_slower += 1,
                    }
                }
                (true, false) => p.only_a_won += 1,
                (false, true) => p.only_b_won += 1,
                (false, false) => {}
            }
        }
        if p.both_won > 0 {
            let n = p.both_won as f64;
            let mean = sum / n;
            let var = if p.both_won > 1 {
                ((sum_sq - n * mean * mean) / (n - 1.0)).max(0.0)
            } else {
                0.0
            };
            let half = 1.96 * (var / n).sqrt();
            p.mean_difference = Some(mean);
            p.ci95 = Some([mean - half, mean + half]);
        }
        p
    }
}

/// Two decks on the same seeds.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Comparison {
    pub a: Summary,
    pub b: Summary,
    pub paired: Paired,
    /// B's win rate minus A's.
    pub win_rate_difference: f64,
}

/// One card's importance.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CardImportance {
    pub card: String,
    pub copies: usize,
    /// Mean kill turn with one copy replaced by a blank.
    pub mean_kill_turn: Option<f64>,
    /// That minus the deck's own mean (paired over games both won): how many
    /// turns slower the deck kills without the copy. Larger = more important.
    pub kill_turn_change: Option<f64>,
    pub ci95: Option<[f64; 2]>,
    /// Win rate without the copy minus the deck's.
    pub win_rate_change: f64,
}

/// Every distinct card's importance, most important first.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Importance {
    pub games: u64,
    pub seed: u64,
    pub replaced_with: &'static str,
    pub cards: Vec<CardImportance>,
}

/// Runs one engine with progress offset by the games already played.
fn tally_offset(
    engine: &Engine,
    cfg: &RunConfig,
    progress: &Progress<'_>,
    before: u64,
    total: u64,
) -> Result<Tally, RunError> {
    let report = |done: u64, _: u64| (progress.on_progress)(before + done, total);
    let inner = Progress {
        on_progress: &report,
        cancel: progress.cancel,
    };
    engine.tally(cfg, &inner, true).map_err(|e| match e {
        RunError::Cancelled { done, .. } => RunError::Cancelled {
            done: before + done,
            total,
        },
        other => other,
    })
}

impl Engine {
    /// A/B: this deck (A) against `other` (B) on the same seeds.
    pub fn compare(
        &self,
        other: &Engine,
        cfg: &RunConfig,
        progress: &Progress<'_>,
    ) -> Result<Comparison, RunError> {
        let total = cfg.games * 2;
        let ta = tally_offset(self, cfg, progress, 0, total)?;
        let tb = tally_offset(other, cfg, progress, cfg.games, total)?;
        let (a, b) = (self.summary(cfg, &ta), other.summary(cfg, &tb));
        Ok(Comparison {
            paired: Paired::of(&ta.per_game, &tb.per_game),
            win_rate_difference: b.win_rate - a.win_rate,
            a,
            b,
        })
    }

    /// The deck's report, and each distinct card's importance.
    pub fn importance(
        &self,
        cfg: &RunConfig,
        progress: &Progress<'_>,
    ) -> Result<(Summary, Importance), RunError> {
        let cards = self.distinct();
        let total = cfg.games * (1 + cards.len() as u64);
        let base = tally_offset(self, cfg, progress, 0, total)?;
        let summary = self.summary(cfg, &base);
        let mut out = Vec::with_capacity(cards.len());
        for (i, (def, name, copies)) in cards.into_iter().enumerate() {
            let variant = self.without_one(def);
            let t = tally_offset(&variant, cfg, progress, cfg.games * (1 + i as u64), total)?;
            let s = variant.summary(cfg, &t);
            let paired = Paired::of(&base.per_game, &t.per_game);
            out.push(CardImportance {
                card: name,
                copies,
                mean_kill_turn: s.kill_turn.mean,
                kill_turn_change: paired.mean_difference,
                ci95: paired.ci95,
                win_rate_change: s.win_rate - summary.win_rate,
            });
        }
        // most important first: the largest slow-down, then the largest loss of wins
        out.sort_by(|a, b| {
            let key = |c: &CardImportance| {
                (
                    c.kill_turn_change.unwrap_or(f64::INFINITY),
                    -c.win_rate_change,
                )
            };
            key(b)
                .partial_cmp(&key(a))
                .unwrap_or(std::cmp::Ordering::Equal)
                .then(a.card.cmp(&b.card))
        });
        Ok((
            summary,
            Importance {
                games: cfg.games,
                seed: cfg.seed,
                replaced_with: "a blank card (does nothing; one copy replaced, the deck size kept)",
                cards: out,
            },
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_only_games_both_won() {
        let p = Paired::of(&[4, 5, 0, 6, 3], &[5, 5, 4, 0, 2]);
        assert_eq!((p.both_won, p.only_a_won, p.only_b_won), (3, 1, 1));
        assert_eq!((p.b_faster, p.same, p.b_slower), (1, 1, 1));
        assert_eq!(p.mean_difference, Some(0.0));
        let [lo, hi] = p.ci95.unwrap();
        // differences +1, 0, -1: sd 1, half-width 1.96 / sqrt(3)
        assert!((hi - 1.96 / 3f64.sqrt()).abs() < 1e-12 && (lo + hi).abs() < 1e-12);
        assert_eq!(Paired::of(&[0], &[0]).mean_difference, None);
    }
}
