//! The paper's linked list: `delete 0 from [0, 1]`, correct and with the sizeErr fault.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

mod common;

use common::{delete_sig, list_heap, resolved, run, schema, LL_SPEC};
use sattar_diag::Pos;
use sattar_heap::{ObjId, Value};
use sattar_spec::{
    evaluate_pre, parse_annotation, parse_spec, resolve, AnnotationKind, ConstraintKind, Spec,
};

fn pre() -> sattar_heap::Heap {
    list_heap(
        Some("N0"),
        2,
        &[("N0", 0, Some("N1"), false), ("N1", 1, None, false)],
    )
}

/// After the call: header = N1; N0 still points at N1 (it is unreachable).
fn post(size: i32) -> sattar_heap::Heap {
    list_heap(
        Some("N1"),
        size,
        &[("N0", 0, Some("N1"), false), ("N1", 1, None, false)],
    )
}

#[test]
fn correct_delete_passes_both_postconditions() {
    for set in ["postcond1", "postcond2"] {
        let rm = resolved(LL_SPEC, &delete_sig(), Some(set));
        let v = run(&rm, &pre(), &post(1), 0);
        assert!(v.pre_ok(), "{set}: {v:?}");
        assert!(v.passed(), "{set}: {v:?}");
        assert_eq!(v.ensures_set.as_deref(), Some(set));
    }
}

#[test]
fn size_err_violates_exactly_size_ok_then_size_inv() {
    let rm = resolved(LL_SPEC, &delete_sig(), Some("postcond1"));
    let v = run(&rm, &pre(), &post(0), 0);
    assert!(v.pre_ok());
    assert_eq!(v.violated(), ["sizeOk"]);
    assert!(!v.passed());

    let rm = resolved(LL_SPEC, &delete_sig(), Some("postcond2"));
    let v = run(&rm, &pre(), &post(0), 0);
    assert_eq!(v.violated(), ["sizeInv"]);
}

#[test]
fn constraints_are_listed_with_kinds_in_order() {
    let rm = resolved(LL_SPEC, &delete_sig(), Some("postcond2"));
    let v = run(&rm, &pre(), &post(1), 0);
    let got: Vec<(&str, ConstraintKind)> = v
        .outcomes
        .iter()
        .map(|o| (o.name.as_str(), o.kind))
        .collect();
    use ConstraintKind::*;
    assert_eq!(
        got,
        [
            ("acyclic", Invariant),
            ("sizeInv", Invariant),
            ("unique", Invariant),
            ("acyclic", Ensures),
            ("sizeInv", Ensures),
            ("unique", Ensures),
        ]
    );
}

#[test]
fn remove_err_violates_remove_ok() {
    // header stays N0 and 0 remains reachable.
    let bad = list_heap(
        Some("N0"),
        1,
        &[("N0", 0, Some("N1"), false), ("N1", 1, None, false)],
    );
    let rm = resolved(LL_SPEC, &delete_sig(), Some("postcond1"));
    assert_eq!(run(&rm, &pre(), &bad, 0).violated(), ["removeOk"]);
}

#[test]
fn invalid_inputs_fail_the_pre_state_check() {
    let rm = resolved(LL_SPEC, &delete_sig(), Some("postcond1"));
    let this = ObjId::new("L0");
    let args = vec![("k".to_string(), Value::Int(0))];
    let ok = evaluate_pre(&rm, &pre(), Some(&this), &args).expect("evaluates");
    assert!(ok.pre_ok());
    assert!(ok
        .outcomes
        .iter()
        .all(|o| o.kind != ConstraintKind::Ensures));

    let cyclic = list_heap(
        Some("N0"),
        2,
        &[("N0", 0, Some("N1"), false), ("N1", 0, Some("N0"), false)],
    );
    let v = evaluate_pre(&rm, &cyclic, Some(&this), &args).expect("evaluates");
    assert_eq!(v.pre_violated(), ["acyclic", "unique"]);
    let wrong_size = list_heap(Some("N0"), 5, &[("N0", 0, None, false)]);
    let v = evaluate_pre(&rm, &wrong_size, Some(&this), &args).expect("evaluates");
    assert_eq!(v.pre_violated(), ["sizeInv"]);
}

#[test]
fn choosing_no_set_lists_the_sets() {
    let spec = parse_spec("ll.spec", LL_SPEC).expect("parses");
    let d = resolve(&spec, &schema(false), &delete_sig(), None).expect_err("must choose");
    assert_eq!(
        d.help.as_deref(),
        Some("ensures sets of `delete`: postcond1, postcond2")
    );
    assert_eq!((d.pos.line, d.pos.col), (7, 10));
    let d = resolve(&spec, &schema(false), &delete_sig(), Some("post3")).expect_err("unknown");
    assert!(d.message.contains("no ensures set `post3`"), "{d}");
}

#[test]
fn plain_ensures_belong_to_every_set() {
    let text = "spec LinkedList { method delete(k: int) {
        ensures always: this.size' <= this.size
        ensures a { ret: result = true }
        ensures b { invariant }
    } }";
    let rm = resolved(text, &delete_sig(), Some("a"));
    let names: Vec<&str> = rm.constraints.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["always", "ret"]);
    let rm = resolved(text, &delete_sig(), Some("b"));
    let names: Vec<&str> = rm.constraints.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["always"]);
}

/// The same spec built from Java annotations, merged with a file that holds only a predicate.
#[test]
fn annotations_build_the_same_spec() {
    let java = "class LinkedList {\n  @Invariant({\"acyclic: all n: this.header.*next | n !in n.^next\",\n   \"sizeInv: #this.header.*next = this.size\"})\n}\n";
    let at = |line, col| Pos { line, col };
    let mut spec = Spec::default();
    let anns = [
        (AnnotationKind::Invariant, "acyclic: all n: this.header.*next | n !in n.^next", at(2, 16)),
        (AnnotationKind::Invariant, "sizeInv: #this.header.*next = this.size", at(3, 5)),
        (AnnotationKind::Ensures, "postcond1/removeOk: k !in this.header'.*next'.key'", at(9, 1)),
        (AnnotationKind::Ensures, "postcond1/sizeOk: (k in this.header.*next.key) => this.size' = this.size - 1 else this.size' = this.size", at(9, 1)),
        (AnnotationKind::Ensures, "postcond2/invariant", at(9, 1)),
    ];
    for (kind, text, pos) in anns {
        let a = parse_annotation(kind, text, "LinkedList.java", java, pos).expect("parses");
        let method = (kind != AnnotationKind::Invariant).then_some("delete");
        spec.add_annotation(method, a).expect("adds");
    }
    let rm = resolve(&spec, &schema(false), &delete_sig(), Some("postcond1")).expect("resolves");
    assert_eq!(run(&rm, &pre(), &post(0), 0).violated(), ["sizeOk"]);
    let rm = resolve(&spec, &schema(false), &delete_sig(), Some("postcond2")).expect("resolves");
    assert_eq!(run(&rm, &pre(), &post(0), 0).violated(), ["sizeInv"]);
    assert_eq!(rm.constraints[0].span.pos, at(2, 16));

    let file = parse_spec("x.spec", "spec LinkedList { pred p() { true } }").expect("parses");
    let mut merged = file.clone();
    merged.merge(spec.clone()).expect("merges");
    assert_eq!(merged.invariants.len(), 2);
    let dup = spec.clone().merge(spec).expect_err("duplicate");
    assert!(
        dup.message.contains("duplicate invariant name `acyclic`"),
        "{dup}"
    );
}
