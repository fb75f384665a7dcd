//! Hash-consed boolean circuits with constant folding.
//!
//! Every node is an AND, an XOR, an ITE, a fresh input or the constant TRUE; negation is a sign bit
//! on the handle, so `!x` costs nothing. Constructors fold constants and trivial identities away, so
//! a circuit built only from constants is itself a constant and costs no SAT variable.

use std::collections::HashMap;
use std::ops::Not;

/// A handle to a circuit node plus a sign bit; cheap to copy, negated with `!`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Bool(u32);

impl Bool {
    /// The constant true.
    pub const TRUE: Bool = Bool(0);
    /// The constant false.
    pub const FALSE: Bool = Bool(1);

    /// The constant with value `value`.
    pub fn constant(value: bool) -> Bool {
        if value {
            Bool::TRUE
        } else {
            Bool::FALSE
        }
    }

    /// `Some(value)` if this handle is a constant, `None` otherwise.
    pub fn as_const(self) -> Option<bool> {
        match self {
            Bool::TRUE => Some(true),
            Bool::FALSE => Some(false),
            _ => None,
        }
    }

    /// Whether the handle carries a negation (of its node).
    pub fn is_negated(self) -> bool {
        self.0 & 1 == 1
    }

    /// The node index this handle points at.
    pub(crate) fn node(self) -> usize {
        (self.0 >> 1) as usize
    }

    /// The same node without the negation.
    pub(crate) fn positive(self) -> Bool {
        Bool(self.0 & !1)
    }

    /// A handle to node `index`, negated if `negated`.
    fn from_node(index: u32, negated: bool) -> Bool {
        Bool(index << 1 | u32::from(negated))
    }
}

impl Not for Bool {
    type Output = Bool;
    fn not(self) -> Bool {
        Bool(self.0 ^ 1)
    }
}

/// One circuit node. Children are never constants (constructors fold them away).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) enum Gate {
    /// Node 0: the constant true.
    True,
    /// The `n`-th fresh input.
    Input(u32),
    /// Conjunction of at least two children, sorted, without duplicates or complementary pairs.
    And(Box<[Bool]>),
    /// Exclusive or of two distinct positive children, sorted.
    Xor(Bool, Bool),
    /// If-then-else with a positive condition and a positive then-branch.
    Ite(Bool, Bool, Bool),
}

/// Largest node count: handles keep one bit for the sign.
const MAX_NODES: usize = 1 << 31;

/// A hash-consed boolean circuit: the same gate built twice yields the same handle.
///
/// A circuit has a node limit (see [`Circuit::set_node_limit`]): memory grows with nodes, so an
/// encoding that would outgrow it stops growing instead — every node past the limit is the
/// constant false, [`Circuit::exceeded`] says so, and a session refuses to solve it.
#[derive(Debug, Clone)]
pub struct Circuit {
    gates: Vec<Gate>,
    index: HashMap<Gate, u32>,
    inputs: u32,
    limit: usize,
    exceeded: bool,
}

impl Default for Circuit {
    fn default() -> Self {
        Circuit::new()
    }
}

impl Circuit {
    /// An empty circuit (just the constant node).
    pub fn new() -> Circuit {
        Circuit {
            gates: vec![Gate::True],
            index: HashMap::new(),
            inputs: 0,
            limit: MAX_NODES,
            exceeded: false,
        }
    }

    /// Sets the most nodes this circuit may hold (at most 2^31, the handles' range).
    pub fn set_node_limit(&mut self, limit: usize) {
        self.limit = limit.clamp(1, MAX_NODES);
    }

    /// The most nodes this circuit may hold.
    pub fn node_limit(&self) -> usize {
        self.limit
    }

    /// Whether a node was refused because the limit was reached: the circuit no longer means
    /// what was built, and must not be solved.
    pub fn exceeded(&self) -> bool {
        self.exceeded
    }

    /// Number of nodes, the constant node included.
    pub fn num_nodes(&self) -> usize {
        self.gates.len()
    }

    /// Number of fresh inputs created so far.
    pub fn num_inputs(&self) -> usize {
        self.inputs as usize
    }

    /// The gate behind node `node`.
    pub(crate) fn gate(&self, node: usize) -> Option<&Gate> {
        self.gates.get(node)
    }

    /// A fresh, unconstrained input.
    pub fn input(&mut self) -> Bool {
        let gate = Gate::Input(self.inputs);
        self.inputs += 1;
        self.push(gate)
    }

    /// `a ∧ b`.
    pub fn and2(&mut self, a: Bool, b: Bool) -> Bool {
        self.and(&[a, b])
    }

    /// `a ∨ b`.
    pub fn or2(&mut self, a: Bool, b: Bool) -> Bool {
        self.or(&[a, b])
    }

    /// Conjunction of `xs` (true when empty); folds constants, duplicates and `x ∧ ¬x`.
    pub fn and(&mut self, xs: &[Bool]) -> Bool {
        if self.exceeded {
            return Bool::FALSE; // the circuit is refused: stop spending time on it
        }
        let mut kids = Vec::with_capacity(xs.len());
        for &x in xs {
            match x.as_const() {
                Some(true) => {}
                Some(false) => return Bool::FALSE,
                None => kids.push(x),
            }
        }
        kids.sort_unstable();
        kids.dedup();
        // After sorting, x and ¬x share a node and so sit next to each other.
        if kids.windows(2).any(|w| w[0] == !w[1]) {
            return Bool::FALSE;
        }
        match kids.as_slice() {
            [] => Bool::TRUE,
            [only] => *only,
            _ => self.intern(Gate::And(kids.into_boxed_slice())),
        }
    }

    /// Disjunction of `xs` (false when empty), as `¬∧¬`.
    pub fn or(&mut self, xs: &[Bool]) -> Bool {
        let negated: Vec<Bool> = xs.iter().map(|&x| !x).collect();
        !self.and(&negated)
    }

    /// `a → b`.
    pub fn implies(&mut self, a: Bool, b: Bool) -> Bool {
        self.or2(!a, b)
    }

    /// `a ⊕ b`; signs are pushed out so `a ⊕ b` and `¬a ⊕ b` share one node.
    pub fn xor(&mut self, a: Bool, b: Bool) -> Bool {
        if let Some(v) = a.as_const() {
            return if v { !b } else { b };
        }
        if let Some(v) = b.as_const() {
            return if v { !a } else { a };
        }
        if a == b {
            return Bool::FALSE;
        }
        if a == !b {
            return Bool::TRUE;
        }
        let flip = a.is_negated() != b.is_negated();
        let (p, q) = (
            a.positive().min(b.positive()),
            a.positive().max(b.positive()),
        );
        let g = self.intern(Gate::Xor(p, q));
        if flip {
            !g
        } else {
            g
        }
    }

    /// `a ↔ b`.
    pub fn iff(&mut self, a: Bool, b: Bool) -> Bool {
        !self.xor(a, b)
    }

    /// `if c then t else e`, folded to AND/OR/IFF where one side is trivial.
    pub fn ite(&mut self, c: Bool, t: Bool, e: Bool) -> Bool {
        if let Some(v) = c.as_const() {
            return if v { t } else { e };
        }
        if t == e {
            return t;
        }
        if c.is_negated() {
            return self.ite(!c, e, t);
        }
        if let Some(folded) = self.ite_fold(c, t, e) {
            return folded;
        }
        // Keep the then-branch positive so that ite(c,t,e) and ite(c,¬t,¬e) share a node.
        if t.is_negated() {
            return !self.ite(c, !t, !e);
        }
        self.intern(Gate::Ite(c, t, e))
    }

    /// ITE identities with a constant branch or a branch equal to (the negation of) `c` or the other branch.
    fn ite_fold(&mut self, c: Bool, t: Bool, e: Bool) -> Option<Bool> {
        let folded = match (t.as_const(), e.as_const()) {
            (Some(true), _) => self.or2(c, e),
            (Some(false), _) => self.and2(!c, e),
            (_, Some(true)) => self.or2(!c, t),
            (_, Some(false)) => self.and2(c, t),
            _ if t == !e => self.iff(c, t),
            _ if c == t => self.or2(c, e),
            _ if c == !t => self.and2(!c, e),
            _ if c == e => self.and2(c, t),
            _ if c == !e => self.or2(!c, t),
            _ => return None,
        };
        Some(folded)
    }

    /// Evaluates every node, in index order (children always precede parents).
    ///
    /// `input(node)` gives the value of the input at node index `node`.
    pub(crate) fn eval_all(&self, input: impl Fn(usize) -> bool) -> Vec<bool> {
        let mut values: Vec<bool> = Vec::with_capacity(self.gates.len());
        for (node, gate) in self.gates.iter().enumerate() {
            let v = |b: &Bool| values[b.node()] != b.is_negated();
            let value = match gate {
                Gate::True => true,
                Gate::Input(_) => input(node),
                Gate::And(kids) => kids.iter().all(v),
                Gate::Xor(a, b) => v(a) != v(b),
                Gate::Ite(c, t, e) => {
                    if v(c) {
                        v(t)
                    } else {
                        v(e)
                    }
                }
            };
            values.push(value);
        }
        values
    }

    /// Evaluates `root` under an assignment of the inputs, given by their (positive) handles.
    pub fn eval(&self, root: Bool, input: impl Fn(Bool) -> bool) -> bool {
        let values = self.eval_all(|node| input(Bool::from_node(node as u32, false)));
        values
            .get(root.node())
            .is_some_and(|v| *v != root.is_negated())
    }

    /// The existing handle for `gate`, or a new node.
    fn intern(&mut self, gate: Gate) -> Bool {
        if self.exceeded {
            return Bool::FALSE;
        }
        if let Some(&node) = self.index.get(&gate) {
            return Bool::from_node(node, false);
        }
        let handle = self.push(gate.clone());
        if handle != Bool::FALSE {
            self.index.insert(gate, handle.0 >> 1);
        }
        handle
    }

    /// Appends a node; past the node limit, nothing is stored and the constant false stands in.
    fn push(&mut self, gate: Gate) -> Bool {
        if self.gates.len() >= self.limit {
            self.exceeded = true;
            return Bool::FALSE;
        }
        let node = self.gates.len() as u32;
        self.gates.push(gate);
        Bool::from_node(node, false)
    }
}
