//! Random programs over the class structure of real Java (sattar-engine's
//! `tests/support/random_java.rs`), each run on many inputs by the reference interpreter and the
//! real JVM, which must agree on outcome, coverage, branch trace, steps and post-state.
//! `SATTAR_RANDOM_PROGRAMS=N` runs N programs (default 12).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

mod common;
#[path = "../../sattar-engine/tests/support/random_java.rs"]
mod random_java;

use random_java::{inputs, program};
use sattar_java::{parse_sources, run, Limits};
use sattar_jvm::JvmRunner;

const LIMITS: Limits = Limits {
    max_steps: 5_000,
    max_depth: 60,
};

fn programs() -> u64 {
    std::env::var("SATTAR_RANDOM_PROGRAMS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(12)
}

#[test]
fn random_programs_jvm_agrees_with_the_interpreter() {
    let mut runs = 0;
    for seed in 0..programs() {
        let sources = program(seed);
        let p = parse_sources(&sources).unwrap_or_else(|e| panic!("seed {seed}: {}", e[0]));
        let m = p.find_methods("Main.run")[0].id;
        let mut jvm = JvmRunner::start(&p, common::options(LIMITS.max_steps))
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        for input in inputs(&p, m, seed, 10) {
            let want = run(&p, m, &input, LIMITS).expect("a valid input");
            let got = jvm.run(m, &input).unwrap_or_else(|e| panic!("{e}"));
            let ctx = format!("seed {seed} on {input}\n{}", sources[5].text);
            assert_eq!(got.termination, want.termination, "{ctx}");
            assert_eq!(got.covered, want.covered, "{ctx}");
            assert_eq!(got.trace, want.trace, "{ctx}");
            assert_eq!(got.post, want.post, "{ctx}");
            assert_eq!(got.steps, want.steps, "{ctx}");
            runs += 1;
        }
    }
    assert!(runs > 0);
}
