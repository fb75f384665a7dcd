//! CP (docs/RANKING.md#cp; docs/EVALUATION.md#cp-as-a-baseline): capture propagation over the method's control-flow graph.

use crate::localize::RankedStmt;
use crate::{EngineError, Subject, TestRecord, TestVerdict};
use petgraph::graph::EdgeIndex;
use petgraph::visit::EdgeRef;
use sattar_java::{BranchEvent, Cfg, CfgEdge, CfgNode, Limits, StmtId};
use sattar_rank::{BlockId, EdgeId, EdgeRun, Verdict as RankVerdict};
use std::collections::{BTreeSet, HashMap};

/// CP (docs/RANKING.md#cp; docs/EVALUATION.md#cp-as-a-baseline) over the tests: statement-level blocks of the method's CFG, each test's edge
/// profile replayed from its branch trace (statements run in CFG order; a branch takes the edge its
/// next trace event says; the replay stops where the run's coverage ends).
pub fn cp_ranking(subject: &Subject, tests: &[TestRecord]) -> Result<Vec<RankedStmt>, EngineError> {
    let cfg = Cfg::build(subject.program.method(subject.method));
    let (graph, edge_of) = block_graph(&cfg);
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
        let verdict = if t.verdict == TestVerdict::Pass {
            RankVerdict::Pass
        } else {
            RankVerdict::Fail
        };
        runs.push(EdgeRun {
            verdict,
            covered: replay(&cfg, &edge_of, &trace, &t.covered),
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
            condition: None,
        })
        .collect())
}

fn block(s: StmtId) -> BlockId {
    BlockId(s.0)
}

/// The CFG with one block per statement, as CP's graph; and each CFG edge's id in it.
fn block_graph(cfg: &Cfg) -> (sattar_rank::Cfg<StmtId>, HashMap<EdgeIndex, EdgeId>) {
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
    (graph, edge_of)
}

/// The edges a run took: from the entry, statements follow the CFG, a branch takes the edge its
/// next trace event says, and the walk stops where the run's coverage ends.
fn replay(
    cfg: &Cfg,
    edge_of: &HashMap<EdgeIndex, EdgeId>,
    trace: &[BranchEvent],
    covered: &BTreeSet<StmtId>,
) -> Vec<EdgeId> {
    let mut events = trace.iter().filter(|e| cfg.nodes.contains_key(&e.stmt));
    let mut taken = BTreeSet::new();
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
            CfgNode::Stmt(s) if covered.contains(&s) => {
                taken.extend(edge_of.get(&e).copied());
                node = next;
            }
            _ => break,
        }
    }
    taken.into_iter().collect()
}
