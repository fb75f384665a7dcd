//! Helpers shared by the JVM bridge tests: subjects, mutations, inputs, runner options.
#![allow(dead_code)]

/// A mutation: `(line, original, faulty)`.
pub type Mutation = (u32, String, String);

use sattar_catalog::Catalog;
use sattar_heap::{ObjId, Value};
use sattar_java::{parse_program, Program};
use sattar_jvm::{JvmOptions, WorkerCommand};
use std::path::PathBuf;
use std::time::Duration;

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Options for tests: the crate's worker binary, a cache under the target dir.
pub fn options(max_steps: u64) -> JvmOptions {
    JvmOptions {
        max_steps,
        timeout: Duration::from_secs(10),
        heap_mb: 256,
        cache_dir: Some(PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("jvm-cache")),
        worker: Some(WorkerCommand {
            program: env!("CARGO_BIN_EXE_sattar-jvm-worker").into(),
            args: vec![],
        }),
    }
}

/// Parses a bundled subject with mutations `(line, original, faulty)` applied.
pub fn subject(rel: &str, mutations: &[(u32, String, String)]) -> Program {
    let text = std::fs::read_to_string(root().join(rel)).expect("bundled subject exists");
    let text: Vec<String> = text
        .lines()
        .enumerate()
        .map(
            |(i, l)| match mutations.iter().find(|m| m.0 == i as u32 + 1) {
                Some((_, from, to)) => l.replacen(from.as_str(), to, 1),
                None => l.to_string(),
            },
        )
        .collect();
    parse_program(rel, &(text.join("\n") + "\n")).unwrap_or_else(|e| panic!("{}", e[0]))
}

/// The catalog's distinct mutation sets for one subject, `(line, original, faulty)` each.
pub fn faults(subject_rel: &str) -> Vec<Vec<Mutation>> {
    let catalog = Catalog::load(&root()).expect("the bundled catalog loads");
    let mut out: Vec<Vec<Mutation>> = Vec::new();
    for f in catalog.faults.iter().filter(|f| f.subject == subject_rel) {
        let m: Vec<Mutation> = f
            .mutations
            .iter()
            .map(|m| (m.line, m.original.clone(), m.faulty.clone()))
            .collect();
        if !out.contains(&m) {
            out.push(m);
        }
    }
    out
}

/// A reference to object `id`.
pub fn r(id: &str) -> Value {
    Value::Ref(ObjId::new(id))
}
