//! Compiling a subject (instrumented) with javac — the JDK's own compiler, through sattar-jdk's
//! helper process — into a content-addressed cache directory.

use crate::instrument::RUNTIME_SOURCES;
use crate::JvmError;
use sattar_jdk::tree::Utf16Map;
use sattar_jdk::{content_key, SourceText, ANNOTATION_SOURCES};
use std::path::{Path, PathBuf};

/// The Java file name of a subject: the last component of its path.
pub fn java_file_name(file: &str) -> String {
    Path::new(file).file_name().map_or_else(
        || "Subject.java".into(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// Compiles `subject` (`(file name, text)`) with the runtime classes; returns the classes
/// directory. A cached result is reused; `user_file` names the file in error messages.
pub fn compile(
    jdk: &sattar_jdk::Jdk,
    cache: &Path,
    subject: (&str, &str),
    user_file: &str,
) -> Result<PathBuf, JvmError> {
    let mut sources = vec![SourceText {
        path: subject.0.to_string(),
        text: subject.1.to_string(),
    }];
    sources.extend(RUNTIME_SOURCES.iter().map(|(n, t)| SourceText {
        path: n.to_string(),
        text: t.to_string(),
    }));
    let fingerprint = jdk.fingerprint();
    let key = content_key(
        sources
            .iter()
            .map(|s| (s.path.as_str(), s.text.as_str()))
            .chain(ANNOTATION_SOURCES.iter().copied())
            .chain([("jdk", fingerprint.as_str())]),
    );
    let build = |out: &Path| -> Result<(), JvmError> {
        sattar_jdk::compile(&sources, out)
            .map_err(|diags| compile_error(&diags, &sources, subject.1, user_file))
    };
    let classes = sattar_jdk::verified_classes(cache, &key, build, JvmError::Io)?;
    Ok(classes)
}

/// javac's errors as `file:line: error: message` lines, the subject named as the user knows it.
fn compile_error(
    diags: &[sattar_jdk::tree::JavacDiagnostic],
    sources: &[SourceText],
    text: &str,
    user_file: &str,
) -> JvmError {
    let map = Utf16Map::new(text);
    let lines: Vec<String> = diags
        .iter()
        .map(|d| {
            let at = map.byte(if d.p >= 0 { d.p } else { d.s });
            let line = at.map_or(0, |b| text[..b].matches('\n').count() + 1);
            let file = match d.file {
                Some(0) | None => user_file.to_string(),
                Some(i) => sources.get(i).map_or("?".into(), |s| s.path.clone()),
            };
            let msg = d.msg.lines().next().unwrap_or("error");
            format!("{file}:{line}: error: {msg}")
        })
        .collect();
    JvmError::Compile(lines.join("\n"))
}
