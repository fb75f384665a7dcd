//! Shrinking a failing input before it is localized: greedy delta debugging on the heap, keeping
//! every step whose input is still valid and whose run still violates exactly the same
//! constraints (docs/LOCALIZE.md, "Shrinking a captured input"). Heaps captured from real tests
//! are often larger than the SAT encoding handles interactively; the run a smaller heap makes is
//! the same failure for the spec, and every later stage (cores, generation) is cheaper on it.
//!
//! A step removes objects or makes an `int` smaller, so the input strictly shrinks by (objects,
//! Σ|ints|) and the search ends. Steps, larger first:
//! - a reference field `o.f` that points at `t` is pointed past `t`: at `null`, or further down
//!   the chain `t.f, t.f.f, …` (half of it, a quarter, …, one), or at another field of `t` of
//!   `t`'s class (a tree node replaced by a child) — each also with the new target's pointers
//!   back at a removed object turned to `o` (parent links), and each with, in turn, one `int`
//!   field of a class none of the removed objects has lowered by their number (a size counter);
//! - an `int` field or argument is set to 0, then halved.
//!
//! Objects the roots (receiver, reference arguments, statics) no longer reach are dropped.
//! Library objects (modelled JDK classes and their storage) and arrays are never edited, only
//! dropped when unreachable. Each candidate runs on the interpreter; the caller confirms the result on its
//! engine.

use crate::{judge, Subject, TestVerdict};
use sattar_heap::{Heap, ObjId, TestInput, Value};
use sattar_java::Limits;
use std::collections::{BTreeMap, BTreeSet};

/// What shrinking did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shrunk {
    /// The smallest input found (the given one when nothing could be removed).
    pub input: TestInput,
    /// Objects in the given input's heap.
    pub objects_before: usize,
    /// Objects in the shrunk input's heap.
    pub objects_after: usize,
    /// Candidate runs spent.
    pub runs: usize,
    /// Whether `max_runs` stopped the search before it ran out of steps.
    pub exhausted: bool,
}

impl Shrunk {
    /// What shrinking did, for the user: `shrunk the failing input from 9 to 3 objects (49 runs;
    /// --no-shrink keeps it whole)`, with `keep` the flag that keeps the input as given.
    pub fn describe(&self, original: &TestInput, keep: &str) -> String {
        let (before, after, runs) = (self.objects_before, self.objects_after, self.runs);
        let mut said = if self.input == *original {
            format!("the failing input ({before} objects) did not shrink ({runs} runs)")
        } else if after < before {
            format!("shrunk the failing input from {before} to {after} objects ({runs} runs; {keep} keeps it whole)")
        } else {
            format!("shrunk the failing input's ints toward 0, its {before} objects all needed ({runs} runs; {keep} keeps it whole)")
        };
        if self.exhausted {
            said.push_str(&format!(
                "; stopped at --max-shrink-runs {runs}: raise it for a smaller input"
            ));
        }
        said
    }
}

/// `input` shrunk with at most `max_runs` candidate runs if its run on the interpreter violates
/// the spec (`None` if it passes or is invalid: nothing to keep failing).
pub fn shrink_failing(
    subject: &Subject,
    input: &TestInput,
    max_runs: usize,
    limits: Limits,
) -> Option<Shrunk> {
    let run = sattar_java::run(&subject.program, subject.method, input, limits).ok()?;
    match judge(subject, input, run).ok()?.verdict {
        TestVerdict::Fail(violated) => Some(shrink(subject, input, &violated, max_runs, limits)),
        _ => None,
    }
}

/// Shrinks `input`, whose run violates `violated`, with at most `max_runs` candidate runs.
pub fn shrink(
    subject: &Subject,
    input: &TestInput,
    violated: &[String],
    max_runs: usize,
    limits: Limits,
) -> Shrunk {
    let want: BTreeSet<&str> = violated.iter().map(String::as_str).collect();
    let still_fails = |cand: &TestInput| -> bool {
        let Ok(run) = sattar_java::run(&subject.program, subject.method, cand, limits) else {
            return false;
        };
        match judge(subject, cand, run).map(|j| j.verdict) {
            Ok(TestVerdict::Fail(v)) => {
                v.iter().map(String::as_str).collect::<BTreeSet<_>>() == want
            }
            _ => false,
        }
    };
    let mut best = input.clone();
    let (mut runs, mut exhausted) = (0, false);
    'search: loop {
        for cand in candidates(subject, &best) {
            if runs >= max_runs {
                exhausted = true;
                break 'search;
            }
            runs += 1;
            if still_fails(&cand) {
                best = cand;
                continue 'search;
            }
        }
        break;
    }
    if best != *input {
        best = renumbered(&best);
    }
    Shrunk {
        objects_before: input.heap.objects.len(),
        objects_after: best.heap.objects.len(),
        input: best,
        runs,
        exhausted,
    }
}

/// Every one-step reduction of `input`, larger steps first; each strictly smaller.
fn candidates(subject: &Subject, input: &TestInput) -> Vec<TestInput> {
    // Arrays keep their length and elements: a length is tied to the element fields, and an
    // array inside a library object (a String's chars) is that object's storage.
    let editable = |id: &ObjId| {
        input.heap.get(id).is_some_and(|o| {
            !subject.program.is_library_class(&o.class) && !sattar_heap::is_array_class(&o.class)
        })
    };
    let mut out = Vec::new();
    for (id, obj) in input.heap.objects.iter().filter(|(id, _)| editable(id)) {
        for (field, value) in &obj.fields {
            let Value::Ref(t) = value else { continue };
            if !editable(t) {
                continue;
            }
            for target in past(&input.heap, t, field) {
                out.extend(pointed_past(subject, input, id, field, t, &target));
            }
        }
    }
    out.extend(smaller_ints(input, &editable));
    out
}

/// Where `o.field`, now at `t`, may point instead to leave `t` out: `null`, further down the
/// chain of `field` from `t` (halving jumps), or at `t`'s other fields of its class.
fn past(heap: &Heap, t: &ObjId, field: &str) -> Vec<Value> {
    let class = heap.get(t).map(|o| o.class.as_str());
    let mut chain: Vec<ObjId> = vec![t.clone()];
    while let Some(Value::Ref(next)) = heap.field(chain.last().unwrap_or(t), field) {
        if chain.contains(next) {
            break;
        }
        chain.push(next.clone());
    }
    let mut out = vec![Value::Null];
    let mut jump = chain.len() / 2;
    while jump >= 1 {
        out.push(Value::Ref(chain[jump].clone()));
        jump /= 2;
    }
    if let Some(o) = heap.get(t) {
        for (g, v) in &o.fields {
            if let Value::Ref(u) = v {
                let same_class = heap.get(u).map(|x| x.class.as_str()) == class;
                if g != field && same_class && !out.contains(v) {
                    out.push(v.clone());
                }
            }
        }
    }
    out
}

/// `o.field := target` with the unreachable objects dropped, in its variants (back links turned
/// to `o` or not; each counter lowered by the number of objects dropped, or none); nothing if no
/// object is dropped.
fn pointed_past(
    subject: &Subject,
    input: &TestInput,
    o: &ObjId,
    field: &str,
    t: &ObjId,
    target: &Value,
) -> Vec<TestInput> {
    let mut plain = input.clone();
    set(&mut plain.heap, o, field, target.clone());
    let mut variants = vec![plain.clone()];
    if let Value::Ref(u) = target {
        let mut linked = plain;
        let back: Vec<String> = linked
            .heap
            .get(u)
            .map(|x| {
                x.fields
                    .iter()
                    .filter(|(_, v)| v.as_ref() == Some(t))
                    .map(|(g, _)| g.clone())
                    .collect()
            })
            .unwrap_or_default();
        if !back.is_empty() {
            for g in back {
                set(&mut linked.heap, u, &g, Value::Ref(o.clone()));
            }
            variants.push(linked);
        }
    }
    let mut out = Vec::new();
    for mut v in variants {
        let dropped = collect_garbage(&mut v);
        if dropped.is_empty() {
            continue;
        }
        out.extend(counters_lowered(subject, &v, &dropped));
        out.push(v);
    }
    out
}

/// `input` with one `int` field lowered by the number of `dropped` objects, for each field of a
/// class none of them has (a container's size counter, not a node's key).
fn counters_lowered(
    subject: &Subject,
    input: &TestInput,
    dropped: &BTreeMap<ObjId, String>,
) -> Vec<TestInput> {
    let k = i32::try_from(dropped.len()).unwrap_or(i32::MAX);
    let classes: BTreeSet<&String> = dropped.values().collect();
    let mut out = Vec::new();
    for (id, obj) in &input.heap.objects {
        let library = subject.program.is_library_class(&obj.class);
        if classes.contains(&obj.class) || library || sattar_heap::is_array_class(&obj.class) {
            continue;
        }
        for (f, v) in &obj.fields {
            if let Value::Int(n) = v {
                if *n >= k {
                    let mut c = input.clone();
                    set(&mut c.heap, id, f, Value::Int(n - k));
                    out.push(c);
                }
            }
        }
    }
    out
}

/// Each `int` field of an editable object and each `int` argument set to 0, then halved.
fn smaller_ints(input: &TestInput, editable: &dyn Fn(&ObjId) -> bool) -> Vec<TestInput> {
    let mut out = Vec::new();
    for (id, obj) in input.heap.objects.iter().filter(|(id, _)| editable(id)) {
        for (f, v) in &obj.fields {
            for smaller in toward_zero(v) {
                let mut c = input.clone();
                set(&mut c.heap, id, f, smaller);
                out.push(c);
            }
        }
    }
    for (i, (_, v)) in input.args.iter().enumerate() {
        for smaller in toward_zero(v) {
            let mut c = input.clone();
            c.args[i].1 = smaller;
            out.push(c);
        }
    }
    out
}

/// 0 and half the value, for an `int` other than 0 (half only when it differs from 0 and it).
fn toward_zero(v: &Value) -> Vec<Value> {
    let Value::Int(n) = v else { return Vec::new() };
    let mut out = Vec::new();
    if *n != 0 {
        out.push(Value::Int(0));
    }
    if n / 2 != 0 {
        out.push(Value::Int(n / 2));
    }
    out
}

fn set(heap: &mut Heap, id: &ObjId, field: &str, value: Value) {
    if let Some(o) = heap.objects.get_mut(id) {
        o.fields.insert(field.to_string(), value);
    }
}

/// Drops the objects the roots (receiver, reference arguments, statics) no longer reach;
/// returns them with their classes.
fn collect_garbage(input: &mut TestInput) -> BTreeMap<ObjId, String> {
    let reached: BTreeSet<ObjId> = input
        .heap
        .reachable_order(&roots(input))
        .into_iter()
        .collect();
    let gone: Vec<ObjId> = input
        .heap
        .objects
        .keys()
        .filter(|id| !reached.contains(*id))
        .cloned()
        .collect();
    gone.into_iter()
        .filter_map(|id| {
            let o = input.heap.objects.remove(&id)?;
            Some((id, o.class))
        })
        .collect()
}

/// What keeps an object in the input: the receiver, the reference arguments, the statics.
fn roots(input: &TestInput) -> Vec<ObjId> {
    let mut roots = input.roots();
    roots.extend(input.heap.static_roots());
    roots
}

/// `input` with its objects named `Stem0`, `Stem1`, … again in the order they are reached, for
/// ids of that form (`Node0`, `Node7` → `Node0`, `Node1`); other ids (an enum constant's) stay.
fn renumbered(input: &TestInput) -> TestInput {
    let stem = |id: &ObjId| {
        let s = id.0.trim_end_matches(|c: char| c.is_ascii_digit());
        (s.len() < id.0.len() && !s.is_empty()).then(|| s.to_string())
    };
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    let mut rename: BTreeMap<ObjId, ObjId> = input
        .heap
        .objects
        .keys()
        .filter(|id| stem(id).is_none())
        .map(|id| (id.clone(), id.clone()))
        .collect();
    for id in input.heap.reachable_order(&roots(input)) {
        if let Some(s) = stem(&id) {
            let n = counts.entry(s.clone()).or_default();
            rename.insert(id, ObjId(format!("{s}{n}")));
            *n += 1;
        }
    }
    input.renamed(&rename)
}
