//! Control dependence on the linked list's `delete`, worked out by hand from the post-dominators:
//! the loop test s3 and the key test s4 govern the body; `return false` (s12) runs only when the
//! loop test fails; the loop test itself is re-reached only through s4's false edge.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report
mod common;
use common::*;
use sattar_java::{Cfg, StmtId};

#[test]
fn control_dependences_of_delete() {
    let p = subject("java-subjects/linkedlist/LinkedList.java", None);
    let cfg = Cfg::build(p.method(method(&p, "delete")));
    let deps = cfg.control_dependences();
    let of = |s: u32| -> Vec<(u32, bool)> {
        let mut v: Vec<(u32, bool)> = deps
            .get(&StmtId(s))
            .map(|d| d.iter().map(|(b, o)| (b.0, *o)).collect())
            .unwrap_or_default();
        v.sort();
        v
    };
    assert_eq!(of(1), []);
    assert_eq!(of(2), []);
    assert_eq!(of(3), [(4, false)]);
    assert_eq!(of(4), [(3, true)]);
    for s in [5, 8, 9] {
        assert_eq!(of(s), [(4, true)], "s{s}");
    }
    assert_eq!(of(6), [(5, true)]);
    assert_eq!(of(7), [(5, false)]);
    for s in [10, 11] {
        assert_eq!(of(s), [(4, false)], "s{s}");
    }
    assert_eq!(of(12), [(3, false)]);
    // Every statement is in the graph, plus entry and exit.
    assert_eq!(
        cfg.graph.node_count(),
        p.stmts_of(method(&p, "delete")).count() + 2
    );
}
