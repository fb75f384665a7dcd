//! Spectra of judged tests and their rankings: shared by the SAT-TAR loop and the baselines.

use crate::localize::RankedStmt;
use crate::{CoreAnalysis, TestRecord, TestVerdict};
use sattar_java::StmtId;
use sattar_rank::{
    same_score, Formula, Order, Ranking, Scored, Spectrum, TestCase, Verdict as RankVerdict,
};
use sattar_report::ConditionValue;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeSet, HashMap, HashSet};

/// The spectrum of `tests` over every statement some test covered (failing or invalid = fail).
pub(crate) fn spectrum_of<'a>(tests: impl IntoIterator<Item = &'a TestRecord>) -> Spectrum<StmtId> {
    let tests: Vec<&TestRecord> = tests.into_iter().collect();
    let elements: BTreeSet<StmtId> = tests
        .iter()
        .flat_map(|t| t.covered.iter().copied())
        .collect();
    let mut spectrum = Spectrum::new(elements);
    for (i, t) in tests.into_iter().enumerate() {
        // Every covered statement is an element: adding cannot fail.
        let _ = spectrum.add_test_covering(
            TestCase::new(format!("t{i}"), rank_verdict(t)),
            t.covered.iter(),
        );
    }
    spectrum
}

/// What a spectrum's elements are (`--domain`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Domain {
    /// Statements: a test covers a statement or not (the paper's spectra).
    Statements,
    /// Apollo's extended domain: a branch statement is rated per condition value it took, and
    /// rated as its most suspicious value (docs/RANKING.md).
    #[default]
    Outcomes,
}

impl Domain {
    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Domain::Statements => "statements",
            Domain::Outcomes => "outcomes",
        }
    }
}

/// One element of the spectrum over outcomes: a statement with the condition value it took, or
/// `None` when the test covered it without a recorded value (no branch, or its condition threw).
type OutcomeElem = (StmtId, Option<bool>);

/// The elements one test covers in the outcome domain.
fn outcome_elems(t: &TestRecord) -> impl Iterator<Item = OutcomeElem> + '_ {
    t.covered.iter().flat_map(move |&s| {
        let took: Vec<OutcomeElem> = [true, false]
            .into_iter()
            .filter(|o| t.outcomes.contains(&(s, *o)))
            .map(|o| (s, Some(o)))
            .collect();
        if took.is_empty() {
            vec![(s, None)]
        } else {
            took
        }
    })
}

/// Covered statements' ratings, and which of them a condition's value lifted.
pub(crate) struct StmtScores {
    /// Each covered statement's (susp, conf), by statement id.
    pub scored: Vec<Scored<StmtId>>,
    /// The statements rated above their rating as statements, each with the value of its
    /// condition that rated it.
    pub lifted: HashMap<StmtId, ConditionValue>,
}

impl StmtScores {
    /// The ranking by `order`, ties broken by tier (lower first): a statement in `repairs` (it
    /// repairs the failing run alone) before one that is not, then one that does not read what
    /// another of `repairs` rated the same writes (`flows`: `(writer, reader)` pairs) before one
    /// that does, then a statement rated as itself before one a condition's value lifted
    /// (docs/RANKING.md, *How sattar's spectra use it*; docs/LOCALIZE.md, step 7); `core` marks
    /// the statements shown as in the core.
    pub fn ranked(
        self,
        order: Order,
        repairs: &HashSet<StmtId>,
        flows: &BTreeSet<(StmtId, StmtId)>,
        core: Option<&BTreeSet<StmtId>>,
    ) -> Vec<RankedStmt> {
        let lifted = self.lifted;
        let rating: HashMap<StmtId, (u64, u64)> = (self.scored.iter())
            .map(|s| (s.id, (s.score.to_bits(), s.confidence.to_bits())))
            .collect();
        let downstream: HashSet<StmtId> = (flows.iter())
            .filter(|(a, b)| repairs.contains(a) && repairs.contains(b))
            .filter(|(a, b)| rating.contains_key(a) && rating.get(a) == rating.get(b))
            .map(|(_, b)| *b)
            .collect();
        let tier = |s: &StmtId| {
            4 * u32::from(!repairs.contains(s))
                + 2 * u32::from(downstream.contains(s))
                + u32::from(lifted.contains_key(s))
        };
        let ranking = Ranking::tiered(self.scored, order, &tier);
        let mut ranked = to_ranked(ranking, core);
        for r in &mut ranked {
            r.condition = lifted.get(&r.stmt).copied();
        }
        ranked
    }
}

/// Each covered statement's (susp, conf) under `formula` over `domain` (no boost): in the
/// outcome domain, a statement's rating is that of its most suspicious element.
pub(crate) fn score_statements<'a>(
    tests: impl IntoIterator<Item = &'a TestRecord>,
    formula: &Formula,
    domain: Domain,
) -> StmtScores {
    let tests: Vec<&TestRecord> = tests.into_iter().collect();
    let plain = spectrum_of(tests.iter().copied()).score(formula);
    match domain {
        Domain::Statements => StmtScores {
            scored: plain,
            lifted: HashMap::new(),
        },
        Domain::Outcomes => {
            let per_test: Vec<Vec<OutcomeElem>> =
                tests.iter().map(|t| outcome_elems(t).collect()).collect();
            let mut spectrum =
                Spectrum::new(per_test.iter().flatten().copied().collect::<BTreeSet<_>>());
            for (i, (t, covered)) in tests.iter().zip(&per_test).enumerate() {
                // Every covered element is an element: adding cannot fail.
                let _ = spectrum
                    .add_test_covering(TestCase::new(format!("t{i}"), rank_verdict(t)), covered);
            }
            let elements = spectrum.score(formula);
            let mut scored = sattar_rank::collapse_max(&elements, |e| e.0);
            scored.sort_by_key(|s| s.id);
            let as_stmt: HashMap<StmtId, (f64, f64)> = plain
                .iter()
                .map(|p| (p.id, (p.score, p.confidence)))
                .collect();
            let lifted = scored
                .iter()
                .filter(|o| as_stmt.get(&o.id).is_some_and(|&p| rated_above(o, p)))
                .map(|o| (o.id, rating_value(&elements, o)))
                .collect();
            StmtScores { scored, lifted }
        }
    }
}

/// The value of `stmt`'s condition whose element gave it its rating: true before false before
/// none when values tie.
fn rating_value(elements: &[Scored<OutcomeElem>], stmt: &Scored<StmtId>) -> ConditionValue {
    let rates = |e: &&Scored<OutcomeElem>| {
        e.id.0 == stmt.id
            && same_score(e.score, stmt.score)
            && same_score(e.confidence, stmt.confidence)
    };
    // `Option<bool>` orders none < false < true.
    let value = elements.iter().filter(rates).map(|e| e.id.1).max();
    ConditionValue::of(value.flatten())
}

/// Whether `o` is rated above (score, confidence) `p`, ties within the ranking's tolerance.
fn rated_above(o: &Scored<StmtId>, (score, confidence): (f64, f64)) -> bool {
    let above = |a: f64, b: f64| a > b && !same_score(a, b);
    above(o.score, score) || (same_score(o.score, score) && above(o.confidence, confidence))
}

fn rank_verdict(t: &TestRecord) -> RankVerdict {
    if t.verdict == TestVerdict::Pass {
        RankVerdict::Pass
    } else {
        RankVerdict::Fail
    }
}

/// Ranks statements from tests' verdicts and coverage with `formula`, +1 for `boost`'s suspects,
/// its statements that repair the run alone first among ties (as SAT-TAR, docs/LOCALIZE.md step 7).
pub(crate) fn rank_tests<'a>(
    tests: impl IntoIterator<Item = &'a TestRecord>,
    formula: &Formula,
    domain: Domain,
    boost: Option<&CoreAnalysis>,
) -> Vec<RankedStmt> {
    let mut scores = score_statements(tests, formula, domain);
    let mut repairs = HashSet::new();
    if let Some(a) = boost {
        let set: HashSet<StmtId> = a.suspects.iter().copied().collect();
        sattar_rank::boost_suspects(&mut scores.scored, &set);
        repairs = a.repairs_alone.iter().copied().collect();
    }
    let none = BTreeSet::new();
    scores.ranked(
        Order::ScoreThenConfidence,
        &repairs,
        boost.map_or(&none, |a| &a.repair_flows),
        boost.map(|a| &a.suspects),
    )
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
            condition: None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    /// A test covering `stmts` whose conditions took `outcomes`.
    fn test(verdict: TestVerdict, stmts: &[u32], outcomes: &[(u32, bool)]) -> TestRecord {
        TestRecord {
            input: sattar_heap::TestInput {
                this: None,
                args: Vec::new(),
                heap: sattar_heap::Heap::default(),
            },
            verdict,
            covered: stmts.iter().map(|&s| StmtId(s)).collect(),
            outcomes: outcomes.iter().map(|&(s, o)| (StmtId(s), o)).collect(),
            added: true,
            prefix: None,
            predicted: None,
            timed_out: false,
        }
    }

    fn fail() -> TestVerdict {
        TestVerdict::Fail(vec!["post".into()])
    }

    /// s1 plain; s2 true when failing, false when passing; s3's condition threw in the failing
    /// test and was true in one passing test; s4 only the failing test covers.
    fn tests() -> Vec<TestRecord> {
        vec![
            test(fail(), &[1, 2, 3, 4], &[(2, true)]),
            test(TestVerdict::Pass, &[1, 2, 3], &[(2, false), (3, true)]),
            test(TestVerdict::Pass, &[1, 2], &[(2, false)]),
        ]
    }

    fn rating(s: &StmtScores, id: u32) -> (f64, f64) {
        let e = s.scored.iter().find(|e| e.id == StmtId(id)).expect("rated");
        (e.score, e.confidence)
    }

    #[test]
    fn a_condition_is_rated_by_its_most_suspicious_value() {
        let tarantula = Formula::by_name("tarantula").expect("known");
        let plain = score_statements(&tests(), &tarantula, Domain::Statements);
        // F = 1, P = 2. s1, s2: ef 1, ep 2 → 1 / (1 + 1) = 0.5; s3: ef 1, ep 1 → 1 / 1.5.
        assert_eq!(rating(&plain, 1), (0.5, 1.0));
        assert_eq!(rating(&plain, 2), (0.5, 1.0));
        assert!((rating(&plain, 3).0 - 2.0 / 3.0).abs() < 1e-12);
        assert!(plain.lifted.is_empty());
        let split = score_statements(&tests(), &tarantula, Domain::Outcomes);
        // (s2, true): ef 1, ep 0 → 1; (s2, false): ef 0 → 0. s3 without a value: ef 1, ep 0.
        assert_eq!(rating(&split, 1), (0.5, 1.0));
        assert_eq!(rating(&split, 2), (1.0, 1.0));
        assert_eq!(rating(&split, 3), (1.0, 1.0));
        assert_eq!(rating(&split, 4), (1.0, 1.0));
        let lifted: BTreeMap<u32, ConditionValue> =
            split.lifted.iter().map(|(s, v)| (s.0, *v)).collect();
        // s2 by its true value; s3 by the run whose condition threw.
        assert_eq!(
            lifted,
            BTreeMap::from([(2, ConditionValue::True), (3, ConditionValue::Threw)])
        );
    }

    #[test]
    fn a_lifted_condition_ranks_below_a_statement_it_ties() {
        let tarantula = Formula::by_name("tarantula").expect("known");
        let ranks: Vec<(u32, usize)> = rank_tests(&tests(), &tarantula, Domain::Outcomes, None)
            .iter()
            .map(|r| (r.stmt.0, r.rank))
            .collect();
        // s2, s3 and s4 tie at (1, 1); s4 is rated as itself, so it goes first.
        assert_eq!(ranks, vec![(4, 1), (2, 3), (3, 3), (1, 4)]);
        let plain: Vec<(u32, usize)> = rank_tests(&tests(), &tarantula, Domain::Statements, None)
            .iter()
            .map(|r| (r.stmt.0, r.rank))
            .collect();
        assert_eq!(plain, vec![(4, 1), (3, 2), (1, 4), (2, 4)]);
    }
}
