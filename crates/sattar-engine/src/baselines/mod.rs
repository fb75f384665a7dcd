//! The techniques SAT-TAR is compared against (docs/EVALUATION.md#the-techniques-compared), one
//! file each: Tarantula on random tests from a bounded-exhaustive pool (TAR_rand, `tar_rand.rs`),
//! on directed tests chosen by path-constraint similarity (TAR_DT, `tar_dt.rs`; TAR_DT+SAT adds the
//! core boost), APG's closest successful path (`apg.rs`), capture propagation (CP, `cp.rs`), and
//! BugAssist's minimum correction sets (`bugassist.rs`).
//! Each yields a ranking of statements.

mod apg;
mod bugassist;
mod cp;
mod tar_dt;
mod tar_rand;

pub use apg::{apg, apg_ranking};
pub use bugassist::{bugassist_ranking, minimum_correction_sets, DEFAULT_BUGASSIST_SOLVES};
pub use cp::cp_ranking;
pub use tar_dt::{directed_tests, failing_path, pcs};
pub use tar_rand::random_tests;
