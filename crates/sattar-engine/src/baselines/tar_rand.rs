//! TAR_rand: Tarantula on tests drawn at random from a bounded-exhaustive pool of valid inputs.

use crate::rng::SplitMix64;
use crate::{TestRecord, TestVerdict};

/// TAR_rand: `n` tests drawn at random from `pool` (valid inputs, each with its judged run), at
/// least one of them failing with a subset of `violated` when the pool has one.
pub fn random_tests(
    pool: &[TestRecord],
    n: usize,
    violated: &[String],
    rng: &mut SplitMix64,
) -> Vec<TestRecord> {
    let mut idx: Vec<usize> = (0..pool.len()).collect();
    rng.shuffle(&mut idx);
    let mut out: Vec<TestRecord> = idx.iter().take(n).map(|&i| pool[i].clone()).collect();
    let fails = |t: &TestRecord| matches!(&t.verdict, TestVerdict::Fail(v) if v.iter().all(|x| violated.contains(x)));
    if !out.iter().any(fails) {
        let failing: Vec<&TestRecord> = pool.iter().filter(|t| fails(t)).collect();
        if !failing.is_empty() {
            let pick = failing[rng.below(failing.len())].clone();
            match out.last_mut() {
                Some(last) => *last = pick,
                None => out.push(pick),
            }
        }
    }
    out
}
