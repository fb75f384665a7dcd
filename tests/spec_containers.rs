//! The spec language's containers (docs/SPEC.md, "Sequences, strings and maps") through every
//! engine: `#xs`, `xs[i]`, `xs.elems`, `xs.inds` on a list and a String, `#m`, `m[k]`, `m.keys`
//! on a HashMap and a TreeMap, `#s`, `s.elems` on a HashSet. `check` proves the methods of
//! `java-subjects/examples/containers/Bag.java` against them (the SAT encoding; a free pre-state
//! holds empty maps and sets, so lookups are proved on the maps the method fills), finds a
//! violation of the constraint the sugar states in a one-line mutant of each (confirmed by the
//! interpreter and the evaluator, or `check` reports their disagreement), and the JVM run of that
//! input agrees; lookups in maps and a set the JDK built (lookup_3.json) are judged alike by the
//! interpreter and the JVM, correct and mutated.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

const JAVA: &str = "java-subjects/examples/containers/Bag.java";
const SPEC: &str = "java-subjects/examples/containers/Bag.spec";
const LOOKUP: &str = "java-subjects/examples/containers/lookup_3.json";

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn json(args: &[&str]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_sattar"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("sattar runs");
    // 1: a violation found (`check`), as the CLI's contract says; 2 would be an error.
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("stdout is JSON")
}

fn names(v: &Value) -> Vec<String> {
    v.as_array()
        .expect("a list")
        .iter()
        .map(|n| n.as_str().expect("a name").to_string())
        .collect()
}

fn scratch(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sattar-containers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let p = dir.join(name);
    std::fs::create_dir_all(p.parent().expect("a folder")).expect("temp dir");
    std::fs::write(&p, text).expect("write scratch file");
    p
}

fn check(java: &str, method: &str) -> Value {
    json(&[
        "check", java, "--spec", SPEC, "--method", method, "--scope", "2", "--format", "json",
    ])
}

/// lookup_3.json with the arguments of `method`: `x = 3` where it takes `x`, none otherwise.
fn lookup_input(method: &str) -> String {
    let text = std::fs::read_to_string(root().join(LOOKUP)).expect("lookup_3.json");
    let mut input: Value = serde_json::from_str(&text).expect("JSON");
    if method == "mark" {
        input["args"] = serde_json::json!({"x": 3, "pos": 5});
    } else if !["count", "counted", "first", "saw", "holds"].contains(&method) {
        input["args"] = serde_json::json!({});
    }
    scratch(&format!("lookup/{method}.json"), &input.to_string())
        .to_string_lossy()
        .into_owned()
}

fn run(java: &str, method: &str, input: &str, engine: &str) -> Value {
    json(&[
        "run", java, "--spec", SPEC, "--method", method, "--input", input, "--engine", engine,
        "--format", "json",
    ])
}

/// A one-line change of `method` of Bag.java: the text replaced, its replacement.
fn mutant(method: &str, from: &str, to: &str) -> String {
    let java = std::fs::read_to_string(root().join(JAVA)).expect("Bag.java");
    assert_eq!(java.matches(from).count(), 1, "{from} occurs once");
    let text = java.replace(from, to);
    // One folder per mutant: the tests run in parallel.
    let mut h = std::collections::hash_map::DefaultHasher::new();
    std::hash::Hash::hash(&text, &mut h);
    let folder = format!("{method}-{:x}", std::hash::Hasher::finish(&h));
    scratch(&format!("{folder}/Bag.java"), &text)
        .to_string_lossy()
        .into_owned()
}

#[test]
fn every_method_meets_its_container_spec() {
    for m in [
        "size",
        "at",
        "holds",
        "add",
        "count",
        "counted",
        "first",
        "mark",
        "saw",
        "see",
        "kinds",
        "nameLength",
        "initial",
    ] {
        let v = check(JAVA, m);
        assert_eq!(v["result"], "holds", "{m}: {v}");
    }
}

#[test]
fn a_mutant_of_each_method_violates_what_the_container_spec_says() {
    // (method, text, its mutant, the constraints violated)
    let cases: &[(&str, &str, &str, &[&str])] = &[
        (
            "size",
            "return xs.size();",
            "return xs.size() - 1;",
            &["is"],
        ),
        ("at", "return xs.get(i);", "return xs.get(0);", &["is"]),
        (
            "holds",
            "return xs.contains(x);",
            "return xs.isEmpty();",
            &["is"],
        ),
        ("add", "xs.add(x);", "xs.add(0, x);", &["last", "kept"]),
        (
            "add",
            "counts.put(x, c == null ? 1 : c + 1);",
            "counts.put(x, c == null ? 2 : c + 1);",
            &["counted"],
        ),
        (
            "mark",
            "firsts.put(x, pos);",
            "firsts.put(x, x);",
            &["marked"],
        ),
        (
            "nameLength",
            "return name.length();",
            "return name.length() + 1;",
            &["is"],
        ),
        (
            "initial",
            "return name.charAt(0);",
            "return name.charAt(name.length() - 1);",
            &["is"],
        ),
    ];
    for (method, from, to, violated) in cases {
        let java = mutant(method, from, to);
        let v = check(&java, method);
        assert_eq!(v["result"], "violation", "{method} with `{to}`: {v}");
        assert_eq!(names(&v["violated"]), *violated, "{method} with `{to}`");
        // The same input on the JVM: the same verdict.
        let input = Path::new(&java).with_file_name("input.json");
        std::fs::write(&input, v["input"].to_string()).expect("write the input");
        let jvm = run(&java, method, &input.to_string_lossy(), "jvm");
        assert_eq!(
            names(&jvm["violated"]),
            *violated,
            "{method} on the JVM: {jvm}"
        );
    }
}

#[test]
fn lookups_in_maps_the_jdk_built_agree_on_the_interpreter_and_the_jvm() {
    // lookup_3.json: counts = {3: 2} (a HashMap's bin 3), firsts = {3: 2} (a TreeMap's root),
    // seen = {}, xs = [3], name = "hi"; the argument is 3.
    let correct: &[(&str, Value)] = &[
        ("count", 2.into()),
        ("counted", true.into()),
        ("first", 2.into()),
        ("saw", false.into()),
        ("kinds", 0.into()),
        ("holds", true.into()),
        ("size", 1.into()),
        ("nameLength", 2.into()),
        ("initial", 104.into()),
        ("mark", Value::Null),
    ];
    for (method, result) in correct {
        for engine in ["interp", "jvm"] {
            let v = run(JAVA, method, &lookup_input(method), engine);
            assert_eq!(v["verdict"], "pass", "{method} on {engine}: {v}");
            assert_eq!(v["result"], *result, "{method} on {engine}");
        }
    }
    let wrong: &[(&str, &str, &str)] = &[
        (
            "count",
            "return c == null ? 0 : c;",
            "return c == null ? 0 : c + 1;",
        ),
        (
            "counted",
            "return counts.containsKey(x);",
            "return counts.isEmpty();",
        ),
        (
            "first",
            "return f == null ? -1 : f;",
            "return f == null ? -1 : x;",
        ),
        (
            "saw",
            "return seen.contains(x);",
            "return !seen.contains(x);",
        ),
        ("kinds", "return seen.size();", "return seen.size() + 1;"),
        ("mark", "if (!firsts.containsKey(x)) {", "if (true) {"),
    ];
    for (method, from, to) in wrong {
        let java = mutant(method, from, to);
        let want: &[&str] = if *method == "mark" {
            &["marked"]
        } else {
            &["is"]
        };
        for engine in ["interp", "jvm"] {
            let v = run(&java, method, &lookup_input(method), engine);
            assert_eq!(
                names(&v["violated"]),
                want,
                "{method} with `{to}` on {engine}: {v}"
            );
        }
    }
}

#[test]
fn container_operators_outside_their_reach_are_refused_with_what_to_do() {
    // (the spec's `size` ensures, what the message says)
    let cases = [
        // A list's element is an `Object`: it may be a String or not.
        ("result = #this.xs[0]", "may be a container"),
        // Every Bag's list: several containers.
        ("result = #Bag.xs", "needs one container"),
        // A String key is equal by its chars.
        ("result = this.counts[this.name]", "String key"),
    ];
    for (ensures, says) in cases {
        let spec =
            format!("spec Bag {{\n  method size() {{ ensures post {{ is: {ensures} }} }}\n}}\n");
        let path = scratch(&format!("refused/{}.spec", says.replace(' ', "_")), &spec);
        let out = Command::new(env!("CARGO_BIN_EXE_sattar"))
            .args([
                "check",
                JAVA,
                "--spec",
                &path.to_string_lossy(),
                "--method",
                "size",
            ])
            .current_dir(root())
            .output()
            .expect("sattar runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{ensures}: {err}");
        assert!(err.contains(says), "{ensures}: {err}");
        assert!(err.contains(".spec:2:"), "{ensures}: located: {err}");
        assert!(err.contains("help"), "{ensures}: says what to do: {err}");
    }
}
