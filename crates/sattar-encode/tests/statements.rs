//! Java's statements beyond loops and `if` are encoded as the interpreter runs them: `assert`,
//! labelled jumps, `try`/`catch`/`finally` (handlers chosen by class, `finally` resuming returns,
//! breaks and exceptions or overriding them, rethrow), on fixed inputs and on inputs the encoder
//! enumerates from a free pre-state.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

mod common;
#[path = "../../sattar-java/tests/support/statements.rs"]
mod statements;

use sattar_java::Program;

use statements::{
    input_json, mood_json, FILES, INT_METHODS, MOODS, MOOD_METHODS, NPE_INPUTS, VALUES,
};

fn program() -> Program {
    common::program(FILES)
}

#[test]
fn fixed_inputs_agree_with_the_interpreter() {
    let p = program();
    let mut cases: Vec<(String, String)> = Vec::new();
    for name in INT_METHODS.iter().chain(&["grid"]) {
        for &a in VALUES {
            for &b in VALUES {
                cases.push((name.to_string(), input_json(name, a, b, b)));
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
            cases.push((name.to_string(), mood_json(m, 4)));
        }
    }
    for (name, json) in &cases {
        let _want = common::fixed_agrees(&p, &format!("St.{name}"), json);
    }
}

#[test]
fn enumerated_inputs_agree_with_the_interpreter() {
    let p = program();
    let mut total = 0;
    for name in INT_METHODS
        .iter()
        .chain(&["grid", "npe"])
        .chain(MOOD_METHODS)
    {
        let m = p.find_methods(&format!("St.{name}"))[0].id;
        let n = common::enumerated_agree(&p, m, Some(6), 2, 80);
        assert!(n >= 10, "{name}: only {n} inputs");
        total += n;
    }
    assert!(total > 400, "{total}");
}
