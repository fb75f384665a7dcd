//! SHA-256 digests: of the files a subject was read from (a session records them, and a resume
//! against changed files is refused), and of session lines (a line changed after sattar wrote it
//! is refused). SHA-256 so that a user can check a recorded digest with `sha256sum`.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// A file a subject was read from, and the SHA-256 of its contents.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileDigest {
    /// The path as it was read (absolute for a session's files, catalog-relative for a fault's).
    pub path: String,
    /// The SHA-256 of its bytes, lowercase hex.
    pub sha256: String,
}

impl FileDigest {
    /// The digest of `text`, read from `path`.
    pub fn of(path: &str, text: &str) -> FileDigest {
        FileDigest {
            path: path.to_string(),
            sha256: sha256_hex(text.as_bytes()),
        }
    }
}

/// The SHA-256 of `bytes`, lowercase hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The files whose contents differ between `want` (recorded) and `have` (read now), compared in
/// order (sources, then the spec), so that a repository that moved is still the same: the paths of
/// changed, missing or new files, as recorded (a new file's as read).
pub fn changed(want: &[FileDigest], have: &[FileDigest]) -> Vec<String> {
    let n = want.len().max(have.len());
    (0..n)
        .filter_map(|i| match (want.get(i), have.get(i)) {
            (Some(w), Some(h)) if w.sha256 == h.sha256 => None,
            (Some(w), _) => Some(w.path.clone()),
            (None, Some(h)) => Some(h.path.clone()),
            (None, None) => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sha256_is_the_standard_one_and_changes_are_named() {
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        let a = FileDigest::of("A.java", "class A {}");
        let b = FileDigest::of("B.java", "class B {}");
        let a2 = FileDigest::of("A.java", "class A { }");
        assert!(changed(&[a.clone(), b.clone()], &[a.clone(), b.clone()]).is_empty());
        assert_eq!(
            changed(&[a.clone(), b.clone()], &[a2, b.clone()]),
            ["A.java"]
        );
        assert_eq!(
            changed(std::slice::from_ref(&a), &[a.clone(), b]),
            ["B.java"]
        );
    }
}
