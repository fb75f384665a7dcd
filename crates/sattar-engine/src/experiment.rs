//! The experiment harness behind `sattar eval`: every technique on every selected catalog fault,
//! on several fault-revealing inputs per fault drawn (seeded) from a bounded-exhaustive pool of
//! valid inputs, in parallel. Every random choice is drawn before the jobs run, so the rows do not
//! depend on the number of threads.

use crate::baselines::{
    apg, apg_ranking, bugassist_ranking, cp_ranking, directed_tests, minimum_correction_sets,
    random_tests,
};
use crate::localize::{
    best_rank, Executor, Interpreter, LocalizeOptions, Localizer, RankedStmt, Technique,
};
use crate::mutants::{catalog_mutants, classify, omission_neighbours, select, Classify, MutantSet};
use crate::rng::SplitMix64;
use crate::spectrum::rank_tests;
use crate::{judge, CoreRequest, Domain, EngineError, Subject, TestRecord, TestVerdict};
use sattar_catalog::{Catalog, Fault};
use sattar_encode::{CheckOptions, InputKind};
use sattar_gen::{Finitization, Generator};
use sattar_heap::TestInput;
use sattar_java::{Limits, Termination};
use sattar_rank::Formula;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Instant;

pub use sattar_report::EvalRow;

/// Every technique `eval` knows, in table order.
pub const TECHNIQUES: &[&str] = &[
    "sat-tar",
    "sat-tar-user",
    "sat",
    "tar-muc",
    "cp",
    "tar-rand",
    "tar-dt",
    "tar-dt+sat",
    "apg",
    "bugassist",
];

/// What to evaluate.
#[derive(Clone, Debug)]
pub struct EvalOptions {
    /// Catalog fault ids.
    pub faults: Vec<String>,
    /// Technique names (a subset of [`TECHNIQUES`]).
    pub techniques: Vec<String>,
    /// Fault-revealing inputs per fault.
    pub runs: usize,
    /// The seed of every random choice.
    pub seed: u64,
    /// Worker threads.
    pub threads: usize,
    /// The largest pool scope (objects per class) inputs are drawn from.
    pub scope: usize,
    /// The SBFL formula of the spectrum techniques.
    pub formula: String,
    /// The spectrum techniques' elements: statements, or statements with their conditions' values.
    pub domain: Domain,
    /// The paper's relaxed cores (postconditions the failing run satisfies stay soft) for
    /// every technique that uses cores.
    pub relaxed: bool,
    /// The most solves BugAssist's search for minimum correction sets spends per input.
    pub bugassist_solves: usize,
    /// Killed mutants evaluated per subject method of the selected faults (0: none).
    pub mutants: usize,
    /// A statement repairs the run when relaxing it in every instance does, those the failing
    /// run did not execute included (SAT-TAR's tie-break, BugAssist).
    pub relax_unexecuted: bool,
    /// The most conflicts one generation query may take, SAT-TAR's and TAR_DT's (`None`: no
    /// limit). Conflicts, unlike time, make the same tables on every machine.
    pub gen_conflicts: Option<u32>,
}

/// The most inputs a pool keeps: a larger pool is sampled uniformly (seeded reservoir sampling),
/// so the evaluation's memory and time stay bounded on subjects with many valid inputs.
pub const POOL_CAP: usize = 2_000;

/// The most candidates one pool's generation may explore at a scope before a smaller scope is
/// tried instead.
pub const POOL_BUDGET: u64 = 300_000;

/// Valid inputs of a subject up to `scope` (the largest scope whose generation fits
/// [`POOL_BUDGET`]), at most [`POOL_CAP`] of them, and whether they are every valid input of
/// `scope` (none sampled away, no smaller scope taken). Statics neither the code nor the spec
/// touches keep their defaults.
fn generated_inputs(
    subject: &Subject,
    scope: usize,
    seed: u64,
) -> Result<(Vec<TestInput>, bool), EngineError> {
    let gen_err = |e: sattar_gen::GenError| EngineError::Usage(format!("generating inputs: {e}"));
    let mut s = scope.max(1);
    loop {
        let generator = Generator::new(
            &subject.program.schema(),
            &subject.spec,
            &finitization(subject, s)?,
        )
        .map_err(gen_err)?
        .with_budget(POOL_BUDGET);
        let mut rng = SplitMix64(seed);
        let mut sample: Vec<TestInput> = Vec::new();
        let mut seen = 0usize;
        let run = generator.for_each_found(|found| {
            seen += 1;
            if sample.len() < POOL_CAP {
                sample.push(found.build());
            } else {
                let j = rng.below(seen);
                if j < POOL_CAP {
                    sample[j] = found.build();
                }
            }
        });
        match run {
            Ok(_) => return Ok((sample, seen <= POOL_CAP && s == scope.max(1))),
            Err(sattar_gen::GenError::BudgetExceeded { .. }) if s > 1 => s -= 1,
            Err(e) => return Err(gen_err(e)),
        }
    }
}

/// The valid inputs a pool is judged from: the generator's, or for inputs holding arrays (which
/// the generator does not enumerate) the SAT encoding's; with whether they are complete.
pub(crate) fn valid_inputs(
    subject: &Subject,
    scope: usize,
    seed: u64,
) -> Result<(Vec<TestInput>, bool), EngineError> {
    match generated_inputs(subject, scope, seed) {
        Err(EngineError::Usage(m)) if subject.program.has_arrays() => {
            let found = sat_inputs(subject, scope, SAT_POOL_CAP, InputKind::Valid)
                .map_err(|e| EngineError::Usage(format!("{m}; and then {e}")))?;
            let complete = found.len() < SAT_POOL_CAP;
            Ok((found, complete))
        }
        other => other,
    }
}

/// The most inputs a pool drawn from the SAT encoding keeps (one solver call each).
pub const SAT_POOL_CAP: usize = 1_200;

/// A judged pool, with fault-revealing inputs of up to `scope` objects per class found by the SAT
/// encoding (valid, violating, blocked in turn, smaller scopes first, at most
/// [`FAILING_CAP`] and at least `runs` when there are) if it holds none: a pool sampled or cut
/// at its cap can miss every failing input of a fault that needs the larger heaps of its scope.
pub(crate) fn with_failures(
    subject: &Subject,
    mut pool: Vec<TestRecord>,
    scope: usize,
    runs: usize,
) -> Result<Vec<TestRecord>, EngineError> {
    if pool
        .iter()
        .any(|t| matches!(t.verdict, TestVerdict::Fail(_)))
    {
        return Ok(pool);
    }
    let found = sat_inputs(subject, scope, FAILING_CAP.max(runs), InputKind::Failing)?;
    pool.extend(judged_pool(subject, found)?);
    Ok(pool)
}

/// Up to `cap` distinct inputs of `kind` from the encoder's free pre-states of scope 1, then 2,
/// … up to `scope` (smaller scopes first, so that a list cut at the cap holds every small one).
fn sat_inputs(
    subject: &Subject,
    scope: usize,
    cap: usize,
    kind: InputKind,
) -> Result<Vec<TestInput>, EngineError> {
    let mut inputs = Vec::new();
    let mut seen = BTreeSet::new();
    for s in 1..=scope.max(1) {
        let mut keep = |input: TestInput| {
            if seen.insert(sattar_heap::input_to_json(&input).to_string()) {
                inputs.push(input);
            }
            match inputs.len() < cap {
                true => std::ops::ControlFlow::Continue(()),
                false => std::ops::ControlFlow::Break(()),
            }
        };
        let (p, m, rm) = (&subject.program, subject.method, &subject.spec);
        sattar_encode::for_each_input(p, m, rm, s, kind, &mut keep).map_err(|e| {
            EngineError::Usage(format!("finding inputs with the SAT encoding: {e}"))
        })?;
        if inputs.len() >= cap {
            break;
        }
    }
    Ok(inputs)
}

/// The most fault-revealing inputs [`with_failures`] adds to a pool that has none.
pub const FAILING_CAP: usize = 40;

/// The most steps (statements and condition evaluations, as `--max-steps` counts them) a pool
/// input's run may take: an input whose run goes on longer is left out of the pool. The longest
/// run in any bundled subject's pool, its faults' included, takes 30; a longer one is a mutant's
/// endless loop, which no encoding of the failing run can hold, and whose cost on the
/// interpreter grows with the square of its length (a collection model copies its elements on
/// every change).
pub const POOL_STEPS: u64 = 500;

/// Every input run on the interpreter and judged, but for those whose run takes more than
/// [`POOL_STEPS`] or reaches a JDK method sattar does not model.
pub(crate) fn judged_pool(
    subject: &Subject,
    inputs: Vec<TestInput>,
) -> Result<Vec<TestRecord>, EngineError> {
    judged_pool_seeing(subject, inputs, &mut |_| {})
}

/// [`judged_pool`], showing every run to `see` first (those past the step limit too): one run
/// per input for whoever needs the runs as well as the pool.
pub(crate) fn judged_pool_seeing(
    subject: &Subject,
    inputs: Vec<TestInput>,
    see: &mut dyn FnMut(&sattar_java::Execution),
) -> Result<Vec<TestRecord>, EngineError> {
    let limits = Limits {
        max_steps: POOL_STEPS,
        ..Limits::default()
    };
    let mut pool = Vec::new();
    for input in inputs {
        let run = match sattar_java::run(&subject.program, subject.method, &input, limits) {
            Ok(run) => run,
            // A run no engine can follow (it reaches Object's identity hashCode): no test.
            Err(sattar_java::RunError::Unsupported(_)) => continue,
            Err(e) => return Err(EngineError::Usage(e.to_string())),
        };
        see(&run);
        if run.termination == Termination::StepLimit {
            continue;
        }
        let judged = judge(subject, &input, run).map_err(|e| EngineError::Usage(e.to_string()))?;
        pool.push(TestRecord::judged(input, judged, None));
    }
    Ok(pool)
}

/// The pool's finitization at `scope`: the generator's defaults, with the statics nothing
/// touches fixed.
fn finitization(subject: &Subject, scope: usize) -> Result<Finitization, EngineError> {
    let gen_err = |e: sattar_gen::GenError| EngineError::Usage(format!("generating inputs: {e}"));
    let schema = subject.program.schema();
    let mut fin = Finitization::for_method(&schema, &subject.spec, scope).map_err(gen_err)?;
    let used = subject.program.statics_used(subject.method);
    let read = subject.spec.statics();
    for (class, c) in &schema.classes {
        for (field, _) in &c.statics {
            let key = format!("{class}.{field}");
            if !used.contains(&key) && !read.contains(&key) {
                fin.fix_static(class, field).map_err(gen_err)?;
            }
        }
    }
    Ok(fin)
}

/// `runs` failing inputs of random sizes (seeded): a size among those with a failing input, then
/// one of its failing inputs.
fn failing_inputs(pool: &[TestRecord], runs: usize, rng: &mut SplitMix64) -> Vec<TestInput> {
    let mut by_size: BTreeMap<usize, Vec<&TestRecord>> = BTreeMap::new();
    for t in pool
        .iter()
        .filter(|t| matches!(t.verdict, TestVerdict::Fail(_)))
    {
        by_size
            .entry(t.input.heap.objects.len())
            .or_default()
            .push(t);
    }
    let sizes: Vec<&Vec<&TestRecord>> = by_size.values().collect();
    (0..runs)
        .filter_map(|_| {
            let group = sizes.get(rng.below(sizes.len()))?;
            Some(group[rng.below(group.len())].input.clone())
        })
        .collect()
}

/// One fault-revealing input of one fault: every technique runs on it.
struct Job {
    fault: Fault,
    /// The fault's subject, loaded once for all its inputs.
    subject: Arc<Subject>,
    /// Where the ranking should put the fault: the faulty lines, or around an omission.
    lines: Vec<(String, u32)>,
    run: usize,
    input: TestInput,
    pool: Arc<Vec<TestRecord>>,
    seed: u64,
}

/// Runs the evaluation; `progress(done, total)` is called after every job.
pub fn evaluate(
    opts: &EvalOptions,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Evaluated, EngineError> {
    let catalog = Catalog::active()?;
    let faults: Vec<Fault> = (opts.faults.iter())
        .map(|id| catalog.fault(id).cloned())
        .collect::<Result<_, _>>()?;
    let mut done = Evaluated::default();
    let mut jobs = catalog_jobs(&faults, opts)?;
    if opts.mutants > 0 {
        jobs.extend(mutant_jobs(&catalog, &faults, opts, &mut done)?);
    }
    let mut order: Vec<&str> = Vec::new();
    for job in &jobs {
        if order.last() != Some(&job.fault.id.as_str()) {
            order.push(&job.fault.id);
        }
    }
    for (job, result) in jobs.iter().zip(run_jobs(&jobs, opts, progress)) {
        match result {
            Ok(r) => done.rows.extend(r),
            // One input past a budget leaves out its rows, not the whole evaluation.
            Err(e) => done
                .left_out
                .push(format!("{} run {}: {e}", job.fault.id, job.run)),
        }
    }
    sort_rows(&mut done.rows, &order);
    Ok(done)
}

/// What an evaluation gives: its rows, the fault-revealing inputs whose job failed (a budget
/// reached, say), each `FAULT run N: why`, with no rows, and the mutants classified.
#[derive(Clone, Debug, Default)]
pub struct Evaluated {
    /// One row per fault, input and technique.
    pub rows: Vec<EvalRow>,
    /// The inputs left out, with why.
    pub left_out: Vec<String>,
    /// The mutants of each subject method (`--mutants`), classified.
    pub mutant_sets: Vec<MutantSet>,
    /// The ids of the mutants evaluated.
    pub mutants: Vec<String>,
}

/// The jobs of catalog faults: per fault, its subject and its pool of valid inputs (shared by
/// faults with the same mutations, built in parallel) and `runs` failing inputs drawn from it,
/// each with its own seed for TAR_rand. Faults whose valid inputs are the same (same classes,
/// spec and finitization) share one generation of them.
fn catalog_jobs(faults: &[Fault], opts: &EvalOptions) -> Result<Vec<Job>, EngineError> {
    let key = |f: &Fault| {
        let lines: Vec<u32> = f.mutations.iter().map(|m| m.line).collect();
        format!("{}#{lines:?}", f.id)
    };
    let mut distinct: Vec<&Fault> = Vec::new();
    for f in faults {
        if !distinct.iter().any(|d| key(d) == key(f)) {
            distinct.push(f);
        }
    }
    let threads = opts.threads;
    let subjects: Vec<Arc<Subject>> = parallel_map(&distinct, threads, &|f: &&Fault| {
        Subject::of_fault(f).map(Arc::new)
    })
    .into_iter()
    .collect::<Result<_, _>>()?;
    let keyed: Vec<(String, &Arc<Subject>)> = (subjects.iter())
        .map(|s| (valid_inputs_key(s, opts.scope), s))
        .collect();
    let valid = shared_valid_inputs(&keyed, opts)?;
    let built = parallel_map(&keyed, threads, &|(key, s)| {
        // Every key has its inputs: `shared_valid_inputs` generated them or failed.
        let inputs = valid.get(key).cloned().unwrap_or_default();
        with_failures(s, judged_pool(s, inputs)?, opts.scope, opts.runs)
    });
    let mut pools: BTreeMap<String, (Arc<Subject>, Arc<Vec<TestRecord>>)> = BTreeMap::new();
    for ((f, subject), pool) in distinct.iter().zip(subjects).zip(built) {
        pools.insert(key(f), (subject, Arc::new(pool?)));
    }
    let mut jobs = Vec::new();
    for fault in faults {
        let lines = fault.faulty_locations();
        let (subject, pool) = &pools[&key(fault)];
        let shared = (subject.clone(), pool.clone());
        fault_jobs(fault, lines, shared, opts, &mut jobs);
    }
    Ok(jobs)
}

/// What a subject's valid inputs depend on: its classes, spec and finitization at `scope`
/// (which names the statics its method uses); a subject with arrays, whose inputs come from
/// its method's SAT encoding, is its own key.
fn valid_inputs_key(subject: &Subject, scope: usize) -> String {
    let schema = subject.program.schema();
    match subject.program.has_arrays() {
        true => format!("{:p}", subject),
        false => match finitization(subject, scope) {
            Ok(fin) => format!("{schema:?}|{:?}|{fin:?}", subject.spec),
            Err(e) => format!("{:p}|{e}", subject),
        },
    }
}

/// The valid inputs of each distinct key of `keyed` (subjects by [`valid_inputs_key`]),
/// generated in parallel.
fn shared_valid_inputs(
    keyed: &[(String, &Arc<Subject>)],
    opts: &EvalOptions,
) -> Result<BTreeMap<String, Vec<TestInput>>, EngineError> {
    let mut distinct: BTreeMap<String, &Subject> = BTreeMap::new();
    for (k, s) in keyed {
        distinct.entry(k.clone()).or_insert(s);
    }
    let todo: Vec<(&String, &&Subject)> = distinct.iter().collect();
    let built = parallel_map(&todo, opts.threads, &|(_, s)| {
        valid_inputs(s, opts.scope, opts.seed).map(|(inputs, _)| inputs)
    });
    todo.iter()
        .zip(built)
        .map(|((k, _), inputs)| Ok(((*k).clone(), inputs?)))
        .collect()
}

/// `runs` jobs of one fault, drawn from its pool. Each fault draws from its own stream, so
/// `--faults X` reproduces X's rows of a larger run whatever else is selected.
fn fault_jobs(
    fault: &Fault,
    lines: Vec<(String, u32)>,
    (subject, pool): (Arc<Subject>, Arc<Vec<TestRecord>>),
    opts: &EvalOptions,
    jobs: &mut Vec<Job>,
) {
    let mut rng = SplitMix64(fault_seed(opts.seed, &fault.id));
    for (run, input) in failing_inputs(&pool, opts.runs, &mut rng)
        .into_iter()
        .enumerate()
    {
        jobs.push(Job {
            fault: fault.clone(),
            subject: subject.clone(),
            lines: lines.clone(),
            run,
            input,
            pool: pool.clone(),
            seed: rng.next_u64(),
        });
    }
}

/// The jobs of `--mutants N`: for each subject method of the selected faults (its first
/// fault's spec and `ensures` set), its mutants classified and up to N killed distinct ones
/// drawn, each run as a fault; an omission is ranked at the statements around the gap.
fn mutant_jobs(
    catalog: &Catalog,
    faults: &[Fault],
    opts: &EvalOptions,
    done: &mut Evaluated,
) -> Result<Vec<Job>, EngineError> {
    let mut bases: Vec<&Fault> = Vec::new();
    for f in faults {
        if !bases
            .iter()
            .any(|b| b.subject == f.subject && b.method == f.method)
        {
            bases.push(f);
        }
    }
    let mut jobs = Vec::new();
    for base in bases {
        let bounds = (opts.scope, opts.seed, opts.threads);
        let how = Classify::UntilKilled(opts.mutants);
        let set = match catalog_mutants(catalog, base, None, true)
            .and_then(|c| classify(catalog, base, c, bounds, how))
        {
            Ok(set) => set,
            Err(e) => {
                done.left_out
                    .push(format!("the mutants of {}: {e}", base.method));
                continue;
            }
        };
        for m in select(&set, opts.mutants, fault_seed(opts.seed, &set.method)) {
            let subject = Arc::new(Subject::of_fault(&m.fault)?);
            let lines = match m.is_omission() {
                true => omission_neighbours(&subject, &m.fault),
                false => m.fault.faulty_locations(),
            };
            let pool = Arc::new(set.pools.get(&m.fault.id).cloned().unwrap_or_default());
            fault_jobs(&m.fault, lines, (subject, pool), opts, &mut jobs);
            done.mutants.push(m.fault.id.clone());
        }
        done.mutant_sets.push(set);
    }
    Ok(jobs)
}

/// The seed of one fault's draws: `seed` mixed with the FNV-1a hash of its id.
fn fault_seed(seed: u64, id: &str) -> u64 {
    let hash = id.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    SplitMix64(seed ^ hash).next_u64()
}

/// Runs the jobs in parallel; the results come back in job order.
fn run_jobs(
    jobs: &[Job],
    opts: &EvalOptions,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Vec<Result<Vec<EvalRow>, EngineError>> {
    let done = AtomicUsize::new(0);
    parallel_map(jobs, opts.threads, &|job: &Job| {
        let rows = run_job(job, opts);
        progress(done.fetch_add(1, Ordering::SeqCst) + 1, jobs.len());
        rows
    })
}

/// `f` of every item, on `threads` threads each taking the next item not yet taken; the results
/// in item order, so they do not depend on the thread count.
pub(crate) fn parallel_map<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    f: &(dyn Fn(&T) -> R + Sync),
) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let worker = || {
        let mut results = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::SeqCst);
            let Some(item) = items.get(i) else {
                return results;
            };
            results.push((i, f(item)));
        }
    };
    let mut results: Vec<(usize, R)> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads.max(1)).map(|_| s.spawn(worker)).collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    results.sort_by_key(|(i, _)| *i);
    results.into_iter().map(|(_, r)| r).collect()
}

/// Rows by fault (in job order), input, then technique (in table order).
fn sort_rows(rows: &mut [EvalRow], faults: &[&str]) {
    let order = |t: &str| {
        TECHNIQUES
            .iter()
            .position(|x| *x == t)
            .unwrap_or(usize::MAX)
    };
    let fault_order = |f: &str| faults.iter().position(|x| *x == f).unwrap_or(usize::MAX);
    rows.sort_by_key(|r| (fault_order(&r.fault), r.run, order(&r.technique)));
}

/// Every requested technique on one fault-revealing input.
fn run_job(job: &Job, opts: &EvalOptions) -> Result<Vec<EvalRow>, EngineError> {
    let wants = |t: &str| opts.techniques.iter().any(|x| x == t);
    let ctx = JobContext::new(job, opts)?;
    let mut exec = Interpreter(Limits::default());
    let mut sat_tar = ctx.sat_tar(opts, &mut exec)?;
    let mut rows = ctx.loop_rows(&sat_tar);
    if wants("cp") {
        rows.push(ctx.cp(&sat_tar)?);
    }
    if wants("tar-rand") {
        rows.push(ctx.tar_rand(&sat_tar));
    }
    if wants("tar-dt") || wants("tar-dt+sat") {
        rows.extend(ctx.tar_dt(&sat_tar, &mut exec)?);
    }
    if wants("apg") {
        rows.push(ctx.apg(&sat_tar)?);
    }
    if wants("bugassist") {
        rows.push(ctx.bugassist(&mut sat_tar, opts.bugassist_solves)?);
    }
    rows.retain(|r| wants(&r.technique));
    Ok(rows)
}

/// What every row of one job shares: the job, its subject, the faulty lines and the formula.
struct JobContext<'j> {
    job: &'j Job,
    subject: Arc<Subject>,
    lines: Vec<(String, u32)>,
    formula: Formula,
    domain: Domain,
    /// Statements of the subject's files, every row's EXAM denominator over them.
    subject_statements: usize,
}

/// Statements of the job's subject files: those whose path lies under the fault's subject (its
/// file, or its folder's files).
fn subject_statements(job: &Job) -> usize {
    let program = &job.subject.program;
    let under = job.fault.subject.trim_end_matches('/');
    (program.stmts.iter())
        .filter(|s| program.file(s.file).path.starts_with(under))
        .count()
}

/// SAT-TAR run to exhaustion (at most 50 rounds), and the round an ideal user would stop at.
struct SatTarRun<'s> {
    loc: Localizer<'s>,
    /// The best round's rank of the fault, tests and ranking.
    best: (Option<usize>, usize, Vec<RankedStmt>),
    /// Tests of the last round.
    tests: usize,
    seconds: f64,
}

impl<'j> JobContext<'j> {
    fn new(job: &'j Job, opts: &EvalOptions) -> Result<JobContext<'j>, EngineError> {
        let formula = Formula::by_name(&opts.formula)
            .map_err(|e| EngineError::Usage(format!("--formula {}: {e}", opts.formula)))?;
        Ok(JobContext {
            job,
            subject: job.subject.clone(),
            lines: job.lines.clone(),
            formula,
            domain: opts.domain,
            subject_statements: subject_statements(job),
        })
    }

    /// A technique's row from its ranking.
    fn row(&self, technique: &str, ranking: &[RankedStmt], tests: usize, seconds: f64) -> EvalRow {
        let program = &self.subject.program;
        let rank = best_rank(program, ranking, &self.lines);
        EvalRow {
            fault: self.job.fault.id.clone(),
            technique: technique.into(),
            run: self.job.run,
            input_size: self.job.input.heap.objects.len(),
            rank,
            ranks: self
                .lines
                .iter()
                .map(|l| best_rank(program, ranking, std::slice::from_ref(l)))
                .collect(),
            tests,
            exam: rank.map(|r| r as f64 / ranking.len().max(1) as f64),
            subject_statements: self.subject_statements,
            seconds,
        }
    }

    /// SAT-TAR to exhaustion, remembering the best round (the ideal user).
    fn sat_tar(
        &self,
        opts: &EvalOptions,
        exec: &mut dyn Executor,
    ) -> Result<SatTarRun<'_>, EngineError> {
        let t0 = Instant::now();
        let lopts = LocalizeOptions {
            formula: opts.formula.clone(),
            domain: opts.domain,
            cores: CoreRequest {
                input: Some(self.job.input.clone()),
                // An evaluation computes every case: a SAT time budget would make its tables
                // depend on the machine's speed (and on what else it runs).
                check: CheckOptions {
                    sat_time: None,
                    ..CheckOptions::default()
                },
                keep_satisfied: !opts.relaxed,
                relax_unexecuted: opts.relax_unexecuted,
                ..CoreRequest::default()
            },
            gen_conflicts: opts.gen_conflicts,
            ..LocalizeOptions::default()
        };
        let mut loc = Localizer::start(&self.subject, lopts, exec)?;
        let mut best = (
            loc.rank_of_lines(&self.lines),
            loc.test_count(),
            loc.ranking(),
        );
        while loc.step(exec)?.is_some() && loc.rounds.len() < 50 {
            let r = loc.rank_of_lines(&self.lines);
            if r.unwrap_or(usize::MAX) < best.0.unwrap_or(usize::MAX) {
                best = (r, loc.test_count(), loc.ranking());
            }
        }
        let tests = loc.test_count();
        Ok(SatTarRun {
            loc,
            best,
            tests,
            seconds: t0.elapsed().as_secs_f64(),
        })
    }

    /// The techniques read off the SAT-TAR run: SAT-TAR, SAT-TAR_user, SAT (the core alone) and
    /// TAR_MUC (the same tests without the boost).
    fn loop_rows(&self, s: &SatTarRun) -> Vec<EvalRow> {
        let loc = &s.loc;
        vec![
            self.row("sat-tar", &loc.ranking(), s.tests, s.seconds),
            self.row("sat-tar-user", &s.best.2, s.best.1, s.seconds),
            self.row(
                "sat",
                &loc.ranking_as(Technique::Sat),
                1,
                loc.analysis.time.as_secs_f64(),
            ),
            self.row(
                "tar-muc",
                &loc.ranking_as(Technique::TarMuc),
                s.tests,
                s.seconds,
            ),
        ]
    }

    /// CP on the SAT-TAR tests.
    fn cp(&self, s: &SatTarRun) -> Result<EvalRow, EngineError> {
        let t = Instant::now();
        let spectrum: Vec<TestRecord> = s.loc.tests().cloned().collect();
        let ranking = cp_ranking(&self.subject, &spectrum)?;
        Ok(self.row("cp", &ranking, spectrum.len(), t.elapsed().as_secs_f64()))
    }

    /// TAR_rand: as many random pool tests as SAT-TAR ran.
    fn tar_rand(&self, s: &SatTarRun) -> EvalRow {
        let t = Instant::now();
        let mut rng = SplitMix64(self.job.seed);
        let drawn = random_tests(&self.job.pool, s.tests, s.loc.violated(), &mut rng);
        let ranking = rank_tests(drawn.iter(), &self.formula, self.domain, None);
        self.row("tar-rand", &ranking, drawn.len(), t.elapsed().as_secs_f64())
    }

    /// TAR_DT and TAR_DT+SAT: as many directed tests as SAT-TAR ran, without and with the boost.
    fn tar_dt(&self, s: &SatTarRun, exec: &mut dyn Executor) -> Result<[EvalRow; 2], EngineError> {
        let t = Instant::now();
        let trace = sattar_java::run(
            &self.subject.program,
            self.subject.method,
            &self.job.input,
            Limits::default(),
        )
        .map_err(|e| EngineError::Usage(e.to_string()))?
        .trace;
        let conflicts = s.loc.options().gen_conflicts;
        // The loop's failing path: built with the same options TAR_DT's own would be.
        let dt = directed_tests(
            &self.subject,
            (&s.loc.initial, &trace),
            s.loc.failing_path()?,
            s.tests,
            conflicts,
            exec,
        )?;
        let secs = t.elapsed().as_secs_f64();
        let plain = rank_tests(dt.iter(), &self.formula, self.domain, None);
        let boosted = rank_tests(dt.iter(), &self.formula, self.domain, Some(&s.loc.analysis));
        Ok([
            self.row("tar-dt", &plain, dt.len(), secs),
            self.row(
                "tar-dt+sat",
                &boosted,
                dt.len(),
                secs + s.loc.analysis.time.as_secs_f64(),
            ),
        ])
    }

    /// BugAssist on the failing run's encoding (the one the cores came from).
    fn bugassist(&self, s: &mut SatTarRun, max_solves: usize) -> Result<EvalRow, EngineError> {
        let t = Instant::now();
        let analysis = &mut s.loc.analysis;
        let sets = minimum_correction_sets(analysis, max_solves)?;
        let ranking = bugassist_ranking(analysis, &sets);
        Ok(self.row("bugassist", &ranking, 1, t.elapsed().as_secs_f64()))
    }

    /// APG on the failing input.
    fn apg(&self, s: &SatTarRun) -> Result<EvalRow, EngineError> {
        let t = Instant::now();
        let flipped = apg(&self.subject, &self.job.input)?;
        let ranking = apg_ranking(&flipped, &s.loc.initial.covered);
        Ok(self.row("apg", &ranking, 1, t.elapsed().as_secs_f64()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn subject(fault: &str) -> Subject {
        let catalog = Catalog::bundled().expect("the bundled catalog loads");
        let fault = catalog.fault(fault).expect("a catalog fault");
        Subject::of_fault(fault).expect("its subject loads")
    }

    /// Faults share one generation of valid inputs exactly when what the generator reads is the
    /// same: the BST faults of `add` do, the list's and the BST's do not, and a subject with
    /// arrays (whose inputs come from its method's encoding) shares with no other.
    #[test]
    fn valid_inputs_are_shared_by_faults_the_generator_cannot_tell_apart() {
        let key = |f: &str| valid_inputs_key(&subject(f), 3);
        assert_eq!(key("bst.rightErr"), key("bst.traverseErr"));
        assert_ne!(key("bst.rightErr"), key("sll.removeErr"));
        let heap = subject("arrays.heap.siftErr");
        assert!(heap.program.has_arrays());
        assert_ne!(valid_inputs_key(&heap, 3), key("arrays.heap.siftErr"));
        // What is shared is what each would have generated alone.
        let (a, b) = (subject("bst.rightErr"), subject("bst.traverseErr"));
        let inputs = |s: &Subject| valid_inputs(s, 3, 1).expect("generates").0;
        assert_eq!(inputs(&a), inputs(&b));
        assert!(!inputs(&a).is_empty());
    }
}
