//! Random programs over the class structure of real Java (`support/random_java.rs`), each run on
//! many inputs by the reference interpreter and the SAT encoding, which must agree on outcome,
//! coverage, branch trace and post-state (the JVM's side is in sattar-jvm's tests).
//! `SATTAR_RANDOM_PROGRAMS=N` runs N programs (default 12).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

#[path = "support/random_java.rs"]
mod random_java;

use random_java::{inputs, program};
use sattar_encode::{encode, EncodeError, EncodeOptions, Mode, PreSpec};
use sattar_java::{parse_sources, run, Limits, Termination};
use sattar_sat::{Bool, Outcome};
use sattar_spec::ResolvedMethod;

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

/// Every random program compiles with javac, is inside sattar's language, and the encoding of a
/// fixed input predicts exactly the interpreter's run.
#[test]
fn random_programs_encoder_agrees_with_the_interpreter() {
    let mut runs = 0;
    for seed in 0..programs() {
        let sources = program(seed);
        let p = parse_sources(&sources)
            .unwrap_or_else(|e| panic!("seed {seed}: {}\n{}", e[0], sources[5].text));
        let m = p.find_methods("Main.run")[0].id;
        p.check_supported(m)
            .unwrap_or_else(|d| panic!("seed {seed}: {d}"));
        let spec = ResolvedMethod {
            sig: p.sig(m),
            ensures_set: None,
            constraints: Vec::new(),
        };
        for input in inputs(&p, m, seed, 10) {
            let want = run(&p, m, &input, LIMITS).expect("a valid input");
            let opts = EncodeOptions {
                mode: Mode::Direct,
                max_unroll: 16,
                ..EncodeOptions::default()
            };
            let ctx = format!("seed {seed} on {input}\n{}", sources[5].text);
            match encode(&p, m, &spec, PreSpec::Fixed(&input), &opts) {
                Ok(enc) => {
                    let got = enc
                        .decode_constant()
                        .unwrap_or_else(|| panic!("{ctx}: not constant"));
                    assert_eq!(got.execution.termination, want.termination, "{ctx}");
                    assert_eq!(got.execution.post, want.post, "{ctx}");
                    assert_eq!(got.execution.covered, want.covered, "{ctx}");
                    assert_eq!(got.execution.trace, want.trace, "{ctx}");
                    runs += 1;
                }
                Err(EncodeError::Unwinding { .. }) => {
                    assert_eq!(want.termination, Termination::StepLimit, "{ctx}")
                }
                Err(e) => panic!("{ctx}: {e}"),
            }
        }
    }
    assert!(runs > 0);
}

/// On a free pre-state, every input the encoding enumerates (receivers, fields and statics chosen
/// by the solver, every class of the hierarchy among them) runs on the interpreter exactly as the
/// encoding predicts: dispatch on a symbolic receiver, casts, `instanceof` and statics included.
#[test]
fn random_programs_free_pre_states_agree_with_the_interpreter() {
    let mut runs = 0;
    for seed in 0..programs() {
        let sources = program(seed);
        let p = parse_sources(&sources).unwrap_or_else(|e| panic!("seed {seed}: {}", e[0]));
        let m = p.find_methods("Main.run")[0].id;
        let spec = ResolvedMethod {
            sig: p.sig(m),
            ensures_set: None,
            constraints: Vec::new(),
        };
        let opts = EncodeOptions {
            mode: Mode::Direct,
            unroll: Some(4),
            ..EncodeOptions::default()
        };
        let mut enc = encode(&p, m, &spec, PreSpec::Free { scope: 2 }, &opts)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let (valid, fits) = (enc.pre_ok(), enc.in_bounds());
        enc.session.assert_hard(valid);
        enc.session.assert_hard(fits);
        let mut rng = random_java::Rng::new(seed);
        for _ in 0..12 {
            // Random assumptions on a third of the input's variables spread the inputs over the
            // hierarchy (blocking clauses alone give neighbours of the first model).
            let steer: Vec<Bool> = enc
                .input_vars()
                .iter()
                .filter_map(|&v| match rng.below(6) {
                    0 => Some(v),
                    1 => Some(!v),
                    _ => None,
                })
                .collect();
            let model = match enc.session.solve(&[], &steer).expect("no budget") {
                Outcome::Sat(m) => m,
                Outcome::Unsat(_) => match enc.session.solve(&[], &[]).expect("no budget") {
                    Outcome::Sat(m) => m,
                    Outcome::Unsat(_) => break,
                },
            };
            let got = enc.decode(&model);
            let want = run(&p, m, &got.input, LIMITS).expect("a valid input");
            let ctx = format!("seed {seed} on {}\n{}", got.input, sources[5].text);
            assert_eq!(got.execution.termination, want.termination, "{ctx}");
            assert_eq!(got.execution.post, want.post, "{ctx}");
            assert_eq!(got.execution.covered, want.covered, "{ctx}");
            assert_eq!(got.execution.trace, want.trace, "{ctx}");
            assert_eq!(got.execution.steps, want.steps, "{ctx}");
            enc.block_input(&model);
            runs += 1;
        }
    }
    assert!(runs > 50, "{runs}");
}
