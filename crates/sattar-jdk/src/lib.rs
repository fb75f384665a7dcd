//! sattar's JDK: locating it, the content-addressed cache, and the javac helper process that
//! attributes Java sources (types, symbols, overloads — javac's own answers) and compiles them.
//! Every other crate that needs Java's own semantics asks javac through this crate.

mod cache;
mod javac;
mod jdk;
pub mod tree;

pub use cache::{content_key, default_cache_dir, verified_classes};
pub use javac::{
    attribute, attribute_renamed, classpath_stamp, compile, compile_with, Attribution, SourceText,
    ANNOTATION_SOURCES, DEFAULT_TIMEOUT,
};
pub use jdk::{Jdk, INSTALL_HINT};

/// A problem with the JDK or the javac helper (never a verdict about the user's code).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum JdkError {
    /// No usable JDK was found.
    #[error("{0}")]
    NoJdk(String),
    /// A file-system or process problem.
    #[error("{0}")]
    Io(String),
    /// The javac helper failed or misbehaved.
    #[error("javac helper: {0}")]
    Frontend(String),
    /// javac did not answer within its time limit (pathological sources: the helper is stopped).
    #[error("javac did not finish within {0} s on these sources (the limit of sattar's javac helper); split or simplify them (nesting thousands of levels deep?)")]
    Timeout(u64),
}
