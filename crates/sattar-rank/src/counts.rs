//! The four spectrum counts of one element, the division policy, and failed-test cloning.

use serde::{Deserialize, Serialize};

/// Counts of one element: failing/passing tests that execute it (`ef`, `ep`) and that do not
/// (`nf`, `np`). Stored as `f64` because cloning scales the failing counts by a real factor.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Counts {
    /// Failing tests that execute the element.
    pub ef: f64,
    /// Passing tests that execute the element.
    pub ep: f64,
    /// Failing tests that do not execute the element.
    pub nf: f64,
    /// Passing tests that do not execute the element.
    pub np: f64,
}

impl Counts {
    /// Counts from integers.
    pub fn new(ef: u64, ep: u64, nf: u64, np: u64) -> Self {
        Counts {
            ef: ef as f64,
            ep: ep as f64,
            nf: nf as f64,
            np: np as f64,
        }
    }

    /// `F = ef + nf`, the number of failing tests.
    pub fn failed(&self) -> f64 {
        self.ef + self.nf
    }

    /// `P = ep + np`, the number of passing tests.
    pub fn passed(&self) -> f64 {
        self.ep + self.np
    }

    /// The cloning factor `c = P/F`, or `None` when cloning does not apply (`F = 0` or `c < 1`).
    pub fn cloning_factor(&self) -> Option<f64> {
        let (f, p) = (self.failed(), self.passed());
        (f > 0.0 && p >= f).then(|| p / f)
    }

    /// The counts after cloning the failing tests `c = P/F` times (Zhang et al., JSS 2017; see
    /// docs/RANKING.md#cloning-failed-tests): `ef' = c·ef`, `nf' = c·nf`, passing counts unchanged;
    /// unchanged when `c < 1` or there is no failing test.
    pub fn with_cloned_failures(&self) -> Self {
        match self.cloning_factor() {
            Some(c) => Counts {
                ef: c * self.ef,
                nf: c * self.nf,
                ..*self
            },
            None => *self,
        }
    }
}

/// Division with sattar's zero policy: `x/0` is `+∞` for `x > 0`, `−∞` for `x < 0`, and `0` for
/// `x = 0`; otherwise ordinary division.
pub fn safe_div(x: f64, y: f64) -> f64 {
    if y != 0.0 {
        x / y
    } else if x > 0.0 {
        f64::INFINITY
    } else if x < 0.0 {
        f64::NEG_INFINITY
    } else {
        0.0
    }
}

/// Tarantula's confidence `max(ef/F, ep/P)` (SAT-TAR's secondary sort key).
pub fn tarantula_confidence(c: &Counts) -> f64 {
    safe_div(c.ef, c.failed()).max(safe_div(c.ep, c.passed()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn division_policy() {
        assert_eq!(safe_div(3.0, 0.0), f64::INFINITY);
        assert_eq!(safe_div(-3.0, 0.0), f64::NEG_INFINITY);
        assert_eq!(safe_div(0.0, 0.0), 0.0);
        assert_eq!(safe_div(1.0, 4.0), 0.25);
    }

    #[test]
    fn cloning_only_when_c_at_least_one() {
        // F = 2, P = 6 → c = 3.
        let c = Counts::new(1, 2, 1, 4).with_cloned_failures();
        assert_eq!(
            c,
            Counts {
                ef: 3.0,
                ep: 2.0,
                nf: 3.0,
                np: 4.0
            }
        );
        // F = 3, P = 2 → c = 2/3 < 1: unchanged.
        let d = Counts::new(1, 1, 2, 1);
        assert_eq!(d.with_cloned_failures(), d);
        // F = 0: unchanged.
        let e = Counts::new(0, 1, 0, 1);
        assert_eq!(e.with_cloned_failures(), e);
    }

    #[test]
    fn confidence() {
        // ef/F = 1/2, ep/P = 3/4 → 3/4.
        assert_eq!(tarantula_confidence(&Counts::new(1, 3, 1, 1)), 0.75);
        assert_eq!(tarantula_confidence(&Counts::new(0, 0, 0, 0)), 0.0);
    }
}
