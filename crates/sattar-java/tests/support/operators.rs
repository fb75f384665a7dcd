//! A program over Java's integer and boolean operators (shared by the engines' differential
//! tests): `/` and `%` (ArithmeticException on zero, MIN / -1), `& | ^ ~`, the shifts with their
//! distance masked to 5 bits, every compound assignment on locals, fields and statics, the
//! strict boolean operators, and the JDK's int helpers sattar models (`Math.max/min/abs/floorMod`,
//! `Integer.compare/signum/hashCode`); with the edge values every method is run on.
#![allow(dead_code)]

/// The source, one file in the default package.
pub const OPS: &str = "public class Ops {
    int acc;
    static int total;
    static int div(int a, int b) { return a / b; }
    static int rem(int a, int b) { return a % b; }
    static int and(int a, int b) { return a & b; }
    static int or(int a, int b) { return a | b; }
    static int xor(int a, int b) { return a ^ b; }
    static int not(int a, int b) { return ~a + b; }
    static int shl(int a, int b) { return a << b; }
    static int shr(int a, int b) { return a >> b; }
    static int ushr(int a, int b) { return a >>> b; }
    static boolean strict(int a, int b) { return (a > 0 & b > 0) | (a < b ^ b == 0); }
    static int math(int a, int b) { return Math.max(a, b) - 3 * Math.min(a, b) + Math.abs(a) + Math.floorMod(a, b); }
    static int compare(int a, int b) { return Integer.compare(a, b) * 100 + Integer.signum(a - b) * 10 + Integer.hashCode(b); }
    int compound(int a, int b) {
        acc += a;
        acc /= b;
        acc %= a == 0 ? 7 : a;
        acc <<= b;
        acc >>= 1;
        acc >>>= a & 3;
        acc ^= b;
        acc |= 1;
        acc &= ~a;
        total -= acc;
        total *= 2;
        return acc;
    }
    boolean flags(int a, int b) {
        boolean f = a > b;
        f &= b != 0;
        f |= a / (b == 0 ? 1 : b) > 2;
        f ^= (a & 1) == 1;
        return f;
    }
    int mixed(int a, int b) {
        int x = a;
        if ((x & 1) == 0 && b != 0) { x = (x / b) >> 1; } else { x = x % 3 - (b >>> 30); }
        for (int i = 0; i < (b & 3); i++) { x = x * 3 + (x >>> 31); }
        return x;
    }
}
";

/// The methods taking `(int a, int b)`.
pub const METHODS: &[&str] = &[
    "div", "rem", "and", "or", "xor", "not", "shl", "shr", "ushr", "strict", "math", "compare",
    "compound", "flags", "mixed",
];

/// The edge values each operand takes.
pub const EDGES: &[i32] = &[
    0,
    1,
    -1,
    2,
    -2,
    3,
    7,
    -7,
    31,
    32,
    33,
    -32,
    i32::MAX,
    i32::MIN,
];

/// The input of `method` on `a`, `b` (the receiver `O0` for the instance methods; `acc` and
/// `total` start at `seed`).
pub fn input_json(method: &str, a: i32, b: i32, seed: i32) -> String {
    let instance = matches!(method, "compound" | "flags" | "mixed");
    let this = if instance { r#""this":"O0","# } else { "" };
    let objects = if instance {
        format!(r#""O0":{{"class":"Ops","acc":{seed}}}"#)
    } else {
        String::new()
    };
    format!(
        r#"{{{this}"args":{{"a":{a},"b":{b}}},"statics":{{"Ops.total":{seed}}},"objects":{{{objects}}}}}"#
    )
}
