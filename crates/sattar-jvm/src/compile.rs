//! Compiling a subject (instrumented) with javac — the JDK's own compiler, through sattar-jdk's
//! helper process — into a content-addressed cache directory.

use crate::instrument::RUNTIME_SOURCES;
use crate::JvmError;
use sattar_jdk::tree::Utf16Map;
use sattar_jdk::{content_key, SourceText, ANNOTATION_SOURCES};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// The Java file name of a subject: the last component of its path.
pub fn java_file_name(file: &str) -> String {
    Path::new(file).file_name().map_or_else(
        || "Subject.java".into(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// Compiles `subject` (`(file name, text)`) with the runtime classes; returns the classes
/// directory. A cached result is reused; `user_file` names the file in error messages.
pub fn compile(cache: &Path, subject: (&str, &str), user_file: &str) -> Result<PathBuf, JvmError> {
    let mut sources = vec![SourceText {
        path: subject.0.to_string(),
        text: subject.1.to_string(),
    }];
    sources.extend(RUNTIME_SOURCES.iter().map(|(n, t)| SourceText {
        path: n.to_string(),
        text: t.to_string(),
    }));
    let key = content_key(
        sources
            .iter()
            .map(|s| (s.path.as_str(), s.text.as_str()))
            .chain(ANNOTATION_SOURCES.iter().copied()),
    );
    let dir = cache.join(key);
    let classes = dir.join("classes");
    if classes.is_dir() {
        return Ok(classes);
    }
    static SEQ: AtomicU64 = AtomicU64::new(0);
    let tmp = dir.join(format!(
        "tmp-{}-{}",
        std::process::id(),
        SEQ.fetch_add(1, Ordering::Relaxed)
    ));
    if let Err(diags) = sattar_jdk::compile(&sources, &tmp) {
        let _ = std::fs::remove_dir_all(&tmp);
        let map = Utf16Map::new(subject.1);
        let lines: Vec<String> = diags
            .iter()
            .map(|d| {
                let at = map.byte(if d.p >= 0 { d.p } else { d.s });
                let line = at.map_or(0, |b| subject.1[..b].matches('\n').count() + 1);
                let file = match d.file {
                    Some(0) => user_file.to_string(),
                    Some(i) => sources.get(i).map_or("?".into(), |s| s.path.clone()),
                    None => user_file.to_string(),
                };
                let msg = d.msg.lines().next().unwrap_or("error");
                format!("{file}:{line}: error: {msg}")
            })
            .collect();
        return Err(JvmError::Compile(lines.join("\n")));
    }
    if std::fs::rename(&tmp, &classes).is_err() && !classes.is_dir() {
        return Err(JvmError::Io(format!(
            "cannot move compiled classes to {}",
            classes.display()
        )));
    }
    let _ = std::fs::remove_dir_all(&tmp);
    Ok(classes)
}
