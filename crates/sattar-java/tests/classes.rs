//! The class structure of real Java in the reference interpreter, each case worked out by hand
//! from the JLS: several files of one package, an interface with a default method, an abstract
//! class, virtual dispatch and `super` calls, constructors with `this(...)`, field initializers in
//! the JLS order, static state, an inner class, casts and `instanceof`, the casts erasure leaves,
//! enums, `Object.equals` and `Comparable.compareTo` of the program's classes.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

use sattar_heap::{input_from_json, ObjId, Value};
use sattar_java::{parse_sources, run, Limits, MethodKind, Program, Termination};
use sattar_jdk::SourceText;

#[path = "support/shapes.rs"]
mod shapes;

fn program() -> Program {
    parse_sources(&shapes::sources()).unwrap_or_else(|e| panic!("{}", e[0]))
}

/// Runs `method` on the JSON input; the termination and the post-state's fields asked for.
fn call(p: &Program, method: &str, json: &str) -> (Termination, sattar_heap::Heap) {
    let m = p.find_methods(method);
    assert_eq!(
        m.len(),
        1,
        "{method}: {:?}",
        m.iter().map(|m| m.qualified_name()).collect::<Vec<_>>()
    );
    let m = m[0].id;
    if let Err(d) = p.check_supported(m) {
        panic!("{method} is not supported: {d}");
    }
    let (input, _) =
        input_from_json(json, "t.json", &p.schema(), &p.sig(m)).unwrap_or_else(|e| panic!("{e}"));
    let ex = run(p, m, &input, Limits::default()).expect("runs");
    (ex.termination, ex.post)
}

fn returned(v: Value) -> Termination {
    Termination::Returned(Some(v))
}

const USE_WITH_NODE: &str = r#"{"this":"U","args":{},"objects":{
  "U":{"class":"shapes.Use","v":4,"t":"N"},
  "N":{"class":"Node","tag":3,"left":"L1","right":"N2"},
  "N2":{"class":"Node","tag":0,"left":"L2","right":"L3"},
  "L1":{"class":"Leaf","val":11},"L2":{"class":"Leaf"},"L3":{"class":"Leaf"}}}"#;

#[test]
fn packages_and_files_name_classes_as_java_does() {
    let p = program();
    let names: Vec<&str> = p.classes.iter().map(|c| c.name.as_str()).collect();
    for want in [
        "shapes.Tree",
        "shapes.Node",
        "shapes.Use.In",
        "shapes.Color",
        "shapes.Box",
    ] {
        assert!(names.contains(&want), "{names:?}");
    }
    assert_eq!(
        p.class("shapes.Use.In").map(|c| c.binary.as_str()),
        Some("shapes.Use$In")
    );
    assert_eq!(p.files.len(), 6);
    assert!(p.is_subclass("shapes.Node", "shapes.Tree"));
    assert!(!p.is_subclass("shapes.Tree", "shapes.Node"));
}

#[test]
fn virtual_dispatch_default_methods_and_super_calls() {
    let p = program();
    // size() dispatches on each node's class: 1 + 1 + (1 + 1 + 1).
    assert_eq!(
        call(&p, "Use.size", USE_WITH_NODE).0,
        returned(Value::Int(5))
    );
    // Node overrides the interface's default isEmpty.
    assert_eq!(
        call(&p, "Use.empty", USE_WITH_NODE).0,
        returned(Value::Bool(false))
    );
    // Node.describe is super.describe() + 1 = tag + 1.
    let json = USE_WITH_NODE.replace(r#""args":{}"#, r#""args":{"b":"N"}"#);
    assert_eq!(call(&p, "Use.describe", &json).0, returned(Value::Int(4)));
    // A leaf alone: the default isEmpty runs, and size() is 1.
    let leaf =
        r#"{"this":"U","args":{},"objects":{"U":{"class":"Use","t":"L"},"L":{"class":"Leaf"}}}"#;
    assert_eq!(call(&p, "Use.empty", leaf).0, returned(Value::Bool(false)));
}

#[test]
fn casts_and_instanceof_follow_the_dynamic_class() {
    let p = program();
    assert_eq!(
        call(&p, "Use.leafVal", USE_WITH_NODE).0,
        returned(Value::Int(-1))
    );
    assert_eq!(
        call(&p, "Use.castLeaf", USE_WITH_NODE).0,
        Termination::Threw("java.lang.ClassCastException".into())
    );
    let leaf = USE_WITH_NODE.replace(r#""t":"N""#, r#""t":"L1""#);
    assert_eq!(call(&p, "Use.leafVal", &leaf).0, returned(Value::Int(11)));
    assert_eq!(call(&p, "Use.castLeaf", &leaf).0, returned(Value::Int(11)));
    // A null reference passes a cast and fails instanceof.
    let none = USE_WITH_NODE.replace(r#""t":"N""#, r#""t":null"#);
    assert_eq!(
        call(&p, "Use.castLeaf", &none).0,
        Termination::Threw("java.lang.NullPointerException".into())
    );
    assert_eq!(call(&p, "Use.leafVal", &none).0, returned(Value::Int(-1)));
}

#[test]
fn erasure_casts_fail_where_javac_puts_them() {
    let p = program();
    // `Key k = box.item`: item is an Object to the JVM; javac casts it to Key at the assignment.
    let good = r#"{"this":"U","args":{},"objects":{"U":{"class":"Use","box":"B"},
        "B":{"class":"Box","item":"K"},"K":{"class":"Key","k":9}}}"#;
    assert_eq!(call(&p, "Use.key", good).0, returned(Value::Int(9)));
    // A heap where the box holds a leaf (possible at run time: erasure): ClassCastException.
    let polluted = good
        .replace(r#""item":"K""#, r#""item":"L""#)
        .replace(r#""K":{"class":"Key","k":9}"#, r#""L":{"class":"Leaf"}"#);
    assert_eq!(
        call(&p, "Use.key", &polluted).0,
        Termination::Threw("java.lang.ClassCastException".into())
    );
}

#[test]
fn inner_classes_reach_their_enclosing_instance() {
    let p = program();
    assert_eq!(
        call(&p, "Use.inner", USE_WITH_NODE).0,
        returned(Value::Int(4))
    );
}

#[test]
fn constructors_run_in_the_jls_order_and_statics_are_state() {
    let p = program();
    // Base() increments the static counter: 2 before, 3 after.
    let json =
        r#"{"this":"U","args":{},"objects":{"U":{"class":"Use"}},"statics":{"Base.made":2}}"#;
    let (t, post) = call(&p, "Use.made", json);
    assert_eq!(t, returned(Value::Int(3)));
    assert_eq!(post.statics.get("shapes.Base.made"), Some(&Value::Int(3)));
    // Counter(): this(5) runs super(), the initializer a = 1, b = 5; then b = b + a = 6.
    let json = r#"{"this":"M","args":{},"objects":{"M":{"class":"MakeCounter"}}}"#;
    let (t, post) = call(&p, "MakeCounter.make", json);
    assert_eq!(t, returned(Value::Ref(ObjId::new("new0"))));
    assert_eq!(post.field(&ObjId::new("new0"), "a"), Some(&Value::Int(1)));
    assert_eq!(post.field(&ObjId::new("new0"), "b"), Some(&Value::Int(6)));
    // The field initializer is a statement of the constructors.
    let init = p
        .stmts
        .iter()
        .find(|s| s.text == "int a = 1;")
        .expect("the initializer statement");
    assert_eq!(p.method(init.method).name, "<init>");
}

#[test]
fn enum_constants_are_objects_with_ordinals() {
    let p = program();
    let json = r#"{"this":"U","args":{},"objects":{"U":{"class":"Use","c":"shapes.Color.GREEN"}}}"#;
    assert_eq!(call(&p, "Use.ordinal", json).0, returned(Value::Int(1)));
    assert_eq!(call(&p, "Use.green", json).0, returned(Value::Bool(true)));
    let red = json.replace("GREEN", "RED");
    assert_eq!(call(&p, "Use.green", &red).0, returned(Value::Bool(false)));
}

#[test]
fn equals_and_compare_to_dispatch_to_the_program_s_overrides() {
    let p = program();
    // Object.equals is identity for a leaf: o.equals(t) with o = t's leaf.
    let json = r#"{"this":"U","args":{"o":"L"},"objects":{"U":{"class":"Use","t":"L"},"L":{"class":"Leaf"}}}"#;
    assert_eq!(call(&p, "Use.same", json).0, returned(Value::Bool(true)));
    // Key overrides equals by value.
    let keys = r#"{"this":"U","args":{"o":"K1"},"objects":{"U":{"class":"Use","t":"K2"},
        "K1":{"class":"Key","k":4},"K2":{"class":"Key","k":4}}}"#;
    let keys = keys
        .replace(r#""t":"K2""#, r#""t":"L""#)
        .replace(r#""K2":{"class":"Key","k":4}"#, r#""L":{"class":"Leaf"}"#);
    assert_eq!(call(&p, "Use.same", &keys).0, returned(Value::Bool(false)));
    // compareTo of Key through Comparable (javac's bridge method): 3 - 8 < 0.
    let cmp = r#"{"this":"U","args":{"a":"A","b":"B"},"objects":{"U":{"class":"Use"},
        "A":{"class":"Key","k":3},"B":{"class":"Key","k":8}}}"#;
    assert_eq!(call(&p, "Use.keys", cmp).0, returned(Value::Bool(true)));
}

#[test]
fn only_what_a_method_reaches_must_be_supported() {
    let src = "class R {
        int x;
        String name() { return \"r\" + x + 0.5; }
        int get() { return x; }
        int both() { return name().length() + x; }
    }";
    let p = parse_sources(&[SourceText {
        path: "R.java".into(),
        text: src.into(),
    }])
    .expect("javac accepts it");
    let get = p.find_methods("get")[0].id;
    let both = p.find_methods("both")[0].id;
    assert!(p.check_supported(get).is_ok());
    let why = p.check_supported(both).expect_err("both reaches name()");
    assert!(why.message.contains("double"), "{why}");
    assert!(p
        .methods
        .iter()
        .any(|m| m.kind == MethodKind::Source && m.unsupported.is_some()));
}

#[test]
fn array_types_are_classes_and_what_arrays_do_not_cover_is_refused_where_it_is() {
    let src = "import java.util.List;
    class A {
        int[] xs;
        Object[] os;
        int[][] grid;
        int[] make(int n) { return new int[n]; }
        int[][] square(int n) { return new int[n][n]; }
        int sum(java.util.BitSet m) { return m.cardinality(); }
        int any(int[] a) { int s = 0; for (var x : a) { s += x; } return s; }
    }";
    let p = parse_sources(&[SourceText {
        path: "A.java".into(),
        text: src.into(),
    }])
    .expect("javac accepts it");
    let class = |n: &str| p.class(n).unwrap_or_else(|| panic!("no class {n}"));
    assert_eq!(class("int[]").element, Some(sattar_java::Type::Int));
    assert_eq!(
        class("int[][]").element,
        Some(sattar_java::Type::Class("int[]".into()))
    );
    assert_eq!(class("int[]").fields[0].name, "length");
    assert!(p.is_subclass("int[][]", "java.lang.Object[]"));
    assert!(!p.is_subclass("int[]", "java.lang.Object[]"));
    let schema = p.schema();
    assert_eq!(
        schema.field("int[]", "7"),
        Some(&sattar_heap::FieldType::Int)
    );
    assert!(p.check_supported(p.find_methods("make")[0].id).is_ok());
    for (m, why, line) in [
        ("square", "multi-dimensional", 7),
        ("sum", "type `java.util.BitSet`", 8),
        ("any", "`var` as the variable of an enhanced for", 9),
    ] {
        let d = p
            .check_supported(p.find_methods(m)[0].id)
            .expect_err("refused");
        assert!(d.message.contains(why), "{m}: {d}");
        assert!(
            d.to_string().contains(&format!("A.java:{line}:")),
            "{m}: {d}"
        );
    }
}
