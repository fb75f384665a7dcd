//! Hostile use of the `sattar` binary: each test reproduces one finding of the hardening audit
//! (unicode escapes, deep nesting and recursion, huge flag values, closed pipes, damaged caches and
//! sessions, runaway code, control characters) and asserts what must happen instead — a correct
//! verdict, or exit 2 with a message that names the place or the flag. Never a panic (101), an
//! abort (134) or a signal.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

use serde_json::Value;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn command(args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_sattar"));
    c.args(args).current_dir(root());
    c
}

fn sattar(args: &[&str]) -> Output {
    command(args).output().expect("sattar runs")
}

/// A fresh directory for one test.
fn scratch_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("hardening")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

fn write(dir: &Path, name: &str, text: impl AsRef<[u8]>) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).expect("write scratch file");
    p.to_str().expect("utf-8 path").to_string()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Exit `code`, and no panic, abort or signal on the way.
fn exits(out: &Output, code: i32, args: &[&str]) {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(code), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?} panicked: {err}");
}

/// Exit 2 and `needle` on stderr.
fn refused(args: &[&str], needle: &str) -> String {
    let out = sattar(args);
    exits(&out, 2, args);
    let err = stderr(&out);
    assert!(
        err.contains(needle),
        "{args:?}: stderr lacks {needle:?}:\n{err}"
    );
    err
}

fn json_of(args: &[&str]) -> Value {
    let out = sattar(args);
    assert!(
        out.status.code().is_some_and(|c| c <= 1),
        "{args:?}: {}",
        stderr(&out)
    );
    serde_json::from_slice(&out.stdout).expect("stdout is JSON")
}

const LIST_JAVA: &str = "java-subjects/linkedlist/LinkedList.java";
const LIST_SPEC: &str = "specs/linkedlist.spec";
const LIST_INPUT: &str = "java-subjects/linkedlist/inputs/delete0_of_01.json";

/// The linked list with `size = size - 1;` replaced by `replacement`.
fn list_with(dir: &Path, replacement: &str) -> String {
    let text = std::fs::read_to_string(root().join(LIST_JAVA)).expect("the subject");
    assert!(text.contains("size = size - 1;"));
    let sub = dir.join("LinkedList.java");
    std::fs::write(&sub, text.replace("size = size - 1;", replacement)).expect("write");
    sub.to_str().expect("utf-8").to_string()
}

// ---- 1. What sattar analyses is what javac compiles: unicode escapes ----

/// javac turns `\u000a` into a line break before it reads tokens, so `size = 0;` after it is a
/// statement, not comment text: `check` finds the violation, and both engines run the statement.
#[test]
fn a_unicode_line_break_in_a_comment_ends_the_comment() {
    let dir = scratch_dir("unicode-newline");
    let java = list_with(&dir, "size = size - 1; // \\u000a size = 0;");
    let base = [java.as_str(), "--method", "delete", "--spec", LIST_SPEC];
    let check = [
        &["check"][..],
        &base,
        &["--ensures", "postcond1", "--format", "json"],
    ]
    .concat();
    let v = json_of(&check);
    assert_eq!(v["result"], "violation");
    assert_eq!(v["violated"], serde_json::json!(["sizeOk"]));
    let parsed = json_of(&["parse", java.as_str(), "--format", "json"]);
    let texts: Vec<&str> = parsed["statements"]
        .as_array()
        .expect("statements")
        .iter()
        .filter_map(|s| s["text"].as_str())
        .collect();
    assert!(texts.contains(&"size = 0;"), "{texts:?}");
    for engine in ["interp", "jvm"] {
        let run = [
            &["run"][..],
            &base,
            &[
                "--ensures",
                "postcond1",
                "--input",
                LIST_INPUT,
                "--engine",
                engine,
                "--format",
                "json",
            ],
        ]
        .concat();
        let v = json_of(&run);
        assert_eq!(v["verdict"], "fail", "{engine}");
        assert_eq!(v["violated"], serde_json::json!(["sizeOk"]), "{engine}");
        assert_eq!(v["post"]["L0"]["size"], 0, "{engine}");
    }
}

/// `\u0061` is the identifier `a` to javac, and so to sattar.
#[test]
fn a_unicode_escape_in_an_identifier_is_the_identifier() {
    let dir = scratch_dir("unicode-ident");
    let java = list_with(&dir, "int \\u0061 = 1; size = size - \\u0061;");
    let base = [java.as_str(), "--method", "delete", "--spec", LIST_SPEC];
    let check = [
        &["check"][..],
        &base,
        &["--ensures", "postcond1", "--scope", "3"],
    ]
    .concat();
    let out = sattar(&check);
    exits(&out, 0, &check);
    assert!(stdout(&out).contains("holds"), "{}", stdout(&out));
    for engine in ["interp", "jvm"] {
        let run = [
            &["run"][..],
            &base,
            &[
                "--ensures",
                "postcond1",
                "--input",
                LIST_INPUT,
                "--engine",
                engine,
                "--format",
                "json",
            ],
        ]
        .concat();
        let v = json_of(&run);
        assert_eq!(v["verdict"], "pass", "{engine}");
        assert_eq!(v["post"]["L0"]["size"], 1, "{engine}");
    }
}

// ---- 2. Deep nesting and deep recursion: no stack overflow ----

#[test]
fn deep_nesting_parses_and_deep_recursion_runs_and_encodes() {
    let dir = scratch_dir("deep");
    let depth = 10_000;
    let parens = format!(
        "class P {{ int f(int k) {{ return {}k{} + 1; }} }}\n",
        "(".repeat(depth),
        ")".repeat(depth)
    );
    let p = write(&dir, "P.java", parens);
    let out = sattar(&["parse", &p]);
    exits(&out, 0, &["parse", "P.java"]);
    let mut body = String::from("x = x + 1;");
    for _ in 0..5_000 {
        body = format!("if (k > 0) {{ {body} }}");
    }
    let n = write(
        &dir,
        "N.java",
        format!("class N {{ int x; void f(int k) {{ {body} }} }}\n"),
    );
    let out = sattar(&["parse", &n, "--format", "json"]);
    exits(&out, 0, &["parse", "N.java"]);
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["statements"].as_array().expect("statements").len(), 5_001);

    let r = write(
        &dir,
        "R.java",
        "class R {\n  int n;\n  int down(int k) { if (k == 0) { return 0; } return down(k - 1) + 1; }\n}\n",
    );
    let spec = write(
        &dir,
        "r.spec",
        "spec R { method down(k: int) { requires pos: k >= 0 ensures same: this.n' = this.n } }\n",
    );
    let input = write(
        &dir,
        "r.json",
        r#"{"this":"R0","args":{"k":9000},"objects":{"R0":{"class":"R","n":0}}}"#,
    );
    let run = [
        "run",
        &r,
        "--method",
        "down",
        "--input",
        &input,
        "--engine",
        "interp",
        "--max-depth",
        "10000",
        "--max-steps",
        "10000000",
        "--format",
        "json",
    ];
    let v = json_of(&run);
    assert_eq!(v["result"], 9000);
    // The encoder inlines the recursion 5,000 (and 50,000) levels deep.
    for unroll in ["5000", "50000"] {
        let check = [
            "check",
            &r,
            "--method",
            "down",
            "--spec",
            &spec,
            "--scope",
            "1",
            "--unroll",
            unroll,
            "--max-unroll",
            unroll,
            "--format",
            "json",
        ];
        let v = json_of(&check);
        assert_eq!(v["result"], "holds", "--unroll {unroll}");
    }
}

// ---- 3. Panics: huge durations, closed pipes ----

#[test]
fn every_duration_flag_refuses_what_is_not_a_sane_number_of_seconds() {
    let run = |t: &str| {
        vec![
            "run".to_string(),
            "--fault".into(),
            "sll.sizeErr".into(),
            "--input".into(),
            LIST_INPUT.into(),
            "--timeout".into(),
            t.into(),
        ]
    };
    let check = |t: &str| {
        vec![
            "check".to_string(),
            "--fault".into(),
            "sll.sizeErr".into(),
            "--sat-time".into(),
            t.into(),
        ]
    };
    let localize = |t: &str| {
        vec![
            "localize".to_string(),
            "--fault".into(),
            "sll.sizeErr".into(),
            "--timeout".into(),
            t.into(),
        ]
    };
    for bad in [
        "1e300",
        "99999999999999999999",
        "inf",
        "NaN",
        "-1",
        "0",
        "1e-300",
    ] {
        for (args, flag) in [
            (run(bad), "--timeout"),
            (check(bad), "--sat-time"),
            (localize(bad), "--timeout"),
        ] {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let err = refused(&args, flag);
            assert!(err.contains("from 0.001 to 1000000"), "{args:?}: {err}");
        }
    }
}

/// A reader that stops reading (`sattar parse Big.java | head -1`) ends sattar quietly.
#[test]
fn a_closed_stdout_ends_the_command_quietly() {
    let dir = scratch_dir("pipe");
    let mut big = String::from("class Big { int x;\n");
    for i in 0..3_000 {
        big.push_str(&format!("  int m{i}(int k) {{ x = x + k; return x; }}\n"));
    }
    big.push_str("}\n");
    let file = write(&dir, "Big.java", big);
    for format in ["text", "json"] {
        let mut child = command(&["parse", &file, "--format", format])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("starts");
        let mut first = [0u8; 16];
        child
            .stdout
            .as_mut()
            .expect("stdout")
            .read_exact(&mut first)
            .expect("some output");
        drop(child.stdout.take()); // the reader goes away
        let mut err = String::new();
        child
            .stderr
            .take()
            .expect("stderr")
            .read_to_string(&mut err)
            .expect("stderr");
        let status = child.wait().expect("exits");
        assert_eq!(status.code(), Some(0), "{format}: {err}");
        assert!(err.is_empty(), "{format}: {err}");
    }
}

// ---- 8. Unbounded memory: every bound is checked, the encoding has a size limit ----

#[test]
fn unrolling_bounds_are_checked_against_each_other() {
    refused(
        &["check", "--fault", "sll.sizeErr", "--unroll", "4294967295"],
        "--unroll 4294967295 is above --max-unroll 64",
    );
    refused(
        &["check", "--fault", "sll.sizeErr", "--unroll", "0"],
        "--unroll 0: give at least 1",
    );
    refused(
        &["check", "--fault", "sll.sizeErr", "--max-unroll", "0"],
        "--max-unroll 0: give at least 1",
    );
    refused(
        &[
            "localize",
            "--fault",
            "sll.sizeErr",
            "--unroll",
            "100",
            "--max-unroll",
            "10",
        ],
        "--unroll 100 is above --max-unroll 10",
    );
}

/// An encoding that would outgrow memory stops at `--max-gates` and says so, quickly.
#[test]
fn a_huge_encoding_stops_at_the_gate_limit() {
    let dir = scratch_dir("gates");
    let err = refused(
        &[
            "check",
            "--fault",
            "sll.sizeErr",
            "--unroll",
            "4294967295",
            "--max-unroll",
            "4294967295",
            "--max-gates",
            "200000",
        ],
        "more than 200000 circuit nodes (--max-gates",
    );
    assert!(err.contains("raise --max-gates"), "{err}");
    let session = dir.join("s.jsonl");
    refused(
        &[
            "localize",
            "--fault",
            "sll.sizeErr",
            "--min-scope",
            "1000",
            "--max-gates",
            "200000",
            "--session",
            session.to_str().expect("utf-8"),
        ],
        "more than 200000 circuit nodes (--max-gates",
    );
}

#[test]
fn an_argument_domain_too_large_to_enumerate_is_refused() {
    refused(
        &[
            "gen",
            "java-subjects/bst/BinarySearchTree.java",
            "--spec",
            "specs/bst.spec",
            "--scope",
            "2",
            "--arg",
            "k=-2147483648..2147483647",
            "--count",
        ],
        "--arg k=-2147483648..2147483647",
    );
}

// ---- 5. sattar's own limits are reported as such, never as the code's OutOfMemoryError ----

const LOOP: &str = "class Loop {\n    int x;\n    int spin(int n) {\n        int i = 0;\n        while (i < n) {\n            i = i + 1;\n        }\n        while (n < 0) {\n            x = x + 1;\n        }\n        return i;\n    }\n}\n";

fn loop_input(dir: &Path, n: i64) -> String {
    write(
        dir,
        &format!("n{n}.json"),
        format!(
            r#"{{"this":"L0","args":{{"n":{n}}},"objects":{{"L0":{{"class":"Loop","x":0}}}}}}"#
        ),
    )
}

/// An endless loop under a huge step budget ends at `--timeout` and fails `terminates`, on both
/// engines; the trace buffer stays bounded, so nothing is blamed on the code's memory.
#[test]
fn an_endless_loop_under_a_huge_step_budget_times_out() {
    let dir = scratch_dir("endless");
    let java = write(&dir, "Loop.java", LOOP);
    let input = loop_input(&dir, -1);
    for engine in ["jvm", "interp"] {
        let args = [
            "run",
            &java,
            "--method",
            "spin",
            "--input",
            &input,
            "--engine",
            engine,
            "--max-steps",
            "10000000000",
            "--timeout",
            "1",
        ];
        let out = sattar(&args);
        exits(&out, 0, &args);
        let text = stdout(&out);
        assert!(text.contains("fail (terminates)"), "{engine}: {text}");
        assert!(text.contains("(--timeout)"), "{engine}: {text}");
        assert!(!text.contains("OutOfMemoryError"), "{engine}: {text}");
    }
}

/// A long finite loop passes: its 120 million branch outcomes outgrow the trace buffer, whose
/// prefix is kept and the rest counted — on the JVM (which used to report OutOfMemoryError), and
/// (with a shorter loop) on the interpreter, which agrees.
#[test]
fn a_long_finite_loop_passes_with_its_trace_cut() {
    let dir = scratch_dir("finite");
    let java = write(&dir, "Loop.java", LOOP);
    for (engine, n) in [
        ("jvm", 120_000_000),
        ("jvm", 2_000_000),
        ("interp", 2_000_000),
    ] {
        let input = loop_input(&dir, n);
        let v = json_of(&[
            "run",
            &java,
            "--method",
            "spin",
            "--input",
            &input,
            "--engine",
            engine,
            "--max-steps",
            "1000000000",
            "--timeout",
            "300",
            "--format",
            "json",
        ]);
        assert_eq!(v["verdict"], "pass", "{engine} {n}");
        assert_eq!(v["result"], n, "{engine} {n}");
        let kept = v["trace"].as_array().expect("trace").len() as i64;
        assert_eq!(kept, 1 << 20, "{engine} {n}");
        // One outcome per test of the first loop's condition, and one of the second's.
        assert_eq!(kept + v["trace_dropped"].as_i64().expect("count"), n + 2);
        assert_eq!(v["trace"][0], serde_json::json!([2, true]), "{engine} {n}");
    }
}
