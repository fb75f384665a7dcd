//! Java's integer and boolean operators are encoded as the interpreter runs them: on fixed inputs
//! at the edges of `int` (32-bit wrap-around, MIN / -1, division by zero, shift distances past
//! 31), and on inputs the encoder enumerates from a free pre-state at a reduced bitwidth (where a
//! result Java would not wrap the same way must be excluded as an overflow, never mispredicted).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

#[path = "../../sattar-java/tests/support/operators.rs"]
mod operators;

use operators::{input_json, EDGES, METHODS, OPS};
use sattar_encode::{encode, EncodeOptions, Mode, PreSpec};
use sattar_heap::input_from_json;
use sattar_java::{parse_program, run, Limits, Program, Termination};
use sattar_sat::Outcome;
use sattar_spec::ResolvedMethod;
use std::collections::BTreeSet;

const LIMITS: Limits = Limits {
    max_steps: 10_000,
    max_depth: 50,
};

fn program() -> Program {
    parse_program("Ops.java", OPS).unwrap_or_else(|e| panic!("{}", e[0]))
}

fn spec(p: &Program, m: sattar_java::MethodId) -> ResolvedMethod {
    ResolvedMethod {
        sig: p.sig(m),
        ensures_set: None,
        constraints: Vec::new(),
    }
}

#[test]
fn fixed_edge_values_agree_with_the_interpreter() {
    let p = program();
    let mut outcomes = BTreeSet::new();
    for name in METHODS {
        let m = p.find_methods(name)[0].id;
        let rm = spec(&p, m);
        for &a in EDGES {
            for &b in EDGES {
                let json = input_json(name, a, b, a ^ b);
                let (input, _) = input_from_json(&json, "t.json", &p.schema(), &p.sig(m))
                    .unwrap_or_else(|e| panic!("{e}"));
                let want = run(&p, m, &input, LIMITS).expect("runs");
                let enc = encode(
                    &p,
                    m,
                    &rm,
                    PreSpec::Fixed(&input),
                    &EncodeOptions::default(),
                )
                .unwrap_or_else(|e| panic!("{name}({a}, {b}): {e}"));
                let got = enc.decode_constant().expect("constant");
                assert_eq!(got.execution, want, "{name}({a}, {b})");
                outcomes.insert(match want.termination {
                    Termination::Threw(e) => e,
                    _ => "returned".into(),
                });
            }
        }
    }
    assert!(
        outcomes.contains("java.lang.ArithmeticException"),
        "{outcomes:?}"
    );
}

#[test]
fn enumerated_inputs_at_a_reduced_width_agree_with_the_interpreter() {
    let p = program();
    let mut total = 0;
    for name in METHODS {
        let m = p.find_methods(name)[0].id;
        let opts = EncodeOptions {
            mode: Mode::Direct,
            unroll: Some(4),
            bitwidth: Some(8),
            ..EncodeOptions::default()
        };
        let mut enc = encode(&p, m, &spec(&p, m), PreSpec::Free { scope: 1 }, &opts)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let (valid, fits) = (enc.pre_ok(), enc.in_bounds());
        enc.session.assert_hard(valid);
        enc.session.assert_hard(fits);
        let mut n = 0;
        while n < 150 {
            let Outcome::Sat(model) = enc.session.solve(&[], &[]).expect("no budget") else {
                break;
            };
            let got = enc.decode(&model);
            let want = run(&p, m, &got.input, LIMITS).expect("runs");
            assert_eq!(got.execution, want, "{name} on {}", got.input);
            enc.block_input(&model);
            n += 1;
        }
        assert!(n >= 20, "{name}: only {n} inputs");
        total += n;
    }
    assert!(total > 1_000, "{total}");
}
