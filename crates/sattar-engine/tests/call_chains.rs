//! Ties along a call (docs/LOCALIZE.md, step 7): when a call statement and a statement of the
//! callee both repair the failing run alone and tie, the one that passes the value across the
//! call ranks first. A wrong argument (`new Entry<>(x, null)`, `childTree.setParent(childTree)`)
//! then ranks above the callee's store of the parameter, which only passes the wrong value on.
//! Each case is the fault's smallest failing input, localized to the end on the interpreter.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failing test panics

#[path = "support/run_loop.rs"]
mod run_loop;

use sattar_engine::{at_place, Interpreter, LocalizeOptions, Localizer, Subject, SubjectRequest};
use sattar_java::Limits;

/// The faulty line's worst-case rank when SAT-TAR stops, and the lines of the repairing
/// suspects that read what another one passes them.
fn localized(fault: &str) -> (Option<usize>, Vec<u32>) {
    let subject = Subject::load(&SubjectRequest {
        fault: Some(fault.into()),
        ..Default::default()
    })
    .unwrap_or_else(|e| panic!("{e}"));
    let mut exec = Interpreter(Limits::default());
    let mut loc = Localizer::start(&subject, LocalizeOptions::default(), &mut exec)
        .unwrap_or_else(|e| panic!("{e}"));
    run_loop::until_stopped(&mut loc, &mut exec);
    let places = subject
        .fault
        .as_ref()
        .expect("a catalog fault")
        .faulty_locations();
    let faulty = (loc.analysis.repair_flows.iter())
        .filter(|(a, _)| at_place(&subject.program, *a, &places))
        .map(|(_, b)| subject.program.stmt(*b).line)
        .collect();
    (loc.rank_of_lines(&places), faulty)
}

/// `new Entry<>(x, null)` for `new Entry<>(x, parent)`: the constructor's `this.parent = parent`
/// repairs the run as well (any parent will do), tied with the call; the call goes first.
#[test]
fn a_wrong_constructor_argument_ranks_above_the_store_of_its_parameter() {
    let (rank, fed) = localized("ds.searchTree.parentErr");
    assert_eq!(rank, Some(1));
    assert_eq!(
        fed,
        [16],
        "the constructor's store of the parameter reads what the call passes"
    );
}

/// ANTLR's `childTree.setParent(childTree)` for `setParent(this)`: `setParent`'s store of its
/// argument ties with the call, and the call goes first (rank 2 before this rule).
#[test]
fn a_wrong_call_argument_ranks_above_the_callee_that_stores_it() {
    let (rank, fed) = localized("ant.parentErr1");
    assert_eq!(rank, Some(1));
    assert!(!fed.is_empty(), "the callee's statements read the argument");
}
