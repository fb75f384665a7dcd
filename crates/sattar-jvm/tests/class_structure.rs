//! The class structure of real Java on the real JVM equals the reference interpreter: the
//! hand-written program of the interpreter's tests (packages, dispatch, default methods, `super`
//! calls, casts and erasure's casts on polluted heaps, inner classes, constructors in the JLS
//! order, statics, enums) and the bundled folder `java-subjects/real/ds`, every supported method on
//! seeded random heaps, with hand-written inputs for the outcomes that matter.
//! `SATTAR_CLASS_INPUTS=N` runs N random inputs per method (default 60).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

mod common;
#[path = "../../sattar-java/tests/support/shapes.rs"]
mod shapes;

use common::*;
use sattar_heap::{input_from_json, TestInput, Value};
use sattar_java::{parse_sources, Limits, MethodId, MethodKind, Program, Termination};
use sattar_jdk::SourceText;
use sattar_jvm::JvmRunner;
use std::collections::BTreeMap;

/// Fewer steps than nested calls allowed: a runaway recursion ends in the step limit on both
/// engines (the interpreter's depth limit is not the JVM's stack).
const LIMITS: Limits = Limits {
    max_steps: 500,
    max_depth: 1_000,
};

/// Random inputs per method (`SATTAR_CLASS_INPUTS=N` for more).
fn per_method() -> usize {
    std::env::var("SATTAR_CLASS_INPUTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(60)
}

/// Every supported method the source declares, on random inputs and `extra` ones; how often
/// each outcome (`returned`, `threw X`, `step limit`) occurred.
fn differential(p: &Program, extra: &[(&str, &str)]) -> BTreeMap<String, usize> {
    let mut jvm = JvmRunner::start(p, options(LIMITS.max_steps)).unwrap_or_else(|e| panic!("{e}"));
    let mut outcomes = BTreeMap::new();
    let mut count = |t: &Termination| *outcomes.entry(t.label()).or_insert(0) += 1;
    let methods: Vec<MethodId> = p
        .methods
        .iter()
        .filter(|m| m.kind == MethodKind::Source && p.check_supported(m.id).is_ok())
        .map(|m| m.id)
        .collect();
    assert!(methods.len() > 10, "{} supported methods", methods.len());
    for (i, &m) in methods.iter().enumerate() {
        for input in random_inputs(p, m, i as u64, per_method()) {
            count(&assert_same(p, m, &input, &mut jvm, LIMITS).termination);
        }
    }
    for (method, json) in extra {
        let m = p.find_methods(method)[0].id;
        let input = parse_input(p, m, json);
        count(&assert_same(p, m, &input, &mut jvm, LIMITS).termination);
    }
    eprintln!("{} methods, outcomes {outcomes:?}", methods.len());
    outcomes
}

fn parse_input(p: &Program, m: MethodId, json: &str) -> TestInput {
    input_from_json(json, "t.json", &p.schema(), &p.sig(m))
        .unwrap_or_else(|e| panic!("{e}\n{json}"))
        .0
}

fn assert_seen(outcomes: &BTreeMap<String, usize>, wanted: &[&str]) {
    for w in wanted {
        assert!(
            outcomes.get(*w).is_some_and(|n| *n > 0),
            "no run {w}: {outcomes:?}"
        );
    }
}

const USE_WITH_NODE: &str = r#"{"this":"U","args":{},"objects":{
  "U":{"class":"shapes.Use","v":4,"t":"N"},
  "N":{"class":"Node","tag":3,"left":"L1","right":"N2"},
  "N2":{"class":"Node","tag":0,"left":"L2","right":"L3"},
  "L1":{"class":"Leaf","val":11},"L2":{"class":"Leaf"},"L3":{"class":"Leaf"}}}"#;

const POLLUTED_BOX: &str = r#"{"this":"U","args":{},"objects":{"U":{"class":"Use","box":"B"},
  "B":{"class":"Box","item":"L"},"L":{"class":"Leaf"}}}"#;

#[test]
fn the_hand_written_class_structure_program_agrees() {
    let p = parse_sources(&shapes::sources()).unwrap_or_else(|e| panic!("{}", e[0]));
    let made =
        r#"{"this":"U","args":{},"objects":{"U":{"class":"Use"}},"statics":{"Base.made":2}}"#;
    let green =
        r#"{"this":"U","args":{},"objects":{"U":{"class":"Use","c":"shapes.Color.GREEN"}}}"#;
    let keys = r#"{"this":"U","args":{"a":"A","b":"B"},"objects":{"U":{"class":"Use"},
        "A":{"class":"Key","k":3},"B":{"class":"Key","k":8}}}"#;
    let outcomes = differential(
        &p,
        &[
            ("Use.size", USE_WITH_NODE),
            ("Use.empty", USE_WITH_NODE),
            ("Use.leafVal", USE_WITH_NODE),
            ("Use.castLeaf", USE_WITH_NODE),
            ("Use.inner", USE_WITH_NODE),
            ("Use.key", POLLUTED_BOX),
            ("Use.made", made),
            (
                "MakeCounter.make",
                r#"{"this":"M","args":{},"objects":{"M":{"class":"MakeCounter"}}}"#,
            ),
            ("Use.ordinal", green),
            ("Use.green", green),
            ("Use.keys", keys),
        ],
    );
    assert_seen(
        &outcomes,
        &[
            "returned",
            "threw java.lang.NullPointerException",
            "threw java.lang.ClassCastException",
            "step limit",
        ],
    );
}

/// The Java files below `rel`, as the CLI reads a folder.
fn folder(rel: &str) -> Vec<SourceText> {
    let dir = root().join(rel);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("the bundled folder")
        .map(|e| e.expect("entry").path())
        .filter(|f| f.extension().is_some_and(|x| x == "java"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|f| SourceText {
            path: format!("{rel}/{}", f.file_name().unwrap().to_string_lossy()),
            text: std::fs::read_to_string(f).expect("a Java file"),
        })
        .collect()
}

const SORTED_LIST: &str = r#"{"this": "L", "args": {"x": "K2"}, "objects": {
  "L": {"class": "ds.SortedList", "head": "N1", "size": 2},
  "N1": {"class": "ds.SortedList.Node", "item": "K1", "next": "N3", "this$0": "L"},
  "N3": {"class": "ds.SortedList.Node", "item": "K3", "next": null, "this$0": "L"},
  "K1": {"class": "ds.Key", "value": 1}, "K2": {"class": "ds.Key", "value": 2},
  "K3": {"class": "ds.Key", "value": 3}}}"#;

#[test]
fn the_bundled_ds_folder_agrees() {
    let p = parse_sources(&folder("java-subjects/real/ds")).unwrap_or_else(|e| panic!("{}", e[0]));
    let tree = r#"{"this": "T", "args": {"x": "K2"}, "objects": {
      "T": {"class": "ds.SearchTree", "root": "E1", "size": 1},
      "E1": {"class": "ds.SearchTree.Entry", "key": "R"},
      "R": {"class": "ds.Ranking", "order": "ds.Order.ASCENDING"},
      "K2": {"class": "ds.Key", "value": 2}}}"#;
    let ranking = r#"{"this": "R", "args": {"order": "ds.Order.DESCENDING"}, "objects": {
      "R": {"class": "ds.Ranking"}}, "statics": {"ds.Ranking.nextId": 41}}"#;
    let insert = r#"{"this": "R", "args": {"k": "K2"}, "objects": {
      "R": {"class": "ds.Ranking", "order": "ds.Order.DESCENDING", "first": "S1", "length": 1},
      "S1": {"class": "ds.Ranking.Slot", "key": "K1"},
      "K1": {"class": "ds.Key", "value": 1}, "K2": {"class": "ds.Key", "value": 2}}}"#;
    let outcomes = differential(
        &p,
        &[
            ("SortedList.add", SORTED_LIST),
            ("SortedList.remove", SORTED_LIST),
            ("SortedList.indexOf", SORTED_LIST),
            // The tree holds a Ranking where erasure allows any object: ClassCastException.
            ("SearchTree.add", tree),
            ("Ranking.Ranking", ranking),
            ("Ranking.insert", insert),
        ],
    );
    assert_seen(
        &outcomes,
        &[
            "returned",
            "threw java.lang.NullPointerException",
            "threw java.lang.ClassCastException",
            "threw java.lang.IllegalStateException",
            "step limit",
        ],
    );
}

#[test]
fn statics_and_enum_constants_do_not_leak_between_tests() {
    let p = parse_sources(&folder("java-subjects/real/ds")).unwrap_or_else(|e| panic!("{}", e[0]));
    let m = p.find_methods("Ranking.Ranking")[0].id;
    let mut jvm = JvmRunner::start(&p, options(LIMITS.max_steps)).unwrap_or_else(|e| panic!("{e}"));
    let with = |next: i32| {
        format!(
            r#"{{"this": "R", "args": {{"order": "ds.Order.ASCENDING"}},
            "objects": {{"R": {{"class": "ds.Ranking"}}}}, "statics": {{"Ranking.nextId": {next}}}}}"#
        )
    };
    // The constructor takes nextId and increments it: each test sees its own input's value.
    for next in [5, 5, 0, 7] {
        let input = parse_input(&p, m, &with(next));
        let ex = assert_same(&p, m, &input, &mut jvm, LIMITS);
        assert_eq!(
            ex.post.statics.get("ds.Ranking.nextId"),
            Some(&Value::Int(next + 1))
        );
        assert_eq!(
            ex.post.field(&sattar_heap::ObjId::new("R"), "id"),
            Some(&Value::Int(next))
        );
        assert_eq!(
            ex.post.field(&sattar_heap::ObjId::new("R"), "order"),
            Some(&Value::Ref(sattar_heap::ObjId::new("ds.Order.ASCENDING")))
        );
    }
    // A default static (the input does not name it) is the type's default, not the last test's.
    let input = parse_input(
        &p,
        m,
        r#"{"this": "R", "args": {"order": null}, "objects": {"R": {"class": "ds.Ranking"}}}"#,
    );
    let ex = assert_same(&p, m, &input, &mut jvm, LIMITS);
    assert_eq!(
        ex.post.statics.get("ds.Ranking.nextId"),
        Some(&Value::Int(1))
    );
}

/// A package of the constructs whose probes or marshalling need care: pattern variables bound
/// when true or false in `if`, `while`, `for` and `do` (also through recursion), a constant
/// `final` field, `this()`/`super()` with and without arguments, a static initializer calling
/// probed code, a static field holding a new object, a nested exception class, an enum with a
/// field and a static, an inner class's constructor.
#[test]
fn constructs_that_need_care_agree() {
    let p = parse_sources(&folder("crates/sattar-jvm/tests/fixtures/cx"))
        .unwrap_or_else(|e| panic!("{}", e[0]));
    let chain = |args: &str| {
        format!(
            r#"{{"this": "P", "args": {{{args}}}, "objects": {{
      "P": {{"class": "cx.Patterns", "o": "S1", "s": "S2", "self": "P", "c": "cx.Color.BLUE"}},
      "S1": {{"class": "cx.Sq", "side": 4, "w": 1, "sides": 9, "next": "S2"}},
      "S2": {{"class": "cx.Sq", "side": 3, "next": null}}}},
      "statics": {{"cx.Color.fav": "cx.Color.RED", "cx.Sq.made": 5}}}}"#
        )
    };
    let mut extra = Vec::new();
    for m in [
        "ifTrue",
        "ifTrueElse",
        "ifFalse",
        "ifFalseElse",
        "whileTrue",
        "whileFalse",
        "forTrue",
        "doFalse",
        "recurse",
        "constant",
        "make",
        "fail",
        "shade",
        "inner",
    ] {
        let args = match m {
            "recurse" => r#""d": 3"#,
            "make" | "fail" | "inner" => r#""k": 2"#,
            _ => "",
        };
        extra.push((format!("Patterns.{m}"), chain(args)));
    }
    let extra: Vec<(&str, &str)> = extra
        .iter()
        .map(|(m, j)| (m.as_str(), j.as_str()))
        .collect();
    let outcomes = differential(&p, &extra);
    assert_seen(
        &outcomes,
        &[
            "returned",
            "threw java.lang.NullPointerException",
            "threw java.lang.ClassCastException",
            "threw cx.Shape.Bad",
            "step limit",
        ],
    );
}

/// A `static final` field is test state like any static: once the JIT has compiled a method
/// reading it (a few hundred tests), each test still sees its own input's value.
#[test]
fn a_static_final_field_is_read_afresh_after_the_jit_compiles_its_reader() {
    let p = parse_sources(&folder("crates/sattar-jvm/tests/fixtures/cx"))
        .unwrap_or_else(|e| panic!("{}", e[0]));
    let m = p.find_methods("Patterns.home")[0].id;
    let mut jvm = JvmRunner::start(&p, options(LIMITS.max_steps)).unwrap_or_else(|e| panic!("{e}"));
    for i in 0..2_000 {
        let home = ["\"A\"", "\"B\"", "null"][i % 3];
        let json = format!(
            r#"{{"this": "A", "args": {{}}, "statics": {{"cx.Patterns.HOME": {home}}}, "objects": {{
              "A": {{"class": "cx.Patterns", "o": "A"}}, "B": {{"class": "cx.Patterns"}}}}}}"#
        );
        let ex = assert_same(&p, m, &parse_input(&p, m, &json), &mut jvm, LIMITS);
        let want = [1, 0, -1][i % 3];
        assert_eq!(
            ex.termination,
            Termination::Returned(Some(Value::Int(want))),
            "test {i}"
        );
    }
}

/// An object the JVM cannot hold as the heap says is the input's fault, said before the run; the
/// worker goes on.
#[test]
fn objects_of_abstract_classes_and_foreign_enum_objects_are_refused() {
    let p = parse_sources(&shapes::sources()).unwrap_or_else(|e| panic!("{}", e[0]));
    let m = p.find_methods("Use.size")[0].id;
    let mut jvm = JvmRunner::start(&p, options(LIMITS.max_steps)).unwrap_or_else(|e| panic!("{e}"));
    let mut input = parse_input(&p, m, USE_WITH_NODE);
    let good = input.clone();
    let node = input
        .heap
        .objects
        .get_mut(&sattar_heap::ObjId::new("N2"))
        .unwrap();
    node.class = "shapes.Base".into();
    let why = jvm
        .run(m, &input)
        .expect_err("an abstract class's object")
        .to_string();
    assert!(
        why.contains("N2 is of shapes.Base, which is abstract"),
        "{why}"
    );
    let mut input = good.clone();
    let color = sattar_heap::Object {
        class: "shapes.Color".into(),
        fields: [("ordinal".to_string(), Value::Int(0))]
            .into_iter()
            .collect(),
    };
    input
        .heap
        .objects
        .insert(sattar_heap::ObjId::new("C"), color);
    let why = jvm
        .run(m, &input)
        .expect_err("a foreign enum object")
        .to_string();
    assert!(
        why.contains("use one of its constants (shapes.Color.RED, shapes.Color.GREEN)"),
        "{why}"
    );
    assert_same(&p, m, &good, &mut jvm, LIMITS);
}
