//! SAT variables and literals, numbered as in DIMACS (the numbering CaDiCaL's API takes).

use std::ops::Not;

/// The largest variable index: DIMACS numbers (`index + 1`) are `i32`, as in CaDiCaL's API.
pub(crate) const MAX_VAR_INDEX: usize = i32::MAX as usize - 1;

/// A SAT variable, by 0-based index (DIMACS number `index + 1`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub(crate) struct Var(u32);

impl Var {
    /// The variable with 0-based `index`, clamped to [`MAX_VAR_INDEX`] (the encoder refuses to
    /// solve once it had to clamp, so a clamped variable is never handed to the solver).
    pub(crate) fn from_index(index: usize) -> Var {
        Var(index.min(MAX_VAR_INDEX) as u32)
    }

    /// The literal of this variable with the given polarity (`true`: positive).
    pub(crate) fn lit(self, positive: bool) -> Lit {
        let n = self.to_dimacs();
        Lit(if positive { n } else { -n })
    }

    /// The positive literal.
    pub(crate) fn positive(self) -> Lit {
        self.lit(true)
    }

    /// The DIMACS number, `index + 1`.
    pub(crate) fn to_dimacs(self) -> i32 {
        self.0 as i32 + 1
    }
}

/// A literal: a variable or its negation, as a non-zero DIMACS integer.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub(crate) struct Lit(i32);

impl Lit {
    /// Its variable.
    pub(crate) fn var(self) -> Var {
        Var(self.0.unsigned_abs() - 1)
    }

    /// The DIMACS integer: `±(index + 1)`.
    pub(crate) fn to_dimacs(self) -> i32 {
        self.0
    }
}

impl Not for Lit {
    type Output = Lit;

    fn not(self) -> Lit {
        Lit(-self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dimacs_numbers_are_index_plus_one_signed_by_polarity() {
        let v = Var::from_index(4);
        assert_eq!(v.positive().to_dimacs(), 5);
        assert_eq!((!v.positive()).to_dimacs(), -5);
        assert_eq!(v.lit(false).var(), v);
        assert_eq!(Var::from_index(usize::MAX).to_dimacs(), i32::MAX);
    }
}
