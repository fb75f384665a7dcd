//! Compiling a subject (instrumented) with javac — the JDK's own compiler, through sattar-jdk's
//! helper process — into a content-addressed cache directory.

use crate::instrument::RUNTIME_SOURCES;
use crate::JvmError;
use sattar_jdk::tree::Utf16Map;
use sattar_jdk::{content_key, SourceText, ANNOTATION_SOURCES};
use std::path::{Path, PathBuf};

/// Compiles the (instrumented) `files` — `(path, text)` — with the runtime classes against the
/// jars and folders of `classpath` (a project's tests against JUnit; each entry's path, size and
/// modification time are part of the cache key), and clears `final` of the static fields
/// `unfinal` names per class file; returns the classes directory. A cached, verified result is
/// reused.
pub fn compile(
    jdk: &sattar_jdk::Jdk,
    cache: &Path,
    files: &[(String, String)],
    unfinal: &[(String, Vec<String>)],
    classpath: &[PathBuf],
) -> Result<PathBuf, JvmError> {
    let mut sources: Vec<SourceText> = files
        .iter()
        .map(|(p, t)| SourceText {
            path: p.clone(),
            text: t.clone(),
        })
        .collect();
    sources.extend(RUNTIME_SOURCES.iter().map(|(n, t)| SourceText {
        path: n.to_string(),
        text: t.to_string(),
    }));
    let fingerprint = jdk.fingerprint();
    // v2: javac newer than 17 compiles for release 17 (the helper keeps `this$0`).
    let mut edits = format!("release 17, unfinal v1 {unfinal:?}");
    if !classpath.is_empty() {
        let stamps: Vec<String> = classpath
            .iter()
            .map(|p| sattar_jdk::classpath_stamp(p))
            .collect();
        edits.push_str(&format!(", classpath {stamps:?}"));
    }
    let key = content_key(
        sources
            .iter()
            .map(|s| (s.path.as_str(), s.text.as_str()))
            .chain(ANNOTATION_SOURCES.iter().copied())
            .chain([("jdk", fingerprint.as_str()), ("edits", edits.as_str())]),
    );
    let build = |out: &Path| -> Result<(), JvmError> {
        sattar_jdk::compile_with(&sources, classpath, out)
            .map_err(|diags| compile_error(&diags, &sources))?;
        for (file, names) in unfinal {
            let path = out.join(file);
            let io = |e: std::io::Error| JvmError::Io(format!("{}: {e}", path.display()));
            let mut bytes = std::fs::read(&path).map_err(io)?;
            crate::classfile::unfinal_statics(&mut bytes, names)
                .map_err(|e| JvmError::Io(format!("{}: {e}", path.display())))?;
            std::fs::write(&path, bytes).map_err(io)?;
        }
        Ok(())
    };
    sattar_jdk::verified_classes(cache, &key, build, JvmError::Io)
}

/// javac's errors as `file:line: error: message` lines, the subject named as the user knows it.
fn compile_error(diags: &[sattar_jdk::tree::JavacDiagnostic], sources: &[SourceText]) -> JvmError {
    let lines: Vec<String> = diags
        .iter()
        .map(|d| {
            let src = d.file.and_then(|i| sources.get(i));
            let (file, text) = src.map_or(("?", ""), |s| (s.path.as_str(), s.text.as_str()));
            let at = Utf16Map::new(text).byte(if d.p >= 0 { d.p } else { d.s });
            let line = at.map_or(0, |b| text[..b].matches('\n').count() + 1);
            let msg = d.msg.lines().next().unwrap_or("error");
            format!("{file}:{line}: error: {msg}")
        })
        .collect();
    JvmError::Compile(lines.join("\n"))
}
