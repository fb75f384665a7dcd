//! The failing run from the user's project and JUnit test (`--from-test`): a Maven-layout
//! project in a package (private fields, a constructor with an argument, a test that calls the
//! method three times, the third call violating the spec) is localized with the faulty
//! line at rank ≤ 3; the captured input, written by `sattar capture`, reproduces the failure on
//! the JVM with `sattar run --input`; a test that fails for a reason the spec does not check,
//! and one that never calls the method, get a clear message and exit 2. Needs JUnit 5 (Debian's
//! `junit5`, installed by `.ci/run`); skipped with a message without it.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const JUNIT: &str = "/usr/share/java/junit-platform-console-standalone.jar";
/// The faulty line of `SortedIntSet.remove`: `<=` where `<` belongs.
const FAULTY_LINE: u64 = 71;

fn project() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../java-subjects/project")
}

fn sattar_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sattar"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("sattar runs")
}

fn junit() -> bool {
    let there = Path::new(JUNIT).is_file();
    if !there {
        eprintln!("skipped: JUnit 5 is not installed (apt-get install -y junit5)");
    }
    there
}

const SUBJECT: [&str; 6] = [
    "--method",
    "remove",
    "--spec",
    "specs/SortedIntSet.spec",
    "--ensures",
    "post",
];

fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sattar-from-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

#[test]
fn localize_from_a_failing_junit_test_ranks_the_fault_in_the_top_three() {
    if !junit() {
        return;
    }
    let session = scratch().join("session.jsonl");
    let mut args = vec![
        "localize",
        "--from-test",
        "SortedIntSetTest#removesWhatItHolds",
    ];
    args.extend(SUBJECT);
    args.extend(["--format", "json", "--session", session.to_str().unwrap()]);
    let out = sattar_in(&project(), &args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    // The third call of remove (the test's line 23) is the failing run.
    assert!(
        stderr.contains(
            "call 3 of 3 of org.example.set.SortedIntSet.remove, made at SortedIntSetTest.java:23"
        ),
        "{stderr}"
    );
    let report: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let ranked = report["ranking"].as_array().expect("ranking");
    let fault = ranked
        .iter()
        .find(|r| r["line"].as_u64() == Some(FAULTY_LINE))
        .expect("the faulty line is ranked");
    assert!(fault["rank"].as_u64().unwrap() <= 3, "{fault}");
}

#[test]
fn the_captured_input_reproduces_the_failure_on_the_jvm() {
    if !junit() {
        return;
    }
    let file = scratch().join("captured.json");
    let _ = std::fs::remove_file(&file);
    let mut args = vec![
        "capture",
        "--from-test",
        "SortedIntSetTest#removesWhatItHolds",
    ];
    args.extend(SUBJECT);
    args.extend(["--output", file.to_str().unwrap(), "--no-shrink"]);
    let out = sattar_in(&project(), &args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let input: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    // The state before `remove(7)`: 3 was removed, 4 was not there, 5 and 7 remain.
    assert_eq!(input["args"]["x"], 7);
    let set = &input["objects"][input["this"].as_str().unwrap()];
    assert_eq!(
        (set["size"].clone(), set["capacity"].clone()),
        (2.into(), 10.into())
    );
    // A second capture never overwrites the file.
    let again = sattar_in(&project(), &args);
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("the file exists"));
    // `sattar run` on the JVM: the same violation.
    let mut run = vec!["run", "--input", file.to_str().unwrap(), "--format", "json"];
    run.extend(SUBJECT);
    let out = sattar_in(&project(), &run);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let judged: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(judged["verdict"], "fail", "{judged}");
    let violated: Vec<&str> = judged["violated"]
        .as_array()
        .expect("violated")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert_eq!(violated, ["removed", "answer", "size"]);
}

/// A large captured heap is shrunk before it is localized: `removesTheLargestOfMany` removes 12
/// from a set of eight, so the call's pre-state holds the set and eight nodes. Dropping the
/// middle nodes (with `size` lowered to match) and lowering ints while the run still violates
/// `removed, answer, size` ends, as worked by hand, at two nodes {0, 12} with `size` 2 and
/// `x` 12: one node fails no more (`remove` finds 12 at the head), nor does a last node below
/// 12 or another `x`. The shrunk input still fails on the JVM, and localizes the fault in the
/// top three; `--no-shrink` keeps all nine objects.
#[test]
fn a_large_captured_heap_is_shrunk_to_the_same_failure() {
    if !junit() {
        return;
    }
    let dir = scratch();
    let (shrunk, whole) = (dir.join("shrunk.json"), dir.join("whole.json"));
    for (file, extra) in [(&shrunk, None), (&whole, Some("--no-shrink"))] {
        let _ = std::fs::remove_file(file);
        let mut args = vec![
            "capture",
            "--from-test",
            "SortedIntSetTest#removesTheLargestOfMany",
        ];
        args.extend(SUBJECT);
        args.extend(["--output", file.to_str().unwrap()]);
        args.extend(extra);
        let out = sattar_in(&project(), &args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{stderr}");
        assert_eq!(
            stderr.contains("shrunk the failing input from 9 to 3 objects"),
            extra.is_none(),
            "{stderr}"
        );
    }
    let read = |f: &PathBuf| -> Value {
        serde_json::from_str(&std::fs::read_to_string(f).unwrap()).unwrap()
    };
    assert_eq!(read(&whole)["objects"].as_object().unwrap().len(), 9);
    let input = read(&shrunk);
    assert_eq!(input["args"]["x"], 12);
    let objects = &input["objects"];
    let set = &objects[input["this"].as_str().unwrap()];
    assert_eq!(set["size"], 2);
    let head = &objects[set["head"].as_str().unwrap()];
    let last = &objects[head["next"].as_str().unwrap()];
    assert_eq!(
        (head["value"].clone(), last["value"].clone()),
        (0.into(), 12.into())
    );
    assert_eq!(last["next"], Value::Null);
    assert_eq!(objects.as_object().unwrap().len(), 3);
    let mut run = vec![
        "run",
        "--input",
        shrunk.to_str().unwrap(),
        "--format",
        "json",
    ];
    run.extend(SUBJECT);
    let out = sattar_in(&project(), &run);
    let judged: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(judged["verdict"], "fail", "{judged}");
    let session = dir.join("shrunk.jsonl");
    let _ = std::fs::remove_file(&session);
    let mut args = vec!["localize", "--input", shrunk.to_str().unwrap()];
    args.extend(SUBJECT);
    args.extend(["--format", "json", "--session", session.to_str().unwrap()]);
    let out = sattar_in(&project(), &args);
    let report: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let fault = report["ranking"]
        .as_array()
        .expect("ranking")
        .iter()
        .find(|r| r["line"].as_u64() == Some(FAULTY_LINE))
        .expect("the faulty line is ranked");
    assert!(fault["rank"].as_u64().unwrap() <= 3, "{fault}");
}

#[test]
fn a_test_failing_outside_the_spec_or_not_calling_the_method_is_said_with_exit_2() {
    if !junit() {
        return;
    }
    for (test, says) in [
        (
            "SortedIntSetTest#keepsItsCapacity",
            "the test failed with org.opentest4j.AssertionFailedError: expected: <10> but was: <11>, for a reason the specification does not check",
        ),
        ("SortedIntSetTest#addsInOrder", "never calls org.example.set.SortedIntSet.remove"),
        ("SortedIntSetTest#noSuchTest", "Could not find method with name [noSuchTest]"),
        ("NoSuchTest#t", "no NoSuchTest.java under src/test/java"),
    ] {
        let mut args = vec!["localize", "--from-test", test];
        args.extend(SUBJECT);
        let out = sattar_in(&project(), &args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{test}: {stderr}");
        assert!(stderr.contains(says), "{test}: {stderr}");
    }
    // The violating call is the third: with two judged, none violates, and the flag is named.
    let mut args = vec![
        "capture",
        "--from-test",
        "SortedIntSetTest#removesWhatItHolds",
    ];
    args.extend(SUBJECT);
    args.extend(["--max-calls", "2"]);
    let out = sattar_in(&project(), &args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("3 call(s) (the first 2 judged: --max-calls raises it)"),
        "{stderr}"
    );
}

#[test]
fn sources_and_tests_may_be_named_from_anywhere() {
    if !junit() {
        return;
    }
    let p = project();
    let (main, tests) = (p.join("src/main/java"), p.join("src/test/java"));
    let spec = p.join("specs/SortedIntSet.spec");
    let test = tests.join("org/example/set/SortedIntSetTest.java#removesWhatItHolds");
    let out = sattar_in(
        &scratch(),
        &[
            "run",
            main.to_str().unwrap(),
            "--method",
            "remove",
            "--spec",
            spec.to_str().unwrap(),
            "--ensures",
            "post",
            "--from-test",
            test.to_str().unwrap(),
            "--test-path",
            tests.to_str().unwrap(),
            "--format",
            "json",
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let judged: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(judged["verdict"], "fail");
}

/// `IntStack.pop` forgets the size while the stack is small: its first call passes a spec that
/// checks the value alone but leaves a state the second call cannot start from.
#[test]
fn an_earlier_call_that_broke_the_invariant_is_blamed() {
    if !junit() {
        return;
    }
    let stack = [
        "--method",
        "IntStack.pop",
        "--spec",
        "specs/IntStack.spec",
        "--from-test",
        "IntStackTest#popsInOrder",
    ];
    let mut args = vec!["capture", "--ensures", "value"];
    args.extend(stack);
    let out = sattar_in(&project(), &args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("call 1 of org.example.stack.IntStack.pop (at IntStackTest.java:13) leaves its object breaking sized"),
        "{stderr}"
    );
    // With the invariant in the ensures set, that call is the failing run and is localized.
    let session = scratch().join("stack.jsonl");
    let mut args = vec!["localize", "--ensures", "whole", "--format", "json"];
    args.extend(stack);
    args.extend(["--session", session.to_str().unwrap()]);
    let out = sattar_in(&project(), &args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("call 1 of 2"), "{stderr}");
    let report: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let fault = report["ranking"]
        .as_array()
        .expect("ranking")
        .iter()
        .find(|r| r["line"].as_u64() == Some(26))
        .expect("`if (size > 2)` is ranked");
    assert!(fault["rank"].as_u64().unwrap() <= 3, "{fault}");
}

/// A generic class over `java.util` lists, handed Strings by its test (the program never names
/// String: the test's sources bring sattar's model of it), its state set up in `@BeforeEach`.
#[test]
fn a_generic_class_with_lists_and_strings_from_a_before_each_is_captured() {
    if !junit() {
        return;
    }
    let out = sattar_in(
        &project(),
        &[
            "run",
            "--method",
            "Inventory.take",
            "--spec",
            "specs/Inventory.spec",
            "--ensures",
            "post",
            "--from-test",
            "org.example.shop.InventoryTest#takesSome",
            "--format",
            "json",
        ],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("call 2 of 2"), "{stderr}");
    let judged: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(judged["verdict"], "fail");
    assert_eq!(judged["violated"], serde_json::json!(["totalOk"]));
    assert_eq!(judged["result"], true);
}

/// The project's `sattar.toml` names sources, tests and the targets with their specs: the test
/// alone is the whole command, the first target the test violates is localized, and a command
/// without a test must choose among several targets.
#[test]
fn with_the_projects_sattar_toml_the_test_is_the_whole_command() {
    if !junit() {
        return;
    }
    let session = scratch().join("toml.jsonl");
    let out = sattar_in(
        &project(),
        &[
            "localize",
            "--from-test",
            "IntStackTest#popsInOrder",
            "--session",
            session.to_str().unwrap(),
        ],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.contains("call 1 of 2 of org.example.stack.IntStack.pop"),
        "{stderr}"
    );
    let out = sattar_in(
        &project(),
        &["localize", "--from-test", "SortedIntSetTest#addsInOrder"],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("no method tried"), "{stderr}");
    assert!(
        stderr.contains("never calls org.example.shop.Inventory.take"),
        "{stderr}"
    );
    let out = sattar_in(&project(), &["run", "--input", "none.json"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("sattar.toml names several targets"),
        "{stderr}"
    );
}

/// No spec: the test's assertions are the property. The test method runs as the program (its
/// failed `assertTrue` an exception escaping), `SortedIntSet.remove` is the only suspect code.
/// The core blames six of remove's statements, the faulty loop condition among them; with the
/// test as the only run (a test method has no input to vary) the boost ties them, and the
/// tie goes to the three that repair the run alone (65, 66 and 71: skipping the head's removal
/// or stopping the walk earlier lets both removals succeed; 70, 72 and 75 cannot alone — 72
/// only by walking forever, which the encoding's bounds exclude): the fault at rank 3.
#[test]
fn spec_from_test_localizes_with_the_tests_assertions_as_the_property() {
    if !junit() {
        return;
    }
    let session = scratch().join("spec-from-test.jsonl");
    let out = sattar_in(
        &project(),
        &[
            "localize",
            "--spec-from-test",
            "--from-test",
            "SortedIntSetTest#removesFromTheMiddle",
            "--method",
            "SortedIntSet.remove",
            "--format",
            "json",
            "--session",
            session.to_str().unwrap(),
        ],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("SortedIntSetTest.java:28"), "{stderr}");
    let report: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(report["violated"], serde_json::json!(["noException"]));
    let ranked = report["ranking"].as_array().expect("ranking");
    let files: Vec<&str> = ranked.iter().filter_map(|r| r["file"].as_str()).collect();
    assert!(
        files.iter().all(|f| f.ends_with("SortedIntSet.java")),
        "{files:?}"
    );
    let mut core: Vec<u64> = ranked
        .iter()
        .filter(|r| r["in_core"] == true)
        .filter_map(|r| r["line"].as_u64())
        .collect();
    core.sort_unstable();
    assert_eq!(core, [65, 66, 70, 71, 72, 75]);
    let fault = ranked
        .iter()
        .find(|r| r["line"].as_u64() == Some(FAULTY_LINE))
        .expect("the faulty line is ranked");
    assert_eq!(fault["rank"], 3, "{fault}");
    let top: Vec<u64> = ranked
        .iter()
        .filter(|r| r["rank"] == 3)
        .filter_map(|r| r["line"].as_u64())
        .collect();
    assert_eq!(top, [65, 66, 71]);
    // A spec is the test's own here: giving one as well is refused.
    let out = sattar_in(
        &project(),
        &[
            "run",
            "--spec-from-test",
            "--from-test",
            "SortedIntSetTest#removesFromTheMiddle",
            "--method",
            "SortedIntSet.remove",
            "--spec",
            "specs/SortedIntSet.spec",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("leave out --spec"));
}
