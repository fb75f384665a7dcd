//! `sattar core`: the minimal unsatisfiable cores of a failing run — suspect statements and the
//! violated constraints they explain.

use crate::model::FaultInfo;
use sattar_heap::{input_to_json, TestInput};
use sattar_java::StmtId;
use serde_json::{json, Value as Json};
use std::fmt::Write;

/// A statement as a core report shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Statement {
    /// Its id.
    pub id: StmtId,
    /// Its line.
    pub line: u32,
    /// Its source text.
    pub text: String,
}

/// Where the failing input of a core analysis came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputOrigin {
    /// Given by the user.
    Given,
    /// The smallest fault-revealing input `check` found, at this scope.
    Check(usize),
}

/// One core of the iterative search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoreItem {
    /// The violated constraints it explains.
    pub violated: Vec<String>,
    /// The statements it blames.
    pub suspects: Vec<Statement>,
    /// Its groups (statement instances and postconditions).
    pub groups: usize,
    /// Solver calls spent on it.
    pub solves: u64,
}

/// The cores of one failing run.
#[derive(Clone, Debug, PartialEq)]
pub struct CoreSummary {
    /// The method (`BinarySearchTree.add`).
    pub method: String,
    /// The source file, as the user named it.
    pub file: String,
    /// The constraints the failing run violates (the oracle's verdict).
    pub failing: Vec<String>,
    /// The failing input.
    pub input: TestInput,
    /// Where it came from.
    pub origin: InputOrigin,
    /// Every constraint some core names, in core order.
    pub violated: Vec<String>,
    /// Every statement some core blames.
    pub suspects: Vec<Statement>,
    /// The cores, first to last.
    pub cores: Vec<CoreItem>,
    /// The suspects that repair the run alone (single-statement correction sets).
    pub repairs_alone: Vec<Statement>,
    /// Whether the cores relax what statements write to and whether their checks throw, too
    /// (the second try, when values alone repaired nothing).
    pub targets_relaxed: bool,
    /// The statements the failing run executed.
    pub executed: Vec<Statement>,
    /// For a bundled fault: its faulty lines, and as `rank` the SAT technique's worst-case rank
    /// of the best-ranked faulty statement.
    pub fault: Option<FaultInfo>,
    /// SAT variables of the grouped encoding.
    pub vars: usize,
    /// Its clauses.
    pub clauses: usize,
    /// Its groups (executed statement instances and postconditions).
    pub groups: usize,
    /// Wall time of encoding and core extraction, in milliseconds.
    pub ms: f64,
    /// Of which: the solver calls of the cores (minimization).
    pub core_ms: f64,
}

fn stmts_json(stmts: &[Statement]) -> Vec<Json> {
    stmts
        .iter()
        .map(|s| json!({"id": s.id.0, "line": s.line, "text": s.text}))
        .collect()
}

/// Cores as JSON (README.md#exit-codes-and-json, plus the input, the executed statements and sizes).
pub fn core_json(a: &CoreSummary) -> Json {
    let cores: Vec<Json> = a
        .cores
        .iter()
        .map(|c| json!({"violated": c.violated, "suspects": stmts_json(&c.suspects), "groups": c.groups, "solves": c.solves}))
        .collect();
    let source = match a.origin {
        InputOrigin::Given => json!("given"),
        InputOrigin::Check(scope) => json!({"check_scope": scope}),
    };
    json!({
        "violated": a.violated,
        "suspects": stmts_json(&a.suspects),
        "cores": cores,
        "repairs_alone": stmts_json(&a.repairs_alone),
        "targets_relaxed": a.targets_relaxed,
        "executed": stmts_json(&a.executed),
        "input": input_to_json(&a.input),
        "input_source": source,
        "sat_rank": a.fault.as_ref().and_then(|f| f.rank),
        "fault": a.fault.as_ref().map(|f| json!({"id": f.id, "faulty_lines": f.faulty_lines})),
        "vars": a.vars,
        "clauses": a.clauses,
        "groups": a.groups,
        "ms": a.ms,
        "core_ms": a.core_ms,
    })
}

/// The lines of `stmts`, each once (a `for` header's parts share one), ascending.
fn lines_of(stmts: &[Statement]) -> Vec<u32> {
    let mut lines: Vec<u32> = stmts.iter().map(|s| s.line).collect();
    lines.sort_unstable();
    lines.dedup();
    lines
}

/// Cores as text: the failing run, the suspects with their lines, each core.
pub fn core_text(a: &CoreSummary) -> String {
    let mut out = String::new();
    let source = match a.origin {
        InputOrigin::Given => "given".to_string(),
        InputOrigin::Check(scope) => format!("the smallest failing input, scope {scope}"),
    };
    let _ = writeln!(out, "{}  fails ({})", a.method, a.failing.join(", "));
    let _ = writeln!(out, "input     {}  [{source}]", a.input);
    let _ = writeln!(out, "violated  {}", a.violated.join(", "));
    let _ = writeln!(
        out,
        "suspects  {} of {} executed statements",
        a.suspects.len(),
        a.executed.len()
    );
    let file = a.file.rsplit('/').next().unwrap_or(&a.file);
    for st in &a.suspects {
        let _ = writeln!(
            out,
            "  {file}:{:<4} {:>4}  {}",
            st.line,
            st.id.to_string(),
            st.text
        );
    }
    for (i, c) in a.cores.iter().enumerate() {
        let lines: Vec<String> = lines_of(&c.suspects).iter().map(u32::to_string).collect();
        let _ = writeln!(
            out,
            "core {}    {}: lines {}",
            i + 1,
            c.violated.join(", "),
            lines.join(" ")
        );
    }
    let alone: Vec<String> = lines_of(&a.repairs_alone)
        .iter()
        .map(u32::to_string)
        .collect();
    let _ = writeln!(
        out,
        "alone     lines {}  (suspects that repair the run by themselves)",
        if alone.is_empty() {
            "none".to_string()
        } else {
            alone.join(" ")
        }
    );
    if a.targets_relaxed {
        let _ = writeln!(
            out,
            "relaxed   targets and checks too: no statement repaired the run by its values alone"
        );
    }
    if let Some((rank, f)) = a.fault.as_ref().and_then(|f| Some((f.rank?, f))) {
        let _ = writeln!(
            out,
            "SAT rank  {rank} of {} executed (faulty line {})",
            a.executed.len(),
            f.faulty_lines
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    let _ = writeln!(
        out,
        "encoding  {} vars, {} clauses, {:.1} ms ({:.1} ms of it the cores)",
        a.vars, a.clauses, a.ms, a.core_ms
    );
    out
}
