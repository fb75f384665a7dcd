//! Hostile programs: deep nesting and deep recursion are what javac accepts and the JVM runs, so
//! sattar must read and run them too — never overflow its own stack.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

use sattar_heap::{ObjId, Object, TestInput, Value};
use sattar_java::{parse_program, run, Limits, Termination};

#[test]
fn ten_thousand_nested_parentheses_parse() {
    let depth = 10_000;
    let e = format!("{}k{}", "(".repeat(depth), ")".repeat(depth));
    let src = format!("class D {{ int f(int k) {{ return {e} + 1; }} }}");
    let p = parse_program("D.java", &src).unwrap_or_else(|e| panic!("{}", e[0]));
    assert_eq!(p.stmts.len(), 1);
}

#[test]
fn five_thousand_nested_ifs_parse_and_run() {
    let depth = 5_000;
    let mut body = String::from("x = x + 1;");
    for _ in 0..depth {
        body = format!("if (k > 0) {{ {body} }}");
    }
    let src = format!("class N {{ int x; void f(int k) {{ {body} }} }}");
    let p = parse_program("N.java", &src).unwrap_or_else(|e| panic!("{}", e[0]));
    assert_eq!(p.stmts.len(), depth + 1);
    let input = TestInput {
        this: Some(ObjId::new("N0")),
        args: vec![("k".into(), Value::Int(1))],
        heap: Default::default(),
    };
    let mut input = input;
    input.heap.objects.insert(
        ObjId::new("N0"),
        Object {
            class: "N".into(),
            fields: [("x".to_string(), Value::Int(0))].into_iter().collect(),
        },
    );
    let m = p.find_methods("f")[0].id;
    let ex = run(&p, m, &input, Limits::default()).expect("runs");
    assert_eq!(ex.termination, Termination::Returned(None));
    assert_eq!(ex.post.field(&ObjId::new("N0"), "x"), Some(&Value::Int(1)));
    assert_eq!(ex.covered.len(), depth + 1);
}

#[test]
fn recursion_ten_thousand_deep_runs_and_overflows_past_the_depth_limit() {
    let src = "class R { int down(int n) { if (n == 0) { return 0; } return down(n - 1) + 1; } }";
    let p = parse_program("R.java", src).unwrap_or_else(|e| panic!("{}", e[0]));
    let m = p.find_methods("down")[0].id;
    let call = |n: i32, max_depth: u32| {
        let mut input = TestInput {
            this: Some(ObjId::new("R0")),
            args: vec![("n".into(), Value::Int(n))],
            heap: Default::default(),
        };
        input.heap.objects.insert(
            ObjId::new("R0"),
            Object {
                class: "R".into(),
                fields: Default::default(),
            },
        );
        let limits = Limits {
            max_steps: 10_000_000,
            max_depth,
        };
        run(&p, m, &input, limits).expect("runs").termination
    };
    assert_eq!(
        call(9_999, 10_000),
        Termination::Returned(Some(Value::Int(9_999)))
    );
    assert_eq!(
        call(10_000, 10_000),
        Termination::Threw("java.lang.StackOverflowError".into())
    );
}

#[test]
fn an_array_longer_than_the_step_budget_stops_the_run_instead_of_exhausting_memory() {
    let src = "class M { int[] a; void f(int n) { a = new int[n]; } }";
    let p = parse_program("M.java", src).unwrap_or_else(|e| panic!("{}", e[0]));
    let m = p.find_methods("f")[0].id;
    let call = |n: i32| {
        let mut input = TestInput {
            this: Some(ObjId::new("M0")),
            args: vec![("n".into(), Value::Int(n))],
            heap: Default::default(),
        };
        input.heap.objects.insert(
            ObjId::new("M0"),
            Object {
                class: "M".into(),
                fields: [("a".to_string(), Value::Null)].into_iter().collect(),
            },
        );
        run(&p, m, &input, Limits::default()).expect("runs")
    };
    assert_eq!(call(i32::MAX).termination, Termination::StepLimit);
    let small = call(100_000);
    assert_eq!(small.termination, Termination::Returned(None));
    let a = small.post.field(&ObjId::new("M0"), "a").cloned();
    let Some(Value::Ref(a)) = a else {
        panic!("no array: {a:?}")
    };
    assert_eq!(small.post.get(&a).and_then(|o| o.length()), Some(100_000));
}
