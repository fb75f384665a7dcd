//! Java's integer types beyond `int` are encoded as the interpreter runs them: `long` arithmetic
//! at 64 bits, narrowing and widening conversions, compound assignments on `char` and `byte`,
//! `switch` on `char`, fields and statics of every integer type; on fixed inputs with the
//! extremes of each type, and on inputs the encoder enumerates (at the width the program's widest
//! constant needs: 49 bits).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

mod common;
#[path = "../../sattar-java/tests/support/integers.rs"]
mod integers;

use integers::{cases, FILES};
use sattar_java::{Program, Termination};

use std::collections::BTreeSet;

fn program() -> Program {
    common::program(FILES)
}

#[test]
fn fixed_inputs_at_the_extremes_agree_with_the_interpreter() {
    let p = program();
    let mut outcomes = BTreeSet::new();
    for (name, json) in cases() {
        let want = common::fixed_agrees(&p, &format!("Ints.{name}"), &json);
        outcomes.insert(match want.termination {
            Termination::Threw(e) => e,
            _ => "returned".into(),
        });
    }
    assert!(
        outcomes.contains("java.lang.ArithmeticException"),
        "{outcomes:?}"
    );
}

#[test]
fn enumerated_inputs_agree_with_the_interpreter() {
    let p = program();
    let mut total = 0;
    for name in [
        "mix", "divide", "narrow", "step", "bump", "kind", "shifts", "compare", "widen", "sum",
    ] {
        let m = p.find_methods(&format!("Ints.{name}"))[0].id;
        let n = common::enumerated_agree(&p, m, Some(3), 2, 60);
        assert!(n >= 20, "{name}: only {n} inputs");
        total += n;
    }
    assert!(total > 400, "{total}");
}
