//! Compiling a subject with `javac` into a content-addressed cache directory.

use crate::instrument::RUNTIME_SOURCES;
use crate::jdk::Jdk;
use crate::JvmError;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU64, Ordering};

/// The default cache directory: `$XDG_CACHE_HOME/sattar`, else `~/.cache/sattar`.
pub fn default_cache_dir() -> PathBuf {
    if let Some(x) = std::env::var_os("XDG_CACHE_HOME").filter(|x| !x.is_empty()) {
        return PathBuf::from(x).join("sattar");
    }
    let home = std::env::var_os("HOME").map_or_else(std::env::temp_dir, PathBuf::from);
    home.join(".cache/sattar")
}

/// FNV-1a over `data`, from `seed`.
fn fnv(seed: u64, data: &[u8]) -> u64 {
    data.iter().fold(seed, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x100_0000_01b3)
    })
}

/// A 128-bit hex key of the sources (file names included).
fn cache_key(sources: &[(String, String)]) -> String {
    let mut a = 0xcbf2_9ce4_8422_2325;
    let mut b = 0x6c62_272e_07bb_0142;
    for (name, text) in sources {
        for part in [name.as_bytes(), &[0], text.as_bytes(), &[0]] {
            a = fnv(a, part);
            b = fnv(b, part);
        }
    }
    format!("{a:016x}{b:016x}")
}

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
    jdk: &Jdk,
    cache: &Path,
    subject: (&str, &str),
    user_file: &str,
) -> Result<PathBuf, JvmError> {
    let mut sources = vec![(subject.0.to_string(), subject.1.to_string())];
    sources.extend(
        RUNTIME_SOURCES
            .iter()
            .map(|(n, t)| (n.to_string(), t.to_string())),
    );
    let dir = cache.join(cache_key(&sources));
    let classes = dir.join("classes");
    if classes.is_dir() {
        return Ok(classes);
    }
    let io = |what: &str, p: &Path, e: std::io::Error| {
        JvmError::Io(format!("{what} {}: {e}", p.display()))
    };
    static SEQ: AtomicU64 = AtomicU64::new(0);
    let tmp = dir.join(format!(
        "tmp-{}-{}",
        std::process::id(),
        SEQ.fetch_add(1, Ordering::Relaxed)
    ));
    let src = tmp.join("src");
    for (name, text) in &sources {
        let p = src.join(name);
        if let Some(parent) = p.parent() {
            std::fs::create_dir_all(parent).map_err(|e| io("cannot create", parent, e))?;
        }
        std::fs::write(&p, text).map_err(|e| io("cannot write", &p, e))?;
    }
    let out = tmp.join("classes");
    let mut cmd = Command::new(&jdk.javac);
    cmd.args([
        "-g",
        "-nowarn",
        "-encoding",
        "UTF-8",
        "-implicit:none",
        "-d",
    ])
    .arg(&out);
    cmd.arg("-sourcepath").arg(&src);
    cmd.args(sources.iter().map(|(n, _)| src.join(n)));
    let res = cmd.output().map_err(|e| io("cannot run", &jdk.javac, e))?;
    if !res.status.success() {
        let text = String::from_utf8_lossy(&res.stderr).into_owned()
            + &String::from_utf8_lossy(&res.stdout);
        let _ = std::fs::remove_dir_all(&tmp);
        return Err(JvmError::Compile(javac_errors(
            &text,
            &src.join(subject.0),
            user_file,
        )));
    }
    if std::fs::rename(&out, &classes).is_err() && !classes.is_dir() {
        return Err(JvmError::Io(format!(
            "cannot move compiled classes to {}",
            classes.display()
        )));
    }
    let _ = std::fs::remove_dir_all(&tmp);
    Ok(classes)
}

/// javac's error lines, with the instrumented file's path replaced by the user's.
fn javac_errors(text: &str, compiled: &Path, user_file: &str) -> String {
    let prefix = compiled.to_string_lossy().into_owned();
    let errors: Vec<String> = text
        .lines()
        .filter(|l| l.contains(": error: "))
        .map(|l| l.replacen(&prefix, user_file, 1))
        .collect();
    if errors.is_empty() {
        text.trim().replace(&prefix, user_file)
    } else {
        errors.join("\n")
    }
}
