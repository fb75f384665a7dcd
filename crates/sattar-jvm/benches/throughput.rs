//! JVM bridge throughput: worker start-up with a cached compile, and warm tests per second on
//! the BST subject. Run: `cargo bench -p sattar-jvm --bench throughput`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

use sattar_catalog::inputs::bst;
use sattar_heap::TestInput;
use sattar_java::parse_program;
use sattar_jvm::{JvmOptions, JvmRunner, WorkerCommand};
use std::path::PathBuf;
use std::time::Instant;

fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let rel = "java-subjects/bst/BinarySearchTree.java";
    let text = std::fs::read_to_string(root.join(rel)).expect("subject");
    let p = parse_program(rel, &text).unwrap_or_else(|e| panic!("{}", e[0]));
    let m = p.find_methods("add")[0].id;
    // Cargo builds the package's worker binary for its benches, in the same target directory.
    let worker = PathBuf::from(env!("CARGO_BIN_EXE_sattar-jvm-worker"));
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
