//! Shrinking a failing input (`shrink.rs`): on a large failing run of a catalog fault, greedy
//! delta debugging ends at the smallest failing input worked out by hand from the code and the
//! spec, the same constraints violated; the run budget is honoured.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

use sattar_catalog::inputs;
use sattar_engine::{judge, shrink, Subject, SubjectRequest, TestVerdict};
use sattar_heap::{input_to_json, TestInput, Value};
use sattar_java::{run, Limits};

fn subject(fault: &str) -> Subject {
    let req = SubjectRequest {
        fault: Some(fault.into()),
        ..Default::default()
    };
    Subject::load(&req).unwrap_or_else(|e| panic!("{e}"))
}

fn violated(s: &Subject, input: &TestInput) -> Vec<String> {
    let ex = run(&s.program, s.method, input, Limits::default()).expect("runs");
    match judge(s, input, ex).expect("judged").verdict {
        TestVerdict::Fail(v) => v,
        other => panic!("not a failing input: {other:?}"),
    }
}

fn read(s: &Subject, input: &TestInput) -> TestInput {
    s.input_from_str(&input_to_json(input).to_string(), "test")
        .expect("reads")
        .0
}

/// `sll.removeErr` (`prev.next = lst` for `prev.next = lst.next`) deleting 7 from the list
/// 0..9: the fault needs a node before the deleted one and nothing else, and any other key or
/// `k` either repeats a key (invalid) or misses the list (a correct `false`). So: the list
/// {0, 7}, size 2, `k` 7 — three objects of eleven, `removeOk` still violated.
#[test]
fn a_long_list_shrinks_to_the_node_before_and_the_deleted_one() {
    let s = subject("sll.removeErr");
    let keys: Vec<i32> = (0..10).collect();
    let input = read(&s, &inputs::list(&keys, None, 7, None));
    let want = violated(&s, &input);
    let shrunk = shrink(&s, &input, &want, 5000, Limits::default());
    assert!(!shrunk.exhausted);
    assert_eq!((shrunk.objects_before, shrunk.objects_after), (11, 3));
    let out = &shrunk.input;
    assert_eq!(violated(&s, out), want);
    assert_eq!(out.arg("k"), Some(&Value::Int(7)));
    let list = out.this.as_ref().expect("a receiver");
    assert_eq!(out.heap.field(list, "size"), Some(&Value::Int(2)));
    let head = out
        .heap
        .field(list, "header")
        .and_then(Value::as_ref)
        .expect("head");
    let second = out
        .heap
        .field(head, "next")
        .and_then(Value::as_ref)
        .expect("second");
    assert_eq!(out.heap.field(head, "key"), Some(&Value::Int(0)));
    assert_eq!(out.heap.field(second, "key"), Some(&Value::Int(7)));
    assert_eq!(out.heap.field(second, "next"), Some(&Value::Null));
}

/// `bst.rightErr` (`y.right = y`) adding 9 to the balanced tree of 1..7: any tree whose
/// insertion goes right fails, so the root alone does; its key lowers to 0 and `k` halves to 1
/// (0 is the root's key: `add` returns false, correctly). That is `check`'s smallest failing
/// input: root 0, add(1). The removed subtrees take `size` down with them and the parent links
/// stay right, or the input would be invalid.
#[test]
fn a_tree_shrinks_to_checks_smallest_failing_input() {
    let s = subject("bst.rightErr");
    let input = read(&s, &inputs::bst(&[4, 2, 6, 1, 3, 5, 7], 9));
    let want = violated(&s, &input);
    let shrunk = shrink(&s, &input, &want, 5000, Limits::default());
    assert_eq!((shrunk.objects_before, shrunk.objects_after), (8, 2));
    let out = &shrunk.input;
    assert_eq!(violated(&s, out), want);
    assert_eq!(out.arg("k"), Some(&Value::Int(1)));
    let tree = out.this.as_ref().expect("a receiver");
    assert_eq!(out.heap.field(tree, "size"), Some(&Value::Int(1)));
    let root = out
        .heap
        .field(tree, "root")
        .and_then(Value::as_ref)
        .expect("root");
    assert_eq!(out.heap.field(root, "key"), Some(&Value::Int(0)));
}

/// With a budget of `n` runs, shrinking stops after exactly `n`, says so, and what it returns
/// still fails alike.
#[test]
fn the_run_budget_is_honoured() {
    let s = subject("sll.removeErr");
    let keys: Vec<i32> = (0..10).collect();
    let input = read(&s, &inputs::list(&keys, None, 7, None));
    let want = violated(&s, &input);
    let shrunk = shrink(&s, &input, &want, 3, Limits::default());
    assert!(shrunk.exhausted);
    assert_eq!(shrunk.runs, 3);
    assert_eq!(violated(&s, &shrunk.input), want);
}
