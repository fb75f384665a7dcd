//! Real Java I end to end: the bundled folder `java-subjects/real/ds` (a package of generic
//! containers, an interface, an abstract base, inner classes, statics, an enum, and helpers sattar
//! does not support) analysed as a user hands it over — the folder and a method — with no
//! specification: `check` searches for the smallest input that throws or does not terminate.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const DS: &str = "java-subjects/real/ds";

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn sattar(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sattar"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("sattar runs")
}

fn stdout_json(out: &Output, what: &str) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{what}: {e}\n{}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

/// Every method of the folder, as `--method` names it (parameter types for overloads).
fn methods() -> Vec<String> {
    let out = sattar(&["parse", DS, "--format", "json"]);
    let v = stdout_json(&out, "parse");
    let all = v["methods"].as_array().expect("methods").clone();
    let names: Vec<String> = all
        .iter()
        .map(|m| m["name"].as_str().expect("name").to_string())
        .collect();
    all.iter()
        .zip(&names)
        .map(|(m, name)| {
            if names.iter().filter(|n| *n == name).count() == 1 {
                return name.clone();
            }
            let params: Vec<&str> = m["params"]
                .as_array()
                .expect("params")
                .iter()
                .map(|p| p["type"].as_str().expect("type"))
                .map(|t| t.rsplit('.').next().expect("a simple name"))
                .collect();
            format!("{name}({})", params.join(","))
        })
        .collect()
}

/// `check --scope 2` with no spec ends with a verdict on every method `parse` accepts, and every
/// violation it reports is what the interpreter does on the reported input.
#[test]
fn every_accepted_method_is_checked_to_a_verdict_without_a_spec() {
    let mut accepted = 0;
    let mut violations = 0;
    for m in methods() {
        let parsed = sattar(&["parse", DS, "--method", &m]);
        if !parsed.status.success() {
            // What sattar refuses is refused with a location (the toString and hashCode helpers);
            // an abstract method has no code, and the message names its implementations.
            let err = String::from_utf8_lossy(&parsed.stderr);
            let located = err.contains("unsupported:") && err.contains(".java:");
            let is_abstract =
                err.contains("is abstract") && err.contains("analyse an implementation: ds.");
            assert!(located || is_abstract, "{m}: {err}");
            continue;
        }
        accepted += 1;
        let out = sattar(&[
            "check", DS, "--method", &m, "--scope", "2", "--format", "json",
        ]);
        let code = out.status.code();
        assert!(
            code == Some(0) || code == Some(1),
            "{m}: exit {code:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v = stdout_json(&out, &m);
        if v["result"] != "violation" {
            assert_eq!(v["result"], "holds", "{m}");
            continue;
        }
        violations += 1;
        let input = root().join(format!(
            "target/real-java-{}.json",
            m.replace(['(', ')', ','], "_")
        ));
        std::fs::write(&input, v["input"].to_string()).expect("write the input");
        let run = sattar(&[
            "run",
            DS,
            "--method",
            &m,
            "--engine",
            "interp",
            "--format",
            "json",
            "--input",
            input.to_str().expect("utf-8 path"),
        ]);
        let r = stdout_json(&run, &m);
        assert_eq!(r["verdict"], "fail", "{m}: {r}");
        assert_eq!(r["violated"], v["violated"], "{m}");
    }
    assert!(accepted >= 25, "{accepted} methods accepted");
    assert!(violations >= 10, "{violations} violations");
}

fn check(method: &str) -> Value {
    let out = sattar(&[
        "check", DS, "--method", method, "--scope", "2", "--format", "json",
    ]);
    stdout_json(&out, method)
}

/// A loop over a cyclic structure (valid without an invariant) does not terminate; a binary
/// recursion over one overflows the stack; both found without exhausting memory.
#[test]
fn endless_runs_are_violations_of_the_implicit_constraints() {
    let contains = check("LinkedStack.contains");
    assert_eq!(contains["violated"], serde_json::json!(["terminates"]));
    let height = check("SearchTree.height()");
    assert_eq!(height["violated"], serde_json::json!(["noException"]));
    let input = height["input"].to_string();
    assert!(input.contains("Entry0"), "{input}");
    // An enum method: the receiver is one of its constants.
    assert_eq!(check("Order.before")["result"], "holds");
}

/// A loop that needs more iterations than `--max-unroll` on a valid input but terminates is not a
/// violation: the error says which loop and which flag raises the bound.
#[test]
fn a_long_but_finite_loop_names_the_flag_to_raise() {
    let dir = root().join("target/real-java-long");
    std::fs::create_dir_all(&dir).expect("dir");
    let file = dir.join("Count.java");
    std::fs::write(
        &file,
        "class Count { int n; int up() { int s = 0; for (int i = 0; i < 100; i++) { s = s + n; } return s; } }\n",
    )
    .expect("write");
    let out = sattar(&[
        "check",
        file.to_str().expect("utf-8"),
        "--method",
        "up",
        "--scope",
        "1",
        "--max-unroll",
        "16",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("Count.java:1") && err.contains("--max-unroll"),
        "{err}"
    );
    let ok = sattar(&[
        "check",
        file.to_str().expect("utf-8"),
        "--method",
        "up",
        "--scope",
        "1",
        "--max-unroll",
        "128",
    ]);
    assert_eq!(
        ok.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
}

/// The real subjects' seeded faults end to end on the JVM: `check` finds each fault's smallest
/// failing input, `run` on the JVM reproduces the interpreter's run of it exactly, `core` names
/// suspects, and `localize` (generated tests on the JVM) ranks the faulty line.
#[test]
fn every_real_fault_is_checked_cored_and_localized_on_the_jvm() {
    let catalog = sattar(&["faults", "--format", "json"]);
    let catalog = stdout_json(&catalog, "faults");
    let mut n = 0;
    for f in catalog.as_array().expect("faults") {
        let id = f["id"].as_str().expect("id");
        if ![
            "ds.",
            "values.",
            "arrays.",
            "collections.",
            "maps.",
            "ant.",
            "text.",
            "random.",
        ]
        .iter()
        .any(|p| id.starts_with(p))
        {
            continue;
        }
        let checked = sattar(&["check", "--fault", id, "--scope", "3", "--format", "json"]);
        assert_eq!(checked.status.code(), Some(1), "{id}: check finds it");
        let v = stdout_json(&checked, id);
        let input = root().join(format!("target/real-java-{id}.json"));
        std::fs::write(&input, v["input"].to_string()).expect("write the input");
        let input = input.to_str().expect("utf-8");
        let jvm = stdout_json(
            &sattar(&["run", "--fault", id, "--input", input, "--format", "json"]),
            id,
        );
        let interp = stdout_json(
            &sattar(&[
                "run", "--fault", id, "--input", input, "--engine", "interp", "--format", "json",
            ]),
            id,
        );
        assert_eq!(jvm, interp, "{id}");
        assert_eq!(jvm["verdict"], "fail", "{id}");
        let core = stdout_json(&sattar(&["core", "--fault", id, "--format", "json"]), id);
        assert!(
            !core["suspects"].as_array().expect("suspects").is_empty(),
            "{id}: {core}"
        );
        let loc = sattar(&[
            "localize", "--fault", id, "--input", input, "--format", "json",
        ]);
        let loc = stdout_json(&loc, id);
        let rank = loc["fault"]["rank"]
            .as_u64()
            .expect("the faulty line is ranked");
        let ranked = loc["ranking"].as_array().expect("ranking").len() as u64;
        assert!(rank >= 1 && rank <= ranked, "{id}: rank {rank} of {ranked}");
        n += 1;
    }
    assert_eq!(n, 53, "real faults");
}
