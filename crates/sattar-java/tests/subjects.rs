//! The front end and the interpreter on the bundled subjects.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report
mod common;
use common::*;
use sattar_catalog::inputs::{bst, list};
use sattar_heap::{ObjId, Value};
use sattar_java::{run, Limits, StmtKind, Termination};

#[test]
fn linked_list_statements_have_ids_lines_and_texts() {
    let p = subject("java-subjects/linkedlist/LinkedList.java", None);
    let texts: Vec<(u32, &str)> = p.stmts.iter().map(|s| (s.line, s.text.as_str())).collect();
    assert_eq!(
        texts,
        [
            (14, "Node prev = null;"),
            (15, "Node lst = header;"),
            (16, "while (lst != null)"),
            (17, "if (lst.key == k)"),
            (18, "if (prev != null)"),
            (19, "prev.next = lst.next;"),
            (21, "header = header.next;"),
            (23, "size = size - 1;"),
            (24, "return true;"),
            (26, "prev = lst;"),
            (27, "lst = lst.next;"),
            (29, "return false;"),
        ]
    );
    assert!(p
        .stmts
        .iter()
        .enumerate()
        .all(|(i, s)| s.id.0 as usize == i + 1));
    assert_eq!(p.stmts[2].kind, StmtKind::While);
}

#[test]
fn delete_runs_like_java() {
    let p = subject("java-subjects/linkedlist/LinkedList.java", None);
    let m = method(&p, "delete");
    let input = list(&[0, 1], None, 0, None);
    let ex = run(&p, m, &input, Limits::default()).unwrap();
    assert_eq!(
        ex.termination,
        Termination::Returned(Some(Value::Bool(true)))
    );
    assert_eq!(ex.post.field(&ObjId::new("L0"), "header"), Some(&r("N1")));
    assert_eq!(
        ex.post.field(&ObjId::new("L0"), "size"),
        Some(&Value::Int(1))
    );
    let covered: Vec<u32> = ex.covered.iter().map(|s| s.0).collect();
    assert_eq!(covered, [1, 2, 3, 4, 5, 7, 8, 9]);
    let trace: Vec<(u32, bool)> = ex.trace.iter().map(|b| (b.stmt.0, b.taken)).collect();
    assert_eq!(trace, [(3, true), (4, true), (5, false)]);
}

#[test]
fn delete_of_a_missing_key_walks_the_whole_list() {
    let p = subject("java-subjects/linkedlist/LinkedList.java", None);
    let ex = run(
        &p,
        method(&p, "delete"),
        &list(&[0, 1, 2], None, 7, None),
        Limits::default(),
    )
    .unwrap();
    assert_eq!(ex.result(), Some(&Value::Bool(false)));
    let trace: Vec<(u32, bool)> = ex.trace.iter().map(|b| (b.stmt.0, b.taken)).collect();
    assert_eq!(
        trace,
        [
            (3, true),
            (4, false),
            (3, true),
            (4, false),
            (3, true),
            (4, false),
            (3, false)
        ]
    );
}

#[test]
fn bst_add_inserts_a_leaf_with_parent() {
    let p = subject("java-subjects/bst/BinarySearchTree.java", None);
    let ex = run(&p, method(&p, "add"), &bst(&[5, 3], 4), Limits::default()).unwrap();
    assert_eq!(ex.result(), Some(&Value::Bool(true)));
    let new = ObjId::new("new0");
    assert_eq!(
        ex.post.field(&ObjId::new("N1"), "right"),
        Some(&Value::Ref(new.clone()))
    );
    assert_eq!(ex.post.field(&new, "parent"), Some(&r("N1")));
    assert_eq!(ex.post.field(&new, "key"), Some(&Value::Int(4)));
    assert_eq!(
        ex.post.field(&ObjId::new("T0"), "size"),
        Some(&Value::Int(3))
    );
}

#[test]
fn bst_add_of_a_present_key_returns_false_and_allocates_nothing() {
    let p = subject("java-subjects/bst/BinarySearchTree.java", None);
    let input = bst(&[5, 3, 8], 8);
    let ex = run(&p, method(&p, "add"), &input, Limits::default()).unwrap();
    assert_eq!(ex.result(), Some(&Value::Bool(false)));
    assert_eq!(ex.post, input.heap);
}

#[test]
fn a_cyclic_list_hits_the_step_limit() {
    let p = subject("java-subjects/linkedlist/LinkedList.java", None);
    let mut input = list(&[0, 1], None, 9, None);
    input
        .heap
        .objects
        .get_mut(&ObjId::new("N1"))
        .unwrap()
        .fields
        .insert("next".into(), r("N0"));
    let ex = run(
        &p,
        method(&p, "delete"),
        &input,
        Limits {
            max_steps: 500,
            max_depth: 10,
        },
    )
    .unwrap();
    assert_eq!(ex.termination, Termination::StepLimit);
}
