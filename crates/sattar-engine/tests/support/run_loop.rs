//! SAT-TAR's loop run to its end in a test.

use sattar_engine::{Executor, Localizer};

/// Steps `loc` until it stops, failing the test on an error or past 50 rounds.
pub fn until_stopped(loc: &mut Localizer, exec: &mut dyn Executor) {
    while loc.step(exec).unwrap_or_else(|e| panic!("{e}")).is_some() {
        assert!(loc.rounds.len() < 50, "the loop must end");
    }
}
