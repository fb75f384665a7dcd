//! The techniques SAT-TAR is compared against (REFERENCE §1 "Comparison techniques", §2, §4):
//! Tarantula on random tests from a bounded-exhaustive pool (TAR_rand), on directed tests chosen by
//! path-constraint similarity (TAR_DT, and TAR_DT+SAT with the core boost), and APG's closest
//! successful path. Each yields a ranking of statements.

use crate::generate::{FailingPath, PathQueries};
use crate::localize::{Executor, RankedStmt};
use crate::{judge, EngineError, Subject, TestRecord, TestVerdict};
use petgraph::visit::EdgeRef;
use sattar_encode::{encode, EncodeOptions, Mode, PreSpec};
use sattar_heap::TestInput;
use sattar_java::{BranchEvent, Limits, StmtId, StmtKind};
use sattar_rank::{Formula, Order, Ranking, Spectrum, TestCase, Verdict as RankVerdict};
use sattar_sat::{Bool, GroupId, Outcome};
use std::collections::{BTreeSet, HashMap, HashSet};

/// A seeded pseudo-random generator (SplitMix64): ten lines, no dependency, the same numbers on
/// every platform — what a reproducible evaluation needs, and all it needs.
#[derive(Clone, Debug)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`0` when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }
}

/// The spectrum of `tests` over every statement some test covered (failing or invalid = fail).
pub fn spectrum_of<'a>(tests: impl IntoIterator<Item = &'a TestRecord>) -> Spectrum<StmtId> {
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

/// Ranks statements from tests' verdicts and coverage with `formula`, +1 for `boost`.
pub fn rank_tests<'a>(
    tests: impl IntoIterator<Item = &'a TestRecord>,
    formula: &Formula,
    boost: Option<&BTreeSet<StmtId>>,
) -> Vec<RankedStmt> {
    let mut scored = spectrum_of(tests).score(formula);
    if let Some(b) = boost {
        let set: HashSet<StmtId> = b.iter().copied().collect();
        sattar_rank::boost_suspects(&mut scored, &set);
    }
    to_ranked(Ranking::new(scored, Order::ScoreThenConfidence), boost)
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

/// TAR_rand: `n` tests drawn at random from `pool` (valid inputs, each with its judged run), at
/// least one of them failing with a subset of `violated` when the pool has one.
pub fn random_tests(
    pool: &[TestRecord],
    n: usize,
    violated: &[String],
    rng: &mut SplitMix64,
) -> Vec<TestRecord> {
    let mut idx: Vec<usize> = (0..pool.len()).collect();
    for i in (1..idx.len()).rev() {
        idx.swap(i, rng.below(i + 1));
    }
    let mut out: Vec<TestRecord> = idx.iter().take(n).map(|&i| pool[i].clone()).collect();
    let fails = |t: &TestRecord| matches!(&t.verdict, TestVerdict::Fail(v) if v.iter().all(|x| violated.contains(x)));
    if !out.iter().any(fails) {
        let failing: Vec<&TestRecord> = pool.iter().filter(|t| fails(t)).collect();
        if !failing.is_empty() {
            let pick = failing[rng.below(failing.len())].clone();
            match out.last_mut() {
                Some(last) => *last = pick,
                None => out.push(pick),
            }
        }
    }
    out
}

/// Subset path-constraint similarity (REFERENCE §2): the branch evaluations of the failing run —
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
/// negated-prefix run with coverage new to the tests so far.
pub fn directed_tests(
    subject: &Subject,
    failing: &TestRecord,
    failing_trace: &[BranchEvent],
    n: usize,
    exec: &mut dyn Executor,
) -> Result<Vec<TestRecord>, EngineError> {
    let all: BTreeSet<StmtId> = subject.program.stmts.iter().map(|s| s.id).collect();
    let mut tests = vec![failing.clone()];
    let path = FailingPath::new(subject, &failing.input, 1, &EncodeOptions::default())?;
    while tests.len() < n {
        let mut q = PathQueries::new(subject, &path)?;
        let tried: Vec<BTreeSet<StmtId>> = tests.iter().map(|t| t.covered.clone()).collect();
        let candidates = q.candidates(&all, &tried, false)?;
        let best = candidates.into_iter().max_by(|a, b| {
            pcs(failing_trace, &a.decoded.execution.trace)
                .total_cmp(&pcs(failing_trace, &b.decoded.execution.trace))
                .then(b.prefix.cmp(&a.prefix))
        });
        let Some(c) = best else { break };
        let input = c.decoded.input;
        let run = exec.execute(subject, &input)?;
        let judged = judge(subject, &input, run).map_err(|e| EngineError::Usage(e.to_string()))?;
        tests.push(TestRecord {
            input,
            verdict: judged.verdict,
            covered: judged.execution.covered,
            added: true,
            prefix: Some(c.prefix),
        });
    }
    Ok(tests)
}

/// APG (REFERENCE §4): the closest successful path of the failing input — branch evaluations
/// flipped, later flips preferred, fewer flips among ties, loop conditions never flipped — found by
/// SAT on the grouped encoding (a flipped branch's group is off and its outcome assumed). Returns
/// the flipped branch statements, or none when no single or double flip succeeds.
pub fn apg(subject: &Subject, failing: &TestInput) -> Result<Vec<StmtId>, EngineError> {
    let opts = EncodeOptions {
        mode: Mode::Grouped,
        keep_satisfied: false,
        ..EncodeOptions::default()
    };
    let mut enc = encode(
        &subject.program,
        subject.method,
        &subject.spec,
        PreSpec::Fixed(failing),
        &opts,
    )?;
    let stmt_groups: Vec<GroupId> = enc.instances.iter().filter_map(|i| i.group).collect();
    let Outcome::Sat(run) = enc
        .session
        .solve(&stmt_groups, &[])
        .map_err(sattar_encode::EncodeError::from)?
    else {
        return Ok(Vec::new());
    };
    // The failing run's non-loop branch evaluations, in order: statement, group, literal, outcome.
    let events: Vec<(StmtId, GroupId, Bool, bool)> = enc
        .branches
        .iter()
        .filter(|b| run.value(b.guard) && !is_loop(subject, b.stmt))
        .filter_map(|b| {
            let g = enc.instances.get(b.instance)?.group?;
            Some((b.stmt, g, b.taken, run.value(b.taken)))
        })
        .collect();
    let post: Vec<GroupId> = enc
        .postcondition_groups()
        .into_iter()
        .map(|(_, g)| g)
        .collect();
    let n = events.len();
    let mut tries: Vec<Vec<usize>> = (0..n).rev().map(|i| vec![i]).collect();
    for j in (0..n).rev() {
        for i in (0..j).rev() {
            tries.push(vec![j, i]);
        }
    }
    for flips in tries {
        let off: HashSet<GroupId> = flips.iter().map(|&i| events[i].1).collect();
        let mut groups: Vec<GroupId> = stmt_groups
            .iter()
            .filter(|g| !off.contains(g))
            .copied()
            .collect();
        groups.extend(&post);
        let assumptions: Vec<Bool> = flips
            .iter()
            .map(|&i| {
                if events[i].3 {
                    !events[i].2
                } else {
                    events[i].2
                }
            })
            .collect();
        if let Outcome::Sat(_) = enc
            .session
            .solve(&groups, &assumptions)
            .map_err(sattar_encode::EncodeError::from)?
        {
            return Ok(flips.iter().map(|&i| events[i].0).collect());
        }
    }
    Ok(Vec::new())
}

fn is_loop(subject: &Subject, stmt: StmtId) -> bool {
    matches!(
        subject.program.stmt(stmt).kind,
        StmtKind::While | StmtKind::DoWhile | StmtKind::For
    )
}

/// APG's report as a ranking: the flipped branches first (score 1), the other executed statements 0.
pub fn apg_ranking(flipped: &[StmtId], executed: &BTreeSet<StmtId>) -> Vec<RankedStmt> {
    let scored = executed
        .iter()
        .map(|s| sattar_rank::Scored {
            id: *s,
            score: if flipped.contains(s) { 1.0 } else { 0.0 },
            confidence: 0.0,
        })
        .collect();
    to_ranked(Ranking::new(scored, Order::Score), None)
}

/// CP (REFERENCE §3) over the tests: statement-level blocks of the method's CFG, each test's edge
/// profile replayed from its branch trace (statements run in CFG order; a branch takes the edge its
/// next trace event says; the replay stops where the run's coverage ends).
pub fn cp_ranking(subject: &Subject, tests: &[TestRecord]) -> Result<Vec<RankedStmt>, EngineError> {
    use sattar_java::{Cfg, CfgEdge, CfgNode};
    use sattar_rank::{BlockId, EdgeId, EdgeRun};
    let method = subject.program.method(subject.method);
    let cfg = Cfg::build(method);
    let block = |s: StmtId| BlockId(s.0);
    let mut edges = Vec::new();
    let mut edge_of = HashMap::new();
    for e in cfg.graph.edge_indices() {
        let Some((a, b)) = cfg.graph.edge_endpoints(e) else {
            continue;
        };
        let CfgNode::Stmt(to) = cfg.graph[b] else {
            continue;
        };
        let from = match cfg.graph[a] {
            CfgNode::Stmt(s) => Some(block(s)),
            _ => None,
        };
        let id = EdgeId(edges.len() as u32);
        edges.push(sattar_rank::CfgEdge {
            id,
            from,
            to: block(to),
        });
        edge_of.insert(e, id);
    }
    let graph = sattar_rank::Cfg {
        blocks: cfg.nodes.keys().map(|s| block(*s)).collect(),
        edges,
        statements: cfg.nodes.keys().map(|s| (*s, Some(block(*s)))).collect(),
    };
    let mut runs = Vec::new();
    for t in tests {
        let trace = sattar_java::run(
            &subject.program,
            subject.method,
            &t.input,
            Limits::default(),
        )
        .map_err(|e| EngineError::Usage(e.to_string()))?
        .trace;
        let mut events = trace.iter().filter(|e| cfg.nodes.contains_key(&e.stmt));
        let mut covered = BTreeSet::new();
        let mut node = cfg.entry;
        for _ in 0..10_000 {
            let out: Vec<_> = cfg
                .graph
                .edges(node)
                .map(|e| (e.id(), *e.weight(), e.target()))
                .collect();
            let pick = if out
                .iter()
                .any(|(_, w, _)| matches!(w, CfgEdge::True | CfgEdge::False))
            {
                let Some(ev) = events.next() else { break };
                let want = if ev.taken {
                    CfgEdge::True
                } else {
                    CfgEdge::False
                };
                out.into_iter().find(|(_, w, _)| *w == want)
            } else {
                out.into_iter().next()
            };
            let Some((e, _, next)) = pick else { break };
            match cfg.graph[next] {
                CfgNode::Stmt(s) if t.covered.contains(&s) => {
                    covered.extend(edge_of.get(&e).copied());
                    node = next;
                }
                _ => break,
            }
        }
        let verdict = if t.verdict == TestVerdict::Pass {
            RankVerdict::Pass
        } else {
            RankVerdict::Fail
        };
        runs.push(EdgeRun {
            verdict,
            covered: covered.into_iter().collect(),
        });
    }
    let result = sattar_rank::capture_propagation(&graph, &runs)
        .map_err(|e| EngineError::Usage(format!("CP: {e}")))?;
    Ok(result
        .statements
        .iter()
        .map(|s| RankedStmt {
            stmt: s.id,
            susp: s.score.unwrap_or(f64::NEG_INFINITY),
            conf: 0.0,
            rank: s.rank.worst(),
            rank_avg: s.rank.average(),
            in_core: false,
        })
        .collect())
}
