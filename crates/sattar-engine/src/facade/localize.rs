//! `sattar localize`: a localization started from flags or resumed from its session file, run
//! round by round with every round appended to the session, and its outputs.

use super::{executor, EngineKind, RunLimits};
use crate::digest::FileDigest;
use crate::session::{
    round_line, stop_name, test_record, unsat_proofs, JavaPaths, RoundCheck, SessionHeader,
    SessionWriter, StoredBounds, StoredLimits, StoredSession, SESSION_VERSION,
};
use crate::{
    CoreRequest, EngineError, Executor, LocalizeOptions, Localizer, Subject, SubjectRequest,
    Technique, NO_EXCEPTION, TERMINATES,
};
use sattar_encode::{CheckOptions, CoreOrder};
use sattar_heap::input_to_json;
use sattar_java::{Limits, StmtId};
use sattar_report::gzoltar::{element_spectrum, Granularity};
use sattar_report::{
    ExpectedOutcome, ExportedTest, FaultInfo, RankedStatement, Report, RoundNote, RoundPrompt,
    RoundSummary, TopStatement,
};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A localization to start: the subject, the options, what runs the tests and its session file
/// (already created with its header, or read back to resume).
pub struct LocalizePlan {
    subject: Subject,
    options: LocalizeOptions,
    engine: EngineKind,
    limits: RunLimits,
    session: Option<SessionPlan>,
}

enum SessionPlan {
    /// A new session: its header is written.
    New(SessionWriter),
    /// A session read back, to continue.
    Resume(SessionWriter, Box<StoredSession>),
}

impl LocalizePlan {
    /// A new localization of `subject` (loaded from `request`): its session file is created at
    /// `session` (default: under `.sattar/sessions/`) and its header written at once, so even a
    /// run stopped during the initial analysis can be resumed.
    pub fn new(
        request: &SubjectRequest,
        subject: Subject,
        options: LocalizeOptions,
        engine: EngineKind,
        limits: RunLimits,
        session: Option<PathBuf>,
    ) -> Result<LocalizePlan, EngineError> {
        let path = session.unwrap_or_else(|| default_session(&subject));
        let header = header(request, &subject, &options, engine, &limits);
        let writer = SessionWriter::create(&path, &header)?;
        Ok(LocalizePlan {
            subject,
            options,
            engine,
            limits,
            session: Some(SessionPlan::New(writer)),
        })
    }

    /// The same plan with another SAT budget (`--sat-time` given with `--resume`): the session
    /// keeps the one it recorded, this run uses `t`.
    pub fn with_sat_time(mut self, t: std::time::Duration) -> LocalizePlan {
        self.options.cores.check.sat_time = Some(t);
        self
    }

    /// A stopped, crashed or killed session to continue: the subject, the options and the limits
    /// come from its header; files changed since it was recorded are refused.
    pub fn resume(path: &Path) -> Result<LocalizePlan, EngineError> {
        let (writer, stored) = SessionWriter::resume(path)?;
        let h = &stored.header;
        let bad = |what: String| EngineError::Session(format!("{}: {what}", path.display()));
        let req = SubjectRequest {
            java: h.java.as_ref().map_or_else(Vec::new, |j| {
                j.paths().into_iter().map(PathBuf::from).collect()
            }),
            fault: h.fault.clone(),
            method: h.method.clone(),
            spec: h.spec.as_ref().map(PathBuf::from),
            ensures: h.ensures.clone(),
            any_ensures: false,
            expect: Some(h.files.clone()),
            library_from: h.library_from.iter().map(PathBuf::from).collect(),
            classpath: h.classpath.iter().map(PathBuf::from).collect(),
            blame: h.blame.clone(),
        };
        let subject = match Subject::load(&req) {
            Err(EngineError::Changed(paths)) => {
                return Err(bad(format!(
                    "inconsistent session: {}",
                    EngineError::Changed(paths)
                )))
            }
            other => other?,
        };
        let input = match stored.initial.as_ref().or(h.input.as_ref()) {
            Some(v) => Some(
                subject
                    .input_from_str(&v.to_string(), "the session's failing input")
                    .map_err(|e| bad(format!("inconsistent session: {e}")))?
                    .0,
            ),
            None => None,
        };
        let technique = Technique::from_name(&h.technique)
            .ok_or_else(|| bad(format!("unknown technique `{}`", h.technique)))?;
        let options = LocalizeOptions {
            technique,
            formula: h.formula.clone(),
            domain: h.domain,
            min_scope: h.min_scope,
            max_gen_scope: h.max_gen_scope,
            gen_conflicts: h.gen_conflicts,
            switch_after: h.switch_after,
            cores: CoreRequest {
                input,
                check: check_options(&h.bounds).map_err(bad)?,
                order: order_of(&h.bounds.order).map_err(bad)?,
                keep_satisfied: h.keep_satisfied,
                max_cores: h.max_cores,
                // Sessions record the default (`sattar localize` has no flag for it).
                relax_unexecuted: false,
            },
        };
        let limits = RunLimits {
            max_steps: h.limits.max_steps,
            max_depth: h.limits.max_depth,
            timeout: seconds(h.limits.timeout).map_err(bad)?,
        };
        let engine = EngineKind::from_name(&h.engine);
        Ok(LocalizePlan {
            subject,
            options,
            engine,
            limits,
            session: Some(SessionPlan::Resume(writer, Box::new(stored))),
        })
    }

    /// The subject it localizes in.
    pub fn subject(&self) -> &Subject {
        &self.subject
    }

    /// Starts the executor and the localizer (the initial analysis), records the failing input,
    /// and replays a resumed session's rounds (each checked against the program and the spec).
    pub fn start(&mut self) -> Result<LocalizeSession<'_>, EngineError> {
        let plan = self
            .session
            .take()
            .ok_or_else(|| EngineError::Usage("this localization was already started".into()))?;
        let mut executor = executor(self.engine, &self.subject, &self.limits)?;
        let resumed = matches!(plan, SessionPlan::Resume(..));
        let localizer = Localizer::start(&self.subject, self.options.clone(), executor.as_mut());
        let (mut writer, stored) = match plan {
            SessionPlan::New(w) => (w, None),
            SessionPlan::Resume(w, stored) => (w, Some(stored)),
        };
        let mut localizer = match localizer {
            Err(e @ (EngineError::NothingToLocalize | EngineError::InvalidInput(_))) if resumed => {
                return Err(EngineError::Session(format!(
                    "{}: inconsistent session: its failing input does not fail on these sources ({e})",
                    writer.path().display()
                )))
            }
            other => other?,
        };
        let mut finished = false;
        if stored.as_ref().is_none_or(|s| s.initial.is_none()) {
            writer.initial(input_to_json(&localizer.initial.input))?;
        }
        if let Some(stored) = stored {
            let schema = self.subject.program.schema();
            let sig = self.subject.program.sig(self.subject.method);
            let names = constraint_names(&self.subject);
            let check = RoundCheck {
                statements: self.subject.program.stmts.len() as u32,
                constraints: &names,
            };
            for line in &stored.rounds {
                let test = test_record(line, &schema, &sig, writer.path(), &check)?;
                localizer.apply(test, unsat_proofs(line, writer.path(), &check)?);
            }
            finished = stored.finished.is_some();
        }
        Ok(LocalizeSession {
            localizer,
            executor,
            writer,
            finished,
            limits: self.limits,
        })
    }
}

/// Every constraint name a verdict on `subject` may give.
fn constraint_names(subject: &Subject) -> Vec<String> {
    subject
        .spec
        .constraints
        .iter()
        .map(|c| c.name.clone())
        .chain([NO_EXCEPTION.to_string(), TERMINATES.to_string()])
        .collect()
}

/// A number of seconds from a session file as a duration.
fn seconds(s: f64) -> Result<Duration, String> {
    Duration::try_from_secs_f64(s)
        .ok()
        .filter(|d| !d.is_zero())
        .ok_or_else(|| format!("the header's duration {s} is not a positive number of seconds"))
}

fn order_of(name: &str) -> Result<CoreOrder, String> {
    match name {
        "statements" => Ok(CoreOrder::StatementsFirst),
        "constraints" => Ok(CoreOrder::ConstraintsFirst),
        other => Err(format!("unknown core order `{other}` in the header")),
    }
}

fn check_options(b: &StoredBounds) -> Result<CheckOptions, String> {
    Ok(CheckOptions {
        max_scope: b.scope,
        bitwidth: b.bitwidth,
        unroll: b.unroll,
        max_unroll: b.max_unroll,
        sat_time: Some(seconds(b.sat_time)?),
        max_gates: b.max_gates,
        max_instances: b.max_instances,
    })
}

/// The header of a new session: the request (paths made absolute), the options, the limits and
/// the digest of every file read.
fn header(
    request: &SubjectRequest,
    subject: &Subject,
    o: &LocalizeOptions,
    engine: EngineKind,
    limits: &RunLimits,
) -> SessionHeader {
    let abs = |p: &Path| {
        std::path::absolute(p)
            .unwrap_or_else(|_| p.to_path_buf())
            .display()
            .to_string()
    };
    // A fault's files are the catalog's, named relative to it; a user's are read again from the
    // absolute paths the header records.
    let files = subject
        .files
        .iter()
        .map(|f| FileDigest {
            path: match (&request.fault, request.spec.as_deref()) {
                (Some(_), Some(spec)) if Path::new(&f.path) == spec => abs(spec),
                (Some(_), _) => f.path.clone(),
                (None, _) => abs(Path::new(&f.path)),
            },
            sha256: f.sha256.clone(),
        })
        .collect();
    let check = &o.cores.check;
    SessionHeader {
        sattar_session: SESSION_VERSION,
        java: JavaPaths::of(request.java.iter().map(|p| abs(p)).collect()),
        library_from: request.library_from.iter().map(|p| abs(p)).collect(),
        classpath: request.classpath.iter().map(|p| abs(p)).collect(),
        blame: request.blame.clone(),
        fault: request.fault.clone(),
        method: request.method.clone(),
        spec: request.spec.as_deref().map(abs),
        ensures: request.ensures.clone(),
        technique: o.technique.name().into(),
        formula: o.formula.clone(),
        domain: o.domain,
        min_scope: o.min_scope,
        max_gen_scope: o.max_gen_scope,
        gen_conflicts: o.gen_conflicts,
        switch_after: o.switch_after,
        keep_satisfied: o.cores.keep_satisfied,
        max_cores: o.cores.max_cores,
        engine: engine.name().into(),
        bounds: StoredBounds {
            scope: check.max_scope,
            bitwidth: check.bitwidth,
            unroll: check.unroll,
            max_unroll: check.max_unroll,
            sat_time: check.sat_time.map_or(60.0, |d| d.as_secs_f64()),
            max_gates: check.max_gates,
            max_instances: check.max_instances,
            order: match o.cores.order {
                CoreOrder::StatementsFirst => "statements",
                CoreOrder::ConstraintsFirst => "constraints",
            }
            .into(),
        },
        limits: StoredLimits {
            max_steps: limits.max_steps,
            max_depth: limits.max_depth,
            timeout: limits.timeout.as_secs_f64(),
        },
        input: o.cores.input.as_ref().map(input_to_json),
        files,
    }
}

/// `.sattar/sessions/<fault or method>-<unix time>-<pid>.jsonl`.
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

/// Each statement's rank at one moment, to show how a round moved them.
pub struct RankSnapshot(Vec<(StmtId, usize)>);

/// A running localization: the loop, its executor and its session file.
pub struct LocalizeSession<'p> {
    localizer: Localizer<'p>,
    executor: Box<dyn Executor>,
    writer: SessionWriter,
    finished: bool,
    limits: RunLimits,
}

impl LocalizeSession<'_> {
    /// Whether the session had already finished when it was resumed (no round is left to run).
    pub fn already_finished(&self) -> bool {
        self.finished
    }

    /// Whether the cores blame no executed statement (see [`Localizer::core_is_empty`]).
    pub fn core_is_empty(&self) -> bool {
        self.localizer.core_is_empty()
    }

    /// The constraints the failing run violates.
    pub fn violated(&self) -> &[String] {
        self.localizer.violated()
    }

    /// When the failing input is larger than the scope tests are generated in, what that scope
    /// is, for the user.
    pub fn generation_note(&self) -> Option<String> {
        let (input, o) = (&self.localizer.initial.input, self.localizer.options());
        let (failing, scope) = (
            crate::scope_of(input),
            crate::generation_scope(input, o.min_scope, o.max_gen_scope),
        );
        (scope < failing).then(|| {
            format!(
                "tests were generated with at most {scope} objects per class; the failing input has {failing} (--max-gen-scope)"
            )
        })
    }

    /// When the loop stopped for want of a test while some generation queries were left
    /// undecided at the conflict limit, what to raise, for the user.
    pub fn undecided_note(&self) -> Option<String> {
        let (n, o) = (self.localizer.undecided(), self.localizer.options());
        let stopped = self.localizer.stopped() == Some(crate::StopReason::Exhausted);
        (stopped && n > 0).then(|| {
            format!(
                "no test with new coverage was found, but {n} generation {} stopped undecided at --gen-conflicts {}; a higher limit (0: none) may find more",
                if n == 1 { "query was" } else { "queries were" },
                o.gen_conflicts.unwrap_or(0)
            )
        })
    }

    /// Whether no round is left: the session was finished, or the loop has stopped.
    pub fn is_finished(&self) -> bool {
        self.finished || self.localizer.stopped().is_some()
    }

    /// Rounds run so far (replayed ones included).
    pub fn rounds(&self) -> usize {
        self.localizer.rounds.len()
    }

    /// Runs the next round and appends it to the session file; `false` when the loop has stopped
    /// (the session is then marked finished).
    pub fn step(&mut self) -> Result<bool, EngineError> {
        let Some(round) = self.localizer.step(self.executor.as_mut())? else {
            let why = self.localizer.stopped().map_or("exhausted", stop_name);
            self.writer.finish(why)?;
            return Ok(false);
        };
        self.writer.round(round)?;
        Ok(true)
    }

    /// Marks the session finished at the user's request.
    pub fn stop(&mut self) -> Result<(), EngineError> {
        self.writer.finish("user")
    }

    /// The session file.
    pub fn session_path(&self) -> &Path {
        self.writer.path()
    }

    /// The current ranks, to compare with after a round.
    pub fn snapshot(&self) -> RankSnapshot {
        RankSnapshot(
            self.localizer
                .ranking()
                .iter()
                .map(|r| (r.stmt, r.rank))
                .collect(),
        )
    }

    /// The last round and the top five of the ranking, with their ranks in `before`.
    pub fn round_prompt(&self, before: &RankSnapshot) -> RoundPrompt {
        let loc = &self.localizer;
        let program = &loc.subject().program;
        RoundPrompt {
            round: loc.rounds.last().map(|r| RoundNote {
                number: r.number,
                verdict: r.test.verdict.label().into(),
                violated: r.test.verdict.constraints().to_vec(),
                added: r.test.added,
            }),
            tests: loc.test_count(),
            top: loc
                .ranking()
                .iter()
                .take(5)
                .map(|r| {
                    let st = program.stmt(r.stmt);
                    TopStatement {
                        rank: r.rank,
                        susp: r.susp,
                        conf: r.conf,
                        line: st.line,
                        text: st.text.clone(),
                        before: before.0.iter().find(|(s, _)| *s == r.stmt).map(|(_, k)| *k),
                    }
                })
                .collect(),
        }
    }

    /// The HTML report's data: the report, the source files, and the failing run (run again on the
    /// reference interpreter, which agrees with the JVM) with its pre- and post-state.
    pub fn html_report(&self) -> sattar_report::HtmlReport {
        let loc = &self.localizer;
        let subject = loc.subject();
        let p = &subject.program;
        let sources = p
            .files
            .iter()
            .map(|f| sattar_report::SourceView {
                path: f.path.clone(),
                text: f.text.clone(),
            })
            .collect();
        let input = &loc.initial.input;
        let failing = sattar_java::run(p, subject.method, input, sattar_java::Limits::default())
            .ok()
            .map(|ex| sattar_report::RunView {
                pre: p.with_environment(input).heap,
                post: ex.post.clone(),
                this: input.this.clone(),
                args: input.args.clone(),
                ended: ex.termination.label(),
            });
        sattar_report::HtmlReport {
            report: self.report(),
            sources,
            failing,
        }
    }

    /// The report of the current state: the ranking, the rounds, the fault's rank.
    pub fn report(&self) -> Report {
        let loc = &self.localizer;
        let subject = loc.subject();
        let p = &subject.program;
        let ranking = loc
            .ranking()
            .iter()
            .map(|r| {
                let st = p.stmt(r.stmt);
                RankedStatement {
                    stmt: r.stmt.0,
                    file: p.file(st.file).path.clone(),
                    line: st.line,
                    text: st.text.clone(),
                    susp: r.susp,
                    conf: r.conf,
                    rank: r.rank,
                    rank_avg: r.rank_avg as f64,
                    in_core: r.in_core,
                    condition: r.condition,
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
                    timed_out: l.timed_out,
                }
            })
            .collect();
        Report {
            tool_version: env!("CARGO_PKG_VERSION").into(),
            subject: p.path_of(subject.method).to_string(),
            method: subject.method_name(),
            technique: loc.options().technique.name().into(),
            formula: loc.options().formula.clone(),
            domain: loc.options().domain.name().into(),
            violated: loc.violated().to_vec(),
            suspects: loc.analysis.suspects.iter().map(|s| s.0).collect(),
            rounds,
            ranking,
            tests: loc.test_count(),
            fault: subject.fault.as_ref().map(|f| FaultInfo {
                id: f.id.clone(),
                faulty_lines: f.faulty_lines(),
                rank: loc.rank_of_lines(&f.faulty_locations()),
            }),
        }
    }

    /// What the SARIF log of this localization needs besides the report: the first `top`
    /// statements or those at or above `min_susp` (the suspects when neither is given), the
    /// source root relative file names are relative to (the catalog's for a bundled fault, the
    /// working directory otherwise), the rule's documentation (docs/LOCALIZE.md of the sattar
    /// checkout, when found) and the constraints each core statement's core explains.
    pub fn sarif_options(
        &self,
        top: Option<usize>,
        min_susp: Option<f64>,
    ) -> sattar_report::SarifOptions {
        let loc = &self.localizer;
        let home = sattar_catalog::find_root().and_then(|r| std::fs::canonicalize(r).ok());
        let root = match &loc.subject().fault {
            Some(_) => sattar_catalog::Catalog::active()
                .ok()
                .and_then(|c| std::fs::canonicalize(c.root).ok()),
            None => std::env::current_dir().ok(),
        };
        let help = home
            .map(|h| h.join("docs").join("LOCALIZE.md"))
            .filter(|d| d.is_file())
            .map(|d| {
                let uri = sattar_report::sarif::file_uri(&d.display().to_string());
                format!("{uri}#outputs")
            });
        let mut explains: std::collections::BTreeMap<u32, Vec<String>> = Default::default();
        for core in &loc.analysis.cores {
            for s in &core.suspects {
                let names = explains.entry(s.0).or_default();
                for v in &core.violated {
                    if !names.contains(v) {
                        names.push(v.clone());
                    }
                }
            }
        }
        sattar_report::SarifOptions {
            min_susp,
            top,
            information_uri: None,
            help_uri: help,
            src_root: root.map(|r| r.display().to_string()),
            explains,
        }
    }

    /// Writes the spectrum as a GZoltar 1.7 output directory: `spectra.csv` (elements named
    /// `package$Class#method(params):line`, one per line or method), `matrix.txt`, `tests.csv`,
    /// and for each formula its ranking `<formula>.ranking.csv` and the ranking boosted by the
    /// suspects `<formula>-boosted.ranking.csv` (the loop's formula when `formulas` is empty).
    pub fn write_gzoltar(
        &self,
        dir: &Path,
        formulas: &[String],
        granularity: Granularity,
    ) -> Result<(), EngineError> {
        let loc = &self.localizer;
        let p = &loc.subject().program;
        let names: Vec<String> = match formulas {
            [] => vec![loc.options().formula.clone()],
            some => some.to_vec(),
        };
        let formulas = names
            .iter()
            .map(|f| {
                sattar_rank::Formula::by_name(f)
                    .map_err(|e| EngineError::Usage(format!("--formula {f}: {e}")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let (spectrum, element_of) = element_spectrum(p, &loc.spectrum(), granularity);
        let boosted: HashSet<String> = loc
            .suspects()
            .iter()
            .filter_map(|s| element_of.get(s).cloned())
            .collect();
        create_dir(dir)?;
        sattar_rank::gzoltar::write_dir(dir, &spectrum)?;
        for formula in &formulas {
            let plain = sattar_rank::gzoltar::rank_spectrum(&spectrum, formula);
            sattar_rank::gzoltar::write_ranking(dir, formula, &plain)?;
            let mut scored = spectrum.score(formula);
            sattar_rank::boost_suspects(&mut scored, &boosted);
            let ranking = sattar_rank::Ranking::new(scored, sattar_rank::Order::Score);
            let path = dir.join(format!("{}-boosted.ranking.csv", formula.name()));
            std::fs::write(&path, sattar_rank::gzoltar::ranking_text(ranking.entries())).map_err(
                |source| EngineError::Write {
                    what: format!("writing {}", path.display()),
                    source,
                },
            )?;
        }
        Ok(())
    }

    /// Writes the failing input and every round's test as a JUnit 5 suite into `dir` (in the
    /// package's folder): with `spec`, tests that check the specification (compiled to Java);
    /// otherwise tests asserting what the interpreter observes within the session's limits (a
    /// run that does not end within them is asserted not to end within `--timeout`). A file that
    /// sattar did not write is never overwritten.
    pub fn export_tests(&self, dir: &Path, spec: bool) -> Result<Vec<PathBuf>, EngineError> {
        let loc = &self.localizer;
        let subject = loc.subject();
        let mut tests = Vec::new();
        let all = std::iter::once(&loc.initial).chain(loc.rounds.iter().map(|r| &r.test));
        let limits = Limits {
            max_steps: self.limits.max_steps,
            max_depth: self.limits.max_depth,
        };
        for (i, t) in all.enumerate() {
            // A run the clock stopped is not run again; the others are, within the same limits.
            let expected = match t.timed_out {
                true => None,
                false => {
                    let deadline = std::time::Instant::now().checked_add(self.limits.timeout);
                    let run = sattar_java::run_until(
                        &subject.program,
                        subject.method,
                        &t.input,
                        limits,
                        deadline,
                    )
                    .map_err(|e| EngineError::Usage(e.to_string()))?;
                    ExpectedOutcome::from_execution(&run)
                }
            };
            tests.push(ExportedTest {
                name: if i == 0 {
                    "failing input".into()
                } else {
                    format!("round {i}")
                },
                input: t.input.clone(),
                verdict: t.verdict.label().into(),
                violated: t.verdict.constraints().to_vec(),
                timeout: expected.is_none().then_some(self.limits.timeout),
                expected,
            });
        }
        let oracle = match spec {
            true => sattar_report::Oracle::Spec(&subject.spec),
            false => sattar_report::Oracle::Observed,
        };
        let files = sattar_report::junit_suite(&subject.program, subject.method, &tests, oracle)?;
        let mut written = Vec::new();
        for file in files {
            let path = dir.join(&file.file_name);
            if let Some(parent) = path.parent() {
                create_dir(parent)?;
            }
            if let Ok(old) = std::fs::read_to_string(&path) {
                if !old.starts_with(sattar_report::GENERATED_MARK) {
                    return Err(EngineError::Usage(format!(
                        "--export-tests {}: {} exists and was not written by sattar; choose another directory or remove it",
                        dir.display(),
                        path.display()
                    )));
                }
            }
            std::fs::write(&path, &file.source).map_err(|source| EngineError::Write {
                what: format!("writing {}", path.display()),
                source,
            })?;
            written.push(path);
        }
        Ok(written)
    }
}

fn create_dir(dir: &Path) -> Result<(), EngineError> {
    std::fs::create_dir_all(dir).map_err(|source| EngineError::Write {
        what: format!("creating {}", dir.display()),
        source,
    })
}
