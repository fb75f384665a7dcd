//! Helpers shared by the encoder's differential tests: the program of a shared source set, the
//! interpreter's limits, a method with no specification, agreement on fixed and enumerated inputs.
#![allow(dead_code)]

use sattar_encode::Encoding;
use sattar_encode::{encode, EncodeOptions, Mode, PreSpec};
use sattar_java::{parse_sources, run, Execution, Limits, MethodId, Program, SourceText};
use sattar_rank::SplitMix64;
use sattar_sat::{Bool, Model, Outcome};
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

/// Loads `json` as an input of method `qualified` and asserts that the encoder's run of it (a
/// fixed pre-state) is the interpreter's; the interpreter's execution.
pub fn fixed_agrees(p: &Program, qualified: &str, json: &str) -> Execution {
    let m = p.find_methods(qualified)[0].id;
    let (input, _) = sattar_heap::input_from_json(json, "t.json", &p.schema(), &p.sig(m))
        .unwrap_or_else(|e| panic!("{qualified} on {json}: {e}"));
    let want = run(p, m, &input, LIMITS).expect("runs");
    let enc = encode(
        p,
        m,
        &no_spec(p, m),
        PreSpec::Fixed(&input),
        &EncodeOptions::default(),
    )
    .unwrap_or_else(|e| panic!("{qualified} on {input}: {e}"));
    let got = enc
        .decode_constant()
        .expect("a fixed input's run is constant");
    assert_eq!(got.execution, want, "{qualified} on {input}");
    want
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
    let models = spread(&mut enc, max, max as u64);
    for model in &models {
        let got = enc.decode(model);
        let want = run(p, m, &got.input, LIMITS).expect("runs");
        assert_eq!(got.execution, want, "{name} on {}", got.input);
    }
    models.len()
}

/// Up to `n` distinct valid inputs of `enc` (each blocked once found), spread over the input
/// space whatever the solver: each is asked for under random assumptions on a quarter of the
/// input's variables, and when those are unsatisfiable the solver's failed assumptions are dropped
/// and the rest kept. (Blocking clauses alone give neighbours of the first model: which ones
/// depends on the solver's phase heuristics, not on the input space.)
pub fn spread(enc: &mut Encoding, n: usize, seed: u64) -> Vec<Model> {
    spread_under(enc, &[], n, seed)
}

/// [`spread`] among the inputs where every node of `always` holds.
pub fn spread_under(enc: &mut Encoding, always: &[Bool], n: usize, seed: u64) -> Vec<Model> {
    let mut rng = SplitMix64(seed);
    let mut out = Vec::new();
    while out.len() < n {
        let mut steer: Vec<Bool> = enc
            .input_vars()
            .iter()
            .filter_map(|&v| match rng.below(8) {
                0 => Some(v),
                1 => Some(!v),
                _ => None,
            })
            .collect();
        let model = loop {
            let assumed: Vec<Bool> = always.iter().chain(&steer).copied().collect();
            match enc.session.solve(&[], &assumed).expect("no budget") {
                Outcome::Sat(model) => break Some(model),
                Outcome::Unsat(failed) if failed.assumptions.iter().any(|a| steer.contains(a)) => {
                    steer.retain(|a| !failed.assumptions.contains(a));
                }
                Outcome::Unsat(_) => break None,
            }
        };
        let Some(model) = model else { break };
        enc.block_input(&model);
        out.push(model);
    }
    out
}
