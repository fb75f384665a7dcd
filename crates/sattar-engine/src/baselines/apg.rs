//! APG (docs/EVALUATION.md#apg): the branches flipped on the closest successful path of the failing run.

use crate::localize::RankedStmt;
use crate::spectrum::to_ranked;
use crate::{EngineError, Subject};
use sattar_encode::{encode, EncodeOptions, Encoding, Mode, PreSpec};
use sattar_heap::TestInput;
use sattar_java::{StmtId, StmtKind};
use sattar_rank::{Order, Ranking};
use sattar_sat::{Bool, GroupId, Outcome};
use std::collections::{BTreeSet, HashSet};

/// APG (docs/EVALUATION.md#apg): the closest successful path of the failing input — branch evaluations
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
    let Some(events) = failing_branches(subject, &mut enc, &stmt_groups)? else {
        return Ok(Vec::new());
    };
    let post = enc.postcondition_group_ids();
    for flips in flip_orders(events.len()) {
        let off: HashSet<GroupId> = flips.iter().map(|&i| events[i].group).collect();
        let mut groups: Vec<GroupId> = stmt_groups
            .iter()
            .filter(|g| !off.contains(g))
            .copied()
            .collect();
        groups.extend(&post);
        let assumptions: Vec<Bool> = flips.iter().map(|&i| events[i].flipped()).collect();
        if let Outcome::Sat(_) = enc
            .session
            .solve(&groups, &assumptions)
            .map_err(sattar_encode::EncodeError::from)?
        {
            return Ok(flips.iter().map(|&i| events[i].stmt).collect());
        }
    }
    Ok(Vec::new())
}

/// A non-loop branch evaluation of the failing run.
struct Evaluation {
    stmt: StmtId,
    /// The group of its statement instance.
    group: GroupId,
    /// The literal of "the branch is taken".
    taken: Bool,
    /// Whether the failing run took it.
    outcome: bool,
}

impl Evaluation {
    /// The assumption that the branch goes the other way.
    fn flipped(&self) -> Bool {
        if self.outcome {
            !self.taken
        } else {
            self.taken
        }
    }
}

/// The failing run's non-loop branch evaluations, in order (`None` if the run is not found).
fn failing_branches(
    subject: &Subject,
    enc: &mut Encoding,
    stmt_groups: &[GroupId],
) -> Result<Option<Vec<Evaluation>>, EngineError> {
    let Outcome::Sat(run) = enc
        .session
        .solve(stmt_groups, &[])
        .map_err(sattar_encode::EncodeError::from)?
    else {
        return Ok(None);
    };
    Ok(Some(
        enc.branches
            .iter()
            .filter(|b| run.value(b.guard) && !is_loop(subject, b.stmt))
            .filter_map(|b| {
                Some(Evaluation {
                    stmt: b.stmt,
                    group: enc.instances.get(b.instance)?.group?,
                    taken: b.taken,
                    outcome: run.value(b.taken),
                })
            })
            .collect(),
    ))
}

/// The sets of evaluations (of `n`) to flip, in the order tried: single flips, the latest first,
/// then pairs, the latest first.
fn flip_orders(n: usize) -> Vec<Vec<usize>> {
    let mut tries: Vec<Vec<usize>> = (0..n).rev().map(|i| vec![i]).collect();
    for j in (0..n).rev() {
        for i in (0..j).rev() {
            tries.push(vec![j, i]);
        }
    }
    tries
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
