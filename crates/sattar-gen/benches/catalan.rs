//! Korat's classic benchmark: every binary search tree with exactly n nodes and keys 0..n
//! (Catalan(n) of them), counted and timed. The counts are checked against Korat's published
//! ones; its published times come from other hardware and are not a ratio sattar reports (speed
//! is compared only with a peer run side by side). Run: `cargo bench -p sattar-gen --bench catalan`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

use sattar_gen::{Finitization, Generator};
use sattar_heap::Schema;
use sattar_java::parse_program;
use sattar_spec::{parse_spec, resolve, ResolvedMethod};
use std::time::Instant;

/// Korat (ISSTA 2002) on BinarySearchTree: (size, structures).
const KORAT: [(usize, u64); 2] = [(8, 1_430), (10, 16_796)];

fn main() {
    let (schema, rm) = subject();
    println!(
        "{:>3} {:>8} {:>11} {:>10}",
        "n", "trees", "explored", "seconds"
    );
    for n in 0..=10usize {
        let fin = finitization(&schema, &rm, n);
        let generator = Generator::new(&schema, &rm, &fin).unwrap_or_else(|e| panic!("{e}"));
        let t0 = Instant::now();
        let stats = generator.explore().unwrap_or_else(|e| panic!("{e}"));
        let secs = t0.elapsed().as_secs_f64();
        if let Some((_, count)) = KORAT.iter().find(|(size, _)| *size == n) {
            assert_eq!(stats.valid, *count, "Korat's count at n = {n}");
        }
        println!(
            "{n:>3} {:>8} {:>11} {secs:>10.4}",
            stats.valid, stats.explored
        );
    }
}

fn subject() -> (Schema, ResolvedMethod) {
    let root = sattar_catalog::find_root().expect("the bundled subjects");
    let read = |rel: &str| std::fs::read_to_string(root.join(rel)).expect("a bundled file");
    let java = read("java-subjects/bst/BinarySearchTree.java");
    let program =
        parse_program("BinarySearchTree.java", &java).unwrap_or_else(|e| panic!("{}", e[0]));
    let method = program.find_methods("add")[0].id;
    let spec = parse_spec("bst.spec", &read("specs/bst.spec")).unwrap_or_else(|e| panic!("{e}"));
    let schema = program.schema();
    let rm = resolve(&spec, &schema, &program.sig(method), Some("postcond1"))
        .unwrap_or_else(|e| panic!("{e}"));
    (schema, rm)
}

/// Exactly n nodes, keys 0..n, size n, `add(0)`: one input per tree.
fn finitization(schema: &Schema, rm: &ResolvedMethod, n: usize) -> Finitization {
    let mut fin = Finitization::for_method(schema, rm, n).unwrap_or_else(|e| panic!("{e}"));
    fin.exactly("Node", n)
        .and_then(|f| f.int_field("BinarySearchTree", "size", [n as i32]))
        .and_then(|f| f.int_arg("k", [0]))
        .unwrap_or_else(|e| panic!("{e}"));
    fin
}
