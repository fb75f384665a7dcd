//! JUnit 5's assertions as sattar models them (`--spec-from-test` analyses a test method as the
//! program): every modelled assertion, passing and failing, with and without a message, runs
//! the same on the interpreter, the SAT encoder (a fixed input) and the JVM with the real JUnit
//! — the exception included (`org.opentest4j.AssertionFailedError`). And `blame_only` seals
//! every other method as library code alike on every engine: only the kept method's statements
//! are covered and counted. Needs JUnit 5 (Debian's `junit5`); skipped with a message without it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

mod common;

use sattar_encode::{encode, EncodeOptions, PreSpec};
use sattar_heap::{Heap, ObjId, Object, TestInput, Value};
use sattar_java::{parse_sources_naming, run, Limits, MethodId, Program, SourceText, Termination};
use sattar_jvm::JvmRunner;
use sattar_spec::ResolvedMethod;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

const JUNIT: &str = "/usr/share/java/junit-platform-console-standalone.jar";

const LIMITS: Limits = Limits {
    max_steps: 10_000,
    max_depth: 50,
};

const CHECKS: &str = r#"package jt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

public class Checks {
    int n;
    Checks other;

    public void ints(int a, int b) {
        assertEquals(a, b);
        assertNotEquals(a + 1, b, "off by one");
        n = a;
    }

    public void longs(long a, long b) {
        assertEquals(a, b, "longs");
        n = 1;
    }

    public void bools(boolean c) {
        assertTrue(c, "c");
        assertFalse(!c);
        n = 2;
    }

    public void refs(Checks x) {
        assertNotNull(x, "x");
        assertSame(x, other);
        assertNotSame(x, this);
        assertNull(x.other);
        n = 3;
    }

    public void fails(int k) {
        if (k > 1) {
            fail("k");
        }
        if (k > 0) {
            fail();
        }
        n = k;
    }

    int helper(int x) {
        n = x;
        return x + 1;
    }

    public int outer(int x) {
        int y = helper(x);
        return y * 2;
    }
}
"#;

fn junit() -> Option<PathBuf> {
    let jar = PathBuf::from(JUNIT);
    if !jar.is_file() {
        eprintln!("skipped: JUnit 5 is not installed (apt-get install -y junit5)");
        return None;
    }
    Some(jar)
}

fn program(jar: &Path) -> Program {
    let sources = [SourceText {
        path: "jt/Checks.java".into(),
        text: CHECKS.into(),
    }];
    parse_sources_naming(&sources, &[], &[jar.to_path_buf()]).unwrap_or_else(|e| panic!("{}", e[0]))
}

fn method(p: &Program, name: &str) -> MethodId {
    p.find_methods(&format!("Checks.{name}"))[0].id
}

/// A `jt.Checks` named C0 (and C1, its `other` when `linked`), the receiver.
fn input(args: Vec<(&str, Value)>, linked: bool) -> TestInput {
    let mut heap = Heap::default();
    let checks = |other: Value| Object {
        class: "jt.Checks".into(),
        fields: BTreeMap::from([("n".into(), Value::Int(0)), ("other".into(), other)]),
    };
    let c1 = Value::Ref(ObjId::new("C1"));
    heap.objects.insert(
        ObjId::new("C0"),
        checks(if linked { c1 } else { Value::Null }),
    );
    heap.objects.insert(ObjId::new("C1"), checks(Value::Null));
    TestInput {
        this: Some(ObjId::new("C0")),
        args: args.into_iter().map(|(n, v)| (n.to_string(), v)).collect(),
        heap,
    }
}

/// Interpreter = encoder (fixed input) = JVM; the interpreter's outcome.
fn agree(p: &Program, m: MethodId, input: &TestInput, jvm: &mut JvmRunner) -> Termination {
    let want = common::assert_same(p, m, input, jvm, LIMITS);
    let spec = ResolvedMethod {
        sig: p.sig(m),
        ensures_set: None,
        constraints: Vec::new(),
    };
    let enc = encode(
        p,
        m,
        &spec,
        PreSpec::Fixed(input),
        &EncodeOptions::default(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let got = enc
        .decode_constant()
        .expect("a fixed input's run is constant");
    assert_eq!(got.execution, want, "encoder on {input}");
    want.termination
}

#[test]
fn every_modelled_assertion_fails_and_passes_as_junits_does() {
    let Some(jar) = junit() else {
        return;
    };
    let p = program(&jar);
    let mut jvm = JvmRunner::start_against(&p, &[jar], common::options(LIMITS.max_steps))
        .unwrap_or_else(|e| panic!("{e}"));
    let failed = Termination::Threw("org.opentest4j.AssertionFailedError".into());
    let mut outcomes = Vec::new();
    for a in 0..3 {
        for b in 0..3 {
            let i = input(vec![("a", Value::Int(a)), ("b", Value::Int(b))], false);
            outcomes.push(agree(&p, method(&p, "ints"), &i, &mut jvm));
            let i = input(
                vec![("a", Value::Long(a.into())), ("b", Value::Long(b.into()))],
                false,
            );
            outcomes.push(agree(&p, method(&p, "longs"), &i, &mut jvm));
        }
    }
    for c in [true, false] {
        let i = input(vec![("c", Value::Bool(c))], false);
        outcomes.push(agree(&p, method(&p, "bools"), &i, &mut jvm));
    }
    for (x, linked) in [("C1", true), ("C1", false), ("C0", true)] {
        let i = input(vec![("x", Value::Ref(ObjId::new(x)))], linked);
        outcomes.push(agree(&p, method(&p, "refs"), &i, &mut jvm));
    }
    outcomes.push(agree(
        &p,
        method(&p, "refs"),
        &input(vec![("x", Value::Null)], true),
        &mut jvm,
    ));
    for k in 0..3 {
        let i = input(vec![("k", Value::Int(k))], false);
        outcomes.push(agree(&p, method(&p, "fails"), &i, &mut jvm));
    }
    let fails = outcomes.iter().filter(|t| **t == failed).count();
    let passes = outcomes
        .iter()
        .filter(|t| matches!(t, Termination::Returned(_)))
        .count();
    // ints: a == b passes (3 of 9); longs likewise; bools: true; refs: the linked C1 only;
    // fails: k = 0.
    assert_eq!((passes, fails), (3 + 3 + 1 + 1 + 1, outcomes.len() - 9));
}

#[test]
fn only_the_kept_methods_statements_are_covered_on_every_engine() {
    let Some(jar) = junit() else {
        return;
    };
    let mut p = program(&jar);
    let (outer, helper) = (method(&p, "outer"), method(&p, "helper"));
    p.blame_only(helper);
    let mut jvm = JvmRunner::start_against(&p, &[jar], common::options(LIMITS.max_steps))
        .unwrap_or_else(|e| panic!("{e}"));
    let i = input(vec![("x", Value::Int(4))], false);
    assert_eq!(
        agree(&p, outer, &i, &mut jvm),
        Termination::Returned(Some(Value::Int(10)))
    );
    let ran = run(&p, outer, &i, LIMITS).expect("runs");
    let lines: Vec<u32> = ran.covered.iter().map(|s| p.stmt(*s).line).collect();
    // helper's two statements (lines 53, 54), nothing of outer's.
    assert_eq!(lines, [53, 54]);
    assert_eq!(ran.steps, 2);
}
