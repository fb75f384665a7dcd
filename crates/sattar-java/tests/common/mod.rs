//! Helpers shared by the front-end tests: bundled subjects and small heaps.
#![allow(dead_code)]

use sattar_heap::{ObjId, Object, TestInput, Value};
use sattar_java::{parse_program, MethodId, Program};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Parses a bundled subject, optionally replacing text on a line (a seeded fault).
pub fn subject(rel: &str, mutation: Option<(u32, &str, &str)>) -> Program {
    let text = std::fs::read_to_string(root().join(rel)).expect("bundled subject exists");
    let text = match mutation {
        None => text,
        Some((line, from, to)) => text
            .lines()
            .enumerate()
            .map(|(i, l)| {
                if i as u32 + 1 == line {
                    l.replacen(from, to, 1)
                } else {
                    l.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join("\n"),
    };
    parse_program(rel, &text).unwrap_or_else(|e| panic!("{}", e[0]))
}

pub fn method(p: &Program, name: &str) -> MethodId {
    p.find_methods(name)[0].id
}

fn obj(class: &str, fields: &[(&str, Value)]) -> Object {
    let fields: BTreeMap<String, Value> = fields
        .iter()
        .map(|(k, v)| (k.to_string(), v.clone()))
        .collect();
    Object {
        class: class.into(),
        fields,
    }
}

pub fn r(id: &str) -> Value {
    Value::Ref(ObjId::new(id))
}

/// A linked list `L0` holding `keys` in order, with `size` (defaults to the number of keys).
pub fn list(keys: &[i32], size: Option<i32>, k: i32) -> TestInput {
    let mut input = TestInput {
        this: Some(ObjId::new("L0")),
        args: vec![("k".into(), Value::Int(k))],
        heap: Default::default(),
    };
    let header = if keys.is_empty() {
        Value::Null
    } else {
        r("N0")
    };
    let size = size.unwrap_or(keys.len() as i32);
    input.heap.objects.insert(
        ObjId::new("L0"),
        obj(
            "LinkedList",
            &[("header", header), ("size", Value::Int(size))],
        ),
    );
    for (i, key) in keys.iter().enumerate() {
        let next = if i + 1 < keys.len() {
            r(&format!("N{}", i + 1))
        } else {
            Value::Null
        };
        input.heap.objects.insert(
            ObjId::new(format!("N{i}")),
            obj(
                "LinkedList.Node",
                &[("key", Value::Int(*key)), ("next", next)],
            ),
        );
    }
    input
}

/// A BST built by inserting `keys` in order (a correct tree), receiver `T0`, argument `k`.
pub fn bst(keys: &[i32], k: i32) -> TestInput {
    let mut input = TestInput {
        this: Some(ObjId::new("T0")),
        args: vec![("k".into(), Value::Int(k))],
        heap: Default::default(),
    };
    // (key, left, right, parent) by node index
    type Slot = (i32, Option<usize>, Option<usize>, Option<usize>);
    let mut nodes: Vec<Slot> = Vec::new();
    for &key in keys {
        let mut parent = None;
        let mut cur = if nodes.is_empty() { None } else { Some(0) };
        let mut went_left = false;
        while let Some(c) = cur {
            parent = Some(c);
            went_left = key < nodes[c].0;
            cur = if went_left { nodes[c].1 } else { nodes[c].2 };
        }
        nodes.push((key, None, None, parent));
        let new = nodes.len() - 1;
        if let Some(p) = parent {
            if went_left {
                nodes[p].1 = Some(new)
            } else {
                nodes[p].2 = Some(new)
            }
        }
    }
    let rf = |i: Option<usize>| i.map_or(Value::Null, |i| r(&format!("N{i}")));
    let root = if nodes.is_empty() {
        Value::Null
    } else {
        r("N0")
    };
    input.heap.objects.insert(
        ObjId::new("T0"),
        obj(
            "BinarySearchTree",
            &[("root", root), ("size", Value::Int(keys.len() as i32))],
        ),
    );
    for (i, (key, l, rr, p)) in nodes.iter().enumerate() {
        input.heap.objects.insert(
            ObjId::new(format!("N{i}")),
            obj(
                "BinarySearchTree.Node",
                &[
                    ("key", Value::Int(*key)),
                    ("left", rf(*l)),
                    ("right", rf(*rr)),
                    ("parent", rf(*p)),
                ],
            ),
        );
    }
    input
}
