//! Every construct of the subset is encoded as the interpreter runs it: each method of a program
//! that uses them all is checked on inputs the encoder enumerates from a free pre-state, and on
//! fixed inputs whose arithmetic wraps at 32 bits.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

use sattar_encode::{encode, EncodeOptions, Mode, PreSpec};
use sattar_heap::{ObjId, Object, TestInput, Value};
use sattar_java::{parse_program, run, Limits, Program};
use sattar_sat::Outcome;
use sattar_spec::{parse_spec, resolve};

const SRC: &str = r#"
class S {
    int x;
    boolean flag;
    S next;
    S() { }
    S(int v, S n) { x = v; next = n; flag = v > 2; }
    int bump() { x = x + 1; return x; }
    int wrap(int a) { return a + 1; }
    int square(int a) { return a * a - x; }
    boolean guard(S s) { return s != null && s.x > 0 || flag; }
    void assignOrder(S s) { s.x = bump(); }
    void callOrder(S s) { s.wrap(bump()); }
    int fail(int a) { if (a > 1) { throw new IllegalStateException("no"); } return -a; }
    S make(int v) { S s = new S(v, this); s.x += 2; return s; }
    S chain(int n) { S h = null; for (int i = 0; i < n && i < 3; i++) { h = new S(i, h); } return h; }
    int walk() { int c = 0; S p = this; while (p.next != null) { p = p.next; c++; if (c > 3) { break; } } return c; }
    int loops(int n) {
        int t = 0;
        for (int i = 0; i < n; i++) {
            if (i == 2) { continue; }
            if (i == 5) { break; }
            t += i;
        }
        do { t = t - 1; } while (t > 4);
        return t > 0 ? t : -t;
    }
    int down(int n) { return n <= 0 ? 0 : 1 + down(n - 1); }
    void relink() { if (next != null) { next.next = flag ? this : null; next.flag = !next.flag; x -= next.x; } }
}
class IllegalStateException extends RuntimeException { IllegalStateException(String m) { } }
"#;

const METHODS: &[&str] = &[
    "bump",
    "wrap",
    "square",
    "guard",
    "assignOrder",
    "callOrder",
    "fail",
    "make",
    "chain",
    "walk",
    "loops",
    "down",
    "relink",
];

fn program() -> Program {
    parse_program("S.java", SRC).unwrap_or_else(|e| panic!("{}", e[0]))
}

const LIMITS: Limits = Limits {
    max_steps: 10_000,
    max_depth: 50,
};

#[test]
fn every_method_agrees_with_the_interpreter_on_enumerated_inputs() {
    let p = program();
    let spec = parse_spec("s.spec", "spec S { }").expect("empty spec parses");
    let mut total = 0;
    for name in METHODS {
        let m = p.find_methods(name)[0].id;
        let rm = resolve(&spec, &p.schema(), &p.sig(m), None).unwrap_or_else(|e| panic!("{e}"));
        let opts = EncodeOptions {
            mode: Mode::Direct,
            unroll: Some(6),
            ..EncodeOptions::default()
        };
        let mut enc = encode(&p, m, &rm, PreSpec::Free { scope: 2 }, &opts).expect("encodes");
        let (valid, fits) = (enc.pre_ok(), enc.in_bounds());
        enc.session.assert_hard(valid);
        enc.session.assert_hard(fits);
        let mut n = 0;
        while n < 60 {
            let Outcome::Sat(model) = enc.session.solve(&[], &[]).expect("no budget") else {
                break;
            };
            let got = enc.decode(&model);
            let want = run(&p, m, &got.input, LIMITS).expect("runs");
            let ctx = format!("{name} on {}", got.input);
            assert_eq!(got.execution.termination, want.termination, "{ctx}");
            assert_eq!(got.execution.post, want.post, "{ctx}");
            assert_eq!(got.execution.covered, want.covered, "{ctx}");
            assert_eq!(got.execution.trace, want.trace, "{ctx}");
            assert_eq!(got.execution.steps, want.steps, "{ctx}");
            enc.block_input(&model);
            n += 1;
        }
        assert!(n >= 8, "{name}: only {n} inputs");
        total += n;
    }
    assert!(total > 400, "{total}");
}

#[test]
fn fixed_inputs_wrap_like_java() {
    let p = program();
    let spec = parse_spec("s.spec", "spec S { }").expect("empty spec parses");
    for (name, a, want) in [
        ("wrap", i32::MAX, i32::MIN),
        ("square", 65536, 0),
        ("fail", i32::MIN, i32::MIN),
    ] {
        let m = p.find_methods(name)[0].id;
        let rm = resolve(&spec, &p.schema(), &p.sig(m), None).unwrap_or_else(|e| panic!("{e}"));
        let mut heap = sattar_heap::Heap::default();
        let fields = [
            ("x", Value::Int(0)),
            ("flag", Value::Bool(false)),
            ("next", Value::Null),
        ];
        heap.objects.insert(
            ObjId::new("S0"),
            Object {
                class: "S".into(),
                fields: fields
                    .into_iter()
                    .map(|(k, v)| (k.to_string(), v))
                    .collect(),
            },
        );
        let input = TestInput {
            this: Some(ObjId::new("S0")),
            args: vec![("a".into(), Value::Int(a))],
            heap,
        };
        let enc = encode(
            &p,
            m,
            &rm,
            PreSpec::Fixed(&input),
            &EncodeOptions::default(),
        )
        .expect("encodes");
        let got = enc.decode_constant().expect("constant");
        assert_eq!(
            got.execution.result(),
            Some(&Value::Int(want)),
            "{name}({a})"
        );
        assert_eq!(
            got.execution,
            run(&p, m, &input, LIMITS).expect("runs"),
            "{name}({a})"
        );
    }
}
