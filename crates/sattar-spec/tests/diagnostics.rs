//! Bad specs give located diagnostics (never a panic); mutated specs never panic.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

mod common;

use common::{delete_sig, schema, static_sig, void_sig, LL_SPEC};
use sattar_diag::{Diagnostic, Pos};
use sattar_heap::{Heap, MethodSig, ObjId, Value};
use sattar_spec::{parse_annotation, parse_spec, resolve, AnnotationKind};

fn diag(text: &str, sig: &MethodSig) -> Diagnostic {
    let spec = match parse_spec("bad.spec", text) {
        Ok(s) => s,
        Err(d) => return d,
    };
    match resolve(&spec, &schema(false), sig, None) {
        Ok(_) => panic!("expected an error for:\n{text}"),
        Err(d) => d,
    }
}

/// Asserts the diagnostic's `line:col`, kind and a message fragment, and that it renders.
fn expect(text: &str, sig: &MethodSig, line: u32, col: u32, kind: &str, msg: &str) -> Diagnostic {
    let d = diag(text, sig);
    assert_eq!((d.pos.line, d.pos.col), (line, col), "{d}");
    assert_eq!(d.kind, kind, "{d}");
    assert!(d.message.contains(msg), "wanted `{msg}` in:\n{d}");
    assert_eq!(d.file, "bad.spec");
    assert!(d.to_string().contains('^'), "{d}");
    d
}

const D: fn() -> MethodSig = delete_sig;

#[test]
fn syntax_error() {
    let t = "spec LinkedList {\n  invariant a: this.size = \n}\n";
    expect(
        t,
        &D(),
        3,
        1,
        "syntax error",
        "expected an expression, found `}`",
    );
    let t = "spec LinkedList {\n  invariant a this.size = 0\n}";
    expect(t, &D(), 2, 15, "syntax error", "expected `:`");
    expect(
        "spec LinkedList { invariant a: 1 @ 2 }",
        &D(),
        1,
        34,
        "syntax error",
        "`@`",
    );
}

#[test]
fn unknown_field_lists_the_fields() {
    let t = "spec LinkedList {\n  invariant a: some this.header.nxt\n}";
    let d = expect(
        t,
        &D(),
        2,
        33,
        "error",
        "unknown field `nxt` of LinkedList.Node",
    );
    assert_eq!(
        d.help.as_deref(),
        Some("fields of LinkedList.Node: next, key")
    );
}

#[test]
fn unknown_parameter_or_name() {
    let t = "spec LinkedList {\n  method delete(k: int) {\n    ensures e: x in this.header.*next.key\n  }\n}";
    let d = expect(t, &D(), 3, 16, "error", "unknown name `x`");
    assert_eq!(d.help.as_deref(), Some("names in scope: k"));
    let t = "spec LinkedList { method delete(key: int) { } }";
    expect(
        t,
        &D(),
        1,
        33,
        "error",
        "parameter `key: int` does not match Java",
    );
}

#[test]
fn unknown_class() {
    expect("spec Foo { }", &D(), 1, 6, "error", "unknown class `Foo`");
    let t = "spec LinkedList {\n  pred p(n: Nod) { some n }\n  invariant a: p(this.header)\n}";
    expect(t, &D(), 2, 10, "error", "unknown class `Nod`");
}

#[test]
fn arity_errors() {
    let t = "spec LinkedList {\n  pred p(n: Node, x: int) { x in n.key }\n  invariant a: p(this.header)\n}";
    expect(
        t,
        &D(),
        3,
        16,
        "error",
        "predicate `p` takes 2 argument(s), 1 given",
    );
    let t = "spec LinkedList { invariant a: q(this) }";
    expect(t, &D(), 1, 32, "error", "unknown predicate `q`");
    let t = "spec LinkedList { method delete() { } }";
    expect(
        t,
        &D(),
        1,
        26,
        "error",
        "has 0 parameter(s) here but 1 in Java",
    );
}

#[test]
fn division_and_remainder_are_refused_with_what_to_write() {
    let t = "spec LinkedList { invariant a: this.size / 2 = 1 }";
    let d = expect(
        t,
        &D(),
        1,
        42,
        "syntax error",
        "`/` and `%` are not in the spec language",
    );
    assert!(d.to_string().contains("q * d + r = x"), "{d}");
    let t = "spec LinkedList { invariant a: this.size % 2 = 0 }";
    expect(t, &D(), 1, 42, "syntax error", "`/` and `%`");
    let t = "spec LinkedList { invariant a: this.header * 2 = 2 }";
    expect(
        t,
        &D(),
        1,
        32,
        "error",
        "expected an integer, found a set of LinkedList.Node",
    );
}

#[test]
fn int_versus_set_type_errors() {
    let t = "spec LinkedList {\n  invariant a: some this.size.next\n}";
    expect(
        t,
        &D(),
        2,
        31,
        "error",
        "cannot navigate `next` from a set of int",
    );
    let t = "spec LinkedList { invariant a: this.header + 1 = this.size }";
    expect(
        t,
        &D(),
        1,
        46,
        "error",
        "`+` between a set of LinkedList.Node and a set of int",
    );
    let t = "spec LinkedList { invariant a: this.header < 3 }";
    expect(
        t,
        &D(),
        1,
        32,
        "error",
        "expected an integer, found a set of LinkedList.Node",
    );
    let t = "spec LinkedList { invariant a: this.header in this.size }";
    expect(
        t,
        &D(),
        1,
        47,
        "error",
        "`in` between a set of LinkedList.Node and a set of int",
    );
    let t = "spec LinkedList { invariant a: this.header }";
    let d = expect(
        t,
        &D(),
        1,
        32,
        "error",
        "expected a formula, found an expression",
    );
    assert!(d.help.is_some());
    let t = "spec LinkedList { invariant a: #(this.size = 1) = 0 }";
    expect(
        t,
        &D(),
        1,
        33,
        "error",
        "expected an expression, found a formula",
    );
}

#[test]
fn result_only_in_non_void_ensures() {
    let t = "spec LinkedList {\n  method clear() { ensures e: result = true }\n}";
    expect(t, &void_sig(), 2, 31, "error", "returns void");
    let t = "spec LinkedList { method delete(k: int) { requires r: result = true } }";
    expect(
        t,
        &D(),
        1,
        55,
        "error",
        "`result` is only allowed in an `ensures` clause",
    );
}

#[test]
fn primes_only_in_ensures() {
    let t = "spec LinkedList {\n  invariant a: this.size' = 0\n}";
    expect(
        t,
        &D(),
        2,
        21,
        "error",
        "only allowed in an `ensures` clause",
    );
    let t = "spec LinkedList { method delete(k: int) { requires r: #Node' = 0 } }";
    expect(t, &D(), 1, 56, "error", "prime");
}

#[test]
fn this_in_static_method() {
    let t = "spec LinkedList { method make(k: int) { requires r: some this } }";
    expect(
        t,
        &static_sig(),
        1,
        58,
        "error",
        "`this` in the spec of static method `make`",
    );
}

#[test]
fn unterminated_comment() {
    let t = "spec LinkedList {\n  /* the invariant\n  invariant a: true\n}";
    expect(t, &D(), 2, 3, "syntax error", "unterminated comment");
}

#[test]
fn duplicate_names() {
    let t = "spec LinkedList {\n  invariant a: true\n  invariant a: false\n}";
    let d = expect(t, &D(), 3, 13, "error", "duplicate invariant name `a`");
    assert!(
        d.help
            .as_deref()
            .is_some_and(|h| h.contains("bad.spec:2:13")),
        "{d}"
    );
    let t = "spec LinkedList { invariant a: true method delete(k: int) { ensures a: true } }";
    expect(t, &D(), 1, 69, "error", "duplicate constraint name `a`");
    let t = "spec LinkedList { method delete(k: int) { ensures s1 { e: true } ensures e: true } }";
    expect(t, &D(), 1, 74, "error", "duplicate constraint name `e`");
    let t = "spec LinkedList { method delete(k: int) { } method delete(k: int) { } }";
    expect(
        t,
        &D(),
        1,
        52,
        "error",
        "method `delete` is specified twice",
    );
    // The same name in two different ensures sets is fine.
    let ok = "spec LinkedList { method delete(k: int) { ensures s1 { e: true } ensures s2 { e: false } } }";
    let spec = parse_spec("ok.spec", ok).expect("parses");
    assert!(resolve(&spec, &schema(false), &D(), Some("s2")).is_ok());
}

#[test]
fn annotation_errors_point_into_the_java_file() {
    let java =
        "class LinkedList {\n    @Invariant({\"sizeInv: #this.header.*next = this.sze\"})\n}\n";
    // The string starts at line 2, column 17 (first character inside the quotes).
    let pos = Pos { line: 2, col: 17 };
    let text = "sizeInv: #this.header.*next = this.sze";
    let a = parse_annotation(
        AnnotationKind::Invariant,
        text,
        "LinkedList.java",
        java,
        pos,
    )
    .expect("parses");
    let mut spec = sattar_spec::Spec::default();
    spec.add_annotation(None, a).expect("adds");
    let d = resolve(&spec, &schema(false), &D(), None).expect_err("unknown field");
    assert_eq!(d.location(), "LinkedList.java:2:52");
    assert!(d.to_string().contains("this.sze\"})"), "{d}");

    let d = parse_annotation(AnnotationKind::Requires, "r: k in", "A.java", java, pos)
        .expect_err("syntax");
    assert_eq!(d.location(), "A.java:2:24");
    let d = parse_annotation(AnnotationKind::Requires, "s/r: true", "A.java", java, pos)
        .expect_err("sets only in @Ensures");
    assert_eq!(d.location(), "A.java:2:18");
}

/// A tiny deterministic generator (no dependencies): xorshift.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 1) as usize
    }
    fn below(&mut self, n: usize) -> usize {
        self.next() % n.max(1)
    }
}

const PIECES: [&str; 24] = [
    "(",
    ")",
    "{",
    "}",
    "'",
    ".",
    "*",
    "^",
    "~",
    "#",
    "all",
    "some",
    "|",
    ":",
    ",",
    "=>",
    "else",
    "result",
    "this",
    "/*",
    "!",
    "in",
    "99999999999999999999",
    "é",
];

fn mutate(rng: &mut Rng, base: &str) -> String {
    let chars: Vec<char> = base.chars().collect();
    let at = rng.below(chars.len());
    let mut out: Vec<char> = chars.clone();
    match rng.below(4) {
        0 => out.truncate(at),
        1 => {
            let end = (at + 1 + rng.below(12)).min(out.len());
            out.drain(at..end);
        }
        2 => {
            let piece = PIECES[rng.below(PIECES.len())];
            out.splice(at..at, format!(" {piece}").chars());
        }
        _ => {
            let other = rng.below(chars.len());
            out.swap(at, other);
        }
    }
    out.into_iter().collect()
}

#[test]
fn mutated_specs_never_panic() {
    let mut rng = Rng(0x5eed_cafe);
    let pre = common::list_heap(Some("N0"), 1, &[("N0", 0, None, false)]);
    let args = vec![("k".to_string(), Value::Int(0))];
    let (mut parsed, mut resolved) = (0, 0);
    for i in 0..600 {
        let mut text = mutate(&mut rng, LL_SPEC);
        if i % 3 == 0 {
            text = mutate(&mut rng, &text);
        }
        let Ok(spec) = parse_spec("m.spec", &text) else {
            continue;
        };
        parsed += 1;
        for set in [None, Some("postcond1"), Some("postcond2")] {
            if let Ok(rm) = resolve(&spec, &schema(false), &D(), set) {
                resolved += 1;
                let this = ObjId::new("L0");
                let _ =
                    sattar_spec::evaluate(&rm, &pre, &Heap::default(), Some(&this), &args, None);
            }
        }
    }
    assert!(
        parsed > 20 && resolved > 20,
        "{parsed} parsed, {resolved} resolved"
    );
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let deep = format!(
        "spec LinkedList {{ invariant a: {}true{} }}",
        "(".repeat(5000),
        ")".repeat(5000)
    );
    let d = diag(&deep, &D());
    assert!(d.message.contains("nested too deeply"), "{d}");
    let deep = format!(
        "spec LinkedList {{ invariant a: {}true }}",
        "!".repeat(5000)
    );
    assert!(diag(&deep, &D()).message.contains("nested too deeply"));
    let deep = format!(
        "spec LinkedList {{ invariant a: some this.{}next }}",
        "~".repeat(5000)
    );
    assert!(diag(&deep, &D()).message.contains("nested too deeply"));
}

#[test]
fn nesting_below_the_limit_resolves_and_evaluates() {
    let f = format!("{}this.size = 1{}", "(".repeat(45), ")".repeat(45));
    let conj = vec!["this.size = 1"; 40].join(" && ");
    let t = format!("spec LinkedList {{ invariant a: {f} invariant b: {conj} }}");
    let spec = parse_spec("deep.spec", &t).expect("parses");
    let rm = resolve(&spec, &schema(false), &D(), None).expect("resolves");
    let pre = common::list_heap(Some("N0"), 1, &[("N0", 0, None, false)]);
    let args = vec![("k".to_string(), Value::Int(0))];
    let v =
        sattar_spec::evaluate_pre(&rm, &pre, Some(&ObjId::new("L0")), &args).expect("evaluates");
    assert!(v.pre_ok());
}
