//! Java's statements beyond loops and `if` on the real JVM equal the interpreter's: `assert`
//! (the JVM runs with assertions enabled), labelled jumps, `try`/`catch`/`finally` with user and
//! JDK exception classes, on every value of the shared statements program.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

mod common;
#[path = "../../sattar-java/tests/support/statements.rs"]
mod statements;

use sattar_heap::input_from_json;
use sattar_java::{run, Limits, Termination};
use sattar_jvm::JvmRunner;
use statements::{
    input_json, mood_json, FILES, INT_METHODS, MOODS, MOOD_METHODS, NPE_INPUTS, VALUES,
};
use std::collections::BTreeSet;

#[test]
fn every_statement_form_on_every_value_matches_the_interpreter() {
    let p = common::program_of(FILES);
    let limits = Limits {
        max_steps: 10_000,
        max_depth: 50,
    };
    let mut jvm =
        JvmRunner::start(&p, common::options(limits.max_steps)).unwrap_or_else(|e| panic!("{e}"));
    let mut outcomes = BTreeSet::new();
    let mut cases: Vec<(String, String)> = Vec::new();
    for name in INT_METHODS.iter().chain(&["grid"]) {
        for &a in VALUES {
            for &b in VALUES
                .iter()
                .take(if *name == "grid" { VALUES.len() } else { 1 })
            {
                cases.push((name.to_string(), input_json(name, a, b, a - b)));
            }
        }
    }
    cases.extend(
        NPE_INPUTS
            .iter()
            .map(|j| ("npe".to_string(), j.to_string())),
    );
    for name in MOOD_METHODS {
        for m in MOODS {
            for seed in [0, 3] {
                cases.push((name.to_string(), mood_json(m, seed)));
            }
        }
    }
    for (name, json) in &cases {
        let m = p.find_methods(&format!("St.{name}"))[0].id;
        let (input, _) = input_from_json(json, "t.json", &p.schema(), &p.sig(m))
            .unwrap_or_else(|e| panic!("{e}"));
        let want = run(&p, m, &input, limits).expect("runs");
        let got = jvm.run(m, &input).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(got, want, "{name} on {json}");
        outcomes.insert(match want.termination {
            Termination::Threw(e) => e,
            _ => "returned".into(),
        });
    }
    for e in [
        "returned",
        "java.lang.AssertionError",
        "st.Bad",
        "st.Worse",
        "java.util.NoSuchElementException",
        "java.lang.IllegalArgumentException",
        "java.lang.ArithmeticException",
    ] {
        assert!(outcomes.contains(e), "{e} never happened: {outcomes:?}");
    }
}
