//! sattar's models of java.util are encoded as the interpreter runs them: every modelled method
//! of the shared collections program agrees on fixed inputs (a sample of the JVM test's) and on
//! inputs the encoder enumerates from a free pre-state.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

#[path = "../../sattar-java/tests/support/collections.rs"]
mod collections;
mod common;

use common::{no_spec, LIMITS};
use sattar_encode::{encode, EncodeOptions, PreSpec};
use sattar_heap::input_from_json;
use sattar_java::{run, Termination};

use std::collections::BTreeSet;

#[test]
fn fixed_inputs_agree_with_the_interpreter() {
    let p = common::program(collections::FILES);
    let mut outcomes = BTreeSet::new();
    let cases = collections::cases();
    // Every iteration case, and every fifth other: each operation and argument still meets
    // several collections.
    let sample = cases
        .iter()
        .enumerate()
        .filter(|(i, (name, _))| i % 5 == 0 || matches!(*name, "iterate" | "forEach" | "rank"));
    for (_, (name, json)) in sample {
        let qualified = if name.contains('.') {
            name.to_string()
        } else {
            format!("Ops.{name}")
        };
        let want = common::fixed_agrees(&p, &qualified, json);
        outcomes.insert(match &want.termination {
            Termination::Threw(e) => e.clone(),
            t => t.label(),
        });
    }
    for e in [
        "java.lang.IndexOutOfBoundsException",
        "java.util.NoSuchElementException",
        "java.util.ConcurrentModificationException",
        "returned",
    ] {
        assert!(outcomes.contains(e), "no case ends with {e}: {outcomes:?}");
    }
}

#[test]
fn enumerated_inputs_agree_with_the_interpreter() {
    let p = common::program(collections::FILES);
    let mut total = 0;
    for name in ["onList", "iterate", "onStack", "onDeque", "rank"] {
        let qualified = if name.contains('.') {
            name.to_string()
        } else {
            format!("Ops.{name}")
        };
        let m = p.find_methods(&qualified)[0].id;
        let n = common::enumerated_agree(&p, m, None, 2, 25);
        assert!(n >= 10, "{name}: only {n} inputs");
        total += n;
    }
    assert!(total >= 60, "{total}");
}

/// The free pre-states hold only collections a Java heap can: each with an `Object[]` of its own,
/// an ArrayDeque without nulls (`storage_problem`, the rule JSON inputs are held to), and no
/// object of a model's helper class (an iterator), which only a run makes.
#[test]
fn free_pre_states_hold_only_collections_java_can() {
    let p = common::program(collections::FILES);
    for name in ["Ops.onList", "Ops.onDeque", "Ops.rank"] {
        let m = p.find_methods(name)[0].id;
        let mut seen = 0;
        sattar_encode::for_each_valid_input(&p, m, &no_spec(&p, m), 2, &mut |input| {
            if let Some(problem) = sattar_java::library::storage_problem(&input) {
                panic!("{name}: {problem}\n{input}");
            }
            let helper =
                |c: &str| p.is_library_class(c) && sattar_java::library::storage(c).is_none();
            assert!(
                !input.heap.objects.values().any(|o| helper(&o.class)),
                "{name}: a model's helper object in {input}"
            );
            seen += 1;
            match seen < 300 {
                true => std::ops::ControlFlow::Continue(()),
                false => std::ops::ControlFlow::Break(()),
            }
        })
        .expect("enumerates");
        assert!(seen >= 20, "{name}: only {seen} inputs");
    }
}

/// A tree whose children are a `java.util.List`, with `pruneLeaves`' fault: `kids.remove(c)`
/// where the iterator's own `remove` belongs (the next `next()` then fails fast).
const PRUNE: &[(&str, &str)] = &[(
    "t/Tree.java",
    "package t;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
public class Tree {
    int key;
    List<Tree> kids = new ArrayList<>();
    public int prune(int k) {
        int removed = 0;
        Iterator<Tree> it = kids.iterator();
        while (it.hasNext()) {
            Tree c = it.next();
            if (c.key == k && c.kids.isEmpty()) {
                kids.remove(c);
                removed++;
            }
        }
        return removed;
    }
}",
)];

/// The modelled JDK is trusted: relaxing a statement that calls a model frees the arguments it
/// passes (over their expressions' static types) and the cells the call writes, not the model's
/// own variables and branches. Before, `remove(Object)`'s `equals` on a freed argument reached
/// `AbstractList.equals` of every list, recursively, and this encoding needed more than the
/// 4,000,000 circuit nodes allowed (30,000 variables now).
#[test]
fn relaxing_a_call_of_a_model_keeps_the_model_closed() {
    let p = common::program(PRUNE);
    let m = p.find_methods("Tree.prune")[0].id;
    let json = r#"{"this":"T0","args":{"k":1},"objects":{
        "T0":{"class":"t.Tree","key":0,"kids":"L0"},
        "T1":{"class":"t.Tree","key":1,"kids":"L1"},
        "T2":{"class":"t.Tree","key":2,"kids":"L2"},
        "T3":{"class":"t.Tree","key":1,"kids":"L3"},
        "L0":{"class":"java.util.ArrayList","elements":"A0","modCount":0},
        "L1":{"class":"java.util.ArrayList","elements":"A1","modCount":0},
        "L2":{"class":"java.util.ArrayList","elements":"A2","modCount":0},
        "L3":{"class":"java.util.ArrayList","elements":"A3","modCount":0},
        "A0":{"class":"java.lang.Object[]","elements":["T1","T2","T3"]},
        "A1":{"class":"java.lang.Object[]","elements":[]},
        "A2":{"class":"java.lang.Object[]","elements":[]},
        "A3":{"class":"java.lang.Object[]","elements":[]}}}"#;
    let (input, _) = input_from_json(json, "t.json", &p.schema(), &p.sig(m)).expect("input");
    let want = run(&p, m, &input, LIMITS).expect("runs");
    assert_eq!(
        want.termination,
        Termination::Threw("java.util.ConcurrentModificationException".into())
    );
    let opts = EncodeOptions {
        mode: sattar_encode::Mode::Grouped,
        ..EncodeOptions::default()
    };
    let mut enc = encode(&p, m, &no_spec(&p, m), PreSpec::Fixed(&input), &opts).expect("encodes");
    let vars = enc.session.num_vars();
    assert!(vars < 100_000, "{vars} variables");
    let groups = enc.postcondition_group_ids();
    let core = enc
        .minimal_core(&groups, sattar_encode::CoreOrder::default())
        .expect("solves")
        .expect("the run violates noException");
    let lines: BTreeSet<u32> = core.suspects.iter().map(|s| p.stmt(*s).line).collect();
    // The fix is line 14's call (or the loop that reaches the next `next()` after it).
    assert!(lines.contains(&14), "suspects on lines {lines:?}");
    assert!(lines.iter().all(|l| (9..=16).contains(l)), "{lines:?}");
}
