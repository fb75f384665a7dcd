//! The encoding predicts exactly what the reference interpreter does — post-state, termination,
//! coverage, branch trace, steps and every constraint's verdict — for both bundled subjects, the
//! correct version and every catalog fault, on fixed inputs (constant and grouped encodings) and on
//! inputs the encoder enumerates itself from a free pre-state.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

use sattar_catalog::inputs::{bst, bst_inputs, list, list_inputs};
use sattar_catalog::Catalog;
use sattar_encode::{encode, Decoded, EncodeError, EncodeOptions, Mode, PreSpec};
use sattar_heap::TestInput;
use sattar_java::{parse_program, run, Limits, MethodId, Program, Termination};
use sattar_sat::Outcome;
use sattar_spec::{parse_spec, resolve, ResolvedMethod};
use std::path::PathBuf;

const LIST: &str = "java-subjects/linkedlist/LinkedList.java";
const BST: &str = "java-subjects/bst/BinarySearchTree.java";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A subject variant: program, method, resolved spec, and a label.
struct Variant {
    label: String,
    program: Program,
    method: MethodId,
    spec: ResolvedMethod,
}

/// The correct subject under each ensures set, and every catalog fault of it.
fn variants(rel: &str) -> Vec<Variant> {
    let catalog = Catalog::load(&root()).expect("the bundled catalog loads");
    let correct = std::fs::read_to_string(root().join(rel)).expect("subject");
    let mut out = Vec::new();
    let faults: Vec<_> = catalog.faults.iter().filter(|f| f.subject == rel).collect();
    let mut sets: Vec<Option<String>> = faults.iter().map(|f| f.ensures.clone()).collect();
    sets.dedup();
    for set in sets {
        let f = faults[0];
        out.push(variant(
            &format!("correct/{set:?}"),
            rel,
            &correct,
            &f.spec,
            &f.method,
            set,
        ));
    }
    for f in faults {
        let text = catalog.faulty_source(f).expect("mutations apply");
        out.push(variant(
            &f.id,
            rel,
            &text,
            &f.spec,
            &f.method,
            f.ensures.clone(),
        ));
    }
    out
}

fn variant(
    label: &str,
    rel: &str,
    text: &str,
    spec: &str,
    method: &str,
    set: Option<String>,
) -> Variant {
    let program = parse_program(rel, text).unwrap_or_else(|e| panic!("{}", e[0]));
    let m = program.find_methods(method)[0].id;
    let spec_text = std::fs::read_to_string(root().join(spec)).expect("spec");
    let parsed = parse_spec(spec, &spec_text).unwrap_or_else(|e| panic!("{e}"));
    let spec = resolve(&parsed, &program.schema(), &program.sig(m), set.as_deref())
        .unwrap_or_else(|e| panic!("{e}"));
    Variant {
        label: label.to_string(),
        program,
        method: m,
        spec,
    }
}

const LIMITS: Limits = Limits {
    max_steps: 2_000,
    max_depth: 100,
};

/// Asserts that `got` predicts the interpreter's run of its input and the evaluator's verdict.
fn agree(v: &Variant, got: &Decoded, how: &str) {
    let input = &got.input;
    let want = run(&v.program, v.method, input, LIMITS).expect("valid input");
    let ctx = format!("{} [{how}] on {input}", v.label);
    assert_eq!(got.execution.termination, want.termination, "{ctx}");
    assert_eq!(got.execution.post, want.post, "{ctx}");
    assert_eq!(got.execution.covered, want.covered, "{ctx}");
    assert_eq!(got.execution.trace, want.trace, "{ctx}");
    assert_eq!(got.execution.steps, want.steps, "{ctx}");
    let verdict = sattar_spec::evaluate(
        &v.spec,
        &input.heap,
        &want.post,
        input.this.as_ref(),
        &input.args,
        want.result(),
    );
    let verdict = match (verdict, &want.termination) {
        (Ok(v), _) => v,
        // The evaluator needs a result; a run that threw has none, and only `noException` counts.
        (Err(_), Termination::Threw(_)) => {
            return assert_eq!(got.violated(), ["noException"], "{ctx}")
        }
        (Err(e), _) => panic!("{ctx}: {e}"),
    };
    assert_eq!(got.pre_ok(), verdict.pre_ok(), "{ctx}");
    assert_eq!(got.pre_violated(), verdict.pre_violated(), "{ctx}");
    if want.exception().is_none() {
        assert_eq!(got.violated(), verdict.violated(), "{ctx}");
    }
}

fn options(mode: Mode) -> EncodeOptions {
    EncodeOptions {
        mode,
        max_unroll: 32,
        ..EncodeOptions::default()
    }
}

/// Fixed inputs: the constant encoding decodes without a solver; runs that do not end (cyclic
/// inputs) are refused with the unwinding error exactly when the interpreter hits its step limit.
fn fixed_constant(rel: &str, inputs: &[TestInput]) -> usize {
    let mut n = 0;
    for v in variants(rel) {
        for input in inputs {
            let want = run(&v.program, v.method, input, LIMITS).expect("valid input");
            match encode(
                &v.program,
                v.method,
                &v.spec,
                PreSpec::Fixed(input),
                &options(Mode::Direct),
            ) {
                Ok(enc) => {
                    let got = enc
                        .decode_constant()
                        .unwrap_or_else(|| panic!("{} on {input}: not constant", v.label));
                    agree(&v, &got, "constant");
                }
                Err(EncodeError::Unwinding { .. }) => {
                    assert_eq!(
                        want.termination,
                        Termination::StepLimit,
                        "{} on {input}",
                        v.label
                    )
                }
                Err(e) => panic!("{} on {input}: {e}", v.label),
            }
            n += 1;
        }
    }
    n
}

/// Fixed inputs, grouped: every statement value is a variable; with every group on, the one model
/// is the run.
fn fixed_grouped(rel: &str, inputs: &[TestInput]) -> usize {
    let mut n = 0;
    for v in variants(rel) {
        for input in inputs {
            let ends = run(&v.program, v.method, input, LIMITS)
                .expect("valid input")
                .termination;
            if ends == Termination::StepLimit {
                continue; // refused by the unwinding check, as the constant test shows
            }
            let mut enc = encode(
                &v.program,
                v.method,
                &v.spec,
                PreSpec::Fixed(input),
                &options(Mode::Grouped),
            )
            .unwrap_or_else(|e| panic!("{} on {input}: {e}", v.label));
            let stmts: Vec<_> = enc.instances.iter().filter_map(|i| i.group).collect();
            match enc.session.solve(&stmts, &[]).expect("no budget") {
                Outcome::Sat(m) => agree(&v, &enc.decode(&m), "grouped"),
                Outcome::Unsat(_) => {
                    panic!("{} on {input}: the code alone is unsatisfiable", v.label)
                }
            }
            n += 1;
        }
    }
    n
}

/// Free pre-state: enumerate valid inputs with blocking clauses and compare each predicted run.
fn enumerated(rel: &str, scope: usize, per_variant: usize) -> usize {
    let mut n = 0;
    for v in variants(rel) {
        let mut enc = encode(
            &v.program,
            v.method,
            &v.spec,
            PreSpec::Free { scope },
            &options(Mode::Direct),
        )
        .unwrap_or_else(|e| panic!("{}: {e}", v.label));
        let valid = enc.pre_ok();
        let fits = enc.in_bounds();
        enc.session.assert_hard(valid);
        enc.session.assert_hard(fits);
        let mut found = 0;
        while found < per_variant {
            let Outcome::Sat(m) = enc.session.solve(&[], &[]).expect("no budget") else {
                break;
            };
            let got = enc.decode(&m);
            assert!(
                got.pre_ok(),
                "{}: enumerated an invalid input {}",
                v.label,
                got.input
            );
            agree(&v, &got, "enumerated");
            enc.block_input(&m);
            found += 1;
        }
        assert!(
            found >= per_variant.min(20),
            "{}: only {found} valid inputs within scope {scope}",
            v.label
        );
        n += found;
    }
    n
}

#[test]
fn list_delete_constant_encoding_equals_the_interpreter() {
    let n = fixed_constant(LIST, &list_inputs());
    assert!(n > 3_000, "{n}");
}

#[test]
fn bst_add_constant_encoding_equals_the_interpreter() {
    let n = fixed_constant(BST, &bst_inputs());
    assert!(n > 3_000, "{n}");
}

#[test]
fn grouped_encodings_with_every_group_on_equal_the_interpreter() {
    let lists: Vec<TestInput> = list_inputs().into_iter().step_by(13).collect();
    let trees: Vec<TestInput> = bst_inputs().into_iter().step_by(11).collect();
    let n = fixed_grouped(LIST, &lists) + fixed_grouped(BST, &trees);
    assert!(n > 300, "{n}");
}

#[test]
fn enumerated_list_inputs_are_predicted_exactly() {
    let n = enumerated(LIST, 3, 40);
    assert!(n >= 300, "{n}");
}

#[test]
fn enumerated_bst_inputs_are_predicted_exactly() {
    let n = enumerated(BST, 3, 30);
    assert!(n >= 300, "{n}");
}

#[test]
fn a_long_list_and_a_deep_tree_grow_the_unrolling() {
    let keys: Vec<i32> = (0..40).collect();
    let v = &variants(LIST)[0];
    let input = list(&keys, None, 39, None);
    let enc = encode(
        &v.program,
        v.method,
        &v.spec,
        PreSpec::Fixed(&input),
        &EncodeOptions::default(),
    )
    .expect("encodes");
    agree(v, &enc.decode_constant().expect("constant"), "long list");
    assert!(
        enc.unroll_used().iter().all(|(_, k)| *k >= 40),
        "{:?}",
        enc.unroll_used()
    );
    let t = &variants(BST)[0];
    let chain: Vec<i32> = (0..12).collect();
    let input = bst(&chain, 100);
    let enc = encode(
        &t.program,
        t.method,
        &t.spec,
        PreSpec::Fixed(&input),
        &EncodeOptions::default(),
    )
    .expect("encodes");
    agree(t, &enc.decode_constant().expect("constant"), "deep tree");
}

#[test]
fn large_values_grow_the_bitwidth_to_java_wraparound() {
    let v = &variants(LIST)[0];
    let mut input = list(&[1, 2], None, 2, None);
    input.heap.objects.values_mut().for_each(|o| {
        if let Some(s) = o.fields.get_mut("size") {
            *s = sattar_heap::Value::Int(i32::MIN);
        }
    });
    let enc = encode(
        &v.program,
        v.method,
        &v.spec,
        PreSpec::Fixed(&input),
        &EncodeOptions::default(),
    )
    .expect("encodes");
    // 33 bits hold MIN_VALUE and a sign; an int computed wider keeps Java's 32-bit wrap-around.
    assert_eq!(enc.bounds.width, 33);
    agree(v, &enc.decode_constant().expect("constant"), "wrap-around");
}
