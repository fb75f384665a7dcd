//! sattar's models of java.lang.String and StringBuilder equal the JDK's on the real JVM: every modelled
//! method on every string of a set (null, empty, ASCII, blanks, a surrogate pair) with ints out
//! of range on both sides, the identities the JDK gives, interned literals, and concatenation
//! with every kind of operand; every part of each `Execution` (termination, coverage, trace,
//! post-state, steps).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

mod common;
#[path = "../../sattar-java/tests/support/strings.rs"]
mod strings;

use sattar_heap::input_from_json;
use sattar_java::{parse_sources, Limits, SourceText, Termination};
use sattar_jvm::JvmRunner;
use std::collections::BTreeSet;

const LIMITS: Limits = Limits {
    max_steps: 10_000,
    max_depth: 50,
};

#[test]
fn every_modelled_string_method_equals_the_jdk() {
    let sources: Vec<SourceText> = strings::FILES
        .iter()
        .map(|(p, t)| SourceText {
            path: p.to_string(),
            text: t.to_string(),
        })
        .collect();
    let p = parse_sources(&sources).unwrap_or_else(|e| panic!("{}", e[0]));
    let mut jvm =
        JvmRunner::start(&p, common::options(LIMITS.max_steps)).unwrap_or_else(|e| panic!("{e}"));
    let mut outcomes = BTreeSet::new();
    let mut results = BTreeSet::new();
    let cases = strings::cases();
    for (name, json) in &cases {
        let m = p.find_methods(&format!("Ops.{name}"))[0].id;
        let (input, _) = input_from_json(json, "t.json", &p.schema(), &p.sig(m))
            .unwrap_or_else(|e| panic!("{name} on {json}: {e}"));
        let run = common::assert_same(&p, m, &input, &mut jvm, LIMITS);
        outcomes.insert(match &run.termination {
            Termination::Threw(e) => e.clone(),
            t => t.label(),
        });
        if let Termination::Returned(v) = &run.termination {
            results.insert((*name, format!("{v:?}")));
        }
    }
    assert!(cases.len() > 2_000, "{} cases", cases.len());
    for e in [
        "java.lang.StringIndexOutOfBoundsException",
        "java.lang.NullPointerException",
        "java.lang.NegativeArraySizeException",
        "returned",
    ] {
        assert!(outcomes.contains(e), "no case ends with {e}: {outcomes:?}");
    }
    // The identity checks go both ways on the JVM, so the model is held to each.
    for m in [
        "substringIsThis",
        "concatIsThis",
        "trimIsThis",
        "replaceIsThis",
        "identity",
    ] {
        for b in ["Bool(true)", "Bool(false)"] {
            assert!(
                results.contains(&(m, format!("Some({b})"))),
                "{m} never returns {b}"
            );
        }
    }
}
