//! Minimal unsatisfiable cores of `input ∧ code ∧ postcondition` (docs/ENCODING.md, section Cores;
//! SAT-TAR's steps 1–3 in docs/LOCALIZE.md#the-sat-tar-algorithm): which executed statements and
//! which postconditions a violation needs.
//!
//! Candidates are the groups of the statement instances the failing run executes and the groups of
//! the postconditions it violates (`ensures`, or `noException` when it throws). Instances the run
//! does not execute and postconditions it satisfies are hard: part of the code and of what any fix
//! must keep, never blamed — so suspects are statements the run executed, and a core names only
//! violated constraints. Keeping them hard is sattar's choice (docs/LOCALIZE.md, step 1).
//! `EncodeOptions::keep_satisfied = false` leaves satisfied postconditions soft, as in the encoding
//! of Gopinath et al., ASE 2012: a relaxed run may then escape through an exception or break a
//! constraint the failing run kept, so cores can blame more code.
//!
//! Deletion order: statement instances first, the last executed first, then postconditions. Among
//! several violated postconditions the core then keeps one whose slice survives, with exactly the
//! constraints it needs; and dropping the instances nearest the violation first keeps every solver
//! call easy (execution order made one call on a 10-node list take 16 s instead of 0.2 s).

use crate::{EncodeError, Encoding};
use sattar_java::StmtId;
use sattar_sat::{CoreResult, GroupId, Outcome};
use std::collections::BTreeSet;

/// One minimal core, mapped back to the program and the spec.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Core {
    /// The groups of the core (statement instances and postconditions), in deletion order.
    pub groups: Vec<GroupId>,
    /// The statements blamed: every statement with an instance in the core.
    pub suspects: BTreeSet<StmtId>,
    /// The postconditions in the core: the violated constraints this core explains.
    pub violated: Vec<String>,
    /// Solver calls spent on this core.
    pub solves: u64,
    /// Size of the solver's first failed-assumption set, before minimization.
    pub initial_len: usize,
}

/// Which groups are tried for deletion first (the rest follow in creation order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum CoreOrder {
    /// Statement instances, the last executed first, then postconditions (the default).
    #[default]
    StatementsFirst,
    /// Postconditions first, then statement instances.
    ConstraintsFirst,
}

impl Encoding {
    /// Marks which instances a fixed input's run executes (one solve with every statement on).
    pub(crate) fn mark_executed(
        &mut self,
        keep_satisfied: bool,
        relax_unexecuted: bool,
    ) -> Result<(), EncodeError> {
        let stmts: Vec<GroupId> = self.instances.iter().filter_map(|i| i.group).collect();
        let Outcome::Sat(model) = self.session.solve(&stmts, &[])? else {
            return Err(EncodeError::Unsupported(
                "the code alone is unsatisfiable on this input".into(),
            ));
        };
        for i in &mut self.instances {
            i.executed = Some(model.value(i.guard));
            // Code the run does not execute is never blamed: its groups become hard (or stay
            // soft but assumed by every query, to be relaxed only with its statement).
            if let (Some(false), Some(g), false) = (i.executed, i.group, relax_unexecuted) {
                self.session.harden(g)?;
            }
        }
        // Postconditions the run satisfies are part of what any fix must keep: hard too, so a
        // core names only violated constraints and never blames code for keeping the others true.
        let threw = self.threw();
        let satisfied: Vec<GroupId> = self
            .constraints
            .iter()
            .filter(|c| model.value(c.holds))
            .filter_map(|c| c.group)
            .chain(self.no_exception_group.filter(|_| !model.value(threw)))
            .collect();
        for g in satisfied.into_iter().filter(|_| keep_satisfied) {
            self.session.harden(g)?;
        }
        Ok(())
    }

    /// Groups of the statement instances the run executes, in execution order.
    pub fn executed_groups(&self) -> Vec<GroupId> {
        self.instance_groups(true)
    }

    /// Groups of the instances the run does not execute (kept on as background).
    pub fn background_groups(&self) -> Vec<GroupId> {
        self.instance_groups(false)
    }

    fn instance_groups(&self, executed: bool) -> Vec<GroupId> {
        self.instances
            .iter()
            .filter(|i| i.executed.unwrap_or(true) == executed)
            .filter_map(|i| i.group)
            .collect()
    }

    /// The postcondition groups the run violates, with their names: `ensures`, then `noException`
    /// (those it satisfies are hard unless `keep_satisfied` was off).
    pub fn postcondition_groups(&self) -> Vec<(String, GroupId)> {
        let mut out: Vec<(String, GroupId)> = self
            .constraints
            .iter()
            .filter_map(|c| c.group.map(|g| (c.name.clone(), g)))
            .collect();
        out.extend(
            self.no_exception_group
                .map(|g| (crate::decode::NO_EXCEPTION.to_string(), g)),
        );
        out.retain(|(_, g)| !self.session.is_hard(*g));
        out
    }

    /// The groups of [`Encoding::postcondition_groups`], without their names.
    pub fn postcondition_group_ids(&self) -> Vec<GroupId> {
        self.postcondition_groups()
            .into_iter()
            .map(|(_, g)| g)
            .collect()
    }

    /// The executed statements that repair the run alone: with every executed instance of the
    /// statement relaxed (and everything else as the cores keep it: the other executed
    /// instances on, unexecuted code and satisfied postconditions hard), the run can satisfy
    /// `postconditions` — single-statement correction sets, one solve per statement of `among`
    /// the run executed.
    pub fn single_repairs(
        &mut self,
        postconditions: &[GroupId],
        among: &BTreeSet<StmtId>,
    ) -> Result<BTreeSet<StmtId>, EncodeError> {
        let executed = self.executed_statements();
        let mut out = BTreeSet::new();
        for s in executed.intersection(among) {
            if self.repairs(postconditions, &BTreeSet::from([*s]))? {
                out.insert(*s);
            }
        }
        Ok(out)
    }

    /// Whether the statements in `relaxed` repair the run together: with every instance of them
    /// the encoding leaves soft relaxed — the executed ones, and with
    /// `EncodeOptions::relax_unexecuted` the others too — and every other instance on
    /// (satisfied postconditions hard), the run can satisfy `postconditions`: a correction set.
    /// One solve.
    pub fn repairs(
        &mut self,
        postconditions: &[GroupId],
        relaxed: &BTreeSet<StmtId>,
    ) -> Result<bool, EncodeError> {
        let mut on: Vec<GroupId> = self
            .instances
            .iter()
            .filter(|i| !relaxed.contains(&i.stmt))
            .filter_map(|i| i.group)
            .collect();
        on.extend(postconditions);
        Ok(matches!(self.session.solve(&on, &[])?, Outcome::Sat(_)))
    }

    /// Statements executed by the run (for a fixed input in grouped mode).
    pub fn executed_statements(&self) -> BTreeSet<StmtId> {
        self.instances
            .iter()
            .filter(|i| i.executed == Some(true))
            .map(|i| i.stmt)
            .collect()
    }

    /// One minimal core of the violation under `postconditions` (empty if the run satisfies them).
    pub fn minimal_core(
        &mut self,
        postconditions: &[GroupId],
        order: CoreOrder,
    ) -> Result<Option<Core>, EncodeError> {
        let stmts = self.executed_groups();
        let background = self.background_groups();
        let candidates: Vec<GroupId> = stmts.iter().chain(postconditions).copied().collect();
        let try_first: Vec<GroupId> = match order {
            CoreOrder::StatementsFirst => {
                stmts.iter().rev().chain(postconditions).copied().collect()
            }
            CoreOrder::ConstraintsFirst => postconditions.iter().chain(&stmts).copied().collect(),
        };
        let result = self
            .session
            .minimal_core_in(&candidates, &background, &[], &try_first)?;
        let CoreResult::Unsat(core) = result else {
            return Ok(None);
        };
        Ok(Some(self.describe_core(
            core.groups,
            core.solves,
            core.initial_len,
        )))
    }

    fn describe_core(&self, groups: Vec<GroupId>, solves: u64, initial_len: usize) -> Core {
        let suspects = self
            .instances
            .iter()
            .filter(|i| i.group.is_some_and(|g| groups.contains(&g)))
            .map(|i| i.stmt)
            .collect();
        let violated = self
            .postcondition_groups()
            .into_iter()
            .filter(|(_, g)| groups.contains(g))
            .map(|(n, _)| n)
            .collect();
        Core {
            groups,
            suspects,
            violated,
            solves,
            initial_len,
        }
    }

    /// Iterative cores for multiple faults: a minimal core; then without the postconditions it
    /// violated, another; while the rest is still unsatisfiable (at most `max` cores).
    pub fn iterative_cores(
        &mut self,
        order: CoreOrder,
        max: usize,
    ) -> Result<Vec<Core>, EncodeError> {
        let mut enabled: Vec<GroupId> = self.postcondition_group_ids();
        let mut cores = Vec::new();
        while cores.len() < max {
            let Some(core) = self.minimal_core(&enabled, order)? else {
                break;
            };
            let before = enabled.len();
            enabled.retain(|g| !core.groups.contains(g));
            cores.push(core);
            if enabled.len() == before {
                break; // a core without a postcondition: the code alone is contradictory
            }
        }
        Ok(cores)
    }
}
