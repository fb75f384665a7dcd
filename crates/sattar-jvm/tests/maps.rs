//! sattar's models of java.util's maps equal the JDK's classes on the real JVM: every modelled
//! method of HashMap, LinkedHashMap (insertion order, and evicting as a subclass says) and
//! TreeMap (natural order and a comparator) after several prefixes, with colliding keys, null
//! keys and values; iterators that fail fast, run dry or remove twice; bins crowded until the
//! table grows; navigation; equality across classes; and random scripts of forty operations.
//! Every part of each `Execution` is compared — termination, coverage, trace (which equals,
//! hashCode and compareTo calls a lookup makes), post-state (the JDK's own fields: table, bins,
//! threshold, links, tree shape and colours) and steps.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

mod common;
#[path = "../../sattar-java/tests/support/maps.rs"]
mod maps;

use sattar_heap::input_from_json;
use sattar_java::{Limits, Termination};
use sattar_jvm::JvmRunner;
use std::collections::BTreeSet;

const LIMITS: Limits = Limits {
    max_steps: 20_000,
    max_depth: 50,
};

#[test]
fn every_modelled_map_method_equals_the_jdk() {
    let p = common::program_of(maps::FILES);
    let mut jvm =
        JvmRunner::start(&p, common::options(LIMITS.max_steps)).unwrap_or_else(|e| panic!("{e}"));
    let mut outcomes = BTreeSet::new();
    let cases = maps::cases();
    for (name, json) in &cases {
        let m = p.find_methods(&format!("MapOps.{name}"))[0].id;
        let (input, _) = input_from_json(json, "t.json", &p.schema(), &p.sig(m))
            .unwrap_or_else(|e| panic!("{name} on {json}: {e}"));
        let run = common::assert_same(&p, m, &input, &mut jvm, LIMITS);
        outcomes.insert(match &run.termination {
            Termination::Threw(e) => e.clone(),
            t => t.label(),
        });
    }
    assert!(cases.len() > 4_000, "{} cases", cases.len());
    for e in [
        "java.util.NoSuchElementException",
        "java.util.ConcurrentModificationException",
        "java.lang.IllegalStateException",
        "java.lang.NullPointerException",
        "java.lang.UnsupportedOperationException",
        "returned",
    ] {
        assert!(outcomes.contains(e), "no case ends with {e}: {outcomes:?}");
    }
}

/// Runs `MapOps.method` on each input on both engines, asserting every part of the runs equal;
/// how many ran to the end.
fn scripts_equal_the_jdk(method: &str, inputs: &[String]) -> usize {
    let p = common::program_of(maps::FILES);
    let m = p.find_methods(&format!("MapOps.{method}"))[0].id;
    let mut jvm =
        JvmRunner::start(&p, common::options(LIMITS.max_steps)).unwrap_or_else(|e| panic!("{e}"));
    let mut returned = 0;
    for json in inputs {
        let (input, _) = input_from_json(json, "t.json", &p.schema(), &p.sig(m))
            .unwrap_or_else(|e| panic!("{json}: {e}"));
        let run = common::assert_same(&p, m, &input, &mut jvm, LIMITS);
        returned += usize::from(matches!(run.termination, Termination::Returned(_)));
    }
    returned
}

#[test]
fn random_set_scripts_equal_the_jdk() {
    let mut rng = common::Rng::new(29);
    let mut next = |n: u64| rng.below(n as usize) as u64;
    let returned = scripts_equal_the_jdk("setScript", &maps::set_scripts(300, 30, &mut next));
    assert!(returned > 100, "only {returned} scripts ran to the end");
}

#[test]
fn random_map_scripts_equal_the_jdk() {
    let mut rng = common::Rng::new(23);
    let mut next = |n: u64| rng.below(n as usize) as u64;
    let returned = scripts_equal_the_jdk("script", &maps::scripts(400, 40, &mut next));
    assert!(returned > 100, "only {returned} scripts ran to the end");
}

/// Maps in the pre-state, in the JDK's own form (a run's post-state: table and bins, links,
/// tree and colours), are built on the JVM field by field and run as the interpreter runs them.
#[test]
fn pre_state_maps_equal_the_jdk() {
    let p = common::program_of(maps::FILES);
    let mut rng = common::Rng::new(41);
    let mut next = |n: u64| rng.below(n as usize) as u64;
    let inputs = maps::built_inputs(&p, 300, &mut next);
    assert!(inputs.len() > 200, "only {} inputs", inputs.len());
    scripts_equal_the_jdk("op", &inputs);
}

/// Known answers, so that the engines cannot agree on a wrong one: on every kind of set,
/// `add(1)` is true, `add(1)` again false (the JDK's `PRESENT` comes back from the map),
/// `remove(1)` true: the script folds them as ((1 · 7) + 0) · 7 + 1 = 50.
#[test]
fn set_answers_are_the_jdks() {
    let p = common::program_of(maps::FILES);
    let m = p.find_methods("MapOps.setScript")[0].id;
    let mut jvm =
        JvmRunner::start(&p, common::options(LIMITS.max_steps)).unwrap_or_else(|e| panic!("{e}"));
    for kind in 0..maps::SET_KINDS {
        let json = format!(
            r#"{{"this":"O","args":{{"kind":{kind},"ops":"A"}},"objects":{{"O":{{"class":"maps.MapOps"}},"A":{{"class":"int[]","elements":[0,1,0,1,1,1]}}}}}}"#
        );
        let (input, _) = input_from_json(&json, "t.json", &p.schema(), &p.sig(m))
            .unwrap_or_else(|e| panic!("{json}: {e}"));
        let run = common::assert_same(&p, m, &input, &mut jvm, LIMITS);
        assert_eq!(
            run.termination,
            Termination::Returned(Some(sattar_heap::Value::Int(50))),
            "kind {kind}"
        );
    }
}
