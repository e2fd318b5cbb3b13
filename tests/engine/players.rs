//! Issue 27: every computer player, at every level, chooses a legal move
//! and chooses it from what its seat sees. At a random point of a random
//! two-player game of every game, the seat to act's move is compared with
//! its move in the game's hidden twin — the same game with every card
//! hidden from that seat dealt again (its own deck's order, the other
//! seat's hand, deck and face-down cards): a player that read a hidden card
//! would, for some deal, choose differently.

use deckwright::engine::core::Viewer;
use deckwright::engine::game::{Level, Think};
use proptest::prelude::*;

use crate::props::{VERSUS, random_play, seat, versus};

/// The levels compared, with small budgets for the searching ones (the
/// property is the same at any budget).
const LEVELS: [Level; 6] = [
    Level::Easy,
    Level::Quick,
    Level::QuickV1,
    Level::Goldfish,
    Level::Flat,
    Level::Strong,
];

const THINK: Think = Think::Iterations(24);

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn players_choose_legal_moves_from_what_their_seat_sees(
        pair in 0..VERSUS.len(),
        seed in any::<u64>(),
        second in any::<bool>(),
        picks in prop::collection::vec((prop::bool::weighted(0.5), any::<u16>()), 0..160),
        twin_seed in any::<u64>(),
    ) {
        let engine = versus(pair);
        let mut s = engine.session(seed, seat(second));
        random_play(&mut s, &picks)?;
        if s.outcome().is_some() {
            return Ok(());
        }
        let me = s.to_act();
        let legal: Vec<_> = s.choices().into_iter().map(|c| c.action).collect();
        let twin = s.hidden_twin(me, twin_seed);
        if let Some(t) = &twin {
            prop_assert_eq!(
                s.view(Viewer::Seat(me as u8)),
                t.view(Viewer::Seat(me as u8)),
                "the twin looks different to seat {}", me
            );
        }
        for level in LEVELS {
            let c = s.decide(level, THINK).expect("a running game has a move");
            prop_assert!(
                legal.contains(&c.action),
                "{} chose {:?}, not a legal move ({})", level, c.action, c.label
            );
            prop_assert_eq!(
                &s.decide(level, THINK).unwrap().action,
                &c.action,
                "{} chose differently on the same position", level
            );
            if let Some(t) = &twin {
                let d = t.decide(level, THINK).expect("the twin runs");
                prop_assert_eq!(
                    &d.action,
                    &c.action,
                    "{} chose {} but {} in the hidden twin (seat {}, game {})",
                    level, c.label, d.label, me, VERSUS[pair].0
                );
            }
        }
    }
}
