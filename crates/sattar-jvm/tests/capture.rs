//! Capture from a JUnit test on the real JVM: each outermost call of the method under test
//! (not its recursive calls) is read on entry, with the test's line; a captured pre-state run
//! again on the bridge ends in the state the test's next call starts from; an object of a class
//! sattar does not model makes its call unreadable, with the class named. Needs JUnit 5 (Debian's
//! `junit5`, which CI installs); skipped with a message without it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

mod common;

use sattar_heap::{Heap, ObjId, TestInput, Value};
use sattar_java::{MethodId, Program};
use sattar_jvm::{capture, JUnitTest, JvmRunner, TestCapture};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::Duration;

const JUNIT: &str = "/usr/share/java/junit-platform-console-standalone.jar";

const TALLY: &str = r#"package cap;

import java.util.ArrayList;
import java.util.List;

public class Tally {
    public enum Mood { CALM, BUSY }

    static int created;
    private final List<Integer> seen = new ArrayList<>();
    private Node first;
    private String label;
    private Mood mood = Mood.CALM;
    private Object extra;

    static final class Node {
        int v;
        Node next;

        Node(int v, Node next) {
            this.v = v;
            this.next = next;
        }
    }

    public Tally(String label) {
        this.label = label;
        created++;
    }

    public int push(int v, char tag) {
        first = new Node(v + tag - tag, first);
        seen.add(v);
        mood = seen.size() > 1 ? Mood.BUSY : Mood.CALM;
        return seen.size();
    }

    public void hold(Object o) {
        extra = o;
    }

    public static int sum(int[] a, int from) {
        return from >= a.length ? 0 : a[from] + sum(a, from + 1);
    }
}
"#;

const TALLY_TEST: &str = r#"package cap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class TallyTest {
    @Test
    void pushes() {
        Tally t = new Tally("ab");
        t.push(4, 'x');
        t.push(-2, 'y');
        assertEquals(3, t.push(9, 'z'));
    }

    @Test
    void sums() {
        int[] a = {1, 2, 3};
        assertEquals(6, Tally.sum(a, 0));
        assertEquals(6, Tally.sum(a, 1));
    }

    @Test
    void holdsSomethingElse() {
        Tally t = new Tally("c");
        t.hold(new java.util.Random(1));
        t.push(1, 'a');
    }
}
"#;

fn program() -> Program {
    common::program_of(&[("cap/Tally.java", TALLY)])
}

fn method(p: &Program, name: &str) -> MethodId {
    p.find_methods(name)[0].id
}

/// Captures `test` of TallyTest on method `m`, or `None` (with a message) without JUnit 5.
fn captured(p: &Program, m: MethodId, test: &str) -> Option<TestCapture> {
    if !Path::new(JUNIT).is_file() {
        eprintln!("skipped: JUnit 5 is not installed (apt-get install -y junit5)");
        return None;
    }
    let test = JUnitTest {
        sources: vec![("cap/TallyTest.java".into(), TALLY_TEST.into())],
        class: "cap.TallyTest".into(),
        method: test.into(),
        classpath: vec![PathBuf::from(JUNIT)],
        timeout: Duration::from_secs(60),
        max_calls: 100,
    };
    Some(capture(p, m, &test, common::options(100_000)).unwrap_or_else(|e| panic!("{e}")))
}

fn input(c: &TestCapture, k: usize) -> &TestInput {
    c.calls[k]
        .input
        .as_ref()
        .unwrap_or_else(|e| panic!("call {k}: {e}"))
}

/// The state reachable from `this` and the statics, every object renamed in traversal order:
/// equal for isomorphic heaps.
fn canonical(p: &Program, heap: &Heap, this: &ObjId) -> Heap {
    let full = p.with_environment(&TestInput {
        this: None,
        args: vec![],
        heap: heap.clone(),
    });
    full.heap
        .canonical_fresh(&BTreeSet::new(), std::slice::from_ref(this))
}

#[test]
fn each_outermost_call_is_read_on_entry_with_the_tests_line() {
    let p = program();
    let Some(c) = captured(&p, method(&p, "Tally.push"), "pushes") else {
        return;
    };
    assert_eq!((c.found, c.failed, c.count), (1, 0, 3), "{}", c.failure);
    let lines: Vec<(String, u32)> = c.calls.iter().map(|c| (c.file.clone(), c.line)).collect();
    let at = |l| ("TallyTest.java".to_string(), l);
    assert_eq!(lines, vec![at(11), at(12), at(13)]);
    // The first call, written out by hand.
    let first = input(&c, 0);
    assert_eq!(first.this, Some(ObjId::new("Tally0")));
    assert_eq!(
        first.args,
        vec![
            ("v".into(), Value::Int(4)),
            ("tag".into(), Value::Int('x' as i32))
        ]
    );
    let tally = &first.heap.objects[&ObjId::new("Tally0")];
    assert_eq!(tally.class, "cap.Tally");
    assert_eq!(tally.fields["first"], Value::Null);
    assert_eq!(
        tally.fields["mood"],
        Value::Ref(ObjId::new("cap.Tally.Mood.CALM"))
    );
    let Value::Ref(seen) = &tally.fields["seen"] else {
        panic!("seen: {:?}", tally.fields["seen"])
    };
    assert_eq!(first.heap.objects[seen].class, "java.util.ArrayList");
    let Value::Ref(label) = &tally.fields["label"] else {
        panic!("label")
    };
    let Value::Ref(chars) = &first.heap.objects[label].fields["chars"] else {
        panic!("chars")
    };
    let text = &first.heap.objects[chars].fields;
    assert_eq!(
        (text["length"].clone(), text["0"].clone(), text["1"].clone()),
        (
            Value::Int(2),
            Value::Int('a' as i32),
            Value::Int('b' as i32)
        )
    );
    assert_eq!(first.heap.statics["cap.Tally.created"], Value::Int(1));
    // The default enum constants are left out: the environment has them.
    assert!(!first
        .heap
        .objects
        .contains_key(&ObjId::new("cap.Tally.Mood.CALM")));
}

#[test]
fn a_captured_call_run_again_ends_where_the_next_call_starts() {
    let p = program();
    let m = method(&p, "Tally.push");
    let Some(c) = captured(&p, m, "pushes") else {
        return;
    };
    let mut jvm = JvmRunner::start(&p, common::options(100_000)).unwrap_or_else(|e| panic!("{e}"));
    for k in 0..2 {
        let (now, next) = (input(&c, k), input(&c, k + 1));
        let run = jvm.run(m, now).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            matches!(run.termination, sattar_java::Termination::Returned(_)),
            "{:?}",
            run.termination
        );
        let this = now.this.clone().unwrap();
        let after = canonical(&p, &run.post, &this);
        let then = canonical(&p, &next.heap, next.this.as_ref().unwrap());
        // Tally, its String and chars, its mood, the list, its elements and boxes, the nodes.
        assert_eq!(then.objects.len(), 8 + 2 * k, "call {k}: {then}");
        assert_eq!(after, then, "call {k}");
    }
}

#[test]
fn recursive_calls_are_part_of_the_outer_call_and_primitives_arrive_unboxed() {
    let p = program();
    let Some(c) = captured(&p, method(&p, "Tally.sum"), "sums") else {
        return;
    };
    assert_eq!(
        (c.count, c.failed),
        (2, 1),
        "two outer calls; the second assertion fails"
    );
    assert!(
        c.failure.contains("expected: <6> but was: <5>"),
        "{}",
        c.failure
    );
    for (k, from) in [(0, 0), (1, 1)] {
        let i = input(&c, k);
        assert_eq!(i.this, None);
        assert_eq!(i.args[1], ("from".to_string(), Value::Int(from)));
        let Value::Ref(a) = &i.args[0].1 else {
            panic!("a")
        };
        let array = &i.heap.objects[a];
        assert_eq!(array.class, "int[]");
        assert_eq!(array.fields["length"], Value::Int(3));
        assert_eq!(array.fields["2"], Value::Int(3));
    }
}

#[test]
fn an_object_sattar_does_not_model_makes_the_call_unreadable() {
    let p = program();
    let Some(c) = captured(&p, method(&p, "Tally.push"), "holdsSomethingElse") else {
        return;
    };
    assert_eq!(c.count, 1);
    let why = c.calls[0].input.as_ref().expect_err("unreadable");
    assert!(why.contains("java.util.Random"), "{why}");
}
