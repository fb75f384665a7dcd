//! Minimal unsatisfiable cores over groups: deletion with clause-set refinement.

use std::collections::{HashMap, HashSet};

use crate::circuit::Bool;
use crate::error::SatError;
use crate::session::{GroupId, Model, Raw, Session};

/// A minimal unsatisfiable set of groups and what it took to find it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MinimalCore {
    /// The core, in deletion order (see [`Session::minimal_core`]); every group is necessary.
    pub groups: Vec<GroupId>,
    /// Size of the set minimization started from (the solver's first failed-assumption set).
    pub initial_len: usize,
    /// Solver calls spent, the first one included.
    pub solves: u64,
}

/// Result of a core request.
#[derive(Clone, Debug)]
pub enum CoreResult {
    /// The groups are jointly satisfiable: there is no core; here is a model.
    Sat(Model),
    /// The groups are unsatisfiable; here is a minimal core.
    Unsat(MinimalCore),
}

/// Result of checking a core for minimality group by group.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MinimalityReport {
    /// Whether the whole core is unsatisfiable.
    pub unsat: bool,
    /// Groups whose removal leaves the rest unsatisfiable (empty for a minimal core).
    pub removable: Vec<GroupId>,
}

impl MinimalityReport {
    /// Unsatisfiable, and every group necessary.
    pub fn is_minimal(&self) -> bool {
        self.unsat && self.removable.is_empty()
    }
}

impl Session {
    /// A minimal core of `groups` (under the always-kept `assumptions`), or a model if there is none.
    ///
    /// `try_first` lists groups to try deleting first, in that order; the others follow in creation
    /// order. Groups tried early are the most likely to be dropped when several minimal cores
    /// exist, so list what you would rather *not* see in a core first.
    pub fn minimal_core(
        &mut self,
        groups: &[GroupId],
        assumptions: &[Bool],
        try_first: &[GroupId],
    ) -> Result<CoreResult, SatError> {
        self.minimal_core_in(groups, &[], assumptions, try_first)
    }

    /// [`Session::minimal_core`] with `background` groups always enabled and never part of the
    /// core: the core is minimal among `groups`, given the background.
    pub fn minimal_core_in(
        &mut self,
        groups: &[GroupId],
        background: &[GroupId],
        assumptions: &[Bool],
        try_first: &[GroupId],
    ) -> Result<CoreResult, SatError> {
        let before = self.solves();
        let all: Vec<GroupId> = groups.iter().chain(background).copied().collect();
        match self.solve_raw(&all, assumptions)? {
            Raw::Sat => Ok(CoreResult::Sat(self.last_model())),
            Raw::Unsat(failed) => {
                let start = failed
                    .groups
                    .into_iter()
                    .filter(|g| !background.contains(g))
                    .collect();
                let mut core = self.shrink(start, background, assumptions, try_first)?;
                core.solves = self.solves() - before;
                Ok(CoreResult::Unsat(core))
            }
        }
    }

    /// Shrinks `start`, which must be unsatisfiable with `assumptions`, to a minimal core.
    ///
    /// Useful when a core comes from elsewhere; `minimal_core` starts here from the solver's failed set.
    pub fn minimize(
        &mut self,
        start: &[GroupId],
        assumptions: &[Bool],
        try_first: &[GroupId],
    ) -> Result<MinimalCore, SatError> {
        let before = self.solves();
        let mut core = self.shrink(start.to_vec(), &[], assumptions, try_first)?;
        core.solves = self.solves() - before;
        Ok(core)
    }

    /// Deletion with clause-set refinement: drop one undecided group; if the rest is still unsat,
    /// keep only the solver's new failed set; if it is sat, the group is necessary.
    fn shrink(
        &mut self,
        start: Vec<GroupId>,
        background: &[GroupId],
        assumptions: &[Bool],
        try_first: &[GroupId],
    ) -> Result<MinimalCore, SatError> {
        let initial_len = start.len();
        let mut core = ordered(start, try_first);
        let mut necessary: Vec<GroupId> = Vec::new();
        while let Some(candidate) = core.iter().copied().find(|g| !necessary.contains(g)) {
            let mut trial: Vec<GroupId> =
                core.iter().copied().filter(|&g| g != candidate).collect();
            trial.extend(background);
            match self
                .solve_raw(&trial, assumptions)
                .map_err(|e| with_partial(e, &core))?
            {
                Raw::Sat => necessary.push(candidate),
                // The new failed set is a subset of `trial` and holds every necessary group
                // (a necessary group is in every unsat subset of the current core).
                Raw::Unsat(failed) => {
                    let kept: HashSet<GroupId> = failed.groups.into_iter().collect();
                    core.retain(|g| kept.contains(g));
                }
            }
        }
        Ok(MinimalCore {
            groups: core,
            initial_len,
            solves: 0,
        })
    }

    /// Checks that `core` is unsatisfiable and that removing any one group makes it satisfiable.
    pub fn check_minimal(
        &mut self,
        core: &[GroupId],
        assumptions: &[Bool],
    ) -> Result<MinimalityReport, SatError> {
        self.check_minimal_in(core, &[], assumptions)
    }

    /// [`Session::check_minimal`] with `background` groups always enabled.
    pub fn check_minimal_in(
        &mut self,
        core: &[GroupId],
        background: &[GroupId],
        assumptions: &[Bool],
    ) -> Result<MinimalityReport, SatError> {
        let with_bg = |gs: &mut Vec<GroupId>| gs.extend(background);
        let mut all = core.to_vec();
        with_bg(&mut all);
        let unsat = matches!(self.solve_raw(&all, assumptions)?, Raw::Unsat(_));
        let mut removable = Vec::new();
        for &g in core {
            let mut rest: Vec<GroupId> = core.iter().copied().filter(|&h| h != g).collect();
            with_bg(&mut rest);
            if matches!(self.solve_raw(&rest, assumptions)?, Raw::Unsat(_)) {
                removable.push(g);
            }
        }
        Ok(MinimalityReport { unsat, removable })
    }
}

/// `groups` sorted by deletion priority: `try_first` order, then creation order.
fn ordered(mut groups: Vec<GroupId>, try_first: &[GroupId]) -> Vec<GroupId> {
    let rank: HashMap<GroupId, usize> =
        try_first.iter().enumerate().map(|(i, &g)| (g, i)).collect();
    groups.sort_by_key(|g| (rank.get(g).copied().unwrap_or(usize::MAX), g.index()));
    groups.dedup();
    groups
}

/// Attaches the current (unsat, maybe non-minimal) core to a budget error.
fn with_partial(error: SatError, core: &[GroupId]) -> SatError {
    match error {
        SatError::BudgetExhausted {
            limit,
            solves,
            elapsed_ms,
            ..
        } => SatError::BudgetExhausted {
            limit,
            solves,
            elapsed_ms,
            partial_core: Some(core.to_vec()),
        },
        other => other,
    }
}
