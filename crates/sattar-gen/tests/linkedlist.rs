//! Linked lists: n! lists of n distinct keys, argument enumeration, brute-force agreement.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

mod common;

use common::{brute_force, check_inputs, list};
use sattar_gen::{Count, Finitization, Generator};

/// Lists of exactly `n` nodes, keys `0..n`, size `n`, `delete(k)` for `k` in `ks`.
fn exact(n: usize, ks: impl IntoIterator<Item = i32>) -> Generator {
    let s = list();
    let mut fin = Finitization::for_method(&s.schema, &s.rm, n).unwrap();
    fin.exactly("Node", n).unwrap();
    fin.int_field("LinkedList", "size", [n as i32]).unwrap();
    fin.int_arg("k", ks).unwrap();
    Generator::new(&s.schema, &s.rm, &fin).unwrap()
}

fn factorial(n: u64) -> u64 {
    (1..=n).product()
}

#[test]
fn exactly_n_nodes_with_distinct_keys_gives_n_factorial_lists() {
    for n in 0..=6 {
        assert_eq!(
            exact(n, [0]).count().unwrap(),
            factorial(n as u64),
            "n = {n}"
        );
    }
}

#[test]
fn every_argument_value_multiplies_the_count() {
    for n in 0..=4 {
        let ks = -1..=n as i32;
        let expected = factorial(n as u64) * (n as u64 + 2);
        let g = exact(n, ks);
        assert_eq!(g.count().unwrap(), expected, "n = {n}");
        let inputs = g.inputs().unwrap();
        assert_eq!(inputs.len() as u64, expected);
        check_inputs(&list(), &inputs);
    }
}

#[test]
fn default_finitization_is_up_to_scope_with_sizes_and_arguments() {
    let s = list();
    let fin = Finitization::for_method(&s.schema, &s.rm, 3).unwrap();
    assert_eq!(fin.count("LinkedList"), Some(Count::Exactly(1)));
    assert_eq!(fin.count("LinkedList.Node"), Some(Count::UpTo(3)));
    assert_eq!(
        fin.int_field_domain("LinkedList.Node", "key"),
        Some(&[0, 1, 2][..])
    );
    assert_eq!(
        fin.int_field_domain("LinkedList", "size"),
        Some(&[0, 1, 2, 3][..])
    );
    assert_eq!(fin.int_arg_domain("k"), Some(&[0, 1, 2, 3][..]));
    let g = Generator::new(&s.schema, &s.rm, &fin).unwrap();
    // lists of m distinct keys out of 3, in any order: sum of 3!/(3-m)!, times 4 values of k
    let lists: u64 = (0..=3).map(|m| factorial(3) / factorial(3 - m)).sum();
    let inputs = g.inputs().unwrap();
    assert_eq!(inputs.len() as u64, lists * 4);
    check_inputs(&s, &inputs);
}

#[test]
fn agrees_with_brute_force_on_small_scopes() {
    let s = list();
    let mut fin = Finitization::for_method(&s.schema, &s.rm, 3).unwrap();
    fin.int_arg("k", [0, 7]).unwrap();
    let expected = brute_force(&s, &fin);
    let g = Generator::new(&s.schema, &s.rm, &fin).unwrap();
    assert_eq!(check_inputs(&s, &g.inputs().unwrap()), expected);
}
