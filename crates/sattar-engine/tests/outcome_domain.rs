//! Spectra over condition values (Apollo's extended domain, docs/RANKING.md): a wrong comparison
//! that passing tests also execute is told from its correct executions, and a fault outside any
//! condition keeps its rank. Each case is the fault's smallest failing input (what `check` finds),
//! localized to the end on the interpreter under both domains.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failing test panics

#[path = "support/run_loop.rs"]
mod run_loop;

use sattar_engine::{
    at_place, Domain, Interpreter, LocalizeOptions, Localizer, Subject, SubjectRequest,
};
use sattar_java::Limits;
use sattar_report::ConditionValue;

/// The faulty line's worst-case rank when SAT-TAR stops, over `domain`.
fn rank(fault: &str, domain: Domain) -> Option<usize> {
    localized(fault, domain).0
}

/// The faulty line's worst-case rank when SAT-TAR stops, over `domain`, and the condition value
/// its best-ranked faulty statement is rated by (if one is).
fn localized(fault: &str, domain: Domain) -> (Option<usize>, Option<ConditionValue>) {
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
    run_loop::until_stopped(&mut loc, &mut exec);
    let places = subject
        .fault
        .as_ref()
        .expect("a catalog fault")
        .faulty_locations();
    let faulty = (loc.ranking().into_iter()).find(|r| at_place(&subject.program, r.stmt, &places));
    (loc.rank_of_lines(&places), faulty.and_then(|r| r.condition))
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

/// `==` for `equals` on boxed keys: the failing run's key is an equal but distinct box, so the
/// comparison is false where `equals` is true; passing runs find their key (the same box from
/// the Integer cache: true) or miss it. Its false value is the suspicious one, and the report
/// says so.
#[test]
fn an_identity_comparison_ranks_first_over_values() {
    assert_eq!(
        localized("values.tally.identityErr", Domain::Statements),
        (Some(4), None)
    );
    assert_eq!(
        localized("values.tally.identityErr", Domain::Outcomes),
        (Some(1), Some(ConditionValue::False))
    );
    assert_eq!(
        localized("maps.calendar.touchErr", Domain::Outcomes),
        (Some(2), Some(ConditionValue::True))
    );
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
        assert_eq!(
            localized(fault, Domain::Outcomes),
            (Some(1), None),
            "{fault}"
        );
        assert_eq!(rank(fault, Domain::Statements), Some(1), "{fault}");
    }
}
