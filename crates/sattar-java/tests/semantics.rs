//! The interpreter follows Java exactly where it is easy to get wrong: 32-bit wrap-around,
//! short-circuit operators, the JLS order of null checks (after the right-hand side of a field
//! assignment, after the arguments of a call), exceptions, and loops with break/continue.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report
use sattar_heap::{ObjId, Object, TestInput, Value};
use sattar_java::{parse_program, run, Limits, Termination};

const SRC: &str = r#"
class S {
    int x;
    S next;
    int bump() { x = x + 1; return x; }
    int wrap(int a) { return a + 1; }
    int square(int a) { return a * a; }
    boolean guard(S s) { return s != null && s.x > 0; }
    void assignOrder(S s) { s.x = bump(); }
    void callOrder(S s) { s.wrap(bump()); }
    int fail() { throw new IllegalStateException("no"); }
    S make() { S s = new S(); s.x = 7; s.next = this; return s; }
    int loops(int n) {
        int t = 0;
        for (int i = 0; i < n; i++) {
            if (i == 2) { continue; }
            if (i == 5) { break; }
            t += i;
        }
        do { t = t - 1; } while (t > 100);
        return t > 0 ? t : -t;
    }
    int down(int n) { return n == 0 ? 0 : down(n - 1); }
}
"#;

fn call(name: &str, args: Vec<(&str, Value)>) -> (Termination, sattar_heap::Heap) {
    let p = parse_program("S.java", SRC).unwrap_or_else(|e| panic!("{}", e[0]));
    let m = p.find_methods(name)[0].id;
    let mut input = TestInput {
        this: Some(ObjId::new("S0")),
        args: args.into_iter().map(|(n, v)| (n.to_string(), v)).collect(),
        heap: Default::default(),
    };
    let fields = [
        ("x".to_string(), Value::Int(0)),
        ("next".to_string(), Value::Null),
    ]
    .into_iter()
    .collect();
    input.heap.objects.insert(
        ObjId::new("S0"),
        Object {
            class: "S".into(),
            fields,
        },
    );
    let ex = run(
        &p,
        m,
        &input,
        Limits {
            max_steps: 10_000,
            max_depth: 50,
        },
    )
    .expect("runs");
    (ex.termination, ex.post)
}

fn x_of(h: &sattar_heap::Heap) -> Option<&Value> {
    h.field(&ObjId::new("S0"), "x")
}

#[test]
fn int_arithmetic_wraps_at_32_bits() {
    assert_eq!(
        call("wrap", vec![("a", Value::Int(i32::MAX))]).0,
        Termination::Returned(Some(Value::Int(i32::MIN)))
    );
    assert_eq!(
        call("square", vec![("a", Value::Int(65536))]).0,
        Termination::Returned(Some(Value::Int(0)))
    );
}

#[test]
fn and_short_circuits_past_a_null_dereference() {
    assert_eq!(
        call("guard", vec![("s", Value::Null)]).0,
        Termination::Returned(Some(Value::Bool(false)))
    );
}

#[test]
fn a_field_assignment_evaluates_its_right_side_before_the_null_check() {
    let (t, post) = call("assignOrder", vec![("s", Value::Null)]);
    assert_eq!(
        t,
        Termination::Threw("java.lang.NullPointerException".into())
    );
    assert_eq!(
        x_of(&post),
        Some(&Value::Int(1)),
        "bump() ran before the NPE"
    );
}

#[test]
fn a_call_evaluates_its_arguments_before_the_receiver_null_check() {
    let (t, post) = call("callOrder", vec![("s", Value::Null)]);
    assert_eq!(
        t,
        Termination::Threw("java.lang.NullPointerException".into())
    );
    assert_eq!(x_of(&post), Some(&Value::Int(1)));
}

#[test]
fn exceptions_new_objects_loops_and_recursion() {
    assert_eq!(
        call("fail", vec![]).0,
        Termination::Threw("java.lang.IllegalStateException".into())
    );
    let (t, post) = call("make", vec![]);
    assert_eq!(
        t,
        Termination::Returned(Some(Value::Ref(ObjId::new("new0"))))
    );
    assert_eq!(post.field(&ObjId::new("new0"), "x"), Some(&Value::Int(7)));
    assert_eq!(
        post.field(&ObjId::new("new0"), "next"),
        Some(&Value::Ref(ObjId::new("S0")))
    );
    // i = 0, 1, (2 skipped), 3, 4, then break at 5: t = 8; the do-while runs once: 7.
    assert_eq!(
        call("loops", vec![("n", Value::Int(10))]).0,
        Termination::Returned(Some(Value::Int(7)))
    );
    assert_eq!(
        call("down", vec![("n", Value::Int(10))]).0,
        Termination::Returned(Some(Value::Int(0)))
    );
    assert_eq!(
        call("down", vec![("n", Value::Int(100))]).0,
        Termination::Threw("java.lang.StackOverflowError".into())
    );
}
