//! The seeded random numbers of the evaluation (input draws, TAR_rand's tests): sattar-rank's
//! generator, which the evaluation's statistics (bootstrap intervals) draw from too.

pub use sattar_rank::SplitMix64;
