//! One function per command: read flags, call the engine's façade, print what the report renders.

use crate::Format;
use crate::{flags, out};
use anyhow::{bail, Context, Result};
use clap::{Args, ValueEnum};
use sattar_catalog::Catalog;
use sattar_engine::facade::{self, CheckOptions, CoreOrder, EngineKind, RunLimits, TestInput};
use sattar_engine::project::ProjectConfig;
use sattar_engine::{CoreRequest, FromTest, Subject, SubjectRequest};
use sattar_report as report;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// The flags that name a subject: Java sources and a method, or a bundled fault.
#[derive(Args, Clone, Debug)]
pub struct SubjectArgs {
    /// The Java sources: files, or folders (their package trees are read whole); default
    /// `src/main/java` when it exists (a Maven or Gradle project).
    pub paths: Vec<PathBuf>,
    /// The method to analyse (`name`, `Class.name`, `pkg.Class.name`; `Class.Class` for a
    /// constructor); optional when the sources have one method.
    #[arg(long)]
    pub method: Option<String>,
    /// A bundled fault instead of FILE (see `sattar faults`): selects file, method, spec and ensures set.
    #[arg(long)]
    pub fault: Option<String>,
    /// A specification file, merged with the annotations in the Java file.
    #[arg(long)]
    pub spec: Option<PathBuf>,
    /// Which `ensures` set of the method to check (when its spec has several).
    #[arg(long)]
    pub ensures: Option<String>,
}

impl SubjectArgs {
    /// The request these flags make; `any_ensures`: without `--ensures`, take the method's first
    /// set (input generation reads no postcondition).
    pub fn request(&self, any_ensures: bool) -> SubjectRequest {
        // A Maven or Gradle project's sources when none are named.
        let main = std::path::Path::new("src/main/java");
        let java = match self.paths.is_empty() && self.fault.is_none() && main.is_dir() {
            true => vec![main.to_path_buf()],
            false => self.paths.clone(),
        };
        SubjectRequest {
            java,
            fault: self.fault.clone(),
            method: self.method.clone(),
            spec: self.spec.clone(),
            ensures: self.ensures.clone(),
            any_ensures,
            expect: None,
            library_from: Vec::new(),
            classpath: Vec::new(),
            blame: None,
        }
    }

    /// The subject these flags name.
    pub fn load(&self) -> Result<Subject> {
        Ok(Subject::load(&self.request(false))?)
    }
}

/// The failing run from the user's JUnit test: shared by `run`, `core`, `localize`, `capture`.
#[derive(Args, Clone, Debug)]
pub struct FromTestArgs {
    /// Take the failing run from a JUnit 5 test (`ClassTest#test`, `pkg.ClassTest#test` or
    /// `path/ClassTest.java#test`): the test runs on the JVM, each call of the method is
    /// captured and judged, and the first valid call whose run violates the spec is the input.
    #[arg(long, value_name = "TEST")]
    pub from_test: Option<String>,
    /// Jars and folders the tests compile and run against, `:`-separated (JUnit 5 comes from
    /// Debian's junit5 package when none of them holds the JUnit Platform launcher).
    #[arg(long, value_delimiter = ':', requires = "from_test")]
    pub classpath: Vec<PathBuf>,
    /// Folders of test sources, read whole (default `src/test/java`).
    #[arg(long, requires = "from_test")]
    pub test_path: Vec<PathBuf>,
    /// Wall-clock seconds the whole JUnit test may take (the JVM is stopped past it).
    #[arg(long, value_name = "SECONDS", default_value = "60", value_parser = flags::seconds)]
    pub test_timeout: Duration,
    /// The most calls of the method whose pre-states are read and judged (later ones are only
    /// counted).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_calls: u64,
    /// No spec: the test's own assertions are the property. The test method is analysed as the
    /// program (its failed assertion the violation) and only `--method`'s statements are
    /// suspects.
    #[arg(long, requires = "from_test")]
    pub spec_from_test: bool,
    /// Keep the captured failing input whole (by default it is shrunk: objects are dropped and
    /// ints lowered while its run violates the same constraints).
    #[arg(long, requires = "from_test")]
    pub no_shrink: bool,
    /// The most candidate runs shrinking the captured input may spend.
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_shrink_runs: u64,
}

impl FromTestArgs {
    /// The capture these flags ask for, if any.
    pub fn request(&self) -> Option<FromTest> {
        Some(FromTest {
            test: self.from_test.clone()?,
            test_roots: self.test_path.clone(),
            classpath: self.classpath.clone(),
            timeout: self.test_timeout,
            max_calls: usize::try_from(self.max_calls).unwrap_or(usize::MAX),
            shrink: (!self.no_shrink)
                .then(|| usize::try_from(self.max_shrink_runs).unwrap_or(usize::MAX)),
        })
    }
}

/// What a command that may take its failing run from a test works on.
pub struct Resolved {
    /// The subject's request (what a session records).
    pub request: SubjectRequest,
    /// The subject.
    pub subject: Subject,
    /// The failing input `--from-test` captured, if given.
    pub captured: Option<TestInput>,
}

/// The subject the flags name — with the defaults of the working directory's `sattar.toml`
/// (sources, tests, class path, targets) where a flag is not given — and, with `--from-test`,
/// the failing input: without `--method`, the first target of the file whose method the test
/// calls with a violating run.
pub fn resolve(
    subject: &SubjectArgs,
    from: &FromTestArgs,
    engine: EngineKind,
    limits: &RunLimits,
) -> Result<Resolved> {
    let config = ProjectConfig::find(std::path::Path::new("."))?.unwrap_or_default();
    let mut subject = subject.clone();
    if subject.paths.is_empty() && subject.fault.is_none() {
        subject.paths = config.sources.clone();
    }
    let candidates: Vec<SubjectRequest> = match (&subject.method, &subject.fault) {
        (None, None) if !config.targets.is_empty() => config
            .targets
            .iter()
            .map(|t| {
                let mut req = subject.request(false);
                req.method = Some(t.method.clone());
                // With --spec-from-test the test's assertions stand for the target's spec.
                if !from.spec_from_test {
                    req.spec = req.spec.or_else(|| t.spec.clone());
                    req.ensures = req.ensures.or_else(|| t.ensures.clone());
                }
                req
            })
            .collect(),
        _ => vec![subject.request(false)],
    };
    let mut from = from.clone();
    if from.classpath.is_empty() {
        from.classpath = config.classpath.clone();
    }
    if from.test_path.is_empty() {
        from.test_path = config.tests.clone();
    }
    let Some(test) = from.request() else {
        let [request] = candidates.as_slice() else {
            let names: Vec<&str> = config.targets.iter().map(|t| t.method.as_str()).collect();
            bail!(
                "sattar.toml names several targets ({}): choose one with --method",
                names.join(", ")
            );
        };
        let loaded = Subject::load(request)?;
        return Ok(Resolved {
            request: request.clone(),
            subject: loaded,
            captured: None,
        });
    };
    if from.spec_from_test {
        let [request] = candidates.as_slice() else {
            bail!("--spec-from-test needs --method: the method under test (sattar.toml names several)");
        };
        let request = sattar_engine::spec_from_test_request(request, &test)?;
        let loaded = Subject::load(&request)?;
        let found = sattar_engine::capture_failure(&loaded, &test, engine, limits)?;
        say_found(&found, &loaded);
        return Ok(Resolved {
            request,
            subject: loaded,
            captured: Some(found.input),
        });
    }
    let (request, loaded, found) =
        sattar_engine::capture_first_failure(&candidates, &test, engine, limits)?;
    say_found(&found, &loaded);
    Ok(Resolved {
        request,
        subject: loaded,
        captured: Some(found.input),
    })
}

/// Says on stderr which call failed and what shrinking did to its input.
fn say_found(found: &sattar_engine::CapturedFailure, subject: &Subject) {
    out::eprintln(&found.describe(&subject.method_name()));
    if let Some(line) = found.describe_shrinking() {
        out::eprintln(line);
    }
}

/// Flags of `sattar faults`.
#[derive(Args)]
pub struct FaultsArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

/// Lists the bundled fault catalog.
pub fn faults(a: FaultsArgs) -> Result<ExitCode> {
    let catalog = Catalog::active()?;
    match a.format {
        Format::Json => out::println(&report::render_json(&report::faults_json(&catalog)))?,
        Format::Text => out::print(&report::faults_text(&catalog))?,
    }
    Ok(ExitCode::SUCCESS)
}

/// Flags of `sattar mutate`.
#[derive(Args)]
pub struct MutateArgs {
    /// A Java file, or a folder (a package tree read whole).
    path: Option<PathBuf>,
    /// A bundled fault instead of PATH: mutates its subject method's correct code.
    #[arg(long)]
    fault: Option<String>,
    /// The method to mutate (`name`, `Class.name`, `Class.Class` for a constructor).
    #[arg(long)]
    method: Option<String>,
    /// Classify each mutant by bounded verification: killed (some valid input's run violates
    /// the spec), equivalent (every valid input of the scope ends as on the correct code),
    /// duplicate of an earlier killed one, not killed, or refused by javac or sattar.
    #[arg(long)]
    classify: bool,
    /// Mutate every method of the sources the method calls, directly or not, too.
    #[arg(long)]
    callees: bool,
    /// The spec file (with PATH; without it, the sources' annotations).
    #[arg(long)]
    spec: Option<PathBuf>,
    /// The `ensures` set of the method to check.
    #[arg(long)]
    ensures: Option<String>,
    /// Objects per class of the valid inputs `--classify` runs the mutants on.
    #[arg(long, default_value_t = 3)]
    scope: usize,
    /// The seed of the input sample when the valid inputs are more than sattar keeps.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (default: the cores of this machine).
    #[arg(long)]
    threads: Option<usize>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

/// Lists the first-order mutants of a method, classified on request.
pub fn mutate(a: MutateArgs) -> Result<ExitCode> {
    if a.scope == 0 {
        bail!("--scope must be at least 1");
    }
    let rows = facade::mutate(&facade::MutateRequest {
        java: a.path,
        fault: a.fault,
        method: a.method,
        spec: a.spec,
        ensures: a.ensures,
        classify: a.classify,
        callees: a.callees,
        scope: a.scope,
        seed: a.seed,
        threads: a.threads,
    })?;
    match a.format {
        Format::Json => out::println(&report::render_json(&report::mutants_json(&rows)))?,
        Format::Text => out::print(&report::mutants_text(&rows))?,
    }
    Ok(ExitCode::SUCCESS)
}

/// Flags of `sattar parse`.
#[derive(Args)]
pub struct ParseArgs {
    /// The Java sources: files, or folders (their package trees are read whole).
    paths: Vec<PathBuf>,
    /// A bundled fault instead of PATHs: parses its faulty source.
    #[arg(long)]
    fault: Option<String>,
    /// Say whether this method and everything it reaches are inside sattar's language
    /// (`name`, `Class.name`, `pkg.Class.name`, `Class.Class` for a constructor).
    #[arg(long)]
    method: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

/// Parses Java sources and prints their IR with what sattar cannot analyse per method (exit 2 if
/// anything), or javac's diagnostics (exit 2); with `--method`, the methods it reaches and
/// whether they are supported (exit 2 if not).
pub fn parse(a: ParseArgs) -> Result<ExitCode> {
    let parsed = match (a.paths.is_empty(), &a.fault) {
        (false, None) => facade::parse_source_set(&a.paths)?,
        (true, Some(id)) => facade::parse_fault_source(id)?,
        _ => bail!("give either Java files or folders, or --fault ID"),
    };
    let program = match parsed {
        Ok(p) => p,
        Err(diags) => {
            for d in &diags {
                out::eprintln(&d.to_string());
            }
            return Ok(ExitCode::from(2));
        }
    };
    if let Some(m) = &a.method {
        let support = facade::method_support(&program, m)?;
        match a.format {
            Format::Json => out::println(&report::render_json(&report::support_json(
                &support.method,
                &support.reached,
                support.unsupported.as_ref(),
            )))?,
            Format::Text => out::print(&report::support_text(
                &support.method,
                &support.reached,
                support.unsupported.as_ref(),
            ))?,
        }
        if let Some(d) = &support.unsupported {
            out::eprintln(&d.to_string());
            return Ok(ExitCode::from(2));
        }
        return Ok(ExitCode::SUCCESS);
    }
    match a.format {
        Format::Json => out::println(&report::render_json(&report::program_json(&program)))?,
        Format::Text => out::print(&report::program_text(&program))?,
    }
    // A fault is about one method: only what it reaches must be supported.
    let unsupported: Vec<_> = match &a.fault {
        Some(id) => {
            let m = facade::fault_method(id)?;
            facade::method_support(&program, &m)?
                .unsupported
                .into_iter()
                .collect()
        }
        None => program
            .methods
            .iter()
            .filter(|m| m.kind == facade::MethodKind::Source)
            .filter_map(|m| m.unsupported.clone())
            .collect(),
    };
    for d in &unsupported {
        out::eprintln(&d.to_string());
    }
    Ok(if unsupported.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(2)
    })
}

/// Which executor runs a test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum EngineArg {
    /// The real JVM: the instrumented class compiled with javac, run in a worker process.
    #[default]
    Jvm,
    /// The reference interpreter of the IR.
    Interp,
}

impl EngineArg {
    /// The engine the flag names.
    pub fn kind(self) -> EngineKind {
        match self {
            EngineArg::Jvm => EngineKind::Jvm,
            EngineArg::Interp => EngineKind::Interp,
        }
    }
}

/// What runs a test and its budget: shared by `run`, `capture` and `localize`.
#[derive(Args, Clone, Debug)]
pub struct ExecArgs {
    /// What runs the tests: the JVM, or sattar's reference interpreter.
    #[arg(long, value_enum, default_value_t)]
    pub engine: EngineArg,
    /// Steps (statements and condition evaluations) per test before it is stopped as
    /// non-terminating.
    #[arg(long, default_value_t = RunLimits::default().max_steps)]
    pub max_steps: u64,
    /// Nested calls before the interpreter stops with a StackOverflowError (the JVM has its own
    /// stack: see docs/JVM.md).
    #[arg(long, default_value_t = RunLimits::default().max_depth)]
    pub max_depth: u32,
    /// Wall-clock seconds per test before it is stopped (`terminates` fails; on the JVM the
    /// worker is killed).
    #[arg(long, value_name = "SECONDS", default_value = "5", value_parser = flags::seconds, allow_negative_numbers = true)]
    pub timeout: Duration,
}

impl ExecArgs {
    /// The budget of one test.
    pub fn limits(&self) -> RunLimits {
        RunLimits {
            max_steps: self.max_steps,
            max_depth: self.max_depth,
            timeout: self.timeout,
        }
    }
}

/// Flags of `sattar run`.
#[derive(Args)]
pub struct RunArgs {
    #[command(flatten)]
    subject: SubjectArgs,
    /// The test input: a heap, the receiver and the arguments, in JSON (see README).
    #[arg(
        long,
        required_unless_present = "from_test",
        conflicts_with = "from_test"
    )]
    input: Option<PathBuf>,
    #[command(flatten)]
    from_test: FromTestArgs,
    #[command(flatten)]
    exec: ExecArgs,
    /// Also say which defaults were applied to the input.
    #[arg(long, short)]
    verbose: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

/// Runs one test and judges it with the specification.
pub fn run(a: RunArgs) -> Result<ExitCode> {
    let (engine, limits) = (a.exec.engine.kind(), a.exec.limits());
    let resolved = resolve(&a.subject, &a.from_test, engine, &limits)?;
    let subject = resolved.subject;
    let input = match (&a.input, resolved.captured) {
        (_, Some(captured)) => captured,
        (Some(path), None) => {
            let (input, notes) = subject.input_from_file(path)?;
            if a.verbose {
                let file = path.display().to_string();
                for n in &notes {
                    out::eprintln(&report::input_note(&file, n));
                }
            }
            input
        }
        (None, None) => bail!("give the test input with --input FILE or --from-test TEST"),
    };
    let run = facade::run_test(&subject, &input, engine, &limits)?;
    match a.format {
        Format::Json => out::println(&report::render_json(&report::run_json(&run)))?,
        Format::Text => out::print(&report::run_text(&run))?,
    }
    if let Some(warning) = report::invalid_input_warning(&run) {
        out::eprintln(&warning.to_string());
    }
    if let Some(warning) = facade::cache_dependence(&subject, &input, &run, &limits) {
        out::eprintln(&warning);
    }
    Ok(ExitCode::SUCCESS)
}

/// Flags of `sattar capture`.
#[derive(Args)]
pub struct CaptureArgs {
    #[command(flatten)]
    subject: SubjectArgs,
    #[command(flatten)]
    from_test: FromTestArgs,
    /// Write the failing input to this file (never over an existing one) instead of stdout.
    #[arg(long, short)]
    output: Option<PathBuf>,
    #[command(flatten)]
    exec: ExecArgs,
}

/// Runs a JUnit test, captures the calls of the method and writes the first failing one's
/// input as JSON (usable with `--input`); exit 2 with the reason when no call violates the spec.
pub fn capture(a: CaptureArgs) -> Result<ExitCode> {
    if a.from_test.from_test.is_none() {
        bail!("--from-test TEST is required: the JUnit test whose calls are captured (`ClassTest#test`)");
    }
    out::refuse_existing(a.output.as_deref(), "--output")?;
    let (engine, limits) = (a.exec.engine.kind(), a.exec.limits());
    let resolved = resolve(&a.subject, &a.from_test, engine, &limits)?;
    let Some(input) = resolved.captured else {
        bail!("no test to capture from");
    };
    let text = report::render_json(&report::input_to_json(&input));
    match &a.output {
        Some(path) => out::write_new(path, "--output", &text)?,
        None => out::println(&text)?,
    }
    Ok(ExitCode::SUCCESS)
}

/// Flags of `sattar rank`.
#[derive(Args)]
pub struct RankArgs {
    /// A GZoltar output directory (matrix.txt, spectra.csv, optionally tests.csv).
    dir: PathBuf,
    /// The formula (ochiai, tarantula, dstar, op2, jaccard, … — `--formula list` lists them).
    #[arg(long, default_value = "ochiai")]
    formula: String,
    /// Only the first N elements.
    #[arg(long)]
    top: Option<usize>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

/// Ranks a GZoltar spectrum.
pub fn rank(a: RankArgs) -> Result<ExitCode> {
    if a.formula == "list" {
        out::print(&report::formulas_text())?;
        return Ok(ExitCode::SUCCESS);
    }
    let lines = facade::rank_gzoltar_dir(&a.dir, &a.formula, a.top)?;
    match a.format {
        Format::Json => out::println(&report::render_json(&report::rank_json(&lines)))?,
        Format::Text => out::print(&report::rank_text(&lines))?,
    }
    Ok(ExitCode::SUCCESS)
}

/// The bounds of the SAT encoding, shared by every command that encodes.
#[derive(Args, Clone, Debug)]
pub struct BoundArgs {
    /// Bits of an `int` in the encoding (default: the fewest that hold every constant, plus one;
    /// runs whose arithmetic overflows them are excluded, and 32 is Java's own wrap-around).
    #[arg(long)]
    pub bitwidth: Option<usize>,
    /// Loop iterations / recursion depth to start from (default: scope + 1), grown while a valid
    /// input needs more.
    #[arg(long)]
    pub unroll: Option<u32>,
    /// The most iterations a loop may be grown to before sattar gives up and says so (at least
    /// --unroll).
    #[arg(long, default_value_t = 64)]
    pub max_unroll: u32,
    /// The most statement instances one encoding may have (loops unrolled, calls inlined): a
    /// bound on its size, and so on memory.
    #[arg(long, default_value_t = sattar_engine::DEFAULT_MAX_INSTANCES)]
    pub max_instances: usize,
    /// The most circuit nodes one SAT encoding may build, about 700 bytes each (its memory);
    /// past it sattar stops and says so.
    #[arg(long, default_value_t = sattar_engine::facade::DEFAULT_MAX_GATES)]
    pub max_gates: usize,
    /// SAT seconds before giving up [default: 60]: per scope of `check`, for the cores of a
    /// failing run, per round of test generation; a running solver call stops at it too.
    /// `localize --resume` may raise it for a session it stopped.
    #[arg(long, value_name = "SECONDS", value_parser = flags::seconds, allow_negative_numbers = true)]
    pub sat_time: Option<Duration>,
}

/// Flags of `sattar check`.
#[derive(Args)]
pub struct CheckArgs {
    #[command(flatten)]
    subject: SubjectArgs,
    /// The largest number of objects per class to try (scopes 1..=N, smallest first).
    #[arg(long, default_value_t = 5)]
    scope: usize,
    #[command(flatten)]
    bounds: BoundArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

impl BoundArgs {
    /// The check options these flags give, with scopes `1..=scope`.
    pub fn check_options(&self, scope: usize) -> Result<CheckOptions> {
        if let Some(w) = self.bitwidth.filter(|w| !(2..=32).contains(w)) {
            bail!("--bitwidth {w}: give a width from 2 to 32 bits");
        }
        if scope == 0 {
            bail!("--scope 0: give at least 1 object per class");
        }
        if self.max_unroll == 0 {
            bail!("--max-unroll 0: give at least 1 iteration");
        }
        match self.unroll {
            Some(0) => bail!("--unroll 0: give at least 1 iteration"),
            Some(u) if u > self.max_unroll => bail!(
                "--unroll {u} is above --max-unroll {}: raise --max-unroll as well (the encoding grows with both)",
                self.max_unroll
            ),
            _ => {}
        }
        if self.max_gates == 0 {
            bail!("--max-gates 0: give at least 1 node");
        }
        Ok(CheckOptions {
            max_scope: scope,
            bitwidth: self.bitwidth,
            unroll: self.unroll,
            max_unroll: self.max_unroll,
            max_instances: self.max_instances.max(1),
            max_gates: self.max_gates,
            sat_time: self.sat_time.or(CheckOptions::default().sat_time),
        })
    }
}

/// Searches scopes 1..N for the smallest fault-revealing input; exit 1 on a violation.
pub fn check(a: CheckArgs) -> Result<ExitCode> {
    let subject = a.subject.load()?;
    let opts = a.bounds.check_options(a.scope)?;
    let mut line = out::Progress::on_terminal();
    let checked = facade::check_subject(&subject, &opts, &mut |scope, max| {
        line.show(&report::scope_progress(scope, max));
    });
    line.clear();
    let checked = checked?;
    match a.format {
        Format::Json => out::println(&report::render_json(&report::check_json(&checked)))?,
        Format::Text => out::print(&report::check_text(&checked))?,
    }
    Ok(match checked.violation {
        Some(_) => ExitCode::from(1),
        None => ExitCode::SUCCESS,
    })
}

/// Which groups the core minimization tries to drop first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum OrderArg {
    /// Statement instances (the last executed first), then postconditions.
    #[default]
    Statements,
    /// Postconditions first, then statement instances.
    Constraints,
}

/// The failing run and how its cores are computed: shared by `core` and `localize`.
#[derive(Args)]
pub struct FailureArgs {
    /// A failing test input (JSON); without it (and without --from-test), the smallest one
    /// `check` finds.
    #[arg(long, conflicts_with = "from_test")]
    pub input: Option<PathBuf>,
    /// Shrink the --input failing input first, as a captured one is: objects dropped and ints
    /// lowered while its run violates the same constraints (`--max-shrink-runs` bounds it).
    #[arg(long, requires = "input")]
    pub shrink: bool,
    #[command(flatten)]
    pub from_test: FromTestArgs,
    /// The largest scope `check` tries when no input is given.
    #[arg(long, default_value_t = 5)]
    pub scope: usize,
    #[command(flatten)]
    pub bounds: BoundArgs,
    /// The most cores of the iterative search (each without the constraints the previous ones named).
    #[arg(long, default_value_t = 8)]
    pub max_cores: usize,
    /// Which groups core minimization tries to drop first.
    #[arg(long, value_enum, default_value_t)]
    pub order: OrderArg,
    /// The paper's relaxed cores: postconditions the failing run satisfies stay soft (by default
    /// they are hard, so cores blame only what the violation needs).
    #[arg(long)]
    pub relaxed: bool,
}

impl FailureArgs {
    /// `input` shrunk (and what shrinking did said on stderr) with `--shrink`; else as given.
    fn shrunk(&self, subject: &Subject, input: TestInput) -> TestInput {
        if !self.shrink {
            return input;
        }
        let max = usize::try_from(self.from_test.max_shrink_runs).unwrap_or(usize::MAX);
        match sattar_engine::shrink_failing(subject, &input, max, Default::default()) {
            Some(shrunk) => {
                out::eprintln(&shrunk.describe(&input, "leaving out --shrink"));
                shrunk.input
            }
            None => input,
        }
    }

    /// The core request these flags give for `subject`; `captured`: the failing input taken
    /// from a test (`--from-test`).
    pub fn core_request(
        &self,
        subject: &Subject,
        captured: Option<TestInput>,
    ) -> Result<CoreRequest> {
        let input = match &self.input {
            Some(path) => Some(self.shrunk(subject, subject.input_from_file(path)?.0)),
            None => captured,
        };
        if self.max_cores == 0 {
            bail!("--max-cores 0: give at least 1");
        }
        Ok(CoreRequest {
            input,
            check: self.bounds.check_options(self.scope)?,
            order: match self.order {
                OrderArg::Statements => CoreOrder::StatementsFirst,
                OrderArg::Constraints => CoreOrder::ConstraintsFirst,
            },
            max_cores: self.max_cores,
            keep_satisfied: !self.relaxed,
            // `eval --relax-unexecuted` measures the alternative; sessions keep the default.
            relax_unexecuted: false,
        })
    }
}

/// Flags of `sattar core`.
#[derive(Args)]
pub struct CoreArgs {
    #[command(flatten)]
    subject: SubjectArgs,
    #[command(flatten)]
    failure: FailureArgs,
    /// Also write the grouped problem as group-CNF (for external MUS tools).
    #[arg(long)]
    export_gcnf: Option<PathBuf>,
    /// Also write the grouped problem as WCNF: hard clauses plus one soft unit per group.
    #[arg(long)]
    export_wcnf: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

/// Extracts the minimal core(s) of a failing run and prints suspects and violated constraints.
pub fn core(a: CoreArgs) -> Result<ExitCode> {
    let limits = RunLimits::default();
    let resolved = resolve(&a.subject, &a.failure.from_test, EngineKind::Jvm, &limits)?;
    let subject = resolved.subject;
    let req = a.failure.core_request(&subject, resolved.captured)?;
    let cores = facade::find_cores(&subject, &req)?;
    for (path, text) in [
        (&a.export_gcnf, cores.gcnf()),
        (&a.export_wcnf, cores.wcnf()),
    ] {
        if let Some(p) = path {
            std::fs::write(p, text).with_context(|| format!("writing {}", p.display()))?;
        }
    }
    match a.format {
        Format::Json => out::println(&report::render_json(&report::core_json(&cores.summary)))?,
        Format::Text => out::print(&report::core_text(&cores.summary))?,
    }
    Ok(ExitCode::SUCCESS)
}
