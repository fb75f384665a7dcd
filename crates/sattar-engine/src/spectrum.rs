//! Spectra of judged tests and their rankings: shared by the SAT-TAR loop and the baselines.

use crate::localize::RankedStmt;
use crate::{CoreAnalysis, TestRecord, TestVerdict};
use sattar_java::StmtId;
use sattar_rank::{Formula, Order, Ranking, Spectrum, TestCase, Verdict as RankVerdict};
use std::collections::{BTreeSet, HashSet};

/// The spectrum of `tests` over every statement some test covered (failing or invalid = fail).
pub(crate) fn spectrum_of<'a>(tests: impl IntoIterator<Item = &'a TestRecord>) -> Spectrum<StmtId> {
    let tests: Vec<&TestRecord> = tests.into_iter().collect();
    let elements: BTreeSet<StmtId> = tests
        .iter()
        .flat_map(|t| t.covered.iter().copied())
        .collect();
    let mut spectrum = Spectrum::new(elements);
    for (i, t) in tests.into_iter().enumerate() {
        let verdict = if t.verdict == TestVerdict::Pass {
            RankVerdict::Pass
        } else {
            RankVerdict::Fail
        };
        // Every covered statement is an element: adding cannot fail.
        let _ =
            spectrum.add_test_covering(TestCase::new(format!("t{i}"), verdict), t.covered.iter());
    }
    spectrum
}

/// Ranks statements from tests' verdicts and coverage with `formula`, +1 for `boost`'s suspects,
/// its statements that repair the run alone first among ties (as SAT-TAR, docs/LOCALIZE.md step 7).
pub(crate) fn rank_tests<'a>(
    tests: impl IntoIterator<Item = &'a TestRecord>,
    formula: &Formula,
    boost: Option<&CoreAnalysis>,
) -> Vec<RankedStmt> {
    let mut scored = spectrum_of(tests).score(formula);
    let mut preferred = HashSet::new();
    if let Some(a) = boost {
        let set: HashSet<StmtId> = a.suspects.iter().copied().collect();
        sattar_rank::boost_suspects(&mut scored, &set);
        preferred = a.repairs_alone.iter().copied().collect();
    }
    let ranking = Ranking::preferring(scored, Order::ScoreThenConfidence, &preferred);
    to_ranked(ranking, boost.map(|a| &a.suspects))
}

/// A ranking as ranked statements; `core` marks the statements shown as in the core.
pub(crate) fn to_ranked(
    ranking: Ranking<StmtId>,
    core: Option<&BTreeSet<StmtId>>,
) -> Vec<RankedStmt> {
    ranking
        .entries()
        .iter()
        .map(|e| RankedStmt {
            stmt: e.id,
            susp: e.score,
            conf: e.confidence,
            rank: e.rank.worst(),
            rank_avg: e.rank.average(),
            in_core: core.is_some_and(|c| c.contains(&e.id)),
        })
        .collect()
}
