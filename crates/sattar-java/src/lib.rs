//! sattar's Java front end: tree-sitter-java → a typed IR of the supported subset, with stable
//! statement ids and spans, the CFG and control dependence of each method, and a reference
//! interpreter used as the oracle for the SAT encoding and the JVM bridge.

// Diagnostics are large but only built on the error path; boxing them in every signature of the
// front end would add noise for no measurable gain.
#![allow(clippy::result_large_err)]

pub mod cfg;
pub mod interp;
pub mod ir;
mod lower;
mod parse;

pub use cfg::{Cfg, CfgEdge, CfgNode};
pub use interp::{run, BranchEvent, Execution, Limits, RunError, Termination};
pub use ir::*;
pub use parse::parse_program;
