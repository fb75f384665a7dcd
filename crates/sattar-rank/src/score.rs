//! Scored elements and the composable steps over them: the SAT-TAR core boost, Apollo's combined
//! score, and the collapse of finer elements ((branch, outcome) pairs, edges) onto statements.

use std::collections::{HashMap, HashSet};
use std::hash::Hash;

use serde::{Deserialize, Serialize};

use crate::rank::same_score;

/// SAT-TAR's boost for statements in the unsat core (Gopinath et al., ASE 2012; see
/// docs/RANKING.md#core-boost-and-confidence).
pub const CORE_BOOST: f64 = 1.0;

/// Apollo's combined score for mapped statements whose score is above one half (Artzi et al.,
/// TSE 2012, Sec. 3.3; see docs/RANKING.md#apollos-extended-domain-and-combined-score).
pub const APOLLO_MAPPED_SCORE: f64 = 1.1;

/// An element with its suspiciousness and confidence.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Scored<E> {
    /// The element.
    pub id: E,
    /// Suspiciousness (higher is more suspicious).
    pub score: f64,
    /// Confidence, the secondary sort key (Tarantula's `max(ef/F, ep/P)` by default).
    pub confidence: f64,
}

/// A (statement, outcome) pair of Apollo's extended domain: `if` → outcomes 1 (true) and 0
/// (false); a switch → index of the first true case; a call → an abstract return value's index.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct BranchOutcome<S> {
    /// The statement.
    pub stmt: S,
    /// The outcome's index.
    pub outcome: u32,
}

/// Adds [`CORE_BOOST`] to every element in `suspects` (SAT-TAR: `susp_tar + susp_sat`).
pub fn boost_suspects<E: Eq + Hash>(scored: &mut [Scored<E>], suspects: &HashSet<E>) {
    for s in scored.iter_mut().filter(|s| suspects.contains(&s.id)) {
        s.score += CORE_BOOST;
    }
}

/// Apollo's `S_comb`: [`APOLLO_MAPPED_SCORE`] for mapped elements whose score is strictly above
/// 0.5 (a score tied with 0.5 under [`same_score`] is not above it); others keep their score.
pub fn apollo_combine<E: Eq + Hash>(scored: &mut [Scored<E>], mapped: &HashSet<E>) {
    for s in scored.iter_mut().filter(|s| mapped.contains(&s.id)) {
        if s.score > 0.5 && !same_score(s.score, 0.5) {
            s.score = APOLLO_MAPPED_SCORE;
        }
    }
}

/// Collapses finer elements onto coarser ones (pairs or edges onto statements): each target gets
/// the maximum score over its elements, with the confidence of that maximum (the larger confidence
/// among tied maxima). Targets appear in order of first occurrence.
pub fn collapse_max<E, S, F>(scored: &[Scored<E>], target: F) -> Vec<Scored<S>>
where
    S: Clone + Eq + Hash,
    F: Fn(&E) -> S,
{
    let mut out: Vec<Scored<S>> = Vec::new();
    let mut at: HashMap<S, usize> = HashMap::new();
    for s in scored {
        let key = target(&s.id);
        match at.get(&key) {
            Some(&i) => keep_max(&mut out[i], s.score, s.confidence),
            None => {
                at.insert(key.clone(), out.len());
                out.push(Scored {
                    id: key,
                    score: s.score,
                    confidence: s.confidence,
                });
            }
        }
    }
    out
}

fn keep_max<S>(best: &mut Scored<S>, score: f64, confidence: f64) {
    if same_score(score, best.score) {
        best.confidence = best.confidence.max(confidence);
    } else if score > best.score {
        best.score = score;
        best.confidence = confidence;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sc<E>(id: E, score: f64, confidence: f64) -> Scored<E> {
        Scored {
            id,
            score,
            confidence,
        }
    }

    #[test]
    fn boost_adds_one_to_suspects_only() {
        let mut v = vec![sc(1u32, 0.5, 0.2), sc(2, 0.7, 0.9)];
        boost_suspects(&mut v, &HashSet::from([1]));
        assert_eq!(v[0].score, 1.5);
        assert_eq!(v[1].score, 0.7);
    }

    #[test]
    fn apollo_combined_is_strict() {
        let mut v = vec![sc(1u32, 0.5, 0.0), sc(2, 0.51, 0.0), sc(3, 0.9, 0.0)];
        apollo_combine(&mut v, &HashSet::from([1, 2]));
        assert_eq!(v[0].score, 0.5); // not strictly above 0.5
        assert_eq!(v[1].score, 1.1);
        assert_eq!(v[2].score, 0.9); // not mapped
    }

    #[test]
    fn statement_rating_is_max_over_pairs() {
        let p = |stmt: u32, outcome: u32| BranchOutcome { stmt, outcome };
        let v = vec![
            sc(p(7, 0), 0.2, 0.1),
            sc(p(7, 1), 0.8, 0.4),
            sc(p(9, 1), 0.3, 0.3),
            sc(p(9, 0), 0.3, 0.6),
        ];
        let s = collapse_max(&v, |b| b.stmt);
        assert_eq!(s, vec![sc(7, 0.8, 0.4), sc(9, 0.3, 0.6)]);
    }
}
