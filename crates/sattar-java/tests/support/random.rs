//! A program over `java.util.Random` and `AtomicLong` (shared by the engines' differential
//! tests): draws of every modelled kind from a seeded Random (RandomGenerator's ranged draws
//! included), a Random held by an input object, a reseeded one, a program's own
//! RandomGenerator drawing through the defaults, and AtomicLong's updates; with the values each
//! is run on.
#![allow(dead_code)]

/// The source, one file in the default package.
pub const DICE: &str = "import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.random.RandomGenerator;

public class Dice {
    Random rnd;
    int last;

    static int draws(long seed, int bound, int n) {
        Random r = new Random(seed);
        int h = 0;
        for (int i = 0; i < n; i++) {
            h = h * 31 + r.nextInt(bound);
        }
        return h;
    }
    static long ints(long seed) {
        Random r = new Random(seed);
        return r.nextInt() * 3L + r.nextInt();
    }
    static long longs(long seed) {
        Random r = new Random(seed);
        return r.nextLong() ^ r.nextLong();
    }
    static int coins(long seed) {
        Random r = new Random(seed);
        int bits = 0;
        for (int i = 0; i < 8; i++) {
            bits = bits * 2 + (r.nextBoolean() ? 1 : 0);
        }
        return bits;
    }
    static long reseeded(long seed) {
        Random r = new Random(1);
        r.nextInt();
        r.setSeed(seed);
        return r.nextLong();
    }
    int roll(int bound) {
        last = rnd.nextInt(bound);
        return last;
    }
    static long ranged(long seed, int origin, int bound) {
        Random r = new Random(seed);
        long h = 0;
        for (int i = 0; i < 3; i++) {
            h = h * 31 + r.nextInt(origin, bound);
        }
        return h;
    }
    static long longRanged(long seed, long origin, long bound) {
        Random r = new Random(seed);
        return r.nextLong(origin, bound) * 3 + r.nextLong(origin, bound);
    }
    static long longBounded(long seed, long bound) {
        Random r = new Random(seed);
        return r.nextLong(bound) * 3 + r.nextLong(bound);
    }
    static long stepped(long start, int origin, int bound) {
        RandomGenerator g = new Steps(start);
        long h = g.nextInt() * 7L + (g.nextBoolean() ? 1 : 0);
        h = h * 31 + g.nextInt(6) + g.nextInt(8) * 5;
        h = h * 31 + g.nextInt(origin, bound);
        return h * 31 + g.nextLong(origin, bound) + g.nextLong(10) * 3 + g.nextLong(16) * 7;
    }
    static long counter(long start) {
        AtomicLong a = new AtomicLong(start);
        long x = a.incrementAndGet() + a.getAndAdd(5) * 7;
        boolean hit = a.compareAndSet(start + 6, 3);
        boolean miss = a.compareAndSet(start, 4);
        x = x * 11 + a.getAndIncrement() + a.decrementAndGet() * 13 + a.addAndGet(-2) * 17;
        x = x * 19 + a.getAndDecrement() + a.getAndSet(9) * 23 + a.get();
        return x * 4 + (hit ? 2 : 0) + (miss ? 1 : 0);
    }
}

/** A program's own generator: RandomGenerator's defaults draw from its nextLong(). */
class Steps implements RandomGenerator {
    long s;

    Steps(long s) {
        this.s = s;
    }

    public long nextLong() {
        s = s * 6364136223846793005L + 1442695040888963407L;
        return s;
    }
}
";

/// `(origin, bound)` of `nextInt(origin, bound)`: empty ranges (thrown), a power of two, the
/// rejection loop, a range whose length overflows `int` to a power of two (`MIN .. 0`) and two
/// that overflow to a negative length (the loop that redraws until the value is in range).
pub const RANGES: &[(i32, i32)] = &[
    (5, 5),
    (6, 5),
    (-4, 4),
    (0, 6),
    (-3, 4),
    (i32::MIN, 0),
    (i32::MIN, i32::MAX),
    (-1, i32::MAX),
];

/// `(origin, bound)` of `nextLong(origin, bound)`, as [`RANGES`] for `long`.
pub const LONG_RANGES: &[(i64, i64)] = &[
    (3, 3),
    (-8, 8),
    (0, 10),
    (-5, 1 << 40),
    (i64::MIN, 0),
    (i64::MIN, i64::MAX),
    (-1, i64::MAX),
];

/// The input of a static method on the named `long` and `int` arguments.
pub fn args_json(args: &[(&str, i64)]) -> String {
    let args: Vec<String> = args.iter().map(|(n, v)| format!(r#""{n}":{v}"#)).collect();
    format!(r#"{{"args":{{{}}}}}"#, args.join(","))
}

/// Seeds: zero, small, negative, both ends of `long`, and values at the 48-bit mask's edge
/// (the state keeps only the low 48 bits of `seed ^ 0x5DEECE66D`).
pub const SEEDS: &[i64] = &[
    0,
    1,
    42,
    -1,
    i64::MAX,
    i64::MIN,
    0x5DEECE66D,
    (1 << 48) - 1,
    1 << 48,
];

/// Bounds of `nextInt(bound)`: invalid ones, powers of two (the multiply path), others (the
/// rejection loop), and the largest.
pub const BOUNDS: &[i32] = &[
    i32::MIN,
    -1,
    0,
    1,
    2,
    6,
    7,
    64,
    100,
    1 << 30,
    (1 << 30) + 1,
    i32::MAX,
];

/// The input of `draws` on `seed`, `bound`, `n`.
pub fn draws_json(seed: i64, bound: i32, n: i32) -> String {
    format!(r#"{{"args":{{"seed":{seed},"bound":{bound},"n":{n}}}}}"#)
}

/// The input of a static method taking one `long` named `name`.
pub fn long_json(name: &str, v: i64) -> String {
    format!(r#"{{"args":{{"{name}":{v}}}}}"#)
}

/// The input of `roll` on a Dice whose Random's state is `state` (the AtomicLong's value as
/// the JDK holds it), or whose Random is null.
pub fn roll_json(state: Option<i64>, bound: i32) -> String {
    match state {
        Some(s) => format!(
            r#"{{"this":"D","args":{{"bound":{bound}}},"objects":{{"D":{{"class":"Dice","rnd":"R","last":5}},"R":{{"class":"java.util.Random","seed":"A"}},"A":{{"class":"java.util.concurrent.atomic.AtomicLong","value":{s}}}}}}}"#
        ),
        None => format!(
            r#"{{"this":"D","args":{{"bound":{bound}}},"objects":{{"D":{{"class":"Dice","rnd":null,"last":5}}}}}}"#
        ),
    }
}
