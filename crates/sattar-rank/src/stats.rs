//! Statistics that compare techniques over faults: Wilcoxon's signed-rank test on paired
//! per-fault values, the Vargha–Delaney A12 effect size, percentile bootstrap intervals of a
//! mean, and the median. The formulas are written out here (no statistics crate in the
//! dependency set has the signed-rank test); the tests check them against values computed by
//! hand and the textbook example of Hollander & Wolfe (R's `wilcox.test` documentation).

use crate::SplitMix64;

/// The outcome of Wilcoxon's signed-rank test (two-sided).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Wilcoxon {
    /// Pairs with a non-zero difference (zeros are dropped, Wilcoxon's convention).
    pub n: usize,
    /// `V`: the sum of the ranks of the positive differences `x - y` (R's statistic).
    pub v: f64,
    /// The two-sided p-value.
    pub p: f64,
    /// Whether `p` is exact (n < 50, no tied |differences|, no zero dropped); else the normal
    /// approximation with the tie and continuity corrections.
    pub exact: bool,
}

/// Wilcoxon's signed-rank test of paired samples `x`, `y` (equal lengths), two-sided, as R's
/// `wilcox.test(x, y, paired = TRUE)` computes it; `None` if the lengths differ.
pub fn wilcoxon_signed_rank(x: &[f64], y: &[f64]) -> Option<Wilcoxon> {
    if x.len() != y.len() {
        return None;
    }
    let diffs: Vec<f64> = x.iter().zip(y).map(|(a, b)| a - b).collect();
    let nonzero: Vec<f64> = diffs.iter().copied().filter(|d| *d != 0.0).collect();
    let n = nonzero.len();
    if n == 0 {
        return Some(Wilcoxon {
            n,
            v: 0.0,
            p: 1.0,
            exact: true,
        });
    }
    let abs: Vec<f64> = nonzero.iter().map(|d| d.abs()).collect();
    let (ranks, ties) = average_ranks(&abs);
    let v: f64 = nonzero
        .iter()
        .zip(&ranks)
        .filter(|(d, _)| **d > 0.0)
        .map(|(_, r)| r)
        .sum();
    let exact = n < 50 && ties.is_empty() && n == diffs.len();
    let p = match exact {
        true => exact_p(n, v),
        false => normal_p(n, v, &ties),
    };
    Some(Wilcoxon { n, v, p, exact })
}

/// The average rank (1-based) of each value, and the sizes of the groups of tied values.
fn average_ranks(values: &[f64]) -> (Vec<f64>, Vec<usize>) {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
    let mut ranks = vec![0.0; values.len()];
    let mut ties = Vec::new();
    let mut i = 0;
    while i < order.len() {
        let mut j = i;
        while j + 1 < order.len() && values[order[j + 1]] == values[order[i]] {
            j += 1;
        }
        let average = (i + j + 2) as f64 / 2.0;
        for &k in &order[i..=j] {
            ranks[k] = average;
        }
        if j > i {
            ties.push(j - i + 1);
        }
        i = j + 1;
    }
    (ranks, ties)
}

/// The exact two-sided p-value of `V = v` with `n` untied ranks: twice the smaller tail of the
/// null distribution (every sign pattern equally likely), at most 1.
fn exact_p(n: usize, v: f64) -> f64 {
    let max = n * (n + 1) / 2;
    // ways[s]: the subsets of {1..n} whose sum is s.
    let mut ways = vec![0f64; max + 1];
    ways[0] = 1.0;
    for r in 1..=n {
        for s in (r..=max).rev() {
            ways[s] += ways[s - r];
        }
    }
    let total = 2f64.powi(n as i32);
    let v = v.round() as usize;
    let below: f64 = ways[..=v.min(max)].iter().sum::<f64>() / total;
    let above: f64 = ways[v.min(max)..].iter().sum::<f64>() / total;
    (2.0 * below.min(above)).min(1.0)
}

/// The normal approximation's two-sided p-value, with the variance corrected for ties and a
/// continuity correction of 0.5 towards the mean (R's `correct = TRUE`).
fn normal_p(n: usize, v: f64, ties: &[usize]) -> f64 {
    let n = n as f64;
    let mean = n * (n + 1.0) / 4.0;
    let tie: f64 = ties.iter().map(|&t| (t * t * t - t) as f64).sum();
    let var = n * (n + 1.0) * (2.0 * n + 1.0) / 24.0 - tie / 48.0;
    if var <= 0.0 {
        return 1.0;
    }
    let z = (v - mean - 0.5 * (v - mean).signum()) / var.sqrt();
    (2.0 * normal_cdf(-z.abs())).min(1.0)
}

/// Φ(z), the standard normal distribution function, through the complementary error function.
pub fn normal_cdf(z: f64) -> f64 {
    0.5 * erfc(-z / std::f64::consts::SQRT_2)
}

/// erfc(x) by the Chebyshev fit of Numerical Recipes (`erfcc`), relative error below 1.2e-7
/// everywhere.
fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 {
        r
    } else {
        2.0 - r
    }
}

/// Vargha and Delaney's A12: the probability that a value drawn from `x` is smaller than one
/// drawn from `y`, ties counting half (for ranks: that `x`'s technique ranks the fault better).
/// 0.5 is no effect; 0.56, 0.64 and 0.71 are the usual small, medium and large thresholds.
/// `None` when a sample is empty.
pub fn a12(x: &[f64], y: &[f64]) -> Option<f64> {
    if x.is_empty() || y.is_empty() {
        return None;
    }
    let mut wins = 0.0;
    for a in x {
        for b in y {
            wins += match a.total_cmp(b) {
                std::cmp::Ordering::Less => 1.0,
                std::cmp::Ordering::Equal => 0.5,
                std::cmp::Ordering::Greater => 0.0,
            };
        }
    }
    Some(wins / (x.len() * y.len()) as f64)
}

/// The 95 % percentile bootstrap interval of the mean of `values`: `resamples` draws of as
/// many values with replacement from the seeded generator, the 2.5th and 97.5th percentiles of
/// their means. `None` when there are no values.
pub fn bootstrap_mean_ci(values: &[f64], resamples: usize, seed: u64) -> Option<(f64, f64)> {
    if values.is_empty() || resamples == 0 {
        return None;
    }
    let mut rng = SplitMix64(seed);
    let mut means: Vec<f64> = (0..resamples)
        .map(|_| {
            let sum: f64 = (0..values.len())
                .map(|_| values[rng.below(values.len())])
                .sum();
            sum / values.len() as f64
        })
        .collect();
    means.sort_by(f64::total_cmp);
    let at = |q: f64| means[((q * resamples as f64).floor() as usize).min(resamples - 1)];
    Some((at(0.025), at(0.975)))
}

/// The median (the mean of the middle two for an even count); `None` when empty.
pub fn median(values: &[f64]) -> Option<f64> {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => Some(v[n / 2]),
        _ => Some((v[n / 2 - 1] + v[n / 2]) / 2.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hollander & Wolfe's depression scores (R's `wilcox.test` example): the differences'
    /// positive ranks sum to 8+9+4+7+6+5+1 = 40; of the 2^9 = 512 sign patterns, 10 give a
    /// sum of at least 40 (the complements of the subsets of {1..9} summing to at most 5), so
    /// the two-sided p is 2 * 10/512.
    #[test]
    #[allow(clippy::approx_constant)] // 3.14 is a measurement of the example, not π
    fn the_textbook_example_has_its_exact_p_value() {
        let x = [1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30];
        let y = [0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29];
        let w = wilcoxon_signed_rank(&x, &y).expect("paired");
        assert_eq!((w.n, w.v, w.exact), (9, 40.0, true));
        assert!((w.p - 20.0 / 512.0).abs() < 1e-12, "{}", w.p);
        // Swapping the samples mirrors V (45 - 40) and keeps p.
        let back = wilcoxon_signed_rank(&y, &x).expect("paired");
        assert_eq!(back.v, 5.0);
        assert!((back.p - w.p).abs() < 1e-12);
    }

    /// Differences 1, 1, 2, -1, 3: |d| ranks 2, 2, 2, 4, 5 (one tie of three), V = 2+2+4+5 = 13,
    /// mean 7.5, variance 5*6*11/24 - (27-3)/48 = 13.25, z = (13 - 7.5 - 0.5)/sqrt(13.25) =
    /// 1.37361, p = 2 * (1 - Φ(1.37361)) = 0.16955 (Φ from the normal table: 0.91522).
    #[test]
    fn ties_use_the_corrected_normal_approximation() {
        let x = [1.0, 1.0, 2.0, -1.0, 3.0];
        let w = wilcoxon_signed_rank(&x, &[0.0; 5]).expect("paired");
        assert_eq!((w.n, w.v, w.exact), (5, 13.0, false));
        assert!((w.p - 0.16955).abs() < 2e-4, "{}", w.p);
    }

    #[test]
    fn equal_samples_and_mismatched_lengths() {
        let w = wilcoxon_signed_rank(&[1.0, 2.0], &[1.0, 2.0]).expect("paired");
        assert_eq!((w.n, w.p), (0, 1.0));
        assert!(wilcoxon_signed_rank(&[1.0], &[]).is_none());
    }

    /// Φ at points of the normal table.
    #[test]
    fn the_normal_distribution_function_matches_the_table() {
        for (z, phi) in [
            (0.0, 0.5),
            (1.0, 0.841_345),
            (1.96, 0.975_002),
            (-2.5, 0.006_210),
        ] {
            assert!(
                (normal_cdf(z) - phi).abs() < 1e-6,
                "Φ({z}) = {}",
                normal_cdf(z)
            );
        }
    }

    /// x = 1, 2, 3 against y = 2, 2, 4: of 9 pairs, x is smaller in 5 and equal in 2.
    #[test]
    fn a12_counts_wins_and_half_ties() {
        let a = a12(&[1.0, 2.0, 3.0], &[2.0, 2.0, 4.0]).expect("samples");
        assert!((a - 6.0 / 9.0).abs() < 1e-12);
        assert_eq!(a12(&[1.0], &[1.0]), Some(0.5));
        assert_eq!(a12(&[], &[1.0]), None);
    }

    #[test]
    fn bootstrap_intervals_hold_the_mean_and_repeat_with_the_seed() {
        assert_eq!(bootstrap_mean_ci(&[3.0; 7], 500, 1), Some((3.0, 3.0)));
        let v = [1.0, 2.0, 3.0, 4.0, 10.0];
        let (lo, hi) = bootstrap_mean_ci(&v, 2000, 7).expect("values");
        assert!(lo < 4.0 && 4.0 < hi && lo >= 1.0 && hi <= 10.0, "{lo} {hi}");
        assert_eq!(bootstrap_mean_ci(&v, 2000, 7), Some((lo, hi)));
        assert_eq!(bootstrap_mean_ci(&[], 10, 1), None);
    }

    #[test]
    fn medians_of_odd_and_even_counts() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), Some(2.5));
        assert_eq!(median(&[]), None);
    }
}
