//! Every catalog fault has a fault-revealing input whose violated constraints are known; the
//! correct subject passes on the same input. Inputs are written as compact lists/insertion orders,
//! built by the catalog's input builders and read back through their JSON form; the expectations were derived by hand from the code and the spec
//! (see the comment on each row).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

use sattar_catalog::inputs;
use sattar_engine::{judge, Subject, SubjectRequest, TestVerdict};
use sattar_heap::input_to_json;
use sattar_java::{run, Limits};

/// A linked list input (`keys` in order, delete `k`) in its JSON form.
fn list_json(keys: &[i32], k: i32) -> String {
    input_to_json(&inputs::list(keys, None, k, None)).to_string()
}

/// A BST input (the tree built by inserting `keys` in order, then `add(k)`) in its JSON form.
fn bst_json(keys: &[i32], k: i32) -> String {
    input_to_json(&inputs::bst(keys, k)).to_string()
}

fn verdict(req: SubjectRequest, input: &str) -> TestVerdict {
    let s = Subject::load(&req).unwrap_or_else(|e| panic!("{e}"));
    let (input, _) = s
        .input_from_str(input, "test")
        .unwrap_or_else(|e| panic!("{e}"));
    let ex = run(&s.program, s.method, &input, Limits::default()).expect("runs");
    judge(&s, &input, ex).expect("spec evaluates").verdict
}

fn fault(id: &str, input: &str) -> TestVerdict {
    verdict(
        SubjectRequest {
            fault: Some(id.into()),
            ..Default::default()
        },
        input,
    )
}

fn correct(file: &str, spec: &str, ensures: &str, input: &str) -> TestVerdict {
    let req = SubjectRequest {
        java: vec![format!("../../java-subjects/{file}").into()],
        spec: Some(format!("../../specs/{spec}").into()),
        ensures: Some(ensures.into()),
        ..Default::default()
    };
    verdict(req, input)
}

fn fail(names: &[&str]) -> TestVerdict {
    TestVerdict::Fail(names.iter().map(|s| s.to_string()).collect())
}

#[test]
fn every_linked_list_fault_is_revealed_with_the_expected_constraints() {
    let cases: [(&str, &str, String, &[&str]); 6] = [
        // size becomes 0 instead of 1: only the size constraint sees it.
        (
            "sll.sizeErr",
            "postcond1",
            list_json(&[0, 1], 0),
            &["sizeOk"],
        ),
        // the header stays on node 0: key 0 is still in the list; size 1 is right.
        (
            "sll.headErr",
            "postcond1",
            list_json(&[0, 1], 0),
            &["removeOk"],
        ),
        // prev.next = lst keeps node 1 linked: key 1 is still in the list.
        (
            "sll.removeErr",
            "postcond1",
            list_json(&[0, 1], 1),
            &["removeOk"],
        ),
        // postcond2 sees sizeErr as size (0) != number of nodes (1).
        (
            "sll.sizeErr2",
            "postcond2",
            list_json(&[0, 1], 0),
            &["sizeInv"],
        ),
        // postcond2 sees headErr as size (1) != number of nodes (2).
        (
            "sll.headErr2",
            "postcond2",
            list_json(&[0, 1], 0),
            &["sizeInv"],
        ),
        // both faults on one trace: key 1 stays and size becomes 0.
        (
            "sll.sllSizeRemErr",
            "postcond1",
            list_json(&[0, 1], 1),
            &["removeOk", "sizeOk"],
        ),
    ];
    for (id, ensures, input, want) in cases {
        assert_eq!(fault(id, &input), fail(want), "{id}");
        assert_eq!(
            correct(
                "linkedlist/LinkedList.java",
                "linkedlist.spec",
                ensures,
                &input
            ),
            TestVerdict::Pass,
            "{id}"
        );
    }
}

#[test]
fn every_bst_fault_is_revealed_with_the_expected_constraints() {
    let cases: [(&str, &str, String, &[&str]); 10] = [
        // add 1 to {5,3}: the descent goes right from 5, and 5.left = new overwrites node 3.
        (
            "bst.traverseErr",
            "postcond1",
            bst_json(&[5, 3], 1),
            &["keysOk"],
        ),
        // add 1 to the empty tree: the root stays null, so key 1 is missing.
        ("bst.rootErr", "postcond1", bst_json(&[], 1), &["keysOk"]),
        // add 3 to {5}: 3 goes right of 5.
        (
            "bst.branchErr",
            "postcond1",
            bst_json(&[5], 3),
            &["postOrdered"],
        ),
        // add 7 to {5}: 5.right = 5 — a cycle, key 7 lost, 5 its own child without parent link.
        (
            "bst.rightErr",
            "postcond1",
            bst_json(&[5], 7),
            &["keysOk", "postAcyclic", "postParentOk", "postOrdered"],
        ),
        // add 3 to {5}: the new node is its own parent.
        (
            "bst.parentErr",
            "postcond1",
            bst_json(&[5], 3),
            &["postParentOk"],
        ),
        // add 3 to {5}: size 0 instead of 2.
        ("bst.sizeErr1", "postcond1", bst_json(&[5], 3), &["sizeOk"]),
        // the same run under postcond2: size 0 != 2 nodes.
        ("bst.sizeErr2", "postcond2", bst_json(&[5], 3), &["sizeInv"]),
        // rootErr shows on the empty tree, parentErr on a non-empty one.
        (
            "bst.bstRootParErr",
            "postcond1",
            bst_json(&[], 1),
            &["keysOk"],
        ),
        (
            "bst.bstRootParErr",
            "postcond1",
            bst_json(&[5], 3),
            &["postParentOk"],
        ),
        // rightErr and sizeErr together on add 7 to {5}.
        (
            "bst.bstRootSizRghtErr",
            "postcond1",
            bst_json(&[5], 7),
            &[
                "keysOk",
                "postAcyclic",
                "postParentOk",
                "postOrdered",
                "sizeOk",
            ],
        ),
    ];
    for (id, ensures, input, want) in cases {
        assert_eq!(fault(id, &input), fail(want), "{id}");
        assert_eq!(
            correct("bst/BinarySearchTree.java", "bst.spec", ensures, &input),
            TestVerdict::Pass,
            "{id}"
        );
    }
}

#[test]
fn an_input_violating_the_invariant_is_not_a_valid_test() {
    // size 5 for a two-node list breaks sizeInv in the pre-state.
    let input = list_json(&[0, 1], 0).replace("\"size\":2", "\"size\":5");
    assert_eq!(
        fault("sll.sizeErr", &input),
        TestVerdict::Invalid(vec!["sizeInv".into()])
    );
}
