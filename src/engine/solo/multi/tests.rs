//! Unit tests of the game for 2 to 4: the setup and a whole match of each
//! size; the rule-by-rule tests are in `tests/engine/world/players.rs`.

use super::super::seat::{SeatLevel, play_match};
use super::*;

use crate::engine::solo::sample;

#[test]
fn setup_follows_the_player_count() {
    let c = sample();
    for n in 2..=4u8 {
        let m = Match::new(&c, n, 11).unwrap();
        assert_eq!(m.all_cards().len(), 15 * usize::from(n) + usize::from(n));
        assert!(m.sun() < n);
        if n == 2 {
            assert_eq!(m.phase(), MatchPhase::Draft { pass: 2 });
        } else {
            assert_eq!(m.phase(), MatchPhase::ChooseSun { seat: m.sun() });
        }
    }
    assert!(Match::new(&c, 1, 1).is_err());
    assert!(Match::new(&c, 5, 1).is_err());
}

#[test]
fn quick_seats_finish_a_match_of_each_size() {
    let c = sample();
    for n in 2..=4usize {
        let levels = vec![SeatLevel::Quick; n];
        let r = play_match(&c, &levels, 3).unwrap();
        assert_eq!(r.scores.len(), n);
        assert!(!r.winners.is_empty());
        let best = r.scores.iter().map(|b| b.total).max().unwrap();
        for &w in &r.winners {
            assert_eq!(r.scores[usize::from(w)].total, best);
        }
    }
}
