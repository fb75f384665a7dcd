//! sattar's Java front end and core IR: javac (through `sattar-jdk`) attributes the source, the
//! front end lowers it once into the core IR with stable statement ids and spans, and every engine
//! walks that core: the reference interpreter here (the oracle for the SAT encoding and the JVM
//! bridge), the CFG and control dependence, the SAT encoder and the JVM instrumenter.

// Diagnostics are large but only built on the error path; boxing them in every signature of the
// front end would add noise for no measurable gain.
#![allow(clippy::result_large_err)]

pub mod cfg;
pub mod deps;
mod frontend;
pub mod interp;
pub mod ir;
pub mod jdk;
pub mod library;
pub mod mutate;

pub use cfg::{Cfg, CfgEdge, CfgNode};
pub use frontend::{parse_program, parse_sources, parse_sources_naming};
pub use interp::{
    run, run_until, run_with_cache, BranchEvent, Execution, Limits, RunError, Termination,
    DEFAULT_INTEGER_CACHE_HIGH, TRACE_LIMIT,
};
pub use ir::*;
/// A source file as javac reads it (the input of [`parse_sources`]).
pub use sattar_jdk::SourceText;
