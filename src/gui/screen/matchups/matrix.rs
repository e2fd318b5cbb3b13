//! The result of a Matchups run as the screen shows it: a win-rate matrix
//! (the row's deck against the column's) and every deck's record going first
//! and going second, built from the engine's per-pairing reports
//! ([`MatchReport`]) without replaying anything.

use crate::engine::game::Level;
use crate::engine::matchup::{MatchReport, SeatRecord};
use crate::engine::run::wilson;

/// One pairing seen from the row's deck.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    pub games: u64,
    pub wins: u64,
    pub losses: u64,
    /// Draws, including games the turn limit stopped.
    pub draws: u64,
    pub win_rate: f64,
    /// Wilson 95% interval of the win rate.
    pub ci95: [f64; 2],
}

impl Cell {
    fn new(games: u64, wins: u64, losses: u64) -> Cell {
        Cell {
            games,
            wins,
            losses,
            draws: games - wins - losses,
            win_rate: rate(wins, games),
            ci95: wilson(wins, games),
        }
    }

    /// Whether the interval lies wholly above (`Some(true)`) or below
    /// (`Some(false)`) one half: the row's deck is measurably favoured or
    /// not; `None` when the games cannot tell.
    pub fn favoured(&self) -> Option<bool> {
        if self.ci95[0] > HALF {
            Some(true)
        } else if self.ci95[1] < HALF {
            Some(false)
        } else {
            None
        }
    }
}

const HALF: f64 = 0.5;

fn rate(k: u64, n: u64) -> f64 {
    if n == 0 { 0.0 } else { k as f64 / n as f64 }
}

fn seat(games: u64, wins: u64) -> SeatRecord {
    SeatRecord {
        games,
        wins,
        win_rate: rate(wins, games),
    }
}

/// A deck's record over every pairing it played.
#[derive(Clone, Debug, PartialEq)]
pub struct DeckRecord {
    pub name: String,
    pub total: Cell,
    pub first: SeatRecord,
    pub second: SeatRecord,
}

/// A finished run.
#[derive(Clone, Debug, PartialEq)]
pub struct Matrix {
    /// Games per pairing.
    pub games: u64,
    pub seed: u64,
    pub level: Level,
    pub decks: Vec<DeckRecord>,
    /// `cells[i][j]`: deck i against deck j (`None` on the diagonal).
    pub cells: Vec<Vec<Option<Cell>>>,
    /// Games the turn limit stopped, over every pairing (counted as draws).
    pub unfinished: u64,
    /// Games an engine defect stopped (always 0 unless something is wrong).
    pub errors: u64,
    /// The engine's reports, pairing (i, j) with deck i as A.
    pub reports: Vec<((usize, usize), MatchReport)>,
}

impl Matrix {
    /// The matrix of `names.len()` decks from the reports of their pairings
    /// (deck i as A, deck j as B).
    pub fn new(
        names: Vec<String>,
        games: u64,
        seed: u64,
        level: Level,
        reports: Vec<((usize, usize), MatchReport)>,
    ) -> Matrix {
        let n = names.len();
        let mut cells: Vec<Vec<Option<Cell>>> = vec![vec![None; n]; n];
        // per deck: games, wins, losses; first games, wins; second games, wins
        let mut sums = vec![[0u64; 7]; n];
        let (mut unfinished, mut errors) = (0, 0);
        for ((i, j), r) in &reports {
            let (i, j) = (*i, *j);
            cells[i][j] = Some(Cell::new(r.games, r.a.wins, r.b.wins));
            cells[j][i] = Some(Cell::new(r.games, r.b.wins, r.a.wins));
            for (k, wins, losses, first, second) in [
                (i, r.a.wins, r.b.wins, &r.a.first, &r.a.second),
                (j, r.b.wins, r.a.wins, &r.b.first, &r.b.second),
            ] {
                let s = &mut sums[k];
                s[0] += r.games;
                s[1] += wins;
                s[2] += losses;
                s[3] += first.games;
                s[4] += first.wins;
                s[5] += second.games;
                s[6] += second.wins;
            }
            unfinished += r.unfinished;
            errors += r.errors;
        }
        let decks = names
            .into_iter()
            .zip(&sums)
            .map(|(name, s)| DeckRecord {
                name,
                total: Cell::new(s[0], s[1], s[2]),
                first: seat(s[3], s[4]),
                second: seat(s[5], s[6]),
            })
            .collect();
        Matrix {
            games,
            seed,
            level,
            decks,
            cells,
            unfinished,
            errors,
            reports,
        }
    }
}

/// Every pairing of `n` decks once, in the order the CLI's round robin
/// plays them: (0, 1), (0, 2), …, (1, 2), …
pub fn pairings(n: usize) -> Vec<(usize, usize)> {
    (0..n)
        .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::matchup::{ARecord, BRecord, Seats};
    use crate::model::GameId;

    /// A report with A's wins split by seat and B's wins split by seat.
    fn report(games: u64, a: (u64, u64), b: (u64, u64)) -> MatchReport {
        let half = games / 2;
        MatchReport {
            game: GameId::DiceOfDestiny,
            games,
            seed: 9,
            a: ARecord {
                wins: a.0 + a.1,
                win_rate: rate(a.0 + a.1, games),
                ci95: wilson(a.0 + a.1, games),
                first: seat(half, a.0),
                second: seat(games - half, a.1),
            },
            b: BRecord {
                wins: b.0 + b.1,
                win_rate: rate(b.0 + b.1, games),
                first: seat(games - half, b.0),
                second: seat(half, b.1),
            },
            draws: games - a.0 - a.1 - b.0 - b.1,
            unfinished: 1,
            seats: Seats::Alternate,
            levels: [Level::Quick; 2],
            think: [crate::engine::game::FIXED_THINK; 2],
            mean_turns: 4.0,
            errors: 0,
            first_error: None,
        }
    }

    #[test]
    fn pairings_are_every_pair_once() {
        assert_eq!(pairings(3), [(0, 1), (0, 2), (1, 2)]);
        assert!(pairings(1).is_empty());
        assert_eq!(pairings(6).len(), 15);
    }

    #[test]
    fn the_matrix_mirrors_each_pairing_and_sums_the_seats() {
        // deck 0 beats deck 1 (A first 40, second 30 of 50 each; B 8 + 19),
        // deck 0 and deck 2 are even, deck 1 loses to deck 2
        let reports = vec![
            ((0, 1), report(100, (40, 30), (19, 8))),
            ((0, 2), report(100, (25, 25), (25, 24))),
            ((1, 2), report(100, (10, 5), (40, 44))),
        ];
        let m = Matrix::new(
            vec!["a".into(), "b".into(), "c".into()],
            100,
            9,
            Level::Quick,
            reports,
        );
        let c01 = m.cells[0][1].as_ref().unwrap();
        let c10 = m.cells[1][0].as_ref().unwrap();
        assert_eq!((c01.wins, c01.losses, c01.draws), (70, 27, 3));
        assert_eq!((c10.wins, c10.losses, c10.draws), (27, 70, 3));
        assert_eq!(c01.win_rate, 0.7);
        assert_eq!(c01.ci95, wilson(70, 100));
        assert_eq!(c01.favoured(), Some(true));
        assert_eq!(c10.favoured(), Some(false));
        assert_eq!(m.cells[0][2].as_ref().unwrap().favoured(), None);
        assert!(m.cells.iter().enumerate().all(|(i, r)| r[i].is_none()));
        // deck 1: B against 0 (first 19 of 50, second 8 of 50), A against 2
        // (first 10 of 50, second 5 of 50)
        let d1 = &m.decks[1];
        assert_eq!((d1.first.games, d1.first.wins), (100, 29));
        assert_eq!((d1.second.games, d1.second.wins), (100, 13));
        assert_eq!(
            (d1.total.games, d1.total.wins, d1.total.losses),
            (200, 42, 154)
        );
        assert_eq!(d1.first.wins + d1.second.wins, d1.total.wins);
        assert_eq!(m.unfinished, 3);
    }
}
