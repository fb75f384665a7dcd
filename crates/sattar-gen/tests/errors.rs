//! Bad finitizations and specs are reported as errors, never panics.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

mod common;

use common::{bst, catalan_fin, list, list_with_spec};
use sattar_gen::{Count, Finitization, GenError, Generator};
use sattar_heap::{ClassSchema, FieldType, MethodSig, Schema};
use sattar_spec::{
    ConstraintKind, FieldRef, Formula, IntCmp, IntExpr, NamedFormula, Rel, ResolvedMethod, SetExpr,
    SetType, State,
};

#[test]
fn unknown_and_ambiguous_classes() {
    let s = bst();
    let mut fin = Finitization::for_method(&s.schema, &s.rm, 2).unwrap();
    let err = fin.up_to("Leaf", 1).unwrap_err();
    assert!(
        matches!(&err, GenError::UnknownClass { name, candidates } if name == "Leaf" && candidates.is_empty())
    );
    assert_eq!(err.to_string(), "unknown class `Leaf`");

    let mut schema = Schema::default();
    for c in ["A", "A.Node", "B.Node"] {
        schema.classes.insert(c.into(), ClassSchema::default());
    }
    let rm = ResolvedMethod {
        sig: MethodSig {
            class: "A".into(),
            name: "m".into(),
            is_static: false,
            params: vec![],
            ret: None,
        },
        ensures_set: None,
        constraints: vec![],
    };
    let mut fin = Finitization::for_method(&schema, &rm, 2).unwrap();
    let err = fin.exactly("Node", 1).unwrap_err();
    assert!(
        err.to_string().contains("ambiguous: A.Node, B.Node"),
        "{err}"
    );
    assert!(fin.exactly("A.Node", 1).is_ok());
}

#[test]
fn unknown_fields_parameters_and_wrong_types() {
    let s = bst();
    let mut fin = Finitization::for_method(&s.schema, &s.rm, 2).unwrap();
    let err = fin.int_field("Node", "value", [1]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "class `BinarySearchTree.Node` has no field `value` (fields: left, right, parent, key)"
    );
    let err = fin.int_field("Node", "left", [1]).unwrap_err();
    assert!(matches!(err, GenError::WrongType { .. }), "{err}");
    let err = fin.int_arg("key", [1]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "method `add` has no parameter `key` (parameters: k)"
    );
    let err = fin.nullable_arg("k", false).unwrap_err();
    assert!(matches!(err, GenError::WrongType { .. }), "{err}");
    let err = fin.int_arg("k", []).unwrap_err();
    assert!(matches!(err, GenError::EmptyDomain { .. }), "{err}");
}

#[test]
fn too_many_objects() {
    let s = bst();
    let mut fin = Finitization::for_method(&s.schema, &s.rm, 2).unwrap();
    fin.up_to("Node", 500).unwrap();
    let err = Generator::new(&s.schema, &s.rm, &fin).unwrap_err();
    assert!(
        matches!(
            err,
            GenError::TooManyObjects {
                total: 501,
                max: 128
            }
        ),
        "{err}"
    );
}

#[test]
fn a_finitization_for_another_method_is_refused() {
    let (b, l) = (bst(), list());
    let fin = Finitization::for_method(&b.schema, &b.rm, 2).unwrap();
    let err = Generator::new(&l.schema, &l.rm, &fin).unwrap_err();
    assert!(matches!(err, GenError::Mismatch(_)), "{err}");
    let mut fin = Finitization::for_method(&l.schema, &l.rm, 2).unwrap();
    fin.objects("LinkedList", Count::UpTo(0)).unwrap();
    let err = Generator::new(&l.schema, &l.rm, &fin).unwrap_err();
    assert!(
        err.to_string().contains("needs at least one object"),
        "{err}"
    );
}

#[test]
fn post_state_constraints_are_refused() {
    let s = bst();
    let post =
        s.rm.constraints
            .iter()
            .find(|c| c.kind == ConstraintKind::Ensures)
            .unwrap();
    let mut rm = s.rm.clone();
    rm.constraints.push(NamedFormula {
        kind: ConstraintKind::Requires,
        ..post.clone()
    });
    let fin = Finitization::for_method(&s.schema, &rm, 2).unwrap();
    let err = Generator::new(&s.schema, &rm, &fin).unwrap_err();
    assert!(matches!(err, GenError::Unsupported { .. }), "{err}");
}

#[test]
fn overflow_is_an_error() {
    // no spec literal is this large: build `i64::MAX + this.size > 0` by hand
    let s = list();
    let size = SetExpr::Join {
        left: Box::new(SetExpr::This("LinkedList".into())),
        rel: Rel::Field(
            FieldRef {
                class: "LinkedList".into(),
                field: "size".into(),
                ty: FieldType::Int,
            },
            State::Pre,
        ),
        ty: SetType::Int,
    };
    let sum = IntExpr::Add(
        Box::new(IntExpr::Lit(i64::MAX)),
        Box::new(IntExpr::Sum(Box::new(size))),
    );
    let mut rm = s.rm.clone();
    rm.constraints = vec![NamedFormula {
        name: "o".into(),
        kind: ConstraintKind::Invariant,
        formula: Formula::IntCmp(IntCmp::Gt, sum, IntExpr::Lit(0)),
        span: s.rm.constraints[0].span.clone(),
    }];
    let fin = Finitization::for_method(&s.schema, &rm, 2).unwrap();
    let err = Generator::new(&s.schema, &rm, &fin)
        .unwrap()
        .count()
        .unwrap_err();
    assert_eq!(
        err,
        GenError::Overflow {
            constraint: "o".into()
        }
    );
}

#[test]
fn the_budget_stops_the_search() {
    let s = bst();
    let g = Generator::new(&s.schema, &s.rm, &catalan_fin(&s, 5))
        .unwrap()
        .with_budget(50);
    assert_eq!(
        g.count().unwrap_err(),
        GenError::BudgetExceeded { explored: 50 }
    );
}

#[test]
fn invariants_that_always_fail_give_no_inputs() {
    for inv in [
        "this.size < 0",
        "some this.header && no this.header",
        "#this.header.*next > 3",
    ] {
        let s = list_with_spec(&format!(
            "spec LinkedList {{ invariant bad: {inv} method delete(k: int) {{}} }}"
        ));
        let fin = Finitization::for_method(&s.schema, &s.rm, 3).unwrap();
        let g = Generator::new(&s.schema, &s.rm, &fin).unwrap();
        assert_eq!(g.count().unwrap(), 0, "{inv}");
    }
}

#[test]
fn finitizations_print_readably() {
    let s = list();
    let mut fin = Finitization::for_method(&s.schema, &s.rm, 3).unwrap();
    fin.int_field("LinkedList.Node", "key", [1, 5, 9]).unwrap();
    assert_eq!(
        fin.to_string(),
        "LinkedList: exactly 1; size in 0..=3\nNode: up to 3; key in {1, 5, 9}\nk in 0..=3\n"
    );
}
