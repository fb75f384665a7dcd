//! `check`'s search of bounds: a violation within the current bounds is reported without growing
//! them further.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

mod common;

use sattar_encode::{check, CheckOptions, CheckOutcome};

/// A list walk that divides by each key: a key of 0 throws on the first cell, while a cyclic
/// list (valid: there is no invariant) runs past every bound.
const WALK: &str = "class Node {
    int key;
    Node next;
    int quotients() {
        int s = 0;
        Node n = this;
        while (n != null) {
            s += 100 / n.key;
            n = n.next;
        }
        return s;
    }
}
";

#[test]
fn a_violation_within_the_bounds_is_reported_before_they_grow() {
    let p = common::program(&[("Node.java", WALK)]);
    let m = p.find_methods("Node.quotients")[0].id;
    let spec = common::no_spec(&p, m);
    let opts = CheckOptions::default();
    let report = check(&p, m, &spec, &opts).expect("a report");
    let CheckOutcome::Violation(found) = &report.outcome else {
        panic!("expected a violation, got {:?}", report.outcome);
    };
    assert_eq!(report.scope, 1);
    assert_eq!(
        found.execution.exception(),
        Some("java.lang.ArithmeticException")
    );
    // The loop keeps its first bound (scope + 1 = 2): the cyclic list that goes past it did not
    // make the check double it up to `max_unroll` (64) before looking for the violation.
    let bounds: Vec<u32> = report.unroll.iter().map(|(_, k)| *k).collect();
    assert_eq!(bounds, vec![2], "{:?}", report.unroll);
}
