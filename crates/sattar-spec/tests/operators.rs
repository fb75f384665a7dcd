//! The semantics of every operator on small hand-built heaps, each with a true and a false case.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

mod common;

use common::{delete_sig, list_heap, resolved, run};

/// Evaluates `formula` as the only ensures clause of `delete(k)`, with k = 0 and result = true.
/// Pre: L0 -> N0(0) -> N1(1), size 2, N1 marked. Post: header = N1, size 1, new node N2(7).
fn holds(formula: &str) -> bool {
    let text = format!(
        "spec LinkedList {{
           pred hasKey(l: LinkedList, x: int) {{ x in l.header.*next.key }}
           pred both(a: int, b: int) {{ a in Node.key  b in Node.key }}
           pred sizeIs(n: int) {{ this.size' = n }}
           method delete(k: int) {{ ensures t: {formula} }}
         }}"
    );
    let rm = resolved(&text, &delete_sig(), None);
    let pre = list_heap(
        Some("N0"),
        2,
        &[("N0", 0, Some("N1"), false), ("N1", 1, None, true)],
    );
    let post = list_heap(
        Some("N1"),
        1,
        &[
            ("N0", 0, Some("N1"), false),
            ("N1", 1, None, true),
            ("N2", 7, None, false),
        ],
    );
    let v = run(&rm, &pre, &post, 0);
    v.outcomes[0].holds
}

fn check(cases: &[(&str, bool)]) {
    for (f, want) in cases {
        assert_eq!(holds(f), *want, "{f}");
    }
}

#[test]
fn join() {
    check(&[
        ("this.header.key = 0", true),
        ("this.header.key = 1", false),
        ("this.header.next.key = 1", true),
        ("this.header.next.next = null", true),
        ("this.header.next.next = this.header", false),
    ]);
}

#[test]
fn reflexive_and_transitive_closure() {
    check(&[
        ("#this.header.*next = 2", true),
        ("this.header.*next = this.header", false),
        ("this.header in this.header.*next", true),
        ("this.header.^next = this.header.next", true),
        ("this.header in this.header.^next", false),
        ("this.header.*(next) = Node", true),
    ]);
}

#[test]
fn transpose_and_relation_union() {
    check(&[
        ("this.header.next.~next = this.header", true),
        ("some this.header.~next", false),
        ("this.header.~header = this", true),
        ("this.header.next.(next + ~next) = this.header", true),
        ("this.header.(next + ~next) = this.header", false),
        ("this.header.next.^~next = this.header", true),
        ("this.header.next.*~next = Node", true),
        ("this.header.next.~^next = this.header.next", false),
        ("1.~key = this.header.next", true),
        ("k.~key = this.header.next", false),
        ("(k + 1).~key.~next = this.header", true),
    ]);
}

#[test]
fn set_union_difference_intersection() {
    check(&[
        ("#(this.header + this.header.next) = 2", true),
        ("#(this.header + this.header) = 2", false),
        ("this.header.*next - this.header = this.header.next", true),
        ("this.header.*next - this.header = this.header", false),
        ("no (this.header & this.header.next)", true),
        ("some (this.header & this.header.*next)", true),
        ("some (this.header & this.header.next)", false),
        ("this.header.*next.key & 1 = 1", true),
        // `+` on an int *set* (keys {0, 1}) is union: {0, 1, 5}, not the sum 6.
        ("(Node.key + 5) = 6", false),
        ("5 in Node.key + 5 && #(Node.key + 5) = 3", true),
        // `-` on an int set is difference: {0, 1} - 0 = {1}.
        ("Node.key - 0 = 1", true),
    ]);
}

#[test]
fn cardinality_and_class_extents() {
    check(&[
        ("#LinkedList.Node = 2", true),
        ("#Node = 3", false),
        ("#LinkedList = 1", true),
        ("#null = 0", true),
        ("#Node.key = 1", false),
        (
            "Node.key = 0 + 1 - 1 + 0 || Node.key = this.header.*next.key",
            true,
        ),
    ]);
}

#[test]
fn integer_arithmetic_and_comparisons() {
    check(&[
        ("this.size + 1 = 3", true),
        ("this.size - 1 = 0", false),
        ("-this.size < 0", true),
        ("-this.size > 0", false),
        ("this.size < 3", true),
        ("this.size < 2", false),
        ("this.size <= 2", true),
        ("this.size <= 1", false),
        ("this.size > 1", true),
        ("this.size > 2", false),
        ("this.size >= 2", true),
        ("this.size >= 3", false),
        ("k + 2 = this.size", true),
        ("k - 1 = -1", true),
        ("this.size != 2", false),
        ("this.size != 3", true),
    ]);
}

#[test]
fn multiplication_binds_tighter_than_plus_and_is_exact() {
    // Pre-state: size 2, keys {0, 1}; k = 0.
    check(&[
        ("this.size * 3 = 6", true),
        ("this.size * 3 = 5", false),
        ("1 + this.size * 3 = 7", true),
        ("(1 + this.size) * 3 = 9", true),
        ("this.size * this.size * this.size = 8", true),
        ("-this.size * 2 = -4", true),
        ("k * 5 = 0", true),
        // A set of ints is its sum, as in `<`: keys {0, 1} sum to 1.
        ("Node.key * 4 = 4", true),
        // The post-state's size is 1.
        ("this.size' * 2 = this.size", true),
    ]);
}

#[test]
fn alloy_int_semantics_sum_and_set_equality() {
    check(&[
        // Keys {0, 1} form a set, so `+` is union ({0, 1} != {1}); `<` sums them (1 < 2).
        ("Node.key + 0 = 1", false),
        ("Node.key < 2", true),
        ("Node.key > 1", false),
        // No arithmetic: compared as sets, so the empty set is not {0} ...
        ("this.header.next.next.key = 0", false),
        // ... but an arithmetic side makes it an integer comparison (empty sums to 0).
        ("this.header.next.next.key + 0 = 0", true),
        ("Node.key = 0 + 1", true),
        ("Node.key = 1", false),
    ]);
}

#[test]
fn subset_and_equality() {
    check(&[
        ("0 in this.header.*next.key", true),
        ("2 in this.header.*next.key", false),
        ("2 !in this.header.*next.key", true),
        ("1 !in this.header.*next.key", false),
        ("this.header.next in Node", true),
        ("Node in this.header.next", false),
        ("null in this.header", true),
        ("this.header.*next = Node", true),
        ("this.header.*next = this.header", false),
        ("this.header != this.header.next", true),
        ("this.header != this.header", false),
    ]);
}

#[test]
fn multiplicity_formulas() {
    check(&[
        ("one this.header", true),
        ("one Node", false),
        ("lone this.header.next.next", true),
        ("lone this.header.*next", false),
        ("no null", true),
        ("no this.header.next", false),
        ("some this.header", true),
        ("some null", false),
    ]);
}

#[test]
fn quantifiers() {
    check(&[
        ("all n: Node | n.key < 2", true),
        ("all n: Node | n.key < 1", false),
        ("some n: Node | n.key = 1", true),
        ("some n: Node | n.key = 2", false),
        ("no n: Node | n.key = 2", true),
        ("no n: Node | n.key = 1", false),
        ("one n: Node | n.key = 1", true),
        ("one n: Node | n.key >= 0", false),
        ("lone n: Node | n.key = 5", true),
        ("lone n: Node | n.key >= 0", false),
        ("all n: this.header.next.next | n.key = 5", true),
        ("some n: this.header.next.next | n.key = 5", false),
        ("all x: Node.key | x >= 0", true),
    ]);
}

#[test]
fn quantifiers_with_several_variables() {
    check(&[
        ("all n, m: Node | n != m => n.key != m.key", true),
        ("all n, m: Node | n.key = m.key", false),
        ("some n, m: Node | n.next = m", true),
        ("some n, m: Node | n.next = m && m.next = n", false),
        ("no n, m: Node | n.next = m && m.next = n", true),
        ("no n, m: Node | n = m", false),
        // Exactly one pair (N0, N1) is linked by next.
        ("one n, m: Node | n.next = m", true),
        ("one n, m: Node | n = m", false),
        ("lone n, m: Node | n.next = m", true),
        ("lone n, m: Node | n != m", false),
    ]);
}

#[test]
fn logical_connectives() {
    check(&[
        ("!(this.size = 3)", true),
        ("!(this.size = 2)", false),
        ("this.size = 2 && k = 0", true),
        ("this.size = 2 && k = 1", false),
        ("this.size = 3 || k = 0", true),
        ("this.size = 3 || k = 1", false),
        ("this.size = 3 => k = 1", true),
        ("this.size = 2 => k = 1", false),
        ("this.size = 2 => k = 0 else k = 1", true),
        ("this.size = 3 => k = 0 else k = 1", false),
        ("this.size = 3 => k = 1 else k = 0", true),
        ("(this.size = 3) <=> (k = 1)", true),
        ("(this.size = 2) <=> (k = 1)", false),
        ("true", true),
        ("false", false),
        ("not this.size = 3 and (k = 0 or false)", true),
        ("this.size = 2 implies k = 1", false),
        ("this.size = 2 iff k = 0", true),
        // Precedence: && binds tighter than ||, => tighter than <=>.
        ("true || false && false", true),
        ("false && false || true", true),
        ("false => false <=> true", true),
        // `else` takes a whole conjunction.
        ("false => false else true && false", false),
        ("false => false else true && true", true),
    ]);
}

#[test]
fn predicates_with_arguments() {
    check(&[
        ("hasKey(this, 1)", true),
        ("hasKey(this, 5)", false),
        ("hasKey(this, k + 1)", true),
        ("both(0, 1)", true),
        ("both(0, 2)", false),
        ("all n: Node | hasKey(this, n.key)", true),
        ("sizeIs(1)", true),
        ("sizeIs(2)", false),
    ]);
}

#[test]
fn primes_read_the_post_state() {
    check(&[
        ("this.size' = 1", true),
        ("this.size' = 2", false),
        ("this.size' = this.size - 1", true),
        ("this.header' = this.header.next", true),
        ("this.header' = this.header", false),
        // A primed field navigates the post-state; unprimed ones the pre-state.
        ("this.header'.key = 1", true),
        ("k !in this.header'.*next'.key'", true),
        ("k !in this.header.*next.key", false),
        // A prime on an expression makes every field in it post-state.
        ("(this.header.next)' = null", true),
        ("this.header.next' = this.header'", true),
        ("this.(header)' = this.header'", true),
        // Class extents: the post-state has the new node N2.
        ("#Node' = 3", true),
        ("#Node' = #Node", false),
        ("Node' - Node = 7.~key'", true),
        ("Node' - Node = 7.~key", false),
        ("(Node' - Node).key' = 7", true),
        ("k' = k", true),
        // A prime on a whole formula.
        ("(all n: Node | n.key < 2)'", false),
        ("(some n: Node | n.key = 7)'", true),
        ("(some n: Node | n.key = 7)", false),
    ]);
}

#[test]
fn result_is_the_return_value() {
    check(&[
        ("result = true", true),
        ("result = false", false),
        ("result != false", true),
    ]);
}

#[test]
fn boolean_fields_compare_with_literals() {
    check(&[
        ("this.header.next.marked = true", true),
        ("this.header.marked = true", false),
        ("Node.marked = true + false", true),
        ("all n: Node | n.marked = true => n.key = 1", true),
    ]);
}
