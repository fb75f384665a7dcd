//! The spec language's container operators are lowering rules (docs/SPEC.md, "Sequences,
//! strings and maps"): a spec written with them resolves to exactly the formulas of the same
//! spec written over the models' fields, so every engine judges both alike. Checked on the
//! tokenizer's spec (written with `#s`, `s[i]`, `#result`, `result[j]`) against its field form,
//! and on pairs of constraints over the containers example.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

use sattar_engine::{Subject, SubjectRequest};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn scratch(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sattar-lowering-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let p = dir.join(name);
    std::fs::write(&p, text).expect("write");
    p
}

/// Every constraint's name and formula, quantified variables' ids left out (each constraint
/// numbers its own from where the previous one stopped).
fn formulas(java: &str, method: &str, spec: &Path, ensures: Option<&str>) -> Vec<(String, String)> {
    let req = SubjectRequest {
        java: vec![root().join(java)],
        method: Some(method.into()),
        spec: Some(spec.to_path_buf()),
        ensures: ensures.map(str::to_string),
        ..SubjectRequest::default()
    };
    let subject = Subject::load(&req).unwrap_or_else(|e| panic!("{}: {e}", spec.display()));
    let ids = |s: String| {
        let mut out = String::new();
        for (i, part) in s.split("id: ").enumerate() {
            if i > 0 {
                out.push_str("id: _");
                out.push_str(part.trim_start_matches(|c: char| c.is_ascii_digit()));
            } else {
                out.push_str(part);
            }
        }
        out
    };
    subject
        .spec
        .constraints
        .iter()
        .map(|c| (c.name.clone(), ids(format!("{:?}", c.formula))))
        .collect()
}

/// The tokenizer's spec with its container operators spelled as fields.
fn tokenizer_over_fields(sugared: &str) -> String {
    let mut out = sugared
        .replace("#result", "result.elements.length")
        .replace("result[", "result.elements[")
        .replace("#s", "s.chars.length");
    // `s[` for the parameter `s` alone (not `ws(`'s argument list).
    for (from, to) in [("(s[", "(s.chars["), (" s[", " s.chars[")] {
        out = out.replace(from, to);
    }
    out
}

#[test]
fn the_tokenizers_spec_resolves_as_its_field_form() {
    let spec = root().join("specs/real/text/Tokenizer.spec");
    let sugared = std::fs::read_to_string(&spec).expect("Tokenizer.spec");
    assert!(
        sugared.contains("#s") && sugared.contains("result[j]"),
        "written with the operators"
    );
    let fields = scratch("Tokenizer.spec", &tokenizer_over_fields(&sugared));
    let field_text = std::fs::read_to_string(&fields).expect("written");
    assert!(!field_text.contains("#s") && !field_text.contains("result[j]"));
    let java = "java-subjects/real/text";
    let a = formulas(java, "Tokenizer.split", &spec, Some("post"));
    let b = formulas(java, "Tokenizer.split", &fields, Some("post"));
    assert_eq!(a.len(), 5, "the requires and four ensures");
    assert_eq!(a, b);
}

#[test]
fn container_operators_resolve_as_the_fields_they_name() {
    // (with the operator, over the fields): one `ensures` each, in `Bag.size`'s spec.
    // `#` is arithmetic (as on any set), so each pair compares by order, which is arithmetic
    // on both sides; `=` with a field form alone would compare sets.
    let pairs = [
        ("result <= #this.xs", "result <= this.xs.elements.length"),
        ("some this.xs[1]", "some this.xs.elements[1]"),
        (
            "all k: this.xs.inds | some this.xs[k]",
            "all k: 0 .. this.xs.elements.length - 1 | some this.xs.elements[k]",
        ),
        ("#this.name >= 2", "this.name.chars.length >= 2"),
        ("this.name[0] = 104", "this.name.chars[0] = 104"),
        ("#this.counts < 1", "this.counts.size < 1"),
        ("#this.firsts > 0", "this.firsts.size > 0"),
        ("#this.seen <= 0", "this.seen.map.size <= 0"),
        (
            "(#this.xs)' >= #this.xs",
            "(this.xs.elements.length)' >= this.xs.elements.length",
        ),
    ];
    let mut text = String::from("spec Bag {\n  method size() {\n");
    for (i, (sugar, fields)) in pairs.iter().enumerate() {
        text.push_str(&format!(
            "    ensures a{i}: {sugar}\n    ensures b{i}: {fields}\n"
        ));
    }
    text.push_str("  }\n}\n");
    let spec = scratch("Bag.spec", &text);
    let got = formulas(
        "java-subjects/examples/containers/Bag.java",
        "size",
        &spec,
        None,
    );
    assert_eq!(got.len(), 2 * pairs.len());
    for (i, pair) in got.chunks(2).enumerate() {
        assert_eq!(pair[0].1, pair[1].1, "{:?}", pairs[i]);
    }
}
