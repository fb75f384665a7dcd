//! sattar's models of java.util equal the JDK's classes on the real JVM: every modelled method
//! of ArrayList, LinkedList, Stack and ArrayDeque on every collection of up to two elements
//! (nulls, equal but distinct boxes), iterators and enhanced `for` that fail fast or end early,
//! and random scripts of twenty operations in a row; every part of each `Execution`
//! (termination, coverage, trace, post-state with `modCount`, steps).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

#[path = "../../sattar-java/tests/support/collections.rs"]
mod collections;
mod common;

use sattar_heap::{input_from_json, Heap, ObjId, Object, Value};
use sattar_java::library::{is_collection, ELEMENTS};
use sattar_java::{parse_sources, Limits, Program, SourceText, Termination};
use sattar_jvm::JvmRunner;
use std::collections::{BTreeMap, BTreeSet};

const LIMITS: Limits = Limits {
    max_steps: 10_000,
    max_depth: 50,
};

fn program() -> Program {
    let sources: Vec<SourceText> = collections::FILES
        .iter()
        .map(|(p, t)| SourceText {
            path: p.to_string(),
            text: t.to_string(),
        })
        .collect();
    parse_sources(&sources).unwrap_or_else(|e| panic!("{}", e[0]))
}

#[test]
fn every_modelled_method_equals_the_jdk() {
    let p = program();
    let mut jvm =
        JvmRunner::start(&p, common::options(LIMITS.max_steps)).unwrap_or_else(|e| panic!("{e}"));
    let mut outcomes = BTreeSet::new();
    let cases = collections::cases();
    for (name, json) in &cases {
        let qualified = if name.contains('.') {
            name.to_string()
        } else {
            format!("Ops.{name}")
        };
        let m = p.find_methods(&qualified)[0].id;
        let (input, _) = input_from_json(json, "t.json", &p.schema(), &p.sig(m))
            .unwrap_or_else(|e| panic!("{name} on {json}: {e}"));
        let run = common::assert_same(&p, m, &input, &mut jvm, LIMITS);
        outcomes.insert(match &run.termination {
            Termination::Threw(e) => e.clone(),
            t => t.label(),
        });
    }
    assert!(cases.len() > 2_000, "{} cases", cases.len());
    for e in [
        "java.lang.IndexOutOfBoundsException",
        "java.lang.ArrayIndexOutOfBoundsException",
        "java.util.NoSuchElementException",
        "java.util.EmptyStackException",
        "java.util.ConcurrentModificationException",
        "java.lang.IllegalStateException",
        "java.lang.NullPointerException",
        "returned",
    ] {
        assert!(outcomes.contains(e), "no case ends with {e}: {outcomes:?}");
    }
}

/// The elements arrays of the modelled collections of `heap`.
fn element_arrays(heap: &Heap) -> BTreeSet<ObjId> {
    let arrays = heap.objects.values().filter(|o| is_collection(&o.class));
    let refs = arrays.filter_map(|o| match o.fields.get(ELEMENTS) {
        Some(Value::Ref(a)) => Some(a.clone()),
        _ => None,
    });
    refs.collect()
}

/// A heap with every modelled collection's elements array inlined (`"0"`, `"1"`, …) and the
/// `arrays` that were elements arrays left out: scripts may change a collection and change it
/// back, after which the JDK's elements are its input array again and the model's a new equal
/// one (the input array then kept as an unreferenced input object).
fn inlined(heap: &Heap, arrays: &BTreeSet<ObjId>) -> Heap {
    let mut out = Heap {
        objects: BTreeMap::new(),
        statics: heap.statics.clone(),
    };
    for (id, o) in &heap.objects {
        if !is_collection(&o.class) {
            continue;
        }
        let mut fields = o.fields.clone();
        if let Some(Value::Ref(a)) = fields.remove(ELEMENTS) {
            let elements = heap.objects[&a].elements().unwrap_or_default();
            for (i, e) in elements.into_iter().enumerate() {
                fields.insert(i.to_string(), e);
            }
        }
        out.objects.insert(
            id.clone(),
            Object {
                class: o.class.clone(),
                fields,
            },
        );
    }
    for (id, o) in &heap.objects {
        if !out.objects.contains_key(id) && !arrays.contains(id) {
            out.objects.insert(id.clone(), o.clone());
        }
    }
    out
}

#[test]
fn random_scripts_equal_the_jdk() {
    let p = program();
    let m = p.find_methods("Ops.script")[0].id;
    let mut jvm =
        JvmRunner::start(&p, common::options(LIMITS.max_steps)).unwrap_or_else(|e| panic!("{e}"));
    let mut rng = common::Rng::new(15);
    let mut next = |n: u64| rng.below(n as usize) as u64;
    let mut returned = 0;
    for json in collections::scripts(300, &mut next) {
        let (input, _) = input_from_json(&json, "t.json", &p.schema(), &p.sig(m))
            .unwrap_or_else(|e| panic!("{json}: {e}"));
        let want = sattar_java::run(&p, m, &input, LIMITS).unwrap_or_else(|e| panic!("{e}"));
        let ended = matches!(want.termination, Termination::Returned(_));
        let got = jvm.run(m, &input).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(got.termination, want.termination, "{input}");
        assert_eq!(got.covered, want.covered, "{input}");
        assert_eq!(got.trace, want.trace, "{input}");
        let inputs: BTreeSet<ObjId> = input.heap.objects.keys().cloned().collect();
        let arrays = element_arrays(&input.heap);
        let canonical = |post: &Heap| {
            let mut drop = arrays.clone();
            drop.extend(element_arrays(post));
            let roots = [ObjId::new("O")];
            inlined(post, &drop).canonical_fresh(&inputs, &roots)
        };
        assert_eq!(canonical(&got.post), canonical(&want.post), "{input}");
        returned += usize::from(ended);
    }
    assert!(returned > 10, "only {returned} scripts ran to the end");
}
