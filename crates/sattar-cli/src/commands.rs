//! One function per command: read flags, call the libraries, print through `output`.

use crate::output;
use crate::Format;
use anyhow::{bail, Context, Result};
use clap::{Args, ValueEnum};
use sattar_catalog::Catalog;
use sattar_engine::{judge, Subject, SubjectRequest};
use sattar_java::{parse_program, Limits};
use std::path::PathBuf;
use std::process::ExitCode;

/// The flags that name a subject: a Java file and method, or a bundled fault.
#[derive(Args, Clone, Debug)]
pub struct SubjectArgs {
    /// The Java source file to analyse.
    pub file: Option<PathBuf>,
    /// The method to analyse (`name` or `Class.name`); optional when the file has one method.
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
    /// The subject these flags name.
    pub fn load(&self) -> Result<Subject> {
        let req = SubjectRequest {
            java: self.file.clone(),
            fault: self.fault.clone(),
            method: self.method.clone(),
            spec: self.spec.clone(),
            ensures: self.ensures.clone(),
            any_ensures: false,
        };
        Ok(Subject::load(&req)?)
    }

    /// The subject, taking the method's first `ensures` set when none is named (input generation).
    pub fn load_any_ensures(&self) -> Result<Subject> {
        let req = SubjectRequest {
            java: self.file.clone(),
            fault: self.fault.clone(),
            method: self.method.clone(),
            spec: self.spec.clone(),
            ensures: self.ensures.clone(),
            any_ensures: true,
        };
        Ok(Subject::load(&req)?)
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
    let catalog = Catalog::bundled()?;
    match a.format {
        Format::Json => output::print_json(&output::faults_json(&catalog)),
        Format::Text => print!("{}", output::faults_text(&catalog)),
    }
    Ok(ExitCode::SUCCESS)
}

/// Flags of `sattar parse`.
#[derive(Args)]
pub struct ParseArgs {
    /// The Java source file.
    file: Option<PathBuf>,
    /// A bundled fault instead of FILE: parses its faulty source.
    #[arg(long)]
    fault: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

/// Parses a Java file and prints its IR, or its diagnostics (exit 2).
pub fn parse(a: ParseArgs) -> Result<ExitCode> {
    let (file, text) = match (&a.file, &a.fault) {
        (Some(f), None) => {
            let text = std::fs::read_to_string(f).with_context(|| format!("{}", f.display()))?;
            (f.display().to_string(), text)
        }
        (None, Some(id)) => {
            let catalog = Catalog::bundled()?;
            let fault = catalog.fault(id)?;
            (fault.subject.clone(), catalog.faulty_source(fault)?)
        }
        _ => bail!("give either FILE.java or --fault ID"),
    };
    let program = match parse_program(&file, &text) {
        Ok(p) => p,
        Err(diags) => {
            for d in &diags {
                eprintln!("{d}");
            }
            return Ok(ExitCode::from(2));
        }
    };
    match a.format {
        Format::Json => output::print_json(&output::program_json(&program)),
        Format::Text => print!("{}", output::program_text(&program)),
    }
    Ok(ExitCode::SUCCESS)
}

/// Which executor runs a test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum EngineKind {
    /// The real JVM: the instrumented class compiled with javac, run in a worker process.
    #[default]
    Jvm,
    /// The reference interpreter of the IR.
    Interp,
}

/// Flags of `sattar run`.
#[derive(Args)]
pub struct RunArgs {
    #[command(flatten)]
    subject: SubjectArgs,
    /// The test input: a heap, the receiver and the arguments, in JSON (see README).
    #[arg(long)]
    input: PathBuf,
    /// What executes the test.
    #[arg(long, value_enum, default_value_t)]
    engine: EngineKind,
    /// Steps (statements and condition evaluations) before the run is stopped as non-terminating.
    #[arg(long, default_value_t = Limits::default().max_steps)]
    max_steps: u64,
    /// Nested calls before the interpreter stops with a StackOverflowError (the JVM has its own
    /// stack: see docs/JVM.md).
    #[arg(long, default_value_t = Limits::default().max_depth)]
    max_depth: u32,
    /// Wall-clock seconds per test on the JVM before the worker is killed (`terminates` fails).
    #[arg(long, default_value_t = 5.0)]
    timeout: f64,
    /// Also say which defaults were applied to the input.
    #[arg(long, short)]
    verbose: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

/// Runs one test and judges it with the specification.
pub fn run(a: RunArgs) -> Result<ExitCode> {
    let subject = a.subject.load()?;
    let (input, notes) = subject.input_from_file(&a.input)?;
    if a.verbose {
        for n in &notes {
            eprintln!("note: {}: {}: {}", a.input.display(), n.path, n.message);
        }
    }
    let limits = Limits {
        max_steps: a.max_steps,
        max_depth: a.max_depth,
    };
    let execution = match a.engine {
        EngineKind::Interp => sattar_java::run(&subject.program, subject.method, &input, limits)?,
        EngineKind::Jvm => {
            if !(a.timeout > 0.0 && a.timeout.is_finite()) {
                bail!("--timeout {}: give a positive number of seconds", a.timeout);
            }
            let opts = sattar_jvm::JvmOptions {
                max_steps: a.max_steps,
                timeout: std::time::Duration::from_secs_f64(a.timeout),
                ..Default::default()
            };
            let mut jvm = sattar_jvm::JvmRunner::start(&subject.program, opts)?;
            jvm.run(subject.method, &input)?
        }
    };
    let judged = judge(&subject, &input, execution).context("evaluating the specification")?;
    match a.format {
        Format::Json => output::print_json(&output::run_json(&subject, &judged)),
        Format::Text => print!("{}", output::run_text(&subject, &input, &judged)),
    }
    if let sattar_engine::TestVerdict::Invalid(names) = &judged.verdict {
        eprintln!(
            "warning: the input violates {} in its pre-state, so it is not a valid test of {}",
            names.join(", "),
            subject.method_name()
        );
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
        println!("{}", sattar_rank::formula::known_names());
        return Ok(ExitCode::SUCCESS);
    }
    let lines = sattar_rank::gzoltar::rank_dir(&a.dir, &a.formula, a.top)?;
    match a.format {
        Format::Json => output::print_json(&output::rank_json(&lines)),
        Format::Text => print!("{}", output::rank_text(&lines)),
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
    /// The most iterations a loop may be grown to before sattar gives up and says so.
    #[arg(long, default_value_t = 64)]
    pub max_unroll: u32,
    /// SAT seconds per scope before giving up.
    #[arg(long, default_value_t = 60.0)]
    pub sat_time: f64,
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
    pub fn check_options(&self, scope: usize) -> Result<sattar_encode::CheckOptions> {
        if !(self.sat_time > 0.0 && self.sat_time.is_finite()) {
            bail!(
                "--sat-time {}: give a positive number of seconds",
                self.sat_time
            );
        }
        if let Some(w) = self.bitwidth.filter(|w| !(2..=32).contains(w)) {
            bail!("--bitwidth {w}: give a width from 2 to 32 bits");
        }
        if scope == 0 {
            bail!("--scope 0: give at least 1 object per class");
        }
        Ok(sattar_encode::CheckOptions {
            max_scope: scope,
            bitwidth: self.bitwidth,
            unroll: self.unroll,
            max_unroll: self.max_unroll.max(1),
            sat_time: Some(std::time::Duration::from_secs_f64(self.sat_time)),
        })
    }
}

/// Searches scopes 1..N for the smallest fault-revealing input; exit 1 on a violation.
pub fn check(a: CheckArgs) -> Result<ExitCode> {
    let subject = a.subject.load()?;
    let opts = a.bounds.check_options(a.scope)?;
    let checked = sattar_engine::check(&subject, &opts)?;
    match a.format {
        Format::Json => output::print_json(&output::check_json(&checked)),
        Format::Text => print!("{}", output::check_text(&subject, &checked)),
    }
    Ok(match checked.report.outcome {
        sattar_encode::CheckOutcome::Violation(_) => ExitCode::from(1),
        sattar_encode::CheckOutcome::Holds => ExitCode::SUCCESS,
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
    /// A failing test input (JSON); without it, the smallest one `check` finds.
    #[arg(long)]
    pub input: Option<PathBuf>,
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
    /// The core request these flags give for `subject`.
    pub fn core_request(&self, subject: &Subject) -> Result<sattar_engine::CoreRequest> {
        let input = match &self.input {
            Some(path) => Some(subject.input_from_file(path)?.0),
            None => None,
        };
        if self.max_cores == 0 {
            bail!("--max-cores 0: give at least 1");
        }
        Ok(sattar_engine::CoreRequest {
            input,
            check: self.bounds.check_options(self.scope)?,
            order: match self.order {
                OrderArg::Statements => sattar_encode::CoreOrder::StatementsFirst,
                OrderArg::Constraints => sattar_encode::CoreOrder::ConstraintsFirst,
            },
            max_cores: self.max_cores,
            keep_satisfied: !self.relaxed,
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
    let subject = a.subject.load()?;
    let req = a.failure.core_request(&subject)?;
    let analysis = sattar_engine::cores(&subject, &req)?;
    let session = &analysis.encoding.session;
    for (path, text) in [
        (&a.export_gcnf, session.gcnf()),
        (&a.export_wcnf, session.wcnf()),
    ] {
        if let Some(p) = path {
            std::fs::write(p, text).with_context(|| format!("writing {}", p.display()))?;
        }
    }
    match a.format {
        Format::Json => output::print_json(&output::core_json(&subject, &analysis)),
        Format::Text => print!("{}", output::core_text(&subject, &analysis)),
    }
    Ok(ExitCode::SUCCESS)
}
