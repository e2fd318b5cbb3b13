//! The rules engine: test hands, exact odds, goldfish games and the Strange
//! World solo mode. Plain Rust: no GUI or database imports.
//!
//! Randomness is always seeded: every game state owns its own [`Rng`], created
//! from a seed the caller shows and can replay ([`rng`]). `thread_rng()` is never
//! used here. Parallel runs derive one seed per game ([`game_seed`]) so results
//! do not depend on the number of threads.

pub mod bizarre;
pub mod compare;
pub mod core;
pub mod effect;
mod deck;
pub mod dice;
pub mod filter;
pub mod fuzzycards;
pub mod fx;
pub mod hand;
pub mod odds;
pub mod playtest;
pub mod rizontical;
pub mod run;
pub mod schedule;
pub mod sim;
pub mod solo;
pub mod table;
pub mod zones;

pub use deck::{DeckCards, DeckError, compile};

use rand::SeedableRng;

/// The engine's random generator: PCG-64 (MCG variant). A named algorithm, so
/// the same seed gives the same games across rand versions.
pub type Rng = rand_pcg::Pcg64Mcg;

/// A generator for a seed.
pub fn rng(seed: u64) -> Rng {
    Rng::seed_from_u64(seed)
}

/// The seed of game `index` in a run started with `seed` (SplitMix64 of both),
/// so game *i* is the same whichever thread plays it.
pub fn game_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A fresh seed for when the user gives none (from the clock); shown to the
/// user so the run can be replayed with `--seed`.
pub fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    game_seed(nanos, u64::from(std::process::id())) % 1_000_000_000
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::RngExt;

    #[test]
    fn same_seed_same_stream() {
        let draw = |seed| {
            let mut r = rng(seed);
            (0..5)
                .map(|_| r.random_range(0..1000u32))
                .collect::<Vec<_>>()
        };
        assert_eq!(draw(7), draw(7));
        assert_ne!(draw(7), draw(8));
        assert_ne!(game_seed(1, 0), game_seed(1, 1));
        assert_ne!(game_seed(1, 0), game_seed(2, 0));
    }
}
