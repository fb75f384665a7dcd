//! sattar's SAT layer: boolean circuits, bit vectors, lazy Tseitin CNF, incremental CaDiCaL
//! sessions with selector-guarded groups, minimal unsat cores over groups, and export to
//! DIMACS / group-CNF / WCNF. See `docs/SAT.md` for the algorithms and formats.
//!
//! ```
//! use sattar_sat::{CoreResult, Session};
//!
//! let mut s = Session::new();
//! let x = s.circuit_mut().input();
//! let (g1, g2) = (s.new_group("x"), s.new_group("not x"));
//! s.assert_in_group(x, g1).unwrap();
//! s.assert_in_group(!x, g2).unwrap();
//! match s.minimal_core(&[g1, g2], &[], &[]).unwrap() {
//!     CoreResult::Unsat(core) => assert_eq!(core.groups, vec![g1, g2]),
//!     CoreResult::Sat(_) => unreachable!("x and not x"),
//! }
//! ```

mod bitvec;
mod circuit;
mod core;
mod error;
mod export;
mod lit;
mod session;
mod solver;
mod tseitin;

pub use bitvec::BitVec;
pub use circuit::{Bool, Circuit};
pub use core::{CoreResult, MinimalCore, MinimalityReport};
pub use error::{Limit, SatError};
pub use session::{Budget, Failed, GroupId, Model, Outcome, Session};
