//! The JVM's executions equal the reference interpreter's, for both bundled subjects and every
//! catalog fault.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

mod common;

use common::*;
use sattar_catalog::inputs::{bst_inputs, list_inputs};
use sattar_heap::TestInput;
use sattar_java::{run, Limits};
use sattar_jvm::JvmRunner;

const STEPS: u64 = 2_000;

fn check(rel: &str, method: &str, inputs: &[TestInput]) -> usize {
    let mut variants = vec![Vec::new()];
    variants.extend(faults(rel));
    let mut n = 0;
    for muts in &variants {
        let p = subject(rel, muts);
        let m = p.find_methods(method)[0].id;
        let mut jvm = JvmRunner::start(&p, options(STEPS)).unwrap_or_else(|e| panic!("{e}"));
        for input in inputs {
            let want = run(
                &p,
                m,
                input,
                Limits {
                    max_steps: STEPS,
                    max_depth: 1_000,
                },
            )
            .expect("valid input");
            let got = jvm.run(m, input).unwrap_or_else(|e| panic!("{e}"));
            let ctx = format!("{rel} {muts:?} on {input}");
            assert_eq!(got.termination, want.termination, "{ctx}");
            assert_eq!(got.covered, want.covered, "{ctx}");
            assert_eq!(got.trace, want.trace, "{ctx}");
            assert_eq!(got.post, want.post, "{ctx}");
            assert_eq!(got.steps, want.steps, "{ctx}");
            n += 1;
        }
    }
    n
}

#[test]
fn linked_list_delete_matches_the_interpreter_for_every_fault() {
    let n = check(
        "java-subjects/linkedlist/LinkedList.java",
        "delete",
        &list_inputs(),
    );
    assert!(n > 2_000, "{n} runs");
}

#[test]
fn bst_add_matches_the_interpreter_for_every_fault() {
    let n = check(
        "java-subjects/bst/BinarySearchTree.java",
        "add",
        &bst_inputs(),
    );
    assert!(n > 3_000, "{n} runs");
}
