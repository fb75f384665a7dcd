//! Source sets: the Java files a user names — files, or folders whose package trees are read
//! whole — in a stable order.

use crate::error::{read, EngineError};
use sattar_jdk::SourceText;
use std::path::{Path, PathBuf};

/// The `.java` files of `paths` (a folder contributes every `.java` file below it, sorted by
/// path), read. Hidden folders and build output (`target`, `build`, `out`) are skipped.
pub fn read_sources(paths: &[PathBuf]) -> Result<Vec<SourceText>, EngineError> {
    let mut files = Vec::new();
    for p in paths {
        if p.is_dir() {
            let before = files.len();
            java_files(p, &mut files).map_err(|e| {
                EngineError::Usage(format!("cannot read the folder {}: {e}", p.display()))
            })?;
            files[before..].sort();
            if files.len() == before {
                return Err(EngineError::Usage(format!(
                    "{}: no .java file in this folder",
                    p.display()
                )));
            }
        } else {
            files.push(p.clone());
        }
    }
    if files.is_empty() {
        return Err(EngineError::Usage(
            "no Java source given: name a file or a folder".into(),
        ));
    }
    files.dedup();
    files
        .iter()
        .map(|f| {
            Ok(SourceText {
                path: f.display().to_string(),
                text: read(f)?,
            })
        })
        .collect()
}

fn java_files(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for e in std::fs::read_dir(dir)? {
        let p = e?.path();
        let name = p
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if p.is_dir() {
            if !name.starts_with('.') && !matches!(name.as_str(), "target" | "build" | "out") {
                java_files(&p, out)?;
            }
        } else if name.ends_with(".java") {
            out.push(p);
        }
    }
    Ok(())
}
