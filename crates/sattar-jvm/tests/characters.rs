//! `Character`'s classification and case mapping (sattar's models, built from JDK 17's tables)
//! equal the JDK's on the real JVM for every one of the 65,536 chars: the chars are scanned in
//! blocks, each folded into one number by the interpreter and by the JVM; a block that differs is
//! compared char by char to name the first char that differs. The boxes' `toString` of a
//! primitive (`String.valueOf`'s code in the model) returns the JDK's String.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

#[path = "../../sattar-java/tests/support/characters.rs"]
mod characters;
mod common;

use characters::{char_json, scan_json, text_json, CHARS, TEXTS};
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
                    !agree(&p, &mut jvm, "classify", &char_json(c))
                        || !agree(&p, &mut jvm, "cases", &char_json(c))
                })
                .expect("a block that differs has a char that differs");
            panic!(
                "char U+{c:04X} is classified or mapped otherwise by this JVM than by sattar's \
                 tables (JDK 17's, Unicode 13.0: crates/sattar-java/tools/CharTables.java)"
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
