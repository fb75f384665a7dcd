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

// ---- 3 and 4. Sessions: one writer, sealed lines, recorded files, checked ids ----

/// A finished localization of `fault` written to `dir/name`; its session lines.
fn session_of(dir: &Path, name: &str, fault: &str) -> (String, Vec<String>) {
    let path = dir.join(name);
    let p = path.to_str().expect("utf-8").to_string();
    let args = [
        "localize",
        "--fault",
        fault,
        "--session",
        &p,
        "--format",
        "json",
    ];
    let out = sattar(&args);
    exits(&out, 0, &args);
    let text = std::fs::read_to_string(&path).expect("session written");
    (p, text.lines().map(str::to_string).collect())
}

/// `line` with `edit` applied and sealed again, as a hostile user with sattar's source would.
fn resealed(line: &str, edit: impl FnOnce(&mut serde_json::Map<String, Value>)) -> String {
    let Value::Object(mut map) = serde_json::from_str(line).expect("a JSON line") else {
        panic!("not an object: {line}");
    };
    map.remove("check");
    edit(&mut map);
    let check =
        sattar_engine::digest::sha256_hex(Value::Object(map.clone()).to_string().as_bytes());
    map.insert("check".into(), Value::String(check));
    Value::Object(map).to_string()
}

fn resume(session: &str) -> Output {
    sattar(&["localize", "--resume", session, "--format", "json"])
}

/// A second sattar writing the same session is refused while the first runs; the first finishes
/// a whole, valid session.
#[test]
fn a_second_writer_of_a_session_is_refused() {
    let dir = scratch_dir("second-writer");
    let session = dir.join("s.jsonl");
    let s = session.to_str().expect("utf-8");
    let mut first = command(&["localize", "--fault", "bst.traverseErr", "--session", s])
        .env("SATTAR_TEST_ROUND_DELAY_MS", "300")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("starts");
    let t0 = std::time::Instant::now();
    while std::fs::read_to_string(&session).map_or(0, |t| t.lines().count()) < 2
        && t0.elapsed() < std::time::Duration::from_secs(60)
    {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    refused(
        &["localize", "--fault", "bst.traverseErr", "--session", s],
        "is being written by another sattar process",
    );
    refused(
        &["localize", "--resume", s],
        "is being written by another sattar process",
    );
    assert!(first.wait().expect("exits").success());
    let text = std::fs::read_to_string(&session).expect("session");
    for (i, l) in text.lines().enumerate() {
        let v: Value = serde_json::from_str(l).unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        assert!(v["check"].is_string(), "line {}", i + 1);
    }
    assert!(text.lines().last().expect("lines").contains("\"finished\""));
    // Once finished, the file is a session: a new run does not overwrite it.
    refused(
        &["localize", "--fault", "bst.traverseErr", "--session", s],
        "exists and is not empty: continue it with --resume",
    );
    // Nor any other file a user wrote.
    let notes = write(&dir, "notes.txt", "my notes\n");
    refused(
        &[
            "localize",
            "--fault",
            "bst.traverseErr",
            "--session",
            &notes,
        ],
        "exists and is not empty",
    );
    assert_eq!(
        std::fs::read_to_string(&notes).expect("notes"),
        "my notes\n"
    );
}

/// Edited lines, another fault, another Java file, changed sources, unknown statement ids, a
/// truncated header: each resume is refused with the reason, and nothing panics.
#[test]
fn a_session_that_does_not_match_its_files_is_refused() {
    let dir = scratch_dir("inconsistent");
    let (_, lines) = session_of(&dir, "whole.jsonl", "sll.sizeErr");
    let variant = |name: &str, lines: &[String]| write(&dir, name, lines.join("\n") + "\n");
    let with_header = |h: String| [&[h][..], &lines[1..]].concat();

    let formula = lines[0].replace("\"formula\":\"tarantula\"", "\"formula\":\"ochiai\"");
    let err = refused_output(&resume(&variant("formula.jsonl", &with_header(formula))));
    assert!(
        err.contains("line 1: it was changed after sattar wrote it"),
        "{err}"
    );

    let other_fault = resealed(&lines[0], |h| {
        h.insert("fault".into(), "sll.headErr".into());
    });
    let err = refused_output(&resume(&variant("fault.jsonl", &with_header(other_fault))));
    assert!(err.contains("inconsistent session"), "{err}");
    assert!(err.contains("LinkedList.java changed"), "{err}");

    let secret = write(&dir, "Secret.java", "SECRET FIRST LINE\n");
    let other_java = resealed(&lines[0], |h| {
        h.insert("fault".into(), Value::Null);
        h.insert("java".into(), secret.clone().into());
        h.insert("method".into(), "delete".into());
    });
    let err = refused_output(&resume(&variant("java.jsonl", &with_header(other_java))));
    assert!(err.contains("inconsistent session"), "{err}");
    assert!(
        !err.contains("SECRET"),
        "the other file is not shown: {err}"
    );

    let round = lines
        .iter()
        .position(|l| l.contains("\"round\":1"))
        .expect("a round");
    let mut bad_ids = lines.clone();
    bad_ids[round] = resealed(&lines[round], |r| {
        r.insert("covered".into(), serde_json::json!([999, 1]));
    });
    let err = refused_output(&resume(&variant("ids.jsonl", &bad_ids)));
    assert!(err.contains("statement s999 does not exist"), "{err}");

    let mut bad_name = lines.clone();
    bad_name[round] = resealed(&lines[round], |r| {
        r.insert("verdict".into(), "fail".into());
        r.insert("violated".into(), serde_json::json!(["noSuchConstraint"]));
    });
    let err = refused_output(&resume(&variant("names.jsonl", &bad_name)));
    assert!(
        err.contains("`noSuchConstraint` is not a constraint"),
        "{err}"
    );

    let truncated = write(&dir, "truncated.jsonl", &lines[0][..lines[0].len() / 2]);
    let err = refused_output(&resume(&truncated));
    assert!(err.contains("its header is incomplete"), "{err}");
}

fn refused_output(out: &Output) -> String {
    exits(out, 2, &["localize --resume"]);
    stderr(out)
}

/// A session whose Java file was edited after it was recorded is refused, naming the file
/// (before, the stored statement ids indexed past the new program: a panic).
#[test]
fn a_session_recorded_before_its_java_file_was_edited_is_refused() {
    let dir = scratch_dir("edited");
    let java = list_with(&dir, "size = 0;");
    let session = dir.join("s.jsonl");
    let s = session.to_str().expect("utf-8");
    let args = [
        "localize",
        &java,
        "--method",
        "delete",
        "--spec",
        LIST_SPEC,
        "--ensures",
        "postcond1",
        "--session",
        s,
        "--rounds",
        "1",
    ];
    exits(&sattar(&args), 0, &args);
    let text = std::fs::read_to_string(&java).expect("java");
    let edited = text.replace(
        "                if (prev != null) {\n                    prev.next = lst.next;\n                } else {\n                    header = header.next;\n                }\n",
        "",
    );
    assert_ne!(edited, text);
    std::fs::write(&java, edited).expect("edit");
    let err = refused_output(&resume(s));
    assert!(
        err.contains(&format!("{java} changed since the session was recorded")),
        "{err}"
    );
    std::fs::write(&java, text).expect("restore");
    let out = resume(s);
    exits(&out, 0, &["resume after restoring"]);
}

/// The header is written before the initial analysis: a session stopped at any point after it
/// starts resumes to what an uninterrupted run gives.
#[test]
fn a_session_stopped_before_its_first_round_resumes() {
    let dir = scratch_dir("header-only");
    let (_, lines) = session_of(&dir, "whole.jsonl", "bst.traverseErr");
    let again = dir.join("again.jsonl");
    let again = again.to_str().expect("utf-8");
    let whole = json_of(&[
        "localize",
        "--fault",
        "bst.traverseErr",
        "--session",
        again,
        "--format",
        "json",
    ]);
    for keep in [1, 2] {
        let cut = write(
            &dir,
            &format!("cut{keep}.jsonl"),
            lines[..keep].join("\n") + "\n",
        );
        let out = resume(&cut);
        exits(&out, 0, &["resume", &cut]);
        let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
        assert_eq!(v["ranking"], whole["ranking"], "cut after {keep} lines");
        assert_eq!(v["rounds"], whole["rounds"], "cut after {keep} lines");
        let text = std::fs::read_to_string(&cut).expect("session");
        assert_eq!(text.lines().count(), lines.len(), "cut after {keep} lines");
    }
}

/// A round the clock stopped is said so in the text output, and exported as a test whose call
/// runs under a preemptive timeout (so the exported suite cannot hang).
#[test]
fn timed_out_rounds_are_reported_and_exported_with_a_timeout() {
    let dir = scratch_dir("timed-out");
    let (_, lines) = session_of(&dir, "whole.jsonl", "bst.traverseErr");
    let round = lines
        .iter()
        .position(|l| l.contains("\"round\":1"))
        .expect("a round");
    let mut edited = lines[..=round].to_vec();
    edited[round] = resealed(&lines[round], |r| {
        let covered = r["covered"].clone();
        r.insert("verdict".into(), "fail".into());
        r.insert("violated".into(), serde_json::json!(["terminates"]));
        r.insert("covered".into(), serde_json::json!([]));
        r.insert("added".into(), false.into());
        r.insert("predicted".into(), covered);
        r.insert("timed_out".into(), true.into());
    });
    let session = write(&dir, "s.jsonl", edited.join("\n") + "\n");
    let tests = dir.join("tests");
    let args = [
        "localize",
        "--resume",
        &session,
        "--rounds",
        "1",
        "--export-tests",
        tests.to_str().expect("utf-8"),
    ];
    let out = sattar(&args);
    exits(&out, 0, &args);
    let text = stdout(&out);
    assert!(
        text.contains("1 generated test timed out (raise --timeout), not ranked"),
        "{text}"
    );
    let java =
        std::fs::read_to_string(tests.join("BinarySearchTreeSattarTest.java")).expect("exported");
    // The spec oracle (the default): the call must end within the limit, in its own thread.
    assert!(
        java.contains("assertTimeoutPreemptively(java.time.Duration.ofMillis(5000), () -> {")
            && java.contains("}, \"terminates\");"),
        "{java}"
    );
}

// ---- 9. Messages: each names its place, reads well, and says "error:" once ----

#[test]
fn java_mistakes_are_reported_by_javac_at_their_place() {
    let dir = scratch_dir("messages");
    let after_return = write(
        &dir,
        "A.java",
        "class A { int x; int f(int k) { return k; x = 1; } }\n",
    );
    let err = refused(
        &["parse", &after_return],
        "A.java:1:43: error: unreachable statement",
    );
    assert!(!err.contains("missing return"), "{err}");
    let b1 = write(&dir, "B1.java", "class B { int x; }\n");
    let b2 = write(&dir, "B2.java", "class B { int y; }\n");
    refused(
        &["parse", &b1, &b2],
        "B2.java:1:1: error: duplicate class: B",
    );
    let comment = write(
        &dir,
        "F.java",
        "/* unterminated\npublic class F { int f(int k) { return k; } }\n",
    );
    refused(&["parse", &comment], "F.java:1:1: error: unclosed comment");
    // A located error says "error:" once, after its location.
    let h = write(&dir, "H.java", "class H { int f(int k) { return k +; } }\n");
    let err = refused(
        &["run", &h, "--method", "f", "--input", LIST_INPUT],
        "H.java:1:36: error: illegal start of expression",
    );
    assert!(!err.contains("error: H.java"), "{err}");
    assert_eq!(err.matches("error:").count(), 1, "{err}");
}

#[test]
fn an_empty_file_says_there_is_nothing_to_analyse() {
    let dir = scratch_dir("empty");
    let e = write(&dir, "E.java", "");
    let out = sattar(&["parse", &e]);
    exits(&out, 0, &["parse", "E.java"]);
    assert!(
        stdout(&out).contains("no class in") && stdout(&out).contains("nothing to analyse"),
        "{}",
        stdout(&out)
    );
    refused(
        &["run", &e, "--input", LIST_INPUT],
        "no class declares a method here",
    );
}

#[test]
fn a_file_that_is_not_utf8_is_refused_at_its_first_bad_byte() {
    let dir = scratch_dir("utf8");
    let java = write(
        &dir,
        "D.java",
        b"class D { int f(int k) {\n  return \xff k; } }\n".as_slice(),
    );
    refused(
        &["parse", &java],
        "D.java:2:10: not UTF-8 text (byte 0xff at byte offset 34)",
    );
    let spec = write(&dir, "d.spec", b"spec LinkedList {\xfe }\n".as_slice());
    refused(
        &[
            "run", LIST_JAVA, "--method", "delete", "--spec", &spec, "--input", LIST_INPUT,
        ],
        "d.spec:1:18: not UTF-8 text (byte 0xfe",
    );
    let input = write(&dir, "i.json", b"{\"this\": \"L\xe90\"}".as_slice());
    refused(
        &["run", LIST_JAVA, "--method", "delete", "--input", &input],
        "i.json:1:12: not UTF-8 text (byte 0xe9",
    );
}

#[test]
fn a_method_with_one_ensures_set_needs_no_choice() {
    let dir = scratch_dir("one-set");
    let java = write(
        &dir,
        "G.java",
        "class G {\n    int x;\n    void inc() { x = x + 1; }\n}\n",
    );
    let spec = write(
        &dir,
        "g.spec",
        "spec G {\n  method inc() {\n    ensures only { up: this.x' = this.x + 1 }\n  }\n}\n",
    );
    let input = write(
        &dir,
        "g.json",
        r#"{"this":"G0","args":{},"objects":{"G0":{"class":"G","x":0}}}"#,
    );
    let v = json_of(&[
        "run", &java, "--method", "inc", "--spec", &spec, "--input", &input, "--format", "json",
    ]);
    assert_eq!(v["verdict"], "pass");
    assert_eq!(v["post"]["G0"]["x"], 1);
}

/// Object names are free text in an input file: control characters in them are escaped on the
/// terminal (text output and messages), never written raw; JSON escapes them itself.
#[test]
fn control_characters_in_names_never_reach_the_terminal_raw() {
    let dir = scratch_dir("control");
    let java = write(
        &dir,
        "G.java",
        "class G {\n    int x;\n    void inc() { x = x + 1; }\n}\n",
    );
    let name = "G\\u001b[31mRED\\n0";
    let input = write(
        &dir,
        "esc.json",
        format!(r#"{{"this":"{name}","args":{{}},"objects":{{"{name}":{{"class":"G","x":0}}}}}}"#),
    );
    let out = sattar(&["run", &java, "--method", "inc", "--input", &input]);
    exits(&out, 0, &["run", "esc.json"]);
    let text = stdout(&out);
    assert!(!text.contains('\u{1b}'), "{text:?}");
    assert!(text.contains("G\\u{1b}[31mRED\\u{a}0:G{x=1}"), "{text}");
    let json: Value = serde_json::from_slice(
        &sattar(&[
            "run", &java, "--method", "inc", "--input", &input, "--format", "json",
        ])
        .stdout,
    )
    .expect("JSON");
    assert_eq!(json["post"]["G\u{1b}[31mRED\n0"]["x"], 1);
    let field = write(
        &dir,
        "field.json",
        r#"{"this":"G0","args":{},"objects":{"G0":{"class":"G","x":0,"y\u001b[2J":1}}}"#,
    );
    let err = refused(
        &["run", &java, "--method", "inc", "--input", &field],
        "y\\u{1b}[2J",
    );
    assert!(!err.contains('\u{1b}'), "{err:?}");
}

// ---- 7. The cache: what is loaded is checked, what is damaged is rebuilt ----

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = e.path();
        if p.is_dir() {
            files_under(&p, out);
        } else {
            out.push(p);
        }
    }
}

/// Every cached class file truncated or overwritten, every cached javac answer altered: the next
/// runs rebuild them and give the same result (before: "class X not found" until the user deleted
/// the cache). A cache that cannot be written falls back to a private directory.
#[test]
fn a_damaged_or_unwritable_cache_is_rebuilt_or_bypassed() {
    let dir = scratch_dir("cache");
    let cache = dir.join("xdg");
    // The JVM loads the cached classes; the interpreter runs what the cached javac answer says.
    let run = |xdg: &Path| {
        ["jvm", "interp"].map(|engine| {
            let out = command(&[
                "run",
                "--fault",
                "sll.sizeErr",
                "--input",
                LIST_INPUT,
                "--engine",
                engine,
                "--format",
                "json",
            ])
            .env("XDG_CACHE_HOME", xdg)
            .output()
            .expect("runs");
            exits(&out, 0, &["run (cache)", engine]);
            serde_json::from_slice::<Value>(&out.stdout).expect("JSON")
        })
    };
    let want = run(&cache);
    assert_eq!(want[0], want[1]);
    assert_eq!(want[0]["violated"], serde_json::json!(["sizeOk"]));
    for damage in ["truncate", "garbage"] {
        let mut files = Vec::new();
        files_under(&cache, &mut files);
        let classes: Vec<&PathBuf> = files
            .iter()
            .filter(|p| p.extension().is_some_and(|x| x == "class"))
            .collect();
        assert!(!classes.is_empty(), "classes are cached");
        for c in &classes {
            let bytes = std::fs::read(c).expect("read");
            let bad = match damage {
                "truncate" => bytes[..bytes.len() / 2].to_vec(),
                _ => b"garbage".to_vec(),
            };
            std::fs::write(c, bad).expect("damage");
        }
        let answers: Vec<&PathBuf> = files
            .iter()
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        assert!(!answers.is_empty(), "javac's answers are cached");
        let mut altered = 0;
        for a in answers {
            // Still JSON, but not what javac said: `lst.key == k` read as `!=`.
            let text = std::fs::read_to_string(a).expect("read");
            let edit = text.replace("\"k\":\"EQUAL_TO\"", "\"k\":\"NOT_EQUAL_TO\"");
            altered += usize::from(edit != text);
            std::fs::write(a, edit).expect("alter");
        }
        assert!(altered > 0, "a cached answer was altered");
        assert_eq!(run(&cache), want, "after {damage}");
    }
    let blocked = dir.join("not-a-dir");
    std::fs::write(&blocked, "a file where the cache should be").expect("write");
    assert_eq!(run(&blocked), want, "cache cannot be written");
}

/// The recorded digests are of contents, in order: the same files under another path (a moved
/// checkout) resume; other contents under the recorded path do not.
#[test]
fn a_session_follows_its_files_when_they_move() {
    let dir = scratch_dir("moved");
    let java = list_with(&dir, "size = 0;");
    let session = dir.join("s.jsonl");
    let s = session.to_str().expect("utf-8");
    let args = [
        "localize",
        &java,
        "--method",
        "delete",
        "--spec",
        LIST_SPEC,
        "--ensures",
        "postcond1",
        "--session",
        s,
        "--rounds",
        "1",
        "--format",
        "json",
    ];
    let first = json_of(&args);
    let moved = dir.join("moved");
    std::fs::create_dir_all(&moved).expect("dir");
    let moved_java = moved.join("LinkedList.java");
    std::fs::copy(&java, &moved_java).expect("copy");
    let text = std::fs::read_to_string(&session).expect("session");
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    lines[0] = resealed(&lines[0], |h| {
        h.insert("java".into(), moved_java.to_str().expect("utf-8").into());
    });
    let moved_session = write(&moved, "s.jsonl", lines.join("\n") + "\n");
    let out = resume(&moved_session);
    exits(&out, 0, &["resume the moved session"]);
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let ranks = |r: &Value| -> Vec<(Value, Value)> {
        r["ranking"]
            .as_array()
            .expect("ranking")
            .iter()
            .map(|s| (s["stmt"].clone(), s["rank"].clone()))
            .collect()
    };
    assert_eq!(ranks(&v), ranks(&first));
    assert!(v["ranking"][0]["file"]
        .as_str()
        .is_some_and(|f| f.ends_with("moved/LinkedList.java")));
}

/// Found by the fuzz campaign: making the tree's node an inner class was refused by the encoder
/// without a place. The encoder now translates inner classes: the variant is checked to a verdict.
#[test]
fn an_inner_class_variant_is_encoded() {
    let dir = scratch_dir("refusal");
    let text = std::fs::read_to_string(root().join("java-subjects/bst/BinarySearchTree.java"))
        .expect("the subject");
    let inner = text.replacen("static class Node", "class Node", 1);
    assert_ne!(inner, text);
    let java = write(&dir, "BinarySearchTree.java", inner);
    let out = sattar(&[
        "check",
        &java,
        "--method",
        "add",
        "--spec",
        "specs/bst.spec",
        "--ensures",
        "postcond1",
        "--scope",
        "2",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("holds"), "{text}");
}

/// An endless run whose steps grow slow (the mutant `seenErr` enqueues a vertex with a self-loop
/// forever; the `ArrayDeque` model copies its elements on every change, so each step costs more
/// than the last) is stopped by the wall clock, not by the far-off step limit — the main run and
/// the Integer-cache comparison run alike (the second once ran with no clock at all and took
/// minutes).
#[test]
fn an_endless_run_over_a_growing_collection_stops_at_the_wall_clock() {
    let dir = scratch_dir("endless-collection");
    let input = write(
        &dir,
        "loop.json",
        r#"{"args": {"s": 0}, "this": "G", "objects": {
          "G": {"class": "collections.ListGraph", "adj": "A"},
          "A": {"class": "java.util.ArrayList", "elements": "OA", "modCount": 0},
          "OA": {"class": "java.lang.Object[]", "elements": ["L0"]},
          "L0": {"class": "java.util.ArrayList", "elements": "O0", "modCount": 0},
          "O0": {"class": "java.lang.Object[]", "elements": ["I0", "I0"]},
          "I0": {"class": "java.lang.Integer", "value": 0}}}"#,
    );
    let args = [
        "run",
        "--fault",
        "collections.graph.seenErr",
        "--input",
        &input,
        "--engine",
        "interp",
        "--timeout",
        "1",
    ];
    let out = sattar(&args);
    exits(&out, 0, &args);
    let text = stdout(&out);
    assert!(text.contains("fail (terminates)"), "{text}");
    assert!(
        text.contains("stopped by the wall clock (--timeout)"),
        "{text}"
    );
}
