//! `sattar localize`: the SAT-TAR loop with sessions, user stop and the standard outputs.

use crate::commands::{ExecArgs, FailureArgs, SubjectArgs};
use crate::out;
use anyhow::{bail, Context, Result};
use clap::{Args, ValueEnum};
use sattar_engine::facade::{LocalizePlan, LocalizeSession};
use sattar_engine::{LocalizeOptions, Technique};
use sattar_report as report;
use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The technique the loop runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum TechniqueArg {
    /// Generated tests, the formula boosted by the core, refinement and strategy switch.
    #[default]
    SatTar,
    /// The pure core: suspects score 1 (no tests).
    Sat,
    /// The SAT-TAR tests ranked without the core boost.
    TarMuc,
    /// APG: the branches flipped on the closest successful path of the failing run (no tests).
    Apg,
}

/// What the spectra rate (`--domain`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum DomainArg {
    /// A branch statement per value its condition took (Apollo's extended domain), rated as
    /// its most suspicious value.
    #[default]
    Outcomes,
    /// Statements: covered or not (the paper's spectra).
    Statements,
}

impl DomainArg {
    /// The engine's domain.
    pub fn domain(self) -> sattar_engine::Domain {
        match self {
            DomainArg::Outcomes => sattar_engine::Domain::Outcomes,
            DomainArg::Statements => sattar_engine::Domain::Statements,
        }
    }
}

/// Output formats of `localize`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum LocalizeFormat {
    /// An 80-column table.
    #[default]
    Text,
    /// The contract's JSON (README).
    Json,
    /// SARIF 2.1.0: one result per ranked statement with suspiciousness > 0.
    Sarif,
    /// One self-contained HTML page: the coloured source, the ranking, the tests, the failing
    /// run's heaps drawn.
    Html,
}

/// What `--export-tests` checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum ExportOracleArg {
    /// The specification, compiled to Java checks.
    #[default]
    Spec,
    /// The behaviour sattar observed (return value, post-state, exception).
    Observed,
}

/// The elements of `--gzoltar-dir`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum GranularityArg {
    /// A source line, as GZoltar's statement level.
    #[default]
    Statement,
    /// A method.
    Method,
}

/// The flags a session records: with `--resume` they come from the session file.
const RECORDED: [&str; 34] = [
    "paths",
    "method",
    "fault",
    "spec",
    "ensures",
    "input",
    "from_test",
    "classpath",
    "test_path",
    "test_timeout",
    "max_calls",
    "spec_from_test",
    "no_shrink",
    "shrink",
    "max_shrink_runs",
    "scope",
    "bitwidth",
    "unroll",
    "max_unroll",
    "max_gates",
    "max_cores",
    "order",
    "relaxed",
    "technique",
    "formula",
    "domain",
    "session",
    "min_scope",
    "max_gen_scope",
    "gen_conflicts",
    "engine",
    "max_steps",
    "timeout",
    "max_depth",
];

/// Flags of `sattar localize`.
#[derive(Args)]
pub struct LocalizeArgs {
    #[command(flatten)]
    subject: SubjectArgs,
    #[command(flatten)]
    failure: FailureArgs,
    /// The technique.
    #[arg(long, value_enum, default_value_t)]
    technique: TechniqueArg,
    /// The SBFL formula in place of Tarantula (`sattar rank . --formula list` lists them); a
    /// comma-separated list (`ochiai,tarantula,dstar`) ranks with the first and writes a GZoltar
    /// ranking file for each into `--gzoltar-dir`.
    #[arg(long, default_value = "tarantula", value_delimiter = ',')]
    formula: Vec<String>,
    /// What the spectrum rates: `outcomes` splits a branch statement by its condition's value
    /// (so a wrong comparison is told from its correct executions), `statements` is the paper's.
    #[arg(long, value_enum, default_value_t)]
    domain: DomainArg,
    /// Stop after N rounds in total (default: when no test with new coverage remains).
    #[arg(long)]
    rounds: Option<usize>,
    /// After each round show the top of the ranking and ask: Enter continues, `s` stops, `q` stops
    /// and leaves the session to resume. Without a terminal, answers are read from stdin line by
    /// line; the end of stdin means continue.
    #[arg(long)]
    interactive: bool,
    /// The session file (default: .sattar/sessions/<name>-<time>.jsonl under the working directory).
    #[arg(long)]
    session: Option<PathBuf>,
    /// Continue a stopped, crashed or killed session (the subject, the options and the limits
    /// come from the file).
    #[arg(long, conflicts_with_all = RECORDED)]
    resume: Option<PathBuf>,
    /// The smallest scope tests are generated in (the failing input's, if larger).
    #[arg(long, default_value_t = 1)]
    min_scope: usize,
    /// The largest scope tests are generated in (unless --min-scope asks for more): a failing
    /// input with more objects of one class has its tests generated in this scope, since each
    /// generation query over a larger free pre-state can take seconds.
    #[arg(long, default_value_t = sattar_engine::DEFAULT_MAX_GEN_SCOPE)]
    max_gen_scope: usize,
    /// The most conflicts one test-generation query may take before it is given up as
    /// undecided (no test from it); 0: no limit. Conflicts, not time: a session generates the
    /// same tests on every machine.
    #[arg(long, value_name = "N", default_value_t = sattar_engine::DEFAULT_GEN_CONFLICTS)]
    gen_conflicts: u32,
    #[command(flatten)]
    exec: ExecArgs,
    /// Also write the spectrum as a GZoltar 1.7 output directory (spectra.csv, matrix.txt,
    /// tests.csv, and a plain and a core-boosted ranking file per formula).
    #[arg(long)]
    gzoltar_dir: Option<PathBuf>,
    /// What one element of the GZoltar spectrum is: a line (`statement`) or a `method`.
    #[arg(long, value_enum, default_value_t)]
    granularity: GranularityArg,
    /// Also write the HTML report to FILE (a file that is not a sattar report is never
    /// overwritten).
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
    /// Also write the tests as a compilable JUnit 5 suite into this directory (in the package's
    /// folder).
    #[arg(long)]
    export_tests: Option<PathBuf>,
    /// What the exported tests check: the specification compiled to Java (`spec`: a test of a
    /// failing run fails until the fault is fixed) or what sattar observed (`observed`: a
    /// regression suite).
    #[arg(long, value_enum, default_value_t)]
    export_oracle: ExportOracleArg,
    /// Text and SARIF: only the first N statements of the ranking (SARIF without it: the core's
    /// statements and the top group).
    #[arg(long)]
    top: Option<usize>,
    /// SARIF: only statements with at least this suspiciousness.
    #[arg(long, value_name = "SUSP", allow_negative_numbers = true)]
    min_susp: Option<f64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: LocalizeFormat,
}

fn technique(t: TechniqueArg) -> Technique {
    match t {
        TechniqueArg::SatTar => Technique::SatTar,
        TechniqueArg::Sat => Technique::Sat,
        TechniqueArg::TarMuc => Technique::TarMuc,
        TechniqueArg::Apg => Technique::Apg,
    }
}

/// What the flags ask to localize (a new session, its header written, or the one `--resume`
/// names).
fn plan(a: &LocalizeArgs) -> Result<LocalizePlan> {
    if let Some(path) = &a.resume {
        // A budget changes whether a round ends, not what it computes: it may be raised.
        let plan = LocalizePlan::resume(path)?;
        return Ok(match a.failure.bounds.sat_time {
            Some(t) => plan.with_sat_time(t),
            None => plan,
        });
    }
    sattar_engine::facade::check_formulas(&a.formula)?;
    let (engine, limits) = (a.exec.engine.kind(), a.exec.limits());
    let resolved = crate::commands::resolve(&a.subject, &a.failure.from_test, engine, &limits)?;
    let (request, subject) = (resolved.request, resolved.subject);
    if a.min_scope == 0 || a.max_gen_scope == 0 {
        bail!("--min-scope / --max-gen-scope 0: give at least 1 object per class");
    }
    let options = LocalizeOptions {
        technique: technique(a.technique),
        formula: a.formula.first().cloned().unwrap_or_default(),
        domain: a.domain.domain(),
        min_scope: a.min_scope,
        max_gen_scope: a.max_gen_scope,
        gen_conflicts: (a.gen_conflicts > 0).then_some(a.gen_conflicts),
        cores: a.failure.core_request(&subject, resolved.captured)?,
        ..LocalizeOptions::default()
    };
    Ok(LocalizePlan::new(
        &request,
        subject,
        options,
        engine,
        limits,
        a.session.clone(),
    )?)
}

/// Runs the loop (new or resumed), then prints the ranking.
pub fn localize(a: LocalizeArgs) -> Result<ExitCode> {
    let mut plan = plan(&a)?;
    let mut session = plan.start()?;
    if !session.already_finished() {
        run_rounds(&a, &mut session)?;
    }
    if a.format == LocalizeFormat::Text {
        let finished = session.is_finished();
        out::eprintln(&report::session_note(session.session_path(), finished));
        if let Some(note) = session.generation_note() {
            out::eprintln(&note);
        }
        if let Some(note) = session.undecided_note() {
            out::eprintln(&note);
        }
    }
    if session.core_is_empty() {
        out::eprintln(&report::empty_core_note(session.violated()));
    }
    print_outputs(&a, &session)?;
    Ok(ExitCode::SUCCESS)
}

/// One round after another until the loop stops, `--rounds` is reached or the user stops.
fn run_rounds(a: &LocalizeArgs, session: &mut LocalizeSession) -> Result<()> {
    let delay = std::env::var("SATTAR_TEST_ROUND_DELAY_MS")
        .ok()
        .and_then(|v| v.parse().ok());
    let mut line = out::Progress::on_terminal();
    loop {
        if a.rounds.is_some_and(|n| session.rounds() >= n) {
            return Ok(());
        }
        let before = session.snapshot();
        line.show(&report::round_progress(session.rounds() + 1));
        let stepped = session.step();
        line.clear();
        if !stepped? {
            return Ok(());
        }
        if let Some(ms) = delay {
            std::thread::sleep(std::time::Duration::from_millis(ms)); // lets tests kill a run mid-way
        }
        if a.interactive {
            match ask(session, &before)? {
                Answer::Continue => {}
                Answer::Stop => {
                    session.stop()?;
                    return Ok(());
                }
                Answer::Quit => {
                    out::eprintln(&report::resume_hint(session.session_path()));
                    return Ok(());
                }
            }
        }
    }
}

enum Answer {
    Continue,
    Stop,
    Quit,
}

/// Shows the round and the top of the ranking on stderr, and reads the user's answer.
fn ask(session: &LocalizeSession, before: &sattar_engine::facade::RankSnapshot) -> Result<Answer> {
    let mut err = std::io::stderr().lock();
    write!(
        err,
        "{}",
        report::render_round_prompt(&session.round_prompt(before))
    )?;
    err.flush()?;
    let mut line = String::new();
    let n = std::io::stdin().lock().read_line(&mut line)?;
    if n == 0 && std::io::stdin().is_terminal() {
        return Ok(Answer::Quit);
    }
    Ok(match line.trim() {
        "s" | "S" => Answer::Stop,
        "q" | "Q" => Answer::Quit,
        _ => Answer::Continue,
    })
}

/// Writes the HTML report, refusing to overwrite a file sattar did not write.
fn write_html(path: &Path, page: &str) -> Result<()> {
    if let Ok(old) = std::fs::read_to_string(path) {
        if !old.contains(report::HTML_MARK) {
            bail!(
                "--html {}: the file exists and is not a sattar report; choose another name or remove it",
                path.display()
            );
        }
    }
    std::fs::write(path, page).with_context(|| format!("--html {}: cannot write", path.display()))
}

fn print_outputs(a: &LocalizeArgs, session: &LocalizeSession) -> Result<()> {
    let localized = session.report();
    match a.format {
        LocalizeFormat::Json => {
            out::println(&report::render_json(&report::report_json(&localized)?))?
        }
        LocalizeFormat::Sarif => {
            let opts = session.sarif_options(a.top, a.min_susp);
            out::print(&report::render_sarif(&localized, &opts))?
        }
        LocalizeFormat::Html => out::print(&report::html(&session.html_report()))?,
        LocalizeFormat::Text => {
            let opts = report::TextOptions {
                colour: report::use_colour(std::io::stdout().is_terminal()),
                top: a.top,
            };
            out::print(&report::render_text(&localized, &opts))?;
        }
    }
    if let Some(path) = &a.html {
        write_html(path, &report::html(&session.html_report()))?;
    }
    if let Some(dir) = &a.gzoltar_dir {
        let granularity = match a.granularity {
            GranularityArg::Statement => report::gzoltar::Granularity::Statement,
            GranularityArg::Method => report::gzoltar::Granularity::Method,
        };
        // With --resume the session's formula ranks; otherwise every formula given.
        let formulas = match &a.resume {
            Some(_) => Vec::new(),
            None => a.formula.clone(),
        };
        session.write_gzoltar(dir, &formulas, granularity)?;
    }
    if let Some(dir) = &a.export_tests {
        session.export_tests(dir, a.export_oracle == ExportOracleArg::Spec)?;
    }
    Ok(())
}
