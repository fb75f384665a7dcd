//! Spectra over condition values (Apollo's extended domain, docs/RANKING.md): a wrong comparison
//! that passing tests also execute is told from its correct executions, and a fault outside any
//! condition keeps its rank. Each case is the fault's smallest failing input (what `check` finds),
//! localized to the end on the interpreter under both domains.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failing test panics

use sattar_engine::{Domain, Interpreter, LocalizeOptions, Localizer, Subject, SubjectRequest};
use sattar_java::Limits;

/// The faulty line's worst-case rank when SAT-TAR stops, over `domain`.
fn rank(fault: &str, domain: Domain) -> Option<usize> {
    let subject = Subject::load(&SubjectRequest {
        fault: Some(fault.into()),
        ..Default::default()
    })
    .unwrap_or_else(|e| panic!("{e}"));
    let opts = LocalizeOptions {
        domain,
        ..LocalizeOptions::default()
    };
    let mut exec = Interpreter(Limits::default());
    let mut loc = Localizer::start(&subject, opts, &mut exec).unwrap_or_else(|e| panic!("{e}"));
    while loc
        .step(&mut exec)
        .unwrap_or_else(|e| panic!("{e}"))
        .is_some()
    {
        assert!(loc.rounds.len() < 50, "the loop must end");
    }
    let places = subject
        .fault
        .as_ref()
        .expect("a catalog fault")
        .faulty_locations();
    loc.rank_of_lines(&places)
}

/// `>=` for `>` in an overlap test: the condition is true on the failing run where the ends
/// touch, and the passing tests that reach it are mostly false. As a statement it ties with every
/// statement all tests run (rank 6 of 10); over values it ties `return false;`, the statement
/// its true value runs, which is rated as itself and goes first.
#[test]
fn a_wrong_comparison_rises_to_the_statement_it_guards() {
    assert_eq!(rank("maps.calendar.touchErr", Domain::Statements), Some(6));
    assert_eq!(rank("maps.calendar.touchErr", Domain::Outcomes), Some(2));
}

/// `==` for `equals` on boxed keys: its true value is what the failing run alone takes.
#[test]
fn an_identity_comparison_ranks_first_over_values() {
    assert_eq!(
        rank("values.tally.identityErr", Domain::Statements),
        Some(4)
    );
    assert_eq!(rank("values.tally.identityErr", Domain::Outcomes), Some(1));
}

/// Faults in assignments keep rank 1: the conditions lifted to their ties rank after them.
#[test]
fn faults_outside_conditions_keep_their_rank() {
    for fault in [
        "sll.sizeErr2",
        "sll.removeErr",
        "bst.parentErr",
        "ds.stack.pushErr",
    ] {
        assert_eq!(rank(fault, Domain::Outcomes), Some(1), "{fault}");
        assert_eq!(rank(fault, Domain::Statements), Some(1), "{fault}");
    }
}
