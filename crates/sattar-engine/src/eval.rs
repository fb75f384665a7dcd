//! `sattar eval`: every technique on every selected catalog fault, on several fault-revealing
//! inputs per fault drawn (seeded) from a bounded-exhaustive pool of valid inputs, in parallel.

use crate::compare::{
    apg, apg_ranking, cp_ranking, directed_tests, random_tests, rank_tests, SplitMix64,
};
use crate::localize::{
    best_rank, Executor, Interpreter, LocalizeOptions, Localizer, RankedStmt, Technique,
};
use crate::{judge, CoreRequest, EngineError, Subject, SubjectRequest, TestRecord, TestVerdict};
use sattar_catalog::{Catalog, Fault};
use sattar_gen::{Finitization, Generator};
use sattar_heap::TestInput;
use sattar_java::{Limits, StmtId};
use sattar_rank::Formula;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

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
}

/// One technique on one fault-revealing input.
#[derive(Clone, Debug, PartialEq)]
pub struct EvalRow {
    /// The fault.
    pub fault: String,
    /// The technique.
    pub technique: String,
    /// Which input of the fault (0-based).
    pub run: usize,
    /// Objects in the fault-revealing input.
    pub input_size: usize,
    /// Worst-case rank of the best-ranked faulty statement (`None`: not ranked).
    pub rank: Option<usize>,
    /// The rank of each faulty line (for multi-fault entries), in the catalog's order.
    pub ranks: Vec<Option<usize>>,
    /// Tests the ranking is based on.
    pub tests: usize,
    /// EXAM: the rank over the number of ranked statements.
    pub exam: Option<f64>,
    /// Wall time of the technique on this input.
    pub seconds: f64,
}

/// Valid inputs of a subject up to `scope`, each judged on the interpreter.
fn pool(subject: &Subject, scope: usize) -> Result<Vec<TestRecord>, EngineError> {
    let schema = subject.program.schema();
    let gen_err = |e: sattar_gen::GenError| EngineError::Usage(format!("generating inputs: {e}"));
    let fin = Finitization::for_method(&schema, &subject.spec, scope).map_err(gen_err)?;
    let inputs = Generator::new(&schema, &subject.spec, &fin)
        .map_err(gen_err)?
        .inputs()
        .map_err(gen_err)?;
    let mut exec = Interpreter(Limits::default());
    inputs
        .into_iter()
        .map(|input| {
            let run = exec.execute(subject, &input)?;
            let judged =
                judge(subject, &input, run).map_err(|e| EngineError::Usage(e.to_string()))?;
            Ok(TestRecord {
                input,
                verdict: judged.verdict,
                covered: judged.execution.covered,
                added: true,
                prefix: None,
            })
        })
        .collect()
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

struct Job {
    fault: Fault,
    run: usize,
    input: TestInput,
    pool: std::sync::Arc<Vec<TestRecord>>,
    seed: u64,
}

/// Runs the evaluation; `progress(done, total)` is called after every job.
pub fn evaluate(
    opts: &EvalOptions,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Vec<EvalRow>, EngineError> {
    let catalog = Catalog::bundled()?;
    let mut jobs = Vec::new();
    let mut pools: BTreeMap<String, std::sync::Arc<Vec<TestRecord>>> = BTreeMap::new();
    let mut rng = SplitMix64(opts.seed);
    for id in &opts.faults {
        let fault = catalog.fault(id)?.clone();
        let subject = load(&fault.id)?;
        let key = format!(
            "{}#{:?}",
            fault.id,
            fault.mutations.iter().map(|m| m.line).collect::<Vec<_>>()
        );
        let pool = match pools.get(&key) {
            Some(p) => p.clone(),
            None => {
                let p = std::sync::Arc::new(pool(&subject, opts.scope)?);
                pools.insert(key, p.clone());
                p
            }
        };
        for (run, input) in failing_inputs(&pool, opts.runs, &mut rng)
            .into_iter()
            .enumerate()
        {
            jobs.push(Job {
                fault: fault.clone(),
                run,
                input,
                pool: pool.clone(),
                seed: rng.next_u64(),
            });
        }
    }
    let total = jobs.len();
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let rows = Mutex::new(Vec::new());
    let errors = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..opts.threads.max(1) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(job) = jobs.get(i) else { break };
                match run_job(job, opts) {
                    Ok(r) => rows.lock().unwrap_or_else(|e| e.into_inner()).extend(r),
                    Err(e) => errors
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push(format!("{} run {}: {e}", job.fault.id, job.run)),
                }
                progress(done.fetch_add(1, Ordering::SeqCst) + 1, total);
            });
        }
    });
    if let Some(e) = errors
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .next()
    {
        return Err(EngineError::Usage(e));
    }
    let mut rows = rows.into_inner().unwrap_or_else(|e| e.into_inner());
    let order = |t: &str| {
        TECHNIQUES
            .iter()
            .position(|x| *x == t)
            .unwrap_or(usize::MAX)
    };
    let fault_order = |f: &str| {
        opts.faults
            .iter()
            .position(|x| x == f)
            .unwrap_or(usize::MAX)
    };
    rows.sort_by_key(|r| (fault_order(&r.fault), r.run, order(&r.technique)));
    Ok(rows)
}

fn load(id: &str) -> Result<Subject, EngineError> {
    Subject::load(&SubjectRequest {
        fault: Some(id.into()),
        ..Default::default()
    })
}

/// Every requested technique on one fault-revealing input.
fn run_job(job: &Job, opts: &EvalOptions) -> Result<Vec<EvalRow>, EngineError> {
    let subject = load(&job.fault.id)?;
    let lines = job.fault.faulty_lines();
    let formula = Formula::by_name(&opts.formula)
        .map_err(|e| EngineError::Usage(format!("--formula {}: {e}", opts.formula)))?;
    let mut exec = Interpreter(Limits::default());
    let wants = |t: &str| opts.techniques.iter().any(|x| x == t);
    let row = |technique: &str, ranking: &[RankedStmt], tests: usize, seconds: f64| EvalRow {
        fault: job.fault.id.clone(),
        technique: technique.into(),
        run: job.run,
        input_size: job.input.heap.objects.len(),
        rank: best_rank(&subject.program, ranking, &lines),
        ranks: lines
            .iter()
            .map(|l| best_rank(&subject.program, ranking, &[*l]))
            .collect(),
        tests,
        exam: best_rank(&subject.program, ranking, &lines)
            .map(|r| r as f64 / ranking.len().max(1) as f64),
        seconds,
    };
    let mut rows = Vec::new();
    // SAT-TAR to exhaustion, remembering the best round (the ideal user).
    let t0 = Instant::now();
    let lopts = LocalizeOptions {
        formula: opts.formula.clone(),
        cores: CoreRequest {
            input: Some(job.input.clone()),
            ..CoreRequest::default()
        },
        ..LocalizeOptions::default()
    };
    let mut loc = Localizer::start(&subject, lopts, &mut exec)?;
    let mut best = (loc.rank_of_lines(&lines), loc.test_count(), loc.ranking());
    while loc.step(&mut exec)?.is_some() && loc.rounds.len() < 50 {
        let r = loc.rank_of_lines(&lines);
        if r.unwrap_or(usize::MAX) < best.0.unwrap_or(usize::MAX) {
            best = (r, loc.test_count(), loc.ranking());
        }
    }
    let sat_tar_secs = t0.elapsed().as_secs_f64();
    let tests = loc.test_count();
    let push = |rows: &mut Vec<EvalRow>, r: EvalRow| {
        if wants(&r.technique) {
            rows.push(r);
        }
    };
    push(
        &mut rows,
        row("sat-tar", &loc.ranking(), tests, sat_tar_secs),
    );
    push(
        &mut rows,
        row("sat-tar-user", &best.2, best.1, sat_tar_secs),
    );
    push(
        &mut rows,
        row(
            "sat",
            &loc.ranking_as(Technique::Sat),
            1,
            loc.analysis.time.as_secs_f64(),
        ),
    );
    push(
        &mut rows,
        row(
            "tar-muc",
            &loc.ranking_as(Technique::TarMuc),
            tests,
            sat_tar_secs,
        ),
    );
    if wants("cp") {
        let t = Instant::now();
        let spectrum: Vec<TestRecord> = loc.tests().cloned().collect();
        let ranking = cp_ranking(&subject, &spectrum)?;
        push(
            &mut rows,
            row("cp", &ranking, spectrum.len(), t.elapsed().as_secs_f64()),
        );
    }
    let suspects: BTreeSet<StmtId> = loc.analysis.suspects.clone();
    let violated = loc.violated().to_vec();
    if wants("tar-rand") {
        let t = Instant::now();
        let mut rng = SplitMix64(job.seed);
        let drawn = random_tests(&job.pool, tests, &violated, &mut rng);
        let ranking = rank_tests(drawn.iter(), &formula, None);
        push(
            &mut rows,
            row("tar-rand", &ranking, drawn.len(), t.elapsed().as_secs_f64()),
        );
    }
    if wants("tar-dt") || wants("tar-dt+sat") {
        let t = Instant::now();
        let trace = sattar_java::run(
            &subject.program,
            subject.method,
            &job.input,
            Limits::default(),
        )
        .map_err(|e| EngineError::Usage(e.to_string()))?
        .trace;
        let dt = directed_tests(&subject, &loc.initial, &trace, tests, &mut exec)?;
        let secs = t.elapsed().as_secs_f64();
        let plain = rank_tests(dt.iter(), &formula, None);
        push(&mut rows, row("tar-dt", &plain, dt.len(), secs));
        let boosted = rank_tests(dt.iter(), &formula, Some(&suspects));
        push(
            &mut rows,
            row(
                "tar-dt+sat",
                &boosted,
                dt.len(),
                secs + loc.analysis.time.as_secs_f64(),
            ),
        );
    }
    if wants("apg") {
        let t = Instant::now();
        let flipped = apg(&subject, &job.input)?;
        let ranking = apg_ranking(&flipped, &loc.initial.covered);
        push(
            &mut rows,
            row("apg", &ranking, 1, t.elapsed().as_secs_f64()),
        );
    }
    Ok(rows)
}
