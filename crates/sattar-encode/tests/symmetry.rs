//! A free pre-state holds each heap exactly once: enumerating every valid input with blocking
//! clauses gives the known number of non-isomorphic structures — no heap missing (the symmetry
//! breaking is sound), none twice (it is complete).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

use sattar_encode::{encode, EncodeOptions, PreSpec};
use sattar_java::parse_program;
use sattar_sat::Outcome;
use sattar_spec::{parse_spec, resolve};
use std::collections::BTreeSet;
use std::path::PathBuf;

fn count(rel: &str, method: &str, spec: &str, scope: usize) -> usize {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let text = std::fs::read_to_string(root.join(rel)).expect("subject");
    let p = parse_program(rel, &text).unwrap_or_else(|e| panic!("{}", e[0]));
    let m = p.find_methods(method)[0].id;
    let parsed = parse_spec("test.spec", spec).unwrap_or_else(|e| panic!("{e}"));
    let rm = resolve(&parsed, &p.schema(), &p.sig(m), None).unwrap_or_else(|e| panic!("{e}"));
    let mut enc = encode(
        &p,
        m,
        &rm,
        PreSpec::Free { scope },
        &EncodeOptions::default(),
    )
    .expect("encodes");
    let valid = enc.pre_ok();
    enc.session.assert_hard(valid);
    let mut seen = BTreeSet::new();
    while let Outcome::Sat(model) = enc.session.solve(&[], &[]).expect("no budget") {
        let input = enc.decode(&model).input;
        assert!(seen.insert(format!("{input}")), "enumerated twice: {input}");
        enc.block_input(&model);
    }
    seen.len()
}

#[test]
fn binary_search_trees_over_four_keys_number_the_sum_of_binomials_times_catalan() {
    let spec = r#"spec BinarySearchTree {
      invariant acyclic: all n: this.root.*(left + right) | n !in n.^(left + right)
      invariant rootParent: no this.root.parent
      invariant parentOk: all n: this.root.*(left + right) | all c: n.(left + right) | c.parent = n
      invariant ordered: all n: this.root.*(left + right) |
        (all l: n.left.*(left + right) | l.key < n.key) && (all r: n.right.*(left + right) | r.key > n.key)
      invariant sizeInv: #this.root.*(left + right) = this.size
      method add(k: int) {
        requires keys: all n: this.root.*(left + right) | n.key >= 0 && n.key < 4
        requires arg: k = 0
      }
    }"#;
    // Σ C(4, n) · Catalan(n) for n = 0..4: 1 + 4 + 12 + 20 + 14.
    assert_eq!(
        count("java-subjects/bst/BinarySearchTree.java", "add", spec, 4),
        51
    );
}

#[test]
fn linked_lists_with_unique_keys_number_the_partial_permutations() {
    let spec = r#"spec LinkedList {
      invariant acyclic: all n: this.header.*next | n !in n.^next
      invariant sizeInv: #this.header.*next = this.size
      invariant unique: all n, m: this.header.*next | n != m => n.key != m.key
      method delete(k: int) {
        requires keys: all n: this.header.*next | n.key >= 0 && n.key < 4
        requires arg: k = 0
      }
    }"#;
    // Σ 4!/(4-n)! for n = 0..3: 1 + 4 + 12 + 24.
    assert_eq!(
        count(
            "java-subjects/linkedlist/LinkedList.java",
            "delete",
            spec,
            3
        ),
        41
    );
}
