//! Bounded verification (`sattar check`): the smallest valid pre-state whose run violates the
//! postcondition within the loop bounds reached when one is first found, searched scope by
//! scope, with the unwinding check that makes "holds" honest.

use crate::code::{BoundKey, Bounds};
use crate::decode::Decoded;
use crate::universe::Origin;
use crate::{
    build, build_pre_state, describe, initial_bounds, EncodeError, EncodeOptions, Encoding, Mode,
    PreSpec,
};
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
    /// The most statement instances an encoding may have (loops unrolled, calls inlined).
    pub max_instances: usize,
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
            max_instances: crate::DEFAULT_MAX_INSTANCES,
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
    /// A valid input, the smallest found, whose run goes past a loop or recursion bound that
    /// may not grow further (`max_unroll`): it may not terminate. Its run is cut at the bound.
    Unbounded {
        /// The input and its run up to the bound.
        found: Box<Decoded>,
        /// The loop or recursion (`File.java:LINE: the loop …`).
        what: String,
        /// The bound reached.
        limit: u32,
    },
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
    /// Whether a valid input exists within the largest scope's bounds (`false`: "holds" is
    /// vacuous — the invariants and requires admit no input a free pre-state can hold).
    pub valid_inputs: bool,
}

/// Searches scopes `1..=max_scope` for the smallest valid input violating the postcondition (the
/// smallest within the bounds reached when a violation is first found).
pub fn check(
    program: &Program,
    method: MethodId,
    spec: &ResolvedMethod,
    opts: &CheckOptions,
) -> Result<CheckReport, EncodeError> {
    check_observed(program, method, spec, opts, &mut |_, _| {})
}

/// [`check`], calling `on_scope(scope, max_scope)` before each scope is searched (progress).
pub fn check_observed(
    program: &Program,
    method: MethodId,
    spec: &ResolvedMethod,
    opts: &CheckOptions,
    on_scope: &mut dyn FnMut(usize, usize),
) -> Result<CheckReport, EncodeError> {
    let mut stats = Vec::new();
    let mut last = (0, Vec::new());
    let mut valid_inputs = true;
    for scope in 1..=opts.max_scope.max(1) {
        on_scope(scope, opts.max_scope.max(1));
        let t0 = Instant::now();
        let (mut enc, found) = match check_scope(program, method, spec, scope, opts)? {
            Scoped::Done(enc, found) => (enc, found),
            Scoped::Unbounded(mut enc, found, key, limit) => {
                stats.push(scope_stats(scope, &enc, t0));
                let last = (enc.bounds.width, described(program, &mut enc));
                let outcome = CheckOutcome::Unbounded {
                    found: Box::new(found),
                    what: describe(program, key),
                    limit,
                };
                return Ok(report(outcome, scope, last, stats));
            }
        };
        stats.push(scope_stats(scope, &enc, t0));
        last = (enc.bounds.width, described(program, &mut enc));
        if let Some(d) = found {
            return Ok(report(
                CheckOutcome::Violation(Box::new(d)),
                scope,
                last,
                stats,
            ));
        }
        if scope == opts.max_scope.max(1) {
            // Every valid input is asserted: none at all makes "holds" say nothing. A budget
            // reached here leaves it unknown, counted as inputs existing.
            let unfaithful = enc.unfaithful();
            let none = enc.session.solve(&[], &[!unfaithful]);
            valid_inputs = !matches!(none, Ok(Outcome::Unsat(_)));
        }
    }
    Ok(CheckReport {
        valid_inputs,
        ..report(CheckOutcome::Holds, opts.max_scope.max(1), last, stats)
    })
}

fn scope_stats(scope: usize, enc: &Encoding, t0: Instant) -> ScopeStats {
    ScopeStats {
        scope,
        vars: enc.session.num_vars(),
        clauses: enc.session.num_clauses(),
        solves: enc.session.solves(),
        time: t0.elapsed(),
    }
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
        valid_inputs: true,
    }
}

fn described(program: &Program, enc: &mut Encoding) -> Vec<(String, u32)> {
    enc.unroll_used()
        .into_iter()
        .map(|(k, n)| (describe(program, k), n))
        .collect()
}

/// What one scope found.
enum Scoped {
    /// The encoding and the smallest violation, if any.
    Done(Encoding, Option<Decoded>),
    /// The smallest valid input that goes past a bound at its limit, the bound and the limit.
    Unbounded(Encoding, Decoded, BoundKey, u32),
}

/// One scope: grow loop bounds until no valid input goes past them, then look for a violation.
fn check_scope(
    program: &Program,
    method: MethodId,
    spec: &ResolvedMethod,
    scope: usize,
    opts: &CheckOptions,
) -> Result<Scoped, EncodeError> {
    let eopts = EncodeOptions {
        mode: Mode::Direct,
        bitwidth: opts.bitwidth,
        unroll: opts.unroll,
        max_unroll: opts.max_unroll,
        max_instances: opts.max_instances,
        max_gates: opts.max_gates,
        ..EncodeOptions::default()
    };
    let pre = PreSpec::Free { scope };
    let mut bounds = initial_bounds(program, method, spec, pre, &eopts)?;
    let budget = Budget {
        time: opts.sat_time,
        solves: None,
        conflicts: None,
    };
    // The last encoding whose bounds a valid input went past, with that input's model.
    let mut past: Option<(Encoding, Model)> = None;
    loop {
        let built = build(program, method, spec, pre, Mode::Direct, bounds.clone());
        let mut enc = match (built, past.take()) {
            (Ok(enc), _) => enc,
            // Unrolling further would exceed the size budget: the run of `past` may be endless.
            (Err(EncodeError::TooManyInstances(_) | EncodeError::TooLarge(_)), Some((enc, m))) => {
                return unbounded(enc, m, &bounds)
            }
            (Err(e), _) => return Err(e),
        };
        enc.session.set_budget(budget);
        let valid = enc.pre_ok();
        enc.session.assert_hard(valid);
        let (unwinding, unfaithful) = (enc.unwinding(), enc.unfaithful());
        if let Outcome::Sat(m) = enc.session.solve(&[], &[unwinding, !unfaithful])? {
            // A run within the bounds that violates the postcondition is a violation whatever
            // the runs past them do: report it rather than grow an encoding that may explode.
            if let Some(found) = violation(&mut enc)? {
                return Ok(Scoped::Done(enc, Some(found)));
            }
            if let Some((found, key)) = endless(program, method, &mut enc, &m)? {
                let limit = enc.bounds.of(key);
                return Ok(Scoped::Unbounded(enc, found, key, limit));
            }
            match grow(&enc, &m, bounds.clone(), opts.max_unroll) {
                Ok(next) => {
                    bounds = next;
                    past = Some((enc, m));
                    continue;
                }
                Err(_) => return unbounded(enc, m, &bounds),
            }
        }
        let found = violation(&mut enc)?;
        return Ok(Scoped::Done(enc, found));
    }
}

/// The bounds of `scope` grown as `check` grows them, until no valid input with integers in
/// `0..=3` goes past them (a HashMap's first table has 16 slots: a run that puts needs arrays of
/// 16), or as far as the size budget and `max_unroll` allow: the inputs [`for_each_input`]
/// enumerates are every such input whose run fits.
fn enumeration_bounds(
    program: &Program,
    method: MethodId,
    spec: &ResolvedMethod,
    scope: usize,
) -> Result<Bounds, EncodeError> {
    let pre = PreSpec::Free { scope };
    let opts = EncodeOptions::default();
    let mut bounds = initial_bounds(program, method, spec, pre, &opts)?;
    let mut fitted: Option<Bounds> = None;
    loop {
        let mut enc = match build(program, method, spec, pre, Mode::Direct, bounds.clone()) {
            Ok(enc) => enc,
            // Grown past the size budget: the last bounds that fitted it.
            Err(EncodeError::TooManyInstances(_) | EncodeError::TooLarge(_))
                if fitted.is_some() =>
            {
                return Ok(fitted.unwrap_or(bounds));
            }
            Err(e) => return Err(e),
        };
        fitted = Some(bounds.clone());
        let (valid, small) = (enc.pre_ok(), enc.small_ints());
        enc.session.assert_hard(valid);
        enc.session.assert_hard(small);
        let (unwinding, unfaithful) = (enc.unwinding(), enc.unfaithful());
        let Outcome::Sat(m) = enc.session.solve(&[], &[unwinding, !unfaithful])? else {
            return Ok(bounds);
        };
        match grow(&enc, &m, bounds.clone(), opts.max_unroll) {
            Ok(next) => bounds = next,
            Err(_) => return Ok(bounds),
        }
    }
}

/// The report for an encoding a valid input (`m`) goes past and whose bounds may not grow: a
/// violation within the bounds if there is one (the better report), else the smallest such input.
fn unbounded(mut enc: Encoding, m: Model, bounds: &Bounds) -> Result<Scoped, EncodeError> {
    if let Some(found) = violation(&mut enc)? {
        return Ok(Scoped::Done(enc, Some(found)));
    }
    let (unwinding, unfaithful) = (enc.unwinding(), enc.unfaithful());
    let d = smallest(&mut enc, m, &[unwinding, !unfaithful])?;
    let key = d
        .unwound
        .first()
        .copied()
        .unwrap_or(BoundKey::Loop(sattar_java::StmtId(0)));
    let limit = enc.bounds.of(key).min(bounds.of(key));
    Ok(Scoped::Unbounded(enc, d, key, limit))
}

/// A valid input going past the bounds whose run does not end on the interpreter either (the
/// engine's judge of an unbounded input), the smallest such if the smallest one's run is
/// endless too: growing the bounds cannot help it — a recursion on a cyclic structure would
/// double the encoding at every step — and its run is the violation.
fn endless(
    program: &Program,
    method: MethodId,
    enc: &mut Encoding,
    m: &Model,
) -> Result<Option<(Decoded, BoundKey)>, EncodeError> {
    let ends = |d: &Decoded| {
        let run = sattar_java::run(program, method, &d.input, sattar_java::Limits::default());
        !run.is_ok_and(|r| r.termination.is_endless())
    };
    let first = enc.decode(m);
    if ends(&first) {
        return Ok(None);
    }
    let (unwinding, unfaithful) = (enc.unwinding(), enc.unfaithful());
    let small = smallest(enc, m.clone(), &[unwinding, !unfaithful])?;
    let found = if ends(&small) { first } else { small };
    Ok(found.unwound.first().copied().map(|key| (found, key)))
}

/// The smallest valid input whose run stays within the bounds and violates the postcondition.
fn violation(enc: &mut Encoding) -> Result<Option<Decoded>, EncodeError> {
    let (bad, fits) = (enc.violation(), enc.in_bounds());
    match enc.session.solve(&[], &[bad, fits])? {
        Outcome::Unsat(_) => Ok(None),
        Outcome::Sat(m) => Ok(Some(smallest(enc, m, &[bad, fits])?)),
    }
}

/// Doubles the bounds a valid input went past; the bound and its limit when one is at `max`.
fn grow(
    enc: &Encoding,
    m: &Model,
    mut bounds: Bounds,
    max: u32,
) -> Result<Bounds, (BoundKey, u32)> {
    for key in enc.decode(m).unwound {
        let k = bounds.of(key);
        if k >= max {
            return Err((key, k));
        }
        bounds.per.insert(key, (k * 2).min(max));
    }
    Ok(bounds)
}

/// The model with the fewest objects among those satisfying `goal` (linear descent).
fn smallest(enc: &mut Encoding, mut best: Model, goal: &[Bool]) -> Result<Decoded, EncodeError> {
    let exists: Vec<Bool> = enc
        .universe
        .atoms
        .iter()
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

/// Calls `f` on valid inputs of `method` (its invariants and preconditions hold) with at most
/// `scope` objects per class, integers in 0..3 and arrays of at most the initial array bound,
/// until `f` breaks or none is left: each found by the solver and blocked in turn, so no two are
/// isomorphic (the free pre-state's symmetry breaking). Only the pre-state is encoded, not the
/// method: what the run does is the caller's to find out (an interpreter runs any input). A
/// bounded-exhaustive pool where the generator cannot enumerate (arrays); library collections
/// with `modCount` 0.
pub fn for_each_valid_input(
    program: &Program,
    method: MethodId,
    spec: &ResolvedMethod,
    scope: usize,
    f: &mut dyn FnMut(sattar_heap::TestInput) -> std::ops::ControlFlow<()>,
) -> Result<(), EncodeError> {
    for_each_input(program, method, spec, scope, InputKind::Valid, f)
}

/// Which inputs [`for_each_input`] enumerates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputKind {
    /// Every valid input.
    Valid,
    /// The valid inputs whose run violates the postcondition within the bounds (grown as
    /// `check` grows them): the fault-revealing inputs of a scope, when a sampled pool holds
    /// none.
    Failing,
}

/// [`for_each_valid_input`], or its fault-revealing inputs only.
pub fn for_each_input(
    program: &Program,
    method: MethodId,
    spec: &ResolvedMethod,
    scope: usize,
    kind: InputKind,
    f: &mut dyn FnMut(sattar_heap::TestInput) -> std::ops::ControlFlow<()>,
) -> Result<(), EncodeError> {
    let pre = PreSpec::Free { scope };
    let mut enc = match kind {
        InputKind::Valid => {
            let bounds = initial_bounds(program, method, spec, pre, &EncodeOptions::default())?;
            build_pre_state(program, method, spec, scope, bounds)?
        }
        InputKind::Failing => {
            let bounds = enumeration_bounds(program, method, spec, scope)?;
            build(program, method, spec, pre, Mode::Direct, bounds)?
        }
    };
    let (valid, fits, small) = (enc.pre_ok(), enc.in_bounds(), enc.small_ints());
    let counters = enc.counters_at_zero(program);
    let violation = match kind {
        InputKind::Failing => enc.violation(),
        InputKind::Valid => Bool::TRUE,
    };
    for b in [valid, fits, small, counters, violation] {
        enc.session.assert_hard(b);
    }
    while let Outcome::Sat(model) = enc.session.solve(&[], &[])? {
        enc.block_input(&model);
        if f(enc.decode(&model).input).is_break() {
            break;
        }
    }
    Ok(())
}
