//! sattar's engine: loads a subject (a Java method with its specification, from files or from the
//! bundled fault catalog) and judges test runs with the specification as the oracle. The
//! localization loop and the comparison techniques build on these two pieces. The [`facade`] is
//! what the `sattar` command calls: one function per command, returning what `sattar-report`
//! renders.

// Diagnostics are large but only built on the error path.
#![allow(clippy::result_large_err)]

pub mod baselines;
mod cores;
pub mod digest;
mod error;
pub mod experiment;
pub mod facade;
mod from_test;
mod generate;
mod localize;
pub mod mutants;
mod oracle;
pub mod project;
mod rng;
pub mod session;
mod shrink;
pub mod sources;
mod spectrum;
pub use spectrum::Domain;
mod subject;
mod verify;

pub use cores::{cores, sat_ranking, CoreAnalysis, CoreRequest, InputSource};
pub use error::EngineError;
pub use from_test::{
    capture_failure, capture_first_failure, spec_from_test_request, CapturedFailure, FromTest,
    DEBIAN_JUNIT, TEST_ROOT,
};
pub use generate::{
    generation_scope, scope_of, Candidate, CoverageKey, FailingPath, KnownUnsat, PathQueries,
    UnsatProof,
};
pub use localize::{
    at_place, best_rank, outcomes_of, Executor, Interpreter, LocalizeOptions, Localizer,
    RankedStmt, Round, StopReason, Strategy, Technique, TestRecord, TimedInterpreter,
    DEFAULT_GEN_CONFLICTS, DEFAULT_MAX_GEN_SCOPE,
};
pub use oracle::{judge, Judged, TestVerdict, NO_EXCEPTION, TERMINATES};
pub use rng::SplitMix64;
/// The default budget of statement instances in one encoding (`--max-instances`).
pub use sattar_encode::DEFAULT_MAX_INSTANCES;
pub use shrink::{shrink, shrink_failing, Shrunk};
pub use subject::{Subject, SubjectRequest};
pub use verify::{check, check_observed, Checked};
