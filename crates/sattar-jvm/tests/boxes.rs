//! Java's box classes on the real JVM equal the interpreter's: boxing and unboxing everywhere
//! Java does them (NullPointerException on null), `==` on boxes inside and outside the cache
//! (-128..127), `equals`, `compareTo`, `hashCode` called directly, through `Object` and through a
//! generic `Comparable`, box fields and statics given as numbers or as shared objects.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

#[path = "../../sattar-java/tests/support/boxes.rs"]
mod boxes;
mod common;

use boxes::{cases, FILES};
use sattar_heap::{input_from_json, Value};
use sattar_java::{run, Limits, Termination};
use sattar_jvm::JvmRunner;
use std::collections::BTreeSet;

#[test]
fn every_box_form_on_every_value_matches_the_interpreter() {
    let p = common::program_of(FILES);
    let limits = Limits {
        max_steps: 10_000,
        max_depth: 50,
    };
    let mut jvm =
        JvmRunner::start(&p, common::options(limits.max_steps)).unwrap_or_else(|e| panic!("{e}"));
    let mut outcomes = BTreeSet::new();
    let mut same = BTreeSet::new();
    let all = cases();
    for (name, json) in &all {
        let m = p.find_methods(&format!("Boxes.{name}"))[0].id;
        let (input, _) = input_from_json(json, "t.json", &p.schema(), &p.sig(m))
            .unwrap_or_else(|e| panic!("{e}"));
        let want = run(&p, m, &input, limits).expect("runs");
        let got = jvm.run(m, &input).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(got, want, "{name} on {json}");
        if *name == "same" && input.arg("a") == input.arg("b") {
            let a = input.arg("a").cloned().unwrap_or(Value::Null);
            same.insert((a.as_integer().unwrap_or(0), want.result().cloned()));
        }
        outcomes.insert(match want.termination {
            Termination::Threw(e) => e,
            _ => "returned".into(),
        });
    }
    assert!(all.len() > 600, "{}", all.len());
    assert_eq!(
        outcomes.into_iter().collect::<Vec<_>>(),
        ["java.lang.NullPointerException", "returned"]
    );
    // `==` on two boxings of an equal value: the same object exactly inside the cache.
    for (v, r) in same {
        let cached = (-128..=127).contains(&v);
        assert_eq!(r, Some(Value::Bool(cached)), "boxing {v} twice");
    }
}
