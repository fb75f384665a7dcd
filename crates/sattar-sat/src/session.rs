//! An incremental solving session over one CaDiCaL solver with grouped (selector-guarded) constraints.

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::time::{Duration, Instant};

use crate::bitvec::{sign_extend, BitVec};
use crate::circuit::{Bool, Circuit, Gate};
use crate::error::{Limit, SatError};
use crate::lit::{Lit, Var};
use crate::solver::Solver;
use crate::tseitin::Encoder;

/// A named set of constraints that can be switched on and off by one selector literal.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct GroupId(u32);

impl GroupId {
    /// Position in creation order (0-based); GCNF/WCNF files number groups `index + 1`.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for GroupId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "g{}", self.0 + 1)
    }
}

/// Limits on the SAT work of a session; `None` means unlimited.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Budget {
    /// Wall-clock time, checked before every solver call and stopping a running one.
    pub time: Option<Duration>,
    /// Number of solver calls.
    pub solves: Option<u64>,
    /// Conflicts of each solver call: a call that reaches it stops undecided. Unlike time, it
    /// stops the same call at the same point on every machine.
    pub conflicts: Option<u32>,
}

/// A satisfying assignment of every circuit node that existed when it was found.
#[derive(Clone, Debug)]
pub struct Model {
    values: Vec<bool>,
}

impl Model {
    /// The value of `b`, or `None` for a node built after this model was found.
    pub fn get(&self, b: Bool) -> Option<bool> {
        self.values.get(b.node()).map(|v| *v != b.is_negated())
    }

    /// The value of `b`; nodes built after this model was found read as false (use `get` to tell).
    pub fn value(&self, b: Bool) -> bool {
        self.get(b).unwrap_or(false)
    }

    /// The signed value of a bit vector (its low 64 bits for wider vectors).
    pub fn bits(&self, v: &BitVec) -> i64 {
        let mut raw: u64 = 0;
        for (i, &bit) in v.bits().iter().enumerate().take(64) {
            raw |= u64::from(self.value(bit)) << i;
        }
        sign_extend(raw, v.width())
    }

    /// The indices of the true entries of a one-hot vector (one index, or none for null, if well formed).
    pub fn true_indices(&self, xs: &[Bool]) -> Vec<usize> {
        (0..xs.len()).filter(|&i| self.value(xs[i])).collect()
    }
}

/// Which enabled groups and assumptions the solver blamed for unsatisfiability (not minimal).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Failed {
    /// Failed groups, in creation order.
    pub groups: Vec<GroupId>,
    /// Failed assumption nodes.
    pub assumptions: Vec<Bool>,
}

/// The answer to one query.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// Satisfiable, with a model.
    Sat(Model),
    /// Unsatisfiable under the enabled groups and assumptions.
    Unsat(Failed),
}

/// Internal answer without a model (core minimization does not need one).
pub(crate) enum Raw {
    Sat,
    Unsat(Failed),
}

/// A group's label and selector.
#[derive(Clone, Debug)]
struct GroupInfo {
    label: String,
    selector: Var,
}

/// The clauses recorded so far, in order, each with its group (`None` for hard clauses) and
/// without its selector. One flat literal array, so that a fork copies two vectors rather than
/// one allocation per clause.
#[derive(Clone, Debug, Default)]
pub(crate) struct Recorded {
    lits: Vec<Lit>,
    /// Per clause: where its literals end in `lits`, and its group.
    ends: Vec<(usize, Option<GroupId>)>,
}

impl Recorded {
    /// Appends a clause.
    fn push(&mut self, lits: &[Lit], group: Option<GroupId>) {
        self.lits.extend_from_slice(lits);
        self.ends.push((self.lits.len(), group));
    }

    /// The number of clauses.
    pub(crate) fn len(&self) -> usize {
        self.ends.len()
    }

    /// Each clause's group and literals, in order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (Option<GroupId>, &[Lit])> + '_ {
        let starts = std::iter::once(0).chain(self.ends.iter().map(|&(end, _)| end));
        (self.ends.iter())
            .zip(starts)
            .map(|(&(end, group), start)| (group, &self.lits[start..end]))
    }
}

/// A circuit, its lazily built CNF, groups, and one incremental solver answering all queries.
pub struct Session {
    circuit: Circuit,
    solver: Solver,
    encoder: Encoder,
    groups: Vec<GroupInfo>,
    selector_group: HashMap<Var, GroupId>,
    /// Groups made hard: always enabled, written as hard clauses by the exporters.
    pub(crate) hardened: HashSet<GroupId>,
    pub(crate) clauses: Recorded,
    /// The unit clause of each hardening, after how many recorded clauses it went to the solver
    /// (so that a fork gives its solver every clause in the same order).
    harden_units: Vec<(usize, Lit)>,
    budget: Budget,
    budget_start: Instant,
    solves_under_budget: u64,
    total_solves: u64,
}

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}

impl Session {
    /// A session over an empty circuit, with no budget.
    pub fn new() -> Session {
        Session::with_circuit(Circuit::new())
    }

    /// A session over an existing circuit.
    pub fn with_circuit(circuit: Circuit) -> Session {
        Session {
            circuit,
            solver: Solver::new(),
            encoder: Encoder::default(),
            groups: Vec::new(),
            selector_group: HashMap::new(),
            hardened: HashSet::new(),
            clauses: Recorded::default(),
            harden_units: Vec::new(),
            budget: Budget::default(),
            budget_start: Instant::now(),
            solves_under_budget: 0,
            total_solves: 0,
        }
    }

    /// A copy with a fresh solver given this session's clauses in the order this one got them:
    /// it answers as this session would have before its first solve, whatever this one has
    /// learned since. Cheaper than building the circuit again; the budget's clock restarts.
    pub fn fork(&self) -> Session {
        let mut solver = Solver::new();
        let mut units = self.harden_units.iter().peekable();
        for (i, (group, lits)) in self.clauses.iter().enumerate() {
            while let Some((_, unit)) = units.next_if(|(at, _)| *at == i) {
                solver.add_clause([*unit]);
            }
            solver.add_clause(self.guarded(lits, group));
        }
        for (_, unit) in units {
            solver.add_clause([*unit]);
        }
        Session {
            circuit: self.circuit.clone(),
            solver,
            encoder: self.encoder.clone(),
            groups: self.groups.clone(),
            selector_group: self.selector_group.clone(),
            hardened: self.hardened.clone(),
            clauses: self.clauses.clone(),
            harden_units: self.harden_units.clone(),
            budget: self.budget,
            budget_start: Instant::now(),
            solves_under_budget: 0,
            total_solves: 0,
        }
    }

    /// The circuit, to read.
    pub fn circuit(&self) -> &Circuit {
        &self.circuit
    }

    /// The circuit, to build more nodes (also after a solve).
    pub fn circuit_mut(&mut self) -> &mut Circuit {
        &mut self.circuit
    }

    /// Number of SAT variables so far (Tseitin variables, inputs in use, selectors).
    pub fn num_vars(&self) -> usize {
        self.encoder.num_vars()
    }

    /// Number of clauses so far (hard and grouped).
    pub fn num_clauses(&self) -> usize {
        self.clauses.len()
    }

    /// Number of groups.
    pub fn num_groups(&self) -> usize {
        self.groups.len()
    }

    /// All groups, in creation order.
    pub fn groups(&self) -> Vec<GroupId> {
        (0..self.groups.len() as u32).map(GroupId).collect()
    }

    /// The label given to `group` at creation.
    pub fn label(&self, group: GroupId) -> Option<&str> {
        self.groups.get(group.index()).map(|g| g.label.as_str())
    }

    /// Solver calls made by this session, in total.
    pub fn solves(&self) -> u64 {
        self.total_solves
    }

    /// The selector variable of `group` (DIMACS number = index + 1).
    pub(crate) fn selector(&self, group: GroupId) -> Result<Var, SatError> {
        self.groups
            .get(group.index())
            .map(|g| g.selector)
            .ok_or(SatError::UnknownGroup(group))
    }

    /// Sets the budget and restarts its clock and solve counter.
    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
        self.budget_start = Instant::now();
        self.solves_under_budget = 0;
    }

    /// A new group with one fresh selector variable.
    pub fn new_group(&mut self, label: impl Into<String>) -> GroupId {
        let id = GroupId(self.groups.len() as u32);
        let selector = self.encoder.fresh_var();
        self.groups.push(GroupInfo {
            label: label.into(),
            selector,
        });
        self.selector_group.insert(selector, id);
        id
    }

    /// Makes `group` hard from now on: always enabled, and exported as hard clauses (so an external
    /// MUS tool sees exactly the problem whose cores this session computes).
    pub fn harden(&mut self, group: GroupId) -> Result<(), SatError> {
        let sel = self.selector(group)?;
        if self.hardened.insert(group) {
            self.solver.add_clause([sel.positive()]);
            self.harden_units.push((self.clauses.len(), sel.positive()));
        }
        Ok(())
    }

    /// Whether `group` was made hard.
    pub fn is_hard(&self, group: GroupId) -> bool {
        self.hardened.contains(&group)
    }

    /// Asserts `b` unconditionally.
    pub fn assert_hard(&mut self, b: Bool) {
        self.assert_root(b, None);
    }

    /// Asserts `b` as part of `group` (each clause becomes `¬selector ∨ clause`).
    pub fn assert_in_group(&mut self, b: Bool, group: GroupId) -> Result<(), SatError> {
        self.selector(group)?;
        self.assert_root(b, Some(group));
        Ok(())
    }

    /// Turns `root` into clauses: a top-level AND splits, a top-level OR is one clause.
    fn assert_root(&mut self, root: Bool, group: Option<GroupId>) {
        let mut defs = Vec::new();
        let mut roots = Vec::new();
        let mut pending = vec![root];
        while let Some(b) = pending.pop() {
            match (b.as_const(), self.circuit.gate(b.node())) {
                (Some(true), _) => {}
                (Some(false), _) => roots.push(Vec::new()),
                (None, Some(Gate::And(kids))) if !b.is_negated() => pending.extend(kids.iter()),
                (None, Some(Gate::And(kids))) => {
                    let kids = kids.clone();
                    let clause = kids
                        .iter()
                        .filter_map(|&k| self.encoder.lit(&self.circuit, !k, &mut defs))
                        .collect();
                    roots.push(clause);
                }
                (None, _) => roots.extend(
                    self.encoder
                        .lit(&self.circuit, b, &mut defs)
                        .map(|l| vec![l]),
                ),
            }
        }
        for clause in defs {
            self.add_clause(clause, None);
        }
        for clause in roots {
            self.add_clause(clause, group);
        }
    }

    /// Records a clause and hands it to the solver, guarded by the group's selector.
    fn add_clause(&mut self, lits: Vec<Lit>, group: Option<GroupId>) {
        let guard = self.guard(group);
        self.solver.add_clause(lits.iter().copied().chain(guard));
        self.clauses.push(&lits, group);
    }

    /// The clause as the solver gets it: with `¬selector` of its group, if any.
    fn guarded<'a>(
        &self,
        lits: &'a [Lit],
        group: Option<GroupId>,
    ) -> impl Iterator<Item = Lit> + 'a {
        lits.iter().copied().chain(self.guard(group))
    }

    /// `¬selector` of `group`, if any.
    fn guard(&self, group: Option<GroupId>) -> Option<Lit> {
        group
            .and_then(|g| self.groups.get(g.index()))
            .map(|g| !g.selector.positive())
    }

    /// Solves with `groups` enabled and `assumptions` assumed true; other groups are free to be off.
    pub fn solve(&mut self, groups: &[GroupId], assumptions: &[Bool]) -> Result<Outcome, SatError> {
        Ok(match self.solve_raw(groups, assumptions)? {
            Raw::Sat => Outcome::Sat(self.last_model()),
            Raw::Unsat(failed) => Outcome::Unsat(failed),
        })
    }

    /// Solves with every group enabled and no assumptions.
    pub fn solve_all(&mut self) -> Result<Outcome, SatError> {
        let groups = self.groups();
        self.solve(&groups, &[])
    }

    /// One solver call under assumptions, without building a model.
    pub(crate) fn solve_raw(
        &mut self,
        groups: &[GroupId],
        assumptions: &[Bool],
    ) -> Result<Raw, SatError> {
        let mut lits = Vec::with_capacity(groups.len() + assumptions.len());
        for &g in groups {
            lits.push(self.selector(g)?.positive());
        }
        let Some(assumed) = self.assumption_lits(assumptions, &mut lits) else {
            return Ok(Raw::Unsat(Failed {
                groups: Vec::new(),
                assumptions: vec![Bool::FALSE],
            }));
        };
        self.check_budget()?;
        self.solves_under_budget += 1;
        self.total_solves += 1;
        let deadline = self.budget.time.map(|t| self.budget_start + t);
        match self.solver.solve(&lits, deadline, self.budget.conflicts) {
            Some(true) => Ok(Raw::Sat),
            Some(false) => Ok(Raw::Unsat(self.failed(&lits, &assumed))),
            None => Err(self.exhausted(match (self.budget.conflicts, deadline) {
                (Some(n), d) if d.is_none_or(|d| Instant::now() < d) => Limit::Conflicts(n),
                _ => Limit::Time(self.budget.time.unwrap_or_default()),
            })),
        }
    }

    /// Encodes assumption nodes into `lits`; maps each literal back to its node. `None` if one is FALSE.
    fn assumption_lits(
        &mut self,
        assumptions: &[Bool],
        lits: &mut Vec<Lit>,
    ) -> Option<HashMap<Lit, Bool>> {
        // Checked before encoding anything, so that no definition is left half-added.
        if assumptions.contains(&Bool::FALSE) {
            return None;
        }
        let mut defs = Vec::new();
        let mut assumed = HashMap::new();
        for &a in assumptions {
            if let Some(lit) = self.encoder.lit(&self.circuit, a, &mut defs) {
                if assumed.insert(lit, a).is_none() {
                    lits.push(lit);
                }
            }
        }
        for clause in defs {
            self.add_clause(clause, None);
        }
        Some(assumed)
    }

    /// Maps the solver's failed assumptions among `lits` back to groups and assumption nodes.
    fn failed(&self, lits: &[Lit], assumed: &HashMap<Lit, Bool>) -> Failed {
        let core: Vec<Lit> = lits
            .iter()
            .copied()
            .filter(|&l| self.solver.failed(l))
            .collect();
        let mut groups: Vec<GroupId> = core
            .iter()
            .filter_map(|l| self.selector_group.get(&l.var()).copied())
            .collect();
        groups.sort_unstable();
        groups.dedup();
        let seen: HashSet<Bool> = core
            .iter()
            .filter_map(|l| assumed.get(l).copied())
            .collect();
        let mut assumptions: Vec<Bool> = seen.into_iter().collect();
        assumptions.sort_unstable();
        Failed {
            groups,
            assumptions,
        }
    }

    /// Fails if the budget does not allow another solver call.
    fn check_budget(&self) -> Result<(), SatError> {
        if self.circuit.exceeded() || self.encoder.exceeded() {
            return Err(self.exhausted(Limit::Nodes(self.circuit.node_limit())));
        }
        let elapsed = self.budget_start.elapsed();
        match (self.budget.solves, self.budget.time) {
            (Some(n), _) if self.solves_under_budget >= n => Err(self.exhausted(Limit::Solves(n))),
            (_, Some(t)) if elapsed >= t => Err(self.exhausted(Limit::Time(t))),
            _ => Ok(()),
        }
    }

    /// The error for reaching `limit` now (without a partial core: core minimization adds it).
    fn exhausted(&self, limit: Limit) -> SatError {
        SatError::BudgetExhausted {
            limit,
            solves: self.solves_under_budget,
            elapsed_ms: self.budget_start.elapsed().as_millis(),
            partial_core: None,
        }
    }

    /// The model of the last satisfiable call, extended to every node by evaluating the circuit.
    pub(crate) fn last_model(&self) -> Model {
        let values = self.circuit.eval_all(|node| {
            self.encoder
                .var_of(node)
                .is_some_and(|v| self.solver.value(v))
        });
        Model { values }
    }
}
