//! Helpers shared by the encoder's differential tests: the program of a shared source set, the
//! interpreter's limits, a method with no specification.
#![allow(dead_code)]

use sattar_encode::{encode, EncodeOptions, Mode, PreSpec};
use sattar_java::{parse_sources, run, Limits, MethodId, Program, SourceText};
use sattar_sat::Outcome;
use sattar_spec::ResolvedMethod;

/// The interpreter's limits in every differential test.
pub const LIMITS: Limits = Limits {
    max_steps: 10_000,
    max_depth: 50,
};

/// The program of `(path, text)` files, read together.
pub fn program(files: &[(&str, &str)]) -> Program {
    let sources: Vec<SourceText> = files
        .iter()
        .map(|(p, t)| SourceText {
            path: p.to_string(),
            text: t.to_string(),
        })
        .collect();
    parse_sources(&sources).unwrap_or_else(|e| panic!("{}", e[0]))
}

/// Method `m` with no specification: only Java's implicit constraints.
pub fn no_spec(p: &Program, m: MethodId) -> ResolvedMethod {
    ResolvedMethod {
        sig: p.sig(m),
        ensures_set: None,
        constraints: Vec::new(),
    }
}

/// Enumerates up to `max` valid inputs of `m` from a free pre-state of `scope` (the encoder's
/// own, each blocked in turn) and asserts that the encoder's decoded run of each is the
/// interpreter's; how many it compared.
pub fn enumerated_agree(
    p: &Program,
    m: MethodId,
    unroll: Option<u32>,
    scope: usize,
    max: usize,
) -> usize {
    let name = p.method(m).qualified_name();
    let opts = EncodeOptions {
        mode: Mode::Direct,
        unroll,
        ..EncodeOptions::default()
    };
    let mut enc = encode(p, m, &no_spec(p, m), PreSpec::Free { scope }, &opts)
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    let (valid, fits) = (enc.pre_ok(), enc.in_bounds());
    enc.session.assert_hard(valid);
    enc.session.assert_hard(fits);
    let mut n = 0;
    while n < max {
        let Outcome::Sat(model) = enc.session.solve(&[], &[]).expect("no budget") else {
            break;
        };
        let got = enc.decode(&model);
        let want = run(p, m, &got.input, LIMITS).expect("runs");
        assert_eq!(got.execution, want, "{name} on {}", got.input);
        enc.block_input(&model);
        n += 1;
    }
    n
}
