//! Arrays in the spec language: `a[i]` (nothing outside `0 .. length - 1`), `a.length`, ranges
//! `lo .. hi` as sets and quantifier bounds, priming, and the refusals, on hand-built heaps.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

use sattar_heap::{ClassSchema, FieldType, Heap, MethodSig, ObjId, Object, Schema, Value};
use sattar_spec::{evaluate, parse_spec, resolve};
use std::collections::BTreeMap;

fn schema() -> Schema {
    let mut s = Schema::default();
    let class = |fields: Vec<(&str, FieldType)>, element: Option<FieldType>| ClassSchema {
        fields: fields
            .into_iter()
            .map(|(n, t)| (n.to_string(), t))
            .collect(),
        element,
        ..Default::default()
    };
    let node = FieldType::Ref("Node".into());
    s.classes.insert(
        "Buf".into(),
        class(
            vec![
                ("items", FieldType::Ref("int[]".into())),
                ("nodes", FieldType::Ref("Node[]".into())),
                ("size", FieldType::Int),
            ],
            None,
        ),
    );
    s.classes
        .insert("Node".into(), class(vec![("key", FieldType::Int)], None));
    let length = || vec![("length", FieldType::Int)];
    s.classes
        .insert("int[]".into(), class(length(), Some(FieldType::Int)));
    s.classes
        .insert("Node[]".into(), class(length(), Some(node)));
    s
}

fn sig() -> MethodSig {
    MethodSig {
        class: "Buf".into(),
        name: "put".into(),
        is_static: false,
        params: vec![("k".into(), FieldType::Int)],
        ret: None,
    }
}

fn obj(class: &str, fields: &[(&str, Value)]) -> Object {
    Object {
        class: class.into(),
        fields: fields
            .iter()
            .map(|(n, v)| (n.to_string(), v.clone()))
            .collect::<BTreeMap<_, _>>(),
    }
}

fn r(id: &str) -> Value {
    Value::Ref(ObjId::new(id))
}

/// Pre: items = [4, 1, 9], nodes = [N0, null], size 2. Post: items[1] = 5, size 3.
fn heaps() -> (Heap, Heap) {
    let mut pre = Heap::default();
    let ints = |v: &[i32]| v.iter().map(|&i| Value::Int(i)).collect();
    let buf = |size| {
        obj(
            "Buf",
            &[
                ("items", r("A")),
                ("nodes", r("B")),
                ("size", Value::Int(size)),
            ],
        )
    };
    pre.objects.insert(ObjId::new("T"), buf(2));
    pre.objects
        .insert(ObjId::new("A"), Object::array("int[]", ints(&[4, 1, 9])));
    pre.objects.insert(
        ObjId::new("B"),
        Object::array("Node[]", vec![r("N0"), Value::Null]),
    );
    pre.objects
        .insert(ObjId::new("N0"), obj("Node", &[("key", Value::Int(7))]));
    let mut post = pre.clone();
    post.objects.insert(ObjId::new("T"), buf(3));
    post.objects
        .insert(ObjId::new("A"), Object::array("int[]", ints(&[4, 5, 9])));
    (pre, post)
}

fn holds(formula: &str) -> bool {
    let text = format!("spec Buf {{ method put(k: int) {{ ensures t: {formula} }} }}");
    let spec = parse_spec("t.spec", &text).unwrap_or_else(|e| panic!("{formula}: {e}"));
    let rm = resolve(&spec, &schema(), &sig(), None).unwrap_or_else(|e| panic!("{formula}: {e}"));
    let (pre, post) = heaps();
    let args = [("k".to_string(), Value::Int(1))];
    let v = evaluate(&rm, &pre, &post, Some(&ObjId::new("T")), &args, None)
        .unwrap_or_else(|e| panic!("{formula}: {e}"));
    v.outcomes[0].holds
}

#[test]
fn indexing_reads_elements_within_the_length() {
    for (f, want) in [
        ("this.items[0] = 4", true),
        ("this.items[k] = 1", true),
        ("this.items[k + 1] = 9", true),
        ("no this.items[3]", true),
        ("no this.items[-1]", true),
        ("this.items.length = 3", true),
        ("this.items[2] = 4", false),
        ("this.nodes[0].key = 7", true),
        ("no this.nodes[1]", true),
        ("this.nodes[0] in Node", true),
    ] {
        assert_eq!(holds(f), want, "{f}");
    }
}

#[test]
fn ranges_are_integer_sets_and_quantifier_bounds() {
    for (f, want) in [
        // `=` on ints compares sums (Alloy): 0 .. 2 is {0, 1, 2}, whose sum is 0 + 1 + 2.
        ("0 .. 2 = 0 + 1 + 2", true),
        ("0 .. 2 = 4", false),
        ("#(0 .. 2) = 3", true),
        ("no (3 .. 2)", true),
        ("k in 0 .. 2", true),
        ("all i: 0 .. this.size - 1 | this.items[i] < 5", true),
        (
            "all i: 0 .. this.items.length - 1 | this.items[i] < 5",
            false,
        ),
        (
            "some i: 0 .. this.items.length - 1 | this.items[i] = 9",
            true,
        ),
        (
            "all i: 1 .. this.size - 1 | this.items[i - 1] >= this.items[i]",
            true,
        ),
    ] {
        assert_eq!(holds(f), want, "{f}");
    }
}

#[test]
fn priming_reads_the_post_state_elements() {
    for (f, want) in [
        ("(this.items[1])' = 5", true),
        ("this.items[1] = 1", true),
        ("(this.items[this.size - 1])' = 9", true), // size' = 3: the post index is 2
        ("all i: this.size - 1 | (this.items[i])' = 5", true), // a pre index into the post state
        ("this.items'[1] = 1", true), // the post array (the same object), pre elements
    ] {
        assert_eq!(holds(f), want, "{f}");
    }
}

#[test]
fn refusals_name_the_place() {
    let err = |formula: &str| {
        let text = format!("spec Buf {{\n  method put(k: int) {{ ensures t: {formula} }}\n}}");
        let spec = parse_spec("t.spec", &text).unwrap_or_else(|e| panic!("{formula}: {e}"));
        resolve(&spec, &schema(), &sig(), None)
            .err()
            .unwrap_or_else(|| panic!("{formula} resolves"))
            .to_string()
    };
    let e = err("this.size[0] = 1");
    assert!(e.contains("t.spec:2:") && e.contains("not arrays"), "{e}");
    let e = err("this[0] = this");
    assert!(e.contains("not arrays"), "{e}");
    let e = err("this.items[this] = 1");
    assert!(e.contains("expected an integer"), "{e}");
    let e = err("this .. 2 = 1");
    assert!(e.contains("expected an integer"), "{e}");
    let e = parse_spec(
        "t.spec",
        "spec Buf { method put(k: int) { ensures t: this.items[1 = 1 } }",
    )
    .err()
    .map(|e| e.to_string())
    .unwrap_or_default();
    assert!(e.contains("t.spec:1:") && e.contains("`]`"), "{e}");
}

#[test]
fn a_huge_range_is_an_error_not_a_hang() {
    let text = "spec Buf { method put(k: int) { ensures t: #(0 .. 1000000000000) > 0 } }";
    let spec = parse_spec("t.spec", text).unwrap();
    let rm = resolve(&spec, &schema(), &sig(), None).unwrap();
    let (pre, post) = heaps();
    let e = evaluate(
        &rm,
        &pre,
        &post,
        Some(&ObjId::new("T")),
        &[("k".into(), Value::Int(1))],
        None,
    )
    .unwrap_err();
    assert!(e.to_string().contains("more than"), "{e}");
}
