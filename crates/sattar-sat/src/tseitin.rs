//! Lazy Tseitin transformation of circuit nodes into CNF.
//!
//! A node gets a SAT variable and its defining clauses the first time something reachable from an
//! asserted root or an assumption needs it, and never again. Definitions are full equivalences
//! (both polarities), so a model's value of any encoded node is that node's true value, and a node
//! can be assumed either way in later queries.

use crate::circuit::{Bool, Circuit, Gate};
use crate::lit::{Lit, Var, MAX_VAR_INDEX};

/// Maps circuit nodes to SAT variables and allocates all variables of a session.
#[derive(Clone, Debug, Default)]
pub(crate) struct Encoder {
    node_var: Vec<Option<Var>>,
    num_vars: usize,
    /// A variable forced true, made only if a constant ever reaches a gate's child (never, by the
    /// circuit's folding invariant; kept so that breaking that invariant costs a variable, not a panic).
    true_var: Option<Var>,
}

impl Encoder {
    /// Number of SAT variables allocated so far.
    pub(crate) fn num_vars(&self) -> usize {
        self.num_vars
    }

    /// Whether more variables were asked for than DIMACS numbers allow (the session then refuses
    /// to solve, as past the circuit's node limit).
    pub(crate) fn exceeded(&self) -> bool {
        self.num_vars > MAX_VAR_INDEX + 1
    }

    /// A fresh SAT variable (also used for group selectors).
    pub(crate) fn fresh_var(&mut self) -> Var {
        let var = Var::from_index(self.num_vars);
        self.num_vars += 1;
        var
    }

    /// The SAT variable of `node`, if it has been encoded.
    pub(crate) fn var_of(&self, node: usize) -> Option<Var> {
        self.node_var.get(node).copied().flatten()
    }

    /// The literal for a non-constant `b`, encoding what is needed; `None` for constants.
    pub(crate) fn lit(
        &mut self,
        circuit: &Circuit,
        b: Bool,
        out: &mut Vec<Vec<Lit>>,
    ) -> Option<Lit> {
        if b.as_const().is_some() {
            return None;
        }
        self.encode(circuit, b.node(), out);
        self.var_of(b.node()).map(|v| v.lit(!b.is_negated()))
    }

    /// Encodes `root` and every not-yet-encoded node below it (iteratively: circuits can be deep).
    fn encode(&mut self, circuit: &Circuit, root: usize, out: &mut Vec<Vec<Lit>>) {
        let mut stack = vec![(root, false)];
        while let Some((node, children_done)) = stack.pop() {
            if self.var_of(node).is_some() {
                continue;
            }
            let Some(gate) = circuit.gate(node) else {
                continue;
            };
            if children_done {
                self.define(node, gate, out);
            } else {
                stack.push((node, true));
                for child in children(gate) {
                    if child.as_const().is_none() && self.var_of(child.node()).is_none() {
                        stack.push((child.node(), false));
                    }
                }
            }
        }
    }

    /// Allocates `node`'s variable and emits its defining clauses (children already encoded).
    fn define(&mut self, node: usize, gate: &Gate, out: &mut Vec<Vec<Lit>>) {
        let v = self.fresh_var();
        if self.node_var.len() <= node {
            self.node_var.resize(node + 1, None);
        }
        self.node_var[node] = Some(v);
        let y = v.positive();
        match gate {
            Gate::True => out.push(vec![y]),
            Gate::Input(_) => {}
            Gate::And(kids) => {
                let kids: Vec<Lit> = kids.iter().map(|&k| self.child(k, out)).collect();
                define_and(y, &kids, out);
            }
            Gate::Xor(a, b) => {
                let (a, b) = (self.child(*a, out), self.child(*b, out));
                define_xor(y, a, b, out);
            }
            Gate::Ite(c, t, e) => {
                let (c, t, e) = (
                    self.child(*c, out),
                    self.child(*t, out),
                    self.child(*e, out),
                );
                define_ite(y, c, t, e, out);
            }
        }
    }

    /// The literal of an already encoded child.
    fn child(&mut self, b: Bool, out: &mut Vec<Vec<Lit>>) -> Lit {
        let var = match (b.as_const(), self.var_of(b.node())) {
            (None, Some(var)) => var,
            // Unreachable by construction; a constant child maps onto a forced-true variable.
            _ => self.true_var(out),
        };
        var.lit(!b.is_negated())
    }

    /// The forced-true variable, created (with its unit clause) on first use.
    fn true_var(&mut self, out: &mut Vec<Vec<Lit>>) -> Var {
        if let Some(v) = self.true_var {
            return v;
        }
        let v = self.fresh_var();
        out.push(vec![v.positive()]);
        self.true_var = Some(v);
        v
    }
}

/// The children of a gate.
fn children(gate: &Gate) -> Vec<Bool> {
    match gate {
        Gate::True | Gate::Input(_) => Vec::new(),
        Gate::And(kids) => kids.to_vec(),
        Gate::Xor(a, b) => vec![*a, *b],
        Gate::Ite(c, t, e) => vec![*c, *t, *e],
    }
}

/// `y ↔ ∧ kids`.
fn define_and(y: Lit, kids: &[Lit], out: &mut Vec<Vec<Lit>>) {
    for &k in kids {
        out.push(vec![!y, k]);
    }
    let mut long: Vec<Lit> = kids.iter().map(|&k| !k).collect();
    long.push(y);
    out.push(long);
}

/// `y ↔ a ⊕ b`.
fn define_xor(y: Lit, a: Lit, b: Lit, out: &mut Vec<Vec<Lit>>) {
    out.push(vec![!y, a, b]);
    out.push(vec![!y, !a, !b]);
    out.push(vec![y, !a, b]);
    out.push(vec![y, a, !b]);
}

/// `y ↔ (c ? t : e)`, with the two redundant clauses that let propagation see `t = e`.
fn define_ite(y: Lit, c: Lit, t: Lit, e: Lit, out: &mut Vec<Vec<Lit>>) {
    out.push(vec![!y, !c, t]);
    out.push(vec![!y, c, e]);
    out.push(vec![y, !c, !t]);
    out.push(vec![y, c, !e]);
    out.push(vec![!y, t, e]);
    out.push(vec![y, !t, !e]);
}
