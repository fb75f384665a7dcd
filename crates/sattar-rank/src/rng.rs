//! The seeded random numbers of the evaluation: input draws, TAR_rand's tests, bootstrap resamples.

/// A seeded pseudo-random generator (SplitMix64): ten lines, no dependency, the same numbers on
/// every platform — what a reproducible evaluation needs, and all it needs.
#[derive(Clone, Debug)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`0` when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }

    /// Shuffles `items` in place (Fisher–Yates, from the back): every order equally likely.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::SplitMix64;

    #[test]
    fn a_shuffle_is_a_permutation_fixed_by_the_seed() {
        let shuffled = |seed| {
            let mut v: Vec<u32> = (0..50).collect();
            SplitMix64(seed).shuffle(&mut v);
            v
        };
        let mut sorted = shuffled(7);
        assert_ne!(sorted, (0..50).collect::<Vec<_>>());
        sorted.sort_unstable();
        assert_eq!(sorted, (0..50).collect::<Vec<_>>());
        assert_eq!(shuffled(7), shuffled(7));
        assert_ne!(shuffled(7), shuffled(8));
        // One element or none: nothing to draw, no number consumed.
        let mut rng = SplitMix64(3);
        rng.shuffle(&mut [1]);
        assert_eq!(rng.0, 3);
    }
}
