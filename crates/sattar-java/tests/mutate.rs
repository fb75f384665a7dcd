//! First-order mutants from javac's attributed trees: every operator on a small method, counted
//! by hand, and each mutant a one-line change that javac compiles or refuses as Java does.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

use sattar_java::mutate::{mutants, Operator, SourceMutant};
use sattar_java::parse_sources;
use sattar_jdk::SourceText;
use std::collections::BTreeMap;

const COUNTER: &str = "class Counter {
    int count;
    int limit;
    boolean bump(int by) {
        if (count + by > limit) {
            return false;
        }
        count = count + by;
        return true;
    }
}
";

fn source(text: &str) -> Vec<SourceText> {
    vec![SourceText {
        path: "Counter.java".into(),
        text: text.into(),
    }]
}

/// The source with one mutant applied the way the catalog applies a mutation.
fn apply(text: &str, m: &SourceMutant) -> String {
    let mut lines: Vec<String> = text.split('\n').map(str::to_string).collect();
    let l = &mut lines[m.line as usize - 1];
    assert!(l.contains(&m.original), "{m:?}");
    *l = l.replacen(&m.original, &m.faulty, 1);
    lines.join("\n")
}

#[test]
fn every_operator_on_a_small_method_counted_by_hand() {
    let all = mutants(&source(COUNTER), "Counter.bump", true).unwrap();
    let mut by_op: BTreeMap<&str, usize> = BTreeMap::new();
    for m in &all {
        *by_op.entry(m.operator.name()).or_default() += 1;
    }
    // Line 5: `>` to the five other relations (both sides int) and the comparison to `true`
    // and `false`, `+` to the four other
    // arithmetic operators, the condition negated, `count` ↔ `limit` (the class's other int
    // field) twice. Lines 6 and 9: the boolean constant flipped and the return value negated.
    // Line 8: `+` four ways, `count` replaced on either side, the assignment removed.
    let want = [
        ("AOR", 8),
        ("CRP", 2),
        ("DEL", 1),
        ("NEG", 1),
        ("RET", 2),
        ("ROR", 7),
        ("VAR", 4),
    ];
    assert_eq!(by_op, BTreeMap::from(want), "{all:#?}");
    let on = |line: u32| all.iter().filter(|m| m.line == line).count();
    assert_eq!([on(5), on(6), on(8), on(9)], [14, 2, 7, 2]);
    let changed: Vec<(u32, &str, &str)> = all
        .iter()
        .filter(|m| m.line == 8 && m.operator == Operator::Var)
        .map(|m| (m.line, m.original.as_str(), m.faulty.as_str()))
        .collect();
    // The second `count` is not the first on its line: the original runs from the statement.
    assert_eq!(
        changed,
        [(8, "count", "limit"), (8, "count = count", "count = limit")]
    );
    let removed: Vec<&SourceMutant> = all.iter().filter(|m| m.is_omission()).collect();
    assert_eq!(removed.len(), 1);
    assert_eq!(
        (removed[0].original.as_str(), removed[0].faulty.as_str()),
        ("count = count + by;", "{}")
    );
}

#[test]
fn every_mutant_changes_one_line_and_compiles() {
    for m in mutants(&source(COUNTER), "bump", false).unwrap() {
        let text = apply(COUNTER, &m);
        let diff = COUNTER
            .lines()
            .zip(text.lines())
            .filter(|(a, b)| a != b)
            .count();
        assert_eq!(diff, 1, "{m:?}");
        if let Err(e) = parse_sources(&source(&text)) {
            panic!("{m:?} does not compile: {}", e[0]);
        }
    }
}

#[test]
fn reference_comparisons_only_swap_equality_and_constants_never_repeat() {
    let text = "class Node {
    Node next;
    int k;
    boolean last(Node other) {
        return next == null && k + 1 >= 2 || other != next;
    }
}
";
    let all = mutants(&source(text), "last", false).unwrap();
    let ror: Vec<&str> = all
        .iter()
        .filter(|m| m.operator == Operator::Ror)
        .map(|m| m.faulty.as_str())
        .collect();
    // `==` and `!=` on references: one swap each; `>=` on ints: five; each comparison
    // replaced by `true` and `false`.
    assert_eq!(ror.len(), (1 + 2) + (5 + 2) + (1 + 2), "{ror:?}");
    let cor = all.iter().filter(|m| m.operator == Operator::Cor).count();
    // `&&` and `||`: the other operator, `true`, `false` and either operand.
    assert_eq!(cor, 2 * 5);
    let crp: Vec<&str> = all
        .iter()
        .filter(|m| m.operator == Operator::Crp)
        .map(|m| m.faulty.as_str())
        .collect();
    // 1 → 0, 2 (1 and c-1 = 0 repeat); 2 → 0, 1, 3 (c-1 = 1 repeats).
    assert_eq!(crp.len(), 5, "{crp:?}");
    let nulls = |text: &str, method: &str| -> Vec<String> {
        (mutants(&source(text), method, false).unwrap().into_iter())
            .filter(|m| m.faulty.contains("null") && !m.original.contains("null"))
            .map(|m| m.faulty)
            .collect()
    };
    let link = "class Node {
    Node next;
    int k;
    void cut(Node a) {
        Node b = a.next;
        next = b;
        k = 2;
    }
}
";
    // References assigned or initialized: `null` instead; never an int.
    assert_eq!(nulls(link, "cut"), ["Node b = null;", "next = null"]);
    let e = mutants(&source(text), "first", false)
        .unwrap_err()
        .to_string();
    assert!(e.contains("no method `first`"), "{e}");
}

#[test]
fn callees_are_mutated_with_the_method_when_asked() {
    let text = "class Box {
    int v;
    void set(int x) {
        store(x);
    }
    void store(int x) {
        v = x;
    }
    void other() {
        v = 7;
    }
}
";
    let own = mutants(&source(text), "Box.set", false).unwrap();
    let lines = |all: &[SourceMutant]| {
        let mut l: Vec<u32> = all.iter().map(|m| m.line).collect();
        l.dedup();
        l
    };
    // `store(x);` removed, and `x` has no other int local before it to become.
    assert_eq!(lines(&own), [4]);
    let reached = mutants(&source(text), "Box.set", true).unwrap();
    // `store`'s assignment too, never `other`'s.
    assert_eq!(lines(&reached), [4, 7]);
}
