//! Bounded verification (`sattar check`): the smallest valid pre-state whose run violates the
//! postcondition, searched scope by scope, with the unwinding check that makes "holds" honest.

use crate::code::{BoundKey, Bounds};
use crate::decode::Decoded;
use crate::universe::Origin;
use crate::{build, describe, initial_bounds, EncodeError, EncodeOptions, Encoding, Mode, PreSpec};
use sattar_java::{MethodId, Program};
use sattar_sat::{Bool, Budget, Model, Outcome};
use sattar_spec::resolved::ResolvedMethod;
use std::time::{Duration, Instant};

/// Bounds of a check; every one has a default.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckOptions {
    /// The largest number of objects per class tried.
    pub max_scope: usize,
    /// Bits of an `int` (`None`: the smallest holding every constant and count, plus one).
    pub bitwidth: Option<usize>,
    /// Loop iterations to start from (`None`: scope + 1), grown while a valid input needs more.
    pub unroll: Option<u32>,
    /// The most iterations a loop may be grown to.
    pub max_unroll: u32,
    /// SAT time per scope.
    pub sat_time: Option<Duration>,
    /// The most circuit nodes one encoding may build (its memory).
    pub max_gates: usize,
}

impl Default for CheckOptions {
    fn default() -> Self {
        CheckOptions {
            max_scope: 5,
            bitwidth: None,
            unroll: None,
            max_unroll: 64,
            sat_time: Some(Duration::from_secs(60)),
            max_gates: crate::DEFAULT_MAX_GATES,
        }
    }
}

/// The answer of a check.
#[derive(Clone, Debug)]
pub enum CheckOutcome {
    /// A fault-revealing input, the smallest found, with its predicted run.
    Violation(Box<Decoded>),
    /// No valid input within the bounds violates the postcondition.
    Holds,
}

/// The size of one scope's problem and the time it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScopeStats {
    /// Objects per class.
    pub scope: usize,
    /// SAT variables.
    pub vars: usize,
    /// Clauses.
    pub clauses: usize,
    /// Solver calls.
    pub solves: u64,
    /// Wall time of encoding and solving.
    pub time: Duration,
}

/// What a check found and the bounds it used.
#[derive(Clone, Debug)]
pub struct CheckReport {
    /// Violation or holds.
    pub outcome: CheckOutcome,
    /// The scope of the violation, or the largest scope checked.
    pub scope: usize,
    /// Bits of an `int` in the last encoding.
    pub bitwidth: usize,
    /// Every loop/recursion bound of the last encoding, described (`File.java:LINE: the loop …`).
    pub unroll: Vec<(String, u32)>,
    /// Per-scope sizes and times.
    pub stats: Vec<ScopeStats>,
}

/// Searches scopes `1..=max_scope` for the smallest valid input violating the postcondition.
pub fn check(
    program: &Program,
    method: MethodId,
    spec: &ResolvedMethod,
    opts: &CheckOptions,
) -> Result<CheckReport, EncodeError> {
    let mut stats = Vec::new();
    let mut last = (0, Vec::new());
    for scope in 1..=opts.max_scope.max(1) {
        let t0 = Instant::now();
        let (mut enc, found) = check_scope(program, method, spec, scope, opts)?;
        stats.push(ScopeStats {
            scope,
            vars: enc.session.num_vars(),
            clauses: enc.session.num_clauses(),
            solves: enc.session.solves(),
            time: t0.elapsed(),
        });
        last = (enc.bounds.width, described(program, &mut enc));
        if let Some(d) = found {
            return Ok(report(
                CheckOutcome::Violation(Box::new(d)),
                scope,
                last,
                stats,
            ));
        }
    }
    Ok(report(
        CheckOutcome::Holds,
        opts.max_scope.max(1),
        last,
        stats,
    ))
}

fn report(
    outcome: CheckOutcome,
    scope: usize,
    last: (usize, Vec<(String, u32)>),
    stats: Vec<ScopeStats>,
) -> CheckReport {
    CheckReport {
        outcome,
        scope,
        bitwidth: last.0,
        unroll: last.1,
        stats,
    }
}

fn described(program: &Program, enc: &mut Encoding) -> Vec<(String, u32)> {
    enc.unroll_used()
        .into_iter()
        .map(|(k, n)| (describe(program, k), n))
        .collect()
}

/// One scope: grow loop bounds until no valid input goes past them, then look for a violation.
fn check_scope(
    program: &Program,
    method: MethodId,
    spec: &ResolvedMethod,
    scope: usize,
    opts: &CheckOptions,
) -> Result<(Encoding, Option<Decoded>), EncodeError> {
    let eopts = EncodeOptions {
        mode: Mode::Direct,
        bitwidth: opts.bitwidth,
        unroll: opts.unroll,
        max_unroll: opts.max_unroll,
        max_gates: opts.max_gates,
        ..EncodeOptions::default()
    };
    let pre = PreSpec::Free { scope };
    let mut bounds = initial_bounds(program, spec, pre, &eopts);
    let budget = Budget {
        time: opts.sat_time,
        solves: None,
    };
    loop {
        let mut enc = build(program, method, spec, pre, Mode::Direct, bounds.clone())?;
        enc.session.set_budget(budget);
        let valid = enc.pre_ok();
        enc.session.assert_hard(valid);
        let (unwinding, overflow) = (enc.unwinding(), enc.overflow());
        if let Outcome::Sat(m) = enc.session.solve(&[], &[unwinding, !overflow])? {
            bounds = grow(program, &enc, &m, bounds, opts.max_unroll)?;
            continue;
        }
        let (bad, fits) = (enc.violation(), enc.in_bounds());
        let found = match enc.session.solve(&[], &[bad, fits])? {
            Outcome::Unsat(_) => None,
            Outcome::Sat(m) => Some(smallest(&mut enc, m, &[bad, fits])?),
        };
        return Ok((enc, found));
    }
}

/// Doubles the bounds a valid input went past; an error past `max`.
fn grow(
    program: &Program,
    enc: &Encoding,
    m: &Model,
    mut bounds: Bounds,
    max: u32,
) -> Result<Bounds, EncodeError> {
    for key in enc.decode(m).unwound {
        let k = bounds.of(key);
        if k >= max {
            return Err(unwinding(program, key, k));
        }
        bounds.per.insert(key, (k * 2).min(max));
    }
    Ok(bounds)
}

fn unwinding(program: &Program, key: BoundKey, limit: u32) -> EncodeError {
    EncodeError::Unwinding {
        what: format!(
            "{} (for a valid input within the scope)",
            describe(program, key)
        ),
        limit,
    }
}

/// The model with the fewest objects among those satisfying `goal` (linear descent).
fn smallest(enc: &mut Encoding, mut best: Model, goal: &[Bool]) -> Result<Decoded, EncodeError> {
    let exists: Vec<Bool> = enc
        .universe
        .classes
        .iter()
        .flat_map(|c| &c.atoms)
        .filter(|a| matches!(a.origin, Origin::Free(_)))
        .map(|a| a.exists_pre)
        .collect();
    let width = crate::value::signed_bits(exists.len() as i64 + 1) as usize + 1;
    let count = enc.session.circuit_mut().bv_count(&exists, width);
    loop {
        let used = exists.iter().filter(|b| best.value(**b)).count() as i64;
        if used == 0 {
            break;
        }
        let c = enc.session.circuit_mut();
        let limit = c.bv_const(width, used - 1);
        let fewer = c.bv_sle(&count, &limit);
        let mut assumptions = goal.to_vec();
        assumptions.push(fewer);
        match enc.session.solve(&[], &assumptions)? {
            Outcome::Sat(m) => best = m,
            Outcome::Unsat(_) => break,
        }
    }
    prefer_small_ints(enc, best, goal, &exists, width)
}

/// Among models with as few objects as `best`, one whose ints are all in 0..=3 if there is one
/// (a readable report), else `best`.
fn prefer_small_ints(
    enc: &mut Encoding,
    best: Model,
    goal: &[Bool],
    exists: &[Bool],
    width: usize,
) -> Result<Decoded, EncodeError> {
    let used = exists.iter().filter(|b| best.value(**b)).count() as i64;
    let c = enc.session.circuit_mut();
    let count = c.bv_count(exists, width);
    let limit = c.bv_const(width, used);
    let same_size = c.bv_sle(&count, &limit);
    let mut assumptions = goal.to_vec();
    assumptions.push(same_size);
    assumptions.extend(enc.high_bits.iter().map(|b| !*b));
    Ok(match enc.session.solve(&[], &assumptions)? {
        Outcome::Sat(m) => enc.decode(&m),
        Outcome::Unsat(_) => enc.decode(&best),
    })
}
