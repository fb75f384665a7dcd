//! CP — capturing propagation of infected program states (Zhang et al., ESEC/FSE 2009; the
//! algorithm and sattar's choices are in docs/RANKING.md#cp).
//!
//! Edges are rated by contrasting the mean failed and passed edge profiles
//! (`θΔ = (θ× − θ✓)/(θ× + θ✓)`); block scores `BR` solve `(I − W)·BR = c`, where `W(bj, bk)` is
//! the share of `bk`'s incoming suspiciousness carried by the edge `bj → bk`, and `c` holds the
//! exit blocks' incoming sums. Statements take their block's score; equal-score blocks merge;
//! statements in no block come after every ranked block, unexecuted statements last.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::counts::safe_div;
use crate::error::CpError;
use crate::linalg::{self, Method};
use crate::rank::{same_score, Order, Rank, Ranking};
use crate::score::Scored;
use crate::spectrum::Verdict;

/// Replaces a zero sum of incoming `θΔ` in `W`'s denominator (the paper's Sec. 5.1.4; see
/// docs/RANKING.md#cp, step 2).
pub const ZERO_INFLOW: f64 = 1e-10;

/// A basic block's id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct BlockId(pub u32);

/// A control-flow edge's id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct EdgeId(pub u32);

/// A control-flow edge; `from: None` is an entry edge (from outside the graph). Self-loops allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct CfgEdge {
    /// The edge's id.
    pub id: EdgeId,
    /// Source block, or `None` for an entry edge.
    pub from: Option<BlockId>,
    /// Target block.
    pub to: BlockId,
}

/// A control-flow graph of basic blocks with the statement → block map.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Cfg<S> {
    /// The blocks.
    pub blocks: Vec<BlockId>,
    /// The edges.
    pub edges: Vec<CfgEdge>,
    /// Every statement of the program with its block (`None`: in no block, e.g. a declaration).
    pub statements: Vec<(S, Option<BlockId>)>,
}

/// One test's binary edge profile and verdict.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EdgeRun {
    /// The test's outcome.
    pub verdict: Verdict,
    /// The edges it traversed at least once.
    pub covered: Vec<EdgeId>,
}

/// How the block system was solved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Solver {
    /// Gaussian elimination with partial pivoting.
    Gauss,
    /// The system was singular: basic least-squares solution (QR with column pivoting).
    LeastSquares,
}

/// A statement's CP score and rank.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CpStatement<S> {
    /// The statement.
    pub id: S,
    /// Its block.
    pub block: Option<BlockId>,
    /// Its block's `BR`, or `None` when it is in no block or its block was not executed.
    pub score: Option<f64>,
    /// Its position among all statements.
    pub rank: Rank,
}

/// CP's output.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CpResult<S> {
    /// `θΔ` of every edge, in input order; `None` for edges no test covers (removed).
    pub theta_delta: Vec<(EdgeId, Option<f64>)>,
    /// `BR` of every block, in input order; `None` for blocks no test executes.
    pub block_scores: Vec<(BlockId, Option<f64>)>,
    /// Every statement, in input order.
    pub statements: Vec<CpStatement<S>>,
    /// How the system was solved.
    pub solver: Solver,
}

impl<S: PartialEq> CpResult<S> {
    /// The rank of a statement.
    pub fn rank_of(&self, id: &S) -> Option<Rank> {
        self.statements.iter().find(|s| &s.id == id).map(|s| s.rank)
    }

    /// EXAM: the statement's worst rank over the number of statements.
    pub fn exam(&self, id: &S) -> Option<f64> {
        self.rank_of(id)
            .map(|r| r.worst() as f64 / self.statements.len() as f64)
    }
}

/// Runs CP on a graph and its edge profiles.
pub fn capture_propagation<S: Clone>(
    cfg: &Cfg<S>,
    runs: &[EdgeRun],
) -> Result<CpResult<S>, CpError> {
    let blocks = block_index(cfg)?;
    let edges = edge_index(cfg, &blocks)?;
    let theta = theta_delta(cfg, runs, &edges)?;
    let executed = executed_blocks(cfg, &blocks, &theta);
    let (br, solver) = block_ranks(cfg, &blocks, &theta, &executed);
    let statements = rank_statements(cfg, &blocks, &br)?;
    Ok(CpResult {
        theta_delta: cfg
            .edges
            .iter()
            .zip(&theta)
            .map(|(e, t)| (e.id, *t))
            .collect(),
        block_scores: cfg.blocks.iter().zip(&br).map(|(b, s)| (*b, *s)).collect(),
        statements,
        solver,
    })
}

fn block_index<S>(cfg: &Cfg<S>) -> Result<HashMap<BlockId, usize>, CpError> {
    let mut index = HashMap::new();
    for (i, b) in cfg.blocks.iter().enumerate() {
        if index.insert(*b, i).is_some() {
            return Err(CpError::DuplicateBlock(b.0));
        }
    }
    Ok(index)
}

fn edge_index<S>(
    cfg: &Cfg<S>,
    blocks: &HashMap<BlockId, usize>,
) -> Result<HashMap<EdgeId, usize>, CpError> {
    let mut index = HashMap::new();
    for (i, e) in cfg.edges.iter().enumerate() {
        if index.insert(e.id, i).is_some() {
            return Err(CpError::DuplicateEdge(e.id.0));
        }
        for b in e.from.iter().chain([&e.to]) {
            if !blocks.contains_key(b) {
                return Err(CpError::UnknownBlock {
                    edge: e.id.0,
                    block: b.0,
                });
            }
        }
    }
    Ok(index)
}

/// `θΔ` per edge (input order); `None` when no test covers the edge.
fn theta_delta<S>(
    cfg: &Cfg<S>,
    runs: &[EdgeRun],
    edges: &HashMap<EdgeId, usize>,
) -> Result<Vec<Option<f64>>, CpError> {
    let m = cfg.edges.len();
    let (mut pass, mut fail) = (vec![0u64; m], vec![0u64; m]);
    for (r, run) in runs.iter().enumerate() {
        let mut seen = vec![false; m];
        for e in &run.covered {
            let &i = edges
                .get(e)
                .ok_or(CpError::UnknownEdge { run: r, edge: e.0 })?;
            seen[i] = true;
        }
        let counter = if run.verdict == Verdict::Pass {
            &mut pass
        } else {
            &mut fail
        };
        counter
            .iter_mut()
            .zip(&seen)
            .filter(|(_, &s)| s)
            .for_each(|(c, _)| *c += 1);
    }
    let total_pass = runs.iter().filter(|r| r.verdict == Verdict::Pass).count() as f64;
    let total_fail = runs.len() as f64 - total_pass;
    Ok(pass
        .iter()
        .zip(&fail)
        .map(|(&p, &f)| {
            let (ok, bad) = (
                safe_div(p as f64, total_pass),
                safe_div(f as f64, total_fail),
            );
            (p + f > 0).then(|| safe_div(bad - ok, bad + ok))
        })
        .collect())
}

/// Blocks with at least one covered incident edge.
fn executed_blocks<S>(
    cfg: &Cfg<S>,
    blocks: &HashMap<BlockId, usize>,
    theta: &[Option<f64>],
) -> Vec<bool> {
    let mut executed = vec![false; cfg.blocks.len()];
    for (e, t) in cfg.edges.iter().zip(theta) {
        if t.is_some() {
            for b in e.from.iter().chain([&e.to]) {
                executed[blocks[b]] = true;
            }
        }
    }
    executed
}

/// Solves `(I − W)·BR = c` over the executed blocks; `None` for the others.
fn block_ranks<S>(
    cfg: &Cfg<S>,
    blocks: &HashMap<BlockId, usize>,
    theta: &[Option<f64>],
    executed: &[bool],
) -> (Vec<Option<f64>>, Solver) {
    let n = cfg.blocks.len();
    let mut inflow = vec![0.0; n];
    let mut has_successor = vec![false; n];
    for (e, t) in cfg.edges.iter().zip(theta) {
        if let Some(t) = t {
            inflow[blocks[&e.to]] += t;
            if let Some(from) = e.from {
                has_successor[blocks[&from]] = true;
            }
        }
    }
    let mut a: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| if i == j { 1.0 } else { 0.0 }).collect())
        .collect();
    let mut c = vec![0.0; n];
    for (e, t) in cfg.edges.iter().zip(theta) {
        let (Some(t), Some(from)) = (t, e.from) else {
            continue;
        };
        let (j, k) = (blocks[&from], blocks[&e.to]);
        let denominator = if same_score(inflow[k], 0.0) {
            ZERO_INFLOW
        } else {
            inflow[k]
        };
        a[j][k] -= t / denominator;
    }
    for j in (0..n).filter(|&j| executed[j] && !has_successor[j]) {
        c[j] = inflow[j];
    }
    let keep: Vec<usize> = (0..n).filter(|&j| executed[j]).collect();
    let sub: Vec<Vec<f64>> = keep
        .iter()
        .map(|&i| keep.iter().map(|&j| a[i][j]).collect())
        .collect();
    let rhs: Vec<f64> = keep.iter().map(|&i| c[i]).collect();
    let (x, method) = linalg::solve(&sub, &rhs);
    let mut br = vec![None; n];
    for (&i, v) in keep.iter().zip(x) {
        br[i] = Some(v);
    }
    let solver = if method == Method::Gauss {
        Solver::Gauss
    } else {
        Solver::LeastSquares
    };
    (br, solver)
}

/// Ranks statements: executed blocks by `BR` (equal scores merged), then statements in no block,
/// then statements of unexecuted blocks.
fn rank_statements<S: Clone>(
    cfg: &Cfg<S>,
    blocks: &HashMap<BlockId, usize>,
    br: &[Option<f64>],
) -> Result<Vec<CpStatement<S>>, CpError> {
    let mut keyed = Vec::with_capacity(cfg.statements.len());
    let mut scores = Vec::with_capacity(cfg.statements.len());
    for (i, (_, block)) in cfg.statements.iter().enumerate() {
        let score = match block {
            Some(b) => *br
                .get(*blocks.get(b).ok_or(CpError::StatementBlock {
                    statement: i,
                    block: b.0,
                })?)
                .unwrap_or(&None),
            None => None,
        };
        // Tier first (2 = executed block, 1 = no block, 0 = unexecuted), then BR.
        let tier = match (block, score) {
            (_, Some(_)) => 2.0,
            (None, None) => 1.0,
            (Some(_), None) => 0.0,
        };
        keyed.push(Scored {
            id: i,
            score: tier,
            confidence: score.unwrap_or(0.0),
        });
        scores.push(score);
    }
    let ranking = Ranking::new(keyed, Order::ScoreThenConfidence);
    Ok(cfg
        .statements
        .iter()
        .enumerate()
        .map(|(i, (id, block))| CpStatement {
            id: id.clone(),
            block: *block,
            score: scores[i],
            rank: ranking.rank_of(&i).unwrap_or(Rank {
                higher: 0,
                equal: 1,
            }),
        })
        .collect())
}
