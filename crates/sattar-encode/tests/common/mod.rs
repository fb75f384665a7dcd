//! Helpers shared by the encoder's differential tests: the program of a shared source set, the
//! interpreter's limits, a method with no specification.
#![allow(dead_code)]

use sattar_java::{parse_sources, Limits, MethodId, Program, SourceText};
use sattar_spec::ResolvedMethod;

/// The interpreter's limits in every differential test.
pub const LIMITS: Limits = Limits {
    max_steps: 10_000,
    max_depth: 50,
};

/// The program of `(path, text)` files, read together.
pub fn program(files: &[(&str, &str)]) -> Program {
    let sources: Vec<SourceText> = files
        .iter()
        .map(|(p, t)| SourceText {
            path: p.to_string(),
            text: t.to_string(),
        })
        .collect();
    parse_sources(&sources).unwrap_or_else(|e| panic!("{}", e[0]))
}

/// Method `m` with no specification: only Java's implicit constraints.
pub fn no_spec(p: &Program, m: MethodId) -> ResolvedMethod {
    ResolvedMethod {
        sig: p.sig(m),
        ensures_set: None,
        constraints: Vec::new(),
    }
}
