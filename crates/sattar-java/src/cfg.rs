//! Control-flow graphs of methods (statement-level) and static control dependence, computed from
//! post-dominators (Ferrante–Ottenstein–Warren).

use crate::ir::*;
use petgraph::algo::dominators;
use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::visit::{EdgeRef, Reversed};
use std::collections::{BTreeMap, HashMap};

/// A CFG node: the method's entry or exit, or a statement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CfgNode {
    /// Where the method starts.
    Entry,
    /// Where it ends (returns and uncaught throws).
    Exit,
    /// A statement (a branch statement is its condition test).
    Stmt(StmtId),
}

/// A CFG edge label.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CfgEdge {
    /// Fall-through or jump.
    Next,
    /// The branch condition held.
    True,
    /// The branch condition failed.
    False,
    /// An explicit `throw` leaving the method.
    Throw,
}

/// The CFG of one method.
#[derive(Clone, Debug)]
pub struct Cfg {
    /// The graph.
    pub graph: DiGraph<CfgNode, CfgEdge>,
    /// The entry node.
    pub entry: NodeIndex,
    /// The exit node.
    pub exit: NodeIndex,
    /// Each statement's node.
    pub nodes: BTreeMap<StmtId, NodeIndex>,
}

/// Where control goes next: targets with the label of the edge to each.
type Succ = Vec<(NodeIndex, CfgEdge)>;

impl Cfg {
    /// Builds the statement-level CFG of `method` from its core IR: one node per source statement
    /// (a branch statement is its condition test).
    pub fn build(method: &Method) -> Cfg {
        let mut graph = DiGraph::new();
        let entry = graph.add_node(CfgNode::Entry);
        let exit = graph.add_node(CfgNode::Exit);
        let mut b = Builder {
            cfg: Cfg {
                graph,
                entry,
                exit,
                nodes: BTreeMap::new(),
            },
            labels: HashMap::new(),
        };
        let start = b.block(&method.body.block, vec![(exit, CfgEdge::Next)]);
        for (to, _) in start {
            b.cfg.graph.add_edge(entry, to, CfgEdge::Next);
        }
        b.cfg
    }

    /// For every statement, the (branch statement, outcome) pairs it is control dependent on.
    pub fn control_dependences(&self) -> BTreeMap<StmtId, Vec<(StmtId, bool)>> {
        let rev = Reversed(&self.graph);
        let pdom = dominators::simple_fast(rev, self.exit);
        let mut deps: BTreeMap<StmtId, Vec<(StmtId, bool)>> = BTreeMap::new();
        for e in self.graph.edge_references() {
            let outcome = match e.weight() {
                CfgEdge::True => true,
                CfgEdge::False => false,
                _ => continue,
            };
            let CfgNode::Stmt(branch) = self.graph[e.source()] else {
                continue;
            };
            let stop = pdom.immediate_dominator(e.source());
            let mut cur = Some(e.target());
            while let Some(n) = cur {
                if Some(n) == stop {
                    break;
                }
                if let CfgNode::Stmt(s) = self.graph[n] {
                    let list = deps.entry(s).or_default();
                    if !list.contains(&(branch, outcome)) {
                        list.push((branch, outcome));
                    }
                }
                cur = pdom.immediate_dominator(n);
            }
        }
        deps
    }
}

/// Builds a CFG by folding each block from its end, statement by statement, in the order the
/// statements' nodes and edges are numbered (a statement's node before its nested ones; a branch's
/// true edge before its false edge).
struct Builder {
    cfg: Cfg,
    /// Where `Break(label)` goes.
    labels: HashMap<Label, Succ>,
}

impl Builder {
    fn node(&mut self, id: StmtId) -> NodeIndex {
        if let Some(&n) = self.cfg.nodes.get(&id) {
            return n;
        }
        let n = self.cfg.graph.add_node(CfgNode::Stmt(id));
        self.cfg.nodes.insert(id, n);
        n
    }

    fn edges(&mut self, from: NodeIndex, to: Succ) {
        for (t, e) in to {
            self.cfg.graph.add_edge(from, t, e);
        }
    }

    /// Adds `block` so that it continues at `next`; returns where it starts.
    fn block(&mut self, block: &[Node], next: Succ) -> Succ {
        deep(|| {
            segments(block)
                .into_iter()
                .rev()
                .fold(next, |cur, seg| self.segment(seg, cur))
        })
    }

    /// One statement's nodes at one level (a `Loop` or `Labeled` node alone).
    fn segment(&mut self, seg: &[Node], cur: Succ) -> Succ {
        let Some(last) = seg.last() else { return cur };
        match &last.kind {
            NodeKind::Loop { label, head, body } => {
                return self.loop_(last.stmt, *label, head, body, cur)
            }
            NodeKind::Labeled { label, body } => {
                self.labels.insert(*label, cur.clone());
                return self.block(body, cur);
            }
            // The body and every handler continue at `finally` (or after the `try`); a handler
            // is entered from wherever the body throws, approximated as from the `try`'s start.
            NodeKind::Try {
                body,
                handlers,
                finally,
            } => {
                let after = match finally {
                    Some(f) => self.block(f, cur),
                    None => cur,
                };
                let mut start = self.block(body, after.clone());
                for h in handlers {
                    start.extend(self.block(&h.body, after.clone()));
                }
                return start;
            }
            _ => {}
        }
        let enters = seg.iter().any(|n| n.kind == NodeKind::Enter);
        let node = enters.then(|| self.node(last.stmt));
        let out = match &last.kind {
            NodeKind::If { then_b, else_b, .. } => {
                let t = self.block(then_b, cur.clone());
                let e = self.block(else_b, cur);
                relabel(t, CfgEdge::True)
                    .into_iter()
                    .chain(relabel(e, CfgEdge::False))
                    .collect()
            }
            NodeKind::Break(l) => self.labels.get(l).cloned().unwrap_or_default(),
            NodeKind::Return(_) => vec![(self.cfg.exit, CfgEdge::Next)],
            NodeKind::Throw(_) | NodeKind::Rethrow(_) => vec![(self.cfg.exit, CfgEdge::Throw)],
            _ => cur,
        };
        match node {
            Some(n) => {
                self.edges(n, out);
                vec![(n, CfgEdge::Next)]
            }
            None => out,
        }
    }

    /// A loop: its test's node, the body continuing at the test; a `do … while` starts at its body.
    fn loop_(&mut self, id: StmtId, label: Label, head: &[Node], body: &[Node], cur: Succ) -> Succ {
        self.labels.insert(label, cur.clone());
        let n = self.node(id);
        let back = vec![(n, CfgEdge::Next)];
        if head.is_empty() {
            // `do … while`: the test is the body's last segment of the loop's own statement.
            let k = body
                .iter()
                .rposition(|x| {
                    x.stmt != id
                        || matches!(x.kind, NodeKind::Labeled { .. } | NodeKind::Loop { .. })
                })
                .map_or(0, |i| i + 1);
            let b = self.block(&body[..k], back);
            self.edges(n, relabel(b.clone(), CfgEdge::True));
            self.edges(n, relabel(cur, CfgEdge::False));
            return b;
        }
        let b = self.block(body, back);
        let tests = head.iter().any(|x| matches!(x.kind, NodeKind::If { .. }));
        if tests {
            self.edges(n, relabel(b, CfgEdge::True));
            self.edges(n, relabel(cur, CfgEdge::False));
        } else {
            self.edges(n, b);
        }
        vec![(n, CfgEdge::Next)]
    }
}

/// The same targets, every edge labelled `e`.
fn relabel(s: Succ, e: CfgEdge) -> Succ {
    s.into_iter().map(|(t, _)| (t, e)).collect()
}

/// A block cut into statements: runs of nodes of one statement, a `Loop` or `Labeled` alone.
fn segments(block: &[Node]) -> Vec<&[Node]> {
    let mut out = Vec::new();
    let mut start = 0;
    for i in 0..block.len() {
        let composite = |n: &Node| {
            matches!(
                n.kind,
                NodeKind::Loop { .. } | NodeKind::Labeled { .. } | NodeKind::Try { .. }
            )
        };
        let alone = composite(&block[i]);
        let next_alone = block.get(i + 1).is_some_and(composite);
        let boundary =
            i + 1 == block.len() || alone || next_alone || block[i + 1].stmt != block[i].stmt;
        if boundary {
            out.push(&block[start..=i]);
            start = i + 1;
        }
    }
    out
}
