//! sattar's models of java.util's maps are encoded as the interpreter runs them: a sample of
//! the JVM test's cases (every method, iteration mode, crowded bins, navigation, comparisons)
//! and random scripts agree on fixed inputs, run, coverage, trace and post-state.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

mod common;
#[path = "../../sattar-java/tests/support/maps.rs"]
mod maps;

use sattar_java::Termination;
use std::collections::BTreeSet;

#[test]
fn fixed_map_inputs_agree_with_the_interpreter() {
    let p = common::program(maps::FILES);
    let mut outcomes = BTreeSet::new();
    let cases = maps::cases();
    // Every case but the scripts, and every seventh script: each operation still meets each
    // kind of map after each prefix with some key.
    let sample = cases
        .iter()
        .enumerate()
        .filter(|(i, (name, _))| i % 7 == 0 || *name != "script");
    for (_, (name, json)) in sample {
        let want = common::fixed_agrees(&p, &format!("MapOps.{name}"), json);
        outcomes.insert(match &want.termination {
            Termination::Threw(e) => e.clone(),
            t => t.label(),
        });
    }
    for e in [
        "java.util.NoSuchElementException",
        "java.util.ConcurrentModificationException",
        "java.lang.IllegalStateException",
        "java.lang.NullPointerException",
        "returned",
    ] {
        assert!(outcomes.contains(e), "no case ends with {e}: {outcomes:?}");
    }
}

#[test]
fn random_map_scripts_agree_with_the_interpreter() {
    let p = common::program(maps::FILES);
    // A fixed linear congruential sequence: the scripts are the same on every run.
    let mut state = 31u64;
    let mut next = |n: u64| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1);
        (state >> 33) % n
    };
    for json in maps::scripts(12, 25, &mut next) {
        common::fixed_agrees(&p, "MapOps.script", &json);
    }
}

/// Maps in the pre-state, in the JDK's own form (a run's post-state), are encoded as the
/// interpreter runs them.
#[test]
fn pre_state_maps_agree_with_the_interpreter() {
    let p = common::program(maps::FILES);
    let mut state = 41u64;
    let mut next = |n: u64| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1);
        (state >> 33) % n
    };
    let inputs = maps::built_inputs(&p, 80, &mut next);
    assert!(inputs.len() > 50, "only {} inputs", inputs.len());
    for json in &inputs {
        common::fixed_agrees(&p, "MapOps.op", json);
    }
}

/// Inputs enumerated from a free pre-state run as the interpreter runs them; their maps are
/// empty, as a constructor makes them (a table or tree of keys with the program's own hashCode
/// and compareTo cannot be chosen consistently), of every map class, a TreeMap with or without
/// the program's comparator among them.
#[test]
fn free_pre_state_maps_are_empty_and_agree_with_the_interpreter() {
    let p = common::program(maps::FILES);
    let m = p.find_methods("MapOps.op")[0].id;
    let n = common::enumerated_agree(&p, m, None, 1, 30);
    assert!(n >= 30, "only {n} inputs");
    let mut classes = std::collections::BTreeSet::new();
    let mut comparators = std::collections::BTreeSet::new();
    let spec = common::no_spec(&p, m);
    let mut seen = 0;
    sattar_encode::for_each_valid_input(&p, m, &spec, 1, &mut |input| {
        seen += 1;
        for o in input.heap.objects.values() {
            if !p.is_subclass(&o.class, sattar_java::library::ABSTRACT_MAP) {
                continue;
            }
            classes.insert(o.class.clone());
            for (f, v) in &o.fields {
                match f.as_str() {
                    "comparator" => {
                        comparators.insert(*v != sattar_heap::Value::Null);
                    }
                    "accessOrder" | "max" => {}
                    _ => assert!(
                        matches!(
                            v,
                            sattar_heap::Value::Null
                                | sattar_heap::Value::Int(0)
                                | sattar_heap::Value::Bool(false)
                        ),
                        "{f} of a map in {input}"
                    ),
                }
            }
        }
        match seen < 5_000 && (classes.len() < 4 || comparators.len() < 2) {
            true => std::ops::ControlFlow::Continue(()),
            false => std::ops::ControlFlow::Break(()),
        }
    })
    .expect("enumerates");
    let want = [
        "java.util.HashMap",
        "java.util.LinkedHashMap",
        "java.util.TreeMap",
        "maps.Lru",
    ];
    for c in want {
        assert!(classes.contains(c), "no {c} among {classes:?}");
    }
    assert_eq!(comparators.len(), 2, "{comparators:?}");
}
