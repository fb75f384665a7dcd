//! `Character`'s classification and case mapping (sattar's models, built from JDK 17's tables)
//! equal the JDK's on the real JVM for every one of the 65,536 chars: the chars are scanned in
//! blocks, each folded into one number by the interpreter and by the JVM; a block that differs is
//! compared char by char to name the first char that differs. `Character.digit` agrees in every
//! radix, valid or not, at chars around every kind of run; `Integer.parseInt`/`valueOf` and
//! `Long.parseLong`/`valueOf` of a String return (the same cached box included) or throw as the
//! JDK's. The boxes' `toString` of a primitive (`String.valueOf`'s
//! code in the model) returns the JDK's String.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

#[path = "../../sattar-java/tests/support/characters.rs"]
mod characters;
mod common;

use characters::{
    char_json, digit_json, numeral_json, radix_numeral_json, scan_json, text_json, BOXED_NUMERALS,
    CHARS, LONG_NUMERALS, LONG_RADIX_NUMERALS, NUMERALS, RADIXES, RADIX_NUMERALS, TEXTS,
};
use sattar_heap::input_from_json;
use sattar_java::{parse_program, run, Limits, Program};
use sattar_jvm::JvmRunner;

const BLOCK: u32 = 1024;

const LIMITS: Limits = Limits {
    max_steps: 10_000_000,
    max_depth: 50,
};

fn agree(p: &Program, jvm: &mut JvmRunner, method: &str, json: &str) -> bool {
    let m = p.find_methods(method)[0].id;
    let (input, _) =
        input_from_json(json, "t.json", &p.schema(), &p.sig(m)).unwrap_or_else(|e| panic!("{e}"));
    let want = run(p, m, &input, LIMITS).expect("runs");
    let got = jvm.run(m, &input).unwrap_or_else(|e| panic!("{e}"));
    got == want
}

/// The program, and a JVM running it.
fn started() -> (Program, JvmRunner) {
    let p = parse_program("Chars.java", CHARS).unwrap_or_else(|e| panic!("{}", e[0]));
    let jvm =
        JvmRunner::start(&p, common::options(LIMITS.max_steps)).unwrap_or_else(|e| panic!("{e}"));
    (p, jvm)
}

#[test]
fn every_char_is_classified_and_mapped_as_the_jdk_does() {
    let (p, mut jvm) = started();
    let mut blocks = 0;
    for from in (0..=0xFFFF_u32).step_by(BLOCK as usize) {
        let to = from + BLOCK;
        if !agree(&p, &mut jvm, "scan", &scan_json(from, to)) {
            let c = (from..to)
                .map(|c| c as u16)
                .find(|&c| {
                    ["classify", "cases", "digits"]
                        .iter()
                        .any(|m| !agree(&p, &mut jvm, m, &char_json(c)))
                })
                .expect("a block that differs has a char that differs");
            panic!(
                "char U+{c:04X} is classified, mapped or valued otherwise by this JVM than by \
                 sattar's tables (JDK 17's, Unicode 13.0: crates/sattar-java/tools/CharTables.java)"
            );
        }
        blocks += 1;
    }
    assert_eq!(blocks, 0x10000 / BLOCK);
}

#[test]
fn the_boxes_to_string_of_a_primitive_is_the_jdks() {
    let (p, mut jvm) = started();
    let mut n = 0;
    for (method, values) in TEXTS {
        for v in *values {
            assert!(agree(&p, &mut jvm, method, &text_json(v)), "{method}({v})");
            n += 1;
        }
    }
    assert_eq!(n, 16);
}

#[test]
fn a_chars_digit_value_is_the_jdks_in_every_radix() {
    let (p, mut jvm) = started();
    // Digits of value 0, 1, 7, 9 and letters of 10, 15, 16, 35 (ASCII, Arabic-Indic, fullwidth),
    // and chars just outside each run.
    let chars: Vec<u16> = vec![
        0, 0x2F, 0x30, 0x31, 0x37, 0x39, 0x3A, 0x40, 0x41, 0x46, 0x47, 0x5A, 0x5B, 0x60, 0x61,
        0x7A, 0x7B, 0x0660, 0x0669, 0x066A, 0xFF10, 0xFF19, 0xFF21, 0xFF3A, 0xFF41, 0xFF5A, 0xFF5B,
        0xFFFF,
    ];
    let mut n = 0;
    for &c in &chars {
        for &radix in RADIXES {
            assert!(
                agree(&p, &mut jvm, "digit", &digit_json(c, radix)),
                "digit(U+{c:04X}, {radix})"
            );
            n += 1;
        }
    }
    assert_eq!(n, 28 * RADIXES.len());
}

#[test]
fn integer_parse_int_returns_or_throws_as_the_jdks() {
    let (p, mut jvm) = started();
    let mut n = 0;
    for s in NUMERALS {
        assert!(agree(&p, &mut jvm, "parse", &numeral_json(s)), "parse({s})");
        n += 1;
    }
    for &(s, radix) in RADIX_NUMERALS {
        let json = radix_numeral_json(s, radix);
        assert!(
            agree(&p, &mut jvm, "parseIn", &json),
            "parseIn({s}, {radix})"
        );
        n += 1;
    }
    assert_eq!(n, NUMERALS.len() + RADIX_NUMERALS.len());
}

#[test]
fn long_parse_long_returns_or_throws_as_the_jdks() {
    let (p, mut jvm) = started();
    for s in LONG_NUMERALS {
        assert!(
            agree(&p, &mut jvm, "parseLong", &numeral_json(s)),
            "parseLong({s})"
        );
    }
    for &(s, radix) in LONG_RADIX_NUMERALS {
        let json = radix_numeral_json(s, radix);
        assert!(
            agree(&p, &mut jvm, "parseLongIn", &json),
            "parseLongIn({s}, {radix})"
        );
        assert!(
            agree(&p, &mut jvm, "boxedIn", &json),
            "boxedIn({s}, {radix})"
        );
    }
}

/// `Integer.valueOf(s)` boxes the parse as `valueOf(int)` does: the same box for values in
/// -128..127, a new one outside.
#[test]
fn integer_value_of_a_string_boxes_as_the_jdks() {
    let (p, mut jvm) = started();
    for s in BOXED_NUMERALS {
        assert!(agree(&p, &mut jvm, "boxed", &numeral_json(s)), "boxed({s})");
        assert!(
            agree(&p, &mut jvm, "cached", &numeral_json(s)),
            "cached({s})"
        );
    }
    let m = p.find_methods("cached")[0].id;
    let cached = |s: &str| {
        let (input, _) =
            input_from_json(&numeral_json(s), "t.json", &p.schema(), &p.sig(m)).unwrap();
        run(&p, m, &input, LIMITS).expect("runs").result().cloned()
    };
    use sattar_heap::Value;
    assert_eq!(cached(r#""127""#), Some(Value::Bool(true)));
    assert_eq!(cached(r#""128""#), Some(Value::Bool(false)));
}
