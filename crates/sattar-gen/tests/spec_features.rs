//! Every construct of the spec language, checked against brute force: for each small spec the
//! generator must produce exactly the valid inputs, one per isomorphism class.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

mod common;

use common::{brute_force, check_inputs, from_text, Subject};
use sattar_gen::{Finitization, Generator};
use sattar_spec::ConstraintKind;

const JAVA: &str = r#"
public class Graph {
    Node first;
    Node second;
    int count;

    static class Node {
        Node next;
        int val;
        boolean mark;

        int len() {
            return 0;
        }
    }

    int run(int k) {
        return k;
    }

    int pick(Node n) {
        return 0;
    }

    static int stat(Node n, boolean b) {
        return 0;
    }
}
"#;

/// `Graph` with the given invariants, and `method` with the given requires.
fn subject(invariants: &str, method: &str, requires: &str) -> Subject {
    let spec = format!("spec Graph {{\n{invariants}\nmethod {method} {{ {requires} }}\n}}");
    from_text(JAVA, &spec, method.split('(').next().unwrap(), None)
}

/// Scope 2: one `Graph`, up to two nodes, `count` and `val` in {0, 1}, `k` in {0, 1} if a
/// precondition may read it, else 0 (brute force must stay fast).
fn small(s: &Subject) -> Finitization {
    let mut fin = Finitization::for_method(&s.schema, &s.rm, 2).unwrap();
    fin.int_field("Graph", "count", [0, 1]).unwrap();
    if s.rm.sig.param("k").is_some() {
        let reads_k =
            s.rm.constraints
                .iter()
                .any(|c| c.kind == ConstraintKind::Requires);
        fin.int_arg("k", if reads_k { vec![0, 1] } else { vec![0] })
            .unwrap();
    }
    fin
}

/// The generator agrees with brute force, and Korat's mode yields a valid subset.
fn agrees(s: &Subject, fin: &mut Finitization) -> usize {
    let expected = brute_force(s, fin);
    let g = Generator::new(&s.schema, &s.rm, fin).unwrap();
    let got = check_inputs(s, &g.inputs().unwrap());
    assert_eq!(got, expected);
    fin.fix_unread_fields(true);
    let g = Generator::new(&s.schema, &s.rm, fin).unwrap();
    let korat = check_inputs(s, &g.inputs().unwrap());
    assert!(korat.is_subset(&expected));
    fin.fix_unread_fields(false);
    expected.len()
}

fn check(invariants: &str, requires: &str) -> usize {
    let s = subject(invariants, "run(k: int)", requires);
    agrees(&s, &mut small(&s))
}

#[test]
fn no_constraints_gives_every_heap() {
    assert!(check("", "") > 100);
}

#[test]
fn some_and_int_equality() {
    assert!(check("invariant a: some this.first && this.first.val = 1", "") > 0);
}

#[test]
fn class_extents() {
    assert!(check("invariant b: all n: Node | n.mark = true => n.val > 0", "") > 0);
    assert!(check("invariant b2: #Node <= 1 || this.count = 1", "") > 0);
}

#[test]
fn transpose_and_backward_closure() {
    assert!(check("invariant c: all n: this.first.*next | lone n.~next", "") > 0);
    assert!(check("invariant m: this.first in this.second.*~next", "") > 0);
}

#[test]
fn difference_intersection_and_cardinality() {
    assert!(
        check(
            "invariant d: one (this.first.*next - this.second.*next)",
            ""
        ) > 0
    );
    let g = "invariant g: this.second in this.first.*next && this.count = #(this.first.*next & this.second.*next)";
    assert!(check(g, "") > 0);
}

#[test]
fn iff_if_else_negation_and_booleans() {
    assert!(
        check(
            "invariant e: (this.first.mark = true) <=> (this.count > 0)",
            ""
        ) > 0
    );
    assert!(
        check(
            "invariant f: this.count = 0 => no this.first else some this.first",
            ""
        ) > 0
    );
    assert!(
        check(
            "invariant p: !(this.first = this.second) || no this.first",
            ""
        ) > 0
    );
    assert!(check("invariant q: this.second.mark = this.first.mark", "") > 0);
}

#[test]
fn quantifiers_of_every_kind() {
    let h = "invariant h: no n: this.first.*next | n.next = n\n\
             invariant h2: lone n: this.first.*next | n.mark = true";
    assert!(check(h, "") > 0);
    let i = "invariant i: some n: this.first.^next | n.val = 1\n\
             invariant i2: one m: this.second.*next | m.mark = false";
    assert!(check(i, "") > 0);
    let k = "invariant k: all a, b: this.first.*next | a.val = b.val => a = b";
    assert!(check(k, "") > 0);
    assert!(check("invariant l: all v: this.first.*next.val | v >= 1", "") > 0);
}

#[test]
fn sums_and_arithmetic_with_arguments() {
    assert!(check("invariant j: this.count >= this.first.*next.val", "") > 0);
    let r = "requires r: k < this.count || k in this.first.*next.val\n\
             requires r2: this.count - k >= 0 && #this.first.*next + k = 2";
    assert!(check("", r) > 0);
    assert!(check("", "requires neg: -k + 1 = this.count") > 0);
}

#[test]
fn multiplication() {
    assert!(
        check(
            "invariant m: this.first.*next.val * 2 <= this.count * 3",
            ""
        ) > 0
    );
    let r = "requires sq: k * this.count = this.count * this.count && k * -1 <= 0";
    assert!(check("", r) > 0);
    // 1 * 1 is the only product above 0: no input has count 1 and k 1 under `< 1`.
    let none = check("", "requires p: k * this.count >= 1 && k * this.count < 1");
    assert_eq!(none, 0);
}

#[test]
fn reference_arguments() {
    let s = subject("", "pick(n: Node)", "requires q: n in this.first.*next");
    assert!(agrees(&s, &mut small(&s)) > 0);
    let s = subject("", "pick(n: Node)", "requires q2: no n || n.val = 1");
    let mut fin = small(&s);
    assert!(agrees(&s, &mut fin) > 0);
    fin.nullable_arg("n", false).unwrap();
    assert!(agrees(&s, &mut fin) > 0);
}

#[test]
fn static_methods_have_only_their_arguments() {
    let s = subject(
        "invariant a: some this.first",
        "stat(n: Node, b: boolean)",
        "requires s: some n && n.next = n",
    );
    assert!(agrees(&s, &mut small(&s)) > 0);
}

#[test]
fn exact_object_counts() {
    let s = subject(
        "invariant c: all n: this.first.*next | lone n.~next",
        "run(k: int)",
        "",
    );
    let mut fin = small(&s);
    fin.exactly("Node", 2).unwrap();
    assert!(agrees(&s, &mut fin) > 0);
}

#[test]
fn a_spec_no_heap_satisfies_gives_nothing() {
    assert_eq!(
        check("invariant never: some this.first && no this.first", ""),
        0
    );
    assert_eq!(check("invariant neg: this.count < 0", ""), 0);
    assert_eq!(check("invariant big: #this.first.*next > 2", ""), 0);
}

#[test]
fn a_receiver_whose_class_points_to_itself() {
    let spec = "spec Node { invariant acyclic: this !in this.^next\n\
                invariant up: all n: this.^next | n.val > this.val\n\
                method len() {} }";
    let s = from_text(JAVA, spec, "len", None);
    let fin = Finitization::for_method(&s.schema, &s.rm, 3).unwrap();
    assert_eq!(fin.count("Graph.Node"), Some(sattar_gen::Count::UpTo(3)));
    assert_eq!(fin.count("Graph"), Some(sattar_gen::Count::UpTo(0)));
    let mut fin = fin;
    let valid = agrees(&s, &mut fin);
    assert!(valid > 0);
    let g = Generator::new(&s.schema, &s.rm, &fin).unwrap();
    assert_eq!(g.count().unwrap(), valid as u64);
}

#[test]
fn negative_positions_narrow_soundly() {
    let specs = [
        "invariant n1: !(some n: this.first.*next | n.val = 1)",
        "invariant n2: !(this.count < 1) || no this.first",
        "invariant n3: (this.first.val = 1) <=> (this.second.val = 0)",
        "invariant n4: !(this.first = this.second => this.count = 1)",
        "invariant n5: !(no this.first.next) && !(one this.second)",
        "invariant n6: this.first.next !in this.second.*next",
        "invariant n7: this.first.next = this.second && this.second in this.first.next",
        "invariant n8: !(this.first.val != this.count) && !(this.first.mark = this.second.mark)",
    ];
    for inv in specs {
        check(inv, "");
    }
}
