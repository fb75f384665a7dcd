//! Golden outputs: the refactorings promised no change in behaviour, so every bundled fault's
//! core, check result, localize session and parse output, and the evaluation tables, must stay
//! what `tests/golden/record.sh` recorded (timings aside). When a change is meant to alter them,
//! re-record with `tests/golden/record.sh` and review the diff.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn golden(rel: &str) -> PathBuf {
    root().join("tests/golden/out").join(rel)
}

/// Runs sattar; its stdout (any exit code: `check` exits 1 on a violation).
fn stdout(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_sattar"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("sattar runs");
    assert!(
        out.status.code().is_some_and(|c| c <= 1),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

/// JSON without the timing fields the recorder strips.
fn strip(v: Value) -> Value {
    match v {
        Value::Object(m) => Value::Object(
            m.into_iter()
                .filter(|(k, _)| {
                    !matches!(
                        k.as_str(),
                        "ms" | "core_ms" | "seconds" | "wall" | "wall_seconds"
                    )
                })
                .map(|(k, v)| (k, strip(v)))
                .collect(),
        ),
        Value::Array(a) => Value::Array(a.into_iter().map(strip).collect()),
        other => other,
    }
}

fn json_of(text: &str) -> Value {
    strip(serde_json::from_str(text).expect("JSON"))
}

fn assert_json(args: &[&str], rel: &str) {
    let want = std::fs::read_to_string(golden(rel)).expect("golden file");
    assert_eq!(json_of(&stdout(args)), json_of(&want), "{args:?} vs {rel}");
}

fn faults() -> Vec<String> {
    let v: Value = serde_json::from_str(&stdout(&["faults", "--format", "json"])).expect("JSON");
    v.as_array()
        .expect("a list")
        .iter()
        .filter_map(|f| f["id"].as_str().map(str::to_string))
        .collect()
}

/// The first eight columns of a CSV (the ninth is seconds).
fn without_seconds(csv: &str) -> String {
    csv.lines()
        .map(|l| l.split(',').take(8).collect::<Vec<_>>().join(","))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn evaluation_tables_are_unchanged() {
    for (args, rel) in [
        (vec!["eval", "--format", "csv"], "eval.csv"),
        (
            vec![
                "eval",
                "--format",
                "csv",
                "--faults",
                "bst.*",
                "--runs",
                "3",
                "--seed",
                "7",
                "--formula",
                "ochiai",
            ],
            "eval_bst_ochiai.csv",
        ),
    ] {
        let want = std::fs::read_to_string(golden(rel)).expect("golden file");
        let (got, want) = (without_seconds(&stdout(&args)), without_seconds(&want));
        // The rows that differ, first (a whole table in the message would be cut off).
        let differ: Vec<String> = got
            .lines()
            .zip(want.lines())
            .filter(|(g, w)| g != w)
            .take(12)
            .map(|(g, w)| format!("got  {g}\nwant {w}"))
            .collect();
        assert!(
            differ.is_empty() && got.lines().count() == want.lines().count(),
            "{rel}: {} rows against {} recorded; differing rows:\n{}",
            got.lines().count(),
            want.lines().count(),
            differ.join("\n")
        );
    }
}

#[test]
fn cores_checks_and_parses_of_every_fault_are_unchanged() {
    for f in faults() {
        assert_json(
            &["core", "--fault", &f, "--format", "json"],
            &format!("core/{f}.json"),
        );
        assert_json(
            &[
                "core",
                "--fault",
                &f,
                "--relaxed",
                "--order",
                "constraints",
                "--format",
                "json",
            ],
            &format!("core/{f}.relaxed.json"),
        );
        assert_json(
            &["check", "--fault", &f, "--format", "json"],
            &format!("check/{f}.json"),
        );
        assert_json(
            &["parse", "--fault", &f, "--format", "json"],
            &format!("parse/{f}.json"),
        );
    }
    assert_json(
        &[
            "check",
            "java-subjects/bst/BinarySearchTree.java",
            "--method",
            "add",
            "--spec",
            "specs/bst.spec",
            "--ensures",
            "postcond1",
            "--scope",
            "3",
            "--format",
            "json",
        ],
        "check/bst.correct.json",
    );
}

#[test]
fn recorded_localize_sessions_replay_identically() {
    let dir = std::env::temp_dir().join(format!("sattar-golden-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    for f in faults() {
        let recorded = std::fs::read_to_string(golden(&format!("localize/{f}.jsonl")))
            .expect("golden session");
        let want = format!("localize/{f}.json");
        // The whole session replays; cut after its first round (header, failing input, round 1),
        // the rest is generated again.
        let first_round: Vec<&str> = recorded.lines().take(3).collect();
        for (name, text) in [
            ("whole", recorded.clone()),
            ("cut", first_round.join("\n") + "\n"),
        ] {
            let session = dir.join(format!("{f}-{name}.jsonl"));
            std::fs::write(&session, text).expect("write session");
            let path = session.to_str().expect("utf-8");
            assert_json(&["localize", "--resume", path, "--format", "json"], &want);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
