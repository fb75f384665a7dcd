//! Localization sessions on disk: a JSON-lines file with a header (what was asked) and one line per
//! round, each written and flushed as soon as the round ends, so a stopped, crashed or killed run
//! resumes with no round lost or repeated. A half-written last line (a crash mid-write) is ignored.

use crate::{EngineError, Round, StopReason, TestRecord, TestVerdict};
use sattar_heap::{input_from_json, input_to_json, MethodSig, Schema};
use sattar_java::StmtId;
use serde::{Deserialize, Serialize};
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};

/// The format version written in every header.
pub const SESSION_VERSION: u32 = 1;

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

/// What a session was started with: enough to rebuild the subject and the options.
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
    /// The ensures set.
    pub ensures: Option<String>,
    /// `sat-tar`, `sat` or `tar-muc`.
    pub technique: String,
    /// The formula.
    pub formula: String,
    /// The smallest generation scope.
    pub min_scope: usize,
    /// Rounds without change before the strategy switch.
    pub switch_after: usize,
    /// Whether satisfied postconditions are hard in cores.
    pub keep_satisfied: bool,
    /// The most iterative cores.
    pub max_cores: usize,
    /// The executor: `jvm` or `interp`.
    pub engine: String,
    /// The failing input the session localizes.
    pub initial_input: serde_json::Value,
}

/// One round as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoundLine {
    /// 1-based round number.
    pub round: usize,
    /// The generated input.
    pub input: serde_json::Value,
    /// `pass`, `fail` or `invalid`.
    pub verdict: String,
    /// Violated constraints (or, for an invalid input, the broken pre-state constraints).
    pub violated: Vec<String>,
    /// Covered statement ids.
    pub covered: Vec<u32>,
    /// The negated prefix.
    pub prefix: Option<usize>,
    /// Whether the test joined the spectrum.
    pub added: bool,
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
    /// The rounds, in order.
    pub rounds: Vec<RoundLine>,
    /// How it finished, if it did.
    pub finished: Option<String>,
}

fn io_err(path: &Path, e: impl std::fmt::Display) -> EngineError {
    EngineError::Session(format!("{}: {e}", path.display()))
}

/// Appends lines to a session file, flushing each one to disk.
pub struct SessionWriter {
    path: PathBuf,
    file: File,
}

impl SessionWriter {
    /// Creates (or truncates) `path` and writes the header.
    pub fn create(path: &Path, header: &SessionHeader) -> Result<SessionWriter, EngineError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| io_err(dir, e))?;
        }
        let file = File::create(path).map_err(|e| io_err(path, e))?;
        let mut w = SessionWriter {
            path: path.to_path_buf(),
            file,
        };
        w.line(header)?;
        Ok(w)
    }

    /// Opens an existing session to append to; a half-written last line is cut off first.
    pub fn append(path: &Path) -> Result<SessionWriter, EngineError> {
        let text = std::fs::read_to_string(path).map_err(|e| io_err(path, e))?;
        let complete = text.rfind('\n').map_or(0, |i| i + 1);
        let file = OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(|e| io_err(path, e))?;
        file.set_len(complete as u64).map_err(|e| io_err(path, e))?;
        let mut file = file;
        use std::io::Seek;
        file.seek(std::io::SeekFrom::End(0))
            .map_err(|e| io_err(path, e))?;
        Ok(SessionWriter {
            path: path.to_path_buf(),
            file,
        })
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn line(&mut self, value: &impl Serialize) -> Result<(), EngineError> {
        let text = serde_json::to_string(value).map_err(|e| io_err(&self.path, e))?;
        writeln!(self.file, "{text}").map_err(|e| io_err(&self.path, e))?;
        self.file.sync_data().map_err(|e| io_err(&self.path, e))
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
    RoundLine {
        round: r.number,
        input: input_to_json(&t.input),
        verdict: t.verdict.label().into(),
        violated: t.verdict.constraints().to_vec(),
        covered: t.covered.iter().map(|s| s.0).collect(),
        prefix: t.prefix,
        added: t.added,
    }
}

/// The stop reason's name in a session file.
pub fn stop_name(r: StopReason) -> &'static str {
    match r {
        StopReason::Exhausted => "exhausted",
        StopReason::NoTests => "no-tests",
    }
}

/// Reads a session file back (a half-written last line is ignored).
pub fn read_session(path: &Path) -> Result<StoredSession, EngineError> {
    let file = File::open(path).map_err(|e| io_err(path, e))?;
    let text: Vec<String> = BufReader::new(file)
        .lines()
        .collect::<Result<_, _>>()
        .map_err(|e| io_err(path, e))?;
    let raw = std::fs::read_to_string(path).map_err(|e| io_err(path, e))?;
    let complete = if raw.ends_with('\n') {
        text.len()
    } else {
        text.len().saturating_sub(1)
    };
    let mut lines = text.into_iter().take(complete).enumerate();
    let Some((_, first)) = lines.next() else {
        return Err(io_err(path, "empty: not a sattar session file"));
    };
    let header: SessionHeader = serde_json::from_str(&first)
        .map_err(|e| io_err(path, format!("line 1: not a sattar session header ({e})")))?;
    if header.sattar_session != SESSION_VERSION {
        return Err(io_err(
            path,
            format!(
                "session format {} (this sattar reads {SESSION_VERSION})",
                header.sattar_session
            ),
        ));
    }
    let mut rounds = Vec::new();
    let mut finished = None;
    for (i, l) in lines {
        if let Ok(end) = serde_json::from_str::<EndLine>(&l) {
            finished = Some(end.finished);
            continue;
        }
        let r: RoundLine =
            serde_json::from_str(&l).map_err(|e| io_err(path, format!("line {}: {e}", i + 1)))?;
        if r.round != rounds.len() + 1 {
            return Err(io_err(
                path,
                format!("line {}: round {} out of order", i + 1, r.round),
            ));
        }
        rounds.push(r);
    }
    Ok(StoredSession {
        header,
        rounds,
        finished,
    })
}

/// A stored round as a test record for [`crate::Localizer::apply`].
pub fn test_record(
    r: &RoundLine,
    schema: &Schema,
    sig: &MethodSig,
    path: &Path,
) -> Result<TestRecord, EngineError> {
    let (input, _) = input_from_json(
        &r.input.to_string(),
        &path.display().to_string(),
        schema,
        sig,
    )?;
    let verdict = match r.verdict.as_str() {
        "pass" => TestVerdict::Pass,
        "fail" => TestVerdict::Fail(r.violated.clone()),
        "invalid" => TestVerdict::Invalid(r.violated.clone()),
        other => {
            return Err(io_err(
                path,
                format!("round {}: unknown verdict `{other}`", r.round),
            ))
        }
    };
    Ok(TestRecord {
        input,
        verdict,
        covered: r.covered.iter().map(|s| StmtId(*s)).collect(),
        added: r.added,
        prefix: r.prefix,
    })
}
