//! Errors of the SAT layer.

use std::fmt;
use std::time::Duration;

use crate::session::GroupId;

/// A resource limit of a [`crate::Session`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Limit {
    /// Wall-clock time since the budget was set.
    Time(Duration),
    /// Number of calls to the SAT solver since the budget was set.
    Solves(u64),
    /// Nodes of the circuit (memory): the encoding outgrew its node limit.
    Nodes(usize),
    /// Conflicts of one solver call.
    Conflicts(u32),
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Limit::Time(d) => write!(f, "time limit of {:.3}s", d.as_secs_f64()),
            Limit::Solves(n) => write!(f, "limit of {n} SAT solver calls"),
            Limit::Nodes(n) => write!(f, "limit of {n} circuit nodes"),
            Limit::Conflicts(n) => write!(f, "limit of {n} conflicts per solver call"),
        }
    }
}

/// What can go wrong in the SAT layer.
#[derive(Debug, thiserror::Error)]
pub enum SatError {
    /// A budget limit was reached: before a solver call, or during one for the time limit.
    #[error(
        "SAT budget exhausted: {limit} reached after {solves} solver calls and {elapsed_ms} ms; \
         raise the limit or reduce scope/bitwidth/unrolling{}",
        partial_note(partial_core)
    )]
    BudgetExhausted {
        /// The limit that was hit.
        limit: Limit,
        /// Solver calls made under this budget.
        solves: u64,
        /// Milliseconds elapsed under this budget.
        elapsed_ms: u128,
        /// For core minimization: the unsat (not necessarily minimal) core reached so far.
        partial_core: Option<Vec<GroupId>>,
    },
    /// A group id that this session never handed out.
    #[error("unknown group {0} (it was not created by this session)")]
    UnknownGroup(GroupId),
}

/// The tail of the budget message when a partial core is available.
fn partial_note(partial: &Option<Vec<GroupId>>) -> String {
    match partial {
        Some(core) => format!(
            " (an unsat, possibly non-minimal core of {} groups was found)",
            core.len()
        ),
        None => String::new(),
    }
}
