//! `sattar run`: one test's run and the specification's verdict on it.

use sattar_heap::{heap_to_json, value_to_json, LoadNote, TestInput};
use sattar_java::{Execution, Termination};
use serde_json::{json, Value as Json};
use std::fmt::Write;

/// One judged run of a test.
#[derive(Clone, Debug, PartialEq)]
pub struct TestRun {
    /// The method under test (`LinkedList.delete`).
    pub method: String,
    /// The test input.
    pub input: TestInput,
    /// `pass`, `fail` or `invalid`.
    pub verdict: String,
    /// The constraints the verdict names: violated postconditions, or for an invalid input the
    /// invariants and preconditions its pre-state breaks.
    pub constraints: Vec<String>,
    /// What the run did.
    pub execution: Execution,
    /// The source lines of the statements it covered, ascending.
    pub covered_lines: Vec<u32>,
}

/// The exception class that escaped the run, if one did.
fn exception(t: &Termination) -> Option<String> {
    match t {
        Termination::Threw(e) => Some(e.clone()),
        _ => None,
    }
}

/// `returned true`, or how the run ended otherwise; a limit of sattar's names its flag.
pub(crate) fn ending(ex: &Execution) -> String {
    match (&ex.termination, ex.result()) {
        (_, Some(v)) => format!("returned {v}"),
        (Termination::StepLimit, _) => "stopped at the step limit (--max-steps)".into(),
        (Termination::TimedOut, _) => "stopped by the wall clock (--timeout)".into(),
        (t, None) => t.label(),
    }
}

/// Whether the run could be watched to its end: a JVM worker stopped by the clock, killed by an
/// `OutOfMemoryError`, a crash or `System.exit` reports neither coverage nor steps.
fn observed(ex: &Execution) -> bool {
    ex.steps > 0 || matches!(ex.termination, Termination::Returned(_))
}

/// `16 17 18` for lines.
pub(crate) fn lines_text(lines: &[u32]) -> String {
    let lines: Vec<String> = lines.iter().map(u32::to_string).collect();
    lines.join(" ")
}

/// One run as JSON.
pub fn run_json(r: &TestRun) -> Json {
    let ex = &r.execution;
    let trace: Vec<Json> = ex
        .trace
        .iter()
        .map(|b| json!([b.stmt.0, b.taken]))
        .collect();
    json!({
        "verdict": r.verdict,
        "violated": r.constraints,
        "exception": exception(&ex.termination),
        "termination": ex.termination.label(),
        "result": ex.result().map(value_to_json),
        "covered_lines": r.covered_lines,
        "covered": ex.covered.iter().map(|s| s.0).collect::<Vec<_>>(),
        "trace": trace,
        "trace_dropped": ex.trace_dropped,
        "post": heap_to_json(&ex.post),
    })
}

/// One run as text: the verdict, the input, how it ended, the covered lines, the post-state.
pub fn run_text(r: &TestRun) -> String {
    let mut out = String::new();
    let ex = &r.execution;
    let verdict = match r.constraints.as_slice() {
        [] => r.verdict.clone(),
        names => format!("{} ({})", r.verdict, names.join(", ")),
    };
    let _ = writeln!(out, "{}  {}", r.method, verdict);
    let _ = writeln!(out, "input     {}", r.input);
    if observed(ex) {
        let _ = writeln!(out, "ended     {} after {} steps", ending(ex), ex.steps);
        let _ = writeln!(out, "covered   lines {}", lines_text(&r.covered_lines));
    } else {
        let _ = writeln!(out, "ended     {}", ending(ex));
        let _ = writeln!(out, "covered   not observed (the JVM worker was stopped)");
    }
    if ex.trace_dropped > 0 {
        let _ = writeln!(
            out,
            "trace     the first {} branch outcomes are kept, {} more are counted (sattar's trace buffer)",
            ex.trace.len(),
            ex.trace_dropped
        );
    }
    let _ = writeln!(out, "post      {}", ex.post);
    out
}

/// The warning for a run whose input is not a valid test (its pre-state breaks the invariant or
/// the precondition); `None` for a valid input.
pub fn invalid_input_warning(r: &TestRun) -> Option<String> {
    (r.verdict == "invalid").then(|| {
        format!(
            "warning: the input violates {} in its pre-state, so it is not a valid test of {}",
            r.constraints.join(", "),
            r.method
        )
    })
}

/// A note on how a test input was read (a default applied to a missing field), for `--verbose`.
pub fn input_note(file: &str, note: &LoadNote) -> String {
    format!("note: {file}: {}: {}", note.path, note.message)
}
