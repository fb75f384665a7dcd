//! TAR_DT: Tarantula on directed tests, each the negated-prefix run most similar to the failing
//! run by path-constraint similarity (docs/EVALUATION.md#tar_dt-and-path-constraint-similarity). TAR_DT+SAT ranks the same tests with the
//! core boost.

use crate::generate::{Candidate, FailingPath, KnownUnsat, PathQueries};
use crate::localize::Executor;
use crate::{judge, EngineError, Subject, TestRecord};
use sattar_encode::EncodeOptions;
use sattar_java::{BranchEvent, StmtId};
use std::collections::{BTreeSet, HashMap};

/// Subset path-constraint similarity (docs/EVALUATION.md#tar_dt-and-path-constraint-similarity): the branch evaluations of the failing run —
/// identified by statement and occurrence — that the other run makes with the same outcome, over the
/// failing run's length.
pub fn pcs(failing: &[BranchEvent], other: &[BranchEvent]) -> f64 {
    let keyed = |t: &[BranchEvent]| -> HashMap<(StmtId, usize), bool> {
        let mut seen: HashMap<StmtId, usize> = HashMap::new();
        t.iter()
            .map(|e| {
                let k = seen.entry(e.stmt).or_default();
                *k += 1;
                ((e.stmt, *k), e.taken)
            })
            .collect()
    };
    if failing.is_empty() {
        return 0.0;
    }
    let (f, o) = (keyed(failing), keyed(other));
    let same = f.iter().filter(|(k, v)| o.get(k) == Some(v)).count();
    same as f64 / failing.len() as f64
}

/// TAR_DT's tests: the failing run, then up to `n - 1` directed tests, each the most PCS-similar
/// negated-prefix run with coverage new to the tests so far; each query at most `conflicts`
/// conflicts, as SAT-TAR's. `path` is the failing run located in a free encoding
/// ([`failing_path`] builds it; SAT-TAR's loop has one to share).
pub fn directed_tests(
    subject: &Subject,
    (failing, failing_trace): (&TestRecord, &[BranchEvent]),
    path: &FailingPath,
    n: usize,
    conflicts: Option<u32>,
    exec: &mut dyn Executor,
) -> Result<Vec<TestRecord>, EngineError> {
    let all: BTreeSet<StmtId> = subject.program.stmts.iter().map(|s| s.id).collect();
    let mut tests = vec![failing.clone()];
    let mut known = KnownUnsat::default();
    // The runs of the previous iteration that still bring new coverage are kept, not asked for
    // again.
    let mut earlier: Vec<Candidate> = Vec::new();
    // A baseline of the evaluation: no time budget, so that its tables do not depend on the
    // machine's speed. One solver for every step: TAR_DT has no session to resume, so a step need
    // not answer as one on a fresh solver (SAT-TAR's rounds must), and what the solver learned
    // from earlier steps halves TAR_DT's time.
    let mut q = PathQueries::new(path, None, conflicts);
    while tests.len() < n {
        let tried: Vec<BTreeSet<StmtId>> = tests.iter().map(|t| t.covered.clone()).collect();
        let (candidates, unsat) = q.candidates(&all, &tried, false, (&known, &earlier))?;
        known.extend(unsat);
        earlier = candidates;
        let best = earlier.iter().max_by(|a, b| {
            pcs(failing_trace, &a.decoded.execution.trace)
                .total_cmp(&pcs(failing_trace, &b.decoded.execution.trace))
                .then(b.prefix.cmp(&a.prefix))
        });
        let Some(c) = best else { break };
        let (input, prefix) = (c.decoded.input.clone(), c.prefix);
        let run = exec.execute(subject, &input)?;
        let judged = judge(subject, &input, run).map_err(|e| EngineError::Usage(e.to_string()))?;
        tests.push(TestRecord::judged(input, judged, Some(prefix)));
    }
    Ok(tests)
}

/// The failing run of `failing` located in a free encoding of its scope, as SAT-TAR's loop
/// locates it with default options.
pub fn failing_path(subject: &Subject, failing: &TestRecord) -> Result<FailingPath, EngineError> {
    let scopes = (1, crate::localize::DEFAULT_MAX_GEN_SCOPE);
    FailingPath::new(subject, &failing.input, scopes, &EncodeOptions::default())
}
