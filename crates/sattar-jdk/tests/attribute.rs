//! The javac helper on real sources: attributed trees, javac's diagnostics, compiling.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

use sattar_jdk::{attribute, compile, SourceText};

fn src(path: &str, text: &str) -> Vec<SourceText> {
    vec![SourceText {
        path: path.into(),
        text: text.into(),
    }]
}

#[test]
fn attributes_types_symbols_and_overloads() {
    let text = "package p;\nclass A<T extends Comparable<T>> {\n  T v; java.util.List<Integer> xs;\n  int f(int k) { long w = k; return g(k) + xs.get(0); }\n  int g(int k) { return k; }\n  int g(Integer k) { return 2; }\n}\n";
    let a = attribute(&src("p/A.java", text)).expect("javac runs");
    assert!(a.ok, "{:?}", a.diags);
    assert_eq!(a.units.len(), 1);
    let cu = &a.nodes[a.units[0]];
    assert_eq!(cu.pkg.as_deref(), Some("p"));
    let class = &a.nodes[cu.types[0]];
    assert_eq!(class.bin.as_deref(), Some("p.A"));
    // `g(k)` with an int resolves to g(int), not g(Integer): javac's overload resolution.
    let call = a
        .nodes
        .iter()
        .find(|n| n.k == "METHOD_INVOCATION" && n.m.as_ref().is_some_and(|m| m.name == "g"))
        .expect("the call of g");
    assert_eq!(
        call.m.as_ref().map(|m| m.params.clone()),
        Some(vec!["int".to_string()])
    );
    // `xs.get(0)`: declared to return Object (erased E), instantiated as Integer.
    let get = a
        .nodes
        .iter()
        .find(|n| n.k == "METHOD_INVOCATION" && n.m.as_ref().is_some_and(|m| m.name == "get"))
        .expect("the call of get");
    assert_eq!(
        get.m.as_ref().map(|m| m.ret.as_str()),
        Some("java.lang.Object")
    );
    assert_eq!(get.iret.as_deref(), Some("java.lang.Integer"));
    assert_eq!(get.t.as_deref(), Some("java.lang.Integer"));
    // The field `T v` erases to its bound.
    let v = a
        .nodes
        .iter()
        .find(|n| n.k == "VARIABLE" && n.name.as_deref() == Some("v"))
        .expect("field v");
    assert_eq!(v.vt.as_deref(), Some("java.lang.Comparable"));
    // Offsets are UTF-16 positions of the text.
    let ret = a.nodes.iter().find(|n| n.k == "RETURN").expect("a return");
    assert!(text[ret.s as usize..ret.e as usize].starts_with("return g(k)"));
}

#[test]
fn reports_javac_errors_with_positions() {
    let text = "class B { int f() { int x = 1; } }";
    let a = attribute(&src("B.java", text)).expect("javac runs");
    assert!(!a.ok);
    let d = a.diags.iter().find(|d| d.is_error()).expect("an error");
    assert_eq!(d.code, "compiler.err.missing.ret.stmt");
    assert_eq!(d.file, Some(0));
    assert_eq!(&text[d.p as usize..d.p as usize + 1], "}");
    assert!(a.nodes.is_empty());
}

#[test]
fn unicode_escapes_are_what_javac_reads() {
    // javac turns \u000a into a line break before lexing: the "comment" ends and `size = 0;` is code.
    let text = "class C { int size; void f() { size = size - 1; // \\u000a size = 0;\n } }";
    let a = attribute(&src("C.java", text)).expect("javac runs");
    assert!(a.ok, "{:?}", a.diags);
    let stmts = a
        .nodes
        .iter()
        .filter(|n| n.k == "EXPRESSION_STATEMENT" && !n.is_synthetic())
        .count();
    assert_eq!(stmts, 2);
}

#[test]
fn compiles_into_a_directory() {
    let dir = std::env::temp_dir().join(format!("sattar-jdk-compile-{}", std::process::id()));
    let ok = compile(
        &src("D.java", "public class D { int f() { return 1; } }"),
        &dir,
    );
    assert!(ok.is_ok(), "{ok:?}");
    assert!(dir.join("D.class").is_file());
    let bad = compile(
        &src("E.java", "class E { int f() { return \"x\"; } }"),
        &dir,
    );
    let errs = bad.expect_err("a type error");
    assert_eq!(errs[0].code, "compiler.err.prob.found.req");
    let _ = std::fs::remove_dir_all(&dir);
}
