//! Localization sessions on disk: a JSON-lines file with a header (what was asked, with the
//! SHA-256 of every file read), the failing input once the initial analysis has found it, and one
//! line per round, each written and synced as soon as it is known, so a stopped, crashed or killed
//! run resumes with no round lost or repeated.
//!
//! Every line is sealed: its `check` field is the SHA-256 of the line without it, so a line
//! changed after sattar wrote it is refused rather than replayed. A half-written last line (a
//! crash mid-write) is cut off. While a session is being written its file is locked: a second
//! sattar writing the same file is refused instead of interleaving lines with the first.

use crate::digest::{sha256_hex, FileDigest};
use crate::generate::{CoverageKey, UnsatProof};
use crate::{EngineError, Round, StopReason, TestRecord, TestVerdict};
use sattar_heap::{input_from_json, input_to_json, MethodSig, Schema};
use sattar_java::StmtId;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};

/// The format version written in every header.
pub const SESSION_VERSION: u32 = 2;

fn statements_domain() -> crate::Domain {
    crate::Domain::Statements
}

/// The Java sources a session analyses, as given: one path (the common case), or several.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum JavaPaths {
    /// One file or folder.
    One(String),
    /// Several.
    Many(Vec<String>),
}

impl JavaPaths {
    /// The paths.
    pub fn paths(&self) -> Vec<String> {
        match self {
            JavaPaths::One(p) => vec![p.clone()],
            JavaPaths::Many(ps) => ps.clone(),
        }
    }

    /// The paths a request names (`None` for none).
    pub fn of(paths: Vec<String>) -> Option<JavaPaths> {
        match paths.len() {
            0 => None,
            1 => paths.into_iter().next().map(JavaPaths::One),
            _ => Some(JavaPaths::Many(paths)),
        }
    }
}

/// The bounds of the session's encodings (the flags of `check` and `core`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredBounds {
    /// `--scope`: the largest scope `check` tries for a failing input.
    pub scope: usize,
    /// `--bitwidth`.
    pub bitwidth: Option<usize>,
    /// `--unroll`.
    pub unroll: Option<u32>,
    /// `--max-unroll`.
    pub max_unroll: u32,
    /// `--sat-time`, seconds.
    pub sat_time: f64,
    /// `--max-gates`.
    pub max_gates: usize,
    /// `--max-instances`.
    #[serde(default = "default_max_instances")]
    pub max_instances: usize,
    /// `--order`: `statements` or `constraints`.
    pub order: String,
}

fn default_max_instances() -> usize {
    sattar_encode::DEFAULT_MAX_INSTANCES
}

/// The limits of each test run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredLimits {
    /// `--max-steps`.
    pub max_steps: u64,
    /// Nested calls before the interpreter's `StackOverflowError`.
    pub max_depth: u32,
    /// `--timeout`, seconds.
    pub timeout: f64,
}

/// What a session was started with: enough to rebuild the subject and the options exactly.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SessionHeader {
    /// Always [`SESSION_VERSION`].
    pub sattar_session: u32,
    /// The Java files or folders (absent for a bundled fault): one path, or several.
    pub java: Option<JavaPaths>,
    /// The bundled fault id.
    pub fault: Option<String>,
    /// The method.
    pub method: Option<String>,
    /// The spec file.
    pub spec: Option<String>,
    /// Files or folders whose library names join the program's (a JUnit test's sources).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub library_from: Vec<String>,
    /// Jars and folders the program is compiled and run against (JUnit, for a test analysed as
    /// the program).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub classpath: Vec<String>,
    /// The method whose statements alone are suspects (`--spec-from-test`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blame: Option<String>,
    /// The ensures set.
    pub ensures: Option<String>,
    /// `sat-tar`, `sat`, `tar-muc` or `apg`.
    pub technique: String,
    /// The formula.
    pub formula: String,
    /// What the spectrum rates (sessions recorded before it existed rated statements, and
    /// recorded no condition values).
    #[serde(default = "statements_domain")]
    pub domain: crate::Domain,
    /// The smallest generation scope.
    pub min_scope: usize,
    /// The largest generation scope (sessions recorded before it was bounded: none).
    #[serde(default = "unbounded_scope")]
    pub max_gen_scope: usize,
    /// The most conflicts of one generation query (`None`: no limit, as in sessions recorded
    /// before it existed).
    #[serde(default)]
    pub gen_conflicts: Option<u32>,
    /// Rounds without change before the strategy switch.
    pub switch_after: usize,
    /// Whether satisfied postconditions are hard in cores.
    pub keep_satisfied: bool,
    /// The most iterative cores.
    pub max_cores: usize,
    /// The executor: `jvm` or `interp`.
    pub engine: String,
    /// The bounds of the encodings.
    pub bounds: StoredBounds,
    /// The limits of each test run.
    pub limits: StoredLimits,
    /// The failing input the user gave (`None`: the smallest one `check` finds).
    pub input: Option<Value>,
    /// Every file the subject was read from, with its SHA-256: a resume on changed files is
    /// refused, naming them.
    pub files: Vec<FileDigest>,
}

/// The line after the header: the failing input the session localizes, once known.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct InitialLine {
    /// The fault-revealing input (given, or found by `check`).
    pub initial_input: Value,
}

/// One round as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoundLine {
    /// 1-based round number.
    pub round: usize,
    /// The generated input.
    pub input: Value,
    /// `pass`, `fail` or `invalid`.
    pub verdict: String,
    /// Violated constraints (or, for an invalid input, the broken pre-state constraints).
    pub violated: Vec<String>,
    /// Covered statement ids.
    pub covered: Vec<u32>,
    /// The (branch statement id, condition value) pairs the run took.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub outcomes: Vec<(u32, bool)>,
    /// The negated prefix.
    pub prefix: Option<usize>,
    /// Whether the test joined the spectrum.
    pub added: bool,
    /// The coverage the encoding predicted, when the real run's differs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub predicted: Option<Vec<u32>>,
    /// Whether the run was stopped by the wall clock.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub timed_out: bool,
    /// The generation queries the round proved unsatisfiable: a resumed session skips them as
    /// an uninterrupted one does.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unsat: Vec<ProofLine>,
}

/// An unsatisfiable generation query as stored ([`UnsatProof`], statement ids as numbers).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProofLine {
    /// The first negated prefix it covers.
    pub first: usize,
    /// The last one; absent: every later one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last: Option<usize>,
    /// The suspects a run had to cover, if the proof used that.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub covers: Option<Vec<u32>>,
    /// The coverages a run had to differ from: `[seen, within]` (`within` null: all statements).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub differs: Vec<(Vec<u32>, Option<Vec<u32>>)>,
}

/// The last line of a finished session.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EndLine {
    /// `exhausted`, `rounds`, `user`, `no-tests`.
    pub finished: String,
}

/// A session read back from disk.
#[derive(Clone, Debug)]
pub struct StoredSession {
    /// The header.
    pub header: SessionHeader,
    /// The failing input, once the initial analysis had found it.
    pub initial: Option<Value>,
    /// The rounds, in order.
    pub rounds: Vec<RoundLine>,
    /// How it finished, if it did.
    pub finished: Option<String>,
}

fn io_err(path: &Path, e: impl std::fmt::Display) -> EngineError {
    EngineError::Session(format!("{}: {e}", path.display()))
}

/// The name of the field that seals a line.
const CHECK: &str = "check";

/// `value` as one sealed line: its fields, then `check`, the SHA-256 of the line without it.
fn sealed(value: &impl Serialize) -> Result<String, String> {
    let Value::Object(mut map) = serde_json::to_value(value).map_err(|e| e.to_string())? else {
        return Err("a session line must be an object".into());
    };
    let check = sha256_hex(Value::Object(map.clone()).to_string().as_bytes());
    map.insert(CHECK.into(), Value::String(check));
    Ok(Value::Object(map).to_string())
}

/// The fields of a sealed line, if its `check` matches them.
fn unsealed(line: &str) -> Result<Map<String, Value>, String> {
    let Value::Object(mut map) = serde_json::from_str(line).map_err(|e| e.to_string())? else {
        return Err("not a JSON object".into());
    };
    let Some(Value::String(check)) = map.remove(CHECK) else {
        return Err("it has no `check` field, so sattar did not write it".into());
    };
    if sha256_hex(Value::Object(map.clone()).to_string().as_bytes()) != check {
        return Err(
            "it was changed after sattar wrote it (its `check` does not match); a session is resumed only as it was written: start a new one".into(),
        );
    }
    Ok(map)
}

/// Appends sealed lines to a session file it holds locked, syncing each one to disk.
pub struct SessionWriter {
    path: PathBuf,
    file: File,
}

/// Locks `file` for this process, or says who holds it.
fn lock(file: &File, path: &Path) -> Result<(), EngineError> {
    match file.try_lock() {
        Ok(()) => Ok(()),
        Err(std::fs::TryLockError::WouldBlock) => Err(io_err(
            path,
            "is being written by another sattar process; wait for it to end, or give another --session",
        )),
        // A file system without locks: go on unprotected rather than refuse to work.
        Err(std::fs::TryLockError::Error(e)) if e.kind() == std::io::ErrorKind::Unsupported => {
            Ok(())
        }
        Err(std::fs::TryLockError::Error(e)) => Err(io_err(path, format!("cannot lock: {e}"))),
    }
}

impl SessionWriter {
    /// Creates the session file `path` (a file that holds anything is refused: nothing a user
    /// wrote is overwritten), locks it and writes the header.
    pub fn create(path: &Path, header: &SessionHeader) -> Result<SessionWriter, EngineError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| io_err(dir, e))?;
        }
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(|e| io_err(path, e))?;
        lock(&file, path)?;
        let len = file.metadata().map_err(|e| io_err(path, e))?.len();
        if len > 0 {
            return Err(io_err(
                path,
                "exists and is not empty: continue it with --resume, or give another --session",
            ));
        }
        let mut w = SessionWriter {
            path: path.to_path_buf(),
            file,
        };
        w.line(header)?;
        Ok(w)
    }

    /// Opens a session to resume: locks it, reads it back (every line checked), and cuts off a
    /// half-written last line.
    pub fn resume(path: &Path) -> Result<(SessionWriter, StoredSession), EngineError> {
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .open(path)
            .map_err(|e| io_err(path, e))?;
        lock(&file, path)?;
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes).map_err(|e| io_err(path, e))?;
        let text = String::from_utf8(bytes)
            .map_err(|_| io_err(path, "not a sattar session file (not UTF-8 text)"))?;
        let stored = parse_session(path, &text)?;
        let complete = text.rfind('\n').map_or(0, |i| i + 1);
        file.set_len(complete as u64).map_err(|e| io_err(path, e))?;
        file.seek(std::io::SeekFrom::End(0))
            .map_err(|e| io_err(path, e))?;
        let writer = SessionWriter {
            path: path.to_path_buf(),
            file,
        };
        Ok((writer, stored))
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn line(&mut self, value: &impl Serialize) -> Result<(), EngineError> {
        let text = sealed(value).map_err(|e| io_err(&self.path, e))?;
        writeln!(self.file, "{text}").map_err(|e| io_err(&self.path, e))?;
        self.file.sync_data().map_err(|e| io_err(&self.path, e))
    }

    /// Records the failing input the initial analysis settled on.
    pub fn initial(&mut self, input: Value) -> Result<(), EngineError> {
        self.line(&InitialLine {
            initial_input: input,
        })
    }

    /// Appends a round.
    pub fn round(&mut self, r: &Round) -> Result<(), EngineError> {
        self.line(&round_line(r))
    }

    /// Marks the session finished.
    pub fn finish(&mut self, why: &str) -> Result<(), EngineError> {
        self.line(&EndLine {
            finished: why.into(),
        })
    }
}

/// A round as stored.
pub fn round_line(r: &Round) -> RoundLine {
    let t = &r.test;
    let ids = |s: &std::collections::BTreeSet<StmtId>| s.iter().map(|s| s.0).collect();
    RoundLine {
        round: r.number,
        input: input_to_json(&t.input),
        verdict: t.verdict.label().into(),
        violated: t.verdict.constraints().to_vec(),
        covered: ids(&t.covered),
        outcomes: t.outcomes.iter().map(|(s, o)| (s.0, *o)).collect(),
        prefix: t.prefix,
        added: t.added,
        predicted: t.predicted.as_ref().map(ids),
        timed_out: t.timed_out,
        unsat: r
            .unsat
            .iter()
            .map(|p| ProofLine {
                first: p.first,
                last: p.last,
                covers: p.covers.as_ref().map(ids),
                differs: p
                    .differs
                    .iter()
                    .map(|k| (ids(&k.seen), k.within.as_ref().map(ids)))
                    .collect(),
            })
            .collect(),
    }
}

/// The stop reason's name in a session file.
pub fn stop_name(r: StopReason) -> &'static str {
    match r {
        StopReason::Exhausted => "exhausted",
        StopReason::NoTests => "no-tests",
    }
}

/// The header, checked: its format version first (a session of another sattar is named as such).
fn header_of(path: &Path, first: &str) -> Result<SessionHeader, EngineError> {
    let what = |e: String| io_err(path, format!("line 1: {e}"));
    let raw: Value = serde_json::from_str(first)
        .map_err(|e| what(format!("not a sattar session header ({e})")))?;
    match raw.get("sattar_session").and_then(Value::as_u64) {
        Some(v) if v == u64::from(SESSION_VERSION) => {}
        Some(v) => {
            return Err(what(format!(
                "a session of format {v}, written by another version of sattar (this one reads {SESSION_VERSION}); start a new session"
            )))
        }
        None => return Err(what("not a sattar session header".into())),
    }
    let fields = unsealed(first).map_err(what)?;
    serde_json::from_value(Value::Object(fields))
        .map_err(|e| what(format!("not a sattar session header ({e})")))
}

/// Parses a session's text: the header, the initial input, the rounds in order, the end.
fn parse_session(path: &Path, text: &str) -> Result<StoredSession, EngineError> {
    let complete = text.rfind('\n').map_or("", |i| &text[..i]);
    if complete.is_empty() {
        return Err(io_err(
            path,
            if text.trim().is_empty() {
                "is empty: not a sattar session file"
            } else {
                "its header is incomplete (the session was stopped while writing it): start a new session"
            },
        ));
    }
    let mut lines = complete.split('\n').enumerate();
    let header = match lines.next() {
        Some((_, first)) => header_of(path, first)?,
        None => return Err(io_err(path, "is empty: not a sattar session file")),
    };
    let mut stored = StoredSession {
        header,
        initial: None,
        rounds: Vec::new(),
        finished: None,
    };
    for (i, line) in lines {
        let at = |e: String| io_err(path, format!("line {}: {e}", i + 1));
        let fields = unsealed(line).map_err(at)?;
        if stored.finished.is_some() {
            return Err(at("a line after the end of the session".into()));
        }
        let value = Value::Object(fields);
        if value.get("initial_input").is_some() && stored.initial.is_none() {
            let l: InitialLine = serde_json::from_value(value).map_err(|e| at(e.to_string()))?;
            stored.initial = Some(l.initial_input);
        } else if value.get("finished").is_some() {
            let end: EndLine = serde_json::from_value(value).map_err(|e| at(e.to_string()))?;
            stored.finished = Some(end.finished);
        } else {
            if stored.initial.is_none() {
                return Err(at("a round before the failing input".into()));
            }
            let r: RoundLine = serde_json::from_value(value).map_err(|e| at(e.to_string()))?;
            if r.round != stored.rounds.len() + 1 {
                return Err(at(format!("round {} out of order", r.round)));
            }
            stored.rounds.push(r);
        }
    }
    Ok(stored)
}

/// What a stored round may name: the program's statements and the spec's constraints.
pub struct RoundCheck<'a> {
    /// The number of statements of the program (ids are 1..=this).
    pub statements: u32,
    /// Every constraint name a verdict may give (the spec's and the implicit ones).
    pub constraints: &'a [String],
}

/// A stored round as a test record for [`crate::Localizer::apply`], its ids and names checked.
pub fn test_record(
    r: &RoundLine,
    schema: &Schema,
    sig: &MethodSig,
    path: &Path,
    check: &RoundCheck,
) -> Result<TestRecord, EngineError> {
    let bad = |why: String| io_err(path, format!("round {}: {why}", r.round));
    let (input, _) = input_from_json(
        &r.input.to_string(),
        &format!("{} (round {})", path.display(), r.round),
        schema,
        sig,
    )?;
    let stmts = |ids: &[u32]| stored_stmts(ids, r.round, path, check);
    if let Some(name) = r.violated.iter().find(|n| !check.constraints.contains(n)) {
        return Err(bad(format!(
            "`{name}` is not a constraint of this specification"
        )));
    }
    let verdict = match r.verdict.as_str() {
        "pass" if r.violated.is_empty() => TestVerdict::Pass,
        "fail" if !r.violated.is_empty() => TestVerdict::Fail(r.violated.clone()),
        "invalid" if !r.violated.is_empty() => TestVerdict::Invalid(r.violated.clone()),
        other => {
            return Err(bad(format!(
                "the verdict `{other}` with violated {:?} is not one sattar gives",
                r.violated
            )))
        }
    };
    Ok(TestRecord {
        input,
        verdict,
        covered: stmts(&r.covered)?,
        outcomes: outcome_pairs(&r.outcomes, &stmts)?,
        added: r.added,
        prefix: r.prefix,
        predicted: r.predicted.as_deref().map(stmts).transpose()?,
        timed_out: r.timed_out,
    })
}

/// A stored round's unsatisfiable generation queries, their statement ids checked.
pub fn unsat_proofs(
    r: &RoundLine,
    path: &Path,
    check: &RoundCheck,
) -> Result<Vec<UnsatProof>, EngineError> {
    let stmts = |ids: &[u32]| stored_stmts(ids, r.round, path, check);
    r.unsat
        .iter()
        .map(|p| {
            Ok(UnsatProof {
                first: p.first,
                last: p.last,
                covers: p.covers.as_deref().map(stmts).transpose()?,
                differs: p
                    .differs
                    .iter()
                    .map(|(seen, within)| {
                        Ok(CoverageKey {
                            seen: stmts(seen)?,
                            within: within.as_deref().map(stmts).transpose()?,
                        })
                    })
                    .collect::<Result<_, EngineError>>()?,
            })
        })
        .collect()
}

/// Statement ids of a stored round, each checked to exist.
/// Stored (statement, condition value) pairs, their statement ids checked.
fn outcome_pairs(
    pairs: &[(u32, bool)],
    stmts: &impl Fn(&[u32]) -> Result<std::collections::BTreeSet<StmtId>, EngineError>,
) -> Result<std::collections::BTreeSet<(StmtId, bool)>, EngineError> {
    let ids: Vec<u32> = pairs.iter().map(|(s, _)| *s).collect();
    stmts(&ids)?;
    Ok(pairs.iter().map(|&(s, o)| (StmtId(s), o)).collect())
}

fn stored_stmts(
    ids: &[u32],
    round: usize,
    path: &Path,
    check: &RoundCheck,
) -> Result<std::collections::BTreeSet<StmtId>, EngineError> {
    ids.iter()
        .map(|&id| {
            if (1..=check.statements).contains(&id) {
                Ok(StmtId(id))
            } else {
                Err(io_err(
                    path,
                    format!(
                        "round {round}: statement s{id} does not exist (the program has s1 to s{})",
                        check.statements
                    ),
                ))
            }
        })
        .collect()
}

/// What a session recorded before `max_gen_scope` existed generated in: the failing input's scope.
fn unbounded_scope() -> usize {
    usize::MAX
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sealed_line_reads_back_and_any_change_is_refused() {
        let end = EndLine {
            finished: "user".into(),
        };
        let line = sealed(&end).expect("sealed");
        assert!(
            line.starts_with(r#"{"finished":"user","check":""#),
            "{line}"
        );
        let back = unsealed(&line).expect("unsealed");
        assert_eq!(back.get("finished"), Some(&Value::String("user".into())));
        let changed = line.replace("user", "rounds");
        assert!(unsealed(&changed)
            .expect_err("changed")
            .contains("changed after"));
        let unsealed_line = r#"{"finished":"user"}"#;
        assert!(unsealed(unsealed_line)
            .expect_err("no check")
            .contains("no `check`"));
    }

    #[test]
    fn a_rounds_unsatisfiable_queries_read_back_as_written() {
        let ids = |xs: &[u32]| xs.iter().map(|&x| StmtId(x)).collect();
        let proofs = vec![
            UnsatProof {
                first: 2,
                last: Some(2),
                covers: Some(ids(&[3, 5])),
                differs: vec![CoverageKey {
                    seen: ids(&[1, 3]),
                    within: Some(ids(&[3, 5])),
                }],
            },
            UnsatProof {
                first: 4,
                last: None,
                covers: None,
                differs: Vec::new(),
            },
        ];
        let round = Round {
            number: 1,
            test: TestRecord {
                input: sattar_heap::TestInput {
                    this: None,
                    args: Vec::new(),
                    heap: sattar_heap::Heap::default(),
                },
                verdict: TestVerdict::Pass,
                covered: ids(&[1, 3]),
                outcomes: [(StmtId(1), true), (StmtId(1), false)].into(),
                added: true,
                prefix: Some(2),
                predicted: None,
                timed_out: false,
            },
            demoted: Vec::new(),
            strategy: crate::Strategy::UniqueCoverage,
            unsat: proofs.clone(),
        };
        let text = sealed(&round_line(&round)).expect("sealed");
        assert!(text.contains(r#""unsat":[{"first":2,"last":2,"covers":[3,5],"differs":[[[1,3],[3,5]]]},{"first":4}]"#), "{text}");
        let line: RoundLine =
            serde_json::from_value(Value::Object(unsealed(&text).expect("unsealed")))
                .expect("a round");
        let check = RoundCheck {
            statements: 5,
            constraints: &[],
        };
        let back = unsat_proofs(&line, Path::new("s.jsonl"), &check).expect("ids exist");
        assert_eq!(back, proofs);
        let small = RoundCheck {
            statements: 4,
            constraints: &[],
        };
        let err = unsat_proofs(&line, Path::new("s.jsonl"), &small).expect_err("s5 is not there");
        assert!(
            err.to_string().contains("statement s5 does not exist"),
            "{err}"
        );
    }

    #[test]
    fn a_header_recorded_before_the_generation_bound_resumes_unbounded() {
        let line = r#"{"sattar_session":2,"java":null,"fault":"sll.sizeErr","method":null,"spec":null,"ensures":null,"technique":"sat-tar","formula":"tarantula","min_scope":1,"switch_after":2,"keep_satisfied":true,"max_cores":8,"engine":"interp","bounds":{"scope":5,"bitwidth":null,"unroll":null,"max_unroll":64,"sat_time":60.0,"max_gates":4000000,"order":"statements"},"limits":{"max_steps":100000,"max_depth":1000,"timeout":5.0},"input":null,"files":[]}"#;
        let header: SessionHeader = serde_json::from_str(line).expect("an older header");
        assert_eq!(header.max_gen_scope, usize::MAX);
        assert_eq!(header.domain, crate::Domain::Statements);
    }
}
