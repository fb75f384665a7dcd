//! `sattar check`: the smallest fault-revealing input within the bounds, or that the spec holds.

use crate::run::{ending, lines_text};
use sattar_heap::{input_to_json, TestInput};
use sattar_java::Execution;
use serde_json::{json, Value as Json};
use std::fmt::Write;

/// What a bounded check found and the bounds it used.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckSummary {
    /// The method checked (`BinarySearchTree.add`).
    pub method: String,
    /// The scope of the violation, or the largest scope checked.
    pub scope: usize,
    /// Bits of an `int` in the last encoding.
    pub bitwidth: usize,
    /// Every loop or recursion bound of the last encoding: what, and how far it was unrolled.
    pub loops: Vec<(String, u32)>,
    /// The size of each scope's problem.
    pub scopes: Vec<ScopeSize>,
    /// The violation found, if any (`None`: the spec holds within the bounds).
    pub violation: Option<Violation>,
    /// Whether any valid input exists within the largest scope (`false`: "holds" is vacuous).
    pub valid_inputs: bool,
}

/// The size of one scope's SAT problem and the time it took.
#[derive(Clone, Debug, PartialEq)]
pub struct ScopeSize {
    /// Objects per class.
    pub scope: usize,
    /// SAT variables.
    pub vars: usize,
    /// Clauses.
    pub clauses: usize,
    /// Solver calls.
    pub solves: u64,
    /// Wall time of encoding and solving, in milliseconds.
    pub ms: f64,
}

/// A fault-revealing input and its run, confirmed on the reference interpreter.
#[derive(Clone, Debug, PartialEq)]
pub struct Violation {
    /// The input.
    pub input: TestInput,
    /// The postconditions it violates.
    pub violated: Vec<String>,
    /// The interpreter's run of it.
    pub execution: Execution,
    /// The source lines the run covered, ascending.
    pub covered_lines: Vec<u32>,
}

fn bounds_json(c: &CheckSummary) -> Json {
    let loops: Vec<Json> = c
        .loops
        .iter()
        .map(|(what, k)| json!({"loop": what, "unroll": k}))
        .collect();
    json!({
        "scope": c.scope,
        "bitwidth": c.bitwidth,
        "unroll": c.loops.iter().map(|(_, k)| *k).max(),
        "loops": loops,
    })
}

/// A check's result as JSON (`result`, `input`, `violated`, bounds, per-scope sizes).
pub fn check_json(c: &CheckSummary) -> Json {
    let (result, input, violated) = match &c.violation {
        Some(v) => ("violation", input_to_json(&v.input), json!(v.violated)),
        None => ("holds", Json::Null, json!([])),
    };
    let stats: Vec<Json> = c
        .scopes
        .iter()
        .map(|s| json!({"scope": s.scope, "vars": s.vars, "clauses": s.clauses, "solves": s.solves, "ms": s.ms}))
        .collect();
    let mut out = json!({"result": result, "input": input, "violated": violated});
    if let (Some(o), Json::Object(b)) = (out.as_object_mut(), bounds_json(c)) {
        o.extend(b);
        o.insert("scopes".into(), Json::Array(stats));
        o.insert("valid_inputs".into(), Json::Bool(c.valid_inputs));
    }
    out
}

/// A check's result as text: the verdict, the input as a readable heap, the predicted run.
pub fn check_text(c: &CheckSummary) -> String {
    let mut out = String::new();
    let loops: Vec<String> = c.loops.iter().map(|(w, k)| format!("{w} ×{k}")).collect();
    let bounds = format!(
        "bitwidth {}, loops unrolled: {}",
        c.bitwidth,
        if loops.is_empty() {
            "none".to_string()
        } else {
            loops.join("; ")
        }
    );
    match &c.violation {
        Some(v) => {
            let _ = writeln!(out, "{}  violation at scope {}", c.method, c.scope);
            let _ = writeln!(out, "violated  {}", v.violated.join(", "));
            let _ = writeln!(out, "input     {}", input_line(&v.input));
            for (id, o) in &v.input.heap.objects {
                let _ = writeln!(out, "          {id}: {o}");
            }
            let _ = writeln!(
                out,
                "run       {}; covered lines {}",
                ending(&v.execution),
                lines_text(&v.covered_lines)
            );
            let _ = writeln!(out, "post      {}", v.execution.post);
            let _ = writeln!(out, "bounds    {bounds}");
        }
        None if !c.valid_inputs => {
            let _ = writeln!(
                out,
                "{}  holds vacuously: no valid input of up to {} objects per class exists",
                c.method, c.scope
            );
            let _ = writeln!(
                out,
                "why       the invariants and requires admit no input a free pre-state can hold (one holds only empty maps, no sets), or every valid input's run leaves what sattar follows (arithmetic past --bitwidth, a call of Object's identity hashCode()); give one with `sattar run --input FILE`, or weaken them"
            );
            let _ = writeln!(out, "bounds    {bounds}");
        }
        None => {
            let _ = writeln!(
                out,
                "{}  holds for every valid input of up to {} objects per class",
                c.method, c.scope
            );
            let _ = writeln!(out, "bounds    {bounds}");
        }
    }
    out
}

/// `this=L0, k=1` for an input.
fn input_line(i: &TestInput) -> String {
    let mut parts: Vec<String> = i.this.iter().map(|t| format!("this={t}")).collect();
    parts.extend(i.args.iter().map(|(n, v)| format!("{n}={v}")));
    parts.join(", ")
}
