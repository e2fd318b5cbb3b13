//! Exact odds: the probability of holding at least K copies of a card, or of
//! cards matching a filter, by the draw step of turn T, under the game's own
//! draw schedule ([`super::schedule`]), before any mulligan.
//!
//! Hypergeometric, not Monte Carlo: drawing `n` cards from a pile of `N`, the
//! chance that every requirement *i* (at least `k_i` cards of set `S_i`) holds.
//! Sets may overlap (a card and a filter that includes it), so the pile is cut
//! into *atoms* — cards grouped by which sets they belong to — and a dynamic
//! program over the atoms counts the ways to draw `x_a` from each atom
//! (`Π C(K_a, x_a)`, the rest from the cards in no set) while tracking each
//! requirement's count, capped at its `k_i`. One requirement is the ordinary
//! hypergeometric tail; several are the multivariate case.
//!
//! Rizontical has two piles: Powers follow the schedule (5, then 1 per
//! timeline turn); Fighters are the two dealt into slots 1 and 2 (later
//! deployments depend on play, so Fighter odds are those of the setup at any
//! turn); the Numen is always in play. The piles are shuffled apart, so
//! requirements on different piles multiply.

use serde::Serialize;

use super::core::Seat;
use super::filter::{Filter, FilterError};
use super::schedule::Schedule;
use super::session::Engine;
use crate::model::{Catalog, GameId, name_key};

/// The largest pile the odds accept (binomials stay inside f64).
pub const MAX_PILE: u32 = 1000;
/// The most requirements in one query.
pub const MAX_REQUIREMENTS: usize = 6;
/// The turns of the deck builder's odds table: 0 (the opening hand) to 6.
pub const TABLE_TURNS: u32 = 6;

/// What a requirement counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Matcher {
    /// Copies of one card name (every cost variant of a shared name).
    Card(String),
    Filter(Filter),
}

impl Matcher {
    pub fn describe(&self) -> String {
        match self {
            Matcher::Card(n) => n.clone(),
            Matcher::Filter(f) => format!("[{f}]"),
        }
    }
}

/// At least `at_least` cards of `matcher`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Requirement {
    pub matcher: Matcher,
    pub at_least: u32,
}

/// An odds question.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Query {
    pub requirements: Vec<Requirement>,
    pub turn: u32,
    pub seat: Seat,
}

pub use super::game::Pile;

/// One requirement in a report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RequirementReport {
    pub card: String,
    pub pile: Pile,
    /// Copies in the pile that match.
    pub matching: u32,
    pub at_least: u32,
}

/// The probability at one turn.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct TurnProbability {
    pub turn: u32,
    /// Cards seen from the deck by then.
    pub seen: u32,
    pub probability: f64,
}

/// formats.md §3 `odds --json`: `card` and `probability`, and the details.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OddsReport {
    pub card: String,
    pub probability: f64,
    pub game: GameId,
    pub seat: Seat,
    pub turn: u32,
    pub turn_unit: &'static str,
    /// Cards seen from the deck (Power deck) by the draw step of `turn`.
    pub seen: u32,
    /// Cards in the deck (Power deck).
    pub deck_size: u32,
    pub requirements: Vec<RequirementReport>,
    /// The same question for turns 0 to 6 (or to `turn`, if later).
    pub by_turn: Vec<TurnProbability>,
    pub method: &'static str,
}

/// The deck builder's table: each distinct card × turns 0-6.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OddsTable {
    pub game: GameId,
    pub seat: Seat,
    pub at_least: u32,
    pub turn_unit: &'static str,
    /// Cards seen by each turn.
    pub seen: Vec<u32>,
    pub rows: Vec<TableRow>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TableRow {
    pub card: String,
    pub copies: u32,
    pub pile: Pile,
    /// P(at least K) at turns 0..=6.
    pub probability: Vec<f64>,
}

/// Why a query cannot be answered.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OddsError {
    #[error("\"{0}\" is not a card of this catalog")]
    UnknownCard(String),
    #[error(transparent)]
    Filter(#[from] FilterError),
    #[error(
        "`{0}` matches both Fighters and Powers, which are drawn from different decks: add type=fighter or type=power"
    )]
    MixedPiles(String),
    #[error("ask for at least one card or filter")]
    Empty,
    #[error("at most {MAX_REQUIREMENTS} cards or filters in one question")]
    TooMany,
    #[error("the deck has {0} cards; odds are computed for decks of up to {MAX_PILE}")]
    TooBig(u32),
    #[error("at least {0} copies is too many to track at once")]
    TooManyCopies(u32),
}

/// P(every requirement holds) when drawing `drawn` cards from a pile made of
/// `atoms`: (mask of the requirements a card counts for, number of such cards);
/// `mins[i]` is requirement *i*'s minimum. Exact up to f64 rounding.
pub fn at_least(atoms: &[(u8, u32)], mins: &[u32], drawn: u32) -> Result<f64, OddsError> {
    let total: u32 = atoms.iter().map(|a| a.1).sum();
    if total > MAX_PILE {
        return Err(OddsError::TooBig(total));
    }
    if mins.len() > MAX_REQUIREMENTS {
        return Err(OddsError::TooMany);
    }
    let n = drawn.min(total) as usize;
    if mins.iter().all(|&k| k == 0) {
        return Ok(1.0);
    }
    for (i, &k) in mins.iter().enumerate() {
        let available: u32 = atoms
            .iter()
            .filter(|a| a.0 & (1 << i) != 0)
            .map(|a| a.1)
            .sum();
        if k > available.min(n as u32) {
            return Ok(0.0);
        }
    }
    let radix: Vec<usize> = mins.iter().map(|&k| k as usize + 1).collect();
    let states: usize = radix.iter().product();
    if states > 1 << 16 {
        return Err(OddsError::TooManyCopies(*mins.iter().max().unwrap_or(&0)));
    }
    let binom = pascal(total as usize);
    let c = |a: usize, b: usize| if b > a { 0.0 } else { binom[a][b] };
    let (mut dp, mut next) = (
        vec![0.0f64; (n + 1) * states],
        vec![0.0f64; (n + 1) * states],
    );
    dp[0] = 1.0;
    let mut others = 0usize;
    let mut counters = vec![0usize; mins.len()];
    for &(mask, count) in atoms {
        if mask == 0 {
            others += count as usize;
            continue;
        }
        let count = count as usize;
        next.iter_mut().for_each(|x| *x = 0.0);
        for s in 0..=n {
            for code in 0..states {
                let w = dp[s * states + code];
                if w == 0.0 {
                    continue;
                }
                // decode the capped counters
                let mut rest = code;
                for (i, r) in radix.iter().enumerate() {
                    counters[i] = rest % r;
                    rest /= r;
                }
                for x in 0..=count.min(n - s) {
                    let mut new_code = 0;
                    let mut mult = 1;
                    for (i, r) in radix.iter().enumerate() {
                        let v = if mask & (1 << i) != 0 {
                            (counters[i] + x).min(r - 1)
                        } else {
                            counters[i]
                        };
                        new_code += v * mult;
                        mult *= r;
                    }
                    next[(s + x) * states + new_code] += w * c(count, x);
                }
            }
        }
        std::mem::swap(&mut dp, &mut next);
    }
    let full = states - 1;
    let ways: f64 = (0..=n)
        .map(|s| dp[s * states + full] * c(others, n - s))
        .sum();
    Ok((ways / c(total as usize, n)).clamp(0.0, 1.0))
}

/// Rows 0..=n of Pascal's triangle.
fn pascal(n: usize) -> Vec<Vec<f64>> {
    let mut rows: Vec<Vec<f64>> = Vec::with_capacity(n + 1);
    for i in 0..=n {
        let mut row = vec![1.0; i + 1];
        for j in 1..i {
            row[j] = rows[i - 1][j - 1] + rows[i - 1][j];
        }
        rows.push(row);
    }
    rows
}

/// A requirement resolved to the copies it counts.
struct Resolved {
    card: String,
    pile: Pile,
    at_least: u32,
    /// Per copy: whether it counts.
    counts: Vec<bool>,
}

fn resolve(catalog: &Catalog, engine: &Engine, req: &Requirement) -> Result<Resolved, OddsError> {
    let piles = engine.piles();
    let counts: Vec<bool> = match &req.matcher {
        Matcher::Card(name) => {
            if catalog.name_index().named(name).is_empty() {
                return Err(OddsError::UnknownCard(name.clone()));
            }
            let key = name_key(name);
            piles
                .iter()
                .map(|(ci, _)| ci.is_some_and(|i| catalog.cards[i].name_key() == key))
                .collect()
        }
        Matcher::Filter(f) => piles
            .iter()
            .map(|(ci, _)| ci.is_some_and(|i| f.matches(&catalog.cards[i])))
            .collect(),
    };
    let mut in_piles: Vec<Pile> = piles
        .iter()
        .zip(&counts)
        .filter(|(_, c)| **c)
        .map(|((_, p), _)| *p)
        .collect();
    in_piles.sort();
    in_piles.dedup();
    let pile = match in_piles.as_slice() {
        [] => match &req.matcher {
            // a card the deck does not hold: the pile its type would be in
            Matcher::Card(name) => {
                let i = catalog.name_index().named(name)[0];
                engine.pile_for_type(&catalog.cards[i].card_type)
            }
            Matcher::Filter(_) => Pile::Deck,
        },
        [one] => *one,
        _ => return Err(OddsError::MixedPiles(req.matcher.describe())),
    };
    Ok(Resolved {
        card: req.matcher.describe(),
        pile,
        at_least: req.at_least,
        counts,
    })
}

/// P(all of `reqs`) at turn `t`: per pile a multivariate hypergeometric,
/// multiplied across piles.
fn probability(
    engine: &Engine,
    reqs: &[Resolved],
    sched: &Schedule,
    t: u32,
) -> Result<f64, OddsError> {
    let piles = engine.piles();
    let mut p = 1.0;
    for pile in [Pile::Deck, Pile::Fighters, Pile::Numen] {
        let here: Vec<&Resolved> = reqs.iter().filter(|r| r.pile == pile).collect();
        if here.is_empty() {
            continue;
        }
        let mut atoms: Vec<(u8, u32)> = Vec::new();
        for (copy, (_, cp)) in piles.iter().enumerate() {
            if *cp != pile {
                continue;
            }
            let mask = here
                .iter()
                .enumerate()
                .filter(|(_, r)| r.counts[copy])
                .fold(0u8, |m, (i, _)| m | (1 << i));
            match atoms.iter_mut().find(|a| a.0 == mask) {
                Some(a) => a.1 += 1,
                None => atoms.push((mask, 1)),
            }
        }
        let mins: Vec<u32> = here.iter().map(|r| r.at_least).collect();
        p *= at_least(&atoms, &mins, engine.seen_in(pile, sched, t))?;
    }
    Ok(p)
}

/// Answers `query` for `engine`'s deck (`catalog` supplies the card fields).
pub fn odds(catalog: &Catalog, engine: &Engine, query: &Query) -> Result<OddsReport, OddsError> {
    if query.requirements.is_empty() {
        return Err(OddsError::Empty);
    }
    if query.requirements.len() > MAX_REQUIREMENTS {
        return Err(OddsError::TooMany);
    }
    let reqs: Vec<Resolved> = query
        .requirements
        .iter()
        .map(|r| resolve(catalog, engine, r))
        .collect::<Result<_, _>>()?;
    let sched = engine.schedule(query.seat);
    let deck_size = engine
        .piles()
        .iter()
        .filter(|(_, p)| *p == Pile::Deck)
        .count() as u32;
    let by_turn = (0..=TABLE_TURNS.max(query.turn))
        .map(|t| {
            Ok(TurnProbability {
                turn: t,
                seen: sched.seen_by(t).min(deck_size),
                probability: probability(engine, &reqs, &sched, t)?,
            })
        })
        .collect::<Result<Vec<_>, OddsError>>()?;
    let piles = engine.piles();
    Ok(OddsReport {
        card: reqs
            .iter()
            .map(|r| r.card.clone())
            .collect::<Vec<_>>()
            .join(" and "),
        probability: by_turn[query.turn as usize].probability,
        game: engine.game(),
        seat: query.seat,
        turn: query.turn,
        turn_unit: sched.unit,
        seen: sched.seen_by(query.turn).min(deck_size),
        deck_size,
        requirements: reqs
            .iter()
            .map(|r| RequirementReport {
                card: r.card.clone(),
                pile: r.pile,
                matching: piles
                    .iter()
                    .zip(&r.counts)
                    .filter(|((_, p), c)| **c && *p == r.pile)
                    .count() as u32,
                at_least: r.at_least,
            })
            .collect(),
        by_turn,
        method: if reqs.len() > 1 {
            "multivariate hypergeometric (exact)"
        } else {
            "hypergeometric (exact)"
        },
    })
}

/// The deck builder's table: P(at least `at_least` copies) of each distinct
/// card at turns 0-6.
pub fn table(
    catalog: &Catalog,
    engine: &Engine,
    seat: Seat,
    at_least: u32,
) -> Result<OddsTable, OddsError> {
    let sched = engine.schedule(seat);
    let mut rows = Vec::new();
    for (_, name, _) in engine.distinct() {
        let r = resolve(
            catalog,
            engine,
            &Requirement {
                matcher: Matcher::Card(name.clone()),
                at_least,
            },
        )?;
        if rows.iter().any(|row: &TableRow| row.card == name) {
            continue; // a shared name (cost variants) already counted together
        }
        let probability = (0..=TABLE_TURNS)
            .map(|t| probability(engine, std::slice::from_ref(&r), &sched, t))
            .collect::<Result<_, _>>()?;
        rows.push(TableRow {
            card: name,
            copies: r.counts.iter().filter(|&&c| c).count() as u32,
            pile: r.pile,
            probability,
        });
    }
    let deck_size = engine
        .piles()
        .iter()
        .filter(|(_, p)| *p == Pile::Deck)
        .count() as u32;
    Ok(OddsTable {
        game: engine.game(),
        seat,
        at_least,
        turn_unit: sched.unit,
        seen: (0..=TABLE_TURNS)
            .map(|t| sched.seen_by(t).min(deck_size))
            .collect(),
        rows,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(n: u64, k: u64) -> f64 {
        (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
    }

    /// P(at least one of 3 copies in a 5-card hand from 30) = 1 - C(27,5)/C(30,5).
    #[test]
    fn one_card_is_the_hypergeometric_tail() {
        let p = at_least(&[(1, 3), (0, 27)], &[1], 5).unwrap();
        assert!((p - (1.0 - c(27, 5) / c(30, 5))).abs() < 1e-12, "{p}");
        // at least 2: sum over x = 2, 3
        let p2 = at_least(&[(1, 3), (0, 27)], &[2], 5).unwrap();
        let want = (c(3, 2) * c(27, 3) + c(3, 3) * c(27, 2)) / c(30, 5);
        assert!((p2 - want).abs() < 1e-12);
        assert_eq!(at_least(&[(1, 3), (0, 27)], &[4], 30).unwrap(), 0.0);
        assert_eq!(at_least(&[(1, 3), (0, 27)], &[0], 5).unwrap(), 1.0);
        assert!((at_least(&[(1, 3), (0, 27)], &[3], 40).unwrap() - 1.0).abs() < 1e-12);
    }

    /// Two disjoint cards: P(A >= 1 and B >= 1) by inclusion-exclusion.
    #[test]
    fn two_cards_are_multivariate() {
        let p = at_least(&[(1, 3), (2, 2), (0, 25)], &[1, 1], 6).unwrap();
        let none_a = c(27, 6);
        let none_b = c(28, 6);
        let neither = c(25, 6);
        let want = 1.0 - (none_a + none_b - neither) / c(30, 6);
        assert!((p - want).abs() < 1e-12, "{p} vs {want}");
    }

    /// Overlapping sets: "a Hero" and "Ember Cub" (a Hero): 3 Cubs, 12 other
    /// Heroes, 15 others; P(Cub >= 1 and Heroes >= 2).
    #[test]
    fn overlapping_sets_use_atoms() {
        let p = at_least(&[(0b11, 3), (0b10, 12), (0, 15)], &[1, 2], 5).unwrap();
        let mut want = 0.0;
        for cub in 1..=3u64 {
            for hero in 0..=5u64 {
                if cub + hero > 5 || cub + hero < 2 {
                    continue;
                }
                want += c(3, cub) * c(12, hero) * c(15, 5 - cub - hero);
            }
        }
        want /= c(30, 5);
        assert!((p - want).abs() < 1e-12, "{p} vs {want}");
    }
}
