//! Helpers shared by the front-end tests: bundled subjects and small heaps.
#![allow(dead_code)]

use sattar_heap::{ObjId, Value};
use sattar_java::{parse_program, MethodId, Program};
use std::path::PathBuf;

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Parses a bundled subject, optionally replacing text on a line (a seeded fault).
pub fn subject(rel: &str, mutation: Option<(u32, &str, &str)>) -> Program {
    let text = std::fs::read_to_string(root().join(rel)).expect("bundled subject exists");
    let text = match mutation {
        None => text,
        Some((line, from, to)) => text
            .lines()
            .enumerate()
            .map(|(i, l)| {
                if i as u32 + 1 == line {
                    l.replacen(from, to, 1)
                } else {
                    l.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join("\n"),
    };
    parse_program(rel, &text).unwrap_or_else(|e| panic!("{}", e[0]))
}

pub fn method(p: &Program, name: &str) -> MethodId {
    p.find_methods(name)[0].id
}

/// A reference to object `id`.
pub fn r(id: &str) -> Value {
    Value::Ref(ObjId::new(id))
}
