//! The engine's randomness: one named generator, seeded from a number the user
//! sees and can replay, owned by the game state (never `thread_rng()`).
//!
//! The samplers here ([`below`], [`roll`]) are the engine's own rather than
//! `rand`'s, so a seed replays identically whatever the `rand` version. A run
//! of many games derives one seed per game ([`game_seed`]) so results do not
//! depend on which thread played which game.

use rand::{Rng as _, SeedableRng};

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

/// A uniform integer in `0..n` (Lemire's multiply-shift with rejection).
#[inline]
pub fn below(rng: &mut Rng, n: u32) -> u32 {
    debug_assert!(n > 0);
    let mut m = u64::from(rng.next_u32()) * u64::from(n);
    let mut lo = m as u32;
    if lo < n {
        let threshold = n.wrapping_neg() % n;
        while lo < threshold {
            m = u64::from(rng.next_u32()) * u64::from(n);
            lo = m as u32;
        }
    }
    (m >> 32) as u32
}

/// One roll of a die with `sides` sides: 1..=sides.
#[inline]
pub fn roll(rng: &mut Rng, sides: u32) -> u32 {
    below(rng, sides.max(1)) + 1
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

    #[test]
    fn below_is_uniform_enough_and_in_range() {
        let mut r = rng(1);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[below(&mut r, 6) as usize] += 1;
        }
        for c in counts {
            assert!((9_400..10_600).contains(&c), "{counts:?}");
        }
        assert_eq!(below(&mut r, 1), 0);
        for _ in 0..100 {
            assert!((1..=6).contains(&roll(&mut r, 6)));
        }
    }
}
