//! Control-flow graphs of methods (statement-level) and static control dependence, computed from
//! post-dominators (Ferrante–Ottenstein–Warren).

use crate::ir::*;
use petgraph::algo::dominators;
use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::visit::{EdgeRef, Reversed};
use std::collections::BTreeMap;

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

#[derive(Clone, Copy)]
struct Loop {
    brk: NodeIndex,
    cont: NodeIndex,
}

impl Cfg {
    /// Builds the CFG of `method`.
    pub fn build(method: &Method) -> Cfg {
        let mut graph = DiGraph::new();
        let entry = graph.add_node(CfgNode::Entry);
        let exit = graph.add_node(CfgNode::Exit);
        let mut cfg = Cfg {
            graph,
            entry,
            exit,
            nodes: BTreeMap::new(),
        };
        let start = cfg.block(&method.body, exit, None);
        cfg.graph.add_edge(entry, start, CfgEdge::Next);
        cfg
    }

    fn node(&mut self, id: StmtId) -> NodeIndex {
        let n = self.graph.add_node(CfgNode::Stmt(id));
        self.nodes.insert(id, n);
        n
    }

    fn edge(&mut self, a: NodeIndex, b: NodeIndex, e: CfgEdge) {
        self.graph.add_edge(a, b, e);
    }

    /// Adds `block` so that it continues at `next`; returns its first node.
    fn block(&mut self, block: &Block, next: NodeIndex, lp: Option<Loop>) -> NodeIndex {
        block
            .iter()
            .rev()
            .fold(next, |next, s| self.stmt(s, next, lp))
    }

    fn stmt(&mut self, s: &Stmt, next: NodeIndex, lp: Option<Loop>) -> NodeIndex {
        match s {
            Stmt::Block(b) => self.block(b, next, lp),
            Stmt::Local { id, .. } | Stmt::Assign { id, .. } | Stmt::Expr { id, .. } => {
                let n = self.node(*id);
                self.edge(n, next, CfgEdge::Next);
                n
            }
            Stmt::If {
                id, then_b, else_b, ..
            } => {
                let n = self.node(*id);
                let t = self.block(then_b, next, lp);
                let f = self.block(else_b, next, lp);
                self.edge(n, t, CfgEdge::True);
                self.edge(n, f, CfgEdge::False);
                n
            }
            Stmt::While { id, body, .. } => {
                let n = self.node(*id);
                let b = self.block(body, n, Some(Loop { brk: next, cont: n }));
                self.edge(n, b, CfgEdge::True);
                self.edge(n, next, CfgEdge::False);
                n
            }
            Stmt::DoWhile { id, body, .. } => {
                let n = self.node(*id);
                let b = self.block(body, n, Some(Loop { brk: next, cont: n }));
                self.edge(n, b, CfgEdge::True);
                self.edge(n, next, CfgEdge::False);
                b
            }
            Stmt::For {
                id,
                init,
                cond,
                update,
                body,
            } => {
                let n = self.node(*id);
                let u = self.block(update, n, lp);
                let b = self.block(body, u, Some(Loop { brk: next, cont: u }));
                if cond.is_some() {
                    self.edge(n, b, CfgEdge::True);
                    self.edge(n, next, CfgEdge::False);
                } else {
                    self.edge(n, b, CfgEdge::Next);
                }
                self.block(init, n, lp)
            }
            Stmt::Break { id } | Stmt::Continue { id } => {
                let n = self.node(*id);
                let to = match (s, lp) {
                    (Stmt::Break { .. }, Some(l)) => l.brk,
                    (_, Some(l)) => l.cont,
                    // The front end rejects jumps outside loops; end the path if one slips through.
                    (_, None) => self.exit,
                };
                self.edge(n, to, CfgEdge::Next);
                n
            }
            Stmt::Return { id, .. } => {
                let n = self.node(*id);
                self.edge(n, self.exit, CfgEdge::Next);
                n
            }
            Stmt::Throw { id, .. } => {
                let n = self.node(*id);
                self.edge(n, self.exit, CfgEdge::Throw);
                n
            }
        }
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
