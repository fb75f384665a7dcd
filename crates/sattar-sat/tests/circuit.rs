//! Circuit construction: constant folding, hash-consing, evaluation, deep circuits.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

use sattar_sat::{Bool, Circuit, Outcome, Session};

#[test]
fn constant_circuit_costs_no_variables_or_nodes() {
    let mut s = Session::new();
    let c = s.circuit_mut();
    let mut facts = Vec::new();
    for a in -20i64..20 {
        for b in [-7i64, -1, 0, 3, 11] {
            let (x, y) = (c.bv_const(8, a), c.bv_const(8, b));
            let sum = c.bv_add(&x, &y);
            let prod = c.bv_mul(&x, &y);
            let diff = c.bv_sub(&x, &y);
            let lt = c.bv_slt(&x, &y);
            let expect_sum = c.bv_const(8, a + b);
            let expect_prod = c.bv_const(8, a * b);
            let expect_diff = c.bv_const(8, a - b);
            let f = [
                c.bv_eq(&sum, &expect_sum),
                c.bv_eq(&prod, &expect_prod),
                c.bv_eq(&diff, &expect_diff),
                c.iff(lt, Bool::constant((a as i8) < (b as i8))),
            ];
            facts.extend(f);
        }
    }
    let bools: Vec<Bool> = (0..9).map(|i| Bool::constant(i % 3 == 0)).collect();
    let count = c.bv_count(&bools, 4);
    let three = c.bv_const(4, 3);
    facts.push(c.bv_eq(&count, &three));
    facts.push(!c.at_most_one(&bools));
    let x = c.xor(Bool::TRUE, Bool::FALSE);
    let y = c.ite(x, Bool::FALSE, Bool::TRUE);
    facts.push(!y);
    let all = c.and(&facts);
    assert_eq!(all, Bool::TRUE);
    assert_eq!(c.num_nodes(), 1, "only the constant node exists");
    s.assert_hard(all);
    assert_eq!(s.num_vars(), 0);
    assert_eq!(s.num_clauses(), 0);
    assert!(matches!(s.solve(&[], &[]), Ok(Outcome::Sat(_))));
}

#[test]
fn hash_consing_returns_the_same_handle() {
    let mut c = Circuit::new();
    let (a, b, d) = (c.input(), c.input(), c.input());
    let and_ab = c.and2(a, b);
    let nodes = c.num_nodes();
    assert_eq!(c.and2(b, a), and_ab);
    assert_eq!(c.and(&[a, b, a]), and_ab);
    assert_eq!(c.or2(a, b), c.or2(b, a));
    assert_eq!(c.or2(a, b), !c.and2(!a, !b));
    assert_eq!(c.xor(a, b), c.xor(b, a));
    assert_eq!(c.xor(!a, b), !c.xor(a, b));
    assert_eq!(c.xor(!a, !b), c.xor(a, b));
    assert_eq!(c.iff(a, b), !c.xor(a, b));
    assert_eq!(c.ite(a, b, d), c.ite(!a, d, b));
    assert_eq!(c.ite(a, !b, !d), !c.ite(a, b, d));
    let after = c.num_nodes();
    assert_eq!(c.ite(a, b, d), c.ite(a, b, d));
    assert_eq!(
        c.num_nodes(),
        after,
        "rebuilding existing gates adds no nodes"
    );
    assert!(after > nodes);
}

#[test]
fn folding_identities() {
    let mut c = Circuit::new();
    let (x, y, z) = (c.input(), c.input(), c.input());
    assert_eq!(c.and2(x, !x), Bool::FALSE);
    assert_eq!(c.or2(x, !x), Bool::TRUE);
    assert_eq!(c.and(&[x, Bool::TRUE, x]), x);
    assert_eq!(c.and(&[x, y, Bool::FALSE]), Bool::FALSE);
    assert_eq!(c.and(&[]), Bool::TRUE);
    assert_eq!(c.or(&[]), Bool::FALSE);
    assert_eq!(c.xor(x, x), Bool::FALSE);
    assert_eq!(c.xor(x, !x), Bool::TRUE);
    assert_eq!(c.xor(x, Bool::TRUE), !x);
    assert_eq!(c.ite(Bool::TRUE, x, y), x);
    assert_eq!(c.ite(z, x, x), x);
    assert_eq!(c.ite(z, Bool::TRUE, Bool::FALSE), z);
    assert_eq!(c.ite(z, Bool::FALSE, Bool::TRUE), !z);
    assert_eq!(c.ite(z, Bool::TRUE, y), c.or2(z, y));
    assert_eq!(c.ite(z, x, Bool::FALSE), c.and2(z, x));
    assert_eq!(c.ite(z, z, y), c.or2(z, y));
    assert_eq!(c.ite(z, x, !x), c.iff(z, x));
    assert_eq!(c.implies(x, x), Bool::TRUE);
    assert_eq!(Bool::constant(true).as_const(), Some(true));
    assert_eq!(x.as_const(), None);
}

/// Truth-table check of every gate kind, by evaluation and through the SAT encoding.
#[test]
fn gates_match_truth_tables_in_eval_and_sat() {
    let mut s = Session::new();
    let c = s.circuit_mut();
    let (a, b, d) = (c.input(), c.input(), c.input());
    let gates = [
        c.and(&[a, b, d]),
        c.or(&[a, !b, d]),
        c.xor(a, !b),
        c.ite(a, b, !d),
        c.iff(b, d),
    ];
    let truth = |x: bool, y: bool, z: bool| {
        [
            x && y && z,
            x || !y || z,
            x == y,
            if x { y } else { !z },
            y == z,
        ]
    };
    for m in 0..8u32 {
        let (x, y, z) = (m & 1 == 1, m & 2 == 2, m & 4 == 4);
        let expected = truth(x, y, z);
        let circ = s.circuit();
        let value = |i: Bool| {
            if i == a {
                x
            } else if i == b {
                y
            } else {
                z
            }
        };
        for (g, e) in gates.iter().zip(expected) {
            assert_eq!(circ.eval(*g, value), e);
        }
        let fix = [Bool::constant(x), Bool::constant(y), Bool::constant(z)];
        let c = s.circuit_mut();
        let mut assume: Vec<Bool> = [a, b, d]
            .iter()
            .zip(fix)
            .map(|(&i, v)| c.iff(i, v))
            .collect();
        let wrong: Vec<Bool> = gates
            .iter()
            .zip(expected)
            .map(|(&g, e)| c.xor(g, Bool::constant(e)))
            .collect();
        assume.push(c.or(&wrong));
        assert!(
            matches!(s.solve(&[], &assume), Ok(Outcome::Unsat(_))),
            "mask {m}"
        );
    }
}

#[test]
fn deep_circuits_encode_without_recursion() {
    let mut s = Session::new();
    let c = s.circuit_mut();
    let first = c.input();
    let mut acc = first;
    for _ in 0..100_000 {
        let i = c.input();
        acc = c.xor(acc, i);
    }
    s.assert_hard(acc);
    let Ok(Outcome::Sat(model)) = s.solve(&[], &[]) else {
        panic!("a parity constraint is satisfiable");
    };
    assert!(model.value(acc));
}
