//! Strange World's computer seats, for 2 to 4 players, on the sample box.

use deckwright::engine::solo::{SeatLevel, play_match};

use crate::world::players::sample;

#[test]
fn the_quick_player_beats_the_random_player_and_the_strong_the_quick() {
    let c = sample();
    let mut quick = 0;
    for seed in 0..40 {
        let r = play_match(&c, &[SeatLevel::Quick, SeatLevel::Random], seed).unwrap();
        quick += usize::from(r.winners == [0]);
    }
    assert!(quick >= 38, "quick won {quick} of 40 against random");
    let mut strong = 0;
    for seed in 0..20 {
        let r = play_match(&c, &[SeatLevel::Quick, SeatLevel::Strong], seed).unwrap();
        strong += usize::from(r.winners == [1]);
    }
    assert!(strong >= 12, "strong won {strong} of 20 against quick");
}
