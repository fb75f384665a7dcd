//! Helpers shared by the JVM bridge tests: subjects, mutations, inputs, runner options.
#![allow(dead_code)]

/// A mutation: `(line, original, faulty)`.
pub type Mutation = (u32, String, String);
/// A BST node under construction: key, left, right, parent.
type Slot = (i32, Option<usize>, Option<usize>, Option<usize>);

use sattar_heap::{Heap, ObjId, Object, TestInput, Value};
use sattar_java::{parse_program, Program};
use sattar_jvm::{JvmOptions, WorkerCommand};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Options for tests: the crate's worker binary, a cache under the target dir.
pub fn options(max_steps: u64) -> JvmOptions {
    JvmOptions {
        max_steps,
        timeout: Duration::from_secs(10),
        heap_mb: 256,
        cache_dir: Some(PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("jvm-cache")),
        worker: Some(WorkerCommand {
            program: env!("CARGO_BIN_EXE_sattar-jvm-worker").into(),
            args: vec![],
        }),
    }
}

/// Parses a bundled subject with mutations `(line, original, faulty)` applied.
pub fn subject(rel: &str, mutations: &[(u32, String, String)]) -> Program {
    let text = std::fs::read_to_string(root().join(rel)).expect("bundled subject exists");
    let text: Vec<String> = text
        .lines()
        .enumerate()
        .map(
            |(i, l)| match mutations.iter().find(|m| m.0 == i as u32 + 1) {
                Some((_, from, to)) => l.replacen(from.as_str(), to, 1),
                None => l.to_string(),
            },
        )
        .collect();
    parse_program(rel, &(text.join("\n") + "\n")).unwrap_or_else(|e| panic!("{}", e[0]))
}

/// The catalog's mutation sets for one subject (distinct sets only).
pub fn faults(subject_rel: &str) -> Vec<Vec<(u32, String, String)>> {
    let text = std::fs::read_to_string(root().join("java-subjects/faults.toml")).expect("catalog");
    let mut out: Vec<Vec<(u32, String, String)>> = Vec::new();
    let mut cur: Option<(String, Vec<Mutation>)> = None;
    let flush = |c: Option<(String, Vec<Mutation>)>, out: &mut Vec<_>| {
        if let Some((s, m)) = c {
            if s == subject_rel && !out.contains(&m) {
                out.push(m);
            }
        }
    };
    for line in text.lines() {
        let l = line.trim();
        if l == "[[fault]]" {
            flush(cur.take(), &mut out);
            cur = Some((String::new(), Vec::new()));
        } else if let (Some(c), Some(v)) = (cur.as_mut(), l.strip_prefix("subject = ")) {
            c.0 = v.trim_matches('"').to_string();
        } else if let (Some(c), true) = (cur.as_mut(), l.contains("line = ")) {
            c.1.push(parse_mutation(l));
        }
    }
    flush(cur.take(), &mut out);
    out
}

fn quoted(l: &str, key: &str) -> String {
    let start = l.find(&format!("{key} = \"")).expect("key") + key.len() + 4;
    let end = start + l[start..].find('"').expect("closing quote");
    l[start..end].to_string()
}

fn parse_mutation(l: &str) -> (u32, String, String) {
    let n = l
        .split("line = ")
        .nth(1)
        .expect("line")
        .split(',')
        .next()
        .expect("number")
        .trim();
    (
        n.parse().expect("line number"),
        quoted(l, "original"),
        quoted(l, "faulty"),
    )
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

/// A list `L0` with `keys`; `last_next` overrides the last node's `next` (a cycle).
pub fn list(keys: &[i32], size: i32, k: i32, last_next: Option<usize>) -> TestInput {
    let mut heap = Heap::default();
    let header = if keys.is_empty() {
        Value::Null
    } else {
        r("N0")
    };
    heap.objects.insert(
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
            last_next.map_or(Value::Null, |j| r(&format!("N{j}")))
        };
        heap.objects.insert(
            ObjId::new(format!("N{i}")),
            obj(
                "LinkedList.Node",
                &[("key", Value::Int(*key)), ("next", next)],
            ),
        );
    }
    TestInput {
        this: Some(ObjId::new("L0")),
        args: vec![("k".into(), Value::Int(k))],
        heap,
    }
}

/// A BST `T0` built by inserting `keys` in order.
pub fn bst(keys: &[i32], k: i32) -> TestInput {
    let mut nodes: Vec<Slot> = Vec::new();
    for &key in keys {
        let (mut parent, mut cur, mut left) =
            (None, if nodes.is_empty() { None } else { Some(0) }, false);
        while let Some(c) = cur {
            parent = Some(c);
            left = key < nodes[c].0;
            cur = if left { nodes[c].1 } else { nodes[c].2 };
        }
        nodes.push((key, None, None, parent));
        let new = nodes.len() - 1;
        if let Some(p) = parent {
            if left {
                nodes[p].1 = Some(new)
            } else {
                nodes[p].2 = Some(new)
            }
        }
    }
    let rf = |i: Option<usize>| i.map_or(Value::Null, |i| r(&format!("N{i}")));
    let mut heap = Heap::default();
    let root = if nodes.is_empty() {
        Value::Null
    } else {
        r("N0")
    };
    heap.objects.insert(
        ObjId::new("T0"),
        obj(
            "BinarySearchTree",
            &[("root", root), ("size", Value::Int(keys.len() as i32))],
        ),
    );
    for (i, (key, l, rr, p)) in nodes.iter().enumerate() {
        let fields = [
            ("key", Value::Int(*key)),
            ("left", rf(*l)),
            ("right", rf(*rr)),
            ("parent", rf(*p)),
        ];
        heap.objects.insert(
            ObjId::new(format!("N{i}")),
            obj("BinarySearchTree.Node", &fields),
        );
    }
    TestInput {
        this: Some(ObjId::new("T0")),
        args: vec![("k".into(), Value::Int(k))],
        heap,
    }
}

/// Every list of length ≤ 4 over keys 0..3, with every k in 0..4, plus cyclic and mis-sized ones.
pub fn list_inputs() -> Vec<TestInput> {
    let mut out = Vec::new();
    let mut seqs: Vec<Vec<i32>> = vec![vec![]];
    for len in 1..=4 {
        let prev: Vec<Vec<i32>> = seqs
            .iter()
            .filter(|s| s.len() == len - 1)
            .cloned()
            .collect();
        for p in prev {
            for key in 0..3 {
                let mut s = p.clone();
                s.push(key);
                seqs.push(s);
            }
        }
    }
    for s in &seqs {
        for k in 0..4 {
            out.push(list(s, s.len() as i32, k, None));
        }
    }
    for s in seqs.iter().filter(|s| s.len() >= 2 && s.len() <= 3) {
        out.push(list(s, 7, 5, Some(0)));
        out.push(list(s, -1, s[1], Some(1)));
    }
    out
}

fn permutations(keys: &[i32], len: usize) -> Vec<Vec<i32>> {
    if len == 0 {
        return vec![vec![]];
    }
    let mut out = Vec::new();
    for p in permutations(keys, len - 1) {
        for k in keys {
            if !p.contains(k) {
                let mut q = p.clone();
                q.push(*k);
                out.push(q);
            }
        }
    }
    out
}

/// BSTs from every insertion order of up to 4 keys of 1..=4, k in 0..=5, plus cyclic ones.
pub fn bst_inputs() -> Vec<TestInput> {
    let mut out = Vec::new();
    for len in 0..=4 {
        for p in permutations(&[1, 2, 3, 4], len) {
            for k in 0..=5 {
                out.push(bst(&p, k));
            }
        }
    }
    for p in permutations(&[2, 4], 2) {
        let mut t = bst(&p, 5);
        for o in t
            .heap
            .objects
            .values_mut()
            .filter(|o| o.class == "BinarySearchTree.Node")
        {
            if o.fields.get("right") == Some(&Value::Null) {
                o.fields.insert("right".into(), r("N0"));
            }
        }
        out.push(t);
    }
    out
}
