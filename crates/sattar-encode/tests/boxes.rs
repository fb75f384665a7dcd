//! Java's box classes are encoded as the interpreter runs them: boxing (a shared object for a
//! cached value, whichever boxing made it first), unboxing with its null check, `==` on boxes,
//! `equals`/`compareTo`/`hashCode` directly and through `Object` and `Comparable`; on fixed inputs
//! and on inputs the encoder enumerates (boxes in the pre-state shared or not).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

#[path = "../../sattar-java/tests/support/boxes.rs"]
mod boxes;
mod common;

use boxes::{cases, FILES};
use sattar_java::{Program, Termination};

use std::collections::BTreeSet;

fn program() -> Program {
    common::program(FILES)
}

#[test]
fn fixed_inputs_agree_with_the_interpreter() {
    let p = program();
    let mut outcomes = BTreeSet::new();
    for (name, json) in cases() {
        let want = common::fixed_agrees(&p, &format!("Boxes.{name}"), &json);
        outcomes.insert(match want.termination {
            Termination::Threw(e) => e,
            _ => "returned".into(),
        });
    }
    assert!(
        outcomes.contains("java.lang.NullPointerException"),
        "{outcomes:?}"
    );
}

#[test]
fn enumerated_inputs_agree_with_the_interpreter() {
    let p = program();
    let mut total = 0;
    for name in [
        "unboxSum",
        "same",
        "eq",
        "bump",
        "cmp",
        "asObject",
        "sameField",
        "fromChar",
        "sw",
        "widen",
        "viaGeneric",
        "viaObjEquals",
        "hash",
        "chain",
        "cached",
    ] {
        let m = p.find_methods(&format!("Boxes.{name}"))[0].id;
        let n = common::enumerated_agree(&p, m, Some(3), 2, 60);
        assert!(n >= 20, "{name}: only {n} inputs");
        total += n;
    }
    assert!(total > 400, "{total}");
}
