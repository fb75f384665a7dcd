//! `sattar localize`: the SAT-TAR loop with sessions, user stop and the standard outputs.

use crate::commands::{EngineKind, FailureArgs, SubjectArgs};
use anyhow::{bail, Context, Result};
use clap::{Args, ValueEnum};
use sattar_engine::session::{
    read_session, round_line, stop_name, test_record, SessionHeader, SessionWriter, SESSION_VERSION,
};
use sattar_engine::{
    CoreRequest, Executor, Interpreter, LocalizeOptions, Localizer, Subject, SubjectRequest,
    Technique,
};
use sattar_heap::input_to_json;
use sattar_java::Limits;
use sattar_report::{FaultInfo, RankedStatement, Report, RoundSummary};
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
}

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
    /// The SBFL formula in place of Tarantula (`sattar rank . --formula list` lists them).
    #[arg(long, default_value = "tarantula")]
    formula: String,
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
    /// Continue a stopped, crashed or killed session (the subject and options come from the file).
    #[arg(long, conflicts_with_all = ["input", "session"])]
    resume: Option<PathBuf>,
    /// The smallest scope tests are generated in (the failing input's, if larger).
    #[arg(long, default_value_t = 1)]
    min_scope: usize,
    /// What runs the tests.
    #[arg(long, value_enum, default_value_t)]
    engine: EngineKind,
    /// Steps per test before it is stopped as non-terminating.
    #[arg(long, default_value_t = Limits::default().max_steps)]
    max_steps: u64,
    /// Wall-clock seconds per test on the JVM.
    #[arg(long, default_value_t = 5.0)]
    timeout: f64,
    /// Also write the spectrum as a GZoltar output directory (matrix.txt, spectra.csv, tests.csv).
    #[arg(long)]
    gzoltar_dir: Option<PathBuf>,
    /// Also write the tests as compilable JUnit 5 source into this directory.
    #[arg(long)]
    export_tests: Option<PathBuf>,
    /// Text: show only the first N statements.
    #[arg(long)]
    top: Option<usize>,
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

fn technique_by_name(name: &str) -> Result<Technique> {
    Ok(match name {
        "sat-tar" => Technique::SatTar,
        "sat" => Technique::Sat,
        "tar-muc" => Technique::TarMuc,
        "apg" => Technique::Apg,
        other => bail!("unknown technique `{other}` in the session file"),
    })
}

fn executor(
    kind: EngineKind,
    subject: &Subject,
    max_steps: u64,
    timeout: f64,
) -> Result<Box<dyn Executor>> {
    Ok(match kind {
        EngineKind::Interp => Box::new(Interpreter(Limits {
            max_steps,
            ..Limits::default()
        })),
        EngineKind::Jvm => {
            if !(timeout > 0.0 && timeout.is_finite()) {
                bail!("--timeout {timeout}: give a positive number of seconds");
            }
            let opts = sattar_jvm::JvmOptions {
                max_steps,
                timeout: std::time::Duration::from_secs_f64(timeout),
                ..Default::default()
            };
            Box::new(sattar_jvm::JvmRunner::start(&subject.program, opts)?)
        }
    })
}

/// Runs the loop (new or resumed), then prints the ranking.
pub fn localize(a: LocalizeArgs) -> Result<ExitCode> {
    let stored = a.resume.as_deref().map(read_session).transpose()?;
    let (subject, opts, engine) = match &stored {
        Some(s) => from_header(&s.header)?,
        None => from_flags(&a)?,
    };
    let mut exec = executor(engine, &subject, a.max_steps, a.timeout)?;
    let mut loc = Localizer::start(&subject, opts, exec.as_mut())?;
    let mut writer = match (&stored, &a.resume) {
        (Some(s), Some(path)) => {
            for line in &s.rounds {
                let record = test_record(
                    line,
                    &subject.program.schema(),
                    &subject.program.sig(subject.method),
                    path,
                )?;
                loc.apply(record);
            }
            SessionWriter::append(path)?
        }
        _ => {
            let path = a
                .session
                .clone()
                .unwrap_or_else(|| default_session(&subject));
            SessionWriter::create(&path, &header(&a, &loc, engine))?
        }
    };
    let finished = stored.as_ref().and_then(|s| s.finished.clone());
    if finished.is_none() {
        run_rounds(&a, &mut loc, exec.as_mut(), &mut writer)?;
    }
    if a.format == LocalizeFormat::Text {
        eprintln!(
            "session: {} (continue it with --resume)",
            writer.path().display()
        );
    }
    print_outputs(&a, &subject, &loc)?;
    Ok(ExitCode::SUCCESS)
}

/// One round after another until the loop stops, `--rounds` is reached or the user stops.
fn run_rounds(
    a: &LocalizeArgs,
    loc: &mut Localizer,
    exec: &mut dyn Executor,
    writer: &mut SessionWriter,
) -> Result<()> {
    let delay = std::env::var("SATTAR_TEST_ROUND_DELAY_MS")
        .ok()
        .and_then(|v| v.parse().ok());
    loop {
        if a.rounds.is_some_and(|n| loc.rounds.len() >= n) {
            return Ok(());
        }
        let before = ranks(loc);
        let Some(round) = loc.step(exec)? else {
            let why = loc.stopped().map_or("exhausted", stop_name);
            writer.finish(why)?;
            return Ok(());
        };
        writer.round(round)?;
        if let Some(ms) = delay {
            std::thread::sleep(std::time::Duration::from_millis(ms)); // lets tests kill a run mid-way
        }
        if a.interactive {
            match ask(loc, &before)? {
                Answer::Continue => {}
                Answer::Stop => {
                    writer.finish("user")?;
                    return Ok(());
                }
                Answer::Quit => {
                    eprintln!(
                        "stopped; resume with: sattar localize --resume {}",
                        writer.path().display()
                    );
                    return Ok(());
                }
            }
        }
    }
}

fn ranks(loc: &Localizer) -> Vec<(sattar_java::StmtId, usize)> {
    loc.ranking().iter().map(|r| (r.stmt, r.rank)).collect()
}

enum Answer {
    Continue,
    Stop,
    Quit,
}

/// Shows the round and the top of the ranking on stderr, and reads the user's answer.
fn ask(loc: &Localizer, before: &[(sattar_java::StmtId, usize)]) -> Result<Answer> {
    let mut err = std::io::stderr().lock();
    if let Some(r) = loc.rounds.last() {
        let kept = if r.test.added {
            "added"
        } else {
            "not added (other constraints)"
        };
        let v = r.test.verdict.constraints().join(", ");
        writeln!(
            err,
            "round {}: {} {v} — {kept}; {} tests",
            r.number,
            r.test.verdict.label(),
            loc.test_count()
        )?;
    }
    for r in loc.ranking().iter().take(5) {
        let was = before.iter().find(|(s, _)| *s == r.stmt).map(|(_, k)| *k);
        let change = match was {
            Some(k) if k != r.rank => format!("  (was {k})"),
            None => "  (new)".into(),
            _ => String::new(),
        };
        let st = loc.subject().program.stmt(r.stmt);
        writeln!(
            err,
            "  {:>3}  {:.3}  {:.3}  L{:<4} {}{change}",
            r.rank, r.susp, r.conf, st.line, st.text
        )?;
    }
    write!(
        err,
        "[Enter] continue, s stop, q stop and keep the session to resume: "
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

fn from_flags(a: &LocalizeArgs) -> Result<(Subject, LocalizeOptions, EngineKind)> {
    let subject = a.subject.load()?;
    let opts = LocalizeOptions {
        technique: technique(a.technique),
        formula: a.formula.clone(),
        min_scope: a.min_scope.max(1),
        cores: a.failure.core_request(&subject)?,
        ..LocalizeOptions::default()
    };
    Ok((subject, opts, a.engine))
}

fn from_header(h: &SessionHeader) -> Result<(Subject, LocalizeOptions, EngineKind)> {
    let req = SubjectRequest {
        java: h.java.as_ref().map(PathBuf::from),
        fault: h.fault.clone(),
        method: h.method.clone(),
        spec: h.spec.as_ref().map(PathBuf::from),
        ensures: h.ensures.clone(),
        any_ensures: false,
    };
    let subject = Subject::load(&req)?;
    let (input, _) = subject
        .input_from_str(&h.initial_input.to_string(), "the session's initial input")
        .context("reading the session")?;
    let opts = LocalizeOptions {
        technique: technique_by_name(&h.technique)?,
        formula: h.formula.clone(),
        min_scope: h.min_scope,
        switch_after: h.switch_after,
        cores: CoreRequest {
            input: Some(input),
            keep_satisfied: h.keep_satisfied,
            max_cores: h.max_cores,
            ..CoreRequest::default()
        },
    };
    let engine = if h.engine == "interp" {
        EngineKind::Interp
    } else {
        EngineKind::Jvm
    };
    Ok((subject, opts, engine))
}

fn header(a: &LocalizeArgs, loc: &Localizer, engine: EngineKind) -> SessionHeader {
    let o = loc.options();
    let abs = |p: &Option<PathBuf>| {
        p.as_ref().map(|p| {
            std::path::absolute(p)
                .unwrap_or_else(|_| p.clone())
                .display()
                .to_string()
        })
    };
    SessionHeader {
        sattar_session: SESSION_VERSION,
        java: abs(&a.subject.file),
        fault: a.subject.fault.clone(),
        method: a.subject.method.clone(),
        spec: abs(&a.subject.spec),
        ensures: a.subject.ensures.clone(),
        technique: o.technique.name().into(),
        formula: o.formula.clone(),
        min_scope: o.min_scope,
        switch_after: o.switch_after,
        keep_satisfied: o.cores.keep_satisfied,
        max_cores: o.cores.max_cores,
        engine: match engine {
            EngineKind::Jvm => "jvm".into(),
            EngineKind::Interp => "interp".into(),
        },
        initial_input: input_to_json(&loc.initial.input),
    }
}

fn default_session(subject: &Subject) -> PathBuf {
    let name = match &subject.fault {
        Some(f) => f.id.clone(),
        None => subject.method_name(),
    };
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    Path::new(".sattar/sessions").join(format!("{name}-{secs}-{}.jsonl", std::process::id()))
}

/// The report of the current state.
pub fn report(subject: &Subject, loc: &Localizer) -> Report {
    let p = &subject.program;
    let ranking = loc
        .ranking()
        .iter()
        .map(|r| {
            let st = p.stmt(r.stmt);
            RankedStatement {
                stmt: r.stmt.0,
                file: p.file.clone(),
                line: st.line,
                text: st.text.clone(),
                susp: r.susp,
                conf: r.conf,
                rank: r.rank,
                rank_avg: r.rank_avg as f64,
                in_core: r.in_core,
            }
        })
        .collect();
    let rounds = loc
        .rounds
        .iter()
        .map(|r| {
            let l = round_line(r);
            RoundSummary {
                input: l.input,
                verdict: l.verdict,
                violated: l.violated,
            }
        })
        .collect();
    Report {
        tool_version: env!("CARGO_PKG_VERSION").into(),
        subject: p.file.clone(),
        method: subject.method_name(),
        technique: loc.options().technique.name().into(),
        formula: loc.options().formula.clone(),
        violated: loc.violated().to_vec(),
        suspects: loc.analysis.suspects.iter().map(|s| s.0).collect(),
        rounds,
        ranking,
        tests: loc.test_count(),
        fault: subject.fault.as_ref().map(|f| FaultInfo {
            id: f.id.clone(),
            faulty_lines: f.faulty_lines(),
            rank: loc.rank_of_lines(&f.faulty_lines()),
        }),
    }
}

fn print_outputs(a: &LocalizeArgs, subject: &Subject, loc: &Localizer) -> Result<()> {
    let report = report(subject, loc);
    match a.format {
        LocalizeFormat::Json => crate::output::print_json(&serde_json::to_value(&report)?),
        LocalizeFormat::Sarif => print!(
            "{}",
            sattar_report::render_sarif(&report, &Default::default())
        ),
        LocalizeFormat::Text => {
            let opts = sattar_report::TextOptions {
                colour: sattar_report::use_colour(std::io::stdout().is_terminal()),
                top: a.top,
            };
            print!("{}", sattar_report::render_text(&report, &opts));
        }
    }
    if let Some(dir) = &a.gzoltar_dir {
        write_gzoltar(dir, subject, loc)?;
    }
    if let Some(dir) = &a.export_tests {
        export_tests(dir, subject, loc)?;
    }
    Ok(())
}

fn write_gzoltar(dir: &Path, subject: &Subject, loc: &Localizer) -> Result<()> {
    let p = &subject.program;
    let m = p.method(subject.method);
    let name = |s: &sattar_java::StmtId| {
        format!(
            "{}#{}:{}",
            m.class.replace('.', "$"),
            m.name,
            p.stmt(*s).line
        )
    };
    let spectrum = loc.spectrum();
    let mut out = sattar_rank::Spectrum::new(spectrum.elements().iter().map(name));
    for (t, row) in spectrum.tests().iter().zip(spectrum.rows()) {
        let covered: Vec<String> = spectrum
            .elements()
            .iter()
            .zip(row)
            .filter(|(_, h)| **h)
            .map(|(e, _)| name(e))
            .collect();
        out.add_test_covering(t.clone(), covered.iter())?;
    }
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    sattar_rank::gzoltar::write_dir(dir, &out)?;
    Ok(())
}

fn export_tests(dir: &Path, subject: &Subject, loc: &Localizer) -> Result<()> {
    let mut tests = Vec::new();
    let all = std::iter::once(&loc.initial).chain(loc.rounds.iter().map(|r| &r.test));
    for (i, t) in all.enumerate() {
        let run = sattar_java::run(
            &subject.program,
            subject.method,
            &t.input,
            Limits::default(),
        )?;
        tests.push(sattar_report::ExportedTest {
            name: if i == 0 {
                "failing input".into()
            } else {
                format!("round {i}")
            },
            input: t.input.clone(),
            verdict: t.verdict.label().into(),
            violated: t.verdict.constraints().to_vec(),
            expected: sattar_report::ExpectedOutcome::from_execution(&run),
        });
    }
    let file = sattar_report::junit_test_class(&subject.program, subject.method, &tests)?;
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let path = dir.join(&file.file_name);
    std::fs::write(&path, &file.source).with_context(|| format!("writing {}", path.display()))?;
    Ok(())
}
