//! The content-addressed cache: compiled subjects and the front end's own classes live in
//! directories named by a hash of what produced them.

use std::path::PathBuf;

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

/// A 128-bit hex key of named texts (the names are part of the key).
pub fn content_key<'a>(parts: impl IntoIterator<Item = (&'a str, &'a str)>) -> String {
    let mut a = 0xcbf2_9ce4_8422_2325;
    let mut b = 0x6c62_272e_07bb_0142;
    for (name, text) in parts {
        for part in [name.as_bytes(), &[0], text.as_bytes(), &[0]] {
            a = fnv(a, part);
            b = fnv(b, part);
        }
    }
    format!("{a:016x}{b:016x}")
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
}
