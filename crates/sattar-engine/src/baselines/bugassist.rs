//! BugAssist (Jose and Majumdar, PLDI 2011; docs/EVALUATION.md#bugassist): the minimum
//! correction sets of the failing run. The run's encoding with every executed statement's
//! instances soft and the spec hard is a MaxSAT problem; its optimal solutions leave out the
//! fewest statements, and each set of statements left out is a correction set — relaxing them
//! lets the run satisfy the spec. BugAssist enumerates the minimum-cardinality ones (blocking each
//! found one) and reports their statements. Here the same grouped encoding the cores use is
//! searched by cardinality, smallest first: every statement set of size 1, then 2, … that
//! contains no smaller correction set, one solve each, stopping at the first size that has one
//! (the MaxSAT optimum) or at the solve budget (`--bugassist-solves`). The ranking scores each executed statement by the
//! share of those correction sets it belongs to.
//!
//! It differs from the SAT technique (cores) as hitting sets differ from what they hit: a core is
//! a set of statements the violation needs together, a correction set one whose relaxation alone
//! removes it; every minimal correction set hits every minimal core.

use crate::localize::RankedStmt;
use crate::spectrum::to_ranked;
use crate::{CoreAnalysis, EngineError};
use sattar_java::StmtId;
use sattar_rank::{Order, Ranking, Scored};
use std::collections::BTreeSet;

/// The default of `sattar eval --bugassist-solves`: the most solves the search spends per input
/// (a run of 15 statements needs 15 for single statements, 105 more for pairs).
pub const DEFAULT_BUGASSIST_SOLVES: usize = 600;

/// The minimum-cardinality correction sets of the failing run `a`, searched with at most
/// `max_solves` solves (empty if none is found within them).
pub fn minimum_correction_sets(
    a: &mut CoreAnalysis,
    max_solves: usize,
) -> Result<Vec<BTreeSet<StmtId>>, EngineError> {
    let post = a.encoding.postcondition_group_ids();
    let stmts: Vec<StmtId> = a.executed.iter().copied().collect();
    let mut solves = 0;
    for size in 1..=stmts.len() {
        let mut found = Vec::new();
        for set in subsets(&stmts, size) {
            if solves >= max_solves {
                return Ok(found);
            }
            solves += 1;
            if a.encoding.repairs(&post, &set)? {
                found.push(set);
            }
        }
        if !found.is_empty() {
            return Ok(found);
        }
    }
    Ok(Vec::new())
}

/// BugAssist's ranking: each executed statement scored by the share of the minimum correction
/// sets it is in (0 when none is found).
pub fn bugassist_ranking(a: &CoreAnalysis, sets: &[BTreeSet<StmtId>]) -> Vec<RankedStmt> {
    let n = sets.len().max(1) as f64;
    let scored = a
        .executed
        .iter()
        .map(|s| Scored {
            id: *s,
            score: sets.iter().filter(|m| m.contains(s)).count() as f64 / n,
            confidence: 0.0,
        })
        .collect();
    to_ranked(Ranking::new(scored, Order::Score), None)
}

/// Every `size`-element subset of `items`, in lexicographic order of positions.
fn subsets(items: &[StmtId], size: usize) -> impl Iterator<Item = BTreeSet<StmtId>> + '_ {
    let mut idx: Vec<usize> = (0..size).collect();
    let mut done = size > items.len();
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        let set = idx.iter().map(|&i| items[i]).collect();
        // The next combination: bump the rightmost index that can still move.
        match (0..size).rev().find(|&i| idx[i] < items.len() - size + i) {
            Some(i) => {
                idx[i] += 1;
                for j in i + 1..size {
                    idx[j] = idx[j - 1] + 1;
                }
            }
            None => done = true,
        }
        Some(set)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// C(5, 2) = 10 pairs and C(5, 3) = 10 triples, each once, in order; no set larger than the
    /// items.
    #[test]
    fn subsets_are_every_combination_once() {
        let items: Vec<StmtId> = (0..5).map(StmtId).collect();
        let pairs: Vec<_> = subsets(&items, 2).collect();
        assert_eq!(pairs.len(), 10);
        assert_eq!(pairs[0], BTreeSet::from([StmtId(0), StmtId(1)]));
        assert_eq!(pairs[9], BTreeSet::from([StmtId(3), StmtId(4)]));
        let triples: BTreeSet<_> = subsets(&items, 3)
            .map(|s| s.into_iter().collect::<Vec<_>>())
            .collect();
        assert_eq!(triples.len(), 10);
        assert_eq!(subsets(&items, 6).count(), 0);
        assert_eq!(subsets(&items, 5).count(), 1);
    }
}
