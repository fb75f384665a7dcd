//! The content-addressed cache: compiled subjects, the front end's own classes and javac's
//! answers live under names made from a hash of what produced them. A directory of class files is
//! stored with a manifest of its files' hashes and checked against it on every use: a truncated
//! or damaged file is found and the directory rebuilt, never loaded.

use std::path::{Path, PathBuf};
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

/// A 128-bit hex key of byte strings, each followed by a separator.
fn key_of<'a>(parts: impl IntoIterator<Item = &'a [u8]>) -> String {
    let mut a = 0xcbf2_9ce4_8422_2325;
    let mut b = 0x6c62_272e_07bb_0142;
    for part in parts {
        for chunk in [part, &[0]] {
            a = fnv(a, chunk);
            b = fnv(b, chunk);
        }
    }
    format!("{a:016x}{b:016x}")
}

/// A 128-bit hex key of named texts (the names are part of the key).
pub fn content_key<'a>(parts: impl IntoIterator<Item = (&'a str, &'a str)>) -> String {
    key_of(
        parts
            .into_iter()
            .flat_map(|(name, text)| [name.as_bytes(), text.as_bytes()]),
    )
}

const MANIFEST: &str = "manifest";

/// Every file below `dir` (relative path, bytes), in a stable order.
fn files(dir: &Path) -> std::io::Result<Vec<(String, Vec<u8>)>> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d)? {
            let p = e?.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                let rel = p
                    .strip_prefix(dir)
                    .unwrap_or(&p)
                    .to_string_lossy()
                    .into_owned();
                out.push((rel, std::fs::read(&p)?));
            }
        }
    }
    out.sort();
    Ok(out)
}

/// The manifest of `classes`: one `hash path` line per file.
fn manifest_of(classes: &Path) -> std::io::Result<String> {
    Ok(files(classes)?
        .iter()
        .map(|(rel, bytes)| format!("{} {rel}\n", key_of([bytes.as_slice()])))
        .collect())
}

/// Whether `dir/classes` is whole: its files are exactly those of its manifest.
fn is_whole(dir: &Path) -> bool {
    let Ok(want) = std::fs::read_to_string(dir.join(MANIFEST)) else {
        return false;
    };
    manifest_of(&dir.join("classes")).is_ok_and(|have| have == want && !have.is_empty())
}

/// The verified classes directory `cache/key/classes`, built by `build` into a fresh directory
/// when it is missing or damaged. A cache that cannot be written falls back to a private
/// directory under the system's temporary directory.
pub fn verified_classes<E>(
    cache: &Path,
    key: &str,
    build: impl Fn(&Path) -> Result<(), E>,
    io_error: impl Fn(String) -> E,
) -> Result<PathBuf, E> {
    let dir = cache.join(key);
    if is_whole(&dir) {
        return Ok(dir.join("classes"));
    }
    match build_into(&dir, &build) {
        Ok(classes) => Ok(classes),
        Err(BuildError::Io(_)) => {
            // Read-only or full cache: build where this process can write.
            let private = std::env::temp_dir()
                .join(format!("sattar-cache-{}", std::process::id()))
                .join(key);
            match build_into(&private, &build) {
                Ok(classes) => Ok(classes),
                Err(BuildError::Io(why)) => Err(io_error(why)),
                Err(BuildError::Build(e)) => Err(e),
            }
        }
        Err(BuildError::Build(e)) => Err(e),
    }
}

enum BuildError<E> {
    Io(String),
    Build(E),
}

fn build_into<E>(
    dir: &Path,
    build: &impl Fn(&Path) -> Result<(), E>,
) -> Result<PathBuf, BuildError<E>> {
    static SEQ: AtomicU64 = AtomicU64::new(0);
    let io = |what: &str, p: &Path, e: std::io::Error| {
        BuildError::Io(format!("{what} {}: {e}", p.display()))
    };
    let tmp = dir.with_extension(format!(
        "tmp-{}-{}",
        std::process::id(),
        SEQ.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(tmp.join("classes")).map_err(|e| io("cannot create", &tmp, e))?;
    if let Err(e) = build(&tmp.join("classes")) {
        let _ = std::fs::remove_dir_all(&tmp);
        return Err(BuildError::Build(e));
    }
    let manifest = manifest_of(&tmp.join("classes")).map_err(|e| io("cannot read", &tmp, e))?;
    std::fs::write(tmp.join(MANIFEST), manifest).map_err(|e| io("cannot write", &tmp, e))?;
    // Replace a damaged directory; a concurrent builder may have put a whole one in place already.
    if dir.exists() && !is_whole(dir) {
        let _ = std::fs::remove_dir_all(dir);
    }
    if std::fs::rename(&tmp, dir).is_err() {
        let _ = std::fs::remove_dir_all(&tmp);
        if !is_whole(dir) {
            return Err(BuildError::Io(format!(
                "cannot move compiled classes to {}",
                dir.display()
            )));
        }
    }
    Ok(dir.join("classes"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_depend_on_names_and_texts() {
        let k = |p: &[(&str, &str)]| content_key(p.iter().copied());
        assert_eq!(k(&[("A.java", "x")]), k(&[("A.java", "x")]));
        assert_ne!(k(&[("A.java", "x")]), k(&[("B.java", "x")]));
        assert_ne!(k(&[("A.java", "x")]), k(&[("A.java", "y")]));
        assert_ne!(k(&[("A", "bc")]), k(&[("Ab", "c")]));
        assert_eq!(k(&[]).len(), 32);
    }

    #[test]
    fn a_damaged_class_file_is_found_and_rebuilt() {
        let cache = std::env::temp_dir().join(format!("sattar-cache-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&cache);
        let builds = std::cell::Cell::new(0);
        let build = |dir: &Path| -> Result<(), String> {
            builds.set(builds.get() + 1);
            std::fs::write(dir.join("A.class"), [0xca, 0xfe, 0xba, 0xbe, 1, 2, 3])
                .map_err(|e| e.to_string())
        };
        let get = || verified_classes(&cache, "k", build, |e| e).expect("builds");
        let classes = get();
        assert_eq!(builds.get(), 1);
        assert_eq!(get(), classes, "a whole directory is reused");
        assert_eq!(builds.get(), 1);
        std::fs::write(classes.join("A.class"), [0xca, 0xfe]).expect("truncate");
        let again = get();
        assert_eq!(builds.get(), 2, "a truncated class file is rebuilt");
        assert_eq!(std::fs::read(again.join("A.class")).expect("read").len(), 7);
        std::fs::write(again.join("B.class"), b"garbage").expect("extra file");
        get();
        assert_eq!(
            builds.get(),
            3,
            "a file the manifest does not list is damage too"
        );
        let _ = std::fs::remove_dir_all(&cache);
    }
}
