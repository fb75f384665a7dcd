//! A program over `Character`'s classification and case mapping of a `char` (shared by the
//! engines' differential tests): every modelled method on one char, and a scan of a range of chars
//! folded into one number, so that every char is compared in a few runs; and the boxes'
//! `toString` of a primitive, with the values each is run on.
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
    static String intText(int v) { return Integer.toString(v); }
    static String longText(long v) { return Long.toString(v); }
    static String charText(char v) { return Character.toString(v); }
    static String booleanText(boolean v) { return Boolean.toString(v); }
    static long scan(int from, int to) {
        long h = 0;
        for (int i = from; i < to; i++) {
            char c = (char) i;
            h = h * 1000003L + classify(c) * 4294967296L + cases(c);
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
