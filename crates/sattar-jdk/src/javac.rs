//! The javac helper process: javac itself attributes (types, symbols, overloads, erasure) and
//! compiles the sources, so that what sattar analyses is exactly what javac compiles. One process
//! per sattar process, started on first use and restarted if it dies; requests are serialized.

use crate::cache::{content_key, default_cache_dir, verified_classes};
use crate::jdk::Jdk;
use crate::tree::{JavacDiagnostic, Node};
use crate::JdkError;
use serde::Deserialize;
use serde_json::json;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::Mutex;
use std::time::Duration;

/// The helper's Java sources: `(path under the class root, text)`.
const HELPER_SOURCES: &[(&str, &str)] = &[
    (
        "sattar/frontend/Frontend.java",
        include_str!("../java/sattar/frontend/Frontend.java"),
    ),
    (
        "sattar/frontend/Dumper.java",
        include_str!("../java/sattar/frontend/Dumper.java"),
    ),
    (
        "sattar/frontend/Json.java",
        include_str!("../java/sattar/frontend/Json.java"),
    ),
];

/// The spec annotation types (package `sattar`), compiled with every subject so annotated code
/// compiles; users get the same files from `sattar annotations` or the repository.
pub const ANNOTATION_SOURCES: &[(&str, &str)] = &[
    (
        "sattar/Invariant.java",
        include_str!("../java/sattar/Invariant.java"),
    ),
    (
        "sattar/Requires.java",
        include_str!("../java/sattar/Requires.java"),
    ),
    (
        "sattar/Ensures.java",
        include_str!("../java/sattar/Ensures.java"),
    ),
];

/// javac's internal tree and type classes the dumper reads (positions, constant values).
const EXPORTS: &[&str] = &[
    "--add-exports",
    "jdk.compiler/com.sun.tools.javac.tree=ALL-UNNAMED",
    "--add-exports",
    "jdk.compiler/com.sun.tools.javac.code=ALL-UNNAMED",
];

/// How long one request may take before the helper is killed (javac on pathological input).
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(120);

/// A source file of a request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceText {
    /// Its path as the user gave it (javac checks that a public class matches the file name).
    pub path: String,
    /// Its text.
    pub text: String,
}

/// What javac made of a set of sources.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct Attribution {
    /// Whether javac found no error (the trees are present only then).
    pub ok: bool,
    /// Errors and warnings.
    pub diags: Vec<JavacDiagnostic>,
    /// Every node of every user compilation unit.
    pub nodes: Vec<Node>,
    /// The compilation unit nodes, in the order of the request's files.
    pub units: Vec<usize>,
}

#[derive(Deserialize)]
struct Reply {
    #[serde(default)]
    fatal: Option<String>,
    #[serde(default)]
    ok: bool,
    #[serde(default)]
    diags: Vec<JavacDiagnostic>,
}

struct Helper {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    next_id: u64,
}

impl Drop for Helper {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

static HELPER: Mutex<Option<Helper>> = Mutex::new(None);

/// Attributes `files` with javac: the trees of every file (in order), or javac's diagnostics.
/// Answers are cached on disk by content (sources, helper and JDK), so a file javac has seen
/// costs no JVM start.
pub fn attribute(files: &[SourceText]) -> Result<Attribution, JdkError> {
    attribute_renamed(files, None, &[])
}

/// [`attribute`], with every name javac writes that contains `rename.0` (a package prefix such
/// as `sattar.model.java.`) written with `rename.1` instead: how sources standing for JDK
/// classes (sattar's models of `java.util`) are seen under the JDK's names.
pub fn attribute_renamed(
    files: &[SourceText],
    rename: Option<(&str, &str)>,
    classpath: &[PathBuf],
) -> Result<Attribution, JdkError> {
    let jdk = Jdk::locate()?;
    let cached = attribution_cache(&jdk, files, classpath);
    let renamed = |line: &str| match rename {
        Some((from, to)) => line.replace(from, to),
        None => line.to_string(),
    };
    if let Some(a) = cached.as_deref().and_then(|p| read_cached(p, &renamed)) {
        return Ok(a);
    }
    let line = request("attribute", files, classpath, None)?;
    let answer = parse_attribution(&renamed(&line))?;
    if let Some(path) = cached {
        write_cached(&path, &line);
    }
    Ok(answer)
}

/// Where the attribution of `files` against `classpath` by this JDK is cached.
fn attribution_cache(jdk: &Jdk, files: &[SourceText], classpath: &[PathBuf]) -> Option<PathBuf> {
    let jdk = jdk.fingerprint();
    let stamps: Vec<String> = classpath.iter().map(|p| classpath_stamp(p)).collect();
    let stamps = stamps.join("\n");
    let parts = HELPER_SOURCES
        .iter()
        .copied()
        .chain([("jdk", jdk.as_str())])
        .chain((!classpath.is_empty()).then_some(("classpath", stamps.as_str())))
        .chain(files.iter().map(|f| (f.path.as_str(), f.text.as_str())));
    Some(
        default_cache_dir()
            .join("attributed")
            .join(format!("{}.json", content_key(parts))),
    )
}

/// A cached answer, if it is there and whole: its first line is the hash of the rest, so a
/// truncated or altered answer is ignored (and recomputed), never used.
fn read_cached(path: &Path, renamed: &dyn Fn(&str) -> String) -> Option<Attribution> {
    let text = std::fs::read_to_string(path).ok()?;
    let (hash, line) = text.split_once('\n')?;
    if hash != content_key([("answer", line)]) {
        return None;
    }
    parse_attribution(&renamed(line)).ok()
}

/// Stores an answer after the hash of it (written aside, then renamed: a reader never sees half
/// a file).
fn write_cached(path: &Path, line: &str) {
    let text = format!("{}\n{line}", content_key([("answer", line)]));
    let Some(dir) = path.parent() else { return };
    if std::fs::create_dir_all(dir).is_err() {
        return; // a read-only cache only costs time
    }
    let tmp = dir.join(format!(
        ".tmp-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    if std::fs::write(&tmp, text).is_ok() && std::fs::rename(&tmp, path).is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
}

fn parse_attribution(line: &str) -> Result<Attribution, JdkError> {
    let mut de = serde_json::Deserializer::from_str(line);
    // The node table is flat, but a reply may still be long: no recursion limit is involved.
    let reply: serde_json::Value = serde::Deserialize::deserialize(&mut de)
        .map_err(|e| JdkError::Frontend(format!("unreadable reply: {e}")))?;
    if let Some(f) = reply.get("fatal").and_then(|f| f.as_str()) {
        return Err(JdkError::Frontend(f.to_string()));
    }
    serde_json::from_value(reply).map_err(|e| JdkError::Frontend(format!("unreadable reply: {e}")))
}

/// A class-path entry as a cache key sees it: its path, size and modification time (a jar
/// replaced by another version changes the key).
pub fn classpath_stamp(p: &Path) -> String {
    let meta = std::fs::metadata(p).ok();
    let size = meta.as_ref().map_or(0, |m| m.len());
    let time = meta.and_then(|m| m.modified().ok());
    let nanos = time
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos());
    format!("{} {size} {nanos}", p.display())
}

/// Compiles `files` (with the annotation types) into `out`; javac's diagnostics on failure.
pub fn compile(files: &[SourceText], out: &Path) -> Result<(), Vec<JavacDiagnostic>> {
    compile_with(files, &[], out)
}

/// Compiles `files` (with the annotation types) against the jars and folders of `classpath`
/// into `out` (a project's tests against JUnit); javac's diagnostics on failure.
pub fn compile_with(
    files: &[SourceText],
    classpath: &[PathBuf],
    out: &Path,
) -> Result<(), Vec<JavacDiagnostic>> {
    let fail = |msg: String| {
        vec![JavacDiagnostic {
            kind: "ERROR".into(),
            msg,
            s: -1,
            e: -1,
            p: -1,
            ..Default::default()
        }]
    };
    let line = request("compile", files, classpath, Some(out)).map_err(|e| fail(e.to_string()))?;
    let reply: Reply =
        serde_json::from_str(&line).map_err(|e| fail(format!("unreadable reply: {e}")))?;
    if let Some(f) = reply.fatal {
        return Err(fail(f));
    }
    if reply.ok {
        Ok(())
    } else {
        Err(reply.diags.into_iter().filter(|d| d.is_error()).collect())
    }
}

fn request(
    op: &str,
    files: &[SourceText],
    classpath: &[PathBuf],
    out: Option<&Path>,
) -> Result<String, JdkError> {
    let classpath: Vec<String> = classpath
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let mut all: Vec<serde_json::Value> = files
        .iter()
        .map(|f| json!({"path": f.path, "text": f.text}))
        .collect();
    all.extend(
        ANNOTATION_SOURCES
            .iter()
            .map(|(p, t)| json!({"path": p, "text": t, "support": true})),
    );
    let mut guard = HELPER.lock().unwrap_or_else(|p| p.into_inner());
    // One retry: a helper that died since the last request is restarted.
    for attempt in 0..2 {
        if guard.is_none() {
            *guard = Some(Helper::start()?);
        }
        let Some(helper) = guard.as_mut() else {
            continue;
        };
        helper.next_id += 1;
        let req = json!({"id": helper.next_id, "op": op, "files": all,
            "classpath": classpath, "out": out.map(|p| p.to_string_lossy().into_owned())});
        match helper.exchange(&req.to_string()) {
            Ok(line) => return Ok(line),
            Err(e) => {
                *guard = None;
                // The same sources would take as long again: only a dead helper is retried.
                if attempt == 1 || matches!(e, JdkError::Timeout(_)) {
                    return Err(e);
                }
            }
        }
    }
    Err(JdkError::Frontend(
        "the javac helper could not be started".into(),
    ))
}

impl Helper {
    fn start() -> Result<Helper, JdkError> {
        let jdk = Jdk::locate()?;
        let classes = helper_classes(&jdk)?;
        let mut child = Command::new(&jdk.java)
            .args(EXPORTS)
            // javac's work here is short: the client compiler and a simple collector start fastest.
            .args([
                "-XX:TieredStopAtLevel=1",
                "-XX:+UseSerialGC",
                "-Xshare:auto",
                "-cp",
            ])
            .arg(&classes)
            .arg("sattar.frontend.Frontend")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| JdkError::Io(format!("cannot start {}: {e}", jdk.java.display())))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            return Err(JdkError::Io(
                "the javac helper's pipes are unavailable".into(),
            ));
        };
        let (tx, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Helper {
            child,
            stdin,
            lines,
            next_id: 0,
        })
    }

    fn exchange(&mut self, req: &str) -> Result<String, JdkError> {
        let io = |e: std::io::Error| JdkError::Frontend(format!("the javac helper died: {e}"));
        self.stdin.write_all(req.as_bytes()).map_err(io)?;
        self.stdin.write_all(b"\n").map_err(io)?;
        self.stdin.flush().map_err(io)?;
        match self.lines.recv_timeout(DEFAULT_TIMEOUT) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(JdkError::Timeout(DEFAULT_TIMEOUT.as_secs())),
            Err(RecvTimeoutError::Disconnected) => {
                Err(JdkError::Frontend("the javac helper exited".into()))
            }
        }
    }
}

/// The helper's compiled classes, built once per helper version into the (verified) cache.
fn helper_classes(jdk: &Jdk) -> Result<PathBuf, JdkError> {
    let fingerprint = jdk.fingerprint();
    let parts = HELPER_SOURCES
        .iter()
        .copied()
        .chain([("jdk", fingerprint.as_str())]);
    let key = format!("frontend-{}", content_key(parts));
    verified_classes(
        &default_cache_dir(),
        &key,
        |out| build_helper(jdk, out),
        JdkError::Io,
    )
}

fn build_helper(jdk: &Jdk, out: &Path) -> Result<(), JdkError> {
    let io = |what: &str, p: &Path, e: std::io::Error| {
        JdkError::Io(format!("{what} {}: {e}", p.display()))
    };
    let src = out.with_file_name("src");
    let mut paths = Vec::new();
    for (name, text) in HELPER_SOURCES {
        let p = src.join(name);
        if let Some(parent) = p.parent() {
            std::fs::create_dir_all(parent).map_err(|e| io("cannot create", parent, e))?;
        }
        std::fs::write(&p, text).map_err(|e| io("cannot write", &p, e))?;
        paths.push(p);
    }
    let res = Command::new(&jdk.javac)
        .args(EXPORTS)
        .args(["-nowarn", "-encoding", "UTF-8", "-d"])
        .arg(out)
        .args(&paths)
        .output()
        .map_err(|e| io("cannot run", &jdk.javac, e))?;
    let _ = std::fs::remove_dir_all(&src);
    if !res.status.success() {
        return Err(JdkError::Frontend(format!(
            "javac cannot compile sattar's front end: {}",
            String::from_utf8_lossy(&res.stderr)
        )));
    }
    Ok(())
}
