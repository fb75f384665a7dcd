//! Bit-vector and one-hot helpers against i64 arithmetic, exhaustively at small widths.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

use sattar_sat::{BitVec, Bool, Circuit, Outcome, Session};

/// `v` wrapped to a signed `w`-bit value.
fn wrap(v: i64, w: u32) -> i64 {
    (v << (64 - w)) >> (64 - w)
}

const W: usize = 4;

fn range() -> std::ops::Range<i64> {
    -(1 << (W - 1))..(1 << (W - 1))
}

/// Every binary op's expected value (as i64; booleans as 0/1) for `a`, `b`.
fn expected(a: i64, b: i64) -> Vec<i64> {
    let w = W as u32;
    vec![
        wrap(a + b, w),
        wrap(a - b, w),
        wrap(a * b, w),
        wrap(-a, w),
        i64::from(a == b),
        i64::from(a != b),
        i64::from(a < b),
        i64::from(a <= b),
        i64::from(a > b),
        i64::from(a >= b),
        wrap(a, 2),
        a,
        a & 0xF,
    ]
}

/// Results of the same ops on circuit vectors, booleans as 1-bit vectors read unsigned.
fn build(c: &mut Circuit, x: &BitVec, y: &BitVec) -> (Vec<BitVec>, Vec<Bool>) {
    let arith = vec![c.bv_add(x, y), c.bv_sub(x, y), c.bv_mul(x, y), c.bv_neg(x)];
    let preds = vec![
        c.bv_eq(x, y),
        c.bv_ne(x, y),
        c.bv_slt(x, y),
        c.bv_sle(x, y),
        c.bv_sgt(x, y),
        c.bv_sge(x, y),
    ];
    let mut arith = arith;
    arith.push(c.bv_resize(x, 2));
    arith.push(c.bv_resize(x, 7));
    arith.push(c.bv_zext(x, 6));
    (arith, preds)
}

/// Flattens results into the order of `expected`.
fn order<T: Clone>(arith: &[T], preds: &[T]) -> Vec<T> {
    let mut all = arith[..4].to_vec();
    all.extend_from_slice(preds);
    all.extend_from_slice(&arith[4..]);
    all
}

#[test]
fn constant_ops_fold_to_i64_results_width_4() {
    let mut c = Circuit::new();
    for a in range() {
        for b in range() {
            let (x, y) = (c.bv_const(W, a), c.bv_const(W, b));
            let (arith, preds) = build(&mut c, &x, &y);
            let arith: Vec<i64> = arith
                .iter()
                .map(|v| v.as_const().expect("constant"))
                .collect();
            let preds: Vec<i64> = preds
                .iter()
                .map(|p| i64::from(p.as_const().expect("constant")))
                .collect();
            assert_eq!(order(&arith, &preds), expected(a, b), "a={a} b={b}");
            let t = c.bv_ite(Bool::TRUE, &x, &y);
            let e = c.bv_ite(Bool::FALSE, &x, &y);
            assert_eq!((t.as_const(), e.as_const()), (Some(a), Some(b)));
        }
    }
    assert_eq!(c.num_nodes(), 1);
}

#[test]
fn symbolic_ops_through_sat_width_4() {
    let mut s = Session::new();
    let c = s.circuit_mut();
    let (x, y) = (c.bv_fresh(W), c.bv_fresh(W));
    let cond = c.input();
    let (arith, preds) = build(c, &x, &y);
    let mux = c.bv_ite(cond, &x, &y);
    for a in range() {
        for b in range() {
            let c = s.circuit_mut();
            let (ca, cb) = (c.bv_const(W, a), c.bv_const(W, b));
            let fix = [c.bv_eq(&x, &ca), c.bv_eq(&y, &cb)];
            // Model readout: evaluate each result in a model with x=a, y=b, cond=true.
            let Ok(Outcome::Sat(m)) = s.solve(&[], &[fix[0], fix[1], cond]) else {
                panic!("inputs can take any value");
            };
            let got_a: Vec<i64> = arith.iter().map(|v| m.bits(v)).collect();
            let got_p: Vec<i64> = preds.iter().map(|&p| i64::from(m.value(p))).collect();
            assert_eq!(order(&got_a, &got_p), expected(a, b), "a={a} b={b}");
            assert_eq!(m.bits(&mux), a);
            // Encoding check: with x=a, y=b no result can differ from the expected value.
            let c = s.circuit_mut();
            let wrong = any_wrong(c, &arith, &preds, &expected(a, b));
            assert!(
                matches!(
                    s.solve(&[], &[fix[0], fix[1], wrong]),
                    Ok(Outcome::Unsat(_))
                ),
                "a={a} b={b}"
            );
        }
    }
}

/// "Some result differs from its expected value".
fn any_wrong(c: &mut Circuit, arith: &[BitVec], preds: &[Bool], want: &[i64]) -> Bool {
    let mut diffs = Vec::new();
    let all_arith = [&arith[..4], &arith[4..]].concat();
    let want_arith: Vec<i64> = [&want[..4], &want[10..]].concat();
    for (v, &e) in all_arith.iter().zip(&want_arith) {
        let k = c.bv_const(v.width(), e);
        diffs.push(c.bv_ne(v, &k));
    }
    for (&p, &e) in preds.iter().zip(&want[4..10]) {
        diffs.push(c.xor(p, Bool::constant(e == 1)));
    }
    c.or(&diffs)
}

#[test]
fn count_matches_popcount_constant_and_symbolic() {
    let mut s = Session::new();
    let c = s.circuit_mut();
    let xs: Vec<Bool> = (0..6).map(|_| c.input()).collect();
    let counts = [
        c.bv_count(&xs, 3),
        c.bv_count(&xs, 4),
        c.bv_count(&xs[..1], 4),
        c.bv_count(&[], 4),
    ];
    for mask in 0..64u32 {
        let lits: Vec<Bool> = (0..6)
            .map(|i| if mask >> i & 1 == 1 { xs[i] } else { !xs[i] })
            .collect();
        let Ok(Outcome::Sat(m)) = s.solve(&[], &lits) else {
            panic!("any mask is possible");
        };
        let n = i64::from(mask.count_ones());
        assert_eq!(m.bits(&counts[0]), wrap(n, 3), "mask {mask}");
        assert_eq!(m.bits(&counts[1]), wrap(n, 4), "mask {mask}");
        assert_eq!(m.bits(&counts[2]), i64::from(mask & 1), "mask {mask}");
        assert_eq!(m.bits(&counts[3]), 0);
        let c = s.circuit_mut();
        let k = c.bv_const(4, n);
        let wrong = c.bv_ne(&counts[1], &k);
        let mut with_wrong = lits.clone();
        with_wrong.push(wrong);
        assert!(matches!(s.solve(&[], &with_wrong), Ok(Outcome::Unsat(_))));
        let consts: Vec<Bool> = (0..6).map(|i| Bool::constant(mask >> i & 1 == 1)).collect();
        let folded = s.circuit_mut().bv_count(&consts, 4);
        assert_eq!(folded.as_const(), Some(wrap(n, 4)));
    }
}

#[test]
fn one_hot_helpers_exhaustive() {
    let mut s = Session::new();
    let c = s.circuit_mut();
    let xs: Vec<Bool> = (0..5).map(|_| c.input()).collect();
    let amo = c.at_most_one(&xs);
    let exo = c.exactly_one(&xs);
    let null = c.none_of(&xs);
    let at2 = c.one_hot_const(5, Some(2));
    let is2 = c.one_hot_eq(&xs, &at2);
    for mask in 0..32u32 {
        let lits: Vec<Bool> = (0..5)
            .map(|i| if mask >> i & 1 == 1 { xs[i] } else { !xs[i] })
            .collect();
        let Ok(Outcome::Sat(m)) = s.solve(&[], &lits) else {
            panic!("any mask is possible");
        };
        let ones = mask.count_ones();
        assert_eq!(m.value(amo), ones <= 1);
        assert_eq!(m.value(exo), ones == 1);
        assert_eq!(m.value(null), ones == 0);
        assert_eq!(m.value(is2), mask == 4);
        if ones <= 1 {
            assert_eq!(
                m.true_indices(&xs),
                (0..5).filter(|i| mask >> i & 1 == 1).collect::<Vec<_>>()
            );
        }
    }
    let c = s.circuit_mut();
    let null_const = c.one_hot_const(3, None);
    let also_null = c.one_hot_const(2, None);
    assert_eq!(c.one_hot_eq(&null_const, &also_null), Bool::TRUE);
    assert_eq!(c.at_most_one(&[Bool::TRUE, Bool::TRUE]), Bool::FALSE);
}

#[test]
fn mixed_widths_sign_extend_and_empty_vectors_are_safe() {
    let mut c = Circuit::new();
    let (a, b) = (c.bv_const(2, -1), c.bv_const(6, 5));
    assert_eq!(c.bv_add(&a, &b).as_const(), Some(4));
    assert_eq!(c.bv_add(&a, &b).width(), 6);
    let empty = c.bv_const(0, 123);
    assert_eq!(empty.as_const(), Some(0));
    assert_eq!(c.bv_slt(&empty, &empty), Bool::FALSE);
    assert_eq!(c.bv_eq(&empty, &empty), Bool::TRUE);
    let wide = c.bv_const(70, -3);
    assert_eq!(wide.as_const(), Some(-3));
}

/// Java's results for the bitwise, shift and division operators on `w`-bit values `a`, `b`
/// (division by zero left out: the encoder throws before dividing).
fn java_ops(a: i64, b: i64, w: u32) -> Vec<Option<i64>> {
    let d = (b as u64) & u64::from(w - 1); // a distance within the width, as callers mask it
    let (q, r) = if b == 0 {
        (None, None)
    } else {
        (
            Some(wrap(a.wrapping_div(b), w)),
            Some(wrap(a.wrapping_rem(b), w)),
        )
    };
    let unsigned = |v: i64| (v as u64) & ((1 << w) - 1);
    vec![
        Some(a & b),
        Some(a | b),
        Some(a ^ b),
        Some(!a),
        Some(wrap(a << d, w)),
        Some(wrap((unsigned(a) >> d) as i64, w)),
        Some(a >> d),
        q,
        r,
    ]
}

fn java_circuit(c: &mut Circuit, x: &BitVec, y: &BitVec) -> Vec<BitVec> {
    let d = c.bv_zext(y, 2); // the low bits of y: a distance within width 4
    let (q, r) = c.bv_sdivrem(x, y);
    vec![
        c.bv_and(x, y),
        c.bv_or(x, y),
        c.bv_xor(x, y),
        c.bv_not(x),
        c.bv_shl(x, &d),
        c.bv_lshr(x, &d),
        c.bv_ashr(x, &d),
        q,
        r,
    ]
}

#[test]
fn bitwise_shift_and_division_match_java_width_4() {
    let mut c = Circuit::new();
    for a in range() {
        for b in range() {
            let (x, y) = (c.bv_const(W, a), c.bv_const(W, b));
            let got: Vec<Option<i64>> = java_circuit(&mut c, &x, &y)
                .iter()
                .map(|v| v.as_const())
                .collect();
            let want = java_ops(a, b, W as u32);
            for (i, (g, w)) in got.iter().zip(&want).enumerate() {
                if let Some(w) = w {
                    assert_eq!(*g, Some(*w), "op {i}: a={a} b={b}");
                }
            }
        }
    }
    // Symbolic: with x=a, y=b fixed, no result can differ from Java's.
    let mut s = Session::new();
    let c = s.circuit_mut();
    let (x, y) = (c.bv_fresh(W), c.bv_fresh(W));
    let results = java_circuit(c, &x, &y);
    for a in range() {
        for b in range() {
            let c = s.circuit_mut();
            let (ca, cb) = (c.bv_const(W, a), c.bv_const(W, b));
            let fix = [c.bv_eq(&x, &ca), c.bv_eq(&y, &cb)];
            let mut diffs = Vec::new();
            for (v, w) in results.iter().zip(java_ops(a, b, W as u32)) {
                if let Some(w) = w {
                    let k = c.bv_const(v.width(), w);
                    diffs.push(c.bv_ne(v, &k));
                }
            }
            let wrong = c.or(&diffs);
            assert!(
                matches!(
                    s.solve(&[], &[fix[0], fix[1], wrong]),
                    Ok(Outcome::Unsat(_))
                ),
                "a={a} b={b}"
            );
        }
    }
}

#[test]
fn unsigned_division_and_far_shifts() {
    let mut c = Circuit::new();
    for a in 0..16i64 {
        for b in 1..16i64 {
            let (x, y) = (c.bv_const(4, a), c.bv_const(4, b));
            let (q, r) = c.bv_udivrem(&x, &y);
            let u = |v: &BitVec| (v.as_const().expect("constant") as u64) & 0xF;
            assert_eq!((u(&q), u(&r)), ((a / b) as u64, (a % b) as u64), "{a}/{b}");
        }
        // A distance of the width or more: 0 for << and >>>, the sign for >>.
        let x = c.bv_const(4, a);
        let far = c.bv_const(3, 5);
        assert_eq!(c.bv_shl(&x, &far).as_const(), Some(0));
        assert_eq!(c.bv_lshr(&x, &far).as_const(), Some(0));
        assert_eq!(c.bv_ashr(&x, &far).as_const(), Some(wrap(a, 4) >> 3));
    }
}
