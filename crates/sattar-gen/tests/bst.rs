//! Binary search trees: Catalan counts, validity, non-isomorphism, brute-force agreement.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

mod common;

use common::{brute_force, bst, catalan, catalan_fin, check_inputs};
use sattar_gen::{Finitization, Generator};
use sattar_heap::{input_to_json, Value};

#[test]
fn exactly_n_nodes_with_keys_0_to_n_gives_catalan_n_trees() {
    let s = bst();
    for n in 0..=7 {
        let fin = catalan_fin(&s, n);
        let count = Generator::new(&s.schema, &s.rm, &fin)
            .unwrap()
            .count()
            .unwrap();
        assert_eq!(count, catalan(n as u64), "n = {n}");
    }
}

#[test]
fn generated_trees_are_valid_and_pairwise_non_isomorphic() {
    let s = bst();
    for n in 0..=5 {
        let g = Generator::new(&s.schema, &s.rm, &catalan_fin(&s, n)).unwrap();
        let inputs = g.inputs().unwrap();
        assert_eq!(inputs.len() as u64, catalan(n as u64));
        check_inputs(&s, &inputs);
    }
}

/// The unbuilt inputs of `for_each_found` are the same, in the same order, as `inputs`' built
/// ones: building only some (a sample) keeps the others' places.
#[test]
fn found_inputs_build_into_the_inputs_in_order() {
    let s = bst();
    let g = Generator::new(&s.schema, &s.rm, &catalan_fin(&s, 4)).unwrap();
    let mut every_other = Vec::new();
    let mut seen = 0;
    g.for_each_found(|found| {
        if seen % 2 == 0 {
            every_other.push(found.build());
        }
        seen += 1;
    })
    .unwrap();
    let all = g.inputs().unwrap();
    assert_eq!(seen, all.len());
    assert_eq!(seen as u64, catalan(4));
    let want: Vec<_> = all.into_iter().step_by(2).collect();
    assert_eq!(every_other, want);
}

#[test]
fn up_to_n_nodes_with_every_size_and_argument_is_valid_and_non_isomorphic() {
    let s = bst();
    let fin = Finitization::for_method(&s.schema, &s.rm, 4).unwrap();
    let g = Generator::new(&s.schema, &s.rm, &fin).unwrap();
    let inputs = g.inputs().unwrap();
    // trees of 0..=4 nodes (1 + 1 + 2 + 5 + 14 shapes) with keys chosen from 0..4, times k in 0..=4
    let shapes_with_keys: u64 = (0..=4u64).map(|m| catalan(m) * binomial(4, m)).sum();
    assert_eq!(inputs.len() as u64, shapes_with_keys * 5);
    assert_eq!(g.count().unwrap(), inputs.len() as u64);
    check_inputs(&s, &inputs);
}

fn binomial(n: u64, k: u64) -> u64 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

#[test]
fn agrees_with_brute_force_on_small_scopes() {
    let s = bst();
    let mut fin = Finitization::for_method(&s.schema, &s.rm, 2).unwrap();
    fin.int_arg("k", [1]).unwrap();
    let expected = brute_force(&s, &fin);
    let g = Generator::new(&s.schema, &s.rm, &fin).unwrap();
    assert_eq!(check_inputs(&s, &g.inputs().unwrap()), expected);
    // Korat's semantics: a lone node's key is read by no constraint, so it keeps value 0
    fin.fix_unread_fields(true);
    let g = Generator::new(&s.schema, &s.rm, &fin).unwrap();
    let korat = check_inputs(&s, &g.inputs().unwrap());
    assert!(korat.is_subset(&expected));
    let lone_key_1 = |f: &String| f.contains("key=1,left=null,parent=null,right=null} args");
    assert_eq!(expected.len() - korat.len(), 1);
    assert!(expected.difference(&korat).all(lone_key_1));
}

#[test]
fn objects_are_named_by_class_in_breadth_first_order() {
    let s = bst();
    let g = Generator::new(&s.schema, &s.rm, &catalan_fin(&s, 3)).unwrap();
    for t in g.inputs().unwrap() {
        let ids: Vec<&str> = t.heap.objects.keys().map(|i| i.as_str()).collect();
        assert_eq!(ids, ["BinarySearchTree0", "Node0", "Node1", "Node2"]);
        let root = t
            .heap
            .field(&t.heap.objects.keys().next().unwrap().clone(), "root");
        assert_eq!(root, Some(&Value::Ref(sattar_heap::ObjId::new("Node0"))));
        assert_eq!(t.args, vec![("k".to_string(), Value::Int(0))]);
        let json = input_to_json(&t).to_string();
        assert!(json.contains("\"this\":\"BinarySearchTree0\""), "{json}");
    }
}

#[test]
fn the_search_is_deterministic_and_for_each_can_stop_early() {
    let s = bst();
    let g = Generator::new(&s.schema, &s.rm, &catalan_fin(&s, 4)).unwrap();
    assert_eq!(g.inputs().unwrap(), g.inputs().unwrap());
    let mut seen = 0;
    let stats = g
        .try_for_each(|_| {
            seen += 1;
            if seen == 3 {
                std::ops::ControlFlow::Break(())
            } else {
                std::ops::ControlFlow::Continue(())
            }
        })
        .unwrap();
    assert_eq!((seen, stats.valid), (3, 3));
    let stats = g.explore().unwrap();
    assert_eq!(stats.valid, 14);
    assert!(stats.explored > stats.valid);
}
