//! Errors of the ranking library: every message says what is wrong, where, and what to do.

use std::io;
use std::path::PathBuf;

/// Any error of `sattar-rank`.
#[derive(Debug, thiserror::Error)]
pub enum RankError {
    /// A formula name that is not in the table.
    #[error("unknown formula `{name}`; known formulas: {known}")]
    UnknownFormula {
        /// The name as given.
        name: String,
        /// The accepted names, comma-separated.
        known: String,
    },
    /// A DStar exponent that is not a positive finite number.
    #[error("invalid DStar exponent {exponent}: use a positive number such as 2 (`dstar`) or 3 (`dstar3`)")]
    BadExponent {
        /// The exponent given.
        exponent: f64,
    },
    /// A coverage row whose length differs from the number of elements.
    #[error("coverage of test `{test}` has {got} entries but the spectrum has {expected} elements; give one entry per element")]
    RowLength {
        /// The test's name.
        test: String,
        /// Entries given.
        got: usize,
        /// Elements in the spectrum.
        expected: usize,
    },
    /// A test that covers an element the spectrum does not declare.
    #[error(
        "test `{test}` covers unknown element {element}; declare it when creating the spectrum"
    )]
    UnknownElement {
        /// The test's name.
        test: String,
        /// The element, debug-formatted.
        element: String,
    },
    /// A malformed or unreadable GZoltar file.
    #[error(transparent)]
    Format(#[from] FormatError),
    /// An invalid CP input.
    #[error(transparent)]
    Cp(#[from] CpError),
}

/// Problems reading or writing GZoltar's text files.
#[derive(Debug, thiserror::Error)]
pub enum FormatError {
    /// A file that cannot be read.
    #[error("cannot read {}: {source}; {hint}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        source: io::Error,
        /// What to do.
        hint: &'static str,
    },
    /// A file that cannot be written.
    #[error("cannot write {}: {source}; check that the directory exists and is writable", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        source: io::Error,
    },
    /// A line that does not follow the format.
    #[error("{}:{line}: {message}; {hint}", path.display())]
    Malformed {
        /// The file.
        path: PathBuf,
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        message: String,
        /// What to do.
        hint: String,
    },
    /// Files that contradict each other (counts or verdicts).
    #[error("{}: {message}; {hint}", path.display())]
    Inconsistent {
        /// The file found inconsistent with the others.
        path: PathBuf,
        /// What is wrong.
        message: String,
        /// What to do.
        hint: String,
    },
}

/// Problems in a CP input (control-flow graph or edge profiles).
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum CpError {
    /// Two blocks with the same id.
    #[error("block b{0} is declared twice; give every block a distinct id")]
    DuplicateBlock(u32),
    /// Two edges with the same id.
    #[error("edge e{0} is declared twice; give every edge a distinct id")]
    DuplicateEdge(u32),
    /// An edge whose endpoint is not a declared block.
    #[error("edge e{edge} refers to undeclared block b{block}; declare the block or fix the edge")]
    UnknownBlock {
        /// The edge.
        edge: u32,
        /// The missing block.
        block: u32,
    },
    /// A statement mapped to an undeclared block.
    #[error("statement #{statement} is mapped to undeclared block b{block}; declare the block or map it to none")]
    StatementBlock {
        /// Index of the statement in the input list.
        statement: usize,
        /// The missing block.
        block: u32,
    },
    /// A profile that covers an undeclared edge.
    #[error("edge profile of run #{run} covers undeclared edge e{edge}; fix the profile or declare the edge")]
    UnknownEdge {
        /// Index of the run.
        run: usize,
        /// The missing edge.
        edge: u32,
    },
}
