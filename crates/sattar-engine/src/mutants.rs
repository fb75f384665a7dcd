//! Mutants as faults: the first-order mutants of a subject's method (`sattar_java::mutate`),
//! each a one-line catalog fault, classified by bounded verification on the subject's valid
//! inputs — killed (some input's run violates the spec), equivalent to the correct code within
//! the bounds (every valid input of the scope ends the same way in the same post-state), a
//! duplicate of an earlier killed mutant (likewise), not killed, or refused (javac or sattar does
//! not accept it).

use crate::experiment::{judged_pool_seeing, parallel_map, valid_inputs, with_failures};
use crate::{EngineError, Subject, TestRecord, TestVerdict};
use sattar_catalog::{Catalog, Fault, Mutation};
use sattar_heap::TestInput;
use sattar_java::mutate::{mutants, Operator, SourceMutant};
use sattar_java::Termination;
use sattar_jdk::SourceText;
use std::collections::BTreeMap;
use std::hash::{DefaultHasher, Hash, Hasher};

/// What bounded verification says of a mutant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MutantStatus {
    /// javac or sattar refuses the mutated program (why).
    Refused(String),
    /// Every valid input of the scope ends as on the correct code (the pool is complete).
    Equivalent,
    /// Some input's run violates the spec: this many of the pool's.
    Killed(usize),
    /// Behaves as the earlier killed mutant named on every input.
    Duplicate(String),
    /// No input within the bounds fails (a change the spec does not see, or a pool that is not
    /// complete); this many runs went on past the step limit (an endless loop, which no
    /// encoding of a failing run can hold, so it is not counted as a kill).
    Survived(usize),
    /// Not classified: enough killed mutants were found before it (`eval --mutants N`).
    Unclassified,
}

impl std::fmt::Display for MutantStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MutantStatus::Refused(why) => write!(f, "refused: {why}"),
            MutantStatus::Equivalent => write!(f, "equivalent"),
            MutantStatus::Killed(n) => write!(f, "killed ({n} failing)"),
            MutantStatus::Duplicate(of) => write!(f, "duplicate of {of}"),
            MutantStatus::Survived(0) => write!(f, "not killed"),
            MutantStatus::Survived(n) => write!(f, "not killed ({n} runs past the step limit)"),
            MutantStatus::Unclassified => write!(f, "not classified"),
        }
    }
}

/// A mutant of a catalog subject's method, as a fault.
#[derive(Clone, Debug)]
pub struct Mutant {
    /// The fault: id `prefix.method.L<line>.<OP><k>`, one mutation.
    pub fault: Fault,
    /// The operator.
    pub operator: Operator,
    /// The classification.
    pub status: MutantStatus,
}

impl Mutant {
    /// Whether it removes code: a core cannot name what is missing.
    pub fn is_omission(&self) -> bool {
        self.operator == Operator::Del
    }
}

/// The mutants of one subject method, classified.
#[derive(Clone, Debug)]
pub struct MutantSet {
    /// The method (`SortedList.add`) and the catalog prefix (`ds.sortedList`).
    pub method: String,
    /// Every mutant, in source order.
    pub mutants: Vec<Mutant>,
    /// The valid inputs they were run on.
    pub inputs: usize,
    /// Whether those are every valid input of the scope (equivalence is claimed only then).
    pub complete: bool,
    /// The judged pool of each killed mutant, by id (fault-revealing inputs come from it).
    pub pools: BTreeMap<String, Vec<TestRecord>>,
}

/// The catalog prefix of a fault id (`ds.sortedList.addErr` → `ds.sortedList`).
fn prefix(id: &str) -> &str {
    id.rsplit_once('.').map_or(id, |(p, _)| p)
}

/// The first-order mutants of `base`'s method (its subject, spec and `ensures` set; with
/// `callees`, of the methods it calls too) as faults, with ids `PREFIX.method.L<line>.<OP><k>` (`prefix`: `base`'s catalog prefix when `None`).
pub fn catalog_mutants(
    catalog: &Catalog,
    base: &Fault,
    prefix_of_ids: Option<&str>,
    callees: bool,
) -> Result<Vec<(Fault, Operator)>, EngineError> {
    let correct = Fault {
        mutations: Vec::new(),
        ..base.clone()
    };
    let sources: Vec<SourceText> = catalog
        .faulty_sources(&correct)?
        .into_iter()
        .map(|(path, text)| SourceText { path, text })
        .collect();
    let found = mutants(&sources, &base.method, callees)
        .map_err(|e| EngineError::Usage(format!("mutating {}: {e}", base.method)))?;
    let method = base.method.rsplit('.').next().unwrap_or(&base.method);
    let mut count: BTreeMap<(u32, Operator), usize> = BTreeMap::new();
    Ok(found
        .into_iter()
        .map(|m| {
            let k = count.entry((m.line, m.operator)).or_default();
            *k += 1;
            let id = format!(
                "{}.{method}.L{}.{}{k}",
                prefix_of_ids.unwrap_or_else(|| prefix(&base.id)),
                m.line,
                m.operator.name()
            );
            (as_fault(base, &sources, &m, id), m.operator)
        })
        .collect())
}

fn as_fault(base: &Fault, sources: &[SourceText], m: &SourceMutant, id: String) -> Fault {
    let path = sources.get(m.file).map_or("", |s| s.path.as_str());
    let dir = format!("{}/", base.subject.trim_end_matches('/'));
    Fault {
        id,
        description: format!(
            "{}: `{}` → `{}`",
            m.operator.describe(),
            m.original,
            m.faulty
        ),
        ensures: base.ensures.clone(),
        mutations: vec![Mutation {
            file: path.strip_prefix(&dir).map(str::to_string),
            line: m.line,
            original: m.original.clone(),
            faulty: m.faulty.clone(),
        }],
        ..base.clone()
    }
}

/// The judged pool of `inputs` and each run's observable end — how it ended and its
/// post-state — hashed, from one run per input.
fn observe(
    subject: &Subject,
    inputs: &[TestInput],
) -> Result<(Vec<u64>, Vec<TestRecord>), EngineError> {
    let mut ends = Vec::with_capacity(inputs.len());
    let pool = judged_pool_seeing(subject, inputs.to_vec(), &mut |run| {
        let mut h = DefaultHasher::new();
        format!("{:?}", run.termination).hash(&mut h);
        if run.termination != Termination::StepLimit {
            format!("{:?}", run.post).hash(&mut h);
        }
        ends.push(h.finish());
    })?;
    Ok((ends, pool))
}

/// Mutants classified between two checks of `Classify::UntilKilled`.
pub const CHUNK: usize = 8;

/// How many mutants to classify and in which order.
#[derive(Clone, Copy, Debug)]
pub enum Classify {
    /// Every one, in source order.
    All,
    /// In an order drawn with the seed, until this many are killed and distinct.
    UntilKilled(usize),
}

/// Classifies the mutants of `base`'s method on its valid inputs up to `scope` (drawn with
/// `seed` when there are too many), `threads` at a time.
pub fn classify(
    catalog: &Catalog,
    base: &Fault,
    candidates: Vec<(Fault, Operator)>,
    (scope, seed, threads): (usize, u64, usize),
    how: Classify,
) -> Result<MutantSet, EngineError> {
    let correct = Subject::of_fault_in(
        catalog,
        &Fault {
            mutations: Vec::new(),
            ..base.clone()
        },
    )?;
    let (inputs, complete) = valid_inputs(&correct, scope, seed)?;
    // No input at all proves nothing equivalent.
    let complete = complete && !inputs.is_empty();
    let (reference, _) = observe(&correct, &inputs)?;
    let mut order: Vec<usize> = (0..candidates.len()).collect();
    if let Classify::UntilKilled(_) = how {
        crate::SplitMix64(seed).shuffle(&mut order);
    }
    let mut set = MutantSet {
        method: format!("{} {}", prefix(&base.id), base.method)
            .trim()
            .to_string(),
        mutants: (candidates.iter())
            .map(|(fault, operator)| Mutant {
                fault: fault.clone(),
                operator: *operator,
                status: MutantStatus::Unclassified,
            })
            .collect(),
        inputs: inputs.len(),
        complete,
        pools: BTreeMap::new(),
    };
    let mut first_of: BTreeMap<Vec<u64>, String> = BTreeMap::new();
    // Chunks of a fixed size, so where classification stops does not depend on the threads.
    for chunk in order.chunks(CHUNK) {
        if let Classify::UntilKilled(n) = how {
            if set.pools.len() >= n {
                break;
            }
        }
        let judged = parallel_map(chunk, threads, &|&i| {
            judge_mutant(
                catalog,
                &candidates[i].0,
                &inputs,
                complete,
                &reference,
                scope,
            )
        });
        for (&i, outcome) in chunk.iter().zip(judged) {
            let id = candidates[i].0.id.clone();
            set.mutants[i].status = match outcome {
                Err(e) => MutantStatus::Refused(first_line(&e.to_string())),
                Ok(Judged::Same) => MutantStatus::Equivalent,
                Ok(Judged::Unkilled(looping)) => MutantStatus::Survived(looping),
                Ok(Judged::Killed(sig, pool)) => match first_of.get(&sig) {
                    Some(first) => MutantStatus::Duplicate(first.clone()),
                    None => {
                        first_of.insert(sig, id.clone());
                        let failing = pool.iter().filter(|t| is_failing(t)).count();
                        set.pools.insert(id, pool);
                        MutantStatus::Killed(failing)
                    }
                },
            };
        }
    }
    Ok(set)
}

fn first_line(s: &str) -> String {
    s.lines().next().unwrap_or("").to_string()
}

fn is_failing(t: &TestRecord) -> bool {
    matches!(t.verdict, TestVerdict::Fail(_))
}

/// One mutant on the inputs.
enum Judged {
    /// Ends as the correct code on every input of a complete pool.
    Same,
    /// No input fails; this many runs go on past the step limit.
    Unkilled(usize),
    /// Its observations and its judged pool, which holds a failing input.
    Killed(Vec<u64>, Vec<TestRecord>),
}

fn judge_mutant(
    catalog: &Catalog,
    fault: &Fault,
    inputs: &[TestInput],
    complete: bool,
    reference: &[u64],
    scope: usize,
) -> Result<Judged, EngineError> {
    let subject = Subject::of_fault_in(catalog, fault)?;
    let (sig, mut pool) = observe(&subject, inputs)?;
    if complete && sig == reference {
        return Ok(Judged::Same);
    }
    if !pool.iter().any(is_failing) && !complete {
        // A sampled pool can miss every failing input: ask the encoding for one.
        pool = with_failures(&subject, pool, scope, 1)?;
    }
    Ok(match pool.iter().any(is_failing) {
        true => Judged::Killed(sig, pool),
        false => Judged::Unkilled(inputs.len().saturating_sub(pool.len())),
    })
}

/// The lines a ranking should put an omission at: the statements of the method nearest before
/// and after the removed line (where the missing code belongs).
pub fn omission_neighbours(subject: &Subject, fault: &Fault) -> Vec<(String, u32)> {
    let program = &subject.program;
    let Some(m) = fault.mutations.first() else {
        return Vec::new();
    };
    let file = fault.file_of(m);
    let lines: Vec<u32> = program
        .stmts
        .iter()
        .filter(|s| s.method == subject.method && program.file(s.file).path == file)
        .map(|s| s.line)
        .collect();
    let before = lines.iter().filter(|&&l| l < m.line).max();
    let after = lines.iter().filter(|&&l| l > m.line).min();
    before
        .into_iter()
        .chain(after)
        .map(|&l| (file.clone(), l))
        .collect()
}

/// `n` of the killed, distinct mutants of a set (all when there are fewer), drawn with `seed`,
/// in source order.
pub fn select(set: &MutantSet, n: usize, seed: u64) -> Vec<&Mutant> {
    let mut killed: Vec<&Mutant> = set
        .mutants
        .iter()
        .filter(|m| matches!(m.status, MutantStatus::Killed(_)))
        .collect();
    // The first `n` of a uniform shuffle are a uniform sample.
    crate::SplitMix64(seed).shuffle(&mut killed);
    killed.truncate(n);
    let order = |m: &Mutant| set.mutants.iter().position(|x| x.fault.id == m.fault.id);
    killed.sort_by_key(|m| order(m));
    killed
}
