//! Java's integer types beyond `int` on the real JVM equal the interpreter's: `long` arithmetic,
//! division and shifts, narrowing casts, compound assignments on `char` and `byte`, `switch` on
//! `char`, fields and statics of every integer type passed in and read back, on every value of
//! the shared integers program.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

mod common;
#[path = "../../sattar-java/tests/support/integers.rs"]
mod integers;

use integers::{cases, FILES};
use sattar_heap::input_from_json;
use sattar_java::{run, Limits, Termination};
use sattar_jvm::JvmRunner;
use std::collections::BTreeSet;

#[test]
fn every_integer_type_on_every_value_matches_the_interpreter() {
    let p = common::program_of(FILES);
    let limits = Limits {
        max_steps: 10_000,
        max_depth: 50,
    };
    let mut jvm =
        JvmRunner::start(&p, common::options(limits.max_steps)).unwrap_or_else(|e| panic!("{e}"));
    let mut outcomes = BTreeSet::new();
    let all = cases();
    for (name, json) in &all {
        let m = p.find_methods(&format!("Ints.{name}"))[0].id;
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
    assert!(all.len() > 1_000, "{}", all.len());
    assert_eq!(
        outcomes.into_iter().collect::<Vec<_>>(),
        ["java.lang.ArithmeticException", "returned"]
    );
}
