//! The ranking as a SARIF 2.1.0 log, for code-scanning dashboards and IDE viewers.
//!
//! One run, one rule ([`RULE_ID`]), one result per ranked statement at or above the threshold, in
//! ranking order. Levels: `error` for the top group (the statements tied at the highest positive
//! suspiciousness — the ones a developer should read first), `warning` for every other statement
//! with a positive suspiciousness, `note` for the rest (zero or negative scores, only present when
//! the threshold lets them in). SARIF's own `result.rank` (0–100, a viewer's sort key) is the
//! suspiciousness relative to the top one; sattar's ranks are in the result's `properties`.

use crate::model::{RankedStatement, Report};
use crate::text::score;
use serde_json::{json, Map, Value};

/// The `$schema` a log names.
pub const SARIF_SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

/// The SARIF version written.
pub const SARIF_VERSION: &str = "2.1.0";

/// The id of sattar's one rule.
pub const RULE_ID: &str = "sattar/suspicious-statement";

/// What goes into a SARIF log.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SarifOptions {
    /// Report statements with `susp >= t`; `None` (the default): every statement with `susp > 0`.
    pub min_susp: Option<f64>,
    /// The tool's home page (`tool.driver.informationUri`); left out when `None`.
    pub information_uri: Option<String>,
}

/// The report as a SARIF 2.1.0 log.
pub fn to_sarif(report: &Report, opts: &SarifOptions) -> Value {
    let artifacts = artifact_uris(report);
    let results: Vec<Value> = report
        .ranking
        .iter()
        .filter(|s| included(s.susp, opts.min_susp))
        .map(|s| result(report, s, &artifacts))
        .collect();
    let artifact_objects: Vec<Value> = artifacts.iter().map(|uri| artifact(uri)).collect();
    json!({
        "$schema": SARIF_SCHEMA,
        "version": SARIF_VERSION,
        "runs": [{
            "tool": { "driver": driver(report, opts) },
            "artifacts": artifact_objects,
            "results": results,
            "properties": run_properties(report),
        }]
    })
}

/// The log as pretty-printed JSON, ending in a newline.
pub fn render_sarif(report: &Report, opts: &SarifOptions) -> String {
    format!("{:#}\n", to_sarif(report, opts))
}

fn included(susp: f64, min: Option<f64>) -> bool {
    match min {
        Some(t) => susp >= t,
        None => susp > 0.0,
    }
}

/// `tool.driver`: sattar and its one rule.
fn driver(report: &Report, opts: &SarifOptions) -> Value {
    let mut d = json!({
        "name": "sattar",
        "version": report.tool_version,
        "rules": [rule()],
    });
    if let (Some(uri), Some(obj)) = (&opts.information_uri, d.as_object_mut()) {
        obj.insert("informationUri".into(), json!(uri));
    }
    d
}

fn rule() -> Value {
    json!({
        "id": RULE_ID,
        "name": "SuspiciousStatement",
        "shortDescription": {
            "text": "A statement that may cause the specification violation."
        },
        "fullDescription": {
            "text": "sattar ranks the statements of a method by how strongly the failing tests and the \
                     minimal unsatisfiable core of the specification violation implicate them \
                     (spectrum-based fault localization boosted by the SAT core). Rank 1 is the \
                     most suspicious statement."
        },
        "help": {
            "text": "Read the statements in rank order. A statement in the minimal unsat core can, \
                     by itself, be changed to make the violated constraints hold on the failing \
                     input; its suspiciousness says how often it ran in failing rather than passing \
                     tests.",
            "markdown": "Read the statements in **rank order**. A statement in the *minimal unsat \
                         core* can, by itself, be changed to make the violated constraints hold on \
                         the failing input; its suspiciousness says how often it ran in failing \
                         rather than passing tests."
        },
        "defaultConfiguration": { "level": "warning" },
        "properties": { "tags": ["fault-localization"] }
    })
}

/// One result: where the statement is, how suspicious it is, and sattar's numbers.
fn result(report: &Report, s: &RankedStatement, artifacts: &[String]) -> Value {
    let uri = file_uri(&s.file);
    // Every file is among the artifacts (artifact_uris collects them all); 0 is never used.
    let index = artifacts.iter().position(|u| *u == uri).unwrap_or(0);
    let mut r = json!({
        "ruleId": RULE_ID,
        "ruleIndex": 0,
        "level": level(report, s),
        "message": { "text": message(report, s) },
        "locations": [location(s, &uri, index)],
        "properties": {
            "stmt": s.stmt,
            "rank": s.rank,
            "rankAvg": s.rank_avg,
            "susp": s.susp,
            "conf": s.conf,
            "inCore": s.in_core,
        }
    });
    if let (Some(rank), Some(obj)) = (viewer_rank(report, s), r.as_object_mut()) {
        obj.insert("rank".into(), json!(rank));
    }
    r
}

fn level(report: &Report, s: &RankedStatement) -> &'static str {
    if report.in_top_group(s) {
        "error"
    } else if s.susp > 0.0 {
        "warning"
    } else {
        "note"
    }
}

/// `Suspiciousness 0.83, rank 1 of 12; in the minimal unsat core`
fn message(report: &Report, s: &RankedStatement) -> String {
    let core = if s.in_core {
        "; in the minimal unsat core"
    } else {
        ""
    };
    format!(
        "Suspiciousness {}, rank {} of {}{core}",
        score(s.susp),
        s.rank,
        report.ranking.len()
    )
}

/// SARIF's 0–100 priority: the suspiciousness relative to the top one (`None` if undefined).
fn viewer_rank(report: &Report, s: &RankedStatement) -> Option<f64> {
    let top = report.top_susp().filter(|t| *t > 0.0)?;
    let r = (100.0 * s.susp / top).clamp(0.0, 100.0);
    r.is_finite().then_some(r)
}

/// `physicalLocation` of a statement; a statement without a line (0) gets no region, since SARIF
/// lines start at 1.
fn location(s: &RankedStatement, uri: &str, index: usize) -> Value {
    let mut physical = Map::new();
    physical.insert(
        "artifactLocation".into(),
        json!({ "uri": uri, "index": index }),
    );
    if s.line > 0 {
        physical.insert(
            "region".into(),
            json!({ "startLine": s.line, "snippet": { "text": s.text } }),
        );
    }
    json!({ "physicalLocation": physical })
}

fn artifact(uri: &str) -> Value {
    json!({ "location": { "uri": uri }, "sourceLanguage": "java" })
}

/// The distinct files of the report as URIs: the subject first, then in ranking order.
fn artifact_uris(report: &Report) -> Vec<String> {
    let mut uris = vec![file_uri(&report.subject)];
    for s in &report.ranking {
        let uri = file_uri(&s.file);
        if !uris.contains(&uri) {
            uris.push(uri);
        }
    }
    uris
}

fn run_properties(report: &Report) -> Value {
    json!({
        "method": report.method,
        "technique": report.technique,
        "formula": report.formula,
        "violated": report.violated,
        "suspects": report.suspects,
        "tests": report.tests,
        "fault": report.fault.as_ref().map(|f| json!({
            "id": f.id,
            "faultyLines": f.faulty_lines,
            "rank": f.rank,
        })),
    })
}

/// A file path as a URI reference: relative paths stay relative (viewers resolve them against
/// the checkout), absolute ones become `file:` URIs; `\` becomes `/`, and every byte outside
/// RFC 3986's path characters is percent-encoded.
pub fn file_uri(path: &str) -> String {
    let path = path.replace('\\', "/");
    let b = path.as_bytes();
    let drive = b.len() >= 2
        && b[0].is_ascii_alphabetic()
        && b[1] == b':'
        && b.get(2).is_none_or(|c| *c == b'/');
    if drive {
        format!("file:///{}:{}", &path[..1], encode(&path[2..]))
    } else if path.starts_with('/') {
        format!("file://{}", encode(&path))
    } else {
        encode(&path)
    }
}

/// Percent-encodes all but unreserved characters, sub-delimiters, `@` and `/`. A `:` is encoded
/// too, so that a relative path's first segment is never read as a URI scheme.
fn encode(s: &str) -> String {
    let keep = |b: u8| b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=@/".contains(&b);
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if keep(b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_become_uri_references() {
        assert_eq!(
            file_uri("java-subjects/linkedlist/LinkedList.java"),
            "java-subjects/linkedlist/LinkedList.java"
        );
        assert_eq!(
            file_uri("/tmp/my dir/A.java"),
            "file:///tmp/my%20dir/A.java"
        );
        assert_eq!(file_uri(r"C:\src\A.java"), "file:///C:/src/A.java");
        assert_eq!(file_uri("a:b/Ü#.java"), "a%3Ab/%C3%9C%23.java");
    }

    #[test]
    fn the_threshold_defaults_to_positive_scores() {
        assert!(included(0.1, None));
        assert!(!included(0.0, None));
        assert!(!included(f64::NAN, None));
        assert!(included(0.0, Some(0.0)));
        assert!(!included(0.49, Some(0.5)));
    }
}
