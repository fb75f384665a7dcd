//! What can go wrong while encoding: an input that does not fit, a construct outside the encoding,
//! a bound that is too small for a concrete run.

use sattar_sat::SatError;

/// An encoding failure; every message says what to do.
#[derive(Debug, thiserror::Error)]
pub enum EncodeError {
    /// The test input does not fit the method or the classes.
    #[error("the input does not fit: {0}")]
    Input(String),
    /// A loop or a recursion needs more unrolling than allowed on this input.
    #[error("{what} needs more than {limit} iterations on this input; raise --max-unroll (or check that it terminates)")]
    Unwinding {
        /// The loop (`File.java:LINE: while (…)`) or the recursive method.
        what: String,
        /// The limit that was reached.
        limit: u32,
    },
    /// `--bitwidth` is too narrow for a constant of the code.
    #[error("--bitwidth {given} cannot hold the constant {constant} of the code; give at least {needed} (or leave --bitwidth out)")]
    Bitwidth {
        /// The width given.
        given: usize,
        /// The width the constants need.
        needed: usize,
        /// The widest constant.
        constant: i64,
    },
    /// The encoding would have more statement instances than its budget.
    #[error("the encoding needs more than {0} statement instances (loops unrolled, calls inlined); raise --max-instances, or lower --unroll / --max-unroll")]
    TooLarge(usize),
    /// The input's integers do not fit in 32 bits of arithmetic.
    #[error("integer arithmetic overflows {0} bits on this input")]
    Overflow(u32),
    /// The spec or the code cannot be encoded (a construct the interpreter runs but the encoding
    /// does not translate).
    #[error("{0}")]
    Unsupported(String),
    /// The SAT back end failed or ran out of its budget.
    #[error(transparent)]
    Sat(#[from] SatError),
}
