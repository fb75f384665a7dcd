//! sattar's models of `java.util.Random` and `AtomicLong` equal the JDK's classes on the real
//! JVM: `nextInt(bound)` on every kind of bound (invalid, a power of two, the rejection loop),
//! `nextInt`, `nextLong`, `nextBoolean`, `setSeed` on seeds at both ends of `long` and at the
//! 48-bit mask's edge; a Random held by an input object (built on the JVM with the JDK's own
//! field, its state read back after the run); AtomicLong's updates. Every part of each
//! `Execution` is compared — termination, coverage, trace, post-state, steps.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

mod common;
#[path = "../../sattar-java/tests/support/random.rs"]
mod random;

use random::{
    args_json, draws_json, long_json, roll_json, BOUNDS, DICE, LONG_RANGES, RANGES, SEEDS,
};
use sattar_heap::{input_from_json, Value};
use sattar_java::{Execution, Limits, Program, Termination};
use sattar_jvm::JvmRunner;

const LIMITS: Limits = Limits {
    max_steps: 100_000,
    max_depth: 50,
};

fn same(p: &Program, jvm: &mut JvmRunner, method: &str, json: &str) -> Execution {
    let m = p.find_methods(&format!("Dice.{method}"))[0].id;
    let (input, _) = input_from_json(json, "t.json", &p.schema(), &p.sig(m))
        .unwrap_or_else(|e| panic!("{method} on {json}: {e}"));
    common::assert_same(p, m, &input, jvm, LIMITS)
}

fn started() -> (Program, JvmRunner) {
    let p = common::program_of(&[("Dice.java", DICE)]);
    let jvm =
        JvmRunner::start(&p, common::options(LIMITS.max_steps)).unwrap_or_else(|e| panic!("{e}"));
    (p, jvm)
}

#[test]
fn seeded_draws_equal_the_jdks() {
    let (p, mut jvm) = started();
    let mut thrown = 0;
    for &seed in SEEDS {
        for &bound in BOUNDS {
            let e = same(&p, &mut jvm, "draws", &draws_json(seed, bound, 5));
            thrown += usize::from(matches!(e.termination, Termination::Threw(_)));
        }
        for method in ["ints", "longs", "coins", "reseeded"] {
            same(&p, &mut jvm, method, &long_json("seed", seed));
        }
    }
    // Bounds MIN_VALUE, -1 and 0 throw IllegalArgumentException on every seed.
    assert_eq!(thrown, 3 * SEEDS.len());
}

/// RandomGenerator's ranged draws (`nextInt(origin, bound)`, `nextLong(bound)`,
/// `nextLong(origin, bound)`) on a Random, and every default on a program's own generator: the
/// empty ranges throw `IllegalArgumentException`, the rest return, as on the JDK.
#[test]
fn ranged_draws_equal_the_jdks() {
    let (p, mut jvm) = started();
    let mut thrown = 0;
    let mut runs = 0;
    let mut run = |p: &Program, jvm: &mut JvmRunner, method: &str, args: &[(&str, i64)]| {
        let e = same(p, jvm, method, &args_json(args));
        runs += 1;
        thrown += usize::from(matches!(e.termination, Termination::Threw(_)));
    };
    for &seed in &SEEDS[..5] {
        for &(o, b) in RANGES {
            let (o, b) = (i64::from(o), i64::from(b));
            run(
                &p,
                &mut jvm,
                "ranged",
                &[("seed", seed), ("origin", o), ("bound", b)],
            );
            run(
                &p,
                &mut jvm,
                "stepped",
                &[("start", seed), ("origin", o), ("bound", b)],
            );
        }
        for &(o, b) in LONG_RANGES {
            run(
                &p,
                &mut jvm,
                "longRanged",
                &[("seed", seed), ("origin", o), ("bound", b)],
            );
        }
        for b in [1, 10, 1 << 40, (1 << 40) + 1, i64::MAX, 0, -5] {
            run(&p, &mut jvm, "longBounded", &[("seed", seed), ("bound", b)]);
        }
    }
    // Per seed: the two empty int ranges on a Random and on Steps, the empty long range,
    // bounds 0 and -5.
    assert_eq!((runs, thrown), (5 * (8 + 8 + 7 + 7), 5 * (2 + 2 + 1 + 2)));
}

/// First draws computed by hand from the generator's definition (state₀ = (seed ^ 0x5DEECE66D)
/// mod 2^48, state₁ = state₀ · 0x5DEECE66D + 0xB mod 2^48): `new Random(42).nextInt(10)` is
/// 1562431130 mod 10 = 0 (state₁ >> 17, accepted at once), and `new Random(0).nextBoolean()` is
/// state₁ >> 47 = 1 — the interpreter must give them, not only agree with the JVM.
#[test]
fn known_first_draws() {
    let (p, mut jvm) = started();
    let e = same(&p, &mut jvm, "draws", &draws_json(42, 10, 1));
    assert_eq!(e.result(), Some(&Value::Int(0)));
    let e = same(&p, &mut jvm, "coins", &long_json("seed", 0));
    assert!(matches!(e.result(), Some(Value::Int(b)) if b & 0x80 != 0));
}

#[test]
fn a_random_in_the_input_draws_and_is_read_back_as_the_jdks() {
    let (p, mut jvm) = started();
    let states = [0, 1, 0x5DEECE66D, (1 << 48) - 1, 123_456_789_012_345];
    for s in states {
        for &bound in &[6, 8, (1 << 30) + 1] {
            let e = same(&p, &mut jvm, "roll", &roll_json(Some(s), bound));
            assert!(e.result().is_some(), "roll({bound}) on state {s}");
        }
    }
    let e = same(&p, &mut jvm, "roll", &roll_json(None, 6));
    assert_eq!(
        e.termination,
        Termination::Threw("java.lang.NullPointerException".into())
    );
}

#[test]
fn atomic_long_updates_equal_the_jdks() {
    let (p, mut jvm) = started();
    for &start in &[0, -6, 1, i64::MAX, i64::MIN] {
        same(&p, &mut jvm, "counter", &long_json("start", start));
    }
}
