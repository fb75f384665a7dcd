//! `java.util.Random` and `AtomicLong` are encoded as the interpreter runs them: seeded draws of
//! every kind (RandomGenerator's ranged ones and defaults included), a Random held by a fixed
//! input, AtomicLong's updates. (The JVM test compares the
//! interpreter with the JDK.)
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

mod common;
#[path = "../../sattar-java/tests/support/random.rs"]
mod random;

use random::{args_json, draws_json, long_json, roll_json, DICE, LONG_RANGES, RANGES};

#[test]
fn seeded_draws_are_encoded_as_run() {
    let p = common::program(&[("Dice.java", DICE)]);
    let mut returned = 0;
    for seed in [0, 42, -1, i64::MIN, (1 << 48) - 1] {
        // A power of two, the rejection loop's path, an invalid bound.
        for bound in [8, 7, 0] {
            let e = common::fixed_agrees(&p, "Dice.draws", &draws_json(seed, bound, 2));
            returned += usize::from(e.result().is_some());
        }
        for method in ["Dice.ints", "Dice.longs", "Dice.coins", "Dice.reseeded"] {
            let e = common::fixed_agrees(&p, method, &long_json("seed", seed));
            assert!(e.result().is_some(), "{method}({seed})");
        }
    }
    assert_eq!(returned, 5 * 2);
}

/// RandomGenerator's ranged draws on a Random and its defaults on a program's own generator:
/// every kind of range (empty, a power of two, the rejection loop, lengths that overflow).
#[test]
fn ranged_draws_are_encoded_as_run() {
    let p = common::program(&[("Dice.java", DICE)]);
    let mut returned = 0;
    for seed in [0, -1] {
        for &(o, b) in RANGES {
            let (o, b) = (i64::from(o), i64::from(b));
            for (m, s) in [("Dice.ranged", "seed"), ("Dice.stepped", "start")] {
                let e = common::fixed_agrees(
                    &p,
                    m,
                    &args_json(&[(s, seed), ("origin", o), ("bound", b)]),
                );
                returned += usize::from(e.result().is_some());
            }
        }
        for &(o, b) in LONG_RANGES {
            let args = [("seed", seed), ("origin", o), ("bound", b)];
            let e = common::fixed_agrees(&p, "Dice.longRanged", &args_json(&args));
            returned += usize::from(e.result().is_some());
        }
        for b in [10, 1 << 40, 0] {
            let e = common::fixed_agrees(
                &p,
                "Dice.longBounded",
                &args_json(&[("seed", seed), ("bound", b)]),
            );
            returned += usize::from(e.result().is_some());
        }
    }
    // Per seed: 6 of 8 int ranges on each generator, 6 of 7 long ranges, 2 of 3 long bounds.
    assert_eq!(returned, 2 * (6 + 6 + 6 + 2));
}

#[test]
fn a_random_in_a_fixed_input_is_encoded_as_run() {
    let p = common::program(&[("Dice.java", DICE)]);
    for s in [0, 0x5DEECE66D, (1 << 48) - 1] {
        let e = common::fixed_agrees(&p, "Dice.roll", &roll_json(Some(s), 6));
        assert!(e.result().is_some(), "roll on state {s}");
    }
    common::fixed_agrees(&p, "Dice.roll", &roll_json(None, 6));
}

#[test]
fn atomic_long_updates_are_encoded_as_run() {
    let p = common::program(&[("Dice.java", DICE)]);
    for start in [0, -6, i64::MAX, i64::MIN] {
        common::fixed_agrees(&p, "Dice.counter", &long_json("start", start));
    }
}

/// Free pre-states holding Randoms (each with a seed of its own) and Dice, chosen by the encoder.
#[test]
fn free_dice_with_their_randoms_are_encoded_as_run() {
    let p = common::program(&[("Dice.java", DICE)]);
    let m = p.find_methods("Dice.roll")[0].id;
    assert_eq!(common::enumerated_agree(&p, m, None, 2, 20), 20);
}
