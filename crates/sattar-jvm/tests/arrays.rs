//! Java arrays on the real JVM equal the interpreter's: `int[]`, `long[]`, `boolean[]`, `char[]`,
//! `short[]`, `byte[]`, a reference array `Node[]`, `Object[]` (holding itself, or a `Node[]`
//! whose store of another class throws `ArrayStoreException`), `int[][]`, initializers,
//! `a.length`, compound assignments and `++` on elements, reads and writes out of bounds,
//! `new int[-1]`, null arrays, arrays shared by two fields or a static, new arrays returned or
//! stored; every part of each `Execution` (termination, coverage, trace, post-state, steps).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

#[path = "../../sattar-java/tests/support/arrays.rs"]
mod arrays;
mod common;

use common::{assert_same, r};
use sattar_heap::{input_from_json, Heap, ObjId, Object, TestInput, Value};
use sattar_java::{parse_sources, Limits, Program, SourceText, Termination};
use sattar_jvm::JvmRunner;
use std::collections::BTreeSet;

const FIXTURE: &str = "crates/sattar-jvm/tests/fixtures/arr/Arr.java";

fn program() -> Program {
    let text = std::fs::read_to_string(common::root().join(FIXTURE)).expect("the fixture exists");
    let sources = [SourceText {
        path: "arr/Arr.java".into(),
        text,
    }];
    parse_sources(&sources).unwrap_or_else(|e| panic!("{}", e[0]))
}

/// One test input under construction: a receiver `T` (every field null unless set), objects,
/// arguments, statics.
#[derive(Clone)]
struct Case {
    heap: Heap,
    this: bool,
    args: Vec<(String, Value)>,
}

const FIELDS: [&str; 10] = [
    "ints", "other", "longs", "flags", "chars", "shorts", "bytes", "nodes", "objs", "grid",
];

impl Case {
    fn of_receiver() -> Case {
        let mut heap = Heap::default();
        let fields = FIELDS
            .iter()
            .map(|f| (f.to_string(), Value::Null))
            .collect();
        heap.objects.insert(
            ObjId::new("T"),
            Object {
                class: "arr.Arr".into(),
                fields,
            },
        );
        Case {
            heap,
            this: true,
            args: Vec::new(),
        }
    }

    fn of_static() -> Case {
        Case {
            heap: Heap::default(),
            this: false,
            args: Vec::new(),
        }
    }

    /// Adds array `id` of class `class` with `elements`.
    fn array(mut self, id: &str, class: &str, elements: Vec<Value>) -> Case {
        self.heap
            .objects
            .insert(ObjId::new(id), Object::array(class, elements));
        self
    }

    /// Adds a node with a key and a successor.
    fn node(mut self, id: &str, key: i32, next: Value) -> Case {
        let fields = [("key".to_string(), Value::Int(key)), ("next".into(), next)];
        self.heap.objects.insert(
            ObjId::new(id),
            Object {
                class: "arr.Arr.Node".into(),
                fields: fields.into_iter().collect(),
            },
        );
        self
    }

    /// Sets field `f` of the receiver.
    fn set(mut self, f: &str, v: Value) -> Case {
        self.heap
            .objects
            .get_mut(&ObjId::new("T"))
            .expect("a receiver")
            .fields
            .insert(f.into(), v);
        self
    }

    fn arg(mut self, name: &str, v: Value) -> Case {
        self.args.push((name.into(), v));
        self
    }

    fn stat(mut self, key: &str, v: Value) -> Case {
        self.heap.statics.insert(key.into(), v);
        self
    }

    fn input(&self) -> TestInput {
        TestInput {
            this: self.this.then(|| ObjId::new("T")),
            args: self.args.to_vec(),
            heap: self.heap.clone(),
        }
    }
}

fn ints(v: &[i32]) -> Vec<Value> {
    v.iter().map(|i| Value::Int(*i)).collect()
}

/// The receiver with `ints` set to each of: null, `[]`, `[3]`, `[1, -2, 5]`.
fn with_ints() -> Vec<Case> {
    let mut out = vec![Case::of_receiver()];
    for v in [&[][..], &[3], &[1, -2, 5]] {
        out.push(
            Case::of_receiver()
                .array("A", "int[]", ints(v))
                .set("ints", r("A")),
        );
    }
    out
}

/// Each case once per value of the int argument `name`.
fn times(cases: Vec<Case>, name: &str, values: &[i32]) -> Vec<Case> {
    cases
        .into_iter()
        .flat_map(|c| {
            values
                .iter()
                .map(move |v| c.clone().arg(name, Value::Int(*v)))
        })
        .collect()
}

/// Every method's inputs, `(method, case)`.
fn cases() -> Vec<(&'static str, Case)> {
    let mut out: Vec<(&str, Case)> = Vec::new();
    let mut add = |m: &'static str, cs: Vec<Case>| out.extend(cs.into_iter().map(|c| (m, c)));
    add("sum", with_ints());
    // `other` null, the same array as `ints`, or one of its own.
    let mut bump = Vec::new();
    for c in with_ints() {
        bump.push(c.clone());
        if c.heap.get(&ObjId::new("A")).is_some() {
            bump.push(c.clone().set("other", r("A")));
        }
        bump.push(c.array("B", "int[]", ints(&[0])).set("other", r("B")));
    }
    add("bump", times(bump, "i", &[-1, 0, 1, 2, 3]));
    add("read", times(with_ints(), "i", &[-1, 0, 1, 3]));
    add(
        "write",
        times(with_ints(), "i", &[-1, 0, 2, 3])
            .into_iter()
            .map(|c| c.arg("v", Value::Int(9)))
            .collect(),
    );
    add("grow", times(with_ints(), "n", &[-1, 0, 2, 4]));
    add("literal", times(vec![Case::of_static()], "k", &[0, 5, -7]));
    let mut length = vec![Case::of_static().arg("a", Value::Null)];
    for v in [&[][..], &[1, 2]] {
        length.push(
            Case::of_static()
                .array("A", "int[]", ints(v))
                .arg("a", r("A")),
        );
    }
    add("length", length);
    add("make", times(vec![Case::of_static()], "n", &[-1, 0, 3]));
    let mut total = vec![Case::of_receiver()];
    for v in [vec![], vec![Value::Long(1), Value::Long(1 << 40)]] {
        total.push(
            Case::of_receiver()
                .array("L", "long[]", v)
                .set("longs", r("L")),
        );
    }
    add("total", total);
    let flags = vec![
        Case::of_receiver(),
        Case::of_receiver()
            .array(
                "F",
                "boolean[]",
                vec![Value::Bool(true), Value::Bool(false)],
            )
            .set("flags", r("F")),
    ];
    add("flip", times(flags, "i", &[-1, 0, 1, 2]));
    let shift = vec![
        Case::of_receiver(),
        Case::of_receiver()
            .array("C", "char[]", ints(&[65, 65535]))
            .array("S", "short[]", ints(&[-32768, 7]))
            .array("B", "byte[]", ints(&[100, -5]))
            .set("chars", r("C"))
            .set("shorts", r("S"))
            .set("bytes", r("B")),
    ];
    add("shift", times(shift, "i", &[-1, 0, 1, 2]));
    let nodes = |elements: Vec<Value>| {
        Case::of_receiver()
            .node("N0", 1, r("N1"))
            .node("N1", 2, Value::Null)
            .array("A", "arr.Arr.Node[]", elements)
            .set("nodes", r("A"))
    };
    let node_arrays = vec![
        Case::of_receiver(),
        nodes(vec![]),
        nodes(vec![Value::Null, r("N1")]),
        nodes(vec![r("N0"), r("N0"), r("N1")]),
    ];
    add("keys", node_arrays.clone());
    let link: Vec<Case> = times(
        times(node_arrays.clone(), "i", &[-1, 0, 2]),
        "j",
        &[0, 1, 3],
    );
    add("link", link);
    add("fresh", times(vec![Case::of_receiver()], "n", &[-1, 0, 2]));
    add("store", times(node_arrays, "i", &[-1, 0, 1, 3]));
    // `objs`: null, empty, two nulls, one holding itself and a node array, or a `Node[]` (a
    // store of an `int[]` into it throws ArrayStoreException).
    let objs = |c: Case| {
        let with = |c: Case, id: &str, class: &str, e: Vec<Value>| {
            c.array(id, class, e).set("objs", r(id))
        };
        let c = c.node("N0", 4, Value::Null);
        vec![
            c.clone(),
            with(c.clone(), "O", "java.lang.Object[]", vec![]),
            with(c.clone(), "O", "java.lang.Object[]", vec![Value::Null; 2]),
            with(
                c.clone().array("NA", "arr.Arr.Node[]", vec![r("N0")]),
                "O",
                "java.lang.Object[]",
                vec![r("O"), r("NA"), r("N0")],
            ),
            with(c, "O", "arr.Arr.Node[]", vec![r("N0"), Value::Null]),
        ]
    };
    let mut stash = objs(Case::of_receiver());
    stash.extend(objs(
        Case::of_receiver()
            .array("A", "int[]", ints(&[1]))
            .set("ints", r("A")),
    ));
    add("stash", times(stash, "i", &[-1, 0, 1, 2]));
    let grid = |c: Case| c.set("grid", r("G"));
    add(
        "gridSum",
        vec![
            Case::of_receiver(),
            grid(Case::of_receiver().array("G", "int[][]", vec![])),
            grid(
                Case::of_receiver()
                    .array("R0", "int[]", ints(&[1, 2]))
                    .array("R1", "int[]", ints(&[3]))
                    .array("G", "int[][]", vec![Value::Null, r("R0"), r("R1")]),
            ),
            // One row twice.
            grid(
                Case::of_receiver()
                    .array("R0", "int[]", ints(&[5, 6]))
                    .array("G", "int[][]", vec![r("R0"), r("R0")]),
            ),
        ],
    );
    add("rows", times(with_ints(), "n", &[-1, 0, 1, 3]));
    add("triangle", vec![Case::of_static()]);
    let mut share = Vec::new();
    for c in with_ints() {
        share.push(c.clone());
        share.push(
            c.array("S", "int[]", ints(&[8]))
                .stat("arr.Arr.shared", r("S")),
        );
    }
    add("share", share);
    out
}

#[test]
fn every_array_form_on_every_input_matches_the_interpreter() {
    let p = program();
    let limits = Limits {
        max_steps: 10_000,
        max_depth: 50,
    };
    let mut jvm =
        JvmRunner::start(&p, common::options(limits.max_steps)).unwrap_or_else(|e| panic!("{e}"));
    let mut outcomes = BTreeSet::new();
    let mut methods = BTreeSet::new();
    let all = cases();
    for (name, case) in &all {
        let m = p.find_methods(&format!("arr.Arr.{name}"))[0].id;
        let input = case.input();
        let want = assert_same(&p, m, &input, &mut jvm, limits);
        methods.insert(*name);
        outcomes.insert(match want.termination {
            Termination::Threw(e) => e,
            Termination::Returned(_) => "returned".into(),
            other => format!("{other:?}"),
        });
    }
    eprintln!("{} runs, every one equal", all.len());
    assert!(all.len() > 250, "{}", all.len());
    assert_eq!(methods.len(), 20, "{methods:?}");
    assert_eq!(
        outcomes.into_iter().collect::<Vec<_>>(),
        [
            "java.lang.ArrayIndexOutOfBoundsException",
            "java.lang.ArrayStoreException",
            "java.lang.NegativeArraySizeException",
            "java.lang.NullPointerException",
            "returned"
        ]
    );
}

/// The engines' shared program over arrays (`sattar-java/tests/support/arrays.rs`: covariant
/// stores, `(T[]) new Object[n]`, the enhanced `for`, aliased inputs) on every one of its inputs.
#[test]
fn the_shared_array_program_matches_the_interpreter() {
    let p = common::program_of(arrays::FILES);
    let limits = Limits {
        max_steps: 10_000,
        max_depth: 50,
    };
    let mut jvm =
        JvmRunner::start(&p, common::options(limits.max_steps)).unwrap_or_else(|e| panic!("{e}"));
    let mut outcomes = BTreeSet::new();
    let all = arrays::cases();
    for (name, json) in &all {
        let m = p.find_methods(&format!("Arrays.{name}"))[0].id;
        let (input, _) = input_from_json(json, "t.json", &p.schema(), &p.sig(m))
            .unwrap_or_else(|e| panic!("{name} on {json}: {e}"));
        let want = assert_same(&p, m, &input, &mut jvm, limits);
        outcomes.insert(match want.termination {
            Termination::Threw(e) => e,
            Termination::Returned(_) => "returned".into(),
            other => format!("{other:?}"),
        });
    }
    eprintln!("{} runs, every one equal", all.len());
    assert!(all.len() > 300, "{}", all.len());
    for e in [
        "java.lang.ArrayIndexOutOfBoundsException",
        "java.lang.NegativeArraySizeException",
        "java.lang.ArrayStoreException",
        "java.lang.NullPointerException",
        "returned",
    ] {
        assert!(outcomes.contains(e), "no case ends with {e}: {outcomes:?}");
    }
}

#[test]
fn new_arrays_come_back_with_their_classes_and_shared_arrays_stay_shared() {
    let p = program();
    let mut jvm = JvmRunner::start(&p, common::options(10_000)).unwrap_or_else(|e| panic!("{e}"));
    let run = |jvm: &mut JvmRunner, name: &str, case: Case| {
        let m = p.find_methods(&format!("arr.Arr.{name}"))[0].id;
        jvm.run(m, &case.input()).unwrap_or_else(|e| panic!("{e}"))
    };
    // A new `int[][]` whose rows are new `int[]`s and the input's array.
    let c = Case::of_receiver()
        .array("A", "int[]", ints(&[5]))
        .set("ints", r("A"))
        .arg("n", Value::Int(3));
    let ex = run(&mut jvm, "rows", c);
    assert_eq!(ex.result(), Some(&r("new0")), "{ex:?}");
    let g = ex.post.get(&ObjId::new("new0")).expect("the new grid");
    assert_eq!(g.class, "int[][]");
    assert_eq!(g.elements(), Some(vec![r("A"), r("new1"), r("new2")]));
    assert_eq!(
        ex.post.get(&ObjId::new("new2")),
        Some(&Object::array("int[]", ints(&[0, 0])))
    );
    // New nodes in a new `Node[]`.
    let ex = run(
        &mut jvm,
        "fresh",
        Case::of_receiver().arg("n", Value::Int(2)),
    );
    let a = ex.post.get(&ObjId::new("new0")).expect("the new array");
    assert_eq!(a.class, "arr.Arr.Node[]");
    assert_eq!(a.length(), Some(2));
    assert_eq!(
        ex.post.get(&ObjId::new("new2")).unwrap().class,
        "arr.Arr.Node"
    );
    // `ints` and `other` one array: a write through one is seen through the other.
    let c = Case::of_receiver()
        .array("A", "int[]", ints(&[1, 1]))
        .set("ints", r("A"))
        .set("other", r("A"))
        .arg("i", Value::Int(1));
    let ex = run(&mut jvm, "bump", c);
    assert_eq!(
        ex.post.get(&ObjId::new("A")),
        Some(&Object::array("int[]", ints(&[4, 4])))
    );
    // An `Object[]` that holds itself.
    let c = Case::of_receiver()
        .array("O", "java.lang.Object[]", vec![Value::Null, Value::Null])
        .set("objs", r("O"))
        .arg("i", Value::Int(1));
    let ex = run(&mut jvm, "stash", c);
    assert_eq!(
        ex.post.get(&ObjId::new("O")).and_then(Object::elements),
        Some(vec![r("O"), Value::Null])
    );
}

#[test]
fn an_array_the_jvm_cannot_hold_is_refused_with_the_reason() {
    let p = program();
    let mut jvm = JvmRunner::start(&p, common::options(10_000)).unwrap_or_else(|e| panic!("{e}"));
    let m = p.find_methods("arr.Arr.keys")[0].id;
    // A `Node[]` holding an `int[]`: Java's arrays know their element class.
    let c = Case::of_receiver()
        .array("X", "int[]", ints(&[1]))
        .array("A", "arr.Arr.Node[]", vec![r("X")])
        .set("nodes", r("A"));
    let e = jvm.run(m, &c.input()).expect_err("refused").to_string();
    assert!(e.contains("ArrayStoreException"), "{e}");
    // An element past the length.
    let mut c = Case::of_receiver()
        .array("A", "arr.Arr.Node[]", vec![])
        .set("nodes", r("A"));
    let a = c.heap.objects.get_mut(&ObjId::new("A")).unwrap();
    a.fields.insert("3".into(), Value::Null);
    let e = jvm.run(m, &c.input()).expect_err("refused").to_string();
    assert!(e.contains("length 0"), "{e}");
}
