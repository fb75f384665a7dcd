//! The façade the `sattar` command calls: one function per command, returning what
//! `sattar-report` renders. A front end needs nothing below this crate: the types it names from
//! lower crates are re-exported here.
//!
//! | command | façade |
//! |---|---|
//! | `parse` | [`parse_java_file`], [`parse_fault_source`] |
//! | `run` | [`run_test`] (on [`EngineKind::Jvm`] or [`EngineKind::Interp`]) |
//! | `check` | [`check_subject`] |
//! | `core` | [`find_cores`] |
//! | `localize` | [`LocalizePlan`] → [`LocalizeSession`] |
//! | `gen` | [`generate_inputs`] |
//! | `eval` | [`run_experiment`] |
//! | `rank` | [`rank_gzoltar_dir`] |
//! | `__jvm-worker` | [`jvm_worker_main`] |

mod localize;

pub use localize::{LocalizePlan, LocalizeSession, RankSnapshot};
pub use sattar_diag::Diagnostic;
pub use sattar_encode::{CheckOptions, CoreOrder, DEFAULT_MAX_GATES};
pub use sattar_heap::TestInput;
pub use sattar_java::{Limits, MethodKind, Program, StmtId, Termination};

use crate::error::read;
use crate::experiment::{evaluate, EvalOptions, EvalRow, TECHNIQUES};
use crate::mutants::{MutantSet, MutantStatus};
use crate::{
    judge, CoreAnalysis, CoreRequest, EngineError, Executor, InputSource, Subject, TimedInterpreter,
};
use sattar_catalog::{Catalog, Fault};
use sattar_encode::CheckOutcome;
use sattar_java::{parse_program, Execution};
use sattar_jvm::{JvmOptions, JvmRunner};
use sattar_rank::gzoltar::RankedLine;
use sattar_report::{
    CheckSummary, CoreItem, CoreSummary, EvalMutant, EvalSetup, FaultInfo, GeneratedInputs,
    InputOrigin, MutantSummary, ScopeSize, Statement, TestRun, Violation,
};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// What executes a test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum EngineKind {
    /// The real JVM: the instrumented class compiled with `javac`, run in a worker process.
    #[default]
    Jvm,
    /// The reference interpreter of the IR.
    Interp,
}

impl EngineKind {
    /// `jvm` or `interp`, as a session file names it.
    pub fn name(self) -> &'static str {
        match self {
            EngineKind::Jvm => "jvm",
            EngineKind::Interp => "interp",
        }
    }

    /// The engine a session file names (anything but `interp` is the JVM).
    pub fn from_name(name: &str) -> EngineKind {
        if name == "interp" {
            EngineKind::Interp
        } else {
            EngineKind::Jvm
        }
    }
}

/// The budget of one test run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RunLimits {
    /// Steps (statements and condition evaluations) before the run is stopped as non-terminating.
    pub max_steps: u64,
    /// Nested calls before the interpreter throws `StackOverflowError` (the JVM has its own stack).
    pub max_depth: u32,
    /// Wall-clock time per test before it is stopped (on the JVM, the worker is killed).
    pub timeout: Duration,
}

impl Default for RunLimits {
    fn default() -> Self {
        let limits = Limits::default();
        RunLimits {
            max_steps: limits.max_steps,
            max_depth: limits.max_depth,
            timeout: Duration::from_secs(5),
        }
    }
}

/// Instruments and compiles the subject and starts a JVM worker with `limits`.
fn start_jvm(subject: &Subject, limits: &RunLimits) -> Result<JvmRunner, EngineError> {
    let opts = JvmOptions {
        max_steps: limits.max_steps,
        timeout: limits.timeout,
        ..Default::default()
    };
    Ok(JvmRunner::start_against(
        &subject.program,
        &subject.classpath,
        opts,
    )?)
}

/// The executor of `kind` for `subject` (on the JVM: the worker is started now).
pub fn executor(
    kind: EngineKind,
    subject: &Subject,
    limits: &RunLimits,
) -> Result<Box<dyn Executor>, EngineError> {
    Ok(match kind {
        EngineKind::Interp => Box::new(TimedInterpreter {
            limits: Limits {
                max_steps: limits.max_steps,
                max_depth: limits.max_depth,
            },
            timeout: limits.timeout,
        }),
        EngineKind::Jvm => Box::new(start_jvm(subject, limits)?),
    })
}

/// The source lines of `covered`, ascending, each once.
fn covered_lines(program: &Program, covered: &BTreeSet<StmtId>) -> Vec<u32> {
    let mut lines: Vec<u32> = covered.iter().map(|s| program.stmt(*s).line).collect();
    lines.sort_unstable();
    lines.dedup();
    lines
}

/// `sattar parse FILE`: the file's IR, or the diagnostics that refuse it.
pub fn parse_java_file(path: &Path) -> Result<Result<Program, Vec<Diagnostic>>, EngineError> {
    let text = read(path)?;
    Ok(parse_program(&path.display().to_string(), &text))
}

/// `sattar parse PATH…`: the program of a source set (javac's errors as `Err`; methods sattar
/// cannot analyse carry their reason).
pub fn parse_source_set(
    paths: &[PathBuf],
) -> Result<Result<Program, Vec<Diagnostic>>, EngineError> {
    let sources = crate::sources::read_sources(paths)?;
    Ok(sattar_java::parse_sources(&sources))
}

/// What `sattar parse --method M` reports: the method, every method a run of it reaches, and the
/// first construct among them sattar does not analyse.
#[derive(Clone, Debug)]
pub struct MethodSupport {
    /// `Class.name` of the method.
    pub method: String,
    /// `Class.name` of every method it reaches (itself included), in id order.
    pub reached: Vec<String>,
    /// Why it cannot be analysed, if it cannot.
    pub unsupported: Option<Diagnostic>,
}

/// Whether method `name` of `program` (and all it reaches) is inside sattar's language.
pub fn method_support(program: &Program, name: &str) -> Result<MethodSupport, EngineError> {
    let m = crate::subject::pick_method(program, Some(name))?;
    Ok(MethodSupport {
        method: program.method(m).qualified_name(),
        reached: program
            .reachable(m)
            .into_iter()
            .map(|x| program.method(x).qualified_name())
            .collect(),
        unsupported: program.check_supported(m).err(),
    })
}

/// `sattar parse --fault ID`: the IR of a bundled fault's faulty source.
pub fn parse_fault_source(id: &str) -> Result<Result<Program, Vec<Diagnostic>>, EngineError> {
    let catalog = Catalog::active()?;
    let fault = catalog.fault(id)?;
    let sources = catalog
        .faulty_sources(fault)?
        .into_iter()
        .map(|(path, text)| sattar_jdk::SourceText { path, text })
        .collect::<Vec<_>>();
    Ok(sattar_java::parse_sources(&sources))
}

/// The method catalog fault `id` is about (`Class.m`, as `--method` takes it).
pub fn fault_method(id: &str) -> Result<String, EngineError> {
    Ok(Catalog::active()?.fault(id)?.method.clone())
}

/// `sattar run`: runs one test on `kind` and lets the specification judge it.
pub fn run_test(
    subject: &Subject,
    input: &TestInput,
    kind: EngineKind,
    limits: &RunLimits,
) -> Result<TestRun, EngineError> {
    let execution = match kind {
        EngineKind::Interp => executor(kind, subject, limits)?.execute(subject, input)?,
        EngineKind::Jvm => start_jvm(subject, limits)?.run(subject.method, input)?,
    };
    test_run(subject, input, execution)
}

/// Whether the verdict of `run` depends on the JVM's `Integer` cache: judged again on the
/// interpreter with every `Integer` cached (`-XX:AutoBoxCacheMax` at its largest), a differing
/// verdict is said, with both.
pub fn cache_dependence(
    subject: &Subject,
    input: &TestInput,
    run: &TestRun,
    limits: &RunLimits,
) -> Option<String> {
    subject.program.class("java.lang.Integer")?;
    let wide = sattar_java::run_with_cache(
        &subject.program,
        subject.method,
        input,
        sattar_java::Limits {
            max_steps: limits.max_steps,
            max_depth: limits.max_depth,
        },
        // The same wall clock as the run it is compared with (`--timeout`).
        Instant::now().checked_add(limits.timeout),
        i64::from(i32::MAX),
    )
    .ok()?;
    let other = test_run(subject, input, wide).ok()?;
    (other.verdict != run.verdict || other.constraints != run.constraints).then(|| {
        format!(
            "warning: this verdict depends on the JVM's Integer cache: boxing shares equal \
             Integers up to 127 by default (as this run did), up to -XX:AutoBoxCacheMax when \
             raised; with every Integer shared the run is {} {:?} instead of {} {:?} (`==` on \
             Integer objects compares identities: use equals)",
            other.verdict, other.constraints, run.verdict, run.constraints
        )
    })
}

/// A run judged by the subject's specification.
fn test_run(
    subject: &Subject,
    input: &TestInput,
    execution: Execution,
) -> Result<TestRun, EngineError> {
    let judged = judge(subject, input, execution)
        .map_err(|e| EngineError::Usage(format!("evaluating the specification: {e}")))?;
    Ok(TestRun {
        method: subject.method_name(),
        input: input.clone(),
        verdict: judged.verdict.label().into(),
        constraints: judged.verdict.constraints().to_vec(),
        covered_lines: covered_lines(&subject.program, &judged.execution.covered),
        execution: judged.execution,
    })
}

/// `sattar check`: the smallest valid input within the bounds whose run violates the
/// postcondition (confirmed on the interpreter), or that there is none.
/// `on_scope(scope, max_scope)` is called before each scope is searched.
pub fn check_subject(
    subject: &Subject,
    opts: &CheckOptions,
    on_scope: &mut dyn FnMut(usize, usize),
) -> Result<CheckSummary, EngineError> {
    let checked = crate::check_observed(subject, opts, on_scope)?;
    let r = &checked.report;
    let violation = match (&r.outcome, &checked.confirmed) {
        (CheckOutcome::Violation(found), Some(run)) => Some(Violation {
            input: found.input.clone(),
            violated: found.violated(),
            covered_lines: covered_lines(&subject.program, &run.execution.covered),
            execution: run.execution.clone(),
        }),
        _ => None,
    };
    Ok(CheckSummary {
        method: subject.method_name(),
        scope: r.scope,
        bitwidth: r.bitwidth,
        loops: r.unroll.clone(),
        scopes: r
            .stats
            .iter()
            .map(|s| ScopeSize {
                scope: s.scope,
                vars: s.vars,
                clauses: s.clauses,
                solves: s.solves,
                ms: s.time.as_secs_f64() * 1e3,
            })
            .collect(),
        violation,
        valid_inputs: r.valid_inputs,
    })
}

/// The cores of a failing run: the summary `sattar core` prints, and the grouped problem for
/// external MUS tools.
pub struct CoreResult {
    /// What the cores say.
    pub summary: CoreSummary,
    analysis: CoreAnalysis,
}

impl CoreResult {
    /// The grouped problem as group-CNF.
    pub fn gcnf(&self) -> String {
        self.analysis.encoding.session.gcnf()
    }

    /// The grouped problem as WCNF: hard clauses plus one soft unit per group.
    pub fn wcnf(&self) -> String {
        self.analysis.encoding.session.wcnf()
    }
}

/// `sattar core`: the failing input (given, or the smallest `check` finds), confirmed to fail on
/// the interpreter, and the minimal unsatisfiable cores of its run.
pub fn find_cores(subject: &Subject, req: &CoreRequest) -> Result<CoreResult, EngineError> {
    let analysis = crate::cores(subject, req)?;
    Ok(CoreResult {
        summary: core_summary(subject, &analysis),
        analysis,
    })
}

fn core_summary(s: &Subject, a: &CoreAnalysis) -> CoreSummary {
    let p = &s.program;
    let statements = |ids: &BTreeSet<StmtId>| -> Vec<Statement> {
        ids.iter()
            .map(|id| {
                let st = p.stmt(*id);
                Statement {
                    id: *id,
                    line: st.line,
                    text: st.text.clone(),
                }
            })
            .collect()
    };
    CoreSummary {
        method: s.method_name(),
        file: p.path_of(s.method).to_string(),
        failing: a.judged.verdict.constraints().to_vec(),
        input: a.input.clone(),
        origin: match a.source {
            InputSource::Given => InputOrigin::Given,
            InputSource::Check(scope) => InputOrigin::Check(scope),
        },
        violated: a.violated.clone(),
        suspects: statements(&a.suspects),
        cores: a
            .cores
            .iter()
            .map(|c| CoreItem {
                violated: c.violated.clone(),
                suspects: statements(&c.suspects),
                groups: c.groups.len(),
                solves: c.solves,
            })
            .collect(),
        repairs_alone: statements(&a.repairs_alone),
        targets_relaxed: a.targets_relaxed(),
        executed: statements(&a.executed),
        fault: s.fault.as_ref().map(|f| FaultInfo {
            id: f.id.clone(),
            faulty_lines: f.faulty_lines(),
            rank: sat_rank(s, a),
        }),
        vars: a.encoding.session.num_vars(),
        clauses: a.encoding.session.num_clauses(),
        groups: a.encoding.executed_groups().len() + a.encoding.postcondition_groups().len(),
        ms: a.time.as_secs_f64() * 1e3,
        core_ms: a.core_time.as_secs_f64() * 1e3,
    }
}

/// The SAT technique's worst-case rank of the best-ranked faulty statement, for a bundled fault.
fn sat_rank(s: &Subject, a: &CoreAnalysis) -> Option<usize> {
    let fault = s.fault.as_ref()?;
    let ranking = crate::sat_ranking(a);
    a.executed
        .iter()
        .filter(|id| crate::localize::at_place(&s.program, **id, &fault.faulty_locations()))
        .filter_map(|id| ranking.rank_of(id))
        .map(|r| r.worst())
        .min()
}

/// What `sattar gen` generates.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GenRequest {
    /// Objects per class (up to, unless `exactly`), and the default int domains (`0..scope`).
    pub scope: usize,
    /// A class that gets exactly `scope` objects.
    pub exactly: Option<String>,
    /// Argument domains as given to `--arg`: `k=0` or `k=0..3` (inclusive).
    pub args: Vec<String>,
    /// Only count the inputs.
    pub count_only: bool,
}

/// The most values one `--arg` range may have: each is enumerated (and multiplies the inputs).
const MAX_ARG_VALUES: i64 = 1 << 16;

/// An argument domain: `NAME=VALUE` or `NAME=LO..HI`.
fn parse_arg(a: &str) -> Result<(String, Vec<i32>), EngineError> {
    let usage = |why: String| EngineError::Usage(format!("--arg {a}: {why}"));
    let (name, values) = a
        .split_once('=')
        .ok_or_else(|| usage("write NAME=VALUE or NAME=LO..HI".into()))?;
    let parse = |v: &str| {
        v.trim()
            .parse::<i32>()
            .map_err(|e| usage(format!("`{v}` is not an int: {e}")))
    };
    let values: Vec<i32> = match values.split_once("..") {
        Some((lo, hi)) => {
            let (lo, hi) = (parse(lo)?, parse(hi)?);
            let count = i64::from(hi) - i64::from(lo) + 1;
            if count > MAX_ARG_VALUES {
                return Err(usage(format!(
                    "the range has {count} values; gen enumerates every one, at most {MAX_ARG_VALUES} per argument: give a smaller range"
                )));
            }
            (lo..=hi).collect()
        }
        None => vec![parse(values)?],
    };
    if values.is_empty() {
        return Err(usage("the range is empty".into()));
    }
    Ok((name.trim().to_string(), values))
}

/// `sattar gen`: every non-isomorphic valid input of the subject's method within the bounds;
/// `on_found(n)` is called as the `n`th is found.
pub fn generate_inputs(
    subject: &Subject,
    req: &GenRequest,
    on_found: &mut dyn FnMut(u64),
) -> Result<GeneratedInputs, EngineError> {
    let schema = subject.program.schema();
    let mut fin = sattar_gen::Finitization::for_method(&schema, &subject.spec, req.scope)?;
    if let Some(c) = &req.exactly {
        fin.exactly(c, req.scope)?;
    }
    for arg in &req.args {
        let (name, values) = parse_arg(arg)?;
        fin.int_arg(&name, values)?;
    }
    let generator = sattar_gen::Generator::new(&schema, &subject.spec, &fin)?;
    let t0 = Instant::now();
    let (count, inputs) = if req.count_only {
        (generator.count_observed(on_found)?, Vec::new())
    } else {
        let mut inputs = Vec::new();
        generator.for_each(|t| {
            inputs.push(t);
            on_found(inputs.len() as u64);
        })?;
        (inputs.len() as u64, inputs)
    };
    Ok(GeneratedInputs {
        count,
        inputs,
        seconds: t0.elapsed().as_secs_f64(),
        finitization: fin.to_string(),
    })
}

/// What `sattar eval` compares, as given on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalRequest {
    /// Catalog faults: comma-separated ids or `*` globs.
    pub faults: String,
    /// Techniques, comma-separated (`None`: all, see [`TECHNIQUES`]).
    pub techniques: Option<String>,
    /// Fault-revealing inputs per fault.
    pub runs: usize,
    /// The seed of every random choice.
    pub seed: u64,
    /// Worker threads (`None`: the machine's cores).
    pub threads: Option<usize>,
    /// Objects per class of the input pool.
    pub scope: usize,
    /// The SBFL formula of the spectrum techniques.
    pub formula: String,
    /// The spectrum techniques' elements (`--domain`).
    pub domain: crate::Domain,
    /// The paper's relaxed cores (postconditions the failing run satisfies stay soft).
    pub relaxed: bool,
    /// The most solves BugAssist's search spends per input (`--bugassist-solves`).
    pub bugassist_solves: usize,
    /// Killed mutants evaluated per subject method (`--mutants`; 0: none).
    pub mutants: usize,
    /// Repairs relax every instance of a statement (`--relax-unexecuted`).
    pub relax_unexecuted: bool,
    /// The most conflicts of one generation query (`--gen-conflicts`; `None`: no limit).
    pub gen_conflicts: Option<u32>,
}

/// The rows of an evaluation and what the tables need to lay them out.
#[derive(Clone, Debug, PartialEq)]
pub struct EvalOutcome {
    /// One row per fault, input and technique.
    pub rows: Vec<EvalRow>,
    /// The faults, techniques and parameters compared (and the inputs left out).
    pub setup: EvalSetup,
    /// Wall time of the whole evaluation, in seconds.
    pub wall_seconds: f64,
}

/// Whether `id` matches a comma-separated list of ids and `*` globs.
fn selected(pattern: &str, id: &str) -> bool {
    pattern.split(',').map(str::trim).any(|p| glob(p, id))
}

/// Whether `sattar eval --faults pattern` runs fault `f`: a pattern matches it — a heavy one
/// only a pattern that names its subject (`maps.lru.*`) or the fault, not a wider glob (`*`,
/// `maps.*`): its evaluation takes minutes.
fn selected_fault(pattern: &str, f: &Fault) -> bool {
    let subject = f.id.rsplit_once('.').map_or(f.id.as_str(), |(s, _)| s);
    pattern.split(',').map(str::trim).any(|p| {
        let head = p.split('*').next().unwrap_or(p);
        glob(p, &f.id) && (f.heavy.is_none() || head.len() > subject.len())
    })
}

/// The heavy faults `--faults` matches but leaves out, each with why and how to run it.
fn heavy_left_out(req: &EvalRequest, catalog: &Catalog) -> Vec<String> {
    (catalog.faults.iter())
        .filter(|f| selected(&req.faults, &f.id) && !selected_fault(&req.faults, f))
        .filter_map(|f| {
            let why = f.heavy.as_deref()?;
            let subject = f.id.rsplit_once('.').map_or(f.id.as_str(), |(s, _)| s);
            Some(format!(
                "{} ({why}; `--faults '{subject}.*'` runs it)",
                f.id
            ))
        })
        .collect()
}

fn glob(p: &str, s: &str) -> bool {
    match p.split_once('*') {
        None => p == s,
        Some((head, rest)) => {
            s.starts_with(head)
                && (0..=s.len() - head.len())
                    .any(|i| s.is_char_boundary(head.len() + i) && glob(rest, &s[head.len() + i..]))
        }
    }
}

/// `sattar eval`: every selected technique on every selected fault; `progress(done, total)` is
/// called after each fault-revealing input.
pub fn run_experiment(
    req: &EvalRequest,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<EvalOutcome, EngineError> {
    let catalog = Catalog::active()?;
    let opts = experiment_options(req, &catalog)?;
    let t0 = Instant::now();
    let done = evaluate(&opts, progress)?;
    let wall_seconds = t0.elapsed().as_secs_f64();
    let mut setup = eval_setup(opts, &catalog);
    setup.left_out = heavy_left_out(req, &catalog);
    setup.left_out.extend(done.left_out);
    setup.mutant_sets = done
        .mutant_sets
        .iter()
        .map(|set| mutant_summary(set, &done.mutants))
        .collect();
    setup.mutants = (done.mutant_sets.iter())
        .flat_map(|set| &set.mutants)
        .filter(|m| done.mutants.contains(&m.fault.id))
        .map(|m| EvalMutant {
            id: m.fault.id.clone(),
            operator: m.operator.name().to_string(),
            omission: m.is_omission(),
        })
        .collect();
    Ok(EvalOutcome {
        rows: done.rows,
        setup,
        wall_seconds,
    })
}

/// The request checked against the catalog and the known techniques.
fn experiment_options(req: &EvalRequest, catalog: &Catalog) -> Result<EvalOptions, EngineError> {
    let faults: Vec<String> = catalog
        .faults
        .iter()
        .filter(|f| selected_fault(&req.faults, f))
        .map(|f| f.id.clone())
        .collect();
    if faults.is_empty() {
        let heavy = heavy_left_out(req, catalog);
        let why = if heavy.is_empty() {
            String::new()
        } else {
            format!(
                " but faults marked heavy, run only when named: {}",
                heavy.join("; ")
            )
        };
        return Err(EngineError::Usage(format!(
            "--faults {}: no catalog fault matches{why} (see `sattar faults`)",
            req.faults
        )));
    }
    let techniques: Vec<String> = match &req.techniques {
        None => TECHNIQUES.iter().map(|t| t.to_string()).collect(),
        Some(list) => list.split(',').map(|t| t.trim().to_string()).collect(),
    };
    if let Some(bad) = techniques
        .iter()
        .find(|t| !TECHNIQUES.contains(&t.as_str()))
    {
        return Err(EngineError::Usage(format!(
            "--techniques: unknown technique `{bad}`; known: {}",
            TECHNIQUES.join(", ")
        )));
    }
    if req.runs == 0 || req.scope == 0 {
        return Err(EngineError::Usage(
            "--runs and --scope must be at least 1".into(),
        ));
    }
    let threads = req
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get()));
    Ok(EvalOptions {
        faults,
        techniques,
        runs: req.runs,
        seed: req.seed,
        threads,
        scope: req.scope,
        formula: req.formula.clone(),
        domain: req.domain,
        relaxed: req.relaxed,
        bugassist_solves: req.bugassist_solves,
        mutants: req.mutants,
        relax_unexecuted: req.relax_unexecuted,
        gen_conflicts: req.gen_conflicts,
    })
}

/// What the tables need: the multi-fault entries, the techniques in column order.
fn eval_setup(opts: EvalOptions, catalog: &Catalog) -> EvalSetup {
    let multi = opts
        .faults
        .iter()
        .filter(|id| catalog.fault(id).is_ok_and(|f| f.is_multi()))
        .cloned()
        .collect();
    EvalSetup {
        multi,
        techniques: TECHNIQUES
            .iter()
            .filter(|t| opts.techniques.iter().any(|x| x == *t))
            .map(|t| t.to_string())
            .collect(),
        faults: opts.faults,
        runs: opts.runs,
        seed: opts.seed,
        scope: opts.scope,
        formula: opts.formula,
        domain: opts.domain.name().into(),
        threads: opts.threads,
        left_out: Vec::new(),
        mutants: Vec::new(),
        mutant_sets: Vec::new(),
    }
}

/// How one method's mutants were classified; `evaluated`: the ids evaluated as faults.
fn mutant_summary(set: &MutantSet, evaluated: &[String]) -> MutantSummary {
    let count =
        |f: &dyn Fn(&MutantStatus) -> bool| set.mutants.iter().filter(|m| f(&m.status)).count();
    MutantSummary {
        method: set.method.clone(),
        generated: set.mutants.len(),
        refused: count(&|s| matches!(s, MutantStatus::Refused(_))),
        equivalent: count(&|s| *s == MutantStatus::Equivalent),
        survived: count(&|s| matches!(s, MutantStatus::Survived(_))),
        duplicates: count(&|s| matches!(s, MutantStatus::Duplicate(_))),
        killed: count(&|s| matches!(s, MutantStatus::Killed(_))),
        unclassified: count(&|s| *s == MutantStatus::Unclassified),
        evaluated: (set.mutants.iter())
            .filter(|m| evaluated.contains(&m.fault.id))
            .count(),
        inputs: set.inputs,
        complete: set.complete,
    }
}

/// `sattar rank`: the elements of a GZoltar output directory ranked by `formula` (the first `top`).
pub fn rank_gzoltar_dir(
    dir: &Path,
    formula: &str,
    top: Option<usize>,
) -> Result<Vec<RankedLine>, EngineError> {
    Ok(sattar_rank::gzoltar::rank_dir(dir, formula, top)?)
}

/// Refuses a name in `names` that is not a formula sattar knows (`--formula a,b,c`).
pub fn check_formulas(names: &[String]) -> Result<(), EngineError> {
    for f in names {
        sattar_rank::Formula::by_name(f)
            .map_err(|e| EngineError::Usage(format!("--formula {f}: {e}")))?;
    }
    Ok(())
}

/// `sattar __jvm-worker`: the JVM worker process the JVM runner starts; never returns.
pub fn jvm_worker_main() -> ! {
    sattar_jvm::worker_main()
}

/// What `sattar mutate` mutates: a Java file or folder (with `method`), or a bundled fault's
/// subject (its correct code).
#[derive(Clone, Debug, Default)]
pub struct MutateRequest {
    /// A Java file or folder.
    pub java: Option<PathBuf>,
    /// A bundled fault whose subject method is mutated.
    pub fault: Option<String>,
    /// The method (required with `java`).
    pub method: Option<String>,
    /// The spec file (`--classify` with `java`; else the sources' annotations).
    pub spec: Option<PathBuf>,
    /// The `ensures` set.
    pub ensures: Option<String>,
    /// Classify each mutant by bounded verification.
    pub classify: bool,
    /// Mutate the methods it calls too.
    pub callees: bool,
    /// Objects per class of the valid inputs it runs them on.
    pub scope: usize,
    /// The seed of the input sample, when the inputs are too many.
    pub seed: u64,
    /// Worker threads (`None`: the machine's cores).
    pub threads: Option<usize>,
}

/// `sattar mutate`: the first-order mutants of a method, classified on request.
pub fn mutate(req: &MutateRequest) -> Result<Vec<sattar_report::MutantLine>, EngineError> {
    use crate::mutants::{catalog_mutants, classify, Classify};
    let (catalog, mut base, prefix) = match (&req.java, &req.fault) {
        (None, Some(id)) => {
            let catalog = Catalog::active()?;
            let fault = catalog.fault(id)?.clone();
            (catalog, fault, None)
        }
        (Some(path), None) => {
            let method = req.method.clone().ok_or_else(|| {
                EngineError::Usage("--method: say which method to mutate (`Class.name`)".into())
            })?;
            let base = sattar_catalog::Fault {
                id: String::new(),
                subject: path.display().to_string(),
                spec: req
                    .spec
                    .as_ref()
                    .map_or_else(String::new, |p| p.display().to_string()),
                method,
                ensures: req.ensures.clone(),
                description: String::new(),
                mutations: Vec::new(),
                heavy: None,
            };
            let stem = path.file_stem().map(|s| s.to_string_lossy().to_string());
            let catalog = Catalog {
                root: PathBuf::from("."),
                file: String::new(),
                faults: Vec::new(),
            };
            (catalog, base, stem)
        }
        _ => {
            return Err(EngineError::Usage(
                "give a Java file or folder (with --method), or --fault ID".into(),
            ))
        }
    };
    base.mutations.clear();
    if let Some(m) = &req.method {
        base.method = m.clone();
    }
    let candidates = catalog_mutants(&catalog, &base, prefix.as_deref(), req.callees)?;
    let statuses: Vec<Option<String>> = match req.classify {
        true => {
            let threads = req
                .threads
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get()));
            let bounds = (req.scope, req.seed, threads);
            let set = classify(&catalog, &base, candidates.clone(), bounds, Classify::All)?;
            set.mutants
                .iter()
                .map(|m| Some(m.status.to_string()))
                .collect()
        }
        false => vec![None; candidates.len()],
    };
    Ok(candidates
        .into_iter()
        .zip(statuses)
        .map(|((f, op), status)| {
            let m = &f.mutations[0];
            sattar_report::MutantLine {
                file: f.file_of(m),
                line: m.line,
                original: m.original.clone(),
                faulty: m.faulty.clone(),
                operator: op.name().to_string(),
                id: f.id,
                status,
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fault(id: &str, heavy: bool) -> Fault {
        Fault {
            id: id.into(),
            subject: "s".into(),
            spec: "s.spec".into(),
            method: "C.m".into(),
            ensures: None,
            description: String::new(),
            mutations: Vec::new(),
            heavy: heavy.then(|| "minutes".into()),
        }
    }

    /// A heavy fault runs only when a pattern names its subject or itself; others by any match.
    #[test]
    fn a_heavy_fault_is_selected_only_by_name() {
        let heavy = fault("maps.lru.evictArgErr", true);
        let light = fault("maps.twoSum.complementErr", false);
        for p in ["*", "maps.*", "maps.l*", "*Err", "sll.*,maps.*"] {
            assert!(!selected_fault(p, &heavy), "{p}");
        }
        for p in ["maps.lru.*", "maps.lru.evictArgErr", "sll.*, maps.lru.e*"] {
            assert!(selected_fault(p, &heavy), "{p}");
        }
        assert!(selected_fault("*", &light) && selected_fault("maps.*", &light));
        assert!(!selected_fault("maps.lru.*", &light));
    }
}
