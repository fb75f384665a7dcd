//! The solver under a session: CaDiCaL (through the `cadical` crate), interruptible at a deadline.
//!
//! CaDiCaL aborts the process on a call its API contract forbids (a value outside a satisfied
//! state, a failed literal outside an unsatisfied one). This wrapper keeps the state itself and
//! answers such calls without reaching the library, so no input can abort sattar.

use std::time::Instant;

use crate::lit::{Lit, Var};

/// Stops a running search once its deadline has passed.
#[derive(Default)]
struct Deadline {
    at: Option<Instant>,
}

impl cadical::Callbacks for Deadline {
    fn terminate(&mut self) -> bool {
        self.at.is_some_and(|at| Instant::now() >= at)
    }
}

/// What the last call concluded; `Unknown` once a clause was added since.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Unknown,
    Sat,
    Unsat,
}

/// An incremental SAT solver with assumptions, failed assumptions and a deadline.
pub(crate) struct Solver {
    inner: cadical::Solver<Deadline>,
    state: State,
}

impl Solver {
    /// A solver with CaDiCaL's default configuration.
    pub(crate) fn new() -> Solver {
        let mut inner = cadical::Solver::new();
        inner.set_callbacks(Some(Deadline::default()));
        Solver {
            inner,
            state: State::Unknown,
        }
    }

    /// Adds a clause (empty: the formula becomes unsatisfiable).
    pub(crate) fn add_clause(&mut self, lits: impl IntoIterator<Item = Lit>) {
        self.state = State::Unknown;
        self.inner
            .add_clause(lits.into_iter().map(|l| l.to_dimacs()));
    }

    /// Solves under `assumptions`; `None` if the search was stopped at `deadline` or after
    /// `conflicts` conflicts.
    pub(crate) fn solve(
        &mut self,
        assumptions: &[Lit],
        deadline: Option<Instant>,
        conflicts: Option<u32>,
    ) -> Option<bool> {
        if let Some(cbs) = self.inner.get_callbacks() {
            cbs.at = deadline;
        }
        // CaDiCaL's limit holds for the next call only; -1 is none. It knows the name.
        let limit = conflicts.map_or(-1, |n| i32::try_from(n).unwrap_or(i32::MAX));
        let _ = self.inner.set_limit("conflicts", limit);
        let answer = self
            .inner
            .solve_with(assumptions.iter().map(|l| l.to_dimacs()));
        self.state = match answer {
            Some(true) => State::Sat,
            Some(false) => State::Unsat,
            None => State::Unknown,
        };
        answer
    }

    /// Whether the assumed `lit` took part in the last unsatisfiability proof (false otherwise).
    pub(crate) fn failed(&self, lit: Lit) -> bool {
        self.state == State::Unsat && self.inner.failed(lit.to_dimacs())
    }

    /// The value of `var` in the last model (false without one, and for unused variables).
    pub(crate) fn value(&self, var: Var) -> bool {
        self.state == State::Sat && self.inner.value(var.positive().to_dimacs()) == Some(true)
    }
}
