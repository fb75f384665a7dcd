//! Text and JSON renderings of each command's result. JSON shapes are part of the command-line
//! contract (README): change them only with the README.

use sattar_catalog::Catalog;
use sattar_engine::{Judged, Subject};
use sattar_heap::{heap_to_json, value_to_json, TestInput};
use sattar_java::{Program, Termination};
use sattar_rank::gzoltar::RankedLine;
use serde_json::{json, Value as Json};
use std::fmt::Write;

/// Prints JSON on stdout.
pub fn print_json(v: &Json) {
    println!(
        "{}",
        serde_json::to_string_pretty(v).unwrap_or_else(|_| v.to_string())
    );
}

/// The catalog as JSON.
pub fn faults_json(c: &Catalog) -> Json {
    let faults: Vec<Json> = c
        .faults
        .iter()
        .map(|f| {
            json!({
                "id": f.id, "subject": f.subject, "method": f.method, "spec": f.spec,
                "ensures": f.ensures, "faulty_lines": f.faulty_lines(), "multi": f.is_multi(),
                "description": f.description,
            })
        })
        .collect();
    Json::Array(faults)
}

/// The catalog as a table.
pub fn faults_text(c: &Catalog) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<22} {:<8} {:<10} {:<9} description",
        "id", "method", "ensures", "lines"
    );
    for f in &c.faults {
        let lines: Vec<String> = f.faulty_lines().iter().map(u32::to_string).collect();
        let _ = writeln!(
            out,
            "{:<22} {:<8} {:<10} {:<9} {}",
            f.id,
            f.method,
            f.ensures.as_deref().unwrap_or("-"),
            lines.join(","),
            f.description
        );
    }
    out
}

/// The IR as JSON.
pub fn program_json(p: &Program) -> Json {
    let classes: Vec<Json> = p
        .classes
        .iter()
        .map(|c| {
            let fields: Vec<Json> = c
                .fields
                .iter()
                .map(|f| json!({"name": f.name, "type": f.ty.to_string()}))
                .collect();
            json!({"name": c.name, "fields": fields, "exception": c.is_exception})
        })
        .collect();
    let methods: Vec<Json> = p
        .methods
        .iter()
        .map(|m| {
            let params: Vec<Json> = m.params.iter().map(|x| json!({"name": x.name, "type": x.ty.to_string()})).collect();
            json!({"name": m.qualified_name(), "static": m.is_static, "params": params, "returns": m.ret.to_string()})
        })
        .collect();
    let stmts: Vec<Json> = p
        .stmts
        .iter()
        .map(|s| {
            json!({"id": s.id.0, "line": s.line, "text": s.text, "kind": format!("{:?}", s.kind).to_lowercase(),
                   "method": p.method(s.method).qualified_name()})
        })
        .collect();
    json!({"file": p.file, "classes": classes, "methods": methods, "statements": stmts})
}

/// The IR as text: classes, then each method with its statements.
pub fn program_text(p: &Program) -> String {
    let mut out = String::new();
    for c in &p.classes {
        let fields: Vec<String> = c
            .fields
            .iter()
            .map(|f| format!("{}: {}", f.name, f.ty))
            .collect();
        let _ = writeln!(out, "class {} {{ {} }}", c.name, fields.join(", "));
    }
    for m in &p.methods {
        let params: Vec<String> = m
            .params
            .iter()
            .map(|x| format!("{} {}", x.ty, x.name))
            .collect();
        let _ = writeln!(
            out,
            "\n{} {}({})",
            m.ret,
            m.qualified_name(),
            params.join(", ")
        );
        for s in p.stmts_of(m.id) {
            let _ = writeln!(out, "  s{:<4} L{:<4} {}", s.id.0, s.line, s.text);
        }
    }
    out
}

fn covered_lines(p: &Program, j: &Judged) -> Vec<u32> {
    let mut lines: Vec<u32> = j
        .execution
        .covered
        .iter()
        .map(|s| p.stmt(*s).line)
        .collect();
    lines.sort_unstable();
    lines.dedup();
    lines
}

fn exception(t: &Termination) -> Option<String> {
    match t {
        Termination::Threw(e) => Some(e.clone()),
        _ => None,
    }
}

/// One run as JSON.
pub fn run_json(s: &Subject, j: &Judged) -> Json {
    let ex = &j.execution;
    let trace: Vec<Json> = ex
        .trace
        .iter()
        .map(|b| json!([b.stmt.0, b.taken]))
        .collect();
    json!({
        "verdict": j.verdict.label(),
        "violated": j.verdict.constraints(),
        "exception": exception(&ex.termination),
        "termination": ex.termination.label(),
        "result": ex.result().map(value_to_json),
        "covered_lines": covered_lines(&s.program, j),
        "covered": ex.covered.iter().map(|s| s.0).collect::<Vec<_>>(),
        "trace": trace,
        "post": heap_to_json(&ex.post),
    })
}

/// One run as text.
pub fn run_text(s: &Subject, input: &TestInput, j: &Judged) -> String {
    let mut out = String::new();
    let ex = &j.execution;
    let verdict = match j.verdict.constraints() {
        [] => j.verdict.label().to_string(),
        names => format!("{} ({})", j.verdict.label(), names.join(", ")),
    };
    let _ = writeln!(out, "{}  {}", s.method_name(), verdict);
    let _ = writeln!(out, "input     {input}");
    let ended = match ex.result() {
        Some(v) => format!("returned {v}"),
        None => ex.termination.label(),
    };
    let _ = writeln!(out, "ended     {ended} after {} steps", ex.steps);
    let lines: Vec<String> = covered_lines(&s.program, j)
        .iter()
        .map(u32::to_string)
        .collect();
    let _ = writeln!(out, "covered   lines {}", lines.join(" "));
    let _ = writeln!(out, "post      {}", ex.post);
    out
}

/// A GZoltar ranking as JSON.
pub fn rank_json(lines: &[RankedLine]) -> Json {
    let rows: Vec<Json> = lines
        .iter()
        .map(|l| {
            let score = if l.score.is_finite() { json!(l.score) } else { json!(l.score.to_string()) };
            json!({"name": l.name, "score": score, "rank": l.rank, "rank_avg": l.rank_avg, "rank_best": l.rank_best})
        })
        .collect();
    Json::Array(rows)
}

/// A GZoltar ranking as a table.
pub fn rank_text(lines: &[RankedLine]) -> String {
    let mut out = format!("{:>5} {:>10}  element\n", "rank", "score");
    for l in lines {
        let _ = writeln!(out, "{:>5} {:>10.4}  {}", l.rank, l.score, l.name);
    }
    out
}

fn bounds_json(r: &sattar_encode::CheckReport) -> Json {
    let loops: Vec<Json> = r
        .unroll
        .iter()
        .map(|(what, k)| json!({"loop": what, "unroll": k}))
        .collect();
    json!({
        "scope": r.scope,
        "bitwidth": r.bitwidth,
        "unroll": r.unroll.iter().map(|(_, k)| *k).max(),
        "loops": loops,
    })
}

/// A check's result as JSON (`result`, `input`, `violated`, bounds, per-scope sizes).
pub fn check_json(c: &sattar_engine::Checked) -> Json {
    let r = &c.report;
    let (result, input, violated) = match &r.outcome {
        sattar_encode::CheckOutcome::Violation(d) => (
            "violation",
            sattar_heap::input_to_json(&d.input),
            json!(d.violated()),
        ),
        sattar_encode::CheckOutcome::Holds => ("holds", Json::Null, json!([])),
    };
    let stats: Vec<Json> = r
        .stats
        .iter()
        .map(|s| json!({"scope": s.scope, "vars": s.vars, "clauses": s.clauses, "solves": s.solves, "ms": s.time.as_secs_f64() * 1e3}))
        .collect();
    let mut out = json!({"result": result, "input": input, "violated": violated});
    if let (Some(o), Json::Object(b)) = (out.as_object_mut(), bounds_json(r)) {
        o.extend(b);
        o.insert("scopes".into(), Json::Array(stats));
    }
    out
}

/// A check's result as text: the verdict, the input as a readable heap, the predicted run.
pub fn check_text(s: &Subject, c: &sattar_engine::Checked) -> String {
    let r = &c.report;
    let mut out = String::new();
    let loops: Vec<String> = r.unroll.iter().map(|(w, k)| format!("{w} ×{k}")).collect();
    let bounds = format!(
        "bitwidth {}, loops unrolled: {}",
        r.bitwidth,
        if loops.is_empty() {
            "none".to_string()
        } else {
            loops.join("; ")
        }
    );
    match (&r.outcome, &c.confirmed) {
        (sattar_encode::CheckOutcome::Violation(d), Some(j)) => {
            let _ = writeln!(out, "{}  violation at scope {}", s.method_name(), r.scope);
            let _ = writeln!(out, "violated  {}", d.violated().join(", "));
            let _ = writeln!(out, "input     {}", input_line(&d.input));
            for (id, o) in &d.input.heap.objects {
                let _ = writeln!(out, "          {id}: {o}");
            }
            let ended = match j.execution.result() {
                Some(v) => format!("returned {v}"),
                None => j.execution.termination.label(),
            };
            let lines: Vec<String> = covered_lines(&s.program, j)
                .iter()
                .map(u32::to_string)
                .collect();
            let _ = writeln!(out, "run       {ended}; covered lines {}", lines.join(" "));
            let _ = writeln!(out, "post      {}", j.execution.post);
            let _ = writeln!(out, "bounds    {bounds}");
        }
        _ => {
            let _ = writeln!(
                out,
                "{}  holds for every valid input of up to {} objects per class",
                s.method_name(),
                r.scope
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

fn stmt_json(p: &Program, id: sattar_java::StmtId) -> Json {
    let s = p.stmt(id);
    json!({"id": id.0, "line": s.line, "text": s.text})
}

fn stmts_json(p: &Program, ids: &std::collections::BTreeSet<sattar_java::StmtId>) -> Vec<Json> {
    ids.iter().map(|id| stmt_json(p, *id)).collect()
}

/// The SAT technique's worst-case rank of the best-ranked faulty statement, for a bundled fault.
fn sat_rank(s: &Subject, a: &sattar_engine::CoreAnalysis) -> Option<usize> {
    let fault = s.fault.as_ref()?;
    let ranking = sattar_engine::sat_ranking(a);
    a.executed
        .iter()
        .filter(|id| fault.faulty_lines().contains(&s.program.stmt(**id).line))
        .filter_map(|id| ranking.rank_of(id))
        .map(|r| r.worst())
        .min()
}

/// Cores as JSON (DESIGN §10, plus the input, the executed statements and sizes).
pub fn core_json(s: &Subject, a: &sattar_engine::CoreAnalysis) -> Json {
    let p = &s.program;
    let cores: Vec<Json> = a
        .cores
        .iter()
        .map(|c| json!({"violated": c.violated, "suspects": stmts_json(p, &c.suspects), "groups": c.groups.len(), "solves": c.solves}))
        .collect();
    let source = match a.source {
        sattar_engine::InputSource::Given => json!("given"),
        sattar_engine::InputSource::Check(scope) => json!({"check_scope": scope}),
    };
    json!({
        "violated": a.violated,
        "suspects": stmts_json(p, &a.suspects),
        "cores": cores,
        "executed": stmts_json(p, &a.executed),
        "input": sattar_heap::input_to_json(&a.input),
        "input_source": source,
        "sat_rank": sat_rank(s, a),
        "fault": s.fault.as_ref().map(|f| json!({"id": f.id, "faulty_lines": f.faulty_lines()})),
        "vars": a.encoding.session.num_vars(),
        "clauses": a.encoding.session.num_clauses(),
        "groups": a.encoding.executed_groups().len() + a.encoding.postcondition_groups().len(),
        "ms": a.time.as_secs_f64() * 1e3,
    })
}

/// Cores as text: the failing run, the suspects with their lines, each core.
pub fn core_text(s: &Subject, a: &sattar_engine::CoreAnalysis) -> String {
    let p = &s.program;
    let mut out = String::new();
    let source = match a.source {
        sattar_engine::InputSource::Given => "given".to_string(),
        sattar_engine::InputSource::Check(scope) => {
            format!("the smallest failing input, scope {scope}")
        }
    };
    let _ = writeln!(
        out,
        "{}  fails ({})",
        s.method_name(),
        a.judged.verdict.constraints().join(", ")
    );
    let _ = writeln!(out, "input     {}  [{source}]", a.input);
    let _ = writeln!(out, "violated  {}", a.violated.join(", "));
    let _ = writeln!(
        out,
        "suspects  {} of {} executed statements",
        a.suspects.len(),
        a.executed.len()
    );
    let file = p.file.rsplit('/').next().unwrap_or(&p.file);
    for id in &a.suspects {
        let st = p.stmt(*id);
        let _ = writeln!(
            out,
            "  {file}:{:<4} {:>4}  {}",
            st.line,
            id.to_string(),
            st.text
        );
    }
    for (i, c) in a.cores.iter().enumerate() {
        let lines: Vec<String> = c
            .suspects
            .iter()
            .map(|id| p.stmt(*id).line.to_string())
            .collect();
        let _ = writeln!(
            out,
            "core {}    {}: lines {}",
            i + 1,
            c.violated.join(", "),
            lines.join(" ")
        );
    }
    if let (Some(rank), Some(f)) = (sat_rank(s, a), &s.fault) {
        let _ = writeln!(
            out,
            "SAT rank  {rank} of {} executed (faulty line {})",
            a.executed.len(),
            f.faulty_lines()
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    let _ = writeln!(
        out,
        "encoding  {} vars, {} clauses, {:.1} ms",
        a.encoding.session.num_vars(),
        a.encoding.session.num_clauses(),
        a.time.as_secs_f64() * 1e3
    );
    out
}
