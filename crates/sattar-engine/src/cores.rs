//! The first half of SAT-TAR (docs/LOCALIZE.md#the-sat-tar-algorithm, steps 1–3): from a fault-revealing input, the minimal
//! unsatisfiable cores of `input ∧ code ∧ postcondition`, mapped to suspect statements and violated
//! constraints; and the SAT technique's ranking built from them.

use crate::{judge, EngineError, Judged, Subject, TestVerdict};
use sattar_encode::{
    encode, CheckOptions, CheckOutcome, Core, CoreOrder, EncodeOptions, Encoding, Mode, PreSpec,
};
use sattar_heap::TestInput;
use sattar_java::{Limits, StmtId};
use sattar_rank::{Order, Ranking, Scored};
use sattar_sat::Budget;
use std::collections::BTreeSet;
use std::time::{Duration, Instant};

/// Where the fault-revealing input came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputSource {
    /// Given by the user.
    Given,
    /// The smallest fault-revealing input `check` found, at this scope.
    Check(usize),
}

/// How to compute cores.
#[derive(Clone, Debug)]
pub struct CoreRequest {
    /// The fault-revealing input; `None` asks `check` for the smallest one.
    pub input: Option<TestInput>,
    /// Bounds of that search (and the bitwidth/unrolling of the core's encoding).
    pub check: CheckOptions,
    /// Deletion order.
    pub order: CoreOrder,
    /// The most cores of the iterative search (1 = a single core).
    pub max_cores: usize,
    /// Postconditions the failing run satisfies stay hard (default); `false`: the paper's relaxed cores.
    pub keep_satisfied: bool,
    /// A statement repairs the run if relaxing it in every instance — those the run did not
    /// execute too — does (`EncodeOptions::relax_unexecuted`); default: its executed instances.
    pub relax_unexecuted: bool,
}

impl Default for CoreRequest {
    fn default() -> Self {
        CoreRequest {
            input: None,
            check: CheckOptions::default(),
            order: CoreOrder::default(),
            max_cores: 8,
            keep_satisfied: true,
            relax_unexecuted: false,
        }
    }
}

/// Cores of one failing run.
pub struct CoreAnalysis {
    /// The failing input.
    pub input: TestInput,
    /// Where it came from.
    pub source: InputSource,
    /// Its run on the reference interpreter, judged by the spec.
    pub judged: Judged,
    /// The iterative cores, first to last.
    pub cores: Vec<Core>,
    /// Every statement some core blames.
    pub suspects: BTreeSet<StmtId>,
    /// Every postcondition some core names, in core order.
    pub violated: Vec<String>,
    /// The statements the failing run executed.
    pub executed: BTreeSet<StmtId>,
    /// The suspects that repair the run alone: relaxing that one statement (every executed
    /// instance) lets the run satisfy every postcondition (docs/LOCALIZE.md, step 7).
    pub repairs_alone: BTreeSet<StmtId>,
    /// Pairs `(a, b)` of suspects that repair alone where `b` reads what `a` passes across a
    /// call and not the other way round (`sattar_java::deps`): `a` is nearer the source.
    pub repair_flows: BTreeSet<(StmtId, StmtId)>,
    /// The grouped encoding the cores come from (for export).
    pub encoding: Encoding,
    /// Wall time of encoding the input and extracting the cores.
    pub time: Duration,
    /// Of which: extracting the cores (the solver calls of minimization; the repairs after them
    /// are not counted, so that this compares with a MUS extractor's search).
    pub core_time: Duration,
}

impl CoreAnalysis {
    /// Whether the cores come from the second try, with what statements write to and whether
    /// their checks throw relaxed too, because relaxing values alone repaired nothing.
    pub fn targets_relaxed(&self) -> bool {
        self.encoding.bounds.relax_targets
    }
}

/// Finds the failing input (given or from `check`), confirms it fails, and extracts its cores.
pub fn cores(subject: &Subject, req: &CoreRequest) -> Result<CoreAnalysis, EngineError> {
    let (input, source) = match &req.input {
        Some(i) => (i.clone(), InputSource::Given),
        None => smallest_failing(subject, &req.check)?,
    };
    let run = sattar_java::run(&subject.program, subject.method, &input, Limits::default())
        .map_err(|e| EngineError::Usage(e.to_string()))?;
    let judged = judge(subject, &input, run)
        .map_err(|e| EngineError::Usage(format!("the spec cannot judge this input: {e}")))?;
    match &judged.verdict {
        TestVerdict::Pass => return Err(EngineError::NothingToLocalize),
        TestVerdict::Invalid(names) => return Err(EngineError::InvalidInput(names.clone())),
        TestVerdict::Fail(_) => {}
    }
    let t0 = Instant::now();
    let mut found = extract(subject, &input, req, false, req.check.sat_time)?;
    // Values alone explain nothing (an empty core, or no suspect repairs the run by itself):
    // try again with what statements write to and whether their checks throw relaxed too.
    if found.repairs_alone.is_empty() {
        let left = req.check.sat_time.map(|t| t.saturating_sub(t0.elapsed()));
        // The first try's cores stand if the second runs out of its budget or its bounds.
        let wide = (left.is_none_or(|t| !t.is_zero()))
            .then(|| extract(subject, &input, req, true, left).ok())
            .flatten();
        if let Some(wide) = wide {
            let better = !wide.repairs_alone.is_empty()
                || (found.suspects.is_empty() && !wide.suspects.is_empty());
            if better {
                found = Extracted {
                    core_time: found.core_time + wide.core_time,
                    ..wide
                };
            }
        }
    }
    let mut violated: Vec<String> = Vec::new();
    for name in found.cores.iter().flat_map(|c| &c.violated) {
        if !violated.contains(name) {
            violated.push(name.clone());
        }
    }
    let executed = found.encoding.executed_statements();
    let repair_flows = flows_among(subject, &found.repairs_alone);
    Ok(CoreAnalysis {
        repair_flows,
        input,
        source,
        judged,
        suspects: found.suspects,
        cores: found.cores,
        violated,
        executed,
        repairs_alone: found.repairs_alone,
        encoding: found.encoding,
        time: t0.elapsed(),
        core_time: found.core_time,
    })
}

/// One try at the cores of a failing run: the encoding, its cores and their suspects that
/// repair the run alone.
struct Extracted {
    encoding: Encoding,
    cores: Vec<Core>,
    suspects: BTreeSet<StmtId>,
    repairs_alone: BTreeSet<StmtId>,
    core_time: Duration,
}

/// The cores of `input`'s run with statements relaxed in their values (`relax_targets`: and in
/// their targets and checks), within `sat_time` for the cores and the repairs together.
fn extract(
    subject: &Subject,
    input: &TestInput,
    req: &CoreRequest,
    relax_targets: bool,
    sat_time: Option<Duration>,
) -> Result<Extracted, EngineError> {
    let opts = EncodeOptions {
        mode: Mode::Grouped,
        bitwidth: req.check.bitwidth,
        unroll: req.check.unroll,
        max_unroll: req.check.max_unroll.max(256),
        max_instances: req.check.max_instances,
        keep_satisfied: req.keep_satisfied,
        relax_unexecuted: req.relax_unexecuted,
        max_gates: req.check.max_gates,
        relax_targets,
    };
    let mut encoding = encode(
        &subject.program,
        subject.method,
        &subject.spec,
        PreSpec::Fixed(input),
        &opts,
    )?;
    encoding.session.set_budget(Budget {
        time: sat_time,
        solves: None,
        conflicts: None,
    });
    let t1 = Instant::now();
    let cores = encoding.iterative_cores(req.order, req.max_cores.max(1))?;
    let core_time = t1.elapsed();
    let suspects: BTreeSet<StmtId> = cores
        .iter()
        .flat_map(|c| c.suspects.iter().copied())
        .collect();
    let post = encoding.postcondition_group_ids();
    let repairs_alone = encoding.single_repairs(&post, &suspects)?;
    Ok(Extracted {
        encoding,
        cores,
        suspects,
        repairs_alone,
        core_time,
    })
}

/// The pairs `(a, b)` of `stmts` where `b` reads what `a` passes across a call, not vice versa.
fn flows_among(subject: &Subject, stmts: &BTreeSet<StmtId>) -> BTreeSet<(StmtId, StmtId)> {
    if stmts.len() < 2 {
        return BTreeSet::new();
    }
    let readers = sattar_java::deps::readers(&subject.program);
    let feeds = |a: &StmtId, b: &StmtId| readers.get(a).is_some_and(|r| r.contains(b));
    let mut out = BTreeSet::new();
    for a in stmts {
        for b in stmts {
            if a != b && feeds(a, b) && !feeds(b, a) {
                out.insert((*a, *b));
            }
        }
    }
    out
}

fn smallest_failing(
    subject: &Subject,
    opts: &CheckOptions,
) -> Result<(TestInput, InputSource), EngineError> {
    let checked = crate::check(subject, opts)?;
    match checked.report.outcome {
        CheckOutcome::Violation(d) => Ok((d.input, InputSource::Check(checked.report.scope))),
        CheckOutcome::Holds => Err(EngineError::NoFailingInput(checked.report.scope)),
        // `check` turns an unbounded run into a violation or an error.
        CheckOutcome::Unbounded { what, limit, .. } => {
            Err(sattar_encode::EncodeError::Unwinding { what, limit }.into())
        }
    }
}

/// The SAT technique: suspiciousness 1 for the core's suspects, 0 for the other statements the
/// failing run executed.
pub fn sat_ranking(a: &CoreAnalysis) -> Ranking<StmtId> {
    let scored = a
        .executed
        .iter()
        .map(|s| Scored {
            id: *s,
            score: if a.suspects.contains(s) { 1.0 } else { 0.0 },
            confidence: 0.0,
        })
        .collect();
    Ranking::new(scored, Order::Score)
}
