//! Encoding sizes and times: SLL `delete` on lists of 1..20 nodes and BST `add` on trees of 1..12
//! nodes, with a fixed input (direct: constants only; grouped: what cores solve) and with a free
//! pre-state of that scope (finding a fault-revealing input of a catalog fault; proving the
//! correct code within the scope, for small scopes). Run: `cargo bench -p sattar-encode`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

use sattar_catalog::inputs::{bst, list};
use sattar_catalog::Catalog;
use sattar_encode::{encode, EncodeOptions, Encoding, Mode, PreSpec};
use sattar_heap::TestInput;
use sattar_java::{parse_program, MethodId, Program};
use sattar_sat::Outcome;
use sattar_spec::{parse_spec, resolve, ResolvedMethod};
use std::time::Instant;

struct Subject {
    program: Program,
    method: MethodId,
    spec: ResolvedMethod,
}

fn subject(text: &str, rel: &str, method: &str, spec: &str, set: &str) -> Subject {
    let catalog = Catalog::bundled().expect("bundle");
    let program = parse_program(rel, text).unwrap_or_else(|e| panic!("{}", e[0]));
    let m = program.find_methods(method)[0].id;
    let s = parse_spec(spec, &catalog.read(spec).expect("spec")).expect("spec parses");
    let spec = resolve(&s, &program.schema(), &program.sig(m), Some(set)).expect("resolves");
    Subject {
        program,
        method: m,
        spec,
    }
}

fn variants(fault: &str) -> (Subject, Subject) {
    let catalog = Catalog::bundled().expect("bundle");
    let f = catalog.fault(fault).expect("fault");
    let set = f.ensures.clone().unwrap_or_default();
    let correct = catalog.read(&f.subject).expect("subject");
    let faulty = catalog.faulty_source(f).expect("mutations");
    (
        subject(&correct, &f.subject, &f.method, &f.spec, &set),
        subject(&faulty, &f.subject, &f.method, &f.spec, &set),
    )
}

fn ms(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1e3
}

/// (encode ms) of the constant encoding.
fn fixed_direct(s: &Subject, input: &TestInput) -> f64 {
    let t = Instant::now();
    let enc = encode(
        &s.program,
        s.method,
        &s.spec,
        PreSpec::Fixed(input),
        &EncodeOptions::default(),
    )
    .expect("encodes");
    assert!(enc.decode_constant().is_some());
    ms(t)
}

/// (vars, clauses, ms) of the grouped encoding solved with every group on.
fn fixed_grouped(s: &Subject, input: &TestInput) -> (usize, usize, f64) {
    let t = Instant::now();
    let opts = EncodeOptions {
        mode: Mode::Grouped,
        ..EncodeOptions::default()
    };
    let mut enc =
        encode(&s.program, s.method, &s.spec, PreSpec::Fixed(input), &opts).expect("encodes");
    let stmts: Vec<_> = enc.instances.iter().filter_map(|i| i.group).collect();
    let sat = matches!(
        enc.session.solve(&stmts, &[]).expect("solves"),
        Outcome::Sat(_)
    );
    assert!(sat);
    (enc.session.num_vars(), enc.session.num_clauses(), ms(t))
}

/// Encodes a free pre-state of `scope`, asserts validity and the bounds, solves for a violation.
fn free(s: &Subject, scope: usize) -> (Encoding, bool, f64) {
    let t = Instant::now();
    let mut enc = encode(
        &s.program,
        s.method,
        &s.spec,
        PreSpec::Free { scope },
        &EncodeOptions::default(),
    )
    .expect("encodes");
    let (valid, fits, bad) = (enc.pre_ok(), enc.in_bounds(), enc.violation());
    enc.session.assert_hard(valid);
    enc.session.assert_hard(fits);
    let sat = matches!(
        enc.session.solve(&[], &[bad]).expect("solves"),
        Outcome::Sat(_)
    );
    (enc, sat, ms(t))
}

fn row(name: &str, n: usize, input: &TestInput, pair: &(Subject, Subject), prove_up_to: usize) {
    let (correct, faulty) = pair;
    let direct = fixed_direct(faulty, input);
    let (gv, gc, gms) = fixed_grouped(faulty, input);
    let (enc, sat, fms) = free(faulty, n);
    let found = if sat { "found" } else { "none" };
    let prove = if n <= prove_up_to {
        let (_, sat, pms) = free(correct, n);
        assert!(!sat, "the correct code holds at scope {n}");
        format!("{pms:.1}")
    } else {
        "–".into()
    };
    println!(
        "| {name} | {n} | 0 / 0 | {direct:.2} | {gv} / {gc} | {gms:.1} | {} / {} | {fms:.1} ({found}) | {prove} |",
        enc.session.num_vars(),
        enc.session.num_clauses()
    );
}

/// `check` on every catalog fault: the scope of the smallest fault-revealing input and the time.
fn check_faults() {
    println!("\n| fault | scope | violated | check ms |");
    println!("|---|---:|---|---:|");
    let catalog = Catalog::bundled().expect("bundle");
    for f in &catalog.faults {
        let set = f.ensures.clone().unwrap_or_default();
        let text = catalog.faulty_source(f).expect("mutations");
        let s = subject(&text, &f.subject, &f.method, &f.spec, &set);
        let t = Instant::now();
        let r = sattar_encode::check(&s.program, s.method, &s.spec, &Default::default())
            .expect("checks");
        let took = ms(t);
        let violated = match &r.outcome {
            sattar_encode::CheckOutcome::Violation(d) => d.violated().join(", "),
            sattar_encode::CheckOutcome::Holds => "— (holds)".into(),
            sattar_encode::CheckOutcome::Unbounded { what, .. } => format!("— (unbounded: {what})"),
        };
        println!("| {} | {} | {violated} | {took:.1} |", f.id, r.scope);
    }
}

fn main() {
    println!("| subject | n | fixed direct vars / clauses | ms | fixed grouped vars / clauses | ms | free vars / clauses | violation ms | holds ms |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    let sll = variants("sll.headErr");
    for n in [1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20] {
        let keys: Vec<i32> = (0..n as i32).collect();
        row(
            "SLL delete (headErr)",
            n,
            &list(&keys, None, 0, None),
            &sll,
            6,
        );
    }
    let tree = variants("bst.sizeErr1");
    for n in [1, 2, 3, 4, 5, 6, 8, 10, 12] {
        let mut keys = Vec::new();
        balanced(0, n as i32, &mut keys);
        row("BST add (sizeErr1)", n, &bst(&keys, n as i32), &tree, 5);
    }
    check_faults();
}

/// An insertion order of `lo..hi` that builds a balanced tree (midpoints first).
fn balanced(lo: i32, hi: i32, out: &mut Vec<i32>) {
    if lo < hi {
        let mid = (lo + hi) / 2;
        out.push(mid);
        balanced(lo, mid, out);
        balanced(mid + 1, hi, out);
    }
}
