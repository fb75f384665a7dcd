//! Java's integer and boolean operators on the real JVM equal the interpreter's: every method of
//! the shared operator program on every pair of edge values (0, ±1, shift distances past 31,
//! MIN, MAX, ...), division by zero and MIN / -1 included.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

mod common;
#[path = "../../sattar-java/tests/support/operators.rs"]
mod operators;

use operators::{input_json, EDGES, METHODS, OPS};
use sattar_heap::input_from_json;
use sattar_java::{parse_program, run, Limits, Termination};
use sattar_jvm::JvmRunner;
use std::collections::BTreeSet;

#[test]
fn every_operator_on_every_pair_of_edge_values_matches_the_interpreter() {
    let p = parse_program("Ops.java", OPS).unwrap_or_else(|e| panic!("{}", e[0]));
    let limits = Limits {
        max_steps: 10_000,
        max_depth: 50,
    };
    let mut jvm =
        JvmRunner::start(&p, common::options(limits.max_steps)).unwrap_or_else(|e| panic!("{e}"));
    let mut outcomes = BTreeSet::new();
    let mut n = 0;
    for name in METHODS {
        let m = p.find_methods(name)[0].id;
        for &a in EDGES {
            for &b in EDGES {
                let json = input_json(name, a, b, a.wrapping_sub(b));
                let (input, _) = input_from_json(&json, "t.json", &p.schema(), &p.sig(m))
                    .unwrap_or_else(|e| panic!("{e}"));
                let want = run(&p, m, &input, limits).expect("runs");
                let got = jvm.run(m, &input).unwrap_or_else(|e| panic!("{e}"));
                assert_eq!(got, want, "{name}({a}, {b})");
                outcomes.insert(match want.termination {
                    Termination::Threw(e) => e,
                    _ => "returned".into(),
                });
                n += 1;
            }
        }
    }
    assert!(
        outcomes.contains("java.lang.ArithmeticException"),
        "{outcomes:?}"
    );
    assert_eq!(n, METHODS.len() * EDGES.len() * EDGES.len());
}
