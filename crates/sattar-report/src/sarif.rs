//! The ranking as a SARIF 2.1.0 log, for code-scanning dashboards and IDE viewers.
//!
//! One run, one rule ([`RULE_ID`]), results for the suspects only, in ranking order: by default
//! the statements of the minimal unsat core and the top group; with `top` the first N ranked
//! statements, with `min_susp` those at or above a suspiciousness (both: both conditions). Each
//! message names the violated constraints (for a core statement, those its core explains).
//! Levels: `error` for the top group (the statements tied at the highest positive suspiciousness
//! — the ones a developer should read first), `warning` for every other statement with a positive
//! suspiciousness, `note` for the rest (zero or negative scores, only present when the threshold
//! lets them in). SARIF's own `result.rank` (0–100, a viewer's sort key) is the suspiciousness
//! relative to the top one; sattar's ranks are in the result's `properties`. Files are URIs
//! relative to [`SRCROOT`] (`originalUriBaseIds` says where it is, when known); each result has a
//! `partialFingerprints` entry that survives edits which move the statement.

use crate::model::{RankedStatement, Report};
use crate::text::score;
use serde_json::{json, Map, Value};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;

/// The `$schema` a log names.
pub const SARIF_SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

/// The SARIF version written.
pub const SARIF_VERSION: &str = "2.1.0";

/// The id of sattar's one rule.
pub const RULE_ID: &str = "sattar/suspicious-statement";

/// The base every relative file URI is resolved against: the source root.
pub const SRCROOT: &str = "%SRCROOT%";

/// The `partialFingerprints` key of a result: a hash of the file, the statement's text and its
/// occurrence among statements of that text in the file (not its line).
pub const FINGERPRINT: &str = "sattarStatement/v1";

/// What goes into a SARIF log.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SarifOptions {
    /// Report statements with `susp >= t`.
    pub min_susp: Option<f64>,
    /// Report the first N statements of the ranking.
    pub top: Option<usize>,
    /// The tool's home page (`tool.driver.informationUri`); left out when `None`.
    pub information_uri: Option<String>,
    /// The rule's documentation (`helpUri`, an absolute URI); left out when `None`.
    pub help_uri: Option<String>,
    /// The absolute directory relative file names are relative to (`%SRCROOT%`); absolute file
    /// names below it are made relative. `None`: relative names stay as they are, with no
    /// `originalUriBaseIds`.
    pub src_root: Option<String>,
    /// For each statement id of a core, the violated constraints that core explains.
    pub explains: BTreeMap<u32, Vec<String>>,
}

/// The report as a SARIF 2.1.0 log.
pub fn to_sarif(report: &Report, opts: &SarifOptions) -> Value {
    let files = Files::new(report, opts);
    let fingerprints = fingerprints(report, &files);
    let results: Vec<Value> = report
        .ranking
        .iter()
        .enumerate()
        .filter(|(i, s)| included(report, s, *i, opts))
        .map(|(i, s)| result(report, s, &files, opts, &fingerprints[i]))
        .collect();
    let artifact_objects: Vec<Value> = files.uris.iter().map(artifact).collect();
    let mut run = json!({
        "tool": { "driver": driver(report, opts) },
        "artifacts": artifact_objects,
        "results": results,
        "properties": run_properties(report),
    });
    if let (Some(root), Some(obj)) = (&opts.src_root, run.as_object_mut()) {
        let uri = directory_uri(root);
        obj.insert(
            "originalUriBaseIds".into(),
            json!({ SRCROOT: { "uri": uri } }),
        );
    }
    json!({
        "$schema": SARIF_SCHEMA,
        "version": SARIF_VERSION,
        "runs": [run]
    })
}

/// The log as pretty-printed JSON, ending in a newline.
pub fn render_sarif(report: &Report, opts: &SarifOptions) -> String {
    format!("{:#}\n", to_sarif(report, opts))
}

/// Whether the `i`-th ranked statement is reported: above the threshold and within the top N
/// when either is given, otherwise in the core or the top group; never a non-positive score
/// unless the threshold lets it in.
fn included(report: &Report, s: &RankedStatement, i: usize, opts: &SarifOptions) -> bool {
    let above = match opts.min_susp {
        Some(t) => s.susp >= t,
        None => s.susp > 0.0,
    };
    let chosen = match opts.top {
        Some(n) => i < n,
        None if opts.min_susp.is_some() => true,
        None => s.in_core || report.in_top_group(s),
    };
    above && chosen
}

/// `tool.driver`: sattar and its one rule.
fn driver(report: &Report, opts: &SarifOptions) -> Value {
    let mut d = json!({
        "name": "sattar",
        "version": report.tool_version,
        "rules": [rule(opts)],
    });
    if let (Some(uri), Some(obj)) = (&opts.information_uri, d.as_object_mut()) {
        obj.insert("informationUri".into(), json!(uri));
    }
    d
}

fn rule(opts: &SarifOptions) -> Value {
    let mut rule = json!({
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
    });
    if let (Some(uri), Some(obj)) = (&opts.help_uri, rule.as_object_mut()) {
        obj.insert("helpUri".into(), json!(uri));
    }
    rule
}

/// One result: where the statement is, why it is suspicious, and sattar's numbers.
fn result(
    report: &Report,
    s: &RankedStatement,
    files: &Files,
    opts: &SarifOptions,
    fingerprint: &str,
) -> Value {
    let uri = files.uri(&s.file);
    // Every file is among the artifacts (Files::new collects them all); 0 is never used.
    let index = files.uris.iter().position(|u| *u == uri).unwrap_or(0);
    let mut r = json!({
        "ruleId": RULE_ID,
        "ruleIndex": 0,
        "level": level(report, s),
        "message": { "text": message(report, s, opts) },
        "locations": [location(s, &uri, index)],
        "partialFingerprints": { FINGERPRINT: fingerprint },
        "properties": {
            "stmt": s.stmt,
            "rank": s.rank,
            "rankAvg": s.rank_avg,
            "susp": s.susp,
            "conf": s.conf,
            "inCore": s.in_core,
        }
    });
    if let (Some(c), Some(props)) = (s.condition, r["properties"].as_object_mut()) {
        props.insert("condition".into(), json!(c.name()));
    }
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

/// `Rank 1 of 12 (suspiciousness 0.83): in the minimal unsat core of the violation of sizeOk.`
fn message(report: &Report, s: &RankedStatement, opts: &SarifOptions) -> String {
    let when = s.condition.map(|c| format!(", {}", c.clause()));
    let head = format!(
        "Rank {} of {} (suspiciousness {}{})",
        s.rank,
        report.ranking.len(),
        score(s.susp),
        when.unwrap_or_default()
    );
    let names = |v: &[String]| match v {
        [] => "the specification".to_string(),
        v => v.join(", "),
    };
    match (s.in_core, opts.explains.get(&s.stmt)) {
        (true, Some(c)) => format!(
            "{head}: in the minimal unsat core of the violation of {}.",
            names(c)
        ),
        (true, None) => format!(
            "{head}: in the minimal unsat core of the violation of {}.",
            names(&report.violated)
        ),
        (false, _) => format!(
            "{head}: run by failing tests, which violate {}.",
            names(&report.violated)
        ),
    }
}

/// SARIF's 0–100 priority: the suspiciousness relative to the top one (`None` if undefined).
fn viewer_rank(report: &Report, s: &RankedStatement) -> Option<f64> {
    let top = report.top_susp().filter(|t| *t > 0.0)?;
    let r = (100.0 * s.susp / top).clamp(0.0, 100.0);
    r.is_finite().then_some(r)
}

/// `physicalLocation` of a statement; a statement without a line (0) gets no region, since SARIF
/// lines start at 1.
fn location(s: &RankedStatement, uri: &FileUri, index: usize) -> Value {
    let mut physical = Map::new();
    let mut artifact = uri.json();
    if let Some(obj) = artifact.as_object_mut() {
        obj.insert("index".into(), json!(index));
    }
    physical.insert("artifactLocation".into(), artifact);
    if s.line > 0 {
        physical.insert(
            "region".into(),
            json!({ "startLine": s.line, "snippet": { "text": s.text } }),
        );
    }
    json!({ "physicalLocation": physical })
}

fn artifact(uri: &FileUri) -> Value {
    json!({ "location": uri.json(), "sourceLanguage": "java" })
}

/// A file as SARIF names it: a URI, relative to [`SRCROOT`] or absolute.
#[derive(Clone, Debug, PartialEq)]
struct FileUri {
    uri: String,
    relative: bool,
}

impl FileUri {
    fn json(&self) -> Value {
        match self.relative {
            true => json!({ "uri": self.uri, "uriBaseId": SRCROOT }),
            false => json!({ "uri": self.uri }),
        }
    }
}

/// The distinct files of the report: the subject first, then in ranking order.
struct Files {
    root: Option<String>,
    uris: Vec<FileUri>,
}

impl Files {
    fn new(report: &Report, opts: &SarifOptions) -> Files {
        let mut files = Files {
            root: opts.src_root.as_ref().map(|r| r.replace('\\', "/")),
            uris: Vec::new(),
        };
        let paths = std::iter::once(&report.subject).chain(report.ranking.iter().map(|s| &s.file));
        for p in paths {
            let uri = files.uri(p);
            if !files.uris.contains(&uri) {
                files.uris.push(uri);
            }
        }
        files
    }

    /// `path` relative to the root when it is below it or relative, else a `file:` URI.
    fn uri(&self, path: &str) -> FileUri {
        let path = path.replace('\\', "/");
        let below = self.root.as_ref().and_then(|r| {
            let r = r.trim_end_matches('/');
            path.strip_prefix(r)?.strip_prefix('/').map(str::to_string)
        });
        let rel = below.or_else(|| (!is_absolute(&path)).then(|| path.clone()));
        match rel {
            Some(r) => FileUri {
                uri: encode(r.trim_start_matches("./")),
                relative: true,
            },
            None => FileUri {
                uri: file_uri(&path),
                relative: false,
            },
        }
    }
}

fn is_absolute(path: &str) -> bool {
    let b = path.as_bytes();
    path.starts_with('/') || (b.len() >= 2 && b[0].is_ascii_alphabetic() && b[1] == b':')
}

/// A directory as an absolute `file:` URI ending in `/` (what `originalUriBaseIds` needs).
fn directory_uri(dir: &str) -> String {
    let mut uri = file_uri(&dir.replace('\\', "/"));
    if !uri.starts_with("file:") {
        // A relative root cannot be a base; name it from the file system's root.
        uri = format!("file:///{}", uri.trim_start_matches('/'));
    }
    if !uri.ends_with('/') {
        uri.push('/');
    }
    uri
}

/// Each ranked statement's fingerprint: SHA-256 of its file, its text with runs of white space
/// as one space, and how many statements of the same file and text come before it by line.
fn fingerprints(report: &Report, files: &Files) -> Vec<String> {
    let norm = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
    report
        .ranking
        .iter()
        .map(|s| {
            let uri = files.uri(&s.file).uri;
            let before = report
                .ranking
                .iter()
                .filter(|o| {
                    files.uri(&o.file).uri == uri
                        && norm(&o.text) == norm(&s.text)
                        && (o.line, o.stmt) < (s.line, s.stmt)
                })
                .count();
            let mut h = Sha256::new();
            h.update(format!("{uri}\0{}\0{before}", norm(&s.text)).as_bytes());
            h.finalize().iter().map(|b| format!("{b:02x}")).collect()
        })
        .collect()
}

fn run_properties(report: &Report) -> Value {
    json!({
        "method": report.method,
        "technique": report.technique,
        "formula": report.formula,
        "domain": report.domain,
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
    fn files_below_the_root_are_relative_to_it() {
        let stmt = |file: &str| RankedStatement {
            stmt: 1,
            file: file.into(),
            line: 3,
            text: "x = 1;".into(),
            susp: 1.0,
            conf: 1.0,
            rank: 1,
            rank_avg: 1.0,
            in_core: true,
            condition: None,
        };
        let report = Report {
            tool_version: "0".into(),
            subject: "/src/p/A.java".into(),
            method: "A.m".into(),
            technique: "sat-tar".into(),
            formula: "tarantula".into(),
            domain: "outcomes".into(),
            violated: vec![],
            suspects: vec![],
            rounds: vec![],
            ranking: vec![stmt("B.java"), stmt("/x/C.java"), stmt("./B.java")],
            tests: 1,
            fault: None,
        };
        let opts = SarifOptions {
            src_root: Some("/src/p/".into()),
            ..SarifOptions::default()
        };
        let files = Files::new(&report, &opts);
        let uris: Vec<(&str, bool)> = files
            .uris
            .iter()
            .map(|u| (u.uri.as_str(), u.relative))
            .collect();
        assert_eq!(
            uris,
            [
                ("A.java", true),
                ("B.java", true),
                ("file:///x/C.java", false)
            ]
        );
        assert_eq!(directory_uri("/src/p"), "file:///src/p/");
        assert_eq!(directory_uri(r"C:\src"), "file:///C:/src/");
    }
}
