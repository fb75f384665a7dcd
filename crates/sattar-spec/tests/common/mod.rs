//! Shared fixtures: the linked-list schema, signatures and small heaps.
#![allow(dead_code)]

use sattar_heap::{ClassSchema, FieldType, Heap, MethodSig, ObjId, Object, Schema, Value};
use sattar_spec::{parse_spec, resolve, ResolvedMethod, Verdict};

pub const LL_SPEC: &str = r#"// The singly linked list of the paper (Listing 1).
spec LinkedList {
  invariant acyclic: all n: this.header.*next | n !in n.^next
  invariant sizeInv: #this.header.*next = this.size
  invariant unique: all n, m: this.header.*next | n != m => n.key != m.key

  method delete(k: int) {
    ensures postcond1 {
      removeOk: k !in this.header'.*next'.key'
      sizeOk: (k in this.header.*next.key) => this.size' = this.size - 1
              else this.size' = this.size
    }
    ensures postcond2 { invariant }
  }
}
"#;

/// `LinkedList{header, size}`, `LinkedList.Node{next, key}`; with `marked` on nodes if asked.
pub fn schema(with_marked: bool) -> Schema {
    let mut s = Schema::default();
    let node = || FieldType::Ref("LinkedList.Node".into());
    s.classes.insert(
        "LinkedList".into(),
        ClassSchema {
            fields: vec![("header".into(), node()), ("size".into(), FieldType::Int)],
            ..Default::default()
        },
    );
    let mut fields = vec![("next".into(), node()), ("key".into(), FieldType::Int)];
    if with_marked {
        fields.push(("marked".into(), FieldType::Bool));
    }
    s.classes.insert(
        "LinkedList.Node".into(),
        ClassSchema {
            fields,
            ..Default::default()
        },
    );
    s
}

pub fn delete_sig() -> MethodSig {
    MethodSig {
        class: "LinkedList".into(),
        name: "delete".into(),
        is_static: false,
        params: vec![("k".into(), FieldType::Int)],
        ret: Some(FieldType::Bool),
    }
}

pub fn void_sig() -> MethodSig {
    MethodSig {
        name: "clear".into(),
        params: vec![],
        ret: None,
        ..delete_sig()
    }
}

pub fn static_sig() -> MethodSig {
    MethodSig {
        name: "make".into(),
        is_static: true,
        ..delete_sig()
    }
}

fn r(id: Option<&str>) -> Value {
    id.map_or(Value::Null, |n| Value::Ref(ObjId::new(n)))
}

/// A heap with one list `L0` (header, size) and nodes `(id, key, next, marked)`.
pub fn list_heap(
    header: Option<&str>,
    size: i32,
    nodes: &[(&str, i32, Option<&str>, bool)],
) -> Heap {
    let mut h = Heap::default();
    let mut l = Object {
        class: "LinkedList".into(),
        fields: Default::default(),
    };
    l.fields.insert("header".into(), r(header));
    l.fields.insert("size".into(), Value::Int(size));
    h.objects.insert(ObjId::new("L0"), l);
    for (id, key, next, marked) in nodes {
        let mut n = Object {
            class: "LinkedList.Node".into(),
            fields: Default::default(),
        };
        n.fields.insert("key".into(), Value::Int(*key));
        n.fields.insert("next".into(), r(*next));
        n.fields.insert("marked".into(), Value::Bool(*marked));
        h.objects.insert(ObjId::new(*id), n);
    }
    h
}

/// Parses and resolves `text` for `sig` on the linked-list schema.
pub fn resolved(text: &str, sig: &MethodSig, set: Option<&str>) -> ResolvedMethod {
    let spec = parse_spec("t.spec", text).unwrap_or_else(|d| panic!("{d}"));
    resolve(&spec, &schema(true), sig, set).unwrap_or_else(|d| panic!("{d}"))
}

/// Evaluates a resolved delete spec with `k` and `result = true`.
pub fn run(rm: &ResolvedMethod, pre: &Heap, post: &Heap, k: i32) -> Verdict {
    let args = vec![("k".to_string(), Value::Int(k))];
    sattar_spec::evaluate(
        rm,
        pre,
        post,
        Some(&ObjId::new("L0")),
        &args,
        Some(&Value::Bool(true)),
    )
    .expect("evaluates")
}
