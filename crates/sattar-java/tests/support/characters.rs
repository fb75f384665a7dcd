//! A program over `Character`'s classification, case mapping and digit value of a `char` (shared
//! by the engines' differential tests): every modelled method on one char, and a scan of a range
//! of chars folded into one number, so that every char is compared in a few runs; the boxes'
//! `toString` of a primitive, and `Integer.parseInt`/`valueOf` and `Long.parseLong`/`valueOf` of
//! a String, with the values each is run on.
#![allow(dead_code)]

/// The source, one file in the default package.
pub const CHARS: &str = "public class Chars {
    static int classify(char c) {
        int bits = 0;
        if (Character.isDigit(c)) bits |= 1;
        if (Character.isLetter(c)) bits |= 2;
        if (Character.isLetterOrDigit(c)) bits |= 4;
        if (Character.isWhitespace(c)) bits |= 8;
        if (Character.isSpaceChar(c)) bits |= 16;
        if (Character.isUpperCase(c)) bits |= 32;
        if (Character.isLowerCase(c)) bits |= 64;
        return bits;
    }
    static long cases(char c) {
        return Character.toUpperCase(c) * 65536L + Character.toLowerCase(c);
    }
    static int digit(char c, int radix) { return Character.digit(c, radix); }
    static int digits(char c) {
        return (Character.digit(c, 36) + 1) * 64 + Character.digit(c, 10) + 1;
    }
    static int parse(String s) { return Integer.parseInt(s); }
    static int parseIn(String s, int radix) { return Integer.parseInt(s, radix); }
    static long parseLong(String s) { return Long.parseLong(s); }
    static long parseLongIn(String s, int radix) { return Long.parseLong(s, radix); }
    static Integer boxed(String s) { return Integer.valueOf(s); }
    static Long boxedIn(String s, int radix) { return Long.valueOf(s, radix); }
    static boolean cached(String s) { return Integer.valueOf(s) == Integer.valueOf(s, 10); }

    static String intText(int v) { return Integer.toString(v); }
    static String longText(long v) { return Long.toString(v); }
    static String charText(char v) { return Character.toString(v); }
    static String booleanText(boolean v) { return Boolean.toString(v); }
    static long scan(int from, int to) {
        long h = 0;
        for (int i = from; i < to; i++) {
            char c = (char) i;
            h = h * 1000003L + classify(c) * 4294967296L + cases(c) + digits(c) * 1099511627776L;
        }
        return h;
    }
}
";

/// The input of `classify` or `cases` on `c`.
pub fn char_json(c: u16) -> String {
    format!(r#"{{"args":{{"c":{c}}}}}"#)
}

/// The input of `scan` on `from..to`.
pub fn scan_json(from: u32, to: u32) -> String {
    format!(r#"{{"args":{{"from":{from},"to":{to}}}}}"#)
}

/// Each `…Text` method with the JSON values of its argument `v`.
pub const TEXTS: &[(&str, &[&str])] = &[
    (
        "intText",
        &["0", "7", "-1", "10", "-2147483648", "2147483647"],
    ),
    (
        "longText",
        &["0", "-10", "9223372036854775807", "-9223372036854775808"],
    ),
    ("charText", &["65", "0", "\"\\u00e9\"", "65535"]),
    ("booleanText", &["true", "false"]),
];

/// The input of a `…Text` method on JSON value `v`.
pub fn text_json(v: &str) -> String {
    format!(r#"{{"args":{{"v":{v}}}}}"#)
}

/// The radixes `digit` and `parseIn` are run on: the valid range's ends and a few inside, and
/// invalid ones on both sides.
pub const RADIXES: &[i32] = &[-1, 0, 1, 2, 8, 10, 11, 16, 35, 36, 37, 100];

/// The input of `digit` on `c` in `radix`.
pub fn digit_json(c: u16, radix: i32) -> String {
    format!(r#"{{"args":{{"c":{c},"radix":{radix}}}}}"#)
}

/// The strings `parse` is run on (JSON): signs alone, both ends of `int` and one
/// past each, digits of other scripts (Arabic-Indic, fullwidth), spaces, null.
pub const NUMERALS: &[&str] = &[
    r#""0""#,
    r#""-0""#,
    r#""+5""#,
    r#""42""#,
    r#""-042""#,
    r#""123456""#,
    r#""2147483647""#,
    r#""-2147483648""#,
    r#""2147483648""#,
    r#""-2147483649""#,
    r#""99999999999""#,
    r#""""#,
    r#""-""#,
    r#""+""#,
    r#""1a""#,
    r#"" 1""#,
    r#""1 ""#,
    r#""--1""#,
    r#""\u0661\u0662\u0663""#,
    r#""\uff17""#,
    "null",
];

/// `(s, radix)` pairs `parseIn` is run on: letters as digits, both ends of `int`
/// in radix 2 and 36 and one past each, a digit beyond its radix, radixes out of range.
pub const RADIX_NUMERALS: &[(&str, i32)] = &[
    (r#""ff""#, 16),
    (r#""-FF""#, 16),
    (r#""g""#, 16),
    (r#""1111111111111111111111111111111""#, 2),
    (r#""-10000000000000000000000000000000""#, 2),
    (r#""10000000000000000000000000000000""#, 2),
    (r#""zik0zj""#, 36),
    (r#""-zik0zk""#, 36),
    (r#""zik0zk""#, 36),
    (r#""-zik0zl""#, 36),
    (r#""12""#, 2),
    (r#""7""#, 1),
    (r#""7""#, 37),
    (r#""z""#, 36),
];

/// The input of `parse` on JSON string `s`.
pub fn numeral_json(s: &str) -> String {
    format!(r#"{{"args":{{"s":{s}}}}}"#)
}

/// The input of `parseIn` on JSON string `s` and `radix`.
pub fn radix_numeral_json(s: &str, radix: i32) -> String {
    format!(r#"{{"args":{{"s":{s},"radix":{radix}}}}}"#)
}

/// The strings `parseLong` is run on (JSON): both ends of `long` and one past each, twelve
/// digits (no overflow check yet) and thirteen (the first checked), an `int` overflow that fits a
/// `long`, far too many digits, malformed ones, null.
pub const LONG_NUMERALS: &[&str] = &[
    r#""0""#,
    r#""-1""#,
    r#""2147483648""#,
    r#""999999999999""#,
    r#""-1234567890123""#,
    r#""9223372036854775807""#,
    r#""-9223372036854775808""#,
    r#""9223372036854775808""#,
    r#""-9223372036854775809""#,
    r#""99999999999999999999""#,
    r#""""#,
    r#""-""#,
    r#""12x""#,
    "null",
];

/// `(s, radix)` pairs `parseLongIn` and `boxedIn` are run on: both ends of `long` in radix 16
/// and 36 and one past each, radixes out of range.
pub const LONG_RADIX_NUMERALS: &[(&str, i32)] = &[
    (r#""7fffffffffffffff""#, 16),
    (r#""-8000000000000000""#, 16),
    (r#""8000000000000000""#, 16),
    (r#""1y2p0ij32e8e7""#, 36),
    (r#""-1y2p0ij32e8e8""#, 36),
    (r#""1y2p0ij32e8e8""#, 36),
    (r#""-1y2p0ij32e8e9""#, 36),
    (r#""zzzzzzzzzzzz""#, 36),
    (r#""11""#, 1),
    (r#""11""#, 37),
];

/// The strings `boxed` and `cached` are run on: both ends of the box cache (-128..127) and one
/// past each, an `int` end, a malformed one.
pub const BOXED_NUMERALS: &[&str] = &[
    r#""-129""#,
    r#""-128""#,
    r#""127""#,
    r#""128""#,
    r#""2147483647""#,
    r#""+""#,
];
