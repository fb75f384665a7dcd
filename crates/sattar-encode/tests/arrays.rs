//! Arrays are encoded as the interpreter runs them: every method of a program over arrays agrees
//! on fixed inputs (exceptions, aliasing, covariance, arrays of arrays) and on inputs the encoder
//! enumerates from a free pre-state (arrays of every length up to the scope).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

#[path = "../../sattar-java/tests/support/arrays.rs"]
mod arrays;
mod common;

use arrays::{cases, FILES};
use common::{no_spec, LIMITS};
use sattar_encode::{encode, EncodeOptions, Mode, PreSpec};
use sattar_java::{parse_sources, run, Program, SourceText, Termination};
use std::collections::BTreeSet;

fn program() -> Program {
    common::program(FILES)
}

#[test]
fn fixed_inputs_agree_with_the_interpreter() {
    let p = program();
    let mut outcomes = BTreeSet::new();
    let mut n = 0;
    for (name, json) in cases() {
        let want = common::fixed_agrees(&p, &format!("Arrays.{name}"), &json);
        outcomes.insert(match &want.termination {
            Termination::Threw(e) => e.clone(),
            t => t.label(),
        });
        n += 1;
    }
    assert!(n > 500, "{n} cases");
    for e in [
        "java.lang.ArrayIndexOutOfBoundsException",
        "java.lang.NegativeArraySizeException",
        "java.lang.ArrayStoreException",
        "java.lang.NullPointerException",
        "returned",
    ] {
        assert!(outcomes.contains(e), "no case ends with {e}: {outcomes:?}");
    }
}

#[test]
fn enumerated_inputs_agree_with_the_interpreter() {
    let p = program();
    let mut total = 0;
    for name in [
        "get",
        "set",
        "bump",
        "length",
        "sum",
        "firstAbove",
        "grow",
        "swap",
        "make",
    ] {
        let m = p.find_methods(&format!("Arrays.{name}"))[0].id;
        let opts = EncodeOptions {
            mode: Mode::Direct,
            ..EncodeOptions::default()
        };
        let mut enc = encode(&p, m, &no_spec(&p, m), PreSpec::Free { scope: 2 }, &opts)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let (valid, fits) = (enc.pre_ok(), enc.in_bounds());
        enc.session.assert_hard(valid);
        enc.session.assert_hard(fits);
        let mut lengths = BTreeSet::new();
        let models = common::spread(&mut enc, 40, total as u64);
        for model in &models {
            let got = enc.decode(model);
            let want = run(&p, m, &got.input, LIMITS).expect("runs");
            assert_eq!(got.execution, want, "{name} on {}", got.input);
            lengths.extend(got.input.heap.objects.values().filter_map(|o| o.length()));
        }
        let n = models.len();
        assert!(n >= 10, "{name}: only {n} inputs");
        assert!(
            lengths.contains(&0) && lengths.contains(&2),
            "{name}: lengths {lengths:?}"
        );
        total += n;
    }
    assert!(total > 150, "{total}");
}

/// A heap on an array and a spec over its elements: indexing (`a[i]`, out of range gives
/// nothing), ranges as quantifier bounds, `length`, primed elements.
const HEAP: &str = "
public class Heap {
    int[] a;
    int size;
    void push(int x) {
        if (size < a.length) {
            a[size] = x;
            if (x > 1) {
                a[0] = x;
            }
            size++;
        }
    }
}
";

const HEAP_SPEC: &str = "spec Heap {
  invariant sized:   one this.a && this.size >= 0 && this.size <= this.a.length
  invariant ordered: all i: 0 .. this.size - 1 |
                       2 * i + 1 < this.size => this.a[2 * i + 1] >= this.a[i]
  invariant past:    no this.a[this.a.length] && no this.a[-1]
  invariant some0:   some i: 0 .. this.a.length - 1 | this.a[i] = 0
  // A range up to an array's length has exactly its members (the encoding enumerates only as
  // many entries as an array may have slots).
  invariant counted: #(0 .. this.a.length - 1) = this.a.length && #(1 .. this.a.length) = this.a.length
  method push(x: int) {
    ensures grown: this.size' = this.size + 1
    ensures stored: all i: this.size | (this.a[i])' = x
    ensures kept: all i: 0 .. this.size - 1 | (this.a[i])' = this.a[i]
  }
}";

#[test]
fn spec_over_arrays_agrees_with_the_evaluator() {
    let sources = [SourceText {
        path: "Heap.java".into(),
        text: HEAP.into(),
    }];
    let p = parse_sources(&sources).unwrap_or_else(|e| panic!("{}", e[0]));
    let m = p.find_methods("Heap.push")[0].id;
    let spec = sattar_spec::parse_spec("heap.spec", HEAP_SPEC).unwrap_or_else(|e| panic!("{e}"));
    let rm =
        sattar_spec::resolve(&spec, &p.schema(), &p.sig(m), None).unwrap_or_else(|e| panic!("{e}"));
    let opts = EncodeOptions {
        mode: Mode::Direct,
        ..EncodeOptions::default()
    };
    let mut enc = encode(&p, m, &rm, PreSpec::Free { scope: 3 }, &opts).expect("encodes");
    let (wf, fits) = (enc.wellformed(), enc.in_bounds());
    enc.session.assert_hard(wf);
    enc.session.assert_hard(fits);
    let mut seen = BTreeSet::new();
    // Inputs with an array first (most of the spec talks about it), then any.
    let sized = enc.constraints[0].holds;
    let mut models = common::spread_under(&mut enc, &[sized], 150, 0);
    models.extend(common::spread(&mut enc, 50, 1));
    let n = models.len();
    for model in models {
        let got = enc.decode(&model);
        let run = &got.execution;
        let verdict = sattar_spec::evaluate(
            &rm,
            &got.input.heap,
            &run.post,
            got.input.this.as_ref(),
            &got.input.args,
            run.result(),
        )
        .expect("evaluates");
        for (c, o) in enc.constraints.iter().zip(&verdict.outcomes) {
            assert_eq!(c.name, o.name);
            let encoded = model.value(c.holds);
            assert_eq!(
                encoded, o.holds,
                "{} on {}: post {}",
                c.name, got.input, run.post
            );
            seen.insert((c.name.clone(), o.holds));
        }
    }
    assert!(n >= 100, "only {n} inputs");
    for name in ["sized", "ordered", "some0", "grown", "stored", "kept"] {
        for holds in [true, false] {
            if name == "sized" && !holds {
                continue; // `one this.a` false: no array to run on
            }
            assert!(
                seen.contains(&(name.to_string(), holds)),
                "{name} never {holds}: {seen:?}"
            );
        }
    }
}
