//! Fuzzycards' computer player on hand-made decks.

use deckwright::engine::core::Seat;
use deckwright::engine::game::{FIXED_THINK, Level, Rules};
use deckwright::engine::game_seed;
use deckwright::engine::matchup::play_game;

use crate::fuzzycards::{catalog, game, hero};

/// Level::Quick plays to win: against a random legal player on the same
/// vanilla decks it wins most games (measured with `deckwright match`).
#[test]
fn quick_beats_random_on_mirrored_vanilla_decks() {
    let cat = catalog(vec![
        hero("Brute", 2, 6, 3, 7, ""),
        hero("Cub", 1, 3, 2, 4, ""),
        hero("Giant", 4, 9, 5, 12, ""),
    ]);
    let deck = [(0u16, 12), (1, 10), (2, 8)];
    let g = game(&cat, &deck, Some(&deck));
    let games = 60;
    let mut wins = 0;
    let mut buf = Vec::new();
    for i in 0..games {
        let mut st = g.new_state();
        let seat = if i % 2 == 0 {
            Seat::First
        } else {
            Seat::Second
        };
        let o = play_game(
            &g,
            &mut st,
            game_seed(11, i),
            seat,
            [Level::Quick, Level::Random],
            [FIXED_THINK; 2],
            &mut buf,
        )
        .unwrap();
        wins += usize::from(o.winner() == Some(0));
    }
    assert!(
        wins * 100 >= games as usize * 90,
        "Quick won {wins} of {games}"
    );
}
