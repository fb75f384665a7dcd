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

/// The paths whose contents differ between `want` and `have`: changed, missing or new files.
pub fn changed(want: &[FileDigest], have: &[FileDigest]) -> Vec<String> {
    let mut out: Vec<String> = want
        .iter()
        .filter(|w| !have.contains(w))
        .map(|w| w.path.clone())
        .collect();
    for h in have {
        if !want.iter().any(|w| w.path == h.path) && !out.contains(&h.path) {
            out.push(h.path.clone());
        }
    }
    out
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
