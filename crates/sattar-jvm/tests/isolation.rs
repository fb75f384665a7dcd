//! Misbehaving code under test: each outcome is reported in bounded time, and the runner goes on.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

mod common;

use common::*;
use sattar_heap::{ClassSchema, FieldType, MethodSig, ObjId, Object, Schema, TestInput, Value};
use sattar_java::{parse_program, Termination};
use sattar_jvm::JvmRunner;
use std::time::{Duration, Instant};

fn fixture(name: &str) -> String {
    std::fs::read_to_string(format!(
        "{}/tests/fixtures/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("fixture")
}

fn input(class: &str, fields: &[(&str, Value)]) -> TestInput {
    let mut t = TestInput {
        this: Some(ObjId::new("F0")),
        args: vec![("k".into(), Value::Int(1))],
        heap: Default::default(),
    };
    let fields = fields
        .iter()
        .map(|(f, v)| (f.to_string(), v.clone()))
        .collect();
    t.heap.objects.insert(
        ObjId::new("F0"),
        Object {
            class: class.into(),
            fields,
        },
    );
    t
}

#[test]
fn subset_fixture_outcomes_in_sequence() {
    let p = parse_program("Fixture.java", &fixture("Fixture.java"))
        .unwrap_or_else(|e| panic!("{}", e[0]));
    let mut opts = options(100_000);
    opts.heap_mb = 64;
    let mut jvm = JvmRunner::start(&p, opts).unwrap_or_else(|e| panic!("{e}"));
    let t = input(
        "Fixture",
        &[("head", Value::Null), ("count", Value::Int(0))],
    );
    let m = |name: &str| p.find_methods(name)[0].id;
    let mut outcomes = Vec::new();
    for (name, steps) in [
        ("spin", 100_000),
        ("recurse", 100_000),
        ("fail", 100_000),
        ("hoard", u64::MAX),
        ("ok", 100_000),
        ("spin", 100_000),
    ] {
        jvm.set_max_steps(steps);
        let t0 = Instant::now();
        let e = jvm
            .run(m(name), &t)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(
            t0.elapsed() < Duration::from_secs(30),
            "{name} took {:?}",
            t0.elapsed()
        );
        outcomes.push((name, e.termination.clone()));
        if name == "ok" {
            assert!(
                !e.covered.is_empty() && !e.trace.is_empty(),
                "coverage of ok"
            );
            let want =
                sattar_java::run(&p, m("ok"), &t, sattar_java::Limits::default()).expect("runs");
            assert_eq!(
                (e.termination, e.covered, e.trace, e.post),
                (want.termination, want.covered, want.trace, want.post)
            );
        }
    }
    let got: Vec<String> = outcomes
        .iter()
        .map(|(n, t)| format!("{n}: {}", t.label()))
        .collect();
    assert_eq!(
        got,
        [
            "spin: step limit",
            "recurse: threw java.lang.StackOverflowError",
            "fail: threw Fixture.MyError",
            "hoard: threw java.lang.OutOfMemoryError",
            "ok: returned",
            "spin: step limit",
        ]
    );
}

#[test]
fn raw_fixture_exit_oom_timeout_and_recovery() {
    let mut schema = Schema::default();
    schema.classes.insert(
        "Raw".into(),
        ClassSchema {
            fields: vec![("count".into(), FieldType::Int)],
            ..Default::default()
        },
    );
    let mut opts = options(100_000);
    opts.timeout = Duration::from_secs(3);
    let mut jvm = JvmRunner::start_source(
        "tests/fixtures/Raw.java",
        &fixture("Raw.java"),
        &schema,
        opts,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let sig = |name: &str| MethodSig {
        class: "Raw".into(),
        name: name.into(),
        is_static: false,
        params: vec![("k".into(), FieldType::Int)],
        ret: Some(FieldType::Int),
    };
    let t = TestInput {
        this: Some(ObjId::new("R0")),
        ..input("Raw", &[("count", Value::Int(41))])
    };
    let mut t = t;
    let o = t.heap.objects.remove(&ObjId::new("F0")).expect("object");
    t.heap.objects.insert(ObjId::new("R0"), o);
    let mut got = Vec::new();
    for name in ["ok", "quit", "ok", "hoard", "ok", "spin", "fail", "ok"] {
        let e = jvm
            .run_sig(&sig(name), &t)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        got.push(e.termination);
    }
    let ok = Termination::Returned(Some(Value::Int(42)));
    assert_eq!(
        got,
        [
            ok.clone(),
            Termination::Exited(3),
            ok.clone(),
            Termination::Threw("java.lang.OutOfMemoryError".into()),
            ok.clone(),
            Termination::TimedOut,
            Termination::Threw("Raw.MyError".into()),
            ok,
        ]
    );
}

#[test]
fn compile_errors_name_the_users_file_and_line() {
    let mut schema = Schema::default();
    schema.classes.insert("Bad".into(), ClassSchema::default());
    let src = "public class Bad {\n  int f() {\n    return undefined;\n  }\n}\n";
    let err = JvmRunner::start_source("some/dir/Bad.java", src, &schema, options(10))
        .err()
        .expect("does not compile");
    let msg = err.to_string();
    assert!(
        msg.contains("some/dir/Bad.java:3: error: cannot find symbol"),
        "{msg}"
    );
}

#[test]
fn second_start_reuses_the_compiled_classes() {
    let p = subject("java-subjects/bst/BinarySearchTree.java", &[]);
    let _first = JvmRunner::start(&p, options(100)).unwrap_or_else(|e| panic!("{e}"));
    let t0 = Instant::now();
    let _second = JvmRunner::start(&p, options(100)).unwrap_or_else(|e| panic!("{e}"));
    assert!(t0.elapsed() < Duration::from_secs(3), "{:?}", t0.elapsed());
}
