//! sattar's models of java.lang.String and StringBuilder are encoded as the interpreter runs them: the strings
//! program's methods agree on fixed inputs (a sample of the JVM test's, literals and
//! concatenation included) and on inputs the encoder enumerates from a free pre-state, whose
//! Strings each own their `char[]`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

mod common;
#[path = "../../sattar-java/tests/support/strings.rs"]
mod strings;

use common::no_spec;
use sattar_java::Termination;
use std::collections::BTreeSet;

#[test]
fn fixed_inputs_agree_with_the_interpreter() {
    let p = common::program(strings::FILES);
    let mut outcomes = BTreeSet::new();
    let cases = strings::cases();
    // Every seventh case, and every concatenation: each method still meets several strings.
    let sample = cases.iter().enumerate().filter(|(i, (name, _))| {
        i % 7 == 0
            || matches!(
                *name,
                "join" | "joinObjects" | "appendTo" | "valueOfInt" | "build" | "edit" | "keep"
            )
    });
    for (_, (name, json)) in sample {
        let want = common::fixed_agrees(&p, &format!("Ops.{name}"), json);
        outcomes.insert(match &want.termination {
            Termination::Threw(e) => e.clone(),
            t => t.label(),
        });
    }
    for e in [
        "java.lang.StringIndexOutOfBoundsException",
        "java.lang.NullPointerException",
        "returned",
    ] {
        assert!(outcomes.contains(e), "no case ends with {e}: {outcomes:?}");
    }
}

#[test]
fn enumerated_inputs_agree_with_the_interpreter() {
    let p = common::program(strings::FILES);
    let mut total = 0;
    for name in [
        "equals",
        "compare",
        "indexOf",
        "substring2",
        "concatIsThis",
        "literalsAreInterned",
        "edit",
        "reversed",
    ] {
        let m = p.find_methods(&format!("Ops.{name}"))[0].id;
        let n = common::enumerated_agree(&p, m, Some(3), 2, 20);
        assert!(n >= 5, "{name}: only {n} inputs");
        total += n;
    }
    assert!(total >= 60, "{total}");
}

/// The free pre-states hold only Strings a Java heap can: each with a `char[]` of its own
/// (`storage_problem`, the rule JSON inputs are held to).
#[test]
fn free_pre_states_hold_only_strings_java_can() {
    let p = common::program(strings::FILES);
    let m = p.find_methods("Ops.identity")[0].id;
    let mut seen = 0;
    sattar_encode::for_each_valid_input(&p, m, &no_spec(&p, m), 2, &mut |input| {
        if let Some(problem) = sattar_java::library::storage_problem(&input) {
            panic!("{problem}\n{input}");
        }
        seen += 1;
        match seen < 200 {
            true => std::ops::ControlFlow::Continue(()),
            false => std::ops::ControlFlow::Break(()),
        }
    })
    .expect("enumerates");
    assert!(seen >= 20, "only {seen} inputs");
}
