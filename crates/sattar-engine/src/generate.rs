//! SAT-TAR's test generation (docs/LOCALIZE.md#step-4-test-generation): negate each prefix of the failing run's path
//! condition over a free pre-state no larger than the failing input, with the invariant and the
//! precondition, and keep the runs whose coverage is new. One incremental solver answers every
//! query of a round (assumptions over one encoding, no rebuilds); a query proven unsatisfiable in
//! an earlier round is not asked again ([`KnownUnsat`]).

use crate::{EngineError, Subject};
use sattar_encode::{
    encode, encode_with_bounds, free_bounds, Bounds, BranchInstance, Decoded, EncodeOptions,
    Encoding, PreSpec,
};
use sattar_heap::TestInput;
use sattar_java::StmtId;
use sattar_sat::{Bool, Budget, Limit, Outcome, SatError};
use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

/// The scope tests are generated in for `failing`: its scope, at most `max` unless `min` asks
/// for more.
pub fn generation_scope(failing: &TestInput, min: usize, max: usize) -> usize {
    scope_of(failing).min(max).max(min)
}

/// One generated test: the input, its predicted run, and the prefix it negates.
#[derive(Clone, Debug)]
pub struct Candidate {
    /// Which branch event of the failing run was negated (0-based).
    pub prefix: usize,
    /// The input and the run the encoding predicts for it.
    pub decoded: Decoded,
}

impl Candidate {
    /// The statements the run covers.
    pub fn covered(&self) -> &BTreeSet<StmtId> {
        &self.decoded.execution.covered
    }

    /// Whether its run meets a round's constraints: it covers one of `suspects` and differs
    /// from every coverage of `keys` (within its statements).
    fn meets(&self, suspects: &BTreeSet<StmtId>, keys: &[CoverageKey]) -> bool {
        let covered = self.covered();
        let within = |k: &CoverageKey| -> BTreeSet<StmtId> {
            match &k.within {
                Some(w) => covered.intersection(w).copied().collect(),
                None => covered.clone(),
            }
        };
        !covered.is_disjoint(suspects) && keys.iter().all(|k| within(k) != k.seen)
    }
}

/// Negated-prefix queries proven unsatisfiable in earlier rounds, with the constraints each
/// proof used (the solver's failed assumptions). Every round's free encoding is built the same
/// way from the same failing path, and a later round's constraints include an earlier one's, so a
/// query that includes a proof's constraints is unsatisfiable too and is not asked. Skipping a
/// query changes what the round's solver learns, so the proofs are part of a session's state:
/// each round records those it found, and a resumed session starts from them.
#[derive(Debug, Default)]
pub struct KnownUnsat(Vec<UnsatProof>);

/// A coverage a run had to differ from, and the statements it was restricted to (if any).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoverageKey {
    /// The coverage (restricted to `within`).
    pub seen: BTreeSet<StmtId>,
    /// The statements the comparison is restricted to; `None`: all.
    pub within: Option<BTreeSet<StmtId>>,
}

/// One unsatisfiable negated-prefix query and what its proof used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnsatProof {
    /// The first negated prefix it covers.
    pub first: usize,
    /// The last one; `None`: every later one too (the proof did not use the negated outcome, and
    /// a longer prefix assumes everything else).
    pub last: Option<usize>,
    /// The suspects a run had to cover, if the proof used that constraint.
    pub covers: Option<BTreeSet<StmtId>>,
    /// The coverages a run had to differ from that the proof used.
    pub differs: Vec<CoverageKey>,
}

impl UnsatProof {
    /// What the unsatisfiable query negating prefix `i` used, from its failed assumptions:
    /// `negated` its negated outcome, `covers` the "covers one of the suspects" literal, `differs`
    /// the "differs from" literals of `keys`.
    fn of(
        i: usize,
        failed: &[Bool],
        negated: Option<&Bool>,
        (covers, suspects): (Bool, &BTreeSet<StmtId>),
        keys: &[CoverageKey],
        differs: &[Bool],
    ) -> UnsatProof {
        let used = |b: &Bool| failed.contains(b);
        // Unsatisfiable without the negated outcome: every longer prefix assumes the rest (this
        // branch taken as the failing run took it), so it is too.
        let every_later = !negated.is_some_and(used);
        UnsatProof {
            first: i,
            last: (!every_later).then_some(i),
            covers: used(&covers).then(|| suspects.clone()),
            differs: keys
                .iter()
                .zip(differs)
                .filter(|(_, d)| used(d))
                .map(|(k, _)| k.clone())
                .collect(),
        }
    }
}

impl KnownUnsat {
    /// Adds proofs (found in a round, or read back from a session).
    pub fn extend(&mut self, proofs: impl IntoIterator<Item = UnsatProof>) {
        self.0.extend(proofs);
    }

    /// Whether negating prefix `i` is known unsatisfiable when a run must cover one of `suspects`
    /// and differ from every coverage of `keys`.
    fn proves(&self, i: usize, suspects: &BTreeSet<StmtId>, keys: &[CoverageKey]) -> bool {
        self.0.iter().any(|p| {
            p.first <= i
                && p.last.is_none_or(|last| i <= last)
                && p.covers.as_ref().is_none_or(|s| s == suspects)
                && p.differs.iter().all(|k| keys.contains(k))
        })
    }
}

/// The queries of one round over a free pre-state, with the failing run's branches located in it.
pub struct PathQueries {
    enc: Encoding,
    /// The failing run's branch evaluations: index into the free encoding's branches, outcome.
    path: Vec<(usize, bool)>,
    coverage: BTreeMap<StmtId, Bool>,
    /// Queries stopped at the conflict limit so far.
    undecided: usize,
}

/// Objects per class of an input: the scope generation stays within.
pub fn scope_of(input: &TestInput) -> usize {
    let mut per: BTreeMap<&str, usize> = BTreeMap::new();
    for o in input.heap.objects.values() {
        *per.entry(o.class.as_str()).or_default() += 1;
    }
    per.values().copied().max().unwrap_or(0).max(1)
}

/// What every round's queries share: the free pre-state's encoding in the failing input's scope
/// (invariant, precondition and bounds that fit both the scope and the failing run asserted),
/// never solved itself, and the failing run's branch evaluations located in it. Built once; each
/// round's solver starts from a [`Encoding::fork`] of it, so a round answers exactly as one on a
/// freshly built encoding, whatever rounds came before.
pub struct FailingPath {
    free: Encoding,
    /// The failing run's branch evaluations: index into the free encoding's branches, outcome.
    path: Vec<(usize, bool)>,
    coverage: BTreeMap<StmtId, Bool>,
}

impl FailingPath {
    /// Locates the failing run of `failing` (two encodings of the fixed input) in a free
    /// encoding of its scope, at most `max` unless `min` asks for more.
    pub fn new(
        subject: &Subject,
        failing: &TestInput,
        (min, max): (usize, usize),
        opts: &EncodeOptions,
    ) -> Result<FailingPath, EngineError> {
        let (p, m, spec) = (&subject.program, subject.method, &subject.spec);
        let fixed = encode(p, m, spec, PreSpec::Fixed(failing), opts)?;
        let scope = generation_scope(failing, min, max);
        let bounds = merge(
            free_bounds(p, m, spec, scope, opts)?,
            &fixed.bounds,
            &fixed.unroll_used(),
        );
        let concrete = encode_with_bounds(p, m, spec, PreSpec::Fixed(failing), bounds.clone())?;
        let mut seen: BTreeMap<&[u64], usize> = BTreeMap::new();
        let keyed: Vec<_> = concrete
            .branches
            .iter()
            .filter(|b| b.guard == Bool::TRUE)
            .map(|b| {
                let n = seen.entry(&b.key).or_default();
                *n += 1;
                (b.key.clone(), *n - 1, b.taken == Bool::TRUE)
            })
            .collect();
        let mut free = encode_with_bounds(p, m, spec, PreSpec::Free { scope }, bounds)?;
        let (valid, fits) = (free.pre_ok(), free.in_bounds());
        free.session.assert_hard(valid);
        free.session.assert_hard(fits);
        let coverage = free.coverage();
        let path = locate(&free.branches, &keyed);
        Ok(FailingPath {
            free,
            path,
            coverage,
        })
    }
}

impl PathQueries {
    /// Queries over a fresh solver on the free encoding (SAT-TAR: one round's; TAR_DT: all its
    /// steps'), whose calls together may take
    /// `sat_time` (`--sat-time`; a running call stops at it too) and each at most `conflicts`
    /// conflicts (`--gen-conflicts`; a query stopped there is undecided: no test, no proof).
    pub fn new(
        failing: &FailingPath,
        sat_time: Option<Duration>,
        conflicts: Option<u32>,
    ) -> PathQueries {
        let mut enc = failing.free.fork();
        enc.session.set_budget(Budget {
            time: sat_time,
            solves: None,
            conflicts,
        });
        PathQueries {
            enc,
            path: failing.path.clone(),
            coverage: failing.coverage.clone(),
            undecided: 0,
        }
    }

    /// The number of branch events of the failing run (the number of queries of a round).
    pub fn len(&self) -> usize {
        self.path.len()
    }

    /// The queries stopped at the conflict limit so far (no test, no proof).
    pub fn undecided(&self) -> usize {
        self.undecided
    }

    /// Whether the failing run has no branch to negate.
    pub fn is_empty(&self) -> bool {
        self.path.is_empty()
    }

    /// "The run covers some statement of `suspects`".
    fn covers_some(&mut self, suspects: &BTreeSet<StmtId>) -> Bool {
        let lits: Vec<Bool> = suspects
            .iter()
            .filter_map(|s| self.coverage.get(s))
            .copied()
            .collect();
        self.enc.session.circuit_mut().or(&lits)
    }

    /// "The run's coverage (restricted to `within`, if given) differs from `seen`".
    fn differs(&mut self, seen: &BTreeSet<StmtId>, within: Option<&BTreeSet<StmtId>>) -> Bool {
        let lits: Vec<Bool> = self
            .coverage
            .iter()
            .filter(|(s, _)| within.is_none_or(|w| w.contains(s)))
            .map(|(s, &c)| if seen.contains(s) { !c } else { c })
            .collect();
        self.enc.session.circuit_mut().or(&lits)
    }

    /// One candidate per satisfiable negated prefix: its run covers a suspect and its coverage
    /// (restricted to the suspects under the new strategy) differs from every test in `tried`.
    /// Queries `known` proves unsatisfiable are not asked; the proofs of those found
    /// unsatisfiable are returned beside the candidates. A candidate of `earlier` (an earlier
    /// round's) for the same prefix that meets this round's constraints answers its query
    /// without a solver call: it is a model of it.
    pub fn candidates(
        &mut self,
        suspects: &BTreeSet<StmtId>,
        tried: &[BTreeSet<StmtId>],
        suspects_only: bool,
        (known, earlier): (&KnownUnsat, &[Candidate]),
    ) -> Result<(Vec<Candidate>, Vec<UnsatProof>), EngineError> {
        let within = suspects_only.then(|| suspects.clone());
        let keys: Vec<CoverageKey> = tried
            .iter()
            .map(|seen| CoverageKey {
                seen: match &within {
                    Some(w) => seen.intersection(w).copied().collect(),
                    None => seen.clone(),
                },
                within: within.clone(),
            })
            .collect();
        let covers = self.covers_some(suspects);
        let differs: Vec<Bool> = keys
            .iter()
            .map(|k| self.differs(&k.seen, k.within.as_ref()))
            .collect();
        let (mut out, mut proofs) = (Vec::new(), Vec::new());
        for i in 0..self.path.len() {
            if known.proves(i, suspects, &keys) {
                continue;
            }
            if let Some(c) = earlier
                .iter()
                .find(|c| c.prefix == i && c.meets(suspects, &keys))
            {
                out.push(c.clone());
                continue;
            }
            let prefix = self.prefix(i);
            let mut assumptions = vec![covers];
            assumptions.extend(&differs);
            assumptions.extend(&prefix);
            let failed = match self.enc.session.solve(&[], &assumptions) {
                Err(SatError::BudgetExhausted {
                    limit: Limit::Conflicts(_),
                    ..
                }) => {
                    self.undecided += 1;
                    continue;
                }
                r => match r.map_err(sattar_encode::EncodeError::from)? {
                    Outcome::Sat(model) => {
                        out.push(Candidate {
                            prefix: i,
                            decoded: self.enc.decode(&model),
                        });
                        continue;
                    }
                    Outcome::Unsat(failed) => failed.assumptions,
                },
            };
            let proof = UnsatProof::of(
                i,
                &failed,
                prefix.last(),
                (covers, suspects),
                &keys,
                &differs,
            );
            let every_later = proof.last.is_none();
            proofs.push(proof);
            if every_later {
                break;
            }
        }
        Ok((out, proofs))
    }

    /// `pc1 ∧ … ∧ pc(i-1) ∧ ¬pci` over the free encoding's branch evaluations.
    fn prefix(&mut self, i: usize) -> Vec<Bool> {
        let mut lits = Vec::with_capacity(2 * (i + 1));
        for (k, &(b, taken)) in self.path.iter().enumerate().take(i + 1) {
            let branch = &self.enc.branches[b];
            let want = if k == i { !taken } else { taken };
            lits.push(branch.guard);
            lits.push(if want { branch.taken } else { !branch.taken });
        }
        lits
    }
}

/// The failing run's branch evaluations (key, occurrence, outcome) as indices into `branches` of
/// a free encoding, in order. One the free encoding lacks (a run past its bounds) ends the path:
/// a prefix negated further on would not be the failing run's.
fn locate(branches: &[BranchInstance], path: &[(Vec<u64>, usize, bool)]) -> Vec<(usize, bool)> {
    let mut at: BTreeMap<(&[u64], usize), usize> = BTreeMap::new();
    let mut seen: BTreeMap<&[u64], usize> = BTreeMap::new();
    for (i, b) in branches.iter().enumerate() {
        let n = seen.entry(&b.key).or_default();
        at.insert((&b.key, *n), i);
        *n += 1;
    }
    path.iter()
        .map_while(|(key, n, taken)| at.get(&(key.as_slice(), *n)).map(|&i| (i, *taken)))
        .collect()
}

/// Bounds holding both the free scope's and the failing run's needs.
fn merge(mut free: Bounds, fixed: &Bounds, used: &[(sattar_encode::BoundKey, u32)]) -> Bounds {
    free.width = free.width.max(fixed.width);
    free.unroll = free.unroll.max(fixed.unroll);
    for (key, k) in used {
        let have = free.of(*key);
        free.per.insert(*key, have.max(*k));
    }
    free
}
