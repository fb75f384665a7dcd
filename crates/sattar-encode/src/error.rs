//! What can go wrong while encoding: an input that does not fit, a construct outside the encoding,
//! a bound that is too small for a concrete run.

use sattar_sat::{Limit, SatError};

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
    TooManyInstances(usize),
    /// The input's integers do not fit in 32 bits of arithmetic.
    #[error("integer arithmetic overflows {0} bits on this input")]
    Overflow(u32),
    /// The spec or the code cannot be encoded (a construct the interpreter runs but the encoding
    /// does not translate).
    #[error("{0}")]
    Unsupported(String),
    /// The encoding outgrew its node limit (memory) before it was complete.
    #[error("the SAT encoding needs more than {0} circuit nodes (--max-gates, about 700 bytes each); lower --scope, --unroll or --bitwidth, or raise --max-gates")]
    TooLarge(usize),
    /// The SAT back end failed or ran out of its budget.
    #[error("{}", sat_message(.0))]
    Sat(#[from] SatError),
}

/// The SAT layer's message, with the flag that sets the limit it reached.
fn sat_message(e: &SatError) -> String {
    let flag = match e {
        SatError::BudgetExhausted {
            limit: Limit::Time(_),
            ..
        } => " (the limit is --sat-time, which stops a running solver call too)",
        SatError::BudgetExhausted {
            limit: Limit::Nodes(_),
            ..
        } => " (the limit is --max-gates)",
        _ => "",
    };
    format!("{e}{flag}")
}
