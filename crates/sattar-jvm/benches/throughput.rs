//! JVM bridge throughput: worker start-up with a cached compile, and warm tests per second on
//! the BST subject. Run: `cargo bench -p sattar-jvm --bench throughput`.

use sattar_heap::{ObjId, Object, TestInput, Value};
use sattar_java::parse_program;
use sattar_jvm::{JvmOptions, JvmRunner, WorkerCommand};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Instant;

/// A BST node under construction: key, left, right, parent.
type Slot = (i32, Option<usize>, Option<usize>, Option<usize>);

fn bst(keys: &[i32], k: i32) -> TestInput {
    let mut heap = sattar_heap::Heap::default();
    let r = |i: usize| Value::Ref(ObjId::new(format!("N{i}")));
    let mut nodes: Vec<Slot> = Vec::new();
    for &key in keys {
        let (mut parent, mut cur, mut left) = (None, (!nodes.is_empty()).then_some(0), false);
        while let Some(c) = cur {
            parent = Some(c);
            left = key < nodes[c].0;
            cur = if left { nodes[c].1 } else { nodes[c].2 };
        }
        nodes.push((key, None, None, parent));
        let n = nodes.len() - 1;
        if let Some(p) = parent {
            if left {
                nodes[p].1 = Some(n)
            } else {
                nodes[p].2 = Some(n)
            }
        }
    }
    let opt = |i: Option<usize>| i.map_or(Value::Null, r);
    let mut tree = BTreeMap::new();
    tree.insert(
        "root".to_string(),
        if nodes.is_empty() { Value::Null } else { r(0) },
    );
    tree.insert("size".to_string(), Value::Int(nodes.len() as i32));
    heap.objects.insert(
        ObjId::new("T0"),
        Object {
            class: "BinarySearchTree".into(),
            fields: tree,
        },
    );
    for (i, (key, l, rt, p)) in nodes.iter().enumerate() {
        let fields = [
            ("key", Value::Int(*key)),
            ("left", opt(*l)),
            ("right", opt(*rt)),
            ("parent", opt(*p)),
        ];
        let fields = fields
            .into_iter()
            .map(|(f, v)| (f.to_string(), v))
            .collect();
        heap.objects.insert(
            ObjId::new(format!("N{i}")),
            Object {
                class: "BinarySearchTree.Node".into(),
                fields,
            },
        );
    }
    TestInput {
        this: Some(ObjId::new("T0")),
        args: vec![("k".into(), Value::Int(k))],
        heap,
    }
}

fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let rel = "java-subjects/bst/BinarySearchTree.java";
    let text = std::fs::read_to_string(root.join(rel)).expect("subject");
    let p = parse_program(rel, &text).unwrap_or_else(|e| panic!("{}", e[0]));
    let m = p.find_methods("add")[0].id;
    let worker = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../target-jvm/release/sattar-jvm-worker");
    let worker = std::env::var_os("SATTAR_JVM_WORKER").map_or(worker, PathBuf::from);
    let opts = JvmOptions {
        cache_dir: Some(std::env::temp_dir().join("sattar-bench-cache")),
        worker: Some(WorkerCommand {
            program: worker,
            args: vec![],
        }),
        ..JvmOptions::default()
    };
    drop(JvmRunner::start(&p, opts.clone()).unwrap_or_else(|e| panic!("{e}"))); // fill the cache
    let t0 = Instant::now();
    let mut jvm = JvmRunner::start(&p, opts).unwrap_or_else(|e| panic!("{e}"));
    let start = t0.elapsed();
    let inputs: Vec<TestInput> = (0..64)
        .map(|i| bst(&[(i * 7) % 11, (i * 3) % 13, 5, (i * 5) % 17, 9], i % 19))
        .collect();
    for t in inputs.iter().cycle().take(5_000) {
        jvm.run(m, t).unwrap_or_else(|e| panic!("{e}")); // warm-up
    }
    let n = 20_000;
    let t1 = Instant::now();
    for t in inputs.iter().cycle().take(n) {
        jvm.run(m, t).unwrap_or_else(|e| panic!("{e}"));
    }
    let secs = t1.elapsed().as_secs_f64();
    println!(
        "start-up (cached compile, spawn to JVM ready): {:.3} s (worker-measured {:.3} s)",
        start.as_secs_f64(),
        jvm.startup_time().as_secs_f64()
    );
    println!(
        "warm throughput: {:.0} tests/s ({n} BST add tests in {secs:.2} s)",
        n as f64 / secs
    );
}
