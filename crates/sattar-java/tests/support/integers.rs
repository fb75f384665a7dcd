//! A program over Java's integer types beyond `int` (shared by the engines' differential tests):
//! `long` arithmetic, division, shifts by distances over 31 and constants, narrowing casts to
//! `int`, `short`, `byte` and `char`, widening in assignments and arguments, compound assignments
//! and `++` on `char` and `byte` (computed in `int`, narrowed back), `switch` on `char`, `long`,
//! `char`, `short` and `byte` fields and statics, and the JDK models on `long` (`Long.compare`,
//! `Long.hashCode`, `Math.max/min/abs`).
#![allow(dead_code)]

/// The source: one class in a package.
pub const FILES: &[(&str, &str)] = &[(
    "num/Ints.java",
    "package num;
public class Ints {
    long total;
    char letter;
    short small;
    byte tiny;
    Ints next;
    static long seen;
    static char mark;
    long mix(long a, int b) {
        long r = a * 3 + b;
        r += (long) b << 33;
        r ^= a >>> 7;
        r = r - (a >> 63) + 0x7fff_ffff_ffffL;
        total += r;
        seen = seen + 1;
        return r;
    }
    long divide(long a, long b) {
        long q = a / b;
        return q + a % b;
    }
    int narrow(long a) {
        int i = (int) a;
        short s = (short) a;
        byte y = (byte) a;
        char c = (char) a;
        small = s;
        return i + s * 3 + y * 5 + c;
    }
    char step(char c, int k) {
        c += k;
        c++;
        letter = c;
        mark = (char) (mark + 1);
        if (c >= 'a' && c <= 'z') {
            return (char) (c - 32);
        }
        return c;
    }
    byte bump(byte b, int k) {
        b += k;
        tiny = b;
        b >>= 1;
        b >>>= 1;
        small = (short) (b * 1000);
        return b;
    }
    int kind(char c) {
        switch (c) {
            case 'a':
                return 1;
            case 'b':
            case 'c':
                return 2;
            case '\\n':
                return 3;
            case '\\u0041':
                return 5;
            default:
                return c > 'z' ? 4 : 0;
        }
    }
    long shifts(long a, int d) {
        return (a << d) + (a >> d) + (a >>> d) + (1L << d) + (1 << d);
    }
    int compare(long a, long b) {
        int c = Long.compare(a, b);
        if (Math.max(a, b) > 1000) {
            return c + Long.hashCode(a - b);
        }
        return c * 7 + (int) Math.abs(a) + (int) Math.min(a, b);
    }
    long widen(short s, char c, byte y) {
        long r = s;
        r = r * 65536 + c;
        r += y;
        int i = c;
        i -= s;
        short t = y;
        t *= 300;
        return r + i + t;
    }
    long sum() {
        long s = 0;
        for (Ints p = this; p != null; p = p.next) {
            s += p.total + p.letter + p.tiny + p.small;
        }
        return s;
    }
}
",
)];

/// `long` values: zero, small, the extremes, around 2^31 and 2^32, a wide one.
pub const LONGS: &[i64] = &[
    0,
    1,
    -1,
    7,
    -8,
    1000,
    1001,
    i64::MAX,
    i64::MIN,
    1 << 32,
    -(1 << 31),
    0x1234_5678_9abc,
    4_294_967_295,
];

/// `int` values: shift distances below, at and over 31 and 63, the extremes.
pub const INTS: &[i32] = &[-1, 0, 1, 5, 31, 32, 33, 63, 64, 65, i32::MIN, i32::MAX, 200];

/// `char` values (as numbers): NUL, newline, `A`, `a`, `b`, `c`, `z`, `{`, the largest.
pub const CHARS: &[u16] = &[0, 10, 65, 97, 98, 99, 122, 123, 65_535];

/// `byte` values.
pub const BYTES: &[i8] = &[-128, -1, 0, 1, 5, 127];

/// `short` values.
pub const SHORTS: &[i16] = &[-32_768, -1, 0, 7, 32_767];

/// Every case: `Ints.method` and its input as JSON.
pub fn cases() -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    for (i, &a) in LONGS.iter().enumerate() {
        out.push(("narrow", input(&format!(r#""a":{a}"#), i)));
        for &b in INTS {
            let args = format!(r#""a":{a},"b":{b}"#);
            out.push(("mix", input(&args, i)));
            out.push(("shifts", input(&format!(r#""a":{a},"d":{b}"#), i)));
        }
        for &b in LONGS {
            let args = format!(r#""a":{a},"b":{b}"#);
            out.push(("divide", input(&args, i)));
            out.push(("compare", input(&args, i)));
        }
    }
    for (i, &c) in CHARS.iter().enumerate() {
        out.push(("kind", input(&format!(r#""c":{c}"#), i)));
        for &k in INTS {
            out.push(("step", input(&format!(r#""c":{c},"k":{k}"#), i)));
        }
        for &s in SHORTS {
            for &y in BYTES {
                let args = format!(r#""s":{s},"c":{c},"y":{y}"#);
                out.push(("widen", input(&args, i)));
            }
        }
    }
    for (i, &b) in BYTES.iter().enumerate() {
        for &k in INTS {
            out.push(("bump", input(&format!(r#""b":{b},"k":{k}"#), i)));
        }
    }
    // Characters written as one-character strings, and a chain of receivers.
    out.push(("kind", input(r#""c":"b""#, 0)));
    out.push(("kind", input(r#""c":"\n""#, 1)));
    out.push(("sum", CHAIN.to_string()));
    out
}

/// A receiver `I0` (fields and statics varying with `seed`) and arguments `args`.
fn input(args: &str, seed: usize) -> String {
    let total = LONGS[seed % LONGS.len()];
    let letter = ["x", "\\u0000", "Z", "\\uffff"][seed % 4];
    let tiny = BYTES[seed % BYTES.len()];
    let mark = CHARS[seed % CHARS.len()];
    format!(
        r#"{{"this":"I0","args":{{{args}}},"statics":{{"num.Ints.seen":{total},"num.Ints.mark":{mark}}},"objects":{{"I0":{{"class":"num.Ints","total":{total},"letter":"{letter}","tiny":{tiny},"small":-5}}}}}}"#
    )
}

/// Three receivers in a chain, with the largest values of each field.
const CHAIN: &str = r#"{"this":"I0","args":{},"objects":{"I0":{"class":"num.Ints","total":9223372036854775807,"letter":65535,"tiny":127,"small":32767,"next":"I1"},"I1":{"class":"num.Ints","total":1,"letter":"a","tiny":-128,"small":-32768,"next":"I2"},"I2":{"class":"num.Ints","total":-5,"letter":0,"tiny":0,"small":0}}}"#;
