//! Ranking for sattar: spectrum-based fault localization over element ids.
//!
//! The crate knows nothing about Java: elements are ids (statements, (branch, outcome) pairs, CFG
//! edges). It provides
//! - [`Spectrum`]: elements × tests coverage with verdicts, and the four counts `ef, ep, nf, np`;
//! - [`formula`]: the 33 formulas of Zhang et al., JSS 2017, plus DStar, Ochiai2, Barinel, Op2 and
//!   SBI, as a table of pure functions, looked up by name;
//! - [`score`]: Tarantula confidence, the SAT-TAR `+1` core boost, Apollo's combined score, and the
//!   max-over-pairs collapse of the extended domain;
//! - [`rank`]: tie-exact ordering, worst/average/best ranks, EXAM, Top-N and multi-fault reports;
//! - [`cp`]: CP (capturing propagation of infected states over CFG edges);
//! - [`gzoltar`]: GZoltar's text files both ways, and [`gzoltar::rank_dir`] for `sattar rank`.
//!
//! Definitions, the papers they come from (docs/REFERENCES.md), and sattar's policies (division by
//! zero, ties, cloning, CP's singular fallback) are in `docs/RANKING.md`.

pub mod counts;
pub mod cp;
pub mod error;
pub mod formula;
pub mod gzoltar;
mod linalg;
pub mod rank;
pub mod rng;
pub mod score;
pub mod spectrum;
pub mod stats;

pub use counts::{safe_div, Counts};
pub use cp::{
    capture_propagation, BlockId, Cfg, CfgEdge, CpResult, CpStatement, EdgeId, EdgeRun, Solver,
};
pub use error::{CpError, FormatError, RankError};
pub use formula::{Formula, FormulaDef, FORMULAS};
pub use gzoltar::{rank_dir, RankedLine};
pub use rank::{same_score, FaultRanks, Order, Rank, RankKind, RankedEntry, Ranking};
pub use rng::SplitMix64;
pub use score::{apollo_combine, boost_suspects, collapse_max, BranchOutcome, Scored};
pub use spectrum::{Spectrum, TestCase, Verdict};
