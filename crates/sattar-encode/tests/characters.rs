//! `Character`'s classification, case mapping and digit value (JDK 17's tables) and
//! `Integer.parseInt`/`valueOf`, `Long.parseLong`/`valueOf` are encoded as the interpreter runs them: on every char where some classification or mapping changes, and its
//! neighbour (fixed inputs), and on chars the encoder chooses itself from a free `char`. (The
//! JVM test compares the interpreter with the JDK on every char.)
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

#[path = "../../sattar-java/tests/support/characters.rs"]
mod characters;
mod common;

use characters::{
    char_json, digit_json, numeral_json, radix_numeral_json, text_json, BOXED_NUMERALS, CHARS,
    LONG_NUMERALS, LONG_RADIX_NUMERALS, NUMERALS, RADIXES, RADIX_NUMERALS, TEXTS,
};
use sattar_heap::{input_from_json, Value};
use sattar_java::{run, Program};
use std::collections::BTreeSet;

/// What `method` returns on `c`, on the interpreter.
fn result(p: &Program, method: &str, c: u16) -> Option<Value> {
    let m = p.find_methods(method)[0].id;
    let (input, _) = input_from_json(&char_json(c), "t.json", &p.schema(), &p.sig(m))
        .unwrap_or_else(|e| panic!("{e}"));
    let e = run(p, m, &input, common::LIMITS).expect("runs");
    let v = e.result().cloned();
    assert!(v.is_some(), "{method}({c}): {:?}", e.termination);
    v
}

/// Every char whose classification or case mapping differs from the char before it's, and the
/// char before it (for a mapping, what it adds to the char is compared).
fn boundaries(p: &Program) -> BTreeSet<u16> {
    let delta = |c: u16| match result(p, "cases", c) {
        Some(Value::Long(v)) => ((v >> 16) - i64::from(c), (v & 0xFFFF) - i64::from(c)),
        other => panic!("cases({c}) returned {other:?}"),
    };
    let mut out = BTreeSet::new();
    let mut before = (result(p, "classify", 0), delta(0));
    for c in 1..=u16::MAX {
        let now = (result(p, "classify", c), delta(c));
        if now != before {
            out.extend([c - 1, c]);
        }
        before = now;
    }
    out
}

#[test]
fn fixed_chars_where_a_table_changes_agree_with_the_interpreter() {
    let p = common::program(&[("Chars.java", CHARS)]);
    let chars = boundaries(&p);
    // Digits, letters of both cases, spaces, and the runs of every other char (Latin Extended-A).
    for c in [0x30, 0x41, 0x61, 0x20, 0x0100, 0x0101] {
        assert!(chars.contains(&c) || chars.contains(&(c + 1)), "U+{c:04X}");
    }
    assert!(chars.len() > 1_000, "{}", chars.len());
    for &c in &chars {
        common::fixed_agrees(&p, "Chars.classify", &char_json(c));
        common::fixed_agrees(&p, "Chars.cases", &char_json(c));
        common::fixed_agrees(&p, "Chars.digits", &char_json(c));
    }
}

#[test]
fn chars_the_encoder_chooses_agree_with_the_interpreter() {
    let p = common::program(&[("Chars.java", CHARS)]);
    for method in ["Chars.classify", "Chars.cases", "Chars.digits"] {
        let m = p.find_methods(method)[0].id;
        let n = common::enumerated_agree(&p, m, None, 1, 60);
        assert_eq!(n, 60, "{method}");
    }
}

#[test]
fn the_boxes_to_string_of_a_primitive_is_encoded_as_run() {
    let p = common::program(&[("Chars.java", CHARS)]);
    for (method, values) in TEXTS {
        for v in *values {
            let e = common::fixed_agrees(&p, &format!("Chars.{method}"), &text_json(v));
            assert!(e.result().is_some(), "{method}({v}): {:?}", e.termination);
        }
    }
}

#[test]
fn digits_in_every_radix_are_encoded_as_run() {
    let p = common::program(&[("Chars.java", CHARS)]);
    for c in [
        0x2F, 0x30, 0x39, 0x41, 0x5A, 0x61, 0x7A, 0x0669, 0xFF21, 0xFF5A,
    ] {
        for &radix in RADIXES {
            common::fixed_agrees(&p, "Chars.digit", &digit_json(c, radix));
        }
    }
    let m = p.find_methods("Chars.digit")[0].id;
    assert_eq!(common::enumerated_agree(&p, m, None, 1, 40), 40);
}

/// Every numeral, the exceptional ones included (the encoder widens its integers for the long
/// ones, as it does for any input whose values need it).
#[test]
fn integer_parse_int_is_encoded_as_run() {
    let p = common::program(&[("Chars.java", CHARS)]);
    let mut returned = 0;
    for s in NUMERALS {
        let e = common::fixed_agrees(&p, "Chars.parse", &numeral_json(s));
        returned += usize::from(e.result().is_some());
    }
    for &(s, radix) in RADIX_NUMERALS {
        let e = common::fixed_agrees(&p, "Chars.parseIn", &radix_numeral_json(s, radix));
        returned += usize::from(e.result().is_some());
    }
    // 10 numerals parse, and 7 of the radix pairs.
    assert_eq!(returned, 10 + 7);
}

/// Every long numeral, and the boxes of a parse (the cache's ends included).
#[test]
fn long_parse_long_and_boxed_parses_are_encoded_as_run() {
    let p = common::program(&[("Chars.java", CHARS)]);
    let mut returned = 0;
    for s in LONG_NUMERALS {
        let e = common::fixed_agrees(&p, "Chars.parseLong", &numeral_json(s));
        returned += usize::from(e.result().is_some());
    }
    for &(s, radix) in LONG_RADIX_NUMERALS {
        let json = radix_numeral_json(s, radix);
        let e = common::fixed_agrees(&p, "Chars.parseLongIn", &json);
        returned += usize::from(e.result().is_some());
        common::fixed_agrees(&p, "Chars.boxedIn", &json);
    }
    // 7 long numerals parse, and 5 of the radix pairs.
    assert_eq!(returned, 7 + 5);
    for s in BOXED_NUMERALS {
        common::fixed_agrees(&p, "Chars.boxed", &numeral_json(s));
        common::fixed_agrees(&p, "Chars.cached", &numeral_json(s));
    }
}
